"""Reviewing a finished game in the browser (issue 21, docs/review.md): for every game with a reviewer (games.json's
``review``), a short finished game of a person against a bot is reviewed on a 390x844 phone by touch; every move of
the person has a verdict, the chart is drawn and a tap on it moves the board to that move, window.gamebox.review()
gives the records, and the review is kept: opened again on a 1280x800 desktop page of the same browser, it is shown
with no review request to the engine. A game in play is refused (worded), a person's blunder becomes a mistakes
puzzle in the menu, and solving it marks it done. The review screen fits the phone, the phone held sideways and a
desktop in English, Portuguese and Ukrainian (nothing overflows, nothing scrolls sideways), with a screenshot of
each (screenshots/review-<game>-<screen>-<lang>.png).

The finished games are played by the games' bots on CPython (fast, and the same game the browser replays); the
shortest of a few seeds is reviewed, so the module stays well within its time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from .conftest import SharedPage, settled, shoot, site_games, tap_at

gamebox = pytest.importorskip("gamebox")
from gamebox import share  # noqa: E402
from gamebox.core import bots, review  # noqa: E402

# every game the site reviews (games.json: describe()'s review), in menu order
REVIEWED = [game for game in site_games() if game.get("review") and not game.get("fixture")]
PHONE = {"width": 390, "height": 844}
SIDEWAYS = {"width": 844, "height": 390}
DESKTOP = {"width": 1280, "height": 800}
LANGUAGES = ("en", "pt", "uk")
# a short review of each (a game of the test's own choosing): fewer creatures, the shortest mode, more players where
# the person's share of the moves (the judged ones) is then smaller (two players, else)
SHORT_OPTIONS: dict[str, dict[str, Any]] = {"whoopies": {"creatures": 2}, "upples": {"mode": "survival"}}
PLAYERS = {"upcombine": 4, "upthrust": 1}  # Upthrust alone is Score Up: its solver judges exactly, and fast
SEEDS = ("R1", "R2", "R3", "R4", "R5", "R6")
GAME_SEEDS = {"upthrust": ("S2",)}  # a Score Up game whose solver proves each move in a few seconds
# where a careless person's short game has a mistake to solve, quickly judged: tried first for the puzzle
PUZZLE_FIRST = ("upples",)
# the engine's requests the page sends, as the worker receives them (every op, in order)
SPY = """(() => { const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.request) (window.__ops ||= []).push(message.request.op);
    return post.call(this, message, ...rest); }; })();"""


def played(game: dict[str, Any], seed: str) -> Any:
    """A finished game of ``game``, two players where it can: seat 0 a careless person in a game played in turns
    (a legal move drawn at random: mistakes to learn from), else the game's first bot level like the other seats."""
    engine = gamebox.get(game["id"])
    players = max(engine.min_players, min(PLAYERS.get(game["id"], 2), engine.max_players))
    state = engine.new(seed, players, **SHORT_OPTIONS.get(game["id"], {}))
    level = game["bot_levels"][0]
    careless = random.Random(f"review/{seed}")
    for turn in range(2000):
        if state.is_over:
            return state
        seat = state.to_move[0]
        if seat == 0 and not game["simultaneous"]:
            action = careless.choice(state.legal_actions(seat))
        else:
            action = bots.choose(state, seat, level, 30, f"{seed}/{turn}")
        state.apply(seat, action)
    raise AssertionError(f"{game['id']} {seed}: no end after 2000 moves")


def short_game(game: dict[str, Any]) -> tuple[str, str, int]:
    """The shortest finished game of a few seeds: its code, the review's seats (seat 0 the person, the rest the
    game's first bot level) and its number of moves."""
    games = [played(game, seed) for seed in GAME_SEEDS.get(game["id"], SEEDS)]
    state = min(games, key=lambda state: len(state.history))
    seats = ",".join(["human"] + [game["bot_levels"][0]] * (state.players - 1))
    return share.encode(state), seats, len(state.history)


def puzzle_game() -> tuple[str, str, str, dict[str, Any]] | None:
    """A short game played in turns where the person made a mistake or a blunder, as CPython reviews it: its game,
    code, seats, and the first such move's record (the puzzle the menu offers first)."""
    for game in sorted(REVIEWED, key=lambda game: game["id"] not in PUZZLE_FIRST):
        if game["simultaneous"]:
            continue
        engine = gamebox.get(game["id"])
        seeds = GAME_SEEDS.get(game["id"], SEEDS)
        for state in sorted((played(game, seed) for seed in seeds), key=lambda state: len(state.history))[:3]:
            moves = review.review(state, engine.reviewer, [0])["moves"]
            wrong = [move for move in moves
                     if move["verdict"] in ("mistake", "blunder") and move["best"] != move["action"]]
            if wrong:
                seats = ",".join(["human"] + [game["bot_levels"][0]] * (state.players - 1))
                return game["id"], share.encode(state), seats, wrong[0]
    return None


GAMES = {game["id"]: short_game(game) for game in REVIEWED}
PUZZLE = puzzle_game()


def route(game: str, code: str = "", seats: str = "") -> str:
    if not code:
        code, seats, _ = GAMES[game]
    return f"#/review?code={quote(code)}&seats={quote(seats)}"


@pytest.fixture(scope="module")
def phone(browser: Any, site: str) -> Iterator[SharedPage]:
    """One booted phone page (390x844, touch) for the module; the desktop pages are tabs of its context."""
    shared = SharedPage(browser, site, viewport=PHONE, has_touch=True)
    shared.context.add_init_script(SPY)  # the tabs opened later
    shared.page.evaluate(SPY)  # the page open now: its engine's worker is an instance of the patched class
    yield shared
    shared.close()


def desktop_tab(phone: SharedPage) -> Any:
    """A 1280x800 desktop tab of the phone's browser (the same storage), opened once for the module."""
    tab = getattr(phone, "desktop", None)
    if tab is None:
        tab = phone.desktop = phone.new_tab()
        tab.set_viewport_size(DESKTOP)
    return tab


def open_review(page: Any, game: str, timeout: float = 120_000, code: str = "", seats: str = "") -> dict[str, Any]:
    """Open the review of ``game`` (its short game, or ``code`` with ``seats``) and wait until it is shown."""
    address = route(game, code, seats)
    page.evaluate("window.__ops = []; delete document.body.dataset.reviewState")
    if page.evaluate("location.hash") == address:
        page.evaluate("location.hash = '#/'")  # the same address again would not open it again
    page.evaluate("(hash) => { location.hash = hash; }", address)
    page.wait_for_function("['done', 'refused', 'failed'].includes(document.body.dataset.reviewState)", timeout=timeout)
    settled(page)
    return dict(page.evaluate("(() => { const s = window.gamebox.reviewState(); delete s.point; return s; })()"))


@pytest.mark.parametrize("game", [game["id"] for game in REVIEWED])
def test_a_finished_game_is_reviewed_on_a_phone_and_kept(phone: SharedPage, game: str) -> None:
    page = phone.page
    code, seats, moves = GAMES[game]
    started = time.monotonic()
    state = open_review(page, game)
    took = time.monotonic() - started
    print(f"\n{game}: {moves} moves reviewed in the browser in {state['ms'] / 1000:.1f} s ({took:.1f} s in all)")
    assert state["state"] == "done" and state["total"] == moves and not state["kept"], state
    assert "review" in page.evaluate("window.__ops")
    # every move of the person (seat 0) has a verdict, in the list
    rows = page.evaluate("""[...document.querySelectorAll('#review-moves li')].map((li) =>
        ({seat: Number(li.dataset.seat), verdict: li.dataset.verdict || null}))""")
    assert len(rows) == moves
    mine = [row for row in rows if row["seat"] == 0]
    assert mine and all(row["verdict"] in ("best", "good", "inaccuracy", "mistake", "blunder") for row in mine), mine
    # the chart is drawn: a line per seat over every move
    drawn = page.evaluate("""(() => { const svg = document.querySelector('#review-chart svg');
        return {lines: svg.querySelectorAll('polyline').length, moves: Number(svg.dataset.drawn)}; })()""")
    assert drawn["lines"] >= 1 and drawn["moves"] == moves, drawn
    # a tap on the chart moves the board to that move (on a long game's chart a move is a pixel or two wide)
    target = min((index + 1 for index, row in enumerate(rows) if row["seat"] == 0), key=lambda at: abs(at - moves / 2))
    page.evaluate("document.getElementById('review-chart').scrollIntoView({block: 'center'})")
    point = page.evaluate("(at) => window.gamebox.reviewState().point(at)", target)
    tap_at(page, point, touch=True)
    page.wait_for_function("document.body.dataset.reviewAt !== '0'", timeout=10_000)
    at = int(page.evaluate("document.body.dataset.reviewAt"))
    assert abs(at - target) <= 1, (at, target)
    assert page.evaluate("document.querySelector('#review-moves li[aria-current]').dataset.ply") == str(at - 1)
    # the board shows the verdict of a judged move
    assert page.evaluate("document.getElementById('review-badge').hidden") is (rows[at - 1]["verdict"] is None)
    assert_badge_off_the_board(page, next(index + 1 for index, row in enumerate(rows) if row["verdict"]))
    # window.gamebox.review(): the same records
    records = page.evaluate("window.gamebox.review()")
    assert [record["verdict"] for record in records] == [row["verdict"] for row in rows]
    assert set(records[0]) == {"ply", "seat", "action", "verdict", "loss", "best"}
    phone.check()
    # kept: a desktop page of the same browser opens it again without asking the engine for a review
    desktop = desktop_tab(phone)
    again = open_review(desktop, game, timeout=30_000)
    assert again["state"] == "done" and again["kept"] and again["moves"] == moves, again
    ops = desktop.evaluate("window.__ops")
    assert "review" not in ops, ops
    assert desktop.evaluate("document.querySelectorAll('#review-moves li[data-verdict]').length") == len(
        [row for row in rows if row["verdict"]])
    phone.check()


def assert_badge_off_the_board(page: Any, at: int) -> None:
    """The verdict's badge of move ``at`` is shown beside the board, never over any of it (its labels: Score Up's
    score, a hand's counts)."""
    page.click(f"#review-moves li[data-ply='{at - 1}'] button")
    page.wait_for_function("(at) => document.body.dataset.reviewAt === String(at)", arg=at)
    boxes = page.evaluate("""['review-badge', 'review-board'].map((id) =>
        document.getElementById(id).getBoundingClientRect().toJSON())""")
    badge, board = boxes
    assert badge["width"] > 0, "the badge is not shown"
    assert badge["bottom"] <= board["top"] + 0.5 or badge["top"] >= board["bottom"] - 0.5 \
        or badge["right"] <= board["left"] + 0.5 or badge["left"] >= board["right"] - 0.5, (badge, board)


def test_review_is_offered_where_a_game_ends_in_replay_and_in_the_menu(phone: SharedPage) -> None:
    """A game that ends on this page: the game-over box offers Review, the game is kept among the menu's finished
    games (with Review), and its replay offers Review beside the replay's controls."""
    game = next(one["id"] for one in REVIEWED if not one["simultaneous"])
    code, seats, moves = GAMES[game]
    final = share.decode(code)
    last_seat, last_action = final.history[-1]
    before = gamebox.get(game).replay(final.seed, final.players, final.options, final.history[:-1], final.edition)
    people = ["human" if seat == last_seat else gamebox.get(game).bot_levels[0] for seat in range(final.players)]
    page = phone.page
    page.evaluate("localStorage.removeItem('gamebox/v1/reviews')")
    page.evaluate("([code, seats]) => window.gamebox.open(code, seats)", [share.encode(before), ",".join(people)])
    page.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=moves - 1)
    assert page.evaluate("(action) => window.gamebox.play(action)", last_action)
    page.wait_for_selector("#game-over:not([hidden])")
    assert page.is_visible("#btn-over-review")
    # the box says how far the review has got, then that it is ready
    page.wait_for_selector("#over-review-progress:not([hidden])")
    page.wait_for_function("document.getElementById('over-review-progress').dataset.state === 'done'", timeout=60_000)
    words = page.evaluate("document.getElementById('over-review-progress').textContent")
    assert words and "review." not in words, words
    forget = "delete document.body.dataset.reviewState"  # the last review's, until the next one is shown
    page.evaluate(forget)
    page.click("#btn-over-review")
    page.wait_for_function("['done', 'failed'].includes(document.body.dataset.reviewState)", timeout=60_000)
    assert page.evaluate("document.body.dataset.reviewState") == "done"
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector(f"#finished-list li[data-game='{game}'] a")
    page.evaluate(forget)
    page.click(f"#finished-list li[data-game='{game}'] a")
    page.wait_for_function("window.gamebox.reviewState().kept && document.body.dataset.reviewState === 'done'")
    page.click("#review-replay")
    page.wait_for_selector("#replay-review:not([hidden])")
    page.evaluate(forget)
    page.click("#replay-review")
    page.wait_for_function("document.body.dataset.reviewState === 'done' && window.gamebox.reviewState().kept")
    phone.check()


def test_a_game_in_play_is_not_reviewed(phone: SharedPage) -> None:
    """A hidden-hand game still in play (Up Combine): window.gamebox.review() and the review screen refuse it in
    words, and the engine is not asked for it."""
    page = phone.page
    engine = gamebox.get("upcombine")
    state = engine.new("HIDDEN", 2)
    seat = state.to_move[0]
    state.apply(seat, state.legal_actions(seat)[0])
    code = share.encode(state)
    page.evaluate("window.__ops = []")
    page.evaluate("([code]) => window.gamebox.open(code, 'human,easy')", [code])
    page.wait_for_function("window.gamebox.table() && window.gamebox.table().game === 'upcombine'")
    refused = page.evaluate("window.gamebox.review()")
    assert refused["ok"] is False and refused["error"]["key"] == "review.unfinished", refused
    assert refused["error"]["text"] and "review." not in refused["error"]["text"]
    page.evaluate("(code) => { location.hash = `#/review?code=${encodeURIComponent(code)}&seats=human,easy`; }", code)
    page.wait_for_function("document.body.dataset.reviewState === 'refused'")
    words = page.evaluate("document.getElementById('review-refused-text').textContent")
    assert words and "review." not in words
    assert "review" not in page.evaluate("window.__ops")
    # the words fill the page (no empty board beside them), with one way out: back to that game
    assert not page.is_visible("#review-stage") and not page.is_visible("#review-chart")
    shown = page.evaluate("""[...document.querySelectorAll('#screen-review a, #screen-review button')]
        .filter((node) => node.getClientRects().length).map((node) => node.id)""")
    assert shown == ["review-refused-back"], shown
    refused = page.evaluate("document.querySelector('.review-side').getBoundingClientRect().height")
    assert refused >= 0.5 * PHONE["height"], refused
    page.click("#review-refused-back")
    page.wait_for_function("document.body.dataset.screen === 'game' && window.gamebox.table()?.game === 'upcombine'")
    assert page.evaluate("window.gamebox.table().is_over") is False
    assert page.evaluate("document.body.dataset.moves") == "1"
    phone.check()


def test_next_and_previous_mistake_go_through_the_persons_wrong_moves_in_order(phone: SharedPage) -> None:
    """Next mistake and Previous mistake (and the keys n and p, not while typing in a field) step through the
    moves judged an inaccuracy, a mistake or a blunder, in order; at the last one Next is disabled and says so."""
    assert PUZZLE, "no careless game has a mistake"
    game, code, seats, _ = PUZZLE
    page = phone.page
    assert open_review(page, game, code=code, seats=seats)["state"] == "done"
    wrong = page.evaluate("""[...document.querySelectorAll('#review-moves li')]
        .filter((li) => ['inaccuracy', 'mistake', 'blunder'].includes(li.dataset.verdict))
        .map((li) => Number(li.dataset.ply) + 1)""")
    assert wrong, "the puzzle's game has no wrong move"
    assert page.is_disabled("#review-previous-mistake")
    for at in wrong:
        page.click("#review-next-mistake")
        page.wait_for_function("(at) => document.body.dataset.reviewAt === String(at)", arg=at)
    assert page.is_disabled("#review-next-mistake")
    hint = page.evaluate("document.getElementById('review-mistakes-hint').textContent")
    assert hint and "review." not in hint
    # the keys, from the board
    page.focus("#review-board")
    for at in reversed([0, *wrong][:-1]):
        if at == 0:
            break
        page.keyboard.press("p")
        page.wait_for_function("(at) => document.body.dataset.reviewAt === String(at)", arg=at)
    if len(wrong) > 1:
        page.keyboard.press("n")
        page.wait_for_function("(at) => document.body.dataset.reviewAt === String(at)", arg=wrong[1])
    # typing in a field moves nothing
    before = page.evaluate("document.body.dataset.reviewAt")
    page.evaluate("""(() => { const field = document.createElement('input'); field.id = 'typing';
        document.getElementById('review-caption').append(field); field.focus(); })()""")
    page.keyboard.press("p")
    page.keyboard.press("n")
    settled(page)
    assert page.evaluate("document.body.dataset.reviewAt") == before
    assert page.evaluate("document.getElementById('typing').value") == "pn"
    page.evaluate("document.getElementById('typing').remove()")
    phone.check()


def test_the_chart_labels_its_axes_and_a_tap_anywhere_on_it_goes_to_the_nearest_move(phone: SharedPage) -> None:
    """The chart says what it shows (its scale's words), with numbers on its scale and the move numbers below; a
    tap on its lower margin (no dot, no line there) goes to the move under it."""
    game = PUZZLE[0] if PUZZLE else REVIEWED[0]["id"]
    code, seats = (PUZZLE[1], PUZZLE[2]) if PUZZLE else ("", "")
    page = phone.page
    state = open_review(page, game, code=code, seats=seats)
    texts = page.evaluate("""(() => { const svg = document.querySelector('#review-chart svg');
        const of = (axis) => [...svg.querySelectorAll(`text[data-axis=${axis}]`)].map((node) => node.textContent);
        const title = svg.querySelector('.review-chart-title').textContent;
        return {title, value: of('value'), move: of('move')}; })()""")
    assert texts["title"] and "review." not in texts["title"], texts
    assert len(texts["value"]) >= 2 and all(texts["value"]), texts
    assert texts["move"][0] == "0" and int(texts["move"][-1]) <= state["total"] and len(texts["move"]) >= 2, texts
    target = max(1, state["total"] * 2 // 3)
    page.evaluate("document.getElementById('review-chart').scrollIntoView({block: 'center'})")
    point = page.evaluate("(at) => window.gamebox.reviewState().point(at)", target)
    box = page.evaluate("document.querySelector('#review-chart svg').getBoundingClientRect().toJSON()")
    tap_at(page, {"x": point["x"], "y": box["bottom"] - 3}, touch=True)
    page.wait_for_function("(at) => Math.abs(Number(document.body.dataset.reviewAt) - at) <= 1", arg=target)
    phone.check()


def test_a_mistake_becomes_a_puzzle_and_solving_it_marks_it_done(phone: SharedPage) -> None:
    """A reviewed game where the person made a mistake: the menu offers its puzzle beside the daily challenges; the
    move of the game is not accepted as better; the review's better move, played by a tap on the board, solves it,
    and the menu counts it done."""
    assert PUZZLE, "no game played in turns has a reviewer, or no careless game has a mistake"
    game, code, seats, wrong = PUZZLE
    page = phone.page
    page.evaluate("localStorage.removeItem('gamebox/v1/reviews')")
    # a page that has this game's review in memory (another test of the module reviewed it) keeps it there: a
    # reload starts from what storage holds, as a visitor's next visit does
    page.reload()
    page.wait_for_function("window.gamebox && window.gamebox.ready", timeout=30_000)
    page.wait_for_function("document.getElementById('engine-status').classList.contains('done')", timeout=60_000)
    assert open_review(page, game, code=code, seats=seats)["state"] == "done"
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector("#menu-puzzles")
    assert int(page.evaluate("document.getElementById('menu-puzzles-count').dataset.open")) >= 1
    page.click("#menu-puzzles")
    page.wait_for_function("document.body.dataset.puzzleState === 'play'")
    assert page.evaluate("document.querySelector('#puzzle-prompt [data-verdict]').dataset.verdict") == wrong["verdict"]
    play_by_touch(page, wrong["action"])
    page.wait_for_function("document.body.dataset.puzzleState === 'wrong'")
    page.click("#puzzle-again")
    page.wait_for_function("document.body.dataset.puzzleState === 'play'")
    play_by_touch(page, wrong["best"])
    page.wait_for_function("document.body.dataset.puzzleState === 'solved'", timeout=30_000)
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector("#menu-puzzles")
    assert page.evaluate("document.getElementById('menu-puzzles-count').dataset.open") == "0"
    phone.check()


def play_by_touch(page: Any, action: str) -> None:
    """Play ``action`` on the puzzle's board by taps at the targets' points: its own target, or first the thing
    to pick up that offers it (a peg, a tile), tried in turn."""
    for tries in range(40):
        found = page.evaluate("window.gamebox.targets()")
        direct = [target for target in found if target.get("action") == action]
        if direct:
            tap_at(page, direct[0], touch=True)
            return
        pickers = [target for target in found if not target.get("action")]
        assert pickers, f"{action} is not offered on the board"
        tap_at(page, pickers[tries % len(pickers)], touch=True)
    raise AssertionError(f"{action} never offered on the board")


def test_a_review_on_its_way_is_cancelled_started_again_and_stopped_by_leaving(phone: SharedPage) -> None:
    """Cancel stops asking the engine (the screen says how far it got); Start again goes on; leaving the screen
    stops it too."""
    page = phone.page
    # a review of many pieces of about 250 ms each: Up Combine's four-player game, another seat as the person (a
    # review not kept yet)
    game = next((one for one in ("upcombine", "upples") if one in GAMES), REVIEWED[0]["id"])
    code, seats, moves = GAMES[game]
    others = seats.split(",")
    seats = ",".join(others[1:] + others[:1])
    reviews = "window.__ops.filter((op) => op === 'review').length"
    page.evaluate("window.__ops = []; delete document.body.dataset.reviewState")
    page.evaluate("(hash) => { location.hash = hash; }", route(game, code, seats))
    # Cancel is pressed in the same moment the review is seen on its way (the status line above it changes as it
    # goes, and on a loaded machine the last pieces could land between a check and a separate click)
    page.wait_for_function("""() => {
        const state = window.gamebox.reviewState();
        if (document.body.dataset.reviewState !== 'computing' || !(state.moves > 0)) return false;
        document.getElementById('review-cancel').click();
        return true; }""")
    page.wait_for_function("document.body.dataset.reviewState === 'cancelled'")
    assert page.evaluate("document.getElementById('review-again').hidden") is False
    status = page.evaluate("document.getElementById('review-status').textContent")
    assert status and "review." not in status
    reached = page.evaluate("window.gamebox.reviewState().moves")
    asked = page.evaluate(reviews)
    page.wait_for_timeout(700)  # a few pieces' time: nothing more is asked
    assert page.evaluate(reviews) == asked
    page.click("#review-again")
    page.wait_for_function("(n) => window.gamebox.reviewState().moves > n", arg=reached)
    assert page.evaluate("document.body.dataset.reviewState") in ("computing", "done")
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector("#screen-menu:not([hidden])")
    page.wait_for_timeout(300)  # the piece on its way when the screen was left
    asked = page.evaluate(reviews)
    page.wait_for_timeout(700)
    assert page.evaluate(reviews) == asked
    phone.check()


def test_one_worker_or_two_give_the_same_review(phone: SharedPage) -> None:
    """A review computed cold with a second worker (web/review-pool.js: the page said to use two, so the second
    worker takes the last move at once and goes on back from there) has the same records as one worker's."""
    page = phone.page
    game = next((one for one in ("upcombine", "upples") if one in GAMES), REVIEWED[0]["id"])
    code, seats, moves = GAMES[game]
    # the other seats' bots at another level for the second review: the same person's moves are judged, and the
    # page computes it anew (it goes on with a review of the same code and seats it has)
    levels = next(info["bot_levels"] for info in REVIEWED if info["id"] == game)
    other = ",".join(["human"] + [levels[-1]] * (len(seats.split(",")) - 1))
    kept = page.evaluate("localStorage.getItem('gamebox/v1/reviews')")
    found = {}
    try:
        for workers in (1, 2):
            page.evaluate("""(n) => { window.GAMEBOX_REVIEW_WORKERS = n;
                localStorage.removeItem('gamebox/v1/reviews'); }""", workers)
            state = open_review(page, game, timeout=300_000, code=code, seats=seats if workers == 1 else other)
            assert state["state"] == "done" and not state["kept"] and state["workers"] == workers, state
            ops = page.evaluate("window.__ops")
            if workers == 2:  # the second worker judged moves, and the engine took them as its own
                assert state["shared"] >= 1 and "judge" in ops, (state, ops)
            else:
                assert state["shared"] == 0 and "judge" not in ops, (state, ops)
            found[workers] = page.evaluate("window.gamebox.review()")
    finally:
        page.evaluate("""(kept) => { delete window.GAMEBOX_REVIEW_WORKERS;
            if (kept === null) localStorage.removeItem('gamebox/v1/reviews');
            else localStorage.setItem('gamebox/v1/reviews', kept); }""", kept)
    assert found[1] == found[2] and len(found[1]) == moves
    phone.check()


@pytest.mark.parametrize("screen", ["phone", "sideways", "desktop"])
def test_the_review_screen_fits(phone: SharedPage, screen: str) -> None:
    """The review screen on the phone, the phone held sideways and a desktop, in every language: nothing scrolls
    sideways, the paint kit fits every text, and the board, the chart and the list are there."""
    page = phone.page
    size = {"phone": PHONE, "sideways": SIDEWAYS, "desktop": DESKTOP}[screen]
    page.set_viewport_size(size)
    # the puzzle's game (kept by the puzzle's test: shown at once), else the first reviewed game
    game, code, seats = (PUZZLE[0], PUZZLE[1], PUZZLE[2]) if PUZZLE else (REVIEWED[0]["id"], "", "")
    open_review(page, game, code=code, seats=seats)
    for lang in LANGUAGES:
        page.evaluate("import('./web/games/kit.js').then((kit) => kit.clearTextOverflows())")
        page.evaluate("delete document.body.dataset.reviewAt")
        # the language switch is in the header, which a phone held sideways folds away on this screen
        page.evaluate("(lang) => import('./web/i18n.js').then((i18n) => i18n.setLanguage(lang))", lang)
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)
        page.wait_for_function("document.body.dataset.reviewAt === '0'")
        page.evaluate("window.scrollTo(0, 0)")
        settled(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{screen}/{lang}: the page scrolls sideways ({width} px)"
        assert page.evaluate("window.gamebox.overflows()") == [], f"{screen}/{lang}: text overflows its box"
        box = page.evaluate("document.getElementById('review-board').getBoundingClientRect().toJSON()")
        assert box["width"] > 100 and box["height"] > 100, box
        shoot(page, f"review-{game}-{screen}-{lang}", full_page=True)
    page.evaluate("import('./web/i18n.js').then((i18n) => i18n.setLanguage('en'))")
    page.set_viewport_size(PHONE)
    phone.check()
