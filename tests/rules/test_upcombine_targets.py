"""Up Combine's targets (what a person can touch now, core/targets.py) and refusals (why another touch is not a
move), at many points of seeded random games for 2 to 5 players: they are the legal actions exactly, worded by
keys the three catalogues know, and they never show a hand to anyone but its owner."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gamebox import IllegalAction
from gamebox.core.rng import Rng
from gamebox.upcombine import GAME, UpCombineState, bots
from gamebox.upcombine.pieces import COLOUR_ORDER, SYMBOLS
from gamebox.upcombine.rules import bases_chooser
from tests.catalogues import CATALOGUES

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [2, 3, 4, 5]
SYMBOL_LETTER = {name: letter for letter, name in SYMBOLS.items()}


def positions(players: int, games: int = 3, steps: int = 400) -> Iterator[UpCombineState]:
    """Every position of a few random games (a player that usually places, so rounds end)."""
    for game in range(games):
        state = GAME.new(f"TGT{players}x{game}", players)
        assert isinstance(state, UpCombineState)
        rng = Rng(f"targets/{players}/{game}")
        for _ in range(steps):
            if state.is_over:
                break
            yield state
            seat = state.to_move[0]
            placements = state.placements(seat)
            action = rng.choice(placements) if placements and rng.below(4) else rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
        yield state


def placement_code(target: dict[str, object]) -> str:
    thing = target["thing"]
    assert isinstance(thing, dict)
    return str(thing["id"])


@pytest.mark.parametrize("players", PLAYERS)
def test_the_targets_of_the_seat_to_move_are_its_legal_actions_exactly(players: int) -> None:
    for state in positions(players):
        for seat in range(players):
            actions = [target["action"] for target in state.targets(seat)]
            assert sorted(actions) == sorted(state.legal_actions(seat))
            assert len(actions) == len(set(actions))


@pytest.mark.parametrize("players", PLAYERS)
def test_targets_are_empty_for_a_seat_not_to_move_and_for_a_spectator(players: int) -> None:
    for state in positions(players, games=2):
        assert state.targets(None) == []
        assert state.view(None)["refusals"] == []
        for seat in range(players):
            if seat not in state.to_move:
                assert state.targets(seat) == []
                assert state.view(seat)["refusals"] == []


@pytest.mark.parametrize("players", PLAYERS)
def test_a_placement_is_a_piece_of_the_own_hand_then_its_stack(players: int) -> None:
    for state in positions(players, games=2):
        if state.is_over:
            continue
        seat = state.current
        for target in state.targets(seat):
            action, thing = target["action"], target["thing"]
            if thing["kind"] == "piece":
                code, number = action.split(" ")
                assert thing["id"] == code and code in state.hands[seat]
                assert target["to"] == {"kind": "stack", "id": number}
                assert target["params"]["colour"] == code[0]
                assert SYMBOL_LETTER[str(target["params"]["symbol"])] == code[1]
                assert target["params"]["stack"] == int(number)
            elif thing["kind"] == "tile" and "to" in target:
                assert action == f"bases {thing['id']} {target['to']['id']}"
            elif thing["kind"] == "tile":
                assert action == f"draw {thing['id']}"
                assert target["params"]["count"] == sum(1 for code in state.pile if code[0] == thing["id"])
            else:
                assert thing == {"kind": "button", "id": "pass"} and action == "pass"


@pytest.mark.parametrize("players", PLAYERS)
def test_the_score_preview_of_a_placement_is_what_playing_it_does(players: int) -> None:
    """A placement's params say how many pieces its seat holds after it (its points if the round ended then; 0:
    it empties the hand and wins the round) and whether it gives the stack its fifth colour, which splits it."""
    checked = 0
    for state in positions(players, games=2, steps=250):
        if state.is_over or state.choosing_bases:
            continue
        seat = state.current
        for target in state.targets(seat):
            if target["thing"]["kind"] != "piece":
                continue
            params = target["params"]
            twin = state.copy()
            before = len(twin.log)
            twin.apply(seat, target["action"])
            keys = [entry["key"] for entry in twin.log[before:]]
            assert params["points"] == len(state.hands[seat]) - 1
            assert bool(params["split"]) == ("upcombine.split" in keys)
            if params["points"] == 0:
                assert target["key"] == "upcombine.act.place_last" and "upcombine.round_won" in keys
            else:
                assert target["key"] == ("upcombine.act.place_split" if params["split"] else "upcombine.act.place")
                assert len(twin.hands[seat]) == params["points"]
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", PLAYERS)
def test_every_refusal_is_the_reason_the_rules_give_when_it_is_played(players: int) -> None:
    """Each piece of the hand on each stack is a target or a refusal, never both; each colour of the pile is a
    draw or a refusal; playing a refused touch raises exactly the refusal's key."""
    for state in positions(players, games=2, steps=250):
        if state.is_over or state.choosing_bases:
            continue
        seat = state.current
        refusals = state.view(seat)["refusals"]
        targets = state.targets(seat)
        placements = {(t["thing"]["id"], t["to"]["id"]) for t in targets if t["thing"]["kind"] == "piece"}
        refused = {(r["thing"]["id"], r["to"]["id"]) for r in refusals if r["thing"]["kind"] == "piece"}
        pairs = {(code, str(n + 1)) for code in state.hands[seat] for n in range(len(state.stacks))}
        assert placements | refused == pairs and not placements & refused
        draws = {t["thing"]["id"] for t in targets if t["thing"]["kind"] == "tile"}
        refused_draws = {r["thing"]["id"] for r in refusals if r["thing"]["kind"] == "tile"}
        assert draws | refused_draws == (set(COLOUR_ORDER) if state.pile else set())
        fingerprint = state.fingerprint()
        for refusal in refusals:
            if refusal["thing"]["kind"] == "piece":
                action = f"{refusal['thing']['id']} {refusal['to']['id']}"
            else:
                action = f"draw {refusal['thing']['id']}"
            twin = state.copy()
            with pytest.raises(IllegalAction) as error:
                twin.apply(seat, action)
            assert error.value.key == refusal["key"]
            assert twin.fingerprint() == fingerprint


@pytest.mark.parametrize("players", PLAYERS)
def test_targets_and_refusals_never_show_a_hand_to_another_seat(players: int) -> None:
    """A world that a seat (or a spectator) cannot tell apart from the real one, other hands and the pile dealt
    again by colour, gives it the same view and the same targets: nothing of another hand leaks through them."""
    differ = 0
    for index, state in enumerate(positions(players, games=2, steps=120)):
        if state.is_over or index % 3:
            continue
        for seat in [s for s in range(players) if s != state.current]:
            other = bots.determinize(state, seat, Rng(f"world/{index}/{seat}"))
            assert isinstance(other, UpCombineState)
            other.history = list(state.history)
            differ += other.hands[state.current] != state.hands[state.current]
            for viewer in (seat, None):
                assert other.view(viewer) == state.view(viewer)
                assert other.targets(viewer) == state.targets(viewer) == []
    assert differ > 10


def test_the_oldest_player_chooses_the_bases_by_two_tiles_of_the_pile() -> None:
    state = GAME.new("BASES", 3)
    assert isinstance(state, UpCombineState)
    chooser = bases_chooser(state.starter, 3)
    targets = state.targets(chooser)
    assert len(targets) == 10 and all(t["key"] == "upcombine.act.bases" for t in targets)
    assert {(t["thing"]["id"], t["to"]["id"]) for t in targets} == {
        (a, b) for i, a in enumerate("BOPGR") for b in "BOPGR"[i + 1:]}
    assert state.view(chooser)["refusals"] == []


def test_a_split_and_the_last_piece_are_previewed() -> None:
    """Stack B O P G (4 colours) takes a red piece matching its top: the preview says it splits; a hand of one
    piece says the placement wins the round."""
    state = GAME.new("SPLIT", 2)
    assert isinstance(state, UpCombineState)
    state.apply(state.current, "bases B O")
    seat = state.current

    def with_hand(hand: list[str]) -> UpCombineState:
        """The game with stacks B O P G and Bq, and ``hand`` in the seat's hand (Game.restore)."""
        snapshot = state.snapshot()
        snapshot["hands"][seat] = hand
        restored = GAME.restore({**snapshot, "stacks": [["Bc", "Oc", "Pc", "Gc"], ["Bq"]], "used": [False, False]},
                                seed="SPLIT", players=2, history=state.history)
        assert isinstance(restored, UpCombineState)
        return restored

    state = with_hand(["Rc"])
    assert [t["action"] for t in state.targets(seat)] == ["Rc 1"]  # Bq on stack 2 matches neither
    (last,) = state.targets(seat)
    assert last["key"] == "upcombine.act.place_last" and last["params"]["points"] == 0
    state = with_hand(["Rc", "Rq"])
    target = next(t for t in state.targets(seat) if t["action"] == "Rc 1")
    assert target["key"] == "upcombine.act.place_split" and target["params"] == {
        "colour": "R", "symbol": "circle", "stack": 1, "points": 1, "split": 1}


def test_the_round_in_play_scores_each_hand_in_the_view() -> None:
    for state in positions(3, games=1, steps=80):
        view = state.view(None)
        if state.is_over:
            assert view["round_points"] == []
        else:
            assert view["round_points"] == [len(hand) for hand in state.hands]


def test_every_key_of_targets_and_refusals_is_in_the_three_catalogues() -> None:
    keys = {"upcombine.act.place", "upcombine.act.place_split", "upcombine.act.place_last", "upcombine.act.draw",
            "upcombine.act.bases", "upcombine.act.pass"}
    for players in PLAYERS:
        for state in positions(players, games=1, steps=300):
            for seat in state.to_move:
                keys |= {target["key"] for target in state.targets(seat)}
                keys |= {refusal["key"] for refusal in state.view(seat)["refusals"]}
    assert any(key.startswith("upcombine.") and not key.startswith("upcombine.act.") for key in keys)
    for lang, catalogue in CATALOGUES.items():
        assert sorted(key for key in keys if key not in catalogue) == [], lang
