"""Play on several devices in real time (docs/multi-device.md, "Real-time phases"): Whoopies' grabs and Ubongo's
race, each person on their own device, and a race that holds a seat whose link went.

Each device times its own person, from when its own screen showed the throw or the round's card; the host bounds
those times by its own and orders the moves by them. People act only by tapping (or dragging) where
window.gamebox.targets() says, on their own page. The pages, guests and helpers are test_devices_e2e.py's; this is
a module of its own so that the e2e run's workers (--dist loadscope) play it beside the turn-based one.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import gamebox.ubongo

from .conftest import SharedPage, screenshot, tap_at
from .test_devices_e2e import ACTIONS, guests, host, moves, new_game, wait_moves  # noqa: F401 (guests, host: fixtures)
from .test_ubongo_e2e import CLOCK, GATE, solve_by_dragging

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

# WebRTC: run in a network namespace of its own (tools/netns.sh; conftest.py network_namespace)
NETWORK_NAMESPACE = True

# ---------------------------------------------------------------- real time: Whoopies' grabs from two devices
# The throw's own clock: the creatures rest REST_MS after the throw starts (py/gamebox/whoopies/throw.py); a page
# grabs a ball after that, where targets() says it lies, so that the tap cannot miss a moving ball.
AT_REST_MS = 2900


def wanted(view: dict[str, Any], seat: int) -> str:
    """A creature that is right for `seat` in the round `view` shows (py/gamebox/whoopies/rules.py `wanted`)."""
    action, value, creatures = view["action"], view["value"], view["creatures"]
    if action in ("colour", "puff"):
        return str(next(c["name"] for c in creatures if c["body" if action == "colour" else "puff"] == value))
    if action == "name":
        return str(value)
    if action == "spare":
        return str(next(c["name"] for c in creatures if c["name"] != value))
    return str(view["picks"][seat])  # own: the seat's pick


def grab_at_rest(page: Any, seat: int, touch: bool) -> tuple[int, int]:
    """Once the throw this page shows rests, tap the ball of a creature right for `seat` where targets() says it
    is. Returns this page's own clock of the throw (ms since its screen started the throw) just before the tap and
    just after the page handled its pointerdown (where the hand closes): a listener on the window, which hears the
    event after the board. (The clock read after tap() returned was not that: a touch can reach the page later, and
    once in a CI run the guest's grab was timed 27 ms after it.)"""
    page.wait_for_function("""(rest) => { const c = document.getElementById('board');
        return c.dataset.screen === 'grab' && c.dataset.throwStart
          && performance.now() - Number(c.dataset.throwStart) > rest; }""", arg=AT_REST_MS, timeout=30_000)
    name = wanted(page.evaluate("window.gamebox.view()"), seat).capitalize()
    spot = page.wait_for_function("""(name) => window.gamebox.targets().find((t) => t.action === 'grab'
        && t.label.startsWith(`Grab ${name} by the ball`))""", arg=name, timeout=10_000).json_value()
    clock = "performance.now() - Number(document.getElementById('board').dataset.throwStart)"
    page.evaluate(f"""() => {{ window.__handled = null;
        window.addEventListener('pointerdown', () => {{ window.__handled = {clock}; }}, {{once: true}}); }}""")
    before = int(page.evaluate(clock))
    tap_at(page, spot, touch)
    handled = page.wait_for_function("window.__handled", timeout=10_000).json_value()
    return before, int(handled) + 1


def whoopies_choice(page: Any, seat: int, touch: bool, turn: int) -> str:
    """The roller's (or a picker's) next step by a tap: the die, a card or creature the board offers (a different
    one each turn), or the throw. Returns the action tapped."""
    page.wait_for_function("""(seat) => { const t = window.gamebox.table();
        return t && t.to_move.includes(seat) && t.view.phase !== 'grab'
          && window.gamebox.targets().some((x) => x.action && x.action !== 'pass'); }""", arg=seat, timeout=30_000)
    offered = [t for t in page.evaluate("window.gamebox.targets()") if t.get("action") not in (None, "pass")]
    chosen = offered[turn % len(offered)]
    tap_at(page, chosen, touch)
    return str(chosen["action"])


def test_whoopies_grabs_from_two_devices_actions_each_timed_on_each_device(host: SharedPage,
                                                                                guests: Any) -> None:
    """Two people, one on the host (mouse) and one on a phone, play throws until each has made at least ACTIONS actions
    of their own (from the history): the roller's roll, choice(s) and throw, every pick of face 5, and each
    person's grab of every throw. The roller alternates, so both roll, choose and throw, and both grab each throw.

    Both pages run at normal speed: before each throw's countdown a page shows the last throw's catch and result
    (1.4 s and 3.8 s), so the guest's clock of a throw starts seconds after the host sent it, more than the countdown
    the host allows for. Its grabs must keep that clock all the same."""
    page = new_game(host, "whoopies", 2, "GRAB2", "human,remote")
    guest = guests()
    guest.join(page, 1)
    # both pages at normal speed: the catch, the result and the countdown at full length, on each device
    for each in (page, guest.page):
        each.evaluate("window.GAMEBOX_TEST_SPEED = 1")
    devices = {0: page, 1: guest.page}
    clocks: list[tuple[int, int, tuple[int, int]]] = []  # (round, seat, its device's clock before and after the tap)
    lead_ins: list[float] = []  # per throw, from the throw's table on the guest's page to its throw's start
    try:
        turn = 0
        while True:
            table = page.evaluate("window.gamebox.table()")
            counted = Counter(seat for seat, _ in table["history"])
            if min(counted[0], counted[1]) >= ACTIONS and table["view"]["phase"] != "grab":
                break
            assert not table["is_over"], table["history"]
            view = table["view"]
            if view["phase"] != "grab":
                for seat in table["to_move"]:  # the roller; or, on face 5, each seat's pick
                    before = moves(page)
                    whoopies_choice(devices[seat], seat, touch=seat == 1, turn=turn)
                    for each in devices.values():
                        wait_moves(each, before + 1)
                    turn += 1
                continue
            # the grab: the guest's hand first in one throw, the host's in the next; each device times its own
            round_ = view["round"]
            order = (1, 0) if round_ % 2 else (0, 1)
            came = guest.page.evaluate("performance.now()")  # the throw is on the guest's page (its table came)
            for seat in order:
                clocks.append((round_, seat, grab_at_rest(devices[seat], seat, touch=seat == 1)))
            lead_ins.append(guest.page.evaluate("Number(document.getElementById('board').dataset.throwStart)") - came)
            for each in devices.values():
                each.wait_for_function("(r) => window.gamebox.view().last && window.gamebox.view().last.round === r",
                                       arg=round_, timeout=30_000)
    finally:
        page.evaluate("window.GAMEBOX_TEST_SPEED = 0")  # the module's other games at test speed
    history = page.evaluate("window.gamebox.table().history")
    assert guest.page.evaluate("window.gamebox.table().history") == history
    counted = Counter(seat for seat, _ in history)
    grabs = [(seat, int(action.split(" @")[1])) for seat, action in history if action.startswith("grab ")]
    rounds = page.evaluate("window.gamebox.view().round") - 1
    print(f"Whoopies, {rounds} throws: actions per person {dict(sorted(counted.items()))}, "
          f"grabs per person {dict(sorted(Counter(seat for seat, _ in grabs).items()))}; the guest's throw started "
          f"{[round(ms) for ms in lead_ins]} ms after its table came (the countdown the host allows: 2,100 ms)")
    assert min(counted[0], counted[1]) >= ACTIONS, history
    rolled = {seat for seat, action in history if action == "roll"}
    assert rolled == {0, 1}, history  # both rolled, chose and threw
    # each grab carries the clock of the device it was made on, from when that screen started the throw: the host
    # neither raised a guest's time nor lowered it (the grab's ms is the page's clock at the tap, between its clock
    # before and after it), though the guest's countdown started seconds after the host sent the throw
    assert len(grabs) == len(clocks), (grabs, clocks)
    made: Counter[int] = Counter()
    for seat, ms in grabs:
        before, after = [clock for _, s, clock in clocks if s == seat][made[seat]]
        made[seat] += 1
        assert before <= ms <= after, (seat, ms, before, after)
        assert ms >= AT_REST_MS
    rows = {row["seat"]: row for row in guest.page.evaluate("window.gamebox.view().last.grabs")}
    assert set(rows) == {0, 1} and all(row["creature"] for row in rows.values()), rows
    screenshot(guest.page, "devices-whoopies-guest")


# ---------------------------------------------------------------- real time: Ubongo's race on two devices
def tiles_of(page: Any, seat: int) -> int:
    """The tiles of `seat`'s card this round, each laid by one drag in solve_by_dragging (from the host's page: the
    full puzzle code)."""
    puzzle = gamebox.ubongo.puzzle(page.evaluate(f"window.gamebox.view().seats[{seat}].puzzle"))
    return len(puzzle.solutions(puzzle.colour)[0])


def start_round(page: Any, round_: int, touch: bool = False) -> None:
    """The page's results gate of the last round, if any, closed by its Start button: the card shows and this
    device's sand timer starts."""
    page.wait_for_function(f"window.gamebox.view().round === {round_}"
                           f" && ['results', ''].includes({GATE})", timeout=30_000)
    if page.evaluate(GATE) == "results":
        start = page.wait_for_function(f"""() => window.gamebox.targets().find(
            (t) => t.label === 'Start round {round_}')""", timeout=10_000).json_value()
        tap_at(page, start, touch)
        page.wait_for_function(f"{GATE} === ''")


def test_ubongo_race_rounds_on_two_devices_tiles_each_timed_on_each_device(host: SharedPage,
                                                                               guests: Any) -> None:
    """Two people race, one on the host and one on another screen with a mouse, over rounds until each has laid at
    least ACTIONS tiles. What counts as a person's action: each tile laid on their card by a drag that targets() lists
    (with the Rotate and Flip taps it takes); the round's solve that the last tile makes is their one move of the
    round in the history. Each device times its own person, from when its own card showed."""
    page = new_game(host, "ubongo", 2, "RACE9", "human,remote")
    guest = guests(phone=False)  # the race's drags with a mouse, as on the host
    guest.join(page, 1)
    # a page's word that its clock started has one shape: anything more in it is refused, and changes nothing
    for message in ({"t": "started", "at": 0}, {"t": "started", "ms": 5_000}):
        guest.send(message)
    guest.page.wait_for_function("window.__received.filter((t) => JSON.parse(t).t === 'refused').length >= 2",
                                 timeout=10_000)
    assert [m["key"] for m in guest.messages() if m["t"] == "refused"] == ["net.refused.shape"] * 2
    laid = {0: 0, 1: 0}
    gates: list[int] = []  # per round from round 2, how long the guest's page showed the results before its Start
    round_ = 1
    while min(laid.values()) < ACTIONS or round_ <= 2:
        guest.page.wait_for_function(f"window.gamebox.view().round === {round_}", timeout=30_000)
        shown = time.monotonic()  # the table of the round is on the guest's page: the host sent it just before
        if round_ > 1:
            time.sleep(1.5)  # the guest reads the last round's results: its sand timer starts at its Start tap
        start_round(guest.page, round_)
        if round_ > 1:
            gates.append(round((time.monotonic() - shown) * 1000))
        time.sleep(0.3)  # the host's person starts the round later than the guest: its own sand timer starts then
        start_round(page, round_)
        clocks = {}
        # the guest solves first in odd rounds; in even ones its solve ends the round, and the next round's table
        # comes as the reply to it
        order = ((1, guest.page), (0, page)) if round_ % 2 else ((0, page), (1, guest.page))
        for seat, device in order:
            laid[seat] += tiles_of(page, seat)
            before = device.evaluate(CLOCK)
            started = time.monotonic()
            solve_by_dragging(device, seat, page)
            clocks[seat] = (before, before + (time.monotonic() - started) * 1000)  # its sand timer once solved
        for each in (page, guest.page):
            each.wait_for_function(f"window.gamebox.view().round === {round_ + 1}", timeout=30_000)
        results = {r["seat"]: r for r in guest.page.evaluate("window.gamebox.view().last_round.results")}
        on_host = page.evaluate("window.gamebox.view().last_round.results")  # a guest's codes are cut to the card
        assert results == {r["seat"]: {**r, "puzzle": r["puzzle"].rpartition("-")[2]} for r in on_host}
        # each person is timed on their own device: between its sand timer before their first drag and after
        # their last. The guest's too, though from round 2 its sand timer starts only at its Start tap on the last
        # round's results, well after the host sent the round (its page tells the host when its clock started)
        for seat in (0, 1):
            before, after = clocks[seat]
            # (`after` is the test's own clock added to the page's: under a loaded machine's load the two drift apart
            # by some hundreds of ms, between a drag's end and its reply)
            assert before <= results[seat]["time_ms"] <= after + 1000, (round_, seat, gates, clocks, results)
        round_ += 1
    history = page.evaluate("window.gamebox.table().history")
    print(f"Ubongo race, {round_ - 1} rounds: tiles laid by drags per person {laid}, "
          f"moves per person in the history {dict(sorted(Counter(seat for seat, _ in history).items()))}; "
          f"the guest's results were up {gates} ms before its Start, and its time was its own clock's")
    screenshot(guest.page, "devices-ubongo-guest")


# ---------------------------------------------------------------- real time: a seat away is held
def test_a_ubongo_race_holds_a_seat_whose_link_went_and_every_screen_says_whom_it_waits_for(host: SharedPage,
                                                                                            guests: Any) -> None:
    page = new_game(host, "ubongo", 3, "RACE7", "human,remote,remote")
    away, other = guests(phone=False), guests(phone=False)
    # before the guests join, the host's screen says whom the race waits for
    page.wait_for_function("document.getElementById('net-waiting')?.dataset.seats === '1,2'")
    away.join(page, 1)
    other.join(page, 2)
    page.wait_for_selector("#net-waiting", state="detached")
    for each in (page, away.page, other.page):
        each.wait_for_function(f"{GATE} === ''", timeout=30_000)
    time.sleep(1.0)
    before = away.page.evaluate(CLOCK)
    started = time.monotonic()
    away.page.evaluate("window.__channel.close()")
    # the host and the other guest say that the race waits for Player 2; its clock stands still meanwhile
    page.wait_for_function("document.getElementById('net-waiting')?.dataset.seats === '1'", timeout=20_000)
    other.page.wait_for_function("document.getElementById('net-waiting')?.dataset.seats === '1'", timeout=10_000)
    assert "Player 2" in page.inner_text("#net-waiting")
    screenshot(page, "devices-ubongo-host-waiting")
    screenshot(other.page, "devices-ubongo-guest-waiting")
    time.sleep(3.0)
    away.join(page, 1)
    away.page.wait_for_function(f"{GATE} === ''", timeout=30_000)
    after = away.page.evaluate(CLOCK)
    wall = (time.monotonic() - started) * 1000
    for each in (page, other.page):
        each.wait_for_selector("#net-waiting", state="detached", timeout=10_000)
    # the seat's sand timer went on from where it was, less the time it was away (at least the 3 s slept)
    assert 0 <= after - before <= wall - 2_500, (before, after, wall)
    solve_by_dragging(away.page, 1, page)
    solved = (time.monotonic() - started) * 1000
    solve_by_dragging(other.page, 2, page)
    solve_by_dragging(page, 0)
    for each in (page, away.page, other.page):
        each.wait_for_function("window.gamebox.view().round === 2", timeout=30_000)
    results = {r["seat"]: r for r in page.evaluate("window.gamebox.view().last_round.results")}
    # the host took the guest's own time, its bound moved on by the time it was away (not raised to the wall's)
    own = results[1]["time_ms"]
    assert own is not None and own <= before + solved - 2_500, (results, before, solved)
