// @ts-check
// What lies in front of the person at this device: the puzzle card on screen, their tiles (where each lies and how
// it is turned), the tile picked up or dragged, and the race's clock for this seat; with the rules of where a tile
// may lie, read from the hexes Python gives (the card's, and each tile's in each turn: the view's `turns`).
import { cellKey, hexCentre, turned } from "./hexes.js";

/** @typedef {import("./hexes.js").Cell} Cell */
/** @typedef {import("../../host.js").RendererHost} RendererHost */
/** @typedef {import("../../host.js").Table} Table */

/**
 * One of the person's tiles, as this page has it now.
 * @typedef {object} Piece
 * @property {number} number
 * @property {Cell[]} base
 * @property {Cell[][]} turns  its cells in each turn (rot + 6 if flipped), from the view
 * @property {[number, boolean, number, number][]} writtenAs  how the notation writes each turn: [rot, flip, dq, dr]
 * @property {number} pivot  its middle cell (turned and flipped about it)
 * @property {number} rot
 * @property {boolean} flip
 * @property {Cell | null} at  its anchor on the card, or null in the tray
 */

/** The puzzle on screen: this seat's card. @typedef {{seat: number, code: string, colour: string, board: Cell[],
 *   boardSet: Set<string>, tiles: {number: number, cells: Cell[], turns: Cell[][], written_as: any[]}[], card: number,
 *   side: string, difficulty: number}} Puzzle */

/** A better move drawn on the card (showHint in a replay). @typedef {{move: {kind: string, tiles: any[],
 *   tile: number | null, ms: number | null}, pieces: {piece: Piece, rot: number, flip: boolean, at: Cell}[],
 *   removed: Piece | null}} Shown */

/**
 * The renderer's own state: derived from the table on screen, and what the person is doing now.
 * @typedef {object} Desk
 * @property {RendererHost} host
 * @property {(key: string, params?: Record<string, any>) => string} t
 * @property {import("../kit.js").Surface} surface
 * @property {HTMLCanvasElement} canvas
 * @property {() => Table | null} table  the table on screen
 * @property {import("./layout.js").Layout} layout
 * @property {import("./layout.js").Grid | null} geometry  the card's hex grid
 * @property {string | null} puzzleKey
 * @property {Puzzle | null} puzzle
 * @property {Map<number, Piece>} pieces
 * @property {number | null} selected  the tile picked up (turn and flip act on it)
 * @property {{number: number, at: Cell, turned?: {rot: number, flip: boolean}} | null} ghost  a picked-up tile being
 *   placed by keys or taps
 * @property {{number: number, index: number, x: number, y: number, offX: number, offY: number, board: boolean} | null} drag
 * @property {{x: number, y: number} | null} lastPoint  where the person last acted (board units)
 * @property {boolean} sending
 * @property {Map<string, any[]>} targets  Python's targets by thing ("tile:7" -> [...])
 * @property {number} confirmSolution  until when a second tap on Show the solution shows it
 * @property {number | null} clockStart  performance.now() when this seat's sand timer was turned (puzzle mode: the
 *   stopwatch)
 * @property {string | null} gate  null (playing) | "pass" | "results" | "final" | "watch" | "waiting"
 * @property {string | null} acknowledged  the results a single human has seen
 * @property {string | null} reportedKey
 * @property {string | null} timerCheck  when the first sand timer runs out: null, "asking", "second_chance" or "over"
 * @property {{key: string, name: string} | null} roundNote  why this seat's round ended
 * @property {Shown | null} shown
 * @property {(c: CanvasRenderingContext2D, name: string, box: import("./layout.js").Box, words: string,
 *   options?: Record<string, any>) => void} button  a button of the board (kit.js button), kept in the frame's list
 * @property {{name: string, box: import("./layout.js").Box}[]} drawnButtons  the buttons of the last frame
 */

/** @param {Desk} desk @returns {Record<string, any> | null} */
export const viewOf = (desk) => desk.table()?.view ?? null;
/** @param {Desk} desk */
export const mode = (desk) => viewOf(desk)?.mode ?? null;
export const now = () => performance.now();

/** A guided game (host.lesson), a review or a mistakes puzzle (host.reviewing): nothing on the board leaves it or
 * ends the puzzle another way. @param {Desk} desk */
export const inLesson = (desk) => desk.host.lesson === true || desk.host.reviewing === true;

/** The clock on screen: a better move drawn (showHint in a replay) shows its own time. @param {Desk} desk */
export const elapsed = (desk) => (desk.shown && desk.shown.move.ms !== null ? desk.shown.move.ms
  : desk.clockStart === null ? 0 : now() - desk.clockStart);
/** @param {Desk} desk */
export const clocked = (desk) => desk.clockStart !== null || Boolean(desk.shown && desk.shown.move.ms !== null);

/** @param {Desk} desk @param {string} kind @param {string | number} id @returns {any[]} */
export const targetsOf = (desk, kind, id) => desk.targets.get(`${kind}:${id}`) || [];
/** @param {Desk} desk @param {string} kind @param {string | number} id @param {string} action */
export const targetOf = (desk, kind, id, action) => targetsOf(desk, kind, id).find((target) => target.action === action) || null;
/** @param {Desk} desk @param {string} kind @param {string | number} id @param {string} key */
export const targetKeyed = (desk, kind, id, key) => targetsOf(desk, kind, id).find((target) => target.key === key) || null;

/** The seat on this device that plays the card on screen, or null. @param {Desk} desk */
export function currentSeat(desk) {
  const table = desk.table();
  if (!table || table.is_over) return null;
  const seats = desk.host.humanSeats();
  return seats.length ? seats[0] : null;
}

/** @param {Desk} desk */
export const humanCount = (desk) => (desk.table()?.seats.filter((s) => s.kind === "human").length ?? 0);

/** Whether the person may lay tiles now. @param {Desk} desk */
export function playing(desk) {
  const view = viewOf(desk);
  return Boolean(view && desk.puzzle && !desk.gate && !desk.sending && !desk.shown && currentSeat(desk) !== null
    && (view.mode === "puzzle" ? view.phase === "puzzle" : desk.clockStart !== null));
}

/** The table on screen is a replay (a review's position): it is watched, never played, so a hint is drawn.
 * @param {Desk} desk */
export const watched = (desk) => Boolean(desk.table()?.replay);

// -- the card and the tiles --------------------------------------------------------------------------------------
/** @param {Desk} desk @param {number} q @param {number} r */
export const cellCentre = (desk, q, r) => hexCentre(/** @type {import("./layout.js").Grid} */ (desk.geometry), q, r);

/** @param {Piece} piece @param {number} rot @param {boolean} flip @param {Cell} at @returns {Cell[]} */
export const boardCells = (piece, rot, flip, at) => turned(piece, rot, flip).map(([q, r]) => [q + at[0], r + at[1]]);

/** @param {Desk} desk @param {Piece} piece @param {number} rot @param {boolean} flip @param {Cell} at
 * @returns {import("./hexes.js").CellPoint[]} */
export const boardPoints = (desk, piece, rot, flip, at) => boardCells(piece, rot, flip, at)
  .map(([q, r]) => { const p = cellCentre(desk, q, r); return [p.x, p.y, q, r]; });

/** The card's hexes under the other tiles. @param {Desk} desk @param {number} except */
function occupied(desk, except) {
  const used = new Set();
  for (const piece of desk.pieces.values()) {
    if (piece.number === except || !piece.at) continue;
    for (const [q, r] of boardCells(piece, piece.rot, piece.flip, piece.at)) used.add(cellKey(q, r));
  }
  return used;
}

/** Why the tile cannot lie there, in the words of the reasons the view names (`misfits`: the rules' own keys),
 * or null when it can: a race's tiles are laid here before the solve is handed in, so a drop is answered at once,
 * from the hexes Python gave, with no round trip.
 * @param {Desk} desk @param {number} number @param {number} rot @param {boolean} flip @param {Cell} at */
export function dropRefusal(desk, number, rot, flip, at) {
  const view = /** @type {Record<string, any>} */ (viewOf(desk));
  const puzzle = /** @type {Puzzle} */ (desk.puzzle);
  const piece = /** @type {Piece} */ (desk.pieces.get(number));
  const cells = boardCells(piece, rot, flip, at);
  if (!cells.every(([q, r]) => puzzle.boardSet.has(cellKey(q, r)))) return desk.t(view.misfits.off_board, { tile: number });
  for (const other of desk.pieces.values()) {
    if (other.number === number || !other.at) continue;
    const theirs = new Set(boardCells(other, other.rot, other.flip, other.at).map(([q, r]) => cellKey(q, r)));
    if (cells.some(([q, r]) => theirs.has(cellKey(q, r)))) return desk.t(view.misfits.overlap, { tile: number, other: other.number });
  }
  return null;
}
/** @param {Desk} desk @param {number} number @param {number} rot @param {boolean} flip @param {Cell} at */
export const fits = (desk, number, rot, flip, at) => dropRefusal(desk, number, rot, flip, at) === null;

/** The anchor that puts base cell `index` of the tile (turned so) on board cell `cell`.
 * @param {Piece} piece @param {number} rot @param {boolean} flip @param {number} index @param {Cell} cell @returns {Cell} */
export function anchorFor(piece, rot, flip, index, cell) {
  const [q, r] = turned(piece, rot, flip)[index];
  return [cell[0] - q, cell[1] - r];
}

/** The first spot on the card where the tile fits as it is turned now (its middle cell on a free hex).
 * @param {Desk} desk @param {Piece} piece @returns {Cell | null} */
export function freeSpot(desk, piece, rot = piece.rot, flip = piece.flip) {
  const used = occupied(desk, piece.number);
  for (const [q, r] of /** @type {Puzzle} */ (desk.puzzle).board) {
    if (used.has(cellKey(q, r))) continue;
    const at = anchorFor(piece, rot, flip, piece.pivot, [q, r]);
    if (fits(desk, piece.number, rot, flip, at)) return at;
  }
  return null;
}

/** How the notation writes the tile turned (rot, flip) with its anchor on `at`: [rot', flip', at'] (the view's
 * `written_as`), so that a `place` target's numbers (its params, in the written turn) can be matched with the
 * tile as it is turned on screen, without knowing the rule.
 * @param {Piece} piece @param {number} rot @param {boolean} flip @param {Cell} at @returns {[number, boolean, Cell]} */
function written(piece, rot, flip, at) {
  const [rot2, flip2, dq, dr] = piece.writtenAs[rot + (flip ? 6 : 0)];
  return [rot2, flip2, [at[0] + dq, at[1] + dr]];
}

/** What the person did with a tile's built target (docs/rules/ubongo.md, "Targets"), as an intent: these tiles
 * lie there (turned so, anchor on that cell) at `ms` on the clock. In puzzle mode (`place`) the one tile moved; in
 * a race (`solve`) every tile. Python writes the action (UbongoState.compose).
 * @param {Desk} desk @param {any} target @param {number} ms @param {Piece | null} [moved] */
export function laidIntent(desk, target, ms, moved = null) {
  const puzzle = /** @type {Puzzle} */ (desk.puzzle);
  const laid = (/** @type {Piece} */ piece) => (moved && moved.number === piece.number ? moved : piece);
  const numbers = target.action === "place" ? [Number(target.thing.id)] : puzzle.tiles.map((tile) => tile.number);
  const tiles = numbers.map((number) => {
    const piece = laid(/** @type {Piece} */ (desk.pieces.get(number)));
    const at = /** @type {Cell} */ (piece.at);
    return { tile: number, cell: [at[0], at[1]], turn: piece.rot, flip: Boolean(piece.flip) };
  });
  return { tiles, ms };
}

/** Where the concrete `place` target of a tile (puzzle mode) puts the tile's pivot cell, turned as it is now;
 * null when it is turned otherwise (then a turn or a flip comes first).
 * @param {Desk} desk @param {Piece} piece @returns {{target: any, at: Cell, cell: Cell} | null} */
export function placeTargetSpot(desk, piece, rot = piece.rot, flip = piece.flip) {
  const target = targetsOf(desk, "tile", piece.number).find((item) => item.key === "ubongo.target.place");
  if (!target) return null;
  const [rot2, flip2, shift] = written(piece, rot, flip, [0, 0]);
  const p = target.params;
  if (rot2 !== p.rot || Boolean(flip2) !== Boolean(p.flip)) return null;
  /** @type {Cell} */
  const at = [p.q - shift[0], p.r - shift[1]];
  const [q, r] = boardCells(piece, rot, flip, at)[piece.pivot];
  return { target, at, cell: [q, r] };
}

// -- the card on screen ------------------------------------------------------------------------------------------
/** The card the view shows this device: puzzle mode's, or the race's for the seat here (or, watching, the first
 * seat with one). @param {Desk} desk @param {Record<string, any>} v @returns {Omit<Puzzle, "boardSet"> | null} */
export function puzzleFor(desk, v) {
  if (v.mode === "puzzle") {
    return { seat: 0, code: v.puzzle, colour: v.colour, board: v.board, tiles: v.tiles, card: v.card, side: v.side,
      difficulty: v.difficulty };
  }
  let seat = currentSeat(desk);
  if (seat === null) seat = v.seats.findIndex((/** @type {any} */ s) => s.board);
  if (seat < 0) return null;
  const s = v.seats[seat];
  if (!s.board) return null;
  return { seat, code: s.puzzle, colour: s.colour, board: s.board, tiles: s.tiles, card: s.card, side: s.side,
    difficulty: s.difficulty };
}

/** Put a new card on the desk, its tiles in the tray. @param {Desk} desk @param {Omit<Puzzle, "boardSet">} p */
export function loadPuzzle(desk, p) {
  desk.puzzle = { ...p, boardSet: new Set(p.board.map(([q, r]) => cellKey(q, r))) };
  desk.pieces = new Map();
  for (const tile of p.tiles) {
    let sx = 0; let sy = 0;
    for (const [q, r] of tile.cells) { sx += Math.sqrt(3) * (q + r / 2); sy += 1.5 * r; }
    sx /= tile.cells.length; sy /= tile.cells.length;
    let pivot = 0; let best = Infinity;
    tile.cells.forEach(([q, r], i) => {
      const d = (Math.sqrt(3) * (q + r / 2) - sx) ** 2 + (1.5 * r - sy) ** 2;
      if (d < best - 1e-9) { best = d; pivot = i; }
    });
    desk.pieces.set(tile.number, { number: tile.number, base: tile.cells, turns: tile.turns, writtenAs: tile.written_as,
      pivot, rot: 0, flip: false, at: null });
  }
  desk.selected = null; desk.ghost = null; desk.drag = null; desk.sending = false; desk.confirmSolution = 0;
}

/** Puzzle mode: the tiles lie where the view says. @param {Desk} desk */
export function syncPlaced(desk) {
  const view = viewOf(desk);
  if (!view || view.mode !== "puzzle") return;
  const placed = new Map(view.placed.map((/** @type {any} */ p) => [p.tile, p]));
  for (const piece of desk.pieces.values()) {
    const p = placed.get(piece.number);
    if (p) { piece.at = p.at; piece.rot = p.rot; piece.flip = p.flip; } else piece.at = null;
  }
}

/** The index of a tile in the tray. @param {Desk} desk @param {number} number */
export const slotOf = (desk, number) => /** @type {Puzzle} */ (desk.puzzle).tiles.findIndex((tile) => tile.number === number);
