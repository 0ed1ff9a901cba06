// @ts-check
// The person's tiles: on the card, in the tray, picked up (a ghost placed by keys or taps), dragged, and a review's
// better move drawn on the card; each tile's regions (what a tap, a drag or a hover does with it), the card's hexes
// as places to put a picked-up tile, and the tools (turn, flip, give up or hint).
import { PALETTE, fitText, font, roundRect } from "../kit.js";
import { drawPolyhex } from "./art.js";
import {
  anchorFor, boardCells, boardPoints, cellCentre, fits, freeSpot, mode, placeTargetSpot, slotOf, targetKeyed, targetOf,
  viewOf,
} from "./desk.js";
import { EDGE_NEIGHBOUR, SQ3, cellKey, corner, hexAt, hexPath, hexPolygon, turned } from "./hexes.js";
import { onCard, slotLabels, slotRect, trayPoints } from "./layout.js";

/** @typedef {import("./desk.js").Desk} Desk */
/** @typedef {import("./desk.js").Piece} Piece */
/** @typedef {import("./desk.js").Puzzle} Puzzle */
/** @typedef {import("./hexes.js").CellPoint} CellPoint */

/** @param {Desk} desk */
const puzzleOf = (desk) => /** @type {Puzzle} */ (desk.puzzle);
/** @param {Desk} desk */
const gridOf = (desk) => /** @type {import("./layout.js").Grid} */ (desk.geometry);
/** @param {Desk} desk @param {number} index */
const slot = (desk, index) => slotRect(desk.layout, puzzleOf(desk).tiles.length, index);
/** @param {Desk} desk @param {Piece} piece */
const shownElsewhere = (desk, piece) => Boolean(desk.shown && desk.shown.pieces.some((laid) => laid.piece === piece));

/** @param {Desk} desk @param {Piece} piece */
function describeTile(desk, piece) {
  const words = desk.t("ubongo.describe.tile", { tile: piece.number, hexes: piece.base.length,
    colour: desk.t(`colour.${puzzleOf(desk).colour}`) });
  return `${words} ${desk.t(piece.at ? "ubongo.describe.on_card" : "ubongo.describe.in_tray")}`;
}

/** The tiles on the card, each a region (its middle cell carries what a person can do with it).
 * @param {Desk} desk @param {CanvasRenderingContext2D} c @param {boolean} active */
export function drawPlaced(desk, c, active) {
  const R = gridOf(desk).R;
  for (const piece of desk.pieces.values()) {
    if (!piece.at || (desk.drag && desk.drag.number === piece.number)) continue;
    if (shownElsewhere(desk, piece)) continue; // the better move lays it elsewhere
    const points = boardPoints(desk, piece, piece.rot, piece.flip, piece.at);
    const picked = desk.selected === piece.number;
    const hovered = desk.surface.isHovered(`tile:${piece.number}`);
    drawPolyhex(c, points, R, puzzleOf(desk).colour, {
      outline: picked ? "#ffffff" : hovered ? "rgba(255,255,255,0.8)" : null,
      label: { text: piece.number, at: points[piece.pivot] },
    });
    tileRegions(desk, piece, points, R, active);
  }
}

/** A tile's regions: one per cell (hover and long press say what it is), and its middle cell, on top, with what
 * can be done with it now: a drag (where Python's target puts it, or any free spot in a race), or a tap that
 * picks it up. @param {Desk} desk @param {Piece} piece @param {CellPoint[]} points @param {number} R
 * @param {boolean} active */
function tileRegions(desk, piece, points, R, active) {
  const describe = describeTile(desk, piece);
  points.forEach(([x, y], i) => {
    if (i !== piece.pivot) desk.surface.region({ polygon: hexPolygon(x, y, R) }, { key: `tile:${piece.number}:${i}`, value: { tile: piece.number }, describe, focusable: false, draggable: active });
  });
  const [x, y] = points[piece.pivot];
  /** @type {Record<string, any>} */
  const options = { key: `tile:${piece.number}`, value: { tile: piece.number }, describe, focusable: active, draggable: active };
  if (active) {
    const drop = dragTo(desk, piece);
    if (drop) Object.assign(options, drop);
    else options.label = desk.t("ubongo.pick_up", { tile: piece.number });
  }
  desk.surface.region({ polygon: hexPolygon(x, y, R * 0.95) }, options);
}

/** Where a drag of this tile goes now: {drag, target?, label}, or null (pick it up and turn it first).
 * @param {Desk} desk @param {Piece} piece */
function dragTo(desk, piece) {
  if (mode(desk) === "puzzle") {
    const spot = placeTargetSpot(desk, piece);
    if (spot && !(piece.at && piece.at[0] === spot.at[0] && piece.at[1] === spot.at[1])) {
      const to = cellCentre(desk, spot.cell[0], spot.cell[1]);
      return { drag: { x: to.x, y: to.y }, target: spot.target };
    }
    const remove = piece.at ? targetKeyed(desk, "tile", piece.number, "ubongo.target.remove") : null;
    if (remove) {
      const box = slot(desk, slotOf(desk, piece.number));
      return { drag: { x: box.x + box.w / 2, y: box.y + box.h / 2 }, target: remove };
    }
    return null;
  }
  const built = targetOf(desk, "tile", piece.number, "solve");
  if (!built) return null;
  if (piece.at) {
    const box = slot(desk, slotOf(desk, piece.number));
    return { drag: { x: box.x + box.w / 2, y: box.y + box.h / 2 }, label: desk.t("ubongo.take_off", { tile: piece.number }) };
  }
  const at = freeSpot(desk, piece);
  if (!at) return null;
  const [q, r] = boardCells(piece, piece.rot, piece.flip, at)[piece.pivot];
  const to = cellCentre(desk, q, r);
  return { drag: { x: to.x, y: to.y }, label: desk.t(built.key, built.params) };
}

/** The tray and the tiles in it. @param {Desk} desk @param {CanvasRenderingContext2D} c @param {boolean} active */
export function drawTray(desk, c, active) {
  const { x, y, w, h } = desk.layout.tray;
  panelOfWood(c, x, y, w, h);
  const puzzle = desk.puzzle;
  if (!puzzle || desk.gate) return;
  const labels = slotLabels(desk.layout);
  puzzle.tiles.forEach((tile, index) => {
    const box = slot(desk, index);
    const piece = /** @type {Piece} */ (desk.pieces.get(tile.number));
    const picked = desk.selected === piece.number && !piece.at;
    roundedSlot(c, box, picked);
    // a narrow screen is mostly a touch screen: the tile's name without its key
    const keys = !desk.layout.narrow && !window.matchMedia?.("(pointer: coarse)").matches; // no keys to name on a phone
    const name = keys ? desk.t("ubongo.tile_slot", { tile: tile.number, key: index + 1 }) : desk.t("ubongo.tile_name", { tile: tile.number });
    if (labels) {
      fitLabel(c, name, { x: box.x + 10, y: box.y + 7, w: box.w - 20, h: 18 });
    }
    if (piece.at || shownElsewhere(desk, piece)) { // on the card (or drawn there)
      const below = labels ? 30 : 10;
      fitLabel(c, desk.t("ubongo.on_board"), { x: box.x + 10, y: box.y + below, w: box.w - 20, h: box.h - below - 10 }, true);
      return;
    }
    if (desk.drag && desk.drag.number === piece.number) return;
    const { R, points } = trayPoints(desk.layout, puzzle.tiles.length, piece, index);
    const hovered = desk.surface.isHovered(`tile:${piece.number}`);
    drawPolyhex(c, points, R, puzzle.colour, { outline: hovered || desk.selected === piece.number ? "#ffffff" : null,
      label: { text: piece.number, at: points[piece.pivot] } });
    tileRegions(desk, piece, points, R, active);
  });
}

/** @param {CanvasRenderingContext2D} c @param {number} x @param {number} y @param {number} w @param {number} h */
function panelOfWood(c, x, y, w, h) {
  roundRect(c, x, y, w, h, 14);
  const g = c.createLinearGradient(0, y, 0, y + h);
  g.addColorStop(0, "#8a5a2b");
  g.addColorStop(1, "#6d4520");
  c.fillStyle = g;
  c.fill();
  c.strokeStyle = "#4f3015";
  c.lineWidth = 2;
  c.stroke();
}

/** @param {CanvasRenderingContext2D} c @param {import("./layout.js").Box} box @param {boolean} picked */
function roundedSlot(c, box, picked) {
  roundRect(c, box.x + 5, box.y + 5, box.w - 10, box.h - 10, 10);
  c.fillStyle = picked ? "rgba(255,211,107,0.22)" : "rgba(0,0,0,0.18)";
  c.fill();
  if (picked) {
    c.strokeStyle = "#ffd36b";
    c.lineWidth = 3;
    c.stroke();
  }
}

/** @param {CanvasRenderingContext2D} c @param {string} words @param {import("./layout.js").Box} box @param {boolean} [faint] */
function fitLabel(c, words, box, faint = false) {
  fitText(c, words, box, faint ? { size: 12, colour: "rgba(247,234,210,0.75)", lines: 2 }
    : { size: 12, weight: 600, colour: "#f7ead2", align: "left" });
}

/** While a tile is picked up: every hex of the card is a place to put it by a tap; the hex where Python's
 * `place` target puts its middle cell plays that target. @param {Desk} desk @param {boolean} active */
export function hexRegions(desk, active) {
  if (!active || desk.selected === null) return;
  const piece = /** @type {Piece} */ (desk.pieces.get(desk.selected));
  const spot = mode(desk) === "puzzle" && !desk.ghost?.turned ? placeTargetSpot(desk, piece) : null;
  for (const [q, r] of puzzleOf(desk).board) {
    const { x, y } = cellCentre(desk, q, r);
    const here = spot && spot.cell[0] === q && spot.cell[1] === r && !(piece.at && piece.at[0] === spot.at[0] && piece.at[1] === spot.at[1]);
    desk.surface.region({ polygon: hexPolygon(x, y, gridOf(desk).R * 0.98) }, { key: `hex:${q},${r}`, value: { cell: [q, r] },
      focusable: false, ...(here ? { target: spot.target } : { label: desk.t("ubongo.put_here", { tile: piece.number }) }) });
  }
}

/** Rotate, Flip, and Give up (a race) or Hint (puzzle mode). @param {Desk} desk @param {CanvasRenderingContext2D} c
 * @param {boolean} active */
export function drawTools(desk, c, active) {
  const { host, layout } = desk;
  const { x, y, w, h } = layout.tools;
  const picked = active && desk.selected !== null;
  const race = mode(desk) === "race";
  /** @type {[string, import("./layout.js").Box][]} */
  const tools = [];
  if (layout.narrow || layout.short) {
    // one row: each button as wide as its words ask (Ukrainian's "Перевернути" is twice "Здатися")
    const words = [host.wording("ubongo.rotate"), host.wording("ubongo.flip"),
      host.wording(race ? "ubongo.give_up" : "ubongo.hint_button")];
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
      desk.button(c, name, box, words, { primary: false, disabled: !picked, hovered: desk.surface.isHovered(name), size: layout.short ? 13 : 14 });
      if (active) desk.surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: name, value: { button: name },
        ...(picked ? { label: words } : { describe: host.wording("ubongo.select_first") }) });
      continue;
    }
    const target = race ? targetOf(desk, "button", "timeout", "timeout") : targetOf(desk, "button", "hint", "hint");
    const words = host.wording(race ? "ubongo.give_up" : "ubongo.hint_button");
    desk.button(c, "act", box, words, { primary: !race, disabled: !(active && target), hovered: desk.surface.isHovered("act"), size: layout.short ? 13 : 15 });
    if (active && target) desk.surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: "act", value: { button: "act" }, target, describe: desk.t(target.key, target.params) });
  }
}

/** Where the dragged tile's anchor would land now. @param {Desk} desk */
export function dropAnchor(desk) {
  const drag = /** @type {NonNullable<Desk["drag"]>} */ (desk.drag);
  const piece = /** @type {Piece} */ (desk.pieces.get(drag.number));
  const cell = hexAt(gridOf(desk), drag.x - drag.offX, drag.y - drag.offY);
  return anchorFor(piece, piece.rot, piece.flip, drag.index, cell);
}

/** The tile being dragged, lifted, with a dashed outline of the hexes it would cover.
 * @param {Desk} desk @param {CanvasRenderingContext2D} c */
export function drawDrag(desk, c) {
  const drag = desk.drag;
  if (!drag) return;
  const puzzle = puzzleOf(desk);
  const piece = /** @type {Piece} */ (desk.pieces.get(drag.number));
  const R = gridOf(desk).R;
  if (onCard(desk.layout, { x: drag.x, y: drag.y })) {
    const cells = boardCells(piece, piece.rot, piece.flip, dropAnchor(desk));
    if (cells.every(([q, r]) => puzzle.boardSet.has(cellKey(q, r)))) {
      c.save();
      c.strokeStyle = "rgba(255,255,255,0.95)";
      c.setLineDash([4, 3]);
      c.lineWidth = 2.5;
      for (const [q, r] of cells) { const p = cellCentre(desk, q, r); hexPath(c, p.x, p.y, R - 3); c.stroke(); }
      c.restore();
    }
  }
  const [gq, gr] = turned(piece, piece.rot, piece.flip)[drag.index];
  const cx = drag.x - drag.offX;
  const cy = drag.y - drag.offY;
  /** @type {CellPoint[]} */
  const points = turned(piece, piece.rot, piece.flip).map(([q, r]) => [
    cx + R * SQ3 * (q - gq + (r - gr) / 2), cy + R * 1.5 * (r - gr), q, r]);
  drawPolyhex(c, points, R, puzzle.colour, { lifted: true, alpha: 0.92, label: { text: piece.number, at: points[piece.pivot] } });
}

/** The picked-up tile placed by keys or taps: white edged where it fits, red where it does not.
 * @param {Desk} desk @param {CanvasRenderingContext2D} c */
export function drawGhost(desk, c) {
  const ghost = desk.ghost;
  if (!ghost || desk.drag) return;
  const piece = /** @type {Piece} */ (desk.pieces.get(ghost.number));
  const way = ghost.turned || { rot: piece.rot, flip: piece.flip };
  const points = boardPoints(desk, piece, way.rot, way.flip, ghost.at);
  const ok = fits(desk, piece.number, way.rot, way.flip, ghost.at);
  drawPolyhex(c, points, gridOf(desk).R, puzzleOf(desk).colour, { lifted: true, alpha: ok ? 0.95 : 0.6,
    outline: ok ? "#ffffff" : PALETTE.danger, label: { text: piece.number, at: points[piece.pivot] } });
}

/** The better move on the card (showHint in a replay): its tiles where it lays them, see-through in their colour
 * with the hint colour round each; a tile it takes off outlined in the hint colour, dashed.
 * @param {Desk} desk @param {CanvasRenderingContext2D} c */
export function drawShown(desk, c) {
  const shown = desk.shown;
  if (!shown || !desk.geometry) return;
  const R = desk.geometry.R;
  const edge = Math.max(3, R * 0.14);
  const rim = (/** @type {CellPoint[]} */ points, /** @type {boolean} */ dashed) => {
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
    rim(boardPoints(desk, piece, piece.rot, piece.flip, /** @type {import("./hexes.js").Cell} */ (piece.at)), true);
  }
  for (const { piece, rot, flip, at } of shown.pieces) {
    const points = boardPoints(desk, piece, rot, flip, at);
    drawPolyhex(c, points, R, puzzleOf(desk).colour, { alpha: 0.6, label: { text: piece.number, at: points[piece.pivot] } });
    rim(points, false);
  }
}

/** The tile under a point: on the card (topmost) or in the tray, and which of its cells.
 * @param {Desk} desk @param {{x: number, y: number}} point */
export function tileAt(desk, point) {
  const puzzle = desk.puzzle;
  if (!puzzle || !desk.geometry || !viewOf(desk)) return null;
  const [q, r] = hexAt(desk.geometry, point.x, point.y);
  for (const piece of desk.pieces.values()) {
    if (!piece.at) continue;
    const index = boardCells(piece, piece.rot, piece.flip, piece.at).findIndex(([a, b]) => a === q && b === r);
    if (index >= 0) return { number: piece.number, index, board: true, R: desk.geometry.R, points: /** @type {CellPoint[]} */ ([]) };
  }
  for (const [index, tile] of puzzle.tiles.entries()) {
    const piece = /** @type {Piece} */ (desk.pieces.get(tile.number));
    if (piece.at) continue;
    const box = slot(desk, index);
    if (point.x < box.x || point.x > box.x + box.w || point.y < box.y || point.y > box.y + box.h) continue;
    const { R, points } = trayPoints(desk.layout, puzzle.tiles.length, piece, index);
    let nearest = 0;
    let best = Infinity;
    points.forEach(([x, y], i) => {
      const d = (x - point.x) ** 2 + (y - point.y) ** 2;
      if (d < best) { best = d; nearest = i; }
    });
    return { number: piece.number, index: nearest, board: false, R, points };
  }
  return null;
}
