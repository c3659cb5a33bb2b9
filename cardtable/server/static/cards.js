// Cards drawn in HTML/CSS from their notation (RULES.md C-1): "Ah", "Td", "Jo", "Jo=7h".

import { t } from "./i18n.js";

export const CARD_RE = /^(?:[A2-9TJQK][cdhs]|Jo)(?:=[A2-9TJQK][cdhs])?$/;
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RED = new Set(["d", "h"]);

export function isCard(value) {
  return typeof value === "string" && CARD_RE.test(value);
}

export function isCardList(value) {
  return Array.isArray(value) && value.length > 0 && value.every(isCard);
}

// Whether an action's notation names a card ("capture 9c: 4d 5s" names 9c, 4d and 5s).
export function mentions(action, card) {
  return action.split(/[\s:,;=]+/).includes(card);
}

function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

// The words for a card, for screen readers and tooltips.
export function cardName(text) {
  const [face, declared] = text.split("=");
  if (face === "Jo") {
    return declared ? t("card.joker_as", { card: cardName(declared) }) : t("card.joker");
  }
  return t("card.name", { rank: t(`card.rank.${face[0]}`), suit: t(`card.suit.${face[1]}`) });
}

// One card. With onClick it is a button (keyboard: Tab, then Enter or Space).
export function cardElement(text, { onClick = null, selected = false, small = false } = {}) {
  const el = document.createElement(onClick ? "button" : "span");
  el.className = "card";
  if (small) el.classList.add("small");
  el.dataset.card = text;
  el.title = cardName(text);
  el.setAttribute("aria-label", cardName(text));
  const [face, declared] = text.split("=");
  if (face === "Jo") {
    el.classList.add("joker");
    el.innerHTML = `<span class="corner">★</span><span class="pip">${declared ? shown(declared) : "★"}</span>`;
  } else {
    const suit = face[1];
    if (RED.has(suit)) el.classList.add("red");
    const corner = `${rankText(face[0])}${SUITS[suit]}`;
    el.innerHTML = `<span class="corner">${corner}</span><span class="pip">${SUITS[suit]}</span>`;
  }
  if (onClick) {
    el.type = "button";
    el.setAttribute("aria-pressed", selected ? "true" : "false");
    el.addEventListener("click", () => onClick(text));
  }
  if (selected) el.classList.add("selected");
  return el;
}

function shown(text) {
  return `${rankText(text[0])}${SUITS[text[1]]}`;
}

// A face-down card (for counts of hidden cards).
export function cardBack({ small = false } = {}) {
  const el = document.createElement("span");
  el.className = "card back";
  if (small) el.classList.add("small");
  el.setAttribute("aria-hidden", "true");
  return el;
}

// A row of cards.
export function cardRow(cards, options = {}) {
  const row = document.createElement("div");
  row.className = "cards";
  for (const c of cards) {
    const extra = options.selectedSet ? { selected: options.selectedSet.has(c) } : {};
    row.append(cardElement(c, { ...options, ...extra }));
  }
  return row;
}
