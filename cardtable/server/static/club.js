// A club's page (/club/{id}), for its members only: its members (an owner removes one), invite
// links (an owner makes them, optionally expiring, and revokes them), a new table seating
// members by name, its live tables, its finished matches (replay, download) and its standings
// per game (OpenSkill: the conservative rating μ − 3σ with μ ± σ), and head-to-head records.

import { gameCatalogue, roomUrl } from "./api.js";
import { el } from "./dom.js";
import { language, languageSwitch, t, tp, translatePage } from "./i18n.js";
import { gameTitle, matchList, panel, passkeySignin } from "./me.js";
import { acting, call, failedPanel, refusalText, whoAmI } from "./people.js";
import { linkRow } from "./links.js";
import { kindName, seatLabel } from "./sides.js";

const $ = (id) => document.getElementById(id);
const clubId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
let catalogue = { games: [] };
let lastInvite = null;
let scrolledToForm = false;
// the game of the match just played (?game=, from its table's "New table"): chosen in the form
const askedGame = new URLSearchParams(location.search).get("game");

// The page, or why it could not be had (no connection, a refusal) with "Try now".
async function draw() {
  try {
    await drawPage();
  } catch (error) {
    $("title").textContent = t("club.title");
    $("main").replaceChildren(panel(t("club.title"), failedPanel(error, draw)));
  }
}

async function drawPage() {
  const main = $("main");
  const me = await whoAmI();
  if (!me.player) {
    // nobody yet in this browser: a member on a new device signs in as themselves (a new name
    // here would be a stranger the club refuses); a newcomer joins by an invite link
    $("title").textContent = t("club.title");
    main.replaceChildren(panel(t("club.members_only"),
      el("p", { class: "hint", attrs: { id: "club-signin-hint" }, text: t("club.signin_hint") }),
      passkeySignin(draw, null),
      el("p", { class: "hint", text: t("club.newcomer_hint") })));
    return;
  }
  let club;
  try {
    club = await call("GET", `api/clubs/${encodeURIComponent(clubId)}`);
  } catch (e) {
    $("title").textContent = t("club.title");
    main.replaceChildren(panel(t("club.title"), el("p", { class: "error", attrs: { id: "club-refused" }, text: refusalText(e) })));
    return;
  }
  // the room's games for the new table's form; asked again at each draw until they come
  if (!catalogue.games.length) catalogue = (await gameCatalogue()) ?? catalogue;
  $("title").textContent = club.club.name;
  document.title = `${club.club.name} · cardtable`;
  const owner = club.me.role === "owner";
  main.replaceChildren(...[
    panel(t("club.members"), memberList(club, owner)),
    owner ? invitePanel(club) : null,
    newTablePanel(club),
    panel(t("club.live"), liveList(club.live, me.player.id)),
    panel(t("club.finished"), matchList(club.finished, me.player.id)),
    standingsPanel(club),
    headToHead(club),
  ].filter(Boolean));
  // "New table" at the end of a club match comes here (#club-table): the form, in sight once
  if (location.hash === "#club-table" && !scrolledToForm) {
    scrolledToForm = true;
    $("club-table")?.scrollIntoView({ block: "center" });
  }
}

function memberList(club, owner) {
  return el("ul", { class: "table-list", attrs: { id: "members" } }, club.members.map((m) => {
    const li = el("li", { data: { player: m.id } }, el("bdi", { text: m.name }), " ",
      el("span", { class: "hint", text: t(`club.role.${m.role}`) }));
    if (owner && m.role !== "owner") {
      const remove = el("button", { class: "small", text: t("club.remove"), attrs: { type: "button" } });
      li.append(" ", ...acting(remove, async () => {
        if (!window.confirm(t("club.remove_confirm", { name: m.name }))) return;
        await call("DELETE", `api/clubs/${encodeURIComponent(clubId)}/members/${encodeURIComponent(m.id)}`);
        draw();
      }));
    }
    return li;
  }));
}

function invitePanel(club) {
  const expiry = el("select", { attrs: { id: "invite-expiry" } },
    [[null, "club.expires_never"], [60, "club.expires_hour"], [1440, "club.expires_day"], [10080, "club.expires_week"]]
      .map(([minutes, key]) => new Option(t(key), minutes === null ? "" : String(minutes))));
  const out = el("div", { attrs: { id: "invite-out" } });
  if (lastInvite) { // handed on as a seat link is: Copy, and Share where the browser has it
    const row = linkRow(t("club.invite_link"), lastInvite);
    row.querySelector("input").id = "invite-link";
    out.append(row, el("p", { class: "hint", text: t("club.invite_hint") }));
  }
  const make = el("button", { class: "primary", text: t("club.invite"), attrs: { type: "button", id: "invite-make" } });
  make.addEventListener("click", async () => {
    try {
      const body = expiry.value ? { expires_minutes: Number(expiry.value) } : {};
      lastInvite = (await call("POST", `api/clubs/${encodeURIComponent(clubId)}/invites`, body)).link;
      draw();
    } catch (e) {
      out.replaceChildren(el("p", { class: "error", text: refusalText(e) }));
    }
  });
  const open = (club.invites ?? []).filter((i) => !i.revoked);
  return panel(t("club.invites"),
    el("label", {}, el("span", { text: t("club.expires") }), " ", expiry), " ", make, out,
    el("ul", { class: "table-list", attrs: { id: "invites" } }, open.map((i) => {
      const revoke = el("button", { class: "small", text: t("club.revoke"), attrs: { type: "button" } });
      const revoking = acting(revoke, async () => {
        await call("DELETE", `api/clubs/${encodeURIComponent(clubId)}/invites/${encodeURIComponent(i.id)}`);
        draw();
      });
      const until = i.expires_at ? t("club.until", { when: dateTime(i.expires_at) }) : `${t("club.expires")}: ${t("club.expires_never")}`;
      return el("li", { data: { invite: i.id } }, el("span", { text: until }), " ", ...revoking);
    })));
}

// A date and time in the page's language, not the browser's (Punjabi as written in India,
// Tagalog as Filipino, which is what browsers' date data have).
const LOCALES = { en: "en", pa: "pa-IN", tl: "fil-PH" };

// A browser without the language's calendar words (it writes the month "M12") gets numbers
// only, in the 24-hour clock: no English "PM" in a Punjabi sentence.
function dateTime(when) {
  const locale = LOCALES[language()] ?? "en";
  const date = new Date(when);
  const month = new Intl.DateTimeFormat(locale, { month: "long" }).format(date);
  const options = /^M\d+$/.test(month)
    ? { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
    : { dateStyle: "medium", timeStyle: "short" };
  return new Intl.DateTimeFormat(locale, options).format(date);
}

function newTablePanel(club) {
  const games = catalogue.games.filter((g) => g.listed !== false);
  if (!games.length) {
    // the room's games could not be had: say so, and ask again (the whole page) on a tap
    const failed = failedPanel(new TypeError("no list of games"), draw); // "Connection lost"
    failed.id = "club-games-retry";
    return panel(t("club.new_table"), failed);
  }
  const game = el("select", { attrs: { id: "club-game" } }, games.map((g) => new Option(gameTitle(g.id), g.id)));
  const players = el("select", { attrs: { id: "club-players" } });
  // how long the match is: its target, or Buck Euchre's starting score (BE-11)
  const target = el("input", { attrs: { type: "number", id: "club-target" } });
  const targetName = el("span", { text: t("option.target") });
  const targetBox = el("label", {}, targetName, " ", target);
  let lengthOption = "target";
  const seats = el("div", { class: "seats", attrs: { id: "club-seats" } });
  const error = el("p", { class: "error", attrs: { role: "alert" } });
  error.hidden = true;
  const chosen = () => games.find((g) => g.id === game.value);
  function fillGame() {
    const g = chosen();
    if (!g) return;
    players.replaceChildren(...g.players.map((n) => new Option(String(n), String(n), false, n === g.default_players)));
    const spec = g.options.find((o) => o.name === "target") ?? g.options.find((o) => o.name === "start");
    targetBox.hidden = !spec;
    if (spec) {
      lengthOption = spec.name;
      targetName.textContent = t(`option.${spec.name}`);
      target.min = String(spec.low ?? 1);
      target.max = String(spec.high ?? 1000);
      target.value = String(spec.default);
    }
    fillSeats();
  }
  function fillSeats() {
    const g = chosen();
    const n = Number(players.value);
    seats.replaceChildren(...Array.from({ length: n }, (_, i) => {
      const select = el("select", { data: { seat: i }, attrs: { "aria-label": t("table.seat", { n: i + 1 }) } },
        club.members.map((m) => new Option(m.name, `player:${m.id}`)),
        (g?.bot_levels ?? []).map((level) => new Option(kindName(level), `kind:${level}`)));
      const pick = club.members[i] ? `player:${club.members[i].id}` : `kind:${g?.bot_levels.includes("heuristic") ? "heuristic" : g?.bot_levels[0]}`;
      select.value = pick;
      return el("label", {}, el("span", { text: t("table.seat", { n: i + 1 }) }), " ", select);
    }));
  }
  game.addEventListener("change", fillGame);
  players.addEventListener("change", fillSeats);
  if (games.some((g) => g.id === askedGame)) game.value = askedGame;
  fillGame();
  const form = el("form", { attrs: { id: "club-table" } },
    el("label", {}, el("span", { text: t("lobby.game") }), " ", game), " ",
    el("label", {}, el("span", { text: t("lobby.players") }), " ", players), " ", targetBox,
    el("fieldset", {}, el("legend", { text: t("lobby.seats") }), seats),
    el("button", { class: "primary", text: t("lobby.create"), attrs: { type: "submit" } }), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    const g = chosen();
    const options = !targetBox.hidden && target.value ? { [lengthOption]: Number(target.value) } : {};
    const seatList = [...seats.querySelectorAll("select")].map((s) => {
      const [what, value] = s.value.split(/:(.*)/s);
      return what === "player" ? { player: value } : { kind: value };
    });
    try {
      const answer = await call("POST", `api/clubs/${encodeURIComponent(clubId)}/tables`,
        { game: g.id, players: Number(players.value), options, seats: seatList });
      location.href = roomUrl(`table/${encodeURIComponent(answer.table.id)}`);
    } catch (e) {
      error.textContent = refusalText(e);
      error.hidden = false;
    }
  });
  return panel(t("club.new_table"), el("p", { class: "hint", text: t("club.new_table_hint") }), form);
}

function liveList(tables, myId) {
  if (!tables.length) return el("p", { class: "hint", text: t("club.no_live") });
  return el("ul", { class: "table-list", attrs: { id: "live" } }, tables.map((m) => {
    const mine = m.seats.find((s) => s.player === myId)?.seat ?? null;
    return el("li", { data: { table: m.id } }, el("strong", { text: gameTitle(m.game) }), " ",
      el("span", { class: "who", text: m.seats.map((s) => seatLabel(s.seat, { seats: m.seats, mySeat: mine })).join(" · ") }), " ",
      el("a", { text: mine === null ? t("club.watch") : t("club.open"), attrs: { href: roomUrl(`table/${encodeURIComponent(m.id)}`) } }));
  }));
}

function entrantName(row) {
  if (row.name) return row.name;
  if (row.computer) return kindName(row.computer);
  return t("player.former");
}

function standingsPanel(club) {
  const games = Object.keys(club.standings ?? {});
  if (!games.length) return panel(t("club.standings"), el("p", { class: "hint", text: t("club.no_standings") }));
  return panel(t("club.standings"), el("p", { class: "hint", text: t("club.rating_hint") }),
    ...games.map((g) => el("div", { class: "standings", data: { game: g } },
      el("h3", { text: gameTitle(g) }),
      el("table", {},
        el("thead", {}, el("tr", {}, ["club.who", "club.played", "club.won", "club.rating", "club.skill"]
          .map((k) => el("th", { text: spread(t(k)), attrs: { scope: "col" } })))),
        el("tbody", {}, club.standings[g].map((row) => el("tr", { data: { entrant: row.entrant } },
          el("th", { attrs: { scope: "row" } }, el("bdi", { text: entrantName(row) })),
          el("td", { text: String(row.played) }),
          el("td", { text: String(row.won) }),
          el("td", { class: "rating", text: row.rating.toFixed(1) }),
          el("td", { class: "hint", text: spread(t("club.mu_sigma", { mu: row.mu.toFixed(1), sigma: row.sigma.toFixed(1) })) }))))))));
}

// "26.2 ± 8.3" breaks, where it must, before the "±" only: "± 8.3" stays together.
function spread(text) {
  return text.replace(/ ± /g, " ±\u00a0");
}

function headToHead(club) {
  if (club.members.length < 2) return null;
  const pick = (id, i) => {
    const s = el("select", { attrs: { id } }, club.members.map((m) => new Option(m.name, m.id)));
    s.value = club.members[Math.min(i, club.members.length - 1)].id;
    return s;
  };
  const a = pick("h2h-a", 0);
  const b = pick("h2h-b", 1);
  const out = el("p", { attrs: { id: "h2h-out", "aria-live": "polite" } });
  const go = el("button", { text: t("club.compare"), attrs: { type: "button", id: "h2h-go" } });
  go.addEventListener("click", async () => {
    let r;
    try {
      r = await call("GET", `api/clubs/${encodeURIComponent(clubId)}/head-to-head?a=${encodeURIComponent(a.value)}&b=${encodeURIComponent(b.value)}`);
    } catch (error) {
      out.textContent = refusalText(error);
      return;
    }
    const name = (sel) => sel.options[sel.selectedIndex].text;
    out.textContent = t("club.h2h_sentence", {
      met: tp("club.h2h_met", r.matches, { a: name(a), b: name(b) }),
      a_ahead: tp("club.h2h_ahead", r.a_ahead, { who: name(a) }),
      b_ahead: tp("club.h2h_ahead", r.b_ahead, { who: name(b) }),
      level: tp("club.h2h_level", r.even),
      partners: tp("club.h2h_partners", r.partners),
    });
  });
  const labelled = (key, select) => el("label", { class: "h2h-pick" }, el("span", { text: t(key) }), " ", select);
  return panel(t("club.h2h"), labelled("club.h2h_a", a), " ", labelled("club.h2h_b", b), " ", go, out);
}

async function start() {
  $("lang").append(languageSwitch());
  translatePage();
  await draw();
  window.addEventListener("languagechange-cardtable", draw);
}

start();
