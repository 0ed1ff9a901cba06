// @ts-check
// Upthrust renderer: the pegboard, drawn on the renderer kit (kit.js) from view() and view.targets.
//
// It stands on kit v2 (../kit.js): the kit's frame loop calls paint(), its observer calls relayout(), a jump
// animates from the diff of the pegs before and after (surface.motion), a refusal is said where the tap was
// (surface.refused), and the table is always the host's (host.table()): the renderer keeps no copy.
//
// A jump is two touches: a tap on a peg picks it up and shows the hole it lands in (the peg's region carries a
// label: it only selects), then a tap on the peg again or on its landing hole plays it (those regions carry the
// target, whose action the page sends as it is). A tap on a peg that may not be played says why, next to it,
// from the reasons Python puts in the view (view.refusals, read with the kit's refusalFor); hover and long press say what a peg is, who owns it,
// and where it may go or why it may not (view.pieces[].to / .stuck). Nothing here reads an action's text or
// works out a rule. Layouts: on a wide screen the legend (colours, owners, scores, the row rule) stands beside
// the board, on a narrow one below it, and the board fills the width. The "No jump possible: pass" button stands
// in the legend (below its texts beside the board; right under the board on a narrow screen), never on the holes.
import { button, fitText, panel, PALETTE, refusalFor, roundRect, Surface, targetsByThing, token } from "../kit.js";

/** @typedef {import("../../host.js").RendererHost} RendererHost */
/** @typedef {import("../../host.js").Renderer} Renderer */
/** @typedef {import("../../host.js").Table} Table */
/** @typedef {import("../../host.js").Target} Target */
/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/** @typedef {import("../motion.js").Thing} Thing */

const COLOURS = ["green", "red", "blue", "yellow"];
const ROWS = 11;
const COLUMNS = 4;
const FILES = "abcd";
// the board in units of its own (u = 1): margins, the row values' column, the row numbers' column
const BOARD_W = 454;
const PAD = 8;
const VALUES_W = 58;
const NUMBERS_W = 30;
const TOP_PAD = 14;
const LETTERS_H = 24;
const SIDE_W = 226; // the legend beside the board (wide screens)
const GAP = 14;
// each square's name (column letter, then row number: docs/rules/upthrust.md) -> its column and row on the board
const PLACES = new Map();
for (let row = 1; row <= ROWS; row++) {
  for (let column = 0; column < COLUMNS; column++) PLACES.set(`${FILES[column]}${row}`, { column, row });
}

/** Where everything goes for a screen `available` CSS px wide (and so much high below the board's top);
 * `passing`: the person must pass, so the pass button needs its place (a row of its own on a narrow screen).
 * @param {number} available @param {number} room @param {boolean} landscape @param {boolean} passing */
function geometry(available, room, landscape, passing) {
  const portrait = available < 600 && !landscape; // held sideways, a phone gets the legend beside the board
  let u;
  const rowUnits = portrait ? 44 : 46;
  const boardUnitsH = TOP_PAD + ROWS * rowUnits + LETTERS_H + 6;
  if (portrait) {
    // the whole width; a phone narrower than 420 px shows the same drawing a little smaller
    u = Math.max(420, available) / BOARD_W;
  } else {
    const fitWidth = available / (BOARD_W + GAP + SIDE_W);
    const fitHeight = room / boardUnitsH;
    u = Math.max(landscape ? 0.5 : 0.8, Math.min(1.7, fitWidth, fitHeight));
  }
  const board = { x: 0, y: 0, w: BOARD_W * u, h: boardUnitsH * u };
  const g = {
    portrait, u, board,
    row: rowUnits * u,
    column: (BOARD_W - 2 * PAD - VALUES_W - NUMBERS_W) * u / COLUMNS,
    gridX: (PAD + VALUES_W) * u,
    gridY: TOP_PAD * u,
  };
  g.peg = Math.min(g.column, g.row) * 0.36;
  g.reach = g.row * 0.5; // a peg's or a hole's hit radius
  if (portrait) {
    // the pass button, when there is one, right under the board (where the eye is), and the legend below it
    g.pass = passing ? { x: 8 * u, y: board.h + 8 * u, w: board.w - 16 * u, h: 44 * u } : null;
    const y = board.h + 8 * u + (passing ? 52 * u : 0);
    g.legend = { x: 0, y, w: board.w, cards: [], text: null };
    const cardW = (board.w - 8 * u) / 2;
    const cardH = 40 * u;
    COLOURS.forEach((colour, index) => {
      g.legend.cards.push({ x: (index % 2) * (cardW + 8 * u), y: y + Math.floor(index / 2) * (cardH + 6 * u), w: cardW, h: cardH });
    });
    const textY = y + 2 * (cardH + 6 * u);
    g.legend.rule = { x: 8 * u, y: textY, w: board.w - 16 * u, h: 34 * u };
    g.legend.progress = { x: 8 * u, y: textY + 34 * u, w: board.w - 16 * u, h: 32 * u };
    g.width = board.w;
    g.height = textY + 70 * u;
  } else {
    const x = board.w + GAP * u;
    const w = SIDE_W * u;
    g.legend = { x, y: 0, w, cards: [] };
    const cardH = 54 * u;
    COLOURS.forEach((colour, index) => g.legend.cards.push({ x, y: index * (cardH + 8 * u), w, h: cardH }));
    const textY = 4 * (cardH + 8 * u) + 4 * u;
    g.legend.rule = { x: x + 6 * u, y: textY, w: w - 12 * u, h: 84 * u };
    g.legend.progress = { x: x + 6 * u, y: textY + 92 * u, w: w - 12 * u, h: 62 * u };
    g.pass = passing ? { x: x + 6 * u, y: textY + 162 * u, w: w - 12 * u, h: 48 * u } : null; // under the texts
    g.width = x + w;
    g.height = Math.max(board.h, textY + 216 * u);
  }
  g.width = Math.round(g.width);
  g.height = Math.round(g.height);
  return g;
}

/** @param {HTMLCanvasElement} canvas @param {RendererHost} host @returns {Renderer} */
export function create(canvas, host) {
  const t = host.t;
  /** @type {string | null} */
  let selected = null; // the square of the peg picked up
  /** @type {string | null} */
  let hinted = null; // the square of the peg a hint names
  let passHinted = false; // the hint is the pass
  let byKeyboard = false; // the focus ring shows while the person plays by keys, not after a tap
  let g = null;
  let context = null;
  const surface = new Surface(canvas, host, { width: BOARD_W, height: 700, onTap: tap, paint, onResize: relayout,
    onKey: key });

  // -- what the view says --------------------------------------------------------------------------------------
  const table = () => host.table();
  const view = () => table().view;
  /** The targets of the person at the board: none when it is not their turn (a bot's, a replay, the end). */
  const mine = () => (table() && host.humanSeat() !== null ? view().targets || [] : []);
  const pegTargets = () => targetsByThing(mine().filter((target) => target.thing.kind === "peg"));
  const passTarget = () => mine().find((target) => target.thing.kind === "button") || null;
  const colourWord = (colour) => t(`colour.${colour}`).toLocaleLowerCase();
  /** A message's params with the colour in the reader's language. */
  const worded = (params) => (params && params.colour ? { ...params, colour: colourWord(params.colour) } : params || {});
  const say = (reason) => t(reason.key, worded(reason.params));
  const targetWords = (target) => t(target.key, worded(target.params));

  function describePeg(piece) {
    const owner = view().owners[piece.colour];
    if (owner === null || owner === undefined) {
      return t("upthrust.peg_neutral", { colour: colourWord(piece.colour), square: piece.square });
    }
    const words = [t("upthrust.peg", { colour: colourWord(piece.colour), square: piece.square, owner: host.seatName(owner) })];
    if (piece.to) {
      words.push(t("upthrust.peg_jumps", { rows: piece.rows, to: piece.to }));
    } else if (piece.stuck) {
      words.push(say(piece.stuck));
    }
    return words.join(" ");
  }

  // -- geometry ------------------------------------------------------------------------------------------------
  const centre = (column, row) => ({
    x: g.gridX + column * g.column + g.column / 2,
    y: g.gridY + (ROWS - row) * g.row + g.row / 2,
  });
  const squareCentre = (square) => { const place = PLACES.get(square); return centre(place.column, place.row); };

  /** Lay out for the box the page gives the board now (the kit calls it when that box changes). */
  function relayout() {
    if (!table()) return;
    const box = surface.available();
    const available = box.width;
    const top = canvas.getBoundingClientRect().top + window.scrollY;
    // held sideways, the board is as tall as the page lets it be (the whole window's height, beside its panel)
    const room = box.landscape ? box.height : Math.max(360, window.innerHeight - Math.max(0, Math.min(top, 140)) - 16);
    const next = geometry(available, room, Boolean(box.landscape), Boolean(passTarget()));
    if (!g || next.width !== g.width || next.height !== g.height || next.portrait !== g.portrait
        || Boolean(next.pass) !== Boolean(g.pass)) {
      g = next;
      context = surface.layout(g.width, g.height);
    }
  }

  /** The pegs of a view as things: a peg is named by its square.
   * @param {Record<string, any>} v @returns {Thing[]} */
  const pegs = (v) => v.pieces.map((piece) => ({ id: piece.square, colour: piece.colour, ...squareCentre(piece.square) }));

  /** The pegs before, named as after: a peg that left its square for one a peg of its colour came to is that peg
   * (its jump moves it, an undo moves it back). @param {Thing[]} before @param {Thing[]} after @returns {Thing[]} */
  function asAfter(before, after) {
    const was = new Set(before.map((peg) => peg.id));
    const now = new Set(after.map((peg) => peg.id));
    const came = after.filter((peg) => !was.has(peg.id));
    return before.map((peg) => {
      if (now.has(peg.id)) return peg;
      const index = came.findIndex((other) => other.colour === peg.colour);
      return index >= 0 ? { ...peg, id: came.splice(index, 1)[0].id } : peg;
    });
  }

  // -- drawing -------------------------------------------------------------------------------------------------
  function drawBoard() {
    const c = context;
    const { board, u } = g;
    c.clearRect(0, 0, g.width, g.height);
    const wood = c.createLinearGradient(0, 0, board.w, board.h);
    wood.addColorStop(0, "#c8955a");
    wood.addColorStop(0.5, "#b07b43");
    wood.addColorStop(1, "#9a6533");
    roundRect(c, board.x + 3, board.y + 3, board.w - 6, board.h - 6, 16 * u);
    c.fillStyle = wood;
    c.fill();
    c.strokeStyle = "#6e4520";
    c.lineWidth = 3;
    c.stroke();
    c.save(); // the grain
    c.clip();
    c.strokeStyle = "rgba(90, 50, 20, 0.10)";
    c.lineWidth = 1;
    for (let y = 12 * u; y < board.h; y += 9 * u) {
      c.beginPath();
      c.moveTo(0, y);
      c.bezierCurveTo(board.w * 0.3, y + 5 * u, board.w * 0.6, y - 5 * u, board.w, y + 2 * u);
      c.stroke();
    }
    c.restore();
    const v = view();
    // the scoring band, and the line below it
    const scoringRows = ROWS - v.scoring_from_row + 1;
    const bandLeft = PAD * u + 2 * u;
    const bandRight = g.gridX + COLUMNS * g.column + 4 * u;
    c.fillStyle = "rgba(255, 236, 170, 0.28)";
    roundRect(c, bandLeft, g.gridY + 2 * u, bandRight - bandLeft, scoringRows * g.row - 4 * u, 10 * u);
    c.fill();
    const lineY = g.gridY + scoringRows * g.row;
    c.strokeStyle = "#5b3413";
    c.lineWidth = 2;
    c.setLineDash([6 * u, 5 * u]);
    c.beginPath();
    c.moveTo(bandLeft, lineY);
    c.lineTo(bandRight, lineY);
    c.stroke();
    c.setLineDash([]);
    for (let row = 1; row <= ROWS; row++) {
      const value = v.row_values[row - 1];
      const { y } = centre(0, row);
      if (value) {
        const box = { x: PAD * u + 6 * u, y: y - 13 * u, w: VALUES_W * u - 16 * u, h: 26 * u };
        panel(c, box, { fill: PALETTE.panelActive, edge: "#7a4f1f", radius: 6 * u, lineWidth: 1.5 });
        fitText(c, String(value), box, { size: 15 * u, weight: 700, colour: "#5b3413" });
      }
      // never under 8 px: a phone held sideways draws the board at about 0.63 of its own size
      const numberH = Math.max(18 * u, 11);
      fitText(c, String(row), { x: g.gridX + COLUMNS * g.column + 2 * u, y: y - numberH / 2, w: NUMBERS_W * u - 3 * u, h: numberH },
        { size: Math.max(8.5, 12 * u), colour: "rgba(50, 25, 5, 0.8)" });
    }
    for (let column = 0; column < COLUMNS; column++) {
      const { x } = centre(column, 1);
      fitText(c, FILES[column], { x: x - 20 * u, y: g.gridY + ROWS * g.row, w: 40 * u, h: LETTERS_H * u - 4 * u },
        { size: 14 * u, weight: 700, colour: "rgba(50, 25, 5, 0.85)" });
    }
    for (let row = 1; row <= ROWS; row++) { // the holes
      for (let column = 0; column < COLUMNS; column++) {
        const { x, y } = centre(column, row);
        const hole = c.createRadialGradient(x - 2 * u, y - 2 * u, 1, x, y, 9 * u);
        hole.addColorStop(0, "#2a160a");
        hole.addColorStop(1, "#5a3517");
        c.beginPath();
        c.arc(x, y, 8 * u, 0, Math.PI * 2);
        c.fillStyle = hole;
        c.fill();
      }
    }
  }

  function drawPeg(colour, x, y, { lifted = false } = {}) {
    const shade = PALETTE.colours[colour];
    token(context, x, y, lifted ? g.peg * 1.12 : g.peg, { fill: shade.fill, dark: shade.dark, ink: shade.ink,
      letter: t(`upthrust.initial.${colour}`), lifted });
  }

  function ring(x, y, r, colour, width, dash = null) {
    const c = context;
    c.save();
    c.beginPath();
    c.arc(x, y, r, 0, Math.PI * 2);
    c.strokeStyle = colour;
    c.lineWidth = width;
    if (dash) c.setLineDash(dash);
    c.stroke();
    c.restore();
  }

  function drawTrail(moving) {
    const last = view().last_move;
    if (!last || moving) return;
    const a = squareCentre(last.from);
    const b = squareCentre(last.to);
    const c = context;
    c.save();
    c.strokeStyle = "rgba(255, 255, 255, 0.6)";
    c.lineWidth = 4 * g.u;
    c.setLineDash([2 * g.u, 6 * g.u]);
    c.beginPath();
    c.moveTo(a.x, a.y);
    c.lineTo(b.x, b.y + g.peg);
    c.stroke();
    c.restore();
  }

  function drawLanding(from, to) {
    const a = squareCentre(from);
    const b = squareCentre(to);
    const c = context;
    const { u } = g;
    c.save();
    c.strokeStyle = "#ffffff";
    c.lineWidth = 3 * u;
    c.beginPath();
    c.moveTo(a.x, a.y - g.peg * 1.25);
    c.lineTo(b.x, b.y + g.peg * 1.35);
    c.stroke();
    c.beginPath();
    c.moveTo(b.x - 7 * u, b.y + g.peg * 1.35 + 9 * u);
    c.lineTo(b.x, b.y + g.peg * 1.35);
    c.lineTo(b.x + 7 * u, b.y + g.peg * 1.35 + 9 * u);
    c.stroke();
    c.restore();
    ring(b.x, b.y, g.peg * 1.05, "#ffffff", 3 * u, [5 * u, 4 * u]);
  }

  function drawLegend() {
    const c = context;
    const v = view();
    const { u, legend } = g;
    COLOURS.forEach((colour, index) => {
      const box = legend.cards[index];
      const owner = v.owners[colour];
      const active = v.turn !== null && owner === v.turn;
      panel(c, box, { fill: active ? PALETTE.panelActive : PALETTE.panel, edge: active ? "#d9a400" : PALETTE.panelEdge,
        radius: 8 * u, lineWidth: active ? 2 : 1 });
      const r = Math.min(14 * u, box.h * 0.34);
      const shade = PALETTE.colours[colour];
      token(c, box.x + 6 * u + r, box.y + box.h / 2, r, { fill: shade.fill, dark: shade.dark, ink: shade.ink,
        letter: t(`upthrust.initial.${colour}`) });
      const name = owner === null || owner === undefined ? t("upthrust.owner_neutral") : host.seatName(owner);
      const textX = box.x + 12 * u + 2 * r;
      const scoreW = 44 * u;
      const textW = box.w - (textX - box.x) - scoreW - 4 * u;
      const half = (box.h - 6 * u) / 2;
      fitText(c, t(`colour.${colour}`), { x: textX, y: box.y + 3 * u, w: textW, h: half },
        { size: (g.portrait ? 14 : 15) * u, weight: 700, align: "left", minSize: 8 });
      // the seat to move: a brighter card, and an arrow before its owner's name (not colour alone)
      fitText(c, active ? `▶ ${name}` : name, { x: textX, y: box.y + 3 * u + half, w: textW, h: half },
        { size: (g.portrait ? 13 : 13.5) * u, colour: PALETTE.muted, align: "left", minSize: 8 });
      fitText(c, String(v.colour_scores[colour]), { x: box.x + box.w - scoreW - 6 * u, y: box.y, w: scoreW, h: box.h },
        { size: 18 * u, weight: 700, align: "right", minSize: 9 });
    });
    fitText(c, t(`upthrust.rule.${v.same_colour_ban}`), legend.rule,
      { size: 13 * u, colour: "#4a4f5c", lines: g.portrait ? 2 : 5, minSize: 8, align: g.portrait ? "center" : "left",
        valign: "top" });
    const progress = v.end_reason ? t(v.end_reason)
      : t("upthrust.left_below", { count: v.nonscoring_left, ends: v.ends_at });
    fitText(c, progress, legend.progress, { size: 13 * u, weight: 600, colour: PALETTE.ink, lines: g.portrait ? 2 : 4,
      minSize: 8, align: g.portrait ? "center" : "left", valign: "top" });
  }

  /** The one paint (the kit's frame loop calls it): the board, the pegs where the motion puts them, the legend. */
  function paint() {
    if (!table() || !g) return;
    const v = view();
    surface.begin();
    drawBoard();
    const things = pegs(v);
    const moving = things.find((peg) => surface.moving(peg.id)) || null;
    drawTrail(moving);
    for (const { thing, alpha } of surface.leaving()) { // a peg taken back (an undo) fades out
      context.save();
      context.globalAlpha = alpha;
      drawPeg(thing.colour, thing.x, thing.y);
      context.restore();
    }
    const byPeg = pegTargets();
    if (selected && !byPeg.has(`peg:${selected}`)) selected = null;
    // the pegs the person may play first: the keyboard's first stop is one of them
    const order = [...v.pieces].sort((a, b) => Number(byPeg.has(`peg:${b.square}`)) - Number(byPeg.has(`peg:${a.square}`)));
    for (const piece of order) {
      if (moving && piece.square === moving.id) continue; // drawn last, above the others
      const { x, y } = squareCentre(piece.square);
      const target = (byPeg.get(`peg:${piece.square}`) || [])[0] || null;
      const lifted = piece.square === selected;
      if (target) ring(x, y, g.peg * 1.32, lifted ? "#ffffff" : "rgba(255, 255, 255, 0.6)", lifted ? 4 * g.u : 2 * g.u);
      if (piece.square === hinted) ring(x, y, g.peg * 1.55, PALETTE.hint, 4 * g.u);
      if (surface.isHovered(`peg:${piece.square}`) && target && !lifted) ring(x, y, g.peg * 1.32, "#ffffff", 3 * g.u);
      drawPeg(piece.colour, x, y, { lifted });
      const describe = describePeg(piece);
      const shape = { circle: [x, y, g.reach] };
      const value = { kind: "peg", square: piece.square };
      if (target && lifted) {
        surface.region(shape, { key: `peg:${piece.square}`, value, target, label: targetWords(target), describe });
      } else if (target) {
        const label = t("upthrust.peg_pick", { colour: colourWord(piece.colour), square: piece.square, to: target.to.id });
        surface.region(shape, { key: `peg:${piece.square}`, value, label, describe });
      } else {
        surface.region(shape, { key: `peg:${piece.square}`, value, describe });
      }
    }
    if (selected) {
      const target = byPeg.get(`peg:${selected}`)[0];
      drawLanding(selected, target.to.id);
      const at = squareCentre(target.to.id);
      surface.region({ circle: [at.x, at.y, g.reach] }, { key: `cell:${target.to.id}`, value: { kind: "hole" }, target,
        label: targetWords(target) });
    }
    if (moving) {
      const at = surface.placed(moving);
      context.save();
      context.globalAlpha = at.alpha;
      drawPeg(moving.colour, at.x, at.y, { lifted: true });
      context.restore();
    }
    const pass = passTarget();
    if (pass && g.pass) {
      const box = g.pass;
      button(context, box, t(pass.key, pass.params), { size: 16 * g.u, hovered: surface.isHovered("pass") });
      if (passHinted) {
        roundRect(context, box.x - 4 * g.u, box.y - 4 * g.u, box.w + 8 * g.u, box.h + 8 * g.u, 12 * g.u);
        context.strokeStyle = PALETTE.hint;
        context.lineWidth = 4 * g.u;
        context.stroke();
      }
      surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: "pass", value: { kind: "pass" }, target: pass,
        label: t(pass.key, pass.params) });
    }
    drawLegend();
    if (byKeyboard) surface.drawFocus();
  }

  // -- touches and keys ----------------------------------------------------------------------------------------
  function play(action) {
    selected = null;
    hinted = null;
    passHinted = false;
    host.act(action);
  }

  function tap(region, point, event) {
    if (!table()) return;
    byKeyboard = Boolean(event && event.type === "keydown");
    surface.hideBubble();
    surface.invalidate();
    if (!region || !region.value) { selected = null; return; }
    const { kind, square } = region.value;
    if (region.target && (kind === "hole" || kind === "pass" || square === selected)) { play(region.target.action); return; }
    if (kind === "peg" && region.label) { // a peg the person may jump: pick it up
      selected = square;
      host.announce?.(region.label);
      return;
    }
    if (kind === "peg") {
      const refusal = host.humanSeat() !== null ? refusalFor(view(), { kind: "peg", id: square }) : null;
      selected = null;
      if (refusal) surface.tell(point, say(refusal));
      else surface.tell(point, region.describe, "describe"); // not the person's turn: what the peg is
    }
  }

  /** After the kit moved the keyboard focus: a peg that may jump is picked up as the focus reaches it. */
  function followFocus() {
    const focused = surface.focused;
    if (focused && focused.value && focused.value.kind === "peg") {
      selected = focused.label || focused.target ? focused.value.square : null;
      surface.invalidate();
    }
  }

  /** The board's own key: Escape puts a picked-up peg down. @param {KeyboardEvent} event */
  function key(event) {
    byKeyboard = true;
    if (event.key !== "Escape" || !selected) return false;
    selected = null;
    return true;
  }

  return {
    draw(next, previous, { animate = true } = {}) {
      selected = null;
      hinted = null;
      passHinted = false;
      surface.hideBubble("describe"); // about the position before
      const same = previous && previous.game === next.game && previous.seed === next.seed && previous.players === next.players;
      if (!same) surface.focusedKey = null; // another game
      relayout();
      if (animate && same && g) {
        const after = pegs(next.view);
        surface.motion(asAfter(pegs(previous.view), after), after, { ms: 380 });
      } else {
        surface.cancelAnimations();
      }
      surface.invalidate();
    },
    keydown(event) {
      if (!table()) return;
      byKeyboard = true;
      if (surface.keydown(event)) {
        event.preventDefault();
        if (event.key.startsWith("Arrow")) followFocus();
      }
    },
    showHint(action, move) {
      // the move as data (State.move_data: the peg it jumps), else the hinted target's peg
      const target = mine().find((made) => made.action === action) || null;
      const from = move && move.kind === "move" ? move.from : target && target.thing.kind === "peg" ? target.thing.id : null;
      passHinted = Boolean(move ? move.kind === "pass" : target && target.thing.kind === "button");
      hinted = from;
      selected = from && pegTargets().has(`peg:${from}`) ? from : null;
      surface.invalidate();
    },
    describeAction(v, action) {
      const target = (v.targets || []).find((made) => made.action === action);
      return target ? targetWords(target) : action;
    },
    seatBadges(v, seat) {
      return (v.seat_colours[seat] || []).map((colour) => ({
        colour: PALETTE.colours[colour].fill, label: t(`colour.${colour}`), symbol: t(`upthrust.initial.${colour}`),
      }));
    },
    targets() { return host.humanSeat() !== null ? /** @type {Target[]} */ (surface.targets()) : []; },
    refused: (action, words) => surface.refused(action, words),
    destroy() { surface.destroy(); },
  };
}
