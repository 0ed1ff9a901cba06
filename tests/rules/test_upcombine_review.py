"""Up Combine's reviewer (py/gamebox/upcombine/review.py, docs/rules/upcombine.md "Review"): one test per rule of
the review."""

from __future__ import annotations

from collections import Counter
from typing import Any

import gamebox
from gamebox.core import review
from gamebox.core.bots import choose
from gamebox.core.review import CHANCE
from gamebox.core.rng import Rng
from gamebox.upcombine.pieces import full_set, sorted_pieces
from gamebox.upcombine.review import REVIEWER, chances
from gamebox.upcombine.rules import UpCombineState

GAME = gamebox.get("upcombine")


def played(seed: str, players: int, moves: int) -> UpCombineState:
    """A seeded game after ``moves`` actions of easy bots."""
    state = GAME.new(seed, players)
    assert isinstance(state, UpCombineState)
    for _ in range(moves):
        seat = state.to_move[0]
        state.apply(seat, choose(state, seat, "easy", 0, seed=seed))
    return state


def seat_zero_to_place(seed: str) -> UpCombineState:
    """A seeded game at the first turn of seat 0 with a choice between placements, after a few rounds' moves."""
    state = played(seed, 2, 12)
    while not (state.current == 0 and len(state.legal_actions(0)) > 2 and state.placements(0)):
        seat = state.to_move[0]
        state.apply(seat, choose(state, seat, "easy", 0, seed=seed))
    return state


def restored(state: UpCombineState, **fields: Any) -> UpCombineState:
    again = GAME.restore({**state.snapshot(), **fields}, seed=state.seed, players=state.players,
                         options=state.options, edition=state.edition, history=state.history, rng=state.rng)
    assert isinstance(again, UpCombineState)
    return again


def judged(state: UpCombineState, action: str, person: bool = True) -> dict[str, Any]:
    return review.judged_move(REVIEWER, state, len(state.history), state.current, action, person=person)


def test_a_verdict_never_uses_another_hand() -> None:
    # Seat 1's hand and the pile swap pieces of the same colour (so seat 0 sees exactly the same table), and the
    # generator of the draws to come is another: every judgement of seat 0's moves stays the same.
    state = seat_zero_to_place("review-hands")
    hand, pile = list(state.hands[1]), list(state.pile)
    swaps = 0
    for index, code in enumerate(hand):
        other = next((i for i, piece in enumerate(pile) if piece[0] == code[0] and piece != code), None)
        if other is not None:
            hand[index], pile[other] = pile[other], code
            swaps += 1
    assert swaps >= 3
    hidden = restored(state, hands=[state.hands[0], sorted_pieces(hand)], pile=sorted_pieces(pile))
    hidden.rng = Rng("another future")
    assert hidden.view(0) == state.view(0) and hidden.hands[1] != state.hands[1]
    for action in state.legal_actions(0)[:3]:
        assert judged(state, action) == judged(hidden, action)


def test_drawing_instead_of_going_out_to_win_the_game_is_a_blunder() -> None:
    # Totals 10 and 7: seat 0 has placed once this turn and holds one orange triangle, which fits stack 2's
    # orange star. Placing it empties the hand: seat 1 scores its 5 pieces, reaches 12 and seat 0 wins the game.
    # Drawing instead keeps the round going, and seat 1, three points behind, may yet catch up.
    state = GAME.new("review-out", 2)
    assert isinstance(state, UpCombineState)
    hands = [["Ot"], sorted_pieces(["Bq", "Pd", "Gs", "Rc", "Rq"])]
    stacks = [["Bc", "Bs"], ["Os"]]
    box = Counter(full_set())
    box.subtract(code for group in (*hands, *stacks) for code in group)
    out = restored(state, round=3, starter=0, current=0, stacks=stacks, used=[True, False], placed=1, hands=hands,
                   pile=sorted_pieces(box.elements()), totals=[10, 7], choosing_bases=False)
    assert "Ot 2" in out.legal_actions(0) and "draw B" in out.legal_actions(0)
    move = judged(out, "draw B")
    assert move["verdict"] == "blunder" and move["best"] == "Ot 2"
    assert move["best_value"] == 1.0
    assert judged(out, "Ot 2")["verdict"] == "best"


def test_the_win_chance_of_totals_favours_the_lowest_and_sums_to_one() -> None:
    assert CHANCE is REVIEWER.scale
    even = chances((5, 5))
    assert abs(even[0] - 0.5) < 0.05 and abs(sum(even) - 1.0) < 1e-9
    ahead = chances((2, 9, 7))
    assert ahead[0] > ahead[2] > ahead[1] and abs(sum(ahead) - 1.0) < 1e-9
    assert chances((12, 3)) == (0.0, 1.0)  # the game is over: the lowest total has won


def test_a_bots_move_gets_no_verdict_but_a_point_of_the_chart() -> None:
    state = seat_zero_to_place("review-bot")
    move = judged(state, state.legal_actions(0)[0], person=False)
    assert move["verdict"] is None and move["best"] is None
    assert len(move["values"]) == 2 and abs(sum(move["values"]) - 1.0) < 1e-3  # rounded to 4 places


def test_every_persons_move_gets_a_verdict_with_the_better_move() -> None:
    state = seat_zero_to_place("review-person")
    for _ in range(4):
        seat = state.current
        action = choose(state, seat, "easy", 0, seed="person")
        move = judged(state, action)
        assert move["verdict"] in review.VERDICTS
        assert move["best"] in state.legal_actions(seat)
        assert 0.0 <= move["played_value"] <= move["best_value"] <= 1.0
        state.apply(seat, action)


def test_the_same_move_is_judged_the_same_twice() -> None:
    state = seat_zero_to_place("review-twice")
    action = state.legal_actions(0)[-1]
    assert judged(state, action) == judged(state.copy(), action)


def test_summary_gives_the_totals_winners_and_rounds() -> None:
    final = played("review-summary", 4, 0)
    while not final.is_over:
        seat = final.to_move[0]
        final.apply(seat, choose(final, seat, "easy", 0, seed="summary"))
    summary = REVIEWER.summary(final, [0])
    assert summary["totals"] == final.totals and summary["winners"] == final.winners()
    assert [r["round"] for r in summary["rounds"]] == list(range(1, len(final.rounds) + 1))
