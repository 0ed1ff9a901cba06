// @ts-check
// What every screen shares of the page: building elements, the notice line, the live region, error words and the
// switch between screens.
import { has, t } from "./i18n.js";

/** An element of index.html by its id (typed loosely: the page knows which kind each id is).
 * @param {string} id @returns {any} */
export const $ = (id) => document.getElementById(id);

/** A new element: `text`, `class` and `style` set those; `on<event>` listens; other props are attributes.
 * @param {string} tag @param {Record<string, any>} [props] @param {(Node | string)[]} [children]
 * @returns {any} */
export function element(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else if (name === "style") node.style.cssText = value; // CSSOM: allowed by the CSP (a style attribute is not)
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

/** Paragraphs of a catalogue text: a blank line (or a line break) starts a new one. @param {string} text */
export function paragraphs(text) {
  return String(text).split(/\n+/).map((line) => line.trim()).filter(Boolean).map((line) => element("p", { text: line }));
}

/** @param {string} text @param {string} [kind] info, error or hint */
export function notice(text, kind = "info") {
  $("notice-text").textContent = text;
  $("notice").dataset.kind = kind;
  $("notice-reload").hidden = true;
  $("notice").hidden = false;
}

export function clearNotice() { $("notice").hidden = true; }

/** Say `text` to a screen reader (the page's polite live region). @param {string} text */
export function announce(text) {
  const region = $("announcer");
  if (!region) return;
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 30);
}

/** Words for an error reply from the bridge. @param {import("./host.js").BridgeError | null | undefined} error */
export function errorText(error) {
  if (!error) return t("error.internal", { message: "?" });
  if (has(error.key)) return t(error.key, { ...error.params, message: error.message });
  return error.message || t("error.internal", { message: error.type });
}

/** Why a link cannot open, in the words of the share.* keys. @param {import("./host.js").BridgeError | null | undefined} error */
export function linkReason(error) {
  const key = error && error.key;
  const params = { ...(error && error.params) };
  // a move that cannot be played: word why, from its own key, where the catalogue has it
  if (typeof params.reason_key === "string" && has(params.reason_key)) params.reason = t(params.reason_key, { ...params.reason_params });
  return key && has(key) && key.startsWith("share.") ? t(key, params) : (error ? error.message || "" : "");
}

/** Show one screen (menu, setup, game, rules, learn). Listeners of the `screen` event on document hear it first
 * (the game screen puts its renderer away when another screen comes). @param {string} name */
/** Back to the menu, saying `words` (a link that does not open, a daily that does not exist): app.js, which owns the
 * screens, hears it ("menu") and shows the menu with the words in its notice line. @param {string} words */
export function toMenu(words) {
  history.replaceState(null, "", "#/");
  document.dispatchEvent(new CustomEvent("menu", { detail: { words } }));
}

export function showScreen(name) {
  document.dispatchEvent(new CustomEvent("screen", { detail: name }));
  for (const screen of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".screen"))) {
    screen.hidden = screen.id !== `screen-${name}`;
    screen.removeAttribute("data-first-paint"); // the menu as the build wrote it (index.html) is the app's now
  }
  document.body.dataset.screen = name;
}
