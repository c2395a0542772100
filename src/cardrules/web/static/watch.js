// Press play: a short deal of the game, chosen to show some rules, told step by step. It stops on
// every move and says what happened, which rules applied and what the player to move could do next.
import { call, ltr, picture, ruleLink, showError, t } from "/static/api.js";

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/").pop());
const BASE_MS = 2600;   // a step at normal speed
let demo = null;
let step = 0;
let timer = null;
let shown = -1;         // the step on the board: older answers are ignored

function pictureUrl(n) {
  const width = $("board").clientWidth || window.innerWidth;
  const narrow = width < 560 ? `&width=${Math.max(240, Math.floor(width))}` : "";
  return `/api/demos/${encodeURIComponent(game)}/picture?step=${n}${narrow}`;
}

const sleep = (ms) => new Promise((done) => { setTimeout(done, ms); });

// Before a move's picture replaces the last one, the cards it takes, builds with or plays are
// marked where they lie now (a capture's cards would otherwise just vanish); a hand the board shows
// face down shows nothing, and neither does a bid (the narration above the board says it).
async function markLeaving(data) {
  let marked = 0;
  for (const el of $("board").querySelectorAll(".card")) {
    if (el.dataset.zone === "hand" && data.mover !== demo.seat) continue;
    if (data.moved.includes(el.dataset.card)) {
      el.classList.add("leaving");
      marked += 1;
    }
  }
  if (marked) await sleep(Math.min(1200, BASE_MS / speed() / 2));
}

async function show(n) {
  const forward = n === shown + 1;
  step = Math.max(0, Math.min(n, demo.steps.length - 1));
  const data = demo.steps[step];
  const wanted = step;
  const pending = picture(pictureUrl(step));
  if (forward && step > 0) await markLeaving(data);
  const pic = await pending;
  if (wanted !== step) return;
  $("board").innerHTML = pic.svg;
  // The moved cards, wherever they now lie on the table (a card played to a trick, a card trailed).
  for (const el of $("board").querySelectorAll(".card")) {
    if (el.dataset.zone !== "hand" && data.moved.includes(el.dataset.card)) el.classList.add("moved");
  }
  const box = $("narration");
  box.replaceChildren();
  const head = document.createElement("p");
  head.className = "step-head fresh";
  head.textContent = step === 0 ? t("The deal")
    : t("Move {step} of {steps}: seat {seat} plays {move}", { step, steps: demo.steps.length - 1, seat: data.mover, move: ltr(data.move) });
  const text = document.createElement("p");
  text.textContent = data.narration;
  box.append(head, text);
  $("step-rules").replaceChildren(...data.rules.map((r) => {
    const li = document.createElement("li");
    li.append(ruleLink(r.id));
    return li;
  }));
  $("counter").textContent = t("Step {step} of {steps}", { step, steps: demo.steps.length - 1 });
  $("scrub").value = String(step);
  $("back").disabled = step === 0;
  $("forward").disabled = step === demo.steps.length - 1;
  shown = step;
  document.body.dataset.step = String(step);
}

function speed() {
  return Number($("speed").value) || 1;
}

function pause() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  $("play").textContent = t("▶ Play");
  $("play").setAttribute("aria-pressed", "false");
  document.body.dataset.playing = "false";
}

function tick() {
  if (step >= demo.steps.length - 1) {
    pause();
    document.body.dataset.ended = "true";
    return;
  }
  show(step + 1).then(() => {
    if (timer !== null) timer = setTimeout(tick, BASE_MS / speed());
  }).catch((error) => { pause(); showError($("message"), error); });
}

function play() {
  if (timer !== null) return pause();
  if (step >= demo.steps.length - 1) show(0);
  $("play").textContent = t("❚❚ Pause");
  $("play").setAttribute("aria-pressed", "true");
  document.body.dataset.playing = "true";
  document.body.dataset.ended = "false";
  timer = setTimeout(tick, BASE_MS / speed() / 2);
}

async function main() {
  try {
    demo = await call(`/api/demos/${encodeURIComponent(game)}`);
  } catch (error) {
    showError($("message"), error);
    return;
  }
  $("title").textContent = t("Press play: {title}", { title: demo.title });
  document.title = t("cardrules: {title}", { title: t("Press play: {title}", { title: demo.title }) });
  $("about").textContent = t("A short deal of {title}, chosen to show {about}. The rules it shows:", { title: demo.title, about: demo.about }) + " ";
  for (const r of demo.shows) $("about").append(ruleLink(r.id), " ");
  $("rules").href = `/rules/${encodeURIComponent(game)}`;
  $("play-it").href = "/";
  $("scrub").max = String(demo.steps.length - 1);
  document.body.dataset.steps = String(demo.steps.length - 1);
  $("play").addEventListener("click", play);
  $("back").addEventListener("click", () => { pause(); show(step - 1); });
  $("forward").addEventListener("click", () => { pause(); show(step + 1); });
  $("scrub").addEventListener("input", () => { pause(); show(Number($("scrub").value)); });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("select, input")) return;
    if (event.key === "ArrowRight") { pause(); show(step + 1); }
    if (event.key === "ArrowLeft") { pause(); show(step - 1); }
  });
  await show(0);
  document.body.dataset.ready = "true";
}

main();
