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
import { Surface } from "../kit.js";
import { COLOURS } from "./art.js";
import { drawFooter, drawGems, drawHeader, drawTableBackground } from "./bands.js";
import { activeHuman, humans, ms, plainTargets, reducedMotion, view } from "./board.js";
import { currentRun, grabAt, grabKey, HOLD_MS, needsFrames, passRun, startCountdown, throwMs, tick } from "./grab.js";
import { ballRadius, fit, layoutFor, onTable } from "./layout.js";
import { drawStage } from "./screens.js";
import { describe, GRAB } from "./throw.js";
import { promptVoice, readMuted, say, toggleMute } from "./voice.js";
import { cname, gemsText, outcomeText, words } from "./words.js";

/** @typedef {import("./board.js").Board} Board */

const RESULT_MS = 3800; // a round's result stays readable this long before the next throw's countdown

/** @param {HTMLCanvasElement} canvas @param {import("../../host.js").RendererHost} host
 * @returns {import("../../host.js").Renderer} */
export function create(canvas, host) {
  const L = layoutFor(800, 800, 2);
  /** @type {Board} */
  const b = {
    canvas, host, t: host.t, surface: null, table: null, L, area: L.stage, muted: readMuted(), showNames: false,
    hinted: null, betterGrab: null, die: null, frameRequest: 0, grabs: new Map(), spectate: null, hold: null,
    throws: new Map(), speakPhase: "", resultUntil: 0, lastPrompt: "", lastTap: null, currentScreen: "", headline: "",
    render, animate,
  };
  const surface = new Surface(canvas, host, { width: L.W, height: L.H, onTap: (region, point, event) => tap(region, point, event) });
  b.surface = surface;
  surface.redraw = () => { if (!b.frameRequest) render(); };

  function render() {
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

  /** Paint on every frame while something moves (the die, a countdown, a throw, a catch held on screen). */
  function animate() {
    if (b.frameRequest) return;
    const step = () => {
      b.frameRequest = 0;
      tick(b);
      render();
      if (needsFrames(b)) b.frameRequest = requestAnimationFrame(step);
    };
    b.frameRequest = requestAnimationFrame(step);
  }

  // ------------------------------------------------------------ input
  /** A tap (a click, a touch, or Enter on the focused region). During one's grab, a hand closing on the table:
   * the pointerdown already grabbed there; Enter grabs at the focused ball or body. Else the region's target. */
  function tap(region, point, event) {
    if (!b.table) return;
    b.lastTap = point;
    const run = currentRun(b);
    if (run && point && onTable(b, point)) {
      if (event && event.type === "click") return; // the hand closed at pointerdown
      grabAt(b, run, point);
      return;
    }
    if (!region) return;
    if (region.value === "mute") { toggleMute(b); return; }
    if (region.value === "names") { b.showNames = !b.showNames; render(); return; }
    if (region.value === "ready") {
      const seat = activeHuman(b);
      const ready = seat !== null ? b.grabs.get(grabKey(b, view(b), seat)) : null;
      if (ready && ready.stage === "pass") startCountdown(b, ready);
      render();
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

  // a grab is a reaction: the hand closes when the finger or button goes down, not when it comes up
  surface.listen("pointerdown", (event) => {
    const run = currentRun(b);
    if (!run) return;
    const point = surface.point(event);
    if (!onTable(b, point)) return;
    event.preventDefault();
    b.lastTap = point;
    grabAt(b, run, point);
  });
  surface.listen("focus", () => render());
  surface.listen("blur", () => render());
  // a phone turned, a window resized, the page's height limit set: the layout follows the box (fit)
  let resizeRequest = 0;
  const onResize = () => {
    if (resizeRequest) return;
    resizeRequest = requestAnimationFrame(() => { resizeRequest = 0; if (b.table && !b.frameRequest) render(); });
  };
  window.addEventListener("resize", onResize);
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(onResize) : null;
  observer?.observe(canvas);

  return {
    /** The running grab's clock (ms since the throw started, as this board runs it); null outside a grab. */
    clockMs() {
      const v = b.table && b.table.view;
      const seat = host.humanSeat();
      if (!v || v.phase !== "grab" || seat === null) return null;
      const run = b.grabs.get(grabKey(b, v, seat));
      return run && run.start !== null ? throwMs(run) : null;
    },
    draw(next, { animate: animated = true } = {}) {
      const previous = b.table;
      b.table = next;
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
      for (const key of b.grabs.keys()) {
        if (b.grabs.get(key).round !== v.round && !(b.hold && b.hold.key === key && performance.now() < b.hold.until)) b.grabs.delete(key);
      }
      for (const round of b.throws.keys()) if (round < v.round - 1) b.throws.delete(round);
      promptVoice(b, v);
      render();
      animate();
    },
    keydown(event) {
      if (!b.table) return;
      const key = event.key;
      if (key === "m" || key === "M") { toggleMute(b); event.preventDefault(); return; }
      if (key === "n" || key === "N") { b.showNames = !b.showNames; render(); event.preventDefault(); return; }
      if (key === "p" || key === "P") {
        const run = currentRun(b);
        if (run) { passRun(b, run); event.preventDefault(); }
        return;
      }
      if (/^[1-9]$/.test(key)) { // a digit taps the n-th choice card
        const cards = surface.regions.filter((region) => region.key.startsWith("card:") && region.target);
        const chosen = cards[Number(key) - 1];
        if (chosen) {
          const [x, y, w, h] = chosen.shape.rect;
          surface.focusedKey = chosen.key;
          tap(chosen, { x: x + w / 2, y: y + h / 2 }, event);
          event.preventDefault();
          render();
        }
        return;
      }
      if (key === "Escape") { b.hinted = null; render(); return; }
      if (surface.keydown(event)) { event.preventDefault(); render(); }
    },
    showHint(action) {
      // A replay's grab (a review's better move: a replay is watched, never played) has no target to light: a ring
      // on the throw, held still at its moment. In play (a guided game's scripted grab) the throw runs on.
      const grab = GRAB.exec(String(action));
      if (grab && b.table && b.table.replay && view(b).throw) {
        const [x, y, when] = grab.slice(1).map(Number);
        b.betterGrab = { x, y, ms: when };
        canvas.dataset.hint = "grab";
        render();
        return;
      }
      b.hinted = action;
      const region = surface.regions.find((r) => r.target && r.target.action === action);
      if (region) surface.focusedKey = region.key;
      render();
    },
    describeAction(v, action) { return describe(b, v, action); },
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
    /** A refused action: say why next to the place tapped. */
    refused(action, reason) {
      if (!b.lastTap) return false;
      surface.tell(b.lastTap, reason);
      return true;
    },
    destroy() {
      b.table = null;
      if (b.frameRequest) cancelAnimationFrame(b.frameRequest);
      b.frameRequest = 0;
      if (resizeRequest) cancelAnimationFrame(resizeRequest);
      window.removeEventListener("resize", onResize);
      observer?.disconnect();
      surface.destroy();
      try { window.speechSynthesis?.cancel(); } catch { /* nothing to stop */ }
    },
    resize() { fit(b); render(); },
  };
}
