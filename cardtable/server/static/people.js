// Players and clubs in the browser (docs/clubs.md): who this browser is (the player key lives
// in an HttpOnly cookie the page never sees), choosing a name, and the JSON calls the profile,
// club, invite and sign-in pages make. Refusals carry a catalogue key, shown translated.

import { roomUrl } from "./api.js";
import { el } from "./dom.js";
import { has, t, tOr } from "./i18n.js";
import { Refused } from "./refused.js";
import { WAIT_MS, tries } from "./retry.js";

export const NAME_MAX = 32;

// A refusal in the page's language: its key with its parameters (a game and an option by the
// names the page shows them by); else the room's English sentence; an answer that said nothing
// (a proxy's 502) or the room's own fault (500) "That did not work"; no answer at all
// "Connection lost".
export function refusalText(error) {
  if (error?.key && has(error.key)) {
    const params = { max: NAME_MAX, ...error.params };
    if (params.game) params.game = tOr(`game.${params.game}`, params.game);
    if (params.option) params.option = tOr(`option.${params.option}`, params.option);
    return t(error.key, params);
  }
  if (error?.status === 429) return t("people.slow"); // the guard's, unkeyed
  if (error?.status >= 500) return t("people.failed"); // the room's fault, said in English
  if (error instanceof Refused) return error.said || t("people.failed");
  if (error instanceof TypeError || error?.name === "TimeoutError") return t("offline.title"); // nobody answered
  return error?.message || t("people.failed");
}

// A JSON call to the room: its answer, or a Refused with the room's reason. A GET that hangs is
// given up after a few seconds (it can be asked again); a change (POST, DELETE) is waited for,
// since giving it up would not undo it.
export async function call(method, path, body = undefined) {
  const response = await fetch(roomUrl(path), {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: method === "GET" ? AbortSignal.timeout(WAIT_MS) : undefined,
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Refused(answer, response.status);
  return answer;
}

// Who this browser is ({player: null}: nobody yet). An ask that fails (no connection, too
// many requests, a restart) is tried twice more and then thrown: a page must never take "could
// not tell" for "nobody" and offer a player's browser the form that makes a new player.
export function whoAmI() {
  return tries(() => call("GET", "api/me"));
}

// What a page shows where a call it needs failed: why, in the page's language, and "Try now",
// which calls ``retry`` (the page draws itself again).
export function failedPanel(error, retry) {
  const again = el("button", { class: "small", text: t("offline.retry"), attrs: { type: "button" } });
  again.addEventListener("click", retry);
  return el("div", { class: "failed" },
    el("p", { class: "error", attrs: { role: "alert" }, text: refusalText(error) }), again);
}

// A button whose work is a call, and where a refusal or a lost connection is said beside it in
// the page's language (never an unhandled error that leaves the person guessing): both, to place.
export function acting(button, work) {
  const said = el("span", { class: "error", attrs: { role: "alert" } });
  said.hidden = true;
  button.addEventListener("click", async () => {
    said.hidden = true;
    try {
      await work();
    } catch (error) {
      said.textContent = refusalText(error);
      said.hidden = false;
    }
  });
  return [button, said];
}

// A form that asks for a name (a player's, a club's, or a guest's for one table) and hands
// it to ``submit``; a refusal is shown under the field in the page's language.
export function nameForm({ label, button, submit, value = "", id = "name-form" }) {
  const input = el("input", {
    attrs: { type: "text", maxlength: String(NAME_MAX * 2), required: "", autocomplete: "nickname", name: "name" },
  });
  input.value = value;
  const error = el("p", { class: "error", attrs: { role: "alert" } });
  error.hidden = true;
  const form = el(
    "form",
    { class: "name-form", attrs: { id } },
    el("label", {}, el("span", { text: label }), " ", input),
    " ",
    el("button", { class: "primary", text: button, attrs: { type: "submit" } }),
    error,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    try {
      await submit(input.value);
    } catch (e) {
      error.textContent = refusalText(e);
      error.hidden = false;
    }
  });
  return form;
}

// The code of a link (#code=…), taken out of the address bar (it must not linger in the history
// or travel with a copied address) but kept in this tab until it is spent or refused, so that a
// reload after a lost connection still has it.
const CODE = `cardtable.code${location.pathname}`;

export function fragmentCode() {
  const code = new URLSearchParams(location.hash.slice(1)).get("code");
  if (!code) return sessionStorage.getItem(CODE);
  sessionStorage.setItem(CODE, code);
  history.replaceState(null, "", location.pathname + location.search);
  return code;
}

// Whether the room's refusal stands however often one asks (a 4xx that is not "too many").
export function refusedForGood(error) {
  return error instanceof Refused && error.status >= 400 && error.status < 500 && error.status !== 429;
}

// The code was spent, or the room refused it for good: forgotten.
export function forgetCode() {
  sessionStorage.removeItem(CODE);
}
