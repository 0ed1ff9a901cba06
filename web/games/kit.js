// The renderer kit: what every board shares, so that a renderer is only layout, art and the mapping of Python's
// targets (view.targets, see py/gamebox/core/targets.py) to shapes.
//
// - Surface: the canvas sized to its container at devicePixelRatio, keeping the drawing's aspect ratio; one
//   transform from pointer, touch and pen events to board units; hit regions registered by the renderer each
//   frame, with hover (a pointer cursor and, after a moment, a description), long-press descriptions on touch,
//   keyboard navigation between regions (arrow keys move to the nearest region that way, Enter or Space acts);
//   bubbles that say something next to a place ("That peg cannot move: ..."); and targets() in CSS pixels of the
//   viewport, for tests and tools.
// - The paint kit: one palette and fonts; text that is measured and then wrapped or shrunk to fit its box, never
//   cut (what still cannot fit is recorded, and tests assert there is none); panel, button, token and gem.
import { fitCanvas, pagePosition, pointerPosition, roundRect, tween } from "./common.js";

export { roundRect, tween };

/** A phone held sideways, or any short wide window: the page puts the board beside its panel, as tall as the
 * window (web/style.css's landscape block, web/screens/game.js fitBoardToScreen; Surface.available()). */
export const LANDSCAPE = "(min-aspect-ratio: 4/3) and (max-height: 560px)";

/** The boards' letters are the page's (web/style.css's :root font-family): Noto Sans, shipped with the page (its
 * @font-face, from the pinned npm package @fontsource-variable/noto-sans; docs/offline-and-csp.md "The font"), so a
 * text is as wide on every device as in the tests that check it fits. The system's fonts stand in only where a
 * letter is outside its two subsets. Read once, when the first text is measured (the style sheet is there then). */
let fontFamily = "";
function boardFontFamily() {
  if (!fontFamily) fontFamily = (globalThis.document && getComputedStyle(document.documentElement).fontFamily) || "sans-serif";
  return fontFamily;
}
/** One sample of each subset the page ships (Latin, Cyrillic): a subset loads when a letter of its range is first
 * used, and one variable file serves every weight. */
const FONT_SUBSETS = ["Aa", "\u0416\u0436"];

/** One palette for every board: ink and paper, the page's accent, and the pieces' colours (fill and shade). */
export const PALETTE = {
  ink: "#1f2430",
  muted: "#5a6172",
  paper: "#fffdf8",
  panel: "#fffdf8",
  panelEdge: "#d9cfbd",
  panelActive: "#fff4cf",
  accent: "#2b5fab",
  accentInk: "#ffffff",
  disabled: "#9aa1ad",
  hint: "#f5a623",
  focus: "#1a73e8",
  danger: "#c0392b",
  good: "#2e9e5b",
  shadow: "rgba(0, 0, 0, 0.35)",
  colours: {
    red: { fill: "#d8433a", dark: "#8f231c", ink: "#ffffff" },
    green: { fill: "#2e9e5b", dark: "#1b6b3b", ink: "#ffffff" },
    blue: { fill: "#2f6fd6", dark: "#1b438a", ink: "#ffffff" },
    yellow: { fill: "#f2c230", dark: "#a07a0c", ink: "#3d2c00" },
    purple: { fill: "#8e4fc2", dark: "#5a2d80", ink: "#ffffff" },
    orange: { fill: "#f08a24", dark: "#a3540b", ink: "#3a1d00" },
    white: { fill: "#f4f1ea", dark: "#a49d8e", ink: "#1f2430" },
    black: { fill: "#3a3d44", dark: "#15171b", ink: "#ffffff" },
    brown: { fill: "#9a6533", dark: "#5e3a17", ink: "#ffffff" },
    pink: { fill: "#ec7fb0", dark: "#a3446f", ink: "#3a0d22" },
  },
};

/** A canvas font: `size` px at `weight`. */
export function font(size, weight = 400) {
  return `${weight} ${Math.round(size * 10) / 10}px ${boardFontFamily()}`;
}

// -- text that fits ---------------------------------------------------------------------------------------------
const overflows = [];
const fits = new Map(); // (text, font, box) -> {size, lines}: measuring is the slow part, drawing is not

/** Every text the paint kit could not fit in its box, even at its smallest size: [{text, box, size}]. */
export function textOverflows() { return overflows.slice(); }
export function clearTextOverflows() { overflows.length = 0; }

/** Resolves once the boards' font is loaded (or could not be, after at most `waitMs`): the boot waits for it
 * before it draws a board, so nothing is measured in a stand-in font. Measures taken before are forgotten. */
export function loadBoardFont(waitMs = 3000) {
  const fonts = globalThis.document?.fonts;
  if (!fonts) return Promise.resolve();
  const loading = Promise.all(FONT_SUBSETS.map((sample) => fonts.load(font(16), sample))).catch(() => []);
  return Promise.race([loading, new Promise((resolve) => setTimeout(resolve, waitMs))]).then(() => { fits.clear(); });
}

function wrap(context, text, width, maxLines) {
  const words = text.split(" ");
  const lines = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (context.measureText(candidate).width <= width) { line = candidate; continue; }
    if (!line) return null; // one word wider than the box: a smaller size must do
    lines.push(line);
    line = word;
    if (context.measureText(word).width > width) return null;
  }
  if (line) lines.push(line);
  return lines.length <= maxLines ? lines : null;
}

function measure(context, text, box, size, weight, maxLines, minSize, lineHeight) {
  const memo = `${text}\u0000${size}|${weight}|${maxLines}|${minSize}|${Math.round(box.w)}|${Math.round(box.h)}`;
  const known = fits.get(memo);
  if (known) return known;
  let found = null;
  for (let current = size; current >= minSize - 1e-9; current -= 0.5) {
    context.font = font(current, weight);
    const allowed = Math.max(1, Math.min(maxLines, Math.floor((box.h + 1e-6) / (current * lineHeight))));
    const lines = wrap(context, text, box.w, allowed);
    if (lines) { found = { size: current, lines, fits: true }; break; }
  }
  if (!found) {
    context.font = font(minSize, weight);
    found = { size: minSize, lines: wrap(context, text, Number.MAX_VALUE, 1), fits: false };
  }
  if (fits.size > 4000) fits.clear();
  fits.set(memo, found);
  return found;
}

/** Draw `text` inside `box` ({x, y, w, h}): at `size`, or wrapped onto up to `lines` lines, or shrunk (down to
 * `minSize`) until it fits. Returns the size used. Text that cannot fit even so is drawn at the smallest size
 * and recorded (textOverflows()): a test failure, never a silent cut. */
export function fitText(context, text, box, options = {}) {
  const { size = 14, weight = 400, colour = PALETTE.ink, align = "center", valign = "middle", lineHeight = 1.2 } = options;
  const { words, fit } = fitting(context, text, box, options);
  if (!fit) return size;
  if (!fit.fits) overflows.push({ text: words, box: { ...box }, size: fit.size });
  context.save();
  context.font = font(fit.size, weight);
  context.fillStyle = colour;
  context.textAlign = align;
  context.textBaseline = "middle";
  const step = fit.size * lineHeight;
  const height = step * fit.lines.length;
  let top = box.y + step / 2;
  if (valign === "middle") top = box.y + (box.h - height) / 2 + step / 2;
  else if (valign === "bottom") top = box.y + box.h - height + step / 2;
  const x = align === "left" ? box.x : align === "right" ? box.x + box.w : box.x + box.w / 2;
  fit.lines.forEach((line, index) => context.fillText(line, x, top + index * step + fit.size * 0.04));
  context.restore();
  return fit.size;
}

/** Draw the first of `texts` (the fullest wording first, then shorter ones) that fits in `box` at `minSize` or
 * more, with fitText's options; the last is drawn whatever it takes (and recorded if even it cannot fit). */
export function fitFirst(context, texts, box, options = {}) {
  const chosen = texts.find((text) => fitting(context, text, box, options).fit?.fits) ?? texts[texts.length - 1];
  return fitText(context, chosen, box, options);
}

/** `text` with its spaces made single, and how it fits in `box` with fitText's options (null: no text). */
function fitting(context, text, box, {
  size = 14, weight = 400, lines = 1, minSize = Math.max(8, Math.round(size * 0.6)), lineHeight = 1.2,
} = {}) {
  const words = String(text ?? "").replace(/\s+/g, " ").trim();
  return { words, fit: words ? measure(context, words, box, size, weight, lines, minSize, lineHeight) : null };
}

// -- the paint kit's shapes -------------------------------------------------------------------------------------
/** A panel: a rounded card with an edge (a side panel, a score box, a player's area). */
export function panel(context, box, { fill = PALETTE.panel, edge = PALETTE.panelEdge, radius = 10, lineWidth = 1,
  shadow = false } = {}) {
  context.save();
  if (shadow) {
    context.shadowColor = "rgba(0, 0, 0, 0.18)";
    context.shadowBlur = 8;
    context.shadowOffsetY = 2;
  }
  roundRect(context, box.x, box.y, box.w, box.h, radius);
  context.fillStyle = fill;
  context.fill();
  context.restore();
  if (edge) {
    roundRect(context, box.x, box.y, box.w, box.h, radius);
    context.strokeStyle = edge;
    context.lineWidth = lineWidth;
    context.stroke();
  }
}

/** A button drawn on the board, with its label fitted; `primary` is the accent colour, `disabled` is grey,
 * `focused` and `hovered` come from the Surface. */
export function button(context, box, label, { primary = true, disabled = false, focused = false, hovered = false,
  size = 15 } = {}) {
  const fill = disabled ? "#e4e6ea" : primary ? PALETTE.accent : PALETTE.paper;
  const ink = disabled ? PALETTE.disabled : primary ? PALETTE.accentInk : PALETTE.accent;
  panel(context, box, { fill: hovered && !disabled ? (primary ? "#234f90" : "#eef3fb") : fill,
    edge: primary ? "#ffffff" : PALETTE.accent, radius: Math.min(12, box.h / 3), lineWidth: 2, shadow: !disabled });
  fitText(context, label, { x: box.x + 8, y: box.y + 2, w: box.w - 16, h: box.h - 4 },
    { size, weight: 700, colour: ink, lines: 2 });
  if (focused) focusRing(context, box);
}

/** The keyboard focus ring around a box. */
export function focusRing(context, box, radius = 10) {
  context.save();
  roundRect(context, box.x - 3, box.y - 3, box.w + 6, box.h + 6, radius + 3);
  context.strokeStyle = PALETTE.focus;
  context.lineWidth = 3;
  context.setLineDash([6, 3]);
  context.stroke();
  context.restore();
}

/** A round token (a peg, a counter, a ball) lit from the top left, with an optional letter on it.
 * @param {CanvasRenderingContext2D} context @param {number} x @param {number} y @param {number} r
 * @param {{fill?: string, dark?: string, ink?: string, letter?: string, lifted?: boolean}} [style] */
export function token(context, x, y, r, { fill, dark, ink = "#ffffff", letter = "", lifted = false } = {}) {
  context.save();
  context.beginPath();
  context.ellipse(x + r * 0.12, y + r * (lifted ? 0.4 : 0.22), r, r * 0.9, 0, 0, Math.PI * 2);
  context.fillStyle = PALETTE.shadow;
  context.fill();
  const body = context.createRadialGradient(x - r / 3, y - r / 3, r * 0.12, x, y, r);
  body.addColorStop(0, "#ffffff");
  body.addColorStop(0.18, fill);
  body.addColorStop(1, dark || fill);
  context.beginPath();
  context.arc(x, y, r, 0, Math.PI * 2);
  context.fillStyle = body;
  context.fill();
  context.strokeStyle = "rgba(0, 0, 0, 0.45)";
  context.lineWidth = 1;
  context.stroke();
  context.restore();
  if (letter) fitText(context, letter, { x: x - r * 0.8, y: y - r * 0.7, w: r * 1.6, h: r * 1.4 },
    { size: Math.round(r * 0.8), weight: 700, colour: ink, minSize: 6 });
}

/** A cut gem: a facetted shape in `colour`'s fill and shade, `size` across. */
export function gem(context, x, y, size, colour) {
  const shade = PALETTE.colours[colour] || { fill: colour, dark: colour };
  const r = size / 2;
  const points = [[0, -r], [r * 0.95, -r * 0.3], [r * 0.6, r * 0.85], [-r * 0.6, r * 0.85], [-r * 0.95, -r * 0.3]];
  context.save();
  context.translate(x, y);
  context.beginPath();
  points.forEach(([px, py], index) => (index ? context.lineTo(px, py) : context.moveTo(px, py)));
  context.closePath();
  const body = context.createLinearGradient(-r, -r, r, r);
  body.addColorStop(0, "#ffffff");
  body.addColorStop(0.25, shade.fill);
  body.addColorStop(1, shade.dark);
  context.fillStyle = body;
  context.fill();
  context.strokeStyle = shade.dark;
  context.lineWidth = Math.max(1, size / 14);
  context.stroke();
  // the table: the flat top facet
  context.beginPath();
  context.moveTo(-r * 0.45, -r * 0.2);
  context.lineTo(0, -r * 0.55);
  context.lineTo(r * 0.45, -r * 0.2);
  context.lineTo(0, r * 0.35);
  context.closePath();
  context.fillStyle = "rgba(255, 255, 255, 0.28)";
  context.fill();
  context.restore();
}

// -- the surface: sizing, pointer, hit regions, focus, hover, bubbles, targets -----------------------------------
const LONG_PRESS_MS = 550;
const HOVER_MS = 450;

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
export class Surface {
  /** @param {HTMLCanvasElement} canvas @param {any} host
   * @param {{width?: number, height?: number, onTap?: any, describe?: any}} [options] */
  constructor(canvas, host, { width, height, onTap = null, describe = null } = {}) {
    this.canvas = canvas;
    this.host = host;
    this.onTap = onTap; // (region, point, event) => void
    this.describe = describe; // (region) => words, for hover and long press; default region.describe
    this.regions = [];
    this.focusedKey = null;
    this.hoveredKey = null;
    this.redraw = null; // set by the renderer: () => void, called when focus or hover changes
    this.width = width;
    this.height = height;
    this.context = fitCanvas(canvas, width, height);
    this.listeners = [];
    this.bubble = null;
    this.pressTimer = 0;
    this.hoverTimer = 0;
    this.suppressClick = false;
    this.listen("pointermove", (event) => this.pointerMove(event));
    this.listen("pointerleave", () => this.setHovered(null));
    this.listen("pointerdown", (event) => this.pointerDown(event));
    this.listen("pointerup", () => clearTimeout(this.pressTimer));
    this.listen("pointercancel", () => clearTimeout(this.pressTimer));
    this.listen("contextmenu", (event) => { if (event.pointerType !== "mouse") event.preventDefault(); });
    if (onTap) this.listen("click", (event) => this.click(event));
  }

  listen(type, handler) {
    this.canvas.addEventListener(type, handler);
    this.listeners.push([type, handler]);
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
    let parent = this.canvas.parentElement;
    while (parent && !parent.clientWidth && parent.parentElement) parent = parent.parentElement; // display: contents
    const width = parent && parent.clientWidth ? parent.clientWidth : window.innerWidth;
    const limit = parseFloat(getComputedStyle(this.canvas).maxHeight);
    const height = Number.isFinite(limit) && limit > 0 ? Math.min(limit, window.innerHeight) : window.innerHeight;
    const landscape = Boolean(this.canvas.closest?.("#screen-game, #screen-learn")) && !document.body.classList.contains("embed")
      && Boolean(window.matchMedia?.(LANDSCAPE).matches);
    return { width, height, portrait: width < 640 && !landscape, landscape };
  }

  /** A pointer event's position in board units. */
  point(event) { return pointerPosition(this.canvas, event); }

  begin() { this.regions = []; }

  /** Register a region. `shape` is {circle: [x, y, r]}, {rect: [x, y, w, h]} or {polygon: [[x, y], ...]}.
   * `key` names it across frames (focus and hover survive a redraw); `value` is what onTap gets; `target` is a
   * target from view.targets (its action is what a tap plays), or `label` words a tap that only selects;
   * `drag` ({x, y} in board units) makes it a drag to that point; `describe` words it for hover and long press;
   * `focusable` (default true) puts it in the keyboard order. The last region added on top wins a tap.
   * @param {any} shape @param {{key?: string, value?: any, target?: any, label?: string, drag?: any,
   *   describe?: string, focusable?: boolean}} [options] */
  region(shape, { key, value = null, target = null, label = "", drag = null, describe = "", focusable = true } = {}) {
    const region = { shape, key: key ?? `${this.regions.length}`, value, target, label, drag, describe, focusable };
    this.regions.push(region);
    return region;
  }

  at(point) {
    for (let i = this.regions.length - 1; i >= 0; i--) if (inside(this.regions[i], point)) return this.regions[i];
    return null;
  }

  get focused() { return this.regions.find((region) => region.key === this.focusedKey) || null; }
  get hovered() { return this.regions.find((region) => region.key === this.hoveredKey) || null; }
  isFocused(key) { return this.focusedKey === key && document.activeElement === this.canvas; }
  isHovered(key) { return this.hoveredKey === key; }

  /** Draw the focus ring around the focused region (call at the end of a frame). */
  drawFocus() {
    const region = this.focused;
    if (!region || document.activeElement !== this.canvas) return;
    const box = bounds(region.shape);
    focusRing(this.context, box, region.shape.circle ? box.w / 2 : 8);
  }

  setHovered(key) {
    if (key === this.hoveredKey) return;
    this.hoveredKey = key;
    this.redraw?.();
  }

  pointerMove(event) {
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
    if (event.pointerType === "mouse") return;
    const point = this.point(event);
    const region = this.at(point);
    if (!region) return;
    this.pressTimer = setTimeout(() => { this.suppressClick = true; this.explain(region); }, LONG_PRESS_MS);
  }

  click(event) {
    if (this.suppressClick) { this.suppressClick = false; return; }
    const point = this.point(event);
    const region = this.at(point);
    clearTimeout(this.hoverTimer); // a click is an act: no description pops up after it
    this.hideBubble("describe");
    if (region && region.focusable) this.focusedKey = region.key;
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
      this.redraw?.();
      return true;
    }
    if ((key === "Enter" || key === " ") && current && this.onTap) {
      const box = bounds(current.shape);
      this.onTap(current, { x: box.x + box.w / 2, y: box.y + box.h / 2 }, event);
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
   * every region with a target or a label, and drags ({kind: "drag", x, y, x2, y2, label}). */
  targets() {
    const found = [];
    for (const region of this.regions) {
      if (!region.target && !region.label && !region.drag) continue;
      const point = this.tapPoint(region);
      if (!point) continue;
      const at = pagePosition(this.canvas, point.x, point.y);
      const label = region.label || (region.target ? this.host.t(region.target.key, region.target.params) : "");
      if (region.drag) {
        const to = pagePosition(this.canvas, region.drag.x, region.drag.y);
        found.push({ kind: "drag", x: at.x, y: at.y, x2: to.x, y2: to.y, label,
          ...(region.target ? { action: region.target.action } : {}) });
      } else {
        found.push({ kind: "tap", x: at.x, y: at.y, label, ...(region.target ? { action: region.target.action } : {}) });
      }
    }
    return found;
  }

  destroy() {
    for (const [type, handler] of this.listeners) this.canvas.removeEventListener(type, handler);
    this.listeners = [];
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
