"""A move carries the table it was chosen on (``seen``), and a stale one changes nothing (issue 26; the bridge's
``table.stale``, docs/architecture.md "A stale move is refused"), in Chromium, on the fixture game Pebbles: two
people at one device, so that a second tap on "Take 1" would be a legal move for the next player if it were
played on the table that came after the first.
"""

from __future__ import annotations

from typing import Any

from .conftest import SharedPage, moves_played, open_new_game, settled, targets, wait_for

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False


def take_target(page: Any, count: int) -> dict[str, Any]:
    found = [target for target in targets(page) if target.get("key") == f"take:{count}"]
    assert found, targets(page)
    return found[0]


def test_a_double_tap_on_a_move_plays_it_once_and_says_nothing(game_page: SharedPage) -> None:
    page = game_page.page
    open_new_game(page, "pebbles", "human,human", seed="STALE1")
    before = page.evaluate("window.gamebox.table().fingerprint")
    point = take_target(page, 1)
    # two clicks on the same point, the second while the first is on its way: the second is not a second move
    page.mouse.click(point["x"], point["y"], click_count=2, delay=0)
    wait_for(page, "(before) => window.gamebox.table().fingerprint !== before", before)
    settled(page)
    page.wait_for_timeout(300)  # a second move, had it been sent, would be back by now
    assert moves_played(page) == 1
    assert page.evaluate("window.gamebox.table().history.length") == 1
    assert page.is_hidden("#notice") or page.evaluate("document.getElementById('notice').dataset.kind") != "error"
    assert page.locator(".board-bubble-refusal").count() == 0


def test_a_move_chosen_on_a_table_that_is_gone_is_refused_and_changes_nothing(game_page: SharedPage) -> None:
    page = game_page.page
    open_new_game(page, "pebbles", "human,human", seed="STALE2")
    chosen_on = page.evaluate("window.gamebox.table().fingerprint")
    page.evaluate("window.gamebox.play(window.gamebox.table().view.targets[0].action)")
    wait_for(page, "(before) => window.gamebox.table().fingerprint !== before", chosen_on)
    now = page.evaluate("window.gamebox.table()")
    seat = now["to_move"][0]
    action = now["view"]["targets"][0]["action"]
    reply = page.evaluate("([seat, action, seen]) => window.gamebox.request({op: 'apply', seat, action, seen})",
                          [seat, action, chosen_on])
    assert reply["ok"] is False and reply["error"]["key"] == "table.stale", reply
    after = page.evaluate("window.gamebox.request({op: 'view'})")
    assert after["fingerprint"] == now["fingerprint"] and len(after["history"]) == 1
    # with the table's own fingerprint it plays
    played = page.evaluate("([seat, action, seen]) => window.gamebox.request({op: 'apply', seat, action, seen})",
                           [seat, action, now["fingerprint"]])
    assert played["ok"] is True and len(played["history"]) == 2
