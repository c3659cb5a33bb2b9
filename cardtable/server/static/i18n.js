// Interface text, one table per language. Add a language by adding its table to STRINGS and
// its name to LANGUAGES; a key missing from a language falls back to English.
// Placeholders look like {name}. Engine messages (errors from the rules) stay in English.

export const LANGUAGES = { en: "English" };

const STRINGS = {
  en: {
    "app.name": "cardtable",
    "app.tagline": "A card room for Royal Casino, Buck Euchre, Rummy 500 and Queen City Rum",
    "nav.lobby": "Lobby",
    "lang.label": "Language",

    "lobby.new": "New table",
    "lobby.game": "Game",
    "lobby.players": "Players",
    "lobby.options": "Options",
    "lobby.seats": "Seats",
    "lobby.seat": "Seat {n}",
    "lobby.create": "Create table",
    "lobby.created": "Table created",
    "lobby.share": "Send each player the link of their seat. Whoever opens it plays that seat.",
    "lobby.link": "Link for seat {n}",
    "lobby.copy": "Copy",
    "lobby.copied": "Copied",
    "lobby.sit": "Play seat {n}",
    "lobby.watch": "Watch",
    "lobby.replay": "Replay",
    "lobby.record": "Record",
    "lobby.tables": "Tables",
    "lobby.mine": "Your tables",
    "lobby.open": "Waiting for players",
    "lobby.running": "Being played",
    "lobby.finished": "Finished",
    "lobby.none": "None yet.",
    "lobby.no_games": "No games are installed.",
    "lobby.refresh": "Refresh",
    "lobby.hand": "hand {n}",
    "lobby.scores": "scores {scores}",
    "lobby.winner": "won by side {side}",
    "lobby.error": "Could not create the table: {message}",

    "kind.human": "Person",
    "kind.bot": "Computer ({level})",

    "status.open": "waiting for players",
    "status.running": "playing",
    "status.finished": "finished",

    "table.title": "Table {id}",
    "table.you": "You play seat {n}",
    "table.spectator": "You are watching",
    "table.connecting": "Connecting…",
    "table.connected": "Connected",
    "table.reconnecting": "Connection lost; trying again in {s} s",
    "table.seat": "Seat {n}",
    "table.seats": "Seats",
    "table.you_short": "you",
    "table.away": "away",
    "table.online": "here",
    "table.waiting": "not joined yet",
    "table.standin": "a computer plays while away",
    "table.to_move": "to play",
    "table.your_turn": "Your turn",
    "table.their_turn": "Seat {n} to play",
    "table.waiting_players": "Waiting for every seat to join",
    "table.over": "The match is over",
    "table.winner": "Side {side} wins",
    "table.actions": "Your move",
    "table.type_action": "Or type a move",
    "table.play": "Play",
    "table.clear": "Clear selection",
    "table.no_match": "No legal move uses the selected cards",
    "table.scores": "Scores",
    "table.side": "Side {n}",
    "table.last_hand": "Last hand (hand {n})",
    "table.moves": "Moves",
    "table.hand": "Hand {n}",
    "table.dealer": "Dealer: seat {n}",
    "table.hidden_move": "(hidden)",
    "table.bad_token": "This seat link is not valid for this table; you are watching instead.",
    "table.unknown": "There is no such table.",
    "table.rule": "rule {rule}",
    "table.replay": "Replay this match",
    "table.record": "Download the record",

    "replay.title": "Replay of table {id}",
    "replay.step": "Step {step} of {steps}",
    "replay.controls": "Replay controls",
    "replay.slider": "Step",
    "replay.first": "First",
    "replay.prev": "Back",
    "replay.next": "Forward",
    "replay.last": "Last",
    "replay.start": "The deal",
    "replay.everyone": "Everyone's cards",
    "replay.public": "What the table shows",
    "replay.unavailable": "This replay is not available: {message}",

    "card.rank.A": "Ace", "card.rank.2": "Two", "card.rank.3": "Three", "card.rank.4": "Four",
    "card.rank.5": "Five", "card.rank.6": "Six", "card.rank.7": "Seven", "card.rank.8": "Eight",
    "card.rank.9": "Nine", "card.rank.T": "Ten", "card.rank.J": "Jack", "card.rank.Q": "Queen",
    "card.rank.K": "King",
    "card.suit.c": "clubs", "card.suit.d": "diamonds", "card.suit.h": "hearts",
    "card.suit.s": "spades",
    "card.name": "{rank} of {suit}",
    "card.joker": "Joker",
    "card.joker_as": "Joker as {card}",
  },
};

const KEY = "cardtable.lang";
let current = pick(localStorage.getItem(KEY) || navigator.language || "en");

function pick(lang) {
  const code = String(lang).toLowerCase();
  if (STRINGS[code]) return code;
  const base = code.split("-")[0];
  return STRINGS[base] ? base : "en";
}

export function language() {
  return current;
}

export function t(key, params = {}) {
  const text = STRINGS[current]?.[key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function setLanguage(lang) {
  current = pick(lang);
  localStorage.setItem(KEY, current);
  document.documentElement.lang = current;
  translatePage();
  window.dispatchEvent(new CustomEvent("languagechange-cardtable", { detail: current }));
}

// Fill every element marked data-i18n="key" (and data-i18n-title, -label, -placeholder).
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}

// A <select> that switches the language of the page.
export function languageSwitch() {
  const label = document.createElement("label");
  label.className = "lang";
  const span = document.createElement("span");
  span.dataset.i18n = "lang.label";
  span.textContent = t("lang.label");
  const select = document.createElement("select");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, code, false, code === current);
    select.append(option);
  }
  select.addEventListener("change", () => setLanguage(select.value));
  label.append(span, select);
  return label;
}

document.documentElement.lang = current;
