// @ts-check
// Up Combine renderer: the stacks of tiles, the hands (your own face up, the others as coloured backs), the pile
// as one bag per colour, and the rounds' scores. Layout, art and the mapping of Python's targets to shapes only:
// what can be played is view.targets (a placement is the piece in hand, `thing`, then its stack, `to`; a draw is
// the pile's tile of a colour; the bases are two face-down tiles), why a touch is not a move is view.refusals,
// and the round's score preview is in the targets' params and view.round_points. Nothing here reads an action's
// text: a tap sends its target's action back as it is.
// Hidden information: only the viewer's own hand has symbols in the view. With several humans on one device, a
// "pass the device" screen hides everything until the next player taps or presses Enter.
import { pagePosition } from "../common.js";
import { button, fitText, font, panel, PALETTE, roundRect, Surface, targetsByThing, tween } from "../kit.js";

const WIDE = 800; // the landscape drawing's width, in board units
const NARROW = 400; // the portrait drawing's width
const WIDE_HEIGHT = 650;
// a phone held sideways: the drawing is shaped like the short wide box the page gives it (about 1.4 : 1)
const LAND_W = 660;
const LAND_H = 470;
// the hand's heading line, and the room above the tiles for a picked-up one to rise without covering it
const HAND_TOP = 46;
// one stack's cell, unscaled
const CELL_W = 72;
const CELL_H = 186;
const TILE_W = 54;
const FACE_H = 46;
const EDGE = 7;
const BASE_Y = 134;
const HIGHLIGHT = "#ffe27a";
const HINT = "#ffb347";

const lerp = (a, b, k) => a + (b - a) * k;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const same = (a, b) => a && b && a.kind === b.kind && a.id === b.id;

/** A colour between `hex` and white (`k` = 1 is white). */
function lighter(hex, k) {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift) => Math.round(((value >> shift) & 255) + (255 - ((value >> shift) & 255)) * k);
  return `rgb(${channel(16)}, ${channel(8)}, ${channel(0)})`;
}

// ---------------------------------------------------------------- the renderer

export function create(canvas, host) {
  const t = host.t;
  let table = null;
  let geometry = null; // the layout of this frame (layoutFor)
  let selected = null; // {code, index}: the piece picked up from the hand
  let basePick = null; // the colour picked first for the bases
  let hinted = null; // a target from view.targets
  let revealed = null; // the human seat that last dismissed the privacy screen
  let summary = null; // {round, shownAt, moves}
  let anim = null;
  let bottomSeat = 0;
  let lastTap = null; // where the last tap was, in board units: a refusal is said there
  let lastSource = null; // where the piece just placed by the person left the hand

  const surface = new Surface(canvas, host, { width: WIDE, height: WIDE_HEIGHT, onTap: (region, point) => tap(region, point) });
  surface.redraw = () => render();
  // a phone turned, a window resized: the layout (portrait or landscape) follows the width
  const onResize = () => {
    if (!table || !geometry) return;
    const room = surface.available();
    if (room.portrait !== geometry.portrait || Boolean(room.landscape) !== Boolean(geometry.landscape)) render();
  };
  window.addEventListener("resize", onResize);

  // ------------------------------------------------------------ words
  const names = () => (table ? table.view.colour_names : {});
  const tone = (colour) => {
    const shade = PALETTE.colours[names()[colour]] || { fill: "#888888", dark: "#444444", ink: "#ffffff" };
    return { ...shade, light: lighter(shade.fill, 0.45) };
  };
  const colourName = (colour) => t(`colour.${colour}`);
  const initial = (colour) => t(`upcombine.initial.${colour}`);
  const shapeWord = (shape) => t(`upcombine.symbol.${shape}`);
  const symbolWord = (symbol) => shapeWord(table.view.symbol_names[symbol]);
  const pieceName = (piece) => t("upcombine.piece", { colour: colourName(piece.colour), symbol: symbolWord(piece.symbol) });
  const codeName = (code) => pieceName({ colour: code[0], symbol: code[1] });
  const tilesText = (n) => t("upcombine.tiles", { n });
  /** `key`, or its wording for taps (`<key>_touch`) on a touch screen. */
  const touchy = host.wording;
  const list = (items) => new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" }).format(items);
  /** A target's or a refusal's params, worded: colour letters as colour names, shape names in the language. */
  function worded(params) {
    const out = { ...params };
    for (const name of ["colour", "first", "second"]) if (typeof params[name] === "string") out[name] = colourName(params[name]);
    if (typeof params.symbol === "string") out.symbol = shapeWord(params.symbol);
    return out;
  }
  const words = (target) => t(target.key, worded(target.params));

  // ------------------------------------------------------------ who may act
  const humans = () => (table ? table.seats.filter((s) => s.kind === "human").length : 0);
  const privacy = () => Boolean(table && !table.is_over && humans() > 1 && table.viewer !== null
    && table.seats[table.viewer].kind === "human" && table.viewer !== revealed);
  /** The human seat that may act through this renderer now (its own hand is shown), or null. */
  const actor = () => {
    if (!table || privacy()) return null;
    const seat = host.humanSeat();
    return seat !== null && seat === table.viewer ? seat : null;
  };
  const targets = () => (table && actor() !== null ? table.view.targets || [] : []);
  const byThing = () => targetsByThing(targets());
  const myHand = () => (table ? table.view.hands[bottomSeat] : null);
  const choosing = () => Boolean(table && table.view.choosing_bases && !table.is_over);
  /** The targets of the piece picked up: one per stack it may go on. */
  const selectedTargets = () => (selected ? byThing().get(`piece:${selected.code}`) || [] : []);
  const targetOnStack = (number) => selectedTargets().find((target) => target.to && target.to.id === String(number)) || null;
  /** Why `thing` (then `to`) is not a move now, from view.refusals: words, or "". */
  function refusal(thing, to = null) {
    const found = (table.view.refusals || []).find((r) => same(r.thing, thing) && (!to || same(r.to, to)));
    return found ? t(found.key, worded(found.params)) : "";
  }

  // ------------------------------------------------------------ layout
  /** Boxes of this frame, for the canvas's width now: landscape (side panels right of the stacks) or portrait
   * (pile and rounds below the hand, so the stacks are as wide as the screen). */
  function layoutFor(view) {
    const room = surface.available();
    const portrait = room.portrait;
    const opponents = table.players - 1;
    if (room.landscape) return landscapeLayout(view, opponents);
    if (!portrait) {
      const sideH = 382;
      const pileH = 188;
      return {
        portrait, width: WIDE, height: WIDE_HEIGHT,
        opponents: { x: 8, y: 8, w: WIDE - 16, h: 84, columns: opponents },
        stacks: { x: 8, y: 100, w: 588, h: 344 },
        status: { x: 8, y: 450, w: 588, h: 32 },
        pile: { x: 604, y: 100, w: 188, h: pileH, across: false },
        rounds: { x: 604, y: 100 + pileH + 8, w: 188, h: sideH - pileH - 8 },
        hand: { x: 8, y: 488, w: WIDE - 16, h: 154, tile: 60, face: 56, perRow: 99 },
      };
    }
    const W = NARROW;
    const columns = Math.min(2, opponents);
    const oppRows = Math.ceil(opponents / columns);
    const opponentsBox = { x: 6, y: 6, w: W - 12, h: oppRows * 64 + (oppRows - 1) * 6, columns };
    let y = opponentsBox.y + opponentsBox.h + 6;
    const stacks = { x: 6, y, w: W - 12, h: view.choosing_bases ? 300 : view.stacks.length > 6 ? 320 : 244 };
    y += stacks.h + 4;
    const status = { x: 6, y, w: W - 12, h: 42 };
    y += status.h + 4;
    const count = view.hands[bottomSeat] ? view.hands[bottomSeat].count : 0;
    const rows = Math.max(1, Math.ceil(count / 7));
    const hand = { x: 6, y, w: W - 12, h: HAND_TOP + 4 + rows * 62, tile: 52, face: 48, perRow: Math.ceil(count / rows) || 1 };
    y += hand.h + 6;
    const pass = targets().some((target) => target.thing.kind === "button");
    const pile = { x: 6, y, w: W - 12, h: 96 + (pass ? 42 : 0), across: true };
    y += pile.h + 6;
    const rounds = { x: 6, y, w: W - 12, h: 38 + (table.players + 1) * 18 + (view.rounds.length ? 0 : 18) + (view.over ? 0 : 36) };
    const full = { portrait, width: W, height: Math.round(y + rounds.h + 6), opponents: opponentsBox, stacks, status, pile, rounds, hand };
    // A phone whose page keeps the turn, the scores and Undo in view under the board gives it less height than this
    // tall drawing asks for, which would shrink it (and its tiles) to a narrow strip. Then the rounds table goes (the
    // page's scores hold the totals, the move log each round, and a picked-up tile's stacks show the preview) and
    // the stacks area gives up some height, so the drawing keeps more of the screen's width.
    const shownW = Math.min(W, room.width);
    if (room.height && full.height * (shownW / W) > room.height * 1.1) {
      const cut = stacks.h > 220 && !view.choosing_bases ? stacks.h - 212 : 0;
      for (const box of [status, hand, pile]) box.y -= cut;
      stacks.h -= cut;
      return { ...full, height: Math.round(pile.y + pile.h + 6), rounds: null };
    }
    return full;
  }

  /** A phone held sideways (the page gives the board a short wide box, beside its panel): a drawing shaped like
   * that box, so that it is shown as large as it can be. The hand runs along the bottom with big tiles (at least
   * 40 px apart on a 740 x 360 phone), the stacks above it, and the opponents, the pile and the rounds in a
   * column on the right. Two rows of tiles take their room from the stacks, so the drawing keeps its shape. */
  function landscapeLayout(view, opponents) {
    const W = LAND_W;
    const H = LAND_H;
    const side = { x: W - 204, w: 196 };
    const count = view.hands[bottomSeat] ? view.hands[bottomSeat].count : 0;
    const perRow = 10;
    const rows = Math.max(1, Math.ceil(count / perRow));
    const handH = HAND_TOP + 4 + rows * 72;
    const hand = { x: 8, y: H - 6 - handH, w: W - 16, h: handH, tile: 64, face: 58, perRow: Math.ceil(count / rows) || 1 };
    const status = { x: 8, y: hand.y - 36, w: side.x - 16, h: 32 };
    const oppH = 56;
    const opponentsBox = { x: 8, y: 6, w: side.x - 16, h: oppH, columns: opponents };
    const stacks = { x: 8, y: opponentsBox.y + oppH + 4, w: side.x - 16, h: status.y - 4 - (opponentsBox.y + oppH + 4) };
    const pileH = 184;
    const pile = { x: side.x, y: 6, w: side.w, h: pileH, across: false };
    const rounds = { x: side.x, y: pile.y + pileH + 6, w: side.w, h: hand.y - 6 - (pile.y + pileH + 6) };
    return { portrait: false, landscape: true, width: W, height: H, opponents: opponentsBox, stacks, status, pile, rounds, hand };
  }

  /** Position and scale of each stack cell, for `count` stacks in `box`. */
  function stackCells(count, box) {
    let best = null;
    for (let rows = 1; rows <= 4; rows++) {
      const columns = Math.ceil(count / rows);
      const scale = Math.min(1.6, box.w / (columns * CELL_W), (box.h - 20) / (rows * CELL_H));
      if (!best || scale > best.scale + 1e-6) best = { rows, columns, scale };
    }
    const { rows, columns, scale } = best;
    const cellW = CELL_W * scale;
    const cellH = CELL_H * scale;
    const cells = [];
    for (let index = 0; index < count; index++) {
      const row = Math.floor(index / columns);
      const inRow = Math.min(columns, count - row * columns);
      const x0 = box.x + (box.w - inRow * cellW) / 2;
      const y0 = box.y + 16 + (box.h - 16 - rows * cellH) / 2;
      cells.push({ x: x0 + (index - row * columns) * cellW, y: y0 + row * cellH, s: scale });
    }
    return cells;
  }

  function handCells(count, box) {
    const rows = Math.max(1, Math.ceil(count / box.perRow));
    const perRow = Math.ceil(count / rows) || 1;
    const room = box.w - 24 - box.tile;
    const step = perRow > 1 ? Math.min(box.tile + 6, room / (perRow - 1)) : box.tile + 6;
    const cells = [];
    // the rows, centred below the heading line; a tile picked up rises 14 units and still stays below it
    const top = box.y + HAND_TOP + Math.max(0, (box.h - HAND_TOP - 6 - (rows * (box.face + 14) - 6)) / 2);
    for (let index = 0; index < count; index++) {
      const row = Math.floor(index / perRow);
      const inRow = Math.min(perRow, count - row * perRow);
      const total = (inRow - 1) * step + box.tile;
      const x0 = box.x + (box.w - total) / 2;
      const last = index === count - 1 || (index + 1) % perRow === 0;
      cells.push({ x: x0 + (index - row * perRow) * step, y: top + row * (box.face + 14), w: box.tile,
        h: box.face, hitW: last ? box.tile : Math.min(box.tile, step) });
    }
    return cells;
  }

  function opponentSeats() {
    const seats = [];
    for (let k = 1; k < table.players; k++) seats.push((bottomSeat + k) % table.players);
    return seats;
  }

  function opponentBox(index, count, area) {
    const gap = 6;
    const columns = area.columns;
    const rows = Math.ceil(count / columns);
    const row = Math.floor(index / columns);
    const inRow = row === rows - 1 ? count - row * columns : columns;
    const w = (area.w - gap * (inRow - 1)) / inRow;
    const h = (area.h - gap * (rows - 1)) / rows;
    return { x: area.x + (index - row * columns) * (w + gap), y: area.y + row * (h + gap), w, h };
  }

  function seatAnchor(seat) {
    const hand = geometry.hand;
    if (seat === bottomSeat) return { x: hand.x + hand.w / 2, y: hand.y + 40 + hand.face / 2 };
    const seats = opponentSeats();
    const box = opponentBox(seats.indexOf(seat), seats.length, geometry.opponents);
    return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
  }

  /** The pile's five bags: a column in the side panel, or a row across a portrait screen. */
  function bagCells(box) {
    return table.view.colours.map((colour, index) => (box.across
      ? { colour, x: box.x + 6 + index * ((box.w - 12) / 5), y: box.y + 26, w: (box.w - 12) / 5 - 4, h: 66 }
      : { colour, x: box.x + 6, y: box.y + 30 + index * 30, w: box.w - 12, h: 28 }));
  }

  /** The five colours of the bases' choice, as big face-down tiles across the stacks area. */
  function baseCells(box) {
    const gap = box.w < 500 ? 10 : 18;
    const w = Math.min(78, (box.w - 40 - 4 * gap) / 5);
    const h = w * 1.33;
    const x0 = box.x + (box.w - (5 * w + 4 * gap)) / 2;
    const y = box.y + Math.max(112, (box.h - h) / 2 + 20);
    return table.view.colours.map((colour, index) => ({ colour, x: x0 + index * (w + gap), y, w, h, gap }));
  }

  // ------------------------------------------------------------ the art of a tile
  function symbolPath(c, symbol, x, y, r) {
    const shape = table.view.symbol_names[symbol];
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

  function drawSymbol(c, symbol, colour, x, y, r) {
    const shade = tone(colour);
    symbolPath(c, symbol, x, y, r);
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
  function drawEdge(c, colour, x, y, w, h) {
    const shade = tone(colour);
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
  function drawFace(c, piece, x, y, w, h, { glow = null } = {}) {
    const shade = tone(piece.colour);
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
    drawSymbol(c, piece.symbol, piece.colour, x + w / 2 + 2, y + h / 2 + 1, r * 0.86);
    // the colour's initial, so colour is never the only cue
    fitText(c, initial(piece.colour), { x: x + inset + 1, y: y + inset, w: w * 0.34, h: h * 0.26 },
      { size: Math.max(6, h * 0.2), weight: 700, colour: shade.dark, align: "left", minSize: 5 });
  }

  /** A tile face down: only its colour shows (with the colour's initial embossed). */
  function drawBack(c, colour, x, y, w, h, { letter = true } = {}) {
    const shade = tone(colour);
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
      fitText(c, initial(colour), { x: x + 1, y: y + 1, w: w - 2, h: h - 2 },
        { size: Math.max(6, Math.min(w, h) * 0.5), weight: 700, colour: "rgba(255,255,255,0.92)", minSize: 5 });
    }
  }

  /** A cloth bag of one colour, for the pile. */
  function drawBag(c, colour, x, y, size, { empty = false } = {}) {
    const shade = tone(colour);
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
    fitText(c, initial(colour), { x: x + w * 0.2, y: y + h * 0.4, w: w * 0.6, h: h * 0.46 },
      { size: size * 0.34, weight: 700, colour: "#ffffff", minSize: 5 });
    c.restore();
  }

  // ------------------------------------------------------------ drawing the table
  function drawTable(c) {
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

  function handWords(seat) {
    const hand = table.view.hands[seat];
    const counts = table.view.colours.map((colour) => [colour, hand.colours.filter((x) => x === colour).length])
      .filter(([, n]) => n > 0).map(([colour, n]) => `${n} ${colourName(colour)}`);
    return t("upcombine.describe.hand", { name: host.seatName(seat), n: hand.count, colours: list(counts) });
  }

  function drawOpponents(c, view) {
    const seats = opponentSeats();
    seats.forEach((seat, index) => {
      const box = opponentBox(index, seats.length, geometry.opponents);
      const hand = view.hands[seat];
      const current = view.current === seat;
      panel(c, box, { fill: current ? PALETTE.panelActive : "rgba(245, 241, 232, 0.94)",
        edge: current ? "#f2b824" : PALETTE.panelEdge, radius: 10, lineWidth: current ? 3 : 1 });
      const name = host.seatName(seat);
      fitText(c, current ? `▶ ${name}` : name, { x: box.x + 8, y: box.y + 3, w: box.w * 0.62 - 8, h: 20 },
        { size: 13, weight: 600, align: "left", minSize: 8 });
      fitText(c, tilesText(hand.count), { x: box.x + box.w * 0.62, y: box.y + 3, w: box.w * 0.38 - 8, h: 20 },
        { size: 12, colour: PALETTE.muted, align: "right", minSize: 8 });
      const groups = view.colours.map((colour) => [colour, hand.colours.filter((x) => x === colour).length]).filter(([, n]) => n > 0);
      const slot = Math.min(62, (box.w - 16) / Math.max(1, groups.length));
      const tileH = Math.min(30, box.h - 34);
      groups.forEach(([colour, n], g) => {
        const gx = box.x + 8 + g * slot;
        const gy = box.y + 26;
        const w = Math.min(22, slot * 0.42);
        const layers = Math.min(n, 3);
        for (let k = layers - 1; k >= 0; k--) drawBack(c, colour, gx + k * 2, gy + 4 - k * 2, w, tileH, { letter: k === 0 });
        fitText(c, `×${n}`, { x: gx + w + 5, y: gy + 2, w: slot - w - 7, h: tileH },
          { size: 12, weight: 700, align: "left", minSize: 7 });
      });
      if (hand.count === 0) {
        fitText(c, t("upcombine.empty_hand"), { x: box.x + 8, y: box.y + 26, w: box.w - 16, h: box.h - 30 },
          { size: 12, colour: PALETTE.muted, align: "left" });
      }
      surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: `hand:${seat}`, value: { kind: "opponent", seat },
        describe: handWords(seat), focusable: false });
    });
  }

  function stackWords(index) {
    const stack = table.view.stacks[index];
    const colours = table.view.colours.filter((c) => stack.pieces.some((p) => p.colour === c)).map(colourName);
    return t("upcombine.say.stack", { n: index + 1, top: pieceName(stack.top), count: stack.pieces.length,
      colours: list(colours) }) + (stack.used ? ` ${t("upcombine.say.used")}` : "");
  }

  /** One stack's art at cell (x, y) with scale s: `pieces` bottom to top; `lift` raises them. */
  function drawStackArt(c, view, index, cell, { pieces = null, lift = 0, hideTop = false, glow = null, dim = false } = {}) {
    const shown = pieces || view.stacks[index].pieces;
    c.save();
    c.translate(cell.x, cell.y);
    c.scale(cell.s, cell.s);
    if (dim) c.globalAlpha = 0.45;
    const x = (CELL_W - TILE_W) / 2;
    const base = BASE_Y - lift;
    const n = shown.length;
    if (lift === 0 && n) {
      c.beginPath();
      c.ellipse(CELL_W / 2, BASE_Y + 2, TILE_W / 2 + 4, 5, 0, 0, Math.PI * 2);
      c.fillStyle = "rgba(0,0,0,0.28)";
      c.fill();
    }
    const topCount = hideTop ? n - 1 : n;
    for (let i = 0; i < topCount; i++) drawEdge(c, shown[i].colour, x, base - (i + 1) * EDGE, TILE_W, EDGE);
    if (topCount > 0) {
      const fy = base - topCount * EDGE - FACE_H;
      drawFace(c, shown[topCount - 1], x, fy, TILE_W, FACE_H, { glow });
      if (glow) {
        roundRect(c, x - 4, fy - 4, TILE_W + 8, FACE_H + topCount * EDGE + 8, 9);
        c.strokeStyle = glow;
        c.lineWidth = 3;
        c.stroke();
      }
    }
    c.restore();
  }

  /** A stack's labels (number, used, its colours, and the preview of a placement on it), in board units. */
  function drawStackLabels(c, view, index, cell, target) {
    const stack = view.stacks[index];
    const s = cell.s;
    const w = CELL_W * s;
    c.save();
    c.beginPath();
    c.arc(cell.x + 13 * s, cell.y + 10 * s, Math.max(8, 9 * s), 0, Math.PI * 2);
    c.fillStyle = stack.used ? "#5b6270" : "#f6efe0";
    c.fill();
    c.strokeStyle = "rgba(0,0,0,0.4)";
    c.lineWidth = 1;
    c.stroke();
    c.restore();
    const r = Math.max(8, 9 * s);
    fitText(c, String(index + 1), { x: cell.x + 13 * s - r, y: cell.y + 10 * s - r, w: 2 * r, h: 2 * r },
      { size: 11, weight: 700, colour: stack.used ? "#ffffff" : PALETTE.ink, minSize: 7 });
    if (stack.used) {
      const box = { x: cell.x + 25 * s, y: cell.y + 2 * s, w: w - 27 * s, h: Math.max(14, 16 * s) };
      c.fillStyle = "rgba(20, 24, 32, 0.78)";
      roundRect(c, box.x, box.y, box.w, box.h, box.h / 2);
      c.fill();
      fitText(c, `✓ ${t("upcombine.used")}`, { x: box.x + 3, y: box.y, w: box.w - 6, h: box.h },
        { size: 10, weight: 700, colour: "#ffffff", minSize: 6 });
    }
    // the colours in the stack, as little tiles: two overlapping for a colour it holds twice
    const present = view.colours.filter((colour) => stack.pieces.some((p) => p.colour === colour));
    const pip = 12 * s;
    const gap = 1.5 * s;
    const px0 = cell.x + w / 2 - (present.length * (pip + gap) - gap) / 2;
    const pipY = cell.y + (BASE_Y + 9) * s;
    present.forEach((colour, k) => {
      const count = stack.pieces.filter((p) => p.colour === colour).length;
      const px = px0 + k * (pip + gap);
      if (count > 1) drawBack(c, colour, px, pipY, pip, pip, { letter: false });
      drawBack(c, colour, px, pipY - (count > 1 ? 3 * s : 0), pip, pip, { letter: false });
    });
    const text = { x: cell.x + 2, y: pipY + pip + 2, w: w - 4, h: cell.y + CELL_H * s - (pipY + pip + 2) };
    if (target) {
      // the round's score preview: what a placement here leaves in hand, whether it splits the stack
      const p = target.params;
      const lines = p.points === 0 ? t("upcombine.preview.win")
        : `${t("upcombine.preview.points", { points: p.points })}${p.split ? ` · ${t("upcombine.preview.split")}` : ""}`;
      c.fillStyle = p.points === 0 || p.split ? "#fff1b8" : "rgba(255, 250, 235, 0.95)";
      roundRect(c, text.x, text.y, text.w, text.h, 6);
      c.fill();
      c.strokeStyle = "#b38600";
      c.lineWidth = 1.5;
      c.stroke();
      fitText(c, lines, { x: text.x + 3, y: text.y + 1, w: text.w - 6, h: text.h - 2 },
        { size: 12, weight: 700, colour: "#3d2c00", lines: 2, minSize: 7 });
      return;
    }
    const n = stack.pieces.length;
    if (w < 60) { // a small cell: its colours as a fraction only (hover or long press says the rest)
      fitText(c, `${stack.colours}/5`, text, { size: 11, weight: stack.colours >= 4 ? 700 : 400,
        colour: stack.colours >= 4 ? HIGHLIGHT : "rgba(255,255,255,0.85)", minSize: 7 });
      return;
    }
    fitText(c, t("upcombine.stack_tiles", { n }), { x: text.x, y: text.y, w: text.w, h: text.h / 2 },
      { size: 11, colour: "rgba(255,255,255,0.92)", minSize: 7 });
    fitText(c, t("upcombine.stack_colours", { k: stack.colours }), { x: text.x, y: text.y + text.h / 2, w: text.w, h: text.h / 2 },
      { size: 10, weight: stack.colours >= 4 ? 700 : 400, colour: stack.colours >= 4 ? HIGHLIGHT : "rgba(255,255,255,0.78)", minSize: 7 });
  }

  function drawStacks(c, view) {
    const count = view.stacks.length;
    const box = geometry.stacks;
    const cells = stackCells(count, box);
    let split = null;
    let flying = null;
    if (anim && anim.kind === "place") {
      const p = anim.progress;
      if (anim.split) {
        const k = anim.split.stack - 1;
        const old = stackCells(count - 1, box);
        // tween() eases out; the split runs in two phases, so go back to linear time and ease each phase
        const linear = 1 - Math.cbrt(1 - p);
        const smooth = (q) => q * q * (3 - 2 * q);
        const phase1 = smooth(Math.min(1, linear / 0.45));
        const phase2 = smooth(Math.max(0, (linear - 0.45) / 0.55));
        split = { k, old, phase1, phase2, bottom: view.stacks[k].pieces.length };
        if (phase1 < 1) flying = { cell: old[k], level: split.bottom + view.stacks[k + 1].pieces.length - 1 };
      } else if (p < 1) {
        flying = { cell: cells[anim.stack], level: view.stacks[anim.stack].pieces.length - 1 };
      }
      if (flying) {
        const cell = flying.cell;
        const to = { x: cell.x + ((CELL_W - TILE_W) / 2) * cell.s, y: cell.y + (BASE_Y - (flying.level + 1) * EDGE - FACE_H) * cell.s };
        const q = split ? split.phase1 : p;
        flying.x = lerp(anim.from.x - (TILE_W * cell.s) / 2, to.x, q);
        flying.y = lerp(anim.from.y, to.y, q) - Math.sin(q * Math.PI) * 40;
        flying.s = cell.s;
      }
    }
    fitText(c, t("upcombine.round", { n: view.round }), { x: box.x + 4, y: box.y, w: box.w * 0.5, h: 16 },
      { size: 12, weight: 600, colour: "rgba(255,255,255,0.85)", align: "left" });
    const picked = selected !== null;
    for (let index = 0; index < count; index++) {
      let cell = cells[index];
      const options = {};
      if (split) {
        const { k, old, phase2, bottom } = split;
        const from = index <= k ? old[index] : old[index - 1];
        cell = { x: lerp(from.x, cells[index].x, phase2), y: lerp(from.y, cells[index].y, phase2), s: lerp(from.s, cells[index].s, phase2) };
        if (index === k + 1) {
          options.lift = (1 - phase2) * bottom * EDGE;
          if (split.phase1 < 1) options.hideTop = true;
        }
      } else if (anim && anim.kind === "place" && index === anim.stack && flying) {
        options.hideTop = true;
      }
      const target = targetOnStack(index + 1);
      const hintHere = hinted && hinted.to && hinted.to.kind === "stack" && hinted.to.id === String(index + 1)
        && (!selected || same(hinted.thing, { kind: "piece", id: selected.code }));
      options.glow = target ? HIGHLIGHT : hintHere ? HINT : null;
      if (surface.isHovered(`stack:${index + 1}`) && target) options.glow = "#fff6c2";
      options.dim = picked && !target;
      drawStackArt(c, view, index, cell, options);
      if (!split || index !== split.k + 1 || split.phase2 > 0.6) drawStackLabels(c, view, index, cell, target);
      const region = { rect: [cell.x, cell.y, CELL_W * cell.s, CELL_H * cell.s] };
      surface.region(region, { key: `stack:${index + 1}`, value: { kind: "stack", number: index + 1 }, target,
        label: target ? words(target) : "", describe: stackWords(index) });
    }
    if (flying) {
      drawFace(c, { colour: anim.colour, symbol: anim.symbol }, flying.x, flying.y, TILE_W * flying.s, FACE_H * flying.s,
        { glow: "rgba(0,0,0,0.5)" });
    }
  }

  /** The oldest player's choice of the bases: the five colours face down, the first one picked raised. */
  function drawBaseChoice(c, view) {
    const box = geometry.stacks;
    const seat = actor();
    const inner = { x: box.x + 12, y: box.y + 8, w: box.w - 24, h: box.h - 16 };
    panel(c, inner, { fill: "rgba(250, 246, 236, 0.95)", radius: 12 });
    fitText(c, t("upcombine.bases.title", { n: view.round }), { x: inner.x + 12, y: inner.y + 8, w: inner.w - 24, h: 26 },
      { size: 17, weight: 700 });
    const who = seat === null ? t("upcombine.bases.chooser", { name: host.seatName(view.current) }) : t("upcombine.bases.you");
    fitText(c, `${who} ${t("upcombine.bases.face_down")}`, { x: inner.x + 12, y: inner.y + 36, w: inner.w - 24, h: 56 },
      { size: 13, colour: PALETTE.muted, lines: 4, minSize: 9 });
    const mine = targets();
    const hintedColours = hinted && hinted.to && hinted.thing.kind === "tile" ? [hinted.thing.id, hinted.to.id] : [];
    for (const cell of baseCells(box)) {
      const colour = cell.colour;
      const tile = { kind: "tile", id: colour };
      const picked = basePick === colour;
      let target = null;
      let label = "";
      if (seat !== null) {
        if (picked) label = t("upcombine.base_drop", { colour: colourName(colour) });
        else if (basePick) {
          target = mine.find((x) => (same(x.thing, tile) && x.to.id === basePick) || (same(x.to, tile) && x.thing.id === basePick)) || null;
        } else if (mine.some((x) => same(x.thing, tile) || same(x.to, tile))) {
          label = t("upcombine.base_pick", { colour: colourName(colour) });
        }
      }
      const open = Boolean(target || label);
      const lift = picked ? 12 : (surface.isHovered(`base:${colour}`) && open ? 5 : 0);
      c.save();
      if (seat !== null && !open) c.globalAlpha = 0.4;
      drawBack(c, colour, cell.x, cell.y - lift, cell.w, cell.h);
      c.restore();
      if (picked || hintedColours.includes(colour)) {
        roundRect(c, cell.x - 5, cell.y - lift - 5, cell.w + 10, cell.h + 10, 10);
        c.strokeStyle = picked ? HIGHLIGHT : HINT;
        c.lineWidth = 4;
        c.stroke();
      }
      const under = { x: cell.x - cell.gap / 2 + 1, w: cell.w + cell.gap - 2 }; // never over the next colour's
      fitText(c, capital(colourName(colour)), { ...under, y: cell.y + cell.h + 6, h: 18 }, { size: 13, weight: 600, minSize: 7 });
      fitText(c, t("upcombine.bases.in_pile", { n: view.pile.colours[colour] || 0 }),
        { ...under, y: cell.y + cell.h + 24, h: 28 }, { size: 12, colour: PALETTE.muted, lines: 2, minSize: 7 });
      surface.region({ rect: [cell.x, cell.y - lift, cell.w, cell.h] }, { key: `base:${colour}`, value: { kind: "base", colour },
        target, label: target ? words(target) : label, describe: t("upcombine.say.base", { colour: capital(colourName(colour)), n: view.pile.colours[colour] || 0 }) });
    }
  }

  /** Whether every colour's name fits a bag's cell `w` units wide, on one line, at 10 units or more. */
  function namesFit(w) {
    const c = surface.context;
    c.save();
    c.font = font(10, 700);
    const fit = table.view.colours.every((colour) => c.measureText(capital(colourName(colour))).width <= w - 2);
    c.restore();
    return fit;
  }

  function drawPile(c, view) {
    const box = geometry.pile;
    const pile = view.pile;
    const things = byThing();
    const pass = targets().find((target) => target.thing.kind === "button") || null;
    panel(c, box, { fill: "rgba(250, 246, 236, 0.95)", radius: 10 });
    fitText(c, t("upcombine.pile", { n: pile.count }), { x: box.x + 10, y: box.y + 4, w: box.w - 20, h: 22 },
      { size: 13, weight: 600, align: "left", minSize: 8 });
    for (const cell of bagCells(box)) {
      const colour = cell.colour;
      const n = pile.colours[colour] || 0;
      const target = (things.get(`tile:${colour}`) || []).find((x) => !x.to) || null; // a draw, not a base
      const hovered = surface.isHovered(`bag:${colour}`);
      if (target) {
        roundRect(c, cell.x, cell.y, cell.w, cell.h, 8);
        c.fillStyle = hovered ? "rgba(255, 214, 102, 0.8)" : "rgba(255, 226, 140, 0.45)";
        c.fill();
      }
      if (hinted && same(hinted.thing, { kind: "tile", id: colour }) && !hinted.to) {
        roundRect(c, cell.x, cell.y, cell.w, cell.h, 8);
        c.strokeStyle = "#f08a00";
        c.lineWidth = 3;
        c.stroke();
      }
      if (box.across) {
        // the bag (its colour's initial on it), the colour's name on a line of its own where every name fits at a
        // readable size (in Ukrainian they do not: the bags keep their initials, and a touch says the rest), the count
        const size = 30;
        drawBag(c, colour, cell.x + cell.w / 2 - size / 2, cell.y + 2, size, { empty: n === 0 });
        const ink = n ? PALETTE.ink : PALETTE.disabled;
        if (namesFit(cell.w)) {
          fitText(c, capital(colourName(colour)), { x: cell.x, y: cell.y + size + 3, w: cell.w, h: 15 },
            { size: 11.5, weight: target ? 700 : 400, colour: ink, minSize: 10 });
          fitText(c, `×${n}`, { x: cell.x, y: cell.y + size + 18, w: cell.w, h: 15 }, { size: 12.5, weight: 700, colour: ink, minSize: 9 });
        } else {
          fitText(c, `×${n}`, { x: cell.x, y: cell.y + size + 4, w: cell.w, h: 28 }, { size: 15, weight: 700, colour: ink, minSize: 9 });
        }
      } else {
        drawBag(c, colour, cell.x + 4, cell.y + 1, 26, { empty: n === 0 });
        fitText(c, capital(colourName(colour)), { x: cell.x + 36, y: cell.y, w: cell.w - 80, h: cell.h },
          { size: 13, colour: n ? PALETTE.ink : PALETTE.disabled, align: "left", minSize: 8 });
        fitText(c, `×${n}${target ? " ⬇" : ""}`, { x: cell.x + cell.w - 44, y: cell.y, w: 40, h: cell.h },
          { size: 13, weight: 700, colour: n ? PALETTE.ink : PALETTE.disabled, align: "right", minSize: 8 });
      }
      surface.region({ rect: [cell.x, cell.y, cell.w, cell.h] }, { key: `bag:${colour}`, value: { kind: "bag", colour },
        target, label: target ? words(target) : "", describe: t("upcombine.say.pile", { colour: colourName(colour), n }) });
    }
    if (pass) {
      const b = box.across ? { x: box.x + 10, y: box.y + 96, w: box.w - 20, h: 34 }
        : { x: box.x + 10, y: box.y + box.h + 6, w: box.w - 20, h: 32 };
      button(c, b, t("upcombine.end_turn"), { hovered: surface.isHovered("pass"), size: 13 });
      if (hinted && hinted.action === pass.action) {
        roundRect(c, b.x - 3, b.y - 3, b.w + 6, b.h + 6, 10);
        c.strokeStyle = HINT;
        c.lineWidth = 3;
        c.stroke();
      }
      surface.region({ rect: [b.x, b.y, b.w, b.h] }, { key: "pass", value: { kind: "pass" }, target: pass, label: words(pass) });
    }
  }

  /** The rounds so far and the round in play, one row per seat, named as everywhere else (host.seatName): the
   * last rounds that fit, "Now" (the round in play as it would score now: each seat's tiles in hand, the points it
   * scores when another player empties a hand) and the total. */
  function drawRounds(c, view) {
    let box = geometry.rounds;
    if (!box) return; // a short phone screen: the page's scores and the log hold it (layoutFor)
    if (!geometry.portrait && targets().some((target) => target.thing.kind === "button")) {
      box = { ...box, y: box.y + 40, h: box.h - 40 }; // the End turn button sits above it
    }
    panel(c, box, { fill: "rgba(250, 246, 236, 0.95)", radius: 10 });
    fitText(c, t("upcombine.rounds_title", { target: view.target }), { x: box.x + 10, y: box.y + 4, w: box.w - 20, h: 22 },
      { size: 13, weight: 600, align: "left", minSize: 8 });
    const rowH = 18;
    const now = !view.over && view.round_points.length > 0;
    const left = box.x + 8;
    const inner = box.w - 16;
    const numW = 34;
    const roundW = 26;
    // the names keep at least 44% of the width, the last rounds that fit take what is left, then the names the rest
    const fit = Math.max(0, Math.floor((inner * 0.56 - numW * (now ? 2 : 1)) / roundW));
    const columns = [
      ...view.rounds.slice(-Math.min(5, fit)).map((round) => ({ round, w: roundW })),
      ...(now ? [{ now: true, w: numW }] : []),
      { total: true, w: numW },
    ];
    const nameW = Math.min(150, inner - columns.reduce((sum, column) => sum + column.w, 0));
    const spare = (inner - nameW - columns.reduce((sum, column) => sum + column.w, 0)) / columns.length;
    let x = left + nameW;
    for (const column of columns) { column.x = x; column.w += spare; x += column.w; }
    const cellBox = (column, y) => ({ x: column.x + 1, y: y - rowH / 2, w: column.w - 2, h: rowH });
    let y = box.y + 28 + rowH / 2;
    for (const column of columns) { // the heading row
      const text = column.round ? `${t("upcombine.round_short", { n: column.round.round })}${column.round.blocked ? " ⊘" : ""}`
        : t(column.now ? "upcombine.now" : "upcombine.total");
      if (column.now) {
        c.fillStyle = "rgba(255, 226, 140, 0.45)";
        roundRect(c, column.x, y - rowH / 2, column.w, rowH * (view.totals.length + 1), 4);
        c.fill();
      }
      fitText(c, text, cellBox(column, y), { size: 11, weight: column.round ? 400 : 700, colour: column.round ? PALETTE.muted : PALETTE.ink, minSize: 7 });
    }
    const best = Math.min(...view.totals);
    view.totals.forEach((total, seat) => {
      y += rowH;
      const winner = view.over && total === best;
      fitText(c, `${winner ? "★ " : ""}${host.seatName(seat)}`, { x: left, y: y - rowH / 2, w: nameW - 4, h: rowH },
        { size: 11, weight: 600, colour: winner ? PALETTE.good : seat === bottomSeat ? PALETTE.accent : PALETTE.ink, align: "left", minSize: 7 });
      for (const column of columns) {
        if (column.round) {
          const won = column.round.winner === seat;
          fitText(c, won ? `★ ${column.round.points[seat]}` : String(column.round.points[seat]), cellBox(column, y),
            { size: 12, weight: won ? 700 : 400, colour: won ? PALETTE.good : PALETTE.ink, minSize: 7 });
        } else if (column.now) {
          fitText(c, `+${view.round_points[seat]}`, cellBox(column, y), { size: 12, weight: 600, colour: "#8a5a00", minSize: 7 });
        } else {
          fitText(c, String(total), cellBox(column, y), { size: 13, weight: 700, colour: total >= view.target ? PALETTE.danger : PALETTE.ink, minSize: 7 });
        }
      }
    });
    y += rowH / 2 + 2;
    if (!view.rounds.length && y + rowH <= box.y + box.h - 2) {
      fitText(c, t("upcombine.no_rounds"), { x: box.x + 10, y, w: box.w - 20, h: rowH },
        { size: 11, colour: PALETTE.muted, align: "left", minSize: 7 });
      y += rowH;
    }
    const noteH = box.y + box.h - 4 - y;
    if (now && noteH >= 24) {
      fitText(c, t("upcombine.preview.note"), { x: box.x + 10, y, w: box.w - 20, h: Math.min(noteH, 48) },
        { size: 10.5, colour: PALETTE.muted, align: "left", valign: "top", lines: 4, minSize: 7 });
    }
  }

  function statusText(view) {
    if (view.over) return t("upcombine.status.over");
    const seat = actor();
    if (privacy()) return t("upcombine.status.private", { name: host.seatName(view.current) });
    if (view.choosing_bases && seat === null) return t("upcombine.status.bases_wait", { name: host.seatName(view.current) });
    if (seat === null) return t("upcombine.status.wait", { name: host.seatName(view.current), round: view.round });
    if (view.choosing_bases) {
      return basePick ? t("upcombine.status.bases_second", { colour: colourName(basePick) }) : t("upcombine.status.bases");
    }
    if (selected) return t("upcombine.status.selected", { piece: codeName(selected.code) });
    const mine = targets();
    const placements = mine.some((target) => target.thing.kind === "piece");
    const used = view.stacks.map((s, i) => (s.used ? i + 1 : null)).filter((x) => x !== null);
    const usedText = used.length ? ` ${t("upcombine.status.used", { stacks: used.join(", ") })}` : "";
    if (view.placed_this_turn === 0 && placements) return t("upcombine.status.place_first") + usedText;
    if (placements) return t("upcombine.status.more", { n: view.placed_this_turn }) + usedText;
    if (mine.some((target) => target.thing.kind === "button")) return t("upcombine.status.pass") + usedText;
    if (view.placed_this_turn > 0) return t("upcombine.status.done", { n: view.placed_this_turn }) + usedText;
    return t("upcombine.status.stuck");
  }

  function drawStatus(c, view) {
    const box = geometry.status;
    const mine = actor() !== null;
    c.fillStyle = mine ? "rgba(255, 236, 170, 0.95)" : "rgba(0, 0, 0, 0.35)";
    roundRect(c, box.x, box.y, box.w, box.h, Math.min(16, box.h / 2));
    c.fill();
    fitText(c, capital(statusText(view)), { x: box.x + 14, y: box.y + 2, w: box.w - 28, h: box.h - 4 },
      { size: 14, weight: 600, colour: mine ? "#3d2c00" : "#ffffff", lines: 2, minSize: 9 });
  }

  function pieceWords(piece) {
    if (actor() === null) return t("upcombine.describe.yours", { piece: pieceName(piece) });
    const stacks = (byThing().get(`piece:${piece.colour}${piece.symbol}`) || []).map((target) => target.to.id);
    return stacks.length ? t("upcombine.describe.fits", { piece: pieceName(piece), stacks: list(stacks), count: stacks.length })
      : t("upcombine.describe.fits_none", { piece: pieceName(piece) });
  }

  function drawHand(c, view) {
    const box = geometry.hand;
    const hand = view.hands[bottomSeat];
    const hidden = !hand.pieces || privacy();
    const mine = actor() !== null;
    const things = byThing();
    const owner = humans() === 1 && bottomSeat === table.seats.findIndex((s) => s.kind === "human")
      ? t("upcombine.your_tiles", { n: hand.count })
      : t("upcombine.their_tiles", { name: host.seatName(bottomSeat), n: hand.count });
    fitText(c, (view.current === bottomSeat && !view.over ? "▶ " : "") + owner, { x: box.x + 14, y: box.y + 6, w: box.w * 0.55, h: 24 },
      { size: 14, weight: 600, colour: "#fff4dc", align: "left", minSize: 9 });
    if (selected && !hidden) {
      fitText(c, t("upcombine.esc_cancel"), { x: box.x + box.w * 0.57, y: box.y + 6, w: box.w * 0.43 - 14, h: 24 },
        { size: 12, colour: "#fff4dc", align: "right", lines: 2, minSize: 8 });
    }
    if (hand.count === 0) {
      fitText(c, t("upcombine.empty_hand"), { x: box.x + 14, y: box.y + 40, w: box.w - 28, h: 30 },
        { size: 13, colour: "#fff4dc", align: "left" });
      return;
    }
    const cells = handCells(hand.count, box);
    cells.forEach((cell, index) => {
      if (hidden) {
        drawBack(c, hand.colours[index], cell.x, cell.y, cell.w, cell.h + 6);
        return;
      }
      const piece = hand.pieces[index];
      const code = `${piece.colour}${piece.symbol}`;
      const fits = things.get(`piece:${code}`) || [];
      const isSelected = selected && selected.index === index;
      const lifted = isSelected ? 14 : (surface.isHovered(`piece:${index}`) && fits.length ? 6 : 0);
      const y = cell.y - lifted;
      drawEdge(c, piece.colour, cell.x, y + cell.h - 2, cell.w, 8);
      let glow = null;
      if (isSelected) glow = HIGHLIGHT;
      else if (hinted && same(hinted.thing, { kind: "piece", id: code }) && !selected) glow = HINT;
      drawFace(c, piece, cell.x, y, cell.w, cell.h, { glow });
      if (mine && !fits.length && !view.choosing_bases) {
        roundRect(c, cell.x, y, cell.w, cell.h + 6, 7);
        c.fillStyle = "rgba(40, 25, 10, 0.34)";
        c.fill();
      }
      let label = "";
      if (mine && fits.length) {
        label = t(isSelected ? "upcombine.put_back" : "upcombine.pick", { colour: colourName(piece.colour), symbol: symbolWord(piece.symbol) });
      }
      surface.region({ rect: [cell.x, y, cell.hitW, cell.h + 8] }, { key: `piece:${index}`, value: { kind: "piece", code, index },
        label, describe: pieceWords(piece) });
    });
  }

  function drawDrawAnimation(c) {
    if (!anim || anim.kind !== "draw") return;
    const cell = bagCells(geometry.pile).find((bag) => bag.colour === anim.colour);
    const to = seatAnchor(anim.seat);
    const p = anim.progress;
    const x = lerp(cell.x + 10, to.x - 12, p);
    const y = lerp(cell.y, to.y - 16, p) - Math.sin(p * Math.PI) * 30;
    drawBack(c, anim.colour, x, y, 24, 32);
  }

  function overlayCard(c, box) {
    panel(c, box, { fill: "#fbf7ee", edge: "#c9b48a", radius: 16, shadow: true });
  }

  function wonText(seat) {
    const you = humans() === 1 && table.seats[seat].kind === "human";
    return you ? t("upcombine.summary.won_you") : t("upcombine.summary.won", { name: host.seatName(seat) });
  }

  /** The running totals right after round `number`. */
  function totalsAfter(view, number) {
    const totals = view.totals.map(() => 0);
    for (const round of view.rounds) {
      if (round.round > number) break;
      round.points.forEach((points, seat) => { totals[seat] += points; });
    }
    return totals;
  }

  function drawSummary(c, view) {
    if (!summary) return;
    const round = view.rounds.find((r) => r.round === summary.round);
    if (!round) return;
    const area = geometry.stacks;
    const players = round.points.length;
    const w = Math.min(380, area.w - 16);
    const h = 100 + players * 24 + 34;
    const box = { x: area.x + (area.w - w) / 2, y: area.y + Math.max(4, (area.h - h) / 2), w, h };
    c.fillStyle = "rgba(10, 30, 20, 0.55)";
    roundRect(c, area.x, area.y - 4, area.w, area.h + 8, 12);
    c.fill();
    overlayCard(c, box);
    fitText(c, t("upcombine.summary.title", { n: round.round }), { x: box.x + 12, y: box.y + 10, w: w - 24, h: 26 }, { size: 17, weight: 700 });
    fitText(c, round.blocked ? t("upcombine.summary.blocked") : wonText(round.winner), { x: box.x + 12, y: box.y + 38, w: w - 24, h: 36 },
      { size: 14, colour: "#3f4654", lines: 2, minSize: 9 });
    let ty = box.y + 88;
    const nameW = w - 170;
    fitText(c, t("upcombine.summary.player"), { x: box.x + 20, y: ty - 9, w: nameW, h: 18 }, { size: 12, weight: 600, colour: PALETTE.muted, align: "left" });
    fitText(c, t("upcombine.summary.points"), { x: box.x + w - 150, y: ty - 9, w: 80, h: 18 }, { size: 12, weight: 600, colour: PALETTE.muted, align: "right", minSize: 7 });
    fitText(c, t("upcombine.total"), { x: box.x + w - 66, y: ty - 9, w: 46, h: 18 }, { size: 12, weight: 600, colour: PALETTE.muted, align: "right", minSize: 7 });
    const totals = totalsAfter(view, round.round);
    for (let seat = 0; seat < players; seat++) {
      ty += 24;
      const won = round.winner === seat;
      fitText(c, `${won ? "★ " : ""}${host.seatName(seat)}`, { x: box.x + 20, y: ty - 10, w: nameW, h: 20 },
        { size: 14, weight: won ? 700 : 400, colour: won ? PALETTE.good : PALETTE.ink, align: "left", minSize: 8 });
      fitText(c, `+${round.points[seat]}`, { x: box.x + w - 150, y: ty - 10, w: 80, h: 20 }, { size: 14, align: "right" });
      fitText(c, String(totals[seat]), { x: box.x + w - 66, y: ty - 10, w: 46, h: 20 },
        { size: 14, weight: 700, colour: totals[seat] >= view.target ? PALETTE.danger : PALETTE.ink, align: "right" });
    }
    const last = view.over && round === view.rounds[view.rounds.length - 1];
    fitText(c, last ? t("upcombine.summary.final") : touchy("upcombine.summary.continue"), { x: box.x + 12, y: box.y + h - 32, w: w - 24, h: 26 },
      { size: 12, colour: PALETTE.muted, lines: 2, minSize: 8 });
    surface.region({ rect: [0, 0, geometry.width, geometry.height] }, { key: "summary", value: { kind: "summary" },
      label: t("upcombine.continue") });
  }

  function drawPrivacy(c, view) {
    const { width, height } = geometry;
    c.fillStyle = "rgba(16, 28, 40, 0.97)";
    roundRect(c, 0, 0, width, height, 14);
    c.fill();
    const name = host.seatName(table.viewer);
    const w = Math.min(460, width - 24);
    const h = 220;
    const box = { x: (width - w) / 2, y: Math.min(height / 2 - h / 2 - 20, 200), w, h };
    overlayCard(c, box);
    view.colours.forEach((colour, i) => drawBack(c, colour, box.x + w / 2 - 5 * 17 + i * 34 + 4, box.y + 18, 26, 34));
    fitText(c, t("upcombine.privacy.title", { name }), { x: box.x + 14, y: box.y + 60, w: w - 28, h: 48 }, { size: 20, weight: 700, lines: 2 });
    fitText(c, touchy("upcombine.privacy.body", { name }), { x: box.x + 14, y: box.y + 110, w: w - 28, h: 40 },
      { size: 14, colour: "#4a4f5c", lines: 2, minSize: 9 });
    const b = { x: box.x + w / 2 - 110, y: box.y + 162, w: 220, h: 40 };
    button(c, b, t("upcombine.privacy.button"), { size: 14 });
    if (view.rounds.length && summary) {
      fitText(c, t("upcombine.privacy.round_over", { n: summary.round }), { x: 12, y: box.y + h + 14, w: width - 24, h: 36 },
        { size: 13, colour: "rgba(255,255,255,0.8)", lines: 2 });
    }
    surface.region({ rect: [0, 0, width, height] }, { key: "privacy", value: { kind: "privacy" }, label: t("upcombine.privacy.button") });
  }

  function render() {
    if (!table) return;
    const view = table.view;
    const next = layoutFor(view);
    if (!geometry || next.width !== surface.width || next.height !== surface.height) surface.layout(next.width, next.height);
    geometry = next;
    const c = surface.context;
    surface.begin();
    drawTable(c);
    if (privacy()) {
      drawPrivacy(c, view);
    } else {
      drawOpponents(c, view);
      if (choosing()) drawBaseChoice(c, view);
      else drawStacks(c, view);
      drawPile(c, view);
      drawRounds(c, view);
      drawStatus(c, view);
      drawHand(c, view);
      drawDrawAnimation(c);
      drawSummary(c, view);
    }
    surface.drawFocus();
    publish();
  }

  /** A little state a test (or an embedding page) can read without parsing pixels. */
  function publish() {
    canvas.dataset.privacy = privacy() ? "1" : "0";
    canvas.dataset.selected = selected === null ? "" : String(selected.index);
    canvas.dataset.summary = summary ? String(summary.round) : "";
    canvas.dataset.anim = anim ? `${anim.kind} ${anim.progress.toFixed(2)}` : "";
  }
  /** Where the region named `key` ("stack:3", "piece:0", "bag:G") can be tapped, in CSS px of the viewport, even
   * when a tap there is not a move (tests tap there to see the reason); null if it is not on the board. */
  canvas.gameboxPoint = (key) => {
    const region = surface.regions.find((r) => r.key === key);
    const point = region ? surface.tapPoint(region) : null;
    return point ? pagePosition(canvas, point.x, point.y) : null;
  };

  // ------------------------------------------------------------ taps
  function act(target, source = null) {
    lastSource = source;
    selected = null;
    basePick = null;
    hinted = null;
    surface.hideBubble();
    host.act(target.action);
  }

  function tap(region, point) {
    if (!table) return;
    lastTap = point;
    if (!region) {
      if (selected || basePick) { selected = null; basePick = null; render(); }
      return;
    }
    const value = region.value || {};
    if (value.kind === "privacy") { reveal(); return; }
    if (value.kind === "summary") { summary = null; render(); return; }
    const seat = actor();
    if (region.target) {
      const from = selected && geometry ? handCells(myHand().count, geometry.hand)[selected.index] : null;
      act(region.target, from ? { x: from.x + from.w / 2, y: from.y } : null);
      return;
    }
    if (seat === null) {
      // not this person's turn: a tap says what the thing is, and whose turn it is
      const whose = table.is_over ? t("upcombine.status.over") : t("error.not_your_turn");
      surface.tell(point, value.kind === "opponent" || value.kind === "stack" || value.kind === "bag" || value.kind === "piece"
        ? `${region.describe} ${whose}` : whose);
      return;
    }
    if (value.kind === "piece") {
      if (region.label) {
        selected = selected && selected.index === value.index ? null : { code: value.code, index: value.index };
        hinted = null;
        if (selected) announceSelection();
      } else {
        surface.tell(point, region.describe);
      }
    } else if (value.kind === "base") {
      if (basePick === value.colour) basePick = null;
      else if (region.label) basePick = value.colour;
      else surface.tell(point, t("upcombine.say.base_gone", { colour: capital(colourName(value.colour)) }));
      if (basePick) host.announce(t("upcombine.status.bases_second", { colour: colourName(basePick) }));
    } else if (value.kind === "stack") {
      if (selected) {
        surface.tell(point, refusal({ kind: "piece", id: selected.code }, { kind: "stack", id: String(value.number) })
          || t("upcombine.say.not_there", { piece: codeName(selected.code), n: value.number }));
      } else {
        surface.tell(point, region.describe, "describe");
      }
    } else if (value.kind === "bag") {
      surface.tell(point, refusal({ kind: "tile", id: value.colour }) || region.describe);
    } else if (value.kind === "opponent") {
      surface.tell(point, region.describe, "describe");
    }
    render();
  }

  function announceSelection() {
    const stacks = selectedTargets().map((target) => target.to.id);
    host.announce(t("upcombine.say.selected", { piece: codeName(selected.code), stacks: list(stacks) }));
  }

  function reveal() {
    revealed = table.viewer;
    selected = null;
    render();
    host.announce(t("upcombine.privacy.shown", { name: host.seatName(table.viewer) }));
  }

  // ------------------------------------------------------------ animation of the last action (from the log)
  function startAnimation(previous, next) {
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
      // the table before this one, when it is the same game a move or more earlier (else a game just opened)
      const before = table;
      const last = before && before.history.length ? JSON.stringify(before.history[before.history.length - 1]) : "";
      const previous = before && before.seed === next.seed && before.players === next.players
        && next.history.length >= before.history.length
        && (!last || JSON.stringify(next.history[before.history.length - 1]) === last) ? before : null;
      table = next;
      if (next.viewer !== null && next.viewer !== undefined) bottomSeat = next.viewer;
      else if (!previous || bottomSeat >= next.players) {
        const human = next.seats.findIndex((s) => s.kind === "human");
        bottomSeat = human >= 0 ? human : 0;
      }
      // a piece stays picked up only while it still has places to go
      if (selected) {
        const pieces = next.view.hands[bottomSeat].pieces || [];
        const piece = pieces[selected.index];
        if (!previous || next.fingerprint !== previous.fingerprint || !piece || `${piece.colour}${piece.symbol}` !== selected.code) selected = null;
      }
      if (!previous || next.fingerprint !== previous.fingerprint || !next.view.choosing_bases) basePick = null;
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
      if (!previous) revealed = null;
      if (next.is_over) revealed = null;
      if (!geometry) geometry = layoutFor(next.view);
      const moving = animate && previous && !privacy() ? startAnimation(previous, next) : null;
      lastSource = null;
      anim = moving;
      if (moving) {
        tween(moving.ms, (p) => { if (anim === moving) { moving.progress = p; render(); } })
          .then(() => { if (anim === moving) { anim = null; render(); } });
      }
      render();
      if (privacy()) host.announce(t("upcombine.privacy.title", { name: host.seatName(next.viewer) }));
    },
    keydown(event) {
      if (!table) return;
      const key = event.key;
      if ((privacy() || summary) && (key === "Enter" || key === " " || (summary && key === "Escape"))) {
        event.preventDefault();
        if (privacy()) reveal();
        else { summary = null; render(); }
        return;
      }
      if (key === "Escape" && (selected || basePick)) {
        event.preventDefault();
        selected = null;
        basePick = null;
        render();
        return;
      }
      if (surface.keydown(event)) {
        event.preventDefault();
        render();
      }
    },
    targets() { return surface.targets(); },
    refused(action, words) {
      if (!lastTap) return false;
      surface.tell(lastTap, words);
      return true;
    },
    showHint(action) {
      if (privacy() || !table) return;
      hinted = targets().find((target) => target.action === action) || null;
      if (hinted && hinted.thing.kind === "piece") {
        const pieces = myHand().pieces || [];
        const index = pieces.findIndex((p) => `${p.colour}${p.symbol}` === hinted.thing.id);
        if (index >= 0) selected = { code: hinted.thing.id, index };
      } else if (hinted && hinted.to && hinted.thing.kind === "tile") {
        basePick = null;
      }
      render();
    },
    describeAction(view, action) {
      // the hint names a tile of the hidden hand: not while the device is being passed
      if (privacy()) return t("upcombine.say.hidden");
      const target = (view.targets || []).find((x) => x.action === action);
      return target ? words(target) : action;
    },
    seatBadges(view, seat) {
      const hand = view.hands[seat];
      if (!hand) return [];
      return [{ colour: "#5e3a1c", label: tilesText(hand.count), symbol: String(hand.count) }];
    },
    destroy() {
      table = null;
      anim = null;
      surface.destroy();
      window.removeEventListener("resize", onResize);
      for (const name of ["privacy", "selected", "summary", "anim"]) delete canvas.dataset[name];
      delete canvas.gameboxPoint;
    },
    resize() { render(); },
  };
}
