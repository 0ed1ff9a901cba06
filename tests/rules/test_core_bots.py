"""The generic bot layer, on a tiny game (Nim) where the best move is known."""

from __future__ import annotations

import pytest

from gamebox.core.bots import mcts
from gamebox.core.errors import IllegalAction
from gamebox.core.rng import Rng

from .nim import NIM


def test_mcts_finds_the_winning_take():
    """With 6 on the heap, taking 2 leaves a multiple of 4: the only winning move."""
    state = NIM.restore({"heap": 6, "turn": 0}, players=2, seed="x")
    assert mcts(state, 0, 0, Rng("t"), max_iterations=4000) == "take 2"


def test_mcts_takes_the_last_pieces():
    state = NIM.restore({"heap": 3, "turn": 0}, players=2, seed="x")
    assert mcts(state, 0, 0, Rng("t"), max_iterations=500) == "take 3"


def test_mcts_with_a_time_budget_returns_a_legal_action():
    state = NIM.new("y", 2)
    assert mcts(state, 0, 30, Rng("t")) in state.legal_actions(0)


def test_determinized_mcts_searches_sampled_worlds():
    calls = []

    def determinize(state, seat, rng):
        calls.append(seat)
        return state.copy()

    state = NIM.restore({"heap": 7, "turn": 0}, players=2, seed="z")
    assert mcts(state, 0, 0, Rng("t"), determinize=determinize, max_iterations=2000) == "take 3"
    assert len(calls) == 2000


def test_choose_refuses_an_unknown_level():
    from gamebox.core.bots import choose

    with pytest.raises(IllegalAction):
        choose(NIM.new("a", 2), 0, "grandmaster")


def test_choose_never_changes_the_state():
    from gamebox.core.bots import choose

    state = NIM.new("a", 2)
    before = state.fingerprint()
    choose(state, 0, "mcts")
    assert state.fingerprint() == before
