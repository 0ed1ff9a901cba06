// @ts-check
// Animation from a diff of things, as chessground animates a board: each thing a renderer draws (a peg, a card, a
// tile, a stack) has a stable id and a place. Between the things of the table before and after a move, those in
// both that changed place moved, those only after appeared, those only before went away. The board draws each thing
// where placed() says, and the leaving ones as leaving() says, while the motion runs; afterwards, where they are.

/** @typedef {{id: string, x: number, y: number, [field: string]: any}} Thing */
/** @typedef {{x: number, y: number, alpha: number, scale: number}} Placement */

/** The difference of two lists of things by id: what moved (from, to), appeared and went away.
 * @param {Thing[]} before @param {Thing[]} after */
export function diffThings(before, after) {
  const was = new Map(before.map((thing) => [thing.id, thing]));
  const now = new Set(after.map((thing) => thing.id));
  /** @type {{id: string, from: Thing, to: Thing}[]} */
  const moved = [];
  /** @type {Thing[]} */
  const appeared = [];
  for (const thing of after) {
    const old = was.get(thing.id);
    if (!old) appeared.push(thing);
    else if (Math.abs(old.x - thing.x) > 0.01 || Math.abs(old.y - thing.y) > 0.01) moved.push({ id: thing.id, from: old, to: thing });
  }
  const gone = before.filter((thing) => !now.has(thing.id));
  return { moved, appeared, gone };
}

const lerp = (/** @type {number} */ a, /** @type {number} */ b, /** @type {number} */ k) => a + (b - a) * k;

/** One running motion: where each thing is drawn at `progress` (0..1). */
export class Motion {
  /** @param {Thing[]} before @param {Thing[]} after */
  constructor(before, after) {
    const { moved, appeared, gone } = diffThings(before, after);
    this.from = new Map(moved.map((move) => [move.id, move.from]));
    this.appeared = new Set(appeared.map((thing) => thing.id));
    this.gone = gone;
    this.progress = 0;
  }

  /** Whether anything changes at all. */
  get empty() { return !this.from.size && !this.appeared.size && !this.gone.length; }

  /** Where to draw `thing` (of the things after) now. @param {Thing} thing @returns {Placement} */
  placed(thing) {
    const k = this.progress;
    const from = this.from.get(thing.id);
    if (from) return { x: lerp(from.x, thing.x, k), y: lerp(from.y, thing.y, k), alpha: 1, scale: 1 };
    if (this.appeared.has(thing.id)) return { x: thing.x, y: thing.y, alpha: k, scale: 0.6 + 0.4 * k };
    return { x: thing.x, y: thing.y, alpha: 1, scale: 1 };
  }

  /** The things of before that went away, and how faded they are now. @returns {{thing: Thing, alpha: number}[]} */
  leaving() { return this.gone.map((thing) => ({ thing, alpha: 1 - this.progress })); }

  /** Whether `id` is moving (or appearing) now. @param {string} id */
  moving(id) { return this.progress < 1 && (this.from.has(id) || this.appeared.has(id)); }
}
