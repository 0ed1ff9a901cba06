// @ts-check
// Up Combine's words: the names of colours, symbols, pieces, hands and stacks in the reader's language, and a
// target's or a refusal's params worded. Everything the board says comes from the catalogue through these.

/** @typedef {import("../../host.js").RendererHost} RendererHost */

/** The first letter in capitals (a colour's name heading a line). @param {string} text */
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The board's words for a view, from the host's catalogue.
 * @param {RendererHost} host @param {Record<string, any>} view */
export function wordsFor(host, view) {
  const t = host.t;
  /** @param {string} colour a colour letter */
  const colourName = (colour) => t(`colour.${colour}`);
  /** @param {string} shape a shape's name (circle, star, ...) */
  const shapeWord = (shape) => t(`upcombine.symbol.${shape}`);
  /** @param {string} symbol a symbol letter */
  const symbolWord = (symbol) => shapeWord(view.symbol_names[symbol]);
  /** @param {{colour: string, symbol: string}} piece */
  const pieceName = (piece) => t("upcombine.piece", { colour: colourName(piece.colour), symbol: symbolWord(piece.symbol) });
  /** A target's or a refusal's params, worded: colour letters as colour names, shape names in the language.
   * @param {Record<string, any>} params */
  function worded(params) {
    const out = { ...params };
    for (const name of ["colour", "first", "second"]) if (typeof params[name] === "string") out[name] = colourName(params[name]);
    if (typeof params.symbol === "string") out.symbol = shapeWord(params.symbol);
    return out;
  }
  return {
    t,
    colourName,
    symbolWord,
    pieceName,
    /** @param {string} code a piece's colour and symbol letters ("Rs") */
    codeName: (code) => pieceName({ colour: code[0], symbol: code[1] }),
    /** @param {number} n */
    tilesText: (n) => t("upcombine.tiles", { n }),
    /** `key`, or its wording for taps (`<key>_touch`) on a touch screen. */
    touchy: host.wording,
    /** @param {string[]} items */
    list: (items) => new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" }).format(items),
    worded,
    /** A target (or a refusal) in words. @param {{key: string, params?: Record<string, any>}} target */
    words: (target) => t(target.key, worded(target.params || {})),
  };
}

/** @typedef {ReturnType<typeof wordsFor>} Words */
