"""Upples in Chromium, on one booted page for the module (games opened by the address's hash): turns played by real
clicks at the points window.gamebox.targets() gives, each click playing exactly the target's action (a multicolour's
state and a tunnel's exit in two touches), the Pass button, the keyboard, a tap that is no landing answered with the
rules' reason next to it, hover descriptions, the phone layout in Ukrainian without overflow, a shared link, a whole
game to the game-over panel with its reason, a bad link, and Replay and New game pressed while a bot's komupple is in
the air."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.catalogues import CATALOGUES

from .conftest import SharedPage, screenshot, tap_at

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

ROOT = Path(__file__).resolve().parents[2]
FILES = "abcdefg"
# Seed S9, 2 players (edition 1): blue, on b3, can jump onto a multicolour upple on b4 on its first move.
MULTICOLOUR = "v1.upples.S9.2.100"
# Seed T6, 2 players: blue, on a2, can go into the tunnel on c2 and come out on a6 or g6.
TUNNEL = "v2.upples.T6.2.000"
# Seed P6, 2 players: blue has no jump on its first turn and must pass.
STUCK = "v2.upples.P6.2.000"


@pytest.fixture
def upples(game_page: SharedPage) -> SharedPage:
    return game_page


@pytest.fixture
def page(game_page: SharedPage) -> Any:
    return game_page.page


def open_game(upples: SharedPage, code: str, seats: str = "human,human") -> Any:
    upples.page.evaluate("location.hash = '#/'")  # the same game twice in a row is still a new hash
    upples.page.wait_for_selector("#screen-menu:not([hidden])")
    return upples.go(f"#/play?code={code}&seats={seats}")


def played(page: Any) -> list[list[Any]]:
    return list(page.evaluate("window.gamebox.table().history"))


def my_targets(page: Any) -> list[dict[str, Any]]:
    """The person's targets once it is their turn and the board shows them."""
    page.wait_for_function("window.gamebox.targets().length > 0", timeout=60_000)
    return list(page.evaluate("window.gamebox.targets()"))

def play_one(page: Any, index: int = 0) -> str:
    """Play the person's ``index``-th target (round the list) by clicks; a jump that asks takes two touches: the
    first opens the choice, whose answers are then the targets."""
    targets = my_targets(page)
    assert all(target["kind"] == "tap" and target["label"] for target in targets)
    choice = targets[index % len(targets)]
    if "action" not in choice:
        tap_at(page, choice)
        page.wait_for_function("window.gamebox.targets().every((target) => target.action)")
        choice = my_targets(page)[0]
    return tap_and_check(page, choice)


def tap_and_check(page: Any, target: dict[str, Any]) -> str:
    """Tap a target with an action and check that exactly that action was played, by the person's seat."""
    before = len(played(page))
    seat = page.evaluate("window.gamebox.table().to_move[0]")
    tap_at(page, target)
    page.wait_for_function(f"window.gamebox.table().history.length > {before}", timeout=30_000)
    assert played(page)[before] == [seat, target["action"]]
    return str(target["action"])


def square_points(page: Any) -> dict[str, tuple[float, float]]:
    """Every square's centre in CSS px, worked out from the landings' targets (keyed ``square:<name>``; a landing is
    tapped at its centre)."""
    view = page.evaluate("window.gamebox.view()")
    points = {}
    for target in my_targets(page):
        if str(target.get("key", "")).startswith("square:"):  # a landing's region, named by its square
            points[target["key"].split(":")[1]] = (target["x"], target["y"])
    known = list(points.items())
    (a, (ax, ay)), (b, (bx, by)) = next((p, q) for p in known for q in known
                                        if p[0][0] != q[0][0] and p[0][1] != q[0][1])
    cell_x = (bx - ax) / (FILES.index(b[0]) - FILES.index(a[0]))
    cell_y = (by - ay) / (int(a[1]) - int(b[1]))
    assert abs(cell_x - cell_y) < 0.5  # square cells
    return {square: (ax + (FILES.index(square[0]) - FILES.index(a[0])) * cell_x,
                     ay + (int(a[1]) - int(square[1])) * cell_y) for square in view["cards"]}


def test_a_game_against_a_bot_played_by_clicks_at_the_targets(upples: SharedPage, page: Any) -> None:
    open_game(upples, "v2.upples.CLICKS7.2.100", "human,easy")  # Naughty
    mine = 0
    for _ in range(200):
        if mine >= 12 or page.evaluate("window.gamebox.table().is_over"):
            break
        play_one(page, mine)
        mine += 1
    assert mine >= 12
    assert page.locator("#log li").count() >= mine
    screenshot(page, "upples-clicked-game")


def test_a_multicolour_asks_for_the_new_state_in_a_second_touch(upples: SharedPage, page: Any) -> None:
    open_game(upples, MULTICOLOUR)
    first = [target for target in my_targets(page) if "action" not in target]
    assert [target["label"] for target in first] == [CATALOGUES["en"]["upples.choice.multi_title"]]
    tap_at(page, first[0])
    page.wait_for_function("window.gamebox.targets().every((target) => target.action)")
    answers = my_targets(page)
    assert {target["action"] for target in answers} == {"jump b3 b4 white", "jump b3 b4 red"}
    screenshot(page, "upples-choice")
    # Escape closes the choice; the keyboard opens it again and picks the second answer
    page.keyboard.press("Escape")
    page.wait_for_function("window.gamebox.targets().some((target) => !target.action)")
    assert played(page) == []
    red = next(target for target in answers if target["action"].endswith(" red"))
    tap_at(page, first[0])
    tap_and_check(page, red)
    blue = page.evaluate("window.gamebox.view().players[0]")
    assert (blue["body"], blue["hair"]) == ("red", "red")
    assert page.evaluate("window.gamebox.view().in_chain")  # the multicolour gives an extra jump
    # undo in the middle of a chain takes the jump back (nothing was revealed yet)
    page.click("#btn-undo")
    page.wait_for_function("window.gamebox.table().history.length === 0")
    assert page.evaluate("window.gamebox.view().players[0].square") == "b3"


def test_a_tunnel_asks_for_the_exit_and_a_tap_on_the_exit_plays_it(upples: SharedPage, page: Any) -> None:
    open_game(upples, TUNNEL)
    first = next(target for target in my_targets(page) if "action" not in target)
    assert first["label"] == CATALOGUES["en"]["upples.choice.tunnel_title"]
    tap_at(page, first)
    page.wait_for_function("window.gamebox.targets().every((target) => target.action)")
    exits = my_targets(page)
    assert {target["action"] for target in exits} == {"jump a2 c2 exit a6", "jump a2 c2 exit g6"}
    screenshot(page, "upples-tunnel-choice")
    tap_and_check(page, exits[-1])


def test_the_only_move_of_a_stuck_komupple_is_the_pass_button(upples: SharedPage, page: Any) -> None:
    open_game(upples, STUCK)
    targets = my_targets(page)
    assert [(target["action"], target["label"]) for target in targets] == [
        ("pass", CATALOGUES["en"]["upples.target.pass_flip"])]
    screenshot(page, "upples-must-pass")
    tap_and_check(page, targets[0])
    assert page.evaluate("window.gamebox.view().players[0].body") == "red"


def test_a_tap_on_a_square_that_is_no_landing_says_why_next_to_it(upples: SharedPage, page: Any) -> None:
    open_game(upples, MULTICOLOUR)
    points = square_points(page)
    refusals = page.evaluate("window.gamebox.view().refusals")  # [{thing: {kind, id: square}, key, params}]
    by_square = ({one["thing"]["id"]: one for one in refusals} if isinstance(refusals, list) else refusals)
    square, refusal = next((square, refusal) for square, refusal in by_square.items()
                           if refusal["key"] == "upples.out_of_reach_white")
    x, y = points[square]
    page.mouse.click(x, y)
    bubble = page.locator(".board-bubble-refusal")
    bubble.wait_for()
    assert bubble.inner_text() == CATALOGUES["en"][refusal["key"]]
    box = bubble.bounding_box()
    assert box["y"] + box["height"] <= y + 2 and abs(box["x"] + box["width"] / 2 - x) < box["width"]  # just above
    assert played(page) == []
    screenshot(page, "upples-refusal")


def test_hovering_says_what_a_komupple_and_a_card_are(upples: SharedPage, page: Any) -> None:
    open_game(upples, MULTICOLOUR)
    points = square_points(page)
    page.mouse.move(*points["b3"])  # blue's komupple
    bubble = page.locator(".board-bubble-describe")
    bubble.wait_for()
    words = bubble.inner_text()
    assert words.startswith("Komupple of Player 1") and "jumps in a cross" in words
    page.mouse.move(*points["b4"])  # the multicolour
    page.wait_for_function("document.querySelector('.board-bubble-describe')?.textContent.includes('Multicolour')")
    page.mouse.move(5, 5)


def test_keys_walk_the_squares_and_enter_jumps(upples: SharedPage, page: Any) -> None:
    open_game(upples, TUNNEL)
    first = next(target for target in my_targets(page) if "action" in target)
    page.focus("#board")
    page.keyboard.press("n")  # the first thing to touch, in reading order
    page.keyboard.press("Enter")
    page.wait_for_function("window.gamebox.table().history.length === 1")
    assert played(page) == [[0, first["action"]]]


def test_a_phone_shows_the_players_below_the_board_and_every_word_fits(upples: SharedPage, page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.select_option("#lang-select", "uk")
    try:
        open_game(upples, "v2.upples.PHONE4.4.010", "human,easy,hard,easy")  # Naughty, teams
        targets = my_targets(page)
        sizes = page.evaluate("""() => { const c = document.getElementById('board'), b = c.getBoundingClientRect();
            return {shown: [b.width, b.height], drawn: c.boardSize, page: document.documentElement.scrollWidth}; }""")
        shown, drawn = sizes["shown"], sizes["drawn"]
        assert sizes["page"] <= 390 and shown[0] <= 390
        assert abs(shown[0] / shown[1] - drawn["width"] / drawn["height"]) < 0.02 * drawn["width"] / drawn["height"]
        assert drawn["height"] > drawn["width"] * 1.2  # portrait: the players are under the board
        tap_and_check(page, next(target for target in targets if "action" in target))
        screenshot(page, "upples-phone-uk")
        assert page.evaluate("window.gamebox.overflows()") == []
    finally:
        page.select_option("#lang-select", "en")
        page.set_viewport_size({"width": 1200, "height": 860})


def test_bots_play_a_whole_game_to_the_game_over_panel_with_its_reason(upples: SharedPage, page: Any) -> None:
    open_game(upples, "v1.upples.END2.2.200", "easy,easy")  # Survival: fast to finish
    page.wait_for_selector("#game-over:not([hidden])", timeout=240_000)
    reason = page.evaluate("window.gamebox.view().end_reason")
    assert reason and page.locator("#over-reason").inner_text() == CATALOGUES["en"][f"upples.end.{reason}"]
    assert page.locator("#over-scores tr").count() == 2
    # over the game-over box, targets() offers the box's own buttons and no move
    over = page.evaluate("window.gamebox.targets()")
    assert over and all(target["key"].startswith("dialog:") and "action" not in target for target in over)
    screenshot(page, "upples-game-over")
    page.click("#btn-over-close")
    assert page.evaluate("window.gamebox.overflows()") == []
    screenshot(page, "upples-final-board")


def test_copy_link_opens_the_same_position_in_a_new_tab(upples: SharedPage, page: Any) -> None:
    open_game(upples, "v1.upples.NAUGHTY11.2.100")
    tap_and_check(page, next(target for target in my_targets(page) if "action" in target))
    page.click("#btn-copy")
    page.wait_for_function("document.getElementById('btn-copy').dataset.link")
    link = str(page.evaluate("document.getElementById('btn-copy').dataset.link")).split("/", 3)[3]
    fingerprint = page.evaluate("window.gamebox.table().fingerprint")
    other = upples.new_tab(link)
    try:
        other.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
        assert other.evaluate("window.gamebox.table().fingerprint") == fingerprint
    finally:
        other.close()


def test_a_bad_link_shows_a_clear_message_and_a_working_menu(upples: SharedPage, page: Any) -> None:
    page.evaluate("location.hash = '#/play?code=v1.upples.K7Q2M.2.900&seats=human,easy'")
    # an earlier test's notice (Link copied) may still be up: wait for this link's own words
    page.wait_for_function("!document.getElementById('notice').hidden && "
                           "document.getElementById('notice-text').textContent.includes('does not open a game')",
                           timeout=60_000)
    page.wait_for_selector("#screen-menu:not([hidden])")


def test_replay_and_new_game_during_a_bots_jump_raise_no_page_error(upples: SharedPage, page: Any) -> None:
    page.evaluate("window.GAMEBOX_TEST_SPEED = 1")  # animations at people's speed: a jump takes a while
    try:
        open_game(upples, "v2.upples.INTHEAIR.3.000", "easy,easy,easy")
        page.wait_for_function("document.getElementById('board').dataset.anim === 'jump'", timeout=60_000)
        page.click("#btn-replay")
        page.wait_for_selector("#replay-controls:not([hidden])")
        page.wait_for_timeout(600)  # frames of the interrupted jump would have run by now
        assert page.evaluate("document.getElementById('board').dataset.anim") is None
        page.click("#replay-resume")
        page.wait_for_function("document.getElementById('board').dataset.anim === 'jump'", timeout=60_000)
        page.click("#btn-new")
        page.wait_for_selector("#screen-setup:not([hidden])")
        page.wait_for_timeout(600)
        assert upples.watch.errors == []
    finally:
        page.evaluate("window.GAMEBOX_TEST_SPEED = 0")


def test_training_turns_by_taps_count_the_turns(upples: SharedPage, page: Any) -> None:
    open_game(upples, "v1.upples.END2.1.300", "human")
    assert page.evaluate("window.gamebox.view().mode") == "training"
    while page.evaluate("window.gamebox.view().players[0].turns") < 2:
        play_one(page)
    assert page.locator("#scores .score").first.inner_text().strip() == "2"
    screenshot(page, "upples-training")


def test_play_again_is_started_by_the_next_player(upples: SharedPage, page: Any) -> None:
    # Seed AGAIN274, Survival, pink (seat 1) starts; blue's first jump eats a golden upple, and the tally ends it.
    open_game(upples, "v2.upples.AGAIN274.2.201.1jump_e1_e2")
    assert page.evaluate("window.gamebox.table().options.first") == 1
    tap_and_check(page, next(target for target in my_targets(page) if target.get("action", "").endswith(" e1")))
    page.wait_for_selector("#game-over:not([hidden])", timeout=60_000)
    page.click("#btn-again")
    page.wait_for_function("window.gamebox.table().history.length === 0 && !window.gamebox.table().is_over",
                           timeout=60_000)
    table = page.evaluate("window.gamebox.table()")
    assert table["options"] == {"mode": "survival", "teams": False, "first": 0}
    assert table["to_move"] == [0]  # "in subsequent games, the first person must rotate"


def open_fresh(upples: SharedPage, code: str, seats: str = "human,human") -> Any:
    """open_game, with the paint kit's record of overflowing texts emptied once the last game has left the screen, so
    that what it records is this game's."""
    upples.page.evaluate("location.hash = '#/'")
    upples.page.wait_for_selector("#screen-menu:not([hidden])")
    upples.page.evaluate("import('./web/games/kit.js').then((kit) => kit.clearTextOverflows())")
    return upples.go(f"#/play?code={code}&seats={seats}")


def many_kept_code(least: int = 12) -> str:
    """A 2-player game, not over, in which a player has kept at least ``least`` super upples (random legal jumps from a
    fixed generator)."""
    import gamebox  # noqa: PLC0415
    from gamebox.core import share  # noqa: PLC0415
    from gamebox.core.rng import Rng  # noqa: PLC0415

    state = gamebox.get("upples").new("KEPT5", 2)
    rng = Rng("x5")
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
        if not state.is_over and max(len(player["kept"]) for player in state.view(0)["players"]) >= least:
            return share.encode(state)
    raise AssertionError("no such game")


def test_many_super_upples_stay_readable(upples: SharedPage, page: Any) -> None:
    """Issue 22: about ten super upples overlapped into an unreadable strip on a player's panel. They are drawn one
    card per kind with "×n" (one per colour with its points where the kinds do not fit), and a long press or hover
    on the panel lists them; no text overflows on a phone or a desktop."""
    code = many_kept_code()
    try:
        for size in ({"width": 390, "height": 844}, {"width": 1024, "height": 768}, {"width": 844, "height": 390}):
            page.set_viewport_size(size)
            open_fresh(upples, code)
            page.wait_for_function("window.gamebox.targets().length > 0", timeout=60_000)
            assert page.evaluate("window.gamebox.overflows()") == []
            screenshot(page, f"upples-kept-{size['width']}")
    finally:
        page.set_viewport_size({"width": 1200, "height": 860})


def test_a_phone_held_sideways_gets_cards_a_finger_can_tap(upples: SharedPage, page: Any) -> None:
    """Issue 22: on a phone held sideways the cards were about 22 px wide. The field now takes the whole height of
    the short wide box the page gives the board: squares of at least 40 px on a 740 x 360 phone."""
    try:
        for size in ({"width": 740, "height": 360}, {"width": 844, "height": 390}):
            page.set_viewport_size(size)
            open_fresh(upples, "v2.upples.CLICKS7.2.100", "human,easy")
            points = square_points(page)
            cell = points["b1"][0] - points["a1"][0]
            assert cell >= 40, (size, cell)
            assert page.evaluate("window.gamebox.overflows()") == []
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            screenshot(page, f"upples-sideways-{size['width']}")
    finally:
        page.set_viewport_size({"width": 1200, "height": 860})
