// @ts-check
// Up Combine's layout: where each part of the table goes for the box the page gives the board (landscape, portrait,
// a phone held sideways), and the cells of the stacks, the hand, the opponents, the pile's bags and the bases'
// choice in it. Pure functions of the view and the room: no drawing, no state.

/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/**
 * One frame's layout, in board units.
 * @typedef {object} Geometry
 * @property {boolean} portrait
 * @property {boolean} [landscape]  a phone held sideways (its own drawing, LAND_W x LAND_H)
 * @property {number} width
 * @property {number} height
 * @property {Box & {columns: number}} opponents
 * @property {Box} stacks
 * @property {Box} status
 * @property {Box & {across: boolean}} pile  `across`: the bags in a row (portrait), else a column
 * @property {Box | null} rounds  null on a short phone screen (the page's scores hold the totals)
 * @property {Box & {tile: number, face: number, perRow: number}} hand
 */
/** @typedef {{x: number, y: number, s: number}} Cell  a stack's cell: its top left corner and its scale */

export const WIDE = 800; // the landscape drawing's width, in board units
export const NARROW = 400; // the portrait drawing's width
export const WIDE_HEIGHT = 650;
// a phone held sideways: the drawing is shaped like the short wide box the page gives it (about 1.4 : 1)
export const LAND_W = 660;
export const LAND_H = 470;
// the hand's heading line, and the room above the tiles for a picked-up one to rise without covering it
export const HAND_TOP = 46;
// one stack's cell, unscaled
export const CELL_W = 72;
export const CELL_H = 186;
export const TILE_W = 54;
export const FACE_H = 46;
export const EDGE = 7;
export const BASE_Y = 134;
/** Boxes of this frame, for the box the page gives the board now (`room`, the kit's available()): landscape (side
 * panels right of the stacks) or portrait (pile and rounds below the hand, so the stacks are as wide as the
 * screen). `handCount`: the tiles in the hand at the bottom; `passing`: an End turn button is offered.
 * @param {Record<string, any>} view @param {{width: number, height: number, portrait: boolean, landscape: boolean}} room
 * @param {{players: number, handCount: number, passing: boolean}} table
 * @returns {Geometry} */
export function layoutFor(view, room, { players, handCount, passing }) {
  const portrait = room.portrait;
  const opponents = players - 1;
  if (room.landscape) return landscapeLayout(handCount, opponents);
  if (!portrait) {
    const sideH = 382;
    const pileH = 188;
    return {
      portrait, width: WIDE, height: WIDE_HEIGHT,
      opponents: { x: 8, y: 8, w: WIDE - 16, h: 84, columns: opponents },
      stacks: { x: 8, y: 100, w: 588, h: 344 },
      status: { x: 8, y: 450, w: 588, h: 32 },
      pile: { x: 604, y: 100, w: 188, h: pileH, across: false },
      rounds: { x: 604, y: 100 + pileH + 8, w: 188, h: sideH - pileH - 8 },
      hand: { x: 8, y: 488, w: WIDE - 16, h: 154, tile: 60, face: 56, perRow: 99 },
    };
  }
  const W = NARROW;
  const columns = Math.min(2, opponents);
  const oppRows = Math.ceil(opponents / columns);
  const opponentsBox = { x: 6, y: 6, w: W - 12, h: oppRows * 64 + (oppRows - 1) * 6, columns };
  let y = opponentsBox.y + opponentsBox.h + 6;
  const stacks = { x: 6, y, w: W - 12, h: view.choosing_bases ? 300 : view.stacks.length > 6 ? 320 : 244 };
  y += stacks.h + 4;
  const status = { x: 6, y, w: W - 12, h: 42 };
  y += status.h + 4;
  const count = handCount;
  const rows = Math.max(1, Math.ceil(count / 7));
  const hand = { x: 6, y, w: W - 12, h: HAND_TOP + 4 + rows * 62, tile: 52, face: 48, perRow: Math.ceil(count / rows) || 1 };
  y += hand.h + 6;
  const pile = { x: 6, y, w: W - 12, h: 96 + (passing ? 42 : 0), across: true };
  y += pile.h + 6;
  const rounds = { x: 6, y, w: W - 12, h: 38 + (players + 1) * 18 + (view.rounds.length ? 0 : 18) + (view.over ? 0 : 36) };
  const full = { portrait, width: W, height: Math.round(y + rounds.h + 6), opponents: opponentsBox, stacks, status, pile, rounds, hand };
  // A phone whose page keeps the turn, the scores and Undo in view under the board gives it less height than this
  // tall drawing asks for, which would shrink it (and its tiles) to a narrow strip. Then the rounds table goes (the
  // page's scores hold the totals, the move log each round, and a picked-up tile's stacks show the preview) and
  // the stacks area gives up some height, so the drawing keeps more of the screen's width.
  const shownW = Math.min(W, room.width);
  if (room.height && full.height * (shownW / W) > room.height * 1.1) {
    const cut = stacks.h > 220 && !view.choosing_bases ? stacks.h - 212 : 0;
    for (const box of [status, hand, pile]) box.y -= cut;
    stacks.h -= cut;
    return { ...full, height: Math.round(pile.y + pile.h + 6), rounds: null };
  }
  return full;
}

/** A phone held sideways (the page gives the board a short wide box, beside its panel): a drawing shaped like
 * that box, so that it is shown as large as it can be. The hand runs along the bottom with big tiles (at least
 * 40 px apart on a 740 x 360 phone), the stacks above it, and the opponents, the pile and the rounds in a
 * column on the right. Two rows of tiles take their room from the stacks, so the drawing keeps its shape. */
/** @param {number} count the tiles in hand @param {number} opponents @returns {Geometry} */
function landscapeLayout(count, opponents) {
  const W = LAND_W;
  const H = LAND_H;
  const side = { x: W - 204, w: 196 };
  const perRow = 10;
  const rows = Math.max(1, Math.ceil(count / perRow));
  const handH = HAND_TOP + 4 + rows * 72;
  const hand = { x: 8, y: H - 6 - handH, w: W - 16, h: handH, tile: 64, face: 58, perRow: Math.ceil(count / rows) || 1 };
  const status = { x: 8, y: hand.y - 36, w: side.x - 16, h: 32 };
  const oppH = 56;
  const opponentsBox = { x: 8, y: 6, w: side.x - 16, h: oppH, columns: opponents };
  const stacks = { x: 8, y: opponentsBox.y + oppH + 4, w: side.x - 16, h: status.y - 4 - (opponentsBox.y + oppH + 4) };
  const pileH = 184;
  const pile = { x: side.x, y: 6, w: side.w, h: pileH, across: false };
  const rounds = { x: side.x, y: pile.y + pileH + 6, w: side.w, h: hand.y - 6 - (pile.y + pileH + 6) };
  return { portrait: false, landscape: true, width: W, height: H, opponents: opponentsBox, stacks, status, pile, rounds, hand };
}

/** Position and scale of each stack cell, for `count` stacks in `box`.
 * @param {number} count @param {Box} box @returns {Cell[]} */
export function stackCells(count, box) {
  let best = null;
  for (let rows = 1; rows <= 4; rows++) {
    const columns = Math.ceil(count / rows);
    const scale = Math.min(1.6, box.w / (columns * CELL_W), (box.h - 20) / (rows * CELL_H));
    if (!best || scale > best.scale + 1e-6) best = { rows, columns, scale };
  }
  const { rows, columns, scale } = best;
  const cellW = CELL_W * scale;
  const cellH = CELL_H * scale;
  const cells = [];
  for (let index = 0; index < count; index++) {
    const row = Math.floor(index / columns);
    const inRow = Math.min(columns, count - row * columns);
    const x0 = box.x + (box.w - inRow * cellW) / 2;
    const y0 = box.y + 16 + (box.h - 16 - rows * cellH) / 2;
    cells.push({ x: x0 + (index - row * columns) * cellW, y: y0 + row * cellH, s: scale });
  }
  return cells;
}

/** Each tile's cell in the hand, in rows centred below the heading line; `hitW`: the part a tap picks it by (tiles
 * overlap when many).
 * @param {number} count @param {Geometry["hand"]} box
 * @returns {(Box & {hitW: number})[]} */
export function handCells(count, box) {
  const rows = Math.max(1, Math.ceil(count / box.perRow));
  const perRow = Math.ceil(count / rows) || 1;
  const room = box.w - 24 - box.tile;
  const step = perRow > 1 ? Math.min(box.tile + 6, room / (perRow - 1)) : box.tile + 6;
  const cells = [];
  // the rows, centred below the heading line; a tile picked up rises 14 units and still stays below it
  const top = box.y + HAND_TOP + Math.max(0, (box.h - HAND_TOP - 6 - (rows * (box.face + 14) - 6)) / 2);
  for (let index = 0; index < count; index++) {
    const row = Math.floor(index / perRow);
    const inRow = Math.min(perRow, count - row * perRow);
    const total = (inRow - 1) * step + box.tile;
    const x0 = box.x + (box.w - total) / 2;
    const last = index === count - 1 || (index + 1) % perRow === 0;
    cells.push({ x: x0 + (index - row * perRow) * step, y: top + row * (box.face + 14), w: box.tile,
      h: box.face, hitW: last ? box.tile : Math.min(box.tile, step) });
  }
  return cells;
}

/** The other seats, in play order after the one at the bottom.
 * @param {number} players @param {number} bottomSeat @returns {number[]} */
export function opponentSeats(players, bottomSeat) {
  const seats = [];
  for (let k = 1; k < players; k++) seats.push((bottomSeat + k) % players);
  return seats;
}

/** The box of the `index`-th of `count` opponents in `area`.
 * @param {number} index @param {number} count @param {Geometry["opponents"]} area @returns {Box} */
export function opponentBox(index, count, area) {
  const gap = 6;
  const columns = area.columns;
  const rows = Math.ceil(count / columns);
  const row = Math.floor(index / columns);
  const inRow = row === rows - 1 ? count - row * columns : columns;
  const w = (area.w - gap * (inRow - 1)) / inRow;
  const h = (area.h - gap * (rows - 1)) / rows;
  return { x: area.x + (index - row * columns) * (w + gap), y: area.y + row * (h + gap), w, h };
}

/** Where a seat's hand is: the middle of the hand at the bottom, or of the seat's opponent box.
 * @param {Geometry} geometry @param {number} seat @param {number} players @param {number} bottomSeat */
export function seatAnchor(geometry, seat, players, bottomSeat) {
  const hand = geometry.hand;
  if (seat === bottomSeat) return { x: hand.x + hand.w / 2, y: hand.y + 40 + hand.face / 2 };
  const seats = opponentSeats(players, bottomSeat);
  const box = opponentBox(seats.indexOf(seat), seats.length, geometry.opponents);
  return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
}

/** The pile's five bags: a column in the side panel, or a row across a portrait screen.
 * @param {string[]} colours @param {Geometry["pile"]} box @returns {(Box & {colour: string})[]} */
export function bagCells(colours, box) {
  return colours.map((colour, index) => (box.across
    ? { colour, x: box.x + 6 + index * ((box.w - 12) / 5), y: box.y + 26, w: (box.w - 12) / 5 - 4, h: 66 }
    : { colour, x: box.x + 6, y: box.y + 30 + index * 30, w: box.w - 12, h: 28 }));
}

/** The five colours of the bases' choice, as big face-down tiles across the stacks area.
 * @param {string[]} colours @param {Box} box @returns {(Box & {colour: string, gap: number})[]} */
export function baseCells(colours, box) {
  const gap = box.w < 500 ? 10 : 18;
  const w = Math.min(78, (box.w - 40 - 4 * gap) / 5);
  const h = w * 1.33;
  const x0 = box.x + (box.w - (5 * w + 4 * gap)) / 2;
  const y = box.y + Math.max(112, (box.h - h) / 2 + 20);
  return colours.map((colour, index) => ({ colour, x: x0 + index * (w + gap), y, w, h, gap }));
}
