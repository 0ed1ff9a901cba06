// @ts-check
// The stage between and around throws, by the phase: the roll, the roller's choice cards, the picks, the Throw
// button, the steal, the game's end, the last round's result; and around a seat's grab: pass the device, the next
// throw, the countdown, the throw itself (throw.js).
import { button, fitText, font, gem, PALETTE, panel, roundRect, textFits } from "../kit.js";
import { drawCreature, drawDie, drawSwatch, FACES } from "./art.js";
import { activeHuman, creatureOf, DIE_MS, ms, plainTargets, targetOf, view } from "./board.js";
import { drawGems } from "./bands.js";
import { clockOf, leadInMs, runOf } from "./grab.js";
import { drawBetterGrab, drawRun, drawThrow } from "./throw.js";
import { cname, colourLabel, creatureWords, gemsText, named, outcomeText, pickPrompt, targetText, words } from "./words.js";

/** @typedef {import("./board.js").Board} Board */

/** A soft white card on the table (a result, a countdown, pass the device). */
const softPanel = (c, box) => panel(c, box, { fill: "rgba(255,255,255,0.94)", edge: "#c9b48f", radius: 14, lineWidth: 1.5, shadow: true });

/** A title's least height: two lines at its least size (11 px), for a narrow stage (a phone upright, where the
 * table is 185 px wide) that cannot hold the words on one. */
const TWO_LINES_H = 2 * 11 * 1.2 + 2;

/** A title line across the stage, centred on `y`; on two lines where one is too narrow.
 * @param {Board} b */
export function title(b, c, text, y, size = 22, colour = "#3a3040", h = Math.max(size * 1.5, TWO_LINES_H)) {
  fitText(c, text, { x: b.area.x + 12, y: y - h / 2, w: b.area.w - 24, h }, { size, weight: 700, colour, lines: 2, minSize: 11 });
}

/** Choice cards across the stage, `n` of them: their boxes. In one row where each card can be at least `minW`
 * wide, else in rows (the last one centred): a narrow stage (a phone) keeps its cards' words readable.
 * @param {Board} b */
function cardRow(b, n, top, { maxW = 130, maxH = 150, minW = 80, labels = [] } = {}) {
  const gap = b.L.compact ? 8 : 12;
  // a card is at least as wide as its longest word at 12 px (a label wraps between words, never in one)
  const c = b.surface.context;
  c.font = font(12, 700);
  for (const label of labels) for (const word of label.split(" ")) minW = Math.max(minW, c.measureText(word).width + 14);
  const cols = Math.max(1, Math.min(n, Math.floor((b.area.w - 16 + gap) / (minW + gap))));
  const rows = Math.ceil(n / cols);
  const w = Math.min(maxW, (b.area.w - 16 - (cols - 1) * gap) / cols);
  // the cards stay on the stage, above its gems: on a stage too low for rows 56 px high (four players' Whoopies
  // on a phone) a card is lower, its words alone (card)
  const rowH = (b.area.y + b.area.h - top - 8 - (rows - 1) * gap) / rows;
  const h = Math.max(Math.min(56, rowH), Math.min(maxH, w * 1.18, rowH));
  return Array.from({ length: n }, (_, i) => {
    const row = Math.floor(i / cols);
    const inRow = row === rows - 1 ? n - row * cols : cols;
    const x0 = b.area.x + b.area.w / 2 - (inRow * w + (inRow - 1) * gap) / 2;
    return { x: x0 + (i - row * cols) * (w + gap), y: top + row * (h + gap), w, h };
  });
}

/** A choice card for a target: `art(box)` draws the picture, `label` is under it; a tap plays the target.
 * @param {Board} b */
export function card(b, c, box, target, label, art, { describe = "", note = "" } = {}) {
  const key = `card:${target ? target.action : label}`;
  const lit = target && (b.hinted === target.action || b.surface.isHovered(key));
  softPanel(c, box);
  if (lit) { roundRect(c, box.x, box.y, box.w, box.h, 14); c.strokeStyle = PALETTE.hint; c.lineWidth = 4; c.stroke(); }
  const labelH = Math.max(28, Math.min(34, box.h * 0.34)); // two lines of a long label (Ukrainian: Усі, крім одного)
  // who picked it: one line, or up to three when several players picked the same Whoopie (the youngest players' game)
  const noteStyle = { size: 11, colour: PALETTE.muted, minSize: 9 };
  const noteLines = note ? [1, 2, 3].find((lines) => textFits(c, note, { x: 0, y: 0, w: box.w - 8, h: lines * 11 }, { ...noteStyle, lines })) ?? 3 : 0;
  const noteH = note ? Math.max(14, box.h * 0.13, noteLines * 11) : 0;
  const artH = box.h - labelH - noteH - 4;
  if (artH >= 14) art({ x: box.x, y: box.y, w: box.w, h: artH }); // a low card (a crowded phone) is its words alone
  fitText(c, label, { x: box.x + 4, y: box.y + box.h - labelH - noteH - 4, w: box.w - 8, h: labelH }, { size: Math.min(16, Math.max(13, box.w / 6)), weight: 700, lines: 2, minSize: 10 });
  if (note) fitText(c, note, { x: box.x + 4, y: box.y + box.h - noteH - 3, w: box.w - 8, h: noteH }, { ...noteStyle, lines: noteLines });
  b.surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key, target, focusable: Boolean(target), describe,
    ...(target ? { label: words(b, target) } : {}) });
}

/** The stage: the throw, the die, the choices. Returns the prompt line for the footer.
 * @param {Board} b */
export function drawStage(b, c, v) {
  const now = performance.now();
  if (b.betterGrab && v.throw) { b.currentScreen = "better"; return drawBetterGrab(b, c, v, b.betterGrab); }
  // a catch stays on screen a moment, even after the round is settled
  if (b.hold && now < b.hold.until) {
    const run = b.grabs.get(b.hold.key);
    const thr = run && b.throws.get(run.round);
    if (run && thr) { b.currentScreen = "caught"; return drawRun(b, c, v, run, thr); }
  }
  if (v.phase === "grab" && v.throw) {
    b.throws.set(v.round, v.throw);
    const seat = activeHuman(b);
    if (seat !== null && b.table.viewer === seat) {
      const run = runOf(b, v, seat);
      if (run.stage === "pass") { b.currentScreen = "pass"; return drawPass(b, c, v, run); }
      if (run.stage === "countdown" && now < run.since) { b.currentScreen = "next"; return drawNext(b, c, v, run); }
      if (run.stage === "countdown") { b.currentScreen = "countdown"; return drawCountdown(b, c, v, run); }
      b.currentScreen = "grab";
      return drawRun(b, c, v, run, v.throw);
    }
    // nobody here is to grab: our own run is over (wait for the others), or only bots play
    const mine = [...b.grabs.values()].find((run) => run.key.startsWith(`${v.throw.key}/${v.round}/`) && run.start !== null);
    if (mine) { b.currentScreen = "waiting"; return drawRun(b, c, v, mine, v.throw); }
    if (!b.spectate || b.spectate.key !== v.throw.key) {
      b.spectate = { key: v.throw.key, start: now - clockOf(b, `throw ${v.round}/watch`) };
      b.animate();
    }
    b.currentScreen = "spectate";
    drawThrow(b, c, v.throw, now - b.spectate.start);
    return b.t("whoopies.prompt.bots_grab");
  }
  b.spectate = null;
  if (b.L.turned) { // between throws: the whole width, and the gems at the foot (no band holds them)
    const h = Math.ceil(b.table.players / 2) * 24 + 10;
    const box = { x: 8, y: b.L.stage.y + b.L.stage.h - h - 8, w: b.L.W - 16, h };
    drawGems(b, c, v, box, true);
    b.area = { x: 0, y: b.L.stage.y, w: b.L.W, h: b.L.stage.h - h - 12 };
  }
  // the short layout's band has no room for the prompt: it is a caption at the foot of the stage
  const caption = b.L.kind === "short" ? { x: b.L.stage.x, y: b.L.stage.y + b.L.stage.h - 46, w: b.L.stage.w, h: 46 } : null;
  if (caption) b.area = { ...b.area, h: b.area.h - caption.h };
  let y = b.area.y + 12;
  // a narrow stage where the person chooses or picks keeps room for the cards: the last round's headline only (its
  // rows are in the log; four players' rows pushed the Whoopies to pick over the gems' band on a 390 phone)
  const brief = b.L.narrow && ["choose", "pick", "own"].includes(v.phase) && activeHuman(b) !== null && plainTargets(b, "card").length + plainTargets(b, "creature").length > 0;
  if (showsResult(v)) y = drawResult(b, c, v, { x: b.area.x + 10, y, w: b.area.w - 20 }, brief) + 8;
  const mover = activeHuman(b);
  b.currentScreen = v.phase;
  const prompt = phaseScreen(b, c, v, y, mover);
  if (caption && prompt) {
    c.fillStyle = "rgba(29,35,56,0.88)";
    c.fillRect(caption.x, caption.y, caption.w, caption.h);
    fitText(c, prompt, { x: caption.x + 12, y: caption.y + 3, w: caption.w - 24, h: caption.h - 6 }, { size: 14, weight: 700, colour: "#ffffff", align: "left", lines: 2, minSize: 11 });
  }
  return prompt;
}

/** The stage between throws, by the phase: returns the prompt.
 * @param {Board} b */
function phaseScreen(b, c, v, y, mover) {
  switch (v.phase) {
    case "roll": return drawRoll(b, c, v, y, mover);
    case "choose": return drawChoose(b, c, v, y, mover);
    case "pick":
    case "own": return drawPick(b, c, v, y, mover);
    case "throw": return drawThrowButton(b, c, v, y, mover);
    case "steal": return drawSteal(b, c, v, y, mover);
    case "over": return drawOver(b, c, v, y);
    default: return "";
  }
}

/** Whether the stage shows the last round's result above the phase's screen. */
const showsResult = (v) => v.last && (v.last.round >= v.round - 1 || v.phase === "steal" || v.phase === "over");

/** The creatures in a row (the table before the throw), each described on hover and long press.
 * @param {Board} b */
function lineUp(b, c, v, cy) {
  const n = v.creatures.length;
  const gap = Math.min(140, (b.area.w - 20) / n);
  const size = Math.min(30, gap * 0.3);
  const x0 = b.area.x + b.area.w / 2 - ((n - 1) * gap) / 2;
  v.creatures.forEach((cr, i) => {
    const x = x0 + i * gap;
    drawCreature(c, cr, x, cy, size, 0, Math.PI * 0.75);
    fitText(c, cname(b, cr.name), { x: x - gap / 2 + 2, y: cy + size + 4, w: gap - 4, h: 20 }, { size: 13, weight: 700, colour: "#3a3040", minSize: 8 });
    b.surface.region({ circle: [x, cy, size + 6] }, { key: `line:${cr.name}`, focusable: false, describe: creatureWords(b, cr.name) });
  });
}

/** @param {Board} b */
function drawRoll(b, c, v, y, mover) {
  const bottom = b.area.y + b.area.h;
  const cy = Math.max(y + 60 * b.L.s * 2, b.area.y + b.area.h * 0.55);
  if (b.die && performance.now() - b.die.start < ms(DIE_MS)) return drawDieRolling(b, c, Math.min(cy, bottom - 70));
  const roll = targetOf(b, "die", "die");
  if (mover !== null && roll) {
    const size = b.L.compact ? 56 : 84;
    const bw = b.L.compact ? 150 : 180;
    const top = Math.min(cy - size / 2 - 20, bottom - size - 60);
    drawDie(c, 0, b.area.x + b.area.w / 2, top + size / 2, size, -0.15);
    const box = { x: b.area.x + b.area.w / 2 - bw / 2, y: top + size + 10, w: bw, h: 40 };
    button(c, box, b.t("whoopies.roll_button"), { hovered: b.surface.isHovered("roll"), focused: b.surface.isFocused("roll") });
    if (b.hinted === roll.action) focusHint(c, box);
    const whole = { x: box.x, y: top, w: bw, h: box.y + box.h - top };
    b.surface.region({ rect: [whole.x, whole.y, whole.w, whole.h] }, { key: "roll", target: roll, label: words(b, roll), describe: b.t("whoopies.about.die_unrolled") });
    return b.t("whoopies.prompt.roll");
  }
  lineUp(b, c, v, Math.min(cy, bottom - 60));
  return b.t("whoopies.prompt.wait_roll", named(b, v.roller));
}

function focusHint(c, box) {
  roundRect(c, box.x - 4, box.y - 4, box.w + 8, box.h + 8, 14);
  c.strokeStyle = PALETTE.hint;
  c.lineWidth = 4;
  c.stroke();
}

/** @param {Board} b */
function drawDieRolling(b, c, cy) {
  b.currentScreen = "rolling";
  const p = Math.min(1, (performance.now() - b.die.start) / ms(DIE_MS));
  const face = p < 1 ? 1 + Math.floor((performance.now() / 80) % 6) : b.die.face;
  const x = b.area.x + b.area.w / 2 - 200 * b.L.s * (1 - p) ** 2;
  const bounce = Math.abs(Math.sin(p * Math.PI * 3)) * 60 * b.L.s * (1 - p);
  drawDie(c, face, x, cy - bounce, b.L.compact ? 60 : 96, (1 - p) * 7);
  return b.t("whoopies.prompt.rolling");
}

/** @param {Board} b */
function drawChoose(b, c, v, y, mover) {
  if (b.die && performance.now() - b.die.start < ms(DIE_MS)) return drawDieRolling(b, c, b.area.y + b.area.h * 0.5);
  const dieSize = b.L.compact ? 36 : 60;
  const top = Math.max(y, b.area.y + (b.L.compact ? 8 : 40));
  drawDie(c, v.face, b.area.x + b.area.w / 2, top + dieSize / 2, dieSize);
  title(b, c, b.t(`whoopies.face.${v.face}`), top + dieSize + (b.L.compact ? 12 : 20), b.L.compact ? 15 : 18);
  const cards = [...plainTargets(b, "card"), ...plainTargets(b, "creature")];
  const row = top + dieSize + (b.L.compact ? 26 : 46);
  if (mover === null || !cards.length) {
    lineUp(b, c, v, Math.min(row + 60, b.area.y + b.area.h - 60));
    return b.t("whoopies.prompt.wait_choose", named(b, v.roller));
  }
  const label = (target) => {
    const id = target.thing.id;
    return target.thing.kind === "creature" ? cname(b, id) : v.action ? colourLabel(b, id) : b.t(`whoopies.face.${FACES[id]}`);
  };
  const boxes = cardRow(b, cards.length, row, { labels: cards.map(label) });
  cards.forEach((target, i) => {
    const box = boxes[i];
    const id = target.thing.id;
    if (target.thing.kind === "creature") {
      card(b, c, box, target, cname(b, id), (art) => drawCreature(c, creatureOf(b, id), art.x + art.w / 2, art.y + art.h / 2 + 4, Math.min(34, art.w * 0.3, art.h * 0.36), 0, Math.PI * 0.75),
        { describe: `${creatureWords(b, id)}. ${b.t(`whoopies.about.action.${v.action}`)}` });
    } else if (v.action) {
      card(b, c, box, target, colourLabel(b, id), (art) => drawSwatch(c, id, art.x + art.w / 2, art.y + art.h / 2 + 4, Math.min(34, art.w * 0.3, art.h * 0.36), { puff: v.action === "puff" }),
        { describe: b.t(`whoopies.about.action.${v.action}`) });
    } else { // the joker: the five actions, each shown by its die face
      card(b, c, box, target, b.t(`whoopies.face.${FACES[id]}`), (art) => drawDie(c, FACES[id], art.x + art.w / 2, art.y + art.h / 2 + 4, Math.min(56, art.w * 0.5, art.h * 0.7)),
        { describe: b.t(`whoopies.about.action.${id}`) });
    }
  });
  return b.t(v.action ? `whoopies.prompt.choose_${v.action}` : "whoopies.prompt.joker");
}

/** @param {Board} b */
function drawPick(b, c, v, y, mover) {
  const top = Math.max(y + 6, b.area.y + (b.L.compact ? 8 : 120));
  // a narrow stage's band below says the same words (the prompt): its room goes to the cards
  if (!b.L.narrow) title(b, c, b.t(v.phase === "own" ? "whoopies.pick_own_title" : "whoopies.pick_title"), top + 12, b.L.compact ? 15 : 20);
  const boxes = cardRow(b, v.creatures.length, b.L.narrow ? top : top + 34, { maxH: 170, labels: v.creatures.map((cr) => cname(b, cr.name)) });
  v.creatures.forEach((cr, i) => {
    const pickers = v.picks.map((p, s) => (p === cr.name ? b.host.seatName(s) : null)).filter(Boolean).join(", ");
    const target = mover !== null ? targetOf(b, "creature", cr.name) : null;
    card(b, c, boxes[i], target, cname(b, cr.name), (art) => drawCreature(c, cr, art.x + art.w / 2, art.y + art.h / 2 + 4, Math.min(34, art.w * 0.3, art.h * 0.36), 0, Math.PI * 0.75),
      { describe: creatureWords(b, cr.name), note: pickers });
  });
  if (mover !== null && (view(b).targets || []).length) {
    return pickPrompt(b, v, mover);
  }
  return b.t("whoopies.prompt.wait_pick");
}

/** @param {Board} b */
function drawThrowButton(b, c, v, y, mover) {
  const top = Math.max(y + 10, b.area.y + b.area.h * (b.L.compact ? 0.12 : 0.3));
  // the youngest players' die goes straight from the roll to the throw: show it landing
  if (b.die && performance.now() - b.die.start < ms(DIE_MS)) return drawDieRolling(b, c, b.area.y + b.area.h * 0.5);
  title(b, c, targetText(b, v, mover ?? b.table.viewer), top + 14, b.L.compact ? 17 : 22);
  if (v.joker) title(b, c, b.t("whoopies.double"), top + 44, 15, "#8a1020");
  const throwTarget = plainTargets(b, "button").find((tg) => tg.action === "throw");
  if (mover !== null && throwTarget) {
    const box = { x: b.area.x + b.area.w / 2 - 100, y: Math.min(top + 70, b.area.y + b.area.h - 66), w: 200, h: 52 };
    button(c, box, b.t("whoopies.throw_button"), { size: 18, hovered: b.surface.isHovered("throw"), focused: b.surface.isFocused("throw") });
    if (b.hinted === throwTarget.action) focusHint(c, box);
    b.surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key: "throw", target: throwTarget, label: words(b, throwTarget) });
    return b.t("whoopies.prompt.throw");
  }
  return b.t("whoopies.prompt.wait_throw", named(b, v.roller));
}

/** @param {Board} b */
function drawSteal(b, c, v, y, mover) {
  const stealer = v.steal ? v.steal.seat : null;
  const victims = plainTargets(b, "player");
  if (mover === null || mover !== stealer || !victims.length) return b.t("whoopies.prompt.wait_steal", named(b, stealer));
  const top = Math.max(y + 6, b.area.y + (b.L.compact ? 8 : 200));
  title(b, c, b.t("whoopies.steal_title", { n: v.steal.gems }), top + 12, b.L.compact ? 15 : 20);
  const boxes = cardRow(b, victims.length, top + 34, { maxW: 150, maxH: 84 });
  victims.forEach((target, i) => {
    const seat = target.params.seat;
    const box = boxes[i];
    card(b, c, box, target, b.host.seatName(seat), (art) => {
      gem(c, art.x + art.w / 2 - 12, art.y + art.h / 2 + 4, Math.min(18, art.h * 0.6), "blue");
      fitText(c, String(v.gems[seat]), { x: art.x + art.w / 2, y: art.y, w: art.w / 2 - 4, h: art.h + 8 }, { size: 16, weight: 700, align: "left" });
    }, { describe: b.t("whoopies.gems_held", { ...named(b, seat), n: v.gems[seat] }) });
  });
  return b.t("whoopies.prompt.steal");
}

/** @param {Board} b */
function drawOver(b, c, v, y) {
  const names = v.winners.map((s) => b.host.seatName(s)).join(" & ");
  const top = Math.max(y + 20, b.area.y + b.area.h * 0.3);
  title(b, c, b.t("whoopies.over_title", { names }), top, b.L.compact ? 18 : 24);
  lineUp(b, c, v, Math.min(top + 100 * (b.L.compact ? 0.7 : 1), b.area.y + b.area.h - 50));
  return b.t("whoopies.target.over");
}

/** The last round in words, at the top of the stage: what each player caught and what it cost or won. Returns
 * the bottom of what it drew.
 * @param {Board} b */
function drawResult(b, c, v, { x, y, w }, brief = false) {
  const last = v.last;
  const rows = brief ? [] : last.grabs;
  // a narrow stage: the gems a row won or lost end its words, on up to three lines across the panel beside the
  // Whoopie's body and puff (one above the other); a row whose words need more (a colour call's trap, with misses and
  // gems, in Ukrainian) gets five lines
  const narrow = b.L.narrow;
  const changeW = narrow ? 0 : 96;
  const textX = narrow ? 32 : 46;
  const textW = w - textX - 10 - (narrow ? 0 : changeW + 8);
  const style = { size: 13, align: "left", lines: narrow ? 3 : 2, minSize: 10 };
  const tall = { ...style, lines: 5 };
  const texts = rows.map((row) => {
    let text = outcomeText(b, row, last);
    if (row.misses) text += ` ${b.t("whoopies.misses", { n: row.misses })}`;
    return narrow ? `${text} (${gemsText(b, row.gems)})` : text;
  });
  const stolen = last.stolen && !brief
    ? b.t("whoopies.result.stolen", { ...named(b, last.winner), ...named(b, last.stolen.from, "victim"), n: last.stolen.gems }) : "";
  const rowH = narrow ? 46 : 32;
  const heightOf = (text) => (narrow && !textFits(c, text, { x: 0, y: 0, w: textW, h: rowH }, style) ? 62 : rowH);
  const heights = texts.map(heightOf);
  const stolenH = stolen ? heightOf(stolen) : 0;
  const winner = last.winner;
  const head = winner === null || winner === undefined ? b.t("whoopies.result.nobody", { n: last.round })
    : b.t("whoopies.result.winner", { n: last.round, ...named(b, winner) });
  const headStyle = { size: 15, weight: 700, align: "left", lines: 2, minSize: 11 };
  // the table's own width on a phone upright (the next throw's screen): a headline may need a third line
  const headTall = narrow && !textFits(c, head, { x: 0, y: 0, w: w - 24, h: 40 }, headStyle);
  const headH = headTall ? 56 : narrow ? 40 : 24;
  const h = headH + 10 + heights.reduce((sum, one) => sum + one, 0) + stolenH + 6;
  softPanel(c, { x, y, w, h });
  fitText(c, head, { x: x + 12, y: y + 6, w: w - 24, h: headH }, { ...headStyle, lines: headTall ? 3 : 2 });
  let ry = y + headH + 8;
  rows.forEach((row, i) => {
    const rh = heights[i];
    const change = row.gems;
    if (!narrow) {
      fitText(c, gemsText(b, change), { x: x + w - 12 - changeW, y: ry, w: changeW, h: rh }, { size: 13, weight: 700, align: "right", minSize: 10,
        colour: change > 0 ? "#16803c" : change < 0 ? "#b3261e" : PALETTE.muted });
    }
    if (row.creature) {
      const cr = creatureOf(b, row.creature);
      if (narrow) {
        drawSwatch(c, cr.body, x + 17, ry + rh / 2 - 8, 7);
        drawSwatch(c, cr.puff, x + 17, ry + rh / 2 + 9, 6, { puff: true });
      } else {
        drawSwatch(c, cr.body, x + 20, ry + rh / 2, 7);
        drawSwatch(c, cr.puff, x + 34, ry + rh / 2, 6, { puff: true });
      }
    }
    fitText(c, texts[i], { x: x + textX, y: ry, w: textW, h: rh }, rh > rowH ? tall : style);
    ry += rh;
  });
  if (stolen) fitText(c, stolen, { x: x + textX, y: ry, w: narrow ? textW : w - textX - 12, h: stolenH }, stolenH > rowH ? tall : style);
  return y + h;
}

/** @param {Board} b */
function drawNext(b, c, v, run) {
  let y = b.area.y + 14;
  if (v.last && v.last.round === v.round - 1) y = drawResult(b, c, v, { x: b.area.x + 10, y, w: b.area.w - 20 });
  const top = Math.max(y + 30, b.area.y + b.area.h * 0.4);
  title(b, c, b.t("whoopies.next_throw"), top, 15, PALETTE.muted);
  title(b, c, targetText(b, v, run.seat), top + 32, b.L.compact ? 17 : 22);
  if (v.joker) title(b, c, b.t("whoopies.double"), top + 60, 15, "#8a1020");
  return b.t("whoopies.prompt.get_ready");
}

/** Several people at one device: the kit's pass-the-device cover over the stage, until the next person is ready
 * (its one button; nothing under it can be reached).
 * @param {Board} b */
function drawPass(b, c, v, run) {
  const box = { x: 6, y: b.area.y + 6, w: b.L.W - 12, h: b.area.h - 12 }; // the board's whole width: long words
  b.surface.passScreen(c, box, { name: b.host.seatName(run.seat), value: "ready", title: b.t("whoopies.pass_device", named(b, run.seat)),
    note: b.t("whoopies.pass_hint"), button: b.t("whoopies.ready_button", named(b, run.seat)) });
  return b.t("whoopies.prompt.pass", named(b, run.seat));
}

/** @param {Board} b */
function drawCountdown(b, c, v, run) {
  const left = ms(leadInMs(b)) - (performance.now() - run.since);
  const n = Math.max(1, Math.ceil(left / (leadInMs(b) / 3)));
  const w = Math.min(580, b.area.w - 20);
  const h = Math.min(260, b.area.h - 20);
  const box = { x: b.area.x + b.area.w / 2 - w / 2, y: b.area.y + b.area.h / 2 - h / 2, w, h };
  softPanel(c, box);
  fitText(c, targetText(b, v, run.seat), { x: box.x + 14, y: box.y + 10, w: w - 28, h: h * 0.26 }, { size: b.L.compact ? 18 : 24, weight: 700, lines: 2, minSize: 10 });
  if ((v.action === "colour" || v.action === "puff") && v.value) {
    drawSwatch(c, v.value, box.x + w / 2, box.y + h * 0.46, Math.min(30, h * 0.12), { puff: v.action === "puff" });
  }
  if (v.joker) fitText(c, b.t("whoopies.double"), { x: box.x + 10, y: box.y + h * 0.58, w: w - 20, h: h * 0.12 }, { size: 15, weight: 700, colour: "#8a1020" });
  fitText(c, String(n), { x: box.x, y: box.y + h * 0.7, w, h: h * 0.28 }, { size: b.L.compact ? 34 : 44, weight: 700, colour: "#2459c7" });
  return b.t("whoopies.prompt.get_ready");
}
