// The log: what happened, in words, numbered by the game's own sequence (every
// transition's number, the same after a reconnect or a reload), each line with a
// "which rule?" link that opens its clause for whoever wants it.
"use strict";

import { t } from "./words.js";

/** @typedef {import("./types.js").GameEvent} GameEvent */

/**
 * The list item of transition `seq`, made when its first event comes.
 * @param {HTMLOListElement} log
 * @param {number} seq
 * @returns {HTMLLIElement}
 */
function itemOf(log, seq) {
  const found = log.querySelector(`li[data-seq="${seq}"]`);
  if (found) return /** @type {HTMLLIElement} */ (found);
  const li = document.createElement("li");
  li.dataset.seq = String(seq);
  li.value = seq;
  const lines = document.createElement("ul");
  li.appendChild(lines);
  log.appendChild(li);
  return li;
}

/**
 * Add `events` to the log (an event already there is left as it is).
 * @param {HTMLOListElement} log
 * @param {GameEvent[]} events
 * @param {(clause: string) => void} openClause
 */
export function addEvents(log, events, openClause) {
  for (const e of events) {
    const li = itemOf(log, e.seq);
    const lines = /** @type {HTMLUListElement} */ (li.querySelector("ul"));
    const line = document.createElement("li");
    line.dataset.event = e.event || "";
    const words = document.createElement("span");
    words.className = "words";
    words.textContent = e.words || e.text || "";
    line.appendChild(words);
    if (e.clause) {
      const why = document.createElement("button");
      why.type = "button";
      why.className = "rule";
      why.dataset.clause = e.clause;
      why.textContent = t("which rule?");
      why.setAttribute("aria-label", t("which rule: {words}", { words: words.textContent }));
      why.addEventListener("click", () => openClause(/** @type {string} */ (e.clause)));
      line.appendChild(why);
    }
    lines.appendChild(line);
  }
  log.scrollTop = log.scrollHeight; // the newest at the bottom, in sight
}

/**
 * The text of the log's transitions, for whoever reads the page (and the tests).
 * @param {HTMLOListElement} log
 * @returns {string}
 */
export function logText(log) {
  return [...log.querySelectorAll("span.words")].map((s) => s.textContent).join("\n");
}
