// The guided first game, `#/learn/<game>` (docs/learn.md). A script (web/games/<game>/learn.json) holds a fixed deal
// (seed, players, options), the bots' replies as actions, and the steps: what the person must do (an action the
// rules accept in that position, checked by tests/rules/test_learn_scripts.py), and the prompt that says so.
// The target glows (the renderer's showHint), a refused tap is answered with the rules' own reason, and the
// progress is kept on this device (localStorage, gamebox/v1/learn).
import { exampleWording, has, t } from "./i18n.js";
import { pace } from "./games/common.js";
import { $, element, paragraphs } from "./dom.js";
import { gameFile, gameInfo, mountRenderer } from "./games.js";
import { loadJson, position } from "./rules.js";
import { since } from "./clock.js";

export const STORE_KEY = "gamebox/v1/learn";
const STORE_VERSION = 1;
const BOT_PAUSE_MS = 500;

const lesson = {
  game: null, script: null, engine: null, renderer: null, table: null, history: [], index: 0, part: 0,
  busy: false, moving: false, token: 0,
  // the words for the step just finished ({key, params}): the first line of the next step, above its instructions,
  // until the person does something else (a move, a refusal, Next)
  praise: /** @type {{key: string, params?: Record<string, any>, said?: boolean} | null} */ (null),
  // the step's move as data, for the renderer's hint (the bridge's `move`): {at, action, move}, `at` the history's length
  hint: /** @type {{at: number, action: string, move: Record<string, any> | undefined} | null} */ (null),
  sitting: 0, // each opening of a lesson (a visit, Start again) is a sitting of its own: its clocks start afresh
};

// ---------------------------------------------------------------- progress on this device
function storage() {
  try { return window.localStorage; } catch { return null; }
}

/** {game: {step, steps, done, time}} from the store; anything unreadable counts as no progress. */
export function readProgress() {
  try {
    const parsed = JSON.parse(storage()?.getItem(STORE_KEY) ?? "null");
    if (parsed && parsed.version === STORE_VERSION && parsed.items && typeof parsed.items === "object") return parsed.items;
  } catch { /* not ours: start afresh */ }
  return {};
}

function saveProgress(game, record) {
  const items = { ...readProgress(), [game]: { ...record, time: Date.now() } };
  try { storage()?.setItem(STORE_KEY, JSON.stringify({ version: STORE_VERSION, items })); } catch { /* full: not kept */ }
}

// ---------------------------------------------------------------- the script
const steps = () => lesson.script.steps;
const step = () => steps()[lesson.index] || null;
/** The actions the person makes in a step, in order (most steps have one). */
const stepActions = (item) => (item ? item.actions || (item.action ? [item.action] : []) : []);
const expected = () => stepActions(step())[lesson.part] ?? null;

function errorWords(error) {
  if (!error) return t("error.internal", { message: "?" });
  const params = { ...error.params };
  if (typeof params.reason_key === "string" && has(params.reason_key)) return t(params.reason_key, params.reason_params || {});
  return has(error.key) ? t(error.key, { ...params, message: error.message }) : error.message || error.key;
}

async function request(body) {
  let reply = await lesson.engine.request(body);
  // a worker that was restarted has no table: open the lesson's position again, then ask once more
  if (!reply.ok && reply.error?.key === "error.no_game" && lesson.history) {
    await openAt(lesson.history);
    reply = await lesson.engine.request(body);
  }
  return reply;
}

/** The lesson's game after `history` ([[seat, action], ...]): its deal, then those actions. */
function openAt(history) {
  return position(lesson.engine, { game: lesson.game, ...lesson.script }, history);
}

// ---------------------------------------------------------------- the renderer's host
/** Renderers waiting for a seat's turn (host.untilTurn): told whenever the lesson settles. @type {Set<() => void>} */
const waiting = new Set();

/** The lesson settled (a step shown, a move drawn, the page left): every renderer waiting for a turn looks again. */
function wake() {
  for (const look of [...waiting]) look();
}

/** @type {import("./host.js").BoardHost} */
const host = {
  t: exampleWording.t, // seats by number worded too: seat 0 is "you" (docs/i18n.md)
  wording: exampleWording.wording,
  announce: (text) => announce(text),
  seatName: (seat) => (seat === 0 ? t("seat.you") : t("learn.bot", { n: seat + 1 })),
  humanSeat: () => (lesson.moving || !lesson.table || lesson.table.is_over || !lesson.table.to_move.includes(0)
    || !expected() ? null : 0),
  humanSeats: () => (host.humanSeat() === null ? [] : [0]),
  untilTurn: (seat) => new Promise((resolve) => {
    const token = lesson.token;
    const look = () => {
      const over = token !== lesson.token || !lesson.table || lesson.table.is_over || !lesson.table.to_move.includes(seat);
      if (!over && host.humanSeat() !== seat) return;
      waiting.delete(look);
      resolve(!over);
    };
    waiting.add(look);
    look();
  }),
  act: (action) => act(/** @type {string} */ (action)),
  play: (action) => act(/** @type {string} */ (action)),
  request: (body) => request(body),
  since: (mark, options) => since(`learn/${lesson.game}/${lesson.sitting}/${lesson.index}`, mark, options), // in memory
  // A guided game: the board offers nothing of its own that leaves the lesson or ends its game another way (Ubongo's
  // Next puzzle, Puzzle of the day, Show the solution), and any way to another screen it still has asks first.
  lesson: true,
  navigate: (route) => askToLeave(route),
};

/** The board would go to `route`, away from the lesson: ask first, next to the prompt (Leave, Stay). */
function askToLeave(route) {
  if (!lesson.game || !route.startsWith("#/") || location.hash === route) return;
  const line = document.getElementById("learn-feedback");
  const leave = element("button", { type: "button", class: "button secondary", id: "learn-leave", text: t("learn.leave"),
    onclick: () => { line.replaceChildren(); location.hash = route; } });
  const stay = element("button", { type: "button", class: "button", id: "learn-stay", text: t("learn.stay"),
    onclick: () => { line.replaceChildren(); document.getElementById("learn-board")?.focus({ preventScroll: true }); } });
  line.replaceChildren(element("span", { text: t("learn.leave_ask") }), " ", stay, " ", leave);
  line.dataset.kind = "refused";
  announce(t("learn.leave_ask"));
  stay.focus({ preventScroll: true });
}

function announce(text) {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 30);
}

/** What the step's `said` says of the person's move in `reply`: the words (a catalogue key) for the first log line of
 * seat 0 after the first `before` lines whose key the step lists ("*": any other line of theirs), or null when the
 * move brought no such line (a grab that closed on nothing). The lesson file says which lines mean what (a Whoopies
 * grab's outcome), so this page reads no game's view. */
function saidOf(item, reply, before) {
  const said = item.said || {};
  const lines = (reply.log || []).slice(before).filter((entry) => entry.seat === 0);
  const line = lines.find((entry) => entry.key in said) || ("*" in said ? lines[0] : undefined);
  return line ? said[line.key] || said["*"] : null;
}

/** The person's move (from the board, the keyboard or window.gamebox.learn.play): a target's action, or an intent
 * that Python composes into the action (host.act takes both). */
async function act(move) {
  const item = step();
  const want = expected();
  if (lesson.busy || !item || !want || !lesson.table) return false;
  const token = lesson.token;
  lesson.busy = true;
  try {
    const text = typeof move === "string" ? move : null;
    const before = lesson.table.log?.length ?? 0;
    // Python says whether the move is the step's (the reply's `expected`: the same move, whatever its clock says)
    const reply = await request({ op: "apply", seat: 0, ...(text !== null ? { action: text } : { intent: move }),
      expect: want, viewer: 0 });
    if (token !== lesson.token) return false;
    if (!reply.ok) {
      lesson.praise = null; // the last step's praise goes with the next thing the person does
      say(t("learn.refused", { reason: errorWords(reply.error) }), "refused");
      return false;
    }
    // the action played: what Python composed of the move (this seat's last move)
    const action = reply.history[reply.history.length - 1][1];
    const onScript = reply.expected === true;
    if (!onScript && !item.free) {
      // off the script: the rules took the move, but the lesson takes it back at once
      const back = await openAt(lesson.history);
      if (token !== lesson.token) return false;
      if (back.ok) draw(back, false);
      lesson.praise = null;
      say(t("learn.off_script"), "refused");
      return false;
    }
    lesson.history = [...lesson.history, [0, action]];
    lesson.praise = null;
    say("");
    draw(reply, true);
    const words = item.said ? saidOf(item, reply, before) : null;
    if (item.free && !reply.is_over && reply.to_move.includes(0) && !words) {
      // a free step lasts while the person is to move, until their move brings a line its `said` lists: a tile laid
      // on the card (well done), or a grab that closed on nothing (the step's `retry`: try again)
      if (onScript && lesson.part + 1 < stepActions(item).length) lesson.part += 1;
      if (item.retry) say(t(item.retry), "refused", item.retry);
      else say(t("learn.good"), "ok", "learn.good");
      glow();
      return true;
    }
    lesson.praise = { key: words || "learn.good" };
    if (!item.free && lesson.part + 1 < stepActions(item).length) { lesson.part += 1; showStep(); return true; }
    if (item.bots?.length) { // said on the step just done while the bots reply, then it leads the next step
      say(t(lesson.praise.key, lesson.praise.params || {}), "ok");
      lesson.praise.said = true;
    }
    await finishStep(token);
    return true;
  } finally {
    if (token === lesson.token) lesson.busy = false;
    if (token === lesson.token) renderPrompt();
  }
}

/** The step is done: the bots reply (each shown in turn), then the next step is shown and kept. */
async function finishStep(token) {
  const item = step();
  const bots = item.bots || [];
  lesson.moving = true; // the board takes no action while the bots reply
  try {
    for (const [number, [seat, action]] of bots.entries()) {
      await new Promise((resolve) => setTimeout(resolve, BOT_PAUSE_MS * pace())); // none at test speed
      if (token !== lesson.token) return;
      const history = [...lesson.history, [seat, action]];
      const reply = await openAt(history);
      if (token !== lesson.token) return;
      if (!reply.ok) { say(errorWords(reply.error), "refused"); return; }
      lesson.history = history;
      if (number === bots.length - 1) {
        // the last reply is drawn for the next step, so the board offers that step's action at once
        lesson.index += 1;
        lesson.part = 0;
        lesson.moving = false;
      }
      draw(reply, true);
    }
  } finally {
    lesson.moving = false;
  }
  if (!bots.length) { lesson.index += 1; lesson.part = 0; }
  if (lesson.praise?.said) say(""); // the praise moves up, to lead the next step
  const done = lesson.index >= steps().length;
  saveProgress(lesson.game, { step: lesson.index, steps: steps().length, done });
  showStep();
}

async function next() {
  const item = step();
  if (!item || expected() || lesson.busy) return;
  const token = lesson.token;
  lesson.busy = true;
  renderPrompt();
  try {
    lesson.praise = null;
    say("");
    await finishStep(token);
  } finally {
    if (token === lesson.token) { lesson.busy = false; renderPrompt(); }
  }
}

// ---------------------------------------------------------------- drawing
function draw(table, animate) {
  lesson.table = table;
  document.getElementById("learn-screen")?.setAttribute("data-moves", String(table.history.length));
  lesson.renderer?.draw(table, undefined, { animate });
  glow();
  wake();
}

/** Mark the step's target on the board: the renderer's own hint, or a ring where that cannot mark it. */
function glow() {
  const want = expected();
  ring.want = null;
  if (!want || lesson.moving || !lesson.renderer || !lesson.table?.to_move.includes(0)) return;
  if (lesson.script.glow !== false) hint(want);
  // A move the board builds from where and when the hand closes (a Whoopies grab) is no target's action: the ring
  // follows the thing the step names (`ring`: the ball the scripted grab catches), wherever the throw moves it.
  // Where the renderer's hint would make the move itself (glow: false, Ubongo's Hint button), the ring marks the
  // target whose action the step is.
  const label = ringLabel();
  if (label) ring.want = (target) => target.label === label;
  else if (lesson.script.glow === false) ring.want = (target) => target.action === want;
  if (ring.want) followRing();
}

/** The renderer's hint of the step's action, with the move as data (the bridge's read-only `move` op: what the
 * renderer draws of it, so that it parses no notation), asked once per position. A bridge that has no such op
 * refuses: the hint is given the action alone. */
function hint(want) {
  const at = lesson.history.length;
  const show = () => {
    if (lesson.hint && lesson.hint.at === at && lesson.hint.action === want) lesson.renderer?.showHint?.(want, lesson.hint.move);
  };
  if (lesson.hint && lesson.hint.at === at && lesson.hint.action === want) { show(); return; }
  const token = lesson.token;
  lesson.hint = { at, action: want, move: undefined };
  const asked = lesson.hint;
  lesson.engine.request({ op: "move", action: want, viewer: 0 }).then((reply) => {
    if (token !== lesson.token || lesson.hint !== asked) return;
    asked.move = reply && reply.ok ? reply.move : undefined;
    if (expected() === want && lesson.history.length === at && lesson.table?.to_move.includes(0)) show();
  }, () => { if (token === lesson.token && lesson.hint === asked) show(); });
}

// ---------------------------------------------------------------- the ring: a glow the renderer cannot draw
const ring = { element: null, want: null, frame: 0 }; // want: (target) => is it the one to mark

/** The thing the step's ring follows ({kind, id}: the Whoopie a scripted grab catches by the ball): the script says
 * it (`ring`), and tests/rules check it against Python's own hit test of the scripted grab, so this page never
 * decides what a hand catches. */
function ringThing() {
  const item = step();
  return item && item.ring && expected() ? item.ring : null;
}

/** The words of the board's target for the ring's thing, as the board labels it: the thing's first target (Python
 * lists every creature by its ball before its bodies), worded by the renderer. */
function ringLabel() {
  const thing = ringThing();
  const found = thing && (lesson.table?.view?.targets || []).find((target) => target.thing
    && target.thing.kind === thing.kind && target.thing.id === thing.id);
  return found && lesson.renderer?.wordTarget ? lesson.renderer.wordTarget(found) : null;
}

function followRing() {
  if (!ring.element) {
    ring.element = element("div", { class: "learn-ring", "aria-hidden": "true" });
    Object.assign(ring.element.style, { position: "fixed", width: "46px", height: "46px", margin: "-23px 0 0 -23px",
      border: "4px solid #f5a623", borderRadius: "50%", boxShadow: "0 0 12px 4px rgba(245, 166, 35, 0.75)",
      pointerEvents: "none", zIndex: "20", display: "none" });
    document.body.append(ring.element);
  }
  if (ring.frame) return;
  const move = () => {
    ring.frame = 0;
    const found = ring.want && lesson.renderer?.targets?.().find(ring.want);
    ring.element.style.display = found ? "block" : "none";
    if (found) {
      ring.element.style.left = `${found.x}px`;
      ring.element.style.top = `${found.y}px`;
    }
    if (ring.want) ring.frame = requestAnimationFrame(move);
  };
  move();
}

function dropRing() {
  ring.want = null;
  if (ring.frame) cancelAnimationFrame(ring.frame);
  ring.frame = 0;
  if (ring.element) ring.element.style.display = "none";
}

/** Say `text` under the prompt. `key` is its message key where the words are the catalogue's own (worded again
 * when the language changes). @param {string} text @param {string} [kind] @param {string} [key] */
function say(text, kind = "", key = "") {
  const line = document.getElementById("learn-feedback");
  line.textContent = text;
  line.dataset.kind = kind;
  line.dataset.key = key;
  line.dataset.said = text;
  if (text) announce(text);
}

function showStep() {
  lesson.part = Math.min(lesson.part, Math.max(0, stepActions(step()).length - 1));
  glow();
  renderPrompt();
  const item = step();
  const praise = lesson.praise && !lesson.praise.said ? `${t(lesson.praise.key, lesson.praise.params || {})} ` : "";
  if (item || praise) announce(praise + t(item ? item.prompt : lesson.script.done));
  if (!item && lesson.table && lesson.renderer) { // the lesson ended: its board is a still picture, nobody to move
    lesson.renderer.draw({ ...lesson.table, to_move: [] }, undefined, { animate: false });
  }
  if (item?.timed) requestAnimationFrame(() => requestAnimationFrame(boardInView)); // once it is sized
}

/** A step played against the clock (a grab): on a page where the board runs below the window (a phone, the lesson's
 * words above it), scroll just enough to show the whole board, never its top out of view: nobody should have to
 * scroll while the creatures land. */
function boardInView() {
  const board = document.getElementById("learn-board");
  const box = board?.getBoundingClientRect();
  if (!box || box.bottom <= window.innerHeight) return;
  window.scrollBy({ top: Math.max(0, Math.min(box.top, box.bottom - window.innerHeight)), behavior: "instant" });
}

function renderPrompt() {
  const total = steps().length;
  const done = lesson.index >= total;
  const item = step();
  const panel = document.getElementById("learn-panel");
  panel.dataset.done = done ? "1" : "";
  $("learn-progress").value = Math.min(lesson.index, total) / total;
  document.getElementById("learn-count").textContent = done ? t("learn.finished_count", { n: total })
    : t("learn.step_count", { n: lesson.index + 1, total });
  const prompt = document.getElementById("learn-prompt");
  // the praise of the step just done is its first line, then what to do now (issue 26: under the next step's
  // instructions it read as if said of a move not yet made)
  const praise = lesson.praise ? [element("p", { class: "learn-praise", "data-kind": "ok",
    text: t(lesson.praise.key, lesson.praise.params || {}) })] : [];
  prompt.replaceChildren(...praise, ...paragraphs(done ? t(lesson.script.done) : t(item.prompt)));
  const buttons = document.getElementById("learn-buttons");
  const list = [];
  if (done) {
    list.push(element("a", { class: "button", href: `#/${lesson.game}`, text: t("learn.play_real") }));
    list.push(element("a", { class: "button secondary", href: `#/rules/${lesson.game}`, text: t("rules.read") }));
    list.push(element("button", { type: "button", class: "button secondary", text: t("learn.again"), onclick: restart }));
  } else {
    if (!expected()) {
      list.push(element("button", { type: "button", class: "button", id: "learn-next", text: t("learn.next"),
        disabled: lesson.busy ? "disabled" : null, onclick: next }));
    } else if (lesson.script.glow !== false) {
      list.push(element("button", { type: "button", class: "button secondary", text: t("learn.show_me"),
        onclick: () => { glow(); document.getElementById("learn-board").focus({ preventScroll: true }); } }));
    }
    list.push(element("button", { type: "button", class: "button secondary", text: t("learn.again"), onclick: restart }));
    list.push(element("a", { class: "button secondary", href: `#/rules/${lesson.game}`, text: t("rules.read") }));
  }
  // the same buttons are kept, not made anew: a tap that lands while the prompt is worded again (a move's reply, a
  // step's end) must reach the button it was aimed at
  const shape = list.map((button) => `${button.tagName}|${button.id}|${button.textContent}|${button.getAttribute("href") ?? ""}`).join("\n");
  if (buttons.dataset.shape !== shape || buttons.childElementCount !== list.length) {
    buttons.replaceChildren(...list);
    buttons.dataset.shape = shape;
  } else {
    list.forEach((button, index) => {
      const kept = /** @type {HTMLElement} */ (buttons.children[index]);
      if (button.hasAttribute("disabled")) kept.setAttribute("disabled", "disabled");
      else kept.removeAttribute("disabled");
    });
  }
  document.body.dataset.learnStep = done ? "done" : String(lesson.index);
  wake();
}

// ---------------------------------------------------------------- entering and leaving
function dropRenderer() {
  dropRing();
  if (!lesson.renderer) return;
  try { lesson.renderer.destroy(); } catch { /* gone already */ }
  lesson.renderer = null;
  // a fresh canvas, so nothing of the old renderer can draw on it or act from it
  const old = $("learn-board");
  const fresh = old.cloneNode(false);
  for (const name of ["style", "width", "height"]) fresh.removeAttribute(name);
  old.replaceWith(fresh);
  wireBoard(fresh);
}

function wireBoard(canvas) {
  canvas.addEventListener("keydown", (event) => { if (lesson.renderer && lesson.table) lesson.renderer.keydown?.(event); });
}

async function restart() {
  saveProgress(lesson.game, { step: 0, steps: steps().length, done: false });
  await open(lesson.game, lesson.engine, { fresh: true });
}

/** Show the guided first game of `game` (called by app.js's router for `#/learn/<game>`). */
export async function open(game, engine, { fresh = false } = {}) {
  lesson.engine = engine;
  lesson.sitting += 1;
  const token = ++lesson.token;
  lesson.busy = true; // until the lesson's position is on the board
  delete document.body.dataset.learnStep;
  dropRenderer();
  lesson.table = null;
  lesson.praise = null;
  lesson.hint = null;
  lesson.game = game;
  const title = document.getElementById("learn-title");
  const prompt = document.getElementById("learn-prompt");
  document.getElementById("learn-feedback").textContent = "";
  document.getElementById("learn-buttons").replaceChildren();
  const file = gameFile(game, "learn");
  if (!gameInfo(game)) { title.textContent = t("error.unknown_game", { game }); return; }
  title.textContent = t("learn.title", { game: t(`game.${game}.title`) });
  prompt.replaceChildren(element("p", { text: t("game.loading") }));
  try {
    if (!file) throw new Error(`${game} has no guided game`);
    lesson.script = await loadJson(file);
    await engine.ready;
  } catch {
    if (token === lesson.token) prompt.replaceChildren(element("p", { text: t("learn.unavailable") }));
    return;
  }
  if (token !== lesson.token) return;
  const script = lesson.script;
  const saved = fresh ? null : readProgress()[game];
  lesson.index = saved && !saved.done && Number.isInteger(saved.step) ? Math.max(0, Math.min(saved.step, script.steps.length)) : 0;
  lesson.part = 0;
  // the position: the deal, the bots' opening moves, and every step already done (with its bots' replies)
  const history = [...(script.start || [])];
  for (const item of script.steps.slice(0, lesson.index)) {
    for (const action of stepActions(item)) history.push([0, action]);
    history.push(...(item.bots || []));
  }
  lesson.history = history;
  const table = await openAt(history);
  if (token !== lesson.token) return;
  if (!table.ok) { prompt.replaceChildren(element("p", { text: errorWords(table.error) })); return; }
  const renderer = await mountRenderer(game, $("learn-board"), host);
  if (token !== lesson.token) { renderer.destroy(); return; }
  lesson.renderer = renderer;
  lesson.busy = false;
  saveProgress(game, { step: lesson.index, steps: script.steps.length, done: lesson.index >= script.steps.length });
  draw(table, false);
  showStep();
  if (saved && lesson.index > 0 && lesson.index < script.steps.length) say(t("learn.resumed"), "ok", "learn.resumed");
  document.getElementById("learn-board").focus({ preventScroll: true });
}

function leave() {
  if (!location.hash.startsWith("#/learn/") && lesson.game) {
    lesson.token++;
    dropRenderer();
    lesson.game = null;
    lesson.table = null;
    delete document.body.dataset.learnStep;
    wake();
  }
}
window.addEventListener("hashchange", leave);
document.addEventListener("languagechange", () => {
  if (lesson.game && lesson.script && document.body.dataset.screen === "learn") {
    document.getElementById("learn-title").textContent = t("learn.title", { game: t(`game.${lesson.game}.title`) });
    if (lesson.table) lesson.renderer?.draw(lesson.table, undefined, { animate: false });
    glow();
    renderPrompt();
    const line = document.getElementById("learn-feedback");
    if (line.dataset.key && line.textContent === line.dataset.said) { // still showing it: "Welcome back", reworded
      line.textContent = line.dataset.said = t(line.dataset.key);
    }
  }
});
wireBoard(document.getElementById("learn-board"));

/** What the person can do on the lesson's board now, in CSS pixels of the viewport (the renderer kit's targets()):
 * nothing while the page works or the bots reply. window.gamebox.targets() (web/embed-api.js) answers with it here. */
export function currentTargets() {
  if (!lesson.renderer || !lesson.table || lesson.busy || lesson.moving || !lesson.renderer.targets) return [];
  return lesson.renderer.targets();
}

// For tests and embedding pages: the step on screen, and the same way in as a tap on the board.
const api = /** @type {any} */ (window).gamebox;
if (api) {
  api.learn = {
    state: () => (lesson.game ? {
      game: lesson.game, step: lesson.index, steps: lesson.script ? steps().length : 0, busy: lesson.busy,
      action: lesson.script ? expected() : null, done: Boolean(lesson.script) && lesson.index >= steps().length,
      ring: lesson.script ? ringThing() : null,
      toMove: lesson.table ? lesson.table.to_move : [],
    } : null),
    play: (action) => act(action),
    next: () => next(),
    targets: () => currentTargets(),
  };
}
