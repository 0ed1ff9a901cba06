// @ts-check
// The puzzle card's words (its label, difficulty and code, the colour token) and the side panel: in a race the round,
// the sand timer, the display and the bag, the players and what each is doing, and the colour this seat plays this
// round; in puzzle mode the stopwatch, the hints and the puzzle's own buttons.
import { PALETTE, fitText, font, panel, roundRect } from "../kit.js";
import { CARD_INK, GEM_ORDER, colourToken, drawCardFace, drawGem, drawHourglass, drawStopwatch } from "./art.js";
import { clocked, currentSeat, elapsed, inLesson, now, targetOf, viewOf } from "./desk.js";
import { clockText } from "./hexes.js";
import { seatColumns } from "./layout.js";

/** @typedef {import("./desk.js").Desk} Desk */
/** @typedef {import("./layout.js").Box} Box */

/** @param {Desk} desk */
const viewNow = (desk) => /** @type {Record<string, any>} */ (viewOf(desk));

/** The card: its face, and for the puzzle on it the colour token, the label, the difficulty, the tiles to take
 * (on the wide card's strip) and the code. @param {Desk} desk @param {CanvasRenderingContext2D} c */
export function drawCard(desk, c) {
  const { t, layout, puzzle } = desk;
  const { x, y, w, h } = layout.card;
  const strip = layout.strip;
  drawCardFace(c, layout.card, strip);
  if (!puzzle) return;
  const sideName = t(`ubongo.side.${puzzle.side}`);
  const label = t("ubongo.card_label", { card: String(puzzle.card).padStart(2, "0"), side: sideName });
  const rating = t("ubongo.difficulty", { n: puzzle.difficulty });
  if (strip) {
    colourToken(c, x + strip / 2, y + 30, 17, puzzle.colour, t);
    // the card's strip shows the tiles to take, by number
    puzzle.tiles.forEach((tile, i) => {
      const ty = y + 66 + i * 36;
      roundRect(c, x + 10, ty, strip - 20, 28, 6);
      c.fillStyle = "rgba(255,255,255,0.9)";
      c.fill();
      fitText(c, String(tile.number), { x: x + 12, y: ty + 2, w: strip - 24, h: 24 }, { size: 15, weight: 700, colour: "#5a2a05" });
    });
    fitText(c, label, { x: x + strip + 12, y: y + 8, w: w * 0.52, h: 24 }, { size: 16, weight: 700, colour: CARD_INK, align: "left" });
    fitText(c, rating, { x: x + strip + 12 + w * 0.52, y: y + 8, w: w - strip - 24 - w * 0.52, h: 24 }, { size: 13, weight: 600, colour: CARD_INK, align: "right" });
  } else if (layout.short) {
    // a short box's card is narrow: its label along the top, the difficulty beside the code at the bottom
    colourToken(c, x + 20, y + 18, 12, puzzle.colour, t);
    fitText(c, label, { x: x + 38, y: y + 5, w: w - 50, h: 26 }, { size: 15, weight: 700, colour: CARD_INK, align: "left" });
    fitText(c, rating, { x: x + w * 0.55, y: y + h - 26, w: w * 0.45 - 12, h: 20 }, { size: 12, weight: 600, colour: CARD_INK, align: "right" });
  } else {
    colourToken(c, x + 22, y + 20, 13, puzzle.colour, t);
    fitText(c, label, { x: x + 42, y: y + 6, w: w * 0.5, h: 28 }, { size: 15, weight: 700, colour: CARD_INK, align: "left" });
    fitText(c, rating, { x: x + 46 + w * 0.5, y: y + 6, w: w * 0.5 - 56, h: 28 }, { size: 13, weight: 600, colour: CARD_INK, align: "right" });
  }
  const codeWidth = layout.short ? w * 0.55 - 16 : w - strip - 24;
  fitText(c, t("ubongo.puzzle_code", { code: puzzle.code }), { x: x + strip + 12, y: y + h - 26, w: codeWidth, h: 20 },
    { size: 12, colour: "rgba(255,248,236,0.9)", align: "left" });
}

/** @param {CanvasRenderingContext2D} c @param {Box} S @param {string} text */
function sideTitle(c, S, text) {
  fitText(c, text, { x: S.x + 14, y: S.y + 8, w: S.w - 28, h: 24 }, { size: 17, weight: 700, colour: "#3b2a14", align: "left" });
}

/** What a seat is doing, as this seat's clock sees it: solved (at a time it has reached), out of time, solving.
 * @param {Desk} desk @param {Record<string, any>} s @param {number} e */
function seatStatus(desk, s, e) {
  const view = viewNow(desk);
  const { t } = desk;
  // while the last round's results (or the device passed on) are on the card, nobody is solving yet
  if (!s.active || view.phase === "over" || desk.gate === "results" || desk.gate === "pass") return { status: "", colour: PALETTE.muted };
  const mine = desk.puzzle && s.seat === desk.puzzle.seat;
  const seen = s.time_ms !== null && s.time_ms !== undefined && (mine || (clocked(desk) && e >= s.time_ms));
  if (seen) return { status: t("ubongo.status_solved", { time: clockText(s.time_ms) }), colour: PALETTE.good };
  if (s.reported && mine) return { status: t("ubongo.status_out"), colour: PALETTE.muted };
  return { status: t("ubongo.status_solving"), colour: PALETTE.muted };
}

/** The sand timer's reading: [fraction of sand on top, the time text, its words, second chance?].
 * @param {Desk} desk @param {number} e @returns {[number, string, string, boolean]} */
function sandTimer(desk, e) {
  const view = viewNow(desk);
  const { t } = desk;
  const T = view.timer_ms;
  if (view.phase !== "round") return [1, clockText(e), t("ubongo.stopwatch"), false];
  const on = clocked(desk);
  const second = on && e >= T && (desk.timerCheck === "second_chance" || Boolean(desk.shown));
  const fraction = !on ? 1 : second ? 1 - (e - T) / T : Math.max(0, 1 - e / T);
  const text = !on ? clockText(T) : clockText(second ? 2 * T - e : Math.max(0, T - e));
  return [fraction, text, second ? t("ubongo.second_chance") : t("ubongo.time_left"), second];
}

/** The colour this device's player has in the round on screen, where one plays here: "You are yellow this round"
 * (the tiles' colour changes every round, and the last round's results keep theirs). @param {Desk} desk */
export function ownColour(desk) {
  const view = viewNow(desk);
  if (!desk.puzzle || view.phase === "over" || currentSeat(desk) === null) return null;
  return desk.puzzle.colour;
}

/** "You are yellow this round", with the colour's token, in `box`. @param {Desk} desk
 * @param {CanvasRenderingContext2D} c @param {Box} box @param {string} colour @param {number} [size] @param {string} [ink] */
export function saidColour(desk, c, box, colour, size = 13, ink = "#3b2a14") {
  const r = Math.min(box.h / 2 - 1, size * 0.75);
  colourToken(c, box.x + r + 1, box.y + box.h / 2, r, colour, desk.t);
  fitText(c, desk.t("ubongo.you_are", { colour }), { x: box.x + 2 * r + 8, y: box.y, w: box.w - 2 * r - 8, h: box.h },
    { size, weight: 700, colour: ink, align: "left" });
}

/** The race's side panel in a short box: the round, the sand timer with the display and the bag beside it, the
 * colour this seat plays, and the players (name, score, what they are doing) in one or two columns.
 * @param {Desk} desk @param {CanvasRenderingContext2D} c */
function drawRaceSideShort(desk, c) {
  const view = viewNow(desk);
  const { t, host } = desk;
  const S = desk.layout.side;
  panel(c, S, { radius: 12, shadow: true, edge: "#d2bd95" });
  const title = view.phase === "playoff" ? t("ubongo.playoff_title")
    : view.phase === "over" ? t("ubongo.final_title") : t("ubongo.round", { round: view.round, rounds: view.rounds });
  const e = elapsed(desk);
  let y = S.y + 6;
  if (view.phase !== "over") {
    // the sand timer, its time and the round on one line, what the time means below
    const [fraction, text, sub, second] = sandTimer(desk, e);
    drawHourglass(c, S.x + 8, y, 26, 44, fraction, { second, running: view.phase === "round" && desk.clockStart !== null && !desk.gate });
    fitText(c, text, { x: S.x + 40, y, w: 84, h: 26 }, { size: 22, weight: 700, align: "left" });
    fitText(c, title, { x: S.x + 126, y: y + 2, w: S.w - 136, h: 22 }, { size: 13, weight: 700, colour: "#3b2a14", align: "right" });
    fitText(c, sub, { x: S.x + 40, y: y + 26, w: S.w - 50, h: 18 }, { size: 11, colour: PALETTE.muted, align: "left" });
    y += 48;
  } else {
    fitText(c, title, { x: S.x + 10, y: y - 1, w: S.w - 20, h: 22 }, { size: 15, weight: 700, colour: "#3b2a14", align: "left" });
    y += 24;
  }
  // the display's gems, and the bag
  let gx = S.x + 10;
  for (const name of ["sapphire", "amber"]) {
    drawGem(c, gx + 7, y + 10, 14, name);
    fitText(c, `×${view.display[name]}`, { x: gx + 16, y, w: 30, h: 20 }, { size: 12, weight: 700, align: "left" });
    gx += 50;
  }
  const inBag = Object.values(view.bag).reduce((a, b) => a + b, 0);
  fitText(c, t("ubongo.bag", { n: inBag }), { x: gx, y, w: S.x + S.w - 10 - gx, h: 20 }, { size: 11, colour: PALETTE.muted, align: "right" });
  y += 22;
  if (view.phase !== "over") {
    const colour = ownColour(desk);
    if (colour) saidColour(desk, c, { x: S.x + 8, y, w: S.w - 16, h: 18 }, colour, 12);
    y += 18;
  }
  const cols = seatColumns(view, S.w);
  const cellW = (S.w - 12) / cols;
  view.seats.forEach((/** @type {Record<string, any>} */ s, /** @type {number} */ i) => {
    const x = S.x + 6 + (i % cols) * cellW;
    const top = y + Math.floor(i / cols) * 34;
    if (desk.puzzle && s.seat === desk.puzzle.seat && !desk.gate) {
      roundRect(c, x, top, cellW - 4, 32, 7);
      c.fillStyle = "rgba(43,95,171,0.1)";
      c.fill();
    }
    if (s.colour && s.active) colourToken(c, x + 12, top + 11, 8, s.colour, t);
    // the name along the top, what the player is doing and the score below it
    fitText(c, host.seatName(s.seat), { x: x + 24, y: top + 1, w: cellW - 32, h: 18 }, { size: 13, weight: 600, align: "left" });
    // in two columns there is no room for the score too: the page's score list beside the board has it
    const points = cols === 1 ? t("ubongo.points", { n: s.score }) : "";
    c.save();
    c.font = font(12, 700);
    const pointsWidth = points ? Math.min(cellW * 0.4, c.measureText(points).width + 4) : 0;
    c.restore();
    if (points) fitText(c, points, { x: x + cellW - 8 - pointsWidth, y: top + 17, w: pointsWidth, h: 15 }, { size: 12, weight: 700, align: "right" });
    const { status, colour } = seatStatus(desk, s, e);
    if (status) fitText(c, status, { x: x + 24, y: top + 17, w: cellW - 36 - pointsWidth, h: 15 }, { size: 11, colour, align: "left" });
  });
}

/** The race's side panel. @param {Desk} desk @param {CanvasRenderingContext2D} c */
export function drawRaceSide(desk, c) {
  const { t, host, layout } = desk;
  if (layout.short || layout.narrow) { drawRaceSideShort(desk, c); return; }
  const view = viewNow(desk);
  const S = layout.side;
  panel(c, S, { radius: 14, shadow: true, edge: "#d2bd95" });
  const title = view.phase === "playoff" ? t("ubongo.playoff_title")
    : view.phase === "over" ? t("ubongo.final_title") : t("ubongo.round", { round: view.round, rounds: view.rounds });
  sideTitle(c, S, title);
  const e = elapsed(desk);
  let y = S.y + 38;
  if (view.phase !== "over") {
    const [fraction, text, sub, second] = sandTimer(desk, e);
    drawHourglass(c, S.x + 14, y, 44, 76, fraction, { second, running: view.phase === "round" && desk.clockStart !== null && !desk.gate });
    fitText(c, text, { x: S.x + 70, y: y + 2, w: S.w - 84, h: 34 }, { size: 28, weight: 700, align: "left" });
    fitText(c, sub, { x: S.x + 70, y: y + 38, w: S.w - 84, h: 36 }, { size: 13, colour: PALETTE.muted, align: "left", lines: 2 });
    y += 84;
  }
  // the display and the bag
  fitText(c, t("ubongo.display"), { x: S.x + 14, y, w: 76, h: 24 }, { size: 13, weight: 600, colour: "#3b2a14", align: "left" });
  let gx = S.x + 100;
  for (const name of ["sapphire", "amber"]) {
    drawGem(c, gx, y + 12, 16, name);
    fitText(c, `×${view.display[name]}`, { x: gx + 10, y, w: 28, h: 24 }, { size: 13, weight: 700, align: "left" });
    gx += 44;
  }
  const inBag = Object.values(view.bag).reduce((a, b) => a + b, 0);
  fitText(c, t("ubongo.bag", { n: inBag }), { x: gx, y, w: S.x + S.w - 12 - gx, h: 24 }, { size: 12, colour: PALETTE.muted, align: "right", lines: 2 });
  y += 32;
  // the players
  for (const s of view.seats) {
    const me = desk.puzzle && s.seat === desk.puzzle.seat && !desk.gate;
    if (me) {
      roundRect(c, S.x + 6, y - 2, S.w - 12, 44, 8);
      c.fillStyle = "rgba(43,95,171,0.1)";
      c.fill();
    }
    if (s.colour && s.active) colourToken(c, S.x + 22, y + 12, 10, s.colour, t);
    fitText(c, host.seatName(s.seat), { x: S.x + 38, y, w: S.w - 116, h: 22 }, { size: 14, weight: 600, align: "left" });
    fitText(c, t("ubongo.points", { n: s.score }), { x: S.x + S.w - 76, y, w: 64, h: 22 }, { size: 14, weight: 700, align: "right" });
    const { status, colour } = seatStatus(desk, s, e);
    let ix = S.x + S.w - 14;
    for (const name of [...GEM_ORDER].reverse()) {
      const n = s.gems[name];
      if (!n) continue;
      fitText(c, String(n), { x: ix - 12, y: y + 22, w: 12, h: 18 }, { size: 11, align: "right" });
      drawGem(c, ix - 22, y + 31, 13, name);
      ix -= 34;
    }
    if (status) fitText(c, status, { x: S.x + 38, y: y + 22, w: Math.max(40, ix - S.x - 42), h: 18 }, { size: 12, colour, align: "left" });
    y += 48;
  }
  const colour = ownColour(desk);
  if (colour && y + 30 <= S.y + S.h) saidColour(desk, c, { x: S.x + 14, y: y + 2, w: S.w - 28, h: 26 }, colour, 14);
}

/** Puzzle mode's side panel: the stopwatch, the hints, the card's state and its buttons.
 * @param {Desk} desk @param {CanvasRenderingContext2D} c @param {boolean} active */
export function drawPuzzleSide(desk, c, active) {
  const view = viewNow(desk);
  const { t, host, layout } = desk;
  const S = layout.side;
  const short = layout.short;
  panel(c, S, { radius: short ? 12 : 14, shadow: true, edge: "#d2bd95" });
  if (!short) sideTitle(c, S, t("ubongo.puzzle_title"));
  const e = view.phase === "solved" ? view.time_ms ?? elapsed(desk) : view.phase === "shown" ? view.stopwatch_ms || 0 : elapsed(desk);
  const y = short ? S.y + 6 : S.y + 40;
  if (short) { // the stopwatch and the hints on one line, the state of the card below
    drawStopwatch(c, S.x + 22, y + 19, 12, e);
    fitText(c, clockText(e), { x: S.x + 42, y, w: 90, h: 30 }, { size: 22, weight: 700, align: "left" });
    fitText(c, t("ubongo.hints_used", { n: view.hints }), { x: S.x + 134, y: y + 4, w: S.w - 144, h: 22 }, { size: 12, colour: PALETTE.muted, align: "right" });
  } else {
    drawStopwatch(c, S.x + 42, y + 34, 26, e);
    fitText(c, clockText(e), { x: S.x + 80, y: y + 4, w: S.w - 94, h: 34 }, { size: 28, weight: 700, align: "left" });
    fitText(c, t("ubongo.hints_used", { n: view.hints }), { x: S.x + 80, y: y + 40, w: S.w - 94, h: 22 }, { size: 13, colour: PALETTE.muted, align: "left" });
  }
  let status = t("ubongo.puzzle_status", { tiles: view.tiles.length, placed: view.placed.length });
  let colour = PALETTE.ink;
  if (view.phase === "solved") { status = t("ubongo.puzzle_solved_banner", { time: clockText(view.time_ms ?? 0) }); colour = PALETTE.good; }
  if (view.phase === "shown") { status = t("ubongo.shown_banner"); colour = PALETTE.danger; }
  if (short) fitText(c, status, { x: S.x + 10, y: y + 32, w: S.w - 20, h: 22 }, { size: 13, weight: 700, colour, align: "left" });
  else fitText(c, status, { x: S.x + 14, y: y + 74, w: S.w - 28, h: 40 }, { size: 15, weight: 700, colour, align: "left", lines: 2 });
  const open = view.phase === "puzzle";
  const sure = now() < desk.confirmSolution;
  const solution = targetOf(desk, "button", "solution", "solution");
  // a guided game offers none of them: each would leave it or end its puzzle (the lesson's own buttons lead on)
  /** @type {[string, string, boolean, boolean][]} */
  const buttons = inLesson(desk) ? [] : [
    ["solution", sure ? host.wording("ubongo.sure") : t("ubongo.show_solution"), Boolean(open && active && solution), false],
    ["next", host.wording("ubongo.next_puzzle"), Boolean(view.next_puzzle), !open],
    ["daily", host.wording("ubongo.daily"), true, false],
  ];
  const top = short ? y + 58 : y + 122;
  const boxes = short
    ? buttons.map((_, i) => ({ x: S.x + 8, y: top + i * 36, w: S.w - 16, h: 32 }))
    : layout.narrow
      ? buttons.map((_, i) => ({ x: S.x + 12 + i * ((S.w - 24 + 8) / 3), y: top, w: (S.w - 24 - 16) / 3, h: 52 }))
      : buttons.map((_, i) => ({ x: S.x + 14, y: top + i * 54, w: S.w - 28, h: 44 }));
  buttons.forEach(([name, words, enabled, primary], i) => {
    const box = boxes[i];
    desk.button(c, name, box, words, { primary, disabled: !enabled, hovered: desk.surface.isHovered(name), size: short ? 13 : 14 });
    if (!enabled || !host.humanSeats().length) return;
    /** @type {Record<string, any>} */
    const options = { key: name, value: { button: name } };
    if (name === "solution") {
      if (sure) options.target = solution; else options.label = t("ubongo.show_solution");
      options.describe = t(solution.key, solution.params);
    } else options.label = words;
    desk.surface.region({ rect: [box.x, box.y, box.w, box.h] }, options);
  });
  if (short) return; // no room for the reminder: the tray and the tools say it
  const after = !buttons.length ? top : layout.narrow ? top + 60 : top + 3 * 54 + 4;
  fitText(c, t("ubongo.puzzle_keys"), { x: S.x + 14, y: after, w: S.w - 28, h: S.y + S.h - after - 8 },
    { size: 12, colour: PALETTE.muted, align: "left", lines: 3 });
}
