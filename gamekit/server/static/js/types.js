// The shapes of what the server sends (docs/schema/server.schema.json), for the
// type checker (`npm run check`: TypeScript reads these JSDoc types; the pages need
// no build). Nothing here runs.
"use strict";

/**
 * One legal action of a decision: its token (what is sent), its words (the button),
 * the cells it touches in the order a hand does (`at`: a move's path from where the
 * piece is picked up to where it is put down), and what else a game says of it.
 * @typedef {object} ActionEntry
 * @property {string} token
 * @property {{type: string} & Record<string, unknown>} action
 * @property {string} words
 * @property {string[]} at
 * @property {number} [cost] action points, in Tikal's action-point phases
 * @property {string[]} [path] a move's cheapest path
 * @property {string} [tile] the tile a `take` takes
 * @property {number} [turn] the turn a `place` gives its tile
 * @property {string} [edge] the gap a Tiki shaman goes to (`a1b1`)
 */

/**
 * @typedef {object} Decision
 * @property {string} kind
 * @property {number | null} for
 * @property {(number | string)[]} actors
 * @property {string} text
 * @property {string} words
 * @property {string[]} clauses
 * @property {{player: number | string, actions: ActionEntry[]}[]} legal
 */

/**
 * @typedef {object} GameEvent
 * @property {string} event
 * @property {string} text
 * @property {string} words
 * @property {number} seq
 * @property {string} [clause]
 */

/**
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {string} name
 * @property {string} kind
 * @property {string | null} bot
 * @property {boolean} open
 */

/**
 * @typedef {object} GameInfo
 * @property {string} id
 * @property {string} game
 * @property {string} name
 * @property {Record<string, unknown>} rules
 * @property {number | null} clock
 * @property {SeatInfo[]} seats
 */

/**
 * @typedef {object} Waiting
 * @property {number} seat
 * @property {string} name
 * @property {boolean} secret
 */

/**
 * A `hello` or an `update`, and the other messages the page reads.
 * @typedef {object} ServerMessage
 * @property {string} type
 * @property {number} seq
 * @property {number | null} for
 * @property {GameInfo} [game]
 * @property {Record<string, unknown>} [view]
 * @property {Decision} [decision]
 * @property {number | null} [asked]
 * @property {Waiting[]} [waiting]
 * @property {boolean} [over]
 * @property {Record<string, unknown> | null} [result]
 * @property {Record<string, number> | null} [clock]
 * @property {GameEvent[]} [events]
 * @property {string} [record]
 * @property {string} [svg]
 * @property {string} [decision_svg]
 * @property {number} [last]
 * @property {string | number} [ref]
 * @property {{code: string, message: string}} [error]
 */

export {};
