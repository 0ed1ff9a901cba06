// @ts-check
// Whoopies' words: a target, the call, a player's line of the last round, gems won or lost; names of creatures,
// colours and seats as the catalogue words them (Python never builds a sentence for the screen).
import { activeHuman, creatureOf, severalHumans } from "./board.js";

/** @typedef {import("./board.js").Board} Board */

/** Seconds to a tenth, in the page's language: 1.4 (a grab's time, which the rules count in ms). */
export const secondsText = (ms) => new Intl.NumberFormat(document.documentElement.lang || undefined,
  { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);

/** @param {Board} b */
export const cname = (b, name) => b.t(`whoopies.creature.${name}`, {}, name[0].toUpperCase() + name.slice(1));
/** @param {Board} b */
const colourWord = (b, colour) => b.t(`colour.${colour}`, {}, colour).toLowerCase();
/** @param {Board} b */
export const colourLabel = (b, colour) => b.t(`colour.${colour}`, {}, colour);

/** A seat as a message's parameters: its number (the host words "you" or the name by it) and its name.
 * @param {Board} b */
export const named = (b, seat, role = "") => (role ? { [`${role}_seat`]: seat, [role]: b.host.seatName(seat) } : { seat, name: b.host.seatName(seat) });

/** A target's words: its key, with the names it carries worded (a creature, a colour, an action, a seat).
 * @param {Board} b */
export function words(b, target) {
  const p = { ...target.params };
  if (p.whoopie) p.whoopie = cname(b, p.whoopie);
  if (p.colour) { p.colour_key = p.colour; p.colour = colourWord(b, p.colour); }
  if (p.action) p.action = b.t(`whoopies.action.${p.action}`);
  if (p.seat !== undefined) p.name = b.host.seatName(p.seat);
  return b.t(target.key, p);
}
/** A creature in words: its name, its body colour and its puff colour.
 * @param {Board} b */
export const creatureWords = (b, name) => {
  const cr = creatureOf(b, name);
  return b.t("whoopies.tag", { whoopie: cname(b, name), body: colourWord(b, cr.body), puff: colourWord(b, cr.puff) });
};

// ------------------------------------------------------------ words
/** What `seat` must catch this round, in words (or what is being decided).
 * @param {Board} b */
export function targetText(b, v, seat) {
  const roller = named(b, v.roller);
  const me = v.roller === activeHuman(b) ? "_you" : "";
  if (v.phase === "own") return b.t("whoopies.target.own_pick");
  if (v.phase === "roll") return b.t(`whoopies.target.roll${me}`, roller);
  if (!v.action) return b.t(`whoopies.target.joker_choose${me}`, roller);
  if (!v.value && v.action !== "own") return b.t(`whoopies.target.choose_${v.action}${me}`, roller);
  const value = v.value;
  switch (v.action) {
    case "colour": return b.t("whoopies.target.colour", { colour: colourWord(b, value), colour_key: value });
    case "puff": return b.t("whoopies.target.puff", { colour: colourWord(b, value), colour_key: value });
    case "name": return b.t("whoopies.target.name", { whoopie: cname(b, value) });
    case "spare": return b.t("whoopies.target.spare", { whoopie: cname(b, value) });
    default: {
      const mine = seat !== null && seat !== undefined ? v.picks[seat] : null;
      return mine ? b.t("whoopies.target.own", { whoopie: cname(b, mine) }) : b.t("whoopies.target.own_all");
    }
  }
}

/** What `seat` must catch, with a joker's double stakes said in the same message (never words glued here).
 * @param {Board} b */
export function callText(b, v, seat) {
  const target = targetText(b, v, seat);
  return v.joker ? b.t("whoopies.target.joker", { target }, `${target}. ${b.t("whoopies.double")}`) : target;
}

/** A player's line of the last round: Python's outcome, worded (the trap of a colour call said as such).
 * @param {Board} b */
export function outcomeText(b, row, last) {
  const creature = row.creature ? creatureOf(b, row.creature) : null;
  const params = { ...named(b, row.seat), whoopie: creature ? cname(b, creature.name) : "", ms: row.ms };
  const value = last.value;
  switch (row.outcome) {
    case "won": return b.t("whoopies.why.won", params);
    case "body": return b.t("whoopies.why.body", params);
    case "late": {
      const winner = last.grabs.find((g) => g.outcome === "won");
      return b.t("whoopies.why.late", { ...params, ...(winner ? named(b, winner.seat, "winner") : { winner: "?" }) });
    }
    case "taken": return b.t("whoopies.why.taken", params);
    case "spared": return b.t("whoopies.why.spared", params);
    case "safe": return b.t("whoopies.why.safe", params);
    case "none": return b.t(last.action === "spare" ? "whoopies.why.none_spare" : "whoopies.why.none", params);
    case "wrong": {
      // the words, and the colours they are (the message agrees with a colour by its key: "an ORANGE puff")
      const colours = creature ? { body: colourWord(b, creature.body).toUpperCase(), body_key: creature.body, puff: colourWord(b, creature.puff).toUpperCase(),
        puff_key: creature.puff, colour: colourWord(b, value), colour_key: value } : {};
      if (last.action === "colour" && creature) {
        return b.t(creature.puff === value ? "whoopies.why.wrong_colour_trap" : "whoopies.why.wrong_colour", { ...params, ...colours });
      }
      if (last.action === "puff" && creature) {
        return b.t(creature.body === value ? "whoopies.why.wrong_puff_trap" : "whoopies.why.wrong_puff", { ...params, ...colours });
      }
      return b.t("whoopies.why.wrong", { ...params, wanted: (row.wanted || []).map((name) => cname(b, name)).join(", ") });
    }
    default: return row.outcome;
  }
}

/** @param {Board} b */
export function gemsText(b, change) {
  if (change > 0) return b.t("whoopies.gems_plus", { n: change });
  if (change < 0) return b.t("whoopies.gems_minus", { n: -change });
  return b.t("whoopies.gems_same");
}

/** What `seat` is asked to do while the Whoopies are picked: one for this throw, or (the youngest players' game)
 * one's own for the whole game; by name where several people share the device. @param {Board} b */
export function pickPrompt(b, v, seat) {
  if (v.phase === "own") {
    return severalHumans(b) ? b.t("whoopies.prompt.pick_own_player", named(b, seat)) : b.t("whoopies.prompt.pick_own");
  }
  return severalHumans(b) ? b.t("whoopies.prompt.pick_player", named(b, seat)) : b.t("whoopies.prompt.pick");
}
