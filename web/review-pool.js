// @ts-check
// A second worker for a review computed cold (docs/review.md, "Two workers"). The engine's worker (web/engine.js)
// judges a review's moves from the first one on with the bridge's `review`; where the device has more than one core,
// a second copy of the same worker (web/worker.mjs, booted from the same files: the memory snapshot or the
// precompiled wheel, integrity-checked, and precached for offline use by the service worker) judges moves from the
// last one back, a range a request, with the bridge's `judge` over a range, until the two meet. The engine's review then
// takes the moves the second worker judged as its own (`judged`), and stops each piece before the first of them
// (`to`). A move's verdict depends only on the game, the move and the effort (core/review.py), so the review is the
// same whichever worker judged which move.
//
// This module keeps the second worker and its requests to itself: the engine's queue, its liveness checks and its
// restarts are untouched, and the second worker never holds a game. It is started only for a review that looks
// long (its first piece's pace), and ended when the review is done, cancelled or left.

const POOL_NAME = "gamebox-review-pool"; // web/worker.mjs: a worker of this name makes no memory snapshot
// The second worker is started only when the moves left would take the engine at least this long at the pace of
// the review's first piece: a second runtime's boot costs about a second of CPU.
export const POOL_WORTH_MS = 2_500;
// The moves of one request of the second worker: doubled while a request takes less than QUICK_MS, halved when it
// takes more than SLOW_MS, at most MAX_RANGE.
const QUICK_MS = 150;
const SLOW_MS = 600;
const MAX_RANGE = 32;
// A range is at most this share of the moves that neither worker has taken (1/3: measured in docs/review.md).
const GAP_SHARE = 3;
// A reply from the second worker later than this ends it (the engine judges what it left); a boot too.
const POOL_REPLY_MS = 120_000;

/** How many workers a review may use: 2 where the device has more than one core (`navigator.hardwareConcurrency`),
 * else 1; a page may say which (`window.GAMEBOX_REVIEW_WORKERS = 1 or 2` before it loads: tests and the bench), and
 * with 2 said so the second worker helps even a short review. */
export function reviewWorkers() {
  const said = Number(/** @type {any} */ (globalThis).GAMEBOX_REVIEW_WORKERS);
  if (said === 1 || said === 2) return said;
  return typeof Worker === "function" && (navigator.hardwareConcurrency || 1) > 1 ? 2 : 1;
}

/** Whether the page said to use two workers whatever the review's length. */
export function twoWorkersSaid() {
  return Number(/** @type {any} */ (globalThis).GAMEBOX_REVIEW_WORKERS) === 2;
}

/** A failed reply of the second worker (the engine then judges those moves itself). @param {string} message */
const failure = (message) => ({ ok: false, error: { type: "PoolFailed", key: "error.engine_failed", params: {}, message } });

/** The second worker: one request at a time, each answered once. */
class PoolWorker {
  constructor() {
    /** @type {Map<number, (reply: any) => void>} */
    this.pending = new Map();
    this.nextId = 1;
    this.failed = false;
    /** @type {Promise<boolean>} resolves true once booted, false when it failed or was ended */
    this.ready = new Promise((resolve) => { this._booted = resolve; });
    this._timer = setTimeout(() => this.end("the second worker took too long to start"), POOL_REPLY_MS);
    try {
      this.worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module", name: POOL_NAME });
    } catch (error) {
      this.worker = null;
      this.end(String(error));
      return;
    }
    this.worker.onmessage = (event) => this._receive(event.data);
    this.worker.onerror = (event) => { event.preventDefault(); this.end(event.message || "the second worker failed"); };
    this.worker.onmessageerror = () => this.end("a message could not be read");
  }

  /** @param {any} message */
  _receive(message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "ready") {
      clearTimeout(this._timer);
      if (message.hello?.ok) this._booted?.(true);
      else this.end("the second worker's rules did not start");
    } else if (message.type === "failed") {
      this.end(message.message || "the second worker did not start");
    } else if (message.type === "reply") {
      const resolve = this.pending.get(message.id);
      this.pending.delete(message.id);
      resolve?.(message.reply);
    }
  }

  /** One bridge request; resolves with its reply, or a failure when the worker fails or is ended. Never rejects.
   * @param {object} request @returns {Promise<any>} */
  async request(request) {
    if (!(await this.ready) || this.failed || !this.worker) return failure("the second worker is not running");
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.end("the second worker stopped answering"), POOL_REPLY_MS);
      this.pending.set(id, (reply) => { clearTimeout(timer); resolve(reply); });
      this.worker?.postMessage({ id, request });
    });
  }

  /** End the worker: what it was asked gets a failure. @param {string} [why] */
  end(why = "ended") {
    if (this.failed) return;
    this.failed = true;
    clearTimeout(this._timer);
    try { this.worker?.terminate(); } catch { /* already gone */ }
    this.worker = null;
    this._booted?.(false);
    for (const resolve of this.pending.values()) resolve(failure(why));
    this.pending.clear();
  }
}

/** The second worker's share of one review: the moves from the last one back, until they meet the engine's. */
export class PoolShare {
  /** @param {{code: string, seats: any[], total: number, front: () => number, atOnce?: boolean}} review `front`: the
   * first move the engine has not judged yet; `atOnce`: the last move is this share's from the start, before the
   * second worker has booted (where the page said to use two workers: so that the second worker takes part in a
   * short review too, which tests and the bench compare with one worker's) */
  constructor({ code, seats, total, front, atOnce = false }) {
    this.code = code;
    this.seats = seats;
    this.total = total;
    this.front = front;
    /** the lowest move this share has taken: the engine judges the moves before it */
    this.low = atOnce && total > front() + 1 ? total - 1 : total;
    /** @type {Map<number, any>} the records judged here, by move */
    this.judged = new Map();
    this.finished = false;
    /** @type {Array<() => void>} */
    this._waiting = [];
    this.worker = new PoolWorker();
    this.run();
  }

  async run() {
    if (await this.worker.ready) {
      // a range a request, from the last move back: one move at first, more while each takes the second worker
      // little time (each request replays the game to its first move, which a long game of quick moves would
      // otherwise pay for on every move), fewer when it takes long
      let size = 1;
      for (let end = this.total; !this.finished && end - 1 > this.front();) {
        // never more than a share of the moves left between the two (GAP_SHARE): a range grown over cheap last
        // moves would otherwise take the costly ones in bulk (a Score Up review's first moves), and the engine would
        // wait for all of it once it got there
        const gap = end - 1 - this.front();
        const from = Math.max(this.front() + 1, end - Math.min(size, Math.max(1, Math.floor(gap / GAP_SHARE))));
        this.low = from;
        const asked = performance.now();
        const reply = await this.worker.request({ op: "judge", code: this.code, seats: this.seats, from, to: end });
        if (!reply.ok || !Array.isArray(reply.moves) || reply.moves.length !== end - from) {
          this.low = end; // the engine judges these
          break;
        }
        reply.moves.forEach((/** @type {any} */ move, /** @type {number} */ index) => this.judged.set(from + index, move));
        this._changed();
        const ms = performance.now() - asked;
        size = ms < QUICK_MS ? Math.min(MAX_RANGE, size * 2) : ms > SLOW_MS ? Math.max(1, Math.floor(size / 2)) : size;
        end = from;
      }
    }
    this.stop();
  }

  /** The records judged here from move `from` on, as far as they follow one another. @param {number} from */
  take(from) {
    const records = [];
    for (let ply = from; this.judged.has(ply); ply++) records.push(this.judged.get(ply));
    return records;
  }

  /** Whether move `ply` is this share's, still on its way (its range on its way is the lowest). @param {number} ply */
  working(ply) { return !this.finished && ply >= this.low && !this.judged.has(ply); }

  /** A promise for the next move judged here, or the end of the share. @returns {Promise<void>} */
  changed() { return this.finished ? Promise.resolve() : new Promise((resolve) => this._waiting.push(resolve)); }

  _changed() {
    for (const resolve of this._waiting.splice(0)) resolve();
  }

  /** Stop judging and end the second worker (what it judged stays readable). */
  stop() {
    if (this.finished) return;
    this.finished = true;
    while (this.low < this.total && !this.judged.has(this.low)) this.low += 1; // the range on its way is the engine's
    this.worker.end();
    this._changed();
  }
}
