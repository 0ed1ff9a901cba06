// @ts-check
// Between a race's rounds, on the card: the last round's results (who solved when, in the colours they had that
// round, and which gems they took), the colour this seat plays in the next one, the pass-the-device cover, the final
// scores, and what a watcher or a waiting player sees.
import { PALETTE, fitText, roundRect } from "../kit.js";
import { GEM_ORDER, colourToken, drawGem } from "./art.js";
import { currentSeat, viewOf } from "./desk.js";
import { clockText } from "./hexes.js";
import { ownColour } from "./panel.js";

/** @typedef {import("./desk.js").Desk} Desk */
/** @typedef {import("./layout.js").Box} Box */

/** The round's results: who solved when (each in the colour of that round), and which gems they took. Returns the
 * y below them. @param {Desk} desk @param {CanvasRenderingContext2D} c @param {{x: number, y: number, w: number}} box
 * @param {Record<string, any>} lr */
function drawResults(desk, c, box, lr) {
  const { t, host } = desk;
  const view = /** @type {Record<string, any>} */ (viewOf(desk));
  let y = box.y;
  const title = lr.playoff ? t("ubongo.playoff_results") : t("ubongo.results_title", { round: lr.round });
  fitText(c, title, { x: box.x, y, w: box.w, h: 24 }, { size: 17, weight: 700, align: "left" });
  y += 28;
  if (lr.second_chance) {
    fitText(c, t("ubongo.second_chance_note"), { x: box.x, y, w: box.w, h: 48 }, { size: 13, colour: "#9a4d00", align: "left", lines: 3 });
    y += 52;
  }
  const results = [...lr.results].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99) || (a.time_ms ?? 1e12) - (b.time_ms ?? 1e12));
  for (const result of results) {
    colourToken(c, box.x + 12, y + 16, 11, result.colour, t);
    const gemsWidth = Math.max(70, result.gems.length * 28);
    const rank = result.rank ? `${result.rank}. ` : "";
    fitText(c, `${rank}${host.seatName(result.seat)}`, { x: box.x + 30, y, w: box.w - 40 - gemsWidth, h: 20 }, { size: 14, weight: 600, align: "left" });
    const when = result.time_ms === null ? t("ubongo.not_solved") : t("ubongo.solved_at", { time: clockText(result.time_ms) });
    const words = `${t(`colour.${result.colour}`)} · ${when}`; // the colour of that round, in words too
    fitText(c, words, { x: box.x + 30, y: y + 20, w: box.w - 40 - gemsWidth, h: 16 }, { size: 12, colour: result.time_ms === null ? PALETTE.danger : PALETTE.muted, align: "left" });
    if (!result.gems.length) {
      fitText(c, t("ubongo.no_gems"), { x: box.x + box.w - gemsWidth, y: y + 6, w: gemsWidth, h: 20 }, { size: 12, colour: "#8a8f9c", align: "right" });
    }
    let gx = box.x + box.w - 12;
    for (const name of [...result.gems].reverse()) { drawGem(c, gx - 4, y + 16, 22, name); gx -= 28; }
    y += 40;
  }
  if (lr.to_bag && lr.to_bag.length) {
    const words = t("ubongo.to_bag_note");
    fitText(c, words, { x: box.x, y, w: box.w - lr.to_bag.length * 20 - 10, h: 20 }, { size: 12, colour: PALETTE.muted, align: "left" });
    let gx = box.x + box.w - lr.to_bag.length * 20;
    for (const name of lr.to_bag) { drawGem(c, gx + 8, y + 10, 16, name); gx += 20; }
    y += 24;
  }
  // a legend of the gems, by name and shape
  const cell = box.w / 4;
  GEM_ORDER.forEach((name, i) => {
    drawGem(c, box.x + i * cell + 8, y + 12, 14, name);
    fitText(c, t("ubongo.gem_points", { gem: t(`ubongo.gem.${name}`), n: view.gem_points[name] }),
      { x: box.x + i * cell + 18, y: y + 2, w: cell - 22, h: 20 }, { size: 11, colour: PALETTE.muted, align: "left" });
  });
  return y + 30;
}

/** @param {Desk} desk @param {CanvasRenderingContext2D} c @param {Box} box @param {string} words @param {string} key */
function gateButton(desk, c, box, words, key) {
  desk.button(c, key, box, words, { primary: true, hovered: desk.surface.isHovered(key), size: 16 });
  desk.surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key, value: { button: "start" }, label: words });
}

/** What covers the card between rounds (desk.gate): the pass-the-device cover, the results, the final scores, or
 * the words of a watcher or a waiting player. @param {Desk} desk @param {CanvasRenderingContext2D} c */
export function drawGate(desk, c) {
  const view = viewOf(desk);
  const table = desk.table();
  const { t, host, gate, layout } = desk;
  if (!gate || !view || !table || view.mode !== "race") return;
  const rect = layout.short ? { x: 6, y: 6, w: layout.width - 12, h: layout.height - 12 } : layout.card;
  roundRect(c, rect.x, rect.y, rect.w, rect.h, 18);
  c.fillStyle = gate === "pass" ? "#2b3a55" : "#fffaf0";
  c.fill();
  const inner = { x: rect.x + 18, y: rect.y + 18, w: rect.w - 36 };
  const seat = /** @type {number} */ (currentSeat(desk));
  const colour = ownColour(desk);
  if (gate === "pass") return; // the kit's pass-the-device cover (renderer.js passCover), painted last
  let y = inner.y;
  if (view.last_round) y = drawResults(desk, c, { x: inner.x, y, w: inner.w }, view.last_round);
  if (gate === "results") {
    const mine = view.last_round && view.last_round.results.find((/** @type {any} */ r) => table.seats[r.seat].kind === "human");
    if (mine && mine.time_ms !== null) {
      fitText(c, t("ubongo.you_solved", { time: clockText(mine.time_ms) }), { x: inner.x, y, w: inner.w, h: 26 }, { size: 18, weight: 700, colour: PALETTE.good, align: "left" });
      y += 28;
    } else if (desk.roundNote) {
      fitText(c, t(desk.roundNote.key, { name: desk.roundNote.name }), { x: inner.x, y, w: inner.w, h: 44 }, { size: 15, weight: 600, colour: "#9a4d00", align: "left", lines: 2 });
      y += 46;
    }
    const button = { x: rect.x + rect.w / 2 - 120, y: rect.y + rect.h - 64, w: 240, h: 50 };
    if (colour) {
      // the next round's colour, just above its button: the results above keep the colours of theirs
      const words = view.phase === "playoff" ? t("ubongo.you_are", { colour }) : t("ubongo.colour_in_round", { round: view.round, colour });
      const line = { x: inner.x, y: Math.min(Math.max(y, button.y - 40), button.y - 32), w: inner.w, h: 28 };
      colourToken(c, line.x + 12, line.y + line.h / 2, 11, colour, t);
      fitText(c, words, { x: line.x + 30, y: line.y, w: line.w - 30, h: line.h }, { size: 15, weight: 700, align: "left" });
    }
    const words = view.phase === "playoff" ? t("ubongo.start_playoff") : t("ubongo.start_round", { round: view.round });
    gateButton(desk, c, button, words, "start");
  } else if (gate === "final") {
    fitText(c, t("ubongo.final_title"), { x: inner.x, y, w: inner.w, h: 24 }, { size: 17, weight: 700, align: "left" });
    y += 30;
    const order = [...view.seats].sort((a, b) => b.score - a.score);
    for (const s of order) {
      const winner = table.winners.includes(s.seat);
      fitText(c, `${winner ? "★ " : ""}${host.seatName(s.seat)}`, { x: inner.x, y, w: inner.w * 0.36, h: 22 }, { size: 15, weight: winner ? 700 : 600, align: "left" });
      const cell = (inner.w * 0.44) / 4;
      GEM_ORDER.forEach((name, i) => {
        const gx = inner.x + inner.w * 0.38 + i * cell;
        drawGem(c, gx + 7, y + 11, 15, name);
        fitText(c, `×${s.gems[name]}`, { x: gx + 15, y, w: cell - 15, h: 22 }, { size: 12, align: "left" });
      });
      fitText(c, t("ubongo.points", { n: s.score }), { x: inner.x + inner.w * 0.82, y, w: inner.w * 0.18, h: 22 }, { size: 15, weight: 700, align: "right" });
      y += 30;
    }
  } else {
    fitText(c, t(gate === "watch" ? "ubongo.watching" : "ubongo.waiting"), { x: inner.x, y: rect.y + rect.h - 60, w: inner.w, h: 40 }, { size: 15, colour: PALETTE.muted, lines: 2 });
  }
}
