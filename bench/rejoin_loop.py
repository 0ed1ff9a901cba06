"""A guest's reload and rejoin, ten times per game (issue 30, docs/multi-device.md "A rejoin after a reload").

One Chromium with two browser contexts on the built site, as tests/e2e/test_devices_e2e.py has them: the host (the
engine) and a guest phone, over real WebRTC. For every game of the box, two seats ("human,remote"): the guest joins
once, then its page reloads and rejoins with a fresh invite GAMEBOX_REJOINS times (10 by default), each checked as
the suite's round checks it (reload_and_rejoin: honest per-seat state, the same game). Prints, per game and in
all: runs, failures, the median and the longest time from opening the fresh invite to the game playable.

WebRTC runs in a network namespace of its own:
    tools/netns.sh .venv/bin/python bench/rejoin_loop.py
"""

from __future__ import annotations

import os
import statistics
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))

import serve  # noqa: E402
from tests.e2e.conftest import SharedPage, launch_chromium, site_games  # noqa: E402
from tests.e2e.test_devices_e2e import Guest, new_game, reload_and_rejoin  # noqa: E402

DIST = Path(os.environ.get("GAMEBOX_DIST", ROOT / "dist"))
REJOINS = int(os.environ.get("GAMEBOX_REJOINS", "10"))


def figures(name: str, times: list[float], failures: int) -> str:
    if not times:
        return f"{name:10} runs {failures:3}  failures {failures}"
    return (f"{name:10} runs {len(times) + failures:3}  failures {failures}  median {statistics.median(times):6.0f} ms"
            f"  max {max(times):6.0f} ms")


def main() -> None:
    from playwright.sync_api import sync_playwright

    if os.environ.get("GAMEBOX_IN_NETNS") != "1":
        sys.exit("WebRTC runs in a network namespace of its own: tools/netns.sh .venv/bin/python bench/rejoin_loop.py")
    server, url = serve.start(DIST)
    every: list[float] = []
    failed = 0
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        host = SharedPage(browser, url, viewport={"width": 1024, "height": 768})
        for game in [game["id"] for game in site_games() if not game.get("fixture")]:
            page = new_game(host, game, 2, "REJ" + game[:2].upper(), "human,remote")
            guest = Guest(browser, url)
            guest.join(page, 1)
            times: list[float] = []
            failures = 0
            for _ in range(REJOINS):
                try:
                    times.append(reload_and_rejoin(guest, page))
                except Exception:  # noqa: BLE001 - a failed rejoin is counted and shown, and the loop goes on
                    failures += 1
                    traceback.print_exc(limit=2)
                    print("host peers:", page.evaluate("window.gamebox.peers()"), file=sys.stderr)
                    break  # the seat's game is not where the next round expects it
            print(figures(game, times, failures), flush=True)
            every += times
            failed += failures
            page.evaluate("location.hash = '#/'")
            guest.context.close()
        host.close()
        browser.close()
    server.shutdown()
    print(figures("all", every, failed))


if __name__ == "__main__":
    main()
