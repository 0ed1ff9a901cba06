// @ts-check
// The table's clock (issue 22): a real-time phase (a race's round, a throw) is timed from the moment this device
// first showed it, not from the moment the page last drew it. A reload, or the screen drawn again, goes on from
// where the clock really is: waiting out a phase on a fresh page is no free look. Renderers ask through their host
// (`host.since(mark)`); the game screen keeps the marks with the saved game (web/saves.js, the "clocks" store),
// lessons, rules examples, replays and embedded games keep them in this page's memory only.
import * as saves from "./saves.js";

/** @type {Map<string, number>} epoch ms of each mark's first showing, for marks kept in this page's memory */
const shown = new Map();
/** A mark first shown longer ago than this belongs to an earlier sitting at the same deal (a link opened again),
 * not to a reload: its clock starts again. Every real-time phase of the games is far shorter. */
const STALE_MS = 30 * 60 * 1000;
/** Told when a mark's clock starts on this page (a guest's page tells its host: web/screens/join.js).
 * @type {{started: ((scope: string, mark: string) => void) | null}} */
export const clockHooks = { started: null };

/**
 * The ms of wall-clock time since `mark` of this table was first shown on this device: 0 the first time, when its
 * clock starts. With `start: false` a mark never shown gives null and starts nothing (a renderer asking whether a
 * round already began). `keep` names the saved game (its game id and the bridge's `deal`) whose record holds the
 * marks across reloads (the store is the only record then: a game that ended or was removed took its marks with
 * it); without it the mark lives as long as the page.
 * @param {string} scope  what the marks belong to (a game and deal, a lesson's step) @param {string} mark
 * @param {{keep?: {game: string, deal: string} | null, start?: boolean}} [options]
 * @returns {number | null}
 */
export function since(scope, mark, { keep = null, start = true } = {}) {
  const key = `${scope}\u0000${mark}`;
  const now = Date.now();
  let first = keep ? saves.clockStart(keep.game, keep.deal, mark) : shown.get(key) ?? null;
  if (first !== null && (first > now || now - first > STALE_MS)) first = null; // set back, or another sitting
  const starts = first === null;
  if (first === null) {
    if (!start) return null;
    first = now;
    if (keep) saves.rememberClock(keep.game, keep.deal, mark, first);
  }
  if (!keep) shown.set(key, first);
  if (starts) clockHooks.started?.(scope, mark);
  return now - first;
}

/** A game of `game` starts or ends on this device: the marks of its earlier sittings go (an explicit seed, a link
 * opened again, may deal the same cards again). @param {string} game */
export function restartClock(game) {
  for (const key of [...shown.keys()]) if (key.startsWith(`${game}/`)) shown.delete(key);
  saves.forgetClock(game);
}
