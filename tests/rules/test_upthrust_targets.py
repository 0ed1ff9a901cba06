"""Upthrust's targets (core/targets.py) and the reasons its view gives: what a person can touch now, and why a peg
that cannot be played is refused (docs/rules/upthrust.md, "What the page is told")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import gamebox
from gamebox.core.bridge import Table
from gamebox.core.errors import IllegalAction
from gamebox.core.game import Refusal
from gamebox.core.rng import Rng
from gamebox.upthrust.board import SQUARE_INDEX
from gamebox.upthrust.rules import BAN_EVERY_ROW, SAME_COLOUR_BAN, SQUARE_NAMES, UpthrustState, all_moves
from tests.catalogues import CATALOGUES

GAME = gamebox.get("upthrust")
ROOT = Path(__file__).resolve().parents[2]
# the words web/games/upthrust/renderer.js shows besides the targets' and the reasons' own keys
RENDERER_KEYS = ("upthrust.peg", "upthrust.peg_neutral", "upthrust.peg_jumps",
                 "upthrust.peg_pick", "upthrust.owner_neutral", "upthrust.pass", "upthrust.left_below",
                 "upthrust.end.two_left", "upthrust.end.no_moves", "upthrust.rule.non-scoring-rows",
                 "upthrust.rule.every-row", "upthrust.help", "upthrust.help_touch",
                 *(f"upthrust.initial.{colour}" for colour in ("green", "red", "blue", "yellow")))
REASON_KEYS = {"upthrust.no_piece", "upthrust.not_your_colour", "upthrust.off_board", "upthrust.landing_taken",
               "upthrust.leader_one_row", "upthrust.same_colour_row"}


def positions(players: int, games: int = 6, options: dict[str, str] | None = None) -> Iterator[UpthrustState]:
    """Every position of a few random games (seeded), the end included."""
    for number in range(games):
        rng = Rng(f"upthrust-targets/{players}/{number}")
        state = GAME.new(f"T{players}x{number}", players, **(options or {}))
        assert isinstance(state, UpthrustState)
        while True:
            yield state
            if state.is_over:
                break
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            state.apply(seat, rng.choice(legal))


def refused_key(state: UpthrustState, seat: int, action: str) -> str | None:
    """The key of the IllegalAction that playing ``action`` raises, or None when it is played."""
    try:
        state.copy().apply(seat, action)
    except IllegalAction as error:
        return error.key
    return None


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_legal_action_has_a_target_and_every_target_is_legal(players: int) -> None:
    for state in positions(players):
        for seat in range(players):
            legal = state.legal_actions(seat)
            actions = [made["action"] for made in state.targets(seat)]
            assert sorted(actions) == sorted(legal)
            for action in actions:
                assert refused_key(state, seat, action) is None


@pytest.mark.parametrize("players", [2, 4])
def test_a_jump_is_touched_on_its_peg_then_on_the_hole_it_lands_in(players: int) -> None:
    for state in positions(players, games=3):
        if state.is_over:
            continue
        seat = state.to_move[0]
        moves = state.view(seat)["moves"]
        for made in state.targets(seat):
            if made["action"] == "pass":
                continue
            assert made["key"] == "upthrust.action.move"
            assert made["thing"] == {"kind": "peg", "id": made["action"]}
            assert made["to"] == {"kind": "cell", "id": moves[made["action"]]}
            rows = int(made["to"]["id"][1:]) - int(made["action"][1:])
            colour = next(piece["colour"] for piece in state.view(seat)["pieces"] if piece["square"] == made["action"])
            assert made["params"] == {"colour": colour, "from": made["action"], "to": made["to"]["id"], "rows": rows}


def test_a_seat_with_no_jump_has_only_the_pass_button() -> None:
    passes = 0
    for state in positions(4, games=8):
        if state.is_over or not state.view(None)["must_pass"]:
            continue
        seat = state.to_move[0]
        assert state.targets(seat) == [{"action": "pass", "key": "upthrust.pass", "params": {},
                                        "thing": {"kind": "button", "id": "pass"}}]
        passes += 1
    assert passes, "no random 4-player game passed: pick other seeds"


def by_peg(refusals: list[Refusal]) -> dict[str, Refusal]:
    """The refusals by the square of their peg; each names a peg, as the targets do, and no peg twice."""
    assert all(refusal["thing"]["kind"] == "peg" and "to" not in refusal for refusal in refusals)
    found = {refusal["thing"]["id"]: refusal for refusal in refusals}
    assert len(found) == len(refusals)
    return found


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_seat_not_to_move_a_spectator_and_a_finished_game_have_no_targets(players: int) -> None:
    for state in positions(players, games=2):
        assert state.targets(None) == []
        for seat in range(players):
            if seat not in state.to_move:
                assert state.targets(seat) == []
                assert state.view(seat)["refusals"] == []
        if state.is_over:
            assert all(state.targets(seat) == [] for seat in range(players))


@pytest.mark.parametrize("players", [1, 2, 3])
def test_every_peg_the_seat_to_move_may_not_play_says_the_rules_own_reason(players: int) -> None:
    for state in positions(players, games=3):
        if state.is_over:
            continue
        seat = state.to_move[0]
        view = state.view(seat)
        legal = set(state.legal_actions(seat))
        refusals = by_peg(view["refusals"])
        for piece in view["pieces"]:
            square = piece["square"]
            if square in legal:
                assert square not in refusals
            else:
                reason = refusals[square]
                assert reason["key"] == refused_key(state, seat, square)
                assert reason["key"] in REASON_KEYS
        assert set(refusals) | legal >= {piece["square"] for piece in view["pieces"]}


@pytest.mark.parametrize("options", [{}, {SAME_COLOUR_BAN: BAN_EVERY_ROW}])
def test_each_peg_says_where_it_lands_or_why_it_cannot_jump(options: dict[str, str]) -> None:
    for state in positions(1, games=3, options=options):
        view = state.view(0)
        landings = dict(all_moves(state.board, state.every_row))
        for piece in view["pieces"]:
            lands = landings.get(SQUARE_INDEX[piece["square"]])
            if state.is_over:
                assert piece["to"] is None and piece["stuck"] is None
            elif lands is None:
                assert piece["to"] is None and piece["stuck"] is not None
                assert piece["stuck"]["key"] in REASON_KEYS - {"upthrust.no_piece", "upthrust.not_your_colour"}
            else:
                assert piece["to"] == SQUARE_NAMES[lands] and piece["stuck"] is None


def test_the_most_advanced_peg_moving_one_row_is_refused_with_its_reason() -> None:
    """The issue's example: "The most advanced piece of a colour may not move one row", said for that peg."""
    # green's leader alone in its row (a9), another green on b2, a red on c2; row 11 first
    board = "/".join(["....", "....", "G...", "....", "....", "....", "....", "....", "....", ".GR.", "...."])
    state = GAME.restore({**GAME.new("LEADER", 1).snapshot(), "board": board}, seed="LEADER", players=1)
    assert isinstance(state, UpthrustState)
    view = state.view(0)
    refused = by_peg(view["refusals"])["a9"]
    assert refused == {"thing": {"kind": "peg", "id": "a9"}, "key": "upthrust.leader_one_row",
                       "params": {"square": "a9", "colour": "green"}}
    stuck = next(piece for piece in view["pieces"] if piece["square"] == "a9")["stuck"]
    assert stuck == {"key": refused["key"], "params": refused["params"]}
    assert refused_key(state, 0, "a9") == "upthrust.leader_one_row"


def test_targets_and_reasons_reach_the_page_in_the_view() -> None:
    table = Table(GAME.new("BRIDGE", 2), [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    view = table.to_json()["view"]
    assert [made["action"] for made in view["targets"]] == table.state.legal_actions(0)
    assert "refusals" in view and json.dumps(view)


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_every_target_reason_and_renderer_word_is_in_the_catalogue(lang: str) -> None:
    keys = set(RENDERER_KEYS) | REASON_KEYS | {"upthrust.action.move"}
    for players in (1, 3):
        for state in positions(players, games=2):
            for seat in state.to_move:
                keys |= {made["key"] for made in state.targets(seat)}
                keys |= {reason["key"] for reason in state.view(seat)["refusals"]}
            keys |= {piece["stuck"]["key"] for piece in state.view(None)["pieces"] if piece["stuck"]}
    catalogue = CATALOGUES[lang]
    assert sorted(key for key in keys if key not in catalogue) == []
    for colour in ("green", "red", "blue", "yellow"):
        assert f"colour.{colour}" in catalogue
