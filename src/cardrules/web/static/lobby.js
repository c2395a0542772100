// The lobby: built from the API (GET /api/games, then GET /api/ruleset for the chosen preset and
// options): a widget for each option the preset offers, one computer player for every other seat.
import { call, number, showError, showInfo, t, tokens, words } from "/static/api.js";

const $ = (id) => document.getElementById(id);
let games = [];
let preset = null;   // the chosen preset's ruleset (GET /api/ruleset): the options' values there
let ruleset = null;  // the ruleset the form says now: its seats
let asked = 0;       // the newest ruleset request: older answers are ignored

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

// An option's name, a value or a preset in the page's language (the server gives the lobby its
// words as "option:NAME", "value:VALUE" and "preset:NAME"); a number as the language writes it.
function said(kind, name) {
  if (typeof name === "number") return number(name);
  return words[`${kind}:${name}`] ?? String(name).replaceAll("_", " ");
}

function widget(opt) {
  let input;
  if (opt.choices && opt.choices.length === 2 && opt.choices.every((c) => typeof c === "boolean")) {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = opt.value === true;
  } else if (opt.choices) {
    input = document.createElement("select");
    input.append(...opt.choices.map((c) => option(c, said("value", c), c === opt.value)));
  } else {
    input = document.createElement("input");
    input.type = typeof opt.value === "number" ? "number" : "text";
    input.value = String(opt.value);
  }
  input.dataset.option = opt.name;
  input.dataset.kind = typeof opt.value;
  input.addEventListener("change", update);
  return input;
}

function drawOptions() {
  const box = $("options");
  box.replaceChildren(Object.assign(document.createElement("legend"), { textContent: t("Options of this preset") }));
  for (const opt of preset.options.filter((o) => o.shown)) {
    const label = document.createElement("label");
    label.append(said("option", opt.name) + " ", widget(opt));
    box.append(label);
  }
}

function value(input) {
  if (input.type === "checkbox") return input.checked;
  if (input.dataset.kind === "number") return Number(input.value);
  return input.value;
}

function gameText() {
  const parts = [];
  for (const input of document.querySelectorAll("[data-option]")) {
    const opt = preset.options.find((o) => o.name === input.dataset.option);
    const v = value(input);
    if (opt && v !== opt.value && input.value !== "") parts.push(`${opt.name}=${v}`);
  }
  let text = `${$("game").value}/${$("preset").value}`;
  if (parts.length) text += `(${parts.join(",")})`;
  return text;
}

function drawSeats() {
  const seat = $("seat");
  const chosen = Math.min(Number(seat.value || 0), ruleset.seats - 1);
  seat.replaceChildren(...Array.from({ length: ruleset.seats }, (_, i) => option(i, t("seat {seat}", { seat: i }), i === chosen)));
  drawOpponents();
}

function drawOpponents() {
  const me = Number($("seat").value);
  const box = $("opponents");
  const before = new Map(Array.from(box.querySelectorAll("[data-seat]"), (b) => [b.dataset.seat, b.value]));
  box.replaceChildren();
  for (let s = 0; s < ruleset.seats; s++) {
    if (s === me) continue;
    const label = document.createElement("label");
    const partner = ruleset.sides.some((side) => side.includes(s) && side.includes(me));
    label.append(t(partner ? "Seat {seat} (your partner)" : "Seat {seat}", { seat: s }) + " ");
    const bot = document.createElement("select");
    bot.dataset.seat = String(s);
    bot.setAttribute("aria-label", t("seat {seat}: computer player", { seat: s }));
    const was = before.get(String(s)) || "hard";
    const levels = { easy: t("easy"), medium: t("medium"), hard: t("hard"), random: t("random"), greedy: t("greedy"), search: t("search") };
    bot.append(...Object.entries(levels).map(([b, name]) => option(b, name, was === b)),
      option("human", t("a friend (invite link)"), was === "human"));
    const strength = document.createElement("input");
    strength.type = "number";
    strength.min = "10";
    strength.max = "2000";
    strength.value = "200";
    strength.step = "10";
    strength.dataset.strength = String(s);
    strength.setAttribute("aria-label", t("seat {seat}: search strength (iterations)", { seat: s }));
    strength.hidden = bot.value !== "search";
    bot.addEventListener("change", () => { strength.hidden = bot.value !== "search"; drawFriends(); });
    label.append(bot, strength);
    box.append(label);
  }
  document.body.dataset.seats = String(ruleset.seats);
  drawFriends();
}

function drawFriends() {
  $("friends").hidden = !document.querySelector('[data-seat] option[value="human"]:checked');
}

async function update() {
  const mine = ++asked;
  document.body.dataset.ready = "false";
  try {
    const info = await call(`/api/ruleset?game=${encodeURIComponent(gameText())}`);
    if (mine !== asked) return;
    ruleset = info;
    showInfo($("message"), "");
    drawSeats();
  } catch (error) {
    if (mine === asked) showError($("message"), error);
  } finally {
    if (mine === asked) document.body.dataset.ready = "true";
  }
}

async function choosePreset() {
  const mine = ++asked;
  document.body.dataset.ready = "false";
  const info = await call(`/api/ruleset?game=${encodeURIComponent(`${$("game").value}/${$("preset").value}`)}`);
  if (mine !== asked) return;
  preset = ruleset = info;
  drawOptions();
  drawSeats();
  document.body.dataset.ready = "true";
}

async function choose() {
  const game = current();
  $("preset").replaceChildren(...game.presets.map((p, i) => option(p, said("preset", p), i === 0)));
  $("rules-link").href = `/rules/${game.name}`;
  $("rules-link").textContent = t("The rules of {game}", { game: game.title });
  $("watch-link").href = `/watch/${game.name}`;
  await choosePreset();
}

function opponents() {
  return Array.from(document.querySelectorAll("[data-seat]")).map((bot) => {
    if (bot.value !== "search") return bot.value;
    const n = document.querySelector(`[data-strength="${bot.dataset.seat}"]`).value || "200";
    return `search(iterations=${Number(n)})`;
  });
}

async function start(event) {
  event.preventDefault();
  const message = $("message");
  showInfo(message, t("Dealing…"));
  const body = { game: gameText(), seat: Number($("seat").value), opponents: opponents() };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  if (!$("friends").hidden && $("hand-over").value !== "") body.hand_over = Number($("hand-over").value);
  try {
    const made = await call("/api/matches", { method: "POST", body });
    tokens.set(made.match, made.token);
    if (made.invites.length) localStorage.setItem(`cardrules.invites.${made.match}`, JSON.stringify(made.invites));
    location.assign(`/table#${made.match}`);
  } catch (error) {
    showError(message, error);
  }
}

async function main() {
  try {
    games = (await call("/api/games")).games;
    $("game").replaceChildren(...games.map((g) => option(g.name, g.title)));
    $("game").addEventListener("change", () => choose().catch((e) => showError($("message"), e)));
    $("preset").addEventListener("change", () => choosePreset().catch((e) => showError($("message"), e)));
    $("seat").addEventListener("change", drawOpponents);
    $("new-match").addEventListener("submit", start);
    await choose();
  } catch (error) {
    showError($("message"), error);
  }
}

main();
