"""Ubongo's review (py/gamebox/ubongo/review.py; docs/rules/ubongo.md, "Review"): each hand-in's time against the
card and the bots' levels, an unsolved card's solution, the hints of puzzle mode."""

from __future__ import annotations

import functools
from typing import Any

from gamebox.core import bots, review
from gamebox.core.rng import Rng
from gamebox.ubongo import GAME, solver
from gamebox.ubongo.bots import solve_time_ms
from gamebox.ubongo.review import REVIEWER, Card, card_of
from gamebox.ubongo.rules import UbongoState, parse_placement

RNG = Rng("test-ubongo-review")


def race(seed: str = "REVIEW", players: int = 2) -> UbongoState:
    state = GAME.new(seed, players)
    assert isinstance(state, UbongoState)
    return state


def judged(state: UbongoState, seat: int, action: str) -> dict[str, Any]:
    return review.judged_move(REVIEWER, state, len(state.history), seat, action)


def verdict(state: UbongoState, seat: int, action: str) -> tuple[str, str]:
    """The reviewer's verdict on a move and its better move: by the loss, "best" only for the move itself. (A slow
    hand-in's better move is the same tiles at the hard bot's time, which core.review.judged_move now takes for the
    same move, ``State.same_move`` ignoring the clock, and calls "best": docs/rules/ubongo.md, "Review".)"""
    judgement = REVIEWER.judge(state.copy(), seat, action, RNG, 1)
    assert judgement is not None
    loss = max(0.0, judgement.best_value - judgement.played_value)
    return REVIEWER.scale.verdict(loss, judgement.best == action), judgement.best


def hand_in(state: UbongoState, seat: int, ms: int) -> str:
    return f"solve {state.listed_solution(seat)} @{ms}"


@functools.cache
def finished_race(number: int, players: int = 2) -> UbongoState:
    """A finished race: seat 0 played by the easy bot (the person), the others by the normal bot."""
    state = race(f"review-{number}", players)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, bots.choose(state, seat, "easy" if seat == 0 else "normal", seed=f"review/{number}"))
    return state


def puzzle(seed: str = "REVIEW-07ER") -> UbongoState:
    state = GAME.new(seed, 1)
    assert isinstance(state, UbongoState)
    return state


def wrong_place(state: UbongoState) -> str:
    """A legal placement that lies where no solution puts that tile."""
    side = state.card_side(0)
    colour = state.colour(0)
    right = {(p.tile, p.cells(colour)) for solution in solver.solve(side.board, colour, side.tiles[colour])
             for p in solution}
    for action in state.legal_actions(0):
        if action.startswith("place "):
            p = state.copy()
            p.apply(0, action)
            (placed,) = p.placed.values()
            if (placed.tile, placed.cells(colour)) not in right:
                return action
    raise AssertionError(f"every placement of {side.code(colour)} is right")


# -- the levels' times: the bots' own model ---------------------------------------------------------------
def test_the_levels_median_times_are_the_bots_time_model_at_the_middle_of_its_spread():
    card = Card(4, 3, 240_000)
    assert card.levels() == {"easy": 88_000, "normal": 44_000, "hard": 24_000}
    assert Card(1, 3, 240_000).median_ms("hard") == 9_000  # nobody is faster than their hands: 1 s + 3 x 2.5 s
    assert Card(10, 4, 120_000).median_ms("easy") is None  # 220 s is past the second 60 s sand timer


def test_the_chance_to_beat_a_level_is_the_share_of_the_bots_own_draws_it_beats():
    card = Card(5, 3, 240_000)
    rng = Rng("draws")
    draws = [solve_time_ms("normal", 5, rng) for _ in range(4000)]
    for ms in (20_000, 40_000, 55_500, 90_000):
        share = sum(1.0 if t is None or t >= 240_000 or t > ms else 0.5 if t == ms else 0.0 for t in draws) / 4000
        assert abs(card.beats("normal", ms) - share) < 0.02


# -- a race's hand-ins -------------------------------------------------------------------------------------
def test_a_hand_in_faster_than_the_hard_bot_is_best():
    state = race()
    hard = card_of(state, 0).median_ms("hard")
    assert hard is not None
    move = judged(state, 0, hand_in(state, 0, hard - 1000))
    assert move["verdict"] == "best" and move["loss"] == 0.0
    assert judged(state, 0, hand_in(state, 0, hard))["verdict"] == "best"


def test_a_hand_in_at_the_normal_bots_median_is_a_mistake_and_at_the_easy_bots_a_blunder():
    state = race()
    levels = card_of(state, 0).levels()
    assert levels["normal"] is not None and levels["easy"] is not None
    assert verdict(state, 0, hand_in(state, 0, levels["normal"])) == ("mistake", hand_in(state, 0, levels["hard"] or 0))
    assert verdict(state, 0, hand_in(state, 0, levels["easy"]))[0] == "blunder"


def test_a_hand_in_a_little_slower_than_the_hard_bot_is_good():
    state = race()
    hard = card_of(state, 0).median_ms("hard")
    assert hard is not None
    assert verdict(state, 0, hand_in(state, 0, hard + 1000))[0] == "good"


def test_an_unsolved_card_is_a_blunder_and_shows_its_solution():
    state = race()
    move = judged(state, 0, "timeout")
    assert move["verdict"] == "blunder"
    best = str(move["best"])
    assert best.startswith("solve ") and best == hand_in(state, 0, card_of(state, 0).median_ms("hard") or 0)
    after = state.copy()
    after.apply(0, best)  # the better move is a legal hand-in: the page can lay it on the card
    assert move["notes"]["solution"] == state.listed_solution(0)


def test_a_hand_in_notes_its_time_the_cards_difficulty_and_each_levels_time_and_chance():
    state = race()
    card = card_of(state, 0)
    notes = judged(state, 0, hand_in(state, 0, 30_000))["notes"]
    assert isinstance(notes, dict)
    assert notes["time_ms"] == 30_000 and notes["difficulty"] == card.difficulty and notes["tiles"] == 3
    assert notes["levels"] == card.levels() and set(notes["beats"]) == {"easy", "normal", "hard"}


def test_the_chart_is_each_seats_share_of_the_gem_points_and_the_winner_ends_at_one():
    state = race()
    assert REVIEWER.values(state, RNG, 1) == [0.5, 0.5]
    state.apply(0, hand_in(state, 0, 20_000))
    state.apply(1, "timeout")
    scores = state.scores()
    assert scores[1] == 0 and REVIEWER.values(state, RNG, 1) == [1.0, 0.0]
    state.apply(0, "timeout")
    state.apply(1, hand_in(state, 1, 20_000))
    points = state.scores()
    assert REVIEWER.values(state, RNG, 1) == [points[0] / sum(points), points[1] / sum(points)]
    final = finished_race(1)
    (winner,) = final.winners()
    assert REVIEWER.values(final, RNG, 1)[winner] == 1.0


# -- a whole race --------------------------------------------------------------------------------------------
def test_every_persons_hand_in_gets_a_verdict_and_a_bots_none():
    final = finished_race(1)
    moves = review.review(final, REVIEWER, [0])["moves"]
    assert all((move["verdict"] is not None) == (move["seat"] == 0) for move in moves)


def test_a_review_is_the_same_every_time_and_at_double_effort():
    final = finished_race(1)
    once = review.review(final, REVIEWER, [0, 1], effort=1)
    assert review.review(final, REVIEWER, [0, 1], effort=1) == once
    twice = review.review(final, REVIEWER, [0, 1], effort=2)
    assert [m["verdict"] for m in twice["moves"]] == [m["verdict"] for m in once["moves"]]


def test_the_summary_gives_each_round_each_seats_time_the_levels_the_difficulty_and_an_unsolved_cards_solution():
    final = finished_race(2, players=3)
    summary = REVIEWER.summary(final, [0])
    rounds = [r for r in summary["rounds"] if not r["playoff"]]
    assert [r["round"] for r in rounds] == list(range(1, 10))
    for entry in (seat for r in summary["rounds"] for seat in r["seats"]):
        assert set(entry["levels"]) == {"easy", "normal", "hard"} and 1 <= entry["difficulty"] <= 10
        assert ("solution" in entry) == (entry["person"] and entry["time_ms"] is None)
    assert summary["scores"] == final.scores() and summary["winners"] == final.winners()


def test_an_unsolved_card_of_a_person_has_its_solution_in_the_summary():
    state = race("UNSOLVED")
    solution = state.listed_solution(0)
    card = card_of(state, 0)
    state.apply(0, "timeout")
    state.apply(1, hand_in(state, 1, 50_000))
    (first,) = REVIEWER.summary(state, [0])["rounds"]
    person, other = first["seats"]
    assert person["solution"] == solution and person["time_ms"] is None
    assert person["levels"] == card.levels() and person["difficulty"] == card.difficulty
    assert "solution" not in other and other["time_ms"] == 50_000


# -- puzzle mode -------------------------------------------------------------------------------------------------
def test_a_puzzle_solved_tile_by_tile_the_right_way_is_all_best():
    state = puzzle()
    while not state.is_over:
        action = bots.choose(state, 0, "hard", seed="p")
        assert judged(state, 0, action)["verdict"] == "best"
        state.apply(0, action)


def test_a_tile_laid_where_no_solution_puts_it_is_an_inaccuracy_and_the_best_is_the_next_correct_tile():
    state = puzzle()
    move = judged(state, 0, wrong_place(state))
    assert move["verdict"] == "inaccuracy"
    assert move["best"] == bots.choose(state, 0, "hard", seed="p")


def test_taking_off_a_wrong_tile_is_best_and_a_right_one_an_inaccuracy():
    state = puzzle()
    wrong = wrong_place(state)
    tile = wrong.split()[1]
    off_wrong = state.copy()
    off_wrong.apply(0, wrong)
    assert judged(off_wrong, 0, f"remove {tile}")["verdict"] == "best"
    right = state.copy()
    right.apply(0, bots.choose(state, 0, "hard", seed="p"))
    (placed,) = right.placed
    assert judged(right, 0, f"remove {placed}")["verdict"] == "inaccuracy"


def test_a_hint_gives_away_one_of_the_cards_tiles_and_shows_in_the_summary():
    state = puzzle()
    card = card_of(state, 0)
    move = judged(state, 0, "hint @4000")
    assert move["verdict"] == "mistake"  # one of three tiles: a third of what giving up loses
    assert abs(float(move["loss"]) - (card.best_value() - card.value(None)) / 3) < 1e-3
    state.apply(0, "hint @4000")
    assert REVIEWER.summary(state, [0])["hints"] == 1


def test_showing_the_solution_is_a_blunder_and_the_summary_gives_the_solution():
    state = puzzle()
    move = judged(state, 0, "solution")
    assert move["verdict"] == "blunder"
    state.apply(0, "solution")
    summary = REVIEWER.summary(state, [0])
    assert summary["solved"] is False and summary["solution_shown"] and summary["time_ms"] is None
    side = state.card_side(0)
    placements = [parse_placement(text) for text in summary["solution"].split(", ")]
    assert solver.covers(side.board, state.colour(0), placements)


def test_the_tile_that_solves_the_puzzle_is_judged_by_the_time_against_the_levels():
    state = puzzle()
    card = card_of(state, 0)
    while len(state.placed) < card.tiles - 1:
        state.apply(0, bots.choose(state, 0, "hard", seed="p") + " @1000")
    last = bots.choose(state, 0, "hard", seed="p")
    assert judged(state, 0, f"{last} @{card.median_ms('hard')}")["verdict"] == "best"
    assert verdict(state, 0, f"{last} @{card.median_ms('easy')}") == ("blunder", f"{last} @{card.median_ms('hard')}")
    state.apply(0, f"{last} @30000")
    summary = REVIEWER.summary(state, [0])
    assert summary["solved"] and summary["time_ms"] == 30_000 and summary["hints"] == 0
