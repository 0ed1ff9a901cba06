// @ts-check
// Whoopies renderer: the die, the roller's choice, the throw and the grab, drawn from view() on the renderer kit.
// What can be played comes from view.targets (py/gamebox/whoopies/views.py): the die, a choice card, a creature,
// a player or a button. The throw is Python's simulation (view.throw.paths): the renderer plays those frames back,
// interpolated linearly, from the moment the animation starts, and registers each frame where every ball and body
// is drawn, so targets() says where they are now. A grab is the one move a person builds (grab.js grabIntent): the
// point of the table the hand closed on in the throw's 800×520 units and the throw's clock, sent as an intent;
// Python writes it as `grab <x>,<y> @<ms>`, hit-tests it and settles the round. Other seats' grabs are never
// shown during a grab (they are in history; history is not drawn). In a replay (a review's position) showHint of a
// grab at a point, the review's better move, holds the throw still at its moment with a ring where the hand closes.
//
// The parts, by concern: layout.js (the bands and the table for a box, the turned table's transform), art.js (the
// creatures, balls, swatches and the die), throw.js (the throw played back), grab.js (each seat's run through a
// throw, a hand closing), screens.js (the stage by phase), bands.js (around the table), words.js, voice.js;
// board.js holds what they share (the Board). This file wires them: create(), draw, input and the Renderer.
// It stands on kit v2: the kit's one paint loop paints (paint: render), its clock ticks while something moves (the
// die, a countdown, a throw, a catch held on screen), its ResizeObserver lays the board out again, and the table is
// the session's (host.table(), read at paint time): the board keeps no copy.
import { Surface } from "../kit.js";
import { COLOURS } from "./art.js";
import { drawFooter, drawGems, drawHeader, drawTableBackground } from "./bands.js";
import { activeHuman, humans, ms, plainTargets, reducedMotion, view } from "./board.js";
import { currentRun, grabAt, grabKey, HOLD_MS, needsFrames, passRun, startCountdown, throwMs, tick } from "./grab.js";
import { ballRadius, fit, layoutFor, onTable } from "./layout.js";
import { drawStage } from "./screens.js";
import { describe } from "./throw.js";
import { promptVoice, readMuted, say, toggleMute } from "./voice.js";
import { cname, gemsText, outcomeText, words } from "./words.js";

/** @typedef {import("./board.js").Board} Board */

const RESULT_MS = 3800; // a round's result stays readable this long before the next throw's countdown

/** @param {HTMLCanvasElement} canvas @param {import("../../host.js").RendererHost} host
 * @returns {import("../../host.js").Renderer} */
export function create(canvas, host) {
  const L = layoutFor(800, 800, 2);
  let alive = true;
  /** @type {(() => void) | null} */
  let stopTicking = null;
  /** grabs given as data (the bridge's `move`) by the action they are: a review's better grab, drawn and worded
   * @type {Map<string, import("./throw.js").GrabMove>} */
  const moves = new Map();
  /** @type {Board} */
  const b = {
    canvas, host, t: host.t, surface: null, L, area: L.stage, muted: readMuted(), showNames: false,
    hinted: null, betterGrab: null, die: null, grabs: new Map(), spectate: null, hold: null,
    throws: new Map(), speakPhase: "", resultUntil: 0, lastPrompt: "", currentScreen: "", headline: "",
    animate,
    get table() { return alive ? host.table() : null; },
  };
  const surface = new Surface(canvas, host, { width: L.W, height: L.H, onTap: (region, point, event) => tap(region, point, event),
    paint, onResize: () => { if (b.table) fit(b); }, onKey: key, onPress: (point) => press(point) });
  b.surface = surface;

  /** The one paint of the board: the kit's loop calls it when something changed, on every frame while it ticks. */
  function paint() {
    if (!b.table) return;
    fit(b);
    const c = surface.context;
    const v = view(b);
    surface.begin();
    c.clearRect(0, 0, b.L.W, b.L.H);
    drawTableBackground(b, c);
    if (b.L.gems) drawGems(b, c, v, b.L.gems, false);
    const prompt = drawStage(b, c, v);
    const run = currentRun(b);
    const pass = run ? plainTargets(b, "button").find((tg) => tg.action === "pass") : null;
    drawHeader(b, c, v, prompt, pass);
    if (b.L.foot) drawFooter(b, c, prompt, pass);
    surface.drawFocus();
    canvas.dataset.screen = b.currentScreen;
    // where the table is (board units; tests map a page point to the throw's units with it)
    canvas.dataset.table = JSON.stringify({ kind: b.L.kind, x: b.L.stage.x, y: b.L.stage.y, s: b.L.s, turned: b.L.turned,
      ball: ballRadius(b) * b.L.s, body: (v.throw ? v.throw.body_radius : 42) * b.L.s });
    const label = prompt && prompt !== b.headline ? `${b.headline}. ${prompt}` : b.headline;
    if (label !== b.lastPrompt) {
      b.lastPrompt = label;
      canvas.setAttribute("aria-label", `${b.t("board.label", { game: b.t("game.whoopies.title") })}: ${label}`);
    }
  }

  /** The kit's clock ticks while something moves (the die, a countdown, a throw, a catch held on screen): the
   * countdown ends and the grab window closes in tick(); it stops once nothing moves. */
  function animate() {
    if (stopTicking || !alive) return;
    stopTicking = surface.tick(() => {
      tick(b);
      if (!needsFrames(b)) { stopTicking?.(); stopTicking = null; }
    });
  }

  // ------------------------------------------------------------ input
  /** A tap (a click, a touch, or Enter on the focused region). During one's grab, a hand closing on the table:
   * the pointerdown already grabbed there; Enter grabs at the focused ball or body. Else the region's target. */
  function tap(region, point, event) {
    if (!b.table) return;
    const run = currentRun(b);
    if (run && point && onTable(b, point)) {
      if (event && event.type === "click") return; // the hand closed at pointerdown
      grabAt(b, run, point);
      return;
    }
    if (!region) return;
    if (region.value === "mute") { toggleMute(b); return; }
    if (region.value === "names") { b.showNames = !b.showNames; surface.invalidate(); return; }
    if (region.value === "ready") {
      const seat = activeHuman(b);
      const ready = seat !== null ? b.grabs.get(grabKey(b, view(b), seat)) : null;
      if (ready && ready.stage === "pass") startCountdown(b, ready);
      surface.invalidate();
      return;
    }
    if (region.target && !region.target.timed) {
      if (region.target.action === "pass" && run) { passRun(b, run); return; }
      const seat = activeHuman(b);
      if (seat === null) return;
      b.hinted = null;
      host.act(region.target.action, seat);
    }
  }

  /** A grab is a reaction: the hand closes when the finger or button goes down, not when it comes up (the kit's
   * onPress; no tap follows it). @param {{x: number, y: number}} point */
  function press(point) {
    const run = currentRun(b);
    if (!run || !onTable(b, point)) return false;
    grabAt(b, run, point);
    return true;
  }

  /** The board's own keys (before the kit's arrows, Enter and Space): true when the key was one of them.
   * @param {KeyboardEvent} event */
  function key(event) {
    if (!b.table) return false;
    const pressed = event.key;
    if (pressed === "m" || pressed === "M") { toggleMute(b); return true; }
    if (pressed === "n" || pressed === "N") { b.showNames = !b.showNames; return true; }
    if (pressed === "p" || pressed === "P") {
      const run = currentRun(b);
      if (run) passRun(b, run);
      return Boolean(run);
    }
    if (/^[1-9]$/.test(pressed)) { // a digit taps the n-th choice card
      const cards = surface.regions.filter((region) => region.key.startsWith("card:") && region.target);
      const chosen = cards[Number(pressed) - 1];
      if (!chosen) return false;
      const [x, y, w, h] = chosen.shape.rect;
      surface.focusedKey = chosen.key;
      surface.lastPoint = { x: x + w / 2, y: y + h / 2 };
      tap(chosen, surface.lastPoint, event);
      return true;
    }
    if (pressed === "Escape" && b.hinted) { b.hinted = null; return true; }
    return false;
  }

  /** A review's better grab, drawn on the still throw (a replay is watched, never played). @param {import("./throw.js").GrabMove} move */
  function showBetterGrab(move) {
    b.betterGrab = { x: move.x, y: move.y, ms: move.ms };
    canvas.dataset.hint = "grab";
    surface.invalidate();
  }

  return {
    /** The running grab's clock (ms since the throw started, as this board runs it); null outside a grab. */
    clockMs() {
      const v = b.table && b.table.view;
      const seat = host.humanSeat();
      if (!v || v.phase !== "grab" || seat === null) return null;
      const run = b.grabs.get(grabKey(b, v, seat));
      return run && run.start !== null ? throwMs(run) : null;
    },
    draw(next, previous, { animate: animated = true } = {}) {
      const v = next.view;
      if (previous && animated && previous.view.phase === "roll" && v.face && v.round === previous.view.round && !reducedMotion()) {
        b.die = { start: performance.now(), face: v.face };
        b.speakPhase = "";
      }
      // a fresh result: say the viewer's line
      if (previous && v.last && previous.view.phase === "grab" && v.last.round === previous.view.round) {
        b.resultUntil = performance.now() + ms(HOLD_MS + RESULT_MS);
        const me = next.viewer ?? humans(b)[0];
        const row = v.last.grabs.find((g) => g.seat === me);
        if (row) say(b, `${outcomeText(b, row, v.last)} ${gemsText(b, row.gems)}`);
      }
      b.hinted = null;
      if (b.betterGrab) { b.betterGrab = null; canvas.dataset.hint = ""; }
      // forget runs of earlier throws
      for (const runKey of b.grabs.keys()) {
        if (b.grabs.get(runKey).round !== v.round && !(b.hold && b.hold.key === runKey && performance.now() < b.hold.until)) b.grabs.delete(runKey);
      }
      for (const round of b.throws.keys()) if (round < v.round - 1) b.throws.delete(round);
      promptVoice(b, v);
      surface.invalidate();
      animate();
    },
    keydown: (event) => { if (surface.keydown(event)) event.preventDefault(); },
    showHint(action, move) {
      // A replay's grab (a review's better move) has no target to light: a ring on the throw, held still at its
      // moment, drawn from the grab as data (`move`, or the bridge's `move` op for the action: never its text). In
      // play (a guided game's scripted grab) the throw runs on.
      const table = b.table;
      if (table && table.replay && view(b).throw) {
        if (move && move.kind === "grab") {
          moves.set(action, /** @type {import("./throw.js").GrabMove} */ (move));
          showBetterGrab(moves.get(action));
          return;
        }
        if (!move) {
          host.request({ op: "move", action }).then((reply) => {
            if (!alive || b.table !== table || !reply.ok || reply.move?.kind !== "grab") return;
            moves.set(action, reply.move);
            showBetterGrab(reply.move);
          });
        }
      }
      b.hinted = action;
      const region = surface.regions.find((r) => r.target && r.target.action === action);
      if (region) surface.focusedKey = region.key;
      surface.invalidate();
    },
    describeAction(v, action, move = null) { return describe(b, v, action, /** @type {any} */ (move) ?? moves.get(action) ?? null); },
    wordTarget(target) { return words(b, target); },
    seatBadges(v, seat) {
      const badges = [];
      const pick = v.picks ? v.picks[seat] : null;
      if (pick) {
        const cr = v.creatures.find((c) => c.name === pick);
        if (cr) badges.push({ colour: COLOURS[cr.body].fill, label: cname(b, pick), symbol: cname(b, pick)[0] });
      }
      if (v.phase !== "over" && seat === v.roller) badges.push({ colour: "#fffdf6", label: b.t("whoopies.roller_badge"), symbol: "R" });
      return badges;
    },
    /** What the person can do now, where it is drawn now (the balls and bodies of a throw in flight move). */
    targets() { return /** @type {import("../../host.js").Target[]} */ (surface.targets()); },
    refused: (action, reason) => surface.refused(action, reason),
    destroy() {
      alive = false;
      stopTicking = null;
      surface.destroy();
      try { window.speechSynthesis?.cancel(); } catch { /* nothing to stop */ }
    },
  };
}
