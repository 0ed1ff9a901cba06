// @ts-check
// Up Combine's things, for the kit's motion (kit.js Surface.motion): each tile on a stack and each tile of the hand
// at the bottom, with its place in board units. A thing is named by where it lies ("stack:2:0", the bottom tile of
// stack 2; "hand:4"); between two tables, asAfter names the tiles before as the tiles after they became, so that a
// placed tile flies from the hand to its stack, the hand closes up, and a split stack's tiles move to their two
// stacks.
import { BASE_Y, CELL_W, EDGE, handCells, stackCells, TILE_W } from "./layout.js";

/** @typedef {import("./layout.js").Geometry} Geometry */
/**
 * A tile as a thing: `code` its colour and symbol letters; on a stack, `stack` (index), `level` (0 at the bottom),
 * `top` (its face shows) and `s` (the stack's scale), `x, y` the top left of its edge; in the hand, `index` and
 * `w, h` its face, `x, y` its top left.
 * @typedef {{id: string, x: number, y: number, code: string, colour: string, symbol: string, stack?: number,
 *   level?: number, top?: boolean, s?: number, index?: number, w?: number, h?: number}} TileThing
 */

/** The tiles on the stacks. @param {Record<string, any>} view @param {Geometry} geometry @returns {TileThing[]} */
export function stackThings(view, geometry) {
  if (view.choosing_bases) return [];
  const cells = stackCells(view.stacks.length, geometry.stacks);
  /** @type {TileThing[]} */
  const things = [];
  view.stacks.forEach((stack, index) => {
    const cell = cells[index];
    stack.pieces.forEach((piece, level) => {
      things.push({ id: `stack:${index + 1}:${level}`, code: `${piece.colour}${piece.symbol}`, colour: piece.colour,
        symbol: piece.symbol, stack: index, level, top: level === stack.pieces.length - 1, s: cell.s,
        x: cell.x + ((CELL_W - TILE_W) / 2) * cell.s, y: cell.y + (BASE_Y - (level + 1) * EDGE) * cell.s });
    });
  });
  return things;
}

/** The tiles of `seat`'s hand, where its symbols are known to this viewer.
 * @param {Record<string, any>} view @param {Geometry} geometry @param {number} seat @returns {TileThing[]} */
export function handThings(view, geometry, seat) {
  const hand = view.hands[seat];
  if (!hand || !hand.pieces || !hand.count) return [];
  const cells = handCells(hand.count, geometry.hand);
  return hand.pieces.map((piece, index) => ({ id: `hand:${index}`, code: `${piece.colour}${piece.symbol}`,
    colour: piece.colour, symbol: piece.symbol, index, x: cells[index].x, y: cells[index].y, w: cells[index].w,
    h: cells[index].h }));
}

/** The things before, named as the things after they became: a tile where the same tile still lies keeps its name;
 * any other goes to the nearest place after where the same tile (colour and symbol) newly lies; a tile that is
 * nowhere after is named apart, so it fades out.
 * @param {TileThing[]} before @param {TileThing[]} after @returns {TileThing[]} */
export function asAfter(before, after) {
  const now = new Map(after.map((thing) => [thing.id, thing]));
  const kept = new Set(before.filter((thing) => now.get(thing.id)?.code === thing.code).map((thing) => thing.id));
  const free = after.filter((thing) => !kept.has(thing.id));
  return before.map((thing) => {
    if (kept.has(thing.id)) return thing;
    let best = -1;
    let nearest = Infinity;
    free.forEach((other, index) => {
      const distance = (other.x - thing.x) ** 2 + (other.y - thing.y) ** 2;
      if (other.code === thing.code && distance < nearest) { nearest = distance; best = index; }
    });
    return { ...thing, id: best >= 0 ? free.splice(best, 1)[0].id : `gone:${thing.id}` };
  });
}
