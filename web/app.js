// Gamebox front end: router, menu, seat set-up, game screen, share and undo. No rules live here: the page
// asks the worker (gamebox.core.bridge in Pyodide) and draws what view() says.
import { Engine } from "./engine.js";
import { has, loadLanguage, t, translatePage } from "./i18n.js";

const GAMES = ["upthrust", "ubongo", "upples", "upcombine", "whoopies"];
// A game is playable when its renderer exists; the rules' readiness comes from the worker.
const RENDERERS = { upthrust: () => import("./games/upthrust.js"), upples: () => import("./games/upples.js"),
  whoopies: () => import("./games/whoopies.js"),
  upcombine: () => import("./games/upcombine.js"),
  ubongo: () => import("./games/ubongo.js"),
};
const BOT_DELAY_MS = 450;
const BOT_BUDGET_MS = 700;

const $ = (id) => document.getElementById(id);
const engine = new Engine();
const app = {
  table: null, renderer: null, rendererGame: null, busy: false, seats: null, overShown: false,
  loggedMoves: 0, botTimer: null, generation: 0,
};

// ---------------------------------------------------------------- helpers
function element(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function notice(text, kind = "info") {
  $("notice-text").textContent = text;
  $("notice").dataset.kind = kind;
  $("notice").hidden = false;
}

function clearNotice() { $("notice").hidden = true; }

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
  return key && has(key) && key.startsWith("share.") ? t(key, { ...error.params }) : (error ? error.message : "");
}

function showScreen(name) {
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

function playLink(table) {
  const base = `${location.origin}${location.pathname}`;
  return `${base}#/play?code=${encodeURIComponent(table.share)}&seats=${encodeURIComponent(seatsParam(table.seats))}`;
}

// ---------------------------------------------------------------- engine status
// Pyodide reports no byte counts, so while the runtime downloads the bar creeps towards the next stage.
let creep = null;
engine.addEventListener("progress", (event) => {
  const { stage, fraction } = event.detail;
  $("engine-text").textContent = t(`engine.stage.${stage}`, {}, t("engine.loading"));
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
  $("engine-text").textContent = t("engine.ready");
  $("engine-progress").value = 1;
  $("engine-status").classList.add("done");
  $("setup-wait").hidden = true;
  $("setup-start").disabled = false;
  if (document.body.dataset.screen === "setup") renderSetup(currentRoute().game);
});
engine.addEventListener("failed", (event) => {
  clearInterval(creep);
  $("engine-status").classList.add("failed");
  $("engine-text").textContent = t("engine.failed", { message: event.detail.message });
});

// ---------------------------------------------------------------- menu
function renderMenu() {
  stopGame();
  const list = $("game-list");
  list.replaceChildren();
  for (const game of GAMES) {
    const playable = game in RENDERERS;
    const card = element("li", { class: `game-card${playable ? "" : " soon"}`, "data-game": game }, [
      element("h2", { text: t(`game.${game}.title`) }),
      element("p", { text: t(`game.${game}.blurb`) }),
      playable
        ? element("a", { class: "button", href: `#/${game}`, text: t("menu.play"), "aria-label": `${t("menu.play")} ${t(`game.${game}.title`)}` })
        : element("p", { class: "soon-label", text: t("menu.soon") }),
    ]);
    list.append(card);
  }
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
  const info = gameInfo(game);
  $("setup-start").disabled = !info;
  $("setup-wait").hidden = Boolean(info) || Boolean(engine.failed);
  const playersSelect = $("setup-players");
  const seatsList = $("setup-seats");
  const optionsBox = $("setup-options");
  const remembered = preset || app.lastSetup?.[game];
  playersSelect.replaceChildren();
  const low = info ? info.min_players : 1;
  const high = info ? info.max_players : 4;
  for (let n = low; n <= high; n++) playersSelect.append(element("option", { value: n, text: String(n) }));
  playersSelect.value = String(remembered?.players ?? Math.min(Math.max(2, low), high));
  const levels = info ? info.bot_levels : ["easy", "hard"];

  const drawSeats = () => {
    const players = Number(playersSelect.value);
    const old = [...seatsList.querySelectorAll("li")].map((li) => ({
      kind: li.querySelector("select.kind").value, level: li.querySelector("select.level").value,
    }));
    seatsList.replaceChildren();
    for (let seat = 0; seat < players; seat++) {
      const prior = old[seat] || remembered?.seats?.[seat]
        || { kind: seat === 0 || players === 1 ? "human" : "bot", level: levels[levels.length - 1] };
      const kind = element("select", { class: "kind", "aria-label": `${t("setup.seat", { n: seat + 1 })}` }, [
        element("option", { value: "human", text: t("setup.human") }),
        element("option", { value: "bot", text: t("setup.bot") }),
      ]);
      kind.value = prior.kind;
      const level = element("select", { class: "level", "aria-label": `${t("setup.seat", { n: seat + 1 })} ${t("setup.level")}` },
        levels.map((name) => element("option", { value: name, text: t(`level.${name}`, {}, name) })));
      level.value = levels.includes(prior.level) ? prior.level : levels[levels.length - 1];
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
    for (const [name, spec] of Object.entries(info ? info.options : {})) {
      const choices = offered[name] || spec.choices;
      if (choices.length < 2) continue;
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
  await engine.ready.catch(() => {});
  const reply = await engine.request({ op: "new", ...setup });
  if (!reply.ok) { notice(errorText(reply.error), "error"); return; }
  await enterGame(reply);
}

// ---------------------------------------------------------------- the game screen
function stopGame() {
  app.generation++;
  clearTimeout(app.botTimer);
  app.botTimer = null;
}

async function enterGame(table) {
  stopGame();
  app.overShown = table.is_over;
  app.loggedMoves = table.log.length;
  $("game-over").hidden = true;
  $("log").replaceChildren();
  if (app.rendererGame !== table.game) {
    if (app.renderer) app.renderer.destroy();
    const module = await RENDERERS[table.game]();
    app.renderer = module.create($("board"), rendererHost);
    app.rendererGame = table.game;
  }
  app.table = null;
  showScreen("game");
  $("board-help").textContent = t(`${table.game}.help`, {}, "");
  show(table, { animate: false });
  history.replaceState(null, "", `#/play?code=${encodeURIComponent(table.share)}&seats=${encodeURIComponent(seatsParam(table.seats))}`);
  $("board").focus({ preventScroll: true });
}

/** The human seat that may act now, or null (bot's turn, busy, or over). */
function humanToMove(table = app.table) {
  if (!table || table.is_over || app.busy) return null;
  const seat = table.to_move.find((s) => table.seats[s].kind === "human");
  return seat === undefined ? null : seat;
}

const rendererHost = {
  t,
  announce,
  seatName: (seat) => seatName(app.table, seat),
  humanSeat: () => humanToMove(),
  humanSeats: () => (app.table && !app.table.is_over
    ? app.table.to_move.filter((seat) => app.table.seats[seat].kind === "human") : []),
  act: (action, seat) => playHuman(action, seat ?? humanToMove()),
  request: (request) => engine.request(request),
};

function show(table, { animate = true } = {}) {
  const previous = app.table;
  app.table = table;
  $("game-title").textContent = t(`game.${table.game}.title`);
  $("game-seed").textContent = t("game.seed", { seed: table.seed });
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
  // move log: append new entries; rebuild after undo
  const log = $("log");
  if (!previous || table.log.length < app.loggedMoves || previous.fingerprint === table.fingerprint) {
    log.replaceChildren();
    app.loggedMoves = 0;
  }
  const fresh = table.log.slice(app.loggedMoves);
  for (const entry of fresh) log.append(element("li", { text: logText(table, entry), "data-key": entry.key }));
  app.loggedMoves = table.log.length;
  log.scrollTop = log.scrollHeight;
  if (fresh.length && previous) announce(fresh.map((entry) => logText(table, entry)).join(" "));
  // controls
  $("btn-undo").disabled = !table.can_undo || app.busy;
  $("btn-hint").disabled = humanToMove(table) === null;
  app.renderer.draw(table, { animate: animate && Boolean(previous) });
  document.body.dataset.fingerprint = table.fingerprint;
  document.body.dataset.moves = String(table.history.length);
  if (table.is_over && !app.overShown) {
    app.overShown = true;
    showGameOver(table);
  }
  if (!table.is_over) app.overShown = false;
  scheduleBot();
}

/** Words for one move-log entry: its key's template, with each parameter worded where the catalogue knows
 * it (`<game>.<param>.<value>`, then `colour.<value>`), seat numbers as names, and an `_one` form when a
 * number in it is 1. Falls back to Python's English text. */
function logText(table, entry) {
  const params = { ...entry.params };
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== "string") continue;
    if (has(`${table.game}.${name}.${value}`)) params[name] = t(`${table.game}.${name}.${value}`);
    else if (has(`colour.${value}`)) params[name] = t(`colour.${value}`);
  }
  if (entry.seat !== null && entry.seat !== undefined) params.name = seatName(table, entry.seat);
  const single = Object.values(entry.params).some((value) => value === 1);
  const key = single && has(`${entry.key}_one`) ? `${entry.key}_one` : entry.key;
  return has(key) ? t(key, params) : entry.text;
}

function renderScores(body, table) {
  body.replaceChildren();
  table.scores.forEach((score, seat) => {
    const badges = app.renderer.seatBadges ? app.renderer.seatBadges(table.view, seat) : [];
    const swatches = element("span", { class: "swatches" },
      badges.map((badge) => element("span", { class: "swatch", title: badge.label, style: `background:${badge.colour}`, text: badge.symbol || "" })));
    const row = element("tr", { class: [table.to_move.includes(seat) ? "to-move" : "", table.winners.includes(seat) ? "winner" : ""].join(" ") }, [
      element("td", {}, [swatches]),
      element("th", { scope: "row", text: seatName(table, seat) }),
      element("td", { class: "score", text: String(score) }),
    ]);
    body.append(row);
  });
}

function showGameOver(table) {
  const names = table.winners.map((seat) => seatName(table, seat));
  let result;
  if (table.players === 1) {
    result = table.view.target !== null && table.view.target !== undefined
      ? t("over.solo_best", { score: table.scores[0], target: table.view.target })
      : t("over.solo", { score: table.scores[0] });
  } else if (names.length === 1 && table.seats[table.winners[0]].kind === "human"
             && table.seats.filter((s) => s.kind === "human").length === 1) {
    result = t("over.you_win");
  } else {
    result = t(names.length === 1 ? "over.winner" : "over.winners", { names: names.join(" & ") });
  }
  $("over-result").textContent = result;
  renderScores($("over-scores"), table);
  $("game-over").hidden = false;
  announce(result);
  $("btn-again").focus();
}

function scheduleBot() {
  const table = app.table;
  clearTimeout(app.botTimer);
  if (!table || table.is_over || app.busy) return;
  // Bots act whenever one of them is to move. In a simultaneous phase (a race, a grab) humans may be to
  // move as well: a bot's action carries its own time, and the rules order actions by those times.
  if (!table.to_move.some((seat) => table.seats[seat].kind === "bot")) return;
  const generation = app.generation;
  app.botTimer = setTimeout(async () => {
    if (generation !== app.generation) return;
    app.busy = true;
    const reply = await engine.request({ op: "bot", budget_ms: BOT_BUDGET_MS });
    app.busy = false;
    if (generation !== app.generation) return;
    if (!reply.ok) { notice(errorText(reply.error), "error"); return; }
    show(reply);
    saveUrl(reply);
  }, BOT_DELAY_MS);
}

function saveUrl(table) {
  history.replaceState(null, "", `#/play?code=${encodeURIComponent(table.share)}&seats=${encodeURIComponent(seatsParam(table.seats))}`);
}

/** Play `action` for `seat` (default: the first human seat to move). */
async function playHuman(action, seat = humanToMove()) {
  const table = app.table;
  if (seat === null || !table || app.busy || !table.to_move.includes(seat) || table.seats[seat].kind !== "human") {
    return false;
  }
  app.busy = true;
  const generation = app.generation;
  const reply = await engine.request({ op: "apply", seat, action });
  app.busy = false;
  if (generation !== app.generation) return false;
  if (!reply.ok) {
    notice(errorText(reply.error), "error");
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
  app.busy = true;
  const reply = await engine.request({ op: "undo" });
  app.busy = false;
  if (!reply.ok) { notice(errorText(reply.error)); return; }
  app.overShown = reply.is_over;
  $("game-over").hidden = true;
  show(reply, { animate: false });
  saveUrl(reply);
}

async function hint() {
  const seat = humanToMove();
  if (seat === null) return;
  app.busy = true;
  const reply = await engine.request({ op: "hint", seat, budget_ms: 1500 });
  app.busy = false;
  if (!reply.ok) { notice(errorText(reply.error)); return; }
  app.renderer.showHint?.(reply.action);
  const words = app.renderer.describeAction ? app.renderer.describeAction(app.table.view, reply.action) : reply.action;
  notice(t("game.hint_is", { move: words }));
  announce(t("game.hint_is", { move: words }));
}

async function copyLink() {
  if (!app.table) return;
  const link = playLink(app.table);
  $("btn-copy").dataset.link = link;
  try {
    await navigator.clipboard.writeText(link);
    notice(t("game.copied"));
  } catch {
    notice(t("game.copy_failed", { link }));
  }
}

// ---------------------------------------------------------------- routes
function currentRoute() {
  const hash = location.hash.replace(/^#\/?/, "");
  const [path, query = ""] = hash.split("?");
  return { game: path || "", params: new URLSearchParams(query) };
}

async function openLink(params) {
  const code = params.get("code") || "";
  stopGame();
  showScreen("game");
  $("turn").textContent = t("game.loading");
  try { await engine.ready; } catch { return failLink({ key: "error.engine_failed", params: {}, message: engine.failed }); }
  const players = Number((code.split(".")[3]) || 0);
  const seats = parseSeats(params.get("seats"), players);
  if (seats === undefined) return failLink({ key: "share.bad_seats", params: {}, message: "bad seats" });
  const request = { op: "open", code };
  if (seats) request.seats = seats;
  const reply = await engine.request(request);
  if (!reply.ok) return failLink(reply.error);
  await enterGame(reply);
  return reply;
}

function failLink(error) {
  history.replaceState(null, "", "#/");
  renderMenu();
  notice(error && error.key === "error.engine_failed" ? errorText(error) : t("error.bad_link", { reason: linkReason(error) || errorText(error) }), "error");
  return null;
}

async function route() {
  const { game, params } = currentRoute();
  if (game === "play") {
    if (app.table && params.get("code") === app.table.share && document.body.dataset.screen === "game") return;
    await openLink(params);
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
    startNew({ game: table.game, players: table.players, seats: table.seats, options: table.options, seed: "" });
  });
  $("btn-over-close").addEventListener("click", () => { $("game-over").hidden = true; $("board").focus(); });
  $("board").addEventListener("keydown", (event) => {
    if (app.renderer && app.table) app.renderer.keydown(event);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("game-over").hidden) $("game-over").hidden = true;
  });
  window.addEventListener("hashchange", route);
}

// The embedding and testing API: everything a host page or a test needs, as promises.
window.gamebox = {
  ready: engine.ready.then(() => true),
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
    const reply = await engine.request({ op: "bot", budget_ms: budget });
    if (reply.ok) show(reply);
    return reply;
  },
  link: () => (app.table ? playLink(app.table) : null),
  request: (request) => engine.request(request),
};

await loadLanguage("en");
translatePage();
wire();
await route();
