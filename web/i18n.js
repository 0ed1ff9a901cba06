// Words that players read: one catalogue per language in web/i18n/<lang>.json. English is the fallback.
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
 * the browser's languages; English when none has a catalogue. */
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

const PLURAL_FORMS = ["zero", "one", "two", "few", "many", "other"];
const pluralRules = {};

/** The language's plural rules (Intl.PluralRules). Portuguese counts the European way: "one" is 1 only, so
 * that 0 reads "0 gemas" (Brazilian rules would pick "one" for 0). */
function rulesFor(lang) {
  pluralRules[lang] ??= new Intl.PluralRules(lang === "pt" ? "pt-PT" : lang);
  return pluralRules[lang];
}

/** The parameter a plural family counts: `count` where given, else the last number the English wording
 * shows ("{name} caught {whoopie} ({ms} ms): −{lost} gems" counts {lost}). */
function countedParam(key, params) {
  if (typeof params.count === "number") return "count";
  const plain = (catalogues.en || {})[key] ?? "";
  const numbers = [...plain.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
    .filter((name) => typeof params[name] === "number");
  return numbers.length ? numbers[numbers.length - 1] : null;
}

/** The key to word `key` with for these params: `<key>_one`, `_few`, `_many` or `_other` (whichever of
 * Intl.PluralRules' categories the count falls in, for the current language), where the catalogue has it;
 * else `key` itself. A form that shows no number (an old "1 gem") is only used for exactly one. */
export function pluralKey(key, params = {}) {
  const own = catalogues[language] || {};
  const forms = PLURAL_FORMS.filter((form) => `${key}_${form}` in own);
  if (!forms.length) return key;
  const name = countedParam(key, params);
  if (name === null) return key;
  const count = params[name];
  const wanted = `${key}_${rulesFor(language).select(count)}`;
  const template = own[wanted];
  if (template === undefined || (!template.includes(`{${name}}`) && count !== 1)) return key;
  return wanted;
}

/** The text for `key` with {name} placeholders filled from `params`; `fallback` if the key is unknown. A key
 * with plural forms (`<key>_one`, `_few`, `_many`, `_other`) is worded in the form its count asks for. */
export function t(key, params = {}, fallback) {
  key = pluralKey(key, params);
  const template = (catalogues[language] || {})[key] ?? (catalogues.en || {})[key];
  if (template === undefined) return fallback ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The words of `key`, or on a touch screen (a coarse pointer) its wording for taps, `<key>_touch`, where the
 * catalogue has one (no "Click", no keyboard keys). */
export function wording(key, params = {}) {
  const touch = Boolean(globalThis.matchMedia?.("(pointer: coarse)").matches) && has(`${key}_touch`);
  return t(touch ? `${key}_touch` : key, params, "");
}

/** Fill every element that has data-i18n with its text. @param {Document | HTMLElement} [root] */
export function translatePage(root = document) {
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) {
    element.textContent = t(element.dataset.i18n, {}, element.textContent);
  }
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-label]"))) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel, {}, element.getAttribute("aria-label") || ""));
  }
}
