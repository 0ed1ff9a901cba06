// @ts-check
// The chart of a reviewed game (docs/review.md): each seat's value across the moves, one line per seat in its colour,
// drawn as inline SVG, with the moves a person got wrong marked in their verdict's colour and the move on the board as
// a vertical line. Its axes are labelled: what the value is (the page's words, at the top left), a scale of a few
// ticks beside it, and the move numbers below. A tap or a click anywhere on it moves the board to the nearest move;
// from the keyboard it is a slider (arrows, Home, End, Page Up/Down).

const SVG = "http://www.w3.org/2000/svg";
/** The colour of each verdict: the badge's, the chart's marks'. */
export const VERDICT_COLOURS = {
  best: "#1e7b47", good: "#4f7d1f", inaccuracy: "#2a6fb0", mistake: "#a85f00", blunder: "#b3261e",
};
/** Seat colours where a board names none (or two seats would share one). */
const FALLBACK = ["#d8433a", "#2f6fd6", "#2e9e5b", "#8e4fc2", "#f08a24", "#3a3d44"];

/**
 * @typedef {object} ChartData
 * @property {string} scale  chance, points, turns or ms
 * @property {number[] | null} start  each seat's value before the first move
 * @property {{seat: number, verdict: string | null, values: number[]}[]} moves  the moves reviewed so far
 * @property {number} total  the game's number of moves
 * @property {number} players
 * @property {string[]} colours  each seat's line colour
 * @property {number} at  the move on the board (0: the start)
 * @property {(at: number) => string} label  the slider's words for a place
 * @property {{title: string, tick: (value: number) => string}} axis  the value axis's words and its ticks' numbers
 * @property {string} moveWord  the move axis's word
 */

/** A few round values from `low` to `high` (at most `most` of them). @param {number} low @param {number} high
 * @param {number} most */
export function ticks(low, high, most) {
  const span = high - low;
  if (!(span > 0)) return [low];
  const raw = span / Math.max(1, most - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((one) => one >= raw) ?? 10 * power;
  const out = [];
  for (let value = Math.ceil(low / step) * step; value <= high + step * 1e-6; value += step) out.push(Math.round(value / step) * step);
  return out;
}

/** Distinct line colours for the seats: the board's own where it names them. @param {(string | undefined)[]} wanted */
export function seatColours(wanted) {
  const used = new Set();
  return wanted.map((colour, seat) => {
    let pick = typeof colour === "string" && /^#[0-9a-f]{3,8}$/i.test(colour) && !used.has(colour.toLowerCase()) ? colour : null;
    for (let index = 0; !pick; index++) {
      const candidate = FALLBACK[(seat + index) % FALLBACK.length];
      if (!used.has(candidate)) pick = candidate;
      if (index > FALLBACK.length) pick = FALLBACK[seat % FALLBACK.length];
    }
    used.add(pick.toLowerCase());
    return pick;
  });
}

/** @param {string} tag @param {Record<string, string | number>} attributes */
function shape(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

/** The chart in `host` (an element it fills), drawn again by `update`; `pick(at)` is told the place chosen.
 * @param {HTMLElement} host @param {(at: number) => void} pick */
export function createChart(host, pick) {
  /** @type {ChartData | null} */
  let data = null;
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (shape("svg", { class: "review-chart-svg", tabindex: 0, role: "slider",
    "aria-valuemin": 0, focusable: "true" })));
  host.replaceChildren(svg);
  let box = { w: 300, h: 120, left: 34, right: 8, top: 20, bottom: 20 };

  /** The x of place `at` (0..total). @param {number} at */
  const xOf = (at) => box.left + (data && data.total ? (at / data.total) * (box.w - box.left - box.right) : 0);

  function domain() {
    if (!data) return [0, 1];
    if (data.scale === "chance") return [0, 1];
    const values = [...(data.start || []), ...data.moves.flatMap((move) => move.values)].filter(Number.isFinite);
    if (!values.length) return [0, 1];
    let low = Math.min(...values);
    let high = Math.max(...values);
    if (high - low < 1e-9) { low -= 1; high += 1; }
    const pad = (high - low) * 0.06;
    return [low - pad, high + pad];
  }

  function draw() {
    if (!data) { svg.replaceChildren(); return; }
    const width = Math.max(120, Math.round(host.clientWidth || 300));
    const height = width < 420 ? 150 : 180;
    const [low, high] = domain();
    let values = [0, 0.5, 1];
    for (let most = 4; data.scale !== "chance" && (most === 4 || values.length < 3) && most < 9; most++) values = ticks(low, high, most);
    const words = values.map((value) => data?.axis.tick(data.scale === "turns" ? Math.abs(value) : value) ?? "");
    // the scale's widest number sets the left margin (about 6.5 px a character at the ticks' 11 px)
    const left = 10 + Math.max(2, ...words.map((word) => word.length)) * 6.5;
    box = { w: width, h: height, left, right: 10, top: 22, bottom: 32 };
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    const yOf = (/** @type {number} */ value) => box.top + (1 - (value - low) / (high - low)) * (box.h - box.top - box.bottom);
    const parts = [shape("rect", { x: 0.5, y: 0.5, width: width - 1, height: height - 1, rx: 8, class: "review-chart-frame" })];
    // the value axis: its words at the top left, a grid line and a number at each tick
    const title = shape("text", { x: 8, y: 14, class: "review-chart-title" });
    title.textContent = data.axis.title;
    parts.push(title);
    values.forEach((value, index) => {
      const y = yOf(value);
      parts.push(shape("line", { x1: box.left, x2: width - box.right, y1: y, y2: y,
        class: data?.scale === "chance" && value === 0.5 ? "review-chart-even" : "review-chart-grid" }));
      const label = shape("text", { x: box.left - 4, y: y + 3.5, "text-anchor": "end", class: "review-chart-tick", "data-axis": "value" });
      label.textContent = words[index];
      parts.push(label);
    });
    // the move axis: the move numbers below, a tick at each
    const room = Math.max(1, Math.floor((width - box.left - box.right) / 34));
    const moves = data.total > 0 ? ticks(0, data.total, Math.min(room, data.total + 1)).filter((at) => Number.isInteger(at)) : [0];
    for (const at of moves) {
      const x = xOf(at);
      parts.push(shape("line", { x1: x, x2: x, y1: height - box.bottom, y2: height - box.bottom + 3, class: "review-chart-axis" }));
      const label = shape("text", { x, y: height - box.bottom + 14, "text-anchor": at === 0 ? "start" : at === data.total && moves.length > 1 ? "end" : "middle",
        class: "review-chart-tick", "data-axis": "move" });
      label.textContent = String(at);
      parts.push(label);
    }
    const moveWord = shape("text", { x: box.left + (width - box.left - box.right) / 2, y: height - 5, "text-anchor": "middle",
      class: "review-chart-tick review-chart-moves" });
    moveWord.textContent = data.moveWord;
    parts.push(moveWord);
    parts.push(shape("line", { x1: box.left, x2: width - box.right, y1: height - box.bottom, y2: height - box.bottom, class: "review-chart-axis" }));
    // the move on the board
    parts.push(shape("line", { x1: xOf(data.at), x2: xOf(data.at), y1: 2, y2: height - 2, class: "review-chart-at" }));
    const start = data.start;
    for (let seat = 0; seat < data.players; seat++) {
      const points = [];
      if (start && Number.isFinite(start[seat])) points.push(`${xOf(0).toFixed(1)},${yOf(start[seat]).toFixed(1)}`);
      data.moves.forEach((move, index) => {
        const value = move.values[seat];
        if (Number.isFinite(value)) points.push(`${xOf(index + 1).toFixed(1)},${yOf(value).toFixed(1)}`);
      });
      if (points.length) {
        parts.push(shape("polyline", { points: points.join(" "), fill: "none", stroke: data.colours[seat],
          "stroke-width": 2.2, "stroke-linejoin": "round", "data-seat": seat, class: "review-chart-line" }));
      }
    }
    // each move a person got wrong, on its seat's line, in its verdict's colour
    data.moves.forEach((move, index) => {
      if (!move.verdict || move.verdict === "best" || move.verdict === "good") return;
      const value = move.values[move.seat];
      if (!Number.isFinite(value)) return;
      parts.push(shape("circle", { cx: xOf(index + 1), cy: yOf(value), r: move.verdict === "inaccuracy" ? 3 : 4.2,
        fill: VERDICT_COLOURS[/** @type {keyof VERDICT_COLOURS} */ (move.verdict)], stroke: "#fff", "stroke-width": 1,
        "data-verdict": move.verdict }));
    });
    svg.replaceChildren(...parts);
    svg.setAttribute("aria-valuemax", String(data.total));
    svg.setAttribute("aria-valuenow", String(data.at));
    svg.setAttribute("aria-valuetext", data.label(data.at));
    svg.dataset.drawn = String(data.moves.length);
  }

  /** The place nearest to a point of the viewport. @param {number} clientX */
  function placeAt(clientX) {
    if (!data || !data.total) return 0;
    const rect = svg.getBoundingClientRect();
    const x = (clientX - rect.left) * (box.w / (rect.width || box.w));
    const at = Math.round(((x - box.left) / (box.w - box.left - box.right)) * data.total);
    return Math.max(0, Math.min(data.moves.length, at));
  }

  svg.addEventListener("click", (event) => { if (data) pick(placeAt(event.clientX)); });
  svg.addEventListener("keydown", (event) => {
    if (!data) return;
    const last = data.moves.length;
    /** @type {Record<string, number>} */
    const keys = { ArrowLeft: data.at - 1, ArrowDown: data.at - 1, ArrowRight: data.at + 1, ArrowUp: data.at + 1,
      Home: 0, End: last, PageUp: data.at + 10, PageDown: data.at - 10 };
    if (!(event.key in keys)) return;
    event.preventDefault();
    pick(Math.max(0, Math.min(last, keys[event.key])));
  });
  // the whole box takes a tap, its margins and frame too (the svg fills it but for rounding)
  host.addEventListener("click", (event) => { if (data && event.target === host) pick(placeAt(event.clientX)); });
  const watcher = new ResizeObserver(() => draw());
  watcher.observe(host);

  return {
    svg,
    /** @param {ChartData} next */
    update(next) { data = next; draw(); },
    /** Where place `at` is drawn, in CSS pixels of the viewport (for tests and tools). @param {number} at */
    point(at) {
      const rect = svg.getBoundingClientRect();
      const scale = rect.width / (box.w || 1);
      return { x: rect.left + xOf(at) * scale, y: rect.top + rect.height / 2 };
    },
    destroy() { watcher.disconnect(); data = null; svg.replaceChildren(); },
  };
}
