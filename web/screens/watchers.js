// @ts-check
// What the devices of a game get besides its tables (docs/multi-device.md, "Watchers" and "A guest's review"):
// - on the host: once the game is over, its review (the engine's, the one the game-over box computes) goes to every
//   guest and watcher (one message, which goes in pieces: web/net/pieces.js), and again to one that connects later;
// - on a guest's or a watcher's page: that review answers the page's review screen (web/net/watch.js ReviewInbox),
//   so its Review shows with no Python here; and a watcher's page shows who is connected.
import { t } from "../i18n.js";
import { $, element } from "../dom.js";
import { ReviewInbox } from "../net/watch.js";
import { engine, GUEST, session } from "../page.js";
import { currentRoom, currentStands, statusMark } from "./devices.js";
import { reviewable } from "./review-board.js";
import { finishedReview } from "./review.js";

/** @typedef {import("../host.js").Table} Table */

/** The review of the last game that ended here, as the message that carries it, and the room it went to. */
const shared = {
  /** @type {Record<string, any> | null} */
  message: null,
  /** @type {import("../net/room.js").Room | null} */
  room: null,
};

/** The rooms whose seats' connections are followed (to send the review to a guest that comes later). */
const followed = new WeakSet();

/** The guests and watchers of the game that just ended get its review. @param {Table} table */
async function shareReview(table) {
  const room = currentRoom();
  if (!room || !table.share) return;
  shared.message = null;
  shared.room = room;
  const code = table.share;
  const check = await engine.request({ op: "check", code });
  if (!check.ok) return;
  // a game with no reviewer still says so, so that a guest's review screen refuses it in words (review.none)
  const review = reviewable(table.game) ? await finishedReview(table) : null;
  if (room.closed) return;
  // stopped before it was done (another game began here, which frees the engine): the devices are told so, and their
  // Review says it in words instead of waiting
  const message = { t: "review", code, check, review, stopped: reviewable(table.game) && !review };
  shared.message = message;
  for (const remote of room.seats.values()) if (remote.state === "connected") room.send(remote, message);
  currentStands()?.shareReview(message);
}

/** The host's side: the review goes out once the game is over, and to a guest that connects after. */
function wireHost() {
  session.addEventListener("over", (event) => {
    const { table } = /** @type {CustomEvent} */ (event).detail;
    if (table.seats.some((/** @type {import("../host.js").Seat} */ sitter) => sitter.kind === "remote")) shareReview(table);
  });
  session.addEventListener("table", () => {
    const room = currentRoom();
    if (!room || followed.has(room)) return;
    followed.add(room);
    room.addEventListener("change", (event) => {
      const { seat, state } = /** @type {CustomEvent} */ (event).detail;
      const remote = room.seats.get(seat);
      if (state !== "connected" || !remote || shared.room !== room || !shared.message) return;
      room.send(remote, shared.message);
    });
  });
}

/** A guest's or a watcher's page: the host's review answers its review screen; a watcher sees who is connected. */
function wireGuest() {
  const port = /** @type {import("../net/guest.js").GuestPort} */ (/** @type {any} */ (engine));
  const inbox = new ReviewInbox({ ask: (req) => port.ask(req, true), connected: () => port.connected });
  port.local = (request) => inbox.answer(request);
  port.addEventListener("message", (event) => {
    const { message } = /** @type {CustomEvent} */ (event).detail;
    if (message.t === "review") inbox.take(message);
    else if (message.t === "seats" && port.watcher !== null && Array.isArray(message.seats)) showSeats(message.seats);
  });
  port.addEventListener("lost", () => inbox.wake());
  // a replay needs an engine, which a guest's page never starts: its game-over box offers the Review, not a replay
  $("btn-over-replay").hidden = true;
  port.addEventListener("bye", () => { inbox.wake(); showSeats(null); });
}

/** A watcher's page: that it watches, and each remote seat's connection, under the scores.
 * @param {{seat: number, state: string}[] | null} seats (null: the host left) */
function showSeats(seats) {
  let line = $("net-watching");
  if (!line) {
    line = element("div", { id: "net-watching", class: "net-seats net-watching" });
    document.querySelector("#screen-game .scores")?.after(line);
  }
  const rows = (seats ?? []).filter((one) => Number.isSafeInteger(one?.seat)).map(({ seat, state }) => element("div", {
    class: "net-seat", "data-seat": seat, "data-state": String(state) }, [
    element("span", { class: "net-name", text: t("seat.player", { n: seat + 1 }) }),
    statusMark(["connected", "connecting", "disconnected", "invited", "here", "bot"].includes(state) ? state : "disconnected"),
  ]));
  line.replaceChildren(element("span", { class: "hint", text: t(seats ? "net.watch.you" : "net.state.left") }), ...rows);
}

export function wireWatchers() {
  if (GUEST) wireGuest();
  else wireHost();
}
