"""Boot figures (issue 15): first visit and repeat visit against a bare Pyodide boot, and the memory snapshot.

Each round, in one browser and one run:
- bare: a page that only boots Pyodide 314 in a module worker, in a fresh context, from the files of the pinned npm
  package as they are (the site's python_stdlib.zip is the build's precompiled copy, see tools/precompile.mjs);
- bare, the site's standard library: the same page booting the site's python_stdlib.zip (what precompiling the
  standard library alone gains);
- first visit: Gamebox opened on an Upthrust link in a fresh context, until the game is on screen;
- repeat visit: once the engine worker has stored its memory snapshot, a reload of the same link in that context
  (service worker and caches warm), until the game is on screen again;
- repeat visit without the snapshot: the same reload after deleting the snapshot (what a returning player had
  before the snapshot existed);
- bare repeat visit from a snapshot: the bare page (the site's standard library) with ?snapshot, which boots, takes
  Pyodide's own memory snapshot of that start and keeps it in Cache Storage, then reloaded: Pyodide restoring a
  snapshot of nothing but its own start, the floor of any repeat visit from a snapshot on this machine.
Figures are medians, printed as ratios to the bare boot because these machines are noisy. Each is timed two
ways, the same way for the bare page and for Gamebox:
- page clock: from the start of the navigation (the page's performance.timeOrigin) until the bare worker says
  ready, or until the game's fingerprint is on the page (a MutationObserver records the moment);
- harness clock: from Playwright's goto/reload until Playwright sees the same condition (adds its own latency).

./build.sh bench runs this as part of bench/run.py; alone: python bench/boot.py [--rounds N] [--against DIST ...]
(GAMEBOX_DIST picks the site; it must be built). --against (given once or more) names other built sites (another
commit's build, say) measured in the same run, their rounds taken in turn with the first site's, so all see the same
load; the order of the sites rotates from round to round, so that none is always measured first.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
# the engine worker as the boot tests see it, and their Chromium
from conftest import boot_state, engine_worker, launch_chromium, snapshot_made  # type: ignore[import-not-found]  # noqa: E402

DIST = Path(os.environ.get("GAMEBOX_DIST", ROOT / "dist"))
LINK = "#/play?code=v1.upthrust.BENCH.2.&seats=human,easy"
TIMED = {"bare": "bare Pyodide boot", "bare_site": "bare boot, the site's stdlib",
         "first": "first visit, game on screen", "repeat": "repeat visit, from the snapshot",
         "repeat_no_snapshot": "repeat visit, snapshot deleted",
         "bare_snapshot": "bare repeat visit, from a snapshot"}

BARE = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
const worker = new Worker(new URL("./bare-worker.mjs" + location.search, import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  if (data === "ready") window.readyAt = performance.now(); else window.storedAt = performance.now(); };
</script>"""
# When the game is on screen: the moment the page sets data-fingerprint on <body>.
PLAYABLE = """new MutationObserver((changes, observer) => {
  if (document.body && document.body.dataset.fingerprint) { window.readyAt = performance.now(); observer.disconnect(); }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-fingerprint"] });"""
# ?site: the site's standard library; otherwise the npm package's own copy, beside this page. ?snapshot: restore
# Pyodide's own memory snapshot from Cache Storage if there is one; else boot, then take one and keep it ("stored").
BARE_WORKER = """import { loadPyodide } from "../pyodide/pyodide.mjs";
const query = new URL(import.meta.url).searchParams;
const stdlib = query.has("site") ? "../pyodide/python_stdlib.zip" : "./python_stdlib.zip";
const options = { indexURL: new URL("../pyodide/", import.meta.url).href,
  stdLibURL: new URL(stdlib, import.meta.url).href };
if (!query.has("snapshot")) {
  await loadPyodide(options);
  postMessage("ready");
} else {
  const cache = await caches.open("bare-snapshot");
  const kept = await cache.match("snapshot");
  if (kept) {
    await loadPyodide({ ...options, _loadSnapshot: kept.arrayBuffer().then((buffer) => new Uint8Array(buffer)) });
    postMessage("ready");
  } else {
    const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
    postMessage("ready");
    await cache.put("snapshot", new Response(pyodide.makeMemorySnapshot()));
    postMessage("stored");
  }
}"""


def write_bare_page(dist: Path) -> None:
    folder = dist / "bench"
    folder.mkdir(exist_ok=True)
    (folder / "bare.html").write_text(BARE)
    (folder / "bare-worker.mjs").write_text(BARE_WORKER)
    shutil.copyfile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", folder / "python_stdlib.zip")


def timed_load(page: Any, action: Any) -> tuple[float, float]:
    """(page clock, harness clock) in ms until window.readyAt is set; see the module's docstring."""
    started = time.perf_counter()
    action()
    page.wait_for_function("window.readyAt", timeout=120_000)
    return float(page.evaluate("window.readyAt")), (time.perf_counter() - started) * 1000


def record(figures: dict[str, list[float]], name: str, times: tuple[float, float]) -> None:
    figures[name].append(times[0])
    figures[f"{name} (harness)"].append(times[1])


def median(values: list[float]) -> float:
    return statistics.median(values)


def new_figures() -> dict[str, list[float]]:
    return {name: [] for name in (
        *(f"{visit}{clock}" for visit in TIMED for clock in ("", " (harness)")),
        "worker_snapshot_ms", "read_ms", "worker_at_ms", "runtime_ms", "bridge_ms", "hello_ms", "shown_ms",
        "repeat_worker_at_ms", "repeat_shown_ms", "repeat_looked_ms", "repeat_runtime_ms",
        "bytes", "raw_bytes", "make_ms", "take_ms", "pack_ms")}


def measure(browser: Any, url: str, rounds: int) -> dict[str, list[float]]:
    """Run the rounds; returns every figure's values."""
    write_bare_page(DIST)
    figures = new_figures()
    for _ in range(rounds):
        measure_round(browser, url, figures)
    return figures


def worker_made_at(page: Any) -> float:
    """When the page's engine worker was made (its clock's origin), on the page clock."""
    origin = float(page.evaluate("performance.timeOrigin"))
    return float(engine_worker(page).evaluate("performance.timeOrigin")) - origin


def measure_round(browser: Any, url: str, figures: dict[str, list[float]]) -> None:
    """One round of every figure, added to `figures`."""
    context = browser.new_context(bypass_csp=True)  # the app's CSP forbids Playwright's string waits
    page = context.new_page()
    record(figures, "bare", timed_load(page, functools.partial(page.goto, url + "bench/bare.html")))
    context.close()
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    record(figures, "bare_site", timed_load(page, functools.partial(page.goto, url + "bench/bare.html?site")))
    context.close()
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.goto(url + "bench/bare.html?site&snapshot")
    page.wait_for_function("window.storedAt", timeout=120_000)
    record(figures, "bare_snapshot", timed_load(page, page.reload))
    context.close()

    context = browser.new_context(bypass_csp=True)
    context.add_init_script(PLAYABLE)
    page = context.new_page()
    record(figures, "first", timed_load(page, functools.partial(page.goto, url + LINK)))
    first_print = page.evaluate("document.body.dataset.fingerprint")
    state = boot_state(page)
    assert state["boot"] == "fresh"
    # where the first visit's time went: the worker's start on the page clock, then the worker's own marks
    # (web/worker.mjs: from its script's start) for the runtime, importing the bridge and answering hello
    worker_at = worker_made_at(page)
    figures["worker_at_ms"].append(worker_at)
    marks = state["marks"]
    figures["runtime_ms"].append(float(marks["pyodide"]))
    figures["bridge_ms"].append(float(marks["bridge"] - marks["installed"]))
    figures["hello_ms"].append(float(marks["ready"] - marks["bridge"]))
    figures["shown_ms"].append(figures["first"][-1] - worker_at - float(marks["ready"]))
    snapshot = snapshot_made(page)
    if not snapshot.get("stored"):
        raise RuntimeError(f"the snapshot was not stored: {snapshot}")
    for name, key in (("bytes", "bytes"), ("raw_bytes", "rawBytes"), ("make_ms", "makeMs"),
                      ("take_ms", "takeMs"), ("pack_ms", "packMs")):
        figures[name].append(float(snapshot[key]))
    record(figures, "repeat", timed_load(page, page.reload))
    state = boot_state(page)
    assert state["boot"] == "snapshot", state
    assert page.evaluate("document.body.dataset.fingerprint") == first_print
    figures["worker_snapshot_ms"].append(float(state["ms"]))
    figures["read_ms"].append(float(state["readMs"]))
    worker_at = worker_made_at(page)
    figures["repeat_worker_at_ms"].append(worker_at)
    figures["repeat_shown_ms"].append(figures["repeat"][-1] - worker_at - float(state["marks"]["ready"]))
    figures["repeat_looked_ms"].append(float(state["marks"]["looked"]))
    figures["repeat_runtime_ms"].append(float(state["marks"]["pyodide"]))
    page.evaluate("async () => { for (const name of await caches.keys()) "
                  "if (name.startsWith('gamebox-snapshot:')) await caches.delete(name); }")
    record(figures, "repeat_no_snapshot", timed_load(page, page.reload))
    assert boot_state(page)["boot"] == "fresh"
    context.close()


def report(browser: Any, url: str, rounds: int, figures: dict[str, list[float]] | None = None,
           title: str = "") -> dict[str, list[float]]:
    figures = figures if figures is not None else measure(browser, url, rounds)
    mb = 1024 * 1024
    print(f"\n== boot{title}: medians of {rounds} rounds (bare and first visit in fresh contexts; repeat visits reload"
          " the link in that context)")
    print(f"{'':39} {'page clock':>19}   {'harness clock':>19}")
    for name, label in TIMED.items():
        cells = []
        for clock in ("", " (harness)"):
            value, bare = median(figures[name + clock]), median(figures["bare" + clock])
            cells.append(f"{value:7.0f} ms" + ("" if name == "bare" else f"  ÷ bare {value / bare:.2f}"))
        print(f"{label:39} {cells[0]:>19}   {cells[1]:>19}")
    print(f"first visit: engine worker started {median(figures['worker_at_ms']):.0f} ms after the navigation; "
          f"in it, the runtime ready after {median(figures['runtime_ms']):.0f} ms, importing the bridge "
          f"{median(figures['bridge_ms']):.0f} ms, the boot's hello {median(figures['hello_ms']):.0f} ms; "
          f"engine ready -> game on screen {median(figures['shown_ms']):.0f} ms (opening the link, its game's "
          "import included, and drawing it)")
    print(f"repeat visit: engine worker started {median(figures['repeat_worker_at_ms']):.0f} ms after the "
          f"navigation; start -> ready, from the snapshot: {median(figures['worker_snapshot_ms']):.0f} ms "
          f"(found after {median(figures['repeat_looked_ms']):.0f} ms, the runtime restored after "
          f"{median(figures['repeat_runtime_ms']):.0f} ms; reading, checking and unpacking the snapshot: "
          f"{median(figures['read_ms']):.0f} ms of it); ready -> game on screen "
          f"{median(figures['repeat_shown_ms']):.0f} ms")
    print(f"snapshot: {median(figures['bytes']) / mb:.1f} MiB stored, {median(figures['raw_bytes']) / mb:.1f} MiB "
          f"of memory; making it took {median(figures['make_ms']):.0f} ms in the background (boot included), "
          f"of which taking it {median(figures['take_ms']):.0f} ms and packing it {median(figures['pack_ms']):.0f} ms")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--against", type=Path, action="append", default=[],
                        help="another built site, measured in turn with GAMEBOX_DIST's (may be given more than once)")
    args = parser.parse_args()
    import serve
    from playwright.sync_api import sync_playwright

    sites = [DIST, *args.against]
    servers = [serve.start(site) for site in sites]
    for site in sites:
        write_bare_page(site)
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        if len(sites) == 1:
            report(browser, servers[0][1], args.rounds)
        else:
            figures = [new_figures() for _ in sites]
            for round_number in range(args.rounds):
                for turn in range(len(sites)):
                    index = (round_number + turn) % len(sites)  # who goes first rotates
                    print(f"round {round_number + 1}: {sites[index]}", file=sys.stderr)
                    measure_round(browser, servers[index][1], figures[index])
            for site, (_, url), site_figures in zip(sites, servers, figures, strict=True):
                report(browser, url, args.rounds, site_figures, f" of {site}")
        browser.close()
    for server, _ in servers:
        server.shutdown()


if __name__ == "__main__":
    main()
