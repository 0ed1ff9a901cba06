"""Play on several devices (docs/multi-device.md, issue 20), per game: how soon a guest's page is playable, and how
long a move takes across the devices.

One Chromium, two browser contexts on the built site: the host (the engine, a 1024x768 screen) and a guest (a
390x844 phone with no engine), linked by the real WebRTC data channel over this machine's network
(tests/e2e/test_devices_e2e.py's Guest). For every game of the box, two players: seat 0 a person on the host, seat
1 the guest's.
- playable: from the guest opening its invite link to its game on screen, playable (the host takes its answer at
  once, as window.gamebox.accept does);
- ask: a guest's request answered by the host's engine (`legal`: guest -> host -> guest), p50/p95 of 30;
- moves, in the games played in turns: a person's move on one device until the other device's screen shows it
  (host -> guest, and guest -> host), each p50/p95 over up to 12 moves of each side, chosen at random among the
  legal ones. (The real-time games' moves are timed by each device on its own clock and resolved together: their
  crossing is the ask's round trip.)
- a guest's review (docs/multi-device.md, "A guest's review"): Upples games of the easy bots (REVIEWED: 51 to 56
  moves) opened a few moves before their end, played out by the two devices; from the guest's screen showing the end
  to its window.gamebox.review() resolved with the host's review (computed by the host's engine once the game is
  over, sent over the link), and the host's own review() from the end, for comparison.

./build.sh bench runs it through bench/run.py; alone: python bench/devices_bench.py (GAMEBOX_DIST picks the site,
built with GAMEBOX_TEST_GAMES unset or set; the test games are left out).
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))

import serve  # noqa: E402
from tests.e2e.conftest import SharedPage, launch_chromium  # noqa: E402
from tests.e2e.test_devices_e2e import Guest, new_game  # noqa: E402
from tests.e2e.test_devices_watch_e2e import bots_game, near_the_end, play  # noqa: E402

import gamebox  # noqa: E402

DIST = Path(os.environ.get("GAMEBOX_DIST", ROOT / "dist"))
ASKS = 30
MOVES = 12
# Upples games of the easy bots, 51, 55 and 56 moves: a game apiece, so that no run finds the review kept on the host
REVIEWED = ("WATCHREV37", "WATCHREV7", "WATCHREV30")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))] if ordered else float("nan")


def history(page: Any) -> int:
    return int(page.evaluate("window.gamebox.table() ? window.gamebox.table().history.length : 0"))


def crossing(mover: Any, watcher: Any, seat: int, pick: random.Random) -> float | None:
    """`seat` plays a random legal move on `mover`; the ms until `watcher`'s screen shows it (None: no move)."""
    # as a person would: once the board offers something to tap (the screen has settled on the seat's turn)
    mover.wait_for_function("window.gamebox.targets().length > 0", timeout=30_000)
    legal = mover.evaluate("(seat) => window.gamebox.legal(seat)", seat)
    if not legal:
        return None
    before = history(watcher)
    started = time.perf_counter()
    try:
        played = mover.evaluate("""(action) => Promise.race([window.gamebox.play(action),
            new Promise((resolve) => setTimeout(() => resolve("stuck"), 15000))])""", pick.choice(legal))
    except PlaywrightError as error:  # seen once in Upples: the page's promise was collected (docs/multi-device.md)
        print(f"  seat {seat}'s move on {mover.url.split('#')[1][:12]}: {str(error).splitlines()[0]}", flush=True)
        return None
    if played == "stuck":  # the page's play() never answered (seen once in a run of every game: docs/multi-device.md)
        print(f"  seat {seat}'s move on {mover.url.split('#')[1][:12]} got no answer in 15 s", flush=True)
        return None
    watcher.wait_for_function("(n) => window.gamebox.table() && window.gamebox.table().history.length > n",
                              arg=before, timeout=30_000)
    return (time.perf_counter() - started) * 1000


def report(browser: Any, url: str) -> dict[str, Any]:
    host = SharedPage(browser, url, viewport={"width": 1024, "height": 768})
    figures: dict[str, Any] = {}
    print("\n== play on several devices (host and guest: two browser contexts, a WebRTC data channel)")
    try:
        for game_id in gamebox.ready_ids():
            game = gamebox.get(game_id)
            if game.max_players < 2 or game.fixture:
                continue
            page = new_game(host, game_id, 2, "bench", "human,remote")
            guest = Guest(browser, url)
            try:
                playable = guest.join(page, 1)
                asks = []
                for _ in range(ASKS):
                    started = time.perf_counter()
                    guest.page.evaluate("window.gamebox.legal(1)")
                    asks.append((time.perf_counter() - started) * 1000)
                to_guest: list[float] = []
                to_host: list[float] = []
                pick = random.Random(f"devices-bench/{game_id}")
                while not game.simultaneous and len(to_guest) + len(to_host) < 2 * MOVES:
                    table = page.evaluate("window.gamebox.table()")
                    if table["is_over"] or not table["to_move"]:
                        break
                    seat = table["to_move"][0]
                    ms = crossing(page, guest.page, 0, pick) if seat == 0 else crossing(guest.page, page, 1, pick)
                    if ms is None:
                        break
                    (to_guest if seat == 0 else to_host).append(ms)
                figures[game_id] = {"playable": playable, "asks": asks, "to_guest": to_guest, "to_host": to_host}
                moved = (f"  host->guest p50 {percentile(to_guest, .5):5.0f} p95 {percentile(to_guest, .95):5.0f} ms"
                         f" (n={len(to_guest)})  guest->host p50 {percentile(to_host, .5):5.0f} p95 "
                         f"{percentile(to_host, .95):5.0f} ms (n={len(to_host)})") if to_guest or to_host else \
                    "  (moves timed on each device: see ask)"
                print(f"{game_id:10} guest playable {playable:6.0f} ms  ask p50 {percentile(asks, .5):5.1f} "
                      f"p95 {percentile(asks, .95):5.1f} ms{moved}", flush=True)
            finally:
                page.evaluate("location.hash = '#/'")  # the host leaves: its room ends
                guest.close()
        host.check()
    finally:
        host.close()
    return figures


def review_report(browser: Any, url: str) -> dict[str, list[float]]:
    """A guest's review after the end: the ms from its screen showing the game over to its review() resolved, and
    the host's review() from the end, over the REVIEWED games."""
    host = SharedPage(browser, url, viewport={"width": 1024, "height": 768})
    figures: dict[str, list[float]] = {"guest": [], "host": []}
    try:
        for seed in REVIEWED:
            history_ = bots_game("upples", seed)
            page = host.page
            start = near_the_end(page, "upples", seed, history_)
            guest = Guest(browser, url)
            try:
                guest.join(page, 1)
                devices = {0: page, 1: guest.page}
                for moves, (seat, action) in enumerate(history_[start:], start):
                    play(devices[seat], seat, action, moves)
                ended = {}
                for name, each in (("guest", guest.page), ("host", page)):
                    each.wait_for_function("window.gamebox.table() && window.gamebox.table().is_over")
                    ended[name] = time.perf_counter()
                # the host's own first (its engine computes it), then the guest's (sent meanwhile): their difference
                # is what the crossing adds
                page.evaluate("window.gamebox.review()")
                figures["host"].append((time.perf_counter() - ended["host"]) * 1000)
                got = guest.page.evaluate("window.gamebox.review()")
                figures["guest"].append((time.perf_counter() - ended["guest"]) * 1000)
                assert isinstance(got, list) and len(got) == len(history_), got
            finally:
                page.evaluate("location.hash = '#/'")
                guest.close()
        host.check()
    finally:
        host.close()
    print("a guest's review of Upples (51-56 moves) after the end: " + ", ".join(f"{ms:.0f}" for ms in figures["guest"])
          + " ms; the host's own review() from the end: " + ", ".join(f"{ms:.0f}" for ms in figures["host"])
          + " ms", flush=True)
    return figures


def main() -> None:
    from playwright.sync_api import sync_playwright

    server, url = serve.start(DIST)
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        report(browser, url)
        review_report(browser, url)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
