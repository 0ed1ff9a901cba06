// @ts-check
// The review of a finished game (`#/review?code=…&seats=…`), as docs/review.md describes it (its mistakes make the puzzles of
// web/screens/puzzle.js). The engine judges every move in pieces (the bridge's `review`, a piece a request, so
// a game's requests are never kept waiting long); this screen shows the progress, can cancel, and keeps the finished
// review with the game (web/saves.js), so opening it again asks the engine only for the boards. The board is drawn
// by the game's own renderer from the bridge's `replay` of each step; the better move is the renderer's showHint,
// worded by its describeAction.
import { currentLanguage, t } from "../i18n.js";
import * as saves from "../saves.js";
import { $, element, showScreen } from "../dom.js";
import { mountRenderer } from "../games.js";
import { engine, GUEST, parseSeats, seatsParam, session, storing } from "../page.js";
import { createChart, seatColours } from "../review-chart.js";
import { POOL_WORTH_MS, PoolShare, reviewWorkers, twoWorkersSaid } from "../review-pool.js";
import { summaryView } from "../review-summary.js";
import { seatName } from "../seats.js";
import { badge, betterMove, board, describe, dropRenderer, host, lossWords, names, reviewable, reviewError, reviewRoute,
  tableAt, VERDICT_MARKS, VERDICTS, words } from "./review-board.js";

/** @typedef {import("../host.js").Table} Table */
/** @typedef {import("../host.js").Seat} Seat */
/** @typedef {import("../host.js").Reply} Reply */
/** @typedef {import("./review-board.js").Move} Move */
/** @typedef {import("./review-board.js").Review} Review */

export { mistakes, puzzleTargets } from "./puzzle.js";
export { reviewable, reviewRoute, VERDICT_MARKS, VERDICTS } from "./review-board.js";

// ---------------------------------------------------------------- computing a review (the engine's pieces)
// The second worker's records handed to the engine with one request at most (a request is at most 1 MB of JSON).
const HANDED = 64;
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
    /** the second worker's share of the moves (web/review-pool.js), while it helps @type {PoolShare | null} */
    this.share = null;
    this.workers = 1; // how many workers judged its moves
    this.shared = 0; // how many of its moves the second worker judged
    this.pieces = 0; // how many pieces the engine has answered
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
      const from = review.moves.length;
      /** @type {{judged?: any[], to?: number}} */
      const shared = {};
      const share = this.share;
      if (share) {
        // the moves the second worker judged from here on go with the request; its move on its way is waited for
        const taken = share.take(from);
        const judged = taken.slice(0, HANDED);
        const after = from + judged.length;
        if (after < review.total && share.working(after)) {
          await share.changed();
          continue;
        }
        if (judged.length) shared.judged = judged;
        this.shared += judged.length;
        if (taken.length > judged.length) shared.to = after; // the rest with the next request
        else if (share.low > after && share.low < review.total) shared.to = share.low;
      }
      const asked = performance.now();
      const reply = await engine.request({ op: "review", code: this.code, seats: this.seats, from, ...shared });
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
      this.pieces += 1;
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
      } else {
        this.helpWithSecondWorker(reply, performance.now() - asked);
      }
      this.emit("progress");
    }
    this.share?.stop();
    this.share = null;
    this.emit("progress");
    this.resolve?.(this);
  }

  /** After the first piece: a second worker judges moves from the last one back, where the device has the cores and
   * the moves left look long enough at this piece's pace (web/review-pool.js). A piece stops at its deadline inside a
   * move: the first piece with no move judged says that a move takes longer than a piece; a later one may have worked
   * on the start's own work (Score Up's summary search) and says nothing of the moves' pace.
   * @param {any} reply @param {number} ms the piece's time */
  helpWithSecondWorker(reply, ms) {
    if (this.share || reviewWorkers() < 2 || (this.pieces > 1 && !reply.moves.length)) return;
    const left = reply.total - reply.next;
    if (left < 2 || (!twoWorkersSaid() && (ms / Math.max(1, reply.moves.length)) * left < POOL_WORTH_MS)) return;
    this.workers = 2;
    this.share = new PoolShare({ code: this.code, seats: this.seats, total: reply.total,
      front: () => this.review.moves.length, atOnce: twoWorkersSaid() });
  }

  /** Stop asking (the piece on its way is dropped); `resume` asks again from where it stopped. */
  cancel() {
    if (this.state !== "computing") return;
    this.state = "cancelled";
    this.share?.stop();
    this.share = null;
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

/** The review of a game that just ended on this device, whole (for the devices that played or watched it,
 * web/screens/watchers.js): the one kept or being computed (the game-over box's), else computed now; null if it was
 * stopped (another game began) or failed. @param {Table} table @returns {Promise<Review | null>} */
export async function finishedReview(table) {
  const code = table.share ?? "";
  const kept = storing() ? saves.keptGame(table.game, code, seatsParam(table.seats)) : null;
  if (kept?.review) return /** @type {Review} */ ({ total: kept.review.moves.length, people: [], ...kept.review });
  const job = reviewJob({ game: table.game, code, seats: table.seats, players: table.players });
  if (job.state === "cancelled" || job.state === "failed") job.resume();
  const done = await job.finished;
  return done.state === "done" ? done.review : null;
}

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
  delete $("screen-review").dataset.refused;
  $("review-nav").hidden = true;
  $("review-mistakes").hidden = true;
  const checked = await checkCode(page.code);
  if (token !== page.token) return null;
  if (!checked.ok) return refuse(checked.error);
  const game = checked.game;
  // a game in play first: its review would tell a seat what it may not know yet, whatever the game
  if (!checked.is_over) return refuse({ key: "review.unfinished", params: {} }, params);
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
  $("review-replay").hidden = GUEST; // a guest's page has no engine to replay with (its review came from the host)
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
  $("review-mistakes").hidden = false;
  renderProgress();
  renderAll();
  await showPlace(0);
  return page.review;
}

/** The review cannot be shown: why, in words, filling the screen, with one way back: to the game itself when it is
 * still in play (`params`: its code and seats), else to the menu.
 * @param {import("../host.js").BridgeError | null | undefined} error @param {URLSearchParams} [params] */
function refuse(error, params) {
  document.body.dataset.reviewState = "refused";
  $("screen-review").dataset.refused = "true";
  $("review-caption").replaceChildren();
  $("review-refused").hidden = false;
  $("review-refused-text").textContent = reviewError(error || { key: "error.bad_request", params: {} });
  $("review-refused-text").dataset.key = error?.key ?? "";
  const back = $("review-refused-back");
  const code = params?.get("code");
  const toGame = Boolean(params && code);
  back.setAttribute("href", toGame ? `#/play?${new URLSearchParams({ code: code || "", ...(params?.get("seats") ? { seats: params.get("seats") || "" } : {}) })}` : "#/");
  back.dataset.i18n = toGame ? "review.back_to_game" : "game.menu";
  back.textContent = t(back.dataset.i18n);
  back.focus();
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
  // (a review the host stopped will not come to this device if asked again: no Start again for it)
  $("review-again").hidden = (state !== "cancelled" && state !== "failed") || job?.error?.key === "net.review.stopped";
  let text;
  if (state === "computing") text = total ? t("review.progress", { n, total }) : t("review.starting");
  else if (state === "cancelled") text = t("review.cancelled", { n, total });
  else if (state === "failed") text = job?.error ? reviewError(job.error) : t("error.internal", { message: "?" });
  else text = page.kept ? t("review.kept") : "";
  $("review-status").textContent = text;
  $("review-progress").dataset.state = state;
  $("review-progress").hidden = !text;
}

// ---------------------------------------------------------------- the person's mistakes, one after another
/** The verdicts "Next mistake" and "Previous mistake" go through. */
const WRONG = ["inaccuracy", "mistake", "blunder"];

/** The places (1: after the first move) of the moves judged an inaccuracy, a mistake or a blunder, in order. */
function mistakePlaces() {
  return (page.review?.moves ?? []).flatMap((move, index) => (move.verdict && WRONG.includes(move.verdict) ? [index + 1] : []));
}

/** The place of the next wrong move after the board's (`step` 1), or the one before it (`step` -1); null if none.
 * @param {1 | -1} step */
function mistakeFrom(step) {
  const places = mistakePlaces();
  const found = step > 0 ? places.find((at) => at > page.at) : places.reverse().find((at) => at < page.at);
  return found ?? null;
}

/** The two buttons: enabled while there is a wrong move further that way, with words saying so when there is none. */
function renderMistakes() {
  const next = mistakeFrom(1);
  const previous = mistakeFrom(-1);
  $("review-next-mistake").disabled = next === null;
  $("review-previous-mistake").disabled = previous === null;
  const any = mistakePlaces().length > 0;
  let hint = "";
  if (!any) hint = t(page.done ? "review.mistakes_none" : "review.mistakes_none_yet");
  else if (next === null) hint = t(page.done ? "review.mistakes_no_next" : "review.mistakes_no_next_yet");
  else if (previous === null) hint = t("review.mistakes_no_previous");
  $("review-mistakes-hint").textContent = hint;
  $("review-mistakes-hint").hidden = !hint;
}

/** @param {1 | -1} step */
function goToMistake(step) {
  const at = mistakeFrom(step);
  if (at !== null) showPlace(at);
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
  renderMistakes();
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
  page.chart.update({ scale: review.scale, axis: chartAxis(review.scale), moveWord: t("review.chart.moves"), start: review.start, moves: review.moves, total: review.total || review.moves.length,
    players: page.players, colours: page.colours, at: page.at,
    label: (at) => (at <= 0 ? t("review.at_start") : t("review.at_move", { n: at, total: review.total })) });
}

/** The words of the chart's value axis, and its scale's ticks in the language's way. @param {string} scale */
function chartAxis(scale) {
  const lang = currentLanguage();
  const name = ["chance", "points", "turns", "ms"].includes(scale) ? scale : "points";
  const number = new Intl.NumberFormat(lang, scale === "chance" ? { style: "percent", maximumFractionDigits: 0 } : { maximumFractionDigits: 1 });
  return { title: t(`review.axis.${name}`), tick: (/** @type {number} */ value) => number.format(value) };
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
  renderMistakes();
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
  if (better && move?.best) {
    const data = await betterMove(move);
    if (drawn !== page.drawn || !page.renderer) return;
    page.renderer.showHint?.(move.best, data);
  }
  document.body.dataset.reviewAt = String(page.at);
  document.body.dataset.reviewBoard = better ? "better" : "played";
  page.before = before;
  renderCaption();
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

// ---------------------------------------------------------------- the review's progress on the game-over box
/**
 * The review's progress of a game that just ended, told to `tell({n, total, done})` as it goes; gives a function that
 * stops listening. The one place the game-over box learns it: the screen's own ReviewJob, which the Review button then
 * opens as it stands. The engine judged the moves during play (web/session.js `judge`, docs/review.md "Judged during
 * play"), and the bridge's review of the finished game starts from those: the job's first piece brings every move
 * judged so far, and the job goes on with the rest (the last moves, often only the last one).
 * @param {Table} table @param {(progress: {n: number, total: number, done: boolean}) => void} tell
 */
function reviewProgress(table, tell) {
  const code = table.share ?? "";
  const kept = storing() ? saves.keptGame(table.game, code, seatsParam(table.seats)) : null;
  if (kept?.review) { tell({ n: kept.review.moves.length, total: kept.review.moves.length, done: true }); return () => {}; }
  const job = reviewJob({ game: table.game, code, seats: table.seats, players: table.players });
  if (job.state === "cancelled" || job.state === "failed") job.resume();
  const listener = () => tell({ n: job.review.moves.length, total: job.review.total, done: job.state === "done" });
  job.addEventListener("progress", listener);
  listener();
  return () => {
    job.removeEventListener("progress", listener);
    if (document.body.dataset.screen !== "review" && job === running) job.cancel(); // the engine is free for what comes
  };
}

/** Stops the game-over box's listening, if it listens. */
let overWatch = () => {};

/** The game-over box's line: the review on its way (n of total moves), then ready. @param {Table} table */
function showOverProgress(table) {
  overWatch();
  const line = $("over-review-progress");
  overWatch = reviewProgress(table, ({ n, total, done }) => {
    line.hidden = false;
    line.dataset.state = done ? "done" : "computing";
    line.textContent = done ? t("review.over_ready") : total ? t("review.progress", { n, total }) : t("review.starting");
  });
}

function stopOverProgress() {
  overWatch();
  overWatch = () => {};
  $("over-review-progress").hidden = true;
}

export function wireReview() {
  // a game that ends here is kept for its review (and its mistakes puzzles), and the game-over box offers Review
  session.addEventListener("over", (event) => {
    const { table } = /** @type {CustomEvent} */ (event).detail;
    const code = table.share ?? "";
    $("btn-over-review").hidden = !reviewable(table.game) || !code;
    const person = table.seats.some((/** @type {Seat} */ s) => s.kind === "human");
    if (storing() && code && reviewable(table.game) && person) {
      saves.keepFinished({ game: table.game, code, seats: seatsParam(table.seats), players: table.players });
    }
    if (code && reviewable(table.game) && person) showOverProgress(table);
    else stopOverProgress();
  });
  // a new game (Play again, Undo of the last move) or another screen: the box's review is no longer wanted
  session.addEventListener("table", () => { if (session.table && !session.table.is_over) stopOverProgress(); });
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
    if (name !== "review" && name !== "game") stopOverProgress();
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
  $("review-next-mistake").addEventListener("click", () => goToMistake(1));
  $("review-previous-mistake").addEventListener("click", () => goToMistake(-1));
  // n and p anywhere on the screen (not while typing in a field, nor with a modifier: the browser's own keys)
  document.addEventListener("keydown", (event) => {
    if (document.body.dataset.screen !== "review" || !page.review || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.closest?.("input, textarea, select, [contenteditable]")) return;
    const key = event.key.toLowerCase();
    if (key !== "n" && key !== "p") return;
    event.preventDefault();
    goToMistake(key === "n" ? 1 : -1);
  });
  document.addEventListener("languagechange", () => {
    const screen = document.body.dataset.screen;
    if (screen === "review" && page.game) {
      $("review-title").textContent = t("review.title", { game: t(`game.${page.game}.title`) });
      page.listed = 0;
      $("review-moves").replaceChildren();
      renderProgress();
      renderAll();
      showPlace(page.at);
    } else if (screen === "review") {
      const key = $("review-refused-text").dataset.key;
      if (key) $("review-refused-text").textContent = reviewError({ key, params: {} });
      const back = $("review-refused-back");
      if (back.dataset.i18n) back.textContent = t(back.dataset.i18n);
    }
  });
}

/** For tests and tools: where a place of the chart is drawn (CSS px of the viewport), and the review on screen. */
export function reviewState() {
  return {
    game: page.game, at: page.at, done: page.done, kept: page.kept, state: document.body.dataset.reviewState ?? "",
    moves: page.review?.moves.length ?? 0, total: page.review?.total ?? 0, ms: page.job?.ms ?? 0,
    workers: page.job?.workers ?? 1, shared: page.job?.shared ?? 0,
    point: (/** @type {number} */ at) => page.chart?.point(at) ?? null,
  };
}

