// The clock: the seconds each waited-for seat has left, counted down between the
// server's messages. The server tells them; an update that comes before the next
// decision's clock is started tells none, and the page then counts a whole
// decision's time from when that decision was asked.
"use strict";

import { t } from "./words.js";

/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./types.js").GameInfo} GameInfo */

export class Clock {
  constructor() {
    /** @type {Record<string, {asked: number | null, at: number}>} */
    this.starts = {};
    /** @type {Record<string, number> | null} seconds left per seat, when told */
    this.left = null;
    this.at = 0;
  }

  /**
   * Read the clock of a hello or update.
   * @param {GameInfo | null} game
   * @param {ServerMessage} msg
   */
  take(game, msg) {
    this.at = performance.now();
    const per = game ? game.clock : null;
    if (!game || per === null || per === undefined || msg.over) {
      this.left = null;
      return;
    }
    const told = msg.clock || {};
    /** @type {Record<string, number>} */
    const out = {};
    const humans = new Set(game.seats.filter((s) => s.kind === "human").map((s) => s.seat));
    for (const w of msg.waiting || []) {
      if (!humans.has(w.seat)) continue;
      const key = String(w.seat);
      const asked = w.seat === msg.for ? (msg.asked ?? null) : null;
      let start = this.starts[key];
      if (!start || (asked !== null && start.asked !== asked)) {
        start = { asked, at: this.at };
        this.starts[key] = start;
      }
      out[key] = key in told ? told[key] : Math.max(0, per - (this.at - start.at) / 1000);
    }
    for (const key of Object.keys(this.starts)) if (!(key in out)) delete this.starts[key];
    this.left = out;
  }

  /**
   * The clock in words, now: `P2 0:41`.
   * @param {(seat: number) => string} name
   * @returns {string} "" when nobody's decision runs on the clock
   */
  shown(name) {
    if (!this.left || !Object.keys(this.left).length) return "";
    const gone = (performance.now() - this.at) / 1000;
    const parts = Object.entries(this.left).map(([seat, left]) => {
      const s = Math.max(0, left - gone);
      const time = `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
      return t("{player} {time}", { player: name(Number(seat)), time });
    });
    return `⏱ ${parts.join(" · ")}`;
  }
}
