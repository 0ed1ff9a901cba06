// Rules pages, `#/rules/<game>` (docs/learn.md): short sections of plain words from the catalogues, each with
// example boards drawn by the game's own renderer from real positions. A position is a seed and a list of
// actions (web/games/<game>/rules.json), replayed by the engine: the page never draws a board by hand.
import { t, wording } from "./i18n.js";

export const GAMES = ["upthrust", "ubongo", "upples", "upcombine", "whoopies"];
const RENDERERS = {
  upthrust: () => import("./games/upthrust/renderer.js"),
  ubongo: () => import("./games/ubongo/renderer.js"),
  upples: () => import("./games/upples/renderer.js"),
  upcombine: () => import("./games/upcombine/renderer.js"),
  whoopies: () => import("./games/whoopies/renderer.js"),
};

const page = { game: null, boards: [], token: 0, engine: null };

// ---------------------------------------------------------------- helpers shared with learn.js
export function element(tag, props = {}, children = []) {
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

/** Paragraphs of a catalogue text: a blank line (or a line break) starts a new one. */
export function paragraphs(text) {
  return String(text).split(/\n+/).map((line) => line.trim()).filter(Boolean).map((line) => element("p", { text: line }));
}

const cache = new Map();
/** A JSON data file of the site (web/games/<game>/rules.json, web/games/<game>/learn.json). */
export async function loadJson(path) {
  if (!cache.has(path)) {
    cache.set(path, fetch(path).then((response) => {
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return response.json();
    }));
  }
  return cache.get(path).catch((error) => { cache.delete(path); throw error; });
}

/** Seats for the bridge: seat 0 is the person, the others are bots (so the table is always shown to seat 0). */
export function seatsFor(players, level = "easy") {
  return Array.from({ length: players }, (_, seat) => (seat === 0 ? { kind: "human", level: "" } : { kind: "bot", level }));
}

/** The table of a position: the game from its seed after `history` ([[seat, action], ...]), shown to seat 0. */
export function position(engine, { game, seed, players, options, level }, history) {
  return engine.request({ op: "new", game, seed, players, options: options || {}, seats: seatsFor(players, level),
    history, viewer: 0 });
}

/** The game's renderer on `canvas`, for `host` (read-only unless the host lets a seat act). */
export async function mountRenderer(game, canvas, host) {
  const module = await RENDERERS[game]();
  return module.create(canvas, host);
}

/** A host for a board nobody plays on: it names seats, and refuses every action. */
function viewingHost(engine) {
  return {
    t,
    wording,
    announce: () => {},
    seatName: (seat) => (seat === 0 ? t("seat.you") : t("learn.bot", { n: seat + 1 })),
    humanSeat: () => null,
    humanSeats: () => [],
    act: async () => false,
    request: (request) => engine.request(request),
  };
}

// ---------------------------------------------------------------- the page
/** Sections every game has are titled alike (`rules.section.<id>`); a game's own section has its own title. */
export const COMMON_SECTIONS = ["goal", "components", "setup", "turn", "scoring", "end", "modes", "decisions"];
function sectionTitle(game, section) {
  return section.title || (COMMON_SECTIONS.includes(section.id) ? `rules.section.${section.id}` : `rules.${game}.${section.id}.title`);
}

function clearBoards() {
  for (const board of page.boards) {
    try { board.renderer.destroy(); } catch { /* a renderer that is already gone */ }
  }
  page.boards = [];
}

/** Show the rules of `game` (called by app.js's router for `#/rules/<game>`). */
export async function open(game, engine) {
  page.engine = engine;
  const token = ++page.token;
  clearBoards();
  page.game = game;
  const root = document.getElementById("rules-body");
  root.replaceChildren();
  if (!GAMES.includes(game)) {
    root.append(element("p", { text: t("error.unknown_game", { game }) }));
    return;
  }
  document.getElementById("rules-title").textContent = t("rules.title", { game: t(`game.${game}.title`) });
  const nav = document.getElementById("rules-nav");
  nav.replaceChildren(
    element("a", { class: "button", href: `#/learn/${game}`, text: t("learn.start_button") }),
    element("a", { class: "button secondary", href: `#/${game}`, text: t("rules.play") }),
    element("a", { class: "button secondary", href: "#/", text: t("game.menu") }),
  );
  const others = document.getElementById("rules-others");
  others.replaceChildren(...GAMES.filter((id) => id !== game).map((id) => element("li", {}, [
    element("a", { href: `#/rules/${id}`, text: t(`game.${id}.title`) }),
  ])));
  let data;
  try { data = await loadJson(`web/games/${game}/rules.json`); } catch {
    if (token === page.token) root.append(element("p", { class: "hint", text: t("rules.unavailable") }));
    return;
  }
  if (token !== page.token) return;
  const contents = element("ol", { class: "rules-contents" });
  root.append(element("nav", { class: "rules-toc", "aria-label": t("rules.contents") }, [contents]));
  const pending = [];
  for (const section of data.sections) {
    const id = `rules-${game}-${section.id}`;
    const titleKey = sectionTitle(game, section);
    contents.append(element("li", {}, [element("a", { href: `#/rules/${game}`, "data-target": id, text: t(titleKey),
      onclick: (event) => { event.preventDefault(); const target = document.getElementById(id); target?.scrollIntoView({ block: "start" }); target?.focus({ preventScroll: true }); } })]));
    const box = element("section", { class: "rules-section", id, tabindex: "-1", "aria-labelledby": `${id}-h` }, [
      element("h2", { id: `${id}-h`, text: t(titleKey) }),
      ...paragraphs(t(`rules.${game}.${section.id}.body`)),
    ]);
    for (const [index, example] of (section.examples || []).entries()) {
      const canvas = element("canvas", { class: "rules-board", role: "img", tabindex: "-1",
        "aria-label": t(example.caption) });
      const figure = element("figure", { class: "rules-example", "data-example": `${section.id}-${index}` }, [
        element("div", { class: "rules-board-wrap" }, [canvas]),
        element("figcaption", { text: t(example.caption) }),
      ]);
      box.append(figure);
      pending.push({ example: { game, ...example }, canvas, figure });
    }
    root.append(box);
  }
  if (data.decisions) {
    root.append(element("p", { class: "hint rules-source", text: t("rules.source", { file: data.decisions }) }));
  }
  // the boards, one after another (the engine answers one request at a time anyway)
  try { await engine.ready; } catch { return; }
  for (const item of pending) {
    if (token !== page.token) return;
    const table = await position(engine, item.example, item.example.actions || []);
    if (token !== page.token) return;
    if (!table.ok) { item.figure.append(element("p", { class: "hint", text: t("rules.board_failed") })); continue; }
    const renderer = await mountRenderer(game, item.canvas, viewingHost(engine));
    if (token !== page.token) { renderer.destroy(); return; }
    page.boards.push({ renderer, canvas: item.canvas });
    renderer.draw(table, { animate: false });
    item.figure.dataset.drawn = "1";
  }
}

/** Leaving the page: every board's renderer stops (its animations and listeners). */
function leave() {
  if (!location.hash.startsWith("#/rules/") && page.game) {
    page.token++;
    clearBoards();
    page.game = null;
  }
}
window.addEventListener("hashchange", leave);
document.addEventListener("languagechange", () => {
  if (page.game && document.body.dataset.screen === "rules") open(page.game, page.engine);
});
