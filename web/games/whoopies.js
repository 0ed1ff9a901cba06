// Whoopies renderer: the die, the roller's choice, the throw and the grab, all drawn from view().
// The throw is Python's simulation (view.throw.paths): the renderer plays those frames back, interpolated
// linearly, from the moment the animation starts, and a click becomes `grab <x>,<y> @<ms>` in the
// simulation's 800×520 space. Python hit-tests the grab and settles the round; the renderer only words
// view.last. Other seats' grabs are never shown during a grab (they are in history; history is not drawn).
import { centredText, fitCanvas, HitRegions, pointerPosition, roundRect } from "./common.js";

const W = 800;
const HEADER = 86;
const TABLE_Y = HEADER; // throw y = 0 is canvas y = TABLE_Y
const TABLE_H = 520;
const FOOTER_Y = TABLE_Y + TABLE_H;
const H = FOOTER_Y + 56;
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
const ACTIONS = ["colour", "puff", "name", "spare", "own"];
const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function readMuted() {
  try { return window.localStorage.getItem("gamebox.whoopies.muted") === "1"; } catch { return false; }
}
function writeMuted(value) {
  try { window.localStorage.setItem("gamebox.whoopies.muted", value ? "1" : "0"); } catch { /* private mode */ }
}

/** Position on a path of frames at `ms`, interpolated linearly (the engine's rule). */
function at(frames, ms, frameMs) {
  const last = frames.length - 1;
  if (ms >= last * frameMs) return frames[last];
  const t = Math.max(0, ms);
  const index = Math.floor(t / frameMs);
  const part = (t - index * frameMs) / frameMs;
  const a = frames[index];
  const b = frames[index + 1];
  return a.map((value, i) => value + (b[i] - value) * part);
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

function drawGem(c, x, y, s, filled) {
  c.beginPath();
  c.moveTo(x, y - s);
  c.lineTo(x + s * 0.8, y - s * 0.2);
  c.lineTo(x, y + s);
  c.lineTo(x - s * 0.8, y - s * 0.2);
  c.closePath();
  if (filled) {
    const g = c.createLinearGradient(x - s, y - s, x + s, y + s);
    g.addColorStop(0, "#b9f4ff");
    g.addColorStop(0.5, "#2bb7d6");
    g.addColorStop(1, "#10657a");
    c.fillStyle = g;
    c.fill();
    c.strokeStyle = "#0b4a5a";
  } else {
    c.strokeStyle = "rgba(40,60,70,0.35)";
  }
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
    centredText(c, "bold 34px system-ui, sans-serif", "#6f6856", "?", 0, 2);
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
    centredText(c, "bold 15px system-ui, sans-serif", "#333", "Abc", 0, 1);
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
    centredText(c, "bold 13px system-ui, sans-serif", "#8a1020", "×2", 0, 22);
  }
  if (face) {
    c.fillStyle = "#6f6856";
    c.font = "bold 10px system-ui, sans-serif";
    c.textAlign = "right";
    c.textBaseline = "alphabetic";
    c.fillText(String(face), 27, 28);
  }
  c.restore();
}

function button(c, x, y, w, h, text, { primary = true, focused = false } = {}) {
  c.save();
  c.shadowColor = "rgba(0,0,0,0.25)";
  c.shadowBlur = 6;
  c.shadowOffsetY = 2;
  roundRect(c, x, y, w, h, 12);
  const g = c.createLinearGradient(x, y, x, y + h);
  if (primary) {
    g.addColorStop(0, "#4c8df6");
    g.addColorStop(1, "#2459c7");
  } else {
    g.addColorStop(0, "#ffffff");
    g.addColorStop(1, "#e6e9f0");
  }
  c.fillStyle = g;
  c.fill();
  c.shadowColor = "transparent";
  c.strokeStyle = focused ? "#f5a623" : primary ? "#1b3f8f" : "#9aa3b5";
  c.lineWidth = focused ? 4 : 1.5;
  c.stroke();
  centredText(c, "bold 18px system-ui, sans-serif", primary ? "#ffffff" : "#1f2430", text, x + w / 2, y + h / 2 + 1);
  c.restore();
}

/** Text wrapped into lines no wider than `width`; returns the y after the last line. */
function wrapText(c, text, x, y, width, lineHeight) {
  const words = String(text).split(/\s+/);
  let line = "";
  for (const word of words) {
    const trial = line ? `${line} ${word}` : word;
    if (c.measureText(trial).width > width && line) {
      c.fillText(line, x, y);
      line = word;
      y += lineHeight;
    } else {
      line = trial;
    }
  }
  if (line) { c.fillText(line, x, y); y += lineHeight; }
  return y;
}

// ---------------------------------------------------------------- the renderer
export function create(canvas, host) {
  const t = host.t;
  let table = null;
  let context = fitCanvas(canvas, W, H);
  canvas.dataset.tableY = String(TABLE_Y); // where throw space starts (for tests and embedding pages)
  const hits = new HitRegions();
  let muted = readMuted();
  let showNames = false;
  let hover = null; // {x, y} in throw space
  let cursor = 0; // keyboard cursor over the current choices
  let choices = []; // [{action, x, y, w, h}] of the screen shown
  let hinted = null;
  let die = null; // {start, face}: the roll animation
  let frameRequest = 0;
  const grabs = new Map(); // `${throwKey}/${seat}` -> the seat's run through this throw
  let spectate = null; // {key, start}: a throw with no human to grab
  let hold = null; // {key, until}: keep a catch on screen a moment
  const throws = new Map(); // round -> view.throw, kept to show the last throw's result
  let lastSpoken = "";
  let speakPhase = "";
  let resultUntil = 0;
  let lastPrompt = "";

  const view = () => table.view;
  const humans = () => (table ? table.seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0) : []);
  const cname = (name) => t(`whoopies.creature.${name}`, {}, name[0].toUpperCase() + name.slice(1));
  const colourWord = (colour) => t(`colour.${colour}`, {}, colour).toLowerCase();
  const colourLabel = (colour) => t(`colour.${colour}`, {}, colour);
  const creatureOf = (name) => view().creatures.find((cr) => cr.name === name)
    || { name, body: "orange", puff: "purple" };
  const activeHuman = () => {
    const seats = host.humanSeats();
    return seats.length ? seats[0] : null;
  };
  const severalHumans = () => humans().length > 1;

  // ------------------------------------------------------------ voice
  function speak(text) {
    lastSpoken = text;
    canvas.dataset.spoken = text;
    if (muted || !text) return;
    try {
      const synth = window.speechSynthesis;
      if (!synth || typeof window.SpeechSynthesisUtterance !== "function") return;
      synth.cancel();
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
    const roller = host.seatName(v.roller);
    const me = v.roller === activeHuman() ? "_you" : "";
    if (v.phase === "own") return t("whoopies.target.own_pick");
    if (v.phase === "roll") return t(`whoopies.target.roll${me}`, { name: roller });
    if (!v.action) return t(`whoopies.target.joker_choose${me}`, { name: roller });
    if (!v.value && v.action !== "own") return t(`whoopies.target.choose_${v.action}${me}`, { name: roller });
    const value = v.value;
    switch (v.action) {
      case "colour": return t("whoopies.target.colour", { colour: colourWord(value) });
      case "puff": return t("whoopies.target.puff", { colour: colourWord(value) });
      case "name": return t("whoopies.target.name", { whoopie: cname(value) });
      case "spare": return t("whoopies.target.spare", { whoopie: cname(value) });
      default: {
        const mine = seat !== null && seat !== undefined ? v.picks[seat] : null;
        return mine ? t("whoopies.target.own", { whoopie: cname(mine) }) : t("whoopies.target.own_all");
      }
    }
  }

  function outcomeText(v, row, last) {
    const who = host.seatName(row.seat);
    const creature = row.creature ? creatureOf(row.creature) : null;
    const params = { name: who, whoopie: creature ? cname(creature.name) : "", ms: row.ms };
    const wanted = row.wanted || [];
    const value = last.value;
    switch (row.outcome) {
      case "won": return t("whoopies.why.won", params);
      case "body": return t("whoopies.why.body", params);
      case "late": {
        const winner = last.grabs.find((g) => g.outcome === "won");
        return t("whoopies.why.late", { ...params, winner: winner ? host.seatName(winner.seat) : "?" });
      }
      case "taken": return t("whoopies.why.taken", params);
      case "spared": return t("whoopies.why.spared", params);
      case "safe": return t("whoopies.why.safe", params);
      case "none": return t(last.action === "spare" ? "whoopies.why.none_spare" : "whoopies.why.none", params);
      case "wrong": {
        if (last.action === "colour" && creature) {
          const key = creature.puff === value ? "whoopies.why.wrong_colour_trap" : "whoopies.why.wrong_colour";
          return t(key, { ...params, body: colourWord(creature.body).toUpperCase(), puff: colourWord(creature.puff).toUpperCase(),
            colour: colourWord(value) });
        }
        if (last.action === "puff" && creature) {
          const key = creature.body === value ? "whoopies.why.wrong_puff_trap" : "whoopies.why.wrong_puff";
          return t(key, { ...params, body: colourWord(creature.body).toUpperCase(), puff: colourWord(creature.puff).toUpperCase(),
            colour: colourWord(value) });
        }
        return t("whoopies.why.wrong", { ...params, wanted: wanted.map(cname).join(", ") });
      }
      default: return row.outcome;
    }
  }

  function gemsText(change) {
    if (change > 0) return t(change === 1 ? "whoopies.gems_plus_one" : "whoopies.gems_plus", { n: change });
    if (change < 0) return t(-change === 1 ? "whoopies.gems_minus_one" : "whoopies.gems_minus", { n: -change });
    return t("whoopies.gems_same");
  }

  // ------------------------------------------------------------ the throw
  function grabKey(v, seat) { return v.throw ? `${v.throw.key}/${v.round}/${seat}` : null; }

  function runOf(v, seat) {
    const key = grabKey(v, seat);
    if (!key) return null;
    let run = grabs.get(key);
    if (!run) {
      run = { key, seat, stage: severalHumans() ? "pass" : "countdown", since: performance.now(), start: null,
        marks: [], sent: 0, caught: null, passed: false, floor: 0, chain: Promise.resolve() };
      const floor = Math.max(0, ...v.my_grabs.map((g) => g.ms));
      if (v.my_grabs.length) { run.stage = "running"; run.start = performance.now() - floor; run.floor = floor; }
      grabs.set(key, run);
      if (run.stage === "countdown") startCountdown(run, Math.max(performance.now(), resultUntil));
      else if (run.stage === "pass") {
        const text = t("whoopies.pass_device", { name: host.seatName(seat) });
        host.announce(text);
        speak(text);
      }
    }
    return run;
  }

  function startCountdown(run, since = performance.now()) {
    run.stage = "countdown";
    run.since = since;
    run.spoken = false;
    animate();
  }

  function throwMs(run, now = performance.now()) { return run.start === null ? 0 : now - run.start; }

  /** Every body and ball of `thr` at `ms`, in throw space. */
  function scene(thr, ms) {
    return thr.order.map((name) => {
      const path = thr.paths[name];
      const [bx, by, turn] = at(path.body, ms, thr.frame_ms);
      const [lx, ly] = at(path.ball, ms, thr.frame_ms);
      return { name, bx, by, turn: turn / 1000, lx, ly };
    });
  }

  function drawThrow(c, thr, ms, { marks = [], caught = null, dim = false } = {}) {
    const items = scene(thr, ms);
    const r = thr.body_radius;
    c.save();
    c.translate(0, TABLE_Y);
    // shadows on the table
    for (const it of items) {
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
      const glow = caught && caught.creature === it.name && caught.part === "tail" ? "rgba(255,220,60,0.85)"
        : hinted && hinted.creature === it.name ? "rgba(245,166,35,0.6)" : null;
      drawBall(c, it.lx, it.ly, thr.ball_radius, glow);
    }
    // names on request: all with N, or the one under the pointer
    const near = hover ? nearest(items, hover, r) : null;
    const placed = [];
    for (const it of [...items].sort((a, b) => a.bx - b.bx)) {
      const full = near && near.name === it.name;
      if (!showNames && !full) continue;
      let y = it.by - r - 14;
      c.font = "bold 13px system-ui, sans-serif";
      const w = c.measureText(tagText(it.name, full)).width + 14;
      while (placed.some((p) => Math.abs(p.y - y) < 22 && p.x < it.bx + w / 2 && p.x + p.w > it.bx - w / 2)) y -= 24;
      placed.push({ x: it.bx - w / 2, w, y });
      nameTag(c, creatureOf(it.name), it.bx, y, full);
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
  }

  function nearest(items, point, r) {
    let best = null;
    for (const it of items) {
      const d = Math.min(Math.hypot(point.x - it.bx, point.y - it.by) - r, Math.hypot(point.x - it.lx, point.y - it.ly) - 12);
      if (d < 8 && (!best || d < best.d)) best = { d, name: it.name };
    }
    return best;
  }

  function ring(c, x, y, r) {
    c.beginPath();
    c.arc(x, y, r, 0, Math.PI * 2);
    c.strokeStyle = "rgba(255,220,60,0.95)";
    c.lineWidth = 5;
    c.stroke();
  }

  function tagText(name, full) {
    const cr = creatureOf(name);
    return full ? t("whoopies.tag", { whoopie: cname(name), body: colourWord(cr.body), puff: colourWord(cr.puff) }) : cname(name);
  }

  function nameTag(c, creature, x, y, full) {
    const text = tagText(creature.name, full);
    c.font = "bold 13px system-ui, sans-serif";
    const w = c.measureText(text).width + 14;
    const left = Math.min(W - w - 4, Math.max(4, x - w / 2));
    roundRect(c, left, y - 11, w, 22, 8);
    c.fillStyle = "rgba(20,24,35,0.85)";
    c.fill();
    c.fillStyle = "#ffffff";
    c.textAlign = "center";
    c.textBaseline = "middle";
    c.fillText(text, left + w / 2, y + 1);
  }

  // ------------------------------------------------------------ sending grabs
  function queue(run, action, after) {
    run.chain = run.chain.then(async () => {
      // app.js is busy while a bot thinks: wait for it rather than lose the click
      for (let tries = 0; tries < 200 && host.humanSeat() === null; tries++) {
        if (!table || !table.to_move.includes(run.seat) || !table.view.throw) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      if (!table || !table.to_move.includes(run.seat)) return;
      const ok = await host.act(action, run.seat);
      if (after) after(ok);
    });
  }

  function grabAt(run, point) {
    const v = view();
    const thr = v.throw;
    const ms = Math.min(thr.window_ms, Math.max(run.floor, Math.round(throwMs(run))));
    const x = Math.round(Math.min(thr.width, Math.max(0, point.x)));
    const y = Math.round(Math.min(thr.height, Math.max(0, point.y)));
    run.floor = ms;
    run.marks.push({ x, y, at: performance.now(), ms });
    run.sent += 1;
    const round = view().round;
    queue(run, `grab ${x},${y} @${ms}`, (ok) => { if (ok) checkGrab(run, round); });
    animate();
  }

  function passRun(run) {
    if (run.passed || run.caught) return;
    run.passed = true;
    queue(run, "pass");
  }

  /** After a grab was accepted: what did it catch? Ask the bridge for that seat's own view (read-only):
   *  with several humans the table's viewer may already be the next player. */
  async function checkGrab(run, round) {
    const reply = await host.request({ op: "view", viewer: run.seat });
    if (!reply || !reply.ok || run.caught) return;
    const v = reply.view;
    let caught = null;
    if (v.phase === "grab" && v.round === round) {
      const attempts = v.my_grabs || [];
      const found = attempts.find((a) => a.creature);
      if (found) caught = { creature: found.creature, part: found.part, ms: found.ms };
      else {
        run.flash = { text: t("whoopies.missed"), at: performance.now() };
        host.announce(run.flash.text);
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
    run.caughtAt = performance.now();
    hold = { key: run.key, until: performance.now() + HOLD_MS };
    const text = t(caught.part === "tail" ? "whoopies.caught_tail" : "whoopies.caught_body", { whoopie: cname(caught.creature), ms: caught.ms });
    run.flash = { text, at: performance.now() };
    host.announce(text);
    animate();
  }

  // ------------------------------------------------------------ animation loop
  function needsFrames() {
    const now = performance.now();
    if (die && now - die.start < DIE_MS + 50) return true;
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
    if (!table) return;
    const v = view();
    const now = performance.now();
    for (const run of grabs.values()) {
      if (run.stage === "countdown" && !run.spoken && now >= run.since && v.phase === "grab") {
        run.spoken = true;
        const text = `${targetText(v, run.seat)}${v.joker ? ` ${t("whoopies.double")}` : ""}`;
        host.announce(text);
        speakQueued(text);
      }
      if (run.stage === "countdown" && now - run.since >= COUNTDOWN_MS) {
        run.stage = "running";
        run.start = now;
        canvas.dataset.throwStart = String(now);
        canvas.dataset.throwKey = run.key;
      }
      if (run.stage === "running" && v.throw && throwMs(run, now) >= v.throw.window_ms) passRun(run);
    }
  }

  // ------------------------------------------------------------ screens
  function render() {
    if (!table) return;
    const c = context;
    const v = view();
    hits.clear();
    choices = [];
    c.clearRect(0, 0, W, H);
    drawTableBackground(c);
    drawHeader(c, v);
    const prompt = drawMain(c, v);
    drawFooter(c, v, prompt);
    canvas.dataset.choices = JSON.stringify(Object.fromEntries(choices.map((ch) => [ch.action, [ch.x + ch.w / 2, ch.y + ch.h / 2]])));
    canvas.dataset.screen = currentScreen;
    const label = prompt && prompt !== headline ? `${headline}. ${prompt}` : headline;
    if (label !== lastPrompt) {
      lastPrompt = label;
      canvas.setAttribute("aria-label", `${host.t("board.label", { game: host.t("game.whoopies.title") })}: ${label}`);
    }
  }
  let currentScreen = "";
  let headline = "";

  function drawTableBackground(c) {
    const wall = c.createLinearGradient(0, TABLE_Y, 0, TABLE_Y + 500);
    wall.addColorStop(0, "#fbf3e2");
    wall.addColorStop(1, "#efd9b5");
    c.fillStyle = wall;
    c.fillRect(0, TABLE_Y, W, 500);
    const wood = c.createLinearGradient(0, TABLE_Y + 500, 0, FOOTER_Y);
    wood.addColorStop(0, "#b97a43");
    wood.addColorStop(1, "#7d4a22");
    c.fillStyle = wood;
    c.fillRect(0, TABLE_Y + 500, W, TABLE_H - 500);
    c.strokeStyle = "rgba(60,30,10,0.5)";
    c.lineWidth = 2;
    c.beginPath();
    c.moveTo(0, TABLE_Y + 500);
    c.lineTo(W, TABLE_Y + 500);
    c.stroke();
    // header and footer bands
    const top = c.createLinearGradient(0, 0, 0, HEADER);
    top.addColorStop(0, "#2b3350");
    top.addColorStop(1, "#1d2338");
    c.fillStyle = top;
    c.fillRect(0, 0, W, HEADER);
    c.fillStyle = "#1d2338";
    c.fillRect(0, FOOTER_Y, W, H - FOOTER_Y);
  }

  function drawHeader(c, v) {
    // the die
    const dieFace = die && performance.now() - die.start < DIE_MS ? 1 + Math.floor((performance.now() / 90) % 6) : v.face;
    if (dieFace) drawDie(c, dieFace, 44, 43, 60);
    else {
      roundRect(c, 14, 13, 60, 60, 11);
      c.strokeStyle = "rgba(255,255,255,0.35)";
      c.setLineDash([4, 4]);
      c.lineWidth = 1.5;
      c.stroke();
      c.setLineDash([]);
    }
    // the target
    const seat = activeHuman() ?? (table.viewer ?? null);
    c.textAlign = "left";
    c.textBaseline = "alphabetic";
    c.fillStyle = "#b8c2dc";
    c.font = "13px system-ui, sans-serif";
    const bits = [t("whoopies.round", { n: v.round }), t("whoopies.roller", { name: host.seatName(v.roller) })];
    if (v.joker) bits.push(t("whoopies.joker_badge"));
    if (v.throwoff) bits.push(t("whoopies.throwoff_badge"));
    c.fillText(bits.join(" · "), 88, 27);
    const text = v.phase === "over" ? t("whoopies.target.over") : targetText(v, seat);
    headline = text;
    let x = 88;
    if ((v.action === "colour" || v.action === "puff") && v.value && v.phase !== "over") {
      drawSwatch(c, v.value, 102, 56, 13, { puff: v.action === "puff" });
      x = 124;
    }
    c.fillStyle = "#ffffff";
    c.font = "bold 19px system-ui, sans-serif";
    let size = 19;
    while (c.measureText(text).width > 420 - (x - 88) && size > 12) {
      size -= 1;
      c.font = `bold ${size}px system-ui, sans-serif`;
    }
    c.fillText(text, x, 63);
    // gems
    const seats = table.players;
    const cols = seats > 4 ? 2 : 1;
    const colW = 270 / cols;
    const rowH = seats > 4 ? 19 : Math.min(19, 76 / seats);
    for (let s = 0; s < seats; s++) {
      const col = Math.floor(s / Math.ceil(seats / cols));
      const row = s % Math.ceil(seats / cols);
      const gx = 524 + col * colW;
      const gy = 14 + row * rowH + rowH / 2;
      const moving = table.to_move.includes(s);
      c.fillStyle = moving ? "#ffd66b" : "#dfe5f5";
      c.font = `${moving ? "bold " : ""}12px system-ui, sans-serif`;
      c.textAlign = "left";
      c.textBaseline = "middle";
      let label = host.seatName(s);
      while (c.measureText(label).width > colW - 78 && label.length > 3) label = `${label.slice(0, -2)}…`;
      c.fillText(label, gx, gy);
      const gems = v.gems[s];
      drawGem(c, gx + colW - 62, gy, 7, true);
      c.fillStyle = "#ffffff";
      c.font = "bold 13px system-ui, sans-serif";
      c.fillText(v.goal ? `${gems}/${v.goal}` : String(gems), gx + colW - 50, gy + 1);
    }
    c.fillStyle = "#8d97b3";
    c.font = "11px system-ui, sans-serif";
    c.textAlign = "left";
    c.fillText(t("whoopies.supply", { n: v.supply }), 524, 80);
  }

  function drawFooter(c, v, prompt) {
    c.textAlign = "left";
    c.textBaseline = "middle";
    c.fillStyle = "#ffffff";
    c.font = "bold 15px system-ui, sans-serif";
    let size = 15;
    while (c.measureText(prompt || "").width > 640 && size > 11) {
      size -= 1;
      c.font = `bold ${size}px system-ui, sans-serif`;
    }
    c.fillText(prompt || "", 16, FOOTER_Y + 28);
    // names toggle and mute toggle
    const nx = W - 100;
    const y = FOOTER_Y + 10;
    roundRect(c, nx, y, 40, 36, 9);
    c.fillStyle = showNames ? "#4c8df6" : "#343c58";
    c.fill();
    c.fillStyle = "#ffffff";
    c.font = "bold 13px system-ui, sans-serif";
    c.textAlign = "center";
    c.fillText("Aa", nx + 20, y + 19);
    hits.rect(nx, y, 40, 36, { kind: "names" });
    const mx = W - 52;
    roundRect(c, mx, y, 40, 36, 9);
    c.fillStyle = muted ? "#5a3340" : "#343c58";
    c.fill();
    // a speaker
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
    if (muted) {
      c.beginPath();
      c.moveTo(mx + 26, y + 13);
      c.lineTo(mx + 34, y + 23);
      c.moveTo(mx + 34, y + 13);
      c.lineTo(mx + 26, y + 23);
      c.stroke();
    } else {
      c.beginPath();
      c.arc(mx + 23, y + 18, 6, -0.8, 0.8);
      c.stroke();
      c.beginPath();
      c.arc(mx + 23, y + 18, 11, -0.8, 0.8);
      c.stroke();
    }
    hits.rect(mx, y, 40, 36, { kind: "mute" });
  }

  function panel(c, x, y, w, h) {
    c.save();
    c.shadowColor = "rgba(0,0,0,0.25)";
    c.shadowBlur = 12;
    c.shadowOffsetY = 3;
    roundRect(c, x, y, w, h, 16);
    c.fillStyle = "rgba(255,255,255,0.94)";
    c.fill();
    c.restore();
    roundRect(c, x, y, w, h, 16);
    c.strokeStyle = "#c9b48f";
    c.lineWidth = 1.5;
    c.stroke();
  }

  function title(c, text, y, size = 22, colour = "#1f2430") {
    centredText(c, `bold ${size}px system-ui, sans-serif`, colour, text, W / 2, y);
  }

  function addChoice(action, x, y, w, h, draw) {
    const index = choices.length;
    const focused = index === cursor && document.activeElement === canvas;
    choices.push({ action, x, y, w, h });
    hits.rect(x, y, w, h, { kind: "choice", action });
    draw(focused, hinted && hinted.action === action);
  }

  /** The main area; returns the prompt line for the footer. */
  function drawMain(c, v) {
    const now = performance.now();
    // a catch stays on screen a moment, even after the round is settled
    if (hold && now < hold.until) {
      const run = grabs.get(hold.key);
      const thr = run && throws.get(Number(run.key.split("/")[1]));
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
      if (!spectate || spectate.key !== v.throw.key) { spectate = { key: v.throw.key, start: now }; animate(); }
      currentScreen = "spectate";
      drawThrow(c, v.throw, now - spectate.start);
      return t("whoopies.prompt.bots_grab");
    }
    spectate = null;
    let y = TABLE_Y + 14;
    if (v.last && (v.last.round === v.round - 1 || v.phase === "steal" || v.phase === "over" || v.last.round === v.round)) {
      y = drawResult(c, v, y);
    }
    const mover = activeHuman();
    currentScreen = v.phase;
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

  function lineUp(c, v, y, size = 30) {
    const list = v.creatures;
    const gap = 140;
    const x0 = W / 2 - ((list.length - 1) * gap) / 2;
    list.forEach((cr, i) => {
      drawCreature(c, cr, x0 + i * gap, y, size, 0, Math.PI * 0.75);
      centredText(c, "bold 13px system-ui, sans-serif", "#3a3040", cname(cr.name), x0 + i * gap, y + size + 16);
    });
  }

  function drawRoll(c, v, y, mover) {
    const mine = mover !== null && mover === v.roller;
    const cy = Math.max(y + 90, TABLE_Y + 300);
    if (die && performance.now() - die.start < DIE_MS) return drawDieRolling(c, cy);
    if (mine) {
      addChoice("roll", W / 2 - 110, cy - 60, 220, 150, (focused) => {
        drawDie(c, 0, W / 2, cy - 6, 84, -0.15);
        button(c, W / 2 - 90, cy + 50, 180, 40, t("whoopies.roll_button"), { focused });
      });
      return t("whoopies.prompt.roll");
    }
    lineUp(c, v, cy, 30);
    return t("whoopies.prompt.wait_roll", { name: host.seatName(v.roller) });
  }

  function drawDieRolling(c, cy) {
    currentScreen = "rolling";
    const p = Math.min(1, (performance.now() - die.start) / DIE_MS);
    const face = p < 1 ? 1 + Math.floor((performance.now() / 80) % 6) : die.face;
    const x = W / 2 - 200 * (1 - p) ** 2;
    const bounce = Math.abs(Math.sin(p * Math.PI * 3)) * 60 * (1 - p);
    drawDie(c, face, x, cy - bounce, 96, (1 - p) * 7);
    return t("whoopies.prompt.rolling");
  }

  function drawChoose(c, v, y, mover) {
    const mine = mover !== null && mover === v.roller;
    const top = Math.max(y + 10, TABLE_Y + 150);
    if (die && performance.now() - die.start < DIE_MS) return drawDieRolling(c, top + 120);
    drawDie(c, v.face, W / 2, top + 10, 64);
    title(c, t(`whoopies.face.${v.face}`), top + 60, 18, "#3a3040");
    if (!mine) {
      lineUp(c, v, top + 170, 30);
      return t("whoopies.prompt.wait_choose", { name: host.seatName(v.roller) });
    }
    const row = top + 100;
    if (!v.action) {
      const w = 140;
      const x0 = W / 2 - (ACTIONS.length * w + (ACTIONS.length - 1) * 10) / 2;
      ACTIONS.forEach((action, i) => {
        const x = x0 + i * (w + 10);
        addChoice(`joker ${action}`, x, row, w, 130, (focused, hint) => {
          panel(c, x, row, w, 130);
          if (focused || hint) { roundRect(c, x, row, w, 130, 16); c.strokeStyle = "#f5a623"; c.lineWidth = 4; c.stroke(); }
          drawDie(c, i + 1, x + w / 2, row + 44, 56);
          c.fillStyle = "#1f2430";
          c.font = "bold 13px system-ui, sans-serif";
          c.textAlign = "center";
          wrapText(c, t(`whoopies.face.${i + 1}`), x + w / 2, row + 92, w - 12, 16);
        });
      });
      return t("whoopies.prompt.joker");
    }
    const options = v.action === "colour" || v.action === "puff"
      ? [...new Set(v.creatures.map((cr) => (v.action === "colour" ? cr.body : cr.puff)))]
        .sort((a, b) => Object.keys(COLOURS).indexOf(a) - Object.keys(COLOURS).indexOf(b))
      : v.creatures.map((cr) => cr.name);
    const w = 130;
    const x0 = W / 2 - (options.length * w + (options.length - 1) * 12) / 2;
    options.forEach((option, i) => {
      const x = x0 + i * (w + 12);
      addChoice(`${v.action} ${option}`, x, row, w, 150, (focused, hint) => {
        panel(c, x, row, w, 150);
        if (focused || hint) { roundRect(c, x, row, w, 150, 16); c.strokeStyle = "#f5a623"; c.lineWidth = 4; c.stroke(); }
        if (v.action === "colour" || v.action === "puff") {
          drawSwatch(c, option, x + w / 2, row + 58, 34, { puff: v.action === "puff" });
          centredText(c, "bold 16px system-ui, sans-serif", "#1f2430", colourLabel(option), x + w / 2, row + 122);
        } else {
          drawCreature(c, creatureOf(option), x + w / 2, row + 62, 34, 0, Math.PI * 0.75);
          centredText(c, "bold 16px system-ui, sans-serif", "#1f2430", cname(option), x + w / 2, row + 126);
        }
        c.fillStyle = "#8a8f9c";
        c.font = "11px system-ui, sans-serif";
        c.textAlign = "left";
        c.fillText(String(i + 1), x + 8, row + 12);
      });
    });
    return t(`whoopies.prompt.choose_${v.action}`);
  }

  function drawPick(c, v, y, mover) {
    const top = Math.max(y + 10, TABLE_Y + 170);
    title(c, t(v.phase === "own" ? "whoopies.pick_own_title" : "whoopies.pick_title"), top, 20, "#3a3040");
    const row = top + 30;
    const w = 130;
    const list = v.creatures;
    const x0 = W / 2 - (list.length * w + (list.length - 1) * 12) / 2;
    list.forEach((cr, i) => {
      const x = x0 + i * (w + 12);
      const pickers = v.picks.map((p, s) => (p === cr.name ? s : -1)).filter((s) => s >= 0);
      const draw = (focused, hint) => {
        panel(c, x, row, w, 170);
        if (focused || hint) { roundRect(c, x, row, w, 170, 16); c.strokeStyle = "#f5a623"; c.lineWidth = 4; c.stroke(); }
        drawCreature(c, cr, x + w / 2, row + 62, 34, 0, Math.PI * 0.75);
        centredText(c, "bold 16px system-ui, sans-serif", "#1f2430", cname(cr.name), x + w / 2, row + 122);
        c.font = "11px system-ui, sans-serif";
        c.fillStyle = "#5a6172";
        const names = pickers.map((s) => host.seatName(s)).join(", ");
        if (names) wrapText(c, names, x + w / 2, row + 145, w - 10, 13);
      };
      if (mover !== null) addChoice(`pick ${cr.name}`, x, row, w, 170, draw);
      else draw(false, false);
    });
    if (mover !== null) {
      return severalHumans() ? t("whoopies.prompt.pick_player", { name: host.seatName(mover) }) : t("whoopies.prompt.pick");
    }
    return t("whoopies.prompt.wait_pick");
  }

  function drawThrowButton(c, v, y, mover) {
    const top = Math.max(y + 20, TABLE_Y + 190);
    const mine = mover !== null && mover === v.roller;
    // the youngest players' die (edition 2) goes straight from the roll to the throw: show it landing
    if (die && performance.now() - die.start < DIE_MS) return drawDieRolling(c, top + 120);
    title(c, targetText(v, mover ?? table.viewer), top, 22, "#3a3040");
    if (v.joker) title(c, t("whoopies.double"), top + 28, 15, "#8a1020");
    if (mine) {
      addChoice("throw", W / 2 - 100, top + 80, 200, 56, (focused) => button(c, W / 2 - 100, top + 80, 200, 56, t("whoopies.throw_button"), { focused }));
      return t("whoopies.prompt.throw");
    }
    return t("whoopies.prompt.wait_throw", { name: host.seatName(v.roller) });
  }

  function drawSteal(c, v, y, mover) {
    const top = Math.max(y + 20, TABLE_Y + 230);
    const stealer = v.steal ? v.steal.seat : null;
    if (mover === null || mover !== stealer) return t("whoopies.prompt.wait_steal", { name: host.seatName(stealer) });
    title(c, t(v.steal.gems === 1 ? "whoopies.steal_title_one" : "whoopies.steal_title", { n: v.steal.gems }), top, 20, "#3a3040");
    const victims = v.gems.map((g, s) => (s !== stealer && g > 0 ? s : -1)).filter((s) => s >= 0);
    const w = 150;
    const x0 = W / 2 - (victims.length * w + (victims.length - 1) * 12) / 2;
    victims.forEach((s, i) => {
      const x = x0 + i * (w + 12);
      addChoice(`steal ${s}`, x, top + 30, w, 80, (focused, hint) => {
        panel(c, x, top + 30, w, 80);
        if (focused || hint) { roundRect(c, x, top + 30, w, 80, 16); c.strokeStyle = "#f5a623"; c.lineWidth = 4; c.stroke(); }
        centredText(c, "bold 15px system-ui, sans-serif", "#1f2430", host.seatName(s), x + w / 2, top + 56);
        drawGem(c, x + w / 2 - 14, top + 84, 8, true);
        c.fillText(String(v.gems[s]), x + w / 2 + 6, top + 85);
      });
    });
    return t("whoopies.prompt.steal");
  }

  function drawOver(c, v, y) {
    const names = v.winners.map((s) => host.seatName(s)).join(" & ");
    title(c, t("whoopies.over_title", { names }), Math.max(y + 40, TABLE_Y + 300), 24, "#3a3040");
    lineUp(c, v, Math.max(y + 130, TABLE_Y + 400), 30);
    return t("whoopies.target.over");
  }

  /** The last round, in words: what each player caught and what it cost or won. */
  function drawResult(c, v, y) {
    const last = v.last;
    const rows = last.grabs;
    const h = 46 + rows.length * 22 + (last.stolen ? 22 : 0);
    panel(c, 20, y, W - 40, h);
    c.textAlign = "left";
    c.textBaseline = "middle";
    c.fillStyle = "#1f2430";
    c.font = "bold 15px system-ui, sans-serif";
    const winner = last.winner;
    const head = winner === null || winner === undefined ? t("whoopies.result.nobody", { n: last.round })
      : t("whoopies.result.winner", { n: last.round, name: host.seatName(winner) });
    c.fillText(head, 36, y + 20);
    rows.forEach((row, i) => {
      const ry = y + 44 + i * 22;
      const change = row.gems;
      c.font = "bold 13px system-ui, sans-serif";
      c.fillStyle = change > 0 ? "#16803c" : change < 0 ? "#b3261e" : "#5a6172";
      c.textAlign = "right";
      c.fillText(gemsText(change), W - 36, ry);
      c.textAlign = "left";
      c.fillStyle = "#1f2430";
      c.font = "13px system-ui, sans-serif";
      let text = outcomeText(v, row, last);
      if (row.misses) text += ` ${t(row.misses === 1 ? "whoopies.misses_one" : "whoopies.misses", { n: row.misses })}`;
      while (c.measureText(text).width > W - 200 && text.length > 10) text = `${text.slice(0, -2)}…`;
      if (row.creature) {
        const cr = creatureOf(row.creature);
        drawSwatch(c, cr.body, 44, ry, 7);
        drawSwatch(c, cr.puff, 58, ry, 6, { puff: true });
      }
      c.fillText(text, 72, ry);
    });
    if (last.stolen) {
      c.fillStyle = "#1f2430";
      c.font = "italic 13px system-ui, sans-serif";
      c.fillText(t(last.stolen.gems === 1 ? "whoopies.result.stolen_one" : "whoopies.result.stolen", { name: host.seatName(winner), victim: host.seatName(last.stolen.from), n: last.stolen.gems }),
        72, y + 44 + rows.length * 22);
    }
    return y + h + 8;
  }

  function drawNext(c, v, run) {
    let y = TABLE_Y + 14;
    if (v.last && v.last.round === v.round - 1) y = drawResult(c, v, y);
    const top = Math.max(y + 40, TABLE_Y + 250);
    title(c, t("whoopies.next_throw"), top, 15, "#5a6172");
    title(c, targetText(v, run.seat), top + 32, 22, "#3a3040");
    if (v.joker) title(c, t("whoopies.double"), top + 60, 15, "#8a1020");
    return t("whoopies.prompt.get_ready");
  }

  function drawPass(c, v, run) {
    let y = TABLE_Y + 120;
    if (v.last && v.last.round === v.round - 1) y = Math.max(y, drawResult(c, v, TABLE_Y + 14) + 6);
    const ph = Math.min(240, TABLE_Y + 496 - y);
    panel(c, 150, y, 500, ph);
    title(c, t("whoopies.pass_device", { name: host.seatName(run.seat) }), y + 40, 22);
    c.fillStyle = "#5a6172";
    c.font = "15px system-ui, sans-serif";
    c.textAlign = "center";
    wrapText(c, t("whoopies.pass_hint"), W / 2, y + 78, 440, 20);
    const by = y + ph - 70;
    addChoice("ready", W / 2 - 110, by, 220, 52, (focused) => button(c, W / 2 - 110, by, 220, 52, t("whoopies.ready_button", { name: host.seatName(run.seat) }), { focused }));
    return t("whoopies.prompt.pass", { name: host.seatName(run.seat) });
  }

  function drawCountdown(c, v, run) {
    const left = COUNTDOWN_MS - (performance.now() - run.since);
    const n = Math.max(1, Math.ceil(left / (COUNTDOWN_MS / 3)));
    panel(c, 110, TABLE_Y + 110, 580, 260);
    title(c, targetText(v, run.seat), TABLE_Y + 160, 24);
    if ((v.action === "colour" || v.action === "puff") && v.value) {
      drawSwatch(c, v.value, W / 2, TABLE_Y + 225, 30, { puff: v.action === "puff" });
    }
    if (v.joker) title(c, t("whoopies.double"), TABLE_Y + 272, 15, "#8a1020");
    title(c, String(n), TABLE_Y + 325, 44, "#2459c7");
    return t("whoopies.prompt.get_ready");
  }

  function drawRun(c, v, run, thr) {
    const ms = run.start === null ? 0 : Math.min(throwMs(run), thr.window_ms);
    if (run.caught) run.restMs = thr.rest_ms;
    drawThrow(c, thr, ms, { marks: run.marks, caught: run.caught });
    // timer bar: the 10 s window
    const frac = Math.min(1, ms / thr.window_ms);
    roundRect(c, 20, TABLE_Y + 10, W - 40, 8, 4);
    c.fillStyle = "rgba(0,0,0,0.12)";
    c.fill();
    if (!run.caught && !run.passed) {
      roundRect(c, 20, TABLE_Y + 10, (W - 40) * (1 - frac), 8, 4);
      c.fillStyle = frac > 0.8 ? "#d9534f" : "#4c8df6";
      c.fill();
    }
    if (run.flash && performance.now() - run.flash.at < (run.caught ? 4000 : 900)) {
      c.font = "bold 20px system-ui, sans-serif";
      const w = c.measureText(run.flash.text).width + 30;
      roundRect(c, W / 2 - w / 2, TABLE_Y + 30, w, 38, 12);
      c.fillStyle = run.caught ? "rgba(22,128,60,0.92)" : "rgba(40,40,50,0.85)";
      c.fill();
      title(c, run.flash.text, TABLE_Y + 50, 20, "#ffffff");
    }
    if (run.caught) return t("whoopies.prompt.caught_wait");
    if (run.passed) return t("whoopies.prompt.time_up");
    return `${targetText(v, run.seat)}${v.joker ? ` ${t("whoopies.double")}` : ""}`;
  }

  // ------------------------------------------------------------ input
  function act(action) {
    const seat = activeHuman();
    if (seat === null) return;
    if (action === "ready") {
      const run = grabs.get(grabKey(view(), seat));
      if (run && run.stage === "pass") startCountdown(run);
      render();
      return;
    }
    hinted = null;
    host.act(action, seat);
  }

  function currentRun() {
    const v = view();
    const seat = activeHuman();
    if (v.phase !== "grab" || seat === null || table.viewer !== seat) return null;
    const run = grabs.get(grabKey(v, seat));
    return run && run.stage === "running" && !run.caught && !run.passed ? run : null;
  }

  function toThrowSpace(event) {
    return pointerPosition(canvas, event);
  }

  canvas.addEventListener("pointerdown", (event) => {
    if (!table) return;
    const p = toThrowSpace(event);
    const run = currentRun();
    if (run && p.y >= TABLE_Y && p.y <= TABLE_Y + TABLE_H) {
      event.preventDefault();
      grabAt(run, { x: p.x, y: p.y - TABLE_Y });
      return;
    }
    const hit = hits.at(p);
    if (!hit) return;
    if (hit.kind === "mute") toggleMute();
    else if (hit.kind === "names") { showNames = !showNames; render(); }
    else if (hit.kind === "choice") {
      cursor = Math.max(0, choices.findIndex((ch) => ch.action === hit.action));
      act(hit.action);
    }
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!table) return;
    const p = toThrowSpace(event);
    hover = p.y >= TABLE_Y && p.y <= TABLE_Y + TABLE_H ? { x: p.x, y: p.y - TABLE_Y } : null;
    if (!frameRequest) render();
  });
  canvas.addEventListener("pointerleave", () => { hover = null; if (!frameRequest) render(); });
  canvas.addEventListener("focus", () => render());
  canvas.addEventListener("blur", () => render());

  function describe(v, action) {
    const words = String(action).trim().split(/\s+/);
    const verb = words[0];
    const arg = words[1];
    switch (verb) {
      case "roll": return t("whoopies.describe.roll");
      case "throw": return t("whoopies.describe.throw");
      case "pass": return t("whoopies.describe.pass");
      case "joker": return t("whoopies.describe.joker", { action: t(`whoopies.face.${ACTIONS.indexOf(arg) + 1}`) });
      case "colour": return t("whoopies.describe.colour", { colour: colourWord(arg) });
      case "puff": return t("whoopies.describe.puff", { colour: colourWord(arg) });
      case "name": return t("whoopies.describe.name", { whoopie: cname(arg) });
      case "spare": return t("whoopies.describe.spare", { whoopie: cname(arg) });
      case "pick": return t("whoopies.describe.pick", { whoopie: cname(arg) });
      case "steal": return t("whoopies.describe.steal", { name: host.seatName(Number(arg)) });
      case "grab": {
        if (words.length === 4) {
          return t(words[2] === "tail" ? "whoopies.describe.grab_tail" : "whoopies.describe.grab_body",
            { whoopie: cname(arg), ms: words[3].slice(1) });
        }
        return t("whoopies.describe.grab_point", { point: arg, ms: (words[2] || "").slice(1) });
      }
      default: return action;
    }
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
        resultUntil = performance.now() + HOLD_MS + RESULT_MS;
        const me = next.viewer ?? humans()[0];
        const row = v.last.grabs.find((g) => g.seat === me);
        if (row) speak(`${outcomeText(v, row, v.last)} ${gemsText(row.gems)}`);
      }
      if (!choices.length || cursor >= 8) cursor = 0;
      if (previous && previous.view.phase !== v.phase) cursor = 0;
      hinted = null;
      // forget runs of earlier throws
      for (const key of grabs.keys()) {
        if (!key.includes(`/${v.round}/`) && !(hold && hold.key === key && performance.now() < hold.until)) grabs.delete(key);
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
      if (!choices.length) return;
      if (key === "ArrowLeft" || key === "ArrowUp") cursor = (cursor + choices.length - 1) % choices.length;
      else if (key === "ArrowRight" || key === "ArrowDown") cursor = (cursor + 1) % choices.length;
      else if (/^[1-9]$/.test(key) && Number(key) <= choices.length) {
        cursor = Number(key) - 1;
        act(choices[cursor].action);
      } else if (key === "Enter" || key === " ") {
        act(choices[Math.min(cursor, choices.length - 1)].action);
      } else if (key === "Escape") {
        cursor = 0;
        hinted = null;
      } else {
        return;
      }
      event.preventDefault();
      const chosen = choices[cursor];
      if (chosen) host.announce(describe(view(), chosen.action));
      render();
    },
    showHint(action) {
      const words = String(action).split(/\s+/);
      hinted = words[0] === "grab" && words.length === 4 ? { creature: words[1] } : { action };
      const index = choices.findIndex((ch) => ch.action === action);
      if (index >= 0) cursor = index;
      render();
    },
    describeAction(v, action) { return describe(v, action); },
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
    destroy() {
      table = null;
      if (frameRequest) cancelAnimationFrame(frameRequest);
      frameRequest = 0;
      try { window.speechSynthesis?.cancel(); } catch { /* nothing to stop */ }
    },
    resize() { context = fitCanvas(canvas, W, H); render(); },
  };

  // ------------------------------------------------------------ spoken prompts for the human's turns
  function promptVoice(v) {
    const seat = activeHuman();
    let text = "";
    if (seat !== null && v.phase === "roll" && seat === v.roller) text = t("whoopies.prompt.roll");
    else if (seat !== null && v.phase === "choose" && seat === v.roller) text = v.action ? t(`whoopies.prompt.choose_${v.action}`) : t("whoopies.prompt.joker");
    else if (seat !== null && (v.phase === "pick" || v.phase === "own")) text = severalHumans() ? t("whoopies.prompt.pick_player", { name: host.seatName(seat) }) : t("whoopies.prompt.pick");
    else if (seat !== null && v.phase === "steal") text = t("whoopies.prompt.steal");
    const key = `${v.round}/${v.phase}/${v.action}/${seat}`;
    if (text && key !== speakPhase) {
      speakPhase = key;
      // after a result line, wait: cancel() would cut it off
      setTimeout(() => { if (table && speakPhase === key) speakQueued(text); }, 50);
    }
  }
  function speakQueued(text) {
    lastSpoken = text;
    canvas.dataset.spoken = text;
    if (muted) return;
    try {
      const synth = window.speechSynthesis;
      if (!synth || typeof window.SpeechSynthesisUtterance !== "function") return;
      const utterance = new window.SpeechSynthesisUtterance(text);
      utterance.lang = document.documentElement.lang || "en";
      synth.speak(utterance);
    } catch { /* no voice */ }
  }
}
