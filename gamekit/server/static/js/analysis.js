// The analysis board: any position of a game, every legal action drawn on it, why any
// action is legal or not and the clause that decides, variations to step through and
// branch, a link that shares them, a scenario run on the board, and (Tiki) the value
// under perfect play. The server answers each question from the position and moves
// the page sends (POST /api/analysis); nothing is stored.
"use strict";

import { drawActions, MANY } from "./actions.js";
import { Board } from "./board.js";
import { chooser, fillChrome } from "./chrome.js";
import { openClause } from "./panels.js";
import { CELLS, clearOverlay, drawPath, mark, partAt, partName, showPicture } from "./picture.js";
import { Setup } from "./setup.js";
import { Tree, readLink, writeLink } from "./tree.js";
import { LANGUAGES, chooseLanguage, language, t, tn, useLanguage } from "./words.js";

/** @typedef {import("./types.js").ActionEntry} ActionEntry */
/** @typedef {import("./types.js").Decision} Decision */
/** @typedef {import("./board.js").Outcome} Outcome */
/**
 * @typedef {object} Answer
 * @property {string} game
 * @property {string} start
 * @property {string[]} record
 * @property {{token: string, words: string, events: string[]}[]} moves
 * @property {string} position
 * @property {Record<string, any>} state
 * @property {string[]} names
 * @property {Record<string, unknown>} rules
 * @property {Decision} decision
 * @property {boolean} over
 * @property {string} svg
 * @property {string} [decision_svg]
 * @property {{token: string, legal: boolean, refusal?: string, events?: string[], after?: string, clause?: {id: string, title: string, text: string}}} [why]
 * @property {{value: string, player?: string, winner?: string | null, plies: number | null, best: string | null, best_words?: string, depth?: number, nodes?: number} | null} [value]
 */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** The largest file the page reads (the server takes no more). */
const MAX_FILE = 60000;

const board = new Board();
const tree = new Tree();
/** @type {{game: string, start: Record<string, unknown>}} what the board starts from */
const setup = { game: "tiki", start: {} };
/** @type {Answer | null} */
let shown = null;
/** @type {{entries: ActionEntry[], at: string} | null} */
let choice = null;
/** @type {Setup | null} a position being set up on the board */
let setting = null;
/** @type {Record<string, Record<string, unknown>>} each hosted game's default rules */
const defaults = {};

/** @type {any} */ (window).analysisState = { get answer() { return shown; }, tree };

// asking the server ----------------------------------------------------------------------

/**
 * @param {string} path
 * @param {Record<string, unknown>} body
 * @returns {Promise<any>}
 */
async function post(path, body) {
  const answer = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const found = await answer.json();
  if (!answer.ok) throw new Error(found.error ? found.error.message : String(answer.status));
  return found;
}

/**
 * Ask for the position the moves shown reach, with `extra` (`try`, `solve`).
 * @param {Record<string, unknown>} [extra]
 * @returns {Promise<Answer | null>}
 */
async function ask(extra = {}) {
  showError("");
  document.body.dataset.ready = "false";
  try {
    const answer = /** @type {Answer} */ (await post("/api/analysis", { game: setup.game, start: setup.start, moves: tree.tokens(), lang: language(), ...extra }));
    show(answer);
    return answer;
  } catch (err) {
    showError(String(err instanceof Error ? err.message : err));
    return null;
  } finally {
    document.body.dataset.ready = "true";
  }
}

/**
 * Load a new start (text, JSON, record, or rules and seed), its record as the main line.
 * @param {Record<string, unknown>} start
 * @param {string[]} [moves]
 */
async function load(start, moves = []) {
  const before = { ...setup.start };
  setup.start = start;
  tree.reset();
  tree.follow(moves);
  const answer = await ask();
  if (!answer) {
    setup.start = before;
    return;
  }
  setup.start = { text: answer.start };
  tree.reset(answer.record);
  tree.follow(moves);
  tree.name(answer.moves.map((m) => m.words));
  renderMoves();
  rememberLink();
}

// drawing --------------------------------------------------------------------------------

/** @param {string} text */
function showError(text) {
  $("error").textContent = text;
  $("error").hidden = !text;
}

/** @param {Answer} answer */
function show(answer) {
  shown = answer;
  choice = null;
  tree.name(answer.moves.map((m) => m.words));
  board.offer(all(answer.decision));
  showPicture($("picture"), answer.svg, t("The board: {what}", { what: answer.decision.words }));
  const about = $("about");
  about.hidden = !answer.decision_svg;
  if (answer.decision_svg) showPicture(about, answer.decision_svg, t("What the decision is about"));
  else about.textContent = "";
  $("prompt").textContent = answer.over ? t("The game is over.") : answer.decision.words;
  const tokens = $("tokens");
  tokens.textContent = "";
  for (const e of all(answer.decision)) tokens.appendChild(new Option(e.words, e.token));
  $("value-box").hidden = setup.game !== "tiki";
  renderActions();
  renderMoves();
  rememberLink();
}

/**
 * @param {Decision} d
 * @returns {ActionEntry[]} every actor's legal actions
 */
function all(d) {
  return (d.legal || []).flatMap((entry) => entry.actions);
}

function renderActions() {
  const entries = shown ? all(shown.decision) : [];
  const near = board.picked;
  const list = near === null ? entries : entries.filter((e) => e.at.includes(near));
  $("filters").hidden = entries.length <= MANY;
  drawActions($("actions"), list, play, entries.length > MANY ? /** @type {HTMLInputElement} */ ($("filter")).value : "");
  $("cell-filter").hidden = near === null;
  $("cell-filter").textContent = near === null ? "" : t("only {cell} ✕", { cell: near });
  const box = $("choices");
  box.textContent = "";
  box.hidden = choice === null;
  if (choice !== null) {
    const h = document.createElement("h3");
    h.textContent = t("What to do at {place}?", { place: choice.at });
    box.appendChild(h);
    for (const e of choice.entries) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "action choice";
      b.dataset.token = e.token;
      b.textContent = e.words;
      b.addEventListener("click", () => play(e));
      box.appendChild(b);
    }
  }
  const pic = $("picture");
  /** @type {Map<string, string[]>} setting up: every cell may be changed */
  const every = new Map([...pic.querySelectorAll(CELLS)].map((g) => [partName(g) || "", ["can"]]));
  for (const root of [pic, $("about")]) {
    mark(root, CELLS, setting !== null ? every : board.cellMarks());
    mark(root, "g.edge", board.partMarks("edge"));
    mark(root, "g.tile", board.partMarks("tile"));
    mark(root, "g.turn", board.partMarks("turn"));
  }
  const svg = /** @type {SVGSVGElement | null} */ (pic.querySelector("svg"));
  if (svg) {
    clearOverlay(svg);
    if (near !== null) for (const e of board.movesFrom(near)) drawPath(svg, e.at, typeof e.cost === "number" ? t("{cost} AP", { cost: e.cost }) : "", "hint");
  }
}

function renderMoves() {
  const list = $("moves");
  list.textContent = "";
  const path = tree.nodes();
  const where = $("where");
  where.textContent = tn("after {count} move", "after {count} moves", path.length);
  // the path shown, each move a button to go back to it, and the variations beside it
  let node = tree.root;
  path.forEach((step, depth) => {
    const li = document.createElement("li");
    for (const [i, child] of node.children.entries()) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = child === step ? "move here" : "move other";
      b.dataset.token = child.token;
      b.dataset.depth = String(depth + 1);
      b.textContent = child.words || child.token;
      if (child === step) b.setAttribute("aria-current", depth === path.length - 1 ? "step" : "true");
      b.addEventListener("click", () => {
        tree.path = [...tree.path.slice(0, depth), i];
        ask();
      });
      li.appendChild(b);
    }
    list.appendChild(li);
    node = step;
  });
  if (node.children.length) {
    const li = document.createElement("li");
    li.className = "next";
    for (const [i, child] of node.children.entries()) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "move next";
      b.dataset.token = child.token;
      b.textContent = child.words || child.token;
      b.addEventListener("click", () => {
        tree.path.push(i);
        ask();
      });
      li.appendChild(b);
    }
    list.appendChild(li);
  }
}

function rememberLink() {
  const start = typeof setup.start.text === "string" ? setup.start.text : shown ? shown.start : "";
  const hash = writeLink(setup.game, start, tree.tokens());
  history.replaceState(null, "", hash);
  /** @type {HTMLInputElement} */ ($("link")).value = location.href;
}

// acting ---------------------------------------------------------------------------------

/** @param {ActionEntry} e */
function play(e) {
  tree.play(e.token, e.words);
  board.picked = null;
  ask();
}

/** @param {Outcome} outcome */
function carry(outcome) {
  if (outcome.kind === "act") play(outcome.entry);
  else {
    choice = null;
    if (outcome.kind === "choose") choice = { entries: outcome.entries, at: outcome.at };
    if (outcome.kind === "pick") {
      const here = board.actionsOn(outcome.cell);
      if (here.length) choice = { entries: here, at: outcome.cell };
    }
    renderActions();
  }
}

/** @param {Element | null} part */
function use(part) {
  const name = part ? partName(part) : null;
  if (!part || name === null) return;
  if (setting !== null && part.matches(CELLS)) {
    setting.cell($("setup-cell"), name); // setting up: what stands there, to change
    return;
  }
  if (part.classList.contains("edge")) carry(board.part("edge", name));
  else if (part.classList.contains("tile")) carry(board.part("tile", name));
  else if (part.classList.contains("turn")) carry(board.part("turn", name, choice !== null ? choice.at : null));
  else carry(board.cell(name));
}

/** @param {Answer} answer */
function showWhy(answer) {
  const box = $("why-answer");
  box.hidden = !answer.why;
  box.textContent = "";
  if (!answer.why) return;
  const w = answer.why;
  const head = document.createElement("p");
  head.className = w.legal ? "legal" : "illegal";
  head.textContent = w.legal ? t("{action} is legal.", { action: w.token }) : t("{action} is illegal: {why}", { action: w.token, why: w.refusal || "" });
  box.appendChild(head);
  if (w.clause) {
    const c = w.clause;
    const rule = document.createElement("p");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "rule";
    b.dataset.clause = c.id;
    b.textContent = `${c.id}: ${c.title}`;
    b.addEventListener("click", () => openClause(/** @type {HTMLDialogElement} */ ($("clause")), setup.game, c.id, language()));
    rule.append(w.legal ? t("What it does, by the rule ") : t("The rule that decides: "), b);
    const text = document.createElement("blockquote");
    text.className = "clause-text";
    text.textContent = c.text;
    box.append(rule, text);
  }
  if (w.events && w.events.length) {
    const list = document.createElement("ul");
    for (const e of w.events) list.appendChild(Object.assign(document.createElement("li"), { textContent: e }));
    box.appendChild(list);
  }
}

/** @param {Answer} answer */
function showValue(answer) {
  const v = answer.value;
  const out = $("value");
  if (!v) {
    out.textContent = t("No solver for this game.");
    return;
  }
  const plies = v.plies === null ? 0 : v.plies;
  if (v.value === "win" || v.value === "loss") {
    const winner = v.winner || "";
    out.textContent = tn("{player} wins in {count} ply", "{player} wins in {count} plies", plies, { player: winner });
  } else if (v.value === "draw") out.textContent = t("A draw: neither side can force a win.");
  else out.textContent = t("Unknown: no forced win within {depth} plies ({nodes} positions searched).", { depth: v.depth || 0, nodes: v.nodes || 0 });
  if (v.best) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "action best";
    b.dataset.token = v.best;
    b.textContent = t("best: {action}", { action: v.best_words || v.best });
    b.addEventListener("click", () => {
      tree.play(/** @type {string} */ (v.best), v.best_words || "");
      ask();
    });
    out.append(" ", b);
  }
}

// the rules form of a new game ---------------------------------------------------------------

function drawRules() {
  const box = $("rules");
  box.textContent = "";
  const rules = defaults[setup.game] || {};
  for (const [key, value] of Object.entries(rules)) {
    const id = `rule-${key}`;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = key;
    const input = document.createElement("input");
    input.id = id;
    input.dataset.key = key;
    input.value = JSON.stringify(value);
    input.spellcheck = false;
    const row = document.createElement("div");
    row.className = "row";
    row.append(label, input);
    box.appendChild(row);
  }
}

/** @returns {Record<string, unknown>} the rules the form says */
function rulesOfForm() {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const input of $("rules").querySelectorAll("input")) {
    const el = /** @type {HTMLInputElement} */ (input);
    try {
      out[el.dataset.key || ""] = JSON.parse(el.value);
    } catch (err) {
      out[el.dataset.key || ""] = el.value;
    }
  }
  return out;
}

/**
 * The text of a file the reader picked, within the size the server takes.
 * @param {HTMLInputElement} input
 * @returns {Promise<string | null>}
 */
async function readFile(input) {
  const file = input.files && input.files[0];
  if (!file) return null;
  if (file.size > MAX_FILE) {
    showError(t("{name} is over {most} bytes.", { name: file.name, most: MAX_FILE }));
    return null;
  }
  return file.text();
}

/** @param {string} text a position, its JSON, or a record */
function startOf(text) {
  const s = text.trim();
  if (s.startsWith("{")) {
    try {
      return { json: JSON.parse(s) };
    } catch (err) {
      return { text: s };
    }
  }
  return s.includes("\n") ? { record: text } : { text: s };
}

// the scenario ----------------------------------------------------------------------------------

/** @param {string} text */
async function runScenario(text) {
  const box = $("scenario-report");
  box.textContent = t("running…");
  try {
    const report = await post("/api/analysis/scenario", { game: setup.game, text, lang: language() });
    box.textContent = "";
    const head = document.createElement("p");
    head.className = report.passed ? "legal" : "illegal";
    head.textContent = report.passed ? t("PASS: {title}", { title: report.title }) : t("FAIL: {title}", { title: report.title });
    box.appendChild(head);
    const list = document.createElement("ul");
    for (const x of report.expectations) {
      const li = document.createElement("li");
      li.className = x.passed ? "legal" : "illegal";
      li.dataset.key = x.key;
      const found = x.found.map((/** @type {{key: string, expected: string, actual: string}} */ f) => t("{key}: expected {expected}, found {actual}", f)).join("; ");
      li.textContent = x.passed ? t("{key}: as expected", { key: x.key }) : `${x.key}: ${found}`;
      list.appendChild(li);
    }
    if (report.stopped) list.appendChild(Object.assign(document.createElement("li"), { className: "illegal", textContent: t("stopped: {why}", { why: report.stopped }) }));
    box.appendChild(list);
    setup.start = { text: report.start };
    tree.reset(report.steps.map((/** @type {{token: string}} */ s) => s.token));
    tree.go(report.steps.length);
    await ask();
  } catch (err) {
    box.textContent = t("The scenario was refused: {why}", { why: String(err instanceof Error ? err.message : err) });
  }
}

// starting -----------------------------------------------------------------------------------

async function start() {
  const lang = chooseLanguage(navigator.languages || [navigator.language], localStorage.getItem("language"));
  await useLanguage(lang);
  fillChrome();
  document.title = t("The analysis board");
  chooser(/** @type {HTMLSelectElement} */ ($("language")), LANGUAGES, lang);
  const select = /** @type {HTMLSelectElement} */ ($("game"));
  try {
    const hosted = await (await fetch("/api/hosted")).json();
    for (const g of hosted.games) {
      select.add(new Option(g.name, g.game));
      defaults[g.game] = g.rules;
    }
  } catch (err) {
    showError(t("The server did not say which games it hosts."));
  }
  const link = readLink(location.hash);
  if (link.game && link.game in defaults) setup.game = link.game;
  else if (select.options.length) setup.game = select.options[0].value;
  select.value = setup.game;
  drawRules();
  select.addEventListener("change", () => {
    setup.game = select.value;
    drawRules();
    load({});
  });
  for (const id of ["picture", "about"]) {
    $(id).addEventListener("click", (e) => use(partAt(e)));
    $(id).addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        use(partAt(e));
      }
    });
  }
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      board.picked = null;
      choice = null;
      renderActions();
    }
  });
  $("filter").addEventListener("input", renderActions);
  $("cell-filter").addEventListener("click", () => {
    board.picked = null;
    renderActions();
  });
  $("step-first").addEventListener("click", () => { tree.go(0); ask(); });
  $("step-back").addEventListener("click", () => { tree.go(tree.path.length - 1); ask(); });
  $("step-next").addEventListener("click", () => { tree.go(tree.path.length + 1); ask(); });
  $("step-last").addEventListener("click", () => { tree.go(Number.MAX_SAFE_INTEGER); ask(); });
  $("why-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const answer = await ask({ try: /** @type {HTMLInputElement} */ ($("try")).value.trim() });
    if (answer) showWhy(answer);
  });
  $("solve").addEventListener("click", async () => {
    $("value").textContent = t("searching…");
    const answer = await ask({ solve: true });
    if (answer) showValue(answer);
  });
  $("copy-link").addEventListener("click", () => navigator.clipboard.writeText(location.href).catch(() => undefined));
  $("load").addEventListener("click", async () => {
    const file = await readFile(/** @type {HTMLInputElement} */ ($("load-file")));
    const text = file !== null ? file : /** @type {HTMLTextAreaElement} */ ($("load-text")).value;
    if (text.trim()) load(startOf(text));
  });
  $("setup-mode").addEventListener("change", () => {
    const on = /** @type {HTMLInputElement} */ ($("setup-mode")).checked;
    setting = on && shown ? new Setup(setup.game, shown.state, shown.names) : null;
    $("setup-cell").textContent = "";
    if (setting) setting.fields($("setup-fields"));
    else $("setup-fields").textContent = "";
    document.body.dataset.setup = String(setting !== null);
    renderActions();
  });
  $("setup-use").addEventListener("click", async () => {
    if (!setting) return;
    const state = setting.state;
    await load({ json: state });
    const mode = /** @type {HTMLInputElement} */ ($("setup-mode"));
    if (shown && mode.checked) {
      setting = new Setup(setup.game, shown.state, shown.names);
      setting.fields($("setup-fields"));
    }
  });
  $("edit").addEventListener("click", () => {
    // the position shown, as text to change (pieces, scores, whose turn) and load again
    const area = /** @type {HTMLTextAreaElement} */ ($("load-text"));
    area.value = shown ? shown.position : "";
    area.focus();
  });
  $("new").addEventListener("click", () => {
    const seed = /** @type {HTMLInputElement} */ ($("seed")).value.trim();
    load({ rules: rulesOfForm(), ...(seed === "" ? {} : { seed: Number(seed) }) });
  });
  $("scenario-run").addEventListener("click", async () => {
    const file = await readFile(/** @type {HTMLInputElement} */ ($("scenario-file")));
    const text = file !== null ? file : /** @type {HTMLTextAreaElement} */ ($("scenario-text")).value;
    if (text.trim()) runScenario(text);
  });
  await load(link.start ? { text: link.start } : { seed: 1 }, link.moves);
}

start();
