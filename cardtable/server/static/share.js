// A Share button for a link: the system's share sheet where the browser has one (Web Share
// API, phones), else the link copied to the clipboard, the button saying so.

import { t } from "./i18n.js";
import { el } from "./dom.js";

export function shareButton(titleKey, url) {
  const button = el("button", { class: "small share-link", text: t("link.share"), attrs: { type: "button" } });
  button.addEventListener("click", async () => {
    const link = typeof url === "function" ? url() : url;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: t(titleKey), url: link });
        return;
      } catch (e) {
        if (e?.name === "AbortError") return; // the person closed the sheet
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      button.textContent = t("lobby.copied");
    } catch {
      window.prompt(t(titleKey), link); // no clipboard: the link to copy by hand
    }
  });
  return button;
}
