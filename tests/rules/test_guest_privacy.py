"""What leaves the host for a guest device never holds another seat's secret (docs/multi-device.md, "What a guest
receives"): seeded random games of Up Combine, Ubongo and Whoopies, every person on its own device, where every
reply a guest gets (its tables at its own clocks, its legal actions, its moves' tables) is searched for the other
hands' symbols, the pending grabs and hand-ins its clock has not reached, the seed and the state's fingerprint; and
twin games that differ only in another seat's secret send a guest byte-identical replies."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamebox
from gamebox.core import bridge, viewer
from gamebox.core.bridge import Table
from gamebox.core.game import State
from gamebox.core.rng import Rng
from gamebox.upcombine.pieces import SYMBOLS, sorted_pieces
from tests.rules.guest_requests import (  # noqa: F401 - fresh_table: autouse
    ask,
    current,
    fresh_table,
    guest,
    open_position,
    random_points,
)

REMOTE = {"kind": "remote", "level": ""}
SECRET_GAMES = [game_id for game_id in gamebox.ready_ids()
                if gamebox.get(game_id).hidden_information or gamebox.get(game_id).simultaneous]
# The clocks a guest's page may ask with, in a real-time phase: none, the start, within a grab, late in a race.
CLOCK_RANGES = (None, 0, 2_500, 60_000)
# the seeded random games of the twin and leak tests
TWINS = "guest-twins"


def bot(game_id: str) -> dict[str, str]:
    return {"kind": "bot", "level": gamebox.get(game_id).bot_levels[0]}


def open_state() -> State[Any]:
    return current().state


# ---------------------------------------------------------------- random games, every guest's replies
Reply = tuple[int, int | None, dict[str, Any]]


def guest_replies(game_id: str, players: int, number: int, moves: int, bots: int = 1) -> Iterator[Reply]:
    """Every reply the guests of a seeded random game get, as (guest seat, its clock, reply), each yielded while the
    table is the one it was made from. Seats 0.. are remote, the last ``bots`` are bots; each guest asks its table
    and its legal actions at a clock of its own before every move, and the mover (a random one of those to move)
    plays a random legal action its table allows."""
    chooser = Rng(f"guest-privacy/{game_id}/{players}/{number}")
    seats = [REMOTE] * (players - bots) + [bot(game_id)] * bots
    seed = f"PRIV{number}{game_id.upper()}"
    assert ask(op="new", game=game_id, players=players, seed=seed, seats=seats)["ok"]
    timed = gamebox.get(game_id).simultaneous

    def clock() -> int | None:
        if not timed:
            return None
        top = chooser.choice(CLOCK_RANGES)
        return top if top is None else chooser.below(top + 1)

    for _ in range(moves):
        state = open_state()
        if state.is_over:
            return
        for seat in range(players - bots):
            at = clock()
            yield seat, at, guest(seat, op="view", clock_ms=at)
            if seat in state.to_move:
                yield seat, at, guest(seat, op="legal", seat=seat, clock_ms=at)
        mover = chooser.choice(state.to_move)
        if seats[mover]["kind"] == "bot":
            assert ask(op="bot", budget_ms=5)["ok"]
            continue
        earliest = current().earliest_ms(mover)
        allowed = [action for action in state.legal_actions(mover)
                   if earliest is None or (state.reveal_ms(mover, action) or earliest) >= earliest]
        at = clock()
        played = guest(mover, op="apply", seat=mover, action=chooser.choice(allowed), clock_ms=at)
        assert played["ok"], played
        yield mover, at, played


def text_of(reply: dict[str, Any]) -> str:
    return json.dumps(reply, separators=(",", ":"))


def pending_secrets(state: State[Any], seat: int, clock: int | None) -> list[str]:
    """The other seats' secret moves of the running run that ``seat`` may not see at ``clock`` (a pass or a give-up
    is a word the page shows anyway: only timed moves are searched for; and one the guest made too is its own)."""
    run = state.history[viewer.public_moves(state):]
    own = {action for mover, action in run if mover == seat}
    return [action for other, action in run
            if not viewer.revealed(state, seat, clock, other, action) and state.reveal_ms(other, action) is not None
            and action != "timeout" and action not in own]


def piece_texts(code: str) -> list[str]:
    """How a piece could be written in a reply: its face, a log line's words, its notation."""
    colour, symbol = code[0], code[1]
    return [f'"colour":"{colour}","symbol":"{symbol}"', f'"colour":"{colour}","symbol":"{SYMBOLS[symbol]}"',
            f'"{code} ']


class UpCombineWitness:
    """What each guest of an Up Combine game may know of the pieces: every piece ever shown on a stack or named by
    a move, and every piece ever in its own hand."""

    def __init__(self) -> None:
        self.public: set[str] = set()
        self.own: dict[int, set[str]] = {}

    def hidden(self, state: State[Any], seat: int) -> set[str]:
        self.public.update(code for stack in state.stacks for code in stack)  # type: ignore[attr-defined]
        self.public.update(action.split()[0] for _, action in state.history if len(action.split()[0]) == 2)
        mine = self.own.setdefault(seat, set())
        mine.update(state.hands[seat])  # type: ignore[attr-defined]
        others = {code for owner, hand in enumerate(state.hands) if owner != seat  # type: ignore[attr-defined]
                  for code in hand}
        return others - self.public - mine


def drawn_from_the_seed(state: State[Any]) -> list[str]:
    """What the seed makes that is not on the table, as a reply could write it: the seed; Ubongo's deck seed (the seed
    itself, or a hash of it), which every puzzle code starts with; Whoopies' throw key, an output of the state's
    generator (a few of them give away its state: every coming throw and roll)."""
    found = [state.seed]
    deck_seed = getattr(state, "deck_seed", None)
    if isinstance(deck_seed, str):
        found += [deck_seed, f"{deck_seed}-"]
    throw_key = getattr(state, "throw_key", None)
    if isinstance(throw_key, str):
        found.append(throw_key)
    return found


def assert_private(game_id: str, replies: Iterator[Reply]) -> int:
    """Search every reply for what its guest may not know; the number of replies searched."""
    witness = UpCombineWitness()
    checked = 0
    for seat, clock, reply in replies:
        state = open_state()
        text = text_of(reply)
        assert reply["ok"] and reply.get("viewer", seat) == seat and state.fingerprint() not in text
        if viewer.seed_is_secret_from_guests(state):
            for drawn in drawn_from_the_seed(state):
                assert drawn not in text, (seat, drawn, reply)
        # a legal reply lists the guest's own candidate moves, which another seat may have chosen too (the twins
        # below show that the list is the same whatever the others did)
        table = text_of({key: value for key, value in reply.items() if key != "actions"})
        for action in pending_secrets(state, seat, clock):
            assert action not in table, (seat, clock, action)
        if game_id == "upcombine" and not state.is_over:
            for code in witness.hidden(state, seat):
                assert not any(written in text for written in piece_texts(code)), (seat, code, reply)
        checked += 1
    return checked


@pytest.mark.parametrize(("game_id", "players", "moves"), [
    ("upcombine", 3, 60), ("upcombine", 4, 40), ("whoopies", 3, 90), ("whoopies", 4, 60), ("ubongo", 3, 10)])
def test_no_guest_reply_holds_another_seats_secret(game_id: str, players: int, moves: int) -> None:
    assert game_id in SECRET_GAMES
    checked = sum(assert_private(game_id, guest_replies(game_id, players, number, moves)) for number in range(2))
    assert checked >= moves


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(["upcombine", "whoopies"]), players=st.integers(2, 4), number=st.integers(0, 10**6),
       bots=st.integers(0, 1))
def test_any_seeded_game_with_remote_seats_keeps_every_secret_from_every_guest(
        game_id: str, players: int, number: int, bots: int) -> None:
    bots = min(bots, players - 1)
    assert_private(game_id, guest_replies(game_id, players, number, 25, bots))
    bridge.reset()


@pytest.mark.parametrize(("game_id", "players", "moves", "bots"), [
    ("ubongo", 2, 12, 0), ("ubongo", 4, 8, 2), ("whoopies", 2, 60, 0), ("whoopies", 3, 60, 1), ("upples", 2, 40, 0),
    ("upples", 3, 40, 1)])
def test_no_guest_reply_holds_what_the_seed_makes_but_the_table_does_not_show(
        game_id: str, players: int, moves: int, bots: int) -> None:
    """Neither the seed nor what it draws that is not on the table (Ubongo's deck seed and the puzzle codes made of
    it, Whoopies' throw key) reaches a guest before the game is over."""
    checked = sum(assert_private(game_id, guest_replies(game_id, players, number, moves, bots)) for number in range(2))
    assert checked >= moves


def test_a_guests_ubongo_view_names_each_puzzle_by_its_card_and_the_host_keeps_the_codes() -> None:
    seats = [REMOTE, REMOTE, bot("ubongo")]
    assert ask(op="new", game="ubongo", players=3, seed="K7Q2M", seats=seats)["ok"]
    state = open_state()
    codes = [state.puzzle_code(seat) for seat in range(3)]  # type: ignore[attr-defined]
    host = ask(op="view")["view"]
    assert host["deck_seed"] == "K7Q2M" and [entry["puzzle"] for entry in host["seats"]] == codes
    for seat in (0, 1):
        view = guest(seat, op="view")["view"]
        assert "deck_seed" not in view and "next_puzzle" not in view
        assert [entry["puzzle"] for entry in view["seats"]] == [code.split("-")[1] for code in codes]
        assert [entry["board"] for entry in view["seats"]] == [entry["board"] for entry in host["seats"]]
    # once the game is over, the guest gets the seed and the codes too
    while not (state := open_state()).is_over:
        mover = state.to_move[0]
        if seats[mover]["kind"] == "bot":
            assert ask(op="bot", budget_ms=5)["ok"]
        else:
            assert guest(mover, op="apply", seat=mover, action="timeout")["ok"]
    over = guest(0, op="view")
    assert over["seed"] == "K7Q2M" and over["view"]["deck_seed"] == "K7Q2M"


def test_a_guests_whoopies_throw_is_named_by_what_it_sees_never_by_its_key() -> None:
    for number in range(3):
        seats = [REMOTE, REMOTE]
        assert ask(op="new", game="whoopies", players=2, seed=f"THROW{number}", seats=seats)["ok"]
        while (state := open_state()).phase != "grab":  # type: ignore[attr-defined]
            mover = state.to_move[0]
            assert guest(mover, op="apply", seat=mover, action=state.legal_actions(mover)[0])["ok"]
        key = state.throw_key  # type: ignore[attr-defined]
        host = ask(op="view")["view"]["throw"]
        assert host["key"] == key
        views = [guest(seat, op="view")["view"]["throw"] for seat in (0, 1)]
        assert views[0] == views[1] and views[0]["key"] != key and key not in text_of(views[0])
        assert {**views[0], "key": key} == host


# ---------------------------------------------------------------- twins: another seat's secret differs
Opener = Callable[[], object]


def reached(state: State[Any], seats: list[dict[str, str]]) -> Opener:
    """Opens the position ``state`` is at, through requests (``new`` after its history)."""
    return lambda: open_position(state, seats)


def laid(twin: State[Any], seats: list[dict[str, str]]) -> Opener:
    """Opens a twin no request reaches (a real game with another seat's secret or its future changed), through the
    bridge's one door for such a position (bridge.open_table)."""
    return lambda: bridge.open_table(Table(twin.copy(), seats))


def replies_to(opened: Opener, seat: int, clock: int | None, action: str | None = None) -> str:
    """Everything the guest at ``seat`` gets from the table ``opened`` opens: its table and legal actions at
    ``clock``, and the table after it plays ``action`` (if any), byte for byte."""
    opened()
    got = [guest(seat, op="view", clock_ms=clock), guest(seat, op="legal", seat=seat, clock_ms=clock)]
    if action is not None:
        got.append(guest(seat, op="apply", seat=seat, action=action, clock_ms=clock))
    return json.dumps(got, sort_keys=True)


def swapped_symbol(state: State[Any], owner: int) -> State[Any] | None:
    """``state`` with one piece of ``owner``'s hand swapped for a piece of the same colour and another symbol from
    the pile: the same game to every other seat."""
    twin = state.copy()
    hand, pile = twin.hands[owner], twin.pile  # type: ignore[attr-defined]
    for index, code in enumerate(hand):
        for spot, other in enumerate(pile):
            if other[0] == code[0] and other != code:
                hand[index], pile[spot] = other, code
                hand[:], pile[:] = sorted_pieces(hand), sorted_pieces(pile)
                return twin
    return None


def a_placement(state: State[Any]) -> str | None:
    """The guest's first move that draws nothing (what it draws from the pile, a secret that differs, is its own)."""
    seat = 1
    if seat not in state.to_move:
        return None
    return next((action for action in state.legal_actions(seat) if not action.startswith("draw")), None)


def test_two_up_combine_games_that_differ_only_in_another_hand_look_the_same_to_a_guest() -> None:
    checked = 0
    for players in (3, 4):
        for state in random_points("upcombine", players, seeds=3, moves=30, label=TWINS):
            for owner in (0, 2):
                twin = swapped_symbol(state, owner)
                if twin is None:
                    continue
                assert twin.hands[owner] != state.hands[owner]  # type: ignore[attr-defined]
                seats = [REMOTE] * players
                move = a_placement(state)
                first = replies_to(reached(state, seats), 1, None, move)
                second = replies_to(laid(twin, seats), 1, None, move)
                assert first == second, (state.history, owner)
                checked += 1
    assert checked >= 60


def pending(game_id: str, players: int, seeds: int, moves: int, timed: str) -> Iterator[tuple[State[Any], int]]:
    """Points of random games where seat 0 and another seat are both to move in a run of secret moves, and the
    other could make a timed move (``timed``: its verb)."""
    for state in random_points(game_id, players, seeds, moves, label=TWINS):
        if len(state.to_move) < 2 or 0 not in state.to_move:
            continue
        other = next(seat for seat in state.to_move if seat != 0)
        if any(action.startswith(timed) for action in state.legal_actions(other)):
            yield state, other


def twin_tables(state: State[Any], other: int, first: str, second: str) -> tuple[Opener, Opener]:
    """Open ``state`` with every seat remote, after ``other``'s guest plays ``first``, or ``second``."""
    seats = [REMOTE] * state.players

    def after(action: str) -> Opener:
        def opened() -> None:
            open_position(state, seats)
            assert guest(other, op="apply", seat=other, action=action)["ok"]
        return opened

    return after(first), after(second)


def test_two_whoopies_grabs_that_differ_only_in_another_seats_grab_look_the_same_until_the_guests_clock_passes_it(
        ) -> None:
    checked = 0
    for players in (2, 3):
        for state, other in islice(pending("whoopies", players, seeds=4, moves=100, timed="grab "), 8):
            grabs = [action for action in state.legal_actions(other) if action.startswith("grab ")]
            early, late = grabs[0], grabs[-1]
            at = min(state.reveal_ms(other, early) or 0, state.reveal_ms(other, late) or 0)
            mine = f"grab 1,1 @{max(0, at - 1)}"  # the guest's own grab, before either
            for second in (late, "pass"):
                one, two = twin_tables(state, other, early, second)
                for clock in (None, 0, at - 1):
                    assert replies_to(one, 0, clock) == replies_to(two, 0, clock), (second, clock)
                one, two = twin_tables(state, other, early, second)
                after_one, after_two = (json.loads(replies_to(table, 0, None, mine)) for table in (one, two))
                if after_one[-1]["sealed"] and after_two[-1]["sealed"]:  # its grab did not end the grab
                    assert after_one == after_two, second
            checked += 1
    assert checked >= 12


def test_two_ubongo_races_that_differ_only_in_another_seats_hand_in_look_the_same_until_the_guests_clock_passes_it(
        ) -> None:
    checked = 0
    for state, other in pending("ubongo", 2, seeds=2, moves=6, timed="solve "):
        solves = [action for action in state.legal_actions(other) if action.startswith("solve ")]
        early, late = solves[39], solves[45]
        at = state.reveal_ms(other, early)
        assert at is not None
        for second in (late, "timeout"):
            one, two = twin_tables(state, other, early, second)
            for clock in (None, 0, at - 1):
                assert replies_to(one, 0, clock) == replies_to(two, 0, clock), (second, clock)
        checked += 1
    assert checked >= 2


# ---------------------------------------------------------------- twins: the future differs
def other_future(state: State[Any], number: int) -> State[Any]:
    """``state`` with another future: the state's generator drawn anew (the coming throws, rolls, colour tokens and
    reshuffles), and the cards still face down in another order (Ubongo's deck after the dealt cards, Upples' draw
    pile). Everything on the table now is the same."""
    twin = state.copy()
    twin.rng = Rng(f"another-future/{number}")
    for pile, start in (("deck", getattr(twin, "deck_pos", 0)), ("pile", 0)):
        cards = getattr(twin, pile, None)
        if isinstance(cards, list) and len(cards) - start > 1:
            rest = cards[start:]
            twin.rng.shuffle(rest)
            if rest == cards[start:]:
                rest.reverse()
            cards[start:] = rest
    return twin


def future_twins(game_id: str, players: int, seeds: int, moves: int) -> Iterator[tuple[State[Any], State[Any]]]:
    for number, state in enumerate(random_points(game_id, players, seeds, moves, label=TWINS)):
        yield state, other_future(state, number)


def face_down(state: State[Any]) -> list[Any]:
    """The cards still to come, in their order: Ubongo's deck after the dealt cards, Upples' draw pile."""
    return [*getattr(state, "deck", [])[getattr(state, "deck_pos", 0):], *getattr(state, "pile", [])]


@pytest.mark.parametrize(("game_id", "players", "moves"), [
    ("ubongo", 2, 12), ("ubongo", 3, 8), ("whoopies", 2, 60), ("whoopies", 3, 40), ("upples", 2, 30),
    ("upples", 4, 20)])
def test_two_games_that_differ_only_in_what_is_to_come_look_the_same_to_a_guest(
        game_id: str, players: int, moves: int) -> None:
    """Ubongo: the same cards dealt, the coming ones in another order; Whoopies: the same throw on the table, other
    throws and rolls to come; Upples: the same board, another draw pile. A guest's table and legal actions at any
    clock are the same, byte for byte, and so is the table after its own move, while that move shows nothing new
    (a hand-in or a grab that does not end the run)."""
    checked = reordered = 0
    timed = gamebox.get(game_id).simultaneous
    for state, twin in future_twins(game_id, players, seeds=2, moves=moves):
        assert state.rng.state != twin.rng.state
        reordered += face_down(state) != face_down(twin)
        seats = [REMOTE] * players
        for seat in range(players):
            for clock in ((None, 0, 2_500) if timed else (None,)):
                one = replies_to(reached(state, seats), seat, clock)
                two = replies_to(laid(twin, seats), seat, clock)
                assert one == two, (state.history, seat, clock)
        mover = state.to_move[0] if state.to_move else None
        if timed and mover is not None and len(state.to_move) > 1:
            action = state.legal_actions(mover)[-1]
            after = [json.loads(replies_to(opened, mover, None, action))[-1]
                     for opened in (reached(state, seats), laid(twin, seats))]
            assert after[0]["sealed"] == after[1]["sealed"]
            if after[0]["sealed"]:
                assert after[0] == after[1], (state.history, action)
        checked += 1
    assert checked >= moves
    assert game_id == "whoopies" or reordered >= checked // 2


# ---------------------------------------------------------------- a watcher: a device with no seat
def watcher(**request: Any) -> dict[str, Any]:
    """A request from a watcher's device (the host's stands add ``guest`` and ``watch``, and no viewer)."""
    return ask(guest=True, watch=True, **request)


def watcher_replies(opened: Opener, mover: int | None = None, action: str | None = None) -> str:
    """Everything a watcher gets from the table ``opened`` opens: its table, the refusal of a move it sends, and its
    table after ``mover`` (a guest) plays ``action``, byte for byte."""
    opened()
    got = [watcher(op="view"), watcher(op="view", clock_ms=60_000), watcher(op="legal", seat=0)]
    if mover is not None and action is not None:
        got.append(watcher(op="apply", seat=mover, action=action))
        assert guest(mover, op="apply", seat=mover, action=action)["ok"]
        got.append(watcher(op="view"))
    return json.dumps(got, sort_keys=True)


def test_two_up_combine_games_that_differ_only_in_a_hand_look_the_same_to_a_watcher() -> None:
    """A watcher sees no hand at all: twins that differ in any seat's hand give it byte-identical replies, before and
    after a move, and its own move is refused the same way in both."""
    checked = 0
    for players in (2, 3):
        for state in random_points("upcombine", players, seeds=2, moves=30, label=TWINS):
            for owner in range(players):
                twin = swapped_symbol(state, owner)
                if twin is None:
                    continue
                seats = [REMOTE] * players
                mover = state.to_move[0]
                # a placement by another seat (a draw or a base shows what the pile holds, which the twin changed)
                move = None if mover == owner else next((action for action in state.legal_actions(mover)
                                                         if not action.startswith(("draw", "bases"))), None)
                first = watcher_replies(reached(state, seats), mover, move)
                second = watcher_replies(laid(twin, seats), mover, move)
                assert first == second, (state.history, owner)
                checked += 1
    assert checked >= 60


@pytest.mark.parametrize(("game_id", "players", "moves"), [("ubongo", 2, 8), ("whoopies", 2, 40), ("upples", 2, 20)])
def test_two_games_that_differ_only_in_what_is_to_come_look_the_same_to_a_watcher(
        game_id: str, players: int, moves: int) -> None:
    checked = 0
    for state, twin in future_twins(game_id, players, seeds=2, moves=moves):
        seats = [REMOTE] * players
        assert watcher_replies(reached(state, seats)) == watcher_replies(laid(twin, seats)), state.history
        checked += 1
    assert checked >= moves


@pytest.mark.parametrize(("game_id", "players", "moves"),
                         [("upcombine", 3, 60), ("whoopies", 3, 60), ("ubongo", 2, 10)])
def test_no_watcher_reply_holds_a_hand_a_pending_secret_move_or_the_seed(
        game_id: str, players: int, moves: int) -> None:
    """Every table a watcher gets along a seeded random game, searched as a guest's are, for every seat: no hand of
    Up Combine that is not in plain sight, no secret move still pending, nothing the seed draws, until the end."""
    witness = UpCombineWitness()
    checked = 0
    for seat, _clock, _reply in guest_replies(game_id, players, 0, moves):
        state = open_state()
        reply = watcher(op="view", clock_ms=60_000)
        text = text_of(reply)
        assert reply["ok"] and reply["viewer"] is None and reply["view"]["targets"] == []
        assert state.fingerprint() not in text and not reply["sealed"]
        if viewer.seed_is_secret_from_guests(state):
            assert reply["seed"] is None and reply["share"] is None
            for drawn in drawn_from_the_seed(state):
                assert drawn not in text
        for action in pending_secrets(state, -1, None):
            assert action not in text, action
        if game_id == "upcombine" and not state.is_over:
            assert all("pieces" not in hand for hand in reply["view"]["hands"])
            for code in witness.hidden(state, seat) - set().union(*state.hands):  # type: ignore[attr-defined]
                assert not any(written in text for written in piece_texts(code))
        checked += 1
    assert checked >= moves
