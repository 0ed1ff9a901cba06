// @ts-check
// The game screen's part of the ratings (docs/ratings.md): a new deal started here may be rated, Undo and Hint make
// it unrated, and the game-over box says "Rated: +12 (1512)", "Not rated: you used Undo" or a solo game's best.
// The record is web/profile-store.js; the screen's game-over box is web/screens/game.js, which calls these.
import { t } from "../i18n.js";
import { $ } from "../dom.js";
import { gameInfo } from "../games.js";
import { EMBED, session } from "../page.js";
import * as record from "../profile-store.js";

/** What the game-over box says of each finished deal: {deal, words}. @type {Map<string, string>} */
const said = new Map();

/** A new deal from the set-up or window.gamebox.start opened: it may be rated. @param {Record<string, any> | null} reply */
export function ratedStart(reply) {
  if (EMBED || !reply || reply.ok === false || typeof reply.deal !== "string") return;
  record.beginSitting(reply.game, reply.deal);
}

/** Undo or Hint was used: the game is no longer rated. @param {"undo" | "hint"} what */
export function helpUsed(what) {
  const table = session.table;
  if (EMBED || !table || session.replay) return;
  record.noteHelp(table.game, table.deal, what);
}

/** The game of `table` ended on this page: rated (or not), or its solo best kept; the words are kept for the box.
 * @param {Record<string, any>} table */
export function rateEnd(table) {
  if (EMBED || session.replay) return;
  const key = `${table.game}/${table.deal}/${table.history.length}`;
  if (said.has(key)) return;
  let words;
  if (table.players === 1) {
    const best = record.recordBest(table);
    words = best ? t(best.improved ? "rating.best_new" : "rating.best", { best: bestWords(table.game, best.best) }) : "";
  } else {
    const bots = gameInfo(table.game)?.bot_ratings?.levels || {};
    const outcome = record.rateFinished(table, bots, Boolean(session.replay));
    if (outcome.rated) {
      const change = outcome.change > 0 ? `+${outcome.change}` : outcome.change < 0 ? `−${-outcome.change}` : "±0";
      words = t("rating.rated", { change, rating: `${outcome.rating}${outcome.provisional ? "?" : ""}` });
    } else {
      words = t(`rating.not.${outcome.reason}`);
    }
  }
  said.set(key, words);
}

/** A solo result as the profile and the box say it (Score Up's points, the puzzle's time).
 * @param {string} game @param {number} best */
export function bestWords(game, best) {
  return gameInfo(game)?.daily?.lower ? t("rating.seconds", { seconds: (best / 1000).toFixed(1) }) : String(best);
}

/** The rating line of the game-over box for `table` (empty, and hidden, when there is nothing to say).
 * @param {Record<string, any>} table */
export function showRatingLine(table) {
  const words = said.get(`${table.game}/${table.deal}/${table.history.length}`) || "";
  const line = $("over-rating");
  line.textContent = words;
  line.hidden = !words;
}
