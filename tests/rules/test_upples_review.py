"""Upples' reviewer (py/gamebox/upples/review.py, docs/rules/upples.md "Review"): one test per rule of the review."""

from __future__ import annotations

from typing import Any

import gamebox
from gamebox.core import review
from gamebox.core.bots import choose
from gamebox.core.rng import Rng
from gamebox.upples.board import parse_square
from gamebox.upples.deck import CODES
from gamebox.upples.review import REVIEWER, TURNS
from gamebox.upples.rules import EMPTY, UpplesState

GAME = gamebox.get("upples")
ID = {code: CODES.index(code) for code in set(CODES)}
GOLDEN = ID["g5"]


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None
    return square


def position(cards: dict[str, str], tokens: list[str], *, mode: str = "glutton",
             kept: list[list[str]] | None = None, pile: list[str] | None = None) -> UpplesState:
    """A set position, seat 0 to move: ``cards`` by square, rocks everywhere else, white komupples on
    ``tokens``; each seat's ``kept`` super upples; a draw pile of ``pile`` (60 classic upples by default)."""
    state = GAME.new("review", len(tokens), mode=mode)
    snapshot = state.snapshot()
    board = [ID["rock"]] * 49
    for seat, square in enumerate(tokens):
        snapshot["seats"][seat][:3] = ["white", "white", sq(square)]
        board[sq(square)] = EMPTY
        snapshot["seats"][seat][3] = [ID[code] for code in (kept or [[]] * len(tokens))[seat]]
    for name, code in cards.items():
        board[sq(name)] = ID[code]
    snapshot["pile"] = [ID["wg"]] * 60 if pile is None else [ID[code] for code in pile]
    snapshot["current"] = 0
    again = GAME.restore({**snapshot, "board": board}, seed="review", players=len(tokens),
                         options=state.options)
    assert isinstance(again, UpplesState)
    return again


def judged(state: UpplesState, action: str, ply: int = 0) -> dict[str, Any]:
    seat = state.current
    return review.judged_move(REVIEWER, state, ply, seat, action)


def played_to_the_end(seed: str, players: int, mode: str) -> UpplesState:
    """A finished game: seat 0 plays the first listed jump, the others as the easy bot."""
    state = GAME.new(seed, players, mode=mode)
    assert isinstance(state, UpplesState)
    while not state.is_over:
        seat = state.to_move[0]
        action = state.legal_actions(seat)[0] if seat == 0 else choose(state, seat, "easy", 0, seed=seed)
        state.apply(seat, action)
    return state


def test_a_move_is_judged_by_its_expected_result_over_the_draws_not_the_draw_that_came() -> None:
    # The jump to d3 leaves d4, which the turn's refill fills from the pile: in one game the draw that came was a
    # golden upple, in reach of the next player on b4, in the other a white 1. The verdict must be the same: the
    # mover could not know the order of the pile.
    cards = {"d5": "wg", "d3": "wg", "c3": "r1", "b2": "wr", "f4": "wg"}
    # the same cards in two orders; the pile is drawn from its end
    golden_came = position(cards, ["d4", "b4"], pile=["wg"] * 40 + ["w1"] * 4 + ["g5"] * 4)  # a golden upple first
    white_came = position(cards, ["d4", "b4"], pile=["wg"] * 40 + ["g5"] * 4 + ["w1"] * 4)  # a white 1 first
    after_golden, after_white = golden_came.copy(), white_came.copy()
    after_golden.apply(0, "jump d4 d3")
    after_white.apply(0, "jump d4 d3")
    assert CODES[after_golden.board[sq("d4")]] == "g5" and CODES[after_white.board[sq("d4")]] == "w1"
    assert "jump b4 d4" in after_golden.legal_actions(1)  # judged by that draw, the jump gave away 5 points
    for action in ("jump d4 d3", "jump d4 d5"):
        assert judged(golden_came, action) == judged(white_came, action)


def test_the_games_own_generator_never_reaches_a_verdict() -> None:
    # Naughty: bouncing on d5 steals one of pink's super upples at random (a white 1 or a white 4). The game's
    # generator would decide which; the review draws the steal in its own worlds.
    state = position({"d7": "wg", "d3": "wg"}, ["d4", "d5"], mode="naughty", kept=[[], ["w1", "w4"]])
    assert "jump d4 d5" in state.legal_actions(0)
    other = state.copy()
    other.rng = Rng("a")  # with this generator the game would steal the white 1, with the set-up's the white 4
    assert [CODES[card] for card in _stolen(state)] != [CODES[card] for card in _stolen(other)]
    for action in ("jump d4 d5", "jump d4 d3"):
        assert judged(state, action) == judged(other, action)


def _stolen(state: UpplesState) -> list[int]:
    after = state.copy()
    after.apply(0, "jump d4 d5")
    return after.seats[0].kept


def test_a_jump_that_leaves_the_points_on_the_field_loses_win_chance() -> None:
    # Late in the game (18 points still in play, the scores level): eating the white 4 (and the white 2 after it)
    # instead of a classic upple is worth six points, a big share of the win.
    cards = {"d5": "w4", "d7": "w2", "d3": "wg", "b4": "wr"}
    state = position(cards, ["d4", "a1"], kept=[["g5", "g5", "r4", "r3", "r3"], ["g5", "g5", "w3", "w3", "r4"]])
    move = judged(state, "jump d4 d3")
    assert move["verdict"] in ("mistake", "blunder")
    assert move["best"] == "jump d4 d5"
    assert move["loss"] >= 0.2
    assert judged(state, "jump d4 d5")["verdict"] == "best"


def test_training_is_judged_in_expected_turns_and_a_short_chain_costs_turns() -> None:
    # Training: the chain d5, d7 (two super upples, each with an extra jump) then b7 clears three cards; the
    # classic upple on b4 ends the turn after one, where the next turn finds only the refilled d4. Fewer cards
    # cleared, more turns to the end.
    cards = {"d5": "w1", "d7": "w1", "b7": "wg", "b4": "wg"}
    state = position(cards, ["d4"], mode="training")
    move = judged(state, "jump d4 b4")
    assert REVIEWER.scale_of(state) is TURNS and TURNS.unit == "turns"
    assert move["best"] == "jump d4 d5"
    assert move["loss"] >= TURNS.inaccuracy
    assert move["played_value"] < move["best_value"] < 0  # minus the expected turns
    assert move["notes"]["chain"][0] == "jump d4 d5"


def test_a_move_with_no_choice_is_the_best() -> None:
    state = position({"d5": "w1"}, ["d4", "a1"])  # d5 is the only landing
    assert state.legal_actions(0) == ["jump d4 d5"]
    move = judged(state, "jump d4 d5")
    assert move["verdict"] == "best" and move["loss"] == 0.0


def test_every_persons_move_gets_a_verdict_and_no_bots_move_does() -> None:
    final = played_to_the_end("review-6", 2, "survival")
    result = review.review(final, REVIEWER, [0])
    assert result["scale"] == "chance"
    assert len(result["moves"]) == len(final.history)
    for move in result["moves"]:
        assert (move["verdict"] is not None) == (move["seat"] == 0)
        assert len(move["values"]) == 2 and all(0.0 <= value <= 1.0 for value in move["values"])
    assert result["accuracy"][1] is None and result["accuracy"][0] is not None
    assert result["summary"]["scores"] == final.scores()


def test_the_same_game_is_reviewed_the_same_twice() -> None:
    final = played_to_the_end("review-6", 2, "survival")
    assert review.review(final, REVIEWER, [1]) == review.review(final, REVIEWER, [1])


def test_training_summary_gives_the_turns_taken_against_the_deals_par() -> None:
    final = played_to_the_end("review-1", 1, "training")
    summary = REVIEWER.summary(final, [0])
    assert summary["turns"] == [final.seats[0].turns]
    assert 20 <= summary["par"] <= 35
    assert REVIEWER.values(final, Rng("x"), 1) == [-float(final.seats[0].turns)]
