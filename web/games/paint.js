// @ts-check
// The paint kit: one palette and fonts; text that is measured and then wrapped or shrunk to fit its box, never cut
// (what still cannot fit is recorded, and tests assert there is none); panel, button, token and gem.
import { roundRect } from "./common.js";

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

/** Whether `text` fits in `box` with fitText's options (at `minSize` or more), as fitText would draw it. */
export function textFits(context, text, box, options = {}) {
  return fitting(context, text, box, options).fit?.fits ?? true;
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

