"""What the page is shown of an Upples game: the view's typed shape and the words of its targets (the targets
themselves, and why a landing the person might tap is not one, are made by UpplesState.target_of and
UpplesState.refusals; see docs/rules/upples.md, "view(seat)" and "Targets").

A target's ``thing`` is what the person touches first: the card on the landing square (``card``), or the komupple
standing there for a Naughty bounce (``piece``), named by its square; or the Pass button. A jump that asks a
question names the second touch in ``to``: the exit tunnel (``card``) or the multicolour's new state (a ``button``
named ``white`` or ``red``). The renderer maps these to shapes and never reads the action's text.
"""

from __future__ import annotations

from typing import TypedDict

from gamebox.core.game import LogEntry, Refusal


class UpplesPlayer(TypedDict):
    """One komupple: its seat and colour, its state, where it stands and what it has kept."""

    seat: int
    colour: str  # blue, pink, green or yellow
    body: str  # "white" (shy: jumps in a cross) or "red" (angry: jumps in an L)
    hair: str  # "white" or "red"
    square: str | None  # None once eliminated
    kept: list[str]  # card codes of the super upples kept (Training: the upple kept each turn)
    points: int
    eliminated: bool
    stuck: bool  # it could not move last turn and flipped; stuck again means a swap
    turns: int


class UpplesView(TypedDict):
    mode: str
    teams: list[list[int]] | None
    size: int
    cards: dict[str, str | None]  # square -> card code, None for an empty square
    players: list[UpplesPlayer]
    current: int | None
    turn: int
    in_chain: bool
    path: list[str]
    tunnels_used: list[str]
    bounced: list[int]
    must_pass: bool
    draw_pile: int
    discard: list[str]
    eaten_this_turn: list[str]
    scores: list[int]
    over: bool
    end_reason: str
    winners: list[int]
    events: list[LogEntry]
    refusals: list[Refusal]  # for the seat to move: why it may not jump to each square (its thing: what lies there)


# The words of a jump by what it lands on: literal keys, so that tests/rules/test_message_keys.py finds them.
EAT_KEYS = {
    "wg": "upples.target.eat_wg", "wr": "upples.target.eat_wr", "rg": "upples.target.eat_rg",
    "rr": "upples.target.eat_rr",
    "w1": "upples.target.super_white", "w2": "upples.target.super_white", "w3": "upples.target.super_white",
    "w4": "upples.target.super_white",
    "r1": "upples.target.super_red", "r2": "upples.target.super_red", "r3": "upples.target.super_red",
    "r4": "upples.target.super_red",
    "g5": "upples.target.golden", "bomb": "upples.target.bomb",
}
MULTI_KEYS = {"white": "upples.target.multi_white", "red": "upples.target.multi_red"}
