// The lobby: create a game (which game, its mode and players, who sits in each seat,
// a clock), hand out each seat's link, list the games with a seat open, and the
// listed games anyone may watch (and replay, once over).
"use strict";

import { chooser, fillChrome } from "./chrome.js";
import { LANGUAGES, chooseLanguage, t, tn, useLanguage } from "./words.js";

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const value = (/** @type {string} */ id) => /** @type {HTMLInputElement | HTMLSelectElement} */ ($(id)).value;

/**
 * What the lobby knows of each game it can set up: its name, its seats' names, and
 * whether it has Tikal's modes and player counts.
 * @type {Record<string, {name: string, seats: (n: number) => string[], options: boolean}>}
 */
const GAMES = {
  tiki: { name: "Tiki", seats: () => ["x", "o"], options: false },
  tikalspeed: { name: "Tikal", seats: (n) => Array.from({ length: n }, (_, i) => `P${i + 1}`), options: true },
};
const BOTS = ["greedy", "random", "mcts"];
/** @returns {Record<string, string>} the bots by name, in words */
const botWords = () => ({ greedy: t("greedy"), random: t("random"), mcts: t("search (mcts)") });
/** @returns {Record<string, string>} Tikal's modes, in words */
const modeWords = () => ({ speed: t("Tikal on Speed"), professional: t("professional (auctions)"), classic: t("base game") });

/**
 * @typedef {{kind: string, open?: boolean, bot?: string, playouts?: number}} SeatRequest
 * @typedef {{seat: number, name: string, kind: string, bot: string | null, open: boolean, link?: string}} Seat
 * @typedef {{id: string, game: string, rules: Record<string, unknown>, clock: number | null, seats: Seat[], seq: number, over: boolean}} Listed
 */

/** @returns {Promise<string[]>} the games this server hosts that this page can seat */
async function hosted() {
  try {
    const r = await fetch("/api/hosted");
    const body = await r.json();
    const ours = body.games.map((/** @type {{game: string}} */ g) => g.game).filter((/** @type {string} */ n) => n in GAMES);
    if (ours.length) return ours;
  } catch (err) {
    // offer every game
  }
  return Object.keys(GAMES);
}

function seatCount() {
  const g = GAMES[value("game")];
  return g && g.options ? Number(value("players")) : 2;
}

/**
 * @param {HTMLElement} row
 * @param {string} cls
 * @returns {HTMLInputElement}
 */
const field = (row, cls) => /** @type {HTMLInputElement} */ (row.querySelector(`.${cls}`));

function drawSeats() {
  const box = $("seats");
  const before = [...box.querySelectorAll(".seat")].map((s) => ({
    kind: field(/** @type {HTMLElement} */ (s), "kind").value,
    bot: field(/** @type {HTMLElement} */ (s), "bot").value,
    playouts: field(/** @type {HTMLElement} */ (s), "playouts").value,
  }));
  box.textContent = "";
  const names = GAMES[value("game")].seats(seatCount());
  names.forEach((name, i) => {
    const was = before[i] || { kind: i === 0 ? "human" : "bot", bot: "greedy", playouts: "200" };
    const row = document.createElement("div");
    row.className = "seat";
    row.dataset.seat = String(i);
    const label = document.createElement("span");
    label.className = "name";
    label.textContent = name;
    const kind = document.createElement("select");
    kind.className = "kind";
    kind.setAttribute("aria-label", t("who sits at {player}", { player: name }));
    for (const [v, words] of [["human", t("a person (with a link)")], ["open", t("open (anyone may take it)")], ["bot", t("a bot")]]) {
      kind.add(new Option(words, v));
    }
    const bot = document.createElement("select");
    bot.className = "bot";
    bot.setAttribute("aria-label", t("which bot plays {player}", { player: name }));
    for (const b of BOTS) bot.add(new Option(botWords()[b], b));
    const playoutsLabel = document.createElement("label");
    playoutsLabel.className = "playouts-label";
    const playouts = document.createElement("input");
    playouts.className = "playouts";
    playouts.type = "number";
    playouts.min = "1";
    playouts.max = "5000";
    playouts.step = "1";
    playoutsLabel.append(t("playouts"), " ", playouts);
    row.append(label, kind, bot, playoutsLabel);
    kind.value = was.kind;
    bot.value = was.bot;
    playouts.value = was.playouts;
    const sync = () => {
      bot.hidden = kind.value !== "bot";
      playoutsLabel.hidden = kind.value !== "bot" || bot.value !== "mcts";
    };
    kind.addEventListener("change", sync);
    bot.addEventListener("change", sync);
    sync();
    box.appendChild(row);
  });
}

function request() {
  const game = value("game");
  /** @type {{game: string, seats: SeatRequest[], rules?: Record<string, unknown>, clock?: number | null, listed?: boolean}} */
  const body = { game, seats: [] };
  if (GAMES[game].options) body.rules = { mode: value("mode"), players: seatCount() };
  for (const row of $("seats").querySelectorAll(".seat")) {
    const r = /** @type {HTMLElement} */ (row);
    const kind = field(r, "kind").value;
    if (kind === "bot") {
      /** @type {SeatRequest} */
      const seat = { kind: "bot", bot: field(r, "bot").value };
      if (seat.bot === "mcts") seat.playouts = Number(field(r, "playouts").value || 200);
      body.seats.push(seat);
    } else {
      body.seats.push(kind === "open" ? { kind: "human", open: true } : { kind: "human" });
    }
  }
  const clock = value("clock").trim();
  body.clock = clock === "" ? null : Number(clock);
  body.listed = /** @type {HTMLInputElement} */ ($("listed")).checked || body.seats.some((s) => s.open);
  return body;
}

/**
 * @param {string} label
 * @param {string} link
 * @param {string} id
 */
function linkRow(label, link, id) {
  const div = document.createElement("div");
  div.className = "seat-link";
  const name = document.createElement("label");
  name.htmlFor = id;
  name.textContent = label;
  const input = document.createElement("input");
  input.readOnly = true;
  input.value = new URL(link, location.href).href;
  input.id = id;
  input.addEventListener("focus", () => input.select());
  const copy = document.createElement("button");
  copy.type = "button";
  copy.textContent = t("copy");
  copy.setAttribute("aria-label", t("copy the link: {what}", { what: label }));
  copy.addEventListener("click", async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      copy.textContent = t("copied");
    } catch (err) {
      document.execCommand("copy");
    }
  });
  div.append(name, input, copy);
  return div;
}

/** @param {{seats: Seat[], spectator: {link: string}}} game */
function showCreated(game) {
  const box = $("links");
  box.textContent = "";
  for (const s of game.seats) {
    let label = s.name;
    if (s.kind === "bot") label = t("{player}: a bot ({bot})", { player: s.name, bot: botWords()[s.bot || ""] || s.bot || "" });
    else if (s.open) label = t("{player}: open, listed below", { player: s.name });
    if (s.link) box.appendChild(linkRow(label, s.link, `link-${s.seat}`));
    else {
      const p = document.createElement("p");
      p.textContent = label;
      box.appendChild(p);
    }
  }
  box.appendChild(linkRow(t("spectators"), game.spectator.link, "link-spectator"));
  const mine = game.seats.find((s) => s.link);
  $("open-seat").hidden = !mine;
  $("open-seat").dataset.link = mine && mine.link ? mine.link : "";
  $("created").hidden = false;
}

/** @param {Event} e */
async function create(e) {
  e.preventDefault();
  const err = $("create-error");
  err.hidden = true;
  const button = /** @type {HTMLButtonElement} */ ($("create"));
  button.disabled = true;
  try {
    const r = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request()) });
    const body = await r.json();
    if (!r.ok) throw new Error((body.error && body.error.message) || r.statusText);
    showCreated(body);
    listGames();
  } catch (x) {
    err.textContent = t("The server refused the game: {why}", { why: x instanceof Error ? x.message : String(x) });
    err.hidden = false;
  } finally {
    button.disabled = false;
  }
}

/** @param {Listed} g */
function describe(g) {
  const name = GAMES[g.game] ? GAMES[g.game].name : g.game;
  const players = tn("{count} player", "{count} players", g.seats.length);
  const mode = typeof g.rules.mode === "string" ? ` (${modeWords()[g.rules.mode] || g.rules.mode}, ${players})` : "";
  const open = t("open");
  const taken = t("taken");
  const who = g.seats.map((s) => `${s.name}: ${s.kind === "bot" ? botWords()[s.bot || ""] || s.bot : s.open ? open : taken}`).join(", ");
  const seconds = g.clock ? t("{seconds} s a decision", { seconds: g.clock }) : "";
  const clock = g.clock ? ` · ${seconds}` : "";
  const move = t("move {seq}", { seq: g.seq });
  return `${name}${mode} · ${who}${clock} · ${move}`;
}

/**
 * @param {Listed} g
 * @param {Seat} s
 */
async function take(g, s) {
  const r = await fetch(`/api/games/${encodeURIComponent(g.id)}/seats/${s.seat}`, { method: "POST" });
  const body = await r.json();
  if (!r.ok) {
    alert((body.error && body.error.message) || t("The seat is taken."));
    listGames();
    return;
  }
  location.href = body.link;
}

async function listGames() {
  /** @type {Listed[]} */
  let games = [];
  try {
    const r = await fetch("/api/games");
    games = (await r.json()).games || [];
  } catch (err) {
    games = [];
  }
  const list = $("open-games");
  const watch = $("watch-games");
  list.textContent = "";
  watch.textContent = "";
  const open = games.filter((g) => !g.over && g.seats.some((s) => s.open));
  for (const g of open) {
    const li = document.createElement("li");
    li.dataset.game = g.id;
    li.append(describe(g), " ");
    for (const s of g.seats.filter((x) => x.open)) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "take";
      b.dataset.seat = String(s.seat);
      b.textContent = t("take seat {player}", { player: s.name });
      b.addEventListener("click", () => take(g, s));
      li.appendChild(b);
    }
    list.appendChild(li);
  }
  for (const g of games) {
    const li = document.createElement("li");
    li.dataset.game = g.id;
    const a = document.createElement("a");
    a.href = `/play/${encodeURIComponent(g.id)}#watch`;
    a.className = "watch";
    a.textContent = g.over ? t("watch the replay") : t("watch");
    li.append(describe(g), " · ", g.over ? t("over") : t("playing"), " ", a);
    watch.appendChild(li);
  }
  $("no-open-games").hidden = open.length > 0;
  $("no-watch-games").hidden = games.length > 0;
}

async function start() {
  const lang = chooseLanguage(navigator.languages || [navigator.language], localStorage.getItem("language"));
  await useLanguage(lang);
  fillChrome();
  chooser(/** @type {HTMLSelectElement} */ ($("language")), LANGUAGES, lang);
  const select = /** @type {HTMLSelectElement} */ ($("game"));
  for (const name of await hosted()) select.add(new Option(GAMES[name].name, name));
  const mode = /** @type {HTMLSelectElement} */ ($("mode"));
  for (const [v, words] of Object.entries(modeWords())) mode.add(new Option(words, v));
  const sync = () => {
    $("tikal-options").hidden = !GAMES[select.value].options;
    drawSeats();
  };
  select.addEventListener("change", sync);
  $("players").addEventListener("change", drawSeats);
  $("new-game").addEventListener("submit", create);
  $("open-seat").addEventListener("click", () => {
    location.href = $("open-seat").dataset.link || "/";
  });
  $("refresh").addEventListener("click", listGames);
  sync();
  document.body.dataset.ready = "true";
  listGames();
}

start();
