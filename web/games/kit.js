// @ts-check
// The renderer kit: what every board shares, so that a renderer is only layout, art and the mapping of Python's
// targets (view.targets, see py/gamebox/core/targets.py) to shapes.
//
// - Surface: the canvas sized to its container at devicePixelRatio, keeping the drawing's aspect ratio; one
//   transform from pointer, touch and pen events to board units; hit regions registered by the renderer each
//   frame, with hover (a pointer cursor and, after a moment, a description), long-press descriptions on touch,
//   keyboard navigation between regions (arrow keys move to the nearest region that way, Enter or Space acts);
//   bubbles that say something next to a place ("That peg cannot move: ..."); and targets() in CSS pixels of the
//   viewport, for tests and tools.
//   The Surface owns what every board needs, so a game's folder adds no listener and starts no loop or timer:
//   pointer, touch and keyboard input with drag as a gesture (start, move, drop, cancel); one frame loop that
//   paints when something changed, runs tweens and ticks clocks (frames.js); one ResizeObserver; animation from a
//   diff of things with stable ids (motion.js); the pass-the-device cover; a refusal said where the last tap or
//   drop was. docs/architecture.md, "The renderer kit", walks through it.
// - The paint kit (paint.js): one palette and fonts; text that is measured and then wrapped or shrunk to fit its
//   box, never cut (what still cannot fit is recorded, and tests assert there is none); panel, button, token, gem.
import { fitCanvas, pagePosition, pointerPosition, roundRect } from "./common.js";
import { Frames } from "./frames.js";
import { Motion } from "./motion.js";
import { button, fitText, focusRing, LANDSCAPE } from "./paint.js";

export { roundRect };
export { diffThings } from "./motion.js";
export { LANDSCAPE, PALETTE, button, clearTextOverflows, fitFirst, fitText, focusRing, font, gem, loadBoardFont, panel,
  textFits, textOverflows, token } from "./paint.js";

// -- the surface: sizing, pointer, hit regions, focus, hover, bubbles, targets -----------------------------------
const LONG_PRESS_MS = 550;
const HOVER_MS = 450;
const DRAG_THRESHOLD_PX = 6; // a press that moves less is a tap
// a move sent this soon after a tap, key or drop was chosen on the board as drawn at that input; one sent later (a
// timer's, a renderer's own) on the board as drawn when it is sent
const ACTED_MS = 1000;
// a second tap this soon after a tap, this near it, is the second half of a double tap: it was aimed at the board the
// first tap saw (the person cannot have seen what the first one did), so it carries that board's `seen`
const DOUBLE_TAP_MS = 350;
const DOUBLE_TAP_UNITS = 24;

/** @typedef {{shape: any, key: string, value: any, target: any, label: string, drag: {x: number, y: number} | null,
 *   draggable: boolean, describe: string, focusable: boolean, named: boolean}} Region */
/** @typedef {{key?: string, value?: any, target?: any, label?: string, drag?: {x: number, y: number} | null,
 *   draggable?: boolean, describe?: string, focusable?: boolean}} RegionOptions */
/** The drag gesture's calls (Surface options.drag): `start` may refuse (false: it is not a drag).
 * @typedef {{start: (region: Region, point: {x: number, y: number}, event: PointerEvent) => boolean,
 *   move: (point: {x: number, y: number}, event: PointerEvent) => void,
 *   drop: (point: {x: number, y: number}, event: PointerEvent) => void, cancel: () => void}} DragGesture */
/** @typedef {{width?: number, height?: number, onTap?: ((region: Region | null, point: {x: number, y: number}, event: Event) => void) | null,
 *   describe?: ((region: Region) => string) | null, paint?: (() => void) | null,
 *   onResize?: ((box: {width: number, height: number, portrait: boolean, landscape: boolean}) => void) | null,
 *   drag?: DragGesture | null, onWheel?: ((point: {x: number, y: number}, deltaY: number, event: WheelEvent) => boolean | void) | null,
 *   onKey?: ((event: KeyboardEvent) => boolean) | null,
 *   onPress?: ((point: {x: number, y: number}, region: Region | null, event: PointerEvent) => boolean) | null}} SurfaceOptions
 * `onPress`: a press that acts when the finger or button goes down (a reaction, such as a grab), not when it comes
 * up: true when it acted, and then no tap follows. */

function inside(region, point) {
  const shape = region.shape;
  if (shape.circle) {
    const [x, y, r] = shape.circle;
    return (point.x - x) ** 2 + (point.y - y) ** 2 <= r * r;
  }
  if (shape.rect) {
    const [x, y, w, h] = shape.rect;
    return point.x >= x && point.x <= x + w && point.y >= y && point.y <= y + h;
  }
  let within = false; // polygon, even-odd
  const points = shape.polygon;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if ((yi > point.y) !== (yj > point.y) && point.x < ((xj - xi) * (point.y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

function bounds(shape) {
  if (shape.circle) {
    const [x, y, r] = shape.circle;
    return { x: x - r, y: y - r, w: 2 * r, h: 2 * r };
  }
  if (shape.rect) {
    const [x, y, w, h] = shape.rect;
    return { x, y, w, h };
  }
  const xs = shape.polygon.map((p) => p[0]);
  const ys = shape.polygon.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** A board on a canvas. `width` x `height` is the drawing in board units; layout() may change it (a phone's
 * portrait layout is taller than a desktop's). The renderer calls begin() before each frame, region() for each
 * thing a person may touch, and reads `focused` and `hovered` to draw them. */
/** The Surface on each canvas (the game screen asks its board's for `seen`). @type {WeakMap<HTMLCanvasElement, Surface>} */
const surfaces = new WeakMap();

/** The kit's Surface drawn on `canvas`, if any. @param {HTMLCanvasElement} canvas */
export function surfaceOf(canvas) { return surfaces.get(canvas) ?? null; }

export class Surface {
  /** @param {HTMLCanvasElement} canvas @param {import("../host.js").RendererHost} host
   * @param {SurfaceOptions} [options] */
  constructor(canvas, host, { width, height, onTap = null, describe = null, paint = null, onResize = null, drag = null,
    onWheel = null, onKey = null, onPress = null } = {}) {
    this.canvas = canvas;
    this.host = host;
    surfaces.set(canvas, this);
    /** @type {string | null} */
    this.drawnSeen = null;
    /** @type {string | null} */
    this.actedSeen = null;
    this.actedAt = 0;
    this.onTap = onTap; // (region, point, event) => void
    this.describe = describe; // (region) => words, for hover and long press; default region.describe
    this.onKey = onKey;
    this.onPress = onPress;
    this.dragging = drag;
    /** @type {Region[]} */
    this.regions = [];
    this.focusedKey = null;
    /** whether the focus was last moved by a key: only then is its ring drawn (as a page's :focus-visible), so a
     * tapped thing is not left ringed once it can no longer be used (issue 27: a pile colour drawn on a guest's
     * page stayed ringed while the other player was to move) */
    this.keyboardFocus = false;
    this.hoveredKey = null;
    this.width = width;
    this.height = height;
    this.context = fitCanvas(canvas, width, height);
    /** @type {[string, any, any][]} */
    this.listeners = [];
    this.bubble = null;
    this.pressTimer = 0;
    this.hoverTimer = 0;
    this.suppressClick = false;
    /** where the person last tapped or dropped, in board units: a refusal is said there @type {{x: number, y: number} | null} */
    this.lastPoint = null;
    /** the action of the target last tapped or dropped (null: a tap that only selected) @type {string | null} */
    this.lastAction = null;
    /** the last tap, for a double tap's second half @type {{at: number, point: {x: number, y: number}} | null} */
    this.lastTap = null;
    /** a press on a draggable region, until it is a drag or a tap @type {{region: Region, x: number, y: number, id: number} | null} */
    this.press = null;
    this.dragActive = false;
    /** @type {Motion | null} */
    this.currentMotion = null;
    this.frames = new Frames((areas) => this.paintNow(areas));
    this.paint = paint;
    this.onResize = onResize;
    this.listen("pointermove", (event) => this.pointerMove(event));
    this.listen("pointerleave", () => this.setHovered(null));
    this.listen("pointerdown", (event) => this.pointerDown(event));
    this.listen("pointerup", (event) => this.pointerUp(event));
    this.listen("pointercancel", () => { clearTimeout(this.pressTimer); this.cancelDrag(); });
    this.listen("lostpointercapture", () => { if (this.dragActive) this.cancelDrag(); });
    this.listen("blur", () => { if (this.dragActive) this.cancelDrag(); this.invalidate(); });
    this.listen("focus", () => this.invalidate());
    this.listen("contextmenu", (event) => { if (event.pointerType !== "mouse") event.preventDefault(); });
    if (onTap) this.listen("click", (event) => this.click(event));
    if (onWheel) {
      this.listen("wheel", (event) => {
        if (onWheel(this.point(event), event.deltaY, event)) event.preventDefault();
      }, { passive: false });
    }
    // the one resize: the box the page gives the board (its container), and a phone turned (the landscape query)
    this.observed = { width: -1, height: -1 };
    this.resizeObserver = null;
    if (globalThis.ResizeObserver) {
      this.resizeObserver = new ResizeObserver(() => this.resized());
      const container = this.container();
      if (container) this.resizeObserver.observe(container);
    }
    this.landscapeQuery = globalThis.matchMedia?.(LANDSCAPE) ?? null;
    this.onLandscape = () => this.resized(true);
    this.landscapeQuery?.addEventListener?.("change", this.onLandscape);
  }

  /** The element whose box the board fills: the canvas's first parent with a width (a parent may be display:
   * contents). */
  container() {
    let parent = this.canvas.parentElement;
    while (parent && !parent.clientWidth && parent.parentElement) parent = parent.parentElement;
    return parent;
  }

  /** The board's box changed (or a phone turned): lay out again, then paint. @param {boolean} [force] */
  resized(force = false) {
    const box = this.available();
    if (!force && box.width === this.observed.width && box.height === this.observed.height) return;
    this.observed = { width: box.width, height: box.height };
    this.onResize?.(box);
    // at once, not on the next frame: a new layout clears the canvas, and an observer's callback runs after this
    // frame's animation callbacks, so waiting would show a blank board for a frame
    if (!this.frames.stopped) this.paintNow();
    this.invalidate();
  }

  // ------------------------------------------------------------ the frame loop (frames.js)
  /** Paint on the next frame. */
  invalidate() {
    this.frames.invalidate();
  }

  /** Paint the board; only `areas` of it (board units) when only they changed since the last paint (a clock that
   * names its areas ticked, frames.js): the renderer draws as ever, clipped to them, so the rest of the canvas keeps
   * its pixels and the regions are all registered again. @param {import("./frames.js").Area[] | null} [areas] */
  paintNow(areas = null) {
    if (!this.paint) return;
    const context = this.context;
    if (!areas || !context) { this.paint(); return; }
    if (!areas.length) return;
    context.save();
    context.beginPath();
    for (const area of areas) context.rect(area.x, area.y, area.w, area.h);
    context.clip();
    try { this.paint(); } finally { context.restore(); }
  }

  /** A tween on the kit's loop (see frames.js). @param {number} ms @param {(progress: number) => void} [frame] */
  animate(ms, frame) { return this.frames.animate(ms, frame); }

  /** End every running animation (and motion) at its end point. */
  cancelAnimations() {
    if (this.currentMotion) this.currentMotion.progress = 1;
    this.currentMotion = null;
    this.frames.cancelAnimations();
  }

  /** A clock that ticks: `fn(now)` every frame (or every `every` ms) until stop(); a tick that changes only some
   * parts of the board names them (`area`), and is painted there alone (frames.js). @param {(now: number) => void} fn
   * @param {{every?: number, area?: () => import("./frames.js").Area[] | null}} [options] */
  tick(fn, options) { return this.frames.tick(fn, options); }

  /** A timer the kit owns. @param {number} ms @param {() => void} fn */
  after(ms, fn) { return this.frames.after(ms, fn); }

  /** Animate from a diff of things (motion.js): while it runs, placed(thing) and leaving() say where to draw.
   * @param {import("./motion.js").Thing[]} before @param {import("./motion.js").Thing[]} after
   * @param {{ms?: number}} [options] @returns {Promise<boolean>} */
  motion(before, after, { ms = 320 } = {}) {
    if (this.currentMotion) this.currentMotion.progress = 1;
    const motion = new Motion(before, after);
    if (motion.empty) { this.currentMotion = null; this.invalidate(); return Promise.resolve(true); }
    this.currentMotion = motion;
    return this.frames.animate(ms, (progress) => { motion.progress = progress; }).then((done) => {
      if (this.currentMotion === motion) this.currentMotion = null;
      return done;
    });
  }

  /** Where to draw `thing` now (its own place when no motion runs). @param {import("./motion.js").Thing} thing
   * @returns {import("./motion.js").Placement} */
  placed(thing) {
    return this.currentMotion ? this.currentMotion.placed(thing) : { x: thing.x, y: thing.y, alpha: 1, scale: 1, progress: 1 };
  }

  /** The things of the last motion's before that are still fading out. */
  leaving() { return this.currentMotion ? this.currentMotion.leaving() : []; }

  /** Whether the thing `id` is moving now. @param {string} id */
  moving(id) { return Boolean(this.currentMotion?.moving(id)); }

  /** @param {string} type @param {(event: any) => void} handler @param {AddEventListenerOptions} [options] */
  listen(type, handler, options) {
    this.canvas.addEventListener(type, handler, options);
    this.listeners.push([type, handler, options]);
  }

  /** Size the board (in board units) and return the context to draw with. */
  layout(width, height) {
    this.width = width;
    this.height = height;
    this.context = fitCanvas(this.canvas, width, height);
    return this.context;
  }

  /** The box the page gives the board, in CSS px, for a layout to choose from: `width` (the canvas's column),
   * `height` (the most it may be tall: the page's --board-max-height where it sets one, else the window's height),
   * `landscape` (true when the page puts the board beside its panel on a short wide screen, a phone held
   * sideways: the board should fill `width` x `height`, a wide box, so a drawing shaped like it is shown largest)
   * and `portrait` (a narrow column: panels and trays below the board; never in such a landscape box).
   * @returns {{width: number, height: number, portrait: boolean, landscape: boolean}} */
  available() {
    const parent = this.container();
    const width = parent && parent.clientWidth ? parent.clientWidth : window.innerWidth;
    const limit = parseFloat(getComputedStyle(this.canvas).maxHeight);
    const height = Number.isFinite(limit) && limit > 0 ? Math.min(limit, window.innerHeight) : window.innerHeight;
    const landscape = Boolean(this.canvas.closest?.("#screen-game, #screen-learn")) && !document.body.classList.contains("embed")
      && Boolean(window.matchMedia?.(LANDSCAPE).matches);
    return { width, height, portrait: width < 640 && !landscape, landscape };
  }

  /** A pointer event's position in board units. */
  point(event) { return pointerPosition(this.canvas, event); }

  begin() {
    this.regions = [];
    this.covered = false;
    this.drawnSeen = this.host.table?.()?.fingerprint ?? null; // the table whose regions this frame registers
  }

  /** The fingerprint of the table the person's last tap, key or drop was made on: the one the board showed then
   * (its last frame's), which may be older than the session's when a table arrived and was not yet painted. The
   * game screen sends it with the move (`seen`), so a move chosen on a table that is no longer current is refused. */
  seen() {
    const recent = this.actedSeen !== null && performance.now() - this.actedAt < ACTED_MS;
    return (recent ? this.actedSeen : this.drawnSeen) ?? null;
  }

  /** The fingerprint of the table the board's last frame drew (null before the first). */
  painted() { return this.drawnSeen ?? null; }

  /** The person acted on the board as it is drawn now. */
  acted() {
    this.actedSeen = this.drawnSeen ?? null;
    this.actedAt = performance.now();
  }

  /** Register a region. `shape` is {circle: [x, y, r]}, {rect: [x, y, w, h]} or {polygon: [[x, y], ...]}.
   * `key` names it across frames (focus and hover survive a redraw; targets() reports it as `key`, so a test finds
   * a thing by it: "tile:3"); `value` is what onTap gets; `target` is a target from view.targets (its action is
   * what a tap plays), or `label` words a tap that only selects; `drag` ({x, y} in board units) makes it a drag to
   * that point in targets(); `draggable` lets the kit's drag gesture pick it up (options.drag); `describe` words it
   * for hover and long press; `focusable` (default true) puts it in the keyboard order. The last region added on
   * top wins a tap. Once passScreen() covered the board in this frame, nothing under it is registered.
   * @param {any} shape @param {RegionOptions} [options] @returns {Region} */
  region(shape, { key, value = null, target = null, label = "", drag = null, draggable = false, describe = "",
    focusable = true } = {}) {
    const region = { shape, key: key ?? `${this.regions.length}`, value, target, label, drag, draggable, describe,
      focusable, named: key !== undefined };
    if (this.covered) return region; // drawn under the pass-the-device cover: out of reach
    this.regions.push(region);
    if (draggable && this.canvas.style.touchAction !== "none") this.canvas.style.touchAction = "none";
    return region;
  }

  at(point) {
    for (let i = this.regions.length - 1; i >= 0; i--) if (inside(this.regions[i], point)) return this.regions[i];
    return null;
  }

  get focused() { return this.regions.find((region) => region.key === this.focusedKey) || null; }
  get hovered() { return this.regions.find((region) => region.key === this.hoveredKey) || null; }
  isFocused(key) { return this.keyboardFocus && this.focusedKey === key && document.activeElement === this.canvas; }
  isHovered(key) { return this.hoveredKey === key; }

  /** Draw the focus ring around the focused region (call at the end of a frame). */
  drawFocus() {
    const region = this.focused;
    if (!region || !this.keyboardFocus || document.activeElement !== this.canvas) return;
    const box = bounds(region.shape);
    focusRing(this.context, box, region.shape.circle ? box.w / 2 : 8);
  }

  setHovered(key) {
    if (key === this.hoveredKey) return;
    this.hoveredKey = key;
    this.invalidate();
  }

  pointerMove(event) {
    if (this.dragMove(event)) return;
    const region = this.at(this.point(event));
    this.canvas.style.cursor = region && (region.target || region.value !== null || region.drag) ? "pointer" : "";
    if (event.pointerType !== "mouse") return;
    this.setHovered(region ? region.key : null);
    clearTimeout(this.hoverTimer);
    if (region) this.hoverTimer = setTimeout(() => this.explain(region), HOVER_MS);
    else this.hideBubble("describe");
  }

  pointerDown(event) {
    clearTimeout(this.pressTimer);
    this.suppressClick = false;
    const point = this.point(event);
    const region = this.at(point);
    if (this.onPress) {
      const before = { point: this.lastPoint, seen: this.actedSeen, at: this.actedAt };
      this.lastPoint = point;
      this.acted();
      if (this.onPress(point, region, event)) { // the press was the act (a reaction: a grab): no tap follows
        event.preventDefault();
        this.suppressClick = true;
        return;
      }
      ({ point: this.lastPoint, seen: this.actedSeen, at: this.actedAt } = before);
    }
    if (region?.draggable && this.dragging && event.button === 0) {
      this.press = { region, x: event.clientX, y: event.clientY, id: event.pointerId };
    }
    if (event.pointerType === "mouse" || !region) return;
    this.pressTimer = setTimeout(() => { if (!this.dragActive) { this.suppressClick = true; this.explain(region); } }, LONG_PRESS_MS);
  }

  /** The drag gesture: a press on a draggable region that moves past the threshold starts a drag. */
  dragMove(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id || !this.dragging) return false;
    if (!this.dragActive) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD_PX) return true;
      clearTimeout(this.pressTimer);
      this.hideBubble("describe");
      if (!this.dragging.start(press.region, this.point({ clientX: press.x, clientY: press.y }), event)) {
        this.press = null;
        return false;
      }
      this.dragActive = true;
      try { this.canvas.setPointerCapture(event.pointerId); } catch { /* the pointer is gone already */ }
    }
    this.dragging.move(this.point(event), event);
    this.invalidate();
    return true;
  }

  pointerUp(event) {
    clearTimeout(this.pressTimer);
    const press = this.press;
    this.press = null;
    if (!press || !this.dragActive) return;
    this.dragActive = false;
    this.suppressClick = true; // the click that follows a drop is not a tap
    const point = this.point(event);
    this.lastPoint = point;
    this.acted();
    this.dragging?.drop(point, event);
    this.invalidate();
  }

  /** A drag ends without a drop (pointer cancelled, Escape, the board lost focus or went away). */
  cancelDrag() {
    const active = this.dragActive;
    this.press = null;
    this.dragActive = false;
    if (active) { this.dragging?.cancel(); this.invalidate(); }
  }

  click(event) {
    if (this.suppressClick) { this.suppressClick = false; return; }
    const point = this.point(event);
    const region = this.at(point);
    clearTimeout(this.hoverTimer); // a click is an act: no description pops up after it
    this.hideBubble("describe");
    if (region && region.focusable) this.focusedKey = region.key;
    this.keyboardFocus = false;
    const last = this.lastTap;
    const now = performance.now();
    const second = last !== null && now - last.at < DOUBLE_TAP_MS
      && Math.hypot(point.x - last.point.x, point.y - last.point.y) < DOUBLE_TAP_UNITS;
    this.lastTap = { at: now, point };
    this.lastPoint = point;
    this.lastAction = region?.target?.action ?? null;
    if (second) this.actedAt = now; // the first tap's board: a move it made has made this one stale
    else this.acted();
    this.onTap(region, point, event);
  }

  /** Words for a region (hover, long press): its description, else its label, else its target's words. */
  wordsFor(region) {
    if (this.describe) {
      const words = this.describe(region);
      if (words) return words;
    }
    if (region.describe) return region.describe;
    if (region.label) return region.label;
    if (region.target) return this.host.t(region.target.key, region.target.params);
    return "";
  }

  explain(region) {
    region = this.regions.find((current) => current.key === region.key); // as drawn now: a later frame may differ
    if (!region) return;
    const words = this.wordsFor(region);
    if (!words) return;
    const box = bounds(region.shape);
    this.tell({ x: box.x + box.w / 2, y: box.y }, words, "describe");
  }

  /** Keyboard: arrows move the focus to the nearest region that way, Enter or Space taps it. Returns true when
   * the key was the kit's. */
  keydown(event) {
    const key = event.key;
    if (!["Shift", "Control", "Alt", "Meta"].includes(key)) this.keyboardFocus = true;
    this.acted(); // what was on screen when the key came (a table come since and not painted makes the move stale)
    // a key acts on the board as the key before it left it: a focus moved or a peg picked up by the last key is
    // painted (its regions registered) now, not on the next frame, so a quick Enter after an arrow is not lost
    if (this.frames.dirty && !this.frames.stopped) this.paintNow();
    if (key === "Escape" && this.dragActive) { this.cancelDrag(); return true; }
    if (this.onKey?.(event)) { this.invalidate(); return true; }
    const focusable = this.regions.filter((region) => region.focusable);
    if (!focusable.length) return false;
    const current = this.focused;
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(key)) {
      if (!current) {
        this.focusedKey = focusable[0].key;
      } else {
        const from = bounds(current.shape);
        const cx = from.x + from.w / 2;
        const cy = from.y + from.h / 2;
        const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
        let best = null;
        let bestScore = Infinity;
        for (const region of focusable) {
          if (region === current) continue;
          const box = bounds(region.shape);
          const ox = box.x + box.w / 2 - cx;
          const oy = box.y + box.h / 2 - cy;
          const along = ox * dx + oy * dy;
          if (along <= 1) continue;
          const across = Math.abs(ox * dy - oy * dx);
          const score = along + 2 * across;
          if (score < bestScore) { bestScore = score; best = region; }
        }
        if (best) this.focusedKey = best.key;
      }
      const focused = this.focused;
      if (focused) this.host.announce?.(this.wordsFor(focused));
      this.invalidate();
      return true;
    }
    if ((key === "Enter" || key === " ") && current && this.onTap) {
      const box = bounds(current.shape);
      const point = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
      this.lastPoint = point;
      this.lastAction = current.target?.action ?? null;
      this.onTap(current, point, event);
      return true;
    }
    return false;
  }

  /** Say `words` in a bubble next to `point` (board units): why a tap was refused, what a thing is. */
  tell(point, words, kind = "refusal") {
    this.hideBubble();
    const bubble = document.createElement("div");
    bubble.className = `board-bubble board-bubble-${kind}`;
    bubble.setAttribute("role", kind === "refusal" ? "alert" : "tooltip");
    bubble.textContent = words;
    document.body.append(bubble);
    const at = pagePosition(this.canvas, point.x, point.y);
    const width = bubble.offsetWidth;
    const left = Math.max(6, Math.min(window.innerWidth - width - 6, at.x - width / 2));
    const above = at.y - bubble.offsetHeight - 10;
    bubble.style.left = `${left + window.scrollX}px`;
    bubble.style.top = `${(above > 4 ? above : at.y + 14) + window.scrollY}px`;
    this.bubble = bubble;
    const hide = () => { if (this.bubble === bubble) this.hideBubble(); };
    setTimeout(hide, kind === "refusal" ? 3500 : 2600);
    if (kind === "refusal") this.host.announce?.(words);
  }

  hideBubble(kind = null) {
    if (!this.bubble || (kind && !this.bubble.classList.contains(`board-bubble-${kind}`))) return;
    this.bubble.remove();
    this.bubble = null;
  }

  /** Say why the rules refused `action` next to where the person last tapped or dropped: true when there was such a
   * place (else the page says it in its notice line). @param {string} action @param {string} words */
  refused(action, words) {
    if (!this.lastPoint) return false;
    if (action && this.lastAction && action !== this.lastAction && !this.dragging) return false;
    this.tell(this.lastPoint, words);
    return true;
  }

  /** The pass-the-device cover over `box`: only `name` should look now. It hides what is under it, and its one
   * button (`onReady` is its region's value, given to onTap) is the only thing that can be reached: regions
   * registered before it in this frame are dropped, and later ones are not registered. Words: the kit's
   * `kit.pass.*`, or the renderer's own (`title`, `note`, `button`). Call it last in a frame.
   * @param {CanvasRenderingContext2D} context @param {{x: number, y: number, w: number, h: number}} box
   * @param {{name: string, value?: any, title?: string, note?: string, button?: string, extra?: string}} options */
  passScreen(context, box, { name, value = { pass: "ready" }, title, note, button: words, extra = "" }) {
    const t = this.host.t;
    context.save();
    roundRect(context, box.x, box.y, box.w, box.h, 18);
    context.fillStyle = "#2b3a55";
    context.fill();
    context.restore();
    const inner = { x: box.x + 18, w: box.w - 36 };
    const top = box.y + Math.max(18, Math.min(70, box.h * 0.12));
    fitText(context, title ?? t("kit.pass.title", { name, you: "no" }), { x: inner.x, y: top, w: inner.w, h: 64 },
      { size: 24, weight: 700, colour: "#ffffff", lines: 2 });
    fitText(context, note ?? t("kit.pass.note", { name, you: "no" }), { x: inner.x, y: top + 70, w: inner.w, h: 62 },
      { size: 15, colour: "#d7def0", lines: 3 });
    if (extra) fitText(context, extra, { x: inner.x, y: top + 136, w: inner.w, h: 40 }, { size: 15, colour: "#d7def0", lines: 2 });
    const w = Math.min(280, box.w - 36);
    const h = Math.min(54, Math.max(40, box.h * 0.12));
    const at = { x: box.x + (box.w - w) / 2, y: box.y + box.h - h - Math.min(32, box.h * 0.08), w, h };
    const label = words ?? t("kit.pass.ready", { name, you: "no" });
    this.regions = [];
    this.covered = false;
    button(context, at, label, { focused: this.isFocused("kit:pass"), hovered: this.isHovered("kit:pass") });
    this.region({ rect: [at.x, at.y, at.w, at.h] }, { key: "kit:pass", value, label });
    this.covered = true;
  }

  /** Where a region can be tapped, in board units: its centre, or the first point of a grid over it where it
   * is the region on top (another region may cover its centre). */
  tapPoint(region) {
    const box = bounds(region.shape);
    const centre = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
    if (this.at(centre) === region) return centre;
    for (let gy = 1; gy < 8; gy++) {
      for (let gx = 1; gx < 8; gx++) {
        const point = { x: box.x + (box.w * gx) / 8, y: box.y + (box.h * gy) / 8 };
        if (this.at(point) === region) return point;
      }
    }
    return null;
  }

  /** What a person can do now, in CSS pixels of the viewport: taps ({kind: "tap", x, y, action?, label}) on
   * every region with a target or a label, and drags ({kind: "drag", x, y, x2, y2, label}).
   * @returns {import("../host.js").Target[]} */
  targets() {
    // a table drawn and not yet painted: paint it now, so that what is listed is what the next frame shows
    if (this.frames.dirty && !this.frames.stopped) this.paintNow();
    /** @type {import("../host.js").Target[]} */
    const found = [];
    for (const region of this.regions) {
      if (!region.target && !region.label && !region.drag) continue;
      const point = this.tapPoint(region);
      if (!point) continue;
      const at = pagePosition(this.canvas, point.x, point.y);
      const label = region.label || (region.target ? this.host.t(region.target.key, region.target.params) : "");
      const named = region.named ? { key: region.key } : {};
      if (region.drag) {
        const to = pagePosition(this.canvas, region.drag.x, region.drag.y);
        found.push({ kind: "drag", x: at.x, y: at.y, x2: to.x, y2: to.y, label, ...named,
          ...(region.target ? { action: region.target.action } : {}) });
      } else {
        found.push({ kind: "tap", x: at.x, y: at.y, label, ...named, ...(region.target ? { action: region.target.action } : {}) });
      }
    }
    return found;
  }

  destroy() {
    this.cancelDrag();
    this.frames.stop();
    this.currentMotion = null;
    this.resizeObserver?.disconnect();
    this.landscapeQuery?.removeEventListener?.("change", this.onLandscape);
    for (const [type, handler, options] of this.listeners) this.canvas.removeEventListener(type, handler, options);
    this.listeners = [];
    if (surfaces.get(this.canvas) === this) surfaces.delete(this.canvas);
    clearTimeout(this.pressTimer);
    clearTimeout(this.hoverTimer);
    this.hideBubble();
    this.canvas.style.cursor = "";
  }
}

/** view.targets grouped by the thing they belong to: Map("kind:id" -> [target]). */
export function targetsByThing(targets) {
  const byThing = new Map();
  for (const target of targets || []) {
    const key = `${target.thing.kind}:${target.thing.id}`;
    if (!byThing.has(key)) byThing.set(key, []);
    byThing.get(key).push(target);
  }
  return byThing;
}

/** Why touching `thing` (then `to`) is not a move now, from view.refusals (py/gamebox/core/game.py Refusal: a list
 * of {thing, to?, key, params}): {key, params}, or null. @param {Record<string, any>} view
 * @param {{kind: string, id: string}} thing @param {{kind: string, id: string}} [to] */
export function refusalFor(view, thing, to) {
  const refusals = view?.refusals;
  if (!refusals) return null;
  const same = (/** @type {any} */ a, /** @type {any} */ b) => Boolean(a) && Boolean(b) && a.kind === b.kind && String(a.id) === String(b.id);
  if (!Array.isArray(refusals)) { // an older view's shape: {id: refusal}
    const found = refusals[thing.id];
    return found && !to ? { key: found.key, params: found.params || {} } : null;
  }
  const found = refusals.find((refusal) => same(refusal.thing, thing) && (to ? same(refusal.to, to) : !refusal.to));
  return found ? { key: found.key, params: found.params || {} } : null;
}
