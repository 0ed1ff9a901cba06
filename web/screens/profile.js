// @ts-check
// #/profile (docs/ratings.md): per game the person's rating with its ± and "?", a chart of it over time (inline SVG
// with labelled axes, as the review's chart is drawn: no library), the rated games won and lost by bot level, the
// solo bests and the daily streak; "Save my profile" and "Load a profile" carry it to another device.
import { t } from "../i18n.js";
import { $, announce, element, notice, showScreen } from "../dom.js";
import { games } from "../games.js";
import * as record from "../profile-store.js";
import { bestWords } from "./rating-line.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 150;
const PAD = { left: 44, right: 10, top: 10, bottom: 30 };

/** @param {string} tag @param {Record<string, string | number>} attrs @param {string} [text] */
function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The rating as the profile says it: "1512 ± 84", with "?" while provisional.
 * @param {{rating: number, deviation: number, provisional: boolean}} entry */
export function ratingWords(entry) {
  return t("profile.rating_value", { rating: `${Math.round(entry.rating)}${entry.provisional ? "?" : ""}`,
    deviation: Math.round(entry.deviation) });
}

/** The chart of a game's rating over its rated games: the rating's line, its ± band, axes labelled "Rating" and
 * "Rated games". @param {{rating: number, deviation: number}[]} history @param {string} title */
function chart(history, title) {
  const points = [{ rating: 1500, deviation: 350 }, ...history];
  const low = Math.min(...points.map((p) => p.rating - Math.min(p.deviation, 150)));
  const high = Math.max(...points.map((p) => p.rating + Math.min(p.deviation, 150)));
  const bottom = Math.floor(low / 100) * 100;
  const top = Math.max(bottom + 200, Math.ceil(high / 100) * 100);
  const x = (/** @type {number} */ i) => PAD.left + (i / Math.max(1, points.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (/** @type {number} */ r) => PAD.top + ((top - r) / (top - bottom)) * (HEIGHT - PAD.top - PAD.bottom);
  const root = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "profile-chart", role: "img",
    "aria-label": t("profile.chart_label", { game: title, n: history.length }) });
  const step = (top - bottom) / 100 > 4 ? 200 : 100;
  for (let r = bottom; r <= top; r += step) {
    root.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(r), y2: y(r), class: "grid" }));
    root.append(svg("text", { x: PAD.left - 4, y: y(r) + 4, "text-anchor": "end", class: "tick" }, String(r)));
  }
  const band = points.map((p, i) => `${x(i)},${y(p.rating + Math.min(p.deviation, 150))}`)
    .concat(points.map((p, i) => `${x(i)},${y(p.rating - Math.min(p.deviation, 150))}`).reverse());
  root.append(svg("polygon", { points: band.join(" "), class: "band" }));
  root.append(svg("polyline", { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "line" }));
  root.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: HEIGHT - PAD.bottom, y2: HEIGHT - PAD.bottom, class: "axis" }));
  root.append(svg("line", { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: HEIGHT - PAD.bottom, class: "axis" }));
  root.append(svg("text", { x: PAD.left, y: HEIGHT - PAD.bottom + 13, "text-anchor": "start", class: "tick" }, "0"));
  root.append(svg("text", { x: WIDTH - PAD.right, y: HEIGHT - PAD.bottom + 13, "text-anchor": "end", class: "tick" },
    String(history.length)));
  root.append(svg("text", { x: (PAD.left + WIDTH - PAD.right) / 2, y: HEIGHT - 4, "text-anchor": "middle", class: "axis-label" },
    t("profile.axis_games")));
  root.append(svg("text", { x: 10, y: (PAD.top + HEIGHT - PAD.bottom) / 2, "text-anchor": "middle", class: "axis-label",
    transform: `rotate(-90 10 ${(PAD.top + HEIGHT - PAD.bottom) / 2})` }, t("profile.axis_rating")));
  return root;
}

/** Won and lost by bot level (the strongest bot at the table), from the rated games' history.
 * @param {{result: string, opponents: string[]}[]} history @param {string[]} order */
function byLevel(history, order) {
  /** @type {Record<string, {won: number, lost: number}>} */
  const rows = {};
  for (const entry of history) {
    const levels = Array.isArray(entry.opponents) ? entry.opponents : [];
    const level = levels.reduce((a, b) => (order.indexOf(b) > order.indexOf(a) ? b : a), levels[0] || "");
    rows[level] ||= { won: 0, lost: 0 };
    rows[level][entry.result === "lost" ? "lost" : "won"] += 1;
  }
  return order.filter((level) => rows[level]).map((level) => ({ level, ...rows[level] }));
}

export function renderProfile() {
  const list = games();
  const data = record.profile(list);
  const area = $("profile-games");
  area.replaceChildren();
  $("profile-streak").textContent = t("profile.streak", { n: data.streak });
  for (const game of list) {
    const title = t(`game.${game.id}.title`);
    const entry = data.games[game.id];
    const best = data.bests[game.id];
    const card = element("section", { class: "profile-game menu-area", "data-game": game.id }, [element("h2", { text: title })]);
    if (entry) {
      card.append(element("p", { class: "profile-rating", "data-rating": String(Math.round(entry.rating)),
        "data-provisional": String(entry.provisional), text: ratingWords(entry) }));
      card.append(chart(entry.history, title));
      const table = element("table", { class: "stats" }, [
        element("thead", {}, [element("tr", {}, [
          element("th", { scope: "col", text: t("stats.level") }),
          element("th", { scope: "col", class: "num", text: t("stats.played") }),
          element("th", { scope: "col", class: "num", text: t("stats.won") }),
          element("th", { scope: "col", class: "num", text: t("profile.lost") }),
        ])]),
        element("tbody", {}, byLevel(entry.history, game.bot_levels).map((row) => element("tr", { "data-level": row.level }, [
          element("th", { scope: "row", text: t(`level.${row.level}`, {}, row.level) }),
          element("td", { class: "num", text: String(row.won + row.lost) }),
          element("td", { class: "num", text: String(row.won) }),
          element("td", { class: "num", text: String(row.lost) }),
        ]))),
      ]);
      card.append(table);
    } else if (game.bot_ratings) {
      card.append(element("p", { class: "hint", text: t("profile.unrated") }));
    }
    if (best && Number.isFinite(best.best)) {
      card.append(element("p", { class: "profile-best", "data-best": String(best.best),
        text: t("profile.best", { best: bestWords(game.id, best.best), n: best.count || 1 }) }));
    }
    if (card.children.length > 1) area.append(card);
  }
  $("profile-empty").hidden = area.children.length > 0;
  if (record.profileProblem()) notice(t("saves.unreadable", { what: t("saves.store.profile") }), "error");
  showScreen("profile");
}

function saveFile() {
  const text = record.exportProfile();
  const link = element("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
    download: `gamebox-profile-${new Date().toISOString().slice(0, 10)}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  $("profile-status").textContent = t("profile.saved");
}

/** Load a profile file's text: refused with words (nothing changes), or asked first over a profile of this device.
 * @param {string} text */
export function loadText(text) {
  const checked = record.readFile(text);
  const status = $("profile-status");
  if (!checked.ok) {
    status.textContent = t(checked.error?.key || "profile.refused.damaged");
    status.dataset.kind = "error";
    announce(status.textContent);
    return false;
  }
  if (record.hasProfile() && !window.confirm(t("profile.replace_ask"))) {
    status.textContent = t("profile.kept");
    status.dataset.kind = "";
    return false;
  }
  const done = record.importProfile(text);
  renderProfile();
  status.textContent = t(done.ok ? "profile.loaded" : done.error.key);
  status.dataset.kind = done.ok ? "" : "error";
  announce(status.textContent);
  return done.ok;
}

export function wireProfile() {
  $("profile-save").addEventListener("click", saveFile);
  $("profile-load").addEventListener("click", () => /** @type {HTMLInputElement} */ ($("profile-file")).click());
  $("profile-file").addEventListener("change", async () => {
    const input = /** @type {HTMLInputElement} */ ($("profile-file"));
    const file = input.files?.[0];
    input.value = "";
    if (file) loadText(await file.text());
  });
}
