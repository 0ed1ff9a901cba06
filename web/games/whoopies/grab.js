// @ts-check
// The grab: each seat's run through a throw (a countdown, then the throw on the table's clock, until a catch, a pass
// or the window's end), and a hand closing on the table, sent as an intent for Python to write and hit-test.
import { activeHuman, DIE_MS, ms, plainTargets, severalHumans, view } from "./board.js";
import { toThrow } from "./layout.js";
import { say } from "./voice.js";
import { callText, cname, named } from "./words.js";

/** @typedef {import("./board.js").Board} Board */
/** @typedef {import("./board.js").Run} Run */

/** The lead-in before a throw's clock counts (the countdown), as the game declares it (games.json `realtime`,
 * Python's Game.realtime); 2100 ms until every build's games.json says it.
 * @param {Board} b @returns {number} */
export const leadInMs = (b) => b.host.info?.()?.realtime?.lead_in_ms ?? 2100;
export const HOLD_MS = 1400; // how long a catch stays on screen before the next screen

// ------------------------------------------------------------ the throw
/** @param {Board} b */
export function grabKey(b, v, seat) { return v.throw ? `${v.throw.key}/${v.round}/${seat}` : null; }

/** The table's clock of a mark (host.since: the ms since this table first showed it, on this device, kept with
 * the saved game); 0 where the host keeps none.
 * @param {Board} b */
export const clockOf = (b, mark) => (typeof b.host.since === "function" ? Math.max(0, b.host.since(mark)) : 0);

/** This seat's run through the throw. Its clock is the table's (issue 22): the mark `throw <round>/<seat>` starts
 * when the countdown first shows, and the throw starts the game's lead-in (leadInMs) later; a reload or a redraw goes on from
 * there (the countdown over, the Whoopies where they are now, the grab's ms counted from the first throw), so
 * waiting out a throw on a fresh page is no free look.
 * @param {Board} b */
export function runOf(b, v, seat) {
  const key = grabKey(b, v, seat);
  if (!key) return null;
  let run = b.grabs.get(key);
  if (!run) {
    run = { key, seat, round: v.round, mark: `throw ${v.round}/${seat}`, stage: severalHumans(b) ? "pass" : "countdown",
      since: performance.now(), clocked: false, start: null, marks: [], caught: null, passed: false, floor: 0 };
    const floor = Math.max(0, ...v.my_grabs.map((g) => g.ms));
    if (v.my_grabs.length) { // a miss already: the throw runs, at least as far as that miss
      const shown = Math.max(floor, clockOf(b, run.mark) - ms(leadInMs(b)));
      run.stage = "running";
      run.clocked = true;
      run.start = performance.now() - shown;
      run.floor = floor;
    }
    b.grabs.set(key, run);
    if (run.stage === "countdown") startCountdown(b, run, Math.max(performance.now(), b.resultUntil));
    else if (run.stage === "pass") {
      const text = b.t("whoopies.pass_device", named(b, seat));
      b.host.announce(text);
      say(b, text);
    }
  }
  return run;
}

/** @param {Board} b */
export function startCountdown(b, run, since = performance.now()) {
  run.stage = "countdown";
  run.since = since;
  run.clocked = false;
  run.spoken = false;
  b.animate();
}

/** The throw's clock: ms since this board started playing the throw (the run's start). */
export function throwMs(run, now = performance.now()) { return run.start === null ? 0 : now - run.start; }


// ------------------------------------------------------------ grabbing
/** What a hand closing on the table is (docs/rules/whoopies.md, "Targets"): an intent, the point of the table it
 * closed on (the throw's units) and the throw's clock. Python writes the grab (WhoopiesState.compose) and
 * hit-tests it: this page never writes notation, nor decides what a hand caught. */
export function grabIntent(point, run, thr) {
  const x = Math.min(thr.width, Math.max(0, point.x));
  const y = Math.min(thr.height, Math.max(0, point.y));
  const clock = Math.min(thr.window_ms, Math.max(run.floor, Math.round(throwMs(run))));
  return { intent: { point: [x, y], ms: clock }, x, y, clock };
}

/** Send `move` for the run's seat once the session lets that seat act: the session holds one request at a time
 * (host.state() is "waiting" while a grab is on its way, "bot" while a bot thinks), so a second tap is sent after
 * the first is answered, on the table that answer made. Resolves whether the rules took it.
 * @param {Board} b @param {Run} run @param {import("../../host.js").Move} move @returns {Promise<boolean>} */
async function send(b, run, move) {
  if (!(await b.host.untilTurn(run.seat))) return false;
  if (!b.table || !b.table.to_move.includes(run.seat)) return false;
  return b.host.act(move, run.seat);
}

/** A hand closes on board point `point` now: the grab is sent with the throw's clock.
 * @param {Board} b @param {Run} run @param {import("./layout.js").Point} point */
export function grabAt(b, run, point) {
  const v = view(b);
  const thr = v.throw;
  const target = (v.targets || []).find((tg) => tg.timed);
  if (!thr || !target) return;
  const made = grabIntent(toThrow(b, point), run, thr);
  run.floor = made.clock;
  run.marks.push({ x: made.x, y: made.y, at: performance.now() });
  send(b, run, made.intent).then((ok) => { if (ok) answered(b, run, v.round); });
  b.animate();
}

/** @param {Board} b @param {Run} run */
export function passRun(b, run) {
  if (run.passed || run.caught) return;
  run.passed = true;
  const target = plainTargets(b, "button").find((tg) => tg.action === "pass");
  send(b, run, target ? target.action : "pass");
}

/** A grab was answered: what did it catch? The session's table says, when its viewer is the seat that grabbed;
 * with several people on this device the viewer may already be the next one, whose view holds none of it: then
 * that seat's own view (a read-only request).
 * @param {Board} b @param {Run} run @param {number} round */
async function answered(b, run, round) {
  const table = b.table;
  let v = table && table.viewer === run.seat ? table.view : null;
  if (!v) {
    const reply = await b.host.request({ op: "view", viewer: run.seat });
    if (!reply || !reply.ok) return;
    v = reply.view;
  }
  if (run.caught) return;
  let caught = null;
  if (v.phase === "grab" && v.round === round) {
    const found = (v.my_grabs || []).find((a) => a.creature);
    if (found) caught = { creature: found.creature, part: found.part, ms: found.ms };
    else {
      run.flash = { words: () => b.t("whoopies.missed"), at: performance.now() };
      b.host.announce(run.flash.words());
      b.animate();
      return;
    }
  } else if (v.last && v.last.round === round) {
    const row = v.last.grabs.find((g) => g.seat === run.seat);
    if (row && row.creature) caught = { creature: row.creature, part: row.part, ms: row.ms };
  }
  if (caught) finishRun(b, run, caught);
}

/** @param {Board} b */
function finishRun(b, run, caught) {
  run.caught = caught;
  run.stage = "caught";
  b.hold = { key: run.key, until: performance.now() + ms(HOLD_MS) };
  // words, not a text: a language switched meanwhile words it again
  const said = () => b.t(caught.part === "tail" ? "whoopies.caught_tail" : "whoopies.caught_body", { whoopie: cname(b, caught.creature), ms: caught.ms });
  run.flash = { words: said, at: performance.now() };
  b.host.announce(said());
  b.animate();
}

/** @param {Board} b */
export function currentRun(b) {
  if (!b.table || b.betterGrab) return null; // a better grab drawn: a still picture, nobody grabs
  const v = view(b);
  const seat = activeHuman(b);
  if (v.phase !== "grab" || seat === null || b.table.viewer !== seat) return null;
  const run = b.grabs.get(grabKey(b, v, seat));
  return run && run.stage === "running" && !run.caught && !run.passed ? run : null;
}

// ------------------------------------------------------------ animation loop
/** @param {Board} b */
export function needsFrames(b) {
  if (b.betterGrab) return false; // a still picture
  const now = performance.now();
  if (b.die && now - b.die.start < ms(DIE_MS) + 50) return true;
  if (b.hold && now < b.hold.until + 50) return true;
  if (b.spectate && b.table && b.table.view.throw) return true;
  for (const run of b.grabs.values()) {
    if (run.stage === "countdown" || run.stage === "running") return true;
    if (run.stage === "caught" && throwMs(run) < (run.restMs || 2900) + 100) return true;
  }
  return false;
}

/** Time-driven changes: the countdown ends, the grab window closes.
 * @param {Board} b */
export function tick(b) {
  if (!b.table || b.betterGrab) return; // a better grab drawn: the throw stands still, nobody grabs
  
  const v = view(b);
  const now = performance.now();
  for (const run of b.grabs.values()) {
    if (run.stage === "countdown" && !run.clocked && now >= run.since && v.phase === "grab") {
      // the countdown shows now, or showed before (a reload): the table's clock says how long ago
      run.clocked = true;
      run.since = now - clockOf(b, run.mark);
    }
    if (run.stage === "countdown" && !run.spoken && now >= run.since && v.phase === "grab") {
      run.spoken = true;
      const text = callText(b, v, run.seat);
      b.host.announce(text);
      say(b, text, true);
    }
    if (run.stage === "countdown" && run.clocked && now - run.since >= ms(leadInMs(b))) {
      run.stage = "running";
      run.start = run.since + ms(leadInMs(b));
      b.canvas.dataset.throwStart = String(run.start);
      b.canvas.dataset.throwKey = run.key;
    }
    if (run.stage === "running" && v.throw && throwMs(run, now) >= v.throw.window_ms) passRun(b, run);
  }
}
