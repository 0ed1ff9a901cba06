// The worker client: one promise per request. The page never runs rules; it asks the worker.
//
// It also keeps an engine going, or says why it cannot:
// - A boot that fails (a file that does not download, a worker script that does not load, a boot that takes
//   too long) ends in a "failed" event with a short `reason` word; retry() starts a fresh worker.
// - A worker that stops answering is taken for dead: a request with no reply within a generous time for its kind
//   (a bot's or a hint's budget plus a margin), or, while nothing is asked, a cheap "hello" every few seconds
//   that gets no reply. (A worker that closes itself or is killed sends no event at all, so only silence tells.)
//   The engine then ends that worker, starts a new one, lets the page open its game again (`restore`), and
//   sends each request that was in flight once more; a request the old worker never answered twice gets a
//   worded error. Requests made meanwhile wait for the new worker.
//
// Events: progress {stage, fraction}; ready {hello, restarted}; failed {message, reason}; stopped {cause}
// (a new worker is starting); restarted {restored} (the new worker is ready and the page's game reopened).

const REPLY_MS = 8_000;          // any request; the slowest take well under a second in Pyodide
const BOT_MARGIN_MS = 8_000;     // a bot move or a hint: its budget plus this
// A piece of a review (the bridge's review and judge) judges at least one move, which may take seconds of CPython
// (Score Up's solver), several times that in a phone's Pyodide: its reply may take this long before the worker
// counts as gone.
const REVIEW_REPLY_MS = 60_000;
// "judging": a piece of the game in play judged in the engine's idle time (web/session.js), at least one move. Its
// deadline is shorter: a person is at the board, and while pieces are asked the idle liveness check never runs, so a
// worker that died meanwhile is found by this deadline (one move's judging takes a second or two at most)
const REVIEWING = new Set(["review", "judge", "judging"]);
const JUDGING_REPLY_MS = 15_000;
// A background piece is asked only once nothing was asked for this long: a request a reply sets off (the next
// step the page asks at once) goes first. The background's own pieces (`judging`) do not count: the next piece
// follows the last at once when nothing else was asked meanwhile (docs/review.md "Judged during play").
const IDLE_GRACE_MS = 30;
const BACKGROUND = new Set(["judging"]);
const DEFAULT_BUDGET_MS = 800;   // the bridge's budget when a request names none
const IDLE_CHECK_MS = 2_000;     // while nothing is asked, a liveness check this often...
const IDLE_REPLY_MS = 3_000;     // ...answered within this
const BOOT_MS = 200_000;         // the worker gives up on its own after 180 s; this covers a worker that died
const BASE_BOOT_MS = 5_000;      // a boot this long or shorter is a fast device: deadlines as above
const MAX_SLOWNESS = 8;          // on a slower device every deadline grows with its boot time, up to this factor
const RESTART_WINDOW_MS = 120_000;
const MAX_RESTARTS = 3;          // this many deaths within the window: give up and say so (Retry starts again)

/** The reply to a request whose asker moved on before it was sent. */
const cancelled = () => ({ ok: false, error: { type: "Cancelled", key: "error.internal", params: { message: "cancelled" },
  message: "The request was cancelled before it was sent." } });

/** The reply to a request that a dead worker left unanswered twice. */
const stopped = () => ({ ok: false, error: { type: "EngineStopped", key: "error.engine_stopped", params: {},
  message: "The game engine stopped before it answered." } });

/** The engine worker's script. A page that is never visited again (a test's, which sets
 * `window.GAMEBOX_TEST_SNAPSHOT = false` before the page loads) asks it not to make a memory snapshot: the snapshot
 * maker boots a second runtime, which costs seconds of CPU that such a page never gets back
 * (docs/offline-and-csp.md). */
function engineURL() {
  const url = new URL("./worker.mjs", import.meta.url);
  if (/** @type {any} */ (globalThis).GAMEBOX_TEST_SNAPSHOT === false) url.searchParams.set("snapshot", "off");
  return url;
}

/** The engine worker index.html's first paint script started for `url`, with what it said meanwhile, taken once
 * (the first boot only: a Retry or a restart starts its own); null if it started none (a first visit: it starts
 * one only when a memory snapshot is stored; a guest's page; a browser without module workers) or one for another
 * script.
 * @param {URL} url @returns {{worker: Worker, at: number, messages: any[], errors: string[]} | null} */
function earlyWorker(url) {
  const early = /** @type {any} */ (globalThis).gameboxEarlyEngine;
  if (!early || !early.worker || early.url !== url.href) return null;
  /** @type {any} */ (globalThis).gameboxEarlyEngine = undefined;
  return early;
}

// Whether the engine's memory snapshot is stored, for index.html's first paint script, which starts the engine's
// worker early only then (a repeat visit): what the worker last said (its boot, its snapshot maker's outcome), kept
// in localStorage because the script must know at once (Cache Storage answers only after the page's loading has
// let it: 0.3 s later on a loaded machine). Wrong at worst for one visit: a worker started early that then boots
// fresh, or one started with the app.
const SNAPSHOT_KEY = "gamebox/snapshot";

/** @param {boolean} stored */
function rememberSnapshot(stored) {
  try {
    if (stored) localStorage.setItem(SNAPSHOT_KEY, "1");
    else localStorage.removeItem(SNAPSHOT_KEY);
  } catch {
    // storage refused: the worker starts with the app, as on a first visit
  }
}

/** Whether the engine judges the game in play in its idle time (web/session.js's judging). Always, for people; a
 * test whose subject is not judging nor the review (a layout on every screen size) sets
 * `window.GAMEBOX_TEST_JUDGING = false` before the page loads, and every such piece is answered at once as "nothing
 * more": a move asked while a piece runs waits for that piece, a second or two of Pyodide per move in Upthrust or
 * Upples, which made such tests mostly waiting (docs/architecture.md, "The suite's time"). */
function judgingDuringPlay() {
  return /** @type {any} */ (globalThis).GAMEBOX_TEST_JUDGING !== false;
}

export class Engine extends EventTarget {
  constructor(workerURL = engineURL()) {
    super();
    this.workerURL = workerURL;
    this.pending = new Map();    // id -> entry: a request sent to the current worker, not yet answered
    this.held = [];              // entries waiting for a worker that is ready (booting, restarting)
    this.nextId = 1;
    this.generation = 0;         // one per worker started: messages from an older worker are dropped
    this.state = "booting";      // booting, ready, restarting, restoring (the page reopens its game), failed
    this.failed = null;          // the failure's own text (for developers and the embed's error event)
    this.reason = null;          // its short word: runtime, package, timeout, worker, unsupported, stopped, ...
    this.hello = null;
    this.slowness = 1;
    this.deaths = [];            // when workers were found dead (performance.now())
    this.everReady = false;
    this.restore = null;         // async (send) => boolean: the page opens its game again on a new worker
    this.idleWaiters = [];       // whenIdle()'s: resolved once nothing is asked
    this.busyAt = -Infinity;     // when a request other than a background piece was last asked or answered
    this._newReadyPromise();
    this._spawn();
  }

  /** A promise for the engine's hello; it rejects when the boot fails, and a retry makes a new one. */
  get ready() { return this._ready; }

  _newReadyPromise() {
    this._ready = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    this._ready.catch(() => {});
  }

  _emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail })); }

  _spawn() {
    const generation = ++this.generation;
    const early = generation === 1 ? earlyWorker(this.workerURL) : null;
    this.bootStarted = early ? early.at : performance.now();
    clearTimeout(this._bootTimer);
    this._bootTimer = setTimeout(() => {
      if (generation === this.generation) this._bootFailed("timeout", "the game engine took too long to start");
    }, BOOT_MS - (performance.now() - this.bootStarted));
    let worker;
    try {
      worker = early ? early.worker : new Worker(this.workerURL, { type: "module" });
    } catch (error) {
      this._bootFailed("unsupported", `this browser cannot start a module worker: ${error && error.message}`);
      return;
    }
    this.worker = worker;
    worker.onmessage = (event) => {
      if (generation === this.generation) this._receive(event.data);
    };
    // A module worker whose script (or an import of it) does not load fires `error` on the Worker; so does an
    // uncaught error in a running worker, which may have lost a request: both end this worker.
    worker.onerror = (event) => {
      event.preventDefault();
      if (generation !== this.generation) return;
      const text = event.message || "the game engine's script could not be loaded";
      if (this.state === "ready" || this.state === "restoring") this._died(`error: ${text}`);
      else this._bootFailed("worker", text);
    };
    worker.onmessageerror = () => {
      if (generation === this.generation) this._died("a message could not be read");
    };
    // what the early worker said before this engine listened, in order: its messages, then a failure
    for (const message of early?.messages ?? []) if (generation === this.generation) this._receive(message);
    if (early?.errors.length && generation === this.generation) {
      const text = early.errors[0] || "the game engine's script could not be loaded";
      if (this.state === "ready" || this.state === "restoring") this._died(`error: ${text}`);
      else this._bootFailed("worker", text);
    }
  }

  _bootFailed(reason, message) {
    if (this.state !== "booting" && this.state !== "restarting") return;
    clearTimeout(this._bootTimer);
    this._stopWorker();
    this._fail(reason, message);
  }

  /** Give up: every waiting request gets a worded error, and the page is told (it offers Retry). */
  _fail(reason, message) {
    this.state = "failed";
    this.reason = reason || "unknown";
    this.failed = String(message || this.reason);
    clearTimeout(this._idleTimer);
    this._rejectReady(new Error(this.failed));
    const waiting = [...this.pending.values(), ...this.held];
    this.pending.clear();
    this.held = [];
    for (const entry of waiting) this._answer(entry, this._failure());
    for (const resolve of this.idleWaiters.splice(0)) resolve(); // its request gets the failure too
    this._emit("failed", { message: this.failed, reason: this.reason });
  }

  _failure() {
    return { ok: false, error: { type: "EngineFailed", key: "error.engine_failed", params: { reason: this.reason },
      message: this.failed } };
  }

  _stopWorker() {
    this.generation++;           // anything the old worker still says is dropped
    try { this.worker?.terminate(); } catch { /* already gone */ }
    this.worker = null;
  }

  /** Start again after a failure (the Retry button). Does nothing while the engine is booting or ready. */
  retry() {
    if (this.state !== "failed") return false;
    this.state = this.everReady ? "restarting" : "booting";
    this.failed = null;
    this.reason = null;
    this.deaths = [];
    this._newReadyPromise();
    this._spawn();
    return true;
  }

  _receive(message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "progress") {
      this._emit("progress", message);
    } else if (message.type === "ready") {
      if (this.state !== "booting" && this.state !== "restarting") return;
      clearTimeout(this._bootTimer);
      if (!message.hello || !message.hello.ok) {
        this._bootFailed("package", message.hello?.error?.message || "the game rules did not start");
        return;
      }
      rememberSnapshot(message.boot === "snapshot");
      this._booted(message.hello);
    } else if (message.type === "snapshot") {
      rememberSnapshot(Boolean(message.stored));
    } else if (message.type === "failed") {
      this._bootFailed(message.reason || "unknown", message.message);
    } else if (message.type === "reply") {
      const entry = this.pending.get(message.id);
      if (!entry) return;
      this.pending.delete(message.id);
      clearTimeout(entry.timer);
      if (!BACKGROUND.has(entry.request?.op)) this.busyAt = performance.now();
      this._answer(entry, message.reply);
      this._watchIdle();
      this._wakeIdle();
    }
  }

  /** Resolves once no request is on its way or waiting for a worker, and none but a background piece was asked or
   * answered for IDLE_GRACE_MS: where a background job (the session's judging of the game in play) asks its next
   * piece, so that it never goes ahead of a request; one that comes while the piece runs waits for that piece only.
   * @returns {Promise<void>} */
  whenIdle() {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this._wakeIdle();
    });
  }

  _wakeIdle() {
    clearTimeout(this._graceTimer);
    if (!this.idleWaiters.length) return;
    const grace = Math.max(0, this.busyAt + IDLE_GRACE_MS - performance.now());
    this._graceTimer = setTimeout(() => {
      if (this.state !== "ready" || this.pending.size || this.held.length) return; // the next reply wakes it
      if (performance.now() < this.busyAt + IDLE_GRACE_MS) { this._wakeIdle(); return; } // asked meanwhile
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }, grace);
  }

  async _booted(hello) {
    const generation = this.generation;
    const restarted = this.state === "restarting";
    const bootMs = performance.now() - this.bootStarted;
    this.slowness = Math.max(this.slowness, Math.min(MAX_SLOWNESS, bootMs / BASE_BOOT_MS));
    this.hello = hello;
    this.state = "restoring";
    let restored = false;
    if (this.restore && this.everReady) {
      try {
        restored = Boolean(await this.restore((request) => this._direct(request)));
      } catch (error) {
        console.warn("Gamebox could not reopen the game after the engine restarted:", error);
      }
      if (generation !== this.generation) return; // the new worker died too: a newer boot goes on
    }
    this.state = "ready";
    this.everReady = true;
    this._resolveReady(hello);
    this._emit("ready", { hello, restarted });
    if (restarted) this._emit("restarted", { restored });
    for (const entry of this.held.splice(0)) {
      // a request whose asker has moved on (the session left the state that asked) is not sent to the new worker
      if (entry.signal?.aborted) this._answer(entry, cancelled());
      else this._send(entry);
    }
    this._watchIdle();
    this._wakeIdle();
  }

  /** Send one bridge request; resolves with the reply ({ok: true, ...} or {ok: false, error}). Never rejects. An
   * aborted `signal` (web/session.js) keeps a request that still waits for a worker from being sent. This is the
   * session's engine port (web/host.js EnginePort). */
  request(request, { signal = undefined } = {}) {
    if (this.state === "failed") return Promise.resolve(this._failure());
    if (request?.op === "judging" && !judgingDuringPlay()) return Promise.resolve({ ok: true, more: false });
    if (signal?.aborted) return Promise.resolve(cancelled());
    if (!BACKGROUND.has(request?.op)) this.busyAt = performance.now();
    return new Promise((resolve) => {
      const entry = { request, resolve, tries: 0, signal };
      if (this.state === "ready") this._send(entry);
      else this.held.push(entry);
    });
  }

  /** A request sent at once, even while the page reopens its game; not sent again if the worker dies. */
  _direct(request) {
    return new Promise((resolve) => this._send({ request, resolve, tries: 1 }));
  }

  _deadline(request) {
    const op = request && request.op;
    let ms = REPLY_MS;
    if (op === "bot" || op === "hint") {
      const budget = Number.isFinite(request.budget_ms) ? Math.max(0, request.budget_ms) : DEFAULT_BUDGET_MS;
      ms = budget + BOT_MARGIN_MS;
    }
    const pieceMs = (/** @type {string} */ piece) => (piece === "judging" ? JUDGING_REPLY_MS : REVIEW_REPLY_MS);
    if (REVIEWING.has(op)) ms = pieceMs(op);
    // a request asked behind a piece of a review waits for that piece first
    else {
      const piece = [...this.pending.values()].find((entry) => REVIEWING.has(entry.request?.op));
      if (piece) ms += pieceMs(piece.request.op);
    }
    return ms * this.slowness;
  }

  _send(entry) {
    if (!this.worker) { this._answer(entry, stopped()); return; } // a restore still asking a worker that is gone
    const id = this.nextId++;
    entry.id = id;
    try {
      this.worker.postMessage({ id, request: entry.request });
    } catch (error) {
      this._answer(entry, { ok: false, error: { type: "BadRequest", key: "error.bad_request", params: {},
        message: String(error && error.message) } });
      return;
    }
    this.pending.set(id, entry);
    entry.timer = setTimeout(() => this._overdue(entry), entry.deadline ?? this._deadline(entry.request));
  }

  _answer(entry, reply) {
    clearTimeout(entry.timer);
    entry.resolve(reply);
  }

  _overdue(entry) {
    // a reply already queued behind this timer still counts: look again once the queue has run
    setTimeout(() => {
      if (this.pending.get(entry.id) === entry) this._died(`no reply to ${entry.request?.op ?? "a request"}`);
    }, 0);
  }

  /** While nothing is asked, ask for the cheapest answer now and then: a worker that is gone never replies. Not
      while the page is hidden (nobody is waiting for it); at once when it is shown again. */
  _watchIdle() {
    clearTimeout(this._idleTimer);
    if (this.state !== "ready") return;
    if (!this._watchingVisibility && typeof document !== "undefined") {
      this._watchingVisibility = true;
      document.addEventListener("visibilitychange", () => { if (!document.hidden) this._watchIdle(); });
    }
    this._idleTimer = setTimeout(() => {
      if (this.state !== "ready" || (typeof document !== "undefined" && document.hidden)) return;
      if (this.pending.size) { this._watchIdle(); return; }
      // only that the bridge answers: listing the box would import every game (py/gamebox/core/registry.py)
      this._send({ request: { op: "hello", box: false }, resolve: () => {}, tries: 1,
        deadline: IDLE_REPLY_MS * this.slowness });
    }, IDLE_CHECK_MS);
  }

  /** The worker stopped answering: end it, start a new one, and send what it left unanswered once more. */
  _died(cause) {
    if (this.state !== "ready" && this.state !== "restoring") return;
    console.warn(`Gamebox: the game engine stopped (${cause}); starting it again.`);
    clearTimeout(this._idleTimer);
    this._stopWorker();
    const now = performance.now();
    this.deaths = this.deaths.filter((time) => now - time < RESTART_WINDOW_MS);
    this.deaths.push(now);
    const inFlight = [...this.pending.values()].sort((a, b) => a.id - b.id);
    this.pending.clear();
    const again = [];
    for (const entry of inFlight) {
      clearTimeout(entry.timer);
      if (entry.tries >= 1) {
        this._answer(entry, stopped());
      } else {
        entry.tries += 1;
        again.push(entry);
      }
    }
    this.held = [...again, ...this.held];
    if (this.deaths.length >= MAX_RESTARTS) {
      this._fail("stopped", `the game engine stopped ${this.deaths.length} times in a short while`);
      return;
    }
    this.state = "restarting";
    this._emit("stopped", { cause });
    this._spawn();
  }
}
