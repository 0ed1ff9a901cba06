// @ts-check
// The page's one engine and one table session, the route in the address bar, and whether the page is embedded in
// another site (web/embed-api.js, docs/embed.md).
import { Engine } from "./engine.js";
import { pace } from "./games/common.js";
import { gameInfo } from "./games.js";
import { GuestPort } from "./net/guest.js";
import { Session } from "./session.js";

/** A guest's page (`#/join?...`: one seat of a game held by another device, web/screens/join.js,
 * docs/multi-device.md) starts no engine: its requests go to the host over the link (web/net/guest.js). Nor does a
 * guest's answer opened on the host's device (`#/answer?...`), which only passes the answer to the host's tab. */
export const GUEST = /^#\/?(join|answer)(\?|$)/.test(location.hash);
/** @type {Engine} */
export const engine = GUEST ? /** @type {any} */ (new GuestPort()) : new Engine();
/** A table is in a real-time phase when its game declares the view's phase one (games.json `realtime`). */
const realtime = (/** @type {import("./host.js").Table} */ table) =>
  Boolean(gameInfo(table.game)?.realtime?.phases?.includes(table.view?.phase));
export const session = new Session(engine, { pace, realtime });

/** The route: `#/<path>?<params>`. */
/** The address the page last routed to or wrote for the table on screen. A table shown later writes its own
 * address only while the bar still shows this one: once the player has gone elsewhere (New game, Menu, Replay),
 * a bot's move that arrives before the router has run must not write the old game's address back. */
export const address = { own: "" };

export function currentRoute() {
  const hash = location.hash.replace(/^#\/?/, "");
  const [path, query = ""] = hash.split("?");
  return { game: path || "", params: new URLSearchParams(query) };
}

/** `index.html?embed=1&parent=<origin>&lang=<xx>#/<route>` inside another site's iframe: the parent's origin (only
 * when the browser confirms who framed us), the language asked for, and whether one game was asked for; null
 * outside an embed. */
export const EMBED = (() => {
  const query = new URLSearchParams(location.search);
  if (query.get("embed") !== "1" || window.parent === window) return null;
  /** @type {string | null} */
  let parent = null;
  try {
    const claimed = query.get("parent") || "";
    const origin = new URL(claimed).origin;
    // Where the browser tells us who framed us, the claim must match: else a page that frames us while
    // naming another origin would only make our messages fail.
    const actual = location.ancestorOrigins ? location.ancestorOrigins[0] : origin;
    if (origin !== "null" && origin === claimed && origin === actual) parent = origin;
  } catch { /* no usable parent: the page works, and talks to nobody */ }
  return { parent, lang: query.get("lang") || "", one: currentRoute().game !== "" };
})();

/** Storage belongs to the player's own games: an embedded game (another site's page) keeps nothing, nor does a
 * guest's page (the game is the host's). */
export function storing() { return !EMBED && !GUEST; }

/** A seat list as the address bar writes it: "human,hard" ("remote": a person on another device). @param {import("./host.js").Seat[]} seats */
export function seatsParam(seats) {
  return seats.map((sitter) => (sitter.kind === "bot" ? sitter.level : sitter.kind)).join(",");
}

/** The seats of "human,hard" (null without any). @param {string | null} text
 * @returns {import("./host.js").Seat[] | null} */
export function parseSeats(text) {
  if (!text) return null;
  return text.split(",").map((part) => (part === "human" || part === "remote" ? { kind: part, level: "" }
    : { kind: "bot", level: part }));
}
