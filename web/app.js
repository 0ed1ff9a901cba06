// @ts-check
// Gamebox front end: the boot and the router. No rules live here: the page asks the engine (gamebox.core.bridge in
// Pyodide, in a Web Worker) and draws what view() says. The screens are modules of their own (web/screens/: menu,
// set-up, game, replay; web/rules.js and web/learn.js), one table's life is web/session.js, the games come from
// games.json (web/games.js), and the embed protocol and window.gamebox are web/embed-api.js.
import { currentLanguage, has, loadLanguage, setLanguage, t, translatePage } from "./i18n.js";
import * as saves from "./saves.js";
import { $, clearNotice, errorText, notice, showScreen } from "./dom.js";
import { embedReady, startEmbed } from "./embed-api.js";
import { gameInfo, loadGames } from "./games.js";
import { loadBoardFont } from "./games/kit.js";
import { address, currentRoute, EMBED, engine, GUEST, seatsParam, session, storing } from "./page.js";
import { wireDevices } from "./screens/devices.js";
import { openDaily, openLink, relabelGame, wireGame } from "./screens/game.js";
import { renderMenu } from "./screens/menu.js";
import { kept, openReplay, wireReplay } from "./screens/replay.js";
import { openPuzzle, wirePuzzle } from "./screens/puzzle.js";
import { openReview, wireReview } from "./screens/review.js";
import { openJoin, passAnswer } from "./screens/join.js";
import { wireWatchers } from "./screens/watchers.js";
import { renderSetup } from "./screens/setup.js";
import { renderProfile, wireProfile } from "./screens/profile.js";

// ---------------------------------------------------------------- offline (docs/offline-and-csp.md)
// The service worker (sw.js, next to index.html) caches the whole app. The first install takes over at once;
// a new build waits until the player picks "Reload" in the notice (or closes every Gamebox tab), so a game in
// progress never mixes two builds. Where service workers are unavailable (http on another host, a sandboxed
// iframe) the page simply works online.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const offer = (/** @type {ServiceWorker} */ worker) => {
    notice(t("update.ready"));
    const button = $("notice-reload");
    button.hidden = false;
    button.onclick = () => { button.disabled = true; worker.postMessage("skip-waiting"); };
  };
  let hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) location.reload(); // an update the player asked for
    hadController = true;
  });
  navigator.serviceWorker.register("sw.js").then((registration) => {
    if (!registration) return;
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    });
  }).catch((error) => console.warn("Gamebox works online only here:", error.message));
}

// ---------------------------------------------------------------- engine status
// Pyodide reports no byte counts, so while the runtime downloads the bar creeps towards the next stage.
// The status is worded from the catalogue only: a failure shows its reason's words (engine.reason.<word>) and a
// Retry button, never the raw text of the failure (a Python traceback, "Program terminated with exit(1)").
/** @type {ReturnType<typeof setInterval> | undefined} */
let creep;
let engineStage = "";

function renderEngineStatus() {
  const state = engine.state;
  const status = $("engine-status");
  status.hidden = GUEST; // a guest's page runs no engine: the host's answers
  status.classList.toggle("done", state === "ready");
  // Nothing is worded before the catalogue has arrived: t() would give the raw key ("engine.loading"), so until
  // then index.html's own English words stay (a cold first visit whose language file comes late); a failure shows
  // (failed, with Retry) together with its words, once the catalogue is there.
  if (!has("engine.loading")) return;
  status.classList.toggle("failed", state === "failed");
  $("engine-retry").hidden = state !== "failed";
  let text;
  if (state === "failed") {
    const reason = has(`engine.reason.${engine.reason}`) ? engine.reason : "unknown";
    text = t("engine.failed", { reason: t(`engine.reason.${reason}`) });
  } else if (state === "ready") text = t("engine.ready");
  else if (engineStage) text = t(`engine.stage.${engineStage}`, {}, t("engine.loading"));
  else text = t(state === "booting" ? "engine.loading" : "engine.restarting");
  $("engine-text").textContent = text;
}

function watchEngine() {
  engine.addEventListener("progress", (event) => {
    const { stage, fraction } = /** @type {CustomEvent} */ (event).detail;
    engineStage = stage;
    renderEngineStatus();
    $("engine-progress").value = fraction;
    clearInterval(creep);
    if (stage === "runtime") {
      const started = performance.now();
      creep = setInterval(() => {
        const seconds = (performance.now() - started) / 1000;
        $("engine-progress").value = fraction + (0.78 - fraction) * (1 - Math.exp(-seconds / 4));
      }, 200);
    }
  });
  const ready = () => {
    clearInterval(creep);
    engineStage = "";
    $("engine-progress").value = 1;
    renderEngineStatus();
    $("setup-wait").hidden = true;
    $("setup-start").disabled = false; // the set-up on screen may start its game now
  };
  engine.addEventListener("ready", ready);
  // an engine whose worker index.html started may be ready (or have failed) before this page listened: its failure
  // is worded by the boot's renderEngineStatus below
  if (engine.state === "ready") ready();
  engine.addEventListener("failed", () => {
    clearInterval(creep);
    engineStage = "";
    renderEngineStatus();
  });
  // A worker that stopped answering: the engine starts a new one and reopens the game on screen (engine.restore).
  engine.addEventListener("stopped", () => {
    engineStage = "";
    $("engine-progress").value = 0;
    renderEngineStatus();
    if (document.body.dataset.screen === "game") notice(t("engine.restarting"), "error");
  });
  engine.addEventListener("restarted", (event) => {
    if (/** @type {CustomEvent} */ (event).detail.restored) notice(t("engine.restarted"));
    else if ($("notice-text").textContent === t("engine.restarting")) clearNotice();
    if (document.body.dataset.screen === "game") session.resume();
  });
  engine.restore = async (/** @type {(request: Record<string, any>) => Promise<any>} */ send) => {
    if (document.body.dataset.screen !== "game") return false;
    const reply = await session.restore(send);
    if (reply && !reply.ok) notice(errorText(reply.error), "error");
    return Boolean(reply && reply.ok);
  };
}

/** Retry: a fresh worker, without reloading the page (the menu works meanwhile). */
function retryEngine() {
  if (!engine.retry()) return;
  engineStage = "";
  $("engine-progress").value = 0;
  renderEngineStatus();
  clearNotice();
  if (document.body.dataset.screen === "setup") $("setup-wait").hidden = false;
}

// ---------------------------------------------------------------- routes
/** A `#/play?saved=<game>` route (the device's own saved game, for a game whose deal stays secret) or
 * `#/play?resume=1` (play on from a replay of it), as the code and seats it stands for. @param {URLSearchParams} params */
function savedLink(params) {
  if (params.has("resume") && kept.resume) {
    const { code, seats } = kept.resume;
    return new URLSearchParams({ code, seats: seatsParam(seats) });
  }
  if (!params.has("saved") || !storing()) return params;
  const record = saves.listSaves([params.get("saved") || ""]).saves[0];
  return record ? new URLSearchParams({ code: record.code, seats: record.seats }) : new URLSearchParams({ code: "" });
}

async function route() {
  address.own = location.hash;
  const { game, params } = currentRoute();
  const table = session.table;
  if (game === "play" && table && !session.replay && document.body.dataset.screen === "game"
      && (params.get("code") === table.share || (params.has("saved") && params.get("saved") === table.game))) {
    return; // the game on screen (its own address, written as it is played)
  }
  // A guest's page (page.js GUEST) has no engine: it shows its invite's game (or passes its answer) only, and any
  // other address is a new page with an engine; a page with an engine opens an invite or an answer as such a page.
  // (A guest's review stays on its page: the host sent it, web/screens/watchers.js.)
  if ((game === "join" || game === "answer") !== GUEST && !(GUEST && game === "review")) {
    location.reload();
    return;
  }
  // Whatever the address now shows, the game that was on screen stops here: a bot's move still on its way must
  // not be drawn, nor write that game's address over the new one.
  session.close();
  if (game === "join") { // a seat of a game held by another device (docs/multi-device.md)
    await openJoin(params);
  } else if (game === "answer") { // a guest's answer opened on the host's device: passed to its tab of the game
    passAnswer(params);
  } else if (game === "play") {
    await openLink(savedLink(params));
  } else if (game === "replay") {
    await openReplay(params);
  } else if (game === "daily") {
    await openDaily(params);
  } else if (game === "review" || game === "puzzle") { // a finished game's review, its mistakes as puzzles (docs/review.md)
    await (game === "review" ? openReview : openPuzzle)(params);
  } else if (/^(rules|learn)\/[a-z0-9_]+$/.test(game)) { // rules pages and guided first games (web/rules.js, web/learn.js)
    showScreen(game.slice(0, 5));
    await (await import(game.startsWith("rules/") ? "./rules.js" : "./learn.js")).open(game.slice(6), engine);
  } else if (game === "profile") { // the person's ratings and bests (docs/ratings.md)
    renderProfile();
  } else if (gameInfo(game)) {
    renderSetup(game);
  } else {
    if (game) notice(t("error.unknown_game", { game }), "error");
    renderMenu();
  }
}

// ---------------------------------------------------------------- wiring
function wire() {
  $("notice-close").addEventListener("click", clearNotice);
  // a screen that cannot open what it was asked for goes back to the menu, with its words (dom.js toMenu)
  document.addEventListener("menu", (event) => {
    renderMenu();
    notice(/** @type {CustomEvent} */ (event).detail.words, "error");
  });
  $("engine-retry").addEventListener("click", retryEngine);
  wireGame();
  wireDevices();
  wireWatchers();
  wireReplay();
  wireReview();
  wirePuzzle();
  wireProfile();
  window.addEventListener("hashchange", route);
  $("lang-select").value = currentLanguage();
  $("lang-select").addEventListener("change", (/** @type {Event} */ event) => setLanguage(/** @type {HTMLSelectElement} */ (event.target).value, { remember: storing() }));
  document.addEventListener("languagechange", relabel);
}

/** The language changed (web/i18n.js): word the page again. The game itself is untouched: the table is shown
 * again, and renderers read their words at draw time. */
function relabel() {
  translatePage();
  $("lang-select").value = currentLanguage();
  renderEngineStatus();
  const screen = document.body.dataset.screen;
  if (screen === "menu") renderMenu();
  else if (screen === "setup") renderSetup(currentRoute().game);
  else if (screen === "game") relabelGame();
}

// ---------------------------------------------------------------- boot
watchEngine();
// the engine's status is worded as soon as the catalogue is there (the games' list and the font may come later)
const [games] = await Promise.allSettled([loadGames(), loadLanguage(EMBED?.lang).then(renderEngineStatus),
  loadBoardFont()]);
startEmbed();
translatePage();
renderEngineStatus();
wire();
if (games.status === "rejected") notice(t("error.internal", { message: String(games.reason?.message ?? games.reason) }), "error");
await route();
// after the boot and the first table, so caching the app for offline never competes with a first visit's game
engine.ready.catch(() => {}).then(registerServiceWorker);
embedReady();
