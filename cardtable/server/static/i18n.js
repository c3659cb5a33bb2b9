// Interface text in English, Punjabi and Tagalog. English is the table below (every key the
// client uses); Punjabi and Tagalog are i18n-pa.js and i18n-tl.js, with the same keys (the
// browser tests check). A key missing from a language falls back to English. Placeholders
// look like {name}. The choice is remembered in localStorage ("cardtable.lang").
//
// The game words (trump, trick, meld, lay off, build, capture, sweep, …) in Punjabi and
// Tagalog come from the original rule pages the rule book was written from; docs/client.md
// lists them.

import PA from "./i18n-pa.js";
import TL from "./i18n-tl.js";

// English: every key the client uses.
const EN = {
  "app.name": "cardtable",
  "app.tagline": "A card room for Royal Casino, Buck Euchre, Rummy 500 and Queen City Rum",
  "lang.label": "Language",

  // -- games, options, computer players -----------------------------------------------------
  "game.royal-casino": "Royal Casino",
  "game.buck-euchre": "Buck Euchre",
  "game.rummy-500": "Rummy 500",
  "game.queen-city-rum": "Queen City Rum",
  "option.target": "Target",
  "option.royal-casino.target.doc": "points that win the match (RC-21)",
  "option.queen-city-rum.target.doc": "points that end the game (QC-9)",
  "option.rummy-500.target.doc": "points that end the game (R5-13)",
  "option.sweeps": "Sweeps",
  "option.sweeps.doc": "a capture that clears the table scores 1 (RC-18)",
  "option.partner_may_raise": "Partner may raise",
  "option.partner_may_raise.doc": "partners may raise each other's single builds (RC-10)",
  "option.start": "Starting score",
  "option.start.doc": "score every player starts from, counting down (BE-11)",
  "option.five_tricks_win": "Five tricks win",
  "option.five_tricks_win.doc": "taking all five tricks wins the game (BE-13)",
  "option.decks": "Decks",
  "option.decks.doc": "0 = automatic (1 for 2–4 players, 2 for 5–8) (R5-1)",
  "option.jokers": "Jokers",
  "option.jokers.doc": "jokers per deck (0 plays without) (R5-1)",
  "option.hand_size": "Cards dealt",
  "option.hand_size.doc": "cards dealt to each player: 0 = automatic (13 for 2, 7 for 3 or more) (R5-3)",
  "option.scoring": "Card values",
  "option.scoring.doc": "how much each card counts (R5-2)",
  "option.rummy_calls": "Calling Rummy",
  "option.rummy_calls.doc": "other players may call Rummy on a discard that could be played (R5-10)",
  "option.floating": "Floating",
  "option.floating.doc": "a player who melds everything without a discard floats (R5-14)",
  "option.dead_last_discard": "Dead last discard",
  "option.dead_last_discard.doc": "the discard that goes out must be a card that cannot be played (R5-15)",
  "choice.standard": "standard (A 15, faces 10, others their pips)",
  "choice.5-10-15": "5-10-15 (2–9 count 5, 10–K count 10, A 15)",
  "kind.human": "Person",
  "kind.bot": "Computer ({level})",
  "level.random": "random",
  "level.heuristic": "rules of thumb",
  "level.search": "search",
  "level.search:easy": "search, easy",
  "level.search:medium": "search, medium",
  "level.search:hard": "search, hard",

  // -- lobby -----------------------------------------------------------------------------------
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
  "lobby.new_link": "New link for seat {n}",
  "lobby.new_link_title": "Give this seat a new link; the old one stops working",
  "lobby.new_link_failed": "No new link: {message}",
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
  "status.open": "waiting for players",
  "status.running": "playing",
  "status.finished": "finished",

  // -- the table page ----------------------------------------------------------------------------
  "table.skip": "Skip to the table",
  "table.area": "The table",
  "table.title": "Table {id}",
  "table.you": "You play seat {n}",
  "table.spectator": "You are watching",
  "table.connecting": "Connecting…",
  "table.connected": "Connected",
  "table.reconnecting": "Connection lost; trying again in {s} s",
  "table.seat": "Seat {n}",
  "seat.you": "You",
  "table.seats": "Seats",
  "table.you_short": "you",
  "table.away": "away",
  "table.online": "here",
  "table.waiting": "not joined yet",
  "table.standin": "a computer plays while away",
  "table.to_move": "to play",
  "table.your_turn": "Your turn",
  "table.their_turn": "{who} to play",
  "table.waiting_players": "Waiting for every seat to join",
  "table.over": "The match is over",
  "table.winner": "{side} wins",
  "table.actions": "Your move",
  "table.type_summary": "Type a move",
  "table.type_action": "A move in notation, such as play 9c",
  "table.play": "Play",
  "table.clear": "Clear selection",
  "table.no_match": "No legal move uses the selected cards",
  "table.scores": "Scores",
  "table.scores_to": "Scores (game to {n})",
  "table.score": "Score",
  "table.hands": "Each hand's scoring",
  "table.moves": "Moves",
  "table.hand": "Hand {n}",
  "table.rule": "Rule {rule}",
  "table.replay": "Replay this match",
  "table.record": "Download the record",
  "over.you_win": "You win!",
  "over.again": "Play again",
  "over.new": "New table",
  "over.my_seat": "Go to your seat",

  // -- hints -----------------------------------------------------------------------------------
  "hint.button": "Hint",
  "hint.thinking": "Thinking… (sampling the cards you cannot see)",
  "hint.suggest": "Suggested: {move}",
  "hint.reason": "Over {samples} sampled deals of the unseen cards it averaged {points} points; your side came out ahead in {ahead}% of them.",
  "hint.next": "Next best: {move} ({points}).",
  "hint.chance": "It leaves you a {chance}% chance of winning the match.",
  "hint.next_chance": "Next best: {move} ({chance}%).",
  "hint.only": "It is the only legal move.",
  "hint.play": "Play it",
  "hint.none": "No hints for this game yet.",
  "hint.failed": "No hint now: it is not your turn.",
  "hint.stale": "The table moved on; ask again.",

  // -- refusals ----------------------------------------------------------------------------------
  "error.illegal": "That move is not allowed.",
  "error.notation": "That move could not be read.",
  "error.not_your_turn": "It is not your turn.",
  "error.stale_version": "The table moved on before your move arrived; choose again.",
  "error.not_started": "The match starts when every seat has joined.",
  "error.spectator": "Spectators cannot play.",
  "error.bad_token": "This seat link is not valid for this table; you are watching instead.",
  "error.unknown_table": "There is no such table.",
  "error.forged": "That move names another seat than yours.",
  "error.rate_limited": "Too many messages at once; one was ignored.",
  "error.too_large": "That message was too large.",
  "error.server_error": "The server could not store that; nothing was played. Try again.",
  "error.bad_json": "The server could not read a message.",
  "error.bad_message": "The server could not read a message.",
  "error.stale_seq": "A message arrived twice and was ignored.",
  "error.not_joined": "Not joined to the table yet.",
  "error.already_joined": "Already joined to this table.",
  "error.no_hint": "No hints for this game yet.",
  "error.token_expired": "This seat link has expired (the match ended long ago); you are watching instead.",
  "error.token_revoked": "The table's creator gave this seat a new link; this one no longer works. You are watching instead.",
  "error.table_expired": "Nobody joined this table in time, so it was removed.",
  "error.busy": "The hint helpers are all busy; ask again in a moment.",
  "error.too_many_sockets": "Too many connections from your network; close some tabs.",
  "error.hello_timeout": "The connection waited too long to join; reconnecting.",
  "error.other": "The server refused that.",
  "error.original": "The rules engine's own words (English)",

  // -- actions: a label for a button, a sentence for the log -----------------------------------
  "act.trail.label": "Trail {card}",
  "act.trail.done": "{who} trailed {card}",
  "act.capture.label": "Capture {cards} with {card}",
  "act.capture.done": "{who} captured {cards} with {card}",
  "act.build.label": "Build {value} with {card}",
  "act.build.done": "{who} built {value} with {card} on {cards}",
  "act.order.label": "Order up",
  "act.order.done": "{who} ordered up",
  "act.pass.label": "Pass",
  "act.pass.done": "{who} passed",
  "act.stay.label": "Stay in",
  "act.stay.done": "{who} stayed in",
  "act.drop.label": "Drop out",
  "act.drop.done": "{who} dropped out",
  "act.trump.label": "Name {suit} trump",
  "act.trump.done": "{who} named {suit} trump",
  "act.play.label": "Play {card}",
  "act.play.done": "{who} played {card}",
  "act.discard.label": "Discard {card}",
  "act.discard.done": "{who} discarded {card}",
  "act.draw.label": "Draw from the stock",
  "act.draw.done": "{who} drew from the stock",
  "act.take.label": "Take {card} from the discard pile",
  "act.take.done": "{who} took {card} from the discard pile",
  "act.meld.label": "Meld {cards}",
  "act.meld.done": "{who} melded {cards}",
  "act.layoff.label": "Lay off {card} on meld {n}",
  "act.layoff.done": "{who} laid off {card} on meld {n}",
  "act.end.label": "End the hand",
  "act.end.done": "{who} ended the hand",
  "act.rummy.label": "Call Rummy on {card}",
  "act.rummy.done": "{who} called Rummy on {card}",
  "act.hidden": "{who} discarded a card face down",

  // -- cards -------------------------------------------------------------------------------------
  "card.rank.A": "Ace", "card.rank.2": "Two", "card.rank.3": "Three", "card.rank.4": "Four",
  "card.rank.5": "Five", "card.rank.6": "Six", "card.rank.7": "Seven", "card.rank.8": "Eight",
  "card.rank.9": "Nine", "card.rank.T": "Ten", "card.rank.J": "Jack", "card.rank.Q": "Queen",
  "card.rank.K": "King",
  "card.suit.c": "clubs", "card.suit.d": "diamonds", "card.suit.h": "hearts", "card.suit.s": "spades",
  "card.name": "{rank} of {suit}",
  "card.joker": "Joker",
  "card.joker_as": "Joker as {card}",
  "suit.c": "clubs", "suit.d": "diamonds", "suit.h": "hearts", "suit.s": "spades",
  "suit.none": "no trump",
  "count.cards": "Cards: {n}",

  // -- scoring items (each hand's breakdown) ---------------------------------------------------
  "item.cards": "Most cards",
  "item.spades": "Most spades",
  "item.big casino": "Big Casino (10♦)",
  "item.little casino": "Little Casino (2♠)",
  "item.ace of spades": "Ace of spades",
  "item.ace of clubs": "Ace of clubs",
  "item.ace of hearts": "Ace of hearts",
  "item.ace of diamonds": "Ace of diamonds",
  "item.sweeps": "Sweeps",
  "item.tricks": "Tricks taken",
  "item.euchred": "Set (+5)",
  "item.melded": "Melded",
  "item.laid off": "Laid off",
  "item.left in hand": "Left in hand",
  "item.going out": "Going out",
  "item.opponent's hand": "Opponent's hand",
  "item.total": "Total",

  // -- Buck Euchre -----------------------------------------------------------------------------
  "be.dealer": "Dealer",
  "be.dealer_badge": "D",
  "be.maker": "Maker (called trump)",
  "be.maker_badge": "Maker",
  "be.passed": "passed",
  "be.stayed": "in",
  "be.dropped": "dropped out",
  "be.tricks": "Tricks: {n}",
  "be.tricks_of": "Tricks: {n} (needs {need})",
  "be.trick": "The trick",
  "be.took": "{who} took the trick",
  "be.upcard": "Upcard",
  "be.upcard_is": "Upcard {card}",
  "be.turned_down": "Turned down: {card}",
  "be.picked_up": "{who} picked up {card}",
  "be.your_discard": "Your face-down discard: {card}",
  "be.trump_is": "Trump: {suit}",
  "be.trump_open": "Trump not chosen yet",
  "be.clubs_turned": "Clubs turned: everyone plays and needs 1 trick",
  "be.order": "Order up {suit}",
  "be.name": "Name {suit}",
  "be.stay": "Stay in",
  "be.drop": "Drop out",
  "be.play_card": "Play {card}",
  "be.discard_card": "Discard {card} face down",
  "be.your_hand": "Your hand",
  "be.set_aside": "Your cards are set aside for this hand.",
  "be.phase.order": "Ordering up",
  "be.phase.name": "Naming trump",
  "be.phase.discard": "The dealer discards a card face down",
  "be.phase.decide": "Staying in or dropping out",
  "be.phase.play": "Playing the tricks",
  "be.prompt.order": "Order up {suit} as trump, or pass.",
  "be.prompt.name": "Name a trump suit (not {suit}), or pass.",
  "be.prompt.discard": "You took the upcard: choose a card to discard face down.",
  "be.prompt.decide": "Stay in (you need a trick) or drop out for this hand.",
  "be.prompt.play": "Play a highlighted card.",
  "be.last_trick": "Last trick",
  "be.last_trick_of": "Last trick of hand {n}",
  "be.played_so_far": "Tricks played so far ({n})",
  "be.trick_n": "Trick {n}",

  // -- Royal Casino ----------------------------------------------------------------------------
  "rc.table": "Cards on the table",
  "rc.table_empty": "The table is empty.",
  "rc.your_hand": "Your hand",
  "rc.partner": "partner",
  "rc.side": "Seats {seats}",
  "rc.side_yours": "Your side ({seats})",
  "rc.single": "single build",
  "rc.multiple": "multiple build",
  "rc.build_title": "Build of {value}, {kind}, owner: {owner}",
  "rc.build_move": "Build {value}",
  "rc.deal": "Deal {n} of {of}",
  "rc.stock": "Still to deal: {n}",
  "rc.must_trail": "After a sweep the next player must trail",
  "rc.pile": "Captured: {n}",
  "rc.spades": "Spades: {n}",
  "rc.sweeps": "Sweeps: {n}",
  "rc.last_capture": "made the last capture",
  "rc.near": "Near 21: only {item} counts this hand",
  "rc.captured": "Captured cards",
  "rc.prompt.hand": "Choose the card to play from your hand.",
  "rc.prompt.hand_for_table": "Now choose the card from your hand that takes or builds with these.",
  "rc.prompt.table": "Choose the table cards and builds {card} takes or builds with.",
  "rc.prompt.confirm": "Play {card}:",
  "rc.prompt.more": "(or add more table cards)",

  // -- Rummy 500 and Queen City Rum --------------------------------------------------------------
  "rummy.has_melded": "has melded",
  "rummy.floating": "floating",
  "rummy.went_out": "went out",
  "rummy.known": "Taken from the pile:",
  "rummy.stock_title": "Stock",
  "rummy.stock": "Cards in the stock: {n}",
  "rummy.discard_pile": "Discard pile ({n})",
  "rummy.melds": "Melds on the table",
  "rummy.no_melds": "No melds yet.",
  "rummy.run": "run",
  "rummy.set": "set",
  "rummy.meld_title": "Meld {n}: {kind} of {who}",
  "rummy.laid_off_by": "laid off by {who}",
  "rummy.your_hand": "Your hand ({n})",
  "rummy.prompt.draw": "Draw from the stock, or click a card of the discard pile to take it and every card above it.",
  "rummy.prompt.play": "Select cards from your hand to meld, lay off (then click a meld) or discard.",
  "rummy.prompt.choose": "Your choice leads to:",
  "rummy.prompt.call": "The discard could be played: call Rummy, or pass.",
  "rummy.take_above": "Take {card} and the {n} cards above it",
  "rummy.must_use": "You must meld or lay off {cards} this turn.",
  "rummy.may_not_discard": "You may not discard {card} this turn.",
  "rummy.no_move_with": "No move uses exactly the selected cards.",
  "rummy.wait.draw": "{who} is drawing.",
  "rummy.wait.play": "{who} is playing.",
  "rummy.wait.call": "{who} may call Rummy.",

  // -- the rule book's rules, named (a refused move cites one) ---------------------------------
  "rule.C-1": "Cards",
  "rule.C-2": "Seats",
  "rule.C-3": "Deck and deal",
  "rule.C-4": "The match",
  "rule.C-5": "Whose turn it is",
  "rule.C-6": "Hidden cards",
  "rule.C-7": "No dead ends",
  "rule.RC-1": "Players",
  "rule.RC-2": "Card values",
  "rule.RC-3": "The deal",
  "rule.RC-4": "A turn: capture, build or trail",
  "rule.RC-5": "Capturing",
  "rule.RC-6": "Matching loose cards must be taken",
  "rule.RC-7": "Builds",
  "rule.RC-8": "The owner of a build",
  "rule.RC-9": "Creating a build",
  "rule.RC-10": "Raising a build",
  "rule.RC-11": "Adding to a build",
  "rule.RC-12": "Multiple builds are fixed",
  "rule.RC-13": "Hold the capturing card",
  "rule.RC-14": "No building for a partner",
  "rule.RC-15": "Trailing",
  "rule.RC-16": "No trail with a matching rank",
  "rule.RC-17": "An owner may not trail",
  "rule.RC-18": "Sweeps",
  "rule.RC-19": "End of the hand",
  "rule.RC-20": "Scoring a hand",
  "rule.RC-21": "The game",
  "rule.RC-22": "Near 21",
  "rule.RC-23": "Who wins",
  "rule.BE-1": "Players and deck",
  "rule.BE-2": "Ranking",
  "rule.BE-3": "The deal",
  "rule.BE-4": "Clubs turned",
  "rule.BE-5": "Ordering up",
  "rule.BE-6": "Naming trump",
  "rule.BE-7": "No trump",
  "rule.BE-8": "Staying or dropping",
  "rule.BE-9": "Everyone else drops",
  "rule.BE-10": "Play: follow suit if you can",
  "rule.BE-11": "Scoring",
  "rule.BE-12": "Winning",
  "rule.BE-13": "All five tricks",
  "rule.R5-1": "Players and deck",
  "rule.R5-2": "Card values",
  "rule.R5-3": "The deal",
  "rule.R5-4": "Melds",
  "rule.R5-5": "Jokers",
  "rule.R5-6": "A turn: draw, meld, discard",
  "rule.R5-7": "Digging the discard pile",
  "rule.R5-8": "No discarding back",
  "rule.R5-9": "Laying off",
  "rule.R5-10": "Calling Rummy",
  "rule.R5-11": "End of the hand",
  "rule.R5-12": "Scoring a hand",
  "rule.R5-13": "The game",
  "rule.R5-14": "Floating",
  "rule.R5-15": "Dead last discard",
  "rule.QC-1": "Players and deck",
  "rule.QC-2": "The deal",
  "rule.QC-3": "Card values",
  "rule.QC-4": "A turn: draw, meld, discard",
  "rule.QC-5": "Melds",
  "rule.QC-6": "Going out",
  "rule.QC-7": "Scoring a hand",
  "rule.QC-8": "Empty stock",
  "rule.QC-9": "The game",

  // -- the generic drawing (a game without its own module) -------------------------------------
  "field.phase": "Phase",
  "field.dealer": "Dealer",
  "field.hand": "Hand",
  "field.hand_sizes": "Cards in hand",
  "field.to_move": "To play",
  "field.stock": "Stock",
  "field.discard_pile": "Discard pile",
  "field.melds": "Melds",
  "field.trick": "Trick",
  "field.last_trick": "Last trick",
  "field.trump": "Trump",
  "field.upcard": "Upcard",
  "field.loose": "Loose cards",
  "field.builds": "Builds",
  "field.piles": "Captured",
  "field.sweeps": "Sweeps",
  "field.cards": "Cards",
  "field.value": "Value",
  "field.owner": "Owner",
  "field.table": "Table",
  "field.players": "Players",

  // -- replays ---------------------------------------------------------------------------------
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
};

// Each language by its own name.
export const LANGUAGES = { en: "English", pa: "ਪੰਜਾਬੀ", tl: "Tagalog" };
export const STRINGS = { en: EN, pa: PA, tl: TL };

const KEY = "cardtable.lang";

function stored() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

let current = pick(stored() || navigator.language || "en");

function pick(lang) {
  const code = String(lang).toLowerCase();
  if (STRINGS[code]) return code;
  const base = code.split("-")[0];
  return STRINGS[base] ? base : "en";
}

export function language() {
  return current;
}

// Whether the current language (or English) has a text for the key.
export function has(key) {
  return key in STRINGS[current] || key in STRINGS.en;
}

// Keys asked for that no language has (the browser tests check this stays empty).
export const missing = new Set();

export function t(key, params = {}) {
  if (!(key in STRINGS.en)) missing.add(key);
  const text = STRINGS[current]?.[key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params && params[name] !== null && params[name] !== undefined
      ? String(params[name])
      : whole,
  );
}

// The text for a key if some language has it, else `fallback` (for names that come from the
// server, such as a game's option, when a newer server sends one this client does not know).
export function tOr(key, fallback, params = {}) {
  return has(key) ? t(key, params) : fallback;
}

export function setLanguage(lang) {
  current = pick(lang);
  try {
    localStorage.setItem(KEY, current);
  } catch {
    // private mode: the choice lasts for this page only
  }
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
  if (root === document) document.title = t("app.name");
}

// A <select> that switches the language of the page.
export function languageSwitch() {
  const label = document.createElement("label");
  label.className = "lang";
  const span = document.createElement("span");
  span.dataset.i18n = "lang.label";
  span.textContent = t("lang.label");
  const select = document.createElement("select");
  select.id = "language";
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, code, false, code === current);
    option.lang = code;
    select.append(option);
  }
  select.addEventListener("change", () => setLanguage(select.value));
  label.append(span, select);
  return label;
}

document.documentElement.lang = current;
