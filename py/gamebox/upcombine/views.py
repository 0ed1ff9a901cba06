"""The shape of Up Combine's view (``UpCombineState.view``), one TypedDict per part, checked by mypy strict.

Colours are public, symbols private: a hand's ``pieces`` are in the view of its owner only, and so are the
``refusals`` (they name the owner's pieces). The bridge adds ``targets`` (``UpCombineState.targets``).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from gamebox.core.game import Refusal


class PieceView(TypedDict):
    """A piece face up: its colour letter (B O P G R) and symbol letter (c q t d s)."""

    colour: str
    symbol: str


class StackView(TypedDict):
    pieces: list[PieceView]  # bottom to top
    top: PieceView
    colours: int  # how many different colours it holds (it splits at 5)
    used: bool  # a piece was placed on it this turn


class HandView(TypedDict):
    seat: int
    count: int
    colours: list[str]  # the backs, sorted by colour: public
    pieces: NotRequired[list[PieceView]]  # the faces: in the owner's view only


class PileView(TypedDict):
    count: int
    colours: dict[str, int]  # pieces of each colour left; never symbols or an order


class RoundView(TypedDict):
    round: int
    winner: int | None
    blocked: bool
    points: list[int]


class UpCombineView(TypedDict):
    game: str
    viewer: int | None
    colours: list[str]
    colour_names: dict[str, str]
    symbols: list[str]
    symbol_names: dict[str, str]
    round: int
    starter: int
    current: int | None
    placed_this_turn: int
    choosing_bases: bool
    may_end_turn: bool
    stacks: list[StackView]
    hands: list[HandView]
    pile: PileView
    passes: int
    totals: list[int]
    round_points: list[int]  # what each seat would score if the round ended now (its pieces in hand)
    rounds: list[RoundView]
    target: int
    over: bool
    winners: list[int]
    refusals: list[Refusal]  # the viewer's, while they are to place; [] otherwise
