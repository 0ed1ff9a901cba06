// @ts-check
// What one frame of Up Combine's board is painted from: the Scene the renderer makes before each frame (the view,
// the layout, who may act and what they may touch, what the person is doing now), which the painting modules
// (tiles.js, panels.js) read and never change.

/** @typedef {import("../../host.js").RendererHost} RendererHost */
/** @typedef {import("../../host.js").Table} Table */
/** @typedef {{kind: string, id: string}} Thing */
/** A target of the view (py/gamebox/core/targets.py): an action, its words, and the thing (then `to`) it is on.
 * @typedef {{action: string, key: string, params: Record<string, any>, thing: Thing, to?: Thing}} ViewTarget */

/**
 * @typedef {object} Scene
 * @property {CanvasRenderingContext2D} c
 * @property {Table} table
 * @property {Record<string, any>} view  the table's view
 * @property {import("./layout.js").Geometry} geometry
 * @property {import("../kit.js").Surface} surface
 * @property {RendererHost} host
 * @property {RendererHost["t"]} t
 * @property {import("./words.js").Words} w  the board's words
 * @property {import("./art.js").Look} look
 * @property {number} bottomSeat  the seat whose hand is at the bottom
 * @property {number | null} seat  the person who may act through this board now, or null
 * @property {boolean} privacy  the pass-the-device screen is up
 * @property {boolean} choosing  the oldest player is choosing the bases
 * @property {number} humans  the people at this device
 * @property {ViewTarget[]} targets  what that person may touch (view.targets), none for anyone else
 * @property {Map<string, ViewTarget[]>} byThing  those targets by thing ("piece:Rs", "tile:G", ...)
 * @property {{code: string, index: number} | null} selected  the piece picked up from the hand
 * @property {string | null} basePick  the colour picked first for the bases
 * @property {ViewTarget | null} hinted  a target the hint shows
 * @property {{round: number, shownAt: number, moves: number} | null} summary  the round whose summary is shown
 */

/** The glow of what may be touched (a stack the piece picked up may go on), and of the hint. */
export const HIGHLIGHT = "#ffe27a";
export const HINT = "#ffb347";

/** @param {number} a @param {number} b @param {number} k */
export const lerp = (a, b, k) => a + (b - a) * k;
/** The same thing of a target or a refusal ({kind, id}). @param {any} a @param {any} b */
export const same = (a, b) => a && b && a.kind === b.kind && a.id === b.id;
