"""Up Combine in Chromium, on one booted page for the module (games opened by the address's hash): a person plays
by tapping where window.gamebox.targets() says, and each tap plays exactly that target's action; the oldest
player chooses the bases by two touches; a picked-up tile previews the score of each place it may go, and a tap
on a stack it may not go on says why, there, and hovering a thing says what it is; hotseat play hides each hand
behind the kit's "pass the device" screen; a round ends with its summary; the phone layout puts the pile and the rounds
below the board; the keyboard chooses the bases; bots play to the end.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import gamebox
from gamebox.core import bots, share
from tests.catalogues import CATALOGUES

from .conftest import SharedPage, moves_played, screenshot, targets

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

ROOT = Path(__file__).resolve().parents[2]
EN = CATALOGUES["en"]


@pytest.fixture
def game(game_page: SharedPage) -> SharedPage:
    return game_page


def code_of(seed: str, players: int, history: list[tuple[int, str]]) -> str:
    return share.encode(gamebox.get("upcombine").replay(seed, players, {}, history))


def easy_game(seed: str, players: int, until: Any) -> Any:
    """Play easy bots in every seat, exactly as the page's bots do, until `until(state)`."""
    state = gamebox.get("upcombine").new(seed, players)
    while not state.is_over and not until(state):
        seat = state.to_move[0]
        state.apply(seat, bots.choose(state, seat, "easy", 100, state.seed))
    return state


# What the board shows, read from targets() (the one test hook), by the keys it names its regions with: the kit's
# pass-the-device button, a round's summary, a tile of the hand picked up (its label puts it back).
PUT_BACK = EN["upcombine.put_back"].split("{")[0]


def shown(key: str) -> str:
    """A page predicate: the region `key` can be touched now ("kit:pass", "summary")."""
    return f"window.gamebox.targets().some((t) => t.key === '{key}')"


def picked(index: int | None = None) -> str:
    """A page predicate: the hand's tile `index` (or any tile) is picked up: its region puts it back."""
    key = "t.key?.startsWith('piece:')" if index is None else f"t.key === 'piece:{index}'"
    return f"window.gamebox.targets().some((t) => {key} && t.label.startsWith({PUT_BACK!r}))"


def wait_for_turn(page: Any, seat: int = 0) -> None:
    """Wait until `seat` (a human) is to move, its hand is shown, and the board offers something to touch."""
    page.wait_for_function(
        f"""(() => {{ const t = window.gamebox.table();
            return t && !t.is_over && t.to_move[0] === {seat} && t.viewer === {seat} && !({shown("kit:pass")})
              && window.gamebox.targets().length > 0; }})()""", timeout=60_000)


# Where the wide (800-unit) drawing puts a thing that a tap only explains (a stack the piece picked up may not go on,
# a bag, another seat's hand): targets() lists only what a tap plays or picks up, so these come from the game's own
# layout module (layout.js), the one place that says where things go.
LAID_OUT = """async (key) => {
    const layout = await import('./web/games/upcombine/layout.js');
    const board = document.getElementById('board');
    const size = board.boardSize;
    if (size.width !== layout.WIDE) throw new Error('not the wide drawing: ' + size.width);
    const table = window.gamebox.table();
    const view = table.view;
    const bottom = table.viewer ?? 0;
    const g = layout.layoutFor(view, {width: size.width, height: size.height, portrait: false, landscape: false},
      {players: table.players, handCount: view.hands[bottom].count, passing: false});
    const [kind, id] = key.split(':');
    let box;
    if (kind === 'stack') {
      const cell = layout.stackCells(view.stacks.length, g.stacks)[Number(id) - 1];
      box = {x: cell.x, y: cell.y, w: layout.CELL_W * cell.s, h: layout.CELL_H * cell.s};
    } else if (kind === 'bag') {
      box = layout.bagCells(view.colours, g.pile).find((bag) => bag.colour === id);
    } else if (kind === 'hand') {
      const seats = layout.opponentSeats(table.players, bottom);
      box = layout.opponentBox(seats.indexOf(Number(id)), seats.length, g.opponents);
    }
    const shown = board.getBoundingClientRect();
    const k = shown.width / size.width;
    return {x: shown.left + (box.x + box.w / 2) * k, y: shown.top + (box.y + box.h / 2) * k};
}"""


def thing_point(page: Any, key: str) -> dict[str, float]:
    """Where the board shows the thing `key` ("piece:0", "stack:2", "bag:B", "hand:1"), in CSS px of the viewport:
    its target's point (targets() names each by its key) where a tap there plays or picks up, else where the
    game's layout puts it."""
    found = next((t for t in targets(page) if t.get("key") == key), None)
    if found:
        return {"x": found["x"], "y": found["y"]}
    return dict(page.evaluate(LAID_OUT, key))


def tap(page: Any, point: dict[str, float]) -> None:
    """A click or a tap at a point of the viewport (scrolled into view first if it is below the fold)."""
    height = page.evaluate("window.innerHeight")
    if point["y"] > height - 4 or point["y"] < 4:
        page.evaluate("(dy) => window.scrollBy(0, dy)", point["y"] - height / 2)
        raise LookupError("scrolled")
    page.mouse.click(point["x"], point["y"])


def tap_target(page: Any, choose: Any) -> dict[str, Any]:
    """Tap the first target `choose` accepts, at the point targets() gives (asked again after a scroll)."""
    for _ in range(3):
        found = next((t for t in targets(page) if choose(t)), None)
        assert found, f"no such target among {targets(page)}"
        try:
            tap(page, found)
            return found
        except LookupError:
            continue
    raise AssertionError("the target stays off screen")


def play_tap(page: Any, target: dict[str, Any]) -> None:
    """After a tap on `target` with an action: that action, and only it, was played."""
    before = target["_moves"]
    page.wait_for_function(f"Number(document.body.dataset.moves) > {before}", timeout=30_000)
    history = page.evaluate("window.gamebox.table().history")
    assert history[before] == [target["_seat"], target["action"]]


def view_kind(page: Any, action: str) -> str:
    """The kind of thing the view's target of `action` belongs to (piece, tile, button)."""
    found = [t for t in page.evaluate("window.gamebox.view().targets") if t["action"] == action]
    assert len(found) == 1
    return str(found[0]["thing"]["kind"])


def human_step(page: Any, seat: int = 0) -> str:
    """One action of `seat` by taps at targets() points: a placement (tile, then stack) when one fits, else the
    first draw. Returns the action played."""
    wait_for_turn(page, seat)
    if page.evaluate(shown("summary")):
        tap_target(page, lambda t: t["label"] == "Continue")  # a round just ended: its summary goes away
        page.wait_for_function(f"!({shown('summary')})")
    actionable = [t for t in targets(page) if "action" in t]
    if not any(view_kind(page, t["action"]) == "piece" for t in actionable):
        picks = [t for t in targets(page) if "action" not in t]
        if picks and page.evaluate("window.gamebox.view().targets.some((t) => t.thing.kind === 'piece')"):
            tap_target(page, lambda t: "action" not in t)  # pick up a tile: a touch that only selects
            page.wait_for_function(picked())
            assert moves_played(page) == page.evaluate("window.gamebox.table().history.length")
    moves = moves_played(page)
    placements = [t for t in targets(page) if "action" in t and view_kind(page, t["action"]) == "piece"]
    wanted = placements[0]["action"] if placements else next(t["action"] for t in targets(page) if "action" in t)
    tapped = tap_target(page, lambda t: t.get("action") == wanted)
    play_tap(page, {**tapped, "_moves": moves, "_seat": seat})
    return wanted


def no_overflow_nor_scroll(page: Any) -> None:
    assert page.evaluate("window.gamebox.overflows()") == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    box = page.locator("#board").bounding_box()
    size = page.evaluate("document.getElementById('board').boardSize")
    assert abs(box["width"] / box["height"] - size["width"] / size["height"]) < 0.02 * size["width"] / size["height"]


def test_a_person_plays_by_tapping_where_targets_says_and_bots_reply(game: SharedPage) -> None:
    # 3 players: seat 3 (a bot) is the oldest and chooses the bases, then seat 1 (the person) begins
    page = game.go(f"#/play?code={code_of('RND41', 3, [])}&seats=human,easy,easy")
    played = [human_step(page) for _ in range(12)]
    wait_for_turn(page)  # the bots' replies are done before the page moves on
    assert any(action.startswith("draw ") for action in played)
    assert any(not action.startswith("draw ") for action in played)
    assert {seat for seat, _ in page.evaluate("window.gamebox.table().history")} == {0, 1, 2}
    no_overflow_nor_scroll(page)
    screenshot(page, "upcombine-played-by-taps")


def test_the_oldest_player_chooses_the_bases_by_two_touches(game: SharedPage) -> None:
    # 2 players: seat 2 plays as the oldest in round 1 and chooses; seat 1 begins
    page = game.go(f"#/play?code={code_of('BASES1', 2, [])}&seats=easy,human")
    wait_for_turn(page, 1)
    first = targets(page)
    assert len(first) == 5 and all("action" not in t for t in first)  # a first touch only picks a colour
    tap_target(page, lambda t: t["label"] == "Choose green for a base")
    page.wait_for_function("window.gamebox.targets().filter((t) => t.action).length === 4")
    assert moves_played(page) == 0
    second = targets(page)
    assert {t["action"] for t in second if "action" in t} == {"bases B G", "bases O G", "bases P G", "bases G R"}
    assert [t["label"] for t in second if "action" not in t] == ["Put green back"]
    tapped = tap_target(page, lambda t: t.get("action") == "bases B G")
    play_tap(page, {**tapped, "_moves": 0, "_seat": 1})
    stacks = page.evaluate("window.gamebox.view().stacks")
    assert [stack["pieces"][0]["colour"] for stack in stacks] == ["B", "G"]


def test_a_picked_up_tile_previews_its_score_and_a_wrong_stack_says_why(game: SharedPage) -> None:
    page = game.go(f"#/play?code={code_of('RND41', 3, [])}&seats=human,easy,easy")
    wait_for_turn(page)
    view = page.evaluate("window.gamebox.view()")
    hand = view["hands"][0]["pieces"]
    fitting = {t["thing"]["id"] for t in view["targets"] if t["thing"]["kind"] == "piece"}
    refused = next(r for r in view["refusals"] if r["thing"]["kind"] == "piece" and r["thing"]["id"] in fitting)
    index = next(i for i, p in enumerate(hand) if p["colour"] + p["symbol"] == refused["thing"]["id"])
    page.mouse.click(**thing_point(page, f"piece:{index}"))
    page.wait_for_function(picked(index))
    # each stack the tile may go on says what the hand would then hold: the round's score preview
    places = [t for t in targets(page) if "action" in t and t["action"].startswith(refused["thing"]["id"] + " ")]
    for place in places:
        assert f"(then {len(hand) - 1} in hand)" in place["label"] or "splits" in place["label"]
    # a tap on a stack it may not go on: nothing is played, and the reason is said next to the stack
    stack = thing_point(page, f"stack:{refused['to']['id']}")
    page.mouse.click(stack["x"], stack["y"])
    bubble = page.locator(".board-bubble-refusal")
    bubble.wait_for()
    words = EN[refused["key"]]
    for name, value in refused["params"].items():
        words = words.replace("{" + name + "}", str(value))
    assert bubble.inner_text() == words
    near = bubble.bounding_box()
    assert abs(near["x"] + near["width"] / 2 - stack["x"]) < 200 and abs(near["y"] - stack["y"]) < 120
    assert moves_played(page) == len(page.evaluate("window.gamebox.table().history"))
    screenshot(page, "upcombine-refusal")
    # Escape puts the tile back
    page.focus("#board")
    page.keyboard.press("Escape")
    page.wait_for_function(f"!({picked()})")
    # hovering a thing says what it is: a colour of the pile, another player's hand
    bag = thing_point(page, "bag:B")
    page.mouse.move(bag["x"], bag["y"])
    blue = page.evaluate("window.gamebox.view().pile.colours.B")
    said = f"Pile: {blue} blue tiles."
    page.wait_for_function("(said) => document.querySelector('.board-bubble-describe')?.textContent === said", arg=said)
    other = thing_point(page, "hand:1")
    page.mouse.move(other["x"], other["y"])
    page.wait_for_function("/^Bot 2 \\(easy\\) holds 10 tiles .*the symbols are hidden\\.$/"
                           ".test(document.querySelector('.board-bubble-describe')?.textContent || '')")


def test_hotseat_hides_each_hand_behind_a_pass_the_device_screen(game: SharedPage) -> None:
    page = game.go("#/play?code=v1.upcombine.HOTSEAT.2.&seats=human,human")
    page.wait_for_function(shown("kit:pass"), timeout=60_000)
    # the kit's pass-the-device cover: its one button is all that can be touched
    cover = [(t.get("key"), t["label"]) for t in targets(page)]
    # the words for another person than "you" (the select's `other` branch): "I am {name}: show"
    other = re.search(r"other \{(.*)\}\}$", EN["kit.pass.ready"])
    assert other, EN["kit.pass.ready"]
    ready = re.escape(other.group(1)).replace(re.escape("{name}"), ".+")
    assert len(cover) == 1 and cover[0][0] == "kit:pass" and re.fullmatch(ready, cover[0][1]), cover
    page.focus("#board")
    page.keyboard.press("Enter")
    wait_for_turn(page, 0)
    view = page.evaluate("window.gamebox.view()")
    assert "pieces" in view["hands"][0] and "pieces" not in view["hands"][1]
    mine = {p["colour"] + p["symbol"] for p in view["hands"][0]["pieces"]}
    assert {t["thing"]["id"] for t in view["targets"] if t["thing"]["kind"] == "piece"} <= mine
    human_step(page, 0)
    while page.evaluate("window.gamebox.table().to_move[0]") == 0:
        human_step(page, 0)
    page.wait_for_function(shown("kit:pass"))
    view = page.evaluate("window.gamebox.view()")
    assert view["viewer"] == 1 and "pieces" not in view["hands"][0]
    tap_target(page, lambda t: t.get("key") == "kit:pass")
    wait_for_turn(page, 1)
    view = page.evaluate("window.gamebox.view()")
    theirs = {p["colour"] + p["symbol"] for p in view["hands"][1]["pieces"]}
    assert {t["thing"]["id"] for t in view["targets"] if t["thing"]["kind"] == "piece"} <= theirs


def test_a_round_ends_by_taps_and_shows_its_summary(game: SharedPage) -> None:
    # Easy bots in every seat of this seed: seat 0 empties its hand first. From its second-last turn on, a person
    # plays seat 0's actions by taps, and the page's easy bots play the others exactly as here.
    final = easy_game("RND41", 3, lambda state: bool(state.rounds))
    assert final.rounds[0]["winner"] == 0
    history = [tuple(step) for step in final.history]
    turns = [i for i, (seat, _) in enumerate(history) if seat == 0 and (i == 0 or history[i - 1][0] != 0)]
    start = turns[-2]
    page = game.go(f"#/play?code={code_of('RND41', 3, history[:start])}&seats=human,easy,easy")
    for seat, action in history[start:]:
        if seat != 0:
            continue
        wait_for_turn(page)
        moves = moves_played(page)
        view = page.evaluate("window.gamebox.view()")
        target = next(t for t in view["targets"] if t["action"] == action)
        if target["thing"]["kind"] == "piece":
            hand = view["hands"][0]["pieces"]
            index = next(i for i, p in enumerate(hand) if p["colour"] + p["symbol"] == target["thing"]["id"])
            page.mouse.click(**thing_point(page, f"piece:{index}"))
            page.wait_for_function(picked(index))
        tapped = tap_target(page, lambda t, wanted=action: t.get("action") == wanted)
        play_tap(page, {**tapped, "_moves": moves, "_seat": 0})
    page.wait_for_function("window.gamebox.view().rounds.length === 1")
    page.wait_for_function(shown("summary"))
    assert [t["label"] for t in targets(page)] == ["Continue"]  # the summary covers the board
    table = page.evaluate("window.gamebox.table()")
    assert table["view"]["round"] == 2 and table["scores"][0] == 0 and sum(table["scores"]) > 0
    screenshot(page, "upcombine-round-summary")
    tap_target(page, lambda t: t["label"] == "Continue")
    page.wait_for_function(f"!({shown('summary')})")


def test_on_a_phone_the_pile_and_the_rounds_go_below_the_board(game: SharedPage) -> None:
    page = game.page
    page.set_viewport_size({"width": 390, "height": 844})
    game.go(f"#/play?code={code_of('PHONE', 3, [])}&seats=human,easy,easy")
    wait_for_turn(page)
    assert page.evaluate("document.getElementById('board').boardSize.width") == 400  # the portrait drawing
    for _ in range(4):
        human_step(page)
    wait_for_turn(page)
    no_overflow_nor_scroll(page)
    screenshot(page, "upcombine-phone")


def test_bots_play_to_the_game_over_panel(game: SharedPage) -> None:
    final = easy_game("END16", 2, lambda state: False)
    assert final.is_over
    history = [tuple(step) for step in final.history]
    page = game.go(f"#/play?code={code_of('END16', 2, history[:-8])}&seats=easy,easy")
    page.wait_for_selector("#game-over:not([hidden])", timeout=120_000)
    assert page.evaluate("document.body.dataset.fingerprint") == final.fingerprint()
    assert page.locator("#over-scores tr").count() == 2
    page.click("#btn-over-close")
    assert targets(page) == []  # nothing to do at the end
    no_overflow_nor_scroll(page)
    screenshot(page, "upcombine-final-board")


def test_a_bad_link_shows_a_clear_message_and_a_working_menu(game: SharedPage) -> None:
    page = game.page
    page.evaluate("location.hash = '#/play?code=v1.upcombine.K7Q2M.2..0Zz_9&seats=human,easy'")
    page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
    assert "does not open a game" in page.locator("#notice-text").inner_text()
    page.wait_for_selector("#screen-menu:not([hidden])")


def test_the_bases_can_be_chosen_by_keyboard(game: SharedPage) -> None:
    # 3 players: seat 3 is the oldest in round 1. The arrows move over the five colours, Enter picks.
    page = game.go(f"#/play?code={code_of('BASES2', 3, [])}&seats=easy,easy,human")
    wait_for_turn(page, 2)
    page.focus("#board")
    for key in ("ArrowRight", "ArrowRight", "Enter"):  # the first arrow focuses blue, the second orange
        page.keyboard.press(key)
    page.wait_for_function("window.gamebox.targets().filter((t) => t.action).length === 4")
    for key in ("ArrowRight", "ArrowRight", "Enter"):  # purple, then green
        page.keyboard.press(key)
    page.wait_for_function("Number(document.body.dataset.moves) >= 1")
    assert page.evaluate("window.gamebox.table().history[0]") == [2, "bases O G"]


def test_a_phone_held_sideways_gets_tiles_a_finger_can_tap(game: SharedPage) -> None:
    """Issue 22: on a phone held sideways the hand's tiles were 24 px apart. The page gives the board a short wide
    box; the renderer draws a layout of that shape (660 x 470), whose hand tiles are at least 40 px apart and wide
    on a 740 x 360 phone, and a picked-up tile rises without covering the line above the hand."""
    page = game.page
    for size in ({"width": 740, "height": 360}, {"width": 844, "height": 390}):
        page.set_viewport_size(size)
        game.go(f"#/play?code={code_of('PHONE', 3, [])}&seats=human,easy,easy")
        wait_for_turn(page)
        page.wait_for_function("document.getElementById('board').boardSize.width === 660")  # the landscape drawing
        scale = page.evaluate("document.getElementById('board').getBoundingClientRect().width / 660")
        # the tiles that can be picked up (targets() names each "piece:<index in hand>"): their step per place in hand
        picks = sorted((int(t["key"].split(":")[1]), t["x"]) for t in targets(page)
                       if t.get("key", "").startswith("piece:"))
        assert len(picks) >= 2 and page.evaluate("window.gamebox.view().hands[0].count") >= 8
        gaps = [(b - a) / (j - i) for (i, a), (j, b) in zip(picks, picks[1:], strict=False)]
        assert min(gaps) >= 40, (size, gaps)
        assert 64 * scale >= 40  # a tile's width on screen
        no_overflow_nor_scroll(page)
        screenshot(page, f"upcombine-sideways-{size['width']}")
    page.set_viewport_size(game.viewport)


def test_undo_says_why_it_is_greyed(game: SharedPage) -> None:
    """Issue 22: Undo was greyed on every turn with no reason given. After the person's placement, the button's
    tooltip and a line under the controls say that a placed tile can't be taken back; after the draw, why that
    can't either."""
    page = game.go(f"#/play?code={code_of('RND41', 3, [])}&seats=human,easy,easy")
    wait_for_turn(page)
    assert page.locator("#undo-note").count() == 0 or not page.locator("#undo-note").is_visible()
    played = human_step(page)
    words = EN["upcombine.undo.drew" if played.startswith("draw") else "upcombine.undo.placed"]
    page.wait_for_function("(words) => document.getElementById('undo-note')?.textContent === words", arg=words)
    assert page.locator("#undo-note").is_visible()
    assert page.locator("#btn-undo").is_disabled()
    assert page.get_attribute("#btn-undo", "title") == words
