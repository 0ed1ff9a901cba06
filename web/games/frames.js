// @ts-check
// The kit's one frame loop: a board paints on the next animation frame after something changed, on every frame
// while an animation runs, on the frame a clock's tick is due (a tick of `every` 100 ms paints ten times a second, and
// between its ticks the loop sleeps on a timer, not on frames), and never otherwise. Renderers start no
// requestAnimationFrame, interval or timeout of their own: they ask the loop (Surface.animate, tick, after,
// invalidate).
import { pace } from "./common.js";

const reducedMotion = () => Boolean(globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches);

/** A frame at 60 Hz, in ms: how early the loop asks for the frame that runs a tick. */
const FRAME_MS = 16;

/** Ease out, cubic: fast at first, settling at the end. @param {number} linear */
export const easeOut = (linear) => 1 - (1 - linear) ** 3;

/** @typedef {{start: number, ms: number, frame: ((progress: number) => void) | null, resolve: (done: boolean) => void}} Animation */
/** @typedef {{x: number, y: number, w: number, h: number}} Area a part of the board, in board units */
/** @typedef {{fn: (now: number) => void, every: number, last: number, area: (() => Area[] | null) | null}} Tick */

export class Frames {
  /** @param {(areas: Area[] | null) => void} paint called once a frame when something changed: with the areas
   * that changed when only clocks that name theirs ticked (the rest of the board is as the last paint left it),
   * else null (all of it) */
  constructor(paint) {
    this.paint = paint;
    this.dirty = false;
    this.frameId = 0;
    /** @type {ReturnType<typeof setTimeout> | 0} the timer that wakes the loop for the next tick due */
    this.wake = 0;
    /** @type {Set<Animation>} */
    this.animations = new Set();
    /** @type {Set<Tick>} */
    this.ticks = new Set();
    /** @type {Set<ReturnType<typeof setTimeout>>} */
    this.timers = new Set();
    this.stopped = false;
  }

  /** Paint on the next frame. */
  invalidate() {
    if (this.stopped) return;
    this.dirty = true;
    this.schedule();
  }

  schedule() {
    if (this.frameId || this.stopped) return;
    this.frameId = requestAnimationFrame((now) => this.frame(now));
  }

  /** @param {number} now */
  frame(now) {
    this.frameId = 0;
    if (this.stopped) return;
    let changed = this.dirty || this.animations.size > 0;
    /** @type {Area[] | null} */
    let areas = changed ? null : [];
    for (const animation of [...this.animations]) {
      const linear = Math.min(1, Math.max(0, (now - animation.start) / animation.ms)); // a frame may be stamped before start
      animation.frame?.(easeOut(linear));
      if (linear >= 1) { this.animations.delete(animation); animation.resolve(true); }
    }
    for (const tick of [...this.ticks]) {
      if (!this.ticks.has(tick) || now - tick.last < tick.every) continue;
      tick.last = now;
      tick.fn(now);
      changed = true;
      const part = tick.area ? tick.area() : null;
      if (areas && part) areas.push(...part);
      else areas = null;
    }
    if (this.dirty) areas = null; // a tick asked for a whole paint
    this.dirty = false;
    if (changed) this.paint(areas); // a frame with nothing due paints nothing (one may come just before a tick's time)
    if (this.animations.size || this.dirty) this.schedule();
    else if (this.ticks.size) this.sleepUntilTick(now);
  }

  /** Only clocks run: the next frame is the one after the earliest tick's time, and until then no frame is asked
   * for (a board that ticks ten times a second paints ten times, not sixty). @param {number} now */
  sleepUntilTick(now) {
    const due = Math.min(...[...this.ticks].map((tick) => tick.last + tick.every));
    const wait = due - now - FRAME_MS; // asked a frame early: the frame that runs it is stamped at or after `due`
    if (wait <= 0) { this.schedule(); return; }
    if (this.wake) clearTimeout(this.wake);
    this.wake = setTimeout(() => { this.wake = 0; this.schedule(); }, wait);
  }

  /** A tween of `ms` (scaled by the test speed) on this loop: `frame(progress)`, progress eased 0..1, then a paint.
   * Resolves true at its end, false when cancelled. Reduced motion ends it at once.
   * @param {number} ms @param {(progress: number) => void} [frame] @returns {Promise<boolean>} */
  animate(ms, frame) {
    const scaled = ms * pace();
    if (this.stopped) return Promise.resolve(false);
    if (reducedMotion() || scaled <= 0) { frame?.(1); this.invalidate(); return Promise.resolve(true); }
    return new Promise((resolve) => {
      this.animations.add({ start: performance.now(), ms: scaled, frame: frame ?? null, resolve });
      this.invalidate();
    });
  }

  /** End every running animation where it is now (their promises resolve false). */
  cancelAnimations() {
    const running = [...this.animations];
    this.animations.clear();
    for (const animation of running) animation.resolve(false);
    this.invalidate();
  }

  /** `fn(now)` on every frame (at most every `every` ms), then a paint, until the returned stop() is called. A clock
   * whose tick changes only a few parts of the board names them (`area`: their boxes, as the last paint left them):
   * a frame where only such clocks ticked paints only there (a glow on the squares a person may tap, not the
   * whole board; null from `area`: all of it this time). @param {(now: number) => void} fn
   * @param {{every?: number, area?: () => Area[] | null}} [options]
   * @returns {() => void} */
  tick(fn, { every = 0, area } = {}) {
    const tick = { fn, every, last: -Infinity, area: area ?? null };
    if (!this.stopped) this.ticks.add(tick);
    this.invalidate();
    return () => { this.ticks.delete(tick); };
  }

  /** `fn` after `ms` (not scaled: a rule's time, or a pause a person reads), unless the board goes first.
   * @param {number} ms @param {() => void} fn @returns {() => void} */
  after(ms, fn) {
    if (this.stopped) return () => {};
    const timer = setTimeout(() => { this.timers.delete(timer); if (!this.stopped) fn(); }, ms);
    this.timers.add(timer);
    return () => { clearTimeout(timer); this.timers.delete(timer); };
  }

  stop() {
    this.stopped = true;
    if (this.frameId) cancelAnimationFrame(this.frameId);
    this.frameId = 0;
    if (this.wake) clearTimeout(this.wake);
    this.wake = 0;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.ticks.clear();
    const running = [...this.animations];
    this.animations.clear();
    for (const animation of running) animation.resolve(false);
  }
}
