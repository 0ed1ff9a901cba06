// @ts-check
// Where everything goes on Ubongo's board: wide (the card and the side panel side by side, the tray and the tools
// below), narrow (a phone upright: the tray, the tools and the side panel below the card, so the card is as wide as
// the screen) or short (a phone held sideways: the card as tall as the box, the side panel, the tray and the tools
// beside it); then the card's hex grid and the tray's slots.
import { SQ3, turned } from "./hexes.js";

/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/** @typedef {{narrow: boolean, short: boolean, width: number, height: number, strip: number, card: Box, side: Box,
 *   tray: Box, tools: Box}} Layout */
/** @typedef {{width: number, height: number, portrait: boolean, landscape: boolean}} Room */
/** @typedef {{R: number, ox: number, oy: number}} Grid */

export const WIDE = { width: 860, height: 640 };
export const NARROW_WIDTH = 400;

/** The layout for the room the page gives: `sideHeight(kind, sideWidth)` is the side panel's height in a "narrow"
 * or "short" layout. @param {Room} room @param {(kind: string, width: number) => number} sideHeight
 * @returns {Layout} */
export function makeLayout(room, sideHeight) {
  if (room.landscape) return shortLayout(room, sideHeight);
  const narrow = room.portrait;
  if (!narrow) {
    return { narrow, short: false, width: WIDE.width, height: WIDE.height, strip: 58,
      card: { x: 12, y: 12, w: 536, h: 444 }, side: { x: 560, y: 12, w: 288, h: 444 },
      tray: { x: 12, y: 468, w: 668, h: 160 }, tools: { x: 692, y: 468, w: 156, h: 160 } };
  }
  // as wide as the column (a phone, an embed), so the card is as large as the width allows
  const width = Math.max(NARROW_WIDTH, Math.min(620, Math.floor(room.width)));
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
 * a finger's press) and the tools in one row at the bottom, next to the thumb.
 * @param {Room} room @param {(kind: string, width: number) => number} sideHeight @returns {Layout} */
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

/** In a short box's side panel, the players in one column, or two where three or four would not fit in height.
 * @param {Record<string, any>} view @param {number} width */
export const seatColumns = (view, width) => (view.seats.length > 2 && width >= 220 ? 2 : 1);

/** The side panel's height for the view in a layout of `kind`: compact in a short box, and a race's below the card
 * on a narrow screen too (the page lists the scores under the board anyway, and a tall drawing is shown small, since
 * the page keeps the turn and Undo in view), with the seats in two columns where it is wide. `lesson`: a guided game
 * or a review, whose puzzle panel has no buttons.
 * @param {Record<string, any> | null} view @param {string} kind @param {number} width @param {boolean} lesson */
export function sideHeight(view, kind, width, lesson) {
  if (kind === "short" || (kind === "narrow" && view && view.mode === "race")) {
    if (!view || view.mode === "puzzle") return lesson ? 66 : 66 + 3 * 36;
    return (view.phase === "over" ? 54 : 96) + Math.ceil(view.seats.length / seatColumns(view, width)) * 34;
  }
  if (!view) return 240;
  if (view.mode === "puzzle") return lesson ? 176 : 236;
  return (view.phase === "over" ? 68 : 150) + view.seats.length * 48;
}

/** Where the card's white hexes may go. @param {Layout} layout @returns {Box} */
function boardArea(layout) {
  const { card, strip, narrow, short } = layout;
  if (short) return { x: card.x + 8, y: card.y + 34, w: card.w - 16, h: card.h - 58 };
  if (narrow) return { x: card.x + 10, y: card.y + 40, w: card.w - 20, h: card.h - 66 };
  return { x: card.x + strip + 14, y: card.y + 40, w: card.w - strip - 28, h: card.h - 70 };
}

/** The card's hex grid: the hexes as large as the card allows, centred. @param {Layout} layout
 * @param {[number, number][]} board @returns {Grid} */
export function cardGrid(layout, board) {
  let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
  for (const [q, r] of board) {
    const x = SQ3 * (q + r / 2);
    const y = 1.5 * r;
    minX = Math.min(minX, x - SQ3 / 2); maxX = Math.max(maxX, x + SQ3 / 2);
    minY = Math.min(minY, y - 1); maxY = Math.max(maxY, y + 1);
  }
  const area = boardArea(layout);
  const most = layout.short ? 46 : layout.narrow ? (34 * layout.width) / NARROW_WIDTH : 38;
  const R = Math.min(most, area.w / (maxX - minX), area.h / (maxY - minY));
  const cx = area.x + area.w / 2;
  const cy = area.y + area.h / 2;
  return { R, ox: cx - (R * (minX + maxX)) / 2, oy: cy - (R * (minY + maxY)) / 2 };
}

/** @param {Layout} layout @param {{x: number, y: number}} point */
export const onCard = (layout, point) => point.x >= layout.card.x && point.x <= layout.card.x + layout.card.w
  && point.y >= layout.card.y && point.y <= layout.card.y + layout.card.h;

/** A short box names no slots: the tile's number is on the tile. @param {Layout} layout */
export const slotLabels = (layout) => !layout.short;

/** The tray's slot `index` of `count` tiles. @param {Layout} layout @param {number} count @param {number} index
 * @returns {Box} */
export function slotRect(layout, count, index) {
  count = Math.max(3, count);
  const { tray } = layout;
  // a short box's tray is narrow and tall enough for two rows of two, each tile larger than in a row of four
  const cols = layout.short && count > 3 && tray.w / count < 90 && tray.h >= 140 ? Math.ceil(count / 2) : count;
  const rows = Math.ceil(count / cols);
  const w = tray.w / cols;
  const h = tray.h / rows;
  return { x: tray.x + (index % cols) * w, y: tray.y + Math.floor(index / cols) * h, w, h };
}

/** A tile as it lies in its tray slot, turned as it is: its hexes' radius and [x, y, q, r] per base cell.
 * @param {Layout} layout @param {number} count @param {import("./desk.js").Piece} piece @param {number} index
 * @returns {{R: number, points: import("./hexes.js").CellPoint[]}} */
export function trayPoints(layout, count, piece, index) {
  const cells = turned(piece, piece.rot, piece.flip);
  const slot = slotRect(layout, count, index);
  let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
  for (const [q, r] of cells) {
    const x = SQ3 * (q + r / 2); const y = 1.5 * r;
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const most = layout.short ? 24 : layout.narrow ? (18 * layout.width) / NARROW_WIDTH : 24;
  const top = slotLabels(layout) ? 24 : 6;
  const R = Math.min(most, (slot.w - 16) / (maxX - minX + SQ3), (slot.h - top - 12) / (maxY - minY + 2));
  const cx = slot.x + slot.w / 2 - (R * (minX + maxX)) / 2;
  const cy = slot.y + top + (slot.h - top - 4) / 2 - (R * (minY + maxY)) / 2;
  return { R, points: cells.map(([q, r]) => [cx + R * SQ3 * (q + r / 2), cy + R * 1.5 * r, q, r]) };
}
