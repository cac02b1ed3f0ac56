// The page's own words around the game, in the reader's language: every element of a
// page that carries `data-say` gets the text its key names here (and `data-say-label`
// its accessible name, `data-say-placeholder` its placeholder), so that the HTML holds
// no English of its own and the catalogs hold every text.
"use strict";

import { t } from "./words.js";

/** The page's texts by key: each a call of `t`, so that the catalogs find it. */
const TEXTS = /** @type {Record<string, () => string>} */ ({
  lobby: () => t("lobby"),
  language: () => t("Language"),
  board: () => t("the board"),
  about: () => t("what the decision is about"),
  actions: () => t("Your actions"),
  filter: () => t("filter the actions (for example: move, a1)"),
  "filter-label": () => t("filter the actions"),
  log: () => t("What happened"),
  record: () => t("The game's record"),
  resign: () => t("resign…"),
  "resign-question": () => t("Resign this game?"),
  "resign-yes": () => t("yes, resign"),
  "resign-no": () => t("no"),
  "replay-open": () => t("replay the game"),
  "replay-first": () => t("to the start"),
  "replay-back": () => t("one step back"),
  "replay-next": () => t("one step on"),
  "replay-last": () => t("to the last step"),
  "replay-close": () => t("back to the game"),
  "replay-slider": () => t("the step shown"),
  close: () => t("close"),
  "show-every": () => t("show every action again"),
  // the lobby
  title: () => t("Play a game"),
  refresh: () => t("refresh"),
  "seats-hint": () => t("A person's seat gets a secret link to send to whoever plays it; an open seat is listed below for anyone to take; a bot plays by itself."),
  "watch-games": () => t("Games to watch"),
  "no-watch-games": () => t("No listed game yet."),
  "new-game": () => t("A new game"),
  game: () => t("Game"),
  mode: () => t("Mode"),
  players: () => t("Players"),
  seats: () => t("Seats"),
  clock: () => t("Seconds per decision (empty: no clock)"),
  listed: () => t("list it in the lobby, so others may take its open seats"),
  create: () => t("Create the game"),
  "open-games": () => t("Open games"),
  "no-open-games": () => t("No open game right now."),
  links: () => t("The links"),
  "links-hint": () => t("Each link is a seat's secret: give it only to whoever plays that seat."),
  "open-seat": () => t("open my seat"),
  analysis: () => t("The analysis board"),
  // the analysis board
  legal: () => t("Every legal action"),
  try: () => t("Any action, legal or not"),
  why: () => t("Why?"),
  solve: () => t("Value under perfect play"),
  moves: () => t("Moves"),
  link: () => t("A link to this position and its moves"),
  copy: () => t("copy"),
  load: () => t("Load a position, a record, or a new game"),
  "load-text": () => t("A position, its JSON or a game record"),
  "load-file": () => t("or a file"),
  "load-button": () => t("Load it"),
  edit: () => t("Set up from the position shown"),
  setup: () => t("Set a position up on the board"),
  "setup-hint": () => t("Start from the position shown, change what stands on any cell and the counts below, then use it: the server checks it as it checks any position."),
  "setup-mode": () => t("set up: a click on the board changes what stands there"),
  "setup-use": () => t("Use this position"),
  new: () => t("A new game with these rules"),
  seed: () => t("Seed (empty: chance decides on the board)"),
  "new-button": () => t("Start it"),
  scenario: () => t("Run a scenario file"),
  "scenario-text": () => t("The scenario (TOML)"),
  "scenario-run": () => t("Run it"),
});

/**
 * Fill every `data-say` element of the page with its text.
 * @param {ParentNode} [root]
 */
export function fillChrome(root = document) {
  for (const el of root.querySelectorAll("[data-say]")) {
    const say = TEXTS[/** @type {HTMLElement} */ (el).dataset.say || ""];
    if (say) el.textContent = say();
  }
  for (const el of root.querySelectorAll("[data-say-label]")) {
    const say = TEXTS[/** @type {HTMLElement} */ (el).dataset.sayLabel || ""];
    if (say) el.setAttribute("aria-label", say());
  }
  for (const el of root.querySelectorAll("[data-say-placeholder]")) {
    const say = TEXTS[/** @type {HTMLElement} */ (el).dataset.sayPlaceholder || ""];
    if (say) el.setAttribute("placeholder", say());
  }
}

/**
 * The language chooser: each language in its own name; choosing one keeps it and
 * reloads the page in it.
 * @param {HTMLSelectElement} select
 * @param {Record<string, string>} languages
 * @param {string} lang the page's language now
 */
export function chooser(select, languages, lang) {
  select.textContent = "";
  for (const [code, name] of Object.entries(languages)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === lang;
    select.appendChild(option);
  }
  select.addEventListener("change", () => {
    localStorage.setItem("language", select.value);
    location.reload();
  });
}
