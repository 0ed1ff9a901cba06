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

/** The text for `key` with {name} placeholders filled from `params`; `fallback` if the key is unknown. */
export function t(key, params = {}, fallback) {
  const template = (catalogues[language] || {})[key] ?? (catalogues.en || {})[key];
  if (template === undefined) return fallback ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** Fill every element that has data-i18n with its text. */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n, {}, element.textContent);
  }
  for (const element of root.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel, {}, element.getAttribute("aria-label") || ""));
  }
}
