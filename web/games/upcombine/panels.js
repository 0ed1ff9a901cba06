// @ts-check
// Up Combine's panels around the stacks: the other seats' hands, the pile, the rounds table, the status line, a
// round's summary (the pass-the-device screen is the kit's).
import { button, fitText, font, panel, PALETTE, roundRect } from "../kit.js";
import { drawBack, drawBag, overlayCard } from "./art.js";
import { bagCells, opponentBox, opponentSeats } from "./layout.js";
import { HINT, same } from "./scene.js";
import { capital } from "./words.js";

/** @typedef {import("./scene.js").Scene} Scene */

/** Another seat's hand in words: how many tiles of each colour (the symbols are hidden).
 * @param {Scene} s @param {number} seat */
function handWords(s, seat) {
  const hand = s.view.hands[seat];
  const counts = s.view.colours.map((colour) => [colour, hand.colours.filter((x) => x === colour).length])
    .filter(([, n]) => n > 0).map(([colour, n]) => `${n} ${s.w.colourName(colour)}`);
  return s.t("upcombine.describe.hand", { name: s.host.seatName(seat), n: hand.count, colours: s.w.list(counts) });
}

/** The other seats' hands, face down, grouped by colour. @param {Scene} s */
export function drawOpponents(s) {
  const { c, view } = s;
  const seats = opponentSeats(s.table.players, s.bottomSeat);
  seats.forEach((seat, index) => {
    const box = opponentBox(index, seats.length, s.geometry.opponents);
    const hand = view.hands[seat];
    const current = view.current === seat;
    panel(c, box, { fill: current ? PALETTE.panelActive : "rgba(245, 241, 232, 0.94)",
      edge: current ? "#f2b824" : PALETTE.panelEdge, radius: 10, lineWidth: current ? 3 : 1 });
    const name = s.host.seatName(seat);
    fitText(c, current ? `▶ ${name}` : name, { x: box.x + 8, y: box.y + 3, w: box.w * 0.62 - 8, h: 20 },
      { size: 13, weight: 600, align: "left", minSize: 8 });
    fitText(c, s.w.tilesText(hand.count), { x: box.x + box.w * 0.62, y: box.y + 3, w: box.w * 0.38 - 8, h: 20 },
      { size: 12, colour: PALETTE.muted, align: "right", minSize: 8 });
    const groups = view.colours.map((colour) => [colour, hand.colours.filter((x) => x === colour).length]).filter(([, n]) => n > 0);
    const slot = Math.min(62, (box.w - 16) / Math.max(1, groups.length));
    const tileH = Math.min(30, box.h - 34);
    groups.forEach(([colour, n], g) => {
      const gx = box.x + 8 + g * slot;
      const gy = box.y + 26;
      const w = Math.min(22, slot * 0.42);
      const layers = Math.min(n, 3);
      for (let k = layers - 1; k >= 0; k--) drawBack(c, s.look, colour, gx + k * 2, gy + 4 - k * 2, w, tileH, { letter: k === 0 });
      fitText(c, `×${n}`, { x: gx + w + 5, y: gy + 2, w: slot - w - 7, h: tileH },
        { size: 12, weight: 700, align: "left", minSize: 7 });
    });
    if (hand.count === 0) {
      fitText(c, s.t("upcombine.empty_hand"), { x: box.x + 8, y: box.y + 26, w: box.w - 16, h: box.h - 30 },
        { size: 12, colour: PALETTE.muted, align: "left" });
    }
    s.surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: `hand:${seat}`, value: { kind: "opponent", seat },
      describe: handWords(s, seat), focusable: false });
  });
}

/** Whether every colour's name fits a bag's cell `w` units wide, on one line, at 10 units or more.
 * @param {Scene} s @param {number} w */
function namesFit(s, w) {
  const c = s.surface.context;
  c.save();
  c.font = font(10, 700);
  const fit = s.view.colours.every((colour) => c.measureText(capital(s.w.colourName(colour))).width <= w - 2);
  c.restore();
  return fit;
}

/** The pile: a bag per colour with its count, the draws on them, and the End turn button. @param {Scene} s */
export function drawPile(s) {
  const { c, view } = s;
  const box = s.geometry.pile;
  const pile = view.pile;
  const things = s.byThing;
  const pass = s.targets.find((target) => target.thing.kind === "button") || null;
  panel(c, box, { fill: "rgba(250, 246, 236, 0.95)", radius: 10 });
  fitText(c, s.t("upcombine.pile", { n: pile.count }), { x: box.x + 10, y: box.y + 4, w: box.w - 20, h: 22 },
    { size: 13, weight: 600, align: "left", minSize: 8 });
  for (const cell of bagCells(view.colours, box)) {
    const colour = cell.colour;
    const n = pile.colours[colour] || 0;
    const target = (things.get(`tile:${colour}`) || []).find((x) => !x.to) || null; // a draw, not a base
    const hovered = s.surface.isHovered(`bag:${colour}`);
    if (target) {
      roundRect(c, cell.x, cell.y, cell.w, cell.h, 8);
      c.fillStyle = hovered ? "rgba(255, 214, 102, 0.8)" : "rgba(255, 226, 140, 0.45)";
      c.fill();
    }
    if (s.hinted && same(s.hinted.thing, { kind: "tile", id: colour }) && !s.hinted.to) {
      roundRect(c, cell.x, cell.y, cell.w, cell.h, 8);
      c.strokeStyle = "#f08a00";
      c.lineWidth = 3;
      c.stroke();
    }
    if (box.across) {
      // the bag (its colour's initial on it), the colour's name on a line of its own where every name fits at a
      // readable size (in Ukrainian they do not: the bags keep their initials, and a touch says the rest), the count
      const size = 30;
      drawBag(c, s.look, colour, cell.x + cell.w / 2 - size / 2, cell.y + 2, size, { empty: n === 0 });
      const ink = n ? PALETTE.ink : PALETTE.disabled;
      if (namesFit(s, cell.w)) {
        fitText(c, capital(s.w.colourName(colour)), { x: cell.x, y: cell.y + size + 3, w: cell.w, h: 15 },
          { size: 11.5, weight: target ? 700 : 400, colour: ink, minSize: 10 });
        fitText(c, `×${n}`, { x: cell.x, y: cell.y + size + 18, w: cell.w, h: 15 }, { size: 12.5, weight: 700, colour: ink, minSize: 9 });
      } else {
        fitText(c, `×${n}`, { x: cell.x, y: cell.y + size + 4, w: cell.w, h: 28 }, { size: 15, weight: 700, colour: ink, minSize: 9 });
      }
    } else {
      drawBag(c, s.look, colour, cell.x + 4, cell.y + 1, 26, { empty: n === 0 });
      fitText(c, capital(s.w.colourName(colour)), { x: cell.x + 36, y: cell.y, w: cell.w - 80, h: cell.h },
        { size: 13, colour: n ? PALETTE.ink : PALETTE.disabled, align: "left", minSize: 8 });
      fitText(c, `×${n}${target ? " ⬇" : ""}`, { x: cell.x + cell.w - 44, y: cell.y, w: 40, h: cell.h },
        { size: 13, weight: 700, colour: n ? PALETTE.ink : PALETTE.disabled, align: "right", minSize: 8 });
    }
    s.surface.region({ rect: [cell.x, cell.y, cell.w, cell.h] }, { key: `bag:${colour}`, value: { kind: "bag", colour },
      target, label: target ? s.w.words(target) : "", describe: s.t("upcombine.say.pile", { colour: s.w.colourName(colour), n }) });
  }
  if (pass) {
    const b = box.across ? { x: box.x + 10, y: box.y + 96, w: box.w - 20, h: 34 }
      : { x: box.x + 10, y: box.y + box.h + 6, w: box.w - 20, h: 32 };
    button(c, b, s.t("upcombine.end_turn"), { hovered: s.surface.isHovered("pass"), size: 13 });
    if (s.hinted && s.hinted.action === pass.action) {
      roundRect(c, b.x - 3, b.y - 3, b.w + 6, b.h + 6, 10);
      c.strokeStyle = HINT;
      c.lineWidth = 3;
      c.stroke();
    }
    s.surface.region({ rect: [b.x, b.y, b.w, b.h] }, { key: "pass", value: { kind: "pass" }, target: pass, label: s.w.words(pass) });
  }
}

/** The rounds so far and the round in play, one row per seat, named as everywhere else (host.seatName): the
 * last rounds that fit, "Now" (the round in play as it would score now: each seat's tiles in hand, the points it
 * scores when another player empties a hand) and the total. @param {Scene} s */
export function drawRounds(s) {
  const { c, view } = s;
  let box = s.geometry.rounds;
  if (!box) return; // a short phone screen: the page's scores and the log hold it (layoutFor)
  if (!s.geometry.portrait && s.targets.some((target) => target.thing.kind === "button")) {
    box = { ...box, y: box.y + 40, h: box.h - 40 }; // the End turn button sits above it
  }
  panel(c, box, { fill: "rgba(250, 246, 236, 0.95)", radius: 10 });
  fitText(c, s.t("upcombine.rounds_title", { target: view.target }), { x: box.x + 10, y: box.y + 4, w: box.w - 20, h: 22 },
    { size: 13, weight: 600, align: "left", minSize: 8 });
  const rowH = 18;
  const now = !view.over && view.round_points.length > 0;
  const left = box.x + 8;
  const inner = box.w - 16;
  const numW = 34;
  const roundW = 26;
  // the names keep at least 44% of the width, the last rounds that fit take what is left, then the names the rest
  const fit = Math.max(0, Math.floor((inner * 0.56 - numW * (now ? 2 : 1)) / roundW));
  const columns = [
    ...view.rounds.slice(-Math.min(5, fit)).map((round) => ({ round, w: roundW })),
    ...(now ? [{ now: true, w: numW }] : []),
    { total: true, w: numW },
  ];
  const nameW = Math.min(150, inner - columns.reduce((sum, column) => sum + column.w, 0));
  const spare = (inner - nameW - columns.reduce((sum, column) => sum + column.w, 0)) / columns.length;
  let x = left + nameW;
  for (const column of columns) { column.x = x; column.w += spare; x += column.w; }
  const cellBox = (column, y) => ({ x: column.x + 1, y: y - rowH / 2, w: column.w - 2, h: rowH });
  let y = box.y + 28 + rowH / 2;
  for (const column of columns) { // the heading row
    const text = column.round ? `${s.t("upcombine.round_short", { n: column.round.round })}${column.round.blocked ? " ⊘" : ""}`
      : s.t(column.now ? "upcombine.now" : "upcombine.total");
    if (column.now) {
      c.fillStyle = "rgba(255, 226, 140, 0.45)";
      roundRect(c, column.x, y - rowH / 2, column.w, rowH * (view.totals.length + 1), 4);
      c.fill();
    }
    fitText(c, text, cellBox(column, y), { size: 11, weight: column.round ? 400 : 700, colour: column.round ? PALETTE.muted : PALETTE.ink, minSize: 7 });
  }
  const best = Math.min(...view.totals);
  view.totals.forEach((total, seat) => {
    y += rowH;
    const winner = view.over && total === best;
    fitText(c, `${winner ? "★ " : ""}${s.host.seatName(seat)}`, { x: left, y: y - rowH / 2, w: nameW - 4, h: rowH },
      { size: 11, weight: 600, colour: winner ? PALETTE.good : seat === s.bottomSeat ? PALETTE.accent : PALETTE.ink, align: "left", minSize: 7 });
    for (const column of columns) {
      if (column.round) {
        const won = column.round.winner === seat;
        fitText(c, won ? `★ ${column.round.points[seat]}` : String(column.round.points[seat]), cellBox(column, y),
          { size: 12, weight: won ? 700 : 400, colour: won ? PALETTE.good : PALETTE.ink, minSize: 7 });
      } else if (column.now) {
        fitText(c, `+${view.round_points[seat]}`, cellBox(column, y), { size: 12, weight: 600, colour: "#8a5a00", minSize: 7 });
      } else {
        fitText(c, String(total), cellBox(column, y), { size: 13, weight: 700, colour: total >= view.target ? PALETTE.danger : PALETTE.ink, minSize: 7 });
      }
    }
  });
  y += rowH / 2 + 2;
  if (!view.rounds.length && y + rowH <= box.y + box.h - 2) {
    fitText(c, s.t("upcombine.no_rounds"), { x: box.x + 10, y, w: box.w - 20, h: rowH },
      { size: 11, colour: PALETTE.muted, align: "left", minSize: 7 });
    y += rowH;
  }
  const noteH = box.y + box.h - 4 - y;
  if (now && noteH >= 24) {
    fitText(c, s.t("upcombine.preview.note"), { x: box.x + 10, y, w: box.w - 20, h: Math.min(noteH, 48) },
      { size: 10.5, colour: PALETTE.muted, align: "left", valign: "top", lines: 4, minSize: 7 });
  }
}

/** The line above the hand: whose turn it is and what the person may do now. @param {Scene} s
 * @param {Record<string, any>} view */
function statusText(s, view) {
  if (view.over) return s.t("upcombine.status.over");
  const seat = s.seat;
  if (s.privacy) return s.t("upcombine.status.private", { name: s.host.seatName(view.current) });
  if (view.choosing_bases && seat === null) return s.t("upcombine.status.bases_wait", { name: s.host.seatName(view.current) });
  if (seat === null) return s.t("upcombine.status.wait", { name: s.host.seatName(view.current), round: view.round });
  if (view.choosing_bases) {
    return s.basePick ? s.t("upcombine.status.bases_second", { colour: s.w.colourName(s.basePick) }) : s.t("upcombine.status.bases");
  }
  if (s.selected) return s.t("upcombine.status.selected", { piece: s.w.codeName(s.selected.code) });
  const mine = s.targets;
  const placements = mine.some((target) => target.thing.kind === "piece");
  const used = view.stacks.map((stack, i) => (stack.used ? i + 1 : null)).filter((x) => x !== null);
  const usedText = used.length ? ` ${s.t("upcombine.status.used", { stacks: used.join(", ") })}` : "";
  if (view.placed_this_turn === 0 && placements) return s.t("upcombine.status.place_first") + usedText;
  if (placements) return s.t("upcombine.status.more", { n: view.placed_this_turn }) + usedText;
  if (mine.some((target) => target.thing.kind === "button")) return s.t("upcombine.status.pass") + usedText;
  if (view.placed_this_turn > 0) return s.t("upcombine.status.done", { n: view.placed_this_turn }) + usedText;
  return s.t("upcombine.status.stuck");
}

/** @param {Scene} s */
export function drawStatus(s) {
  const { c, view } = s;
  const box = s.geometry.status;
  const mine = s.seat !== null;
  c.fillStyle = mine ? "rgba(255, 236, 170, 0.95)" : "rgba(0, 0, 0, 0.35)";
  roundRect(c, box.x, box.y, box.w, box.h, Math.min(16, box.h / 2));
  c.fill();
  fitText(c, capital(statusText(s, view)), { x: box.x + 14, y: box.y + 2, w: box.w - 28, h: box.h - 4 },
    { size: 14, weight: 600, colour: mine ? "#3d2c00" : "#ffffff", lines: 2, minSize: 9 });
}

/** Who won the round, in words ("You won the round" when the one person here did).
 * @param {{t: (key: string, params?: Record<string, any>) => string, humans: number, table: Record<string, any>,
 *   host: import("../../host.js").RendererHost}} s @param {number} seat */
export function wonText(s, seat) {
  const you = s.humans === 1 && s.table.seats[seat].kind === "human";
  return you ? s.t("upcombine.summary.won_you") : s.t("upcombine.summary.won", { name: s.host.seatName(seat) });
}

/** The running totals right after round `number`. @param {Record<string, any>} view @param {number} number
 * @returns {number[]} */
function totalsAfter(view, number) {
  const totals = view.totals.map(() => 0);
  for (const round of view.rounds) {
    if (round.round > number) break;
    round.points.forEach((points, seat) => { totals[seat] += points; });
  }
  return totals;
}

/** A round's summary over the stacks: who won, each seat's points and totals. @param {Scene} s */
export function drawSummary(s) {
  const { c, view } = s;
  if (!s.summary) return;
  const round = view.rounds.find((r) => r.round === s.summary.round);
  if (!round) return;
  const area = s.geometry.stacks;
  const players = round.points.length;
  const w = Math.min(380, area.w - 16);
  const h = 100 + players * 24 + 34;
  const box = { x: area.x + (area.w - w) / 2, y: area.y + Math.max(4, (area.h - h) / 2), w, h };
  c.fillStyle = "rgba(10, 30, 20, 0.55)";
  roundRect(c, area.x, area.y - 4, area.w, area.h + 8, 12);
  c.fill();
  overlayCard(c, box);
  fitText(c, s.t("upcombine.summary.title", { n: round.round }), { x: box.x + 12, y: box.y + 10, w: w - 24, h: 26 }, { size: 17, weight: 700 });
  fitText(c, round.blocked ? s.t("upcombine.summary.blocked") : wonText(s, round.winner), { x: box.x + 12, y: box.y + 38, w: w - 24, h: 36 },
    { size: 14, colour: "#3f4654", lines: 2, minSize: 9 });
  let ty = box.y + 88;
  const nameW = w - 170;
  fitText(c, s.t("upcombine.summary.player"), { x: box.x + 20, y: ty - 9, w: nameW, h: 18 }, { size: 12, weight: 600, colour: PALETTE.muted, align: "left" });
  fitText(c, s.t("upcombine.summary.points"), { x: box.x + w - 150, y: ty - 9, w: 80, h: 18 }, { size: 12, weight: 600, colour: PALETTE.muted, align: "right", minSize: 7 });
  fitText(c, s.t("upcombine.total"), { x: box.x + w - 66, y: ty - 9, w: 46, h: 18 }, { size: 12, weight: 600, colour: PALETTE.muted, align: "right", minSize: 7 });
  const totals = totalsAfter(view, round.round);
  for (let seat = 0; seat < players; seat++) {
    ty += 24;
    const won = round.winner === seat;
    fitText(c, `${won ? "★ " : ""}${s.host.seatName(seat)}`, { x: box.x + 20, y: ty - 10, w: nameW, h: 20 },
      { size: 14, weight: won ? 700 : 400, colour: won ? PALETTE.good : PALETTE.ink, align: "left", minSize: 8 });
    fitText(c, `+${round.points[seat]}`, { x: box.x + w - 150, y: ty - 10, w: 80, h: 20 }, { size: 14, align: "right" });
    fitText(c, String(totals[seat]), { x: box.x + w - 66, y: ty - 10, w: 46, h: 20 },
      { size: 14, weight: 700, colour: totals[seat] >= view.target ? PALETTE.danger : PALETTE.ink, align: "right" });
  }
  const last = view.over && round === view.rounds[view.rounds.length - 1];
  fitText(c, last ? s.t("upcombine.summary.final") : s.w.touchy("upcombine.summary.continue"), { x: box.x + 12, y: box.y + h - 32, w: w - 24, h: 26 },
    { size: 12, colour: PALETTE.muted, lines: 2, minSize: 8 });
  s.surface.region({ rect: [0, 0, s.geometry.width, s.geometry.height] }, { key: "summary", value: { kind: "summary" },
    label: s.t("upcombine.continue") });
}
