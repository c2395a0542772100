// The cardrules web API, as the pages call it: JSON in and out, errors turned into ApiError.

// The page's words in its language (the server writes them into #words): t("Seat {seat}", {seat: 1}).
const WORDS = JSON.parse(document.getElementById("words")?.textContent || "{}");
export const LANG = document.documentElement.lang || "en";
export const words = Object.freeze({ ...WORDS });

// A number as the page's language writes it (0,63 in Swedish and French), in the digits the pictures use.
const NUMBERS = new Intl.NumberFormat(LANG, { numberingSystem: "latn", maximumFractionDigits: 3 });
export const number = (n) => NUMBERS.format(n);

// A move's label inside a sentence: isolated left to right (U+2066 ... U+2069), so that a right-to-left
// page keeps "10♠ > 4♠ = 14" in its order.
export const ltr = (text) => `\u2066${text}\u2069`;

// The page's words: t("Seat {seat}", {seat: 1}); a number parameter is written as the language writes it.
export function t(text, params = {}) {
  const said = Object.prototype.hasOwnProperty.call(WORDS, text) ? WORDS[text] : text;
  return said.replace(/\{(\w+)\}/g, (all, name) => {
    if (!(name in params)) return all;
    const value = params[name];
    return typeof value === "number" ? number(value) : String(value);
  });
}

export class ApiError extends Error {
  constructor(status, error) {
    super(error.message || t("the server answered {status}", { status }));
    this.status = status;
    this.code = error.code || "error";
    this.rule = error.rule || null;
    this.field = error.field || null;
  }
}

async function answer(response) {
  const type = response.headers.get("content-type") || "";
  if (!response.ok) {
    let error = { message: t("the server answered {status}", { status: response.status }) };
    if (type.includes("json")) {
      const body = await response.json();
      if (body && body.error) error = body.error;
    }
    throw new ApiError(response.status, error);
  }
  return type.includes("json") ? response.json() : response.text();
}

export async function call(path, { method = "GET", token = null, body = undefined, raw = false } = {}) {
  const headers = { "Accept-Language": LANG };
  if (token) headers.Authorization = `Bearer ${token}`;
  let data;
  if (body !== undefined) {
    if (raw) {
      data = body;
    } else {
      headers["Content-Type"] = "application/json";
      data = JSON.stringify(body);
    }
  }
  const response = await fetch(path, { method, headers, body: data });
  return answer(response);
}

export async function picture(path, token = null) {
  const headers = token ? { Authorization: `Bearer ${token}`, "Accept-Language": LANG } : { "Accept-Language": LANG };
  const response = await fetch(path, { headers });
  const svg = await answer(response);
  return { svg, version: Number(response.headers.get("X-Cardrules-Version")) };
}

const KEY = "cardrules.token.";
export const tokens = {
  get: (match) => localStorage.getItem(KEY + match),
  set: (match, token) => localStorage.setItem(KEY + match, token),
};

export function errorText(error) {
  if (!(error instanceof ApiError)) return String(error.message || error);
  return error.message;
}

// A rule id as a link to its place on the game's rules page (/rules/GAME#RULE).
export function ruleLink(rule) {
  const a = document.createElement("a");
  a.className = "rule";
  a.href = `/rules/${encodeURIComponent(rule.split(".")[0])}#${encodeURIComponent(rule)}`;
  a.target = "_blank";
  a.rel = "noopener";
  a.textContent = rule;
  a.title = t("this rule on the game's rules page");
  a.dir = "ltr";
  return a;
}

// Show an error in an element: the player message, and the rule id (a link) when there is one.
export function showError(element, error) {
  element.className = "error";
  element.textContent = "";
  if (error && error.rule) element.append(ruleLink(error.rule), " ");
  element.append(errorText(error));
}

export function showInfo(element, text) {
  element.className = "";
  element.textContent = text;
}
