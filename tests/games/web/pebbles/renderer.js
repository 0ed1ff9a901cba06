// @ts-check
// Pebbles renderer (the test-only fixture game, docs/new-game.md): the pile, drawn on the renderer kit (../kit.js)
// from view() and view.targets. It shows a renderer's whole share of the work: layout, painting, and the map from
// targets to shapes. The kit does the rest: its frame loop paints (paint), its observer lays out again (onResize),
// a take animates from the diff of the pebbles before and after (surface.motion), a refusal is said where the tap
// was (surface.refused), and the table is always the host's (host.table()): the renderer keeps no copy.
//
// The pile is a tray of as many places as pebbles were dealt: the pebbles left are stones, the ones taken are
// hollows (the last take's dashed). Below it one button per target ("Take 2"): a tap plays the target's action,
// as it is. Keys: the arrows move between the buttons, Enter takes; 1, 2 or 3 take that many. Nothing here reads
// an action's text or works out a rule: the buttons are Python's targets, their words its keys.
import { button, fitText, panel, PALETTE, Surface } from "../kit.js";

const ROW = 5; // pebbles to a row of the tray
const MOST = 3; // buttons drawn while nobody here may take (the targets' counts when someone may)
const STONE = { fill: "#8a9099", light: "#c9ccd2", dark: "#565c66" };

/** Where everything goes for a canvas `available` CSS px wide: sizes in CSS px (u = 1 at a phone's width).
 * @param {number} available @param {number} dealt */
function geometry(available, dealt) {
  const width = Math.round(Math.max(320, Math.min(available, 640)));
  const u = width / 420;
  const rows = Math.ceil(dealt / ROW);
  const status = { x: 12 * u, y: 10 * u, w: width - 24 * u, h: 34 * u };
  const cell = Math.min(62 * u, (width - 40 * u) / ROW);
  const tray = { x: (width - cell * ROW) / 2 - 10 * u, y: status.y + status.h + 8 * u, w: cell * ROW + 20 * u,
    h: cell * rows + 20 * u };
  const buttonsY = tray.y + tray.h + 14 * u;
  const buttonW = (width - 24 * u - (MOST - 1) * 10 * u) / MOST;
  const buttons = [...Array(MOST).keys()].map((index) => ({ x: 12 * u + index * (buttonW + 10 * u), y: buttonsY,
    w: buttonW, h: 50 * u }));
  return { u, width, height: Math.round(buttonsY + 50 * u + 12 * u), status, tray, cell, buttons };
}

/** @param {HTMLCanvasElement} canvas @param {import("../../host.js").RendererHost} host
 * @returns {import("../../host.js").Renderer} */
export function create(canvas, host) {
  const t = host.t;
  let hinted = null; // the action the Hint button names
  let byKeyboard = false; // the focus ring shows while the person plays by keys, not after a tap
  /** @type {ReturnType<typeof geometry> | null} */
  let g = null;
  /** @type {CanvasRenderingContext2D | null} */
  let context = null;
  const surface = new Surface(canvas, host, { width: 420, height: 420, onTap: tap, paint, onResize: relayout, onKey: key });

  const table = () => host.table();
  const view = () => table().view;
  /** The targets of the person at the board: none when it is not their turn (a bot's, a replay, the end). */
  const mine = () => (table() && host.humanSeat() !== null ? view().targets || [] : []);
  const words = (target) => t(target.key, target.params);

  function relayout() {
    if (!table()) return;
    const next = geometry(surface.available().width, view().dealt);
    if (!g || next.width !== g.width || next.height !== g.height) {
      g = next;
      context = surface.layout(g.width, g.height);
    }
  }

  /** The pebbles still in the pile, as things: a stone keeps its place's id while it lies there.
   * @param {Record<string, any>} v @returns {import("../motion.js").Thing[]} */
  function pebbles(v) {
    if (!g) return [];
    const { u, tray, cell } = g;
    return [...Array(v.pile).keys()].map((index) => ({ id: `pebble:${index}`,
      x: tray.x + 10 * u + (index % ROW) * cell + cell / 2, y: tray.y + 10 * u + Math.floor(index / ROW) * cell + cell / 2 }));
  }

  function drawPebble(x, y, r, { taken = false, last = false, alpha = 1, scale = 1 } = {}) {
    const c = context;
    c.save();
    c.globalAlpha = alpha;
    c.beginPath();
    c.ellipse(x, y, r * scale, r * 0.78 * scale, 0, 0, Math.PI * 2);
    if (taken) {
      c.strokeStyle = last ? PALETTE.ink : "rgba(90, 70, 40, 0.35)";
      c.lineWidth = last ? 2 : 1;
      if (last) c.setLineDash([4, 3]);
      c.stroke();
    } else {
      const shade = c.createRadialGradient(x - r * 0.35, y - r * 0.3, r * 0.1, x, y, r);
      shade.addColorStop(0, STONE.light);
      shade.addColorStop(0.55, STONE.fill);
      shade.addColorStop(1, STONE.dark);
      c.fillStyle = shade;
      c.fill();
    }
    c.restore();
  }

  function drawTray() {
    const v = view();
    const { u, tray, cell } = g;
    panel(context, tray, { fill: "#efe2c4", edge: "#a88a55", radius: 12 * u, lineWidth: 2 });
    const r = cell * 0.36;
    for (let index = v.pile; index < v.dealt; index++) { // the hollows: the last take's are the first, dashed
      const x = tray.x + 10 * u + (index % ROW) * cell + cell / 2;
      const y = tray.y + 10 * u + Math.floor(index / ROW) * cell + cell / 2;
      drawPebble(x, y, r, { taken: true, last: index < v.pile + (v.last_take || 0) });
    }
    for (const { thing, alpha } of surface.leaving()) drawPebble(thing.x, thing.y, r, { alpha });
    for (const pebble of pebbles(v)) {
      const at = surface.placed(pebble);
      drawPebble(at.x, at.y, r, { alpha: at.alpha, scale: at.scale });
    }
  }

  function paint() {
    if (!table() || !g) return;
    const v = view();
    surface.begin();
    context.clearRect(0, 0, g.width, g.height);
    const status = v.winner !== null ? t("pebbles.winner", { name: host.seatName(v.winner) })
      : t("pebbles.left", { left: v.pile, dealt: v.dealt });
    fitText(context, status, g.status, { size: 18 * g.u, weight: 700, colour: PALETTE.ink, minSize: 9 });
    drawTray();
    const targets = mine();
    g.buttons.forEach((box, index) => {
      const target = targets[index] || null;
      const key = target ? `take:${target.params.count}` : `none:${index}`;
      const label = target ? words(target) : t("pebbles.action.take", { count: index + 1 });
      button(context, box, label, { size: 16 * g.u, disabled: !target, hovered: surface.isHovered(key) });
      if (target && target.action === hinted) {
        context.save();
        context.strokeStyle = PALETTE.hint;
        context.lineWidth = 4 * g.u;
        context.strokeRect(box.x - 4 * g.u, box.y - 4 * g.u, box.w + 8 * g.u, box.h + 8 * g.u);
        context.restore();
      }
      if (target) surface.region({ rect: [box.x, box.y, box.w, box.h] }, { key, value: { kind: "take" }, target, label });
    });
    if (byKeyboard) surface.drawFocus();
  }

  function play(action) {
    hinted = null;
    host.act(action);
  }

  function tap(region, point, event) {
    if (!table()) return;
    byKeyboard = Boolean(event && event.type === "keydown");
    surface.hideBubble();
    if (region && region.target) play(region.target.action);
  }

  /** 1, 2 or 3 take that many. @param {KeyboardEvent} event */
  function key(event) {
    byKeyboard = true;
    const target = mine().find((made) => made.params.count === Number(event.key));
    if (!target) return false;
    play(target.action);
    return true;
  }

  return {
    draw(next, previous, { animate = true } = {}) {
      hinted = null;
      surface.hideBubble("describe");
      relayout();
      if (animate && previous && previous.game === next.game) surface.motion(pebbles(previous.view), pebbles(next.view));
      else surface.cancelAnimations();
      surface.invalidate();
    },
    keydown(event) {
      if (table() && surface.keydown(event)) event.preventDefault();
    },
    showHint(action) {
      hinted = action;
      surface.invalidate();
    },
    describeAction(v, action) {
      const target = (v.targets || []).find((made) => made.action === action);
      return target ? words(target) : action;
    },
    seatBadges() { return []; },
    targets() { return host.humanSeat() !== null ? surface.targets() : []; },
    refused: (action, said) => surface.refused(action, said),
    destroy() { surface.destroy(); },
  };
}
