"""Friends elsewhere (docs/multi-device.md, "Friends elsewhere"): an "Elsewhere" invite gathers its device's public
address through STUN, `peers()` says which candidate pair a seat's link goes over and the panel says it in words, a
path that never works is said on both pages within 20 s, and the devices panel closes by itself once every seat is
connected.

All of it inside the tests' network namespace (tools/netns.sh): tests/e2e/router.py plays the public STUN servers
and a home router's NAT on the veth's other address (198.18.0.2), so the browsers at 198.18.0.1 gather a srflx
candidate that really connects. The namespace has no DNS, so the host page names that address for the public
servers' hosts (GAMEBOX_TEST_STUN), and their ports are kept.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from .conftest import SharedPage, settled
from .router import PUBLIC, STUN_PORTS, Router
from .test_devices_e2e import PLAYABLE, Guest, new_game

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

# WebRTC: run in a network namespace of its own (tools/netns.sh; conftest.py network_namespace)
NETWORK_NAMESPACE = True

NOWHERE = "198.18.0.77"  # on the veth's network, and no one there: a check sent to it is never answered
WORDED_MS = 20_000

# Rewrite an invite's or an answer's candidates (web/net/sdp.js): keep only the srflx ones (the devices then connect
# through the router's NAT, as two homes' devices do), or point them nowhere, keeping their kinds
REWRITE = """async ([text, kind, how]) => {
  const sdp = await import('./web/net/sdp.js');
  const compact = await sdp.unpack(text, kind);
  if (how === 'srflx') compact.candidates = compact.candidates.filter((candidate) => candidate.type === 'srflx');
  else compact.candidates = [...new Set(compact.candidates.map((candidate) => candidate.type))]
    .map((type, index) => ({type, address: how, port: 9 + index}));
  return sdp.pack(compact);
}"""

# What a page said, and when (ms since the page started): the host's notices, a guest's join status
RECORD_WORDS = """(id) => {
  window.__words = [];
  const box = document.getElementById(id);
  const note = () => window.__words.push([performance.now(), box.textContent, box.dataset.key ?? '']);
  new MutationObserver(note).observe(box, {childList: true, characterData: true, subtree: true, attributes: true});
}"""


@pytest.fixture(scope="module")
def router() -> Iterator[Router]:
    made = Router()
    yield made
    made.close()


@pytest.fixture(scope="module")
def host(browser: Any, site: str, router: Router) -> Iterator[SharedPage]:
    shared = SharedPage(browser, site, viewport={"width": 1024, "height": 768})
    shared.page.evaluate("(address) => { window.GAMEBOX_TEST_STUN = address; }", PUBLIC)
    yield shared
    shared.close()


@pytest.fixture
def guests(browser: Any, site: str, host: SharedPage) -> Iterator[Any]:
    made: list[Guest] = []

    def make() -> Guest:
        guest = Guest(browser, site)
        made.append(guest)
        return guest

    yield make
    host.page.evaluate("location.hash = '#/'")
    for guest in made:
        guest.close()
    host.check()


def candidates(page: Any, text: str, kind: str) -> list[dict[str, Any]]:
    return list(page.evaluate("""async ([text, kind]) => (await (await import('./web/net/sdp.js')).unpack(text, kind))
        .candidates""", [text, kind]))


def rewrite(page: Any, text: str, kind: str, how: str) -> str:
    return str(page.evaluate(REWRITE, [text, kind, how]))


def with_offer(invite: str, offer: str) -> str:
    """The invite link with another offer text."""
    base, _, route = invite.partition("#/join?")
    params = parse_qs(route)
    params["o"] = [offer]
    return base + "#/join?" + "&".join(f"{key}={value[0]}" for key, value in params.items())


def offer_of(invite: str) -> str:
    return parse_qs(invite.partition("#/join?")[2])["o"][0]


def answer_of(guest: Guest, invite: str) -> str:
    token = parse_qs(invite.partition("#/join?")[2])["t"][0]
    guest.page.wait_for_function("(token) => (window.gamebox?.answer() ?? '').startsWith(token + '.')",
                                 arg=token, timeout=30_000)
    return str(guest.page.evaluate("window.gamebox.answer()"))


def join(host: Any, guest: Guest, seat: int, how: str = "") -> float:
    """The seat's elsewhere invite opened on the guest, its answer taken by the host (both texts rewritten `how`, if
    given); the ms from the answer taken to the game playable on the guest."""
    invite = host.evaluate("(seat) => window.gamebox.invite(seat, {elsewhere: true})", seat)
    if how:
        invite = with_offer(invite, rewrite(host, offer_of(invite), "invite", how))
    guest.page.goto(invite)
    code = answer_of(guest, invite)
    token, _, answer = code.partition(".")
    if how:
        code = token + "." + rewrite(host, answer, "answer", how)
    started = time.monotonic()
    assert host.evaluate("(answer) => window.gamebox.accept(answer)", code) == seat
    guest.page.wait_for_function(PLAYABLE, arg=None, timeout=30_000)
    return (time.monotonic() - started) * 1000


def test_an_elsewhere_invite_gathers_public_addresses_says_its_path_and_the_panel_closes_once_all_are_in(
        host: SharedPage, guests: Any, router: Router) -> None:
    page = new_game(host, "upthrust", 3, "ELSE3", "human,remote,remote")
    # the invite carries its STUN servers (the public ones' ports, at the router here) in its `ice` parameter, and
    # its offer a srflx candidate, the host's "public address" as the router gave it
    invite = page.evaluate("window.gamebox.invite(1, {elsewhere: true})")
    servers = json.loads(parse_qs(urlsplit(invite).query)["ice"][0])
    assert servers == [{"urls": [f"stun:{PUBLIC}:{port}" for port in STUN_PORTS]}]
    kinds = {candidate["type"]: candidate for candidate in candidates(page, offer_of(invite), "invite")}
    assert set(kinds) == {"host", "srflx"} and kinds["srflx"]["address"] == PUBLIC
    assert router.asked > 0
    # a Wi-Fi invite (the default) asks no server: host candidates alone, and no `ice`
    wifi = page.evaluate("window.gamebox.invite(2, {elsewhere: false})")
    assert "?ice=" not in wifi and {c["type"] for c in candidates(page, offer_of(wifi), "invite")} == {"host"}
    page.evaluate("document.getElementById('btn-devices').click()")
    page.wait_for_function("!document.getElementById('devices').hidden")
    assert page.evaluate("document.querySelector('#devices-list [data-seat=\"2\"] [data-where=\"wifi\"]')"
                         ".getAttribute('aria-pressed')") == "true"

    # seat 1 over the invite as it is: both devices reach each other's host candidate first (the same network)
    near, far = guests(), guests()
    direct_ms = join(page, near, 1)
    page.wait_for_function("window.gamebox.peers().find((peer) => peer.seat === 1).path !== null")
    assert [(peer["seat"], peer["path"]) for peer in page.evaluate("window.gamebox.peers()")][:1] == [(1, "host")]
    assert page.evaluate("document.querySelector('#net-seats [data-seat=\"1\"] .net-status').dataset.path") == "host"
    assert "same Wi-Fi" in page.evaluate("document.querySelector('#net-seats [data-seat=\"1\"]').textContent")
    assert not page.evaluate("document.getElementById('devices').hidden"), "the panel closed with a seat to come"

    # seat 2 as between two homes: only the srflx candidates, so the link goes through the router's NAT
    passed = router.passed
    srflx_ms = join(page, far, 2, "srflx")
    page.wait_for_function("window.gamebox.peers().find((peer) => peer.seat === 2).path !== null")
    assert {peer["seat"]: peer["path"] for peer in page.evaluate("window.gamebox.peers()")} == {1: "host", 2: "srflx"}
    assert router.passed > passed
    page.wait_for_function(
        "document.querySelector('#net-seats [data-seat=\"2\"] .net-status')?.dataset.path === 'srflx'")
    assert "over the internet" in page.evaluate("document.querySelector('#net-seats [data-seat=\"2\"]').textContent")

    # the last seat in: the panel says so for a moment, then closes by itself, and the board's targets come back
    page.wait_for_function("document.getElementById('devices-done')?.textContent.includes('Everyone is connected')",
                           timeout=5_000)
    page.wait_for_function("document.getElementById('devices').hidden", timeout=5_000)
    settled(page)
    shown = page.evaluate("window.gamebox.targets()")
    assert shown and not any(str(target.get("key", "")).startswith("dialog:") for target in shown)
    print(f"\nconnect, answer taken -> playable on the guest: host pair {direct_ms:.0f} ms, "
          f"srflx pair {srflx_ms:.0f} ms")


def test_a_path_that_never_works_is_said_on_both_pages_within_20_s(host: SharedPage, guests: Any) -> None:
    """Two seats whose texts point nowhere (each candidate's kind kept): one invite for this Wi-Fi, one elsewhere.
    Neither device's checks are ever answered; both pages say so within 20 s, with what was tried and the relay."""
    page = new_game(host, "upthrust", 3, "NOPATH", "human,remote,remote")
    page.evaluate(RECORD_WORDS, "notice-text")
    seen: dict[int, tuple[Guest, float]] = {}
    taken: dict[int, float] = {}
    for seat, elsewhere in ((1, False), (2, True)):
        invite = page.evaluate("([seat, elsewhere]) => window.gamebox.invite(seat, {elsewhere})", [seat, elsewhere])
        guest = guests()
        guest.page.goto(with_offer(invite, rewrite(page, offer_of(invite), "invite", NOWHERE)))
        code = answer_of(guest, invite)
        guest.page.evaluate(RECORD_WORDS, "join-status")
        shown = float(guest.page.evaluate("performance.now()"))
        token, _, answer = code.partition(".")
        nowhere = token + "." + rewrite(page, answer, "answer", NOWHERE)
        assert page.evaluate("(answer) => window.gamebox.accept(answer)", nowhere) == seat
        taken[seat] = float(page.evaluate("performance.now()"))
        seen[seat] = (guest, shown)
    words = {1: ("the same Wi-Fi, and no way", "choose “Elsewhere”"), 2: ("each one's public address", "TURN")}
    page.wait_for_function(
        "(n) => window.__words.filter(([, text]) => text.includes('could not be reached')).length >= n",
        arg=2, timeout=WORDED_MS + 5_000)
    said = page.evaluate("window.__words")
    for seat, (tried, way) in words.items():
        label = f"Player {seat + 1}'s device could not be reached"
        at, text, _ = next(entry for entry in said if entry[1].startswith(label))
        assert tried in text and way in text and "relay (a TURN server)" in text, text
        assert at - taken[seat] < WORDED_MS, f"the host said it {at - taken[seat]:.0f} ms after the answer was taken"
        print(f"\nhost: Player {seat + 1} worded {at - taken[seat]:.0f} ms after its answer was taken")
    for seat, (guest, shown) in seen.items():
        guest.page.wait_for_function("window.__words.some(([, , key]) => key.startsWith('net.join.no_path'))",
                                     timeout=WORDED_MS)
        said = guest.page.evaluate("window.__words")
        at, text, key = next(entry for entry in said if entry[2].startswith("net.join.no_path"))
        assert key == ("net.join.no_path.public" if seat == 2 else "net.join.no_path.wifi")
        assert "relay (a TURN server)" in text and at - shown < WORDED_MS, (at - shown, text)
        print(f"guest of Player {seat + 1}: worded {at - shown:.0f} ms after its answer was shown")
    # the seats wait for a fresh invite, one tap away, and nothing waits for ever
    states = {peer["seat"]: peer["state"] for peer in page.evaluate("window.gamebox.peers()")}
    assert states == {1: "invited", 2: "invited"}


# A phone's share sheet (navigator.share, which this Chromium has not): each share is recorded, and the next one
# refused as a browser may (`refuse` names the error), or taken
SHARE_SHEET = """
window.__shared = [];
window.__refuse = '';
Object.defineProperty(Navigator.prototype, 'share', {configurable: true, value: async function (data) {
  window.__shared.push(data);
  if (window.__refuse) { const name = window.__refuse; window.__refuse = ''; throw new DOMException('no', name); }
}});
"""


def test_the_invite_and_the_answer_go_out_by_the_share_sheet_where_there_is_one_and_are_copied_elsewhere(
        host: SharedPage, guests: Any) -> None:
    page = new_game(host, "upthrust", 2, "SHARE2", "human,remote")
    # no share sheet in this browser: the invite's button copies its link
    assert page.evaluate("typeof navigator.share") == "undefined"
    page.evaluate("document.getElementById('btn-devices').click()")
    page.wait_for_selector("#devices-list [data-send='copy']")
    page.click("#devices-list [data-send='copy']")
    page.wait_for_function("document.getElementById('notice-text').textContent.includes('Invite link copied')")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.evaluate("document.querySelector('#devices-list .invite-link').value") and "#/join?" in copied
    # with one: the invite goes to the share sheet, and the panel offers no copy beside it
    page.evaluate(SHARE_SHEET)
    invite = page.evaluate("window.gamebox.invite(1)")
    page.wait_for_selector("#devices-list [data-send='share']")
    assert page.locator("#devices-list [data-send='copy']").count() == 0
    page.click("#devices-list [data-send='share']")
    page.wait_for_function("window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["url"] == invite and "Player 2" in shared["text"]
    # the guest's answer: to the share sheet as its answer link; a sheet the browser refuses falls back to a copy
    guest = guests()
    guest.context.add_init_script(SHARE_SHEET)
    guest.page.goto(invite)
    answer_of(guest, invite)
    assert guest.page.evaluate("document.getElementById('join-copy').dataset.send") == "share"
    guest.page.click("#join-copy")
    guest.page.wait_for_function("window.__shared.length === 1")
    link = guest.page.evaluate("document.getElementById('join-link').href")
    assert guest.page.evaluate("window.__shared[0].url") == link and "#/answer?c=" in link
    guest.page.evaluate("window.__refuse = 'NotAllowedError'")
    guest.page.click("#join-copy")
    guest.page.wait_for_function("document.getElementById('notice-text')?.textContent.includes('Answer copied')")
    assert guest.page.evaluate("navigator.clipboard.readText()") == guest.page.evaluate("window.gamebox.answer()")
    # the answer link, pasted on the host as it came from a chat, connects the seat
    assert page.evaluate("(link) => window.gamebox.accept(link)", link) == 1
    guest.page.wait_for_function(PLAYABLE, arg=None, timeout=30_000)
