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
import { clockHooks } from "../clock.js";

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
  /** the connection to the host: connecting, connected, left, lost, refused */
  state: "connecting",
};

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
      status("net.join.used");
      joined.state = "refused";
      return;
    }
  } catch { /* no session storage: the host refuses the old invite instead */ }
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
  status(words("net.join.answer"), { n });
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
  try { sessionStorage.setItem(`gamebox.joined.${invite}`, "1"); } catch { /* nothing kept */ }
  const rejoin = watching; // this page played the seat before its link went
  joined.state = "connected";
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
  decorations.seat = (seat) => (seat === port.seat ? statusMark(joined.state === "connected" ? "connected" : "disconnected") : null);
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
    notice(t(reason === "bot" || reason === "here" ? `net.bye.${reason}` : "net.bye.left"), "error");
    gone();
  });
  port.addEventListener("lost", () => {
    joined.state = "lost";
    notice(t("net.lost"), "error");
    gone();
  });
  let wasTurn = false;
  session.addEventListener("table", (event) => {
    const table = /** @type {CustomEvent} */ (event).detail.table;
    const turn = !table.is_over && table.to_move.includes(port.seat);
    if (turn && !wasTurn) yourTurn();
    wasTurn = turn;
    document.title = turn ? `${t("net.your_turn")} · ${t("app.title")}` : t("app.title");
    renderBar();
  });
  setInterval(renderBar, 3_000);
}

/** The host is gone: the board stays, greyed, and nothing more can be played here. */
function gone() {
  document.title = t("app.title");
  document.body.dataset.hostGone = joined.state;
  showWaiting([]);
  session.close();
  renderBar();
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
  const state = joined.state === "connected" ? "connected" : joined.state === "left" ? "left" : "disconnected";
  const mute = element("button", { type: "button", class: "button secondary", id: "net-mute", "aria-pressed": String(muted()),
    text: t(muted() ? "net.sound_off" : "net.sound_on"),
    onclick: () => {
      try { localStorage.setItem(MUTE_KEY, muted() ? "0" : "1"); } catch { /* kept for this page only */ }
      renderBar();
    } });
  bar.replaceChildren(element("div", { class: "net-seat", "data-state": state }, [
    element("span", { class: "net-name", text: t("net.host") }), statusMark(state, rtt),
  ]), mute);
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
