// The lobby: choose the game, preset and options, your seat and the computer players, then start.
import { call, showError, showInfo, tokens } from "/static/api.js";

const $ = (id) => document.getElementById(id);
let games = [];

function option(value, text, selected = false) {
  const o = document.createElement("option");
  o.value = String(value);
  o.textContent = text;
  o.selected = selected;
  return o;
}

function current() {
  return games.find((g) => g.name === $("game").value);
}

function drawOptions(game) {
  const box = $("options");
  box.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Options (left as they are, the preset decides)" }));
  for (const opt of game.options) {
    const label = document.createElement("label");
    label.append(opt.name.replaceAll("_", " ") + " ");
    let input;
    if (opt.choices && opt.choices.length === 2 && typeof opt.choices[0] === "boolean") {
      input = document.createElement("select");
      input.append(option("", "(preset)", true), option("true", "yes"), option("false", "no"));
    } else if (opt.choices) {
      input = document.createElement("select");
      input.append(option("", "(preset)", true), ...opt.choices.map((c) => option(c, String(c))));
    } else {
      input = document.createElement("input");
      input.type = typeof opt.default === "number" ? "number" : "text";
      input.placeholder = `(preset: ${opt.default})`;
      input.size = 8;
    }
    input.dataset.option = opt.name;
    label.append(input);
    box.append(label);
  }
}

function drawSeats(game) {
  const seat = $("seat");
  const chosen = Number(seat.value || 0);
  seat.replaceChildren(...Array.from({ length: game.seats }, (_, i) => option(i, `seat ${i}`, i === chosen)));
  drawOpponents(game);
}

function drawOpponents(game) {
  const me = Number($("seat").value);
  const box = $("opponents");
  box.replaceChildren();
  for (let s = 0; s < game.seats; s++) {
    if (s === me) continue;
    const label = document.createElement("label");
    label.append(`Seat ${s} `);
    const bot = document.createElement("select");
    bot.dataset.seat = String(s);
    bot.setAttribute("aria-label", `seat ${s}: computer player`);
    bot.append(option("random", "random"), option("greedy", "greedy", true), option("search", "search"));
    const strength = document.createElement("input");
    strength.type = "number";
    strength.min = "10";
    strength.max = "2000";
    strength.value = "200";
    strength.step = "10";
    strength.dataset.strength = String(s);
    strength.setAttribute("aria-label", `seat ${s}: search strength (iterations)`);
    strength.hidden = true;
    bot.addEventListener("change", () => { strength.hidden = bot.value !== "search"; });
    label.append(bot, strength);
    box.append(label);
  }
}

function gameText() {
  const game = current();
  const parts = [];
  for (const input of document.querySelectorAll("[data-option]")) {
    if (input.value !== "") parts.push(`${input.dataset.option}=${input.value}`);
  }
  let text = `${game.name}/${$("preset").value}`;
  if (parts.length) text += `(${parts.join(",")})`;
  return text;
}

function opponents() {
  return Array.from(document.querySelectorAll("[data-seat]")).map((bot) => {
    if (bot.value !== "search") return bot.value;
    const n = document.querySelector(`[data-strength="${bot.dataset.seat}"]`).value || "200";
    return `search(iterations=${Number(n)})`;
  });
}

function choose() {
  const game = current();
  $("preset").replaceChildren(...game.presets.map((p, i) => option(p, p, i === 0)));
  drawOptions(game);
  drawSeats(game);
}

async function start(event) {
  event.preventDefault();
  const message = $("message");
  showInfo(message, "Dealing…");
  const body = { game: gameText(), seat: Number($("seat").value), opponents: opponents() };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  try {
    const made = await call("/api/matches", { method: "POST", body });
    tokens.set(made.match, made.token);
    location.assign(`/table#${made.match}`);
  } catch (error) {
    showError(message, error);
  }
}

async function main() {
  try {
    games = (await call("/api/games")).games;
  } catch (error) {
    showError($("message"), error);
    return;
  }
  $("game").replaceChildren(...games.map((g) => option(g.name, g.title)));
  $("game").addEventListener("change", choose);
  $("seat").addEventListener("change", () => drawOpponents(current()));
  $("new-match").addEventListener("submit", start);
  choose();
  document.body.dataset.ready = "true";
}

main();
