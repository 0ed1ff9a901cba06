// @ts-check
// The Upples board's words: what a card, a komupple, a state, a turn and a choice are called, from the catalogue
// (web/games/upples/i18n/*.json). Nothing here builds a sentence of its own: each is a key and its parameters.
import { ABOUT, CARDS, SUPER_ABOUT } from "./art.js";

/** @typedef {import("../../host.js").RendererHost} RendererHost */
/** @typedef {import("./view.js").Komupple} Komupple */
/** @typedef {import("./view.js").UpplesView} UpplesView */
/** @typedef {import("./view.js").UpplesTarget} UpplesTarget */
/** @typedef {(key: string, params?: Record<string, any>) => string} Words */

/** The words of a komupple's state ("shy: white, red hair"). @param {Words} t @param {Komupple} player */
export const stateWords = (t, player) => t(`upples.state.${player.body}_${player.hair}`);

/** The reader's letters for white and red: a card's corner, a second cue besides the colour. @param {Words} t */
export const initials = (t) => ({ white: t("upples.initial.white"), red: t("upples.initial.red") });

/** A player's letter on its komupple's ring (B, P, G, Y in English). @param {Words} t @param {string} colour */
export const playerInitial = (t, colour) => t(`upples.initial.${colour}`);

/** A team's letter (A for seats 0 and 2, B for 1 and 3), or "" without teams. @param {UpplesView} v @param {number} seat */
export const teamLetter = (v, seat) => (v.teams ? (v.teams[0].includes(seat) ? "A" : "B") : "");

/** What a card is and what it does. @param {Words} t @param {string | null | undefined} code */
export function aboutCard(t, code) {
  if (!code) return t("upples.about.empty");
  const info = CARDS[code];
  if (!info) return t(`upples.card.${code}`);
  if (info.kind === "super") return t(SUPER_ABOUT[info.colour], { points: info.points });
  return t(ABOUT[info.kind](code));
}

/** What a komupple is: whose, its state, its jumps and what it eats. @param {Words} t @param {RendererHost} host
 * @param {Komupple} player */
export function aboutKomupple(t, host, player) {
  const text = [t(`upples.about.komupple_${player.body}`, { name: host.seatName(player.seat), state: stateWords(t, player) })];
  if (player.stuck) text.push(t("upples.about.stuck"));
  return text.join(" ");
}

/** The mode, and "teams" in a team game. @param {Words} t @param {UpplesView} v */
export const modeWords = (t, v) => t(`upples.mode.${v.mode}`) + (v.teams ? ` · ${t("upples.teams")}` : "");

/** The kept cards in words, for a hover or a long press on a player's panel: each kind once, with its count.
 * @param {Words} t @param {string[]} kept */
export function keptWords(t, kept) {
  if (!kept.length) return "";
  const counts = new Map();
  for (const code of kept) counts.set(code, (counts.get(code) || 0) + 1);
  const items = [...counts].map(([code, n]) => (n > 1 ? `${t(`upples.card.${code}`)} ×${n}` : t(`upples.card.${code}`)));
  return ` · ${t("upples.kept_label")}: ${items.join("; ")}`;
}

/** The status's two lines: whose turn and what they must do, then the mover's state and shape.
 * @param {Words} t @param {RendererHost} host @param {UpplesView} v @param {boolean} picking  the person may pick a landing */
export function statusWords(t, host, v, picking) {
  const mover = v.current === null || v.current === undefined ? null : v.players[v.current];
  if (v.over) return [t(`upples.end.${v.end_reason || "over"}`), ""];
  if (!mover) return ["", ""];
  const who = host.seatName(mover.seat);
  let first = t("upples.status.turn", { name: who });
  if (v.must_pass) first = t(mover.stuck ? "upples.status.must_swap" : "upples.status.must_flip", { name: who });
  else if (v.in_chain) first = t("upples.status.extra_jump", { name: who });
  let second = `${stateWords(t, mover)} · ${t(mover.body === "white" ? "upples.shape.cross" : "upples.shape.l")}`;
  if (picking && !v.must_pass) second += ` · ${t("upples.status.pick")}`;
  return [first, second];
}

/** The title of the choice a jump asks for. @param {UpplesTarget} target */
export const choiceTitle = (target) => (target.to?.kind === "card" ? "upples.choice.tunnel_title" : "upples.choice.multi_title");

/** An answer of that choice: a multicolour's new state, or a tunnel's exit. @param {Words} t @param {UpplesTarget} target */
export function choiceLabel(t, target) {
  if (target.to.kind === "button") return t(`upples.choice.${target.to.id}`);
  return t("upples.choice.exit", { square: target.to.id });
}
