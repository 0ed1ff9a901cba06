// @ts-check
// The menu: every game of games.json, this device's saved games (Continue), the daily challenges of the games that
// declare one, and statistics (docs/saves-and-replays.md). Storage lives in web/saves.js; the engine checks every
// code it is given.
import { t } from "../i18n.js";
import * as saves from "../saves.js";
import { $, element, notice, showScreen } from "../dom.js";
import { gameIds, gameInfo, games, playable } from "../games.js";
import { engine, parseSeats, session, storing } from "../page.js";
import { seatName } from "../seats.js";
import { mistakes, reviewable, reviewRoute } from "./review.js";
import { profileProblem } from "../profile-store.js";

const FINISHED_SHOWN = 5; // the newest finished games the menu offers to review

let storeNoticeShown = false;

export function renderMenu() {
  session.close();
  const list = $("game-list");
  // The build wrote these cards into index.html (tools/first_paint.py), so that the menu paints before any script
  // runs: they are made again here, from games.json in the page's language, each keeping the picture already on
  // screen (no new request, no blank frame). @type {Map<string, HTMLImageElement>}
  const pictures = new Map([...list.querySelectorAll("img.game-art")].map((img) => [img.getAttribute("src"), img]));
  list.replaceChildren(...games().map((info, index) => gameCard(info, index === 0, pictures)));
  renderMenuAreas();
  showScreen("menu");
}

/** One game's card: its picture, title, blurb, Play (or "soon"), and links to its rules and its guided first game,
 * each link named by its own words and the title. tools/first_paint.py writes the same card into index.html.
 * @param {import("../games.js").GameInfo} info @param {boolean} first @param {Map<string, HTMLImageElement>} pictures */
function gameCard({ id: game, files }, first, pictures) {
  const title = `menu-title-${game}`;
  const words = (/** @type {string} */ key) => ({ "data-i18n": key, text: t(key) });
  const link = (/** @type {string} */ kind, /** @type {string} */ href, /** @type {string} */ key,
    /** @type {string | undefined} */ css = undefined) => element("a",
    { ...(css ? { class: css } : {}), href, id: `menu-${kind}-${game}`, "aria-labelledby": `menu-${kind}-${game} ${title}`, ...words(key) });
  const art = files.art ? [pictures.get(files.art) ?? element("img", { class: "game-art", src: files.art, alt: "",
    width: 240, height: 120, fetchpriority: first ? "high" : undefined })] : [];
  const can = playable(game);
  return element("li", { class: `game-card${can ? "" : " soon"}`, "data-game": game }, [
    ...art,
    element("h2", { id: title, ...words(`game.${game}.title`) }),
    element("p", words(`game.${game}.blurb`)),
    can ? link("play", `#/${game}`, "menu.play", "button") : element("p", { class: "soon-label", ...words("menu.soon") }),
    element("p", { class: "learn-links" }, [
      link("rules", `#/rules/${game}`, "rules.how_to_play"), " · ", link("learn", `#/learn/${game}`, "learn.try"),
    ]),
  ]);
}

/** @param {string[]} problems */
function storeNotice(problems) {
  if (!problems.length || storeNoticeShown) return;
  storeNoticeShown = true;
  const store = (/** @type {string} */ name) => (name === "reviews" ? t("review.store") : t(`saves.store.${name}`));
  notice(t("saves.unreadable", { what: problems.map(store).join(", ") }), "error");
}

/** Finished games to review (docs/review.md), and the mistakes puzzles beside the daily challenges.
 * @param {string[]} problems */
function renderReviewAreas(problems) {
  if (saves.reviewsProblem()) problems.push("reviews");
  const { games: finished } = saves.finishedGames(gameIds());
  const shown = finished.filter((record) => reviewable(record.game)).slice(0, FINISHED_SHOWN);
  const list = $("finished-list");
  list.replaceChildren();
  for (const record of shown) {
    const when = new Date(record.time).toLocaleString(document.documentElement.lang || undefined,
      { dateStyle: "medium", timeStyle: "short" });
    const title = t(`game.${record.game}.title`);
    list.append(element("li", { class: "save finished", "data-game": record.game, "data-id": record.id }, [
      element("a", { class: "button", href: reviewRoute(record.code, record.seats), text: t("review.button"),
        "aria-label": `${t("review.button")} ${title}` }),
      element("div", { class: "save-text" }, [
        element("strong", { text: title }),
        element("span", { class: "hint", text: t(record.review ? "review.finished_reviewed" : "review.finished_details",
          { players: seatNames(record.seats), when }) }),
      ]),
      element("button", { type: "button", class: "link forget", text: t("saves.forget"),
        "aria-label": `${t("saves.forget")} ${title}`,
        onclick: () => { saves.forgetFinished(record.id); renderMenuAreas(); } }),
    ]));
  }
  $("menu-finished").hidden = shown.length === 0;
  const puzzles = mistakes();
  const open = puzzles.filter((puzzle) => !puzzle.done).length;
  const items = $("puzzle-list");
  items.replaceChildren();
  if (puzzles.length) {
    items.append(element("li", { class: "daily puzzles" }, [
      element("a", { class: "button secondary", href: "#/puzzle", id: "menu-puzzles", text: t("puzzle.menu") }),
      element("span", { class: "daily-best hint", id: "menu-puzzles-count", "data-open": String(open),
        text: open ? t("puzzle.open", { n: open }) : t("puzzle.all_done") }),
    ]));
  }
  items.hidden = puzzles.length === 0;
}

/** @param {string} seatsText */
function seatNames(seatsText) {
  const table = { seats: parseSeats(seatsText) || [] };
  return table.seats.map((_, seat) => seatName(table, seat)).join(", ");
}

function renderMenuAreas() {
  $("menu-profile").hidden = !storing(); // ratings: the profile (docs/ratings.md); an embed keeps none
  if (!storing()) return;
  const problems = [];
  if (profileProblem()) problems.push("profile"); // ratings: an unreadable profile is reported as the other stores
  // Continue
  const { saves: list, bad, problem } = saves.listSaves(gameIds());
  if (problem) problems.push("saves");
  for (const id of bad) saves.unusable.add(id);
  const shown = list.filter((record) => !saves.unusable.has(record.game) && playable(record.game));
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
        element("span", { class: "hint", text: t("saves.details",
          { players: seatNames(record.seats), moves, when }) }),
      ]),
      element("button", { type: "button", class: "link forget", text: t("saves.forget"),
        "aria-label": `${t("saves.forget")} ${t(`game.${record.game}.title`)}`,
        onclick: () => { saves.forgetGame(record.game); renderMenuAreas(); } }),
    ]));
  }
  $("menu-continue").hidden = shown.length === 0;
  if (bad.length) notice(t("saves.bad_record", { game: bad.map((id) => t(`game.${id}.title`, {}, id)).join(", ") }), "error");
  validateSaves(shown);
  // Daily challenges: the games that declare one (games.json `daily`)
  const day = saves.today();
  $("daily-date").textContent = t("daily.date", { date: day });
  const dailyList = $("daily-list");
  dailyList.replaceChildren();
  if (saves.dailyProblem()) problems.push("daily");
  for (const { id: game, daily } of games()) {
    if (!daily || !playable(game)) continue;
    const best = saves.dailyBest(day, game);
    const words = best === null ? t("daily.none") : t(`daily.best.${game}`, { best, seconds: (best / 1000).toFixed(1) });
    dailyList.append(element("li", { class: "daily", "data-game": game }, [
      element("a", { class: "button secondary", href: `#/daily?game=${game}`, text: t(`daily.${game}`) }),
      element("span", { class: "daily-best hint", text: words }),
    ]));
  }
  renderReviewAreas(problems);
  // Statistics
  const levelOrder = (/** @type {string} */ game) => gameInfo(game)?.bot_levels || ["easy", "normal", "hard"];
  const { rows, problem: statsProblem } = saves.statRows(gameIds(), levelOrder);
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
 * kept (under a backup key) when a new game of that kind is saved. @param {{game: string, code: string}[]} list */
async function validateSaves(list) {
  if (!list.length) return;
  try { await engine.ready; } catch { return; }
  const broken = [];
  for (const record of list) {
    const reply = await engine.request({ op: "check", code: record.code });
    if (reply.ok && reply.game === record.game && !reply.is_over) continue;
    saves.unusable.add(record.game);
    if (!reply.ok) broken.push(t(`game.${record.game}.title`));
    document.querySelector(`#continue-list li[data-game="${record.game}"]`)?.remove();
  }
  $("menu-continue").hidden = $("continue-list").children.length === 0;
  if (broken.length && document.body.dataset.screen === "menu") {
    notice(t("saves.bad_record", { game: broken.join(", ") }), "error");
  }
}
