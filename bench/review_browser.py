"""How long a review takes in the browser (issue 21: "the time a review takes in the browser, per game, for a
typical game"), from the first request to the last piece, as the page computes it (Pyodide, effort 1).

A typical game per game of the box: the first game of bench/review_stability.py (seat 0, the person, played by the
easy bot; the others by the default level), each game's solitaire if it has one, and two players. Each run boots a
page of its own (nothing kept) and opens every game's review screen in turn; `window.gamebox.reviewState().ms` is
read when it is done.

    .venv/bin/python bench/review_browser.py [--runs 2] [--game upthrust ...]

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


def typical_game(game: Game[Any], players: int) -> tuple[str, str, int]:
    """The stability bench's first game (bench/review_stability.py): (share code, seats with seat 0 the person's,
    moves)."""
    state = finished_game(game, 0, players)
    others = game.default_bot_level or game.bot_levels[0]
    return gamebox.share.encode(state), ",".join(["human"] + [others] * (players - 1)), len(state.history)


def tables() -> list[tuple[Game[Any], int]]:
    """(game, players) of each game's typical reviews: its solitaire if it has one, and two players."""
    found = []
    for game in gamebox.games():
        if game.reviewer is None or game.fixture:
            continue
        for players in sorted({game.min_players, min(2, game.max_players)}):
            found.append((game, players))
    return found


def report(browser: Any, url: str, runs: int, only: list[str] | None = None) -> None:
    print(f"\n== a review in the browser (Pyodide, effort 1; {runs} runs, from the first request to the last piece)")
    reviews = [(game, players, *typical_game(game, players)) for game, players in tables()
               if not only or game.id in only]
    times: dict[tuple[str, int], list[float]] = {}
    for _ in range(runs):  # each run a page of its own: a review kept by the page (saves.js) would open at once
        shared = SharedPage(browser, url, viewport={"width": 1280, "height": 800})
        page = shared.page
        for game, players, code, seats, _moves in reviews:
            page.evaluate("(hash) => { location.hash = hash; }", f"#/review?code={quote(code)}&seats={quote(seats)}")
            page.wait_for_function("(game) => window.gamebox.reviewState().game === game"
                                   " && window.gamebox.reviewState().done", arg=game.id, timeout=600_000, polling=200)
            assert not page.evaluate("window.gamebox.reviewState().kept"), "a review kept from before"
            times.setdefault((game.id, players), []).append(page.evaluate("window.gamebox.reviewState().ms"))
            page.evaluate("location.hash = '#/'")
            page.wait_for_selector("#screen-menu:not([hidden])")
        shared.close()
    for game, players, _code, _seats, moves in reviews:
        shown = ", ".join(f"{ms / 1000:.1f} s" if ms >= 1000 else f"{ms:.0f} ms" for ms in times[(game.id, players)])
        print(f"  {game.id:10} {players}p {moves:4} moves: {shown}", flush=True)


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--game", action="append", help="only these games (default: every game with a reviewer)")
    args = parser.parse_args()
    server, url = serve.start(DIST)
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        report(browser, url, args.runs, args.game)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
