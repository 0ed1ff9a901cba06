"""Saved games, replays, play by link, daily challenges and statistics, in Chromium (docs/saves-and-replays.md)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from urllib.parse import quote

import pytest

import gamebox
from gamebox.core import share
from tests.playing import first_legal_action, first_moves

from .conftest import BOOT_TIMEOUT_MS, SharedPage, choose_seats, moves_played, screenshot, start_set_up_game

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

SAVES = "gamebox/v1/saves"
STATS = "gamebox/v1/stats"
DAILY = "gamebox/v1/daily"
TODAY_JS = """(() => { const d = new Date(), two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`; })()"""


def upthrust_after(seed: str, players: int, moves: int = 10_000):
    """An Upthrust game after `moves` first-legal moves (or to its end)."""
    state = gamebox.get("upthrust").new(seed, players)
    first_moves(state, moves, first_legal_action)
    return state


def one_move_from_the_end(seed: str, players: int):
    """(code one move before the end, the seat that makes the last move, that move, the final state)."""
    end = upthrust_after(seed, players)
    seat, action = end.history[-1]
    before = gamebox.get("upthrust").replay(end.seed, end.players, end.options, end.history[:-1])
    return share.encode(before), seat, action, end


def wait_booted(page) -> None:
    # `window.gamebox.ready` is a promise, which wait_for_function would await: wait for the object, then give
    # the engine its whole boot time (a loaded machine can take longer than 30 s).
    page.wait_for_function("Boolean(window.gamebox)", timeout=30_000)
    page.wait_for_function("document.getElementById('engine-status').classList.contains('done')",
                           timeout=BOOT_TIMEOUT_MS)


@pytest.fixture(scope="module")
def visits(browser, site) -> Iterator[SharedPage]:
    """The module's context, booted once; its memory snapshot stored, so that each test's visit (a reload with
    nothing stored) boots in about half a second."""
    shared = SharedPage(browser, site, snapshot=True)
    shared.snapshot_stored()
    yield shared
    shared.close()


@pytest.fixture
def visit(visits: SharedPage) -> Iterator[SharedPage]:
    """The module's page for one test; it fails if the page logged a console error or asked for another origin."""
    yield visits
    visits.check()


def booted(visit: SharedPage, path: str = ""):
    """A visit of `path` with nothing stored (no saved game, statistics or daily result), engine ready."""
    return visit.reload(path)


def start_upthrust(page, seats: list[str], seed: str = "K7Q2M") -> None:
    page.goto(page.url.split("#")[0] + "#/upthrust")
    choose_seats(page, seats)
    page.fill("#setup-seed", seed)
    start_set_up_game(page)


def play_first_legal(page) -> str:
    """Play the first legal move of the seat to move, through the page's API; returns it."""
    before = moves_played(page)
    action = page.evaluate("window.gamebox.legal().then((actions) => actions[0])")
    assert page.evaluate("(action) => window.gamebox.play(action)", action)
    page.wait_for_function("(n) => Number(document.body.dataset.moves) > n", arg=before)
    return action


def storage(page, key: str):
    return page.evaluate("(key) => localStorage.getItem(key)", key)


def backups(page, key: str) -> dict[str, str]:
    return page.evaluate("""(prefix) => Object.fromEntries(Object.keys(localStorage)
        .filter((k) => k.startsWith(prefix)).map((k) => [k, localStorage.getItem(k)]))""", key + ".backup.")


def path_of(link: str, site: str) -> str:
    assert link.startswith(site), link
    return link[len(site):]


def to_menu(page) -> None:
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector("#screen-menu:not([hidden])")


# ---------------------------------------------------------------- saved games
def test_a_game_in_progress_is_resumed_from_the_menu_after_a_reload(visit):
    page = booted(visit, "")
    assert page.locator("#menu-continue").is_hidden()
    start_upthrust(page, ["human", "easy"], seed="SAVE1")
    play_first_legal(page)
    page.wait_for_function("Number(document.body.dataset.moves) >= 2", timeout=30_000)  # the bot replied
    page.wait_for_function("window.gamebox.table().to_move[0] === 0")
    fingerprint = page.evaluate("document.body.dataset.fingerprint")
    saved = json.loads(storage(page, SAVES))
    assert saved["version"] == 1 and saved["items"]["upthrust"]["seed"] == "SAVE1"
    assert saved["items"]["upthrust"]["seats"] == "human,easy" and saved["items"]["upthrust"]["moves"] == 2

    page.goto(page.url.split("#")[0] + "#/")
    page.reload()
    wait_booted(page)
    page.wait_for_selector("#screen-menu:not([hidden])")
    item = page.locator("#continue-list li[data-game='upthrust']")
    item.wait_for()
    text = item.inner_text()
    assert "Upthrust" in text and "2 moves" in text and "You" in text and "easy" in text
    screenshot(page, "menu-continue")
    item.locator("a.button").click()
    page.wait_for_selector("#screen-game:not([hidden])")
    page.wait_for_function("(f) => document.body.dataset.fingerprint === f", arg=fingerprint)
    assert moves_played(page) == 2
    assert page.evaluate("window.gamebox.table().seats.map((s) => s.kind + s.level).join()") == "human,boteasy"
    play_first_legal(page)  # and it plays on
    page.wait_for_function("Number(document.body.dataset.moves) >= 4", timeout=30_000)


def test_corrupt_and_foreign_storage_give_a_notice_and_are_kept(visit):
    page = booted(visit, "")
    page.evaluate("""() => {
        localStorage.setItem('gamebox/v1/saves', '{not json');
        localStorage.setItem('gamebox/v1/stats', JSON.stringify({version: 99, items: {upthrust: 'new format'}}));
    }""")
    page.reload()
    wait_booted(page)
    page.wait_for_selector("#notice:not([hidden])")
    words = page.locator("#notice-text").inner_text()
    assert "could not be read" in words and "saved games" in words and "statistics" in words
    assert page.locator("#menu-continue").is_hidden()
    screenshot(page, "menu-storage-notice")
    assert storage(page, SAVES) == "{not json"  # reading changed nothing

    start_upthrust(page, ["human", "human"], seed="OVER1")
    play_first_legal(page)
    # The new save went in, and only after the unreadable value was kept under a backup key.
    assert json.loads(storage(page, SAVES))["items"]["upthrust"]["seed"] == "OVER1"
    assert list(backups(page, SAVES).values()) == ["{not json"]
    assert json.loads(storage(page, STATS))["version"] == 99  # nothing finished: statistics untouched


def test_a_saved_game_that_no_longer_opens_is_named_and_set_aside(visit):
    page = booted(visit, "")
    broken = {"version": 1, "items": {"upthrust": {
        "game": "upthrust", "code": "v1.upthrust.A.2..0zz", "seats": "human,human", "seed": "A", "players": 2,
        "moves": 1, "time": 1_700_000_000_000}}}
    page.evaluate("(value) => localStorage.setItem('gamebox/v1/saves', value)", json.dumps(broken))
    page.reload()
    wait_booted(page)
    page.wait_for_selector("#notice:not([hidden])")
    page.wait_for_function("document.getElementById('notice-text').textContent.includes('could not be opened')")
    assert "Upthrust" in page.locator("#notice-text").inner_text()
    page.wait_for_function("document.querySelectorAll('#continue-list li').length === 0")
    assert page.locator("#menu-continue").is_hidden()
    assert json.loads(storage(page, SAVES)) == broken
    # A new Upthrust game keeps the broken record under a backup key before it takes its place.
    start_upthrust(page, ["human", "human"], seed="NEW1")
    play_first_legal(page)
    kept = [json.loads(value) for value in backups(page, SAVES).values()]
    assert kept == [{"id": "upthrust", "value": broken["items"]["upthrust"]}]


# ---------------------------------------------------------------- replay
def test_replay_steps_through_a_finished_game(visit, site):
    end = upthrust_after("REPLAY", 2)
    code = share.encode(end)
    steps = len(end.history)
    page = booted(visit, f"#/replay?code={quote(code)}&seats=human,human")
    page.wait_for_selector("#replay-controls:not([hidden])")
    assert moves_played(page) == 0
    assert "moves to watch" in page.locator("#replay-step").inner_text()
    assert page.locator("#replay-back").is_disabled() and page.locator("#replay-first").is_disabled()
    assert page.locator("#btn-undo").is_hidden() and page.locator("#btn-hint").is_hidden()
    # play input is off: the API refuses, and a click on the canvas does nothing
    action = page.evaluate("window.gamebox.legal().then((actions) => actions[0])")
    assert page.evaluate("(action) => window.gamebox.play(action)", action) is False
    page.locator("#board").click(position={"x": 100, "y": 400})
    page.locator("#board").click(position={"x": 180, "y": 300})
    time.sleep(0.3)
    assert moves_played(page) == 0

    page.click("#replay-forward")
    page.wait_for_function("document.body.dataset.moves === '1'")
    page.click("#replay-forward")
    page.wait_for_function("document.body.dataset.moves === '2'")
    assert page.locator("#replay-step").inner_text() == f"Move 2 of {steps}"
    assert page.locator("#log li").count() >= 2
    page.click("#replay-back")
    page.wait_for_function("document.body.dataset.moves === '1'")
    assert "step=1" in page.url
    page.click("#replay-last")
    page.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=steps)
    assert page.evaluate("window.gamebox.table().fingerprint") == end.fingerprint()
    assert page.locator("#turn").inner_text() == "Game over"
    assert page.locator("#game-over").is_hidden()  # a replay does not pop up the result
    assert page.locator("#replay-forward").is_disabled() and page.locator("#replay-last").is_disabled()
    screenshot(page, "replay-last")
    page.click("#replay-first")
    page.wait_for_function("document.body.dataset.moves === '0'")

    # autoplay: runs on by itself, pauses, and stops at the end
    page.click("#replay-auto")
    assert page.locator("#replay-auto").get_attribute("aria-pressed") == "true"
    page.wait_for_function("Number(document.body.dataset.moves) >= 2", timeout=10_000)
    page.click("#replay-auto")
    assert page.locator("#replay-auto").inner_text() == "Play"
    paused_at = moves_played(page)
    time.sleep(1.5)
    assert moves_played(page) == paused_at
    page.click("#replay-last")
    page.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=steps)
    page.click("#replay-back")
    page.wait_for_function("(n) => document.body.dataset.moves === String(n - 1)", arg=steps)
    page.click("#replay-auto")
    page.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=steps, timeout=10_000)
    page.wait_for_function("document.getElementById('replay-auto').getAttribute('aria-pressed') === 'false'")

    # the keyboard steps too
    page.locator("#board").focus()
    page.keyboard.press("Home")
    page.wait_for_function("document.body.dataset.moves === '0'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.moves === '1'")


def test_a_finished_game_offers_its_replay_and_play_on_from_a_step(visit):
    code, seat, action, end = one_move_from_the_end("OFFER", 2)
    seats = ["easy", "easy"]
    seats[seat] = "human"
    page = booted(visit, "")
    page.evaluate("([code, seats]) => window.gamebox.open(code, seats)", [code, ",".join(seats)])
    page.wait_for_selector("#screen-game:not([hidden])")
    assert page.evaluate("(action) => window.gamebox.play(action)", action)
    page.wait_for_selector("#game-over:not([hidden])")
    page.click("#btn-over-replay")
    page.wait_for_selector("#replay-controls:not([hidden])")
    page.wait_for_function("document.body.dataset.moves === '0'")
    page.click("#replay-forward")
    page.wait_for_function("document.body.dataset.moves === '1'")
    page.click("#replay-resume")
    page.wait_for_function("document.getElementById('replay-controls').hidden")
    page.wait_for_function("location.hash.startsWith('#/play?')")
    assert page.evaluate("window.gamebox.table().history[0]") == list(end.history[0])
    # the game's controls are drawn with the table that comes after the address (a run on a loaded machine read
    # Undo still hidden at once)
    page.wait_for_selector("#btn-undo", state="visible", timeout=10_000)
    assert page.locator("#replay-controls").is_hidden()


def test_a_link_with_an_illegal_move_says_which_move(visit):
    state = upthrust_after("BAD", 2, moves=6)
    parts = share.encode(state).split(".")
    parts[-1] = parts[-1][0] + "a1"  # move 6: a square with no piece that can move
    tampered = ".".join(parts)
    page = booted(visit, f"#/play?code={quote(tampered)}&seats=human,human")
    page.wait_for_selector("#notice:not([hidden])")
    words = page.locator("#notice-text").inner_text()
    assert "does not open a game" in words and "move 6 (a1)" in words, words
    assert page.locator("#screen-menu").is_visible()
    page.evaluate("document.getElementById('notice-text').textContent = ''")  # so the wait below sees the new one
    page.evaluate("location.hash = " + json.dumps(f"#/replay?code={quote(tampered)}"))
    page.wait_for_function("document.getElementById('notice-text').textContent.includes('move 6 (a1)')")
    assert page.locator("#screen-menu").is_visible()


# ---------------------------------------------------------------- play by link
def test_play_by_link_there_and_back(visit, site):
    alice = booted(visit, "")
    start_upthrust(alice, ["human", "human"], seed="LINK1")
    assert alice.locator("#btn-send").is_visible() and alice.locator("#btn-send").is_disabled()
    first = play_first_legal(alice)
    alice.click("#btn-send")
    alice.wait_for_function("document.getElementById('btn-send').dataset.link")
    link = alice.locator("#btn-send").get_attribute("data-link")
    assert "#/play?code=" in link and "seats=human%2Chuman" in link
    alice.wait_for_function("document.getElementById('notice-text').textContent.includes('Send it to your friend')")

    bob = visit.new_tab(path_of(link, site))  # another tab: it knows the game from the link alone
    bob.wait_for_selector("#screen-game:not([hidden])")
    bob.wait_for_function("document.body.dataset.moves === '1'")
    assert bob.evaluate("window.gamebox.table().history[0][1]") == first
    assert "Player 2" in bob.locator("#turn").inner_text()
    second = play_first_legal(bob)
    bob.click("#btn-send")
    bob.wait_for_function("document.getElementById('btn-send').dataset.link")
    back = bob.locator("#btn-send").get_attribute("data-link")
    bob_fingerprint = bob.evaluate("document.body.dataset.fingerprint")

    alice.goto(back)
    alice.wait_for_function("document.body.dataset.moves === '2'")
    assert alice.evaluate("document.body.dataset.fingerprint") == bob_fingerprint
    assert alice.evaluate("window.gamebox.table().history.map((h) => h[1])") == [first, second]
    screenshot(alice, "play-by-link")
    bob.close()


def test_send_my_move_is_only_for_games_without_hidden_information(visit):
    page = booted(visit, "")
    page.evaluate("window.gamebox.request({op: 'new', game: 'upcombine', players: 2})")
    code = page.evaluate("window.gamebox.request({op: 'share'}).then((r) => r.resume)")
    page.evaluate("(code) => window.gamebox.open(code, 'human,human')", code)
    page.wait_for_selector("#screen-game:not([hidden])")
    assert page.locator("#btn-send").is_hidden()


# ---------------------------------------------------------------- daily challenges
def test_the_daily_links_open_the_days_games(visit):
    page = booted(visit, "")
    today = page.evaluate(TODAY_JS)
    assert today in page.locator("#daily-date").inner_text()
    items = page.locator("#daily-list li")
    assert items.count() == 3
    expected = {"ubongo": today, "upples": f"training-{today}", "upthrust": today}
    for game, seed in expected.items():
        to_menu(page)
        page.click(f"#daily-list li[data-game='{game}'] a")
        page.wait_for_selector("#screen-game:not([hidden])")
        page.wait_for_function("(seed) => window.gamebox.table() && window.gamebox.table().seed === seed", arg=seed)
        table = page.evaluate("window.gamebox.table()")
        assert table["game"] == game and table["players"] == 1 and table["seats"][0]["kind"] == "human"
        if game == "upples":
            assert table["options"]["mode"] == "training"
    # a daily link for a game that has none says so
    page.evaluate("location.hash = '#/daily?game=whoopies'")
    page.wait_for_selector("#notice:not([hidden])")
    assert "no such daily challenge" in page.locator("#notice-text").inner_text()


def test_the_best_daily_result_is_kept_and_shown(visit):
    page = booted(visit, "")
    today = page.evaluate(TODAY_JS)
    code, seat, action, end = one_move_from_the_end(today, 1)
    page.evaluate("(code) => window.gamebox.open(code, 'human')", code)
    page.wait_for_selector("#screen-game:not([hidden])")
    assert page.evaluate("(action) => window.gamebox.play(action)", action)
    page.wait_for_selector("#game-over:not([hidden])")
    best = json.loads(storage(page, DAILY))["items"][f"{today}/upthrust"]["best"]
    assert best == end.scores()[0]
    to_menu(page)
    words = page.locator("#daily-list li[data-game='upthrust'] .daily-best").inner_text()
    assert words == f"Your best: {best} points"
    assert page.locator("#daily-list li[data-game='ubongo'] .daily-best").inner_text() == "Not done yet today"
    screenshot(page, "menu-daily")


# ---------------------------------------------------------------- statistics
def test_statistics_count_a_finished_game(visit):
    code, seat, action, end = one_move_from_the_end("STATS", 2)
    seats = ["easy", "easy"]
    seats[seat] = "human"
    seats[1 - seat] = "hard"
    page = booted(visit, "")
    assert page.locator("#stats-empty").is_visible() and page.locator("#stats-table").is_hidden()
    page.evaluate("([code, seats]) => window.gamebox.open(code, seats)", [code, ",".join(seats)])
    page.wait_for_selector("#screen-game:not([hidden])")
    assert page.evaluate("(action) => window.gamebox.play(action)", action)
    page.wait_for_selector("#game-over:not([hidden])")
    won = seat in end.winners()
    stats = json.loads(storage(page, STATS))
    assert stats["items"]["upthrust"]["hard"] == {"played": 1, "won": int(won)}
    # the finished game's save is gone, and opening it again does not count it twice
    assert "upthrust" not in json.loads(storage(page, SAVES) or '{"items": {}}')["items"]
    page.evaluate("([code, seats]) => window.gamebox.open(code, seats)", [code, ",".join(seats)])
    page.wait_for_function("document.body.dataset.moves === String(window.gamebox.table().history.length)")
    assert page.evaluate("(action) => window.gamebox.play(action)", action)
    page.wait_for_selector("#game-over:not([hidden])")
    to_menu(page)
    row = page.locator("#stats-body tr[data-game='upthrust'][data-level='hard']")
    assert row.locator("th").inner_text() == "Upthrust"
    assert row.locator("td.played").inner_text() == "1"
    assert row.locator("td.won").inner_text() == str(int(won))
    assert page.locator("#stats-empty").is_hidden()
    screenshot(page, "menu-stats")
