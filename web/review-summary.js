// @ts-check
// The summary of a reviewed game (docs/review.md): what its reviewer says beyond the moves (core/review.py
// Reviewer.summary), as readable rows. A summary of a known shape gets a view of its own, found by its shape (never by
// a game's id): throws with reaction times (a chart of a person's reaction per throw against the bots' levels, and the
// rounds won and lost), races with rounds (each round's times against the levels, the solution of a card left
// unsolved), a best possible game (its score and line). Anything else is shown as rows of names and values.
import { currentLanguage, has, t } from "./i18n.js";
import { element } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";

/**
 * @typedef {object} Context
 * @property {(seat: number) => string} seatName
 * @property {string[]} colours  each seat's colour on the chart
 * @property {number} players
 * @property {string} game  the game's id: its own words for a value (`<game>.<name>.<value>`, `<game>.end.<reason>`)
 */

/** A name of a summary's field, in words: `review.summary.<name>`, a bot level's name, else the name made readable.
 * @param {string} name */
export function fieldName(name) {
  if (has(`review.summary.${name}`)) return t(`review.summary.${name}`);
  if (has(`level.${name}`)) { const word = t(`level.${name}`); return word.charAt(0).toLocaleUpperCase() + word.slice(1); }
  const plain = name.replace(/_/g, " ").trim();
  return plain.charAt(0).toLocaleUpperCase() + plain.slice(1);
}

/** A time in ms as seconds, the language's way. @param {number | null | undefined} ms */
export function seconds(ms) {
  if (typeof ms !== "number" || !Number.isFinite(ms)) return "–";
  const number = new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);
  return t("review.seconds", { seconds: number });
}

/** A value in words: a time, a seat by its name, a number the language's way, a yes or no, a list, a record.
 * @param {string} name @param {any} value @param {Context} context @returns {string} */
export function fieldValue(name, value, context) {
  if (value === null || value === undefined) return "–";
  if (typeof value === "boolean") return t(value ? "review.yes" : "review.no");
  if (typeof value === "number") {
    if (/(^|_)ms$/.test(name) || name === "levels") return seconds(value);
    if (/(^|_)(seat|winner|player|loser)$/.test(name) && Number.isInteger(value) && value >= 0 && value < context.players) return context.seatName(value);
    if (name === "beats") return new Intl.NumberFormat(currentLanguage(), { style: "percent", maximumFractionDigits: 0 }).format(value);
    return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 }).format(value);
  }
  if (typeof value === "string") {
    // the review's word for it, else the game's own (its option's word, its end reason's sentence)
    const keys = [`review.summary.${name}.${value}`, `${context.game}.${name}.${value}`,
      ...(name === "end_reason" ? [`${context.game}.end.${value}`] : [])];
    const key = keys.find((one) => has(one));
    return key ? t(key) : value;
  }
  if (Array.isArray(value)) {
    if (/(^|_)(seats|winners|people|players)$/.test(name) && value.every(Number.isInteger)) return value.map((seat) => context.seatName(seat)).join(", ");
    return value.map((item) => fieldValue(name.replace(/s$/, ""), item, context)).join(", ");
  }
  if (typeof value === "object") {
    return Object.entries(value).map(([key, item]) => `${fieldName(key)}: ${fieldValue(name === "levels" || name === "beats" ? name : key, item, context)}`).join(", ");
  }
  return String(value);
}

/** @param {string} title @param {(Node | string)[]} children @param {string} field */
function block(title, children, field) {
  return element("div", { class: "review-summary-block", "data-field": field }, [element("h3", { text: title }), ...children]);
}

/** A small table: a header row and rows of cells (text, or a node). @param {string[]} head @param {(string | Node)[][]} rows */
function table(head, rows) {
  return element("div", { class: "review-table-wrap" }, [element("table", { class: "review-summary-table" }, [
    element("thead", {}, [element("tr", {}, head.map((text) => element("th", { scope: "col", text })))]),
    element("tbody", {}, rows.map((cells) => element("tr", {}, cells.map((cell) => element("td", {}, [cell]))))),
  ])]);
}

/** A seat's name with its colour. @param {Context} context @param {number} seat */
function who(context, seat) {
  return element("span", { class: "review-who" }, [
    element("span", { class: "review-swatch", style: `background:${context.colours[seat] || "#888"}`, "aria-hidden": "true" }),
    ` ${context.seatName(seat)}`,
  ]);
}

// ---------------------------------------------------------------- throws: reaction times against the levels
/** @param {Record<string, any>} summary */
const isThrows = (summary) => Array.isArray(summary.throws) && Array.isArray(summary.seats);

/** @param {Record<string, any>} summary @param {Context} context */
function throwsView(summary, context) {
  const parts = [];
  // rounds won and lost
  parts.push(block(t("review.summary.rounds_won"), [table(
    [t("review.summary.player"), t("review.summary.won"), t("review.summary.lost"), t("review.summary.paid"), t("review.summary.gems")],
    summary.seats.map((/** @type {any} */ row) => [who(context, row.seat), String(row.won), String(row.lost), String(row.paid),
      Array.isArray(summary.gems) ? String(summary.gems[row.seat] ?? "–") : "–"]),
  )], "seats"));
  // each person's reaction per throw, against the levels' times on that throw
  const people = [...new Set(summary.throws.flatMap((/** @type {any} */ one) => Object.keys(one.people || {}).map(Number)))];
  for (const seat of people) {
    const throws = summary.throws.filter((/** @type {any} */ one) => one.people && one.people[String(seat)]);
    const records = throws.map((/** @type {any} */ one) => ({ round: one.round, ...one.people[String(seat)] }));
    const levels = [...new Set(records.flatMap((/** @type {any} */ record) => Object.keys(record.levels || {})))];
    const wrong = records.flatMap((/** @type {any} */ record) => record.grabs || []).filter((/** @type {any} */ grab) => "ms" in grab && !grab.right).length;
    const reactions = records.map((/** @type {any} */ record) => record.reaction_ms).filter(Number.isFinite).sort((a, b) => a - b);
    const median = reactions.length ? reactions[Math.floor(reactions.length / 2)] : null;
    const lines = [
      element("p", { class: "review-summary-row" }, [
        element("span", { class: "review-summary-name", text: t("review.summary.median_reaction") }),
        element("span", { class: "review-summary-value", text: seconds(median) }),
      ]),
      element("p", { class: "review-summary-row" }, [
        element("span", { class: "review-summary-name", text: t("review.summary.wrong_grabs") }),
        element("span", { class: "review-summary-value", text: String(wrong) }),
      ]),
      reactionChart(records, levels, context.colours[seat] || "#2f6fd6"),
      element("p", { class: "review-legend hint" }, [
        element("span", { class: "review-legend-item" }, [
          element("span", { class: "review-legend-dot", style: `background:${context.colours[seat] || "#2f6fd6"}` }),
          ` ${t("review.summary.reaction")}`]),
        ...levels.map((level, index) => element("span", { class: "review-legend-item" }, [
          element("span", { class: `review-legend-line level-${index}` }), ` ${fieldName(level)}`])),
      ]),
      table([t("review.summary.round"), t("review.summary.reaction"), ...levels.map(fieldName)],
        records.map((/** @type {any} */ record) => [String(record.round), seconds(record.reaction_ms),
          ...levels.map((level) => seconds(record.levels?.[level]))])),
    ];
    parts.push(block(t("review.summary.reactions", { name: context.seatName(seat) }), lines, `reactions-${seat}`));
  }
  return parts;
}

/** A person's reaction per throw (dots: filled when the catch was right) against each level's time (lines).
 * @param {any[]} records @param {string[]} levels @param {string} colour */
function reactionChart(records, levels, colour) {
  const width = 320;
  const height = 120;
  const pad = 8;
  const values = records.flatMap((record) => [record.reaction_ms, ...levels.map((level) => record.levels?.[level])]).filter(Number.isFinite);
  const high = values.length ? Math.max(...values) * 1.08 : 1;
  const low = 0;
  const xOf = (/** @type {number} */ index) => pad + (records.length > 1 ? index / (records.length - 1) : 0.5) * (width - 2 * pad);
  const yOf = (/** @type {number} */ ms) => pad + (1 - (ms - low) / (high - low)) * (height - 2 * pad);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "review-reaction-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("review.summary.reaction_chart"));
  const add = (/** @type {string} */ tag, /** @type {Record<string, any>} */ attributes) => {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
    svg.append(node);
  };
  add("rect", { x: 0.5, y: 0.5, width: width - 1, height: height - 1, rx: 6, class: "review-chart-frame" });
  levels.forEach((level, index) => {
    const points = records.map((record, at) => (Number.isFinite(record.levels?.[level]) ? `${xOf(at).toFixed(1)},${yOf(record.levels[level]).toFixed(1)}` : null)).filter(Boolean);
    if (points.length) add("polyline", { points: points.join(" "), fill: "none", class: `review-level level-${index}` });
  });
  records.forEach((record, at) => {
    if (!Number.isFinite(record.reaction_ms)) return;
    const right = Boolean(record.catch?.right);
    add("circle", { cx: xOf(at), cy: yOf(record.reaction_ms), r: 3.6, fill: right ? colour : "#fff", stroke: colour, "stroke-width": 1.6 });
  });
  return svg;
}

// ---------------------------------------------------------------- races: each round's times against the levels
/** @param {Record<string, any>} summary */
const isRace = (summary) => Array.isArray(summary.rounds) && summary.rounds.every((/** @type {any} */ round) => Array.isArray(round?.seats));

/** @param {Record<string, any>} summary @param {Context} context */
function raceView(summary, context) {
  const parts = [];
  const seats = [...new Set(summary.rounds.flatMap((/** @type {any} */ round) => round.seats.map((/** @type {any} */ row) => row.seat)))].sort((a, b) => a - b);
  const roundName = (/** @type {any} */ round) => (round.playoff ? t("review.summary.playoff") : String(round.round));
  const rank = (/** @type {any} */ row) => (Number.isInteger(row.rank) ? ` (${t("review.summary.rank_n", { rank: row.rank })})` : "");
  parts.push(block(t("review.summary.rounds"), [table([t("review.summary.round"), ...seats.map((seat) => context.seatName(seat))],
    summary.rounds.map((/** @type {any} */ round) => [roundName(round), ...seats.map((seat) => {
      const row = round.seats.find((/** @type {any} */ one) => one.seat === seat);
      return row ? (row.time_ms === null ? t("review.summary.unsolved") : seconds(row.time_ms)) + rank(row) : "–";
    })]))], "rounds"));
  for (const seat of seats) {
    const rows = summary.rounds.map((/** @type {any} */ round) => ({ round, row: round.seats.find((/** @type {any} */ one) => one.seat === seat && one.person) }))
      .filter((/** @type {any} */ item) => item.row);
    if (!rows.length) continue;
    const levels = [...new Set(rows.flatMap((/** @type {any} */ item) => Object.keys(item.row.levels || {})))];
    const solutions = rows.filter((/** @type {any} */ item) => item.row.solution).map((/** @type {any} */ item) => element("p", { class: "review-solution" }, [
      element("span", { class: "review-summary-name", text: t("review.summary.solution_of", { round: roundName(item.round) }) }),
      " ", element("code", { text: item.row.solution }),
    ]));
    parts.push(block(t("review.summary.times", { name: context.seatName(seat) }), [
      table([t("review.summary.round"), t("review.summary.time_ms"), ...levels.map(fieldName)],
        rows.map((/** @type {any} */ item) => [roundName(item.round),
          item.row.time_ms === null ? t("review.summary.unsolved") : seconds(item.row.time_ms), ...levels.map((level) => seconds(item.row.levels?.[level]))])),
      ...solutions,
    ], `times-${seat}`));
  }
  const rest = Object.fromEntries(Object.entries(summary).filter(([name]) => name !== "rounds" && name !== "mode"));
  parts.push(...rows(rest, context, 0));
  return parts;
}

// ---------------------------------------------------------------- anything else: rows
/** @param {Record<string, any>} summary @param {Context} context @param {number} depth @returns {HTMLElement[]} */
function rows(summary, context, depth) {
  /** @type {HTMLElement[]} */
  const made = [];
  for (const [name, value] of Object.entries(summary)) {
    // a list of lists (indexes within indexes) reads as nothing but numbers: left out
    if (Array.isArray(value) && value.some((item) => Array.isArray(item))) continue;
    if (name === "solution" || name === "best_line" || name === "line") {
      made.push(element("p", { class: "review-solution", "data-field": name }, [
        element("span", { class: "review-summary-name", text: fieldName(name) }), " ",
        element("code", { text: Array.isArray(value) ? value.join(", ") : String(value) }),
      ]));
    } else if (Array.isArray(value) && value.length && value.every((item) => item && typeof item === "object" && !Array.isArray(item))) {
      const columns = [...new Set(value.flatMap((item) => Object.keys(item)))];
      made.push(block(fieldName(name), [table(columns.map(fieldName),
        value.map((item) => columns.map((column) => fieldValue(column, item[column], context))))], name));
    } else if (value && typeof value === "object" && !Array.isArray(value) && depth < 1
               && Object.values(value).some((item) => item && typeof item === "object")) {
      made.push(block(fieldName(name), rows(value, context, depth + 1), name));
    } else {
      made.push(element("p", { class: "review-summary-row", "data-field": name }, [
        element("span", { class: "review-summary-name", text: fieldName(name) }),
        element("span", { class: "review-summary-value", text: fieldValue(name, value, context) }),
      ]));
    }
  }
  return made;
}

/** The summary's view: its own where its shape is known, else rows. @param {Record<string, any>} summary
 * @param {Context} context @returns {HTMLElement[]} */
export function summaryView(summary, context) {
  if (isThrows(summary)) {
    const rest = Object.fromEntries(Object.entries(summary).filter(([name]) => !["throws", "seats", "gems"].includes(name)));
    return [...throwsView(summary, context), ...rows(rest, context, 0)];
  }
  if (isRace(summary)) return raceView(summary, context);
  return rows(summary, context, 0);
}
