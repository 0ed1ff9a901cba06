"""Upthrust properties: hypothesis plays 1,000+ seeded random games (250 examples x one game per player
count; the solitaire under both row rules, from the classic and from dealt starts) and checks the invariants
after every move, replay, and share codes."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import gamebox
from gamebox.core.errors import IllegalAction
from gamebox.core.rng import Rng
from gamebox.upthrust.board import SQUARE_INDEX
from gamebox.upthrust.rules import (
    BAN_EVERY_ROW,
    COLUMNS,
    END_TWO_LEFT,
    NONSCORING_SQUARES,
    SAME_COLOUR_BAN,
    SQUARE_NAMES,
    SQUARE_VALUES,
    SQUARES,
    START,
    START_DEALT,
    UpthrustState,
    all_moves,
)

GAME = gamebox.get("upthrust")
GAMES_PLAYED = [0]


def check_position(state: UpthrustState) -> None:
    board = state.board
    # conservation: 16 pieces, 4 per colour, 4 per column
    assert sum(1 for c in board if c >= 0) == 16
    for colour in range(4):
        assert board.count(colour) == 4
    for column in range(COLUMNS):
        assert sum(1 for s in range(column, SQUARES, COLUMNS) if board[s] >= 0) == 4
    # no two pieces of one colour in one non-scoring row (Score Up's rule: in any row)
    for row in range(SQUARES // COLUMNS if state.every_row else NONSCORING_SQUARES // COLUMNS):
        colours = [c for c in board[row * COLUMNS:(row + 1) * COLUMNS] if c >= 0]
        assert len(colours) == len(set(colours))
    # scores are the row values of the owned colours
    view = state.view(None)
    colour_scores = view["colour_scores"]
    expected = [0] * state.players
    for colour, seat in enumerate(state.owners):
        if seat is not None:
            expected[seat] += colour_scores[("green", "red", "blue", "yellow")[colour]]
    assert state.scores() == expected == view["scores"]
    assert (state.end_reason is None) == bool(state.to_move)


def solitaire_options(number: int) -> dict[str, str]:
    """Score Up's options for the number-th example: both row rules, and now and then a dealt start."""
    options = {SAME_COLOUR_BAN: BAN_EVERY_ROW} if number % 2 else {}
    if number % 8 in (2, 7):
        options[START] = START_DEALT
    return options


def play(seed: str, players: int, rng: Rng, options: dict[str, str] | None = None) -> UpthrustState:
    state = GAME.new(seed, players, **(options or {}))
    assert isinstance(state, UpthrustState)
    if players == 1:  # the best possible score is shown, and nothing beats it
        assert state.target is not None and state.target <= sum(sorted(SQUARE_VALUES)[-14:])
    neutral_start = [s for s in range(SQUARES) if board_owner(state, s) is None and state.board[s] >= 0]
    last_scores = state.scores()
    step = 0
    while not state.is_over:
        check_position(state)
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if legal == ["pass"]:
            assert view["moves"] == {} and view["must_pass"]
            assert any(state.owners[state.board[a]] is not None for a, _ in all_moves(state.board, state.every_row))
        else:
            assert sorted(view["moves"]) == sorted(legal)
        for other in range(players):
            if other != seat:
                assert state.legal_actions(other) == []
        if step % 4 == 0:  # every legal action applies cleanly; an illegal one changes nothing
            for action in legal:
                probe = state.copy()
                probe.apply(seat, action)
            before = state.fingerprint()
            illegal = [SQUARE_NAMES[s] for s in range(SQUARES) if SQUARE_NAMES[s] not in legal]
            for action in [rng.choice(illegal), "pass" if legal != ["pass"] else "a1"]:
                try:
                    state.apply(seat, action)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{action} was accepted")
            assert state.fingerprint() == before
            json.dumps(view)
        action = rng.choice(legal)
        if action != "pass":
            start = SQUARE_INDEX[action]
            rows = sum(1 for c in range(COLUMNS) if state.board[(start // COLUMNS) * COLUMNS + c] >= 0)
            state.apply(seat, action)
            moved = state.log[-1] if state.log[-1]["key"] == "upthrust.moved" else state.log[-2]
            assert moved["params"]["rows"] == rows
            assert SQUARE_INDEX[moved["params"]["to"]] == start + rows * COLUMNS
        else:
            state.apply(seat, action)
        scores = state.scores()
        assert all(new >= old for new, old in zip(scores, last_scores, strict=True))  # pieces only rise
        last_scores = scores
        step += 1
    check_position(state)
    if state.end_reason == END_TWO_LEFT:
        assert state.nonscoring_left() <= 2
    else:
        assert not any(state.owners[state.board[a]] is not None for a, _ in all_moves(state.board, state.every_row))
    assert [s for s in range(SQUARES) if board_owner(state, s) is None and state.board[s] >= 0] == neutral_start
    assert state.winners() and state.view(None)["moves"] == {}
    if players == 1:
        assert state.target is not None and state.scores()[0] <= state.target
    GAMES_PLAYED[0] += 1
    return state


def board_owner(state: UpthrustState, square: int) -> int | None:
    colour = state.board[square]
    return None if colour < 0 else state.owners[colour]


@settings(max_examples=250, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=2**40))
def test_random_games_keep_every_invariant(number: int) -> None:
    rng = Rng(f"upthrust-properties/{number}")
    for players in (1, 2, 3, 4):
        seed = f"P{number:x}"
        state = play(seed, players, rng, solitaire_options(number) if players == 1 else None)
        replayed = GAME.replay(seed, players, state.options, state.history)
        assert replayed.fingerprint() == state.fingerprint()
        if number % 10 == 0:
            assert gamebox.share.decode(gamebox.share.encode(state)).fingerprint() == state.fingerprint()


def test_at_least_a_thousand_games_were_played() -> None:
    # runs after the hypothesis test in file order; on its own it plays its own share
    if GAMES_PLAYED[0] == 0:
        rng = Rng("fallback")
        for number in range(250):
            for players in (1, 2, 3, 4):
                play(f"F{number}", players, rng, solitaire_options(number) if players == 1 else None)
    assert GAMES_PLAYED[0] >= 1000
