// @ts-check
// One table's life on this page, as an explicit state machine. The game screen draws what the session says; the
// session alone asks the engine for moves.
//
//   idle ─ open() ─▶ opening ─▶ a settled state, as the table says:
//     human      a person on this device is to act
//     animating  a bot is to act: the board plays the last move for a moment, then the bot thinks (→ bot)
//     running    a real-time phase (a race, a grab: the phases the game declares, games.json `realtime`): its clock
//                counts, the people here may act, and a bot to move thinks after its pause, as in animating
//     sealed     nobody here may act: other seats' secret moves are still hidden, and each is revealed when the
//                clock passes it (the session asks again every PEEK_MS while it is in human, animating, running or
//                sealed)
//     over       the game is over (undo may take it back)
//     replaying  a game watched step by step
//   and the states of a request on its way, which end in the settled state of the reply:
//     bot        a bot thinks
//     waiting    this device asked: a person's move, undo, a hint, a replay step
//   close() ─▶ idle, from any state.
//
// Cancelling: every state is a visit with its own AbortController. Entering the next state aborts the visit before
// it, which ends its timers, and any request it made: a reply for an aborted visit is dropped (a port may also
// leave it unsent). So nothing needs a busy flag or a generation count, and a person can act only in a settled
// state. The session talks to an engine port (request -> promise of the reply; web/host.js EnginePort), so the
// same session can run with the engine on another device.

/** @typedef {import("./host.js").Table} Table */
/** @typedef {import("./host.js").Reply} Reply */
/** @typedef {import("./host.js").Move} Move */
/** @typedef {"idle" | "opening" | "human" | "animating" | "running" | "sealed" | "over" | "replaying" | "bot" | "waiting"} State */
/** @typedef {{code: string, step: number, steps: number, own: boolean}} Replay */

/** @type {ReadonlySet<State>} the states with no request on its way */
export const SETTLED = new Set(["human", "animating", "running", "sealed", "over", "replaying"]);
/** @type {ReadonlySet<State>} where a person may act (if a seat of theirs is to move) */
const PLAYABLE = new Set(["human", "animating", "running", "sealed"]);

const BOT_DELAY_MS = 450;
const BOT_BUDGET_MS = 700;
const HINT_BUDGET_MS = 1500;
const PEEK_MS = 250;
/** The bridge's refusal of a move chosen on a table that is no longer the current one. */
export const STALE = "table.stale";

/** Events: `state` {state}; `table` {table, previous, animate} (a table to draw); `open` {table} (a new table is on
 * screen); `over` {table} (the game just ended by a move seen here); `error` {error} (a bot could not move);
 * `judged` {judged, table} (what the engine judged of the game in play, as an opaque text to save with it). */
export class Session extends EventTarget {
  /** @param {import("./host.js").EnginePort} port
   * @param {{pace?: () => number, realtime?: (table: Table) => boolean}} [tuning] `realtime`: whether the table is in
   * a real-time phase of its game (the game's declaration, games.json `realtime.phases`) */
  constructor(port, { pace = () => 1, realtime = () => false } = {}) {
    super();
    this.port = port;
    this.pace = pace;
    this.realtime = realtime;
    /** @type {State} */
    this.state = "idle";
    /** @type {Table | null} */
    this.table = null;
    /** @type {Replay | null} */
    this.replay = null;
    /** the clock of the running real-time phase as the board runs it (set by the game screen), in ms
     * @type {() => number | null} */
    this.clock = () => null;
    this.visit = new AbortController();
    this.overSeen = false; // the end of this game was already told (`over` is said once per ending)
    /** the replay step asked for last while steps are on their way @type {number | null} */
    this.aiming = null;
    this.stepping = false; // a replay step's request is on its way
    /** the hint being searched, for which table and seat @type {{table: Table | null, seat: number, reply: Promise<Reply | null>} | null} */
    this.hinting = null;
  }

  /** @param {string} type @param {Record<string, any>} detail */
  emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail })); }

  // ------------------------------------------------------------ the machine
  /** Leave the current state (its timers and requests are cancelled) and enter `state`. @param {State} state */
  enter(state) {
    this.visit.abort();
    this.visit = new AbortController();
    this.state = state;
    this.stay();
  }

  /** A table arrives (a reply of the engine): leave the current state, enter the settled state the table asks for,
   * and draw it in that state (`table`; the board offers the person's targets only in a state where they may
   * act), then say when its game just ended (`over`). @param {Table} table @param {{animate?: boolean}} [options] */
  arrive(table, { animate = true } = {}) {
    this.visit.abort();
    this.visit = new AbortController();
    const previous = this.table;
    this.table = table;
    this.state = this.settled();
    this.emit("table", { table, previous, animate: animate && Boolean(previous) });
    this.told(table);
    this.stay();
  }

  /** The state's own doings (a bot's pause, a peek's wait, work done ahead), then `state` is said. */
  stay() {
    const state = this.state;
    const table = this.table;
    // only while a person thinks: before a bot's turn, a piece of work ahead would only delay the bot's request
    const botToMove = Boolean(table) && table.to_move.some((seat) => table.seats[seat].kind === "bot");
    const { signal } = this.visit;
    if (state === "human" || (state === "running" && !botToMove)) this.prepare().then(() => this.judge(signal));
    else if (state === "sealed") this.judge(signal);
    if (state === "animating" || (state === "running" && botToMove)) this.after(BOT_DELAY_MS * this.pace(), () => this.think());
    if (table && table.sealed && PLAYABLE.has(state)) this.after(PEEK_MS, () => this.peek());
    this.emit("state", { state });
  }

  /** The settled state the table on hand asks for. @returns {State} */
  settled() {
    const table = this.table;
    if (!table) return "idle";
    if (this.replay) return "replaying";
    if (table.is_over) return "over";
    // Bots act whenever one of them is to move. In a simultaneous phase (a race, a grab) humans may be to move as
    // well: a bot's action carries its own time, and the rules order actions by those times.
    const bot = table.to_move.some((seat) => table.seats[seat].kind === "bot");
    const human = table.to_move.some((seat) => table.seats[seat].kind === "human");
    if ((bot || human) && this.realtime(table)) return "running";
    if (bot) return "animating";
    if (human) return "human";
    return "sealed";
  }

  /** Run `then` after `ms`, unless the state is left first. @param {number} ms @param {() => void} then */
  after(ms, then) {
    const timer = setTimeout(then, ms);
    this.visit.signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  }

  /** While a person thinks, the engine does ahead the work a coming move will need (the
   * bridge's `prepare`: the cards of a race's coming rounds, a throw about to be made), a short piece a request,
   * asked again while it says more is left. It only fills caches, so nothing waits for it: leaving the state stops
   * it, and a move asked meanwhile waits at most for the one piece on its way. */
  async prepare() {
    const { signal } = this.visit;
    for (;;) {
      const reply = await this.port.request({ op: "prepare" }, { signal });
      if (signal.aborted || !reply.ok || !reply.more) return;
    }
  }

  /** While a person thinks (here or on another device), the engine judges the game's finished moves in its idle
   * time (the bridge's `judging`, docs/review.md "Judged during play"): a piece a request, each asked only once
   * the engine has nothing else to do (the port's `whenIdle`), so a move, a hint or a peek waits at most for the one
   * piece on its way. Not while a bot is about to move (its request would wait), nor once the game is over (the
   * review then goes on from what was judged). The reply holds no verdict; the text a run ends with is the page's to
   * keep with its saved game (`judged` {judged, table}). @param {AbortSignal} signal the visit's */
  async judge(signal) {
    for (;;) {
      if (signal.aborted) return;
      await this.port.whenIdle?.();
      if (signal.aborted) return;
      const table = this.table;
      const reply = await this.port.request({ op: "judging" }, { signal });
      if (reply.ok && reply.judged && table) this.emit("judged", { judged: reply.judged, table });
      if (signal.aborted || !reply.ok || !reply.more) return;
    }
  }

  /** Ask the engine within the current state: null when the state was left before the reply came.
   * @param {Record<string, any>} request @returns {Promise<Reply | null>} */
  async ask(request) {
    const { signal } = this.visit;
    const reply = await this.port.request(request, { signal });
    return signal.aborted ? null : reply;
  }

  /** Ask again, with the clock, while other seats' secret moves are hidden: each is shown once the clock passes
   * the time it was made (the bridge's `sealed`). */
  async peek() {
    const table = this.table;
    const clock = this.clockMs();
    if (!table || clock === null) { this.after(PEEK_MS, () => this.peek()); return; }
    const reply = await this.ask({ op: "view", clock_ms: clock });
    if (!reply || !reply.ok) return; // the state was left meanwhile (its own peek goes on), or no answer: wait
    if (reply.history.length !== table.history.length || reply.sealed !== table.sealed) {
      this.arrive(/** @type {Table} */ (reply));
    } else {
      this.after(PEEK_MS, () => this.peek());
    }
  }

  /** The next state change. @returns {Promise<State>} */
  next() {
    return new Promise((resolve) => this.addEventListener("state", () => resolve(this.state), { once: true }));
  }

  /** Say `over` once when the game of `table` just ended here. @param {Table} table */
  told(table) {
    if (table.is_over && !this.overSeen && !this.replay) {
      this.overSeen = true;
      this.emit("over", { table });
    }
    if (!table.is_over) this.overSeen = false;
  }

  /** The clock to send with a request, as whole ms (null outside a real-time phase). */
  clockMs() {
    const clock = this.clock();
    return Number.isFinite(clock) ? Math.max(0, Math.round(/** @type {number} */ (clock))) : null;
  }

  // ------------------------------------------------------------ a table's life
  /** Open a table: `request` is the bridge op that makes it (new, open, replay, daily), or a function that finds
   * it (waiting for the engine, say) and may answer with a refusal instead. `mount(table)` readies the screen for
   * it (false: it cannot be shown); `refused(error)` is told a refusal, unless another table or screen was asked
   * for meanwhile. Resolves with the reply, shown or not, or null when it was never asked for.
   * @param {Record<string, any> | (() => Promise<Record<string, any>>)} request
   * @param {{own?: boolean, mount?: (table: Table) => Promise<boolean>,
   *   refused?: (error: import("./host.js").BridgeError | undefined) => void}} [options]
   * @returns {Promise<Reply | null>} */
  async open(request, { own = false, mount = async () => true, refused = () => {} } = {}) {
    // the table on screen stays the page's one table until the next one arrives (the board, window.gamebox.table()
    // and the embed still read it meanwhile); nobody may act on it in `opening`
    this.replay = null;
    this.enter("opening");
    const { signal } = this.visit;
    const body = typeof request === "function" ? await request() : request;
    if (signal.aborted) return null;
    // asked outside `ask`: a reply that comes after the person went elsewhere is still the answer to the caller,
    // though it does not take over the screen
    const reply = body.ok === false ? /** @type {Reply} */ (body) : await this.port.request(body, { signal });
    if (signal.aborted) return reply;
    if (!reply.ok) {
      this.enter("idle");
      refused(reply.error);
      return reply;
    }
    const table = /** @type {Table} */ (reply);
    if (!(await mount(table)) || signal.aborted) return reply;
    this.replay = table.replay ? { ...table.replay, own } : null;
    this.overSeen = table.is_over; // a finished game opened from a link did not just end here
    this.arrive(table, { animate: false });
    this.emit("open", { table });
    return table;
  }

  /** The game changed elsewhere (a person on another device moved: web/net/room.js, web/net/guest.js): show
   * `table`, or else this device's table as the engine now has it; nothing while a request is on its way, since the
   * engine answers in order and its reply shows the change. @param {Table} [table] */
  async changed(table) {
    if (!this.table || this.replay || !SETTLED.has(this.state)) return;
    const reply = table ?? await this.ask({ op: "view", clock_ms: this.clockMs() });
    if (reply && reply.ok) this.arrive(/** @type {Table} */ (reply));
  }

  /** The table leaves the screen: whatever it was doing stops. It stays the page's table (read, never played)
   * until the next one is opened. */
  close() {
    this.replay = null;
    this.enter("idle");
  }

  /** The engine on hand was replaced (web/engine.js restarted it): a bot whose move the old engine never gave moves
   * now, unless its request is still on its way (the engine sends that again). */
  resume() {
    if (SETTLED.has(this.state)) this.enter(this.state);
  }

  /** Open the same table on a new engine (web/engine.js `restore`, with its `send`): the same position, or what
   * the new engine holds of a public game that left out a secret move still pending.
   * @param {(request: Record<string, any>) => Promise<Reply>} send @returns {Promise<Reply | null>} */
  async restore(send) {
    const table = this.table;
    if (!table || this.state === "idle" || this.state === "opening") return null;
    const replay = this.replay;
    const code = replay ? replay.code : table.resume ?? table.share;
    if (!code) return null;
    const reply = await send(replay ? { op: "replay", code, step: replay.step, seats: table.seats }
      : { op: "open", code, seats: table.seats });
    if (reply.ok && this.table === table && reply.fingerprint !== table.fingerprint) {
      // the position the new engine holds; a request still on its way is sent to it again, and its reply settles
      if (SETTLED.has(this.state)) this.arrive(/** @type {Table} */ (reply), { animate: false });
      else {
        this.table = /** @type {Table} */ (reply);
        this.emit("table", { table: reply, previous: table, animate: false });
      }
    }
    return reply;
  }

  // ------------------------------------------------------------ who may act
  /** The first seat on this device that may act now, or null (a bot's request on its way, a replay, the end). */
  humanToMove() {
    const table = this.table;
    if (!table || table.is_over || !PLAYABLE.has(this.state)) return null;
    const seat = table.to_move.find((s) => table.seats[s].kind === "human");
    return seat === undefined ? null : seat;
  }

  /** Every seat on this device that is to move (whether or not a request is on its way). */
  humanSeats() {
    const table = this.table;
    if (!table || table.is_over || this.replay || this.state === "idle" || this.state === "opening") return [];
    return table.to_move.filter((seat) => table.seats[seat].kind === "human");
  }

  /** @param {number} seat */
  mayAct(seat) {
    const table = this.table;
    return Boolean(table) && PLAYABLE.has(this.state) && !table.is_over && table.to_move.includes(seat)
      && table.seats[seat]?.kind === "human";
  }

  /** True once `seat` may act; false when it will not in this game (its turn passed, the table was closed).
   * @param {number} seat @returns {Promise<boolean>} */
  async untilTurn(seat) {
    for (;;) {
      const table = this.table;
      if (!table || table.is_over || this.replay || !table.to_move.includes(seat)
          || table.seats[seat]?.kind !== "human" || this.state === "opening" || this.state === "idle") return false;
      if (PLAYABLE.has(this.state)) return true;
      await this.next();
    }
  }

  // ------------------------------------------------------------ requests
  /** Play `move` (an action's text or an intent) for `seat` (default: the first seat here to move). It carries the
   * fingerprint of the table it was chosen on (`seen`): the bridge refuses a move chosen on a table that is no
   * longer the current one (`table.stale`: a late tap, a message that crossed another's move), and changes nothing.
   * Resolves with the reply: a table, a refusal ({ok: false, error}), or {ok: false, error: null} when it was not
   * sent, the game moved on meanwhile, or it was stale (the table is then asked for again, and nobody is told).
   * `seen`: the fingerprint of the table the move was chosen on (the board's last frame, where the person tapped),
   * by default the session's; none is sent in a real-time phase.
   * @param {Move} move @param {number | null} [seat] @param {string} [seen] @returns {Promise<Reply>} */
  async act(move, seat = this.humanToMove(), seen = undefined) {
    if (seat === null || seat === undefined || !this.mayAct(seat)) return { ok: false, error: null };
    const clock = this.clockMs();
    // a real-time phase's action carries its own time, and the rules order it among the others' (a race's
    // hand-ins, a grab): another seat's move revealed meanwhile does not make it stale
    const running = this.state === "running";
    const chosenOn = running ? null : seen ?? /** @type {Table} */ (this.table).fingerprint;
    this.enter("waiting");
    const what = typeof move === "string" ? { action: move } : { intent: move };
    const reply = await this.ask({ op: "apply", seat, ...what, clock_ms: clock, ...(chosenOn ? { seen: chosenOn } : {}) });
    if (!reply) return { ok: false, error: null };
    if (reply.ok) this.arrive(/** @type {Table} */ (reply));
    else if (reply.error?.key === STALE) {
      this.enter(this.settled());
      this.changed();
      return { ok: false, error: null };
    } else this.enter(this.settled());
    return reply;
  }

  /** A bot moves now (the `animating` state's end; and window.gamebox.botMove, which words no failure). */
  async think(budget = BOT_BUDGET_MS, { quiet = false } = {}) {
    const clock = this.clockMs();
    this.enter("bot");
    const reply = await this.ask({ op: "bot", budget_ms: budget, clock_ms: clock });
    if (!reply) return null;
    if (reply.ok) {
      this.arrive(/** @type {Table} */ (reply));
    } else {
      if (!quiet) this.emit("error", { error: reply.error });
      // not `animating` (or a bot's `running`) again, which would ask the same bot at once: the people here may act
      const settled = this.settled();
      const table = /** @type {Table} */ (this.table);
      const botToMove = table.to_move.some((seat) => table.seats[seat].kind === "bot");
      this.enter(settled === "animating" || (settled === "running" && botToMove)
        ? (this.humanSeats().length ? "human" : "sealed") : settled);
    }
    return reply;
  }

  /** A bot's move at once, for tests and embedding pages: waits for a request on its way, then asks.
   * Without a table on screen it asks the engine's table. @param {number} budget */
  async botMove(budget = BOT_BUDGET_MS) {
    while (this.state === "bot" || this.state === "waiting" || this.state === "opening") await this.next();
    if (!this.table) return this.port.request({ op: "bot", budget_ms: budget });
    return (await this.think(budget, { quiet: true })) ?? { ok: false, error: null };
  }

  /** Take back this device's last move (and what followed it). @returns {Promise<Reply | null>} */
  async undo() {
    if (!this.table || this.replay || !SETTLED.has(this.state)) return null;
    this.enter("waiting");
    const reply = await this.ask({ op: "undo" });
    if (!reply) return null;
    if (reply.ok) {
      this.overSeen = reply.is_over;
      this.arrive(/** @type {Table} */ (reply), { animate: false });
    } else {
      this.enter(this.settled());
    }
    return reply;
  }

  /** A hint for the seat here to move: {ok, action} (null when nobody here may act, or the game moved on). Asked
   * while a hint for the same table and seat is being searched, it is that one: twenty fast clicks on Hint make one
   * search, not twenty that would hold every later request (a move, Undo) behind them. */
  async hint() {
    const seat = this.humanToMove();
    if (seat === null) return null;
    const table = this.table;
    if (this.hinting && this.hinting.table === table && this.hinting.seat === seat) return this.hinting.reply;
    const reply = this.searchHint(seat);
    this.hinting = { table, seat, reply };
    try {
      return await reply;
    } finally {
      if (this.hinting?.reply === reply) this.hinting = null;
    }
  }

  /** @param {number} seat */
  async searchHint(seat) {
    const clock = this.clockMs();
    this.enter("waiting");
    const reply = await this.ask({ op: "hint", seat, budget_ms: HINT_BUDGET_MS, clock_ms: clock });
    if (!reply) return null;
    this.enter(this.settled());
    return reply;
  }

  /** Go to step `step` (clamped) of the replay: resolves with the last reply, or null when nothing changed or the
   * replay was left meanwhile. Asked while a step is on its way, it only moves the aim (the last one asked for
   * wins), so twenty fast clicks on Last make one request, not twenty; `aim()` is where the steps on their way go.
   * @param {number} step @returns {Promise<Reply | null>} */
  async step(step) {
    const replay = this.replay;
    if (!replay || !this.table) return null;
    this.aiming = Math.max(0, Math.min(step, replay.steps));
    if (this.stepping) { this.emit("state", { state: this.state }); return null; }
    this.stepping = true;
    /** @type {Reply | null} */
    let last = null;
    try {
      while (this.replay === replay && this.aiming !== null && this.aiming !== replay.step && this.state === "replaying") {
        const wanted = this.aiming;
        const table = /** @type {Table} */ (this.table);
        this.enter("waiting");
        const reply = await this.ask({ op: "replay", code: replay.code, step: wanted, seats: table.seats });
        if (!reply) break;
        last = reply;
        if (!reply.ok) { this.enter("replaying"); break; }
        const forward = wanted === replay.step + 1;
        replay.step = reply.replay.step;
        this.arrive(/** @type {Table} */ (reply), { animate: forward });
      }
    } finally {
      this.stepping = false;
      this.aiming = null;
    }
    this.emit("state", { state: this.state });
    return last;
  }

  /** The replay step the controls count from: the one asked for last while steps are on their way, else the one on
   * screen (null outside a replay). */
  aim() { return this.replay ? this.aiming ?? this.replay.step : null; }
}
