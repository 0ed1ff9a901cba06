// @ts-check
// The art of Upples: the cards (classic, super and golden upples, the multicolour, rocks, bombs, tunnels, the
// card back) and the komupple tokens, painted on a 2D context in board units. Every colour has a second cue, for
// a reader who does not see it (docs/rules/upples.md "On the board"): a white or red upple has its initial in the
// corner and round grey or diamond red spots, a super upple its points, the golden one a star, the multicolour
// stripes; a komupple's ring carries its player's initial and, in a team game, its team's mark, its body a shy
// smile or angry brows, and its hair soft curls (white) or flames (red).
import { fitText, font, PALETTE, roundRect } from "../kit.js";

/** @typedef {CanvasRenderingContext2D} Context */
/** @typedef {{white: string, red: string}} Initials  the reader's letters for white and red (upples.initial.*) */

export const PLAYER = {
  blue: { fill: PALETTE.colours.blue.fill, light: "#7fb0ff", dark: "#1a3f86", ink: "#ffffff" },
  pink: { fill: "#e0529c", light: "#ff9fcf", dark: "#8e2260", ink: "#ffffff" },
  green: { fill: PALETTE.colours.green.fill, light: "#7fdca2", dark: "#17603a", ink: "#ffffff" },
  yellow: { fill: "#f0bf1f", light: "#ffe37a", dark: "#9a7405", ink: "#3d2c00" },
};
export const UPPLE = {
  white: { light: "#ffffff", mid: "#f1f0ea", dark: "#c9c7bd", line: "#8d8a7d" },
  red: { light: "#ff7a66", mid: "#e23b2e", dark: "#9c1b14", line: "#5e0d09" },
  gold: { light: "#fff6b8", mid: "#f3c21b", dark: "#b07d00", line: "#6b4a00" },
};
const SPOT = { g: { fill: "#8f949b", edge: "#ffffff" }, r: { fill: "#d0142a", edge: "#ffffff" } };
/** The art of each card code (deck.py's codes): what to draw, and the catalogue word of its description. */
export const CARDS = {
  wg: { kind: "classic", colour: "white", spots: "g" },
  wr: { kind: "classic", colour: "white", spots: "r" },
  rg: { kind: "classic", colour: "red", spots: "g" },
  rr: { kind: "classic", colour: "red", spots: "r" },
  w1: { kind: "super", colour: "white", points: 1 },
  w2: { kind: "super", colour: "white", points: 2 },
  w3: { kind: "super", colour: "white", points: 3 },
  w4: { kind: "super", colour: "white", points: 4 },
  r1: { kind: "super", colour: "red", points: 1 },
  r2: { kind: "super", colour: "red", points: 2 },
  r3: { kind: "super", colour: "red", points: 3 },
  r4: { kind: "super", colour: "red", points: 4 },
  g5: { kind: "super", colour: "gold", points: 5 },
  multi: { kind: "multi" },
  rock: { kind: "rock" },
  bomb: { kind: "bomb" },
  tunnel: { kind: "tunnel" },
};
export const ABOUT = { classic: (code) => `upples.about.${code}`, multi: () => "upples.about.multi", rock: () => "upples.about.rock",
  bomb: () => "upples.about.bomb", tunnel: () => "upples.about.tunnel" };
export const SUPER_ABOUT = { white: "upples.about.super_white", red: "upples.about.super_red", gold: "upples.about.golden" };

/** One glyph or number in a small box (a card's corner, a badge, a token's ring), fitted like all text.
 * @param {Context} c @param {string} text @param {{x: number, y: number, w: number, h: number}} box @param {number} size
 * @param {string} colour @param {number} [weight] */
export function glyph(c, text, box, size, colour, weight = 700) {
  fitText(c, text, box, { size, weight, colour, minSize: Math.min(size, 4) });
}

// ---------------------------------------------------------------- drawing the cards

function upplePath(c, x, y, s) {
  const h = s / 2;
  c.beginPath();
  c.moveTo(x - h * 0.2, y - h * 0.86);
  c.quadraticCurveTo(x, y - h * 0.7, x + h * 0.2, y - h * 0.86);
  c.bezierCurveTo(x + h * 0.95, y - h * 1.02, x + h * 1.02, y - h * 0.7, x + h, y - h * 0.1);
  c.bezierCurveTo(x + h * 1.02, y + h * 0.75, x + h * 0.8, y + h * 0.98, x + h * 0.3, y + h * 0.96);
  c.quadraticCurveTo(x, y + h * 0.86, x - h * 0.3, y + h * 0.96);
  c.bezierCurveTo(x - h * 0.8, y + h * 0.98, x - h * 1.02, y + h * 0.75, x - h, y - h * 0.1);
  c.bezierCurveTo(x - h * 1.02, y - h * 0.7, x - h * 0.95, y - h * 1.02, x - h * 0.2, y - h * 0.86);
  c.closePath();
}

function drawStemAndLeaf(c, x, y, s) {
  const h = s / 2;
  c.strokeStyle = "#6b4423";
  c.lineWidth = Math.max(2, s * 0.07);
  c.lineCap = "round";
  c.beginPath();
  c.moveTo(x, y - h * 0.8);
  c.quadraticCurveTo(x + h * 0.05, y - h * 1.1, x + h * 0.16, y - h * 1.22);
  c.stroke();
  c.beginPath();
  c.moveTo(x + h * 0.08, y - h * 1.02);
  c.bezierCurveTo(x + h * 0.3, y - h * 1.45, x + h * 0.85, y - h * 1.3, x + h * 0.82, y - h * 1.1);
  c.bezierCurveTo(x + h * 0.6, y - h * 0.88, x + h * 0.25, y - h * 0.92, x + h * 0.08, y - h * 1.02);
  const leaf = c.createLinearGradient(x, y - h * 1.4, x + h, y - h * 0.9);
  leaf.addColorStop(0, "#7fd35a");
  leaf.addColorStop(1, "#2f8a2a");
  c.fillStyle = leaf;
  c.fill();
  c.strokeStyle = "#1f5c1c";
  c.lineWidth = 1;
  c.stroke();
}

/** An upple of `colour` (white, red, gold) centred at (x, y), `s` across: with spots (g: round grey, r: diamond red)
 * or the multicolour's stripes. @param {Context} c @param {number} x @param {number} y @param {number} s
 * @param {string} colour @param {{spots?: "g" | "r" | null, stripes?: boolean}} [marks] */
export function drawUpple(c, x, y, s, colour, { spots = null, stripes = false } = {}) {
  const palette = UPPLE[colour] || UPPLE.white;
  c.save();
  c.shadowColor = "rgba(0,0,0,0.28)";
  c.shadowBlur = s * 0.12;
  c.shadowOffsetY = s * 0.05;
  upplePath(c, x, y, s);
  const body = c.createRadialGradient(x - s * 0.18, y - s * 0.2, s * 0.05, x, y, s * 0.7);
  body.addColorStop(0, palette.light);
  body.addColorStop(0.45, palette.mid);
  body.addColorStop(1, palette.dark);
  c.fillStyle = body;
  c.fill();
  c.restore();
  if (stripes) {
    c.save();
    upplePath(c, x, y, s);
    c.clip();
    const bands = ["#e63b2e", "#f39a1e", "#f5d327", "#4cb848", "#2f7fd6", "#8a4fc8"];
    const w = s / bands.length;
    bands.forEach((band, i) => {
      c.fillStyle = band;
      c.fillRect(x - s / 2 + i * w, y - s / 2 - 2, w + 0.5, s + 4);
    });
    const gloss = c.createRadialGradient(x - s * 0.18, y - s * 0.22, 1, x, y, s * 0.7);
    gloss.addColorStop(0, "rgba(255,255,255,0.55)");
    gloss.addColorStop(0.5, "rgba(255,255,255,0)");
    gloss.addColorStop(1, "rgba(0,0,0,0.25)");
    c.fillStyle = gloss;
    c.fillRect(x - s, y - s, s * 2, s * 2);
    c.restore();
  }
  upplePath(c, x, y, s);
  c.strokeStyle = stripes ? "#3b2a5c" : palette.line;
  c.lineWidth = 1.3;
  c.stroke();
  if (spots) {
    const spot = SPOT[spots];
    const places = [[-0.25, -0.22, 0.1], [0.22, -0.3, 0.075], [0.28, 0.12, 0.1], [-0.12, 0.28, 0.085],
      [-0.33, 0.08, 0.065], [0.05, 0.0, 0.07]];
    for (const [dx, dy, r] of places) {
      c.beginPath();
      if (spots === "r") { // red spots are little diamonds, grey spots round dots: shape as well as colour
        const rr = r * s * 1.25;
        c.moveTo(x + dx * s, y + dy * s - rr);
        c.lineTo(x + dx * s + rr * 0.8, y + dy * s);
        c.lineTo(x + dx * s, y + dy * s + rr);
        c.lineTo(x + dx * s - rr * 0.8, y + dy * s);
        c.closePath();
      } else {
        c.arc(x + dx * s, y + dy * s, r * s, 0, Math.PI * 2);
      }
      c.fillStyle = spot.fill;
      c.fill();
      c.strokeStyle = colour === "red" ? "rgba(255,230,225,0.9)" : "rgba(70,70,70,0.5)";
      c.lineWidth = 1;
      c.stroke();
    }
  }
  // a highlight
  c.beginPath();
  c.ellipse(x - s * 0.22, y - s * 0.26, s * 0.12, s * 0.06, -0.6, 0, Math.PI * 2);
  c.fillStyle = "rgba(255,255,255,0.7)";
  c.fill();
  drawStemAndLeaf(c, x, y, s);
}

function cardBase(c, x, y, w, h, top, bottom, edge) {
  c.save();
  c.shadowColor = "rgba(0,0,0,0.35)";
  c.shadowBlur = 5;
  c.shadowOffsetY = 2;
  roundRect(c, x, y, w, h, w * 0.12);
  const fill = c.createLinearGradient(x, y, x + w * 0.4, y + h);
  fill.addColorStop(0, top);
  fill.addColorStop(1, bottom);
  c.fillStyle = fill;
  c.fill();
  c.restore();
  roundRect(c, x + 0.5, y + 0.5, w - 1, h - 1, w * 0.12);
  c.strokeStyle = edge;
  c.lineWidth = 1.2;
  c.stroke();
  roundRect(c, x + 3, y + 3, w - 6, h - 6, w * 0.09);
  c.strokeStyle = "rgba(255,255,255,0.55)";
  c.lineWidth = 1;
  c.stroke();
}


function cornerLabel(c, x, y, w, text, dark = "#3a3326") {
  glyph(c, text, { x: x + w * 0.05, y: y + w * 0.03, w: w * 0.27, h: w * 0.25 }, w * 0.21, dark);
}

function valueBadge(c, x, y, w, points, gold) {
  const r = w * 0.17;
  const bx = x + w - r - w * 0.06;
  const by = y + w - r - w * 0.06;
  c.beginPath();
  c.arc(bx, by, r, 0, Math.PI * 2);
  c.fillStyle = gold ? "#7a4b00" : "#3b2a12";
  c.fill();
  c.strokeStyle = "#fff5c2";
  c.lineWidth = 1.5;
  c.stroke();
  glyph(c, String(points), { x: bx - r, y: by - r, w: 2 * r, h: 2 * r }, r * 1.35, "#fff8d6");
}

function drawRock(c, x, y, s) {
  c.save();
  c.shadowColor = "rgba(0,0,0,0.35)";
  c.shadowBlur = 4;
  c.shadowOffsetY = 2;
  c.beginPath();
  const points = [[-0.5, 0.3], [-0.38, -0.15], [-0.12, -0.42], [0.2, -0.38], [0.46, -0.08], [0.5, 0.32], [0.1, 0.42], [-0.3, 0.42]];
  points.forEach(([dx, dy], i) => (i ? c.lineTo(x + dx * s, y + dy * s) : c.moveTo(x + dx * s, y + dy * s)));
  c.closePath();
  const stone = c.createLinearGradient(x - s / 2, y - s / 2, x + s / 2, y + s / 2);
  stone.addColorStop(0, "#b9bcc0");
  stone.addColorStop(0.5, "#878b90");
  stone.addColorStop(1, "#55595e");
  c.fillStyle = stone;
  c.fill();
  c.restore();
  c.strokeStyle = "#34373b";
  c.lineWidth = 1.4;
  c.stroke();
  c.beginPath();
  c.moveTo(x - 0.1 * s, y - 0.38 * s);
  c.lineTo(x - 0.02 * s, y - 0.05 * s);
  c.lineTo(x + 0.2 * s, y + 0.08 * s);
  c.moveTo(x - 0.02 * s, y - 0.05 * s);
  c.lineTo(x - 0.2 * s, y + 0.2 * s);
  c.strokeStyle = "rgba(40,40,40,0.6)";
  c.lineWidth = 1.2;
  c.stroke();
}

function drawBomb(c, x, y, s) {
  drawUpple(c, x, y + s * 0.06, s * 0.86, "white");
  upplePath(c, x, y + s * 0.06, s * 0.86);
  const body = c.createRadialGradient(x - s * 0.15, y - s * 0.12, 1, x, y, s * 0.6);
  body.addColorStop(0, "#6a6d73");
  body.addColorStop(0.4, "#2b2d31");
  body.addColorStop(1, "#0c0d0f");
  c.fillStyle = body;
  c.fill();
  c.strokeStyle = "#000";
  c.lineWidth = 1.2;
  c.stroke();
  // fuse and spark
  c.strokeStyle = "#c9a36a";
  c.lineWidth = 2.2;
  c.beginPath();
  c.moveTo(x - s * 0.05, y - s * 0.32);
  c.quadraticCurveTo(x - s * 0.2, y - s * 0.52, x - s * 0.34, y - s * 0.46);
  c.stroke();
  const sx = x - s * 0.36;
  const sy = y - s * 0.47;
  c.fillStyle = "#ffd23f";
  c.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? s * 0.05 : s * 0.12;
    const a = (i / 10) * Math.PI * 2;
    c.lineTo(sx + Math.cos(a) * r, sy + Math.sin(a) * r);
  }
  c.closePath();
  c.fill();
  c.fillStyle = "#ff6a1a";
  c.beginPath();
  c.arc(sx, sy, s * 0.04, 0, Math.PI * 2);
  c.fill();
  c.beginPath();
  c.ellipse(x - s * 0.18, y - s * 0.08, s * 0.09, s * 0.05, -0.6, 0, Math.PI * 2);
  c.fillStyle = "rgba(255,255,255,0.35)";
  c.fill();
}

function drawTunnel(c, x, y, s) {
  for (let i = 0; i < 4; i++) {
    const k = 1 - i * 0.22;
    c.beginPath();
    c.ellipse(x, y + s * 0.04 * i, s * 0.44 * k, s * 0.34 * k, 0, 0, Math.PI * 2);
    const shade = 90 - i * 22;
    c.fillStyle = `rgb(${shade + 20}, ${Math.round(shade * 0.7)}, ${Math.round(shade * 0.45)})`;
    c.fill();
  }
  c.beginPath();
  c.ellipse(x, y + s * 0.14, s * 0.14, s * 0.1, 0, 0, Math.PI * 2);
  c.fillStyle = "#0b0604";
  c.fill();
  c.strokeStyle = "rgba(255,220,170,0.35)";
  c.lineWidth = 1;
  c.beginPath();
  c.ellipse(x, y, s * 0.44, s * 0.34, 0, Math.PI * 1.05, Math.PI * 1.95);
  c.stroke();
}

/** One card, face up, with its top-left corner at (x, y) and width w. `initials` are the reader's letters for
 * white and red (the catalogue's upples.initial.white / .red), a second cue besides the colour.
 * @param {Context} c @param {string | null} code @param {number} x @param {number} y @param {number} w
 * @param {Initials} initials */
export function drawCard(c, code, x, y, w, initials) {
  const info = CARDS[code] || { kind: "unknown" };
  const cx = x + w / 2;
  const cy = y + w / 2;
  if (info.kind === "classic") {
    cardBase(c, x, y, w, w, "#f4f9ea", "#d6e9bd", "#8aa66a");
    drawUpple(c, cx, cy + w * 0.06, w * 0.56, info.colour, { spots: info.spots });
    cornerLabel(c, x, y, w, initials[info.colour], "#4a5a33");
  } else if (info.kind === "super") {
    const gold = info.colour === "gold";
    if (gold) cardBase(c, x, y, w, w, "#fff2a8", "#e0a100", "#8a5f00");
    else cardBase(c, x, y, w, w, "#fff59a", "#f7c928", "#b38a00");
    if (gold) {
      // rays behind the golden upple
      c.save();
      c.translate(cx, cy);
      c.fillStyle = "rgba(255,255,255,0.35)";
      for (let i = 0; i < 12; i++) {
        c.rotate(Math.PI / 6);
        c.beginPath();
        c.moveTo(0, 0);
        c.lineTo(w * 0.5, -w * 0.06);
        c.lineTo(w * 0.5, w * 0.06);
        c.fill();
      }
      c.restore();
    }
    drawUpple(c, cx - w * 0.05, cy + w * 0.02, w * 0.5, info.colour);
    cornerLabel(c, x, y, w, gold ? "★" : initials[info.colour], "#6a4a00");
    valueBadge(c, x, y, w, info.points, gold);
  } else if (info.kind === "multi") {
    cardBase(c, x, y, w, w, "#ffffff", "#e4e6f2", "#7a7f9e");
    drawUpple(c, cx, cy + w * 0.06, w * 0.56, "white", { stripes: true });
  } else if (info.kind === "rock") {
    cardBase(c, x, y, w, w, "#d9d3c4", "#a99f88", "#6d6552");
    drawRock(c, cx, cy + w * 0.06, w * 0.62);
  } else if (info.kind === "bomb") {
    cardBase(c, x, y, w, w, "#fde7d6", "#f3b98f", "#a0603a");
    drawBomb(c, cx, cy + w * 0.04, w * 0.56);
  } else if (info.kind === "tunnel") {
    cardBase(c, x, y, w, w, "#c99a66", "#8a5b2f", "#5a3714");
    drawTunnel(c, cx, cy, w * 0.9);
  }
}

/** A small card of the side panel: a super upple as its value, big, on a badge of its colour and shape (white: a
 * disc, red: a diamond, golden: a burst; `points`: another number on it, the points of several cards of that
 * colour). @param {Context} c @param {string} code @param {number} x @param {number} y @param {number} w
 * @param {Initials} initials @param {number | null} [points] */
export function miniCard(c, code, x, y, w, initials, points = null) {
  const info = CARDS[code] || { kind: "unknown" };
  if (info.kind !== "super" || (w >= 40 && points === null)) { drawCard(c, code, x, y, w, initials); return; }
  const gold = info.colour === "gold";
  cardBase(c, x, y, w, w, gold ? "#fff2a8" : "#fff59a", gold ? "#e0a100" : "#f7c928", "#8a5f00");
  const r = w * 0.34;
  const cx = x + w / 2;
  const cy = y + w * 0.56;
  c.beginPath();
  if (info.colour === "red") { // red: a diamond, as red spots are; white: a round disc; gold: a burst
    c.moveTo(cx, cy - r * 1.3);
    c.lineTo(cx + r * 1.3, cy);
    c.lineTo(cx, cy + r * 1.3);
    c.lineTo(cx - r * 1.3, cy);
    c.closePath();
  } else if (gold) {
    for (let i = 0; i < 20; i++) {
      const a = (i / 20) * Math.PI * 2;
      const reach = i % 2 ? r * 1.02 : r * 1.3;
      c.lineTo(cx + Math.cos(a) * reach, cy + Math.sin(a) * reach);
    }
    c.closePath();
  } else {
    c.arc(cx, cy, r, 0, Math.PI * 2);
  }
  c.fillStyle = gold ? "#b07d00" : info.colour === "red" ? "#d8352a" : "#ffffff";
  c.fill();
  c.strokeStyle = "rgba(0,0,0,0.45)";
  c.lineWidth = 1;
  c.stroke();
  glyph(c, String(points ?? info.points), { x: cx - r, y: cy - r, w: 2 * r, h: 2 * r }, w * 0.46,
    info.colour === "white" ? "#3b2a12" : "#ffffff");
}

/** How many cards a small card stands for: "×n" beside it, on its right. Returns its width. */
function countWidth(c, n, w) {
  c.save();
  c.font = font(Math.max(10, w * 0.55), 700);
  const width = c.measureText(`×${n}`).width + 2;
  c.restore();
  return width;
}

/** The cards a player kept, readable however many there are (issue 22: about ten overlapped into a strip): one
 * card per kind with "×n" beside it; where the kinds do not fit side by side in `room`, one card per colour, showing
 * the points of that colour's cards, with "×n" (a hover or a long press on the panel lists every kind).
 * @param {Context} c @param {string[]} kept @param {number} x @param {number} y @param {number} w @param {number} room
 * @param {Initials} initials */
export function drawKept(c, kept, x, y, w, room, initials) {
  const group = (keyOf) => {
    const groups = new Map();
    for (const code of kept) {
      const key = keyOf(code);
      if (!groups.has(key)) groups.set(key, { code, n: 0, points: 0 });
      const found = groups.get(key);
      found.n += 1;
      found.points += (CARDS[code] || {}).points || 0;
      if (((CARDS[code] || {}).points || 0) > ((CARDS[found.code] || {}).points || 0)) found.code = code;
    }
    return [...groups.values()];
  };
  const gap = 5;
  const widthOf = (groups) => groups.reduce((sum, one) => sum + w + (one.n > 1 ? countWidth(c, one.n, w) : 0) + gap, -gap);
  let groups = group((code) => code);
  let summed = false;
  if (widthOf(groups) > room) {
    groups = group((code) => (CARDS[code] && CARDS[code].kind === "super" ? `super-${CARDS[code].colour}` : code));
    summed = true;
  }
  const squeeze = Math.min(1, room / Math.max(1, widthOf(groups))); // only if even the colours do not fit
  let left = x;
  for (const one of groups) {
    const isSuper = CARDS[one.code] && CARDS[one.code].kind === "super";
    miniCard(c, one.code, left, y, w, initials, summed && isSuper && one.n > 1 ? one.points : null);
    let used = w;
    if (one.n > 1) {
      const label = countWidth(c, one.n, w);
      glyph(c, `×${one.n}`, { x: left + w + 1, y, w: label, h: w }, Math.max(10, w * 0.55), "#3f2a5a");
      used += label;
    }
    left += (used + gap) * squeeze;
  }
}

/** A card back: the face-down draw pile. @param {Context} c @param {number} x @param {number} y @param {number} w */
export function drawCardBack(c, x, y, w) {
  cardBase(c, x, y, w, w, "#4c8f3d", "#24592a", "#163a18");
  c.save();
  roundRect(c, x + 5, y + 5, w - 10, w - 10, w * 0.08);
  c.clip();
  c.strokeStyle = "rgba(255,255,255,0.12)";
  c.lineWidth = 3;
  for (let i = -w; i < w * 2; i += 9) {
    c.beginPath();
    c.moveTo(x + i, y);
    c.lineTo(x + i + w, y + w);
    c.stroke();
  }
  c.restore();
  // the box's own mark: an upple on the back
  drawUpple(c, x + w / 2, y + w * 0.56, w * 0.42, "gold");
}

// ---------------------------------------------------------------- the komupple token

/** A player's mark: its initial, big enough to read, on a disc of its colour at the ring's foot.
 * @param {Context} c @param {number} x @param {number} y @param {number} r @param {string} letter
 * @param {{dark: string}} player */
function playerMark(c, x, y, r, letter, player) {
  c.beginPath();
  c.arc(x, y, r, 0, Math.PI * 2);
  c.fillStyle = player.dark;
  c.fill();
  c.strokeStyle = "#ffffff";
  c.lineWidth = 1.2;
  c.stroke();
  glyph(c, letter, { x: x - r * 0.8, y: y - r * 0.8, w: r * 1.6, h: r * 1.6 }, r * 1.25, "#ffffff");
}

/** A team's mark: its letter on a dark disc (team A) or a dark diamond (team B), so teams differ in shape too.
 * @param {Context} c @param {number} x @param {number} y @param {number} r @param {string} team */
function teamMark(c, x, y, r, team) {
  c.beginPath();
  if (team === "A") c.arc(x, y, r, 0, Math.PI * 2);
  else {
    c.moveTo(x, y - r * 1.15);
    c.lineTo(x + r * 1.15, y);
    c.lineTo(x, y + r * 1.15);
    c.lineTo(x - r * 1.15, y);
    c.closePath();
  }
  c.fillStyle = "#1f2430";
  c.fill();
  c.strokeStyle = "#ffffff";
  c.lineWidth = 1.2;
  c.stroke();
  glyph(c, team, { x: x - r * 0.8, y: y - r * 0.8, w: r * 1.6, h: r * 1.6 }, r * 1.2, "#ffffff");
}

/** A komupple token: the player's ring, with its initial (`letter`, from the catalogue) and, in a team game, its
 * team's mark (`team`: "A" on a disc, "B" on a diamond), around the komupple in its state.
 * @param {Context} c @param {number} x @param {number} y @param {number} r @param {string} colour
 * @param {string} body @param {string} hair
 * @param {{glow?: boolean, alpha?: number, letter?: string, team?: string}} [style] */
export function drawKomupple(c, x, y, r, colour, body, hair, { glow = false, alpha = 1, letter = "", team = "" } = {}) {
  if (!(r > 0)) return; // shrunk to nothing (a tunnel's warp): no token, and no negative radius for the canvas
  const player = PLAYER[colour] || PLAYER.blue;
  c.save();
  c.globalAlpha = alpha;
  c.translate(x, y);
  if (glow) {
    c.beginPath();
    c.arc(0, 0, r + 7, 0, Math.PI * 2);
    c.fillStyle = "rgba(255, 255, 255, 0.55)";
    c.fill();
  }
  c.beginPath();
  c.ellipse(2, 4, r, r * 0.95, 0, 0, Math.PI * 2);
  c.fillStyle = "rgba(0,0,0,0.35)";
  c.fill();
  const ring = c.createRadialGradient(-r / 3, -r / 3, 2, 0, 0, r);
  ring.addColorStop(0, player.light);
  ring.addColorStop(0.55, player.fill);
  ring.addColorStop(1, player.dark);
  c.beginPath();
  c.arc(0, 0, r, 0, Math.PI * 2);
  c.fillStyle = ring;
  c.fill();
  c.strokeStyle = player.dark;
  c.lineWidth = 1.5;
  c.stroke();
  // the inner face: sky-blue for shy, warm for angry (a second cue besides the body colour)
  const inner = r * 0.78;
  c.beginPath();
  c.arc(0, 0, inner, 0, Math.PI * 2);
  c.fillStyle = body === "red" ? "#fde6c8" : "#e5f3ff";
  c.fill();
  c.strokeStyle = "rgba(0,0,0,0.25)";
  c.lineWidth = 1;
  c.stroke();
  // the komupple's body: a round blob
  const palette = UPPLE[body] || UPPLE.white;
  const bw = inner * 0.78;
  c.beginPath();
  c.ellipse(0, inner * 0.2, bw, bw * 0.82, 0, 0, Math.PI * 2);
  const skin = c.createRadialGradient(-bw * 0.3, 0, 1, 0, inner * 0.2, bw);
  skin.addColorStop(0, palette.light);
  skin.addColorStop(0.6, palette.mid);
  skin.addColorStop(1, palette.dark);
  c.fillStyle = skin;
  c.fill();
  c.strokeStyle = palette.line;
  c.lineWidth = 1.2;
  c.stroke();
  // hair, a second cue besides its colour: red hair is a tuft of flames, white hair soft round curls
  const hairPalette = UPPLE[hair] || UPPLE.white;
  const top = inner * 0.2 - bw * 0.72;
  c.beginPath();
  c.moveTo(-bw * 0.55, top + bw * 0.25);
  if (hair === "red") {
    const spikes = 5;
    for (let i = 0; i <= spikes; i++) {
      const px = -bw * 0.55 + (bw * 1.1 * i) / spikes;
      c.lineTo(px, top + bw * 0.12);
      if (i < spikes) c.lineTo(px + (bw * 0.55) / spikes, top - bw * 0.42 + (i % 2) * bw * 0.1);
    }
  } else {
    const curls = 4;
    const step = (bw * 1.1) / curls;
    c.lineTo(-bw * 0.55, top + bw * 0.05);
    for (let i = 0; i < curls; i++) {
      const cx = -bw * 0.55 + step * (i + 0.5);
      c.arc(cx, top + bw * 0.05 - (i % 3 === 0 ? 0 : bw * 0.06), step / 2, Math.PI, 0);
    }
  }
  c.lineTo(bw * 0.55, top + bw * 0.25);
  c.closePath();
  c.fillStyle = hairPalette.mid;
  c.fill();
  c.strokeStyle = hairPalette.line;
  c.lineWidth = 1;
  c.stroke();
  // eyes
  const ey = inner * 0.12;
  for (const side of [-1, 1]) {
    c.beginPath();
    c.arc(side * bw * 0.32, ey, bw * 0.2, 0, Math.PI * 2);
    c.fillStyle = "#ffffff";
    c.fill();
    c.strokeStyle = "#333";
    c.lineWidth = 0.8;
    c.stroke();
    c.beginPath();
    c.arc(side * bw * 0.28, ey + bw * 0.04, bw * 0.09, 0, Math.PI * 2);
    c.fillStyle = "#111";
    c.fill();
    if (body === "red") { // angry brows
      c.beginPath();
      c.moveTo(side * bw * 0.55, ey - bw * 0.3);
      c.lineTo(side * bw * 0.12, ey - bw * 0.16);
      c.strokeStyle = "#2a0a06";
      c.lineWidth = 2;
      c.stroke();
    }
  }
  // mouth: a shy smile or an angry frown
  c.beginPath();
  if (body === "red") c.arc(0, ey + bw * 0.62, bw * 0.2, Math.PI * 1.15, Math.PI * 1.85);
  else c.arc(0, ey + bw * 0.3, bw * 0.16, Math.PI * 0.15, Math.PI * 0.85);
  c.strokeStyle = body === "red" ? "#2a0a06" : "#555";
  c.lineWidth = 1.5;
  c.stroke();
  // the player's initial on the ring
  if (letter) playerMark(c, -r * 0.72, r * 0.72, Math.max(6.5, r * 0.4), letter, player);
  if (team) teamMark(c, r * 0.72, -r * 0.72, Math.max(6, r * 0.36), team);
  c.restore();
}
