// The parts of the table page around the game's own drawing: who sits where, whose turn it
// is, the last move in words, the scores with every hand's breakdown, the move log, and a
// refused move explained (the reason and the rule it breaks).

import { has, language, t, tOr, tp } from "./i18n.js";
import { describeAction } from "./actions.js";
import { rulesUrl } from "./api.js";
import { pretty, rankText } from "./cards.js";
import { el } from "./dom.js";
import { kindName, seatLabel, seatsOf, shortLabel, sideCount, sideName, sideOf } from "./sides.js";
import { eventText } from "./host.js";
import { talkText } from "./talk.js";

export { kindName };

// A seat as a person reads it (sides.js seatLabel: "You", the name, the computer, "Seat N").
export function seatWho(seat, mySeat, seats = null) {
  return seatLabel(seat, { seats, mySeat });
}

// -- seats on the felt ------------------------------------------------------------------------
// The game's drawing shows every seat once (data-seat); the page adds who sits there: a
// person online, away or not yet arrived, a computer, a stand-in and when it takes over, and
// the seat's last action until its next one.
export function markSeats(area, seats, { lastBySeat = {}, mySeat = null, elapsed = 0 } = {}) {
  for (const box of area.querySelectorAll(".be-seat[data-seat], .rc-seat[data-seat], .rummy-seat[data-seat]")) {
    const s = seats.find((x) => String(x.seat) === box.dataset.seat);
    if (!s) continue;
    box.querySelector(".seat-marks")?.remove();
    const marks = el("div", { class: "seat-marks" });
    if (s.kind !== "human") {
      // the seat's label already names the computer ("Computer 3 (random)"), unless it is named
      if (s.name || s.former) marks.append(el("span", { class: "kind", text: kindName(s.kind) }));
    } else {
      const state = !s.claimed ? "waiting" : s.connected ? "here" : "away";
      const text = !s.claimed ? t("table.waiting") : s.connected ? t("table.online") : t("table.away");
      marks.append(el("span", { class: `presence ${state}`, text }));
      box.classList.toggle("away", state === "away");
      if (s.stand_in) marks.append(el("span", { class: "stand-in", text: t("table.standin") }));
      else if (state === "away" && typeof s.takeover_in === "number") {
        const left = Math.max(0, Math.ceil(s.takeover_in - elapsed));
        marks.append(el("span", { class: "takeover", text: tp("table.takeover_in", left) }));
      }
    }
    const last = lastBySeat[s.seat];
    if (last) {
      const text = describeAction(last.action, seatWho(last.seat, mySeat, seats));
      marks.append(el("span", { class: "seat-last", text, data: { version: last.version } }));
    }
    box.append(marks);
  }
}

// -- whose turn --------------------------------------------------------------------------------
export function turnText(view, status, mySeat) {
  if (view.is_over) {
    if (view.winner === null || view.winner === undefined) return t("table.over");
    return `${t("table.over")}: ${winnerText(view, mySeat)}`;
  }
  if (status === "open") return t("table.waiting_players");
  if (view.to_move === mySeat && mySeat !== null) return t("table.your_turn");
  if (view.to_move === null || view.to_move === undefined) return "";
  return t("table.their_turn", { who: seatWho(view.to_move, mySeat) });
}

// "You win", "Seat 3 wins", "Seats 2 + 4 win": a partnership is a plural subject (the verb
// agrees with it: "ਸੀਟਾਂ 2 + 4 ਜਿੱਤ ਗਈਆਂ").
export function winnerText(view, mySeat) {
  const mine = mySeat !== null && mySeat !== undefined && sideOf(view, mySeat) === view.winner;
  if (mine) return t("table.winner_you");
  const seats = seatsOf(view, view.winner);
  if (seats.length > 1) return t("table.winner_team", { side: sideName(view, view.winner, mySeat) });
  // "Computer 3 (random) wins": numbered where seats read alike, as everywhere (seatLabel)
  return t("table.winner", { side: seatLabel(seats[0] ?? view.winner, { mySeat }) });
}

export function lastMoveText(last, mySeat) {
  if (!last) return "";
  return describeAction(last.action, seatWho(last.seat, mySeat));
}

// -- scores and each hand's breakdown ----------------------------------------------------------
export function itemName(item) {
  return tOr(`item.${item}`, String(item).replace(/_/g, " "));
}

// A table of the sides' scores (or one hand's items), in a box of its own that scrolls sideways
// where the page is narrower than the table (a phone, four long names). Two sides of the same
// name (three computers of one level) carry their seat numbers (seatLabel).
export function sidesTable(view, rows, caption, mySeat) {
  const sides = sideCount(view);
  const table = el("table", { class: sides > 3 ? "sides many" : "sides" });
  if (caption) table.createCaption().textContent = caption;
  const head = table.createTHead().insertRow();
  head.append(el("th"));
  const single = sides === view.players; // one seat a side: a computer by its number alone
  for (let s = 0; s < sides; s++) {
    const name = sideName(view, s, mySeat);
    const short = single ? shortLabel(seatsOf(view, s)[0] ?? s, { mySeat }) : name;
    const th = el("th", { text: short });
    if (short !== name) th.title = name;
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
  return el("div", { class: "sides-scroll" }, table);
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
export function drawLog(list, entries, mySeat, events = [], said = []) {
  list.replaceChildren();
  // the table's events (host.js: pauses, seat changes, new links) and its talk (talk.js), each
  // after the move it followed (its version: the actions played before it), the newest first
  // like the moves
  const items = [
    ...entries.map((entry) => ({ at: entry.version, entry })),
    ...events.map((event) => ({ at: event.version + 0.5 + event.number * 1e-6, event })),
    ...said.map((line) => ({ at: line.version + 0.75 + line.number * 1e-9, line })),
  ].sort((a, b) => b.at - a.at);
  for (const { entry, event, line } of items) {
    if (line) {
      const data = { talk: line.kind, after: line.version };
      list.append(el("li", { class: "log-talk", text: talkText(line, mySeat), data }));
      continue;
    }
    if (event) {
      const text = eventText(event, mySeat);
      list.append(el("li", { class: "log-event", text, data: { event: event.event, after: event.version } }));
      continue;
    }
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
// An engine's reason from its key (cardtable/games/reasons.py): cards as the page writes them,
// seats counted from 1, a suit letter as the suit's name, and the plural form `n` asks for.
function shownParams(params) {
  const shown = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (name === "card" || name === "cards") shown[name] = String(value).split(" ").map(pretty).join(" ");
    else if (name === "ranks") shown[name] = String(value).split(" ").map(rankText).join(" "); // "9 10 Q" (R5-5, QC-5)
    else if (name === "seat") shown[name] = Number(value) + 1;
    else if (name === "suit") shown[name] = tOr(`card.suit.${value}`, String(value));
    else if (name === "since") shown[name] = new Date(String(value)).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
    else shown[name] = value;
  }
  return shown;
}

export function reasonText(key, params = {}) {
  const shown = shownParams(params);
  return has(`${key}_other`) ? tp(key, Number(params.n ?? 0), shown) : t(key, shown);
}

export function drawError(box, msg, game = null) {
  box.replaceChildren();
  const head = el("p", { class: "error-head", text: tOr(`error.${msg.code}`, t("error.other")) });
  box.append(head);
  if (msg.rule) {
    const title = tOr(`rule.${msg.rule}`, "");
    const id = t("table.rule", { rule: msg.rule });
    const rule = el(
      "p",
      { class: "error-rule", data: { rule: msg.rule } },
      game ? el("a", { text: id, attrs: { href: rulesUrl(game, language(), msg.rule), target: "_blank", rel: "noopener" } }) : id,
      title ? ` — ${title}` : "",
    );
    box.append(rule);
  }
  const keyed = Boolean(msg.key) && (has(msg.key) || has(`${msg.key}_other`));
  if (keyed) {
    // a keyed reason: said in the page's language, the engine's English one click away
    box.append(el("p", { class: "error-reason keyed", text: reasonText(msg.key, msg.params) }));
  }
  if (msg.message && !(keyed && language() === "en")) {
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
