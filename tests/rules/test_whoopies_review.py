"""Whoopies' review (py/gamebox/whoopies/review.py; docs/rules/whoopies.md, "Review"): each grab's time beside the
bots' levels on that throw, wrong creatures and body grabs, the rounds won and lost."""

from __future__ import annotations

import functools
from typing import Any

from gamebox.core import bots, review
from gamebox.core.rng import Rng
from gamebox.whoopies import GAME
from gamebox.whoopies.actions import Grab
from gamebox.whoopies.review import REVIEWER, level_times
from gamebox.whoopies.rules import WhoopiesState
from gamebox.whoopies.throw import BODY_RADIUS, Throw
from gamebox.whoopies.timing import TAUGHT

RNG = Rng("test-whoopies-review")


def named(name: str = "octopus") -> WhoopiesState:
    """Seat 0 rolled a 3 (seed REVIEW-3), called ``name`` and threw: the grab of a two-player classic game."""
    state = GAME.new("REVIEW-3", 2)
    assert isinstance(state, WhoopiesState)
    state.apply(0, "roll")
    assert state.action == "name"
    state.apply(0, f"name {name}")
    state.apply(0, "throw")
    return state


def judged(state: WhoopiesState, seat: int, action: str) -> dict[str, Any]:
    return review.judged_move(REVIEWER, state, len(state.history), seat, action)


def thrown(state: WhoopiesState) -> Throw:
    throw = state.throw
    assert throw is not None
    return throw


def ball(state: WhoopiesState, name: str, ms: int) -> str:
    x, y = thrown(state).ball_at(name, ms)
    return str(Grab(round(x), round(y), ms))


def level(state: WhoopiesState, name: str) -> int:
    return level_times(state, 0, RNG)[name][0]


@functools.cache
def finished(number: int) -> WhoopiesState:
    """A finished two-player game: seat 0 played by the easy bot (the person), seat 1 by the medium bot."""
    state = GAME.new(f"review-{number}", 2)
    assert isinstance(state, WhoopiesState)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, bots.choose(state, seat, "easy" if seat == 0 else "medium", seed=f"review/{number}"))
    return state


# -- the levels' times on a throw ---------------------------------------------------------------------------------
def test_the_levels_times_on_a_throw_rise_from_hard_to_easy_near_the_taught_figures():
    state = named()
    times = level_times(state, 0, RNG)
    assert times["hard"][0] < times["medium"][0] < times["easy"][0]
    assert all(name == "octopus" for _, name in times.values())
    for name in ("hard", "medium", "easy"):
        assert abs(times[name][0] - TAUGHT[name] * 1000) < 400


# -- grabs ------------------------------------------------------------------------------------------------------
def test_a_catch_as_fast_as_the_hard_player_is_best():
    state = named()
    move = judged(state, 0, ball(state, "octopus", level(state, "hard")))
    assert move["verdict"] == "best" and move["loss"] == 0.0
    assert move["notes"]["outcome"] == "right"


def test_a_catch_slower_than_the_medium_player_is_an_inaccuracy_and_than_the_easy_player_a_mistake():
    state = named()
    medium, easy = level(state, "medium"), level(state, "easy")
    between = judged(state, 0, ball(state, "octopus", (medium + easy) // 2))
    assert between["verdict"] == "inaccuracy"
    assert judged(state, 0, ball(state, "octopus", easy + 100))["verdict"] == "mistake"
    assert judged(state, 0, ball(state, "octopus", (level(state, "hard") + medium) // 2))["verdict"] == "good"


def test_a_grab_of_the_wrong_creature_is_a_blunder_and_the_best_move_is_the_right_one():
    state = named()
    move = judged(state, 0, ball(state, "torteus", 1600))
    assert move["verdict"] == "blunder" and move["notes"]["outcome"] == "wrong"
    best = Grab(*(int(n) for n in str(move["best"]).removeprefix("grab ").replace(" @", ",").split(",")))
    assert thrown(state).hit(best.x, best.y, best.ms) == ("octopus", "tail")
    assert best.ms == level(state, "hard")


def test_a_grab_of_the_right_creatures_body_is_a_blunder():
    state = named()
    throw = thrown(state)
    for ms in range(1500, 3000, 40):  # a point of the body, far enough from every ball
        x, y = throw.body_at("octopus", ms)
        point = (round(x), round(y + BODY_RADIUS // 2))
        if throw.hit(*point, ms) == ("octopus", "body"):
            break
    else:
        raise AssertionError("no body grab found")
    move = judged(state, 0, str(Grab(*point, ms)))
    assert move["verdict"] == "blunder" and move["notes"]["outcome"] == "body"


def test_a_miss_is_at_least_an_inaccuracy():
    state = named()
    move = judged(state, 0, "grab 0,0 @500")
    assert move["notes"]["outcome"] == "miss" and move["verdict"] == "inaccuracy"


def test_a_pass_is_a_mistake():
    state = named()
    move = judged(state, 0, "pass")
    assert move["verdict"] == "mistake"
    assert thrown(state).hit(*(int(n) for n in move["best"][5:].split(" @")[0].split(",")),
                             int(move["best"].split("@")[1])) == ("octopus", "tail")


def test_a_grab_notes_its_time_and_each_levels_time_on_that_throw():
    state = named()
    notes = judged(state, 0, ball(state, "octopus", 1700))["notes"]
    assert notes["time_ms"] == 1700 and notes["wanted"] == ["octopus"]
    assert notes["levels"] == {name: level(state, name) for name in ("easy", "medium", "hard")}


# -- moves before the throw, and steals --------------------------------------------------------------------------
def test_moves_before_the_throw_are_best():
    state = GAME.new("REVIEW-3", 2)
    assert isinstance(state, WhoopiesState)
    for action in ("roll", "name torteus", "throw"):
        assert judged(state, 0, action)["verdict"] == "best"
        state.apply(0, action)


def test_a_steal_that_misses_a_win_at_once_is_a_blunder():
    start = GAME.new("THEFT", 3, variant="petty-theft")
    snapshot = dict(start.snapshot())
    snapshot.update(gems=[3, 1, 2], phase="steal", stealer=0, steal_amount=1,
                    last={"round": 1, "action": "name", "value": "octopus", "joker": False, "stake": 1, "winner": 0,
                          "grabs": [{"seat": s, "gems": 0} for s in range(3)], "gain": 0, "stolen": None})
    state = GAME.restore(snapshot, players=3, seed="THEFT", options={"variant": "petty-theft"})
    assert isinstance(state, WhoopiesState)
    assert judged(state, 0, "steal 1")["verdict"] == "best"  # seat 1 is left with none: seat 0 has the most
    missed = judged(state, 0, "steal 2")
    assert missed["verdict"] == "blunder" and missed["best"] == "steal 1"


# -- the chart, the whole game --------------------------------------------------------------------------------
def test_the_chart_is_each_seats_gems_against_the_goal_and_the_winner_ends_at_one():
    state = named()
    assert REVIEWER.values(state, RNG, 1) == [0.0, 0.0]
    final = finished(2)
    values = REVIEWER.values(final, RNG, 1)
    assert values[final.winners()[0]] == 1.0
    loser = 1 - final.winners()[0]
    assert values[loser] == final.gems[loser] / 8


def test_every_persons_move_gets_a_verdict_and_a_bots_none():
    final = finished(2)
    moves = review.review(final, REVIEWER, [0])["moves"]
    assert all((move["verdict"] is not None) == (move["seat"] == 0) for move in moves)


def test_a_review_is_the_same_every_time_and_at_double_effort():
    final = finished(2)
    once = review.review(final, REVIEWER, [0], effort=1)
    assert review.review(final, REVIEWER, [0], effort=1) == once
    assert review.review(final, REVIEWER, [0], effort=2)["moves"] == once["moves"]


def test_the_summary_gives_each_throws_reaction_time_catch_and_levels_and_each_seats_rounds_won_and_lost():
    final = finished(2)
    summary = REVIEWER.summary(final, [0])
    assert summary["throws"] and summary["gems"] == final.gems and summary["winners"] == final.winners()
    won = [sum(1 for throw in summary["throws"] if throw["winner"] == seat) for seat in range(2)]
    assert [seat["won"] for seat in summary["seats"]] == won
    assert summary["seats"][0]["lost"] == won[1] and summary["seats"][1]["lost"] == won[0]
    for throw in summary["throws"]:
        person = throw["people"]["0"]
        assert person["levels"]["hard"] < person["levels"]["medium"] < person["levels"]["easy"]
        grabs = person["grabs"]
        assert person["reaction_ms"] == (grabs[0]["ms"] if grabs else None)
        assert person["catch"] == next(({key: grab[key] for key in ("ms", "creature", "part", "right")}
                                        for grab in grabs if grab["creature"]), None)
        assert {row["seat"] for row in throw["outcomes"]} == {0, 1}


def test_the_summary_says_whether_the_catch_was_right():
    state = named()
    state.apply(0, "grab 0,0 @900")
    state.apply(0, ball(state, "torteus", 1600))
    state.apply(1, "pass")
    (throw,) = REVIEWER.summary(state, [0])["throws"]
    person = throw["people"]["0"]
    assert [(grab["ms"], grab["creature"]) for grab in person["grabs"]] == [(900, None), (1600, "torteus")]
    assert person["reaction_ms"] == 900 and person["wanted"] == ["octopus"]
    assert person["catch"] == {"ms": 1600, "creature": "torteus", "part": "tail", "right": False}
    assert throw["action"] == "name" and throw["value"] == "octopus"
    assert throw["outcomes"][0]["outcome"] == "wrong"
