// @ts-check
// Ubongo Extreme on the renderer kit (kit.js): the puzzle card (white hexes on an orange card), the player's
// polyhex tiles in a tray, the tools (turn, flip, give up or hint), and a side panel with the sand timer, the gems
// and the players (a stopwatch and the puzzle's buttons in puzzle mode). The parts: layout.js (where everything
// goes), desk.js (the card and tiles in front of this device's player), art.js (the tiles, gems, card, sand timer),
// tray.js (the tiles on the card and in the tray, the tools), panel.js (the side panel), rounds.js (between rounds),
// race.js (a race's clock for this seat); this file wires them: drawing a table, taps, drags and keys.
//
// What can be played comes from Python (view.targets, py/gamebox/ubongo/rules.py `targets`): each tile to drag,
// Give up, Hint, Show the solution, and in puzzle mode where the solution closest to the card puts each tile
// (`place ...`, with its tile, hex and turn as numbers) and each placed tile to take off (`remove N`). A tile's
// target carries only a verb ("solve" in a race, "place" in puzzle mode): the person lays tiles by dragging, and
// the page sends where they lie as an intent ({tiles: [{tile, cell, turn, flip}], ms}), which Python writes as the
// action (UbongoState.compose; docs/rules/ubongo.md, "Targets"): this page never writes notation. A drop off the
// card or onto another tile is refused there with the rules' own reasons (the view's `misfits`). In a replay (a
// review's position, watched, never played) showHint draws the review's better move on the card, from the move as
// data that Python gives (State.move_data: {kind, tiles: [{tile, at, rot, flip}], tile, ms}); nothing here reads
// notation. Input, frames, resizing and the pass-the-device cover are the kit's (Surface options: paint, drag,
// onWheel, onKey, onResize; surface.tick for the clocks); the table is read at paint time from host.table().
import { PALETTE, Surface, button, targetsByThing } from "../kit.js";
import { GEM_COLOUR, GEM_CUT, GEM_ORDER, TILE, drawBackground, drawWhiteHexes } from "./art.js";
import {
  anchorFor, boardCells, cellCentre, currentSeat, dropRefusal, elapsed, freeSpot, humanCount, inLesson, laidIntent, loadPuzzle,
  mode, now, playing, puzzleFor, slotOf, syncPlaced, targetKeyed, targetOf, viewOf, watched,
} from "./desk.js";
import { secondsText, turned } from "./hexes.js";
import { WIDE, cardGrid, makeLayout, onCard, sideHeight, trayPoints } from "./layout.js";
import { drawCard, drawPuzzleSide, drawRaceSide } from "./panel.js";
import { handInIfCovered, raceTick, reportTimeout, send } from "./race.js";
import { drawGate } from "./rounds.js";
import { drawDrag, drawGhost, drawPlaced, drawShown, drawTools, drawTray, dropAnchor, hexRegions, tileAt } from "./tray.js";

/** How far the side panel's shadow reaches outside it (the panel's blur, board units): a clock's tick repaints that. */
const CLOCK_SHADOW = 12;

/** @typedef {import("./desk.js").Desk} Desk */
/** @typedef {import("./desk.js").Piece} Piece */
/** @typedef {import("./hexes.js").Cell} Cell */
/** @typedef {import("../../host.js").Table} Table */

/** @param {HTMLCanvasElement} canvas @param {import("../../host.js").RendererHost} host
 * @returns {import("../../host.js").Renderer} */
export function create(canvas, host) {
  const t = (/** @type {string} */ key, params = {}) => host.t(key, params);
  let alive = true;
  /** The table on screen: the session's one table (the renderer keeps no copy). @returns {Table | null} */
  const tableNow = () => (alive ? host.table?.() ?? null : null);
  /** The better move last drawn, with its action, so that its words (describeAction) can say what was drawn. */
  let lastShown = /** @type {{action: string, move: Record<string, any>} | null} */ (null);
  /** @type {(() => void) | null} */
  let stopClock = null;

  const surface = new Surface(canvas, host, { ...WIDE,
    onTap: (region, point, event) => tap(region, point, event),
    paint: () => paint(),
    onResize: () => surface.hideBubble(), // a bubble stays where it was put: away with it (the kit paints again)
    drag: { start: dragStart, move: dragMove, drop: dragDrop, cancel: () => { desk.drag = null; } },
    onWheel: (point, deltaY) => wheel(point, deltaY),
    onKey: (event) => key(event),
  });
  /** @type {Desk} */
  const desk = {
    host, t, surface, canvas,
    table: tableNow,
    layout: makeLayout({ width: WIDE.width, height: WIDE.height, portrait: false, landscape: false }, () => 0),
    geometry: null, puzzleKey: null, puzzle: null, pieces: new Map(), selected: null, ghost: null, drag: null,
    lastPoint: null, sending: false, targets: new Map(), confirmSolution: 0, clockStart: null, gate: null,
    acknowledged: null, reportedKey: null, timerCheck: null, roundNote: null, shown: null, drawnButtons: [],
    button: (c, name, box, words, options) => { desk.drawnButtons.push({ name, box }); button(c, box, words, options); },
  };
  let context = surface.context;
  /** Paint on the kit's next frame. */
  const render = () => surface.invalidate();
  const view = () => /** @type {Record<string, any>} */ (viewOf(desk));
  /** Go to another screen: through the host where it has a say (a lesson asks first), else by the address. */
  const go = (/** @type {string} */ route) => { if (host.navigate) host.navigate(route); else location.hash = route; };
  /** @param {number} number */
  const pieceOf = (number) => /** @type {Piece} */ (desk.pieces.get(number));

  /** A better move to draw on the card on screen (showHint): its tiles with where they lie, or the tile to take off;
   * null when it names a tile this card does not have, or nothing to draw.
   * @param {Record<string, any> | null | undefined} move  Python's move data */
  function shownMove(move) {
    if (!move || !move.kind || !desk.puzzle) return null;
    move = { tiles: [], tile: null, ms: null, ...move };
    const laid = (move.tiles || []).map((/** @type {any} */ { tile, rot, flip, at }) => {
      const piece = desk.pieces.get(tile);
      return piece ? { piece, rot, flip, at } : null;
    });
    if (!laid.every(Boolean)) return null;
    const removed = move.kind === "remove" ? desk.pieces.get(/** @type {number} */ (move.tile)) || null : null;
    if (!laid.length && !removed) return null;
    return { move: /** @type {import("./desk.js").Shown["move"]} */ (move), pieces: /** @type {NonNullable<typeof laid[0]>[]} */ (laid), removed };
  }

  // ------------------------------------------------------------ syncing with the view
  // which results were seen: of this game (its deck) and round, as the renderer stays for the next game of Ubongo
  const lastRoundKey = (/** @type {Record<string, any>} */ v) => (v.last_round ? `${v.deck_seed}/${v.last_round.round}/${v.last_round.playoff}/${v.playoffs}` : null);

  function relayout() {
    const room = surface.available();
    const next = makeLayout(room, (kind, width) => sideHeight(viewOf(desk), kind, width, inLesson(desk)));
    const changed = next.width !== surface.width || next.height !== surface.height || next.narrow !== desk.layout.narrow
      || next.short !== desk.layout.short;
    desk.layout = next;
    if (changed) context = surface.layout(next.width, next.height);
    if (desk.puzzle) desk.geometry = cardGrid(next, desk.puzzle.board);
  }

  function update() {
    const v = view();
    desk.targets = targetsByThing(v.targets);
    if (v.mode === "puzzle") {
      const p = /** @type {NonNullable<ReturnType<typeof puzzleFor>>} */ (puzzleFor(desk, v));
      if (p.code !== desk.puzzleKey) {
        desk.puzzleKey = p.code;
        loadPuzzle(desk, p);
        // the stopwatch carries on (a reload, an undo): from the table's clock, or the last move's time if later
        desk.clockStart = now() - Math.max(v.stopwatch_ms || 0, tableSince("puzzle") ?? 0);
      }
      syncPlaced(desk);
      if (v.phase !== "puzzle") { desk.selected = null; desk.ghost = null; }
      desk.gate = null;
      canvas.dataset.status = v.phase;
      canvas.dataset.gate = "";
      return;
    }
    const seat = currentSeat(desk);
    const p = puzzleFor(desk, v);
    const k = p ? `${v.round}|${v.playoffs}|${v.phase}|${seat}|${p.code}` : "none";
    if (k !== desk.puzzleKey) {
      desk.puzzleKey = k;
      if (p) loadPuzzle(desk, p); else desk.puzzle = null;
      desk.clockStart = null;
      desk.reportedKey = null;
      desk.timerCheck = null;
      if (v.phase === "over") desk.gate = "final";
      else if (seat === null) desk.gate = humanCount(desk) ? "waiting" : "watch";
      else if (humanCount(desk) > 1) desk.gate = "pass"; // after a reload too: only the seat's own player may look
      // the last round's results, unless this round was started on this device already (a reload): it goes on
      else if (v.last_round && lastRoundKey(v) !== desk.acknowledged && !(desk.puzzle && tableSince(roundMark(), false) !== null)) desk.gate = "results";
      else startClock();
    }
    canvas.dataset.status = desk.gate || v.phase;
    canvas.dataset.gate = desk.gate || "";
  }

  /** The ms since this device first showed `mark` of this table (host.since: the table's clock, which a reload
   * does not turn back), starting it now if it never was; 0 where the host keeps no clock. With `start` false, null
   * for a mark never shown, and nothing starts. @param {string} mark */
  const tableSince = (mark, start = true) => {
    if (!host.since) return start ? 0 : null;
    return start ? host.since(mark) ?? 0 : host.since(mark, { start: false });
  };

  /** This seat's sand timer in the round (or play-off) on screen: its mark on the table's clock. */
  const roundMark = () => `${view().phase === "playoff" ? `playoff ${view().playoffs}` : `round ${view().round}`} seat ${desk.puzzle?.seat}`;

  function startClock() {
    const v = viewOf(desk);
    desk.gate = null;
    desk.roundNote = null;
    desk.acknowledged = v ? lastRoundKey(v) : null;
    // the sand timer was turned when this seat first started the round on this device: a reload goes on from there
    desk.clockStart = now() - (v && desk.puzzle ? tableSince(roundMark()) ?? 0 : 0);
    canvas.dataset.status = v ? v.phase : "";
    canvas.dataset.gate = "";
    canvas.focus({ preventScroll: true });
    syncClock();
    if (desk.puzzle) {
      host.announce(t("ubongo.go", { tiles: desk.puzzle.tiles.map((tile) => tile.number).join(", ") }));
      if (v && v.mode === "race") host.announce(t("ubongo.you_are", { colour: desk.puzzle.colour }));
    }
  }

  // ------------------------------------------------------------ acting
  /** Play a concrete target of Python's: a timed one "now", as an intent with the stopwatch's clock. */
  async function play(/** @type {any} */ target, seat = desk.puzzle ? desk.puzzle.seat : 0) {
    const move = target.timed ? { action: target.action, ms: Math.round(elapsed(desk)) } : target.action;
    const ok = await send(desk, move, seat);
    render();
    return ok;
  }

  function say(/** @type {string} */ words, point = desk.lastPoint) {
    if (point) surface.tell(point, words);
    else host.announce(words);
  }

  /** Put a tile on the card: locally in a race (the solve is handed in once the card is covered), as a `place`
   * action in puzzle mode (Python checks it and says why when it does not fit).
   * @param {number} number @param {number} rot @param {boolean} flip @param {Cell} at */
  async function layTile(number, rot, flip, at) {
    const piece = pieceOf(number);
    desk.ghost = null;
    if (mode(desk) === "puzzle") {
      const built = targetOf(desk, "tile", number, "place");
      if (!built) return;
      const previous = { rot: piece.rot, flip: piece.flip, at: piece.at };
      const moved = { ...piece, rot, flip, at };
      Object.assign(piece, { rot, flip, at });
      render();
      const ok = await send(desk, laidIntent(desk, built, Math.round(elapsed(desk)), moved), 0);
      if (!ok) Object.assign(piece, previous);
      syncPlaced(desk);
      render();
      return;
    }
    const why = dropRefusal(desk, number, rot, flip, at);
    if (why) { say(why); render(); return; }
    Object.assign(piece, { rot, flip, at });
    host.announce(t("ubongo.tile_placed", { tile: number }));
    render();
    handInIfCovered(desk, render);
  }

  /** Take a tile off the card, back into the tray. @param {number} number */
  async function takeOff(number) {
    const piece = pieceOf(number);
    desk.ghost = null;
    if (!piece.at) { render(); return; }
    if (mode(desk) === "puzzle") {
      const remove = targetKeyed(desk, "tile", number, "ubongo.target.remove");
      if (remove) await play(remove, 0);
      syncPlaced(desk);
    } else {
      piece.at = null;
    }
    render();
  }

  /** Whether a clock on screen runs: this seat's sand timer, or puzzle mode's stopwatch. */
  function running() {
    const v = viewOf(desk);
    return Boolean(v && ((v.mode === "race" && desk.clockStart !== null && !desk.gate) || (v.mode === "puzzle" && v.phase === "puzzle")));
  }

  /** What a tick of the clock changes: the side panel (the sand timer or the stopwatch, and the solution button's
   * "Sure?", which lapses), with its shadow; the whole board before it is laid out. */
  function clockArea() {
    const side = desk.layout?.side;
    return side ? [{ x: side.x - CLOCK_SHADOW, y: side.y - CLOCK_SHADOW, w: side.w + 2 * CLOCK_SHADOW, h: side.h + 2 * CLOCK_SHADOW }] : null;
  }

  /** The kit's tick while a clock runs (the kit paints after each): the race's clock decides what ends the round. */
  function syncClock() {
    if (running() && !stopClock) {
      stopClock = surface.tick(() => { if (tableNow()) raceTick(desk, render); if (!running()) syncClock(); },
        { every: 100, area: clockArea });
    } else if (!running() && stopClock) {
      stopClock();
      stopClock = null;
    }
  }

  // ------------------------------------------------------------ picking up, turning, placing
  function pick(/** @type {number} */ number, { place = false } = {}) {
    const puzzle = /** @type {import("./desk.js").Puzzle} */ (desk.puzzle);
    desk.selected = number;
    const piece = pieceOf(number);
    desk.ghost = place ? { number, at: piece.at || freeSpot(desk, piece) || anchorFor(piece, piece.rot, piece.flip, piece.pivot, puzzle.board[0]) } : null;
    host.announce(host.wording("ubongo.tile_selected", { tile: number }));
    render();
  }

  /** Turn (`turn` x 60 degrees) or flip the picked-up tile about its middle cell. A tile on the card stays there
   * if it still fits turned; otherwise the turn is refused, with the reason. @param {number} turn @param {boolean} flipIt */
  async function reorient(turn, flipIt) {
    if (desk.selected === null) { say(host.wording("ubongo.select_first")); return; }
    const piece = pieceOf(desk.selected);
    const ghost = desk.ghost;
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

  /** The kit's drag gesture begins on a tile (its region is draggable): it is lifted where it was pressed.
   * @param {import("../kit.js").Region} region @param {{x: number, y: number}} point */
  function dragStart(region, point) {
    if (!tableNow() || !playing(desk) || !region.value || region.value.tile === undefined) return false;
    const hit = tileAt(desk, point);
    if (!hit) return false;
    const piece = pieceOf(hit.number);
    const R = /** @type {import("./layout.js").Grid} */ (desk.geometry).R;
    let centre;
    let scale = 1;
    if (hit.board) {
      const [q, r] = boardCells(piece, piece.rot, piece.flip, /** @type {Cell} */ (piece.at))[hit.index];
      centre = cellCentre(desk, q, r);
    } else {
      centre = { x: hit.points[hit.index][0], y: hit.points[hit.index][1] };
      scale = R / hit.R;
    }
    desk.selected = hit.number;
    desk.ghost = null;
    desk.drag = { number: hit.number, index: hit.index, x: point.x, y: point.y, board: hit.board,
      offX: (point.x - centre.x) * scale, offY: (point.y - centre.y) * scale };
    return true;
  }

  /** @param {{x: number, y: number}} point */
  function dragMove(point) {
    if (!desk.drag) return;
    desk.drag.x = point.x;
    desk.drag.y = point.y;
  }

  /** A tile let go: on the card it lies there (or is refused, with the reason); off the card it goes back.
   * @param {{x: number, y: number}} point */
  function dragDrop(point) {
    if (!desk.drag) return;
    const { number } = desk.drag;
    const piece = pieceOf(number);
    desk.lastPoint = point;
    const at = dropAnchor(desk);
    desk.drag = null;
    if (onCard(desk.layout, point)) layTile(number, piece.rot, piece.flip, at);
    else if (piece.at) takeOff(number); // dragged off the card: back into the tray
    else render();
  }

  /** The wheel over a tile (or with one picked up) turns it. @param {{x: number, y: number}} point @param {number} deltaY */
  function wheel(point, deltaY) {
    if (!playing(desk)) return false;
    const hit = tileAt(desk, point);
    if (!hit && desk.selected === null) return false;
    if (hit && hit.number !== desk.selected) desk.selected = hit.number;
    reorient(deltaY > 0 ? 1 : -1, false);
    return true;
  }

  /** A tap the kit found a region for (or none): a button, a hex to put the picked-up tile on, a tile (keys).
   * @param {any} region @param {{x: number, y: number}} point @param {Event} [event] */
  async function tap(region, point, event) {
    desk.lastPoint = point;
    const value = region ? region.value : null;
    if (value && value.tile !== undefined) { // a tap picks a tile up; Enter on a focused tile places it by keys
      if (playing(desk)) pick(value.tile, { place: !(event && event.type === "click") });
      return;
    }
    if (value && value.cell && desk.selected !== null && playing(desk)) {
      const piece = pieceOf(desk.selected);
      const way = desk.ghost && desk.ghost.turned ? desk.ghost.turned : { rot: piece.rot, flip: piece.flip };
      const at = anchorFor(piece, way.rot, way.flip, piece.pivot, value.cell);
      await layTile(desk.selected, way.rot, way.flip, at);
      return;
    }
    if (!value || !value.button) return;
    const name = value.button;
    if (name === "rotate") await reorient(1, false);
    else if (name === "flip") await reorient(0, true);
    else if (name === "start") { startClock(); render(); }
    else if (name === "solution") {
      if (now() < desk.confirmSolution && region.target) { desk.confirmSolution = 0; desk.selected = null; await play(region.target, 0); }
      else { desk.confirmSolution = now() + 4000; say(host.wording("ubongo.sure"), point); render(); }
    } else if (name === "next") await nextPuzzle();
    else if (name === "daily") go("#/daily?game=ubongo");
    else if (region.target) {
      desk.selected = null; desk.ghost = null;
      if (region.target.action === "timeout") desk.reportedKey = desk.puzzleKey;
      await play(region.target);
    }
  }

  /** "Next puzzle": the view names it (view.next_puzzle); the bridge makes its game and its link. */
  async function nextPuzzle() {
    const v = viewOf(desk);
    const table = tableNow();
    if (!v || !v.next_puzzle || inLesson(desk) || !table) return;
    const reply = await host.request({ op: "new", game: "ubongo", seed: v.next_puzzle, players: 1,
      options: table.options, seats: table.seats });
    if (reply && reply.ok && reply.share) go(`#/play?code=${encodeURIComponent(reply.share)}&seats=human`);
  }

  // ------------------------------------------------------------ drawing
  /** The pass-the-device cover (the kit's), over the card (a short box: the whole drawing), with this round's
   * colour: its one button starts this seat's sand timer. @param {CanvasRenderingContext2D} c */
  function passCover(c) {
    const { layout } = desk;
    const seat = currentSeat(desk);
    if (seat === null) return;
    const name = host.seatName(seat);
    const box = layout.short ? { x: 6, y: 6, w: layout.width - 12, h: layout.height - 12 } : layout.card;
    const colour = desk.puzzle ? t("ubongo.you_are", { colour: desk.puzzle.colour }) : "";
    const results = view().last_round ? t("ubongo.pass_results") : "";
    surface.passScreen(c, box, { name, value: { button: "start" }, title: t("ubongo.pass_to", { name }),
      note: t("ubongo.pass_note", { name }), button: t("ubongo.start_turn", { name }),
      extra: [colour && `${colour}.`, results].filter(Boolean).join(" ") });
  }

  /** The one paint (the kit's frame loop calls it when something changed, on every tick, after a resize). */
  function paint() {
    if (!tableNow()) return;
    relayout();
    const c = context;
    const { layout, puzzle } = desk;
    surface.begin();
    desk.drawnButtons = [];
    c.clearRect(0, 0, layout.width, layout.height);
    drawBackground(c, layout.width, layout.height);
    drawCard(desk, c);
    const active = playing(desk);
    const covered = Boolean(desk.gate) && mode(desk) === "race" && !desk.shown; // a better move is drawn uncovered
    if (!covered && puzzle && desk.geometry) {
      drawWhiteHexes(c, desk.geometry, puzzle.board);
      hexRegions(desk, active);
      drawPlaced(desk, c, active);
      drawShown(desk, c);
    }
    if (!(covered && layout.short)) { // a short box's gate covers the whole drawing
      drawTray(desk, c, active);
      drawTools(desk, c, active);
      if (mode(desk) === "puzzle") drawPuzzleSide(desk, c, active); else drawRaceSide(desk, c);
    }
    if (!desk.shown) drawGate(desk, c);
    if (!covered && puzzle) { drawGhost(desk, c); drawDrag(desk, c); }
    if (desk.gate === "pass" && !desk.shown) passCover(c);
    // what the page's tests read (as the canvas's status): this seat's clock, and the tile picked up
    canvas.dataset.clock = String(Math.round(elapsed(desk)));
    const picked = desk.selected === null ? null : desk.pieces.get(desk.selected);
    canvas.dataset.picked = picked ? JSON.stringify({ number: picked.number, rot: picked.rot, flip: picked.flip,
      at: picked.at, ghost: desk.ghost ? desk.ghost.at : null }) : "";
    surface.drawFocus();
  }

  // ------------------------------------------------------------ keys
  function moveGhost(/** @type {number} */ dq, /** @type {number} */ dr) {
    if (!desk.ghost) return;
    desk.ghost.at = [desk.ghost.at[0] + dq, desk.ghost.at[1] + dr];
    render();
  }

  /** The board's own keys (the kit's onKey): true when the key was Ubongo's. @param {KeyboardEvent} event */
  function key(event) {
    if (!tableNow()) return false;
    if (!handleKey(event)) return false;
    event.preventDefault();
    return true;
  }

  /** @param {KeyboardEvent} event */
  function handleKey(event) {
    const k = event.key;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if ((desk.gate === "pass" || desk.gate === "results") && (k === "Enter" || k === " ")) {
      startClock(); render(); return true;
    }
    if (mode(desk) === "puzzle" && plain) {
      const lower = k.toLowerCase();
      if (lower === "n" && !inLesson(desk)) { nextPuzzle(); return true; }
      if (lower === "d" && !inLesson(desk)) { go("#/daily?game=ubongo"); return true; }
      if (lower === "h") {
        const hint = targetOf(desk, "button", "hint", "hint");
        if (hint && playing(desk)) { desk.selected = null; desk.ghost = null; play(hint, 0); }
        return true;
      }
    }
    if (playing(desk) && plain) {
      const numbers = /** @type {import("./desk.js").Puzzle} */ (desk.puzzle).tiles.map((tile) => tile.number);
      const ghost = desk.ghost;
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
        const piece = pieceOf(ghost.number);
        const way = ghost.turned || { rot: piece.rot, flip: piece.flip };
        const [q, r] = boardCells(piece, way.rot, way.flip, ghost.at)[piece.pivot];
        desk.lastPoint = cellCentre(desk, q, r);
        layTile(ghost.number, way.rot, way.flip, ghost.at);
      } else if (k === "Escape" && (ghost || desk.selected !== null)) { desk.ghost = null; desk.selected = null; render(); }
      else if ((k === "Delete" || k === "Backspace") && desk.selected !== null) takeOff(desk.selected);
      else handled = false;
      if (handled) return true;
    }
    return false;
  }

  return {
    /** The running race's clock (this seat's sand timer), in ms; null outside a race. */
    clockMs: () => (desk.clockStart === null || mode(desk) !== "race" ? null : elapsed(desk)),
    /** The session's table (read again at paint time, host.table()) and the one before it. */
    draw(next, previous) {
      if (previous && next.history.length < previous.history.length) { desk.selected = null; desk.ghost = null; } // an undo, a reopen
      desk.shown = null;
      canvas.dataset.hint = "";
      if (!tableNow()) return;
      update();
      syncClock();
      render();
    },
    /** The board's help: the race's, or puzzle mode's (its buttons, its keys). */
    helpKey: (next) => (next.view?.mode === "race" || next.players > 1 ? "ubongo.help_race" : "ubongo.help"),
    keydown: (event) => { if (surface.keydown(event)) event.preventDefault(); },
    /** What the person can do now (kit.js): taps and drags in CSS px. */
    targets: () => /** @type {import("../../host.js").Target[]} */ (surface.targets()),
    /** An action Python refused: say why next to where it was tapped or dropped. */
    refused: (action, words) => surface.refused(action, words),
    /** The result line of the game-over panel in puzzle mode: "Solved in 25.8 s" (or that the solution was shown). */
    result(next) {
      const v = next.view;
      if (v.mode !== "puzzle") return null;
      if (v.solved && Number.isFinite(v.time_ms)) return t("ubongo.end.solved_in", { seconds: secondsText(v.time_ms), hints: v.hints });
      return t("ubongo.end.shown");
    },
    /** A puzzle being played: the Hint button (a correct tile is placed, taking off any in its way, and counted).
     * A replay (a review's position: watched, never played): `move` (Python's data of `action`) drawn on the card,
     * until the next draw. */
    showHint(action, move) {
      if (mode(desk) === "puzzle" && !watched(desk)) {
        const hint = targetOf(desk, "button", "hint", "hint");
        if (hint && playing(desk)) { desk.selected = null; desk.ghost = null; play(hint, 0); }
        return;
      }
      desk.shown = shownMove(move);
      lastShown = desk.shown && move ? { action, move } : null;
      if (desk.shown) { desk.selected = null; desk.ghost = null; desk.drag = null; surface.cancelDrag(); }
      canvas.dataset.hint = desk.shown ? desk.shown.move.kind : "";
      render();
    },
    /** A move in words: a review's better move as drawn (the tiles as shown, and when); the Hint button's of a
     * puzzle being played, the tile it places. `move` is the action as data (State.move_data); without it, the move
     * showHint drew last for this action. @param {Record<string, any>} v @param {string} action
     * @param {Record<string, any> | null} [data] */
    describeAction(v, action, data = null) {
      const move = data ?? (lastShown && lastShown.action === action ? lastShown.move : null);
      const puzzleMode = Boolean(v && v.mode === "puzzle");
      if (move && (!puzzleMode || watched(desk))) {
        if (move.kind === "solve") return t("ubongo.describe_solve", { seconds: secondsText(/** @type {number} */ (move.ms)) });
        if (move.kind === "place" && typeof move.ms === "number") return t("ubongo.describe_lay_at", { tile: move.tile, seconds: secondsText(move.ms) });
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
          if (s.gems[name]) badges.push({ colour: PALETTE.colours[GEM_COLOUR[name]].fill, label: `${s.gems[name]} × ${t(`ubongo.gem.${name}`)}`, symbol: String(s.gems[name]), shape: GEM_CUT[name] });
        }
      }
      return badges;
    },
    destroy() {
      alive = false;
      stopClock?.();
      stopClock = null;
      surface.destroy();
    },
  };
}
