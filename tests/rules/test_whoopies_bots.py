"""Whoopies bots are modelled on people (issue 13): a reaction to the throw, a visual search (Hick-Hyman), a hand
that moves to a moving ball (Fitts' law) and closes on a point that the engine hit-tests, so a bot can miss.

The bars are checked statistically over many seeded throws. They are behaviour, not timing: a grab's time is the
``@ms`` the bot chose, part of its action. Figures and sources: docs/rules/whoopies.md.
"""

from __future__ import annotations

import functools
import json
import math
import re
import statistics
from dataclasses import dataclass
from pathlib import Path

import gamebox
from gamebox.core import bots
from gamebox.core.rng import Rng
from gamebox.whoopies.bots import playing_as
from gamebox.whoopies.people import (
    LEVELS,
    NEWCOMER,
    log2,
    movement_ms,
    reaction_ms,
    search_ms,
)
from gamebox.whoopies.rules import WhoopiesState, grab_ms
from gamebox.whoopies.timing import TAUGHT, TEACHES, landed_ms, spoken, still_ms

GAME = gamebox.get("whoopies")
ROOT = Path(__file__).resolve().parents[2]
THROWS = 300
FAST = 150  # units/s
POINT = re.compile(r"grab (0|[1-9][0-9]*),(0|[1-9][0-9]*) @(0|[1-9][0-9]*)")


def at_grab(index: int, players: int = 2, call: str | None = None) -> WhoopiesState:
    """A seeded classic game at its first grab, after random calls (or the first roll whose face allows
    ``call``, e.g. ``colour orange``)."""
    for attempt in range(200):
        state = GAME.new(f"BOTS-{index}-{attempt}", players)
        assert isinstance(state, WhoopiesState)
        rng = Rng(f"whoopies-bots/{index}/{attempt}")
        state.apply(state.roller, "roll")
        if call is not None:
            if call not in state.legal_actions(state.roller):
                continue
            state.apply(state.roller, call)
        while state.phase != "grab":
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        return state
    raise AssertionError("no seed found")


@dataclass
class Grab:
    ms: int
    caught: tuple[str, str] | None
    speed: float  # of the ball caught, units/s (0 when no ball was caught)
    first: bool


@functools.cache
def every_grab() -> dict[str, list[Grab]]:
    """Every grab seat 1 makes at each level through THROWS seeded throws, until it catches something or passes
    (each throw is simulated once, for all levels)."""
    made: dict[str, list[Grab]] = {level: [] for level in LEVELS}
    for index in range(THROWS):
        start = at_grab(index)
        for level in LEVELS:
            state = start.copy()
            assert isinstance(state, WhoopiesState)
            first = True
            while 1 in state.to_move:
                action = bots.choose(state, 1, level, 10, f"bars/{index}")
                if action == "pass":
                    state.apply(1, action)
                    break
                found = POINT.fullmatch(action)
                assert found, action
                x, y, ms = (int(found.group(i)) for i in (1, 2, 3))
                throw = state.throw
                assert throw is not None
                caught = throw.hit(x, y, ms)
                speed = throw.ball_speed(caught[0], ms) if caught and caught[1] == "tail" else 0.0
                made[level].append(Grab(ms, caught, speed, first))
                state.apply(1, action)
                first = False
    return made


def grabs_of(level: str) -> list[Grab]:
    return every_grab()[level]


def test_bots_have_three_levels_and_the_default_is_one_a_newcomer_can_beat() -> None:
    assert GAME.bot_levels == ["easy", "medium", "hard"] == list(LEVELS)
    assert GAME.default_bot_level == "easy" and GAME.describe()["default_bot_level"] == "easy"


def test_a_bot_grab_is_a_point_that_the_engine_hit_tests_like_a_persons() -> None:
    state = at_grab(1)
    action = bots.choose(state, 1, "hard", 10, "point")
    found = POINT.fullmatch(action)
    assert found, action
    state.apply(1, action)
    attempt = state.attempts[1][-1]
    assert (attempt["x"], attempt["y"], attempt["ms"]) == tuple(int(found.group(i)) for i in (1, 2, 3))
    throw = state.throw
    assert throw is not None
    caught = throw.hit(attempt["x"], attempt["y"], attempt["ms"])
    assert (attempt.get("creature"), attempt.get("part")) == (caught or (None, None))


def test_median_grab_time_easy_at_least_1_8_s_medium_1_3_s_hard_0_9_s() -> None:
    """The first grab of each throw (the earliest a bot's hand closes)."""
    medians = {level: statistics.median(g.ms for g in grabs_of(level) if g.first) for level in LEVELS}
    assert medians["easy"] >= 1800 and medians["medium"] >= 1300 and medians["hard"] >= 900, medians
    assert medians["easy"] > medians["medium"] > medians["hard"], medians


def test_the_lesson_and_the_rules_page_teach_the_true_timing_of_the_throw_and_of_each_bot() -> None:
    """Issue 22: the guided game said "you may wait until it lies still", while the default bot grabs at about
    2 s. What the words teach (gamebox.whoopies.timing.TAUGHT) is measured again here: when the Whoopies are all on
    the table and when nothing moves any more, over seeded throws, and each level's first grab, the bots' own
    `@ms` (each median within 0.1 s of the taught figure); and every message that teaches a figure says it, in
    en, pt and uk. Whoever changes the throw or a bot changes TAUGHT and the words with it."""
    throws = [at_grab(index).throw for index in range(100)]
    measured = {
        "land": statistics.median(landed_ms(throw) for throw in throws if throw),
        "still": statistics.median(still_ms(throw) for throw in throws if throw),
        **{level: statistics.median(g.ms for g in grabs_of(level) if g.first) for level in LEVELS},
    }
    for figure, seconds in TAUGHT.items():
        assert abs(measured[figure] / 1000 - seconds) <= 0.1, (figure, measured[figure], seconds)
    # the lesson's point: a hand that closes as the ball comes to rest is ahead of the easy and the medium bot
    assert TAUGHT["land"] < TAUGHT["still"] <= TAUGHT["medium"] < TAUGHT["easy"], TAUGHT
    seconds_word = re.compile(r"(\d+(?:[.,]\d+)?) (?:second|segund|секунд)")
    for lang in ("en", "pt", "uk"):
        words = json.loads((ROOT / "web" / "games" / "whoopies" / "i18n" / f"{lang}.json").read_text("utf-8"))
        for key, figures in TEACHES.items():
            said = seconds_word.findall(words[key])
            for figure in figures:
                assert spoken(TAUGHT[figure], lang) in said, (lang, key, figure, said)
            # no other length of time than the taught ones and the 10 s window
            allowed = {spoken(seconds, lang) for seconds in TAUGHT.values()} | {"10"}
            assert set(said) <= allowed, (lang, key, said)


def test_at_most_five_percent_of_a_levels_grabs_hit_a_ball_faster_than_150_units_per_second() -> None:
    for level in LEVELS:
        made = grabs_of(level)
        fast = sum(1 for g in made if g.speed > FAST)
        assert fast <= 0.05 * len(made), (level, fast, len(made))


def test_a_bot_can_miss_and_then_grabs_again_later() -> None:
    for level in LEVELS:
        made = grabs_of(level)
        assert any(g.caught is None for g in made), level
        retries = [(a, b) for a, b in zip(made, made[1:], strict=False) if a.caught is None and not b.first]
        assert retries and all(b.ms > a.ms for a, b in retries), level


def test_a_bot_that_missed_is_still_to_grab_and_its_next_grab_comes_later() -> None:
    for index in range(THROWS):
        state = at_grab(index)
        action = bots.choose(state, 1, "easy", 10, f"bars/{index}")
        if action == "pass":
            continue
        state.apply(1, action)
        if "creature" in state.attempts[1][-1]:
            continue
        assert 1 in state.to_move and state.phase == "grab"
        again = bots.choose(state, 1, "easy", 10, f"bars/{index}")
        assert again == "pass" or (grab_ms(again) or 0) > state.attempts[1][-1]["ms"]
        return
    raise AssertionError("the easy bot never missed")


def test_lower_levels_catch_the_wrong_creature_or_a_body_more_often() -> None:
    """On "the orange Whoopie" the trap is Marsupus, whose puff is orange; a hand can also close on a body."""
    wrong = dict.fromkeys(LEVELS, 0)
    for index in range(120):
        start = at_grab(index, call="colour orange")
        for level in LEVELS:
            state = start.copy()
            assert isinstance(state, WhoopiesState)
            while 1 in state.to_move:
                state.apply(1, bots.choose(state, 1, level, 10, f"trap/{index}"))
            caught = state.catch_of(1)
            wrong[level] += caught is not None and (caught["creature"] != "phanteus" or caught["part"] != "tail")
    assert wrong["easy"] > wrong["medium"] > wrong["hard"], wrong


def test_hick_hyman_more_alternatives_take_longer_to_tell_apart() -> None:
    person = NEWCOMER
    assert search_ms(person, 2) < search_ms(person, 5) < search_ms(person, 10)
    assert math.isclose(search_ms(person, 3), person.hick_ms_per_bit * 2.0)  # log2(3 + 1) = 2 bits


def test_fitts_a_farther_ball_takes_longer_to_reach() -> None:
    person = NEWCOMER
    assert movement_ms(person, 0) == person.fitts_a_ms
    assert movement_ms(person, 40) < movement_ms(person, 200) < movement_ms(person, 600)
    assert math.isclose(movement_ms(person, 120), person.fitts_a_ms + 2 * person.fitts_ms_per_bit)  # log2(4)


def test_the_models_logarithm_matches_the_libraries() -> None:
    for x in (0.001, 0.37, 1.0, 1.5, 2.0, 3.0, 6.0, 17.25, 1e6):
        assert math.isclose(log2(x), math.log2(x), abs_tol=1e-9)


def test_reaction_times_grow_from_the_practised_to_the_child() -> None:
    rng = Rng("reaction")
    means = {level: statistics.mean(reaction_ms(person, rng) for _ in range(400)) for level, person in LEVELS.items()}
    assert means["hard"] < means["medium"] < means["easy"]
    assert 200 <= means["medium"] <= 300  # a grown-up's simple reaction time to a visual signal


def test_a_bot_does_not_peek_at_another_seats_grab() -> None:
    """Two tables that differ only in what seat 0 did in secret give seat 1's bot the same grab."""
    for index in range(20):
        caught, passed = at_grab(index), at_grab(index)
        throw = caught.throw
        assert throw is not None
        wanted = caught.wanted(0)[0]
        x, y = throw.ball_at(wanted, 1500)
        caught.apply(0, f"grab {round(x)},{round(y)} @1500")
        passed.apply(0, "pass")
        if not caught.done[0]:
            continue
        assert caught.view(1) == passed.view(1)
        for level in LEVELS:
            assert bots.choose(caught, 1, level, 10, "peek") == bots.choose(passed, 1, level, 10, "peek")


def test_bot_grabs_replay_exactly() -> None:
    state = at_grab(3)
    for level in LEVELS:
        assert bots.choose(state, 1, level, 10, "s") == bots.choose(state.copy(), 1, level, 10, "s")


def test_a_newcomer_wins_more_rounds_than_the_easy_bot() -> None:
    """The default level is one a newcomer can beat: over seeded throws, the scripted newcomer (people.py, one
    person drawn per throw) catches the right Whoopie first more often than the easy bot."""
    wins = {"newcomer": 0, "easy": 0}
    for index in range(150):
        state = at_grab(index)
        someone = playing_as(NEWCOMER.individual(Rng(f"newcomer/{index}")), careful=True)
        easy = GAME.bot("easy")
        while state.phase == "grab":
            seat = state.to_move[0]
            rng = Rng(f"round/{index}/{len(state.history)}/{seat}")
            player = someone if seat == 0 else easy
            state.apply(seat, player(state.copy(), seat, 10, rng))
        assert state.last is not None
        if state.last["winner"] == 0:
            wins["newcomer"] += 1
        elif state.last["winner"] == 1:
            wins["easy"] += 1
    assert wins["newcomer"] > 2 * wins["easy"], wins
