"""Ubongo Extreme: the 9-round race for gems, the solo puzzle mode, and every rule of the rulebook.

See the package docstring (gamebox/ubongo/__init__.py) for the action notation and docs/rules/ubongo.md for
the view() fields and every interpretation.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import re
import time
from collections.abc import Mapping
from typing import Any, ClassVar, Final, cast

from gamebox.core.errors import BadRequest, IllegalAction, InvalidSetup
from gamebox.core.game import DAY, EDITION, JSON, Game, LogEntry, Realtime, State, log_entry, sealed_from_others
from gamebox.core.rng import CROCKFORD, Rng
from gamebox.core.targets import Target, button, target, thing
from gamebox.ubongo import actions, solver, views
from gamebox.ubongo.actions import (
    Action,
    Hint,
    Place,
    Placement,
    Remove,
    ShowSolution,
    Solve,
    Timeout,
    canonical_solve,
    placements_notation,
    time_of,
)
from gamebox.ubongo.editions import Edition, rules_of
from gamebox.ubongo.generator import (
    DECK_SIZE,
    SIDE_TILES,
    CardSide,
    card_side,
    make_ahead,
    parse_code,
    puzzle_code,
)
from gamebox.ubongo.tiles import COLOURS, TILES, Cell, Cells, canonical_turns, orientations, turns
from gamebox.ubongo.views import (
    DisplayCounts,
    GemCounts,
    LastRound,
    Misfits,
    Mode,
    Phase,
    PlacedTile,
    PuzzleParts,
    SeatView,
    TileView,
    UbongoView,
)

ROUNDS: Final = 9
GEMS: Final = ("ruby", "sapphire", "emerald", "amber")
GEM_POINTS: Final = {"ruby": 4, "sapphire": 3, "emerald": 2, "amber": 1}
GEM_TOTALS: Final = {"ruby": 9, "sapphire": 18, "emerald": 9, "amber": 18}
DISPLAY_START: Final = {"sapphire": 9, "amber": 9}
DEFAULT_TIMER: Final = 120
TIMERS: Final = [60, 90, 120, 180, 300]
MAX_TIME_MS: Final = 86_400_000  # a day: any solve time in the play-off or in puzzle mode
BOT_LEVELS: Final = ["easy", "normal", "hard"]
LISTED_STEP_MS: Final = 1000  # legal_actions lists solve times in whole seconds
HAND_INS: Final = ("ubongo.solved", "ubongo.timeout")  # the log keys of a seat's result in a round
# The reasons a dropped tile does not fit, as the rules word them (UbongoState._check_fit)
MISFITS: Final[Misfits] = {"off_board": "ubongo.off_board", "overlap": "ubongo.overlap"}

SAFE_SEED = re.compile(r"[A-Za-z0-9-]{1,40}")
# The verbs of the targets a person builds (docs/rules/ubongo.md, "Targets"): a tile's target with the action
# "solve" (a race) or "place" (puzzle mode) is dragged onto the card, and the page sends where the tiles lie (an
# intent); ``UbongoState.compose`` writes the action.
BUILT_SOLVE: Final = "solve"
BUILT_PLACE: Final = "place"
PREPARE_MS: Final = 20  # how long one prepare() call goes on making cards (a card more at most)


def deck_seed_for(seed: str) -> str:
    """The deck seed of a game: the seed itself when it can go into a puzzle code, else a hash of it."""
    if SAFE_SEED.fullmatch(seed):
        return seed
    digest = int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:5], "big")
    return "".join(CROCKFORD[(digest >> (5 * i)) & 31] for i in range(8))


# Puzzle mode lists every placement of its tiles on the free cells after every move: per board, its cells' bits,
# and per (board, colour, tile) the placements that lie on the board, made once (a board is a card side's, and the
# generator keeps a few thousand of them; so is this memo, cleared when it grows past that).
_BITS: dict[Cells, dict[Cell, int]] = {}
_ON_BOARD: dict[tuple[Cells, str, int], list[tuple[int, str]]] = {}
_MEMO_SIZE: Final = 4096


def _board_bits(board: Cells) -> dict[Cell, int]:
    """Each cell of ``board`` -> its bit."""
    found = _BITS.get(board)
    if found is None:
        if len(_BITS) >= _MEMO_SIZE:
            _BITS.clear()
        found = _BITS[board] = {cell: 1 << index for index, cell in enumerate(board)}
    return found


def _places_on_board(board: Cells, colour: str, number: int) -> list[tuple[int, str]]:
    """Every placement of tile ``number`` whose cells all lie on ``board``, as (its cells' bits, ``place ...``), in
    the order puzzle mode lists them: orientation by orientation, each with its first cell on every board cell in
    sorted order. A placement is free when its bits meet no other placed tile's."""
    key = (board, colour, number)
    found = _ON_BOARD.get(key)
    if found is None:
        bits = _board_bits(board)
        found = []
        for o in orientations(colour, number):
            for first in sorted(board):
                mask = 0
                for q, r in o.cells:
                    bit = bits.get((q + first[0], r + first[1]))
                    if bit is None:
                        break
                    mask |= bit
                else:
                    p = Placement(number, o.rot, o.flip, (first[0] + o.anchor[0], first[1] + o.anchor[1]))
                    found.append((mask, str(Place(p))))
        if len(_ON_BOARD) >= _MEMO_SIZE:
            _ON_BOARD.clear()
        _ON_BOARD[key] = found
    return found


def parse_placement(text: str, edition: int = EDITION) -> Placement:
    """``7 q1r-2 rot2 flip`` -> Placement, as the rules of ``edition`` read it (actions.parse_placement)."""
    return actions.parse_placement(text, rules_of(edition))


def split_time(action: str, edition: int = EDITION) -> tuple[str, int | None]:
    """``solve ... @73125`` -> ("solve ...", 73125), as the rules of ``edition`` read it (actions.split_time)."""
    return actions.split_time(action, rules_of(edition))


def not_canonical(action: str) -> IllegalAction:
    """The move is right but not written the one way the notation writes it."""
    return IllegalAction(f"Write this move as {action!r}.", "ubongo.not_canonical", canonical=action)


def cells_json(cells: tuple[Cell, ...]) -> list[list[int]]:
    return [[q, r] for q, r in cells]


def gem_counts(gems: dict[str, int]) -> GemCounts:
    return {"ruby": gems["ruby"], "sapphire": gems["sapphire"], "emerald": gems["emerald"], "amber": gems["amber"]}


def placement_json(p: Placement, colour: str) -> PlacedTile:
    return {"tile": p.tile, "notation": p.notation(), "at": [p.at[0], p.at[1]], "rot": p.rot, "flip": p.flip,
            "cells": cells_json(p.cells(colour))}


def cell_id(cell: Cell) -> str:
    """A board hex as the notation writes it: ``q1r-2``."""
    return f"q{cell[0]}r{cell[1]}"


def written_as(colour: str, number: int) -> list[list[int | bool]]:
    """For the view: how the notation writes a tile turned ``rot`` times and ``flip``-ped: entry ``rot + 6 * flip``
    is ``[rot', flip', dq, dr]``, the turn it is written with and how far its anchor moves (tiles.canonical)."""
    table = canonical_turns(colour, number)
    return [list(table[(rot, flip)]) for flip in (False, True) for rot in range(6)]


_PUZZLE_JSON: dict[tuple[str, int], PuzzleParts] = {}


def puzzle_json(code: str, edition: int = EDITION) -> PuzzleParts:
    """The parts of a view that depend on the puzzle alone (shared, read-only): puzzle, difficulty, board,
    tiles."""
    found = _PUZZLE_JSON.get((code, edition))
    if found is None:
        deck_seed, card, side_name, colour = parse_code(code)
        side = card_side(deck_seed, card, side_name, edition)
        tiles: list[TileView] = [{"number": n, "cells": cells_json(TILES[colour][n]),
                                  "turns": [cells_json(cells) for cells in turns(TILES[colour][n])],
                                  "written_as": written_as(colour, n)} for n in side.tiles[colour]]
        found = {"puzzle": code, "difficulty": side.difficulty[colour], "board": cells_json(side.board),
                 "tiles": tiles}
        if len(_PUZZLE_JSON) > 4096:
            _PUZZLE_JSON.clear()
        _PUZZLE_JSON[(code, edition)] = found
    return found


def next_puzzle_code(code: str) -> str:
    """The puzzle "Next puzzle" opens after ``code``: the deck's next card (54 is followed by 1), on the same side,
    in the next colour token (red, blue, green, yellow, red...)."""
    deck_seed, card, side, colour = parse_code(code)
    return puzzle_code(deck_seed, card % DECK_SIZE + 1, side, COLOURS[(COLOURS.index(colour) + 1) % len(COLOURS)])


@functools.cache
def _listed_times(timer_ms: int) -> tuple[str, ...]:
    """`` @0``, `` @1000``, ...: the times a race's legal actions list a solve at, every whole second of both sand
    timers (one per timer the set-up offers)."""
    return tuple(f" @{t}" for t in range(0, 2 * timer_ms, LISTED_STEP_MS))


_FIRST_SOLUTION: dict[tuple[str, Cells], solver.Solution] = {}


def first_solution(side: CardSide, colour: str) -> solver.Solution:
    """The solver's first solution, its placements in the order the search made them (reading order of each
    tile's first hex): edition 1 lists it so."""
    key = (side.code(colour), side.board)
    found = _FIRST_SOLUTION.get(key)
    if found is None:
        found = solver.find_one(side.board, colour, side.tiles[colour])
        assert found is not None  # every generated puzzle has a solution
        if len(_FIRST_SOLUTION) > 4096:  # as many as the generator keeps cards
            _FIRST_SOLUTION.clear()
        _FIRST_SOLUTION[key] = found
    return found


def solution_notation(solution: solver.Solution, colour: str | None = None) -> str:
    """The one text of a solve's placements: by tile number, each tile in its canonical turn (as the solver
    gives it; with ``colour``, a placement turned another way is rewritten so)."""
    placed = solution if colour is None else tuple(p.canonical(colour) for p in solution)
    return placements_notation(tuple(sorted(placed, key=lambda p: p.tile)))


class UbongoState(State[UbongoView]):
    game: Ubongo
    rows = frozenset({"reports", "gems"})

    def __init__(self, game: Ubongo, seed: str, players: int, options: dict[str, Any], rng: Rng) -> None:
        super().__init__(game, seed, players, options, rng)
        self.mode: str = "puzzle" if players == 1 else "race"
        self.side: str = options["side"]
        self.timer_ms: int = int(options["timer"]) * 1000
        self.deck_seed = deck_seed_for(seed)
        self.deck: list[int] = []
        self.deck_pos = 0
        self.round = 0
        self.phase = "round"
        self.active: list[int] = []
        self.colours: list[str | None] = [None] * players
        self.cards: list[int | None] = [None] * players
        self.sides: list[str] = [self.side] * players
        # per seat this round: None (not in yet) or {"time": ms or None, "solution": notation or ""}
        self.reports: list[dict[str, Any] | None] = [None] * players
        self.gems: list[dict[str, int]] = [{gem: 0 for gem in GEMS} for _ in range(players)]
        self.display: dict[str, int] = dict(DISPLAY_START)
        self.bag: dict[str, int] = {gem: GEM_TOTALS[gem] - DISPLAY_START.get(gem, 0) for gem in GEMS}
        self.last_round: dict[str, Any] | None = None
        self.playoffs = 0
        self.playoff_winner: int | None = None
        # puzzle mode
        self.placed: dict[int, Placement] = {}
        self.hints = 0
        self.solved_time: int | None = None
        self.solution_shown = False

    # -- set-up ------------------------------------------------------------------------------------------
    def setup(self) -> None:
        if self.mode == "puzzle":
            self._setup_puzzle()
            return
        self.deck = list(range(1, DECK_SIZE + 1))
        self.rng.shuffle(self.deck)
        self.round = 1
        self._deal(list(range(self.players)))

    def _setup_puzzle(self) -> None:
        self.phase = "puzzle"
        self.active = [0]
        try:
            deck_seed, card, side, colour = parse_code(self.seed)
        except ValueError as exc:
            if re.fullmatch(r".*-[0-9]{1,2}[EHeh][RBGYrbgy]", self.seed):
                raise InvalidSetup(f"Bad puzzle code {self.seed!r}: {exc}.", "ubongo.bad_puzzle_code",
                                   code=self.seed) from exc
            deck_seed = self.deck_seed
            card = self.rng.between(1, DECK_SIZE)
            side = self.side
            colour = self.rng.choice(COLOURS)
        self.deck_seed = deck_seed
        self.side = side
        self.sides = [side]
        self.cards = [card]
        self.colours = [colour]

    def _draw_tokens(self, seats: list[int]) -> None:
        tokens = list(COLOURS)
        self.rng.shuffle(tokens)
        for i, seat in enumerate(seats):
            self.colours[seat] = tokens[i]

    def _deal(self, seats: list[int]) -> None:
        """Each of these seats draws a colour token from the bag and takes the top card."""
        self.colours = [None] * self.players
        self.cards = [None] * self.players
        self.reports = [None] * self.players
        self._draw_tokens(seats)
        for seat in seats:
            if self.deck_pos >= len(self.deck):  # only after several play-offs: reshuffle the whole deck
                self.deck = list(range(1, DECK_SIZE + 1))
                self.rng.shuffle(self.deck)
                self.deck_pos = 0
            self.cards[seat] = self.deck[self.deck_pos]
            self.deck_pos += 1
        self.active = list(seats)

    # -- work done ahead (State.prepare) ---------------------------------------------------------------------
    def prepare(self) -> bool:
        """A race: make the cards its coming rounds deal, in the order they are dealt, for PREPARE_MS a call, and
        rate the next round's once they are made; more is left while a coming card is not made. From edition 2 a
        card is made after the deck's earlier ones (about 4 ms each on CPython, 10 in Pyodide; the whole deck
        200 ms), so a round whose cards were not made yet holds up the hand-in that ends the round before, while a
        round made ahead deals from the generator's memo. Only the deck's order is read, never a draw: the
        reshuffle after many play-offs is not foreseen (its cards are made when dealt)."""
        if self.mode != "race" or self.is_over:
            return False
        rounds_left = max(1, ROUNDS - self.round)  # after the last round, a tie deals a play-off
        coming = self.deck[self.deck_pos:self.deck_pos + rounds_left * self.players]
        dealt = [card for card in self.cards if card is not None]
        until = time.perf_counter() + PREPARE_MS / 1000
        made = set(make_ahead(self.deck_seed, self.side, dealt + coming, self.edition, until))
        for card in coming[:self.players]:
            if card in made:
                _ = card_side(self.deck_seed, card, self.side, self.edition).difficulty  # what the view shows
        return not made.issuperset(coming)

    # -- helpers -----------------------------------------------------------------------------------------
    def card_side(self, seat: int) -> CardSide:
        card = self.cards[seat]
        assert card is not None
        return card_side(self.deck_seed, card, self.sides[seat], self.edition)

    def colour(self, seat: int) -> str:
        colour = self.colours[seat]
        assert colour is not None
        return colour

    def puzzle_code(self, seat: int) -> str:
        card = self.cards[seat]
        assert card is not None
        return puzzle_code(self.deck_seed, card, self.sides[seat], self.colour(seat))

    def own_tiles(self, seat: int) -> tuple[int, ...]:
        return self.card_side(seat).tiles[self.colour(seat)]

    @property
    def rules(self) -> Edition:
        """The rule switches of this game's edition (editions.py)."""
        return rules_of(self.edition)

    @property
    def canonical(self) -> bool:
        """Whether actions are accepted only in their one canonical text (edition 2 on)."""
        return self.rules.canonical

    def listed_solution(self, seat: int) -> str:
        """The placements of the solve that legal_actions lists (and bots hand in): the solver's first solution,
        in the canonical order from edition 2, in the solver's order in edition 1."""
        solution = first_solution(self.card_side(seat), self.colour(seat))
        return solution_notation(solution) if self.canonical else placements_notation(solution)

    def time_limit(self) -> int:
        """Solve times must be below this: the end of the second sand timer in a round, none in the play-off
        (a day, to keep numbers sane)."""
        return 2 * self.timer_ms if self.phase == "round" else MAX_TIME_MS

    # -- the protocol ------------------------------------------------------------------------------------
    @property
    def to_move(self) -> list[int]:
        if self.phase in ("round", "playoff"):
            return [seat for seat in self.active if self.reports[seat] is None]
        if self.phase == "puzzle":
            return [0]
        return []

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_move:
            return []
        if self.mode == "puzzle":
            return self._puzzle_actions()
        text = self.listed_solution(seat)
        # Times are continuous; the list holds the first solution at every whole second the sand timer
        # allows (twice over), which is also every action a bot makes. Any other time is legal too.
        head = f"solve {text}"
        return [head + at for at in _listed_times(self.timer_ms)] + [str(Timeout())]

    def _puzzle_actions(self) -> list[str]:
        """Every tile of the puzzle at every spot on the board's cells that no other placed tile covers (a placed
        tile may move), orientation by orientation, each at every free cell in sorted order; then the removals,
        the hint and the solution."""
        side = self.card_side(0)
        colour = self.colour(0)
        bits = _board_bits(side.board)
        listed: list[str] = []
        for number in side.tiles[colour]:
            others = 0
            for tile, placement in self.placed.items():
                if tile != number:
                    for cell in placement.cells(colour):
                        others |= bits.get(cell, 0)
            listed += [text for mask, text in _places_on_board(side.board, colour, number) if not mask & others]
        listed += [str(Remove(t)) for t in sorted(self.placed)]
        return listed + [str(Hint()), str(ShowSolution())]

    def _play(self, seat: int, action: str) -> list[LogEntry]:
        if self.mode == "puzzle":
            return self._play_puzzle(action)
        move = actions.parse_race(action, self.rules)
        if isinstance(move, Timeout):
            report: dict[str, Any] = {"time": None, "solution": ""}
            entries = [log_entry(seat, "ubongo.timeout", f"Seat {seat + 1} did not solve the puzzle.")]
        else:
            at = move.ms
            if at >= self.time_limit():
                raise IllegalAction("That time is after the sand timer ran out the second time.",
                                    "ubongo.too_late", time=at)
            self._check_solution(seat, move.placements)
            written = canonical_solve(move.placements, at, self.colour(seat))
            if self.canonical and move != written:
                raise not_canonical(str(written))
            report = {"time": at, "solution": placements_notation(move.placements)}
            entries = [log_entry(seat, "ubongo.solved", f"Seat {seat + 1} solved the puzzle in {at} ms.",
                                 time=at)]
        self.reports[seat] = report
        if not self.to_move:
            resolved = self._resolve_playoff() if self.phase == "playoff" else self._resolve_round()
            entries = self._hand_ins_by_time(entries) + resolved
            self.undo_floor = len(self.history) + 1
        return entries

    def _hand_ins_by_time(self, last: list[LogEntry]) -> list[LogEntry]:
        """The round's hand-ins, fastest first: the log's last run of them (the other seats', in the order they
        were made: a bot hands in when the round starts) taken off the log, with ``last`` (the hand-in that
        resolves the round), ordered as the table saw them: by time, exact ties in the order of the rank the round
        gave them, give-ups after every solve."""
        end = len(self.log)
        while end and self.log[end - 1]["key"] in HAND_INS:
            end -= 1
        run = self.log[end:] + last
        self.log = self.log[:end]
        assert self.last_round is not None
        results = {result["seat"]: result for result in self.last_round["results"]}

        def when(entry: LogEntry) -> tuple[bool, int, int, int]:
            result = results[entry["seat"]]
            time, rank = result["time_ms"], result["rank"]
            return time is None, time or 0, len(results) if rank is None else rank, entry["seat"]

        return sorted(run, key=when)

    def _check_solution(self, seat: int, placements: tuple[Placement, ...]) -> None:
        """A solve's placements must use the seat's tiles once each and cover its board exactly."""
        colour = self.colour(seat)
        tiles = self.own_tiles(seat)
        numbers = [p.tile for p in placements]
        if sorted(numbers) != sorted(tiles):
            raise IllegalAction(f"Use exactly your tiles {list(tiles)}, each once.", "ubongo.wrong_tiles",
                                tiles=list(tiles))
        if not solver.covers(self.card_side(seat).board, colour, placements):
            raise IllegalAction("Those tiles do not cover the board exactly.", "ubongo.not_covered")

    # -- gems ----------------------------------------------------------------------------------------------
    def _from_display(self, seat: int, gem: str) -> list[str]:
        if self.display[gem] <= 0:
            return []
        self.display[gem] -= 1
        self.gems[seat][gem] += 1
        return [gem]

    def _from_bag(self, seat: int) -> list[str]:
        total = sum(self.bag.values())
        if total <= 0:
            return []
        pick = self.rng.below(total)
        for gem in GEMS:
            if pick < self.bag[gem]:
                self.bag[gem] -= 1
                self.gems[seat][gem] += 1
                return [gem]
            pick -= self.bag[gem]
        raise AssertionError("unreachable")

    def _to_bag(self, gem: str) -> list[str]:
        if self.display[gem] <= 0:
            return []
        self.display[gem] -= 1
        self.bag[gem] += 1
        return [gem]

    def _ranked(self, low: int, high: int) -> list[int]:
        """Seats that solved with low <= time < high, fastest first; equal times in a random order."""
        seats = list(self.active)
        self.rng.shuffle(seats)  # who shouted first on an exact tie
        timed = []
        for order, seat in enumerate(seats):
            report = self.reports[seat]
            assert report is not None
            if report["time"] is not None and low <= report["time"] < high:
                timed.append((report["time"], order, seat))
        return [seat for _, _, seat in sorted(timed)]

    def _resolve_round(self) -> list[LogEntry]:
        timer = self.timer_ms
        won: dict[int, list[str]] = {seat: [] for seat in self.active}
        ranks: dict[int, int] = {}
        to_bag: list[str] = []
        entries: list[LogEntry] = []
        first = self._ranked(0, timer)
        second_chance = not first
        if first:
            for rank, seat in enumerate(first):
                ranks[seat] = rank + 1
                if rank == 0:
                    won[seat] += self._from_display(seat, "sapphire")
                elif rank == 1:
                    won[seat] += self._from_display(seat, "amber")
                won[seat] += self._from_bag(seat)
            if len(first) == 1:
                to_bag += self._to_bag("amber")
        else:
            to_bag += self._to_bag("sapphire") + self._to_bag("amber")
            late = self._ranked(timer, 2 * timer)
            if late:
                ranks[late[0]] = 1
                won[late[0]] += self._from_bag(late[0])
        results = []
        for seat in self.active:
            report = self.reports[seat]
            assert report is not None
            results.append({"seat": seat, "colour": self.colour(seat), "puzzle": self.puzzle_code(seat),
                            "time_ms": report["time"], "rank": ranks.get(seat), "gems": won[seat],
                            "solution": report["solution"]})
            if won[seat]:
                entries.append(log_entry(seat, "ubongo.gems", f"Seat {seat + 1} takes {', '.join(won[seat])}.",
                                         gems=won[seat], rank=ranks.get(seat)))
        if to_bag:
            entries.append(log_entry(None, "ubongo.to_bag", f"{' and '.join(to_bag)} go from the display into "
                                     "the bag.", gems=to_bag))
        self.last_round = {"round": self.round, "playoff": False, "second_chance": second_chance,
                           "results": results, "to_bag": to_bag}
        # the round's last line names the round that follows (0: none), whose cards and colours are new
        following = self.round + 1 if self.round < ROUNDS else 0
        begins = f" Round {following} begins: everybody has a new card and a new colour." if following else ""
        entries.append(log_entry(None, "ubongo.round_over", f"Round {self.round} is over.{begins}", round=self.round,
                                 next=following))
        if self.round < ROUNDS:
            self.round += 1
            self._deal(list(range(self.players)))
        else:
            entries += self._finish()
        return entries

    def _finish(self) -> list[LogEntry]:
        scores = self.scores()
        best = max(scores)
        tied = [seat for seat, score in enumerate(scores) if score == best]
        if len(tied) > 1:
            self.phase = "playoff"
            self.playoffs += 1
            self._deal(tied)
            return [log_entry(None, "ubongo.playoff", "A tie: the tied players play off.", seats=tied)]
        self.phase = "over"
        self.active = []
        return [log_entry(None, "ubongo.game_over", "The game is over.", scores=scores)]

    def _resolve_playoff(self) -> list[LogEntry]:
        ranked = self._ranked(0, MAX_TIME_MS)
        tied = list(self.active)
        results = []
        for seat in tied:
            report = self.reports[seat]
            assert report is not None
            results.append({"seat": seat, "colour": self.colour(seat), "puzzle": self.puzzle_code(seat),
                            "time_ms": report["time"], "rank": (ranked.index(seat) + 1) if seat in ranked else None,
                            "gems": [], "solution": report["solution"]})
        self.last_round = {"round": self.round, "playoff": True, "second_chance": False, "results": results,
                           "to_bag": []}
        if not ranked:
            self.playoffs += 1
            self._deal(tied)
            return [log_entry(None, "ubongo.playoff_again", "Nobody solved: the play-off starts again.",
                              seats=tied)]
        self.playoff_winner = ranked[0]
        self.phase = "over"
        self.active = []
        return [log_entry(ranked[0], "ubongo.playoff_won", f"Seat {ranked[0] + 1} wins the play-off.")]

    # -- puzzle mode ---------------------------------------------------------------------------------------
    def _play_puzzle(self, action: str) -> list[LogEntry]:
        move = actions.parse_puzzle(action, self.rules)
        side = self.card_side(0)
        colour = self.colour(0)
        tiles = side.tiles[colour]
        at: int | None = None
        if isinstance(move, Place):
            p, at = move.placement, move.ms
            if p.tile not in tiles:
                raise IllegalAction(f"Tile {p.tile} is not one of yours {list(tiles)}.", "ubongo.not_your_tile",
                                    tile=p.tile)
            if self.canonical and p.canonical(colour) != p:
                raise not_canonical(str(Place(p.canonical(colour), at)))
            self._check_fit(p, colour, set(side.board))
            self.placed[p.tile] = p
            entries = [log_entry(0, "ubongo.placed", f"Tile {p.tile} placed.", tile=p.tile)]
        elif isinstance(move, Remove):
            if move.tile not in self.placed:
                raise IllegalAction(f"Tile {move.tile} is not on the board.", "ubongo.not_placed", tile=str(move.tile))
            del self.placed[move.tile]
            return [log_entry(0, "ubongo.removed", f"Tile {move.tile} taken off.", tile=move.tile)]
        elif isinstance(move, Hint):
            at = move.ms
            placed = [self.placed[t] for t in sorted(self.placed)]
            p_hint = solver.hint(side.board, colour, tiles, placed)
            if p_hint is None:  # pragma: no cover - a full board is solved, and then the puzzle is over
                raise IllegalAction("There is nothing to hint.", "ubongo.no_hint")
            self._put(p_hint, colour)
            self.hints += 1
            entries = [log_entry(0, "ubongo.hint", f"Hint: tile {p_hint.tile}.", tile=p_hint.tile)]
        else:
            while (p_next := solver.hint(side.board, colour, tiles,
                                         [self.placed[t] for t in sorted(self.placed)])) is not None:
                self._put(p_next, colour)
            self.solution_shown = True
            self.phase = "shown"
            self.active = []
            return [log_entry(0, "ubongo.solution_shown", "The solution is shown.")]
        if len(self.placed) == len(tiles) and solver.covers(side.board, colour, list(self.placed.values())):
            self.solved_time = at
            self.phase = "solved"
            self.active = []
            entries.append(log_entry(0, "ubongo.puzzle_solved", "Ubongo! Solved.", time_ms=at, hints=self.hints))
        return entries

    def _check_fit(self, p: Placement, colour: str, board: set[Cell]) -> None:
        """A tile must lie on the white hexes and not overlap another tile: the rule a drag is checked by, too (the
        view's ``misfits`` name these two reasons, and each tile's ``turns`` its cells)."""
        cells = p.cells(colour)
        if not all(c in board for c in cells):
            raise IllegalAction("The tile must lie on the white hexes.", "ubongo.off_board", tile=p.tile)
        for t, other in self.placed.items():
            if t != p.tile and set(other.cells(colour)) & set(cells):
                raise IllegalAction(f"Tile {p.tile} would overlap tile {t}.", "ubongo.overlap",
                                    tile=p.tile, other=t)

    def _put(self, p: Placement, colour: str) -> None:
        """Place ``p``, taking off any tile in its way."""
        cells = set(p.cells(colour))
        for t in [t for t, other in self.placed.items() if t != p.tile and set(other.cells(colour)) & cells]:
            del self.placed[t]
        self.placed[p.tile] = p

    # -- intents: what the page says a person did (docs/rules/ubongo.md, "Targets") ----------------------------
    def compose(self, seat: int, intent: Mapping[str, Any]) -> str:
        """The action an intent means. ``{"tiles": [{"tile", "cell", "turn", "flip"}, ...], "ms"}``: these tiles
        lie there at ``ms`` on the clock: in a race, every tile of the seat's, a solve; in puzzle mode, one tile, a
        place. ``{"action": <a timed target's action>, "ms"}``: that target, now (a hint, or the closest solution's
        ``place``). ``{"action": ...}``: a target's action as it is. Each is written the one way the notation
        writes it (by tile, each tile in its first turn)."""
        if "tiles" not in intent and "ms" not in intent:
            return super().compose(seat, intent)
        seat = self.check_seat(seat)
        if seat not in self.to_move:
            raise IllegalAction("It is not your turn.", "error.not_your_turn", seat=seat)
        ms = actions.intent_ms(intent)
        colour = self.colour(seat)
        if "tiles" in intent:
            if set(intent) != {"tiles", "ms"}:
                raise BadRequest("An Ubongo intent is {tiles, ms}.", "error.bad_request", field="intent")
            placements = actions.intent_placements(intent)
            if self.mode == "race":
                return str(canonical_solve(placements, ms, colour))
            if len(placements) != 1:
                raise BadRequest("A puzzle's intent places one tile.", "error.bad_request", field="intent")
            return str(Place(placements[0].canonical(colour), ms))
        text = intent.get("action")
        if set(intent) != {"action", "ms"} or not isinstance(text, str) or self.mode != "puzzle":
            raise BadRequest("An Ubongo intent is {action, ms} for a timed target.", "error.bad_request",
                             field="intent")
        move = actions.parse_puzzle(text, self.rules)
        if isinstance(move, Place) and move.ms is None:
            return str(Place(move.placement, ms))
        if isinstance(move, Hint) and move.ms is None:
            return str(Hint(ms))
        raise IllegalAction("Only placing a tile and a hint carry a time.", "ubongo.bad_time")

    # -- scores, view, snapshot -----------------------------------------------------------------------------
    def scores(self) -> list[int]:
        if self.mode == "puzzle":
            return [1 if self.phase == "solved" else 0]
        return [sum(GEM_POINTS[gem] * n for gem, n in gems.items()) for gems in self.gems]

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        if self.playoff_winner is not None:
            return [self.playoff_winner]
        return super().winners()

    def _seat_view(self, seat: int, score: int) -> SeatView:
        report = self.reports[seat]
        entry: SeatView = {"seat": seat, "active": seat in self.active, "colour": self.colours[seat],
                           "gems": gem_counts(self.gems[seat]), "score": score, "reported": report is not None,
                           "time_ms": report["time"] if report is not None else None}
        card = self.cards[seat]
        if card is not None and self.colours[seat] is not None:
            parts = puzzle_json(self.puzzle_code(seat), self.edition)
            entry.update({"card": card, "side": self.sides[seat], "puzzle": parts["puzzle"],
                          "difficulty": parts["difficulty"], "board": parts["board"], "tiles": parts["tiles"]})
        return entry

    def secret_run_start(self) -> int:
        """A running round's (or play-off's) hand-ins are the last entries of the history: one per seat that has
        handed in, since the deal (which the previous round's last hand-in made)."""
        if self.phase not in ("round", "playoff"):
            return len(self.history)
        return len(self.history) - sum(1 for seat in self.active if self.reports[seat] is not None)

    def reveal_ms(self, seat: int, action: str) -> int | None:
        """The table sees a solve when its player calls "Ubongo!" (its time); a seat that gave up is seen when the
        second sand timer runs out (never in a play-off, which has no timer)."""
        at = time_of(action, self.rules)
        if at is not None:
            return at
        return 2 * self.timer_ms if self.phase == "round" else None

    def hints_allowed(self, seat: int) -> bool:
        """Hints are for puzzle mode only: in a race, a free hint would be an unseen helping hand."""
        return self.mode == "puzzle"

    def log_for(self, seat: int | None) -> list[LogEntry]:
        """While a round or play-off runs, the other seats' hand-ins stay out of the log: a bot hands in its result
        (with its time) when the round starts, and a player who passed the device on has handed in too, but
        nobody at the table knows that before they call "Ubongo!". The round's results reveal them all."""
        if self.phase not in ("round", "playoff"):
            return self.log
        return sealed_from_others(self.log, seat, HAND_INS)  # the running round's hand-ins are the last lines

    def view(self, seat: int | None) -> UbongoView:
        """What a renderer needs (its shape: views.py), hiding nothing of this seat's own."""
        view: UbongoView = {
            "mode": cast(Mode, self.mode), "phase": cast(Phase, self.phase), "misfits": MISFITS, "side": self.side,
            "deck_seed": self.deck_seed, "tiles_per_puzzle": SIDE_TILES[self.side],
            "seats": [self._seat_view(s, score) for s, score in enumerate(self.scores())],
        }
        if self.mode == "puzzle":
            colour = self.colour(0)
            card = self.cards[0]
            assert card is not None
            code = self.puzzle_code(0)
            parts = puzzle_json(code, self.edition)
            view.update({
                "puzzle": parts["puzzle"], "difficulty": parts["difficulty"], "board": parts["board"],
                "tiles": parts["tiles"], "card": card, "colour": colour,
                "placed": [placement_json(self.placed[t], colour) for t in sorted(self.placed)],
                "hints": self.hints, "solved": self.phase == "solved", "time_ms": self.solved_time,
                "solution_shown": self.solution_shown, "stopwatch_ms": self.stopwatch_ms(),
                "next_puzzle": next_puzzle_code(code),
            })
            return view
        display: DisplayCounts = {"sapphire": self.display["sapphire"], "amber": self.display["amber"]}
        view.update({
            "round": self.round, "rounds": ROUNDS, "timer_ms": self.timer_ms,
            "second_chance_ends_ms": 2 * self.timer_ms,
            "gem_points": gem_counts(dict(GEM_POINTS)), "display": display, "bag": gem_counts(self.bag),
            "cards_left": len(self.deck) - self.deck_pos, "last_round": cast(LastRound | None, self.last_round),
            "playoffs": self.playoffs, "playoff_winner": self.playoff_winner,
        })
        return view

    def stopwatch_ms(self) -> int:
        """Puzzle mode: the stopwatch so far, the latest time an action carried (a page carries on from it after a
        reload or an undo)."""
        times = (time_of(action, self.rules) for _, action in self.history)
        return max((ms for ms in times if ms is not None), default=0)

    # -- targets: what a person can act on now (core/targets.py; docs/rules/ubongo.md, "Targets") -------------
    def targets(self, seat: int | None) -> list[Target]:
        """A race: each of the seat's tiles, to drag onto the card (the page sends where they lie, an intent, and
        ``compose`` writes ``solve ... @ms``), and Give up (``timeout``). Puzzle mode: each tile to drag (``compose``
        writes ``place ... @ms`` from the intent); where the solution closest to the tiles on the card puts each
        tile that is not there yet, when those hexes are free (a ``place`` to play as it is); each placed tile to
        take off; Hint; Show the solution."""
        if seat is None or seat not in self.to_move:
            return []
        if self.mode == "puzzle":
            return self._puzzle_targets()
        tiles = [target(BUILT_SOLVE, "ubongo.target.tile", thing("tile", n), timed=True, params={"tile": n})
                 for n in self.own_tiles(seat)]
        return tiles + [button("timeout", "ubongo.target.give_up")]

    def same_move(self, action: str, other: str) -> bool:
        """The same tiles laid (or the same button) whatever the clock says: ``place 7 q1r-2 rot2 @5120`` is the
        move a script names ``place 7 q1r-2 rot2``."""
        return self._untimed(action) == self._untimed(other)

    def _untimed(self, action: str) -> object:
        move = actions.parse_puzzle(action, self.rules) if self.mode == "puzzle" else actions.parse_race(
            action, self.rules)
        if isinstance(move, Place | Hint):
            return dataclasses.replace(move, ms=None)
        return move.placements if isinstance(move, Solve) else move

    def move_data(self, action: str) -> dict[str, Any]:
        return actions.move_data(self.parse_action(action))

    def parse_action(self, action: str) -> Action:
        """The value of ``action``, read as this game's mode writes its actions (a race's or a puzzle's)."""
        return actions.parse_puzzle(action, self.rules) if self.mode == "puzzle" else actions.parse_race(
            action, self.rules)

    def target_of(self, action: str) -> Target:
        """The target of one legal action, as targets() words it."""
        return self.target_for(self.parse_action(action))

    def target_for(self, move: Action) -> Target:
        """The target of one legal move, as targets() words it."""
        if isinstance(move, Solve):
            return target(BUILT_SOLVE, "ubongo.target.solve", thing("button", "solve"), timed=True)
        if isinstance(move, Place):
            p = move.placement
            # the placement's parts ride along as numbers, so a page can draw and offer the drag without reading
            # the action's text
            return target(str(Place(p)), "ubongo.target.place", thing("tile", p.tile),
                          to=thing("cell", cell_id(p.at)), timed=True,
                          params={"tile": p.tile, "q": p.at[0], "r": p.at[1], "rot": p.rot, "flip": int(p.flip)})
        if isinstance(move, Remove):
            return target(str(move), "ubongo.target.remove", thing("tile", move.tile), params={"tile": move.tile})
        if isinstance(move, Hint):
            return target("hint", "ubongo.target.hint", thing("button", "hint"), timed=True)
        if isinstance(move, ShowSolution):
            return button("solution", "ubongo.target.solution")
        return button("timeout", "ubongo.target.give_up")

    def _puzzle_targets(self) -> list[Target]:
        side = self.card_side(0)
        colour = self.colour(0)
        tiles = side.tiles[colour]
        found: list[Target] = [target(BUILT_PLACE, "ubongo.target.tile", thing("tile", n), timed=True,
                                      params={"tile": n}) for n in tiles]
        placed = [self.placed[t] for t in sorted(self.placed)]
        closest = solver.closest_solution(side.board, colour, tiles, placed)
        if closest is not None:
            taken = {t: set(p.cells(colour)) for t, p in self.placed.items()}
            for p in sorted(closest[1], key=lambda p: p.tile):
                cells = set(p.cells(colour))
                if taken.get(p.tile) == cells:
                    continue  # already there
                if any(other & cells for t, other in taken.items() if t != p.tile):
                    continue  # another tile is in the way: take it off first
                found.append(self.target_for(Place(p.canonical(colour))))
        found += [self.target_for(Remove(t)) for t in sorted(self.placed)]
        return found + [self.target_for(Hint()), self.target_for(ShowSolution())]

    def snapshot(self) -> JSON:
        return {
            "mode": self.mode, "side": self.side, "timer_ms": self.timer_ms, "deck_seed": self.deck_seed,
            "deck": self.deck, "deck_pos": self.deck_pos, "round": self.round, "phase": self.phase,
            "active": self.active, "colours": self.colours, "cards": self.cards, "sides": self.sides,
            "reports": self.reports, "gems": self.gems, "display": self.display, "bag": self.bag,
            "last_round": self.last_round, "playoffs": self.playoffs, "playoff_winner": self.playoff_winner,
            "placed": [self.placed[t].notation() for t in sorted(self.placed)], "hints": self.hints,
            "solved_time": self.solved_time, "solution_shown": self.solution_shown,
        }

    def _load(self, snapshot: Mapping[str, Any]) -> None:
        for name in ("mode", "side", "timer_ms", "deck_seed", "deck_pos", "round", "phase", "last_round", "playoffs",
                     "playoff_winner", "hints", "solved_time", "solution_shown"):
            setattr(self, name, snapshot[name])
        self.deck, self.active = list(snapshot["deck"]), list(snapshot["active"])
        self.colours, self.cards = list(snapshot["colours"]), list(snapshot["cards"])
        self.sides = list(snapshot["sides"])
        self.reports = [None if report is None else dict(report) for report in snapshot["reports"]]
        self.gems = [dict(gems) for gems in snapshot["gems"]]
        self.display, self.bag = dict(snapshot["display"]), dict(snapshot["bag"])
        placed = [parse_placement(text, self.edition) for text in snapshot["placed"]]
        self.placed = {p.tile: p for p in placed}


class Ubongo(Game[UbongoView]):
    id: ClassVar[str] = "ubongo"
    title: ClassVar[str] = "Ubongo Extreme"
    order: ClassVar[int] = 20
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    options: ClassVar[dict[str, dict[str, Any]]] = {
        "side": {"choices": ["easy", "hard"], "default": "easy"},
        "timer": {"choices": TIMERS, "default": DEFAULT_TIMER},
    }
    bot_levels: ClassVar[list[str]] = BOT_LEVELS
    default_bot_level: ClassVar[str] = "easy"
    simultaneous: ClassVar[bool] = True
    chance: ClassVar[bool] = True
    # A race's round and its playoffs run the sand timer, a puzzle its stopwatch; the clock counts from the moment
    # the card shows.
    realtime: ClassVar[Realtime | None] = {"phases": ["round", "playoff", "puzzle"], "lead_in_ms": 0}

    def _create(self, seed: str, players: int, options: dict[str, Any], rng: Rng, edition: int) -> UbongoState:
        state = UbongoState(self, seed, players, options, rng)
        state.edition = edition
        state.setup()
        return state

    def guest_view(self, view: UbongoView) -> UbongoView:
        """Without the deck's seed and the puzzle codes that carry it (views.guest_view)."""
        return views.guest_view(view)

    def setup_note(self, players: int) -> str | None:
        return "ubongo.setup.puzzle_mode" if players == 1 else None

    def unused_options(self, players: int) -> list[str]:
        return ["timer"] if players == 1 else []  # a puzzle runs a stopwatch, never a sand timer

    # -- the daily challenge: the day's puzzle, easy side; the faster solve is better ----------------------------
    daily_lower: ClassVar[bool | None] = True

    def daily(self, day: str) -> dict[str, Any] | None:
        return {"seed": day, "players": 1, "options": {"side": "easy"}}

    def daily_day(self, state: State[UbongoView]) -> str | None:
        easy = state.players == 1 and state.options["side"] == "easy"
        return state.seed if easy and DAY.fullmatch(state.seed) else None

    def daily_result(self, state: State[UbongoView]) -> int | None:
        """The solve time in ms; none when the solution was shown."""
        assert isinstance(state, UbongoState)
        return state.solved_time if state.phase == "solved" else None
