// @ts-check
// The host's side of a game played on several devices (docs/multi-device.md): the room (web/net/room.js) of the
// game on screen, the devices panel (each remote seat's invite as a link and a QR code, the guest's answer scanned
// or pasted, the seat's connection), and each seat's connection beside the scores, with one-tap fixes for a seat
// whose device went away: a new invite, a bot, or the person plays it here.
import { t } from "../i18n.js";
import { $, announce, clearNotice, element, errorText, notice } from "../dom.js";
import { gameInfo } from "../games.js";
import { CONNECT_MS, ELSEWHERE, createInvite } from "../net/link.js";
import { drawQR, scanQR } from "../net/qr.js";
import { INVITE_MS, Room } from "../net/room.js";
import { nextTable, restTable, samePlaces, seatedDevices } from "../net/table.js";
import { stayAwake } from "../net/awake.js";
import { MAX_WATCHERS, Stands } from "../net/watch.js";
import { engine, GUEST, session } from "../page.js";
import { decorations, lastSetup, reseat, startNew } from "./game.js";

/** @typedef {import("../host.js").Table} Table */

/** The channel on which an answer link opened in another tab of this browser reaches the game's tab. */
export const ANSWERS = "gamebox-answers";

/** The room of the game on screen (null without remote seats), and the game it belongs to. */
const here = {
  /** @type {Room | null} */
  room: null,
  /** the room's watchers (web/net/watch.js) @type {Stands | null} */
  stands: null,
  /** whether the next watcher's invite is for a friend elsewhere */
  watchElsewhere: false,
  key: "",
  /** @type {{stop(): void} | null} */
  scan: null,
  /** the panel's "everyone is connected" closes it after a moment @type {ReturnType<typeof setTimeout> | undefined} */
  closing: undefined,
  /** the devices placed at the next table the host starts (Play again, the set-up, again()): each remote seat of it
   * -> the seat its device had @type {Map<number, number> | null} */
  carry: null,
};

/** Whether the room is making an invite for `seat` (its offer gathers): the room's own word, so that no invite asked
 * for elsewhere (window.gamebox.invite, a choice of where the friend is) leaves a seat "making" for ever.
 * @param {Room} room @param {number} seat */
const making = (room, seat) => Boolean(room.seats.get(seat)?.making);

/** How long the panel says everyone is connected before it closes by itself. */
export const ALL_CONNECTED_MS = 1500;

/** The room of the game on screen, or null. */
export function currentRoom() { return here.room; }

/** The watchers of the game on screen (web/net/watch.js), or null. */
export function currentStands() { return here.stands; }

/** The most an `?ice=` list may hold: its text, servers, and each server's addresses and texts. */
export const ICE_LIMITS = { chars: 2048, servers: 4, urls: 4, text: 256 };
const ICE_URL = /^(stun|turn|turns):[^\s"'<>]+$/i;

/** The STUN/TURN servers of `text` (a JSON list of RTCIceServer: `urls` a stun:, turn: or turns: address or a list
 * of them, `username` and `credential` texts, nothing else, within ICE_LIMITS), or null when it is not such a list.
 * @param {string} text @returns {RTCIceServer[] | null} */
export function parseIce(text) {
  if (typeof text !== "string" || text.length > ICE_LIMITS.chars) return null;
  let list;
  try { list = JSON.parse(text); } catch { return null; }
  if (!Array.isArray(list) || list.length > ICE_LIMITS.servers) return null;
  const short = (/** @type {unknown} */ value) => typeof value === "string" && value.length <= ICE_LIMITS.text;
  for (const server of list) {
    if (!server || typeof server !== "object" || Array.isArray(server)) return null;
    if (Object.keys(server).some((key) => !["urls", "username", "credential"].includes(key))) return null;
    const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
    if (!urls.length || urls.length > ICE_LIMITS.urls || !urls.every((url) => short(url) && ICE_URL.test(url))) return null;
    if ("username" in server && !short(server.username)) return null;
    if ("credential" in server && !short(server.credential)) return null;
  }
  return list;
}

/** STUN/TURN servers an embedding site passed (`?ice=<JSON list of RTCIceServer>`, docs/multi-device.md): none by
 * default, so the page asks no other origin for anything; a list that is not valid (parseIce) is ignored whole.
 * @returns {RTCIceServer[]} */
export function iceServers() {
  const text = new URLSearchParams(location.search).get("ice");
  if (!text) return [];
  const list = parseIce(text);
  if (!list) console.warn("gamebox: the ?ice= list is not a list of STUN/TURN servers (docs/multi-device.md); none are used");
  return list ?? [];
}

/** The public STUN servers of an "Elsewhere" invite (link.js ELSEWHERE). The tests' network namespace has no DNS: a
 * test names the address that stands in for those servers' hosts (GAMEBOX_TEST_STUN, tests/e2e/router.py), and their
 * ports are kept. @returns {RTCIceServer[]} */
function elsewhereServers() {
  const stand = /** @type {any} */ (window).GAMEBOX_TEST_STUN;
  const host = typeof stand === "string" && /^\d{1,3}(\.\d{1,3}){3}$/.test(stand) ? stand : null;
  return ELSEWHERE.map((server) => ({ urls: [server.urls].flat().map((url) => (host ? url.replace(/^stun:[^:]+/, `stun:${host}`) : url)) }));
}

/** Whether the page has STUN/TURN servers of an embedding site: then every invite uses them, and the panel does not
 * ask where the friend is. */
const siteServers = () => iceServers().length > 0;

/** The STUN/TURN servers of an invite: an embedding site's where it passed some; else none for a friend on this
 * Wi-Fi, and the public STUN servers for one elsewhere. @param {boolean} elsewhere */
function serversFor(elsewhere) {
  if (siteServers()) return iceServers();
  return elsewhere ? elsewhereServers() : [];
}

/** Where an invite leads: this page, with the invite's STUN/TURN servers (`?ice=`), which the guest's page uses too.
 * @param {RTCIceServer[]} servers */
function inviteBase(servers) {
  return `${location.origin}${location.pathname}${servers.length ? `?${new URLSearchParams({ ice: JSON.stringify(servers) })}` : ""}`;
}

/** How a link's traffic goes, in words (room.js peers() `path`). @param {string | null | undefined} path */
export const pathWords = (path) => (path ? t(`net.path.${path}`) : "");

/** Whom a real-time game waits for (room.js `waiting`: remote seats away or not yet joined; their clocks are
 * held), in a line under whose turn it is, on the host and on every guest's page. @param {number[]} seats */
export function showWaiting(seats) {
  let line = $("net-waiting");
  if (!seats.length) { line?.remove(); return; }
  if (!line) {
    line = element("p", { id: "net-waiting", class: "net-waiting", role: "status" });
    $("turn")?.after(line);
  }
  const names = seats.map((seat) => t("seat.player", { n: seat + 1 }));
  const list = typeof Intl.ListFormat === "function" ? new Intl.ListFormat(document.documentElement.lang || "en").format(names) : names.join(", ");
  line.textContent = t("net.waiting", { label: list });
  line.dataset.seats = seats.join(",");
}

/** The seat's connection in words. @param {string} state */
const stateWords = (state) => t(`net.state.${state}`);

/** A dot and words for a seat's connection (the game screen and the panel), with how its traffic goes.
 * @param {string} state @param {number | null} [rtt] @param {string | null} [path] */
export function statusMark(state, rtt = null, path = null) {
  const words = stateWords(state) + (state === "connected" && path ? ` · ${pathWords(path)}` : "")
    + (state === "connected" && rtt !== null ? ` · ${t("net.rtt", { ms: rtt })}` : "");
  return element("span", { class: "net-status", "data-state": state, ...(state === "connected" && path ? { "data-path": path } : {}) }, [
    element("span", { class: "net-dot", "aria-hidden": "true" }), element("span", { class: "net-words", text: words }),
  ]);
}

// ---------------------------------------------------------------- the room follows the game on screen
/** The room follows the table on screen. A new table with remote seats carries the devices the host placed at it
 * (here.carry: Play again, the set-up, again()) over their links (web/net/table.js); the same game opened again
 * (its saved game) carries them to the same seats. A replay leaves the table for now; a table with no remote seat,
 * or a new one with no devices placed, ends the room. @param {Table} table */
function follow(table) {
  const key = `${table.game}/${table.deal ?? table.fingerprint}`;
  const remote = table.seats.some((sitter) => sitter.kind === "remote");
  const room = here.room;
  if (!room && session.replay) return;
  if (room && room.closed) end("ended");
  else if (room && session.replay) { rest(room); awake(); return; }
  else if (room && !remote) end(here.key === key ? "ended" : "left");
  else if (room && (here.key !== key || room.resting)) {
    const placement = here.key === key ? samePlaces(room, table.seats) : here.carry;
    here.carry = null;
    if (placement) {
      here.key = key;
      nextTable(room, table, placement);
      here.stands?.nextTable(table); // the watchers stay, and follow the next table
      if (room.peers().some((peer) => peer.state !== "connected")) openPanel();
      awake();
      return;
    }
    end("ended");
  }
  if (!remote) { awake(); return; }
  if (!here.room) {
    const transport = {
      offer: async (/** @type {{elsewhere?: boolean}} */ { elsewhere = false } = {}) => {
        const servers = serversFor(elsewhere);
        return { ...(await createInvite({ iceServers: servers })), base: inviteBase(servers) };
      },
    };
    const room = new Room({ port: engine, session, base: inviteBase(iceServers()), transport });
    room.addEventListener("change", (event) => changed(/** @type {CustomEvent} */ (event).detail));
    // issue 30: an answer taken whose link did not open within CONNECT_MS: said, with the way out (one tap)
    // issue 27: no candidate pair answered (link.js NO_PATH_MS): what was tried, and that such networks need a relay
    room.addEventListener("stalled", (event) => {
      const { seat, reason, tried } = /** @type {CustomEvent} */ (event).detail;
      const label = t("seat.player", { n: seat + 1 });
      if (reason === "no_path") notice(t(tried?.public ? "net.no_path.public" : "net.no_path.wifi", { label }), "error");
      else notice(t("net.stalled", { label, s: CONNECT_MS / 1000 }), "error");
      const item = document.querySelector(`#devices-list [data-seat="${seat}"]`);
      if (item instanceof HTMLElement) item.dataset.failed = reason;
      renderBar();
    });
    room.addEventListener("leave", (event) => letGo(/** @type {CustomEvent} */ (event).detail.seat, "left"));
    here.room = room;
    here.key = key;
    // watchers (issue 27): devices with no seat, which see the public table and who is connected
    const stands = new Stands({ port: engine, session, transport,
      seats: () => room.peers().map(({ seat, state }) => ({ seat, state })) });
    stands.addEventListener("change", () => {
      renderBar();
      if ($("devices") && !$("devices").hidden) renderPanel();
    });
    here.stands = stands;
  }
  here.room.follow(table);
  awake();
}

/** Leave the table for now: its guests and its watchers wait for the next table on their links (web/net/table.js).
 * @param {import("../net/room.js").Room} room */
function rest(room) {
  restTable(room);
  here.stands?.rest();
}

/** While a game with remote seats is in play on this screen, the host's screen stays awake (web/net/awake.js). */
function awake() {
  const table = session.table;
  stayAwake(Boolean(here.room && !here.room.closed && !here.room.resting && table && !table.is_over
    && document.body.dataset.screen === "game"));
}

/** The room ends (the host leaves the game, another game opens): its guests are told. @param {string} reason */
function end(reason) {
  here.scan?.stop();
  here.room?.close(reason);
  here.room = null;
  here.stands?.close(reason);
  here.stands = null;
  here.key = "";
  here.carry = null;
  $("devices")?.remove();
  showWaiting([]);
  stayAwake(false);
}

/** A seat's connection changed: the panel and the seats' marks say so. @param {{seat: number, state: string}} detail */
function changed({ seat, state }) {
  here.stands?.sayConnected(); // the watchers see who is connected
  const table = session.table;
  if (table && (state === "connected" || state === "disconnected")) {
    const words = t(`net.announce.${state}`, { label: t("seat.player", { n: seat + 1 }) });
    // "Answer taken: ... is connecting" goes once it is connected; a device that goes away is said
    const taken = !$("notice").hidden && $("notice-text").textContent === t("net.answer_taken", { label: t("seat.player", { n: seat + 1 }) });
    if (state === "connected" && taken) clearNotice();
    if (state === "disconnected") notice(words, "error");
    announce(words);
  }
  renderBar();
  // a seat that drops: its invite (its standby, else a fresh one) is on the host's screen at once, as a QR code
  if (state === "disconnected" && here.room && !here.room.resting && document.body.dataset.screen === "game") {
    openPanel({ seat });
  } else if ($("devices") && !$("devices").hidden) {
    renderPanel();
    if (state === "connected") allConnected();
  }
}

/** The last invited seat connected while the panel is open: it says so for a moment, and closes by itself. */
function allConnected() {
  const room = here.room;
  // (not while a watcher's invite is out: the panel shows its code)
  if (!room || !room.peers().every((peer) => peer.state === "connected") || here.stands?.live().some((one) => one.state !== "connected")) return;
  const line = $("devices-done");
  line.textContent = t("net.panel.all_connected");
  line.hidden = false;
  announce(line.textContent);
  clearTimeout(here.closing);
  here.closing = setTimeout(() => {
    if (here.room === room && room.peers().every((peer) => peer.state === "connected") && $("devices") && !$("devices").hidden) closePanel();
  }, ALL_CONNECTED_MS);
}

/** Wire the host's side: the room follows the session's table; leaving the game or the page tells the guests. */
export function wireDevices() {
  if (GUEST) return;
  session.addEventListener("table", (event) => {
    follow(/** @type {CustomEvent} */ (event).detail.table);
    renderBar();
  });
  session.addEventListener("open", () => {
    const room = here.room;
    if (room && room.peers().some((peer) => peer.state !== "connected")) openPanel();
  });
  // leaving the game's screen leaves the table for now: the devices stay for the next game (web/net/table.js)
  document.addEventListener("screen", (event) => {
    if (/** @type {CustomEvent} */ (event).detail !== "game" && here.room) {
      here.scan?.stop();
      if ($("devices")) $("devices").hidden = true;
      rest(here.room);
      awake();
    }
  });
  session.addEventListener("over", () => awake());
  window.addEventListener("pagehide", () => here.room?.close("left"));
  decorations.again = () => {
    if (!here.room || here.room.closed || !seatedDevices(here.room).length) return false;
    again().catch((error) => notice(String(error?.message ?? error), "error"));
    return true;
  };
  decorations.seat = (seat) => {
    const peer = here.room?.peers().find((one) => one.seat === seat);
    return peer ? statusMark(peer.state) : null;
  };
  // an answer link opened in another tab of this browser (a camera app's scan, web/screens/join.js passAnswer)
  // comes here: the tab whose room made that invite takes it, and tells that tab how it went
  if ("BroadcastChannel" in window) {
    const channel = new BroadcastChannel(ANSWERS);
    channel.addEventListener("message", (event) => {
      const { t: type, id, code } = event.data ?? {};
      if (type !== "answer" || typeof id !== "string" || typeof code !== "string") return;
      if (!here.room?.owns(code) && !here.stands?.owns(code)) return;
      acceptAnswer(code).then((seat) => channel.postMessage({ t: "taken", id, seat: typeof seat === "number" ? seat : null }),
        (error) => channel.postMessage({ t: "refused", id, key: String(error?.key ?? "net.refused.answer") }));
    });
  }
  setInterval(() => { if (here.room && document.body.dataset.screen === "game") renderBar(); }, 3_000);
}

// ---------------------------------------------------------------- beside the scores
/** Each remote seat's connection under the scores, with a way to the panel, and for a seat whose device went
 * away: a new invite, a bot, or the person plays it here. */
function renderBar() {
  const room = here.room;
  let bar = $("net-seats");
  showWaiting(room ? room.waiting() : []);
  if (!room) { bar?.remove(); return; }
  if (!bar) {
    bar = element("div", { id: "net-seats", class: "net-seats" });
    document.querySelector("#screen-game .scores")?.after(bar);
  }
  const rows = room.peers().map((peer) => {
    const name = t("seat.player", { n: peer.seat + 1 });
    const row = element("div", { class: "net-seat", "data-seat": peer.seat, "data-state": peer.state }, [
      element("span", { class: "net-name", text: name }), statusMark(peer.state, peer.rtt, peer.path),
    ]);
    if (peer.state === "disconnected") row.append(fixes(peer.seat));
    else if (peer.state === "invited" && !peer.invite && !making(room, peer.seat)) row.append(fixes(peer.seat, false));
    return row;
  });
  bar.replaceChildren(...rows,
    element("button", { type: "button", class: "button secondary", id: "btn-devices", text: t("net.devices"), onclick: openPanel }));
  // the score rows' marks
  for (const row of document.querySelectorAll("#scores tr")) {
    const seat = Number(/** @type {HTMLElement} */ (row).dataset.seat);
    const peer = room.peers().find((one) => one.seat === seat);
    const old = row.querySelector(".net-status");
    if (peer) old ? old.replaceWith(statusMark(peer.state)) : row.querySelector("th")?.append(statusMark(peer.state));
  }
}

/** The one-tap fixes for a seat whose device went away (`away`), or only a fresh invite for a seat whose answer
 * never opened. @param {number} seat @param {boolean} [away] */
function fixes(seat, away = true) {
  if (!away) {
    return element("span", { class: "net-fixes" }, [
      element("button", { type: "button", class: "button", text: t("net.rejoin"), "data-fix": "invite", onclick: () => openPanel(seat) })]);
  }
  return element("span", { class: "net-fixes" }, [
    element("button", { type: "button", class: "button", text: t("net.rejoin"), "data-fix": "invite", onclick: () => openPanel(seat) }),
    element("button", { type: "button", class: "button secondary", text: t("net.to_bot"), "data-fix": "bot", onclick: () => replace(seat, "bot") }),
    element("button", { type: "button", class: "button secondary", text: t("net.to_here"), "data-fix": "here", onclick: () => replace(seat, "human") }),
  ]);
}

/** The seat is played by a bot (the game's newcomer level) or by a person on this device from now on.
 * @param {number} seat @param {"bot" | "human"} kind */
export async function replace(seat, kind) {
  const table = session.table;
  if (!table) return null;
  const info = gameInfo(table.game);
  const level = kind === "bot" ? (info?.bot_levels.includes(info.default_bot_level) ? info.default_bot_level : info?.bot_levels[0] ?? "") : "";
  here.room?.release(seat, kind === "bot" ? "bot" : "here");
  const seats = table.seats.map((sitter, index) => (index === seat ? { kind, level } : sitter));
  const reply = await reseat(seats);
  if (reply && !reply.ok) notice(errorText(reply.error), "error");
  return reply;
}

// ---------------------------------------------------------------- the table outlives the game
/** A device leaves the table (its page's Leave: `left`), or the host lets it go (`let_go`): its seat goes to a bot
 * (the game's newcomer level), as "A bot plays it" does, and its guest is told. A finished game keeps its end on
 * screen (its seats change under it); between two tables the device is only let go. @param {number} seat
 * @param {"left" | "let_go"} why */
export async function letGo(seat, why) {
  const room = here.room;
  if (!room || !room.seats.has(seat)) return null;
  const label = t("seat.player", { n: seat + 1 });
  notice(t(why === "left" ? "net.left_table" : "net.let_go_done", { label }));
  announce(t(why === "left" ? "net.left_table" : "net.let_go_done", { label }));
  const table = session.table;
  if (room.resting || !table || table.game !== room.game) {
    room.release(seat, "bot");
    renderBar();
    return null;
  }
  if (!table.is_over) return replace(seat, "bot");
  room.release(seat, "bot");
  const info = gameInfo(table.game);
  const level = info?.bot_levels.includes(info.default_bot_level) ? info.default_bot_level : info?.bot_levels[0] ?? "";
  const reply = await engine.request({ op: "seats", seats: table.seats.map((sitter, index) => (index === seat ? { kind: "bot", level } : sitter)) });
  if (reply.ok) session.changed(reply);
  renderBar();
  return reply;
}

/** The devices at the table now: [{seat}] (each connected device's seat in the last game), for the set-up. */
export function tableDevices() {
  return here.room ? seatedDevices(here.room) : [];
}

/** The next table the host starts carries these devices (each remote seat of it -> the seat its device had).
 * @param {Map<number, number> | null} placement */
export function carryDevices(placement) {
  here.carry = placement && placement.size && here.room && !here.room.closed ? placement : null;
}

/** window.gamebox.again(game?): what "Play again" does (the same game, the rules' options for a rematch), or `game`
 * with the same devices in the same seats, the same people here, and bots at a level of that game. Resolves with
 * the new table's reply; rejects when there is no finished or running game, or `game` cannot seat that many.
 * @param {string} [game] */
export async function again(game) {
  const table = session.table;
  if (!table || GUEST) throw new Error("no game to play again");
  const id = game ?? table.game;
  const info = gameInfo(id);
  if (!info) throw new Error(`no such game: ${id}`);
  if (table.players < info.min_players || table.players > info.max_players) {
    throw new Error(`${id} is not played by ${table.players}`);
  }
  const newcomer = info.bot_levels.includes(info.default_bot_level) ? info.default_bot_level : info.bot_levels[0];
  const seats = table.seats.map((sitter) => (sitter.kind === "bot" ? { kind: "bot", level: info.bot_levels.includes(sitter.level) ? sitter.level : newcomer } : sitter));
  const remembered = lastSetup[id];
  const options = id === table.game ? table.rematch || table.options
    : remembered?.players === table.players ? remembered.options ?? {} : {};
  carryDevices(here.room ? samePlaces(here.room, seats) : null);
  const reply = await startNew({ game: id, players: table.players, seats, options, seed: "" });
  if (!reply || !reply.ok) here.carry = null;
  return reply;
}

// ---------------------------------------------------------------- the panel
/** The devices panel (over the game screen): every remote seat's invite, answer and connection.
 * @param {number | Event | {seat: number}} [focus] a seat to make a new invite for; `{seat}`: a seat whose device
 * dropped, whose invite is shown as it is (its standby) or else made */
export function openPanel(focus) {
  if (!here.room) return;
  let panel = $("devices");
  if (!panel) {
    panel = element("div", { id: "devices", class: "overlay devices" }, [
      element("div", { class: "panel devices-panel", role: "dialog", "aria-modal": "true", "aria-labelledby": "devices-title" }, [
        element("h2", { id: "devices-title", text: t("net.panel.title") }),
        element("p", { class: "hint", text: t("net.panel.lede", { minutes: INVITE_MS / 60_000 }) }),
        element("ul", { id: "devices-list", class: "devices-list" }),
        element("section", { id: "devices-watch", class: "devices-watch", "aria-labelledby": "devices-watch-title" }, [
          element("h3", { id: "devices-watch-title", text: t("net.watch.title") }),
          element("p", { class: "hint", text: t("net.watch.lede", { n: MAX_WATCHERS }) }),
          element("div", { id: "devices-watch-where" }),
          element("ul", { id: "devices-watchers", class: "devices-list" }),
          element("p", { id: "devices-watch-full", class: "hint", hidden: true }),
          element("div", { class: "actions" }, [element("button", { type: "button", class: "button secondary", id: "devices-watch-add",
            text: t("net.watch.add"), onclick: () => watchInvite().catch(() => {}) })]),
        ]),
        element("p", { id: "devices-done", class: "devices-done", role: "status", hidden: true }),
        element("video", { id: "devices-video", class: "scan-video", hidden: true }),
        element("div", { class: "actions" }, [
          element("button", { type: "button", class: "button", id: "devices-close", text: t("net.panel.done"), onclick: closePanel }),
        ]),
      ]),
    ]);
    $("screen-game").append(panel);
    panel.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => { if (event.key === "Escape") closePanel(); });
  }
  panel.hidden = false;
  clearTimeout(here.closing);
  $("devices-done").hidden = true;
  renderPanel();
  const room = here.room;
  const dropped = focus && typeof focus === "object" && "seat" in focus ? focus.seat : null;
  for (const peer of room.peers()) {
    const wanted = typeof focus === "number" ? peer.seat === focus
      : dropped !== null ? peer.seat === dropped && !peer.invite : !peer.invite && peer.state === "invited";
    if (peer.state !== "connected" && peer.state !== "connecting" && wanted) makeInvite(peer.seat);
  }
  $("devices-close").focus();
}

export function closePanel() {
  clearTimeout(here.closing);
  here.scan?.stop();
  here.scan = null;
  const panel = $("devices");
  if (panel) panel.hidden = true;
  $("board")?.focus({ preventScroll: true });
}

/** Each seat's invite: made now (the link's offer takes a moment to gather), shown as a link and a QR code.
 * `elsewhere` changes where the seat's friend is (then a new invite is made even while one is). @param {number} seat
 * @param {{elsewhere?: boolean}} [options] */
async function makeInvite(seat, options = {}) {
  const room = here.room;
  if (!room || (making(room, seat) && typeof options.elsewhere !== "boolean")) return null;
  const made = room.invite(seat, options); // the room marks the seat as making at once
  renderPanel();
  try {
    return await made;
  } catch (error) {
    notice(t(error?.key && error.key.startsWith("net.") ? error.key : "net.invite_failed", {}, t("net.invite_failed")), "error");
    return null;
  } finally {
    if (here.room === room) { renderPanel(); renderBar(); }
  }
}

/** A watcher's invite (the panel's "Let someone watch", window.gamebox.invite("watch")): refused with words when the
 * table has MAX_WATCHERS. @param {{elsewhere?: boolean}} [options] */
async function watchInvite(options = {}) {
  const stands = here.stands;
  if (!stands) throw Object.assign(new Error("net.refused.no_room"), { key: "net.refused.no_room" });
  if (typeof options.elsewhere === "boolean") here.watchElsewhere = options.elsewhere;
  try {
    const made = stands.invite({ elsewhere: here.watchElsewhere });
    if ($("devices") && !$("devices").hidden) renderPanel();
    return await made;
  } catch (error) {
    notice(t(error?.key && error.key.startsWith("net.") ? error.key : "net.invite_failed", { n: MAX_WATCHERS }), "error");
    throw error;
  } finally {
    if (here.stands === stands) { renderPanel(); renderBar(); }
  }
}

/** A guest's answer, pasted, scanned or passed on by another tab: resolves with its seat, or `{watcher}` for a
 * watcher's. @param {string} text */
export async function acceptAnswer(text) {
  const room = here.room;
  if (!room) return null;
  const stands = here.stands;
  if (stands?.owns(text)) {
    try {
      const number = await stands.accept(text);
      notice(t("net.watch.taken", { n: number }));
      renderPanel();
      return { watcher: number };
    } catch (error) {
      notice(t(error?.key ?? "net.refused.answer"), "error");
      renderPanel();
      throw error;
    }
  }
  try {
    const seat = await room.accept(text);
    notice(t("net.answer_taken", { label: t("seat.player", { n: seat + 1 }) }));
    renderPanel();
    return seat;
  } catch (error) {
    notice(t(error?.key ?? "net.refused.answer"), "error");
    renderPanel();
    throw error;
  }
}

function renderPanel() {
  const room = here.room;
  const list = $("devices-list");
  if (!room || !list) return;
  const items = room.peers().map((peer) => {
    const remote = room.seats.get(peer.seat);
    const invite = remote?.invite;
    const name = t("seat.player", { n: peer.seat + 1 });
    const item = element("li", { class: "device-seat", "data-seat": peer.seat, "data-state": peer.state }, [
      element("h3", {}, [element("span", { text: name }), statusMark(peer.state, peer.rtt, peer.path)]),
    ]);
    if (peer.state === "connected") {
      item.append(element("button", { type: "button", class: "button secondary", "data-fix": "let-go", text: t("net.let_go"),
        onclick: () => letGo(peer.seat, "let_go") }));
      return item;
    }
    if (peer.state === "connecting") return item;
    if (!siteServers()) item.append(where(peer.seat, peer.elsewhere));
    if (making(room, peer.seat)) {
      item.append(element("p", { class: "hint", text: t("net.panel.making") }));
      return item;
    }
    if (!invite || invite.answered || !peer.invite) {
      item.append(element("button", { type: "button", class: "button", text: t("net.rejoin"), "data-fix": "invite",
        onclick: () => makeInvite(peer.seat) }));
      return item;
    }
    item.append(
      ...inviteBlock(invite.url, name, peer.seat, Boolean(invite.back)),
      ...(peer.state === "disconnected" ? [element("div", { class: "actions" }, [...fixes(peer.seat).children].slice(1))] : []),
    );
    return item;
  });
  list.replaceChildren(...items);
  renderWatchers();
}

/** The panel's watchers: each one's connection, and an open invite's code, link and answer box. */
function renderWatchers() {
  const stands = here.stands;
  const list = $("devices-watchers");
  if (!stands || !list) return;
  const watchers = stands.live();
  list.replaceChildren(...watchers.map((watcher) => {
    const peer = stands.peers().find((one) => one.watcher === watcher.number);
    const name = t("net.watch.name", { n: watcher.number });
    const item = element("li", { class: "device-seat", "data-watcher": watcher.number, "data-state": watcher.state }, [
      element("h3", {}, [element("span", { text: name }), statusMark(watcher.state, peer?.rtt ?? null, peer?.path ?? null)]),
    ]);
    if (watcher.state === "invited" && watcher.invite) item.append(...inviteBlock(watcher.invite.url, name, null));
    else if (watcher.state === "invited") item.append(element("p", { class: "hint", text: t("net.panel.making") }));
    return item;
  }));
  const full = watchers.length >= MAX_WATCHERS;
  $("devices-watch-add").disabled = full;
  $("devices-watch-full").hidden = !full;
  $("devices-watch-full").textContent = full ? t("net.refused.watchers", { n: MAX_WATCHERS }) : "";
  if (!siteServers()) {
    const choice = (/** @type {boolean} */ value, /** @type {string} */ key) => element("button", {
      type: "button", class: "button secondary", "data-where": value ? "elsewhere" : "wifi", "aria-pressed": String(here.watchElsewhere === value),
      text: t(key), onclick: () => { here.watchElsewhere = value; renderWatchers(); } });
    $("devices-watch-where").replaceChildren(element("div", { class: "net-where", role: "group", "aria-label": t("net.watch.where") }, [
      element("span", { class: "hint", text: t("net.watch.where") }), choice(false, "net.where.wifi"), choice(true, "net.where.elsewhere")]));
  }
}

/** An invite's QR code, link, send button and the answer's box. @param {string} url @param {string} name
 * @param {number | null} seat the seat it is for (null: a watcher) */
function inviteBlock(url, name, seat, back = false) {
  const canvas = element("canvas", { class: "qr", role: "img", "aria-label": t("net.panel.qr", { label: name }) });
  // whole pixels a module, so the code is smaller than `size`: 288 makes an invite about 260 CSS px (a phone scans it)
  drawQR(canvas, url, { size: 288 }).catch(() => canvas.remove());
  const linkBox = element("input", { class: "invite-link", readonly: true, value: url, "aria-label": t("net.panel.link", { label: name }) });
  const answerBox = element("input", { class: "answer-box", autocomplete: "off", spellcheck: "false",
    placeholder: t("net.panel.paste_here"), "aria-label": t("net.panel.paste", { label: name }) });
  const connect = () => { if (answerBox.value.trim()) acceptAnswer(answerBox.value).catch(() => {}); };
  answerBox.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => { if (event.key === "Enter") connect(); });
  return [
    // a seat's standby invite: its guest's page shows the answer by itself once it is back (only a page that lost it
    // needs this code)
    element("p", { class: "hint", "data-back": String(back), text: back ? t("net.panel.back", { label: name }) : t("net.panel.step1") }),
    element("div", { class: "invite" }, [canvas, element("div", { class: "invite-side" }, [
      linkBox,
      element("div", { class: "actions" }, [sendButton(url, seat)]),
    ])]),
    element("p", { class: "hint", text: t("net.panel.step2") }),
    element("div", { class: "answer" }, [
      element("button", { type: "button", class: "button", text: t("net.panel.scan"), onclick: () => scan() }),
      answerBox,
      element("button", { type: "button", class: "button secondary", text: t("net.panel.connect"), onclick: connect }),
    ]),
  ];
}

/** Where the seat's friend is: on this Wi-Fi (no server asked), or elsewhere (the public STUN servers); choosing
 * makes the seat's invite anew. @param {number} seat @param {boolean} elsewhere */
function where(seat, elsewhere) {
  const choice = (/** @type {boolean} */ value, /** @type {string} */ key) => element("button", {
    type: "button", class: "button secondary", "data-where": value ? "elsewhere" : "wifi", "aria-pressed": String(elsewhere === value),
    text: t(key), onclick: () => { if (elsewhere !== value) makeInvite(seat, { elsewhere: value }); } });
  return element("div", { class: "net-where", role: "group", "aria-label": t("net.where") }, [
    element("span", { class: "hint", text: t("net.where") }),
    choice(false, "net.where.wifi"), choice(true, "net.where.elsewhere"),
    ...(elsewhere ? [element("p", { class: "hint", text: t("net.where.elsewhere_hint") })] : []),
  ]);
}

/** The invite goes out the way phones share things: the share sheet where there is one (a chat app), else a copy.
 * @param {string} url @param {number | null} seat (null: a watcher's) */
function sendButton(url, seat) {
  if (typeof navigator.share === "function") {
    return element("button", { type: "button", class: "button secondary", "data-send": "share", text: t("net.panel.share"),
      onclick: () => shareLink(url, seat === null ? t("net.share.watch") : t("net.share.invite", { n: seat + 1 }), () => copyInvite(url)) });
  }
  return element("button", { type: "button", class: "button secondary", "data-send": "copy", text: t("net.panel.copy"), onclick: () => copyInvite(url) });
}

/** navigator.share of a link; a share sheet the person closes is nothing, one the browser refuses falls back.
 * @param {string} url @param {string} text @param {() => void} fallback */
export async function shareLink(url, text, fallback) {
  try {
    await navigator.share({ title: t("app.title"), text, url });
  } catch (error) {
    if (/** @type {any} */ (error)?.name !== "AbortError") fallback();
  }
}

/** @param {string} url */
async function copyInvite(url) {
  try {
    await navigator.clipboard.writeText(url);
    notice(t("net.panel.copied"));
  } catch {
    notice(t("game.copy_failed", { link: url }));
  }
}

/** Read a guest's answer with the camera (web/net/qr.js scanQR). */
async function scan() {
  here.scan?.stop();
  const video = $("devices-video");
  video.hidden = false;
  try {
    const scanning = await scanQR(video);
    here.scan = scanning;
    const text = await scanning.result;
    if (text) await acceptAnswer(text).catch(() => {});
  } catch (error) {
    notice(t(error?.key ?? "net.no_camera"), "error");
  } finally {
    video.hidden = true;
    here.scan = null;
  }
}

/** For window.gamebox: an invite link for `seat` (host), or for a watcher (`"watch"`); `{elsewhere: true}` for a
 * friend on another network (the public STUN servers). @param {number | "watch"} seat @param {{elsewhere?: boolean}} [options] */
export async function inviteFor(seat, options = {}) {
  if (!here.room) throw new Error("no game with seats on other devices is on screen");
  const elsewhere = options && typeof options === "object" && typeof options.elsewhere === "boolean" ? options.elsewhere : undefined;
  if (seat === "watch") return watchInvite(elsewhere === undefined ? {} : { elsewhere });
  const url = await here.room.invite(seat, elsewhere === undefined ? {} : { elsewhere });
  if ($("devices") && !$("devices").hidden) renderPanel();
  renderBar();
  return url;
}
