// The analysis board's variations: a tree of moves from one start position, the path
// to the position shown, and the link that shares them.
//
// Every node is an action token played from its parent's position; the first child is
// the main line (a loaded record's, or the first move tried), the others are
// variations. The path shown is a list of child indices from the root. A link holds the
// game, the start position and the tokens of the path shown: `#game=tiki&start=…&moves=+b2,a1-b1`.
"use strict";

/**
 * @typedef {object} Node
 * @property {string} token
 * @property {string} words
 * @property {Node[]} children
 */

export class Tree {
  constructor() {
    /** @type {Node} the start position (its token and words are empty) */
    this.root = { token: "", words: "", children: [] };
    /** @type {number[]} child indices from the root to the position shown */
    this.path = [];
  }

  /** @returns {Node[]} the nodes of the path shown, from the first move */
  nodes() {
    const out = [];
    let node = this.root;
    for (const i of this.path) {
      node = node.children[i];
      out.push(node);
    }
    return out;
  }

  /** @returns {string[]} the tokens of the path shown */
  tokens() {
    return this.nodes().map((n) => n.token);
  }

  /** @returns {Node} the node of the position shown */
  here() {
    const all = this.nodes();
    return all.length ? all[all.length - 1] : this.root;
  }

  /**
   * Play `token` from the position shown: the child that has it, or a new variation.
   * @param {string} token
   * @param {string} words
   */
  play(token, words) {
    const node = this.here();
    let i = node.children.findIndex((c) => c.token === token);
    if (i < 0) {
      node.children.push({ token, words, children: [] });
      i = node.children.length - 1;
    }
    this.path.push(i);
  }

  /**
   * Name the words of the moves of the path shown (the server says them).
   * @param {string[]} words
   */
  name(words) {
    this.nodes().forEach((n, i) => {
      if (words[i]) n.words = words[i];
    });
  }

  /**
   * Start again from a new position, with `line` as its main line.
   * @param {string[]} line
   */
  reset(line = []) {
    this.root = { token: "", words: "", children: [] };
    let node = this.root;
    for (const token of line) {
      const child = { token, words: "", children: [] };
      node.children.push(child);
      node = child;
    }
    this.path = [];
  }

  /**
   * Go to the position after `count` moves of the path shown (or of the main line
   * beyond it, forward).
   * @param {number} count
   */
  go(count) {
    if (count <= this.path.length) {
      this.path = this.path.slice(0, Math.max(0, count));
      return;
    }
    let node = this.here();
    while (this.path.length < count && node.children.length) {
      this.path.push(0);
      node = node.children[0];
    }
  }

  /**
   * Follow `tokens` from the root, adding what is missing (a shared link's moves).
   * @param {string[]} tokens
   */
  follow(tokens) {
    this.path = [];
    for (const token of tokens) this.play(token, "");
  }
}

/**
 * What a shared link says: `{game, start, moves}`.
 * @param {string} hash `location.hash`
 * @returns {{game: string | null, start: string | null, moves: string[]}}
 */
export function readLink(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const moves = params.get("moves");
  return { game: params.get("game"), start: params.get("start"), moves: moves ? moves.split(" ").filter(Boolean) : [] };
}

/**
 * The link of a position and the moves played from it.
 * @param {string} game
 * @param {string} start the start position's text
 * @param {string[]} moves
 * @returns {string} the hash, `#game=…`
 */
export function writeLink(game, start, moves) {
  const params = new URLSearchParams({ game, start });
  if (moves.length) params.set("moves", moves.join(" "));
  return `#${params.toString()}`;
}
