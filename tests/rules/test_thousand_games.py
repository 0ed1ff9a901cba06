"""A thousand seeded random games per game and mode, on CPython, each checked against the contract (DESIGN.md):

- ``to_move`` is empty exactly when the game is over, and every seat to move has legal actions, listed once;
- every legal action is canonical text (core/notation.py), and the one played is accepted;
- a refused action changes nothing (the fingerprint stays), checked at sampled points;
- views are JSON for every viewer, scores have one entry per seat, winners are seats;
- at the end, the game replays to the same fingerprint from its seed and history, and its share code opens it.

Games whose set-up is costly (Ubongo's decks, Whoopies' throws) draw their seeds from a pool of deals, so the
thousand games differ in how they are played rather than in what is dealt; every game is still played to its end
by its own seeded random player. (tests/rules/conftest.py keeps every Whoopies throw for the length of a test,
so games dealt from one seed simulate each throw once.)
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import gamebox
from gamebox.core import share
from gamebox.core.errors import IllegalAction
from gamebox.core.notation import check_action_text
from gamebox.core.rng import Rng

GAMES = 1_000
MAX_STEPS = 5_000
# (game, mode, players to cycle through, options, pool of deals: None = a new seed for every game)
MODES: list[tuple[str, str, list[int], dict[str, Any], int | None]] = [
    ("upthrust", "score-up", [1], {}, None),
    ("upthrust", "race", [2, 3, 4], {}, None),
    ("ubongo", "puzzle", [1], {}, 40),
    ("ubongo", "race", [2, 3, 4], {}, 20),
    ("upples", "glutton", [2, 3, 4], {"mode": "glutton"}, None),
    ("upples", "naughty", [2, 3, 4], {"mode": "naughty"}, None),
    ("upples", "survival", [2, 3, 4], {"mode": "survival"}, None),
    ("upples", "training", [1], {"mode": "training"}, None),
    ("upcombine", "classic", [2, 3, 4], {}, None),
    ("whoopies", "classic", [2, 3, 4, 5], {"variant": "classic"}, 30),
    ("whoopies", "petty-theft", [3, 4, 5, 6], {"variant": "petty-theft"}, 30),
    ("whoopies", "youngest", [2, 3, 4], {"variant": "youngest"}, 30),
]


NONSENSE = ["", "zz99", "pass pass", "\u2603", " x", "x\n"]


def play_one(game_id: str, seed: str, players: int, options: dict[str, Any], chooser: Rng, deep: bool) -> None:
    game = gamebox.get(game_id)
    state = game.new(seed, players, **options)
    steps = 0
    while not state.is_over:
        assert steps < MAX_STEPS, f"{game_id} {seed} did not end"
        assert state.to_move
        seat = chooser.choice(state.to_move)
        legal = state.legal_actions(seat)
        assert legal and len(set(legal)) == len(legal)
        action = chooser.choice(legal)
        check_action_text(action)
        if deep and steps % 5 == 0:
            before = state.fingerprint()
            for nonsense in NONSENSE:
                if nonsense not in legal:
                    with pytest.raises(IllegalAction):
                        state.apply(seat, nonsense)
            assert state.fingerprint() == before
            for viewer in [None, *range(players)]:
                json.dumps(state.view(viewer))
        state.apply(seat, action)
        steps += 1
    assert state.to_move == [] and all(state.legal_actions(seat) == [] for seat in range(players))
    assert len(state.scores()) == players
    assert set(state.winners()) <= set(range(players)) and state.winners()
    if deep:
        json.dumps(state.view(None))
        replayed = game.replay(seed, players, state.options, state.history, state.edition)
        assert replayed.fingerprint() == state.fingerprint()
        assert share.decode(share.encode(state)).fingerprint() == state.fingerprint()


@pytest.mark.parametrize(("game_id", "mode", "counts", "options", "pool"), MODES,
                         ids=[f"{game_id}-{mode}" for game_id, mode, *_ in MODES])
def test_a_thousand_random_games_keep_the_contract(game_id: str, mode: str, counts: list[int],
                                                   options: dict[str, Any], pool: int | None) -> None:
    chooser = Rng(f"thousand/{game_id}/{mode}")
    for number in range(GAMES):
        deal = number if pool is None else number % pool
        # every tenth game is checked deeply: refusals, every viewer's view, replay and share code
        play_one(game_id, f"T{mode}-{deal}", counts[number % len(counts)], options, chooser, deep=number % 10 == 0)
