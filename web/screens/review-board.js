// @ts-check
// What the review (web/screens/review.js) and the mistakes puzzles (web/screens/puzzle.js) share: the verdicts, a
// review's address and refusals, and the board both draw on: its host (the seats' names, the seat that may act),
// its positions (the bridge's `replay`, as one seat saw them), the words of a move, a better move as data.
import { currentLanguage, seatWording, t } from "../i18n.js";
import { $, announce, element, errorText, linkReason } from "../dom.js";
import { gameInfo, playable } from "../games.js";
import { engine } from "../page.js";
import { VERDICT_COLOURS } from "../review-chart.js";
import { isYou, seatName } from "../seats.js";

/** @typedef {import("../host.js").Table} Table */
/** @typedef {import("../host.js").Seat} Seat */
/** @typedef {import("../host.js").Reply} Reply */
/**
 * One move of a review (core/review.py judged_move): verdict, loss and best are null for a move nobody judged (a bot's).
 * @typedef {{ply: number, seat: number, action: string, verdict: string | null, loss: number | null,
 *   best: string | null, values: number[], played_value?: number | null, best_value?: number | null,
 *   notes?: Record<string, any>, move?: Record<string, any>, best_move?: Record<string, any> | null}} Move
 * (`move` and `best_move`: the played and the better action as data, State.move_data, for the board to draw)
 */
/**
 * A review, whole or on its way.
 * @typedef {{scale: string, start: number[] | null, moves: Move[], total: number, accuracy: (number | null)[] | null,
 *   summary: Record<string, any> | null, people: number[]}} Review
 */

/** A verdict's mark, as chess annotates a move (lichess's ?!, ? and ??). */
export const VERDICT_MARKS = { best: "★", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };
export const VERDICTS = ["best", "good", "inaccuracy", "mistake", "blunder"];

/** Whether a game has a reviewer (games.json: describe()'s `review`). @param {string} game */
export function reviewable(game) {
  return Boolean(/** @type {any} */ (gameInfo(game))?.review) && playable(game);
}

/** A review's address. @param {string} code @param {string} seats */
export function reviewRoute(code, seats) {
  return `#/review?code=${encodeURIComponent(code)}&seats=${encodeURIComponent(seats)}`;
}

/** A review's refusal in words (the bridge's review.* keys are this screen's). @param {import("../host.js").BridgeError} error */
export function reviewError(error) {
  if (error.key?.startsWith("share.")) return t("error.bad_link", { reason: linkReason(error) });
  return errorText(error);
}

/** The better move of a review's entry as data for the board (its `best_move`; a review kept from before moves
 * came as data asks the engine, on the position drawn). @param {{best: string | null, best_move?: Record<string, any> | null}} entry
 * @returns {Promise<Record<string, any> | undefined>} */
export async function betterMove(entry) {
  if (entry.best_move) return entry.best_move;
  if (!entry.best) return undefined;
  const reply = await engine.request({ op: "move", action: entry.best });
  return reply.ok ? reply.move : undefined;
}

// ---------------------------------------------------------------- the board's host
/** The seats of the game reviewed (for names), and the seat the board may offer its moves to (a puzzle's, or the
 * review's while it shows a better move: renderers offer a hint only to the seat that may act). */
export const board = {
  /** @type {Seat[]} */
  seats: [],
  /** @type {number | null} */
  actor: null,
  /** @type {((move: import("../host.js").Move) => Promise<boolean>) | null} */
  act: null,
};
export const names = { seats: /** @type {Seat[]} */ ([]) };
export const words = seatWording((seat) => ({ name: seatName(names, seat), you: isYou(names, seat) }));

/** @type {import("../host.js").BoardHost} */
export const host = {
  t: words.t,
  wording: words.wording,
  announce,
  // a seat of another game's board, still drawn on a screen left meanwhile, has no name here
  seatName: (seat) => (names.seats[seat] ? seatName(names, seat) : ""),
  humanSeat: () => board.actor,
  humanSeats: () => (board.actor === null ? [] : [board.actor]),
  untilTurn: async (seat) => board.actor === seat,
  act: (move) => (board.act ? board.act(move) : Promise.resolve(false)),
  play: (move) => (board.act ? board.act(move) : Promise.resolve(false)),
  request: (request) => engine.request(request),
  since: (_mark, { start = true } = {}) => (start ? 0 : null), // a position looked at: every phase starts as drawn
  reviewing: true, // the board offers no way out of its own (Ubongo's Next puzzle, Puzzle of the day)
};

/** The seats a board is drawn with: `viewer` is the one person (its hand shown, no screen asking to pass the
 * device), every other seat a bot. @param {Seat[]} seats @param {number | null} viewer @param {string} game */
export function boardSeats(seats, viewer, game) {
  const level = gameInfo(game)?.default_bot_level || gameInfo(game)?.bot_levels?.[0] || "easy";
  return seats.map((sitter, seat) => (seat === viewer ? { kind: "human", level: "" }
    : { kind: "bot", level: sitter.kind === "bot" ? sitter.level : level }));
}

/** The game's position after `step` moves, as `viewer` saw it (the bridge's `replay`; kept for the screen's life).
 * @param {{code: string, seats: Seat[], game: string, tables: Map<string, Reply>}} game @param {number} step
 * @param {number | null} viewer */
export async function tableAt(game, step, viewer) {
  const key = `${step}/${viewer}`;
  const known = game.tables.get(key);
  if (known) return known;
  const reply = await engine.request({ op: "replay", code: game.code, step, seats: boardSeats(game.seats, viewer, game.game),
    viewer });
  if (reply.ok) {
    if (game.tables.size > 80) game.tables.clear();
    game.tables.set(key, reply);
  }
  return reply;
}

/** A move's words, as the board's renderer says it in the position before it. @param {import("../host.js").Renderer | null} renderer
 * @param {Reply} before @param {string} action */
export function describe(renderer, before, action) {
  const said = renderer?.describeAction ? renderer.describeAction(before.view, action) : "";
  return said || action;
}

/** A badge of a verdict: its mark and word, in its colour. @param {string} verdict */
export function badge(verdict) {
  return element("span", { class: `verdict verdict-${verdict}`, "data-verdict": verdict,
    style: `background:${VERDICT_COLOURS[/** @type {keyof VERDICT_COLOURS} */ (verdict)]}` }, [
    element("span", { class: "verdict-mark", "aria-hidden": "true", text: VERDICT_MARKS[/** @type {keyof VERDICT_MARKS} */ (verdict)] }),
    element("span", { class: "verdict-word", text: t(`review.verdict.${verdict}`) }),
  ]);
}

/** What a move lost, in its scale's words. @param {string} scale @param {number} loss */
export function lossWords(scale, loss) {
  const lang = currentLanguage();
  if (scale === "chance") {
    return t("review.loss.chance", { value: new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(loss * 100) });
  }
  if (scale === "ms") {
    return t("review.loss.ms", { seconds: new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(loss / 1000) });
  }
  if (scale === "turns") return t("review.loss.turns", { turns: Math.round(loss * 10) / 10 });
  return t("review.loss.points", { points: Math.round(loss * 10) / 10 });
}

/** Take a screen's renderer off its board and give it a clean canvas (nothing the old renderer set on it stays).
 * @param {{renderer: import("../host.js").Renderer | null, rendererGame: string}} screen @param {string} id */
export function dropRenderer(screen, id) {
  screen.renderer?.destroy();
  screen.renderer = null;
  screen.rendererGame = "";
  const old = $(id);
  const fresh = old.cloneNode(false);
  for (const name of Object.keys(fresh.dataset)) delete fresh.dataset[name]; // what the old renderer said of it
  for (const name of ["style", "width", "height"]) fresh.removeAttribute(name);
  old.replaceWith(fresh);
}
