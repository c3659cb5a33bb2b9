// Creating a table through the JSON API (the lobby's form and "play again" both do), and the
// browser's own list of the tables it created, with their seat links ("Your tables") and the
// creator's key, which asks for a new link for a seat (the old one stops working).

import { Refused } from "./refused.js";
import { WAIT_MS, tries } from "./retry.js";

const MINE = "cardtable.mine";

// The room's own address: this module is served from <room>/static/, so the room is one level
// up, also when a reverse proxy serves it under a path (cardtable serve --root-path /cards).
// Every fetch, link and WebSocket is made from it, never from the site's root "/".
const ROOT = new URL("../", import.meta.url);

export function roomUrl(path) {
  return new URL(path, ROOT).href;
}

// The room's list of games (GET /api/games: each game's client module, options and bot levels),
// asked for once a page and shared by its modules. An ask that fails (no connection, or an answer
// that is not the room's) is tried twice more, a little later each time; if all three fail the
// answer is null and nothing is kept, so the next call asks again rather than living with an
// empty list until the page is reloaded.
let catalogue = null;

export function gameCatalogue() {
  catalogue ??= askCatalogue().then((answer) => {
    if (!answer) catalogue = null;
    return answer;
  });
  return catalogue;
}

function askCatalogue() {
  return tries(async () => {
    const response = await fetch(roomUrl("api/games"), { signal: AbortSignal.timeout(WAIT_MS) });
    if (!response.ok) throw new Error(`the list of games did not come (${response.status})`);
    return response.json();
  }).catch(() => null);
}

// A game's client module as the catalogue names it, or null (generic rendering) while the
// catalogue cannot be had.
export async function clientModule(game) {
  return (await gameCatalogue())?.games.find((g) => g.id === game)?.client_module ?? null;
}

// A game's rules page in a language, at one rule when given (its id is the anchor, RC-17).
export function rulesUrl(game, lang, rule = null) {
  const page = roomUrl(`rules/${encodeURIComponent(game)}?lang=${encodeURIComponent(lang)}`);
  return rule ? `${page}#${encodeURIComponent(rule)}` : page;
}

// POST /api/tables: the answer (table, tokens, links, watch, owner), or an Error with the reason.
export async function createTable(body) {
  return post("api/tables", body);
}

// The next match of a finished table, asked for with this seat's token: {table, seat, token,
// link}; the first player to ask creates it, the others get the same one.
export async function askRematch(tableId, token) {
  return post(`api/tables/${encodeURIComponent(tableId)}/rematch`, { token });
}

// How long the table's computer players wait before each move, set by a player.
export async function setPace(tableId, token, seconds) {
  return post(`api/tables/${encodeURIComponent(tableId)}/pace`, { token, seconds });
}

// A new link for a person's seat of a table this browser created; its remembered link too.
export async function newLink(tableId, seat) {
  const mine = myTables();
  const entry = mine.find((m) => m.id === tableId);
  if (!entry?.owner) throw new Refused({ key: "host.error.host" }, 403); // not made here
  const path = `api/tables/${encodeURIComponent(tableId)}/seats/${seat}/link`;
  const answer = await post(path, { owner: entry.owner });
  entry.links[String(seat)] = answer.link;
  localStorage.setItem(MINE, JSON.stringify(mine));
  return answer;
}

// The host pauses (true) or resumes (false) the match, with the creator's key.
export async function setPaused(tableId, owner, paused) {
  return post(`api/tables/${encodeURIComponent(tableId)}/pause`, { owner, paused });
}

// The host gives a seat to a computer of a level, or to a person ("human": a new link).
export async function setSeatKind(tableId, owner, seat, kind) {
  return post(`api/tables/${encodeURIComponent(tableId)}/seats/${seat}/kind`, { owner, kind });
}

// The host lets spectators talk (true) or makes them read only (false): talk.js.
export async function setSpectatorsTalk(tableId, owner, spectators) {
  return post(`api/tables/${encodeURIComponent(tableId)}/talk`, { owner, spectators });
}

// The host mutes a seat's talk (true) or lets it talk again (false).
export async function setMuted(tableId, owner, seat, muted) {
  return post(`api/tables/${encodeURIComponent(tableId)}/seats/${seat}/mute`, { owner, muted });
}

// A POST's answer, or a Refused with the room's reason (an answer that is not the room's JSON,
// a proxy's page, is one without a reason: "That did not work"). A room that cannot be reached
// throws fetch's TypeError: "Connection lost" (refusalText).
async function post(path, body) {
  const response = await fetch(roomUrl(path), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok || answer === null) throw new Refused(answer, response.status);
  return answer;
}

export function myTables() {
  try {
    return JSON.parse(localStorage.getItem(MINE) || "[]");
  } catch {
    return [];
  }
}

export function rememberTable(answer) {
  const mine = myTables();
  const { id, title } = answer.table;
  mine.unshift({ id, title, links: answer.links, owner: answer.owner });
  localStorage.setItem(MINE, JSON.stringify(mine.slice(0, 20)));
}
