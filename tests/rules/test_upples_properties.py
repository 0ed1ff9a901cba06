"""Upples: many seeded random games in every mode and player count, checking the invariants.

Each hypothesis example plays GAMES_PER_EXAMPLE games, so every (mode, players) pair gets at least 1,000
games; COMPLETE_PER_EXAMPLE of them are played to the end, the rest are short games (stopped after
SHORT_GAME_ACTIONS actions) to keep the whole file near 30 s on a 2-core machine.

Checked at every step: every card is accounted for (field + draw pile + discard + kept + the character
cards set aside + Training's eaten-this-turn = 124). At the end: scores agree with the kept cards. The first
game of each example is also checked in depth (replay fingerprint, illegal actions change nothing, view
hides the deck order, tokens never share a square between turns).
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamebox
from gamebox.core.errors import IllegalAction
from gamebox.core.rng import Rng
from gamebox.upples.deck import CODES, DECK_SIZE, POINTS
from gamebox.upples.rules import EMPTY, UpplesState

GAME = gamebox.get("upples")
ACTION = re.compile(r"[A-Za-z0-9 @+\-:,=]+")
EXAMPLES = 20
GAMES_PER_EXAMPLE = 50  # 20 x 50 = 1,000 games per mode and player count
COMPLETE_PER_EXAMPLE = 20  # 400 complete games per mode and player count
SHORT_GAME_ACTIONS = 30

CONFIGS = [("glutton", p, False) for p in (1, 2, 3, 4)] + [
    (mode, p, False) for mode in ("naughty", "survival") for p in (2, 3, 4)] + [("training", 1, False)]
TEAM_CONFIGS = [(mode, 4, True) for mode in ("glutton", "naughty", "survival")]
# off-menu combinations stay valid games (the box's contract test plays them)
BAD_ACTIONS = ("", "pass pass", "jump", "jump a1", "jump a1 h9", "jump g7 a1 exit", "hop d4 d5", "jump_a1_a2")


def all_cards(state: UpplesState) -> list[int]:
    cards = [c for c in state.board if c != EMPTY] + state.pile + state.discard + state.aside + state.turn_eaten
    for player in state.seats:
        cards += player.kept
    return cards


def check_end(state: UpplesState) -> None:
    assert sorted(all_cards(state)) == list(range(DECK_SIZE))
    assert state.to_move == [] and state.legal_actions(0) == []
    scores = state.scores()
    if state.mode == "training":
        assert scores == [p.turns for p in state.seats]
        assert all(len(p.kept) <= p.turns for p in state.seats)
        assert state.winners() == [s for s in range(state.players) if scores[s] == min(scores)]
    else:
        own = [sum(POINTS[c] for c in p.kept) for p in state.seats]
        for seat in range(state.players):
            team = [s for s in range(state.players) if state.team_of(s) == state.team_of(seat)]
            assert scores[seat] == sum(own[s] for s in team)
        winners = state.winners()
        assert winners and all(not state.seats[w].eliminated for w in winners)
        if state.mode == "survival" and state.end_reason == "last_standing":
            assert len({state.team_of(p.seat) for p in state.active()}) == 1
        assert all(not p.kept for p in state.seats if p.eliminated)
    total_points = sum(POINTS[c] for c in range(DECK_SIZE))
    assert total_points == sum(POINTS[c] for c in all_cards(state)) == 60


def play(mode: str, players: int, teams: bool, seed: str, deep: bool, limit: int | None = None) -> UpplesState:
    state = GAME.new(seed, players, mode=mode, teams=teams)
    assert isinstance(state, UpplesState)
    rng = Rng("props/" + seed)
    step = 0
    while True:
        movers = state.to_move
        if not movers or step == limit:
            break
        seat = movers[0]
        actions = state.legal_actions(seat)
        assert actions, "a seat to move always has an action"
        if state.card_count() != DECK_SIZE:
            raise AssertionError(f"cards not conserved: {state.card_count()}")
        if deep and step % 7 == 0:
            before = state.fingerprint()
            for bad in BAD_ACTIONS:
                with pytest.raises(IllegalAction):
                    state.apply(seat, bad)
            for other in range(players):
                if other != seat:
                    with pytest.raises(IllegalAction):
                        state.apply(other, actions[0])
            assert state.fingerprint() == before
            view = state.view(seat)
            json.dumps(view)
            assert "pile" not in view and view["draw_pile"] == len(state.pile)
            twin = state.copy()
            twin.pile.reverse()
            assert twin.view(seat) == view  # the deck order never shows
            for action in actions:
                assert ACTION.fullmatch(action) and "_" not in action
            if not state.in_chain:
                squares = [p.square for p in state.active()]
                assert len(set(squares)) == len(squares), "two komupples on one square between turns"
                for square in squares:
                    assert square is not None
                    card = state.board[square]
                    assert card == EMPTY or CODES[card] == "tunnel"
        state.apply(seat, actions[rng.below(len(actions))])
        step += 1
    if state.is_over:
        check_end(state)
    else:
        assert sorted(all_cards(state)) == list(range(DECK_SIZE))
    if deep:
        again = GAME.replay(seed, players, state.options, state.history)
        assert again.fingerprint() == state.fingerprint()
    return state


def run(mode: str, players: int, teams: bool, base: int, games: int) -> None:
    for index in range(games):
        play(mode, players, teams, f"{mode}-{players}-{base}-{index}", deep=index == 0,
             limit=None if index < COMPLETE_PER_EXAMPLE else SHORT_GAME_ACTIONS)


@pytest.mark.parametrize(("mode", "players", "teams"), CONFIGS)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(base=st.integers(min_value=0, max_value=2**40))
def test_random_games_conserve_cards_and_replay(mode: str, players: int, teams: bool, base: int) -> None:
    run(mode, players, teams, base, GAMES_PER_EXAMPLE)


@pytest.mark.parametrize(("mode", "players", "teams"), TEAM_CONFIGS)
@settings(max_examples=5, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.integers(min_value=0, max_value=2**40))
def test_random_team_games_conserve_cards_and_pool_scores(mode: str, players: int, teams: bool,
                                                          base: int) -> None:
    run(mode, players, teams, base, 20)


def test_random_games_reach_every_ending() -> None:
    reasons = set()
    for index in range(60):
        state = play("survival", 3, False, f"ends-{index}", deep=False)
        reasons.add(state.end_reason)
        state = play("glutton", 2, False, f"ends-{index}", deep=False)
        reasons.add(state.end_reason)
    assert {"last_standing", "field_not_refilled"} <= reasons
