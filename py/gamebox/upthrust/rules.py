"""Upthrust (Sid Sackson, 1987) and its solitaire origin Score Up: the board, the pieces and every rule.

The board is 4 columns (a-d, left to right) by 11 rows (1 at the bottom, 11 at the top). Internally a square is
one small int, ``(row - 1) * 4 + column`` (0..43), and the board is a list of 44 ints: ``EMPTY`` or a colour
0..3 (green, red, blue, yellow). docs/rules/upthrust.md gives the rules as implemented and every decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, TypedDict

from gamebox.core.errors import IllegalAction
from gamebox.core.game import DAY, JSON, Game, LogEntry, Refusal, State, log_entry
from gamebox.core.rng import Rng
from gamebox.core.targets import Target, button, target, thing
from gamebox.upthrust import solver
from gamebox.upthrust.actions import MOVES, PASS, Move, move_data, parse
from gamebox.upthrust.board import (
    COLOUR_LETTERS,
    COLOURS,
    COLUMNS,
    EMPTY,
    END_WHEN_LEFT,
    NONSCORING_SQUARES,
    ROW_VALUES,
    ROWS,
    SCORING_FROM_ROW,
    SQUARE_NAMES,
    SQUARE_VALUES,
    SQUARES,
    Jump,
    all_moves,
    start_board,
)
from gamebox.upthrust.editions import EDITIONS

# Options (offered for 1 player, Score Up, from edition 2 on; docs/rules/upthrust.md):
# where two pieces of one colour may not share a row: below the scoring rows (Upthrust) or in every row (Score Up)
SAME_COLOUR_BAN = "same_colour_ban"
BAN_NONSCORING_ROWS = "non-scoring-rows"
BAN_EVERY_ROW = "every-row"
# the start: the classic Latin square, or dealt from the seed (each starting row shuffled)
START = "start"
START_CLASSIC = "classic"
START_DEALT = "dealt"

END_TWO_LEFT = "upthrust.end.two_left"
END_NO_MOVES = "upthrust.end.no_moves"

MOVE_TARGET = "upthrust.action.move"  # "Move the red peg from b3 to b6"


class UpthrustReason(TypedDict):
    """Why a peg may not move: an IllegalAction's message key and its parameters (the page's catalogue words it)."""

    key: str
    params: dict[str, str | int]


class UpthrustPiece(TypedDict):
    """A peg on the board. ``rows``: how far it jumps (the pieces in its row); ``to``: the hole it lands in if its
    owner jumps it now; else ``stuck`` says why it cannot jump (both None once the game is over)."""

    square: str
    column: int
    row: int
    colour: str
    rows: int
    to: str | None
    stuck: UpthrustReason | None


UpthrustLastMove = TypedDict("UpthrustLastMove", {"from": str, "to": str, "colour": str, "rows": int})


class UpthrustView(TypedDict):
    """What the page draws (the bridge adds ``targets``: core/targets.py). ``refusals``: for the seat to move,
    why each peg it may not play would be refused (a tap on it says so): its thing is the peg, as the targets name
    it (``{"kind": "peg", "id": "b3"}``)."""

    columns: int
    rows: int
    row_values: list[int]
    scoring_from_row: int
    pieces: list[UpthrustPiece]
    owners: dict[str, int | None]
    seat_colours: list[list[str]]
    neutral: str | None
    turn: int | None
    moves: dict[str, str]
    must_pass: bool
    last_move: UpthrustLastMove | None
    colour_scores: dict[str, int]
    scores: list[int]
    target: int | None
    same_colour_ban: str
    nonscoring_left: int
    ends_at: int
    end_reason: str | None
    winners: list[int]
    refusals: list[Refusal]


def why_not(board: list[int], square: int, every_row: bool = False) -> tuple[str, str, dict[str, Any]]:
    """Why the piece on ``square`` cannot move: (message, key, params). Only for a piece with no move."""
    colour = board[square]
    row = square // COLUMNS
    rows = sum(1 for column in range(COLUMNS) if board[row * COLUMNS + column] >= 0)
    name = SQUARE_NAMES[square]
    if row + rows >= ROWS:
        return (f"The piece on {name} would jump {rows} rows, past the top of the board.",
                "upthrust.off_board", {"square": name, "rows": rows})
    target = square + rows * COLUMNS
    if board[target] >= 0:
        return (f"The piece on {name} would land on {SQUARE_NAMES[target]}, which is taken.",
                "upthrust.landing_taken", {"square": name, "to": SQUARE_NAMES[target]})
    if rows == 1 and all(board[s] != colour for s in range((row + 1) * COLUMNS, SQUARES)):
        return (f"The piece on {name} is the most advanced {COLOURS[colour]} piece: it may not move just one row.",
                "upthrust.leader_one_row", {"square": name, "colour": COLOURS[colour]})
    where = "any row" if every_row else "a row below the scoring rows"
    return (f"The piece on {name} would land in row {row + rows + 1}, which already has a {COLOURS[colour]} "
            f"piece: two pieces of one colour may not share {where}.",
            "upthrust.same_colour_row", {"square": name, "colour": COLOURS[colour], "row": row + rows + 1})


def colour_scores(board: list[int]) -> list[int]:
    scores = [0, 0, 0, 0]
    for square in range(NONSCORING_SQUARES, SQUARES):
        colour = board[square]
        if colour >= 0:
            scores[colour] += SQUARE_VALUES[square]
    return scores


def _rows_word(rows: int) -> str:
    return "1 row" if rows == 1 else f"{rows} rows"


class UpthrustState(State[UpthrustView]):
    """A position: the board, who owns which colour, whose turn it is, and how the game ended."""

    def __init__(self, game: Game[UpthrustView], seed: str, players: int, options: dict[str, Any], rng: Rng,
                 owners: list[int | None]) -> None:
        super().__init__(game, seed, players, options, rng)
        self.board = start_board()
        # Score Up's own rule: two pieces of one colour never share a row (Upthrust's: not below the scoring rows)
        self.every_row = options.get(SAME_COLOUR_BAN) == BAN_EVERY_ROW
        self.target: int | None = None  # Score Up: the best possible score from the start (proven)
        self.owners = owners  # per colour: the seat that moves it, or None for the neutral colour
        self.turn = 0
        self.end_reason: str | None = None
        self.last_move: tuple[int, int, int] | None = None  # (from, to, colour)
        self._moves: list[Jump] | None = None  # cache of all_moves(board)

    # -- the rules ---------------------------------------------------------------------------------------
    def seat_colours(self, seat: int) -> list[int]:
        return [colour for colour in range(4) if self.owners[colour] == seat]

    def moves(self) -> list[Jump]:
        """Every legal move on the board now, of every colour (cached)."""
        if self._moves is None:
            self._moves = all_moves(self.board, self.every_row)
        return self._moves

    def seat_moves(self, seat: int) -> list[Jump]:
        board, owners = self.board, self.owners
        return [move for move in self.moves() if owners[board[move[0]]] == seat]

    def nonscoring_left(self) -> int:
        """Pieces of the colours in play (not the neutral colour) still in rows 1-6."""
        owners = self.owners
        return sum(1 for square in range(NONSCORING_SQUARES)
                   if self.board[square] >= 0 and owners[self.board[square]] is not None)

    @property
    def to_move(self) -> list[int]:
        return [] if self.end_reason is not None else [self.turn]

    def legal_actions(self, seat: int) -> list[str]:
        if self.end_reason is not None or seat != self.turn:
            return []
        moves = self.seat_moves(seat)
        if not moves:
            return [PASS.text]
        return [MOVES[start].text for start, _ in moves]

    def refusal(self, seat: int, square: int) -> tuple[str, str, dict[str, Any]] | None:
        """Why ``seat`` may not move the piece on ``square`` now: (message, key, params); None when it may."""
        colour = self.board[square]
        name = SQUARE_NAMES[square]
        if colour == EMPTY:
            return f"There is no piece on {name}.", "upthrust.no_piece", {"square": name}
        if self.owners[colour] != seat:
            return (f"The {COLOURS[colour]} pieces are not yours to move.", "upthrust.not_your_colour",
                    {"square": name, "colour": COLOURS[colour]})
        if any(start == square for start, _ in self.moves()):
            return None
        return why_not(self.board, square, self.every_row)

    def _play(self, seat: int, text: str) -> list[LogEntry]:
        action = parse(text, self.edition)
        moves = self.seat_moves(seat)
        if not isinstance(action, Move):
            if moves:
                raise IllegalAction("You may pass only when none of your pieces can move.",
                                    "upthrust.cannot_pass")
            self.advance(None)
            return [log_entry(seat, "upthrust.passed", f"Seat {seat + 1} cannot move and passes.")]
        square = action.square
        refused = self.refusal(seat, square)
        if refused is not None:
            message, key, params = refused
            raise IllegalAction(message, key, **params)
        colour = self.board[square]
        target = next(to for start, to in moves if start == square)
        self.advance((square, target))
        rows = (target - square) // COLUMNS
        entries = [log_entry(
            seat, "upthrust.moved",
            f"{COLOURS[colour].capitalize()} jumps from {SQUARE_NAMES[square]} to {SQUARE_NAMES[target]} "
            f"({_rows_word(rows)}).",
            colour=COLOURS[colour], **{"from": SQUARE_NAMES[square]}, to=SQUARE_NAMES[target], rows=rows)]
        if self.end_reason is not None:
            scores = self.scores()
            if self.end_reason == END_TWO_LEFT:
                why = f"only {END_WHEN_LEFT} pieces are left below the scoring rows"
            else:
                why = "no piece can move"
            entries.append(log_entry(
                None, "upthrust.game_over",
                f"Game over: {why}. Scores: {', '.join(str(score) for score in scores)}.",
                reason=self.end_reason, scores=scores, winners=self.winners()))
        return entries

    def advance(self, jump: Jump | None) -> None:
        """Carry out a jump (or a pass: None) the mover may make, and what follows it: the game ends when only two
        pieces of the colours in play are left below the scoring rows, or when no piece of theirs can move;
        otherwise the next seat is to move. ``_play`` checks the move and logs it; the review's playouts, which
        draw their moves from the legal ones, come here directly (no notation, no log, no history)."""
        if jump is None:
            self.turn = (self.turn + 1) % self.players
            return
        square, target = jump
        colour = self.board[square]
        self.board[square] = EMPTY
        self.board[target] = colour
        self._moves = None
        self.last_move = (square, target, colour)
        if self.nonscoring_left() <= END_WHEN_LEFT:
            self.end_reason = END_TWO_LEFT
        elif not any(self.owners[self.board[start]] is not None for start, _ in self.moves()):
            self.end_reason = END_NO_MOVES
        else:
            self.turn = (self.turn + 1) % self.players

    def scores(self) -> list[int]:
        by_colour = colour_scores(self.board)
        totals = [0] * self.players
        for colour, seat in enumerate(self.owners):
            if seat is not None:
                totals[seat] += by_colour[colour]
        return totals

    # winners(): the base class's, the highest score; seats tied on it share the win (the rulebook has no
    # tie-break: "Highest total score wins"; docs/rules/upthrust.md, "Score and winner").

    # -- what the screen and the fingerprint see ---------------------------------------------------------------
    def view(self, seat: int | None) -> UpthrustView:
        """All of it is public: Upthrust hides nothing."""
        board = self.board
        over = self.end_reason is not None
        landings = {} if over else dict(self.moves())
        pieces: list[UpthrustPiece] = []
        in_row = [sum(1 for square in range(row * COLUMNS, (row + 1) * COLUMNS) if board[square] >= 0)
                  for row in range(ROWS)]
        for square in range(SQUARES):
            if board[square] < 0:
                continue
            lands = landings.get(square)
            stuck: UpthrustReason | None = None
            if not over and lands is None:
                _, key, params = why_not(board, square, self.every_row)
                stuck = {"key": key, "params": params}
            pieces.append({"square": SQUARE_NAMES[square], "column": square % COLUMNS, "row": square // COLUMNS + 1,
                           "colour": COLOURS[board[square]], "rows": in_row[square // COLUMNS],
                           "to": None if lands is None else SQUARE_NAMES[lands], "stuck": stuck})
        moves = {} if over else {SQUARE_NAMES[a]: SQUARE_NAMES[b] for a, b in self.seat_moves(self.turn)}
        refusals: list[Refusal] = []
        if seat is not None and seat in self.to_move:
            for square in range(SQUARES):
                refused = self.refusal(seat, square) if board[square] >= 0 else None
                if refused is not None:
                    refusals.append({"thing": thing("peg", SQUARE_NAMES[square]), "key": refused[1],
                                     "params": refused[2]})
        last: UpthrustLastMove | None = None
        if self.last_move is not None:
            start, target, colour = self.last_move
            last = {"from": SQUARE_NAMES[start], "to": SQUARE_NAMES[target], "colour": COLOURS[colour],
                    "rows": (target - start) // COLUMNS}
        by_colour = colour_scores(board)
        neutral = [COLOURS[c] for c in range(4) if self.owners[c] is None]
        return {
            "columns": COLUMNS,
            "rows": ROWS,
            "row_values": list(ROW_VALUES),
            "scoring_from_row": SCORING_FROM_ROW,
            "pieces": pieces,
            "owners": {COLOURS[c]: self.owners[c] for c in range(4)},
            "seat_colours": [[COLOURS[c] for c in self.seat_colours(s)] for s in range(self.players)],
            "neutral": neutral[0] if neutral else None,
            "turn": None if over else self.turn,
            "moves": moves,
            "must_pass": not over and not moves,
            "last_move": last,
            "colour_scores": {COLOURS[c]: by_colour[c] for c in range(4)},
            "scores": self.scores(),
            "target": self.target,
            "same_colour_ban": BAN_EVERY_ROW if self.every_row else BAN_NONSCORING_ROWS,
            "nonscoring_left": self.nonscoring_left(),
            "ends_at": END_WHEN_LEFT,
            "end_reason": self.end_reason,
            "winners": self.winners(),
            "refusals": refusals,
        }

    # -- targets: what a person touches (core/targets.py) --------------------------------------------------------
    def target_of(self, action: str) -> Target:
        """A jump is touched on its peg, then on the hole it lands in ("Move the red peg from b3 to b6"); a pass
        is a button of its own."""
        move = parse(action, self.edition)
        if not isinstance(move, Move):
            return button(action, "upthrust.pass")
        square = move.square
        landing = next(to for start, to in self.moves() if start == square)
        colour = COLOURS[self.board[square]]
        return target(action, MOVE_TARGET, thing("peg", action), to=thing("cell", SQUARE_NAMES[landing]),
                      params={"colour": colour, "from": action, "to": SQUARE_NAMES[landing],
                              "rows": (landing - square) // COLUMNS})

    def move_data(self, action: str) -> dict[str, Any]:
        return move_data(parse(action, self.edition))

    def board_text(self) -> str:
        """The board as text, row 11 first, '.' for an empty square: e.g. ``..../..../GRBY/...``."""
        rows = []
        for row in range(ROWS - 1, -1, -1):
            rows.append("".join("." if c < 0 else COLOUR_LETTERS[c]
                                for c in self.board[row * COLUMNS:(row + 1) * COLUMNS]))
        return "/".join(rows)

    def snapshot(self) -> JSON:
        return {
            "board": self.board_text(),
            "owners": list(self.owners),
            "turn": self.turn,
            "end_reason": self.end_reason,
            "last_move": list(self.last_move) if self.last_move else None,
        }

    def _load(self, snapshot: Mapping[str, Any]) -> None:
        rows = snapshot["board"].split("/")  # row 11 first (board_text)
        self.board = [EMPTY if letter == "." else COLOUR_LETTERS.index(letter)
                      for row in reversed(rows) for letter in row]
        self.owners = list(snapshot["owners"])
        self.turn = snapshot["turn"]
        self.end_reason = snapshot["end_reason"]
        last = snapshot["last_move"]
        self.last_move = None if last is None else (last[0], last[1], last[2])
        self._moves = None


def deal_colours(players: int, rng: Rng) -> list[int | None]:
    """Who moves each colour. 1 player: all four. 2: two each, drawn. 3: one each, drawn; the fourth is
    neutral. 4: one each, drawn."""
    if players == 1:
        return [0, 0, 0, 0]
    colours = [0, 1, 2, 3]
    rng.shuffle(colours)
    owners: list[int | None] = [None, None, None, None]
    if players == 2:
        for index, colour in enumerate(colours):
            owners[colour] = index // 2
    else:
        for seat in range(players):
            owners[colours[seat]] = seat
    return owners


class Upthrust(Game[UpthrustView]):
    id = "upthrust"
    title = "Upthrust"
    order = 10
    min_players = 1
    max_players = 4
    # New options go at the end, so that older codes keep their digits. Edition 1 had none: its games keep
    # Upthrust's rule and the classic start, and their states (and codes) carry no options.
    options: ClassVar[dict[str, dict[str, Any]]] = {
        SAME_COLOUR_BAN: {"choices": [BAN_NONSCORING_ROWS, BAN_EVERY_ROW], "default": BAN_NONSCORING_ROWS},
        START: {"choices": [START_CLASSIC, START_DEALT], "default": START_CLASSIC},
    }
    bot_levels = ["easy", "hard"]
    default_bot_level = "easy"

    def offered_choices(self, players: int) -> dict[str, list[Any]]:
        """Score Up's rule and the dealt start belong to the solitaire: 2-4 players play Upthrust from the
        classic start."""
        if players == 1:
            return super().offered_choices(players)
        return {SAME_COLOUR_BAN: [BAN_NONSCORING_ROWS], START: [START_CLASSIC]}

    def offered_choices_in(self, players: int, edition: int) -> dict[str, list[Any]]:
        if not EDITIONS[edition].options:
            return {SAME_COLOUR_BAN: [BAN_NONSCORING_ROWS], START: [START_CLASSIC]}
        return self.offered_choices(players)

    def _create(self, seed: str, players: int, options: dict[str, Any], rng: Rng, edition: int) -> UpthrustState:
        if not EDITIONS[edition].options:
            options = {}  # an edition without options (and check_setup allowed only what it played)
        state = UpthrustState(self, seed, players, options, rng, deal_colours(players, rng))
        state.edition = edition
        if players == 1:
            if options.get(START) == START_DEALT:
                state.board, state.target = solver.dealt_start(rng, state.every_row)
            else:
                state.target = solver.START_TARGET[state.every_row]
        return state

    # -- the daily challenge: Score Up from a start dealt from the date; the higher score is better ----------------
    daily_lower = False

    def daily(self, day: str) -> dict[str, Any] | None:
        return {"seed": day, "players": 1, "options": {START: START_DEALT}}

    def daily_day(self, state: State[UpthrustView]) -> str | None:
        return state.seed if state.players == 1 and DAY.fullmatch(state.seed) else None

    def daily_result(self, state: State[UpthrustView]) -> int | None:
        return state.scores()[0] if state.is_over else None
