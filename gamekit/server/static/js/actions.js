// The actions as buttons, in words: the list every action of the seat is in (for the
// keyboard, and whoever prefers it to the board), grouped by kind, with a filter when
// there are many; a choice the board could not make alone (several actions on one
// cell) offered the same way; bids as a number to pick.
"use strict";

import { t, tn } from "./words.js";

/** @typedef {import("./types.js").ActionEntry} ActionEntry */

/** More actions than this: a filter box. */
export const MANY = 16;

/** The headings of the kinds of action, by the type of their JSON. */
const KINDS = /** @type {Record<string, () => string>} */ ({
  move: () => t("Move a piece"),
  hop: () => t("Move between camps"),
  enter: () => t("Bring a piece in"),
  uncover: () => t("Raise a temple"),
  dig: () => t("Dig for treasure"),
  camp: () => t("Build a camp"),
  guard: () => t("Guard a temple"),
  swap: () => t("Exchange treasures"),
  place: () => t("Place the tile"),
  take: () => t("Take a tile"),
  bid: () => t("Bid"),
  pass: () => t("Pass"),
  tokens: () => t("Choose your tokens"),
  end: () => t("End"),
  create: () => t("Create a totem"),
  order: () => t("Which village first"),
  "place-shaman": () => t("Place the shaman"),
  "move-shaman": () => t("Move the shaman"),
  "keep-shaman": () => t("Leave the shaman"),
});

/**
 * @param {ActionEntry} e
 * @returns {string} the heading of its kind
 */
export function kindOf(e) {
  const type = e.action.type;
  const say = KINDS[type];
  return say ? say() : type;
}

/**
 * @param {ActionEntry} e
 * @returns {string} the action in words, with what it costs
 */
export function label(e) {
  if (typeof e.cost === "number" && !/\(\d+ AP\)$/.test(e.words)) {
    const cost = tn("{count} AP", "{count} AP", e.cost);
    return `${e.words} · ${cost}`;
  }
  return e.words;
}

/**
 * A button that sends `e`.
 * @param {ActionEntry} e
 * @param {(e: ActionEntry) => void} act
 * @returns {HTMLButtonElement}
 */
export function button(e, act) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "action";
  b.dataset.token = e.token;
  b.textContent = label(e);
  b.addEventListener("click", () => act(e));
  return b;
}

/**
 * A bid as a number to pick, and a button to bid it: the bids of an auction go from
 * one above the high bid to the bidder's score, too many for a button each.
 * @param {ActionEntry[]} bids
 * @param {(e: ActionEntry) => void} act
 * @returns {HTMLElement}
 */
function bidder(bids, act) {
  const box = document.createElement("div");
  box.className = "bid";
  const amounts = bids.map((e) => Number(e.action.amount));
  const input = document.createElement("input");
  input.type = "number";
  input.id = "bid-amount";
  input.min = String(Math.min(...amounts));
  input.max = String(Math.max(...amounts));
  input.value = input.min;
  const name = document.createElement("label");
  name.htmlFor = input.id;
  name.textContent = t("Your bid");
  const go = document.createElement("button");
  go.type = "button";
  go.className = "action primary";
  go.id = "bid";
  go.textContent = t("Bid");
  go.addEventListener("click", () => {
    const chosen = bids.find((e) => Number(e.action.amount) === Number(input.value));
    if (chosen) act(chosen);
    else input.setCustomValidity(t("Bid from {low} to {high}", { low: input.min, high: input.max }));
  });
  input.addEventListener("input", () => input.setCustomValidity(""));
  box.append(name, input, go);
  // each amount keeps its own hidden button, so every action has one (tests, tools)
  for (const e of bids) {
    const b = button(e, act);
    b.hidden = true;
    box.appendChild(b);
  }
  return box;
}

/**
 * Draw `entries` as buttons in `box`, grouped by kind, keeping those `filter` keeps.
 * @param {HTMLElement} box
 * @param {ActionEntry[]} entries
 * @param {(e: ActionEntry) => void} act
 * @param {string} filter words to look for (every one must be in the action's words)
 */
export function drawActions(box, entries, act, filter) {
  box.textContent = "";
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = entries.filter((e) => words.every((w) => label(e).toLowerCase().includes(w)));
  box.dataset.count = String(shown.length);
  if (entries.length && !shown.length) {
    box.textContent = t("No action matches the filter.");
    return;
  }
  /** @type {Map<string, ActionEntry[]>} */
  const groups = new Map();
  for (const e of shown) {
    const g = e.action.type;
    if (!groups.has(g)) groups.set(g, []);
    /** @type {ActionEntry[]} */ (groups.get(g)).push(e);
  }
  for (const [type, list] of groups) {
    const section = document.createElement("section");
    section.className = "group";
    section.dataset.group = type;
    const h = document.createElement("h3");
    h.textContent = groups.size > 1 || list.length > 1 ? `${kindOf(list[0])} (${list.length})` : kindOf(list[0]);
    section.appendChild(h);
    if (type === "bid" && list.length > 3) {
      section.appendChild(bidder(list, act));
    } else {
      const row = document.createElement("div");
      row.className = "buttons";
      for (const e of list) row.appendChild(button(e, act));
      section.appendChild(row);
    }
    box.appendChild(section);
  }
}
