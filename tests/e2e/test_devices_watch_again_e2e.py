"""Watchers and a guest's review across an evening at one table, over real WebRTC (docs/multi-device.md, "An evening
at one table", "Watchers" and "A guest's review").

An Up Combine game with a person on the host, one on a guest's phone and a watcher's phone, opened a few moves before
its end. After "Play again" the watcher stays: it is told the next game (`next`, with no seat) and gets the new
table, in which nothing it receives holds a hand, the seed or a share code; a watcher's invite that was out at that
moment still works; the review the host had begun of the last game (minutes of work for 500 moves) was stopped by
the new game, and a guest's Review of it says so in words. When the host then starts a game with no devices, the
watchers are told, as the guest is.

An Upples game ends the same way, and the host opens its own Review: its table rests (its devices hear `between`),
yet a guest's and a watcher's Review still get their boards from the host (`position`: a finished game's replay,
which touches no open table).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

from .conftest import SharedPage, screenshot
from .test_devices_e2e import guests, host, new_game
from .test_devices_watch_e2e import (
    LEFT,
    REVIEWED,
    bots_game,
    join_watcher,
    near_the_end,
    play_to_the_end,
    review_to_its_last_move,
    whole,
)

# WebRTC: run in a network namespace of its own (tools/netns.sh; conftest.py network_namespace)
NETWORK_NAMESPACE = True

__all__ = ["guests", "host"]  # the fixtures of test_devices_e2e.py: one host page for this module, guests per test

SEED = "WATCHAGAIN1"

# On a device's page: its `count`th next table, of `game`, from its start, drawn
NEXT_TABLE = """([count, game]) => document.body.dataset.table === String(count)
  && window.gamebox.table()?.game === game && window.gamebox.table().history.length === 0
  && !window.gamebox.table().is_over && document.body.dataset.fingerprint === window.gamebox.table().fingerprint"""


def received_since(page: Any, start: int) -> list[dict[str, Any]]:
    """The host's messages this page received from its `start`th text on, whole."""
    return whole(page.evaluate("window.__received")[start:])


def public_only(messages: list[dict[str, Any]], secrets: list[str]) -> int:
    """No table among `messages` holds a hand, a seed, a share code, a target or any of `secrets`, until one shows the
    game over; the number of tables searched."""
    searched = 0
    for message in messages:
        table = message.get("table") if message.get("t") == "table" else message.get("reply")
        if message.get("t") not in ("table", "reply") or not isinstance(table, dict) or "view" not in table:
            continue
        if table["is_over"]:
            break
        text = json.dumps(table)
        assert table["seed"] is None and table["share"] is None and table["viewer"] is None, text[:200]
        assert '"resume"' not in text and table["view"]["targets"] == []
        assert all("pieces" not in hand for hand in table["view"]["hands"])
        assert not [secret for secret in secrets if secret in text]
        searched += 1
    return searched


def test_a_watcher_stays_through_play_again_and_sees_the_next_table_never_a_hand(host: SharedPage,
                                                                                   guests: Any) -> None:
    history = bots_game("upcombine", SEED)
    page = host.page
    start = near_the_end(page, "upcombine", SEED, history)
    player, watcher, late = guests(), guests(), guests()
    player.join(page, 1)
    join_watcher(watcher, page)
    # a second watcher's invite, still out when the next table comes
    invite = page.evaluate("window.gamebox.invite('watch')")
    page.evaluate("document.getElementById('devices-close')?.click()")
    play_to_the_end({0: page, 1: player.page}, history, start, watcher.page)
    ended = len(watcher.page.evaluate("window.__received"))
    old_code = page.evaluate("window.gamebox.table().share")
    # Play again: the guest and the watcher go on to the next table over the same links
    page.wait_for_selector("#game-over:not([hidden]) #btn-again")
    page.click("#btn-again")
    for device in (player, watcher):
        device.page.wait_for_function(NEXT_TABLE, arg=[1, "upcombine"], timeout=30_000)
    assert page.evaluate("window.gamebox.table().history.length") == 0
    news = received_since(watcher.page, ended)
    assert {"t": "next", "seat": None, "game": "upcombine", "players": 2} in news
    assert watcher.page.evaluate("window.gamebox.table().viewer") is None
    assert watcher.page.evaluate("window.gamebox.targets()") == []
    assert watcher.page.evaluate("document.body.dataset.guest") is None
    watcher.page.wait_for_selector("#net-watching .net-seat[data-seat='1'][data-state='connected']")
    screenshot(watcher.page, "devices-watch-again-watcher")
    # the review the host had begun of the last game was stopped by the new one: the devices are told
    for device in (player, watcher):
        device.page.wait_for_function("(code) => window.__received.some((text) => text.includes('\"stopped\":true')"
                                      " && text.includes(code))", arg=old_code, timeout=30_000)
    # the watcher's invite that was out then still works, and shows the new table
    query = parse_qs(invite.partition("#")[2].partition("?")[2])
    late.page.goto(invite)
    late.page.wait_for_function("(token) => (window.gamebox?.answer() ?? '').startsWith(token + '.')",
                                arg=query["t"][0], timeout=60_000)
    taken = page.evaluate("(answer) => window.gamebox.accept(answer)", late.page.evaluate("window.gamebox.answer()"))
    assert taken["watcher"] == 2
    late.page.wait_for_function("window.gamebox.table()?.game === 'upcombine' && !window.gamebox.table().is_over"
                                " && window.gamebox.table().history.length === 0", timeout=60_000)
    # a few moves of the new game: what both watchers receive is the public table only
    moved = 0
    for _ in range(LEFT):
        table = page.evaluate("window.gamebox.table()")
        seat = table["to_move"][0]
        device = page if seat == 0 else player.page
        device.wait_for_function("([seat, n]) => { const t = window.gamebox.table(); return t && t.history.length"
                                 " === n && t.to_move.includes(seat); }", arg=[seat, moved], timeout=30_000)
        legal = device.evaluate("(seat) => window.gamebox.legal(seat)", seat)
        assert device.evaluate("([action, seat]) => window.gamebox.play(action, seat)", [legal[0], seat]) is True
        moved += 1
        page.wait_for_function("(n) => window.gamebox.table().history.length === n", arg=moved, timeout=30_000)
    for each in (watcher, late):
        each.page.wait_for_function("(n) => window.gamebox.table().history.length === n", arg=moved, timeout=30_000)
    resume = page.evaluate("window.gamebox.request({op: 'share'}).then((reply) => reply.resume)")
    assert public_only(received_since(watcher.page, ended), [resume]) >= moved
    assert public_only(received_since(late.page, 0), [resume]) >= 1
    # the guest's Review of the last game says, in words, that the host stopped it before it was ready
    # (the address its game-over box's Review opens: the seats as this device had them)
    player.page.evaluate("(code) => { location.hash = '#/review?'"
                         " + new URLSearchParams({code, seats: 'remote,human'}); }", old_code)
    player.page.wait_for_function("document.body.dataset.reviewState === 'failed'", timeout=30_000)
    assert "stopped this game's review before it was ready" in player.page.inner_text("#review-status")
    assert player.page.is_hidden("#review-again")  # asked again, it would not come
    # its board is the host's answer to `position`, a finished game's replay, while the next game is in play
    player.page.wait_for_function("document.body.dataset.reviewAt === '0'", timeout=30_000)
    screenshot(player.page, "devices-watch-again-guest-review-stopped")
    # a game with no devices ends the table: the watchers are told, as the guest is
    new_game(host, "upples", 2, "WATCHAGAINEND", "human,human")
    byes = []
    for device in (player, watcher, late):
        device.page.wait_for_function("window.__received.some((text) => text.includes('\"t\":\"bye\"'))",
                                      timeout=30_000)
        byes.append([message for message in device.messages() if message.get("t") == "bye"])
    assert byes[0] == byes[1] == byes[2] and len(byes[0]) == 1, byes
    for device in (watcher, late):
        device.page.wait_for_function("document.body.dataset.hostGone === 'left'")
    assert page.evaluate("window.gamebox.peers()") == []


def test_a_guest_and_a_watcher_review_while_the_host_has_its_review_open(host: SharedPage, guests: Any) -> None:
    history = bots_game("upples", REVIEWED)
    page = host.page
    start = near_the_end(page, "upples", REVIEWED, history)
    player, watcher = guests(), guests()
    player.join(page, 1)
    join_watcher(watcher, page)
    play_to_the_end({0: page, 1: player.page}, history, start, watcher.page)
    # the host opens its own Review: its table rests, its devices hear that the next game is coming
    page.wait_for_selector("#btn-over-review:not([hidden])")
    page.click("#btn-over-review")
    page.wait_for_function("document.body.dataset.screen === 'review' && window.gamebox.reviewState().state === 'done'"
                           " && document.body.dataset.reviewAt === '0'", timeout=60_000)
    for device in (player, watcher):
        device.page.wait_for_function("document.body.dataset.between === '1'", timeout=30_000)
    # meanwhile a look at the table is refused in words; a finished game's position is not
    player.send({"t": "ask", "id": 9101, "req": {"op": "view", "seat": 1}})
    watcher.send({"t": "ask", "id": 9102, "req": {"op": "view"}})
    for device, number in ((player, 9101), (watcher, 9102)):
        device.page.wait_for_function("(n) => window.__received.some((text) => text.includes(String(n)))", arg=number)
        assert {"t": "refused", "key": "net.refused.between", "id": number} in whole(
            device.page.evaluate("window.__received"))
    # the guest's and the watcher's Review: every board from the host, while the host reviews the same game
    for device in (player, watcher):
        review_to_its_last_move(device.page, len(history))
        assert device.page.evaluate("document.getElementById('review-refused').hidden")
    page.click("#review-last")
    page.wait_for_function("(n) => document.body.dataset.reviewAt === String(n)", arg=len(history))
    screenshot(player.page, "devices-watch-again-guest-review")
    # the boards came as answers to `position`, none refused
    for device in (player, watcher):
        replies = [message["reply"] for message in whole(device.page.evaluate("window.__received"))
                   if message.get("t") == "reply"
                   and isinstance(message.get("reply"), dict) and "replay" in message["reply"]]
        assert replies and all(reply["ok"] for reply in replies)
