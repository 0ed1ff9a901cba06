// @ts-check
// Who sits at a seat, in words: "You", "Player 2", "Bot 3 (hard)". A leaf: every screen that names seats (the game,
// the menu's saved games, the review) reads it, and it reads only the catalogue.
import { t } from "./i18n.js";

/** @typedef {import("./host.js").Seat} Seat */

/** @param {{seats: Seat[]}} table @param {number} seat */
export function seatName(table, seat) {
  if (isYou(table, seat)) return t("seat.you");
  const sitter = table.seats[seat];
  // a person on another device; on a guest's page a bot of the host is "remote" too, with its level
  if (sitter.kind === "human" || (sitter.kind === "remote" && !sitter.level)) return t("seat.player", { n: seat + 1 });
  return t("seat.bot", { n: seat + 1, level: t(`level.${sitter.level}`, {}, sitter.level) });
}

/** Whether `seat` is the person on this device: the one human seat (with several people on one device each is
 * "Player n", and none is "you"). @param {{seats: Seat[]}} table @param {number} seat */
export function isYou(table, seat) {
  return table.seats[seat]?.kind === "human" && table.seats.filter((s) => s.kind === "human").length === 1;
}
