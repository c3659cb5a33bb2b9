// A one-time sign-in link (/signin#code=…) opened on another device: spend the code (it works
// once, within minutes) and go to one's own page; the player key arrives as a cookie.

import { roomUrl } from "./api.js";
import { el } from "./dom.js";
import { languageSwitch, t, translatePage } from "./i18n.js";
import { panel } from "./me.js";
import { call, failedPanel, forgetCode, fragmentCode, refusalText, refusedForGood } from "./people.js";

const $ = (id) => document.getElementById(id);
const code = fragmentCode();

// Spend the code. The room's refusal (used, expired) is final; a lost connection is not: the
// code is kept and "Try now" asks again.
async function signIn() {
  try {
    if (!code) throw new Error(t("signin.gone"));
    await call("POST", "api/signin", { code });
    forgetCode();
    location.href = roomUrl("me");
  } catch (e) {
    if (code && !refusedForGood(e)) {
      $("main").replaceChildren(panel(t("signin.title"), failedPanel(e, signIn)));
      return;
    }
    forgetCode();
    $("main").replaceChildren(panel(t("signin.title"), el("p", { class: "error", attrs: { id: "signin-refused" }, text: refusalText(e) })));
  }
}

$("lang").append(languageSwitch());
translatePage();
$("title").textContent = t("signin.title");
signIn();
