// A seat link as a person hands it on: the address to read, a Copy button, and Share where the
// browser has one (phones); and a question asked in the page before a step that cannot be
// undone (a new link makes the one already sent stop working).

import { t } from "./i18n.js";
import { el } from "./dom.js";
import { inLanguage } from "./share.js";

export function linkRow(label, seatLink) {
  const link = inLanguage(seatLink);
  const input = el("input", { attrs: { readonly: "" } });
  input.value = link;
  input.addEventListener("focus", () => input.select());
  const copy = el("button", { class: "small copy", text: t("lobby.copy"), attrs: { type: "button" } });
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      input.select();
      document.execCommand("copy");
    }
    copy.textContent = t("lobby.copied");
  });
  const row = el("div", { class: "share" }, el("label", { text: label }, input), copy);
  if (typeof navigator.share === "function") {
    const share = el("button", { class: "small share-button", text: t("link.share"), attrs: { type: "button" } });
    share.addEventListener("click", () => navigator.share({ title: label, url: link }).catch(() => {}));
    row.append(share);
  }
  return row;
}

// Ask first, in the page: the question, a button that goes ahead and one that does not.
export function askFirst(box, question, yes, onYes) {
  box.querySelector(".ask")?.remove();
  const go = el("button", { class: "small primary ask-yes", text: yes, attrs: { type: "button" } });
  const no = el("button", { class: "small ask-no", text: t("link.cancel"), attrs: { type: "button" } });
  const ask = el("div", { class: "ask", attrs: { role: "alertdialog" } }, el("p", { text: question }), go, no);
  go.addEventListener("click", () => {
    ask.remove();
    onYes();
  });
  no.addEventListener("click", () => ask.remove());
  box.append(ask);
  go.focus();
  return ask;
}
