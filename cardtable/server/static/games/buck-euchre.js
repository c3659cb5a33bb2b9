// Buck Euchre (RULES.md BE): four seats around the trick, the viewer at the bottom; bidding
// as buttons (order up or pass, name a trump, stay or drop); the cards that may be played are
// highlighted and one click plays them; the last trick and every trick of the hand so far.
//
// Drawn defensively from the engine's view: a field that is missing is simply not drawn.

import { cardName, pretty, SUITS } from "../cards.js";
import { suitName } from "../actions.js";
import {
  backs,
  dealerBadge,
  el,
  moveBar,
  moveButton,
  navRow,
  panel,
  aboutSeat,
  handTitle,
  seatName,
  seatsFrom,
  tray,
} from "./common.js";

export const handlesActions = true;

const POSITIONS = ["bottom", "left", "top", "right"];

export function render(area, view, ctx) {
  const s = view.state ?? {};
  const players = view.players ?? 4;
  const order = seatsFrom(players, ctx.seat);
  const legal = ctx.legal ?? [];
  const board = el("div", { class: "be-board" });
  order.forEach((seat, i) => board.append(seatBox(ctx, view, s, seat, POSITIONS[i] ?? "top")));
  board.append(trickBox(ctx, s, order));
  area.replaceChildren(
    el("div", { class: "game be" }, infoBar(ctx, view, s), board),
    history(ctx, view, s, order),
    tray(ctx, handArea(ctx, view, s, legal), bidding(ctx, view, s, legal)),
  );
}

// -- the seats -------------------------------------------------------------------------------
function includes(list, seat) {
  return Array.isArray(list) && list.includes(seat);
}

function seatBox(ctx, view, s, seat, position) {
  const box = el("div", { class: `be-seat pos-${position}`, data: { seat } });
  if (view.to_move === seat) box.classList.add("to-move");
  if (seat === ctx.seat) box.classList.add("me");
  const dropped = includes(s.dropped, seat);
  if (dropped) box.classList.add("dropped");
  const badges = el("div", { class: "badges" });
  if (s.dealer === seat) badges.append(dealerBadge(ctx));
  if (s.maker === seat) badges.append(badge(ctx.t("be.maker_badge"), "maker", ctx.t("be.maker")));
  if (dropped) badges.append(badge(ctx.t("be.dropped"), "dropped"));
  else if (includes(s.stayed, seat)) badges.append(badge(ctx.t("be.stayed"), "stayed"));
  if (includes(s.passed, seat)) badges.append(badge(ctx.t("be.passed"), "passed"));
  const name = seatName(ctx, seat);
  box.append(el("strong", { class: "name", text: name, title: name }), badges);
  const won = s.tricks_won?.[seat];
  if (typeof won === "number") {
    const need = needed(s, seat);
    const text = need
      ? ctx.t("be.tricks_of", { n: won, need })
      : ctx.t("be.tricks", { n: won });
    box.append(el("span", { class: "tricks", text, data: { won } }));
  }
  const size = s.hand_sizes?.[seat];
  if (seat !== ctx.seat && typeof size === "number" && size > 0 && !dropped) box.append(backs(ctx, size));
  return box;
}

function badge(text, kind, title = null) {
  return el("span", { class: `badge ${kind}`, text, title: title ?? text });
}

// BE-11: the maker needs 3 tricks, every other player still in needs 1 (once trump is known).
function needed(s, seat) {
  if (s.trump === null || s.trump === undefined || includes(s.dropped, seat)) return 0;
  if (s.phase !== "play" && s.phase !== "over") return 0;
  return s.maker === seat ? 3 : 1;
}

// -- the trick in the middle -------------------------------------------------------------------
function trickBox(ctx, s, order) {
  const box = el("div", { class: "be-trick", attrs: { role: "group" } });
  box.setAttribute("aria-label", ctx.t("be.trick"));
  const current = Array.isArray(s.trick) ? s.trick : [];
  const showingLast = !current.some(Boolean) && s.last_trick?.cards?.some(Boolean);
  const cards = showingLast ? s.last_trick.cards : current;
  if (showingLast) box.classList.add("finished");
  order.forEach((seat, i) => {
    const slot = el("div", { class: `slot pos-${POSITIONS[i] ?? "top"}`, data: { seat } });
    const card = cards[seat];
    if (card) slot.append(ctx.cardElement(card, { small: true }));
    if (showingLast && s.last_trick.winner === seat) slot.classList.add("winner");
    box.append(slot);
  });
  const middle = el("div", { class: "middle" });
  if (showingLast && s.last_trick.winner !== undefined && s.last_trick.winner !== null) {
    middle.append(
      el("span", { class: "took", text: aboutSeat(ctx, "be.took", s.last_trick.winner) }),
    );
  } else if (s.upcard && (s.phase === "order" || s.phase === "discard")) {
    middle.append(
      el("span", { class: "label", text: ctx.t("be.upcard") }),
      ctx.cardElement(s.upcard, { small: true }),
    );
  } else if (s.trump) {
    middle.append(trumpMark(ctx, s.trump));
  }
  box.append(middle);
  return box;
}

function trumpMark(ctx, trump) {
  const symbol = trump === "none" ? "∅" : SUITS[trump] ?? "?";
  const mark = el("span", { class: `trump-mark suit-${trump}`, text: symbol });
  mark.title = ctx.t("be.trump_is", { suit: suitName(trump) });
  mark.setAttribute("aria-label", mark.title);
  return mark;
}

// -- what is known about the hand ------------------------------------------------------------
// "♥ hearts", or "no trump".
function suitText(suit) {
  return suit === "none" ? suitName(suit) : `${SUITS[suit] ?? ""} ${suitName(suit)}`.trim();
}

function infoBar(ctx, view, s) {
  const bar = el("div", { class: "info-bar" });
  const fact = (text) => bar.append(el("span", { class: "fact", text }));
  const undecided = s.trump === null || s.trump === undefined;
  fact(undecided ? ctx.t("be.trump_open") : ctx.t("be.trump_is", { suit: suitText(s.trump) }));
  bar.lastChild.dataset.trump = s.trump ?? "";
  if (s.upcard) fact(ctx.t("be.upcard_is", { card: pretty(s.upcard) }));
  if (s.turned_down) fact(ctx.t("be.turned_down", { card: pretty(s.turned_down) }));
  if (s.picked_up && s.dealer !== undefined) {
    fact(aboutSeat(ctx, "be.picked_up", s.dealer, { card: pretty(s.picked_up) }));
  }
  if (s.discard) fact(ctx.t("be.your_discard", { card: pretty(s.discard) }));
  if (s.upcard && s.upcard[1] === "c" && s.phase === "play") fact(ctx.t("be.clubs_turned"));
  return bar;
}

function phasePrompt(ctx, view, s, legal) {
  const mine = legal.length > 0;
  const suit = s.upcard ? suitName(s.upcard[1]) : "";
  switch (s.phase) {
    case "order":
      return mine ? ctx.t("be.prompt.order", { suit }) : ctx.t("be.phase.order");
    case "name": {
      const down = s.turned_down ? suitName(s.turned_down[1]) : "";
      return mine ? ctx.t("be.prompt.name", { suit: down }) : ctx.t("be.phase.name");
    }
    case "discard":
      return mine ? ctx.t("be.prompt.discard") : ctx.t("be.phase.discard");
    case "decide":
      return mine ? ctx.t("be.prompt.decide") : ctx.t("be.phase.decide");
    case "play":
      return mine ? ctx.t("be.prompt.play") : ctx.t("be.phase.play");
    default:
      return null;
  }
}

// -- the viewer's hand: playable cards are buttons, the rest are muted ------------------------
function handArea(ctx, view, s, legal) {
  const box = el("div", { class: "be-hand" });
  if (ctx.seat === null || ctx.seat === undefined) return box;
  const hand = Array.isArray(s.hand) ? s.hand : [];
  const byCard = new Map();
  for (const a of legal) {
    const [verb, card] = a.split(/\s+/);
    if ((verb === "play" || verb === "discard") && card) byCard.set(card, a);
  }
  const hintCard = ctx.hint ? ctx.hint.split(/\s+/)[1] : null;
  // a card that cannot be played now still answers a tap: the move is sent and the room's
  // refusal says why (the engine's keyed reason, BE-10: follow suit, in the page's language)
  const verb = [...byCard.values()][0]?.split(/\s+/)[0] ?? null;
  const cards = hand.map((card) => {
    const action = byCard.get(card);
    if (!action && verb && ctx.play) {
      const element = ctx.cardElement(card, { muted: true, onClick: () => ctx.play(`${verb} ${card}`) });
      element.setAttribute("aria-disabled", "true");
      return element;
    }
    if (!action) return ctx.cardElement(card, { muted: byCard.size > 0 });
    const element = ctx.cardElement(card, {
      onClick: () => ctx.play(action),
      playable: true,
      hinted: card === hintCard,
      // the card in words, for screen readers ("Play Ace of diamonds")
      label: ctx.t(action.startsWith("discard") ? "be.discard_card" : "be.play_card", {
        card: cardName(card),
      }),
    });
    element.dataset.action = action;
    return element;
  });
  box.append(navRow("hand", handTitle(ctx, "be.your_hand"), cards));
  if (Array.isArray(s.set_aside) && s.set_aside.length) {
    box.append(
      el("p", { class: "note", text: ctx.t("be.set_aside") }),
      navRow("set-aside", null, s.set_aside.map((c) => ctx.cardElement(c, { small: true }))),
    );
  }
  return box;
}

// -- bidding and the other decisions: one button each ----------------------------------------
function bidding(ctx, view, s, legal) {
  const prompt = phasePrompt(ctx, view, s, legal);
  const moves = [];
  for (const action of legal) {
    const [verb, arg] = action.split(/\s+/);
    if (verb === "play" || verb === "discard") continue; // the cards themselves
    let label = null;
    if (verb === "order") label = ctx.t("be.order", { suit: s.upcard ? suitText(s.upcard[1]) : "" });
    if (verb === "trump") label = ctx.t("be.name", { suit: suitText(arg) });
    if (verb === "pass") label = ctx.t("act.pass.label");
    if (verb === "stay") label = ctx.t("be.stay");
    if (verb === "drop") label = ctx.t("be.drop");
    moves.push(moveButton(ctx, action, { label, primary: verb === "order" || verb === "stay" }));
  }
  if (!prompt && !moves.length) return el("div");
  return moveBar(ctx, { prompt, moves });
}

// -- the last trick and every trick of this hand ----------------------------------------------
function trickLine(ctx, trick, order) {
  const row = el("div", { class: "trick-line" });
  for (const seat of order) {
    const card = trick.cards?.[seat];
    const cell = el("span", { class: "played", data: { seat } });
    cell.append(el("span", { class: "who", text: seatName(ctx, seat) }));
    cell.append(card ? ctx.cardElement(card, { small: true }) : el("span", { class: "none", text: "—" }));
    if (trick.winner === seat) cell.classList.add("winner");
    row.append(cell);
  }
  return row;
}

function history(ctx, view, s, order) {
  const box = el("div", { class: "be-history" });
  let last = s.last_trick;
  let caption = ctx.t("be.last_trick");
  if (!last && view.last_hand?.state?.last_trick) {
    last = view.last_hand.state.last_trick;
    caption = ctx.t("be.last_trick_of", { n: view.last_hand.number });
  }
  if (last?.cards) {
    const known = last.winner !== null && last.winner !== undefined;
    const winner = known ? aboutSeat(ctx, "be.took", last.winner) : "";
    const line = trickLine(ctx, last, order);
    const shown = panel("last-trick", caption, line, el("p", { class: "note", text: winner }));
    if (last !== s.last_trick) shown.dataset.part = "last-hand"; // the previous hand's end (C-6)
    box.append(shown);
  }
  const tricks = [...(Array.isArray(s.earlier_tricks) ? s.earlier_tricks : [])];
  if (s.last_trick?.cards) tricks.push(s.last_trick);
  if (tricks.length) {
    const details = el("details", { class: "felt-panel all-tricks" });
    details.append(el("summary", { text: ctx.t("be.played_so_far", { n: tricks.length }) }));
    tricks.forEach((trick, i) => {
      const title = el("p", { class: "note", text: ctx.t("be.trick_n", { n: i + 1 }) });
      details.append(title, trickLine(ctx, trick, order));
    });
    box.append(details);
  }
  return box;
}
