// The game page: one seat's (or a spectator's) table at a game of the server.
//
// It reads the seat's secret token from location.hash, joins the game's WebSocket in
// the reader's language (net.js), and keeps what the server last said in
// window.gameState. After every hello and update it asks for the pictures (the game's
// own SVG of what the seat sees, and of what the decision is about), marks on them
// what the seat may do (board.js, picture.js), lists the same actions in words
// (actions.js), adds the events to the log (log.js), and counts the clock down
// (clock.js). A replay steps through the game (replay.js). Every text is the reader's
// language (words.js); the server's words (decisions, actions, events) come in it.
"use strict";

import { addEvents } from "./log.js";
import { Board } from "./board.js";
import { Clock } from "./clock.js";
import { Channel } from "./net.js";
import { Replay } from "./replay.js";
import { drawActions, MANY } from "./actions.js";
import { CELLS, clearOverlay, drawPath, mark, partAt, partName, showPicture } from "./picture.js";
import { LANGUAGES, chooseLanguage, language, t, useLanguage } from "./words.js";
import { openClause, resultWords, seatName, waitingWords, whoAmI } from "./panels.js";
import { chooser, fillChrome } from "./chrome.js";

/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./types.js").ActionEntry} ActionEntry */
/** @typedef {import("./board.js").Outcome} Outcome */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const gameId = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop() || "");
const token = decodeURIComponent(location.hash.replace(/^#/, ""));

/** What the page knows, for the page and for whoever inspects it (the tests). */
const gameState = {
  /** @type {import("./types.js").GameInfo | null} */ game: null,
  /** @type {number | null} */ seat: null,
  seq: -1,
  /** @type {Record<string, unknown> | null} */ view: null,
  /** @type {import("./types.js").Decision | null} */ decision: null,
  /** @type {number | null} */ asked: null,
  /** @type {import("./types.js").Waiting[]} */ waiting: [],
  over: false,
  /** @type {Record<string, unknown> | null} */ result: null,
  /** @type {string | null} */ record: null,
  /** @type {import("./types.js").GameEvent[]} */ events: [],
  pictureSeq: -1,
};
/** @type {any} */ (window).gameState = gameState;

const board = new Board();
const clock = new Clock();
/** @type {Channel} */
let channel;
let refs = 0;
let pictureAsked = false;
/** @type {{svg: string, about: string | null} | null} the live game's last pictures */
let live = null;
/** @type {{entries: ActionEntry[], at: string} | null} a choice the board offers in words */
let choice = null;
/** @type {string | null} the destination the pointer is over */
let hovering = null;
/** @type {string | null} where a drag began */
let dragFrom = null;
/**
 * The `ref` of the action sent and not yet answered (acknowledged or refused): until
 * it is, an update that another seat's action brought (a Jump's other choice) does not
 * offer this seat's decision again, which the server may be storing already.
 * @type {string | null}
 */
let inFlight = null;
/** whether a drag has just put a piece down (its click is not a click of its own) */
let dropped = false;

// what the server says -----------------------------------------------------------------

/** @param {ServerMessage} msg */
function receive(msg) {
  switch (msg.type) {
    case "hello":
      inFlight = null; // the server's whole game again: what was stored is in it
      gameState.game = msg.game || null;
      gameState.seat = msg.for;
      gameState.events = [];
      gameState.pictureSeq = -1;
      $("picture").dataset.seq = "";
      $("log").textContent = "";
      take(msg);
      break;
    case "update":
      if (msg.seq > gameState.seq) take(msg);
      break;
    case "picture":
      pictureAsked = false;
      if (msg.seq >= gameState.pictureSeq) {
        gameState.pictureSeq = msg.seq;
        live = { svg: msg.svg || "", about: typeof msg.decision_svg === "string" ? msg.decision_svg : null };
        if (!replay.on) drawPictures(live.svg, live.about, msg.seq);
      }
      if (msg.seq < gameState.seq) askPicture();
      break;
    case "replayed":
      replay.answer(msg);
      break;
    case "ack":
      showError("");
      if (msg.ref === inFlight) inFlight = null; // stored: the update that shows it follows
      break;
    case "error":
      if (typeof msg.ref === "string" && msg.ref.startsWith("picture-")) {
        pictureAsked = false; // refused (too fast): ask again in a moment
        window.setTimeout(askPicture, 1000);
        return;
      }
      if (gameState.seq < 0 && msg.error && msg.error.code === "unauthorized") {
        setStatus(t("The server does not know this link: {why}", { why: msg.error.message }), "refused");
        return;
      }
      showError(msg.error ? refusal(msg.error) : t("refused"));
      if (msg.ref === inFlight) inFlight = null;
      pending(false);
      if (msg.error && (msg.error.code === "busy" || msg.error.code === "stale")) askPicture();
      break;
    default:
      break;
  }
}

/**
 * A refusal of the server in the reader's words: its code said by the page (an
 * illegal action's reason comes from the server, in the page's language).
 * @param {{code: string, message: string}} error
 * @returns {string}
 */
function refusal(error) {
  /** @type {Record<string, () => string>} */
  const said = {
    "too-fast": () => t("Too many messages: the page waits a moment."),
    spectator: () => t("A spectator watches; only a seat acts."),
    "not-your-turn": () => t("It is not your turn."),
    stale: () => t("The game has moved on since: here it is now."),
    over: () => t("The game is over."),
    busy: () => t("Another action was stored first: here is the game now."),
    unauthorized: () => t("The server does not know this link."),
    unavailable: () => t("The server cannot store anything just now: nothing was played. Try again in a moment."),
    full: () => t("The server holds as many games as it may just now: the page tries again in a moment."),
  };
  const say = said[error.code];
  return say ? say() : error.message;
}

/** @param {ServerMessage} msg a hello or an update */
function take(msg) {
  gameState.seq = msg.seq;
  gameState.view = msg.view || null;
  gameState.decision = msg.decision || null;
  gameState.asked = msg.asked ?? null;
  gameState.waiting = msg.waiting || [];
  gameState.over = !!msg.over;
  gameState.result = msg.result || null;
  gameState.record = msg.record || null;
  clock.take(gameState.game, msg);
  const events = msg.events || [];
  gameState.events.push(...events);
  addEvents(/** @type {HTMLOListElement} */ ($("log")), events, rule);
  document.body.dataset.seq = String(msg.seq);
  document.body.dataset.over = String(gameState.over);
  choice = null;
  board.offer(mine());
  replay.reach(msg.seq);
  render();
  askPicture();
}

function askPicture() {
  if (pictureAsked || gameState.pictureSeq >= gameState.seq || !channel) return;
  refs += 1;
  pictureAsked = channel.send({ type: "picture", ref: `picture-${refs}` });
}

/** @returns {ActionEntry[]} the seat's own actions now */
function mine() {
  const d = gameState.decision;
  if (!d || gameState.seat === null || gameState.asked === null || gameState.over) return [];
  const out = [];
  const me = seatName(gameState.game, gameState.seat);
  for (const entry of d.legal || []) {
    // a game names its player by number (Tikal) or by name (Tiki's "x")
    if (entry.player === gameState.seat || entry.player === me) out.push(...entry.actions);
  }
  return out;
}

// drawing --------------------------------------------------------------------------------

/**
 * @param {string} text
 * @param {string} connection
 */
function setStatus(text, connection) {
  $("status").textContent = text;
  document.body.dataset.connection = connection;
}

/** @param {string} text */
function showError(text) {
  $("error").textContent = text;
  $("error").hidden = !text;
}

function render() {
  const g = gameState.game;
  const who = whoAmI(g, gameState.seat);
  const acts = mine();
  $("title").textContent = g ? `${g.name} · ${who}` : "…";
  const turn = t("your turn");
  document.title = (acts.length ? `● ${turn} · ` : "") + (g ? `${g.name} (${who})` : t("play"));
  setStatus(t("{game} · {who} · move {seq} · connected", { game: g ? g.name : "", who, seq: gameState.seq }), "connected");
  const d = gameState.decision;
  const prompt = $("prompt");
  prompt.dataset.kind = d ? d.kind : "";
  prompt.dataset.yours = String(acts.length > 0);
  prompt.textContent = gameState.over || !d ? "" : acts.length ? t("Your turn: {what}", { what: d.words }) : d.words;
  $("waiting").textContent = gameState.over ? "" : waitingWords(gameState.waiting, gameState.seat);
  const result = $("result");
  result.hidden = !gameState.over;
  result.textContent = gameState.over ? resultWords(g, gameState.result, gameState.events) : "";
  $("resign-box").hidden = gameState.over || gameState.seat === null;
  $("record-box").hidden = !gameState.record;
  $("record").textContent = gameState.record || "";
  renderActions();
  renderClock();
}

function renderActions() {
  const box = $("actions");
  box.dataset.pending = "false";
  const all = mine();
  const filter = /** @type {HTMLInputElement} */ ($("filter"));
  const many = all.filter((e) => e.action.type !== "bid").length > MANY; // bids are one picker
  $("filters").hidden = !many;
  const near = board.picked;
  const shown = near === null ? all : all.filter((e) => e.at.includes(near));
  drawActions(box, shown, act, many ? filter.value : "");
  const only = $("cell-filter");
  only.hidden = near === null;
  only.textContent = near === null ? "" : t("only {cell} ✕", { cell: near });
  renderChoice();
  markPictures();
  if (inFlight !== null) pending(true); // answering already: nothing to click twice
}

function renderChoice() {
  const box = $("choices");
  box.textContent = "";
  box.hidden = choice === null;
  if (choice === null) return;
  const h = document.createElement("h3");
  h.textContent = t("What to do at {place}?", { place: choice.at });
  const row = document.createElement("div");
  row.className = "buttons";
  for (const e of choice.entries) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "action choice";
    b.dataset.token = e.token;
    b.textContent = e.words;
    b.addEventListener("click", () => act(e));
    row.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "cancel";
  cancel.textContent = t("cancel");
  cancel.addEventListener("click", () => {
    choice = null;
    renderActions();
  });
  box.append(h, row, cancel);
  /** @type {HTMLElement} */ (row.firstElementChild).focus();
}

/**
 * Put the pictures in the page and mark them.
 * @param {string} svg
 * @param {string | null} about
 * @param {number} seq
 */
function drawPictures(svg, about, seq) {
  const label = gameState.decision ? gameState.decision.words : t("the game");
  showPicture($("picture"), svg, t("The board as you see it: {what}", { what: label }));
  $("picture").dataset.seq = String(seq);
  const aboutBox = $("about");
  aboutBox.hidden = about === null;
  if (about !== null) showPicture(aboutBox, about, t("What the decision is about"));
  else aboutBox.textContent = "";
  markPictures();
}

function markPictures() {
  const pic = $("picture");
  const about = $("about");
  const svg = /** @type {SVGSVGElement | null} */ (pic.querySelector("svg"));
  for (const root of [pic, about]) {
    mark(root, CELLS, board.cellMarks());
    mark(root, "g.edge", board.partMarks("edge"));
    mark(root, "g.tile", board.partMarks("tile"));
    mark(root, "g.turn", turnMarks());
  }
  if (!svg) return;
  clearOverlay(svg);
  if (board.picked !== null) {
    for (const e of board.movesFrom(board.picked)) {
      const cost = typeof e.cost === "number" ? t("{cost} AP", { cost: e.cost }) : "";
      drawPath(svg, e.at, cost, e.at[e.at.length - 1] === hovering ? "path" : "hint");
    }
  }
}

/** @returns {Map<string, string[]>} the turns of a tile the seat may give it now */
function turnMarks() {
  const at = choice !== null && choice.entries.every((e) => e.turn !== undefined) ? choice.at : null;
  /** @type {Map<string, string[]>} */
  const out = new Map();
  for (const e of mine()) {
    if (e.turn === undefined) continue;
    if (at === null || e.at[0] === at) out.set(String(e.turn), ["can"]);
  }
  if (at !== null) for (const g of $("about").querySelectorAll("g.turn")) {
    const k = g.getAttribute("data-turn") || "";
    if (!out.has(k)) out.set(k, ["off"]);
  }
  return out;
}

function renderClock() {
  const shown = clock.shown((seat) => seatName(gameState.game, seat));
  $("clock").hidden = !shown || gameState.over;
  $("clock").textContent = shown;
}

// acting ---------------------------------------------------------------------------------

/** @param {ActionEntry} e */
function act(e) {
  if (gameState.asked === null || replay.on) return;
  showError("");
  choice = null;
  board.picked = null;
  pending(true);
  refs += 1;
  const ref = `act-${refs}`;
  if (channel.send({ type: "action", seq: gameState.seq, token: e.token, ref })) inFlight = ref;
  else {
    showError(t("Not connected: the action was not sent."));
    pending(false);
  }
}

/** @param {boolean} on */
function pending(on) {
  for (const b of $("actions").querySelectorAll("button")) /** @type {HTMLButtonElement} */ (b).disabled = on;
  $("actions").dataset.pending = String(on);
}

/** @param {Outcome} outcome */
function carry(outcome) {
  if (outcome.kind === "act") {
    act(outcome.entry);
    return;
  }
  choice = null;
  if (outcome.kind === "choose") choice = { entries: outcome.entries, at: outcome.at };
  if (outcome.kind === "pick") {
    // a piece picked up: what else can be done where it stands is offered in words
    const here = board.actionsOn(outcome.cell);
    if (here.length) choice = { entries: here, at: outcome.cell };
  }
  renderActions();
}

/**
 * A click, a key or a drop on a part of a picture.
 * @param {Element | null} part
 */
function use(part) {
  if (replay.on || !part) return;
  const name = partName(part);
  if (name === null) return;
  if (part.classList.contains("edge")) carry(board.part("edge", name));
  else if (part.classList.contains("tile")) carry(board.part("tile", name));
  else if (part.classList.contains("turn")) carry(board.part("turn", name, choice !== null ? choice.at : null));
  else carry(board.cell(name));
}

for (const id of ["picture", "about"]) {
  const box = $(id);
  box.addEventListener("click", (e) => {
    if (dropped) dropped = false; // the click that ends a drag: the drop did it
    else use(partAt(e));
  });
  box.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      use(partAt(e));
    }
  });
}
/**
 * @param {Event} e
 * @returns {string | null} the cell a pointer event is on
 */
function cellAt(e) {
  const part = partAt(e);
  return part && part.matches(CELLS) ? partName(part) : null;
}
$("picture").addEventListener("pointerdown", (e) => {
  dragFrom = cellAt(e);
});
$("picture").addEventListener("pointerup", (e) => {
  const name = cellAt(e);
  if (dragFrom !== null && name !== null && name !== dragFrom && board.picked === null) {
    if (board.movesFrom(dragFrom).some((m) => m.at[m.at.length - 1] === name)) {
      board.cell(dragFrom); // picked up by the drag, put down here
      carry(board.cell(name));
      dropped = true;
    }
  }
  dragFrom = null;
});
$("picture").addEventListener("pointermove", (e) => {
  const cell = cellAt(e);
  const part = cell === null ? null : $("picture").querySelector(`g.to.${CSS.escape(cell)}`);
  const name = part ? cell : null;
  if (name !== hovering) {
    hovering = name;
    markPictures();
  }
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && (board.picked !== null || choice !== null)) {
    board.picked = null;
    choice = null;
    renderActions();
  }
});
$("filter").addEventListener("input", () => renderActions());
$("cell-filter").addEventListener("click", () => {
  board.picked = null;
  renderActions();
});
$("resign").addEventListener("click", () => {
  $("resign-confirm").hidden = false;
  $("resign").hidden = true;
  $("resign-no").focus();
});
$("resign-no").addEventListener("click", () => {
  $("resign-confirm").hidden = true;
  $("resign").hidden = false;
});
$("resign-yes").addEventListener("click", () => {
  $("resign-confirm").hidden = true;
  $("resign").hidden = false;
  channel.send({ type: "resign", seq: gameState.seq });
});

/** @param {string} clause */
function rule(clause) {
  if (gameState.game) openClause(/** @type {HTMLDialogElement} */ ($("clause")), gameState.game.game, clause, language());
}

// the replay -------------------------------------------------------------------------------

const replay = new Replay(
  (msg) => (channel ? channel.send(msg) : false),
  (msg) => {
    const box = $("replay-events");
    if (msg === null) {
      box.textContent = "";
      board.offer(mine());
      if (live) drawPictures(live.svg, live.about, gameState.pictureSeq);
      render();
      return;
    }
    board.offer([]);
    /** @type {any} */ (gameState).replayed = msg; // what the replay shows, for the tests
    drawPictures(msg.svg || "", typeof msg.decision_svg === "string" ? msg.decision_svg : null, msg.seq);
    const lines = (msg.events || []).map((e) => e.words);
    box.textContent = lines.length ? lines.join(" · ") : t("the start of the game");
    $("prompt").textContent = msg.decision ? msg.decision.words : "";
  },
);

// starting -----------------------------------------------------------------------------------

async function start() {
  const lang = chooseLanguage(navigator.languages || [navigator.language], localStorage.getItem("language"));
  await useLanguage(lang);
  fillChrome();
  chooser(/** @type {HTMLSelectElement} */ ($("language")), LANGUAGES, lang);
  window.setInterval(renderClock, 250);
  window.addEventListener("hashchange", () => location.reload());
  if (!token) {
    setStatus(t("This link has no token: open the link the lobby gave you."), "refused");
    return;
  }
  channel = new Channel(gameId, token, lang, {
    message: receive,
    status(state, wait) {
      if (state === "connecting") setStatus(gameState.seq < 0 ? t("connecting…") : t("reconnecting…"), "connecting");
      if (state === "reconnecting") {
        setStatus(t("Connection lost; trying again in {seconds} s…", { seconds: ((wait || 0) / 1000).toFixed(1) }), "reconnecting");
        pending(true);
      }
    },
  });
  channel.open();
}

start();
