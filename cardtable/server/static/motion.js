// Cards that move: a card played goes from the hand (or the seat that played it) to the table,
// a card drawn comes from the stock to the hand, and the cards of a finished trick or of a
// capture go to the seat that took them. The page notes where every card was before a redraw
// and, after it, slides each moved card from there to its new place (transform animations of
// 300–350 ms); cards that left the table fly as a copy to their taker and fade. Nothing moves
// for people who ask for less motion (prefers-reduced-motion). document.body.dataset.moved
// counts the cards moved (for tests).

import { cardsIn } from "./cards.js";

const DURATION = 300;
const TABLE = ".be-trick, .rc-table";

function rect(el) {
  return el.getBoundingClientRect();
}

function shown(r) {
  return r.width > 0 && r.height > 0;
}

// Where each visible card (by its notation, first copy) is now, and a copy of those on the
// table (a trick, Royal Casino's table), which may leave it.
export function snapshot(root) {
  const cards = new Map();
  for (const el of root.querySelectorAll("[data-card]")) {
    const r = rect(el);
    if (!shown(r) || cards.has(el.dataset.card)) continue;
    cards.set(el.dataset.card, { rect: r, copy: el.closest(TABLE) ? el.cloneNode(true) : null });
  }
  return cards;
}

export function reduced() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function centre(r) {
  return [r.left + r.width / 2, r.top + r.height / 2];
}

function slide(el, from) {
  const to = rect(el);
  if (!shown(to)) return false;
  const [fx, fy] = centre(from);
  const [tx, ty] = centre(to);
  if (Math.abs(fx - tx) < 3 && Math.abs(fy - ty) < 3) return false;
  el.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px)` }, { transform: "none" }], {
    duration: DURATION,
    easing: "cubic-bezier(0.2, 0.7, 0.3, 1)",
  });
  return true;
}

// A copy of a card that left the table flies from where it was to its taker and fades.
function fly(copy, from, target) {
  const ghost = copy;
  ghost.classList.add("ghost");
  ghost.removeAttribute("id");
  ghost.setAttribute("aria-hidden", "true");
  ghost.inert = true;
  Object.assign(ghost.style, {
    position: "fixed",
    left: `${from.left}px`,
    top: `${from.top}px`,
    width: `${from.width}px`,
    height: `${from.height}px`,
    margin: "0",
    zIndex: "20",
    pointerEvents: "none",
  });
  document.body.append(ghost);
  const [fx, fy] = centre(from);
  const [tx, ty] = centre(rect(target));
  const move = ghost.animate(
    [
      { transform: "none", opacity: 1 },
      { transform: `translate(${tx - fx}px, ${ty - fy}px) scale(0.6)`, opacity: 0 },
    ],
    { duration: DURATION + 50, easing: "ease-in" },
  );
  move.onfinish = () => ghost.remove();
  move.oncancel = () => ghost.remove();
}

// Who took the cards that left the table: a trick's winner, or the seat that captured.
function taker(root, view, last, mySeat) {
  const won = view.state?.last_trick?.winner;
  const seat = typeof won === "number" ? won : last.seat;
  const box = root.querySelector(`[data-seat="${seat}"]:not(.card)`);
  if (box) return box;
  return seat === mySeat ? root.querySelector(".pile.mine, .tray") : null;
}

// After a redraw: slide the cards of the last action from where they were. A card that was
// not on screen before comes from the seat that played it, or, drawn by this viewer, from
// the stock; a card that left the table goes to whoever took it.
export function animateMoves(root, before, last, mySeat, view) {
  if (!last || reduced() || !before.size) return;
  const named = new Set(cardsIn(last.action ?? ""));
  const now = new Set();
  let moved = 0;
  for (const el of root.querySelectorAll("[data-card]")) {
    const card = el.dataset.card;
    if (shown(rect(el))) now.add(card);
    let from = named.has(card) ? before.get(card)?.rect : null;
    if (!from && named.has(card)) {
      const seat = root.querySelector(`[data-seat="${last.seat}"]:not(.card)`);
      if (seat) from = rect(seat);
    }
    if (!from && last.action === "draw" && last.seat === mySeat && !before.has(card)) {
      const stock = root.querySelector(".stock");
      if (stock && el.closest(".tray")) from = rect(stock);
    }
    if (from && slide(el, from)) moved += 1;
  }
  const target = taker(root, view, last, mySeat);
  for (const [card, was] of before) {
    if (!was.copy || now.has(card) || !target) continue;
    fly(was.copy, was.rect, target);
    moved += 1;
  }
  document.body.dataset.moved = String(Number(document.body.dataset.moved ?? 0) + moved);
}
