// @ts-check
// A direct link between two devices: one WebRTC data channel (ordered, reliable), made with no signalling server.
// The host makes an invite (a short text, web/net/sdp.js), the guest answers it with another short text, and
// the host takes the answer: the texts travel as links, QR codes or pasted codes (docs/multi-device.md,
// "Connecting devices").
//
//   host:  const invite = await createInvite({iceServers});  show invite.text ...
//          const link = await invite.accept(answerText);      // the guest's answer
//   guest: const {text, link} = await acceptInvite(inviteText, {iceServers});  show text ...
//          (await link).send("hello")
//
// By default there are no ICE servers: the devices find each other by their host candidates (mDNS names on one
// network) and the page asks no other origin for anything. An embedding site may pass STUN/TURN servers for play
// across networks.

import { LinkError, decode, encode } from "./sdp.js";

export { LinkError };

/** The largest message, in UTF-8 bytes, a link sends (the room bounds its own messages well below it). */
export const MAX_MESSAGE = 64 * 1024;
/** How long ICE gathering may take before the text is made from what was gathered (a STUN server that does not
 * answer would otherwise hold the invite up for many seconds). */
export const GATHER_MS = 3000;
/** How long a link may stay "connecting" (the answer taken) before it is given up: both pages then say so, with the
 * way out (a fresh invite, one tap on the host; docs/multi-device.md, "A link that never opens"). */
export const CONNECT_MS = 20_000;
/** How long a guest waits for the host to take its answer (a person scans it or pastes it) before it gives up. */
export const ANSWER_MS = 120_000;
/** How long a connection may stay "disconnected" (a Wi-Fi hiccup) before the link closes. */
export const DISCONNECT_GRACE_MS = 4000;
/** How long ICE may check with no candidate pair answering before a link is taken to have no path between the two
 * devices (a pair that works answers within a second or two, even across the internet): the host gives it up then,
 * and both pages say what was tried, well within CONNECT_MS (docs/multi-device.md, "Friends elsewhere"). */
export const NO_PATH_MS = 12_000;
/** The public STUN servers an "Elsewhere" invite gathers through, so that its candidates work through most home
 * routers: each learns the device's public address (and port), nothing of the game. Asked only when the person
 * chooses "Elsewhere" (docs/multi-device.md, "Friends elsewhere"). */
export const ELSEWHERE = Object.freeze([{ urls: ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"] }]);
const LABEL = "gamebox";

/** @typedef {"connecting" | "open" | "closed"} LinkState */
/** The kind of a candidate (RTCIceCandidate.type): the device's own address on its network, its public address as a
 * STUN server saw it, its address as the other device saw it, or a TURN server's.
 * @typedef {"host" | "srflx" | "prflx" | "relay"} CandidateKind */
/** What a link's two devices tried: their candidates' kinds, both sides' (a public address is a srflx or prflx one).
 * @typedef {{kinds: CandidateKind[], public: boolean, relay: boolean}} Tried */
/** @typedef {{iceServers?: RTCIceServer[]}} LinkOptions */
/**
 * What the host gets for one invite: its text, and `accept` for the guest's answer (once: a second answer is
 * refused with net.invite_used). `cancel` closes it unused.
 * @typedef {object} Invite
 * @property {string} text
 * @property {(answerText: string) => Promise<Link>} accept
 * @property {() => void} cancel
 */
/**
 * What the guest gets for an invite: its answer's text, and the link, which resolves once the host has taken the
 * answer and the channel is open (rejects with net.connect_failed if it has not opened within ANSWER_MS, or the
 * connection failed). `cancel` gives it up. `reached()` says whether any of the guest's checks has been answered by
 * the host's device (it answers them before it has taken the answer), and what was tried.
 * @typedef {object} Answer
 * @property {string} text
 * @property {Promise<Link>} link
 * @property {() => void} cancel
 * @property {() => Promise<{reached: boolean, tried: Tried}>} reached
 */

/**
 * One data channel to the other device, as the room uses it: `send(text)`, `close()`, `state`, and the events
 * "open", "message" (a CustomEvent whose `detail` is the text) and "close" (its `detail` is the reason:
 * "closed" here, "peer" when the other side closed, "failed", "disconnected" or "timeout"). A closed link stays
 * closed: a rejoin makes a new one. Texts that come before the first "message" listener is added are held, and
 * passed on to it in order. A link that is still connecting NO_PATH_MS after it was made, with no candidate pair
 * answered, closes with "no_path"; `tried` then says what was tried.
 */
export class Link extends EventTarget {
  /** the texts not yet passed on, until a "message" listener is added @type {string[]} */
  #held = [];
  /** whether a "message" listener has been added */
  #heard = false;

  /**
   * @param {RTCPeerConnection} connection
   * @param {RTCDataChannel} channel
   */
  constructor(connection, channel) {
    super();
    this.connection = connection;
    this.channel = channel;
    /** @type {LinkState} */
    this.state = channel.readyState === "open" ? "open" : "connecting";
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.probe = undefined;
    /** what the two devices tried, once the link is given up for having no path @type {Tried | null} */
    this.tried = null;
    /** Resolves when the channel opens; rejects with net.connect_failed if the link closes first. */
    this.opened = new Promise((resolve, reject) => {
      if (this.state === "open") resolve(undefined);
      this.addEventListener("open", () => resolve(undefined), { once: true });
      this.addEventListener("close", (event) => reject(new LinkError("net.connect_failed",
        `the link closed before it opened (${/** @type {CustomEvent} */ (event).detail})`)), { once: true });
    });
    this.opened.catch(() => {});  // whoever waits for it sees the failure; nobody else has to
    channel.addEventListener("open", () => this.#open());
    channel.addEventListener("message", (event) => {
      if (this.state !== "open" || typeof event.data !== "string") return;
      if (this.#heard && !this.#held.length) this.dispatchEvent(new CustomEvent("message", { detail: event.data }));
      else this.#held.push(event.data);
    });
    // the other side closed, reloaded or went away: an "error" event (an SCTP abort) may come first, and "close"
    // always follows it
    channel.addEventListener("close", () => this.#end("peer"));
    connection.addEventListener("connectionstatechange", () => this.#watch());
    if (this.state === "connecting") {
      this.#delay("timeout", CONNECT_MS);
      this.probe = setTimeout(() => this.#probe(), NO_PATH_MS);
    }
  }

  /** The kind of the local candidate of the pair this link's traffic goes over (host: the same network, srflx or
   * prflx: over the internet, relay: through a TURN server), or null when there is none (not connected). */
  async path() {
    if (this.state === "closed") return null;
    return pathOf(await this.connection.getStats());
  }

  /** Still connecting NO_PATH_MS after it was made, with no candidate pair answered: there is no path. */
  async #probe() {
    if (this.state !== "connecting") return;
    let stats;
    try { stats = await this.connection.getStats(); } catch { return; }
    const { reached, tried } = reachedOf(stats, this.connection);
    if (reached || this.state !== "connecting") return;
    this.tried = tried;
    this.#end("no_path");
  }

  /**
   * A listener as EventTarget's; the first "message" listener also gets, in order, the texts that came before it
   * (in a microtask: after whoever adds it has added the rest of its listeners, before any later message).
   * @param {string} type
   * @param {EventListenerOrEventListenerObject | null} listener
   * @param {boolean | AddEventListenerOptions} [options]
   */
  addEventListener(type, listener, options) {
    super.addEventListener(type, listener, options);
    if (type !== "message" || this.#heard) return;
    this.#heard = true;
    queueMicrotask(() => {
      for (const text of this.#held.splice(0)) this.dispatchEvent(new CustomEvent("message", { detail: text }));
    });
  }

  /**
   * Send one text. Throws a LinkError: net.link_closed when the link is not open, net.message_too_big beyond
   * MAX_MESSAGE bytes.
   * @param {string} text
   */
  send(text) {
    if (this.state !== "open") throw new LinkError("net.link_closed", `the link is ${this.state}`);
    const size = new TextEncoder().encode(text).length;
    if (size > MAX_MESSAGE) {
      throw new LinkError("net.message_too_big", `a message of ${size} bytes; a link sends at most ${MAX_MESSAGE}`);
    }
    this.channel.send(text);
  }

  /** Close the link (and its connection); a "close" event follows with the reason "closed". */
  close() {
    this.#end("closed");
  }

  #open() {
    if (this.state !== "connecting") return;
    this.state = "open";
    clearTimeout(this.timer);
    clearTimeout(this.probe);
    this.dispatchEvent(new Event("open"));
  }

  #watch() {
    const state = this.connection.connectionState;
    if (state === "failed" || state === "closed") this.#end(state === "failed" ? "failed" : "peer");
    else if (state === "disconnected") this.#delay("disconnected", DISCONNECT_GRACE_MS);
    else if (state === "connected" && this.state === "open") clearTimeout(this.timer);
  }

  /**
   * Close with `reason` after `ms` unless the connection has (re)connected by then.
   * @param {string} reason
   * @param {number} ms
   */
  #delay(reason, ms) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.state === "connecting" || this.connection.connectionState !== "connected") this.#end(reason);
    }, ms);
  }

  /** @param {string} reason */
  #end(reason) {
    if (this.state === "closed") return;
    this.state = "closed";
    clearTimeout(this.timer);
    clearTimeout(this.probe);
    this.channel.close();
    this.connection.close();
    this.dispatchEvent(new CustomEvent("close", { detail: reason }));
  }
}

/**
 * The host's side: a connection with one data channel, and its offer as a compact text once ICE gathering is
 * complete (or GATHER_MS have passed).
 * @param {LinkOptions} [options]
 * @returns {Promise<Invite>}
 */
export async function createInvite({ iceServers = [] } = {}) {
  const connection = newConnection(iceServers);
  const channel = connection.createDataChannel(LABEL, { ordered: true });
  try {
    await connection.setLocalDescription(await connection.createOffer());
    await gathered(connection);
    const text = await encode(description(connection), "invite");
    let used = false;
    return {
      text,
      accept: async (answerText) => {
        if (used) throw new LinkError("net.invite_used", "this invite has already been answered");
        const sdp = await decode(answerText, "answer");
        used = true;
        // made before the answer is set: the guest greets as soon as its side of the channel opens, which can be
        // before setRemoteDescription has resolved here, and the link holds that hello for the room
        // (docs/multi-device.md, "The tests")
        const link = new Link(connection, channel);
        try {
          await connection.setRemoteDescription({ type: "answer", sdp });
        } catch (error) {
          connection.close();
          throw new LinkError("net.answer_bad", `the browser refused the answer: ${error}`);
        }
        return link;
      },
      cancel: () => connection.close(),
    };
  } catch (error) {
    connection.close();
    throw error;
  }
}

/**
 * The guest's side: take an invite's text, and give the answer's text and the link to come. Throws a LinkError
 * for a malformed invite (net.invite_bad), one of another format (net.version), or one the browser refuses.
 * @param {string} text
 * @param {LinkOptions} [options]
 * @returns {Promise<Answer>}
 */
export async function acceptInvite(text, { iceServers = [] } = {}) {
  const sdp = await decode(text, "invite");
  const connection = newConnection(iceServers);
  /** @type {Promise<Link>} */
  const link = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.close();
      reject(new LinkError("net.connect_failed", `the host did not connect within ${ANSWER_MS} ms`));
    }, ANSWER_MS);
    connection.addEventListener("datachannel", ({ channel }) => {
      if (channel.label !== LABEL) return;
      clearTimeout(timer);
      resolve(new Link(connection, channel));
    }, { once: true });
    connection.addEventListener("connectionstatechange", () => {
      if (connection.connectionState !== "failed" && connection.connectionState !== "closed") return;
      clearTimeout(timer);
      reject(new LinkError("net.connect_failed", `the connection ${connection.connectionState}`));
    });
  });
  link.catch(() => {});  // the caller awaits it when it needs it
  try {
    await connection.setRemoteDescription({ type: "offer", sdp });
  } catch (error) {
    connection.close();
    throw new LinkError("net.invite_bad", `the browser refused the invite: ${error}`);
  }
  try {
    await connection.setLocalDescription(await connection.createAnswer());
    await gathered(connection);
    return { text: await encode(description(connection), "answer"), link, cancel: () => connection.close(),
      reached: async () => reachedOf(await connection.getStats(), connection) };
  } catch (error) {
    connection.close();
    throw error;
  }
}

/** A connection's stats as a list. @param {RTCStatsReport} stats @returns {Record<string, any>[]} */
const entries = (stats) => [...stats.values()];

/** Whether any candidate pair has been answered (a check of ours got its response, or the pair succeeded), and the
 * candidates' kinds on both sides: those of both descriptions (the stats list only candidates in a pair, and a srflx
 * candidate is paired through its base) and of the stats (a prflx one is learnt from a check).
 * @param {RTCStatsReport} stats @param {RTCPeerConnection} connection @returns {{reached: boolean, tried: Tried}} */
export function reachedOf(stats, connection) {
  const all = entries(stats);
  const reached = all.some((entry) => entry.type === "candidate-pair" && (entry.state === "succeeded" || entry.responsesReceived > 0));
  const described = [connection.localDescription?.sdp ?? "", connection.remoteDescription?.sdp ?? ""].join("\n")
    .split(/\r?\n/).filter((line) => line.startsWith("a=candidate:")).map((line) => / typ (\w+)/.exec(line)?.[1]);
  const kinds = /** @type {CandidateKind[]} */ ([...new Set([...described, ...all.filter((entry) => entry.type === "local-candidate" || entry.type === "remote-candidate")
    .map((entry) => entry.candidateType)].filter((kind) => ["host", "srflx", "prflx", "relay"].includes(kind ?? "")))].sort());
  return { reached, tried: { kinds, public: kinds.includes("srflx") || kinds.includes("prflx"), relay: kinds.includes("relay") } };
}

/** The kind of the local candidate of the selected candidate pair (the transport's, else a nominated pair that
 * succeeded), or null. @param {RTCStatsReport} stats @returns {CandidateKind | null} */
export function pathOf(stats) {
  const all = entries(stats);
  const selected = all.find((entry) => entry.type === "transport" && entry.selectedCandidatePairId)?.selectedCandidatePairId;
  const pair = all.find((entry) => entry.type === "candidate-pair" && (selected ? entry.id === selected : entry.nominated && entry.state === "succeeded"));
  const local = pair && all.find((entry) => entry.id === pair.localCandidateId);
  const kind = local?.candidateType;
  return kind === "host" || kind === "srflx" || kind === "prflx" || kind === "relay" ? kind : null;
}

/** @param {RTCIceServer[]} iceServers */
function newConnection(iceServers) {
  if (typeof RTCPeerConnection !== "function") {
    throw new LinkError("net.no_webrtc", "this browser has no WebRTC (RTCPeerConnection)");
  }
  return new RTCPeerConnection({ iceServers });
}

/** @param {RTCPeerConnection} connection */
function description(connection) {
  const local = connection.localDescription;
  if (!local) throw new LinkError("net.no_webrtc", "the connection has no local description");
  return local.sdp;
}

/**
 * Resolves when ICE gathering is complete, or after GATHER_MS (then the text carries what was gathered).
 * @param {RTCPeerConnection} connection
 * @returns {Promise<void>}
 */
function gathered(connection) {
  return new Promise((resolve) => {
    if (connection.iceGatheringState === "complete") {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      connection.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => {
      if (connection.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, GATHER_MS);
    connection.addEventListener("icegatheringstatechange", check);
  });
}
