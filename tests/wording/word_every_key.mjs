// The wording test's worker (tests/rules/test_wording.py runs it under node): words EVERY message key of every
// language with web/i18n.js itself, for "you" and for another seat, with each kind of parameter, and reports
// each text that shows a known bad pattern. Reads the merged catalogues from the JSON file named on the command
// line ({"catalogues": {"en": {...}, ...}}); prints one JSON object: the figures and the failures.
import { readFileSync } from "node:fs";

const { catalogues } = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const LANGS = Object.keys(catalogues);

// web/i18n.js runs in a page: give it the little of one it touches
globalThis.fetch = async (url) => {
  const lang = String(url).match(/(\w+)\.json$/)[1];
  return { ok: lang in catalogues, json: async () => catalogues[lang] };
};
globalThis.window = { localStorage: { getItem: () => null, setItem: () => {} } };
globalThis.document = { documentElement: {}, dispatchEvent: () => true };
Object.defineProperty(globalThis, "navigator", { value: { languages: ["en"], language: "en" }, configurable: true });
globalThis.CustomEvent ??= class { constructor(type, init) { this.type = type; this.detail = init?.detail; } };

const i18n = await import("../../web/i18n.js");

const NUMBERS = [0, 1, 2, 5, 21];
// what a game's parameter holds, by the raw values its rules give (the move log's params; docs/i18n.md)
const COLOURS = ["green", "red", "blue", "yellow", "pink", "orange", "purple"];
const RAW = {
  "upcombine.colour": ["B", "O", "P", "G", "R"],
  "upcombine.colours": ["B", "O", "P", "G", "R"],
  "upcombine.symbol": ["circle", "square", "triangle", "diamond", "star"],
  "upthrust.colour": ["green", "red", "blue", "yellow"],
  "upthrust.owner": null,
  "upples.body": ["white", "red"],
  "upples.hair": ["white", "red"],
  "whoopies.whoopie": ["phanteus", "octopus", "torteus", "marsupus", "ursinus"],
  "whoopies.wanted": ["phanteus", "octopus", "torteus", "marsupus", "ursinus"],
  "whoopies.colour": ["orange", "blue", "pink", "purple", "green"],
  "whoopies.body": ["orange", "blue", "pink", "purple", "green"],
  "whoopies.puff": ["orange", "blue", "pink", "purple", "green"],
  "ubongo.gems": ["ruby", "sapphire", "emerald", "amber"],
  "ubongo.gem": ["ruby", "sapphire", "emerald", "amber"],
};
// parameters that hold a seat's name, and the one that says whether it is "you"
const SEAT_ROLES = { name: "you", victim: "victim_you", winner: "winner_you", owner: "owner_you", names: null };
// parameters that hold a number (whatever the message does with it)
const NUMERIC = new Set(["n", "count", "gems", "lost", "points", "rows", "ms", "round", "rounds", "total", "step",
  "steps", "score", "target", "left", "dealt", "hexes", "low", "high", "players", "moves", "seconds", "best", "limit",
  "placed", "tiles", "k", "stack", "new_stack", "top", "bottom", "goal", "window", "time", "rank", "first",
  "second", "taken", "took", "points_total", "gems_count", "tiles_count", "colours_count", "puffs", "value"]);
// a sample for every other parameter
const SAMPLE = { square: "b3", start: "b3", to: "c5", from: "a2", exit: "d4", card: "rr", side: "A", code: "X7Q2",
  key: "Q", tile: "7", other: "3", seed: "fz825", link: "https://example.org/#/play", file: "docs/rules/upthrust.md",
  date: "2025-06-01", when: "2025-06-01", reason: "it is damaged", message: "boom", what: "a saved game",
  game: "Upthrust", option: "edition", action: "pass", move: "b3-b7", text: "b3", canonical: "b3", level: "Easy",
  state: "shy", face: "Name", meaning: "Name", token: "x", point: "12, 40", choices: "a, b", stacks: "1, 2",
  ends: "b3", row: "5", wanted: "Ursinus", puff: "orange", label: "Bot 2", names: "Bot 2 & Bot 3" };

/** The worded value of a raw one, as the move log words it (web/screens/game.js paramWord). */
function wordOf(area, name, value) {
  for (const key of [`${area}.${name}.${value}`, `${area}.${name.replace(/s$/, "")}.${value}`, `colour.${value}`]) {
    if (i18n.has(key)) return i18n.t(key);
  }
  return String(value);
}

/** The arguments a message reads, with their kind (1 plain, 5 select, 6 plural), in every language. */
function argumentsOf(key) {
  const found = new Map();
  for (const lang of LANGS) {
    const text = catalogues[lang][key];
    if (text === undefined) continue;
    for (const match of text.matchAll(/\{\s*(\w+)\s*(?:,\s*(\w+))?/g)) {
      const kind = match[2] === "select" ? 5 : match[2] === "plural" || match[2] === "selectordinal" ? 6 : 1;
      if (!found.has(match[1]) || kind > 1) found.set(match[1], kind);
    }
  }
  return found;
}

/** Each set of params to word `key` with: a base, then one parameter at a time through each of its values;
 * each for the person on this device and for another seat. */
function paramSets(key, lang) {
  const area = key.split(".")[0] === "rules" || key.split(".")[0] === "learn" ? key.split(".")[1] : key.split(".")[0];
  const args = argumentsOf(key);
  const base = {};
  const vary = [];
  const you = i18n.t("seat.you");
  const other = i18n.t("seat.bot", { n: 2, level: i18n.t("level.easy") });
  for (const [name, kind] of args) {
    if (name in SEAT_ROLES || name.endsWith("_you") || name === "you") continue;
    if (name.endsWith("_key")) continue; // given with its word, below
    if (name.endsWith("_count") && args.has(name.slice(0, -6))) continue; // counted with its list, below
    const raw = RAW[`${area}.${name}`] ?? (name === "colour" || name === "colours" ? COLOURS : null);
    if (raw) {
      const list = name.endsWith("s") && area === "ubongo" ? [[raw[3]], [raw[0], raw[3]], raw] : null;
      const sets = (list ?? raw.map((value) => value)).map((value) => {
        if (Array.isArray(value)) {
          const words = value.map((item) => wordOf(area, name, item));
          return { [name]: new Intl.ListFormat(i18n.currentLanguage(), { type: "conjunction" }).format(words),
            [`${name}_count`]: value.length };
        }
        return { [name]: wordOf(area, name, value), [`${name}_key`]: value };
      });
      Object.assign(base, sets[0]);
      vary.push(...sets.slice(1));
    } else if (NUMERIC.has(name) || kind === 6 || name.endsWith("_count")) {
      base[name] = 2;
      vary.push(...NUMBERS.map((n) => ({ [name]: n })));
    } else {
      base[name] = SAMPLE[name] ?? `x${name.length}`;
    }
  }
  if (area === "upcombine" && args.has("piece")) {
    const pieces = RAW["upcombine.colour"].map((c) => i18n.t("upcombine.piece", { colour: wordOf("upcombine", "colour", c), colour_key: c, symbol: wordOf("upcombine", "symbol", "circle") }));
    base.piece = pieces[0];
    vary.push(...pieces.slice(1).map((piece) => ({ piece })));
  }
  const roles = [...args.keys()].filter((name) => name in SEAT_ROLES);
  if (args.has("you") && !roles.includes("name")) roles.push("name");
  const forms = [];
  const seatForm = (mine) => {
    const params = {};
    for (const role of roles) {
      params[role] = role === mine ? you : other;
      if (role === "names") params[role] = role === mine ? `${you} & ${other}` : `${other} & ${i18n.t("learn.bot", { n: 3 })}`;
    }
    return params;
  };
  const player = i18n.t("seat.player", { n: 2 });
  const seatForms = roles.length ? [["other", seatForm(null)], ["a player", Object.fromEntries(roles.map((role) => [role, player]))],
    ...roles.map((role) => [`you as ${role}`, seatForm(role)])] : [["-", {}]];
  for (const [form, seats] of seatForms) {
    forms.push([form, { ...base, ...seats }]);
    for (const change of vary) forms.push([form, { ...base, ...seats, ...change }]);
  }
  return forms;
}

const BAD = {
  all: [
    [/\{|\}/, "an unfilled {placeholder}"],
    [/ {2}/, "a double space"],
    [/\b(undefined|NaN|null)\b|\[object/, "a missing value"],
    [/^\s|\s$/, "space at an end"],
    [/ [.,;:!?](?!\w)/, "a space before punctuation"],
    [/\.\./, "two full stops"],
  ],
  en: [
    [/\ba (?!one\b|uni|use|eu|u[rs]e)[aeiouAEIOU]/, "“a” before a vowel"],
    [/\ban (?![aeiouAEIOU]|[A-Z]\b|[A-Z]\d|h(our|onest))[A-Za-z]/, "“an” before a consonant"],
    [/\bYou (is|has|was|does|goes|\w+[^s\W]s)\b/, "“You” with a verb for “he”"],
    [/\bYou\b[^.!?:;]*\b(and|then|but) (wins|has|is|was|takes|gets|scores|loses|moves|goes|catches|steals|draws|puts|chooses|jumps|eats|rolls|passes|holds)\b/, "“You … wins”"],
    [/[a-z,] You\b/, "“You” inside a sentence"],
    [/\bYou['’]s\b|\bYou (their|his|her)\b/, "“You’s”"],
    [/\bYou\b[^.!?:;]*\b(their|his|her|itself|himself|herself|themselves)\b/, "“You … their”"],
    [/\b1 (gems|tiles|rows|points|players|stacks|pieces|pegs|seconds|cards|hexes|jumps|misses)\b/, "a plural for 1"],
    [/\b(0|2|5|21) (gem|tile|row|point|player|stack|piece|peg|second|card|hex|jump|miss)\b/, "a singular for many"],
    [/\bGame over[:.] Game over\b/, "“Game over” twice"],
    [/(?<!(and|,) )\b(Ruby|Sapphire|Emerald|Amber) go\b/, "one gem that “go”"],
  ],
  pt: [
    [/[\p{Ll},] Você(?!\p{L})/u, "“Você” inside a sentence"],
    [/(?<![\p{L}\d])1 (gemas|peças|fileiras|filas|pontos|jogadas|jogadores|pilhas|cartas|saltos|falhas|segundos|hexágonos)(?!\p{L})/u, "a plural for 1"],
    [/(?<![\p{L}\d])(0|2|5|21) (gema|peça|fileira|fila|ponto|jogada|jogador|pilha|carta|salto|falha|hexágono)(?!\p{L})/u, "a singular for many"],
    [/(?<!\p{L})Fim do jogo[:.] Fim do jogo(?!\p{L})/u, "“Fim do jogo” twice"],
  ],
  uk: [
    [/[\p{Ll},—] Ви(?!\p{L})/u, "“Ви” inside a sentence"],
    [/(?<!\p{L})(для|у|в|від|на|за|до|з|із|про) Ви(?!\p{L})/u, "“Ви” after a preposition"],
    [/(?<!\p{L})Ви(,[^,]+,)? (\p{L}+(ає|яє|ує|ить|іть|ять|иться|ється)|має|може|краде|бере|веде|йде|іде|\p{L}+(ав|ив|ув|ів|ла|ло))(?!\p{L})/u, "“Ви” with a verb for “he”"],
    [/(?<![\p{L}\d])(1|21) (самоцвіти|самоцвітів|рядів|ряди|плиток|плитки|очок|очки|фігур|фігури|ходи|ходів|промахи|промахів)(?!\p{L})/u, "a plural for 1"],
    [/(?<![\p{L}\d])5 (самоцвіт|самоцвіти|ряд|ряди|плитка|плитки|очко|очки|хід|ходи|промах|промахи)(?!\p{L})/u, "the wrong form for 5"],
    [/(?<![\p{L}\d])2 (самоцвітів|самоцвіт|рядів|ряд|плиток|плитка|очок|ходів|хід|промахів)(?!\p{L})/u, "the wrong form for 2"],
  ],
};

const failures = [];
let combos = 0;
const keysWorded = new Set();
const invalid = {};
for (const lang of LANGS) {
  await i18n.setLanguage(lang, { remember: false });
  const bad = [...BAD.all, ...(BAD[lang] || [])];
  const broken = i18n.invalidMessages(lang);
  if (Object.keys(broken).length) invalid[lang] = broken;
  const overTitle = i18n.t("over.title");
  for (const key of Object.keys(catalogues.en)) {
    keysWorded.add(key);
    for (const [form, params] of paramSets(key, lang)) {
      combos += 1;
      const text = i18n.t(key, params);
      // the same message from a renderer that gives a word without its key, or a seat only by its name
      const bare = Object.fromEntries(Object.entries(params).filter(([name]) => !name.endsWith("_key")));
      const without = i18n.t(key, bare);
      for (const [pattern, why] of bad) {
        if (pattern.test(text)) failures.push({ lang, key, form, params, text, why });
      }
      if (without !== text) failures.push({ lang, key, form, params: bare, text: without, why: `not “${text}” when the word comes without its key` });
      // ... or in lower case (a renderer that words colours mid-sentence)
      const lowered = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, `${name}_key` in params ? String(value).toLowerCase() : value]));
      const loweredBare = Object.fromEntries(Object.entries(lowered).filter(([name]) => !name.endsWith("_key")));
      const [withKey, withoutKey] = [i18n.t(key, lowered), i18n.t(key, loweredBare)];
      if (withKey !== withoutKey) failures.push({ lang, key, form, params: loweredBare, text: withoutKey, why: `not “${withKey}” when the word comes in lower case without its key` });
      for (const word of text.match(/[a-z][a-z0-9_]*(\.[a-z0-9_]+)+/gi) || []) {
        if (word in catalogues.en) failures.push({ lang, key, form, params, text, why: `the raw key ${word}` });
      }
      if (/\.end\./.test(key) && text.startsWith(overTitle)) failures.push({ lang, key, form, params, text, why: "an end reason that repeats the title" });
    }
  }
}
console.log(JSON.stringify({ combos, keys: keysWorded.size, languages: LANGS, invalid, failures }));
