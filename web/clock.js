// @ts-check
// The table's clock (issue 22): a real-time phase (a race's round, a throw) is timed from the moment this device
// first showed it, not from the moment the page last drew it. A reload, or the screen drawn again, goes on from
// where the clock really is: waiting out a phase on a fresh page is no free look. Renderers ask through their host
// (`host.since(mark)`); the game screen keeps the marks with the saved game (web/saves.js, the "clocks" store),
// lessons, rules examples and replays keep them in this page's memory only.
import * as saves from "./saves.js";

/** @type {Map<string, number>} epoch ms of each mark's first showing, this page's memory */
const shown = new Map();
/** A mark first shown longer ago than this belongs to an earlier sitting at the same deal (a link opened again),
 * not to a reload: its clock starts again. Every real-time phase of the games is far shorter. */
const STALE_MS = 30 * 60 * 1000;

/**
 * The ms of wall-clock time since `mark` of this table was first shown on this device: 0 the first time, when its
 * clock starts. `keep` names the saved game (its game id and the bridge's `deal`) whose record keeps the mark
 * across reloads; without it the mark lives as long as the page.
 * @param {string} scope  what the marks belong to (a game and deal, a lesson) @param {string} mark
 * @param {{game: string, deal: string} | null} [keep]
 */
export function since(scope, mark, keep = null) {
  const key = `${scope}\u0000${mark}`;
  const now = Date.now();
  let start = shown.get(key) ?? (keep ? saves.clockStart(keep.game, keep.deal, mark) : null);
  if (start === null || start > now || now - start > STALE_MS) { // never shown, set back, or another sitting
    start = now;
    if (keep) saves.rememberClock(keep.game, keep.deal, mark, start);
  }
  shown.set(key, start);
  return now - start;
}

/** A new game of `game` starts on this device: the marks of its earlier games go (an explicit seed may deal the
 * same cards again). @param {string} game */
export function restartClock(game) {
  for (const key of [...shown.keys()]) if (key.startsWith(`${game}/`)) shown.delete(key);
  saves.forgetClock(game);
}
