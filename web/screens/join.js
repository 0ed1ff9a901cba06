// @ts-check
// A guest's page (docs/multi-device.md): `#/join?seat=<n>&t=<token>&o=<offer>`, an invite from the host's devices
// panel. It answers the invite (web/net/link.js acceptInvite) and shows the answer as a link, a code to copy and a
// QR code for the host to scan; once the host takes it and the link opens, the game screen shows this seat's game,
// asked of the host over the link (web/net/guest.js). No engine runs here (page.js GUEST), so the game is playable
// as soon as the link is open.
//
// `#/answer?c=<code>`: an answer link opened on the host's device (its camera app read the guest's QR code) is
// passed to the host's tab of the game, in this browser.
import { t } from "../i18n.js";
import { $, announce, clearNotice, element, notice, showScreen } from "../dom.js";
import { CONNECT_MS, NO_PATH_MS, acceptInvite } from "../net/link.js";
import { drawQR } from "../net/qr.js";
import { GuestPort } from "../net/guest.js";
import { engine, GUEST, session } from "../page.js";
import { decorations, openGuest } from "./game.js";
import { ANSWERS, iceServers, shareLink, showWaiting, statusMark } from "./devices.js";
import { token } from "../net/room.js";
import { stayAwake } from "../net/awake.js";
import { clockHooks } from "../clock.js";
import { gameInfo } from "../games.js";

const port = /** @type {GuestPort} */ (/** @type {any} */ (engine));

/** What the guest's page knows: its answer (window.gamebox.answer), when the invite was opened, how long to a
 * playable game. */
export const joined = {
  /** @type {string | null} */
  answer: null,
  /** @type {string | null} */
  answerLink: null,
  /** ms from the page's start to the game on screen (performance.now()) @type {number | null} */
  playable: null,
  /** the connection to the host: connecting, connected, left (the host left), lost, refused, quit (this device
   * left the table) */
  state: "connecting",
  /** between two tables: the host left the game's screen, and the next table will come over the same link */
  between: false,
};

/** Where the seat's standby invite is kept (web/net/table.js): this tab's session storage, so that a reload finds it. */
const STANDBY_KEY = "gamebox.net.standby";

const MUTE_KEY = "gamebox.net.mute";

/**
 * This page's table clock, held while its link to the host is gone (docs/multi-device.md, "A seat away in a
 * real-time game"). The host holds this seat's run the same way and says for how long (the welcome's `paused_ms`):
 * every mark this page has shown goes on from where it was. A page that starts afresh (reloaded) has no marks: the
 * first one it shows goes on from the run's time so far, as the host counts it (`clock_ms`).
 */
const held = {
  /** the ms held so far */
  total: 0,
  /** each mark's `total` when first read, and what it was credited @type {Map<string, {total: number, credit: number}>} */
  marks: new Map(),
  /** the run's time so far for the first mark read, and when it was said @type {{ms: number, at: number} | null} */
  credit: null,
};

/** A mark's ms on this page's clock, less what was held since it was first read. @param {string} mark @param {number} ms */
function heldClock(mark, ms) {
  let entry = held.marks.get(mark);
  if (!entry) {
    const credit = held.credit ? Math.max(0, held.credit.ms + (Date.now() - held.credit.at) - ms) : 0;
    held.credit = null;
    entry = { total: held.total, credit };
    held.marks.set(mark, entry);
  }
  return Math.max(0, ms - (held.total - entry.total) + entry.credit);
}

if (GUEST) port.addEventListener("welcome", (event) => {
  const { paused_ms: paused, clock_ms: clock, waiting } = /** @type {CustomEvent} */ (event).detail;
  if (Number.isSafeInteger(paused) && paused > 0) held.total += paused;
  held.credit = !held.marks.size && Number.isSafeInteger(clock) ? { ms: clock, at: Date.now() } : null;
  showWaiting(Array.isArray(waiting) ? waiting : []);
});
// the host times this seat's run from when this page's clock of it started (docs/multi-device.md, "Real-time phases")
if (GUEST) clockHooks.started = () => port.started();
// the seat's next invite, answered by this page itself if its link goes (a reload, a phone asleep): the way back
if (GUEST) port.addEventListener("standby", (event) => {
  try { sessionStorage.setItem(STANDBY_KEY, /** @type {CustomEvent} */ (event).detail.url); } catch { /* none kept */ }
});
if (GUEST) port.addEventListener("waiting", (event) => showWaiting(/** @type {CustomEvent} */ (event).detail.seats));

/** Whether the turn's sound and vibration are off (kept on this device). */
function muted() {
  try { return localStorage.getItem(MUTE_KEY) === "1"; } catch { return false; }
}

/** The join screen, made on first use (index.html has the screens of a page with an engine). */
function screen() {
  let section = $("screen-join");
  if (section) return section;
  section = element("section", { id: "screen-join", class: "screen join", hidden: true }, [
    element("h1", { id: "join-title", text: t("net.join.title") }),
    element("p", { id: "join-status", class: "lede", role: "status" }),
    element("div", { id: "join-answer", class: "join-answer", hidden: true }, [
      element("p", { class: "hint", text: t("net.join.step") }),
      element("canvas", { id: "join-qr", class: "qr", role: "img", "aria-label": t("net.join.qr") }),
      element("label", { class: "field" }, [element("span", { text: t("net.join.code") }),
        element("textarea", { id: "join-code", readonly: true, rows: 3, spellcheck: "false" })]),
      element("div", { class: "actions" }, [
        element("button", { type: "button", class: "button", id: "join-copy", text: t("net.join.copy") }),
        element("a", { class: "button secondary", id: "join-link", text: t("net.join.link") }),
      ]),
    ]),
    element("div", { class: "actions" }, [element("a", { class: "button secondary", href: "#/", text: t("game.menu") })]),
  ]);
  $("main").append(section);
  return section;
}

/** @param {string} key @param {Record<string, any>} [params] */
function status(key, params = {}) {
  $("join-status").textContent = t(key, params);
  $("join-status").dataset.key = key;
}

/** Open the invite: answer it, show the answer, and the game once the host has taken it. @param {URLSearchParams} params */
export async function openJoin(params) {
  // a new invite opened on this page (a rejoin): nothing of the last one's answer stands until this one's is made
  joined.answer = null;
  joined.answerLink = null;
  joined.state = "connecting";
  screen();
  showScreen("join");
  // a watcher's invite (`watch=1`, no seat: web/net/watch.js) is answered as a seat's, and its words say so
  const watch = params.get("watch") === "1" && !params.has("seat");
  const seat = watch ? null : Number(params.get("seat"));
  const invite = params.get("t") || "";
  const offer = params.get("o") || "";
  const n = seat === null ? 0 : seat + 1;
  const words = (/** @type {string} */ key) => (watch ? `${key}_watch` : key);
  if ((seat !== null && (!Number.isInteger(seat) || seat < 0)) || !/^[A-Za-z0-9]{6,32}$/.test(invite) || !offer) {
    status("net.join.bad");
    joined.state = "refused";
    return;
  }
  // this page already sat with this invite (it was reloaded): an invite works once, so only a new one rejoins
  try {
    if (sessionStorage.getItem(`gamebox.joined.${invite}`)) {
      if (comeBack()) return; // its seat's standby invite: the way back needs only this page's answer
      status("net.join.used");
      joined.state = "refused";
      return;
    }
  } catch { /* no session storage: the host refuses the old invite instead */ }
  const kept = standby();
  const back = Boolean(kept) && new URL(/** @type {string} */ (kept), location.href).href === location.href;
  status("net.join.making");
  let answer;
  try {
    answer = await acceptInvite(offer, { iceServers: iceServers() });
  } catch (error) {
    status(error?.key && t(error.key) !== error.key ? error.key : "net.join.bad");
    joined.state = "refused";
    return;
  }
  const code = `${invite}.${answer.text}`;
  const link = `${location.origin}${location.pathname}#/answer?c=${encodeURIComponent(code)}`;
  joined.answer = code;
  joined.answerLink = link;
  $("join-code").value = code;
  $("join-link").href = link;
  const copy = async () => {
    try { await navigator.clipboard.writeText(code); notice(t("net.join.copied")); } catch { $("join-code").select(); }
  };
  // the answer goes back the way the invite came: the share sheet where there is one (a chat app), else a copy
  const share = typeof navigator.share === "function";
  $("join-copy").textContent = t(share ? "net.join.share" : "net.join.copy");
  $("join-copy").dataset.send = share ? "share" : "copy";
  $("join-copy").onclick = share ? () => shareLink(link, t(words("net.share.answer"), { n }), copy) : copy;
  $("join-answer").hidden = false;
  status(back ? "net.join.back" : words("net.join.answer"), { n });
  drawQR($("join-qr"), link, { size: 260 }).catch(() => $("join-qr").remove());
  let channel;
  // issue 27: none of this page's checks answered by the host's device NO_PATH_MS after the answer is shown (the
  // host's device answers them even before it has taken the answer): what was tried, and that such networks need a
  // relay. issue 30: a link not open CONNECT_MS after the answer is shown is said, with the way out, while the answer
  // stays good (the host may not have taken it yet: a person scans it)
  const probe = async () => {
    let seen;
    try { seen = await answer.reached(); } catch { return false; }
    if (joined.answer !== code || seen.reached) return seen.reached;
    status(words(seen.tried.public ? "net.join.no_path.public" : "net.join.no_path.wifi"), { n });
    return false;
  };
  const lost = setTimeout(probe, NO_PATH_MS);
  const slow = setTimeout(async () => {
    if (joined.answer === code && await probe() && joined.answer === code) status(words("net.join.slow"), { n, s: CONNECT_MS / 1000 });
  }, CONNECT_MS);
  try {
    channel = await answer.link;
  } catch {
    if (joined.answer === code && !String($("join-status").dataset.key).startsWith("net.join.no_path")) status("net.join.timeout");
    joined.state = "lost";
    return;
  } finally {
    clearTimeout(lost);
    clearTimeout(slow);
  }
  if (joined.answer !== code) { channel.close(); return; } // another invite was opened here meanwhile
  $("join-answer").hidden = true;
  status("net.join.connecting");
  const refused = new Promise((resolve) => port.addEventListener("refused", (event) => resolve(/** @type {CustomEvent} */ (event).detail.key), { once: true }));
  port.attach(channel, { seat, invite, open: /** @type {any} */ (channel).state === "open" });
  const first = await Promise.race([port.ready.then(() => null), refused]);
  if (first) {
    status(`${first}`);
    joined.state = "refused";
    return;
  }
  try {
    sessionStorage.setItem(`gamebox.joined.${invite}`, "1");
    if (back) sessionStorage.removeItem(STANDBY_KEY); // used: the host sends the next one
  } catch { /* nothing kept */ }
  const rejoin = watching; // this page played the seat before its link went
  joined.state = "connected";
  joined.between = false;
  delete document.body.dataset.between;
  delete document.body.dataset.hostGone;
  clearNotice();
  watchGuest();
  const reply = await openGuest({ fresh: rejoin });
  if (reply && reply.ok) {
    joined.playable = performance.now();
    if (seat === null) document.body.dataset.watcher = String(port.watcher);
    else document.body.dataset.guest = String(seat);
  }
}

// ---------------------------------------------------------------- the guest's game screen
let watching = false;

/** The host's pushes, its leaving, the link's loss, and the turn's notice. */
function watchGuest() {
  if (watching) return;
  watching = true;
  decorations.clock = heldClock;
  decorations.seat = (seat) => (seat === port.seat ? statusMark(markState()) : null);
  port.addEventListener("table", (event) => session.changed(/** @type {CustomEvent} */ (event).detail.table));
  // a pushed table that came while a request was on its way, and that request's reply was no table (refused):
  // show the newest once settled
  session.addEventListener("state", () => {
    const latest = /** @type {any} */ (port.latest);
    if (latest && session.table && latest !== session.table && latest.fingerprint !== session.table.fingerprint) session.changed(latest);
  });
  port.addEventListener("bye", (event) => {
    const reason = /** @type {CustomEvent} */ (event).detail.reason;
    joined.state = "left";
    forgetStandby();
    notice(t(reason === "bot" || reason === "here" || reason === "ended" ? `net.bye.${reason}` : "net.bye.left"), "error");
    gone();
  });
  port.addEventListener("lost", () => {
    joined.state = "lost";
    gone();
    // the way back: this page answers its seat's standby invite at once, and the host scans that answer
    if (!comeBack()) notice(t("net.lost"), "error");
  });
  port.addEventListener("next", (event) => nextTable(/** @type {CustomEvent} */ (event).detail));
  port.addEventListener("between", () => {
    joined.between = true;
    document.body.dataset.between = "1";
    document.title = t("app.title");
    if (session.table && !session.table.is_over) session.close();
    showWaiting([]);
    staleTurn("net.between");
    awake();
    renderBar();
  });
  // a page that goes (a reload, a closed tab) closes its link: the host sees the seat go at once, and shows its
  // invite (a page's connection left to die is seen only once it has been silent for 10 s)
  window.addEventListener("pagehide", () => { if (joined.state === "connected") port.end(); });
  // a guest's page asks before it is closed or reloaded mid-game (its seat would wait for it)
  window.addEventListener("beforeunload", (event) => {
    if (!midGame()) return;
    event.preventDefault();
    event.returnValue = ""; // (older browsers ask only when this is set)
  });
  let wasTurn = false;
  session.addEventListener("table", (event) => {
    const table = /** @type {CustomEvent} */ (event).detail.table;
    const turn = !table.is_over && table.to_move.includes(port.seat);
    if (turn && !wasTurn) yourTurn();
    wasTurn = turn;
    document.title = turn ? `${t("net.your_turn")} · ${t("app.title")}` : t("app.title");
    renderBar();
    awake();
  });
  setInterval(renderBar, 3_000);
}

/** Whether this device is in a game under way at the host's table (its screen stays on; leaving asks first). */
function midGame() {
  const table = session.table;
  return joined.state === "connected" && !joined.between && Boolean(table) && !table?.is_over;
}

/** The screen stays on while this device is in a game under way (web/net/awake.js). */
function awake() { stayAwake(midGame()); }

/** The seat's standby invite, if this tab keeps one. */
function standby() {
  try { return sessionStorage.getItem(STANDBY_KEY); } catch { return null; }
}

function forgetStandby() {
  try { sessionStorage.removeItem(STANDBY_KEY); } catch { /* none kept */ }
}

/** Back to the seat by its standby invite (this tab's): its page opens it, and shows the answer for the host to
 * scan. False when there is none. */
function comeBack() {
  const url = standby();
  if (!url) return false;
  const target = new URL(url, location.href);
  if (target.origin !== location.origin || target.pathname !== location.pathname) { forgetStandby(); return false; }
  if (target.search !== location.search) { location.replace(target.href); return true; } // (its STUN servers' ?ice=)
  history.replaceState(null, "", target.hash);
  openJoin(new URLSearchParams(target.hash.slice(target.hash.indexOf("?") + 1)));
  return true;
}

/** The host started the next table for this device, over the same link (web/net/table.js): its game is drawn anew,
 * and a seat that changed is said; a watcher (seat null) is told it watches the next game.
 * @param {{seat: number | null, game: string, players: number}} next */
async function nextTable({ seat, game }) {
  const before = Number(document.body.dataset.guest);
  joined.between = false;
  delete document.body.dataset.between;
  delete document.body.dataset.hostGone;
  const title = gameInfo(game) ? t(`game.${game}.title`) : game;
  const words = seat === null ? t("net.next.watch", { game: title })
    : t(before === seat ? "net.next.same" : "net.next.moved", { game: title, n: seat + 1 });
  // a seat that changed is shown in words on the screen; the same seat is only said (a notice would cover the board)
  if (seat !== null && before !== seat) notice(words);
  else clearNotice();
  announce(words);
  if (seat !== null) document.body.dataset.guest = String(seat);
  const reply = await openGuest({ fresh: true });
  if (reply && reply.ok) document.body.dataset.table = String((Number(document.body.dataset.table) || 0) + 1);
  awake();
}

/** Nothing on the board says whose turn it is once it cannot be played here: the turn line says why instead (`key`;
 * null keeps a finished game's "Game over"), no row of the scores is marked to move, and this seat's dot says what
 * became of the link. @param {string | null} key */
function staleTurn(key) {
  if (key) {
    $("turn").textContent = t(key);
    $("turn").dataset.seat = "";
    $("last-move").hidden = true;
  }
  for (const row of document.querySelectorAll("#scores tr.to-move")) row.classList.remove("to-move");
  const state = markState();
  for (const mark of document.querySelectorAll("#scores .net-status")) mark.replaceWith(statusMark(state));
}

/** This seat's connection as its marks show it. */
function markState() {
  return joined.state === "connected" ? "connected" : joined.state === "left" ? "left" : "disconnected";
}

/** The host is gone: the board stays, greyed, and nothing more can be played here; nothing says whose turn it is
 * (issue 27: "Player 1 to move" and a green dot stayed after the host left). */
function gone() {
  document.title = t("app.title");
  document.body.dataset.hostGone = joined.state;
  showWaiting([]);
  session.close();
  staleTurn(session.table?.is_over ? null : joined.state === "quit" ? "net.quit" : joined.state === "left" ? "net.host_left" : "net.lost_turn");
  awake();
  renderBar();
}

/** This device leaves the table (the bar's Leave): the host hands its seat over, and this page can be closed. */
function leaveTable() {
  joined.state = "quit";
  forgetStandby();
  port.leave();
  notice(t("net.quit"));
  gone();
}

/** The person's turn came: a short soft tone and a vibration, unless muted. */
function yourTurn() {
  announce(t("net.your_turn"));
  if (muted()) return;
  try { navigator.vibrate?.(120); } catch { /* not allowed here */ }
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.12, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
    tone.addEventListener("ended", () => audio.close());
  } catch { /* no audio here */ }
}

/** The connection to the host and the mute switch, under the scores. */
function renderBar() {
  let bar = $("net-seats");
  if (!bar) {
    bar = element("div", { id: "net-seats", class: "net-seats" });
    document.querySelector("#screen-game .scores")?.after(bar);
  }
  const { rtt } = port.timing();
  const state = markState();
  const mute = element("button", { type: "button", class: "button secondary", id: "net-mute", "aria-pressed": String(muted()),
    text: t(muted() ? "net.sound_off" : "net.sound_on"),
    onclick: () => {
      try { localStorage.setItem(MUTE_KEY, muted() ? "0" : "1"); } catch { /* kept for this page only */ }
      renderBar();
    } });
  // while the link stays, Leave; once it is gone, the way out is the controls' Menu (a page of its own, with an engine)
  const out = joined.state === "connected"
    ? [element("button", { type: "button", class: "button secondary", id: "net-leave", text: t("net.leave"), onclick: leaveTable })] : [];
  bar.replaceChildren(element("div", { class: "net-seat", "data-state": state }, [
    element("span", { class: "net-name", text: t("net.host") }), statusMark(state, state === "connected" ? rtt : null),
  ]), ...(joined.between && joined.state === "connected" ? [element("p", { class: "hint", id: "net-between", text: t("net.between") })] : []), mute, ...out);
}

/** How long an answer link's tab waits for the game's tab to say it took the answer. */
const PASS_MS = 3_000;

/** `#/answer?c=<code>` on the host's device (its camera app read the guest's QR code and opened a new tab): the
 * answer goes to this browser's tab of the game, whose room made the invite (devices.js takes it there and says
 * how it went). Without an answer from such a tab, the code is shown to paste. @param {URLSearchParams} params */
export function passAnswer(params) {
  const code = params.get("c") || "";
  screen();
  showScreen("join");
  $("join-title").textContent = t("net.answer.title");
  clearNotice();
  $("join-code").value = code;
  $("join-answer").hidden = true;
  $("join-link").hidden = true;
  $("join-qr").hidden = true;
  $("join-copy").onclick = async () => {
    try { await navigator.clipboard.writeText(code); notice(t("net.join.copied")); } catch { $("join-code").select(); }
  };
  const unpassed = (/** @type {string} */ key) => { status(key); $("join-answer").hidden = !code; };
  if (!code || !("BroadcastChannel" in window)) { unpassed("net.answer.paste"); return; }
  const id = token();
  const channel = new BroadcastChannel(ANSWERS);
  const done = () => { clearTimeout(timer); channel.close(); };
  const timer = setTimeout(() => { done(); unpassed("net.answer.paste"); }, PASS_MS);
  channel.addEventListener("message", (event) => {
    const reply = event.data ?? {};
    if (reply.id !== id) return;
    done();
    if (reply.t === "taken") {
      status("net.answer.passed", { label: reply.seat === null ? t("net.watch.label") : t("seat.player", { n: Number(reply.seat) + 1 }) });
    }
    else unpassed(t(String(reply.key)) !== String(reply.key) ? String(reply.key) : "net.refused.answer");
  });
  status("net.answer.passing");
  channel.postMessage({ t: "answer", id, code });
}
