"""One generic random-play test for every game in the box (OpenSpiel style): the contract of DESIGN.md."""

from __future__ import annotations

import json
import pkgutil
from pathlib import Path

import pytest

import gamebox
from gamebox.core import registry
from gamebox.core.errors import IllegalAction
from gamebox.core.rng import Rng

from .conftest import FIXTURE_GAMES

READY = registry.ids()
MAX_STEPS = 3000


def play_randomly(game, seed: str, players: int, options: dict, rng: Rng, check_views: bool = True):
    state = game.new(seed, players, **options)
    steps = 0
    while not state.is_over and steps < MAX_STEPS:
        assert state.to_move, "to_move is [] only when the game is over"
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is to move but has no legal action"
        assert len(set(legal)) == len(legal), "legal actions are listed once each"
        if check_views and steps % 7 == 0:
            for viewer in [None, *range(players)]:
                json.dumps(state.view(viewer))
        state.apply(seat, rng.choice(legal))
        steps += 1
    return state


def setups(game):
    """Every player count with the default options, then each other allowed value of each option."""
    for players in range(game.min_players, game.max_players + 1):
        offered = game.offered_choices(players)
        base = game.new("SETUP", players).options
        yield players, base
        for name, choices in offered.items():
            for choice in choices:
                if choice != base[name]:
                    yield players, {**base, name: choice}


def test_the_box_finds_every_game_folder_in_menu_order():
    """Every package beside core (and every fixture game's) is a game in the box, ordered by Game.order then id."""
    folders = [Path(gamebox.__file__).parent, FIXTURE_GAMES]
    packages = {module.name for module in pkgutil.iter_modules([str(folder) for folder in folders])
                if module.ispkg and module.name != "core"}
    assert set(gamebox.ids()) == packages
    games = registry.games()
    assert [game.id for game in games] == gamebox.ids()
    assert [(game.order, game.id) for game in games] == sorted((game.order, game.id) for game in games)
    assert registry.manifest() == {"games": [game.describe() for game in games]}


def test_an_unknown_game_is_an_unknown_game_error():
    with pytest.raises(gamebox.UnknownGame):
        gamebox.get("chess")
    with pytest.raises(LookupError):
        gamebox.get("chess")


@pytest.mark.parametrize("game_id", READY)
def test_game_describes_itself(game_id):
    game = gamebox.get(game_id)
    assert game.id == game_id and game.title
    assert 1 <= game.min_players <= game.max_players
    assert len(game.bot_levels) >= (1 if game.fixture else 2)  # a fixture game keeps to one bot
    for spec in game.options.values():
        assert spec["default"] in spec["choices"]
    json.dumps(game.describe())


@pytest.mark.parametrize("game_id", READY)
def test_random_games_keep_the_contract(game_id):
    game = gamebox.get(game_id)
    rng = Rng(f"contract/{game_id}")
    for players, options in setups(game):
        for round_ in range(2):
            seed = f"R{players}{round_}"
            state = play_randomly(game, seed, players, options, rng)
            assert state.is_over, f"a random {players}-player game ended within {MAX_STEPS} actions"
            assert state.to_move == [] and state.legal_actions(0) == []
            assert len(state.scores()) == players
            assert state.winners() and set(state.winners()) <= set(range(players))
            replayed = game.replay(seed, players, options, state.history)
            assert replayed.fingerprint() == state.fingerprint()
            code = gamebox.share.encode(state)
            assert gamebox.share.decode(code).fingerprint() == state.fingerprint()


@pytest.mark.parametrize("game_id", READY)
def test_bad_setups_are_invalid_setup_errors(game_id):
    game = gamebox.get(game_id)
    with pytest.raises(gamebox.InvalidSetup):
        game.new("S", game.max_players + 1)
    with pytest.raises(gamebox.InvalidSetup):
        game.new("S", game.min_players, no_such_option=1)
    with pytest.raises(ValueError):
        game.new("", game.min_players)


@pytest.mark.parametrize("game_id", READY)
def test_an_illegal_action_changes_nothing(game_id):
    game = gamebox.get(game_id)
    state = game.new("ILL", game.min_players if game.min_players > 1 else 2)
    before = state.fingerprint()
    seat = state.to_move[0]
    for nonsense in ["", "zz99", "pass pass", "\u2603"]:
        if nonsense in state.legal_actions(seat):
            continue
        with pytest.raises(IllegalAction):
            state.apply(seat, nonsense)
        assert state.fingerprint() == before
    outsiders = [s for s in range(state.players) if s not in state.to_move]
    if outsiders:
        legal = state.legal_actions(seat)
        with pytest.raises(IllegalAction):
            state.apply(outsiders[0], legal[0])
        assert state.fingerprint() == before


@pytest.mark.parametrize("game_id", READY)
def test_every_bot_level_plays_a_legal_action(game_id):
    game = gamebox.get(game_id)
    state = game.new("BOTS", max(2, game.min_players))
    seat = state.to_move[0]
    for level in game.bot_levels:
        assert gamebox.bots.choose(state, seat, level, budget_ms=50, seed="t") in state.legal_actions(seat)
