"""Score Up's search with an explicit stack (solver.Search.walk, which can stop and go on: docs/review.md "Judged
during play") against the recursive search it replaced, on the same hints, interleaved in one run.

    .venv/bin/python bench/upthrust_search.py [--rounds 5] [--before 0b8d0e0]

The recursive search is read from git at ``--before`` (the last commit that had it) into a module of its own, so
both run side by side. Each round times, for both, the hints of every position of a few Score Up games (the
solver's ``optimal_move`` from empty memo tables, as a hint in a fresh worker asks it, under both row rules) and
checks that both give the same moves and values. Prints each round's CPU time (``time.process_time``, which a
loaded machine changes less than the wall clock) and the ratio old / new of the medians: above 1, the new search is
faster.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from gamebox.core.rng import Rng  # noqa: E402
from gamebox.upthrust import solver  # noqa: E402
from gamebox.upthrust.board import EMPTY, all_moves, start_board  # noqa: E402

BEFORE = "0b8d0e0"
# Under Score Up's own row rule an early position's exact search can take minutes: its hints from this move on.
LATE = 33


def old_solver(commit: str) -> ModuleType:
    text = subprocess.run(["git", "show", f"{commit}:py/gamebox/upthrust/solver.py"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "recursive_solver.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("recursive_solver", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def positions() -> list[tuple[bool, list[int]]]:
    """Every third position of six games (the classic start and two deals, under each rule), played by the greedy
    move and a random one in turn: early positions, whose hints search most, and late ones (under Score Up's own
    rule from move LATE on)."""
    out: list[tuple[bool, list[int]]] = []
    for every_row in (False, True):
        for seed in ("classic", "one", "two"):
            board = start_board() if seed == "classic" else solver.deal(Rng(f"bench/search/{seed}"))
            rng = Rng(f"bench/search/walk/{seed}/{every_row}")
            ply = 0
            while not solver.is_end(board) and (moves := all_moves(board, every_row)):
                if ply % 3 == 0 and (not every_row or ply >= LATE):
                    out.append((every_row, list(board)))
                start, target = solver.greedy_move(board, every_row) if ply % 2 else rng.choice(moves)
                board[target], board[start] = board[start], EMPTY
                ply += 1
    return out


def hints(module: ModuleType, boards: list[tuple[bool, list[int]]]) -> tuple[float, list[object]]:
    module.forget()
    results: list[object] = []
    began = time.process_time()
    for every_row, board in boards:
        module.forget()  # each hint from empty tables: the search's whole cost
        results.append(module.optimal_move(board, every_row))
    return time.process_time() - began, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--before", default=BEFORE, help="the commit with the recursive search")
    args = parser.parse_args()
    old = old_solver(args.before)
    boards = positions()
    olds: list[float] = []
    news: list[float] = []
    for round_ in range(args.rounds):
        old_time, old_results = hints(old, boards)
        new_time, new_results = hints(solver, boards)
        assert old_results == new_results, "the searches disagree"
        olds.append(old_time)
        news.append(new_time)
        print(f"round {round_ + 1}: {len(boards)} hints, recursive {old_time:.2f} s, explicit stack {new_time:.2f} s")
    ratio = statistics.median(olds) / statistics.median(news)
    print(f"median CPU: recursive {statistics.median(olds):.2f} s, explicit stack {statistics.median(news):.2f} s,"
          f" ratio old/new {ratio:.2f}")


if __name__ == "__main__":
    main()
