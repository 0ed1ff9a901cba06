"""How long a review takes in the browser (issue 21: "the time a review takes in the browser, per game, for a
typical game"; issue 28: "at most 10 s" cold, with one worker or two), from the first request to the last piece, as
the page computes it (Pyodide, effort 1).

A typical game per game of the box: the first game of bench/review_stability.py (seat 0, the person, played by the
easy bot; the others by the default level), each game's solitaire if it has one, and two players; with --table, the
games of issue 28's table instead (Upthrust for two, Score Up under Score Up's row rule, Upples Glutton for two,
Score Up from a dealt start, Up Combine for two). Each run boots a page of its own (nothing kept) and opens every
game's review screen in turn; `window.gamebox.reviewState().ms` is read when it is done. --workers 1 or 2 says how
many workers the page may use (window.GAMEBOX_REVIEW_WORKERS; the page's own choice otherwise: two where the device
has more than one core and the review looks long); with both (--workers 1 --workers 2) the records of each review
are compared: they must be the same whatever the number of workers.

    .venv/bin/python bench/review_browser.py [--runs 2] [--game upthrust ...] [--table] [--workers 1 --workers 2]

GAMEBOX_DIST picks the built site (./build.sh build first).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

import serve  # noqa: E402
from tests.e2e.conftest import SharedPage, launch_chromium  # noqa: E402

import gamebox  # noqa: E402
from gamebox.core.game import Game  # noqa: E402
from review_stability import finished_game  # noqa: E402

DIST = Path(os.environ.get("GAMEBOX_DIST", ROOT / "dist"))
# Issue 28's table: (game, players, options).
TABLE: list[tuple[str, int, dict[str, Any]]] = [
    ("upthrust", 2, {}),
    ("upthrust", 1, {"same_colour_ban": "every-row"}),
    ("upples", 2, {"mode": "glutton"}),
    ("upthrust", 1, {"start": "dealt"}),
    ("upcombine", 2, {}),
]


def typical_game(game: Game[Any], players: int, options: dict[str, Any] | None = None) -> tuple[str, str, int]:
    """The stability bench's first game (bench/review_stability.py): (share code, seats with seat 0 the person's,
    moves)."""
    state = finished_game(game, 0, players, options)
    others = game.default_bot_level or game.bot_levels[0]
    return gamebox.share.encode(state), ",".join(["human"] + [others] * (players - 1)), len(state.history)


def tables(table: bool = False) -> list[tuple[Game[Any], int, dict[str, Any]]]:
    """(game, players, options) of each game's typical reviews: its solitaire if it has one, and two players; or
    issue 28's table."""
    if table:
        return [(gamebox.get(game), players, options) for game, players, options in TABLE]
    found = []
    for game in gamebox.games():
        if game.reviewer is None or game.fixture:
            continue
        for players in sorted({game.min_players, min(2, game.max_players)}):
            found.append((game, players, {}))
    return found


def report(browser: Any, url: str, runs: int, only: list[str] | None = None, table: bool = False,
           workers: list[int] | None = None) -> None:
    print(f"\n== a review in the browser (Pyodide, effort 1; {runs} runs, from the first request to the last piece)")
    reviews = [(game, players, options, *typical_game(game, players, options))
               for game, players, options in tables(table) if not only or game.id in only]
    times: dict[tuple[int, int | None], list[str]] = {}
    records: dict[tuple[int, int | None], Any] = {}
    for said in workers or [None]:
        for _ in range(runs):  # each run a page of its own: a review kept by the page (saves.js) would open at once
            shared = SharedPage(browser, url, viewport={"width": 390, "height": 844}, has_touch=True)
            page = shared.page
            if said is not None:
                page.evaluate("(n) => { window.GAMEBOX_REVIEW_WORKERS = n; }", said)
            for index, (game, _players, _options, code, seats, _moves) in enumerate(reviews):
                page.evaluate("(hash) => { location.hash = hash; }",
                              f"#/review?code={quote(code)}&seats={quote(seats)}")
                page.wait_for_function("(game) => window.gamebox.reviewState().game === game"
                                       " && window.gamebox.reviewState().done", arg=game.id, timeout=900_000,
                                       polling=200)
                state = page.evaluate("(() => { const s = window.gamebox.reviewState();"
                                      " return {kept: s.kept, ms: s.ms, workers: s.workers}; })()")
                assert not state["kept"], "a review kept from before"
                ms = state["ms"]
                shown = f"{ms / 1000:.1f} s" if ms >= 1000 else f"{ms:.0f} ms"
                times.setdefault((index, said), []).append(f"{shown} ({state['workers']}w)")
                records.setdefault((index, said), page.evaluate("window.gamebox.review()"))
                page.evaluate("location.hash = '#/'")
                page.wait_for_selector("#screen-menu:not([hidden])")
            shared.close()
    for index, (game, players, options, _code, _seats, moves) in enumerate(reviews):
        for said in workers or [None]:
            label = "the page's choice" if said is None else f"{said} worker{'s' if said > 1 else ''}"
            setup = ",".join(str(value) for value in options.values())
            print(f"  {game.id:10} {players}p {setup:10} {moves:4} moves, {label:17}: "
                  f"{', '.join(times[(index, said)])}", flush=True)
        if workers and len(workers) > 1:
            same = all(records[(index, said)] == records[(index, workers[0])] for said in workers)
            print(f"  {'':10}    {'':10} the same records whatever the number of workers: {same}", flush=True)
            assert same, f"{game.id}: the records differ with the number of workers"


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--game", action="append", help="only these games (default: every game with a reviewer)")
    parser.add_argument("--table", action="store_true", help="issue 28's table of games instead")
    parser.add_argument("--workers", type=int, action="append", choices=[1, 2],
                        help="the workers the page may use (default: its own choice); twice to compare")
    args = parser.parse_args()
    server, url = serve.start(DIST)
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        report(browser, url, args.runs, args.game, args.table, args.workers)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
