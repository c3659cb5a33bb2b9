// Replaying a finished match step by step (keyboard: ← and →, Home and End).

import { languageSwitch, t, translatePage } from "./i18n.js";
import { cardBack, cardElement } from "./cards.js";
import { gameModule, renderGeneric, renderView } from "./render.js";
import { drawScores } from "./panels.js";
import { clientModule, roomUrl } from "./api.js";
import { WAIT_MS } from "./retry.js";
import { seatTitle } from "./sides.js";
import { stepCaption } from "./replay-caption.js";
import { refusalText } from "./people.js";
import { Refused } from "./refused.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);
const base = roomUrl(`api/tables/${encodeURIComponent(tableId)}`);
// seats: the table's seats (kind, and name where known) from its summary, so every caption
// names the seat as the table did (sides.js seatLabel, counted from 1; nobody is "You" here).
const page = { step: 0, want: 0, steps: 0, data: null, seats: [] };

async function start() {
  $("lang").append(languageSwitch());
  translatePage();
  $("title").textContent = t("replay.title", { id: tableId });
  $("record").href = `${base}/record`;
  try {
    page.seats = (await (await fetch(base)).json()).seats ?? [];
  } catch {
    page.seats = []; // every seat is "Seat N"
  }
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(page.step - 1));
  $("next").addEventListener("click", () => go(page.step + 1));
  $("last").addEventListener("click", () => go(page.steps));
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT" && event.target.type !== "range") return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) go(page.step + moves[event.key]);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(page.steps);
    else return;
    event.preventDefault();
  });
  window.addEventListener("languagechange-cardtable", () => {
    $("title").textContent = t("replay.title", { id: tableId });
    draw();
  });
  const first = new URLSearchParams(location.search).get("step");
  go(Number(first) || 0);
}

// Keys may be pressed faster than steps arrive: the wanted step moves at once and only the
// answer for the latest wanted step is drawn. A step that cannot be fetched (the connection
// dropped) is asked for once more; if that fails too the page says so and stays on the step it
// shows, so the next key tries again from there.
async function go(step) {
  if (step < 0 || (page.data && step > page.steps)) return;
  page.want = step;
  page.step = step;
  const answer = (await fetchStep(step)) ?? (await fetchStep(step));
  if (page.want !== step) return;
  if (!answer || !answer.response.ok) {
    const message = answer ? refusalText(new Refused(answer.data, answer.response.status)) : t("offline.title");
    $("error").textContent = t("replay.unavailable", { message });
    $("error").hidden = false;
    page.step = page.data ? page.data.step : 0; // still the step on the board
    return;
  }
  const data = answer.data;
  $("error").hidden = true; // a refusal before (too many steps at once) is over
  page.step = data.step;
  page.steps = data.steps;
  page.data = data;
  draw();
}

// The room's answer for one step, or null when it could not be had (no connection, no answer
// within WAIT_MS, or an answer that is not the room's JSON).

async function fetchStep(step) {
  try {
    const response = await fetch(`${base}/replay/${step}`, { signal: AbortSignal.timeout(WAIT_MS) });
    return { response, data: await response.json() };
  } catch {
    return null;
  }
}

function context() {
  return {
    seat: null, legal: [], play() {}, selected: new Set(), toggle() {}, t,
    cardElement, cardBack, renderGeneric, table: tableId, version: page.step, hint: null,
    replay: true, seats: page.seats,
  };
}

async function draw() {
  const data = page.data;
  if (!data) return;
  $("slider").max = String(data.steps);
  $("slider").value = String(data.step);
  $("step").textContent = t("replay.step", { step: data.step, steps: data.steps });
  const last = data.last;
  $("what").textContent = stepCaption(last, page.seats);
  const module = await gameModule(data.spectator.game, await clientModule(data.spectator.game));
  renderView($("public"), data.spectator, context(), module);
  const everyone = $("everyone");
  everyone.replaceChildren();
  data.seats.forEach((view, seat) => {
    const box = document.createElement("section");
    box.className = "seat-view";
    const h = document.createElement("h3");
    h.textContent = seatTitle(seat, { seats: page.seats });
    box.dataset.seat = String(seat);
    const area = document.createElement("div");
    area.className = "area";
    box.append(h, area);
    everyone.append(box);
    renderView(area, view, { ...context(), seat }, module);
  });
  drawScores($("scores"), { ...data.spectator, scores: data.scores }, null);
}

start();
