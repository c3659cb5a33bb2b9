// Creating a table through the JSON API (the lobby's form and "play again" both do), and the
// browser's own list of the tables it created, with their seat links ("Your tables").

const MINE = "cardtable.mine";

// The room's own address: this module is served from <room>/static/, so the room is one level
// up, also when a reverse proxy serves it under a path (cardtable serve --root-path /cards).
// Every fetch, link and WebSocket is made from it, never from the site's root "/".
const ROOT = new URL("../", import.meta.url);

export function roomUrl(path) {
  return new URL(path, ROOT).href;
}

// POST /api/tables: the answer (table, tokens, links, watch), or an Error with the reason.
export async function createTable(body) {
  const response = await fetch(roomUrl("api/tables"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || response.statusText);
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
  mine.unshift({ id: answer.table.id, title: answer.table.title, links: answer.links });
  localStorage.setItem(MINE, JSON.stringify(mine.slice(0, 20)));
}
