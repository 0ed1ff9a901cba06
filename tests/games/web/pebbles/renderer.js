// Pebbles renderer (the test-only fixture game, docs/new-game.md): the pile, drawn on the renderer kit (../kit.js)
// from view() and view.targets.
//
// The pile is a tray of as many places as pebbles were dealt: the pebbles left are stones, the ones taken are
// hollows (the last take's dashed). Below it one button per target ("Take 2"): a tap plays the target's action,
// as it is. Keys: the arrows move between the buttons, Enter takes; 1, 2 or 3 take that many. Nothing here reads
// an action's text or works out a rule: the buttons are Python's targets, their words its keys.
import { button, fitText, panel, PALETTE, Surface } from "../kit.js";

const ROW = 5; // pebbles to a row of the tray
const MOST = 3; // buttons drawn while nobody here may take (the targets' counts when someone may)
const STONE = { fill: "#8a9099", light: "#c9ccd2", dark: "#565c66" };

/** Where everything goes for a canvas `available` CSS px wide: sizes in CSS px (u = 1 at a phone's width). */
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

export function create(canvas, host) {
  const t = host.t;
  let table = null;
  let hinted = null; // the action the Hint button names
  let byKeyboard = false; // the focus ring shows while the person plays by keys, not after a tap
  let g = null;
  let context = null;
  const surface = new Surface(canvas, host, { width: 420, height: 420, onTap: tap });
  surface.redraw = () => render();

  const view = () => table.view;
  /** The targets of the person at the board: none when it is not their turn (a bot's, a replay, the end). */
  const mine = () => (table && host.humanSeat() !== null ? view().targets || [] : []);
  const words = (target) => t(target.key, target.params);

  function relayout() {
    const next = geometry(surface.available().width, view().dealt);
    if (!g || next.width !== g.width || next.height !== g.height) {
      g = next;
      context = surface.layout(g.width, g.height);
    }
  }

  function drawPebble(x, y, r, { taken = false, last = false } = {}) {
    const c = context;
    c.save();
    c.beginPath();
    c.ellipse(x, y, r, r * 0.78, 0, 0, Math.PI * 2);
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
    for (let index = 0; index < v.dealt; index++) {
      const x = tray.x + 10 * u + (index % ROW) * cell + cell / 2;
      const y = tray.y + 10 * u + Math.floor(index / ROW) * cell + cell / 2;
      const taken = index >= v.pile;
      // the places the last take emptied are the first hollows: pile .. pile + last_take
      drawPebble(x, y, cell * 0.36, { taken, last: taken && index < v.pile + (v.last_take || 0) });
    }
  }

  function render() {
    if (!table || !g) return;
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
    if (!table) return;
    byKeyboard = Boolean(event && event.type === "keydown");
    surface.hideBubble();
    if (region && region.target) play(region.target.action);
  }

  function onResize() {
    if (!table) return;
    const before = g;
    relayout();
    if (g !== before) render();
  }
  window.addEventListener("resize", onResize);

  return {
    draw(next) {
      table = next;
      hinted = null;
      surface.hideBubble("describe");
      relayout();
      render();
    },
    keydown(event) {
      if (!table) return;
      byKeyboard = true;
      const count = Number(event.key);
      const target = mine().find((made) => made.params.count === count);
      if (target) {
        event.preventDefault();
        play(target.action);
      } else if (surface.keydown(event)) {
        event.preventDefault();
      }
    },
    showHint(action) {
      hinted = action;
      render();
    },
    describeAction(v, action) {
      const target = (v.targets || []).find((made) => made.action === action);
      return target ? words(target) : action;
    },
    seatBadges() { return []; },
    targets() { return host.humanSeat() !== null ? surface.targets() : []; },
    refused(action, said) {
      if (!g) return false;
      const box = g.buttons[0];
      surface.tell({ x: g.width / 2, y: box.y }, said);
      return true;
    },
    destroy() {
      table = null;
      window.removeEventListener("resize", onResize);
      surface.destroy();
    },
    resize() { if (table) { g = null; relayout(); render(); } },
  };
}
