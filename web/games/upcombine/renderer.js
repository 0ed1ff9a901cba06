// @ts-check
// Up Combine renderer: the stacks of tiles, the hands (your own face up, the others as coloured backs), the pile
// as one bag per colour, and the rounds' scores. Layout, art and the mapping of Python's targets to shapes only:
// what can be played is view.targets (a placement is the piece in hand, `thing`, then its stack, `to`; a draw is
// the pile's tile of a colour; the bases are two face-down tiles), why a touch is not a move is view.refusals,
// and the round's score preview is in the targets' params and view.round_points. Nothing here reads an action's
// text: a tap sends its target's action back as it is.
// Hidden information: only the viewer's own hand has symbols in the view. With several humans on one device, a
// "pass the device" screen hides everything until the next player taps or presses Enter.
// The parts: layout.js (where things go), art.js (a tile, a stack, a bag), tiles.js (the stacks, the bases' choice,
// the hand), panels.js (the other hands, the pile, the rounds, the status line, the overlays), words.js (the
// board's words), scene.js (what a frame is painted from); this file wires them: state, taps, keys, draw.
import { pagePosition } from "../common.js";
import { Surface, targetsByThing, tween } from "../kit.js";
import { drawFelt, lookOf } from "./art.js";
import { handCells, layoutFor, seatAnchor, WIDE, WIDE_HEIGHT } from "./layout.js";
import { drawOpponents, drawPile, drawPrivacy, drawRounds, drawStatus, drawSummary, wonText } from "./panels.js";
import { same } from "./scene.js";
import { drawBaseChoice, drawDrawAnimation, drawHand, drawStacks } from "./tiles.js";
import { capital, wordsFor } from "./words.js";

/** @typedef {import("../../host.js").RendererHost} RendererHost */
/** @typedef {import("../../host.js").Renderer} Renderer */
/** @typedef {import("../../host.js").Table} Table */
/** @typedef {import("../../host.js").Target} Target */
/** @typedef {import("./scene.js").Scene} Scene */

// ---------------------------------------------------------------- the renderer

/** @param {HTMLCanvasElement} canvas @param {RendererHost} host @returns {Renderer} */
export function create(canvas, host) {
  const t = host.t;
  /** @type {Table | null} */
  let table = null;
  /** @type {import("./layout.js").Geometry | null} */
  let geometry = null; // the layout of this frame (layoutFor)
  /** @type {{code: string, index: number} | null} */
  let selected = null; // the piece picked up from the hand
  let basePick = null; // the colour picked first for the bases
  let hinted = null; // a target from view.targets
  let revealed = null; // the human seat that last dismissed the privacy screen
  /** @type {Scene["summary"]} */
  let summary = null;
  let anim = null;
  let bottomSeat = 0;
  let lastTap = null; // where the last tap was, in board units: a refusal is said there
  let lastSource = null; // where the piece just placed by the person left the hand

  const surface = new Surface(canvas, host, { width: WIDE, height: WIDE_HEIGHT, onTap: (region, point) => tap(region, point) });
  surface.redraw = () => render();
  // a phone turned, a window resized: the layout (portrait or landscape) follows the width
  const onResize = () => {
    if (!table || !geometry) return;
    const room = surface.available();
    if (room.portrait !== geometry.portrait || Boolean(room.landscape) !== Boolean(geometry.landscape)) render();
  };
  window.addEventListener("resize", onResize);


  // ------------------------------------------------------------ words
  const w = () => wordsFor(host, table.view);

  // ------------------------------------------------------------ who may act
  const humans = () => (table ? table.seats.filter((s) => s.kind === "human").length : 0);
  const privacy = () => Boolean(table && !table.is_over && humans() > 1 && table.viewer !== null
    && table.seats[table.viewer].kind === "human" && table.viewer !== revealed);
  /** The human seat that may act through this renderer now (its own hand is shown), or null. */
  const actor = () => {
    if (!table || privacy()) return null;
    const seat = host.humanSeat();
    return seat !== null && seat === table.viewer ? seat : null;
  };
  /** @returns {import("./scene.js").ViewTarget[]} */
  const targets = () => (table && actor() !== null ? table.view.targets || [] : []);
  const byThing = () => targetsByThing(targets());
  const myHand = () => (table ? table.view.hands[bottomSeat] : null);
  const choosing = () => Boolean(table && table.view.choosing_bases && !table.is_over);
  /** The targets of the piece picked up: one per stack it may go on. */
  const selectedTargets = () => (selected ? byThing().get(`piece:${selected.code}`) || [] : []);
  const targetOnStack = (number) => selectedTargets().find((target) => target.to && target.to.id === String(number)) || null;
  /** Why `thing` (then `to`) is not a move now, from view.refusals: words, or "". */
  function refusal(thing, to = null) {
    const found = (table.view.refusals || []).find((r) => same(r.thing, thing) && (!to || same(r.to, to)));
    return found ? w().words(found) : "";
  }


  /** What this frame is painted from. @param {CanvasRenderingContext2D} c @returns {Scene} */
  function scene(c) {
    const view = table.view;
    return { c, table, view, geometry, surface, host, t, w: w(), look: lookOf(view, t), bottomSeat, seat: actor(),
      privacy: privacy(), choosing: choosing(), humans: humans(), targets: targets(), byThing: byThing(), selected,
      basePick, hinted, anim, summary };
  }

  /** The layout for the box the page gives the board now. */
  const layout = () => layoutFor(table.view, surface.available(), { players: table.players,
    handCount: table.view.hands[bottomSeat] ? table.view.hands[bottomSeat].count : 0,
    passing: targets().some((target) => target.thing.kind === "button") });

  function render() {
    if (!table) return;
    const next = layout();
    if (!geometry || next.width !== surface.width || next.height !== surface.height) surface.layout(next.width, next.height);
    geometry = next;
    const c = surface.context;
    surface.begin();
    drawFelt(c, geometry);
    const s = scene(c);
    if (s.privacy) {
      drawPrivacy(s);
    } else {
      drawOpponents(s);
      if (s.choosing) drawBaseChoice(s);
      else drawStacks(s);
      drawPile(s);
      drawRounds(s);
      drawStatus(s);
      drawHand(s);
      drawDrawAnimation(s);
      drawSummary(s);
    }
    surface.drawFocus();
    publish();
  }

  /** A little state a test (or an embedding page) can read without parsing pixels. */
  function publish() {
    canvas.dataset.privacy = privacy() ? "1" : "0";
    canvas.dataset.selected = selected === null ? "" : String(selected.index);
    canvas.dataset.summary = summary ? String(summary.round) : "";
    canvas.dataset.anim = anim ? `${anim.kind} ${anim.progress.toFixed(2)}` : "";
  }
  /** Where the region named `key` ("stack:3", "piece:0", "bag:G") can be tapped, in CSS px of the viewport, even
   * when a tap there is not a move (tests tap there to see the reason); null if it is not on the board. */
  /** @type {any} */ (canvas).gameboxPoint = (key) => {
    const region = surface.regions.find((r) => r.key === key);
    const point = region ? surface.tapPoint(region) : null;
    return point ? pagePosition(canvas, point.x, point.y) : null;
  };

  // ------------------------------------------------------------ taps
  function act(target, source = null) {
    lastSource = source;
    selected = null;
    basePick = null;
    hinted = null;
    surface.hideBubble();
    host.act(target.action);
  }

  function tap(region, point) {
    if (!table) return;
    lastTap = point;
    if (!region) {
      if (selected || basePick) { selected = null; basePick = null; render(); }
      return;
    }
    const value = region.value || {};
    if (value.kind === "privacy") { reveal(); return; }
    if (value.kind === "summary") { summary = null; render(); return; }
    const seat = actor();
    if (region.target) {
      const from = selected && geometry ? handCells(myHand().count, geometry.hand)[selected.index] : null;
      act(region.target, from ? { x: from.x + from.w / 2, y: from.y } : null);
      return;
    }
    if (seat === null) {
      // not this person's turn: a tap says what the thing is, and whose turn it is
      const whose = table.is_over ? t("upcombine.status.over") : t("error.not_your_turn");
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
    render();
  }

  function announceSelection() {
    const stacks = selectedTargets().map((target) => target.to.id);
    host.announce(t("upcombine.say.selected", { piece: w().codeName(selected.code), stacks: w().list(stacks) }));
  }

  function reveal() {
    revealed = table.viewer;
    selected = null;
    render();
    host.announce(t("upcombine.privacy.shown", { name: host.seatName(table.viewer) }));
  }

  // ------------------------------------------------------------ animation of the last action (from the log)
  function startAnimation(previous, next) {
    const fresh = next.log.slice(previous.log.length);
    if (next.history.length !== previous.history.length + 1) return null;
    if (fresh.some((e) => e.key === "upcombine.round_won" || e.key === "upcombine.round_blocked")) return null;
    const placed = fresh.find((e) => e.key === "upcombine.placed");
    const split = fresh.find((e) => e.key === "upcombine.split");
    const drew = fresh.find((e) => e.key === "upcombine.drew");
    if (placed) {
      const p = placed.params;
      const stack = split ? split.params.new_stack - 1 : p.stack - 1;
      const from = placed.seat === bottomSeat && lastSource ? lastSource : seatAnchor(geometry, placed.seat, next.players, bottomSeat);
      return { kind: "place", colour: p.colour, symbol: p.symbol, stack, split: split ? split.params : null, from, progress: 0, ms: split ? 900 : 420 };
    }
    if (drew) return { kind: "draw", colour: drew.params.colour, seat: drew.seat, progress: 0, ms: 380 };
    return null;
  }

  // ------------------------------------------------------------ the interface
  return {
    draw(next, { animate = true } = {}) {
      // the table before this one, when it is the same game a move or more earlier (else a game just opened)
      const before = table;
      const last = before && before.history.length ? JSON.stringify(before.history[before.history.length - 1]) : "";
      const previous = before && before.seed === next.seed && before.players === next.players
        && next.history.length >= before.history.length
        && (!last || JSON.stringify(next.history[before.history.length - 1]) === last) ? before : null;
      table = next;
      if (next.viewer !== null && next.viewer !== undefined) bottomSeat = next.viewer;
      else if (!previous || bottomSeat >= next.players) {
        const human = next.seats.findIndex((s) => s.kind === "human");
        bottomSeat = human >= 0 ? human : 0;
      }
      // a piece stays picked up only while it still has places to go
      if (selected) {
        const pieces = next.view.hands[bottomSeat].pieces || [];
        const piece = pieces[selected.index];
        if (!previous || next.fingerprint !== previous.fingerprint || !piece || `${piece.colour}${piece.symbol}` !== selected.code) selected = null;
      }
      if (!previous || next.fingerprint !== previous.fingerprint || !next.view.choosing_bases) basePick = null;
      hinted = null;
      if (previous && next.view.rounds.length > previous.view.rounds.length) {
        const round = next.view.rounds[next.view.rounds.length - 1];
        summary = { round: round.round, shownAt: performance.now(), moves: next.history.length };
        host.announce(round.blocked ? t("upcombine.summary.blocked") : wonText({ t, humans: humans(), table, host }, round.winner));
      } else if (summary && (next.history.length < summary.moves
                 || (performance.now() - summary.shownAt > 4000 && next.history.length > summary.moves + 1))) {
        summary = null;
      } else if (!previous) {
        summary = null;
      }
      // a new game (or a shorter history) starts the privacy screens afresh
      if (!previous) revealed = null;
      if (next.is_over) revealed = null;
      if (!geometry) geometry = layout();
      const moving = animate && previous && !privacy() ? startAnimation(previous, next) : null;
      lastSource = null;
      anim = moving;
      if (moving) {
        tween(moving.ms, (p) => { if (anim === moving) { moving.progress = p; render(); } })
          .then(() => { if (anim === moving) { anim = null; render(); } });
      }
      render();
      if (privacy()) host.announce(t("upcombine.privacy.title", { name: host.seatName(next.viewer) }));
    },
    keydown(event) {
      if (!table) return;
      const key = event.key;
      if ((privacy() || summary) && (key === "Enter" || key === " " || (summary && key === "Escape"))) {
        event.preventDefault();
        if (privacy()) reveal();
        else { summary = null; render(); }
        return;
      }
      if (key === "Escape" && (selected || basePick)) {
        event.preventDefault();
        selected = null;
        basePick = null;
        render();
        return;
      }
      if (surface.keydown(event)) {
        event.preventDefault();
        render();
      }
    },
    targets() { return /** @type {Target[]} */ (surface.targets()); },
    refused(action, words) {
      if (!lastTap) return false;
      surface.tell(lastTap, words);
      return true;
    },
    showHint(action) {
      if (privacy() || !table) return;
      hinted = targets().find((target) => target.action === action) || null;
      if (hinted && hinted.thing.kind === "piece") {
        const pieces = myHand().pieces || [];
        const index = pieces.findIndex((p) => `${p.colour}${p.symbol}` === hinted.thing.id);
        if (index >= 0) selected = { code: hinted.thing.id, index };
      } else if (hinted && hinted.to && hinted.thing.kind === "tile") {
        basePick = null;
      }
      render();
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
    destroy() {
      table = null;
      anim = null;
      surface.destroy();
      window.removeEventListener("resize", onResize);
      for (const name of ["privacy", "selected", "summary", "anim"]) delete canvas.dataset[name];
      delete /** @type {any} */ (canvas).gameboxPoint;
    },
    resize() { render(); },
  };
}
