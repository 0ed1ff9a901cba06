// @ts-check
// The bands around Whoopies' table: the die, the round and the call above it, the prompt and the buttons below it
// (Grab nothing, the names and voice toggles), each player's gems; and the table's wall and wooden top.
import { button, fitFirst, fitText, font, gem, PALETTE, panel, roundRect } from "../kit.js";
import { drawDie, drawSwatch } from "./art.js";
import { activeHuman, DIE_MS, ms } from "./board.js";
import { FLOOR_Y, intoThrow, THROW_H, THROW_W } from "./layout.js";
import { callText, named, targetText, words } from "./words.js";

/** @typedef {import("./board.js").Board} Board */

/** Whether the stage shows a throw now (the grab, or a catch held on screen).
 * @param {Board} b */
const showingThrow = (b) => Boolean(b.table && ((b.table.view.phase === "grab" && b.table.view.throw) || (b.hold && performance.now() < b.hold.until)));

/** The bands, then the table: the wall and the wooden top, turned with the throw.
 * @param {Board} b */
export function drawTableBackground(b, c) {
  c.fillStyle = "#1d2338";
  c.fillRect(0, 0, b.L.W, b.L.H);
  if (b.L.kind === "wide") {
    const top = c.createLinearGradient(0, 0, 0, b.L.head.h);
    top.addColorStop(0, "#2b3350");
    top.addColorStop(1, "#1d2338");
    c.fillStyle = top;
    c.fillRect(0, 0, b.L.W, b.L.head.h);
  }
  if (b.L.turned && !showingThrow(b)) { // between throws a turned table shows no table: a wall across the width
    const wall = c.createLinearGradient(0, b.L.stage.y, 0, b.L.stage.y + b.L.stage.h);
    wall.addColorStop(0, "#fbf3e2");
    wall.addColorStop(1, "#efd9b5");
    c.fillStyle = wall;
    c.fillRect(0, b.L.stage.y, b.L.W, b.L.stage.h);
    return;
  }
  c.save();
  intoThrow(b, c);
  const wall = c.createLinearGradient(0, 0, 0, FLOOR_Y);
  wall.addColorStop(0, "#fbf3e2");
  wall.addColorStop(1, "#efd9b5");
  c.fillStyle = wall;
  c.fillRect(0, 0, THROW_W, FLOOR_Y);
  const wood = c.createLinearGradient(0, FLOOR_Y, 0, THROW_H);
  wood.addColorStop(0, "#b97a43");
  wood.addColorStop(1, "#7d4a22");
  c.fillStyle = wood;
  c.fillRect(0, FLOOR_Y, THROW_W, THROW_H - FLOOR_Y);
  c.strokeStyle = "rgba(60,30,10,0.5)";
  c.lineWidth = 2 / b.L.s;
  c.beginPath();
  c.moveTo(0, FLOOR_Y);
  c.lineTo(THROW_W, FLOOR_Y);
  c.stroke();
  c.restore();
}

/** The die, the round, and what must be caught; in the short layout also the prompt, the names and voice toggles
 * and the Grab-nothing button.
 * @param {Board} b */
export function drawHeader(b, c, v, prompt, pass) {
  const head = b.L.head;
  const short = b.L.kind === "short";
  const size = short ? head.h - 14 : Math.min(60, head.h - 16);
  const dx = head.x + 10 + size / 2;
  const dy = head.y + head.h / 2;
  const rolling = b.die && performance.now() - b.die.start < ms(DIE_MS);
  const dieFace = rolling ? 1 + Math.floor((performance.now() / 90) % 6) : v.face;
  if (dieFace) drawDie(c, dieFace, dx, dy, size);
  else {
    roundRect(c, dx - size / 2, dy - size / 2, size, size, 11);
    c.strokeStyle = "rgba(255,255,255,0.35)";
    c.setLineDash([4, 4]);
    c.lineWidth = 1.5;
    c.stroke();
    c.setLineDash([]);
  }
  b.surface.region({ rect: [dx - size / 2, dy - size / 2, size, size] }, { key: "die-face", focusable: false,
    describe: v.face ? b.t("whoopies.about.die", { face: v.face, meaning: b.t(`whoopies.face.${v.face}`) }) : b.t("whoopies.about.die_unrolled") });
  let right = b.L.gems ? b.L.gems.x - 10 : head.x + head.w - 8;
  const by = head.y + (head.h - 36) / 2;
  if (short) right = toggles(b, c, right, by) - 10;
  if (short && pass) right = passButton(b, c, pass, right, by, 116) - 10;
  const seat = activeHuman(b) ?? (b.table.viewer ?? null);
  const left = dx + size / 2 + 12;
  // the round, the roller, the die's badges; where they do not fit, the round goes first, then the roller (whose
  // seat wears the roller's badge anyway)
  const bits = [b.t("whoopies.round", { n: v.round }), b.t("whoopies.roller", named(b, v.roller))];
  const shorter = (/** @type {string[]} */ all) => all.map((_, first) => all.slice(first).join(" · "));
  if (v.joker) bits.push(b.t("whoopies.joker_badge"));
  if (v.throwoff) bits.push(b.t("whoopies.throwoff_badge"));
  const text = v.phase === "over" ? b.t("whoopies.target.over") : targetText(b, v, seat);
  b.headline = text;
  const swatch = (v.action === "colour" || v.action === "puff") && v.value && v.phase !== "over";
  let x = left;
  if (short) { // one band: the call, then the prompt; in a grab the call alone, or the call and the joker
    if (swatch) {
      drawSwatch(c, v.value, left + 10, head.y + head.h / 2, 10, { puff: v.action === "puff" });
      x = left + 26;
    }
    // the prompt itself is on the stage (drawStage's caption); in a joker's grab the second line says the stakes,
    // unless the call needs both lines (then the die's ×2 says it)
    const grabbing = v.phase === "grab" && prompt === callText(b, v, seat ?? v.roller);
    c.font = font(14, 700);
    const oneLine = c.measureText(text).width <= right - x;
    const second = grabbing ? (v.joker && oneLine ? [b.t("whoopies.double")] : []) : shorter(bits);
    if (!second.length) {
      fitText(c, text, { x, y: head.y + 3, w: right - x, h: head.h - 6 }, { size: 16, weight: 700, colour: "#ffffff", align: "left", lines: 2, minSize: 11 });
      return;
    }
    fitText(c, text, { x, y: head.y + 4, w: right - x, h: 22 }, { size: 16, weight: 700, colour: "#ffffff", align: "left", minSize: 11 });
    fitFirst(c, second, { x, y: head.y + 27, w: right - x, h: 21 }, { size: 13, weight: grabbing ? 700 : 400,
      colour: grabbing ? "#ffd66b" : "#dfe5f5", align: "left", minSize: 10 });
    return;
  }
  // a turned table's joker grab says its double stakes here, above the call (its lower band has no room)
  const double = b.L.turned && v.joker && v.phase === "grab";
  fitFirst(c, double ? [b.t("whoopies.double")] : shorter(bits), { x: left, y: head.y + 6, w: right - left, h: 18 },
    { size: 13, weight: double ? 700 : 400, colour: double ? "#ffd66b" : "#b8c2dc", align: "left", minSize: 10 });
  if (swatch) {
    drawSwatch(c, v.value, left + 13, head.y + 24 + (head.h - 28) / 2, 13, { puff: v.action === "puff" });
    x = left + 34;
  }
  fitText(c, text, { x, y: head.y + 24, w: right - x, h: head.h - 28 }, { size: b.L.narrow ? 16 : 19, weight: 700, colour: "#ffffff", align: "left", lines: 2, minSize: 11 });
}

/** Each player's gems (of the goal) in `box`, the one(s) to move in gold; the supply under them (wide).
 * @param {Board} b */
export function drawGems(b, c, v, box, boxed) {
  const seats = b.table.players;
  const cols = (boxed && seats > 3) || seats > 4 ? 2 : 1;
  const perCol = Math.ceil(seats / cols);
  const colW = (box.w - (boxed ? 16 : 0)) / cols;
  const supplyH = boxed ? 0 : 14;
  const rowH = Math.min(boxed ? 24 : 20, (box.h - supplyH - (boxed ? 10 : 0)) / perCol);
  if (boxed) panel(c, box, { fill: "rgba(38,45,71,0.94)", edge: "#3a4364", radius: 8 });
  for (let s = 0; s < seats; s++) {
    const gx = box.x + Math.floor(s / perCol) * colW + (boxed ? 8 : 0);
    const gy = box.y + (boxed ? 5 : 0) + (s % perCol) * rowH;
    const moving = b.table.to_move.includes(s);
    const count = v.goal ? `${v.gems[s]}/${v.goal}` : String(v.gems[s]);
    const nameW = colW - 62;
    fitText(c, b.host.seatName(s), { x: gx, y: gy, w: nameW, h: rowH }, { size: 12, weight: moving ? 700 : 400, colour: moving ? "#ffd66b" : "#dfe5f5", align: "left", minSize: 9 });
    gem(c, gx + nameW + 10, gy + rowH / 2, Math.min(14, rowH - 4), "blue");
    fitText(c, count, { x: gx + nameW + 18, y: gy, w: 38, h: rowH }, { size: 13, weight: 700, colour: "#ffffff", align: "left", minSize: 9 });
    b.surface.region({ rect: [gx, gy, colW - 8, rowH] }, { key: `gems:${s}`, focusable: false,
      describe: v.goal ? b.t("whoopies.gems_of", { ...named(b, s), n: v.gems[s], goal: v.goal }) : b.t("whoopies.gems_held", { ...named(b, s), n: v.gems[s] }) });
  }
  if (!boxed) fitText(c, b.t("whoopies.supply", { n: v.supply }), { x: box.x, y: box.y + box.h - supplyH, w: box.w, h: supplyH }, { size: 11, colour: "#8d97b3", align: "left", minSize: 9 });
}

/** The band below the table: the prompt, the Grab-nothing button during one's grab, the names and voice toggles.
 * A turned table's band is narrow: during the grab it holds the button alone (the band above says the call and
 * a joker's double stakes).
 * @param {Board} b */
export function drawFooter(b, c, prompt, pass) {
  const foot = b.L.foot;
  const by = foot.y + (foot.h - 36) / 2;
  let right = toggles(b, c, foot.x + foot.w - 10, by) - 10;
  if (pass && b.L.turned) {
    passButton(b, c, pass, right, by, Math.min(220, right - foot.x - 12));
    return;
  }
  if (pass) right = passButton(b, c, pass, right, by, b.L.narrow ? 130 : 170) - 10;
  fitText(c, prompt || "", { x: foot.x + 12, y: foot.y + 3, w: right - foot.x - 12, h: foot.h - 6 }, { size: 15, weight: 700, colour: "#ffffff", align: "left", lines: b.L.turned ? 3 : 2, minSize: 11 });
}

/** The names and voice toggles, their right edge at `right`: returns their left edge.
 * @param {Board} b */
function toggles(b, c, right, y) {
  const mute = { x: right - 40, y, w: 40, h: 36 };
  const names = { x: mute.x - 48, y, w: 40, h: 36 };
  roundRect(c, names.x, names.y, names.w, names.h, 9);
  c.fillStyle = b.showNames ? PALETTE.accent : "#343c58";
  c.fill();
  fitText(c, "Aa", { x: names.x + 4, y: names.y, w: names.w - 8, h: names.h }, { size: 13, weight: 700, colour: "#ffffff" });
  b.surface.region({ rect: [names.x, names.y, names.w, names.h] }, { key: "names", value: "names", label: b.t(b.showNames ? "whoopies.names_hide" : "whoopies.names_show") });
  roundRect(c, mute.x, mute.y, mute.w, mute.h, 9);
  c.fillStyle = b.muted ? "#5a3340" : "#343c58";
  c.fill();
  speaker(b, c, mute.x, mute.y);
  b.surface.region({ rect: [mute.x, mute.y, mute.w, mute.h] }, { key: "mute", value: "mute", label: b.t(b.muted ? "whoopies.voice_unmute" : "whoopies.voice_mute") });
  return names.x;
}

/** The Grab-nothing button, `w` wide, its right edge at `right`: returns its left edge.
 * @param {Board} b */
function passButton(b, c, pass, right, y, w) {
  const box = { x: right - w, y, w, h: 36 };
  button(c, box, words(b, pass), { primary: false, size: 14, hovered: b.surface.isHovered("pass"), focused: b.surface.isFocused("pass") });
  b.surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: "pass", target: pass });
  return box.x;
}

/** @param {Board} b */
function speaker(b, c, mx, y) {
  c.fillStyle = "#ffffff";
  c.beginPath();
  c.moveTo(mx + 9, y + 14);
  c.lineTo(mx + 15, y + 14);
  c.lineTo(mx + 22, y + 8);
  c.lineTo(mx + 22, y + 28);
  c.lineTo(mx + 15, y + 22);
  c.lineTo(mx + 9, y + 22);
  c.closePath();
  c.fill();
  c.strokeStyle = "#ffffff";
  c.lineWidth = 2;
  c.beginPath();
  if (b.muted) {
    c.moveTo(mx + 26, y + 13);
    c.lineTo(mx + 34, y + 23);
    c.moveTo(mx + 34, y + 13);
    c.lineTo(mx + 26, y + 23);
  } else {
    c.arc(mx + 23, y + 18, 6, -0.8, 0.8);
    c.moveTo(mx + 23 + 11 * Math.cos(-0.8), y + 18 + 11 * Math.sin(-0.8));
    c.arc(mx + 23, y + 18, 11, -0.8, 0.8);
  }
  c.stroke();
}
