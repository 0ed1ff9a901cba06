"""Upthrust: one test per rule (docs/rules/upthrust.md), each quoting the rule it checks."""

from __future__ import annotations

import json
import sys

import pytest

import gamebox
from gamebox.core.errors import IllegalAction, InvalidSetup
from gamebox.core.rng import Rng
from gamebox.upthrust import bots, solver
from gamebox.upthrust.rules import (
    BAN_EVERY_ROW,
    BAN_NONSCORING_ROWS,
    COLOUR_LETTERS,
    COLOURS,
    EMPTY,
    END_NO_MOVES,
    END_TWO_LEFT,
    ROW_VALUES,
    SAME_COLOUR_BAN,
    START,
    START_DEALT,
    UpthrustState,
    all_moves,
    start_board,
)

GAME = gamebox.get("upthrust")
SCORE_UP_RULE = {SAME_COLOUR_BAN: BAN_EVERY_ROW}


def new(players: int = 4, seed: str = "RULES", **options: str) -> UpthrustState:
    state = GAME.new(seed, players, **options)
    assert isinstance(state, UpthrustState)
    return state


def place(state: UpthrustState, rows: dict[int, str], pieces: dict[int, int] | None = None,
          **changes: object) -> UpthrustState:
    """``state``'s game with this board: {row: "G.R."} (columns a-d, '.' empty; rows not given are empty), plus
    ``pieces`` ({square: colour}), and ``changes`` to the rest of its snapshot (Game.restore)."""
    board = [EMPTY] * 44
    for row, text in rows.items():
        for column, letter in enumerate(text):
            if letter != ".":
                board[(row - 1) * 4 + column] = COLOUR_LETTERS.index(letter)
    for square, colour in (pieces or {}).items():
        board[square] = colour
    text = "/".join("".join("." if c < 0 else COLOUR_LETTERS[c] for c in board[row * 4:row * 4 + 4])
                    for row in range(10, -1, -1))
    restored = GAME.restore({**state.snapshot(), "board": text, **changes}, seed=state.seed,
                            players=state.players, options=state.options, history=state.history)
    assert isinstance(restored, UpthrustState)
    return restored


def moves_of(state: UpthrustState) -> dict[str, str]:
    view = state.view(None)
    moves = view["moves"]
    assert isinstance(moves, dict)
    return moves


def test_the_board_has_four_columns_eleven_rows_and_five_scoring_rows() -> None:
    """'4 columns x 11 rows. From the top: five scoring rows worth 60, 40, 30, 20 and 10.'"""
    view = new().view(None)
    assert view["columns"] == 4 and view["rows"] == 11
    assert view["row_values"] == [0, 0, 0, 0, 0, 0, 10, 20, 30, 40, 60]
    assert view["scoring_from_row"] == 7


def test_the_start_is_the_latin_square() -> None:
    """'The starting rows, top to bottom: G R B Y / R B Y G / B Y G R / Y G R B'; rows 5-11 start empty."""
    state = new()
    assert state.board_text() == "..../..../..../..../..../..../..../GRBY/RBYG/BYGR/YGRB"
    for colour in range(4):
        squares = [s for s in range(44) if state.board[s] == colour]
        assert sorted(s % 4 for s in squares) == [0, 1, 2, 3]
        assert sorted(s // 4 for s in squares) == [0, 1, 2, 3]


def test_piece_moves_as_many_rows_as_pieces_in_its_row() -> None:
    """'A piece moves straight up its column exactly as many rows as there are pieces in the row it leaves.'"""
    state = new(1)
    state = place(state, {1: "GR.B", 2: ".Y..", 3: "R...", 4: "..Y."})
    moves = moves_of(state)
    assert moves["a1"] == "a4" and moves["b1"] == "b4" and moves["d1"] == "d4"  # 3 pieces in row 1
    assert moves["b2"] == "b3"  # alone in row 2 (and not yellow's most advanced piece)
    state.apply(0, "a1")
    assert state.board_text().split("/")[-4] == "G.Y."


def test_a_piece_may_jump_over_other_pieces() -> None:
    """'It may jump over pieces, but must land on an empty space.'"""
    state = new(1)
    assert moves_of(state)["a1"] == "a5"  # over a2, a3, a4


def test_landing_square_must_be_empty() -> None:
    """'It ... must land on an empty space inside the board.'"""
    state = new(1)
    state = place(state, {1: "GR..", 3: "B...", 5: "Y..."})
    assert "a1" not in moves_of(state)  # a1 would land on a3 (blue)
    with pytest.raises(IllegalAction) as error:
        state.apply(0, "a1")
    assert error.value.key == "upthrust.landing_taken"


def test_no_overshoot_off_the_board() -> None:
    """'... must land on an empty space inside the board': no jump past row 11."""
    state = new(1)
    state = place(state, {9: "GRB.", 11: "Y..."})
    assert moves_of(state) == {}  # 3 pieces in row 9: row 12 does not exist
    with pytest.raises(IllegalAction) as error:
        state.apply(0, "a9")
    assert error.value.key == "upthrust.off_board"


def test_most_advanced_piece_may_not_move_one_row() -> None:
    """'The most advanced piece of a colour may not make a one-row move.'"""
    state = new(1)
    state = place(state, {1: "GRBY", 2: "RBYG", 5: "..G.", 9: "Y..."})
    assert "c5" not in moves_of(state)  # c5 is alone in its row and green's highest piece
    with pytest.raises(IllegalAction) as error:
        state.apply(0, "c5")
    assert error.value.key == "upthrust.leader_one_row"
    assert "a9" not in moves_of(state)  # the same in the scoring rows


def test_a_piece_behind_its_leader_may_move_one_row() -> None:
    """Only the most advanced piece is barred from one-row moves."""
    state = new(1)
    state = place(state, {1: "GRBY", 2: "RBYG", 5: "..G.", 8: "G..."})
    assert moves_of(state)["c5"] == "c6"


def test_two_pieces_of_one_colour_may_not_share_a_nonscoring_row() -> None:
    """'In the non-scoring rows no two pieces of one colour may share a row.'"""
    state = new(1)
    state = place(state, {1: "G..R", 3: ".G..", 6: "R.B."})
    # a1 and d1: 2 pieces in row 1, both would land in row 3; green a1 -> a3 meets green b3
    assert "a1" not in moves_of(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(0, "a1")
    assert error.value.key == "upthrust.same_colour_row"
    assert moves_of(state)["d1"] == "d3"  # red meets no red in row 3


def test_two_pieces_of_one_colour_may_share_a_scoring_row() -> None:
    """The same-colour ban holds only in the non-scoring rows (rows 1-6)."""
    state = new(1)
    state = place(state, {1: "GRBY", 2: "RBYG", 5: "G..R", 8: ".G.."})
    assert moves_of(state)["a5"] == "a7"  # 2 pieces in row 5
    state = place(state, {1: "GRBY", 2: "RBYG", 5: "G..R", 8: ".G.."}, {(7 - 1) * 4 + 2: 0})  # a green in row 7
    assert moves_of(state)["a5"] == "a7"


def test_score_up_rule_bans_two_pieces_of_a_colour_in_any_row() -> None:
    """Score Up: 'two pieces of the same color can never be in the same row' (seed 003), scoring rows too."""
    for options, allowed in [({}, True), (SCORE_UP_RULE, False)]:
        state = new(1, **options)
        state = place(state, {1: "GRBY", 2: "RBYG", 5: "G..R", 7: "..G.", 8: ".G.."})
        # a5 jumps 2 rows (2 pieces in row 5) to a7, where a green piece already stands (c7)
        assert ("a5" in moves_of(state)) is allowed
        if not allowed:
            before = state.fingerprint()
            with pytest.raises(IllegalAction) as error:
                state.apply(0, "a5")
            assert error.value.key == "upthrust.same_colour_row"
            assert "any row" in error.value.message and state.fingerprint() == before
    state = new(1, **SCORE_UP_RULE)
    state = place(state, {1: "G..R", 3: ".G.."})
    assert "a1" not in moves_of(state)  # the non-scoring ban holds under Score Up's rule as well


def test_score_up_rule_and_the_dealt_start_are_offered_to_the_solitaire_only() -> None:
    """Score Up's rule and the dealt start belong to Score Up (1 player); Upthrust (2-4) keeps its own rule."""
    assert GAME.offered_choices(1)[SAME_COLOUR_BAN] == [BAN_NONSCORING_ROWS, BAN_EVERY_ROW]
    assert GAME.offered_choices(1)[START] == ["classic", "dealt"]
    for players in (2, 3, 4):
        assert GAME.offered_choices(players) == {SAME_COLOUR_BAN: [BAN_NONSCORING_ROWS], START: ["classic"]}
        with pytest.raises(InvalidSetup):
            GAME.new("X", players, **SCORE_UP_RULE)
        with pytest.raises(InvalidSetup):
            GAME.new("X", players, start=START_DEALT)
    assert list(GAME.options) == [SAME_COLOUR_BAN, START]  # new options go at the end of the dict
    assert GAME.options[SAME_COLOUR_BAN]["default"] == BAN_NONSCORING_ROWS


def test_edition_one_keeps_upthrusts_rule_the_classic_start_and_no_options() -> None:
    """Links made before the options existed (v1) open exactly as before: no options, Upthrust's rule."""
    state = GAME.new("OLD", 1, edition=1)
    assert state.options == {} and isinstance(state, UpthrustState) and not state.every_row
    assert state.board == start_board() and state.view(0)["target"] == 560
    assert gamebox.share.encode(state) == "v1.upthrust.OLD.1."
    for options in (SCORE_UP_RULE, {START: START_DEALT}):
        with pytest.raises(InvalidSetup):
            GAME.new("OLD", 1, edition=1, **options)
    decoded = gamebox.share.decode("v1.upthrust.OLD.1..0a2")
    assert decoded.options == {} and decoded.history == [(0, "a2")]


def test_each_day_deals_another_score_up_start() -> None:
    """The daily Score Up (start: dealt, seed = the date) differs from day to day: each starting row is shuffled
    from the seed, so every row still holds one piece of each colour, and the rows above start empty."""
    boards = set()
    for day in range(1, 8):
        state = new(1, f"2026-12-{day:02d}", start=START_DEALT)
        assert state.board == new(1, f"2026-12-{day:02d}", start=START_DEALT).board  # the same for everyone
        for row in range(4):
            assert sorted(state.board[row * 4:row * 4 + 4]) == [0, 1, 2, 3]
        assert all(cell == EMPTY for cell in state.board[16:])
        boards.add(state.board_text())
    assert len(boards) == 7 and start_board() != new(1, "2026-12-01", start=START_DEALT).board


def test_a_dealt_starts_best_is_proven_and_shown() -> None:
    """The target of a dealt start is its upper bound, reached by a line the solver finds: nothing can beat it.
    It is the same whatever the solver's memo tables hold (the proof counts positions from an empty table)."""
    for seed, options in [("DEAL-1", {}), ("DEAL-2", {}), ("DEAL-3", SCORE_UP_RULE)]:
        solver.forget()
        state = new(1, seed, start=START_DEALT, **options)
        assert state.target == solver.upper_bound(state.board) == state.view(0)["target"]
        line = solver.principal_line(state.board, state.every_row)
        for start, _target in line:
            state.apply(0, f"{'abcd'[start % 4]}{start // 4 + 1}")
        assert state.is_over and state.scores() == [state.target]
        warm = new(1, seed, start=START_DEALT, **options)  # the tables now hold this game's whole search
        assert warm.fingerprint() == new(1, seed, start=START_DEALT, **options).fingerprint()
        solver.forget()
        assert new(1, seed, start=START_DEALT, **options).fingerprint() == warm.fingerprint()


def test_score_up_bots_follow_the_row_rule() -> None:
    """Both bots play Score Up to the end under Score Up's rule from a dealt start, never above the target."""
    for level in ("easy", "hard"):
        state = new(1, f"SCOREUP-{level}", start=START_DEALT, **SCORE_UP_RULE)
        while not state.is_over:
            action = gamebox.bots.choose(state, 0, level, budget_ms=20, seed="t")
            assert action in state.legal_actions(0)
            state.apply(0, action)
        assert state.target is not None and state.scores()[0] <= state.target


def test_you_may_move_only_your_own_colours() -> None:
    """Each player moves only the colour(s) dealt to them."""
    state = new(4)
    seat = state.to_move[0]
    for square, _target in all_moves(state.board):
        colour = state.board[square]
        name = f"{'abcd'[square % 4]}{square // 4 + 1}"
        if state.owners[colour] != seat:
            with pytest.raises(IllegalAction) as error:
                state.apply(seat, name)
            assert error.value.key == "upthrust.not_your_colour"
        else:
            assert name in state.legal_actions(seat)


def test_an_action_names_a_square_with_a_piece() -> None:
    """The notation is the square of the piece to move, like b3."""
    state = new(1)
    before = state.fingerprint()
    for action, key in [("z9", "upthrust.bad_square"), ("b7", "upthrust.no_piece"), ("B1", "upthrust.bad_square")]:
        with pytest.raises(IllegalAction) as error:
            state.apply(0, action)
        assert error.value.key == key
    assert state.fingerprint() == before
    assert sorted(state.legal_actions(0)) == sorted(f"{c}{r}" for c in "abcd" for r in range(1, 5))


def test_game_ends_when_two_pieces_remain_in_nonscoring_rows() -> None:
    """'The game ends ... when only 2 pieces are left in the non-scoring rows.'"""
    state = new(1)
    state = place(state, {1: "G...", 2: "R...", 5: "..B.", 6: "...Y", 7: "B...", 8: "YGR."})
    # 4 pieces below row 7. d6 and c5 are alone in their rows but not their colours' leaders (a8, a7)
    state.apply(0, "d6")  # d6 -> d7: 3 left below
    assert not state.is_over and state.nonscoring_left() == 3
    state.apply(0, "c5")  # c5 -> c6: still 3 left
    assert not state.is_over and state.nonscoring_left() == 3
    state.apply(0, "c6")  # c6 -> c7: 2 left
    assert state.is_over and state.end_reason == END_TWO_LEFT
    assert state.to_move == [] and state.legal_actions(0) == []
    assert state.log[-1]["key"] == "upthrust.game_over"


def test_game_ends_when_no_piece_can_move() -> None:
    """'The game ends when no legal move remains.'"""
    state = new(1)
    state = place(state, {1: "GR..", 2: ".B..", 3: "Y...", 4: "....", 5: "...."})
    # a3 (yellow) alone in row 3 and yellow's leader: stuck. b2 blue alone, leader: stuck.
    # a1 -> a3 taken; b1 -> b3 free
    assert moves_of(state) == {"b1": "b3"}
    state.apply(0, "b1")
    # now row 1: G alone, green leader: stuck. row 3: Y, R -> a3->a5, b3->b5
    assert set(moves_of(state)) == {"a3", "b3"}


def test_game_over_when_nobody_can_move() -> None:
    """When no colour in play has a legal move the game is over (reason upthrust.end.no_moves)."""
    state = new(1)
    state = place(state, {1: "GY..", 2: "..R."})
    assert moves_of(state) == {"a1": "a3", "b1": "b3"}
    state.apply(0, "b1")
    # green a1, red c2 and yellow b3: each alone in its row and its colour's leader
    assert state.is_over and state.end_reason == END_NO_MOVES
    assert state.nonscoring_left() == 3


def test_a_seat_that_cannot_move_must_pass() -> None:
    """A player with no legal move passes; the game goes on while another colour can move."""
    state = new(2, "PASS")
    seat = state.to_move[0]
    mine_colours = state.seat_colours(seat)
    theirs = [c for c in range(4) if c not in mine_colours]
    letters = {c: COLOUR_LETTERS[c] for c in range(4)}
    # my two colours: leaders alone in rows 5 and 6 (one-row moves barred); theirs can move
    state = place(state, {5: letters[mine_colours[0]] + "...", 6: "." + letters[mine_colours[1]] + "..",
                  1: ".." + letters[theirs[0]] + letters[theirs[1]]})
    assert state.legal_actions(seat) == ["pass"]
    assert state.view(None)["must_pass"] is True
    state.apply(seat, "pass")
    assert state.log[-1]["key"] == "upthrust.passed"
    assert state.to_move == [1 - seat]


def test_you_may_not_pass_while_you_can_move() -> None:
    """Passing is only for a player with no legal move."""
    state = new(2)
    with pytest.raises(IllegalAction) as error:
        state.apply(state.to_move[0], "pass")
    assert error.value.key == "upthrust.cannot_pass"


def test_solitaire_moves_all_four_colours() -> None:
    """Score Up: one player moves every colour."""
    state = new(1)
    assert state.owners == [0, 0, 0, 0]
    assert len(state.legal_actions(0)) == 16
    assert state.view(0)["seat_colours"] == [list(COLOURS)]


def test_two_players_get_two_colours_drawn_from_the_seed() -> None:
    """'2 players take two colours each, drawn at random, and may move either.'"""
    draws = set()
    for seed in ["A", "B", "C", "D", "E", "F", "G", "H"]:
        state = new(2, seed)
        assert sorted(state.owners) == [0, 0, 1, 1]  # type: ignore[type-var]
        assert state.owners == new(2, seed).owners  # the same seed, the same draw
        draws.add(tuple(state.owners))
    assert len(draws) > 1


def test_three_players_leave_a_neutral_colour_that_nobody_moves() -> None:
    """3 players: one colour each, drawn; the fourth is neutral and never moves."""
    state = new(3, "THREE")
    assert sorted(o for o in state.owners if o is not None) == [0, 1, 2]
    neutral = state.owners.index(None)
    assert state.view(None)["neutral"] == COLOURS[neutral]
    rng = Rng("neutral")
    start = [s for s in range(44) if state.board[s] == neutral]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert [s for s in range(44) if state.board[s] == neutral] == start


def test_the_neutral_colour_does_not_count_for_the_end_rule() -> None:
    """3 players: the end comes when 2 pieces of the colours in play are left below the scoring rows."""
    state = new(3, "THREE")
    neutral = state.owners.index(None)
    assert state.nonscoring_left() == 12
    assert sum(1 for s in range(24) if state.board[s] == neutral) == 4


def test_four_players_take_one_colour_each() -> None:
    """4 players take one colour each."""
    state = new(4, "FOUR")
    assert sorted(state.owners) == [0, 1, 2, 3]  # type: ignore[type-var]


def test_scores_count_row_values_for_the_colours_owner() -> None:
    """'Each piece in a scoring row earns that row's value for the colour's owner.'"""
    state = new(2, "SCORE")
    state = place(state, {11: "GR..", 10: "B...", 7: "Y...", 1: "GRBY"})
    by_colour = {"green": 60, "red": 60, "blue": 40, "yellow": 10}
    assert state.view(None)["colour_scores"] == by_colour
    expected = [0, 0]
    for colour, seat in enumerate(state.owners):
        assert seat is not None
        expected[seat] += by_colour[COLOURS[colour]]
    assert state.scores() == expected
    assert ROW_VALUES[10] == 60


def test_tied_highest_scores_share_the_win() -> None:
    """'Highest total score wins' (seed 003) and nothing more: tied seats share the win, even when one has a
    piece in a higher row (docs/rules/upthrust.md, "Score and winner")."""
    state = new(2, "TIE")
    a = [c for c in range(4) if state.owners[c] == 0]
    b = [c for c in range(4) if state.owners[c] == 1]
    # seat 0: one piece at 60 (row 11); seat 1: 40 + 20 (rows 10 and 8)
    state = place(state, {}, {10 * 4 + 0: a[0], 9 * 4 + 1: b[0], 7 * 4 + 2: b[1]}, end_reason=END_NO_MOVES)
    assert state.scores() == [60, 60]
    assert state.winners() == [0, 1]


def test_the_highest_score_wins_alone() -> None:
    """'Highest total score wins': one seat ahead on points is the only winner."""
    state = new(2, "TIE")
    a = [c for c in range(4) if state.owners[c] == 0]
    b = [c for c in range(4) if state.owners[c] == 1]
    state = place(state, {}, {10 * 4 + 0: a[0], 9 * 4 + 1: b[0]}, end_reason=END_NO_MOVES)
    assert state.scores() == [60, 40] and state.winners() == [0]


def test_a_full_tie_shares_the_win() -> None:
    """Identical scores and piece values: all of them win."""
    state = new(2, "TIE")
    a = [c for c in range(4) if state.owners[c] == 0]
    b = [c for c in range(4) if state.owners[c] == 1]
    state = place(state, {}, {10 * 4 + 0: a[0], 10 * 4 + 1: b[0]}, end_reason=END_TWO_LEFT)
    assert state.winners() == [0, 1]


def test_the_move_log_words_a_jump() -> None:
    """A move is logged as key upthrust.moved with colour, from, to and rows, plus English."""
    state = new(1)
    state.apply(0, "b3")
    entry = state.log[-1]
    assert entry["key"] == "upthrust.moved"
    assert entry["params"] == {"colour": "blue", "from": "b3", "to": "b7", "rows": 4}
    assert entry["text"] == "Blue jumps from b3 to b7 (4 rows)."
    assert state.view(0)["last_move"] == {"from": "b3", "to": "b7", "colour": "blue", "rows": 4}


def test_view_has_what_the_renderer_draws() -> None:
    """The view() schema of docs/rules/upthrust.md."""
    state = new(2)
    view = state.view(None)
    json.dumps(view)
    for field in ["columns", "rows", "row_values", "scoring_from_row", "pieces", "owners", "seat_colours",
                  "moves", "last_move", "colour_scores", "target", "end_reason", "neutral", "turn",
                  "must_pass", "scores", "nonscoring_left", "ends_at", "winners", "same_colour_ban", "refusals"]:
        assert field in view
    assert {"square": "a4", "column": 0, "row": 4, "colour": "green", "rows": 4, "to": "a8",
            "stuck": None} in view["pieces"]
    assert view["moves"] == {a: f"{a[0]}{int(a[1:]) + 4}" for a in state.legal_actions(state.to_move[0])}
    assert view["target"] is None and view["last_move"] is None
    assert new(1).view(0)["target"] == solver.START_TARGET[False] == 560
    assert view["same_colour_ban"] == BAN_NONSCORING_ROWS
    assert new(1, **SCORE_UP_RULE).view(0)["same_colour_ban"] == BAN_EVERY_ROW


def test_solitaire_target_is_the_best_possible_score() -> None:
    """Score Up's goal is the highest score; 560 is a proven bound, and the solver reaches it under either
    row rule from the classic start."""
    board = start_board()
    assert solver.upper_bound(board) == 560
    solver.forget()
    assert solver.value(board) == 560 == solver.START_TARGET[False]
    assert solver.value(board, every_row=True) == 560 == solver.START_TARGET[True]
    assert new(1, **SCORE_UP_RULE).view(0)["target"] == 560


def _brute(board: list[int], memo: dict[bytes, int], every_row: bool = False) -> int:
    """Plain exhaustive search: no bound, no memo shared with the solver."""
    k = bytes(c + 1 for c in board)
    if k in memo:
        return memo[k]
    best = solver.score(board)
    if not solver.is_end(board):
        for start, target in all_moves(board, every_row):
            colour = board[start]
            board[start], board[target] = EMPTY, colour
            best = max(best, _brute(board, memo, every_row))
            board[start], board[target] = colour, EMPTY
    memo[k] = best
    return best


def _late_position(rng: Rng) -> list[int] | None:
    board = start_board()
    for _ in range(34 + rng.below(6)):
        moves = all_moves(board)
        if solver.is_end(board) or not moves:
            break
        start, target = rng.choice(moves)
        board[target], board[start] = board[start], EMPTY
    return None if solver.is_end(board) or not all_moves(board) else board


def test_solver_agrees_with_plain_exhaustive_search() -> None:
    """The solver's bound and memo never change a value, under either row rule: compare with a search
    without either."""
    sys.setrecursionlimit(10_000)
    rng = Rng("solver-check")
    checked = 0
    while checked < 6:
        board = _late_position(rng)
        if board is None:
            continue
        for every_row in (False, True):
            solver.forget()
            assert solver.value(board, every_row) == _brute(list(board), {}, every_row)
            assert solver.upper_bound(board) >= solver.value(board, every_row)
        checked += 1


def test_the_solver_follows_the_row_rule() -> None:
    """Score Up's rule can lower the best score of a position: the solver's values differ by rule, and each
    is the exhaustive search's value under that rule."""
    sys.setrecursionlimit(10_000)
    rng = Rng("rule-differs")
    while (board := _late_position(rng)) is None or solver.value(board) == solver.value(board, True):
        pass
    upthrust, score_up = solver.value(board), solver.value(board, True)
    assert score_up < upthrust
    assert (upthrust, score_up) == (_brute(list(board), {}), _brute(list(board), {}, True))


def test_the_solver_moves_by_the_rules() -> None:
    """The search generates exactly the rules' legal moves, under either row rule, at many positions."""
    rng = Rng("solver-moves")
    for _ in range(40):
        board = start_board()
        for _ in range(rng.below(45)):
            moves = all_moves(board, True)
            if not moves:
                break
            start, target = rng.choice(moves)
            board[target], board[start] = board[start], EMPTY
        for every_row in (False, True):
            assert sorted(solver.search_moves(board, every_row)) == all_moves(board, every_row)


def test_solitaire_hint_is_an_optimal_move() -> None:
    """The hint (the hard bot of Score Up) plays a move that keeps the best possible score."""
    solver.forget()  # the memo tables are per process: start from the same empty tables on every run
    state = new(1)
    for _ in range(6):
        action = bots.solitaire_hint(state, None)
        state.apply(0, action)
        assert solver.value(state.board) == 560
    # off the best line: the hint keeps the best score still reachable
    rng = Rng("hint")
    state = new(1, "HINT")
    for _ in range(32):
        state.apply(0, rng.choice(state.legal_actions(0)))
    best = _brute(list(state.board), {})
    action = bots.solitaire_hint(state, None)
    state.apply(0, action)
    assert _brute(list(state.board), {}) == best


def test_hard_bot_is_deterministic_with_a_fixed_number_of_iterations() -> None:
    """The hard bot's search can run a fixed number of iterations, for a repeatable move."""
    state = new(2, "BOT")
    seat = state.to_move[0]
    first = bots.hard(state.copy(), seat, 0, Rng("b"), max_iterations=60)
    again = bots.hard(state.copy(), seat, 0, Rng("b"), max_iterations=60)
    assert first == again and first in state.legal_actions(seat)


def test_every_bot_finishes_a_game_at_every_player_count() -> None:
    """Bots play only legal actions, passing when they must."""
    for players in (1, 2, 3, 4):
        state = new(players, f"BOTS{players}")
        step = 0
        while not state.is_over:
            seat = state.to_move[0]
            level = "hard" if step % 3 == 0 else "easy"
            state.apply(seat, gamebox.bots.choose(state, seat, level, budget_ms=20, seed="t"))
            step += 1
        assert state.winners()


def test_copy_is_independent() -> None:
    """A copy shares nothing that a move changes."""
    state = new(2)
    twin = state.copy()
    state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
    assert twin.history == [] and twin.board == start_board()
    assert twin.fingerprint() == new(2).fingerprint()
