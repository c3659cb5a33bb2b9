// A Share button for a link: the system's share sheet where the browser has one (Web Share
// API, phones), else the link copied to the clipboard, the button saying so.

import { language, t } from "./i18n.js";
import { el } from "./dom.js";

// A table's or a club invite's link as it is handed on: with the sharer's language (?lang=pa),
// which the preview a messaging app shows of it is written in (the room reads it: preview.py).
// A token or an invite's code stays in the fragment, which no crawler is sent.
export function inLanguage(link) {
  const url = new URL(link, location.href);
  if (!/\/(table\/[^/]+|invite)$/.test(url.pathname)) return link;
  url.searchParams.delete("lang");
  const rest = url.search.slice(1).replace(/=(&|$)/g, "$1"); // "?watch" stays "?watch"
  url.search = `${rest ? `${rest}&` : ""}lang=${language()}`;
  return url.href;
}

export function shareButton(titleKey, url) {
  // data-i18n: said again in a language chosen later on the page
  const button = el("button", {
    class: "small share-link",
    text: t("link.share"),
    data: { i18n: "link.share" },
    attrs: { type: "button" },
  });
  button.addEventListener("click", async () => {
    const link = inLanguage(typeof url === "function" ? url() : url);
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
