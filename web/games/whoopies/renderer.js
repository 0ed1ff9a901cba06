// Whoopies renderer: the die, the roller's choice, the throw and the grab, drawn from view() on the renderer kit.
// What can be played comes from view.targets (py/gamebox/whoopies/views.py): the die, a choice card, a creature,
// a player or a button. The throw is Python's simulation (view.throw.paths): the renderer plays those frames back,
// interpolated linearly, from the moment the animation starts, and registers each frame where every ball and body
// is drawn, so targets() says where they are now. A grab is the one move a person builds (grabIntent below): the
// point of the table the hand closed on in the throw's 800×520 units and the throw's clock, sent as an intent;
// Python writes it as `grab <x>,<y> @<ms>`, hit-tests it and settles the round. Other seats' grabs are never
// shown during a grab (they are in history; history is not drawn). In a replay (a review's position) showHint of a
// grab at a point, the review's better move, holds the throw still at its moment with a ring where the hand closes.
import { pace } from "../common.js";
import { button, fitFirst, fitText, font, gem, PALETTE, panel, roundRect, Surface } from "../kit.js";

const THROW_W = 800; // the throw's units (view.throw.width × height)
const THROW_H = 520;
const FLOOR_Y = 500; // the table top in the throw's units (view.throw.floor)
const COUNTDOWN_MS = 2100;
const HOLD_MS = 1400; // how long a catch stays on screen before the next screen
const DIE_MS = 950;
const RESULT_MS = 3800; // a round's result stays readable this long before the next throw's countdown

const COLOURS = {
  orange: { fill: "#f58a1f", light: "#ffc27a", dark: "#a9520a", pattern: "stripes" },
  blue: { fill: "#2f7fe0", light: "#8cc0ff", dark: "#17488f", pattern: "dots" },
  pink: { fill: "#f06aa8", light: "#ffb3d6", dark: "#a62d66", pattern: "rings" },
  purple: { fill: "#8a4fd0", light: "#c39af5", dark: "#4e2388", pattern: "zigzag" },
  green: { fill: "#3aa845", light: "#92e39a", dark: "#1c6e26", pattern: "crosses" },
};
const FACES = { colour: 1, puff: 2, name: 3, spare: 4, own: 5 }; // the die face each joker card shows
// a grab as the notation writes it (py/gamebox/whoopies/actions.py Grab): a point of the table and the throw's clock
const GRAB = /^grab (\d{1,3}),(\d{1,3}) @(\d{1,6})$/;
/** Seconds to a tenth, in the page's language: 1.4 (a grab's time, which the rules count in ms). */
const secondsText = (ms) => new Intl.NumberFormat(document.documentElement.lang || undefined,
  { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);
const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function readMuted() {
  try { return window.localStorage.getItem("gamebox.whoopies.muted") === "1"; } catch { return false; }
}
function writeMuted(value) {
  try { window.localStorage.setItem("gamebox.whoopies.muted", value ? "1" : "0"); } catch { /* private mode */ }
}

/** Position on a path of frames at `ms`, interpolated linearly; after its last frame a path stays there (the
 * engine's rule: a path in the view stops where its creature rests). The one interpolation of the page: the
 * guided game (web/learn.js) follows the throw with it too. Where a hand catches is decided by Python alone. */
export function at(frames, ms, frameMs) {
  const last = frames.length - 1;
  if (ms >= last * frameMs) return frames[last];
  const t = Math.max(0, ms);
  const index = Math.floor(t / frameMs);
  const part = (t - index * frameMs) / frameMs;
  const a = frames[index];
  const b = frames[index + 1];
  return a.map((value, i) => value + (b[i] - value) * part);
}

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
 * `s` scales the throw's units into the stage; toBoard and toThrow (in create) turn them with the table. */
function layoutFor(width, height, players = 2) {
  const w = Math.max(260, Math.floor(width));
  const h = Math.max(260, Math.floor(height));
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

// ---------------------------------------------------------------- drawing helpers
function fillPattern(c, kind, x, y, r, ink) {
  c.save();
  c.beginPath();
  c.arc(x, y, r, 0, Math.PI * 2);
  c.clip();
  c.strokeStyle = ink;
  c.fillStyle = ink;
  c.lineWidth = Math.max(1.5, r * 0.09);
  const step = Math.max(7, r * 0.42);
  if (kind === "stripes") {
    for (let k = -r * 2; k < r * 2; k += step) {
      c.beginPath();
      c.moveTo(x + k, y - r);
      c.lineTo(x + k + r, y + r);
      c.stroke();
    }
  } else if (kind === "dots") {
    for (let i = -r; i <= r; i += step) {
      for (let j = -r; j <= r; j += step) {
        c.beginPath();
        c.arc(x + i + ((j / step) % 2 ? step / 2 : 0), y + j, Math.max(1.4, r * 0.07), 0, Math.PI * 2);
        c.fill();
      }
    }
  } else if (kind === "rings") {
    for (let i = -r; i <= r; i += step * 1.2) {
      for (let j = -r; j <= r; j += step * 1.2) {
        c.beginPath();
        c.arc(x + i, y + j, Math.max(2, r * 0.1), 0, Math.PI * 2);
        c.stroke();
      }
    }
  } else if (kind === "zigzag") {
    for (let j = -r; j <= r; j += step) {
      c.beginPath();
      for (let i = -r, up = true; i <= r + step; i += step / 2, up = !up) c.lineTo(x + i, y + j + (up ? -step / 4 : step / 4));
      c.stroke();
    }
  } else if (kind === "crosses") {
    const s = Math.max(2.5, r * 0.11);
    for (let i = -r; i <= r; i += step) {
      for (let j = -r; j <= r; j += step) {
        c.beginPath();
        c.moveTo(x + i - s, y + j);
        c.lineTo(x + i + s, y + j);
        c.moveTo(x + i, y + j - s);
        c.lineTo(x + i, y + j + s);
        c.stroke();
      }
    }
  }
  c.restore();
}

/** A colour swatch: a disc in the colour with its pattern (colour is never the only cue). */
function drawSwatch(c, colour, x, y, r, { puff = false } = {}) {
  const tone = COLOURS[colour];
  c.save();
  if (puff) {
    fluffy(c, x, y, r, tone);
  } else {
    const g = c.createRadialGradient(x - r / 3, y - r / 3, 1, x, y, r);
    g.addColorStop(0, tone.light);
    g.addColorStop(0.5, tone.fill);
    g.addColorStop(1, tone.dark);
    c.beginPath();
    c.arc(x, y, r, 0, Math.PI * 2);
    c.fillStyle = g;
    c.fill();
    fillPattern(c, tone.pattern, x, y, r * 0.92, "rgba(255,255,255,0.35)");
    c.beginPath();
    c.arc(x, y, r, 0, Math.PI * 2);
    c.strokeStyle = "rgba(0,0,0,0.35)";
    c.lineWidth = 1.2;
    c.stroke();
  }
  c.restore();
}

/** A powder puff: a fluffy ball of tufts. */
function fluffy(c, x, y, r, tone) {
  const tufts = 9;
  for (let i = 0; i < tufts; i++) {
    const a = (i / tufts) * Math.PI * 2;
    c.beginPath();
    c.arc(x + Math.cos(a) * r * 0.55, y + Math.sin(a) * r * 0.55, r * 0.5, 0, Math.PI * 2);
    c.fillStyle = tone.dark;
    c.fill();
  }
  for (let i = 0; i < tufts; i++) {
    const a = (i / tufts) * Math.PI * 2 + 0.3;
    const g = c.createRadialGradient(x + Math.cos(a) * r * 0.4 - 2, y + Math.sin(a) * r * 0.4 - 2, 1,
      x + Math.cos(a) * r * 0.45, y + Math.sin(a) * r * 0.45, r * 0.5);
    g.addColorStop(0, tone.light);
    g.addColorStop(1, tone.fill);
    c.beginPath();
    c.arc(x + Math.cos(a) * r * 0.45, y + Math.sin(a) * r * 0.45, r * 0.46, 0, Math.PI * 2);
    c.fillStyle = g;
    c.fill();
  }
  c.beginPath();
  c.arc(x, y, r * 0.5, 0, Math.PI * 2);
  c.fillStyle = tone.light;
  c.fill();
  fillPattern(c, tone.pattern, x, y, r * 0.5, "rgba(0,0,0,0.28)");
}

function drawBall(c, x, y, r, glow = null) {
  if (glow) {
    c.beginPath();
    c.arc(x, y, r + 9, 0, Math.PI * 2);
    c.fillStyle = glow;
    c.fill();
  }
  c.beginPath();
  c.arc(x + 2, y + 3, r, 0, Math.PI * 2);
  c.fillStyle = "rgba(0,0,0,0.25)";
  c.fill();
  const g = c.createRadialGradient(x - r / 3, y - r / 3, 1, x, y, r);
  g.addColorStop(0, "#f3d29b");
  g.addColorStop(0.55, "#c98d4b");
  g.addColorStop(1, "#7a4a1e");
  c.beginPath();
  c.arc(x, y, r, 0, Math.PI * 2);
  c.fillStyle = g;
  c.fill();
  c.strokeStyle = "rgba(90,50,15,0.55)";
  c.lineWidth = 1;
  c.beginPath();
  c.ellipse(x, y, r * 0.75, r * 0.35, 0.4, 0, Math.PI * 2);
  c.stroke();
  c.beginPath();
  c.arc(x, y, r, 0, Math.PI * 2);
  c.strokeStyle = "#5b3410";
  c.stroke();
}

/** The creature's body, face and powder puff. `toward` is the direction (radians) of its cord. */
function drawCreature(c, creature, x, y, r, turn, toward, { ghost = false } = {}) {
  const body = COLOURS[creature.body];
  const puff = COLOURS[creature.puff];
  c.save();
  if (ghost) c.globalAlpha = 0.35;
  // fur: a ring of bumps, then the round body
  const bumps = 22;
  c.fillStyle = body.dark;
  for (let i = 0; i < bumps; i++) {
    const a = (i / bumps) * Math.PI * 2 + turn;
    c.beginPath();
    c.arc(x + Math.cos(a) * r * 0.93, y + Math.sin(a) * r * 0.93, r * 0.15, 0, Math.PI * 2);
    c.fill();
  }
  const g = c.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  g.addColorStop(0, body.light);
  g.addColorStop(0.45, body.fill);
  g.addColorStop(1, body.dark);
  c.beginPath();
  c.arc(x, y, r * 0.97, 0, Math.PI * 2);
  c.fillStyle = g;
  c.fill();
  fillPattern(c, body.pattern, x, y, r * 0.95, "rgba(255,255,255,0.16)");
  // features, turned with the body
  c.translate(x, y);
  c.rotate(turn);
  const s = r / 42;
  c.scale(s, s);
  features(c, creature.name, body);
  // eyes and smile
  for (const ex of [-13, 13]) {
    c.beginPath();
    c.ellipse(ex, -8, 7.5, 9, 0, 0, Math.PI * 2);
    c.fillStyle = "#ffffff";
    c.fill();
    c.strokeStyle = "rgba(0,0,0,0.35)";
    c.lineWidth = 1;
    c.stroke();
    c.beginPath();
    c.arc(ex + 1.5, -6.5, 4, 0, Math.PI * 2);
    c.fillStyle = "#1b1b24";
    c.fill();
    c.beginPath();
    c.arc(ex + 3, -8.5, 1.4, 0, Math.PI * 2);
    c.fillStyle = "#ffffff";
    c.fill();
  }
  if (creature.name !== "phanteus") {
    c.beginPath();
    c.arc(0, 6, 9, 0.2 * Math.PI, 0.8 * Math.PI);
    c.strokeStyle = "#2a1a22";
    c.lineWidth = 2.2;
    c.stroke();
  }
  c.restore();
  // the powder puff, where the cord comes out
  c.save();
  if (ghost) c.globalAlpha = 0.35;
  fluffy(c, x + Math.cos(toward) * r * 0.92, y + Math.sin(toward) * r * 0.92, r * 0.4, puff);
  c.restore();
}

function features(c, name, tone) {
  c.lineCap = "round";
  if (name === "phanteus") { // big ears and a trunk
    for (const side of [-1, 1]) {
      c.beginPath();
      c.ellipse(side * 36, -2, 12, 19, side * 0.3, 0, Math.PI * 2);
      c.fillStyle = tone.light;
      c.fill();
      c.strokeStyle = tone.dark;
      c.lineWidth = 2;
      c.stroke();
    }
    c.beginPath();
    c.moveTo(0, 2);
    c.bezierCurveTo(2, 18, -2, 28, 10, 32);
    c.strokeStyle = tone.dark;
    c.lineWidth = 11;
    c.stroke();
    c.strokeStyle = tone.fill;
    c.lineWidth = 7;
    c.stroke();
  } else if (name === "octopus") { // wings and little tentacles
    for (const side of [-1, 1]) {
      c.beginPath();
      c.moveTo(side * 34, -14);
      c.quadraticCurveTo(side * 62, -40, side * 56, -6);
      c.quadraticCurveTo(side * 48, -8, side * 36, 2);
      c.closePath();
      c.fillStyle = "rgba(235,245,255,0.92)";
      c.fill();
      c.strokeStyle = tone.dark;
      c.lineWidth = 1.5;
      c.stroke();
    }
    c.strokeStyle = tone.dark;
    c.lineWidth = 4;
    for (const tx of [-16, -5, 6, 17]) {
      c.beginPath();
      c.moveTo(tx, 26);
      c.quadraticCurveTo(tx + 5, 34, tx - 1, 40);
      c.stroke();
    }
  } else if (name === "torteus") { // a shell cap
    c.beginPath();
    c.arc(0, 0, 40, Math.PI * 1.08, Math.PI * 1.92);
    c.quadraticCurveTo(0, -14, -38, -12);
    c.fillStyle = "#7b8a3a";
    c.fill();
    c.strokeStyle = "#3f4a16";
    c.lineWidth = 2;
    c.stroke();
    for (const hx of [-18, 0, 18]) {
      c.beginPath();
      for (let k = 0; k < 6; k++) {
        const a = (k / 6) * Math.PI * 2;
        c.lineTo(hx + Math.cos(a) * 7, -28 + Math.sin(a) * 5 + Math.abs(hx) / 5);
      }
      c.closePath();
      c.stroke();
    }
  } else if (name === "marsupus") { // pointed ears and a pouch
    for (const side of [-1, 1]) {
      c.beginPath();
      c.moveTo(side * 14, -34);
      c.lineTo(side * 30, -62);
      c.lineTo(side * 32, -28);
      c.closePath();
      c.fillStyle = tone.fill;
      c.fill();
      c.strokeStyle = tone.dark;
      c.lineWidth = 2;
      c.stroke();
    }
    c.beginPath();
    c.arc(0, 18, 17, 0, Math.PI);
    c.closePath();
    c.fillStyle = tone.light;
    c.fill();
    c.strokeStyle = tone.dark;
    c.lineWidth = 1.5;
    c.stroke();
  } else if (name === "ursinus") { // round bear ears and a muzzle
    for (const side of [-1, 1]) {
      c.beginPath();
      c.arc(side * 28, -32, 11, 0, Math.PI * 2);
      c.fillStyle = tone.fill;
      c.fill();
      c.strokeStyle = tone.dark;
      c.lineWidth = 2;
      c.stroke();
      c.beginPath();
      c.arc(side * 28, -32, 5.5, 0, Math.PI * 2);
      c.fillStyle = tone.light;
      c.fill();
    }
    c.beginPath();
    c.ellipse(0, 8, 13, 10, 0, 0, Math.PI * 2);
    c.fillStyle = tone.light;
    c.fill();
    c.beginPath();
    c.ellipse(0, 3, 4.5, 3.2, 0, 0, Math.PI * 2);
    c.fillStyle = "#2a1a22";
    c.fill();
  }
}

function drawCord(c, ax, ay, bx, by, length) {
  const dx = bx - ax;
  const dy = by - ay;
  const dist = Math.hypot(dx, dy);
  const sag = Math.max(0, length - dist) * 0.55;
  c.beginPath();
  c.moveTo(ax, ay);
  c.quadraticCurveTo((ax + bx) / 2, (ay + by) / 2 + sag, bx, by);
  c.strokeStyle = "#5a4632";
  c.lineWidth = 3;
  c.lineCap = "round";
  c.stroke();
  c.strokeStyle = "rgba(255,240,210,0.5)";
  c.lineWidth = 1;
  c.stroke();
}

/** One face of the die: an ivory rounded square with the face's icon and its number. */
function drawDie(c, face, x, y, size, angle = 0) {
  c.save();
  c.translate(x, y);
  c.rotate(angle);
  const h = size / 2;
  c.shadowColor = "rgba(0,0,0,0.3)";
  c.shadowBlur = 8;
  c.shadowOffsetY = 3;
  roundRect(c, -h, -h, size, size, size * 0.18);
  const g = c.createLinearGradient(-h, -h, h, h);
  g.addColorStop(0, "#fffdf6");
  g.addColorStop(1, "#e3dccb");
  c.fillStyle = g;
  c.fill();
  c.shadowColor = "transparent";
  c.strokeStyle = "#8c8470";
  c.lineWidth = 1.5;
  c.stroke();
  const s = size / 64;
  c.scale(s, s);
  const names = ["orange", "blue", "pink", "purple", "green"];
  if (!face) { // not rolled yet
    fitText(c, "?", { x: -20, y: -20, w: 40, h: 44 }, { size: 34, weight: 700, colour: "#6f6856" });
  } else if (face === 1) { // body colours: a wheel
    names.forEach((colour, i) => {
      c.beginPath();
      c.moveTo(0, 0);
      c.arc(0, 0, 20, (i / 5) * Math.PI * 2 - Math.PI / 2, ((i + 1) / 5) * Math.PI * 2 - Math.PI / 2);
      c.closePath();
      c.fillStyle = COLOURS[colour].fill;
      c.fill();
    });
    c.beginPath();
    c.arc(0, 0, 20, 0, Math.PI * 2);
    c.strokeStyle = "#333";
    c.lineWidth = 1.5;
    c.stroke();
  } else if (face === 2) { // puff colours: a ring of tufts
    names.forEach((colour, i) => {
      const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
      fluffy(c, Math.cos(a) * 14, Math.sin(a) * 14, 11, COLOURS[colour]);
    });
  } else if (face === 3) { // a name tag
    roundRect(c, -24, -13, 48, 26, 6);
    c.fillStyle = "#ffffff";
    c.fill();
    c.strokeStyle = "#333";
    c.lineWidth = 2;
    c.stroke();
    fitText(c, "Abc", { x: -22, y: -12, w: 44, h: 26 }, { size: 15, weight: 700, colour: "#333" });
  } else if (face === 4) { // all but one: four dots and a crossed one
    const spots = [[-13, -13], [13, -13], [-13, 13], [13, 13]];
    spots.forEach(([sx, sy], i) => {
      c.beginPath();
      c.arc(sx, sy, 7, 0, Math.PI * 2);
      c.fillStyle = COLOURS[names[i]].fill;
      c.fill();
    });
    c.beginPath();
    c.arc(0, 0, 7, 0, Math.PI * 2);
    c.fillStyle = COLOURS.green.fill;
    c.fill();
    c.strokeStyle = "#c0182c";
    c.lineWidth = 3;
    c.beginPath();
    c.moveTo(-9, -9);
    c.lineTo(9, 9);
    c.moveTo(9, -9);
    c.lineTo(-9, 9);
    c.stroke();
  } else if (face === 5) { // everyone their own: people over creatures
    [-16, 0, 16].forEach((px, i) => {
      c.beginPath();
      c.arc(px, -14, 5, 0, Math.PI * 2);
      c.fillStyle = "#444";
      c.fill();
      c.beginPath();
      c.arc(px, -2, 7, Math.PI, 0);
      c.fill();
      c.beginPath();
      c.arc(px, 14, 6.5, 0, Math.PI * 2);
      c.fillStyle = COLOURS[names[i * 2]].fill;
      c.fill();
    });
  } else if (face === 6) { // joker: a star and ×2
    c.beginPath();
    for (let k = 0; k < 10; k++) {
      const a = (k / 10) * Math.PI * 2 - Math.PI / 2;
      const rr = k % 2 ? 9 : 21;
      c.lineTo(Math.cos(a) * rr, Math.sin(a) * rr - 3);
    }
    c.closePath();
    c.fillStyle = "#f5c518";
    c.fill();
    c.strokeStyle = "#8a6a00";
    c.lineWidth = 1.5;
    c.stroke();
    fitText(c, "×2", { x: -16, y: 14, w: 32, h: 16 }, { size: 13, weight: 700, colour: "#8a1020" });
  }
  if (face) {
    fitText(c, String(face), { x: 16, y: 18, w: 13, h: 13 }, { size: 10, weight: 700, colour: "#6f6856", align: "right" });
  }
  c.restore();
}

// ---------------------------------------------------------------- the renderer
export function create(canvas, host) {
  const t = host.t;
  let table = null;
  let L = layoutFor(800, 800, 2);
  let area = L.stage; // where the stage's words and choices go: the stage, less the gems drawn on it
  const surface = new Surface(canvas, host, { width: L.W, height: L.H, onTap: (region, point, event) => tap(region, point, event) });
  surface.redraw = () => { if (!frameRequest) render(); };
  let muted = readMuted();
  let showNames = false;
  let hinted = null; // the action the Hint button suggested (a target's action)
  let betterGrab = null; // {x, y, ms}: a grab drawn on the still throw (a review's better move), until the next draw
  let die = null; // {start, face}: the roll animation
  let frameRequest = 0;
  const grabs = new Map(); // `${throwKey}/${round}/${seat}` -> the seat's run through this throw
  let spectate = null; // {key, start}: a throw with no human to grab
  let hold = null; // {key, until}: keep a catch on screen a moment
  const throws = new Map(); // round -> view.throw, kept to show the last throw's result
  let speakPhase = "";
  let resultUntil = 0;
  let lastPrompt = "";
  let lastTap = null; // where the last tap was, in board units: a refusal is said there
  let currentScreen = "";
  let headline = "";

  const view = () => table.view;
  const humans = () => (table ? table.seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0) : []);
  const cname = (name) => t(`whoopies.creature.${name}`, {}, name[0].toUpperCase() + name.slice(1));
  const colourWord = (colour) => t(`colour.${colour}`, {}, colour).toLowerCase();
  const colourLabel = (colour) => t(`colour.${colour}`, {}, colour);
  const creatureOf = (name) => view().creatures.find((cr) => cr.name === name) || { name, body: "orange", puff: "purple" };
  const activeHuman = () => {
    const seats = host.humanSeats();
    return seats.length ? seats[0] : null;
  };
  const severalHumans = () => humans().length > 1;
  /** A seat as a message's parameters: its number (the host words "you" or the name by it) and its name. */
  const named = (seat, role = "") => (role ? { [`${role}_seat`]: seat, [role]: host.seatName(seat) } : { seat, name: host.seatName(seat) });
  const ms = (value) => value * pace(); // presentation times (never the throw's own clock) at test speed

  /** A target's words: its key, with the names it carries worded (a creature, a colour, an action, a seat). */
  function words(target) {
    const p = { ...target.params };
    if (p.whoopie) p.whoopie = cname(p.whoopie);
    if (p.colour) { p.colour_key = p.colour; p.colour = colourWord(p.colour); }
    if (p.action) p.action = t(`whoopies.action.${p.action}`);
    if (p.seat !== undefined) p.name = host.seatName(p.seat);
    return t(target.key, p);
  }
  /** view.targets of one thing ("creature", "phanteus"): the list, in the order Python gave them. */
  const targetsOf = (kind, id) => (table ? view().targets || [] : []).filter((tg) => tg.thing.kind === kind && tg.thing.id === id);
  const targetOf = (kind, id, key = null) => targetsOf(kind, id).find((tg) => !key || tg.key === key) || null;
  const plainTargets = (kind) => (table ? view().targets || [] : []).filter((tg) => tg.thing.kind === kind && !tg.timed);
  const creatureWords = (name) => {
    const cr = creatureOf(name);
    return t("whoopies.tag", { whoopie: cname(name), body: colourWord(cr.body), puff: colourWord(cr.puff) });
  };

  // ------------------------------------------------------------ voice
  function say(text, queued = false) {
    canvas.dataset.spoken = text;
    if (muted || !text) return;
    try {
      const synth = window.speechSynthesis;
      if (!synth || typeof window.SpeechSynthesisUtterance !== "function") return;
      if (!queued) synth.cancel();
      const utterance = new window.SpeechSynthesisUtterance(text);
      utterance.lang = document.documentElement.lang || "en";
      utterance.rate = 1.05;
      synth.speak(utterance);
    } catch { /* no voice in this browser: the text is on screen */ }
  }
  function toggleMute() {
    muted = !muted;
    writeMuted(muted);
    if (muted) { try { window.speechSynthesis?.cancel(); } catch { /* nothing to stop */ } }
    host.announce(t(muted ? "whoopies.voice_off" : "whoopies.voice_on"));
    render();
  }

  // ------------------------------------------------------------ words
  /** What `seat` must catch this round, in words (or what is being decided). */
  function targetText(v, seat) {
    const roller = named(v.roller);
    const me = v.roller === activeHuman() ? "_you" : "";
    if (v.phase === "own") return t("whoopies.target.own_pick");
    if (v.phase === "roll") return t(`whoopies.target.roll${me}`, roller);
    if (!v.action) return t(`whoopies.target.joker_choose${me}`, roller);
    if (!v.value && v.action !== "own") return t(`whoopies.target.choose_${v.action}${me}`, roller);
    const value = v.value;
    switch (v.action) {
      case "colour": return t("whoopies.target.colour", { colour: colourWord(value), colour_key: value });
      case "puff": return t("whoopies.target.puff", { colour: colourWord(value), colour_key: value });
      case "name": return t("whoopies.target.name", { whoopie: cname(value) });
      case "spare": return t("whoopies.target.spare", { whoopie: cname(value) });
      default: {
        const mine = seat !== null && seat !== undefined ? v.picks[seat] : null;
        return mine ? t("whoopies.target.own", { whoopie: cname(mine) }) : t("whoopies.target.own_all");
      }
    }
  }

  /** What `seat` must catch, with a joker's double stakes said in the same message (never words glued here). */
  function callText(v, seat) {
    const target = targetText(v, seat);
    return v.joker ? t("whoopies.target.joker", { target }, `${target}. ${t("whoopies.double")}`) : target;
  }

  /** A player's line of the last round: Python's outcome, worded (the trap of a colour call said as such). */
  function outcomeText(row, last) {
    const creature = row.creature ? creatureOf(row.creature) : null;
    const params = { ...named(row.seat), whoopie: creature ? cname(creature.name) : "", ms: row.ms };
    const value = last.value;
    switch (row.outcome) {
      case "won": return t("whoopies.why.won", params);
      case "body": return t("whoopies.why.body", params);
      case "late": {
        const winner = last.grabs.find((g) => g.outcome === "won");
        return t("whoopies.why.late", { ...params, ...(winner ? named(winner.seat, "winner") : { winner: "?" }) });
      }
      case "taken": return t("whoopies.why.taken", params);
      case "spared": return t("whoopies.why.spared", params);
      case "safe": return t("whoopies.why.safe", params);
      case "none": return t(last.action === "spare" ? "whoopies.why.none_spare" : "whoopies.why.none", params);
      case "wrong": {
        // the words, and the colours they are (the message agrees with a colour by its key: "an ORANGE puff")
        const colours = creature ? { body: colourWord(creature.body).toUpperCase(), body_key: creature.body, puff: colourWord(creature.puff).toUpperCase(),
          puff_key: creature.puff, colour: colourWord(value), colour_key: value } : {};
        if (last.action === "colour" && creature) {
          return t(creature.puff === value ? "whoopies.why.wrong_colour_trap" : "whoopies.why.wrong_colour", { ...params, ...colours });
        }
        if (last.action === "puff" && creature) {
          return t(creature.body === value ? "whoopies.why.wrong_puff_trap" : "whoopies.why.wrong_puff", { ...params, ...colours });
        }
        return t("whoopies.why.wrong", { ...params, wanted: (row.wanted || []).map(cname).join(", ") });
      }
      default: return row.outcome;
    }
  }

  function gemsText(change) {
    if (change > 0) return t("whoopies.gems_plus", { n: change });
    if (change < 0) return t("whoopies.gems_minus", { n: -change });
    return t("whoopies.gems_same");
  }

  // ------------------------------------------------------------ the throw
  function grabKey(v, seat) { return v.throw ? `${v.throw.key}/${v.round}/${seat}` : null; }

  /** The table's clock of a mark (host.since: the ms since this table first showed it, on this device, kept with
   * the saved game); 0 where the host keeps none. */
  const clockOf = (mark) => (typeof host.since === "function" ? Math.max(0, host.since(mark)) : 0);

  /** This seat's run through the throw. Its clock is the table's (issue 22): the mark `throw <round>/<seat>` starts
   * when the countdown first shows, and the throw starts COUNTDOWN_MS later; a reload or a redraw goes on from
   * there (the countdown over, the Whoopies where they are now, the grab's ms counted from the first throw), so
   * waiting out a throw on a fresh page is no free look. */
  function runOf(v, seat) {
    const key = grabKey(v, seat);
    if (!key) return null;
    let run = grabs.get(key);
    if (!run) {
      run = { key, seat, round: v.round, mark: `throw ${v.round}/${seat}`, stage: severalHumans() ? "pass" : "countdown",
        since: performance.now(), clocked: false, start: null, marks: [], caught: null, passed: false, floor: 0,
        chain: Promise.resolve() };
      const floor = Math.max(0, ...v.my_grabs.map((g) => g.ms));
      if (v.my_grabs.length) { // a miss already: the throw runs, at least as far as that miss
        const shown = Math.max(floor, clockOf(run.mark) - ms(COUNTDOWN_MS));
        run.stage = "running";
        run.clocked = true;
        run.start = performance.now() - shown;
        run.floor = floor;
      }
      grabs.set(key, run);
      if (run.stage === "countdown") startCountdown(run, Math.max(performance.now(), resultUntil));
      else if (run.stage === "pass") {
        const text = t("whoopies.pass_device", named(seat));
        host.announce(text);
        say(text);
      }
    }
    return run;
  }

  function startCountdown(run, since = performance.now()) {
    run.stage = "countdown";
    run.since = since;
    run.clocked = false;
    run.spoken = false;
    animate();
  }

  /** The throw's clock: ms since this board started playing the throw (the run's start). */
  function throwMs(run, now = performance.now()) { return run.start === null ? 0 : now - run.start; }

  /** Every body and ball of `thr` at `ms`, in the throw's units. */
  function scene(thr, when) {
    return thr.order.map((name) => {
      const path = thr.paths[name];
      const [bx, by, turn] = at(path.body, when, thr.frame_ms);
      const [lx, ly] = at(path.ball, when, thr.frame_ms);
      return { name, bx, by, turn: turn / 1000, lx, ly };
    });
  }

  /** The throw's units to board units, and back; a turned table has the throw's x down the screen and its floor
   * on the left. The one transform of the table: the drawing (intoThrow), the regions and a hand's point. */
  const toBoard = (x, y) => (L.turned ? { x: L.stage.x + (THROW_H - y) * L.s, y: L.stage.y + x * L.s }
    : { x: L.stage.x + x * L.s, y: L.stage.y + y * L.s });
  const toThrow = (point) => (L.turned ? { x: (point.y - L.stage.y) / L.s, y: THROW_H - (point.x - L.stage.x) / L.s }
    : { x: (point.x - L.stage.x) / L.s, y: (point.y - L.stage.y) / L.s });
  /** A ball's drawn radius in the throw's units: at least BALL_PX across on the screen, however small the table is
   * shown, and never as wide as the hand's reach (the hit radius): a tap on a drawn ball always reaches it. */
  const ballRadius = (radius = 11, reach = 20) => Math.min(reach - 1, Math.max(radius, BALL_PX / 2 / L.s));

  /** Set `c` to draw in the throw's units (as toBoard places them). */
  function intoThrow(c) {
    c.translate(L.stage.x, L.stage.y);
    if (L.turned) {
      c.translate(THROW_H * L.s, 0);
      c.rotate(Math.PI / 2);
    }
    c.scale(L.s, L.s);
  }
  const onTable = (point) => point.x >= L.stage.x && point.x <= L.stage.x + L.stage.w && point.y >= L.stage.y
    && point.y <= L.stage.y + L.stage.h;

  /** Draw the throw at `when` ms; with `grabbing`, register where each body and ball is drawn now, with the grab
   * targets Python gave for it (the balls on top, as the engine's hit-test has them). */
  function drawThrow(c, thr, when, { marks = [], caught = null, dim = false, grabbing = false } = {}) {
    const items = scene(thr, when);
    const r = thr.body_radius;
    const ballR = ballRadius(thr.ball_radius, thr.ball_hit_radius);
    c.save();
    intoThrow(c);
    for (const it of items) { // shadows on the table
      const lift = Math.max(0, thr.floor - (it.by + r));
      c.beginPath();
      c.ellipse(it.bx, thr.floor + 2, r * (1 - Math.min(0.5, lift / 600)), 7, 0, 0, Math.PI * 2);
      c.fillStyle = `rgba(40,25,10,${0.28 - Math.min(0.2, lift / 1500)})`;
      c.fill();
    }
    for (const it of items) {
      const toward = Math.atan2(it.ly - it.by, it.lx - it.bx);
      drawCreature(c, creatureOf(it.name), it.bx, it.by, r, it.turn, toward, { ghost: dim });
      if (caught && caught.creature === it.name && caught.part === "body") ring(c, it.bx, it.by, r + 6);
    }
    for (const it of items) {
      const toward = Math.atan2(it.ly - it.by, it.lx - it.bx);
      drawCord(c, it.bx + Math.cos(toward) * r * 1.2, it.by + Math.sin(toward) * r * 1.2, it.lx, it.ly, thr.cord - r * 0.2);
    }
    for (const it of items) {
      const glow = caught && caught.creature === it.name && caught.part === "tail" ? "rgba(255,220,60,0.85)" : null;
      drawBall(c, it.lx, it.ly, ballR, glow);
    }
    for (const mark of marks) {
      const age = performance.now() - mark.at;
      if (age > 900) continue;
      c.beginPath();
      c.arc(mark.x, mark.y, 8 + age / 30, 0, Math.PI * 2);
      c.strokeStyle = `rgba(255,255,255,${1 - age / 900})`;
      c.lineWidth = 3;
      c.stroke();
      c.beginPath();
      c.arc(mark.x, mark.y, 5, 0, Math.PI * 2);
      c.fillStyle = `rgba(30,30,30,${1 - age / 900})`;
      c.fill();
    }
    c.restore();
    // the regions: the table, then each body in drawing order, then each ball (a ball lies on top)
    if (grabbing) surface.region({ rect: [L.stage.x, L.stage.y, L.stage.w, L.stage.h] }, { key: "table", value: "table", focusable: false });
    for (const it of items) {
      const body = toBoard(it.bx, it.by);
      const target = grabbing ? targetOf("creature", it.name, "whoopies.describe.grab_body") : null;
      surface.region({ circle: [body.x, body.y, r * L.s] }, { key: `body:${it.name}`, value: { creature: it.name }, target, focusable: Boolean(target),
        describe: `${creatureWords(it.name)}. ${t("whoopies.about.body")}`, ...(target ? { label: words(target) } : {}) });
    }
    for (const it of items) {
      const ball = toBoard(it.lx, it.ly);
      const target = grabbing ? targetOf("creature", it.name, "whoopies.describe.grab_ball") : null;
      surface.region({ circle: [ball.x, ball.y, thr.ball_hit_radius * L.s] }, { key: `ball:${it.name}`, value: { creature: it.name }, target,
        focusable: Boolean(target), describe: t("whoopies.about.ball", { whoopie: cname(it.name) }), ...(target ? { label: words(target) } : {}) });
    }
    // names on request (N or the Aa button), and the one under the pointer
    const near = surface.hovered && surface.hovered.value && surface.hovered.value.creature ? surface.hovered.value.creature : null;
    const placed = [];
    for (const it of [...items].sort((a, b) => a.bx - b.bx)) {
      const full = near === it.name;
      if (!showNames && !full) continue;
      const text = full ? creatureWords(it.name) : cname(it.name);
      // as wide as the words need (a long Ukrainian description wraps onto a second line)
      c.font = font(13, 700);
      const wanted = c.measureText(text).width + 16;
      const w = Math.min(L.stage.w - 8, Math.max(full ? 120 : 60, wanted));
      const h = wanted > w ? 38 : 22;
      const p = toBoard(it.bx, it.by - r - 16);
      let y = p.y;
      while (placed.some((q) => Math.abs(q.y - y) < h && q.x < p.x + w / 2 && q.x + q.w > p.x - w / 2)) y -= h + 2;
      const x = Math.min(L.stage.x + L.stage.w - w - 4, Math.max(L.stage.x + 4, p.x - w / 2));
      y = Math.max(L.stage.y + 2, y - h / 2);
      placed.push({ x, w, y });
      roundRect(c, x, y, w, h, 8);
      c.fillStyle = "rgba(20,24,35,0.85)";
      c.fill();
      fitText(c, text, { x: x + 6, y, w: w - 12, h }, { size: 13, weight: 700, colour: "#ffffff", minSize: 8, lines: 2 });
    }
  }

  function ring(c, x, y, r) {
    c.beginPath();
    c.arc(x, y, r, 0, Math.PI * 2);
    c.strokeStyle = "rgba(255,220,60,0.95)";
    c.lineWidth = 5;
    c.stroke();
  }

  // ------------------------------------------------------------ grabbing
  /** What a hand closing on the table is (docs/rules/whoopies.md, "Targets"): an intent, the point of the table it
   * closed on (the throw's units) and the throw's clock. Python writes the grab (WhoopiesState.compose) and
   * hit-tests it: this page never writes notation, nor decides what a hand caught. */
  function grabIntent(point, run, thr) {
    const x = Math.min(thr.width, Math.max(0, point.x));
    const y = Math.min(thr.height, Math.max(0, point.y));
    const clock = Math.min(thr.window_ms, Math.max(run.floor, Math.round(throwMs(run))));
    return { intent: { point: [x, y], ms: clock }, x, y, clock };
  }

  function queue(run, action, after) {
    run.chain = run.chain.then(async () => {
      // the page may be asking for a bot's move: wait for this seat's turn rather than lose the grab
      if (!(await host.untilTurn(run.seat))) return;
      if (!table || !table.to_move.includes(run.seat)) return;
      const ok = await host.act(action, run.seat);
      if (after) after(ok);
    });
  }

  /** A hand closes on board point `point` now: the grab is sent with the throw's clock. */
  function grabAt(run, point) {
    const v = view();
    const thr = v.throw;
    const target = (v.targets || []).find((tg) => tg.timed);
    if (!thr || !target) return;
    const made = grabIntent(toThrow(point), run, thr);
    run.floor = made.clock;
    run.marks.push({ x: made.x, y: made.y, at: performance.now() });
    queue(run, made.intent, (ok) => { if (ok) checkGrab(run, v.round); });
    animate();
  }

  function passRun(run) {
    if (run.passed || run.caught) return;
    run.passed = true;
    const target = plainTargets("button").find((tg) => tg.action === "pass");
    queue(run, target ? target.action : "pass");
  }

  /** After a grab was accepted: what did it catch? Ask the bridge for that seat's own view (read-only): with
   * several humans the table's viewer may already be the next player. */
  async function checkGrab(run, round) {
    const reply = await host.request({ op: "view", viewer: run.seat });
    if (!reply || !reply.ok || run.caught) return;
    const v = reply.view;
    let caught = null;
    if (v.phase === "grab" && v.round === round) {
      const found = (v.my_grabs || []).find((a) => a.creature);
      if (found) caught = { creature: found.creature, part: found.part, ms: found.ms };
      else {
        run.flash = { words: () => t("whoopies.missed"), at: performance.now() };
        host.announce(run.flash.words());
        animate();
        return;
      }
    } else if (v.last && v.last.round === round) {
      const row = v.last.grabs.find((g) => g.seat === run.seat);
      if (row && row.creature) caught = { creature: row.creature, part: row.part, ms: row.ms };
    }
    if (caught) finishRun(run, caught);
  }

  function finishRun(run, caught) {
    run.caught = caught;
    run.stage = "caught";
    hold = { key: run.key, until: performance.now() + ms(HOLD_MS) };
    // words, not a text: a language switched meanwhile words it again
    const words = () => t(caught.part === "tail" ? "whoopies.caught_tail" : "whoopies.caught_body", { whoopie: cname(caught.creature), ms: caught.ms });
    run.flash = { words, at: performance.now() };
    host.announce(words());
    animate();
  }

  function currentRun() {
    if (!table || betterGrab) return null; // a better grab drawn: a still picture, nobody grabs
    const v = view();
    const seat = activeHuman();
    if (v.phase !== "grab" || seat === null || table.viewer !== seat) return null;
    const run = grabs.get(grabKey(v, seat));
    return run && run.stage === "running" && !run.caught && !run.passed ? run : null;
  }

  // ------------------------------------------------------------ animation loop
  function needsFrames() {
    if (betterGrab) return false; // a still picture
    const now = performance.now();
    if (die && now - die.start < ms(DIE_MS) + 50) return true;
    if (hold && now < hold.until + 50) return true;
    if (spectate && table && table.view.throw) return true;
    for (const run of grabs.values()) {
      if (run.stage === "countdown" || run.stage === "running") return true;
      if (run.stage === "caught" && throwMs(run) < (run.restMs || 2900) + 100) return true;
    }
    return false;
  }

  function animate() {
    if (frameRequest) return;
    const step = () => {
      frameRequest = 0;
      tick();
      render();
      if (needsFrames()) frameRequest = requestAnimationFrame(step);
    };
    frameRequest = requestAnimationFrame(step);
  }

  /** Time-driven changes: the countdown ends, the grab window closes. */
  function tick() {
    if (!table || betterGrab) return; // a better grab drawn: the throw stands still, nobody grabs
    
    const v = view();
    const now = performance.now();
    for (const run of grabs.values()) {
      if (run.stage === "countdown" && !run.clocked && now >= run.since && v.phase === "grab") {
        // the countdown shows now, or showed before (a reload): the table's clock says how long ago
        run.clocked = true;
        run.since = now - clockOf(run.mark);
      }
      if (run.stage === "countdown" && !run.spoken && now >= run.since && v.phase === "grab") {
        run.spoken = true;
        const text = callText(v, run.seat);
        host.announce(text);
        say(text, true);
      }
      if (run.stage === "countdown" && run.clocked && now - run.since >= ms(COUNTDOWN_MS)) {
        run.stage = "running";
        run.start = run.since + ms(COUNTDOWN_MS);
        canvas.dataset.throwStart = String(run.start);
        canvas.dataset.throwKey = run.key;
      }
      if (run.stage === "running" && v.throw && throwMs(run, now) >= v.throw.window_ms) passRun(run);
    }
  }

  // ------------------------------------------------------------ the frame
  /** The box the board may fill, in CSS px: its container's width, and the height the page lets it have (the
   * canvas's max-height, --board-max-height on a one-column page; else what the window shows below the board's top
   * when that is most of it; else the window's). */
  function room() {
    const box = surface.available();
    const cap = Number.parseFloat(window.getComputedStyle(canvas).maxHeight);
    // a board near the top of a page with no limit of its own (a guided game beside its lesson) stays in the window
    const below = window.innerHeight - (canvas.getBoundingClientRect().top + window.scrollY) - 8;
    const height = Math.min(box.height || window.innerHeight, Number.isFinite(cap) && cap > 0 ? cap : Infinity,
      below >= window.innerHeight * 0.6 ? below : Infinity);
    return { width: box.width, height };
  }

  function fit() {
    const { width, height } = room();
    const want = layoutFor(width, height, table ? table.players : 2);
    const changed = want.W !== L.W || want.H !== L.H || want.kind !== L.kind;
    L = want;
    area = L.stage;
    if (changed) surface.layout(L.W, L.H);
  }

  function render() {
    if (!table) return;
    fit();
    const c = surface.context;
    const v = view();
    surface.begin();
    c.clearRect(0, 0, L.W, L.H);
    drawTableBackground(c);
    if (L.gems) drawGems(c, v, L.gems, false);
    const prompt = drawStage(c, v);
    const run = currentRun();
    const pass = run ? plainTargets("button").find((tg) => tg.action === "pass") : null;
    drawHeader(c, v, prompt, pass);
    if (L.foot) drawFooter(c, prompt, pass);
    surface.drawFocus();
    canvas.dataset.screen = currentScreen;
    // where the table is (board units; tests map a page point to the throw's units with it)
    canvas.dataset.table = JSON.stringify({ kind: L.kind, x: L.stage.x, y: L.stage.y, s: L.s, turned: L.turned,
      ball: ballRadius() * L.s, body: (v.throw ? v.throw.body_radius : 42) * L.s });
    const label = prompt && prompt !== headline ? `${headline}. ${prompt}` : headline;
    if (label !== lastPrompt) {
      lastPrompt = label;
      canvas.setAttribute("aria-label", `${t("board.label", { game: t("game.whoopies.title") })}: ${label}`);
    }
  }

  /** Whether the stage shows a throw now (the grab, or a catch held on screen). */
  const showingThrow = () => Boolean(table && ((table.view.phase === "grab" && table.view.throw) || (hold && performance.now() < hold.until)));

  /** The bands, then the table: the wall and the wooden top, turned with the throw. */
  function drawTableBackground(c) {
    c.fillStyle = "#1d2338";
    c.fillRect(0, 0, L.W, L.H);
    if (L.kind === "wide") {
      const top = c.createLinearGradient(0, 0, 0, L.head.h);
      top.addColorStop(0, "#2b3350");
      top.addColorStop(1, "#1d2338");
      c.fillStyle = top;
      c.fillRect(0, 0, L.W, L.head.h);
    }
    if (L.turned && !showingThrow()) { // between throws a turned table shows no table: a wall across the width
      const wall = c.createLinearGradient(0, L.stage.y, 0, L.stage.y + L.stage.h);
      wall.addColorStop(0, "#fbf3e2");
      wall.addColorStop(1, "#efd9b5");
      c.fillStyle = wall;
      c.fillRect(0, L.stage.y, L.W, L.stage.h);
      return;
    }
    c.save();
    intoThrow(c);
    const wall = c.createLinearGradient(0, 0, 0, FLOOR_Y);
    wall.addColorStop(0, "#fbf3e2");
    wall.addColorStop(1, "#efd9b5");
    c.fillStyle = wall;
    c.fillRect(0, 0, THROW_W, FLOOR_Y);
    const wood = c.createLinearGradient(0, FLOOR_Y, 0, THROW_H);
    wood.addColorStop(0, "#b97a43");
    wood.addColorStop(1, "#7d4a22");
    c.fillStyle = wood;
    c.fillRect(0, FLOOR_Y, THROW_W, THROW_H - FLOOR_Y);
    c.strokeStyle = "rgba(60,30,10,0.5)";
    c.lineWidth = 2 / L.s;
    c.beginPath();
    c.moveTo(0, FLOOR_Y);
    c.lineTo(THROW_W, FLOOR_Y);
    c.stroke();
    c.restore();
  }

  /** The die, the round, and what must be caught; in the short layout also the prompt, the names and voice toggles
   * and the Grab-nothing button. */
  function drawHeader(c, v, prompt, pass) {
    const head = L.head;
    const short = L.kind === "short";
    const size = short ? head.h - 14 : Math.min(60, head.h - 16);
    const dx = head.x + 10 + size / 2;
    const dy = head.y + head.h / 2;
    const rolling = die && performance.now() - die.start < ms(DIE_MS);
    const dieFace = rolling ? 1 + Math.floor((performance.now() / 90) % 6) : v.face;
    if (dieFace) drawDie(c, dieFace, dx, dy, size);
    else {
      roundRect(c, dx - size / 2, dy - size / 2, size, size, 11);
      c.strokeStyle = "rgba(255,255,255,0.35)";
      c.setLineDash([4, 4]);
      c.lineWidth = 1.5;
      c.stroke();
      c.setLineDash([]);
    }
    surface.region({ rect: [dx - size / 2, dy - size / 2, size, size] }, { key: "die-face", focusable: false,
      describe: v.face ? t("whoopies.about.die", { face: v.face, meaning: t(`whoopies.face.${v.face}`) }) : t("whoopies.about.die_unrolled") });
    let right = L.gems ? L.gems.x - 10 : head.x + head.w - 8;
    const by = head.y + (head.h - 36) / 2;
    if (short) right = toggles(c, right, by) - 10;
    if (short && pass) right = passButton(c, pass, right, by, 116) - 10;
    const seat = activeHuman() ?? (table.viewer ?? null);
    const left = dx + size / 2 + 12;
    // the round, the roller, the die's badges; where they do not fit, the round goes first, then the roller (whose
    // seat wears the roller's badge anyway)
    const bits = [t("whoopies.round", { n: v.round }), t("whoopies.roller", named(v.roller))];
    const shorter = (/** @type {string[]} */ all) => all.map((_, first) => all.slice(first).join(" · "));
    if (v.joker) bits.push(t("whoopies.joker_badge"));
    if (v.throwoff) bits.push(t("whoopies.throwoff_badge"));
    const text = v.phase === "over" ? t("whoopies.target.over") : targetText(v, seat);
    headline = text;
    const swatch = (v.action === "colour" || v.action === "puff") && v.value && v.phase !== "over";
    let x = left;
    if (short) { // one band: the call, then the prompt; in a grab the call alone, or the call and the joker
      if (swatch) {
        drawSwatch(c, v.value, left + 10, head.y + head.h / 2, 10, { puff: v.action === "puff" });
        x = left + 26;
      }
      // the prompt itself is on the stage (drawStage's caption); in a joker's grab the second line says the stakes,
      // unless the call needs both lines (then the die's ×2 says it)
      const grabbing = v.phase === "grab" && prompt === callText(v, seat ?? v.roller);
      c.font = font(14, 700);
      const oneLine = c.measureText(text).width <= right - x;
      const second = grabbing ? (v.joker && oneLine ? [t("whoopies.double")] : []) : shorter(bits);
      if (!second.length) {
        fitText(c, text, { x, y: head.y + 3, w: right - x, h: head.h - 6 }, { size: 16, weight: 700, colour: "#ffffff", align: "left", lines: 2, minSize: 11 });
        return;
      }
      fitText(c, text, { x, y: head.y + 4, w: right - x, h: 22 }, { size: 16, weight: 700, colour: "#ffffff", align: "left", minSize: 11 });
      fitFirst(c, second, { x, y: head.y + 27, w: right - x, h: 21 }, { size: 13, weight: grabbing ? 700 : 400,
        colour: grabbing ? "#ffd66b" : "#dfe5f5", align: "left", minSize: 10 });
      return;
    }
    // a turned table's joker grab says its double stakes here, above the call (its lower band has no room)
    const double = L.turned && v.joker && v.phase === "grab";
    fitFirst(c, double ? [t("whoopies.double")] : shorter(bits), { x: left, y: head.y + 6, w: right - left, h: 18 },
      { size: 13, weight: double ? 700 : 400, colour: double ? "#ffd66b" : "#b8c2dc", align: "left", minSize: 10 });
    if (swatch) {
      drawSwatch(c, v.value, left + 13, head.y + 24 + (head.h - 28) / 2, 13, { puff: v.action === "puff" });
      x = left + 34;
    }
    fitText(c, text, { x, y: head.y + 24, w: right - x, h: head.h - 28 }, { size: L.narrow ? 16 : 19, weight: 700, colour: "#ffffff", align: "left", lines: 2, minSize: 11 });
  }

  /** Each player's gems (of the goal) in `box`, the one(s) to move in gold; the supply under them (wide). */
  function drawGems(c, v, box, boxed) {
    const seats = table.players;
    const cols = (boxed && seats > 3) || seats > 4 ? 2 : 1;
    const perCol = Math.ceil(seats / cols);
    const colW = (box.w - (boxed ? 16 : 0)) / cols;
    const supplyH = boxed ? 0 : 14;
    const rowH = Math.min(boxed ? 24 : 20, (box.h - supplyH - (boxed ? 10 : 0)) / perCol);
    if (boxed) panel(c, box, { fill: "rgba(38,45,71,0.94)", edge: "#3a4364", radius: 8 });
    for (let s = 0; s < seats; s++) {
      const gx = box.x + Math.floor(s / perCol) * colW + (boxed ? 8 : 0);
      const gy = box.y + (boxed ? 5 : 0) + (s % perCol) * rowH;
      const moving = table.to_move.includes(s);
      const count = v.goal ? `${v.gems[s]}/${v.goal}` : String(v.gems[s]);
      const nameW = colW - 62;
      fitText(c, host.seatName(s), { x: gx, y: gy, w: nameW, h: rowH }, { size: 12, weight: moving ? 700 : 400, colour: moving ? "#ffd66b" : "#dfe5f5", align: "left", minSize: 9 });
      gem(c, gx + nameW + 10, gy + rowH / 2, Math.min(14, rowH - 4), "blue");
      fitText(c, count, { x: gx + nameW + 18, y: gy, w: 38, h: rowH }, { size: 13, weight: 700, colour: "#ffffff", align: "left", minSize: 9 });
      surface.region({ rect: [gx, gy, colW - 8, rowH] }, { key: `gems:${s}`, focusable: false,
        describe: v.goal ? t("whoopies.gems_of", { ...named(s), n: v.gems[s], goal: v.goal }) : t("whoopies.gems_held", { ...named(s), n: v.gems[s] }) });
    }
    if (!boxed) fitText(c, t("whoopies.supply", { n: v.supply }), { x: box.x, y: box.y + box.h - supplyH, w: box.w, h: supplyH }, { size: 11, colour: "#8d97b3", align: "left", minSize: 9 });
  }

  /** The band below the table: the prompt, the Grab-nothing button during one's grab, the names and voice toggles.
   * A turned table's band is narrow: during the grab it holds the button alone (the band above says the call and
   * a joker's double stakes). */
  function drawFooter(c, prompt, pass) {
    const foot = L.foot;
    const by = foot.y + (foot.h - 36) / 2;
    let right = toggles(c, foot.x + foot.w - 10, by) - 10;
    if (pass && L.turned) {
      passButton(c, pass, right, by, Math.min(220, right - foot.x - 12));
      return;
    }
    if (pass) right = passButton(c, pass, right, by, L.narrow ? 130 : 170) - 10;
    fitText(c, prompt || "", { x: foot.x + 12, y: foot.y + 3, w: right - foot.x - 12, h: foot.h - 6 }, { size: 15, weight: 700, colour: "#ffffff", align: "left", lines: L.turned ? 3 : 2, minSize: 11 });
  }

  /** The names and voice toggles, their right edge at `right`: returns their left edge. */
  function toggles(c, right, y) {
    const mute = { x: right - 40, y, w: 40, h: 36 };
    const names = { x: mute.x - 48, y, w: 40, h: 36 };
    roundRect(c, names.x, names.y, names.w, names.h, 9);
    c.fillStyle = showNames ? PALETTE.accent : "#343c58";
    c.fill();
    fitText(c, "Aa", { x: names.x + 4, y: names.y, w: names.w - 8, h: names.h }, { size: 13, weight: 700, colour: "#ffffff" });
    surface.region({ rect: [names.x, names.y, names.w, names.h] }, { key: "names", value: "names", label: t(showNames ? "whoopies.names_hide" : "whoopies.names_show") });
    roundRect(c, mute.x, mute.y, mute.w, mute.h, 9);
    c.fillStyle = muted ? "#5a3340" : "#343c58";
    c.fill();
    speaker(c, mute.x, mute.y);
    surface.region({ rect: [mute.x, mute.y, mute.w, mute.h] }, { key: "mute", value: "mute", label: t(muted ? "whoopies.voice_unmute" : "whoopies.voice_mute") });
    return names.x;
  }

  /** The Grab-nothing button, `w` wide, its right edge at `right`: returns its left edge. */
  function passButton(c, pass, right, y, w) {
    const box = { x: right - w, y, w, h: 36 };
    button(c, box, words(pass), { primary: false, size: 14, hovered: surface.isHovered("pass"), focused: surface.isFocused("pass") });
    surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: "pass", target: pass });
    return box.x;
  }

  function speaker(c, mx, y) {
    c.fillStyle = "#ffffff";
    c.beginPath();
    c.moveTo(mx + 9, y + 14);
    c.lineTo(mx + 15, y + 14);
    c.lineTo(mx + 22, y + 8);
    c.lineTo(mx + 22, y + 28);
    c.lineTo(mx + 15, y + 22);
    c.lineTo(mx + 9, y + 22);
    c.closePath();
    c.fill();
    c.strokeStyle = "#ffffff";
    c.lineWidth = 2;
    c.beginPath();
    if (muted) {
      c.moveTo(mx + 26, y + 13);
      c.lineTo(mx + 34, y + 23);
      c.moveTo(mx + 34, y + 13);
      c.lineTo(mx + 26, y + 23);
    } else {
      c.arc(mx + 23, y + 18, 6, -0.8, 0.8);
      c.moveTo(mx + 23 + 11 * Math.cos(-0.8), y + 18 + 11 * Math.sin(-0.8));
      c.arc(mx + 23, y + 18, 11, -0.8, 0.8);
    }
    c.stroke();
  }

  const softPanel = (c, box) => panel(c, box, { fill: "rgba(255,255,255,0.94)", edge: "#c9b48f", radius: 14, lineWidth: 1.5, shadow: true });

  /** A title line across the stage. */
  function title(c, text, y, size = 22, colour = "#3a3040", h = size * 1.5) {
    fitText(c, text, { x: area.x + 12, y: y - h / 2, w: area.w - 24, h }, { size, weight: 700, colour, lines: 2, minSize: 11 });
  }

  /** Choice cards across the stage, `n` of them: their boxes. In one row where each card can be at least `minW`
   * wide, else in rows (the last one centred): a narrow stage (a phone) keeps its cards' words readable. */
  function cardRow(n, top, { maxW = 130, maxH = 150, minW = 80, labels = [] } = {}) {
    const gap = L.compact ? 8 : 12;
    // a card is at least as wide as its longest word at 12 px (a label wraps between words, never in one)
    const c = surface.context;
    c.font = font(12, 700);
    for (const label of labels) for (const word of label.split(" ")) minW = Math.max(minW, c.measureText(word).width + 14);
    const cols = Math.max(1, Math.min(n, Math.floor((area.w - 16 + gap) / (minW + gap))));
    const rows = Math.ceil(n / cols);
    const w = Math.min(maxW, (area.w - 16 - (cols - 1) * gap) / cols);
    const h = Math.max(56, Math.min(maxH, w * 1.18, (area.y + area.h - top - 8 - (rows - 1) * gap) / rows));
    return Array.from({ length: n }, (_, i) => {
      const row = Math.floor(i / cols);
      const inRow = row === rows - 1 ? n - row * cols : cols;
      const x0 = area.x + area.w / 2 - (inRow * w + (inRow - 1) * gap) / 2;
      return { x: x0 + (i - row * cols) * (w + gap), y: top + row * (h + gap), w, h };
    });
  }

  /** A choice card for a target: `art(box)` draws the picture, `label` is under it; a tap plays the target. */
  function card(c, box, target, label, art, { describe = "", note = "" } = {}) {
    const key = `card:${target ? target.action : label}`;
    const lit = target && (hinted === target.action || surface.isHovered(key));
    softPanel(c, box);
    if (lit) { roundRect(c, box.x, box.y, box.w, box.h, 14); c.strokeStyle = PALETTE.hint; c.lineWidth = 4; c.stroke(); }
    const labelH = Math.max(28, Math.min(34, box.h * 0.34)); // two lines of a long label (Ukrainian: Усі, крім одного)
    const noteH = note ? Math.max(14, box.h * 0.13) : 0;
    art({ x: box.x, y: box.y, w: box.w, h: box.h - labelH - noteH - 4 });
    fitText(c, label, { x: box.x + 4, y: box.y + box.h - labelH - noteH - 4, w: box.w - 8, h: labelH }, { size: Math.min(16, Math.max(13, box.w / 6)), weight: 700, lines: 2, minSize: 10 });
    if (note) fitText(c, note, { x: box.x + 4, y: box.y + box.h - noteH - 3, w: box.w - 8, h: noteH }, { size: 11, colour: PALETTE.muted, minSize: 9 });
    surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key, target, focusable: Boolean(target), describe,
      ...(target ? { label: words(target) } : {}) });
  }

  /** The stage: the throw, the die, the choices. Returns the prompt line for the footer. */
  function drawStage(c, v) {
    const now = performance.now();
    if (betterGrab && v.throw) { currentScreen = "better"; return drawBetterGrab(c, v, betterGrab); }
    // a catch stays on screen a moment, even after the round is settled
    if (hold && now < hold.until) {
      const run = grabs.get(hold.key);
      const thr = run && throws.get(run.round);
      if (run && thr) { currentScreen = "caught"; return drawRun(c, v, run, thr); }
    }
    if (v.phase === "grab" && v.throw) {
      throws.set(v.round, v.throw);
      const seat = activeHuman();
      if (seat !== null && table.viewer === seat) {
        const run = runOf(v, seat);
        if (run.stage === "pass") { currentScreen = "pass"; return drawPass(c, v, run); }
        if (run.stage === "countdown" && now < run.since) { currentScreen = "next"; return drawNext(c, v, run); }
        if (run.stage === "countdown") { currentScreen = "countdown"; return drawCountdown(c, v, run); }
        currentScreen = "grab";
        return drawRun(c, v, run, v.throw);
      }
      // nobody here is to grab: our own run is over (wait for the others), or only bots play
      const mine = [...grabs.values()].find((run) => run.key.startsWith(`${v.throw.key}/${v.round}/`) && run.start !== null);
      if (mine) { currentScreen = "waiting"; return drawRun(c, v, mine, v.throw); }
      if (!spectate || spectate.key !== v.throw.key) {
        spectate = { key: v.throw.key, start: now - clockOf(`throw ${v.round}/watch`) };
        animate();
      }
      currentScreen = "spectate";
      drawThrow(c, v.throw, now - spectate.start);
      return t("whoopies.prompt.bots_grab");
    }
    spectate = null;
    if (L.turned) { // between throws: the whole width, and the gems at the foot (no band holds them)
      const h = Math.ceil(table.players / 2) * 24 + 10;
      const box = { x: 8, y: L.stage.y + L.stage.h - h - 8, w: L.W - 16, h };
      drawGems(c, v, box, true);
      area = { x: 0, y: L.stage.y, w: L.W, h: L.stage.h - h - 12 };
    }
    // the short layout's band has no room for the prompt: it is a caption at the foot of the stage
    const caption = L.kind === "short" ? { x: L.stage.x, y: L.stage.y + L.stage.h - 46, w: L.stage.w, h: 46 } : null;
    if (caption) area = { ...area, h: area.h - caption.h };
    let y = area.y + 12;
    // a narrow stage where the person chooses keeps room for the cards: the last round's headline only
    const brief = L.narrow && v.phase === "choose" && activeHuman() !== null && plainTargets("card").length + plainTargets("creature").length > 0;
    if (showsResult(v)) y = drawResult(c, v, { x: area.x + 10, y, w: area.w - 20 }, brief) + 8;
    const mover = activeHuman();
    currentScreen = v.phase;
    const prompt = phaseScreen(c, v, y, mover);
    if (caption && prompt) {
      c.fillStyle = "rgba(29,35,56,0.88)";
      c.fillRect(caption.x, caption.y, caption.w, caption.h);
      fitText(c, prompt, { x: caption.x + 12, y: caption.y + 3, w: caption.w - 24, h: caption.h - 6 }, { size: 14, weight: 700, colour: "#ffffff", align: "left", lines: 2, minSize: 11 });
    }
    return prompt;
  }

  /** The stage between throws, by the phase: returns the prompt. */
  function phaseScreen(c, v, y, mover) {
    switch (v.phase) {
      case "roll": return drawRoll(c, v, y, mover);
      case "choose": return drawChoose(c, v, y, mover);
      case "pick":
      case "own": return drawPick(c, v, y, mover);
      case "throw": return drawThrowButton(c, v, y, mover);
      case "steal": return drawSteal(c, v, y, mover);
      case "over": return drawOver(c, v, y);
      default: return "";
    }
  }

  const showsResult = (v) => v.last && (v.last.round >= v.round - 1 || v.phase === "steal" || v.phase === "over");

  /** The creatures in a row (the table before the throw), each described on hover and long press. */
  function lineUp(c, v, cy) {
    const n = v.creatures.length;
    const gap = Math.min(140, (area.w - 20) / n);
    const size = Math.min(30, gap * 0.3);
    const x0 = area.x + area.w / 2 - ((n - 1) * gap) / 2;
    v.creatures.forEach((cr, i) => {
      const x = x0 + i * gap;
      drawCreature(c, cr, x, cy, size, 0, Math.PI * 0.75);
      fitText(c, cname(cr.name), { x: x - gap / 2 + 2, y: cy + size + 4, w: gap - 4, h: 20 }, { size: 13, weight: 700, colour: "#3a3040", minSize: 8 });
      surface.region({ circle: [x, cy, size + 6] }, { key: `line:${cr.name}`, focusable: false, describe: creatureWords(cr.name) });
    });
  }

  function drawRoll(c, v, y, mover) {
    const bottom = area.y + area.h;
    const cy = Math.max(y + 60 * L.s * 2, area.y + area.h * 0.55);
    if (die && performance.now() - die.start < ms(DIE_MS)) return drawDieRolling(c, Math.min(cy, bottom - 70));
    const roll = targetOf("die", "die");
    if (mover !== null && roll) {
      const size = L.compact ? 56 : 84;
      const bw = L.compact ? 150 : 180;
      const top = Math.min(cy - size / 2 - 20, bottom - size - 60);
      drawDie(c, 0, area.x + area.w / 2, top + size / 2, size, -0.15);
      const box = { x: area.x + area.w / 2 - bw / 2, y: top + size + 10, w: bw, h: 40 };
      button(c, box, t("whoopies.roll_button"), { hovered: surface.isHovered("roll"), focused: surface.isFocused("roll") });
      if (hinted === roll.action) focusHint(c, box);
      const whole = { x: box.x, y: top, w: bw, h: box.y + box.h - top };
      surface.region({ rect: [whole.x, whole.y, whole.w, whole.h] }, { key: "roll", target: roll, label: words(roll), describe: t("whoopies.about.die_unrolled") });
      return t("whoopies.prompt.roll");
    }
    lineUp(c, v, Math.min(cy, bottom - 60));
    return t("whoopies.prompt.wait_roll", named(v.roller));
  }

  function focusHint(c, box) {
    roundRect(c, box.x - 4, box.y - 4, box.w + 8, box.h + 8, 14);
    c.strokeStyle = PALETTE.hint;
    c.lineWidth = 4;
    c.stroke();
  }

  function drawDieRolling(c, cy) {
    currentScreen = "rolling";
    const p = Math.min(1, (performance.now() - die.start) / ms(DIE_MS));
    const face = p < 1 ? 1 + Math.floor((performance.now() / 80) % 6) : die.face;
    const x = area.x + area.w / 2 - 200 * L.s * (1 - p) ** 2;
    const bounce = Math.abs(Math.sin(p * Math.PI * 3)) * 60 * L.s * (1 - p);
    drawDie(c, face, x, cy - bounce, L.compact ? 60 : 96, (1 - p) * 7);
    return t("whoopies.prompt.rolling");
  }

  function drawChoose(c, v, y, mover) {
    if (die && performance.now() - die.start < ms(DIE_MS)) return drawDieRolling(c, area.y + area.h * 0.5);
    const dieSize = L.compact ? 36 : 60;
    const top = Math.max(y, area.y + (L.compact ? 8 : 40));
    drawDie(c, v.face, area.x + area.w / 2, top + dieSize / 2, dieSize);
    title(c, t(`whoopies.face.${v.face}`), top + dieSize + (L.compact ? 12 : 20), L.compact ? 15 : 18);
    const cards = [...plainTargets("card"), ...plainTargets("creature")];
    const row = top + dieSize + (L.compact ? 26 : 46);
    if (mover === null || !cards.length) {
      lineUp(c, v, Math.min(row + 60, area.y + area.h - 60));
      return t("whoopies.prompt.wait_choose", named(v.roller));
    }
    const label = (target) => {
      const id = target.thing.id;
      return target.thing.kind === "creature" ? cname(id) : v.action ? colourLabel(id) : t(`whoopies.face.${FACES[id]}`);
    };
    const boxes = cardRow(cards.length, row, { labels: cards.map(label) });
    cards.forEach((target, i) => {
      const box = boxes[i];
      const id = target.thing.id;
      if (target.thing.kind === "creature") {
        card(c, box, target, cname(id), (art) => drawCreature(c, creatureOf(id), art.x + art.w / 2, art.y + art.h / 2 + 4, Math.min(34, art.w * 0.3, art.h * 0.36), 0, Math.PI * 0.75),
          { describe: `${creatureWords(id)}. ${t(`whoopies.about.action.${v.action}`)}` });
      } else if (v.action) {
        card(c, box, target, colourLabel(id), (art) => drawSwatch(c, id, art.x + art.w / 2, art.y + art.h / 2 + 4, Math.min(34, art.w * 0.3, art.h * 0.36), { puff: v.action === "puff" }),
          { describe: t(`whoopies.about.action.${v.action}`) });
      } else { // the joker: the five actions, each shown by its die face
        card(c, box, target, t(`whoopies.face.${FACES[id]}`), (art) => drawDie(c, FACES[id], art.x + art.w / 2, art.y + art.h / 2 + 4, Math.min(56, art.w * 0.5, art.h * 0.7)),
          { describe: t(`whoopies.about.action.${id}`) });
      }
    });
    return t(v.action ? `whoopies.prompt.choose_${v.action}` : "whoopies.prompt.joker");
  }

  function drawPick(c, v, y, mover) {
    const top = Math.max(y + 6, area.y + (L.compact ? 8 : 120));
    title(c, t(v.phase === "own" ? "whoopies.pick_own_title" : "whoopies.pick_title"), top + 12, L.compact ? 15 : 20);
    const boxes = cardRow(v.creatures.length, top + 34, { maxH: 170, labels: v.creatures.map((cr) => cname(cr.name)) });
    v.creatures.forEach((cr, i) => {
      const pickers = v.picks.map((p, s) => (p === cr.name ? host.seatName(s) : null)).filter(Boolean).join(", ");
      const target = mover !== null ? targetOf("creature", cr.name) : null;
      card(c, boxes[i], target, cname(cr.name), (art) => drawCreature(c, cr, art.x + art.w / 2, art.y + art.h / 2 + 4, Math.min(34, art.w * 0.3, art.h * 0.36), 0, Math.PI * 0.75),
        { describe: creatureWords(cr.name), note: pickers });
    });
    if (mover !== null && (view().targets || []).length) {
      return severalHumans() ? t("whoopies.prompt.pick_player", named(mover)) : t("whoopies.prompt.pick");
    }
    return t("whoopies.prompt.wait_pick");
  }

  function drawThrowButton(c, v, y, mover) {
    const top = Math.max(y + 10, area.y + area.h * (L.compact ? 0.12 : 0.3));
    // the youngest players' die goes straight from the roll to the throw: show it landing
    if (die && performance.now() - die.start < ms(DIE_MS)) return drawDieRolling(c, area.y + area.h * 0.5);
    title(c, targetText(v, mover ?? table.viewer), top + 14, L.compact ? 17 : 22);
    if (v.joker) title(c, t("whoopies.double"), top + 44, 15, "#8a1020");
    const throwTarget = plainTargets("button").find((tg) => tg.action === "throw");
    if (mover !== null && throwTarget) {
      const box = { x: area.x + area.w / 2 - 100, y: Math.min(top + 70, area.y + area.h - 66), w: 200, h: 52 };
      button(c, box, t("whoopies.throw_button"), { size: 18, hovered: surface.isHovered("throw"), focused: surface.isFocused("throw") });
      if (hinted === throwTarget.action) focusHint(c, box);
      surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: "throw", target: throwTarget, label: words(throwTarget) });
      return t("whoopies.prompt.throw");
    }
    return t("whoopies.prompt.wait_throw", named(v.roller));
  }

  function drawSteal(c, v, y, mover) {
    const stealer = v.steal ? v.steal.seat : null;
    const victims = plainTargets("player");
    if (mover === null || mover !== stealer || !victims.length) return t("whoopies.prompt.wait_steal", named(stealer));
    const top = Math.max(y + 6, area.y + (L.compact ? 8 : 200));
    title(c, t("whoopies.steal_title", { n: v.steal.gems }), top + 12, L.compact ? 15 : 20);
    const boxes = cardRow(victims.length, top + 34, { maxW: 150, maxH: 84 });
    victims.forEach((target, i) => {
      const seat = target.params.seat;
      const box = boxes[i];
      card(c, box, target, host.seatName(seat), (art) => {
        gem(c, art.x + art.w / 2 - 12, art.y + art.h / 2 + 4, Math.min(18, art.h * 0.6), "blue");
        fitText(c, String(v.gems[seat]), { x: art.x + art.w / 2, y: art.y, w: art.w / 2 - 4, h: art.h + 8 }, { size: 16, weight: 700, align: "left" });
      }, { describe: t("whoopies.gems_held", { ...named(seat), n: v.gems[seat] }) });
    });
    return t("whoopies.prompt.steal");
  }

  function drawOver(c, v, y) {
    const names = v.winners.map((s) => host.seatName(s)).join(" & ");
    const top = Math.max(y + 20, area.y + area.h * 0.3);
    title(c, t("whoopies.over_title", { names }), top, L.compact ? 18 : 24);
    lineUp(c, v, Math.min(top + 100 * (L.compact ? 0.7 : 1), area.y + area.h - 50));
    return t("whoopies.target.over");
  }

  /** The last round in words, at the top of the stage: what each player caught and what it cost or won. Returns
   * the bottom of what it drew. */
  function drawResult(c, v, { x, y, w }, brief = false) {
    const last = v.last;
    const rows = brief ? [] : last.grabs;
    // a narrow stage: the gems a row won or lost end its words, on up to three lines across the panel
    const narrow = L.narrow;
    const rowH = narrow ? 46 : 32;
    const headH = narrow ? 40 : 24;
    const h = headH + 10 + rows.length * rowH + (last.stolen && !brief ? rowH : 0) + 6;
    softPanel(c, { x, y, w, h });
    const winner = last.winner;
    const head = winner === null || winner === undefined ? t("whoopies.result.nobody", { n: last.round })
      : t("whoopies.result.winner", { n: last.round, ...named(winner) });
    fitText(c, head, { x: x + 12, y: y + 6, w: w - 24, h: headH }, { size: 15, weight: 700, align: "left", lines: 2, minSize: 11 });
    const changeW = narrow ? 0 : 96;
    const top = y + headH + 8;
    rows.forEach((row, i) => {
      const ry = top + i * rowH;
      const change = row.gems;
      let text = outcomeText(row, last);
      if (row.misses) text += ` ${t("whoopies.misses", { n: row.misses })}`;
      if (narrow) text += ` (${gemsText(change)})`;
      else {
        fitText(c, gemsText(change), { x: x + w - 12 - changeW, y: ry, w: changeW, h: rowH }, { size: 13, weight: 700, align: "right", minSize: 10,
          colour: change > 0 ? "#16803c" : change < 0 ? "#b3261e" : PALETTE.muted });
      }
      if (row.creature) {
        const cr = creatureOf(row.creature);
        drawSwatch(c, cr.body, x + 20, ry + rowH / 2, 7);
        drawSwatch(c, cr.puff, x + 34, ry + rowH / 2, 6, { puff: true });
      }
      fitText(c, text, { x: x + 46, y: ry, w: w - 46 - 12 - (narrow ? 0 : changeW + 6), h: rowH }, { size: 13, align: "left", lines: narrow ? 3 : 2, minSize: 10 });
    });
    if (last.stolen && !brief) {
      fitText(c, t("whoopies.result.stolen", { ...named(winner), ...named(last.stolen.from, "victim"), n: last.stolen.gems }),
        { x: x + 46, y: top + rows.length * rowH, w: w - 58, h: rowH }, { size: 13, align: "left", lines: narrow ? 3 : 2, minSize: 10 });
    }
    return y + h;
  }

  function drawNext(c, v, run) {
    let y = area.y + 14;
    if (v.last && v.last.round === v.round - 1) y = drawResult(c, v, { x: area.x + 10, y, w: area.w - 20 });
    const top = Math.max(y + 30, area.y + area.h * 0.4);
    title(c, t("whoopies.next_throw"), top, 15, PALETTE.muted);
    title(c, targetText(v, run.seat), top + 32, L.compact ? 17 : 22);
    if (v.joker) title(c, t("whoopies.double"), top + 60, 15, "#8a1020");
    return t("whoopies.prompt.get_ready");
  }

  function drawPass(c, v, run) {
    const w = Math.min(500, area.w - 20);
    const h = Math.min(240, area.h - 20);
    const box = { x: area.x + area.w / 2 - w / 2, y: area.y + area.h / 2 - h / 2, w, h };
    softPanel(c, box);
    fitText(c, t("whoopies.pass_device", named(run.seat)), { x: box.x + 14, y: box.y + 10, w: w - 28, h: h * 0.22 }, { size: 22, weight: 700, lines: 2, minSize: 10 });
    fitText(c, t("whoopies.pass_hint"), { x: box.x + 20, y: box.y + h * 0.3, w: w - 40, h: h * 0.36 }, { size: 15, colour: PALETTE.muted, lines: 4, minSize: 8 });
    const bw = Math.min(260, w - 40);
    const ready = { x: box.x + w / 2 - bw / 2, y: box.y + h - 14 - Math.min(52, h * 0.24), w: bw, h: Math.min(52, h * 0.24) };
    const label = t("whoopies.ready_button", named(run.seat));
    button(c, ready, label, { hovered: surface.isHovered("ready"), focused: surface.isFocused("ready") });
    surface.region({ rect: [ready.x, ready.y, ready.w, ready.h] }, { key: "ready", value: "ready", label });
    return t("whoopies.prompt.pass", named(run.seat));
  }

  function drawCountdown(c, v, run) {
    const left = ms(COUNTDOWN_MS) - (performance.now() - run.since);
    const n = Math.max(1, Math.ceil(left / (COUNTDOWN_MS / 3)));
    const w = Math.min(580, area.w - 20);
    const h = Math.min(260, area.h - 20);
    const box = { x: area.x + area.w / 2 - w / 2, y: area.y + area.h / 2 - h / 2, w, h };
    softPanel(c, box);
    fitText(c, targetText(v, run.seat), { x: box.x + 14, y: box.y + 10, w: w - 28, h: h * 0.26 }, { size: L.compact ? 18 : 24, weight: 700, lines: 2, minSize: 10 });
    if ((v.action === "colour" || v.action === "puff") && v.value) {
      drawSwatch(c, v.value, box.x + w / 2, box.y + h * 0.46, Math.min(30, h * 0.12), { puff: v.action === "puff" });
    }
    if (v.joker) fitText(c, t("whoopies.double"), { x: box.x + 10, y: box.y + h * 0.58, w: w - 20, h: h * 0.12 }, { size: 15, weight: 700, colour: "#8a1020" });
    fitText(c, String(n), { x: box.x, y: box.y + h * 0.7, w, h: h * 0.28 }, { size: L.compact ? 34 : 44, weight: 700, colour: "#2459c7" });
    return t("whoopies.prompt.get_ready");
  }

  /** The throw held still at a grab's moment, with a ring where the hand closes and its time beside it: a better
   * move of a review (showHint), drawn until the next draw. */
  function drawBetterGrab(c, v, grab) {
    const thr = v.throw;
    drawThrow(c, thr, grab.ms);
    const p = toBoard(grab.x, grab.y);
    const r = Math.max(14, thr.ball_hit_radius * L.s + 6);
    c.save();
    c.beginPath();
    c.arc(p.x, p.y, r, 0, Math.PI * 2);
    c.strokeStyle = "rgba(20,24,35,0.55)";
    c.lineWidth = 8;
    c.stroke();
    c.strokeStyle = PALETTE.hint;
    c.lineWidth = 4;
    c.stroke();
    c.beginPath();
    c.arc(p.x, p.y, 3.5, 0, Math.PI * 2);
    c.fillStyle = PALETTE.hint;
    c.fill();
    c.restore();
    // the time, beside the ring where the table has room (else on the other side)
    const words = t("whoopies.better_time", { seconds: secondsText(grab.ms) });
    c.font = font(14, 700);
    const w = c.measureText(words).width + 16;
    const h = 24;
    const right = p.x + r + 6 + w <= L.stage.x + L.stage.w - 4;
    const x = right ? p.x + r + 6 : Math.max(L.stage.x + 4, p.x - r - 6 - w);
    const y = Math.min(L.stage.y + L.stage.h - h - 4, Math.max(L.stage.y + 4, p.y - h / 2));
    if (w <= L.stage.w - 8) {
      roundRect(c, x, y, w, h, 8);
      c.fillStyle = "rgba(20,24,35,0.85)";
      c.fill();
      fitText(c, words, { x: x + 6, y, w: w - 12, h }, { size: 14, weight: 700, colour: PALETTE.hint, minSize: 10 });
    }
    // the 10 s window, as far as the grab's moment
    const bar = { x: L.stage.x + 20, y: L.stage.y + 8, w: L.stage.w - 40, h: 8 };
    roundRect(c, bar.x, bar.y, bar.w, bar.h, 4);
    c.fillStyle = "rgba(0,0,0,0.12)";
    c.fill();
    roundRect(c, bar.x, bar.y, bar.w * Math.max(0, 1 - grab.ms / thr.window_ms), bar.h, 4);
    c.fillStyle = "#4c8df6";
    c.fill();
    return describe(v, `grab ${grab.x},${grab.y} @${grab.ms}`);
  }

  function drawRun(c, v, run, thr) {
    const when = run.start === null ? 0 : Math.min(throwMs(run), thr.window_ms);
    if (run.caught) run.restMs = thr.rest_ms;
    const grabbing = run === currentRun() && v.throw === thr;
    drawThrow(c, thr, when, { marks: run.marks, caught: run.caught, grabbing });
    // the 10 s window
    const frac = Math.min(1, when / thr.window_ms);
    const bar = { x: L.stage.x + 20, y: L.stage.y + 8, w: L.stage.w - 40, h: 8 };
    roundRect(c, bar.x, bar.y, bar.w, bar.h, 4);
    c.fillStyle = "rgba(0,0,0,0.12)";
    c.fill();
    if (!run.caught && !run.passed) {
      roundRect(c, bar.x, bar.y, bar.w * (1 - frac), bar.h, 4);
      c.fillStyle = frac > 0.8 ? "#d9534f" : "#4c8df6";
      c.fill();
    }
    if (run.flash && performance.now() - run.flash.at < (run.caught ? 4000 : 900)) {
      const w = Math.min(L.stage.w - 20, 460);
      const box = { x: L.stage.x + L.stage.w / 2 - w / 2, y: L.stage.y + 24, w, h: 38 };
      roundRect(c, box.x, box.y, box.w, box.h, 12);
      c.fillStyle = run.caught ? "rgba(22,128,60,0.92)" : "rgba(40,40,50,0.85)";
      c.fill();
      fitText(c, run.flash.words(), { x: box.x + 10, y: box.y, w: box.w - 20, h: box.h }, { size: 20, weight: 700, colour: "#ffffff", minSize: 9 });
    }
    if (run.caught) return t("whoopies.prompt.caught_wait");
    if (run.passed) return t("whoopies.prompt.time_up");
    return callText(v, run.seat);
  }

  // ------------------------------------------------------------ input
  /** A tap (a click, a touch, or Enter on the focused region). During one's grab, a hand closing on the table:
   * the pointerdown already grabbed there; Enter grabs at the focused ball or body. Else the region's target. */
  function tap(region, point, event) {
    if (!table) return;
    lastTap = point;
    const run = currentRun();
    if (run && point && onTable(point)) {
      if (event && event.type === "click") return; // the hand closed at pointerdown
      grabAt(run, point);
      return;
    }
    if (!region) return;
    if (region.value === "mute") { toggleMute(); return; }
    if (region.value === "names") { showNames = !showNames; render(); return; }
    if (region.value === "ready") {
      const seat = activeHuman();
      const ready = seat !== null ? grabs.get(grabKey(view(), seat)) : null;
      if (ready && ready.stage === "pass") startCountdown(ready);
      render();
      return;
    }
    if (region.target && !region.target.timed) {
      if (region.target.action === "pass" && run) { passRun(run); return; }
      const seat = activeHuman();
      if (seat === null) return;
      hinted = null;
      host.act(region.target.action, seat);
    }
  }

  // a grab is a reaction: the hand closes when the finger or button goes down, not when it comes up
  surface.listen("pointerdown", (event) => {
    const run = currentRun();
    if (!run) return;
    const point = surface.point(event);
    if (!onTable(point)) return;
    event.preventDefault();
    lastTap = point;
    grabAt(run, point);
  });
  surface.listen("focus", () => render());
  surface.listen("blur", () => render());
  // a phone turned, a window resized, the page's height limit set: the layout follows the box (fit)
  let resizeRequest = 0;
  const onResize = () => {
    if (resizeRequest) return;
    resizeRequest = requestAnimationFrame(() => { resizeRequest = 0; if (table && !frameRequest) render(); });
  };
  window.addEventListener("resize", onResize);
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(onResize) : null;
  observer?.observe(canvas);

  /** Words for an action: its target's words (the Hint button's: never a grab, there are no hints in a grab); a
   * grab at a point (a review's better move), the creature whose ball is drawn there then, and the time. */
  function describe(v, action) {
    const grab = GRAB.exec(String(action));
    if (grab && v && v.throw) {
      const [x, y, when] = grab.slice(1).map(Number);
      const name = ballNear(v.throw, x, y, when);
      const seconds = secondsText(when);
      return name ? t("whoopies.describe.grab_ball_at", { whoopie: cname(name), seconds })
        : t("whoopies.describe.grab_point_at", { seconds });
    }
    const targets = (v && v.targets) || [];
    const found = targets.find((tg) => tg.action === action && !tg.timed);
    return found ? words(found) : String(action);
  }

  /** The creature whose ball is drawn within reach of (x, y) at `when` on the throw `thr` (the nearest), or null:
   * the words of a point, as the drawing shows it (what a hand there catches is Python's to say). */
  function ballNear(thr, x, y, when) {
    let best = null;
    let bestD = thr.ball_hit_radius ** 2;
    for (const it of scene(thr, when)) {
      const d = (it.lx - x) ** 2 + (it.ly - y) ** 2;
      if (d <= bestD) { best = it.name; bestD = d; }
    }
    return best;
  }

  return {
    /** The running grab's clock (ms since the throw started, as this board runs it); null outside a grab. */
    clockMs() {
      const v = table && table.view;
      const seat = host.humanSeat();
      if (!v || v.phase !== "grab" || seat === null) return null;
      const run = grabs.get(grabKey(v, seat));
      return run && run.start !== null ? throwMs(run) : null;
    },
    draw(next, { animate: animated = true } = {}) {
      const previous = table;
      table = next;
      const v = next.view;
      if (previous && animated && previous.view.phase === "roll" && v.face && v.round === previous.view.round && !reducedMotion()) {
        die = { start: performance.now(), face: v.face };
        speakPhase = "";
      }
      // a fresh result: say the viewer's line
      if (previous && v.last && previous.view.phase === "grab" && v.last.round === previous.view.round) {
        resultUntil = performance.now() + ms(HOLD_MS + RESULT_MS);
        const me = next.viewer ?? humans()[0];
        const row = v.last.grabs.find((g) => g.seat === me);
        if (row) say(`${outcomeText(row, v.last)} ${gemsText(row.gems)}`);
      }
      hinted = null;
      if (betterGrab) { betterGrab = null; canvas.dataset.hint = ""; }
      // forget runs of earlier throws
      for (const key of grabs.keys()) {
        if (grabs.get(key).round !== v.round && !(hold && hold.key === key && performance.now() < hold.until)) grabs.delete(key);
      }
      for (const round of throws.keys()) if (round < v.round - 1) throws.delete(round);
      promptVoice(v);
      render();
      animate();
    },
    keydown(event) {
      if (!table) return;
      const key = event.key;
      if (key === "m" || key === "M") { toggleMute(); event.preventDefault(); return; }
      if (key === "n" || key === "N") { showNames = !showNames; render(); event.preventDefault(); return; }
      if (key === "p" || key === "P") {
        const run = currentRun();
        if (run) { passRun(run); event.preventDefault(); }
        return;
      }
      if (/^[1-9]$/.test(key)) { // a digit taps the n-th choice card
        const cards = surface.regions.filter((region) => region.key.startsWith("card:") && region.target);
        const chosen = cards[Number(key) - 1];
        if (chosen) {
          const [x, y, w, h] = chosen.shape.rect;
          surface.focusedKey = chosen.key;
          tap(chosen, { x: x + w / 2, y: y + h / 2 }, event);
          event.preventDefault();
          render();
        }
        return;
      }
      if (key === "Escape") { hinted = null; render(); return; }
      if (surface.keydown(event)) { event.preventDefault(); render(); }
    },
    showHint(action) {
      // A replay's grab (a review's better move: a replay is watched, never played) has no target to light: a ring
      // on the throw, held still at its moment. In play (a guided game's scripted grab) the throw runs on.
      const grab = GRAB.exec(String(action));
      if (grab && table && table.replay && view().throw) {
        const [x, y, when] = grab.slice(1).map(Number);
        betterGrab = { x, y, ms: when };
        canvas.dataset.hint = "grab";
        render();
        return;
      }
      hinted = action;
      const region = surface.regions.find((r) => r.target && r.target.action === action);
      if (region) surface.focusedKey = region.key;
      render();
    },
    describeAction(v, action) { return describe(v, action); },
    wordTarget(target) { return words(target); },
    seatBadges(v, seat) {
      const badges = [];
      const pick = v.picks ? v.picks[seat] : null;
      if (pick) {
        const cr = v.creatures.find((c) => c.name === pick);
        if (cr) badges.push({ colour: COLOURS[cr.body].fill, label: cname(pick), symbol: cname(pick)[0] });
      }
      if (v.phase !== "over" && seat === v.roller) badges.push({ colour: "#fffdf6", label: t("whoopies.roller_badge"), symbol: "R" });
      return badges;
    },
    /** What the person can do now, where it is drawn now (the balls and bodies of a throw in flight move). */
    targets() { return surface.targets(); },
    /** A refused action: say why next to the place tapped. */
    refused(action, reason) {
      if (!lastTap) return false;
      surface.tell(lastTap, reason);
      return true;
    },
    destroy() {
      table = null;
      if (frameRequest) cancelAnimationFrame(frameRequest);
      frameRequest = 0;
      if (resizeRequest) cancelAnimationFrame(resizeRequest);
      window.removeEventListener("resize", onResize);
      observer?.disconnect();
      surface.destroy();
      try { window.speechSynthesis?.cancel(); } catch { /* nothing to stop */ }
    },
    resize() { fit(); render(); },
  };

  // ------------------------------------------------------------ spoken prompts for the human's turns
  function promptVoice(v) {
    const seat = activeHuman();
    let text = "";
    if (seat !== null && v.phase === "roll" && seat === v.roller) text = t("whoopies.prompt.roll");
    else if (seat !== null && v.phase === "choose" && seat === v.roller) text = v.action ? t(`whoopies.prompt.choose_${v.action}`) : t("whoopies.prompt.joker");
    else if (seat !== null && (v.phase === "pick" || v.phase === "own")) text = severalHumans() ? t("whoopies.prompt.pick_player", named(seat)) : t("whoopies.prompt.pick");
    else if (seat !== null && v.phase === "steal") text = t("whoopies.prompt.steal");
    const key = `${v.round}/${v.phase}/${v.action}/${seat}`;
    if (text && key !== speakPhase) {
      speakPhase = key;
      // after a result line, wait: cancel() would cut it off
      setTimeout(() => { if (table && speakPhase === key) say(text, true); }, 50);
    }
  }
}
