// Players and clubs in the browser (docs/clubs.md): who this browser is (the player key lives
// in an HttpOnly cookie the page never sees), choosing a name, and the JSON calls the profile,
// club, invite and sign-in pages make. Refusals carry a catalogue key, shown translated.

import { roomUrl } from "./api.js";
import { el } from "./dom.js";
import { has, t } from "./i18n.js";

export const NAME_MAX = 32;

export class Refused extends Error {
  constructor(answer, status) {
    super(answer?.error || String(status));
    this.key = answer?.key ?? null;
    this.status = status;
  }
}

// A refusal in the page's language (its key, else the server's English sentence).
export function refusalText(error) {
  if (error?.key && has(error.key)) return t(error.key, { max: NAME_MAX });
  return error?.message || t("people.failed");
}

export async function call(method, path, body = undefined) {
  const response = await fetch(roomUrl(path), {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Refused(answer, response.status);
  return answer;
}

export async function whoAmI() {
  try {
    return await call("GET", "api/me");
  } catch {
    return { player: null };
  }
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

export function fragmentCode() {
  const code = new URLSearchParams(location.hash.slice(1)).get("code");
  if (code) history.replaceState(null, "", location.pathname + location.search);
  return code;
}
