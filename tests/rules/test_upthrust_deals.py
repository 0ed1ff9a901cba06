"""Score Up's dealt start (issue 22, item 13): the table of proven deals (py/gamebox/upthrust/deals.py) says exactly
what the set-up's proof says, so the set-up deals the same games as searching every deal in turn, with one solver
run instead of up to 128.

The whole table was checked against the solver when it was written (``python -m gamebox.upthrust.make_deals``
computes it from the solver); these tests check a sample of classes, the renaming the classes rest on, and that
new games deal what the old set-up dealt.
"""

from __future__ import annotations

import itertools

import pytest

import gamebox
from gamebox.core.rng import Rng
from gamebox.upthrust import deals, solver
from gamebox.upthrust.board import EMPTY, start_board
from gamebox.upthrust.rules import BAN_EVERY_ROW, BAN_NONSCORING_ROWS, SAME_COLOUR_BAN, START, START_DEALT

RULES = {BAN_NONSCORING_ROWS: False, BAN_EVERY_ROW: True}
GAME = gamebox.get("upthrust")


def searched_start(rng: Rng, every_row: bool) -> tuple[list[int], int]:
    """The set-up as it was before the table: every deal searched in turn."""
    for _ in range(solver.DEAL_TRIES[every_row]):
        board = solver.deal(rng)
        best = solver.proven_best(board, every_row)
        if best is not None:
            return board, best
    return start_board(), solver.START_TARGET[every_row]


def renamed(board: list[int], names: tuple[int, ...]) -> list[int]:
    return [cell if cell == EMPTY else names[cell] for cell in board]


def test_a_class_is_a_deal_with_its_first_row_in_order_and_every_renaming_of_a_deal_is_in_its_class() -> None:
    rng = Rng("deal classes")
    for index in [0, 1, 23, 24, 575, 576, deals.CLASSES - 1, *(rng.below(deals.CLASSES) for _ in range(50))]:
        board = deals.class_board(index)
        assert board[:4] == [0, 1, 2, 3] and all(sorted(board[row * 4:row * 4 + 4]) == [0, 1, 2, 3] for row in range(4))
        assert deals.class_of(board) == index
        for names in itertools.permutations(range(4)):
            assert deals.class_of(renamed(board, names)) == index


@pytest.mark.parametrize("ban", list(RULES))
def test_the_proof_does_not_depend_on_the_names_of_the_colours(ban: str) -> None:
    """What the classes rest on: a deal and its renamings are proven alike, with the same value."""
    every_row = RULES[ban]
    rng = Rng(f"renamed deals {ban}")
    for _ in range(12):
        board = solver.deal(rng)
        found = solver.prove(board, every_row)
        for names in [(1, 2, 3, 0), (3, 2, 1, 0), (2, 0, 3, 1)]:
            again = solver.prove(renamed(board, names), every_row)
            assert (found is None) == (again is None)
            assert found is None or again is None or found[0] == again[0]


@pytest.mark.parametrize("ban", list(RULES))
def test_the_table_says_what_the_proof_says_on_a_sample_of_classes(ban: str) -> None:
    every_row = RULES[ban]
    rng = Rng(f"sampled classes {ban}")
    sample = [deals.class_of(start_board())]  # the classic start's class
    sample += [rng.below(deals.CLASSES) for _ in range(60)]
    proven = 0
    for index in sample:
        board = deals.class_board(index)
        says = solver.prove(board, every_row) is not None
        assert deals.proven(board, every_row) == says, (ban, index)
        proven += says
    assert 0 < proven < len(sample)  # the sample holds both kinds


@pytest.mark.parametrize(("seed", "ban"), [("fz825", BAN_EVERY_ROW), ("2026-12-01", BAN_NONSCORING_ROWS),
                                           ("K7Q2M", BAN_EVERY_ROW), ("DEAL-1", BAN_NONSCORING_ROWS),
                                           ("DEAL-3", BAN_EVERY_ROW), ("upthrust-golden-1", BAN_NONSCORING_ROWS)])
def test_a_new_game_deals_what_searching_every_deal_dealt(seed: str, ban: str) -> None:
    """The same deal, the same target and the same generator state afterwards (so the same fingerprint, and
    every link made before opens the same game): fz825 took 107 solver runs before, one now."""
    every_row = RULES[ban]
    before = Rng.for_game("upthrust", seed)
    board, best = searched_start(before, every_row)
    state = GAME.new(seed, 1, **{SAME_COLOUR_BAN: ban, START: START_DEALT})
    assert (state.board, state.target) == (board, best)
    # the generator's state after the deal (the rules draw nothing else for one player): as the old set-up left it
    after = Rng.for_game("upthrust", seed)
    solver.dealt_start(after, every_row)
    assert after.state == before.state


def test_a_dealt_start_runs_the_solver_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """However many deals are put aside first (the table says which), only the one kept is searched, so a dealt
    start costs one proof (at most 2 x DEAL_NODES positions): milliseconds, for any seed. The fallback to the
    classic start (no deal of DEAL_TRIES proven) searches nothing."""
    runs: list[int] = []
    prove = solver.prove

    def counted(board: list[int], every_row: bool, node_limit: int = solver.DEAL_NODES) -> object:
        runs.append(1)
        return prove(board, every_row, node_limit)

    monkeypatch.setattr(solver, "prove", counted)
    rng = Rng("dealt start seeds")
    fallbacks = 0
    for _ in range(40):
        seed = "".join("0123456789abcdefghjkmnpqrstvwxyz"[rng.below(32)] for _ in range(5))
        for ban, every_row in RULES.items():
            runs.clear()
            state = GAME.new(seed, 1, **{SAME_COLOUR_BAN: ban, START: START_DEALT})
            classic = state.board == start_board()
            fallbacks += classic
            assert len(runs) == (0 if classic else 1)
            assert state.target == (solver.START_TARGET[every_row] if classic else solver.upper_bound(state.board))
    assert fallbacks < 10
