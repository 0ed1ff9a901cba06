"""Ubongo's actions as values: the one module that reads and writes their notation (the package docstring has it).

``parse_race(text, edition)`` and ``parse_puzzle(text, edition)`` read an action of a race or of puzzle mode into
a value (``Solve``, ``Timeout``; ``Place``, ``Remove``, ``Hint``, ``ShowSolution``) or raise IllegalAction with the
rules' message key; ``str(value)`` writes it. From edition 2 only the exact text the notation gives is read; every
expression is matched whole, without nested repetition, and the time is split off from the end with one scan, so
reading an action is linear in its length. Edition 1 (links made before edition 2) read placements with spaces
around them, in any order and any of a symmetric tile's equivalent turns, and a time after any last ``@``: those
links still open as they did.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from gamebox.core.errors import BadRequest, IllegalAction
from gamebox.ubongo.editions import Edition
from gamebox.ubongo.tiles import TILE_NUMBERS, TILES, Cell, Cells, canonical_turns, place

PLACEMENT: Final = re.compile(r"(1[0-3]|[1-9]) q(0|-?[1-9][0-9]{0,2})r(0|-?[1-9][0-9]{0,2}) rot([0-5])( flip)?")
TILE_NUMBER: Final = re.compile(r"1[0-3]|[1-9]")
MILLISECONDS: Final = re.compile(r"0|[1-9][0-9]{0,8}")
EDITION_1_PLACEMENT: Final = re.compile(r"(\d{1,2}) q(-?\d{1,3})r(-?\d{1,3}) rot([0-5])( flip)?")
MAX_MS: Final = 999_999_999  # nine digits: the longest time the notation writes
MAX_COORDINATE: Final = 999  # three digits: the farthest hex the notation writes


class Placement(NamedTuple):
    """One tile on the board: its number, orientation and the board cell under its anchor."""

    tile: int
    rot: int
    flip: bool
    at: Cell

    def notation(self) -> str:
        """``7 q1r-2 rot2 flip``: tile 7, anchor on (1, -2), turned 2 x 60 degrees after turning over."""
        text = f"{self.tile} q{self.at[0]}r{self.at[1]} rot{self.rot}"
        return text + " flip" if self.flip else text

    def cells(self, colour: str) -> Cells:
        return place(TILES[colour][self.tile], self.rot, self.flip, self.at)

    def canonical(self, colour: str) -> Placement:
        """The same tile on the same hexes, written the one way the notation writes it: its orientation is the
        first of the tile's distinct orientations with that shape (the solver's), so a symmetric tile turned
        half-way round is written unturned, with its anchor where that puts it."""
        rot, flip, dq, dr = canonical_turns(colour, self.tile)[(self.rot, self.flip)]
        return Placement(self.tile, rot, flip, (self.at[0] + dq, self.at[1] + dr))


def _timed(body: str, ms: int | None) -> str:
    return body if ms is None else f"{body} @{ms}"


# -- a race ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Solve:
    """``solve <placement>, <placement>, ... @<ms>``: the seat solved its puzzle at ``ms`` on its sand timer. The
    placements are kept in the order they were written (edition 1 kept any order; from edition 2 it is by tile)."""

    placements: tuple[Placement, ...]
    ms: int

    def __str__(self) -> str:
        return f"solve {placements_notation(self.placements)} @{self.ms}"


@dataclass(frozen=True)
class Timeout:
    """``timeout``: the seat did not solve (the sand timer ran out, or the player gave up)."""

    def __str__(self) -> str:
        return "timeout"


# -- puzzle mode -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """``place <placement>[ @<ms>]``: put a tile on the board (or move it there)."""

    placement: Placement
    ms: int | None = None

    def __str__(self) -> str:
        return _timed(f"place {self.placement.notation()}", self.ms)


@dataclass(frozen=True)
class Remove:
    """``remove <tile>``: take a tile off the board."""

    tile: int

    def __str__(self) -> str:
        return f"remove {self.tile}"


@dataclass(frozen=True)
class Hint:
    """``hint[ @<ms>]``: one correct tile is placed."""

    ms: int | None = None

    def __str__(self) -> str:
        return _timed("hint", self.ms)


@dataclass(frozen=True)
class ShowSolution:
    """``solution``: the whole solution is shown; the puzzle ends unsolved."""

    def __str__(self) -> str:
        return "solution"


RaceAction = Solve | Timeout
PuzzleAction = Place | Remove | Hint | ShowSolution
Action = RaceAction | PuzzleAction


def placements_notation(placements: tuple[Placement, ...]) -> str:
    """The placements as they are, comma separated."""
    return ", ".join(p.notation() for p in placements)


def canonical_solve(placements: tuple[Placement, ...], ms: int, colour: str) -> Solve:
    """The one text of a solve of these placements: by tile number, each tile in its canonical turn."""
    return Solve(tuple(sorted((p.canonical(colour) for p in placements), key=lambda p: p.tile)), ms)


# -- as data ----------------------------------------------------------------------------------------------
def placement_data(p: Placement) -> dict[str, Any]:
    """``{"tile": 7, "at": [q, r], "rot": 2, "flip": true}``: where a tile lies and how it is turned."""
    return {"tile": p.tile, "at": [p.at[0], p.at[1]], "rot": p.rot, "flip": p.flip}


def move_data(action: Action) -> dict[str, Any]:
    """The action as data for the page to draw (State.move_data): ``{"kind", "tiles", "tile", "ms"}``, ``kind`` one
    of solve, timeout, place, remove, hint, solution; ``tiles`` the placements it lays (placement_data), ``tile``
    the tile it places or takes off, ``ms`` its time (None when it has none). Which hexes a tile covers comes from
    the view's ``turns``, as for every tile drawn."""
    if isinstance(action, Solve):
        return {"kind": "solve", "tiles": [placement_data(p) for p in action.placements], "tile": None,
                "ms": action.ms}
    if isinstance(action, Place):
        return {"kind": "place", "tiles": [placement_data(action.placement)], "tile": action.placement.tile,
                "ms": action.ms}
    if isinstance(action, Remove):
        return {"kind": "remove", "tiles": [], "tile": action.tile, "ms": None}
    if isinstance(action, Hint):
        return {"kind": "hint", "tiles": [], "tile": None, "ms": action.ms}
    kind = "timeout" if isinstance(action, Timeout) else "solution"
    return {"kind": kind, "tiles": [], "tile": None, "ms": None}


# -- reading -----------------------------------------------------------------------------------------------
def parse_placement(text: str, edition: Edition) -> Placement:
    """``7 q1r-2 rot2 flip`` -> Placement; IllegalAction if the text is not one (edition 1 allowed spaces around
    it, tile numbers 0-99 and three-digit numbers with leading zeros)."""
    if edition.canonical:
        match = PLACEMENT.fullmatch(text)
    else:
        text = text.strip()
        match = EDITION_1_PLACEMENT.fullmatch(text)
    if match is None:
        raise IllegalAction(f"{text[:40]!r} is not a tile placement like '7 q1r-2 rot2 flip'.",
                            "ubongo.bad_placement", text=text[:40])
    tile, q, r, rot, flip = match.groups()
    return Placement(int(tile), int(rot), flip is not None, (int(q), int(r)))


def bad_time() -> IllegalAction:
    return IllegalAction("A time is written @ and whole milliseconds, like @73125.", "ubongo.bad_time")


def split_time(action: str, edition: Edition) -> tuple[str, int | None]:
    """``solve ... @73125`` -> ("solve ...", 73125); no ``@`` -> (action, None). From edition 2 the time is the
    last word, one space after the rest, with no other ``@`` in the action; edition 1 took the last ``@`` and the
    digits after it, whatever came before (a scan from the end, not a backtracking expression)."""
    if not edition.canonical:
        at = action.rfind("@")
        if at < 0:
            return action, None
        digits = action[at + 1:]
        if not (0 < len(digits) <= 9 and digits.isascii() and digits.isdigit()):
            raise bad_time()
        return action[:at].rstrip(), int(digits)
    body, separator, digits = action.rpartition(" @")
    if not separator:
        if "@" in action:
            raise bad_time()
        return action, None
    if "@" in body or not MILLISECONDS.fullmatch(digits):
        raise bad_time()
    return body, int(digits)


def time_of(action: str, edition: Edition) -> int | None:
    """The time an accepted action carries (its ``@<ms>``), or None."""
    return split_time(action, edition)[1]


def unknown(action: str, usage: str = "") -> IllegalAction:
    return IllegalAction(f"Unknown action {action[:40]!r}{usage}.", "ubongo.unknown_action", action=action[:40])


def parse_race(action: str, edition: Edition) -> RaceAction:
    """A race's action: ``solve ... @<ms>`` or ``timeout``."""
    body, at = split_time(action.strip(), edition)
    if body == "timeout":
        if at is not None:
            raise IllegalAction("'timeout' takes no time.", "ubongo.bad_time")
        return Timeout()
    if body.startswith("solve "):
        if at is None:
            raise IllegalAction("A solve carries its time, like 'solve ... @73125'.", "ubongo.no_time")
        text = body[len("solve "):]
        parts = text.split(", ") if edition.canonical else text.split(",")
        return Solve(tuple(parse_placement(part, edition) for part in parts), at)
    raise unknown(action, ": use 'solve <tiles> @<ms>' or 'timeout'")


def parse_puzzle(action: str, edition: Edition) -> PuzzleAction:
    """A puzzle's action: ``place <placement>[ @<ms>]``, ``remove <tile>``, ``hint[ @<ms>]`` or ``solution``."""
    body, at = split_time(action.strip(), edition)
    if edition.canonical and at is not None and not body.startswith(("place ", "hint")):
        raise IllegalAction("Only placing a tile and a hint carry a time.", "ubongo.bad_time")
    if body.startswith("place "):
        return Place(parse_placement(body[len("place "):], edition), at)
    if body.startswith("remove "):
        text = body[len("remove "):]
        if not edition.canonical:
            text = text.strip()
        known = TILE_NUMBER.fullmatch(text) if edition.canonical else text.isascii() and text.isdigit()
        if not known:
            raise IllegalAction(f"Tile {text[:40]} is not on the board.", "ubongo.not_placed", tile=text[:40])
        return Remove(int(text))
    if body == "hint":
        return Hint(at)
    if body == "solution":
        return ShowSolution()
    raise unknown(action)


# -- intents: what the page says a person did (core/game.py State.compose) ---------------------------------
def _bad_intent(what: str) -> BadRequest:
    return BadRequest(f"An Ubongo intent {what}.", "error.bad_request", field="intent")


def intent_ms(intent: Mapping[str, Any]) -> int:
    """The clock an intent carries (``ms``): whole milliseconds the notation can write."""
    ms = intent.get("ms")
    if isinstance(ms, bool) or not isinstance(ms, int):
        raise _bad_intent("carries its clock, 'ms', in whole milliseconds")
    if not 0 <= ms <= MAX_MS:
        raise bad_time()
    return ms


def intent_placements(intent: Mapping[str, Any]) -> tuple[Placement, ...]:
    """The tiles of an intent, ``{"tiles": [{"tile": 7, "cell": [q, r], "turn": k, "flip": false}, ...]}``: each
    tile turned over (``flip``) and then ``turn`` x 60 degrees clockwise, with its anchor on ``cell``, as the
    notation writes placements (the page turns and moves tiles; it never writes them)."""
    tiles = intent.get("tiles")
    if not isinstance(tiles, list) or not tiles:
        raise _bad_intent("lists its tiles")
    placements = []
    for item in tiles:
        if not isinstance(item, dict) or set(item) != {"tile", "cell", "turn", "flip"}:
            raise _bad_intent("tile is {tile, cell, turn, flip}")
        tile, cell, turn, flip = item["tile"], item["cell"], item["turn"], item["flip"]
        numbers = [tile, turn, *(cell if isinstance(cell, list) else [])]
        if (not isinstance(cell, list) or len(cell) != 2 or not isinstance(flip, bool)
                or any(isinstance(n, bool) or not isinstance(n, int) for n in numbers)):
            raise _bad_intent("tile is {tile, cell, turn, flip}")
        if not 0 <= turn <= 5:
            raise _bad_intent("turn is 0 to 5")
        if tile not in TILE_NUMBERS:
            raise IllegalAction(f"There is no tile {tile}.", "ubongo.not_your_tile", tile=tile)
        if not all(-MAX_COORDINATE <= n <= MAX_COORDINATE for n in cell):
            raise IllegalAction("That hex is off the card.", "ubongo.off_board", tile=tile)
        placements.append(Placement(tile, turn, flip, (cell[0], cell[1])))
    return tuple(placements)
