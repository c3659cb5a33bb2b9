// Sides: a player alone, or a partnership (Royal Casino with 4 players: seats 0 and 2 against
// 1 and 3, RC-1). Scores are kept per side; which seat is on which side comes from the rules,
// in each view's "sides".

import { t } from "./i18n.js";

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

// "You", "Seat 2", "Your side (1 + 3)": people count seats from 1 (the protocol from 0).
export function sideName(view, side, viewer) {
  const mine = viewer !== null && viewer !== undefined && sideOf(view, viewer) === side;
  if (sideCount(view) === view.players) return mine ? t("seat.you") : t("table.seat", { n: side + 1 });
  return t(mine ? "rc.side_yours" : "rc.side", { seats: seatsOf(view, side)
    .map((s) => s + 1)
    .join(" + ") });
}
