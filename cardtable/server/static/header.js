// The table page's header on a phone: one short line (the game and table, the connection's
// dot, a "⋯" button); the seat, the rules link and the page's settings (language, four-colour
// suits, sounds) open under the button, so the header never pushes the board down. On a wider
// screen they sit in the header itself and the button is not shown, as long as they fit there
// on one line beside the whole title; where they do not (a long language, a narrow laptop),
// the header is "tight" and they go behind the button again (layout.css).

const WIDE = 1280; // narrower, the settings are always behind "⋯"

// Whether the settings fit beside the title: tried in the header, then put back if not.
export function fitHeader(header) {
  if (window.innerWidth < WIDE) {
    header.classList.add("tight");
    return;
  }
  header.classList.remove("tight");
  const panel = header.querySelector(".prefs");
  const title = header.querySelector("h1");
  const items = [...panel.children].filter((el) => el.getClientRects().length > 0);
  const line = Math.max(...items.map((el) => el.getBoundingClientRect().height));
  const oneLine = panel.getBoundingClientRect().height <= line + 1;
  const whole = title.scrollWidth <= title.clientWidth;
  header.classList.toggle("tight", !(oneLine && whole));
}

export function installHeader(toggle, panel) {
  const header = panel.closest("header");
  const fit = () => fitHeader(header);
  window.addEventListener("resize", fit);
  window.addEventListener("languagechange-cardtable", fit);
  document.fonts?.ready.then(fit);
  const close = () => {
    panel.classList.remove("open");
    toggle.setAttribute("aria-expanded", "false");
  };
  toggle.addEventListener("click", () => {
    const open = !panel.classList.contains("open");
    panel.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", String(open));
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && panel.classList.contains("open")) {
      close();
      toggle.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (!panel.contains(event.target) && !toggle.contains(event.target)) close();
  });
}
