// Interface text in English, Punjabi and Tagalog: the catalogue i18n/en.json, i18n/pa.json and
// i18n/tl.json, which the terminal (`cardtable play --lang pa`) reads too. English has every key
// the client and the terminal use (keys of the terminal start with "term."); Punjabi and Tagalog
// have the same keys (the browser tests check). A key missing from a language falls back to
// English. Placeholders look like {name}. The choice is remembered in localStorage
// ("cardtable.lang"); a link's "?lang=" makes it too.
//
// The game words (trump, trick, meld, lay off, build, capture, sweep, …) in Punjabi and
// Tagalog come from the original rule pages the rule book was written from; docs/client.md
// lists them.

import { tries } from "./retry.js";

// A catalogue, asked for up to three times: an answer dropped while the room restarts must not
// leave every page blank.
function load(code) {
  return tries(async () => {
    const response = await fetch(new URL(`./i18n/${code}.json`, import.meta.url));
    if (!response.ok) throw new Error(`the ${code} catalogue did not load (${response.status})`);
    return response.json();
  });
}

// Without English no page can say anything: the one sentence written here rather than in the
// catalogue (offline.title and offline.retry in all three languages), and a reload.
function stranded() {
  const again = document.createElement("button");
  again.type = "button";
  again.textContent = "Try now · ਹੁਣੇ ਕੋਸ਼ਿਸ਼ ਕਰੋ · Subukan ngayon";
  again.addEventListener("click", () => location.reload());
  const said = document.createElement("p");
  said.id = "stranded";
  said.className = "error";
  said.setAttribute("role", "alert");
  said.textContent = "Connection lost · ਕਨੈਕਸ਼ਨ ਟੁੱਟ ਗਿਆ · Nawala ang koneksyon ";
  said.append(again);
  document.body.prepend(said);
}

// Punjabi or Tagalog missing falls back to English key by key, as a missing key does.
const [EN, PA, TL] = await Promise.all([
  load("en").catch((error) => {
    stranded();
    throw error;
  }),
  load("pa").catch(() => ({})),
  load("tl").catch(() => ({})),
]);

// Each language by its own name.
export const LANGUAGES = { en: "English", pa: "ਪੰਜਾਬੀ", tl: "Tagalog" };
export const STRINGS = { en: EN, pa: PA, tl: TL };

const KEY = "cardtable.lang";

// Language tags a browser may send for the languages we have: Filipino is the standard form of
// Tagalog (Android in the Philippines says "fil-PH"), and Punjabi comes with its region or its
// script ("pa-IN", "pa-Guru").
const ALIASES = { fil: "tl" };

function stored() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

// A link may choose the language: "?lang=pa" (en, pa or tl; anything else is ignored) is the
// person's choice from then on, as if made with the selector; it is taken out of the address,
// so a later choice on the page is not undone by a reload.
function fromAddress() {
  const asked = new URLSearchParams(location.search).get("lang");
  const code = asked?.toLowerCase();
  if (!code || !Object.hasOwn(LANGUAGES, code)) return null;
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // private mode: the choice lasts for this page only
  }
  const rest = location.search.slice(1).split("&").filter((part) => !/^lang(=|$)/.test(part));
  const search = rest.length ? `?${rest.join("&")}` : "";
  history.replaceState(history.state, "", `${location.pathname}${search}${location.hash}`);
  return code;
}

let current =
  fromAddress() ??
  (stored() ? pick(stored()) : preferred(navigator.languages ?? [navigator.language]));

// The first of the browser's languages that we have ("fil-PH, en-US" opens in Tagalog).
function preferred(tags) {
  for (const tag of tags ?? []) {
    const code = pick(tag ?? "");
    if (code !== "en" || String(tag).toLowerCase().startsWith("en")) return code;
  }
  return "en";
}

export function pick(lang) {
  const code = String(lang).toLowerCase().replace(/_/g, "-");
  if (STRINGS[code]) return code;
  const base = code.split("-")[0];
  const known = ALIASES[base] ?? base;
  return STRINGS[known] ? known : "en";
}

export function language() {
  return current;
}

// Whether the current language (or English) has a text for the key.
export function has(key) {
  return key in STRINGS[current] || key in STRINGS.en;
}

// Keys asked for that no language has (the browser tests check this stays empty).
export const missing = new Set();

export function t(key, params = {}) {
  if (!(key in STRINGS.en)) missing.add(key);
  return fill(STRINGS[current]?.[key] ?? STRINGS.en[key] ?? key, params);
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params && params[name] !== null && params[name] !== undefined
      ? String(params[name])
      : whole,
  );
}

// A text that depends on a count: the key's plural form for `n` in the current language
// ("x_one", "x_other", …, chosen by Intl.PluralRules), `n` passed as {n} too. A form the
// language lacks falls back to its "_other", then to English.
export function tp(key, n, params = {}) {
  const rule = new Intl.PluralRules(current).select(n);
  const all = { ...params, n };
  for (const lang of [current, "en"]) {
    for (const form of [rule, "other"]) {
      const text = STRINGS[lang][`${key}_${form}`];
      if (text !== undefined) return fill(text, all);
    }
  }
  missing.add(`${key}_other`);
  return `${key}_other`;
}

// "You" sentences: the key's "_you" variant when the sentence is about the viewer ("You
// win", "Nakuha mo"), else the key itself, whose {who} or {side} names the other.
export function tYou(key, you, params = {}) {
  return t(you && has(`${key}_you`) ? `${key}_you` : key, params);
}

// The text for a key if some language has it, else `fallback` (for names that come from the
// server, such as a game's option, when a newer server sends one this client does not know).
export function tOr(key, fallback, params = {}) {
  return has(key) ? t(key, params) : fallback;
}

export function setLanguage(lang) {
  current = pick(lang);
  try {
    localStorage.setItem(KEY, current);
  } catch {
    // private mode: the choice lasts for this page only
  }
  document.documentElement.lang = current;
  translatePage();
  window.dispatchEvent(new CustomEvent("languagechange-cardtable", { detail: current }));
}

// Fill every element marked data-i18n="key" (and data-i18n-title, -label, -placeholder).
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
  if (root === document) document.title = t("app.name");
}

// A <select> that switches the language of the page.
export function languageSwitch() {
  const label = document.createElement("label");
  label.className = "lang";
  const span = document.createElement("span");
  span.dataset.i18n = "lang.label";
  span.textContent = t("lang.label");
  const select = document.createElement("select");
  select.id = "language";
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, code, false, code === current);
    option.lang = code;
    select.append(option);
  }
  select.addEventListener("change", () => setLanguage(select.value));
  label.append(span, select);
  return label;
}

document.documentElement.lang = current;
