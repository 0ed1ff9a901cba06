// Upples renderer: the 7×7 field of cards, the komupple tokens, the draw pile, the discard and each player's super
// upples, drawn on the renderer kit (kit.js) from view() and view.targets.
//
// What can be played comes from view.targets only: each target names the thing it is touched on (the card, or the
// komupple for a Naughty bounce, by its square; or the Pass button) and, for a jump that asks a question, its second
// touch in `to` (the exit tunnel's card, or the multicolour's new state as a button "white"/"red"). A tap on a
// thing with one target plays it; a tap on a thing whose targets ask opens the choice (the first tap's region has a
// label and no action), and the second tap plays. A tap on a square that is not a landing says why, next to it,
// from the reasons Python puts in the view (view.refusals); hover and long press say what a card or a komupple is
// and what it can do. Nothing here reads an action's text or works out a rule. Layouts: on a wide screen the
// players stand beside the board, on a narrow one (a phone) below it, and the board takes the whole width.
import { pace } from "../common.js";
import { fitText, font, panel, PALETTE, roundRect, Surface, targetsByThing, button as kitButton } from "../kit.js";

const FILES = "abcdefg";
const SIZE = 7;

const PLAYER = {
  blue: { fill: PALETTE.colours.blue.fill, light: "#7fb0ff", dark: "#1a3f86", ink: "#ffffff" },
  pink: { fill: "#e0529c", light: "#ff9fcf", dark: "#8e2260", ink: "#ffffff" },
  green: { fill: PALETTE.colours.green.fill, light: "#7fdca2", dark: "#17603a", ink: "#ffffff" },
  yellow: { fill: "#f0bf1f", light: "#ffe37a", dark: "#9a7405", ink: "#3d2c00" },
};
const UPPLE = {
  white: { light: "#ffffff", mid: "#f1f0ea", dark: "#c9c7bd", line: "#8d8a7d" },
  red: { light: "#ff7a66", mid: "#e23b2e", dark: "#9c1b14", line: "#5e0d09" },
  gold: { light: "#fff6b8", mid: "#f3c21b", dark: "#b07d00", line: "#6b4a00" },
};
const SPOT = { g: { fill: "#8f949b", edge: "#ffffff" }, r: { fill: "#d0142a", edge: "#ffffff" } };
/** The art of each card code (deck.py's codes): what to draw, and the catalogue word of its description. */
const CARDS = {
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
const ABOUT = { classic: (code) => `upples.about.${code}`, multi: () => "upples.about.multi", rock: () => "upples.about.rock",
  bomb: () => "upples.about.bomb", tunnel: () => "upples.about.tunnel" };
const SUPER_ABOUT = { white: "upples.about.super_white", red: "upples.about.super_red", gold: "upples.about.golden" };

const lerp = (a, b, k) => a + (b - a) * k;
const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** One glyph or number in a small box (a card's corner, a badge, a token's ring), fitted like all text. */
function glyph(c, text, box, size, colour, weight = 700) {
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

function drawUpple(c, x, y, s, colour, { spots = null, stripes = false } = {}) {
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
  glyph(c, text, { x: x + w * 0.06, y: y + w * 0.04, w: w * 0.24, h: w * 0.22 }, w * 0.17, dark);
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

/** One card, face up, with its top-left corner at (x, y) and width w. */

/** One card, face up, with its top-left corner at (x, y) and width w. `initials` are the reader's letters for
 * white and red (the catalogue's upples.initial.white / .red), a second cue besides the colour. */
function drawCard(c, code, x, y, w, initials) {
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

/** A small card of the side panel: a super upple as its value, big, on a disc of its colour (`points`: another
 * number on the disc, the points of several cards of that colour). */
function miniCard(c, code, x, y, w, initials, points = null) {
  const info = CARDS[code] || { kind: "unknown" };
  if (info.kind !== "super" || (w >= 40 && points === null)) { drawCard(c, code, x, y, w, initials); return; }
  const gold = info.colour === "gold";
  cardBase(c, x, y, w, w, gold ? "#fff2a8" : "#fff59a", gold ? "#e0a100" : "#f7c928", "#8a5f00");
  const r = w * 0.34;
  c.beginPath();
  c.arc(x + w / 2, y + w * 0.56, r, 0, Math.PI * 2);
  c.fillStyle = gold ? "#b07d00" : info.colour === "red" ? "#d8352a" : "#ffffff";
  c.fill();
  c.strokeStyle = "rgba(0,0,0,0.45)";
  c.lineWidth = 1;
  c.stroke();
  glyph(c, String(points ?? info.points), { x: x + w / 2 - r, y: y + w * 0.56 - r, w: 2 * r, h: 2 * r }, w * 0.46,
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
 * the points of that colour's cards, with "×n" (a hover or a long press on the panel lists every kind). */
function drawKept(c, kept, x, y, w, room, initials) {
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

/** A card back: the face-down draw pile. */
function drawCardBack(c, x, y, w) {
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

/** A komupple token: the player's ring (with its initial, from the catalogue) around the komupple in its state. */
function drawToken(c, x, y, r, colour, body, hair, { glow = false, alpha = 1, squash = 0, letter = "" } = {}) {
  if (!(r > 0)) return; // shrunk to nothing (a tunnel's warp): no token, and no negative radius for the canvas
  const player = PLAYER[colour] || PLAYER.blue;
  c.save();
  c.globalAlpha = alpha;
  c.translate(x, y);
  c.scale(1 + squash * 0.18, 1 - squash * 0.18);
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
  // hair: a tuft of spikes on top
  const hairPalette = UPPLE[hair] || UPPLE.white;
  c.beginPath();
  const top = inner * 0.2 - bw * 0.72;
  c.moveTo(-bw * 0.55, top + bw * 0.25);
  const spikes = 5;
  for (let i = 0; i <= spikes; i++) {
    const px = -bw * 0.55 + (bw * 1.1 * i) / spikes;
    c.lineTo(px, top + bw * 0.12);
    if (i < spikes) c.lineTo(px + (bw * 0.55) / spikes, top - bw * 0.42 + (i % 2) * bw * 0.1);
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
  if (letter) glyph(c, letter, { x: -r * 0.3, y: r * 0.76, w: r * 0.6, h: r * 0.26 }, r * 0.3, player.ink);
  c.restore();
}

// ---------------------------------------------------------------- where everything goes

const LABEL = 16; // the row numbers' column and the files' row around the field
const GAP = 8;

/** The layout for a page `available` CSS px wide with `room` px of height below the canvas's top: on a phone
 * (portrait) the board takes the whole width and the status, the piles and the players go below it; on a wide
 * screen the players stand beside the board. One board unit is one CSS px at the size the canvas is shown. */
function geometry(available, room, players, landscape = false) {
  const portrait = available < 600 && !landscape;
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

// ---------------------------------------------------------------- the renderer

export function create(canvas, host) {
  const t = (key, params = {}) => host.t(key, params);
  let table = null;
  let g = null;
  let context = null;
  let hinted = null; // the hinted target
  let choice = null; // {square, targets}: a tapped thing whose targets ask a second touch
  let lastTap = null; // where the last tap was, in board units: a refusal is said there
  let anim = null; // the running animation's scene, drawn while view.events play
  let animToken = 0; // the running animation's number: stopAnimation() moves it on
  let frameId = null; // its next animation frame
  let wake = null; // resolves its pending step (false: stopped)
  let pulse = 0;
  const surface = new Surface(canvas, host, { width: 600, height: 600, onTap: tap });
  surface.redraw = () => render();

  // -- what the view says --------------------------------------------------------------------------------------
  const view = () => table.view;
  /** The targets of the person at the board: none when it is not their turn (a bot's, a replay, the end). */
  const mine = () => (table && !table.is_over && host.humanSeat() !== null ? view().targets || [] : []);
  const colourWord = (colour) => t(`colour.${colour}`);
  const stateWords = (player) => t(`upples.state.${player.body}_${player.hair}`);
  const initials = () => ({ white: t("upples.initial.white"), red: t("upples.initial.red") });
  const words = (target) => t(target.key, target.params);
  const squareOf = (thing) => (thing.kind === "card" || thing.kind === "piece" ? thing.id : null);

  /** What a card is and what it does, in the reader's words. */
  function aboutCard(code) {
    if (!code) return t("upples.about.empty");
    const info = CARDS[code];
    if (!info) return t(`upples.card.${code}`);
    if (info.kind === "super") return t(SUPER_ABOUT[info.colour], { points: info.points });
    return t(ABOUT[info.kind](code));
  }

  /** What a komupple is: whose, its state, its jumps and what it eats. */
  function aboutKomupple(player) {
    const text = [t(`upples.about.komupple_${player.body}`, { name: host.seatName(player.seat), state: stateWords(player) })];
    if (player.stuck) text.push(t("upples.about.stuck"));
    return text.join(" ");
  }

  // -- geometry ------------------------------------------------------------------------------------------------
  const centreOf = (square) => {
    const column = FILES.indexOf(square[0]);
    const row = Number(square.slice(1));
    return { x: g.bx + column * g.cell + g.cell / 2, y: g.by + (SIZE - row) * g.cell + g.cell / 2 };
  };
  const slot = (square) => {
    const { x, y } = centreOf(square);
    return { x: x - g.card / 2, y: y - g.card / 2, cx: x, cy: y };
  };
  const squares = () => {
    const list = [];
    for (let row = SIZE; row >= 1; row--) for (let column = 0; column < SIZE; column++) list.push(`${FILES[column]}${row}`);
    return list;
  };

  function relayout() {
    if (!table) return false;
    const box = surface.available();
    const available = box.width;
    const top = canvas.getBoundingClientRect().top + window.scrollY;
    const shownTop = Math.max(0, Math.min(top, 140));
    const portrait = available < 600 && !box.landscape;
    // on a phone the turn, the scores and the buttons come right under the canvas: leave them room on screen; held
    // sideways, the board has the height the page gives it
    const room = box.landscape ? box.height
      : Math.max(portrait ? 420 : 380, window.innerHeight - shownTop - (portrait ? 150 : 16));
    const next = geometry(available, room, view().players.length, Boolean(box.landscape));
    if (!g || next.width !== g.width || next.height !== g.height || next.cell !== g.cell) {
      g = next;
      context = surface.layout(g.width, g.height);
      return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- pieces of the picture
  function drawField() {
    const c = context;
    const box = g.ground;
    roundRect(c, box.x, box.y, box.w, box.h, 14);
    const ground = c.createLinearGradient(0, box.y, 0, box.y + box.h);
    ground.addColorStop(0, "#6d4c8f");
    ground.addColorStop(1, "#3f2a5a");
    c.fillStyle = ground;
    c.fill();
    const size = Math.max(10, Math.min(13, g.cell * 0.2));
    for (let i = 0; i < SIZE; i++) {
      glyph(c, FILES[i], { x: g.bx + i * g.cell, y: g.by + SIZE * g.cell + 1, w: g.cell, h: LABEL }, size, "rgba(255,255,255,0.85)");
      glyph(c, String(SIZE - i), { x: box.x + 2, y: g.by + i * g.cell, w: LABEL, h: g.cell }, size, "rgba(255,255,255,0.85)");
    }
  }

  function drawEmpty(square) {
    const c = context;
    const s = slot(square);
    roundRect(c, s.x + 2, s.y + 2, g.card - 4, g.card - 4, 8);
    c.fillStyle = "rgba(20, 10, 30, 0.45)";
    c.fill();
    c.strokeStyle = "rgba(255,255,255,0.12)";
    c.setLineDash([4, 4]);
    c.lineWidth = 1;
    c.stroke();
    c.setLineDash([]);
  }

  function drawCards(cards, fades) {
    const letters = initials();
    for (const square of squares()) {
      const code = cards[square];
      drawEmpty(square);
      if (!code) continue;
      const s = slot(square);
      const fade = fades ? fades[square] : undefined;
      if (fade !== undefined) {
        if (fade <= 0) continue;
        context.save();
        context.globalAlpha = Math.min(1, fade);
        const k = 0.6 + 0.4 * Math.min(1, fade);
        context.translate(s.cx, s.cy);
        context.scale(k, k);
        drawCard(context, code, -g.card / 2, -g.card / 2, g.card, letters);
        context.restore();
      } else {
        drawCard(context, code, s.x, s.y, g.card, letters);
      }
    }
  }

  function drawMarks(v) {
    const c = context;
    const inset = g.card * 0.18;
    for (const square of v.tunnels_used || []) { // tunnels entered this turn: crossed out
      const s = slot(square);
      c.strokeStyle = "rgba(255,255,255,0.85)";
      c.lineWidth = 3;
      c.beginPath();
      c.moveTo(s.x + inset, s.y + inset);
      c.lineTo(s.x + g.card - inset, s.y + g.card - inset);
      c.moveTo(s.x + g.card - inset, s.y + inset);
      c.lineTo(s.x + inset, s.y + g.card - inset);
      c.stroke();
    }
    const path = v.path || []; // this turn's chain so far
    if (path.length > 1) {
      c.strokeStyle = "rgba(255, 236, 120, 0.8)";
      c.lineWidth = 3;
      c.setLineDash([3, 6]);
      c.beginPath();
      path.forEach((square, i) => {
        const p = centreOf(square);
        if (i) c.lineTo(p.x, p.y); else c.moveTo(p.x, p.y);
      });
      c.stroke();
      c.setLineDash([]);
    }
    const r = Math.max(6, g.card * 0.12);
    path.forEach((square, i) => {
      const p = centreOf(square);
      const x = p.x - g.card / 2 + r + 2;
      const y = p.y + g.card / 2 - r - 2;
      c.beginPath();
      c.arc(x, y, r, 0, Math.PI * 2);
      c.fillStyle = "#ffe878";
      c.fill();
      c.strokeStyle = "#6b5400";
      c.lineWidth = 1;
      c.stroke();
      glyph(c, String(i + 1), { x: x - r, y: y - r, w: 2 * r, h: 2 * r }, r * 1.2, "#3d2f00");
    });
  }

  /** The glowing landings: one ring per thing the person may touch, a badge that says "jump" or "then choose". */
  function drawLandings(byThing) {
    const c = context;
    const glow = 0.55 + 0.45 * Math.sin(pulse);
    for (const targets of byThing.values()) {
      const square = squareOf(targets[0].thing);
      if (!square) continue;
      const s = slot(square);
      const hovered = surface.isHovered(`sq:${square}`);
      c.save();
      c.shadowColor = "#b6ff5c";
      c.shadowBlur = hovered ? 18 : 10;
      roundRect(c, s.x - 1, s.y - 1, g.card + 2, g.card + 2, 9);
      c.strokeStyle = hovered ? "#eaffb0" : `rgba(182, 255, 92, ${0.65 + 0.35 * glow})`;
      c.lineWidth = hovered ? 5 : 3.5;
      c.stroke();
      c.restore();
      const r = Math.max(7, g.card * 0.13);
      const bx = s.x + g.card - r - 2;
      const by = s.y + r + 2;
      c.beginPath();
      c.arc(bx, by, r, 0, Math.PI * 2);
      c.fillStyle = "#2f7a12";
      c.fill();
      c.strokeStyle = "#eaffb0";
      c.lineWidth = 1.5;
      c.stroke();
      const asks = targets.some((target) => target.to);
      glyph(c, asks ? "?" : "↓", { x: bx - r, y: by - r, w: 2 * r, h: 2 * r }, r * 1.2, "#ffffff");
    }
    if (hinted) {
      c.strokeStyle = PALETTE.hint;
      c.lineWidth = 4;
      c.setLineDash([7, 4]);
      for (const thing of [hinted.thing, hinted.to]) {
        const square = thing && thing.kind === "card" ? thing.id : thing && squareOf(thing);
        if (!square) continue;
        const s = slot(square);
        roundRect(c, s.x - 5, s.y - 5, g.card + 10, g.card + 10, 12);
        c.stroke();
      }
      c.setLineDash([]);
    }
  }

  function drawTokens(v, tokens, floating) {
    const byPlace = {};
    for (const player of v.players) {
      const token = tokens[player.seat];
      if (!token || !token.square) continue;
      (byPlace[token.square] ||= []).push(player);
    }
    const current = v.current;
    const r = g.card * 0.36;
    for (const [square, players] of Object.entries(byPlace)) {
      const p = centreOf(square);
      // a bounce leaves the mover on another komupple: draw the mover offset and on top
      players.sort((a, b) => (a.seat === current) - (b.seat === current));
      players.forEach((player, i) => {
        const token = tokens[player.seat];
        const offset = players.length > 1 ? (i ? 1 : -1) * g.card * 0.15 : 0;
        drawToken(context, p.x + offset, p.y + offset, r, player.colour, token.body, token.hair, {
          glow: !table.is_over && player.seat === current && !anim, squash: token.squash || 0, alpha: token.alpha ?? 1,
          letter: t(`upples.initial.${player.colour}`),
        });
      });
    }
    if (floating) {
      const player = v.players[floating.seat];
      const token = tokens[floating.seat];
      drawToken(context, floating.x, floating.y, r * (floating.scale ?? 1), player.colour, token.body, token.hair,
        { alpha: floating.alpha ?? 1, letter: t(`upples.initial.${player.colour}`) });
    }
  }

  function drawBlast(blast) {
    if (!blast) return;
    const c = context;
    const p = centreOf(blast.square);
    const k = blast.progress;
    c.save();
    const r = g.cell * 1.6 * Math.max(0, k); // a radius never goes below 0, whatever the progress
    const fire = c.createRadialGradient(p.x, p.y, r * 0.1, p.x, p.y, Math.max(1, r));
    fire.addColorStop(0, `rgba(255, 250, 200, ${0.95 * (1 - k)})`);
    fire.addColorStop(0.4, `rgba(255, 170, 40, ${0.85 * (1 - k)})`);
    fire.addColorStop(1, "rgba(220, 60, 20, 0)");
    c.fillStyle = fire;
    c.beginPath();
    c.arc(p.x, p.y, Math.max(1, r), 0, Math.PI * 2);
    c.fill();
    c.strokeStyle = `rgba(255, 230, 150, ${1 - k})`;
    c.lineWidth = 4;
    c.beginPath();
    c.arc(p.x, p.y, Math.max(1, r * 0.9), 0, Math.PI * 2);
    c.stroke();
    for (let i = 0; i < 14; i++) {
      const a = (i / 14) * Math.PI * 2 + i;
      const d = r * (0.5 + (i % 3) * 0.2);
      c.fillStyle = `rgba(${i % 2 ? "80,70,60" : "255,140,30"}, ${1 - k})`;
      c.fillRect(p.x + Math.cos(a) * d - 2, p.y + Math.sin(a) * d - 2, 5, 5);
    }
    c.restore();
  }

  function drawWarp(warp) {
    if (!warp) return;
    const c = context;
    for (const square of warp.squares) {
      const p = centreOf(square);
      c.save();
      c.translate(p.x, p.y);
      c.rotate(warp.progress * Math.PI * 3);
      c.strokeStyle = `rgba(190, 140, 255, ${0.9 * (1 - Math.abs(warp.progress - 0.5) * 1.4)})`;
      c.lineWidth = 3;
      for (let arm = 0; arm < 3; arm++) {
        c.beginPath();
        for (let i = 0; i < 20; i++) {
          const a = arm * (Math.PI * 2 / 3) + i * 0.25;
          const radius = i * g.cell * 0.022;
          c.lineTo(Math.cos(a) * radius, Math.sin(a) * radius);
        }
        c.stroke();
      }
      c.restore();
    }
  }

  function drawFloaters(floaters) {
    const c = context;
    for (const f of floaters || []) {
      const y = f.y - 30 * f.progress;
      const box = { x: f.x - g.cell / 2, y: y - 12, w: g.cell, h: 24 };
      c.save();
      c.globalAlpha = Math.max(0, 1 - f.progress);
      c.shadowColor = "rgba(60, 40, 0, 0.9)";
      c.shadowBlur = 4;
      glyph(c, f.text, box, 18, "#ffe23c", 800);
      c.restore();
    }
  }

  // -- the panels: status, piles, players ------------------------------------------------------------------------
  function modeWords(v) {
    return t(`upples.mode.${v.mode}`) + (v.teams ? ` · ${t("upples.teams")}` : "");
  }

  function drawHeader(v, box) {
    panel(context, box, { fill: "#3f2a5a", edge: null, radius: 8 });
    const turn = t("upples.turn_number", { n: v.turn });
    fitText(context, modeWords(v), { x: box.x + 10, y: box.y, w: box.w * 0.62 - 12, h: box.h },
      { size: 13, weight: 700, colour: "#ffffff", align: "left" });
    fitText(context, turn, { x: box.x + box.w * 0.62, y: box.y, w: box.w * 0.38 - 10, h: box.h },
      { size: 12, colour: "#ffffff", align: "right" });
  }

  function drawPileCard(v, x, y, w) {
    const c = context;
    const layers = Math.min(5, Math.ceil(v.draw_pile / 15));
    if (v.draw_pile > 0) {
      for (let i = layers - 1; i >= 0; i--) drawCardBack(c, x + i * 2, y - i * 2 + 4, w - 8);
    } else {
      roundRect(c, x, y, w - 8, w - 8, 7);
      c.strokeStyle = "rgba(0,0,0,0.3)";
      c.setLineDash([4, 4]);
      c.stroke();
      c.setLineDash([]);
    }
    // the count, in a badge on the pile
    const r = Math.max(10, w * 0.24);
    const bx = x + w - 8;
    const by = y + 4;
    c.beginPath();
    c.arc(bx, by, r, 0, Math.PI * 2);
    c.fillStyle = "#fffaf0";
    c.fill();
    c.strokeStyle = "#24592a";
    c.lineWidth = 2;
    c.stroke();
    glyph(c, String(v.draw_pile), { x: bx - r * 0.85, y: by - r * 0.8, w: r * 1.7, h: r * 1.6 }, r * 0.95, PALETTE.ink);
  }

  function drawDiscardCard(v, x, y, w) {
    const c = context;
    const discard = v.discard || [];
    const letters = initials();
    if (discard.length > 1) {
      c.save();
      c.translate(x + w / 2, y + w / 2);
      c.rotate(-0.12);
      miniCard(c, discard[discard.length - 2], -w / 2, -w / 2, w, letters);
      c.restore();
    }
    if (discard.length) {
      miniCard(c, discard[discard.length - 1], x, y, w, letters);
    } else {
      roundRect(c, x, y, w, w, 7);
      c.strokeStyle = "rgba(0,0,0,0.3)";
      c.setLineDash([4, 4]);
      c.stroke();
      c.setLineDash([]);
    }
  }

  /** The draw pile and the discard, side by side with their words under them (wide screens). */
  function drawPiles(v, box) {
    const w = box.card;
    const half = box.w / 2;
    const pileX = box.x + (half - w) / 2;
    const discardX = box.x + half + (half - w) / 2;
    drawPileCard(v, pileX, box.y, w + 8);
    drawDiscardCard(v, discardX, box.y + 4, w);
    const labelY = box.y + w + 10;
    fitText(context, t("upples.pile"), { x: box.x, y: labelY, w: half - 4, h: 20 }, { size: 12, weight: 600, lines: 2 });
    fitText(context, t("upples.discard", { count: (v.discard || []).length }), { x: box.x + half + 2, y: labelY, w: half - 4, h: 20 },
      { size: 12, weight: 600, lines: 2 });
    regionsForPiles(v, { x: pileX, y: box.y, w: w + 8, h: w + 30 }, { x: discardX, y: box.y, w, h: w + 30 });
  }

  /** The phone's row under the status: the mode and the turn, the draw pile and the discard. */
  function drawInfo(v, box) {
    panel(context, box, { fill: "#f3eefb", edge: "#d4c8e6", radius: 10 });
    const third = box.w / 3;
    const w = box.h - 12;
    fitText(context, modeWords(v), { x: box.x + 8, y: box.y + 4, w: third - 12, h: box.h / 2 - 4 },
      { size: 13, weight: 700, colour: "#3f2a5a", align: "left" });
    fitText(context, t("upples.turn_number", { n: v.turn }), { x: box.x + 8, y: box.y + box.h / 2, w: third - 12, h: box.h / 2 - 4 },
      { size: 12, colour: PALETTE.muted, align: "left" });
    const pileX = box.x + third;
    drawPileCard(v, pileX, box.y + 6, w + 4);
    fitText(context, t("upples.pile"), { x: pileX + w + 8, y: box.y + 4, w: third - w - 12, h: box.h - 8 },
      { size: 12, weight: 600, align: "left", lines: 2 });
    const discardX = box.x + 2 * third;
    drawDiscardCard(v, discardX, box.y + 6, w);
    fitText(context, t("upples.discard", { count: (v.discard || []).length }),
      { x: discardX + w + 8, y: box.y + 4, w: third - w - 12, h: box.h - 8 }, { size: 12, weight: 600, align: "left", lines: 2 });
    regionsForPiles(v, { x: pileX, y: box.y, w: third, h: box.h }, { x: discardX, y: box.y, w: third, h: box.h });
  }

  function regionsForPiles(v, pile, discard) {
    surface.region({ rect: [pile.x, pile.y, pile.w, pile.h] }, { key: "pile", value: { kind: "info" }, focusable: false,
      describe: t("upples.about.pile", { count: v.draw_pile }) });
    surface.region({ rect: [discard.x, discard.y, discard.w, discard.h] }, { key: "discard", value: { kind: "info" },
      focusable: false, describe: t("upples.about.discard", { count: (v.discard || []).length }) });
  }

  /** A player's panel: the komupple, the name, the state, the super upples kept and the score. Tall panels (the
   * side of a wide screen) give the colour and team a line of their own; compact ones (a phone's two columns)
   * put the score beside the kept cards. */
  function drawPlayer(v, player, box) {
    const c = context;
    const toMove = !v.over && v.current === player.seat;
    const look = PLAYER[player.colour];
    panel(c, box, { fill: player.eliminated ? "#e9e6e0" : toMove ? "#fff6d8" : "#ffffff",
      edge: toMove ? look.fill : "rgba(0,0,0,0.15)", lineWidth: toMove ? 2.5 : 1, radius: 10 });
    const tall = box.h >= 96;
    const r = tall ? 19 : Math.min(16, box.h * 0.26);
    drawToken(c, box.x + 6 + r, box.y + 6 + r, r, player.colour, player.body, player.hair,
      { alpha: player.eliminated ? 0.4 : 1, letter: t(`upples.initial.${player.colour}`) });
    const tx = box.x + 2 * r + 12;
    const right = box.x + box.w - 8;
    const score = v.mode === "training"
      ? t("upples.turns_short", { n: player.turns }) : t("upples.points_short", { n: player.points });
    const name = `${toMove ? "▶ " : ""}${host.seatName(player.seat)}`;
    const team = v.teams ? t("upples.team", { n: v.teams[0].includes(player.seat) ? "A" : "B" }) : "";
    let status = stateWords(player);
    if (player.eliminated) status = t("upples.eliminated_badge");
    else if (player.stuck) status += ` · ${t("upples.stuck_badge")}`;
    const statusColour = player.eliminated ? PALETTE.danger : PALETTE.muted;
    const w = tall ? 26 : Math.max(14, Math.min(26, box.h - 48));
    const keptY = box.y + box.h - w - 5;
    let keptRight = right;
    if (tall) {
      c.font = font(15, 700);
      const scoreW = Math.min(box.w * 0.3, c.measureText(score).width + 6);
      fitText(c, score, { x: right - scoreW, y: box.y + 4, w: scoreW, h: 20 }, { size: 15, weight: 700, colour: "#6b4a00", align: "right" });
      fitText(c, name, { x: tx, y: box.y + 4, w: right - scoreW - 4 - tx, h: 20 }, { size: 13, weight: 600, align: "left" });
      fitText(c, [colourWord(player.colour), team].filter(Boolean).join(" · "), { x: tx, y: box.y + 24, w: right - tx, h: 15 },
        { size: 11, colour: PALETTE.muted, align: "left" });
      fitText(c, status, { x: tx, y: box.y + 39, w: right - tx, h: keptY - box.y - 41 },
        { size: 11, colour: statusColour, align: "left", valign: "top", lines: 2, minSize: 8 });
    } else {
      fitText(c, name, { x: tx, y: box.y + 3, w: right - tx, h: 18 }, { size: 13, weight: 600, align: "left", minSize: 8 });
      fitText(c, [team, status].filter(Boolean).join(" · "), { x: tx, y: box.y + 21, w: right - tx, h: keptY - box.y - 22 },
        { size: 11, colour: statusColour, align: "left", valign: "top", lines: 2, minSize: 7.5 });
      const scoreW = Math.min(56, box.w * 0.3);
      keptRight = right - scoreW - 4;
      fitText(c, score, { x: right - scoreW, y: keptY - 2, w: scoreW, h: w + 4 }, { size: 15, weight: 700, colour: "#6b4a00", align: "right" });
    }
    // the kept cards, overlapping when there are many
    const kept = player.kept || [];
    const left = box.x + 8;
    const room = keptRight - left;
    if (kept.length) {
      drawKept(c, kept, left, keptY, w, room, initials());
    } else if (!player.eliminated) {
      fitText(c, t("upples.no_kept"), { x: left, y: keptY - 2, w: room, h: w + 4 },
        { size: 11, colour: "#8a8f9c", align: "left", lines: 2, lineHeight: 1.05, minSize: 8 });
    }
    surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: `player:${player.seat}`, value: { kind: "info" },
      focusable: false, describe: `${aboutKomupple(player)} ${host.seatName(player.seat)}: ${score}${keptWords(kept)}` });
  }

  /** The kept cards in words, for a hover or a long press on a player's panel: each kind once, with its count. */
  function keptWords(kept) {
    if (!kept.length) return "";
    const counts = new Map();
    for (const code of kept) counts.set(code, (counts.get(code) || 0) + 1);
    const items = [...counts].map(([code, n]) => (n > 1 ? `${t(`upples.card.${code}`)} ×${n}` : t(`upples.card.${code}`)));
    return ` · ${t("upples.kept_label")}: ${items.join("; ")}`;
  }

  function statusWords(v) {
    const mover = v.current === null || v.current === undefined ? null : v.players[v.current];
    if (v.over) return [t(`upples.end.${v.end_reason || "over"}`), ""];
    if (!mover) return ["", ""];
    const who = host.seatName(mover.seat);
    let first = t("upples.status.turn", { name: who });
    if (v.must_pass) first = t(mover.stuck ? "upples.status.must_swap" : "upples.status.must_flip", { name: who });
    else if (v.in_chain) first = t("upples.status.extra_jump", { name: who });
    let second = `${stateWords(mover)} · ${t(mover.body === "white" ? "upples.shape.cross" : "upples.shape.l")}`;
    if (mine().length && !v.must_pass) second += ` · ${t("upples.status.pick")}`;
    return [first, second];
  }

  function drawStatus(v, box) {
    const c = context;
    panel(c, box, { fill: "#f6f1e6", edge: "rgba(0,0,0,0.15)", radius: 12 });
    const pass = mine().find((target) => target.thing.kind === "button");
    const held = v.mode === "training" ? v.eaten_this_turn || [] : [];
    let rightW = 0;
    const narrow = box.w < 240; // a phone held sideways: the status is a column beside the field
    if (pass) {
      rightW = narrow ? 0 : Math.min(180, box.w * 0.42);
      const b = narrow ? { x: box.x + 8, y: box.y + box.h - 40, w: box.w - 16, h: 34 }
        : { x: box.x + box.w - rightW - 8, y: box.y + 8, w: rightW, h: box.h - 16 };
      const mover = v.players[v.current];
      kitButton(c, b, t(mover.stuck ? "upples.pass_swap" : "upples.pass_flip"), { size: 14, hovered: surface.isHovered("pass") });
      surface.region({ rect: [b.x, b.y, b.w, b.h] }, { key: "pass", value: { kind: "pass" }, target: pass, describe: words(pass) });
    } else if (held.length) {
      const w = Math.min(24, box.h - 26);
      rightW = Math.min(box.w * 0.45, held.length * (w + 3) + 4);
      const x0 = box.x + box.w - 8 - rightW;
      fitText(c, t("upples.held"), { x: x0, y: box.y + 3, w: rightW, h: 16 }, { size: 10, colour: PALETTE.muted, align: "right" });
      const step = Math.min(w + 3, (rightW - w) / Math.max(1, held.length - 1));
      const letters = initials();
      held.forEach((code, i) => miniCard(c, code, x0 + rightW - w - (held.length - 1 - i) * step, box.y + 20, w, letters));
      surface.region({ rect: [x0, box.y, rightW, box.h] }, { key: "held", value: { kind: "info" }, focusable: false,
        describe: t("upples.about.held") });
      rightW += 6;
    }
    const [first, second] = statusWords(v);
    const textW = box.w - 20 - rightW - 8;
    if (pass) { // the reason for the button, in full (the state is on the player's panel)
      fitText(c, first, { x: box.x + 12, y: box.y + 3, w: textW, h: box.h - (narrow ? 46 : 6) },
        { size: 13, weight: 700, align: "left", lines: 3, minSize: narrow ? 8 : 9 });
    } else if (second && textW < 200) { // a narrow column (a phone held sideways): each part may wrap
      fitText(c, first, { x: box.x + 10, y: box.y + 3, w: textW + 2, h: 46 },
        { size: 13, weight: 700, align: "left", valign: "top", lines: 3, minSize: 9 });
      fitText(c, second, { x: box.x + 10, y: box.y + 49, w: textW + 2, h: box.h - 52 },
        { size: 11, colour: PALETTE.muted, align: "left", valign: "top", lines: 4, minSize: 8 });
    } else if (second) {
      fitText(c, first, { x: box.x + 12, y: box.y + 4, w: textW, h: 22 }, { size: 14, weight: 700, align: "left" });
      fitText(c, second, { x: box.x + 12, y: box.y + 26, w: textW, h: box.h - 30 },
        { size: 12, colour: PALETTE.muted, align: "left", lines: 2, minSize: 8 });
    } else {
      fitText(c, first, { x: box.x + 12, y: box.y + 4, w: textW, h: box.h - 8 }, { size: 15, weight: 700, align: "left", lines: 2 });
    }
  }

  // -- the choice a jump asks for (a multicolour's state, a tunnel's exit) ---------------------------------------
  function choiceLabel(target) {
    if (target.to.kind === "button") return t(`upples.choice.${target.to.id}`);
    return t("upples.choice.exit", { square: target.to.id });
  }

  function drawChoice() {
    const c = context;
    const box = g.ground;
    const targets = choice.targets;
    const tunnel = targets.some((target) => target.to.kind === "card");
    const letters = initials();
    c.fillStyle = "rgba(20, 10, 30, 0.55)";
    roundRect(c, box.x, box.y, box.w, box.h, 14);
    c.fill();
    const from = slot(choice.square);
    drawCard(c, view().cards[choice.square], from.x, from.y, g.card, letters);
    roundRect(c, from.x - 3, from.y - 3, g.card + 6, g.card + 6, 10);
    c.strokeStyle = "#eaffb0";
    c.lineWidth = 3;
    c.stroke();
    targets.forEach((target, i) => {
      if (target.to.kind !== "card") return;
      const s = slot(target.to.id);
      drawCard(c, view().cards[target.to.id], s.x, s.y, g.card, letters);
      const key = `exit:${target.to.id}`;
      roundRect(c, s.x - 3, s.y - 3, g.card + 6, g.card + 6, 10);
      c.strokeStyle = surface.isHovered(key) ? "#ffffff" : "#c8a2ff";
      c.lineWidth = surface.isHovered(key) ? 4 : 2.5;
      c.stroke();
      const r = Math.max(8, g.card * 0.15);
      c.beginPath();
      c.arc(s.x + r + 2, s.y + r + 2, r, 0, Math.PI * 2);
      c.fillStyle = "#5b2a9e";
      c.fill();
      glyph(c, String(i + 1), { x: s.x + 2, y: s.y + 2, w: 2 * r, h: 2 * r }, r * 1.2, "#ffffff");
      surface.region({ rect: [s.x, s.y, g.card, g.card] }, { key, value: { kind: "choice" }, target, describe: words(target) });
    });
    // the panel: a title, one button per answer, and Cancel
    const narrow = box.w - 16 < 420; // a phone: the two states one above the other
    const perRow = tunnel ? Math.min(3, targets.length) : narrow ? 1 : 2;
    const rows = Math.ceil(targets.length / perRow);
    const pw = Math.min(box.w - 16, tunnel ? 120 * perRow + 10 * (perRow + 1) : 480);
    const bw = (pw - 10 * (perRow + 1)) / perRow;
    const bh = tunnel ? 36 : Math.max(48, Math.min(64, g.cell * 0.9));
    const ph = 40 + rows * (bh + 8) + 44;
    const px = box.x + (box.w - pw) / 2;
    // where the panel hides the fewest of the squares in play (the card and the exits)
    const inPlay = [choice.square, ...targets.filter((target) => target.to.kind === "card").map((target) => target.to.id)];
    const covered = (top) => inPlay.filter((square) => {
      const cy = centreOf(square).y;
      return cy + g.card / 2 > top && cy - g.card / 2 < top + ph;
    }).length;
    const tops = [box.y + 8, box.y + box.h - ph - 8, box.y + (box.h - ph) / 2];
    const py = tops.reduce((best, top) => (covered(top) < covered(best) ? top : best));
    panel(c, { x: px, y: py, w: pw, h: ph }, { fill: "#fffaf0", edge: "#3f2a5a", lineWidth: 2, radius: 14, shadow: true });
    fitText(c, t(tunnel ? "upples.choice.tunnel_title" : "upples.choice.multi_title"), { x: px + 10, y: py + 6, w: pw - 20, h: 30 },
      { size: 15, weight: 700, lines: 2 });
    const mover = view().players[view().current];
    targets.forEach((target, i) => {
      const b = { x: px + 10 + (i % perRow) * (bw + 10), y: py + 40 + Math.floor(i / perRow) * (bh + 8), w: bw, h: bh };
      const key = `answer:${i}`;
      const hovered = surface.isHovered(key);
      panel(c, b, { fill: hovered ? "#3f2a5a" : "#ece6f5", edge: hovered ? "#1b0f2c" : "#b7a9cf", radius: 10, lineWidth: hovered ? 2.5 : 1 });
      const ink = hovered ? "#ffffff" : PALETTE.ink;
      if (target.to.kind === "button") {
        const r = Math.min(22, bh * 0.38);
        drawToken(c, b.x + 8 + r, b.y + bh / 2, r, mover ? mover.colour : "blue", target.to.id, target.to.id,
          { letter: mover ? t(`upples.initial.${mover.colour}`) : "" });
        const tx = b.x + 2 * r + 16;
        fitText(c, `${i + 1}. ${choiceLabel(target)}`, { x: tx, y: b.y + 4, w: b.x + b.w - 6 - tx, h: bh / 2 - 2 },
          { size: 13, weight: 600, colour: ink, align: "left" });
        fitText(c, t(target.to.id === "white" ? "upples.shape.cross" : "upples.shape.l"),
          { x: tx, y: b.y + bh / 2, w: b.x + b.w - 6 - tx, h: bh / 2 - 4 },
          { size: 11, colour: hovered ? "#e6dcf7" : PALETTE.muted, align: "left", lines: 2 });
      } else {
        fitText(c, `${i + 1}. ${choiceLabel(target)}`, { x: b.x + 6, y: b.y, w: b.w - 12, h: b.h }, { size: 13, weight: 600, colour: ink });
      }
      surface.region({ rect: [b.x, b.y, b.w, b.h] }, { key, value: { kind: "choice" }, target, describe: words(target) });
    });
    const cancel = { x: px + pw / 2 - 70, y: py + ph - 38, w: 140, h: 30 };
    kitButton(c, cancel, t("upples.choice.cancel"), { primary: false, size: 13, hovered: surface.isHovered("cancel") });
    surface.region({ rect: [cancel.x, cancel.y, cancel.w, cancel.h] }, { key: "cancel", value: { kind: "cancel" } });
  }

  // -- a frame ---------------------------------------------------------------------------------------------------
  function render() {
    if (!table || !g) return;
    const v = view();
    const c = context;
    surface.begin();
    c.clearRect(0, 0, g.width, g.height);
    drawField();
    const cards = anim ? anim.cards : v.cards;
    drawCards(cards, anim ? anim.fades : null);
    const targets = anim ? [] : mine();
    const byThing = targetsByThing(targets.filter((target) => target.thing.kind !== "button"));
    if (!anim) {
      if (!v.over) drawMarks(v);
      drawLandings(byThing);
    }
    const tokens = anim ? anim.tokens : Object.fromEntries(v.players.map((p) => [p.seat, p]));
    drawTokens(v, tokens, anim ? anim.floating : null);
    if (anim) {
      drawWarp(anim.warp);
      drawBlast(anim.blast);
      drawFloaters(anim.floaters);
    }
    // one region per square: what is there, and what a tap on it does
    const refusals = host.humanSeat() !== null ? v.refusals || {} : {};
    for (const square of squares()) {
      const s = slot(square);
      const here = byThing.get(`card:${square}`) || byThing.get(`piece:${square}`) || [];
      const one = here.length === 1 && !here[0].to ? here[0] : null;
      const asks = here.length && !one;
      const describe = [];
      const standing = v.players.find((player) => player.square === square && !player.eliminated);
      if (standing) describe.push(aboutKomupple(standing));
      describe.push(`${square}: ${aboutCard(v.cards[square])}`);
      if (one) describe.push(words(one));
      else if (asks) describe.push(t(here[0].to.kind === "card" ? "upples.choice.tunnel_title" : "upples.choice.multi_title"));
      else if (refusals[square]) describe.push(t(refusals[square].key, refusals[square].params));
      const label = !choice && asks ? t(here[0].to.kind === "card" ? "upples.choice.tunnel_title" : "upples.choice.multi_title") : "";
      surface.region({ rect: [s.cx - g.cell / 2, s.cy - g.cell / 2, g.cell, g.cell] }, {
        key: `sq:${square}`, value: { kind: "square", square, targets: here }, target: !choice && one ? one : null,
        label, describe: describe.join(" "), focusable: !choice,
      });
    }
    drawStatus(v, g.status);
    if (g.portrait) {
      drawInfo(v, g.info);
    } else {
      drawHeader(v, g.header);
      drawPiles(v, g.piles);
    }
    v.players.forEach((player, seat) => drawPlayer(v, player, g.players[seat]));
    if (!anim && choice) drawChoice();
    surface.drawFocus();
  }

  // ---------------------------------------------------------------- animation of view.events
  // One animation runs at a time, and never outlives the table it belongs to: draw() and destroy() stop it
  // (stopAnimation), which cancels its next frame and ends its await at once. It changes only its own scene
  // object, which render() draws while it is `anim`, so a stopped animation can touch nothing that is shown.

  /** Stop the running animation, if any: no more frames, and its pending step resolves false. */
  function stopAnimation() {
    animToken++;
    anim = null;
    delete canvas.dataset.anim;
    if (frameId !== null) cancelAnimationFrame(frameId);
    frameId = null;
    const resume = wake;
    wake = null;
    if (resume) resume(false);
  }

  /** One step of animation `token`: frame(k) for k eased from 0 to 1 over `ms` (times the test-speed factor),
   * each frame drawn. Resolves true at the end, false as soon as the animation is stopped. k never leaves [0, 1]
   * (a frame's timestamp can be a little earlier than the start read here). */
  function step(token, ms, frame) {
    ms *= pace();
    return new Promise((resolve) => {
      if (token !== animToken) { resolve(false); return; }
      if (reducedMotion() || ms <= 0) { frame(1); render(); resolve(true); return; }
      const start = performance.now();
      wake = resolve;
      const tick = (now) => {
        frameId = null;
        if (token !== animToken) return; // stopAnimation has resolved it already
        if (!canvas.isConnected || !canvas.getClientRects().length) { // the board left the screen
          stopAnimation();
          render();
          return;
        }
        const linear = Math.min(1, Math.max(0, (now - start) / ms));
        frame(1 - (1 - linear) ** 3);
        render();
        if (linear < 1) { frameId = requestAnimationFrame(tick); return; }
        wake = null;
        resolve(true);
      };
      frameId = requestAnimationFrame(tick);
    });
  }

  async function play(previous, next, token) {
    const events = next.view.events || [];
    const cards = { ...previous.view.cards };
    const tokens = {};
    for (const p of previous.view.players) tokens[p.seat] = { square: p.square, body: p.body, hair: p.hair };
    const scene = { cards, tokens, fades: {}, floaters: [], floating: null, blast: null, warp: null };
    anim = scene;
    const tween = (ms, frame) => step(token, ms, frame);
    const landing = {};
    for (const event of events) {
      if (token !== animToken) return;
      canvas.dataset.anim = event.key; // what is being shown (for tests)
      const p = event.params || {};
      const seat = event.seat;
      const mine = seat !== null && seat !== undefined ? tokens[seat] : null;
      switch (event.key) {
        case "upples.jumped": {
          if (!mine) break;
          const a = centreOf(p.start);
          const b = centreOf(p.to);
          mine.square = null;
          landing[seat] = p.to;
          if (!await tween(360, (k) => {
            scene.floating = { seat, x: lerp(a.x, b.x, k), y: lerp(a.y, b.y, k) - Math.sin(k * Math.PI) * g.cell * 0.46, scale: 1 + 0.2 * Math.sin(k * Math.PI) };
          })) return;
          scene.floating = null;
          mine.square = p.to;
          break;
        }
        case "upples.ate": {
          const here = p.square;
          if (landing[seat] === here) {
            const centre = centreOf(here);
            const fl = { x: centre.x, y: centre.y - g.cell * 0.27, text: p.points ? `+${p.points}` : "", progress: 0 };
            if (fl.text) scene.floaters.push(fl);
            if (!await tween(220, (k) => { scene.fades[here] = 1 - k; fl.progress = k; })) return;
            scene.cards[here] = null;
            delete scene.fades[here];
            scene.floaters = scene.floaters.filter((f) => f !== fl);
          } else if (p.points) { // from a blast: shown with the explosion
            const centre = centreOf(here);
            scene.floaters.push({ x: centre.x, y: centre.y, text: `+${p.points}`, progress: 0 });
          }
          break;
        }
        case "upples.exploded": {
          const cleared = p.cleared ? p.cleared.split(",") : [];
          scene.blast = { square: p.square, progress: 0 };
          if (!await tween(520, (k) => {
            scene.blast.progress = k;
            for (const square of cleared) scene.fades[square] = 1 - k;
            for (const f of scene.floaters) f.progress = k;
          })) return;
          for (const square of cleared) { scene.cards[square] = null; delete scene.fades[square]; }
          scene.blast = null;
          scene.floaters = [];
          break;
        }
        case "upples.warped": {
          if (!mine) break;
          const a = centreOf(p.start);
          const b = centreOf(p.to);
          mine.square = null;
          scene.warp = { squares: [p.start, p.to], progress: 0 };
          if (!await tween(280, (k) => { scene.warp.progress = k / 2; scene.floating = { seat, x: a.x, y: a.y, scale: 1 - k, alpha: 1 - k * 0.5 }; })) return;
          if (!await tween(280, (k) => { scene.warp.progress = 0.5 + k / 2; scene.floating = { seat, x: b.x, y: b.y, scale: k, alpha: 0.5 + k * 0.5 }; })) return;
          scene.floating = null;
          scene.warp = null;
          mine.square = p.to;
          landing[seat] = p.to;
          break;
        }
        case "upples.bounced_tunnel":
        case "upples.bounced": {
          if (!mine) break;
          const victim = event.key === "upples.bounced"
            ? Object.values(next.view.players).find((q) => q.colour === p.victim) : null;
          const squashed = victim ? tokens[victim.seat] : null;
          if (!await tween(240, (k) => {
            mine.squash = Math.sin(k * Math.PI);
            if (squashed) squashed.squash = Math.sin(k * Math.PI);
          })) return;
          mine.squash = 0;
          if (squashed) squashed.squash = 0;
          break;
        }
        case "upples.stole": {
          const square = mine && mine.square;
          if (square) {
            const centre = centreOf(square);
            const fl = { x: centre.x, y: centre.y - g.cell * 0.32, text: `+${p.points}`, progress: 0 };
            scene.floaters.push(fl);
            if (!await tween(400, (k) => { fl.progress = k; })) return;
            scene.floaters = scene.floaters.filter((f) => f !== fl);
          }
          break;
        }
        case "upples.changed":
        case "upples.flipped":
        case "upples.blasted": {
          if (!mine) break;
          mine.body = p.body;
          mine.hair = p.hair || p.body;
          if (!await tween(200, (k) => { mine.squash = Math.sin(k * Math.PI) * 0.6; })) return;
          mine.squash = 0;
          break;
        }
        case "upples.swapped": {
          if (!mine || p.start === p.to) break;
          const a = centreOf(p.start);
          const b = centreOf(p.to);
          mine.square = null;
          if (!await tween(480, (k) => { scene.floating = { seat, x: lerp(a.x, b.x, k), y: lerp(a.y, b.y, k), scale: 1 + 0.15 * Math.sin(k * Math.PI) }; })) return;
          scene.floating = null;
          mine.square = p.to;
          for (const [other, tok] of Object.entries(tokens)) if (Number(other) !== seat && tok.square === p.to) tok.square = p.start;
          scene.cards[p.start] = next.view.cards[p.start];
          scene.cards[p.to] = next.view.cards[p.to];
          break;
        }
        case "upples.eliminated": {
          if (!mine) break;
          if (!await tween(420, (k) => { mine.alpha = 1 - k; })) return;
          mine.square = null;
          break;
        }
        case "upples.refilled": {
          const filled = p.squares ? p.squares.split(",") : [];
          for (const square of filled) { scene.cards[square] = next.view.cards[square]; scene.fades[square] = 0; }
          if (!await tween(260 + filled.length * 20, (k) => {
            filled.forEach((square, i) => {
              const delay = filled.length > 1 ? (i / filled.length) * 0.5 : 0;
              scene.fades[square] = Math.max(0, Math.min(1, (k - delay) / 0.5));
            });
          })) return;
          for (const square of filled) delete scene.fades[square];
          break;
        }
        default:
          break;
      }
    }
    if (token === animToken) { anim = null; delete canvas.dataset.anim; render(); }
  }


  // ---------------------------------------------------------------- touches and keys
  function act(action) {
    choice = null;
    hinted = null;
    surface.hideBubble();
    host.act(action);
    render();
  }

  function openChoice(square, targets) {
    choice = { square, targets };
    surface.focusedKey = "answer:0";
    host.announce?.(`${t(targets[0].to.kind === "card" ? "upples.choice.tunnel_title" : "upples.choice.multi_title")} `
      + targets.map((target, i) => `${i + 1}: ${choiceLabel(target)}`).join(", "));
    render();
  }

  function closeChoice() {
    if (!choice) return;
    const square = choice.square;
    choice = null;
    surface.focusedKey = `sq:${square}`;
    render();
  }

  function tap(region, point) {
    if (!table || !g) return;
    lastTap = point;
    surface.hideBubble();
    const value = region && region.value;
    if (choice) {
      if (value && value.kind === "choice" && region.target) { act(region.target.action); return; }
      closeChoice();
      if (!value || value.kind === "cancel") return;
    }
    if (!value) return;
    if (region.target && (value.kind === "square" || value.kind === "pass")) { act(region.target.action); return; }
    if (value.kind === "square" && value.targets.length && host.humanSeat() !== null) {
      openChoice(value.square, value.targets);
      return;
    }
    if (value.kind === "square" && host.humanSeat() !== null) {
      const refusal = (view().refusals || {})[value.square];
      if (refusal) { surface.tell(point, t(refusal.key, refusal.params)); return; }
    }
    if (region.describe) surface.tell(point, region.describe, "describe");
  }

  function onResize() {
    if (table && relayout()) render();
  }
  window.addEventListener("resize", onResize);

  // a slow pulse on the landings while a person is to move
  let pulseTimer = setInterval(() => {
    if (!table || anim || !mine().length || document.hidden) return;
    pulse += 0.35;
    render();
  }, 120);

  /** The region of the first thing the person may touch (where the keyboard starts). */
  function firstTargetKey() {
    const region = surface.regions.find((made) => made.focusable && (made.target || made.label));
    return region ? region.key : null;
  }

  return {
    draw(next, { animate = true } = {}) {
      const previous = table;
      table = next;
      choice = null;
      hinted = null;
      stopAnimation();
      surface.hideBubble();
      relayout();
      const grew = previous && next.history.length === previous.history.length + 1
        && previous.seed === next.seed && previous.game === next.game;
      if (animate && grew && (next.view.events || []).length) {
        play(previous, next, animToken);
      } else {
        render();
      }
    },
    keydown(event) {
      if (!table || !g) return;
      const key = event.key;
      if (choice) {
        if (key === "Escape") { closeChoice(); host.announce?.(t("upples.choice.cancelled")); event.preventDefault(); return; }
        const index = Number(key) - 1;
        if (/^[1-9]$/.test(key) && index < choice.targets.length) { event.preventDefault(); act(choice.targets[index].action); return; }
      } else if ((key === "n" || key === "N") && mine().length) {
        // the next thing the person may touch, in reading order
        const keys = surface.regions.filter((region) => region.focusable && (region.target || region.label)).map((region) => region.key);
        surface.focusedKey = keys[(keys.indexOf(surface.focusedKey) + 1) % keys.length];
        const focused = surface.focused;
        if (focused) host.announce?.(surface.wordsFor(focused));
        event.preventDefault();
        render();
        return;
      } else if ((key === "Enter" || key === " ") && !surface.focused && mine().length) {
        surface.focusedKey = firstTargetKey();
      } else if (key === "Escape" && hinted) {
        hinted = null;
        render();
        return;
      }
      if (key.startsWith("Arrow") && !surface.focused) surface.focusedKey = firstTargetKey();
      if (surface.keydown(event)) event.preventDefault();
    },
    showHint(action) {
      hinted = (view().targets || []).find((target) => target.action === action) || null;
      const square = hinted && squareOf(hinted.thing);
      if (square) surface.focusedKey = `sq:${square}`;
      else if (hinted) surface.focusedKey = "pass";
      render();
    },
    describeAction(v, action) {
      if (!action) return "";
      const target = (v.targets || []).find((made) => made.action === action);
      return target ? words(target) : action;
    },
    seatBadges(v, seat) {
      const player = v.players[seat];
      if (!player) return [];
      return [{ colour: PLAYER[player.colour].fill, label: `${colourWord(player.colour)}: ${stateWords(player)}`,
        symbol: t(`upples.initial.${player.colour}`) }];
    },
    /** What the person can do now, in CSS px of the viewport (window.gamebox.targets()). */
    targets() { return table && !anim && mine().length ? surface.targets() : []; },
    /** An action the rules refused: say why next to the place tapped. */
    refused(action, reason) {
      if (!g) return false;
      const target = mine().find((made) => made.action === action);
      const square = target && squareOf(target.thing);
      surface.tell(lastTap || (square ? centreOf(square) : { x: g.ground.w / 2, y: g.ground.h / 2 }), reason);
      return true;
    },
    destroy() {
      stopAnimation();
      clearInterval(pulseTimer);
      pulseTimer = null;
      window.removeEventListener("resize", onResize);
      surface.destroy();
      table = null;
      choice = null;
    },
    resize() { if (table) { g = null; relayout(); render(); } },
  };
}
