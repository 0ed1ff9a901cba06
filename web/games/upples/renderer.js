// @ts-check
// Upples renderer: the 7×7 field of cards, the komupple tokens, the draw pile, the discard and each player's super
// upples, drawn on the renderer kit (kit.js) from view() and view.targets. This file wires them: the layout for the
// box the page gives the board, a frame, taps and keys. The pieces are painted by art.js, the field by field.js,
// the panels by panels.js, a jump's question by choice.js, and a move is animated by animation.js.
//
// What can be played comes from view.targets only: each target names the thing it is touched on (the card, or the
// komupple for a Naughty bounce, by its square; or the Pass button) and, for a jump that asks a question, its second
// touch in `to` (the exit tunnel's card, or the multicolour's new state as a button "white"/"red"). A tap on a
// thing with one target plays it; a tap on a thing whose targets ask opens the choice (the first tap's region has a
// label and no action), and the second tap plays. A tap on a square that is not a landing says why, next to it,
// from the reasons Python puts in the view (view.refusals); hover and long press say what a card or a komupple is
// and what it can do. Nothing here reads an action's text or works out a rule. Layouts: on a wide screen the
// players stand beside the board, on a narrow one (a phone) below it, and the board takes the whole width.
import { Surface, targetsByThing } from "../kit.js";
import { PLAYER } from "./art.js";
import { animator } from "./animation.js";
import { drawChoice } from "./choice.js";
import { drawBlast, drawCards, drawFloaters, drawGround, drawKomupples, drawLandings, drawMarks, drawWarp, squareOf }
  from "./field.js";
import { centreOf, layout, slot, squares } from "./layout.js";
import { drawHeader, drawInfo, drawPiles, drawPlayer, drawStatus } from "./panels.js";
import { aboutCard, aboutKomupple, choiceLabel, choiceTitle, playerInitial, stateWords } from "./words.js";

/** @typedef {import("../../host.js").RendererHost} RendererHost */
/** @typedef {import("../../host.js").Renderer} Renderer */
/** @typedef {import("../../host.js").Table} Table */
/** @typedef {import("./view.js").UpplesView} UpplesView */
/** @typedef {import("./view.js").UpplesTarget} UpplesTarget */
/** @typedef {import("./view.js").Refusal} Refusal */
/** @typedef {import("./layout.js").Layout} Layout */
/** @typedef {import("./field.js").Board} Board */
/** @typedef {import("./choice.js").Choice} Choice */

/** Why a tap on `square` is not a move now, from view.refusals (a dict by square; or a list of {thing, key, params}
 * whose thing is what lies on the square, a card, a piece or the empty cell, named by the square).
 * @param {UpplesView} v @param {string} square @returns {Refusal | null} */
function refusalAt(v, square) {
  const refusals = v.refusals;
  if (Array.isArray(refusals)) return refusals.find((one) => one.thing && one.thing.id === square) || null;
  return (refusals && refusals[square]) || null;
}

/** @param {HTMLCanvasElement} canvas @param {RendererHost} host @returns {Renderer} */
export function create(canvas, host) {
  const t = (/** @type {string} */ key, /** @type {Record<string, any>} */ params = {}) => host.t(key, params);
  /** @type {Table | null} */
  let table = null;
  /** @type {Layout | null} */
  let g = null;
  /** @type {CanvasRenderingContext2D | null} */
  let context = null;
  /** @type {UpplesTarget | null} */
  let hinted = null;
  /** @type {Choice | null} */
  let choice = null; // a tapped thing whose targets ask a second touch
  /** @type {{x: number, y: number} | null} */
  let lastTap = null; // where the last tap was, in board units: a refusal is said there
  let pulse = 0;
  const surface = new Surface(canvas, host, { width: 600, height: 600, onTap: tap });
  surface.redraw = () => render();
  const animation = animator(canvas, () => g, () => render());

  /** @returns {UpplesView} */
  const view = () => /** @type {UpplesView} */ (table.view);
  /** The targets of the person at the board: none when it is not their turn (a bot's, a replay, the end). */
  const mine = () => /** @type {UpplesTarget[]} */ (table && !table.is_over && host.humanSeat() !== null ? view().targets || [] : []);
  const words = (/** @type {UpplesTarget} */ target) => t(target.key, target.params);

  function relayout() {
    if (!table) return false;
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
      return true;
    }
    return false;
  }

  // -- a frame ---------------------------------------------------------------------------------------------------
  function render() {
    if (!table || !g) return;
    const v = view();
    const anim = animation.scene;
    const targets = anim ? [] : mine();
    /** @type {Board} */
    const b = { c: context, g, surface, host, t, v, mine: targets, over: table.is_over };
    surface.begin();
    context.clearRect(0, 0, g.width, g.height);
    drawGround(b);
    drawCards(b, anim ? anim.cards : v.cards, anim ? anim.fades : null);
    const byThing = targetsByThing(targets.filter((target) => target.thing.kind !== "button"));
    if (!anim) {
      if (!v.over) drawMarks(b);
      drawLandings(b, byThing, hinted, 0.55 + 0.45 * Math.sin(pulse));
    }
    const standing = anim ? anim.tokens : Object.fromEntries(v.players.map((p) => [p.seat, p]));
    drawKomupples(b, standing, anim ? anim.floating : null, !anim);
    if (anim) {
      drawWarp(b, anim.warp);
      drawBlast(b, anim.blast);
      drawFloaters(b, anim.floaters);
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
    if (!anim && choice) drawChoice(b, choice);
    surface.drawFocus();
  }

  /** One region per square: what is there, and what a tap on it does. @param {Board} b
   * @param {Map<string, UpplesTarget[]>} byThing */
  function squareRegions(b, byThing) {
    const { v } = b;
    const moving = host.humanSeat() !== null;
    for (const square of squares()) {
      const s = slot(g, square);
      const here = byThing.get(`card:${square}`) || byThing.get(`piece:${square}`) || [];
      const one = here.length === 1 && !here[0].to ? here[0] : null;
      const asks = here.length > 0 && !one;
      const describe = [];
      const standing = v.players.find((player) => player.square === square && !player.eliminated);
      if (standing) describe.push(aboutKomupple(t, host, standing));
      describe.push(`${square}: ${aboutCard(t, v.cards[square])}`);
      const refusal = moving ? refusalAt(v, square) : null;
      if (one) describe.push(words(one));
      else if (asks) describe.push(t(choiceTitle(here[0])));
      else if (refusal) describe.push(t(refusal.key, refusal.params));
      const label = !choice && asks ? t(choiceTitle(here[0])) : "";
      surface.region({ rect: [s.cx - g.cell / 2, s.cy - g.cell / 2, g.cell, g.cell] }, {
        key: `sq:${square}`, value: { kind: "square", square, targets: here }, target: !choice && one ? one : null,
        label, describe: describe.join(" "), focusable: !choice,
      });
    }
  }

  // -- touches and keys ------------------------------------------------------------------------------------------
  function act(action) {
    choice = null;
    hinted = null;
    surface.hideBubble();
    host.act(action);
    render();
  }

  /** @param {string} square @param {UpplesTarget[]} targets */
  function openChoice(square, targets) {
    choice = { square, targets };
    surface.focusedKey = "answer:0";
    host.announce?.(`${t(choiceTitle(targets[0]))} ` + targets.map((target, i) => `${i + 1}: ${choiceLabel(t, target)}`).join(", "));
    render();
  }

  function closeChoice() {
    if (!choice) return;
    const square = choice.square;
    choice = null;
    surface.focusedKey = `sq:${square}`;
    render();
  }

  function tap(region, point) {
    if (!table || !g) return;
    lastTap = point;
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

  function onResize() {
    if (table && relayout()) render();
  }
  window.addEventListener("resize", onResize);

  // a slow pulse on the landings while a person is to move
  let pulseTimer = setInterval(() => {
    if (!table || animation.scene || !mine().length || document.hidden) return;
    pulse += 0.35;
    render();
  }, 120);

  /** The region of the first thing the person may touch (where the keyboard starts). */
  function firstTargetKey() {
    const region = surface.regions.find((made) => made.focusable && (made.target || made.label));
    return region ? region.key : null;
  }

  return {
    draw(next, { animate = true } = {}) {
      const previous = table;
      table = next;
      choice = null;
      hinted = null;
      animation.stop();
      surface.hideBubble();
      relayout();
      const grew = previous && next.history.length === previous.history.length + 1
        && previous.seed === next.seed && previous.game === next.game;
      if (animate && grew && (next.view.events || []).length) {
        animation.play(previous, next);
      } else {
        render();
      }
    },
    keydown(event) {
      if (!table || !g) return;
      const key = event.key;
      if (choice) {
        if (key === "Escape") { closeChoice(); host.announce?.(t("upples.choice.cancelled")); event.preventDefault(); return; }
        const index = Number(key) - 1;
        if (/^[1-9]$/.test(key) && index < choice.targets.length) { event.preventDefault(); act(choice.targets[index].action); return; }
      } else if ((key === "n" || key === "N") && mine().length) {
        // the next thing the person may touch, in reading order
        const keys = surface.regions.filter((region) => region.focusable && (region.target || region.label)).map((region) => region.key);
        surface.focusedKey = keys[(keys.indexOf(surface.focusedKey) + 1) % keys.length];
        const focused = surface.focused;
        if (focused) host.announce?.(surface.wordsFor(focused));
        event.preventDefault();
        render();
        return;
      } else if ((key === "Enter" || key === " ") && !surface.focused && mine().length) {
        surface.focusedKey = firstTargetKey();
      } else if (key === "Escape" && hinted) {
        hinted = null;
        render();
        return;
      }
      if (key.startsWith("Arrow") && !surface.focused) surface.focusedKey = firstTargetKey();
      if (surface.keydown(event)) event.preventDefault();
    },
    showHint(action) {
      hinted = (view().targets || []).find((target) => target.action === action) || null;
      const square = hinted && squareOf(hinted.thing);
      if (square) surface.focusedKey = `sq:${square}`;
      else if (hinted) surface.focusedKey = "pass";
      render();
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
      return table && !animation.scene && mine().length ? /** @type {import("../../host.js").Target[]} */ (surface.targets()) : [];
    },
    /** An action the rules refused: say why next to the place tapped. */
    refused(action, reason) {
      if (!g) return false;
      const target = mine().find((made) => made.action === action);
      const square = target && squareOf(target.thing);
      surface.tell(lastTap || (square ? centreOf(g, square) : { x: g.ground.w / 2, y: g.ground.h / 2 }), reason);
      return true;
    },
    destroy() {
      animation.stop();
      clearInterval(pulseTimer);
      pulseTimer = null;
      window.removeEventListener("resize", onResize);
      surface.destroy();
      table = null;
      choice = null;
    },
    resize() { if (table) { g = null; relayout(); render(); } },
  };
}
