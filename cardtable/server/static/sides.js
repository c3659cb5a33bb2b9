// Sides: a player alone, or a partnership (Royal Casino with 4 players: seats 0 and 2 against
// 1 and 3, RC-1). Scores are kept per side; which seat is on which side comes from the rules,
// in each view's "sides".

import { t, tOr } from "./i18n.js";

export function sideCount(view) {
  return Math.max(...sideList(view)) + 1;
}

export function sideOf(view, seat) {
  return sideList(view)[seat];
}

export function seatsOf(view, side) {
  return sideList(view).flatMap((s, seat) => (s === side ? [seat] : []));
}

// Each seat's side, as the rules say (the view's "sides"; every seat its own side in a view
// from before it was sent).
function sideList(view) {
  return Array.isArray(view.sides) ? view.sides : Array.from({ length: view.players }, (_, s) => s);
}

// -- one label for a seat, everywhere -------------------------------------------------------
// The protocol counts seats from 0; people read them from 1. A seat is shown as "You" (the
// viewer's own), else its person's name, else its computer's level, else "Seat N". The seats
// are the room's Seat.public() list; a page that keeps one list for the whole table hands it
// to useSeats once, and labels made without an explicit list read that one.
let knownSeats = [];

export function useSeats(seats) {
  knownSeats = Array.isArray(seats) ? seats : [];
}

export function kindName(kind) {
  if (kind === "human") return t("kind.human");
  return t("kind.bot", { level: tOr(`level.${kind}`, kind) });
}

function seatInfo(seat, seats) {
  const list = Array.isArray(seats) ? seats : knownSeats;
  return list.find((s) => s && s.seat === seat) ?? list[seat] ?? null;
}

const hasViewer = (mySeat) => mySeat !== null && mySeat !== undefined;

// Where two seats would read alike (three computers of one level, two people of one name), each
// carries its number, early enough to survive a label cut short on a phone: "Computer 3 (rules
// of thumb)", "Asha (2)". Every place a seat is named (the felt, the log, the turn, the scores,
// the match's end) so tells them apart.
export function seatLabel(seat, { seats = null, mySeat = null } = {}) {
  const label = plainLabel(seat, seats, mySeat);
  const list = Array.isArray(seats) ? seats : knownSeats;
  const alike = list.some((other, i) => {
    const number = other?.seat ?? i;
    return number !== seat && plainLabel(number, seats, mySeat) === label;
  });
  if (!alike) return label;
  const info = seatInfo(seat, seats);
  if (info?.kind && info.kind !== "human" && !info.name) {
    return t("kind.bot_n", { n: seat + 1, level: tOr(`level.${info.kind}`, info.kind) });
  }
  return t("seat.label_n", { label, n: seat + 1 });
}

// A seat in a narrow column (the score tables): a computer by its number alone, "Computer 2"
// (its level is on the felt, and a title gives the whole label); anyone else as seatLabel.
export function shortLabel(seat, { seats = null, mySeat = null } = {}) {
  const info = seatInfo(seat, seats);
  const mine = hasViewer(mySeat) && seat === mySeat;
  if (!mine && info?.kind && info.kind !== "human" && !info.name && !info.former) {
    return t("kind.bot_short_n", { n: seat + 1 });
  }
  return seatLabel(seat, { seats, mySeat });
}

function plainLabel(seat, seats, mySeat) {
  if (hasViewer(mySeat) && seat === mySeat) return t("seat.you");
  const info = seatInfo(seat, seats);
  if (info?.former) return t("player.former"); // a deleted player's seat keeps no name
  if (info?.name) return String(info.name);
  if (info?.kind && info.kind !== "human") return kindName(info.kind);
  return t("table.seat", { n: seat + 1 });
}

// The label and the seat's number where the label is not the number already ("Asha · Seat 2"):
// for replay captions and hand summaries, where which seat it was matters.
export function seatTitle(seat, { seats = null, mySeat = null } = {}) {
  const label = plainLabel(seat, seats, mySeat);
  const number = t("table.seat", { n: seat + 1 });
  return label === number ? number : t("seat.title", { label, seat: number });
}

// "You", "Asha", "Seat 2", "Your side (1 + 3)": people count seats from 1 (the protocol from 0).
export function sideName(view, side, viewer, seats = null) {
  const mine = hasViewer(viewer) && sideOf(view, viewer) === side;
  if (sideCount(view) === view.players) {
    return mine ? t("seat.you") : seatLabel(seatsOf(view, side)[0] ?? side, { seats, mySeat: viewer });
  }
  return t(mine ? "rc.side_yours" : "rc.side", { seats: seatsOf(view, side)
    .map((s) => s + 1)
    .join(" + ") });
}
