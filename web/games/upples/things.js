// @ts-check
// The field's things, with stable ids, for the kit's animation from a diff (kit.js Surface.motion): a card is
// `card:<square>:<code>` (it never moves: eaten or cleared it goes away, a refill's appears), a komupple is
// `komupple:<seat>` (it moves from square to square, and goes away when eliminated). What a move leaves on the field
// for a moment is a thing of the table before only, so the kit fades it out as the move plays: the points a komupple
// won, rising from where it landed (`gain:`), and the swirl of a tunnel entered (`swirl:`). Each comes from what
// differs between the two views, never from the log.
import { centreOf } from "./layout.js";

/** @typedef {import("../motion.js").Thing} Thing */
/** @typedef {import("./layout.js").Layout} Layout */
/** @typedef {import("./view.js").UpplesView} UpplesView */

/** The cards and the komupples of a view, where the layout puts them. @param {Layout} g @param {UpplesView} v
 * @returns {Thing[]} */
export function fieldThings(g, v) {
  /** @type {Thing[]} */
  const found = [];
  for (const [square, code] of Object.entries(v.cards)) {
    if (!code) continue;
    const at = centreOf(g, square);
    found.push({ id: `card:${square}:${code}`, kind: "card", x: at.x, y: at.y, square, code });
  }
  for (const player of v.players) {
    if (!player.square || player.eliminated) continue;
    const at = centreOf(g, player.square);
    found.push({ id: `komupple:${player.seat}`, kind: "komupple", x: at.x, y: at.y, square: player.square, seat: player.seat });
  }
  return found;
}

/** What the move from `before` to `after` leaves for a moment, to go with the things of `before`: a komupple's points
 * won (over the square it stands on after), and the swirls of the tunnels entered (on the tunnel and on the square the
 * komupple came out on). @param {Layout} g @param {UpplesView} before @param {UpplesView} after @returns {Thing[]} */
export function fleeting(g, before, after) {
  /** @type {Thing[]} */
  const found = [];
  for (const player of after.players) {
    const was = before.players[player.seat];
    const won = was ? player.points - was.points : 0;
    if (won > 0 && player.square) {
      const at = centreOf(g, player.square);
      found.push({ id: `gain:${player.seat}`, kind: "gain", x: at.x, y: at.y - g.cell * 0.3, text: `+${won}` });
    }
  }
  const entered = (after.tunnels_used || []).filter((square) => !(before.tunnels_used || []).includes(square));
  const mover = after.current !== null && after.current !== undefined ? after.players[after.current] : null;
  const squares = entered.length && mover?.square ? [...entered, mover.square] : entered;
  for (const square of squares) {
    const at = centreOf(g, square);
    found.push({ id: `swirl:${square}`, kind: "swirl", x: at.x, y: at.y, square });
  }
  return found;
}
