// @ts-check
// The replay: a game watched step by step on the game screen (docs/saves-and-replays.md). The session is in its
// `replaying` state; this module has the controls, the autoplay and the keys, and the way back into play.
import { t } from "../i18n.js";
import { $, errorText, notice } from "../dom.js";
import { seatsParam, session } from "../page.js";
import { openReplayLink } from "./game.js";

const REPLAY_AUTO_MS = 900;

/** Autoplay's next step, while it runs. @type {ReturnType<typeof setTimeout> | null} */
let auto = null;

/** What this page remembers between routes: the own record a replay of a secret deal shows (kept out of the URL),
 * and the game to play on from (`#/play?resume=1`). */
export const kept = {
  ownCode: "",
  /** @type {{code: string, seats: import("../host.js").Seat[]} | null} */
  resume: null,
};

/** The replay on screen, or null. */
export function replay() { return session.replay; }

/** The address of the replay on screen. @param {import("../host.js").Table} table */
export function replayUrl(table) {
  const watched = /** @type {import("../session.js").Replay} */ (session.replay);
  const seats = encodeURIComponent(seatsParam(table.seats));
  const code = watched.own ? "own=1" : `code=${encodeURIComponent(watched.code)}`;
  return `#/replay?${code}&seats=${seats}&step=${watched.step}`;
}

/** `#/replay?...`: the replay, with its controls in reach. @param {URLSearchParams} params */
export async function openReplay(params) {
  const reply = await openReplayLink(params, kept.ownCode);
  if (reply) $("replay-controls").querySelector("button:not(:disabled)")?.focus({ preventScroll: true });
  return reply;
}

/** Show step `step` (clamped) of the replay: true when it moved. @param {number} step */
async function replayStep(step, { fromAuto = false } = {}) {
  if (!fromAuto) stopAutoplay();
  const reply = await session.step(step);
  if (!reply) return false;
  if (!reply.ok) { notice(errorText(reply.error), "error"); stopAutoplay(); return false; }
  return true;
}

function stopAutoplay() {
  if (auto !== null) clearTimeout(auto);
  auto = null;
  renderReplayControls();
}

function toggleAutoplay() {
  const watched = session.replay;
  if (!watched) return;
  if (auto !== null) { stopAutoplay(); return; }
  const tick = async () => {
    if (session.replay !== watched || auto === null) return;
    // at the end: play again from the start
    const moved = await replayStep(watched.step >= watched.steps ? 0 : watched.step + 1, { fromAuto: true });
    if (session.replay !== watched || auto === null) return;
    if (!moved || watched.step >= watched.steps) { stopAutoplay(); return; }
    auto = setTimeout(tick, REPLAY_AUTO_MS);
  };
  auto = setTimeout(tick, 0);
  renderReplayControls();
}

export function renderReplayControls() {
  const watched = session.replay;
  $("replay-controls").hidden = !watched;
  if (!watched) return;
  const { step, steps } = watched;
  $("replay-step").textContent = step <= 0 ? t("replay.start", { steps }) : t("replay.step", { step, steps });
  $("replay-first").disabled = step <= 0;
  $("replay-back").disabled = step <= 0;
  $("replay-forward").disabled = step >= steps;
  $("replay-last").disabled = step >= steps;
  $("replay-auto").disabled = steps === 0;
  $("replay-auto").textContent = auto !== null ? t("replay.pause") : t("replay.play");
  $("replay-auto").setAttribute("aria-pressed", auto !== null ? "true" : "false");
  $("replay-resume").disabled = !session.table || session.table.is_over;
}

/** @param {KeyboardEvent} event */
function replayKey(event) {
  const watched = session.replay;
  if (!watched) return;
  /** @type {Record<string, number>} */
  const moves = { ArrowLeft: watched.step - 1, ArrowRight: watched.step + 1, Home: 0, End: watched.steps };
  if (event.key in moves) { event.preventDefault(); replayStep(moves[event.key]); }
  else if (event.key === " " || event.key === "Enter") { event.preventDefault(); toggleAutoplay(); }
}

/** Watch the game on screen from its start. */
function toReplay() {
  const table = session.table;
  if (!table) return;
  const seats = encodeURIComponent(seatsParam(table.seats));
  if (table.share) { location.hash = `#/replay?code=${encodeURIComponent(table.share)}&seats=${seats}&step=0`; return; }
  // a game whose deal stays secret: replay this device's own record of it, and keep its code out of the URL
  kept.ownCode = table.resume;
  location.hash = `#/replay?own=1&seats=${seats}&step=0`;
}

export function wireReplay() {
  session.addEventListener("state", () => {
    if (session.state !== "replaying" && session.state !== "waiting" && auto !== null) { clearTimeout(auto); auto = null; }
  });
  $("btn-replay").addEventListener("click", toReplay);
  $("btn-over-replay").addEventListener("click", () => { $("game-over").hidden = true; toReplay(); });
  $("replay-first").addEventListener("click", () => replayStep(0));
  $("replay-back").addEventListener("click", () => session.replay && replayStep(session.replay.step - 1));
  $("replay-forward").addEventListener("click", () => session.replay && replayStep(session.replay.step + 1));
  $("replay-last").addEventListener("click", () => session.replay && replayStep(session.replay.steps));
  $("replay-auto").addEventListener("click", toggleAutoplay);
  $("replay-resume").addEventListener("click", () => {
    const table = session.table;
    if (!table || !session.replay) return;
    kept.resume = { code: table.resume, seats: table.seats };
    location.hash = table.share ? `#/play?code=${encodeURIComponent(table.share)}&seats=${encodeURIComponent(seatsParam(table.seats))}`
      : "#/play?resume=1";
  });
  $("board").parentElement.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (/** @type {HTMLElement} */ (event.target).id === "board" && session.replay) replayKey(event);
  });
}
