"""A table of devices that lasts the evening (issue 27, docs/multi-device.md "An evening at one table"): the next
game goes to the devices at the table over the same data channels, with no new invite; a device can leave and the
host can let one go; every device keeps its screen on mid-game (a recorded wake lock) and a guest's page asks before
it is closed; a seat that drops shows its invite on the host's screen at once, and its page comes back with one scan
of its answer; a guest's page says nothing stale once the host has gone; and a guest's board is as big as a solo one.

The pages, guests and helpers are test_devices_e2e.py's; this is a module of its own so that the e2e run's workers
(--dist loadscope) play it beside the others. People act by tapping where window.gamebox.targets() says, or through
window.gamebox.play, on their own page.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import SharedPage, screenshot, settled, site_game_ids, watched_context, watched_page
from .test_devices_e2e import (  # noqa: F401 (guests, host: fixtures)
    PLAYABLE,
    RECORD,
    Guest,
    guests,
    host,
    moves,
    new_game,
    upthrust_jump,
    wait_moves,
)

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

NETWORK_NAMESPACE = True

# Every page: its screen wake locks, requests and releases in order, kept across a reload in this tab
# (window.__wake()); every RTCPeerConnection it makes (window.__connections); every text its data channels send.
WAKE = """
(() => {
  const key = '__wake';
  const log = (what) => {
    const list = JSON.parse(sessionStorage.getItem(key) || '[]');
    list.push(what);
    sessionStorage.setItem(key, JSON.stringify(list));
  };
  window.__wake = () => JSON.parse(sessionStorage.getItem(key) || '[]');
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: {
    request: async (type) => {
      log('request:' + type);
      const sentinel = new EventTarget();
      sentinel.type = type;
      sentinel.released = false;
      sentinel.release = async () => {
        if (sentinel.released) return;
        sentinel.released = true;
        log('release');
        sentinel.dispatchEvent(new Event('release'));
      };
      return sentinel;
    },
  } });
  window.__connections = Number(sessionStorage.getItem('__connections') || 0);
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = function (...args) {
    window.__connections += 1;
    sessionStorage.setItem('__connections', String(window.__connections));
    return new Original(...args);
  };
  window.RTCPeerConnection.prototype = Original.prototype;
  window.__sent = [];
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (text) {
    if (typeof text === 'string') window.__sent.push(text);
    return send.call(this, text);
  };
  // whether the page asked before it was left (a beforeunload listener of its prevented the default), kept in this tab
  const listen = window.addEventListener;
  window.addEventListener = function (type, listener, options) {
    if (type === 'beforeunload' && typeof listener === 'function') {
      const inner = listener;
      listener = function (event) {
        const result = inner.call(this, event);
        if (event.defaultPrevented) sessionStorage.setItem('__asked', 'true');
        return result;
      };
    }
    return listen.call(this, type, listener, options);
  };
})();
"""


def evening_guest(browser: Any, site: str, made: Any) -> Guest:
    """A guest phone whose page also records its wake locks, connections and sent texts (WAKE)."""
    guest: Guest = made()
    guest.context.add_init_script(WAKE)
    return guest


def wake(page: Any) -> list[str]:
    return list(page.evaluate("window.__wake()"))


def held(records: list[str]) -> bool:
    """Whether the last wake lock asked for is still held."""
    return bool(records) and records[-1].startswith("request")


def host_records_wake(page: Any) -> None:
    """The host page is the module's, already loaded: its wake lock is recorded from now (the same stub)."""
    page.evaluate("sessionStorage.removeItem('__wake')")
    page.evaluate(WAKE)


def messages(guest: Guest, kind: str) -> list[dict[str, Any]]:
    return [message for message in guest.messages() if message.get("t") == kind]


def play_pebbles_to_the_end(page: Any, guest: Guest) -> None:
    """Each side takes the most pebbles it may when it is to move, on its own page, until the pile is empty."""
    devices = {0: page, 1: guest.page}
    for _ in range(40):
        table = page.evaluate("window.gamebox.table()")
        if table["is_over"]:
            return
        seat = table["to_move"][0]
        device = devices[seat]
        count = len(table["history"])
        device.wait_for_function("(n) => window.gamebox.table().history.length === n"
                                 " && window.gamebox.targets().length > 0", arg=count, timeout=30_000)
        legal = device.evaluate("(seat) => window.gamebox.legal(seat)", seat)
        assert device.evaluate("(action) => window.gamebox.play(action)", legal[-1]) is True
        wait_moves(page, count + 1)
    raise AssertionError("the pebbles never ran out")


def new_table_on(guest: Guest, count: int, game: str) -> None:
    """The guest's page shows its `count`th next table, of `game`, playable."""
    guest.page.wait_for_function("""([count, game]) => document.body.dataset.table === String(count)
        && window.gamebox.table()?.game === game && !window.gamebox.table().is_over
        && document.body.dataset.fingerprint === window.gamebox.table().fingerprint""", arg=[count, game],
                                 timeout=30_000)


def test_play_again_and_another_game_go_to_the_same_devices_with_no_new_invite(host: SharedPage,
                                                                                guests: Any, browser: Any,
                                                                                site: str) -> None:
    if "pebbles" not in site_game_ids():
        pytest.skip("the site was built without the test games (GAMEBOX_TEST_GAMES=1)")
    page = new_game(host, "pebbles", 2, "EVE1", "human,remote")
    guest = evening_guest(browser, site, guests)
    guest.join(page, 1)
    joined_at = guest.page.evaluate("location.hash")
    play_pebbles_to_the_end(page, guest)
    # Play again on the game-over box: the guest's next table comes over the same channel
    page.wait_for_selector("#game-over:not([hidden]) #btn-again")
    page.click("#btn-again")
    new_table_on(guest, 1, "pebbles")
    assert page.evaluate("window.gamebox.table().history.length") == 0
    assert messages(guest, "next") == [{"t": "next", "seat": 1, "game": "pebbles", "players": 2}]
    # another game for the same devices in the same seats: again(game)
    reply = page.evaluate("window.gamebox.again('upthrust').then((r) => r.ok)")
    assert reply is True
    new_table_on(guest, 2, "upthrust")
    page.evaluate("document.getElementById('devices-close')?.click()")
    upthrust_jump(page, touch=False)
    wait_moves(guest.page, 1)
    upthrust_jump(guest.page, touch=True)
    wait_moves(page, 2)
    # the host picks Up Combine on its set-up: the device at the table is a seat of its own there; placed in the
    # first seat, its page is told which seat it has now
    page.evaluate("location.hash = '#/upcombine'")
    guest.page.wait_for_function("document.body.dataset.between === '1'", timeout=10_000)
    assert guest.page.is_visible("#net-between")
    page.wait_for_selector("#setup-seats select.kind")
    assert page.is_checked("#setup-devices")
    kinds = page.eval_on_selector_all("#setup-seats select.kind", "(all) => all.map((s) => s.value)")
    assert kinds == ["human", "device:1"], kinds
    labels = page.eval_on_selector_all("#setup-seats li:nth-child(2) select.kind option",
                                       "(all) => all.map((o) => o.text)")
    assert "Another device: Player 2's" in labels, labels
    screenshot(page, "devices-evening-setup")
    page.select_option("#setup-seats li:nth-child(1) select.kind", "device:1")
    page.select_option("#setup-seats li:nth-child(2) select.kind", "human")
    page.wait_for_selector("#setup-start:not([disabled])")
    page.click("#setup-start")
    new_table_on(guest, 3, "upcombine")
    assert guest.page.evaluate("window.gamebox.peers()[0].seat") == 0
    assert guest.page.inner_text("#notice-text") == "Next game: Up Combine. You are Player 1 now."
    assert [sitter["kind"] for sitter in page.evaluate("window.gamebox.table().seats")] == ["remote", "human"]
    screenshot(guest.page, "devices-evening-guest-next")
    # no new invite, no new answer: one connection and one hello on the guest's page, its address the first invite's
    assert guest.page.evaluate("window.__connections") == 1
    sent = [json.loads(text)["t"] for text in guest.page.evaluate("window.__sent")]
    assert sent.count("hello") == 1, sent
    assert guest.page.evaluate("location.hash") == joined_at
    assert [message["game"] for message in messages(guest, "next")] == ["pebbles", "upthrust", "upcombine"]
    assert len(messages(guest, "welcome")) == 1
    peers = page.evaluate("window.gamebox.peers()")
    assert [(peer["seat"], peer["state"]) for peer in peers] == [(0, "connected")], peers


def test_a_guest_reload_keeps_the_screen_on_asks_first_and_comes_back_with_one_scan(host: SharedPage, guests: Any,
                                                                                      browser: Any, site: str) -> None:
    page = new_game(host, "upthrust", 2, "EVE2", "human,remote")
    host_records_wake(page)
    guest = evening_guest(browser, site, guests)
    guest.join(page, 1)
    page.wait_for_function("window.__wake().length > 0 && window.__wake().at(-1) === 'request:screen'")
    guest.page.wait_for_function("window.__wake().at(-1) === 'request:screen'")
    upthrust_jump(page, touch=False)
    wait_moves(guest.page, 1)
    upthrust_jump(guest.page, touch=True)  # (a tap: the page may now ask before it is left)
    wait_moves(page, 2)
    # the seat's standby invite reached the guest, and no other page
    guest.page.wait_for_function("sessionStorage.getItem('gamebox.net.standby')")
    dialogs: list[str] = []

    def answer(dialog: Any) -> None:
        dialogs.append(dialog.type)
        dialog.accept()

    guest.page.on("dialog", answer)
    guest.page.evaluate("sessionStorage.removeItem('__asked')")
    guest.page.reload()
    # the page asked before it was left, mid-game
    assert guest.page.evaluate("sessionStorage.getItem('__asked')") == "true"
    # the reloaded page answers its standby invite by itself, and the host shows the seat's invite with no tap
    guest.page.wait_for_function("document.getElementById('join-status')?.dataset.key === 'net.join.back'",
                                 timeout=30_000)
    page.wait_for_function("""() => { const panel = document.getElementById('devices');
        return panel && !panel.hidden && panel.querySelector('[data-seat="1"] canvas.qr'); }""", timeout=20_000)
    shown = page.eval_on_selector("#devices [data-seat='1'] .invite-link", "(input) => input.value")
    assert shown == guest.page.evaluate("location.href")  # the invite the page answers is the one shown
    screenshot(page, "devices-evening-host-dropped")
    screenshot(guest.page, "devices-evening-guest-back")
    # the way back: the host scans the page's answer (here, what the scan reads), and nothing else
    answer_code = guest.page.evaluate("window.gamebox.answer()")
    assert page.evaluate("(a) => window.gamebox.accept(a)", answer_code) == 1
    guest.page.wait_for_function(PLAYABLE, arg=None, timeout=30_000)
    assert moves(guest.page) == 2
    guest.page.wait_for_function("window.__wake().at(-1) === 'request:screen'")
    assert guest.page.evaluate("window.__connections") == 2  # one before the reload, one after: no invite scanned
    page.evaluate("document.getElementById('devices-close')?.click()")
    upthrust_jump(page, touch=False)
    wait_moves(guest.page, 3)
    # the host leaves the table: its lock is released; the guest's too, its game no longer under way
    assert held(wake(page))
    page.evaluate("location.hash = '#/'")
    page.wait_for_function("window.__wake().at(-1) === 'release'")
    guest.page.wait_for_function("window.__wake().at(-1) === 'release'")


def test_a_guest_says_nothing_stale_once_the_host_has_gone_and_can_leave(host: SharedPage, guests: Any,
                                                                          browser: Any, site: str) -> None:
    page = new_game(host, "upthrust", 3, "EVE3", "human,remote,remote")
    first, second = guests(), guests()
    first.join(page, 1)
    second.join(page, 2)
    # Leave on the second guest: its seat goes to a bot, and the host says so
    second.page.click("#net-leave")
    page.wait_for_function("window.gamebox.table().seats[2].kind === 'bot'", timeout=20_000)
    assert "left the table" in page.inner_text("#notice-text")
    second.page.wait_for_function("document.body.dataset.hostGone === 'quit'")
    # the host goes to its menu, then starts a game without devices: the first guest hears it left
    page.evaluate("location.hash = '#/'")
    first.page.wait_for_function("document.body.dataset.between === '1'", timeout=10_000)
    new_game(host, "upthrust", 2, "EVE3B", "human,easy")
    first.page.wait_for_function("document.body.dataset.hostGone === 'left'", timeout=10_000)
    turn = first.page.inner_text("#turn")
    assert "to move" not in turn and "turn" not in turn.lower(), turn
    dots = first.page.eval_on_selector_all(".net-status", "(all) => all.map((m) => m.dataset.state)")
    assert dots and "connected" not in dots, dots
    assert first.page.eval_on_selector_all("#scores tr.to-move", "(rows) => rows.length") == 0
    assert first.page.is_visible("#screen-game .controls a[href='#/']")  # the way out
    assert not first.page.is_visible("#net-leave")
    screenshot(first.page, "devices-evening-host-gone")


def test_the_host_lets_a_device_go_and_its_seat_goes_to_a_bot(host: SharedPage, guests: Any) -> None:
    page = new_game(host, "upthrust", 2, "EVE4", "human,remote")
    guest = guests()
    guest.join(page, 1)
    page.click("#btn-devices")
    page.click("#devices [data-fix='let-go']")
    page.wait_for_function("window.gamebox.table().seats[1].kind === 'bot'", timeout=20_000)
    guest.page.wait_for_function("document.body.dataset.hostGone === 'left'", timeout=10_000)
    assert guest.page.inner_text("#notice-text") == "The host gave your seat to a bot."
    assert page.evaluate("window.gamebox.peers()") == []


def board_share(page: Any) -> float:
    """The share of the page's width that the board's canvas takes."""
    return float(page.evaluate("document.getElementById('board').getBoundingClientRect().width / window.innerWidth"))


def test_a_guests_up_combine_board_is_as_big_as_a_solo_one(host: SharedPage, guests: Any, browser: Any,
                                                           site: str) -> None:
    # solo, on a phone of the same size
    context, watch = watched_context(browser, site, viewport={"width": 390, "height": 844}, has_touch=True)
    context.add_init_script("window.GAMEBOX_TEST_SPEED = 0;")
    solo = watched_page(context, watch)
    solo.goto(site + "#/upcombine")
    solo.wait_for_function("document.getElementById('engine-status').classList.contains('done')", timeout=240_000)
    solo.evaluate("window.gamebox.request({op: 'new', game: 'upcombine', players: 2, seed: 'EVE5'})"
                  ".then((reply) => window.gamebox.open(reply.resume, 'easy,human'))")
    solo.wait_for_function("window.gamebox.table()?.game === 'upcombine' && document.body.dataset.fingerprint")
    settled(solo)
    page = new_game(host, "upcombine", 2, "EVE5", "human,remote")
    guest = guests()
    guest.join(page, 1)
    settled(guest.page)
    alone, away = board_share(solo), board_share(guest.page)
    print(f"Up Combine board, 390x844: solo {alone:.0%} of the width, guest {away:.0%}")
    screenshot(solo, "devices-evening-upcombine-solo")
    screenshot(guest.page, "devices-evening-upcombine-guest")
    # the guest's board is never narrower than a solo one (the 65% against 84%); the two pages may be in
    # different moments of the deal (who chooses the bases), so the guest's may be the wider
    assert away >= alone - 0.03, (alone, away)
    context.close()
    assert watch.errors == [], watch.errors
