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
};
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
  const seats = setup.seats.filter((s) => isObject(s) && (s.kind === "human" || s.kind === "bot")
    && typeof s.level === "string");
  if (seats.length !== setup.seats.length) return null;
  return { players: setup.players, seats, options: isObject(setup.options) ? setup.options : {} };
}

/** Remember the set-up a player started for `game`: each seat's choice and level, the options. */
export function rememberSetup(game, { players, seats, options }) {
  return update("setup", (items) => { items[game] = { players, seats, options }; });
}

// ---------------------------------------------------------------- saved games
/** A saved game's record is usable if it has the shape we write. Whether its code still opens a game is the
 * engine's to say (the bridge's `check`). */
export function validSave(record, games) {
  return isObject(record) && games.includes(record.game) && typeof record.code === "string"
    && /^v\d+$/.test(record.code.split(".")[0]) && record.code.split(".")[1] === record.game
    && typeof record.seats === "string"
    && Number.isFinite(record.time);
}

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
 * cannot be used (`unusable`: ids whose record is damaged or no longer opens) is first kept under a backup key. */
export function saveGame(record, unusable = new Set()) {
  return update("saves", (items) => {
    const old = items[record.game];
    if (old !== undefined && (unusable.has(record.game) || !isObject(old) || typeof old.code !== "string")) {
      backupRecord("saves", record.game, old);
    }
    items[record.game] = record;
  });
}

function backupRecord(name, id, value) {
  try { backup(name, JSON.stringify({ id, value })); } catch { /* storage full: the write below fails too */ }
}

/** Forget the saved game of `game` if it is the game with this seed (it ended, or the player removed it). */
export function forgetGame(game, seed = null) {
  const { data } = readStore("saves");
  const old = data.items[game];
  if (old === undefined || (seed !== null && isObject(old) && old.seed !== seed)) return false;
  return update("saves", (items) => { delete items[game]; });
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
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today as YYYY-MM-DD in the player's own time zone: the day's challenges change at their midnight. */
export function today(now = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The three daily challenges: how to start each, and how to read its result (`lower`: fewer is better). */
export const DAILY = [
  {
    game: "ubongo",
    setup: (day) => ({ game: "ubongo", players: 1, seed: day, options: { side: "easy" }, seats: [{ kind: "human", level: "" }] }),
    day: (table) => (DATE.test(table.seed) && table.options.side === "easy" ? table.seed : null),
    // solved: its time in ms; not solved (the solution was shown): no result
    result: (table) => (table.view.solved && Number.isFinite(table.view.time_ms) ? table.view.time_ms : null),
    lower: true,
    words: "daily.best.ubongo",
  },
  {
    game: "upples",
    setup: (day) => ({ game: "upples", players: 1, seed: `training-${day}`, options: { mode: "training" }, seats: [{ kind: "human", level: "" }] }),
    day: (table) => {
      const match = /^training-(\d{4}-\d{2}-\d{2})$/.exec(table.seed);
      return match && table.options.mode === "training" ? match[1] : null;
    },
    result: (table) => table.scores[0],
    lower: true,
    words: "daily.best.upples",
  },
  {
    game: "upthrust",
    setup: (day) => ({ game: "upthrust", players: 1, seed: day, options: {}, seats: [{ kind: "human", level: "" }] }),
    day: (table) => (DATE.test(table.seed) ? table.seed : null),
    result: (table) => table.scores[0],
    lower: false,
    words: "daily.best.upthrust",
  },
];

export function dailyFor(game) {
  return DAILY.find((daily) => daily.game === game) || null;
}

/** If a finished table is a daily challenge, keep its result when it beats the best for that day. */
export function recordDaily(table) {
  if (table.players !== 1 || table.seats[0].kind !== "human") return null;
  const daily = dailyFor(table.game);
  const day = daily && daily.day(table);
  if (!day) return null;
  const value = daily.result(table);
  if (!Number.isFinite(value)) return null;
  const key = `${day}/${table.game}`;
  const { data } = readStore("daily");
  const old = data.items[key];
  const oldValue = isObject(old) ? old.best : undefined;
  if (Number.isFinite(oldValue) && (daily.lower ? oldValue <= value : oldValue >= value)) return { day, best: oldValue, improved: false };
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
