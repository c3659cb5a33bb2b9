// The parts of the table page around the game's own drawing: who sits where, whose turn it
// is, the last move in words, the scores with every hand's breakdown, the move log, and a
// refused move explained (the reason and the rule it breaks).

import { language, t, tOr } from "./i18n.js";
import { describeAction } from "./actions.js";
import { el } from "./dom.js";
import { sideCount, sideName } from "./sides.js";


export function kindName(kind) {
  if (kind === "human") return t("kind.human");
  return t("kind.bot", { level: tOr(`level.${kind}`, kind) });
}

export function seatWho(seat, mySeat) {
  return seat === mySeat ? t("seat.you") : t("table.seat", { n: seat });
}

// -- seats -------------------------------------------------------------------------------------
export function drawSeats(box, seats, { toMove = null, mySeat = null } = {}) {
  box.replaceChildren();
  for (const s of seats) {
    const card = el("div", { class: "seat" });
    card.dataset.seat = String(s.seat);
    if (s.seat === toMove) card.classList.add("to-move");
    if (s.seat === mySeat) card.classList.add("me");
    const name = el("strong", { text: t("table.seat", { n: s.seat }) });
    if (s.seat === mySeat) name.textContent += ` (${t("table.you_short")})`;
    card.append(name, el("span", { class: "kind", text: kindName(s.kind) }));
    if (s.kind === "human") {
      const state = !s.claimed ? "waiting" : s.connected ? "here" : "away";
      const text = !s.claimed ? t("table.waiting") : s.connected ? t("table.online") : t("table.away");
      card.append(el("span", { class: `presence ${state}`, text }));
      if (s.stand_in) card.append(el("span", { class: "stand-in", text: t("table.standin") }));
    }
    if (s.seat === toMove) card.append(el("span", { class: "marker", text: t("table.to_move") }));
    box.append(card);
  }
}

// -- whose turn --------------------------------------------------------------------------------
export function turnText(view, status, mySeat) {
  if (view.is_over) {
    if (view.winner === null || view.winner === undefined) return t("table.over");
    return `${t("table.over")}: ${t("table.winner", { side: sideName(view, view.winner, mySeat) })}`;
  }
  if (status === "open") return t("table.waiting_players");
  if (view.to_move === mySeat && mySeat !== null) return t("table.your_turn");
  if (view.to_move === null || view.to_move === undefined) return "";
  return t("table.their_turn", { who: seatWho(view.to_move, mySeat) });
}

export function lastMoveText(last, mySeat) {
  if (!last) return "";
  return describeAction(last.action, seatWho(last.seat, mySeat));
}

// -- scores and each hand's breakdown ----------------------------------------------------------
export function itemName(item) {
  return tOr(`item.${item}`, String(item).replace(/_/g, " "));
}

function sidesTable(view, rows, caption, mySeat) {
  const sides = sideCount(view);
  const table = el("table", { class: "sides" });
  if (caption) table.createCaption().textContent = caption;
  const head = table.createTHead().insertRow();
  head.append(el("th"));
  for (let s = 0; s < sides; s += 1) {
    const th = el("th", { text: sideName(view, s, mySeat) });
    th.scope = "col";
    head.append(th);
  }
  const body = table.createTBody();
  for (const [item, values] of rows) {
    const tr = body.insertRow();
    tr.dataset.item = item;
    if (item === "total" || item === "score") tr.className = "total";
    const th = el("th", { text: item === "score" ? t("table.score") : itemName(item) });
    th.scope = "row";
    tr.append(th);
    (Array.isArray(values) ? values : []).forEach((v, side) => {
      const td = tr.insertCell();
      td.textContent = String(v);
      td.dataset.side = String(side);
    });
  }
  return table;
}

export function drawScores(box, view, mySeat) {
  const target = view.options?.target ?? view.options?.start;
  const caption = target !== undefined && view.options?.target !== undefined
    ? t("table.scores_to", { n: target })
    : t("table.scores");
  box.replaceChildren(sidesTable(view, [["score", view.scores ?? []]], caption, mySeat));
  box.querySelector("table").id = "score-table";
}

// Every hand's breakdown seen at this table, newest first; the newest is open.
export function drawHands(box, view, hands, mySeat) {
  box.replaceChildren();
  const numbers = Object.keys(hands).map(Number).sort((a, b) => b - a);
  if (!numbers.length) return;
  box.append(el("h2", { text: t("table.hands") }));
  numbers.forEach((n, i) => {
    const details = el("details", { class: "hand-breakdown" });
    details.dataset.hand = String(n);
    if (i === 0) details.open = true;
    details.append(el("summary", { text: t("table.hand", { n }) }));
    const rows = Object.entries(hands[n].breakdown ?? {});
    details.append(sidesTable(view, rows, null, mySeat));
    box.append(details);
  });
}

// -- the move log ------------------------------------------------------------------------------
export function drawLog(list, entries, mySeat) {
  list.replaceChildren();
  for (const entry of entries) {
    const li = el("li");
    li.value = entry.version;
    li.dataset.version = String(entry.version);
    li.dataset.seat = String(entry.seat);
    li.dataset.action = entry.action ?? "";
    li.append(el("span", { class: "who", text: t("table.hand", { n: entry.hand }) }), " ");
    li.append(el("span", { class: "what", text: describeAction(entry.action, seatWho(entry.seat, mySeat)) }));
    if (entry.by && entry.by !== "human") li.title = kindName(entry.by);
    list.append(li);
  }
}

// -- a refused message, in words ---------------------------------------------------------------
// The server's reason comes from the rules engine in English; in other languages the page
// says what kind of refusal it is and names the rule in the page's language, and keeps the
// engine's own words one click away.
export function drawError(box, msg) {
  box.replaceChildren();
  const head = el("p", { class: "error-head", text: tOr(`error.${msg.code}`, t("error.other")) });
  box.append(head);
  if (msg.rule) {
    const title = tOr(`rule.${msg.rule}`, "");
    const rule = el("p", {
      class: "error-rule",
      text: t("table.rule", { rule: msg.rule }) + (title ? ` — ${title}` : ""),
      data: { rule: msg.rule },
    });
    box.append(rule);
  }
  if (msg.message) {
    const reason = el("span", { class: "engine-reason", text: msg.message, attrs: { lang: "en" } });
    if (language() === "en") {
      box.append(el("p", { class: "error-reason" }, reason));
    } else {
      const details = el("details", { class: "error-reason" });
      details.append(el("summary", { text: t("error.original") }), reason);
      box.append(details);
    }
  }
  box.hidden = false;
}
