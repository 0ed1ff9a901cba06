"""Whoopies: when a throw's creatures land and lie still, and when each bot level grabs, against the figures the
rules page and the guided game teach (gamebox.whoopies.timing.TAUGHT).

Over seeded throws of seeded classic 2-player games (a random call each), in CPython:
- landed: the ms by which every body has touched the table; still: the ms from which nothing moves any more;
- each bot level's first grab in that throw (seat 1, its own `@ms`): p10, median, p90, and the range.

    .venv/bin/python bench/whoopies_timing.py [--throws 400]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import gamebox  # noqa: E402
from gamebox.core import bots  # noqa: E402
from gamebox.whoopies.rules import WhoopiesState, grab_ms  # noqa: E402
from gamebox.whoopies.timing import TAUGHT, landed_ms, still_ms  # noqa: E402
from whoopies_people import at_grab as people_at_grab  # noqa: E402  # the same seeded throws, another series
from whoopies_people import percentile  # noqa: E402

GAME = gamebox.get("whoopies")


def at_grab(index: int) -> WhoopiesState:
    """A seeded classic 2-player game brought to its first grab with random calls."""
    return people_at_grab(index, seed="TIMING", calls="timing")


def measure(throws: int) -> dict[str, list[int]]:
    """Per figure, its value in each throw: `landed`, `still`, and each level's first grab (a pass is left out)."""
    found: dict[str, list[int]] = {"landed": [], "still": [], **{level: [] for level in GAME.bot_levels}}
    for index in range(throws):
        state = at_grab(index)
        assert state.throw is not None
        found["landed"].append(landed_ms(state.throw))
        found["still"].append(still_ms(state.throw))
        for level in GAME.bot_levels:
            ms = grab_ms(bots.choose(state.copy(), 1, level, 10, f"timing/{index}"))
            if ms is not None:
                found[level].append(ms)
    return found


def report(throws: int) -> None:
    found = measure(throws)
    print(f"== Whoopies: {throws} seeded throws (classic, 2 players, a random call); ms after the throw starts")
    print(f"{'figure':12} {'p10':>6} {'median':>7} {'p90':>6} {'min':>6} {'max':>6}   taught")
    taught = {"landed": TAUGHT["land"], "still": TAUGHT["still"], **{level: TAUGHT[level] for level in GAME.bot_levels}}
    for name, values in found.items():
        label = name if name in ("landed", "still") else f"{name} grabs"
        print(f"{label:12} {percentile(values, 0.1):>6} {statistics.median(values):>7.0f} "
              f"{percentile(values, 0.9):>6} {min(values):>6} {max(values):>6}   about {taught[name]:g} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--throws", type=int, default=400, help="seeded throws")
    report(parser.parse_args().throws)


if __name__ == "__main__":
    main()
