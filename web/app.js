// Gamebox front end: router, menu, seat set-up, game screen, share and undo. No rules live here: the page
// asks the worker (gamebox.core.bridge in Pyodide) and draws what view() says.
import { Engine } from "./engine.js";
import { currentLanguage, has, loadLanguage, setLanguage, t, translatePage, wording } from "./i18n.js";
import * as saves from "./saves.js";
import { pace } from "./games/common.js";
import { textOverflows } from "./games/kit.js";

const GAMES = ["upthrust", "ubongo", "upples", "upcombine", "whoopies"];
// A game is playable when its renderer exists; the rules' readiness comes from the worker.
const RENDERERS = { upthrust: () => import("./games/upthrust/renderer.js"), upples: () => import("./games/upples/renderer.js"),
  whoopies: () => import("./games/whoopies/renderer.js"),
  upcombine: () => import("./games/upcombine/renderer.js"),
  ubongo: () => import("./games/ubongo/renderer.js"),
};
const BOT_DELAY_MS = 450;
const BOT_BUDGET_MS = 700;

const $ = (id) => document.getElementById(id);
const engine = new Engine();
const app = {
  table: null, renderer: null, rendererGame: null, busy: false, seats: null, overShown: false,
  botTimer: null, generation: 0,
};

// ---------------------------------------------------------------- helpers
function element(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else if (name === "style") node.style.cssText = value; // CSSOM: allowed by the CSP (a style attribute is not)
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function notice(text, kind = "info") {
  $("notice-text").textContent = text;
  $("notice").dataset.kind = kind;
  $("notice-reload").hidden = true;
  $("notice").hidden = false;
}

function clearNotice() { $("notice").hidden = true; }

// ---------------------------------------------------------------- offline (docs/offline-and-csp.md)
// The service worker (sw.js, next to index.html) caches the whole app. The first install takes over at once;
// a new build waits until the player picks "Reload" in the notice (or closes every Gamebox tab), so a game in
// progress never mixes two builds. Where service workers are unavailable (http on another host, a sandboxed
// iframe) the page simply works online.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const offer = (worker) => {
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

function announce(text) {
  const region = $("announcer");
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 30);
}

/** Words for an error reply from the bridge. */
function errorText(error) {
  if (!error) return t("error.internal", { message: "?" });
  if (has(error.key)) return t(error.key, { ...error.params, message: error.message });
  return error.message || t("error.internal", { message: error.type });
}

function linkReason(error) {
  const key = error && error.key;
  const params = { ...(error && error.params) };
  // a move that cannot be played: word why, from its own key, where the catalogue has it
  if (typeof params.reason_key === "string" && has(params.reason_key)) params.reason = t(params.reason_key, { ...params.reason_params });
  return key && has(key) && key.startsWith("share.") ? t(key, params) : (error ? error.message : "");
}

function showScreen(name) {
  if (name !== "game") dropRenderer(); // its animations and timers stop with it
  for (const screen of document.querySelectorAll(".screen")) screen.hidden = screen.id !== `screen-${name}`;
  document.body.dataset.screen = name;
}

function seatsParam(seats) {
  return seats.map((sitter) => (sitter.kind === "human" ? "human" : sitter.level)).join(",");
}

function parseSeats(text, players) {
  if (!text) return null;
  const parts = text.split(",");
  if (parts.length !== players) return undefined;
  return parts.map((part) => (part === "human" ? { kind: "human", level: "" } : { kind: "bot", level: part }));
}

function seatName(table, seat) {
  const sitter = table.seats[seat];
  const humans = table.seats.filter((s) => s.kind === "human").length;
  if (sitter.kind === "human") return humans === 1 ? t("seat.you") : t("seat.player", { n: seat + 1 });
  return t("seat.bot", { n: seat + 1, level: t(`level.${sitter.level}`, {}, sitter.level) });
}

/** The address-bar route of the table on screen: the public game (what every seat has seen: never a pending
 * secret move). A game whose seed would give away a hidden hand (the bridge's `share` is null until it ends)
 * points at this device's own saved game instead; null in an embed, which keeps nothing. */
function gameRoute(table) {
  if (table.share) return `#/play?code=${encodeURIComponent(table.share)}&seats=${encodeURIComponent(seatsParam(table.seats))}`;
  return storing() ? `#/play?saved=${encodeURIComponent(table.game)}` : null;
}

/** Copy link: the public game; for a game that keeps its deal secret until the end, a link to a new game of the
 * same kind (the deal itself must not leave this device). */
function playLink(table) {
  const base = `${location.origin}${location.pathname}`;
  if (table.share) return `${base}#/play?code=${encodeURIComponent(table.share)}&seats=${encodeURIComponent(seatsParam(table.seats))}`;
  return `${base}#/${table.game}`;
}

// ---------------------------------------------------------------- engine status
// Pyodide reports no byte counts, so while the runtime downloads the bar creeps towards the next stage.
// The status is worded from the catalogue only: a failure shows its reason's words (engine.reason.<word>) and a
// Retry button, never the raw text of the failure (a Python traceback, "Program terminated with exit(1)").
let creep = null;
let engineStage = "";

function renderEngineStatus() {
  const state = engine.state;
  const status = $("engine-status");
  status.classList.toggle("failed", state === "failed");
  status.classList.toggle("done", state === "ready");
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

engine.addEventListener("progress", (event) => {
  const { stage, fraction } = event.detail;
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
engine.addEventListener("ready", () => {
  clearInterval(creep);
  engineStage = "";
  $("engine-progress").value = 1;
  renderEngineStatus();
  $("setup-wait").hidden = true;
  const waited = $("setup-start").disabled; // drawn while the engine was away: draw it again with the game's set-up
  $("setup-start").disabled = false;
  if (waited && document.body.dataset.screen === "setup") renderSetup(currentRoute().game);
});
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
  if (event.detail.restored) notice(t("engine.restarted"));
  else if ($("notice-text").textContent === t("engine.restarting")) clearNotice();
  // a bot whose move the old worker never gave moves now (unless its request is still on its way)
  if (document.body.dataset.screen === "game" && app.table) scheduleBot();
});
engine.restore = async (send) => {
  const table = app.table;
  if (!table || document.body.dataset.screen !== "game") return false;
  const replay = app.replay;
  const code = replay ? replay.code : table.resume ?? table.share;
  if (!code) return false;
  const reply = await send(replay ? { op: "replay", code, step: replay.step, seats: table.seats }
    : { op: "open", code, seats: table.seats });
  if (!reply.ok) { notice(errorText(reply.error), "error"); return false; }
  // the same position: nothing to draw, and requests the old worker left unanswered are sent again; a public
  // game that left out a secret move still pending: show what the new worker holds
  if (app.table === table && reply.fingerprint !== table.fingerprint) show(reply, { animate: false });
  return true;
};

/** Retry: a fresh worker, without reloading the page (the menu works meanwhile). */
function retryEngine() {
  if (!engine.retry()) return;
  engineStage = "";
  $("engine-progress").value = 0;
  renderEngineStatus();
  clearNotice();
  if (document.body.dataset.screen === "setup") $("setup-wait").hidden = false;
}

// ---------------------------------------------------------------- menu
function renderMenu() {
  stopGame();
  const list = $("game-list");
  list.replaceChildren();
  for (const game of GAMES) {
    const playable = game in RENDERERS;
    const card = element("li", { class: `game-card${playable ? "" : " soon"}`, "data-game": game }, [
      element("img", { class: "game-art", src: `web/games/${game}/art.svg`, alt: "", width: 240, height: 120 }),
      element("h2", { text: t(`game.${game}.title`) }),
      element("p", { text: t(`game.${game}.blurb`) }),
      playable
        ? element("a", { class: "button", href: `#/${game}`, text: t("menu.play"), "aria-label": `${t("menu.play")} ${t(`game.${game}.title`)}` })
        : element("p", { class: "soon-label", text: t("menu.soon") }),
      element("p", { class: "learn-links" }, [element("a", { href: `#/rules/${game}`, text: t("rules.how_to_play"), "aria-label": `${t("rules.how_to_play")}: ${t(`game.${game}.title`)}` }), " · ", element("a", { href: `#/learn/${game}`, text: t("learn.try"), "aria-label": `${t("learn.try")}: ${t(`game.${game}.title`)}` })]),
    ]);
    list.append(card);
  }
  renderMenuAreas();
  showScreen("menu");
}

// ---------------------------------------------------------------- set-up
function gameInfo(game) {
  return engine.hello && engine.hello.ok && engine.hello.games.find((info) => info.id === game);
}

function renderSetup(game, preset) {
  stopGame();
  if (!(game in RENDERERS)) {
    notice(t("menu.soon_long"));
    location.hash = "#/";
    return;
  }
  $("setup-title").textContent = t(`game.${game}.title`);
  $("setup-blurb").textContent = t(`game.${game}.blurb`);
  $("setup-learn").replaceChildren(element("a", { href: `#/rules/${game}`, text: t("rules.how_to_play") }), " · ", element("a", { href: `#/learn/${game}`, text: t("learn.try") }));
  const info = gameInfo(game);
  $("setup-start").disabled = !info;
  $("setup-wait").hidden = Boolean(info) || Boolean(engine.failed);
  const playersSelect = $("setup-players");
  const seatsList = $("setup-seats");
  const optionsBox = $("setup-options");
  const remembered = preset || app.lastSetup?.[game] || (storing() ? saves.lastSetup(game) : null);
  playersSelect.replaceChildren();
  const low = info ? info.min_players : 1;
  const high = info ? info.max_players : 4;
  for (let n = low; n <= high; n++) playersSelect.append(element("option", { value: n, text: String(n) }));
  playersSelect.value = String(remembered?.players ?? Math.min(Math.max(2, low), high));
  const levels = info ? info.bot_levels : ["easy", "hard"];
  // a bot seat starts at a level a newcomer can beat (Game.default_bot_level), until the player picks another
  const newcomer = info && levels.includes(info.default_bot_level) ? info.default_bot_level : levels[0];

  const drawSeats = () => {
    const players = Number(playersSelect.value);
    const old = [...seatsList.querySelectorAll("li")].map((li) => ({
      kind: li.querySelector("select.kind").value, level: li.querySelector("select.level").value,
    }));
    seatsList.replaceChildren();
    for (let seat = 0; seat < players; seat++) {
      const prior = old[seat] || remembered?.seats?.[seat]
        || { kind: seat === 0 || players === 1 ? "human" : "bot", level: newcomer };
      const kind = element("select", { class: "kind", "aria-label": `${t("setup.seat", { n: seat + 1 })}` }, [
        element("option", { value: "human", text: t("setup.human") }),
        element("option", { value: "bot", text: t("setup.bot") }),
      ]);
      kind.value = prior.kind;
      const level = element("select", { class: "level", "aria-label": `${t("setup.seat", { n: seat + 1 })} ${t("setup.level")}` },
        levels.map((name) => element("option", { value: name, text: t(`level.${name}`, {}, name) })));
      level.value = levels.includes(prior.level) ? prior.level : newcomer;
      const sync = () => {
        level.disabled = kind.value !== "bot";
        level.style.visibility = kind.value === "bot" ? "visible" : "hidden";
      };
      kind.addEventListener("change", sync);
      sync();
      seatsList.append(element("li", {}, [element("span", { text: t("setup.seat", { n: seat + 1 }) }), kind, level]));
    }
  };
  seatsList.replaceChildren();
  drawSeats();

  // Options: the choices the game offers for this many players (Game.offered_choices in Python).
  const drawOptions = () => {
    const chosen = {};
    for (const select of optionsBox.querySelectorAll("select")) chosen[select.dataset.option] = select.value;
    optionsBox.replaceChildren();
    const offered = info ? info.offered[playersSelect.value] || {} : {};
    const unused = info?.unused?.[playersSelect.value] || []; // options that mean nothing for this many players
    const note = info?.notes?.[playersSelect.value]; // what this many players makes of the game (puzzle mode)
    if (note) optionsBox.append(element("p", { class: "setup-note", id: "setup-note", text: t(note) }));
    for (const [name, spec] of Object.entries(info ? info.options : {})) {
      const choices = offered[name] || spec.choices;
      if (choices.length < 2 || unused.includes(name)) continue;
      const select = element("select", { "data-option": name },
        choices.map((choice) => element("option", { value: JSON.stringify(choice), text: t(`${game}.option.${name}.${choice}`, {}, String(choice)) })));
      const wanted = chosen[name] ?? JSON.stringify(remembered?.options?.[name] ?? spec.default);
      select.value = choices.map((c) => JSON.stringify(c)).includes(wanted) ? wanted : JSON.stringify(choices.includes(spec.default) ? spec.default : choices[0]);
      optionsBox.append(element("label", { class: "field" }, [element("span", { text: t(`${game}.option.${name}`, {}, name) }), select]));
    }
  };
  optionsBox.replaceChildren();
  drawOptions();
  playersSelect.onchange = () => { drawSeats(); drawOptions(); };

  $("setup-form").onsubmit = async (event) => {
    event.preventDefault();
    const players = Number(playersSelect.value);
    const seats = [...seatsList.querySelectorAll("li")].map((li) => {
      const kind = li.querySelector("select.kind").value;
      return { kind, level: kind === "bot" ? li.querySelector("select.level").value : "" };
    });
    const options = {};
    const offered = info ? info.offered[String(players)] || {} : {};
    for (const [name, choices] of Object.entries(offered)) if (choices.length === 1) options[name] = choices[0];
    for (const select of optionsBox.querySelectorAll("select")) options[select.dataset.option] = JSON.parse(select.value);
    const seed = $("setup-seed").value.trim();
    await startNew({ game, players, seats, options, seed });
  };
  showScreen("setup");
}

async function startNew(setup) {
  app.lastSetup = { ...(app.lastSetup || {}), [setup.game]: setup };
  if (storing() && Array.isArray(setup.seats) && Number.isInteger(setup.players)) {
    saves.rememberSetup(setup.game, { players: setup.players, seats: setup.seats, options: setup.options || {} });
  }
  await engine.ready.catch(() => {});
  const navigation = app.navigation;
  const reply = await engine.request({ op: "new", ...setup });
  if (navigation !== app.navigation) return reply; // the player went elsewhere meanwhile: do not take over
  if (!reply.ok) { notice(errorText(reply.error), "error"); return reply; }
  await enterGame(reply);
  return reply;
}

// ---------------------------------------------------------------- the game screen
function stopGame() {
  app.generation++;
  if (app.replay) clearTimeout(app.replay.auto);
  app.replay = null;
  clearTimeout(app.botTimer);
  app.botTimer = null;
  clearTimeout(app.peekTimer);
  app.peekTimer = null;
}

/** Put the renderer away: its animations, timers and listeners stop, and the board becomes a fresh canvas, so
 * nothing of the old renderer can draw on it or act from it. */
function dropRenderer() {
  const renderer = app.renderer;
  if (!renderer) return;
  app.renderer = null;
  app.rendererGame = null;
  renderer.destroy();
  const old = $("board");
  const fresh = old.cloneNode(false);
  for (const name of Object.keys(fresh.dataset)) delete fresh.dataset[name];
  for (const name of ["style", "width", "height"]) fresh.removeAttribute(name);
  old.replaceWith(fresh);
}


async function enterGame(table, replay = null) {
  stopGame();
  const generation = app.generation;
  if (app.rendererGame !== table.game) {
    dropRenderer();
    const module = await RENDERERS[table.game]();
    if (generation !== app.generation) return; // another game or screen was asked for meanwhile
    app.renderer = module.create($("board"), rendererHost);
    app.rendererGame = table.game;
  }
  app.replay = replay;
  app.overShown = table.is_over;
  $("game-over").hidden = true;
  $("log").replaceChildren();
  if ($("notice").dataset.kind === "error") clearNotice(); // a stale "This link does not open a game", say
  app.table = null;
  showScreen("game");
  $("btn-rules")?.remove(); // How to play: this game's rules page (web/rules.js), a round "?" in the title's line
  app.helpLink = element("a", { class: "button secondary help-button", id: "btn-rules", href: `#/rules/${table.game}`, title: t("rules.how_to_play"), "aria-label": t("rules.how_to_play"), "data-i18n-label": "rules.how_to_play", text: "?" });
  $("board-help").textContent = wording(`${table.game}.help`);
  $("board").setAttribute("aria-label", t("board.label", { game: t(`game.${table.game}.title`) }));
  show(table, { animate: false });
  if (replay) history.replaceState(null, "", replayUrl(table));
  else saveUrl(table);
  $("board").focus({ preventScroll: true });
  embedPost("start", embedSummary(table));
}

/** The human seat that may act now, or null (bot's turn, busy, or over). */
function humanToMove(table = app.table) {
  if (!table || table.is_over || app.busy || app.replay) return null; // a replay is watched, not played
  const seat = table.to_move.find((s) => table.seats[s].kind === "human");
  return seat === undefined ? null : seat;
}

const rendererHost = {
  t,
  wording,
  announce,
  seatName: (seat) => seatName(app.table, seat),
  humanSeat: () => humanToMove(),
  humanSeats: () => (app.table && !app.table.is_over && !app.replay
    ? app.table.to_move.filter((seat) => app.table.seats[seat].kind === "human") : []),
  act: (action, seat) => playHuman(action, seat ?? humanToMove()),
  request: (request) => engine.request(request),
  // what the person can do now, in CSS pixels of the viewport: [{kind: "tap", x, y, action?, label}] and
  // [{kind: "drag", x, y, x2, y2, label}] (web/games/kit.js); a tap at a target's point plays exactly its action
  targets: () => (app.renderer && app.table && !app.busy && app.renderer.targets ? app.renderer.targets() : []),
  // every text the paint kit could not fit in its box since the page loaded (tests assert there is none)
  overflows: () => textOverflows(),
};

function sameLogEntry(a, b) {
  return a.seat === b.seat && a.key === b.key && JSON.stringify(a.params) === JSON.stringify(b.params);
}

/** On a one-column screen (a phone, a narrow window), the board may be only as tall as leaves whose turn it is,
 * the scores, Undo and Hint in view below it without scrolling (--board-max-height, read by fitCanvas). An embed
 * is as tall as its content, so it has no such limit. */
function fitBoardToScreen() {
  const root = document.documentElement.style;
  if (EMBED || document.body.dataset.screen !== "game" || !window.matchMedia("(max-width: 860px)").matches) {
    root.removeProperty("--board-max-height");
    return;
  }
  const board = $("board").getBoundingClientRect();
  const essentials = [$("btn-undo"), $("btn-hint")].filter((button) => !button.hidden && button.getClientRects().length);
  if (!essentials.length || !board.height) return;
  const below = Math.max(...essentials.map((button) => button.getBoundingClientRect().bottom)) - board.bottom;
  const above = board.top + window.scrollY;
  const room = Math.floor(window.innerHeight - above - below - 6);
  const limit = `${Math.max(240, room)}px`;
  if (root.getPropertyValue("--board-max-height") !== limit) root.setProperty("--board-max-height", limit);
}

function show(table, { animate = true } = {}) {
  if (!app.renderer) return; // the game screen was left meanwhile
  const previous = app.table;
  app.table = table;
  embedMoves(previous, table);
  $("game-title").textContent = t(`game.${table.game}.title`);
  if (app.helpLink) $("game-title").append(app.helpLink);
  $("game-seed").textContent = table.seed === null ? t("game.seed_hidden") : t("game.seed", { seed: table.seed });
  // whose turn
  let turn;
  if (table.is_over) turn = t("game.over");
  else {
    const seat = table.to_move[0];
    const sitter = table.seats[seat];
    if (sitter.kind === "bot") turn = t("game.thinking", { name: seatName(table, seat) });
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
  const unheard = fresh.filter((entry) => !shown.slice(kept).some((old) => sameLogEntry(old, entry)));
  if (moved && unheard.length) announce(unheard.map((entry) => logText(table, entry)).join(" "));
  // controls
  $("btn-undo").disabled = !table.can_undo || app.busy;
  $("btn-hint").disabled = humanToMove(table) === null || !table.hints;
  app.renderer.draw(table, { animate: animate && Boolean(previous) });
  fitBoardToScreen();
  document.body.dataset.fingerprint = table.fingerprint;
  document.body.dataset.moves = String(table.history.length);
  afterShow(table);
  if (table.is_over && !app.overShown && !app.replay) {
    app.overShown = true;
    finished(table);
    showGameOver(table);
  }
  if (!table.is_over) app.overShown = false;
  scheduleBot();
  schedulePeek();
}

/** A log parameter's word: `<game>.<name>.<value>` (or, for an item of a list, `<game>.<name without s>.<value>`),
 * else a colour, else the value itself. */
function paramWord(game, name, value) {
  for (const key of [`${game}.${name}.${value}`, `${game}.${name.replace(/s$/, "")}.${value}`, `colour.${value}`]) {
    if (has(key)) return t(key);
  }
  return String(value);
}

/** Words for one move-log entry: its key's template, with each parameter worded where the catalogue knows it
 * (lists joined the language's way), the seat as a name, and the plural form its count asks for (web/i18n.js,
 * Intl.PluralRules). Falls back to Python's English text. */
function logText(table, entry) {
  const params = { ...entry.params };
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith("_ms") && typeof value === "number") { // a duration: `{time}` in seconds, the language's way
      params[name.slice(0, -3)] = new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 1000);
    }
    if (typeof value === "string") params[name] = paramWord(table.game, name, value);
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
      // a list of things ("sapphire", "ruby"): each worded, joined the language's way ("Sapphire and Ruby")
      const words = value.map((item) => paramWord(table.game, name, item));
      params[name] = new Intl.ListFormat(currentLanguage(), { type: "conjunction" }).format(words);
    }
  }
  if (entry.seat !== null && entry.seat !== undefined) params.name = seatName(table, entry.seat);
  return has(entry.key) ? t(entry.key, params) : entry.text;
}

function renderScores(body, table) {
  body.replaceChildren();
  table.scores.forEach((score, seat) => {
    const badges = app.renderer.seatBadges ? app.renderer.seatBadges(table.view, seat) : [];
    const swatches = element("span", { class: "swatches" },
      badges.map((badge) => element("span", { class: "swatch", title: badge.label, style: `background:${badge.colour};color:${swatchInk(badge.colour)}`, text: badge.symbol || "" })));
    const row = element("tr", { class: [table.to_move.includes(seat) ? "to-move" : "", table.winners.includes(seat) ? "winner" : ""].join(" ") }, [
      element("td", {}, [swatches]),
      element("th", { scope: "row", text: seatName(table, seat) }),
      element("td", { class: "score", text: String(score) }),
    ]);
    body.append(row);
  });
}

/** Black or white, whichever reads better on a swatch of `colour` ("#rgb" or "#rrggbb"; else white). */
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

function showGameOver(table) {
  const names = table.winners.map((seat) => seatName(table, seat));
  let result;
  if (table.players === 1) {
    // a renderer may word a solo result in its game's own terms (Ubongo's puzzle mode: "Solved in 25.8 s")
    result = app.renderer?.result?.(table) || (table.view.target !== null && table.view.target !== undefined
      ? t("over.solo_best", { score: table.scores[0], target: table.view.target })
      : t("over.solo", { score: table.scores[0] }));
  } else if (names.length === 1 && table.seats[table.winners[0]].kind === "human"
             && table.seats.filter((s) => s.kind === "human").length === 1) {
    result = t("over.you_win");
  } else {
    result = t(names.length === 1 ? "over.winner" : "over.winners", { names: names.join(" & ") });
  }
  $("over-result").textContent = result;
  // the reason is a message key (Upthrust: "upthrust.end.two_left") or a word of the game's (Upples:
  // "field_not_refilled", worded by "upples.end.field_not_refilled")
  const reason = table.view.end_reason;
  const reasonKey = [reason, `${table.game}.end.${reason}`].find((key) => reason && has(key));
  $("over-reason").textContent = reasonKey ? t(reasonKey) : "";
  $("over-reason").hidden = !$("over-reason").textContent; // no empty line where a game gives no reason
  renderScores($("over-scores"), table);
  $("game-over").hidden = false;
  embedPost("gameover", { ...embedSummary(table), scores: table.public.scores, winners: table.public.winners });
  announce(result);
  $("btn-again").focus();
}

function scheduleBot() {
  const table = app.table;
  clearTimeout(app.botTimer);
  if (!table || table.is_over || app.busy || app.replay) return;
  // Bots act whenever one of them is to move. In a simultaneous phase (a race, a grab) humans may be to
  // move as well: a bot's action carries its own time, and the rules order actions by those times.
  if (!table.to_move.some((seat) => table.seats[seat].kind === "bot")) return;
  const generation = app.generation;
  app.botTimer = setTimeout(async () => {
    if (generation !== app.generation) return;
    app.busy = true;
    const reply = await engine.request({ op: "bot", budget_ms: BOT_BUDGET_MS, clock_ms: clockMs() });
    app.busy = false;
    if (generation !== app.generation) return;
    if (!reply.ok) { notice(errorText(reply.error), "error"); return; }
    show(reply);
    saveUrl(reply);
  }, BOT_DELAY_MS * pace());
}

function saveUrl(table) {
  const route = gameRoute(table);
  if (route) history.replaceState(null, "", route);
}

/** The clock of the running real-time phase (a race's sand timer, a grab's throw), in ms, as the renderer runs
 * it: the bridge shows other seats' secret moves once this clock has passed them. */
function clockMs() {
  const clock = app.renderer && app.renderer.clockMs ? app.renderer.clockMs() : null;
  return Number.isFinite(clock) ? Math.max(0, Math.round(clock)) : null;
}

const PEEK_MS = 250;

/** While other seats' secret moves are still hidden (`sealed`), ask again as the clock runs: each is shown when
 * the table would see it happen. */
function schedulePeek() {
  clearTimeout(app.peekTimer);
  const table = app.table;
  if (!table || !table.sealed || table.is_over || app.replay) return;
  const generation = app.generation;
  app.peekTimer = setTimeout(async () => {
    if (generation !== app.generation || app.busy || app.table !== table) { if (generation === app.generation) schedulePeek(); return; }
    const clock = clockMs();
    if (clock === null) { schedulePeek(); return; }
    const reply = await engine.request({ op: "view", clock_ms: clock });
    if (generation !== app.generation || app.table !== table || app.busy) return;
    if (!reply.ok) return;
    if (reply.history.length !== table.history.length || reply.sealed !== table.sealed) show(reply);
    else schedulePeek();
  }, PEEK_MS);
}

/** Play `action` for `seat` (default: the first human seat to move). */
async function playHuman(action, seat = humanToMove()) {
  const table = app.table;
  if (seat === null || !table || app.busy || app.replay || !table.to_move.includes(seat) || table.seats[seat].kind !== "human") {
    return false;
  }
  app.busy = true;
  const generation = app.generation;
  const reply = await engine.request({ op: "apply", seat, action, clock_ms: clockMs() });
  app.busy = false;
  if (generation !== app.generation) return false;
  if (!reply.ok) {
    app.playError = reply.error;
    // the reason goes next to the place that was tapped, where the renderer can say it there
    if (!app.renderer?.refused?.(action, errorText(reply.error))) notice(errorText(reply.error), "error");
    announce(errorText(reply.error));
    return false;
  }
  clearNotice();
  show(reply);
  saveUrl(reply);
  return true;
}

async function undo() {
  if (!app.table || app.busy) return;
  stopGame();
  const generation = app.generation;
  app.busy = true;
  const reply = await engine.request({ op: "undo" });
  app.busy = false;
  if (generation !== app.generation) return; // another game or screen meanwhile
  if (!reply.ok) { notice(errorText(reply.error)); scheduleBot(); return; }
  app.overShown = reply.is_over;
  $("game-over").hidden = true;
  if ($("notice").dataset.kind === "hint") clearNotice(); // the hint was for the position undone
  show(reply, { animate: false });
  saveUrl(reply);
}

async function hint() {
  const seat = humanToMove();
  if (seat === null) return;
  const generation = app.generation;
  const table = app.table;
  app.busy = true;
  const reply = await engine.request({ op: "hint", seat, budget_ms: 1500, clock_ms: clockMs() });
  app.busy = false;
  if (generation !== app.generation || app.table !== table || !app.renderer) return; // the game moved on meanwhile
  if (!reply.ok) { notice(errorText(reply.error)); return; }
  app.renderer.showHint?.(reply.action);
  const words = app.renderer.describeAction ? app.renderer.describeAction(app.table.view, reply.action) : reply.action;
  notice(t("game.hint_is", { move: words }), "hint");
  announce(t("game.hint_is", { move: words }));
}

async function copyLink() {
  if (!app.table) return;
  const link = playLink(app.table);
  $("btn-copy").dataset.link = link;
  try {
    await navigator.clipboard.writeText(link);
    notice(t(app.table.share ? "game.copied" : "game.copied_invite"));
  } catch {
    notice(t("game.copy_failed", { link }));
  }
}

// ---------------------------------------------------------------- saved games, replay, play by link, daily, stats
// (docs/saves-and-replays.md). Storage lives in web/saves.js; the engine checks every code it is given.
/** A game whose whole position may travel in a link to a friend's device: no hidden information, no secret
 * simultaneous moves (Game.describe in Python says which). */
function linkGame(game) {
  const info = gameInfo(game);
  return Boolean(info) && !info.hidden_information && !info.simultaneous;
}
const REPLAY_AUTO_MS = 900;

/** Storage belongs to the player's own games: an embedded game (another site's page) keeps nothing. */
function storing() { return !EMBED; }

function replayUrl(table) {
  const seats = encodeURIComponent(seatsParam(table.seats));
  const code = app.replay.own ? "own=1" : `code=${encodeURIComponent(app.replay.code)}`;
  return `#/replay?${code}&seats=${seats}&step=${app.replay.step}`;
}

/** The first steps of opening a link (a game or a replay): show the game screen, wait for the engine, read the
 * code and seats. Returns {code, seats}, or null after showing why the link cannot open. */
async function readLink(params) {
  const code = params.get("code") || (params.has("own") ? app.ownReplay || "" : "");
  stopGame();
  showScreen("game");
  $("turn").textContent = t("game.loading");
  try { await engine.ready; } catch { failLink({ key: "error.engine_failed", params: {}, message: engine.failed }); return null; }
  const players = Number((code.split(".")[3]) || 0);
  const seats = parseSeats(params.get("seats"), players);
  if (seats === undefined) { failLink({ key: "share.bad_seats", params: {}, message: "bad seats" }); return null; }
  return { code, seats };
}

async function openReplay(params) {
  const link = await readLink(params);
  if (!link) return null;
  const { code, seats } = link;
  const step = Number(params.get("step") || 0);
  const request = { op: "replay", code, step: Number.isInteger(step) ? step : 0 };
  if (seats) request.seats = seats;
  const reply = await engine.request(request);
  if (!reply.ok) return failLink(reply.error);
  await enterGame(reply, { code: reply.replay.code, step: reply.replay.step, steps: reply.replay.steps, auto: null,
    own: params.has("own") && !params.get("code") });
  $("replay-controls").querySelector("button:not(:disabled)")?.focus({ preventScroll: true });
  return reply;
}

/** Show step `step` (clamped) of the replay. */
async function replayStep(step, { fromAuto = false } = {}) {
  const replay = app.replay;
  if (!replay || app.busy) return false;
  if (!fromAuto) stopAutoplay();
  const wanted = Math.max(0, Math.min(step, replay.steps));
  if (wanted === replay.step) return false;
  const generation = app.generation;
  app.busy = true;
  const reply = await engine.request({ op: "replay", code: replay.code, step: wanted, seats: app.table.seats });
  app.busy = false;
  if (generation !== app.generation || app.replay !== replay) return false;
  if (!reply.ok) { notice(errorText(reply.error), "error"); stopAutoplay(); return false; }
  const forward = wanted === replay.step + 1;
  replay.step = reply.replay.step;
  show(reply, { animate: forward });
  history.replaceState(null, "", replayUrl(reply));
  return true;
}

function stopAutoplay() {
  const replay = app.replay;
  if (!replay) return;
  clearTimeout(replay.auto);
  replay.auto = null;
  renderReplayControls();
}

function toggleAutoplay() {
  const replay = app.replay;
  if (!replay) return;
  if (replay.auto) { stopAutoplay(); return; }
  if (replay.step >= replay.steps) replay.step = -1; // play again from the start
  const tick = async () => {
    if (app.replay !== replay || !replay.auto) return;
    const moved = await replayStep(Math.max(0, replay.step + 1), { fromAuto: true });
    if (app.replay !== replay || !replay.auto) return;
    if (!moved || replay.step >= replay.steps) { stopAutoplay(); return; }
    replay.auto = setTimeout(tick, REPLAY_AUTO_MS);
  };
  replay.auto = setTimeout(tick, 0);
  renderReplayControls();
}

function renderReplayControls() {
  const replay = app.replay;
  $("replay-controls").hidden = !replay;
  if (!replay) return;
  const { step, steps } = replay;
  $("replay-step").textContent = step <= 0 ? t("replay.start", { steps }) : t("replay.step", { step, steps });
  $("replay-first").disabled = step <= 0;
  $("replay-back").disabled = step <= 0;
  $("replay-forward").disabled = step >= steps;
  $("replay-last").disabled = step >= steps;
  $("replay-auto").disabled = steps === 0;
  $("replay-auto").textContent = replay.auto ? t("replay.pause") : t("replay.play");
  $("replay-auto").setAttribute("aria-pressed", replay.auto ? "true" : "false");
  $("replay-resume").disabled = !app.table || app.table.is_over;
}

function replayKey(event) {
  const replay = app.replay;
  const moves = { ArrowLeft: replay.step - 1, ArrowRight: replay.step + 1, Home: 0, End: replay.steps };
  if (event.key in moves) { event.preventDefault(); replayStep(moves[event.key]); }
  else if (event.key === " " || event.key === "Enter") { event.preventDefault(); toggleAutoplay(); }
}

/** The game screen's extra controls, and the save, after every table shown. */
function afterShow(table) {
  const replaying = Boolean(app.replay);
  $("screen-game").classList.toggle("replaying", replaying);
  $("btn-undo").hidden = replaying;
  $("btn-hint").hidden = replaying || !table.hints; // a race offers no hints (the rules say: State.hints_allowed)
  $("btn-replay").hidden = replaying || table.history.length === 0;
  const send = $("btn-send");
  send.hidden = replaying || !linkGame(table.game) || table.players < 2;
  send.disabled = table.history.length === 0 || app.busy
    || table.to_move.some((seat) => table.seats[seat].kind === "bot");
  renderReplayControls();
  if (replaying) {
    $("board-help").textContent = wording("replay.help");
    $("turn").textContent = table.is_over ? t("game.over")
      : t("game.turn_player", { name: seatName(table, table.to_move[0]) });
    return;
  }
  if (!table.is_over) rememberGame(table);
}

function rememberGame(table) {
  if (!storing()) return;
  // the public game (the bridge's `resume`): this device's own record, which a game with hidden hands needs to
  // come back after a reload; it is never shown, linked or sent anywhere
  saves.saveGame({
    game: table.game, code: table.resume, seats: seatsParam(table.seats), seed: codeSeed(table.resume),
    players: table.players, moves: table.public.moves, time: Date.now(),
  }, app.badSaves);
  app.badSaves?.delete(table.game);
}

/** The seed field of a share code, as written there: what identifies a saved game's deal. */
function codeSeed(code) {
  return String(code || "").split(".")[2] ?? "";
}

/** The strongest bot level among the seats (levels in the game's order, weakest first), or "none". */
function strongestLevel(table) {
  const order = gameInfo(table.game)?.bot_levels || [];
  let best = "none";
  for (const sitter of table.seats) {
    if (sitter.kind !== "bot") continue;
    if (best === "none" || order.indexOf(sitter.level) > order.indexOf(best)) best = sitter.level;
  }
  return best;
}

/** A game just ended on this page: count it, keep a daily best, forget its save. */
function finished(table) {
  if (!storing()) return;
  saves.forgetGame(table.game, codeSeed(table.resume));
  if (!table.seats.some((sitter) => sitter.kind === "human")) return;
  const won = table.winners.some((seat) => table.seats[seat].kind === "human");
  // one deal with one set of seats is one game, however often it was undone and finished again
  saves.countGame(table.game, strongestLevel(table), won, `${table.game}/${table.seed}/${table.players}/${seatsParam(table.seats)}`);
  saves.recordDaily(table);
}

/** "Send my move": a link with the game so far; whoever is to move next plays as a human on the other end. */
function sendLink(table) {
  const seats = table.seats.map((sitter, seat) => (table.to_move.includes(seat) ? { kind: "human", level: "" } : sitter));
  const base = `${location.origin}${location.pathname}`;
  return `${base}#/play?code=${encodeURIComponent(table.public.share)}&seats=${encodeURIComponent(seatsParam(seats))}`;
}

async function sendMove() {
  const table = app.table;
  if (!table || app.replay) return;
  const link = sendLink(table);
  $("btn-send").dataset.link = link;
  try {
    await navigator.clipboard.writeText(link);
    notice(t("send.copied"));
  } catch {
    notice(t("game.copy_failed", { link }));
  }
}

async function openDaily(params) {
  const daily = saves.dailyFor(params.get("game") || "");
  const day = params.get("date") || saves.today();
  if (!daily || !/^\d{4}-\d{2}-\d{2}$/.test(day) || !(daily.game in RENDERERS)) {
    history.replaceState(null, "", "#/");
    renderMenu();
    notice(t("daily.unknown"), "error");
    return null;
  }
  stopGame();
  showScreen("game");
  $("turn").textContent = t("game.loading");
  const setup = daily.setup(day);
  // Score Up's challenge deals its start from the date (docs/saves-and-replays.md), so each day differs
  if (daily.game === "upthrust") setup.options = { ...setup.options, start: "dealt" };
  const reply = await startNew(setup);
  if (!reply.ok) { history.replaceState(null, "", "#/"); renderMenu(); notice(errorText(reply.error), "error"); }
  return reply;
}

function storeNotice(problems) {
  if (!problems.length || app.storeNoticeShown) return;
  app.storeNoticeShown = true;
  notice(t("saves.unreadable", { what: problems.map((name) => t(`saves.store.${name}`)).join(", ") }), "error");
}

function seatNames(seatsText, players) {
  const seats = parseSeats(seatsText, players) || [];
  const table = { seats };
  return seats.map((_, seat) => seatName(table, seat)).join(", ");
}

function renderMenuAreas() {
  if (!storing()) return;
  app.badSaves = app.badSaves || new Set();
  const problems = [];
  // Continue
  const { saves: list, bad, problem } = saves.listSaves(GAMES);
  if (problem) problems.push("saves");
  for (const id of bad) app.badSaves.add(id);
  const shown = list.filter((record) => !app.badSaves.has(record.game) && record.game in RENDERERS);
  const items = $("continue-list");
  items.replaceChildren();
  for (const record of shown) {
    const link = `#/play?saved=${encodeURIComponent(record.game)}`;
    const when = new Date(record.time).toLocaleString(document.documentElement.lang || undefined,
      { dateStyle: "medium", timeStyle: "short" });
    const moves = Number.isInteger(record.moves) ? record.moves : 0;
    items.append(element("li", { class: "save", "data-game": record.game }, [
      element("a", { class: "button", href: link, text: t("saves.continue"),
        "aria-label": `${t("saves.continue")} ${t(`game.${record.game}.title`)}` }),
      element("div", { class: "save-text" }, [
        element("strong", { text: t(`game.${record.game}.title`) }),
        element("span", { class: "hint", text: t(moves === 1 ? "saves.details_one" : "saves.details",
          { players: seatNames(record.seats, Number(record.players) || 0), moves, when }) }),
      ]),
      element("button", { type: "button", class: "link forget", text: t("saves.forget"),
        "aria-label": `${t("saves.forget")} ${t(`game.${record.game}.title`)}`,
        onclick: () => { saves.forgetGame(record.game, record.seed); renderMenuAreas(); } }),
    ]));
  }
  $("menu-continue").hidden = shown.length === 0;
  if (bad.length) notice(t("saves.bad_record", { game: bad.map((id) => t(`game.${id}.title`, {}, id)).join(", ") }), "error");
  validateSaves(shown);
  // Daily challenges
  const day = saves.today();
  $("daily-date").textContent = t("daily.date", { date: day });
  const dailyList = $("daily-list");
  dailyList.replaceChildren();
  if (saves.dailyProblem()) problems.push("daily");
  for (const daily of saves.DAILY) {
    if (!(daily.game in RENDERERS)) continue;
    const best = saves.dailyBest(day, daily.game);
    const words = best === null ? t("daily.none")
      : t(daily.words, { best, seconds: (best / 1000).toFixed(1) });
    dailyList.append(element("li", { class: "daily", "data-game": daily.game }, [
      element("a", { class: "button secondary", href: `#/daily?game=${daily.game}`, text: t(`daily.${daily.game}`) }),
      element("span", { class: "daily-best hint", text: words }),
    ]));
  }
  // Statistics
  const levelOrder = (game) => gameInfo(game)?.bot_levels || ["easy", "normal", "hard"];
  const { rows, problem: statsProblem } = saves.statRows(GAMES, levelOrder);
  if (statsProblem) problems.push("stats");
  const body = $("stats-body");
  body.replaceChildren();
  for (const row of rows) {
    body.append(element("tr", { "data-game": row.game, "data-level": row.level }, [
      element("th", { scope: "row", text: t(`game.${row.game}.title`) }),
      element("td", { text: row.level === "none" ? t("stats.no_bots") : t(`level.${row.level}`, {}, row.level) }),
      element("td", { class: "num played", text: String(row.played) }),
      element("td", { class: "num won", text: String(row.won) }),
    ]));
  }
  $("stats-table").hidden = rows.length === 0;
  $("stats-empty").hidden = rows.length > 0;
  storeNotice(problems);
}

/** Ask the engine whether each saved game still opens; one that does not is hidden, named in a notice, and
 * kept (under a backup key) when a new game of that kind is saved. */
async function validateSaves(list) {
  if (!list.length) return;
  try { await engine.ready; } catch { return; }
  const broken = [];
  for (const record of list) {
    const reply = await engine.request({ op: "check", code: record.code });
    if (reply.ok && reply.game === record.game && !reply.is_over) continue;
    app.badSaves.add(record.game);
    if (!reply.ok) broken.push(t(`game.${record.game}.title`));
    document.querySelector(`#continue-list li[data-game="${record.game}"]`)?.remove();
  }
  $("menu-continue").hidden = $("continue-list").children.length === 0;
  if (broken.length && document.body.dataset.screen === "menu") {
    notice(t("saves.bad_record", { game: broken.join(", ") }), "error");
  }
}

function wireSaves() {
  $("btn-send").addEventListener("click", sendMove);
  const toReplay = () => {
    const table = app.table;
    if (!table) return;
    const seats = encodeURIComponent(seatsParam(table.seats));
    if (table.share) { location.hash = `#/replay?code=${encodeURIComponent(table.share)}&seats=${seats}&step=0`; return; }
    // a game whose deal stays secret: replay this device's own record of it, and keep its code out of the URL
    app.ownReplay = table.resume;
    location.hash = `#/replay?own=1&seats=${seats}&step=0`;
  };
  $("btn-replay").addEventListener("click", toReplay);
  $("btn-over-replay").addEventListener("click", () => { $("game-over").hidden = true; toReplay(); });
  $("replay-first").addEventListener("click", () => replayStep(0));
  $("replay-back").addEventListener("click", () => replayStep(app.replay.step - 1));
  $("replay-forward").addEventListener("click", () => replayStep(app.replay.step + 1));
  $("replay-last").addEventListener("click", () => replayStep(app.replay.steps));
  $("replay-auto").addEventListener("click", toggleAutoplay);
  $("replay-resume").addEventListener("click", () => {
    const table = app.table;
    if (!table || !app.replay) return;
    app.replayResume = { code: table.resume, seats: table.seats };
    location.hash = table.share ? `#/play?code=${encodeURIComponent(table.share)}&seats=${encodeURIComponent(seatsParam(table.seats))}`
      : "#/play?resume=1";
  });
}

// ---------------------------------------------------------------- routes
function currentRoute() {
  const hash = location.hash.replace(/^#\/?/, "");
  const [path, query = ""] = hash.split("?");
  return { game: path || "", params: new URLSearchParams(query) };
}

async function openLink(params) {
  const link = await readLink(params);
  if (!link) return null;
  const { code, seats } = link;
  const request = { op: "open", code };
  if (seats) request.seats = seats;
  const navigation = app.navigation;
  const reply = await engine.request(request);
  if (navigation !== app.navigation) return reply; // the player went elsewhere meanwhile: do not take over
  if (!reply.ok) return failLink(reply.error);
  await enterGame(reply);
  return reply;
}

/** A `#/play?saved=<game>` route (the device's own saved game, for a game whose deal stays secret) or
 * `#/play?resume=1` (play on from a replay of it), as the code and seats it stands for. */
function savedLink(params) {
  if (params.has("resume") && app.replayResume) {
    const { code, seats } = app.replayResume;
    return new URLSearchParams({ code, seats: seatsParam(seats) });
  }
  if (!params.has("saved") || !storing()) return params;
  const record = saves.listSaves(GAMES).saves.find((item) => item.game === params.get("saved"));
  return record ? new URLSearchParams({ code: record.code, seats: record.seats }) : new URLSearchParams({ code: "" });
}

function failLink(error) {
  app.linkError = error;
  history.replaceState(null, "", "#/");
  renderMenu();
  notice(error && error.key === "error.engine_failed" ? errorText(error) : t("error.bad_link", { reason: linkReason(error) || errorText(error) }), "error");
  return null;
}

async function route() {
  app.navigation = (app.navigation || 0) + 1; // a reply that arrives after the next route change is ignored
  const { game, params } = currentRoute();
  if (game === "play" && app.table && !app.replay && document.body.dataset.screen === "game"
      && (params.get("code") === app.table.share || (params.has("saved") && params.get("saved") === app.table.game))) {
    return; // the game on screen (its own address, written by saveUrl)
  }
  // Whatever the address now shows, the game that was on screen stops here: a bot's move still on its way must
  // not be drawn, nor write that game's address over the new one.
  stopGame();
  if (game === "play") {
    await openLink(savedLink(params));
  } else if (game === "replay") {
    await openReplay(params);
  } else if (game === "daily") {
    await openDaily(params);
  } else if (/^(rules|learn)\/[a-z]+$/.test(game)) { // rules pages and guided first games (web/rules.js, web/learn.js)
    showScreen(game.slice(0, 5));
    await (await import(game.startsWith("rules/") ? "./rules.js" : "./learn.js")).open(game.slice(6), engine);
  } else if (GAMES.includes(game)) {
    renderSetup(game);
  } else {
    if (game) notice(t("error.unknown_game", { game }), "error");
    renderMenu();
  }
}

// ---------------------------------------------------------------- wiring
function wire() {
  $("notice-close").addEventListener("click", clearNotice);
  $("engine-retry").addEventListener("click", retryEngine);
  $("btn-undo").addEventListener("click", undo);
  $("btn-hint").addEventListener("click", hint);
  $("btn-copy").addEventListener("click", copyLink);
  $("btn-new").addEventListener("click", () => {
    const table = app.table;
    if (!table) return;
    app.lastSetup = { ...(app.lastSetup || {}), [table.game]: { players: table.players, seats: table.seats, options: table.options } };
    location.hash = `#/${table.game}`;
  });
  $("btn-again").addEventListener("click", () => {
    const table = app.table;
    // the rules may rotate something for the next game (Upples' first player): the bridge's `rematch`
    startNew({ game: table.game, players: table.players, seats: table.seats, options: table.rematch || table.options, seed: "" });
  });
  $("btn-over-close").addEventListener("click", () => { $("game-over").hidden = true; $("board").focus(); });
  wireSaves();
  $("board").parentElement.addEventListener("keydown", (event) => { // the board's canvas is replaced per renderer
    if (event.target.id !== "board") return;
    if (app.replay) { replayKey(event); return; }
    if (app.renderer && app.table) app.renderer.keydown(event);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("game-over").hidden) $("game-over").hidden = true;
  });
  window.addEventListener("hashchange", route);
  window.addEventListener("resize", fitBoardToScreen);
  $("lang-select").value = currentLanguage();
  $("lang-select").addEventListener("change", (event) => setLanguage(event.target.value, { remember: storing() }));
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
  else if (screen === "game" && app.table) {
    $("board-help").textContent = wording(`${app.table.game}.help`);
    show(app.table, { animate: false });
    if (!$("game-over").hidden) showGameOver(app.table);
  }
}

// ---------------------------------------------------------------- embed mode (web/embed.js, docs/embed.md)
// `index.html?embed=1&parent=<origin>&lang=<xx>#/<route>` inside another site's iframe: a compact page that
// posts events to its parent window at that origin only (never "*"), and takes commands only from its parent
// window at that origin. Everything else is ignored without a word.
const EMBED = (() => {
  const query = new URLSearchParams(location.search);
  if (query.get("embed") !== "1" || window.parent === window) return null;
  let parent = null;
  try {
    const claimed = query.get("parent") || "";
    const origin = new URL(claimed).origin;
    // Where the browser tells us who framed us, the claim must match: else a page that frames us while
    // naming another origin would only make our messages fail.
    const actual = location.ancestorOrigins ? location.ancestorOrigins[0] : origin;
    if (origin !== "null" && origin === claimed && origin === actual) parent = origin;
  } catch { /* no usable parent: the page works, and talks to nobody */ }
  const { game } = currentRoute();
  return { parent, lang: query.get("lang") || "", one: game !== "" };
})();

function embedPost(type, data = {}) {
  if (EMBED && EMBED.parent) window.parent.postMessage({ ...data, gamebox: 1, type }, EMBED.parent);
}

/** What an embedding page may know of a table: the bridge's `public` summary (core/viewer.py), made for it. It
 * holds the public game only: no view, no pending secret move, and no seed or code of a game with hidden hands
 * before the game is over. */
function embedSummary(table) {
  const { game, seed, players, seats, share, fingerprint, moves, to_move, is_over } = table.public;
  return { game, seed, players, seats, share, fingerprint, moves, to_move, is_over };
}

/** Embed events for what became public since `previous`: moves (a secret one once it is revealed), undo. */
function embedMoves(previous, table) {
  if (!EMBED || !previous || previous.game !== table.game || app.replay) return;
  const before = previous.public.history;
  const now = table.public.history;
  if (now.length < before.length) embedPost("undo", embedSummary(table));
  const fresh = now.slice(before.length);
  if (!fresh.length || now.length < before.length) return;
  const [seat, action] = fresh[fresh.length - 1];
  embedPost("move", { ...embedSummary(table), seat, action, actions: fresh });
}

function embedSeats(value) {
  if (typeof value === "string") value = value.split(",");
  if (!Array.isArray(value)) return undefined;
  return value.map((sitter) => (typeof sitter === "string"
    ? (sitter === "human" ? { kind: "human", level: "" } : { kind: "bot", level: sitter }) : sitter));
}

function embedFailure(error) {
  const safe = error || { type: "BadRequest", key: "error.bad_request", params: {}, message: "failed" };
  return { ok: false, error: { type: safe.type, key: safe.key, message: safe.message, text: errorText(safe) } };
}

async function embedCommand(command) {
  if (command.type === "new") {
    const seats = embedSeats(command.seats);
    const players = Number.isInteger(command.players) ? command.players : seats ? seats.length : undefined;
    const setup = { game: String(command.game ?? app.table?.game ?? ""), players,
      seats: seats ?? [], options: command.options ?? {}, seed: String(command.seed ?? "") };
    if (!(setup.game in RENDERERS)) {
      return embedFailure({ type: "UnknownGame", key: "error.unknown_game", params: { game: setup.game }, message: "unknown game" });
    }
    if (!seats) delete setup.seats;
    const reply = await startNew(setup);
    return reply.ok ? { ok: true, ...embedSummary(reply) } : embedFailure(reply.error);
  }
  if (command.type === "open") {
    const seats = embedSeats(command.seats);
    app.linkError = null;
    const params = new URLSearchParams({ code: String(command.code ?? "") });
    if (seats) params.set("seats", seats.map((s) => (s.kind === "human" ? "human" : s.level)).join(","));
    const reply = await openLink(params);
    return reply ? { ok: true, ...embedSummary(reply) } : embedFailure(app.linkError);
  }
  if (command.type === "play") {
    const seat = Number.isInteger(command.seat) ? command.seat : humanToMove();
    app.playError = null;
    const played = await playHuman(String(command.action ?? ""), seat);
    return played ? { ok: true, ...embedSummary(app.table) } : embedFailure(app.playError
      || { type: "IllegalAction", key: "error.not_your_turn", params: {}, message: "That seat may not move now." });
  }
  return embedFailure({ type: "BadRequest", key: "error.bad_request", params: { op: String(command.type) }, message: "unknown command" });
}

function startEmbed() {
  document.body.classList.add("embed");
  if (EMBED.one) document.body.classList.add("embed-one");
  const { game, params } = currentRoute();
  const seats = GAMES.includes(game) && parseSeats(params.get("seats"), (params.get("seats") || "").split(",").length);
  if (seats) app.lastSetup = { [game]: { players: seats.length, seats } };
  if (!EMBED.parent) return;
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || event.origin !== EMBED.parent) return;
    const command = event.data;
    if (!command || typeof command !== "object" || command.gamebox !== 1 || typeof command.type !== "string") return;
    embedCommand(command).catch((error) => embedFailure({ type: "InternalError", key: "error.internal", params: {}, message: String(error) }))
      .then((reply) => embedPost("reply", { ...reply, id: command.id ?? null, command: command.type }));
  });
  let height = 0;
  new ResizeObserver(() => {
    const now = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (now !== height) embedPost("resize", { height: (height = now) });
  }).observe(document.documentElement);
}

/** Tell the host page when the engine is ready, and again after a Retry; a failure comes with its short `reason`
 * word and the words the player sees (never the raw text of the failure). */
function embedReady() {
  const ready = () => embedPost("ready", { screen: document.body.dataset.screen, ...(app.table ? embedSummary(app.table) : {}) });
  const failed = () => embedPost("error", { reason: engine.reason || "unknown", message: $("engine-text").textContent });
  engine.ready.then(ready, failed).then(() => {
    engine.addEventListener("ready", (event) => { if (!event.detail?.restarted) ready(); });
    engine.addEventListener("failed", failed);
  });
}

// The embedding and testing API: everything a host page or a test needs, as promises.
window.gamebox = {
  // the current boot's promise (a Retry makes a new one); it rejects when the engine cannot load, and is
  // handled here, so a failed load is never an uncaught error
  get ready() {
    const ready = engine.ready.then(() => true);
    ready.catch(() => {});
    return ready;
  },
  open: (code, seats) => openLink(new URLSearchParams({ code, ...(seats ? { seats } : {}) })),
  table: () => app.table,
  view: () => (app.table ? app.table.view : null),
  legal: async (seat) => {
    const reply = await engine.request({ op: "legal", seat: seat ?? app.table?.to_move[0] ?? 0 });
    return reply.ok ? reply.actions : [];
  },
  play: (action) => playHuman(action),
  botMove: async (budget = BOT_BUDGET_MS) => {
    stopGame();
    const generation = app.generation;
    const reply = await engine.request({ op: "bot", budget_ms: budget });
    if (reply.ok && generation === app.generation && app.renderer) show(reply);
    return reply;
  },
  link: () => (app.table ? playLink(app.table) : null),
  replay: (code, step, seats) => openReplay(new URLSearchParams({ code, step: String(step ?? 0), ...(seats ? { seats } : {}) })),
  request: (request) => engine.request(request),
  // what the person can do now, in CSS pixels of the viewport: [{kind: "tap", x, y, action?, label}] and
  // [{kind: "drag", x, y, x2, y2, label}] (web/games/kit.js); a tap at a target's point plays exactly its action
  targets: () => (document.body.dataset.screen === "learn" ? window.gamebox.learn?.targets() ?? [] : app.renderer && app.table && !app.busy && app.renderer.targets ? app.renderer.targets() : []),
  // every text the paint kit could not fit in its box since the page loaded (tests assert there is none)
  overflows: () => textOverflows(),
};

if (EMBED) startEmbed();
await loadLanguage(EMBED?.lang);
translatePage();
renderEngineStatus();
wire();
await route();
// after the boot and the first table, so caching the app for offline never competes with a first visit's game
engine.ready.catch(() => {}).then(registerServiceWorker);
if (EMBED) embedReady();
