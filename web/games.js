// @ts-check
// The games, as the build found them: games.json (written by tools/manifest.py from gamebox.core.registry), read
// before Python boots, so the menu, set-up, rules pages, guided games, saves, dailies and statistics know every
// game at once. Nothing in web/ lists game ids: a game is one folder, declared once (docs/new-game.md).

/**
 * One game of games.json: the game's describe() (gamebox.core.game.Game.describe) and where its page files are.
 * @typedef {object} GameInfo
 * @property {string} id
 * @property {string} title
 * @property {number} min_players
 * @property {number} max_players
 * @property {Record<string, {choices: any[], default: any}>} options
 * @property {Record<string, Record<string, any[]>>} offered  per number of players: the choices offered
 * @property {Record<string, string>} notes
 * @property {Record<string, string[]>} unused
 * @property {string[]} bot_levels  weakest first
 * @property {string} default_bot_level
 * @property {boolean} hidden_information
 * @property {boolean} simultaneous
 * @property {boolean} chance
 * @property {number} order  its place in the menu
 * @property {boolean} fixture  a test-only game
 * @property {{lower: boolean} | null} daily  its daily challenge, if any (lower: a lower result is better)
 * @property {{phases: string[], lead_in_ms: number} | null} [realtime]  the view phases whose clock runs (a race, a
 *   grab), and the lead-in before a run's clock counts (Game.realtime in Python)
 * @property {{levels: Record<string, {rating: number, deviation: number}>, anchor: {level: string, rating: number},
 *   games: number} | null} [bot_ratings]  the bots' measured ratings (bench/ratings.py; docs/ratings.md)
 * @property {{renderer: string | null, art: string | null, rules: string | null, learn: string | null}} files
 */

/** @type {GameInfo[]} */
let known = [];
/** @type {() => void} */
let markLoaded = () => {};
/** Settles once games.json has been read (what asks for the games before the page has them waits for this). */
export const gamesLoaded = new Promise((done) => { markLoaded = () => done(undefined); });

/** Read games.json (next to index.html). Test-only games are shown only when a test asks for them
 * (`window.GAMEBOX_TEST_GAMES = true` before the page's scripts run). */
export async function loadGames(url = "games.json") {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    /** @type {{games: GameInfo[]}} */
    const manifest = await response.json();
    const testing = /** @type {any} */ (window).GAMEBOX_TEST_GAMES === true;
    known = manifest.games.filter((game) => testing || !game.fixture)
      .sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  } finally {
    markLoaded(); // read or not: nothing waits for ever
  }
}

/** Every game, in menu order. */
export function games() { return known; }

/** Every game's id, in menu order. */
export function gameIds() { return known.map((game) => game.id); }

/** @param {string} id @returns {GameInfo | null} */
export function gameInfo(id) { return known.find((game) => game.id === id) || null; }

/** A game can be played on this page when it has a renderer. @param {string} id */
export function playable(id) { return Boolean(gameInfo(id)?.files?.renderer); }

/** The site path of one of a game's page files (null if it has none). @param {string} id
 * @param {"renderer" | "art" | "rules" | "learn"} kind */
export function gameFile(id, kind) { return gameInfo(id)?.files?.[kind] ?? null; }

/** The game's renderer module. @param {string} id @returns {Promise<import("./host.js").RendererModule>} */
export async function loadRenderer(id) {
  const path = gameFile(id, "renderer");
  if (!path) throw new Error(`${id} has no renderer`);
  return import(new URL(path, document.baseURI).href);
}

/** The game's renderer on `canvas`, for `host`: the one way a screen makes a board. The renderer keeps no table of
 * its own: it reads `host.table()`, which is the screen's one table where the host has one (the game screen's
 * session), else the table this board last drew; `host.info()` is the game's games.json entry, and `host.state()`
 * the screen's state ("over" on a board nobody plays, "human" where someone may). `draw(table)` without a
 * `previous` is given the table this board drew before (null for the first).
 * @param {string} id @param {HTMLCanvasElement} canvas
 * @param {import("./host.js").BoardHost} host
 * @returns {Promise<import("./host.js").Renderer>} */
export async function mountRenderer(id, canvas, host) {
  const module = await loadRenderer(id);
  /** @type {import("./host.js").Table | null} */
  let shown = null;
  /** @type {import("./host.js").RendererHost} */
  const complete = {
    ...host,
    table: host.table ?? (() => /** @type {import("./host.js").Table} */ (shown)),
    state: host.state ?? (() => (!shown || shown.is_over ? "over" : host.humanSeat() === null ? "sealed" : "human")),
    info: host.info ?? (() => gameInfo(id)),
  };
  const renderer = module.create(canvas, complete);
  const draw = renderer.draw.bind(renderer);
  renderer.draw = (table, previous, options = {}) => {
    const before = previous === undefined ? shown : previous;
    shown = table;
    draw(table, before, options);
  };
  return renderer;
}
