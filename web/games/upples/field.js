// @ts-check
// The field: the ground with its files and row numbers, the squares and their cards, this turn's path and used
// tunnels, the landings the person may touch, the komupples, and what a move leaves on it for a moment (a bomb's
// blast, a tunnel's swirl, the points won floating up). Cards and komupples are drawn where the kit's motion places
// them (things.js), so a move plays as they go from the table before to the table after.
import { PALETTE, roundRect } from "../kit.js";
import { drawCard, drawKomupple, glyph } from "./art.js";
import { centreOf, FILES, LABEL, SIZE, slot, squares } from "./layout.js";
import { initials, playerInitial, teamLetter } from "./words.js";

/** @typedef {import("../../host.js").RendererHost} RendererHost */
/** @typedef {import("../kit.js").Surface} Surface */
/** @typedef {import("./layout.js").Layout} Layout */
/** @typedef {import("./view.js").UpplesView} UpplesView */
/** @typedef {import("./view.js").UpplesTarget} UpplesTarget */
/** @typedef {import("./view.js").Thing} Thing */

/**
 * What painting one frame needs: the context and layout, the kit's surface (regions, hover, focus), the host's
 * words, and the view on screen with the targets of the person at the board.
 * @typedef {object} Board
 * @property {CanvasRenderingContext2D} c
 * @property {Layout} g
 * @property {Surface} surface
 * @property {RendererHost} host
 * @property {(key: string, params?: Record<string, any>) => string} t
 * @property {UpplesView} v
 * @property {UpplesTarget[]} mine  none when it is not a person's turn here (a bot's, a replay, the end)
 * @property {boolean} over
 */

/** Where the kit's motion draws a thing now. @typedef {{x: number, y: number, alpha: number, scale: number}} Placement */
/** A card as drawn now. @typedef {Placement & {code: string}} PlacedCard */
/** A komupple as drawn now: its player, where it is, how high it hops and on which square it lands (two on one square,
 * after a bounce, stand apart). @typedef {Placement & {player: import("./view.js").Komupple, square: string, lift: number}} PlacedKomupple */

/** The card or the komupple a target names by its square. @param {Thing | undefined} thing */
export const squareOf = (thing) => (thing && (thing.kind === "card" || thing.kind === "piece") ? thing.id : null);

/** The ground, with the files under it and the row numbers beside it. @param {Board} b */
export function drawGround(b) {
  const { c, g } = b;
  const box = g.ground;
  roundRect(c, box.x, box.y, box.w, box.h, 14);
  const ground = c.createLinearGradient(0, box.y, 0, box.y + box.h);
  ground.addColorStop(0, "#6d4c8f");
  ground.addColorStop(1, "#3f2a5a");
  c.fillStyle = ground;
  c.fill();
  const size = Math.max(10, Math.min(13, g.cell * 0.2));
  for (let i = 0; i < SIZE; i++) {
    glyph(c, FILES[i], { x: g.bx + i * g.cell, y: g.by + SIZE * g.cell + 1, w: g.cell, h: LABEL }, size, "rgba(255,255,255,0.85)");
    glyph(c, String(SIZE - i), { x: box.x + 2, y: g.by + i * g.cell, w: LABEL, h: g.cell }, size, "rgba(255,255,255,0.85)");
  }
}

/** @param {Board} b @param {string} square */
function drawEmpty(b, square) {
  const { c, g } = b;
  const s = slot(g, square);
  roundRect(c, s.x + 2, s.y + 2, g.card - 4, g.card - 4, 8);
  c.fillStyle = "rgba(20, 10, 30, 0.45)";
  c.fill();
  c.strokeStyle = "rgba(255,255,255,0.12)";
  c.setLineDash([4, 4]);
  c.lineWidth = 1;
  c.stroke();
  c.setLineDash([]);
}

/** The squares, then the cards where they are drawn now (one coming or going is faded and smaller).
 * @param {Board} b @param {PlacedCard[]} cards */
export function drawCards(b, cards) {
  const { c, g } = b;
  const letters = initials(b.t);
  for (const square of squares()) drawEmpty(b, square);
  for (const card of cards) {
    if (card.alpha <= 0) continue;
    if (card.alpha >= 1 && card.scale === 1) {
      drawCard(c, card.code, card.x - g.card / 2, card.y - g.card / 2, g.card, letters);
      continue;
    }
    c.save();
    c.globalAlpha = Math.min(1, card.alpha);
    c.translate(card.x, card.y);
    c.scale(card.scale, card.scale);
    drawCard(c, card.code, -g.card / 2, -g.card / 2, g.card, letters);
    c.restore();
  }
}

/** This turn so far: the tunnels entered (crossed out) and the path, numbered. @param {Board} b */
export function drawMarks(b) {
  const { c, g, v } = b;
  const inset = g.card * 0.18;
  for (const square of v.tunnels_used || []) {
    const s = slot(g, square);
    c.strokeStyle = "rgba(255,255,255,0.85)";
    c.lineWidth = 3;
    c.beginPath();
    c.moveTo(s.x + inset, s.y + inset);
    c.lineTo(s.x + g.card - inset, s.y + g.card - inset);
    c.moveTo(s.x + g.card - inset, s.y + inset);
    c.lineTo(s.x + inset, s.y + g.card - inset);
    c.stroke();
  }
  const path = v.path || [];
  if (path.length > 1) {
    c.strokeStyle = "rgba(255, 236, 120, 0.8)";
    c.lineWidth = 3;
    c.setLineDash([3, 6]);
    c.beginPath();
    path.forEach((square, i) => {
      const p = centreOf(g, square);
      if (i) c.lineTo(p.x, p.y); else c.moveTo(p.x, p.y);
    });
    c.stroke();
    c.setLineDash([]);
  }
  const r = Math.max(6, g.card * 0.12);
  path.forEach((square, i) => {
    const p = centreOf(g, square);
    const x = p.x - g.card / 2 + r + 2;
    const y = p.y + g.card / 2 - r - 2;
    c.beginPath();
    c.arc(x, y, r, 0, Math.PI * 2);
    c.fillStyle = "#ffe878";
    c.fill();
    c.strokeStyle = "#6b5400";
    c.lineWidth = 1;
    c.stroke();
    glyph(c, String(i + 1), { x: x - r, y: y - r, w: 2 * r, h: 2 * r }, r * 1.2, "#3d2f00");
  });
}

/** The landings' glow reaches this far (board units) outside its square: its blur and its stroke. */
const GLOW_REACH = 24;

/** The boxes the landings' glow is drawn in (drawLandings), for its tick to repaint alone.
 * @param {Layout} g @param {Map<string, UpplesTarget[]>} byThing */
export function landingAreas(g, byThing) {
  const areas = [];
  for (const targets of byThing.values()) {
    const square = squareOf(targets[0].thing);
    if (!square) continue;
    const s = slot(g, square);
    areas.push({ x: s.x - GLOW_REACH, y: s.y - GLOW_REACH, w: g.card + 2 * GLOW_REACH, h: g.card + 2 * GLOW_REACH });
  }
  return areas;
}

/** The landings: a glowing ring on each thing the person may touch, with a badge that says "jump" (↓) or "then
 * choose" (?), and the hinted move's squares in a dashed ring. `glow` (0..1) is the ring's pulse.
 * @param {Board} b @param {Map<string, UpplesTarget[]>} byThing @param {string[]} hinted @param {number} glow */
export function drawLandings(b, byThing, hinted, glow) {
  const { c, g, surface } = b;
  for (const targets of byThing.values()) {
    const square = squareOf(targets[0].thing);
    if (!square) continue;
    const s = slot(g, square);
    const hovered = surface.isHovered(`square:${square}`);
    c.save();
    c.shadowColor = "#b6ff5c";
    c.shadowBlur = hovered ? 18 : 10;
    roundRect(c, s.x - 1, s.y - 1, g.card + 2, g.card + 2, 9);
    c.strokeStyle = hovered ? "#eaffb0" : `rgba(182, 255, 92, ${0.65 + 0.35 * glow})`;
    c.lineWidth = hovered ? 5 : 3.5;
    c.stroke();
    c.restore();
    const r = Math.max(8, g.card * 0.16);
    const bx = s.x + g.card - r - 2;
    const by = s.y + r + 2;
    c.beginPath();
    c.arc(bx, by, r, 0, Math.PI * 2);
    c.fillStyle = "#2f7a12";
    c.fill();
    c.strokeStyle = "#eaffb0";
    c.lineWidth = 1.5;
    c.stroke();
    const asks = targets.some((target) => target.to);
    glyph(c, asks ? "?" : "↓", { x: bx - r, y: by - r, w: 2 * r, h: 2 * r }, r * 1.2, "#ffffff");
  }
  if (hinted.length) {
    c.strokeStyle = PALETTE.hint;
    c.lineWidth = 4;
    c.setLineDash([7, 4]);
    for (const square of hinted) {
      const s = slot(g, square);
      roundRect(c, s.x - 5, s.y - 5, g.card + 10, g.card + 10, 12);
      c.stroke();
    }
    c.setLineDash([]);
  }
}

/** The komupples where they are drawn now (a bounce leaves the mover on another komupple: drawn offset and on top),
 * the one to move glowing when `glow`. @param {Board} b @param {PlacedKomupple[]} komupples @param {boolean} glow */
export function drawKomupples(b, komupples, glow) {
  const { c, g, v, t } = b;
  const current = v.current;
  const r = g.card * 0.36;
  /** @type {Map<string, number>} */
  const sharing = new Map();
  for (const one of komupples) sharing.set(one.square, (sharing.get(one.square) || 0) + 1);
  const inOrder = [...komupples].sort((a, z) => Number(a.player.seat === current) - Number(z.player.seat === current));
  for (const one of inOrder) {
    const { player } = one;
    const offset = (sharing.get(one.square) || 0) > 1 ? (player.seat === current ? 1 : -1) * g.card * 0.15 : 0;
    drawKomupple(c, one.x + offset, one.y + offset - one.lift, r * one.scale, player.colour, player.body, player.hair, {
      glow: glow && !b.over && player.seat === current, alpha: one.alpha,
      letter: playerInitial(t, player.colour), team: teamLetter(v, player.seat),
    });
  }
}

/** A bomb's blast at (x, y), `k` from 0 (the bang) to 1 (gone). @param {Board} b @param {number} x @param {number} y
 * @param {number} k */
export function drawBlast(b, x, y, k) {
  const { c, g } = b;
  const p = { x, y };
  c.save();
  const r = g.cell * 1.6 * Math.max(0, k); // a radius never goes below 0, whatever the progress
  const fire = c.createRadialGradient(p.x, p.y, r * 0.1, p.x, p.y, Math.max(1, r));
  fire.addColorStop(0, `rgba(255, 250, 200, ${0.95 * (1 - k)})`);
  fire.addColorStop(0.4, `rgba(255, 170, 40, ${0.85 * (1 - k)})`);
  fire.addColorStop(1, "rgba(220, 60, 20, 0)");
  c.fillStyle = fire;
  c.beginPath();
  c.arc(p.x, p.y, Math.max(1, r), 0, Math.PI * 2);
  c.fill();
  c.strokeStyle = `rgba(255, 230, 150, ${1 - k})`;
  c.lineWidth = 4;
  c.beginPath();
  c.arc(p.x, p.y, Math.max(1, r * 0.9), 0, Math.PI * 2);
  c.stroke();
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2 + i;
    const d = r * (0.5 + (i % 3) * 0.2);
    c.fillStyle = `rgba(${i % 2 ? "80,70,60" : "255,140,30"}, ${1 - k})`;
    c.fillRect(p.x + Math.cos(a) * d - 2, p.y + Math.sin(a) * d - 2, 5, 5);
  }
  c.restore();
}

/** A tunnel's swirl at (x, y), `k` from 0 to 1 (gone). @param {Board} b @param {number} x @param {number} y
 * @param {number} k */
export function drawSwirl(b, x, y, k) {
  const { c, g } = b;
  c.save();
  c.translate(x, y);
  c.rotate(k * Math.PI * 3);
  c.strokeStyle = `rgba(190, 140, 255, ${0.9 * (1 - Math.abs(k - 0.5) * 1.4)})`;
  c.lineWidth = 3;
  for (let arm = 0; arm < 3; arm++) {
    c.beginPath();
    for (let i = 0; i < 20; i++) {
      const a = arm * (Math.PI * 2 / 3) + i * 0.25;
      const radius = i * g.cell * 0.022;
      c.lineTo(Math.cos(a) * radius, Math.sin(a) * radius);
    }
    c.stroke();
  }
  c.restore();
}

/** Points won ("+2"), floating up from (x, y), `k` from 0 to 1 (gone). @param {Board} b @param {number} x
 * @param {number} y @param {string} text @param {number} k */
export function drawGain(b, x, y, text, k) {
  const { c, g } = b;
  const box = { x: x - g.cell / 2, y: y - 30 * k - 12, w: g.cell, h: 24 };
  c.save();
  c.globalAlpha = Math.max(0, 1 - k);
  c.shadowColor = "rgba(60, 40, 0, 0.9)";
  c.shadowBlur = 4;
  glyph(c, text, box, 18, "#ffe23c", 800);
  c.restore();
}
