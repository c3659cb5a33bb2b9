// The end of a hand, told whole: who went out or made the last capture, every seat's cards left
// in hand (a rummy hand's end shows them all), the tricks taken, and the hand's breakdown. It
// stays until dismissed or the viewer's next move. And the match's goal: its target and the
// rule that ends it, always on screen.

import { t, tOr, tYou } from "./i18n.js";
import { cardElement, cardsIn } from "./cards.js";
import { el } from "./dom.js";
import { sidesTable } from "./panels.js";
import { seatLabel, shortLabel } from "./sides.js";

// A hand's summary names each seat as the felt and the scores do (sides.js seatLabel): several
// computers of one level carry their numbers, "Computer 3 (random)".
const seatWho = (seat, mySeat) => seatLabel(seat, { mySeat });

// The goal of the match in one line, from the game and its options.
export function goalText(view) {
  const o = view.options ?? {};
  const key = `goal.${view.game}`;
  return tOr(key, "", { target: o.target ?? "", start: o.start ?? "" });
}

function about(key, seat, mySeat, params = {}) {
  return tYou(key, seat === mySeat, { ...params, who: seatWho(seat, mySeat) });
}

function cardsRow(cards) {
  const row = el("div", { class: "cards" });
  for (const c of cards) row.append(cardElement(c, { small: true }));
  return row;
}

// The cards left on Royal Casino's table that went to the last capturer (RC-19), worked out
// from the state before the hand's last action and that action: the table's cards, with a
// trailed card added or the captured ones taken away. Null when it cannot be known.
export function tableLeft(before, action) {
  if (!before || typeof action !== "string" || !Array.isArray(before.loose)) return null;
  const table = [...before.loose];
  for (const b of Array.isArray(before.builds) ? before.builds : []) table.push(...(b.cards ?? []));
  const named = cardsIn(action);
  if (action.startsWith("trail ")) return [...table, ...named];
  if (action.startsWith("capture ")) return table.filter((c) => !named.includes(c));
  return null;
}

// Fill `box` with the summary of view.last_hand; its title goes to `title`. `left`: the
// cards the last capturer took from the table, when known. The cards left and the breakdown
// are "detail": at the viewer's turn the page shows them only when asked (the board first).
export function drawHandEnd(title, box, view, mySeat, left = null) {
  const last = view.last_hand;
  title.textContent = t("summary.title", { n: last.number });
  const s = last.state ?? {};
  const parts = [];
  if (typeof s.went_out === "number") parts.push(el("p", { text: about("summary.went_out", s.went_out, mySeat) }));
  if (typeof s.last_capture === "number") {
    parts.push(el("p", { text: about("summary.last_capture", s.last_capture, mySeat) }));
    if (Array.isArray(left) && left.length) {
      const row = el("div", { class: "seat-left table-left detail" });
      row.append(el("span", { class: "who", text: t("summary.table_left") }), cardsRow(left));
      parts.push(row);
    }
  }
  if (Array.isArray(s.tricks_won)) {
    // a list of every seat: a computer by its number alone, "Computer 2: 1" (its level is on the felt)
    const line = s.tricks_won.map((n, seat) => `${shortLabel(seat, { mySeat })}: ${n}`).join(" · ");
    parts.push(el("p", { class: "tricks", text: `${t("summary.tricks")} ${line}` }));
  }
  if (Array.isArray(s.known) && s.phase === "over") {
    const list = el("div", { class: "left-in-hand detail" });
    s.known.forEach((cards, seat) => {
      if (!Array.isArray(cards)) return;
      const row = el("div", { class: "seat-left", data: { seat } });
      const words = cards.length
        ? about("summary.left", seat, mySeat)
        : about("summary.left_none", seat, mySeat);
      row.append(el("span", { class: "who", text: words }));
      if (cards.length) row.append(cardsRow(cards));
      list.append(row);
    });
    parts.push(list);
  }
  const rows = Object.entries(last.breakdown ?? {});
  if (rows.length) {
    const table = sidesTable(view, rows, t("summary.breakdown"), mySeat);
    table.classList.add("detail"); // its scrolling box
    parts.push(table);
  }
  box.replaceChildren(...parts);
}
