// @ts-check
// The throw played back: Python's frames (view.throw.paths) interpolated by the engine's rule, drawn turned with
// the table, each body and ball registered where it is drawn now (targets() follows them); a review's better grab
// held still at its moment; and the words of a grab at a point.
import { fitText, font, PALETTE, roundRect } from "../kit.js";
import { drawBall, drawCord, drawCreature } from "./art.js";
import { creatureOf, targetOf } from "./board.js";
import { currentRun, throwMs } from "./grab.js";
import { ballRadius, intoThrow, toBoard } from "./layout.js";
import { callText, cname, creatureWords, secondsText, words } from "./words.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./board.js").Run} Run */

/** A grab as data (Python's State.move_data, the bridge's `move`): a point of the table and the throw's clock.
 * @typedef {{kind: "grab", x: number, y: number, ms: number}} GrabMove */

/** Position on a path of frames at `ms`, interpolated linearly; after its last frame a path stays there (the
 * engine's rule: a path in the view stops where its creature rests). The one interpolation of the page: the
 * guided game (web/learn.js) follows the throw with it too. Where a hand catches is decided by Python alone. */
export function at(frames, ms, frameMs) {
  const last = frames.length - 1;
  if (ms >= last * frameMs) return frames[last];
  const t = Math.max(0, ms);
  const index = Math.floor(t / frameMs);
  const part = (t - index * frameMs) / frameMs;
  const a = frames[index];
  const b = frames[index + 1];
  return a.map((value, i) => value + (b[i] - value) * part);
}

/** Every body and ball of `thr` at `ms`, in the throw's units. */
function scene(thr, when) {
  return thr.order.map((name) => {
    const path = thr.paths[name];
    const [bx, by, turn] = at(path.body, when, thr.frame_ms);
    const [lx, ly] = at(path.ball, when, thr.frame_ms);
    return { name, bx, by, turn: turn / 1000, lx, ly };
  });
}

/** Draw the throw at `when` ms; with `grabbing`, register where each body and ball is drawn now, with the grab
 * targets Python gave for it (the balls on top, as the engine's hit-test has them).
 * @param {Board} b */
export function drawThrow(b, c, thr, when, { marks = [], caught = null, dim = false, grabbing = false } = {}) {
  const items = scene(thr, when);
  const r = thr.body_radius;
  const ballR = ballRadius(b, thr.ball_radius, thr.ball_hit_radius);
  c.save();
  intoThrow(b, c);
  for (const it of items) { // shadows on the table
    const lift = Math.max(0, thr.floor - (it.by + r));
    c.beginPath();
    c.ellipse(it.bx, thr.floor + 2, r * (1 - Math.min(0.5, lift / 600)), 7, 0, 0, Math.PI * 2);
    c.fillStyle = `rgba(40,25,10,${0.28 - Math.min(0.2, lift / 1500)})`;
    c.fill();
  }
  for (const it of items) {
    const toward = Math.atan2(it.ly - it.by, it.lx - it.bx);
    drawCreature(c, creatureOf(b, it.name), it.bx, it.by, r, it.turn, toward, { ghost: dim });
    if (caught && caught.creature === it.name && caught.part === "body") ring(c, it.bx, it.by, r + 6);
  }
  for (const it of items) {
    const toward = Math.atan2(it.ly - it.by, it.lx - it.bx);
    drawCord(c, it.bx + Math.cos(toward) * r * 1.2, it.by + Math.sin(toward) * r * 1.2, it.lx, it.ly, thr.cord - r * 0.2);
  }
  for (const it of items) {
    const glow = caught && caught.creature === it.name && caught.part === "tail" ? "rgba(255,220,60,0.85)" : null;
    drawBall(c, it.lx, it.ly, ballR, glow);
  }
  for (const mark of marks) {
    const age = performance.now() - mark.at;
    if (age > 900) continue;
    c.beginPath();
    c.arc(mark.x, mark.y, 8 + age / 30, 0, Math.PI * 2);
    c.strokeStyle = `rgba(255,255,255,${1 - age / 900})`;
    c.lineWidth = 3;
    c.stroke();
    c.beginPath();
    c.arc(mark.x, mark.y, 5, 0, Math.PI * 2);
    c.fillStyle = `rgba(30,30,30,${1 - age / 900})`;
    c.fill();
  }
  c.restore();
  // the regions: the table, then each body in drawing order, then each ball (a ball lies on top)
  if (grabbing) b.surface.region({ rect: [b.L.stage.x, b.L.stage.y, b.L.stage.w, b.L.stage.h] }, { key: "table", value: "table", focusable: false });
  for (const it of items) {
    const body = toBoard(b, it.bx, it.by);
    const target = grabbing ? targetOf(b, "creature", it.name, "whoopies.describe.grab_body") : null;
    b.surface.region({ circle: [body.x, body.y, r * b.L.s] }, { key: `body:${it.name}`, value: { creature: it.name }, target, focusable: Boolean(target),
      describe: `${creatureWords(b, it.name)}. ${b.t("whoopies.about.body")}`, ...(target ? { label: words(b, target) } : {}) });
  }
  for (const it of items) {
    const ball = toBoard(b, it.lx, it.ly);
    const target = grabbing ? targetOf(b, "creature", it.name, "whoopies.describe.grab_ball") : null;
    b.surface.region({ circle: [ball.x, ball.y, thr.ball_hit_radius * b.L.s] }, { key: `ball:${it.name}`, value: { creature: it.name }, target,
      focusable: Boolean(target), describe: b.t("whoopies.about.ball", { whoopie: cname(b, it.name) }), ...(target ? { label: words(b, target) } : {}) });
  }
  // names on request (N or the Aa button), and the one under the pointer
  const near = b.surface.hovered && b.surface.hovered.value && b.surface.hovered.value.creature ? b.surface.hovered.value.creature : null;
  const placed = [];
  for (const it of [...items].sort((a, b) => a.bx - b.bx)) {
    const full = near === it.name;
    if (!b.showNames && !full) continue;
    const text = full ? creatureWords(b, it.name) : cname(b, it.name);
    // as wide as the words need (a long Ukrainian description wraps onto a second line)
    c.font = font(13, 700);
    const wanted = c.measureText(text).width + 16;
    const w = Math.min(b.L.stage.w - 8, Math.max(full ? 120 : 60, wanted));
    const h = wanted > w ? 38 : 22;
    const p = toBoard(b, it.bx, it.by - r - 16);
    let y = p.y;
    while (placed.some((q) => Math.abs(q.y - y) < h && q.x < p.x + w / 2 && q.x + q.w > p.x - w / 2)) y -= h + 2;
    const x = Math.min(b.L.stage.x + b.L.stage.w - w - 4, Math.max(b.L.stage.x + 4, p.x - w / 2));
    y = Math.max(b.L.stage.y + 2, y - h / 2);
    placed.push({ x, w, y });
    roundRect(c, x, y, w, h, 8);
    c.fillStyle = "rgba(20,24,35,0.85)";
    c.fill();
    fitText(c, text, { x: x + 6, y, w: w - 12, h }, { size: 13, weight: 700, colour: "#ffffff", minSize: 8, lines: 2 });
  }
}

export function ring(c, x, y, r) {
  c.beginPath();
  c.arc(x, y, r, 0, Math.PI * 2);
  c.strokeStyle = "rgba(255,220,60,0.95)";
  c.lineWidth = 5;
  c.stroke();
}

/** The throw held still at a grab's moment, with a ring where the hand closes and its time beside it: a better
 * move of a review (showHint), drawn until the next draw.
 * @param {Board} b */
export function drawBetterGrab(b, c, v, grab) {
  const thr = v.throw;
  drawThrow(b, c, thr, grab.ms);
  const p = toBoard(b, grab.x, grab.y);
  const r = Math.max(14, thr.ball_hit_radius * b.L.s + 6);
  c.save();
  c.beginPath();
  c.arc(p.x, p.y, r, 0, Math.PI * 2);
  c.strokeStyle = "rgba(20,24,35,0.55)";
  c.lineWidth = 8;
  c.stroke();
  c.strokeStyle = PALETTE.hint;
  c.lineWidth = 4;
  c.stroke();
  c.beginPath();
  c.arc(p.x, p.y, 3.5, 0, Math.PI * 2);
  c.fillStyle = PALETTE.hint;
  c.fill();
  c.restore();
  // the time, beside the ring where the table has room (else on the other side)
  const words = b.t("whoopies.better_time", { seconds: secondsText(grab.ms) });
  c.font = font(14, 700);
  const w = c.measureText(words).width + 16;
  const h = 24;
  const right = p.x + r + 6 + w <= b.L.stage.x + b.L.stage.w - 4;
  const x = right ? p.x + r + 6 : Math.max(b.L.stage.x + 4, p.x - r - 6 - w);
  const y = Math.min(b.L.stage.y + b.L.stage.h - h - 4, Math.max(b.L.stage.y + 4, p.y - h / 2));
  if (w <= b.L.stage.w - 8) {
    roundRect(c, x, y, w, h, 8);
    c.fillStyle = "rgba(20,24,35,0.85)";
    c.fill();
    fitText(c, words, { x: x + 6, y, w: w - 12, h }, { size: 14, weight: 700, colour: PALETTE.hint, minSize: 10 });
  }
  // the 10 s window, as far as the grab's moment
  const bar = { x: b.L.stage.x + 20, y: b.L.stage.y + 8, w: b.L.stage.w - 40, h: 8 };
  roundRect(c, bar.x, bar.y, bar.w, bar.h, 4);
  c.fillStyle = "rgba(0,0,0,0.12)";
  c.fill();
  roundRect(c, bar.x, bar.y, bar.w * Math.max(0, 1 - grab.ms / thr.window_ms), bar.h, 4);
  c.fillStyle = "#4c8df6";
  c.fill();
  return grabWords(b, thr, grab);
}

/** @param {Board} b */
export function drawRun(b, c, v, run, thr) {
  const when = run.start === null ? 0 : Math.min(throwMs(run), thr.window_ms);
  if (run.caught) run.restMs = thr.rest_ms;
  const grabbing = run === currentRun(b) && v.throw === thr;
  drawThrow(b, c, thr, when, { marks: run.marks, caught: run.caught, grabbing });
  // the 10 s window
  const frac = Math.min(1, when / thr.window_ms);
  const bar = { x: b.L.stage.x + 20, y: b.L.stage.y + 8, w: b.L.stage.w - 40, h: 8 };
  roundRect(c, bar.x, bar.y, bar.w, bar.h, 4);
  c.fillStyle = "rgba(0,0,0,0.12)";
  c.fill();
  if (!run.caught && !run.passed) {
    roundRect(c, bar.x, bar.y, bar.w * (1 - frac), bar.h, 4);
    c.fillStyle = frac > 0.8 ? "#d9534f" : "#4c8df6";
    c.fill();
  }
  if (run.flash && performance.now() - run.flash.at < (run.caught ? 4000 : 900)) {
    const w = Math.min(b.L.stage.w - 20, 460);
    const box = { x: b.L.stage.x + b.L.stage.w / 2 - w / 2, y: b.L.stage.y + 24, w, h: 38 };
    roundRect(c, box.x, box.y, box.w, box.h, 12);
    c.fillStyle = run.caught ? "rgba(22,128,60,0.92)" : "rgba(40,40,50,0.85)";
    c.fill();
    fitText(c, run.flash.words(), { x: box.x + 10, y: box.y, w: box.w - 20, h: box.h }, { size: 20, weight: 700, colour: "#ffffff", minSize: 9 });
  }
  if (run.caught) return b.t("whoopies.prompt.caught_wait");
  if (run.passed) return b.t("whoopies.prompt.time_up");
  return callText(b, v, run.seat);
}

/** Words for an action: its target's words (the Hint button's: never a grab, there are no hints in a grab); a
 * grab at a point (a review's better move, given as data: `move`), the creature whose ball is drawn there then,
 * and the time. No action text is read here.
 * @param {Board} b @param {Record<string, any>} v @param {string} action @param {GrabMove | null} [move] */
export function describe(b, v, action, move = null) {
  if (move && move.kind === "grab" && v && v.throw) return grabWords(b, v.throw, move);
  const targets = (v && v.targets) || [];
  const found = targets.find((tg) => tg.action === action && !tg.timed);
  return found ? words(b, found) : String(action);
}

/** A grab at a point in words: the creature whose ball is drawn there then (the nearest), and the time.
 * @param {Board} b @param {GrabMove} grab */
function grabWords(b, thr, grab) {
  const name = ballNear(thr, grab.x, grab.y, grab.ms);
  const seconds = secondsText(grab.ms);
  return name ? b.t("whoopies.describe.grab_ball_at", { whoopie: cname(b, name), seconds })
    : b.t("whoopies.describe.grab_point_at", { seconds });
}

/** The creature whose ball is drawn within reach of (x, y) at `when` on the throw `thr` (the nearest), or null:
 * the words of a point, as the drawing shows it (what a hand there catches is Python's to say). */
function ballNear(thr, x, y, when) {
  let best = null;
  let bestD = thr.ball_hit_radius ** 2;
  for (const it of scene(thr, when)) {
    const d = (it.lx - x) ** 2 + (it.ly - y) ** 2;
    if (d <= bestD) { best = it.name; bestD = d; }
  }
  return best;
}
