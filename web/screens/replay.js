// @ts-check
// The replay: a game watched step by step on the game screen (docs/saves-and-replays.md). The session is in its
// `replaying` state; this module has the controls, the autoplay and the keys, and the way back into play.
import { t } from "../i18n.js";
import { $, errorText, notice } from "../dom.js";
import { seatsParam, session } from "../page.js";
import { openReplayLink, writeAddress } from "./game.js";

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

/** The step asked for last while steps are on their way (clicks and keys faster than the engine), else null. */
let aim = /** @type {number | null} */ (null);
/** Whether a step's request is on its way. */
let stepping = false;

/** The step the controls count from: the one asked for last, else the one on screen (null outside a replay). */
function place() {
  const watched = session.replay;
  return watched ? aim ?? watched.step : null;
}

/** Show step `step` (clamped) of the replay: true when it moved. Asked while a step is on its way, it only moves
 * the aim (the last one asked for wins, and Back and Forward count from it), so twenty fast clicks on Last make
 * one request, not twenty, and nothing acts on a replay that was left meanwhile. @param {number} step */
async function replayStep(step, { fromAuto = false } = {}) {
  if (!fromAuto) stopAutoplay();
  const watched = session.replay;
  if (!watched) return false;
  aim = Math.max(0, Math.min(step, watched.steps));
  renderReplayControls();
  if (stepping) return false;
  stepping = true;
  let moved = false;
  try {
    while (session.replay === watched && aim !== null && aim !== watched.step) {
      const reply = await session.step(aim);
      if (!reply) break; // the replay was left, or is busy with something else
      if (!reply.ok) { notice(errorText(reply.error), "error"); stopAutoplay(); break; }
      moved = true;
    }
  } finally {
    stepping = false;
    aim = null;
  }
  renderReplayControls();
  return moved;
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
  const heading = place() ?? step; // where the steps on their way go: the buttons count from there
  $("replay-step").textContent = step <= 0 ? t("replay.start", { steps }) : t("replay.step", { step, steps });
  $("replay-first").disabled = heading <= 0;
  $("replay-back").disabled = heading <= 0;
  $("replay-forward").disabled = heading >= steps;
  $("replay-last").disabled = heading >= steps;
  $("replay-auto").disabled = steps === 0;
  steadyWidth($("replay-auto"), [t("replay.play"), t("replay.pause")]);
  $("replay-auto").textContent = auto !== null ? t("replay.pause") : t("replay.play");
  $("replay-auto").setAttribute("aria-pressed", auto !== null ? "true" : "false");
  $("replay-resume").disabled = !session.table || session.table.is_over;
}

/** Give `button` the width of its widest label, so that changing its label (Play, Pause) never moves the buttons
 * after it under a thumb. Measured once per wording, in em (a phone and a desktop draw it at other sizes).
 * @param {HTMLElement} button @param {string[]} labels */
function steadyWidth(button, labels) {
  const wording = labels.join("\n");
  if (button.dataset.widthOf === wording) return;
  const shown = button.textContent;
  button.style.minWidth = "";
  let widest = 0;
  for (const label of labels) {
    button.textContent = label;
    widest = Math.max(widest, button.getBoundingClientRect().width);
  }
  button.textContent = shown;
  const em = parseFloat(getComputedStyle(button).fontSize);
  if (!widest || !em) return; // not laid out yet: measured at the next render
  // in em, so that it follows the text's size; rounded up (half a pixel more than the widest, whole), never down
  button.style.minWidth = `${((Math.ceil(widest) + 0.5) / em).toFixed(4)}em`;
  button.dataset.widthOf = wording;
}

/** @param {KeyboardEvent} event */
function replayKey(event) {
  const watched = session.replay;
  const step = place();
  if (!watched || step === null) return;
  /** @type {Record<string, number>} */
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: watched.steps };
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
  // the replay follows the session: its controls with every state, its address with every table it shows
  session.addEventListener("state", () => {
    if (session.state !== "replaying" && session.state !== "waiting" && auto !== null) { clearTimeout(auto); auto = null; }
    renderReplayControls();
  });
  session.addEventListener("table", (event) => {
    renderReplayControls();
    if (session.replay) writeAddress(replayUrl(/** @type {CustomEvent} */ (event).detail.table));
  });
  $("btn-replay").addEventListener("click", toReplay);
  $("btn-over-replay").addEventListener("click", () => { $("game-over").hidden = true; toReplay(); });
  $("replay-first").addEventListener("click", () => replayStep(0));
  // each counts from the step asked for last (place), which may still be on its way
  $("replay-back").addEventListener("click", () => { const step = place(); if (step !== null) replayStep(step - 1); });
  $("replay-forward").addEventListener("click", () => { const step = place(); if (step !== null) replayStep(step + 1); });
  $("replay-last").addEventListener("click", () => { const watched = session.replay; if (watched) replayStep(watched.steps); });
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
