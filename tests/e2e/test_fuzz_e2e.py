"""Bad input at the page, in Chromium: a few hundred random and mutated links, and corrupt saved data.

One page takes every link (the test sets location.hash, as a click on a link would, with no reload). Each link
must end in a clear message (the notice, with text, over the menu), a game screen that opened, or a set-up
screen; then the menu must work. The fixture fails the test on any console error. The cases come from
gamebox.core.rng.Rng with a fixed label, so every run throws the same ones.
"""

from __future__ import annotations

from urllib.parse import quote

from gamebox.core import registry
from gamebox.core.rng import Rng
from tests.rules.test_fuzz_bridge import SEAT_WORDS, junk, mutate, played_codes

from .conftest import BOOT_TIMEOUT_MS, SharedPage, site_games

# Not about judging nor the review: the games the links open are not judged while in play (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False
LINKS = 300
SAVES_KEY = "gamebox/v1/saves"  # web/saves.js KEYS
STORE_KEYS = ["gamebox/v1/saves", "gamebox/v1/stats", "gamebox/v1/daily"]


def routes() -> list[str]:
    rng = Rng("fuzz/page")
    games = registry.ready_ids()
    codes = [code for game in games for code in played_codes(registry.get(game), rng, 1 if game == "ubongo" else 3)]
    codes += [f"v1.{game}.A11Y.2." for game in games]
    out = []
    for _ in range(LINKS):
        roll = rng.below(20)
        code = rng.choice(codes) if roll < 3 else mutate(rng.choice(codes), rng, codes)
        players = code.count(",") + 2 if rng.below(4) == 0 else 2
        seats = ",".join(rng.choice(SEAT_WORDS[:4] if rng.below(3) else SEAT_WORDS) for _ in range(players))
        if code.split(".")[3:4] == ["1"]:
            seats = "human"
        if roll < 12:
            out.append(f"#/play?code={quote(code, safe='')}&seats={quote(seats, safe=',')}")
        elif roll < 14:
            out.append(f"#/play?code={quote(code, safe='')}")  # no seats: every seat human
        elif roll < 16:
            step = rng.choice(["0", "1", "-3", "999999", "x", "", "1.5"])
            out.append(f"#/replay?code={quote(code, safe='')}&seats={quote(seats, safe=',')}&step={step}")
        elif roll < 17:
            out.append(rng.choice([f"#/play?code={code}", f"#/play?seats={seats}", "#/play", "#/play?",
                                   f"#/play?code={quote(code)}&code=v1.x&seats=human,,", "#/play?code=%ZZ%",
                                   f"#/play?code={'v1.upthrust.A.2.' + '.0a1' * 2000}"]))
        elif roll < 18:
            out.append(rng.choice(["#/daily?game=" + rng.choice(["chess", "", "upthrust", "ubongo", "upples"]),
                                   "#/daily?game=upples&date=" + rng.choice(["2024-02-30", "x", "1999-01-01"]),
                                   "#/daily?game=upthrust&date=2025-01-01"]))
        else:  # garbage routes
            out.append("#/" + rng.choice(["chess", "UPTHRUST", "upthrust/", "play/x", "..", "%00", "menu",
                                          junk(rng, rng.between(1, 12)), "__proto__", "replay", "daily",
                                          "upthrust?seats=junk", "whoopies?x=1"]))
    return out


# One async loop in the page: fast, and every link is judged the same way.
RUN = """async ([routes, savesKey, gameCount]) => {
  const $ = (id) => document.getElementById(id);
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const until = async (test, ms = 15000) => {
    const end = performance.now() + ms;
    for (;;) {
      const value = test();
      if (value) return value;
      if (performance.now() > end) return null;
      await sleep(10);
    }
  };
  const state = () => ({ screen: document.body.dataset.screen,
    notice: $("notice").hidden ? "" : $("notice-text").textContent.trim(),
    fingerprint: document.body.dataset.fingerprint || "", hash: location.hash });
  const results = [];
  for (let index = 0; index < routes.length; index++) {
    const route = routes[index];
    const started = performance.now();
    $("notice").hidden = true;
    document.body.dataset.screen = "fuzz";
    document.body.dataset.fingerprint = "";
    location.hash = route;
    const empty = location.hash.replace(/^#\\/?/, "").split("?")[0] === "";
    const settled = await until(() => {
      const now = state();
      if (now.screen === "menu" && (now.notice || empty)) return "menu";
      if (now.screen === "game" && now.fingerprint) return "game";
      if (now.screen === "setup") return "setup";
      return null;
    });
    const result = { route, outcome: settled || "stuck", ...state(), ms: Math.round(performance.now() - started) };
    // the menu works afterwards (without the saved games each opened link leaves: checking those in the
    // engine every time would only slow the loop; test_saves_e2e.py covers them)
    localStorage.removeItem(savesKey);
    if (location.hash !== "#/") location.hash = "#/";
    const menu = await until(() => document.body.dataset.screen === "menu");
    result.menu = Boolean(menu) && $("game-list").children.length === gameCount
      && Boolean(document.querySelector('#game-list a[href="#/upthrust"]')?.offsetParent);
    if (index % 40 === 0) { // and its links lead somewhere
      document.querySelector('#game-list a[href="#/upples"]').click();
      result.menu = result.menu && Boolean(await until(() => document.body.dataset.screen === "setup"
        && $("setup-title").textContent.length > 0));
      document.querySelector('#screen-setup a[href="#/"]').click();
      result.menu = result.menu && Boolean(await until(() => document.body.dataset.screen === "menu"));
    }
    results.push(result);
  }
  return results;
}"""


def test_a_few_hundred_bad_links_in_one_page(game_page: SharedPage) -> None:
    page = game_page.page
    # bots at a player's pace, as a visitor's page runs them (the timing these links were judged with)
    page.evaluate("window.GAMEBOX_TEST_SPEED = 1")
    cases = routes()
    results = page.evaluate(RUN, [cases, SAVES_KEY, len(site_games())])
    assert len(results) == len(cases) >= 300
    stuck = [result for result in results if result["outcome"] == "stuck"]
    assert not stuck, f"{len(stuck)} links left the page without a message, e.g. {stuck[:3]}"
    broken_menu = [result["route"] for result in results if not result["menu"]]
    assert not broken_menu, f"the menu did not work after {broken_menu[:5]}"
    outcomes = {kind: sum(result["outcome"] == kind for result in results) for kind in ("menu", "game", "setup")}
    print(f"{len(results)} links: {outcomes}")
    slowest = max(results, key=lambda result: result["ms"])
    print(f"slowest: {slowest['ms']} ms for {slowest['route'][:100]}")
    assert outcomes["menu"] >= 100 and outcomes["game"] >= 10, outcomes
    # the page is still alive: a good link opens a game
    page.evaluate("location.hash = '#/play?code=v1.upthrust.A11Y.2.&seats=human,easy'")
    page.wait_for_function("window.gamebox.table() && window.gamebox.table().seed === 'A11Y'")


# Three reloads of the module's page (each boots Pyodide again), each with damaged values in web/saves.js's stores.
RECORD = ('{{"game": "{game}", "code": "{code}", "seats": "human,human", "seed": "X", "players": 2, "moves": 1,'
          ' "time": 1}}')
CORRUPT = [
    {"gamebox/v1/saves": "{not json", "gamebox/v1/stats": '{"version": 99, "items": {}}', "gamebox/v1/daily": "[]"},
    {"gamebox/v1/saves": '{"version": 1, "items": {"upthrust": "garbage", "chess": {"game": "chess"}, '
                         f'"upples": {RECORD.format(game="upples", code="v1.upples.X.\u00b2.")}, '
                         f'"whoopies": {RECORD.format(game="whoopies", code="v1.whoopies.X.2..0zz9")}}}}}'},
    {"gamebox/v1/saves": "null", "gamebox/v1/stats": '{"version": 1, "items": []}', "gamebox/v1/daily": '"x"'},
]


def test_corrupt_saved_data_gives_a_notice_and_a_working_menu(game_page: SharedPage) -> None:
    page = game_page.page
    for values in CORRUPT:
        page.evaluate("([keys, values]) => { for (const key of keys) localStorage.removeItem(key);"
                      " for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value); }",
                      [STORE_KEYS, values])
        page.evaluate("history.replaceState(null, '', location.pathname)")  # the reload opens the menu
        page.reload()
        page.wait_for_function("document.getElementById('engine-status').classList.contains('done')",
                               timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector("#screen-menu:not([hidden])")
        page.wait_for_function("!document.getElementById('notice').hidden"
                               " && document.getElementById('notice-text').textContent.trim().length > 0",
                               timeout=15_000)
        # no damaged game is offered, and nothing was overwritten by just looking
        page.wait_for_function("document.getElementById('continue-list').children.length === 0")
        for key, value in values.items():
            assert page.evaluate("(key) => localStorage.getItem(key)", key) == value
        # and the menu works
        page.click("#game-list a[href='#/upthrust']")
        page.wait_for_selector("#screen-setup:not([hidden])")
        page.click("#screen-setup a[href='#/']")
        page.wait_for_selector("#screen-menu:not([hidden])")
