// The replay viewer: a record replayed step by step, each move narrated with its rule and the
// choices the rules took away, in one seat's view or the full view; play, pause, step, step back;
// and, when asked, each move judged with every card shown (GET /api/replays/{id}/analysis).
import { call, ltr, picture, ruleLink, showError, showInfo, t, LANG } from "/static/api.js";

const $ = (id) => document.getElementById(id);
let replay = null;
let steps = 0;
let at = 0;
let timer = null;
let seats = 0;
const judged = new Map(); // step -> the server's analysis of that move, for this replay

function judgement(a) {
  const move = Object.assign(document.createElement("bdi"), { textContent: a.move_display });
  const p = document.createElement("p");
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  let words;
  if (a.status === "forced") words = t("Seat {seat} played {move}, the only legal move.", { seat: a.seat });
  else if (a.status === "too deep") {
    words = t("Seat {seat} played {move}. Not analysed: too early in the round to solve exactly within {nodes} positions.", { seat: a.seat, nodes: a.max_nodes.toLocaleString(LANG) });
  } else if (a.cost === 0 && !a.tally_cost) words = t("Seat {seat} played {move} ({value}), a best move.", { seat: a.seat, value: signed(a.value) });
  else if (a.cost === 0) {
    words = t("Seat {seat} played {move} ({value}); the best was {best}: no points lost, {tally} less in the round's tally.", {
      seat: a.seat, value: signed(a.value), best: a.best_display.join(", "), tally: a.tally_cost,
    });
  }
  else {
    words = t("Seat {seat} played {move} ({value}); the best was {best} ({best_value}): it cost {cost} points.", {
      seat: a.seat, value: signed(a.value), best: a.best_display.join(", "), best_value: signed(a.best_value), cost: a.cost,
    });
    p.className = "cost";
  }
  const [before, after] = words.split("{move}");
  p.append(before, move, after ?? "");
  return p;
}

function line(text) {
  return Object.assign(document.createElement("p"), { textContent: text });
}

// One request at a time: when it ends, the step shown then is judged (the same, or one stepped to meanwhile).
let judging = false;

async function analysis() {
  const box = $("analysis");
  if (!$("analyse").checked) return box.replaceChildren();
  if (at === 0) return box.replaceChildren(line(t("Step to a move to see it judged.")));
  if (judged.has(at)) return box.replaceChildren(judgement(judged.get(at)));
  box.replaceChildren(line(t("Analysing…")));
  if (judging || timer !== null) return; // while playing, only the moves already judged are shown
  judging = true;
  const [id, step] = [replay, at];
  try {
    const found = await call(`/api/replays/${id}/analysis?step=${step}`);
    if (id === replay) judged.set(step, found);
  } catch (error) {
    if (id === replay && step === at) {
      const busy = error.status === 503;
      box.replaceChildren(line(busy ? t("The server is busy judging other moves; trying again…") : error.message));
      if (busy) setTimeout(analysis, 2000);
    }
    judging = false;
    return;
  }
  judging = false;
  analysis();
}

function narration(data) {
  const box = $("narration");
  box.replaceChildren();
  const head = document.createElement("p");
  if (data.step === 0) {
    head.textContent = t("The deal.") + (data.to_move !== null ? " " + t("Seat {seat} is to move first.", { seat: data.to_move }) : "");
  } else {
    const own = data.events.find((e) => e.own && e.display);
    const said = own && data.move ? `${own.display}.` : data.move ? t("seat {seat} plays {move}.", { seat: data.mover, move: data.move })
      : t("seat {seat} moves.", { seat: data.mover });
    head.textContent = `${t("Move {step} of {steps}", { step: data.step, steps: data.steps })}: ${said}`;
  }
  box.append(head);
  if (data.events.length) {
    const ul = document.createElement("ul");
    ul.className = "events";
    for (const e of data.events) {
      const li = document.createElement("li");
      li.append(Object.assign(document.createElement("bdi"), { textContent: e.display || e.text }));
      if (e.rule) {
        li.append(" ", ruleLink(e.rule));
      }
      ul.append(li);
    }
    box.append(ul);
  }
  if (data.refused.length) {
    const p = document.createElement("p");
    p.textContent = t("What the rules did not allow:");
    const ul = document.createElement("ul");
    ul.className = "refused";
    for (const r of data.refused) {
      const li = document.createElement("li");
      li.append(ruleLink(r.rule), " ", Object.assign(document.createElement("bdi"), { textContent: r.reason }));
      ul.append(li);
    }
    box.append(p, ul);
  }
  if (data.comment) box.append(Object.assign(document.createElement("p"), { textContent: t("Comment: {comment}", { comment: data.comment }) }));
  if (data.to_move !== null && data.step < data.steps) {
    const moves = data.legal_moves.moves.map((m) => ltr(m.label || m.text));
    if (moves.length) {
      const more = data.legal_moves.next !== null ? ", …" : "";
      box.append(Object.assign(document.createElement("p"), {
        className: "next",
        textContent: t("Seat {seat} could play next: {moves}.", { seat: data.to_move, moves: `${moves.slice(0, 12).join(", ")}${moves.length > 12 ? ", …" : more}` }),
      }));
    }
  }
}

async function go(step) {
  step = Math.max(0, Math.min(steps, step));
  const v = $("view").value;
  try {
    const [data, pic] = await Promise.all([
      call(`/api/replays/${replay}?step=${step}&view=${encodeURIComponent(v)}&limit=20`),
      picture(`/api/replays/${replay}/picture?step=${step}&view=${encodeURIComponent(v)}&lang=${LANG}`),
    ]);
    at = step;
    $("board").innerHTML = pic.svg;
    narration(data);
    $("at").value = String(at);
    $("where").textContent = `${at} / ${steps}`;
    document.body.dataset.step = String(at);
    $("back").disabled = $("first").disabled = at === 0;
    $("step").disabled = $("last").disabled = at === steps;
    analysis();
  } catch (error) {
    pause();
    showError($("message"), error);
  }
}

function pause() {
  if (timer !== null) clearInterval(timer);
  timer = null;
  $("play").textContent = t("▶ Play");
  document.body.dataset.playing = "false";
  if (replay) analysis();
}

function playPause() {
  if (timer !== null) return pause();
  if (at >= steps) at = 0;
  $("play").textContent = t("❚❚ Pause");
  document.body.dataset.playing = "true";
  timer = setInterval(async () => {
    if (at >= steps) return pause();
    await go(at + 1);
  }, 1200);
}

async function open(id) {
  replay = id;
  judged.clear();
  const first = await call(`/api/replays/${replay}?step=0&view=full&limit=1`);
  steps = first.steps;
  $("title").textContent = t("Replay: {title}", { title: first.title });
  seats = ((first.score && first.score.sides) || [[0], [1]]).flat().length;
  $("view").replaceChildren(
    Object.assign(document.createElement("option"), { value: "full", textContent: t("full view (every seat)") }),
    ...Array.from({ length: seats }, (_, s) => Object.assign(document.createElement("option"), { value: `seat:${s}`, textContent: t("seat {seat}", { seat: s }) })),
  );
  $("at").max = String(steps);
  $("viewer").hidden = false;
  if (location.hash.slice(1) !== id) history.replaceState(null, "", `#${id}`);
  await go(0);
  document.body.dataset.ready = "true";
}

async function upload(event) {
  event.preventDefault();
  const file = $("file").files[0];
  if (!file) return showInfo($("message"), t("Choose a record file first."));
  try {
    const made = await call("/api/replays", { method: "POST", body: await file.text(), raw: true });
    showInfo($("message"), t("Opened: {steps} moves.", { steps: made.steps }));
    pause();
    await open(made.replay);
  } catch (error) {
    showError($("message"), error);
  }
}

function main() {
  $("open").addEventListener("submit", upload);
  // The browser's own file button speaks the browser's language: the page draws its own, in the page's.
  $("file").addEventListener("change", () => {
    const file = $("file").files[0];
    $("file-name").textContent = file ? file.name : t("No file chosen");
  });
  $("first").addEventListener("click", () => { pause(); go(0); });
  $("back").addEventListener("click", () => { pause(); go(at - 1); });
  $("step").addEventListener("click", () => { pause(); go(at + 1); });
  $("last").addEventListener("click", () => { pause(); go(steps); });
  $("play").addEventListener("click", playPause);
  $("at").addEventListener("change", () => { pause(); go(Number($("at").value)); });
  $("view").addEventListener("change", () => go(at));
  $("analyse").addEventListener("change", analysis);
  document.addEventListener("keydown", (event) => {
    if (!replay || event.target.closest("input:not([type=checkbox]), select")) return;
    if (event.key === "ArrowRight") go(at + 1);
    else if (event.key === "ArrowLeft") go(at - 1);
  });
  const id = decodeURIComponent(location.hash.slice(1));
  if (id) open(id).catch((error) => showError($("message"), error));
  else document.body.dataset.ready = "true";
}

main();
