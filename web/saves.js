// Saved games, statistics and daily bests, kept in this browser's localStorage (docs/saves-and-replays.md).
//
// Each store is one key holding {version, items}. A value this page cannot read (not JSON, not our shape, or
// another version) is ignored, reported once, and never overwritten silently: before the first write over it,
// the value is copied to a backup key (`<key>.backup.<time>`). Storage that is unavailable or full only means
// nothing is remembered; the games go on.

export const VERSION = 1;
export const KEYS = {
  saves: `gamebox/v${VERSION}/saves`,
  stats: `gamebox/v${VERSION}/stats`,
  daily: `gamebox/v${VERSION}/daily`,
  setup: `gamebox/v${VERSION}/setup`,
  clocks: `gamebox/v${VERSION}/clocks`,
};
const MAX_MARKS = 32; // the newest marks of a game's clock kept (a race's rounds, a game's throws)
const MAX_COUNTED = 200; // finished games remembered so that one game is never counted twice

function storage() {
  try { return window.localStorage; } catch { return null; }
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** One store: {data, problem, raw}. problem is null, "corrupt" (not JSON, or not our shape) or "foreign"
 * (another version of the store). With a problem, data is an empty store. */
export function readStore(name) {
  const empty = { version: VERSION, items: {} };
  const store = storage();
  let raw = null;
  try { raw = store ? store.getItem(KEYS[name]) : null; } catch { raw = null; }
  if (raw === null) return { data: empty, problem: null, raw };
  let parsed;
  try { parsed = JSON.parse(raw); } catch { return { data: empty, problem: "corrupt", raw }; }
  if (!isObject(parsed)) return { data: empty, problem: "corrupt", raw };
  if (parsed.version !== VERSION) return { data: empty, problem: "foreign", raw };
  if (!isObject(parsed.items)) return { data: empty, problem: "corrupt", raw };
  return { data: parsed, problem: null, raw };
}

function backup(name, raw) {
  const store = storage();
  const prefix = `${KEYS[name]}.backup.`;
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (key && key.startsWith(prefix) && store.getItem(key) === raw) return key; // kept already
  }
  const key = `${prefix}${new Date().toISOString()}`;
  store.setItem(key, raw);
  return key;
}

/** Write a store; an unreadable value there is first kept under a backup key. False if nothing was written. */
export function writeStore(name, data) {
  const store = storage();
  if (!store) return false;
  try {
    const current = readStore(name);
    if (current.problem) backup(name, current.raw);
    store.setItem(KEYS[name], JSON.stringify({ ...data, version: VERSION }));
    return true;
  } catch {
    return false; // full, or private browsing: nothing is remembered, and the game goes on
  }
}

/** Change one store with `change(items)`: reads, changes and writes. */
function update(name, change) {
  const { data } = readStore(name);
  const items = { ...data.items };
  change(items, data);
  return writeStore(name, { ...data, items });
}

// ---------------------------------------------------------------- set-up choices
/** The set-up last started for `game` on this device ({players, seats, options}), or null. */
export function lastSetup(game) {
  const setup = readStore("setup").data.items[game];
  if (!isObject(setup) || !Number.isInteger(setup.players) || !Array.isArray(setup.seats)) return null;
  // a seat on another device is remembered as such: the set-up ticks "Play on several devices" again, with the
  // same seats, for the same friends' next game (web/screens/setup.js; unticked, they are people here)
  const seats = setup.seats.filter((s) => isObject(s) && (s.kind === "human" || s.kind === "bot" || s.kind === "remote")
    && typeof s.level === "string");
  if (seats.length !== setup.seats.length) return null;
  return { players: setup.players, seats, options: isObject(setup.options) ? setup.options : {} };
}

/** Remember the set-up a player started for `game`: each seat's choice and level, the options. */
export function rememberSetup(game, { players, seats, options }) {
  return update("setup", (items) => { items[game] = { players, seats, options }; });
}

// ---------------------------------------------------------------- saved games
/** A saved game's record is usable if it has the shape we write. Whether its code still opens a game (of that kind)
 * is the engine's to say (the bridge's `check`): the page never reads a share code. */
export function validSave(record, games) {
  return isObject(record) && games.includes(record.game) && typeof record.code === "string" && record.code !== ""
    && typeof record.seats === "string"
    && Number.isFinite(record.time);
}

/** The games whose saved record this page found damaged or no longer opening (hidden from Continue; kept under a
 * backup key when a new game of that kind is saved over it). */
export const unusable = new Set();

/** Saved games, newest first: {saves, bad, problem}. `bad` lists records of the wrong shape. */
export function listSaves(games) {
  const { data, problem } = readStore("saves");
  const saves = [];
  const bad = [];
  for (const [id, record] of Object.entries(data.items)) {
    if (validSave(record, games) && record.game === id) saves.push(record);
    else bad.push(id);
  }
  saves.sort((a, b) => b.time - a.time);
  return { saves, bad, problem };
}

/** Remember the game in progress (one per game id: the newest game of each kind). A record that is there and
 * cannot be used (`unusable`: its record is damaged or no longer opens) is first kept under a backup key. Its
 * `seed` is the bridge's `deal`: what tells this game's deal from another's. */
export function saveGame(record) {
  const written = update("saves", (items) => {
    const old = items[record.game];
    if (old !== undefined && (unusable.has(record.game) || !isObject(old) || typeof old.code !== "string")) {
      backupRecord("saves", record.game, old);
    }
    // what the engine judged of this game's moves stays with it (keepJudged) until the next text replaces it
    const judged = isObject(old) && old.deal === record.deal && typeof old.judged === "string" ? old.judged : null;
    items[record.game] = judged && !("judged" in record) ? { ...record, judged } : record;
  });
  unusable.delete(record.game);
  return written;
}

/** Keep with the saved game of `game`, if it is the game of `deal`, what the engine judged of its moves during play
 * (the bridge's `judging` text, docs/review.md "Judged during play"): opaque to the page, handed back to the engine
 * with the game when it is opened again (`judgedFor`), and read there only for the review of the finished game.
 * The record's other fields are as saveGame wrote them; an older page ignores the field (no new version of the store:
 * the text carries its own format). @param {string} game @param {string} deal @param {string} judged */
export function keepJudged(game, deal, judged) {
  return update("saves", (items) => {
    const record = items[game];
    if (isObject(record) && record.deal === deal && typeof judged === "string") items[game] = { ...record, judged };
  });
}

/** `{judged}` of the saved game whose code is `code`, to send with its `open`; `{}` when none is kept.
 * @param {string} code @returns {{judged?: string}} */
export function judgedFor(code) {
  const record = Object.values(readStore("saves").data.items)
    .find((item) => isObject(item) && item.code === code && typeof item.judged === "string");
  return record ? { judged: record.judged } : {};
}

function backupRecord(name, id, value) {
  try { backup(name, JSON.stringify({ id, value })); } catch { /* storage full: the write below fails too */ }
}

/** Forget the saved game of `game` (the player removed it), or only if it is the game of this deal (it ended):
 * `deal` is the bridge's; a record written before there was one is told by its seed.
 * @param {string} game @param {{deal?: string, seed?: string | null}} [which] */
export function forgetGame(game, { deal, seed } = {}) {
  const { data } = readStore("saves");
  const old = data.items[game];
  if (old === undefined) return false;
  if (deal !== undefined && isObject(old) && (old.deal !== undefined ? old.deal !== deal : old.seed !== seed)) return false;
  forgetClock(game, deal);
  return update("saves", (items) => { delete items[game]; });
}

// ---------------------------------------------------------------- the table's clock
/** When this device first showed `mark` (a race's round, a throw) of the game of `deal`, in epoch ms; or null.
 * @param {string} game @param {string} deal @param {string} mark @returns {number | null} */
export function clockStart(game, deal, mark) {
  const record = readStore("clocks").data.items[game];
  const start = isObject(record) && record.deal === deal && isObject(record.marks) ? record.marks[mark] : undefined;
  return Number.isFinite(start) ? start : null;
}

/** Remember when `mark` of the game of `deal` was first shown (one game's clock per game id, its newest marks).
 * @param {string} game @param {string} deal @param {string} mark @param {number} start */
export function rememberClock(game, deal, mark, start) {
  return update("clocks", (items) => {
    const old = items[game];
    const marks = isObject(old) && old.deal === deal && isObject(old.marks) ? { ...old.marks } : {};
    marks[mark] = start;
    const newest = Object.entries(marks).sort((a, b) => b[1] - a[1]).slice(0, MAX_MARKS);
    items[game] = { deal, marks: Object.fromEntries(newest) };
  });
}

/** The game of `deal` ended or was removed: its clock goes too. @param {string} game @param {string} [deal] */
export function forgetClock(game, deal) {
  const old = readStore("clocks").data.items[game];
  if (old === undefined || (deal !== undefined && isObject(old) && old.deal !== deal)) return false;
  return update("clocks", (items) => { delete items[game]; });
}

// ---------------------------------------------------------------- statistics
/** Count a finished game once: per game and per opponent level ("none" without bots). */
export function countGame(game, level, won, id) {
  const { data } = readStore("stats");
  const counted = Array.isArray(data.counted) ? data.counted.filter((x) => typeof x === "string") : [];
  if (counted.includes(id)) return false;
  const items = { ...data.items };
  const perGame = isObject(items[game]) ? { ...items[game] } : {};
  const row = isObject(perGame[level]) ? perGame[level] : {};
  const played = Number.isInteger(row.played) ? row.played : 0;
  const wins = Number.isInteger(row.won) ? row.won : 0;
  perGame[level] = { played: played + 1, won: wins + (won ? 1 : 0) };
  items[game] = perGame;
  return writeStore("stats", { ...data, items, counted: [...counted, id].slice(-MAX_COUNTED) });
}

/** Rows {game, level, played, won}, in the order of `games`, with levels in `levelOrder(game)` order. */
export function statRows(games, levelOrder) {
  const { data, problem } = readStore("stats");
  const rows = [];
  for (const game of games) {
    const perGame = data.items[game];
    if (!isObject(perGame)) continue;
    const order = ["none", ...levelOrder(game)];
    const levels = Object.keys(perGame).sort((a, b) => order.indexOf(a) - order.indexOf(b));
    for (const level of levels) {
      const row = perGame[level];
      if (!isObject(row) || !Number.isInteger(row.played) || !Number.isInteger(row.won)) continue;
      rows.push({ game, level, played: row.played, won: row.won });
    }
  }
  return { rows, problem };
}

// ---------------------------------------------------------------- daily challenges
/** Today as YYYY-MM-DD in the player's own time zone: the day's challenges change at their midnight. */
export function today(now = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** If a finished table is a daily challenge (the bridge's `daily`: {day, result, lower}, declared by the game), keep
 * its result when it beats the best for that day. */
export function recordDaily(table) {
  if (table.players !== 1 || table.seats[0].kind !== "human") return null;
  const daily = table.daily;
  if (!isObject(daily) || typeof daily.day !== "string" || !Number.isFinite(daily.result)) return null;
  const { day, result: value, lower } = daily;
  const key = `${day}/${table.game}`;
  const { data } = readStore("daily");
  const old = data.items[key];
  const oldValue = isObject(old) ? old.best : undefined;
  if (Number.isFinite(oldValue) && (lower ? oldValue <= value : oldValue >= value)) return { day, best: oldValue, improved: false };
  update("daily", (items) => { items[key] = { best: value, time: Date.now() }; });
  return { day, best: value, improved: true };
}

/** The best result kept for `game` on `day`, or null. */
export function dailyBest(day, game) {
  const { data } = readStore("daily");
  const record = data.items[`${day}/${game}`];
  return isObject(record) && Number.isFinite(record.best) ? record.best : null;
}

export function dailyProblem() {
  return readStore("daily").problem;
}

// ---------------------------------------------------------------- finished games and their reviews
// docs/review.md: a finished game of this device (or any game whose review was computed here) is kept with its
// review once it is computed, so opening the review again asks the engine for nothing but its boards; the moves a
// person got wrong (a mistake or a blunder) are the mistakes puzzles, each marked done once solved.
KEYS.reviews = `gamebox/v${VERSION}/reviews`;
const MAX_FINISHED = 30; // the newest finished games kept (with their reviews and puzzles)
/** The verdicts whose positions become puzzles ("find a better move"). */
export const PUZZLE_VERDICTS = ["blunder", "mistake"];

/** A short, stable name of a text (FNV-1a, 32 bits, hex): a kept game's id holds it instead of its whole code.
 * @param {string} text */
function digest(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** The id of a finished game among the kept ones: its game, its code and its seats ("human,hard").
 * @param {string} game @param {string} code @param {string} seats */
export function finishedId(game, code, seats) {
  return `${game}/${digest(code)}/${seats}`;
}

/** A kept record we can use: {game, code, seats, players, time, review (null until computed), solved}. */
function validFinished(record) {
  return isObject(record) && typeof record.game === "string" && typeof record.code === "string" && record.code !== ""
    && typeof record.seats === "string" && Number.isFinite(record.time)
    && (record.review === null || validReview(record.review));
}

/** A review as the bridge gave it, whole: its moves, the chart's start, the accuracy and the summary. */
export function validReview(review) {
  return isObject(review) && typeof review.scale === "string" && Array.isArray(review.moves)
    && Array.isArray(review.start) && Array.isArray(review.accuracy) && isObject(review.summary)
    && review.moves.every((move) => isObject(move) && Number.isInteger(move.ply) && Number.isInteger(move.seat)
      && typeof move.action === "string" && Array.isArray(move.values));
}

/** The kept finished game of this code and seats, or null. @param {string} game @param {string} code
 * @param {string} seats */
export function keptGame(game, code, seats) {
  const record = readStore("reviews").data.items[finishedId(game, code, seats)];
  return validFinished(record) && record.code === code ? record : null;
}

/** Keep a finished game (one played to its end here, or one whose review was computed here), with its review
 * when it is given; the newest MAX_FINISHED are kept. A game kept already keeps its review and its solved puzzles.
 * @param {{game: string, code: string, seats: string, players: number}} game @param {Record<string, any> | null} [review] */
export function keepFinished({ game, code, seats, players }, review = null) {
  const id = finishedId(game, code, seats);
  return update("reviews", (items) => {
    const old = validFinished(items[id]) && items[id].code === code ? items[id] : null;
    items[id] = { game, code, seats, players, time: old ? old.time : Date.now(), review: review ?? old?.review ?? null,
      solved: old && isObject(old.solved) ? old.solved : {} };
    const ids = Object.keys(items).sort((a, b) => (items[b]?.time ?? 0) - (items[a]?.time ?? 0));
    for (const extra of ids.slice(MAX_FINISHED)) delete items[extra];
  });
}

/** The kept finished games, newest first, each with its `id`. @param {string[]} games the games of the site */
export function finishedGames(games) {
  const { data, problem } = readStore("reviews");
  const list = [];
  for (const [id, record] of Object.entries(data.items)) {
    if (validFinished(record) && games.includes(record.game)) list.push({ ...record, id });
  }
  list.sort((a, b) => b.time - a.time);
  return { games: list, problem };
}

/** Forget a kept finished game (its review and puzzles go with it). @param {string} id */
export function forgetFinished(id) {
  return update("reviews", (items) => { delete items[id]; });
}

/** Every mistakes puzzle of the kept reviews, newest game first, then by move: a person's move judged a mistake or
 * a blunder (not on a scale of times: a slow hand is no position to solve), with whether it was solved.
 * @param {string[]} games the games of the site, for each the scale its reviewer has (games.json `review`)
 * @returns {{id: string, game: string, code: string, seats: string, ply: number, seat: number, action: string,
 *   best: string, verdict: string, done: boolean}[]} */
export function puzzles(games) {
  const found = [];
  for (const record of finishedGames(games).games) {
    const review = record.review;
    if (!review || review.scale === "ms") continue;
    for (const move of review.moves) {
      if (!PUZZLE_VERDICTS.includes(move.verdict) || typeof move.best !== "string" || move.best === move.action) continue;
      found.push({ id: record.id, game: record.game, code: record.code, seats: record.seats, ply: move.ply,
        seat: move.seat, action: move.action, best: move.best, verdict: move.verdict,
        done: record.solved[String(move.ply)] === true });
    }
  }
  return found;
}

/** A mistakes puzzle was solved: marked done in its kept game. @param {string} id @param {number} ply */
export function solvePuzzle(id, ply) {
  return update("reviews", (items) => {
    const record = items[id];
    if (!validFinished(record)) return;
    items[id] = { ...record, solved: { ...(isObject(record.solved) ? record.solved : {}), [String(ply)]: true } };
  });
}

export function reviewsProblem() {
  return readStore("reviews").problem;
}
