"""Upthrust's actions are values (actions.py): parse reads exactly the notation, str writes it back, and the editions
of the rules sit behind one table (editions.py)."""

from __future__ import annotations

import time

import pytest

import gamebox
from gamebox.core import game as core_game
from gamebox.core.errors import IllegalAction
from gamebox.core.rng import Rng
from gamebox.upthrust.actions import MOVES, PASS, Move, Pass, parse
from gamebox.upthrust.board import SQUARES
from gamebox.upthrust.editions import EDITIONS
from gamebox.upthrust.rules import START, START_DEALT

GAME = gamebox.get("upthrust")
SETUPS = [(1, {}), (1, {START: START_DEALT}), (2, {}), (3, {}), (4, {})]


def legal_texts_of_random_games(games: int) -> list[str]:
    """Every legal action text met in seeded random games of every player count."""
    seen: list[str] = []
    for players, options in SETUPS:
        for game in range(games):
            state = GAME.new(f"actions-{game}", players, **options)
            rng = Rng(f"actions/{players}/{game}")
            while not state.is_over:
                seat = state.to_move[0]
                legal = state.legal_actions(seat)
                seen += legal
                state.apply(seat, rng.choice(legal))
    return seen


def test_every_legal_action_reads_back_as_the_value_that_writes_it() -> None:
    """The round trip: parse(text) is a value whose text is that text, and parse(str(value)) == value."""
    texts = legal_texts_of_random_games(3)
    assert len(texts) > 1000 and PASS.text in texts
    for text in texts:
        action = parse(text)
        assert str(action) == action.text == text
        assert parse(str(action)) == action


def test_each_square_has_one_move_and_pass_is_one_value() -> None:
    assert [move.square for move in MOVES] == list(range(SQUARES))
    assert parse("b3") == Move(9) and parse("pass") == Pass() == PASS
    assert {parse(move.text) for move in MOVES} == set(MOVES)


@pytest.mark.parametrize("text", ["B3", "b03", " b3", "b3 ", "b 3", "e1", "a12", "a0", "Pass", "PASS", "pass ",
                                  "", "b3 b4", "move b3"])
def test_only_the_exact_notation_is_an_action(text: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        parse(text)
    assert refused.value.key == "upthrust.bad_square"


def test_a_huge_text_is_refused_in_linear_time() -> None:
    started = time.perf_counter()
    with pytest.raises(IllegalAction):
        parse("b" * 1_000_000)
    assert time.perf_counter() - started < 0.5


def test_a_move_is_made_only_of_a_square() -> None:
    for square in (-1, SQUARES):
        with pytest.raises(ValueError):
            Move(square)


def test_every_edition_of_the_box_has_its_switches() -> None:
    """Editions (core/game.py EDITIONS) are read in one table: edition 1 had no set-up options, 2 has them."""
    assert sorted(EDITIONS) == list(core_game.EDITIONS)
    assert [EDITIONS[n].options for n in core_game.EDITIONS] == [False, True]
    assert all(EDITIONS[n].number == n for n in EDITIONS)
