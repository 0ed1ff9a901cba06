// Up Combine renderer: the stacks of tiles, the hands (your own face up, the others as coloured backs), the
// pile as one bag per colour, and the round scores. Everything comes from view(); the stacks a tile may go on
// come from the bridge's legal list ({op: "legal"}), so the renderer never decides legality.
// Hidden information: only the viewer's own hand has symbols in the view. With several humans on one device,
// a "pass the device" screen hides everything until the next player clicks or presses Enter.
// Each round (edition 2) begins with the oldest player choosing the colours of the two bases: the stacks area
// then shows the five colours as face-down tiles; two clicks (or ← → and Enter twice) make the choice.
import { centredText, fitCanvas, HitRegions, pointerPosition, roundRect, tween } from "./common.js";

const WIDTH = 800;
const HEIGHT = 650;
// regions of the canvas
const OPP = { x: 8, y: 8, w: WIDTH - 16, h: 84 };
const STACKS = { x: 8, y: 100, w: 588, h: 344 };
const SIDE = { x: 604, y: 100, w: WIDTH - 612 };
const STATUS_Y = 452;
const HAND = { x: 8, y: 488, w: WIDTH - 16, h: HEIGHT - 496 };
// one stack's cell, unscaled
const CELL_W = 72;
const CELL_H = 186;
const TILE_W = 54;
const FACE_H = 46;
const EDGE = 7;
const BASE_Y = 134;
// hand tiles
const HAND_TILE = 60;
const HAND_FACE = 56;
const HAND_TOP = HAND.y + 50;

const COLOURS = {
  B: { name: "blue", fill: "#2f6fd6", light: "#8cb6ff", dark: "#173f8a" },
  O: { name: "orange", fill: "#ec8519", light: "#ffc582", dark: "#955006" },
  P: { name: "purple", fill: "#8a4fc6", light: "#cda8f5", dark: "#4b2280" },
  G: { name: "green", fill: "#2e9e5b", light: "#8adcaa", dark: "#165c37" },
  R: { name: "red", fill: "#d8433a", light: "#ff9a90", dark: "#8a211a" },
};
const ORDER = ["B", "O", "P", "G", "R"];
const PLACEMENT = /^[A-Z][a-z] \d+$/;
const SYMBOLS = { c: "circle", q: "square", t: "triangle", d: "diamond", s: "star" };

const lerp = (a, b, k) => a + (b - a) * k;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const code = (piece) => `${piece.colour}${piece.symbol}`;

// ---------------------------------------------------------------- drawing tiles

/** A symbol as a shape, centred on (x, y), of radius r. */
function symbolPath(c, symbol, x, y, r) {
  c.beginPath();
  if (symbol === "c") {
    c.arc(x, y, r * 0.82, 0, Math.PI * 2);
  } else if (symbol === "q") {
    const h = r * 0.72;
    c.rect(x - h, y - h, 2 * h, 2 * h);
  } else if (symbol === "t") {
    c.moveTo(x, y - r * 0.95);
    c.lineTo(x + r * 0.95, y + r * 0.72);
    c.lineTo(x - r * 0.95, y + r * 0.72);
    c.closePath();
  } else if (symbol === "d") {
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

function drawSymbol(c, symbol, colour, x, y, r) {
  const tone = COLOURS[colour];
  symbolPath(c, symbol, x, y, r);
  const fill = c.createLinearGradient(x, y - r, x, y + r);
  fill.addColorStop(0, tone.light);
  fill.addColorStop(0.35, tone.fill);
  fill.addColorStop(1, tone.dark);
  c.fillStyle = fill;
  c.fill();
  c.lineJoin = "round";
  c.strokeStyle = "#1d1a16";
  c.lineWidth = Math.max(1.2, r * 0.12);
  c.stroke();
}

/** The front edge of a tile (its thickness), in the tile's colour. */
function drawEdge(c, colour, x, y, w, h) {
  const tone = COLOURS[colour];
  const body = c.createLinearGradient(x, y, x, y + h);
  body.addColorStop(0, tone.fill);
  body.addColorStop(1, tone.dark);
  roundRect(c, x, y, w, h, Math.min(3, h / 2));
  c.fillStyle = body;
  c.fill();
  c.strokeStyle = "rgba(0,0,0,0.45)";
  c.lineWidth = 0.8;
  c.stroke();
  c.fillStyle = "rgba(255,255,255,0.22)";
  c.fillRect(x + 3, y + 1, w - 6, 1);
}

/** A tile face up: a coloured body with an ivory face showing the symbol, and the colour's letter. */
function drawFace(c, piece, x, y, w, h, { glow = null } = {}) {
  const tone = COLOURS[piece.colour];
  c.save();
  c.shadowColor = glow || "rgba(0,0,0,0.35)";
  c.shadowBlur = glow ? 16 : 5;
  c.shadowOffsetY = glow ? 0 : 2;
  const body = c.createLinearGradient(x, y, x + w, y + h);
  body.addColorStop(0, tone.light);
  body.addColorStop(0.3, tone.fill);
  body.addColorStop(1, tone.dark);
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
  drawSymbol(c, piece.symbol, piece.colour, x + w / 2 + 2, y + h / 2 + 1, r * 0.86);
  // the colour's letter, so colour is never the only cue
  c.fillStyle = tone.dark;
  c.font = `bold ${Math.max(8, Math.round(h * 0.2))}px system-ui, sans-serif`;
  c.textAlign = "left";
  c.textBaseline = "top";
  c.fillText(piece.colour, x + inset + 2, y + inset + 1);
}

/** A tile face down: only its colour shows (with the colour's letter embossed). */
function drawBack(c, colour, x, y, w, h, { letter = true } = {}) {
  const tone = COLOURS[colour];
  c.save();
  c.shadowColor = "rgba(0,0,0,0.3)";
  c.shadowBlur = 3;
  c.shadowOffsetY = 1;
  const body = c.createLinearGradient(x, y, x + w, y + h);
  body.addColorStop(0, tone.light);
  body.addColorStop(0.35, tone.fill);
  body.addColorStop(1, tone.dark);
  roundRect(c, x, y, w, h, Math.min(6, w / 4));
  c.fillStyle = body;
  c.fill();
  c.restore();
  roundRect(c, x, y, w, h, Math.min(6, w / 4));
  c.strokeStyle = "rgba(0,0,0,0.5)";
  c.lineWidth = 1;
  c.stroke();
  // a pattern of fine diagonal lines: the back of a tile
  c.save();
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
    centredText(c, `bold ${Math.max(8, Math.round(Math.min(w, h) * 0.5))}px system-ui, sans-serif`, "rgba(255,255,255,0.92)", colour, x + w / 2, y + h / 2 + 1);
  }
}

/** A cloth bag of one colour, for the pile. */
function drawBag(c, colour, x, y, size, { empty = false } = {}) {
  const tone = COLOURS[colour];
  c.save();
  if (empty) c.globalAlpha = 0.35;
  const w = size;
  const h = size;
  c.beginPath();
  c.moveTo(x + w * 0.32, y + h * 0.26);
  c.bezierCurveTo(x - w * 0.05, y + h * 0.45, x - w * 0.02, y + h, x + w * 0.5, y + h);
  c.bezierCurveTo(x + w * 1.02, y + h, x + w * 1.05, y + h * 0.45, x + w * 0.68, y + h * 0.26);
  c.closePath();
  const cloth = c.createRadialGradient(x + w * 0.38, y + h * 0.5, 2, x + w * 0.5, y + h * 0.65, w * 0.62);
  cloth.addColorStop(0, tone.light);
  cloth.addColorStop(0.5, tone.fill);
  cloth.addColorStop(1, tone.dark);
  c.fillStyle = cloth;
  c.shadowColor = "rgba(0,0,0,0.3)";
  c.shadowBlur = 4;
  c.shadowOffsetY = 2;
  c.fill();
  c.shadowColor = "transparent";
  c.strokeStyle = "rgba(0,0,0,0.5)";
  c.lineWidth = 1;
  c.stroke();
  // the gathered neck and the cord
  c.beginPath();
  c.moveTo(x + w * 0.3, y + h * 0.06);
  c.lineTo(x + w * 0.4, y + h * 0.24);
  c.lineTo(x + w * 0.6, y + h * 0.24);
  c.lineTo(x + w * 0.7, y + h * 0.06);
  c.closePath();
  c.fillStyle = tone.fill;
  c.fill();
  c.stroke();
  c.strokeStyle = "#e9d9a8";
  c.lineWidth = 2;
  c.beginPath();
  c.moveTo(x + w * 0.34, y + h * 0.25);
  c.lineTo(x + w * 0.66, y + h * 0.25);
  c.stroke();
  centredText(c, `bold ${Math.round(size * 0.34)}px system-ui, sans-serif`, "#ffffff", colour, x + w / 2, y + h * 0.64);
  c.restore();
}

// ---------------------------------------------------------------- the renderer

export function create(canvas, host) {
  const t = host.t;
  let table = null;
  let context = fitCanvas(canvas, WIDTH, HEIGHT);
  const hits = new HitRegions();
  let legal = null; // {fingerprint, seat, actions}
  let selected = null; // index in the viewer's hand
  let zone = "hand"; // keyboard zone: hand, stacks, pile
  let handCursor = 0;
  let stackCursor = 0;
  let pileCursor = 0;
  let keyboard = false; // show the keyboard cursor
  let hover = null;
  let hinted = null; // an action
  let revealed = null; // the human seat that last dismissed the privacy screen
  let summary = null; // {round, shownAt, moves}
  let anim = null;
  let drag = null; // {index, start, point, moved}
  let suppressClick = false;
  let bottomSeat = 0;
  let baseChoice = []; // colours picked so far for the bases (0 or 1 of them)
  let baseCursor = 0; // keyboard cursor over the five colours while the bases are chosen

  const colourName = (colour) => t(`colour.${colour}`, {}, COLOURS[colour].name);
  const symbolName = (symbol) => t(`upcombine.symbol.${SYMBOLS[symbol]}`, {}, SYMBOLS[symbol]);
  const pieceName = (piece) => t("upcombine.piece", { colour: colourName(piece.colour), symbol: symbolName(piece.symbol) });
  const tilesText = (n) => t(n === 1 ? "upcombine.tiles_one" : "upcombine.tiles", { n });
  const humans = () => (table ? table.seats.filter((s) => s.kind === "human").length : 0);
  const privacy = () => Boolean(table && !table.is_over && humans() > 1 && table.viewer !== null
    && table.seats[table.viewer].kind === "human" && table.viewer !== revealed);
  /** The human seat that may act through this renderer now (its own hand is shown), or null. */
  const actor = () => {
    if (!table || privacy()) return null;
    const seat = host.humanSeat();
    return seat !== null && seat === table.viewer ? seat : null;
  };
  const myHand = () => (table ? table.view.hands[bottomSeat] : null);
  const actions = () => (legal && table && legal.fingerprint === table.fingerprint && actor() !== null ? legal.actions : []);
  const targetsOf = (piece) => {
    const prefix = `${code(piece)} `;
    return actions().filter((a) => a.startsWith(prefix)).map((a) => Number(a.slice(prefix.length)) - 1);
  };
  const choosing = () => Boolean(table && table.view.choosing_bases && !table.is_over);
  /** The action that chooses `first` and `second` as the bases (the notation names them in colour order). */
  const basesAction = (first, second) => {
    const pair = [first, second].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    return `bases ${pair[0]} ${pair[1]}`;
  };
  /** Colours that can still be picked now: each makes a legal choice with the colour picked before (if any). */
  const baseColours = () => ORDER.filter((colour) => (baseChoice.length
    ? colour !== baseChoice[0] && actions().includes(basesAction(baseChoice[0], colour))
    : actions().some((a) => a.startsWith("bases ") && a.split(" ").includes(colour))));
  const selectedPiece = () => {
    const hand = myHand();
    return selected !== null && hand && hand.pieces ? hand.pieces[selected] || null : null;
  };

  async function refreshLegal() {
    if (!table) return;
    const seat = actor();
    const fingerprint = table.fingerprint;
    if (seat === null) return;
    const reply = await host.request({ op: "legal", seat });
    if (!table || table.fingerprint !== fingerprint) return;
    legal = { fingerprint, seat, actions: reply.ok ? reply.actions : [] };
    render();
  }

  // ------------------------------------------------------------ layout
  /** Position and scale of each stack cell, for `count` stacks. */
  function stackLayout(count) {
    let best = null;
    for (let rows = 1; rows <= 4; rows++) {
      const columns = Math.ceil(count / rows);
      const scale = Math.min(1.3, STACKS.w / (columns * CELL_W), (STACKS.h - 16) / (rows * CELL_H));
      if (!best || scale > best.scale + 1e-6) best = { rows, columns, scale };
    }
    const { rows, columns, scale } = best;
    const cellW = CELL_W * scale;
    const cellH = CELL_H * scale;
    const cells = [];
    for (let index = 0; index < count; index++) {
      const row = Math.floor(index / columns);
      const inRow = Math.min(columns, count - row * columns);
      const x0 = STACKS.x + (STACKS.w - inRow * cellW) / 2;
      const y0 = STACKS.y + (STACKS.h - rows * cellH) / 2;
      cells.push({ x: x0 + (index - row * columns) * cellW, y: y0 + row * cellH, s: scale });
    }
    return cells;
  }

  function handLayout(count) {
    const maxStep = HAND_TILE + 6;
    const room = HAND.w - 24 - HAND_TILE;
    const step = count > 1 ? Math.min(maxStep, room / (count - 1)) : maxStep;
    const total = (count - 1) * step + HAND_TILE;
    const x0 = HAND.x + (HAND.w - total) / 2;
    return Array.from({ length: count }, (_, i) => ({ x: x0 + i * step, y: HAND_TOP, w: HAND_TILE, h: HAND_FACE, step }));
  }

  function opponentSeats() {
    if (!table) return [];
    const seats = [];
    for (let k = 1; k < table.players; k++) seats.push((bottomSeat + k) % table.players);
    return seats;
  }

  function opponentBox(index, count) {
    const gap = 8;
    const w = (OPP.w - gap * (count - 1)) / count;
    return { x: OPP.x + index * (w + gap), y: OPP.y, w, h: OPP.h };
  }

  function seatAnchor(seat) {
    if (seat === bottomSeat) return { x: HAND.x + HAND.w / 2, y: HAND_TOP + HAND_FACE / 2 };
    const seats = opponentSeats();
    const box = opponentBox(seats.indexOf(seat), seats.length);
    return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
  }

  /** The five colours of the bases' choice, as big face-down tiles across the stacks area. */
  function baseCells() {
    const w = 78;
    const h = 104;
    const gap = 18;
    const x0 = STACKS.x + (STACKS.w - (5 * w + 4 * gap)) / 2;
    const y = STACKS.y + 118;
    return ORDER.map((colour, index) => ({ colour, x: x0 + index * (w + gap), y, w, h }));
  }

  function bagRow(index) {
    return { x: SIDE.x + 6, y: SIDE.y + 30 + index * 30, w: SIDE.w - 12, h: 28 };
  }

  // ------------------------------------------------------------ drawing
  function panel(c, x, y, w, h, { fill = "rgba(255,255,255,0.9)", stroke = "rgba(60,40,20,0.25)", radius = 12 } = {}) {
    roundRect(c, x, y, w, h, radius);
    c.fillStyle = fill;
    c.fill();
    c.strokeStyle = stroke;
    c.lineWidth = 1;
    c.stroke();
  }

  function drawTable(c) {
    c.clearRect(0, 0, WIDTH, HEIGHT);
    // felt
    const felt = c.createRadialGradient(WIDTH / 2, HEIGHT * 0.42, 60, WIDTH / 2, HEIGHT * 0.42, WIDTH * 0.75);
    felt.addColorStop(0, "#2f7a58");
    felt.addColorStop(1, "#1b4d37");
    roundRect(c, 0, 0, WIDTH, HEIGHT, 14);
    c.fillStyle = felt;
    c.fill();
    c.save();
    roundRect(c, 0, 0, WIDTH, HEIGHT, 14);
    c.clip();
    c.fillStyle = "rgba(255,255,255,0.025)";
    for (let y = 0; y < HEIGHT; y += 4) c.fillRect(0, y, WIDTH, 1);
    c.restore();
    // the hand's tray
    const tray = c.createLinearGradient(0, HAND.y, 0, HAND.y + HAND.h);
    tray.addColorStop(0, "#8a5a32");
    tray.addColorStop(1, "#5e3a1c");
    roundRect(c, HAND.x, HAND.y, HAND.w, HAND.h, 12);
    c.fillStyle = tray;
    c.fill();
    c.strokeStyle = "#3b230f";
    c.lineWidth = 2;
    c.stroke();
  }

  function drawOpponents(c, view) {
    const seats = opponentSeats();
    seats.forEach((seat, index) => {
      const box = opponentBox(index, seats.length);
      const hand = view.hands[seat];
      const current = view.current === seat;
      panel(c, box.x, box.y, box.w, box.h, {
        fill: current ? "rgba(255, 246, 214, 0.97)" : "rgba(245, 241, 232, 0.92)",
        stroke: current ? "#f2b824" : "rgba(0,0,0,0.25)",
      });
      if (current) {
        roundRect(c, box.x - 1, box.y - 1, box.w + 2, box.h + 2, 13);
        c.strokeStyle = "#f2b824";
        c.lineWidth = 3;
        c.stroke();
      }
      c.fillStyle = "#1f2430";
      c.font = "600 13px system-ui, sans-serif";
      c.textAlign = "left";
      c.textBaseline = "middle";
      const name = host.seatName(seat);
      c.fillText(current ? `▶ ${name}` : name, box.x + 10, box.y + 14, box.w - 80);
      c.textAlign = "right";
      c.fillStyle = "#4a4f5c";
      c.font = "12px system-ui, sans-serif";
      c.fillText(tilesText(hand.count), box.x + box.w - 10, box.y + 14);
      // the backs, grouped by colour, with a count
      const groups = ORDER.map((colour) => [colour, hand.colours.filter((x) => x === colour).length]).filter(([, n]) => n > 0);
      const slot = Math.min(62, (box.w - 16) / Math.max(1, groups.length));
      groups.forEach(([colour, n], g) => {
        const gx = box.x + 8 + g * slot;
        const gy = box.y + 30;
        const w = Math.min(22, slot - 14);
        const h = 30;
        const layers = Math.min(n, 3);
        for (let k = layers - 1; k >= 0; k--) drawBack(c, colour, gx + k * 3, gy + 4 - k * 3, w, h, { letter: k === 0 });
        c.fillStyle = "#1f2430";
        c.font = "bold 12px system-ui, sans-serif";
        c.textAlign = "left";
        c.textBaseline = "middle";
        if (slot >= 46) c.fillText(`×${n}`, gx + w + 10, gy + 19);
        else {
          c.textAlign = "center";
          c.fillText(`×${n}`, gx + w / 2 + 3, gy + 44);
        }
      });
      if (hand.count === 0) {
        c.fillStyle = "#4a4f5c";
        c.font = "italic 12px system-ui, sans-serif";
        c.textAlign = "left";
        c.fillText(t("upcombine.empty_hand"), box.x + 10, box.y + 50);
      }
    });
  }

  /** One stack at cell (x, y) with scale s. `pieces` are drawn bottom to top; `lift` raises them. */
  function drawStack(c, view, index, cell, { pieces = null, lift = 0, label = true, hideTop = false } = {}) {
    const stack = view.stacks[index];
    const shown = pieces || stack.pieces;
    const piece = selectedPiece();
    const targets = piece ? targetsOf(piece) : [];
    const isTarget = targets.includes(index);
    const dim = piece && !isTarget;
    c.save();
    c.translate(cell.x, cell.y);
    c.scale(cell.s, cell.s);
    if (dim) c.globalAlpha = 0.45;
    const x = (CELL_W - TILE_W) / 2;
    if (label) {
      // the stack's number, and whether it was used this turn
      c.beginPath();
      c.arc(14, 10, 9, 0, Math.PI * 2);
      c.fillStyle = stack.used ? "#5b6270" : "#f6efe0";
      c.fill();
      c.strokeStyle = "rgba(0,0,0,0.4)";
      c.lineWidth = 1;
      c.stroke();
      centredText(c, "bold 11px system-ui, sans-serif", stack.used ? "#ffffff" : "#1f2430", String(index + 1), 14, 10.5);
    }
    const base = BASE_Y - lift;
    const n = shown.length;
    // shadow under the stack
    if (lift === 0 && n) {
      c.beginPath();
      c.ellipse(CELL_W / 2, BASE_Y + 2, TILE_W / 2 + 4, 5, 0, 0, Math.PI * 2);
      c.fillStyle = "rgba(0,0,0,0.28)";
      c.fill();
    }
    const topCount = hideTop ? n - 1 : n;
    for (let i = 0; i < topCount; i++) drawEdge(c, shown[i].colour, x, base - (i + 1) * EDGE, TILE_W, EDGE);
    if (topCount > 0) {
      const top = shown[topCount - 1];
      const fy = base - topCount * EDGE - FACE_H;
      let glow = null;
      if (isTarget) glow = "#ffe27a";
      if (hinted && hinted.endsWith(` ${index + 1}`) && hinted.length > 4) glow = "#ffb347";
      drawFace(c, top, x, fy, TILE_W, FACE_H, { glow });
      if (isTarget) {
        roundRect(c, x - 4, fy - 4, TILE_W + 8, FACE_H + topCount * EDGE + 8, 9);
        c.strokeStyle = "#ffe27a";
        c.lineWidth = 3;
        c.stroke();
      }
    }
    if (label) {
      if (stack.used) {
        c.fillStyle = "rgba(20, 24, 32, 0.78)";
        roundRect(c, 26, 2, 42, 16, 8);
        c.fill();
        centredText(c, "bold 10px system-ui, sans-serif", "#ffffff", `✓ ${t("upcombine.used")}`, 47, 10.5, 40);
      }
      // the colours in the stack, as little tiles: two overlapping for a colour it holds twice
      const present = ORDER.filter((colour) => stack.pieces.some((p) => p.colour === colour));
      const pip = 12;
      const gap = 1.5;
      const px0 = CELL_W / 2 - (present.length * (pip + gap) - gap) / 2;
      present.forEach((colour, k) => {
        const count = stack.pieces.filter((p) => p.colour === colour).length;
        const px = px0 + k * (pip + gap);
        if (count > 1) drawBack(c, colour, px, BASE_Y + 9, pip, pip, { letter: false });
        drawBack(c, colour, px, BASE_Y + (count > 1 ? 6 : 9), pip, pip);
      });
      c.fillStyle = "rgba(255,255,255,0.9)";
      c.font = "11px system-ui, sans-serif";
      c.textAlign = "center";
      c.textBaseline = "middle";
      const n = stack.pieces.length;
      c.fillText(t(n === 1 ? "upcombine.stack_tiles_one" : "upcombine.stack_tiles", { n }), CELL_W / 2, BASE_Y + 29);
      c.fillStyle = stack.colours >= 4 ? "#ffe27a" : "rgba(255,255,255,0.75)";
      c.font = stack.colours >= 4 ? "bold 10px system-ui, sans-serif" : "10px system-ui, sans-serif";
      c.fillText(t("upcombine.stack_colours", { k: stack.colours }), CELL_W / 2, BASE_Y + 42);
    }
    c.restore();
  }

  function drawStacks(c, view) {
    const count = view.stacks.length;
    const cells = stackLayout(count);
    let split = null;
    let flying = null;
    if (anim && anim.kind === "place") {
      const p = anim.progress;
      const target = anim.stack; // 0-based stack the piece went on
      if (anim.split) {
        const k = anim.split.stack - 1;
        const old = stackLayout(count - 1);
        // tween() eases out; the split runs in two phases, so go back to linear time and ease each phase
        const linear = 1 - Math.cbrt(1 - p);
        const smooth = (k) => k * k * (3 - 2 * k);
        const phase1 = smooth(Math.min(1, linear / 0.45));
        const phase2 = smooth(Math.max(0, (linear - 0.45) / 0.55));
        const bottom = view.stacks[k].pieces.length;
        split = { k, old, phase1, phase2, bottom };
        if (phase1 < 1) {
          const cell = old[k];
          const level = bottom + view.stacks[k + 1].pieces.length - 1;
          flying = { cell, level };
        }
      } else if (p < 1) {
        flying = { cell: cells[target], level: view.stacks[target].pieces.length - 1 };
      }
      if (flying) {
        const cell = flying.cell;
        const to = {
          x: cell.x + ((CELL_W - TILE_W) / 2) * cell.s,
          y: cell.y + (BASE_Y - (flying.level + 1) * EDGE - FACE_H) * cell.s,
        };
        const q = split ? split.phase1 : p;
        flying.x = lerp(anim.from.x - (TILE_W * cell.s) / 2, to.x, q);
        flying.y = lerp(anim.from.y, to.y, q) - Math.sin(q * Math.PI) * 40;
        flying.s = cell.s;
      }
    }
    for (let index = 0; index < count; index++) {
      let cell = cells[index];
      const options = {};
      if (split) {
        const { k, old, phase2, bottom } = split;
        const from = index <= k ? old[index] : old[index - 1];
        cell = { x: lerp(from.x, cells[index].x, phase2), y: lerp(from.y, cells[index].y, phase2), s: lerp(from.s, cells[index].s, phase2) };
        if (index === k + 1) {
          options.lift = (1 - phase2) * bottom * EDGE;
          options.label = phase2 > 0.6;
          if (split.phase1 < 1) options.hideTop = true;
        }
      } else if (anim && anim.kind === "place" && index === anim.stack && flying) {
        options.hideTop = true;
      }
      drawStack(c, view, index, cell, options);
      hits.rect(cell.x, cell.y, CELL_W * cell.s, CELL_H * cell.s, { kind: "stack", index });
      if (keyboard && zone === "stacks" && index === stackCursor && actor() !== null) {
        c.save();
        c.setLineDash([5, 4]);
        c.strokeStyle = "#ffffff";
        c.lineWidth = 2;
        roundRect(c, cell.x + 2, cell.y + 2, CELL_W * cell.s - 4, CELL_H * cell.s - 4, 10);
        c.stroke();
        c.restore();
      }
    }
    if (flying) {
      const piece = { colour: anim.colour, symbol: anim.symbol };
      drawFace(c, piece, flying.x, flying.y, TILE_W * flying.s, FACE_H * flying.s, { glow: "rgba(0,0,0,0.5)" });
    }
  }

  /** The oldest player's choice of the bases: the five colours face down, the picked one raised. */
  function drawBaseChoice(c, view) {
    const seat = actor();
    panel(c, STACKS.x + 24, STACKS.y + 14, STACKS.w - 48, STACKS.h - 28, { fill: "rgba(250, 246, 236, 0.95)" });
    c.fillStyle = "#1f2430";
    c.textAlign = "center";
    c.textBaseline = "middle";
    c.font = "bold 17px system-ui, sans-serif";
    c.fillText(t("upcombine.bases.title", { n: view.round }), STACKS.x + STACKS.w / 2, STACKS.y + 44, STACKS.w - 80);
    c.font = "13px system-ui, sans-serif";
    c.fillStyle = "#4a4f5c";
    const who = seat === null ? t("upcombine.bases.chooser", { name: host.seatName(view.current) }) : t("upcombine.bases.you");
    c.fillText(who, STACKS.x + STACKS.w / 2, STACKS.y + 70, STACKS.w - 80);
    c.fillText(t("upcombine.bases.face_down"), STACKS.x + STACKS.w / 2, STACKS.y + 90, STACKS.w - 80);
    const open = seat !== null ? baseColours() : [];
    const hintedColours = hinted && hinted.startsWith("bases ") ? hinted.split(" ").slice(1) : [];
    for (const [index, cell] of baseCells().entries()) {
      const picked = baseChoice.includes(cell.colour);
      const can = open.includes(cell.colour);
      const lift = picked ? 12 : (hover && hover.kind === "base" && hover.colour === cell.colour && can ? 5 : 0);
      c.save();
      if (seat !== null && !can && !picked) c.globalAlpha = 0.4;
      drawBack(c, cell.colour, cell.x, cell.y - lift, cell.w, cell.h);
      c.restore();
      if (picked || hintedColours.includes(cell.colour)) {
        roundRect(c, cell.x - 5, cell.y - lift - 5, cell.w + 10, cell.h + 10, 10);
        c.strokeStyle = picked ? "#ffe27a" : "#ffb347";
        c.lineWidth = 4;
        c.stroke();
      }
      if (keyboard && seat !== null && index === baseCursor) {
        c.save();
        c.setLineDash([5, 4]);
        roundRect(c, cell.x - 9, cell.y - lift - 9, cell.w + 18, cell.h + 18, 12);
        c.strokeStyle = "#1f2430";
        c.lineWidth = 2;
        c.stroke();
        c.restore();
      }
      c.fillStyle = "#1f2430";
      c.font = "600 13px system-ui, sans-serif";
      c.textAlign = "center";
      c.fillText(capital(colourName(cell.colour)), cell.x + cell.w / 2, cell.y + cell.h + 18, cell.w + 16);
      c.fillStyle = "#6b7280";
      c.font = "12px system-ui, sans-serif";
      c.fillText(t("upcombine.bases.in_pile", { n: view.pile.colours[cell.colour] || 0 }), cell.x + cell.w / 2,
        cell.y + cell.h + 36, cell.w + 16);
      if (can || picked) hits.rect(cell.x, cell.y - lift, cell.w, cell.h, { kind: "base", colour: cell.colour });
    }
  }

  function drawPile(c, view) {
    const mine = actor() !== null;
    const pile = view.pile;
    const title = t("upcombine.pile", { n: pile.count });
    panel(c, SIDE.x, SIDE.y, SIDE.w, 30 + 5 * 30 + 8, { fill: "rgba(250, 246, 236, 0.95)" });
    c.fillStyle = "#1f2430";
    c.font = "600 13px system-ui, sans-serif";
    c.textAlign = "left";
    c.textBaseline = "middle";
    c.fillText(title, SIDE.x + 10, SIDE.y + 15);
    const endTurn = mine && view.may_end_turn;
    ORDER.forEach((colour, index) => {
      const row = bagRow(index);
      const n = pile.colours[colour] || 0;
      const action = `draw ${colour}`;
      const can = endTurn && actions().includes(action);
      if (can) {
        roundRect(c, row.x, row.y, row.w, row.h, 8);
        c.fillStyle = hover && hover.kind === "draw" && hover.colour === colour ? "rgba(255, 214, 102, 0.75)" : "rgba(255, 226, 140, 0.45)";
        c.fill();
        hits.rect(row.x, row.y, row.w, row.h, { kind: "draw", colour });
      }
      if (hinted === action) {
        roundRect(c, row.x, row.y, row.w, row.h, 8);
        c.strokeStyle = "#f08a00";
        c.lineWidth = 3;
        c.stroke();
      }
      if (keyboard && zone === "pile" && pileCursor === index && mine) {
        c.save();
        c.setLineDash([5, 4]);
        roundRect(c, row.x + 1, row.y + 1, row.w - 2, row.h - 2, 8);
        c.strokeStyle = "#1f2430";
        c.lineWidth = 2;
        c.stroke();
        c.restore();
      }
      drawBag(c, colour, row.x + 4, row.y + 1, 26, { empty: n === 0 });
      c.fillStyle = n ? "#1f2430" : "#9aa0ab";
      c.font = "13px system-ui, sans-serif";
      c.textAlign = "left";
      c.textBaseline = "middle";
      c.fillText(capital(colourName(colour)), row.x + 38, row.y + row.h / 2 + 1);
      c.font = "bold 13px system-ui, sans-serif";
      c.textAlign = "right";
      c.fillText(`×${n}`, row.x + row.w - (can ? 30 : 8), row.y + row.h / 2 + 1);
      if (can) {
        c.fillStyle = "#8a5a00";
        c.font = "bold 14px system-ui, sans-serif";
        c.fillText("⬇", row.x + row.w - 9, row.y + row.h / 2 + 1);
      }
    });
    // an empty pile: the turn ends with "pass"
    if (mine && actions().includes("pass")) {
      const bx = SIDE.x + 10;
      const by = SIDE.y + 30 + 5 * 30 + 14;
      roundRect(c, bx, by, SIDE.w - 20, 30, 8);
      c.fillStyle = "#f2b824";
      c.fill();
      c.strokeStyle = "#8a5a00";
      c.lineWidth = 1.5;
      c.stroke();
      if (keyboard && zone === "pile") {
        c.save();
        c.setLineDash([5, 4]);
        c.strokeStyle = "#ffffff";
        c.lineWidth = 2;
        roundRect(c, bx - 3, by - 3, SIDE.w - 14, 36, 9);
        c.stroke();
        c.restore();
      }
      centredText(c, "600 13px system-ui, sans-serif", "#1f2430", t("upcombine.end_turn"), bx + (SIDE.w - 20) / 2, by + 15);
      hits.rect(bx, by, SIDE.w - 20, 30, { kind: "pass" });
    }
  }

  function shortName(seat) {
    return seat === bottomSeat && humans() === 1 ? t("seat.you") : t("upcombine.seat_short", { n: seat + 1 });
  }

  function drawRounds(c, view) {
    const y0 = SIDE.y + 30 + 5 * 30 + (actions().includes("pass") ? 52 : 16);
    const rounds = view.rounds.slice(-5);
    const rowH = 18;
    const h = 28 + (rounds.length + 2 + (view.rounds.length ? 0 : 1) + (view.over ? 1 : 0)) * rowH + 6;
    panel(c, SIDE.x, y0, SIDE.w, Math.min(h, STATUS_Y + 26 - y0), { fill: "rgba(250, 246, 236, 0.95)" });
    c.fillStyle = "#1f2430";
    c.font = "600 13px system-ui, sans-serif";
    c.textAlign = "left";
    c.textBaseline = "middle";
    c.fillText(t("upcombine.rounds_title", { target: view.target }), SIDE.x + 10, y0 + 14);
    const players = view.totals.length;
    const firstW = 34;
    const colW = (SIDE.w - 16 - firstW) / players;
    const colX = (seat) => SIDE.x + 8 + firstW + seat * colW + colW / 2;
    let y = y0 + 28 + rowH / 2;
    c.font = "600 11px system-ui, sans-serif";
    c.textAlign = "center";
    for (let seat = 0; seat < players; seat++) {
      c.fillStyle = seat === bottomSeat ? "#0f5a9c" : "#4a4f5c";
      c.fillText(shortName(seat), colX(seat), y);
    }
    for (const round of rounds) {
      y += rowH;
      c.fillStyle = "#4a4f5c";
      c.font = "11px system-ui, sans-serif";
      c.textAlign = "left";
      c.fillText(`${t("upcombine.round_short", { n: round.round })}${round.blocked ? " ⊘" : ""}`, SIDE.x + 10, y);
      c.textAlign = "center";
      round.points.forEach((points, seat) => {
        const won = round.winner === seat;
        c.fillStyle = won ? "#1c7a3e" : "#1f2430";
        c.font = won ? "bold 12px system-ui, sans-serif" : "12px system-ui, sans-serif";
        c.fillText(won ? `★ ${points}` : String(points), colX(seat), y);
      });
    }
    y += rowH;
    c.strokeStyle = "rgba(0,0,0,0.3)";
    c.lineWidth = 1;
    c.beginPath();
    c.moveTo(SIDE.x + 8, y - rowH / 2 - 1);
    c.lineTo(SIDE.x + SIDE.w - 8, y - rowH / 2 - 1);
    c.stroke();
    c.fillStyle = "#1f2430";
    c.font = "600 11px system-ui, sans-serif";
    c.textAlign = "left";
    c.fillText(t("upcombine.total"), SIDE.x + 10, y);
    c.textAlign = "center";
    const best = Math.min(...view.totals);
    view.totals.forEach((total, seat) => {
      c.fillStyle = total >= view.target ? "#b3261e" : "#1f2430";
      c.font = "bold 13px system-ui, sans-serif";
      c.fillText(String(total), colX(seat), y);
      if (view.over && total === best) {
        c.fillStyle = "#1c7a3e";
        c.font = "bold 11px system-ui, sans-serif";
        c.fillText(`★ ${t("upcombine.winner")}`, colX(seat), y + rowH - 2);
      }
    });
    if (!view.rounds.length) {
      c.fillStyle = "#6b7280";
      c.font = "italic 11px system-ui, sans-serif";
      c.textAlign = "left";
      c.fillText(t("upcombine.no_rounds"), SIDE.x + 10, y + rowH);
    }
  }

  function statusText(view) {
    if (view.over) return t("upcombine.status.over");
    const mover = view.current;
    const seat = actor();
    if (privacy()) return t("upcombine.status.private", { name: host.seatName(view.current) });
    if (view.choosing_bases && seat === null) return t("upcombine.status.bases_wait", { name: host.seatName(mover) });
    if (seat === null) return t("upcombine.status.wait", { name: host.seatName(mover), round: view.round });
    if (view.choosing_bases) {
      return baseChoice.length ? t("upcombine.status.bases_second", { colour: colourName(baseChoice[0]) })
        : t("upcombine.status.bases");
    }
    const piece = selectedPiece();
    if (piece) {
      return targetsOf(piece).length
        ? t("upcombine.status.selected", { piece: pieceName(piece) })
        : t("upcombine.status.no_target", { piece: pieceName(piece) });
    }
    const list = actions();
    const placements = list.filter((a) => PLACEMENT.test(a));
    const used = view.stacks.map((s, i) => (s.used ? i + 1 : null)).filter((x) => x !== null);
    const usedText = used.length ? ` ${t("upcombine.status.used", { stacks: used.join(", ") })}` : "";
    if (!legal || legal.fingerprint !== table.fingerprint) return t("upcombine.status.place_first");
    if (view.placed_this_turn === 0 && placements.length) return t("upcombine.status.place_first") + usedText;
    if (placements.length) return t("upcombine.status.more", { n: view.placed_this_turn }) + usedText;
    if (list.includes("pass")) return t("upcombine.status.pass") + usedText;
    if (view.placed_this_turn > 0) return t("upcombine.status.done", { n: view.placed_this_turn }) + usedText;
    return t("upcombine.status.stuck");
  }

  function drawStatus(c, view) {
    const text = capital(statusText(view));
    c.font = "600 14px system-ui, sans-serif";
    const w = Math.min(STACKS.w, c.measureText(text).width + 28);
    const x = STACKS.x + (STACKS.w - w) / 2;
    roundRect(c, x, STATUS_Y, w, 28, 14);
    c.fillStyle = actor() !== null ? "rgba(255, 236, 170, 0.95)" : "rgba(0, 0, 0, 0.35)";
    c.fill();
    c.fillStyle = actor() !== null ? "#3d2c00" : "#ffffff";
    c.textAlign = "center";
    c.textBaseline = "middle";
    c.fillText(text, x + w / 2, STATUS_Y + 14.5, STACKS.w - 20);
    // the round number
    c.fillStyle = "rgba(255,255,255,0.85)";
    c.font = "600 12px system-ui, sans-serif";
    c.textAlign = "left";
    c.fillText(t("upcombine.round", { n: view.round }), STACKS.x + 6, STACKS.y + 8);
  }

  function drawHand(c, view) {
    const hand = view.hands[bottomSeat];
    const hidden = !hand.pieces || privacy();
    const mine = actor() !== null;
    c.fillStyle = "#fff4dc";
    c.font = "600 14px system-ui, sans-serif";
    c.textAlign = "left";
    c.textBaseline = "middle";
    const owner = humans() === 1 && bottomSeat === table.seats.findIndex((s) => s.kind === "human")
      ? t("upcombine.your_tiles", { n: hand.count })
      : t("upcombine.their_tiles", { name: host.seatName(bottomSeat), n: hand.count });
    c.fillText((view.current === bottomSeat && !view.over ? "▶ " : "") + owner, HAND.x + 14, HAND.y + 18);
    if (hand.count === 0) {
      c.font = "italic 13px system-ui, sans-serif";
      c.fillText(t("upcombine.empty_hand"), HAND.x + 14, HAND_TOP + 24);
      return;
    }
    const cells = handLayout(hand.count);
    const piece = selectedPiece();
    cells.forEach((cell, index) => {
      if (hidden) {
        drawBack(c, hand.colours[index], cell.x, cell.y, cell.w, cell.h + 6);
        return;
      }
      if (drag && drag.moved && drag.index === index) return;
      const p = hand.pieces[index];
      const lifted = index === selected ? 16 : (hover && hover.kind === "hand" && hover.index === index && mine ? 6 : 0);
      const y = cell.y - lifted;
      const playable = mine && targetsOf(p).length > 0;
      // the tile's thickness under its face
      drawEdge(c, p.colour, cell.x, y + cell.h - 2, cell.w, 8);
      let glow = null;
      if (index === selected) glow = "#ffe27a";
      else if (hinted && hinted.startsWith(`${code(p)} `) && selected === null) glow = "#ffb347";
      drawFace(c, p, cell.x, y, cell.w, cell.h, { glow });
      if (mine && legal && legal.fingerprint === table.fingerprint && !playable && !view.choosing_bases) {
        roundRect(c, cell.x, y, cell.w, cell.h + 6, 7);
        c.fillStyle = "rgba(40, 25, 10, 0.34)";
        c.fill();
      }
      if (keyboard && zone === "hand" && index === handCursor && mine) {
        c.save();
        c.setLineDash([5, 4]);
        c.strokeStyle = "#ffffff";
        c.lineWidth = 2;
        roundRect(c, cell.x - 4, y - 4, cell.w + 8, cell.h + 16, 9);
        c.stroke();
        c.restore();
      }
      hits.rect(cell.x, y, Math.min(cell.w, cell.step), cell.h + 8, { kind: "hand", index });
    });
    // the last tile's full width is clickable too
    if (!hidden && cells.length) {
      const last = cells[cells.length - 1];
      hits.rect(last.x, last.y - (selected === cells.length - 1 ? 16 : 0), last.w, last.h + 8, { kind: "hand", index: cells.length - 1 });
    }
    if (piece && !hidden) {
      c.fillStyle = "#fff4dc";
      c.font = "12px system-ui, sans-serif";
      c.textAlign = "right";
      c.fillText(t("upcombine.esc_cancel"), HAND.x + HAND.w - 14, HAND.y + 18);
    }
  }

  function drawDragged(c) {
    if (!drag || !drag.moved) return;
    const hand = myHand();
    const p = hand && hand.pieces && hand.pieces[drag.index];
    if (!p) return;
    drawFace(c, p, drag.point.x - HAND_TILE / 2, drag.point.y - HAND_FACE / 2, HAND_TILE, HAND_FACE, { glow: "rgba(0,0,0,0.6)" });
  }

  function drawDrawAnimation(c) {
    if (!anim || anim.kind !== "draw") return;
    const row = bagRow(ORDER.indexOf(anim.colour));
    const to = seatAnchor(anim.seat);
    const p = anim.progress;
    const x = lerp(row.x + 10, to.x - 12, p);
    const y = lerp(row.y, to.y - 16, p) - Math.sin(p * Math.PI) * 30;
    drawBack(c, anim.colour, x, y, 24, 32);
  }

  function overlayCard(c, x, y, w, h) {
    c.save();
    c.shadowColor = "rgba(0,0,0,0.45)";
    c.shadowBlur = 24;
    c.shadowOffsetY = 6;
    panel(c, x, y, w, h, { fill: "#fbf7ee", stroke: "#c9b48a", radius: 16 });
    c.restore();
  }

  function drawSummary(c, view) {
    if (!summary) return;
    const round = view.rounds.find((r) => r.round === summary.round);
    if (!round) return;
    const players = round.points.length;
    const w = 380;
    const h = 92 + players * 24 + 30;
    const x = STACKS.x + (STACKS.w - w) / 2;
    const y = STACKS.y + (STACKS.h - h) / 2;
    c.fillStyle = "rgba(10, 30, 20, 0.55)";
    roundRect(c, STACKS.x, STACKS.y - 4, STACKS.w, STACKS.h + 8, 12);
    c.fill();
    overlayCard(c, x, y, w, h);
    c.fillStyle = "#1f2430";
    c.textAlign = "center";
    c.textBaseline = "middle";
    c.font = "bold 17px system-ui, sans-serif";
    c.fillText(t("upcombine.summary.title", { n: round.round }), x + w / 2, y + 24);
    c.font = "14px system-ui, sans-serif";
    c.fillStyle = "#3f4654";
    const line = round.blocked
      ? t("upcombine.summary.blocked")
      : wonText(round.winner);
    c.fillText(line, x + w / 2, y + 48, w - 24);
    // table: seat, points this round, total
    let ty = y + 76;
    c.font = "600 12px system-ui, sans-serif";
    c.fillStyle = "#6b7280";
    c.textAlign = "left";
    c.fillText(t("upcombine.summary.player"), x + 24, ty);
    c.textAlign = "right";
    c.fillText(t("upcombine.summary.points"), x + w - 110, ty);
    c.fillText(t("upcombine.total"), x + w - 24, ty);
    const totals = totalsAfter(view, round.round);
    for (let seat = 0; seat < players; seat++) {
      ty += 24;
      const won = round.winner === seat;
      c.fillStyle = won ? "#1c7a3e" : "#1f2430";
      c.font = won ? "bold 14px system-ui, sans-serif" : "14px system-ui, sans-serif";
      c.textAlign = "left";
      c.fillText(`${won ? "★ " : ""}${host.seatName(seat)}`, x + 24, ty, w - 170);
      c.textAlign = "right";
      c.fillText(`+${round.points[seat]}`, x + w - 110, ty);
      c.font = "bold 14px system-ui, sans-serif";
      c.fillStyle = totals[seat] >= view.target ? "#b3261e" : "#1f2430";
      c.fillText(String(totals[seat]), x + w - 24, ty);
    }
    c.fillStyle = "#6b7280";
    c.font = "12px system-ui, sans-serif";
    c.textAlign = "center";
    c.fillText(view.over && round === view.rounds[view.rounds.length - 1]
      ? t("upcombine.summary.final") : t("upcombine.summary.continue"), x + w / 2, y + h - 16);
    hits.rect(0, 0, WIDTH, HEIGHT, { kind: "summary" });
  }

  /** The running totals right after round `number`. */
  function wonText(seat) {
    const you = humans() === 1 && table.seats[seat].kind === "human";
    return you ? t("upcombine.summary.won_you") : t("upcombine.summary.won", { name: host.seatName(seat) });
  }

  function totalsAfter(view, number) {
    const totals = view.totals.map(() => 0);
    for (const round of view.rounds) {
      if (round.round > number) break;
      round.points.forEach((points, seat) => { totals[seat] += points; });
    }
    return totals;
  }

  function drawPrivacy(c, view) {
    c.fillStyle = "rgba(16, 28, 40, 0.97)";
    roundRect(c, 0, 0, WIDTH, HEIGHT, 14);
    c.fill();
    const name = host.seatName(table.viewer);
    const w = 460;
    const h = 200;
    const x = (WIDTH - w) / 2;
    const y = (HEIGHT - h) / 2 - 20;
    overlayCard(c, x, y, w, h);
    // a row of tile backs: nothing to see here
    ORDER.forEach((colour, i) => drawBack(c, colour, x + w / 2 - 5 * 17 + i * 34 + 4, y + 22, 26, 34));
    c.fillStyle = "#1f2430";
    c.textAlign = "center";
    c.textBaseline = "middle";
    c.font = "bold 20px system-ui, sans-serif";
    c.fillText(t("upcombine.privacy.title", { name }), x + w / 2, y + 90, w - 30);
    c.font = "14px system-ui, sans-serif";
    c.fillStyle = "#4a4f5c";
    c.fillText(t("upcombine.privacy.body", { name }), x + w / 2, y + 122, w - 30);
    roundRect(c, x + w / 2 - 110, y + 145, 220, 36, 18);
    c.fillStyle = "#2f6fd6";
    c.fill();
    c.fillStyle = "#ffffff";
    c.font = "600 14px system-ui, sans-serif";
    c.fillText(t("upcombine.privacy.button"), x + w / 2, y + 163);
    if (view.rounds.length && summary) {
      c.fillStyle = "rgba(255,255,255,0.8)";
      c.font = "13px system-ui, sans-serif";
      c.fillText(t("upcombine.privacy.round_over", { n: summary.round }), WIDTH / 2, y + h + 30);
    }
    hits.rect(0, 0, WIDTH, HEIGHT, { kind: "privacy" });
  }

  function render() {
    if (!table) return;
    const c = context;
    const view = table.view;
    hits.clear();
    drawTable(c);
    if (privacy()) {
      drawPrivacy(c, view);
      publish();
      return;
    }
    drawOpponents(c, view);
    if (choosing()) drawBaseChoice(c, view);
    else drawStacks(c, view);
    drawPile(c, view);
    drawRounds(c, view);
    drawStatus(c, view);
    drawHand(c, view);
    drawDrawAnimation(c);
    drawSummary(c, view);
    drawDragged(c);
    publish();
  }

  /** State a test (or an embedding page) can read without parsing pixels. */
  function publish() {
    canvas.dataset.privacy = privacy() ? "1" : "0";
    canvas.dataset.selected = selected === null ? "" : String(selected);
    canvas.dataset.summary = summary ? String(summary.round) : "";
    canvas.dataset.legal = legal && table && legal.fingerprint === table.fingerprint ? "1" : "0";
    canvas.dataset.anim = anim ? `${anim.kind} ${anim.progress.toFixed(2)}` : "";
  }
  canvas.gameboxHits = () => hits.regions.map((r) => ({ ...r }));

  // ------------------------------------------------------------ actions
  function announceSelection() {
    const piece = selectedPiece();
    if (!piece) return;
    const targets = targetsOf(piece).map((i) => i + 1);
    host.announce(targets.length
      ? t("upcombine.say.selected", { piece: pieceName(piece), stacks: targets.join(", ") })
      : t("upcombine.status.no_target", { piece: pieceName(piece) }));
  }

  function describeStack(index) {
    const stack = table.view.stacks[index];
    const colours = ORDER.filter((c) => stack.pieces.some((p) => p.colour === c)).map(colourName).join(", ");
    return t("upcombine.say.stack", {
      n: index + 1, top: pieceName(stack.top), count: stack.pieces.length, colours,
    }) + (stack.used ? ` ${t("upcombine.say.used")}` : "");
  }

  function selectHand(index) {
    const hand = myHand();
    if (!hand || !hand.pieces || index < 0 || index >= hand.pieces.length) return;
    selected = selected === index ? null : index;
    handCursor = index;
    hinted = null;
    if (selected !== null) {
      const targets = targetsOf(hand.pieces[index]);
      if (targets.length) {
        stackCursor = targets.includes(stackCursor) ? stackCursor : targets[0];
        if (keyboard) zone = "stacks";
      }
      announceSelection();
    }
    render();
  }

  function placeOn(index) {
    const piece = selectedPiece();
    if (!piece) { host.announce(describeStack(index)); return false; }
    if (!targetsOf(piece).includes(index)) {
      host.announce(t("upcombine.say.not_there", { piece: pieceName(piece), n: index + 1 }));
      return false;
    }
    const cells = handLayout(myHand().count);
    const cell = cells[selected];
    lastSource = { x: cell.x + cell.w / 2, y: cell.y };
    const action = `${code(piece)} ${index + 1}`;
    selected = null;
    hinted = null;
    zone = "hand";
    host.act(action);
    return true;
  }
  let lastSource = null;

  /** Pick (or put back) a colour for the bases; the second colour makes the choice. */
  function pickBase(colour) {
    baseCursor = ORDER.indexOf(colour);
    if (baseChoice.includes(colour)) {
      baseChoice = [];
      host.announce(t("upcombine.say.base_dropped", { colour: colourName(colour) }));
    } else if (!baseColours().includes(colour)) {
      host.announce(t("upcombine.say.base_gone", { colour: colourName(colour) }));
    } else if (baseChoice.length) {
      const action = basesAction(baseChoice[0], colour);
      baseChoice = [];
      act(action);
      return;
    } else {
      baseChoice = [colour];
      host.announce(t("upcombine.status.bases_second", { colour: colourName(colour) }));
    }
    render();
  }

  function act(action) {
    selected = null;
    hinted = null;
    host.act(action);
  }

  function toLocal(event) {
    return pointerPosition(canvas, event);
  }

  function onClick(event) {
    if (!table) return;
    if (suppressClick) { suppressClick = false; return; }
    keyboard = false;
    const hit = hits.at(toLocal(event));
    if (hit && hit.kind === "privacy") { reveal(); return; }
    if (hit && hit.kind === "summary") { summary = null; render(); return; }
    if (!hit) { if (selected !== null) { selected = null; render(); } return; }
    if (actor() === null) {
      if (hit.kind === "stack") host.announce(describeStack(hit.index));
      return;
    }
    if (hit.kind === "base") pickBase(hit.colour);
    else if (hit.kind === "hand") selectHand(hit.index);
    else if (hit.kind === "stack") { if (!placeOn(hit.index)) render(); }
    else if (hit.kind === "draw") act(`draw ${hit.colour}`);
    else if (hit.kind === "pass") act("pass");
  }

  function onPointerDown(event) {
    if (!table || actor() === null) return;
    const point = toLocal(event);
    const hit = hits.at(point);
    if (hit && hit.kind === "hand") drag = { index: hit.index, start: point, point, moved: false };
  }

  function onPointerMove(event) {
    if (!table) return;
    const point = toLocal(event);
    if (drag) {
      drag.point = point;
      if (!drag.moved && Math.hypot(point.x - drag.start.x, point.y - drag.start.y) > 8) {
        drag.moved = true;
        selected = drag.index;
        keyboard = false;
      }
      if (drag.moved) { render(); return; }
    }
    const hit = hits.at(point);
    const next = hit && (hit.kind === "hand" || hit.kind === "draw" || hit.kind === "base") ? hit : null;
    canvas.style.cursor = hit && hit.kind !== "summary" ? "pointer" : "default";
    if (JSON.stringify(next) !== JSON.stringify(hover)) { hover = next; render(); }
  }

  function onPointerUp(event) {
    if (!drag) return;
    const wasDrag = drag.moved;
    drag = null;
    if (!wasDrag) return;
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
    const point = toLocal(event);
    const stackHit = hits.regions.find((r) => r.kind === "rect" && r.value.kind === "stack"
      && point.x >= r.x && point.x <= r.x + r.w && point.y >= r.y && point.y <= r.y + r.h);
    if (stackHit && placeOn(stackHit.value.index)) return;
    render();
  }

  function reveal() {
    revealed = table.viewer;
    selected = null;
    handCursor = 0;
    zone = "hand";
    render();
    refreshLegal();
    host.announce(t("upcombine.privacy.shown", { name: host.seatName(table.viewer) }));
  }

  canvas.addEventListener("click", onClick);
  canvas.addEventListener("pointerdown", onPointerDown);
  canvas.addEventListener("pointermove", onPointerMove);
  canvas.addEventListener("pointerup", onPointerUp);
  canvas.addEventListener("pointerleave", () => { if (hover) { hover = null; render(); } });
  canvas.addEventListener("focus", () => render());
  canvas.addEventListener("blur", () => { keyboard = false; render(); });

  // ------------------------------------------------------------ animation of the last action
  function startAnimation(previous, next) {
    anim = null;
    const fresh = next.log.slice(previous.log.length);
    if (next.history.length !== previous.history.length + 1) return null;
    if (fresh.some((e) => e.key === "upcombine.round_won" || e.key === "upcombine.round_blocked")) return null;
    const placed = fresh.find((e) => e.key === "upcombine.placed");
    const split = fresh.find((e) => e.key === "upcombine.split");
    const drew = fresh.find((e) => e.key === "upcombine.drew");
    if (placed) {
      const p = placed.params;
      const stack = split ? split.params.new_stack - 1 : p.stack - 1;
      const from = placed.seat === bottomSeat && lastSource ? lastSource : seatAnchor(placed.seat);
      return { kind: "place", colour: p.colour, symbol: p.symbol, stack, split: split ? split.params : null, from, progress: 0, ms: split ? 900 : 420 };
    }
    if (drew) return { kind: "draw", colour: drew.params.colour, seat: drew.seat, progress: 0, ms: 380 };
    return null;
  }

  // ------------------------------------------------------------ the interface
  return {
    draw(next, { animate = true } = {}) {
      const previous = table;
      table = next;
      const hand0 = previous && previous.view.hands[bottomSeat];
      // whose hand sits at the bottom: the viewer's, else the last one shown, else the first human's
      if (next.viewer !== null && next.viewer !== undefined) bottomSeat = next.viewer;
      else if (!previous || bottomSeat >= next.players) {
        const human = next.seats.findIndex((s) => s.kind === "human");
        bottomSeat = human >= 0 ? human : 0;
      }
      if (!previous || next.viewer !== previous.viewer || !hand0 || next.view.hands[bottomSeat].count !== hand0.count
          || next.history.length < previous.history.length) {
        selected = null;
      }
      if (selected !== null && !selectedPiece()) selected = null;
      if (!previous || next.fingerprint !== previous.fingerprint || !next.view.choosing_bases) baseChoice = [];
      hinted = null;
      if (previous && next.view.rounds.length > previous.view.rounds.length) {
        const round = next.view.rounds[next.view.rounds.length - 1];
        summary = { round: round.round, shownAt: performance.now(), moves: next.history.length };
        host.announce(round.blocked ? t("upcombine.summary.blocked") : wonText(round.winner));
      } else if (summary && (next.history.length < summary.moves
                 || (performance.now() - summary.shownAt > 4000 && next.history.length > summary.moves + 1))) {
        summary = null;
      } else if (!previous) {
        summary = null;
      }
      // a new game (or a shorter history) starts the privacy screens afresh
      if (previous && (next.seed !== previous.seed || next.history.length < previous.history.length)) revealed = null;
      if (next.is_over) revealed = null;
      const hand = myHand();
      const size = hand ? hand.count : 0;
      handCursor = Math.min(handCursor, Math.max(0, size - 1));
      stackCursor = Math.max(0, Math.min(stackCursor, next.view.stacks.length - 1));
      const moving = animate && previous && !privacy() ? startAnimation(previous, next) : null;
      lastSource = null;
      if (moving) {
        anim = moving;
        tween(moving.ms, (p) => { if (anim === moving) { moving.progress = p; render(); } })
          .then(() => { if (anim === moving) { anim = null; render(); } });
      } else {
        anim = null;
        render();
      }
      if (privacy()) host.announce(t("upcombine.privacy.title", { name: host.seatName(next.viewer) }));
      refreshLegal();
    },
    keydown(event) {
      if (!table) return;
      const key = event.key;
      if (privacy()) {
        if (key === "Enter" || key === " ") { event.preventDefault(); reveal(); }
        return;
      }
      if (summary && (key === "Enter" || key === " " || key === "Escape")) {
        event.preventDefault();
        summary = null;
        render();
        return;
      }
      if (actor() === null) return;
      const view = table.view;
      if (choosing()) {
        keyboard = true;
        if (key === "ArrowLeft" || key === "ArrowRight") {
          baseCursor = (baseCursor + (key === "ArrowLeft" ? -1 : 1) + ORDER.length) % ORDER.length;
          const colour = ORDER[baseCursor];
          host.announce(t("upcombine.say.base", { colour: colourName(colour), n: view.pile.colours[colour] || 0 }));
        } else if (key === "Enter" || key === " ") {
          pickBase(ORDER[baseCursor]);
        } else if (key === "Escape") {
          baseChoice = [];
        } else {
          keyboard = false;
          return;
        }
        event.preventDefault();
        render();
        return;
      }
      const hand = myHand();
      const count = hand && hand.pieces ? hand.pieces.length : 0;
      const zones = ["hand", "stacks", "pile"];
      keyboard = true;
      if (key === "ArrowUp" || key === "ArrowDown") {
        const step = key === "ArrowUp" ? 1 : -1;
        zone = zones[(zones.indexOf(zone) + step + zones.length) % zones.length];
        if (zone === "stacks") {
          const piece = selectedPiece();
          const targets = piece ? targetsOf(piece) : [];
          if (targets.length && !targets.includes(stackCursor)) stackCursor = targets[0];
          host.announce(describeStack(stackCursor));
        } else if (zone === "pile") {
          host.announce(t("upcombine.say.pile", { colour: colourName(ORDER[pileCursor]), n: view.pile.colours[ORDER[pileCursor]] || 0 }));
        } else if (count) {
          host.announce(pieceName(hand.pieces[handCursor]));
        }
      } else if (key === "ArrowLeft" || key === "ArrowRight") {
        const step = key === "ArrowLeft" ? -1 : 1;
        if (zone === "hand" && count) {
          handCursor = (handCursor + step + count) % count;
          host.announce(pieceName(hand.pieces[handCursor]));
        } else if (zone === "stacks") {
          const piece = selectedPiece();
          const targets = piece ? targetsOf(piece) : [];
          if (targets.length) {
            const at = targets.indexOf(stackCursor);
            stackCursor = targets[(Math.max(0, at) + (at < 0 ? 0 : step) + targets.length) % targets.length];
          } else {
            stackCursor = (stackCursor + step + view.stacks.length) % view.stacks.length;
          }
          host.announce(describeStack(stackCursor));
        } else if (zone === "pile") {
          pileCursor = (pileCursor + step + ORDER.length) % ORDER.length;
          host.announce(t("upcombine.say.pile", { colour: colourName(ORDER[pileCursor]), n: view.pile.colours[ORDER[pileCursor]] || 0 }));
        }
      } else if (key === "Enter" || key === " ") {
        if (zone === "hand" && count) {
          selected = null;
          selectHand(handCursor);
          if (selected !== null && targetsOf(selectedPiece()).length) zone = "stacks";
        } else if (zone === "stacks") {
          if (selectedPiece()) placeOn(stackCursor);
          else host.announce(describeStack(stackCursor));
        } else if (zone === "pile") {
          const list = actions();
          if (list.includes("pass")) act("pass");
          else if (list.includes(`draw ${ORDER[pileCursor]}`)) act(`draw ${ORDER[pileCursor]}`);
          else host.announce(view.may_end_turn ? t("upcombine.say.colour_gone") : t("upcombine.say.place_first"));
        }
      } else if (key === "Escape") {
        selected = null;
        zone = "hand";
      } else {
        keyboard = false;
        return;
      }
      event.preventDefault();
      render();
    },
    showHint(action) {
      if (privacy()) return;
      hinted = action;
      const hand = myHand();
      const match = /^([A-Z][a-z]) (\d+)$/.exec(action || "");
      if (match && hand && hand.pieces) {
        const index = hand.pieces.findIndex((p) => code(p) === match[1]);
        if (index >= 0) {
          selected = index;
          handCursor = index;
          stackCursor = Number(match[2]) - 1;
          zone = "stacks";
        }
      } else if (action && action.startsWith("draw ")) {
        pileCursor = ORDER.indexOf(action.slice(5));
        zone = "pile";
      } else if (action && action.startsWith("bases ")) {
        baseChoice = [];
        baseCursor = ORDER.indexOf(action.split(" ")[1]);
      }
      render();
    },
    describeAction(view, action) {
      // the hint names a tile of the hidden hand: not while the device is being passed
      if (privacy()) return t("upcombine.say.hidden");
      const match = /^([A-Z])([a-z]) (\d+)$/.exec(action || "");
      if (match) {
        return t("upcombine.say.place", { piece: pieceName({ colour: match[1], symbol: match[2] }), n: match[3] });
      }
      if (action && action.startsWith("draw ")) return t("upcombine.say.draw", { colour: colourName(action.slice(5)) });
      if (action && action.startsWith("bases ")) {
        const [, first, second] = action.split(" ");
        return t("upcombine.say.bases", { first: colourName(first), second: colourName(second) });
      }
      if (action === "pass") return t("upcombine.end_turn");
      return action;
    },
    seatBadges(view, seat) {
      const hand = view.hands[seat];
      if (!hand) return [];
      return [{ colour: "#5e3a1c", label: tilesText(hand.count), symbol: String(hand.count) }];
    },
    destroy() {
      table = null;
      anim = null;
      canvas.removeEventListener("click", onClick);
      canvas.removeEventListener("pointerdown", onPointerDown);
      canvas.removeEventListener("pointermove", onPointerMove);
      canvas.removeEventListener("pointerup", onPointerUp);
      delete canvas.gameboxHits;
      for (const name of ["privacy", "selected", "summary", "legal"]) delete canvas.dataset[name];
    },
    resize() { context = fitCanvas(canvas, WIDTH, HEIGHT); render(); },
  };
}
