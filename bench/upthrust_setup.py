"""Score Up's dealt start: how long a new game takes to set up, now (deals.py's table of proven deals, one solver
run) against the set-up before it (every deal searched in turn until one is proven), seed by seed in one run.

    .venv/bin/python bench/upthrust_setup.py [--seeds 500] [--rule every-row|non-scoring-rows|both] [--before]

Seeds are 5 characters of the fresh-seed alphabet from a fixed generator (so every run times the same seeds), plus
fz825, the slowest seed the issue found (107 solver runs). Each set-up starts from empty memo tables
(solver.forget()), as a fresh worker does. With --before the old set-up is timed on the same seeds, interleaved, so
both see the same load; it also checks that both deal the same board. Prints p50, p90, p99 and max per rule, of the
wall clock and of the process's CPU time (which a loaded machine changes less).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import gamebox  # noqa: E402
from gamebox.core.rng import Rng  # noqa: E402
from gamebox.upthrust import solver  # noqa: E402
from gamebox.upthrust.board import start_board  # noqa: E402
from gamebox.upthrust.rules import BAN_EVERY_ROW, BAN_NONSCORING_ROWS, SAME_COLOUR_BAN, START, START_DEALT  # noqa: E402

ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"


def searched_start(rng: Rng, every_row: bool) -> tuple[list[int], int, int]:
    """The set-up before the table: every deal searched in turn. Also returns how many solver runs it took."""
    runs = 0
    for _ in range(solver.DEAL_TRIES[every_row]):
        board = solver.deal(rng)
        runs += 1
        best = solver.proven_best(board, every_row)
        if best is not None:
            return board, best, runs
    return start_board(), solver.START_TARGET[every_row], runs


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)

    def at(fraction: float) -> float:
        return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))] * 1000

    return f"p50 {at(0.5):7.1f} ms  p90 {at(0.9):7.1f} ms  p99 {at(0.99):7.1f} ms  max {ordered[-1] * 1000:7.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=500)
    parser.add_argument("--rule", choices=[BAN_EVERY_ROW, BAN_NONSCORING_ROWS, "both"], default="both")
    parser.add_argument("--before", action="store_true", help="time the old set-up too, on the same seeds")
    args = parser.parse_args()
    rng = Rng("bench-seeds")
    seeds = ["fz825"] + ["".join(ALPHABET[rng.below(32)] for _ in range(5)) for _ in range(args.seeds - 1)]
    game = gamebox.get("upthrust")
    rules = [BAN_EVERY_ROW, BAN_NONSCORING_ROWS] if args.rule == "both" else [args.rule]
    for rule in rules:
        every_row = rule == BAN_EVERY_ROW
        now: list[float] = []
        now_cpu: list[float] = []
        before: list[float] = []
        before_cpu: list[float] = []
        runs: list[int] = []
        fallbacks = 0
        for seed in seeds:
            solver.forget()
            start, cpu = time.perf_counter(), time.process_time()
            state = game.new(seed, 1, **{SAME_COLOUR_BAN: rule, START: START_DEALT})
            now.append(time.perf_counter() - start)
            now_cpu.append(time.process_time() - cpu)
            fallbacks += state.board == start_board()
            if args.before:
                solver.forget()
                start, cpu = time.perf_counter(), time.process_time()
                board, best, count = searched_start(Rng.for_game("upthrust", seed), every_row)
                before.append(time.perf_counter() - start)
                before_cpu.append(time.process_time() - cpu)
                runs.append(count)
                if (board, best) != (state.board, state.target):
                    raise SystemExit(f"{seed} ({rule}): the old set-up deals another start")
        print(f"{rule}, {len(seeds)} seeds ({fallbacks} fall back to the classic start)")
        print(f"  now     wall {percentiles(now)}")
        print(f"          CPU  {percentiles(now_cpu)}")
        if args.before:
            print(f"  before  wall {percentiles(before)}")
            print(f"          CPU  {percentiles(before_cpu)}")
            print(f"  before: solver runs per set-up: max {max(runs)}, mean {sum(runs) / len(runs):.1f}")
            print("  the same deal for every seed")


if __name__ == "__main__":
    main()
