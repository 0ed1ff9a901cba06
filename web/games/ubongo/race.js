// @ts-check
// A race's clock for the seat at this device: the sand timer, the second chance, "Ubongo!" once the tiles cover the
// card, and the round ending for this seat when another solved first (decided from the table as this seat sees it
// at the time: the bridge's view at clock_ms).
import { boardCells, currentSeat, elapsed, laidIntent, mode, targetOf, viewOf } from "./desk.js";
import { cellKey, clockText } from "./hexes.js";

/** @typedef {import("./desk.js").Desk} Desk */

/** Play `move` (a target's action, or an intent) for `seat`, waiting while the page is busy (a bot's move in
 * flight). @param {Desk} desk @param {import("../../host.js").Move} move @param {number} seat */
export async function send(desk, move, seat) {
  await desk.host.untilTurn(seat);
  desk.sending = true;
  const ok = await desk.host.act(move, seat);
  desk.sending = false;
  return ok;
}

/** The other seat that the table `v` shows solved at a time `when` accepts, fastest first; null if none.
 * @param {Desk} desk @param {Record<string, any>} v @param {(time: number) => boolean} when @returns {number | null} */
function firstSolver(desk, v, when) {
  /** @type {Record<string, any> | null} */
  let first = null;
  for (const s of v.seats) {
    if (s.seat === desk.puzzle?.seat || s.time_ms === null || s.time_ms === undefined || !when(s.time_ms)) continue;
    if (first === null || s.time_ms < first.time_ms) first = s;
  }
  return first === null ? null : first.seat;
}

/** The first sand timer has run out. Whether someone solved within it is decided from the table as this seat
 * sees it at that moment (the view at clock_ms = the timer): if so, this seat's round is over ("timeout").
 * @param {Desk} desk @param {() => void} redraw */
async function checkTimer(desk, redraw) {
  desk.timerCheck = "asking";
  const key = desk.puzzleKey;
  const view = /** @type {Record<string, any>} */ (viewOf(desk));
  const T = view.timer_ms;
  const reply = await desk.host.request({ op: "view", viewer: desk.puzzle?.seat, clock_ms: T });
  if (key !== desk.puzzleKey || desk.timerCheck !== "asking") return;
  const first = firstSolver(desk, reply && reply.ok ? reply.view : view, (time) => time < T);
  if (first === null) {
    desk.timerCheck = "second_chance";
    handInIfCovered(desk, redraw);
  } else {
    desk.timerCheck = "over";
    reportTimeout(desk, redraw, "ubongo.round_over_in_time", first);
  }
}

/** A race: once the tiles cover the card, call "Ubongo!" (hand in the solve, with this seat's clock).
 * @param {Desk} desk @param {() => void} redraw */
export async function handInIfCovered(desk, redraw) {
  const view = viewOf(desk);
  const puzzle = desk.puzzle;
  if (!view || mode(desk) !== "race" || desk.sending || !puzzle) return;
  const all = [...desk.pieces.values()];
  if (!all.every((p) => p.at)) return;
  const covered = new Set();
  for (const p of all) for (const [q, r] of boardCells(p, p.rot, p.flip, /** @type {import("./hexes.js").Cell} */ (p.at))) covered.add(cellKey(q, r));
  if (covered.size !== puzzle.boardSet.size) return;
  const built = targetOf(desk, "tile", puzzle.tiles[0].number, "solve");
  if (!built) return;
  const ms = Math.round(elapsed(desk));
  const limit = view.phase === "round" ? view.second_chance_ends_ms : Infinity;
  if (ms >= limit) return;
  if (view.phase === "round" && ms >= view.timer_ms) {
    if (desk.timerCheck !== "second_chance") return; // the timer check decides first, then looks again
    const first = firstSolver(desk, view, (time) => time <= ms); // someone called "Ubongo!" first in the second chance
    if (first !== null) { reportTimeout(desk, redraw, "ubongo.round_over_second_chance", first); return; }
  }
  const seat = puzzle.seat;
  const name = desk.host.seatName(seat);
  const ok = await send(desk, laidIntent(desk, built, ms), seat);
  if (ok) desk.host.announce(desk.t("ubongo.solved_in", { name, time: clockText(ms) }));
  redraw();
}

/** Hand in "timeout": the timer ran out twice, or (`reason`, with the seat that solved) another seat's solve
 * ended this seat's round. @param {Desk} desk @param {() => void} redraw @param {string | null} [reason]
 * @param {number | null} [solver] */
export async function reportTimeout(desk, redraw, reason = null, solver = null) {
  if (desk.reportedKey === desk.puzzleKey || desk.sending || !desk.puzzle) return;
  desk.reportedKey = desk.puzzleKey;
  desk.selected = null; desk.ghost = null; desk.drag = null;
  desk.roundNote = reason && solver !== null ? { key: reason, name: desk.host.seatName(solver) } : null;
  desk.host.announce(desk.roundNote ? desk.t(desk.roundNote.key, { name: desk.roundNote.name }) : desk.t("ubongo.time_up"));
  await send(desk, "timeout", desk.puzzle.seat);
  redraw();
}

/** The race's clock ticks: the sand timer runs out, the second chance ends, or another seat's solve (at a time this
 * seat's clock has reached) ends this seat's round. @param {Desk} desk @param {() => void} redraw */
export function raceTick(desk, redraw) {
  const view = viewOf(desk);
  if (!view || mode(desk) !== "race" || desk.clockStart === null || desk.gate || desk.shown || desk.sending || !desk.puzzle) return;
  if (currentSeat(desk) === null) return;
  const e = elapsed(desk);
  if (view.phase === "round") {
    const T = view.timer_ms;
    if (e >= view.second_chance_ends_ms - 100) reportTimeout(desk, redraw);
    else if (e >= T && desk.timerCheck === null) checkTimer(desk, redraw);
    else if (desk.timerCheck === "second_chance") {
      const first = firstSolver(desk, view, (time) => time <= e);
      if (first !== null) reportTimeout(desk, redraw, "ubongo.round_over_second_chance", first);
    }
  } else if (view.phase === "playoff") {
    const first = firstSolver(desk, view, (time) => time < e);
    if (first !== null) reportTimeout(desk, redraw, "ubongo.playoff_over", first);
  }
}
