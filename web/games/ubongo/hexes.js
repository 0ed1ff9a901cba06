// @ts-check
// The hex grid of Ubongo's cards and tiles (pointy-top, axial q and r, as py/gamebox/ubongo/tiles.py writes them),
// and the words of the times the race counts.

/** A hex of the grid: [q, r]. @typedef {[number, number]} Cell */
/** A tile's cell where it is drawn: [centre x, centre y, q, r]. @typedef {[number, number, number, number]} CellPoint */

export const SQ3 = Math.sqrt(3);

/** @param {number} q @param {number} r */
export const cellKey = (q, r) => `${q},${r}`;

/** The cells of a tile turned over (if flip) and then turned rot x 60 degrees clockwise, anchor on [0, 0], cell by
 * cell in the order of its base cells: the view's `turns` (py/gamebox/ubongo/tiles.py turns).
 * @param {{turns: Cell[][]}} piece @param {number} rot @param {boolean} flip @returns {Cell[]} */
export const turned = (piece, rot, flip) => piece.turns[rot + (flip ? 6 : 0)];

/** A hex's centre on a grid of hexes of radius `R` whose [0, 0] is at (ox, oy).
 * @param {{R: number, ox: number, oy: number}} grid @param {number} q @param {number} r */
export const hexCentre = (grid, q, r) => ({ x: grid.ox + grid.R * SQ3 * (q + r / 2), y: grid.oy + grid.R * 1.5 * r });

/** The hex of such a grid under a point. @param {{R: number, ox: number, oy: number}} grid @param {number} x
 * @param {number} y @returns {Cell} */
export function hexAt(grid, x, y) {
  const px = (x - grid.ox) / grid.R;
  const py = (y - grid.oy) / grid.R;
  const qf = (SQ3 / 3) * px - py / 3;
  const rf = (2 / 3) * py;
  const cy = -qf - rf;
  let rx = Math.round(qf); const ry = Math.round(cy); let rz = Math.round(rf);
  const dx = Math.abs(rx - qf); const dy = Math.abs(ry - cy); const dz = Math.abs(rz - rf);
  if (dx > dy && dx > dz) rx = -ry - rz; else if (dy <= dz) rz = -rx - ry;
  return [rx, rz];
}

/** Corner k of a pointy-top hex of radius r centred on (x, y). @param {number} x @param {number} y @param {number} r
 * @param {number} k @returns {[number, number]} */
export function corner(x, y, r, k) {
  const angle = (Math.PI / 180) * (-90 + 60 * (k % 6));
  return [x + r * Math.cos(angle), y + r * Math.sin(angle)];
}

/** @param {CanvasRenderingContext2D} c @param {number} x @param {number} y @param {number} r */
export function hexPath(c, x, y, r) {
  c.beginPath();
  for (let k = 0; k < 6; k++) {
    const [px, py] = corner(x, y, r, k);
    if (k === 0) c.moveTo(px, py); else c.lineTo(px, py);
  }
  c.closePath();
}

/** @param {number} x @param {number} y @param {number} r @returns {[number, number][]} */
export function hexPolygon(x, y, r) {
  const points = [];
  for (let k = 0; k < 6; k++) points.push(corner(x, y, r, k));
  return points;
}

/** Edge k of a pointy-top hex runs from corner k to k+1; its neighbour lies in this direction. */
export const EDGE_NEIGHBOUR = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]];

/** Seconds to a tenth, in the page's language: 24.0 (the words of a time the rules count in ms).
 * @param {number} ms */
export const secondsText = (ms) => new Intl.NumberFormat(document.documentElement.lang || undefined,
  { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);

/** A stopwatch reading: 1:05.3. @param {number} ms */
export function clockText(ms) {
  const total = Math.max(0, ms) / 1000;
  const minutes = Math.floor(total / 60);
  const seconds = total - minutes * 60;
  return `${minutes}:${seconds < 10 ? "0" : ""}${seconds.toFixed(1)}`;
}
