// Replays: the game stepped back and forth move by move, with its board. Each step
// asks the server for the game as this seat saw it after that many transitions (a
// `replay` message); the answer (`replayed`) brings its picture, its events and its
// decision in words. The live game goes on underneath, and "back to the game" shows it
// again.
"use strict";

import { t } from "./words.js";

/** @typedef {import("./types.js").ServerMessage} ServerMessage */

export class Replay {
  /**
   * @param {(msg: object) => boolean} send
   * @param {(msg: ServerMessage | null) => void} show draws a replayed step (null: the live game)
   */
  constructor(send, show) {
    this.send = send;
    this.show = show;
    this.on = false;
    this.at = 0;
    this.last = 0;
    /** @type {number} the step asked for last, whose answer is awaited */
    this.asked = -1;
    const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
    this.box = $("replay");
    this.slider = /** @type {HTMLInputElement} */ ($("replay-at"));
    this.where = $("replay-where");
    $("replay-open").addEventListener("click", () => this.start());
    $("replay-close").addEventListener("click", () => this.stop());
    $("replay-first").addEventListener("click", () => this.go(0));
    $("replay-back").addEventListener("click", () => this.go(this.at - 1));
    $("replay-next").addEventListener("click", () => this.go(this.at + 1));
    $("replay-last").addEventListener("click", () => this.go(this.last));
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
  }

  /**
   * The live game's seq: how far a replay can go.
   * @param {number} seq
   */
  reach(seq) {
    this.last = seq;
    this.slider.max = String(seq);
    if (this.on) this.label();
  }

  /** Open the replay at the last step. */
  start() {
    this.on = true;
    this.box.hidden = false;
    document.body.dataset.replay = "true";
    this.go(this.last);
    this.slider.focus();
  }

  /** Back to the live game. */
  stop() {
    this.on = false;
    this.box.hidden = true;
    document.body.dataset.replay = "false";
    this.show(null);
  }

  /**
   * Show step `at` (0: the start; the last: the game now).
   * @param {number} at
   */
  go(at) {
    this.at = Math.max(0, Math.min(this.last, at));
    this.slider.value = String(this.at);
    this.label();
    this.asked = this.at;
    this.send({ type: "replay", at: this.at, ref: `replay-${this.at}` });
  }

  label() {
    this.where.textContent = t("step {at} of {last}", { at: this.at, last: this.last });
    this.slider.setAttribute("aria-valuetext", this.where.textContent);
  }

  /**
   * The server's answer: shown if it is the step asked for last.
   * @param {ServerMessage} msg
   */
  answer(msg) {
    if (!this.on || msg.seq !== this.asked) return;
    if (typeof msg.last === "number") this.reach(Math.max(this.last, msg.last));
    document.body.dataset.replayAt = String(msg.seq);
    this.show(msg);
  }
}
