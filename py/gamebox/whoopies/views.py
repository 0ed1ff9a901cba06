"""What the page is shown of a Whoopies game: the view's typed shape, and the targets a person can act on.

A target's ``thing`` is what the person touches: the die (roll), a choice card (the joker's action, a colour), a
creature (name, spare, pick, grab), a player (steal), or a button (throw, pass). The renderer maps these to shapes
and never reads the action's text.

The grab is the one action a person builds: a hand closes on a point of the table at a moment of the throw.
Its targets are timed (``timed``: the page appends ``@<ms>``, its clock since the throw began) and their action is
``grab``, to which the page first adds the point the hand closed on, in the throw's units: ``grab <x>,<y> @<ms>``
(docs/rules/whoopies.md, "Targets"). There is one target on each creature's ball (a tail catch) and one on each
body; a point of the empty table builds a grab too (a miss). Python hit-tests the point, so the target a person
aimed at says what they meant, never what they caught.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from gamebox.core.targets import Target, button, target, thing

if TYPE_CHECKING:
    from gamebox.whoopies.rules import WhoopiesState

Phase = Literal["own", "roll", "choose", "pick", "throw", "grab", "steal", "resolved", "over"]
GRAB = "grab"  # the built action's start: the page adds " <x>,<y>" (the point) and " @<ms>" (its clock)


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
    key: str
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


def target_of(action: str) -> Target:
    """The target of a legal action other than a grab."""
    verb, _, rest = action.partition(" ")
    key = KEYS[verb]
    if verb == "roll":
        return target(action, key, thing("die", "die"))
    if verb in ("throw", "pass"):
        return button(action, key)
    if verb == "joker":
        return target(action, key, thing("card", rest), params={"action": rest})
    if verb in ("colour", "puff"):
        return target(action, key, thing("card", rest), params={"colour": rest})
    if verb == "steal":
        return target(action, key, thing("player", rest), params={"seat": int(rest)})
    return target(action, key, thing("creature", rest), params={"whoopie": rest})  # name, spare, pick


def grab_targets(state: WhoopiesState) -> list[Target]:
    """Every creature in play, by its ball and by its body, in the order they are drawn; then pass."""
    throw = state.throw
    assert throw is not None
    balls = [target(GRAB, GRAB_BALL, thing("creature", name), timed=True, params={"whoopie": name})
             for name in throw.order]
    bodies = [target(GRAB, GRAB_BODY, thing("creature", name), timed=True, params={"whoopie": name})
              for name in throw.order]
    return [*balls, *bodies, target_of("pass")]


def targets(state: WhoopiesState, seat: int | None) -> list[Target]:
    if seat is None or seat not in state.to_move:
        return []
    if state.phase == "grab":
        return grab_targets(state)
    return [target_of(action) for action in state.legal_actions(seat)]
