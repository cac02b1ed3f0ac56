// The picture: the game's own SVG of what the seat sees, put in the page, and what the
// page draws over it (the cells a player may use, a piece picked up, the paths of its
// moves with their costs).
//
// The page knows no game: it reads only what the games' pictures mark for it, the
// cells' groups (`<g class="cell a1">` in Tikal, `<g class="village b2">` in Tiki),
// the gaps (`<g class="edge a1b1">`), the tiles (`<g class="tile" data-tile="A2">`)
// and the turns of a tile (`<g class="turn" data-turn="2">`).
"use strict";

const SVG = "http://www.w3.org/2000/svg";
/** The selector of a cell's group in any game's picture. */
export const CELLS = "g.cell, g.village";

/**
 * Put an SVG picture into `box`, scaled to its width, with an accessible name: a group
 * (not an image), since the parts a player may use are controls inside it.
 * @param {HTMLElement} box
 * @param {string} text the SVG
 * @param {string} label what the picture shows, in words
 * @returns {SVGSVGElement | null}
 */
export function showPicture(box, text, label) {
  box.innerHTML = text;
  const svg = box.querySelector("svg");
  if (!svg) return null;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", label);
  return svg;
}

/** The parts of a picture a player may click, innermost first. */
export const PARTS = "g.edge, g.tile, g.turn, g.cell, g.village";

/**
 * The part of a picture a click or a key is on: the target's own part, else the part
 * under the pointer beneath whatever is drawn over it (a piece, a mark).
 * @param {Event} event
 * @returns {Element | null}
 */
export function partAt(event) {
  const target = /** @type {Element | null} */ (event.target);
  const own = target && target.closest ? target.closest(PARTS) : null;
  if (own) return own;
  if (!(event instanceof MouseEvent)) return null;
  for (const el of document.elementsFromPoint(event.clientX, event.clientY)) {
    const part = el.closest(PARTS);
    if (part) return part;
  }
  return null;
}

/**
 * The name a part of a picture has: its second class (`a1`, `b2`, `a1b1`), or its
 * tile or turn.
 * @param {Element} g
 * @returns {string | null}
 */
export function partName(g) {
  if (g.classList.contains("tile")) return g.getAttribute("data-tile");
  if (g.classList.contains("turn")) return g.getAttribute("data-turn");
  return g.classList.length > 1 ? g.classList[1] : null;
}

/**
 * Every cell group of a picture by its name.
 * @param {ParentNode} root
 * @returns {Map<string, SVGGElement>}
 */
export function cells(root) {
  /** @type {Map<string, SVGGElement>} */
  const out = new Map();
  for (const g of root.querySelectorAll(CELLS)) {
    const name = partName(g);
    if (name) out.set(name, /** @type {SVGGElement} */ (g));
  }
  return out;
}

/**
 * The centre of a part of a picture, in the picture's own units.
 * @param {SVGGraphicsElement} g
 * @returns {{x: number, y: number}}
 */
export function centre(g) {
  const box = g.getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * The layer the page draws on, last in the picture so it is on top (made once).
 * @param {SVGSVGElement} svg
 * @returns {SVGGElement}
 */
function overlay(svg) {
  let g = /** @type {SVGGElement | null} */ (svg.querySelector("g.page-overlay"));
  if (!g) {
    g = /** @type {SVGGElement} */ (document.createElementNS(SVG, "g"));
    g.setAttribute("class", "page-overlay");
    g.setAttribute("aria-hidden", "true");
    g.setAttribute("pointer-events", "none");
    svg.appendChild(g);
  }
  return g;
}

/**
 * Forget what the page drew over the picture.
 * @param {SVGSVGElement} svg
 */
export function clearOverlay(svg) {
  overlay(svg).replaceChildren();
}

/**
 * Draw a path through `names` (cells of the picture), and `label` at its end.
 * @param {SVGSVGElement} svg
 * @param {string[]} names
 * @param {string} label
 * @param {string} kind a class: `path` for the one shown, `hint` for others
 */
export function drawPath(svg, names, label, kind) {
  const found = cells(svg);
  const points = names.map((n) => found.get(n)).filter((g) => g !== undefined).map((g) => centre(/** @type {SVGGElement} */ (g)));
  if (!points.length) return;
  const layer = overlay(svg);
  if (points.length > 1) {
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("class", `page-${kind}`);
    line.setAttribute("points", points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "));
    layer.appendChild(line);
  }
  if (label) {
    const end = points[points.length - 1];
    const text = document.createElementNS(SVG, "text");
    text.setAttribute("class", `page-${kind}-label`);
    text.setAttribute("x", end.x.toFixed(1));
    text.setAttribute("y", (end.y + 4).toFixed(1));
    text.setAttribute("text-anchor", "middle");
    text.textContent = label;
    layer.appendChild(text);
  }
}

/**
 * Mark the parts of a picture: each name's group gets the classes given for it
 * (`can`: the player may use it; `from`: the piece picked up; `to`: where it may go),
 * every other group of those classes loses them. A part the player may use is
 * reachable by keyboard.
 * @param {ParentNode} root
 * @param {string} selector which parts (`g.cell, g.village`, `g.edge`, `g.tile`, `g.turn`)
 * @param {Map<string, string[]>} marks the classes of each part, by name
 */
export function mark(root, selector, marks) {
  for (const g of root.querySelectorAll(selector)) {
    const name = partName(g);
    const on = name === null ? [] : marks.get(name) || [];
    for (const c of ["can", "from", "to", "off"]) g.classList.toggle(c, on.includes(c));
    if (on.includes("can") || on.includes("to")) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("focusable", "true");
    } else {
      g.removeAttribute("tabindex");
      g.removeAttribute("role");
      g.removeAttribute("focusable");
    }
  }
}
