// @ts-check
// Whoopies' board layout: where the bands and the table go for a box of CSS px, and the one transform between the
// throw's units (view.throw: 800 x 520, y down, the table top at 500) and board units, turned with the table.

/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/** @typedef {{x: number, y: number}} Point */
/** @typedef {import("./board.js").Board} Board */
/**
 * A layout: the drawing's size (W x H board units, which are CSS px), the stage where the table is drawn, its scale
 * `s` (board units per throw unit) and whether the table is turned a quarter, and the bands around it.
 * @typedef {object} Layout
 * @property {"wide" | "short" | "turned"} kind
 * @property {boolean} turned
 * @property {number} W
 * @property {number} H
 * @property {number} s
 * @property {Box} stage
 * @property {Box} head
 * @property {Box | null} gems
 * @property {Box | null} foot
 * @property {number} score
 * @property {number} players
 * @property {boolean} compact
 * @property {boolean} narrow
 */

export const THROW_W = 800; // the throw's units (view.throw.width × height)
export const THROW_H = 520;
export const FLOOR_Y = 500; // the table top in the throw's units (view.throw.floor)

const HEAD = 86; // the wide layout's band above the table, and below it
const FOOT = 56;
const BAR = 52; // the short layout's one band above the table
const TURNED_HEAD = 62; // the turned layout's bands, above and below the table
const TURNED_FOOT = 52;
const BALL_PX = 22; // a ball is drawn at least this many CSS px across (never as wide as it can be caught)

/** The board's layout for a box `width` × `height` CSS px: the canvas's container and the height the page lets the
 * board have. Board units are CSS px, so words are drawn at the size they are read at. Three shapes; the one that
 * draws the throw largest wins (an upright table on a tie):
 * - "wide" (a desktop): the die, the call and the gems above the table, the prompt and the buttons below it;
 * - "short" (a phone held sideways, a low window): one band above the table holds the die, the call, the prompt
 *   and the buttons (the page's side panel shows the gems);
 * - "turned" (a phone held upright): the table turned a quarter, its long side down the screen and its floor on the
 *   left (turn the phone a quarter anticlockwise and it stands upright); the die and the call above it, the prompt
 *   and the buttons below it, the gems on the table between throws.
 * `s` scales the throw's units into the stage; toBoard and toThrow turn them with the table.
 * @param {number} width @param {number} height @returns {Layout} */
export function layoutFor(width, height, players = 2) {
  const w = Math.max(260, Math.floor(width));
  const h = Math.max(260, Math.floor(height));
  /** @type {Omit<Layout, "players" | "compact" | "narrow">[]} */
  const shapes = [];
  if (w >= 600) { // on a large screen the table grows past its own size, up to half as large again
    const W = Math.min(w, THROW_W * 1.5);
    const s = Math.min(1.5, W / THROW_W, (h - HEAD - FOOT) / THROW_H);
    const stage = { x: (W - THROW_W * s) / 2, y: HEAD, w: THROW_W * s, h: THROW_H * s };
    shapes.push({ kind: "wide", turned: false, W, H: HEAD + stage.h + FOOT, s, stage, head: { x: 0, y: 0, w: W, h: HEAD },
      gems: { x: W - 280, y: 6, w: 272, h: HEAD - 12 }, foot: { x: 0, y: HEAD + stage.h, w: W, h: FOOT }, score: s });
  }
  if (w >= 440) {
    const s = Math.min(1, w / THROW_W, (h - BAR) / THROW_H);
    const W = Math.min(w, THROW_W);
    const stage = { x: (W - THROW_W * s) / 2, y: BAR, w: THROW_W * s, h: THROW_H * s };
    shapes.push({ kind: "short", turned: false, W, H: BAR + stage.h, s, stage, head: { x: 0, y: 0, w: W, h: BAR },
      gems: null, foot: null, score: s * 0.97 });
  }
  {
    const s = Math.min(1, w / THROW_H, (h - TURNED_HEAD - TURNED_FOOT) / THROW_W);
    const W = Math.min(w, Math.max(Math.round(THROW_H * s), 480));
    const stage = { x: (W - THROW_H * s) / 2, y: TURNED_HEAD, w: THROW_H * s, h: THROW_W * s };
    shapes.push({ kind: "turned", turned: true, W, H: TURNED_HEAD + stage.h + TURNED_FOOT, s, stage,
      head: { x: 0, y: 0, w: W, h: TURNED_HEAD }, gems: null,
      foot: { x: 0, y: TURNED_HEAD + stage.h, w: W, h: TURNED_FOOT }, score: s * 0.9 });
  }
  const best = shapes.reduce((a, b) => (b.score > a.score ? b : a));
  return { ...best, players, compact: best.kind !== "wide", narrow: best.stage.w < 560 };
}

/** The throw's units to board units, and back; a turned table has the throw's x down the screen and its floor
 * on the left. The one transform of the table: the drawing (intoThrow), the regions and a hand's point.
 * @param {Board} b */
export const toBoard = (b, x, y) => (b.L.turned ? { x: b.L.stage.x + (THROW_H - y) * b.L.s, y: b.L.stage.y + x * b.L.s }
  : { x: b.L.stage.x + x * b.L.s, y: b.L.stage.y + y * b.L.s });
/** @param {Board} b */
export const toThrow = (b, point) => (b.L.turned ? { x: (point.y - b.L.stage.y) / b.L.s, y: THROW_H - (point.x - b.L.stage.x) / b.L.s }
  : { x: (point.x - b.L.stage.x) / b.L.s, y: (point.y - b.L.stage.y) / b.L.s });
/** A ball's drawn radius in the throw's units: at least BALL_PX across on the screen, however small the table is
 * shown, and never as wide as the hand's reach (the hit radius): a tap on a drawn ball always reaches it.
 * @param {Board} b */
export const ballRadius = (b, radius = 11, reach = 20) => Math.min(reach - 1, Math.max(radius, BALL_PX / 2 / b.L.s));

/** Set `c` to draw in the throw's units (as toBoard places them).
 * @param {Board} b */
export function intoThrow(b, c) {
  c.translate(b.L.stage.x, b.L.stage.y);
  if (b.L.turned) {
    c.translate(THROW_H * b.L.s, 0);
    c.rotate(Math.PI / 2);
  }
  c.scale(b.L.s, b.L.s);
}
/** @param {Board} b */
export const onTable = (b, point) => point.x >= b.L.stage.x && point.x <= b.L.stage.x + b.L.stage.w && point.y >= b.L.stage.y
  && point.y <= b.L.stage.y + b.L.stage.h;


// ------------------------------------------------------------ the frame
/** The box the board may fill, in CSS px: its container's width, and the height the page lets it have (the
 * canvas's max-height, --board-max-height on a one-column page; else what the window shows below the board's top
 * when that is most of it; else the window's).
 * @param {Board} b */
export function room(b) {
  const box = b.surface.available();
  const cap = Number.parseFloat(window.getComputedStyle(b.canvas).maxHeight);
  // a board near the top of a page with no limit of its own (a guided game beside its lesson) stays in the window
  const below = window.innerHeight - (b.canvas.getBoundingClientRect().top + window.scrollY) - 8;
  const height = Math.min(box.height || window.innerHeight, Number.isFinite(cap) && cap > 0 ? cap : Infinity,
    below >= window.innerHeight * 0.6 ? below : Infinity);
  return { width: box.width, height };
}

/** @param {Board} b */
export function fit(b) {
  const { width, height } = room(b);
  const want = layoutFor(width, height, b.table ? b.table.players : 2);
  const changed = want.W !== b.L.W || want.H !== b.L.H || want.kind !== b.L.kind;
  b.L = want;
  b.area = b.L.stage;
  if (changed) b.surface.layout(b.L.W, b.L.H);
}
