"""Watchers and a guest's review over real WebRTC (docs/multi-device.md, "Watchers" and "A guest's review").

An Up Combine game with a person on the host, one on a guest's phone and a watcher's phone, opened a few moves before
its end (a game of the easy bots, so that it ends in a few moves). The watcher records every message its data channel
receives (the RECORD init script of test_devices_e2e.py); until the game ends, none holds a hand, the seed or a share
code. It has no targets, its move is refused by the host, it sees who is connected and the result, and a table takes
8 watchers, no more.

An Upples game (a short one: its whole review takes the host a second or two, where an Up Combine game of 500 moves
takes minutes) ends the same way; then the host sends its review: the guest's and the watcher's
window.gamebox.review() give the host's entries, and the guest's Review screen shows them, boards included, with no
request for Pyodide's files and no engine worker on the guest's page.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

import gamebox
from gamebox.core import bots

from .conftest import SharedPage, screenshot, settled
from .test_devices_e2e import Guest, guests, host

# WebRTC: run in a network namespace of its own (tools/netns.sh; conftest.py network_namespace)
NETWORK_NAMESPACE = True

__all__ = ["guests", "host"]  # the fixtures of test_devices_e2e.py: one host page for this module, guests per test

SEED = "WATCHE2E0"
REVIEWED = "WATCHREV37"  # the shortest game of the easy bots among 40 seeds: 51 moves
LEFT = 6  # the moves still to play when a game opens

# On the watcher's page: the watcher's game on screen, connected
WATCHING = """(last) => {
  const own = window.gamebox.peers()[0];
  return Boolean(own && own.watcher && own.state === "connected" && own.playable_ms !== null && own.playable_ms !== last
    && window.gamebox.table() && document.body.dataset.fingerprint);
}"""


def bots_game(game: str, seed: str) -> list[tuple[int, str]]:
    """A whole 2-player game of the easy bots (Up Combine: about 500 moves; Upples: about 80)."""
    state = gamebox.get(game).new(seed, 2)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, bots.choose(state, seat, "easy", 50, state.seed))
    return list(state.history)


def join_watcher(guest: Guest, host: Any) -> int:
    """Open a watcher's invite from the host and give the host the answer: the watcher's number."""
    invite = host.evaluate("window.gamebox.invite('watch')")
    query = parse_qs(invite.partition("#")[2].partition("?")[2])
    assert query["watch"] == ["1"] and "seat" not in query
    guest.page.goto(invite)
    guest.page.wait_for_function("(token) => (window.gamebox?.answer() ?? '').startsWith(token + '.')",
                                 arg=query["t"][0], timeout=60_000)
    taken = host.evaluate("(answer) => window.gamebox.accept(answer)", guest.page.evaluate("window.gamebox.answer()"))
    guest.page.wait_for_function(WATCHING, arg=None, timeout=60_000)
    settled(guest.page)
    return int(taken["watcher"])


def pyodide_requests(guest: Guest) -> list[str]:
    """Every request of the guest's page for Pyodide's files, from now on."""
    asked: list[str] = []
    guest.page.on("request", lambda request: asked.append(request.url) if "/pyodide/" in request.url else None)
    return asked


def near_the_end(page: Any, game: str, seed: str, history: list[tuple[int, str]]) -> int:
    """Open the game `history` plays, LEFT moves before its end, with seat 1 on another device: the moves made."""
    start = len(history) - LEFT
    page.evaluate("document.body.dataset.fingerprint = ''")
    page.evaluate("([game, seed, history]) => window.gamebox.request({op: 'new', game, players: 2, seed, history})"
                  ".then((reply) => window.gamebox.open(reply.resume, 'human,remote'))",
                  [game, seed, [list(step) for step in history[:start]]])
    page.wait_for_function("(game) => window.gamebox.table() && window.gamebox.table().game === game"
                           " && document.body.dataset.fingerprint", arg=game)
    return start


def play_to_the_end(devices: dict[int, Any], history: list[tuple[int, str]], start: int, *others: Any) -> None:
    """The last moves, each on its own device's page; then every page shows the game over."""
    for moves, (seat, action) in enumerate(history[start:], start):
        play(devices[seat], seat, action, moves)
    for each in (*devices.values(), *others):
        each.wait_for_function("window.gamebox.table() && window.gamebox.table().is_over", timeout=30_000)


def play(page: Any, seat: int, action: str, moves: int) -> None:
    """Play `action` for `seat` on its own page, once that page shows the game after `moves` moves with it to move."""
    page.wait_for_function("([seat, n]) => { const t = window.gamebox.table(); return t && t.history.length === n"
                           " && t.to_move.includes(seat); }", arg=[seat, moves], timeout=30_000)
    assert page.evaluate("([action, seat]) => window.gamebox.play(action, seat)", [action, seat]) is True


def whole(received: list[str]) -> list[dict[str, Any]]:
    """The host's messages as the page handles them: a big one put together from its pieces (web/net/pieces.js),
    each piece at most 16 KiB."""
    messages: list[dict[str, Any]] = []
    texts: list[str] = []
    for text in received:
        assert len(text.encode()) <= 16 * 1024
        message = json.loads(text)
        if message.get("t") != "piece":
            messages.append(message)
            continue
        assert len(message["text"]) <= 5_000 and message["index"] == len(texts)
        texts.append(message["text"])
        if len(texts) == message["count"]:
            messages.append(json.loads("".join(texts)))
            texts = []
    return messages


def hands_kept(received: list[dict[str, Any]], history: list[tuple[int, str]]) -> int:
    """No table the watcher received before the end holds a hand, the seed or a share code, nor any piece a hand held
    then that was not on a stack; the number of tables searched."""
    game = gamebox.get("upcombine")
    searched = 0
    for message in received:
        table = message.get("table") if message.get("t") == "table" else message.get("reply")
        if message.get("t") not in ("table", "reply") or not isinstance(table, dict) or "view" not in table:
            text = json.dumps(message)
            assert message.get("t") == "review" or SEED not in text, message
            continue
        if table["is_over"]:
            break  # the end shows the seed and the code: the game is over
        text = json.dumps(table)
        assert SEED not in text and table["seed"] is None and table["share"] is None, text[:200]
        assert '"resume"' not in text and table["viewer"] is None and table["view"]["targets"] == []
        assert all("pieces" not in hand for hand in table["view"]["hands"])
        state: Any = game.replay(SEED, 2, {}, history[:len(table["history"])])
        shown = {f"{p['colour']}{p['symbol']}" for stack in table["view"]["stacks"] for p in stack["pieces"]}
        view = json.dumps(table["view"])
        for hand in state.hands:
            for code in set(hand) - shown:
                assert json.dumps({"colour": code[0], "symbol": code[1]}) not in view, code
        searched += 1
    return searched


def review_to_its_last_move(page: Any, moves: int) -> None:
    """The game-over box's Review on a guest's or a watcher's page: the review done (from the host), at its first
    move, then its Last button to move ``moves``."""
    page.wait_for_selector("#btn-over-review:not([hidden])")
    page.click("#btn-over-review")
    page.wait_for_function("document.body.dataset.screen === 'review' && window.gamebox.reviewState().state === 'done'"
                           " && document.body.dataset.reviewAt === '0'", timeout=30_000)
    page.click("#review-last")
    page.wait_for_function("(n) => document.body.dataset.reviewAt === String(n)", arg=moves)


def test_a_watcher_sees_the_public_table_never_a_hand_and_cannot_play(host: SharedPage, guests: Any) -> None:
    history = bots_game("upcombine", SEED)
    page = host.page
    start = near_the_end(page, "upcombine", SEED, history)
    player, watcher = guests(), guests()
    player.join(page, 1)
    assert join_watcher(watcher, page) == 1
    peers = page.evaluate("window.gamebox.peers()")
    assert [(peer["seat"], peer.get("watcher"), peer["state"]) for peer in peers] == [
        (1, None, "connected"), (None, 1, "connected")]
    # the watcher sees who is connected, and has nothing to do on the board
    watcher.page.wait_for_selector("#net-watching .net-seat[data-seat='1'][data-state='connected']")
    assert watcher.page.evaluate("window.gamebox.targets()") == []
    assert watcher.page.evaluate("window.gamebox.table().viewer") is None
    # its move is refused by the host, through its page's port and as a raw message; the game is as it was
    seat, action = history[start]
    refused = watcher.page.evaluate("([seat, action]) => window.gamebox.request({op: 'apply', seat, action})",
                                    [seat, action])
    assert refused["ok"] is False and refused["error"]["key"] == "net.refused.watcher"
    watcher.send({"t": "ask", "id": 9001, "req": {"op": "legal", "seat": seat}})
    watcher.page.wait_for_function("window.__received.some((text) => text.includes('9001'))")
    refusals = whole(watcher.page.evaluate("window.__received"))
    assert {"t": "refused", "key": "net.refused.watcher", "id": 9001} in refusals
    assert page.evaluate("window.gamebox.table().history.length") == start
    # up to 8 watchers: the panel's "Let someone watch" makes a watcher's invite (its code and link), six more by the
    # API, and a ninth is refused in words
    page.evaluate("document.getElementById('btn-devices').click()")
    page.click("#devices-watch-add")
    page.wait_for_selector("#devices-watchers [data-watcher='2'] canvas.qr")
    assert "#/join?watch=1&" in page.input_value("#devices-watchers [data-watcher='2'] .invite-link")
    for _ in range(6):
        page.evaluate("window.gamebox.invite('watch')")
    key = page.evaluate("window.gamebox.invite('watch').then(() => null, (error) => error.key)")
    assert key == "net.refused.watchers"
    page.wait_for_function("document.getElementById('notice-text').textContent.includes('8 watchers')")
    page.wait_for_selector("#devices-watch-add:disabled")
    assert "8 watchers" in page.inner_text("#devices-watch-full")
    screenshot(page, "devices-watch-panel-host")
    page.evaluate("document.getElementById('devices-close').click()")
    play_to_the_end({0: page, 1: player.page}, history, start, watcher.page)
    # the result, on the watcher's page too
    watcher.page.wait_for_selector("#game-over:not([hidden])")
    winners = page.evaluate("window.gamebox.table().winners")
    assert all(f"Player {seat + 1}" in watcher.page.inner_text("#over-result") for seat in winners), winners
    screenshot(watcher.page, "devices-watch-watcher-over")
    # every message it got, whole (a long game's tables come in pieces of at most 16 KiB), searched until the end
    assert hands_kept(whole(watcher.page.evaluate("window.__received")), history) >= LEFT


def test_a_guests_review_comes_from_the_host_with_no_python_on_its_page(host: SharedPage, guests: Any) -> None:
    history = bots_game("upples", REVIEWED)
    page = host.page
    start = near_the_end(page, "upples", REVIEWED, history)
    player, watcher = guests(), guests()
    asked = pyodide_requests(player)
    player.join(page, 1)
    join_watcher(watcher, page)
    play_to_the_end({0: page, 1: player.page}, history, start, watcher.page)
    # the review: computed by the host, sent to both devices; the same entries everywhere
    review = page.evaluate("window.gamebox.review()")
    assert isinstance(review, list) and len(review) == len(history)
    for device in (player, watcher):
        assert device.page.evaluate("window.gamebox.review()") == review
    # it came once (in pieces of at most 16 KiB where it is bigger), with the host's very entries
    sent = [message["review"] for message in whole(watcher.page.evaluate("window.__received"))
            if message["t"] == "review"]
    fields = ("ply", "seat", "action", "verdict", "loss", "best")
    assert len(sent) == 1 and [{name: move[name] for name in fields} for move in sent[0]["moves"]] == review
    # the guest's Review screen shows it, boards and all, from the host
    review_to_its_last_move(player.page, len(history))
    state = player.page.evaluate("(() => { const s = window.gamebox.reviewState(); return [s.moves, s.total]; })()")
    assert state == [len(history), len(history)]
    assert player.page.locator("#review-moves li").count() == len(history)
    assert player.page.evaluate("document.getElementById('review-replay').hidden")
    screenshot(player.page, "devices-watch-guest-review")
    assert asked == [], asked
    assert not [worker for worker in player.page.workers if "worker.mjs" in worker.url]
