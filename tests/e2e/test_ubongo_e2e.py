"""Ubongo Extreme in Chromium: puzzles solved by dragging tiles on the canvas, hints, the 9-round race against a
bot, links, and bad puzzle codes.

Where things are on the canvas comes from the renderer itself (``canvas.ubongo``, web/games/ubongo.js): the centre
of a board hex, and of a tile's cell in the tray. Where the tiles must go comes from the solver in CPython.
"""

from __future__ import annotations

from typing import Any

import gamebox.ubongo

from .conftest import copied_link, moves_played, screenshot

PUZZLE = "K7Q2M-07EB"  # deck K7Q2M, card 7, easy side, blue
BOARD_READY = "document.body.dataset.fingerprint && document.getElementById('board').ubongo"


def canvas_box(page: Any) -> dict[str, float]:
    box = page.locator("#board").bounding_box()
    assert box is not None
    return box


def board_point(page: Any, q: int, r: int) -> dict[str, float]:
    return page.evaluate("([q, r]) => document.getElementById('board').ubongo.boardCell(q, r)", [q, r])


def tray_point(page: Any, tile: int, index: int) -> dict[str, float]:
    return page.evaluate("([t, i]) => document.getElementById('board').ubongo.trayCell(t, i)", [tile, index])


def anchor_index(colour: str, tile: int) -> int:
    """The index of the anchor cell (0, 0) among the tile's cells, as view() lists them."""
    return list(gamebox.ubongo.TILES[colour][tile]).index((0, 0))


def orient_tile(page: Any, tile: int, rot: int, flip: bool) -> None:
    """Click the tile in the tray to pick it up, then F to flip and R to turn it, as a player does."""
    start = tray_point(page, tile, 0)
    page.locator("#board").click(position=start)
    page.wait_for_function(f"document.getElementById('board').ubongo.selected()?.number === {tile}")
    if flip:
        page.keyboard.press("f")
    for _ in range(rot):
        page.keyboard.press("r")
    selected = page.evaluate("document.getElementById('board').ubongo.selected()")
    assert (selected["rot"], selected["flip"]) == (rot, flip)


def drag_tile(page: Any, colour: str, tile: int, rot: int, flip: bool, at: tuple[int, int]) -> None:
    """Turn a tray tile to (rot, flip), then drag it by its anchor cell onto board cell `at`."""
    orient_tile(page, tile, rot, flip)
    box = canvas_box(page)
    grab = tray_point(page, tile, anchor_index(colour, tile))
    drop = board_point(page, *at)
    page.mouse.move(box["x"] + grab["x"], box["y"] + grab["y"])
    page.mouse.down()
    page.mouse.move(box["x"] + (grab["x"] + drop["x"]) / 2, box["y"] + (grab["y"] + drop["y"]) / 2, steps=6)
    page.mouse.move(box["x"] + drop["x"], box["y"] + drop["y"], steps=6)
    page.mouse.up()


def open_puzzle(open_page: Any, code: str = PUZZLE) -> Any:
    page = open_page(f"#/play?code=v1.ubongo.{code}.1.&seats=human")
    page.wait_for_function(BOARD_READY, timeout=60_000)
    return page


def test_a_puzzle_link_solved_by_dragging_tiles(open_page):
    page = open_puzzle(open_page)
    view = page.evaluate("window.gamebox.view()")
    assert view["mode"] == "puzzle" and view["puzzle"] == PUZZLE
    puzzle = gamebox.ubongo.puzzle(PUZZLE)
    colour = puzzle.colour
    assert [t["number"] for t in view["tiles"]] == list(puzzle.tiles[colour])
    solution = puzzle.solutions(colour)[0]
    screenshot(page, "ubongo-puzzle")
    for index, placement in enumerate(solution):
        drag_tile(page, colour, placement.tile, placement.rot, placement.flip, placement.at)
        page.wait_for_function(f"window.gamebox.view().placed.length === {index + 1}", timeout=20_000)
        if index == 0:
            screenshot(page, "ubongo-puzzle-one-tile")
    page.wait_for_function("window.gamebox.view().solved === true", timeout=20_000)
    page.wait_for_function("document.getElementById('board').dataset.status === 'solved'")
    page.wait_for_selector("#game-over:not([hidden])")
    page.click("#btn-over-close")
    screenshot(page, "ubongo-puzzle-solved")
    assert page.evaluate("window.gamebox.table().scores") == [1]


def test_an_invalid_drop_returns_the_tile(open_page):
    page = open_puzzle(open_page)
    view = page.evaluate("window.gamebox.view()")
    tile = view["tiles"][0]["number"]
    colour = view["colour"]
    # the anchor onto a hex far outside the white hexes
    drag_tile(page, colour, tile, 0, False, (-6, 0))
    page.wait_for_timeout(300)
    assert page.evaluate("window.gamebox.view().placed") == []
    local = page.evaluate("document.getElementById('board').ubongo.local()")
    assert all(entry["at"] is None for entry in local)
    assert moves_played(page) == 0


def test_the_hint_button_places_a_correct_tile(open_page):
    page = open_puzzle(open_page)
    page.click("#btn-hint")
    page.wait_for_function("window.gamebox.view().placed.length === 1", timeout=20_000)
    view = page.evaluate("window.gamebox.view()")
    assert view["hints"] == 1
    placed = view["placed"][0]
    puzzle = gamebox.ubongo.puzzle(PUZZLE)
    correct = {(p.tile, tuple(sorted(p.cells(puzzle.colour)))) for s in puzzle.solutions(puzzle.colour) for p in s}
    assert (placed["tile"], tuple(sorted(tuple(c) for c in placed["cells"]))) in correct
    # H on the board asks for another one
    page.focus("#board")
    page.keyboard.press("h")
    page.wait_for_function("window.gamebox.view().hints === 2", timeout=20_000)
    screenshot(page, "ubongo-hint")
    # "show the solution" asks once more before it ends the puzzle
    solution_button = {"x": 637, "y": 209}
    page.click("#board", position=solution_button)
    page.wait_for_timeout(200)
    assert page.evaluate("window.gamebox.view().phase") == "puzzle"
    page.click("#board", position=solution_button)
    page.wait_for_function("window.gamebox.view().phase === 'shown'", timeout=20_000)
    assert len(page.evaluate("window.gamebox.view().placed")) == len(page.evaluate("window.gamebox.view().tiles"))
    page.wait_for_selector("#game-over:not([hidden])")
    page.click("#btn-over-close")
    screenshot(page, "ubongo-solution-shown")


def test_keyboard_places_a_tile_undo_and_copy_link(open_page):
    page = open_page("")
    page.click("a[href='#/ubongo']")
    page.wait_for_selector("#screen-setup:not([hidden])")
    page.wait_for_selector("#setup-start:not([disabled])", timeout=120_000)
    page.select_option("#setup-players", "1")
    page.fill("#setup-seed", PUZZLE)
    screenshot(page, "ubongo-setup")
    page.click("#setup-start")
    page.wait_for_selector("#screen-game:not([hidden])")
    page.wait_for_function("document.body.dataset.fingerprint && window.gamebox.view().puzzle === 'K7Q2M-07EB'")
    puzzle = gamebox.ubongo.puzzle(PUZZLE)
    first = puzzle.solutions(puzzle.colour)[0][0]
    page.focus("#board")
    number_key = str(list(puzzle.tiles[puzzle.colour]).index(first.tile) + 1)
    page.keyboard.press(number_key)
    if first.flip:
        page.keyboard.press("f")
    for _ in range(first.rot):
        page.keyboard.press("r")
    selected = page.evaluate("document.getElementById('board').ubongo.selected()")
    # arrows: left/right one hex; up and down zigzag (two steps return to the same column)
    dq, dr = first.at[0] - selected["at"][0], first.at[1] - selected["at"][1]
    for _ in range(abs(dr)):
        page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp")
    selected = page.evaluate("document.getElementById('board').ubongo.selected()")
    dq = first.at[0] - selected["at"][0]
    for _ in range(abs(dq)):
        page.keyboard.press("ArrowRight" if dq > 0 else "ArrowLeft")
    selected = page.evaluate("document.getElementById('board').ubongo.selected()")
    assert tuple(selected["at"]) == first.at
    screenshot(page, "ubongo-keyboard-selected")
    page.keyboard.press("Enter")
    page.wait_for_function("window.gamebox.view().placed.length === 1", timeout=20_000)
    assert moves_played(page) == 1
    # copy link -> the same position in a new page
    link = copied_link(page)
    fingerprint = page.evaluate("document.body.dataset.fingerprint")
    other = open_page(link)
    other.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
    assert other.evaluate("document.body.dataset.fingerprint") == fingerprint
    assert other.evaluate("window.gamebox.view().placed.length") == 1
    # undo takes the tile off
    page.click("#btn-undo")
    page.wait_for_function("window.gamebox.view().placed.length === 0")
    assert moves_played(page) == 0


def test_next_puzzle_and_puzzle_of_the_day(open_page):
    page = open_puzzle(open_page)
    page.focus("#board")
    page.keyboard.press("n")
    page.wait_for_function("window.gamebox.view() && window.gamebox.view().puzzle === 'K7Q2M-08EG'", timeout=30_000)
    page.focus("#board")
    page.keyboard.press("d")
    page.wait_for_function("window.gamebox.table().seed === new Date().toLocaleDateString('en-CA')", timeout=30_000)
    assert page.evaluate("window.gamebox.view().mode") == "puzzle"
    screenshot(page, "ubongo-daily")


def solve_race_round_by_dragging(page: Any) -> None:
    view = page.evaluate("window.gamebox.view()")
    seat = page.evaluate("window.gamebox.table().to_move.find(s => window.gamebox.table().seats[s].kind === 'human')")
    code = view["seats"][seat]["puzzle"]
    puzzle = gamebox.ubongo.puzzle(code)
    for placement in puzzle.solutions(puzzle.colour)[0]:
        drag_tile(page, puzzle.colour, placement.tile, placement.rot, placement.flip, placement.at)


def test_two_players_against_a_bot_play_all_nine_rounds(open_page):
    # timer 60 s (options digits: easy side, first timer); seat 2 is a hard bot
    page = open_page("#/play?code=v1.ubongo.RACE9.2.00&seats=human,hard")
    page.wait_for_function(BOARD_READY, timeout=60_000)
    assert page.evaluate("window.gamebox.view().round") == 1
    page.wait_for_function("!window.gamebox.table().to_move.includes(1)", timeout=30_000)  # the bot has handed in
    # ... but nobody at the table knows what or when: its solve and its time stay hidden until the clock gets there
    table = page.evaluate("window.gamebox.table()")
    assert table["sealed"] and table["history"] == [] and table["public"]["moves"] == 0
    assert not table["view"]["seats"][1]["reported"] and table["view"]["seats"][1]["time_ms"] is None
    assert "solve" not in page.evaluate("location.hash")
    screenshot(page, "ubongo-race-round1")
    assert page.locator("#log li[data-key='ubongo.solved'], #log li[data-key='ubongo.timeout']").count() == 0
    # round 1 by dragging: the sand timer is running at once for a single human
    assert page.evaluate("document.getElementById('board').ubongo.gate()") is None
    # a race offers no Hint: a free hint would be an unseen helping hand (puzzle mode has it)
    assert page.locator("#btn-hint").is_hidden()
    solve_race_round_by_dragging(page)
    page.wait_for_function("window.gamebox.view().round === 2", timeout=30_000)
    last = page.evaluate("window.gamebox.view().last_round")
    mine = next(r for r in last["results"] if r["seat"] == 0)
    assert mine["time_ms"] is not None and mine["gems"]
    hand_ins = page.locator("#log li[data-key='ubongo.solved'], #log li[data-key='ubongo.timeout']")
    assert hand_ins.count() == 2  # both seats' results, each once, in the order they were handed in
    assert "Bot" in hand_ins.first.inner_text()
    gems_lines = page.locator("#log li[data-key='ubongo.gems']").all_inner_texts()
    assert gems_lines and all(" and " in line and "," not in line for line in gems_lines), gems_lines  # worded
    assert page.evaluate("document.getElementById('board').ubongo.gate()") == "results"
    screenshot(page, "ubongo-race-results")
    # the results panel: Enter turns the sand timer for round 2
    page.focus("#board")
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('board').ubongo.gate()") is None
    # rounds 2-9 (and any play-off) through the test API, for speed
    for _ in range(40):
        table = page.evaluate("window.gamebox.table()")
        if table["is_over"]:
            break
        if 0 in table["to_move"]:
            actions = page.evaluate("window.gamebox.legal(0)")
            solve = next(a for a in actions if a.endswith(" @1000"))
            assert page.evaluate("a => window.gamebox.play(a)", solve)
        page.wait_for_timeout(300)
    page.wait_for_function("window.gamebox.table().is_over", timeout=60_000)
    page.wait_for_selector("#game-over:not([hidden])")
    assert page.locator("#over-scores tr").count() == 2
    assert page.evaluate("window.gamebox.view().phase") == "over"
    assert page.evaluate("window.gamebox.view().display") == {"sapphire": 0, "amber": 0}
    page.click("#btn-over-close")
    assert page.evaluate("document.getElementById('board').ubongo.gate()") == "final"
    screenshot(page, "ubongo-race-final")


def test_two_humans_pass_the_device(open_page):
    page = open_page("#/play?code=v1.ubongo.PASS2.2.00&seats=human,human")
    page.wait_for_function(BOARD_READY, timeout=60_000)
    assert page.evaluate("document.getElementById('board').ubongo.gate()") == "pass"
    screenshot(page, "ubongo-pass-device")
    page.focus("#board")
    page.keyboard.press("Enter")
    solve_race_round_by_dragging(page)
    page.wait_for_function("window.gamebox.view().seats[0].reported")
    page.wait_for_function("document.getElementById('board').ubongo.gate() === 'pass'")
    page.keyboard.press("Enter")
    page.focus("#board")
    page.click("#board", position={"x": 698, "y": 546})  # "Give up"
    page.wait_for_function("window.gamebox.view().round === 2", timeout=20_000)
    last = page.evaluate("window.gamebox.view().last_round")
    assert [r["time_ms"] is not None for r in sorted(last["results"], key=lambda r: r["seat"])] == [True, False]


def test_bots_play_a_whole_race_to_the_game_over_panel(open_page):
    page = open_page("#/play?code=v1.ubongo.GAMEOVER.2.&seats=easy,easy")
    page.wait_for_selector("#game-over:not([hidden])", timeout=180_000)
    assert page.locator("#over-result").inner_text().strip()
    assert page.locator("#over-scores tr").count() == 2
    screenshot(page, "ubongo-bots-game-over")


def test_a_bad_puzzle_code_shows_a_clear_message(open_page):
    page = open_page("#/play?code=v1.ubongo.K7Q2M-99HB.1.&seats=human")
    page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
    text = page.locator("#notice-text").inner_text()
    assert "does not open a game" in text and "K7Q2M-99HB" in text
    page.wait_for_selector("#screen-menu:not([hidden])")
    screenshot(page, "ubongo-bad-link")
    # the same code typed as the seed in the set-up screen
    page.click("a[href='#/ubongo']")
    page.wait_for_selector("#setup-start:not([disabled])", timeout=60_000)
    page.select_option("#setup-players", "1")
    page.fill("#setup-seed", "K7Q2M-00EB")
    page.click("#setup-start")
    page.wait_for_selector("#notice:not([hidden])")
    assert "is not a puzzle code" in page.locator("#notice-text").inner_text()
    assert page.locator("#screen-setup").is_visible()
