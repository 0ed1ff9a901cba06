"""A review's better move drawn and worded by the board (issue 21, docs/review.md): Ubongo's better hand-in (``solve
<tiles> @<ms>``: the solution on the card, at the hard player's time) and Whoopies' better grab (``grab <x>,<y>
@<ms>``: a point of the table at a moment of the throw, which no target names) on a 390x844 phone.

The finished games are played by the bots on CPython and reviewed there (the same moves the page reviews); the
first move of the person (seat 0) with a better move is drawn as the review screen draws it: the game's renderer on
the bridge's ``replay`` of the position before it, seat 0 the one person and the seat that may act, nothing played
(web/screens/review.js's host), then ``showHint(best)``. The hint colour (kit.js PALETTE.hint) must appear on the
canvas, stay until the next draw and go with it; ``describeAction`` must give words in English, Portuguese and
Ukrainian, never the action's notation. Then the review screen itself shows it (Show the better move) with the
same words under the board. Screenshots: screenshots/better-move-<game>.png (the board) and
better-move-<game>-review.png (the screen).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from .conftest import SharedPage, settled, shoot, site_game_ids

gamebox = pytest.importorskip("gamebox")
from gamebox import share  # noqa: E402
from gamebox.core import bots, review  # noqa: E402

PHONE = {"width": 390, "height": 844}
# the games whose better moves have no target to light: a shape laid on the card, a point of the table; the seed
# and options of a short game, its players and the person's first move where not the bot's
GAMES: dict[str, tuple[str, str, dict[str, Any], int, str | None]] = {
    "ubongo": ("ubongo", "BM1", {}, 2, None),
    # puzzle mode: a tile laid where no solution puts it; the better move is the hard player's next tile
    "ubongo-puzzle": ("ubongo", "BM1", {}, 1, "place 2 q4r0 rot5 @4000"),
    "whoopies": ("whoopies", "BM3", {"creatures": 2}, 2, None),
}
BEST_OF = {"ubongo": "solve ", "ubongo-puzzle": "place ", "whoopies": "grab "}

# The board mounted as the review screen mounts it (its host: seat 0 may act, nothing is played, every phase starts
# as drawn), on a canvas of its own 390 px wide at the top of the page; the hint colour counted in the drawing.
MOUNT = """async ([game, code, ply, seats, best]) => {
  const { engine } = await import('./web/page.js');
  const { mountRenderer } = await import('./web/games.js');
  const { t } = await import('./web/i18n.js');
  document.getElementById('better-move-box')?.remove();
  const box = document.createElement('div');
  box.id = 'better-move-box';
  box.style.cssText = 'position:fixed;left:0;top:0;width:390px;z-index:9999;background:#fff';
  const canvas = document.createElement('canvas');
  canvas.className = 'board';
  canvas.tabIndex = 0;
  box.append(canvas);
  document.body.append(box);
  const host = { t, wording: t, announce: () => {}, seatName: (seat) => `Seat ${seat + 1}`, humanSeat: () => 0,
    humanSeats: () => [0], untilTurn: async (seat) => seat === 0, act: async () => false, play: async () => false,
    request: (request) => engine.request(request), since: (_mark, { start = true } = {}) => (start ? 0 : null) };
  const renderer = await mountRenderer(game, canvas, host);
  const before = await engine.request({ op: 'replay', code, step: ply, seats, viewer: 0 });
  if (!before.ok) return { error: before.error };
  const hint = () => {  // the pixels of the hint colour (PALETTE.hint #f5a623), give or take a little
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - 245) < 12 && Math.abs(data[i + 1] - 166) < 12 && Math.abs(data[i + 2] - 35) < 12) n++;
    }
    return n;
  };
  const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  renderer.draw(before, null, { animate: false });
  await frames();
  const plain = hint();
  // the better move as the review gives it: its action, and the action as data (the bridge's `move`)
  const data = await engine.request({ op: 'move', action: best });
  if (!data.ok) return { error: data.error };
  const move = data.move;
  renderer.showHint(best, move);
  await frames();
  const drawn = hint();
  const marked = canvas.dataset.hint;
  await new Promise((done) => setTimeout(done, 400));  // held: no animation takes it away
  const held = hint();
  window.__betterMove = { renderer, before, best, move, canvas };
  renderer.draw(before, null, { animate: false });
  await frames();
  const after = hint();
  renderer.showHint(best, move);  // drawn again, for the screenshot
  await frames();
  return { plain, drawn, held, after, marked };
}"""

WORDS = """async (lang) => {
  const i18n = await import('./web/i18n.js');
  await i18n.setLanguage(lang);
  const { renderer, before, best, move } = window.__betterMove;
  return renderer.describeAction(before.view, best, move);
}"""


def judged(case: str) -> tuple[str, str, dict[str, Any]]:
    """A finished game of the case's game (every seat the easy bot, seat 0 standing for the person, after its first
    move where the case names one) reviewed on CPython: its code, the review's seats and the person's first move
    with a better move."""
    game, seed, options, players, first = GAMES[case]
    engine = gamebox.get(game)
    state = engine.new(seed, players, **options)
    if first:
        state.apply(0, first)
    turn = 0
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, bots.choose(state, seat, "easy", 30, f"{seed}/{turn}"))
        turn += 1
    moves = review.review(state, engine.reviewer, [0])["moves"]
    move = next(m for m in moves if m["seat"] == 0 and m["verdict"] and m["best"] != m["action"])
    return share.encode(state), ",".join(["human"] + ["easy"] * (players - 1)), move


@pytest.fixture(scope="module")
def phone(browser: Any, site: str) -> Iterator[SharedPage]:
    shared = SharedPage(browser, site, viewport=PHONE, has_touch=True)
    yield shared
    shared.close()


@pytest.mark.parametrize("case", list(GAMES))
def test_the_better_move_is_drawn_on_the_board_and_worded(phone: SharedPage, case: str) -> None:
    game = GAMES[case][0]
    if game not in site_game_ids():
        pytest.skip(f"{game} is not in this build")
    page = phone.page
    code, seats, move = judged(case)
    best = move["best"]
    assert best.startswith(BEST_OF[case]), best
    board_seats = [{"kind": "human" if seat == "human" else "bot", "level": "" if seat == "human" else seat}
                   for seat in seats.split(",")]
    seen = page.evaluate(MOUNT, [game, code, move["ply"], board_seats, best])
    assert "error" not in seen, seen
    # the better move is drawn in the hint colour, held still until the next draw, which takes it away
    assert seen["drawn"] > seen["plain"] + 150, seen
    assert seen["held"] > seen["plain"] + 150, seen
    assert seen["after"] < seen["drawn"] - 150, seen
    assert seen["marked"], seen
    shoot(page.locator("#better-move-box"), f"better-move-{case}")
    # in words, in every language: never the notation
    said = {lang: page.evaluate(WORDS, lang) for lang in ("en", "pt", "uk")}
    for lang, words in said.items():
        assert words and not words.startswith(BEST_OF[case]), (lang, words)
        assert not re.search(r"[{}@]|q-?\d+r-?\d+", words), (lang, words)
        assert any(ch.isdigit() for ch in words), (lang, words)  # the time
    assert len(set(said.values())) == 3, said
    page.evaluate("import('./web/i18n.js').then((i18n) => i18n.setLanguage('en'))")
    page.evaluate("window.__betterMove.renderer.destroy(); document.getElementById('better-move-box').remove();"
                  " delete window.__betterMove")
    # the review screen: the move, Show the better move, the same words under the board
    page.evaluate("(hash) => { location.hash = hash; }", f"#/review?code={quote(code)}&seats={quote(seats)}")
    page.wait_for_function("document.body.dataset.reviewState === 'done'", timeout=60_000)
    page.click(f"#review-moves li[data-ply='{move['ply']}']")
    page.wait_for_function("(at) => document.body.dataset.reviewAt === String(at)", arg=move["ply"] + 1)
    page.click("#review-better")
    page.wait_for_function("document.body.dataset.reviewBoard === 'better'")
    settled(page)
    better = page.evaluate("document.querySelector('#review-caption .review-better').textContent")
    assert said["en"] in better, better
    assert page.evaluate("document.getElementById('review-board').dataset.hint"), "the review's board drew no hint"
    page.evaluate("document.getElementById('review-board').scrollIntoView({block: 'start'})")
    settled(page)
    shoot(page, f"better-move-{case}-review")
    phone.check()
