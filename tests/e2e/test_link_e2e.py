"""Two devices linked by a real WebRTC data channel (web/net/link.js), with no server between them, and the QR
codes that carry invites and answers (web/net/qr.js): docs/multi-device.md, "Connecting devices".

Each device is its own browser context (its own storage, its own WebRTC stack), on a page of the built site that
has index.html's policy and import map but not the app (these tests need no engine, so no Pyodide boots): the
modules are imported with import() inside page.evaluate. The policy is enforced, so the QR reader's WebAssembly
is shown to load from the site under it. Every page fails the test on a console error or a request to another
origin. An embedding site's STUN server is played by a tiny responder here (StunServer), which reports a made-up
public address, as a home router's would be.
"""

from __future__ import annotations

import re
import socket
import struct
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import DIST, watched_context, watched_page

# WebRTC: run in a network namespace of its own (tools/netns.sh; conftest.py network_namespace)
NETWORK_NAMESPACE = True

LINK = "import('./web/net/link.js')"
SDP = "import('./web/net/sdp.js')"
QR = "import('./web/net/qr.js')"
PUBLIC_ADDRESS = "198.51.100.7"  # TEST-NET-2: the made-up address the STUN server reports
MAGIC = 0x2112A442


class StunServer:
    """A STUN binding responder (RFC 8489) on UDP that reports PUBLIC_ADDRESS and the asker's port."""

    def __init__(self, host: str) -> None:
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socket.bind((host, 0))
        self.socket.settimeout(0.2)
        self.address = self.socket.getsockname()
        self.running = True
        self.asked = 0
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        public = struct.unpack(">I", socket.inet_aton(PUBLIC_ADDRESS))[0]
        while self.running:
            try:
                data, sender = self.socket.recvfrom(2048)
            except TimeoutError:
                continue
            if len(data) < 20 or struct.unpack(">HHI", data[:8])[0] != 0x0001:
                continue
            self.asked += 1
            port, transaction = sender[1], data[8:20]
            attribute = struct.pack(">HHBBHI", 0x0020, 8, 0, 1, port ^ (MAGIC >> 16), public ^ MAGIC)
            self.socket.sendto(struct.pack(">HHI", 0x0101, len(attribute), MAGIC) + transaction + attribute, sender)

    def close(self) -> None:
        self.running = False
        self.thread.join()
        self.socket.close()


def local_address() -> str:
    """The machine's address on its network (where a STUN server on the LAN would be), not loopback."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.254", 9))  # no packet is sent: this only picks the outgoing interface
        return str(probe.getsockname()[0])
    finally:
        probe.close()


def device_page() -> str:
    """index.html's head without the app: its Content-Security-Policy and import map, a canvas and a video."""
    html = (DIST / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'<meta http-equiv="Content-Security-Policy"[^>]+>', html)
    imports = re.search(r'<script type="importmap">.*?</script>', html, re.S)
    assert policy and imports, "index.html lacks its policy or its import map"
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>device</title>{policy.group(0)}'
            f'{imports.group(0)}</head><body><canvas id="code"></canvas><video id="camera"></video></body></html>')


class Device:
    """One device: a browser context with the policy enforced, on the device page."""

    def __init__(self, browser: Any, site: str) -> None:
        self.context, self.watch = watched_context(browser, site, bypass_csp=False)
        page_html = device_page()
        self.context.route("**/device.html", lambda route: route.fulfill(
            status=200, content_type="text/html", body=page_html))
        self.page = watched_page(self.context, self.watch)
        self.page.goto(site + "device.html")

    def run(self, script: str, arg: Any = None) -> Any:
        return self.page.evaluate(script, arg)

    def check(self) -> None:
        errors, foreign = list(self.watch.errors), list(self.watch.foreign)
        self.watch.errors.clear()
        self.watch.foreign.clear()
        assert foreign == [], f"requests to other origins: {foreign}"
        assert errors == [], f"console errors: {errors}"


@pytest.fixture(scope="module")
def devices(browser: Any, site: str) -> Iterator[tuple[Device, Device]]:
    host, guest = Device(browser, site), Device(browser, site)
    yield host, guest
    host.context.close()
    guest.context.close()


@pytest.fixture
def pair(devices: tuple[Device, Device]) -> Iterator[tuple[Device, Device]]:
    """The host device and the guest device, checked after each test."""
    yield devices
    for device in devices:
        device.check()


def link_devices(host: Device, guest: Device) -> dict[str, str]:
    """Host invites, guest answers, host takes the answer; both links open. Returns the texts."""
    invite = host.run(f"""async () => {{
        const {{createInvite}} = await {LINK};
        window.invite = await createInvite();
        return window.invite.text; }}""")
    answer = guest.run(f"""async (text) => {{
        const {{acceptInvite}} = await {LINK};
        window.answer = await acceptInvite(text);
        return window.answer.text; }}""", invite)
    listen = """(link) => {
        window.link = link; window.got = []; window.ended = [];
        link.addEventListener('message', (event) => window.got.push(event.detail));
        link.addEventListener('close', (event) => window.ended.push(event.detail)); }"""
    host.run(f"""async (text) => {{
        const link = await window.invite.accept(text);
        ({listen})(link);
        await link.opened;
        return link.state; }}""", answer)
    assert guest.run(f"async () => {{ const link = await window.answer.link; ({listen})(link); await link.opened;"
                     " return link.state; }") == "open"
    assert host.run("window.link.state") == "open"
    return {"invite": invite, "answer": answer}


def received(device: Device, count: int) -> list[str]:
    """The first ``count`` texts the device's link received (polled: wait_for_function evals in the page, which its
    policy forbids)."""
    for _ in range(200):
        got = device.run("window.got")
        if len(got) >= count:
            return list(got)
        device.page.wait_for_timeout(50)
    raise AssertionError(f"{count} messages expected, got {device.run('window.got')}")


def test_two_devices_link_with_short_texts_and_messages_flow_both_ways(pair: tuple[Device, Device]) -> None:
    host, guest = pair
    texts = link_devices(host, guest)
    for text in texts.values():
        assert re.fullmatch(r"[A-Za-z0-9_-]+", text), text
        assert len(text) < 200, f"{len(text)} characters: {text}"
    # what the texts carry: the host's candidates, as the other side reads them
    offer = guest.run(f"async (text) => (await {SDP}).decode(text, 'invite')", texts["invite"])
    assert "a=setup:actpass" in offer and "a=fingerprint:sha-256 " in offer and " typ host" in offer
    assert "a=setup:active" in host.run(f"async (text) => (await {SDP}).decode(text, 'answer')", texts["answer"])

    host.run("window.link.send('welcome, seat 2')")
    big = "é" * 30_000 + "ü"  # 60,002 UTF-8 bytes: under the 64 KiB a message may have
    host.run("(text) => window.link.send(text)", big)
    guest.run("""window.link.send(JSON.stringify({t: 'ping', id: 1}))""")
    assert received(guest, 2) == ["welcome, seat 2", big]
    assert received(host, 1) == ['{"t":"ping","id":1}']

    # too big, and closed: refused with the link's errors
    refused = host.run("""() => { try { window.link.send('x'.repeat(64 * 1024 + 1)); return null; }
        catch (error) { return [error.name, error.key]; } }""")
    assert refused == ["LinkError", "net.message_too_big"]
    host.run("window.link.close()")
    for _ in range(100):
        if guest.run("window.ended.length"):
            break
        guest.page.wait_for_timeout(50)
    assert guest.run("[window.link.state, window.ended]") == ["closed", ["peer"]]
    assert host.run("[window.link.state, window.ended]") == ["closed", ["closed"]]
    assert host.run("""() => { try { window.link.send('late'); return null; }
        catch (error) { return error.key; } }""") == "net.link_closed"


def test_an_invite_takes_one_answer(pair: tuple[Device, Device]) -> None:
    host, guest = pair
    texts = link_devices(host, guest)
    again = host.run("""async (text) => { try { await window.invite.accept(text); return null; }
        catch (error) { return [error.name, error.key]; } }""", texts["answer"])
    assert again == ["LinkError", "net.invite_used"]
    host.run("window.link.close()")


def test_what_comes_before_anyone_listens_is_passed_on_in_order(pair: tuple[Device, Device]) -> None:
    """The guest greets as soon as its side of the channel opens. On the host, that hello could come while the
    answer was still being set, before the link (and so the room's listener) existed: 5 times in 74 runs of the
    held-seat race test, the hello was lost and the seat never joined. The link is now made before the answer is set
    (createInvite), and what comes before its first "message" listener is passed on to that listener, in order,
    before any later text. (A stand-in channel here, so that the order is the one to check, every time.)"""
    host, _ = pair
    got = host.run(f"""async () => {{
        const {{Link}} = await {LINK};
        const channel = Object.assign(new EventTarget(), {{readyState: 'open', close() {{}}, send() {{}}}});
        const connection = Object.assign(new EventTarget(), {{connectionState: 'connected', close() {{}}}});
        const link = new Link(connection, channel);
        const text = (data) => new MessageEvent('message', {{data}});
        channel.dispatchEvent(text('hello'));
        channel.dispatchEvent(text('ping 1'));
        const seen = [];
        link.addEventListener('message', (event) => seen.push(event.detail));
        channel.dispatchEvent(text('ping 2'));  // before the held ones are passed on: after them
        link.addEventListener('message', (event) => seen.push('second listener: ' + event.detail));
        await Promise.resolve();
        channel.dispatchEvent(text('ask'));
        return seen; }}""")
    assert got == ["hello", "second listener: hello", "ping 1", "second listener: ping 1", "ping 2",
                   "second listener: ping 2", "ask", "second listener: ask"]


def flipped_version(text: str) -> str:
    """The same text with its version byte (the first 6 bits of base64) set to 2."""
    import base64

    raw = bytearray(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    raw[0] = 2
    return base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


@pytest.mark.parametrize(("name", "key", "why"), [
    ("empty", "net.invite_bad", "it is empty"),
    ("not base64url", "net.invite_bad", "it is not base64url"),
    ("cut short", "net.invite_bad", "cut short"),
    ("an answer", "net.invite_bad", "it is an answer, not an invite"),
    ("a newer format", "net.version", "format 2"),
    ("trailing bytes", "net.invite_bad", "after its last candidate"),
])
def test_a_malformed_invite_is_refused_with_a_precise_link_error(pair: tuple[Device, Device], name: str, key: str,
                                                               why: str) -> None:
    host, guest = pair
    invite = host.run(f"async () => {{ window.invite = await (await {LINK}).createInvite();"
                      " return window.invite.text; }")
    answer = guest.run(f"async (text) => (await (await {LINK}).acceptInvite(text)).text", invite)
    text = {"empty": "", "not base64url": invite[:20] + "!" + invite[21:], "cut short": invite[:30],
            "an answer": answer, "a newer format": flipped_version(invite), "trailing bytes": invite + "AAAA"}[name]
    if name == "trailing bytes" and guest.run(f"async (text) => (await {SDP}).unpack(text, 'invite')"
                                              ".then(() => false, (error) => error.message.includes('inflate'))",
                                              text):
        why = "do not inflate"  # a deflated body with bytes after it is refused by the inflater
    refused = guest.run(f"""async (text) => {{
        try {{ await (await {LINK}).acceptInvite(text); return null; }}
        catch (error) {{ return {{name: error.name, key: error.key, message: error.message}}; }} }}""", text)
    assert refused is not None and refused["name"] == "LinkError" and refused["key"] == key, refused
    assert why in refused["message"], refused
    host.run("window.invite.cancel()")


@pytest.mark.parametrize("name", ["an invite", "garbage", "a newer format"])
def test_a_malformed_answer_is_refused_and_the_invite_stays_open(pair: tuple[Device, Device], name: str) -> None:
    host, guest = pair
    invite = host.run(f"async () => {{ window.invite = await (await {LINK}).createInvite();"
                      " return window.invite.text; }")
    answer = guest.run(f"async (text) => (await (await {LINK}).acceptInvite(text)).text", invite)
    text = {"an invite": invite, "garbage": "AQ" + "x" * 40, "a newer format": flipped_version(answer)}[name]
    refused = host.run("""async (text) => { try { await window.invite.accept(text); return null; }
        catch (error) { return {name: error.name, key: error.key, message: error.message}; } }""", text)
    expected = "net.version" if name == "a newer format" else "net.answer_bad"
    assert refused is not None and (refused["name"], refused["key"]) == ("LinkError", expected), refused
    # a refused answer does not use the invite up: the right one still links
    assert host.run("async (text) => (await window.invite.accept(text)).state", answer) in ("connecting", "open")
    host.run("window.invite.cancel()")


def test_compact_texts_carry_every_kind_of_candidate_and_expand_to_a_description(pair: tuple[Device, Device]) -> None:
    host, _guest = pair
    rebuilt = host.run(f"""async () => {{
        const sdp = await {SDP};
        const compact = {{kind: 'invite', setup: 'actpass', ufrag: 'a1B/', pwd: 'abcdefghijklmnopqrstuv+/',
            fingerprint: Uint8Array.from({{length: 32}}, (_, i) => i * 7),
            candidates: [
                {{type: 'host', address: '3f0c1a2b-9e8d-4c7b-a6f5-0123456789ab.local', port: 51234}},
                {{type: 'host', address: '192.0.2.2', port: 40000}},
                {{type: 'host', address: 'fe80:0:0:0:1:2:3:4', port: 40001}},
                {{type: 'srflx', address: '203.0.113.9', port: 3478}},
                {{type: 'relay', address: 'turn.example.org', port: 443}}]}};
        const text = await sdp.pack(compact);
        const back = await sdp.unpack(text, 'invite');
        return {{text, back: {{...back, fingerprint: Array.from(back.fingerprint)}}, sdp: sdp.expand(back)}};
    }}""")
    back = rebuilt["back"]
    assert back["fingerprint"] == [index * 7 for index in range(32)]
    assert (back["ufrag"], back["pwd"], back["setup"]) == ("a1B/", "abcdefghijklmnopqrstuv+/", "actpass")
    assert [(c["type"], c["address"], c["port"]) for c in back["candidates"]] == [
        ("host", "3f0c1a2b-9e8d-4c7b-a6f5-0123456789ab.local", 51234), ("host", "192.0.2.2", 40000),
        ("host", "fe80:0:0:0:1:2:3:4", 40001), ("srflx", "203.0.113.9", 3478), ("relay", "turn.example.org", 443)]
    assert "typ srflx raddr 0.0.0.0 rport 0" in rebuilt["sdp"]
    assert "a=fingerprint:sha-256 00:07:0E:15" in rebuilt["sdp"]
    assert len(rebuilt["text"]) < 190, rebuilt["text"]


def test_an_invite_drawn_as_a_qr_code_reads_back_from_the_canvas_and_from_a_camera_stream(
        pair: tuple[Device, Device], site: str) -> None:
    host, _guest = pair
    invite = host.run(f"async () => (await (await {LINK}).createInvite()).text")
    link = f"{site}#/join?invite={invite}"  # as long as the invite link the page shows
    drawn = host.run(f"""async (text) => {{
        const qr = await {QR};
        const canvas = document.getElementById('code');
        const drawn = await qr.drawQR(canvas, text);
        return {{...drawn, width: canvas.width, decoded: await qr.decodeQR(canvas)}}; }}""", link)
    assert drawn["decoded"] == link
    assert drawn["pixels"] >= 2 and drawn["width"] == (drawn["modules"] + 8) * drawn["pixels"]
    assert drawn["modules"] <= 57, f"a version {(drawn['modules'] - 17) // 4} code for {len(link)} characters"
    # the page's scanner, fed by a stream of the canvas instead of a camera (a canvas stream has a frame each time
    # the canvas is drawn: the code is drawn again every 100 ms)
    scanned = host.run(f"""async (text) => {{
        const qr = await {QR};
        const canvas = document.getElementById('code');
        const stream = canvas.captureStream(10);
        const drawing = setInterval(() => qr.drawQR(canvas, text), 100);
        const scan = await qr.scanQR(document.getElementById('camera'), {{stream, intervalMs: 50}});
        const timer = setTimeout(() => scan.stop(), 10000);
        const found = await scan.result;
        clearTimeout(timer);
        clearInterval(drawing);
        stream.getTracks().forEach((track) => track.stop());
        return found; }}""", link)
    assert scanned == link
    # the reader's WebAssembly came from this site
    wasm = host.run("performance.getEntriesByType('resource').map((entry) => entry.name)"
                    ".filter((name) => name.endsWith('.wasm'))")
    assert wasm == [f"{site}web/vendor/zxing-wasm/reader/zxing_reader.wasm"], wasm
    # an image with no code in it
    assert host.run(f"""async () => {{
        const canvas = document.createElement('canvas'); canvas.width = canvas.height = 64;
        return (await {QR}).decodeQR(canvas); }}""") is None


def test_an_embedding_sites_stun_server_adds_a_reflexive_candidate_and_the_devices_still_link(
        pair: tuple[Device, Device]) -> None:
    """iceServers reach the browser: the STUN server is asked, the texts carry its server-reflexive candidate
    (the made-up public address), and the link opens (here by the host candidates)."""
    host, guest = pair
    stun = StunServer(local_address())
    try:
        servers = [{"urls": f"stun:{stun.address[0]}:{stun.address[1]}"}]
        invite = host.run(f"""async (iceServers) => {{
            window.invite = await (await {LINK}).createInvite({{iceServers}}); return window.invite.text; }}""",
                          servers)
        answer = guest.run(f"""async ([text, iceServers]) => {{
            window.answer = await (await {LINK}).acceptInvite(text, {{iceServers}}); return window.answer.text; }}""",
                           [invite, servers])
        # the invite always carries it; the answer only when the guest's ICE has not already connected to one of the
        # host's candidates (here it often has: the guest's checks reach the host before its srflx comes, and
        # Chromium then stops gathering; across networks nothing connects that early, so the srflx is there). For the
        # same reason the guest's own binding request may never be sent (CI saw one ask in one run of many), so the
        # host's ask is what is checked: both sides make their connection in link.js's one newConnection(iceServers)
        candidates = guest.run(f"async (text) => (await (await {SDP}).unpack(text, 'invite')).candidates", invite)
        assert {"type": "srflx", "address": PUBLIC_ADDRESS} in [
            {"type": one["type"], "address": one["address"]} for one in candidates], candidates
        assert stun.asked >= 1
        assert host.run("async (text) => { const link = await window.invite.accept(text); await link.opened;"
                        " window.link = link; return link.state; }", answer) == "open"
        assert guest.run("async () => (await window.answer.link).state") == "open"
        host.run("window.link.close()")
    finally:
        stun.close()
