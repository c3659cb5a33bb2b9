// Royal Casino (RULES.md RC): the other seats at the top, the table (loose cards and builds)
// in the middle, the viewer's hand at the bottom. Play goes counter-clockwise (RC-25): the
// seats are drawn as they sit around the viewer, the next to play on the right, a partner
// across, the one before on the left. Captured piles lie face down (RC-24): each side's pile
// shows its size and the sweep cards lying face up on it, its cards only with open piles.
//
// A move is chosen by clicking: a card from the hand (the card played), then the table
// cards and builds it takes or builds with (a build is always taken whole, RC-7). Only the
// cards that some legal move can still use are clickable, and every move the choice makes
// exact is offered as a button showing its notation ("capture 9c: 4d 5s",
// "build 2h: 4c 6d =12", "trail 7h") before it is sent; a hand card only one move can use
// (with the table cards chosen so far) is played at its first tap. The choice can start from
// the table too. Escape or "Clear" starts again.

import { parseAction, actionLabel } from "../actions.js";
import { pretty } from "../cards.js";
import { sideName, sideOf } from "../sides.js";
import { tOr } from "../i18n.js";
import { keepFocus } from "../keyboard.js";
import {
  backs,
  dealerBadge,
  el,
  memory,
  moveBar,
  moveButton,
  navRow,
  panel,
  plainButton,
  handTitle,
  seatName,
  seatsFrom,
  tray,
  stateKey,
} from "./common.js";

export const handlesActions = true;

const choice = memory(() => ({ played: null, table: new Set() }));

export function render(area, view, ctx) {
  const s = view.state ?? {};
  const sel = choice.get(stateKey(ctx, view));
  const moves = (ctx.legal ?? []).map(parseAction);
  const redraw = () => keepFocus(area, () => render(area, view, ctx));
  area.replaceChildren(
    el(
      "div",
      { class: "game rc" },
      seatsRow(ctx, view, s),
      tableArea(ctx, s, sel, moves, redraw),
    ),
    piles(ctx, view, s),
    tray(ctx, handArea(ctx, view, s, sel, moves, redraw), bar(ctx, view, s, sel, moves, redraw)),
  );
}

// -- the seats ---------------------------------------------------------------------------------
// The other seats from left to right as they sit around the viewer (a spectator sits in the
// first seat's place): play passes to the right, counter-clockwise (RC-25).
const PLACES = { 2: ["across"], 3: ["right", "left"], 4: ["right", "across", "left"] };

export function seatPlaces(players, viewer) {
  const after = seatsFrom(players, viewer).slice(1); // in playing order
  const places = PLACES[players] ?? after.map(() => "across");
  return after.map((seat, i) => ({ seat, place: places[i] })).reverse();
}

function seatsRow(ctx, view, s) {
  const row = el("div", { class: "rc-seats" });
  row.setAttribute("aria-label", ctx.t("rc.direction"));
  row.title = ctx.t("rc.direction");
  const watching = ctx.seat === null || ctx.seat === undefined;
  const places = seatPlaces(view.players, watching ? 0 : ctx.seat);
  if (watching) places.push({ seat: 0, place: "near" });
  row.style.setProperty("--around", String(places.length));
  for (const { seat, place } of places) {
    const box = el("div", { class: "rc-seat", data: { seat, place } });
    box.append(el("span", { class: "place", text: ctx.t(`rc.place.${place}`) }));
    if (view.to_move === seat) box.classList.add("to-move");
    const badges = el("div", { class: "badges" });
    if (s.dealer === seat) badges.append(dealerBadge(ctx));
    if (view.players === 4 && ctx.seat !== null && ctx.seat !== undefined && seat % 2 === ctx.seat % 2) {
      badges.append(el("span", { class: "badge partner", text: ctx.t("rc.partner") }));
    }
    box.append(el("strong", { class: "name", text: seatName(ctx, seat) }), badges);
    const size = s.hand_sizes?.[seat];
    if (typeof size === "number" && size > 0) box.append(backs(ctx, size));
    row.append(box);
  }
  return row;
}

// -- the table: loose cards and builds -----------------------------------------------------------
// The moves still possible with the current choice (played card and table cards so far).
function open(sel, moves) {
  return moves.filter(
    (m) =>
      (m.verb === "capture" || m.verb === "build" || m.verb === "trail") &&
      (sel.played === null || m.played === sel.played) &&
      [...sel.table].every((c) => m.others.includes(c)),
  );
}

function reachable(sel, moves) {
  const cards = new Set();
  for (const m of open(sel, moves)) for (const c of m.others) cards.add(c);
  return cards;
}

function toggleTable(sel, cards, redraw) {
  const all = cards.every((c) => sel.table.has(c));
  for (const c of cards) {
    if (all) sel.table.delete(c);
    else sel.table.add(c);
  }
  redraw();
}

function tableArea(ctx, s, sel, moves, redraw) {
  const box = el("div", { class: "rc-table", attrs: { role: "group" } });
  box.setAttribute("aria-label", ctx.t("rc.table"));
  const can = reachable(sel, moves);
  const items = [];
  for (const card of Array.isArray(s.loose) ? s.loose : []) {
    const selected = sel.table.has(card);
    const usable = ctx.legal?.length && (selected || can.has(card));
    items.push(
      ctx.cardElement(card, {
        onClick: usable ? () => toggleTable(sel, [card], redraw) : null,
        selected,
        playable: Boolean(usable) && !selected,
        hinted: hintNames(ctx, card),
      }),
    );
  }
  for (const [i, build] of (Array.isArray(s.builds) ? s.builds : []).entries()) {
    items.push(buildElement(ctx, build, i, sel, can, redraw));
  }
  if (!items.length) box.append(el("p", { class: "empty-table", text: ctx.t("rc.table_empty") }));
  else box.append(navRow("table-cards", ctx.t("rc.table"), items));
  const facts = el("div", { class: "info-bar" });
  const fact = (text, warn = false) => facts.append(el("span", { class: `fact${warn ? " warn" : ""}`, text }));
  if (typeof s.deal === "number" && typeof s.deals === "number") {
    fact(ctx.t("rc.deal", { n: Math.min(s.deal, s.deals), of: s.deals }));
  }
  if (typeof s.stock === "number") fact(ctx.t("rc.stock", { n: s.stock }));
  if (s.must_trail) fact(ctx.t("rc.must_trail"), true);
  box.prepend(facts);
  return box;
}

function hintNames(ctx, card) {
  return Boolean(ctx.hint) && parseAction(ctx.hint).cards.includes(card);
}

function buildElement(ctx, build, i, sel, can, redraw) {
  const cards = Array.isArray(build.cards) ? build.cards : [];
  const selected = cards.length > 0 && cards.every((c) => sel.table.has(c));
  const usable = ctx.legal?.length && cards.length > 0 && (selected || cards.every((c) => can.has(c)));
  const owner = build.owner === null || build.owner === undefined ? "" : seatName(ctx, build.owner);
  const kind = build.kind === "multiple" ? ctx.t("rc.multiple") : ctx.t("rc.single");
  const title = ctx.t("rc.build_title", { value: build.value, kind, owner });
  const inner = [
    el(
      "span",
      { class: "build-head" },
      el("span", { class: "value", text: build.value }),
      el("span", { class: "kind", text: kind }),
    ),
    el("span", { class: "build-cards" }, cards.map((c) => ctx.cardElement(c, { small: true }))),
    el("span", { class: "owner", text: owner }),
  ];
  const data = { build: i, value: build.value };
  const node = el(usable ? "button" : "div", { class: "build", data }, inner);
  node.title = title;
  node.setAttribute("aria-label", `${title}: ${cards.map(pretty).join(" ")}`);
  if (usable) {
    node.type = "button";
    node.setAttribute("aria-pressed", selected ? "true" : "false");
    node.addEventListener("click", () => toggleTable(sel, cards, redraw));
    if (!selected) node.classList.add("playable");
  }
  if (selected) node.classList.add("selected");
  if (ctx.hint && cards.some((c) => hintNames(ctx, c))) node.classList.add("hinted");
  if (build.owner === ctx.seat) node.classList.add("mine");
  return node;
}

// -- the viewer's hand ----------------------------------------------------------------------------
function handArea(ctx, view, s, sel, moves, redraw) {
  const box = el("div", { class: "rc-hand" });
  if (ctx.seat === null || ctx.seat === undefined) {
    return box;
  }
  const hand = Array.isArray(s.hand) ? s.hand : [];
  const possible = open({ played: null, table: sel.table }, moves);
  const playableWith = new Set(possible.map((m) => m.played));
  // highlighted: the cards that can capture or build (any card may be trailed, RC-15)
  const takes = new Set(possible.filter((m) => m.verb !== "trail").map((m) => m.played));
  const hint = ctx.hint ? parseAction(ctx.hint).played : null;
  const cards = hand.map((card) => {
    const selected = sel.played === card;
    const usable = ctx.legal?.length && (selected || playableWith.has(card));
    return ctx.cardElement(card, {
      onClick: usable
        ? () => {
            if (sel.played === card) sel.played = null;
            else {
              // one tap plays a card only one move can use (with the table cards chosen)
              const uses = open({ played: card, table: sel.table }, moves);
              if (uses.length === 1) return ctx.play(uses[0].text);
              sel.played = card;
              const keep = new Set(open({ played: card, table: new Set() }, moves).flatMap((m) => m.others));
              for (const c of [...sel.table]) if (!keep.has(c)) sel.table.delete(c);
            }
            redraw();
          }
        : null,
      selected,
      playable: Boolean(usable) && !selected && takes.has(card),
      muted: Boolean(ctx.legal?.length) && !usable,
      hinted: card === hint,
    });
  });
  box.append(
    el("h3", { class: "hand-title", text: handTitle(ctx, "rc.your_hand") }),
    navRow("hand", handTitle(ctx, "rc.your_hand"), cards),
  );
  return box;
}

// -- the move bar: the exact moves of the current choice, with their notation ------------------
function bar(ctx, view, s, sel, moves, redraw) {
  if (!ctx.legal?.length) return el("div");
  const exact = open(sel, moves).filter(
    (m) => sel.played !== null && m.others.length === sel.table.size,
  );
  const more = open(sel, moves).length - exact.length;
  let prompt;
  if (sel.played === null) prompt = ctx.t(sel.table.size ? "rc.prompt.hand_for_table" : "rc.prompt.hand");
  else if (exact.length) prompt = ctx.t("rc.prompt.confirm", { card: pretty(sel.played) });
  else prompt = ctx.t("rc.prompt.table", { card: pretty(sel.played) });
  if (more > 0 && exact.length) prompt += ` ${ctx.t("rc.prompt.more")}`;
  const buttons = exact.map((m) => moveButton(ctx, m.text, { label: label(ctx, m), primary: true }));
  const extra = [];
  if (sel.played !== null || sel.table.size) {
    extra.push(
      plainButton(ctx.t("table.clear"), () => {
        choice.reset();
        redraw();
      }),
    );
  }
  return moveBar(ctx, { prompt, moves: buttons, extra });
}

// Escape (keyboard.js) starts the choice again.
export function reset() {
  choice.reset();
}

function label(ctx, m) {
  if (m.verb === "build") return ctx.t("rc.build_move", { value: m.value });
  return actionLabel(m.text);
}

// -- every side's pile: face down (RC-24), its size and the sweep cards face up on it -----------
// Its spades and cards only where the view gives them: open piles, or the hand scored.
function piles(ctx, view, s) {
  const sizes = Array.isArray(s.pile_sizes) ? s.pile_sizes : [];
  if (!sizes.length) return el("div");
  const box = el("div", { class: "rc-piles" });
  sizes.forEach((size, side) => {
    const facts = [ctx.t(Array.isArray(s.piles) ? "rc.pile" : "rc.pile_down", { n: size })];
    if (Array.isArray(s.pile_spades)) facts.push(ctx.t("rc.spades", { n: s.pile_spades[side] }));
    if (Array.isArray(s.sweeps)) facts.push(ctx.t("rc.sweeps", { n: s.sweeps[side] }));
    if (s.last_capture === side) facts.push(ctx.t("rc.last_capture"));
    const near = s.near_21?.[side];
    const body = [el("p", { class: "note", text: facts.join(" · ") })];
    body.push(pileDrawing(ctx, size, s.sweep_cards?.[side] ?? []));
    if (near) {
      const item = tOr(`item.${near}`, near);
      body.push(el("p", { class: "note warn", text: ctx.t("rc.near", { item }) }));
    }
    const cards = s.piles?.[side];
    if (Array.isArray(cards) && cards.length) {
      const details = el("details", {}, el("summary", { text: ctx.t("rc.captured") }));
      details.append(el("div", { class: "cards" }, cards.map((c) => ctx.cardElement(c, { small: true }))));
      body.push(details);
    }
    const mine = ctx.seat !== null && ctx.seat !== undefined && sideOf(view, ctx.seat) === side;
    const title = sideName(view, side, ctx.replay ? null : ctx.seat);
    const p = panel(`pile${mine ? " mine" : ""}`, title, ...body);
    p.dataset.side = String(side);
    box.append(p);
  });
  return box;
}

// A face-down pile: a few backs with its count, and each sweep card face up across it (RC-18).
function pileDrawing(ctx, size, markers) {
  const drawn = el("div", { class: "pile-drawing" });
  if (size > 0) drawn.append(backs(ctx, size, { max: 3 }));
  if (markers.length) {
    const label = ctx.t("rc.markers", { n: markers.length });
    const row = el("span", { class: "sweep-markers", attrs: { role: "group" } });
    row.setAttribute("aria-label", label);
    row.title = label;
    row.append(...markers.map((c) => ctx.cardElement(c, { small: true })));
    drawn.append(row);
  }
  return drawn;
}
