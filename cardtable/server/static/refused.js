// A request the room refused, as every page catches it: the room's reason as a catalogue key
// and its parameters, its own English sentence, and the HTTP status (429: the guard's "too
// many"; 5xx or an answer that is not the room's: "That did not work"). people.js refusalText
// says it in the page's language.

export class Refused extends Error {
  constructor(answer, status) {
    super(answer?.error || String(status));
    this.key = answer?.key ?? null;
    this.params = answer?.params ?? {};
    this.said = answer?.error ?? null; // the room's own sentence, when it gave one
    this.status = status;
  }
}
