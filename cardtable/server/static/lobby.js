// The lobby: create a table (game, players, options, who sits where), share its seat links,
// and list the tables that are waiting, being played or finished.

import { language, languageSwitch, t, tOr, tp, translatePage } from "./i18n.js";
import { createTable, gameCatalogue, myTables, newLink, rememberTable, roomUrl, rulesUrl } from "./api.js";
import { kindName } from "./panels.js";
import { seatLabel } from "./sides.js";
import { el } from "./dom.js";
import { askFirst, linkRow } from "./links.js";
import { call, refusalText } from "./people.js";
import { Refused } from "./refused.js";
import { reduced } from "./motion.js";

const $ = (id) => document.getElementById(id);
let catalogue = { games: [], seat_kinds: ["human"], bot_levels: [] };
let lastCreated = null;

async function start() {
  $("lang").append(languageSwitch());
  translatePage();
  await askGames();
  $("game").addEventListener("change", fillGame);
  $("players").addEventListener("change", fillSeats);
  $("create").addEventListener("submit", create);
  $("options").addEventListener("change", sayOptions);
  $("options").addEventListener("input", sayOptions);
  // a value the form refuses is shown, not left folded away
  $("create").addEventListener(
    "invalid",
    (event) => {
      if ($("options").contains(event.target)) $("options-box").open = true;
    },
    true,
  );
  $("refresh").addEventListener("click", refresh);
  window.addEventListener("languagechange-cardtable", () => {
    relabel();
    refresh();
  });
  refresh();
  setInterval(async () => {
    if (!catalogue.games.length) await askGames();
    refresh();
  }, 5000);
}

// The room's games for the form; while they cannot be had the form says so, and they are asked
// for again with each refresh of the tables' list.
async function askGames() {
  const answer = await gameCatalogue();
  if (answer) {
    catalogue = answer;
    $("create-error").hidden = true;
  }
  fillGames();
  if (!answer) {
    $("create-error").textContent = t("offline.title");
    $("create-error").hidden = false;
  }
}

function game() {
  return catalogue.games.find((g) => g.id === $("game").value);
}

function fillGames() {
  const select = $("game");
  const chosen = select.value;
  const offered = catalogue.games.filter((g) => g.listed !== false); // test-only games stay out
  select.replaceChildren(
    ...offered.map((g) => new Option(gameTitle(g.id, g.title), g.id, false, g.id === chosen)),
  );
  if (!offered.length) {
    $("create-error").textContent = t("lobby.no_games");
    $("create-error").hidden = false;
  }
  fillGame();
}

// A language switch redraws the form in the new language and keeps what was chosen.
function relabel() {
  const values = optionValues();
  const kinds = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  fillGames();
  for (const [name, value] of Object.entries(values)) {
    const input = document.querySelector(`[data-option="${CSS.escape(name)}"]`);
    if (!input) continue;
    if (input.type === "checkbox") input.checked = value;
    else input.value = String(value);
  }
  $("seats").querySelectorAll("select").forEach((select, i) => {
    if (kinds[i]) select.value = kinds[i];
  });
  sayOptions();
  if ($("created").hidden === false && lastCreated) showLinks(lastCreated);
}

function gameTitle(id, title) {
  return tOr(`game.${id}`, title);
}

function fillGame() {
  const g = game();
  if (!g) return;
  $("rules-link").href = rulesUrl(g.id, language());
  const players = $("players");
  const keep = Number(players.value) || g.default_players;
  players.replaceChildren(
    ...g.players.map((n) => new Option(String(n), String(n), false, n === keep)),
  );
  if (!g.players.includes(keep)) players.value = String(g.default_players);
  const box = $("options");
  box.replaceChildren(...g.options.map(optionInput));
  $("options-box").hidden = g.options.length === 0;
  sayOptions();
  $("seats").replaceChildren(); // the computer levels differ from game to game
  fillSeats();
}

function optionInput(spec) {
  const label = document.createElement("label");
  label.className = "option";
  const gid = $("game").value;
  const doc = tOr(`option.${gid}.${spec.name}.doc`, tOr(`option.${spec.name}.doc`, spec.doc));
  label.title = doc;
  const name = document.createElement("span");
  const fallback = tOr(`option.${spec.name}`, spec.name.replace(/_/g, " "));
  name.textContent = tOr(`option.${gid}.${spec.name}`, fallback);
  let input;
  if (typeof spec.default === "boolean") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = spec.default;
  } else if (spec.choices) {
    // a short name in the list (a long one is cut off on a phone), the whole choice below it
    input = document.createElement("select");
    for (const c of spec.choices) {
      const full = tOr(`choice.${c}`, String(c));
      const option = new Option(tOr(`choice.${c}.short`, full), String(c), false, c === spec.default);
      option.title = full;
      input.append(option);
    }
  } else if (typeof spec.default === "number") {
    input = document.createElement("input");
    input.type = "number";
    input.step = "1";
    input.value = String(spec.default);
    if (spec.low !== null) input.min = String(spec.low);
    if (spec.high !== null) input.max = String(spec.high);
  } else {
    input = document.createElement("input");
    input.value = String(spec.default);
  }
  input.dataset.option = spec.name;
  const small = document.createElement("small");
  small.textContent = doc;
  if (spec.choices) {
    const said = () => {
      small.textContent = `${doc}: ${tOr(`choice.${input.value}`, input.value)}`;
    };
    input.addEventListener("change", said);
    said();
  }
  label.append(name, input, small);
  return label;
}

// The options fold away (Rummy 500's eight pushed "Create table" off a laptop's first screen);
// folded, their line says whether they are the rule book's or how many were changed.
function sayOptions() {
  const g = game();
  if (!g) return;
  const values = optionValues();
  const changed = g.options.filter((o) => values[o.name] !== o.default).length;
  $("options-said").textContent = changed
    ? tp("lobby.options_changed", changed)
    : t("lobby.options_as_rules");
}

function optionValues() {
  const g = game();
  const values = {};
  for (const spec of g.options) {
    const input = document.querySelector(`[data-option="${CSS.escape(spec.name)}"]`);
    if (!input) continue;
    if (typeof spec.default === "boolean") values[spec.name] = input.checked;
    else if (spec.choices) values[spec.name] = spec.choices.find((c) => String(c) === input.value);
    else if (typeof spec.default === "number") values[spec.name] = Number(input.value);
    else values[spec.name] = input.value;
  }
  return values;
}

function fillSeats() {
  const n = Number($("players").value) || 0;
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i += 1) {
    const label = document.createElement("label");
    label.className = "seat-kind";
    const name = document.createElement("span");
    name.textContent = t("lobby.seat", { n: i + 1 });
    const select = document.createElement("select");
    select.dataset.seat = String(i);
    const levels = game()?.bot_levels ?? catalogue.bot_levels;
    const preferred = levels.includes("heuristic") ? "heuristic" : levels[0];
    const fallback = i === 0 ? "human" : preferred || "human";
    const chosen = before[i] || fallback;
    for (const kind of ["human", ...levels]) {
      select.append(new Option(kindName(kind), kind, false, kind === chosen));
    }
    label.append(name, select);
    box.append(label);
  }
}

async function create(event) {
  event.preventDefault();
  const error = $("create-error");
  error.hidden = true;
  const body = {
    game: $("game").value,
    players: Number($("players").value),
    options: optionValues(),
    seats: [...$("seats").querySelectorAll("select")].map((s) => s.value),
    // the away policy (server/host.py): stand-ins only while a person is here, or always
    stand_ins: $("stand-ins").checked ? "present" : "always",
  };
  let answer;
  try {
    answer = await createTable(body);
  } catch (e) {
    error.textContent = t("lobby.error", { message: refusalText(e) });
    error.hidden = false;
    return;
  }
  rememberTable(answer);
  lastCreated = answer;
  showLinks(answer);
  refresh();
}

function showLinks(answer) {
  const box = $("links");
  box.replaceChildren();
  const links = Object.values(answer.links);
  // One person at the table: no links to send, just the way in.
  const alone = links.length === 1;
  $("share-text").dataset.i18n = alone ? "lobby.share_one" : "lobby.share";
  $("share-text").textContent = t($("share-text").dataset.i18n);
  if (alone) {
    const sit = document.createElement("a");
    sit.href = links[0];
    sit.className = "button primary";
    sit.id = "play-now";
    sit.textContent = t("lobby.play_now");
    box.append(sit);
    showCreated();
    return;
  }
  for (const [seat, link] of Object.entries(answer.links)) {
    const row = linkRow(t("lobby.link", { n: Number(seat) + 1 }), link);
    row.dataset.seat = seat;
    const sit = document.createElement("a");
    sit.href = link;
    sit.target = "_blank";
    sit.textContent = t("lobby.sit", { n: Number(seat) + 1 });
    row.append(sit);
    box.append(row);
  }
  const watch = document.createElement("a");
  watch.href = `${answer.watch}?watch`;
  watch.target = "_blank";
  watch.textContent = t("lobby.watch");
  box.append(watch);
  showCreated();
}

// The links of the table just made, brought into sight: on a laptop they come below the form.
function showCreated() {
  $("created").hidden = false;
  $("created").scrollIntoView({ block: "nearest", behavior: reduced() ? "auto" : "smooth" });
}

// The tables' list; while it cannot be had (no connection, a refusal such as too many
// requests) the last one stays, with "Connection lost" or the room's reason above it.
async function refresh() {
  let tables;
  try {
    const response = await fetch(roomUrl("api/tables"));
    const answer = await response.json().catch(() => ({}));
    if (!response.ok || !Array.isArray(answer.tables)) throw new Refused(answer, response.status);
    tables = answer.tables;
  } catch (error) {
    $("tables-error").textContent = refusalText(error);
    $("tables-error").hidden = false;
    return;
  }
  $("tables-error").hidden = true;
  for (const status of ["open", "running", "finished"]) {
    const list = $(`list-${status}`);
    const rows = tables.filter((x) => x.status === status).map(tableItem);
    list.replaceChildren(...(rows.length ? rows : [emptyItem()]));
  }
  drawMine(tables, await seatedTables());
}

// The unfinished tables where this browser's player sits by name (a club's table, reached by
// who one is, not by a seat's link): in "Your tables" beside those made here. Asked until the
// room says this browser is nobody yet.
let asksSeated = true;
async function seatedTables() {
  if (!asksSeated) return [];
  try {
    const { matches } = await call("GET", "api/me/matches");
    return matches.filter((m) => m.status !== "finished");
  } catch (e) {
    if (e instanceof Refused && [401, 403, 404].includes(e.status)) asksSeated = false;
    return [];
  }
}

function emptyItem() {
  const li = document.createElement("li");
  li.className = "empty";
  li.textContent = t("lobby.none");
  return li;
}

function tableItem(table) {
  const li = document.createElement("li");
  const title = document.createElement("strong");
  title.textContent = `${gameTitle(table.game, table.title)} · ${table.id}`;
  const seats = document.createElement("span");
  seats.className = "seat-summary";
  seats.textContent = table.seats
    .map((s) => {
      if (s.kind !== "human") return kindName(s.kind);
      const who = s.former ? t("player.former") : s.name || kindName(s.kind); // its person's name
      return `${who} ${!s.claimed ? "○" : s.connected ? "●" : "◌"}`;
    })
    .join(" · ");
  const facts = document.createElement("span");
  facts.className = "facts";
  const parts = [t(`status.${table.status}`), t("lobby.hand", { n: table.hand_number })];
  parts.push(t("lobby.scores", { scores: table.scores.join(" / ") }));
  if (table.winner !== null) {
    // each seat its own side: the winner by name ("won by Asha"); partnerships by side
    const alone = table.scores.length === table.players;
    parts.push(alone ? t("lobby.winner_named", { who: seatLabel(table.winner, { seats: table.seats }) })
      : t("lobby.winner", { side: table.winner + 1 }));
  }
  if (table.status === "finished") li.classList.add("finished");
  facts.textContent = parts.join(" · ");
  const links = document.createElement("span");
  links.className = "links";
  const watch = document.createElement("a");
  watch.href = roomUrl(`table/${encodeURIComponent(table.id)}?watch`);
  watch.textContent = t("lobby.watch");
  links.append(watch);
  if (table.status === "finished") {
    const replay = document.createElement("a");
    replay.href = roomUrl(`replay/${encodeURIComponent(table.id)}`);
    replay.textContent = t("lobby.replay");
    const record = document.createElement("a");
    record.href = roomUrl(`api/tables/${encodeURIComponent(table.id)}/record`);
    record.textContent = t("lobby.record");
    record.download = "";
    links.append(replay, record);
  }
  li.append(title, seats, facts, links);
  return li;
}

function drawMine(tables, seated) {
  const mine = myTables();
  const known = new Map(tables.map((x) => [x.id, x]));
  const linked = new Set(mine.map((m) => m.id));
  const byName = seated
    .filter((m) => !linked.has(m.id))
    .map((m) => {
      const li = document.createElement("li");
      li.dataset.table = m.id;
      const title = document.createElement("strong");
      title.textContent = `${gameTitle(m.game, m.game)} · ${m.club ? m.club.name : m.id}`;
      const open = document.createElement("a");
      open.href = roomUrl(`table/${encodeURIComponent(m.id)}`);
      open.className = "open-seat";
      open.textContent = t("club.open");
      li.append(title, " ", open);
      return li;
    });
  const rows = mine
    .filter((m) => known.has(m.id) && known.get(m.id).status !== "finished")
    .map((m) => {
      const li = document.createElement("li");
      li.dataset.table = m.id;
      const title = document.createElement("strong");
      title.textContent = `${gameTitle(known.get(m.id).game, m.title)} · ${m.id}`;
      li.append(title);
      for (const [seat, link] of Object.entries(m.links)) {
        const a = document.createElement("a");
        a.href = link;
        a.textContent = t("lobby.sit", { n: Number(seat) + 1 });
        li.append(" ", a);
        if (m.owner) li.append(" ", renewButton(m.id, seat, li));
      }
      return li;
    });
  rows.push(...byName);
  $("mine").replaceChildren(...(rows.length ? rows : [emptyItem()]));
}

// The creator gives a seat a new link (a link sent to the wrong person stops working): asked
// first, then the new link is shown with Copy (and Share), here and in "Table created".
function renewButton(tableId, seat, row) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "small renew";
  button.textContent = t("lobby.new_link", { n: Number(seat) + 1 });
  button.title = t("lobby.new_link_title");
  button.addEventListener("click", () => {
    askFirst(row, t("link.ask", { n: Number(seat) + 1 }), t("link.yes"), async () => {
      let answer;
      try {
        answer = await newLink(tableId, seat);
      } catch (e) {
        $("create-error").textContent = t("lobby.new_link_failed", { message: refusalText(e) });
        $("create-error").hidden = false;
        return;
      }
      if (lastCreated?.table.id === tableId) {
        lastCreated.links[String(seat)] = answer.link;
        showLinks(lastCreated); // the panel shows the new link, not the dead one
      }
      await refresh(); // never throws: a failed list is said above it
      const shown = el("div", { class: "new-link" }, el("p", { text: t("link.new", { n: Number(seat) + 1 }) }));
      shown.append(linkRow(t("lobby.link", { n: Number(seat) + 1 }), answer.link));
      const mine = [...$("mine").querySelectorAll("li")].find((li) => li.dataset.table === tableId);
      (mine ?? $("mine")).append(shown);
    });
  });
  return button;
}

start();
