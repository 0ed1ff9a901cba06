"""Upples actions are canonical: only the exact text legal_actions() gives is accepted (issue 11).

At many points of seeded random games in every mode, every legal action is accepted (and the state it leads to
still fits in a share code), and its variants (swapped case, whitespace or control characters at either end,
doubled spaces, leading zeros) are refused with IllegalAction and change nothing: not through State.apply, and
not through the game's own parser alone, without the box's text check in front of it.
"""

from __future__ import annotations

import pytest

import gamebox
from gamebox.core import share
from gamebox.core.errors import IllegalAction
from gamebox.core.rng import Rng
from gamebox.upples.actions import parse
from gamebox.upples.rules import UpplesState

from .test_upples_rules import position

GAME = gamebox.get("upples")
CONFIGS = [("glutton", p, False) for p in (1, 2, 3, 4)] + [("training", 1, False)] + [
    (mode, p, False) for mode in ("naughty", "survival") for p in (2, 3, 4)] + [
    (mode, 4, True) for mode in ("glutton", "naughty", "survival")]
GAMES = 3  # seeded random games per configuration
CHECK_EVERY = 3  # actions between two checked points
MAX_ACTIONS = 90
ENDS = (" ", "\t", "\n", "\r", "\x00", "\x0b", "\x0c", "\x1b", "\x7f", "\u00a0", "\u2028", "\ufeff")


def variants(action: str) -> list[str]:
    """Texts that mean ``action`` to a lenient reader, none of which is its canonical text."""
    out = [action.upper(), action.swapcase(), action.title(), action[0].upper() + action[1:]]
    out += [end + action for end in ENDS] + [action + end for end in ENDS] + [" " + action + " "]
    words = action.split(" ")
    for index, word in enumerate(words):  # one word in another case: jump d4 f5 White, jump D4 f5
        for cased in (word.capitalize(), word.upper()):
            out.append(" ".join([*words[:index], cased, *words[index + 1:]]))
    for gap in range(1, len(words)):
        for space in ("  ", "\t", " \t", "\n"):
            out.append(" ".join(words[:gap]) + space + " ".join(words[gap:]))
    for index, word in enumerate(words):  # squares with a leading zero: d04, b02
        if len(word) == 2 and word[1].isdigit():
            for padded in (word[0] + "0" + word[1], word[0] + "00" + word[1]):
                out.append(" ".join([*words[:index], padded, *words[index + 1:]]))
    return [text for text in dict.fromkeys(out) if text != action]


def check_point(state: UpplesState) -> int:
    """Every legal action of the mover is accepted; every variant of each is refused and changes nothing."""
    seat = state.to_move[0]
    before = state.fingerprint()
    legal = state.legal_actions(seat)
    checked = 0
    for action in legal:
        twin = state.copy()
        twin.apply(seat, action)
        assert twin.history[-1] == (seat, action)
        assert share.decode(share.encode(twin)).fingerprint() == twin.fingerprint()
        for text in variants(action):
            assert text not in legal
            with pytest.raises(IllegalAction):
                state.apply(seat, text)
            with pytest.raises(IllegalAction):  # the game's own parser, without the box's text check
                parse(text, state.edition)
            checked += 1
        assert state.fingerprint() == before, action
    return checked


@pytest.mark.parametrize(("mode", "players", "teams"), CONFIGS)
def test_every_legal_action_is_accepted_and_only_in_its_exact_text(mode: str, players: int, teams: bool) -> None:
    points = variants_checked = 0
    for game in range(GAMES):
        seed = f"canonical-{mode}-{players}-{teams}-{game}"
        state = GAME.new(seed, players, mode=mode, teams=teams, first=game % players)
        assert isinstance(state, UpplesState)
        chooser = Rng("notation/" + seed)
        for step in range(MAX_ACTIONS):
            if state.is_over:
                break
            if step % CHECK_EVERY == 0:
                variants_checked += check_point(state)
                points += 1
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[chooser.below(len(actions))])
    assert points >= 30 and variants_checked > 1000


def test_variants_of_every_kind_of_action_are_made() -> None:
    """The variants cover the notation's three shapes: a jump, a jump with a choice, and pass."""
    for action in ("jump d4 f5", "jump d4 f5 white", "jump d4 f5 exit b2", "pass"):
        texts = variants(action)
        assert {action.upper(), action + "\n", "\t" + action, "\x00" + action} <= set(texts)
    assert {"jump  d4 f5", "jump d4  f5", "jump d04 f5", "jump d4 f05"} <= set(variants("jump d4 f5"))
    assert {"jump d4 f5  white", "jump d4 f5 White"} <= set(variants("jump d4 f5 white"))
    assert {"jump d4 f5 exit  b2", "jump d4 f5 exit b02", "Jump d4 f5 exit b2"} <= set(variants("jump d4 f5 exit b2"))


def test_a_padded_pass_is_bad_notation_not_a_refusal_to_jump() -> None:
    state = position({}, ["d4"])  # rocks all round: pass is the only action
    assert state.legal_actions(0) == ["pass"]
    before = state.fingerprint()
    for text in (" pass", "pass ", "pass\n", "\tpass", "PASS", "Pass"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(0, text)  # the box's text check, or the game's parser behind it
        assert refused.value.key in ("error.action_malformed", "upples.bad_notation"), text
        with pytest.raises(IllegalAction) as refused:
            parse(text, state.edition)  # the game's own parser alone
        assert refused.value.key == "upples.bad_notation", text
    assert state.fingerprint() == before
    state.apply(0, "pass")
    assert state.seats[0].body == "red"
