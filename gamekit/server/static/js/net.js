// The connection to a game: join with the link's token, hear the server, send within
// its rate, and come back after a drop.
//
// A dropped connection is tried again after FIRST_BACKOFF ms, doubling up to
// MAX_BACKOFF; the server's hello brings everything back. The server allows 10
// messages a second (30 at once): the page keeps under it with a bucket of its own
// (RATE, BURST) and queues what would go over, rather than be refused.
"use strict";

/** @typedef {import("./types.js").ServerMessage} ServerMessage */

const FIRST_BACKOFF = 250;
const MAX_BACKOFF = 4000;
const RATE = 8;
const BURST = 20;

/**
 * @typedef {object} Listener
 * @property {(msg: ServerMessage) => void} message every message the server sends
 * @property {(state: "connecting" | "connected" | "reconnecting" | "refused", wait?: number) => void} status
 */

export class Channel {
  /**
   * @param {string} gameId
   * @param {string} token the seat's or the spectators' secret, from the link
   * @param {string} lang the language the server is to speak
   * @param {Listener} listener
   */
  constructor(gameId, token, lang, listener) {
    this.gameId = gameId;
    this.token = token;
    this.lang = lang;
    this.listener = listener;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.backoff = FIRST_BACKOFF;
    /** @type {number | null} */
    this.retry = null;
    this.stopped = false;
    this.bucket = BURST;
    this.bucketAt = performance.now();
    /** @type {object[]} */
    this.queue = [];
    /** @type {number | null} */
    this.draining = null;
  }

  /** Connect (or connect again). */
  open() {
    this.retry = null;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    /** @type {WebSocket} */
    let socket;
    try {
      socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(this.gameId)}`);
    } catch (err) {
      this.later();
      return;
    }
    this.ws = socket;
    this.listener.status("connecting");
    socket.onopen = () => {
      this.queue.length = 0;
      // the lobby's "watch" links join a listed game as a spectator, with no token
      const who = this.token === "watch" ? { watch: true } : { token: this.token };
      socket.send(JSON.stringify({ type: "join", ...who, lang: this.lang }));
    };
    socket.onmessage = (e) => {
      if (socket !== this.ws) return;
      /** @type {ServerMessage} */
      let msg;
      try {
        msg = JSON.parse(String(e.data));
      } catch (err) {
        return;
      }
      if (msg.type === "hello") {
        this.backoff = FIRST_BACKOFF;
        this.listener.status("connected");
      }
      if (msg.type === "error" && msg.error && msg.error.code === "unauthorized" && !this.joined) {
        this.stopped = true;
        this.listener.status("refused");
      }
      if (msg.type === "hello") this.joined = true;
      this.listener.message(msg);
    };
    socket.onclose = () => {
      if (socket !== this.ws) return;
      this.ws = null;
      if (!this.stopped) this.later();
    };
    /** whether this connection has been welcomed once (a refusal after is not final) */
    this.joined = false;
  }

  /** Close for good (the page leaves, or joins in another language). */
  close() {
    this.stopped = true;
    if (this.retry !== null) clearTimeout(this.retry);
    if (this.ws) this.ws.close();
    this.ws = null;
  }

  /** Try again after the backoff. */
  later() {
    if (this.retry !== null || this.stopped) return;
    const wait = this.backoff;
    this.backoff = Math.min(MAX_BACKOFF, this.backoff * 2);
    this.listener.status("reconnecting", wait);
    this.retry = window.setTimeout(() => this.open(), wait);
  }

  /** @returns {boolean} whether the connection is open */
  get connected() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /**
   * Send `msg` as soon as the rate allows.
   * @param {object} msg
   * @returns {boolean} false when not connected (nothing sent)
   */
  send(msg) {
    if (!this.connected) return false;
    this.queue.push(msg);
    this.drain();
    return true;
  }

  drain() {
    this.draining = null;
    const now = performance.now();
    this.bucket = Math.min(BURST, this.bucket + ((now - this.bucketAt) / 1000) * RATE);
    this.bucketAt = now;
    while (this.queue.length && this.bucket >= 1) {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        this.queue.length = 0;
        return;
      }
      this.ws.send(JSON.stringify(this.queue.shift()));
      this.bucket -= 1;
    }
    if (this.queue.length && this.draining === null) {
      this.draining = window.setTimeout(() => this.drain(), Math.ceil(((1 - this.bucket) / RATE) * 1000));
    }
  }
}
