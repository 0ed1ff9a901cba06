// @ts-check
// What the parts of Whoopies' board share: the Board (the renderer's own state: its layout, what the person is
// doing now, the runs through a throw), and the small readings of the table every part makes.
import { pace } from "../common.js";

/** @typedef {import("../../host.js").Table} Table */
/** @typedef {import("../../host.js").RendererHost} RendererHost */
/** @typedef {import("./layout.js").Layout} Layout */
/** @typedef {import("./layout.js").Box} Box */
/** @typedef {import("./layout.js").Point} Point */
/**
 * One seat's run through a throw (grab.js).
 * @typedef {object} Run
 * @property {string} key
 * @property {number} seat
 * @property {number} round
 * @property {string} mark
 * @property {"pass" | "countdown" | "running" | "caught"} stage
 * @property {number} since
 * @property {boolean} clocked
 * @property {boolean} [spoken]
 * @property {number | null} start
 * @property {{x: number, y: number, at: number}[]} marks
 * @property {{creature: string, part: string, ms: number} | null} caught
 * @property {boolean} passed
 * @property {number} floor
 * @property {number} [restMs]
 * @property {{words: () => string, at: number}} [flash]
 */
/**
 * The board: what create() keeps, passed to every part. `table` is the session's (host.table()), read at paint
 * time: the board keeps no copy.
 * @typedef {object} Board
 * @property {HTMLCanvasElement} canvas
 * @property {RendererHost} host
 * @property {RendererHost["t"]} t
 * @property {import("../kit.js").Surface} surface
 * @property {Table | null} table
 * @property {Layout} L
 * @property {Box} area  where the stage's words and choices go: the stage, less the gems drawn on it
 * @property {boolean} muted
 * @property {boolean} showNames
 * @property {string | null} hinted  the action the Hint button suggested (a target's action)
 * @property {{x: number, y: number, ms: number} | null} betterGrab  a review's better move, drawn on the still throw
 * @property {{start: number, face: number} | null} die  the roll animation
 * @property {Map<string, Run>} grabs  `${throwKey}/${round}/${seat}` -> the seat's run through this throw
 * @property {{key: string, start: number} | null} spectate  a throw with no human to grab
 * @property {{key: string, until: number} | null} hold  keep a catch on screen a moment
 * @property {Map<number, any>} throws  round -> view.throw, kept to show the last throw's result
 * @property {string} speakPhase
 * @property {number} resultUntil
 * @property {string} lastPrompt
 * @property {string} currentScreen
 * @property {string} headline
 * @property {() => void} animate  keep the kit's clock ticking while something moves (renderer.js)
 */

export const DIE_MS = 950;

export const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** @param {Board} b */
export const view = (b) => b.table.view;
/** @param {Board} b */
export const humans = (b) => (b.table ? b.table.seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0) : []);

/** @param {Board} b */
export const creatureOf = (b, name) => view(b).creatures.find((cr) => cr.name === name) || { name, body: "orange", puff: "purple" };
/** @param {Board} b */
export const activeHuman = (b) => {
  const seats = b.host.humanSeats();
  return seats.length ? seats[0] : null;
};
/** @param {Board} b */
export const severalHumans = (b) => humans(b).length > 1;
/** Presentation times (never the throw's own clock) at the test speed. @param {number} value */
export const ms = (value) => value * pace();

/** view.targets of one thing ("creature", "phanteus"): the list, in the order Python gave them.
 * @param {Board} b */
const targetsOf = (b, kind, id) => (b.table ? view(b).targets || [] : []).filter((tg) => tg.thing.kind === kind && tg.thing.id === id);
/** @param {Board} b */
export const targetOf = (b, kind, id, key = null) => targetsOf(b, kind, id).find((tg) => !key || tg.key === key) || null;
/** @param {Board} b */
export const plainTargets = (b, kind) => (b.table ? view(b).targets || [] : []).filter((tg) => tg.thing.kind === kind && !tg.timed);
