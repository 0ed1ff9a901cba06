"""Our own seeded random generator: xoshiro256** seeded from sha256.

Game chance never uses ``random`` or ``hash()``: ``hash()`` changes with PYTHONHASHSEED and ``random``'s
algorithms are not promised across Python versions. This generator gives the same numbers on CPython and
in Pyodide, for ever, for a given generator version, game and seed text.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

GENERATOR_VERSION = 1
MASK64 = (1 << 64) - 1
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

T = TypeVar("T")


class Rng:
    """xoshiro256** with a 256-bit state taken from sha256 of its label."""

    __slots__ = ("_s",)

    def __init__(self, label: str) -> None:
        words = list(struct.unpack("<4Q", hashlib.sha256(label.encode("utf-8")).digest()))
        if not any(words):  # xoshiro's one forbidden state; sha256 will not give it, but be exact
            words[0] = 1
        self._s = words

    @classmethod
    def for_game(cls, game_id: str, seed: str, version: int = GENERATOR_VERSION) -> Rng:
        return cls(f"gamebox/{version}/{game_id}/{seed}")

    def next_u64(self) -> int:
        """The next 64-bit output: ``take``'s one step (the xoshiro256** step is written once, there)."""
        return self.take(1)[0]

    def take(self, count: int) -> list[int]:
        """The next ``count`` outputs, worked out in one loop (a playout's numbers are drawn by the thousand:
        upthrust/playouts.py); ``next_u64`` is ``take(1)``."""
        s0, s1, s2, s3 = self._s
        out: list[int] = []
        append = out.append
        for _ in range(count):
            x = (s1 * 5) & MASK64
            append((((x << 7) | (x >> 57)) & MASK64) * 9 & MASK64)
            t = (s1 << 17) & MASK64
            s2 ^= s0
            s3 ^= s1
            s1 ^= s2
            s0 ^= s3
            s2 ^= t
            s3 = ((s3 << 45) | (s3 >> 19)) & MASK64
        self._s = [s0, s1, s2, s3]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def between(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def unit(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, label: str) -> Rng:
        """A new generator derived from this one's next output and a label; advances this one."""
        return Rng(f"{self.next_u64():016x}/{label}")

    @property
    def state(self) -> tuple[int, int, int, int]:
        s = self._s
        return (s[0], s[1], s[2], s[3])

    def __deepcopy__(self, memo: dict[int, object]) -> Rng:
        twin = Rng.__new__(Rng)
        twin._s = list(self._s)
        return twin


def fresh_seed(length: int = 5) -> str:
    """A new short seed that people can read aloud: Crockford base32, e.g. ``K7Q2M``."""
    return "".join(CROCKFORD[secrets.randbelow(32)] for _ in range(length))


MAX_SEED_LENGTH = 64


def normalize_seed(text: str) -> str:
    """Seeds are any text of at most 64 characters; only surrounding spaces are dropped. Empty text is not a
    seed, and neither is text that is not valid Unicode (a lone surrogate) or holds control characters (which
    could not be shown or typed)."""
    seed = text.strip()
    if not seed:
        raise ValueError("empty seed")
    if len(seed) > MAX_SEED_LENGTH:
        raise ValueError(f"seed longer than {MAX_SEED_LENGTH} characters")
    if any(0xD800 <= ord(c) <= 0xDFFF or ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in seed):
        raise ValueError("a seed is text without control characters")
    return seed
