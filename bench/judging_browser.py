"""Judged as you play, in the browser (issue 28; docs/review.md "Judged during play"), four figures:

1. **pieces**: each game's typical game (bench/review_stability.py's first: seat 0 the person, played by the easy
   bot) opened one move before its end, and judged in the engine's background pieces (the bridge's ``judging``) as
   the page asks them: each piece's time (what a request that comes meanwhile waits for at most), and the time of a
   move's judging (the longest piece: a piece judges at least one move);
2. **a bot's reply with and without judging**: the same request (``bot``, Upthrust for two, budget 700 ms, the bot to
   move in the middle of a bench game) timed with no background job, and again while a background job asks pieces
   as the page does (every move of the game still to judge); the ratio of the medians, in one run. The page itself
   never judges while a bot is about to move (web/session.js): this is the engine's worst case, a request that comes
   while a piece runs (a guest's move, say);
3. **the bots' replies in the page**: Upthrust for two against the hard bot, a dozen moves at a person's pace with the
   page's judging and a dozen without it (its pieces turned into the cheap ``prepare``), each ``bot`` request timed
   from the page's message to the worker's reply; the ratio of the medians;
4. **the review at the end**: a game played in the page to its end at a person's pace (a legal move drawn at random
   for the person, PACE_S after the table is shown; the bots as the page plays them), and the time from the table
   that ends it to ``window.gamebox.review()`` resolving, for Upthrust for two, Score Up under both row rules, Upples
   for two, Up Combine for two, and (issue 28: "in every game") a Ubongo race for two with the 60 s sand timer and
   Whoopies for two with two creatures each.

    GAMEBOX_DIST=dist .venv/bin/python bench/judging_browser.py [--part pieces|bot|page|end ...] [--game upthrust]

``./build.sh bench`` runs it (bench/run.py). Every figure depends on the machine's load: say so beside it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

import serve  # noqa: E402
from tests.e2e.conftest import SharedPage, launch_chromium  # noqa: E402

import gamebox  # noqa: E402
from review_stability import finished_game  # noqa: E402

DIST = Path(os.environ.get("GAMEBOX_DIST", ROOT / "dist"))
PACE_S = 1.0
BOT_BUDGET_MS = 700
BOT_TRIALS = 5
# the games of issue 28's table: (label, game, players, options)
AT_END = [("Upthrust 2p", "upthrust", 2, {}),
          ("Score Up, Upthrust's row rule", "upthrust", 1, {"same_colour_ban": "non-scoring-rows"}),
          ("Score Up, Score Up's row rule", "upthrust", 1, {"same_colour_ban": "every-row"}),
          ("Upples 2p", "upples", 2, {}),
          ("Up Combine 2p", "upcombine", 2, {}),
          ("Ubongo 2p", "ubongo", 2, {"timer": 60}),
          ("Whoopies 2p", "whoopies", 2, {"creatures": 2})]

# Pieces asked one after another as the page's background job does, each timed: [ms, ...] until none is left.
JUDGE_ALL = """async () => {
  const times = [];
  for (;;) {
    const started = performance.now();
    const reply = await window.gamebox.request({op: 'judging'});
    times.push(performance.now() - started);
    if (!reply.ok || !reply.more) return times;
  } }"""
# A bot's reply timed; with `busy`, while a background job asks pieces (from `delay` ms before the request).
BOT_REPLY = """async ([busy, delay, budget]) => {
  let running = busy;
  const job = (async () => { while (running) { const r = await window.gamebox.request({op: 'judging'});
    if (!r.ok || !r.more) break; } })();
  await new Promise((done) => setTimeout(done, delay));
  const started = performance.now();
  const reply = await window.gamebox.request({op: 'bot', budget_ms: budget});
  const ms = performance.now() - started;
  running = false;
  await job;
  return reply.ok ? ms : null; }"""
# When the table that ends the game is shown (the page's own fingerprint mark changes with every table drawn).
WATCH_END = """() => { window.__overAt = null;
  new MutationObserver(() => { const table = window.gamebox.table();
    if (table && table.is_over && window.__overAt === null) window.__overAt = performance.now(); })
    .observe(document.body, {attributes: true, attributeFilter: ['data-fingerprint']}); }"""
REVIEW_AT_END = """async () => { const records = await window.gamebox.review();
  return {ms: performance.now() - window.__overAt, ok: Array.isArray(records), moves: records.length}; }"""
TO_ACT = """() => { const table = window.gamebox.table();
  return Boolean(table) && (table.is_over || table.to_move.includes(0))
    && document.body.dataset.fingerprint === table.fingerprint; }"""


def seats_for(game: Any, players: int) -> list[dict[str, str]]:
    others = game.default_bot_level or game.bot_levels[0]
    return [{"kind": "human", "level": ""}] + [{"kind": "bot", "level": others}] * (players - 1)


def fmt(ms: float) -> str:
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.0f} ms"


def pieces(page: Any, only: list[str] | None) -> None:
    print("\n== judging in background pieces (Pyodide): each game's bench game, one move before its end")
    for game in gamebox.games():
        if game.reviewer is None or game.fixture or (only and game.id not in only):
            continue
        for players in sorted({game.min_players, min(2, game.max_players)}):
            state = finished_game(game, 0, players)
            opened = page.evaluate("(request) => window.gamebox.request(request)", {
                "op": "new", "game": game.id, "seed": state.seed, "players": players, "options": state.options,
                "seats": seats_for(game, players), "history": [list(step) for step in state.history[:-1]]})
            assert opened["ok"], opened
            times = page.evaluate(JUDGE_ALL)
            print(f"  {game.id:10} {players}p {len(state.history) - 1:4} moves: {len(times)} pieces, median "
                  f"{fmt(statistics.median(times))}, longest {fmt(max(times))}, all {fmt(sum(times))}", flush=True)


def bot_reply(page: Any) -> None:
    print(f"\n== a bot's reply (Upthrust 2p, budget {BOT_BUDGET_MS} ms) without and with background judging")
    game = gamebox.get("upthrust")
    without: list[float] = []
    busy: list[float] = []
    chooser = random.Random("judging-bench")
    for number in range(BOT_TRIALS):
        state = finished_game(game, number, 2)
        cut = next(ply for ply in range(len(state.history) // 2, len(state.history)) if state.history[ply][0] == 1)
        request = {"op": "new", "game": "upthrust", "seed": state.seed, "players": 2, "seats": seats_for(game, 2),
                   "history": [list(step) for step in state.history[:cut]]}
        for judging in (False, True):
            # the same position each time; a new deal each trial, so the job has every move still to judge
            assert page.evaluate("(request) => window.gamebox.request(request)", request)["ok"]
            ms = page.evaluate(BOT_REPLY, [judging, chooser.randrange(0, 200), BOT_BUDGET_MS])
            (busy if judging else without).append(ms)
    ratio = statistics.median(busy) / statistics.median(without)
    print(f"  without: median {fmt(statistics.median(without))} ({', '.join(fmt(ms) for ms in without)})")
    print(f"  with a background job: median {fmt(statistics.median(busy))} ({', '.join(fmt(ms) for ms in busy)})")
    print(f"  ratio with/without: {ratio:.2f}", flush=True)


# Each bot request's time from the page's message to the worker's reply; with window.__noJudging, the session's
# judging pieces are sent as the cheap `prepare` (nothing judged) instead.
TIME_BOTS = """(() => { const post = Worker.prototype.postMessage; window.__bots = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (!this.__sent) {
      this.__sent = new Map();
      this.addEventListener('message', (event) => { const data = event.data;
        if (data && data.type === 'reply' && this.__sent.has(data.id)) {
          const [op, at] = this.__sent.get(data.id); this.__sent.delete(data.id);
          if (op === 'bot') window.__bots.push(performance.now() - at); } }); }
    if (message && message.request) {
      if (window.__noJudging && message.request.op === 'judging') message = {...message, request: {op: 'prepare'}};
      this.__sent.set(message.id, [message.request.op, performance.now()]);
    }
    return post.call(this, message, ...rest); }; })()"""
PAGE_MOVES = 12


def bot_in_page(browser: Any, url: str) -> None:
    """The bots' replies as the page asks them (Upthrust 2p against the hard bot, the page's budget), in a game
    played at a person's pace with the page's judging, and in one without it (its pieces sent as `prepare`)."""
    print(f"\n== the bots' replies in the page (Upthrust 2p, hard), {PAGE_MOVES} moves at a person's pace, "
          "with and without judging")
    shared = SharedPage(browser, url, viewport={"width": 1280, "height": 800})
    page = shared.page
    page.evaluate(TIME_BOTS)
    times: dict[bool, list[float]] = {}
    chooser = random.Random("judging-page")
    for judging in (False, True, False, True):
        page.evaluate("(off) => { window.__noJudging = off; window.__bots = []; "
                      "document.body.dataset.fingerprint = ''; }", not judging)
        page.evaluate("""(seed) => window.gamebox.request({op: 'new', game: 'upthrust', players: 2, seed})
            .then((reply) => window.gamebox.open(reply.resume, 'human,hard'))""", f"PAGE-{len(times)}-{judging}")
        for _ in range(PAGE_MOVES):
            page.wait_for_function(TO_ACT, timeout=600_000, polling=50)
            if page.evaluate("window.gamebox.table().is_over"):
                break
            time.sleep(PACE_S)
            page.evaluate("(action) => window.gamebox.play(action)",
                          chooser.choice(sorted(page.evaluate("window.gamebox.legal(0)"))))
        page.wait_for_function(TO_ACT, timeout=600_000, polling=50)
        times.setdefault(judging, []).extend(page.evaluate("window.__bots"))
    shared.close()
    without, busy = statistics.median(times[False]), statistics.median(times[True])
    print(f"  without judging: median {fmt(without)} of {len(times[False])} replies; with: median {fmt(busy)} of "
          f"{len(times[True])}; ratio with/without {busy / without:.2f}", flush=True)


def at_end(browser: Any, url: str, only: list[str] | None) -> None:
    print(f"\n== the review at the end of a game played at a person's pace ({PACE_S:.0f} s a move), in the page")
    for label, game_id, players, options in AT_END:
        if only and game_id not in only:
            continue
        shared = SharedPage(browser, url, viewport={"width": 1280, "height": 800})
        page = shared.page
        page.evaluate(WATCH_END)
        page.evaluate("document.body.dataset.fingerprint = ''")
        game = gamebox.get(game_id)
        seats = ",".join(["human"] + [game.default_bot_level or game.bot_levels[0]] * (players - 1))
        page.evaluate("""([game, players, options, seats]) => window.gamebox.request({op: 'new', game, players, options,
            seed: 'JUDGING-BENCH'}).then((reply) => window.gamebox.open(reply.resume, seats))""",
                      [game_id, players, options, seats])
        chooser = random.Random(label)
        started = time.monotonic()
        moves = 0
        while True:
            page.wait_for_function(TO_ACT, timeout=600_000, polling=50)
            if page.evaluate("window.gamebox.table().is_over"):
                break
            time.sleep(PACE_S)
            actions = page.evaluate("window.gamebox.legal(0)")
            page.evaluate("(action) => window.gamebox.play(action)", chooser.choice(sorted(actions)))
            moves += 1
        result = page.evaluate(REVIEW_AT_END)
        total = len(page.evaluate("window.gamebox.table().history"))
        print(f"  {label:32} {total:4} moves ({moves} the person's, {time.monotonic() - started:.0f} s of play): "
              f"review {fmt(result['ms'])} after the end", flush=True)
        shared.close()


def report(browser: Any, url: str, parts: list[str] | None = None, only: list[str] | None = None) -> None:
    parts = parts or ["pieces", "bot", "page", "end"]
    if "pieces" in parts or "bot" in parts:
        shared = SharedPage(browser, url, viewport={"width": 1280, "height": 800})
        if "pieces" in parts:
            pieces(shared.page, only)
        if "bot" in parts:
            bot_reply(shared.page)
        shared.close()
    if "page" in parts:
        bot_in_page(browser, url)
    if "end" in parts:
        at_end(browser, url, only)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", action="append", choices=["pieces", "bot", "page", "end"])
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve.start(DIST)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            report(browser, url, args.part, args.game)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
