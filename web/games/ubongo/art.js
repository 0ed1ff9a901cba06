// @ts-check
// Painting Ubongo's pieces: the tiles (a bevelled polyhex in the player's colour, with the colour's own pattern), the
// colour token (its letter), the gems (each its own cut: colour is never the only cue), the puzzle card, the sand
// timer and the stopwatch. Colour-vision deficiencies are checked on screenshots (docs/rules/ubongo.md, "Colours").
import { PALETTE, fitText, roundRect, token } from "../kit.js";
import { EDGE_NEIGHBOUR, cellKey, corner, hexCentre, hexPath } from "./hexes.js";

/** @typedef {import("./hexes.js").CellPoint} CellPoint */

/** The tiles' colours: the palette's fill and shade, with a light edge for the bevel.
 * @type {Record<string, {fill: string, dark: string, ink: string, light: string}>} */
export const TILE = {
  red: { ...PALETTE.colours.red, light: "#ff8d7e" },
  blue: { ...PALETTE.colours.blue, light: "#86b2ff" },
  green: { ...PALETTE.colours.green, light: "#8be0a2" },
  yellow: { ...PALETTE.colours.yellow, light: "#fff0a0" },
};
/** Each colour's second cue on a tile: a pattern (and on a token, its letter, the catalogue's ubongo.initial.*). */
const PATTERN = { red: "stripes", blue: "dots", green: "rings", yellow: "grid" };

/** The gems in the paint kit's colours. @type {Record<string, string>} */
export const GEM_COLOUR = { ruby: "red", sapphire: "blue", emerald: "green", amber: "orange" };
export const GEM_ORDER = ["ruby", "sapphire", "emerald", "amber"];
/** Each gem's cut (as drawn on the board): the outline of its swatch in the score list. */
export const GEM_CUT = /** @type {const} */ ({ ruby: "disc", sapphire: "pentagon", emerald: "octagon", amber: "drop" });
export const CARD_INK = "#fff8ec";

/** A player's colour token: a disc in the colour with the colour's letter on it.
 * @param {CanvasRenderingContext2D} c @param {number} x @param {number} y @param {number} r @param {string} colour
 * @param {(key: string) => string} t */
export function colourToken(c, x, y, r, colour, t) {
  const shade = TILE[colour] || TILE.red;
  token(c, x, y, r, shade);
  // the letter as large as the disc takes, edged, so that it reads in any vision (the kit's token letter is small)
  fitText(c, t(`ubongo.initial.${colour}`), { x: x - r, y: y - r * 0.9, w: 2 * r, h: 1.8 * r },
    { size: Math.max(7, Math.round(r * 1.25)), weight: 800, colour: shade.ink, minSize: 6 });
}

/** The colour's pattern over the tile's cells, in its shade (clipped to the cells).
 * @param {CanvasRenderingContext2D} c @param {CellPoint[]} points @param {number} r @param {string} colour */
function tilePattern(c, points, r, colour) {
  const shade = TILE[colour] || TILE.red;
  let left = Infinity; let right = -Infinity; let top = Infinity; let bottom = -Infinity;
  c.save();
  c.beginPath();
  for (const [x, y] of points) {
    for (let k = 0; k < 6; k++) {
      const [px, py] = corner(x, y, r - 1, k);
      if (k === 0) c.moveTo(px, py); else c.lineTo(px, py);
    }
    c.closePath();
    left = Math.min(left, x - r); right = Math.max(right, x + r); top = Math.min(top, y - r); bottom = Math.max(bottom, y + r);
  }
  c.clip();
  c.strokeStyle = shade.dark;
  c.fillStyle = shade.dark;
  c.globalAlpha *= colour === "yellow" ? 0.4 : 0.5;
  const step = Math.max(5, r * 0.5);
  c.lineWidth = Math.max(1, r * 0.09);
  const kind = PATTERN[colour] || "stripes";
  if (kind === "stripes") {
    c.beginPath();
    for (let k = left - (bottom - top); k < right; k += step) { c.moveTo(k, bottom); c.lineTo(k + (bottom - top), top); }
    c.stroke();
  } else if (kind === "grid") {
    c.beginPath();
    for (let x = left; x < right; x += step) { c.moveTo(x, top); c.lineTo(x, bottom); }
    for (let y = top; y < bottom; y += step) { c.moveTo(left, y); c.lineTo(right, y); }
    c.stroke();
  } else {
    for (let y = top; y < bottom; y += step) {
      const odd = Math.round((y - top) / step) % 2;
      for (let x = left + (odd ? step / 2 : 0); x < right; x += step) {
        c.beginPath();
        c.arc(x, y, Math.max(1.2, r * (kind === "dots" ? 0.08 : 0.12)), 0, Math.PI * 2);
        if (kind === "dots") c.fill(); else c.stroke();
      }
    }
  }
  c.restore();
}

/** A polyhex tile with a bevel and its colour's pattern: `points` are [centreX, centreY, q, r] of its cells; `label`
 * puts its number on a cell.
 * @param {CanvasRenderingContext2D} c @param {CellPoint[]} points @param {number} r @param {string} colour
 * @param {{alpha?: number, lifted?: boolean, outline?: string | null, label?: {text: string | number, at: CellPoint} | null}} [options] */
export function drawPolyhex(c, points, r, colour, { alpha = 1, lifted = false, outline = null, label = null } = {}) {
  const shade = TILE[colour] || TILE.red;
  const cells = new Set(points.map(([, , q, cr]) => cellKey(q, cr)));
  c.save();
  c.globalAlpha = alpha;
  c.fillStyle = lifted ? "rgba(0,0,0,0.28)" : "rgba(0,0,0,0.22)";
  const drop = lifted ? r * 0.28 : r * 0.1;
  for (const [x, y] of points) { hexPath(c, x + drop, y + drop * 1.3, r + 0.6); c.fill(); }
  let top = Infinity;
  let bottom = -Infinity;
  for (const [, y] of points) { top = Math.min(top, y - r); bottom = Math.max(bottom, y + r); }
  const body = c.createLinearGradient(0, top, 0, bottom);
  body.addColorStop(0, shade.light);
  body.addColorStop(0.22, shade.fill);
  body.addColorStop(1, shade.dark);
  c.fillStyle = body;
  for (const [x, y] of points) { hexPath(c, x, y, r + 0.6); c.fill(); }
  tilePattern(c, points, r, colour);
  c.strokeStyle = "rgba(0,0,0,0.16)";
  c.lineWidth = 1;
  for (const [x, y, q, cr] of points) {
    for (let k = 0; k < 3; k++) {
      const [dq, dr] = EDGE_NEIGHBOUR[k];
      if (!cells.has(cellKey(q + dq, cr + dr))) continue;
      const [ax, ay] = corner(x, y, r, k);
      const [bx, by] = corner(x, y, r, k + 1);
      c.beginPath(); c.moveTo(ax, ay); c.lineTo(bx, by); c.stroke();
    }
  }
  const bevel = Math.max(2, r * 0.16);
  c.lineCap = "round";
  for (const [x, y, q, cr] of points) {
    for (let k = 0; k < 6; k++) {
      const [dq, dr] = EDGE_NEIGHBOUR[k];
      if (cells.has(cellKey(q + dq, cr + dr))) continue;
      const mid = (Math.PI / 180) * (-60 + 60 * k);
      const light = Math.cos(mid) * 0.55 + Math.sin(mid) * 0.85; // > 0 faces the bottom right
      const [ax, ay] = corner(x, y, r - bevel / 2, k);
      const [bx, by] = corner(x, y, r - bevel / 2, k + 1);
      c.strokeStyle = light > 0 ? `rgba(0,0,0,${0.18 + 0.25 * light})` : `rgba(255,255,255,${0.3 + 0.35 * -light})`;
      c.lineWidth = bevel;
      c.beginPath(); c.moveTo(ax, ay); c.lineTo(bx, by); c.stroke();
      const [ox, oy] = corner(x, y, r + 0.5, k);
      const [px, py] = corner(x, y, r + 0.5, k + 1);
      c.strokeStyle = outline || "rgba(0,0,0,0.55)";
      c.lineWidth = outline ? 3 : 1.2;
      c.beginPath(); c.moveTo(ox, oy); c.lineTo(px, py); c.stroke();
    }
  }
  c.restore();
  if (label !== null) {
    // the tile's number on its middle cell
    const [x, y] = label.at;
    const radius = Math.max(7, r * 0.5);
    c.save();
    c.globalAlpha = alpha;
    c.beginPath();
    c.arc(x, y, radius, 0, Math.PI * 2);
    c.fillStyle = "rgba(255,255,255,0.92)";
    c.fill();
    c.strokeStyle = shade.dark;
    c.lineWidth = 1.2;
    c.stroke();
    c.restore();
    fitText(c, String(label.text), { x: x - radius * 0.9, y: y - radius * 0.8, w: radius * 1.8, h: radius * 1.6 },
      { size: Math.round(radius * 1.1), weight: 700, colour: PALETTE.ink, minSize: 6 });
  }
}

/** The outline of each gem's cut, `r` its half size: a round ruby, a five-sided sapphire, a step-cut emerald and a
 * drop of amber, so that a gem is known by its shape as well as its colour.
 * @param {CanvasRenderingContext2D} c @param {string} name @param {number} r */
function gemOutline(c, name, r) {
  c.beginPath();
  if (name === "ruby") {
    for (let k = 0; k < 8; k++) {
      const angle = (Math.PI / 4) * k + Math.PI / 8;
      if (k === 0) c.moveTo(r * Math.cos(angle), r * Math.sin(angle)); else c.lineTo(r * Math.cos(angle), r * Math.sin(angle));
    }
  } else if (name === "emerald") {
    const w = r * 0.98; const h = r * 0.72; const cut = r * 0.3;
    c.moveTo(-w + cut, -h); c.lineTo(w - cut, -h); c.lineTo(w, -h + cut); c.lineTo(w, h - cut);
    c.lineTo(w - cut, h); c.lineTo(-w + cut, h); c.lineTo(-w, h - cut); c.lineTo(-w, -h + cut);
  } else if (name === "amber") {
    c.moveTo(0, -r);
    c.bezierCurveTo(r * 0.35, -r * 0.45, r * 0.8, -r * 0.05, r * 0.8, r * 0.3);
    c.arc(0, r * 0.3, r * 0.8, 0, Math.PI, false);
    c.bezierCurveTo(-r * 0.8, -r * 0.05, -r * 0.35, -r * 0.45, 0, -r);
  } else {
    const points = [[0, -r], [r * 0.95, -r * 0.3], [r * 0.6, r * 0.85], [-r * 0.6, r * 0.85], [-r * 0.95, -r * 0.3]];
    points.forEach(([px, py], index) => (index ? c.lineTo(px, py) : c.moveTo(px, py)));
  }
  c.closePath();
}

/** A gem of Ubongo (`name`: ruby, sapphire, emerald, amber), `size` across, in its colour and its own cut.
 * @param {CanvasRenderingContext2D} c @param {number} x @param {number} y @param {number} size @param {string} name */
export function drawGem(c, x, y, size, name) {
  const shade = PALETTE.colours[GEM_COLOUR[name]] || PALETTE.colours.red;
  const r = size / 2;
  c.save();
  c.translate(x, y);
  gemOutline(c, name, r);
  const body = c.createLinearGradient(-r, -r, r, r);
  body.addColorStop(0, "#ffffff");
  body.addColorStop(0.25, shade.fill);
  body.addColorStop(1, shade.dark);
  c.fillStyle = body;
  c.fill();
  c.strokeStyle = shade.dark;
  c.lineWidth = Math.max(1, size / 14);
  c.stroke();
  // the table: a flat facet, as the cut has it
  c.beginPath();
  if (name === "emerald") c.rect(-r * 0.5, -r * 0.32, r, r * 0.64);
  else if (name === "ruby") c.arc(0, 0, r * 0.45, 0, Math.PI * 2);
  else if (name === "amber") c.ellipse(-r * 0.2, r * 0.1, r * 0.22, r * 0.32, -0.4, 0, Math.PI * 2);
  else { c.moveTo(-r * 0.45, -r * 0.2); c.lineTo(0, -r * 0.55); c.lineTo(r * 0.45, -r * 0.2); c.lineTo(0, r * 0.35); c.closePath(); }
  c.fillStyle = "rgba(255, 255, 255, 0.32)";
  c.fill();
  c.restore();
}

/** The table under the card and the tray. @param {CanvasRenderingContext2D} c @param {number} width
 * @param {number} height */
export function drawBackground(c, width, height) {
  const g = c.createLinearGradient(0, 0, 0, height);
  g.addColorStop(0, "#efe2c4");
  g.addColorStop(1, "#e2cfa6");
  roundRect(c, 0, 0, width, height, 12);
  c.fillStyle = g;
  c.fill();
}

/** The orange puzzle card (`strip`: the width of its left strip, 0 for none).
 * @param {CanvasRenderingContext2D} c @param {{x: number, y: number, w: number, h: number}} box @param {number} strip */
export function drawCardFace(c, { x, y, w, h }, strip) {
  c.save();
  roundRect(c, x, y, w, h, 18);
  const g = c.createLinearGradient(x, y, x + w, y + h);
  g.addColorStop(0, "#f3a640");
  g.addColorStop(0.55, "#e5822a");
  g.addColorStop(1, "#c8641a");
  c.fillStyle = g;
  c.shadowColor = "rgba(60,30,0,0.35)";
  c.shadowBlur = 10;
  c.shadowOffsetY = 4;
  c.fill();
  c.shadowColor = "transparent";
  c.clip();
  c.strokeStyle = "rgba(255,255,255,0.07)";
  c.lineWidth = 14;
  for (let k = -h; k < w; k += 38) { c.beginPath(); c.moveTo(x + k, y + h); c.lineTo(x + k + h, y); c.stroke(); }
  if (strip) { c.fillStyle = "rgba(90,40,5,0.28)"; c.fillRect(x, y, strip, h); }
  c.restore();
  roundRect(c, x + 1, y + 1, w - 2, h - 2, 17);
  c.strokeStyle = "#8a4410";
  c.lineWidth = 2;
  c.stroke();
}

/** The card's white hexes. @param {CanvasRenderingContext2D} c @param {{R: number, ox: number, oy: number}} grid
 * @param {[number, number][]} board */
export function drawWhiteHexes(c, grid, board) {
  const R = grid.R;
  for (const [q, r] of board) {
    const { x, y } = hexCentre(grid, q, r);
    hexPath(c, x + 1.5, y + 2.5, R + 1);
    c.fillStyle = "rgba(80,30,0,0.35)";
    c.fill();
  }
  for (const [q, r] of board) {
    const { x, y } = hexCentre(grid, q, r);
    const g = c.createLinearGradient(x, y - R, x, y + R);
    g.addColorStop(0, "#ffffff");
    g.addColorStop(1, "#eef0f2");
    hexPath(c, x, y, R - 1);
    c.fillStyle = g;
    c.fill();
    c.strokeStyle = "#c9ccd1";
    c.lineWidth = 1;
    c.stroke();
  }
}

/** The sand timer: `fraction` of the sand still in the top bulb.
 * @param {CanvasRenderingContext2D} c @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {number} fraction @param {{second?: boolean, running?: boolean}} [options] */
export function drawHourglass(c, x, y, w, h, fraction, { second = false, running = false } = {}) {
  const f = Math.max(0, Math.min(1, fraction));
  c.save();
  const cap = Math.max(6, h * 0.09);
  const wood = c.createLinearGradient(x, 0, x + w, 0);
  wood.addColorStop(0, "#7a4a1f"); wood.addColorStop(0.5, "#b97c3d"); wood.addColorStop(1, "#6b3f18");
  const gx = x + w / 2;
  const top = y + cap;
  const bottom = y + h - cap;
  const mid = (top + bottom) / 2;
  const bw = w / 2 - 5;
  const glass = () => {
    c.beginPath();
    c.moveTo(gx - bw, top);
    c.bezierCurveTo(gx - bw, mid - (mid - top) * 0.35, gx - 3, mid - 6, gx - 3, mid);
    c.bezierCurveTo(gx - 3, mid + 6, gx - bw, mid + (bottom - mid) * 0.35, gx - bw, bottom);
    c.lineTo(gx + bw, bottom);
    c.bezierCurveTo(gx + bw, mid + (bottom - mid) * 0.35, gx + 3, mid + 6, gx + 3, mid);
    c.bezierCurveTo(gx + 3, mid - 6, gx + bw, mid - (mid - top) * 0.35, gx + bw, top);
    c.closePath();
  };
  glass();
  c.fillStyle = "rgba(225, 240, 255, 0.55)";
  c.fill();
  c.save();
  glass();
  c.clip();
  const sand = second ? "#e3a33c" : "#e9c46a";
  const sandDark = second ? "#b06d12" : "#c99a33";
  const grain = c.createLinearGradient(gx - bw, 0, gx + bw, 0);
  grain.addColorStop(0, sandDark); grain.addColorStop(0.5, sand); grain.addColorStop(1, sandDark);
  c.fillStyle = grain;
  const level = mid - (mid - top) * Math.sqrt(f) * 0.92;
  c.fillRect(x, level, w, mid - level);
  const heap = (bottom - mid) * 0.92 * (1 - f);
  if (heap > 0.5) {
    c.beginPath();
    c.moveTo(x, bottom);
    c.lineTo(x, bottom - heap * 0.55);
    c.quadraticCurveTo(gx, bottom - heap * 1.35, x + w, bottom - heap * 0.55);
    c.lineTo(x + w, bottom);
    c.closePath();
    c.fill();
  }
  if (running && f > 0 && f < 1) c.fillRect(gx - 1, mid - 2, 2, bottom - mid);
  c.restore();
  glass();
  c.strokeStyle = "rgba(70, 90, 110, 0.8)";
  c.lineWidth = 1.5;
  c.stroke();
  c.fillStyle = wood;
  roundRect(c, x, y, w, cap, 3); c.fill();
  roundRect(c, x, y + h - cap, w, cap, 3); c.fill();
  c.fillRect(x + 2, y + cap, 3, h - 2 * cap);
  c.fillRect(x + w - 5, y + cap, 3, h - 2 * cap);
  c.restore();
}

/** Puzzle mode's stopwatch, its hand at `ms`. @param {CanvasRenderingContext2D} c @param {number} x @param {number} y
 * @param {number} r @param {number} ms */
export function drawStopwatch(c, x, y, r, ms) {
  c.save();
  c.beginPath(); c.arc(x, y, r, 0, Math.PI * 2);
  const face = c.createRadialGradient(x - r / 3, y - r / 3, 2, x, y, r + 2);
  face.addColorStop(0, "#ffffff"); face.addColorStop(1, "#d9dde3");
  c.fillStyle = face; c.fill();
  c.strokeStyle = PALETTE.muted; c.lineWidth = 3; c.stroke();
  c.fillStyle = PALETTE.muted; c.fillRect(x - 5, y - r - 9, 10, 7);
  const angle = (((ms / 1000) % 60) / 60) * Math.PI * 2 - Math.PI / 2;
  c.strokeStyle = PALETTE.danger; c.lineWidth = 2;
  c.beginPath(); c.moveTo(x, y); c.lineTo(x + r * 0.8 * Math.cos(angle), y + r * 0.8 * Math.sin(angle)); c.stroke();
  c.restore();
}
