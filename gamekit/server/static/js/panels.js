// The words around the board: the title, what the game waits for, the prompt, the
// result, and a clause opened from the log.
"use strict";

import { t, tn } from "./words.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").Waiting} Waiting */

/**
 * @param {GameInfo | null} game
 * @param {number} seat
 * @returns {string} the seat's name (`P2`, `x`)
 */
export function seatName(game, seat) {
  for (const s of game ? game.seats : []) if (s.seat === seat) return s.name;
  return `P${seat + 1}`;
}

/**
 * @param {GameInfo | null} game
 * @param {number | null} seat
 * @returns {string} who the page is for, in words
 */
export function whoAmI(game, seat) {
  return seat === null ? t("watching") : t("you are {player}", { player: seatName(game, seat) });
}

/**
 * What the game waits for, the seat's own decision left out.
 * @param {Waiting[]} waiting
 * @param {number | null} seat
 * @returns {string}
 */
export function waitingWords(waiting, seat) {
  const parts = [];
  for (const w of waiting) {
    if (w.seat === seat) continue;
    parts.push(w.secret ? t("{player} is choosing in secret", { player: w.name }) : t("waiting for {player}", { player: w.name }));
  }
  return parts.join(" · ");
}

/**
 * How the game ended, in words: the game's own last event says it ("game over: P2
 * wins, scores 41, 186"), or a resignation.
 * @param {GameInfo | null} game
 * @param {Record<string, unknown> | null} result
 * @param {GameEvent[]} events
 * @returns {string}
 */
export function resultWords(game, result, events) {
  if (!result) return "";
  if (typeof result.resigned === "number") {
    const winners = /** @type {number[]} */ (result.winners || []);
    const how = tn("{player} resigned; {winners} wins", "{player} resigned; {winners} win", winners.length, {
      player: seatName(game, result.resigned),
      winners: winners.map((w) => seatName(game, w)).join(", "),
    });
    return t("Game over: {how}", { how });
  }
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].event === "GameOver") {
      const words = events[i].words; // a sentence of its own here: its first letter capital
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
  return t("the game is over");
}

/**
 * Open a clause of the spec in the dialog, in the page's language.
 * @param {HTMLDialogElement} dialog
 * @param {string} game the game's package
 * @param {string} clause its id
 * @param {string} lang
 */
export async function openClause(dialog, game, clause, lang) {
  const title = /** @type {HTMLElement} */ (dialog.querySelector("h2"));
  const body = /** @type {HTMLElement} */ (dialog.querySelector(".clause-text"));
  title.textContent = clause;
  body.textContent = t("loading…");
  if (!dialog.open) dialog.showModal();
  try {
    const answer = await fetch(`/api/clauses/${encodeURIComponent(game)}/${encodeURIComponent(clause)}?lang=${lang}`);
    const found = await answer.json();
    if (!answer.ok) throw new Error(found.error ? found.error.message : String(answer.status));
    title.textContent = `${found.id}: ${found.title}`;
    body.textContent = found.text;
  } catch (err) {
    body.textContent = t("The rule could not be loaded: {why}", { why: String(err instanceof Error ? err.message : err) });
  }
}
