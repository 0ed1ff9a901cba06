// @ts-check
// What Python's view of an Upples game gives the page (py/gamebox/upples/views.py, UpplesView; docs/rules/upples.md
// "view(seat)" and "Targets"): the types the renderer's modules share. Nothing here runs.

/**
 * One komupple: its seat and colour, its state, where it stands and what it has kept.
 * @typedef {object} Komupple
 * @property {number} seat
 * @property {"blue" | "pink" | "green" | "yellow"} colour
 * @property {"white" | "red"} body  white: shy, jumps in a cross; red: angry, jumps in an L
 * @property {"white" | "red"} hair
 * @property {string | null} square  null once eliminated
 * @property {string[]} kept  the codes of the super upples kept
 * @property {number} points
 * @property {boolean} eliminated
 * @property {boolean} stuck  it could not move last turn and flipped
 * @property {number} turns
 */

/** What a person touches: a card or a komupple (by its square), or a button (Pass, a multicolour's new state).
 * @typedef {{kind: string, id: string}} Thing */

/** A thing the seat to move can act on now: its action, the words of it, and the thing touched first (then `to`).
 * @typedef {{action: string, key: string, params?: Record<string, any>, thing: Thing, to?: Thing}} UpplesTarget */

/** Why touching a square is not a move now: the IllegalAction the rules would raise; in the list form, with the
 * thing on the square (a card, a piece, or the empty cell, by the square's name).
 * @typedef {{key: string, params?: Record<string, any>, thing?: Thing}} Refusal */

/**
 * @typedef {object} UpplesView
 * @property {"glutton" | "naughty" | "survival" | "training"} mode
 * @property {number[][] | null} teams
 * @property {number} size
 * @property {Record<string, string | null>} cards  square -> card code (null: an empty square)
 * @property {Komupple[]} players
 * @property {number | null} current
 * @property {number} turn
 * @property {boolean} in_chain
 * @property {string[]} path  the squares landed on so far this turn
 * @property {string[]} tunnels_used
 * @property {number[]} bounced
 * @property {boolean} must_pass
 * @property {number} draw_pile
 * @property {string[]} discard
 * @property {string[]} eaten_this_turn
 * @property {number[]} scores
 * @property {boolean} over
 * @property {string} end_reason
 * @property {number[]} winners
 * @property {{seat: number | null, key: string, params?: Record<string, any>}[]} events
 * @property {Record<string, Refusal> | Refusal[]} [refusals]  for the seat to move (a dict by square, then a list)
 * @property {UpplesTarget[]} [targets]
 */

export {};
