"""Up Combine's actions are canonical (issue 11): only the exact text of legal_actions() is accepted.

The notation has case: colour letters are capitals, symbol letters small (``Rs 3``), and the words are small
(``draw G``, ``bases B O``, ``pass``). At many points of seeded random games of every player count, every legal
action applies as it is, and its variants (swapped case, whitespace at either end, doubled spaces, leading
zeros, the colours of a choice of bases in the other order) are refused with IllegalAction, leaving the
fingerprint unchanged."""

from __future__ import annotations

import pytest

from gamebox.core.errors import IllegalAction
from gamebox.core.rng import Rng
from gamebox.upcombine import GAME, UpCombineState
from tests.playing import plays_exactly_its_legal_actions


def variants(action: str) -> list[str]:
    """Texts that name the same action in a non-canonical way."""
    words = action.split(" ")
    out = [action.upper(), action.lower(), action.swapcase(), action.capitalize(), f" {action}", f"{action} ",
           f"{action}\n", f"\t{action}", "".join(words)]
    if len(words) > 1:
        out += [action.replace(" ", "  "), action.replace(" ", "\t")]
    if words[-1].isdigit():  # Rs 3 -> Rs 03, Rs +3
        out += [f"{' '.join(words[:-1])} 0{words[-1]}", f"{' '.join(words[:-1])} +{words[-1]}"]
    if words[0] == "bases":  # the same two colours, in the other order
        out.append(f"bases {words[2]} {words[1]}")
    return [text for text in dict.fromkeys(out) if text != action]


def positions(players: int, seed: str) -> list[UpCombineState]:
    """Positions of one random game (a player that places when it can), every third action, to the end."""
    state = GAME.new(seed, players)
    assert isinstance(state, UpCombineState)
    rng = Rng(f"notation/{seed}/{players}")
    seen = [state.copy()]
    steps = 0
    while not state.is_over and steps < 600:
        seat = state.to_move[0]
        placements = state.placements(seat)
        legal = state.legal_actions(seat)
        state.apply(seat, rng.choice(placements) if placements and rng.below(4) else rng.choice(legal))
        steps += 1
        if steps % 3 == 0:
            seen.append(state.copy())
    return seen


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_legal_action_is_accepted_and_every_variant_refused(players: int) -> None:
    kinds: set[str] = set()
    checked = 0
    for game in range(2):
        for state in positions(players, f"N{game}")[::2]:
            if state.is_over:
                continue
            for action in plays_exactly_its_legal_actions(state, variants):
                kinds.add(action.split(" ")[0] if action[0].islower() else "place")
                checked += 1
    assert checked > 200 and kinds >= {"bases", "place", "draw"}


def test_case_is_part_of_the_notation() -> None:
    """Colour letters are capitals and symbol letters small: 'rs 3' or 'RS 3' is not the red star."""
    state = GAME.new("CASE", 2)
    assert isinstance(state, UpCombineState)
    state.apply(1, "bases P R")
    before = state.fingerprint()
    legal = state.legal_actions(0)
    place = next(action for action in legal if action[0].isupper())
    for text in (place.lower(), place.upper(), place.swapcase(), "draw r", "DRAW R", "Draw R", "PASS",
                 "bases p r", "BASES P R"):
        with pytest.raises(IllegalAction):
            state.apply(0, text)
    assert state.fingerprint() == before
