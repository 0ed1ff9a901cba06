"""Upples' actions are values (actions.py): parse reads exactly the notation, str writes it back, and the editions of
the rules sit behind one table (editions.py)."""

from __future__ import annotations

import time

import pytest

import gamebox
from gamebox.core import game as core_game
from gamebox.core.errors import IllegalAction
from gamebox.core.rng import Rng
from gamebox.upples.actions import PASS, Jump, Pass, jump, parse
from gamebox.upples.board import SQUARE_NAMES
from gamebox.upples.editions import EDITIONS
from gamebox.upples.rules import UpplesState

GAME = gamebox.get("upples")
SETUPS = [(1, "glutton"), (1, "training"), (2, "naughty"), (3, "survival"), (4, "glutton")]


def legal_of_random_games(games: int) -> list[tuple[str, object]]:
    """(text, value) of every legal action met in seeded random games of every mode."""
    seen: list[tuple[str, object]] = []
    for players, mode in SETUPS:
        for game in range(games):
            state = GAME.new(f"actions-{game}", players, mode=mode)
            assert isinstance(state, UpplesState)
            rng = Rng(f"actions/{mode}/{players}/{game}")
            for _ in range(150):
                if state.is_over:
                    break
                seat = state.to_move[0]
                seen += list(state.legal(seat).items())
                legal = state.legal_actions(seat)
                state.apply(seat, rng.choice(legal))
    return seen


def test_every_legal_action_reads_back_as_the_value_that_writes_it() -> None:
    """The round trip: each legal action's value writes its text, and parse(str(value)) == value."""
    seen = legal_of_random_games(3)
    kinds = set()
    for text, action in seen:
        assert isinstance(action, Jump | Pass)
        assert str(action) == action.text == text
        assert parse(str(action)) == action
        kinds.add("pass" if isinstance(action, Pass) else "colour" if action.colour else
                  "exit" if action.exit is not None else "jump")
    assert len(seen) > 1000 and kinds >= {"pass", "jump", "colour"}


def test_the_three_shapes_of_a_jump_and_pass() -> None:
    d4, f5, b2 = (SQUARE_NAMES.index(name) for name in ("d4", "f5", "b2"))
    assert parse("jump d4 f5") == Jump(d4, f5) == jump(d4, f5)
    assert parse("jump d4 f5 white") == Jump(d4, f5, colour="white")
    assert parse("jump d4 f5 exit b2") == Jump(d4, f5, exit=b2)
    assert parse("pass") == PASS
    assert jump(d4, f5) is jump(d4, f5)  # the rules' jumps are made once


@pytest.mark.parametrize("text", ["Jump d4 f5", "jump  d4 f5", "jump d04 f5", "jump D4 f5", " jump d4 f5",
                                  "jump d4 f5 ", "jump d4 f5 White", "jump d4 f5 blue", "jump d4 f5 exit",
                                  "jump d4 f5 exit b02", "jump d4 f5 white exit b2", "jump d4 h8", "jump d4",
                                  "PASS", "pass ", "", "jump d4 f5 exit b2 c3"])
def test_only_the_exact_notation_is_an_action(text: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        parse(text)
    assert refused.value.key == "upples.bad_notation"


def test_a_huge_text_is_refused_in_linear_time() -> None:
    started = time.perf_counter()
    with pytest.raises(IllegalAction) as refused:
        parse("jump d4 " * 200_000)
    assert time.perf_counter() - started < 0.5 and len(refused.value.params["action"]) == 40


def test_a_jump_answers_at_most_one_question() -> None:
    for bad in ({"colour": "blue"}, {"colour": "white", "exit": 3}):
        with pytest.raises(ValueError):
            Jump(0, 1, **bad)
    with pytest.raises(ValueError):
        Jump(0, 49)


def test_every_edition_of_the_box_has_its_switches() -> None:
    """Edition 1 called one Survival tally per jump; edition 2 one per golden upple collected."""
    assert sorted(EDITIONS) == list(core_game.EDITIONS)
    assert [EDITIONS[n].tally_each_golden for n in core_game.EDITIONS] == [False, True]
    assert all(EDITIONS[n].number == n for n in EDITIONS)
