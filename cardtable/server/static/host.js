// Hosting on the table page (server/host.py): the host's controls (pause and resume; give a
// seat nobody joined, or whose person is away, to a computer; give a computer's seat to a
// person with a new link; a seat's new link, asked first), what everyone sees of them (the
// pause, with who paused and since when; the events between the moves of the log), and what a
// person who comes back is told a computer played for them.
//
// The host is the browser that created the table (its key is kept with "Your tables",
// api.js). A club's owners host their club's tables too once clubs exist: their key would be
// found by hostKey as well.

import { language, t, tp } from "./i18n.js";
import { describeAction } from "./actions.js";
import { gameCatalogue, myTables, newLink, setMuted, setPaused, setSeatKind, setSpectatorsTalk } from "./api.js";
import { el } from "./dom.js";
import { askFirst, linkRow } from "./links.js";
import { kindName, seatLabel } from "./sides.js";
import { refusalText } from "./people.js";

export function hostKey(tableId) {
  return myTables().find((m) => m.id === tableId)?.owner ?? null;
}

function clock(iso) {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? "" : at.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
}

// -- the pause, for everyone -------------------------------------------------------------------
export function drawPaused(box, paused) {
  box.hidden = !paused;
  if (!paused) return;
  const by = paused.by === "host" ? "host" : "away";
  box.textContent = t(`paused.${by}`, { time: clock(paused.since) });
  box.dataset.by = by;
}

// -- the events in the move log ----------------------------------------------------------------
export function eventText(event, mySeat = null) {
  const seat = event.seat === null || event.seat === undefined ? "" : t("table.seat", { n: event.seat + 1 });
  switch (event.event) {
    case "pause":
      return t(event.by === "host" ? "log.pause.host" : "log.pause.away");
    case "resume":
      return event.by === "host"
        ? t("log.resume.host")
        : t("log.resume.return", { who: seatLabel(event.seat, { mySeat }) });
    case "seat":
      return event.kind === "human"
        ? t("log.seat.human", { seat })
        : t("log.seat.computer", { seat, level: kindName(event.kind) });
    case "link":
      return t("log.link", { seat });
    case "policy":
      return t(`log.policy.${event.stand_ins === "always" ? "always" : "present"}`);
    default:
      return event.event;
  }
}

// -- what a computer played for a person who was away --------------------------------------------
export function drawAwayMoves(box, msg) {
  const moves = msg.moves ?? [];
  box.replaceChildren();
  box.hidden = moves.length === 0;
  if (!moves.length) return;
  box.append(el("h2", { text: tp("away.summary", moves.length) }));
  const list = el("ol", { class: "away-list" });
  for (const m of moves) {
    const by = m.by && m.by !== "human" ? ` (${kindName(m.by)})` : "";
    list.append(el("li", { text: `${t("table.hand", { n: m.hand })} · ${describeAction(m.action, t("seat.you"))}${by}` }));
  }
  const close = el("button", { class: "primary", text: t("summary.close"), attrs: { type: "button", id: "away-close" } });
  close.addEventListener("click", () => {
    box.hidden = true;
  });
  box.append(list, close);
  close.focus({ preventScroll: true });
}

// -- the host's controls -----------------------------------------------------------------------
// The game's bot levels, or null while the room's list of games cannot be had.
async function botLevels(game) {
  const games = (await gameCatalogue())?.games;
  if (!games) return null;
  const found = games.find((g) => g.id === game)?.bot_levels ?? [];
  return found.length ? found : ["random"];
}

// ctx: {tableId, game, seats, status, paused, talk: {spectators, muted}}. Hidden for anyone but the
// host, and once the match is over.
export async function drawHost(box, ctx) {
  const owner = hostKey(ctx.tableId);
  box.hidden = !owner || ctx.status === "finished" || !ctx.seats.length;
  if (box.hidden) return;
  // drawn again only when what it offers changes (a question being asked stays open)
  const sig = JSON.stringify([ctx.paused, ctx.status, ctx.seats.map((s) => [s.kind, s.claimed, s.connected, s.name]),
    ctx.talk, document.documentElement.lang]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  const levels = await botLevels(ctx.game);
  // without the list only "random" is offered, and the next state message draws the box again
  if (!levels && box.dataset.sig === sig) box.dataset.sig = "";
  const offered = levels ?? ["random"];
  const keep = box.querySelector(".new-link"); // a new link shown stays until replaced
  box.replaceChildren(el("h2", { text: t("host.title") }));
  const problem = el("p", { class: "error host-error", attrs: { role: "alert" } });
  problem.hidden = true;
  const act = async (work) => {
    problem.hidden = true;
    try {
      return await work();
    } catch (e) {
      problem.textContent = t("host.failed", { message: refusalText(e) });
      problem.hidden = false;
      return null;
    }
  };
  const pause = el("button", {
    class: "small pause-button",
    text: t(ctx.paused ? "host.resume" : "host.pause"),
    attrs: { type: "button", id: "host-pause" },
  });
  pause.addEventListener("click", () => act(() => setPaused(ctx.tableId, owner, !ctx.paused)));
  box.append(pause);
  // the talk (talk.js): spectators read only unless allowed
  const spectators = el("input", { attrs: { type: "checkbox", id: "host-spectators-talk" } });
  spectators.checked = Boolean(ctx.talk?.spectators);
  spectators.addEventListener("change", async () => {
    const wanted = spectators.checked;
    const done = await act(() => setSpectatorsTalk(ctx.tableId, owner, wanted));
    if (done === null) spectators.checked = !wanted; // refused: the setting that holds
  });
  box.append(" ", el("label", { class: "host-talk" }, spectators, " ", t("host.spectators_talk")));
  const list = el("ul", { class: "host-seats" });
  for (const s of ctx.seats) {
    const who = seatLabel(s.seat, { seats: ctx.seats, mySeat: ctx.mySeat });
    const li = el("li", { data: { seat: s.seat } }, el("strong", { text: `${t("table.seat", { n: s.seat + 1 })}: ${who}` }));
    if (s.kind === "human") {
      const free = !s.claimed || !s.connected;
      li.append(" ", el("span", { class: "host-state", text: !s.claimed ? t("table.waiting") : s.connected ? t("table.online") : t("table.away") }));
      if (free) {
        const pick = el("select", { class: "host-level", attrs: { "aria-label": t("host.level") } });
        for (const level of offered) pick.append(el("option", { text: kindName(level), attrs: { value: level } }));
        pick.value = offered.includes("heuristic") ? "heuristic" : offered[0];
        const give = el("button", { class: "small host-computer", text: t("host.to_computer"), attrs: { type: "button" } });
        give.addEventListener("click", () => act(() => setSeatKind(ctx.tableId, owner, s.seat, pick.value)));
        li.append(" ", pick, " ", give);
      }
      const renew = el("button", { class: "small host-link", text: t("host.new_link"), attrs: { type: "button" } });
      renew.addEventListener("click", () => {
        askFirst(li, t("link.ask", { n: s.seat + 1 }), t("link.yes"), async () => {
          const answer = await act(() => newLink(ctx.tableId, s.seat));
          if (answer) showLink(box, s.seat, answer.link);
        });
      });
      li.append(" ", renew);
      const muted = (ctx.talk?.muted ?? []).includes(s.seat);
      const mute = el("button", {
        class: "small host-mute",
        text: t(muted ? "host.unmute" : "host.mute"),
        attrs: { type: "button", "aria-pressed": String(muted) },
      });
      mute.addEventListener("click", () => act(() => setMuted(ctx.tableId, owner, s.seat, !muted)));
      li.append(" ", mute);
    } else {
      const back = el("button", { class: "small host-person", text: t("host.to_person"), attrs: { type: "button" } });
      back.addEventListener("click", async () => {
        const answer = await act(() => setSeatKind(ctx.tableId, owner, s.seat, "human"));
        if (answer) {
          rememberLink(ctx.tableId, s.seat, answer.link);
          showLink(box, s.seat, answer.link);
        }
      });
      li.append(" ", back);
    }
    list.append(li);
  }
  box.append(list, problem);
  if (keep) box.append(keep);
}

function showLink(box, seat, link) {
  box.querySelector(".new-link")?.remove();
  const shown = el("div", { class: "new-link" }, el("p", { text: t("link.new", { n: seat + 1 }) }));
  shown.append(linkRow(t("lobby.link", { n: seat + 1 }), link));
  box.append(shown);
}

// "Your tables" keeps every seat's link: a seat given back to a person has one again.
function rememberLink(tableId, seat, link) {
  const mine = myTables();
  const entry = mine.find((m) => m.id === tableId);
  if (!entry) return;
  entry.links[String(seat)] = link;
  localStorage.setItem("cardtable.mine", JSON.stringify(mine));
}
