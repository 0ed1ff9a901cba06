"""Whoopies in Chromium: the die, the roller's choice, the throw played back from view.throw, and a grab made
by clicking the right ball at the right moment, as a fast player would."""

from __future__ import annotations

import json

from .conftest import choose_seats, copied_link, screenshot, start_set_up_game

SEED = "GRAB1"  # seat 0 rolls a 2 (puff colour) in round 1
LINK = f"#/play?code=v1.whoopies.{SEED}.3.&seats=human,easy,easy"

# Reads the throw from window.gamebox.view() and the animation's start from the canvas; picks the first
# moment (at least `lead` ms from now, and after the fall) when the wanted ball moves slowly, waits for it,
# and returns where that ball is then, in page coordinates. The renderer plays view.throw.paths with linear
# interpolation between frames, so this is exactly where the ball is on screen.
AIM = """async ({lead}) => {
  const canvas = document.getElementById("board");
  const view = window.gamebox.view();
  const thr = view.throw;
  const names = view.creatures;
  let target;
  if (view.action === "colour") target = names.find((c) => c.body === view.value).name;
  else if (view.action === "puff") target = names.find((c) => c.puff === view.value).name;
  else if (view.action === "spare") target = names.find((c) => c.name !== view.value).name;
  else if (view.action === "own") target = view.picks[0];
  else target = view.value;
  const frames = thr.paths[target].ball;
  const at = (ms) => {
    const last = frames.length - 1;
    if (ms >= last * thr.frame_ms) return frames[last];
    const i = Math.floor(ms / thr.frame_ms);
    const k = (ms - i * thr.frame_ms) / thr.frame_ms;
    return [frames[i][0] + (frames[i + 1][0] - frames[i][0]) * k, frames[i][1] + (frames[i + 1][1] - frames[i][1]) * k];
  };
  const start = Number(canvas.dataset.throwStart);
  const now = performance.now() - start;
  let when = thr.rest_ms + 50;
  for (let ms = Math.max(now + lead, 450); ms < thr.rest_ms; ms += 10) {
    const a = at(ms - 80), b = at(ms + 80);
    if (Math.hypot(b[0] - a[0], b[1] - a[1]) / 160 < 0.08) { when = ms; break; }
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + when - performance.now())));
  const ms = performance.now() - start;
  const [x, y] = at(ms);
  const box = canvas.getBoundingClientRect();
  const scale = box.width / 800;
  return { target, ms, x: box.left + x * scale, y: box.top + (Number(canvas.dataset.tableY) + y) * scale };
}"""


def opened(open_page, path: str = ""):
    """A page on the site once the engine is up (Pyodide can take a while on a busy machine)."""
    page = open_page(path, wait_ready=False)
    page.wait_for_function("window.gamebox && window.gamebox.ready", timeout=180_000)
    return page


def choices(page) -> dict[str, list[float]]:
    return json.loads(page.evaluate("document.getElementById('board').dataset.choices || '{}'"))


def click_choice(page, action: str) -> None:
    x, y = choices(page)[action]
    page.locator("#board").click(position={"x": x, "y": y})


def wait_screen(page, name: str, timeout: int = 30_000) -> None:
    page.wait_for_function(f"document.getElementById('board').dataset.screen === '{name}'", timeout=timeout)


def start_from_menu(page, seats: list[str]) -> None:
    page.click("a[href='#/whoopies']")
    choose_seats(page, seats)
    screenshot(page, "whoopies-setup")
    page.fill("#setup-seed", SEED)
    start_set_up_game(page)


def test_a_round_against_two_bots_won_or_lost_by_clicking_the_ball(open_page):
    page = opened(open_page, "")
    start_from_menu(page, ["human", "easy", "easy"])
    wait_screen(page, "roll")
    screenshot(page, "whoopies-roll")
    click_choice(page, "roll")  # tap the die
    wait_screen(page, "choose")
    page.wait_for_function("Object.keys(JSON.parse(document.getElementById('board').dataset.choices)).length === 5")
    screenshot(page, "whoopies-choose")
    assert sorted(choices(page)) == ["puff blue", "puff green", "puff orange", "puff pink", "puff purple"]
    click_choice(page, "puff blue")  # the others must catch the Whoopie with the blue puff: Ursinus (green body)
    wait_screen(page, "throw")
    assert "blue puff" in page.locator("#board").get_attribute("aria-label")
    click_choice(page, "throw")
    wait_screen(page, "countdown")
    screenshot(page, "whoopies-countdown")
    # The throw cannot be read before it starts: no creature is drawn until the animation starts.
    wait_screen(page, "grab")
    page.wait_for_function("document.getElementById('board').dataset.throwStart")
    screenshot(page, "whoopies-throw")
    # the bots have grabbed already, but the move log says so only when the grab is resolved
    grab_lines = page.locator("#log li[data-key='whoopies.grabbed'], #log li[data-key='whoopies.passed']")
    assert grab_lines.count() == 0
    aim = page.evaluate(AIM, {"lead": 250})
    assert aim["target"] == "ursinus"
    page.mouse.click(aim["x"], aim["y"])
    page.wait_for_function("window.gamebox.view().last && window.gamebox.view().last.round === 1", timeout=30_000)
    screenshot(page, "whoopies-caught")
    last = page.evaluate("window.gamebox.view().last")
    mine = next(row for row in last["grabs"] if row["seat"] == 0)
    assert (mine["creature"], mine["part"]) == ("ursinus", "tail"), (aim, mine)
    assert mine["outcome"] in ("won", "late")
    assert grab_lines.count() == 3  # every seat's grab, each once
    gems = page.evaluate("window.gamebox.view().gems")
    assert gems[0] == (1 if mine["outcome"] == "won" else 0)
    # the result is explained in words, and the next round comes after it
    later = "['roll', 'choose', 'pick', 'throw', 'next', 'steal']"
    page.wait_for_function(f"{later}.includes(document.getElementById('board').dataset.screen)", timeout=30_000)
    screenshot(page, "whoopies-result")
    assert page.locator("#log li").count() >= 6


def test_keyboard_choice_undo_and_mute(open_page):
    page = opened(open_page, LINK)
    wait_screen(page, "roll", 60_000)
    page.focus("#board")
    page.keyboard.press("Enter")  # roll
    wait_screen(page, "choose")
    page.wait_for_function("Object.keys(JSON.parse(document.getElementById('board').dataset.choices)).length === 5")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # the third colour: pink
    page.wait_for_function("window.gamebox.view().value === 'pink'")
    assert page.evaluate("window.gamebox.table().can_undo")
    page.click("#btn-undo")
    page.wait_for_function("window.gamebox.view().phase === 'choose' && window.gamebox.view().value === null")
    wait_screen(page, "choose")
    page.focus("#board")
    page.keyboard.press("4")  # a digit picks directly: purple
    page.wait_for_function("window.gamebox.view().value === 'purple'")
    page.keyboard.press("m")
    page.wait_for_function("document.getElementById('announcer').textContent.includes('muted')")
    page.keyboard.press("n")  # names on: no error, just tags
    page.keyboard.press("Enter")  # throw
    wait_screen(page, "countdown")
    assert "purple" in page.locator("#board").get_attribute("data-spoken")


def test_copy_link_opens_the_same_game(open_page):
    page = opened(open_page, LINK)
    wait_screen(page, "roll", 60_000)
    click_choice(page, "roll")
    wait_screen(page, "choose")
    click_choice(page, "puff green")
    page.wait_for_function("window.gamebox.view().phase === 'throw'")
    link = copied_link(page)
    fingerprint = page.evaluate("document.body.dataset.fingerprint")
    other = opened(open_page, link)
    other.wait_for_function("document.body.dataset.fingerprint", timeout=60_000)
    assert other.evaluate("document.body.dataset.fingerprint") == fingerprint
    wait_screen(other, "throw")


def test_two_humans_face_the_same_throw_behind_a_pass_screen(open_page):
    page = opened(open_page, f"#/play?code=v1.whoopies.{SEED}.3.&seats=human,human,easy")
    wait_screen(page, "roll", 60_000)
    page.focus("#board")
    page.keyboard.press("Enter")  # roll
    wait_screen(page, "choose")
    page.keyboard.press("Enter")  # orange puff
    wait_screen(page, "throw")
    page.keyboard.press("Enter")  # throw
    wait_screen(page, "pass")
    assert "Player 1" in page.locator("#board").get_attribute("aria-label")
    screenshot(page, "whoopies-pass-device")
    click_choice(page, "ready")
    wait_screen(page, "grab")
    first = page.evaluate("document.getElementById('board').dataset.throwKey")
    page.keyboard.press("p")  # player 1 gives up
    wait_screen(page, "pass")
    assert "Player 2" in page.locator("#board").get_attribute("aria-label")
    page.focus("#board")
    page.keyboard.press("Enter")
    wait_screen(page, "grab")
    second = page.evaluate("document.getElementById('board').dataset.throwKey")
    assert first.split("/")[:2] == second.split("/")[:2]  # the same throw, replayed
    aim = page.evaluate(AIM.replace("view.picks[0]", "view.picks[1]"), {"lead": 250})
    page.mouse.click(aim["x"], aim["y"])
    page.wait_for_function("window.gamebox.view().last && window.gamebox.view().last.round === 1", timeout=30_000)
    row = next(r for r in page.evaluate("window.gamebox.view().last.grabs") if r["seat"] == 1)
    assert (row["creature"], row["part"]) == (aim["target"], "tail")


def test_bots_play_a_whole_game_to_the_game_over_panel(open_page):
    page = opened(open_page, "#/play?code=v1.whoopies.END21.3.&seats=easy,easy,easy")
    page.wait_for_selector("#game-over:not([hidden])", timeout=240_000)
    assert page.locator("#over-result").inner_text().strip()
    assert page.locator("#over-scores tr").count() == 3
    gems = page.evaluate("window.gamebox.view().gems")
    assert max(gems) == 5
    screenshot(page, "whoopies-game-over")
    page.click("#btn-over-close")
    wait_screen(page, "over")
    screenshot(page, "whoopies-over-board")


def test_a_bad_link_shows_a_message_and_the_menu(open_page):
    page = opened(open_page, "#/play?code=v1.whoopies.GRAB1.3..0grab_9,9_@99999&seats=human,easy,easy")
    page.wait_for_selector("#notice:not([hidden])", timeout=60_000)
    assert "does not open a game" in page.locator("#notice-text").inner_text()
    page.wait_for_selector("#screen-menu:not([hidden])")
