// One's own page (/me): the name and renaming, one's clubs and a new club, "My matches"
// (club and guest tables alike), a one-time sign-in link and QR code for another device,
// the export of everything stored about one, and deleting one's player.

import { roomUrl } from "./api.js";
import { el } from "./dom.js";
import { languageSwitch, t, tOr, translatePage } from "./i18n.js";
import { addPasskey, passkeyRefusal, passkeysAvailable, signInWithPasskey } from "./passkeys.js";
import { acting, call, failedPanel, nameForm, refusalText, whoAmI } from "./people.js";
import { seatLabel } from "./sides.js";

const $ = (id) => document.getElementById(id);

// The page, or why it could not be had (no connection, a refusal) with "Try now".
async function draw() {
  try {
    await drawPage();
  } catch (error) {
    $("main").replaceChildren(panel(t("me.title"), failedPanel(error, draw)));
  }
}

async function drawPage() {
  $("title").textContent = t("me.title");
  const main = $("main");
  const me = await whoAmI();
  if (!me.player) {
    main.replaceChildren(
      panel(t("me.welcome"),
        el("p", { class: "hint", text: t("me.choose_hint") }),
        nameForm({ label: t("me.your_name"), button: t("me.save_name"), submit: async (name) => {
          await call("POST", "api/players", { name });
          draw();
        } }),
        passkeySignin(),
      ),
    );
    return;
  }
  const { matches } = await call("GET", "api/me/matches");
  main.replaceChildren(
    panel(t("me.name_title"),
      el("p", {}, el("bdi", { class: "my-name", text: me.player.name })),
      nameForm({ id: "rename", label: t("me.new_name"), button: t("me.rename"), value: me.player.name,
        submit: async (name) => {
          await call("POST", "api/me/name", { name });
          draw();
        } }),
    ),
    panel(t("me.clubs"),
      el("ul", { class: "table-list", attrs: { id: "my-clubs" } }, (me.clubs ?? []).map((c) => el("li", {},
        el("a", { text: c.name, attrs: { href: roomUrl(`club/${encodeURIComponent(c.id)}`) } }),
        " ", el("span", { class: "hint", text: t(`club.role.${c.role}`) })))),
      nameForm({ id: "new-club", label: t("club.name"), button: t("club.create"), submit: async (name) => {
        const answer = await call("POST", "api/clubs", { name });
        location.href = roomUrl(`club/${encodeURIComponent(answer.club.id)}`);
      } }),
    ),
    panel(t("me.matches"), matchList(matches, me.player.id)),
    devicePanel(),
    panel(t("me.data"),
      el("p", {}, el("a", { text: t("me.export"), attrs: { href: roomUrl("api/me/export"), download: "", id: "export" } })),
      el("p", { class: "hint", text: t("me.delete_hint") }),
      deleteButton(),
    ),
  );
}

export function panel(title, ...children) {
  return el("section", { class: "panel" }, el("h2", { text: title }), ...children);
}

export function gameTitle(id) {
  return tOr(`game.${id}`, id);
}

// A list of tables: the game, its club, who sat where, and how it stands (open it, or replay
// a finished one and download its record).
export function matchList(matches, myId) {
  if (!matches.length) return el("p", { class: "hint", text: t("me.no_matches") });
  return el("ul", { class: "table-list match-list" }, matches.map((m) => {
    const mine = m.seats.find((s) => s.player && s.player === myId)?.seat ?? null;
    const names = m.seats.map((s) => s.former ? t("player.former") : seatLabel(s.seat, { seats: m.seats, mySeat: mine }));
    const links = m.status === "finished"
      ? [el("a", { text: t("table.replay"), attrs: { href: roomUrl(`replay/${encodeURIComponent(m.id)}`) } }), " ",
        el("a", { text: t("club.record"), attrs: { href: roomUrl(`api/tables/${encodeURIComponent(m.id)}/record`), download: "" } })]
      : [el("a", { text: t("club.open"), attrs: { href: roomUrl(`table/${encodeURIComponent(m.id)}`) } })];
    return el("li", { data: { table: m.id } },
      el("strong", { text: gameTitle(m.game) }), " ",
      m.club ? el("span", { class: "hint", text: m.club.name }) : null, " ",
      el("span", { class: "who", text: names.join(" · ") }), " ",
      el("span", { class: "hint", text: tOr(`status.${m.status}`, m.status) }), " ",
      ...links);
  }));
}

function devicePanel() {
  const out = el("div", { attrs: { id: "signin-out" } });
  const button = el("button", { class: "primary", text: t("me.signin_link"), attrs: { type: "button", id: "signin-link" } });
  button.addEventListener("click", async () => {
    try {
      const answer = await call("POST", "api/me/signin-code");
      const img = el("img", { class: "qr", attrs: { alt: t("me.qr_alt"), width: "200", height: "200" } });
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(answer.qr)}`;
      const link = el("input", { attrs: { type: "text", readonly: "", id: "signin-url", "aria-label": t("me.signin_link") } });
      link.value = answer.link;
      out.replaceChildren(img, link, el("p", { class: "hint", text: t("me.signin_hint", { minutes: answer.minutes }) }));
    } catch (e) {
      out.replaceChildren(el("p", { class: "error", text: refusalText(e) }));
    }
  });
  const passkey = el("div", { attrs: { id: "passkeys" } });
  if (passkeysAvailable()) {
    const add = el("button", { text: t("passkey.add"), attrs: { type: "button", id: "passkey-add" } });
    const said = el("p", { attrs: { id: "passkey-said", "aria-live": "polite" } });
    add.addEventListener("click", async () => {
      try {
        await addPasskey();
        said.className = "ok";
        said.textContent = t("passkey.added");
      } catch (e) {
        said.className = "error";
        said.textContent = passkeyRefusal(e);
      }
    });
    passkey.append(el("p", { class: "hint", text: t("passkey.hint") }), add, said);
  }
  return panel(t("me.devices"), el("p", { class: "hint", text: t("me.devices_hint") }), button, out, passkey);
}

// On a browser that is not signed in: sign in with a passkey added on this or another device,
// then ``after`` (the page drawn again, signed in); ``lead`` is the key of the line above it.
export function passkeySignin(after = draw, lead = "passkey.or") {
  if (!passkeysAvailable()) return null;
  const button = el("button", { text: t("passkey.signin"), attrs: { type: "button", id: "passkey-signin" } });
  const said = el("p", { class: "error", attrs: { role: "alert" } });
  said.hidden = true;
  button.addEventListener("click", async () => {
    try {
      await signInWithPasskey();
      after();
    } catch (e) {
      said.textContent = passkeyRefusal(e);
      said.hidden = false;
    }
  });
  return el("div", { class: "passkey-signin" }, lead ? el("p", { class: "hint", text: t(lead) }) : null, button, said);
}

function deleteButton() {
  const button = el("button", { class: "danger", text: t("me.delete"), attrs: { type: "button", id: "delete-me" } });
  // refused or unreachable: said beside the button, so nobody takes it for done
  return el("span", {}, ...acting(button, async () => {
    if (!window.confirm(t("me.delete_confirm"))) return;
    await call("DELETE", "api/me");
    location.href = roomUrl("");
  }));
}

if (document.body.classList.contains("me-page")) {
  $("lang").append(languageSwitch());
  translatePage();
  draw();
  window.addEventListener("languagechange-cardtable", draw);
}
