"""Ubongo Extreme: the 9-round race for gems, the solo puzzle mode, and every rule of the rulebook.

See the package docstring (gamebox/ubongo/__init__.py) for the action notation and docs/rules/ubongo.md for
the view() fields and every interpretation.
"""

from __future__ import annotations

import copy
import hashlib
import re
from typing import Any, ClassVar, Final, cast

from gamebox.core.errors import IllegalAction, InvalidSetup
from gamebox.core.game import EDITION, JSON, BotFunction, Game, LogEntry, State, log_entry, sealed_from_others
from gamebox.core.rng import CROCKFORD, Rng
from gamebox.core.targets import Target, button, target, thing
from gamebox.ubongo import solver
from gamebox.ubongo.generator import (
    DECK_SIZE,
    SIDE_TILES,
    CardSide,
    card_side,
    parse_code,
    puzzle_code,
)
from gamebox.ubongo.solver import Placement
from gamebox.ubongo.tiles import CANONICAL, COLOURS, ORIENTATIONS, TILES, Cell, Cells
from gamebox.ubongo.views import (
    DisplayCounts,
    GemCounts,
    LastRound,
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

# From edition 2 an action is accepted only as the one text the notation gives it (docs/rules/ubongo.md, "Action
# notation"). Every expression here is matched whole, without nested repetition, and the time is split off from the
# end with one scan: reading an action is linear in its length.
CANONICAL_FROM: Final = 2
PLACEMENT = re.compile(r"(1[0-3]|[1-9]) q(0|-?[1-9][0-9]{0,2})r(0|-?[1-9][0-9]{0,2}) rot([0-5])( flip)?")
TILE_NUMBER = re.compile(r"1[0-3]|[1-9]")
MILLISECONDS = re.compile(r"0|[1-9][0-9]{0,8}")
# Edition 1 read a placement like this (with spaces around it), its placements in any order and any of a symmetric
# tile's equivalent turns, so that the links made then open as they did.
EDITION_1_PLACEMENT = re.compile(r"(\d{1,2}) q(-?\d{1,3})r(-?\d{1,3}) rot([0-5])( flip)?")
SAFE_SEED = re.compile(r"[A-Za-z0-9-]{1,40}")
# The verbs of the targets a person builds (docs/rules/ubongo.md, "Targets"): a tile's target with the action
# "solve" (a race) or "place" (puzzle mode) is dragged onto the card, and the page writes the action from where the
# tiles lie, in one function (compose() in web/games/ubongo/renderer.js).
BUILT_SOLVE: Final = "solve"
BUILT_PLACE: Final = "place"


def deck_seed_for(seed: str) -> str:
    """The deck seed of a game: the seed itself when it can go into a puzzle code, else a hash of it."""
    if SAFE_SEED.fullmatch(seed):
        return seed
    digest = int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:5], "big")
    return "".join(CROCKFORD[(digest >> (5 * i)) & 31] for i in range(8))


def parse_placement(text: str, edition: int = EDITION) -> Placement:
    """``7 q1r-2 rot2 flip`` -> Placement; IllegalAction if the text is not one (edition 1 allowed spaces around
    it, tile numbers 0-99 and three-digit numbers with leading zeros)."""
    if edition < CANONICAL_FROM:
        text = text.strip()
        match = EDITION_1_PLACEMENT.fullmatch(text)
    else:
        match = PLACEMENT.fullmatch(text)
    if match is None:
        raise IllegalAction(f"{text[:40]!r} is not a tile placement like '7 q1r-2 rot2 flip'.",
                            "ubongo.bad_placement", text=text[:40])
    tile, q, r, rot, flip = match.groups()
    return Placement(int(tile), int(rot), flip is not None, (int(q), int(r)))


def _bad_time() -> IllegalAction:
    return IllegalAction("A time is written @ and whole milliseconds, like @73125.", "ubongo.bad_time")


def split_time(action: str, edition: int = EDITION) -> tuple[str, int | None]:
    """``solve ... @73125`` -> ("solve ...", 73125); no ``@`` -> (action, None). From edition 2 the time is the
    last word, one space after the rest, with no other ``@`` in the action; edition 1 took the last ``@`` and the
    digits after it, whatever came before (a scan from the end, not a backtracking expression)."""
    if edition < CANONICAL_FROM:
        at = action.rfind("@")
        if at < 0:
            return action, None
        digits = action[at + 1:]
        if not (0 < len(digits) <= 9 and digits.isascii() and digits.isdigit()):
            raise _bad_time()
        return action[:at].rstrip(), int(digits)
    body, separator, digits = action.rpartition(" @")
    if not separator:
        if "@" in action:
            raise _bad_time()
        return action, None
    if "@" in body or not MILLISECONDS.fullmatch(digits):
        raise _bad_time()
    return body, int(digits)


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
    is ``[rot', flip', dq, dr]``, the turn it is written with and how far its anchor moves (tiles.CANONICAL)."""
    table = CANONICAL[colour][number]
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


_FIRST_SOLUTION: dict[tuple[str, Cells], solver.Solution] = {}


def first_solution(side: CardSide, colour: str) -> solver.Solution:
    """The solver's first solution, its placements in the order the search made them (reading order of each
    tile's first hex): edition 1 lists it so."""
    key = (side.code(colour), side.board)
    found = _FIRST_SOLUTION.get(key)
    if found is None:
        found = solver.find_one(side.board, colour, side.tiles[colour])
        assert found is not None  # every generated puzzle has a solution
        if len(_FIRST_SOLUTION) > 1024:
            _FIRST_SOLUTION.clear()
        _FIRST_SOLUTION[key] = found
    return found


def placements_notation(placements: tuple[Placement, ...]) -> str:
    """The placements as they are, comma separated (edition 1 wrote a solve so)."""
    return ", ".join(p.notation() for p in placements)


def solution_notation(solution: solver.Solution, colour: str | None = None) -> str:
    """The one text of a solve's placements: by tile number, each tile in its canonical turn (as the solver
    gives it; with ``colour``, a placement turned another way is rewritten so)."""
    placed = solution if colour is None else tuple(p.canonical(colour) for p in solution)
    return placements_notation(tuple(sorted(placed, key=lambda p: p.tile)))


class UbongoState(State):
    game: UbongoGame

    def __init__(self, game: UbongoGame, seed: str, players: int, options: dict[str, Any], rng: Rng) -> None:
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

    def __deepcopy__(self, memo: dict[int, object]) -> UbongoState:
        """A copy for bots and tests: containers copied, immutable parts (the game, log entries, placements,
        the last round's record) shared."""
        twin = UbongoState.__new__(UbongoState)
        twin.__dict__.update(self.__dict__)
        twin.options = dict(self.options)
        twin.rng = copy.deepcopy(self.rng)
        twin.history = list(self.history)
        twin.log = list(self.log)
        twin.deck = list(self.deck)
        twin.active = list(self.active)
        twin.colours = list(self.colours)
        twin.cards = list(self.cards)
        twin.sides = list(self.sides)
        twin.reports = [dict(r) if r is not None else None for r in self.reports]
        twin.gems = [dict(g) for g in self.gems]
        twin.display = dict(self.display)
        twin.bag = dict(self.bag)
        twin.placed = dict(self.placed)
        return twin

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
    def canonical(self) -> bool:
        """Whether actions are accepted only in their one canonical text (edition 2 on)."""
        return self.edition >= CANONICAL_FROM

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
        return [f"solve {text} @{t}" for t in range(0, 2 * self.timer_ms, LISTED_STEP_MS)] + ["timeout"]

    def _puzzle_actions(self) -> list[str]:
        side = self.card_side(0)
        colour = self.colour(0)
        board = set(side.board)
        actions: list[str] = []
        for number in side.tiles[colour]:
            others = set().union(*(p.cells(colour) for t, p in self.placed.items() if t != number))
            free = board - others
            for o in ORIENTATIONS[colour][number]:
                for first in sorted(free):
                    cells = [(q + first[0], r + first[1]) for q, r in o.cells]
                    if all(c in free for c in cells):
                        p = Placement(number, o.rot, o.flip, (first[0] + o.anchor[0], first[1] + o.anchor[1]))
                        actions.append(f"place {p.notation()}")
        actions += [f"remove {t}" for t in sorted(self.placed)]
        return actions + ["hint", "solution"]

    def _play(self, seat: int, action: str) -> list[LogEntry]:
        if self.mode == "puzzle":
            return self._play_puzzle(action)
        body, at = split_time(action.strip(), self.edition)
        if body == "timeout":
            if at is not None:
                raise IllegalAction("'timeout' takes no time.", "ubongo.bad_time")
            report: dict[str, Any] = {"time": None, "solution": ""}
            entries = [log_entry(seat, "ubongo.timeout", f"Seat {seat + 1} did not solve the puzzle.")]
        elif body.startswith("solve "):
            if at is None:
                raise IllegalAction("A solve carries its time, like 'solve ... @73125'.", "ubongo.no_time")
            if at >= self.time_limit():
                raise IllegalAction("That time is after the sand timer ran out the second time.",
                                    "ubongo.too_late", time=at)
            text = body[len("solve "):]
            placements = self._check_solution(seat, text)
            written = solution_notation(placements, self.colour(seat))
            if self.canonical and text != written:
                raise not_canonical(f"solve {written} @{at}")
            report = {"time": at, "solution": placements_notation(placements)}
            entries = [log_entry(seat, "ubongo.solved", f"Seat {seat + 1} solved the puzzle in {at} ms.",
                                 time=at)]
        else:
            raise IllegalAction(f"Unknown action {action[:40]!r}: use 'solve <tiles> @<ms>' or 'timeout'.",
                                "ubongo.unknown_action", action=action[:40])
        self.reports[seat] = report
        if not self.to_move:
            entries += self._resolve_playoff() if self.phase == "playoff" else self._resolve_round()
            self.undo_floor = len(self.history) + 1
        return entries

    def _check_solution(self, seat: int, text: str) -> tuple[Placement, ...]:
        """The placements of a solve, if they use the seat's tiles once each and cover its board exactly. From
        edition 2 they are separated by a comma and one space; edition 1 also took other spacing."""
        parts = text.split(", ") if self.canonical else text.split(",")
        placements = tuple(parse_placement(part, self.edition) for part in parts)
        colour = self.colour(seat)
        tiles = self.own_tiles(seat)
        numbers = [p.tile for p in placements]
        if sorted(numbers) != sorted(tiles):
            raise IllegalAction(f"Use exactly your tiles {list(tiles)}, each once.", "ubongo.wrong_tiles",
                                tiles=list(tiles))
        if not solver.covers(self.card_side(seat).board, colour, placements):
            raise IllegalAction("Those tiles do not cover the board exactly.", "ubongo.not_covered")
        return placements

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
        entries.append(log_entry(None, "ubongo.round_over", f"Round {self.round} is over.", round=self.round))
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
        body, at = split_time(action.strip(), self.edition)
        side = self.card_side(0)
        colour = self.colour(0)
        tiles = side.tiles[colour]
        if self.canonical and at is not None and not body.startswith(("place ", "hint")):
            raise IllegalAction("Only placing a tile and a hint carry a time.", "ubongo.bad_time")
        if body.startswith("place "):
            p = parse_placement(body[len("place "):], self.edition)
            if p.tile not in tiles:
                raise IllegalAction(f"Tile {p.tile} is not one of yours {list(tiles)}.", "ubongo.not_your_tile",
                                    tile=p.tile)
            if self.canonical and p.canonical(colour) != p:
                raise not_canonical(f"place {p.canonical(colour).notation()}" + ("" if at is None else f" @{at}"))
            cells = p.cells(colour)
            board = set(side.board)
            if not all(c in board for c in cells):
                raise IllegalAction("The tile must lie on the white hexes.", "ubongo.off_board", tile=p.tile)
            for t, other in self.placed.items():
                if t != p.tile and set(other.cells(colour)) & set(cells):
                    raise IllegalAction(f"Tile {p.tile} would overlap tile {t}.", "ubongo.overlap",
                                        tile=p.tile, other=t)
            self.placed[p.tile] = p
            entries = [log_entry(0, "ubongo.placed", f"Tile {p.tile} placed.", tile=p.tile)]
        elif body.startswith("remove "):
            text = body[len("remove "):]
            if not self.canonical:
                text = text.strip()
            known = TILE_NUMBER.fullmatch(text) if self.canonical else text.isdigit()
            if not known or int(text) not in self.placed:
                raise IllegalAction(f"Tile {text[:40]} is not on the board.", "ubongo.not_placed", tile=text[:40])
            del self.placed[int(text)]
            return [log_entry(0, "ubongo.removed", f"Tile {text} taken off.", tile=int(text))]
        elif body in ("hint", "solution"):
            placed = [self.placed[t] for t in sorted(self.placed)]
            if body == "hint":
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
        else:
            raise IllegalAction(f"Unknown action {action[:40]!r}.", "ubongo.unknown_action", action=action[:40])
        if len(self.placed) == len(tiles) and solver.covers(side.board, colour, list(self.placed.values())):
            self.solved_time = at
            self.phase = "solved"
            self.active = []
            entries.append(log_entry(0, "ubongo.puzzle_solved", "Ubongo! Solved.", time_ms=at, hints=self.hints))
        return entries

    def _put(self, p: Placement, colour: str) -> None:
        """Place ``p``, taking off any tile in its way."""
        cells = set(p.cells(colour))
        for t in [t for t, other in self.placed.items() if t != p.tile and set(other.cells(colour)) & cells]:
            del self.placed[t]
        self.placed[p.tile] = p

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
        body, at = split_time(action, self.edition)
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

    def view(self, seat: int | None) -> dict[str, JSON]:
        return dict(self.typed_view(seat))

    def typed_view(self, seat: int | None) -> UbongoView:
        """view(seat) with its shape (views.py): what a renderer needs, hiding nothing of this seat's own."""
        view: UbongoView = {
            "mode": cast(Mode, self.mode), "phase": cast(Phase, self.phase), "side": self.side,
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
        times = (split_time(action, self.edition)[1] for _, action in self.history)
        return max((ms for ms in times if ms is not None), default=0)

    # -- targets: what a person can act on now (core/targets.py; docs/rules/ubongo.md, "Targets") -------------
    def targets(self, seat: int | None) -> list[Target]:
        """A race: each of the seat's tiles, to drag onto the card (the page builds ``solve ... @ms`` from where
        they lie), and Give up (``timeout``). Puzzle mode: each tile to drag (the page builds ``place ... @ms``);
        where the solution closest to the tiles on the card puts each tile that is not there yet, when those
        hexes are free (a ``place`` to play as it is); each placed tile to take off; Hint; Show the solution."""
        if seat is None or seat not in self.to_move:
            return []
        if self.mode == "puzzle":
            return self._puzzle_targets()
        tiles = [target(BUILT_SOLVE, "ubongo.target.tile", thing("tile", n), timed=True, params={"tile": n})
                 for n in self.own_tiles(seat)]
        return tiles + [button("timeout", "ubongo.target.give_up")]

    def target_of(self, action: str) -> Target:
        """The target of one legal action, as targets() words it."""
        body, _ = split_time(action, self.edition)
        if body.startswith("solve "):
            return target(BUILT_SOLVE, "ubongo.target.solve", thing("button", "solve"), timed=True)
        if body.startswith("place "):
            p = parse_placement(body[len("place "):], self.edition)
            # the placement's parts ride along as numbers, so a page can draw and offer the drag without reading
            # the action's text
            return target(f"place {p.notation()}", "ubongo.target.place", thing("tile", p.tile),
                          to=thing("cell", cell_id(p.at)), timed=True,
                          params={"tile": p.tile, "q": p.at[0], "r": p.at[1], "rot": p.rot, "flip": int(p.flip)})
        if body.startswith("remove "):
            tile = body[len("remove "):]
            return target(body, "ubongo.target.remove", thing("tile", tile), params={"tile": int(tile)})
        if body == "hint":
            return target("hint", "ubongo.target.hint", thing("button", "hint"), timed=True)
        if body == "solution":
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
                found.append(self.target_of(f"place {p.canonical(colour).notation()}"))
        found += [self.target_of(f"remove {t}") for t in sorted(self.placed)]
        return found + [self.target_of("hint"), self.target_of("solution")]

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


class UbongoGame(Game):
    id: ClassVar[str] = "ubongo"
    title: ClassVar[str] = "Ubongo Extreme"
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

    def _create(self, seed: str, players: int, options: dict[str, Any], rng: Rng, edition: int) -> State:
        state = UbongoState(self, seed, players, options, rng)
        state.edition = edition
        state.setup()
        return state

    def setup_note(self, players: int) -> str | None:
        return "ubongo.setup.puzzle_mode" if players == 1 else None

    def unused_options(self, players: int) -> list[str]:
        return ["timer"] if players == 1 else []  # a puzzle runs a stopwatch, never a sand timer

    def bot(self, level: str) -> BotFunction:
        from gamebox.ubongo.bots import BOTS

        return BOTS[level]
