// The table page: holds a seat by its token (kept in localStorage), or watches; keeps the
// WebSocket open (reconnecting with back-off) and draws each view the server pushes.

import { languageSwitch, t, translatePage } from "./i18n.js";
import { cardBack, cardElement, mentions } from "./cards.js";
import { gameModule, renderGeneric, renderView, sidesTable } from "./render.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const watchOnly = new URLSearchParams(location.search).has("watch");
const storeKey = `cardtable.seat.${tableId}`;
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
  ws: null,
  seq: 0,
  retry: 0,
  stopped: false,
  seat: null,
  summary: null,
  message: null, // the latest state message
  seats: [],
  waiting: false, // a move was sent; wait for the answer before offering moves again
  selected: new Set(),
  module: null,
  modules: {},
  log: [],
  logged: 0, // highest version already in the log
};

async function start() {
  $("lang").append(languageSwitch());
  translatePage();
  $("title").textContent = t("table.title", { id: tableId });
  try {
    const response = await fetch("/api/games");
    const catalogue = await response.json();
    for (const g of catalogue.games) page.modules[g.id] = g.client_module;
  } catch {
    // generic rendering for every game
  }
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("typed-input").value.trim();
    if (text) play(text);
  });
  $("clear").addEventListener("click", () => {
    page.selected.clear();
    draw();
  });
  window.addEventListener("languagechange-cardtable", () => draw());
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/ws`);
  page.ws = ws;
  page.seq = 0;
  setConn(t("table.connecting"), "connecting");
  ws.addEventListener("open", () => {
    page.retry = 0;
    setConn(t("table.connected"), "up");
    send({ type: "hello", table: tableId, token });
  });
  ws.addEventListener("message", (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    receive(msg);
  });
  ws.addEventListener("close", () => {
    if (page.ws !== ws || page.stopped) return;
    page.waiting = false;
    const delay = Math.min(10, 0.5 * 2 ** page.retry);
    page.retry += 1;
    countdown(delay);
    setTimeout(connect, delay * 1000);
  });
}

function countdown(seconds) {
  let left = Math.ceil(seconds);
  setConn(t("table.reconnecting", { s: left }), "down");
  const timer = setInterval(() => {
    left -= 1;
    if (left <= 0 || page.ws.readyState !== WebSocket.CLOSED) return clearInterval(timer);
    setConn(t("table.reconnecting", { s: left }), "down");
  }, 1000);
}

function setConn(text, kind) {
  const el = $("conn");
  el.textContent = text;
  el.dataset.state = kind;
}

function send(message) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) return false;
  page.seq += 1;
  page.ws.send(JSON.stringify({ ...message, seq: page.seq }));
  return true;
}

function receive(msg) {
  switch (msg.type) {
    case "welcome":
      page.summary = msg.table;
      page.seat = msg.seat;
      page.seats = msg.table.seats;
      $("title").textContent = `${msg.table.title} · ${t("table.title", { id: tableId })}`;
      break;
    case "state":
      page.message = msg;
      page.seats = msg.seats;
      page.waiting = false;
      if (page.summary) page.summary.status = msg.status;
      addToLog(msg);
      keepSelection();
      hideError();
      draw();
      break;
    case "seats":
      page.seats = msg.seats;
      drawSeats();
      break;
    case "error":
      onError(msg);
      break;
    default:
      break; // ack, pong: the state push that follows says it all
  }
}

function onError(msg) {
  page.waiting = false;
  if (msg.code === "bad_token") {
    token = null;
    localStorage.removeItem(storeKey);
    showError(t("table.bad_token"));
    send({ type: "hello", table: tableId });
    return;
  }
  if (msg.code === "unknown_table") {
    page.stopped = true;
    showError(t("table.unknown"));
    page.ws.close();
    return;
  }
  const rule = msg.rule ? ` (${t("table.rule", { rule: msg.rule })})` : "";
  showError(`${msg.message}${rule}`);
  if (msg.code === "stale_version") send({ type: "sync" });
  drawActions();
}

function showError(text) {
  const el = $("error");
  el.textContent = text;
  el.hidden = false;
}

function hideError() {
  $("error").hidden = true;
}

function play(text) {
  if (page.waiting || !page.message) return;
  if (send({ type: "play", action: text, version: page.message.version })) {
    page.waiting = true;
    page.selected.clear();
    $("typed-input").value = "";
    drawActions();
  }
}

// Clicking a card selects it and narrows the moves to those using every selected card;
// clicking a selected card again plays the move when only one is left.
function toggle(card) {
  if (page.selected.has(card)) {
    const left = matching();
    if (left.length === 1) return play(left[0]);
    page.selected.delete(card);
  } else page.selected.add(card);
  draw();
}

function matching() {
  const legal = page.message && !page.waiting ? page.message.view.legal_actions : [];
  return legal.filter((a) => [...page.selected].every((c) => mentions(a, c)));
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
  page.log.length = Math.min(page.log.length, 200);
}

// -- drawing ------------------------------------------------------------------------------
async function draw() {
  const msg = page.message;
  drawSeats();
  if (!msg) return;
  const view = msg.view;
  $("role").textContent =
    page.seat === null ? t("table.spectator") : t("table.you", { n: page.seat });
  drawTurn(view, msg.status);
  const module = await gameModule(view.game, page.modules[view.game]);
  if (page.message !== msg) return; // a newer state arrived while loading
  const ownsActions = renderView($("area"), view, context(view), module);
  drawActions(ownsActions);
  drawScores(view);
  drawLog();
  drawFinished(view);
}

function context(view) {
  return {
    seat: page.seat,
    legal: page.waiting ? [] : view.legal_actions,
    play,
    selected: page.selected,
    toggle,
    t,
    cardElement,
    cardBack,
    renderGeneric,
  };
}

function drawTurn(view, status) {
  let text;
  if (view.is_over) {
    text = `${t("table.over")}. ${view.winner === null ? "" : t("table.winner", { side: view.winner })}`;
  } else if (status === "open") text = t("table.waiting_players");
  else if (view.to_move === page.seat && page.seat !== null) text = t("table.your_turn");
  else text = t("table.their_turn", { n: view.to_move });
  $("turn").textContent = text;
  $("turn").classList.toggle("mine", !view.is_over && view.to_move === page.seat);
}

function drawSeats() {
  const box = $("seats");
  box.replaceChildren();
  const toMove = page.message?.view.to_move;
  for (const s of page.seats) {
    const el = document.createElement("div");
    el.className = "seat";
    if (s.seat === toMove) el.classList.add("to-move");
    if (s.seat === page.seat) el.classList.add("me");
    const name = document.createElement("strong");
    name.textContent = t("table.seat", { n: s.seat });
    if (s.seat === page.seat) name.textContent += ` (${t("table.you_short")})`;
    const kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = s.kind === "human" ? t("kind.human") : t("kind.bot", { level: s.kind });
    el.append(name, kind);
    if (s.kind === "human") {
      const presence = document.createElement("span");
      presence.className = `presence ${s.connected ? "here" : "away"}`;
      presence.textContent = !s.claimed
        ? t("table.waiting")
        : s.connected
          ? t("table.online")
          : t("table.away");
      el.append(presence);
      if (s.stand_in) {
        const standIn = document.createElement("span");
        standIn.className = "stand-in";
        standIn.textContent = t("table.standin");
        el.append(standIn);
      }
    }
    if (s.seat === toMove) {
      const marker = document.createElement("span");
      marker.className = "marker";
      marker.textContent = t("table.to_move");
      el.append(marker);
    }
    box.append(el);
  }
}

function drawActions(ownsActions = false) {
  const msg = page.message;
  const legal = msg && !page.waiting ? msg.view.legal_actions : [];
  const section = $("actions");
  section.hidden = page.seat === null || !msg || msg.view.is_over || legal.length === 0;
  $("moves").hidden = ownsActions;
  const moves = $("moves");
  moves.replaceChildren();
  const shown = matching();
  for (const action of shown) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.textContent = action;
    button.addEventListener("click", () => play(action));
    moves.append(button);
  }
  $("no-match").hidden = shown.length > 0 || page.selected.size === 0;
  $("clear").hidden = page.selected.size === 0;
  const list = $("typed-list");
  list.replaceChildren(...legal.map((a) => new Option(a)));
}

function drawScores(view) {
  const sides = view.scores.length;
  $("scores").replaceChildren(
    sidesTable([["score", view.scores]], sides, t("table.scores")),
  );
  const box = $("breakdown");
  box.replaceChildren();
  if (view.last_hand) {
    const rows = Object.entries(view.last_hand.breakdown);
    box.append(sidesTable(rows, sides, t("table.last_hand", { n: view.last_hand.number })));
  }
}

function drawLog() {
  const list = $("log");
  list.replaceChildren();
  for (const entry of page.log) {
    const li = document.createElement("li");
    li.value = entry.version;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = `${t("table.hand", { n: entry.hand })} · ${t("table.seat", { n: entry.seat })}`;
    const what = document.createElement("code");
    what.textContent = entry.action ?? t("table.hidden_move");
    li.append(who, " ", what);
    list.append(li);
  }
}

function drawFinished(view) {
  $("finished").hidden = !view.is_over;
  if (view.is_over) {
    $("replay-link").href = `/replay/${encodeURIComponent(tableId)}`;
    $("record-link").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  }
}

start();
