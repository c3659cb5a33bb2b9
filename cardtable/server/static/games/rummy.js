// Rummy 500 and Queen City Rum (RULES.md R5, QC): one engine, one drawing.
//
// The other seats at the top (cards in hand, cards publicly taken from the discard pile),
// then the stock and the discard pile (spread: every card is public), the melds on the
// table numbered as the notation numbers them, and the viewer's hand.
//
// Moves are chosen by clicking: the stock draws; a card of the discard pile offers taking it
// and every card above it; cards selected from the hand offer the meld they make, or (one
// card) a lay-off on each meld it fits (click a meld to choose one) and the discard. Every
// offered move shows its notation ("meld 5h 6h Jo=7h", "layoff 8h on 2") before it is sent; a
// hand card only one move can use (often the discard) is played at its first tap.

import { actionLabel, parseAction } from "../actions.js";
import { pretty } from "../cards.js";
import { keepFocus } from "../keyboard.js";
import {
  backs,
  dealerBadge,
  el,
  memory,
  moveBar,
  moveButton,
  navRow,
  plainButton,
  sameCards,
  aboutSeat,
  handTitle,
  seatName,
  seatsFrom,
  tray,
  stateKey,
} from "./common.js";

export const handlesActions = true;

const choice = memory(() => ({ picked: new Set(), meld: null, take: null }));

// A card as the hand holds it: a declared joker "Jo=7h" is the joker "Jo".
function base(card) {
  return card.startsWith("Jo") ? "Jo" : card;
}

export function render(area, view, ctx) {
  const s = view.state ?? {};
  const sel = choice.get(stateKey(ctx, view));
  const moves = (ctx.legal ?? []).map(parseAction);
  const hand = Array.isArray(s.hand) ? s.hand : [];
  for (const i of [...sel.picked]) if (i >= hand.length) sel.picked.delete(i);
  const redraw = () => keepFocus(area, () => render(area, view, ctx));
  area.replaceChildren(
    el(
      "div",
      { class: "game rummy" },
      seatsRow(ctx, view, s),
      piles(ctx, s, sel, moves, redraw),
      meldsArea(ctx, s, sel, moves, hand, redraw),
    ),
    tray(
      ctx,
      handArea(ctx, view, s, sel, moves, hand, redraw),
      bar(ctx, view, s, sel, moves, hand, redraw),
    ),
  );
}

export function reset() {
  choice.reset();
}

// -- the other seats ---------------------------------------------------------------------------
// What is public about a seat, from either shape of the view: a list of players
// ({seat, cards, known, has_melded, floating}) or lists per seat (hand_sizes, known) and
// lists of seats (has_melded, floating).
function flag(list, seat) {
  if (!Array.isArray(list)) return false;
  return list.length && typeof list[0] === "boolean" ? Boolean(list[seat]) : list.includes(seat);
}

export function seatInfo(s, seat) {
  const p = (Array.isArray(s.players) ? s.players : []).find((x) => x?.seat === seat) ?? {};
  return {
    cards: typeof p.cards === "number" ? p.cards : s.hand_sizes?.[seat],
    known: Array.isArray(p.known) ? p.known : Array.isArray(s.known?.[seat]) ? s.known[seat] : [],
    hasMelded: p.has_melded ?? flag(s.has_melded, seat),
    floating: p.floating ?? flag(s.floating, seat),
  };
}

function seatsRow(ctx, view, s) {
  const row = el("div", { class: "rummy-seats" });
  for (const seat of seatsFrom(view.players, ctx.seat)) {
    const p = seatInfo(s, seat);
    const box = el("div", { class: "rummy-seat", data: { seat } });
    if (view.to_move === seat) box.classList.add("to-move");
    if (seat === ctx.seat) box.classList.add("me");
    const badges = el("div", { class: "badges" });
    if (s.dealer === seat) badges.append(dealerBadge(ctx));
    if (p.hasMelded) badges.append(el("span", { class: "badge", text: ctx.t("rummy.has_melded") }));
    if (p.floating) badges.append(el("span", { class: "badge warn", text: ctx.t("rummy.floating") }));
    if (s.went_out === seat) badges.append(el("span", { class: "badge", text: ctx.t("rummy.went_out") }));
    box.append(el("strong", { class: "name", text: seatName(ctx, seat) }), badges);
    if (seat !== ctx.seat && typeof p.cards === "number" && p.cards > 0) {
      box.append(backs(ctx, p.cards, { max: 8 }));
    }
    if (p.known.length && seat !== ctx.seat) {
      // a phone marks them with one short word over the cards' foot (the sentence is read aloud)
      const known = el("div", { class: "known" }, el("span", { class: "note", text: ctx.t("rummy.known") }),
        el("span", { class: "note-short", text: ctx.t("rummy.known_short"), attrs: { "aria-hidden": "true" } }));
      known.append(el("span", { class: "cards" }, p.known.map((c) => ctx.cardElement(c, { small: true }))));
      box.append(known);
    }
    row.append(box);
  }
  return row;
}

// -- the stock and the discard pile ------------------------------------------------------------
function piles(ctx, s, sel, moves, redraw) {
  const box = el("div", { class: "rummy-piles" });
  const draw = moves.find((m) => m.verb === "draw");
  const stockCount = typeof s.stock === "number" ? s.stock : 0;
  const stockLabel = ctx.t("rummy.stock", { n: stockCount });
  const stock = el(draw ? "button" : "div", { class: "stock", data: { action: draw ? "draw" : "" } });
  stock.append(
    stockCount ? ctx.cardBack() : el("span", { class: "card slot" }),
    el("span", { class: "count", text: stockLabel }),
  );
  stock.title = draw ? ctx.t("act.draw.label") : stockLabel;
  stock.setAttribute("aria-label", stock.title);
  if (draw) {
    stock.type = "button";
    stock.classList.add("playable");
    if (ctx.hint === "draw") stock.classList.add("hinted");
    stock.addEventListener("click", () => ctx.play("draw"));
  }
  const pile = Array.isArray(s.discard_pile) ? s.discard_pile : [];
  const takes = new Map(moves.filter((m) => m.verb === "take").map((m) => [m.played, m.text]));
  const calls = new Set(moves.filter((m) => m.verb === "rummy").map((m) => m.played));
  const cards = pile.map((card, i) => {
    const take = takes.get(card);
    const node = ctx.cardElement(card, {
      onClick: take
        ? () => {
            sel.take = sel.take === take ? null : take;
            sel.picked.clear();
            sel.meld = null;
            redraw();
          }
        : null,
      selected: Boolean(take) && sel.take === take,
      playable: Boolean(take) && sel.take !== take,
      hinted: ctx.hint === take || (calls.has(card) && ctx.hint === `rummy ${card}`),
      small: pile.length > 12,
    });
    if (take) node.dataset.action = take;
    if (i === pile.length - 1) node.classList.add("top");
    return node;
  });
  const discard = el(
    "div",
    { class: "discard-pile" },
    el("h3", { text: ctx.t("rummy.discard_pile", { n: pile.length }) }),
    cards.length
      ? navRow("spread", ctx.t("rummy.discard_pile", { n: pile.length }), cards)
      : el("p", { class: "note", text: "—" }),
  );
  const stockBox = el("div", { class: "stock-box" }, el("h3", { text: ctx.t("rummy.stock_title") }), stock);
  if (draw) stockBox.dataset.navRow = "";
  box.append(stockBox, discard);
  return box;
}

// -- the melds on the table --------------------------------------------------------------------
function meldsArea(ctx, s, sel, moves, hand, redraw) {
  const melds = Array.isArray(s.melds) ? s.melds : [];
  const picked = [...sel.picked].map((i) => hand[i]);
  const layoffs = moves.filter((m) => m.verb === "layoff");
  const box = el("div", { class: "rummy-melds" }, el("h3", { text: ctx.t("rummy.melds") }));
  if (!melds.length) {
    box.append(el("p", { class: "note", text: ctx.t("rummy.no_melds") }));
    return box;
  }
  const row = el("div", { class: "meld-list" });
  row.dataset.navRow = "";
  for (const meld of melds) {
    const n = meld.number;
    const fits = layoffs.filter(
      (m) => m.meld === n && (picked.length === 0 || (picked.length === 1 && base(m.played) === picked[0])),
    );
    const usable = fits.length > 0 || sel.meld === n;
    const laid = [...(Array.isArray(meld.laid_off) ? meld.laid_off : [])];
    const cards = (Array.isArray(meld.cards) ? meld.cards : []).map((c) => {
      const node = ctx.cardElement(c, { small: true });
      const at = laid.findIndex((x) => x.card === c);
      if (at >= 0) {
        node.classList.add("laid-off");
        node.dataset.by = String(laid[at].seat);
        node.title = `${node.title} · ${aboutSeat(ctx, "rummy.laid_off_by", laid[at].seat)}`;
        laid.splice(at, 1);
      }
      return node;
    });
    const kind = meld.kind === "run" || meld.kind === "set" ? ctx.t(`rummy.${meld.kind}`) : meld.kind ?? "";
    const head = el(
      "span",
      { class: "meld-head" },
      el("span", { class: "number", text: `#${n}` }),
      el("span", { class: "kind", text: kind }),
      el("span", { class: "owner", text: meld.by === undefined ? "" : seatName(ctx, meld.by) }),
    );
    const body = el("span", { class: "cards" }, cards);
    const node = el(usable ? "button" : "div", { class: "meld", data: { meld: n } }, head, body);
    const title =
      meld.by === undefined
        ? ctx.t("rummy.meld_title", { n, kind, who: "" })
        : aboutSeat(ctx, "rummy.meld_title", meld.by, { n, kind });
    node.title = title;
    node.setAttribute("aria-label", `${title}: ${(meld.cards ?? []).map(pretty).join(" ")}`);
    if (usable) {
      node.type = "button";
      node.setAttribute("aria-pressed", sel.meld === n ? "true" : "false");
      node.addEventListener("click", () => {
        sel.meld = sel.meld === n ? null : n;
        sel.take = null;
        redraw();
      });
      if (sel.meld !== n) node.classList.add("playable");
    }
    if (sel.meld === n) node.classList.add("selected");
    if (ctx.hint && parseAction(ctx.hint).meld === n) node.classList.add("hinted");
    row.append(node);
  }
  box.append(row);
  return box;
}

// -- the viewer's hand: select cards by position (two decks may hold two of a card) ----------
// Whether a card can go into a meld or a lay-off (highlighted), or only be discarded.
function meldsWith(moves, card, sel) {
  return moves.some((m) => {
    if (m.verb === "meld") return sel.meld === null && m.cards.some((c) => base(c) === card);
    if (m.verb === "layoff") return base(m.played) === card && (sel.meld === null || m.meld === sel.meld);
    return false;
  });
}

function usesOf(moves, card, sel) {
  return (
    meldsWith(moves, card, sel) ||
    moves.some((m) => m.verb === "discard" && m.played === card && sel.meld === null)
  );
}

// The one move a card can be in (a meld, a lay-off on the chosen meld or any, the discard), if
// only one: the first tap plays it.
function onlyUse(moves, card, sel) {
  const uses = moves.filter((m) => {
    if (!m.cards.some((c) => base(c) === card)) return false;
    if (m.verb === "meld" || m.verb === "discard") return sel.meld === null;
    return m.verb === "layoff" && (sel.meld === null || m.meld === sel.meld);
  });
  return uses.length === 1 ? uses[0].text : null;
}

function handArea(ctx, view, s, sel, moves, hand, redraw) {
  const box = el("div", { class: "rummy-hand" });
  if (ctx.seat === null || ctx.seat === undefined) return box;
  const active = moves.some((m) => ["meld", "layoff", "discard"].includes(m.verb));
  const hint = ctx.hint ? parseAction(ctx.hint) : null;
  const hintCards = hint && ["meld", "layoff", "discard"].includes(hint.verb) ? hint.cards.map(base) : [];
  const must = new Set(Array.isArray(s.must_use) ? s.must_use : []);
  const cards = hand.map((card, i) => {
    const selected = sel.picked.has(i);
    const usable = active && (selected || usesOf(moves, card, sel));
    const node = ctx.cardElement(card, {
      onClick: usable
        ? () => {
            const only = sel.picked.size === 0 && !sel.take ? onlyUse(moves, card, sel) : null;
            if (only) return ctx.play(only);
            if (sel.picked.has(i)) sel.picked.delete(i);
            else sel.picked.add(i);
            sel.take = null;
            redraw();
          }
        : null,
      selected,
      playable: usable && !selected && meldsWith(moves, card, sel),
      muted: active && !usable,
      hinted: hintCards.includes(card),
    });
    node.dataset.index = String(i);
    if (must.has(card)) node.classList.add("must");
    return node;
  });
  box.append(
    el("h3", { class: "hand-title", text: handTitle(ctx, "rummy.your_hand", hand.length) }),
    navRow("hand fan", handTitle(ctx, "rummy.your_hand", hand.length), cards),
  );
  return box;
}

// -- the move bar ---------------------------------------------------------------------------------
function exactMoves(sel, moves, hand) {
  const picked = [...sel.picked].sort((a, b) => a - b).map((i) => hand[i]);
  if (sel.take) return [sel.take];
  if (!picked.length) return [];
  const out = [];
  for (const m of moves) {
    if (m.verb === "meld" && sel.meld === null && sameCards(m.cards.map(base), picked)) out.push(m.text);
    if (picked.length !== 1) continue;
    const target = sel.meld === null || m.meld === sel.meld;
    if (m.verb === "layoff" && base(m.played) === picked[0] && target) out.push(m.text);
    if (m.verb === "discard" && m.played === picked[0] && sel.meld === null) out.push(m.text);
  }
  return out;
}

function bar(ctx, view, s, sel, moves, hand, redraw) {
  const mine = (ctx.legal ?? []).length > 0;
  const notes = [];
  if (mine && Array.isArray(s.must_use) && s.must_use.length) {
    notes.push(ctx.t("rummy.must_use", { cards: s.must_use.map(pretty).join(" ") }));
  }
  if (mine && s.may_not_discard) {
    notes.push(ctx.t("rummy.may_not_discard", { card: pretty(s.may_not_discard) }));
  }
  if (!mine) {
    const text = waiting(ctx, view, s);
    return text ? moveBar(ctx, { prompt: text }) : el("div");
  }
  let prompt;
  // a card of the pile chosen: its button says the rest (a phone keeps it on the first screen)
  if (s.phase === "draw") prompt = ctx.t(sel.take ? "rummy.prompt.choose" : drawPrompt(s, moves));
  else if (s.phase === "rummy call") {
    // the prompt names the very card the "Call Rummy on …" button names (the action's card,
    // which may lie under the top discard: a call down to it, R5-10)
    const called = [...new Set(moves.filter((m) => m.verb === "rummy").map((m) => m.played))];
    prompt = called.length
      ? ctx.t("rummy.prompt.call_on", { card: called.map(pretty).join(", ") })
      : ctx.t("rummy.prompt.call");
  }
  else if (sel.picked.size === 0 && sel.meld === null && !sel.take) prompt = ctx.t("rummy.prompt.play");
  else prompt = ctx.t("rummy.prompt.choose");
  const buttons = [];
  for (const text of exactMoves(sel, moves, hand)) {
    const m = parseAction(text);
    let label = actionLabel(text);
    if (m.verb === "take") {
      const pile = Array.isArray(s.discard_pile) ? s.discard_pile : [];
      const above = pile.length - 1 - pile.lastIndexOf(m.played);
      label = above > 0 ? ctx.t("rummy.take_above", { card: pretty(m.played), n: above }) : label;
    }
    buttons.push(moveButton(ctx, text, { label, primary: true }));
  }
  // Moves with nothing to choose: draw from the stock (here too, so a phone's tray has it),
  // end the hand, call Rummy, pass.
  for (const m of moves) {
    if (["draw", "end", "rummy", "pass"].includes(m.verb)) buttons.push(moveButton(ctx, m.text));
  }
  const extra = [];
  if (sel.picked.size || sel.meld !== null || sel.take) {
    extra.push(
      plainButton(ctx.t("table.clear"), () => {
        choice.reset();
        redraw();
      }),
    );
  }
  const cardMoves = ["meld", "layoff", "discard"];
  if (sel.picked.size && !buttons.some((b) => cardMoves.includes(parseAction(b.dataset.action).verb))) {
    notes.push(ctx.t("rummy.no_move_with", { n: sel.picked.size }));
  }
  const node = moveBar(ctx, { prompt, moves: buttons, extra });
  for (const note of notes) node.append(el("p", { class: "note warn", text: note }));
  return node;
}

// What the draw may take: the stock only, the top discard too (Queen City Rum, QC-4), or any
// card of the pile with every card above it (Rummy 500, R5-6).
function drawPrompt(s, moves) {
  const pile = Array.isArray(s.discard_pile) ? s.discard_pile : [];
  const takes = moves.filter((m) => m.verb === "take").map((m) => m.played);
  if (!takes.length) return "rummy.prompt.draw_stock";
  return takes.some((c) => c !== pile[pile.length - 1]) ? "rummy.prompt.draw" : "rummy.prompt.draw_top";
}

function waiting(ctx, view, s) {
  if (view.is_over || s.phase === "over") return null;
  const who = view.to_move === null || view.to_move === undefined ? "" : seatName(ctx, view.to_move);
  if (s.phase === "rummy call") return ctx.t("rummy.wait.call", { who });
  if (s.phase === "draw") return ctx.t("rummy.wait.draw", { who });
  return ctx.t("rummy.wait.play", { who });
}
