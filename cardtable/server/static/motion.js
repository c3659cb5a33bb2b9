// Cards that move: a card played goes from the hand (or the seat that played it) to the table,
// a card drawn comes from the stock to the hand. The page notes where every card was before a
// redraw and, after it, slides each moved card from there to its new place (a transform
// animation of 300 ms). Nothing moves for people who ask for less motion
// (prefers-reduced-motion). document.body.dataset.moved counts the cards moved (for tests).

import { cardsIn } from "./cards.js";

const DURATION = 300;

function rect(el) {
  return el.getBoundingClientRect();
}

// Where each card (by its notation, first copy) and each seat box is now.
export function snapshot(root) {
  const cards = new Map();
  for (const el of root.querySelectorAll("[data-card]")) {
    if (!cards.has(el.dataset.card)) cards.set(el.dataset.card, rect(el));
  }
  return cards;
}

function reduced() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function slide(el, from) {
  const to = rect(el);
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 3 && Math.abs(dy) < 3) return false;
  el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
    duration: DURATION,
    easing: "cubic-bezier(0.2, 0.7, 0.3, 1)",
  });
  return true;
}

// After a redraw: slide the cards of the last action from where they were. A card that was
// not on screen before comes from the seat that played it, or, drawn by this viewer, from
// the stock.
export function animateMoves(root, before, last, mySeat) {
  if (!last || reduced() || !before.size) return;
  const named = new Set(cardsIn(last.action ?? ""));
  let moved = 0;
  for (const el of root.querySelectorAll("[data-card]")) {
    const card = el.dataset.card;
    let from = named.has(card) ? before.get(card) : null;
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
  document.body.dataset.moved = String(Number(document.body.dataset.moved ?? 0) + moved);
}
