// @ts-check
// Up Combine's art: a tile face up (its symbol on an ivory face, its colour's initial), face down, its edge in a
// stack, a stack of them, a bag of the pile and the felt. Each takes the `look` of the table (lookOf): the colour
// of each colour letter, its initial in the reader's language and the shape of each symbol letter.
import { fitText, panel, PALETTE, roundRect } from "../kit.js";
import { BASE_Y, CELL_W, EDGE, FACE_H, TILE_W } from "./layout.js";

/** @typedef {import("./layout.js").Box} Box */
/** @typedef {import("./layout.js").Cell} Cell */
/** @typedef {{fill: string, dark: string, ink: string, light: string}} Shade */
/**
 * How a table's tiles look: `tone` the shades of a colour letter, `initial` its letter in the reader's language,
 * `shape` the shape a symbol letter stands for (circle, square, triangle, diamond, star).
 * @typedef {{tone: (colour: string) => Shade, initial: (colour: string) => string, shape: (symbol: string) => string}} Look
 */
/** @typedef {{colour: string, symbol: string}} Piece */

/** A colour between `hex` and white (`k` = 1 is white). @param {string} hex @param {number} k */
function lighter(hex, k) {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift) => Math.round(((value >> shift) & 255) + (255 - ((value >> shift) & 255)) * k);
  return `rgb(${channel(16)}, ${channel(8)}, ${channel(0)})`;
}

/** The look of a view's tiles, worded by `t`.
 * @param {Record<string, any>} view @param {(key: string) => string} t @returns {Look} */
export function lookOf(view, t) {
  return {
    tone(colour) {
      const shade = PALETTE.colours[view.colour_names[colour]] || { fill: "#888888", dark: "#444444", ink: "#ffffff" };
      return { ...shade, light: lighter(shade.fill, 0.45) };
    },
    initial: (colour) => t(`upcombine.initial.${colour}`),
    shape: (symbol) => view.symbol_names[symbol],
  };
}

/** The path of a symbol's shape, centred on (x, y), `r` its radius. */
function symbolPath(c, shape, x, y, r) {
  c.beginPath();
  if (shape === "circle") {
    c.arc(x, y, r * 0.82, 0, Math.PI * 2);
  } else if (shape === "square") {
    const h = r * 0.72;
    c.rect(x - h, y - h, 2 * h, 2 * h);
  } else if (shape === "triangle") {
    c.moveTo(x, y - r * 0.95);
    c.lineTo(x + r * 0.95, y + r * 0.72);
    c.lineTo(x - r * 0.95, y + r * 0.72);
    c.closePath();
  } else if (shape === "diamond") {
    c.moveTo(x, y - r);
    c.lineTo(x + r * 0.72, y);
    c.lineTo(x, y + r);
    c.lineTo(x - r * 0.72, y);
    c.closePath();
  } else {
    for (let i = 0; i < 10; i++) {
      const angle = -Math.PI / 2 + (i * Math.PI) / 5;
      const radius = i % 2 === 0 ? r : r * 0.43;
      const px = x + Math.cos(angle) * radius;
      const py = y + Math.sin(angle) * radius + r * 0.06;
      if (i === 0) c.moveTo(px, py); else c.lineTo(px, py);
    }
    c.closePath();
  }
}

function drawSymbol(c, look, symbol, colour, x, y, r) {
  const shade = look.tone(colour);
  symbolPath(c, look.shape(symbol), x, y, r);
  const fill = c.createLinearGradient(x, y - r, x, y + r);
  fill.addColorStop(0, shade.light);
  fill.addColorStop(0.35, shade.fill);
  fill.addColorStop(1, shade.dark);
  c.fillStyle = fill;
  c.fill();
  c.lineJoin = "round";
  c.strokeStyle = "#1d1a16";
  c.lineWidth = Math.max(1.2, r * 0.12);
  c.stroke();
}

/** The front edge of a tile (its thickness), in the tile's colour. */
export function drawEdge(c, look, colour, x, y, w, h) {
  const shade = look.tone(colour);
  const body = c.createLinearGradient(x, y, x, y + h);
  body.addColorStop(0, shade.fill);
  body.addColorStop(1, shade.dark);
  roundRect(c, x, y, w, h, Math.min(3, h / 2));
  c.fillStyle = body;
  c.fill();
  c.strokeStyle = "rgba(0,0,0,0.45)";
  c.lineWidth = 0.8;
  c.stroke();
  c.fillStyle = "rgba(255,255,255,0.22)";
  c.fillRect(x + 3, y + 1, w - 6, 1);
}

/** A tile face up: a coloured body with an ivory face showing the symbol, and the colour's initial. */
export function drawFace(c, look, piece, x, y, w, h, { glow = null } = {}) {
  const shade = look.tone(piece.colour);
  c.save();
  c.shadowColor = glow || "rgba(0,0,0,0.35)";
  c.shadowBlur = glow ? 16 : 5;
  c.shadowOffsetY = glow ? 0 : 2;
  const body = c.createLinearGradient(x, y, x + w, y + h);
  body.addColorStop(0, shade.light);
  body.addColorStop(0.3, shade.fill);
  body.addColorStop(1, shade.dark);
  roundRect(c, x, y, w, h, 7);
  c.fillStyle = body;
  c.fill();
  c.restore();
  roundRect(c, x, y, w, h, 7);
  c.strokeStyle = "rgba(0,0,0,0.5)";
  c.lineWidth = 1;
  c.stroke();
  const inset = Math.max(4, w * 0.09);
  const face = c.createLinearGradient(x, y, x, y + h);
  face.addColorStop(0, "#fffdf6");
  face.addColorStop(1, "#ece4d2");
  roundRect(c, x + inset, y + inset, w - 2 * inset, h - 2 * inset, 5);
  c.fillStyle = face;
  c.fill();
  const r = Math.min(w, h) / 2 - inset - 4;
  drawSymbol(c, look, piece.symbol, piece.colour, x + w / 2 + 2, y + h / 2 + 1, r * 0.86);
  // the colour's initial, so colour is never the only cue
  fitText(c, look.initial(piece.colour), { x: x + inset + 1, y: y + inset, w: w * 0.34, h: h * 0.26 },
    { size: Math.max(6, h * 0.2), weight: 700, colour: shade.dark, align: "left", minSize: 5 });
}

/** A tile face down: only its colour shows (with the colour's initial embossed). */
export function drawBack(c, look, colour, x, y, w, h, { letter = true } = {}) {
  const shade = look.tone(colour);
  c.save();
  c.shadowColor = "rgba(0,0,0,0.3)";
  c.shadowBlur = 3;
  c.shadowOffsetY = 1;
  const body = c.createLinearGradient(x, y, x + w, y + h);
  body.addColorStop(0, shade.light);
  body.addColorStop(0.35, shade.fill);
  body.addColorStop(1, shade.dark);
  roundRect(c, x, y, w, h, Math.min(6, w / 4));
  c.fillStyle = body;
  c.fill();
  c.restore();
  roundRect(c, x, y, w, h, Math.min(6, w / 4));
  c.strokeStyle = "rgba(0,0,0,0.5)";
  c.lineWidth = 1;
  c.stroke();
  c.save(); // fine diagonal lines: the back of a tile
  roundRect(c, x + 2, y + 2, w - 4, h - 4, Math.min(4, w / 5));
  c.clip();
  c.strokeStyle = "rgba(255,255,255,0.16)";
  c.lineWidth = 1;
  for (let d = -h; d < w; d += 5) {
    c.beginPath();
    c.moveTo(x + d, y + h);
    c.lineTo(x + d + h, y);
    c.stroke();
  }
  c.restore();
  if (letter) {
    fitText(c, look.initial(colour), { x: x + 1, y: y + 1, w: w - 2, h: h - 2 },
      { size: Math.max(6, Math.min(w, h) * 0.5), weight: 700, colour: "rgba(255,255,255,0.92)", minSize: 5 });
  }
}

/** A cloth bag of one colour, for the pile. */
export function drawBag(c, look, colour, x, y, size, { empty = false } = {}) {
  const shade = look.tone(colour);
  const w = size;
  const h = size;
  c.save();
  if (empty) c.globalAlpha = 0.35;
  c.beginPath();
  c.moveTo(x + w * 0.32, y + h * 0.26);
  c.bezierCurveTo(x - w * 0.05, y + h * 0.45, x - w * 0.02, y + h, x + w * 0.5, y + h);
  c.bezierCurveTo(x + w * 1.02, y + h, x + w * 1.05, y + h * 0.45, x + w * 0.68, y + h * 0.26);
  c.closePath();
  const cloth = c.createRadialGradient(x + w * 0.38, y + h * 0.5, 2, x + w * 0.5, y + h * 0.65, w * 0.62);
  cloth.addColorStop(0, shade.light);
  cloth.addColorStop(0.5, shade.fill);
  cloth.addColorStop(1, shade.dark);
  c.fillStyle = cloth;
  c.shadowColor = "rgba(0,0,0,0.3)";
  c.shadowBlur = 4;
  c.shadowOffsetY = 2;
  c.fill();
  c.shadowColor = "transparent";
  c.strokeStyle = "rgba(0,0,0,0.5)";
  c.lineWidth = 1;
  c.stroke();
  c.beginPath(); // the gathered neck and the cord
  c.moveTo(x + w * 0.3, y + h * 0.06);
  c.lineTo(x + w * 0.4, y + h * 0.24);
  c.lineTo(x + w * 0.6, y + h * 0.24);
  c.lineTo(x + w * 0.7, y + h * 0.06);
  c.closePath();
  c.fillStyle = shade.fill;
  c.fill();
  c.stroke();
  c.strokeStyle = "#e9d9a8";
  c.lineWidth = 2;
  c.beginPath();
  c.moveTo(x + w * 0.34, y + h * 0.25);
  c.lineTo(x + w * 0.66, y + h * 0.25);
  c.stroke();
  fitText(c, look.initial(colour), { x: x + w * 0.2, y: y + h * 0.4, w: w * 0.6, h: h * 0.46 },
    { size: size * 0.34, weight: 700, colour: "#ffffff", minSize: 5 });
  c.restore();
}

/** The felt, and the tray of the hand at the bottom. @param {CanvasRenderingContext2D} c
 * @param {import("./layout.js").Geometry} geometry */
export function drawFelt(c, geometry) {
  const { width, height, hand } = geometry;
  c.clearRect(0, 0, width, height);
  const felt = c.createRadialGradient(width / 2, height * 0.42, 60, width / 2, height * 0.42, width * 0.75);
  felt.addColorStop(0, "#2f7a58");
  felt.addColorStop(1, "#1b4d37");
  roundRect(c, 0, 0, width, height, 14);
  c.fillStyle = felt;
  c.fill();
  c.save();
  roundRect(c, 0, 0, width, height, 14);
  c.clip();
  c.fillStyle = "rgba(255,255,255,0.025)";
  for (let y = 0; y < height; y += 4) c.fillRect(0, y, width, 1);
  c.restore();
  const tray = c.createLinearGradient(0, hand.y, 0, hand.y + hand.h);
  tray.addColorStop(0, "#8a5a32");
  tray.addColorStop(1, "#5e3a1c");
  roundRect(c, hand.x, hand.y, hand.w, hand.h, 12);
  c.fillStyle = tray;
  c.fill();
  c.strokeStyle = "#3b230f";
  c.lineWidth = 2;
  c.stroke();
}

/** The shadow a stack casts on the felt, under its cell. @param {CanvasRenderingContext2D} c @param {Cell} cell */
export function drawStackShadow(c, cell) {
  c.save();
  c.translate(cell.x, cell.y);
  c.scale(cell.s, cell.s);
  c.beginPath();
  c.ellipse(CELL_W / 2, BASE_Y + 2, TILE_W / 2 + 4, 5, 0, 0, Math.PI * 2);
  c.fillStyle = "rgba(0,0,0,0.28)";
  c.fill();
  c.restore();
}

/** A tile in a stack, its edge's top left at (x, y), at the stack's scale `s`: its edge, and its face above it when it
 * is the top one (`top`), ringed by `glow` down to the stack's foot (`depth` tiles: its level + 1); `alpha` fades it.
 * @param {CanvasRenderingContext2D} c @param {Look} look @param {Piece} piece @param {number} x @param {number} y
 * @param {number} s @param {{top?: boolean, depth?: number, glow?: string | null, alpha?: number}} [options] */
export function drawStackedTile(c, look, piece, x, y, s, { top = false, depth = 1, glow = null, alpha = 1 } = {}) {
  c.save();
  c.translate(x, y);
  c.scale(s, s);
  c.globalAlpha *= alpha;
  drawEdge(c, look, piece.colour, 0, 0, TILE_W, EDGE);
  if (top) {
    drawFace(c, look, piece, 0, -FACE_H, TILE_W, FACE_H, { glow });
    if (glow) {
      roundRect(c, -4, -FACE_H - 4, TILE_W + 8, FACE_H + depth * EDGE + 8, 9);
      c.strokeStyle = glow;
      c.lineWidth = 3;
      c.stroke();
    }
  }
  c.restore();
}

/** The card of an overlay (a round's summary, the pass-the-device screen). */
export function overlayCard(c, box) {
  panel(c, box, { fill: "#fbf7ee", edge: "#c9b48a", radius: 16, shadow: true });
}
