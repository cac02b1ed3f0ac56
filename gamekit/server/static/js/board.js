// Acting on the board: pick a piece up, see where it may go (each move's path and its
// cost drawn), put it down; click a cell, a gap, a tile or a tile's turn to do what can
// be done there. What a click may do is read from the actions alone (their `at`,
// `edge`, `tile`, `turn`): the board knows no game.
//
// A cell where a move starts is picked up by a click (or a key, or the start of a
// drag); then a click on one of its destinations moves it (a drag ends there too).
// A cell with one action on it does it at once; with several, the choice is offered
// in words (`choices`). Escape or a second click on the piece puts it back.
"use strict";

/** @typedef {import("./types.js").ActionEntry} ActionEntry */

/**
 * What the board makes of a click, for the page to carry out.
 * @typedef {{kind: "act", entry: ActionEntry}
 *   | {kind: "choose", entries: ActionEntry[], at: string}
 *   | {kind: "pick", cell: string}
 *   | {kind: "drop"}
 *   | {kind: "none"}} Outcome
 */

/**
 * @param {ActionEntry} e
 * @returns {boolean} whether `e` moves something from one cell to another
 */
export function isMove(e) {
  return e.at.length > 1;
}

/**
 * @param {ActionEntry} e
 * @returns {string | undefined} the cell where `e` ends
 */
function end(e) {
  return e.at[e.at.length - 1];
}

export class Board {
  constructor() {
    /** @type {ActionEntry[]} the seat's actions now */
    this.entries = [];
    /** @type {string | null} the cell a piece was picked up from */
    this.picked = null;
  }

  /**
   * New actions (a new decision): whatever was picked up is put back if it cannot
   * move any more.
   * @param {ActionEntry[]} entries
   */
  offer(entries) {
    this.entries = entries;
    if (this.picked !== null && !this.movesFrom(this.picked).length) this.picked = null;
  }

  /**
   * @param {string} cell
   * @returns {ActionEntry[]} the moves that start at `cell`
   */
  movesFrom(cell) {
    return this.entries.filter((e) => isMove(e) && e.at[0] === cell);
  }

  /**
   * @param {string} cell
   * @returns {ActionEntry[]} the actions done on `cell` alone (create, enter, place…)
   */
  actionsOn(cell) {
    return this.entries.filter((e) => e.at.length === 1 && e.at[0] === cell);
  }

  /** @returns {Map<string, string[]>} each cell's marks now */
  cellMarks() {
    /** @type {Map<string, string[]>} */
    const marks = new Map();
    const add = (/** @type {string} */ cell, /** @type {string} */ what) => {
      const list = marks.get(cell) || [];
      if (!list.includes(what)) list.push(what);
      marks.set(cell, list);
    };
    if (this.picked !== null) {
      add(this.picked, "from");
      for (const e of this.movesFrom(this.picked)) add(/** @type {string} */ (end(e)), "to");
    }
    for (const e of this.entries) if (e.at.length) add(e.at[0], "can");
    return marks;
  }

  /**
   * @param {string} attribute `edge`, `tile` or `turn`
   * @returns {Map<string, string[]>} the parts with that attribute that an action names
   */
  partMarks(attribute) {
    /** @type {Map<string, string[]>} */
    const marks = new Map();
    for (const e of this.entries) {
      const value = /** @type {Record<string, unknown>} */ (e)[attribute];
      if (value !== undefined && value !== null) marks.set(String(value), ["can"]);
    }
    return marks;
  }

  /**
   * A click (or a key, or a drop) on a cell.
   * @param {string} cell
   * @returns {Outcome}
   */
  cell(cell) {
    if (this.picked !== null) {
      if (cell === this.picked) {
        this.picked = null;
        return { kind: "drop" };
      }
      const there = this.movesFrom(this.picked).filter((e) => end(e) === cell);
      if (there.length) return this.decide(there, cell);
    }
    if (this.movesFrom(cell).length) {
      this.picked = cell;
      return { kind: "pick", cell };
    }
    this.picked = null;
    const here = this.actionsOn(cell);
    return here.length ? this.decide(here, cell) : { kind: "none" };
  }

  /**
   * A click on a part that an action names by `attribute` (a gap, a tile, a turn).
   * @param {string} attribute
   * @param {string} name
   * @param {string | null} cell the cell chosen for a turn, if one is
   * @returns {Outcome}
   */
  part(attribute, name, cell = null) {
    const named = this.entries.filter((e) => {
      const value = /** @type {Record<string, unknown>} */ (e)[attribute];
      return value !== undefined && String(value) === name && (cell === null || e.at[0] === cell);
    });
    return named.length ? this.decide(named, name) : { kind: "none" };
  }

  /**
   * @param {ActionEntry[]} entries
   * @param {string} at
   * @returns {Outcome}
   */
  decide(entries, at) {
    if (entries.length === 1) {
      this.picked = null;
      return { kind: "act", entry: entries[0] };
    }
    return { kind: "choose", entries, at };
  }
}
