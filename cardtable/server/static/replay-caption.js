// A replay step's caption: the hand and the move in words, naming the seat that made it as
// the table did (sides.js seatTitle: "Asha · Seat 3", counted from 1; nobody is "You" in a
// replay). The replay page shows it over the board; the browser tests check it against the
// record, step by step.

import { t } from "./i18n.js";
import { describeAction } from "./actions.js";
import { seatTitle } from "./sides.js";

export function stepCaption(last, seats) {
  if (!last) return t("replay.start");
  return `${t("table.hand", { n: last.hand })} · ${describeAction(last.action, seatTitle(last.seat, { seats }))}`;
}
