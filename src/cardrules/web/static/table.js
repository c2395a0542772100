// The table: the server draws the picture (SVG); this script makes its cards clickable, lists the
// moves a selection allows, plays them over the API and narrates what the computer does.
import { call, ltr, picture, ruleLink, showError, showInfo, t, tokens } from "/static/api.js";

const $ = (id) => document.getElementById(id);
// The address is /table#MATCH, or /table#MATCH.CODE from a friend's invite link: the code is
// claimed once for a seat token of this browser's own (POST /api/matches/{id}/claim), which is kept
// here, and taken out of the address (the part after # never reaches the server). A browser that
// already has a seat at the match (the host opening their own link) keeps it and claims nothing.
const [match, code] = decodeURIComponent(location.hash.slice(1)).split(".");
let token = tokens.get(match);
const LIMIT = 200;
const PING = 25_000;   // the page's keep-alive on its WebSocket: the server closes a silent one

let view = null;       // the last state read (GET /api/matches/{id})
let version = -1;      // its version: older answers are ignored
let selected = [];     // [{zone, index, card}]
let busy = false;
const told = new Set(); // events already in the log
const SEEN = `cardrules.summary.${match}`;
let seenRound = null;  // the last round whose summary the player closed

// A phone gets a picture drawn for its width (whole cards in rows, text it can read).
function pictureUrl() {
  const width = $("board").clientWidth || window.innerWidth;
  const query = width < 560 ? `?width=${Math.max(240, Math.floor(width))}` : "";
  return `/api/matches/${match}/picture${query}`;
}

function counts(board) {
  const out = new Map();
  for (const el of board.querySelectorAll(".card")) {
    if (el.dataset.zone === "hand") continue;
    const key = `${el.dataset.zone}|${el.dataset.card}`;
    out.set(key, (out.get(key) || 0) + 1);
  }
  return out;
}

// Keyboard: the board's card buttons are one stop of the Tab key (a roving tabindex): the arrow keys
// move between them, Home and End go to the first and the last, Enter or Space selects.
function cardButtons() {
  return Array.from($("board").querySelectorAll('.card[role="button"]'));
}

function rove(to) {
  const cards = cardButtons();
  if (!cards.length) return;
  const at = cards.includes(to) ? to : cards.find((c) => c.dataset.zone === "hand" && c.classList.contains("usable"))
    || cards.find((c) => c.dataset.zone === "hand") || cards[0];
  for (const c of cards) c.tabIndex = c === at ? 0 : -1;
  return at;
}

function roveKey(event, el) {
  const cards = cardButtons();
  const i = cards.indexOf(el);
  const next = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: cards.length - 1 }[event.key];
  if (next === undefined || i < 0) return false;
  const to = cards[(next + cards.length) % cards.length];
  rove(to);
  to.focus();
  return true;
}

function drawBoard(svg) {
  const board = $("board");
  const before = counts(board);
  // The focused card (by its place), kept focused across the new picture so that a keyboard stays where it was.
  const focused = board.contains(document.activeElement) ? document.activeElement : null;
  const was = focused && focused.classList.contains("card") ? [focused.dataset.zone, focused.dataset.index] : null;
  board.innerHTML = svg;
  const seen = new Map();
  let moving = 0;
  for (const el of board.querySelectorAll(".card")) {
    if (el.dataset.zone === "hand") continue;
    const key = `${el.dataset.zone}|${el.dataset.card}`;
    seen.set(key, (seen.get(key) || 0) + 1);
    if (seen.get(key) <= (before.get(key) || 0)) continue;
    el.classList.add("arrived");
    // A card played to the trick comes in from the side of the seat that played it, one after another.
    const slot = el.parentElement;
    if (slot && slot.classList.contains("slot")) {
      slot.classList.add("arrived");
      slot.style.animationDelay = el.style.animationDelay = `${0.3 * moving++}s`;
    }
  }
  for (const el of board.querySelectorAll('.card[role="button"]')) {
    el.addEventListener("click", () => toggle(el));
    el.addEventListener("focus", () => rove(el));
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        toggle(el, true);
      } else if (roveKey(event, el)) {
        event.preventDefault();
      }
    });
  }
  const again = was && board.querySelector(`.card[data-zone="${was[0]}"][data-index="${was[1]}"]`);
  const at = rove(again && again.getAttribute("role") === "button" ? again : null);
  if (focused) (at || again || $("board-title")).focus();
}

function narrate(events) {
  const log = $("log");
  for (const e of events) {
    const key = `${e.version}|${e.seat}|${e.kind}|${e.text}`;
    if (told.has(key)) continue;
    told.add(key);
    const li = document.createElement("li");
    li.dataset.version = String(e.version);
    li.dataset.kind = e.kind;
    li.dataset.mover = String(e.mover);
    if (e.rule) li.dataset.rule = e.rule;
    const mine = e.own && e.mover === view.seat;
    if (mine) li.dataset.own = "true";
    if (e.own && e.stand_in) li.dataset.standIn = "true";
    const said = e.display || e.text;
    // The move of a seat handed to the computer is the computer's, not its person's.
    const shown = !e.own ? said : mine && e.stand_in ? t("{text} (the computer, for you)", { text: said })
      : mine ? t("{text} (you)", { text: said }) : e.stand_in ? t("{text} (the computer plays this seat)", { text: said })
        : said;
    // The engine's text in its own direction (<bdi>), inside a page that may be right to left.
    li.append(Object.assign(document.createElement("bdi"), { textContent: shown }));
    if (e.rule) li.append(" ", ruleLink(e.rule));
    log.append(li);
    $("latest").textContent = e.display || e.text;  // shown, not said again: the log is the live region
  }
  log.scrollTop = log.scrollHeight;
}

function sideName(seats) {
  const me = view.seat;
  const name = seats.length === 1 ? t("seat {seat}", { seat: seats[0] })
    : seats.length === 2 ? t("seats {first} and {second}", { first: seats[0], second: seats[1] })
      : seats.map((s) => t("seat {seat}", { seat: s })).join(", ");
  return seats.includes(me) ? t("{text} (you)", { text: name }) : name;
}

// The round's (and at the end the match's) score, item by item with its rule: it waits for the player.
function drawSummary() {
  const s = view.summary;
  const open = s && (view.over || s.number !== seenRound);
  const opening = open && $("summary").hidden;
  $("summary").hidden = !open;
  document.body.dataset.summary = open ? "open" : "closed";
  if (!open) return;
  $("summary-title").textContent = view.over ? t("The match is over") : t("Round {number} is over", { number: s.number });
  const body = $("summary-items");
  body.replaceChildren();
  s.sides.forEach((seats, side) => {
    const row = document.createElement("tr");
    const head = document.createElement("th");
    head.colSpan = 3;
    head.scope = "colgroup";
    head.textContent = t("{side}: {points} this round, {match} in the match",
      { side: sideName(seats), points: s.points[side], match: s.match[side] });
    row.append(head);
    body.append(row);
    for (const item of s.items.filter((i) => i.side === side)) {
      const tr = document.createElement("tr");
      const label = Object.assign(document.createElement("td"), { textContent: item.label });
      const points = Object.assign(document.createElement("td"), { textContent: String(item.points), className: "points" });
      const rule = document.createElement("td");
      rule.append(ruleLink(item.rule));
      tr.append(label, points, rule);
      body.append(tr);
    }
  });
  const match = s.sides.map((seats, side) => `${sideName(seats)} ${s.match[side]}`).join(", ");
  let line = t("Match score: {scores}.", { scores: match });
  if (s.winner !== null) line += " " + t("{side} won the match.", { side: sideName(s.sides[s.winner]) });
  $("summary-match").textContent = line;
  $("summary-continue").hidden = view.over;
  // A summary that opens takes the focus (a keyboard and a screen reader go to it): its button, or its heading.
  if (opening) (view.over ? $("summary-title") : $("summary-continue")).focus();
}

function closeSummary() {
  if (!view || !view.summary) return;
  seenRound = view.summary.number;
  sessionStorage.setItem(SEEN, String(seenRound));
  drawSummary();
  (rove(null) || $("board-title")).focus();  // back to the hand
}

function moveButton(move) {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.dir = "ltr";  // a move's notation reads left to right, in a right-to-left page too
  button.textContent = move.label || move.text;
  button.dataset.move = move.text;
  // A screen reader hears the move's cards by their names in the page's language, as the board names them.
  const names = move.cards.map((c) => $("board").querySelector(`.card[data-card="${CSS.escape(c)}"]`)?.getAttribute("aria-label"));
  if (names.length && names.every(Boolean)) {
    const spoken = Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: ` (${names.join(", ")})` });
    spoken.dir = "auto";
    button.append(spoken);
  }
  button.addEventListener("click", () => play(move.text));
  // Beside each move, why the rules allow it here (GET /api/matches/{id}/why).
  const why = document.createElement("button");
  why.type = "button";
  why.className = "why";
  why.textContent = t("Why?");
  why.setAttribute("aria-label", t("Why may I play {move}?", { move: ltr(move.label || move.text) }));
  why.addEventListener("click", () => askWhy(move));
  li.append(button, why);
  return li;
}

// Why the rules allow a move here: each rule that could have refused it, and why it does not.
async function askWhy(move) {
  const box = $("hint-reasons");
  try {
    const answer = await call(`/api/matches/${match}/why?move=${encodeURIComponent(move.text)}`, { token });
    if (!answer.legal) {
      showError($("message"), { message: answer.reason, rule: answer.rule });
      box.hidden = true;
      return;
    }
    showInfo($("message"), t("Why you may play {move}:", { move: ltr(move.label || move.text) }));
    box.replaceChildren(...answer.reasons.map((r) => {
      const li = document.createElement("li");
      li.append(ruleLink(r.rule), " ", Object.assign(document.createElement("bdi"), { textContent: r.reason }));
      return li;
    }));
    box.hidden = false;
  } catch (error) {
    showError($("message"), error);
  }
}

// The host's invites (kept in this browser when the match was started): each friend's seat, its
// link while it is open, and the buttons that give it a new link or withdraw it.
const INVITES = `cardrules.invites.${match}`;

function storedInvites() {
  const stored = localStorage.getItem(INVITES);
  if (stored === null) return null;
  const list = JSON.parse(stored);
  return Object.fromEntries((Array.isArray(list) ? list : Object.values(list)).map((i) => [i.seat, i]));
}

function keepInvites(invites) {
  localStorage.setItem(INVITES, JSON.stringify(Object.values(invites)));
}

async function manageInvite(seat, method) {
  const invites = storedInvites() || {};
  try {
    if (method === "POST") {
      invites[seat] = await call(`/api/matches/${match}/invites/${seat}`, { method, token });
      showInfo($("message"), t("Seat {seat} has a new link: the old one no longer works.", { seat }));
    } else {
      await call(`/api/matches/${match}/invites/${seat}`, { method, token });
      delete invites[seat];
      showInfo($("message"), t("The link of seat {seat} is withdrawn: the computer plays that seat.", { seat }));
    }
    keepInvites(invites);
    await refresh();
  } catch (error) {
    showError($("message"), error);
  }
}

function drawInvites() {
  const invites = storedInvites();
  const friends = view.humans.filter((s) => s !== view.seat);
  $("invites").hidden = invites === null || friends.length === 0 || view.over;
  if ($("invites").hidden) return;
  $("invite-list").replaceChildren(...friends.map((seat) => {
    const li = document.createElement("li");
    li.dataset.seat = String(seat);
    const invite = invites[seat];
    const button = (text, action) => {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: text });
      b.addEventListener("click", action);
      return b;
    };
    if (invite && view.waiting.includes(seat)) {
      const url = new URL(invite.link, location.href).href;
      const link = Object.assign(document.createElement("a"), { href: url, textContent: t("Seat {seat}", { seat }) });
      link.dataset.seat = String(seat);
      const copy = button(t("Copy the link"), () => {
        navigator.clipboard?.writeText(url).then(() => showInfo($("message"), t("The link of seat {seat} is copied.", { seat })),
          () => showInfo($("message"), url));
      });
      li.append(link, " ", t("(waiting for your friend)"), " ", copy);
    } else if (invite) {
      li.append(t("Seat {seat}: taken, its link is used.", { seat }));
    } else {
      li.append(t("Seat {seat}: the computer plays it (no link).", { seat }));
    }
    li.append(" ", button(t("New link for seat {seat}", { seat }), () => manageInvite(seat, "POST")));
    if (invite) li.append(" ", button(t("Withdraw the link of seat {seat}", { seat }), () => manageInvite(seat, "DELETE")));
    return li;
  }));
}

function drawMoves() {
  const mine = view && !view.over && view.to_move === view.seat && !view.handed.includes(view.seat);
  $("ask-hint").disabled = !mine;
  $("hint-reasons").hidden = true;
  // Clicking cards off the hand (to narrow a capture) is said only where the table has such cards.
  $("table-hint").hidden = !$("board").querySelector('.card[role="button"]:not([data-zone="hand"])');
  const plain = mine ? view.legal_moves.moves.filter((m) => m.cards.length === 0) : [];
  $("plain").hidden = plain.length === 0;
  $("plain-moves").replaceChildren(...plain.map(moveButton));
  $("over").hidden = !(view && view.over);
  // The hand's cards that some listed move plays are outlined (a hint; a click on another still asks the server).
  const usable = new Set(mine ? view.legal_moves.moves.flatMap((m) => m.cards.slice(0, 1)) : []);
  for (const el of $("board").querySelectorAll('.card[data-zone="hand"]')) {
    el.classList.toggle("usable", usable.has(el.dataset.card));
  }
  const handed = view ? view.handed.includes(view.seat) : false;
  $("handed").hidden = !handed;
  $("hand-over").hidden = handed || !view || view.over;
  const who = (s) => (!view.humans.includes(s) ? t("Seat {seat}", { seat: s })
    : view.handed.includes(s) ? t("Seat {seat} (a person, away: the computer plays)", { seat: s })
      : t("Seat {seat} (a person)", { seat: s }));
  const status = !view ? "" : view.over ? t("The match is over.") : mine && !handed ? t("Your turn.")
    : t("{who} to play.", { who: who(view.to_move) });
  $("status").textContent = status;
  document.body.dataset.turn = mine ? "mine" : view && view.over ? "over" : "theirs";
  document.body.dataset.version = String(version);
}

async function refresh() {
  const [state, pic] = await Promise.all([
    call(`/api/matches/${match}?limit=${LIMIT}`, { token }),
    picture(pictureUrl(), token),
  ]);
  show(state, pic.svg);
}

function show(state, svg) {
  if (state.version < version) return;
  view = state;
  version = state.version;
  selected = [];
  $("title").textContent = state.title;
  $("rules").href = `/rules/${state.game.split(/[/(]/)[0]}`;
  $("watch").href = `/watch/${state.game.split(/[/(]/)[0]}`;
  if (seenRound === null) {
    const stored = sessionStorage.getItem(SEEN);
    // A page opened in the middle of a match does not show an old summary again.
    seenRound = stored !== null ? Number(stored) : state.summary ? state.summary.number : 0;
  }
  drawBoard(svg);
  narrate(state.events);
  drawMoves();
  drawPicked([]);
  drawSummary();
  drawInvites();
}

function includes(cards, wanted) {
  const left = [...cards];
  for (const c of wanted) {
    const i = left.indexOf(c);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

// On a phone the board fills the screen: the moves to choose from and a refusal are scrolled into view.
function reveal() {
  if (window.matchMedia("(max-width: 48rem)").matches) $("prompt").scrollIntoView({ block: "nearest" });
}

function drawPicked(moves, byKeyboard = false) {
  $("picked").hidden = selected.length === 0;
  $("picked-moves").replaceChildren(...moves.map(moveButton));
  if (moves.length) {
    reveal();
    if (byKeyboard) $("picked-moves").querySelector("button").focus();
  }
  for (const el of $("board").querySelectorAll(".card")) {
    const on = selected.some((s) => s.zone === el.dataset.zone && s.index === el.dataset.index);
    el.classList.toggle("selected", on);
    // Only a button is pressed or not (a picture of a card has no such state).
    if (el.getAttribute("role") === "button") el.setAttribute("aria-pressed", on ? "true" : "false");
    else el.removeAttribute("aria-pressed");
  }
}

async function toggle(el, byKeyboard = false) {
  if (busy || !view || view.over) return;
  if (view.to_move !== view.seat) {
    showInfo($("message"), t("It is seat {seat}'s turn.", { seat: view.to_move }));
    return;
  }
  if (document.body.dataset.summary === "open") return;
  const at = selected.findIndex((s) => s.zone === el.dataset.zone && s.index === el.dataset.index);
  if (at >= 0) selected.splice(at, 1);
  else {
    // One card from the hand at a time: a new hand card replaces the one chosen before.
    if (el.dataset.zone === "hand") selected = selected.filter((s) => s.zone !== "hand");
    selected.push({ zone: el.dataset.zone, index: el.dataset.index, card: el.dataset.card });
  }
  showInfo($("message"), "");
  if (selected.length === 0) {
    drawPicked([]);
    return;
  }
  const chosen = selected.find((s) => s.zone === "hand");
  const first = (chosen || selected[0]).card;
  let page;
  busy = true;
  document.body.dataset.busy = "true";
  try {
    page = (await call(`/api/matches/${match}?limit=${LIMIT}&card=${encodeURIComponent(first)}`, { token })).legal_moves;
  } catch (error) {
    showError($("message"), error);
    return;
  } finally {
    busy = false;
    document.body.dataset.busy = "false";
  }
  // Cards are matched by their place, not their text (Mulle's two packs have twins): a move is
  // offered only if it plays the chosen hand card, and uses the chosen table cards besides it.
  const others = selected.filter((s) => s.zone !== "hand").map((s) => s.card);
  const moves = page.moves.filter((m) =>
    chosen ? m.cards[0] === chosen.card && includes(m.cards.slice(1), others) : includes(m.cards.slice(1), others));
  drawPicked(moves, byKeyboard && !(moves.length === 1 && chosen));
  const hand = selected.filter((s) => s.zone === "hand");
  if (moves.length === 1 && hand.length > 0) {
    await play(moves[0].text);
  } else if (moves.length === 0 && hand.length === 1) {
    // No legal move uses these cards: send the move they name, so the server says which rule refuses it.
    await play(others.length ? `${hand[0].card} x ${others.join(" ")}` : hand[0].card);
  } else if (moves.length === 0) {
    showInfo($("message"), t("No legal move uses all the selected cards: pick a card from your hand, or clear the selection."));
    reveal();
  } else {
    showInfo($("message"), t("Moves that use the selected cards: {count}. Pick one, or select more cards.",
      { count: `${moves.length}${page.next !== null ? "+" : ""}` }));
  }
}

// The hint (GET /api/matches/{id}/hint): the hard level's move and why, from what this seat sees.
async function askHint() {
  const box = $("hint-reasons");
  showInfo($("message"), t("Thinking…"));
  try {
    const hint = await call(`/api/matches/${match}/hint`, { token });
    const listed = view ? view.legal_moves.moves.find((m) => m.text === hint.move) : null;
    showInfo($("message"), t("Hint: {move}.", { move: ltr(listed && listed.label ? listed.label : hint.move) }));
    box.replaceChildren(...hint.reasons.map((reason) => {
      const li = document.createElement("li");
      li.textContent = reason;
      return li;
    }));
    box.hidden = false;
  } catch (error) {
    showError($("message"), error);
  }
}

async function play(text) {
  if (busy) return;
  busy = true;
  $("played").textContent = "";
  document.body.dataset.busy = "true";
  try {
    const state = await call(`/api/matches/${match}/moves?limit=${LIMIT}`, {
      method: "POST", token, body: { move: text, version },
    });
    const pic = await picture(pictureUrl(), token);
    const played = [...(view ? view.legal_moves.moves : [])].find((m) => m.text === text);
    // Said on the page, not in the alert: the log, a live region, reads the move out once.
    showInfo($("message"), "");
    $("played").textContent = t("You played {move}.", { move: ltr(played && played.label ? played.label : text) });
    show(state, pic.svg);
  } catch (error) {
    showError($("message"), error);
    selected = [];
    drawPicked([]);
    if (error.status === 409) await refresh();
  } finally {
    busy = false;
    document.body.dataset.busy = "false";
  }
}

function listen(wait = 1000) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // The token goes in the first message, never in the address (an address ends up in logs).
  const socket = new WebSocket(`${scheme}://${location.host}/api/matches/${match}/events`);
  let ping = null;
  let welcome = false;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ token }));
    // A keep-alive: the server closes a socket that says nothing for a while.
    ping = setInterval(() => socket.send(JSON.stringify({ type: "ping" })), PING);
  });
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "hello") welcome = true;
    if (data.error && data.error.code === "wrong_token") {
      showError($("message"), new Error(t("This seat was given to someone else: its link was renewed or withdrawn.")));
    }
    // A new version, or a seat handed over, taken back or claimed, is read again.
    const changed = (key) => data[key] && view && data[key].join() !== view[key].join();
    if (data.type === "state" && (data.version > version || changed("handed") || changed("waiting")) && !busy) {
      refresh().catch(() => {});
    }
  });
  socket.addEventListener("close", (event) => {
    clearInterval(ping);
    // Closed by the network or for silence (a sleeping laptop): open again, a little later each
    // time; a refusal (a revoked token, a match no longer there: 4400 to 4499) is final.
    if (event.code < 4400 || event.code > 4499 || event.code === 4408) {
      setTimeout(() => { refresh().catch(() => {}); listen(welcome ? 1000 : Math.min(wait * 2, 60_000)); }, wait);
    }
  });
}

async function claim() {
  // A friend's invite link: claim the seat once; a browser that has a seat here already keeps it.
  history.replaceState(null, "", `/table#${match}`);
  if (token) {
    showInfo($("message"), t("This browser already has a seat at this match: the invite link is left for your friend."));
    return true;
  }
  try {
    const made = await call(`/api/matches/${match}/claim`, { method: "POST", body: { code } });
    tokens.set(match, made.token);
    token = made.token;
    return true;
  } catch (error) {
    if (error.status === 410) error.message = t("This seat is taken: its invite link was already used. Ask for a new link.");
    showError($("message"), error);
    return false;
  }
}

async function download() {
  const response = await fetch(`/api/matches/${match}/record`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) return showError($("message"), new Error(t("The record could not be read.")));
  const url = URL.createObjectURL(await response.blob());
  const a = Object.assign(document.createElement("a"), { href: url, download: `cardrules-${match}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

async function toReplay() {
  try {
    const made = await call(`/api/matches/${match}/replay`, { method: "POST", token });
    location.assign(`/replay#${made.replay}`);
  } catch (error) {
    showError($("message"), error);
  }
}

async function main() {
  // A refusal or a question (the message) is scrolled into view on a phone, as the moves are.
  new MutationObserver(() => { if ($("message").textContent && $("message").className === "error") reveal(); })
    .observe($("message"), { childList: true, characterData: true, subtree: true, attributes: true });
  if (match && code && !(await claim())) return;
  if (!match || !token) {
    showError($("message"), new Error(t("This page needs a match started from the lobby (its token is kept in this browser).")));
    return;
  }
  $("clear").addEventListener("click", () => { selected = []; drawPicked([]); showInfo($("message"), ""); });
  $("download").addEventListener("click", download);
  $("ask-hint").addEventListener("click", askHint);
  $("to-replay").addEventListener("click", toReplay);
  $("summary-continue").addEventListener("click", closeSummary);
  // Take the seat back from the computer, or hand it to the computer on purpose.
  const seatTo = (path) => async () => {
    try {
      const state = await call(`/api/matches/${match}/${path}?limit=${LIMIT}`, { method: "POST", token });
      const pic = await picture(pictureUrl(), token);
      show(state, pic.svg);
    } catch (error) {
      showError($("message"), error);
    }
  };
  $("take-back").addEventListener("click", seatTo("seat"));
  $("hand-over").addEventListener("click", seatTo("computer"));
  try {
    await refresh();
  } catch (error) {
    showError($("message"), error);
    return;
  }
  try { listen(); } catch { /* the page works without the pushed events */ }
  document.body.dataset.ready = "true";
}

main();
