// @ts-check
// Whoopies' art: the creatures (body, face, powder puff), their tail balls and cords, the colour swatches with
// their patterns (a colour is never the only cue), and the die's faces. Pure painting on a 2D context.
import { fitText, roundRect } from "../kit.js";

export const COLOURS = {
  orange: { fill: "#f58a1f", light: "#ffc27a", dark: "#a9520a", pattern: "stripes" },
  blue: { fill: "#2f7fe0", light: "#8cc0ff", dark: "#17488f", pattern: "dots" },
  pink: { fill: "#f06aa8", light: "#ffb3d6", dark: "#a62d66", pattern: "rings" },
  purple: { fill: "#8a4fd0", light: "#c39af5", dark: "#4e2388", pattern: "zigzag" },
  green: { fill: "#3aa845", light: "#92e39a", dark: "#1c6e26", pattern: "crosses" },
};
export const FACES = { colour: 1, puff: 2, name: 3, spare: 4, own: 5 }; // the die face each joker card shows

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
export function drawSwatch(c, colour, x, y, r, { puff = false } = {}) {
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
    fillPattern(c, tone.pattern, x, y, r * 0.92, "rgba(255,255,255,0.6)");
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
  c.arc(x, y, r * 0.62, 0, Math.PI * 2);
  c.fillStyle = tone.light;
  c.fill();
  // the colour's pattern, dark on the light middle: a puff's second cue, seen without its colour
  fillPattern(c, tone.pattern, x, y, r * 0.62, "rgba(0,0,0,0.55)");
}

export function drawBall(c, x, y, r, glow = null) {
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
export function drawCreature(c, creature, x, y, r, turn, toward, { ghost = false } = {}) {
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
  // the colour's pattern over the fur: the body's second cue, seen without its colour
  fillPattern(c, body.pattern, x, y, r * 0.95, "rgba(255,255,255,0.34)");
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

export function drawCord(c, ax, ay, bx, by, length) {
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
export function drawDie(c, face, x, y, size, angle = 0) {
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
