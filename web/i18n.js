// Words that players read: one catalogue per language in web/i18n/<lang>.json. English is the fallback. Each
// message is ICU MessageFormat, worded by intl-messageformat (FormatJS): docs/i18n.md.
import { IntlMessageFormat } from "intl-messageformat";

const catalogues = {};
let language = "en";

export const LANGUAGES = ["en", "pt", "uk"];
/** Each language's name in its own language, for the language switch. */
export const LANGUAGE_NAMES = { en: "English", pt: "Português", uk: "Українська" };
const STORE_KEY = "gamebox/lang";

function stored() {
  try { return window.localStorage.getItem(STORE_KEY) || ""; } catch { return ""; }
}

/** The first of `wanted` (codes like "pt-BR", "uk") that has a catalogue, else English. */
function pick(wanted) {
  for (const code of wanted) {
    const short = String(code || "").slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(short)) return short;
  }
  return "en";
}

async function fetchCatalogue(lang) {
  if (catalogues[lang]) return catalogues[lang];
  const response = await fetch(new URL(`./i18n/${lang}.json`, import.meta.url));
  if (!response.ok) throw new Error(`no catalogue for ${lang}`);
  catalogues[lang] = await response.json();
  return catalogues[lang];
}

/** Load the catalogue for `preferred` (an embedding page's choice), else the player's remembered choice, else
 * the browser's languages; English when none has a catalogue. index.html's first paint script picks the same way
 * before any module runs (docs/offline-and-csp.md, "The menu's first paint"): change both together. */
export async function loadLanguage(preferred) {
  await fetchCatalogue("en");
  const browser = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  language = pick([preferred, stored(), ...browser].filter(Boolean));
  if (language !== "en") await fetchCatalogue(language);
  document.documentElement.lang = language;
  return language;
}

export function currentLanguage() {
  return language;
}

/** Switch to `lang`, remember it (unless `remember` is false), and tell the page with a "languagechange"
 * event on document, so that it can word itself again. */
export async function setLanguage(lang, { remember = true } = {}) {
  const wanted = pick([lang]);
  await fetchCatalogue(wanted);
  language = wanted;
  document.documentElement.lang = language;
  if (remember) {
    try { window.localStorage.setItem(STORE_KEY, language); } catch { /* private mode: not remembered */ }
  }
  document.dispatchEvent(new CustomEvent("languagechange", { detail: { language } }));
  return language;
}

export function has(key) {
  return key in (catalogues[language] || {}) || key in (catalogues.en || {});
}

/** The language's locale for plural rules and numbers. Portuguese counts the European way: "one" is 1 only, so
 * that 0 reads "0 gemas" (Brazilian rules would pick "one" for 0). */
function localeOf(lang) {
  return lang === "pt" ? "pt-PT" : lang;
}

// ---------------------------------------------------------------- seats: "you" or another player
/** @typedef {(seat: number) => {name: string, you: boolean}} SeatNamer  a seat's name, and whether it is the
 * person on this device */

/** The params with each seat worded: `seat` gives `name` and `you` ("yes" or "no"), `<role>_seat` gives `<role>`
 * and `<role>_you` (by `namer`); a name given as text (an older call: `{name: host.seatName(s)}`) gets its `you`
 * from whether it is this language's word for "you" (seat.you). @param {Record<string, any>} params
 * @param {Set<string>} wanted @param {SeatNamer | null} namer */
function withSeats(params, wanted, namer) {
  const out = { ...params };
  for (const [param, value] of Object.entries(params)) {
    const role = param === "seat" ? "name" : param.endsWith("_seat") ? param.slice(0, -5) : null;
    if (role === null || typeof value !== "number" || !namer) continue;
    const seat = namer(value);
    out[role] ??= seat.name;
    out[youParam(role)] ??= seat.you ? "yes" : "no";
  }
  for (const param of wanted) {
    const role = param === "you" ? "name" : param.endsWith("_you") ? param.slice(0, -4) : null;
    if (role === null || param in out || typeof out[role] !== "string") continue;
    out[param] = out[role] === t("seat.you") ? "yes" : "no";
  }
  return out;
}

/** @param {string} role */
function youParam(role) {
  return role === "name" ? "you" : `${role}_you`;
}

// ---------------------------------------------------------------- words: which word a parameter holds
/** @type {Record<string, Map<string, string[]>>} */
const wordKeys = {};

/** The key of the catalogue word `text` (the last part of its key: "orange" for colour.orange), for a message
 * that agrees with a word given only as text (`{colour: "orange"}` without `colour_key`). The same text may be
 * several keys' word ("orange" is colour.orange and colour.O): the message's own game's first, then the longest
 * name (colour.orange: a message selects on "orange" for any game's orange), then the one whose case matches. @param {string} text @param {string} messageKey */
function wordKey(text, messageKey) {
  const words = wordKeys[language] ??= (() => {
    /** @type {Map<string, string[]>} */
    const found = new Map();
    for (const catalogue of [catalogues[language] || {}, catalogues.en || {}]) {
      for (const [key, value] of Object.entries(catalogue)) {
        if (value.length > 40 || value.includes("{") || key.split(".").length < 2) continue;
        const folded = value.toLowerCase();
        if (!found.has(folded)) found.set(folded, []);
        found.get(folded).push(key);
      }
    }
    return found;
  })();
  const area = messageKey.split(".")[0];
  const own = catalogues[language] || {};
  const last = (/** @type {string} */ key) => key.slice(key.lastIndexOf(".") + 1);
  const rank = (/** @type {string} */ key) => [key.startsWith(`${area}.`) ? 0 : 1, -last(key).length, own[key] === text ? 0 : 1];
  const keys = [...(words.get(text.toLowerCase()) || [])].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  return keys.length ? last(keys[0]) : "";
}

// ---------------------------------------------------------------- ICU MessageFormat
/** @type {Record<string, Map<string, {formatter: IntlMessageFormat | null, wanted: Map<string, number>, template: string}>>} */
const compiled = {};

/** The message's formatter and the arguments it reads (by name: its element type, 1 plain, 5 select, 6 plural),
 * once per language and key. null for a message that is not valid ICU: then its {placeholders} are filled as
 * plain text. @param {string} lang @param {string} key @param {string} template */
function compile(lang, key, template) {
  const own = compiled[lang] ??= new Map();
  let entry = own.get(key);
  if (entry && entry.template === template) return entry;
  /** @type {Map<string, number>} */
  const wanted = new Map();
  let formatter = null;
  try {
    formatter = new IntlMessageFormat(template, localeOf(lang), undefined, { ignoreTag: true });
    const walk = (/** @type {any[]} */ elements) => {
      for (const element of elements) {
        if (typeof element.value === "string" && element.type !== 0) {
          if (!wanted.has(element.value) || element.type >= 5) wanted.set(element.value, element.type);
        }
        for (const option of Object.values(element.options || {})) walk(/** @type {any} */ (option).value);
        if (element.children) walk(element.children);
      }
    };
    walk(formatter.getAst());
  } catch {
    formatter = null;
    for (const match of template.matchAll(/\{(\w+)\}/g)) wanted.set(match[1], 1);
  }
  entry = { formatter, wanted, template };
  own.set(key, entry);
  return entry;
}

/** Every message key whose template is not valid ICU MessageFormat in `lang`, with the parser's complaint (for
 * the wording test). @param {string} lang */
export function invalidMessages(lang) {
  /** @type {Record<string, string>} */
  const found = {};
  for (const [key, template] of Object.entries(catalogues[lang] || {})) {
    try { new IntlMessageFormat(template, localeOf(lang), undefined, { ignoreTag: true }); } catch (error) { found[key] = String(error.message || error); }
  }
  return found;
}

/** The text for `key` in the current language (English where it has none), an ICU MessageFormat message
 * (docs/i18n.md): `{name}` filled from `params`, `{n, plural, one {# gem} other {# gems}}` counted the language's
 * way, `{you, select, yes {You win} other {{name} wins}}` chosen by a parameter. A seat given by number (`seat`,
 * `<role>_seat`) is named by the t of seatWording(); a word's key (`<param>_key`) is found when not given. A missing
 * plain parameter shows as `{name}`, a missing choice takes its `other` branch. `fallback` if the key is unknown. */
export function t(key, params = {}, fallback) {
  return format(key, params, fallback, null);
}

/** t and wording for a table: a seat given by number (`{seat: 2}`, `{victim_seat: 1}`) is named by `namer`, and
 * `{you}` (`{victim_you}`) says whether it is the person on this device. Each renderer host's t is one of these.
 * @param {SeatNamer} namer */
export function seatWording(namer) {
  return {
    /** @type {(key: string, params?: Record<string, any>, fallback?: string) => string} */
    t: (key, params = {}, fallback = undefined) => format(key, params, fallback, namer),
    /** @type {(key: string, params?: Record<string, any>) => string} */
    wording: (key, params = {}) => format(touchKey(key), params, "", namer),
  };
}

/** t and wording for a guided game or a rules example: seat 0 is the person ("You"), every other seat "Bot n". */
export const exampleWording = seatWording((seat) => (
  { name: seat === 0 ? t("seat.you") : t("learn.bot", { n: seat + 1 }), you: seat === 0 }));

/** @param {string} key @param {Record<string, any>} params @param {string | undefined} fallback
 * @param {SeatNamer | null} namer */
function format(key, params, fallback, namer) {
  const own = catalogues[language] || {};
  const lang = key in own ? language : "en";
  const template = (catalogues[lang] || {})[key];
  if (template === undefined) return fallback ?? key;
  if (!template.includes("{")) return template;
  const { formatter, wanted } = compile(lang, key, template);
  const values = withSeats(params, new Set(wanted.keys()), namer);
  for (const [name, type] of wanted) {
    if (name in values && values[name] !== undefined && values[name] !== null) continue;
    if (name.endsWith("_key") && typeof values[name.slice(0, -4)] === "string") {
      values[name] = wordKey(values[name.slice(0, -4)], key);
    } else values[name] = type === 5 ? "" : type === 6 ? Number.NaN : `{${name}}`;
  }
  if (formatter) {
    try { return String(formatter.format(values)); } catch { /* a value of the wrong kind: filled as plain text below */ }
  }
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The words of `key`, or on a touch screen (a coarse pointer) its wording for taps, `<key>_touch`, where the
 * catalogue has one (no "Click", no keyboard keys). */
export function wording(key, params = {}) {
  return t(touchKey(key), params, "");
}

/** `<key>_touch` on a touch screen where the catalogue has it, else `key`. @param {string} key */
function touchKey(key) {
  const touch = Boolean(globalThis.matchMedia?.("(pointer: coarse)").matches) && has(`${key}_touch`);
  return touch ? `${key}_touch` : key;
}

/** Fill every element that has data-i18n with its text. An element that already says it is left alone (the page
 * as first painted is worded already: docs/offline-and-csp.md, "The menu's first paint"), so nothing is laid out
 * again for nothing. @param {Document | HTMLElement} [root] */
export function translatePage(root = document) {
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) {
    const text = t(element.dataset.i18n, {}, element.textContent);
    if (element.textContent !== text) element.textContent = text;
  }
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-label]"))) {
    const label = t(element.dataset.i18nLabel, {}, element.getAttribute("aria-label") || "");
    if (element.getAttribute("aria-label") !== label) element.setAttribute("aria-label", label);
  }
}
