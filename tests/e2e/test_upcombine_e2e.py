"""Up Combine in Chromium: place tiles by clicking the canvas and by keyboard, draw from the pile, bots reply,
a round ends with its summary, hotseat play hides each hand behind a "pass the device" screen, links, game over.

The renderer publishes its hit regions (canvas.gameboxHits()) and a little state (canvas.dataset.privacy,
.selected, .summary, .legal), so the tests click where a person would without parsing pixels.
"""

from __future__ import annotations

from typing import Any

import gamebox
from gamebox.core import bots, share

from .conftest import choose_seats, copied_link, moves_played, screenshot, start_set_up_game

WIDTH = 800  # the renderer's canvas width in CSS pixels


def board_data(page: Any, name: str) -> str:
    return str(page.evaluate(f"document.getElementById('board').dataset.{name} || ''"))


def wait_for_my_turn(page: Any, seat: int = 0) -> None:
    """Wait until `seat` (a human) is to move, its tiles are shown and the legal moves are loaded."""
    page.wait_for_function(
        f"""(() => {{ const t = window.gamebox.table(); const b = document.getElementById('board');
            return t && !t.is_over && t.to_move[0] === {seat} && t.viewer === {seat}
              && b.dataset.legal === '1' && b.dataset.privacy === '0'; }})()""",
        timeout=60_000,
    )


def region(page: Any, kind: str, **match: Any) -> dict[str, float]:
    """The centre of the last hit region of `kind` whose value matches (the one a click reaches)."""
    regions = page.evaluate("document.getElementById('board').gameboxHits()")
    found = [r for r in regions if r["value"]["kind"] == kind
             and all(r["value"].get(key) == value for key, value in match.items())]
    assert found, f"no {kind} region {match} among {[r['value'] for r in regions]}"
    r = found[-1]
    box = page.locator("#board").bounding_box()
    scale = box["width"] / WIDTH
    if r["kind"] == "circle":
        return {"x": r["x"] * scale, "y": r["y"] * scale}
    return {"x": (r["x"] + r["w"] / 2) * scale, "y": (r["y"] + min(r["h"] / 2, 20)) * scale}


def click(page: Any, kind: str, **match: Any) -> None:
    page.locator("#board").click(position=region(page, kind, **match))


def play_by_clicking(page: Any, action: str) -> None:
    """Play one action as a person does: a tile then a stack, or a colour of the pile."""
    before = moves_played(page)
    if action.startswith("draw "):
        click(page, "draw", colour=action[5:])
    elif action == "pass":
        click(page, "pass")
    else:
        piece, number = action.split(" ")
        view = page.evaluate("window.gamebox.view()")
        pieces = view["hands"][view["viewer"]]["pieces"]
        index = next(i for i, p in enumerate(pieces) if p["colour"] + p["symbol"] == piece)
        click(page, "hand", index=index)
        page.wait_for_function(f"document.getElementById('board').dataset.selected === '{index}'")
        click(page, "stack", index=int(number) - 1)
    page.wait_for_function(f"Number(document.body.dataset.moves) > {before}", timeout=30_000)


def easy_game(seed: str, players: int, until: Any) -> Any:
    """Play easy bots in every seat, exactly as the page's bots do, until `until(state)`."""
    state = gamebox.get("upcombine").new(seed, players)
    while not state.is_over and not until(state):
        seat = state.to_move[0]
        state.apply(seat, bots.choose(state, seat, "easy", 100, state.seed))
    return state


def code_of(seed: str, players: int, history: list[tuple[int, str]]) -> str:
    game = gamebox.get("upcombine")
    return share.encode(game.replay(seed, players, {}, history))


def start_from_menu(page: Any, seats: list[str], seed: str) -> None:
    page.click("a[href='#/upcombine']")
    choose_seats(page, seats)
    page.fill("#setup-seed", seed)
    screenshot(page, "upcombine-setup")
    start_set_up_game(page)


def test_three_players_from_the_menu_placing_by_clicking_and_bots_reply(open_page):
    page = open_page("")
    start_from_menu(page, ["human", "easy", "easy"], "RND41")
    wait_for_my_turn(page)
    assert board_data(page, "privacy") == "0"  # one human: no privacy screen
    screenshot(page, "upcombine-start")
    legal = page.evaluate("window.gamebox.legal(0)")
    placements = [a for a in legal if not a.startswith("draw")]
    assert placements and not any(a.startswith("draw") for a in legal)  # a tile fits: place before drawing
    # pick up a tile: the stacks it fits are highlighted, the others dimmed
    first = placements[0]
    view = page.evaluate("window.gamebox.view()")
    index = next(i for i, p in enumerate(view["hands"][0]["pieces"]) if p["colour"] + p["symbol"] == first[:2])
    click(page, "hand", index=index)
    page.wait_for_function(f"document.getElementById('board').dataset.selected === '{index}'")
    screenshot(page, "upcombine-selected")
    before = moves_played(page)  # the oldest (seat 3, a bot) chose the bases first
    click(page, "stack", index=int(first.split(" ")[1]) - 1)
    page.wait_for_function(f"Number(document.body.dataset.moves) === {before + 1}")
    view = page.evaluate("window.gamebox.view()")
    assert view["placed_this_turn"] == 1 and view["stacks"][int(first.split(" ")[1]) - 1]["used"]
    assert any("put a" in text for text in page.locator("#log li").all_inner_texts())
    # a placed tile cannot be taken back: undo stays off
    assert page.locator("#btn-undo").is_disabled()
    wait_for_my_turn(page)
    screenshot(page, "upcombine-placed")
    # end the turn by drawing a colour from the pile
    draws = [a for a in page.evaluate("window.gamebox.legal(0)") if a.startswith("draw")]
    assert draws
    play_by_clicking(page, draws[0])
    # both bots reply, then it is my turn again
    page.wait_for_function(
        "window.gamebox.table().history.some(([seat]) => seat === 2) && window.gamebox.table().to_move[0] === 0",
        timeout=60_000)
    assert page.locator("#log li").count() >= 4
    wait_for_my_turn(page)
    screenshot(page, "upcombine-after-bots")


def wait_for_my_bases(page: Any, seat: int) -> None:
    """Wait until `seat` (a human) is to choose the bases and the renderer offers the five colours."""
    wait_for_my_turn(page, seat)
    page.wait_for_function("window.gamebox.view().choosing_bases && document.getElementById('board')"
                           ".gameboxHits().filter((r) => r.value.kind === 'base').length === 5")


def test_the_oldest_player_chooses_the_bases_by_clicking_two_colours(open_page):
    # 2 players: seat 2 plays as the oldest in round 1 and chooses; seat 1 begins
    page = open_page(f"#/play?code={code_of('BASES1', 2, [])}&seats=easy,human")
    wait_for_my_bases(page, 1)
    assert page.evaluate("window.gamebox.view().stacks") == []
    screenshot(page, "upcombine-bases-choice")
    click(page, "base", colour="G")
    page.wait_for_function("document.getElementById('board').gameboxHits()"
                           ".filter((r) => r.value.kind === 'base').length === 5")
    assert moves_played(page) == 0  # one colour picked: nothing played yet
    screenshot(page, "upcombine-bases-one-picked")
    click(page, "base", colour="B")
    page.wait_for_function("Number(document.body.dataset.moves) >= 1")
    table = page.evaluate("window.gamebox.table()")
    assert table["history"][0] == [1, "bases B G"]
    assert [stack[0]["colour"] for stack in [s["pieces"] for s in table["view"]["stacks"]]] == ["B", "G"]
    assert any("base of stack 1" in text for text in page.locator("#log li").all_inner_texts())


def test_the_oldest_player_chooses_the_bases_by_keyboard(open_page):
    # 3 players: seat 3 is the oldest in round 1
    page = open_page(f"#/play?code={code_of('BASES2', 3, [])}&seats=easy,easy,human")
    wait_for_my_bases(page, 2)
    page.focus("#board")
    for key in ("ArrowRight", "ArrowRight", "Enter"):  # the cursor starts on blue: purple
        page.keyboard.press(key)
    page.wait_for_function("document.getElementById('board').gameboxHits()"
                           ".filter((r) => r.value.kind === 'base').length === 5")
    for key in ("ArrowRight", "ArrowRight", "Enter"):  # red
        page.keyboard.press(key)
    page.wait_for_function("Number(document.body.dataset.moves) >= 1")
    assert page.evaluate("window.gamebox.table().history[0]") == [2, "bases P R"]
    screenshot(page, "upcombine-bases-by-keyboard")


def test_a_round_ends_by_clicking_with_two_bots_and_shows_the_summary(open_page):
    # Easy bots in every seat of this seed: seat 0 empties its hand first. From its third turn on, a person
    # plays seat 0's actions by clicking, and the page's easy bots play the others exactly as here.
    final = easy_game("RND41", 3, lambda state: bool(state.rounds))
    assert final.rounds[0]["winner"] == 0
    history = [tuple(step) for step in final.history]
    turns = [i for i, (seat, _) in enumerate(history) if seat == 0 and (i == 0 or history[i - 1][0] != 0)]
    start = turns[-2]
    page = open_page(f"#/play?code={code_of('RND41', 3, history[:start])}&seats=human,easy,easy")
    for seat, action in history[start:]:
        if seat != 0:
            continue
        wait_for_my_turn(page)
        assert action in page.evaluate("window.gamebox.legal(0)")
        play_by_clicking(page, action)
    page.wait_for_function("window.gamebox.view().rounds.length === 1")
    assert board_data(page, "summary") == "1"
    table = page.evaluate("window.gamebox.table()")
    assert table["view"]["round"] == 2 and table["scores"][0] == 0 and sum(table["scores"]) > 0
    assert table["fingerprint"] == final.fingerprint() or len(table["history"]) >= len(history)
    assert any("Round 1 goes to You" in text for text in page.locator("#log li").all_inner_texts())
    screenshot(page, "upcombine-round-summary")
    # a click puts the summary away; the round table stays on the board
    page.locator("#board").click(position={"x": 300, "y": 250})
    page.wait_for_function("document.getElementById('board').dataset.summary === ''")
    screenshot(page, "upcombine-round-2")


def test_hotseat_hides_each_hand_behind_a_pass_the_device_screen_and_plays_by_keyboard(open_page):
    page = open_page("#/play?code=v1.upcombine.HOTSEAT.2.&seats=human,human")
    page.wait_for_function("document.getElementById('board').dataset.privacy === '1'", timeout=60_000)
    # the privacy screen is the only thing on the canvas: no tile can be clicked
    kinds = {r["value"]["kind"] for r in page.evaluate("document.getElementById('board').gameboxHits()")}
    assert kinds == {"privacy"}
    screenshot(page, "upcombine-privacy")
    page.focus("#board")
    page.keyboard.press("Enter")
    wait_for_my_turn(page, 0)
    view = page.evaluate("window.gamebox.view()")
    assert "pieces" in view["hands"][0] and "pieces" not in view["hands"][1]
    # keyboard: Enter picks up the tile under the cursor, Enter places it on the first stack it fits
    legal = page.evaluate("window.gamebox.legal(0)")
    pieces = view["hands"][0]["pieces"]
    index = next(i for i, p in enumerate(pieces) if any(a.startswith(p["colour"] + p["symbol"] + " ") for a in legal))
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.getElementById('board').dataset.selected === '{index}'")
    screenshot(page, "upcombine-keyboard-selected")
    page.keyboard.press("Escape")
    page.wait_for_function("document.getElementById('board').dataset.selected === ''")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.wait_for_function("Number(document.body.dataset.moves) === 1")
    seat, action = page.evaluate("window.gamebox.table().history[0]")
    assert seat == 0 and action in legal
    # ↓ goes from the hand to the pile; Enter draws the colour under the cursor and ends the turn
    wait_for_my_turn(page, 0)
    page.keyboard.press("ArrowDown")
    for _ in range(5):
        page.keyboard.press("Enter")
        if page.evaluate("window.gamebox.table().to_move[0]") == 1:
            break
        page.keyboard.press("ArrowRight")
    page.wait_for_function("window.gamebox.table().to_move[0] === 1")
    assert page.evaluate("window.gamebox.table().history[1][1]").startswith("draw ")
    # the second player's turn: the screen hides everything until they click
    page.wait_for_function("document.getElementById('board').dataset.privacy === '1'")
    assert page.evaluate("window.gamebox.table().viewer") == 1
    screenshot(page, "upcombine-privacy-2")
    page.locator("#board").click(position={"x": 400, "y": 300})
    wait_for_my_turn(page, 1)
    view = page.evaluate("window.gamebox.view()")
    assert "pieces" in view["hands"][1] and "pieces" not in view["hands"][0]
    screenshot(page, "upcombine-hotseat-seat-2")


def test_copy_link_keeps_the_deal_on_the_device_and_invites_to_a_new_game(open_page):
    """The seed deals every hand, so before the game is over Copy link offers a new game of the same kind, and the
    address bar points at the device's own saved game instead of the code."""
    page = open_page("#/play?code=v1.upcombine.LINK.3.&seats=human,easy,hard")
    wait_for_my_turn(page)
    legal = page.evaluate("window.gamebox.legal(0)")
    play_by_clicking(page, legal[0])
    link = copied_link(page)
    assert link == "#/upcombine" and "LINK" not in page.evaluate("location.hash")
    assert "new game" in page.locator("#notice-text").inner_text()
    other = open_page(link)
    other.wait_for_selector("#screen-setup:not([hidden])")


def test_bots_play_to_the_game_over_panel(open_page):
    # The last few actions of a whole easy-bot game are left to the page's bots.
    final = easy_game("END16", 2, lambda state: False)
    assert final.is_over
    history = [tuple(step) for step in final.history]
    page = open_page(f"#/play?code={code_of('END16', 2, history[:-8])}&seats=easy,easy")
    page.wait_for_selector("#game-over:not([hidden])", timeout=120_000)
    assert page.evaluate("document.body.dataset.fingerprint") == final.fingerprint()
    assert page.locator("#over-result").inner_text().strip()
    assert page.locator("#over-scores tr").count() == 2
    screenshot(page, "upcombine-game-over")
    page.click("#btn-over-close")
    screenshot(page, "upcombine-final-board")


def test_a_bad_link_shows_a_clear_message_and_a_working_menu(open_page):
    page = open_page("#/play?code=v1.upcombine.K7Q2M.2..0Zz_9&seats=human,easy")
    page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
    assert "does not open a game" in page.locator("#notice-text").inner_text()
    page.wait_for_selector("#screen-menu:not([hidden])")
    page.click("a[href='#/upcombine']")
    page.wait_for_selector("#screen-setup:not([hidden])")
