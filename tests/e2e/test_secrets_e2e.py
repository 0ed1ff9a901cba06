"""What one seat may not know never reaches the address bar, a copied link or the embedding page (issue "Trust").

- Whoopies against a bot: the bot grabs as soon as the Whoopies fly, with a time in the future. Its grab is in the
  engine, and nowhere else: not in the URL, not in Copy link, not in any event the host page hears.
- Up Combine: the seed deals every hand, so it stays on the device until the game is over: the host page hears
  no seed and no code, Copy link offers a new game, and a reload comes back from the device's own saved game.
"""

from __future__ import annotations

import json
from typing import Any

import gamebox
from gamebox.core import bots, share

from .conftest import BOOT_TIMEOUT_MS, screenshot, wait_for
from .test_embed_e2e import embed_context, frame_at, open_embed, origins, wait_event  # noqa: F401 (fixtures)

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

SEED = "SECRETS1"


def drive_to_a_pending_bot_grab(frame: Any) -> dict[str, Any]:
    """Play the human's roll, choice and throw (first legal action) until the bot has grabbed and the human has
    not: the table then holds a sealed secret move."""
    for _ in range(200):
        table = frame.evaluate("window.gamebox.table()")
        if table and table["view"]["phase"] == "grab" and 0 in table["to_move"] and 1 not in table["to_move"]:
            return dict(table)
        if table and 0 in table["to_move"] and table["view"]["phase"] != "grab":
            action = frame.evaluate("window.gamebox.legal(0).then((a) => a[0])")
            frame.evaluate("(a) => window.gamebox.play(a)", action)
        frame.wait_for_timeout(150)
    raise AssertionError("the bot never grabbed while the human was still to grab")


def bot_grab(public_code: str) -> str:
    """The bot's secret grab, worked out from the public game the way the engine's bot chooses it."""
    state = share.decode(public_code)
    assert state.phase == "grab"  # type: ignore[attr-defined]
    return bots.choose(state, 1, "hard", 800, state.seed)


def test_a_pending_bot_grab_never_reaches_the_address_bar_a_copied_link_or_the_host(open_embed, origins):  # noqa: F811
    page = open_embed(origins.host + "host-game.html")
    wait_event(page, "ready", timeout=BOOT_TIMEOUT_MS)
    reply = page.evaluate("() => window.send({type: 'new', game: 'whoopies', players: 2, seats: 'human,hard', "
                          f"seed: '{SEED}'}})")
    assert reply["ok"], reply
    frame = frame_at(page, origins.app)
    table = drive_to_a_pending_bot_grab(frame)
    assert table["sealed"], "the engine holds the bot's grab"
    secret = bot_grab(table["public"]["share"])
    written = secret.replace(" ", "_")
    frame.click("#btn-copy")
    wait_for(frame, "document.getElementById('btn-copy').dataset.link")
    link = frame.evaluate("document.getElementById('btn-copy').dataset.link")
    received = json.dumps(page.evaluate("window.received"))
    for place, text in (("address bar", frame.url), ("copied link", link), ("host page events", received),
                        ("table", json.dumps({key: table[key] for key in ("history", "share", "resume", "public",
                                                                             "log", "view")}))):
        assert written not in text and secret not in text, f"the bot's grab is in the {place}"
    # the public game is the throw every seat saw
    assert share.decode(table["public"]["share"]).history == share.decode(
        table["resume"]).history
    screenshot(page, "secrets-whoopies-pending-grab")


def test_a_game_with_hidden_hands_sends_no_seed_to_the_host(open_embed, origins):  # noqa: F811
    page = open_embed(origins.host + "host-game.html")
    wait_event(page, "ready", timeout=BOOT_TIMEOUT_MS)
    reply = page.evaluate("() => window.send({type: 'new', game: 'upcombine', players: 2, seats: 'human,easy', "
                          "seed: 'HIDDEN7'})")
    assert reply["ok"] and reply["seed"] is None and reply["share"] is None and reply["fingerprint"] is None
    frame = frame_at(page, origins.app)
    for _ in range(6):  # a few of the human's moves, and the bot's replies
        wait_for(frame, "window.gamebox.table() && window.gamebox.table().to_move.includes(0)")
        action = frame.evaluate("window.gamebox.legal(0).then((a) => a[0])")
        assert frame.evaluate("(a) => window.gamebox.play(a)", action)
    wait_event(page, "move", 3)
    received = json.dumps(page.evaluate("window.received"))
    assert "HIDDEN7" not in received and "v2.upcombine" not in received
    assert "HIDDEN7" not in frame.url and "code=" not in frame.url
    assert "HIDDEN7" not in frame.locator("body").inner_text()
    frame.click("#btn-copy")
    wait_for(frame, "document.getElementById('btn-copy').dataset.link")
    assert frame.evaluate("document.getElementById('btn-copy').dataset.link").endswith("#/upcombine")


def test_a_reload_of_a_hidden_hands_game_comes_back_from_the_device(embed_context):  # noqa: F811
    # the app on its own origin: the module's page, with nothing stored (under the page's CSP: waits by wait_for)
    embed_context.forget()
    page = embed_context.app
    page.evaluate("location.hash = '#/upcombine'")
    wait_for(page, "document.body.dataset.screen === 'setup'")
    page.evaluate("window.gamebox.request({op: 'new', game: 'upcombine', players: 2, seed: 'RELOAD9', "
                  "seats: [{kind: 'human'}, {kind: 'human'}]})"
                  ".then((r) => window.gamebox.open(r.resume, 'human,human'))")
    page.wait_for_selector("#screen-game:not([hidden])")
    for _ in range(3):
        seat = page.evaluate("window.gamebox.table().to_move[0]")
        action = page.evaluate("(s) => window.gamebox.legal(s).then((a) => a[0])", seat)
        assert page.evaluate("(a) => window.gamebox.play(a)", action)
    wait_for(page, "!location.hash.includes('code=')")
    assert page.evaluate("location.hash") == "#/play?saved=upcombine"
    assert "RELOAD9" not in page.locator("body").inner_text()
    fingerprint = page.evaluate("document.body.dataset.fingerprint")
    page.reload()
    wait_for(page, "document.body.dataset.fingerprint", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.fingerprint") == fingerprint
    embed_context.check()
    state = gamebox.get("upcombine").new("RELOAD9", 2)
    assert page.evaluate("window.gamebox.table().seed") is None and state.seed == "RELOAD9"
