// Setting a position up on the analysis board: a cell clicked while setting up opens
// what stands on it (Tiki: the totem's tikis, bottom to top; Tikal: each player's
// workers and leader, the temple's level), and the players' counts and whose turn it is
// are fields; every change is made to the position's JSON, and "use this position"
// sends it to the server, which checks it as it checks any position (a refused one is
// named where it broke). A player's supply follows the pieces put on the board.
"use strict";

import { t } from "./words.js";

/** @typedef {Record<string, any>} StateJson */

/** Tiki: the stacks a village may hold between turns, bottom to top (TIKI-INFL-2). */
const STACKS = [[], [0], [1], [0, 0], [0, 1], [1, 0], [1, 1]];
/** Tiki: each player's tikis (TIKI-SETUP-3). */
const TIKIS = 8;

/**
 * @param {number[]} stack
 * @param {string[]} names the players' names
 * @returns {string} a stack in words: "x under o"
 */
function stackWords(stack, names) {
  if (!stack.length) return t("empty");
  return stack.map((p) => names[p]).join(t(" under "));
}

/**
 * @param {string} label
 * @param {HTMLElement} field
 * @returns {HTMLElement}
 */
function row(label, field) {
  const box = document.createElement("div");
  box.className = "row";
  const name = document.createElement("label");
  name.htmlFor = field.id;
  name.textContent = label;
  box.append(name, field);
  return box;
}

/**
 * A number field bound to `get` and `set`.
 * @param {string} id
 * @param {number} value
 * @param {(n: number) => void} set
 * @returns {HTMLInputElement}
 */
function number(id, value, set) {
  const input = document.createElement("input");
  input.type = "number";
  input.id = id;
  input.min = "0";
  input.step = "1";
  input.value = String(value);
  input.addEventListener("change", () => set(Math.max(0, Math.floor(Number(input.value) || 0))));
  return input;
}

export class Setup {
  /**
   * @param {string} game the game's package
   * @param {StateJson} state the position's JSON, copied: changed here, sent as it is
   * @param {string[]} names the players' names, by seat
   */
  constructor(game, state, names) {
    this.game = game;
    this.state = structuredClone(state);
    this.names = names;
  }

  /**
   * The editor of one cell, in `box`.
   * @param {HTMLElement} box
   * @param {string} cell
   */
  cell(box, cell) {
    box.textContent = "";
    const h = document.createElement("h3");
    h.textContent = t("What stands on {cell}", { cell });
    box.appendChild(h);
    if (this.game === "tiki") this.village(box, cell);
    else this.hex(box, cell);
  }

  /**
   * Tiki: the totem on `cell`, one of the seven stacks.
   * @param {HTMLElement} box
   * @param {string} cell
   */
  village(box, cell) {
    const s = this.state;
    const select = document.createElement("select");
    select.id = "setup-stack";
    const now = JSON.stringify(s.stacks[cell] || []);
    for (const stack of STACKS) {
      const option = new Option(stackWords(stack, this.names), JSON.stringify(stack));
      option.selected = option.value === now;
      select.add(option);
    }
    select.addEventListener("change", () => {
      s.stacks[cell] = JSON.parse(select.value);
      this.supplies();
    });
    box.appendChild(row(t("the totem, bottom to top"), select));
  }

  /** Tiki: each player's supply is the tikis not on the board. */
  supplies() {
    const s = this.state;
    if (this.game !== "tiki") return;
    const on = [0, 0];
    for (const stack of Object.values(s.stacks)) for (const p of /** @type {number[]} */ (stack)) on[p] += 1;
    s.supply = on.map((n) => TIKIS - n);
  }

  /**
   * Tikal: each player's workers and leader on `cell`, and its temple's level.
   * @param {HTMLElement} box
   * @param {string} cell
   */
  hex(box, cell) {
    const s = this.state;
    const here = s.board[cell];
    /** @type {any[]} */ (s.players).forEach((player, p) => {
      const name = this.names[p];
      box.appendChild(row(t("{player}'s workers", { player: name }), number(`setup-workers-${p}`, here.workers[p], (n) => {
        player.supply += here.workers[p] - n; // the workers come from the supply, and go back
        here.workers[p] = n;
      })));
      const leader = document.createElement("input");
      leader.type = "checkbox";
      leader.id = `setup-leader-${p}`;
      leader.checked = player.leader === cell;
      leader.addEventListener("change", () => {
        player.leader = leader.checked ? cell : "supply";
      });
      box.appendChild(row(t("{player}'s leader is here", { player: name }), leader));
    });
    if (typeof here.temple === "number") {
      box.appendChild(row(t("the temple's level"), number("setup-temple", here.temple, (n) => {
        here.temple = n;
      })));
    }
  }

  /**
   * The fields of the whole position: whose turn, and each player's counts.
   * @param {HTMLElement} box
   */
  fields(box) {
    box.textContent = "";
    const s = this.state;
    const who = document.createElement("select");
    who.id = "setup-active";
    this.names.forEach((name, p) => who.add(new Option(name, String(p), false, s.active === p)));
    who.addEventListener("change", () => {
      s.active = Number(who.value);
      if ("actor" in s) s.actor = s.active;
    });
    box.appendChild(row(t("whose turn it is"), who));
    if (this.game === "tiki") {
      this.names.forEach((name, p) => {
        box.appendChild(row(t("{player}'s fruits", { player: name }), number(`setup-fruits-${p}`, s.fruits[p], (n) => {
          s.fruits[p] = n;
        })));
      });
      box.appendChild(row(t("fruits in the reserve"), number("setup-reserve", s.reserve, (n) => {
        s.reserve = n;
      })));
      box.appendChild(row(t("spoiled fruits"), number("setup-spoiled", s.spoiled, (n) => {
        s.spoiled = n;
      })));
      box.appendChild(row(t("turns played"), number("setup-turn", s.turn, (n) => {
        s.turn = n;
      })));
    } else {
      /** @type {any[]} */ (s.players).forEach((player, p) => {
        box.appendChild(row(t("{player}'s score", { player: this.names[p] }), number(`setup-score-${p}`, player.score, (n) => {
          player.score = n;
        })));
      });
    }
  }
}
