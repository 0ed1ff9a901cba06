"""The set-up screen meets a newcomer with a bot they can beat, and remembers each player's last choice per game."""

from __future__ import annotations

from .conftest import SharedPage, choose_seats, start_set_up_game

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False


def test_a_bot_seat_starts_at_the_newcomer_level_and_the_last_choice_is_remembered(game_page: SharedPage) -> None:
    page = game_page.go("#/whoopies")  # the module's page: a first visit, nothing remembered yet
    page.wait_for_selector("#setup-start:not([disabled])")
    page.select_option("#setup-players", "3")
    levels = page.locator("#setup-seats li select.level")
    assert [levels.nth(i).input_value() for i in (1, 2)] == ["easy", "easy"]
    # every level is worded in the player's language, none is a raw key
    words = page.locator("#setup-seats li:nth-child(2) select.level option").all_inner_texts()
    assert words == ["easy", "medium", "hard"]
    choose_seats(page, ["human", "hard", "medium"])
    start_set_up_game(page)
    page.evaluate("location.hash = '#/whoopies'")
    page.reload()
    page.wait_for_selector("#setup-start:not([disabled])")
    assert page.locator("#setup-players").input_value() == "3"
    assert [levels.nth(i).input_value() for i in (1, 2)] == ["hard", "medium"]
    page.evaluate("location.hash = '#/upthrust'")
    page.wait_for_selector("#setup-title:has-text('Upthrust')")
    assert page.locator("#setup-seats li select.level").nth(1).input_value() == "easy"


def test_one_player_of_ubongo_is_named_puzzle_mode_and_asks_for_no_sand_timer(game_page: SharedPage) -> None:
    page = game_page.go("#/ubongo")
    page.wait_for_selector("#setup-start:not([disabled])")
    page.select_option("#setup-players", "2")
    assert page.locator("#setup-note").count() == 0
    assert page.locator('select[data-option="timer"]').count() == 1
    page.select_option("#setup-players", "1")
    assert "puzzle mode" in page.locator("#setup-note").inner_text()
    assert page.locator('select[data-option="timer"]').count() == 0
    page.click("#setup-start")
    page.wait_for_function("window.gamebox.table() && window.gamebox.table().game === 'ubongo'")
    assert page.evaluate("window.gamebox.table().players") == 1
