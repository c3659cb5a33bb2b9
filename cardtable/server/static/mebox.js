// The lobby's "You" box: choose a name on the first visit (kept as a player, the key in an
// HttpOnly cookie), then the name, a link to one's own page (matches, clubs) and the clubs.

import { roomUrl } from "./api.js";
import { el } from "./dom.js";
import { t, translatePage } from "./i18n.js";
import { call, failedPanel, nameForm, whoAmI } from "./people.js";

async function draw() {
  const box = document.getElementById("me-box");
  if (!box) return;
  let me;
  try {
    me = await whoAmI();
  } catch (error) {
    box.replaceChildren(el("h2", { text: t("me.page") }), failedPanel(error, draw));
    return;
  }
  if (!me.player) {
    box.replaceChildren(
      el("h2", { text: t("me.welcome") }),
      el("p", { class: "hint", text: t("me.choose_hint") }),
      nameForm({
        label: t("me.your_name"),
        button: t("me.save_name"),
        submit: async (name) => {
          await call("POST", "api/players", { name });
          draw();
        },
      }),
    );
    return;
  }
  const clubs = (me.clubs ?? []).map((c) =>
    el("li", {}, el("a", { text: c.name, attrs: { href: roomUrl(`club/${encodeURIComponent(c.id)}`) } })),
  );
  box.replaceChildren(
    el("h2", {}, el("span", { text: t("me.hello") }), " ", el("bdi", { class: "my-name", text: me.player.name })),
    el("p", {}, el("a", { class: "button", text: t("me.page"), attrs: { href: roomUrl("me"), id: "me-link" } })),
    ...(clubs.length ? [el("h3", { text: t("me.clubs") }), el("ul", { class: "table-list" }, clubs)] : []),
  );
}

translatePage();
draw();
window.addEventListener("languagechange-cardtable", draw);
