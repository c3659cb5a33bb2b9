// Turn alerts: a short sound for each move and a distinct one when your turn comes (made with
// Web Audio, no sound files), a vibration where the phone has one; while the tab is hidden
// the title and the favicon mark your turn and, once the person allowed it, a system
// notification says so. The mute switch and the notification choice are remembered
// (localStorage), for every table.

import { t } from "./i18n.js";

const MUTE = "cardtable.mute";
const NOTIFY = "cardtable.notify";

function remembered(key) {
  try {
    return localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function remember(key, on) {
  try {
    localStorage.setItem(key, on ? "1" : "0");
  } catch {
    // storage off: the choice lasts for this page
  }
}

export class Alerts {
  constructor({ icon, markedIcon }) {
    this.icon = icon; // the favicon <link>
    this.plainIcon = icon?.href ?? "";
    this.markedIcon = markedIcon;
    this.muted = remembered(MUTE);
    this.audio = null;
    this.title = null; // the page's own title while it is marked
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.unmark();
    });
  }

  // The switches for the header's settings: sounds on or off, notifications while away.
  controls() {
    const box = document.createElement("span");
    box.className = "alert-switches";
    const sound = switchBox("alert-sound", "alert.sound", !this.muted, (on) => {
      this.muted = !on;
      remember(MUTE, this.muted);
    });
    const notify = switchBox("alert-notify", "alert.notify", this.notifying(), async (on, input) => {
      remember(NOTIFY, on);
      if (on && "Notification" in window && Notification.permission === "default") {
        input.checked = (await Notification.requestPermission()) === "granted";
        remember(NOTIFY, input.checked);
      }
    });
    if (!("Notification" in window)) notify.hidden = true;
    box.append(sound, " ", notify);
    return box;
  }

  notifying() {
    return "Notification" in window && Notification.permission === "granted" && remembered(NOTIFY);
  }

  // Someone moved (not the viewer's own move, which the viewer just made).
  moved() {
    this.tone([[660, 0, 0.07]], 0.05);
  }

  // The viewer's turn has come: the chime, a buzz, and while the tab is hidden the marks and
  // the notification.
  yourTurn(gameTitle) {
    this.tone([[784, 0, 0.12], [1175, 0.13, 0.22]], 0.09);
    if (!this.muted) navigator.vibrate?.([120, 60, 120]);
    if (document.visibilityState !== "hidden") return;
    this.mark();
    if (this.notifying()) {
      try {
        const note = new Notification(t("table.your_turn"), {
          body: gameTitle,
          tag: `cardtable-turn-${location.pathname}`,
          icon: this.markedIcon,
        });
        note.onclick = () => window.focus();
      } catch {
        // a browser that only notifies from a service worker: the title and icon say it
      }
    }
  }

  mark() {
    if (this.title === null) this.title = document.title;
    document.title = `● ${t("table.your_turn")} · ${this.title}`;
    if (this.icon) this.icon.href = this.markedIcon;
  }

  unmark() {
    if (this.title !== null) document.title = this.title;
    this.title = null;
    if (this.icon) this.icon.href = this.plainIcon;
  }

  // The page's title changed (a language switch): the mark stays on the new one.
  retitled() {
    if (this.title === null) return;
    this.title = null;
    if (document.visibilityState === "hidden") this.mark();
  }

  // Notes [frequency, start, end] in seconds, a soft sine each.
  tone(notes, volume) {
    if (this.muted) return;
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return;
    try {
      this.audio ??= new Context();
      const now = this.audio.currentTime;
      for (const [frequency, start, end] of notes) {
        const osc = this.audio.createOscillator();
        const gain = this.audio.createGain();
        osc.frequency.value = frequency;
        gain.gain.setValueAtTime(volume, now + start);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + end);
        osc.connect(gain).connect(this.audio.destination);
        osc.start(now + start);
        osc.stop(now + end);
      }
    } catch {
      // no sound here
    }
  }
}

function switchBox(id, key, checked, onChange) {
  const label = document.createElement("label");
  label.className = "four-switch";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.id = id;
  input.checked = checked;
  input.addEventListener("change", () => onChange(input.checked, input));
  const span = document.createElement("span");
  span.dataset.i18n = key; // translated again on a language switch
  span.textContent = t(key);
  label.append(input, span);
  return label;
}
