// @ts-check
// A guest's engine port (docs/multi-device.md): the page of a person playing one seat of a game held by another
// device (the host, web/net/room.js). It runs no engine: each request goes over the Link to the host, which asks
// its own engine for exactly this seat and sends the reply back. The host also pushes this seat's table after every
// change of the game. The guest's Session (web/session.js) talks to this port as to any engine (web/host.js
// EnginePort), so its game screen and renderers are the ones of a game on one device.
//
// The tables the host sends keep every seat's kind as the host has it; here, this device's seat is the only
// "human", and every other seat is "remote" (played elsewhere: a person, or a bot with its level), so the session
// never runs a bot or lets anyone here act for another seat.

import { Pieces } from "./pieces.js";
import { DEAD_MS, GUEST_OPS, PING_MS, textOf } from "./room.js";
import { LinkStats } from "./stats.js";

/** @typedef {import("../host.js").Reply} Reply */
/** @typedef {import("./room.js").Link} Link */

/** How long a page that leaves the table waits for the host to close the link (after its last message). */
const LEAVE_MS = 2_000;

/** @param {string} key @returns {Reply} */
const refusal = (key) => ({ ok: false, error: { type: "Refused", key, params: {}, message: key } });

/** A table as this device shows it: its seat the one person here, every other seat played elsewhere.
 * @param {Record<string, any>} table @param {number} seat */
export function seatedHere(table, seat) {
  if (!table || !table.ok || !Array.isArray(table.seats)) return table;
  const seats = table.seats.map((/** @type {import("../host.js").Seat} */ sitter, /** @type {number} */ index) => (index === seat
    ? { kind: "human", level: "" } : { kind: "remote", level: sitter.kind === "bot" ? sitter.level : "" }));
  return { ...table, seats };
}

/** Events: `welcome` {seat, game, seats, paused_ms, clock_ms, waiting}; `table` {table} (pushed by the host);
 * `next` {seat, game, players} (the host started the next table for this device, over the same link: its seat
 * there, null for a watcher); `between` (the host left the game's screen: the next table will come); `standby` {url} (the seat's next
 * invite, which this page answers by itself if its link goes: web/net/table.js);
 * `waiting` {seats} (the remote seats a real-time game waits for); `bye` {reason} (the host left, or the seat went to
 * a bot or a person there); `lost` (the host said nothing for DEAD_MS, or the link closed);
 * `refused` {key} (the host refused a message of ours). */
export class GuestPort extends EventTarget {
  constructor() {
    super();
    /** what app.js's engine status reads of an engine */
    this.state = "ready";
    this.reason = null;
    this.failed = null;
    this.restore = null;
    /** @type {Link | null} */
    this.link = null;
    /** @type {number | null} */
    this.seat = null;
    /** a watcher's number (a device with no seat: web/net/watch.js), null for a seat's guest @type {number | null} */
    this.watcher = null;
    /** what this page answers itself, instead of asking the host (a finished game's review: web/net/watch.js
     * ReviewInbox); null: ask the host @type {((request: Record<string, any>) => Promise<Reply> | null) | null} */
    this.local = null;
    this.pieces = new Pieces();
    /** @type {string | null} */
    this.game = null;
    this.nextId = 1;
    /** `raw`: a reply that is no table of the game in play (a review's board), passed on as it is
     * @type {Map<number, {resolve: (reply: Reply) => void, raw?: boolean}>} */
    this.pending = new Map();
    /** the last table the host sent (a reply or a push): the wire is ordered, so it is the newest
     * @type {Record<string, any> | null} */
    this.latest = null;
    this.heard = 0;
    /** the round trip to the host and the host's clock */
    this.stats = new LinkStats();
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    this.connected = false;
    /** the remote seats the host's real-time game waits for @type {number[]} */
    this.waiting = [];
    /** @type {(value: unknown) => void} */
    this.welcomed = () => {};
    this._ready = new Promise((resolve) => { this.welcomed = resolve; });
  }

  /** Resolves once the host has welcomed this device to its seat (on the link last attached). */
  get ready() { return this._ready; }

  /** No engine to retry here. */
  retry() { return false; }

  /** @param {string} type @param {Record<string, any>} [detail] */
  emit(type, detail = {}) { this.dispatchEvent(new CustomEvent(type, { detail })); }

  /** Take the link to the host, and greet it with the invite's token for `seat` once it is open.
   * @param {Link} link @param {{seat: number | null, invite: string, open?: boolean}} hello (seat null: a watcher) */
  attach(link, { seat, invite, open = true }) {
    if (this.seat !== null) this._ready = new Promise((resolve) => { this.welcomed = resolve; }); // a rejoin
    this.link = link;
    const greet = () => this.send({ t: "hello", invite, seat });
    if (open) greet();
    else link.addEventListener("open", greet, { once: true });
    link.addEventListener("message", (event) => this.receive(textOf(event)));
    link.addEventListener("close", () => { if (this.link === link) this.lose(); });
  }

  /** @param {Record<string, any>} message */
  send(message) {
    try { this.link?.send(JSON.stringify(message)); } catch { this.lose(); }
  }

  /** One message of the host. @param {unknown} text */
  receive(text) {
    if (typeof text !== "string") return;
    let message;
    try { message = JSON.parse(text); } catch { return; }
    if (!message || typeof message !== "object") return;
    this.heard = Date.now();
    if (message.t === "piece") { // a big message, in pieces (web/net/pieces.js): handled once whole
      const whole = this.pieces.take(message);
      if (whole !== null) this.receive(whole);
      return;
    }
    if (message.t === "welcome") {
      this.seat = message.seat;
      this.watcher = Number.isSafeInteger(message.watcher) ? message.watcher : null;
      this.game = message.game;
      this.connected = true;
      clearInterval(this.timer);
      this.timer = setInterval(() => this.beat(), PING_MS);
      this.ping();
      this.waiting = Array.isArray(message.waiting) ? message.waiting.filter(Number.isInteger) : [];
      this.welcomed(message);
      this.emit("welcome", message);
    } else if (message.t === "reply") {
      const entry = this.pending.get(message.id);
      if (!entry) return;
      this.pending.delete(message.id);
      const reply = entry.raw || !this.seated() ? message.reply : seatedHere(message.reply, this.seat ?? -1);
      if (!entry.raw && reply && reply.ok && Array.isArray(reply.seats)) this.latest = reply;
      entry.resolve(reply);
    } else if (message.t === "table") {
      if (!this.seated()) return;
      this.latest = seatedHere(message.table, this.seat ?? -1); // a watcher's: nobody here
      this.emit("table", { table: this.latest });
    } else if (message.t === "next") {
      // a seat's guest hears its seat at the next table; a watcher, none (it watches that table too)
      const seat = this.watcher === null ? message.seat : null;
      const fits = this.watcher === null ? Number.isSafeInteger(seat) && seat >= 0 : message.seat === null;
      if (!fits || typeof message.game !== "string") return;
      this.seat = seat;
      this.game = message.game;
      this.latest = null;
      this.waiting = [];
      this.emit("next", { seat, game: message.game, players: message.players });
    } else if (message.t === "between") {
      this.emit("between");
    } else if (message.t === "standby") {
      if (typeof message.url === "string" && message.seat === this.seat) this.emit("standby", { url: message.url });
    } else if (message.t === "waiting") {
      this.waiting = Array.isArray(message.seats) ? message.seats.filter(Number.isInteger) : [];
      this.emit("waiting", { seats: this.waiting });
    } else if (message.t === "refused") {
      const entry = Number.isSafeInteger(message.id) ? this.pending.get(message.id) : undefined;
      if (entry) {
        this.pending.delete(message.id);
        entry.resolve(refusal(String(message.key)));
      }
      this.emit("refused", { key: String(message.key) });
    } else if (message.t === "ping") {
      this.send({ t: "pong", id: message.id, at: message.at, guest_at: Date.now() });
    } else if (message.t === "pong") {
      this.stats.answered(message.id, Number(message.at), Number(message.host_at));
    } else if (message.t === "bye") {
      this.end();
      this.emit("bye", { reason: String(message.reason ?? "left") });
    } else {
      this.emit("message", { message }); // the seats' states for a watcher, a finished game's review (web/net/watch.js)
    }
  }

  /** Whether the host has welcomed this device: to a seat, or as a watcher. */
  seated() { return this.seat !== null || this.watcher !== null; }

  ping() {
    this.send({ t: "ping", id: this.stats.ping(), at: Date.now() });
  }

  beat() {
    if (Date.now() - this.heard > DEAD_MS) { this.lose(); return; }
    this.ping();
  }

  /** This page's clock of a run started: its screen showed a round's card or a throw's countdown (web/clock.js, the
   * first `since` of a mark). The host times this seat's run from then (web/net/room.js `started`). */
  started() {
    if (this.connected && this.watcher === null) this.send({ t: "started" });
  }

  /** The round trip to the host (median of the last pings) and the host's clock offset from this one's, in ms. */
  timing() { return this.stats.timing(); }

  /** This device leaves the table (its page's Leave): the host is told, and the link is closed. */
  leave() {
    this.send({ t: "leave" });
    const link = this.link;
    this.link = null; // (the link's close, when the host closes it, is no loss)
    this.end();
    // the host closes the link once it has the message; closing it here at once could drop the message unsent
    setTimeout(() => { try { link?.close(); } catch { /* already closed */ } }, LEAVE_MS);
  }

  /** The link stopped: every request still waiting is answered with a refusal, and the page is told. */
  lose() {
    if (!this.link) return;
    const was = this.connected;
    this.end();
    if (was) this.emit("lost");
  }

  end() {
    clearInterval(this.timer);
    const link = this.link;
    this.link = null;
    this.connected = false;
    try { link?.close(); } catch { /* already closed */ }
    for (const entry of this.pending.values()) entry.resolve(refusal("net.lost"));
    this.pending.clear();
  }

  /** The EnginePort: a request goes to the host, for this seat only. `prepare` and `judging` are the host's own
   * business (each answers at once), and anything but view, legal, apply and move is not a guest's to ask. An apply carries `seen`.
   * @param {Record<string, any>} request @param {{signal?: AbortSignal}} [options] @returns {Promise<Reply>} */
  request(request, { signal = undefined } = {}) {
    const local = this.local?.(request);
    if (local) return local;
    if (request.op === "prepare" || request.op === "judging") return Promise.resolve({ ok: true, more: false });
    if (!GUEST_OPS.has(request.op)) return Promise.resolve(refusal("net.guest_only"));
    if (signal?.aborted) return Promise.resolve(refusal("net.cancelled"));
    if (!this.link || !this.seated()) return Promise.resolve(refusal("net.lost"));
    /** @type {Record<string, any>} */
    const req = { op: request.op };
    if (request.op !== "view") req.seat = this.seat ?? request.seat; // a watcher's move is the host's to refuse
    for (const name of ["action", "intent"]) if (name in request) req[name] = request[name];
    // a move says which table it was chosen on (the session's, or else the newest the host sent), so that the host
    // refuses it (table.stale) when the game has moved on meanwhile: a double tap, a message crossing a host's move
    if (request.op === "apply") {
      const seen = typeof request.seen === "string" ? request.seen : this.latest?.fingerprint;
      if (typeof seen === "string") req.seen = seen;
    }
    if (Number.isSafeInteger(request.clock_ms)) req.clock_ms = request.clock_ms;
    return this.ask(req);
  }

  /** Ask the host `req` (an ask's checked request); `raw`: its reply is no table of the game in play.
   * @param {Record<string, any>} req @param {boolean} [raw] @returns {Promise<Reply>} */
  ask(req, raw = false) {
    if (!this.link || !this.seated()) return Promise.resolve(refusal("net.lost"));
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, raw });
      this.send({ t: "ask", id, req });
    });
  }
}
