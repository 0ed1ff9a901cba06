"""What the page is shown of a Whoopies game: the view's typed shape, and the targets a person can act on.

A target's ``thing`` is what the person touches: the die (roll), a choice card (the joker's action, a colour), a
creature (name, spare, pick, grab), a player (steal), or a button (throw, pass). The renderer maps these to shapes
and sends a target's action back as it is.

The grab is the one action a person builds: a hand closes on a point of the table at a moment of the throw.
Its targets are timed and their action is ``grab``: the page sends an intent, the point the hand closed on in the
throw's units and its clock since the throw began, ``{"point": [x, y], "ms": ms}``, and ``WhoopiesState.compose``
writes ``grab <x>,<y> @<ms>`` (docs/rules/whoopies.md, "Targets"). There is one target on each creature's ball (a
tail catch) and one on each body; a point of the empty table makes a grab too (a miss). Python hit-tests the
point, so the target a person aimed at says what they meant, never what they caught.

A guest device (a person on another device, docs/multi-device.md) gets ``guest_view``'s view until the game is
over: the throw's key is an output of the state's generator, from which the coming throws and die rolls could be
worked out, so it stays on the host.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from gamebox.core import viewer
from gamebox.core.targets import Target, button, target, thing
from gamebox.whoopies.actions import Action, Call, Joker, Pass, Pick, Roll, Steal, Throw

Phase = Literal["own", "roll", "choose", "pick", "throw", "grab", "steal", "resolved", "over"]
GRAB = "grab"  # the built action's verb: the page sends the point and its clock, and compose() writes the rest


class CreatureView(TypedDict):
    """A Whoopie in play: its number in the rulebook's order, its name, body colour and puff colour."""

    number: int
    name: str
    body: str
    puff: str


class PathView(TypedDict):
    """One creature's flight, a frame every ``frame_ms``: the body ``[x, y, turn]`` (turn in milliradians) and the
    ball ``[x, y]``. Each list stops at the frame from which it no longer moves: later it stays at its last
    frame (the same rule the engine interpolates by), so a resting creature costs no more frames."""

    body: list[list[int]]
    ball: list[list[int]]


class ThrowView(TypedDict):
    key: str  # on a guest's device, a hash of the throw it sees (guest_view)
    width: int
    height: int
    floor: int
    body_radius: int
    ball_radius: int
    ball_hit_radius: int
    cord: int
    frame_ms: int
    rest_ms: int
    window_ms: int
    order: list[str]  # bodies are drawn in this order, the last on top; balls after every body
    paths: dict[str, PathView]


class GrabView(TypedDict):
    """One of the viewer's own grabs this throw: its time, the point, and what it caught (nothing: a miss)."""

    ms: int
    x: NotRequired[int]
    y: NotRequired[int]
    creature: NotRequired[str]
    part: NotRequired[str]


class GrabRow(TypedDict):
    """A player's grab in the last resolved round and what came of it."""

    seat: int
    creature: str | None
    part: str | None
    ms: int | None
    outcome: str  # won | wrong | body | taken | late | spared | safe | none
    wanted: list[str]
    misses: int
    gems: int  # the change this round


Stolen = TypedDict("Stolen", {"from": int, "gems": int})


class LastRound(TypedDict):
    round: int
    action: str | None
    value: str | None
    joker: bool
    stake: int
    winner: int | None
    gain: int
    stolen: Stolen | None
    grabs: list[GrabRow]


class StealView(TypedDict):
    seat: int  # the round's winner, who chooses whom to rob
    gems: int


class WhoopiesView(TypedDict):
    variant: str
    players: int
    goal: int | None
    supply: int
    gems: list[int]
    creatures: list[CreatureView]
    round: int
    phase: Phase
    roller: int
    to_move: list[int]
    participants: list[int]
    face: int | None
    joker: bool
    stake: int
    action: str | None
    value: str | None
    picks: list[str | None]
    throw: ThrowView | None
    done: list[bool]
    my_grabs: list[GrabView]
    last: LastRound | None
    steal: StealView | None
    throwoff: list[int] | None
    winners: list[int]


def guest_view(view: WhoopiesView) -> WhoopiesView:
    """The view for a guest's device while the game is on (core/viewer.guest_view): the throw's key, drawn from the
    state's generator (an output of xoshiro256**, which a few of them give away, and with it every coming throw
    and die roll), is replaced by a hash of the throw as it is seen (its drawing order and paths): still one name
    for one throw, which the page keys the throw's grabs and watching by, and the same for two games that throw
    the same."""
    throw = view["throw"]
    if throw is None:
        return view
    seen = viewer.digest({"order": throw["order"], "paths": throw["paths"]})[:16]
    return {**view, "throw": {**throw, "key": seen}}


# The words of each target, by the action's first word: literal keys, so that tests/rules/test_message_keys.py
# finds them. Their parameters are names in notation (a creature, a colour, an action, a seat): the page words
# them (a creature by whoopies.creature.<name>, a colour by colour.<colour>, a seat by its player's name).
KEYS = {
    "roll": "whoopies.describe.roll",
    "throw": "whoopies.describe.throw",
    "pass": "whoopies.describe.pass",
    "joker": "whoopies.describe.joker",
    "colour": "whoopies.describe.colour",
    "puff": "whoopies.describe.puff",
    "name": "whoopies.describe.name",
    "spare": "whoopies.describe.spare",
    "pick": "whoopies.describe.pick",
    "steal": "whoopies.describe.steal",
}
GRAB_BALL = "whoopies.describe.grab_ball"
GRAB_BODY = "whoopies.describe.grab_body"


def target_of(move: Action) -> Target:
    """The target of a legal move other than a grab."""
    action = str(move)
    if isinstance(move, Roll):
        return target(action, KEYS["roll"], thing("die", "die"))
    if isinstance(move, Throw | Pass):
        return button(action, KEYS[action])
    if isinstance(move, Joker):
        return target(action, KEYS["joker"], thing("card", move.kind), params={"action": move.kind})
    if isinstance(move, Steal):
        return target(action, KEYS["steal"], thing("player", move.seat), params={"seat": move.seat})
    if isinstance(move, Pick):
        return target(action, KEYS["pick"], thing("creature", move.name), params={"whoopie": move.name})
    assert isinstance(move, Call), move
    if move.kind in ("colour", "puff"):
        return target(action, KEYS[move.kind], thing("card", move.value), params={"colour": move.value})
    return target(action, KEYS[move.kind], thing("creature", move.value), params={"whoopie": move.value})


def grab_targets(order: list[str]) -> list[Target]:
    """Every creature in play (``order``: as they are drawn), by its ball and by its body; then pass."""
    balls = [target(GRAB, GRAB_BALL, thing("creature", name), timed=True, params={"whoopie": name}) for name in order]
    bodies = [target(GRAB, GRAB_BODY, thing("creature", name), timed=True, params={"whoopie": name}) for name in order]
    return [*balls, *bodies, target_of(Pass())]
