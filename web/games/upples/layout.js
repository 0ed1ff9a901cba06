// @ts-check
// Where everything of the Upples board goes: the 7×7 field with its files and row numbers, the status, the piles
// and the players' panels, for a phone (the players below the field), a phone held sideways (a narrow column beside
// it) and a wide screen (the players beside it). One board unit is one CSS px at the size the canvas is shown.

export const FILES = "abcdefg";
export const SIZE = 7;
export const LABEL = 16; // the row numbers' column and the files' row around the field
const GAP = 8;

/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/**
 * @typedef {object} Layout
 * @property {boolean} portrait  a phone: the status, the piles and the players go below the field
 * @property {boolean} landscape  a phone held sideways: a narrow column beside the field
 * @property {number} cell  a square's side
 * @property {number} card  a card's side (a little less than the square)
 * @property {Box} ground  the field with its labels
 * @property {number} bx  the left of file a
 * @property {number} by  the top of row 7
 * @property {Box} status
 * @property {Box} [header]  the mode and the turn (not on a phone: its `info` row has them)
 * @property {Box & {card: number}} [piles]  the draw pile and the discard (not on a phone)
 * @property {Box} [info]  a phone's row: the mode and the turn, the draw pile and the discard
 * @property {Box[]} players  one panel per seat
 * @property {number} width
 * @property {number} height
 */

/** The layout for a page `available` CSS px wide with `room` px of height below the canvas's top: on a phone
 * (portrait) the field takes the whole width and the status, the piles and the players go below it; on a wide
 * screen the players stand beside the field.
 * @param {number} available @param {number} room @param {number} players @param {boolean} [landscape]
 * @returns {Layout} */
export function layout(available, room, players, landscape = false) {
  const portrait = available < 600 && !landscape;
  /** @type {any} */
  const g = { portrait, landscape };
  if (landscape) {
    // a phone held sideways: the page gives the board a short wide box beside its panel. The field takes the whole
    // height (a cell of at least 40 px on a 740 x 360 phone) and a narrow column beside it holds the mode, the
    // piles, the status and the players (in the phone's compact panels).
    const minSide = 150;
    const byHeight = Math.floor((room - LABEL - 10) / SIZE);
    const byWidth = Math.floor((available - minSide - 10 - LABEL - 12) / SIZE);
    g.cell = Math.max(34, Math.min(84, byHeight, byWidth));
    g.ground = { x: 0, y: 0, w: LABEL + 6 + SIZE * g.cell + 6, h: 6 + SIZE * g.cell + LABEL + 4 };
    const x = g.ground.w + 10;
    const side = Math.max(minSide, Math.min(300, Math.floor(available - x)));
    g.header = { x, y: 0, w: side, h: 26 };
    const pileW = Math.min(48, Math.floor((side - 40) / 3));
    g.piles = { x, y: 30, w: side, h: pileW + 30, card: pileW };
    let y = g.piles.y + g.piles.h + 6;
    g.status = { x, y, w: side, h: 92 };
    y += g.status.h + 6;
    const rowH = Math.max(60, Math.min(92, Math.floor((Math.max(g.ground.h, room) - y) / players) - 6));
    g.players = Array.from({ length: players }, (_, seat) => ({ x, y: y + seat * (rowH + 6), w: side, h: rowH }));
    g.width = x + side;
    g.height = Math.round(Math.max(g.ground.h, y + players * (rowH + 6)));
  } else if (portrait) {
    const width = Math.round(Math.max(300, Math.min(available, 600)));
    const statusH = 60;
    const infoH = 48;
    const rowH = 64;
    const columns = players > 1 ? 2 : 1;
    const rows = Math.ceil(players / columns);
    const below = LABEL + 10 + GAP + statusH + GAP + infoH + GAP + rows * (rowH + GAP);
    const byWidth = Math.floor((width - LABEL - 12) / SIZE);
    const byHeight = Math.floor((room - below) / SIZE);
    g.cell = Math.max(36, Math.min(byWidth, Math.max(byHeight, byWidth - 8)));
    const groundW = LABEL + 6 + SIZE * g.cell + 6;
    g.ground = { x: Math.round((width - groundW) / 2), y: 0, w: groundW, h: 6 + SIZE * g.cell + LABEL + 4 };
    let y = g.ground.h + GAP;
    g.status = { x: 0, y, w: width, h: statusH };
    y += statusH + GAP;
    g.info = { x: 0, y, w: width, h: infoH };
    y += infoH + GAP;
    const columnW = (width - (columns - 1) * GAP) / columns;
    g.players = Array.from({ length: players }, (_, seat) => ({
      x: (seat % columns) * (columnW + GAP), y: y + Math.floor(seat / columns) * (rowH + GAP), w: columnW, h: rowH,
    }));
    g.width = width;
    g.height = Math.round(y + rows * (rowH + GAP));
  } else {
    const side = Math.max(200, Math.min(250, Math.round(available * 0.27)));
    const statusH = 60;
    const byWidth = Math.floor((available - side - 14 - LABEL - 12) / SIZE);
    const byHeight = Math.floor((room - LABEL - 10 - GAP - statusH) / SIZE);
    g.cell = Math.max(46, Math.min(84, byWidth, byHeight));
    g.ground = { x: 0, y: 0, w: LABEL + 6 + SIZE * g.cell + 6, h: 6 + SIZE * g.cell + LABEL + 4 };
    g.status = { x: 0, y: g.ground.h + GAP, w: g.ground.w, h: statusH };
    const x = g.ground.w + 14;
    const bottom = g.status.y + statusH;
    g.header = { x, y: 0, w: side, h: 30 };
    const pileW = Math.min(56, Math.floor((side - 40) / 3));
    g.piles = { x, y: 38, w: side, h: pileW + 34, card: pileW };
    const top = g.piles.y + g.piles.h + GAP;
    const rowH = Math.min(104, Math.floor((bottom - top) / players) - GAP);
    g.players = Array.from({ length: players }, (_, seat) => ({ x, y: top + seat * (rowH + GAP), w: side, h: rowH }));
    g.width = x + side;
    g.height = Math.round(bottom + 2);
  }
  g.bx = g.ground.x + LABEL + 6;
  g.by = g.ground.y + 6;
  g.card = Math.round(g.cell * 0.9);
  return g;
}

/** The centre of a square ("d4") in board units. @param {Layout} g @param {string} square */
export function centreOf(g, square) {
  const column = FILES.indexOf(square[0]);
  const row = Number(square.slice(1));
  return { x: g.bx + column * g.cell + g.cell / 2, y: g.by + (SIZE - row) * g.cell + g.cell / 2 };
}

/** Where a square's card goes: its top-left corner, and the square's centre. @param {Layout} g @param {string} square */
export function slot(g, square) {
  const { x, y } = centreOf(g, square);
  return { x: x - g.card / 2, y: y - g.card / 2, cx: x, cy: y };
}

/** Every square, in reading order (row 7 first, file a to g). @returns {string[]} */
export function squares() {
  const list = [];
  for (let row = SIZE; row >= 1; row--) for (let column = 0; column < SIZE; column++) list.push(`${FILES[column]}${row}`);
  return list;
}
