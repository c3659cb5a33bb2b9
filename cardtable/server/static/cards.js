// Cards from their notation (RULES.md C-1): "Ah", "Td", "Jo", "Jo=7h", drawn with the SVG deck
// in deck/ (deck/README.md: its source and licence). Every card element carries data-card (its
// notation), a translated name for screen readers and tooltips, and is a <button> only when the
// player can do something with it. With "four-colour suits" on (a choice kept in localStorage)
// clubs are green and diamonds blue, so no two suits share a colour.

import { has, t } from "./i18n.js";

export const CARD_RE = /^(?:[A2-9TJQK][cdhs]|Jo)(?:=[A2-9TJQK][cdhs])?$/;
const TOKEN_RE = /(?:^|[\s:,;])((?:[A2-9TJQK][cdhs]|Jo)(?:=[A2-9TJQK][cdhs])?)(?=$|[\s:,;])/g;
export const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RED = new Set(["d", "h"]);

export function isCard(value) {
  return typeof value === "string" && CARD_RE.test(value);
}

export function isCardList(value) {
  return Array.isArray(value) && value.length > 0 && value.every(isCard);
}

// Every card named in an action's notation, in order ("capture 9c: 4d 5s" → 9c 4d 5s);
// a declared joker stays whole ("Jo=7h").
export function cardsIn(action) {
  return [...String(action).matchAll(TOKEN_RE)].map((m) => m[1]);
}

// Whether an action's notation names a card ("capture 9c: 4d 5s" names 9c, 4d and 5s;
// "meld 5h Jo=6h 7h" names Jo as well as 6h).
export function mentions(action, card) {
  return action.split(/[\s:,;=]+/).includes(card);
}

const DECK = new URL("./deck/", import.meta.url);
const NUMBER = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
const FOUR_KEY = "cardtable.four-colour";

// The SVG file of a card face: "Th" → deck/10h.svg, "Jo" → deck/joker.svg.
export function faceUrl(face) {
  if (face === "Jo") return new URL("joker.svg", DECK).href;
  return new URL(`${NUMBER[face[0]] ?? face[0]}${face[1]}.svg`, DECK).href;
}

export function fourColour() {
  try {
    return localStorage.getItem(FOUR_KEY) === "on";
  } catch {
    return false;
  }
}

export function setFourColour(on) {
  try {
    localStorage.setItem(FOUR_KEY, on ? "on" : "off");
  } catch {
    // private mode: for this page only
  }
  document.documentElement.classList.toggle("four-colour", on);
}

// A checkbox for the four-colour suits.
export function fourColourSwitch(label) {
  const box = document.createElement("label");
  box.className = "four-switch";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.id = "four-colour";
  input.checked = fourColour();
  input.addEventListener("change", () => setFourColour(input.checked));
  const text = document.createElement("span");
  text.dataset.i18n = "deck.four_colour";
  text.textContent = label;
  box.append(input, text);
  return box;
}

document.documentElement.classList.toggle("four-colour", fourColour());

export function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

// "Th" → "10♥", "Jo=7h" → "★7♥": how a card is written in sentences and logs.
export function pretty(text) {
  const [face, declared] = String(text).split("=");
  if (face === "Jo") return declared ? `★${pretty(declared)}` : "★";
  return `${rankText(face[0])}${SUITS[face[1]] ?? face[1]}`;
}

// The words for a card, for screen readers and tooltips.
export function cardName(text) {
  const [face, declared] = text.split("=");
  if (face === "Jo") {
    return declared ? t("card.joker_as", { card: cardName(declared) }) : t("card.joker");
  }
  // a rank whose name needs its own form ("ਹੀਰਿਆਂ ਦੀ ਰਾਣੀ": the queen is feminine) has a key
  const key = has(`card.name.${face[0]}`) ? `card.name.${face[0]}` : "card.name";
  return t(key, { rank: t(`card.rank.${face[0]}`), suit: t(`card.suit.${face[1]}`) });
}

// One card. With onClick it is a button (keyboard: Tab or the arrow keys, then Enter or Space).
// `playable` marks a card some legal move uses, `muted` one that cannot be played now,
// `hinted` the card of a suggested move.
export function cardElement(
  text,
  {
    onClick = null,
    selected = false,
    small = false,
    playable = false,
    muted = false,
    hinted = false,
    label = null,
  } = {},
) {
  const el = document.createElement(onClick ? "button" : "span");
  el.className = "card";
  if (small) el.classList.add("small");
  el.dataset.card = text;
  const name = label ?? cardName(text);
  el.title = name;
  el.setAttribute("aria-label", name);
  if (!onClick) el.setAttribute("role", "img");
  const [face, declared] = text.split("=");
  const img = document.createElement("img");
  img.className = "face-img";
  img.src = faceUrl(face);
  img.alt = "";
  img.draggable = false;
  el.append(img);
  if (face === "Jo") {
    el.classList.add("joker");
    if (declared) {
      if (RED.has(declared[1])) el.classList.add("red");
      el.classList.add(`suit-${declared[1]}`);
      el.append(Object.assign(document.createElement("span"), { className: "declared", textContent: pretty(declared) }));
    }
  } else {
    const suit = face[1];
    el.classList.add(`suit-${suit}`);
    if (RED.has(suit)) el.classList.add("red");
    if ("JQK".includes(face[0])) el.classList.add("face");
  }
  if (onClick) {
    el.type = "button";
    el.setAttribute("aria-pressed", selected ? "true" : "false");
    el.addEventListener("click", () => onClick(text));
  }
  if (selected) el.classList.add("selected");
  if (playable) el.classList.add("playable");
  if (muted) el.classList.add("muted");
  if (hinted) el.classList.add("hinted");
  return el;
}

// A face-down card (for counts of hidden cards): the deck's back.
export function cardBack({ small = false } = {}) {
  const el = document.createElement("span");
  el.className = "card back";
  if (small) el.classList.add("small");
  el.setAttribute("aria-hidden", "true");
  return el;
}
