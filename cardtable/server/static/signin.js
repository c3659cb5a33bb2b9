// A one-time sign-in link (/signin#code=…) opened on another device: spend the code (it works
// once, within minutes) and go to one's own page; the player key arrives as a cookie.

import { roomUrl } from "./api.js";
import { el } from "./dom.js";
import { languageSwitch, t, translatePage } from "./i18n.js";
import { panel } from "./me.js";
import { call, fragmentCode, refusalText } from "./people.js";

const $ = (id) => document.getElementById(id);
const code = fragmentCode();

async function start() {
  $("lang").append(languageSwitch());
  translatePage();
  $("title").textContent = t("signin.title");
  try {
    if (!code) throw new Error(t("signin.gone"));
    await call("POST", "api/signin", { code });
    location.href = roomUrl("me");
  } catch (e) {
    $("main").replaceChildren(panel(t("signin.title"), el("p", { class: "error", attrs: { id: "signin-refused" }, text: refusalText(e) })));
  }
}

start();
