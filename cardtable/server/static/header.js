// The table page's header on a phone: one short line (the game and table, the connection's
// dot, a "⋯" button); the seat, the rules link and the page's settings (language, four-colour
// suits, sounds) open under the button, so the header never pushes the board down. On a wider
// screen they sit in the header itself and the button is not shown (layout.css).

export function installHeader(toggle, panel) {
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
