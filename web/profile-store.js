// @ts-check
// The person's record (docs/ratings.md): a Glicko-2 rating per game against the bots' measured table (games.json
// `bot_ratings`), the personal bests of the solo games, and whether the game being played may still be rated. One
// store beside the saved games (web/saves.js `gamebox/v1/profile`), versioned, read through MIGRATIONS; a value this
// page cannot read is backed up and reported as the other stores are. The profile file (Save my profile / Load a
// profile) carries it, with the statistics and the daily bests, to another device.
import * as saves from "./saves.js";
import { ratePeriod, START } from "./glicko2.js";

/** The record's format. A later format adds MIGRATIONS[its version - 1] (the older record to the newer), so an
 * older record, in storage or in a file, is read forward and never lost. */
export const PROFILE_VERSION = 1;
/** @type {Record<number, (record: Record<string, any>) => Record<string, any>>} */
export const MIGRATIONS = {};
export const PROVISIONAL = 110; // "?" after the rating while its deviation is above this (as lichess does)
const MAX_HISTORY = 500; // rating periods kept per game, newest
export const FILE_KIND = "gamebox-profile";
saves.KEYS.profile = `gamebox/v${saves.VERSION}/profile`;

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A record of any format as the newest one, or null when it is not a profile or is newer than this page.
 * @param {any} record */
export function migrate(record) {
  if (!isObject(record) || !Number.isInteger(record.format) || record.format < 1) return null;
  if (record.format > PROFILE_VERSION) return null;
  let current = record;
  for (let version = current.format; version < PROFILE_VERSION; version++) current = { ...MIGRATIONS[version](current), format: version + 1 };
  return isObject(current.ratings) && isObject(current.bests) ? current : null;
}

function empty() { return { format: PROFILE_VERSION, ratings: {}, bests: {}, sittings: {} }; }

/** The record and whether storage held something unreadable: {record, problem}. */
export function readProfile() {
  const { data, problem } = saves.readStore("profile");
  if (problem) return { record: empty(), problem };
  if (!Object.keys(data.items).length) return { record: empty(), problem: null };
  const record = migrate(data.items);
  return record ? { record: { sittings: {}, ...record }, problem: null } : { record: empty(), problem: "corrupt" };
}

/** Write the record. A value there this page cannot read (not JSON, not our shape, a newer format) is first kept
 * under a backup key, once (saves.writeStore does so for the store's own shape; a record of a newer format is kept
 * here). @param {Record<string, any>} record */
function writeProfile(record) {
  const { data, problem } = saves.readStore("profile");
  if (!problem && Object.keys(data.items).length && !migrate(data.items)) keepAside("profile", true);
  return saves.writeStore("profile", { items: record });
}

/** Whether the stored profile cannot be read (the menu and the profile screen say so, as for the other stores). */
export function profileProblem() { return readProfile().problem; }

// ---------------------------------------------------------------- the sitting: may this game still be rated?
/** A new deal started from the set-up (or window.gamebox.start) on this device: it may be rated until an Undo or a
 * Hint. @param {string} game @param {string} deal */
export function beginSitting(game, deal) {
  const { record } = readProfile(); // an unreadable record is kept aside at the first write (writeProfile)
  record.sittings = { ...record.sittings, [game]: { deal, undo: false, hint: false } };
  return writeProfile(record);
}

/** Undo or Hint was used in the game of `deal`. @param {string} game @param {string} deal @param {"undo" | "hint"} what */
export function noteHelp(game, deal, what) {
  const { record } = readProfile();
  const sitting = record.sittings[game];
  if (!isObject(sitting) || sitting.deal !== deal || sitting[what]) return false;
  record.sittings = { ...record.sittings, [game]: { ...sitting, [what]: true } };
  return writeProfile(record);
}

/**
 * Why a finished table is not rated (a message key's last part), or null when it is. `table` is the bridge's reply;
 * `sitting` this device's sitting of its game (or undefined), `replay` whether it is a replay.
 * @param {Record<string, any>} table @param {Record<string, any> | undefined} sitting @param {boolean} replay
 */
export function notRatedReason(table, sitting, replay) {
  const seats = /** @type {{kind: string}[]} */ (table.seats);
  if (replay) return "replay";
  if (table.daily) return "daily";
  const people = seats.filter((s) => s.kind === "human").length;
  if (people > 1) return "two_people";
  if (people === 0) return "no_person";
  if (!seats.some((s) => s.kind === "bot")) return "no_bots";
  if (!isObject(sitting) || sitting.deal !== table.deal) return "link";
  if (sitting.done) return "again";
  if (sitting.undo) return "undo";
  if (sitting.hint) return "hint";
  return null;
}

/** The person's score against `other` by rank: 1 above, 0.5 tied, 0 below. Winners rank first; the others by
 * score, higher above. @param {Record<string, any>} table @param {number} you @param {number} other */
export function rankScore(table, you, other) {
  const winners = /** @type {number[]} */ (table.winners);
  const a = winners.includes(you);
  const b = winners.includes(other);
  if (a !== b) return a ? 1 : 0;
  if (a && b) return 0.5;
  const mine = table.scores?.[you];
  const theirs = table.scores?.[other];
  if (!Number.isFinite(mine) || !Number.isFinite(theirs) || mine === theirs) return 0.5;
  return mine > theirs ? 1 : 0;
}

/** The rating period's games: the person against every bot at the table (in team Upples, the other team's bots),
 * each at its level's measured rating. @param {Record<string, any>} table
 * @param {Record<string, {rating: number, deviation: number}>} bots */
export function pairings(table, bots) {
  const seats = /** @type {{kind: string, level: string}[]} */ (table.seats);
  const you = seats.findIndex((s) => s.kind === "human");
  const teams = /** @type {number[][] | null | undefined} */ (table.view?.teams);
  const ours = Array.isArray(teams) ? teams.find((team) => team.includes(you)) || [you] : [you];
  const games = [];
  seats.forEach((sitter, seat) => {
    if (seat === you || sitter.kind !== "bot" || ours.includes(seat) || !bots[sitter.level]) return;
    games.push({ seat, level: sitter.level, rating: bots[sitter.level].rating, deviation: bots[sitter.level].deviation,
      score: rankScore(table, you, seat) });
  });
  return games;
}

/** @param {Record<string, any> | undefined} entry
 * @returns {{rating: number, deviation: number, volatility: number, history?: any[]}} */
function ratingOf(entry) {
  return isObject(entry) && Number.isFinite(entry.rating) && Number.isFinite(entry.deviation) && Number.isFinite(entry.volatility)
    ? /** @type {any} */ (entry) : { ...START, history: [] };
}

/**
 * A game ended on this device: rate it, or say why not. Resolves the sitting either way (a finished game is rated
 * once: an Undo from the end and another finish is not rated again). Returns {rated: true, change, rating, deviation, provisional} or {rated: false, reason}.
 * @param {Record<string, any>} table @param {Record<string, {rating: number, deviation: number}>} bots
 * @param {boolean} replay
 */
export function rateFinished(table, bots, replay) {
  const { record } = readProfile();
  const sitting = record.sittings[table.game];
  const reason = notRatedReason(table, sitting, replay);
  if (reason) return { rated: false, reason };
  const games = pairings(table, bots);
  if (!games.length) return { rated: false, reason: "no_bots" };
  const before = ratingOf(record.ratings[table.game]);
  const after = ratePeriod(before, games);
  const you = table.seats.findIndex((/** @type {{kind: string}} */ s) => s.kind === "human");
  const result = table.winners.includes(you) ? (table.winners.length > 1 ? "shared" : "won") : "lost";
  const entry = { t: Date.now(), rating: round(after.rating), deviation: round(after.deviation), result,
    opponents: games.map((game) => game.level) };
  const history = [...(Array.isArray(before.history) ? before.history : []), entry].slice(-MAX_HISTORY);
  record.ratings = { ...record.ratings, [table.game]: { rating: after.rating, deviation: after.deviation,
    volatility: after.volatility, history } };
  record.sittings = { ...record.sittings, [table.game]: { ...sitting, done: true } }; // a deal is rated once
  if (!writeProfile(record)) return { rated: false, reason: "storage" };
  return { rated: true, change: Math.round(after.rating) - Math.round(before.rating), rating: Math.round(after.rating),
    deviation: Math.round(after.deviation), provisional: after.deviation > PROVISIONAL };
}

/** @param {number} x */
function round(x) { return Math.round(x * 100) / 100; }

/** A finished solo game (the bridge's `solo`: Score Up's points, the Ubongo puzzle's time): kept when it beats the
 * person's best. Returns {best, improved} or null. @param {Record<string, any>} table */
export function recordBest(table) {
  const solo = table.solo;
  if (!isObject(solo) || !Number.isFinite(solo.result)) return null;
  const { record } = readProfile();
  const old = record.bests[table.game];
  const better = !isObject(old) || !Number.isFinite(old.best) || (solo.lower ? solo.result < old.best : solo.result > old.best);
  const count = (isObject(old) && Number.isInteger(old.count) ? old.count : 0) + 1;
  const best = better ? solo.result : old.best;
  record.bests = { ...record.bests, [table.game]: { best, lower: Boolean(solo.lower), count, time: better ? Date.now() : old.time } };
  writeProfile(record);
  return { best, improved: better };
}

// ---------------------------------------------------------------- what the profile shows
/** The daily streak: days in a row, up to today (or yesterday, while today's is still to play), with a daily
 * challenge's result kept. @param {Date} [now] */
export function dailyStreak(now = new Date()) {
  const days = new Set(Object.keys(saves.readStore("daily").data.items).map((key) => key.split("/")[0]));
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (!days.has(saves.today(day))) day.setDate(day.getDate() - 1);
  let streak = 0;
  while (days.has(saves.today(day))) { streak += 1; day.setDate(day.getDate() - 1); }
  return streak;
}

/**
 * window.gamebox.profile(): {version, games: {<id>: {rating, deviation, volatility, provisional, played, won, lost,
 * history}}, bots: {<id>: {<level>: {rating, deviation}}}, bests: {<id>: {best, lower, count}}, streak}.
 * `played`, `won` and `lost` count rated games. @param {{id: string, bot_ratings?: any}[]} games
 */
export function profile(games) {
  const { record } = readProfile();
  /** @type {Record<string, any>} */
  const rated = {};
  /** @type {Record<string, any>} */
  const bots = {};
  for (const game of games) {
    const levels = game.bot_ratings?.levels;
    if (isObject(levels)) bots[game.id] = levels;
    const entry = record.ratings[game.id];
    if (!isObject(entry)) continue;
    const { rating, deviation, volatility } = ratingOf(entry);
    const history = Array.isArray(entry.history) ? entry.history : [];
    rated[game.id] = { rating, deviation, volatility, provisional: deviation > PROVISIONAL, played: history.length,
      won: history.filter((h) => h.result !== "lost").length, lost: history.filter((h) => h.result === "lost").length,
      history };
  }
  return { version: PROFILE_VERSION, games: rated, bots, bests: record.bests, streak: dailyStreak() };
}

// ---------------------------------------------------------------- the profile file
/** FNV-1a (32 bits, hex) of a text: the file's checksum, which tells a damaged file from a whole one.
 * @param {string} text */
export function checksum(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** The file's text: {kind, version, saved, body: {profile, stats, daily}, checksum of the body's JSON}. */
export function exportProfile() {
  const { record } = readProfile();
  const { sittings, ...kept } = record; // a game in progress is this device's, not the profile's
  void sittings;
  const body = { profile: kept, stats: saves.readStore("stats").data, daily: saves.readStore("daily").data };
  const text = JSON.stringify(body);
  return JSON.stringify({ kind: FILE_KIND, version: PROFILE_VERSION, saved: new Date().toISOString(), body,
    checksum: checksum(text) }, null, 1);
}

/** A file's text checked: {ok: true, body} or {ok: false, error: {key}} (profile.refused.<why>).
 * @param {string} text */
export function readFile(text) {
  const refuse = (/** @type {string} */ why) => ({ ok: false, error: { key: `profile.refused.${why}` } });
  let file;
  try { file = JSON.parse(text); } catch { return refuse("not_profile"); }
  if (!isObject(file) || file.kind !== FILE_KIND || !Number.isInteger(file.version)) return refuse("not_profile");
  if (file.version > PROFILE_VERSION) return refuse("newer");
  if (!isObject(file.body) || typeof file.checksum !== "string" || checksum(JSON.stringify(file.body)) !== file.checksum) {
    return refuse("damaged");
  }
  const record = migrate(file.body.profile);
  const stats = file.body.stats;
  const daily = file.body.daily;
  if (!record || !isObject(stats) || !isObject(stats.items) || !isObject(daily) || !isObject(daily.items)) return refuse("damaged");
  return { ok: true, body: { profile: record, stats, daily } };
}

/** Whether this device has a profile of its own (a rating, a best, a counted game or a daily result). */
export function hasProfile() {
  const { record } = readProfile();
  return Object.keys(record.ratings).length > 0 || Object.keys(record.bests).length > 0
    || Object.keys(saves.readStore("stats").data.items).length > 0 || Object.keys(saves.readStore("daily").data.items).length > 0;
}

/** Load a file's profile over this device's (its ratings, bests, statistics and daily results); the old values are
 * kept under backup keys first. Nothing changes when the file is refused. @param {string} text */
export function importProfile(text) {
  const checked = readFile(text);
  if (!checked.ok || !checked.body) return { ok: false, error: checked.error };
  const { profile: record, stats, daily } = checked.body;
  const here = readProfile().record;
  const wrote = [
    keepAside("profile") && saves.writeStore("profile", { items: { ...record, sittings: here.sittings } }),
    keepAside("stats") && saves.writeStore("stats", stats),
    keepAside("daily") && saves.writeStore("daily", daily),
  ];
  return wrote.every(Boolean) ? { ok: true } : { ok: false, error: { key: "profile.refused.storage" } };
}

/** The store's present value copied to `<key>.backup.<time>` before it is replaced (a loaded profile, a record
 * of a newer format), unless that very value is kept already. @param {string} name @param {boolean} [once] */
function keepAside(name, once = false) {
  try {
    const store = window.localStorage;
    const raw = store.getItem(saves.KEYS[name]);
    const prefix = `${saves.KEYS[name]}.backup.`;
    for (let index = 0; once && index < store.length; index++) {
      const key = store.key(index);
      if (key && key.startsWith(prefix) && store.getItem(key) === raw) return true;
    }
    if (raw !== null) store.setItem(`${prefix}${new Date().toISOString()}`, raw);
    return true;
  } catch {
    return false;
  }
}
