"""A guest's reload and rejoin, ten times per game (issue 30, docs/multi-device.md "A rejoin after a reload" and
"The way back"), and the time from "Play again" to the guest's next table (issue 27, "An evening at one table").

One Chromium with two browser contexts on the built site, as tests/e2e/test_devices_e2e.py has them: the host (the
engine) and a guest phone, over real WebRTC. For every game of the box, two seats ("human,remote"): the guest joins
once, then its page reloads and comes back GAMEBOX_REJOINS times (10 by default) by the way back: its page answers
its seat's standby invite by itself, and the host takes that answer (what its scan of the page's QR code does). Each
is checked as the suite's round checks it (reload_and_rejoin: honest per-seat state, the same game), and its steps
are counted: the guest's page gets no tap, key or scan (its input events are counted), the host's screen shows the
seat's invite with no tap, and the host's only steps are "Scan the answer" and the scan. Prints, per game and in all:
runs, failures, the median and the longest time from the reload to the game playable again (less the host's wait to
see the seat go, which a scan need not wait for), and the medians of its two parts (the reload to the answer shown on
the guest's page; the answer taken to the game playable); then per game the
median and longest time from the host's again() ("Play again") to the guest's next table drawn (GAMEBOX_AGAINS, 5 by
default), both clocks the machine's (Date.now() on each page).

WebRTC runs in a network namespace of its own:
    tools/netns.sh .venv/bin/python bench/rejoin_loop.py
"""

from __future__ import annotations

import os
import statistics
import sys
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))

import serve  # noqa: E402
from tests.e2e.conftest import SharedPage, launch_chromium, site_games  # noqa: E402
from tests.e2e.test_devices_e2e import Guest, new_game, reload_and_rejoin  # noqa: E402

DIST = Path(os.environ.get("GAMEBOX_DIST", ROOT / "dist"))
REJOINS = int(os.environ.get("GAMEBOX_REJOINS", "10"))
AGAINS = int(os.environ.get("GAMEBOX_AGAINS", "5"))

# On the guest's page: every tap or key it gets (a person's step), kept across its reloads in this tab
INPUTS = """
(() => {
  const count = () => sessionStorage.setItem('__inputs', String(Number(sessionStorage.getItem('__inputs') || 0) + 1));
  window.addEventListener('pointerdown', count, true);
  window.addEventListener('keydown', count, true);
})();
"""

# On the guest's page: when its next table was drawn (the page counts its tables in body[data-table])
NEXT_DRAWN = """() => { window.__nextAt = null;
  new MutationObserver(() => { if (window.__nextAt === null) window.__nextAt = Date.now(); })
    .observe(document.body, {attributes: true, attributeFilter: ['data-table']}); }"""


def again_ms(page: Any, guest: Guest) -> float:
    """The host's again() (what "Play again" does) to the guest's next table drawn, in ms."""
    count = int(guest.page.evaluate("Number(document.body.dataset.table || 0)"))
    guest.page.evaluate(NEXT_DRAWN)
    started = float(page.evaluate("(() => { const at = Date.now(); window.gamebox.again(); return at; })()"))
    guest.page.wait_for_function("(n) => Number(document.body.dataset.table || 0) > n && window.__nextAt",
                                 arg=count, timeout=30_000)
    page.evaluate("document.getElementById('devices-close')?.click()")
    return float(guest.page.evaluate("window.__nextAt")) - started


def figures(name: str, times: list[float], failures: int, parts: list[tuple[float, float]]) -> str:
    if not times:
        return f"{name:10} runs {failures:3}  failures {failures}"
    return (f"{name:10} runs {len(times) + failures:3}  failures {failures}  median {statistics.median(times):6.0f} ms"
            f"  max {max(times):6.0f} ms  (answer shown {statistics.median(p[0] for p in parts):5.0f} ms,"
            f" answer taken to playable {statistics.median(p[1] for p in parts):5.0f} ms)")


def main() -> None:
    from playwright.sync_api import sync_playwright

    if os.environ.get("GAMEBOX_IN_NETNS") != "1":
        sys.exit("WebRTC runs in a network namespace of its own: tools/netns.sh .venv/bin/python bench/rejoin_loop.py")
    server, url = serve.start(DIST)
    every: list[float] = []
    every_part: list[tuple[float, float]] = []
    failed = 0
    agains: dict[str, list[float]] = {}
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        host = SharedPage(browser, url, viewport={"width": 1024, "height": 768})
        # the host's taps (none is made for a rejoin but the answer's scan, which accept() stands for)
        host.page.evaluate("window.__hostTaps = 0;"
                           " window.addEventListener('pointerdown', () => { window.__hostTaps += 1; }, true)")
        only = [name for name in os.environ.get("GAMEBOX_BENCH_GAMES", "").split(",") if name]  # (a few games)
        for game in [game["id"] for game in site_games() if not game.get("fixture")
                     and game["id"] in (only or [game["id"]])]:
            page = new_game(host, game, 2, "REJ" + game[:2].upper(), "human,remote")
            guest = Guest(browser, url)
            guest.context.add_init_script(INPUTS)
            guest.join(page, 1)
            times: list[float] = []
            parts: list[tuple[float, float]] = []
            failures = 0
            for _ in range(REJOINS):
                try:
                    guest.page.evaluate("sessionStorage.setItem('__inputs', '0')")
                    taps_before = int(page.evaluate("window.__hostTaps ?? 0"))
                    times.append(reload_and_rejoin(guest, page))
                    parts.append(guest.back_ms)
                    # the way back's steps: none on the guest's page; on the host, its panel opened by itself
                    guest_steps = int(guest.page.evaluate("Number(sessionStorage.getItem('__inputs') || 0)"))
                    assert guest_steps == 0, f"the guest's page needed {guest_steps} taps or keys"
                    assert int(page.evaluate("window.__hostTaps ?? 0")) == taps_before
                except Exception:  # noqa: BLE001 - a failed rejoin is counted and shown, and the loop goes on
                    failures += 1
                    traceback.print_exc(limit=2)
                    print("host peers:", page.evaluate("window.gamebox.peers()"), file=sys.stderr)
                    break  # the seat's game is not where the next round expects it
            print(figures(game, times, failures, parts), flush=True)
            every += times
            every_part += parts
            failed += failures
            if not failures:
                agains[game] = [again_ms(page, guest) for _ in range(AGAINS)]
            page.evaluate("location.hash = '#/'")
            guest.context.close()
        host.close()
        browser.close()
    server.shutdown()
    print(figures("all", every, failed, every_part))
    print("the way back: guest 0 taps, 0 scans (its page answers its standby invite); host 0 taps to show the seat's"
          " invite, then 1 tap (Scan the answer) and 1 scan; before it: 2 taps and 2 scans (New invite, the guest's"
          " scan of the invite, Scan the answer, its scan)")
    for game, nexts in agains.items():
        print(f"{game:10} Play again -> guest's next table  median {statistics.median(nexts):5.0f} ms"
              f"  max {max(nexts):5.0f} ms  ({len(nexts)} runs)")


if __name__ == "__main__":
    main()
