// @ts-check
// Messages from the host to a device, in pieces when big (docs/multi-device.md, "The host holds the whole game"). A
// guest's table grows with its game's log: a long Up Combine game's passes 64 KiB, which a link refuses to send
// (web/net/link.js MAX_MESSAGE), and a finished game's review is bigger still. So a message of more than MAX_WHOLE
// bytes goes as `{t: "piece", id, index, count, text}` messages of at most PIECE characters of its text each (at most
// 15,000 bytes of UTF-8), one after another on the ordered channel; the device puts them together (`Pieces`) and
// handles the whole as if it had come so. Every message of up to 16 KiB, as nearly every table is, goes whole.

export const MAX_WHOLE = 16 * 1024;
export const PIECE = 5_000;
/** The most pieces a message may come in (about 30 MB): more is dropped. */
export const MAX_PIECES = 2_000;

let nextId = 1;

/** Send `text` on `link`, whole or in pieces. Throws what the link's send throws. @param {{send(text: string): void}} link
 * @param {string} text */
export function sendText(link, text) {
  if (text.length * 3 <= MAX_WHOLE || new TextEncoder().encode(text).length <= MAX_WHOLE) {
    link.send(text);
    return;
  }
  const id = nextId++;
  const count = Math.ceil(text.length / PIECE);
  for (let index = 0; index < count; index++) {
    link.send(JSON.stringify({ t: "piece", id, index, count, text: text.slice(index * PIECE, (index + 1) * PIECE) }));
  }
}

/** A device's side: the pieces of one message after another, put together. */
export class Pieces {
  constructor() {
    /** @type {{id: number, count: number, texts: string[]} | null} */
    this.coming = null;
  }

  /** One piece; the whole message's text once its last piece came, else null. A piece out of order (a message
   * whose pieces did not all come) starts afresh. @param {Record<string, any>} message @returns {string | null} */
  take(message) {
    const { id, index, count, text } = message;
    if (!Number.isSafeInteger(id) || !Number.isSafeInteger(count) || count < 1 || count > MAX_PIECES
        || typeof text !== "string" || index !== (this.coming?.id === id ? this.coming.texts.length : 0)) {
      this.coming = null;
      return null;
    }
    if (index === 0) this.coming = { id, count, texts: [] };
    const coming = /** @type {{id: number, count: number, texts: string[]}} */ (this.coming);
    coming.texts.push(text);
    if (coming.texts.length < coming.count) return null;
    this.coming = null;
    return coming.texts.join("");
  }
}
