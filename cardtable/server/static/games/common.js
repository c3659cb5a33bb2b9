// Pieces the per-game modules share: a small DOM helper, seats around the table, face-down
// stacks, rows of cards that the arrow keys walk, and the move bar that shows each move a
// choice leads to (in words and in notation) before it is sent.

import { el, moveButton as button } from "../dom.js";
import { seatLabel, seatTitle } from "../sides.js";

export { el };

// "You" for the viewer's own seat, else the seat's name, its computer or "Seat N" (sides.js
// seatLabel). A replay shows every seat's view side by side and nobody is "You": there the
// seat's number is always said ("Computer (random) · Seat 3", sides.js seatTitle).
export function seatName(ctx, seat) {
  if (isYou(ctx, seat)) return ctx.t("seat.you");
  const seats = ctx.seats ?? null;
  return ctx.replay ? seatTitle(seat, { seats }) : seatLabel(seat, { seats });
}

// The title over a hand of cards: "Your hand" at the table, "Asha · Seat 2: hand" in a
// replay (where every seat's hand is shown and none is the viewer's). `n`: the cards' count.
export function handTitle(ctx, key, n = null) {
  if (!ctx.replay) return ctx.t(key, n === null ? {} : { n });
  const who = seatTitle(ctx.seat, { seats: ctx.seats ?? null });
  return n === null ? ctx.t("replay.hand_of", { who }) : ctx.t("replay.hand_of_n", { who, n });
}

export function isYou(ctx, seat) {
  return seat === ctx.seat && !ctx.replay && seat !== null && seat !== undefined;
}

// A sentence about a seat: its "_you" variant when the seat is the viewer's ("You took the
// trick", not "You took" with a third-person verb), else the plain one with "Seat N".
export function aboutSeat(ctx, key, seat, params = {}) {
  const you = isYou(ctx, seat);
  const text = ctx.t(you ? `${key}_you` : key, { ...params, who: seatName(ctx, seat) });
  return text;
}

// Seats in drawing order, starting with the viewer (a spectator starts from seat 0), so the
// viewer sits at the bottom and play goes round clockwise (C-2: only a way of drawing).
export function seatsFrom(players, viewer) {
  const first = viewer ?? 0;
  return Array.from({ length: players }, (_, i) => (first + i) % players);
}

// The tray: the viewer's hand and the moves, kept at the bottom of the screen (a sticky
// strip at the end of the table area) so they stay in view on a phone. The page's own tools
// (hint, typed move: ctx.tools) join it, so every control of a turn sits together.
export function tray(ctx, ...children) {
  const box = el("div", { class: "tray", attrs: { role: "region" } }, ...children);
  box.setAttribute("aria-label", ctx.t("table.tray"));
  if (ctx.tools) box.append(ctx.tools);
  return box;
}

// The dealer's mark beside a seat's name.
export function dealerBadge(ctx) {
  return el("span", { class: "badge dealer", text: ctx.t("be.dealer_badge"), title: ctx.t("be.dealer") });
}

// A few face-down cards and the count beside them.
export function backs(ctx, count, { max = 6, label = "count.cards" } = {}) {
  const box = el("span", { class: "backs", attrs: { role: "img" } });
  const text = ctx.t(label, { n: count });
  box.setAttribute("aria-label", text);
  box.title = text;
  const stack = el("span", { class: "stack", attrs: { "aria-hidden": "true" } });
  for (let i = 0; i < Math.min(count, max); i += 1) stack.append(ctx.cardBack({ small: true }));
  box.append(stack, el("span", { class: "count", text: count, attrs: { "aria-hidden": "true" } }));
  return box;
}

// A row of cards the arrow keys can walk (data-nav-row).
export function navRow(className, label, children = []) {
  const row = el("div", { class: `cards ${className}`, attrs: { role: "group" } }, children);
  row.dataset.navRow = "";
  if (label) row.setAttribute("aria-label", label);
  return row;
}

// One button offering one move: its label in words, its notation beside it.
export function moveButton(ctx, action, { label = null, primary = false, onClick = null } = {}) {
  return button(action, {
    label,
    primary,
    hinted: ctx.hint === action,
    onPress: onClick ?? ((a) => ctx.play(a)),
  });
}

// The move bar: a prompt, then the moves the current choice leads to. Each shows the exact
// notation that will be sent; pressing one sends it.
export function moveBar(ctx, { prompt = null, moves = [], extra = [] } = {}) {
  const bar = el("div", { class: "move-bar", attrs: { role: "group" } });
  bar.setAttribute("aria-label", ctx.t("table.actions"));
  if (prompt) bar.append(el("p", { class: "prompt", text: prompt }));
  if (moves.length || extra.length) {
    const row = el("div", { class: "moves" });
    row.dataset.navRow = "";
    for (const m of moves) row.append(typeof m === "string" ? moveButton(ctx, m) : m);
    for (const x of extra) row.append(x);
    bar.append(row);
  }
  return bar;
}

// A plain button (cancel, show more…), in the same style as the move buttons.
export function plainButton(text, onClick, className = "plain") {
  return el("button", { class: className, text, attrs: { type: "button" }, onClick });
}

// Selections that survive redraws of the same state and are forgotten when the state moves
// on (the shell redraws on every push, on a language switch, and when a hint arrives).
export function memory(initial) {
  let key = null;
  let value = initial();
  return {
    get(k) {
      if (k !== key) {
        key = k;
        value = initial();
      }
      return value;
    },
    reset() {
      value = initial();
    },
  };
}

// The key of the state a selection belongs to: the table's version and the seat.
export function stateKey(ctx, view) {
  return `${ctx.table ?? ""}:${ctx.version ?? view.hand_number}:${view.seat}:${view.to_move}`;
}

// Multiset equality of two lists of card texts.
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const count = new Map();
  for (const c of a) count.set(c, (count.get(c) ?? 0) + 1);
  for (const c of b) {
    const n = count.get(c);
    if (!n) return false;
    count.set(c, n - 1);
  }
  return true;
}

// A titled box in the table area (scores of a seat, the melds, the last trick, …).
export function panel(className, title, ...children) {
  return el(
    "section",
    { class: `felt-panel ${className}` },
    title ? el("h3", { text: title }) : null,
    ...children,
  );
}
