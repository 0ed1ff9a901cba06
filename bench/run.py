"""./build.sh bench: boot, the menu's Lighthouse scores, round trips, bot times and engine speed, in one run.

Figures are printed as ratios where they compare two things, because these machines are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

import serve  # noqa: E402

import boot  # noqa: E402
import devices_bench  # noqa: E402
import gamebox  # noqa: E402
import judging_browser  # noqa: E402
import lighthouse  # noqa: E402
import link_bench  # noqa: E402
import review_browser  # noqa: E402
import workload  # noqa: E402
from gamebox.core.rng import Rng  # noqa: E402

DIST = Path(os.environ.get("GAMEBOX_DIST", ROOT / "dist"))  # where build.sh put the site
ENGINE = """<!doctype html><meta charset="utf-8"><title>engine in Pyodide</title>
<script type="module">
import { loadPyodide } from "../pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
await pyodide.loadPackage("gamebox", { checkIntegrity: true });
const independent = new URL("./__WHEEL__", import.meta.url).href;
if ((await fetch(independent, { method: "HEAD" })).ok) await pyodide.loadPackage(independent);
const source = await (await fetch("./workload.py")).text();
pyodide.runPython(source);
const run = (call) => JSON.parse(pyodide.runPython(`import json; json.dumps(${call})`));
window.runWorkload = (games) => run(`random_games(games=${games})`);
window.runUbongo = (cards) => run(`ubongo_timings(cards=${cards})`);
window.runSolvers = (cards) => run(`ubongo_solvers(cards=${cards})`);
window.engineReady = true;
</script>"""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def summary(values: list[float], digits: int = 1) -> str:
    return (f"p50 {percentile(values, 0.5):8.{digits}f} ms   p95 {percentile(values, 0.95):8.{digits}f} ms"
            f"   (n={len(values)})")


INDEPENDENT_WHEEL = "algorithm_x-0.1.0-py3-none-any.whl"  # pure Python: the library Pyodide can run too


def write_pages() -> None:
    folder = DIST / "bench"
    folder.mkdir(exist_ok=True)
    if not (folder / INDEPENDENT_WHEEL).exists():
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                        "-d", str(folder), "algorithm-x==0.1.0"], check=False)
    (folder / "engine.html").write_text(ENGINE.replace("__WHEEL__", INDEPENDENT_WHEEL))
    (folder / "workload.py").write_text((ROOT / "bench" / "workload.py").read_text())


def browser_benchmarks(rounds: int, games: int) -> dict[str, list[float]]:
    """Boot, round trips, bot moves and engine speed in Chromium; returns the Ubongo solvers' times in Pyodide."""
    from playwright.sync_api import sync_playwright

    from conftest import launch_chromium  # type: ignore[import-not-found]

    write_pages()
    server, url = serve.start(DIST)
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)

        def fresh_page():
            context = browser.new_context(bypass_csp=True)  # the app's CSP forbids Playwright's string waits
            return context, context.new_page()

        # 1. boot: first and repeat visits (memory snapshot) against a bare Pyodide boot (bench/boot.py)
        boot.report(browser, url, max(rounds, 5))
        # the menu's first paint: Lighthouse's mobile scores and LCP, twice (bench/lighthouse.py; its own Chromium)
        lighthouse.report(url, 2)
        # the links between devices: invite and answer sizes, a message's round trip (bench/link_bench.py)
        link_bench.report(browser, url)
        # play on several devices, per game: a guest's time to playable, a move's crossing (bench/devices_bench.py)
        devices_bench.report(browser, url)
        # a guest's review after the end, sent by the host (bench/devices_bench.py)
        devices_bench.review_report(browser, url)
        # a review's time in the browser, per game, for a typical game (bench/review_browser.py)
        review_browser.report(browser, url, 2)
        # judged as you play: background pieces, a bot's reply with and without them, the review at the end of a game
        # played at a person's pace (bench/judging_browser.py)
        judging_browser.report(browser, url)

        # 2. round trips through the worker, and bot move times
        context, page = fresh_page()
        page.goto(url)
        # the app starts after the menu's first paint (docs/offline-and-csp.md): window.gamebox comes a moment later
        page.wait_for_function("window.gamebox && window.gamebox.ready", timeout=120_000)
        page.evaluate("window.gamebox.ready")
        for game_id in gamebox.ready_ids():
            # each action through the worker: apply, then the view the page draws, as the page would ask (and the
            # prepare it sends once the table settles, not timed)
            trips = page.evaluate(
                """async (game) => {
                  const times = [];
                  const sizes = [];
                  // while a person thinks, the page has the engine prepare what a coming move needs (web/session.js
                  // prepare): done here after each reply, as many times as it asks, and never timed
                  const settle = async (table) => {
                    while ((await window.gamebox.request({op: "prepare"})).more) { /* more is left */ }
                    return table;
                  };
                  const make = async (seed) => settle(await window.gamebox.request({op: "new", game, players: 2,
                    seed, seats: [{kind: "human"}, {kind: "human"}]}));
                  let table = await make("RT");
                  for (let i = 0; i < 300; i++) {
                    if (table.is_over) table = await make("RT" + i);
                    const seat = table.to_move[0];
                    const legal = (await window.gamebox.request({op: "legal", seat})).actions;
                    const started = performance.now();
                    table = await window.gamebox.request({op: "apply", seat, action: legal[i % legal.length],
                      viewer: seat});
                    times.push(performance.now() - started);
                    sizes.push(new TextEncoder().encode(JSON.stringify(table.view)).length);
                    await settle(table);
                  }
                  return {times, sizes};
                }""", game_id)
            print(f"\n== apply + view round trip through the worker ({game_id}, 300 actions, two people)")
            print(f"in the browser:            {summary(trips['times'])}")
            sizes = sorted(trips["sizes"])
            print(f"view size:                 median {sizes[len(sizes) // 2]} bytes, "
                  f"p95 {sizes[int(len(sizes) * 0.95)]} bytes, largest {sizes[-1]} bytes")
            for level in gamebox.get(game_id).bot_levels:
                times = page.evaluate(
                    """async ([game, level]) => {
                      const times = [];
                      let table = await window.gamebox.request({op: "new", game, players: 2, seed: "BOT",
                        seats: [{kind: "bot", level}, {kind: "bot", level}]});
                      for (let i = 0; i < 12 && !table.is_over; i++) {
                        const started = performance.now();
                        table = await window.gamebox.request({op: "bot", budget_ms: 700});
                        times.push(performance.now() - started);
                      }
                      return times;
                    }""", [game_id, level])
                print(f"bot {level:6} move (700 ms budget): {summary(times)}")
        context.close()

        # 3. engine speed: the same workload in CPython and in Pyodide
        context, page = fresh_page()
        page.goto(url + "bench/engine.html")
        page.wait_for_function("window.engineReady", timeout=120_000)
        in_pyodide = page.evaluate(f"window.runWorkload({games})")
        ubongo_pyodide = page.evaluate("window.runUbongo(12)")
        solvers_pyodide: dict[str, list[float]] = page.evaluate("window.runSolvers(12)")
        context.close()
        ubongo_cpython = workload.ubongo_timings(12)
        print("\n== Ubongo: one card side generated, and all solutions of each colour's puzzle counted (12 cards)")
        for name, label in [("generate_hard", "generate a 4-tile side"), ("generate_easy", "generate a 3-tile side"),
                            ("solve_hard", "count solutions, 4 tiles"), ("solve_easy", "count solutions, 3 tiles")]:
            print(f"{label:26} CPython {summary(ubongo_cpython[name])}")
            print(f"{'':26} Pyodide {summary(ubongo_pyodide[name])}")
        in_cpython = workload.random_games(games=games)
        print("\n== engine: random Upthrust games, apply + view per action")
        print(f"CPython {sys.version.split()[0]}: {in_cpython['us_per_action']:8.1f} us/action "
              f"({in_cpython['actions']} actions)")
        print(f"Pyodide:        {in_pyodide['us_per_action']:8.1f} us/action ({in_pyodide['actions']} actions)")
        print(f"ratio Pyodide / CPython: {in_pyodide['us_per_action'] / in_cpython['us_per_action']:.2f}")
        browser.close()
    server.shutdown()
    return solvers_pyodide


def solver_comparison(in_pyodide: dict[str, list[float]] | None) -> None:
    """The Ubongo solver against the independent exact-cover libraries from PyPI, on the same puzzles."""
    print("\n== Ubongo: counting every solution of the same 96 puzzles (12 cards, both sides, 4 colours); per puzzle")
    print("   the mean of 10 solves in a row, best of 3. Ours from scratch (board, placements, search); libraries:")
    print("   search only, their matrix built beforehand. algorithm_x: pure-Python dancing links (CPython and")
    print("   Pyodide); exact_cover: C extension (CPython only)")
    runs = [("CPython", workload.ubongo_solvers(12))]
    if in_pyodide is not None:
        runs.append(("Pyodide", in_pyodide))
    for where, timings in runs:
        ours = timings["ours"]
        if len(timings) == 1:
            print(f"{where}: no independent library installed (./build.sh bench installs the 'bench' extra)")
        for name, values in timings.items():
            print(f"{where:8} {name:12} {summary(values, 3)}")
        for name, values in timings.items():
            if name != "ours":
                print(f"{where:8} ratio ours / {name}: median {statistics.median(ours) / statistics.median(values):.2f}"
                      f", p95 {percentile(ours, 0.95) / percentile(values, 0.95):.2f}")


def play_match(game_id: str, levels: list[str], games: int, budget_ms: int) -> list[float]:
    """Seat 0 plays levels[0] and seat 1 levels[1], swapping seats every other game; returns level 0's win share.
    In simultaneous phases (a race, a grab) every seat to move acts, each at its own level."""
    game = gamebox.get(game_id)
    shares = []
    for index in range(games):
        state = game.new(f"S{index}", 2)
        order = levels if index % 2 == 0 else levels[::-1]
        steps = 0
        while not state.is_over and steps < 5000:
            seat = state.to_move[0]
            level = order[seat]
            if level == "random":
                action = Rng(f"r{index}/{len(state.history)}").choice(state.legal_actions(seat))
            else:
                action = gamebox.bots.choose(state, seat, level, budget_ms, seed=f"m{index}")
            state.apply(seat, action)
            steps += 1
        mine = 0 if index % 2 == 0 else 1
        winners = state.winners()
        shares.append(1 / len(winners) if mine in winners else 0.0)
    return shares


def strength(games: int, budget_ms: int, game_ids: list[str]) -> None:
    print(f"\n== bot strength, 2-player games on CPython ({games} seeded games per pair, seats alternate, "
          f"search budget {budget_ms} ms a move)")
    for game_id in game_ids:
        levels = gamebox.get(game_id).bot_levels
        for pair in ([levels[0], "random"], [levels[-1], levels[0]]):
            started = time.perf_counter()
            shares = play_match(game_id, pair, games, budget_ms)
            print(f"{game_id:10} {pair[0]:6} vs {pair[1]:6}: {pair[0]} wins {100 * sum(shares) / len(shares):5.1f}%"
                  f"   ({time.perf_counter() - started:5.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3, help="boot measurements per page")
    parser.add_argument("--games", type=int, default=60, help="random games in the engine workload")
    parser.add_argument("--strength-games", type=int, default=20)
    parser.add_argument("--strength-only", nargs="*", default=None, help="game ids for the strength match")
    parser.add_argument("--budget-ms", type=int, default=150, help="hard bot budget in the strength match")
    parser.add_argument("--skip-browser", action="store_true")
    parser.add_argument("--pages", action="store_true",
                        help="only write the pages (and fetch the independent solver's wheel): ./build.sh bench "
                             "does this first, outside the network namespace the rest runs in")
    args = parser.parse_args()
    if args.pages:
        write_pages()
        return
    print(json.dumps({"python": sys.version.split()[0], "games": gamebox.ready_ids()}))
    solvers_pyodide = None if args.skip_browser else browser_benchmarks(args.rounds, args.games)
    solver_comparison(solvers_pyodide)
    strength(args.strength_games, args.budget_ms, args.strength_only or gamebox.ready_ids())
    if "whoopies" in (args.strength_only or gamebox.ready_ids()):
        import whoopies_people  # the Whoopies bots' grabs, and their strength against a scripted person

        whoopies_people.report(games=args.strength_games)


if __name__ == "__main__":
    main()
