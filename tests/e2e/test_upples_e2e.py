"""Upples in Chromium: the set-up screen, jumps by clicking the canvas and by keyboard, a multicolour choice,
a bot's reply, undo inside a chain, a shared link, a Training game from a link, a whole game to the game-over
panel, a bad link, and Replay and New game pressed while a bot's komupple is in the air."""

from __future__ import annotations

from .conftest import choose_seats, copied_link, moves_played, screenshot, start_set_up_game

# The Upples renderer's layout (web/games/upples.js): the board's top-left corner and the size of a square.
BOARD_X, BOARD_Y, CELL = 36, 16, 74
FILES = "abcdefg"
# Seed S9, 2 players: seat 0 (blue, on b3) can jump onto a multicolour upple on b4 on its first move.
CHOICE_SEED = "S9"


def open_ready(open_page, path: str = ""):
    """open_page, then wait for the engine with room to spare (Pyodide boots slowly on a loaded machine)."""
    page = open_page(path, wait_ready=False)
    page.wait_for_function("window.gamebox", timeout=30_000)
    page.evaluate("window.gamebox.ready")
    return page


def square_point(square: str) -> dict[str, float]:
    column = FILES.index(square[0])
    row = int(square[1:])
    return {"x": BOARD_X + column * CELL + CELL / 2, "y": BOARD_Y + (7 - row) * CELL + CELL / 2}


def start_from_menu(page, seats: list[str], mode: str, seed: str) -> None:
    page.click("a[href='#/upples']")
    choose_seats(page, seats)
    mode_select = page.locator("#setup-options select[data-option='mode']")
    assert "Naughty" in mode_select.locator("option").all_inner_texts()[1]
    mode_select.select_option(f'"{mode}"')
    page.fill("#setup-seed", seed)
    screenshot(page, "upples-setup")
    start_set_up_game(page)


def my_turn(page, seat: int = 0) -> None:
    page.wait_for_function(
        f"window.gamebox.table() && !window.gamebox.table().is_over && window.gamebox.table().to_move[0] === {seat}"
        " && Object.keys(window.gamebox.view().moves).length + (window.gamebox.view().must_pass ? 1 : 0) > 0",
        timeout=60_000)


def click_a_jump(page) -> None:
    """Click a landing square with a single action, or pass when that is the only action."""
    view = page.evaluate("window.gamebox.view()")
    before = moves_played(page)
    canvas = page.locator("#board")
    if view["must_pass"]:
        page.focus("#board")
        page.keyboard.press("Enter")
    else:
        single = [square for square, actions in view["moves"].items() if len(actions) == 1]
        square = single[0] if single else next(iter(view["moves"]))
        canvas.click(position=square_point(square))
        if not single:  # a choice opened: take the first
            page.keyboard.press("1")
    page.wait_for_function(f"Number(document.body.dataset.moves) > {before}", timeout=30_000)


def test_naughty_game_against_a_bot_by_clicking(open_page):
    page = open_ready(open_page)
    start_from_menu(page, ["human", "easy"], "naughty", "NAUGHTY11")
    assert page.evaluate("window.gamebox.view().mode") == "naughty"
    assert "Enter" in page.locator("#board-help").inner_text()
    my_turn(page)
    assert moves_played(page) == 0
    screenshot(page, "upples-start")
    # my whole turn by clicking: keep jumping while the chain goes on
    click_a_jump(page)
    while page.evaluate("window.gamebox.table().to_move[0] === 0 && window.gamebox.view().in_chain"):
        click_a_jump(page)
    assert page.locator("#log li").count() >= 1
    assert "jumps from" in page.locator("#log li").first.inner_text()
    # the bot replies, then it is my turn again
    my_turn(page)
    played = moves_played(page)
    assert page.evaluate("window.gamebox.table().history.some(([seat]) => seat === 1)")
    assert played >= 2
    screenshot(page, "upples-after-bot")
    # the bot's turn ended with a refill, which revealed cards: undo cannot go back past it
    assert page.locator("#btn-undo").is_disabled()


def test_multicolour_choice_by_click_and_by_keyboard(open_page):
    page = open_ready(open_page, f"#/play?code=v1.upples.{CHOICE_SEED}.2.100&seats=human,human")
    page.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
    moves = page.evaluate("window.gamebox.view().moves")
    assert moves["b4"] == ["jump b3 b4 white", "jump b3 b4 red"]
    canvas = page.locator("#board")
    # clicking the multicolour opens the choice on the canvas; Esc cancels it
    canvas.click(position=square_point("b4"))
    page.wait_for_timeout(300)
    screenshot(page, "upples-choice")
    page.keyboard.press("Escape")
    assert moves_played(page) == 0
    # by keyboard: move the cursor to b4 and press Enter, then pick "red" with the arrow and Enter
    page.focus("#board")
    for _ in range(8):  # walk the cursor to the top-left, then to b4
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowLeft")
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function("Number(document.body.dataset.moves) === 1")
    assert page.evaluate("window.gamebox.table().history[0][1]") == "jump b3 b4 red"
    blue = page.evaluate("window.gamebox.view().players[0]")
    assert (blue["body"], blue["hair"]) == ("red", "red")
    assert page.evaluate("window.gamebox.view().in_chain")  # the multicolour gives an extra jump
    page.wait_for_timeout(900)
    screenshot(page, "upples-extra-jump")
    # undo in the middle of a chain takes the jump back (nothing was revealed yet)
    page.click("#btn-undo")
    page.wait_for_function("Number(document.body.dataset.moves) === 0")
    assert page.evaluate("window.gamebox.view().players[0].square") == "b3"
    assert page.locator("#btn-undo").is_disabled()


def test_copy_link_opens_the_same_position_in_a_new_page(open_page):
    page = open_ready(open_page, "#/play?code=v1.upples.NAUGHTY11.2.100&seats=human,human")
    page.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
    my_turn(page)
    click_a_jump(page)
    page.wait_for_function("Number(document.body.dataset.moves) >= 1")
    link = copied_link(page)
    fingerprint = page.evaluate("window.gamebox.table().fingerprint")
    other = open_ready(open_page, link)
    other.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
    assert other.evaluate("window.gamebox.table().fingerprint") == fingerprint
    assert other.evaluate("window.gamebox.table().history.length") == moves_played(page)


def test_training_from_a_link_by_keyboard(open_page):
    page = open_ready(open_page, "#/play?code=v1.upples.END2.1.300&seats=human")
    page.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
    assert page.evaluate("window.gamebox.view().mode") == "training"
    for _turn in range(2):
        my_turn(page)
        before = moves_played(page)
        page.focus("#board")
        page.keyboard.press("n")  # the cursor goes to a landing square
        page.keyboard.press("Enter")  # jump (or pass, when that is the only action)
        page.keyboard.press("1")  # a choice, if one opened
        page.wait_for_function(f"Number(document.body.dataset.moves) > {before}", timeout=30_000)
        while page.evaluate("window.gamebox.view().in_chain"):
            click_a_jump(page)
    assert page.evaluate("window.gamebox.view().players[0].turns") == 2
    assert page.locator("#scores .score").first.inner_text().strip() == "2"
    page.wait_for_timeout(900)
    screenshot(page, "upples-training")
    # the hint marks a jump on the board and words it
    page.click("#btn-hint")
    page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
    words = page.locator("#notice-text").inner_text().lower()
    assert "jump from" in words or "pass" in words


def test_bots_play_a_whole_game_to_the_game_over_panel(open_page):
    page = open_ready(open_page, "#/play?code=v1.upples.END2.2.200&seats=easy,easy")  # Survival: fast to finish
    page.wait_for_selector("#game-over:not([hidden])", timeout=240_000)
    assert page.locator("#over-result").inner_text().strip()
    assert page.locator("#over-scores tr").count() == 2
    assert page.evaluate("window.gamebox.view().over")
    screenshot(page, "upples-game-over")
    page.click("#btn-over-close")
    page.wait_for_timeout(300)
    screenshot(page, "upples-final-board")


def test_a_bad_link_shows_a_clear_message_and_a_working_menu(open_page):
    page = open_ready(open_page, "#/play?code=v1.upples.K7Q2M.2.900&seats=human,easy")
    page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
    assert "does not open a game" in page.locator("#notice-text").inner_text()
    page.wait_for_selector("#screen-menu:not([hidden])")
    page.click("a[href='#/upples']")
    page.wait_for_selector("#screen-setup:not([hidden])")
    page.goto(page.url.split("#")[0] + "#/play?code=v1.upples.K7Q2M.2.100.0jump_a1_z9&seats=human,easy")
    page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
    page.wait_for_selector("#screen-menu:not([hidden])")


def wait_for_a_bots_jump(page) -> None:
    """Until the renderer is showing a komupple in the air (web/games/upples.js sets the board's data-anim)."""
    page.wait_for_function("document.getElementById('board').dataset.anim === 'upples.jumped'", timeout=60_000)


def test_replay_and_new_game_during_a_bots_jump_raise_no_page_error(open_page):
    link = "#/play?code=v2.upples.INTHEAIR.3.000&seats=easy,easy,easy"
    page = open_ready(open_page, link)
    page.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
    for _round in range(2):
        # Replay while a bot jumps: the replay's first position is drawn at once, and the jump stops
        wait_for_a_bots_jump(page)
        page.click("#btn-replay")
        page.wait_for_selector("#replay-controls:not([hidden])")
        page.wait_for_timeout(800)  # frames of the interrupted jump would have run by now
        assert page.evaluate("document.getElementById('board').dataset.anim") is None
        assert page.watch.errors == []
        # back to the game, then New game while a bot jumps, and a game opened at once from there
        page.click("#replay-resume")
        wait_for_a_bots_jump(page)
        page.click("#btn-new")
        page.wait_for_selector("#screen-setup:not([hidden])")
        page.evaluate("(hash) => { location.hash = hash; }", link)
        page.wait_for_selector("#screen-game:not([hidden])")
        page.wait_for_timeout(800)
        assert page.watch.errors == []
    screenshot(page, "upples-after-interrupted-jumps")


def test_a_blast_whose_first_frame_comes_early_draws_no_negative_radius(open_page):
    # Seed BLAST0 after four jumps: blue, on g6, can jump onto the bomb on g7.
    code = "v2.upples.BLAST0.2.000.0jump_g2_g4.1jump_b6_b7.0jump_g4_g6.1jump_b7_c7"
    page = open_ready(open_page, f"#/play?code={code}&seats=human,human")
    page.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
    assert page.evaluate("window.gamebox.view().cards.g7") == "bomb"
    # An animation frame's timestamp may be earlier than the performance.now() read when a tween starts; make
    # it so for every frame, so that the blast's first frame comes "before" its start.
    page.evaluate("""() => {
        const now = performance.now.bind(performance);
        performance.now = () => now() + 40;
    }""")
    page.locator("#board").click(position=square_point("g7"))
    page.wait_for_function("document.getElementById('board').dataset.anim === 'upples.exploded'", timeout=30_000)
    page.wait_for_function("!document.getElementById('board').dataset.anim", timeout=30_000)
    assert page.evaluate("window.gamebox.table().history.length") == 5
    assert page.watch.errors == []


def test_play_again_is_started_by_the_next_player(open_page):
    # Seed AGAIN274, Survival, pink (seat 1) starts; blue's first jump eats a golden upple, and the tally ends it.
    page = open_ready(open_page, "#/play?code=v2.upples.AGAIN274.2.201.1jump_e1_e2&seats=human,human")
    page.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
    assert page.evaluate("window.gamebox.table().options.first") == 1
    page.locator("#board").click(position=square_point("e1"))
    page.wait_for_selector("#game-over:not([hidden])", timeout=60_000)
    page.click("#btn-again")
    page.wait_for_function("window.gamebox.table().history.length === 0 && !window.gamebox.table().is_over",
                           timeout=60_000)
    table = page.evaluate("window.gamebox.table()")
    assert table["options"] == {"mode": "survival", "teams": False, "first": 0}
    assert table["to_move"] == [0]  # "in subsequent games, the first person must rotate"
