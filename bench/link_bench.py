"""Links between devices (web/net/link.js, issue 20): how long the invite and answer texts are, how big their QR
codes, how long a link takes to open, and the round trip of a message over the data channel.

Two browser contexts (two devices) in one Chromium, linked by real WebRTC inside the tests' network namespace
(tools/netns.sh: loopback and a veth pair, never the machine's own interfaces), on a page of the built site without
the app (tests/e2e/test_link_e2e.py's device page: no engine boots):
- texts: the invite and the answer with the host candidates alone (as the browser gives them: mDNS names unless
  it shows addresses), and with one server-reflexive candidate, which a STUN server passed as `iceServers` adds
  (tests/e2e/router.py plays the STUN servers and a home router on the veth's other end, 198.18.0.2, and answers
  with a "public address" there); each with the QR code's version at error correction M, alone and in an invite
  link of the site; and a whole "Elsewhere" invite link as the devices panel makes it (its `?ice=` naming the public
  STUN servers, web/net/link.js ELSEWHERE);
- connect: from the host taking the answer to the link being open on both sides;
- round trip: the host sends {t: "ping", id, at} and the guest echoes it at once: p50/p95 of 200 pings (sent
  one after another, so each is the latency of one message and its reply).

./build.sh bench runs it through bench/run.py (in the namespace); alone:
tools/netns.sh .venv/bin/python bench/link_bench.py [--pings N] (GAMEBOX_DIST picks the site; it must be built).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402
from tests.e2e.conftest import launch_chromium  # noqa: E402
from tests.e2e.router import Router  # noqa: E402
from tests.e2e.test_link_e2e import Device  # noqa: E402

DIST = Path(os.environ.get("GAMEBOX_DIST", ROOT / "dist"))
LINK_PREFIX = "https://example.org/gamebox/#/join?invite="  # about as long as a real site's invite link
SITE = "https://example.org/gamebox/"  # where an elsewhere invite link below leads
IN_NAMESPACE = "WebRTC runs in a network namespace of its own: tools/netns.sh .venv/bin/python bench/link_bench.py"


def texts(host: Device, guest: Device, ice_servers: list[dict[str, str]]) -> dict[str, Any]:
    """An invite and its answer with these ICE servers: their lengths, candidates and QR code sizes."""
    invite = host.run("""async (iceServers) => {
        window.invite = await (await import('./web/net/link.js')).createInvite({iceServers});
        return window.invite.text; }""", ice_servers)
    # the host's side is closed before the guest answers: a guest whose checks reach the host before its STUN
    # server answers stops gathering and sends no srflx candidate (docs/multi-device.md); across networks that
    # cannot happen, and this measures that answer
    host.run("window.invite.cancel()")
    answer = guest.run("""async ([text, iceServers]) => {
        window.answer = await (await import('./web/net/link.js')).acceptInvite(text, {iceServers});
        return window.answer.text; }""", [invite, ice_servers])
    described: dict[str, Any] = {}
    for kind, text, device in (("invite", invite, guest), ("answer", answer, host)):
        described[kind] = device.run("""async ([text, kind, prefix]) => {
            const sdp = await import('./web/net/sdp.js'), qr = await import('./web/net/qr.js');
            const compact = await sdp.unpack(text, kind);
            const canvas = document.createElement('canvas');
            const version = async (value) => ((await qr.drawQR(canvas, value)).modules - 17) / 4;
            return {text, chars: text.length, candidates: compact.candidates.map((c) => c.type + ' ' + c.address),
                    qr: await version(text), qrLink: await version(prefix + text)}; }""", [text, kind, LINK_PREFIX])
    guest.run("window.answer.cancel()")
    return described


def invite_link(host: Device, offer: str, elsewhere: bool) -> dict[str, Any]:
    """A whole invite link, as the devices panel makes it (web/screens/devices.js inviteBase, room.js): the site,
    for an "Elsewhere" one `?ice=` with the public STUN servers, and `#/join?seat&t&o` with a 10-letter token and
    `offer`."""
    return dict(host.run("""async ([site, offer, elsewhere]) => {
        const {ELSEWHERE} = await import('./web/net/link.js'), qr = await import('./web/net/qr.js');
        const params = new URLSearchParams({seat: '1', t: 'abcdefghij', o: offer});
        const ice = elsewhere ? `?${new URLSearchParams({ice: JSON.stringify(ELSEWHERE)})}` : '';
        const url = `${site}${ice}#/join?${params}`;
        const canvas = document.createElement('canvas');
        const drawn = await qr.drawQR(canvas, url);
        return {chars: url.length, qr: (drawn.modules - 17) / 4, modules: drawn.modules}; }""",
                         [SITE, offer, elsewhere]))


def connect_and_ping(host: Device, guest: Device, pings: int) -> dict[str, Any]:
    invite = host.run("""async () => {
        window.invite = await (await import('./web/net/link.js')).createInvite(); return window.invite.text; }""")
    answer = guest.run("""async (text) => {
        window.answer = await (await import('./web/net/link.js')).acceptInvite(text);
        window.answer.link.then((link) => {
            window.link = link;
            link.addEventListener('message', (event) => {
                const message = JSON.parse(event.detail);
                link.send(JSON.stringify({t: 'pong', id: message.id, at: message.at, host_at: Date.now()}));
            });
        });
        return window.answer.text; }""", invite)
    return dict(host.run("""async ([text, pings]) => {
        const started = performance.now();
        const link = await window.invite.accept(text);
        await link.opened;
        const connect = performance.now() - started;
        const trips = [];
        for (let id = 0; id < pings; id += 1) {
            const sent = performance.now();
            const back = new Promise((resolve) => link.addEventListener('message', resolve, {once: true}));
            link.send(JSON.stringify({t: 'ping', id, at: sent}));
            await back;
            trips.push(performance.now() - sent);
        }
        link.close();
        return {connect, trips}; }""", [answer, pings]))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def report(browser: Any, url: str, pings: int = 200) -> dict[str, Any]:
    if os.environ.get("GAMEBOX_IN_NETNS") != "1":
        raise SystemExit(IN_NAMESPACE)
    host, guest = Device(browser, url), Device(browser, url)
    stun = Router()
    try:
        plain = texts(host, guest, [])
        reflexive = texts(host, guest, [{"urls": stun.stun_urls[:1]}])
        wifi = invite_link(host, plain["invite"]["text"], False)
        elsewhere = invite_link(host, reflexive["invite"]["text"], True)
        timing = connect_and_ping(host, guest, pings)
        connects = [connect_and_ping(host, guest, 1)["connect"] for _ in range(4)] + [timing["connect"]]
        for device in (host, guest):
            device.check()
    finally:
        stun.close()
        host.context.close()
        guest.context.close()
    print("\n== links between devices (WebRTC data channel in the network namespace, two browser contexts)")
    for label, described in (("host candidates only", plain), ("with one srflx (STUN)", reflexive)):
        for kind in ("invite", "answer"):
            text = described[kind]
            print(f"{kind:6} {label:22}: {text['chars']:4} characters, QR version {text['qr']:.0f} "
                  f"({text['qrLink']:.0f} in a {len(LINK_PREFIX)}-character link); {', '.join(text['candidates'])}")
    for label, link in (("a Wi-Fi invite link", wifi), ("an elsewhere invite link (?ice=, one srflx)", elsewhere)):
        print(f"{label:44} at {SITE}: {link['chars']:4} characters, QR version {link['qr']:.0f} "
              f"({link['modules']} modules)")
    print(f"connect (answer taken -> open): median {statistics.median(connects):6.1f} ms (n={len(connects)})")
    trips = timing["trips"]
    print(f"message round trip:             p50 {percentile(trips, 0.5):6.2f} ms   "
          f"p95 {percentile(trips, 0.95):6.2f} ms   (n={len(trips)})")
    return {"plain": plain, "reflexive": reflexive, "elsewhere": elsewhere, "connect": connects, "trips": trips}


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pings", type=int, default=200)
    args = parser.parse_args()
    if os.environ.get("GAMEBOX_IN_NETNS") != "1":
        sys.exit(IN_NAMESPACE)
    server, url = serve.start(DIST)
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        report(browser, url, args.pings)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
