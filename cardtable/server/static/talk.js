// Table talk (server/talk.py, docs/protocol.md "Talk"): lines of text, quick phrases sent as
// keys (each page says them in its own language, so people who share no language can still
// say "good game"), and reactions to the last move. The talk box sits beside the move log
// (below the board on a phone, never over it); each line is also shown among the moves.
// A line is always shown as text (textContent), never as markup. A new line is read out to
// screen readers (the live region). A spectator reads only, unless the host lets spectators
// talk; the host may mute a seat (host.js has their switches).

import { t } from "./i18n.js";
import { el } from "./dom.js";
import { seatLabel } from "./sides.js";

export const PHRASES = ["hello", "good_luck", "your_turn", "one_minute", "well_played", "good_game",
  "thank_you", "sorry", "bye"];
export const REACTIONS = ["👍", "👌", "😄", "😂", "😮", "❤️"];
const MAX_TEXT = 300;

export const talk = {
  entries: [], // every entry heard, oldest first (by number)
  spectators: false, // the host lets spectators talk
  muted: [], // seats the host muted
  seqs: new Set(), // what this page sent, to show a refusal in the talk box
  typed: new Map(), // seq -> a line typed here, put back in the field if it is refused
  unread: 0,
};

// Who said it: "You", a seat's name or number, a signed-in spectator's name, or "A spectator".
function who(entry, mySeat) {
  if (entry.seat === null || entry.seat === undefined) return entry.name ? String(entry.name) : t("talk.spectator");
  return seatLabel(entry.seat, { mySeat });
}

// One entry in words (the line itself verbatim).
export function talkText(entry, mySeat = null) {
  switch (entry.kind) {
    case "text":
      return t("talk.said", { who: who(entry, mySeat), text: entry.text });
    case "phrase":
      return t("talk.said", { who: who(entry, mySeat), text: t(`talk.phrase.${entry.phrase}`) });
    case "react":
      return t("talk.reacted", { who: who(entry, mySeat), emoji: entry.emoji });
    case "mute":
      return t(entry.on ? "talk.log.muted" : "talk.log.unmuted", { seat: t("table.seat", { n: entry.seat + 1 }) });
    case "spectators":
      return t(entry.on ? "talk.log.spectators_on" : "talk.log.spectators_off");
    default:
      return "";
  }
}

// A "talk" message: entries (the history on joining, else one new) and the settings now.
// Returns the entries not heard before.
export function heard(msg) {
  const known = new Set(talk.entries.map((e) => e.number));
  const fresh = msg.entries.filter((e) => !known.has(e.number));
  talk.entries = [...talk.entries, ...fresh].sort((a, b) => a.number - b.number);
  talk.spectators = Boolean(msg.spectators);
  talk.muted = msg.muted ?? [];
  return fresh;
}

export function mayTalk(mySeat) {
  if (mySeat === null || mySeat === undefined) return talk.spectators;
  return !talk.muted.includes(mySeat);
}

// The talk box: its list, the quick phrases, the reactions and the line to type.
export function installTalk({ send, mySeat, canReact }) {
  const sendAndNote = (message) => {
    const seq = send(message);
    if (seq !== null && seq !== undefined) talk.seqs.add(seq);
    hideTalkError();
    return seq;
  };
  const phrases = document.getElementById("talk-phrases");
  phrases.replaceChildren(
    ...PHRASES.map((key) =>
      el("button", {
        class: "small phrase",
        text: t(`talk.phrase.${key}`),
        data: { phrase: key },
        attrs: { type: "button" },
        onClick: () => sendAndNote({ type: "talk", phrase: key }),
      }),
    ),
  );
  const reactions = document.getElementById("talk-reactions");
  reactions.replaceChildren(
    ...REACTIONS.map((emoji) =>
      el("button", {
        class: "small reaction",
        text: emoji,
        data: { emoji },
        attrs: { type: "button", "aria-label": t("talk.react_with", { emoji }) },
        onClick: () => {
          if (canReact()) sendAndNote({ type: "react", emoji });
        },
      }),
    ),
  );
  const input = document.getElementById("talk-input");
  input.maxLength = MAX_TEXT;
  document.getElementById("talk-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const seq = sendAndNote({ type: "talk", text });
    if (seq === null || seq === undefined) return; // not sent (offline): the line stays typed
    talk.typed.set(seq, text);
    if (talk.typed.size > 50) talk.typed.delete(talk.typed.keys().next().value); // long heard
    input.value = "";
  });
  document.getElementById("talk-open").addEventListener("click", () => {
    talk.unread = 0;
    drawUnread();
  });
  drawTalk(mySeat());
}

// Redraw the box (the language changed, a setting changed, a new line).
export function drawTalk(mySeat, fresh = []) {
  const list = document.getElementById("talk-list");
  if (!list) return;
  list.replaceChildren(
    ...talk.entries.map((entry) =>
      el("li", { class: `talk-${entry.kind}`, text: talkText(entry, mySeat), data: { number: entry.number, kind: entry.kind } }),
    ),
  );
  list.scrollTop = list.scrollHeight;
  for (const button of document.querySelectorAll("#talk-phrases .phrase")) {
    button.textContent = t(`talk.phrase.${button.dataset.phrase}`);
  }
  const allowed = mayTalk(mySeat);
  document.getElementById("talk-form").hidden = !allowed;
  document.getElementById("talk-phrases").hidden = !allowed;
  document.getElementById("talk-reactions").hidden = !allowed;
  const note = document.getElementById("talk-note");
  note.hidden = allowed;
  note.textContent = allowed ? "" : t(mySeat === null || mySeat === undefined ? "talk.read_only" : "talk.muted");
  // a new line read out (not the history heard on joining, nor this person's own line)
  const spoken = fresh.filter((e) => mySeat === null || mySeat === undefined || e.seat !== mySeat);
  if (spoken.length) {
    document.getElementById("talk-live").textContent = spoken.map((e) => talkText(e, mySeat)).join(" · ");
    talk.unread += spoken.length;
  }
  drawUnread();
}

// The reactions wait for a first move to react to.
export function allowReactions(on) {
  for (const button of document.querySelectorAll("#talk-reactions button")) button.disabled = !on;
}

function drawUnread() {
  const badge = document.getElementById("talk-unread");
  if (!badge) return;
  badge.textContent = talk.unread ? String(talk.unread) : "";
  badge.hidden = !talk.unread;
}

// A refusal of what this page sent, in the talk box (keyed: talk.refused.*); true if it was.
export function talkRefused(msg) {
  if (msg.seq === null || msg.seq === undefined || !talk.seqs.has(msg.seq)) return false;
  talk.seqs.delete(msg.seq);
  const typed = talk.typed.get(msg.seq);
  talk.typed.delete(msg.seq);
  const input = document.getElementById("talk-input");
  if (typed !== undefined && input && !input.value) input.value = typed; // nothing typed is lost
  const box = document.getElementById("talk-error");
  const key = msg.key && msg.key.startsWith("talk.refused.") ? msg.key : "talk.refused.other";
  box.textContent = t(key, msg.params ?? {});
  box.hidden = false;
  return true;
}

function hideTalkError() {
  document.getElementById("talk-error").hidden = true;
}
