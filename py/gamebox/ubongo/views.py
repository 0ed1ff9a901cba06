"""The shape of Ubongo's view(seat): one TypedDict per thing on the table, checked by mypy strict.

A race (``mode`` "race") and a puzzle (``mode`` "puzzle") share the fields of ``UbongoView``'s first block; the
rest are there in one mode only (docs/rules/ubongo.md, "view(seat)"). The bridge adds ``targets``
(core/targets.py) to every view; for Ubongo they are made by ``UbongoState.targets``.

A guest device (a person on another device, docs/multi-device.md) gets ``guest_view``'s view until the game is
over: the deck seed is most often the game's seed itself, so it and the puzzle codes that start with it stay on the
host.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

Mode = Literal["race", "puzzle"]
Phase = Literal["round", "playoff", "over", "puzzle", "solved", "shown"]


class GemCounts(TypedDict):
    ruby: int
    sapphire: int
    emerald: int
    amber: int


class DisplayCounts(TypedDict):
    """The display: the sapphires and amber that count the rounds."""

    sapphire: int
    amber: int


class TileView(TypedDict):
    """One of a puzzle's tiles: its number, its cells in the base orientation (anchor ``[0, 0]``), where each of
    those cells goes when the tile is turned (``turns[rot + 6 * flip]``, cell by cell in the same order: the page
    only moves these offsets to where the anchor lies, it never turns a tile itself), and how the notation writes it
    turned: ``written_as[rot + 6 * flip]`` is ``[rot', flip', dq, dr]``."""

    number: int
    cells: list[list[int]]
    turns: list[list[list[int]]]
    written_as: list[list[int | bool]]


class Misfits(TypedDict):
    """The message keys of the two reasons a tile cannot lie where it is dropped (the rules' own, for a drag that
    the page checks as it moves: the tile's hexes from ``turns``, the card's from ``board``)."""

    off_board: str
    overlap: str


class PlacedTile(TypedDict):
    """A tile on the board in puzzle mode."""

    tile: int
    notation: str
    at: list[int]
    rot: int
    flip: bool
    cells: list[list[int]]


class PuzzleParts(TypedDict):
    """What depends on the puzzle alone (shared between the views of one puzzle code)."""

    puzzle: str
    difficulty: int
    board: list[list[int]]
    tiles: list[TileView]


class SeatView(TypedDict):
    seat: int
    active: bool
    colour: str | None
    gems: GemCounts
    score: int
    reported: bool
    time_ms: int | None
    # when the seat has a puzzle this round
    card: NotRequired[int]
    side: NotRequired[str]
    puzzle: NotRequired[str]
    difficulty: NotRequired[int]
    board: NotRequired[list[list[int]]]
    tiles: NotRequired[list[TileView]]


class RoundResult(TypedDict):
    seat: int
    colour: str
    puzzle: str
    time_ms: int | None
    rank: int | None
    gems: list[str]
    solution: str


class LastRound(TypedDict):
    round: int
    playoff: bool
    second_chance: bool
    results: list[RoundResult]
    to_bag: list[str]


class UbongoView(TypedDict):
    mode: Mode
    phase: Phase
    misfits: Misfits
    side: str
    deck_seed: NotRequired[str]  # the host's only (guest_view)
    tiles_per_puzzle: int
    seats: list[SeatView]
    # race only
    round: NotRequired[int]
    rounds: NotRequired[int]
    timer_ms: NotRequired[int]
    second_chance_ends_ms: NotRequired[int]
    gem_points: NotRequired[GemCounts]
    display: NotRequired[DisplayCounts]
    bag: NotRequired[GemCounts]
    cards_left: NotRequired[int]
    last_round: NotRequired[LastRound | None]
    playoffs: NotRequired[int]
    playoff_winner: NotRequired[int | None]
    # puzzle only
    puzzle: NotRequired[str]
    difficulty: NotRequired[int]
    board: NotRequired[list[list[int]]]
    tiles: NotRequired[list[TileView]]
    card: NotRequired[int]
    colour: NotRequired[str]
    placed: NotRequired[list[PlacedTile]]
    hints: NotRequired[int]
    solved: NotRequired[bool]
    time_ms: NotRequired[int | None]
    solution_shown: NotRequired[bool]
    stopwatch_ms: NotRequired[int]
    next_puzzle: NotRequired[str]


def card_code(code: str) -> str:
    """A puzzle code without its deck seed: ``K7Q2M-07HB`` -> ``07HB`` (the card, side and colour on the table)."""
    return code.rpartition("-")[2]


def guest_view(view: UbongoView) -> UbongoView:
    """The view for a guest's device while the game is on (core/viewer.guest_view): without ``deck_seed`` (the game's
    seed, when it can go into a puzzle code: with it, the coming cards and the bots' hand-ins could be worked out),
    ``next_puzzle`` (a new game, which a guest does not open), and with each puzzle code cut to its card
    (``card_code``). The view's own lists and dicts are shared with the puzzle's cached parts: they are copied where
    they change, never changed."""
    guest: UbongoView = {**view}
    guest.pop("deck_seed", None)
    guest.pop("next_puzzle", None)
    if "puzzle" in guest:
        guest["puzzle"] = card_code(guest["puzzle"])
    seats: list[SeatView] = []
    for seat in view["seats"]:
        entry: SeatView = {**seat}
        if "puzzle" in entry:
            entry["puzzle"] = card_code(entry["puzzle"])
        seats.append(entry)
    guest["seats"] = seats
    last = view.get("last_round")
    if last is not None:
        results: list[RoundResult] = [{**result, "puzzle": card_code(result["puzzle"])} for result in last["results"]]
        guest["last_round"] = {**last, "results": results}
    return guest
