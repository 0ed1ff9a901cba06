// @ts-check
// The host's room (docs/multi-device.md): the seats played on other devices, one Link per seat, their invites, and
// the only way anything of the game leaves this device for a guest.
//
// The host runs the engine; a guest's page runs none. For each remote seat the room makes an invite (single-use,
// bound to that seat, expiring after INVITE_MS); the guest's answer to it opens a Link (web/net/link.js: a WebRTC
// data channel; anything with the Link shape works, a BroadcastChannel pair say). Then every message of the guest
// is checked here before anything is done with it: its size (at most MAX_GUEST_BYTES), that it is JSON of one of
// the known shapes, and that the seat it speaks for is that channel's own seat. Anything else gets
// {t: "refused", key} and changes nothing. What a guest asks (view, legal, apply, move) goes to the engine with
// `guest: true, viewer: <the channel's seat>`: the bridge's guest reply, filtered for exactly that seat, is the only
// table that ever leaves for a guest (never the host's own table). After every change of the game (a guest's move,
// a move on the host, a bot's) each connected guest is sent its own guest table.
//
// Both ends ping every PING_MS: the host measures each guest's round trip and clock offset from its pongs
// (peers()), and a seat whose link says nothing for DEAD_MS is taken for disconnected.

import { gameInfo } from "../games.js";
import { sendText } from "./pieces.js";
import { positionRequest } from "./position.js";
import { LinkStats } from "./stats.js";

/** @typedef {import("../host.js").Table} Table */
/** @typedef {import("../host.js").EnginePort} EnginePort */

/**
 * A two-way channel of texts, ordered and reliable (web/net/link.js makes one of an RTCDataChannel). Its
 * "message" events carry the text as `detail` (a CustomEvent: web/net/link.js) or `data` (a MessageEvent: a
 * BroadcastChannel, a MessagePort).
 * @typedef {object} Link
 * @property {(text: string) => void} send
 * @property {() => void} close
 * @property {(type: string, listener: (event: any) => void, options?: {once?: boolean}) => void} addEventListener
 * @property {() => Promise<string | null>} [path]  the kind of the local candidate its traffic goes over (link.js)
 * @property {{public: boolean, relay: boolean} | null} [tried]  what was tried, once it closed for having no path
 */

/**
 * How links are made (web/net/link.js createInvite): an offer for one seat, which a guest's answer turns into a
 * Link.
 * @typedef {object} Offer
 * @property {string} text  the offer's compact text, carried by the invite link
 * @property {(answer: string) => Promise<Link>} accept  the guest's answer: resolves with the Link
 * @property {() => void} cancel  drop it (expired, replaced)
 * @property {string} [base]  where this invite leads, when not the room's `base` (its STUN servers' `?ice=`)
 * @typedef {{elsewhere?: boolean}} InviteOptions  an invite for a friend on another network: public STUN servers
 * @typedef {{offer(options?: InviteOptions): Promise<Offer>}} Transport
 */

/** A remote seat's connection: waiting for its first guest, an answer taken and its link opening, a guest there,
 * its guest gone (a rejoin invite brings it back), or no longer remote (a bot, or a person here, took it).
 * @typedef {"invited" | "connecting" | "connected" | "disconnected" | "here" | "bot"} SeatState */

export const MAX_GUEST_BYTES = 16 * 1024;
export const INVITE_MS = 10 * 60 * 1000;
export const PING_MS = 3_000;
export const DEAD_MS = 10_000;
/** the bridge requests a guest may make */
export const GUEST_OPS = new Set(["view", "legal", "apply", "move"]);
const GUEST_FIELDS = new Set(["op", "seat", "action", "intent", "seen", "clock_ms", "viewer", "guest"]);
/** the longest `seen` (a table's fingerprint: 32 hex digits) a guest's apply may carry */
const MAX_SEEN = 64;
// Beyond its slowest recent round trip, what a guest's move may lose between its tap and its message (a frame or
// two of its page, the host's queue): a late message's claimed head start is bounded by both.
const LATE_MARGIN_MS = 100;

/** A game's real-time phases as it declares them (games.json `realtime`, Game.describe): null for a game whose clock
 * never runs. While a remote seat of a real-time game is away, its run's clock is held, and every screen says whom
 * the game waits for (docs/multi-device.md, "A seat away in a real-time game"). Its `lead_in_ms` is what the game's
 * page shows of a run between its clock's start and the time its moves count from (Whoopies' countdown before the
 * throw; shorter at a test's speed, which only loosens the bound).
 * @param {string | null} game @returns {{phases: string[], lead_in_ms: number} | null} */
function realtime(game) {
  const info = /** @type {{realtime?: {phases: string[], lead_in_ms: number} | null} | null} */ (game === null ? null : gameInfo(game));
  return info?.realtime ?? null;
}

/** The byte length of `text` in UTF-8, counted only as far as it matters. @param {string} text */
function bytes(text) {
  if (text.length * 3 <= MAX_GUEST_BYTES) return text.length;
  return new TextEncoder().encode(text).length;
}

/** The text of a link's message event (web/net/link.js: `detail`; a MessageEvent: `data`). @param {any} event */
export function textOf(event) {
  return typeof event.data === "string" ? event.data : event.detail;
}

/** A fresh random token, in letters a link carries as they are. */
export function token(length = 10) {
  const alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const random = crypto.getRandomValues(new Uint8Array(length));
  return [...random].map((n) => alphabet[n % alphabet.length]).join("");
}

/** The answer's token and the link's own answer, from a pasted code (`<token>.<answer>`) or an answer link
 * (`...#/answer?c=<token>.<answer>`). @param {string} text */
export function parseAnswer(text) {
  let code = String(text ?? "").trim();
  const hash = code.indexOf("#/answer?");
  if (hash >= 0) code = new URLSearchParams(code.slice(hash + "#/answer?".length)).get("c") ?? "";
  const dot = code.indexOf(".");
  if (dot <= 0) return null;
  return { token: code.slice(0, dot), answer: code.slice(dot + 1) };
}

class Refusal extends Error {
  /** @param {string} key @param {boolean} [fatal] the link is closed after it */
  constructor(key, fatal = false) {
    super(key);
    this.key = key;
    this.fatal = fatal;
  }
}

/**
 * One remote seat of the room.
 * @typedef {object} RemoteSeat
 * @property {number} seat
 * @property {SeatState} state
 * @property {Link | null} link
 * @property {{token: string, offer: Offer, expires: number, answered: boolean, used: boolean, url: string,
 *   elsewhere: boolean, back?: boolean} | null} invite
 *   its last invite: answered once an answer to it was taken, used once its guest said hello; `elsewhere`: made for a
 *   friend on another network (public STUN servers); `back`: its standby, which its guest's page answers by itself
 * @property {boolean} elsewhere  the seat's friend is on another network: its invites (a rejoin's too) are so
 * @property {boolean} ever  a guest has sat here (a lost one is "disconnected", not "invited")
 * @property {number} heard  when the link last said anything (Date.now())
 * @property {LinkStats} stats  its live link's round trips, its page's clock, and the path its traffic goes over
 * @property {string} sent  the fingerprint of the last table sent
 * @property {number | null} since  when this host sent the table that started the guest's running run
 *   (performance.now()), moved on by the time the seat was away in it; null outside one
 * @property {number | null} started  when the guest's page started its clock of the running run, as this host
 *   reckons it from the page's "started" (never before `since`; moved on by the time the seat was away); null
 *   until the page says so
 * @property {string} run  what the running run is (the table's round and phase, where its view has them)
 * @property {number | null} away  while the seat's link is gone in a run: when it was last heard (performance.now())
 * @property {ReturnType<typeof setInterval> | undefined} timer
 * @property {Promise<string> | null} making  the invite being made for the seat, while its offer gathers
 * @property {boolean} makingElsewhere  whether that invite is an elsewhere one
 * @property {{token: string, offer: Offer, url: string, elsewhere: boolean} | null} standby  the seat's next invite,
 *   made while its guest is connected and sent to it alone (web/net/table.js): if its link goes, the guest's page
 *   answers it at once, with no new invite to scan
 */

/** Events: `change` {seat, state} (a seat's connection changed, or its path became known), `moved` {seat} (a guest's
 * move was played), `stalled` {seat, reason, tried} (an answer was taken but its link never opened: the seat needs a
 * fresh invite; `reason` the link's, "no_path" when no candidate pair answered, and then `tried` what was tried),
 * `leave` {seat} (the seat's guest left the table: its page's Leave). */
export class Room extends EventTarget {
  /** @param {{port: EnginePort, session: import("../session.js").Session, transport: Transport,
   *   base?: string, now?: () => number}} options */
  constructor({ port, session, transport, base = `${location.origin}${location.pathname}`, now = () => Date.now() }) {
    super();
    this.port = port;
    this.session = session;
    this.transport = transport;
    this.base = base;
    this.now = now;
    /** @type {Map<number, RemoteSeat>} */
    this.seats = new Map();
    /** @type {string | null} */
    this.game = null;
    this.closed = false;
    /** whom the guests last heard the game waits for (JSON) */
    this.said = "[]";
    /** between two tables (the host left the game's screen; web/net/table.js): a guest's request is refused */
    this.resting = false;
    this.onTable = () => this.pushAll();
    session.addEventListener("table", this.onTable);
  }

  /** @param {string} type @param {Record<string, any>} detail */
  emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail })); }

  /** The remote seats of `table` (kind "remote") become the room's seats; a seat no longer remote is let go.
   * @param {Table} table */
  follow(table) {
    this.game = table.game;
    table.seats.forEach((sitter, seat) => {
      if (sitter.kind === "remote" && !this.seats.has(seat)) {
        this.seats.set(seat, { seat, state: "invited", link: null, invite: null, ever: false, since: null, started: null, run: "", away: null, heard: 0,
          stats: new LinkStats(), sent: "", timer: undefined, making: null, makingElsewhere: false, elsewhere: false, standby: null });
      } else if (sitter.kind !== "remote" && this.seats.has(seat)) {
        this.release(seat, sitter.kind === "bot" ? "bot" : "here");
      }
    });
  }

  /** @param {number} seat */
  remote(seat) {
    const remote = this.seats.get(seat);
    if (!remote) throw new RangeError(`seat ${seat} is not played on another device`);
    return remote;
  }

  // ------------------------------------------------------------ invites
  /** An invite link for `seat`: single-use, for that seat only, good for INVITE_MS. A new invite replaces the
   * seat's last one (which can no longer be used). Refused while the seat is connected. While one is being made,
   * asking again gives that one: two asks at once (the panel's own and window.gamebox.invite) must not leave the
   * seat holding an invite other than the one whose answer comes, which made that guest's hello "not this invite"
   * and its page wait for ever. `elsewhere` (true or false) says where the seat's friend is, for this invite and the
   * seat's next ones; left out, the seat's last choice holds. @param {number} seat @param {InviteOptions} [options] */
  async invite(seat, { elsewhere } = {}) {
    const remote = this.remote(seat);
    if (remote.state === "connected") throw new Refusal("net.refused.connected");
    if (typeof elsewhere === "boolean") remote.elsewhere = elsewhere;
    const wanted = remote.elsewhere;
    if (remote.making && remote.makingElsewhere === wanted) return remote.making;
    // one of the other kind is being made: this one replaces it once it is made
    const before = remote.making;
    const making = (before ? before.catch(() => "") : Promise.resolve("")).then(() => this.makeInvite(remote, wanted));
    remote.making = making;
    remote.makingElsewhere = wanted;
    try {
      return await making;
    } finally {
      if (remote.making === making) remote.making = null;
    }
  }

  /** @param {RemoteSeat} remote @param {boolean} elsewhere */
  async makeInvite(remote, elsewhere) {
    const seat = remote.seat;
    if (remote.state === "connected") throw new Refusal("net.refused.connected");
    remote.invite?.offer.cancel();
    remote.invite = null;
    const offer = await this.transport.offer({ elsewhere });
    const code = token();
    const params = new URLSearchParams({ seat: String(seat), t: code, o: offer.text });
    const url = `${offer.base ?? this.base}#/join?${params}`;
    remote.invite = { token: code, offer, expires: this.now() + INVITE_MS, answered: false, used: false, url, elsewhere };
    this.mark(remote, remote.state === "connecting" ? (remote.ever ? "disconnected" : "invited") : remote.state);
    return url;
  }

  /** Whether `text` answers one of this room's invites (another tab of the browser may hold the one it answers).
   * @param {string} text */
  owns(text) {
    const parsed = parseAnswer(text);
    return Boolean(parsed && [...this.seats.values()].some((one) => one.invite?.token === parsed.token || one.standby?.token === parsed.token));
  }

  /** A guest's answer (its code, or its answer link): opens that seat's link. Resolves with the seat; rejects with
   * a Refusal (its `key` words it) for an answer to no open invite, an expired or used one.
   * @param {string} text */
  async accept(text) {
    const parsed = parseAnswer(text);
    if (!parsed) throw new Refusal("net.refused.answer");
    // an answer to a seat's standby invite: only its guest had it, so its last link is gone (a reload), whether or
    // not that was noticed here yet (web/net/table.js)
    const standing = [...this.seats.values()].find((one) => one.standby?.token === parsed.token);
    if (standing) this.lost(standing);
    const remote = [...this.seats.values()].find((one) => one.invite?.token === parsed.token);
    const invite = remote?.invite;
    if (!remote || !invite) throw new Refusal("net.refused.invite");
    if (invite.used) throw new Refusal("net.refused.used");
    if (this.now() > invite.expires) throw new Refusal("net.refused.expired");
    if (remote.state === "connected") throw new Refusal("net.refused.connected");
    if (invite.answered) throw new Refusal("net.refused.used");
    invite.answered = true;
    let link;
    try {
      link = await invite.offer.accept(parsed.answer);
    } catch (error) {
      throw new Refusal(error?.key === "net.invite_used" ? "net.refused.used" : "net.refused.answer");
    }
    this.attach(remote, link, invite.token);
    if (/** @type {SeatState} */ (remote.state) !== "connected") this.mark(remote, "connecting"); // (a hello may have come meanwhile)
    return remote.seat;
  }

  /** A link for `seat`, open or about to open: its first message must be the hello with the invite's token.
   * (Tests and other transports may call this with a link of their own.)
   * @param {RemoteSeat} remote @param {Link} link @param {string} invited */
  attach(remote, link, invited) {
    let greeted = false;
    link.addEventListener("message", (event) => {
      if (this.closed) return;
      const text = textOf(event);
      let id = null;
      try {
        if (typeof text !== "string") throw new Refusal("net.refused.shape");
        if (bytes(text) > MAX_GUEST_BYTES) throw new Refusal("net.refused.size");
        let message;
        try { message = JSON.parse(text); } catch { throw new Refusal("net.refused.shape"); }
        if (!message || typeof message !== "object" || Array.isArray(message) || typeof message.t !== "string") {
          throw new Refusal("net.refused.shape");
        }
        if (Number.isSafeInteger(message.id)) id = message.id;
        if (message.t === "hello") {
          this.hello(remote, link, invited, message);
          greeted = true;
          return;
        }
        if (!greeted || remote.link !== link) throw new Refusal("net.refused.hello", true);
        remote.heard = this.now();
        if (message.t === "ask") this.ask(remote, message);
        else if (message.t === "ping") this.pong(remote, message);
        else if (message.t === "pong") this.ponged(remote, message);
        else if (message.t === "started") this.started(remote, message);
        else if (message.t === "leave") this.leave(remote, link, message);
        else throw new Refusal("net.refused.type");
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        this.refuse(link, error.key, id);
        if (error.fatal && remote.link !== link) link.close();
      }
    });
    link.addEventListener("close", (/** @type {any} */ event) => {
      if (remote.link === link) this.lost(remote);
      // an answered invite whose link closed before its hello (it never opened: CONNECT_MS, "failed"): the seat
      // waits for another invite, and the page says so with the way out (a fresh invite)
      else if (remote.state === "connecting" && remote.invite?.token === invited) {
        this.mark(remote, remote.ever ? "disconnected" : "invited");
        this.emit("stalled", { seat: remote.seat, reason: String(event?.detail ?? ""), tried: link.tried ?? null });
      }
    });
  }

  /** @param {RemoteSeat} remote @param {Link} link @param {string} invited @param {Record<string, any>} message */
  hello(remote, link, invited, message) {
    const invite = remote.invite;
    if (remote.link === link) throw new Refusal("net.refused.type");
    if (message.seat !== remote.seat) throw new Refusal("net.refused.seat", true);
    if (!invite || message.invite !== invite.token || invite.token !== invited) throw new Refusal("net.refused.invite", true);
    if (invite.used) throw new Refusal("net.refused.used", true);
    if (this.now() > invite.expires) throw new Refusal("net.refused.expired", true);
    if (remote.state === "connected") throw new Refusal("net.refused.connected", true);
    invite.used = true;
    remote.ever = true;
    remote.link = link;
    remote.heard = this.now();
    remote.stats.clear();
    remote.sent = "";
    const table = this.session.table;
    // back in a run it was away from: its clock was held meanwhile, here and on its page (paused_ms), and a page
    // that starts afresh (reloaded) goes on from the run's time so far (clock_ms)
    let paused = 0;
    if (remote.since !== null && remote.away !== null) {
      paused = Math.max(0, Math.round(performance.now() - remote.away));
      remote.since += paused;
      if (remote.started !== null) remote.started += paused;
    }
    remote.away = null;
    // the run's time so far on the guest's own clock: none if its page had not started it (a results screen up)
    const moving = Boolean(table && !table.is_over && table.to_move.includes(remote.seat));
    const clock = remote.started !== null && moving ? Math.max(0, Math.floor(performance.now() - remote.started)) : null;
    this.send(remote, { t: "welcome", seat: remote.seat, game: this.game, seats: table ? table.seats.length : 0,
      paused_ms: paused, clock_ms: clock, waiting: this.waiting().filter((seat) => seat !== remote.seat) });
    this.mark(remote, "connected");
    clearInterval(remote.timer);
    remote.timer = setInterval(() => this.beat(remote), PING_MS);
    this.ping(remote);
    this.trace(remote);
    this.stand(remote);
  }

  /** The kind of the local candidate the seat's live link goes over (its selected pair's, from the connection's
   * stats), kept for peers(); a change is said. @param {RemoteSeat} remote */
  async trace(remote) {
    const link = remote.link;
    if (await remote.stats.trace(link, () => remote.link === link && remote.state === "connected")) {
      this.emit("change", { seat: remote.seat, state: remote.state });
    }
  }

  // ------------------------------------------------------------ the way back, and leaving
  /** The seat's standby invite: its next one, made while its guest is connected and sent to it alone, so that if its
   * link goes (a reload, a phone asleep) its page answers it at once, with no invite to scan (docs/multi-device.md,
   * "The way back"). @param {RemoteSeat} remote */
  async stand(remote) {
    remote.standby?.offer.cancel();
    remote.standby = null;
    const link = remote.link;
    let offer;
    try { offer = await this.transport.offer({ elsewhere: remote.elsewhere }); } catch { return; }
    if (this.closed || remote.link !== link || remote.state !== "connected" || this.seats.get(remote.seat) !== remote) {
      offer.cancel();
      return;
    }
    const code = token();
    const params = new URLSearchParams({ seat: String(remote.seat), t: code, o: offer.text });
    const url = `${offer.base ?? this.base}#/join?${params}`;
    remote.standby = { token: code, offer, url, elsewhere: remote.elsewhere };
    this.send(remote, { t: "standby", seat: remote.seat, url });
  }

  /** The seat's link went: its standby invite becomes its invite (the panel shows it as it is, and its guest answers
   * it). @param {RemoteSeat} remote */
  unstand(remote) {
    const standby = remote.standby;
    if (!standby) return;
    remote.standby = null;
    remote.invite?.offer.cancel();
    remote.invite = { token: standby.token, offer: standby.offer, expires: this.now() + INVITE_MS, answered: false,
      used: false, url: standby.url, elsewhere: standby.elsewhere, back: true };
  }

  /** The guest leaves the table (its page's Leave): its link is let go at once (not lost: the seat is not waited
   * for), and the page hands its seat over (`leave` {seat}). @param {RemoteSeat} remote @param {Link} link
   * @param {Record<string, any>} message */
  leave(remote, link, message) {
    if (Object.keys(message).length !== 1) throw new Refusal("net.refused.shape");
    remote.link = null;
    clearInterval(remote.timer);
    remote.standby?.offer.cancel();
    remote.standby = null;
    try { link.close(); } catch { /* already closed */ }
    this.emit("leave", { seat: remote.seat });
  }

  // ------------------------------------------------------------ a guest's requests
  /** A guest's request: checked, then asked of the engine for exactly that seat.
   * @param {RemoteSeat} remote @param {Record<string, any>} message */
  ask(remote, message) {
    const { id, req } = message;
    if (!Number.isSafeInteger(id)) throw new Refusal("net.refused.shape");
    if (!req || typeof req !== "object" || Array.isArray(req)) throw new Refusal("net.refused.shape");
    // a finished game's position (a review's board) touches no open table: answered between two tables too, so that
    // a guest reviews while the host is on its own Review screen or its menu
    if (req.op === "position") { this.position(remote, id, positionRequest(req)); return; }
    if (this.resting) throw new Refusal("net.refused.between");
    if (!GUEST_OPS.has(req.op)) throw new Refusal("net.refused.op");
    for (const name of Object.keys(req)) if (!GUEST_FIELDS.has(name)) throw new Refusal("net.refused.shape");
    if ("viewer" in req && req.viewer !== remote.seat) throw new Refusal("net.refused.seat");
    if ("seat" in req && req.seat !== remote.seat) throw new Refusal("net.refused.seat");
    if (req.op !== "view" && req.seat !== remote.seat) throw new Refusal("net.refused.seat");
    if ("clock_ms" in req && req.clock_ms !== null && !(Number.isSafeInteger(req.clock_ms) && req.clock_ms >= 0)) {
      throw new Refusal("net.refused.shape");
    }
    if (req.op === "apply" && ("action" in req) === ("intent" in req)) throw new Refusal("net.refused.shape");
    if (req.op === "move" && !("action" in req)) throw new Refusal("net.refused.shape");
    if ("action" in req && typeof req.action !== "string") throw new Refusal("net.refused.shape");
    if ("seen" in req && (req.op !== "apply" || typeof req.seen !== "string" || req.seen.length > MAX_SEEN)) {
      throw new Refusal("net.refused.shape");
    }
    if ("intent" in req && (!req.intent || typeof req.intent !== "object" || Array.isArray(req.intent))) {
      throw new Refusal("net.refused.shape");
    }
    /** @type {Record<string, any>} */
    const request = { op: req.op, guest: true, viewer: remote.seat };
    if (req.op !== "view") request.seat = remote.seat;
    if (req.op === "apply") {
      if ("action" in req) request.action = req.action;
      else request.intent = req.intent;
      // the guest's table its move was chosen on: the bridge refuses it (table.stale) if the game has moved since
      if ("seen" in req) request.seen = req.seen;
    } else if (req.op === "move") {
      request.action = req.action;
    }
    if (Number.isSafeInteger(req.clock_ms)) request.clock_ms = req.clock_ms;
    this.bound(remote, request);
    const link = remote.link;
    this.port.request(request).then((reply) => {
      if (this.closed || remote.link !== link) return;
      if (reply.ok && reply.fingerprint) remote.sent = reply.fingerprint;
      this.send(remote, { t: "reply", id, reply });
      if (req.op === "apply" && reply.ok) {
        this.emit("moved", { seat: remote.seat });
        this.session.changed(); // the host's own screen shows the move (which pushes to the other guests)
      }
    });
  }

  /** A finished game's position for the guest's review board (web/net/watch.js): made of the code it sends alone,
   * and sent back as it is (no table of the game in play: it starts no run). @param {RemoteSeat} remote
   * @param {number} id @param {Record<string, any> | null} request the checked request (null: not one) */
  position(remote, id, request) {
    if (!request) throw new Refusal("net.refused.shape");
    const link = remote.link;
    this.port.request({ ...request, viewer: remote.seat }).then((reply) => {
      if (this.closed || remote.link !== link) return;
      try { if (link) sendText(link, JSON.stringify({ t: "reply", id, reply })); } catch { this.lost(remote); }
    });
  }

  /** Every connected guest is sent its own table, where it changed. */
  pushAll() {
    const table = this.session.table;
    if (this.closed || !table || table.game !== this.game) return;
    for (const remote of this.seats.values()) if (remote.state === "connected") this.push(remote);
    this.sayWaiting();
  }

  /** @param {RemoteSeat} remote */
  async push(remote) {
    const link = remote.link;
    const reply = await this.port.request({ op: "view", guest: true, viewer: remote.seat });
    if (this.closed || remote.link !== link || remote.state !== "connected" || !reply.ok) return;
    if (reply.fingerprint && reply.fingerprint === remote.sent) return;
    remote.sent = reply.fingerprint ?? "";
    this.send(remote, { t: "table", table: reply });
  }

  /** A table sent to the guest: when it first shows the guest to move, its run starts for the guest (a throw, a
   * race's round, a turn); the run lasts while the guest is to move or other seats' secret moves are still sealed.
   * @param {RemoteSeat} remote @param {Record<string, any>} table */
  track(remote, table) {
    if (!table || !table.ok || !Array.isArray(table.to_move)) return;
    const moving = !table.is_over && table.to_move.includes(remote.seat);
    // a new round or phase while the guest is still to move (its move ended the last round, a race's) is a new run
    const view = table.view && typeof table.view === "object" ? table.view : {};
    const run = JSON.stringify([view.round ?? null, view.playoffs ?? null, view.phase ?? null]);
    if (moving && (remote.since === null || remote.run !== run)) {
      remote.since = performance.now();
      remote.started = null;
      remote.run = run;
    } else if (!moving && !table.sealed) {
      remote.since = null;
      remote.started = null;
    }
  }

  /** The guest's page started its clock of the running run (its screen showed the round's card, the throw's
   * countdown): the run is timed for it from then, as this host reckons it: the message's arrival less half the
   * seat's fastest recent round trip, and never before the table that started the run was sent (`since`). Only the
   * run's first counts; one outside a run is nothing to time. @param {RemoteSeat} remote
   * @param {Record<string, any>} message */
  started(remote, message) {
    if (Object.keys(message).length !== 1) throw new Refusal("net.refused.shape");
    if (remote.since === null || remote.started !== null) return;
    remote.started = Math.max(remote.since, performance.now() - remote.stats.fastest(0) / 2);
  }

  /** What a guest's clock may claim (docs/multi-device.md, "Real-time phases"), passed to the bridge with the
   * request (which applies it to every kind of request, an intent's `ms` and a timed action's text alike): with S
   * the moment this host sent the table that started the guest's run and R now, the guest cannot have watched
   * longer than R - S (`clock_limit_ms`); and a move that arrives late may claim at most the guest's recent round
   * trip L of head start, counted from when its page started its clock of the run (`started`; S until it says so)
   * and what the page shows before the time its moves count from (the game's `realtime.lead_in_ms`): `earliest_ms` is
   * R - started - lead-in - L. @param {RemoteSeat} remote @param {Record<string, any>} request */
  bound(remote, request) {
    if (remote.since === null) return;
    const now = performance.now();
    request.clock_limit_ms = Math.max(0, Math.floor(now - remote.since));
    if (request.op !== "apply") return;
    const shown = Math.max(0, Math.floor(now - (remote.started ?? remote.since)));
    const lead = Math.ceil(remote.stats.slowest(DEAD_MS / 10) * 1.5 + LATE_MARGIN_MS) + (realtime(this.game)?.lead_in_ms ?? 0);
    request.earliest_ms = Math.max(0, shown - lead);
  }

  // ------------------------------------------------------------ liveness, round trips and clocks
  /** @param {RemoteSeat} remote @param {Record<string, any>} message */
  pong(remote, message) {
    if (!Number.isSafeInteger(message.id) || !Number.isFinite(message.at)) throw new Refusal("net.refused.shape");
    this.send(remote, { t: "pong", id: message.id, at: message.at, host_at: this.now() });
  }

  /** @param {RemoteSeat} remote */
  ping(remote) {
    this.send(remote, { t: "ping", id: remote.stats.ping(), at: this.now() });
  }

  /** The guest's answer to a ping: one sample of its round trip, and of its clock's offset from this one's.
   * @param {RemoteSeat} remote @param {Record<string, any>} message */
  ponged(remote, message) {
    if (!remote.stats.answered(message.id, Number(message.at), message.guest_at)) throw new Refusal("net.refused.shape");
  }

  /** Every PING_MS while connected: a ping, and a link silent for DEAD_MS is taken for lost. @param {RemoteSeat} remote */
  beat(remote) {
    if (remote.state !== "connected") return;
    if (this.now() - remote.heard > DEAD_MS) { this.lost(remote, true); return; }
    this.ping(remote);
    this.trace(remote);
  }

  // ------------------------------------------------------------ faults
  /** The seat's link is gone (closed, or `silent`: nothing heard for DEAD_MS): the seat waits for a rejoin invite;
   * its game is kept. @param {RemoteSeat} remote @param {boolean} [silent] */
  lost(remote, silent = false) {
    const link = remote.link;
    remote.link = null;
    clearInterval(remote.timer);
    try { link?.close(); } catch { /* already closed */ }
    // a round trip is that link's: none is shown for the seat until its next link answers a ping
    remote.stats.clear();
    if (remote.state !== "connected") return;
    this.unstand(remote);
    // its run's clock is held from now, or from when it was last heard (a page asleep says nothing before its
    // silence gives the link up)
    const quiet = silent ? Math.max(0, this.now() - remote.heard) : 0;
    if (remote.since !== null) remote.away = Math.max(remote.since, performance.now() - quiet);
    this.mark(remote, "disconnected");
  }

  /** The seat is no longer played on another device (a bot or a person here took it): its guest is told.
   * @param {number} seat @param {"bot" | "here"} state */
  release(seat, state) {
    const remote = this.seats.get(seat);
    if (!remote) return;
    remote.state = state; // (not "disconnected" first: its guest has not gone, it is let go)
    if (remote.link) this.send(remote, { t: "bye", reason: state === "bot" ? "bot" : "here" });
    remote.invite?.offer.cancel();
    remote.invite = null;
    remote.standby?.offer.cancel();
    remote.standby = null;
    this.lost(remote);
    this.seats.delete(seat);
    this.mark(remote, state);
  }

  /** The host leaves (the page goes away, another game opens): every guest is told, and the room ends.
   * @param {string} reason */
  close(reason = "left") {
    if (this.closed) return;
    for (const remote of this.seats.values()) {
      if (remote.link) this.send(remote, { t: "bye", reason });
      remote.invite?.offer.cancel();
      remote.standby?.offer.cancel();
      clearInterval(remote.timer);
      try { remote.link?.close(); } catch { /* already closed */ }
      remote.link = null;
    }
    this.closed = true;
    this.session.removeEventListener("table", this.onTable);
  }

  /** Seats and their connection, for the page and window.gamebox.peers(). */
  peers() {
    // honest per seat (issue 30): an answered invite is no longer open, and a round trip is the live link's only
    return [...this.seats.values()].map((remote) => ({
      seat: remote.seat, state: remote.state,
      ...(remote.state === "connected" ? remote.stats.timing() : { rtt: null, offset: null }),
      path: remote.state === "connected" ? remote.stats.path : null,
      elsewhere: remote.elsewhere,
      invite: Boolean(remote.invite && !remote.invite.answered && !remote.invite.used && this.now() <= remote.invite.expires),
    }));
  }

  // ------------------------------------------------------------ sending
  /** @param {RemoteSeat} remote @param {SeatState} state */
  mark(remote, state) {
    remote.state = state;
    this.emit("change", { seat: remote.seat, state });
    this.sayWaiting();
  }

  /** The remote seats a real-time game waits for: not connected (away, or not yet joined) while the game goes on.
   * @returns {number[]} */
  waiting() {
    const table = this.session.table;
    if (this.closed || !realtime(this.game) || !table || table.is_over) return [];
    return [...this.seats.values()].filter((remote) => remote.state !== "connected").map((remote) => remote.seat);
  }

  /** Every connected guest hears whom the game waits for, when that changes. */
  sayWaiting() {
    const seats = this.waiting();
    const said = JSON.stringify(seats);
    if (said === this.said) return;
    this.said = said;
    for (const remote of this.seats.values()) if (remote.state === "connected") this.send(remote, { t: "waiting", seats });
  }

  /** @param {RemoteSeat} remote @param {Record<string, any>} message */
  send(remote, message) {
    if (message.t === "table") this.track(remote, message.table);
    else if (message.t === "reply") this.track(remote, message.reply);
    try {
      if (remote.link) sendText(remote.link, JSON.stringify(message)); // in pieces when big (web/net/pieces.js)
    } catch {
      this.lost(remote); // a channel that closed under us
    }
  }

  /** @param {Link} link @param {string} key @param {number | null} id */
  refuse(link, key, id) {
    try {
      link.send(JSON.stringify(id === null ? { t: "refused", key } : { t: "refused", key, id }));
    } catch { /* a closed link hears nothing */ }
  }
}

export { Refusal };
