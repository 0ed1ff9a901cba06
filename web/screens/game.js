// @ts-check
// The game screen: the board (the game's renderer, with this screen's RendererHost), whose turn, the scores, the
// move log, Undo, Hint, Copy link, Send my move, the game-over dialog, and the ways onto it (a new game, a link,
// this device's saved game, a daily challenge). The session (web/session.js) owns the table; this screen draws
// what it says and hands it what the person does.
import { currentLanguage, has, seatWording, t, wording } from "../i18n.js";
import { isYou, seatName } from "../seats.js";
import * as saves from "../saves.js";
import { LANDSCAPE, surfaceOf, textOverflows } from "../games/kit.js";
import { $, announce, clearNotice, element, errorText, linkReason, notice, showScreen, toMenu } from "../dom.js";
import { gameInfo, loadRenderer, mountRenderer, playable } from "../games.js";
import { address, EMBED, engine, GUEST, parseSeats, seatsParam, session, storing } from "../page.js";
import { SETTLED } from "../session.js";
import { restartClock, since } from "../clock.js";
// ratings (docs/ratings.md): whether this game is rated, and the game-over box's line
import { helpUsed, ratedStart, rateEnd, showRatingLine } from "./rating-line.js";

/** @typedef {import("../host.js").Table} Table */
/** @typedef {import("../host.js").Seat} Seat */

/** The board on screen: the renderer and its game. The table is the session's, the one table of the page. */
const board = {
  /** @type {import("../host.js").Renderer | null} */
  renderer: null,
  /** @type {string | null} */
  game: null,
  /** @type {HTMLElement | null} */
  helpLink: null,
};

/** The table on the game screen: the session's (it stays after the screen is left, until the next one is open). */
export function shownTable() { return session.table; }

/** The set-up each game was last started with on this page (the set-up screen starts from it).
 * @type {Record<string, {players?: number, seats?: Seat[], options?: Record<string, any>}>} */
export const lastSetup = {};

/** What other screens add to the game screen: a seat's connection beside its name, for a seat played on another
 * device (web/screens/devices.js, web/screens/join.js). */
export const decorations = {
  /** @type {(seat: number) => HTMLElement | null} */
  seat: () => null,
  /** how a mark's ms of the table's clock is read: a guest's page holds its clock while its link to the host is
   * gone (web/screens/join.js) @type {((mark: string, ms: number) => number) | null} */
  clock: null,
  /** "Play again" with the devices at the table (web/screens/devices.js again): false when there are none
   * @type {() => boolean} */
  again: () => false,
};

/** What the last link or move could not do (for the embed protocol's replies). */
export const failure = {
  /** @type {import("../host.js").BridgeError | null} */
  link: null,
  /** @type {import("../host.js").BridgeError | null} */
  play: null,
};

// ---------------------------------------------------------------- names and addresses
/** Words for the table on screen: a message's seat given by number (`{seat}`, `{victim_seat}`) is named, and
 * worded for "you" where it is the person on this device (web/i18n.js seatWording, docs/i18n.md). */
const words = seatWording((seat) => {
  const table = /** @type {Table} */ (session.table);
  return { name: seatName(table, seat), you: isYou(table, seat) };
});

/** The address-bar route of the table on screen: the public game (what every seat has seen: never a pending
 * secret move). A game whose seed would give away a hidden hand (the bridge's `share` is null until it ends)
 * points at this device's own saved game instead; null in an embed, which keeps nothing. @param {Table} table */
function gameRoute(table) {
  if (table.share) return `#/play?code=${encodeURIComponent(table.share)}&seats=${encodeURIComponent(seatsParam(table.seats))}`;
  return storing() ? `#/play?saved=${encodeURIComponent(table.game)}` : null;
}

/** Copy link: the public game; for a game that keeps its deal secret until the end, a link to a new game of the
 * same kind (the deal itself must not leave this device). @param {Table} table */
export function playLink(table) {
  const base = `${location.origin}${location.pathname}`;
  if (table.share) return `${base}#/play?code=${encodeURIComponent(table.share)}&seats=${encodeURIComponent(seatsParam(table.seats))}`;
  return `${base}#/${table.game}`;
}

/** "Send my move": a link with the game so far; whoever is to move next plays as a human on the other end.
 * @param {Table} table */
function sendLink(table) {
  /** @type {Seat[]} */
  const seats = table.seats.map((sitter, seat) => (table.to_move.includes(seat) ? { kind: "human", level: "" } : sitter));
  const base = `${location.origin}${location.pathname}`;
  return `${base}#/play?code=${encodeURIComponent(table.public.share)}&seats=${encodeURIComponent(seatsParam(seats))}`;
}

/** A game whose whole position may travel in a link to a friend's device: no hidden information, no secret
 * simultaneous moves (Game.describe in Python says which). @param {string} game */
function linkGame(game) {
  const info = gameInfo(game);
  return Boolean(info) && !info.hidden_information && !info.simultaneous;
}

/** Whether "Send my move" means something here (docs/saves-and-replays.md, "Play by link"): a game a link can
 * carry, not over, not a replay, with at least two human seats, so that some seat to move later is another person,
 * who may be on another device. Against bots alone every other seat is this device's bots: there is nobody to send
 * the move to. @param {Table} table */
function sendable(table) {
  return !session.replay && !table.is_over && linkGame(table.game) && table.seats.filter((s) => s.kind === "human").length >= 2;
}

// ---------------------------------------------------------------- the renderer and its host
/** @type {import("../host.js").RendererHost} */
const host = {
  t: words.t,
  wording: words.wording,
  announce,
  seatName: (seat) => seatName(/** @type {Table} */ (session.table), seat),
  humanSeat: () => session.humanToMove(),
  humanSeats: () => session.humanSeats(),
  untilTurn: (seat) => session.untilTurn(seat),
  act: (move, seat) => playHuman(move, seat ?? session.humanToMove(), boardSeen()),
  play: (move, seat) => playHuman(move, seat ?? session.humanToMove(), boardSeen()),
  request: (request) => engine.request(request),
  since: (mark, options) => tableSince(mark, options),
  table: () => /** @type {Table} */ (session.table),
  state: () => session.state,
  info: () => (session.table ? gameInfo(session.table.game) : null),
};

/** The table's clock for `mark` (web/clock.js): a game on this device keeps its marks with its saved game; a
 * replay, an embedded game and a game without a deal keep them in this page's memory.
 * @param {string} mark @param {{start?: boolean}} [options] */
function tableSince(mark, { start = true } = {}) {
  const table = /** @type {Table} */ (session.table);
  const keep = storing() && !session.replay && table.deal ? { game: table.game, deal: table.deal } : null;
  // a guest's table has no deal (the host's), and its fingerprint changes with every table: its marks are the page's
  const deal = table.deal ?? (GUEST ? "guest" : table.fingerprint);
  const ms = since(`${table.game}/${deal}${session.replay ? "/replay" : ""}`, mark, { keep, start });
  return ms !== null && decorations.clock ? decorations.clock(mark, ms) : ms;
}

/** The fingerprint of the table the person's last tap or key on the board was made on (the kit's Surface.seen). */
function boardSeen() { return surfaceOf($("board"))?.seen() ?? undefined; }

/** What the person can do on the board now (window.gamebox.targets): nothing while a request is on its way or
 * while the board has not yet painted the current table (a tap then is made on the table before, and is refused as
 * stale), and while a dialog covers the board (the game-over box, the devices panel), only the dialog's own
 * controls: a point of the board under it can't be reached, and a tap there would play nothing. */
export function boardTargets() {
  const dialog = coveringDialog();
  if (dialog) return dialogTargets(dialog);
  const renderer = board.renderer;
  if (!renderer || !session.table || !SETTLED.has(session.state) || !renderer.targets) return [];
  const painted = surfaceOf($("board"))?.painted();
  return painted === undefined || painted === session.table.fingerprint ? renderer.targets() : [];
}

/** The dialog shown over the game screen, if any (an `.overlay` covers the whole window). */
function coveringDialog() {
  for (const overlay of $("screen-game").querySelectorAll(".overlay")) {
    if (overlay instanceof HTMLElement && !overlay.hidden && overlay.checkVisibility()) return overlay;
  }
  return null;
}

/** A dialog's controls as targets: a tap at the middle of each one that can be used, and reached, now.
 * @param {HTMLElement} dialog @returns {import("../host.js").Target[]} */
function dialogTargets(dialog) {
  /** @type {import("../host.js").Target[]} */
  const found = [];
  for (const control of dialog.querySelectorAll("button, a[href], input, select, textarea")) {
    if (!(control instanceof HTMLElement) || !control.checkVisibility() || control.matches(":disabled")) continue;
    const box = control.getBoundingClientRect();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const hit = box.width && box.height ? document.elementFromPoint(x, y) : null;
    if (!hit || !control.contains(hit)) continue; // scrolled out of the dialog's view, or under something else
    const label = control.getAttribute("aria-label") || control.textContent?.trim() || control.getAttribute("placeholder") || "";
    found.push({ kind: "tap", x, y, label, key: `dialog:${control.id || label}` });
  }
  return found;
}

/** Put the renderer away: its animations, timers and listeners stop, and the board becomes a fresh canvas, so
 * nothing of the old renderer can draw on it or act from it. */
function dropRenderer() {
  const renderer = board.renderer;
  if (!renderer) return;
  board.renderer = null;
  board.game = null;
  renderer.destroy();
  const old = $("board");
  const fresh = old.cloneNode(false);
  for (const name of Object.keys(fresh.dataset)) delete fresh.dataset[name];
  for (const name of ["style", "width", "height"]) fresh.removeAttribute(name);
  old.replaceWith(fresh);
}

/** Ready the screen for `table` (the session's mount): its game's renderer, an empty log, the screen shown.
 * @param {Table} table */
async function mount(table) {
  if (board.game !== table.game) {
    dropRenderer();
    const renderer = await mountRenderer(table.game, $("board"), host);
    if (session.state !== "opening") { renderer.destroy(); return false; } // another game or screen was asked for meanwhile
    board.renderer = renderer;
    board.game = table.game;
  }
  $("game-over").hidden = true;
  $("log").replaceChildren();
  if ($("notice").dataset.kind === "error") clearNotice(); // a stale "This link does not open a game", say
  showScreen("game");
  $("btn-rules")?.remove(); // How to play: this game's rules page (web/rules.js), a round "?" in the title's line
  board.helpLink = element("a", { class: "button secondary help-button", id: "btn-rules", href: `#/rules/${table.game}`, title: t("rules.how_to_play"), "aria-label": t("rules.how_to_play"), "data-i18n-label": "rules.how_to_play", text: "?" });
  $("board-help").textContent = wording(board.renderer?.helpKey?.(table) ?? `${table.game}.help`); // the renderer's, where it has its own
  $("board").setAttribute("aria-label", t("board.label", { game: t(`game.${table.game}.title`) }));
  return true;
}

// ---------------------------------------------------------------- drawing a table
/** @param {import("../host.js").LogEntry} a @param {import("../host.js").LogEntry} b */
function sameLogEntry(a, b) {
  return a.seat === b.seat && a.key === b.key && JSON.stringify(a.params) === JSON.stringify(b.params);
}

/** Give the board its box. On a one-column screen (a phone, a narrow window), the board may be only as tall as
 * leaves whose turn it is, the last move, the scores, Undo and Hint in view below it without scrolling; on a short
 * landscape screen (a phone held sideways) it takes the window's whole height, beside the side panel, which then
 * holds the help text too (--board-max-height, read by fitCanvas; the kit's Surface.available() tells renderers).
 * An embed is as tall as its content, so it has no such limit. */
export function fitBoardToScreen() {
  const root = document.documentElement.style;
  const onGame = !EMBED && document.body.dataset.screen === "game";
  const landscape = onGame && window.matchMedia(LANDSCAPE).matches;
  const help = $("board-help");
  const home = landscape ? document.querySelector("#screen-game > .side") : document.querySelector("#screen-game > .board-wrap");
  if (home && help.parentElement !== home) home.append(help);
  if (landscape) {
    const top = $("board").getBoundingClientRect().top + window.scrollY;
    const limit = `${Math.max(200, Math.floor(window.innerHeight - Math.max(0, top) - 6))}px`;
    if (root.getPropertyValue("--board-max-height") !== limit) root.setProperty("--board-max-height", limit);
    return;
  }
  if (!onGame || !window.matchMedia("(max-width: 860px)").matches) {
    root.removeProperty("--board-max-height");
    return;
  }
  const rect = $("board").getBoundingClientRect();
  const essentials = [$("btn-undo"), $("btn-hint")].filter((button) => !button.hidden && button.getClientRects().length);
  if (!essentials.length || !rect.height) return;
  const below = Math.max(...essentials.map((button) => button.getBoundingClientRect().bottom)) - rect.bottom;
  const above = rect.top + window.scrollY;
  const room = Math.floor(window.innerHeight - above - below - 6);
  const limit = `${Math.max(240, room)}px`;
  if (root.getPropertyValue("--board-max-height") !== limit) root.setProperty("--board-max-height", limit);
}

/** Draw `table`: title, turn, scores, the log since `previous`, the board. @param {Table} table
 * @param {Table | null} previous @param {{animate?: boolean}} [options] */
function show(table, previous, { animate = true } = {}) {
  const renderer = board.renderer;
  if (!renderer) return; // the game screen was left meanwhile
  $("game-title").textContent = t(`game.${table.game}.title`);
  if (board.helpLink) $("game-title").append(board.helpLink);
  $("game-seed").textContent = table.seed === null ? t("game.seed_hidden") : t("game.seed", { seed: table.seed });
  // whose turn
  let turn;
  if (table.is_over) turn = t("game.over");
  else {
    // with seats on other devices, a person here among those to move (a race, a grab) is whose turn it is
    const here = table.seats.some((s) => s.kind === "remote") ? table.to_move.find((s) => table.seats[s].kind === "human") : undefined;
    const seat = here ?? table.to_move[0];
    const sitter = table.seats[seat];
    if (sitter.kind === "bot" || (sitter.kind === "remote" && sitter.level)) turn = t("game.thinking", { name: seatName(table, seat) });
    else if (sitter.kind === "remote") turn = t("game.turn_player", { name: seatName(table, seat) }); // on another device
    else if (table.seats.filter((s) => s.kind === "human").length === 1) turn = t("game.turn_you");
    else turn = t("game.turn_player", { name: seatName(table, seat) });
  }
  $("turn").textContent = turn;
  $("turn").dataset.seat = table.is_over ? "" : String(table.to_move[0]);
  const target = table.view.target;
  $("target").hidden = target === null || target === undefined;
  if (!$("target").hidden) $("target").textContent = t(`${table.game}.target`, { target });
  renderScores($("scores"), table);
  // move log: keep the lines on screen that are still the same, then add the rest. Lines change places when
  // secret moves come out together (a race's hand-ins, a grab), and undo takes lines back.
  const log = $("log");
  const moved = Boolean(previous) && (previous.fingerprint !== table.fingerprint || previous.history.length !== table.history.length);
  const shown = moved ? previous.log : [];
  let kept = 0;
  while (kept < shown.length && kept < table.log.length && sameLogEntry(shown[kept], table.log[kept])) kept += 1;
  while (log.children.length > kept) log.lastElementChild.remove();
  const fresh = table.log.slice(kept);
  for (const entry of fresh) log.append(element("li", { text: logText(table, entry), "data-key": entry.key }));
  log.scrollTop = log.scrollHeight;
  // what just happened, next to the board (shown where the log is out of sight: a phone, upright or sideways)
  const last = table.log.length ? logText(table, table.log[table.log.length - 1]) : "";
  const bare = (/** @type {string} */ text) => text.trim().replace(/[.!…]+$/, "");
  $("last-move").textContent = last;
  $("last-move").hidden = !last || bare(last) === bare(turn); // "Game over." under "Game over" says nothing new
  const unheard = fresh.filter((entry) => !shown.slice(kept).some((old) => sameLogEntry(old, entry)));
  if (moved && unheard.length) announce(unheard.map((entry) => logText(table, entry)).join(" "));
  controls();
  renderer.draw(table, previous && previous.game === table.game ? previous : null, { animate });
  fitBoardToScreen();
  document.body.dataset.fingerprint = table.fingerprint;
  document.body.dataset.moves = String(table.history.length);
  afterShow(table);
}

/** The buttons that depend on the session's state (a request on its way disables them). */
function controls() {
  const table = session.table;
  if (!table || !board.renderer) return;
  $("btn-undo").disabled = !table.can_undo || !["human", "animating", "running", "sealed", "over"].includes(session.state);
  undoRefusal(table);
  $("btn-hint").disabled = session.humanToMove() === null || !table.hints;
  $("btn-send").disabled = table.history.length === 0 || session.state === "waiting" || session.state === "bot"
    || table.to_move.some((seat) => table.seats[seat].kind === "bot");
}

/** Why Undo is greyed, where the game says (table.undo_refusal: a person has moved, but undo cannot take it back,
 * like a placed tile of Up Combine): the button's tooltip, and a short line under the controls. @param {Table} table */
function undoRefusal(table) {
  const button = $("btn-undo");
  const refusal = !table.can_undo && !session.replay ? table.undo_refusal : null;
  const why = refusal ? t(refusal.key, refusal.params) : "";
  let note = $("undo-note");
  if (!note && why) {
    note = element("p", { id: "undo-note", class: "hint undo-note" });
    button.closest(".controls").after(note);
  }
  if (note) { note.textContent = why; note.hidden = !why; }
  button.title = why;
  if (why) button.setAttribute("aria-describedby", "undo-note");
  else button.removeAttribute("aria-describedby");
}

/** A log parameter's word: `<game>.<name>.<value>` (or, for an item of a list, `<game>.<name without s>.<value>`),
 * else a colour, else the value itself. @param {string} game @param {string} name @param {any} value */
function paramWord(game, name, value) {
  for (const key of [`${game}.${name}.${value}`, `${game}.${name.replace(/s$/, "")}.${value}`, `colour.${value}`]) {
    if (has(key)) return t(key);
  }
  return String(value);
}

/** Words for one move-log entry: its key's template, with each parameter worded where the catalogue knows it
 * (lists joined the language's way), the seat as a name, and the plural form its count asks for (web/i18n.js,
 * Intl.PluralRules). Falls back to Python's English text. @param {Table} table
 * @param {import("../host.js").LogEntry} entry */
function logText(table, entry) {
  /** @type {Record<string, any>} */
  const params = { ...entry.params };
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith("_ms") && typeof value === "number") { // a duration: `{time}` in seconds, the language's way
      params[name.slice(0, -3)] = new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 1000);
    }
    if (typeof value === "string") {
      params[name] = paramWord(table.game, name, value);
      params[`${name}_key`] = value; // what the word is, for a message that agrees with it (docs/i18n.md)
    } else if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
      // a list of things ("sapphire", "ruby"): each worded, joined the language's way ("Sapphire and Ruby"), and
      // counted (`{gems_count, plural, ...}`: "Amber goes", "Amber and Ruby go")
      const worded = value.map((item) => paramWord(table.game, name, item));
      params[name] = new Intl.ListFormat(currentLanguage(), { type: "conjunction" }).format(worded);
      params[`${name}_count`] = value.length;
    }
  }
  // the seat by number: the message's {name}, and {you} when it is the person on this device
  if (entry.seat !== null && entry.seat !== undefined) params.seat = entry.seat;
  return has(entry.key) ? words.t(entry.key, params) : entry.text;
}

/** @param {HTMLElement} body @param {Table} table */
function renderScores(body, table) {
  body.replaceChildren();
  table.scores.forEach((score, seat) => {
    const badges = board.renderer?.seatBadges ? board.renderer.seatBadges(table.view, seat) : [];
    const swatches = element("span", { class: "swatches" },
      badges.map((badge) => element("span", { class: `swatch swatch-${badge.shape || "disc"}`, title: badge.label, style: `background:${badge.colour};color:${swatchInk(badge.colour)}`, text: badge.symbol || "" })));
    const mark = body.id === "scores" ? decorations.seat(seat) : null;
    const row = element("tr", { class: [table.to_move.includes(seat) ? "to-move" : "", table.winners.includes(seat) ? "winner" : ""].join(" "), "data-seat": seat }, [
      element("td", {}, [swatches]),
      element("th", { scope: "row" }, [seatName(table, seat), ...(mark ? [" ", mark] : [])]),
      element("td", { class: "score", text: String(score) }),
    ]);
    body.append(row);
  });
}

/** Black or white, whichever reads better on a swatch of `colour` ("#rgb" or "#rrggbb"; else white).
 * @param {string} colour */
function swatchInk(colour) {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(String(colour))?.[1];
  if (!hex) return "#fff";
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#000" : "#fff";
}

/** @param {Table} table */
function showGameOver(table) {
  const names = table.winners.map((seat) => seatName(table, seat));
  let result;
  if (table.players === 1) {
    // a renderer may word a solo result in its game's own terms (Ubongo's puzzle mode: "Solved in 25.8 s")
    result = board.renderer?.result?.(table) || (table.view.target !== null && table.view.target !== undefined
      ? t("over.solo_best", { score: table.scores[0], target: table.view.target })
      : t("over.solo", { score: table.scores[0] }));
  } else if (names.length === 1 && table.seats[table.winners[0]].kind === "human"
             && table.seats.filter((s) => s.kind === "human").length === 1) {
    result = t("over.you_win");
  } else {
    result = t(names.length === 1 ? "over.winner" : "over.winners", { names: names.join(" & ") });
  }
  $("over-result").textContent = result;
  // the reason is a message key ("<game>.end.<reason>" whole) or a word of the game's, worded by
  // "<game>.end.<word>"
  const reason = table.view.end_reason;
  const reasonKey = [reason, `${table.game}.end.${reason}`].find((key) => reason && has(key));
  $("over-reason").textContent = reasonKey ? t(reasonKey) : "";
  $("over-reason").hidden = !$("over-reason").textContent; // no empty line where a game gives no reason
  renderScores($("over-scores"), table);
  showRatingLine(table); // ratings: "Rated: +12 (1512)" or why not (web/screens/rating-line.js)
  $("game-over").hidden = false;
  announce(result);
  $("btn-again").focus();
}

/** The table's own address in the bar, unless the player has gone elsewhere meanwhile (page.js `address`).
 * @param {string} url */
export function writeAddress(url) {
  if (location.hash !== address.own || GUEST) return; // a guest's page keeps its invite's address
  history.replaceState(null, "", url);
  address.own = location.hash;
}

/** The game screen's extra controls, and the save, after every table shown. @param {Table} table */
function afterShow(table) {
  const replaying = Boolean(session.replay);
  $("screen-game").classList.toggle("replaying", replaying);
  $("btn-undo").hidden = replaying;
  $("btn-hint").hidden = replaying || !table.hints; // a race offers no hints (the rules say: State.hints_allowed)
  $("btn-replay").hidden = replaying || table.history.length === 0 || GUEST;
  $("btn-send").hidden = !sendable(table);
  // a guest's page has no engine of its own: the game is the host's to copy, replay, start again
  for (const id of ["btn-copy", "btn-new", "btn-again"]) $(id).hidden = GUEST;
  if (replaying) { // its address and controls are the replay's (web/screens/replay.js follows the session)
    $("board-help").textContent = wording("replay.help");
    $("turn").textContent = table.is_over ? t("game.over")
      : t("game.turn_player", { name: seatName(table, table.to_move[0]) });
    return;
  }
  const route = gameRoute(table);
  if (route) writeAddress(route);
  if (!table.is_over) rememberGame(table);
}

// ---------------------------------------------------------------- saved games, statistics, daily bests
/** @param {Table} table */
function rememberGame(table) {
  if (!storing()) return;
  // the public game (the bridge's `resume`): this device's own record, which a game with hidden hands needs to
  // come back after a reload; it is never shown, linked or sent anywhere. Its deal is told by the bridge's `deal`
  // (the seed itself may be a secret until the end).
  saves.saveGame({
    game: table.game, code: table.resume, seats: seatsParam(table.seats), seed: table.seed ?? "", deal: table.deal,
    players: table.players, moves: table.public.moves, time: Date.now(),
  });
}

/** The strongest bot level among the seats (levels in the game's order, weakest first), or "none".
 * @param {Table} table */
function strongestLevel(table) {
  const order = gameInfo(table.game)?.bot_levels || [];
  let best = "none";
  for (const sitter of table.seats) {
    if (sitter.kind !== "bot") continue;
    if (best === "none" || order.indexOf(sitter.level) > order.indexOf(best)) best = sitter.level;
  }
  return best;
}

/** A game just ended on this page: count it, keep a daily best, forget its save. @param {Table} table */
function finished(table) {
  rateEnd(table); // ratings: rated, or why not, or the solo best (web/screens/rating-line.js)
  restartClock(table.game); // its rounds and throws are over: the same deal opened again is another sitting
  if (!storing()) return;
  saves.forgetGame(table.game, { deal: table.deal, seed: table.seed });
  if (!table.seats.some((sitter) => sitter.kind === "human")) return;
  const won = table.winners.some((seat) => table.seats[seat].kind === "human");
  // one deal with one set of seats is one game, however often it was undone and finished again
  saves.countGame(table.game, strongestLevel(table), won, `${table.game}/${table.seed}/${table.players}/${seatsParam(table.seats)}`);
  saves.recordDaily(table);
}

// ---------------------------------------------------------------- what the person does
/** Play `move` for `seat` (default: the first human seat to move): true when played. A refusal is said next to
 * the place tapped where the renderer can, else in the notice line.
 * @param {import("../host.js").Move} move @param {number | null} [seat] */
export async function playHuman(move, seat = session.humanToMove(), seen = undefined) {
  const reply = await session.act(move, seat, seen);
  if (reply.ok) { clearNotice(); return true; }
  if (!reply.error) return false; // not this seat's turn, or the game moved on meanwhile
  failure.play = reply.error;
  const words = errorText(reply.error);
  const action = typeof move === "string" ? move : String(move.action ?? "");
  if (!board.renderer?.refused?.(action, words)) notice(words, "error");
  announce(words);
  return false;
}

async function undo() {
  const reply = await session.undo();
  if (!reply) return;
  if (!reply.ok) { notice(errorText(reply.error)); return; }
  helpUsed("undo"); // ratings: an Undo makes the game unrated
  $("game-over").hidden = true;
  if ($("notice").dataset.kind === "hint") clearNotice(); // the hint was for the position undone
}

async function hint() {
  const table = session.table;
  const reply = await session.hint();
  if (!reply || session.table !== table || !board.renderer) return; // the game moved on meanwhile
  if (!reply.ok) { notice(errorText(reply.error)); return; }
  helpUsed("hint"); // ratings: a Hint makes the game unrated
  board.renderer.showHint?.(reply.action, reply.move);
  const words = board.renderer.describeAction ? board.renderer.describeAction(table.view, reply.action) : reply.action;
  notice(t("game.hint_is", { move: words }), "hint");
  announce(t("game.hint_is", { move: words }));
}

/** @param {string} link @param {string} button @param {string} words */
async function copy(link, button, words) {
  $(button).dataset.link = link;
  try {
    await navigator.clipboard.writeText(link);
    notice(words);
  } catch {
    notice(t("game.copy_failed", { link }));
  }
}

// ---------------------------------------------------------------- onto the game screen
/** Start a new game from a set-up ({game, players, seats, options, seed}); resolves with the bridge's reply (null
 * when another screen was asked for meanwhile). @param {Record<string, any>} setup */
export async function startNew(setup) {
  lastSetup[setup.game] = setup;
  restartClock(setup.game);
  if (storing() && Array.isArray(setup.seats) && Number.isInteger(setup.players)) {
    saves.rememberSetup(setup.game, { players: setup.players, seats: setup.seats, options: setup.options || {} });
  }
  const reply = await session.open(async () => {
    await engine.ready.catch(() => {});
    return { op: "new", ...setup };
  }, { mount, refused: (error) => notice(errorText(error), "error") });
  ratedStart(reply); // ratings: a new deal from the set-up may be rated
  return reply;
}

/** The same game with other seats (a seat whose device went away is played by a bot, or by a person here from
 * now on: web/screens/devices.js): the bridge's `seats`, which keeps everything of the game, even a running grab or
 * race. @param {Seat[]} seats */
export function reseat(seats) {
  const table = session.table;
  if (!table) return Promise.resolve(null);
  lastSetup[table.game] = { players: table.players, seats, options: table.options };
  return session.open({ op: "seats", seats }, { mount, refused: (error) => notice(errorText(error), "error") });
}

/** A guest's game (web/screens/join.js): the host's table for this device's seat, once the link is open. A rejoin
 * (`fresh`) draws it with a new renderer, which reads its clock again (held while the link was gone).
 * @param {{fresh?: boolean}} [options] */
export function openGuest({ fresh = false } = {}) {
  if (fresh) dropRenderer();
  showScreen("game");
  $("turn").textContent = t("game.loading");
  return session.open({ op: "view" }, { mount, refused: (error) => notice(errorText(error), "error") });
}

/** The engine's failure as a refusal, or null once it is ready. */
async function engineReady() {
  try { await engine.ready; } catch { return { ok: false, error: { key: "error.engine_failed", params: {}, message: engine.failed } }; }
  return null;
}

/** Open a link (a game or a replay): the game screen says it is loading until the engine has opened it, and a link
 * that cannot open says why on the menu. `request` is the op (open, replay) with the link's code and seats.
 * @param {URLSearchParams} params @param {Record<string, any>} request */
async function openRequest(params, request, own = false) {
  showScreen("game");
  $("turn").textContent = t("game.loading");
  // The game the code names (its second field, core/share.py) has its renderer fetched while the engine boots and
  // opens the code, not after: only a head start, since the engine's table says which game is drawn.
  const named = /^v\d+\.([a-z0-9_]+)\./.exec(request.code || "")?.[1];
  if (named && playable(named)) loadRenderer(named).catch(() => {}); // mount says why one does not load
  const seats = parseSeats(params.get("seats"));
  let failed = false;
  const reply = await session.open(async () => (await engineReady()) ?? { ...request, ...(seats ? { seats } : {}) }, {
    mount,
    own,
    refused: (error) => {
      failed = true;
      // seats that do not fit the game the code holds: the link's fault, worded as such
      failLink(error?.key === "error.seat_count" ? { key: "share.bad_seats", params: {}, message: "bad seats" } : error);
    },
  });
  return failed ? null : reply;
}

/** `#/play?code=<code>&seats=<seats>`: open a shared (or saved) game. Resolves with the table, or null.
 * @param {URLSearchParams} params */
export function openLink(params) {
  const code = params.get("code") || "";
  // a saved game goes back to the engine with what it judged of its moves (read there after the end only)
  return openRequest(params, { op: "open", code, ...(storing() ? saves.judgedFor(code) : {}) });
}

/** `#/replay?code=...&seats=...&step=n` (or `own=1`: this device's own record of a game whose deal is secret).
 * @param {URLSearchParams} params @param {string} own the own record's code */
export function openReplayLink(params, own) {
  const step = Number(params.get("step") || 0);
  const code = params.get("code") || (params.has("own") ? own : "");
  return openRequest(params, { op: "replay", code, step: Number.isInteger(step) ? step : 0 },
    params.has("own") && !params.get("code"));
}

/** @param {import("../host.js").BridgeError | null | undefined} error */
function failLink(error) {
  failure.link = error ?? null;
  toMenu(error && error.key === "error.engine_failed" ? errorText(error) : t("error.bad_link", { reason: linkReason(error) || errorText(error) }));
  return null;
}

/** `#/daily?game=<id>&date=YYYY-MM-DD`: that day's challenge of a game that declares one (games.json `daily`);
 * the engine deals it (the bridge's `daily`). @param {URLSearchParams} params */
export async function openDaily(params) {
  const game = params.get("game") || "";
  const day = params.get("date") || saves.today();
  if (!gameInfo(game)?.daily || !/^\d{4}-\d{2}-\d{2}$/.test(day) || !playable(game)) {
    toMenu(t("daily.unknown"));
    return null;
  }
  showScreen("game");
  $("turn").textContent = t("game.loading");
  return session.open(async () => {
    await engine.ready.catch(() => {});
    return { op: "daily", game, day, seats: [{ kind: "human", level: "" }] };
  }, { mount, refused: (error) => toMenu(errorText(error)) });
}

// ---------------------------------------------------------------- wiring
/** The language changed: word the table on screen again (renderers read their words at draw time). */
export function relabelGame() {
  const table = session.table;
  if (!table) return;
  $("board-help").textContent = wording(board.renderer?.helpKey?.(table) ?? `${table.game}.help`);
  show(table, table, { animate: false });
  if (!$("game-over").hidden) showGameOver(table);
}

export function wireGame() {
  document.addEventListener("screen", (event) => {
    if (/** @type {CustomEvent} */ (event).detail === "game") return;
    dropRenderer(); // its animations and timers stop with it
    document.documentElement.style.removeProperty("--board-max-height"); // the game screen's own (fitBoardToScreen)
  });
  session.clock = () => board.renderer?.clockMs?.() ?? null;
  session.addEventListener("table", (event) => {
    const { table, previous, animate } = /** @type {CustomEvent} */ (event).detail;
    show(table, previous, { animate });
  });
  session.addEventListener("state", controls);
  session.addEventListener("over", (event) => {
    const { table } = /** @type {CustomEvent} */ (event).detail;
    finished(table);
    showGameOver(table);
  });
  session.addEventListener("error", (event) => notice(errorText(/** @type {CustomEvent} */ (event).detail.error), "error"));
  session.addEventListener("open", () => $("board").focus({ preventScroll: true }));
  // what the engine judged of the game in play goes with its saved game, for a reload (docs/review.md)
  session.addEventListener("judged", (event) => {
    const { judged, table } = /** @type {CustomEvent} */ (event).detail;
    if (storing() && !table.is_over && table.deal) saves.keepJudged(table.game, table.deal, judged);
  });
  $("btn-undo").addEventListener("click", undo);
  $("btn-hint").addEventListener("click", hint);
  $("btn-copy").addEventListener("click", () => {
    const table = session.table;
    if (table) copy(playLink(table), "btn-copy", t(table.share ? "game.copied" : "game.copied_invite"));
  });
  $("btn-send").addEventListener("click", () => {
    const table = session.table;
    if (table && sendable(table)) copy(sendLink(table), "btn-send", t("send.copied"));
  });
  $("btn-new").addEventListener("click", () => {
    const table = session.table;
    if (!table) return;
    lastSetup[table.game] = { players: table.players, seats: table.seats, options: table.options };
    location.hash = `#/${table.game}`;
  });
  $("btn-again").addEventListener("click", () => {
    const table = session.table;
    if (!table || decorations.again()) return; // the devices at the table come along (web/screens/devices.js)
    // the rules may rotate something for the next game (Upples' first player): the bridge's `rematch`
    startNew({ game: table.game, players: table.players, seats: table.seats, options: table.rematch || table.options, seed: "" });
  });
  $("btn-over-close").addEventListener("click", () => { $("game-over").hidden = true; $("board").focus(); });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("game-over").hidden) $("game-over").hidden = true;
  });
  $("board").parentElement.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    // the board's canvas is replaced per renderer; a replay has keys of its own (web/screens/replay.js)
    if (/** @type {HTMLElement} */ (event.target).id !== "board" || session.replay) return;
    if (board.renderer && session.table) board.renderer.keydown?.(event);
  });
  window.addEventListener("resize", fitBoardToScreen);
}

export { textOverflows };
