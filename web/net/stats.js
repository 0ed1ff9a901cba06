// @ts-check
// What one link is like: its round trip, the other page's clock, and the path its traffic goes over. Each side of a
// link pings the other every PING_MS (web/net/room.js); each answer is one sample: the round trip, and the other
// page's clock less this one's at the answer's midpoint. Kept per link: on the host for each seat and each watcher
// (web/net/room.js, web/net/watch.js), on a guest's or a watcher's page for its link to the host (web/net/guest.js).

/** The samples the round trip and the offset are estimated from; as many pings are waited for at once. */
export const ROUND_TRIPS = 8;

export class LinkStats {
  constructor() {
    this.nextPing = 1;
    /** ping id -> when it went (performance.now()) @type {Map<number, number>} */
    this.pings = new Map();
    /** @type {{rtt: number, offset: number}[]} */
    this.samples = [];
    /** the kind of the local candidate the link's selected pair goes over (host, srflx, prflx, relay), once known
     * @type {string | null} */
    this.path = null;
  }

  /** A new ping's id, kept with when it went (only the last ROUND_TRIPS are waited for). */
  ping() {
    const id = this.nextPing++;
    this.pings.set(id, performance.now());
    if (this.pings.size > ROUND_TRIPS) this.pings.delete(/** @type {number} */ (this.pings.keys().next().value));
    return id;
  }

  /** The answer to ping `id`, stamped `theirs` on the other page's clock, to a ping stamped `at` on this page's: one
   * sample. An answer to a ping not waited for (an old one's, or made up) is nothing to learn from; false when the
   * answer to one that is has no stamp of the other page's clock (not an answer: the host refuses it).
   * @param {unknown} id @param {number} at @param {unknown} theirs */
  answered(id, at, theirs) {
    const sent = typeof id === "number" ? this.pings.get(id) : undefined;
    if (sent === undefined) return true;
    if (typeof theirs !== "number" || !Number.isFinite(theirs)) return false;
    this.pings.delete(/** @type {number} */ (id));
    const rtt = performance.now() - sent;
    this.samples.push({ rtt, offset: theirs - (at + rtt / 2) });
    if (this.samples.length > ROUND_TRIPS) this.samples.shift();
    return true;
  }

  /** A new link, or none: its round trips and path are that link's, unknown until it answers. */
  clear() {
    this.pings.clear();
    this.samples = [];
    this.path = null;
  }

  /** The round trip (the median of the samples) and the other page's clock offset (that of the fastest round trip),
   * in ms; null before the first answer. @returns {{rtt: number | null, offset: number | null}} */
  timing() {
    if (!this.samples.length) return { rtt: null, offset: null };
    const rtts = this.samples.map((sample) => sample.rtt).sort((a, b) => a - b);
    const fastest = this.samples.reduce((best, sample) => (sample.rtt < best.rtt ? sample : best));
    return { rtt: Math.round(rtts[Math.floor(rtts.length / 2)]), offset: Math.round(fastest.offset) };
  }

  /** The fastest and the slowest recent round trip, in ms (`none` before the first answer).
   * @param {number} none */
  fastest(none) { return this.samples.length ? Math.min(...this.samples.map((sample) => sample.rtt)) : none; }

  /** @param {number} none */
  slowest(none) { return this.samples.length ? Math.max(...this.samples.map((sample) => sample.rtt)) : none; }

  /** Read the kind of local candidate `link`'s traffic goes over (from its connection's stats): true when it changed
   * and `current()` (the link is still the one kept, and live) still holds once it is known.
   * @param {{path?: () => Promise<string | null>} | null} link @param {() => boolean} current */
  async trace(link, current) {
    if (!link?.path) return false;
    let path = null;
    try { path = await link.path(); } catch { return false; }
    if (!current() || path === this.path) return false;
    this.path = path;
    return true;
  }
}
