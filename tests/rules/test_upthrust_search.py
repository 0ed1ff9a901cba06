"""Score Up's search with an explicit stack, which can stop and go on (py/gamebox/upthrust/solver.py ``Search.walk``;
docs/review.md, "Judged during play"): it visits the very positions the recursive search it replaced visited, with
the same counts, values and memo tables, whether it runs at once or stops every few hundred positions."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from gamebox.upthrust import solver
from gamebox.upthrust.review import ORDERS

GOLDEN = json.loads((Path(__file__).parent / "golden" / "upthrust_search.json").read_text())["searches"]


def digest(table: solver.Table) -> str:
    return hashlib.sha256(json.dumps(sorted(table.items())).encode()).hexdigest()[:16]


def searched(entry: dict[str, Any], pausing: bool) -> tuple[int | None, int, int, str, int]:
    """The search of a golden entry: its value (None: out of positions), positions visited, the table's size and
    digest, and how many times it paused."""
    table: solver.Table = {}
    search = solver.Search(entry["board"], entry["every_row"], table, order=ORDERS[entry["order"]],
                           node_limit=entry["node_limit"], pausing=pausing)
    walk = search.walk(solver.upper_bound(entry["board"]) - 1)
    pauses = 0
    found: int | None = None
    try:
        while True:
            next(walk)
            pauses += 1
    except StopIteration as stop:
        found = stop.value
    except solver.OutOfBudget:
        found = None
    return found, search.visited, len(table), digest(table), pauses


@pytest.mark.parametrize("pausing", [False, True])
def test_the_search_visits_the_positions_the_recursive_search_visited(pausing: bool) -> None:
    paused = 0
    for entry in GOLDEN:
        found, visited, size, table, pauses = searched(entry, pausing)
        assert (found, visited, size, table) == (entry["value"], entry["visited"], entry["table_size"],
                                                 entry["table_digest"]), entry
        assert pauses == (visited // solver.PAUSE_NODES if pausing else 0)
        paused += pauses
    assert not pausing or paused > 0  # some searches did stop and go on


def test_a_search_that_stops_and_goes_on_leaves_its_board_as_it_found_it() -> None:
    entry = next(entry for entry in GOLDEN if entry["value"] is not None and entry["visited"] > solver.PAUSE_NODES)
    search = solver.Search(entry["board"], entry["every_row"], {}, order=ORDERS[entry["order"]], pausing=True)
    assert search.value(solver.upper_bound(entry["board"]) - 1) == entry["value"]
    assert search.board == entry["board"]
    assert solver.board_key(search.board) == search.key
