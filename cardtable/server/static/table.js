// The table page: holds a seat by its token (kept in localStorage), or watches; keeps the
// WebSocket open (connection.js reconnects with back-off) and draws each view the server
// pushes: the game's own drawing (games/<id>.js, or the generic one), the moves, a hint on
// request, the scores with every hand's breakdown, the log, and the end of the match with
// "play again".

import { language, languageSwitch, t, tOr, tp, tYou, translatePage } from "./i18n.js";
import { cardBack, cardElement, fourColourSwitch, mentions } from "./cards.js";
import { actionLabel } from "./actions.js";
import { askRematch, clientModule, roomUrl, rulesUrl, setPace } from "./api.js";
import { Connection } from "./connection.js";
import { keptGuestName, offerGuestName, showGuestNameRefused } from "./guestname.js";
import { el, moveButton } from "./dom.js";
import { focusHand, installKeyboard, keepFocus } from "./keyboard.js";
import { drawAwayMoves, drawHost, drawPaused } from "./host.js";
import { gameModule, renderGeneric, renderView } from "./render.js";
import {
  drawError,
  drawHands,
  drawLog,
  drawScores,
  lastMoveText,
  markSeats,
  turnText,
  winnerText,
} from "./panels.js";
import { seatLabel, sideCount, sideName, sideOf, useSeats } from "./sides.js";
import { drawHandEnd, goalText, tableLeft } from "./summary.js";
import { animateMoves, reduced as reducedMotion, snapshot } from "./motion.js";
import { fitHeader, installHeader } from "./header.js";
import { Alerts } from "./alerts.js";
import { refusalText } from "./people.js";
import { shareButton } from "./share.js";
import { allowReactions, drawTalk, heard, installTalk, talk, talkRefused } from "./talk.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const watchOnly = new URLSearchParams(location.search).has("watch");
const storeKey = `cardtable.seat.${tableId}`;
const handsKey = `cardtable.hands.${tableId}`;
const summaryKey = `cardtable.summary.${tableId}`; // the last hand summary dismissed
const $ = (id) => document.getElementById(id);

// A link "#token=…" hands over a seat: keep the token, then take it out of the address bar
// so the page can be shared or bookmarked without giving the seat away.
let token = null;
const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.get("token")) {
  localStorage.setItem(storeKey, fragment.get("token"));
  history.replaceState(null, "", location.pathname + location.search);
}
if (!watchOnly) token = localStorage.getItem(storeKey);

const page = {
  conn: null,
  seat: null,
  summary: null,
  message: null, // the latest state message
  seats: [],
  events: [], // the table's events (pauses, seat changes, new links: host.js)
  paused: null, // who paused the match and since when, while it is paused
  waiting: false, // a move was sent; wait for the answer before offering moves again
  selected: new Set(),
  module: null,
  log: [],
  logged: 0, // highest version already in the log
  hands: loadHands(), // hand number -> {breakdown}
  hint: null, // {version, action, reason, top} for the current state
  hintSeq: null,
  pace: null, // seconds the computer players wait before each move at this table
  rematch: null, // the next match, once someone asked for it: {next, by, token}
  offline: false, // the connection was lost: the page is inert until the state is resynced
  seatsAt: 0, // when the seats arrived (their take-over countdowns count from it)
  tools: null, // the hint, clear and typed-move controls, kept in the game's bottom tray
  alerts: null, // sounds, the title and favicon marks, notifications (alerts.js)
  handEndOpen: null, // the hand whose whole summary was asked for at the viewer's turn
};

function loadHands() {
  try {
    return JSON.parse(sessionStorage.getItem(handsKey) || "{}");
  } catch {
    return {};
  }
}

async function start() {
  $("lang").append(languageSwitch(), " ", fourColourSwitch(t("deck.four_colour")));
  page.alerts = new Alerts({
    icon: document.querySelector('link[rel="icon"]'),
    markedIcon: new URL("./favicon-turn.svg", import.meta.url).href,
  });
  $("lang").append(" ", page.alerts.controls());
  // the table to watch (never a seat's token): for a friend, a group chat
  const watch = () => roomUrl(`table/${encodeURIComponent(tableId)}?watch`);
  $("prefs").prepend(shareButton("table.share", watch));
  installHeader($("prefs-toggle"), $("prefs"));
  translatePage();
  installTalk({
    send: (message) => (page.offline ? null : page.conn.send(message)),
    mySeat: () => page.seat,
    canReact: () => (page.message?.last?.version ?? 0) > 0,
  });
  $("title").textContent = t("table.title", { id: tableId });
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("typed-input").value.trim();
    if (text) play(text);
  });
  page.tools = $("actions");
  $("offline-retry").addEventListener("click", () => page.conn.retryNow());
  $("clear").addEventListener("click", cancel);
  $("hand-end-close").addEventListener("click", dismissHandEnd);
  $("hand-end-more").addEventListener("click", () => {
    page.handEndOpen = page.message?.view.last_hand?.number ?? null;
    $("hand-end").classList.remove("brief");
  });
  $("pace").addEventListener("change", async () => {
    $("pace-error").hidden = true;
    try {
      await setPace(tableId, token, Number($("pace").value));
    } catch (e) {
      $("pace").value = String(page.pace); // the pace that holds, not the one refused
      $("pace-error").textContent = refusalText(e); // why, beside it, in the page's language
      $("pace-error").hidden = false;
    }
  });
  $("hint").addEventListener("click", askHint);
  $("again").addEventListener("click", playAgain);
  installKeyboard(document.body);
  document.body.addEventListener("cardtable-cancel", cancel);
  window.addEventListener("languagechange-cardtable", () => {
    drawTitle();
    drawTalk(page.seat);
    draw();
  });
  page.conn = new Connection({
    onOpen() {
      setConn(t("table.connected"), "up");
      if (page.offline) $("offline-text").textContent = t("offline.resync");
      page.conn.send({ type: "hello", table: tableId, token, name: page.guestName ?? undefined });
    },
    onMessage: receive,
    onDown(delay) {
      page.waiting = false;
      goOffline();
      countdown(delay);
    },
  });
  setConn(t("table.connecting"), "connecting");
  page.guestName = token ? keptGuestName() : null; // a guest by link may name their seat
  page.conn.open();
  // the box heads the side panel, not the board: on a phone it comes after the tray, so the
  // board and the hand keep the first screen
  offerGuestName(token, document.getElementById("scores"), (name) => {
    page.guestName = name;
    page.conn.reconnect(); // a new connection says hello with the name
  });
}

// Offline: a blocking overlay over an inert page (no card or button can start a move), with
// the countdown to the next try; input returns only with the first state after reconnecting.
function goOffline() {
  page.offline = true;
  document.querySelector("main").inert = true;
  $("offline").hidden = false;
}

function backOnline() {
  if (!page.offline) return;
  page.offline = false;
  document.querySelector("main").inert = false;
  $("offline").hidden = true;
}

let countdownTimer = null;

function countdown(seconds) {
  let left = Math.ceil(seconds);
  const show = () => {
    setConn(tp("table.reconnecting", left), "down");
    $("offline-text").textContent = tp("offline.countdown", left);
  };
  show();
  clearInterval(countdownTimer);
  countdownTimer = setInterval(() => {
    left -= 1;
    if (left <= 0 || !page.conn.isClosed) {
      clearInterval(countdownTimer);
      if (!page.conn.isClosed) return;
      setConn(t("table.connecting"), "connecting");
      $("offline-text").textContent = t("offline.trying");
      return;
    }
    show();
  }, 1000);
}

function setConn(text, kind) {
  const el = $("conn");
  el.textContent = text;
  el.dataset.state = kind;
  el.dataset.key = kind;
}

function drawTitle() {
  const game = page.summary ? tOr(`game.${page.summary.game}`, page.summary.title) : null;
  const title = t("table.title", { id: tableId });
  const whole = game ? `${game} · ${title}` : title;
  const changed = $("title").textContent !== whole || $("rules-link").hidden === !!page.summary;
  // the game's name, then the table's id: a phone shows the name only (layout.css), whole
  $("title").replaceChildren(...(game
    ? [el("span", { class: "title-game", text: game }), el("span", { class: "title-id", text: ` · ${title}` })]
    : [title]));
  if (page.summary) {
    $("rules-link").href = rulesUrl(page.summary.game, language());
    $("rules-link").hidden = false;
  }
  if (changed) fitHeader(document.querySelector(".table-top"));
  document.title = `${$("title").textContent} · ${t("app.name")}`;
  page.alerts?.retitled();
  const conn = $("conn");
  if (conn.dataset.key === "up") conn.textContent = t("table.connected");
  if (conn.dataset.key === "connecting") conn.textContent = t("table.connecting");
}

function receive(msg) {
  switch (msg.type) {
    case "welcome":
      elsewhereTries = 0;
      page.summary = msg.table;
      page.seat = msg.seat;
      page.seats = msg.table.seats;
      useSeats(page.seats);
      page.paused = msg.table.paused ?? null;
      page.pace = msg.table.pace ?? null;
      drawPace();
      drawTitle();
      drawTalk(page.seat);
      break;
    case "talk": {
      const fresh = heard(msg);
      drawTalk(page.seat, msg.history ? [] : fresh);
      drawLog($("log"), page.log, page.seat, page.events, talk.entries);
      drawHosting();
      break;
    }
    case "state":
      backOnline();
      if (page.message && msg.version < page.message.version) break; // an older push
      if (!page.message || msg.version !== page.message.version) page.hint = null;
      if (!page.message) firstState(msg);
      noteTableLeft(page.message, msg);
      alertFor(page.message, msg);
      page.message = msg;
      page.seats = msg.seats;
      useSeats(page.seats);
      page.seatsAt = Date.now();
      page.paused = msg.paused ?? null;
      page.waiting = false;
      if (page.summary) page.summary.status = msg.status;
      addToLog(msg);
      keepHands(msg.view);
      keepSelection();
      hideError();
      draw();
      break;
    case "log":
      onLog(msg);
      break;
    case "rematch":
      onRematch(msg);
      break;
    case "pace":
      page.pace = msg.seconds;
      drawPace();
      break;
    case "seats":
      page.seats = msg.seats;
      useSeats(page.seats);
      page.seatsAt = Date.now();
      drawSeatBar();
      drawHosting();
      break;
    case "events": // every event so far, on joining
      page.events = msg.events;
      drawLog($("log"), page.log, page.seat, page.events, talk.entries);
      break;
    case "event": // a new one (the state that follows shows its effect)
      page.events = [...page.events.filter((e) => !msg.events.some((n) => n.number === e.number)), ...msg.events];
      page.paused = msg.paused ?? null;
      drawLog($("log"), page.log, page.seat, page.events, talk.entries);
      drawHosting();
      drawTurn();
      break;
    case "away_moves":
      drawAwayMoves($("away-moves"), msg);
      break;
    case "hint":
      onHint(msg);
      break;
    case "error":
      onError(msg);
      break;
    default:
      break; // ack, pong: the state push that follows says it all
  }
}

// A sound for someone else's move; the "your turn" alert when the turn has just come to this
// seat (not on the first state of a visit, nor again after the viewer's own move).
function alertFor(before, msg) {
  if (!before || msg.version <= before.version || !page.alerts) return;
  const mine = (m) => page.seat !== null && !m.view.is_over && m.view.to_move === page.seat;
  if (mine(msg) && !mine(before)) page.alerts.yourTurn($("title").textContent);
  else if (msg.last && msg.last.seat !== page.seat) page.alerts.moved();
}

function onError(msg) {
  if (talkRefused(msg)) return; // a line refused (too fast, muted, …): said in the talk box
  page.waiting = false;
  if (["bad_token", "token_expired", "token_revoked", "token_replaced"].includes(msg.code)) {
    token = null;
    localStorage.removeItem(storeKey);
    // why this link no longer holds the seat (a replaced one says whom to ask: host.py),
    // kept on the page while it watches instead
    drawError($("link-notice"), { code: msg.code, key: msg.key, params: msg.params }, page.summary?.game);
    page.conn.send({ type: "hello", table: tableId });
    return;
  }
  if (msg.code === "bad_name") { // the guest's name was refused: say why, sit down unnamed
    page.guestName = null;
    showGuestNameRefused(msg);
    page.conn.send({ type: "hello", table: tableId, token });
    return;
  }
  if (msg.key === "room.error.elsewhere") { // another server still holds it: ask again soon
    showError(msg);
    helloAgain();
    return;
  }
  if (msg.code === "table_moved") { // the socket closes; the page connects again
    if (msg.url) page.conn.goTo(msg.url); // at the table's node, where the room says
    return;
  }
  if (["unknown_table", "table_expired", "table_closed", "forbidden"].includes(msg.code)) {
    page.conn.stop();
    backOnline();
    showError({ code: msg.code });
    return;
  }
  if (msg.seq !== null && msg.seq === page.hintSeq) {
    page.hintSeq = null;
    showHintText(msg.code === "no_hint" ? t("hint.none") : t("hint.failed"));
    return;
  }
  showError(msg);
  if (msg.code === "stale_version") page.conn.send({ type: "sync" });
  drawActions(page.module?.handlesActions);
  redrawArea();
  drawTurn();
}

// The table is served by another server of the room for a few seconds more (it restarted
// within its lease, and this one cannot relay): a fresh connection says hello again after 2 s,
// then 4, 8 and 10 s while the refusal lasts, so the seat comes back without a reload.
let elsewhereTries = 0;

function helloAgain() {
  const delay = Math.min(10, 2 ** (elsewhereTries + 1));
  elsewhereTries += 1;
  setTimeout(() => page.conn.reconnect(), delay * 1000);
}

function showError(msg) {
  drawError($("error"), msg, page.summary?.game);
}

function hideError() {
  $("error").hidden = true;
}

function play(text) {
  if (page.waiting || !page.message || page.offline) return;
  dismissHandEnd();
  if (page.conn.send({ type: "play", action: text, version: page.message.version }) !== null) {
    page.waiting = true;
    page.selected.clear();
    page.module?.reset?.();
    $("typed-input").value = "";
    hideError();
    drawActions(page.module?.handlesActions);
    redrawArea();
    drawTurn();
  }
}

function cancel() {
  page.selected.clear();
  page.module?.reset?.();
  draw();
}

// Clicking a card selects it and narrows the moves to those using every selected card;
// clicking a selected card again plays the move when only one is left (generic drawing).
function toggle(card) {
  if (page.selected.has(card)) {
    const left = matching();
    if (left.length === 1) return play(left[0]);
    page.selected.delete(card);
  } else page.selected.add(card);
  draw();
}

function legalNow() {
  return page.message && !page.waiting ? page.message.view.legal_actions ?? [] : [];
}

function matching() {
  return legalNow().filter((a) => [...page.selected].every((c) => mentions(a, c)));
}

// Selected cards stay selected only while some legal move still uses them.
function keepSelection() {
  const legal = page.message?.view.legal_actions ?? [];
  for (const card of [...page.selected]) {
    if (!legal.some((a) => mentions(a, card))) page.selected.delete(card);
  }
}

function addToLog(msg) {
  const last = msg.last;
  if (!last || last.version <= page.logged) return;
  page.logged = last.version;
  page.log.unshift(last);
}

// The match's log as the server sends it on join (pages, oldest first): it replaces what this
// page had, so a reload, a new tab and a spectator all read the whole story.
// (The pages follow the join's state message and come before any later push, in order.)
function onLog(msg) {
  const kept = msg.page === 0 ? [] : page.log;
  const byVersion = new Map(kept.map((e) => [e.version, e]));
  for (const entry of msg.entries) byVersion.set(entry.version, entry);
  page.log = [...byVersion.values()].sort((a, b) => b.version - a.version);
  page.logged = Math.max(page.logged, page.log[0]?.version ?? 0);
  drawLog($("log"), page.log, page.seat, page.events, talk.entries);
  drawSeatBar();
}

// -- the end of a hand -------------------------------------------------------------------------
function dismissed() {
  try {
    return Number(localStorage.getItem(summaryKey) || 0);
  } catch {
    return 0;
  }
}

// A page opened after a hand ended (a new tab, a reload later on) does not show that hand's
// summary over the board: only the hand the latest action ended is still news. Every tab of
// this browser shares what was dismissed.
function firstState(msg) {
  const last = msg.view.last_hand;
  if (!last || last.number <= dismissed()) return;
  if (msg.last && msg.last.hand === last.number) return; // it just ended: show it
  try {
    localStorage.setItem(summaryKey, String(last.number));
  } catch {
    // storage off: this page shows it
  }
}

// The host's controls, and the pause as everyone sees it.
function drawHosting() {
  drawPaused($("paused"), page.paused);
  if (!page.summary) return;
  drawHost($("host"), {
    tableId, game: page.summary.game, seats: page.seats, status: page.message?.status ?? page.summary.status,
    paused: page.paused, mySeat: page.seat, talk: { spectators: talk.spectators, muted: talk.muted },
  });
}

// The hand's last action ended it: what it left on the table, from the state just before.
function noteTableLeft(before, msg) {
  const ended = msg.view.last_hand;
  if (!before || !ended || !msg.last || msg.last.version !== before.version + 1) return;
  if (before.view.hand_number !== ended.number || msg.last.hand !== ended.number) return;
  const left = tableLeft(before.view.state, msg.last.action);
  if (left) page.hands[ended.number] = { ...(page.hands[ended.number] ?? {}), left };
}

// At the viewer's turn the summary is brief (its title and who went out or captured last),
// so the board the decision needs stays on screen; "Show all" opens the rest.
function drawHandEndPanel(view) {
  const last = view.last_hand;
  const box = $("hand-end");
  box.hidden = !last || last.number <= dismissed();
  if (box.hidden) return;
  const myTurn = page.seat !== null && view.to_move === page.seat && !view.is_over;
  box.classList.toggle("brief", myTurn && page.handEndOpen !== last.number);
  const close = $("hand-end-close"); // after the match nothing continues: the box only closes
  close.dataset.i18n = view.is_over ? "summary.hide" : "summary.close";
  close.textContent = t(close.dataset.i18n);
  const left = page.hands[last.number]?.left ?? null;
  drawHandEnd($("hand-end-title"), $("hand-end-body"), view, page.seat, left);
}

function dismissHandEnd() {
  const last = page.message?.view.last_hand;
  if (!last || $("hand-end").hidden) return;
  try {
    localStorage.setItem(summaryKey, String(last.number));
  } catch {
    // storage off: dismissed for this page only
  }
  $("hand-end").hidden = true;
}

// Each hand's breakdown as it is settled (kept for this tab, so a refresh keeps them).
function keepHands(view) {
  const last = view.last_hand;
  if (!last || !last.breakdown || page.hands[last.number]?.breakdown) return;
  page.hands[last.number] = { ...(page.hands[last.number] ?? {}), breakdown: last.breakdown };
  try {
    sessionStorage.setItem(handsKey, JSON.stringify(page.hands));
  } catch {
    // storage full or off: the breakdowns last for this page
  }
}

// -- hints -----------------------------------------------------------------------------------
function askHint() {
  if (!page.message || page.waiting) return;
  const seq = page.conn.send({ type: "hint" });
  if (seq === null) return;
  page.hintSeq = seq;
  showHintText(t("hint.thinking"));
}

function onHint(msg) {
  if (msg.seq !== page.hintSeq) return;
  page.hintSeq = null;
  if (!page.message || msg.version !== page.message.version) {
    showHintText(t("hint.stale"));
    return;
  }
  page.hint = msg;
  draw();
}

function showHintText(text) {
  const box = $("hint-box");
  box.replaceChildren(el("p", { text }));
  box.hidden = false;
}

// Points with their sign and one decimal; never "-0.0" (a loss too small to show is 0.0).
function signed(value) {
  const n = Number(Number(value).toFixed(1));
  if (n === 0) return "0.0";
  return `${n > 0 ? "+" : ""}${n.toFixed(1)}`;
}

function hintReason(hint) {
  const best = hint.top?.[0];
  if (!best || best.expected_points === undefined) return t("hint.only");
  const points = Number(best.expected_points);
  const text = t("hint.reason", {
    samples: best.samples ?? "?",
    points: signed(points),
    ahead: Math.round(Number(best.ahead ?? 0) * 100),
  });
  const next = hint.top?.[1];
  if (best.match_chance !== undefined) {
    // the search ranked this decision by the chance of winning the match (docs/protocol.md)
    const chance = (row) => Math.round(Number(row.match_chance) * 100);
    const sentence = `${text} ${t("hint.chance", { chance: chance(best) })}`;
    if (!next || next.match_chance === undefined) return sentence;
    return `${sentence} ${t("hint.next_chance", { move: actionLabel(next.action), chance: chance(next) })}`;
  }
  if (!next || next.expected_points === undefined) return text;
  return `${text} ${t("hint.next", {
    move: actionLabel(next.action),
    points: signed(next.expected_points),
  })}`;
}

function drawHint() {
  const box = $("hint-box");
  const hint = page.hint;
  if (!hint) {
    if (page.hintSeq === null) box.hidden = true;
    return;
  }
  box.replaceChildren(
    el(
      "p",
      { class: "hint-move", text: `${t("hint.suggest", { move: actionLabel(hint.action) })} ` },
      el("code", { class: "notation", text: hint.action, attrs: { lang: "zxx" } }),
    ),
    el("p", { class: "hint-why", text: hintReason(hint) }),
    el("button", {
      class: "primary",
      text: t("hint.play"),
      data: { action: hint.action },
      attrs: { type: "button" },
      onClick: () => play(hint.action),
    }),
  );
  box.hidden = false;
}

// -- the computers' pace -----------------------------------------------------------------------
// A player of a table with computer seats (or a stand-in) picks how long they wait per move.
const PACES = [
  [0.3, "pace.quick"],
  [0.8, "pace.normal"],
  [1.6, "pace.slow"],
  [3, "pace.slower"],
];

function drawPace() {
  const box = $("pace-box");
  const computers = page.seats.some((s) => s.kind !== "human" || s.stand_in);
  box.hidden = page.seat === null || !token || page.pace === null || !computers;
  if (box.hidden) return;
  const select = $("pace");
  const choices = PACES.map(([v]) => v);
  if (!choices.includes(page.pace)) choices.push(page.pace);
  select.replaceChildren(
    ...choices.sort((a, b) => a - b).map((v) => {
      const key = PACES.find(([x]) => x === v)?.[1];
      const words = key ? t(key) : t("pace.custom");
      return new Option(`${words} (${tp("pace.seconds", v)})`, String(v), false, v === page.pace);
    }),
  );
}

// -- play again, together --------------------------------------------------------------------
// "Play again" asks the room for the next match (same game, options and seats); the first
// player to press creates it, and everyone at the table is offered it live ("rematch"), each
// with their own seat's token: accepting lands on that one table.
async function playAgain() {
  const offer = page.rematch;
  if (offer?.token) return joinRematch(offer.next, offer.token);
  if (offer?.member) return goTo(offer.next); // a club member's seat there: theirs, signed in
  if (page.seat === null) return;
  const error = $("again-error");
  error.hidden = true;
  $("again").disabled = true;
  try {
    // a seat's link asks with its token; a club member (no token) asks signed in
    const answer = await askRematch(tableId, token ?? undefined);
    if (answer.token) joinRematch(answer.table, answer.token);
    else goTo(answer.table);
  } catch (e) {
    error.textContent = t("lobby.error", { message: refusalText(e) });
    error.hidden = false;
    $("again").disabled = false;
  }
}

function joinRematch(next, seatToken) {
  localStorage.setItem(`cardtable.seat.${next}`, seatToken);
  goTo(next);
}

function goTo(next) {
  location.assign(roomUrl(`table/${encodeURIComponent(next)}`));
}

function onRematch(msg) {
  page.rematch = msg;
  if (page.message) drawOver(page.message.view);
}

function drawRematch() {
  const box = $("again-links");
  const offer = page.rematch;
  box.hidden = !offer;
  if (!offer) return;
  const who = seatLabel(offer.by);
  const text = tYou("over.rematch_offer", offer.by === page.seat, { who });
  box.replaceChildren(el("p", { class: "offer", text }));
  const mine = offer.token || offer.member;
  $("again").textContent = mine ? t("over.join_rematch") : t("over.again");
  if (!mine) {
    const href = roomUrl(`table/${encodeURIComponent(offer.next)}?watch`);
    box.append(el("a", { text: t("over.watch_rematch"), attrs: { href } }));
  }
}

// -- drawing ---------------------------------------------------------------------------------
async function draw() {
  const msg = page.message;
  drawSeatBar();
  if (!msg) return;
  const view = msg.view;
  const module = await gameModule(view.game, await clientModule(view.game));
  if (page.message !== msg) return; // a newer state arrived while loading
  page.module = module;
  // Everything is drawn from the same state in one go (the turn line last), so whoever
  // sees "your turn" also sees the cards and the moves of that turn.
  const ownsActions = redrawArea();
  drawActions(ownsActions);
  drawHint();
  drawScores($("scores"), view, page.seat);
  drawHands($("breakdown"), view, page.hands, page.seat);
  drawLog($("log"), page.log, page.seat, page.events, talk.entries);
  drawHosting();
  allowReactions((msg.last?.version ?? 0) > 0);
  const ending = drawOver(view);
  drawPace();
  drawHandEndPanel(view);
  $("goal").textContent = goalText(view);
  $("goal").title = $("goal").textContent; // a phone shows it on one line
  const role = page.seat === null ? t("table.spectator") : t("table.you", { n: page.seat + 1 });
  if ($("role").textContent !== role) {
    $("role").textContent = role;
    fitHeader(document.querySelector(".table-top"));
  }
  const lastMove = $("last-move");
  lastMove.textContent = lastMoveText(msg.last, page.seat);
  lastMove.dataset.action = msg.last?.action ?? "";
  lastMove.dataset.seat = msg.last ? String(msg.last.seat) : "";
  lastMove.dataset.version = msg.last ? String(msg.last.version) : "";
  drawTurn();
  if (ending) showOver();
}

// The turn coming back to this seat puts the keyboard focus on the hand (keyboard.js).
let wasMine = false;

function drawTurn() {
  const msg = page.message;
  if (!msg) return;
  const view = msg.view;
  // while paused nobody moves: the turn line says so rather than "Your turn" beside the banner
  const paused = Boolean(page.paused) && !view.is_over;
  $("turn").textContent = paused ? t("table.paused") : turnText(view, msg.status, page.seat);
  const mine = !view.is_over && view.to_move === page.seat && !page.waiting && !page.paused;
  $("turn").classList.toggle("mine", mine);
  if (mine && !wasMine) focusHand($("area"));
  wasMine = mine;
}

function redrawArea() {
  const msg = page.message;
  if (!msg) return false;
  const area = $("area");
  const moved = area.dataset.version !== String(msg.version);
  const before = moved ? snapshot(area) : new Map();
  area.dataset.version = String(msg.version);
  area.dataset.game = msg.view.game;
  return keepFocus(area, () => {
    const owns = renderView(area, msg.view, context(msg), page.module);
    if (moved && msg.last?.version === msg.version) animateMoves(area, before, msg.last, page.seat, msg.view);
    // a drawing without a tray of its own (the generic one): the page's tools get one
    if (!area.contains(page.tools)) {
      const tray = el("div", { class: "tray", attrs: { role: "region" } }, page.tools);
      tray.setAttribute("aria-label", t("table.tray"));
      area.append(tray);
    }
    markSeats(area, page.seats, seatMarks());
    return owns;
  });
}

function context(msg) {
  const view = msg.view;
  return {
    seat: page.seat,
    legal: page.waiting ? [] : view.legal_actions ?? [],
    play,
    selected: page.selected,
    toggle,
    t,
    cardElement,
    cardBack,
    renderGeneric,
    table: tableId,
    version: msg.version,
    last: msg.last,
    hint: page.hint && page.hint.version === msg.version ? page.hint.action : null,
    tools: page.tools,
  };
}

function seatMarks() {
  const elapsed = (Date.now() - page.seatsAt) / 1000;
  return { lastBySeat: lastBySeat(), mySeat: page.seat, elapsed };
}

// Each seat's latest action of this hand in the log (marked on the felt until its next one;
// a new deal starts clean).
function lastBySeat() {
  const found = {};
  const hand = page.message?.view.hand_number;
  for (const entry of page.log) {
    if (entry.hand === hand && !(entry.seat in found)) found[entry.seat] = entry;
  }
  return found;
}

// The seats' marks on the felt, again each second while an away seat counts down.
let seatTimer = null;

function drawSeatBar() {
  markSeats($("area"), page.seats, seatMarks());
  const counting = page.seats.some((s) => s.takeover_in !== null && s.takeover_in !== undefined);
  if (counting && seatTimer === null) {
    seatTimer = setInterval(drawSeatBar, 1000);
  } else if (!counting && seatTimer !== null) {
    clearInterval(seatTimer);
    seatTimer = null;
  }
}

function drawActions(ownsActions = false) {
  const msg = page.message;
  const legal = legalNow();
  const section = $("actions");
  section.hidden = page.seat === null || !msg || msg.view.is_over || legal.length === 0;
  const moves = $("moves");
  moves.hidden = ownsActions;
  moves.replaceChildren();
  const shown = ownsActions ? [] : matching();
  for (const action of shown) {
    moves.append(moveButton(action, { hinted: page.hint?.action === action, onPress: play }));
  }
  $("no-match").hidden = ownsActions || shown.length > 0 || page.selected.size === 0;
  $("clear").hidden = ownsActions || page.selected.size === 0;
  $("hint").disabled = page.hintSeq !== null;
  const list = $("typed-list");
  list.replaceChildren(...legal.map((a) => new Option(a)));
}

// The match's result; true when it has just appeared.
function drawOver(view) {
  const over = $("over");
  const ending = over.hidden && view.is_over;
  over.hidden = !view.is_over;
  if (!view.is_over) return false;
  let title = t("table.over");
  if (view.winner !== null && view.winner !== undefined) {
    const mine = page.seat !== null && sideOf(view, page.seat) === view.winner;
    title = mine ? t("over.you_win") : winnerText(view, page.seat);
  }
  $("over-title").textContent = title;
  const parts = [];
  for (let side = 0; side < sideCount(view); side += 1) {
    parts.push(`${sideName(view, side, page.seat)}: ${view.scores?.[side] ?? "—"}`);
  }
  $("over-scores").textContent = parts.join(" · ");
  $("again").hidden = page.seat === null;
  drawRematch();
  // a club's table: the next one is made on the club's page, with this game chosen
  const club = page.summary?.club;
  $("new-table").href = club
    ? roomUrl(`club/${encodeURIComponent(club)}?game=${encodeURIComponent(page.summary.game)}#club-table`)
    : roomUrl("");
  $("replay-link").href = roomUrl(`replay/${encodeURIComponent(tableId)}`);
  $("record-link").href = roomUrl(`api/tables/${encodeURIComponent(tableId)}/record`);
  return ending;
}

// The result and "Play again" come below the last hand's summary: on a phone they would be out
// of sight, under a tray with nothing left to play, so the page brings them in once, when the
// match has ended and everything above them is drawn.
function showOver() {
  requestAnimationFrame(() => {
    $("over").scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
  });
}

start();
