// @ts-check
// What the renderer kit (kit.js) stands on: a crisp canvas at any pixel ratio, the pointer transform and the
// test-speed switch (the kit's tweens run on its frame loop, frames.js).

/** Size the canvas's backing store to the drawing's size (`width` x `height` board units) times the device pixel
 * ratio; returns the 2D context. On screen the canvas is at most that wide and never wider than its container,
 * and it always keeps the drawing's aspect ratio (a narrow phone shrinks the whole board, it never squeezes it). */
export function fitCanvas(canvas, width, height) {
  const ratio = window.devicePixelRatio || 1;
  // Sized by its limits, never by a fixed width: at most the drawing's size, the container's width and the
  // height the page allows (--board-max-height, set by app.js on a one-column screen so the turn, the scores,
  // Undo and Hint stay in view). The browser keeps the ratio of a canvas sized this way.
  canvas.style.width = "auto";
  canvas.style.maxWidth = `min(100%, ${width}px)`;
  canvas.style.maxHeight = "var(--board-max-height, none)";
  canvas.style.height = "auto";
  canvas.style.aspectRatio = `${width} / ${height}`;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.boardSize = { width, height };
  const context = canvas.getContext("2d");
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  return context;
}

/** The one pointer transform: a mouse, touch or pen event's position in board units (the units the renderer
 * draws in), whatever size the canvas is shown at. */
export function pointerPosition(canvas, event) {
  const box = canvas.getBoundingClientRect();
  const size = canvas.boardSize || { width: box.width, height: box.height };
  const sx = box.width ? size.width / box.width : 1;
  const sy = box.height ? size.height / box.height : 1;
  return { x: (event.clientX - box.left) * sx, y: (event.clientY - box.top) * sy };
}

/** Where a point in board units is on the page, in CSS pixels of the viewport (for window.gamebox.targets()). */
export function pagePosition(canvas, x, y) {
  const box = canvas.getBoundingClientRect();
  const size = canvas.boardSize || { width: box.width, height: box.height };
  return { x: box.left + x * (box.width / size.width), y: box.top + y * (box.height / size.height) };
}

/** The test-speed switch: a factor on animations and bot pacing (1 for people). Tests set
 * `window.GAMEBOX_TEST_SPEED = 0` before the page loads (Playwright's add_init_script) to skip both; a game's own
 * clocks (a sand timer, a throw in flight) are rules, and never scaled. */
export function pace() {
  const factor = Number(globalThis.GAMEBOX_TEST_SPEED);
  return Number.isFinite(factor) && factor >= 0 && globalThis.GAMEBOX_TEST_SPEED !== undefined ? factor : 1;
}

/** A rounded rectangle path. */
export function roundRect(context, x, y, w, h, r) {
  context.beginPath();
  context.moveTo(x + r, y);
  context.arcTo(x + w, y, x + w, y + h, r);
  context.arcTo(x + w, y + h, x, y + h, r);
  context.arcTo(x, y + h, x, y, r);
  context.arcTo(x, y, x + w, y, r);
  context.closePath();
}
