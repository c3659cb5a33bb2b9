// An invite link (/invite#code=…): name oneself if this browser has no player yet, then join
// the club and go to its page. A revoked or expired invite says so.

import { roomUrl } from "./api.js";
import { el } from "./dom.js";
import { languageSwitch, t, translatePage } from "./i18n.js";
import { panel } from "./me.js";
import { call, failedPanel, forgetCode, fragmentCode, nameForm, refusalText, refusedForGood, whoAmI } from "./people.js";

const $ = (id) => document.getElementById(id);
const code = fragmentCode();
let shown = draw; // what the page shows now: drawn again in the language chosen on the page

async function draw() {
  shown = draw;
  $("title").textContent = t("invite.title");
  let me;
  try {
    me = await whoAmI();
  } catch (error) {
    $("main").replaceChildren(panel(t("invite.title"), failedPanel(error, draw)));
    return;
  }
  if (!code) {
    $("main").replaceChildren(panel(t("invite.title"), el("p", { class: "error", text: t("club.invite_gone") })));
    return;
  }
  if (!me.player) {
    $("main").replaceChildren(panel(t("invite.title"), el("p", { class: "hint", text: t("invite.name_first") }),
      nameForm({ label: t("me.your_name"), button: t("invite.join"), submit: async (name) => {
        await call("POST", "api/players", { name });
        await join();
      } })));
    return;
  }
  const button = el("button", { class: "primary", text: t("invite.join"), attrs: { type: "button", id: "invite-join" } });
  button.addEventListener("click", join);
  $("main").replaceChildren(panel(t("invite.title"),
    el("p", {}, el("span", { text: t("me.hello") }), " ", el("bdi", { text: me.player.name })), button));
}

// Accept the invite. The room's refusal (revoked, expired) is final; a lost connection is not:
// the code is kept and "Try now" asks again.
async function join() {
  try {
    const answer = await call("POST", "api/invites/accept", { code });
    forgetCode();
    location.href = roomUrl(`club/${encodeURIComponent(answer.club)}`);
  } catch (e) {
    if (!refusedForGood(e)) {
      shown = () => $("main").replaceChildren(panel(t("invite.title"), failedPanel(e, join)));
    } else {
      forgetCode();
      shown = () => $("main").replaceChildren(panel(t("invite.title"),
        el("p", { class: "error", attrs: { id: "invite-refused" }, text: refusalText(e) })));
    }
    shown();
  }
}

// Another language chosen on the page: everything is drawn again in it, a name being typed kept.
async function redraw() {
  $("title").textContent = t("invite.title");
  const typed = $("main").querySelector("input")?.value;
  await shown();
  const input = $("main").querySelector("input");
  if (typed && input && !input.value) input.value = typed;
}

$("lang").append(languageSwitch());
translatePage();
draw();
window.addEventListener("languagechange-cardtable", redraw);
