# ruff: noqa: E501
"""Ratings and the profile (docs/ratings.md), in Chromium: a rated game's end, what makes a game unrated, the
profile screen, its file saved and loaded, a damaged file refused."""

from __future__ import annotations

import json

import gamebox

from .conftest import screenshot

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

PLAY_TO_END = """async () => {
  // the person plays the first legal move whenever it is their turn; the bot moves by itself
  for (const until = performance.now() + 60_000; performance.now() < until;) {
    const table = window.gamebox.table();
    if (table && table.is_over) return true;
    if (table && table.to_move.length && table.seats[table.to_move[0]].kind === "human") {
      const legal = await window.gamebox.legal(table.to_move[0]);
      if (legal.length) await window.gamebox.play(legal[0]);
    }
    await new Promise((done) => setTimeout(done, 10));
  }
  return false;
}"""


def start(page, seats=("human", "easy")) -> None:
    page.evaluate("window.GAMEBOX_TEST_SPEED = 0")  # the bot answers and the board moves at once (common.js pace)
    reply = page.evaluate("(seats) => window.gamebox.start({game: 'upthrust', players: 2, seats})", list(seats))
    assert reply["ok"], reply


def finish(page) -> str:
    assert page.evaluate(PLAY_TO_END)
    page.wait_for_selector("#game-over:not([hidden])")
    # the line is written once the record is kept (web/screens/rating-line.js)
    page.wait_for_function("document.getElementById('over-rating').textContent.trim() !== ''")
    return page.locator("#over-rating").inner_text()


def test_a_rated_game_to_its_end_updates_the_profile_and_survives_a_reload(open_page, site) -> None:
    page = open_page()
    start(page)
    line = finish(page)
    profile = page.evaluate("window.gamebox.profile()")
    entry = profile["games"]["upthrust"]
    assert entry["played"] == 1 and entry["provisional"] is True
    change = round(entry["rating"]) - 1500
    assert line == f"Rated: {'+' if change > 0 else '−' if change < 0 else '±'}{abs(change)} ({round(entry['rating'])}?)"
    assert set(profile["bots"]["upthrust"]) == {"easy", "hard"}
    page.reload()
    page.wait_for_function("window.gamebox && window.gamebox.profile")
    assert page.evaluate("window.gamebox.profile()")["games"]["upthrust"]["rating"] == entry["rating"]
    page.goto(site + "#/profile")
    page.wait_for_selector("#screen-profile:not([hidden]) .profile-rating")
    assert page.locator("[data-game=upthrust] .profile-rating").inner_text().startswith(f"Rating {round(entry['rating'])}? ±")
    assert page.locator("[data-game=upthrust] svg.profile-chart text.axis-label").all_text_contents() == ["Rated games", "Rating"]


def test_an_undo_makes_a_game_unrated(open_page) -> None:
    page = open_page()
    start(page)
    page.wait_for_function("window.gamebox.table() && window.gamebox.table().to_move[0] === 0")
    legal = page.evaluate("window.gamebox.legal(0)")
    page.evaluate("(a) => window.gamebox.play(a)", legal[0])
    page.wait_for_function("!document.getElementById('btn-undo').disabled")
    page.click("#btn-undo")
    assert finish(page) == "Not rated: you used Undo"
    assert "upthrust" not in page.evaluate("window.gamebox.profile()")["games"]


def test_a_game_from_a_link_is_unrated(open_page) -> None:
    # the link's code as any device's Copy link writes it (share.encode of a new game: the golden files pin it), made
    # here on CPython rather than on a page booted only for it
    code = gamebox.share.encode(gamebox.get("upthrust").new(seed="LINKED", players=2))
    other = open_page()
    other.evaluate("(code) => window.gamebox.open(code, 'human,easy')", code)
    assert finish(other) == "Not rated: this game was opened from a link, not started here"


def test_a_saved_profile_loads_equal_on_another_device_and_a_damaged_one_is_refused(open_page, site) -> None:
    page = open_page()
    start(page)
    finish(page)
    text = page.evaluate("window.gamebox.exportProfile()")
    saved = page.evaluate("window.gamebox.profile()")
    other = open_page()
    damaged = json.loads(text)
    damaged["body"]["profile"]["ratings"]["upthrust"]["rating"] = 2900
    assert other.evaluate("(t) => window.gamebox.importProfile(t)", json.dumps(damaged)) == {
        "ok": False, "error": {"key": "profile.refused.damaged"}}
    assert other.evaluate("(t) => window.gamebox.importProfile(t)", '{"not": "a profile"}')["error"]["key"] == \
        "profile.refused.not_profile"
    assert other.evaluate("window.gamebox.profile()")["games"] == {}
    # the screen's Load: refused with words, and nothing changes
    other.goto(site + "#/profile")
    other.wait_for_selector("#screen-profile:not([hidden])")
    other.set_input_files("#profile-file", files=[{"name": "p.json", "mimeType": "application/json",
                                                   "buffer": json.dumps(damaged).encode()}])
    # the file is read and judged after the change event: the words come once it has been
    other.wait_for_function("document.getElementById('profile-status').textContent.includes('damaged')")
    assert other.evaluate("window.gamebox.profile()")["games"] == {}
    assert other.evaluate("(t) => window.gamebox.importProfile(t)", text) == {"ok": True}
    loaded = other.evaluate("window.gamebox.profile()")
    assert loaded["games"] == saved["games"] and loaded["bests"] == saved["bests"]


def test_the_profile_screen_on_a_phone_and_other_screens(browser, site) -> None:
    from .conftest import watched_context, watched_page

    context, watch = watched_context(browser, site)
    page = watched_page(context, watch)
    page.goto(site)
    page.wait_for_function("window.gamebox && window.gamebox.ready", timeout=30_000)
    page.wait_for_function("document.getElementById('engine-status').classList.contains('done')", timeout=120_000)
    start(page)
    finish(page)
    start(page)
    finish(page)
    text = page.evaluate("window.gamebox.exportProfile()")
    context.close()
    for name, viewport, touch in [("390x844", {"width": 390, "height": 844}, True),
                                  ("844x390", {"width": 844, "height": 390}, True),
                                  ("1024x768", {"width": 1024, "height": 768}, False),
                                  ("1600x900", {"width": 1600, "height": 900}, False)]:
        context, watch = watched_context(browser, site, viewport=viewport, has_touch=touch)
        page = watched_page(context, watch)
        page.goto(site)
        page.wait_for_function("window.gamebox && window.gamebox.importProfile")
        assert page.evaluate("(t) => window.gamebox.importProfile(t)", text) == {"ok": True}
        page.goto(site + "#/profile")
        page.wait_for_selector("#screen-profile:not([hidden]) svg.profile-chart")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"the profile is wider than the screen at {name}"
        screenshot(page, f"profile-{name}")
        context.close()
        assert watch.errors == []
