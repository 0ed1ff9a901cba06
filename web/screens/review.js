// @ts-check
// The review of a finished game (`#/review?code=…&seats=…`) and the mistakes puzzles made of it (`#/puzzle`), as
// docs/review.md describes them. The engine judges every move in pieces (the bridge's `review`, a piece a request, so
// a game's requests are never kept waiting long); this screen shows the progress, can cancel, and keeps the finished
// review with the game (web/saves.js), so opening it again asks the engine only for the boards. The board is drawn
// by the game's own renderer from the bridge's `replay` of each step; the better move is the renderer's showHint,
// worded by its describeAction. A puzzle is the position before a person's mistake, shown to that seat only; each
// try is judged by the bridge's `judge`.
import { currentLanguage, seatWording, t } from "../i18n.js";
import * as saves from "../saves.js";
import { $, announce, element, errorText, linkReason, showScreen } from "../dom.js";
import { gameIds, gameInfo, mountRenderer, playable } from "../games.js";
import { engine, parseSeats, seatsParam, session, storing } from "../page.js";
import { createChart, seatColours, VERDICT_COLOURS } from "../review-chart.js";
import { summaryView } from "../review-summary.js";
import { isYou, seatName } from "../seats.js";

/** @typedef {import("../host.js").Table} Table */
/** @typedef {import("../host.js").Seat} Seat */
/** @typedef {import("../host.js").Reply} Reply */
/**
 * One move of a review (core/review.py judged_move): verdict, loss and best are null for a move nobody judged (a bot's).
 * @typedef {{ply: number, seat: number, action: string, verdict: string | null, loss: number | null,
 *   best: string | null, values: number[], played_value?: number | null, best_value?: number | null,
 *   notes?: Record<string, any>}} Move
 */
/**
 * A review, whole or on its way.
 * @typedef {{scale: string, start: number[] | null, moves: Move[], total: number, accuracy: (number | null)[] | null,
 *   summary: Record<string, any> | null, people: number[]}} Review
 */

/** A verdict's mark, as chess annotates a move (lichess's ?!, ? and ??). */
export const VERDICT_MARKS = { best: "★", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };
const VERDICTS = ["best", "good", "inaccuracy", "mistake", "blunder"];

/** Whether a game has a reviewer (games.json: describe()'s `review`). @param {string} game */
export function reviewable(game) {
  return Boolean(/** @type {any} */ (gameInfo(game))?.review) && playable(game);
}

/** A review's address. @param {string} code @param {string} seats */
export function reviewRoute(code, seats) {
  return `#/review?code=${encodeURIComponent(code)}&seats=${encodeURIComponent(seats)}`;
}

// ---------------------------------------------------------------- computing a review (the engine's pieces)
/** A review being computed: asks the engine for one piece after another until done, unless stopped. Only one runs
 * at a time (the engine keeps one review on its way). */
class ReviewJob extends EventTarget {
  /** @param {{game: string, code: string, seats: Seat[], players: number}} game */
  constructor({ game, code, seats, players }) {
    super();
    this.game = game;
    this.code = code;
    this.seats = seats;
    this.seatsText = seatsParam(seats);
    this.players = players;
    /** @type {Review} */
    this.review = { scale: "", start: null, moves: [], total: 0, accuracy: null, summary: null, people: [] };
    /** @type {"computing" | "done" | "cancelled" | "failed"} */
    this.state = "computing";
    /** @type {import("../host.js").BridgeError | null} */
    this.error = null;
    this.started = performance.now();
    this.ms = 0; // how long it took, once done
    this.finished = new Promise((resolve) => { this.resolve = resolve; });
    this.run();
  }

  get key() { return `${this.code}|${this.seatsText}`; }

  /** Whether it is still asking (a method: a cancel comes between two awaits). */
  computing() { return this.state === "computing"; }

  /** @param {string} type */
  emit(type) { this.dispatchEvent(new CustomEvent(type)); }

  async run() {
    const review = this.review;
    for (let restarted = false; this.computing();) {
      const reply = await engine.request({ op: "review", code: this.code, seats: this.seats, from: review.moves.length });
      if (!this.computing()) break; // cancelled meanwhile: that piece is dropped
      if (!reply.ok) {
        // the engine lost the review on its way (another one, a restarted worker): once, from the start
        if (reply.error?.key === "review.restart" && !restarted) {
          restarted = true;
          review.moves = [];
          review.start = null;
          continue;
        }
        this.error = reply.error ?? null;
        this.state = "failed";
        break;
      }
      if (Array.isArray(reply.start)) review.start = reply.start;
      review.scale = reply.scale;
      review.total = reply.total;
      review.people = reply.people ?? review.people;
      review.moves.push(...reply.moves);
      if (reply.done) {
        review.accuracy = reply.accuracy;
        review.summary = reply.summary ?? {};
        this.ms = performance.now() - this.started;
        this.state = "done";
        if (storing()) {
          saves.keepFinished({ game: this.game, code: this.code, seats: this.seatsText, players: this.players }, review);
        }
      }
      this.emit("progress");
    }
    this.emit("progress");
    this.resolve?.(this);
  }

  /** Stop asking (the piece on its way is dropped); `resume` asks again from where it stopped. */
  cancel() {
    if (this.state !== "computing") return;
    this.state = "cancelled";
    this.emit("progress");
  }

  resume() {
    if (this.state !== "cancelled" && this.state !== "failed") return;
    if (running && running !== this) running.cancel();
    running = this;
    this.state = "computing";
    this.error = null;
    this.started = performance.now();
    this.finished = new Promise((resolve) => { this.resolve = resolve; });
    this.emit("progress");
    this.run();
  }
}

/** The review being computed now, if any. @type {ReviewJob | null} */
let running = null;

/** The review of `code` for `seats`: the one being computed, or a new one (stopping any other).
 * @param {{game: string, code: string, seats: Seat[], players: number}} game */
function reviewJob(game) {
  const key = `${game.code}|${seatsParam(game.seats)}`;
  if (running && running.key === key) return running;
  running?.cancel();
  running = new ReviewJob(game);
  return running;
}

/** What a review's game holds (the bridge's `check`): {ok, game, players, is_over, ...} or a refusal. @param {string} code */
async function checkCode(code) {
  try { await engine.ready; } catch {
    return { ok: false, error: { key: "error.engine_failed", params: {}, message: engine.failed ?? "" } };
  }
  return engine.request({ op: "check", code });
}

/** The records an embedding page gets: `[{ply, seat, action, verdict, loss, best}]`. @param {Review} review */
function records(review) {
  return review.moves.map(({ ply, seat, action, verdict, loss, best }) => ({ ply, seat, action, verdict, loss, best }));
}

/** @param {import("../host.js").BridgeError | null | undefined} error */
function refusal(error) {
  const safe = error || { type: "BadRequest", key: "error.bad_request", params: {}, message: "failed" };
  return { ok: false, error: { type: safe.type, key: safe.key, message: safe.message, text: reviewError(safe) } };
}

/** window.gamebox.review(): the review of the game on screen (the review screen's, else the game screen's), as
 * records, computed if need be; a game that cannot be reviewed (still in play, no reviewer) gives a worded refusal. */
export async function reviewData() {
  if (document.body.dataset.screen === "review" && page.code) {
    if (page.review && page.done) return records(page.review);
    if (page.job) {
      if (page.job.state !== "computing") page.job.resume();
      const job = await page.job.finished;
      return job.state === "done" ? records(job.review) : refusal(job.error ?? { key: "review.cancelled_api", params: {} });
    }
  }
  const table = session.table;
  if (!table) return refusal({ key: "review.nothing", params: {}, message: "No game is on screen." });
  // a game in play is refused by the engine (review.unfinished): its moves would tell what a seat may not know yet
  if (!table.is_over) return refusal({ key: "review.unfinished", params: {}, message: "Only a finished game can be reviewed." });
  const code = table.share ?? table.resume;
  const seats = seatsParam(table.seats);
  const kept = storing() ? saves.keptGame(table.game, code, seats) : null;
  if (kept?.review) return records(/** @type {Review} */ (kept.review));
  const job = await reviewJob({ game: table.game, code, seats: table.seats, players: table.players }).finished;
  return job.state === "done" ? records(job.review) : refusal(job.error);
}

/** A review's refusal in words (the bridge's review.* keys are this screen's). @param {import("../host.js").BridgeError} error */
function reviewError(error) {
  if (error.key?.startsWith("share.")) return t("error.bad_link", { reason: linkReason(error) });
  return errorText(error);
}

// ---------------------------------------------------------------- the board's host
/** The seats of the game reviewed (for names), and the seat the board may offer its moves to (a puzzle's, or the
 * review's while it shows a better move: renderers offer a hint only to the seat that may act). */
const board = {
  /** @type {Seat[]} */
  seats: [],
  /** @type {number | null} */
  actor: null,
  /** @type {((move: import("../host.js").Move) => Promise<boolean>) | null} */
  act: null,
};
const names = { seats: /** @type {Seat[]} */ ([]) };
const words = seatWording((seat) => ({ name: seatName(names, seat), you: isYou(names, seat) }));

/** @type {import("../host.js").BoardHost} */
const host = {
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
function boardSeats(seats, viewer, game) {
  const level = gameInfo(game)?.default_bot_level || gameInfo(game)?.bot_levels?.[0] || "easy";
  return seats.map((sitter, seat) => (seat === viewer ? { kind: "human", level: "" }
    : { kind: "bot", level: sitter.kind === "bot" ? sitter.level : level }));
}

/** The game's position after `step` moves, as `viewer` saw it (the bridge's `replay`; kept for the screen's life).
 * @param {{code: string, seats: Seat[], game: string, tables: Map<string, Reply>}} game @param {number} step
 * @param {number | null} viewer */
async function tableAt(game, step, viewer) {
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
function describe(renderer, before, action) {
  const said = renderer?.describeAction ? renderer.describeAction(before.view, action) : "";
  return said || action;
}

/** A badge of a verdict: its mark and word, in its colour. @param {string} verdict */
function badge(verdict) {
  return element("span", { class: `verdict verdict-${verdict}`, "data-verdict": verdict,
    style: `background:${VERDICT_COLOURS[/** @type {keyof VERDICT_COLOURS} */ (verdict)]}` }, [
    element("span", { class: "verdict-mark", "aria-hidden": "true", text: VERDICT_MARKS[/** @type {keyof VERDICT_MARKS} */ (verdict)] }),
    element("span", { class: "verdict-word", text: t(`review.verdict.${verdict}`) }),
  ]);
}

/** What a move lost, in its scale's words. @param {string} scale @param {number} loss */
function lossWords(scale, loss) {
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

// ---------------------------------------------------------------- the review screen
const page = {
  token: 0,
  game: "",
  code: "",
  /** @type {Seat[]} */
  seats: [],
  players: 0,
  /** @type {Review | null} */
  review: null,
  done: false,
  kept: false,
  /** @type {ReviewJob | null} */
  job: null,
  at: 0,
  better: false,
  drawn: 0,
  /** @type {import("../host.js").Renderer | null} */
  renderer: null,
  rendererGame: "",
  /** @type {Map<string, Reply>} */
  tables: new Map(),
  /** @type {string[]} */
  colours: [],
  /** @type {ReturnType<typeof createChart> | null} */
  chart: null,
  listed: 0,
  /** the position before the move on the board, for its words @type {Reply | null} */
  before: null,
};

/** Take a screen's renderer off its board and give it a clean canvas (nothing the old renderer set on it stays).
 * @param {{renderer: import("../host.js").Renderer | null, rendererGame: string}} screen @param {string} id */
function dropRenderer(screen, id) {
  screen.renderer?.destroy();
  screen.renderer = null;
  screen.rendererGame = "";
  const old = $(id);
  const fresh = old.cloneNode(false);
  for (const name of Object.keys(fresh.dataset)) delete fresh.dataset[name]; // what the old renderer said of it
  for (const name of ["style", "width", "height"]) fresh.removeAttribute(name);
  old.replaceWith(fresh);
}

function dropReviewRenderer() { dropRenderer(page, "review-board"); }

/** `#/review?code=…&seats=…`: the review of that finished game (kept, or computed now). @param {URLSearchParams} params */
export async function openReview(params) {
  const token = ++page.token;
  showScreen("review");
  page.job?.removeEventListener("progress", onProgress);
  Object.assign(page, { game: "", code: params.get("code") || "", seats: [], review: null, done: false, kept: false,
    job: null, at: 0, better: false, tables: new Map(), listed: 0 });
  document.body.dataset.reviewState = "opening";
  delete document.body.dataset.reviewAt;
  $("review-title").textContent = t("review.heading");
  $("review-moves").replaceChildren();
  $("review-summary").replaceChildren();
  $("review-summary-area").hidden = true;
  $("review-accuracy").replaceChildren();
  $("review-caption").replaceChildren(element("p", { text: t("game.loading") }));
  $("review-badge").hidden = true;
  $("review-chart").hidden = true;
  $("review-progress").hidden = true;
  $("review-refused").hidden = true;
  $("review-nav").hidden = true;
  const checked = await checkCode(page.code);
  if (token !== page.token) return null;
  if (!checked.ok) return refuse(checked.error);
  const game = checked.game;
  // a game in play first: its review would tell a seat what it may not know yet, whatever the game
  if (!checked.is_over) return refuse({ key: "review.unfinished", params: {} });
  if (!reviewable(game)) return refuse({ key: "review.none", params: {} });
  const seats = parseSeats(params.get("seats"));
  page.game = game;
  page.players = checked.players;
  page.seats = seats && seats.length === checked.players ? seats
    : Array.from({ length: checked.players }, () => /** @type {Seat} */ ({ kind: "human", level: "" }));
  names.seats = page.seats;
  board.seats = page.seats;
  board.actor = null;
  board.act = null;
  $("review-title").textContent = t("review.title", { game: t(`game.${game}.title`) });
  $("review-replay").setAttribute("href", `#/replay?code=${encodeURIComponent(page.code)}&seats=${encodeURIComponent(seatsParam(page.seats))}&step=0`);
  // a renderer draws its last table until it is given the next: one of a game with other seats (a race, then a
  // puzzle of the same game) would name seats the new review has not
  if (page.rendererGame !== `${game}/${page.players}`) {
    dropReviewRenderer();
    const renderer = await mountRenderer(game, $("review-board"), host);
    if (token !== page.token) { renderer.destroy(); return null; }
    page.renderer = renderer;
    page.rendererGame = `${game}/${page.players}`;
  }
  $("review-board").setAttribute("aria-label", t("board.label", { game: t(`game.${game}.title`) }));
  // the seats' colours, from the board of the end of the game
  const end = await tableAt(page, checked.moves, firstPerson());
  if (token !== page.token) return null;
  page.colours = seatColours(page.seats.map((_, seat) => (end.ok && page.renderer?.seatBadges
    ? page.renderer.seatBadges(end.view, seat)[0]?.colour : undefined)));
  const kept = storing() ? saves.keptGame(game, page.code, seatsParam(page.seats)) : null;
  $("review-chart").hidden = false;
  if (kept?.review) {
    page.review = /** @type {Review} */ ({ total: kept.review.moves.length, people: [], ...kept.review });
    page.done = true;
    page.kept = true;
  } else {
    page.job = reviewJob({ game, code: page.code, seats: page.seats, players: checked.players });
    if (page.job.state === "cancelled" || page.job.state === "failed") page.job.resume();
    page.job.addEventListener("progress", onProgress);
    page.review = page.job.review;
    page.done = page.job.state === "done";
  }
  $("review-nav").hidden = false;
  renderProgress();
  renderAll();
  await showPlace(0);
  return page.review;
}

/** The review cannot be shown: why, in words, with a way back. @param {import("../host.js").BridgeError | null | undefined} error */
function refuse(error) {
  document.body.dataset.reviewState = "refused";
  $("review-caption").replaceChildren();
  $("review-refused").hidden = false;
  $("review-refused-text").textContent = reviewError(error || { key: "error.bad_request", params: {} });
  $("review-refused-text").dataset.key = error?.key ?? "";
  return null;
}

/** The first person's seat (the board is shown to them where no move says otherwise), else seat 0. */
function firstPerson() {
  const seat = page.seats.findIndex((sitter) => sitter.kind === "human");
  return seat < 0 ? 0 : seat;
}

function onProgress() {
  if (!page.job || document.body.dataset.screen !== "review") return;
  page.review = page.job.review;
  page.done = page.job.state === "done";
  renderProgress();
  renderAll();
  if (page.done) renderCaption();
}

/** The progress bar and Cancel while the engine works; what happened when it stopped. */
function renderProgress() {
  const job = page.job;
  const state = page.done ? "done" : job ? job.state : "done";
  document.body.dataset.reviewState = state;
  $("review-progress").hidden = state === "done" && !page.kept;
  const review = page.review;
  const total = review?.total || 0;
  const n = review?.moves.length ?? 0;
  $("review-bar").hidden = state === "done";
  $("review-bar").value = total ? n / total : 0;
  $("review-cancel").hidden = state !== "computing";
  $("review-again").hidden = state !== "cancelled" && state !== "failed";
  let text;
  if (state === "computing") text = total ? t("review.progress", { n, total }) : t("review.starting");
  else if (state === "cancelled") text = t("review.cancelled", { n, total });
  else if (state === "failed") text = job?.error ? reviewError(job.error) : t("error.internal", { message: "?" });
  else text = page.kept ? t("review.kept") : "";
  $("review-status").textContent = text;
  $("review-progress").dataset.state = state;
  $("review-progress").hidden = !text;
}

/** The chart, the accuracy, the list (its new moves) and, once done, the summary. */
function renderAll() {
  const review = page.review;
  if (!review) return;
  renderChart();
  renderAccuracy();
  const list = $("review-moves");
  if (page.listed > review.moves.length) { list.replaceChildren(); page.listed = 0; }
  for (const move of review.moves.slice(page.listed)) list.append(moveRow(move));
  page.listed = review.moves.length;
  markCurrent();
  if (page.done && review.summary) renderSummary(review.summary);
  const last = $("review-last");
  last.disabled = page.at >= review.moves.length;
  $("review-forward").disabled = page.at >= review.moves.length;
}

/** One row of the move list: its number, who, the verdict, the move's notation. @param {Move} move */
function moveRow(move) {
  const row = element("li", { "data-ply": String(move.ply), "data-seat": String(move.seat),
    ...(move.verdict ? { "data-verdict": move.verdict } : {}) }, [
    element("button", { type: "button", class: "review-move", onclick: () => showPlace(move.ply + 1) }, [
      element("span", { class: "review-move-number", text: `${move.ply + 1}.` }),
      element("span", { class: "review-swatch", style: `background:${page.colours[move.seat] || "#888"}`, "aria-hidden": "true" }),
      element("span", { class: "review-move-who", text: seatName(names, move.seat) }),
      move.verdict ? badge(move.verdict) : element("span", { class: "verdict-none" }),
      element("code", { class: "review-move-action", text: move.action }),
    ]),
  ]);
  return row;
}

function markCurrent() {
  const list = $("review-moves");
  for (const row of list.querySelectorAll("li[aria-current]")) row.removeAttribute("aria-current");
  if (page.at <= 0) return;
  const row = list.querySelector(`li[data-ply="${page.at - 1}"]`);
  if (!row) return;
  row.setAttribute("aria-current", "step");
  // keep it in the list's view, without scrolling the page
  const top = row.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + row.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + row.offsetHeight - list.clientHeight;
}

function renderChart() {
  const review = page.review;
  if (!review) return;
  if (!page.chart) page.chart = createChart($("review-chart"), (at) => showPlace(at));
  page.chart.svg.setAttribute("aria-label", t(`review.chart.${["chance", "points", "turns", "ms"].includes(review.scale) ? review.scale : "points"}`));
  page.chart.update({ scale: review.scale, start: review.start, moves: review.moves, total: review.total || review.moves.length,
    players: page.players, colours: page.colours, at: page.at,
    label: (at) => (at <= 0 ? t("review.at_start") : t("review.at_move", { n: at, total: review.total })) });
}

/** Each seat: its colour on the chart, its name, its accuracy and its count of each mistake. */
function renderAccuracy() {
  const review = page.review;
  if (!review) return;
  const body = $("review-accuracy");
  body.replaceChildren();
  const percent = new Intl.NumberFormat(currentLanguage(), { style: "percent", maximumFractionDigits: 1 });
  page.seats.forEach((_, seat) => {
    const judged = review.moves.filter((move) => move.seat === seat && move.verdict);
    const accuracy = review.accuracy?.[seat];
    const counts = ["inaccuracy", "mistake", "blunder"].map((verdict) => {
      const n = judged.filter((move) => move.verdict === verdict).length;
      return element("span", { class: `review-count verdict-${verdict}`, title: t(`review.verdict.${verdict}`),
        "aria-label": `${t(`review.verdict.${verdict}`)}: ${n}`, text: `${VERDICT_MARKS[/** @type {keyof VERDICT_MARKS} */ (verdict)]} ${n}` });
    });
    body.append(element("tr", { "data-seat": String(seat) }, [
      element("td", {}, [element("span", { class: "review-swatch", style: `background:${page.colours[seat] || "#888"}` })]),
      element("th", { scope: "row", text: seatName(names, seat) }),
      element("td", { class: "review-accuracy-value", text: typeof accuracy === "number" ? percent.format(accuracy / 100)
        : judged.length ? "…" : t("review.not_judged") }),
      element("td", { class: "review-counts" }, judged.length ? counts : []),
    ]));
  });
}

/** The game's own summary (its reviewer's: web/review-summary.js). @param {Record<string, any>} summary */
function renderSummary(summary) {
  const area = $("review-summary");
  area.replaceChildren(...summaryView(summary, { seatName: (seat) => seatName(names, seat), colours: page.colours,
    players: page.players, game: page.game }));
  $("review-summary-area").hidden = area.children.length === 0;
}

/** Show place `at` on the board (0: the start; n: after move n), or the better move where that is asked for.
 * @param {number} at */
async function showPlace(at) {
  const review = page.review;
  if (!review) return;
  page.at = Math.max(0, Math.min(at, review.moves.length));
  const drawn = ++page.drawn;
  const move = page.at > 0 ? review.moves[page.at - 1] : null;
  const better = Boolean(move && page.better && move.verdict && move.best && move.best !== move.action);
  renderChart();
  markCurrent();
  $("review-first").disabled = page.at <= 0;
  $("review-back").disabled = page.at <= 0;
  $("review-forward").disabled = page.at >= review.moves.length;
  $("review-last").disabled = page.at >= review.moves.length;
  const judged = Boolean(move && move.verdict && move.best && move.best !== move.action);
  $("review-better").disabled = !judged;
  $("review-better").setAttribute("aria-pressed", page.better && judged ? "true" : "false");
  $("review-better").textContent = t(page.better && judged ? "review.show_played" : "review.show_better");
  const viewer = move ? move.seat : firstPerson();
  const before = move ? await tableAt(page, move.ply, viewer) : null;
  const shown = better && before ? before : await tableAt(page, page.at, viewer);
  if (drawn !== page.drawn || !page.renderer) return;
  if (!shown.ok) { $("review-caption").replaceChildren(element("p", { text: reviewError(/** @type {any} */ (shown.error)) })); return; }
  board.actor = better && move ? move.seat : null;
  page.renderer.draw(/** @type {Table} */ (shown), undefined, { animate: false });
  if (better && move?.best) page.renderer.showHint?.(move.best);
  document.body.dataset.reviewAt = String(page.at);
  document.body.dataset.reviewBoard = better ? "better" : "played";
  page.before = before;
  renderCaption();
  placeBadge();
  requestAnimationFrame(placeBadge); // once the renderer's layout has settled
}

/** The words under the board: the move, its verdict and loss, the better move. */
function renderCaption() {
  const review = page.review;
  if (!review) return;
  const move = page.at > 0 ? review.moves[page.at - 1] : null;
  const caption = $("review-caption");
  if (!move) {
    caption.replaceChildren(element("p", { text: t("review.start") }));
    $("review-badge").hidden = true;
    return;
  }
  const before = page.before;
  const played = before?.ok ? describe(page.renderer, before, move.action) : move.action;
  const lines = [element("p", { class: "review-played" }, [
    ...(move.verdict ? [badge(move.verdict), " "] : []),
    words.t("review.played", { n: move.ply + 1, seat: move.seat, move: played }),
  ])];
  if (move.verdict && move.best && move.best !== move.action) {
    const best = before?.ok ? describe(page.renderer, before, move.best) : move.best;
    lines.push(element("p", { class: "review-better" }, [t("review.better", { move: best })]));
  }
  if (move.verdict && typeof move.loss === "number" && move.loss > 0) {
    lines.push(element("p", { class: "hint review-loss", text: lossWords(review.scale, move.loss) }));
  }
  // a solitaire's exact solver says what the best game from here reaches (Score Up)
  const bestScore = move.notes?.best_score;
  if (typeof bestScore === "number") lines.push(element("p", { class: "hint review-best-score", text: t("review.best_from_here", { points: bestScore }) }));
  caption.replaceChildren(...lines);
  const mark = $("review-badge");
  mark.hidden = !move.verdict;
  if (move.verdict) mark.replaceChildren(badge(move.verdict));
}

/** The verdict's badge sits on the board's top left corner. */
function placeBadge() {
  const canvas = $("review-board");
  if (!canvas.isConnected) return;
  const mark = $("review-badge");
  mark.style.left = `${canvas.offsetLeft + 6}px`;
  mark.style.top = `${canvas.offsetTop + 6}px`;
}

/** @param {KeyboardEvent} event */
function reviewKey(event) {
  const review = page.review;
  if (!review) return;
  /** @type {Record<string, number>} */
  const keys = { ArrowLeft: page.at - 1, ArrowRight: page.at + 1, Home: 0, End: review.moves.length };
  if (!(event.key in keys)) return;
  event.preventDefault();
  showPlace(keys[event.key]);
}

// ---------------------------------------------------------------- the mistakes puzzles
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
  puzzle.renderer.showHint?.(item.best);
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

// ---------------------------------------------------------------- ways in, and wiring
/** Whether the replayed game (the whole of it) is over, by its code (the bridge's `check`, asked once a code). */
const overCodes = new Map();
async function replayReviewButton() {
  const button = $("replay-review");
  const watched = session.replay;
  const table = session.table;
  if (!watched || !table || watched.own || !reviewable(table.game)) { button.hidden = true; return; }
  if (!overCodes.has(watched.code)) {
    overCodes.set(watched.code, null);
    const reply = await engine.request({ op: "check", code: watched.code });
    overCodes.set(watched.code, Boolean(reply.ok && reply.is_over));
  }
  button.hidden = overCodes.get(watched.code) !== true || session.replay !== watched;
}

export function wireReview() {
  // a game that ends here is kept for its review (and its mistakes puzzles), and the game-over box offers Review
  session.addEventListener("over", (event) => {
    const { table } = /** @type {CustomEvent} */ (event).detail;
    const code = table.share ?? "";
    $("btn-over-review").hidden = !reviewable(table.game) || !code;
    if (storing() && code && reviewable(table.game) && table.seats.some((/** @type {Seat} */ s) => s.kind === "human")) {
      saves.keepFinished({ game: table.game, code, seats: seatsParam(table.seats), players: table.players });
    }
  });
  $("btn-over-review").addEventListener("click", () => {
    const table = session.table;
    if (!table || !table.share) return;
    $("game-over").hidden = true;
    location.hash = reviewRoute(table.share, seatsParam(table.seats));
  });
  session.addEventListener("table", () => { replayReviewButton(); });
  $("replay-review").addEventListener("click", () => {
    const watched = session.replay;
    const table = session.table;
    if (watched && table) location.hash = reviewRoute(watched.code, seatsParam(table.seats));
  });
  // leaving the screen stops the computing: the engine is free for whatever comes next
  document.addEventListener("screen", (event) => {
    const name = /** @type {CustomEvent} */ (event).detail;
    if (name !== "review") {
      page.token++;
      if (page.job && page.job === running) page.job.cancel();
      page.job?.removeEventListener("progress", onProgress);
      page.job = null;
      if (page.renderer) dropReviewRenderer();
      page.chart?.destroy();
      page.chart = null;
      $("review-chart").replaceChildren();
    }
    if (name !== "puzzle") {
      puzzle.token++;
      puzzle.state = "idle";
      if (puzzle.renderer) dropPuzzleRenderer();
    }
    if (name !== "review" && name !== "puzzle") { board.actor = null; board.act = null; }
  });
  $("review-cancel").addEventListener("click", () => page.job?.cancel());
  $("review-again").addEventListener("click", () => { page.job?.resume(); renderProgress(); });
  $("review-first").addEventListener("click", () => showPlace(0));
  $("review-back").addEventListener("click", () => showPlace(page.at - 1));
  $("review-forward").addEventListener("click", () => showPlace(page.at + 1));
  $("review-last").addEventListener("click", () => showPlace(page.review?.moves.length ?? 0));
  $("review-better").addEventListener("click", () => { page.better = !page.better; showPlace(page.at); });
  $("review-stage").addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (/** @type {HTMLElement} */ (event.target).id === "review-board") reviewKey(event);
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
  // the badge follows the board's corner, however the renderer sizes its canvas
  new ResizeObserver(() => { if (document.body.dataset.screen === "review") placeBadge(); }).observe($("review-stage"));
  document.addEventListener("languagechange", () => {
    const screen = document.body.dataset.screen;
    if (screen === "review" && page.game) {
      $("review-title").textContent = t("review.title", { game: t(`game.${page.game}.title`) });
      page.listed = 0;
      $("review-moves").replaceChildren();
      renderProgress();
      renderAll();
      showPlace(page.at);
    } else if (screen === "puzzle" && puzzle.item) {
      openPuzzle(new URLSearchParams({ id: puzzle.item.id, ply: String(puzzle.item.ply) }));
    } else if (screen === "review") {
      const key = $("review-refused-text").dataset.key;
      if (key) $("review-refused-text").textContent = reviewError({ key, params: {} });
    }
  });
}

/** For tests and tools: where a place of the chart is drawn (CSS px of the viewport), and the review on screen. */
export function reviewState() {
  return {
    game: page.game, at: page.at, done: page.done, kept: page.kept, state: document.body.dataset.reviewState ?? "",
    moves: page.review?.moves.length ?? 0, total: page.review?.total ?? 0, ms: page.job?.ms ?? 0,
    point: (/** @type {number} */ at) => page.chart?.point(at) ?? null,
  };
}

export { VERDICTS };
