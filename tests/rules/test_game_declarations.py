"""A game declares itself whole (core/game.py): its real-time phases and the lead-in before a run's moves count
(``Game.realtime``, in games.json through describe() and tools/manifest.py, so no page code names a game), and what
a guest's device may not be shown of its view (``Game.guest_view``, which core/viewer.py calls)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import gamebox
from gamebox.core import viewer
from gamebox.core.game import Game
from gamebox.core.rng import Rng

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import manifest  # noqa: E402

# What each game of the box declares (the fixture game Pebbles has no clock).
REALTIME: dict[str, Any] = {
    "upthrust": None,
    "ubongo": {"phases": ["round", "playoff", "puzzle"], "lead_in_ms": 0},
    "upples": None,
    "upcombine": None,
    "whoopies": {"phases": ["grab"], "lead_in_ms": 2100},
    "pebbles": None,
}


def test_games_json_carries_each_games_realtime() -> None:
    described = {game["id"]: game for game in manifest.describe_games(test_games=True)}
    assert set(described) == set(REALTIME)
    for game_id, realtime in REALTIME.items():
        assert described[game_id]["realtime"] == realtime, game_id


def test_a_game_whose_seats_act_at_once_in_secret_declares_its_real_time_phases() -> None:
    for game_id in gamebox.ids():
        game = gamebox.get(game_id)
        assert (game.realtime is not None) == game.simultaneous, game_id


@pytest.mark.parametrize("game_id", [game_id for game_id in gamebox.ids() if gamebox.get(game_id).realtime])
def test_a_secret_run_goes_on_only_in_a_declared_real_time_phase(game_id: str) -> None:
    """Every running run of secret moves (a race, a grab) is in one of the phases the game declares, and every
    declared phase of a game of several players comes up in seeded games (the puzzle's stopwatch: one player)."""
    game = gamebox.get(game_id)
    realtime = game.realtime
    assert realtime is not None
    phases: set[str] = set()
    for players in sorted({game.min_players, 2, 3} & set(range(game.min_players, game.max_players + 1))):
        for number in range(3):
            chooser = Rng(f"realtime/{game_id}/{players}/{number}")
            state = game.new(f"REALTIME{number}", players)
            for _ in range(80):
                if state.is_over:
                    break
                phase = state.view(None)["phase"]
                if viewer.public_moves(state) < len(state.history):
                    assert phase in realtime["phases"], (phase, state.history[-3:])
                phases.add(phase)
                seat = chooser.choice(state.to_move)
                state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert set(realtime["phases"]) - phases <= {"playoff"}  # a playoff needs a tie: not in every few games


def test_guest_view_is_the_games_own_method_which_the_viewer_calls_while_the_seed_is_secret() -> None:
    """Ubongo and Whoopies define Game.guest_view; core/viewer.guest_view uses it (no module is looked up by name),
    and only while the seed is secret from guests; every other game keeps the default (the view as it is)."""
    for game_id in gamebox.ids():
        game = gamebox.get(game_id)
        own = type(game).guest_view is not Game.guest_view
        assert own == (game_id in {"ubongo", "whoopies"}), game_id
    ubongo = gamebox.get("ubongo")
    state = ubongo.new("GUESTVIEW", 2)
    view = state.view(0)
    assert "deck_seed" in view
    shown = viewer.guest_view(state, view)
    assert shown == ubongo.guest_view(view) and "deck_seed" not in shown
    plain = gamebox.get("upthrust").new("GUESTVIEW", 2)
    assert viewer.guest_view(plain, plain.view(0)) == plain.view(0)
