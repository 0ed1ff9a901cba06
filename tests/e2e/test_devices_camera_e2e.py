"""The host's "Scan the answer" with a camera (docs/multi-device.md): a Chromium of its own whose fake camera
films a file (--use-file-for-fake-video-capture) showing the guest's answer as its page drew it, a QR code. The
devices panel reads it (web/net/qr.js scanQR: the camera in the panel's video) and the seat connects.

The file is a Y4M video (one 320x320 frame, 4:2:0) written here from the pixels of the guest page's own canvas
(web/net/qr.js drawQR): nothing but the standard library. Chromium opens the file when the camera starts, so it is
written after the guest has made its answer and before the host presses Scan.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import SharedPage, chromium_path, screenshot, settled
from .test_devices_e2e import Guest, moves, new_game, upthrust_jump, wait_moves

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

# WebRTC: run in a network namespace of its own (tools/netns.sh; conftest.py network_namespace)
NETWORK_NAMESPACE = True

SIDE = 320  # the video's width and height, px


def write_y4m(path: Path, width: int, height: int, rgba: bytes) -> None:
    """One frame of `rgba` (width x height), drawn in the middle of a white SIDE x SIDE picture, as a Y4M video
    (C420jpeg: full-range BT.601 luma, chroma at 128: the code is black and white)."""
    scale = min((SIDE - 20) / width, (SIDE - 20) / height)
    left, top = (SIDE - int(width * scale)) // 2, (SIDE - int(height * scale)) // 2
    luma = bytearray(b"\xff" * SIDE * SIDE)
    for y in range(int(height * scale)):
        source_row = int(y / scale) * width
        for x in range(int(width * scale)):
            at = (source_row + int(x / scale)) * 4
            red, green, blue, alpha = rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]
            if alpha < 128:
                red = green = blue = 255  # a transparent pixel is the white page behind the canvas
            luma[(top + y) * SIDE + left + x] = min(255, round(0.299 * red + 0.587 * green + 0.114 * blue))
    chroma = b"\x80" * ((SIDE // 2) * (SIDE // 2))
    frame = b"FRAME\n" + bytes(luma) + chroma + chroma
    path.write_bytes(f"YUV4MPEG2 W{SIDE} H{SIDE} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * 2)


@pytest.fixture(scope="module")
def filmed(browser: Any, tmp_path_factory: Any) -> Iterator[tuple[Any, Path]]:
    """A Chromium whose camera films the file `path` (written by the test)."""
    path = tmp_path_factory.mktemp("camera") / "answer.y4m"
    write_y4m(path, 1, 1, b"\xff\xff\xff\xff")
    camera = browser.browser_type.launch(
        executable_path=chromium_path(),
        args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--use-fake-ui-for-media-stream",
              "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={path}"])
    yield camera, path
    camera.close()


def test_the_host_scans_the_guests_answer_with_its_camera_and_the_seat_connects(browser: Any, site: str,
                                                                                 filmed: Any) -> None:
    camera, path = filmed
    host = SharedPage(camera, site, viewport={"width": 1024, "height": 768})
    host.context.grant_permissions(["camera"], origin=site.rstrip("/"))
    guest = Guest(browser, site)
    try:
        page = new_game(host, "upthrust", 2, "DEVCAM", "human,remote")
        guest.page.goto(page.evaluate("window.gamebox.invite(1)"))
        guest.page.wait_for_function("window.gamebox && window.gamebox.answer()", timeout=30_000)
        # drawn (drawQR sizes it, square, once its library is loaded): a dark module in the middle row
        guest.page.wait_for_function("""() => { const c = document.getElementById('join-qr');
            if (c.height !== c.width) return false;
            const row = c.getContext('2d').getImageData(0, c.height >> 1, c.width, 1).data;
            return row.some((value, i) => i % 4 === 0 && value < 64 && row[i + 3] > 200); }""")
        width, height, pixels = guest.page.evaluate("""() => { const c = document.getElementById('join-qr');
            const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let text = '';
            for (let i = 0; i < data.length; i += 8192) text += String.fromCharCode(...data.subarray(i, i + 8192));
            return [c.width, c.height, btoa(text)]; }""")
        write_y4m(path, width, height, base64.b64decode(pixels))
        page.click("#btn-devices")
        page.get_by_role("button", name="Scan the answer").click()
        # the reader's wasm is compiled on the first scan (no native BarcodeDetector in Chromium on Linux), then
        # frames are read every 200 ms: slow on a busy machine (30 s once ran out while four jobs shared 2 cores)
        page.wait_for_function("window.gamebox.peers()[0].state === 'connected'", timeout=90_000)
        guest.page.wait_for_function("window.gamebox.table() && document.body.dataset.fingerprint", timeout=30_000)
        assert page.is_hidden("#devices-video")  # the camera is off once the code was read
        screenshot(page, "devices-camera-host")
        page.click("#devices-close")
        settled(page)
        upthrust_jump(page, touch=False)
        wait_moves(guest.page, 1)
        assert moves(guest.page) == 1
        page.evaluate("location.hash = '#/'")
    finally:
        guest.close()
        host.close()
