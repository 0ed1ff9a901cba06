"""What the page is shown of an Upples game: the view's typed shape, the targets a person can act on, and why a
landing the person might tap is not one (see docs/rules/upples.md, "view(seat)" and "Targets").

A target's ``thing`` is what the person touches first: the card on the landing square (``card``), or the komupple
standing there for a Naughty bounce (``piece``), named by its square; or the Pass button. A jump that asks a
question names the second touch in ``to``: the exit tunnel (``card``) or the multicolour's new state (a ``button``
named ``white`` or ``red``). The renderer maps these to shapes and never reads the action's text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from gamebox.core.errors import IllegalAction
from gamebox.core.game import LogEntry
from gamebox.core.targets import Target, Thing, button, target, thing
from gamebox.upples.actions import Jump, jump, parse
from gamebox.upples.board import EMPTY, SQUARE_NAMES, SQUARES
from gamebox.upples.deck import CODES, POINTS

if TYPE_CHECKING:
    from gamebox.upples.rules import UpplesState


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


class Refusal(TypedDict):
    """Why a square is not a landing for the komupple to move: the IllegalAction the rules would raise."""

    key: str
    params: dict[str, str | int]


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
    refusals: dict[str, Refusal]  # for the seat to move: square -> why it may not jump there


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


def target_of(state: UpplesState, action: str) -> Target:
    """The target of one legal action of the seat to move."""
    move = parse(action, state.edition)
    if not isinstance(move, Jump):
        stuck = state.seats[state.current].stuck
        return button(action, "upples.target.pass_swap" if stuck else "upples.target.pass_flip")
    landing = move.to
    start, to = SQUARE_NAMES[move.frm], SQUARE_NAMES[landing]
    params: dict[str, str | int] = {"start": start, "to": to}
    if landing in state.tokens(state.current):
        return target(action, "upples.target.bounce", thing("piece", to), params=params)
    card = state.board[landing]
    assert card != EMPTY
    code = CODES[card]
    on: Thing = thing("card", to)
    if code == "tunnel":
        if move.exit is None:
            return target(action, "upples.target.tunnel_bounce", on, params=params)
        exit_ = SQUARE_NAMES[move.exit]
        return target(action, "upples.target.tunnel_exit", on, to=thing("card", exit_),
                      params={**params, "exit": exit_})
    if code == "multi":
        assert move.colour is not None
        return target(action, MULTI_KEYS[move.colour], on, to=thing("button", move.colour), params=params)
    return target(action, EAT_KEYS[code], on, params={**params, "points": POINTS[card]})


def refusals(state: UpplesState, seat: int | None) -> dict[str, Refusal]:
    """For the seat to move (and only for it): every square it may not jump to, with the rules' reason, so that a
    tap there is answered where it happened. Its own square is left out (a tap there is about the komupple)."""
    if state.over or seat is None or seat != state.current:
        return {}
    player = state.seats[seat]
    assert player.square is not None
    legal = list(state.legal(seat).values())
    landings = {action.to for action in legal if isinstance(action, Jump)}
    found: dict[str, Refusal] = {}
    for index in range(SQUARES):
        if index == player.square or index in landings:
            continue
        name = SQUARE_NAMES[index]
        try:
            state._explain(seat, jump(player.square, index), legal)
        except IllegalAction as error:
            found[name] = {"key": error.key, "params": dict(error.params)}
    return found


def targets(state: UpplesState, seat: int | None) -> list[Target]:
    if seat is None or seat not in state.to_move:
        return []
    return [target_of(state, action) for action in state.legal_actions(seat)]
