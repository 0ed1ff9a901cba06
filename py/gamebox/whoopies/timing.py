"""When a throw's Whoopies land and lie still, and how soon each bot grabs: the figures the game teaches.

``TAUGHT`` is the one place the rules page and the guided game (web/games/whoopies/i18n/*.json: the messages that
``TEACHES`` lists) take their seconds from. tests/rules/test_whoopies_bots.py measures each figure again, over
seeded throws and the bots' own grabs, and checks that it is true and that every such message says it, in each
language's way of writing a number (``spoken``); bench/whoopies_timing.py prints the whole distributions
(docs/rules/whoopies.md, "How fast"). Issue 22: the lesson said "you may wait until it lies still: you have 10
seconds" while the default bot grabs at about 2 s, so a newcomer who believed it lost nearly every round.
"""

from __future__ import annotations

from gamebox.whoopies.throw import BODY_RADIUS, FLOOR, FRAME_MS, Throw

# Seconds, as the words say them: the Whoopies are all on the table after about `land`, nothing moves after about
# `still`, and each bot level's first grab comes at about its median (a person who grabs as the ball comes to rest
# beats the easy bot and the medium one; the hard one grabs just as it does).
TAUGHT: dict[str, float] = {"land": 1.0, "still": 1.5, "easy": 2.0, "medium": 1.6, "hard": 1.4}

# The messages that teach them, and which figures each must say.
TEACHES: dict[str, tuple[str, ...]] = {
    "rules.whoopies.turn.body": ("land", "still"),
    "rules.whoopies.modes.body": ("easy", "medium", "hard"),
    "learn.whoopies.s3": ("land", "still"),
    "learn.whoopies.s4": ("still", "easy"),
}

ON_TABLE = FLOOR - BODY_RADIUS - 1  # a body whose centre (a rounded frame) is this low touches the table


def landed_ms(throw: Throw) -> int:
    """The ms by which every body has touched the table at least once."""
    return max(next(index for index, frame in enumerate(frames) if frame[1] >= ON_TABLE)
               for frames in throw.bodies.values()) * FRAME_MS


def still_ms(throw: Throw) -> int:
    """The ms from which no body and no ball moves any more (the frame of the last move)."""
    last = 0
    for paths in (throw.bodies, throw.balls):
        for frames in paths.values():
            for index in range(len(frames) - 1, 0, -1):
                if frames[index][:2] != frames[index - 1][:2]:
                    last = max(last, index * FRAME_MS)
                    break
    return last


def spoken(seconds: float, lang: str) -> str:
    """A figure as the words write it: ``1.5`` in English, ``1,5`` in Portuguese and Ukrainian; whole seconds
    without a decimal (``2``)."""
    text = f"{seconds:g}"
    return text if lang == "en" else text.replace(".", ",")
