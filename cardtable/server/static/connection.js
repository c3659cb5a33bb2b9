// One WebSocket to the card room that comes back by itself: on a lost connection it opens a
// new one after a moment (a random 0 to 0.25 s, so that the pages of a node that died do not
// all come back in the same instant), then 0.5 s, 1 s, 2 s, … up to 10 s while none opens
// (the page then says hello again).
// Every message sent gets a growing seq (the server refuses a seq that does not grow).
// A room whose nodes each have an address of their own may send the page to its table's node
// (goTo): the next connection opens there at once; one lost after that opens at the room's.

import { roomUrl } from "./api.js";

// The longest first wait after a lost connection, in seconds (the wait is random below it).
export const FIRST_RETRY = 0.25;

export class Connection {
  constructor({ onOpen, onMessage, onDown }) {
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onDown = onDown;
    this.ws = null;
    this.seq = 0;
    this.retry = 0;
    this.stopped = false;
    this.target = null;
  }

  open() {
    const url = new URL(this.target ?? roomUrl("ws"));
    if (!this.target) url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    this.target = null;
    const ws = new WebSocket(url.href);
    this.ws = ws;
    this.seq = 0;
    ws.addEventListener("open", () => {
      this.retry = 0;
      this.onOpen();
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(msg);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws || this.stopped) return;
      const delay = this.target
        ? 0
        : this.retry === 0
          ? Math.random() * FIRST_RETRY
          : Math.min(10, 0.5 * 2 ** (this.retry - 1));
      this.retry += 1;
      this.onDown(delay);
      this.timer = setTimeout(() => this.open(), delay * 1000);
    });
  }

  // The server says the table is served at another WebSocket address: connect there next.
  goTo(url) {
    if (/^wss?:\/\//.test(url)) this.target = url;
  }

  get isOpen() {
    return Boolean(this.ws) && this.ws.readyState === WebSocket.OPEN;
  }

  get isClosed() {
    return !this.ws || this.ws.readyState === WebSocket.CLOSED;
  }

  // Send a message; its seq, or null when the connection is not open.
  send(message) {
    if (!this.isOpen) return null;
    this.seq += 1;
    this.ws.send(JSON.stringify({ ...message, seq: this.seq }));
    return this.seq;
  }

  // Try again now instead of waiting for the back-off ("Try now").
  // A fresh connection now (the page then says hello again, e.g. with a guest's new name).
  reconnect() {
    const old = this.ws;
    this.ws = null;
    old?.close();
    clearTimeout(this.timer);
    this.open();
  }

  retryNow() {
    if (this.stopped || !this.isClosed) return;
    clearTimeout(this.timer);
    this.open();
  }

  stop() {
    this.stopped = true;
    this.ws?.close();
  }
}
