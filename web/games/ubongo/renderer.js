// Ubongo Extreme on the renderer kit (kit.js): the puzzle card (white hexes on an orange card), the player's
// polyhex tiles in a tray, the tools (turn, flip, give up or hint), and a side panel with the sand timer, the gems
// and the players (a stopwatch and the puzzle's buttons in puzzle mode). On a narrow screen the tray, the tools
// and the side panel go below the card, so the card is as wide as the screen; in a short wide box (a phone held
// sideways) the card is as tall as the box, with a compact side panel, the tray and the tools beside it.
//
// What can be played comes from Python (view.targets, py/gamebox/ubongo/rules.py `targets`): each tile to drag,
// Give up, Hint, Show the solution, and in puzzle mode where the solution closest to the card puts each tile
// (`place ...`, with its tile, hex and turn as numbers) and each placed tile to take off (`remove N`). A tile's
// target carries only a verb ("solve" in a race, "place" in puzzle mode): the person lays tiles by dragging, and
// the page sends where they lie as an intent ({tiles: [{tile, cell, turn, flip}], ms}), which Python writes as the
// action (UbongoState.compose; docs/rules/ubongo.md, "Targets"): this page never writes notation. A tile's cells in
// each turn come from the view (`turns`, cell by cell), so the page only moves them to where the tile lies; a drop
// off the card or onto another tile is refused there with the rules' own reasons (the view's `misfits`). Python
// checks every action; a refused one is explained in a bubble where it was dropped. In a replay (a review's position,
// watched, never played) showHint draws the review's better move on the card (a solve's tiles, a tile laid or taken
// off), read from the numbers its notation writes; in a puzzle being played it is the Hint button, as ever.
import { PALETTE, Surface, button, fitText, font, gem, panel, roundRect, targetsByThing, token } from "../kit.js";

const SQ3 = Math.sqrt(3);
const WIDE = { width: 860, height: 640 };
const NARROW_WIDTH = 400;

// the tiles' colours: the palette's fill and shade, with a light edge for the bevel
const TILE = {
  red: { ...PALETTE.colours.red, light: "#ff8d7e" },
  blue: { ...PALETTE.colours.blue, light: "#86b2ff" },
  green: { ...PALETTE.colours.green, light: "#8be0a2" },
  yellow: { ...PALETTE.colours.yellow, light: "#fff0a0" },
};
// the gems in the paint kit's colours
const GEM_COLOUR = { ruby: "red", sapphire: "blue", emerald: "green", amber: "orange" };
const GEM_ORDER = ["ruby", "sapphire", "emerald", "amber"];
const CARD_INK = "#fff8ec";

const cellKey = (q, r) => `${q},${r}`;

/** The cells of a tile turned over (if flip) and then turned rot x 60 degrees clockwise, anchor on [0, 0], cell by
 * cell in the order of its base cells: the view's `turns` (py/gamebox/ubongo/tiles.py turns). */
const turned = (piece, rot, flip) => piece.turns[rot + (flip ? 6 : 0)];

// a placement as the notation writes it (py/gamebox/ubongo/actions.py PLACEMENT): tile, anchor hex, turn, flip
const PLACEMENT = /^(\d{1,2}) q(-?\d{1,3})r(-?\d{1,3}) rot([0-5])( flip)?$/;

/** A move of a review (its better move) read for drawing: {kind: "solve" | "place" | "remove" | "timeout",
 * tiles: [{tile, at, rot, flip}], tile (a remove's), ms (or null)}; null for anything else. Only the notation's
 * numbers are read (where each tile lies and how it is turned): which hexes that covers comes from the view's
 * `turns`, as for every tile drawn. */
function readMove(action) {
  const text = String(action || "").trim();
  const timed = / @(\d{1,9})$/.exec(text);
  const ms = timed ? Number(timed[1]) : null;
  const body = timed ? text.slice(0, timed.index) : text;
  const placement = (part) => {
    const found = PLACEMENT.exec(part);
    return found ? { tile: Number(found[1]), at: [Number(found[2]), Number(found[3])], rot: Number(found[4]), flip: Boolean(found[5]) } : null;
  };
  if (body === "timeout") return { kind: "timeout", tiles: [], tile: null, ms: null };
  if (body.startsWith("solve ") && ms !== null) {
    const tiles = body.slice("solve ".length).split(",").map((part) => placement(part.trim()));
    return tiles.every(Boolean) ? { kind: "solve", tiles, tile: null, ms } : null;
  }
  if (body.startsWith("place ")) {
    const tile = placement(body.slice("place ".length));
    return tile ? { kind: "place", tiles: [tile], tile: tile.tile, ms } : null;
  }
  const removed = /^remove (\d{1,2})$/.exec(body);
  return removed ? { kind: "remove", tiles: [], tile: Number(removed[1]), ms: null } : null;
}

/** Seconds to a tenth, in the page's language: 24.0 (the words of a time the rules count in ms). */
const secondsText = (ms) => new Intl.NumberFormat(document.documentElement.lang || undefined,
  { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);

/** A stopwatch reading: 1:05.3. */
function clockText(ms) {
  const total = Math.max(0, ms) / 1000;
  const minutes = Math.floor(total / 60);
  const seconds = total - minutes * 60;
  return `${minutes}:${seconds < 10 ? "0" : ""}${seconds.toFixed(1)}`;
}

function hexPath(c, x, y, r) {
  c.beginPath();
  for (let k = 0; k < 6; k++) {
    const angle = (Math.PI / 180) * (-90 + 60 * k);
    if (k === 0) c.moveTo(x + r * Math.cos(angle), y + r * Math.sin(angle));
    else c.lineTo(x + r * Math.cos(angle), y + r * Math.sin(angle));
  }
  c.closePath();
}

function hexPolygon(x, y, r) {
  const points = [];
  for (let k = 0; k < 6; k++) {
    const angle = (Math.PI / 180) * (-90 + 60 * k);
    points.push([x + r * Math.cos(angle), y + r * Math.sin(angle)]);
  }
  return points;
}

// edge k of a pointy-top hex runs from corner k to k+1; its neighbour lies in this direction
const EDGE_NEIGHBOUR = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]];

function corner(x, y, r, k) {
  const angle = (Math.PI / 180) * (-90 + 60 * (k % 6));
  return [x + r * Math.cos(angle), y + r * Math.sin(angle)];
}

/** A polyhex tile with a bevel: `points` are [centreX, centreY, q, r] of its cells. */
function drawPolyhex(c, points, r, colour, { alpha = 1, lifted = false, outline = null, label = null } = {}) {
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

/** The sand timer: `fraction` of the sand still in the top bulb. */
function drawHourglass(c, x, y, w, h, fraction, { second = false, running = false } = {}) {
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

function drawStopwatch(c, x, y, r, ms) {
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

/** Where everything goes: wide (side by side), narrow (the tray, the tools and the side panel below the card) or
 * short (`room.landscape`: a short wide box, filled; see shortLayout). `sideHeight(kind, sideWidth)` is the side
 * panel's height in a "narrow" or "short" layout. */
function makeLayout(room, sideHeight) {
  if (room.landscape) return shortLayout(room, sideHeight);
  const narrow = room.portrait;
  const available = room.width;
  if (!narrow) {
    return { narrow, short: false, width: WIDE.width, height: WIDE.height, strip: 58,
      card: { x: 12, y: 12, w: 536, h: 444 }, side: { x: 560, y: 12, w: 288, h: 444 },
      tray: { x: 12, y: 468, w: 668, h: 160 }, tools: { x: 692, y: 468, w: 156, h: 160 } };
  }
  // as wide as the column (a phone, an embed), so the card is as large as the width allows
  const width = Math.max(NARROW_WIDTH, Math.min(620, Math.floor(available)));
  const grow = width / NARROW_WIDTH;
  const w = width - 16;
  const card = { x: 8, y: 8, w, h: Math.round(324 * grow) };
  const tray = { x: 8, y: card.y + card.h + 8, w, h: Math.round(128 * Math.min(grow, 1.3)) };
  const tools = { x: 8, y: tray.y + tray.h + 8, w, h: 54 };
  const side = { x: 8, y: tools.y + tools.h + 8, w, h: sideHeight("narrow", w) };
  return { narrow, short: false, width, height: side.y + side.h + 8, strip: 0, card, side, tray, tools };
}

/** A short wide box (a phone held sideways: the page gives the board the window's height beside its panel), in
 * board units as large as the box's CSS px, so nothing is drawn smaller than it is written: the card on the left as
 * tall as the box; beside it the side panel (compact: the clock, the players), the tray (a tile's whole slot takes
 * a finger's press) and the tools in one row at the bottom, next to the thumb. */
function shortLayout(room, sideHeight) {
  const width = Math.round(Math.max(480, Math.min(1100, room.width)));
  const height = Math.round(Math.max(280, Math.min(600, room.height)));
  const m = 6;
  const cardH = height - 2 * m;
  // the card as large as leaves the column beside it room for three tool buttons with their words
  const card = { x: m, y: m, w: Math.round(Math.max(220, Math.min(width * 0.52, cardH * 1.25, width - 2 * m - 8 - 280))), h: cardH };
  const x = card.x + card.w + 8;
  const w = width - x - m;
  const side = { x, y: m, w, h: sideHeight("short", w) };
  const tools = { x, y: height - m - 46, w, h: 46 };
  const tray = { x, y: side.y + side.h + 6, w, h: tools.y - 6 - (side.y + side.h + 6) };
  return { narrow: false, short: true, width, height, strip: 0, card, side, tray, tools };
}

export function create(canvas, host) {
  const t = (key, params = {}) => host.t(key, params);
  let table = null;
  let view = null;
  let layout = makeLayout({ width: WIDE.width, height: WIDE.height, portrait: false, landscape: false }, () => 0);
  // the puzzle on screen
  let puzzleKey = null;
  let puzzle = null; // {seat, code, colour, board, boardSet, tiles, card, side, difficulty}
  let geometry = null; // the card's hex grid: {R, ox, oy}
  let pieces = new Map(); // number -> {number, base, writtenAs, pivot, rot, flip, at}
  let selected = null; // the tile picked up (turn and flip act on it)
  let ghost = null; // a picked-up tile being placed by keys or taps: {number, at}
  let drag = null; // a tile being dragged: {number, index, x, y, offX, offY}
  let press = null; // a press on a tile that may become a drag: {number, index, x, y, board}
  let consumeClick = false; // the click that follows a press or a drag handled here
  let lastPoint = null; // where the person last acted (board units): refusals are said there
  let sending = false;
  let targets = new Map(); // Python's targets by thing ("tile:7" -> [...])
  let confirmSolution = 0;
  let drawnButtons = []; // the buttons of the last frame, enabled or not: {name, box} (canvas.ubongo.buttons())
  // the clock
  let clockStart = null; // performance.now() when this seat's sand timer was turned (puzzle mode: the stopwatch)
  let gate = null; // null (playing) | "pass" | "results" | "final" | "watch" | "waiting"
  let acknowledged = null; // the results a single human has seen (last_round round/playoff key)
  let reportedKey = null;
  // When the first sand timer runs out: null (not yet), "asking" (what did the table see by then?), "second_chance"
  // (nobody had solved: play on) or "over" (someone had: this seat's round ends, with `roundNote` saying why).
  let timerCheck = null;
  let roundNote = null; // {key, name}
  // A better move drawn on the card (a review's, showHint in a replay): {move, pieces: [{piece, rot, flip, at}],
  // removed: the piece to take off or null}; until the next draw. Nothing is played meanwhile.
  let shown = null;

  const surface = new Surface(canvas, host, { ...WIDE, onTap: (region, point, event) => tap(region, point, event) });
  surface.redraw = () => render();
  let context = surface.context;
  const listeners = new AbortController();

  const mode = () => (view ? view.mode : null);
  /** A button of the board (kit.js button), kept in the frame's list. */
  const drawButton = (c, name, box, words, options) => { drawnButtons.push({ name, box }); button(c, box, words, options); };
  // A guided game (host.lesson), a review or a mistakes puzzle (host.reviewing): nothing on the board leaves it or
  // ends the puzzle another way, so the puzzle's own ways out (Show the solution, Next puzzle, Puzzle of the day,
  // and their keys) are not offered.
  const inLesson = () => host.lesson === true || host.reviewing === true;
  /** Go to another screen: through the host where it has a say (a lesson asks first), else by the address. */
  const go = (route) => { if (host.navigate) host.navigate(route); else location.hash = route; };
  const now = () => performance.now();
  // the clock on screen: a better move drawn (showHint in a replay) shows its own time on the sand timer or stopwatch
  const elapsed = () => (shown && shown.move.ms !== null ? shown.move.ms : clockStart === null ? 0 : now() - clockStart);
  const clocked = () => clockStart !== null || Boolean(shown && shown.move.ms !== null);
  const humanCount = () => (table ? table.seats.filter((s) => s.kind === "human").length : 0);
  const targetsOf = (kind, id) => targets.get(`${kind}:${id}`) || [];
  const targetOf = (kind, id, action) => targetsOf(kind, id).find((target) => target.action === action) || null;
  const targetKeyed = (kind, id, key) => targetsOf(kind, id).find((target) => target.key === key) || null;

  function currentSeat() {
    if (!table || table.is_over) return null;
    const seats = host.humanSeats();
    return seats.length ? seats[0] : null;
  }

  const playing = () => Boolean(table && puzzle && !gate && !sending && !shown && currentSeat() !== null
    && (mode() === "puzzle" ? view.phase === "puzzle" : clockStart !== null));

  /** The table on screen is a replay (a review's position): it is watched, never played, so a hint is drawn. */
  const watched = () => Boolean(table && table.replay);

  /** A better move to draw on the card on screen (showHint): its tiles with where they lie, or the tile to take off;
   * null when it names a tile this card does not have, or nothing to draw. */
  function shownMove(action) {
    const move = readMove(action);
    if (!move || !puzzle) return null;
    const laid = move.tiles.map(({ tile, rot, flip, at }) => {
      const piece = pieces.get(tile);
      return piece ? { piece, rot, flip, at } : null;
    });
    if (!laid.every(Boolean)) return null;
    const removed = move.kind === "remove" ? pieces.get(move.tile) || null : null;
    if (!laid.length && !removed) return null;
    return { move, pieces: laid, removed };
  }

  // ------------------------------------------------------------ geometry
  function boardArea() {
    const { card, strip, narrow, short } = layout;
    if (short) return { x: card.x + 8, y: card.y + 34, w: card.w - 16, h: card.h - 58 };
    if (narrow) return { x: card.x + 10, y: card.y + 40, w: card.w - 20, h: card.h - 66 };
    return { x: card.x + strip + 14, y: card.y + 40, w: card.w - strip - 28, h: card.h - 70 };
  }

  function computeGeometry(board) {
    let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
    for (const [q, r] of board) {
      const x = SQ3 * (q + r / 2);
      const y = 1.5 * r;
      minX = Math.min(minX, x - SQ3 / 2); maxX = Math.max(maxX, x + SQ3 / 2);
      minY = Math.min(minY, y - 1); maxY = Math.max(maxY, y + 1);
    }
    const area = boardArea();
    const most = layout.short ? 46 : layout.narrow ? (34 * layout.width) / NARROW_WIDTH : 38;
    const R = Math.min(most, area.w / (maxX - minX), area.h / (maxY - minY));
    const cx = area.x + area.w / 2;
    const cy = area.y + area.h / 2;
    return { R, ox: cx - (R * (minX + maxX)) / 2, oy: cy - (R * (minY + maxY)) / 2 };
  }

  const cellCentre = (q, r) => ({ x: geometry.ox + geometry.R * SQ3 * (q + r / 2), y: geometry.oy + geometry.R * 1.5 * r });

  function pixelToCell(x, y) {
    const px = (x - geometry.ox) / geometry.R;
    const py = (y - geometry.oy) / geometry.R;
    const qf = (SQ3 / 3) * px - py / 3;
    const rf = (2 / 3) * py;
    const cy = -qf - rf;
    let rx = Math.round(qf); const ry = Math.round(cy); let rz = Math.round(rf);
    const dx = Math.abs(rx - qf); const dy = Math.abs(ry - cy); const dz = Math.abs(rz - rf);
    if (dx > dy && dx > dz) rx = -ry - rz; else if (dy <= dz) rz = -rx - ry;
    return [rx, rz];
  }

  const onCard = (point) => point.x >= layout.card.x && point.x <= layout.card.x + layout.card.w
    && point.y >= layout.card.y && point.y <= layout.card.y + layout.card.h;

  function slotRect(index) {
    const count = Math.max(3, puzzle ? puzzle.tiles.length : 3);
    const { tray } = layout;
    // a short box's tray is narrow and tall enough for two rows of two, each tile larger than in a row of four
    const cols = layout.short && count > 3 && tray.w / count < 90 && tray.h >= 140 ? Math.ceil(count / 2) : count;
    const rows = Math.ceil(count / cols);
    const w = tray.w / cols;
    const h = tray.h / rows;
    return { x: tray.x + (index % cols) * w, y: tray.y + Math.floor(index / cols) * h, w, h };
  }

  /** Tray drawing positions of a tile's cells: [x, y, q, r] per base cell. */
  function trayPoints(piece, index) {
    const cells = turned(piece, piece.rot, piece.flip);
    const slot = slotRect(index);
    let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
    for (const [q, r] of cells) {
      const x = SQ3 * (q + r / 2); const y = 1.5 * r;
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
    const most = layout.short ? 24 : layout.narrow ? (18 * layout.width) / NARROW_WIDTH : 24;
    const top = slotLabels() ? 24 : 6; // a short box names no slots: the tile's number is on the tile
    const R = Math.min(most, (slot.w - 16) / (maxX - minX + SQ3), (slot.h - top - 12) / (maxY - minY + 2));
    const cx = slot.x + slot.w / 2 - (R * (minX + maxX)) / 2;
    const cy = slot.y + top + (slot.h - top - 4) / 2 - (R * (minY + maxY)) / 2;
    return { R, points: cells.map(([q, r]) => [cx + R * SQ3 * (q + r / 2), cy + R * 1.5 * r, q, r]) };
  }

  const slotLabels = () => !layout.short;

  const boardCells = (piece, rot, flip, at) => turned(piece, rot, flip).map(([q, r]) => [q + at[0], r + at[1]]);
  const boardPoints = (piece, rot, flip, at) => boardCells(piece, rot, flip, at)
    .map(([q, r]) => { const p = cellCentre(q, r); return [p.x, p.y, q, r]; });

  function occupied(except) {
    const used = new Set();
    for (const piece of pieces.values()) {
      if (piece.number === except || !piece.at) continue;
      for (const [q, r] of boardCells(piece, piece.rot, piece.flip, piece.at)) used.add(cellKey(q, r));
    }
    return used;
  }

  /** Why the tile cannot lie there, in the words of the reasons the view names (`misfits`: the rules' own keys),
   * or null when it can: a race's tiles are laid here before the solve is handed in, so a drop is answered at once,
   * from the hexes Python gave (the card's, and each tile's in each turn), with no round trip. */
  function dropRefusal(number, rot, flip, at) {
    const piece = pieces.get(number);
    const cells = boardCells(piece, rot, flip, at);
    if (!cells.every(([q, r]) => puzzle.boardSet.has(cellKey(q, r)))) return t(view.misfits.off_board, { tile: number });
    for (const other of pieces.values()) {
      if (other.number === number || !other.at) continue;
      const theirs = new Set(boardCells(other, other.rot, other.flip, other.at).map(([q, r]) => cellKey(q, r)));
      if (cells.some(([q, r]) => theirs.has(cellKey(q, r)))) return t(view.misfits.overlap, { tile: number, other: other.number });
    }
    return null;
  }
  const fits = (number, rot, flip, at) => dropRefusal(number, rot, flip, at) === null;

  /** The anchor that puts base cell `index` of the tile (turned so) on board cell `cell`. */
  function anchorFor(piece, rot, flip, index, cell) {
    const [q, r] = turned(piece, rot, flip)[index];
    return [cell[0] - q, cell[1] - r];
  }

  /** The first spot on the card where the tile fits as it is turned now (its middle cell on a free hex). */
  function freeSpot(piece, rot = piece.rot, flip = piece.flip) {
    const used = occupied(piece.number);
    for (const [q, r] of puzzle.board) {
      if (used.has(cellKey(q, r))) continue;
      const at = anchorFor(piece, rot, flip, piece.pivot, [q, r]);
      if (fits(piece.number, rot, flip, at)) return at;
    }
    return null;
  }

  /** How the notation writes the tile turned (rot, flip) with its anchor on `at`: [rot', flip', at'] (the view's
   * `written_as`), so that a `place` target's numbers (its params, in the written turn) can be matched with the
   * tile as it is turned on screen, without knowing the rule. */
  function written(piece, rot, flip, at) {
    const [rot2, flip2, dq, dr] = piece.writtenAs[rot + (flip ? 6 : 0)];
    return [rot2, flip2, [at[0] + dq, at[1] + dr]];
  }

  /** What the person did with a tile's built target (docs/rules/ubongo.md, "Targets"), as an intent: these tiles
   * lie there (turned so, anchor on that cell) at `ms` on the clock. In puzzle mode (`place`) the one tile moved; in
   * a race (`solve`) every tile. Python writes the action (UbongoState.compose). */
  function laidIntent(target, ms, moved = null) {
    const laid = (piece) => (moved && moved.number === piece.number ? moved : piece);
    const numbers = target.action === "place" ? [Number(target.thing.id)] : puzzle.tiles.map((tile) => tile.number);
    const tiles = numbers.map((number) => {
      const piece = laid(pieces.get(number));
      return { tile: number, cell: [piece.at[0], piece.at[1]], turn: piece.rot, flip: Boolean(piece.flip) };
    });
    return { tiles, ms };
  }

  /** Where the concrete `place` target of a tile (puzzle mode) puts the tile's pivot cell, turned as it is now;
   * null when it is turned otherwise (then a turn or a flip comes first). */
  function placeTargetSpot(piece, rot = piece.rot, flip = piece.flip) {
    const target = targetsOf("tile", piece.number).find((item) => item.key === "ubongo.target.place");
    if (!target) return null;
    const [rot2, flip2, shift] = written(piece, rot, flip, [0, 0]);
    const p = target.params;
    if (rot2 !== p.rot || Boolean(flip2) !== Boolean(p.flip)) return null;
    const at = [p.q - shift[0], p.r - shift[1]];
    const [q, r] = boardCells(piece, rot, flip, at)[piece.pivot];
    return { target, at, cell: [q, r] };
  }

  // ------------------------------------------------------------ syncing with the view
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
    puzzle = { ...p, boardSet: new Set(p.board.map(([q, r]) => cellKey(q, r))) };
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
      pieces.set(tile.number, { number: tile.number, base: tile.cells, turns: tile.turns, writtenAs: tile.written_as,
        pivot, rot: 0, flip: false, at: null });
    }
    selected = null; ghost = null; drag = null; press = null; sending = false; confirmSolution = 0;
  }

  function syncPlaced() {
    if (mode() !== "puzzle") return;
    const placed = new Map(view.placed.map((p) => [p.tile, p]));
    for (const piece of pieces.values()) {
      const p = placed.get(piece.number);
      if (p) { piece.at = p.at; piece.rot = p.rot; piece.flip = p.flip; } else piece.at = null;
    }
  }

  // which results were seen: of this game (its deck) and round, as the renderer stays for the next game of Ubongo
  const lastRoundKey = (v) => (v.last_round ? `${v.deck_seed}/${v.last_round.round}/${v.last_round.playoff}/${v.playoffs}` : null);

  /** The side panel's height for the view `v` in a layout of `kind`: compact in a short box, and a race's below the
   * card on a narrow screen too (the page lists the scores under the board anyway, and a tall drawing is shown
   * small, since the page keeps the turn and Undo in view), with the seats in two columns where it is wide. */
  function sideHeight(v, kind, width) {
    if (kind === "short" || (kind === "narrow" && v && v.mode === "race")) {
      if (!v || v.mode === "puzzle") return inLesson() ? 66 : 66 + 3 * 36;
      return (v.phase === "over" ? 54 : 78) + Math.ceil(v.seats.length / seatColumns(v, width)) * 34;
    }
    if (!v) return 240;
    if (v.mode === "puzzle") return inLesson() ? 176 : 236;
    return (v.phase === "over" ? 68 : 150) + v.seats.length * 48;
  }

  /** In a short box's side panel, the players in one column, or two where three or four would not fit in height. */
  const seatColumns = (v, width) => (v.seats.length > 2 && width >= 220 ? 2 : 1);

  function relayout() {
    const room = surface.available();
    const next = makeLayout(room, (kind, width) => sideHeight(view, kind, width));
    const changed = next.width !== surface.width || next.height !== surface.height || next.narrow !== layout.narrow
      || next.short !== layout.short;
    layout = next;
    if (changed) context = surface.layout(layout.width, layout.height);
    if (puzzle) geometry = computeGeometry(puzzle.board);
  }

  function update() {
    view = table.view;
    targets = targetsByThing(view.targets);
    if (mode() === "puzzle") {
      const p = puzzleFor(view);
      if (p.code !== puzzleKey) {
        puzzleKey = p.code;
        loadPuzzle(p);
        // the stopwatch carries on (a reload, an undo): from the table's clock, or the last move's time if later
        clockStart = now() - Math.max(view.stopwatch_ms || 0, tableSince("puzzle"));
      }
      syncPlaced();
      if (view.phase !== "puzzle") { selected = null; ghost = null; }
      gate = null;
      canvas.dataset.status = view.phase;
      return;
    }
    const seat = currentSeat();
    const p = puzzleFor(view);
    const k = p ? `${view.round}|${view.playoffs}|${view.phase}|${seat}|${p.code}` : "none";
    if (k !== puzzleKey) {
      puzzleKey = k;
      if (p) loadPuzzle(p); else puzzle = null;
      clockStart = null;
      reportedKey = null;
      timerCheck = null;
      if (view.phase === "over") gate = "final";
      else if (seat === null) gate = humanCount() ? "waiting" : "watch";
      else if (humanCount() > 1) gate = "pass"; // after a reload too: only the seat's own player may look
      // the last round's results, unless this round was started on this device already (a reload): it goes on
      else if (view.last_round && lastRoundKey(view) !== acknowledged && !(puzzle && tableSince(roundMark(), false) !== null)) gate = "results";
      else startClock();
    }
    canvas.dataset.status = gate || view.phase;
  }

  /** The ms since this device first showed `mark` of this table (host.since: the table's clock, which a reload
   * does not turn back), starting it now if it never was; 0 where the host keeps no clock. With `start` false, null
   * for a mark never shown, and nothing starts. */
  const tableSince = (mark, start = true) => {
    if (!host.since) return start ? 0 : null;
    return start ? host.since(mark) ?? 0 : host.since(mark, { start: false });
  };

  /** This seat's sand timer in the round (or play-off) on screen: its mark on the table's clock. */
  const roundMark = () => `${view.phase === "playoff" ? `playoff ${view.playoffs}` : `round ${view.round}`} seat ${puzzle.seat}`;

  function startClock() {
    gate = null;
    roundNote = null;
    acknowledged = view ? lastRoundKey(view) : null;
    // the sand timer was turned when this seat first started the round on this device: a reload goes on from there
    clockStart = now() - (view && puzzle ? tableSince(roundMark()) : 0);
    canvas.dataset.status = view ? view.phase : "";
    canvas.focus({ preventScroll: true });
    if (puzzle) host.announce(t("ubongo.go", { tiles: puzzle.tiles.map((tile) => tile.number).join(", ") }));
  }

  // ------------------------------------------------------------ acting

  /** Play `move` (a target's action, or an intent) for `seat`, waiting while the page is busy (a bot's move in
   * flight). */
  async function send(move, seat) {
    await host.untilTurn(seat);
    sending = true;
    const ok = await host.act(move, seat);
    sending = false;
    return ok;
  }

  /** Play a concrete target of Python's: a timed one "now", as an intent with the stopwatch's clock. */
  async function play(target, seat = puzzle ? puzzle.seat : 0) {
    const move = target.timed ? { action: target.action, ms: Math.round(elapsed()) } : target.action;
    const ok = await send(move, seat);
    render();
    return ok;
  }

  function say(words, point = lastPoint) {
    if (point) surface.tell(point, words);
    else host.announce(words);
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
    const first = firstSolver(reply && reply.ok ? reply.view : view, (time) => time < T);
    if (first === null) {
      timerCheck = "second_chance";
      handInIfCovered();
    } else {
      timerCheck = "over";
      reportTimeout("ubongo.round_over_in_time", first);
    }
  }

  /** Put a tile on the card: locally in a race (the solve is handed in once the card is covered), as a `place`
   * action in puzzle mode (Python checks it and says why when it does not fit). */
  async function layTile(number, rot, flip, at) {
    const piece = pieces.get(number);
    ghost = null;
    if (mode() === "puzzle") {
      const built = targetOf("tile", number, "place");
      if (!built) return;
      const previous = { rot: piece.rot, flip: piece.flip, at: piece.at };
      const moved = { ...piece, rot, flip, at };
      Object.assign(piece, { rot, flip, at });
      render();
      const ok = await send(laidIntent(built, Math.round(elapsed()), moved), 0);
      if (!ok) Object.assign(piece, previous);
      syncPlaced();
      render();
      return;
    }
    const why = dropRefusal(number, rot, flip, at);
    if (why) { say(why); render(); return; }
    Object.assign(piece, { rot, flip, at });
    host.announce(t("ubongo.tile_placed", { tile: number }));
    render();
    handInIfCovered();
  }

  /** Take a tile off the card, back into the tray. */
  async function takeOff(number) {
    const piece = pieces.get(number);
    ghost = null;
    if (!piece.at) { render(); return; }
    if (mode() === "puzzle") {
      const remove = targetKeyed("tile", number, "ubongo.target.remove");
      if (remove) await play(remove, 0);
      syncPlaced();
    } else {
      piece.at = null;
    }
    render();
  }

  /** A race: once the tiles cover the card, call "Ubongo!" (hand in the solve, with this seat's clock). */
  async function handInIfCovered() {
    if (mode() !== "race" || sending || !puzzle) return;
    const all = [...pieces.values()];
    if (!all.every((p) => p.at)) return;
    const covered = new Set();
    for (const p of all) for (const [q, r] of boardCells(p, p.rot, p.flip, p.at)) covered.add(cellKey(q, r));
    if (covered.size !== puzzle.boardSet.size) return;
    const built = targetOf("tile", puzzle.tiles[0].number, "solve");
    if (!built) return;
    const ms = Math.round(elapsed());
    const limit = view.phase === "round" ? view.second_chance_ends_ms : Infinity;
    if (ms >= limit) return;
    if (view.phase === "round" && ms >= view.timer_ms) {
      if (timerCheck !== "second_chance") return; // the timer check decides first, then looks again
      const first = firstSolver(view, (time) => time <= ms); // someone called "Ubongo!" first in the second chance
      if (first !== null) { reportTimeout("ubongo.round_over_second_chance", first); return; }
    }
    const seat = puzzle.seat;
    const name = host.seatName(seat);
    const ok = await send(laidIntent(built, ms), seat);
    if (ok) host.announce(t("ubongo.solved_in", { name, time: clockText(ms) }));
    render();
  }

  /** Hand in "timeout": the timer ran out twice, or (`reason`, with the seat that solved) another seat's solve
   * ended this seat's round. */
  async function reportTimeout(reason = null, solver = null) {
    if (reportedKey === puzzleKey || sending) return;
    reportedKey = puzzleKey;
    selected = null; ghost = null; drag = null;
    roundNote = reason ? { key: reason, name: host.seatName(solver) } : null;
    host.announce(roundNote ? t(roundNote.key, { name: roundNote.name }) : t("ubongo.time_up"));
    await send("timeout", puzzle.seat);
    render();
  }

  function tick() {
    if (!table || !view) return;
    if (mode() === "race" && clockStart !== null && !gate && !shown && currentSeat() !== null && !sending && puzzle) {
      const e = elapsed();
      if (view.phase === "round") {
        const T = view.timer_ms;
        if (e >= view.second_chance_ends_ms - 100) reportTimeout();
        else if (e >= T && timerCheck === null) checkTimer();
        else if (timerCheck === "second_chance") {
          const first = firstSolver(view, (time) => time <= e);
          if (first !== null) reportTimeout("ubongo.round_over_second_chance", first);
        }
      } else if (view.phase === "playoff") {
        const first = firstSolver(view, (time) => time < e);
        if (first !== null) reportTimeout("ubongo.playoff_over", first);
      }
    }
    const running = (mode() === "race" && clockStart !== null && !gate) || (mode() === "puzzle" && view.phase === "puzzle");
    if (running || drag) render();
  }

  // ------------------------------------------------------------ picking up, turning, placing
  function pick(number, { place = false } = {}) {
    selected = number;
    const piece = pieces.get(number);
    ghost = place ? { number, at: piece.at || freeSpot(piece) || anchorFor(piece, piece.rot, piece.flip, piece.pivot, puzzle.board[0]) } : null;
    host.announce(host.wording("ubongo.tile_selected", { tile: number }));
    render();
  }

  /** Turn (`turn` x 60 degrees) or flip the picked-up tile about its middle cell. A tile on the card stays there
   * if it still fits turned; otherwise the turn is refused, with the reason. */
  async function reorient(turn, flipIt) {
    if (selected === null) { say(host.wording("ubongo.select_first")); return; }
    const piece = pieces.get(selected);
    const current = ghost && ghost.turned ? ghost.turned : { rot: piece.rot, flip: piece.flip };
    const rot = (current.rot + turn + 6) % 6;
    const flip = flipIt ? !current.flip : current.flip;
    const about = ghost ? ghost.at : piece.at;
    if (about) {
      const [q, r] = turned(piece, current.rot, current.flip)[piece.pivot];
      const at = anchorFor(piece, rot, flip, piece.pivot, [q + about[0], r + about[1]]);
      if (ghost) {
        ghost.at = at;
        if (!piece.at) { piece.rot = rot; piece.flip = flip; } else ghost.turned = { rot, flip };
        render();
        return;
      }
      await layTile(piece.number, rot, flip, at);
      return;
    }
    piece.rot = rot;
    piece.flip = flip;
    render();
  }

  /** The tile under a point: on the card (topmost) or in the tray, and which of its cells. */
  function tileAt(point) {
    if (!puzzle || !geometry) return null;
    const [q, r] = pixelToCell(point.x, point.y);
    for (const piece of pieces.values()) {
      if (!piece.at) continue;
      const index = boardCells(piece, piece.rot, piece.flip, piece.at).findIndex(([a, b]) => a === q && b === r);
      if (index >= 0) return { number: piece.number, index, board: true };
    }
    for (const [slot, tile] of puzzle.tiles.entries()) {
      const piece = pieces.get(tile.number);
      if (piece.at) continue;
      const box = slotRect(slot);
      if (point.x < box.x || point.x > box.x + box.w || point.y < box.y || point.y > box.y + box.h) continue;
      const { R, points } = trayPoints(piece, slot);
      let index = 0;
      let best = Infinity;
      points.forEach(([x, y], i) => {
        const d = (x - point.x) ** 2 + (y - point.y) ** 2;
        if (d < best) { best = d; index = i; }
      });
      return { number: piece.number, index, board: false, R, points };
    }
    return null;
  }

  function dropAnchor() {
    const piece = pieces.get(drag.number);
    const cell = pixelToCell(drag.x - drag.offX, drag.y - drag.offY);
    return anchorFor(piece, piece.rot, piece.flip, drag.index, cell);
  }

  function onPointerDown(event) {
    consumeClick = false;
    if (!table || !playing() || event.button > 0) return;
    const point = surface.point(event);
    const region = surface.at(point);
    if (region && region.value && region.value.button) return; // buttons act on click (the kit's onTap)
    const hit = tileAt(point);
    if (!hit) return;
    consumeClick = true;
    press = { ...hit, x: point.x, y: point.y };
    canvas.setPointerCapture?.(event.pointerId);
  }

  function onPointerMove(event) {
    if (!press && !drag) return;
    const point = surface.point(event);
    if (press && !drag && Math.hypot(point.x - press.x, point.y - press.y) > 5) {
      clearTimeout(surface.pressTimer); // a drag, not a long press
      surface.hideBubble();
      const piece = pieces.get(press.number);
      let centre;
      let scale = 1;
      if (press.board) {
        const [q, r] = boardCells(piece, piece.rot, piece.flip, piece.at)[press.index];
        centre = cellCentre(q, r);
      } else {
        centre = { x: press.points[press.index][0], y: press.points[press.index][1] };
        scale = geometry.R / press.R;
      }
      selected = press.number;
      ghost = null;
      drag = { number: press.number, index: press.index, x: point.x, y: point.y, board: press.board,
        offX: (press.x - centre.x) * scale, offY: (press.y - centre.y) * scale };
      press = null;
    }
    if (drag) {
      drag.x = point.x;
      drag.y = point.y;
      render();
    }
  }

  function onPointerUp(event) {
    const point = surface.point(event);
    if (press) {
      // a tap on a tile picks it up (a second tap on a picked-up tile in the tray starts placing it by taps)
      const number = press.number;
      press = null;
      lastPoint = point;
      pick(number);
      return;
    }
    if (!drag) return;
    const { number } = drag;
    const piece = pieces.get(number);
    lastPoint = point;
    const at = dropAnchor();
    drag = null;
    if (onCard(point)) layTile(number, piece.rot, piece.flip, at);
    else if (piece.at) takeOff(number); // dragged off the card: back into the tray
    else render();
  }

  function onWheel(event) {
    if (!playing()) return;
    const hit = tileAt(surface.point(event));
    if (!hit && selected === null) return;
    event.preventDefault();
    if (hit && hit.number !== selected) selected = hit.number;
    reorient(event.deltaY > 0 ? 1 : -1, false);
  }

  /** A tap the kit found a region for (or none): a button, a hex to put the picked-up tile on, a tile (keys). */
  async function tap(region, point, event) {
    if (event && event.type === "click" && consumeClick) { consumeClick = false; return; }
    lastPoint = point;
    const value = region ? region.value : null;
    if (value && value.tile !== undefined) { // Enter on a focused tile: pick it up and place it by keys
      if (playing()) pick(value.tile, { place: true });
      return;
    }
    if (value && value.cell && selected !== null && playing()) {
      const piece = pieces.get(selected);
      const turned = ghost && ghost.turned ? ghost.turned : { rot: piece.rot, flip: piece.flip };
      const at = anchorFor(piece, turned.rot, turned.flip, piece.pivot, value.cell);
      await layTile(selected, turned.rot, turned.flip, at);
      return;
    }
    if (!value || !value.button) return;
    const name = value.button;
    if (name === "rotate") await reorient(1, false);
    else if (name === "flip") await reorient(0, true);
    else if (name === "start") { startClock(); render(); }
    else if (name === "solution") {
      if (now() < confirmSolution && region.target) { confirmSolution = 0; selected = null; await play(region.target, 0); }
      else { confirmSolution = now() + 4000; say(host.wording("ubongo.sure"), point); render(); }
    } else if (name === "next") await nextPuzzle();
    else if (name === "daily") go("#/daily?game=ubongo");
    else if (region.target) {
      selected = null; ghost = null;
      if (region.target.action === "timeout") reportedKey = puzzleKey;
      await play(region.target);
    }
  }

  /** "Next puzzle": the view names it (view.next_puzzle); the bridge makes its game and its link. */
  async function nextPuzzle() {
    if (!view || !view.next_puzzle || inLesson()) return;
    const reply = await host.request({ op: "new", game: "ubongo", seed: view.next_puzzle, players: 1,
      options: table.options, seats: table.seats });
    if (reply && reply.ok && reply.share) go(`#/play?code=${encodeURIComponent(reply.share)}&seats=human`);
  }

  // ------------------------------------------------------------ drawing
  function describeTile(piece) {
    const words = t("ubongo.describe.tile", { tile: piece.number, hexes: piece.base.length,
      colour: t(`colour.${puzzle.colour}`) });
    return `${words} ${t(piece.at ? "ubongo.describe.on_card" : "ubongo.describe.in_tray")}`;
  }

  function drawBackground(c) {
    const g = c.createLinearGradient(0, 0, 0, layout.height);
    g.addColorStop(0, "#efe2c4");
    g.addColorStop(1, "#e2cfa6");
    roundRect(c, 0, 0, layout.width, layout.height, 12);
    c.fillStyle = g;
    c.fill();
  }

  function drawCard(c) {
    const { x, y, w, h } = layout.card;
    const strip = layout.strip;
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
    if (!puzzle) return;
    const shade = TILE[puzzle.colour];
    const letter = t(`ubongo.initial.${puzzle.colour}`);
    const sideName = t(`ubongo.side.${puzzle.side}`);
    const label = t("ubongo.card_label", { card: String(puzzle.card).padStart(2, "0"), side: sideName });
    const rating = t("ubongo.difficulty", { n: puzzle.difficulty });
    if (strip) {
      token(c, x + strip / 2, y + 30, 17, { ...shade, letter });
      // the card's strip shows the tiles to take, by number
      puzzle.tiles.forEach((tile, i) => {
        const ty = y + 66 + i * 36;
        roundRect(c, x + 10, ty, strip - 20, 28, 6);
        c.fillStyle = "rgba(255,255,255,0.9)";
        c.fill();
        fitText(c, String(tile.number), { x: x + 12, y: ty + 2, w: strip - 24, h: 24 }, { size: 15, weight: 700, colour: "#5a2a05" });
      });
      fitText(c, label, { x: x + strip + 12, y: y + 8, w: w * 0.52, h: 24 }, { size: 16, weight: 700, colour: CARD_INK, align: "left" });
      fitText(c, rating, { x: x + strip + 12 + w * 0.52, y: y + 8, w: w - strip - 24 - w * 0.52, h: 24 }, { size: 13, weight: 600, colour: CARD_INK, align: "right" });
    } else if (layout.short) {
      // a short box's card is narrow: its label along the top, the difficulty beside the code at the bottom
      token(c, x + 20, y + 18, 12, { ...shade, letter });
      fitText(c, label, { x: x + 38, y: y + 5, w: w - 50, h: 26 }, { size: 15, weight: 700, colour: CARD_INK, align: "left" });
      fitText(c, rating, { x: x + w * 0.55, y: y + h - 26, w: w * 0.45 - 12, h: 20 }, { size: 12, weight: 600, colour: CARD_INK, align: "right" });
    } else {
      token(c, x + 22, y + 20, 13, { ...shade, letter });
      fitText(c, label, { x: x + 42, y: y + 6, w: w * 0.5, h: 28 }, { size: 15, weight: 700, colour: CARD_INK, align: "left" });
      fitText(c, rating, { x: x + 46 + w * 0.5, y: y + 6, w: w * 0.5 - 56, h: 28 }, { size: 13, weight: 600, colour: CARD_INK, align: "right" });
    }
    const codeWidth = layout.short ? w * 0.55 - 16 : w - strip - 24;
    fitText(c, t("ubongo.puzzle_code", { code: puzzle.code }), { x: x + strip + 12, y: y + h - 26, w: codeWidth, h: 20 },
      { size: 12, colour: "rgba(255,248,236,0.9)", align: "left" });
  }

  function drawBoard(c) {
    const R = geometry.R;
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
  }

  /** The tiles on the card, each a region (its middle cell carries what a person can do with it). */
  function drawPlaced(c, active) {
    for (const piece of pieces.values()) {
      if (!piece.at || (drag && drag.number === piece.number)) continue;
      if (shown && shown.pieces.some((laid) => laid.piece === piece)) continue; // the better move lays it elsewhere
      const points = boardPoints(piece, piece.rot, piece.flip, piece.at);
      const picked = selected === piece.number;
      const hovered = surface.isHovered(`tile:${piece.number}`);
      drawPolyhex(c, points, geometry.R, puzzle.colour, {
        outline: picked ? "#ffffff" : hovered ? "rgba(255,255,255,0.8)" : null,
        label: { text: piece.number, at: points[piece.pivot] },
      });
      tileRegions(piece, points, geometry.R, active);
    }
  }

  /** A tile's regions: one per cell (hover and long press say what it is), and its middle cell, on top, with what
   * can be done with it now: a drag (where Python's target puts it, or any free spot in a race), or a tap that
   * picks it up. */
  function tileRegions(piece, points, R, active) {
    const describe = describeTile(piece);
    points.forEach(([x, y], i) => {
      if (i !== piece.pivot) surface.region({ polygon: hexPolygon(x, y, R) }, { key: `tile:${piece.number}:${i}`, value: { tile: piece.number }, describe, focusable: false });
    });
    const [x, y] = points[piece.pivot];
    const options = { key: `tile:${piece.number}`, value: { tile: piece.number }, describe, focusable: active };
    if (active) {
      const drop = dragTo(piece);
      if (drop) Object.assign(options, drop);
      else options.label = t("ubongo.pick_up", { tile: piece.number });
    }
    surface.region({ polygon: hexPolygon(x, y, R * 0.95) }, options);
  }

  /** Where a drag of this tile goes now: {drag, target?, label}, or null (pick it up and turn it first). */
  function dragTo(piece) {
    if (mode() === "puzzle") {
      const spot = placeTargetSpot(piece);
      if (spot && !(piece.at && piece.at[0] === spot.at[0] && piece.at[1] === spot.at[1])) {
        const to = cellCentre(spot.cell[0], spot.cell[1]);
        return { drag: { x: to.x, y: to.y }, target: spot.target };
      }
      const remove = piece.at ? targetKeyed("tile", piece.number, "ubongo.target.remove") : null;
      if (remove) {
        const slot = slotRect(puzzle.tiles.findIndex((tile) => tile.number === piece.number));
        return { drag: { x: slot.x + slot.w / 2, y: slot.y + slot.h / 2 }, target: remove };
      }
      return null;
    }
    const built = targetOf("tile", piece.number, "solve");
    if (!built) return null;
    if (piece.at) {
      const slot = slotRect(puzzle.tiles.findIndex((tile) => tile.number === piece.number));
      return { drag: { x: slot.x + slot.w / 2, y: slot.y + slot.h / 2 }, label: t("ubongo.take_off", { tile: piece.number }) };
    }
    const at = freeSpot(piece);
    if (!at) return null;
    const [q, r] = boardCells(piece, piece.rot, piece.flip, at)[piece.pivot];
    const to = cellCentre(q, r);
    return { drag: { x: to.x, y: to.y }, label: t(built.key, built.params) };
  }

  function drawTray(c, active) {
    const { x, y, w, h } = layout.tray;
    roundRect(c, x, y, w, h, 14);
    const g = c.createLinearGradient(0, y, 0, y + h);
    g.addColorStop(0, "#8a5a2b");
    g.addColorStop(1, "#6d4520");
    c.fillStyle = g;
    c.fill();
    c.strokeStyle = "#4f3015";
    c.lineWidth = 2;
    c.stroke();
    if (!puzzle || gate) return;
    puzzle.tiles.forEach((tile, index) => {
      const slot = slotRect(index);
      const piece = pieces.get(tile.number);
      roundRect(c, slot.x + 5, slot.y + 5, slot.w - 10, slot.h - 10, 10);
      c.fillStyle = selected === piece.number && !piece.at ? "rgba(255,211,107,0.22)" : "rgba(0,0,0,0.18)";
      c.fill();
      if (selected === piece.number && !piece.at) {
        c.strokeStyle = "#ffd36b";
        c.lineWidth = 3;
        c.stroke();
      }
      // a narrow screen is mostly a touch screen: the tile's name without its key
      const keys = !layout.narrow && !window.matchMedia?.("(pointer: coarse)").matches; // no keys to name on a phone
      const name = keys ? t("ubongo.tile_slot", { tile: tile.number, key: index + 1 }) : t("ubongo.tile_name", { tile: tile.number });
      if (slotLabels()) {
        fitText(c, name, { x: slot.x + 10, y: slot.y + 7, w: slot.w - 20, h: 18 },
          { size: 12, weight: 600, colour: "#f7ead2", align: "left" });
      }
      if (piece.at || (shown && shown.pieces.some((laid) => laid.piece === piece))) { // on the card (or drawn there)
        const below = slotLabels() ? 30 : 10;
        fitText(c, t("ubongo.on_board"), { x: slot.x + 10, y: slot.y + below, w: slot.w - 20, h: slot.h - below - 10 },
          { size: 12, colour: "rgba(247,234,210,0.75)", lines: 2 });
        return;
      }
      if (drag && drag.number === piece.number) return;
      const { R, points } = trayPoints(piece, index);
      const hovered = surface.isHovered(`tile:${piece.number}`);
      drawPolyhex(c, points, R, puzzle.colour, { outline: hovered || selected === piece.number ? "#ffffff" : null,
        label: { text: piece.number, at: points[piece.pivot] } });
      tileRegions(piece, points, R, active);
    });
  }

  /** While a tile is picked up: every hex of the card is a place to put it by a tap; the hex where Python's
   * `place` target puts its middle cell plays that target. */
  function hexRegions(active) {
    if (!active || selected === null) return;
    const piece = pieces.get(selected);
    const spot = mode() === "puzzle" && !ghost?.turned ? placeTargetSpot(piece) : null;
    for (const [q, r] of puzzle.board) {
      const { x, y } = cellCentre(q, r);
      const here = spot && spot.cell[0] === q && spot.cell[1] === r && !(piece.at && piece.at[0] === spot.at[0] && piece.at[1] === spot.at[1]);
      surface.region({ polygon: hexPolygon(x, y, geometry.R * 0.98) }, { key: `hex:${q},${r}`, value: { cell: [q, r] },
        focusable: false, ...(here ? { target: spot.target } : {}) });
    }
  }

  function drawTools(c, active) {
    const { x, y, w, h } = layout.tools;
    const picked = active && selected !== null;
    const tools = [];
    if (layout.narrow || layout.short) {
      // one row: each button as wide as its words ask (Ukrainian's "Перевернути" is twice "Здатися")
      const words = [host.wording("ubongo.rotate"), host.wording("ubongo.flip"),
        host.wording(mode() === "race" ? "ubongo.give_up" : "ubongo.hint_button")];
      c.save();
      c.font = font(layout.short ? 13 : 14, 700);
      const need = words.map((text) => Math.max(60, c.measureText(text).width + 24));
      c.restore();
      const total = need.reduce((a, b) => a + b, 0);
      let left = x;
      ["rotate", "flip", "act"].forEach((name, i) => {
        const width = ((w - 16) * need[i]) / total;
        tools.push([name, { x: left, y, w: width, h }]);
        left += width + 8;
      });
    } else {
      tools.push(["rotate", { x, y, w, h: 44 }], ["flip", { x, y: y + 52, w, h: 44 }],
        ["act", { x, y: y + 104, w, h: h - 104 }]);
    }
    for (const [name, box] of tools) {
      if (name === "rotate" || name === "flip") {
        const words = host.wording(name === "rotate" ? "ubongo.rotate" : "ubongo.flip");
        drawButton(c, name, box, words, { primary: false, disabled: !picked, hovered: surface.isHovered(name), size: layout.short ? 13 : 14 });
        if (active) surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: name, value: { button: name },
          ...(picked ? { label: words } : { describe: host.wording("ubongo.select_first") }) });
        continue;
      }
      const target = mode() === "race" ? targetOf("button", "timeout", "timeout") : targetOf("button", "hint", "hint");
      const words = host.wording(mode() === "race" ? "ubongo.give_up" : "ubongo.hint_button");
      drawButton(c, "act", box, words, { primary: mode() === "puzzle", disabled: !(active && target), hovered: surface.isHovered("act"), size: layout.short ? 13 : 15 });
      if (active && target) surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: "act", value: { button: "act" }, target, describe: t(target.key, target.params) });
    }
  }

  function drawDrag(c) {
    if (!drag) return;
    const piece = pieces.get(drag.number);
    if (onCard({ x: drag.x, y: drag.y })) {
      const at = dropAnchor();
      const cells = boardCells(piece, piece.rot, piece.flip, at);
      const over = cells.every(([q, r]) => puzzle.boardSet.has(cellKey(q, r)));
      if (over) {
        c.save();
        c.strokeStyle = "rgba(255,255,255,0.95)";
        c.setLineDash([4, 3]);
        c.lineWidth = 2.5;
        for (const [q, r] of cells) { const p = cellCentre(q, r); hexPath(c, p.x, p.y, geometry.R - 3); c.stroke(); }
        c.restore();
      }
    }
    const [gq, gr] = turned(piece, piece.rot, piece.flip)[drag.index];
    const cx = drag.x - drag.offX;
    const cy = drag.y - drag.offY;
    const R = geometry.R;
    const points = turned(piece, piece.rot, piece.flip).map(([q, r]) => [
      cx + R * SQ3 * (q - gq + (r - gr) / 2), cy + R * 1.5 * (r - gr), q, r]);
    drawPolyhex(c, points, R, puzzle.colour, { lifted: true, alpha: 0.92, label: { text: piece.number, at: points[piece.pivot] } });
  }

  function drawGhost(c) {
    if (!ghost || drag) return;
    const piece = pieces.get(ghost.number);
    const turned = ghost.turned || { rot: piece.rot, flip: piece.flip };
    const points = boardPoints(piece, turned.rot, turned.flip, ghost.at);
    const ok = fits(piece.number, turned.rot, turned.flip, ghost.at);
    drawPolyhex(c, points, geometry.R, puzzle.colour, { lifted: true, alpha: ok ? 0.95 : 0.6,
      outline: ok ? "#ffffff" : PALETTE.danger, label: { text: piece.number, at: points[piece.pivot] } });
  }

  /** The better move on the card (showHint in a replay): its tiles where it lays them, see-through in their colour
   * with the hint colour round each; a tile it takes off outlined in the hint colour, dashed. */
  function drawShown(c) {
    if (!shown || !geometry) return;
    const R = geometry.R;
    const edge = Math.max(3, R * 0.14);
    const rim = (points, dashed) => {
      const cells = new Set(points.map(([, , q, r]) => cellKey(q, r)));
      c.save();
      c.strokeStyle = PALETTE.hint;
      c.lineWidth = edge;
      c.lineCap = "round";
      if (dashed) c.setLineDash([edge * 1.6, edge * 1.4]);
      for (const [x, y, q, r] of points) {
        for (let k = 0; k < 6; k++) {
          const [dq, dr] = EDGE_NEIGHBOUR[k];
          if (cells.has(cellKey(q + dq, r + dr))) continue;
          const [ax, ay] = corner(x, y, R - edge / 2, k);
          const [bx, by] = corner(x, y, R - edge / 2, k + 1);
          c.beginPath(); c.moveTo(ax, ay); c.lineTo(bx, by); c.stroke();
        }
      }
      c.restore();
    };
    if (shown.removed && shown.removed.at) {
      const piece = shown.removed;
      rim(boardPoints(piece, piece.rot, piece.flip, piece.at), true);
    }
    for (const { piece, rot, flip, at } of shown.pieces) {
      const points = boardPoints(piece, rot, flip, at);
      drawPolyhex(c, points, R, puzzle.colour, { alpha: 0.6, label: { text: piece.number, at: points[piece.pivot] } });
      rim(points, false);
    }
  }

  function sideTitle(c, S, text) {
    fitText(c, text, { x: S.x + 14, y: S.y + 8, w: S.w - 28, h: 24 }, { size: 17, weight: 700, colour: "#3b2a14", align: "left" });
  }

  /** What a seat is doing, as this seat's clock sees it: solved (at a time it has reached), out of time, solving. */
  function seatStatus(s, e) {
    // while the last round's results (or the device passed on) are on the card, nobody is solving yet
    if (!s.active || view.phase === "over" || gate === "results" || gate === "pass") return { status: "", colour: PALETTE.muted };
    const mine = puzzle && s.seat === puzzle.seat;
    const seen = s.time_ms !== null && s.time_ms !== undefined && (mine || (clocked() && e >= s.time_ms));
    if (seen) return { status: t("ubongo.status_solved", { time: clockText(s.time_ms) }), colour: PALETTE.good };
    if (s.reported && mine) return { status: t("ubongo.status_out"), colour: PALETTE.muted };
    return { status: t("ubongo.status_solving"), colour: PALETTE.muted };
  }

  /** The sand timer's reading: [fraction of sand on top, the time text, its words, second chance?]. */
  function sandTimer(e) {
    const T = view.timer_ms;
    if (view.phase !== "round") return [1, clockText(e), t("ubongo.stopwatch"), false];
    const second = clocked() && e >= T && (timerCheck === "second_chance" || Boolean(shown));
    const fraction = !clocked() ? 1 : second ? 1 - (e - T) / T : Math.max(0, 1 - e / T);
    const text = !clocked() ? clockText(T) : clockText(second ? 2 * T - e : Math.max(0, T - e));
    return [fraction, text, second ? t("ubongo.second_chance") : t("ubongo.time_left"), second];
  }

  /** The race's side panel in a short box: the round, the sand timer with the display and the bag beside it, and
   * the players (name, score, what they are doing) in one or two columns. */
  function drawRaceSideShort(c) {
    const S = layout.side;
    panel(c, S, { radius: 12, shadow: true, edge: "#d2bd95" });
    const title = view.phase === "playoff" ? t("ubongo.playoff_title")
      : view.phase === "over" ? t("ubongo.final_title") : t("ubongo.round", { round: view.round, rounds: view.rounds });
    const e = elapsed();
    let y = S.y + 6;
    if (view.phase !== "over") {
      // the sand timer, its time and the round on one line, what the time means below
      const [fraction, text, sub, second] = sandTimer(e);
      drawHourglass(c, S.x + 8, y, 26, 44, fraction, { second, running: view.phase === "round" && clockStart !== null && !gate });
      fitText(c, text, { x: S.x + 40, y, w: 84, h: 26 }, { size: 22, weight: 700, align: "left" });
      fitText(c, title, { x: S.x + 126, y: y + 2, w: S.w - 136, h: 22 }, { size: 13, weight: 700, colour: "#3b2a14", align: "right" });
      fitText(c, sub, { x: S.x + 40, y: y + 26, w: S.w - 50, h: 18 }, { size: 11, colour: PALETTE.muted, align: "left" });
      y += 48;
    } else {
      fitText(c, title, { x: S.x + 10, y: y - 1, w: S.w - 20, h: 22 }, { size: 15, weight: 700, colour: "#3b2a14", align: "left" });
      y += 24;
    }
    // the display's gems, and the bag
    let gx = S.x + 10;
    for (const name of ["sapphire", "amber"]) {
      gem(c, gx + 7, y + 10, 14, GEM_COLOUR[name]);
      fitText(c, `×${view.display[name]}`, { x: gx + 16, y, w: 30, h: 20 }, { size: 12, weight: 700, align: "left" });
      gx += 50;
    }
    const inBag = Object.values(view.bag).reduce((a, b) => a + b, 0);
    fitText(c, t("ubongo.bag", { n: inBag }), { x: gx, y, w: S.x + S.w - 10 - gx, h: 20 }, { size: 11, colour: PALETTE.muted, align: "right" });
    y += 22;
    const cols = seatColumns(view, S.w);
    const cellW = (S.w - 12) / cols;
    view.seats.forEach((s, i) => {
      const x = S.x + 6 + (i % cols) * cellW;
      const top = y + Math.floor(i / cols) * 34;
      if (puzzle && s.seat === puzzle.seat && !gate) {
        roundRect(c, x, top, cellW - 4, 32, 7);
        c.fillStyle = "rgba(43,95,171,0.1)";
        c.fill();
      }
      if (s.colour && s.active) token(c, x + 12, top + 11, 8, { ...TILE[s.colour], letter: t(`ubongo.initial.${s.colour}`) });
      // the name along the top, what the player is doing and the score below it
      fitText(c, host.seatName(s.seat), { x: x + 24, y: top + 1, w: cellW - 32, h: 18 }, { size: 13, weight: 600, align: "left" });
      // in two columns there is no room for the score too: the page's score list beside the board has it
      const points = cols === 1 ? t("ubongo.points", { n: s.score }) : "";
      c.save();
      c.font = font(12, 700);
      const pointsWidth = points ? Math.min(cellW * 0.4, c.measureText(points).width + 4) : 0;
      c.restore();
      if (points) fitText(c, points, { x: x + cellW - 8 - pointsWidth, y: top + 17, w: pointsWidth, h: 15 }, { size: 12, weight: 700, align: "right" });
      const { status, colour } = seatStatus(s, e);
      if (status) fitText(c, status, { x: x + 24, y: top + 17, w: cellW - 36 - pointsWidth, h: 15 }, { size: 11, colour, align: "left" });
    });
  }

  function drawRaceSide(c) {
    if (layout.short || layout.narrow) { drawRaceSideShort(c); return; }
    const S = layout.side;
    panel(c, S, { radius: 14, shadow: true, edge: "#d2bd95" });
    const title = view.phase === "playoff" ? t("ubongo.playoff_title")
      : view.phase === "over" ? t("ubongo.final_title") : t("ubongo.round", { round: view.round, rounds: view.rounds });
    sideTitle(c, S, title);
    const e = elapsed();
    let y = S.y + 38;
    if (view.phase !== "over") {
      const [fraction, text, sub, second] = sandTimer(e);
      drawHourglass(c, S.x + 14, y, 44, 76, fraction, { second, running: view.phase === "round" && clockStart !== null && !gate });
      fitText(c, text, { x: S.x + 70, y: y + 2, w: S.w - 84, h: 34 }, { size: 28, weight: 700, align: "left" });
      fitText(c, sub, { x: S.x + 70, y: y + 38, w: S.w - 84, h: 36 }, { size: 13, colour: PALETTE.muted, align: "left", lines: 2 });
      y += 84;
    }
    // the display and the bag
    const displayWords = t("ubongo.display");
    fitText(c, displayWords, { x: S.x + 14, y, w: 76, h: 24 }, { size: 13, weight: 600, colour: "#3b2a14", align: "left" });
    let gx = S.x + 100;
    for (const name of ["sapphire", "amber"]) {
      gem(c, gx, y + 12, 16, GEM_COLOUR[name]);
      fitText(c, `×${view.display[name]}`, { x: gx + 10, y, w: 28, h: 24 }, { size: 13, weight: 700, align: "left" });
      gx += 44;
    }
    const inBag = Object.values(view.bag).reduce((a, b) => a + b, 0);
    fitText(c, t("ubongo.bag", { n: inBag }), { x: gx, y, w: S.x + S.w - 12 - gx, h: 24 }, { size: 12, colour: PALETTE.muted, align: "right", lines: 2 });
    y += 32;
    // the players
    for (const s of view.seats) {
      const me = puzzle && s.seat === puzzle.seat && !gate;
      if (me) {
        roundRect(c, S.x + 6, y - 2, S.w - 12, 44, 8);
        c.fillStyle = "rgba(43,95,171,0.1)";
        c.fill();
      }
      if (s.colour && s.active) token(c, S.x + 22, y + 12, 10, { ...TILE[s.colour], letter: t(`ubongo.initial.${s.colour}`) });
      fitText(c, host.seatName(s.seat), { x: S.x + 38, y, w: S.w - 116, h: 22 }, { size: 14, weight: 600, align: "left" });
      fitText(c, t("ubongo.points", { n: s.score }), { x: S.x + S.w - 76, y, w: 64, h: 22 }, { size: 14, weight: 700, align: "right" });
      const { status, colour } = seatStatus(s, e);
      let ix = S.x + S.w - 14;
      for (const name of [...GEM_ORDER].reverse()) {
        const n = s.gems[name];
        if (!n) continue;
        fitText(c, String(n), { x: ix - 12, y: y + 22, w: 12, h: 18 }, { size: 11, align: "right" });
        gem(c, ix - 22, y + 31, 13, GEM_COLOUR[name]);
        ix -= 34;
      }
      if (status) fitText(c, status, { x: S.x + 38, y: y + 22, w: Math.max(40, ix - S.x - 42), h: 18 }, { size: 12, colour, align: "left" });
      y += 48;
    }
  }

  function drawPuzzleSide(c, active) {
    const S = layout.side;
    const short = layout.short;
    panel(c, S, { radius: short ? 12 : 14, shadow: true, edge: "#d2bd95" });
    if (!short) sideTitle(c, S, t("ubongo.puzzle_title"));
    const e = view.phase === "solved" ? view.time_ms ?? elapsed() : view.phase === "shown" ? view.stopwatch_ms || 0 : elapsed();
    const y = short ? S.y + 6 : S.y + 40;
    if (short) { // the stopwatch and the hints on one line, the state of the card below
      drawStopwatch(c, S.x + 22, y + 19, 12, e);
      fitText(c, clockText(e), { x: S.x + 42, y, w: 90, h: 30 }, { size: 22, weight: 700, align: "left" });
      fitText(c, t("ubongo.hints_used", { n: view.hints }), { x: S.x + 134, y: y + 4, w: S.w - 144, h: 22 }, { size: 12, colour: PALETTE.muted, align: "right" });
    } else {
      drawStopwatch(c, S.x + 42, y + 34, 26, e);
      fitText(c, clockText(e), { x: S.x + 80, y: y + 4, w: S.w - 94, h: 34 }, { size: 28, weight: 700, align: "left" });
      fitText(c, t("ubongo.hints_used", { n: view.hints }), { x: S.x + 80, y: y + 40, w: S.w - 94, h: 22 }, { size: 13, colour: PALETTE.muted, align: "left" });
    }
    let status = t("ubongo.puzzle_status", { tiles: view.tiles.length, placed: view.placed.length });
    let colour = PALETTE.ink;
    if (view.phase === "solved") { status = t("ubongo.puzzle_solved_banner", { time: clockText(view.time_ms ?? 0) }); colour = PALETTE.good; }
    if (view.phase === "shown") { status = t("ubongo.shown_banner"); colour = PALETTE.danger; }
    if (short) fitText(c, status, { x: S.x + 10, y: y + 32, w: S.w - 20, h: 22 }, { size: 13, weight: 700, colour, align: "left" });
    else fitText(c, status, { x: S.x + 14, y: y + 74, w: S.w - 28, h: 40 }, { size: 15, weight: 700, colour, align: "left", lines: 2 });
    const open = view.phase === "puzzle";
    const sure = now() < confirmSolution;
    const solution = targetOf("button", "solution", "solution");
    // a guided game offers none of them: each would leave it or end its puzzle (the lesson's own buttons lead on)
    const buttons = inLesson() ? [] : [
      ["solution", sure ? host.wording("ubongo.sure") : t("ubongo.show_solution"), open && active && solution, false],
      ["next", host.wording("ubongo.next_puzzle"), Boolean(view.next_puzzle), !open],
      ["daily", host.wording("ubongo.daily"), true, false],
    ];
    const top = short ? y + 58 : y + 122;
    const boxes = short
      ? buttons.map((_, i) => ({ x: S.x + 8, y: top + i * 36, w: S.w - 16, h: 32 }))
      : layout.narrow
        ? buttons.map((_, i) => ({ x: S.x + 12 + i * ((S.w - 24 + 8) / 3), y: top, w: (S.w - 24 - 16) / 3, h: 52 }))
        : buttons.map((_, i) => ({ x: S.x + 14, y: top + i * 54, w: S.w - 28, h: 44 }));
    buttons.forEach(([name, words, enabled, primary], i) => {
      const box = boxes[i];
      drawButton(c, name, box, words, { primary, disabled: !enabled, hovered: surface.isHovered(name), size: short ? 13 : 14 });
      if (!enabled || !host.humanSeats().length) return;
      const options = { key: name, value: { button: name } };
      if (name === "solution") {
        if (sure) options.target = solution; else options.label = t("ubongo.show_solution");
        options.describe = t(solution.key, solution.params);
      } else options.label = words;
      surface.region({ rect: [box.x, box.y, box.w, box.h] }, options);
    });
    if (short) return; // no room for the reminder: the tray and the tools say it
    const after = !buttons.length ? top : layout.narrow ? top + 60 : top + 3 * 54 + 4;
    fitText(c, t("ubongo.puzzle_keys"), { x: S.x + 14, y: after, w: S.w - 28, h: S.y + S.h - after - 8 },
      { size: 12, colour: PALETTE.muted, align: "left", lines: 3 });
  }

  /** The round's results: who solved when, and which gems they took. Returns the y below them. */
  function drawResults(c, box, lr) {
    let y = box.y;
    const title = lr.playoff ? t("ubongo.playoff_results") : t("ubongo.results_title", { round: lr.round });
    fitText(c, title, { x: box.x, y, w: box.w, h: 24 }, { size: 17, weight: 700, align: "left" });
    y += 28;
    if (lr.second_chance) {
      fitText(c, t("ubongo.second_chance_note"), { x: box.x, y, w: box.w, h: 48 }, { size: 13, colour: "#9a4d00", align: "left", lines: 3 });
      y += 52;
    }
    const results = [...lr.results].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99) || (a.time_ms ?? 1e12) - (b.time_ms ?? 1e12));
    for (const result of results) {
      token(c, box.x + 12, y + 16, 11, { ...TILE[result.colour], letter: t(`ubongo.initial.${result.colour}`) });
      const gemsWidth = Math.max(70, result.gems.length * 28);
      const rank = result.rank ? `${result.rank}. ` : "";
      fitText(c, `${rank}${host.seatName(result.seat)}`, { x: box.x + 30, y, w: box.w - 40 - gemsWidth, h: 20 }, { size: 14, weight: 600, align: "left" });
      const when = result.time_ms === null ? t("ubongo.not_solved") : t("ubongo.solved_at", { time: clockText(result.time_ms) });
      fitText(c, when, { x: box.x + 30, y: y + 20, w: box.w - 40 - gemsWidth, h: 16 }, { size: 12, colour: result.time_ms === null ? PALETTE.danger : PALETTE.muted, align: "left" });
      if (!result.gems.length) {
        fitText(c, t("ubongo.no_gems"), { x: box.x + box.w - gemsWidth, y: y + 6, w: gemsWidth, h: 20 }, { size: 12, colour: "#8a8f9c", align: "right" });
      }
      let gx = box.x + box.w - 12;
      for (const name of [...result.gems].reverse()) { gem(c, gx - 4, y + 16, 22, GEM_COLOUR[name]); gx -= 28; }
      y += 40;
    }
    if (lr.to_bag && lr.to_bag.length) {
      const words = t("ubongo.to_bag_note");
      fitText(c, words, { x: box.x, y, w: box.w - lr.to_bag.length * 20 - 10, h: 20 }, { size: 12, colour: PALETTE.muted, align: "left" });
      let gx = box.x + box.w - lr.to_bag.length * 20;
      for (const name of lr.to_bag) { gem(c, gx + 8, y + 10, 16, GEM_COLOUR[name]); gx += 20; }
      y += 24;
    }
    // a legend, so that colour is not the only cue
    const cell = box.w / 4;
    GEM_ORDER.forEach((name, i) => {
      gem(c, box.x + i * cell + 8, y + 12, 14, GEM_COLOUR[name]);
      fitText(c, t("ubongo.gem_points", { gem: t(`ubongo.gem.${name}`), n: view.gem_points[name] }),
        { x: box.x + i * cell + 18, y: y + 2, w: cell - 22, h: 20 }, { size: 11, colour: PALETTE.muted, align: "left" });
    });
    return y + 30;
  }

  function gateButton(c, box, words, key) {
    drawButton(c, key, box, words, { primary: true, hovered: surface.isHovered(key), size: 16 });
    surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key, value: { button: "start" }, label: words });
  }

  function drawGate(c) {
    if (!gate || mode() !== "race") return;
    const rect = layout.short ? { x: 6, y: 6, w: layout.width - 12, h: layout.height - 12 } : layout.card;
    roundRect(c, rect.x, rect.y, rect.w, rect.h, 18);
    c.fillStyle = gate === "pass" ? "#2b3a55" : "#fffaf0";
    c.fill();
    const inner = { x: rect.x + 18, y: rect.y + 18, w: rect.w - 36 };
    const seat = currentSeat();
    if (gate === "pass") {
      fitText(c, t("ubongo.pass_to", { name: host.seatName(seat) }), { x: inner.x, y: rect.y + 70, w: inner.w, h: 64 }, { size: 24, weight: 700, colour: "#ffffff", lines: 2 });
      fitText(c, t("ubongo.pass_note", { name: host.seatName(seat) }), { x: inner.x, y: rect.y + 140, w: inner.w, h: 44 }, { size: 15, colour: "#d7def0", lines: 2 });
      if (view.last_round) fitText(c, t("ubongo.pass_results"), { x: inner.x, y: rect.y + 186, w: inner.w, h: 40 }, { size: 15, colour: "#d7def0", lines: 2 });
      gateButton(c, { x: rect.x + rect.w / 2 - 130, y: rect.y + rect.h - 86, w: 260, h: 54 }, t("ubongo.start_turn", { name: host.seatName(seat) }), "start");
      return;
    }
    let y = inner.y;
    if (view.last_round) y = drawResults(c, { x: inner.x, y, w: inner.w }, view.last_round);
    if (gate === "results") {
      const mine = view.last_round && view.last_round.results.find((r) => table.seats[r.seat].kind === "human");
      if (mine && mine.time_ms !== null) {
        fitText(c, t("ubongo.you_solved", { time: clockText(mine.time_ms) }), { x: inner.x, y, w: inner.w, h: 26 }, { size: 18, weight: 700, colour: PALETTE.good, align: "left" });
      } else if (roundNote) {
        fitText(c, t(roundNote.key, { name: roundNote.name }), { x: inner.x, y, w: inner.w, h: 44 }, { size: 15, weight: 600, colour: "#9a4d00", align: "left", lines: 2 });
      }
      const words = view.phase === "playoff" ? t("ubongo.start_playoff") : t("ubongo.start_round", { round: view.round });
      gateButton(c, { x: rect.x + rect.w / 2 - 120, y: rect.y + rect.h - 64, w: 240, h: 50 }, words, "start");
    } else if (gate === "final") {
      fitText(c, t("ubongo.final_title"), { x: inner.x, y, w: inner.w, h: 24 }, { size: 17, weight: 700, align: "left" });
      y += 30;
      const order = [...view.seats].sort((a, b) => b.score - a.score);
      for (const s of order) {
        const winner = table.winners.includes(s.seat);
        fitText(c, `${winner ? "★ " : ""}${host.seatName(s.seat)}`, { x: inner.x, y, w: inner.w * 0.36, h: 22 }, { size: 15, weight: winner ? 700 : 600, align: "left" });
        const cell = (inner.w * 0.44) / 4;
        GEM_ORDER.forEach((name, i) => {
          const gx = inner.x + inner.w * 0.38 + i * cell;
          gem(c, gx + 7, y + 11, 15, GEM_COLOUR[name]);
          fitText(c, `×${s.gems[name]}`, { x: gx + 15, y, w: cell - 15, h: 22 }, { size: 12, align: "left" });
        });
        fitText(c, t("ubongo.points", { n: s.score }), { x: inner.x + inner.w * 0.82, y, w: inner.w * 0.18, h: 22 }, { size: 15, weight: 700, align: "right" });
        y += 30;
      }
    } else {
      fitText(c, t(gate === "watch" ? "ubongo.watching" : "ubongo.waiting"), { x: inner.x, y: rect.y + rect.h - 60, w: inner.w, h: 40 }, { size: 15, colour: PALETTE.muted, lines: 2 });
    }
  }

  function render() {
    if (!table || !view) return;
    relayout();
    const c = context;
    surface.begin();
    drawnButtons = [];
    c.clearRect(0, 0, layout.width, layout.height);
    drawBackground(c);
    drawCard(c);
    const active = playing();
    const covered = Boolean(gate) && mode() === "race" && !shown; // a better move is drawn on the card, uncovered
    if (!covered && puzzle) {
      drawBoard(c);
      hexRegions(active);
      drawPlaced(c, active);
      drawShown(c);
    }
    if (!(covered && layout.short)) { // a short box's gate covers the whole drawing
      drawTray(c, active);
      drawTools(c, active);
      if (mode() === "puzzle") drawPuzzleSide(c, active); else drawRaceSide(c);
    }
    if (!shown) drawGate(c);
    if (!covered && puzzle) { drawGhost(c); drawDrag(c); }
    surface.drawFocus();
  }

  // ------------------------------------------------------------ keys
  function moveGhost(dq, dr) {
    if (!ghost) return;
    ghost.at = [ghost.at[0] + dq, ghost.at[1] + dr];
    render();
  }

  function keydown(event) {
    if (!table || !view) return;
    const k = event.key;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if ((gate === "pass" || gate === "results") && (k === "Enter" || k === " ")) {
      event.preventDefault(); startClock(); render(); return;
    }
    if (mode() === "puzzle" && plain) {
      const lower = k.toLowerCase();
      if (lower === "n" && !inLesson()) { event.preventDefault(); nextPuzzle(); return; }
      if (lower === "d" && !inLesson()) { event.preventDefault(); go("#/daily?game=ubongo"); return; }
      if (lower === "h") {
        event.preventDefault();
        const hint = targetOf("button", "hint", "hint");
        if (hint && playing()) { selected = null; ghost = null; play(hint, 0); }
        return;
      }
    }
    if (playing() && plain) {
      const numbers = puzzle.tiles.map((tile) => tile.number);
      let handled = true;
      if (/^[1-9]$/.test(k) && Number(k) <= numbers.length) pick(numbers[Number(k) - 1], { place: true });
      else if (k === "r" || k === "R") reorient(event.shiftKey ? -1 : 1, false);
      else if (k === "f" || k === "F") reorient(0, true);
      else if (ghost && k === "ArrowLeft") moveGhost(-1, 0);
      else if (ghost && k === "ArrowRight") moveGhost(1, 0);
      else if (ghost && (k === "ArrowUp" || k === "ArrowDown")) {
        const odd = ((ghost.at[1] % 2) + 2) % 2 === 1; // up and down zigzag: two steps return to the same column
        if (k === "ArrowUp") moveGhost(odd ? 1 : 0, -1); else moveGhost(odd ? 0 : -1, 1);
      } else if (ghost && (k === "Enter" || k === " ")) {
        const piece = pieces.get(ghost.number);
        const turned = ghost.turned || { rot: piece.rot, flip: piece.flip };
        const [q, r] = boardCells(piece, turned.rot, turned.flip, ghost.at)[piece.pivot];
        lastPoint = cellCentre(q, r);
        layTile(ghost.number, turned.rot, turned.flip, ghost.at);
      } else if (k === "Escape" && (ghost || selected !== null)) { ghost = null; selected = null; render(); }
      else if ((k === "Delete" || k === "Backspace") && selected !== null) takeOff(selected);
      else handled = false;
      if (handled) { event.preventDefault(); return; }
    }
    if (surface.keydown(event)) event.preventDefault();
  }

  // ------------------------------------------------------------ wiring
  const opts = { signal: listeners.signal };
  canvas.addEventListener("pointerdown", onPointerDown, opts);
  canvas.addEventListener("pointermove", onPointerMove, opts);
  canvas.addEventListener("pointerup", onPointerUp, opts);
  canvas.addEventListener("pointercancel", () => { press = null; drag = null; render(); }, opts);
  canvas.addEventListener("wheel", onWheel, { signal: listeners.signal, passive: false });
  // a touch that starts on a tile drags the tile, not the page; anywhere else the page scrolls as usual
  canvas.addEventListener("touchstart", (event) => {
    const touch = event.touches[0];
    if (touch && playing() && tileAt(surface.point(touch))) event.preventDefault();
  }, { signal: listeners.signal, passive: false });
  canvas.addEventListener("focus", () => render(), opts);
  canvas.addEventListener("blur", () => render(), opts);
  const ticker = setInterval(tick, 100);
  const onResize = () => { surface.hideBubble(); render(); }; // a bubble stays where it was put: away with it
  window.addEventListener("resize", onResize, opts);

  // For tests and tools: where a hex of the card is on the page (CSS px of the viewport), what is picked up.
  /** A box in board units as a rectangle in CSS px of the viewport. */
  const onPage = (box) => {
    const page = canvas.getBoundingClientRect();
    const sx = page.width / layout.width;
    const sy = page.height / layout.height;
    return { x: page.left + box.x * sx, y: page.top + box.y * sy, w: box.w * sx, h: box.h * sy };
  };
  canvas.ubongo = {
    /** Every button the board drew in its last frame, enabled or not, and where (CSS px of the viewport). */
    buttons: () => drawnButtons.map(({ name, box }) => ({ name, ...onPage(box) })),
    /** Where the card, the side panel, the tray and the tools are (CSS px of the viewport). */
    areas: () => ({ card: onPage(layout.card), side: onPage(layout.side), tray: onPage(layout.tray), tools: onPage(layout.tools) }),
    boardCell: (q, r) => {
      if (!geometry) return null;
      const box = canvas.getBoundingClientRect();
      const p = cellCentre(q, r);
      return { x: box.left + (p.x * box.width) / layout.width, y: box.top + (p.y * box.height) / layout.height };
    },
    local: () => [...pieces.values()].map((p) => ({ number: p.number, rot: p.rot, flip: p.flip, at: p.at })),
    selected: () => (selected === null ? null : { number: selected, ...(({ rot, flip, at }) => ({ rot, flip, at }))(pieces.get(selected)), ghost: ghost ? ghost.at : null }),
    gate: () => gate,
    elapsed: () => elapsed(),
    /** Where to press tile `number` (its middle cell, as it lies now) and where to let go for it to lie turned
     * (rot, flip) with its anchor on `at`, in CSS px of the viewport (the tile must be turned so first). */
    dragFor: (number, rot, flip, at) => {
      const piece = pieces.get(number);
      if (!piece || !geometry) return null;
      const slot = puzzle.tiles.findIndex((tile) => tile.number === number);
      const from = piece.at ? cellCentre(...boardCells(piece, piece.rot, piece.flip, piece.at)[piece.pivot])
        : (([x, y]) => ({ x, y }))(trayPoints(piece, slot).points[piece.pivot]);
      const to = cellCentre(...boardCells(piece, rot, flip, at)[piece.pivot]);
      const box = canvas.getBoundingClientRect();
      const px = (p) => ({ x: box.left + (p.x * box.width) / layout.width, y: box.top + (p.y * box.height) / layout.height });
      const a = px(from);
      const b = px(to);
      return { x: a.x, y: a.y, x2: b.x, y2: b.y };
    },
  };

  return {
    /** The running race's clock (this seat's sand timer), in ms; null outside a race. */
    clockMs: () => (clockStart === null || mode() !== "race" ? null : elapsed()),
    draw(next) {
      if (table && next.history.length < table.history.length) { selected = null; ghost = null; } // an undo, a reopen
      shown = null;
      canvas.dataset.hint = "";
      table = next;
      update();
      render();
    },
    resize: () => render(),
    /** The board's help: the race's, or puzzle mode's (its buttons, its keys). */
    helpKey: (next) => (next.view?.mode === "race" || next.players > 1 ? "ubongo.help_race" : "ubongo.help"),
    keydown,
    /** What the person can do now (kit.js): taps and drags in CSS px. */
    targets: () => surface.targets(),
    /** An action Python refused: say why next to where it was tapped or dropped. */
    refused(action, words) {
      if (!lastPoint) return false;
      surface.tell(lastPoint, words);
      return true;
    },
    /** The result line of the game-over panel in puzzle mode: "Solved in 25.8 s" (or that the solution was shown). */
    result(next) {
      const v = next.view;
      if (v.mode !== "puzzle") return null;
      if (v.solved && Number.isFinite(v.time_ms)) {
        const seconds = new Intl.NumberFormat(document.documentElement.lang || undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v.time_ms / 1000);
        return t("ubongo.end.solved_in", { seconds, hints: v.hints });
      }
      return t("ubongo.end.shown");
    },
    /** A puzzle being played: the Hint button (a correct tile is placed, taking off any in its way, and counted).
     * A replay (a review's position: watched, never played): `action` drawn on the card, until the next draw. */
    showHint(action) {
      if (mode() === "puzzle" && !watched()) {
        const hint = targetOf("button", "hint", "hint");
        if (hint && playing()) { selected = null; ghost = null; play(hint, 0); }
        return;
      }
      shown = shownMove(action);
      if (shown) { selected = null; ghost = null; drag = null; press = null; }
      canvas.dataset.hint = shown ? shown.move.kind : "";
      render();
    },
    /** A move in words: a review's better move as drawn (the tiles as shown, and when); the Hint button's of a
     * puzzle being played, the tile it places. */
    describeAction(v, action) {
      const move = readMove(action);
      const puzzleMode = Boolean(v && v.mode === "puzzle");
      if (move && (!puzzleMode || watched())) {
        if (move.kind === "solve") return t("ubongo.describe_solve", { seconds: secondsText(move.ms) });
        if (move.kind === "place" && move.ms !== null) return t("ubongo.describe_lay_at", { tile: move.tile, seconds: secondsText(move.ms) });
        if (move.kind === "place") return t("ubongo.describe_lay", { tile: move.tile });
        if (move.kind === "remove") return t("ubongo.take_off", { tile: move.tile });
        return t("ubongo.target.give_up");
      }
      return t(puzzleMode ? "ubongo.describe_hint" : "ubongo.describe_ghost");
    },
    seatBadges(v, seat) {
      const s = v.seats[seat];
      if (!s) return [];
      const badges = [];
      if (s.colour && (v.mode === "puzzle" || s.active)) {
        badges.push({ colour: TILE[s.colour].fill, label: t(`colour.${s.colour}`), symbol: t(`ubongo.initial.${s.colour}`) });
      }
      if (v.mode === "race") {
        for (const name of GEM_ORDER) {
          if (s.gems[name]) badges.push({ colour: PALETTE.colours[GEM_COLOUR[name]].fill, label: `${s.gems[name]} × ${t(`ubongo.gem.${name}`)}`, symbol: String(s.gems[name]) });
        }
      }
      return badges;
    },
    destroy() {
      listeners.abort();
      clearInterval(ticker);
      surface.destroy();
      delete canvas.ubongo;
      table = null;
      view = null;
    },
  };
}
