// Keyboard play: the arrow keys move between the cards and buttons of the table area.
//
// Rows of things to press are marked data-nav-row (a hand, the cards on the table, the move
// buttons). ← and → move within a row (wrapping); ↑ and ↓ move to the nearest item of the row
// above or below. Tab still walks everything in order; Enter or Space presses; Escape asks
// the page to clear the current selection ("cardtable-cancel" event).

const ITEM = "button:not([disabled]), a[href], [tabindex='0']";

function rowsIn(root) {
  return [...root.querySelectorAll("[data-nav-row]")]
    .map((row) => [...row.querySelectorAll(ITEM)].filter(visible))
    .filter((items) => items.length > 0);
}

function visible(el) {
  return el.offsetParent !== null || el.getClientRects().length > 0;
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return r.left + r.width / 2;
}

function nearest(items, x) {
  let best = items[0];
  for (const item of items) if (Math.abs(centre(item) - x) < Math.abs(centre(best) - x)) best = item;
  return best;
}

export function installKeyboard(root) {
  root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape") {
      root.dispatchEvent(new CustomEvent("cardtable-cancel", { bubbles: true }));
      return;
    }
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (!(event.key in moves)) return;
    const here = document.activeElement;
    if (!here || !root.contains(here) || here.matches("input, select, textarea")) return;
    const rows = rowsIn(root);
    const r = rows.findIndex((items) => items.includes(here));
    if (r < 0) return;
    const [dr, dc] = moves[event.key];
    let target;
    if (dc) {
      const items = rows[r];
      const i = items.indexOf(here);
      target = items[(i + dc + items.length) % items.length];
    } else {
      const next = rows[r + dr];
      if (!next) return;
      target = nearest(next, centre(here));
    }
    event.preventDefault();
    target.focus();
  });
}

// Redrawing replaces elements; keep the keyboard focus on the same card, meld, build or move
// (found again by its data attributes) so keyboard players do not lose their place.
const KEYS = ["action", "card", "meld", "build", "index", "side", "seat"];

function focusSelector(el) {
  if (!el || el === document.body) return null;
  const parts = [];
  for (const key of KEYS) {
    const value = el.dataset?.[key];
    if (value !== undefined && value !== "") {
      parts.push(`[data-${key}="${CSS.escape(value)}"]`);
    }
  }
  if (el.id) parts.push(`#${CSS.escape(el.id)}`);
  if (!parts.length) return null;
  return `${el.tagName.toLowerCase()}${parts.join("")}`;
}

export function keepFocus(root, redraw) {
  const active = document.activeElement;
  const selector = active && root.contains(active) ? focusSelector(active) : null;
  const result = redraw();
  if (selector) {
    const again = root.querySelector(selector);
    if (again && typeof again.focus === "function") again.focus({ preventScroll: true });
    // the card was played: stay in the area, so the next Tab starts from its first item
    else if (root.hasAttribute("tabindex")) root.focus({ preventScroll: true });
  }
  return result;
}

// The turn came back: put the keyboard focus on the hand (its first playable card, else its
// first card or button), unless the player is somewhere else on purpose (typing a move,
// choosing in a menu, or on another part of the page).
export function focusHand(root) {
  const here = document.activeElement;
  const idle = !here || here === document.body || here === root;
  if (!idle) return;
  const rows = rowsIn(root);
  const hand = [...root.querySelectorAll(".tray [data-nav-row], [data-nav-row].hand")]
    .map((row) => [...row.querySelectorAll(ITEM)].filter(visible))
    .find((items) => items.length > 0);
  const items = hand ?? rows[rows.length - 1];
  if (!items?.length) return;
  const target = items.find((el) => el.classList.contains("playable")) ?? items[0];
  target.focus({ preventScroll: true });
}
