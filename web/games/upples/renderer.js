// @ts-check
// Upples renderer: the 7×7 field of cards, the komupple tokens, the draw pile, the discard and each player's super
// upples, drawn on the renderer kit (kit.js) from view() and view.targets. This file wires them: the layout for the
// box the page gives the board, a frame, taps and keys. The pieces are painted by art.js, the field by field.js,
// the panels by panels.js, a jump's question by choice.js; a move is animated by the kit from the diff of the
// field's things before and after it (things.js).
//
// It stands on the kit (kit.js): the kit's one frame loop calls paint() when something changed (the landings' glow is
// a tick of that loop), its one observer calls onResize, its refused() says a refusal where the last tap was; the
// table is always the host's (host.table()), never a copy.
//
// What can be played comes from view.targets only: each target names the thing it is touched on (the card, or the
// komupple for a Naughty bounce, by its square; or the Pass button) and, for a jump that asks a question, its second
// touch in `to` (the exit tunnel's card, or the multicolour's new state as a button "white"/"red"). A tap on a
// thing with one target plays it; a tap on a thing whose targets ask opens the choice (the first tap's region has a
// label and no action), and the second tap plays. A tap on a square that is not a landing says why, next to it,
// from the reasons Python puts in the view (view.refusals); hover and long press say what a card or a komupple is
// and what it can do. Nothing here reads an action's text or works out a rule. Layouts: on a wide screen the
// players stand beside the board, on a narrow one (a phone) below it, and the board takes the whole width.
import { refusalFor, Surface, targetsByThing } from "../kit.js";
import { PLAYER } from "./art.js";
import { drawChoice } from "./choice.js";
import { drawBlast, drawCards, drawGain, drawGround, drawKomupples, drawLandings, drawMarks, drawSwirl, landingAreas,
  squareOf } from "./field.js";
import { layout, slot, squares } from "./layout.js";
import { fieldThings, fleeting } from "./things.js";
import { drawHeader, drawInfo, drawPiles, drawPlayer, drawStatus } from "./panels.js";
import { aboutCard, aboutKomupple, choiceLabel, choiceTitle, playerInitial, stateWords } from "./words.js";

/** @typedef {import("../../host.js").RendererHost} RendererHost */
/** @typedef {import("../../host.js").Renderer} Renderer */
/** @typedef {import("../../host.js").Table} Table */
/** @typedef {import("./view.js").UpplesView} UpplesView */
/** @typedef {import("./view.js").UpplesTarget} UpplesTarget */
/** @typedef {import("../motion.js").Thing} Thing */
/** @typedef {import("./layout.js").Layout} Layout */
/** @typedef {import("./field.js").Board} Board */
/** @typedef {import("./choice.js").Choice} Choice */

/** Why a tap on `square` is not a move now (view.refusals through the kit's refusalFor): the refusals name what lies
 * there as the targets do, another komupple (`piece`), a card (`card`) or the empty square (`cell`).
 * @param {UpplesView} v @param {string} square @returns {{key: string, params: Record<string, any>} | null} */
function refusalAt(v, square) {
  const other = v.players.some((player) => player.square === square && player.seat !== v.current && !player.eliminated);
  const kind = other ? "piece" : v.cards[square] ? "card" : "cell";
  return refusalFor(v, { kind, id: square });
}

const HOP_MS = 420; // a move in which a komupple jumps
const CHANGE_MS = 320; // one in which only cards come or go

/** @param {HTMLCanvasElement} canvas @param {RendererHost} host @returns {Renderer} */
export function create(canvas, host) {
  const t = (/** @type {string} */ key, /** @type {Record<string, any>} */ params = {}) => host.t(key, params);
  /** @type {Layout | null} */
  let g = null;
  /** @type {CanvasRenderingContext2D | null} */
  let context = null;
  /** @type {string[]} */
  let hinted = []; // the squares of the hinted move
  /** @type {Choice | null} */
  let choice = null; // a tapped thing whose targets ask a second touch
  let moving = 0; // the running move's number (0: none): draw() moves it on, and its end clears it
  let moves = 0;
  /** @type {Map<string, {x: number, y: number}>} */
  let hops = new Map(); // where each komupple of the running move hops from
  let glow = 0; // the landings' pulse, from the loop's clock
  /** @type {(() => void) | null} */
  let stopGlow = null;
  /** the boxes the landings' glow was last painted in (its tick repaints only these)
   * @type {import("../frames.js").Area[]} */
  let glowAreas = [];
  const surface = new Surface(canvas, host, { width: 600, height: 600, onTap: tap, paint, onResize: relayout, onKey: key });

  const table = () => host.table();
  /** @returns {UpplesView} */
  const view = () => /** @type {UpplesView} */ (table().view);
  /** The targets of the person at the board: none when it is not their turn (a bot's, a replay, the end). */
  const mine = () => {
    const shown = table();
    return /** @type {UpplesTarget[]} */ (shown && !shown.is_over && host.humanSeat() !== null ? view().targets || [] : []);
  };
  const words = (/** @type {UpplesTarget} */ target) => t(target.key, target.params);

  /** Lay out for the box the page gives the board (the kit's observer calls it; so does draw). */
  function relayout() {
    if (!table()) return;
    const box = surface.available();
    const available = box.width;
    const top = canvas.getBoundingClientRect().top + window.scrollY;
    const shownTop = Math.max(0, Math.min(top, 140));
    const portrait = available < 600 && !box.landscape;
    // on a phone the turn, the scores and the buttons come right under the canvas: leave them room on screen; held
    // sideways, the board has the height the page gives it
    const room = box.landscape ? box.height
      : Math.max(portrait ? 420 : 380, window.innerHeight - shownTop - (portrait ? 150 : 16));
    const next = layout(available, room, view().players.length, Boolean(box.landscape));
    if (!g || next.width !== g.width || next.height !== g.height || next.cell !== g.cell) {
      g = next;
      context = surface.layout(g.width, g.height);
    }
  }

  /** The landings glow while the person may touch them: a tick of the kit's loop, stopped when they may not. */
  function glowWhilePicking() {
    const picking = mine().length > 0;
    if (picking && !stopGlow) {
      stopGlow = surface.tick((now) => { glow = 0.55 + 0.45 * Math.sin(now / 340); }, { every: 120, area: () => glowAreas });
    }
    if (!picking && stopGlow) { stopGlow(); stopGlow = null; }
  }

  // -- a frame ---------------------------------------------------------------------------------------------------
  function paint() {
    if (!table() || !g) return;
    const v = view();
    glowWhilePicking();
    const targets = moving ? [] : mine();
    /** @type {Board} */
    const b = { c: context, g, surface, host, t, v, mine: targets, over: table().is_over };
    surface.begin();
    context.clearRect(0, 0, g.width, g.height);
    drawGround(b);
    const things = fieldThings(g, v);
    const leaving = surface.leaving();
    const cards = [];
    for (const { thing, alpha } of leaving) {
      if (thing.kind === "card") cards.push({ code: thing.code, x: thing.x, y: thing.y, alpha, scale: 0.6 + 0.4 * alpha });
    }
    for (const thing of things) if (thing.kind === "card") cards.push({ code: thing.code, ...surface.placed(thing) });
    drawCards(b, cards);
    const byThing = targetsByThing(targets.filter((target) => target.thing.kind !== "button"));
    if (!moving) {
      if (!v.over) drawMarks(b);
      drawLandings(b, byThing, hinted, glow);
      glowAreas = landingAreas(g, byThing);
    }
    drawKomupples(b, komupplesNow(v, things, leaving), !moving);
    for (const { thing, alpha } of leaving) {
      if (thing.kind === "card" && thing.code === "bomb") drawBlast(b, thing.x, thing.y, 1 - alpha);
      else if (thing.kind === "swirl") drawSwirl(b, thing.x, thing.y, 1 - alpha);
      else if (thing.kind === "gain") drawGain(b, thing.x, thing.y, thing.text, 1 - alpha);
    }
    squareRegions(b, byThing);
    drawStatus(b, g.status);
    if (g.portrait) {
      drawInfo(b, g.info);
    } else {
      drawHeader(b, g.header);
      drawPiles(b, g.piles);
    }
    v.players.forEach((player, seat) => drawPlayer(b, player, g.players[seat]));
    if (!moving && choice) drawChoice(b, choice);
    surface.drawFocus();
  }

  /** The komupples as drawn now: where the kit's motion places them, hopping on the way (highest half-way), and the
   * eliminated one fading out. @param {UpplesView} v @param {Thing[]} things
   * @param {{thing: Thing, alpha: number}[]} leaving */
  function komupplesNow(v, things, leaving) {
    const found = [];
    for (const thing of things) {
      if (thing.kind !== "komupple") continue;
      const at = surface.placed(thing);
      const from = surface.moving(thing.id) ? hops.get(thing.id) : null;
      const way = from ? Math.hypot(thing.x - from.x, thing.y - from.y) : 0;
      const k = way ? Math.min(1, Math.hypot(at.x - from.x, at.y - from.y) / way) : 1;
      const up = Math.sin(k * Math.PI);
      found.push({ player: v.players[thing.seat], square: thing.square, ...at, lift: up * g.cell * 0.46, scale: at.scale * (1 + 0.2 * up) });
    }
    for (const { thing, alpha } of leaving) {
      if (thing.kind === "komupple") found.push({ player: v.players[thing.seat], square: thing.square, x: thing.x, y: thing.y, alpha, scale: 1, lift: 0 });
    }
    return found;
  }

  /** One region per square: what is there, and what a tap on it does. @param {Board} b
   * @param {Map<string, UpplesTarget[]>} byThing */
  function squareRegions(b, byThing) {
    const { v } = b;
    const picking = host.humanSeat() !== null;
    for (const square of squares()) {
      const s = slot(g, square);
      const here = byThing.get(`card:${square}`) || byThing.get(`piece:${square}`) || [];
      const one = here.length === 1 && !here[0].to ? here[0] : null;
      const asks = here.length > 0 && !one;
      const describe = [];
      const standing = v.players.find((player) => player.square === square && !player.eliminated);
      if (standing) describe.push(aboutKomupple(t, host, standing));
      describe.push(`${square}: ${aboutCard(t, v.cards[square])}`);
      const refusal = picking && !here.length ? refusalAt(v, square) : null;
      if (one) describe.push(words(one));
      else if (asks) describe.push(t(choiceTitle(here[0])));
      else if (refusal) describe.push(t(refusal.key, refusal.params));
      const label = !choice && asks ? t(choiceTitle(here[0])) : "";
      surface.region({ rect: [s.cx - g.cell / 2, s.cy - g.cell / 2, g.cell, g.cell] }, {
        key: `square:${square}`, value: { kind: "square", square, targets: here }, target: !choice && one ? one : null,
        label, describe: describe.join(" "), focusable: !choice,
      });
    }
  }

  /** Animate the move from `previous` to `next`: the kit tweens what moved, appeared or went away (things.js). Its
   * end (or a later draw) ends `moving`. @param {Table} previous @param {Table} next */
  function playMove(previous, next) {
    const before = fieldThings(g, /** @type {UpplesView} */ (previous.view));
    const after = fieldThings(g, /** @type {UpplesView} */ (next.view));
    const was = new Map(before.map((thing) => [thing.id, thing]));
    hops = new Map();
    for (const thing of after) {
      const old = was.get(thing.id);
      if (thing.kind === "komupple" && old && old.square !== thing.square) hops.set(thing.id, { x: old.x, y: old.y });
    }
    const left = fleeting(g, /** @type {UpplesView} */ (previous.view), /** @type {UpplesView} */ (next.view));
    const number = ++moves;
    moving = number;
    canvas.dataset.anim = hops.size ? "jump" : "change"; // what is being shown (for tests)
    surface.motion([...before, ...left], after, { ms: hops.size ? HOP_MS : CHANGE_MS }).then(() => {
      if (moving !== number) return;
      moving = 0;
      delete canvas.dataset.anim;
      surface.invalidate();
    });
  }

  // -- touches and keys ------------------------------------------------------------------------------------------
  /** @param {string} action */
  function act(action) {
    choice = null;
    hinted = [];
    surface.hideBubble();
    host.act(action);
    surface.invalidate();
  }

  /** @param {string} square @param {UpplesTarget[]} targets */
  function openChoice(square, targets) {
    choice = { square, targets };
    surface.focusedKey = "answer:0";
    host.announce?.(`${t(choiceTitle(targets[0]))} ` + targets.map((target, i) => `${i + 1}: ${choiceLabel(t, target)}`).join(", "));
    surface.invalidate();
  }

  function closeChoice() {
    if (!choice) return;
    const square = choice.square;
    choice = null;
    surface.focusedKey = `square:${square}`;
    surface.invalidate();
  }

  function tap(region, point) {
    if (!table() || !g) return;
    surface.hideBubble();
    const value = region && region.value;
    if (choice) {
      if (value && value.kind === "choice" && region.target) { act(region.target.action); return; }
      closeChoice();
      if (!value || value.kind === "cancel") return;
    }
    if (!value) return;
    if (region.target && (value.kind === "square" || value.kind === "pass")) { act(region.target.action); return; }
    if (value.kind === "square" && value.targets.length && host.humanSeat() !== null) {
      openChoice(value.square, value.targets);
      return;
    }
    if (value.kind === "square" && host.humanSeat() !== null) {
      const refusal = refusalAt(view(), value.square);
      if (refusal) { surface.tell(point, t(refusal.key, refusal.params)); return; }
    }
    if (region.describe) surface.tell(point, region.describe, "describe");
  }

  /** The region of the first thing the person may touch (where the keyboard starts). */
  function firstTargetKey() {
    const region = surface.regions.find((made) => made.focusable && (made.target || made.label));
    return region ? region.key : null;
  }

  /** The board's own keys (the kit's arrows, Enter and Space come after): 1-9 and Escape in a choice, N for the next
   * thing to touch, Escape to drop a hint. Returns true when the key was one of them. @param {KeyboardEvent} event */
  function key(event) {
    if (!table() || !g) return false;
    const pressed = event.key;
    if (choice) {
      if (pressed === "Escape") { closeChoice(); host.announce?.(t("upples.choice.cancelled")); return true; }
      const index = Number(pressed) - 1;
      if (/^[1-9]$/.test(pressed) && index < choice.targets.length) { act(choice.targets[index].action); return true; }
    } else if ((pressed === "n" || pressed === "N") && mine().length) {
      // the next thing the person may touch, in reading order
      const keys = surface.regions.filter((region) => region.focusable && (region.target || region.label)).map((region) => region.key);
      surface.focusedKey = keys[(keys.indexOf(surface.focusedKey) + 1) % keys.length];
      const focused = surface.focused;
      if (focused) host.announce?.(surface.wordsFor(focused));
      return true;
    } else if ((pressed === "Enter" || pressed === " ") && !surface.focused && mine().length) {
      surface.focusedKey = firstTargetKey(); // then the kit's Enter taps it
    } else if (pressed === "Escape" && hinted.length) {
      hinted = [];
      return true;
    }
    if (pressed.startsWith("Arrow") && !surface.focused) surface.focusedKey = firstTargetKey();
    return false;
  }

  return {
    draw(next, previous, { animate = true } = {}) {
      choice = null;
      hinted = [];
      surface.hideBubble();
      relayout();
      if (animate && previous && previous.game === next.game && g) {
        playMove(previous, next);
      } else {
        moves += 1;
        moving = 0;
        delete canvas.dataset.anim;
        surface.cancelAnimations();
      }
      glowWhilePicking();
      surface.invalidate();
    },
    keydown(event) {
      if (table() && surface.keydown(event)) event.preventDefault();
    },
    /** Ring the hinted move's squares: where it lands (`move.to`) and a tunnel's exit, or focus Pass.
     * @param {string} action @param {Record<string, any>} [move]  the move as data (State.move_data) */
    showHint(action, move) {
      const target = (view().targets || []).find((made) => made.action === action) || null;
      const data = move && move.kind ? move : null;
      if (data) hinted = data.kind === "jump" ? [data.to, data.exit].filter(Boolean) : [];
      else hinted = target ? [squareOf(target.thing), squareOf(target.to)].filter(Boolean) : [];
      const pass = data ? data.kind === "pass" : target?.thing.kind === "button";
      if (hinted.length) surface.focusedKey = `square:${hinted[0]}`;
      else if (pass) surface.focusedKey = "pass";
      surface.invalidate();
    },
    describeAction(v, action) {
      if (!action) return "";
      const target = (v.targets || []).find((made) => made.action === action);
      return target ? words(target) : action;
    },
    seatBadges(v, seat) {
      const player = v.players[seat];
      if (!player) return [];
      return [{ colour: PLAYER[player.colour].fill, label: `${t(`colour.${player.colour}`)}: ${stateWords(t, player)}`,
        symbol: playerInitial(t, player.colour) }];
    },
    /** What the person can do now, in CSS px of the viewport (window.gamebox.targets()). */
    targets() {
      return table() && !moving && mine().length ? /** @type {import("../../host.js").Target[]} */ (surface.targets()) : [];
    },
    refused: (action, said) => surface.refused(action, said),
    destroy() {
      moving = 0;
      surface.destroy();
      choice = null;
    },
  };
}
