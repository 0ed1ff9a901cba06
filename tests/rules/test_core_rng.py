"""The seeded generator: the same numbers everywhere, for ever, and no use of `random` or `hash()`."""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from gamebox.core.rng import CROCKFORD, Rng, fresh_seed

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "gamebox"


def test_same_label_gives_the_same_numbers_for_ever():
    """Golden values: changing them breaks every shared link, so bump GENERATOR_VERSION instead."""
    rng = Rng.for_game("upthrust", "K7Q2M")
    assert [rng.below(1000) for _ in range(8)] == GOLDEN


GOLDEN = [983, 932, 697, 889, 215, 973, 771, 896]


def test_different_games_with_the_same_seed_differ():
    a = Rng.for_game("upthrust", "ABCDE")
    b = Rng.for_game("upples", "ABCDE")
    assert [a.next_u64() for _ in range(4)] != [b.next_u64() for _ in range(4)]


@given(st.integers(min_value=1, max_value=10**12), st.text(max_size=20))
def test_below_stays_in_range(bound, label):
    rng = Rng(label)
    for _ in range(20):
        assert 0 <= rng.below(bound) < bound


@given(st.lists(st.integers(), max_size=40), st.text(max_size=10))
def test_shuffle_is_a_permutation(items, label):
    shuffled = list(items)
    Rng(label).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_below_is_roughly_uniform():
    rng = Rng("uniform")
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.below(6)] += 1
    assert all(9_400 < count < 10_600 for count in counts)


def test_any_text_is_a_seed_even_a_date():
    assert Rng.for_game("ubongo", "2026-12-01").next_u64() != Rng.for_game("ubongo", "2026-12-02").next_u64()


def test_fresh_seeds_are_crockford_base32():
    for _ in range(50):
        seed = fresh_seed()
        assert len(seed) == 5 and set(seed) <= set(CROCKFORD)


def test_no_game_code_uses_random_or_hash():
    """DESIGN: never `random` or `hash()` for game chance."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            uses_random = (isinstance(node, ast.Import) and any(a.name == "random" for a in node.names)) or (
                isinstance(node, ast.ImportFrom) and node.module == "random")
            uses_hash = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hash"
            if uses_random or uses_hash:
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert offenders == []


def test_take_gives_the_very_numbers_next_u64_gives_and_leaves_the_same_state():
    for label in ("gamebox/review/upthrust/SEED/3", "x", ""):
        one, many = Rng(label), Rng(label)
        assert many.take(1000) == [one.next_u64() for _ in range(1000)]
        assert many.take(3) + many.take(0) + many.take(4) == [one.next_u64() for _ in range(7)]
        assert many.next_u64() == one.next_u64()
