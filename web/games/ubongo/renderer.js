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
// review's position, watched, never played) showHint draws the review's better move on the card.
import { PALETTE, Surface, button, targetsByThing } from "../kit.js";
import { GEM_COLOUR, GEM_ORDER, TILE, drawBackground, drawWhiteHexes } from "./art.js";
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

/** @typedef {import("./desk.js").Desk} Desk */
/** @typedef {import("./desk.js").Piece} Piece */
/** @typedef {import("./hexes.js").Cell} Cell */
/** @typedef {import("../../host.js").Table} Table */

// a placement as the notation writes it (py/gamebox/ubongo/actions.py PLACEMENT): tile, anchor hex, turn, flip
const PLACEMENT = /^(\d{1,2}) q(-?\d{1,3})r(-?\d{1,3}) rot([0-5])( flip)?$/;

/** A move of a review (its better move) read for drawing: {kind: "solve" | "place" | "remove" | "timeout",
 * tiles: [{tile, at, rot, flip}], tile (a remove's), ms (or null)}; null for anything else.
 * @param {string} action */
function readMove(action) {
  const text = String(action || "").trim();
  const timed = / @(\d{1,9})$/.exec(text);
  const ms = timed ? Number(timed[1]) : null;
  const body = timed ? text.slice(0, timed.index) : text;
  const placement = (/** @type {string} */ part) => {
    const found = PLACEMENT.exec(part);
    return found ? { tile: Number(found[1]), at: /** @type {Cell} */ ([Number(found[2]), Number(found[3])]), rot: Number(found[4]), flip: Boolean(found[5]) } : null;
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

/** @param {HTMLCanvasElement} canvas @param {import("../../host.js").RendererHost} host
 * @returns {import("../../host.js").Renderer} */
export function create(canvas, host) {
  const t = (/** @type {string} */ key, params = {}) => host.t(key, params);
  /** @type {Table | null} */
  let shownTable = null;
  let press = null; // a press on a tile that may become a drag: {number, index, x, y, board, R, points}
  let consumeClick = false; // the click that follows a press or a drag handled here

  const surface = new Surface(canvas, host, { ...WIDE, onTap: (region, point, event) => tap(region, point, event) });
  /** @type {Desk} */
  const desk = {
    host, t, surface, canvas,
    table: () => shownTable,
    layout: makeLayout({ width: WIDE.width, height: WIDE.height, portrait: false, landscape: false }, () => 0),
    geometry: null, puzzleKey: null, puzzle: null, pieces: new Map(), selected: null, ghost: null, drag: null,
    lastPoint: null, sending: false, targets: new Map(), confirmSolution: 0, clockStart: null, gate: null,
    acknowledged: null, reportedKey: null, timerCheck: null, roundNote: null, shown: null, drawnButtons: [],
    button: (c, name, box, words, options) => { desk.drawnButtons.push({ name, box }); button(c, box, words, options); },
  };
  surface.redraw = () => render();
  let context = surface.context;
  const listeners = new AbortController();
  const view = () => /** @type {Record<string, any>} */ (viewOf(desk));
  /** Go to another screen: through the host where it has a say (a lesson asks first), else by the address. */
  const go = (/** @type {string} */ route) => { if (host.navigate) host.navigate(route); else location.hash = route; };
  /** @param {number} number */
  const pieceOf = (number) => /** @type {Piece} */ (desk.pieces.get(number));

  /** A better move to draw on the card on screen (showHint): its tiles with where they lie, or the tile to take off;
   * null when it names a tile this card does not have, or nothing to draw. @param {string} action */
  function shownMove(action) {
    const move = readMove(action);
    if (!move || !desk.puzzle) return null;
    const laid = move.tiles.map((/** @type {any} */ { tile, rot, flip, at }) => {
      const piece = desk.pieces.get(tile);
      return piece ? { piece, rot, flip, at } : null;
    });
    if (!laid.every(Boolean)) return null;
    const removed = move.kind === "remove" ? desk.pieces.get(/** @type {number} */ (move.tile)) || null : null;
    if (!laid.length && !removed) return null;
    return { move, pieces: /** @type {NonNullable<typeof laid[0]>[]} */ (laid), removed };
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
    canvas.focus({ preventScroll: true });
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

  function tick() {
    if (!shownTable) return;
    raceTick(desk, render);
    const v = view();
    const running = (v.mode === "race" && desk.clockStart !== null && !desk.gate) || (v.mode === "puzzle" && v.phase === "puzzle");
    if (running || desk.drag) render();
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

  /** @param {PointerEvent} event */
  function onPointerDown(event) {
    consumeClick = false;
    if (!shownTable || !playing(desk) || event.button > 0) return;
    const point = surface.point(event);
    const region = surface.at(point);
    if (region && region.value && region.value.button) return; // buttons act on click (the kit's onTap)
    const hit = tileAt(desk, point);
    if (!hit) return;
    consumeClick = true;
    press = { ...hit, x: point.x, y: point.y };
    canvas.setPointerCapture?.(event.pointerId);
  }

  /** @param {PointerEvent} event */
  function onPointerMove(event) {
    if (!press && !desk.drag) return;
    const point = surface.point(event);
    if (press && !desk.drag && Math.hypot(point.x - press.x, point.y - press.y) > 5) {
      clearTimeout(surface.pressTimer); // a drag, not a long press
      surface.hideBubble();
      const piece = pieceOf(press.number);
      const R = /** @type {import("./layout.js").Grid} */ (desk.geometry).R;
      let centre;
      let scale = 1;
      if (press.board) {
        const [q, r] = boardCells(piece, piece.rot, piece.flip, /** @type {Cell} */ (piece.at))[press.index];
        centre = cellCentre(desk, q, r);
      } else {
        centre = { x: press.points[press.index][0], y: press.points[press.index][1] };
        scale = R / press.R;
      }
      desk.selected = press.number;
      desk.ghost = null;
      desk.drag = { number: press.number, index: press.index, x: point.x, y: point.y, board: press.board,
        offX: (press.x - centre.x) * scale, offY: (press.y - centre.y) * scale };
      press = null;
    }
    if (desk.drag) {
      desk.drag.x = point.x;
      desk.drag.y = point.y;
      render();
    }
  }

  /** @param {PointerEvent} event */
  function onPointerUp(event) {
    const point = surface.point(event);
    if (press) {
      // a tap on a tile picks it up (a second tap on a picked-up tile in the tray starts placing it by taps)
      const number = press.number;
      press = null;
      desk.lastPoint = point;
      pick(number);
      return;
    }
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

  /** @param {WheelEvent} event */
  function onWheel(event) {
    if (!playing(desk)) return;
    const hit = tileAt(desk, surface.point(event));
    if (!hit && desk.selected === null) return;
    event.preventDefault();
    if (hit && hit.number !== desk.selected) desk.selected = hit.number;
    reorient(event.deltaY > 0 ? 1 : -1, false);
  }

  /** A tap the kit found a region for (or none): a button, a hex to put the picked-up tile on, a tile (keys).
   * @param {any} region @param {{x: number, y: number}} point @param {Event} [event] */
  async function tap(region, point, event) {
    if (event && event.type === "click" && consumeClick) { consumeClick = false; return; }
    desk.lastPoint = point;
    const value = region ? region.value : null;
    if (value && value.tile !== undefined) { // Enter on a focused tile: pick it up and place it by keys
      if (playing(desk)) pick(value.tile, { place: true });
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
    if (!v || !v.next_puzzle || inLesson(desk) || !shownTable) return;
    const reply = await host.request({ op: "new", game: "ubongo", seed: v.next_puzzle, players: 1,
      options: shownTable.options, seats: shownTable.seats });
    if (reply && reply.ok && reply.share) go(`#/play?code=${encodeURIComponent(reply.share)}&seats=human`);
  }

  // ------------------------------------------------------------ drawing
  function render() {
    if (!shownTable) return;
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
    surface.drawFocus();
  }

  // ------------------------------------------------------------ keys
  function moveGhost(/** @type {number} */ dq, /** @type {number} */ dr) {
    if (!desk.ghost) return;
    desk.ghost.at = [desk.ghost.at[0] + dq, desk.ghost.at[1] + dr];
    render();
  }

  /** @param {KeyboardEvent} event */
  function keydown(event) {
    if (!shownTable) return;
    const k = event.key;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if ((desk.gate === "pass" || desk.gate === "results") && (k === "Enter" || k === " ")) {
      event.preventDefault(); startClock(); render(); return;
    }
    if (mode(desk) === "puzzle" && plain) {
      const lower = k.toLowerCase();
      if (lower === "n" && !inLesson(desk)) { event.preventDefault(); nextPuzzle(); return; }
      if (lower === "d" && !inLesson(desk)) { event.preventDefault(); go("#/daily?game=ubongo"); return; }
      if (lower === "h") {
        event.preventDefault();
        const hint = targetOf(desk, "button", "hint", "hint");
        if (hint && playing(desk)) { desk.selected = null; desk.ghost = null; play(hint, 0); }
        return;
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
      if (handled) { event.preventDefault(); return; }
    }
    if (surface.keydown(event)) event.preventDefault();
  }

  // ------------------------------------------------------------ wiring
  const opts = { signal: listeners.signal };
  canvas.addEventListener("pointerdown", onPointerDown, opts);
  canvas.addEventListener("pointermove", onPointerMove, opts);
  canvas.addEventListener("pointerup", onPointerUp, opts);
  canvas.addEventListener("pointercancel", () => { press = null; desk.drag = null; render(); }, opts);
  canvas.addEventListener("wheel", onWheel, { signal: listeners.signal, passive: false });
  // a touch that starts on a tile drags the tile, not the page; anywhere else the page scrolls as usual
  canvas.addEventListener("touchstart", (event) => {
    const touch = event.touches[0];
    if (touch && playing(desk) && tileAt(desk, surface.point(touch))) event.preventDefault();
  }, { signal: listeners.signal, passive: false });
  canvas.addEventListener("focus", () => render(), opts);
  canvas.addEventListener("blur", () => render(), opts);
  const ticker = setInterval(tick, 100);
  const onResize = () => { surface.hideBubble(); render(); }; // a bubble stays where it was put: away with it
  window.addEventListener("resize", onResize, opts);

  // For tests and tools: where a hex of the card is on the page (CSS px of the viewport), what is picked up.
  /** A box in board units as a rectangle in CSS px of the viewport. @param {import("./layout.js").Box} box */
  const onPage = (box) => {
    const page = canvas.getBoundingClientRect();
    const sx = page.width / desk.layout.width;
    const sy = page.height / desk.layout.height;
    return { x: page.left + box.x * sx, y: page.top + box.y * sy, w: box.w * sx, h: box.h * sy };
  };
  /** @param {{x: number, y: number}} p */
  const px = (p) => { const box = onPage({ x: p.x, y: p.y, w: 0, h: 0 }); return { x: box.x, y: box.y }; };
  /** @type {any} */ (canvas).ubongo = {
    /** Every button the board drew in its last frame, enabled or not, and where (CSS px of the viewport). */
    buttons: () => desk.drawnButtons.map(({ name, box }) => ({ name, ...onPage(box) })),
    /** Where the card, the side panel, the tray and the tools are (CSS px of the viewport). */
    areas: () => ({ card: onPage(desk.layout.card), side: onPage(desk.layout.side), tray: onPage(desk.layout.tray), tools: onPage(desk.layout.tools) }),
    selected: () => (desk.selected === null ? null : { number: desk.selected, ...(({ rot, flip, at }) => ({ rot, flip, at }))(pieceOf(desk.selected)), ghost: desk.ghost ? desk.ghost.at : null }),
    gate: () => desk.gate,
    elapsed: () => elapsed(desk),
    /** Where to press tile `number` (its middle cell, as it lies now) and where to let go for it to lie turned
     * (rot, flip) with its anchor on `at`, in CSS px of the viewport (the tile must be turned so first).
     * @param {number} number @param {number} rot @param {boolean} flip @param {Cell} at */
    dragFor: (number, rot, flip, at) => {
      const piece = desk.pieces.get(number);
      if (!piece || !desk.geometry || !desk.puzzle) return null;
      const from = piece.at ? cellCentre(desk, ...boardCells(piece, piece.rot, piece.flip, piece.at)[piece.pivot])
        : (([x, y]) => ({ x, y }))(trayPoints(desk.layout, desk.puzzle.tiles.length, piece, slotOf(desk, number)).points[piece.pivot]);
      const to = cellCentre(desk, ...boardCells(piece, rot, flip, at)[piece.pivot]);
      const a = px(from);
      const b = px(to);
      return { x: a.x, y: a.y, x2: b.x, y2: b.y };
    },
  };

  return {
    /** The running race's clock (this seat's sand timer), in ms; null outside a race. */
    clockMs: () => (desk.clockStart === null || mode(desk) !== "race" ? null : elapsed(desk)),
    draw(next) {
      if (shownTable && next.history.length < shownTable.history.length) { desk.selected = null; desk.ghost = null; } // an undo, a reopen
      desk.shown = null;
      canvas.dataset.hint = "";
      shownTable = next;
      update();
      render();
    },
    resize: () => render(),
    /** The board's help: the race's, or puzzle mode's (its buttons, its keys). */
    helpKey: (next) => (next.view?.mode === "race" || next.players > 1 ? "ubongo.help_race" : "ubongo.help"),
    keydown,
    /** What the person can do now (kit.js): taps and drags in CSS px. */
    targets: () => /** @type {import("../../host.js").Target[]} */ (surface.targets()),
    /** An action Python refused: say why next to where it was tapped or dropped. */
    refused(action, words) {
      if (!desk.lastPoint) return false;
      surface.tell(desk.lastPoint, words);
      return true;
    },
    /** The result line of the game-over panel in puzzle mode: "Solved in 25.8 s" (or that the solution was shown). */
    result(next) {
      const v = next.view;
      if (v.mode !== "puzzle") return null;
      if (v.solved && Number.isFinite(v.time_ms)) return t("ubongo.end.solved_in", { seconds: secondsText(v.time_ms), hints: v.hints });
      return t("ubongo.end.shown");
    },
    /** A puzzle being played: the Hint button (a correct tile is placed, taking off any in its way, and counted).
     * A replay (a review's position: watched, never played): `action` drawn on the card, until the next draw. */
    showHint(action) {
      if (mode(desk) === "puzzle" && !watched(desk)) {
        const hint = targetOf(desk, "button", "hint", "hint");
        if (hint && playing(desk)) { desk.selected = null; desk.ghost = null; play(hint, 0); }
        return;
      }
      desk.shown = shownMove(action);
      if (desk.shown) { desk.selected = null; desk.ghost = null; desk.drag = null; press = null; }
      canvas.dataset.hint = desk.shown ? desk.shown.move.kind : "";
      render();
    },
    /** A move in words: a review's better move as drawn (the tiles as shown, and when); the Hint button's of a
     * puzzle being played, the tile it places. */
    describeAction(v, action) {
      const move = readMove(action);
      const puzzleMode = Boolean(v && v.mode === "puzzle");
      if (move && (!puzzleMode || watched(desk))) {
        if (move.kind === "solve") return t("ubongo.describe_solve", { seconds: secondsText(/** @type {number} */ (move.ms)) });
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
      delete (/** @type {any} */ (canvas)).ubongo;
      shownTable = null;
    },
  };
}
