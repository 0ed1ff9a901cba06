// @ts-check
// Up Combine's tiles in play: the stacks (each one's art, number, colours and the score preview of a placement on
// it), the bases' choice, and the hand at the bottom, each mapped to the targets that can be touched there; the tiles
// are drawn where the kit's motion puts them (things.js names them).
import { fitText, panel, PALETTE, roundRect } from "../kit.js";
import { drawBack, drawEdge, drawFace, drawStackedTile, drawStackShadow } from "./art.js";
import { baseCells, BASE_Y, CELL_H, CELL_W, handCells, stackCells } from "./layout.js";
import { HIGHLIGHT, HINT, same } from "./scene.js";
import { handThings, stackThings } from "./things.js";
import { capital } from "./words.js";

/** @typedef {import("./scene.js").Scene} Scene */
/** @typedef {import("./layout.js").Cell} Cell */
/** @typedef {import("./art.js").Piece} Piece */
/** @typedef {import("./scene.js").ViewTarget} ViewTarget */
/** @typedef {import("./things.js").TileThing} TileThing */

/** The target of the piece picked up on stack `number`, or null. @param {Scene} s @param {number} number */
function targetOnStack(s, number) {
  const mine = s.selected ? s.byThing.get(`piece:${s.selected.code}`) || [] : [];
  return mine.find((target) => target.to && target.to.id === String(number)) || null;
}

/** A stack in words: its number, top, pieces and colours. @param {Scene} s @param {number} index */
function stackWords(s, index) {
  const stack = s.view.stacks[index];
  const colours = s.view.colours.filter((c) => stack.pieces.some((p) => p.colour === c)).map(s.w.colourName);
  return s.t("upcombine.say.stack", { n: index + 1, top: s.w.pieceName(stack.top), count: stack.pieces.length,
    colours: s.w.list(colours) }) + (stack.used ? ` ${s.t("upcombine.say.used")}` : "");
}

/** A stack's labels (number, used, its colours, and the preview of a placement on it), in board units.
 * @param {Scene} s @param {number} index @param {Cell} cell @param {ViewTarget | null} target */
function drawStackLabels(s, index, cell, target) {
  const { c, view } = s;
  const stack = view.stacks[index];
  const z = cell.s;
  const w = CELL_W * z;
  c.save();
  c.beginPath();
  c.arc(cell.x + 13 * z, cell.y + 10 * z, Math.max(8, 9 * z), 0, Math.PI * 2);
  c.fillStyle = stack.used ? "#5b6270" : "#f6efe0";
  c.fill();
  c.strokeStyle = "rgba(0,0,0,0.4)";
  c.lineWidth = 1;
  c.stroke();
  c.restore();
  const r = Math.max(8, 9 * z);
  fitText(c, String(index + 1), { x: cell.x + 13 * z - r, y: cell.y + 10 * z - r, w: 2 * r, h: 2 * r },
    { size: 11, weight: 700, colour: stack.used ? "#ffffff" : PALETTE.ink, minSize: 7 });
  if (stack.used) {
    const box = { x: cell.x + 25 * z, y: cell.y + 2 * z, w: w - 27 * z, h: Math.max(14, 16 * z) };
    c.fillStyle = "rgba(20, 24, 32, 0.78)";
    roundRect(c, box.x, box.y, box.w, box.h, box.h / 2);
    c.fill();
    fitText(c, `✓ ${s.t("upcombine.used")}`, { x: box.x + 3, y: box.y, w: box.w - 6, h: box.h },
      { size: 10, weight: 700, colour: "#ffffff", minSize: 6 });
  }
  // the colours in the stack, as little tiles with the colour's initial (never the colour alone): two overlapping
  // for a colour it holds twice
  const present = view.colours.filter((colour) => stack.pieces.some((p) => p.colour === colour));
  const pip = 14 * z;
  const gap = 1.5 * z;
  const px0 = cell.x + w / 2 - (present.length * (pip + gap) - gap) / 2;
  const pipY = cell.y + (BASE_Y + 9) * z;
  present.forEach((colour, k) => {
    const count = stack.pieces.filter((p) => p.colour === colour).length;
    const px = px0 + k * (pip + gap);
    if (count > 1) drawBack(c, s.look, colour, px, pipY, pip, pip, { letter: false });
    drawBack(c, s.look, colour, px, pipY - (count > 1 ? 3 * z : 0), pip, pip);
  });
  const text = { x: cell.x + 2, y: pipY + pip + 2, w: w - 4, h: cell.y + CELL_H * z - (pipY + pip + 2) };
  if (target) {
    // the round'z score preview: what a placement here leaves in hand, whether it splits the stack
    const p = target.params;
    const lines = p.points === 0 ? s.t("upcombine.preview.win")
      : `${s.t("upcombine.preview.points", { points: p.points })}${p.split ? ` · ${s.t("upcombine.preview.split")}` : ""}`;
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
  fitText(c, s.t("upcombine.stack_tiles", { n }), { x: text.x, y: text.y, w: text.w, h: text.h / 2 },
    { size: 11, colour: "rgba(255,255,255,0.92)", minSize: 7 });
  fitText(c, s.t("upcombine.stack_colours", { k: stack.colours }), { x: text.x, y: text.y + text.h / 2, w: text.w, h: text.h / 2 },
    { size: 10, weight: stack.colours >= 4 ? 700 : 400, colour: stack.colours >= 4 ? HIGHLIGHT : "rgba(255,255,255,0.78)", minSize: 7 });
}

/** The stacks: each one's tiles where the motion puts them, its labels, and the targets of the piece picked up on
 * it. A tile in flight is drawn later, above the hand (drawFlying).
 * @param {Scene} s */
export function drawStacks(s) {
  const { c, view } = s;
  const count = view.stacks.length;
  const box = s.geometry.stacks;
  const cells = stackCells(count, box);
  fitText(c, s.t("upcombine.round", { n: view.round }), { x: box.x + 4, y: box.y, w: box.w * 0.5, h: 16 },
    { size: 12, weight: 600, colour: "rgba(255,255,255,0.85)", align: "left" });
  const picked = s.selected !== null;
  const things = stackThings(view, s.geometry);
  for (let index = 0; index < count; index++) {
    const cell = cells[index];
    const target = targetOnStack(s, index + 1);
    const hintHere = s.hinted && s.hinted.to && s.hinted.to.kind === "stack" && s.hinted.to.id === String(index + 1)
      && (!s.selected || same(s.hinted.thing, { kind: "piece", id: s.selected.code }));
    let glow = target ? HIGHLIGHT : hintHere ? HINT : null;
    if (s.surface.isHovered(`stack:${index + 1}`) && target) glow = "#fff6c2";
    const tiles = things.filter((thing) => thing.stack === index);
    c.save();
    if (picked && !target) c.globalAlpha = 0.45; // a picked-up tile may not go there
    if (tiles.length) drawStackShadow(c, cell);
    // while its top tile is in flight, the stack shows the tile under it face up, as it lay before
    const resting = tiles.filter((tile) => !s.surface.moving(tile.id));
    resting.forEach((tile, k) => {
      const at = s.surface.placed(tile);
      drawStackedTile(c, s.look, tile, at.x, at.y, tile.s, { top: k === resting.length - 1, depth: tile.level + 1, glow,
        alpha: at.alpha });
    });
    c.restore();
    drawStackLabels(s, index, cell, target);
    const region = { rect: [cell.x, cell.y, CELL_W * cell.s, CELL_H * cell.s] };
    s.surface.region(region, { key: `stack:${index + 1}`, value: { kind: "stack", number: index + 1 }, target,
      label: target ? s.w.words(target) : "", describe: stackWords(s, index) });
  }
}

/** The tiles in flight (moving or appearing: a placement from the hand, a split, the hand closing up) and those
 * fading out, above everything else. @param {Scene} s */
export function drawFlying(s) {
  const { c, view } = s;
  const things = [...stackThings(view, s.geometry), ...(s.privacy ? [] : handThings(view, s.geometry, s.bottomSeat))];
  for (const { thing, alpha } of s.surface.leaving()) drawThing(s, /** @type {TileThing} */ (thing), thing.x, thing.y, alpha);
  for (const thing of things) {
    if (!s.surface.moving(thing.id)) continue;
    const at = s.surface.placed(thing);
    drawThing(s, thing, at.x, at.y, at.alpha);
  }
}

/** A tile thing at (x, y): as it lies in a stack, or face up as in the hand.
 * @param {Scene} s @param {TileThing} thing @param {number} x @param {number} y @param {number} alpha */
function drawThing(s, thing, x, y, alpha) {
  const { c } = s;
  if (thing.stack !== undefined) {
    drawStackedTile(c, s.look, thing, x, y, thing.s, { top: thing.top, depth: thing.level + 1, alpha });
    return;
  }
  c.save();
  c.globalAlpha *= alpha;
  drawEdge(c, s.look, thing.colour, x, y + thing.h - 2, thing.w, 8);
  drawFace(c, s.look, thing, x, y, thing.w, thing.h, { glow: "rgba(0,0,0,0.5)" });
  c.restore();
}

/** The oldest player's choice of the bases: the five colours face down, the first one picked raised.
 * @param {Scene} s */
export function drawBaseChoice(s) {
  const { c, view } = s;
  const box = s.geometry.stacks;
  const seat = s.seat;
  const inner = { x: box.x + 12, y: box.y + 8, w: box.w - 24, h: box.h - 16 };
  panel(c, inner, { fill: "rgba(250, 246, 236, 0.95)", radius: 12 });
  fitText(c, s.t("upcombine.bases.title", { n: view.round }), { x: inner.x + 12, y: inner.y + 8, w: inner.w - 24, h: 26 },
    { size: 17, weight: 700 });
  const who = seat === null ? s.t("upcombine.bases.chooser", { name: s.host.seatName(view.current) }) : s.t("upcombine.bases.you");
  fitText(c, `${who} ${s.t("upcombine.bases.face_down")}`, { x: inner.x + 12, y: inner.y + 36, w: inner.w - 24, h: 56 },
    { size: 13, colour: PALETTE.muted, lines: 4, minSize: 9 });
  const mine = s.targets;
  const hintedColours = s.hinted && s.hinted.to && s.hinted.thing.kind === "tile" ? [s.hinted.thing.id, s.hinted.to.id] : [];
  for (const cell of baseCells(view.colours, box)) {
    const colour = cell.colour;
    const tile = { kind: "tile", id: colour };
    const picked = s.basePick === colour;
    let target = null;
    let label = "";
    if (seat !== null) {
      if (picked) label = s.t("upcombine.base_drop", { colour: s.w.colourName(colour) });
      else if (s.basePick) {
        target = mine.find((x) => (same(x.thing, tile) && x.to.id === s.basePick) || (same(x.to, tile) && x.thing.id === s.basePick)) || null;
      } else if (mine.some((x) => same(x.thing, tile) || same(x.to, tile))) {
        label = s.t("upcombine.base_pick", { colour: s.w.colourName(colour) });
      }
    }
    const open = Boolean(target || label);
    const lift = picked ? 12 : (s.surface.isHovered(`base:${colour}`) && open ? 5 : 0);
    c.save();
    if (seat !== null && !open) c.globalAlpha = 0.4;
    drawBack(c, s.look, colour, cell.x, cell.y - lift, cell.w, cell.h);
    c.restore();
    if (picked || hintedColours.includes(colour)) {
      roundRect(c, cell.x - 5, cell.y - lift - 5, cell.w + 10, cell.h + 10, 10);
      c.strokeStyle = picked ? HIGHLIGHT : HINT;
      c.lineWidth = 4;
      c.stroke();
    }
    const under = { x: cell.x - cell.gap / 2 + 1, w: cell.w + cell.gap - 2 }; // never over the next colour's
    fitText(c, capital(s.w.colourName(colour)), { ...under, y: cell.y + cell.h + 6, h: 18 }, { size: 13, weight: 600, minSize: 7 });
    // the count within the tile's own width (two lines where need be): across the gap, each colour's ran into the
    // next one's on a phone ("11 in the pile11 in the pile", issue 27)
    fitText(c, s.t("upcombine.bases.in_pile", { n: view.pile.colours[colour] || 0 }),
      { x: cell.x, w: cell.w, y: cell.y + cell.h + 24, h: 30 }, { size: 12, colour: PALETTE.muted, lines: 2, minSize: 8 });
    s.surface.region({ rect: [cell.x, cell.y - lift, cell.w, cell.h] }, { key: `base:${colour}`, value: { kind: "base", colour },
      target, label: target ? s.w.words(target) : label, describe: s.t("upcombine.say.base", { colour: capital(s.w.colourName(colour)), n: view.pile.colours[colour] || 0 }) });
  }
}

/** A piece of the hand in words, and the stacks it fits. @param {Scene} s @param {Piece} piece */
function pieceWords(s, piece) {
  if (s.seat === null) return s.t("upcombine.describe.yours", { piece: s.w.pieceName(piece) });
  const stacks = (s.byThing.get(`piece:${piece.colour}${piece.symbol}`) || []).map((target) => target.to.id);
  return stacks.length ? s.t("upcombine.describe.fits", { piece: s.w.pieceName(piece), stacks: s.w.list(stacks), count: stacks.length })
    : s.t("upcombine.describe.fits_none", { piece: s.w.pieceName(piece) });
}

/** The hand at the bottom: face up for its owner, else face down; a piece that fits somewhere can be picked up.
 * @param {Scene} s */
export function drawHand(s) {
  const { c, view } = s;
  const box = s.geometry.hand;
  const hand = view.hands[s.bottomSeat];
  const hidden = !hand.pieces || s.privacy;
  const mine = s.seat !== null;
  const things = s.byThing;
  const owner = s.humans === 1 && s.bottomSeat === s.table.seats.findIndex((seat) => seat.kind === "human")
    ? s.t("upcombine.your_tiles", { n: hand.count })
    : s.t("upcombine.their_tiles", { name: s.host.seatName(s.bottomSeat), n: hand.count });
  fitText(c, (view.current === s.bottomSeat && !view.over ? "▶ " : "") + owner, { x: box.x + 14, y: box.y + 6, w: box.w * 0.55, h: 24 },
    { size: 14, weight: 600, colour: "#fff4dc", align: "left", minSize: 9 });
  if (s.selected && !hidden) {
    fitText(c, s.t("upcombine.esc_cancel"), { x: box.x + box.w * 0.57, y: box.y + 6, w: box.w * 0.43 - 14, h: 24 },
      { size: 12, colour: "#fff4dc", align: "right", lines: 2, minSize: 8 });
  }
  if (hand.count === 0) {
    fitText(c, s.t("upcombine.empty_hand"), { x: box.x + 14, y: box.y + 40, w: box.w - 28, h: 30 },
      { size: 13, colour: "#fff4dc", align: "left" });
    return;
  }
  const cells = handCells(hand.count, box);
  const tiles = hidden ? [] : handThings(view, s.geometry, s.bottomSeat);
  cells.forEach((cell, index) => {
    if (hidden) {
      drawBack(c, s.look, hand.colours[index], cell.x, cell.y, cell.w, cell.h + 6);
      return;
    }
    const piece = hand.pieces[index];
    const code = `${piece.colour}${piece.symbol}`;
    const fits = things.get(`piece:${code}`) || [];
    const isSelected = s.selected && s.selected.index === index;
    const lifted = isSelected ? 14 : (s.surface.isHovered(`piece:${index}`) && fits.length ? 6 : 0);
    const y = cell.y - lifted;
    if (s.surface.moving(tiles[index].id)) return; // drawn in flight (drawFlying), not yet in its place
    drawEdge(c, s.look, piece.colour, cell.x, y + cell.h - 2, cell.w, 8);
    let glow = null;
    if (isSelected) glow = HIGHLIGHT;
    else if (s.hinted && same(s.hinted.thing, { kind: "piece", id: code }) && !s.selected) glow = HINT;
    drawFace(c, s.look, piece, cell.x, y, cell.w, cell.h, { glow });
    if (mine && !fits.length && !view.choosing_bases) {
      roundRect(c, cell.x, y, cell.w, cell.h + 6, 7);
      c.fillStyle = "rgba(40, 25, 10, 0.34)";
      c.fill();
    }
    let label = "";
    if (mine && fits.length) {
      label = s.t(isSelected ? "upcombine.put_back" : "upcombine.pick", { colour: s.w.colourName(piece.colour), symbol: s.w.symbolWord(piece.symbol) });
    }
    s.surface.region({ rect: [cell.x, y, cell.hitW, cell.h + 8] }, { key: `piece:${index}`, value: { kind: "piece", code, index },
      label, describe: pieceWords(s, piece) });
  });
}
