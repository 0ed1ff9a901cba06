"""The review of a finished game, the part every game shares (core/review.py, the bridge's review and judge): tested
on Pebbles, the test-only game, whose reviewer is exact (tests/games/py/pebbles/review.py)."""

from __future__ import annotations

from typing import Any

import pytest

import gamebox
from gamebox.core import bridge, review, share
from gamebox.core.review import CHANCE, Scale

SEED = "WON"  # deals 25 pebbles: seat 0 wins by taking 1, then 4 minus each take of the other
HUMAN_AND_BOT = [{"kind": "human", "level": ""}, {"kind": "bot", "level": "easy"}]


def finished_pebbles(takes: list[int], seed: str = SEED) -> Any:
    """A game of Pebbles dealt from ``seed``: the takes given, then 1 at a time to the end."""
    game = gamebox.get("pebbles")
    state = game.new(seed, 2)
    for count in takes:
        state.apply(state.to_move[0], f"take {count}")
    while not state.is_over:
        state.apply(state.to_move[0], "take 1")
    return state


def ask(**request: Any) -> dict[str, Any]:
    return bridge.handle(request)


@pytest.fixture(autouse=True)
def closed_bridge() -> Any:
    bridge.reset()
    yield
    bridge.reset()


@pytest.mark.parametrize(("loss", "verdict"), [(0.0, "best"), (0.05, "good"), (0.1, "inaccuracy"),
                                               (0.2, "mistake"), (0.3, "blunder"), (1.0, "blunder")])
def test_lichess_thresholds_of_win_chance_lost_word_the_verdict(loss: float, verdict: str) -> None:
    assert CHANCE.verdict(loss, best=False) == verdict


def test_the_best_move_is_best_whatever_the_search_says_it_lost() -> None:
    assert CHANCE.verdict(0.5, best=True) == "best"


def test_accuracy_is_100_for_no_loss_and_falls_with_the_win_chance_lost() -> None:
    assert CHANCE.accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert 60 < CHANCE.accuracy(0.1) < 70
    assert CHANCE.accuracy(1.0) == 0.0
    points = Scale("points", 10, 20, 30)
    assert points.accuracy(30) == pytest.approx(CHANCE.accuracy(0.3))  # a blunder's loss counts as 0.3 of a win


def test_throwing_away_a_won_pile_is_a_blunder_and_the_better_move_is_the_winning_take() -> None:
    state = gamebox.get("pebbles").new(SEED, 2)
    pile = state.pile
    assert pile % 4, "the seed deals a won pile to seat 0"
    wrong = 1 if pile % 4 != 1 else 2
    final = finished_pebbles([wrong])
    reviewed = review.review(final, gamebox.get("pebbles").reviewer, [0])
    first = reviewed["moves"][0]
    assert first["verdict"] == "blunder" and first["loss"] == 1.0
    assert first["best"] == f"take {pile % 4}"


def test_only_the_people_s_moves_get_a_verdict_and_every_move_a_point_of_the_chart() -> None:
    final = finished_pebbles([])
    reviewed = review.review(final, gamebox.get("pebbles").reviewer, [0])
    assert len(reviewed["moves"]) == len(final.history)
    for move in reviewed["moves"]:
        assert (move["verdict"] is not None) == (move["seat"] == 0)
        assert len(move["values"]) == 2 and all(0.0 <= value <= 1.0 for value in move["values"])
    assert reviewed["accuracy"][1] is None and 0.0 <= reviewed["accuracy"][0] <= 100.0


def test_the_bridge_reviews_in_pieces_the_same_as_at_once() -> None:
    final = finished_pebbles([])
    code = share.encode(final)
    pieces, start = [], 0
    while True:
        reply = ask(op="review", code=code, seats=HUMAN_AND_BOT, **{"from": start})
        assert reply["ok"], reply
        pieces.extend(reply["moves"])
        start = reply["next"]
        if reply["done"]:
            break
    whole = review.review(final, gamebox.get("pebbles").reviewer, [0])
    assert pieces == whole["moves"] and reply["accuracy"] == whole["accuracy"]
    assert reply["summary"] == whole["summary"] and reply["total"] == len(final.history)


def test_a_review_judged_in_two_halves_by_two_workers_is_the_review_judged_whole() -> None:
    """The page's second worker (web/review-pool.js) judges the later moves with ``judge`` over a range while the
    engine's review stops before them (``to``) and then takes them as its own (``judged``)."""
    final = finished_pebbles([])
    code = share.encode(final)
    total = len(final.history)
    half = total // 2
    first, start = [], 0
    while start < half:
        reply = ask(op="review", code=code, seats=HUMAN_AND_BOT, to=half, **{"from": start})
        assert reply["ok"] and not reply["done"] and reply["next"] <= half, reply
        first.extend(reply["moves"])
        start = reply["next"]
    other = ask(op="judge", code=code, seats=HUMAN_AND_BOT, to=total, **{"from": half})  # as the other worker would
    assert other["ok"] and other["total"] == total
    assert [move["ply"] for move in other["moves"]] == list(range(half, total))
    last = ask(op="review", code=code, seats=HUMAN_AND_BOT, judged=other["moves"], **{"from": half})
    assert last["ok"] and last["done"] and last["moves"] == other["moves"]
    whole = review.review(final, gamebox.get("pebbles").reviewer, [0])
    assert first + other["moves"] == whole["moves"]
    assert last["accuracy"] == whole["accuracy"] and last["summary"] == whole["summary"]


def test_moves_handed_to_a_review_must_be_the_moves_that_follow() -> None:
    final = finished_pebbles([])
    code = share.encode(final)
    other = ask(op="judge", code=code, seats=HUMAN_AND_BOT, to=3, **{"from": 1})["moves"]
    refused = ask(op="review", code=code, seats=HUMAN_AND_BOT, judged=other)  # moves 1 and 2, not 0 and 1
    assert not refused["ok"] and refused["error"]["key"] == "error.bad_request"
    unjudged = [dict(move, verdict=None) for move in ask(op="judge", code=code, seats=HUMAN_AND_BOT, to=1,
                                                           **{"from": 0})["moves"]]
    refused = ask(op="review", code=code, seats=HUMAN_AND_BOT, judged=unjudged)  # a person's move with no verdict
    assert not refused["ok"] and refused["error"]["key"] == "error.bad_request"
    assert not ask(op="judge", code=code, to=len(final.history) + 1, **{"from": 0})["ok"]


def test_a_game_still_in_play_is_never_reviewed() -> None:
    state = gamebox.get("pebbles").new(SEED, 2)
    state.apply(0, "take 1")
    reply = ask(op="review", code=share.encode(state), seats=HUMAN_AND_BOT)
    assert not reply["ok"] and reply["error"]["key"] == "review.unfinished"
    reply = ask(op="judge", code=share.encode(state), ply=0, action="take 2")
    assert not reply["ok"] and reply["error"]["key"] == "review.unfinished"


def test_a_review_goes_on_only_from_where_it_stopped() -> None:
    code = share.encode(finished_pebbles([]))
    reply = ask(op="review", code=code, seats=HUMAN_AND_BOT, **{"from": 3})
    assert not reply["ok"] and reply["error"]["key"] == "review.restart"


def test_judge_words_a_try_at_a_move_of_the_finished_game_as_the_review_would() -> None:
    final = finished_pebbles([])
    code = share.encode(final)
    pile = gamebox.get("pebbles").new(SEED, 2).pile
    right = ask(op="judge", code=code, ply=0, action=f"take {pile % 4}")
    assert right["ok"] and right["move"]["verdict"] == "best"
    wrong = ask(op="judge", code=code, ply=0, action="take 1" if pile % 4 != 1 else "take 2")
    assert wrong["move"]["verdict"] == "blunder"
    refused = ask(op="judge", code=code, ply=0, action="take 9")
    assert not refused["ok"] and refused["error"]["key"].startswith("pebbles."), refused  # in the rules' words


def test_a_game_without_a_reviewer_says_so_in_its_manifest() -> None:
    described = {game["id"]: game["review"] for game in gamebox.manifest()["games"]}
    assert described["pebbles"] == {"scale": "chance"}


def test_every_game_s_reviewer_is_a_reviewer_with_a_known_scale() -> None:
    for game in gamebox.games():
        if game.reviewer is not None:
            assert isinstance(game.reviewer, review.Reviewer), game.id
            assert game.reviewer.scale.unit in ("chance", "points", "turns", "ms"), game.id
