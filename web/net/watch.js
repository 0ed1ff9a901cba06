// @ts-check
// Watchers, and what every device gets once a game is over (docs/multi-device.md, "Watchers" and "A guest's review").
//
// A watcher is a device with no seat: a friend or a parent who follows the game on their own phone. The host's
// `Stands` make its invites (as the room makes a seat's: single-use, INVITE_MS, at most MAX_WATCHERS at a table),
// take its answer, and check every message it sends before anything is done with it, as the room does a guest's. What
// it may ask goes to the engine with `guest: true, watch: true` and no viewer: the bridge answers with the table as no
// seat knows it (Table.watcher_json: the spectator's view, no hand, no targets) and refuses a move or a seat's legal
// actions (error.watcher); this side refuses them first (net.refused.watcher). After every change of the game each
// connected watcher is sent its table, and whenever a seat's connection changes, the seats and their states.
//
// Once the game is over, the host computes its review (the engine's, web/screens/review.js) and sends it to every
// guest and watcher (one message, which goes in pieces of at most 15,000 bytes: web/net/pieces.js); a guest's page
// keeps it in a `ReviewInbox`, which answers that page's review screen as an engine would: no Python on the guest. The
// boards of that review are asked of the host one at a time (the bridge's `position`: a finished game's replay, made
// of the share code the device sends alone).

import { sendText } from "./pieces.js";
import { positionRequest } from "./position.js";
import { LinkStats } from "./stats.js";
import { DEAD_MS, INVITE_MS, MAX_GUEST_BYTES, PING_MS, Refusal, parseAnswer, textOf, token } from "./room.js";

/** @typedef {import("./room.js").Link} Link */
/** @typedef {import("./room.js").Offer} Offer */
/** @typedef {import("./room.js").Transport} Transport */
/** @typedef {import("../host.js").Reply} Reply */

export const MAX_WATCHERS = 8;

/**
 * One watcher of the table.
 * @typedef {object} Watcher
 * @property {number} number  1.., in the order their invites were made
 * @property {"invited" | "connecting" | "connected"} state
 * @property {Link | null} link
 * @property {{token: string, offer: Offer, expires: number, answered: boolean, used: boolean, url: string} | null} invite
 *   (null while its offer gathers)
 * @property {number} heard
 * @property {LinkStats} stats  its link's round trips, its page's clock, and the path its traffic goes over
 * @property {string} sent  the fingerprint of the last table sent
 * @property {boolean} elsewhere
 * @property {ReturnType<typeof setInterval> | undefined} timer
 */

/** The host's watchers. Events: `change` {watcher, state} (a watcher's connection changed; "gone" when it left).
 * `seats()` says the room's seats and their states, for the watchers to see who is connected. */
export class Stands extends EventTarget {
  /** @param {{port: import("../host.js").EnginePort, session: import("../session.js").Session, transport: Transport,
   *   seats: () => {seat: number, state: string}[], now?: () => number}} options */
  constructor({ port, session, transport, seats, now = () => Date.now() }) {
    super();
    this.port = port;
    this.session = session;
    this.transport = transport;
    this.seats = seats;
    this.now = now;
    /** @type {Map<number, Watcher>} */
    this.watchers = new Map();
    this.next = 1;
    this.closed = false;
    /** the seats' states the watchers last heard (JSON) */
    this.said = "";
    /** the review sent to every watcher once the game is over, for one that comes later
     * @type {Record<string, any> | null} */
    this.review = null;
    /** between two tables (the host left the game's screen; web/net/table.js): a watcher hears `between`, and its
     * look at the table is refused (net.refused.between) until the next table comes; a finished game's position is
     * still answered (a review's board: it touches no open table) */
    this.resting = false;
    this.onTable = () => this.pushAll();
    session.addEventListener("table", this.onTable);
  }

  /** @param {string} type @param {Record<string, any>} detail */
  emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail })); }

  /** The watchers still there: an open invite, an answer taken, or connected (an expired invite is dropped). */
  live() {
    for (const watcher of [...this.watchers.values()]) {
      if (watcher.state === "invited" && watcher.invite && this.now() > watcher.invite.expires) this.drop(watcher);
    }
    return [...this.watchers.values()];
  }

  /** A watcher's invite link: single-use, good for INVITE_MS. Refused (net.refused.watchers) when the table has
   * MAX_WATCHERS already. @param {{elsewhere?: boolean}} [options] */
  async invite({ elsewhere = false } = {}) {
    if (this.closed) throw new Refusal("net.refused.invite");
    if (this.live().length >= MAX_WATCHERS) throw new Refusal("net.refused.watchers");
    const number = this.next++;
    /** @type {Watcher} */
    const watcher = { number, state: "invited", link: null, invite: null, heard: 0, stats: new LinkStats(), sent: "",
      elsewhere, timer: undefined };
    this.watchers.set(number, watcher); // counted at once: eight asks at the same moment make eight invites, no more
    let offer;
    try {
      offer = await this.transport.offer({ elsewhere });
    } catch (error) {
      this.watchers.delete(number);
      throw error;
    }
    if (this.closed || !this.watchers.has(number)) { offer.cancel(); throw new Refusal("net.refused.invite"); }
    const code = token();
    const params = new URLSearchParams({ watch: "1", t: code, o: offer.text });
    const url = `${offer.base ?? ""}#/join?${params}`;
    watcher.invite = { token: code, offer, expires: this.now() + INVITE_MS, answered: false, used: false, url };
    this.emit("change", { watcher: number, state: "invited" });
    return url;
  }

  /** Whether `text` answers one of the watchers' invites. @param {string} text */
  owns(text) {
    const parsed = parseAnswer(text);
    return Boolean(parsed && [...this.watchers.values()].some((one) => one.invite?.token === parsed.token));
  }

  /** A watcher's answer: opens its link. Resolves with the watcher's number. @param {string} text */
  async accept(text) {
    const parsed = parseAnswer(text);
    if (!parsed) throw new Refusal("net.refused.answer");
    const watcher = [...this.watchers.values()].find((one) => one.invite?.token === parsed.token);
    const invite = watcher?.invite;
    if (!watcher || !invite) throw new Refusal("net.refused.invite");
    if (invite.used || invite.answered) throw new Refusal("net.refused.used");
    if (this.now() > invite.expires) throw new Refusal("net.refused.expired");
    invite.answered = true;
    let link;
    try {
      link = await invite.offer.accept(parsed.answer);
    } catch (error) {
      throw new Refusal(error?.key === "net.invite_used" ? "net.refused.used" : "net.refused.answer");
    }
    this.attach(watcher, link);
    if (/** @type {string} */ (watcher.state) !== "connected") this.mark(watcher, "connecting");
    return watcher.number;
  }

  /** @param {Watcher} watcher @param {Link} link */
  attach(watcher, link) {
    let greeted = false;
    link.addEventListener("message", (event) => {
      if (this.closed) return;
      const text = textOf(event);
      let id = null;
      try {
        if (typeof text !== "string") throw new Refusal("net.refused.shape");
        if (text.length * 3 > MAX_GUEST_BYTES && new TextEncoder().encode(text).length > MAX_GUEST_BYTES) {
          throw new Refusal("net.refused.size");
        }
        let message;
        try { message = JSON.parse(text); } catch { throw new Refusal("net.refused.shape"); }
        if (!message || typeof message !== "object" || Array.isArray(message) || typeof message.t !== "string") {
          throw new Refusal("net.refused.shape");
        }
        if (Number.isSafeInteger(message.id)) id = message.id;
        if (message.t === "hello") {
          if (greeted) throw new Refusal("net.refused.type");
          this.hello(watcher, link, message);
          greeted = true;
          return;
        }
        if (!greeted || watcher.link !== link) throw new Refusal("net.refused.hello", true);
        watcher.heard = this.now();
        if (message.t === "ask") this.ask(watcher, message);
        else if (message.t === "ping") this.send(watcher, { t: "pong", id: message.id, at: message.at, host_at: this.now() });
        else if (message.t === "pong") this.ponged(watcher, message);
        else throw new Refusal("net.refused.type");
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        try { link.send(JSON.stringify(id === null ? { t: "refused", key: error.key } : { t: "refused", key: error.key, id })); } catch { /* closed */ }
        if (error.fatal) link.close();
      }
    });
    link.addEventListener("close", () => { if (watcher.link === link || !greeted) this.drop(watcher); });
  }

  /** @param {Watcher} watcher @param {Link} link @param {Record<string, any>} message */
  hello(watcher, link, message) {
    const invite = watcher.invite;
    if (message.seat !== null && message.seat !== undefined) throw new Refusal("net.refused.seat", true);
    if (!invite || message.invite !== invite.token) throw new Refusal("net.refused.invite", true);
    if (invite.used) throw new Refusal("net.refused.used", true);
    invite.used = true;
    watcher.link = link;
    watcher.heard = this.now();
    const table = this.session.table;
    this.send(watcher, { t: "welcome", seat: null, watcher: watcher.number, game: table?.game ?? null,
      seats: table ? table.seats.length : 0, paused_ms: 0, clock_ms: null, waiting: [] });
    this.mark(watcher, "connected");
    this.send(watcher, { t: "seats", seats: this.seats() });
    if (this.resting) this.send(watcher, { t: "between" });
    else this.push(watcher);
    if (this.review) this.send(watcher, this.review);
    clearInterval(watcher.timer);
    watcher.timer = setInterval(() => this.beat(watcher), PING_MS);
    this.ping(watcher);
    this.trace(watcher);
  }

  /** A watcher's request: a look (view, move as data, a finished game's position), never a move.
   * @param {Watcher} watcher @param {Record<string, any>} message */
  ask(watcher, message) {
    const { id, req } = message;
    if (!Number.isSafeInteger(id) || !req || typeof req !== "object" || Array.isArray(req)) throw new Refusal("net.refused.shape");
    if (req.op === "apply" || req.op === "legal") throw new Refusal("net.refused.watcher");
    if (this.resting && req.op !== "position") throw new Refusal("net.refused.between");
    /** @type {Record<string, any>} */
    let request;
    if (req.op === "position") {
      const position = positionRequest(req);
      if (!position) throw new Refusal("net.refused.shape");
      request = { ...position, watch: true };
    } else if (req.op === "view" || req.op === "move") {
      for (const name of Object.keys(req)) if (!["op", "action", "clock_ms", "seat"].includes(name)) throw new Refusal("net.refused.shape");
      if (req.op === "move" && typeof req.action !== "string") throw new Refusal("net.refused.shape");
      request = { op: req.op, guest: true, watch: true, ...(req.op === "move" ? { action: req.action } : {}) };
    } else {
      throw new Refusal("net.refused.op");
    }
    const link = watcher.link;
    this.port.request(request).then((reply) => {
      if (this.closed || watcher.link !== link) return;
      if (req.op === "view" && reply.ok && reply.fingerprint) watcher.sent = reply.fingerprint;
      this.send(watcher, { t: "reply", id, reply });
    });
  }

  /** Every connected watcher is sent the table, where it changed, and the seats' states. */
  pushAll() {
    if (this.closed || this.resting) return;
    for (const watcher of this.watchers.values()) if (watcher.state === "connected") this.push(watcher);
  }

  /** @param {Watcher} watcher */
  async push(watcher) {
    const link = watcher.link;
    if (!this.session.table) return;
    const reply = await this.port.request({ op: "view", guest: true, watch: true });
    if (this.closed || this.resting || watcher.link !== link || watcher.state !== "connected" || !reply.ok) return;
    if (reply.fingerprint && reply.fingerprint === watcher.sent) return;
    watcher.sent = reply.fingerprint ?? "";
    this.send(watcher, { t: "table", table: reply });
  }

  /** The host left the game's screen (its menu, its set-up, a replay, its Review): every watcher hears `between`
   * and waits for the next table on the same link, as a guest does (web/net/table.js restTable). */
  rest() {
    if (this.closed || this.resting) return;
    this.resting = true;
    for (const watcher of this.watchers.values()) if (watcher.state === "connected") this.send(watcher, { t: "between" });
  }

  /** The next table (Play again, again(game), a game of the set-up with the devices at the table): every watcher
   * stays, hears `{t: "next", seat: null, game, players}` (no seat: it watches), then the new table and who is
   * connected there. A watcher's invite still out stays good for this table. @param {import("../host.js").Table} table */
  nextTable(table) {
    if (this.closed) return;
    this.resting = false;
    this.review = null; // the last game's review went out already; a watcher that comes now gets the next one's
    this.said = "";
    for (const watcher of this.watchers.values()) {
      if (watcher.state !== "connected") continue;
      watcher.sent = "";
      this.send(watcher, { t: "next", seat: null, game: table.game, players: table.players });
    }
    this.sayConnected();
    this.pushAll();
  }

  /** The seats' connection changed: every watcher hears the seats and their states, when they change. */
  sayConnected() {
    const seats = this.seats();
    const said = JSON.stringify(seats);
    if (said === this.said) return;
    this.said = said;
    for (const watcher of this.watchers.values()) if (watcher.state === "connected") this.send(watcher, { t: "seats", seats });
  }

  /** The finished game's review, to every watcher now and to one that comes later. @param {Record<string, any>} message */
  shareReview(message) {
    this.review = message;
    for (const watcher of this.watchers.values()) if (watcher.state === "connected") this.send(watcher, message);
  }

  /** @param {Watcher} watcher */
  ping(watcher) {
    this.send(watcher, { t: "ping", id: watcher.stats.ping(), at: this.now() });
  }

  /** @param {Watcher} watcher @param {Record<string, any>} message */
  ponged(watcher, message) {
    if (!watcher.stats.answered(message.id, Number(message.at), message.guest_at)) throw new Refusal("net.refused.shape");
  }

  /** @param {Watcher} watcher */
  beat(watcher) {
    if (watcher.state !== "connected") return;
    if (this.now() - watcher.heard > DEAD_MS) { this.drop(watcher); return; }
    this.ping(watcher);
    this.trace(watcher);
  }

  /** @param {Watcher} watcher */
  async trace(watcher) {
    const link = watcher.link;
    if (await watcher.stats.trace(link, () => watcher.link === link)) this.emit("change", { watcher: watcher.number, state: watcher.state });
  }

  /** A watcher leaves (its link closed or went silent, its invite expired): its place is free for another.
   * @param {Watcher} watcher */
  drop(watcher) {
    if (this.watchers.get(watcher.number) !== watcher) return;
    this.watchers.delete(watcher.number);
    clearInterval(watcher.timer);
    watcher.invite?.offer.cancel();
    const link = watcher.link;
    watcher.link = null;
    try { link?.close(); } catch { /* already closed */ }
    this.emit("change", { watcher: watcher.number, state: "gone" });
  }

  /** The host leaves: every watcher is told. @param {string} reason */
  close(reason = "left") {
    if (this.closed) return;
    for (const watcher of this.watchers.values()) {
      if (watcher.link) this.send(watcher, { t: "bye", reason });
      watcher.invite?.offer.cancel();
      clearInterval(watcher.timer);
      try { watcher.link?.close(); } catch { /* already closed */ }
      watcher.link = null;
    }
    this.watchers.clear();
    this.closed = true;
    this.session.removeEventListener("table", this.onTable);
  }

  /** The watchers and their connection, for window.gamebox.peers(): `{seat: null, watcher, state, rtt, offset, path,
   * elsewhere, invite}`. */
  peers() {
    return this.live().map((watcher) => {
      const connected = watcher.state === "connected";
      const invite = watcher.invite;
      return { seat: null, watcher: watcher.number, state: watcher.state,
        ...(connected ? watcher.stats.timing() : { rtt: null, offset: null }),
        path: connected ? watcher.stats.path : null, elsewhere: watcher.elsewhere,
        invite: Boolean(invite && !invite.answered && !invite.used && this.now() <= invite.expires) };
    });
  }

  /** @param {Watcher} watcher @param {Record<string, any>} message */
  send(watcher, message) {
    try {
      if (watcher.link) sendText(watcher.link, JSON.stringify(message)); // in pieces when big (web/net/pieces.js)
    } catch {
      this.drop(watcher);
    }
  }

  /** @param {Watcher} watcher @param {"connecting" | "connected"} state */
  mark(watcher, state) {
    watcher.state = state;
    this.emit("change", { watcher: watcher.number, state });
  }
}

// ---------------------------------------------------------------- on a guest's or a watcher's page
/** @param {string} key @returns {Reply} */
const refusal = (key) => ({ ok: false, error: { type: "Refused", key, params: {}, message: key } });

/**
 * The review the host sent this page (a guest's or a watcher's), put together from its pieces; it answers the page's
 * review screen as the engine would (`answer`): `check` and `review` from what the host sent, `replay` (a board) by
 * asking the host for that `position`. Events: `review` (it came whole).
 */
export class ReviewInbox extends EventTarget {
  /** @param {{ask: (req: Record<string, any>) => Promise<Reply>, connected: () => boolean}} port */
  constructor(port) {
    super();
    this.port = port;
    /** the whole review: {code, check, review} @type {Record<string, any> | null} */
    this.payload = null;
    /** @type {Set<() => void>} */
    this.waiters = new Set();
  }

  /** The host's message with the finished game's review: `{t: "review", code, check, review}` (`review` null for a
   * game with no reviewer). @param {Record<string, any>} message */
  take(message) {
    if (typeof message.code !== "string" || !message.check || typeof message.check !== "object") return;
    const review = message.review;
    if (review !== null && !(review && typeof review === "object" && Array.isArray(review.moves))) return;
    if (this.payload && this.payload.code === message.code && !this.payload.stopped && message.stopped) return;
    this.payload = message;
    this.wake();
    this.dispatchEvent(new CustomEvent("review"));
  }

  /** Anyone waiting for the review hears that it came, or that it never will (the link is gone). */
  wake() {
    for (const waiter of this.waiters) waiter();
    this.waiters.clear();
  }

  /** The review of `code` once the host has sent it; null when it has not and cannot now (the link is gone).
   * @param {string} code @returns {Promise<Record<string, any> | null>} */
  async reviewOf(code) {
    for (;;) {
      if (this.payload && this.payload.code === code) return this.payload;
      if (!this.port.connected()) return null;
      await new Promise((resolve) => {
        this.waiters.add(() => resolve(null));
        setTimeout(resolve, 1_000); // the link's loss is heard within its own timeout: look again meanwhile
      });
    }
  }

  /** A request of this page's review screen (check, review, replay) as an engine would answer it; null for any other.
   * @param {Record<string, any>} request @returns {Promise<Reply> | null} */
  answer(request) {
    if (request.op === "replay") {
      const { code, step, seats, viewer } = request;
      return this.port.ask({ op: "position", code, step, seats, view_as: Number.isSafeInteger(viewer) ? viewer : null });
    }
    if (request.op !== "check" && request.op !== "review") return null;
    return this.reviewOf(String(request.code ?? "")).then((payload) => {
      if (!payload) return refusal("net.review.missing");
      if (request.op === "check") return payload.check;
      const review = payload.review;
      if (payload.stopped) return refusal("net.review.stopped");
      if (!review) return refusal("review.none");
      return { ok: true, game: payload.check.game, scale: review.scale, moves: review.moves, next: review.moves.length,
        total: review.total, done: true, people: review.people, start: review.start, accuracy: review.accuracy,
        summary: review.summary };
    });
  }
}
