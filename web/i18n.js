// Words that players read: one catalogue per language in web/i18n/<lang>.json. English is the fallback.
const catalogues = {};
let language = "en";

export const LANGUAGES = ["en"];

async function fetchCatalogue(lang) {
  if (catalogues[lang]) return catalogues[lang];
  const response = await fetch(new URL(`./i18n/${lang}.json`, import.meta.url));
  if (!response.ok) throw new Error(`no catalogue for ${lang}`);
  catalogues[lang] = await response.json();
  return catalogues[lang];
}

export async function loadLanguage(preferred) {
  await fetchCatalogue("en");
  const wanted = (preferred || navigator.language || "en").slice(0, 2).toLowerCase();
  language = LANGUAGES.includes(wanted) ? wanted : "en";
  if (language !== "en") await fetchCatalogue(language);
  document.documentElement.lang = language;
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
}
