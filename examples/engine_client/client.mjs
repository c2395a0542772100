// A front end's use of cardrules as its rules engine, through the engine protocol (JSON lines).
// Node's standard library only. It plays one whole match, each move chosen by a seeded
// pseudo-random draw among the legal moves, checking each with is_legal before applying it,
// and prints the score.
//
//   node client.mjs [COMMAND...]      default command: cardrules engine (or $CARDRULES_ENGINE)
//   GAME=mulle SEED=3 node client.mjs python -m cardrules engine
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const command = process.argv.length > 2
  ? process.argv.slice(2)
  : (process.env.CARDRULES_ENGINE || "cardrules engine").split(" ");
const game = process.env.GAME || "mililla";
let seed = Number(process.env.SEED || 7);

const engine = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
engine.on("error", (error) => {
  console.error(`cannot run ${command.join(" ")}: ${error.message}`);
  process.exit(2);
});
const answers = createInterface({ input: engine.stdout });
const waiting = new Map();
let nextId = 0;

answers.on("line", (line) => {
  const answer = JSON.parse(line);
  const resolve = waiting.get(answer.id);
  waiting.delete(answer.id);
  if (resolve) resolve(answer);
});

// Send one request and wait for its answer; an error answer is thrown.
function ask(request) {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    waiting.set(id, (answer) => (answer.error ? reject(new Error(`${answer.error.code}: ${answer.error.message}`)) : resolve(answer)));
    engine.stdin.write(JSON.stringify({ id, ...request }) + "\n");
  });
}

// A small seeded generator (a linear congruential one), so that a match can be played again.
function draw(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

async function main() {
  const hello = await ask({ op: "hello" });
  if (hello.protocol !== "cardrules-engine" || hello.version !== 2) {
    throw new Error(`not an engine of protocol cardrules-engine 1: ${JSON.stringify(hello)}`);
  }
  let { position } = await ask({ op: "new", game, seed });
  let moves = 0;
  for (;;) {
    const legal = await ask({ op: "legal", position, limit: 200 });
    if (legal.count === 0) break;
    const move = legal.moves[draw(legal.moves.length)];
    const verdict = await ask({ op: "is_legal", position, move });
    if (!verdict.legal) throw new Error(`the engine refuses its own legal move ${move}: ${verdict.rule}`);
    const after = await ask({ op: "apply", position, move });
    position = after.position;
    moves += 1;
  }
  const refused = await ask({ op: "is_legal", position, move: "nonsense" }).catch((error) => error.message);
  const score = await ask({ op: "score", position });
  console.log(`${hello.engine} ${hello.engine_version}: ${game}, ${moves} moves`);
  console.log(`match points: ${score.match.join("-")}; winner: side ${score.winner}`);
  console.log(`a move that is no move: ${refused}`);
  await ask({ op: "quit" });
}

main().then(
  () => engine.stdin.end(),
  (error) => {
    console.error(`client: ${error.message}`);
    engine.kill();
    process.exit(1);
  },
);
