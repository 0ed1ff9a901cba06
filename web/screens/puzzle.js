// @ts-check
// The mistakes puzzles (`#/puzzle`), made of this device's reviews (docs/review.md): the position before a person's
// mistake, shown to that seat only; each try is judged by the bridge's `judge`, and best or good solves it.
import { currentLanguage, t } from "../i18n.js";
import * as saves from "../saves.js";
import { $, announce, element, showScreen } from "../dom.js";
import { gameIds, gameInfo, mountRenderer } from "../games.js";
import { engine, parseSeats, storing } from "../page.js";
import { badge, betterMove, board, boardSeats, describe, dropRenderer, host, names, reviewable, reviewError,
  reviewRoute, words } from "./review-board.js";

/** @typedef {import("../host.js").Table} Table */
/** @typedef {import("../host.js").Seat} Seat */
/** @typedef {import("../host.js").Reply} Reply */

const puzzle = {
  token: 0,
  /** @type {ReturnType<typeof saves.puzzles>[number] | null} */
  item: null,
  /** @type {Seat[]} */
  seats: [],
  /** @type {import("../host.js").Renderer | null} */
  renderer: null,
  rendererGame: "",
  /** @type {Reply | null} */
  table: null,
  state: "idle", // play, judging, solved, shown
  tables: new Map(),
};

/** The puzzles of this device's reviews: of games played in turns (a race's hand-in or a grab is no position to
 * think over). */
export function mistakes() {
  return storing() ? saves.puzzles(gameIds().filter((game) => reviewable(game) && !gameInfo(game)?.simultaneous)) : [];
}

function dropPuzzleRenderer() { dropRenderer(puzzle, "puzzle-board"); }

/** `#/puzzle` (the first one not solved yet) or `#/puzzle?id=…&ply=…`: find a better move. @param {URLSearchParams} params */
export async function openPuzzle(params) {
  const token = ++puzzle.token;
  showScreen("puzzle");
  board.actor = null;
  const all = mistakes();
  const id = params.get("id");
  const ply = Number(params.get("ply"));
  const item = all.find((one) => one.id === id && one.ply === ply) ?? all.find((one) => !one.done) ?? null;
  puzzle.item = item;
  puzzle.state = "idle";
  puzzle.tables = new Map();
  $("puzzle-feedback").textContent = "";
  $("puzzle-feedback").dataset.kind = "";
  const open = all.filter((one) => !one.done).length;
  $("puzzle-count").textContent = all.length ? t("puzzle.count", { n: all.indexOf(/** @type {any} */ (item)) + 1, total: all.length, open }) : "";
  $("puzzle-prompt").replaceChildren();
  for (const id of ["puzzle-answer", "puzzle-again", "puzzle-next", "puzzle-review"]) $(id).hidden = true;
  document.body.dataset.puzzleState = "opening";
  if (!item) {
    dropPuzzleRenderer();
    $("puzzle-prompt").replaceChildren(element("p", { text: t(all.length ? "puzzle.all_done" : "puzzle.none") }));
    document.body.dataset.puzzleState = "none";
    return null;
  }
  try { await engine.ready; } catch { return null; }
  if (token !== puzzle.token) return null;
  puzzle.seats = parseSeats(item.seats) || [];
  names.seats = puzzle.seats;
  const table = await puzzleTable(item);
  if (token !== puzzle.token) return null;
  if (!table.ok) {
    $("puzzle-prompt").replaceChildren(element("p", { text: reviewError(/** @type {any} */ (table.error)) }));
    return null;
  }
  if (puzzle.rendererGame !== `${item.game}/${puzzle.seats.length}`) { // as openReview: other seats, a new renderer
    dropPuzzleRenderer();
    const renderer = await mountRenderer(item.game, $("puzzle-board"), host);
    if (token !== puzzle.token) { renderer.destroy(); return null; }
    puzzle.renderer = renderer;
    puzzle.rendererGame = `${item.game}/${puzzle.seats.length}`;
  }
  $("puzzle-board").setAttribute("aria-label", t("board.label", { game: t(`game.${item.game}.title`) }));
  $("puzzle-review").hidden = false;
  $("puzzle-review").setAttribute("href", reviewRoute(item.code, item.seats));
  play(table);
  const played = describe(puzzle.renderer, table, item.action);
  $("puzzle-prompt").replaceChildren(
    element("p", { class: "puzzle-title" }, [element("strong", { text: t(`game.${item.game}.title`) }), " · ", badge(item.verdict)]),
    element("p", { text: words.t("puzzle.prompt", { seat: item.seat, move: played, n: item.ply + 1 }) }),
    element("p", { class: "puzzle-find", text: words.t("puzzle.find", { seat: item.seat }) }),
  );
  if (item.done) say(t("puzzle.done_before"), "ok");
  return item;
}

/** The puzzle's position, before the move, shown to the seat that made it only. @param {NonNullable<typeof puzzle.item>} item */
async function puzzleTable(item) {
  const seats = parseSeats(item.seats) || [];
  return engine.request({ op: "replay", code: item.code, step: item.ply, seats: boardSeats(seats, item.seat, item.game),
    viewer: item.seat });
}

/** The person's turn: the board offers the seat's moves. @param {Reply} table */
function play(table) {
  const item = puzzle.item;
  if (!item || !puzzle.renderer) return;
  puzzle.table = table;
  puzzle.state = "play";
  board.actor = item.seat;
  board.act = tryMove;
  puzzle.renderer.draw(/** @type {Table} */ (table), undefined, { animate: false });
  document.body.dataset.puzzleState = "play";
}

/** @param {string} text @param {string} kind */
function say(text, kind) {
  $("puzzle-feedback").textContent = text;
  $("puzzle-feedback").dataset.kind = kind;
  announce(text);
}

/** A try: the engine judges it as a review would (the bridge's `judge`); best or good solves the puzzle.
 * @param {import("../host.js").Move} move */
async function tryMove(move) {
  const item = puzzle.item;
  if (!item || puzzle.state !== "play" || document.body.dataset.screen !== "puzzle") return false;
  const action = typeof move === "string" ? move : typeof move.action === "string" && Object.keys(move).length === 1 ? move.action : null;
  if (action === null) { say(t("puzzle.by_targets"), "refused"); return false; }
  const token = puzzle.token;
  puzzle.state = "judging";
  board.actor = null;
  document.body.dataset.puzzleState = "judging";
  say(t("puzzle.judging"), "");
  const reply = await engine.request({ op: "judge", code: item.code, ply: item.ply, action });
  if (token !== puzzle.token) return false;
  const before = /** @type {Reply} */ (puzzle.table);
  const said = describe(puzzle.renderer, before, action);
  if (!reply.ok) {
    say(reviewError(/** @type {any} */ (reply.error)), "refused");
    play(before);
    return false;
  }
  const verdict = reply.move.verdict;
  if (verdict === "best" || verdict === "good") {
    puzzle.state = "solved";
    saves.solvePuzzle(item.id, item.ply);
    document.body.dataset.puzzleState = "solved";
    say(t("puzzle.solved", { move: said }), "ok");
    // the move played, on the board
    const after = await engine.request({ op: "view", viewer: item.seat });
    if (token === puzzle.token && after.ok && puzzle.renderer) puzzle.renderer.draw(/** @type {Table} */ (after), undefined, { animate: false });
    $("puzzle-next").hidden = !mistakes().some((one) => !one.done);
    $("puzzle-again").hidden = true;
    $("puzzle-answer").hidden = true;
    return true;
  }
  puzzle.state = "wrong";
  document.body.dataset.puzzleState = "wrong";
  say(t(action === item.action ? "puzzle.same" : "puzzle.not_better", { move: said, verdict: t(`review.verdict.${verdict}`).toLocaleLowerCase(currentLanguage()) }), "refused");
  $("puzzle-again").hidden = false;
  $("puzzle-answer").hidden = false;
  return false;
}

/** Try again: the position before the move, the board's moves offered again. */
async function again() {
  const item = puzzle.item;
  if (!item) return;
  const token = puzzle.token;
  const table = await puzzleTable(item);
  if (token !== puzzle.token || !table.ok) return;
  say("", "");
  $("puzzle-again").hidden = true;
  play(table);
  // the board back in view (Try again is below it on a phone), ready for the next try
  $("puzzle-stage").scrollIntoView({ block: "nearest" });
  $("puzzle-board").focus({ preventScroll: true });
}

/** Show the answer: the better move on the board (the renderer's hint) and in words. */
async function answer() {
  const item = puzzle.item;
  if (!item || !puzzle.renderer) return;
  const token = puzzle.token;
  const table = await puzzleTable(item);
  if (token !== puzzle.token || !table.ok) return;
  puzzle.table = table;
  $("puzzle-stage").scrollIntoView({ block: "nearest" });
  puzzle.renderer.draw(/** @type {Table} */ (table), undefined, { animate: false });
  board.actor = item.seat; // renderers show a hint to the seat that may act
  board.act = async () => false;
  const data = await betterMove(item);
  if (token !== puzzle.token || !puzzle.renderer) return;
  puzzle.renderer.showHint?.(item.best, data);
  puzzle.state = "shown";
  document.body.dataset.puzzleState = "shown";
  say(t("puzzle.answer", { move: describe(puzzle.renderer, table, item.best) }), "ok");
  $("puzzle-answer").hidden = true;
  $("puzzle-again").hidden = false;
  $("puzzle-next").hidden = !mistakes().some((one) => !one.done && !(one.id === item.id && one.ply === item.ply));
}

/** What the person can do on the puzzle's board now (window.gamebox.targets on this screen). */
export function puzzleTargets() {
  return puzzle.renderer && puzzle.state === "play" && puzzle.renderer.targets ? puzzle.renderer.targets() : [];
}


/** The puzzle screen's buttons and keys; leaving it stops its board. */
export function wirePuzzle() {
  document.addEventListener("screen", (event) => {
    if (/** @type {CustomEvent} */ (event).detail === "puzzle") return;
    puzzle.token++;
    puzzle.state = "idle";
    if (puzzle.renderer) dropPuzzleRenderer();
  });
  $("puzzle-stage").addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (/** @type {HTMLElement} */ (event.target).id === "puzzle-board" && puzzle.state === "play") puzzle.renderer?.keydown?.(event);
  });
  $("puzzle-again").addEventListener("click", again);
  $("puzzle-answer").addEventListener("click", answer);
  $("puzzle-next").addEventListener("click", () => {
    const next = mistakes().find((one) => !one.done && !(puzzle.item && one.id === puzzle.item.id && one.ply === puzzle.item.ply));
    if (next) location.hash = `#/puzzle?id=${encodeURIComponent(next.id)}&ply=${next.ply}`;
  });
  document.addEventListener("languagechange", () => {
    if (document.body.dataset.screen === "puzzle" && puzzle.item) {
      openPuzzle(new URLSearchParams({ id: puzzle.item.id, ply: String(puzzle.item.ply) }));
    }
  });
}
