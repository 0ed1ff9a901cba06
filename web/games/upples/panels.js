// @ts-check
// The panels round the field: the mode and the turn, the draw pile and the discard, the status (whose turn, what
// they must do, the Pass button, Training's held upples) and one panel per player (the komupple, the name, the
// colour and team, the state, the super upples kept and the score). Each registers its regions for hover and long
// press.
import { button, fitText, font, panel, PALETTE, roundRect } from "../kit.js";
import { drawCardBack, drawKept, drawKomupple, glyph, miniCard, PLAYER } from "./art.js";
import { aboutKomupple, initials, keptWords, modeWords, playerInitial, stateWords, statusWords, teamLetter } from "./words.js";

/** @typedef {import("./field.js").Board} Board */
/** @typedef {import("./layout.js").Box} Box */
/** @typedef {import("./view.js").Komupple} Komupple */

/** The mode and the turn number (wide screens). @param {Board} b @param {Box} box */
export function drawHeader(b, box) {
  const { c, t, v } = b;
  panel(c, box, { fill: "#3f2a5a", edge: null, radius: 8 });
  fitText(c, modeWords(t, v), { x: box.x + 10, y: box.y, w: box.w * 0.62 - 12, h: box.h },
    { size: 13, weight: 700, colour: "#ffffff", align: "left" });
  fitText(c, t("upples.turn_number", { n: v.turn }), { x: box.x + box.w * 0.62, y: box.y, w: box.w * 0.38 - 10, h: box.h },
    { size: 12, colour: "#ffffff", align: "right" });
}

/** The face-down draw pile, as high as it is full, with its count. @param {Board} b @param {number} x @param {number} y
 * @param {number} w */
function drawPileCard(b, x, y, w) {
  const { c, v } = b;
  const layers = Math.min(5, Math.ceil(v.draw_pile / 15));
  if (v.draw_pile > 0) {
    for (let i = layers - 1; i >= 0; i--) drawCardBack(c, x + i * 2, y - i * 2 + 4, w - 8);
  } else {
    roundRect(c, x, y, w - 8, w - 8, 7);
    c.strokeStyle = "rgba(0,0,0,0.3)";
    c.setLineDash([4, 4]);
    c.stroke();
    c.setLineDash([]);
  }
  const r = Math.max(10, w * 0.24);
  const bx = x + w - 8;
  const by = y + 4;
  c.beginPath();
  c.arc(bx, by, r, 0, Math.PI * 2);
  c.fillStyle = "#fffaf0";
  c.fill();
  c.strokeStyle = "#24592a";
  c.lineWidth = 2;
  c.stroke();
  glyph(c, String(v.draw_pile), { x: bx - r * 0.85, y: by - r * 0.8, w: r * 1.7, h: r * 1.6 }, r * 0.95, PALETTE.ink);
}

/** The discard pile's top two cards, face up. @param {Board} b @param {number} x @param {number} y @param {number} w */
function drawDiscardCard(b, x, y, w) {
  const { c, v, t } = b;
  const discard = v.discard || [];
  const letters = initials(t);
  if (discard.length > 1) {
    c.save();
    c.translate(x + w / 2, y + w / 2);
    c.rotate(-0.12);
    miniCard(c, discard[discard.length - 2], -w / 2, -w / 2, w, letters);
    c.restore();
  }
  if (discard.length) {
    miniCard(c, discard[discard.length - 1], x, y, w, letters);
  } else {
    roundRect(c, x, y, w, w, 7);
    c.strokeStyle = "rgba(0,0,0,0.3)";
    c.setLineDash([4, 4]);
    c.stroke();
    c.setLineDash([]);
  }
}

/** The draw pile and the discard, side by side with their words under them (wide screens).
 * @param {Board} b @param {Box & {card: number}} box */
export function drawPiles(b, box) {
  const { c, t, v } = b;
  const w = box.card;
  const half = box.w / 2;
  const pileX = box.x + (half - w) / 2;
  const discardX = box.x + half + (half - w) / 2;
  drawPileCard(b, pileX, box.y, w + 8);
  drawDiscardCard(b, discardX, box.y + 4, w);
  const labelY = box.y + w + 10;
  fitText(c, t("upples.pile"), { x: box.x, y: labelY, w: half - 4, h: 20 }, { size: 12, weight: 600, lines: 2 });
  fitText(c, t("upples.discard", { count: (v.discard || []).length }), { x: box.x + half + 2, y: labelY, w: half - 4, h: 20 },
    { size: 12, weight: 600, lines: 2 });
  regionsForPiles(b, { x: pileX, y: box.y, w: w + 8, h: w + 30 }, { x: discardX, y: box.y, w, h: w + 30 });
}

/** The phone's row under the status: the mode and the turn, the draw pile and the discard. @param {Board} b @param {Box} box */
export function drawInfo(b, box) {
  const { c, t, v } = b;
  panel(c, box, { fill: "#f3eefb", edge: "#d4c8e6", radius: 10 });
  const third = box.w / 3;
  const w = box.h - 12;
  fitText(c, modeWords(t, v), { x: box.x + 8, y: box.y + 4, w: third - 12, h: box.h / 2 - 4 },
    { size: 13, weight: 700, colour: "#3f2a5a", align: "left" });
  fitText(c, t("upples.turn_number", { n: v.turn }), { x: box.x + 8, y: box.y + box.h / 2, w: third - 12, h: box.h / 2 - 4 },
    { size: 12, colour: PALETTE.muted, align: "left" });
  const pileX = box.x + third;
  drawPileCard(b, pileX, box.y + 6, w + 4);
  fitText(c, t("upples.pile"), { x: pileX + w + 8, y: box.y + 4, w: third - w - 12, h: box.h - 8 },
    { size: 12, weight: 600, align: "left", lines: 2 });
  const discardX = box.x + 2 * third;
  drawDiscardCard(b, discardX, box.y + 6, w);
  fitText(c, t("upples.discard", { count: (v.discard || []).length }),
    { x: discardX + w + 8, y: box.y + 4, w: third - w - 12, h: box.h - 8 }, { size: 12, weight: 600, align: "left", lines: 2 });
  regionsForPiles(b, { x: pileX, y: box.y, w: third, h: box.h }, { x: discardX, y: box.y, w: third, h: box.h });
}

/** @param {Board} b @param {Box} pile @param {Box} discard */
function regionsForPiles(b, pile, discard) {
  const { surface, t, v } = b;
  surface.region({ rect: [pile.x, pile.y, pile.w, pile.h] }, { key: "pile", value: { kind: "info" }, focusable: false,
    describe: t("upples.about.pile", { count: v.draw_pile }) });
  surface.region({ rect: [discard.x, discard.y, discard.w, discard.h] }, { key: "discard", value: { kind: "info" },
    focusable: false, describe: t("upples.about.discard", { count: (v.discard || []).length }) });
}

/** A player's panel: the komupple, the name, the state, the super upples kept and the score. Tall panels (the side
 * of a wide screen) give the colour and team a line of their own; compact ones (a phone's two columns) put the score
 * beside the kept cards. The one to move has a thick edge and "▶" before its name, not only its colour.
 * @param {Board} b @param {Komupple} player @param {Box} box */
export function drawPlayer(b, player, box) {
  const { c, t, v, host, surface } = b;
  const toMove = !v.over && v.current === player.seat;
  const look = PLAYER[player.colour];
  panel(c, box, { fill: player.eliminated ? "#e9e6e0" : toMove ? "#fff6d8" : "#ffffff",
    edge: toMove ? look.fill : "rgba(0,0,0,0.15)", lineWidth: toMove ? 2.5 : 1, radius: 10 });
  const tall = box.h >= 96;
  const r = tall ? 19 : Math.min(16, box.h * 0.26);
  drawKomupple(c, box.x + 6 + r, box.y + 6 + r, r, player.colour, player.body, player.hair,
    { alpha: player.eliminated ? 0.4 : 1, letter: playerInitial(t, player.colour), team: teamLetter(v, player.seat) });
  const tx = box.x + 2 * r + 12;
  const right = box.x + box.w - 8;
  const score = v.mode === "training"
    ? t("upples.turns_short", { n: player.turns }) : t("upples.points_short", { n: player.points });
  const name = `${toMove ? "▶ " : ""}${host.seatName(player.seat)}`;
  const team = v.teams ? t("upples.team", { n: teamLetter(v, player.seat) }) : "";
  let status = stateWords(t, player);
  if (player.eliminated) status = t("upples.eliminated_badge");
  else if (player.stuck) status += ` · ${t("upples.stuck_badge")}`;
  const statusColour = player.eliminated ? PALETTE.danger : PALETTE.muted;
  const w = tall ? 26 : Math.max(14, Math.min(26, box.h - 48));
  const keptY = box.y + box.h - w - 5;
  let keptRight = right;
  if (tall) {
    c.font = font(15, 700);
    const scoreW = Math.min(box.w * 0.3, c.measureText(score).width + 6);
    fitText(c, score, { x: right - scoreW, y: box.y + 4, w: scoreW, h: 20 }, { size: 15, weight: 700, colour: "#6b4a00", align: "right" });
    fitText(c, name, { x: tx, y: box.y + 4, w: right - scoreW - 4 - tx, h: 20 }, { size: 13, weight: 600, align: "left" });
    fitText(c, [t(`colour.${player.colour}`), team].filter(Boolean).join(" · "), { x: tx, y: box.y + 24, w: right - tx, h: 15 },
      { size: 11, colour: PALETTE.muted, align: "left" });
    fitText(c, status, { x: tx, y: box.y + 39, w: right - tx, h: keptY - box.y - 41 },
      { size: 11, colour: statusColour, align: "left", valign: "top", lines: 2, minSize: 8 });
  } else {
    fitText(c, name, { x: tx, y: box.y + 3, w: right - tx, h: 18 }, { size: 13, weight: 600, align: "left", minSize: 8 });
    fitText(c, [team, status].filter(Boolean).join(" · "), { x: tx, y: box.y + 21, w: right - tx, h: keptY - box.y - 22 },
      { size: 11, colour: statusColour, align: "left", valign: "top", lines: 2, minSize: 7.5 });
    const scoreW = Math.min(56, box.w * 0.3);
    keptRight = right - scoreW - 4;
    fitText(c, score, { x: right - scoreW, y: keptY - 2, w: scoreW, h: w + 4 }, { size: 15, weight: 700, colour: "#6b4a00", align: "right" });
  }
  const kept = player.kept || [];
  const left = box.x + 8;
  const room = keptRight - left;
  if (kept.length) {
    drawKept(c, kept, left, keptY, w, room, initials(t));
  } else if (!player.eliminated) {
    fitText(c, t("upples.no_kept"), { x: left, y: keptY - 2, w: room, h: w + 4 },
      { size: 11, colour: "#8a8f9c", align: "left", lines: 2, lineHeight: 1.05, minSize: 8 });
  }
  surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: `player:${player.seat}`, value: { kind: "info" },
    focusable: false, describe: `${aboutKomupple(t, host, player)} ${host.seatName(player.seat)}: ${score}${keptWords(t, kept)}` });
}

/** The status: whose turn and what they must do, with the Pass button when the mover is stuck, or Training's upples
 * held this turn. @param {Board} b @param {Box} box */
export function drawStatus(b, box) {
  const { c, t, v, host, surface, mine } = b;
  panel(c, box, { fill: "#f6f1e6", edge: "rgba(0,0,0,0.15)", radius: 12 });
  const pass = mine.find((target) => target.thing.kind === "button");
  const held = v.mode === "training" ? v.eaten_this_turn || [] : [];
  let rightW = 0;
  const narrow = box.w < 240; // a phone held sideways: the status is a column beside the field
  if (pass) {
    rightW = narrow ? 0 : Math.min(180, box.w * 0.42);
    const at = narrow ? { x: box.x + 8, y: box.y + box.h - 40, w: box.w - 16, h: 34 }
      : { x: box.x + box.w - rightW - 8, y: box.y + 8, w: rightW, h: box.h - 16 };
    const mover = v.players[v.current];
    button(c, at, t(mover.stuck ? "upples.pass_swap" : "upples.pass_flip"), { size: 14, hovered: surface.isHovered("pass") });
    surface.region({ rect: [at.x, at.y, at.w, at.h] }, { key: "pass", value: { kind: "pass" }, target: pass,
      describe: t(pass.key, pass.params) });
  } else if (held.length) {
    const w = Math.min(24, box.h - 26);
    rightW = Math.min(box.w * 0.45, held.length * (w + 3) + 4);
    const x0 = box.x + box.w - 8 - rightW;
    fitText(c, t("upples.held"), { x: x0, y: box.y + 3, w: rightW, h: 16 }, { size: 10, colour: PALETTE.muted, align: "right" });
    const step = Math.min(w + 3, (rightW - w) / Math.max(1, held.length - 1));
    const letters = initials(t);
    held.forEach((code, i) => miniCard(c, code, x0 + rightW - w - (held.length - 1 - i) * step, box.y + 20, w, letters));
    surface.region({ rect: [x0, box.y, rightW, box.h] }, { key: "held", value: { kind: "info" }, focusable: false,
      describe: t("upples.about.held") });
    rightW += 6;
  }
  const [first, second] = statusWords(t, host, v, mine.length > 0);
  const textW = box.w - 20 - rightW - 8;
  if (pass) { // the reason for the button, in full (the state is on the player's panel)
    fitText(c, first, { x: box.x + 12, y: box.y + 3, w: textW, h: box.h - (narrow ? 46 : 6) },
      { size: 13, weight: 700, align: "left", lines: 3, minSize: narrow ? 8 : 9 });
  } else if (second && textW < 200) { // a narrow column (a phone held sideways): each part may wrap
    fitText(c, first, { x: box.x + 10, y: box.y + 3, w: textW + 2, h: 46 },
      { size: 13, weight: 700, align: "left", valign: "top", lines: 3, minSize: 9 });
    fitText(c, second, { x: box.x + 10, y: box.y + 49, w: textW + 2, h: box.h - 52 },
      { size: 11, colour: PALETTE.muted, align: "left", valign: "top", lines: 4, minSize: 8 });
  } else if (second) {
    fitText(c, first, { x: box.x + 12, y: box.y + 4, w: textW, h: 22 }, { size: 14, weight: 700, align: "left" });
    fitText(c, second, { x: box.x + 12, y: box.y + 26, w: textW, h: box.h - 30 },
      { size: 12, colour: PALETTE.muted, align: "left", lines: 2, minSize: 8 });
  } else {
    fitText(c, first, { x: box.x + 12, y: box.y + 4, w: textW, h: box.h - 8 }, { size: 15, weight: 700, align: "left", lines: 2 });
  }
}
