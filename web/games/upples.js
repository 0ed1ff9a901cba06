// Upples renderer: a 7×7 field of cards, the komupple tokens, the draw pile, the discard and each player's
// super upples, all drawn from view(). Clicks and keys pick a landing square from view.moves; a square with
// several actions (a multicolour's state, a tunnel's exit) opens a choice on the canvas. Python decides
// everything: the renderer only offers the actions view.moves lists, and animates view.events.
import { centredText, fitCanvas, HitRegions, pointerPosition, roundRect } from "./common.js";

const FILES = "abcdefg";
const SIZE = 7;
const CELL = 74;
const CARD = 66;
const BOARD_X = 36;
const BOARD_Y = 16;
const BOARD_W = SIZE * CELL;
const STATUS_Y = BOARD_Y + BOARD_W + 38;
const STATUS_H = 62;
const PANEL_X = BOARD_X + BOARD_W + 22;
const WIDTH = PANEL_X + 214;
const HEIGHT = STATUS_Y + STATUS_H + 8;

const PLAYER = {
  blue: { fill: "#2f6fd6", light: "#7fb0ff", dark: "#1a3f86", letter: "B" },
  pink: { fill: "#e0529c", light: "#ff9fcf", dark: "#8e2260", letter: "P" },
  green: { fill: "#2e9e5b", light: "#7fdca2", dark: "#17603a", letter: "G" },
  yellow: { fill: "#f0bf1f", light: "#ffe37a", dark: "#9a7405", letter: "Y" },
};
const UPPLE = {
  white: { light: "#ffffff", mid: "#f1f0ea", dark: "#c9c7bd", line: "#8d8a7d" },
  red: { light: "#ff7a66", mid: "#e23b2e", dark: "#9c1b14", line: "#5e0d09" },
  gold: { light: "#fff6b8", mid: "#f3c21b", dark: "#b07d00", line: "#6b4a00" },
};
const SPOT = { g: { fill: "#8f949b", edge: "#ffffff" }, r: { fill: "#d0142a", edge: "#ffffff" } };
const CLASSIC = /^([wr])([gr])$/;
const SUPER = /^([wrg])([1-5])$/;

const parse = (square) => ({ column: FILES.indexOf(square[0]), row: Number(square.slice(1)) });
const name = (column, row) => `${FILES[column]}${row}`;
const centreOf = (square) => {
  const { column, row } = parse(square);
  return { x: BOARD_X + column * CELL + CELL / 2, y: BOARD_Y + (SIZE - row) * CELL + CELL / 2 };
};
const lerp = (a, b, k) => a + (b - a) * k;
const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** A card code's parts: kind (classic, super, multi, rock, bomb, tunnel), colour, spots and points. */
function cardInfo(code) {
  let match = CLASSIC.exec(code || "");
  if (match) return { kind: "classic", colour: match[1] === "w" ? "white" : "red", spots: match[2], points: 0 };
  match = SUPER.exec(code || "");
  if (match) {
    const colour = { w: "white", r: "red", g: "gold" }[match[1]];
    return { kind: "super", colour, points: Number(match[2]) };
  }
  return { kind: code, points: 0 };
}

// ---------------------------------------------------------------- drawing the cards

/** The upple itself: a square apple with a stem and a leaf. */
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
  c.font = `bold ${Math.round(w * 0.17)}px system-ui, sans-serif`;
  c.textAlign = "left";
  c.textBaseline = "top";
  c.fillStyle = dark;
  c.fillText(text, x + w * 0.09, y + w * 0.07);
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
  centredText(c, `bold ${Math.round(r * 1.35)}px system-ui, sans-serif`, "#fff8d6", String(points), bx, by + 1);
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
export function drawCard(c, code, x, y, w) {
  const info = cardInfo(code);
  const cx = x + w / 2;
  const cy = y + w / 2;
  if (info.kind === "classic") {
    cardBase(c, x, y, w, w, "#f4f9ea", "#d6e9bd", "#8aa66a");
    drawUpple(c, cx, cy + w * 0.06, w * 0.56, info.colour, { spots: info.spots });
    cornerLabel(c, x, y, w, info.colour === "white" ? "W" : "R", "#4a5a33");
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
    cornerLabel(c, x, y, w, gold ? "★" : info.colour === "white" ? "W" : "R", "#6a4a00");
    valueBadge(c, x, y, w, info.points, gold);
  } else if (info.kind === "multi") {
    cardBase(c, x, y, w, w, "#ffffff", "#e4e6f2", "#7a7f9e");
    drawUpple(c, cx, cy + w * 0.06, w * 0.56, "white", { stripes: true });
    cornerLabel(c, x, y, w, "M", "#3b2a5c");
  } else if (info.kind === "rock") {
    cardBase(c, x, y, w, w, "#d9d3c4", "#a99f88", "#6d6552");
    drawRock(c, cx, cy + w * 0.06, w * 0.62);
  } else if (info.kind === "bomb") {
    cardBase(c, x, y, w, w, "#fde7d6", "#f3b98f", "#a0603a");
    drawBomb(c, cx, cy + w * 0.04, w * 0.56);
  } else if (info.kind === "tunnel") {
    cardBase(c, x, y, w, w, "#c99a66", "#8a5b2f", "#5a3714");
    drawTunnel(c, cx, cy, w * 0.9);
  } else if (code && code.startsWith("char-")) {
    const colour = code.slice(5);
    cardBase(c, x, y, w, w, "#ffffff", "#eeeeee", "#888");
    drawToken(c, cx, cy, w * 0.36, colour, "white", "white");
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
  centredText(c, `bold ${Math.round(w * 0.42)}px Georgia, serif`, "#fff6cf", "U", x + w / 2, y + w / 2 + 2);
}

// ---------------------------------------------------------------- the komupple token

export function drawToken(c, x, y, r, colour, body, hair, { glow = false, alpha = 1, squash = 0 } = {}) {
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
  // the player's letter on the ring
  c.font = `bold ${Math.round(r * 0.34)}px system-ui, sans-serif`;
  c.textAlign = "center";
  c.textBaseline = "middle";
  c.fillStyle = colour === "yellow" ? "#3d2c00" : "#ffffff";
  c.fillText(player.letter, 0, r * 0.88);
  c.restore();
}

// ---------------------------------------------------------------- the renderer

export function create(canvas, host) {
  let table = null;
  let context = fitCanvas(canvas, WIDTH, HEIGHT);
  const hits = new HitRegions();
  let cursor = null; // square under the keyboard cursor
  let showCursor = false;
  let hover = null;
  let hinted = null; // a hinted action
  let choice = null; // {square, actions, index}
  let anim = null; // the running animation's scene, drawn while view.events play
  let animToken = 0; // the running animation's number: stopAnimation() moves it on
  let frameId = null; // its next animation frame
  let wake = null; // resolves its pending step (false: stopped)
  let pulse = 0;

  const t = (key, params = {}) => host.t(key, params);
  const view = () => table && table.view;
  const myMoves = () => (table && !table.is_over && host.humanSeat() !== null ? table.view.moves : {});
  const cardName = (code) => (code ? t(`upples.card.${code}`) : t("upples.card.empty"));
  const colourWord = (colour) => t(`colour.${colour}`);

  function stateWords(player) {
    return t(`upples.state.${player.body}_${player.hair}`);
  }

  // ---------------------------------------------------------------- pieces of the picture
  function drawField(v) {
    const c = context;
    // the ground of Planet U
    roundRect(c, BOARD_X - 28, BOARD_Y - 10, BOARD_W + 38, BOARD_W + 38, 16);
    const ground = c.createLinearGradient(0, BOARD_Y, 0, BOARD_Y + BOARD_W);
    ground.addColorStop(0, "#6d4c8f");
    ground.addColorStop(1, "#3f2a5a");
    c.fillStyle = ground;
    c.fill();
    c.fillStyle = "rgba(255,255,255,0.8)";
    c.font = "bold 12px system-ui, sans-serif";
    c.textAlign = "center";
    c.textBaseline = "middle";
    for (let i = 0; i < SIZE; i++) {
      c.fillText(FILES[i], BOARD_X + i * CELL + CELL / 2, BOARD_Y + BOARD_W + 12);
      c.fillText(String(SIZE - i), BOARD_X - 14, BOARD_Y + i * CELL + CELL / 2);
    }
  }

  function slot(square) {
    const { x, y } = centreOf(square);
    return { x: x - CARD / 2, y: y - CARD / 2, cx: x, cy: y };
  }

  function drawEmpty(square) {
    const c = context;
    const s = slot(square);
    roundRect(c, s.x + 2, s.y + 2, CARD - 4, CARD - 4, 8);
    c.fillStyle = "rgba(20, 10, 30, 0.45)";
    c.fill();
    c.strokeStyle = "rgba(255,255,255,0.12)";
    c.setLineDash([4, 4]);
    c.lineWidth = 1;
    c.stroke();
    c.setLineDash([]);
  }

  function drawCards(cards, fades) {
    for (let row = SIZE; row >= 1; row--) {
      for (let column = 0; column < SIZE; column++) {
        const square = name(column, row);
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
          drawCard(context, code, -CARD / 2, -CARD / 2, CARD);
          context.restore();
        } else {
          drawCard(context, code, s.x, s.y, CARD);
        }
      }
    }
  }

  function drawMarks(v) {
    const c = context;
    // tunnels used this turn: crossed out
    for (const square of v.tunnels_used || []) {
      const s = slot(square);
      c.strokeStyle = "rgba(255,255,255,0.85)";
      c.lineWidth = 3;
      c.beginPath();
      c.moveTo(s.x + 12, s.y + 12);
      c.lineTo(s.x + CARD - 12, s.y + CARD - 12);
      c.moveTo(s.x + CARD - 12, s.y + 12);
      c.lineTo(s.x + 12, s.y + CARD - 12);
      c.stroke();
    }
    // this turn's chain so far
    const path = v.path || [];
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
    path.forEach((square, i) => {
      const p = centreOf(square);
      c.beginPath();
      c.arc(p.x - CARD / 2 + 10, p.y + CARD / 2 - 10, 8, 0, Math.PI * 2);
      c.fillStyle = "#ffe878";
      c.fill();
      c.strokeStyle = "#6b5400";
      c.lineWidth = 1;
      c.stroke();
      centredText(c, "bold 10px system-ui, sans-serif", "#3d2f00", String(i + 1), p.x - CARD / 2 + 10, p.y + CARD / 2 - 9);
    });
  }

  function drawHighlights(moves) {
    const c = context;
    const glow = 0.55 + 0.45 * Math.sin(pulse);
    for (const [square, actions] of Object.entries(moves)) {
      const s = slot(square);
      const isHover = square === hover || (showCursor && square === cursor);
      c.save();
      c.shadowColor = "#b6ff5c";
      c.shadowBlur = isHover ? 18 : 10;
      roundRect(c, s.x - 1, s.y - 1, CARD + 2, CARD + 2, 9);
      c.strokeStyle = isHover ? "#eaffb0" : `rgba(182, 255, 92, ${0.65 + 0.35 * glow})`;
      c.lineWidth = isHover ? 5 : 3.5;
      c.stroke();
      c.restore();
      // a target badge: an arrow into the card, or "…" when the square asks a question
      c.beginPath();
      c.arc(s.x + CARD - 11, s.y + 11, 9, 0, Math.PI * 2);
      c.fillStyle = "#2f7a12";
      c.fill();
      c.strokeStyle = "#eaffb0";
      c.lineWidth = 1.5;
      c.stroke();
      centredText(c, "bold 11px system-ui, sans-serif", "#ffffff", actions.length > 1 ? "?" : "↓", s.x + CARD - 11, s.y + 12);
    }
    if (hinted) {
      const parts = hinted.split(" ");
      if (parts[0] === "jump") {
        const s = slot(parts[2]);
        roundRect(c, s.x - 5, s.y - 5, CARD + 10, CARD + 10, 12);
        c.strokeStyle = "#f5a623";
        c.lineWidth = 4;
        c.setLineDash([7, 4]);
        c.stroke();
        c.setLineDash([]);
        if (parts[3] === "exit") {
          const e = slot(parts[4]);
          roundRect(c, e.x - 5, e.y - 5, CARD + 10, CARD + 10, 12);
          c.stroke();
        }
      }
    }
    if (showCursor && cursor) {
      const s = slot(cursor);
      roundRect(c, s.x - 4, s.y - 4, CARD + 8, CARD + 8, 11);
      c.strokeStyle = "#ffffff";
      c.lineWidth = 2.5;
      c.setLineDash([6, 4]);
      c.stroke();
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
    for (const [square, players] of Object.entries(byPlace)) {
      const p = centreOf(square);
      // a bounce leaves the mover on another komupple: draw the mover offset and on top
      players.sort((a, b) => (a.seat === current) - (b.seat === current));
      players.forEach((player, i) => {
        const token = tokens[player.seat];
        const offset = players.length > 1 ? (i ? 10 : -10) : 0;
        drawToken(context, p.x + offset, p.y + offset, 24, player.colour, token.body, token.hair, {
          glow: !table.is_over && player.seat === current && !anim,
          squash: token.squash || 0, alpha: token.alpha ?? 1,
        });
      });
    }
    if (floating) {
      const player = v.players[floating.seat];
      const token = tokens[floating.seat];
      drawToken(context, floating.x, floating.y, 24 * (floating.scale ?? 1), player.colour, token.body, token.hair,
        { alpha: floating.alpha ?? 1 });
    }
  }

  function drawBlast(blast) {
    if (!blast) return;
    const c = context;
    const p = centreOf(blast.square);
    const k = blast.progress;
    c.save();
    const r = CELL * 1.6 * Math.max(0, k); // a radius never goes below 0, whatever the progress
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
          const r = i * 1.6;
          c.lineTo(Math.cos(a) * r, Math.sin(a) * r);
        }
        c.stroke();
      }
      c.restore();
    }
  }

  function drawFloaters(floaters) {
    const c = context;
    for (const f of floaters || []) {
      c.font = "bold 18px system-ui, sans-serif";
      c.textAlign = "center";
      c.textBaseline = "middle";
      c.lineWidth = 4;
      c.strokeStyle = `rgba(60, 40, 0, ${1 - f.progress})`;
      c.fillStyle = `rgba(255, 226, 60, ${1 - f.progress})`;
      const y = f.y - 30 * f.progress;
      c.strokeText(f.text, f.x, y);
      c.fillText(f.text, f.x, y);
    }
  }

  function miniCard(code, x, y, w) {
    const info = cardInfo(code);
    if (info.kind !== "super" || w >= 40) { drawCard(context, code, x, y, w); return; }
    // a small super upple: the value, big, on a disc in the upple's colour (plus the W / R / ★ letter)
    const c = context;
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
    centredText(c, `bold ${Math.round(w * 0.46)}px system-ui, sans-serif`, info.colour === "white" ? "#3b2a12" : "#ffffff", String(info.points), x + w / 2, y + w * 0.58);
    c.fillStyle = "#5a3d00";
    c.font = `bold ${Math.round(w * 0.26)}px system-ui, sans-serif`;
    c.textAlign = "left";
    c.textBaseline = "top";
    c.fillText(gold ? "★" : info.colour === "white" ? "W" : "R", x + 2, y + 1);
  }

  function drawPanel(v) {
    const c = context;
    const x0 = PANEL_X;
    let y = BOARD_Y - 8;
    // the mode and turn
    roundRect(c, x0, y, 206, 30, 8);
    c.fillStyle = "#3f2a5a";
    c.fill();
    c.fillStyle = "#ffffff";
    c.font = "bold 13px system-ui, sans-serif";
    c.textAlign = "left";
    c.textBaseline = "middle";
    const modeText = t(`upples.mode.${v.mode}`) + (v.teams ? ` · ${t("upples.teams")}` : "");
    c.fillText(modeText, x0 + 10, y + 15);
    c.textAlign = "right";
    c.font = "12px system-ui, sans-serif";
    c.fillText(t("upples.turn_number", { n: v.turn }), x0 + 198, y + 15);
    y += 40;
    // the draw pile and the discard
    const pileW = 56;
    const layers = Math.min(5, Math.ceil(v.draw_pile / 15));
    if (v.draw_pile > 0) {
      for (let i = layers - 1; i >= 0; i--) drawCardBack(c, x0 + 8 + i * 2, y + 6 - i * 2, pileW);
    } else {
      roundRect(c, x0 + 8, y + 6, pileW, pileW, 7);
      c.strokeStyle = "rgba(0,0,0,0.3)";
      c.setLineDash([4, 4]);
      c.stroke();
      c.setLineDash([]);
    }
    const discard = v.discard || [];
    if (discard.length) {
      if (discard.length > 1) {
        c.save();
        c.translate(x0 + 140 + pileW / 2, y + 6 + pileW / 2);
        c.rotate(-0.12);
        miniCard(discard[discard.length - 2], -pileW / 2, -pileW / 2, pileW);
        c.restore();
      }
      miniCard(discard[discard.length - 1], x0 + 140, y + 6, pileW);
    } else {
      roundRect(c, x0 + 140, y + 6, pileW, pileW, 7);
      c.strokeStyle = "rgba(0,0,0,0.3)";
      c.setLineDash([4, 4]);
      c.stroke();
      c.setLineDash([]);
    }
    c.fillStyle = "#1f2430";
    c.font = "600 12px system-ui, sans-serif";
    c.textAlign = "center";
    c.textBaseline = "top";
    c.fillText(t("upples.pile", { count: v.draw_pile }), x0 + 8 + pileW / 2 + 4, y + pileW + 12);
    c.fillText(t("upples.discard", { count: discard.length }), x0 + 140 + pileW / 2, y + pileW + 12);
    // the count, in a badge on the pile
    c.beginPath();
    c.arc(x0 + 8 + pileW + 4, y + 10, 15, 0, Math.PI * 2);
    c.fillStyle = "#fffaf0";
    c.fill();
    c.strokeStyle = "#24592a";
    c.lineWidth = 2;
    c.stroke();
    c.font = "bold 13px system-ui, sans-serif";
    c.textBaseline = "middle";
    c.fillStyle = "#1f2430";
    c.fillText(String(v.draw_pile), x0 + 8 + pileW + 4, y + 11);
    y += pileW + 34;
    // the players
    const rowH = Math.min(96, Math.floor((STATUS_Y + STATUS_H - y) / v.players.length));
    v.players.forEach((player, i) => drawPlayerRow(v, player, x0, y + i * rowH, rowH - 6));
  }

  function drawPlayerRow(v, player, x0, y, h) {
    const c = context;
    const toMove = !v.over && v.current === player.seat;
    roundRect(c, x0, y, 206, h, 10);
    c.fillStyle = player.eliminated ? "#e9e6e0" : toMove ? "#fff6d8" : "#ffffff";
    c.fill();
    c.strokeStyle = toMove ? PLAYER[player.colour].fill : "rgba(0,0,0,0.15)";
    c.lineWidth = toMove ? 2.5 : 1;
    c.stroke();
    drawToken(c, x0 + 24, y + 26, 17, player.colour, player.body, player.hair, { alpha: player.eliminated ? 0.4 : 1 });
    c.textAlign = "left";
    c.textBaseline = "middle";
    c.fillStyle = "#1f2430";
    c.font = "600 13px system-ui, sans-serif";
    let label = host.seatName(player.seat);
    if (label.length > 17) label = `${label.slice(0, 16)}…`;
    c.fillText(`${toMove ? "▶ " : ""}${label}`, x0 + 48, y + 14);
    c.fillStyle = "#5a6172";
    c.font = "11px system-ui, sans-serif";
    const team = v.teams ? ` · ${t("upples.team", { n: v.teams[0].includes(player.seat) ? "A" : "B" })}` : "";
    let status = stateWords(player);
    if (player.eliminated) status = t("upples.eliminated_badge");
    else if (player.stuck) status += ` · ${t("upples.stuck_badge")}`;
    c.fillText(`${colourWord(player.colour)}${team}`, x0 + 48, y + 30);
    c.fillStyle = player.eliminated ? "#a33" : "#5a6172";
    c.fillText(status, x0 + 48, y + 44);
    // points (or turns in Training)
    c.textAlign = "right";
    c.fillStyle = "#6b4a00";
    c.font = "bold 15px system-ui, sans-serif";
    const points = v.mode === "training"
      ? t("upples.turns_short", { n: player.turns })
      : t("upples.points_short", { n: player.points });
    c.fillText(points, x0 + 200, y + 14);
    // kept cards, overlapping
    const kept = player.kept || [];
    const w = 26;
    const room = 206 - 16;
    const step = kept.length > 1 ? Math.min(w + 2, (room - w) / (kept.length - 1)) : 0;
    kept.forEach((code, i) => miniCard(code, x0 + 8 + i * step, y + h - w - 5, w));
    if (!kept.length && h > 60) {
      c.textAlign = "left";
      c.fillStyle = "#8a8f9c";
      c.font = "italic 11px system-ui, sans-serif";
      c.fillText(t("upples.no_kept"), x0 + 10, y + h - 14);
    }
  }

  function drawStatus(v) {
    const c = context;
    const x0 = BOARD_X - 28;
    const w = BOARD_W + 38;
    roundRect(c, x0, STATUS_Y, w, STATUS_H, 12);
    c.fillStyle = "#f6f1e6";
    c.fill();
    c.strokeStyle = "rgba(0,0,0,0.15)";
    c.lineWidth = 1;
    c.stroke();
    const mover = v.current === null || v.current === undefined ? null : v.players[v.current];
    const human = host.humanSeat();
    let line1 = "";
    let line2 = "";
    if (v.over) {
      line1 = t(`upples.end.${v.end_reason || "over"}`);
    } else if (mover) {
      const who = host.seatName(mover.seat);
      const shape = t(mover.body === "white" ? "upples.shape.cross" : "upples.shape.l");
      if (v.must_pass) {
        line1 = t(mover.stuck ? "upples.status.must_swap" : "upples.status.must_flip", { name: who });
      } else if (v.in_chain) {
        line1 = t("upples.status.extra_jump", { name: who });
      } else {
        line1 = t("upples.status.turn", { name: who });
      }
      line2 = `${stateWords(mover)} · ${shape}`;
      if (human !== null && !v.must_pass) line2 += ` · ${t("upples.status.pick")}`;
    }
    c.textAlign = "left";
    c.textBaseline = "middle";
    c.fillStyle = "#1f2430";
    c.font = "600 14px system-ui, sans-serif";
    c.fillText(line1, x0 + 14, STATUS_Y + 20);
    c.fillStyle = "#5a6172";
    c.font = "12px system-ui, sans-serif";
    c.fillText(line2, x0 + 14, STATUS_Y + 42);
    // Training: what this turn holds (the last is kept)
    const held = v.eaten_this_turn || [];
    if (v.mode === "training" && held.length) {
      c.textAlign = "right";
      c.fillText(t("upples.held"), x0 + w - 14 - held.length * 24, STATUS_Y + 20);
      held.forEach((code, i) => miniCard(code, x0 + w - 12 - (held.length - i) * 24, STATUS_Y + 10, 21));
    }
    // the pass button
    if (v.must_pass && human !== null) {
      const bw = 150;
      const bx = x0 + w - bw - 12;
      const by = STATUS_Y + 12;
      c.save();
      c.shadowColor = "rgba(0,0,0,0.3)";
      c.shadowBlur = 4;
      roundRect(c, bx, by, bw, 38, 9);
      c.fillStyle = "#c0392b";
      c.fill();
      c.restore();
      if (showCursor) {
        roundRect(c, bx - 3, by - 3, bw + 6, 44, 11);
        c.strokeStyle = "#1f2430";
        c.lineWidth = 2;
        c.setLineDash([5, 3]);
        c.stroke();
        c.setLineDash([]);
      }
      c.fillStyle = "#ffffff";
      c.font = "bold 14px system-ui, sans-serif";
      c.textAlign = "center";
      c.fillText(t(mover && mover.stuck ? "upples.pass_swap" : "upples.pass_flip"), bx + bw / 2, by + 19);
      hits.rect(bx, by, bw, 38, { kind: "pass" });
    }
  }

  function choiceLabel(action) {
    const parts = action.split(" ");
    if (parts[3] === "exit") return t("upples.choice.exit", { square: parts[4] });
    return t(`upples.choice.${parts[3]}`);
  }

  function drawChoice() {
    if (!choice) return;
    const c = context;
    const actions = choice.actions;
    const tunnel = actions[0].split(" ")[3] === "exit";
    // dim the board, keep the exits visible
    c.fillStyle = "rgba(20, 10, 30, 0.55)";
    c.fillRect(BOARD_X - 28, BOARD_Y - 10, BOARD_W + 38, BOARD_W + 38);
    if (tunnel) {
      actions.forEach((action, i) => {
        const exit = action.split(" ")[4];
        const s = slot(exit);
        drawCard(c, "tunnel", s.x, s.y, CARD);
        roundRect(c, s.x - 3, s.y - 3, CARD + 6, CARD + 6, 10);
        c.strokeStyle = i === choice.index ? "#ffffff" : "#c8a2ff";
        c.lineWidth = i === choice.index ? 4 : 2.5;
        c.stroke();
        c.beginPath();
        c.arc(s.x + 12, s.y + 12, 10, 0, Math.PI * 2);
        c.fillStyle = "#5b2a9e";
        c.fill();
        centredText(c, "bold 12px system-ui, sans-serif", "#fff", String(i + 1), s.x + 12, s.y + 13);
        hits.rect(s.x, s.y, CARD, CARD, { kind: "choose", action });
      });
    }
    const from = slot(choice.square);
    drawCard(c, table.view.cards[choice.square], from.x, from.y, CARD);
    const bw = tunnel ? 120 : 236;
    const bh = tunnel ? 34 : 64;
    const perRow = tunnel ? Math.min(3, actions.length) : 2;
    const rows = Math.ceil(actions.length / perRow);
    const pw = perRow * bw + (perRow + 1) * 10;
    const ph = 44 + rows * (bh + 10) + 24;
    const px = BOARD_X + BOARD_W / 2 - pw / 2;
    // put the panel where it hides the fewest of the squares in play (the card and the exits)
    const inPlay = [choice.square, ...(tunnel ? actions.map((a) => a.split(" ")[4]) : [])];
    const covered = (top) => inPlay.filter((square) => {
      const cy = centreOf(square).y;
      return cy + CARD / 2 > top && cy - CARD / 2 < top + ph;
    }).length;
    const tops = [BOARD_Y + 10, BOARD_Y + BOARD_W - ph - 10, BOARD_Y + BOARD_W / 2 - ph / 2];
    const py = tops.reduce((best, top) => (covered(top) < covered(best) ? top : best));
    c.save();
    c.shadowColor = "rgba(0,0,0,0.45)";
    c.shadowBlur = 16;
    roundRect(c, px, py, pw, ph, 14);
    c.fillStyle = "#fffaf0";
    c.fill();
    c.restore();
    c.strokeStyle = "#3f2a5a";
    c.lineWidth = 2;
    roundRect(c, px, py, pw, ph, 14);
    c.stroke();
    centredText(c, "bold 15px system-ui, sans-serif", "#1f2430", t(tunnel ? "upples.choice.tunnel_title" : "upples.choice.multi_title"), px + pw / 2, py + 22);
    const mover = table.view.players[table.view.current];
    actions.forEach((action, i) => {
      const col = i % perRow;
      const row = Math.floor(i / perRow);
      const bx = px + 10 + col * (bw + 10);
      const by = py + 44 + row * (bh + 10);
      const active = i === choice.index;
      roundRect(c, bx, by, bw, bh, 10);
      c.fillStyle = active ? "#3f2a5a" : "#ece6f5";
      c.fill();
      c.strokeStyle = active ? "#1b0f2c" : "#b7a9cf";
      c.lineWidth = active ? 2.5 : 1;
      c.stroke();
      c.fillStyle = active ? "#ffffff" : "#1f2430";
      c.font = "600 13px system-ui, sans-serif";
      c.textAlign = "left";
      if (tunnel) {
        c.fillText(`${i + 1}. ${choiceLabel(action)}`, bx + 12, by + bh / 2 + 1);
      } else {
        const colour = action.split(" ")[3];
        drawToken(c, bx + 30, by + bh / 2, 22, mover ? mover.colour : "blue", colour, colour);
        c.fillText(`${i + 1}. ${choiceLabel(action)}`, bx + 60, by + bh / 2 - 9);
        c.font = "11px system-ui, sans-serif";
        c.fillStyle = active ? "#e6dcf7" : "#5a6172";
        c.fillText(t(colour === "white" ? "upples.shape.cross" : "upples.shape.l"), bx + 60, by + bh / 2 + 10);
      }
      hits.rect(bx, by, bw, bh, { kind: "choose", action });
    });
    c.fillStyle = "#5a6172";
    c.font = "11px system-ui, sans-serif";
    c.textAlign = "center";
    c.fillText(t("upples.choice.keys"), px + pw / 2, py + ph - 13);
  }

  function render() {
    if (!table) return;
    const v = table.view;
    const c = context;
    hits.clear();
    c.clearRect(0, 0, WIDTH, HEIGHT);
    drawField(v);
    const cards = anim ? anim.cards : v.cards;
    drawCards(cards, anim ? anim.fades : null);
    if (!anim) {
      if (!v.over) drawMarks(v);
      drawHighlights(myMoves());
    }
    const tokens = anim ? anim.tokens : Object.fromEntries(v.players.map((p) => [p.seat, p]));
    drawTokens(v, tokens, anim ? anim.floating : null);
    if (anim) {
      drawWarp(anim.warp);
      drawBlast(anim.blast);
      drawFloaters(anim.floaters);
    }
    drawPanel(v);
    drawStatus(v);
    if (!anim) drawChoice();
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

  /** One step of animation `token`: frame(k) for k eased from 0 to 1 over `ms`, each frame drawn. Resolves true
   * at the end, false as soon as the animation is stopped. k never leaves [0, 1] (a frame's timestamp can be a
   * little earlier than the start read here). */
  function step(token, ms, frame) {
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
            scene.floating = { seat, x: lerp(a.x, b.x, k), y: lerp(a.y, b.y, k) - Math.sin(k * Math.PI) * 34, scale: 1 + 0.2 * Math.sin(k * Math.PI) };
          })) return;
          scene.floating = null;
          mine.square = p.to;
          break;
        }
        case "upples.ate": {
          const here = p.square;
          if (landing[seat] === here) {
            const centre = centreOf(here);
            const fl = { x: centre.x, y: centre.y - 20, text: p.points ? `+${p.points}` : "", progress: 0 };
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
            const fl = { x: centre.x, y: centre.y - 24, text: `+${p.points}`, progress: 0 };
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
          const squares = p.squares ? p.squares.split(",") : [];
          for (const square of squares) { scene.cards[square] = next.view.cards[square]; scene.fades[square] = 0; }
          if (!await tween(260 + squares.length * 20, (k) => {
            squares.forEach((square, i) => {
              const delay = squares.length > 1 ? (i / squares.length) * 0.5 : 0;
              scene.fades[square] = Math.max(0, Math.min(1, (k - delay) / 0.5));
            });
          })) return;
          for (const square of squares) delete scene.fades[square];
          break;
        }
        default:
          break;
      }
    }
    if (token === animToken) { anim = null; delete canvas.dataset.anim; render(); }
  }

  // ---------------------------------------------------------------- acting
  function describeSquare(square) {
    const v = view();
    const parts = [`${square}: ${cardName(v.cards[square])}`];
    for (const player of v.players) {
      if (player.square === square) parts.push(t("upples.token_here", { colour: colourWord(player.colour), state: stateWords(player) }));
    }
    const actions = myMoves()[square];
    if (actions) parts.push(actions.length > 1 ? t("upples.can_land_choose") : t("upples.can_land"));
    return parts.join(" · ");
  }

  function choose(square) {
    const actions = myMoves()[square];
    if (!actions) return false;
    hover = null;
    if (actions.length === 1) {
      act(actions[0]);
    } else {
      let index = 0;
      if (hinted && actions.includes(hinted)) index = actions.indexOf(hinted);
      choice = { square, actions, index };
      host.announce(`${t(actions[0].split(" ")[3] === "exit" ? "upples.choice.tunnel_title" : "upples.choice.multi_title")} ${actions.map((a, i) => `${i + 1}: ${choiceLabel(a)}`).join(", ")}`);
      render();
    }
    return true;
  }

  function act(action) {
    choice = null;
    hinted = null;
    host.act(action);
    render();
  }

  function toLocal(event) {
    return pointerPosition(canvas, event);
  }

  function squareAt(point) {
    const column = Math.floor((point.x - BOARD_X) / CELL);
    const fromTop = Math.floor((point.y - BOARD_Y) / CELL);
    if (column < 0 || column >= SIZE || fromTop < 0 || fromTop >= SIZE) return null;
    return name(column, SIZE - fromTop);
  }

  function onClick(event) {
    if (!table) return;
    const point = toLocal(event);
    showCursor = false;
    const hit = hits.at(point);
    if (hit && hit.kind === "choose") { act(hit.action); return; }
    if (hit && hit.kind === "pass") { act("pass"); return; }
    if (choice) { choice = null; render(); return; }
    const square = squareAt(point);
    if (square && choose(square)) { cursor = square; return; }
    if (square) host.announce(describeSquare(square));
  }

  function onMove(event) {
    if (!table || choice) return;
    const square = squareAt(toLocal(event));
    const next = square && myMoves()[square] ? square : null;
    canvas.style.cursor = next || hits.at(toLocal(event)) ? "pointer" : "default";
    if (next !== hover) { hover = next; render(); }
  }

  function onLeave() { if (hover) { hover = null; render(); } }
  function onFocus() { render(); }
  function onBlur() { showCursor = false; render(); }

  canvas.addEventListener("click", onClick);
  canvas.addEventListener("mousemove", onMove);
  canvas.addEventListener("mouseleave", onLeave);
  canvas.addEventListener("focus", onFocus);
  canvas.addEventListener("blur", onBlur);

  // a slow pulse on the legal landings while a human is to move
  let pulseTimer = setInterval(() => {
    if (!table || anim || host.humanSeat() === null || document.hidden) return;
    pulse += 0.35;
    render();
  }, 120);

  function placeCursor() {
    const moves = Object.keys(myMoves());
    if (!moves.length) return;
    if (!cursor || !moves.includes(cursor)) {
      moves.sort((a, b) => parse(b).row - parse(a).row || parse(a).column - parse(b).column);
      cursor = moves[0];
    }
  }

  return {
    draw(next, { animate = true } = {}) {
      const previous = table;
      table = next;
      choice = null;
      hinted = null;
      hover = null;
      stopAnimation();
      placeCursor();
      const grew = previous && next.history.length === previous.history.length + 1
        && previous.seed === next.seed && previous.game === next.game;
      if (animate && grew && (next.view.events || []).length) {
        play(previous, next, animToken);
      } else {
        render();
      }
    },
    keydown(event) {
      if (!table) return;
      const key = event.key;
      if (choice) {
        const n = choice.actions.length;
        if (key === "ArrowRight" || key === "ArrowDown") choice.index = (choice.index + 1) % n;
        else if (key === "ArrowLeft" || key === "ArrowUp") choice.index = (choice.index + n - 1) % n;
        else if (key === "Enter" || key === " ") { act(choice.actions[choice.index]); event.preventDefault(); return; }
        else if (key === "Escape") { choice = null; host.announce(t("upples.choice.cancelled")); }
        else if (/^[1-9]$/.test(key) && Number(key) <= n) { act(choice.actions[Number(key) - 1]); event.preventDefault(); return; }
        else return;
        event.preventDefault();
        if (choice) host.announce(choiceLabel(choice.actions[choice.index]));
        render();
        return;
      }
      if (host.humanSeat() === null) return;
      const moves = myMoves();
      if (table.view.must_pass) {
        if (key === "Enter" || key === " ") { event.preventDefault(); act("pass"); return; }
        if (key.startsWith("Arrow")) { showCursor = true; event.preventDefault(); host.announce(t("upples.status.must_flip", { name: "" })); render(); }
        return;
      }
      if (!cursor) placeCursor();
      if (!cursor) cursor = "d4";
      const { column, row } = parse(cursor);
      if (key === "ArrowLeft" && column > 0) cursor = name(column - 1, row);
      else if (key === "ArrowRight" && column < SIZE - 1) cursor = name(column + 1, row);
      else if (key === "ArrowUp" && row < SIZE) cursor = name(column, row + 1);
      else if (key === "ArrowDown" && row > 1) cursor = name(column, row - 1);
      else if (key === "n" || key === "N") {
        const list = Object.keys(moves);
        if (list.length) cursor = list[(list.indexOf(cursor) + 1) % list.length];
      } else if (key === "Enter" || key === " ") {
        event.preventDefault();
        showCursor = true;
        if (!choose(cursor)) host.announce(t("upples.cannot_land", { square: cursor }));
        return;
      } else if (key === "Escape") {
        showCursor = false;
        hinted = null;
        event.preventDefault();
        render();
        return;
      } else if (!key.startsWith("Arrow")) {
        return;
      }
      event.preventDefault();
      showCursor = true;
      host.announce(describeSquare(cursor));
      render();
    },
    showHint(action) {
      hinted = action;
      if (action && action.startsWith("jump")) {
        cursor = action.split(" ")[2];
        showCursor = true;
      }
      render();
    },
    describeAction(v, action) {
      if (!action) return "";
      if (action === "pass") {
        const mover = v.players[v.current];
        return t(mover && mover.stuck ? "upples.describe.pass_swap" : "upples.describe.pass_flip");
      }
      const parts = action.split(" ");
      const base = t("upples.describe.jump", { start: parts[1], to: parts[2], card: cardName(v.cards[parts[2]]) });
      if (parts[3] === "exit") return `${base} ${t("upples.describe.exit", { square: parts[4] })}`;
      if (parts[3]) return `${base} ${t(`upples.describe.${parts[3]}`)}`;
      return base;
    },
    seatBadges(v, seat) {
      const player = v.players[seat];
      if (!player) return [];
      const look = PLAYER[player.colour];
      return [{ colour: look.fill, label: `${colourWord(player.colour)}: ${stateWords(player)}`, symbol: look.letter }];
    },
    destroy() {
      stopAnimation();
      clearInterval(pulseTimer);
      pulseTimer = null;
      canvas.removeEventListener("click", onClick);
      canvas.removeEventListener("mousemove", onMove);
      canvas.removeEventListener("mouseleave", onLeave);
      canvas.removeEventListener("focus", onFocus);
      canvas.removeEventListener("blur", onBlur);
      canvas.style.cursor = "";
      table = null;
      choice = null;
    },
    resize() { context = fitCanvas(canvas, WIDTH, HEIGHT); render(); },
  };
}
