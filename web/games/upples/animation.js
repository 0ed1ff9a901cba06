// @ts-check
// A move's animation, played from view.events (the log entries of the last action): a jump's hop, a card eaten
// fading out with its points floating up, a bomb's blast, a tunnel's swirl, a bounce's squash, a flip, a swap, an
// elimination and the refill. One animation runs at a time, and never outlives the table it belongs to: stop()
// cancels its next frame and ends its await at once. It changes only its own scene, which the renderer draws while
// it runs, so a stopped animation can touch nothing that is shown.
import { pace } from "../common.js";
import { centreOf } from "./layout.js";

/** @typedef {import("../../host.js").Table} Table */
/** @typedef {import("./layout.js").Layout} Layout */
/** @typedef {import("./field.js").Standing} Standing */
/** @typedef {import("./field.js").Floating} Floating */
/**
 * What the field shows while an animation runs, in place of the view's.
 * @typedef {object} Scene
 * @property {Record<string, string | null>} cards
 * @property {Record<number, Standing>} tokens
 * @property {Record<string, number>} fades
 * @property {{x: number, y: number, text: string, progress: number}[]} floaters
 * @property {Floating | null} floating
 * @property {{square: string, progress: number} | null} blast
 * @property {{squares: string[], progress: number} | null} warp
 */

const lerp = (/** @type {number} */ a, /** @type {number} */ b, /** @type {number} */ k) => a + (b - a) * k;
const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** @param {HTMLCanvasElement} canvas @param {() => Layout} layout @param {() => void} render */
export function animator(canvas, layout, render) {
  /** @type {Scene | null} */
  let anim = null;
  let animToken = 0;
  let frameId = null;
  /** @type {((done: boolean) => void) | null} */
  let wake = null;

  /** Stop the running animation, if any: no more frames, and its pending step resolves false. */
  function stopAnimation() {
    animToken++;
    anim = null;
    delete canvas.dataset.anim;
    if (frameId !== null) cancelAnimationFrame(frameId);
    frameId = null;
    const resume = wake;
    wake = null;
    if (resume) resume(false);
  }

  /** One step of animation `token`: frame(k) for k eased from 0 to 1 over `ms` (times the test-speed factor),
   * each frame drawn. Resolves true at the end, false as soon as the animation is stopped. k never leaves [0, 1]
   * (a frame's timestamp can be a little earlier than the start read here). */
  function step(token, ms, frame) {
    ms *= pace();
    return new Promise((resolve) => {
      if (token !== animToken) { resolve(false); return; }
      if (reducedMotion() || ms <= 0) { frame(1); render(); resolve(true); return; }
      const start = performance.now();
      wake = resolve;
      const tick = (now) => {
        frameId = null;
        if (token !== animToken) return; // stopAnimation has resolved it already
        if (!canvas.isConnected || !canvas.getClientRects().length) { // the board left the screen
          stopAnimation();
          render();
          return;
        }
        const linear = Math.min(1, Math.max(0, (now - start) / ms));
        frame(1 - (1 - linear) ** 3);
        render();
        if (linear < 1) { frameId = requestAnimationFrame(tick); return; }
        wake = null;
        resolve(true);
      };
      frameId = requestAnimationFrame(tick);
    });
  }

  async function play(previous, next, token) {
    const events = next.view.events || [];
    const cards = { ...previous.view.cards };
    /** @type {Record<number, Standing>} */
    const tokens = {};
    for (const p of previous.view.players) tokens[p.seat] = { square: p.square, body: p.body, hair: p.hair };
    const scene = { cards, tokens, fades: {}, floaters: [], floating: null, blast: null, warp: null };
    anim = scene;
    const tween = (ms, frame) => step(token, ms, frame);
    const landing = {};
    for (const event of events) {
      if (token !== animToken) return;
      canvas.dataset.anim = event.key; // what is being shown (for tests)
      const p = event.params || {};
      const seat = event.seat;
      const mine = seat !== null && seat !== undefined ? tokens[seat] : null;
      switch (event.key) {
        case "upples.jumped": {
          if (!mine) break;
          const a = centreOf(layout(), p.start);
          const b = centreOf(layout(), p.to);
          mine.square = null;
          landing[seat] = p.to;
          if (!await tween(360, (k) => {
            scene.floating = { seat, x: lerp(a.x, b.x, k), y: lerp(a.y, b.y, k) - Math.sin(k * Math.PI) * layout().cell * 0.46, scale: 1 + 0.2 * Math.sin(k * Math.PI) };
          })) return;
          scene.floating = null;
          mine.square = p.to;
          break;
        }
        case "upples.ate": {
          const here = p.square;
          if (landing[seat] === here) {
            const centre = centreOf(layout(), here);
            const fl = { x: centre.x, y: centre.y - layout().cell * 0.27, text: p.points ? `+${p.points}` : "", progress: 0 };
            if (fl.text) scene.floaters.push(fl);
            if (!await tween(220, (k) => { scene.fades[here] = 1 - k; fl.progress = k; })) return;
            scene.cards[here] = null;
            delete scene.fades[here];
            scene.floaters = scene.floaters.filter((f) => f !== fl);
          } else if (p.points) { // from a blast: shown with the explosion
            const centre = centreOf(layout(), here);
            scene.floaters.push({ x: centre.x, y: centre.y, text: `+${p.points}`, progress: 0 });
          }
          break;
        }
        case "upples.exploded": {
          const cleared = p.cleared ? p.cleared.split(",") : [];
          scene.blast = { square: p.square, progress: 0 };
          if (!await tween(520, (k) => {
            scene.blast.progress = k;
            for (const square of cleared) scene.fades[square] = 1 - k;
            for (const f of scene.floaters) f.progress = k;
          })) return;
          for (const square of cleared) { scene.cards[square] = null; delete scene.fades[square]; }
          scene.blast = null;
          scene.floaters = [];
          break;
        }
        case "upples.warped": {
          if (!mine) break;
          const a = centreOf(layout(), p.start);
          const b = centreOf(layout(), p.to);
          mine.square = null;
          scene.warp = { squares: [p.start, p.to], progress: 0 };
          if (!await tween(280, (k) => { scene.warp.progress = k / 2; scene.floating = { seat, x: a.x, y: a.y, scale: 1 - k, alpha: 1 - k * 0.5 }; })) return;
          if (!await tween(280, (k) => { scene.warp.progress = 0.5 + k / 2; scene.floating = { seat, x: b.x, y: b.y, scale: k, alpha: 0.5 + k * 0.5 }; })) return;
          scene.floating = null;
          scene.warp = null;
          mine.square = p.to;
          landing[seat] = p.to;
          break;
        }
        case "upples.bounced_tunnel":
        case "upples.bounced": {
          if (!mine) break;
          const victim = event.key === "upples.bounced"
            ? Object.values(next.view.players).find((q) => q.colour === p.victim) : null;
          const squashed = victim ? tokens[victim.seat] : null;
          if (!await tween(240, (k) => {
            mine.squash = Math.sin(k * Math.PI);
            if (squashed) squashed.squash = Math.sin(k * Math.PI);
          })) return;
          mine.squash = 0;
          if (squashed) squashed.squash = 0;
          break;
        }
        case "upples.stole": {
          const square = mine && mine.square;
          if (square) {
            const centre = centreOf(layout(), square);
            const fl = { x: centre.x, y: centre.y - layout().cell * 0.32, text: `+${p.points}`, progress: 0 };
            scene.floaters.push(fl);
            if (!await tween(400, (k) => { fl.progress = k; })) return;
            scene.floaters = scene.floaters.filter((f) => f !== fl);
          }
          break;
        }
        case "upples.changed":
        case "upples.flipped":
        case "upples.blasted": {
          if (!mine) break;
          mine.body = p.body;
          mine.hair = p.hair || p.body;
          if (!await tween(200, (k) => { mine.squash = Math.sin(k * Math.PI) * 0.6; })) return;
          mine.squash = 0;
          break;
        }
        case "upples.swapped": {
          if (!mine || p.start === p.to) break;
          const a = centreOf(layout(), p.start);
          const b = centreOf(layout(), p.to);
          mine.square = null;
          if (!await tween(480, (k) => { scene.floating = { seat, x: lerp(a.x, b.x, k), y: lerp(a.y, b.y, k), scale: 1 + 0.15 * Math.sin(k * Math.PI) }; })) return;
          scene.floating = null;
          mine.square = p.to;
          for (const [other, tok] of Object.entries(tokens)) if (Number(other) !== seat && tok.square === p.to) tok.square = p.start;
          scene.cards[p.start] = next.view.cards[p.start];
          scene.cards[p.to] = next.view.cards[p.to];
          break;
        }
        case "upples.eliminated": {
          if (!mine) break;
          if (!await tween(420, (k) => { mine.alpha = 1 - k; })) return;
          mine.square = null;
          break;
        }
        case "upples.refilled": {
          const filled = p.squares ? p.squares.split(",") : [];
          for (const square of filled) { scene.cards[square] = next.view.cards[square]; scene.fades[square] = 0; }
          if (!await tween(260 + filled.length * 20, (k) => {
            filled.forEach((square, i) => {
              const delay = filled.length > 1 ? (i / filled.length) * 0.5 : 0;
              scene.fades[square] = Math.max(0, Math.min(1, (k - delay) / 0.5));
            });
          })) return;
          for (const square of filled) delete scene.fades[square];
          break;
        }
        default:
          break;
      }
    }
    if (token === animToken) { anim = null; delete canvas.dataset.anim; render(); }
  }

  return {
    /** The scene being shown, or null. */
    get scene() { return anim; },
    stop: stopAnimation,
    /** Animate the move from `previous` to `next` (stops the one before). @param {Table} previous @param {Table} next */
    play(previous, next) { stopAnimation(); return play(previous, next, animToken); },
  };
}
