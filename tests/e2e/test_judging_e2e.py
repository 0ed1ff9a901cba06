"""Judged as you play (issue 28, docs/review.md "Judged during play"): a game of Upthrust for two, played to the end by
a person at a person's pace (about a second per move) against the easy bot. While it is played the engine judges
its moves in its idle time (the bridge's ``judging``), the page keeps what was judged with the saved game, a reload
hands it back to the engine with the game, nothing of a review is asked before the end, and at the end
window.gamebox.review() gives a verdict on every move of the person. (How soon it is there is a figure of
bench/review_browser.py --at-end, never a timed assertion here.) Undo throwing verdicts away is proved by the rules
test (tests/rules/test_core_judging.py)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from .conftest import SharedPage, settled

GAME = "upthrust"
PACE_S = 1.0  # a person's pace: about a second of thought per move
# the engine's requests as the worker receives them: each op, and whether it carried what a saved game judged
SPY = """(() => { const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.request) (window.__ops ||= []).push(
      [message.request.op, typeof message.request.judged === "string"]);
    return post.call(this, message, ...rest); }; })();"""
TO_ACT = """() => { const table = window.gamebox.table();
  return Boolean(table) && (table.is_over || table.to_move.includes(0))
    && document.body.dataset.fingerprint === table.fingerprint; }"""
SAVED_JUDGED = """(game) => { const store = JSON.parse(localStorage.getItem('gamebox/v1/saves') || '{}');
  const record = (store.items || {})[game]; return Boolean(record) && typeof record.judged === 'string'; }"""


@pytest.fixture
def person(browser: Any, site: str) -> Any:
    shared = SharedPage(browser, site, viewport={"width": 390, "height": 844}, has_touch=True)
    shared.context.add_init_script(SPY)  # the page after a reload
    shared.page.evaluate(SPY)  # the page open now
    yield shared
    shared.close()


def ops(page: Any) -> list[list[Any]]:
    return list(page.evaluate("window.__ops || []"))


def play_a_move(page: Any, chooser: random.Random) -> None:
    """After a person's moment of thought, one of the person's legal moves."""
    time.sleep(PACE_S)
    actions = page.evaluate("window.gamebox.legal(0)")
    assert actions, "the person is to move"
    played = page.evaluate("(action) => window.gamebox.play(action)", chooser.choice(sorted(actions)))
    assert played


def test_a_game_played_at_a_persons_pace_is_judged_as_it_goes_and_reviewed_at_its_end(person: SharedPage) -> None:
    page = person.page
    page.evaluate("document.body.dataset.fingerprint = ''")
    page.evaluate("""() => window.gamebox.request({op: 'new', game: 'upthrust', players: 2, seed: 'JUDGE1'})
        .then((reply) => window.gamebox.open(reply.resume, 'human,easy'))""")
    chooser = random.Random("judging")
    reloaded = False
    for _ in range(200):
        page.wait_for_function(TO_ACT, timeout=180_000)
        table = page.evaluate("window.gamebox.table()")
        if table["is_over"]:
            break
        if not reloaded and len(table["history"]) >= 10:
            # what the engine judged so far is kept with the saved game; a reload hands it back with the game
            page.wait_for_function(SAVED_JUDGED, arg=GAME, timeout=180_000)
            reloaded = True
            page.reload()
            page.wait_for_function("Boolean(window.gamebox)", timeout=30_000)
            page.wait_for_function(TO_ACT, timeout=120_000)
            assert ["open", True] in ops(page), ops(page)
            continue
        play_a_move(page, chooser)
    else:
        raise AssertionError("the game did not end")
    assert reloaded
    table = page.evaluate("window.gamebox.table()")
    asked = [op for op, _ in ops(page)]
    last_move = max(index for index, op in enumerate(asked) if op in ("apply", "bot"))
    assert "judging" in asked[:last_move] and "review" not in asked[:last_move]  # judged in play, reviewed after
    records = page.evaluate("window.gamebox.review()")
    assert isinstance(records, list), records
    assert [[record["seat"], record["action"]] for record in records] == table["history"]
    assert all(record["verdict"] for record in records if record["seat"] == 0)
    assert all(record["verdict"] is None for record in records if record["seat"] != 0)
    # the game-over box says the review is ready
    page.wait_for_function("document.getElementById('over-review-progress').dataset.state === 'done'")
    settled(page)
    person.check()
