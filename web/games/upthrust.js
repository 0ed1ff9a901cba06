// Upthrust renderer: draws the pegboard from view() and turns clicks and keys into actions ("b3").
import { centredText, fitCanvas, HitRegions, pointerPosition, roundRect, tween } from "./common.js";

const PEG = {
  green: { fill: "#2e9e5b", dark: "#1b6b3b", letter: "G" },
  red: { fill: "#d8433a", dark: "#8f231c", letter: "R" },
  blue: { fill: "#2f6fd6", dark: "#1b438a", letter: "B" },
  yellow: { fill: "#f2c230", dark: "#a07a0c", letter: "Y" },
};
const FILES = "abcd";
const LEFT = 70;
const TOP = 26;
const COLUMN = 84;
const ROW = 46;
const LEGEND = 128; // the colours and their owners, then the row rule in force (one or two lines)

export function create(canvas, host) {
  let table = null;
  let selected = null; // square of the selected peg
  let cursorColumn = 0;
  let hinted = null;
  let moving = null; // {colour, from, to, progress}
  const hits = new HitRegions();
  const width = LEFT + 4 * COLUMN + 44;
  const height = TOP + 11 * ROW + 24 + LEGEND;
  let context = fitCanvas(canvas, width, height);

  const centre = (column, row) => ({ x: LEFT + column * COLUMN + COLUMN / 2, y: TOP + (11 - row) * ROW + ROW / 2 });
  const parse = (square) => ({ column: FILES.indexOf(square[0]), row: Number(square.slice(1)) });
  const myMoves = () => (table && host.humanSeat() !== null ? table.view.moves : {});

  function drawBoard(view) {
    const c = context;
    c.clearRect(0, 0, width, height);
    // the wooden pegboard
    const wood = c.createLinearGradient(0, 0, width, height);
    wood.addColorStop(0, "#c8955a");
    wood.addColorStop(0.5, "#b07b43");
    wood.addColorStop(1, "#9a6533");
    roundRect(c, 4, 4, width - 8, TOP + 11 * ROW + 20, 16);
    c.fillStyle = wood;
    c.fill();
    c.strokeStyle = "#6e4520";
    c.lineWidth = 3;
    c.stroke();
    // grain
    c.save();
    c.clip();
    c.strokeStyle = "rgba(90, 50, 20, 0.10)";
    c.lineWidth = 1;
    for (let y = 12; y < TOP + 11 * ROW + 20; y += 9) {
      c.beginPath();
      c.moveTo(4, y);
      c.bezierCurveTo(width * 0.3, y + 5, width * 0.6, y - 5, width, y + 2);
      c.stroke();
    }
    c.restore();
    // scoring band
    const scoringTop = TOP + (11 - 11) * ROW;
    const scoringRows = 11 - view.scoring_from_row + 1;
    c.fillStyle = "rgba(255, 236, 170, 0.28)";
    roundRect(c, LEFT - 56, scoringTop + 2, 4 * COLUMN + 56 + 6, scoringRows * ROW - 4, 10);
    c.fill();
    // the line below the scoring rows
    const lineY = TOP + (11 - view.scoring_from_row + 1) * ROW;
    c.strokeStyle = "#5b3413";
    c.lineWidth = 2;
    c.setLineDash([6, 5]);
    c.beginPath();
    c.moveTo(LEFT - 56, lineY);
    c.lineTo(LEFT + 4 * COLUMN + 6, lineY);
    c.stroke();
    c.setLineDash([]);
    // row values and numbers
    c.textAlign = "center";
    c.textBaseline = "middle";
    for (let row = 1; row <= 11; row++) {
      const value = view.row_values[row - 1];
      const y = centre(0, row).y;
      if (value) {
        roundRect(c, LEFT - 52, y - 13, 40, 26, 6);
        c.fillStyle = "#fff4cf";
        c.fill();
        c.strokeStyle = "#7a4f1f";
        c.lineWidth = 1.5;
        c.stroke();
        c.fillStyle = "#5b3413";
        c.font = "bold 15px system-ui, sans-serif";
        c.fillText(String(value), LEFT - 32, y + 1);
      }
      c.fillStyle = "rgba(50, 25, 5, 0.75)";
      c.font = "12px system-ui, sans-serif";
      c.fillText(String(row), LEFT + 4 * COLUMN + 18, y);
    }
    for (let column = 0; column < 4; column++) {
      const x = centre(column, 1).x;
      c.fillStyle = "rgba(50, 25, 5, 0.85)";
      c.font = "bold 13px system-ui, sans-serif";
      c.fillText(FILES[column], x, TOP + 11 * ROW + 10);
      // keyboard column cursor
      if (canvas === document.activeElement && column === cursorColumn && host.humanSeat() !== null) {
        c.strokeStyle = "rgba(255, 255, 255, 0.85)";
        c.lineWidth = 2;
        c.setLineDash([4, 4]);
        roundRect(c, x - COLUMN / 2 + 4, TOP + 2, COLUMN - 8, 11 * ROW - 4, 10);
        c.stroke();
        c.setLineDash([]);
      }
    }
    // holes
    for (let row = 1; row <= 11; row++) {
      for (let column = 0; column < 4; column++) {
        const { x, y } = centre(column, row);
        const hole = c.createRadialGradient(x - 2, y - 2, 1, x, y, 9);
        hole.addColorStop(0, "#2a160a");
        hole.addColorStop(1, "#5a3517");
        c.beginPath();
        c.arc(x, y, 8, 0, Math.PI * 2);
        c.fillStyle = hole;
        c.fill();
      }
    }
  }

  function drawPeg(colour, x, y, { lifted = false } = {}) {
    const c = context;
    const peg = PEG[colour];
    const r = lifted ? 18 : 16;
    c.beginPath();
    c.ellipse(x + 2, y + 4, r, r * 0.9, 0, 0, Math.PI * 2);
    c.fillStyle = "rgba(0,0,0,0.35)";
    c.fill();
    const body = c.createRadialGradient(x - r / 3, y - r / 3, 2, x, y, r);
    body.addColorStop(0, "#ffffff");
    body.addColorStop(0.18, peg.fill);
    body.addColorStop(1, peg.dark);
    c.beginPath();
    c.arc(x, y, r, 0, Math.PI * 2);
    c.fillStyle = body;
    c.fill();
    c.strokeStyle = "rgba(0,0,0,0.45)";
    c.lineWidth = 1;
    c.stroke();
    centredText(c, "bold 13px system-ui, sans-serif", colour === "yellow" ? "#3d2c00" : "#ffffff", peg.letter, x, y + 1);
  }

  function drawLegend(view) {
    const c = context;
    const y0 = TOP + 11 * ROW + 34;
    const colours = Object.keys(view.owners);
    const half = (width - 16) / 2;
    colours.forEach((colour, index) => {
      const x = 8 + (index % 2) * half;
      const y = y0 + Math.floor(index / 2) * 40 + 14;
      roundRect(c, x + 2, y - 17, half - 6, 34, 8);
      c.fillStyle = view.owners[colour] !== null && view.owners[colour] === table.viewer ? "#fff4cf" : "#fffdf8";
      c.fill();
      c.strokeStyle = "#d9cfbd";
      c.lineWidth = 1;
      c.stroke();
      drawPeg(colour, x + 20, y);
      const owner = view.owners[colour];
      const name = owner === null || owner === undefined ? host.t("upthrust.owner_neutral") : host.seatName(owner);
      c.textAlign = "left";
      c.textBaseline = "middle";
      c.fillStyle = "#1f2430";
      c.font = "600 13px system-ui, sans-serif";
      c.fillText(host.t(`colour.${colour}`), x + 42, y - 7);
      c.fillStyle = "#5a6172";
      c.font = "12px system-ui, sans-serif";
      c.fillText(name, x + 42, y + 9, half - 90);
      c.textAlign = "right";
      c.fillStyle = "#1f2430";
      c.font = "bold 15px system-ui, sans-serif";
      c.fillText(String(view.colour_scores ? view.colour_scores[colour] : 0), x + half - 12, y + 1);
    });
    // the row rule in force: Upthrust's (not below the scoring rows) or Score Up's own (never in one row)
    if (view.same_colour_ban) {
      const text = host.t(`upthrust.rule.${view.same_colour_ban}`);
      c.font = "12px system-ui, sans-serif";
      const cut = text.indexOf(": ");
      const lines = c.measureText(text).width <= width - 16 || cut < 0 ? [text] : [text.slice(0, cut + 1), text.slice(cut + 2)];
      lines.forEach((line, index) => {
        centredText(c, "12px system-ui, sans-serif", "#4a4f5c", line, width / 2,
          y0 + 2 * 40 + 10 + (index - (lines.length - 1) / 2) * 15 + (lines.length - 1) * 7, width - 16);
      });
    }
  }

  function drawPassButton() {
    const c = context;
    const w = 220;
    const h = 40;
    const x = (width - w) / 2;
    const y = TOP + 5 * ROW - h / 2;
    roundRect(c, x, y, w, h, 10);
    c.fillStyle = "#2b5fab";
    c.fill();
    c.strokeStyle = "#ffffff";
    c.lineWidth = 2;
    c.stroke();
    centredText(c, "bold 15px system-ui, sans-serif", "#ffffff", host.t("upthrust.pass"), width / 2, y + h / 2 + 1);
    hits.rect(x, y, w, h, { kind: "pass" });
  }

  function render() {
    if (!table) return;
    const view = table.view;
    hits.clear();
    drawBoard(view);
    const moves = myMoves();
    // last move trail
    if (view.last_move && !moving) {
      const from = parse(view.last_move.from);
      const to = parse(view.last_move.to);
      const a = centre(from.column, from.row);
      const b = centre(to.column, to.row);
      context.strokeStyle = "rgba(255, 255, 255, 0.55)";
      context.lineWidth = 4;
      context.setLineDash([2, 6]);
      context.beginPath();
      context.moveTo(a.x, a.y);
      context.lineTo(b.x, b.y - 16);
      context.stroke();
      context.setLineDash([]);
    }
    for (const piece of view.pieces) {
      if (moving && piece.square === moving.to) continue;
      const { x, y } = centre(piece.column, piece.row);
      const movable = piece.square in moves;
      if (movable) {
        context.beginPath();
        context.arc(x, y, 21, 0, Math.PI * 2);
        context.strokeStyle = piece.square === selected ? "#ffffff" : "rgba(255, 255, 255, 0.55)";
        context.lineWidth = piece.square === selected ? 4 : 2;
        context.stroke();
        hits.circle(x, y, 22, { kind: "peg", square: piece.square });
      }
      if (piece.square === hinted) {
        context.beginPath();
        context.arc(x, y, 25, 0, Math.PI * 2);
        context.strokeStyle = "#f5a623";
        context.lineWidth = 4;
        context.stroke();
      }
      drawPeg(piece.colour, x, y, { lifted: piece.square === selected });
    }
    if (selected && moves[selected]) {
      const to = parse(moves[selected]);
      const from = parse(selected);
      const a = centre(from.column, from.row);
      const b = centre(to.column, to.row);
      context.strokeStyle = "#ffffff";
      context.lineWidth = 3;
      context.beginPath();
      context.moveTo(a.x, a.y - 20);
      context.lineTo(b.x, b.y + 22);
      context.stroke();
      context.beginPath();
      context.moveTo(b.x - 7, b.y + 30);
      context.lineTo(b.x, b.y + 21);
      context.lineTo(b.x + 7, b.y + 30);
      context.stroke();
      context.beginPath();
      context.arc(b.x, b.y, 17, 0, Math.PI * 2);
      context.setLineDash([5, 4]);
      context.stroke();
      context.setLineDash([]);
      hits.circle(b.x, b.y, 22, { kind: "target", square: selected });
    }
    if (moving) {
      const from = parse(moving.from);
      const to = parse(moving.to);
      const a = centre(from.column, from.row);
      const b = centre(to.column, to.row);
      const p = moving.progress;
      drawPeg(moving.colour, a.x + (b.x - a.x) * p, a.y + (b.y - a.y) * p - Math.sin(p * Math.PI) * 18, { lifted: true });
    }
    drawLegend(view);
    if (view.must_pass && host.humanSeat() !== null) drawPassButton();
  }

  function selectInColumn(step) {
    const moves = myMoves();
    const inColumn = Object.keys(moves).filter((square) => parse(square).column === cursorColumn)
      .sort((a, b) => parse(a).row - parse(b).row);
    if (!inColumn.length) { selected = null; return; }
    const index = inColumn.indexOf(selected);
    selected = index < 0 ? inColumn[0] : inColumn[(index + step + inColumn.length) % inColumn.length];
  }

  function describe(square) {
    const moves = table ? table.view.moves : {};
    const piece = table && table.view.pieces.find((p) => p.square === square);
    if (!piece) return square;
    return `${host.t(`colour.${piece.colour}`)} ${square} → ${moves[square] || "?"}`;
  }

  canvas.addEventListener("click", (event) => {
    if (!table) return;
    const hit = hits.at(pointerPosition(canvas, event));
    if (!hit) { selected = null; render(); return; }
    if (hit.kind === "pass") { host.act("pass"); return; }
    if (hit.kind === "target" || (hit.kind === "peg" && hit.square === selected)) {
      const square = hit.square;
      selected = null;
      hinted = null;
      host.act(square);
      return;
    }
    selected = hit.square;
    cursorColumn = parse(hit.square).column;
    host.announce(describe(selected));
    render();
  });
  canvas.addEventListener("focus", () => render());
  canvas.addEventListener("blur", () => render());

  return {
    draw(next, { animate = true } = {}) {
      const previous = table;
      table = next;
      selected = null;
      hinted = null;
      const last = next.view.last_move;
      if (animate && previous && last && next.history.length > previous.history.length) {
        const anim = moving = { ...last, progress: 0 };
        // a newer draw (undo, a replay step) may replace or clear this animation before it ends
        tween(380, (p) => { anim.progress = p; if (moving === anim) render(); })
          .then(() => { if (moving === anim) { moving = null; render(); } });
      } else {
        moving = null;
        render();
      }
    },
    keydown(event) {
      if (!table || host.humanSeat() === null) return;
      const key = event.key;
      if (key === "ArrowLeft" || key === "ArrowRight") {
        cursorColumn = (cursorColumn + (key === "ArrowLeft" ? 3 : 1)) % 4;
        selected = null;
        selectInColumn(0);
      } else if (key === "ArrowUp" || key === "ArrowDown") {
        selectInColumn(key === "ArrowUp" ? 1 : -1);
      } else if (key === "Enter" || key === " ") {
        if (selected) {
          const square = selected;
          selected = null;
          host.act(square);
        } else if (table.view.must_pass) {
          host.act("pass");
        }
      } else if (key === "Escape") {
        selected = null;
      } else {
        return;
      }
      event.preventDefault();
      if (selected) host.announce(describe(selected));
      render();
    },
    showHint(action) {
      hinted = action;
      selected = action in myMoves() ? action : null;
      if (selected) cursorColumn = parse(selected).column;
      render();
    },
    describeAction(view, action) {
      if (action === "pass") return action;
      return describe(action);
    },
    seatBadges(view, seat) {
      return (view.seat_colours[seat] || []).map((colour) => ({
        colour: PEG[colour].fill, label: host.t(`colour.${colour}`), symbol: PEG[colour].letter,
      }));
    },
    destroy() { table = null; },
    resize() { context = fitCanvas(canvas, width, height); render(); },
  };
}
