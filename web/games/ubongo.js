// Ubongo Extreme renderer: the puzzle card (white hexes on a coloured card), the player's polyhex tiles in a
// tray beside it, a sand timer, and the round's gems. Tiles are dragged (mouse/touch), rotated (R, wheel,
// button) and flipped (F, button) and snap to the hex grid. In a race the placements are assembled here and
// sent as one `solve ... @ms` when they cover the board; Python decides whether it is solved. In puzzle mode
// each drop is a `place` action that Python checks.
import { centredText, fitCanvas, HitRegions, pointerPosition, roundRect } from "./common.js";

const WIDTH = 780;
const HEIGHT = 600;
const SQ3 = Math.sqrt(3);
const CARD = { x: 12, y: 12, w: 482, h: 420 };
const STRIP = 54; // the card's left strip: colour token and tile numbers
const SIDE = { x: 506, y: 12, w: 262, h: 420 };
const TRAY = { x: 12, y: 444, w: 606, h: 144 };
const TOOLS = { x: 628, y: 444, w: 140, h: 144 };
const TRAY_R = 15;
const MAX_R = 30;

const COLOUR = {
  red: { fill: "#d8362f", light: "#ff8d7e", dark: "#87170f", letter: "R", ink: "#ffffff" },
  blue: { fill: "#2a63c8", light: "#86b2ff", dark: "#15367a", letter: "B", ink: "#ffffff" },
  green: { fill: "#2c9a4b", light: "#8be0a2", dark: "#145a29", letter: "G", ink: "#ffffff" },
  yellow: { fill: "#f0c02c", light: "#fff0a0", dark: "#9a7406", letter: "Y", ink: "#3d2c00" },
};
const GEM = {
  ruby: { fill: "#d3123f", light: "#ff8fa6", dark: "#6c0019" },
  sapphire: { fill: "#2157d6", light: "#9cc0ff", dark: "#0c2b78" },
  emerald: { fill: "#129a55", light: "#8df0bb", dark: "#05512a" },
  amber: { fill: "#f28a12", light: "#ffd08a", dark: "#9a4d00" },
};
const GEM_ORDER = ["ruby", "sapphire", "emerald", "amber"];
const COLOUR_ORDER = ["R", "B", "G", "Y"];
const SIDES = ["easy", "hard"];
const TIMERS = [60, 90, 120, 180, 300];

const key = (q, r) => `${q},${r}`;

/** The cells of a tile turned over (if flip) and then turned rot x 60 degrees clockwise; anchor stays put. */
function orient(cells, rot, flip) {
  return cells.map(([q0, r0]) => {
    let q = flip ? -q0 - r0 : q0;
    let r = r0;
    for (let k = 0; k < rot; k++) [q, r] = [-r, q + r];
    return [q, r];
  });
}

function formatTime(ms) {
  const total = Math.max(0, ms) / 1000;
  const minutes = Math.floor(total / 60);
  const seconds = total - minutes * 60;
  return `${minutes}:${seconds < 10 ? "0" : ""}${seconds.toFixed(1)}`;
}

function hexPath(c, x, y, r) {
  c.beginPath();
  for (let k = 0; k < 6; k++) {
    const angle = (Math.PI / 180) * (-90 + 60 * k);
    const px = x + r * Math.cos(angle);
    const py = y + r * Math.sin(angle);
    if (k === 0) c.moveTo(px, py); else c.lineTo(px, py);
  }
  c.closePath();
}

// edge k of a pointy-top hex runs from corner k to k+1; its neighbour lies in this direction
const EDGE_NEIGHBOUR = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]];

function corner(x, y, r, k) {
  const angle = (Math.PI / 180) * (-90 + 60 * (k % 6));
  return [x + r * Math.cos(angle), y + r * Math.sin(angle)];
}

/** A polyhex tile with a bevel: `points` are [centreX, centreY, q, r] of its cells. */
function drawPolyhex(c, points, r, colour, { alpha = 1, lifted = false, outline = null, label = null } = {}) {
  const pal = COLOUR[colour] || COLOUR.red;
  const cells = new Set(points.map(([, , q, cr]) => key(q, cr)));
  c.save();
  c.globalAlpha = alpha;
  // shadow
  c.fillStyle = lifted ? "rgba(0,0,0,0.28)" : "rgba(0,0,0,0.22)";
  const shadow = lifted ? r * 0.28 : r * 0.1;
  for (const [x, y] of points) { hexPath(c, x + shadow, y + shadow * 1.3, r + 0.6); c.fill(); }
  // body
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [, y] of points) { minY = Math.min(minY, y - r); maxY = Math.max(maxY, y + r); }
  const body = c.createLinearGradient(0, minY, 0, maxY);
  body.addColorStop(0, pal.light);
  body.addColorStop(0.22, pal.fill);
  body.addColorStop(1, pal.dark);
  c.fillStyle = body;
  for (const [x, y] of points) { hexPath(c, x, y, r + 0.6); c.fill(); }
  // faint cell seams
  c.strokeStyle = "rgba(0,0,0,0.16)";
  c.lineWidth = 1;
  for (const [x, y, q, cr] of points) {
    for (let k = 0; k < 6; k++) {
      const [dq, dr] = EDGE_NEIGHBOUR[k];
      if (!cells.has(key(q + dq, cr + dr)) || k > 2) continue;
      const [ax, ay] = corner(x, y, r, k);
      const [bx, by] = corner(x, y, r, k + 1);
      c.beginPath(); c.moveTo(ax, ay); c.lineTo(bx, by); c.stroke();
    }
  }
  // bevel: outer edges, light towards the top left, dark towards the bottom right
  const bevel = Math.max(2, r * 0.16);
  c.lineCap = "round";
  for (const [x, y, q, cr] of points) {
    for (let k = 0; k < 6; k++) {
      const [dq, dr] = EDGE_NEIGHBOUR[k];
      if (cells.has(key(q + dq, cr + dr))) continue;
      const mid = (Math.PI / 180) * (-60 + 60 * k);
      const shade = Math.cos(mid) * 0.55 + Math.sin(mid) * 0.85; // >0 faces bottom right
      const inset = r - bevel / 2;
      const [ax, ay] = corner(x, y, inset, k);
      const [bx, by] = corner(x, y, inset, k + 1);
      c.strokeStyle = shade > 0 ? `rgba(0,0,0,${0.18 + 0.25 * shade})` : `rgba(255,255,255,${0.3 + 0.35 * -shade})`;
      c.lineWidth = bevel;
      c.beginPath(); c.moveTo(ax, ay); c.lineTo(bx, by); c.stroke();
      const [ox, oy] = corner(x, y, r + 0.5, k);
      const [px, py] = corner(x, y, r + 0.5, k + 1);
      c.strokeStyle = outline || "rgba(0,0,0,0.55)";
      c.lineWidth = outline ? 3 : 1.2;
      c.beginPath(); c.moveTo(ox, oy); c.lineTo(px, py); c.stroke();
    }
  }
  if (label !== null) {
    // the tile number on the cell nearest the middle
    let sx = 0;
    let sy = 0;
    for (const [x, y] of points) { sx += x; sy += y; }
    sx /= points.length; sy /= points.length;
    let best = points[0];
    for (const p of points) if ((p[0] - sx) ** 2 + (p[1] - sy) ** 2 < (best[0] - sx) ** 2 + (best[1] - sy) ** 2) best = p;
    const radius = Math.max(7, r * 0.48);
    c.beginPath();
    c.arc(best[0], best[1], radius, 0, Math.PI * 2);
    c.fillStyle = "rgba(255,255,255,0.9)";
    c.fill();
    c.strokeStyle = pal.dark;
    c.lineWidth = 1.2;
    c.stroke();
    centredText(c, `bold ${Math.round(radius * 1.15)}px system-ui, sans-serif`, "#1f2430", String(label), best[0], best[1] + 0.5);
  }
  c.restore();
}

/** A gem icon: ruby (round brilliant), sapphire (oval), emerald (step cut), amber (drop). */
function drawGem(c, gem, x, y, s) {
  const pal = GEM[gem];
  c.save();
  c.beginPath();
  if (gem === "ruby") {
    for (let k = 0; k < 8; k++) {
      const a = (Math.PI / 4) * k + Math.PI / 8;
      const px = x + s * 0.5 * Math.cos(a);
      const py = y + s * 0.5 * Math.sin(a);
      if (k === 0) c.moveTo(px, py); else c.lineTo(px, py);
    }
  } else if (gem === "sapphire") {
    c.ellipse(x, y, s * 0.36, s * 0.5, 0, 0, Math.PI * 2);
  } else if (gem === "emerald") {
    const w = s * 0.42;
    const h = s * 0.5;
    const cut = s * 0.14;
    c.moveTo(x - w + cut, y - h); c.lineTo(x + w - cut, y - h); c.lineTo(x + w, y - h + cut);
    c.lineTo(x + w, y + h - cut); c.lineTo(x + w - cut, y + h); c.lineTo(x - w + cut, y + h);
    c.lineTo(x - w, y + h - cut); c.lineTo(x - w, y - h + cut);
  } else {
    c.moveTo(x, y - s * 0.52);
    c.bezierCurveTo(x + s * 0.2, y - s * 0.2, x + s * 0.42, y, x + s * 0.38, y + s * 0.2);
    c.arc(x, y + s * 0.18, s * 0.38, 0, Math.PI, false);
    c.bezierCurveTo(x - s * 0.42, y, x - s * 0.2, y - s * 0.2, x, y - s * 0.52);
  }
  c.closePath();
  const g = c.createRadialGradient(x - s * 0.15, y - s * 0.18, s * 0.04, x, y, s * 0.6);
  g.addColorStop(0, pal.light);
  g.addColorStop(0.45, pal.fill);
  g.addColorStop(1, pal.dark);
  c.fillStyle = g;
  c.shadowColor = "rgba(0,0,0,0.3)";
  c.shadowBlur = 3;
  c.shadowOffsetY = 1;
  c.fill();
  c.shadowColor = "transparent";
  c.strokeStyle = pal.dark;
  c.lineWidth = 1;
  c.stroke();
  // facets
  c.strokeStyle = "rgba(255,255,255,0.45)";
  c.lineWidth = 0.8;
  c.beginPath();
  if (gem === "emerald") {
    roundRect(c, x - s * 0.24, y - s * 0.3, s * 0.48, s * 0.6, 1);
  } else {
    c.moveTo(x - s * 0.18, y - s * 0.08); c.lineTo(x, y - s * 0.26); c.lineTo(x + s * 0.18, y - s * 0.08);
    c.lineTo(x, y + s * 0.28); c.closePath();
  }
  c.stroke();
  c.fillStyle = "rgba(255,255,255,0.75)";
  c.beginPath();
  c.arc(x - s * 0.12, y - s * 0.16, s * 0.06, 0, Math.PI * 2);
  c.fill();
  c.restore();
}

function drawToken(c, colour, x, y, radius) {
  const pal = COLOUR[colour];
  if (!pal) return;
  const g = c.createRadialGradient(x - radius / 3, y - radius / 3, 1, x, y, radius);
  g.addColorStop(0, pal.light);
  g.addColorStop(0.35, pal.fill);
  g.addColorStop(1, pal.dark);
  c.beginPath();
  c.arc(x, y, radius, 0, Math.PI * 2);
  c.fillStyle = g;
  c.fill();
  c.strokeStyle = "rgba(0,0,0,0.5)";
  c.lineWidth = 1;
  c.stroke();
  centredText(c, `bold ${Math.round(radius * 1.05)}px system-ui, sans-serif`, pal.ink, pal.letter, x, y + 0.5);
}

/** The sand timer: `fraction` of the sand still in the top bulb. */
function drawHourglass(c, x, y, w, h, fraction, { second = false, running = false } = {}) {
  const f = Math.max(0, Math.min(1, fraction));
  c.save();
  const cap = 9;
  const wood = c.createLinearGradient(x, 0, x + w, 0);
  wood.addColorStop(0, "#7a4a1f"); wood.addColorStop(0.5, "#b97c3d"); wood.addColorStop(1, "#6b3f18");
  const gx = x + w / 2;
  const top = y + cap;
  const bottom = y + h - cap;
  const mid = (top + bottom) / 2;
  const bw = w / 2 - 6;
  // glass
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
  const sandGrad = c.createLinearGradient(gx - bw, 0, gx + bw, 0);
  sandGrad.addColorStop(0, sandDark); sandGrad.addColorStop(0.5, sand); sandGrad.addColorStop(1, sandDark);
  c.fillStyle = sandGrad;
  // top bulb: sand level falls from top to the neck
  const topLevel = mid - (mid - top) * Math.sqrt(f) * 0.92;
  c.fillRect(x, topLevel, w, mid - topLevel);
  // bottom bulb: a heap that grows
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
  if (running && f > 0 && f < 1) {
    c.fillRect(gx - 1, mid - 2, 2, bottom - mid);
  }
  c.restore();
  glass();
  c.strokeStyle = "rgba(70, 90, 110, 0.8)";
  c.lineWidth = 1.5;
  c.stroke();
  c.strokeStyle = "rgba(255,255,255,0.7)";
  c.lineWidth = 2;
  c.beginPath();
  c.moveTo(gx - bw + 4, top + 4);
  c.quadraticCurveTo(gx - bw + 2, top + (mid - top) * 0.4, gx - 8, mid - 8);
  c.stroke();
  // frame
  c.fillStyle = wood;
  roundRect(c, x, y, w, cap, 3); c.fill();
  roundRect(c, x, y + h - cap, w, cap, 3); c.fill();
  c.fillRect(x + 2, y + cap, 4, h - 2 * cap);
  c.fillRect(x + w - 6, y + cap, 4, h - 2 * cap);
  c.restore();
}

function button(c, hits, rect, label, value, { enabled = true, primary = false, icon = null, focus = false } = {}) {
  const { x, y, w, h } = rect;
  c.save();
  c.globalAlpha = enabled ? 1 : 0.45;
  const g = c.createLinearGradient(0, y, 0, y + h);
  if (primary) { g.addColorStop(0, "#3f78d0"); g.addColorStop(1, "#224f9a"); } else { g.addColorStop(0, "#fffdf8"); g.addColorStop(1, "#ece3d1"); }
  roundRect(c, x, y, w, h, 9);
  c.fillStyle = g;
  c.shadowColor = "rgba(0,0,0,0.25)";
  c.shadowBlur = 4;
  c.shadowOffsetY = 2;
  c.fill();
  c.shadowColor = "transparent";
  c.strokeStyle = focus ? "#f5a623" : primary ? "#17396f" : "#b9ab90";
  c.lineWidth = focus ? 3 : 1.2;
  c.stroke();
  c.fillStyle = primary ? "#ffffff" : "#1f2430";
  c.textAlign = "center";
  c.textBaseline = "middle";
  if (icon) {
    c.font = "bold 22px system-ui, sans-serif";
    c.fillText(icon, x + w / 2, y + h / 2 - 8);
    c.font = "600 12px system-ui, sans-serif";
    c.fillText(label, x + w / 2, y + h - 12);
  } else {
    c.font = "600 14px system-ui, sans-serif";
    c.fillText(label, x + w / 2, y + h / 2 + 0.5, w - 10);
  }
  c.restore();
  if (enabled) hits.rect(x, y, w, h, value);
}

export function create(canvas, host) {
  let context = fitCanvas(canvas, WIDTH, HEIGHT);
  const hits = new HitRegions();
  const listeners = new AbortController();
  const oldTouchAction = canvas.style.touchAction;
  canvas.style.touchAction = "none";

  let table = null;
  let view = null;
  // the puzzle on screen
  let puzzleKey = null;
  let puzzle = null; // {seat, code, colour, board: [[q,r]], boardSet, tiles: [{number, cells}], card, side, difficulty}
  let layout = null; // {R, ox, oy}
  let pieces = new Map(); // number -> {number, base, pivot, rot, flip, at}
  let float = null; // the tile being moved: {number, rot, flip, at, pivot, drag}
  let pending = null; // pointerdown not yet a drag: {number, x, y, cell}
  let hover = null; // tile number under the pointer
  let hintGhost = null; // {number, rot, flip, at, until}
  let sending = false;
  // the clock
  let clockStart = null; // performance.now() when this seat's sand timer was turned
  let gate = null; // null (playing) | "pass" | "results" | "final" | "watch" | "waiting"
  let acknowledged = null; // the results a single human has seen (last_round round/playoff key)
  let reportedKey = null;
  // When the first sand timer runs out: null (not yet), "asking" (what did the table see by then?), "second_chance"
  // (nobody had solved: play on) or "over" (someone had: this seat's round ends, with `roundNote` saying why).
  let timerCheck = null;
  let roundNote = null; // {key, name}
  let confirmSolution = 0;
  let ticker = null;

  const mode = () => (view ? view.mode : null);
  const now = () => performance.now();
  const elapsed = () => (clockStart === null ? 0 : now() - clockStart);
  const humanCount = () => (table ? table.seats.filter((s) => s.kind === "human").length : 0);

  function currentSeat() {
    if (!table || table.is_over) return null;
    const seats = host.humanSeats();
    return seats.length ? seats[0] : null;
  }

  // ------------------------------------------------------------ geometry
  function computeLayout(board) {
    let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
    for (const [q, r] of board) {
      const x = SQ3 * (q + r / 2);
      const y = 1.5 * r;
      minX = Math.min(minX, x - SQ3 / 2); maxX = Math.max(maxX, x + SQ3 / 2);
      minY = Math.min(minY, y - 1); maxY = Math.max(maxY, y + 1);
    }
    const areaW = CARD.w - STRIP - 36;
    const areaH = CARD.h - 56;
    const R = Math.min(MAX_R, areaW / (maxX - minX), areaH / (maxY - minY));
    const cx = CARD.x + STRIP + 18 + areaW / 2;
    const cy = CARD.y + 40 + areaH / 2;
    return { R, ox: cx - R * (minX + maxX) / 2, oy: cy - R * (minY + maxY) / 2 };
  }

  const cellCentre = (q, r) => ({ x: layout.ox + layout.R * SQ3 * (q + r / 2), y: layout.oy + layout.R * 1.5 * r });

  function pixelToCell(x, y) {
    const px = (x - layout.ox) / layout.R;
    const py = (y - layout.oy) / layout.R;
    const qf = (SQ3 / 3) * px - py / 3;
    const rf = (2 / 3) * py;
    let cx = qf; let cz = rf; let cy = -qf - rf;
    let rx = Math.round(cx); let ry = Math.round(cy); let rz = Math.round(cz);
    const dx = Math.abs(rx - cx); const dy = Math.abs(ry - cy); const dz = Math.abs(rz - cz);
    if (dx > dy && dx > dz) rx = -ry - rz; else if (dy <= dz) rz = -rx - ry;
    return [rx, rz];
  }

  function slotRect(index) {
    const count = Math.max(4, puzzle ? puzzle.tiles.length : 4);
    const w = TRAY.w / count;
    return { x: TRAY.x + index * w, y: TRAY.y, w, h: TRAY.h };
  }

  /** Tray drawing positions of a tile's cells: [x, y, q, r] per base cell index. */
  function trayPoints(piece, index) {
    const cells = orient(piece.base, piece.rot, piece.flip);
    const slot = slotRect(index);
    let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
    for (const [q, r] of cells) {
      const x = SQ3 * (q + r / 2); const y = 1.5 * r;
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
    const R = Math.min(TRAY_R, (slot.w - 20) / (maxX - minX + SQ3), (slot.h - 40) / (maxY - minY + 2));
    const cx = slot.x + slot.w / 2 - R * (minX + maxX) / 2;
    const cy = slot.y + 16 + (slot.h - 30) / 2 - R * (minY + maxY) / 2;
    return { R, points: cells.map(([q, r]) => [cx + R * SQ3 * (q + r / 2), cy + R * 1.5 * r, q, r]) };
  }

  const boardCells = (piece, rot, flip, at) => orient(piece.base, rot, flip).map(([q, r]) => [q + at[0], r + at[1]]);

  function occupied(except) {
    const used = new Set();
    for (const piece of pieces.values()) {
      if (piece.number === except || !piece.at) continue;
      for (const [q, r] of boardCells(piece, piece.rot, piece.flip, piece.at)) used.add(key(q, r));
    }
    return used;
  }

  function fits(number, rot, flip, at) {
    const piece = pieces.get(number);
    const used = occupied(number);
    return boardCells(piece, rot, flip, at).every(([q, r]) => puzzle.boardSet.has(key(q, r)) && !used.has(key(q, r)));
  }

  /** The anchor that puts base cell `index` of the tile (in this orientation) on board cell `cell`. */
  function anchorFor(piece, rot, flip, index, cell) {
    const [q, r] = orient([piece.base[index]], rot, flip)[0];
    return [cell[0] - q, cell[1] - r];
  }

  function trayIndexOf(number) { return puzzle.tiles.findIndex((tile) => tile.number === number); }

  // ------------------------------------------------------------ syncing with view()
  function puzzleFor(v) {
    if (v.mode === "puzzle") {
      return { seat: 0, code: v.puzzle, colour: v.colour, board: v.board, tiles: v.tiles, card: v.card, side: v.side,
        difficulty: v.difficulty };
    }
    let seat = currentSeat();
    if (seat === null) seat = v.seats.findIndex((s) => s.board);
    if (seat < 0) return null;
    const s = v.seats[seat];
    if (!s.board) return null;
    return { seat, code: s.puzzle, colour: s.colour, board: s.board, tiles: s.tiles, card: s.card, side: s.side,
      difficulty: s.difficulty };
  }

  function loadPuzzle(p) {
    puzzle = { ...p, boardSet: new Set(p.board.map(([q, r]) => key(q, r))) };
    layout = computeLayout(p.board);
    pieces = new Map();
    for (const tile of p.tiles) {
      let sx = 0; let sy = 0;
      for (const [q, r] of tile.cells) { sx += SQ3 * (q + r / 2); sy += 1.5 * r; }
      sx /= tile.cells.length; sy /= tile.cells.length;
      let pivot = 0; let best = Infinity;
      tile.cells.forEach(([q, r], i) => {
        const d = (SQ3 * (q + r / 2) - sx) ** 2 + (1.5 * r - sy) ** 2;
        if (d < best - 1e-9) { best = d; pivot = i; }
      });
      pieces.set(tile.number, { number: tile.number, base: tile.cells, writtenAs: tile.written_as, pivot, rot: 0, flip: false, at: null });
    }
    float = null; pending = null; hintGhost = null; sending = false; confirmSolution = 0;
  }

  function syncPlaced() {
    if (mode() !== "puzzle") return;
    const placed = new Map(view.placed.map((p) => [p.tile, p]));
    for (const piece of pieces.values()) {
      const p = placed.get(piece.number);
      if (p) { piece.at = p.at; piece.rot = p.rot; piece.flip = p.flip; } else piece.at = null;
    }
  }

  function lastRoundKey(v) { return v.last_round ? `${v.last_round.round}/${v.last_round.playoff}/${v.playoffs}` : null; }

  function update() {
    view = table.view;
    if (mode() === "puzzle") {
      const p = puzzleFor(view);
      if (p.code !== puzzleKey) {
        puzzleKey = p.code;
        loadPuzzle(p);
        // the stopwatch carries on from the latest time in the history (a reload, an undo)
        let latest = 0;
        for (const [, action] of table.history) {
          const m = /@(\d+)$/.exec(action);
          if (m) latest = Math.max(latest, Number(m[1]));
        }
        clockStart = now() - latest;
      }
      syncPlaced();
      if (float && !pieces.has(float.number)) float = null; // a selection survives the tile's own moves
      if (view.phase !== "puzzle") float = null;
      gate = null;
      canvas.dataset.status = view.phase;
      return;
    }
    // race
    const seat = currentSeat();
    const p = puzzleFor(view);
    const k = p ? `${view.round}|${view.playoffs}|${view.phase}|${seat}|${p.code}` : "none";
    if (k !== puzzleKey) {
      puzzleKey = k;
      if (p) loadPuzzle(p);
      clockStart = null;
      reportedKey = null;
      timerCheck = null;
      if (view.phase === "over") gate = "final";
      else if (seat === null) gate = humanCount() ? "waiting" : "watch";
      else if (humanCount() > 1) gate = "pass";
      else if (view.last_round && lastRoundKey(view) !== acknowledged) gate = "results";
      else startClock();
    }
    canvas.dataset.status = gate ? gate : view.phase;
  }

  function startClock() {
    gate = null;
    roundNote = null;
    acknowledged = view ? lastRoundKey(view) : null;
    clockStart = now();
    canvas.dataset.status = view ? view.phase : "";
    canvas.focus({ preventScroll: true });
    if (puzzle) host.announce(host.t("ubongo.go", { tiles: puzzle.tiles.map((t) => t.number).join(", ") }));
  }

  // ------------------------------------------------------------ acting
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Act for `seat`, waiting while the page is busy (a bot's move in flight). */
  async function send(action, seat) {
    for (let tries = 0; tries < 80 && host.humanSeat() === null; tries++) await sleep(100);
    return host.act(action, seat);
  }

  /** A placement as the notation writes it: a symmetric tile in its first turn with that shape (the view's
   * `written_as` says which, and where its anchor then lies), so the rules get the one text of the move. */
  function notation(number, rot, flip, at) {
    const written = pieces.get(number)?.writtenAs?.[rot + (flip ? 6 : 0)];
    if (written) [rot, flip, at] = [written[0], written[1], [at[0] + written[2], at[1] + written[3]]];
    return `${number} q${at[0]}r${at[1]} rot${rot}${flip ? " flip" : ""}`;
  }

  /** The other seat that the table `v` shows solved at a time `when` accepts, fastest first; null if none. */
  function firstSolver(v, when) {
    let first = null;
    for (const s of v.seats) {
      if (s.seat === puzzle.seat || s.time_ms === null || s.time_ms === undefined || !when(s.time_ms)) continue;
      if (first === null || s.time_ms < first.time_ms) first = s;
    }
    return first === null ? null : first.seat;
  }

  /** The first sand timer has run out. Whether someone solved within it is decided from the table as this seat
   * sees it at that moment (the view at clock_ms = the timer): if so, this seat's round is over ("timeout"). */
  async function checkTimer() {
    timerCheck = "asking";
    const key = puzzleKey;
    const T = view.timer_ms;
    const reply = await host.request({ op: "view", viewer: puzzle.seat, clock_ms: T });
    if (key !== puzzleKey || timerCheck !== "asking") return;
    const first = firstSolver(reply && reply.ok ? reply.view : view, (t) => t < T);
    if (first === null) {
      timerCheck = "second_chance";
      checkComplete();
    } else {
      timerCheck = "over";
      reportTimeout("ubongo.round_over_in_time", first);
    }
  }

  const playing = () => Boolean(table && puzzle && !gate && !sending && currentSeat() !== null
    && (mode() === "puzzle" ? view.phase === "puzzle" : clockStart !== null));

  async function commit(number, rot, flip, at) {
    const piece = pieces.get(number);
    const previous = { rot: piece.rot, flip: piece.flip, at: piece.at };
    piece.rot = rot; piece.flip = flip; piece.at = at;
    float = null;
    render();
    if (mode() === "puzzle") {
      const ms = Math.round(elapsed());
      sending = true;
      const ok = await send(`place ${notation(number, rot, flip, at)} @${ms}`, 0);
      sending = false;
      if (!ok) { Object.assign(piece, previous); syncPlaced(); }
      render();
      return;
    }
    host.announce(host.t("ubongo.tile_placed", { tile: number }));
    checkComplete();
  }

  async function takeBack(number) {
    const piece = pieces.get(number);
    float = null;
    if (!piece.at) { render(); return; }
    if (mode() === "puzzle") {
      sending = true;
      piece.at = null;
      render();
      await send(`remove ${number}`, 0);
      sending = false;
      syncPlaced();
    } else {
      piece.at = null;
    }
    render();
  }

  async function checkComplete() {
    if (mode() !== "race" || sending) return;
    const all = [...pieces.values()];
    if (!all.every((p) => p.at)) return;
    const covered = new Set();
    for (const p of all) for (const [q, r] of boardCells(p, p.rot, p.flip, p.at)) covered.add(key(q, r));
    if (covered.size !== puzzle.boardSet.size) return;
    const ms = Math.round(elapsed());
    const limit = view.phase === "round" ? view.second_chance_ends_ms : Infinity;
    if (ms >= limit) return;
    if (view.phase === "round" && ms >= view.timer_ms) {
      if (timerCheck !== "second_chance") return; // the timer check decides first, then looks again
      const first = firstSolver(view, (t) => t <= ms); // someone called "Ubongo!" first in the second chance
      if (first !== null) { reportTimeout("ubongo.round_over_second_chance", first); return; }
    }
    const text = all.map((p) => notation(p.number, p.rot, p.flip, p.at)).join(", ");
    sending = true;
    const seat = puzzle.seat;
    const name = host.seatName(seat);
    const ok = await send(`solve ${text} @${ms}`, seat);
    sending = false;
    if (ok) host.announce(host.t("ubongo.solved_in", { name, time: formatTime(ms) }));
    render();
  }

  /** Hand in "timeout": the timer ran out twice, the player gave up, or (`reason`, with the seat that solved)
   * another seat's solve ended this seat's round. */
  async function reportTimeout(reason = null, solver = null) {
    if (reportedKey === puzzleKey || sending) return;
    reportedKey = puzzleKey;
    sending = true;
    float = null;
    roundNote = reason ? { key: reason, name: host.seatName(solver) } : null;
    host.announce(roundNote ? host.t(roundNote.key, { name: roundNote.name }) : host.t("ubongo.time_up"));
    await send("timeout", puzzle.seat);
    sending = false;
    render();
  }

  function tick() {
    if (!table || !view) return;
    if (mode() === "race" && clockStart !== null && !gate && currentSeat() !== null && !sending) {
      const e = elapsed();
      if (view.phase === "round") {
        const T = view.timer_ms;
        if (e >= view.second_chance_ends_ms - 100) reportTimeout();
        else if (e >= T && timerCheck === null) checkTimer();
        else if (timerCheck === "second_chance") {
          const first = firstSolver(view, (t) => t <= e);
          if (first !== null) reportTimeout("ubongo.round_over_second_chance", first);
        }
      } else if (view.phase === "playoff") {
        const first = firstSolver(view, (t) => t < e);
        if (first !== null) reportTimeout("ubongo.playoff_over", first);
      }
    }
    if (hintGhost && now() > hintGhost.until) hintGhost = null;
    const running = (mode() === "race" && clockStart !== null && !gate) || (mode() === "puzzle" && view.phase === "puzzle");
    if (running || float || hintGhost) render();
  }

  // ------------------------------------------------------------ moving tiles
  function selectTile(number, { toBoard = false } = {}) {
    const piece = pieces.get(number);
    float = { number, rot: piece.rot, flip: piece.flip, at: piece.at, pivot: piece.pivot, drag: null };
    if (!float.at && toBoard) float.at = startSpot(piece);
    host.announce(host.t("ubongo.tile_selected", { tile: number }));
  }

  function startSpot(piece) {
    const used = occupied(piece.number);
    const free = puzzle.board.filter(([q, r]) => !used.has(key(q, r)));
    for (const cell of free) {
      const at = anchorFor(piece, piece.rot, piece.flip, piece.pivot, cell);
      if (fits(piece.number, piece.rot, piece.flip, at)) return at;
    }
    return anchorFor(piece, piece.rot, piece.flip, piece.pivot, free[0] || puzzle.board[0]);
  }

  /** Turn (rot by `turn`) or flip the floating tile about its pivot cell (its grabbed cell while dragging). */
  function reorient(turn, flipIt) {
    if (!float) return;
    const piece = pieces.get(float.number);
    const index = float.drag ? float.drag.index : float.pivot;
    const rot = (float.rot + turn + 6) % 6;
    const flip = flipIt ? !float.flip : float.flip;
    if (float.at) {
      const [q, r] = orient([piece.base[index]], float.rot, float.flip)[0];
      float.at = anchorFor(piece, rot, flip, index, [q + float.at[0], r + float.at[1]]);
    }
    float.rot = rot; float.flip = flip;
    if (!float.at && !float.drag) { piece.rot = rot; piece.flip = flip; }
    // a tile on the board that still fits after turning stays there
    if (float.at && !float.drag && piece.at && fits(float.number, rot, flip, float.at)) {
      commit(float.number, rot, flip, float.at);
      float = { number: piece.number, rot, flip, at: piece.at, pivot: piece.pivot, drag: null };
    }
    render();
  }

  function moveFloat(dq, dr) {
    if (!float) return;
    if (!float.at) { float.at = startSpot({ ...pieces.get(float.number), rot: float.rot, flip: float.flip }); return; }
    float.at = [float.at[0] + dq, float.at[1] + dr];
  }

  function confirmFloat() {
    if (!float || !float.at) return;
    if (fits(float.number, float.rot, float.flip, float.at)) commit(float.number, float.rot, float.flip, float.at);
    else host.announce(host.t("ubongo.bad_drop", { tile: float.number }));
  }

  function tileAt(point) {
    if (!puzzle) return null;
    if (layout) {
      const [q, r] = pixelToCell(point.x, point.y);
      if (float && float.at && !float.drag) {
        const piece = pieces.get(float.number);
        const idx = boardCells(piece, float.rot, float.flip, float.at).findIndex(([a, b]) => a === q && b === r);
        if (idx >= 0) return { number: float.number, index: idx, board: true };
      }
      for (const piece of pieces.values()) {
        if (!piece.at || (float && float.number === piece.number && float.at)) continue;
        const idx = boardCells(piece, piece.rot, piece.flip, piece.at).findIndex(([a, b]) => a === q && b === r);
        if (idx >= 0) return { number: piece.number, index: idx, board: true };
      }
    }
    for (const [index, tile] of puzzle.tiles.entries()) {
      const piece = pieces.get(tile.number);
      if (piece.at && !(float && float.number === piece.number && !float.at)) continue;
      const { R, points } = trayPoints(piece, index);
      const idx = points.findIndex(([x, y]) => (x - point.x) ** 2 + (y - point.y) ** 2 <= (R * 0.98) ** 2);
      if (idx >= 0) return { number: piece.number, index: idx, board: false, R, points };
    }
    return null;
  }

  function localPoint(event) {
    return pointerPosition(canvas, event);
  }

  function dragAnchor() {
    // the board cell under the grabbed cell, and the anchor that puts it there
    const piece = pieces.get(float.number);
    const cell = pixelToCell(float.drag.x - float.drag.offX, float.drag.y - float.drag.offY);
    return anchorFor(piece, float.rot, float.flip, float.drag.index, cell);
  }

  function onPointerDown(event) {
    if (!table) return;
    const point = localPoint(event);
    canvas.focus({ preventScroll: true }); // keys (R, F, arrows) go to the board after a touch
    const hit = hits.at(point);
    if (hit) return; // buttons act on click
    if (!playing()) return;
    const tile = tileAt(point);
    if (tile) {
      pending = { ...tile, x: point.x, y: point.y, id: event.pointerId };
      canvas.setPointerCapture?.(event.pointerId);
      event.preventDefault();
    } else if (float && layout && point.x < CARD.x + CARD.w && point.y < CARD.y + CARD.h) {
      // a tap on the card moves the selected tile there (its middle cell on the tapped hex)
      const piece = pieces.get(float.number);
      const at = anchorFor(piece, float.rot, float.flip, float.pivot, pixelToCell(point.x, point.y));
      if (fits(float.number, float.rot, float.flip, at)) commit(float.number, float.rot, float.flip, at);
      else { float.at = at; host.announce(host.t("ubongo.bad_drop", { tile: float.number })); render(); }
    }
  }

  function onPointerMove(event) {
    if (!table) return;
    const point = localPoint(event);
    if (pending && !float?.drag && Math.hypot(point.x - pending.x, point.y - pending.y) > 4) {
      const piece = pieces.get(pending.number);
      const keep = float && float.number === pending.number ? { rot: float.rot, flip: float.flip } : { rot: piece.rot, flip: piece.flip };
      let centre;
      let scale = 1;
      if (pending.board) {
        const [q, r] = boardCells(piece, keep.rot, keep.flip, float && float.number === piece.number && float.at ? float.at : piece.at)[pending.index];
        centre = cellCentre(q, r);
      } else {
        centre = { x: pending.points[pending.index][0], y: pending.points[pending.index][1] };
        scale = layout.R / pending.R;
      }
      float = { number: pending.number, ...keep, at: null, pivot: piece.pivot,
        drag: { index: pending.index, x: point.x, y: point.y, offX: (pending.x - centre.x) * scale, offY: (pending.y - centre.y) * scale } };
      pending = null;
    }
    if (float && float.drag) {
      float.drag.x = point.x; float.drag.y = point.y;
      render();
      return;
    }
    const over = tileAt(point);
    const wanted = hits.at(point) || over ? (over ? "grab" : "pointer") : "default";
    canvas.style.cursor = wanted;
    const number = over ? over.number : null;
    if (number !== hover) { hover = number; render(); }
  }

  function onPointerUp(event) {
    if (!table) return;
    const point = localPoint(event);
    if (pending) {
      // a click on a tile selects it (or, if it is already selected on the board, keeps it)
      const number = pending.number;
      pending = null;
      if (float && float.number === number) { render(); return; }
      selectTile(number);
      render();
      return;
    }
    if (!float || !float.drag) {
      const hit = hits.at(point);
      if (hit) onButton(hit);
      return;
    }
    const number = float.number;
    const inTray = point.y > TRAY.y - 6 && point.x < TOOLS.x + TOOLS.w;
    const overCard = point.x >= CARD.x && point.x <= CARD.x + CARD.w && point.y >= CARD.y && point.y <= CARD.y + CARD.h;
    const at = dragAnchor();
    const { rot, flip } = float;
    if (overCard && fits(number, rot, flip, at)) {
      commit(number, rot, flip, at);
    } else if (inTray || !overCard) {
      const piece = pieces.get(number);
      if (!piece.at) { piece.rot = rot; piece.flip = flip; }
      float = null;
      if (piece.at) { piece.rot = rot; piece.flip = flip; takeBack(number); } else render();
    } else {
      host.announce(host.t("ubongo.bad_drop", { tile: number }));
      float = null; // an invalid drop: the tile goes back where it was
      render();
    }
  }

  function onWheel(event) {
    if (!playing()) return;
    if (!float) {
      const over = tileAt(localPoint(event));
      if (!over) return;
      selectTile(over.number);
    }
    event.preventDefault();
    reorient(event.deltaY > 0 ? 1 : -1, false);
  }

  // ------------------------------------------------------------ buttons
  function nextCode(code) {
    const m = /^(.*)-(\d{1,2})([EH])([RBGY])$/i.exec(code || "");
    if (!m) return null;
    let card = Number(m[2]);
    let colour = COLOUR_ORDER.indexOf(m[4].toUpperCase());
    colour = (colour + 1) % 4;
    card = (card % 54) + 1;
    return `${m[1]}-${String(card).padStart(2, "0")}${m[3].toUpperCase()}${COLOUR_ORDER[colour]}`;
  }

  function optionDigits() {
    const opts = table.options || {};
    const side = Math.max(0, SIDES.indexOf(opts.side ?? "easy"));
    const timer = Math.max(0, TIMERS.indexOf(Number(opts.timer ?? 120)));
    return `${side}${timer}`;
  }

  function openPuzzle(seed) {
    const code = `${(table.share || "v1").split(".")[0]}.ubongo.${seed}.1.${optionDigits()}`; // this game's edition
    location.hash = `#/play?code=${encodeURIComponent(code)}&seats=human`;
  }

  function today() {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  }

  async function onButton(hit) {
    if (hit === "rotate") { if (float) reorient(1, false); else host.announce(host.t("ubongo.select_first")); }
    else if (hit === "flip") { if (float) reorient(0, true); else host.announce(host.t("ubongo.select_first")); }
    else if (hit === "start") startClock();
    else if (hit === "give_up") reportTimeout();
    else if (hit === "hint") await puzzleHint();
    else if (hit === "solution") {
      if (now() < confirmSolution) { confirmSolution = 0; float = null; await send("solution", 0); }
      else { confirmSolution = now() + 4000; host.announce(host.t("ubongo.sure")); }
    } else if (hit === "next") openPuzzle(nextCode(view.puzzle) || today());
    else if (hit === "daily") openPuzzle(today());
    render();
  }

  async function puzzleHint() {
    if (mode() !== "puzzle" || view.phase !== "puzzle" || sending) return;
    sending = true;
    float = null;
    await send(`hint @${Math.round(elapsed())}`, 0);
    sending = false;
    render();
  }

  // ------------------------------------------------------------ drawing
  function drawBackground(c) {
    const g = c.createLinearGradient(0, 0, 0, HEIGHT);
    g.addColorStop(0, "#efe2c4");
    g.addColorStop(1, "#e2cfa6");
    roundRect(c, 0, 0, WIDTH, HEIGHT, 12);
    c.fillStyle = g;
    c.fill();
  }

  function drawCard(c) {
    const { x, y, w, h } = CARD;
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
    // savanna stripes
    c.strokeStyle = "rgba(255,255,255,0.07)";
    c.lineWidth = 14;
    for (let k = -h; k < w; k += 38) { c.beginPath(); c.moveTo(x + k, y + h); c.lineTo(x + k + h, y); c.stroke(); }
    // the strip
    c.fillStyle = "rgba(90,40,5,0.28)";
    c.fillRect(x, y, STRIP, h);
    c.restore();
    roundRect(c, x + 1, y + 1, w - 2, h - 2, 17);
    c.strokeStyle = "#8a4410";
    c.lineWidth = 2;
    c.stroke();
    if (!puzzle) return;
    // strip: colour token and this colour's tile numbers
    drawToken(c, puzzle.colour, x + STRIP / 2, y + 30, 16);
    c.fillStyle = "#fff8ec";
    c.textAlign = "center";
    c.textBaseline = "middle";
    c.font = "bold 15px system-ui, sans-serif";
    puzzle.tiles.forEach((tile, i) => {
      const ty = y + 70 + i * 34;
      roundRect(c, x + 10, ty - 13, STRIP - 20, 26, 6);
      c.fillStyle = "rgba(255,255,255,0.9)";
      c.fill();
      c.fillStyle = "#5a2a05";
      c.fillText(String(tile.number), x + STRIP / 2, ty + 1);
    });
    // card number, side and difficulty
    c.textAlign = "left";
    c.fillStyle = "#fff8ec";
    c.font = "bold 15px system-ui, sans-serif";
    const sideName = host.t(`ubongo.side.${puzzle.side}`, {}, puzzle.side);
    c.fillText(host.t("ubongo.card_label", { card: String(puzzle.card).padStart(2, "0"), side: sideName }), x + STRIP + 14, y + 20);
    c.textAlign = "right";
    c.font = "600 13px system-ui, sans-serif";
    c.fillText(host.t("ubongo.difficulty", { n: puzzle.difficulty }), x + w - 14, y + 20);
    c.textAlign = "left";
    c.font = "12px ui-monospace, monospace";
    c.fillStyle = "rgba(255,248,236,0.85)";
    c.fillText(puzzle.code, x + STRIP + 14, y + h - 14);
  }

  function drawBoard(c) {
    if (!puzzle || !layout) return;
    const R = layout.R;
    // a raised white field
    for (const [q, r] of puzzle.board) {
      const { x, y } = cellCentre(q, r);
      hexPath(c, x + 1.5, y + 2.5, R + 1);
      c.fillStyle = "rgba(80,30,0,0.35)";
      c.fill();
    }
    for (const [q, r] of puzzle.board) {
      const { x, y } = cellCentre(q, r);
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
    if (hintGhost) {
      const piece = pieces.get(hintGhost.number);
      if (piece) {
        c.save();
        c.setLineDash([5, 4]);
        c.strokeStyle = "#f5a623";
        c.lineWidth = 3;
        const cells = boardCells(piece, hintGhost.rot, hintGhost.flip, hintGhost.at);
        for (const [q, r] of cells) {
          const { x, y } = cellCentre(q, r);
          hexPath(c, x, y, R - 4);
          c.stroke();
        }
        const [lq, lr] = cells[piece.pivot];
        const mid = cellCentre(lq, lr);
        c.setLineDash([]);
        c.fillStyle = "#f5a623";
        c.beginPath(); c.arc(mid.x, mid.y, R * 0.45, 0, Math.PI * 2); c.fill();
        centredText(c, `bold ${Math.round(R * 0.55)}px system-ui, sans-serif`, "#ffffff", String(hintGhost.number), mid.x, mid.y + 0.5);
        c.restore();
      }
    }
  }

  function boardPoints(piece, rot, flip, at) {
    return boardCells(piece, rot, flip, at).map(([q, r]) => { const p = cellCentre(q, r); return [p.x, p.y, q, r]; });
  }

  function drawPlaced(c) {
    if (!puzzle) return;
    for (const piece of pieces.values()) {
      if (!piece.at) continue;
      if (float && float.number === piece.number && (float.at || float.drag)) continue;
      const selected = float && float.number === piece.number;
      drawPolyhex(c, boardPoints(piece, piece.rot, piece.flip, piece.at), layout.R, puzzle.colour,
        { label: piece.number, outline: selected ? "#ffffff" : hover === piece.number ? "rgba(255,255,255,0.8)" : null });
    }
  }

  function drawTray(c) {
    const { x, y, w, h } = TRAY;
    roundRect(c, x, y, w, h, 14);
    const g = c.createLinearGradient(0, y, 0, y + h);
    g.addColorStop(0, "#8a5a2b");
    g.addColorStop(1, "#6d4520");
    c.fillStyle = g;
    c.fill();
    c.strokeStyle = "#4f3015";
    c.lineWidth = 2;
    c.stroke();
    if (!puzzle) return;
    puzzle.tiles.forEach((tile, index) => {
      const slot = slotRect(index);
      const piece = pieces.get(tile.number);
      roundRect(c, slot.x + 6, slot.y + 6, slot.w - 12, slot.h - 12, 10);
      c.fillStyle = "rgba(0,0,0,0.18)";
      c.fill();
      c.fillStyle = "#f7ead2";
      c.font = "600 12px system-ui, sans-serif";
      c.textAlign = "left";
      c.textBaseline = "middle";
      const keyNumber = index + 1;
      c.fillText(host.t("ubongo.tile_slot", { tile: tile.number, key: keyNumber }), slot.x + 14, slot.y + 18);
      const selectedHere = float && float.number === piece.number;
      if (piece.at && !(selectedHere && !float.at && !float.drag)) {
        c.fillStyle = "rgba(247,234,210,0.7)";
        c.font = "12px system-ui, sans-serif";
        c.textAlign = "center";
        c.fillText(host.t("ubongo.on_board"), slot.x + slot.w / 2, slot.y + slot.h / 2 + 8);
        return;
      }
      if (selectedHere && (float.drag || float.at)) return;
      const shown = selectedHere ? { ...piece, rot: float.rot, flip: float.flip } : piece;
      const { R, points } = trayPoints(shown, index);
      if (selectedHere) {
        roundRect(c, slot.x + 6, slot.y + 6, slot.w - 12, slot.h - 12, 10);
        c.strokeStyle = "#ffd36b";
        c.lineWidth = 3;
        c.stroke();
      }
      drawPolyhex(c, points, R, puzzle.colour, { label: piece.number, outline: hover === piece.number || selectedHere ? "#ffffff" : null });
    });
  }

  function drawTools(c) {
    const enabled = playing();
    const half = (TOOLS.w - 8) / 2;
    button(c, hits, { x: TOOLS.x, y: TOOLS.y, w: half, h: 64 }, host.t("ubongo.rotate"), "rotate", { enabled, icon: "⟳" });
    button(c, hits, { x: TOOLS.x + half + 8, y: TOOLS.y, w: half, h: 64 }, host.t("ubongo.flip"), "flip", { enabled, icon: "⇋" });
    if (mode() === "race") {
      button(c, hits, { x: TOOLS.x, y: TOOLS.y + 80, w: TOOLS.w, h: 44 }, host.t("ubongo.give_up"), "give_up", { enabled });
    } else {
      button(c, hits, { x: TOOLS.x, y: TOOLS.y + 80, w: TOOLS.w, h: 44 }, host.t("ubongo.hint_button"), "hint", { enabled, primary: true });
    }
  }

  function drawFloat(c) {
    if (!float || !puzzle) return;
    const piece = pieces.get(float.number);
    if (float.drag) {
      const at = dragAnchor();
      const ok = fits(float.number, float.rot, float.flip, at);
      if (ok) {
        c.save();
        c.strokeStyle = "rgba(255,255,255,0.95)";
        c.setLineDash([4, 3]);
        c.lineWidth = 2.5;
        for (const [x, y] of boardPoints(piece, float.rot, float.flip, at)) { hexPath(c, x, y, layout.R - 3); c.stroke(); }
        c.restore();
      }
      const [gq, gr] = orient([piece.base[float.drag.index]], float.rot, float.flip)[0];
      const cx = float.drag.x - float.drag.offX;
      const cy = float.drag.y - float.drag.offY;
      const points = orient(piece.base, float.rot, float.flip).map(([q, r]) => [
        cx + layout.R * SQ3 * (q - gq + (r - gr) / 2), cy + layout.R * 1.5 * (r - gr), q, r]);
      drawPolyhex(c, points, layout.R, puzzle.colour, { lifted: true, alpha: 0.92, label: piece.number });
      return;
    }
    if (float.at) {
      const ok = fits(float.number, float.rot, float.flip, float.at);
      drawPolyhex(c, boardPoints(piece, float.rot, float.flip, float.at), layout.R, puzzle.colour,
        { lifted: true, alpha: ok ? 0.95 : 0.6, outline: ok ? "#ffffff" : "#b3261e", label: piece.number });
      if (!ok) {
        c.save();
        c.fillStyle = "#b3261e";
        c.font = "bold 13px system-ui, sans-serif";
        c.textAlign = "center";
        c.fillText(host.t("ubongo.does_not_fit"), CARD.x + CARD.w / 2 + STRIP / 2, CARD.y + CARD.h - 30);
        c.restore();
      }
    }
  }

  function sideTitle(c, text, y) {
    c.fillStyle = "#3b2a14";
    c.font = "bold 16px system-ui, sans-serif";
    c.textAlign = "left";
    c.textBaseline = "middle";
    c.fillText(text, SIDE.x + 12, y);
  }

  function drawPanelBox(c, rect) {
    roundRect(c, rect.x, rect.y, rect.w, rect.h, 14);
    c.fillStyle = "#fffaf0";
    c.shadowColor = "rgba(60,30,0,0.25)";
    c.shadowBlur = 8;
    c.shadowOffsetY = 2;
    c.fill();
    c.shadowColor = "transparent";
    c.strokeStyle = "#d2bd95";
    c.lineWidth = 1.2;
    c.stroke();
  }

  function drawRaceSide(c) {
    drawPanelBox(c, SIDE);
    const title = view.phase === "playoff" ? host.t("ubongo.playoff_title")
      : view.phase === "over" ? host.t("ubongo.final_title") : host.t("ubongo.round", { round: view.round, rounds: view.rounds });
    sideTitle(c, title, SIDE.y + 22);
    // the sand timer (a stopwatch in the play-off)
    const e = elapsed();
    const T = view.timer_ms;
    const hx = SIDE.x + 14;
    const hy = SIDE.y + 42;
    let text;
    let sub = "";
    if (view.phase === "round") {
      const second = clockStart !== null && e >= T && timerCheck === "second_chance";
      const fraction = clockStart === null ? 1 : second ? 1 - (e - T) / T : Math.max(0, 1 - e / T);
      drawHourglass(c, hx, hy, 56, 96, fraction, { second, running: clockStart !== null && !gate });
      text = clockStart === null ? formatTime(T) : formatTime(second ? 2 * T - e : Math.max(0, T - e));
      sub = second ? host.t("ubongo.second_chance") : host.t("ubongo.time_left");
    } else if (view.phase === "playoff") {
      drawHourglass(c, hx, hy, 56, 96, 1, {});
      text = formatTime(e);
      sub = host.t("ubongo.stopwatch");
    }
    c.textAlign = "left";
    if (text) {
      c.fillStyle = "#1f2430";
      c.font = "bold 26px ui-monospace, monospace";
      c.fillText(text, hx + 70, hy + 36);
      c.fillStyle = "#5a6172";
      c.font = "13px system-ui, sans-serif";
      c.fillText(sub, hx + 70, hy + 62);
    }
    // the display and the bag
    const gy = view.phase === "over" ? SIDE.y + 56 : SIDE.y + 164;
    c.fillStyle = "#3b2a14";
    c.font = "600 13px system-ui, sans-serif";
    c.fillText(host.t("ubongo.display"), SIDE.x + 12, gy);
    let gx = SIDE.x + 24 + c.measureText(host.t("ubongo.display")).width;
    for (const gem of ["sapphire", "amber"]) {
      drawGem(c, gem, gx, gy, 16);
      c.fillStyle = "#1f2430";
      c.font = "bold 13px system-ui, sans-serif";
      c.fillText(`×${view.display[gem]}`, gx + 11, gy + 1);
      gx += 48;
    }
    const bagTotal = Object.values(view.bag).reduce((a, b) => a + b, 0);
    c.fillStyle = "#5a6172";
    c.font = "12px system-ui, sans-serif";
    c.fillText(host.t("ubongo.bag", { n: bagTotal }), SIDE.x + 178, gy + 1);
    // the players
    let y = gy + 30;
    for (const s of view.seats) {
      const me = puzzle && s.seat === puzzle.seat && !gate;
      if (me) {
        roundRect(c, SIDE.x + 6, y - 16, SIDE.w - 12, 48, 8);
        c.fillStyle = "rgba(43,95,171,0.1)";
        c.fill();
      }
      if (s.colour && s.active) drawToken(c, s.colour, SIDE.x + 22, y + 2, 11);
      c.fillStyle = "#1f2430";
      c.font = "600 14px system-ui, sans-serif";
      c.textAlign = "left";
      c.fillText(host.seatName(s.seat), SIDE.x + 40, y);
      c.textAlign = "right";
      c.font = "bold 14px system-ui, sans-serif";
      c.fillText(host.t("ubongo.points", { n: s.score }), SIDE.x + SIDE.w - 12, y);
      // status this round: a solve shows once the clock passes its time
      c.font = "12px system-ui, sans-serif";
      c.textAlign = "left";
      let status = "";
      let colour = "#5a6172";
      if (s.active && view.phase !== "over") {
        const seen = s.time_ms !== null && s.time_ms !== undefined && (s.seat === (puzzle && puzzle.seat) ? true : clockStart !== null && e >= s.time_ms);
        if (seen) { status = host.t("ubongo.status_solved", { time: formatTime(s.time_ms) }); colour = "#1e7b47"; }
        else if (s.reported && s.seat === (puzzle && puzzle.seat)) status = host.t("ubongo.status_out");
        else status = host.t("ubongo.status_solving");
      }
      c.fillStyle = colour;
      c.fillText(status, SIDE.x + 40, y + 17);
      // gems owned
      let ix = SIDE.x + SIDE.w - 14;
      c.textAlign = "right";
      for (const gem of [...GEM_ORDER].reverse()) {
        const n = s.gems[gem];
        if (!n) continue;
        c.fillStyle = "#1f2430";
        c.font = "11px system-ui, sans-serif";
        c.fillText(String(n), ix, y + 18);
        drawGem(c, gem, ix - 16, y + 17, 12);
        ix -= 34;
      }
      y += 54;
    }
  }

  function drawPuzzleSide(c) {
    drawPanelBox(c, SIDE);
    sideTitle(c, host.t("ubongo.puzzle_title"), SIDE.y + 22);
    const e = view.phase === "solved" ? view.time_ms ?? elapsed() : elapsed();
    // a stopwatch
    const sx = SIDE.x + 44;
    const sy = SIDE.y + 86;
    c.beginPath(); c.arc(sx, sy, 28, 0, Math.PI * 2);
    const g = c.createRadialGradient(sx - 8, sy - 8, 2, sx, sy, 30);
    g.addColorStop(0, "#ffffff"); g.addColorStop(1, "#d9dde3");
    c.fillStyle = g; c.fill();
    c.strokeStyle = "#5a6172"; c.lineWidth = 3; c.stroke();
    c.fillStyle = "#5a6172"; c.fillRect(sx - 5, sy - 39, 10, 7);
    const a = ((e / 1000) % 60) / 60 * Math.PI * 2 - Math.PI / 2;
    c.strokeStyle = "#b3261e"; c.lineWidth = 2;
    c.beginPath(); c.moveTo(sx, sy); c.lineTo(sx + 22 * Math.cos(a), sy + 22 * Math.sin(a)); c.stroke();
    c.fillStyle = "#1f2430";
    c.font = "bold 26px ui-monospace, monospace";
    c.textAlign = "left";
    c.fillText(formatTime(e), sx + 44, sy - 6);
    c.fillStyle = "#5a6172";
    c.font = "13px system-ui, sans-serif";
    c.fillText(host.t("ubongo.hints_used", { n: view.hints }), sx + 44, sy + 18);
    // status
    let status = host.t("ubongo.puzzle_status", { tiles: view.tiles.length, placed: view.placed.length });
    let colour = "#1f2430";
    if (view.phase === "solved") { status = host.t("ubongo.puzzle_solved_banner", { time: formatTime(view.time_ms ?? 0) }); colour = "#1e7b47"; }
    if (view.phase === "shown") { status = host.t("ubongo.shown_banner"); colour = "#b3261e"; }
    c.fillStyle = colour;
    c.font = "bold 15px system-ui, sans-serif";
    c.fillText(status, SIDE.x + 14, SIDE.y + 150, SIDE.w - 28);
    const bx = SIDE.x + 14;
    const bw = SIDE.w - 28;
    const open = view.phase === "puzzle";
    const sure = now() < confirmSolution;
    button(c, hits, { x: bx, y: SIDE.y + 176, w: bw, h: 42 }, host.t(sure ? "ubongo.sure" : "ubongo.show_solution"), "solution",
      { enabled: open && !sending, focus: sure });
    button(c, hits, { x: bx, y: SIDE.y + 230, w: bw, h: 42 }, host.t("ubongo.next_puzzle"), "next", { primary: !open });
    button(c, hits, { x: bx, y: SIDE.y + 284, w: bw, h: 42 }, host.t("ubongo.daily"), "daily");
    c.fillStyle = "#5a6172";
    c.font = "12px system-ui, sans-serif";
    c.textAlign = "left";
    c.fillText(host.t("ubongo.puzzle_keys"), bx, SIDE.y + 350, bw);
    c.fillText(host.t("ubongo.puzzle_code", { code: view.puzzle }), bx, SIDE.y + 372, bw);
  }

  /** The round's results: who solved when, and which gems they took. */
  function drawResults(c, rect, lastRound) {
    const lr = lastRound;
    let y = rect.y;
    c.textAlign = "left";
    c.textBaseline = "middle";
    c.fillStyle = "#1f2430";
    c.font = "bold 17px system-ui, sans-serif";
    const title = lr.playoff ? host.t("ubongo.playoff_results") : host.t("ubongo.results_title", { round: lr.round });
    c.fillText(title, rect.x, y);
    y += 22;
    if (lr.second_chance) {
      c.fillStyle = "#9a4d00";
      c.font = "13px system-ui, sans-serif";
      c.fillText(host.t("ubongo.second_chance_note"), rect.x, y, rect.w);
      y += 20;
    }
    const results = [...lr.results].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99) || (a.time_ms ?? 1e12) - (b.time_ms ?? 1e12));
    for (const result of results) {
      drawToken(c, result.colour, rect.x + 12, y + 12, 11);
      c.fillStyle = "#1f2430";
      c.font = "600 14px system-ui, sans-serif";
      c.textAlign = "left";
      const rank = result.rank ? `${result.rank}. ` : "";
      c.fillText(`${rank}${host.seatName(result.seat)}`, rect.x + 30, y + 5, rect.w * 0.45);
      c.font = "12px system-ui, sans-serif";
      c.fillStyle = result.time_ms === null ? "#b3261e" : "#5a6172";
      c.fillText(result.time_ms === null ? host.t("ubongo.not_solved") : host.t("ubongo.solved_at", { time: formatTime(result.time_ms) }), rect.x + 30, y + 21);
      let gx = rect.x + rect.w - 12;
      if (!result.gems.length) {
        c.textAlign = "right";
        c.fillStyle = "#8a8f9c";
        c.fillText(host.t("ubongo.no_gems"), gx, y + 12);
      }
      for (const gem of [...result.gems].reverse()) {
        drawGem(c, gem, gx - 10, y + 12, 22);
        gx -= 28;
      }
      y += 38;
    }
    if (lr.to_bag && lr.to_bag.length) {
      c.textAlign = "left";
      c.fillStyle = "#5a6172";
      c.font = "12px system-ui, sans-serif";
      c.fillText(host.t("ubongo.to_bag_note"), rect.x, y + 6);
      let gx = rect.x + c.measureText(host.t("ubongo.to_bag_note")).width + 16;
      for (const gem of lr.to_bag) { drawGem(c, gem, gx, y + 6, 16); gx += 20; }
      y += 24;
    }
    // a legend, so colour is not the only cue
    c.textAlign = "left";
    let lx = rect.x;
    c.font = "11px system-ui, sans-serif";
    for (const gem of GEM_ORDER) {
      drawGem(c, gem, lx + 7, y + 14, 14);
      c.fillStyle = "#5a6172";
      const label = host.t("ubongo.gem_points", { gem: host.t(`ubongo.gem.${gem}`), n: view.gem_points[gem] });
      c.fillText(label, lx + 17, y + 14);
      lx += c.measureText(label).width + 30;
    }
    return y + 30;
  }

  function drawGate(c) {
    if (!gate || mode() !== "race") return;
    const rect = { x: CARD.x, y: CARD.y, w: CARD.w, h: CARD.h };
    c.save();
    roundRect(c, rect.x, rect.y, rect.w, rect.h, 18);
    c.fillStyle = gate === "pass" ? "#2b3a55" : "#fffaf0";
    c.fill();
    c.restore();
    const inner = { x: rect.x + 24, y: rect.y + 34, w: rect.w - 48 };
    let y = inner.y;
    if (gate === "pass") {
      const seat = currentSeat();
      c.fillStyle = "#ffffff";
      c.textAlign = "center";
      c.font = "bold 24px system-ui, sans-serif";
      c.fillText(host.t("ubongo.pass_to", { name: host.seatName(seat) }), rect.x + rect.w / 2, rect.y + 120, rect.w - 40);
      c.font = "15px system-ui, sans-serif";
      c.fillStyle = "#d7def0";
      c.fillText(host.t("ubongo.pass_note", { name: host.seatName(seat) }), rect.x + rect.w / 2, rect.y + 156, rect.w - 40);
      if (view.last_round) {
        c.fillText(host.t("ubongo.pass_results"), rect.x + rect.w / 2, rect.y + 186, rect.w - 40);
      }
      button(c, hits, { x: rect.x + rect.w / 2 - 120, y: rect.y + 230, w: 240, h: 50 },
        host.t("ubongo.start_turn", { name: host.seatName(seat) }), "start", { primary: true, focus: true });
      return;
    }
    if (view.last_round) y = drawResults(c, { x: inner.x, y, w: inner.w }, view.last_round);
    if (gate === "results") {
      const mine = view.last_round && view.last_round.results.find((r) => table.seats[r.seat].kind === "human");
      if (mine && mine.time_ms !== null) {
        c.fillStyle = "#1e7b47";
        c.font = "bold 18px system-ui, sans-serif";
        c.textAlign = "left";
        c.fillText(host.t("ubongo.you_solved", { time: formatTime(mine.time_ms) }), inner.x, y + 8);
      } else if (roundNote) { // why this seat's round ended, in as many lines as it takes
        c.fillStyle = "#9a4d00";
        c.font = "600 15px system-ui, sans-serif";
        c.textAlign = "left";
        let line = "";
        let ly = y + 8;
        for (const word of host.t(roundNote.key, { name: roundNote.name }).split(" ")) {
          if (line && c.measureText(`${line} ${word}`).width > inner.w) { c.fillText(line, inner.x, ly); ly += 20; line = word; }
          else line = line ? `${line} ${word}` : word;
        }
        c.fillText(line, inner.x, ly, inner.w);
      }
      const label = view.phase === "playoff" ? host.t("ubongo.start_playoff") : host.t("ubongo.start_round", { round: view.round });
      button(c, hits, { x: rect.x + rect.w / 2 - 110, y: rect.y + rect.h - 70, w: 220, h: 48 }, label, "start", { primary: true, focus: true });
    } else if (gate === "final") {
      c.fillStyle = "#1f2430";
      c.font = "bold 17px system-ui, sans-serif";
      c.textAlign = "left";
      c.fillText(host.t("ubongo.final_title"), inner.x, y + 8);
      y += 30;
      const order = [...view.seats].sort((a, b) => b.score - a.score);
      for (const s of order) {
        const winner = table.winners.includes(s.seat);
        c.fillStyle = "#1f2430";
        c.font = `${winner ? "bold" : "600"} 15px system-ui, sans-serif`;
        c.textAlign = "left";
        c.fillText(`${winner ? "★ " : ""}${host.seatName(s.seat)}`, inner.x, y);
        c.textAlign = "right";
        c.fillText(host.t("ubongo.points", { n: s.score }), inner.x + inner.w, y);
        let gx = inner.x + 200;
        c.textAlign = "left";
        c.font = "12px system-ui, sans-serif";
        for (const gem of GEM_ORDER) {
          drawGem(c, gem, gx, y, 16);
          c.fillStyle = "#1f2430";
          c.fillText(`×${s.gems[gem]}`, gx + 10, y + 1);
          gx += 44;
        }
        y += 28;
      }
    } else if (gate === "watch" || gate === "waiting") {
      c.fillStyle = "#5a6172";
      c.font = "15px system-ui, sans-serif";
      c.textAlign = "center";
      c.fillText(host.t(gate === "watch" ? "ubongo.watching" : "ubongo.waiting"), rect.x + rect.w / 2, rect.y + rect.h - 40);
    }
  }

  function render() {
    if (!table || !view) return;
    const c = context;
    hits.clear();
    c.clearRect(0, 0, WIDTH, HEIGHT);
    drawBackground(c);
    drawCard(c);
    const hidden = Boolean(gate) && mode() === "race";
    if (!hidden) {
      drawBoard(c);
      drawPlaced(c);
    }
    if (mode() === "puzzle") drawPuzzleSide(c); else drawRaceSide(c);
    if (!hidden) drawTray(c);
    else {
      roundRect(c, TRAY.x, TRAY.y, TRAY.w, TRAY.h, 14);
      c.fillStyle = "#6d4520";
      c.fill();
    }
    drawTools(c);
    drawGate(c);
    if (!hidden) drawFloat(c);
    if (canvas === document.activeElement && playing() && !float) {
      c.fillStyle = "rgba(31,36,48,0.75)";
      c.font = "12px system-ui, sans-serif";
      c.textAlign = "center";
      c.fillText(host.t("ubongo.keys_short"), CARD.x + CARD.w / 2 + STRIP / 2, CARD.y + CARD.h - 30);
    }
  }

  // ------------------------------------------------------------ keys
  function keydown(event) {
    if (!table || !view) return;
    const k = event.key;
    if (gate === "pass" || gate === "results") {
      if (k === "Enter" || k === " ") { event.preventDefault(); startClock(); render(); }
      return;
    }
    if (mode() === "puzzle") {
      const lower = k.toLowerCase();
      if (lower === "n" && !event.ctrlKey && !event.metaKey) { event.preventDefault(); onButton("next"); return; }
      if (lower === "d" && !event.ctrlKey && !event.metaKey) { event.preventDefault(); onButton("daily"); return; }
      if (lower === "h" && !event.ctrlKey && !event.metaKey) { event.preventDefault(); puzzleHint(); return; }
    }
    if (!playing()) return;
    const numbers = puzzle.tiles.map((t) => t.number);
    let handled = true;
    if (k === "Tab") {
      const index = float ? numbers.indexOf(float.number) : -1;
      const next = index + (event.shiftKey ? -1 : 1);
      if (next < 0 || next >= numbers.length) { float = null; render(); return; } // let focus leave the board
      selectTile(numbers[next], { toBoard: true });
    } else if (/^[1-9]$/.test(k) && Number(k) <= numbers.length) {
      selectTile(numbers[Number(k) - 1], { toBoard: true });
    } else if (k === "r" || k === "R") {
      if (!float) return;
      reorient(event.shiftKey ? -1 : 1, false);
    } else if (k === "f" || k === "F") {
      if (!float) return;
      reorient(0, true);
    } else if (k.startsWith("Arrow")) {
      if (!float) selectTile(numbers.find((n) => !pieces.get(n).at) ?? numbers[0], { toBoard: true });
      else if (!float.at) moveFloat(0, 0);
      else if (k === "ArrowLeft") moveFloat(-1, 0);
      else if (k === "ArrowRight") moveFloat(1, 0);
      else {
        const odd = ((float.at[1] % 2) + 2) % 2 === 1;
        // up and down zigzag so that two steps return to the same column
        if (k === "ArrowUp") moveFloat(odd ? 1 : 0, -1); else moveFloat(odd ? 0 : -1, 1);
      }
    } else if (k === "Enter" || k === " ") {
      if (float && !float.at) moveFloat(0, 0);
      else confirmFloat();
    } else if (k === "Escape") {
      float = null;
    } else if (k === "Delete" || k === "Backspace") {
      if (float) takeBack(float.number);
    } else {
      handled = false;
    }
    if (handled) { event.preventDefault(); render(); }
  }

  // ------------------------------------------------------------ wiring
  const opts = { signal: listeners.signal };
  canvas.addEventListener("pointerdown", onPointerDown, opts);
  canvas.addEventListener("pointermove", onPointerMove, opts);
  canvas.addEventListener("pointerup", onPointerUp, opts);
  canvas.addEventListener("pointercancel", () => { pending = null; if (float && float.drag) float = null; render(); }, opts);
  canvas.addEventListener("pointerleave", () => { if (hover !== null) { hover = null; render(); } }, opts);
  canvas.addEventListener("wheel", onWheel, { signal: listeners.signal, passive: false });
  canvas.addEventListener("focus", () => render(), opts);
  canvas.addEventListener("blur", () => render(), opts);
  ticker = setInterval(tick, 100);

  // For tests and tools: where things are on the canvas (CSS pixels).
  canvas.ubongo = {
    boardCell: (q, r) => (layout ? cellCentre(q, r) : null),
    trayCell: (number, index) => {
      const piece = pieces.get(number);
      if (!piece) return null;
      const shown = float && float.number === number ? { ...piece, rot: float.rot, flip: float.flip } : piece;
      const point = trayPoints(shown, trayIndexOf(number)).points[index];
      return { x: point[0], y: point[1] };
    },
    local: () => [...pieces.values()].map((p) => ({ number: p.number, rot: p.rot, flip: p.flip, at: p.at })),
    selected: () => (float ? { number: float.number, rot: float.rot, flip: float.flip, at: float.at } : null),
    gate: () => gate,
    ghost: () => (hintGhost ? { number: hintGhost.number, rot: hintGhost.rot, flip: hintGhost.flip, at: hintGhost.at } : null),
    elapsed: () => elapsed(),
  };

  return {
    /** The running race's clock (this seat's sand timer), in ms; null outside a race. */
    clockMs: () => (clockStart === null || mode() !== "race" ? null : elapsed()),
    draw(next) {
      table = next;
      update();
      render();
    },
    keydown,
    showHint(action) {
      if (!view) return;
      if (mode() === "puzzle") {
        // the hint places a correct tile (taking off any in its way)
        puzzleHint();
        return;
      }
      if (!puzzle || currentSeat() === null) return;
      host.request({ op: "legal", seat: puzzle.seat }).then((reply) => {
        const first = reply && reply.ok ? reply.actions.find((a) => a.startsWith("solve ")) : null;
        if (first) ghostFrom(first);
      });
    },
    describeAction(v, action) {
      const text = action || "";
      let m = /^place (\d+)/.exec(text);
      if (m) return host.t("ubongo.describe_place", { tile: m[1] });
      if (v && v.mode === "race") return host.t("ubongo.describe_ghost");
      if (text.startsWith("hint")) return host.t("ubongo.describe_hint");
      if (text === "solution") return host.t("ubongo.show_solution");
      return text;
    },
    seatBadges(v, seat) {
      const s = v.seats[seat];
      if (!s) return [];
      const badges = [];
      if (s.colour && (v.mode === "puzzle" || s.active)) {
        badges.push({ colour: COLOUR[s.colour].fill, label: host.t(`colour.${s.colour}`), symbol: COLOUR[s.colour].letter });
      }
      if (v.mode === "race") {
        for (const gem of GEM_ORDER) {
          if (s.gems[gem]) badges.push({ colour: GEM[gem].fill, label: `${s.gems[gem]} × ${host.t(`ubongo.gem.${gem}`)}`, symbol: String(s.gems[gem]) });
        }
      }
      return badges;
    },
    destroy() {
      listeners.abort();
      clearInterval(ticker);
      canvas.style.touchAction = oldTouchAction;
      delete canvas.ubongo;
      table = null;
      view = null;
    },
  };

  /** Outline where the first tile that is not yet in its place goes, from a solve action. */
  function ghostFrom(action) {
    const m = /^solve (.*?)(?: @\d+)?$/.exec(action || "");
    if (!m) return;
    for (const part of m[1].split(",")) {
      const p = /(\d+) q(-?\d+)r(-?\d+) rot(\d)( flip)?/.exec(part.trim());
      if (!p) continue;
      const number = Number(p[1]);
      const piece = pieces.get(number);
      const target = { number, rot: Number(p[4]), flip: Boolean(p[5]), at: [Number(p[2]), Number(p[3])] };
      const same = piece && piece.at && boardCells(piece, piece.rot, piece.flip, piece.at).map(([q, r]) => key(q, r)).sort().join()
        === boardCells(piece, target.rot, target.flip, target.at).map(([q, r]) => key(q, r)).sort().join();
      if (piece && !same) { hintGhost = { ...target, until: now() + 8000 }; break; }
    }
    render();
  }
}
