// Rules pages, `#/rules/<game>` (docs/learn.md): short sections of plain words from the catalogues, each with
// example boards drawn by the game's own renderer from real positions. A position is a seed and a list of
// actions (web/games/<game>/rules.json), replayed by the engine: the page never draws a board by hand.
import { exampleWording, t } from "./i18n.js";
import { element, paragraphs } from "./dom.js";
import { gameFile, games, gameInfo, mountRenderer } from "./games.js";

export { element, paragraphs, mountRenderer };

const page = { game: /** @type {string | null} */ (null), boards: /** @type {{renderer: import("./host.js").Renderer, canvas: HTMLCanvasElement}[]} */ ([]),
  token: 0, engine: /** @type {import("./host.js").EnginePort | null} */ (null) };

const cache = new Map();
/** A JSON data file of the site (a game's rules or learn file, games.json `files`). @param {string} path
 * @returns {Promise<any>} */
export async function loadJson(path) {
  if (!cache.has(path)) {
    cache.set(path, fetch(path).then((response) => {
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return response.json();
    }));
  }
  return cache.get(path).catch((error) => { cache.delete(path); throw error; });
}

/** Seats for the bridge: seat 0 is the person, the others are bots (so the table is always shown to seat 0).
 * @param {number} players */
export function seatsFor(players, level = "easy") {
  return Array.from({ length: players }, (_, seat) => (seat === 0 ? { kind: "human", level: "" } : { kind: "bot", level }));
}

/** The table of a position: the game from its seed after `history` ([[seat, action], ...]), shown to seat 0.
 * @param {import("./host.js").EnginePort} engine
 * @param {{game: string, seed: string, players: number, options?: Record<string, any>, level?: string}} deal
 * @param {[number, string][]} history */
export function position(engine, { game, seed, players, options, level }, history) {
  return engine.request({ op: "new", game, seed, players, options: options || {}, seats: seatsFor(players, level),
    history, viewer: 0 });
}

/** A host for a board nobody plays on: it names seats, and refuses every action.
 * @param {import("./host.js").EnginePort} engine @returns {import("./host.js").BoardHost} */
function viewingHost(engine) {
  return {
    t: exampleWording.t, // seats by number worded too: seat 0 is "you" (docs/i18n.md)
    wording: exampleWording.wording,
    announce: () => {},
    seatName: (seat) => (seat === 0 ? t("seat.you") : t("learn.bot", { n: seat + 1 })),
    humanSeat: () => null,
    humanSeats: () => [],
    untilTurn: async () => false,
    act: async () => false,
    play: async () => false,
    request: (request) => engine.request(request),
    since: (_mark, { start = true } = {}) => (start ? 0 : null), // nobody plays here: every phase starts as drawn
  };
}

// ---------------------------------------------------------------- the page
/** Sections every game has are titled alike (`rules.section.<id>`); a game's own section has its own title. */
export const COMMON_SECTIONS = ["goal", "components", "setup", "turn", "scoring", "end", "modes", "decisions"];
/** @param {string} game @param {{id: string, title?: string}} section */
function sectionTitle(game, section) {
  return section.title || (COMMON_SECTIONS.includes(section.id) ? `rules.section.${section.id}` : `rules.${game}.${section.id}.title`);
}

function clearBoards() {
  for (const board of page.boards) {
    try { board.renderer.destroy(); } catch { /* a renderer that is already gone */ }
  }
  page.boards = [];
}

/** Show the rules of `game` (called by app.js's router for `#/rules/<game>`).
 * @param {string} game @param {import("./host.js").EnginePort} engine */
export async function open(game, engine) {
  page.engine = engine;
  const token = ++page.token;
  clearBoards();
  page.game = game;
  const root = document.getElementById("rules-body");
  root.replaceChildren();
  const rules = gameFile(game, "rules");
  if (!gameInfo(game)) {
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
  others.replaceChildren(...games().map((info) => info.id).filter((id) => id !== game).map((id) => element("li", {}, [
    element("a", { href: `#/rules/${id}`, text: t(`game.${id}.title`) }),
  ])));
  let data;
  try {
    if (!rules) throw new Error(`${game} has no rules page`);
    data = await loadJson(rules);
  } catch {
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
    renderer.draw(/** @type {import("./host.js").Table} */ (table), undefined, { animate: false });
    // the board paints on its next frame (the kit's loop): drawn once that frame is done
    await new Promise((done) => requestAnimationFrame(() => done(undefined)));
    if (token !== page.token) return;
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
