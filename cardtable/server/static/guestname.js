// A guest who comes by a seat link without being a player may name themselves for that table:
// the name goes with the hello (a player's own name is used instead). The table page connects
// at once, unnamed if need be; a small closed "Your name at this table" box lets the guest
// give one, and the page then says hello again with it. The name is remembered in this
// browser for the next table.

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { nameForm, refusalText, whoAmI } from "./people.js";

const KEY = "cardtable.guest-name";

export function keptGuestName() {
  return localStorage.getItem(KEY);
}

// The box, placed before ``before``, for a guest holding a seat by link (not for a player).
export async function offerGuestName(token, before, onName) {
  if (!token || !before) return;
  let me;
  try {
    me = await whoAmI();
  } catch {
    return; // who this browser is could not be had: no box rather than a wrong one
  }
  if (me.player) return;
  const box = el("details", { class: "guest-name", attrs: { id: "guest-name" } },
    el("summary", { text: t("guest.title") }),
    el("p", { class: "hint", text: t("guest.hint") }),
    nameForm({ id: "guest-form", label: t("me.your_name"), button: t("guest.sit"), value: keptGuestName() ?? "",
      submit: async (name) => {
        const trimmed = name.trim();
        if (!trimmed) throw new Error(t("name.empty"));
        localStorage.setItem(KEY, trimmed);
        box.open = false;
        onName(trimmed);
      } }));
  before.before(box);
}

// The server refused the name (``bad_name``): forget it, so it is not sent again.
export function forgetGuestName() {
  localStorage.removeItem(KEY);
}

// Say in the box why the server refused the name (its catalogue key, in the page's language).
export function showGuestNameRefused(msg) {
  forgetGuestName();
  const box = document.getElementById("guest-name");
  const error = box?.querySelector(".error");
  if (!box || !error) return;
  box.open = true;
  error.textContent = refusalText({ key: msg.key, message: msg.message });
  error.hidden = false;
}
