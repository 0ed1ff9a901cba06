"""Upples with teams on three devices (docs/multi-device.md, docs/rules/upples.md "Teams"): seats 0 + 2 against
1 + 3. The host's person plays seat 0 with a bot partner on seat 2; two guests, each on its own phone, play seats 1
and 3 (partners). Everyone plays by tapping where window.gamebox.targets() says, on their own page, over real
WebRTC data channels (the helpers of test_devices_e2e.py).

What a seat may see of the others, by the rules: the 49 cards lie face up, kept super upples and the discard pile are
face up, so every seat's view is the same, except the draw pile's order (face down: a count only), the seed that
makes it, and the rules' refusals, which only the seat to move gets. A team changes nothing of that: a partner sees
no more than an opponent. Each guest records every message it receives, and the test checks each table against
the rules' own view for that seat, replayed from the final game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from gamebox.core import share
from gamebox.upples.deck import CODES

from .conftest import SharedPage, screenshot, settled, tap_at
from .test_devices_e2e import ACTIONS, Guest, guests, host, moves, wait_moves, wait_targets

# Not about judging nor the review: the game in play is not judged, so no move waits for a judging piece
# (conftest.NOT_JUDGING)
JUDGING_DURING_PLAY = False

# WebRTC: run in a network namespace of its own (tools/netns.sh; conftest.py network_namespace)
NETWORK_NAMESPACE = True

__all__ = ["guests", "host"]  # the fixtures of test_devices_e2e.py: one host page for this module, guests per test

TEAMS = {"mode": "naughty", "teams": True}


def new_team_game(shared: SharedPage, seed: str, seats: str) -> Any:
    """A new 4-player Upples team game on the host, opened with `seats`, its devices panel closed."""
    page = shared.page
    page.evaluate("document.body.dataset.fingerprint = ''")
    page.evaluate("([seed, options, seats]) => window.gamebox.request({op: 'new', game: 'upples', players: 4, seed,"
                  " options}).then((reply) => window.gamebox.open(reply.resume, seats))", [seed, TEAMS, seats])
    page.wait_for_function("window.gamebox.table() && window.gamebox.table().game === 'upples'"
                           " && document.body.dataset.fingerprint")
    page.evaluate("document.getElementById('devices-close')?.click()")
    settled(page)
    return page


def upples_jump(page: Any, seat: int, turn: int, touch: bool) -> str:
    """One action of `seat` by taps on its own page: one of its targets (a different one turn by turn); a jump that
    asks (a multicolour's new state) takes a second touch on the first answer. Returns the action."""
    page.wait_for_function("(seat) => { const t = window.gamebox.table(); return t && !t.is_over"
                           " && t.to_move[0] === seat && window.gamebox.targets().length > 0; }", arg=seat,
                           timeout=30_000)
    shown = wait_targets(page)
    chosen = shown[turn % len(shown)]
    if "action" not in chosen:
        tap_at(page, chosen, touch)
        page.wait_for_function("window.gamebox.targets().length > 0"
                               " && window.gamebox.targets().every((target) => target.action)")
        chosen = wait_targets(page)[0]
    tap_at(page, chosen, touch)
    return str(chosen["action"])


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def same_for_every_seat(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what depends on the seat (the seat to move's refusals, the bridge's targets)."""
    return {name: value for name, value in view.items() if name not in ("refusals", "targets")}


def lists_in(value: Any) -> Iterator[list[Any]]:
    """Every list inside a message, however deep."""
    if isinstance(value, list):
        yield value
        for item in value:
            yield from lists_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from lists_in(item)


def run_in(run: list[str], codes: list[Any]) -> bool:
    """Whether `run` stands in `codes` in a row (the discard pile's codes may be any of the deck's 124)."""
    return any(codes[start:start + len(run)] == run for start in range(len(codes) - len(run) + 1))


def nothing_hidden_reached(guest: Guest, seat: int, code: str) -> int:
    """Every message the guest received holds no host record and no hidden card: each table is the rules' view for
    `seat` at that point of the game, a partner's and an opponent's view alike, and the next cards of the draw
    pile (its next 6, in order) are nowhere in it. Returns how many tables were checked."""
    final = share.decode(code)
    checked = 0
    for message in guest.messages():
        text = json.dumps(message)
        assert '"resume"' not in text and '"deal"' not in text and '"pile"' not in text, text[:200]
        table = message.get("table") or (message.get("reply") if message.get("t") == "reply" else None)
        if not table or not table.get("ok") or "view" not in table:
            continue
        assert table["viewer"] == seat
        assert table["can_undo"] is False and table["hints"] is False
        assert table["seed"] is None or table["is_over"], "the seed makes the face-down draw pile"
        state: Any = final.game.replay(final.seed, final.players, final.options,
                                       [tuple(move) for move in table["history"]], final.edition)
        view = table["view"]
        assert view["teams"] == [[0, 2], [1, 3]]
        assert view == {**plain(state.view(seat)), "targets": view.get("targets", [])}
        for other in range(4):  # the partner (seat ^ 2) sees exactly what an opponent sees
            assert same_for_every_seat(view) == same_for_every_seat(plain(state.view(other)))
        if view["current"] != seat:
            assert not view["refusals"] and not view.get("targets"), "refusals and targets go to the seat to move"
        assert view["draw_pile"] == len(state.pile)
        upcoming = [CODES[card] for card in reversed(state.pile)][:6]  # drawn from the end
        if len(upcoming) == 6:
            assert not any(run_in(upcoming, codes) for codes in lists_in(message)), "the draw pile reached a guest"
        checked += 1
    return checked


def test_upples_teams_on_three_devices_each_person_plays_by_taps(host: SharedPage, guests: Any) -> None:
    page = new_team_game(host, "DEVTEAMS4", "human,remote,easy,remote")
    left, right = guests(), guests()
    left.join(page, 1)
    right.join(page, 3)
    assert [peer["state"] for peer in page.evaluate("window.gamebox.peers()")] == ["connected", "connected"]
    devices = {0: page, 1: left.page, 3: right.page}
    played = {0: 0, 1: 0, 3: 0}
    while min(played.values()) < ACTIONS:
        table = page.evaluate("window.gamebox.table()")
        assert not table["is_over"], f"the game ended first: {played}"
        seat = table["to_move"][0]
        before = len(table["history"])
        if seat == 2:  # the host's bot, the host person's partner
            wait_moves(page, before + 1)
        else:
            action = upples_jump(devices[seat], seat, played[seat], touch=seat != 0)
            wait_moves(page, before + 1)
            assert page.evaluate("window.gamebox.table().history")[before] == [seat, action]
            played[seat] += 1
        for each in devices.values():
            wait_moves(each, before + 1)
    final = moves(page)
    for each in (left.page, right.page):
        wait_moves(each, final)
        assert each.evaluate("window.gamebox.table().history") == page.evaluate("window.gamebox.table().history")
    # a guest's page shows its seat's team score, pooled with its partner's, as the host's does
    scores = page.evaluate("window.gamebox.view().scores")
    assert scores[1] == scores[3] and scores[0] == scores[2]
    assert left.page.evaluate("window.gamebox.view().scores") == scores
    code = page.evaluate("window.gamebox.table().resume")
    assert nothing_hidden_reached(left, 1, code) >= ACTIONS
    assert nothing_hidden_reached(right, 3, code) >= ACTIONS
    screenshot(page, "devices-upples-teams-host")
    screenshot(left.page, "devices-upples-teams-guest")
