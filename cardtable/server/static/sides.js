// Sides: a player alone, or a partnership (Royal Casino with 4 players: seats 0 and 2 against
// 1 and 3, RC-1). Scores are kept per side; seats sit round the table.

import { t } from "./i18n.js";

export function sideCount(view) {
  return Array.isArray(view.scores) && view.scores.length ? view.scores.length : view.players;
}

export function sideOf(view, seat) {
  const sides = sideCount(view);
  return sides === view.players ? seat : seat % sides;
}

export function seatsOf(view, side) {
  const sides = sideCount(view);
  const seats = [];
  for (let s = 0; s < view.players; s += 1) {
    if (sides === view.players ? s === side : s % sides === side) seats.push(s);
  }
  return seats;
}

// "You", "Seat 2", "Your side (1 + 3)": people count seats from 1 (the protocol from 0).
export function sideName(view, side, viewer) {
  const mine = viewer !== null && viewer !== undefined && sideOf(view, viewer) === side;
  if (sideCount(view) === view.players) return mine ? t("seat.you") : t("table.seat", { n: side + 1 });
  return t(mine ? "rc.side_yours" : "rc.side", { seats: seatsOf(view, side)
    .map((s) => s + 1)
    .join(" + ") });
}
