"""Work done ahead (State.prepare, the bridge's ``prepare``): it fills caches only. A prepared position is exactly the
position it was (fingerprint, views, history, share code), a prepared game plays exactly as an unprepared one, and
the work prepared is the work a coming move then skips: an Ubongo race deals its rounds from the generator's memo,
a Whoopies throw is found simulated."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from gamebox.core import bridge, registry, share
from gamebox.core.game import Game, State
from gamebox.core.rng import Rng
from gamebox.ubongo import generator
from gamebox.ubongo.rules import UbongoState
from gamebox.whoopies import rules as whoopies_rules

MOST_CALLS = 100  # a whole Ubongo deck takes about 10 calls


def prepared(state: State[Any]) -> int:
    """Prepare ``state`` until it says nothing more is left; the number of calls."""
    for calls in range(1, MOST_CALLS + 1):
        if not state.prepare():
            return calls
    raise AssertionError(f"{state!r} still had more to prepare after {MOST_CALLS} calls")


def everything_seen(state: State[Any]) -> str:
    """All that any viewer and the share code see of ``state``, and its fingerprint."""
    seen = {
        "fingerprint": state.fingerprint(),
        "history": state.history,
        "views": [state.view(seat) for seat in [None, *range(state.players)]],
        "code": share.encode(state),
        "to_move": state.to_move,
    }
    return json.dumps(seen, sort_keys=True, default=str)


def random_points(game: Game[Any], seeds: int, moves: int) -> Iterator[State[Any]]:
    """Positions of seeded random games of ``game``, every player count from its least up to 4."""
    for number in range(seeds):
        players = game.min_players + number % (min(game.max_players, 4) - game.min_players + 1)
        chooser = Rng(f"prepare-test/{game.id}/{number}")
        state = game.new(f"PREP{number}", players)
        for _ in range(moves):
            if state.is_over:
                break
            yield state
            seat = chooser.choice(state.to_move)
            state.apply(seat, chooser.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game", registry.games(), ids=lambda game: game.id)
def test_prepare_never_changes_a_position(game: Game[Any]) -> None:
    for state in random_points(game, seeds=3, moves=40):
        before = everything_seen(state)
        prepared(state)
        assert everything_seen(state) == before


def race(seed: str, players: int, prepare: bool, edition: int = 2) -> list[str]:
    """The fingerprints of a seeded random Ubongo race, move by move; with ``prepare``, one prepare() call (a piece of
    the work) before each move, as the page sends one whenever the table settles."""
    game = registry.get("ubongo")
    chooser = Rng(f"prepare-test/race/{seed}")
    state = game.new(seed, players, edition=edition)
    fingerprints = [state.fingerprint()]
    while not state.is_over:
        if prepare:
            state.prepare()
        seat = chooser.choice(state.to_move)
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
        fingerprints.append(state.fingerprint())
    return fingerprints


@pytest.mark.parametrize(("seed", "players", "edition"),
                         [("PREPA", 2, 2), ("PREPB", 3, 2), ("PREPC", 4, 2), ("PREPD", 2, 1)])
def test_a_prepared_race_plays_as_an_unprepared_one(seed: str, players: int, edition: int) -> None:
    """Each run starts with no card made (generator.forget), so the prepared run's cards are made by prepare, in
    pieces, and the unprepared run's when they are dealt."""
    generator.forget()
    unprepared = race(seed, players, prepare=False, edition=edition)
    generator.forget()
    assert race(seed, players, prepare=True, edition=edition) == unprepared


@pytest.mark.parametrize("edition", [1, 2])
def test_a_prepared_race_deals_every_round_without_making_a_card(edition: int,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    generator.forget()
    state = registry.get("ubongo").new("PREPG", 3, edition=edition)  # its first round deals cards 11, 21 and 29
    assert isinstance(state, UbongoState)
    state.view(0)  # the first round's cards are made to show them
    coming = state.deck[3:27]
    assert generator.make_ahead("PREPG", state.side, coming, edition, until=0) != coming  # not the later rounds'
    prepared(state)

    def no_card_made(*args: object, **kwargs: object) -> None:
        raise AssertionError("a card was made when a round was dealt")

    monkeypatch.setattr(generator, "make_side", no_card_made)
    chooser = Rng("prepare-test/dealt")
    while state.round < 9:  # every round is dealt, shown and played without making a card (play-offs may need more)
        seat = chooser.choice(state.to_move)
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
        state.view(seat)


def test_a_race_starts_without_making_its_coming_rounds() -> None:
    """A new race makes no card at its set-up (the page prepares them while people think); showing it makes the
    first round's."""
    generator.forget()
    state = registry.get("ubongo").new("PREPF", 4)
    assert isinstance(state, UbongoState)
    every_card = range(1, 55)
    assert generator.make_ahead(state.deck_seed, state.side, every_card, state.edition, until=0) == []  # none made
    assert state.prepare()  # a whole race's cards are more than one piece
    state.view(0)
    dealt = [card for card in state.cards if card is not None]
    assert dealt and generator.make_ahead(state.deck_seed, state.side, dealt, state.edition, until=0) == dealt


def throws(seed: str, players: int, prepare: bool) -> list[str]:
    """The fingerprints of a seeded random Whoopies game, move by move; with ``prepare``, prepared before each
    move."""
    game = registry.get("whoopies")
    chooser = Rng(f"prepare-test/throws/{seed}")
    state = game.new(seed, players)
    fingerprints = [state.fingerprint()]
    for _ in range(150):
        if state.is_over:
            break
        if prepare:
            prepared(state)
        seat = chooser.choice(state.to_move)
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
        fingerprints.append(state.fingerprint())
    return fingerprints


@pytest.mark.parametrize("number", range(6))
def test_prepared_throws_play_as_unprepared_ones(number: int) -> None:
    players = 2 + number % 3
    unprepared = throws(f"PREPW{number}", players, prepare=False)
    with whoopies_rules.every_throw_kept():  # none kept yet: the prepared run simulates its throws afresh, ahead
        assert throws(f"PREPW{number}", players, prepare=True) == unprepared


def test_a_prepared_throw_is_found_simulated(monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get("whoopies")
    chooser = Rng("prepare-test/throw")
    thrown = 0
    for number in range(4):
        state = game.new(f"PREPT{number}", 3)
        for _ in range(80):
            if state.is_over:
                break
            if state.legal_actions(state.to_move[0]) == ["throw"]:
                prepared(state)
                with monkeypatch.context() as patch:
                    patch.setattr(whoopies_rules, "simulate", lambda *args: pytest.fail("simulated when thrown"))
                    state.apply(state.to_move[0], "throw")
                    state.view(state.to_move[0])
                thrown += 1
                continue
            seat = chooser.choice(state.to_move)
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert thrown >= 4


def test_the_bridge_prepares_the_open_table_and_nothing_without_one() -> None:
    bridge.reset()
    assert json.loads(bridge.handle_json('{"op": "prepare"}')) == {"ok": True, "more": False}
    table = json.loads(bridge.handle_json(json.dumps({"op": "new", "game": "ubongo", "players": 2, "seed": "PREPB"})))
    reply = json.loads(bridge.handle_json('{"op": "prepare"}'))
    assert reply["ok"] and isinstance(reply["more"], bool) and "view" not in reply
    assert json.loads(bridge.handle_json('{"op": "view"}'))["fingerprint"] == table["fingerprint"]
    bridge.reset()
