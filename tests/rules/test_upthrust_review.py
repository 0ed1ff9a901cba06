"""Upthrust's review (py/gamebox/upthrust/review.py; docs/rules/upthrust.md, "Review"): each test names the rule of
the review it checks."""

from __future__ import annotations

from typing import Any

import pytest

import gamebox
from gamebox.core import bridge, review, share
from gamebox.core.rng import Rng
from gamebox.upthrust import bots, solver
from gamebox.upthrust import review as upthrust_review
from gamebox.upthrust.review import POINTS, REVIEWER
from gamebox.upthrust.rules import UpthrustState

GAME = gamebox.get("upthrust")

# Score Up from the classic start: 24 moves of a best line (560 still reachable), then a6, a jump that throws away
# 40 points (the best reachable falls to 520; the solver's move there is b3), then a best line to the end (520).
BEFORE_THE_BLUNDER = [
    "d1", "d2", "d3", "d4", "c2", "c3", "c4", "a3", "c5", "a4", "a1", "d6", "c1", "b4", "c6", "a5", "d7", "c3",
    "d5", "c7", "b6", "d8", "a7", "b8",
]
BLUNDER = "a6"
AFTER_THE_BLUNDER = [
    "b3", "b4", "a4", "b2", "c5", "b1", "a2", "b2", "a5", "a6", "b6", "c7", "a7", "b4", "b7", "b3", "a4", "b4",
    "d7", "a8", "b6",
]


def score_up(moves: list[str]) -> UpthrustState:
    state = GAME.new("blunder", 1)
    assert isinstance(state, UpthrustState)
    for action in moves:
        state.apply(0, action)
    return state


def finished_race(seed: str, players: int = 2) -> UpthrustState:
    """A finished game: seat 0 plays at random (the person), the others are the easy bot."""
    state = GAME.new(seed, players)
    assert isinstance(state, UpthrustState)
    rng = Rng(seed)
    while not state.is_over:
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat)) if seat == 0 else bots.easy(state, seat, 0, rng)
        state.apply(seat, action)
    return state


def replayed_score(state: UpthrustState, line: list[str]) -> int:
    work = state.copy()
    for action in line:
        work.apply(0, action)
    assert work.is_over
    return work.scores()[0]


def test_a_jump_that_throws_away_40_points_is_a_blunder_with_that_loss() -> None:
    before = score_up(BEFORE_THE_BLUNDER)
    ply = len(BEFORE_THE_BLUNDER)
    move = review.judged_move(REVIEWER, before, ply, 0, BLUNDER)
    # what the solver proves: 560 before the jump, 520 after it
    after = before.copy()
    after.apply(0, BLUNDER)
    assert solver.value(before.board) == 560 and solver.value(after.board) == 520
    assert REVIEWER.scale_of(before) is POINTS
    assert move["verdict"] == "blunder"
    assert move["loss"] == 40.0
    assert (move["best_value"], move["played_value"], move["values"]) == (560.0, 520.0, [520.0])
    # the better move is the solver's optimal move, and the best game from here starts with it and reaches 560
    (start, _), _ = solver.optimal_move(before.board)
    assert move["best"] == "b3" == f"{'abcd'[start % 4]}{start // 4 + 1}"
    assert move["notes"]["proven"] is True
    assert move["notes"]["best_score"] == 560
    assert move["notes"]["best_line"][0] == "b3"
    assert replayed_score(before, move["notes"]["best_line"]) == 560


def test_a_jump_that_keeps_the_best_score_is_best_and_its_line_goes_through_it() -> None:
    before = score_up(BEFORE_THE_BLUNDER[:-1])
    move = review.judged_move(REVIEWER, before, len(BEFORE_THE_BLUNDER) - 1, 0, BEFORE_THE_BLUNDER[-1])
    assert (move["verdict"], move["loss"], move["best"]) == ("best", 0.0, "b8")
    assert move["notes"]["best_line"][0] == "b8"
    assert replayed_score(before, move["notes"]["best_line"]) == 560 == move["notes"]["best_score"]


def test_score_up_thresholds_are_one_two_and_three_tens_of_points() -> None:
    assert (POINTS.unit, POINTS.inaccuracy, POINTS.mistake, POINTS.blunder) == ("points", 10, 20, 30)
    assert [POINTS.verdict(loss, False) for loss in (0, 5, 10, 20, 30, 40)] == [
        "best", "good", "inaccuracy", "mistake", "blunder", "blunder"]


def test_score_up_chart_values_are_the_best_reachable_score() -> None:
    start = score_up([])
    assert REVIEWER.values(start, Rng("chart"), 1) == [560.0] == [float(start.target or 0)]
    assert REVIEWER.values(score_up(BEFORE_THE_BLUNDER + [BLUNDER]), Rng("chart"), 1) == [520.0]


def test_score_up_judgement_does_not_depend_on_earlier_searches() -> None:
    """Each judgement searches with a memo table of its own: the same record from a cold and a warm solver."""
    before = score_up(BEFORE_THE_BLUNDER)
    solver.forget()
    cold = review.judged_move(REVIEWER, before, 24, 0, BLUNDER)
    solver.principal_line(before.board)  # fills the hints' table
    warm = review.judged_move(REVIEWER, before, 24, 0, BLUNDER)
    assert cold == warm


def test_the_score_up_summary_gives_the_score_the_best_score_and_a_best_line_from_the_start() -> None:
    final = score_up(BEFORE_THE_BLUNDER + [BLUNDER] + AFTER_THE_BLUNDER)
    assert final.is_over
    summary = REVIEWER.summary(final, [0])
    assert (summary["score"], summary["best_score"], summary["proven"]) == (520, 560, True)
    assert replayed_score(score_up([]), summary["best_line"]) == 560


@pytest.fixture
def few_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer playouts, so that whole reviews of races fit in the test file's time (the rules are the same)."""
    monkeypatch.setattr(upthrust_review, "FIRST_PLAYOUTS", 4)
    monkeypatch.setattr(upthrust_review, "PLAYOUTS", 8)
    monkeypatch.setattr(upthrust_review, "CHART_PLAYOUTS", 4)


@pytest.mark.usefixtures("few_playouts")
def test_every_persons_race_move_gets_a_verdict_and_no_bot_move_does() -> None:
    final = finished_race("people", 3)
    record = review.review(final, REVIEWER, [0])
    assert record["scale"] == "chance"
    assert len(record["moves"]) == len(final.history)
    for move in record["moves"]:
        if move["seat"] == 0:
            assert move["verdict"] in review.VERDICTS
            assert move["best"] in GAME.replay(final.seed, 3, final.options,
                                               final.history[:move["ply"]]).legal_actions(0)
            assert 0.0 <= move["played_value"] <= move["best_value"] <= 1.0
        else:
            assert move["verdict"] is None and move["best"] is None
        assert all(0.0 <= value <= 1.0 for value in move["values"])
        assert sum(move["values"]) == pytest.approx(1.0, abs=1e-3)
    assert record["accuracy"][0] is not None and record["accuracy"][1:] == [None, None]
    assert record["summary"]["scores"] == final.scores()


@pytest.mark.usefixtures("few_playouts")
def test_the_same_race_review_twice_gives_the_same_records() -> None:
    final = finished_race("twice")
    assert review.review(final, REVIEWER, [0]) == review.review(final, REVIEWER, [0])


@pytest.mark.usefixtures("few_playouts")
def test_a_race_move_is_judged_against_the_best_of_every_choice() -> None:
    state = GAME.new("choices", 2)
    assert isinstance(state, UpthrustState)
    legal = state.legal_actions(0)
    played = legal[-1]
    judgement = REVIEWER.judge(state.copy(), 0, played, Rng("judge"), 1)
    assert judgement is not None
    chances = judgement.notes["chances"]
    assert set(chances) == set(legal)
    assert round(judgement.played_value, 4) == chances[played]
    if judgement.best != played:  # the best candidate, at least TIE above the move played
        assert round(judgement.best_value, 4) == chances[judgement.best]
        assert judgement.best_value - judgement.played_value >= upthrust_review.TIE
    else:  # the played move was the best found, or within TIE of it
        assert judgement.best_value - judgement.played_value < upthrust_review.TIE


@pytest.mark.usefixtures("few_playouts")
def test_a_race_move_with_no_choice_is_best() -> None:
    final = finished_race("forced", 3)
    replay = GAME.replay(final.seed, 3, final.options, [])
    for ply, (seat, action) in enumerate(final.history):
        if seat == 0 and len(replay.legal_actions(0)) == 1:
            move = review.judged_move(REVIEWER, replay, ply, seat, action)
            assert (move["verdict"], move["loss"], move["best"]) == ("best", 0.0, action)
            return
        replay.apply(seat, action)
    pytest.fail("the game has no forced move of seat 0")


def reviewed_through_the_bridge(final: UpthrustState, seats: list[dict[str, str]]) -> tuple[dict[str, Any], list[int]]:
    """The bridge's review of ``final``, asked a piece after another as the page asks it (from ``next``, so from 0
    again while the first move is not judged): (the review gathered, the moves each piece judged)."""
    code = share.encode(final)
    gathered: dict[str, Any] = {"moves": []}
    counts: list[int] = []
    start = 0
    while True:
        reply = bridge.handle({"op": "review", "code": code, "seats": seats, "from": start})
        assert reply["ok"], reply
        gathered["moves"].extend(reply["moves"])
        assert start > 0 or reply["start"] == gathered.setdefault("start", reply["start"])
        counts.append(len(reply["moves"]))
        start = reply["next"]
        if reply["done"]:
            gathered.update(accuracy=reply["accuracy"], summary=reply["summary"])
            return gathered, counts


@pytest.mark.parametrize("setup", ["score up", "race"])
def test_a_review_in_pieces_that_stop_inside_a_move_or_the_start_s_work_is_the_review_judged_at_once(
        setup: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bridge's review pieces stop at their deadline at a pause point of the move in hand (a Score Up search, a
    race's playouts), and do Score Up's summary search from the second piece on (docs/review.md "Two workers"):
    every piece one step here, the same records, chart, accuracy and summary as the review judged at once."""
    monkeypatch.setattr(upthrust_review, "FIRST_PLAYOUTS", 4)
    monkeypatch.setattr(upthrust_review, "PLAYOUTS", 8)
    monkeypatch.setattr(upthrust_review, "CHART_PLAYOUTS", 4)
    monkeypatch.setattr(upthrust_review, "NODES", {False: 3_000, True: 3_000})  # smaller searches: the same rules
    monkeypatch.setattr(upthrust_review, "SUMMARY_NODES", 20_000)
    monkeypatch.setattr(bridge, "REVIEW_SLICE_MS", 0)
    monkeypatch.setattr(upthrust_review, "PAUSE_PLAYOUTS", 1)
    monkeypatch.setattr(solver, "PAUSE_NODES", 64)
    if setup == "score up":
        final = score_up(BEFORE_THE_BLUNDER + [BLUNDER] + AFTER_THE_BLUNDER)
        seats = [{"kind": "human", "level": ""}]
    else:
        final = finished_race("pieces")
        seats = [{"kind": "human", "level": ""}, {"kind": "bot", "level": "easy"}]
    bridge.reset()
    upthrust_review.forget()
    pieces, counts = reviewed_through_the_bridge(final, seats)
    bridge.reset()
    upthrust_review.forget()
    whole = review.review(final, REVIEWER, [0])
    assert counts[:2] == [0, 0]  # the first pieces stopped inside the first move; the page asked from 0 again
    assert pieces["moves"] == whole["moves"] and pieces["start"] == whole["start"]
    assert pieces["accuracy"] == whole["accuracy"] and pieces["summary"] == whole["summary"]


def test_the_classic_start_s_pinned_searches_are_what_the_search_finds() -> None:
    """The chart's first point and the summary's search of the classic start under Score Up's own row rule are
    pinned (``PINNED``, issue 28's cold review): each is what a search from nothing finds, for today's budgets."""
    start = solver.board_key(score_up([]).board)
    assert set(upthrust_review.PINNED) == {(True, upthrust_review.NODES[True], start),
                                           (True, upthrust_review.SUMMARY_NODES, start)}
    for (every_row, nodes, _), pinned in upthrust_review.PINNED.items():
        solve = upthrust_review.Solve(every_row, nodes)
        bounds = review.finish(solve.best(score_up([]).board))
        line = review.finish(solve.line(score_up([]).board, bounds))
        assert pinned == upthrust_review.Searched(bounds, tuple(line))
