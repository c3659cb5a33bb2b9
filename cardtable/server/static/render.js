// Drawing a view: a per-game module (static/games/<game-id>.js) when there is one, otherwise
// the generic rendering of the view's JSON, with every card drawn as a card.
//
// A per-game module is an ES module exporting
//   render(area, view, ctx)       required: draw view.state into the element `area`
//   handlesActions                optional boolean: true if the module offers the moves itself
//                                 (the shell then hides its generic list of move buttons)
// where ctx = { seat, legal, play(text), selected, toggle(card), t, cardElement, cardBack,
//               renderGeneric(area, view, ctx) }.
// docs/protocol.md ("Per-game client modules") describes the contract.

import { tOr } from "./i18n.js";
import { cardBack, cardElement, isCard, isCardList, mentions } from "./cards.js";

const loaded = new Map();

// The module for a game, or null (no module, or it failed to load: generic rendering).
export function gameModule(gameId, available) {
  if (!available) return Promise.resolve(null);
  if (!loaded.has(gameId)) {
    const url = new URL(`./games/${encodeURIComponent(gameId)}.js`, import.meta.url);
    loaded.set(
      gameId,
      import(url.href).catch((error) => {
        console.warn(`no client module for ${gameId}; generic rendering`, error);
        loaded.delete(gameId); // asked for again at the next draw
        return null;
      }),
    );
  }
  return loaded.get(gameId);
}

// Draw a view with the game's module if it has one, else generically. Returns whether the
// module offers the moves itself.
export function renderView(area, view, ctx, module) {
  if (module && typeof module.render === "function") {
    try {
      module.render(area, view, ctx);
      return Boolean(module.handlesActions);
    } catch (error) {
      console.error("the game's client module failed; generic rendering", error);
    }
  }
  renderGeneric(area, view, ctx);
  return false;
}

export function label(key) {
  return tOr(`field.${key}`, String(key).replace(/_/g, " "));
}

export function renderGeneric(area, view, ctx) {
  area.replaceChildren();
  const box = document.createElement("div");
  box.className = "generic";
  box.append(renderValue(view.state ?? {}, ctx, ""));
  area.append(box);
}

// A card is a button only when some legal move uses it.
function clickable(ctx, text) {
  return Boolean(ctx?.legal?.length && typeof ctx.toggle === "function") &&
    ctx.legal.some((action) => mentions(action, text));
}

function cardFor(text, ctx) {
  if (!clickable(ctx, text)) return cardElement(text);
  return cardElement(text, { onClick: ctx.toggle, selected: ctx.selected?.has(text) });
}

function emptySlot() {
  const slot = document.createElement("span");
  slot.className = "card slot";
  slot.setAttribute("aria-hidden", "true");
  return slot;
}

export function renderValue(value, ctx, key) {
  if (isCard(value)) return cardFor(value, ctx);
  if (Array.isArray(value)) {
    if (value.length === 0) {
      const empty = document.createElement("span");
      empty.className = "empty";
      empty.textContent = "—";
      return empty;
    }
    if (isCardList(value.filter((v) => v !== null))) {
      const row = document.createElement("div"); // cards, with gaps where a place is empty
      row.className = "cards";
      for (const c of value) row.append(c === null ? emptySlot() : cardFor(c, ctx));
      return row;
    }
    if (value.every((v) => v === null)) return renderValue(null, ctx, key);
    if (value.every((v) => v === null || typeof v !== "object")) {
      const span = document.createElement("span");
      span.className = "scalars";
      span.textContent = value.map((v) => (v === null ? "—" : String(v))).join(" · ");
      return span;
    }
    const list = document.createElement("ol");
    list.className = "items";
    list.start = 1;
    for (const item of value) {
      const li = document.createElement("li");
      li.append(renderValue(item, ctx, key));
      list.append(li);
    }
    return list;
  }
  if (value !== null && typeof value === "object") {
    const dl = document.createElement("dl");
    dl.className = "fields";
    for (const [k, v] of Object.entries(value)) {
      const dt = document.createElement("dt");
      dt.textContent = label(k);
      const dd = document.createElement("dd");
      if (typeof v === "number" && /(^|_)(count|size|stock|deck)s?$/.test(k) && v <= 60) {
        dd.append(backs(v));
      }
      dd.append(renderValue(v, ctx, k));
      dl.append(dt, dd);
    }
    return dl;
  }
  const span = document.createElement("span");
  span.className = "scalar";
  span.textContent = value === null ? "—" : String(value);
  return span;
}

// A small stack of face-down cards showing a count.
function backs(count) {
  const stack = document.createElement("span");
  stack.className = "stack";
  for (let i = 0; i < Math.min(count, 5); i += 1) stack.append(cardBack({ small: true }));
  return stack;
}
