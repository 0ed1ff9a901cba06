// @ts-check
// The embed protocol (web/embed.js on the host page, docs/embed.md) and window.gamebox, the API an embedding page
// or a test drives the app with. In an embed (`index.html?embed=1&parent=<origin>&lang=<xx>#/<route>` inside
// another site's iframe) the page posts events to its parent window at that origin only (never "*"), and takes
// commands only from its parent window at that origin. Everything else is ignored without a word.
import { textOverflows } from "./games/kit.js";
import { $, errorText } from "./dom.js";
import { games as knownGames, gamesLoaded, playable } from "./games.js";
import { currentRoute, EMBED, engine, GUEST, parseSeats, seatsParam, session } from "./page.js";
import { again, currentRoom, currentStands, inviteFor, acceptAnswer } from "./screens/devices.js";
import { boardTargets, failure, lastSetup, openLink, playHuman, playLink, shownTable, startNew } from "./screens/game.js";
import { joined } from "./screens/join.js";
import { openReplay } from "./screens/replay.js";
import { puzzleTargets, reviewData, reviewState } from "./screens/review.js";
import * as profileStore from "./profile-store.js";

/** @typedef {import("./host.js").Table} Table */

/** @param {string} type @param {Record<string, any>} [data] */
function post(type, data = {}) {
  if (EMBED && EMBED.parent) window.parent.postMessage({ ...data, gamebox: 1, type }, EMBED.parent);
}

/** What an embedding page may know of a table: the bridge's `public` summary (core/viewer.py), made for it. It
 * holds the public game only: no view, no pending secret move, and no seed or code of a game with hidden hands
 * before the game is over. @param {Table} table */
function summary(table) {
  if (!table.public) return { game: table.game }; // a guest's table: the game is the host's to tell about
  const { game, seed, players, seats, share, fingerprint, moves, to_move, is_over } = table.public;
  return { game, seed, players, seats, share, fingerprint, moves, to_move, is_over };
}

/** Embed events for what became public since `previous`: moves (a secret one once it is revealed), undo.
 * @param {Table | null} previous @param {Table} table */
function postMoves(previous, table) {
  if (!previous || previous.game !== table.game || session.replay) return;
  const before = previous.public.history;
  const now = table.public.history;
  if (now.length < before.length) post("undo", summary(table));
  const fresh = now.slice(before.length);
  if (!fresh.length || now.length < before.length) return;
  const [seat, action] = fresh[fresh.length - 1];
  post("move", { ...summary(table), seat, action, actions: fresh });
}

/** Seats as a command gives them: "human,hard", ["human", "hard"] or [{kind, level}]. @param {any} value */
function commandSeats(value) {
  if (typeof value === "string") value = value.split(",");
  if (!Array.isArray(value)) return undefined;
  return value.map((sitter) => (typeof sitter === "string"
    ? (sitter === "human" || sitter === "remote" ? { kind: sitter, level: "" } : { kind: "bot", level: sitter }) : sitter));
}

/** @param {import("./host.js").BridgeError | null | undefined} error */
function refusal(error) {
  const safe = error || { type: "BadRequest", key: "error.bad_request", params: {}, message: "failed" };
  return { ok: false, error: { type: safe.type, key: safe.key, message: safe.message, text: errorText(safe) } };
}

/** One command from the host page: new, open or play. @param {Record<string, any>} command */
async function run(command) {
  if (command.type === "new") {
    const seats = commandSeats(command.seats);
    const players = Number.isInteger(command.players) ? command.players : seats ? seats.length : undefined;
    /** @type {Record<string, any>} */
    const setup = { game: String(command.game ?? session.table?.game ?? ""), players,
      seats: seats ?? [], options: command.options ?? {}, seed: String(command.seed ?? "") };
    if (!playable(setup.game)) {
      return refusal({ type: "UnknownGame", key: "error.unknown_game", params: { game: setup.game }, message: "unknown game" });
    }
    if (!seats) delete setup.seats;
    const reply = await startNew(setup);
    return reply?.ok ? { ok: true, ...summary(/** @type {Table} */ (reply)) } : refusal(reply?.error);
  }
  if (command.type === "open") {
    const seats = commandSeats(command.seats);
    failure.link = null;
    const params = new URLSearchParams({ code: String(command.code ?? "") });
    if (seats) params.set("seats", seatsParam(seats));
    const reply = await openLink(params);
    return reply ? { ok: true, ...summary(/** @type {Table} */ (reply)) } : refusal(failure.link);
  }
  if (command.type === "play") {
    const seat = Number.isInteger(command.seat) ? command.seat : session.humanToMove();
    failure.play = null;
    const played = await playHuman(String(command.action ?? ""), seat);
    return played && session.table ? { ok: true, ...summary(session.table) } : refusal(failure.play
      || { type: "IllegalAction", key: "error.not_your_turn", params: {}, message: "That seat may not move now." });
  }
  return refusal({ type: "BadRequest", key: "error.bad_request", params: { op: String(command.type) }, message: "unknown command" });
}

/** The compact page of an embed, its seats from the route, and the commands of its parent. */
export function startEmbed() {
  if (!EMBED) return;
  document.body.classList.add("embed");
  if (EMBED.one) document.body.classList.add("embed-one");
  const { game, params } = currentRoute();
  const seats = playable(game) && parseSeats(params.get("seats"));
  if (seats) lastSetup[game] = { players: seats.length, seats };
  if (!EMBED.parent) return;
  session.addEventListener("table", (event) => {
    const { table, previous } = /** @type {CustomEvent} */ (event).detail;
    postMoves(previous, table);
  });
  session.addEventListener("open", (event) => post("start", summary(/** @type {CustomEvent} */ (event).detail.table)));
  session.addEventListener("over", (event) => {
    const { table } = /** @type {CustomEvent} */ (event).detail;
    post("gameover", { ...summary(table), scores: table.public.scores, winners: table.public.winners });
  });
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || event.origin !== EMBED.parent) return;
    const command = event.data;
    if (!command || typeof command !== "object" || command.gamebox !== 1 || typeof command.type !== "string") return;
    run(command).catch((error) => refusal({ type: "InternalError", key: "error.internal", params: {}, message: String(error) }))
      .then((reply) => post("reply", { ...reply, id: command.id ?? null, command: command.type }));
  });
  let height = 0;
  new ResizeObserver(() => {
    const now = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (now !== height) post("resize", { height: (height = now) });
  }).observe(document.documentElement);
}

/** Tell the host page when the engine is ready, and again after a Retry; a failure comes with its short `reason`
 * word and the words the player sees (never the raw text of the failure). */
export function embedReady() {
  if (!EMBED) return;
  const ready = () => post("ready", { screen: document.body.dataset.screen, ...(shownTable() ? summary(shownTable()) : {}) });
  const failed = () => post("error", { reason: engine.reason || "unknown", message: $("engine-text").textContent });
  engine.ready.then(ready, failed).then(() => {
    engine.addEventListener("ready", (event) => { if (!/** @type {CustomEvent} */ (event).detail?.restarted) ready(); });
    engine.addEventListener("failed", failed);
  });
}

/** The learn screen's own API (web/learn.js) is window.gamebox.learn; targets() answers with it on that screen.
 * @type {{targets(): import("./host.js").Target[], [name: string]: any} | undefined} */
let learn;

// The embedding and testing API: everything a host page or a test needs, as promises.
/** @type {any} */ (window).gamebox = {
  // the current boot's promise (a Retry makes a new one); it rejects when the engine cannot load, and is
  // handled here, so a failed load is never an uncaught error
  get ready() {
    const ready = engine.ready.then(() => true);
    ready.catch(() => {});
    return ready;
  },
  /** @param {string} code @param {string} [seats] */
  open: (code, seats) => openLink(new URLSearchParams({ code, ...(seats ? { seats } : {}) })),
  // the table on the game screen (the last one drawn, until another opens)
  table: () => shownTable(),
  view: () => shownTable()?.view ?? null,
  /** @param {number} [seat] */
  legal: async (seat) => {
    const reply = await engine.request({ op: "legal", seat: seat ?? shownTable()?.to_move[0] ?? 0 });
    return reply.ok ? reply.actions : [];
  },
  /** @param {import("./host.js").Move} action */
  play: (action) => playHuman(action),
  /** @param {number} [budget] */
  botMove: (budget) => session.botMove(budget),
  link: () => (shownTable() ? playLink(shownTable()) : null),
  /** @param {string} code @param {number} [step] @param {string} [seats] */
  replay: (code, step, seats) => openReplay(new URLSearchParams({ code, step: String(step ?? 0), ...(seats ? { seats } : {}) })),
  /** @param {Record<string, any>} request */
  request: (request) => engine.request(request),
  // what the person can do now, in CSS pixels of the viewport: [{kind: "tap", x, y, action?, label}] and
  // [{kind: "drag", x, y, x2, y2, label}] (web/games/kit.js); a tap at a target's point plays exactly its action
  targets: () => (document.body.dataset.screen === "learn" ? learn?.targets() ?? []
    : document.body.dataset.screen === "puzzle" ? puzzleTargets() : boardTargets()),
  // the review of the game on screen (docs/review.md, docs/embed.md): [{ply, seat, action, verdict, loss, best}],
  // computed if need be; a game that cannot be reviewed (still in play) gives {ok: false, error: {key, text}}
  review: () => reviewData(),
  // the review screen's state, for tests and tools: {game, at, done, kept, state, moves, total, ms, point(at)}
  reviewState: () => reviewState(),
  // every text the paint kit could not fit in its box since the page loaded (tests assert there is none)
  overflows: () => textOverflows(),
  // play on several devices (docs/multi-device.md). On the host: an invite link for a remote seat of the game on
  // screen (single-use, for that seat; `{elsewhere: true}` for a friend on another network: the public STUN servers),
  // or for a watcher (`invite("watch")`: at most 8 at a table, a 9th rejects with {key: "net.refused.watchers"});
  // and a guest's answer (its code or answer link: resolves with the seat, or {watcher: n} for a watcher's)
  /** @param {number | "watch"} seat @param {{elsewhere?: boolean}} [options] */
  invite: (seat, options) => inviteFor(seat, options),
  /** @param {string} answer */
  accept: (answer) => acceptAnswer(answer),
  // on the host: what "Play again" does, or `game` for the same devices in the same seats, over the same links (no
  // new invite): resolves with the new table's reply (docs/multi-device.md, "An evening at one table")
  /** @param {string} [game] */
  again: (game) => again(game),
  // on a guest's page: the answer's code once the invite is open (null before), for the host's accept()
  answer: () => (GUEST ? joined.answer : null),
  // the seats on other devices and their connection: on the host [{seat, state, rtt, offset, path, elsewhere, invite}]
  // (state: invited, connecting, connected, disconnected; rtt and offset in ms of the live link, null unless connected
  // and before its first ping's answer; path: the kind of its selected candidate pair's local candidate, host, srflx,
  // prflx or relay, null unless connected; elsewhere: its invites are for another network; invite: an open invite,
  // not yet answered), then each watcher [{seat: null, watcher, state, rtt, offset, path, elsewhere, invite}] (state:
  // invited, connecting, connected; a watcher that left is no longer listed); on a guest's page its own seat and its
  // connection to the host, on a watcher's [{seat: null, watcher, state, rtt, offset, playable_ms}]
  peers: () => {
    if (GUEST) {
      const port = /** @type {any} */ (engine);
      if (port.watcher !== null) return [{ seat: null, watcher: port.watcher, state: joined.state, ...port.timing(), playable_ms: joined.playable }];
      return port.seat === null ? [] : [{ seat: port.seat, state: joined.state, ...port.timing(), playable_ms: joined.playable }];
    }
    return [...currentRoom()?.peers() ?? [], ...currentStands()?.peers() ?? []];
  },
  get learn() { return learn; },
  set learn(value) { learn = value; },
  // ratings (docs/ratings.md, docs/embed.md): the person's profile {version, games: {<id>: {rating, deviation,
  // volatility, provisional, played, won, lost, history}}, bots: {<id>: {<level>: {rating, deviation}}}, bests,
  // streak}; start() a new deal as the set-up's Start does (rated when its seats are one person and bots);
  // the profile file's text, and loading one ({ok: true} or {ok: false, error: {key}}, nothing changed)
  profile: async () => { await gamesLoaded; return profileStore.profile(knownGames()); },
  /** @param {{game: string, players?: number, seats?: any, options?: Record<string, any>, seed?: string}} setup */
  start: (setup) => run({ ...setup, type: "new" }),
  exportProfile: () => profileStore.exportProfile(),
  /** @param {string} text */
  importProfile: async (text) => profileStore.importProfile(String(text)),
};
