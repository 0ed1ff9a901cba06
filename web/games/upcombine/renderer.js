// @ts-check
// Up Combine renderer: the stacks of tiles, the hands (your own face up, the others as coloured backs), the pile
// as one bag per colour, and the rounds' scores. Layout, art and the mapping of Python's targets to shapes only:
// what can be played is view.targets (a placement is the piece in hand, `thing`, then its stack, `to`; a draw is
// the pile's tile of a colour; the bases are two face-down tiles), why a touch is not a move is view.refusals,
// and the round's score preview is in the targets' params and view.round_points. Nothing here reads an action's
// text: a tap sends its target's action back as it is.
// Hidden information: only the viewer's own hand has symbols in the view. With several humans on one device, the
// kit's "pass the device" screen hides everything until the next player taps or presses Enter.
// It stands on kit v2 (../kit.js): the kit's frame loop calls paint(), its observer lays out again, a move
// animates from the diff of the tiles before and after (things.js, surface.motion), a refusal is said where the
// tap was (surface.refused), and the table is always the host's (host.table()): the renderer keeps no copy.
// The parts: layout.js (where things go), art.js (a tile, a stack, a bag), tiles.js (the stacks, the bases' choice,
// the hand), panels.js (the other hands, the pile, the rounds, the status line, a round's summary), things.js (the
// tiles as things for the motion), words.js (the board's words), scene.js (what a frame is painted from); this
// file wires them: what the person is doing now, taps, keys, draw.
import { refusalFor, Surface, targetsByThing } from "../kit.js";
import { drawFelt, lookOf } from "./art.js";
import { layoutFor, WIDE, WIDE_HEIGHT } from "./layout.js";
import { drawOpponents, drawPile, drawRounds, drawStatus, drawSummary, wonText } from "./panels.js";
import { asAfter, handThings, stackThings } from "./things.js";
import { drawBaseChoice, drawFlying, drawHand, drawStacks } from "./tiles.js";
import { capital, wordsFor } from "./words.js";

/** @typedef {import("../../host.js").RendererHost} RendererHost */
/** @typedef {import("../../host.js").Renderer} Renderer */
/** @typedef {import("../../host.js").Table} Table */
/** @typedef {import("../../host.js").Target} Target */
/** @typedef {import("./scene.js").Scene} Scene */
/** @typedef {import("./scene.js").ViewTarget} ViewTarget */

const PLACE_MS = 420;
const SPLIT_MS = 700; // a split moves a whole stack's tiles: slower, to follow

/** @param {HTMLCanvasElement} canvas @param {RendererHost} host @returns {Renderer} */
export function create(canvas, host) {
  const t = host.t;
  /** @type {import("./layout.js").Geometry | null} */
  let geometry = null; // the layout of this frame (layoutFor)
  /** @type {{code: string, index: number} | null} */
  let selected = null; // the piece picked up from the hand
  /** @type {string | null} */
  let basePick = null; // the colour picked first for the bases
  /** @type {ViewTarget | null} */
  let hinted = null; // a target (or a move) the hint shows
  /** @type {number | null} */
  let revealed = null; // the human seat that last dismissed the pass-the-device screen
  /** @type {Scene["summary"]} */
  let summary = null;
  let bottomSeat = 0; // the seat whose hand is at the bottom

  const surface = new Surface(canvas, host, { width: WIDE, height: WIDE_HEIGHT, onTap: tap, paint,
    onResize: () => relayout(), onKey: key });

  // ------------------------------------------------------------ what the table says
  const table = () => host.table();
  const w = () => wordsFor(host, table().view);
  const humans = () => (table() ? table().seats.filter((seat) => seat.kind === "human").length : 0);
  /** The pass-the-device screen is up: several people here, and the one to look now has not said they are there. */
  const privacy = () => {
    const now = table();
    return Boolean(now && !now.is_over && humans() > 1 && now.viewer !== null && now.seats[now.viewer].kind === "human"
      && now.viewer !== revealed);
  };
  /** The human seat that may act through this renderer now (its own hand is shown), or null. */
  const actor = () => {
    if (!table() || privacy()) return null;
    const seat = host.humanSeat();
    return seat !== null && seat === table().viewer ? seat : null;
  };
  /** @returns {ViewTarget[]} */
  const targets = () => (table() && actor() !== null ? table().view.targets || [] : []);
  const byThing = () => targetsByThing(targets());
  const myHand = () => table().view.hands[bottomSeat];
  const choosing = () => Boolean(table() && table().view.choosing_bases && !table().is_over);
  /** The targets of the piece picked up: one per stack it may go on. */
  const selectedTargets = () => (selected ? byThing().get(`piece:${selected.code}`) || [] : []);
  /** Why `thing` (then `to`) is not a move now, from view.refusals: words, or "".
   * @param {{kind: string, id: string}} thing @param {{kind: string, id: string}} [to] */
  function refusal(thing, to) {
    const found = refusalFor(table().view, thing, to);
    return found ? w().words(found) : "";
  }

  // ------------------------------------------------------------ layout and paint
  /** The layout of `shown` (this table, or the one before it) for the box the page gives the board now.
   * @param {Table} shown */
  const layoutOf = (shown) => layoutFor(shown.view, surface.available(), { players: shown.players,
    handCount: shown.view.hands[bottomSeat] ? shown.view.hands[bottomSeat].count : 0,
    passing: shown === table() && targets().some((target) => target.thing.kind === "button") });

  /** Lay out again (the kit calls it when the board's box changes; the layout also follows the hand and the End turn
   * button, so paint does too). */
  function relayout() {
    if (!table()) return;
    const next = layoutOf(table());
    if (!geometry || next.width !== surface.width || next.height !== surface.height) surface.layout(next.width, next.height);
    geometry = next;
  }

  /** What this frame is painted from. @param {CanvasRenderingContext2D} c @returns {Scene} */
  function scene(c) {
    const view = table().view;
    return { c, table: table(), view, geometry, surface, host, t, w: w(), look: lookOf(view, t), bottomSeat,
      seat: actor(), privacy: privacy(), choosing: choosing(), humans: humans(), targets: targets(), byThing: byThing(),
      selected, basePick, hinted, summary };
  }

  /** The one paint (the kit's frame loop calls it). */
  function paint() {
    if (!table()) return;
    relayout();
    const c = surface.context;
    surface.begin();
    drawFelt(c, geometry);
    const s = scene(c);
    if (s.privacy) {
      const name = host.seatName(table().viewer);
      surface.passScreen(c, { x: 0, y: 0, w: geometry.width, h: geometry.height }, { name, value: { kind: "privacy" },
        extra: table().view.rounds.length && summary ? t("upcombine.privacy.round_over", { n: summary.round }) : "" });
    } else {
      drawOpponents(s);
      if (s.choosing) drawBaseChoice(s);
      else drawStacks(s);
      drawPile(s);
      drawRounds(s);
      drawStatus(s);
      drawHand(s);
      drawFlying(s);
      drawSummary(s);
    }
    surface.drawFocus();
  }

  // ------------------------------------------------------------ taps and keys
  /** @param {ViewTarget} target */
  function act(target) {
    selected = null;
    basePick = null;
    hinted = null;
    surface.hideBubble();
    host.act(target.action);
  }

  /** @param {any} region @param {{x: number, y: number}} point */
  function tap(region, point) {
    if (!table()) return;
    surface.invalidate();
    if (!region) {
      selected = null;
      basePick = null;
      return;
    }
    const value = region.value || {};
    if (value.kind === "privacy") { reveal(); return; }
    if (value.kind === "summary") { summary = null; return; }
    const seat = actor();
    if (region.target) { act(region.target); return; }
    if (seat === null) {
      // not this person's turn: a tap says what the thing is, and whose turn it is
      const whose = table().is_over ? t("upcombine.status.over") : t("error.not_your_turn");
      surface.tell(point, value.kind === "opponent" || value.kind === "stack" || value.kind === "bag" || value.kind === "piece"
        ? `${region.describe} ${whose}` : whose);
      return;
    }
    if (value.kind === "piece") {
      if (region.label) {
        selected = selected && selected.index === value.index ? null : { code: value.code, index: value.index };
        hinted = null;
        if (selected) announceSelection();
      } else {
        surface.tell(point, region.describe);
      }
    } else if (value.kind === "base") {
      if (basePick === value.colour) basePick = null;
      else if (region.label) basePick = value.colour;
      else surface.tell(point, t("upcombine.say.base_gone", { colour: capital(w().colourName(value.colour)) }));
      if (basePick) host.announce(t("upcombine.status.bases_second", { colour: w().colourName(basePick) }));
    } else if (value.kind === "stack") {
      if (selected) {
        surface.tell(point, refusal({ kind: "piece", id: selected.code }, { kind: "stack", id: String(value.number) })
          || t("upcombine.say.not_there", { piece: w().codeName(selected.code), n: value.number }));
      } else {
        surface.tell(point, region.describe, "describe");
      }
    } else if (value.kind === "bag") {
      surface.tell(point, refusal({ kind: "tile", id: value.colour }) || region.describe);
    } else if (value.kind === "opponent") {
      surface.tell(point, region.describe, "describe");
    }
  }

  /** The board's own keys: Enter or Space shows the tiles behind the pass-the-device screen or closes a round's
   * summary (Escape too), Escape puts a picked-up piece or colour back. @param {KeyboardEvent} event */
  function key(event) {
    if (!table()) return false;
    const pressed = event.key;
    if ((privacy() || summary) && (pressed === "Enter" || pressed === " " || (summary && pressed === "Escape"))) {
      if (privacy()) reveal();
      else summary = null;
      return true;
    }
    if (pressed === "Escape" && (selected || basePick)) {
      selected = null;
      basePick = null;
      return true;
    }
    return false;
  }

  function announceSelection() {
    const stacks = selectedTargets().map((target) => target.to.id);
    host.announce(t("upcombine.say.selected", { piece: w().codeName(selected.code), stacks: w().list(stacks) }));
  }

  function reveal() {
    revealed = table().viewer;
    selected = null;
    surface.invalidate();
    host.announce(t("upcombine.privacy.shown", { name: host.seatName(table().viewer) }));
  }

  /** The tiles of `shown` as things, laid out as it would be now. @param {Table} shown */
  function tilesOf(shown) {
    const laid = layoutOf(shown);
    return [...stackThings(shown.view, laid), ...handThings(shown.view, laid, bottomSeat)];
  }

  // ------------------------------------------------------------ the interface
  return {
    draw(next, previous, { animate = true } = {}) {
      // `previous` of the same game (else a game just opened, or another one)
      const before = previous && previous.game === next.game && previous.seed === next.seed
        && previous.players === next.players ? previous : null;
      const wasBottom = bottomSeat;
      if (next.viewer !== null && next.viewer !== undefined) bottomSeat = next.viewer;
      else if (!before || bottomSeat >= next.players) {
        const human = next.seats.findIndex((seat) => seat.kind === "human");
        bottomSeat = human >= 0 ? human : 0;
      }
      // a piece stays picked up only while it still has places to go
      if (selected) {
        const pieces = next.view.hands[bottomSeat].pieces || [];
        const piece = pieces[selected.index];
        if (!before || next.fingerprint !== before.fingerprint || !piece || `${piece.colour}${piece.symbol}` !== selected.code) selected = null;
      }
      if (!before || next.fingerprint !== before.fingerprint || !next.view.choosing_bases) basePick = null;
      hinted = null;
      if (before && next.view.rounds.length > before.view.rounds.length) {
        const round = next.view.rounds[next.view.rounds.length - 1];
        summary = { round: round.round, shownAt: performance.now(), moves: next.history.length };
        host.announce(round.blocked ? t("upcombine.summary.blocked")
          : wonText({ t, humans: humans(), table: next, host }, round.winner));
      } else if (summary && (next.history.length < summary.moves
                 || (performance.now() - summary.shownAt > 4000 && next.history.length > summary.moves + 1))) {
        summary = null;
      } else if (!before) {
        summary = null;
      }
      // a new game starts the pass-the-device screens afresh
      if (!before || next.is_over) revealed = null;
      // the tiles move from where they lay before, in the same round, with the same hand at the bottom
      if (animate && before && before.view.round === next.view.round && wasBottom === bottomSeat && !privacy()) {
        const after = tilesOf(next);
        const split = next.view.stacks.length > before.view.stacks.length;
        surface.motion(asAfter(tilesOf(before), after), after, { ms: split ? SPLIT_MS : PLACE_MS });
      } else {
        surface.cancelAnimations();
      }
      surface.invalidate();
      if (privacy()) host.announce(t("kit.pass.title", { name: host.seatName(next.viewer) }));
    },
    keydown(event) {
      if (table() && surface.keydown(event)) event.preventDefault();
    },
    targets() { return /** @type {Target[]} */ (surface.targets()); },
    refused: (action, words) => surface.refused(action, words),
    showHint(action, move) {
      if (privacy() || !table()) return;
      // the hinted target, else the move as data (State.move_data: a review's better move)
      hinted = targets().find((target) => target.action === action) || null;
      if (!hinted && move && move.kind === "place") {
        hinted = { action, key: "", params: {}, thing: { kind: "piece", id: move.piece }, to: { kind: "stack", id: String(move.stack) } };
      } else if (!hinted && move && move.kind === "draw") {
        hinted = { action, key: "", params: {}, thing: { kind: "tile", id: move.colour } };
      }
      if (hinted && hinted.thing.kind === "piece") {
        const pieces = myHand().pieces || [];
        const index = pieces.findIndex((p) => `${p.colour}${p.symbol}` === hinted.thing.id);
        if (index >= 0) selected = { code: hinted.thing.id, index };
      } else if (hinted && hinted.to && hinted.thing.kind === "tile") {
        basePick = null;
      }
      surface.invalidate();
    },
    describeAction(view, action) {
      // the hint names a tile of the hidden hand: not while the device is being passed
      if (privacy()) return t("upcombine.say.hidden");
      const target = (view.targets || []).find((x) => x.action === action);
      return target ? wordsFor(host, view).words(target) : action;
    },
    seatBadges(view, seat) {
      const hand = view.hands[seat];
      if (!hand) return [];
      return [{ colour: "#5e3a1c", label: wordsFor(host, view).tilesText(hand.count), symbol: String(hand.count) }];
    },
    destroy() { surface.destroy(); },
  };
}
