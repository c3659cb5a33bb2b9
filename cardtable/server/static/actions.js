// Actions in the notation of RULES.md N, read into parts and said in words.
//
// The server and the engines speak notation ("capture 9c: 4d 5s", "layoff 8h on 2"); people
// read a sentence in their language with the cards drawn as 9♣. Only the verbs are translated:
// the cards keep their notation symbols, so the words never hide what is played.

import { t } from "./i18n.js";
import { cardsIn, pretty } from "./cards.js";

// The parts of an action: verb, every card named, the played card (the first one), the
// others (table cards of a capture or build), a build's value, a lay-off's meld number, a
// named trump suit.
export function parseAction(text) {
  const source = String(text).trim();
  const verb = source.split(/\s+/)[0]?.toLowerCase() ?? "";
  const cards = cardsIn(source);
  const value = /=\s*(\d+)\s*$/.exec(source);
  const meld = /\bon\s+(\d+)\s*$/.exec(source);
  const suit = verb === "trump" ? (source.split(/\s+/)[1] ?? "").toLowerCase() : null;
  return {
    text: source,
    verb,
    cards,
    played: cards[0] ?? null,
    others: cards.slice(1),
    value: value && verb === "build" ? Number(value[1]) : null,
    meld: meld ? Number(meld[1]) : null,
    suit,
  };
}

function list(cards) {
  return cards.map(pretty).join(" ");
}

export function suitName(suit) {
  return suit === "none" ? t("suit.none") : t(`suit.${suit}`);
}

// A short label for a button offering the action (the notation is shown beside it).
export function actionLabel(text) {
  const a = parseAction(text);
  const card = a.played ? pretty(a.played) : "";
  switch (a.verb) {
    case "trail":
      return t("act.trail.label", { card });
    case "capture":
      return t("act.capture.label", { card, cards: list(a.others) });
    case "build":
      return t("act.build.label", { card, cards: list(a.others), value: a.value });
    case "order":
    case "pass":
    case "stay":
    case "drop":
    case "draw":
    case "end":
      return t(`act.${a.verb}.label`);
    case "trump":
      return t("act.trump.label", { suit: suitName(a.suit) });
    case "play":
    case "discard":
    case "take":
    case "rummy":
      return t(`act.${a.verb}.label`, { card });
    case "meld":
      return t("act.meld.label", { cards: list(a.cards) });
    case "layoff":
      return t("act.layoff.label", { card, n: a.meld });
    default:
      return a.text;
  }
}

// A sentence for the log and the hint: "Seat 2 captured 9♣ with 4♦ 5♠".
export function describeAction(text, who) {
  if (text === null || text === undefined) return t("act.hidden", { who });
  const a = parseAction(text);
  const card = a.played ? pretty(a.played) : "";
  const base = { who, card, cards: list(a.others), value: a.value, n: a.meld };
  switch (a.verb) {
    case "meld":
      return t("act.meld.done", { who, cards: list(a.cards) });
    case "trump":
      return t("act.trump.done", { who, suit: suitName(a.suit) });
    case "trail":
    case "capture":
    case "build":
    case "order":
    case "pass":
    case "stay":
    case "drop":
    case "draw":
    case "end":
    case "play":
    case "discard":
    case "take":
    case "rummy":
    case "layoff":
      return t(`act.${a.verb}.done`, base);
    default:
      return `${who}: ${a.text}`;
  }
}
