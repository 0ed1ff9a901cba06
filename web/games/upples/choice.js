// @ts-check
// The question a jump asks before it is played: a multicolour's new state (white or red, each shown as the komupple
// it makes), or a tunnel's exit (the exits' cards numbered on the field). The field is dimmed under it; a panel,
// placed where it hides the fewest squares in play, has one button per answer and Cancel.
import { button, fitText, panel, PALETTE, roundRect } from "../kit.js";
import { drawCard, drawKomupple, glyph } from "./art.js";
import { centreOf, slot } from "./layout.js";
import { choiceLabel, initials, playerInitial, teamLetter } from "./words.js";

/** @typedef {import("./field.js").Board} Board */
/** @typedef {import("./view.js").UpplesTarget} UpplesTarget */
/** A tapped thing whose targets ask a second touch. @typedef {{square: string, targets: UpplesTarget[]}} Choice */

/** @param {Board} b @param {Choice} choice */
export function drawChoice(b, choice) {
  const { c, g, t, v, surface } = b;
  const box = g.ground;
  const targets = choice.targets;
  const tunnel = targets.some((target) => target.to.kind === "card");
  const letters = initials(t);
  const words = (/** @type {UpplesTarget} */ target) => t(target.key, target.params);
  c.fillStyle = "rgba(20, 10, 30, 0.55)";
  roundRect(c, box.x, box.y, box.w, box.h, 14);
  c.fill();
  const from = slot(g, choice.square);
  drawCard(c, v.cards[choice.square], from.x, from.y, g.card, letters);
  roundRect(c, from.x - 3, from.y - 3, g.card + 6, g.card + 6, 10);
  c.strokeStyle = "#eaffb0";
  c.lineWidth = 3;
  c.stroke();
  targets.forEach((target, i) => {
    if (target.to.kind !== "card") return;
    const s = slot(g, target.to.id);
    drawCard(c, v.cards[target.to.id], s.x, s.y, g.card, letters);
    const key = `exit:${target.to.id}`;
    roundRect(c, s.x - 3, s.y - 3, g.card + 6, g.card + 6, 10);
    c.strokeStyle = surface.isHovered(key) ? "#ffffff" : "#c8a2ff";
    c.lineWidth = surface.isHovered(key) ? 4 : 2.5;
    c.stroke();
    const r = Math.max(8, g.card * 0.15);
    c.beginPath();
    c.arc(s.x + r + 2, s.y + r + 2, r, 0, Math.PI * 2);
    c.fillStyle = "#5b2a9e";
    c.fill();
    glyph(c, String(i + 1), { x: s.x + 2, y: s.y + 2, w: 2 * r, h: 2 * r }, r * 1.2, "#ffffff");
    surface.region({ rect: [s.x, s.y, g.card, g.card] }, { key, value: { kind: "choice" }, target, describe: words(target) });
  });
  const narrow = box.w - 16 < 420; // a phone: the two states one above the other
  const perRow = tunnel ? Math.min(3, targets.length) : narrow ? 1 : 2;
  const rows = Math.ceil(targets.length / perRow);
  const pw = Math.min(box.w - 16, tunnel ? 120 * perRow + 10 * (perRow + 1) : 480);
  const bw = (pw - 10 * (perRow + 1)) / perRow;
  const bh = tunnel ? 36 : Math.max(48, Math.min(64, g.cell * 0.9));
  const ph = 40 + rows * (bh + 8) + 44;
  const px = box.x + (box.w - pw) / 2;
  // where the panel hides the fewest of the squares in play (the card and the exits)
  const inPlay = [choice.square, ...targets.filter((target) => target.to.kind === "card").map((target) => target.to.id)];
  const covered = (/** @type {number} */ top) => inPlay.filter((square) => {
    const cy = centreOf(g, square).y;
    return cy + g.card / 2 > top && cy - g.card / 2 < top + ph;
  }).length;
  const tops = [box.y + 8, box.y + box.h - ph - 8, box.y + (box.h - ph) / 2];
  const py = tops.reduce((best, top) => (covered(top) < covered(best) ? top : best));
  panel(c, { x: px, y: py, w: pw, h: ph }, { fill: "#fffaf0", edge: "#3f2a5a", lineWidth: 2, radius: 14, shadow: true });
  fitText(c, t(tunnel ? "upples.choice.tunnel_title" : "upples.choice.multi_title"), { x: px + 10, y: py + 6, w: pw - 20, h: 30 },
    { size: 15, weight: 700, lines: 2 });
  const mover = v.players[v.current];
  targets.forEach((target, i) => {
    const at = { x: px + 10 + (i % perRow) * (bw + 10), y: py + 40 + Math.floor(i / perRow) * (bh + 8), w: bw, h: bh };
    const key = `answer:${i}`;
    const hovered = surface.isHovered(key);
    panel(c, at, { fill: hovered ? "#3f2a5a" : "#ece6f5", edge: hovered ? "#1b0f2c" : "#b7a9cf", radius: 10, lineWidth: hovered ? 2.5 : 1 });
    const ink = hovered ? "#ffffff" : PALETTE.ink;
    if (target.to.kind === "button") {
      const r = Math.min(22, bh * 0.38);
      drawKomupple(c, at.x + 8 + r, at.y + bh / 2, r, mover ? mover.colour : "blue", target.to.id, target.to.id,
        { letter: mover ? playerInitial(t, mover.colour) : "", team: mover ? teamLetter(v, mover.seat) : "" });
      const tx = at.x + 2 * r + 16;
      fitText(c, `${i + 1}. ${choiceLabel(t, target)}`, { x: tx, y: at.y + 4, w: at.x + at.w - 6 - tx, h: bh / 2 - 2 },
        { size: 13, weight: 600, colour: ink, align: "left" });
      fitText(c, t(target.to.id === "white" ? "upples.shape.cross" : "upples.shape.l"),
        { x: tx, y: at.y + bh / 2, w: at.x + at.w - 6 - tx, h: bh / 2 - 4 },
        { size: 11, colour: hovered ? "#e6dcf7" : PALETTE.muted, align: "left", lines: 2 });
    } else {
      fitText(c, `${i + 1}. ${choiceLabel(t, target)}`, { x: at.x + 6, y: at.y, w: at.w - 12, h: at.h }, { size: 13, weight: 600, colour: ink });
    }
    surface.region({ rect: [at.x, at.y, at.w, at.h] }, { key, value: { kind: "choice" }, target, describe: words(target) });
  });
  const cancel = { x: px + pw / 2 - 70, y: py + ph - 38, w: 140, h: 30 };
  button(c, cancel, t("upples.choice.cancel"), { primary: false, size: 13, hovered: surface.isHovered("cancel") });
  surface.region({ rect: [cancel.x, cancel.y, cancel.w, cancel.h] }, { key: "cancel", value: { kind: "cancel" } });
}
