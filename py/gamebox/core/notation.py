"""What every action text must look like, in every game, before a game's own parser reads it.

Actions are canonical: only the exact text that ``legal_actions()`` and the game's notation give is accepted,
so one move has one text, one history and one fingerprint, and every accepted history fits in a share code.
This module holds the part of that rule that all games share; each game's parser is strict about the rest
(case, order, which words).

- at most ``MAX_ACTION_LENGTH`` characters;
- words of ``[A-Za-z0-9@+-:,=]`` separated by single spaces, nothing at either end (no whitespace, no
  control characters, no ``_`` or ``.``, which share codes use as separators);
- numbers are written without leading zeros (``@600``, not ``@0600``) and zero has no sign.

Every check is a single linear scan (the regular expressions have no nested repetition), so a huge text is
refused in time proportional to the limit, not to its length.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from gamebox.core.errors import IllegalAction

MAX_ACTION_LENGTH: Final = 200
_WORDS: Final = re.compile(r"[A-Za-z0-9@+\-:,=]+(?: [A-Za-z0-9@+\-:,=]+)*")
_NOT_CANONICAL_NUMBER: Final = re.compile(r"(?<![0-9])0[0-9]|-0(?![0-9])")


def check_action_text(action: object) -> str:
    """``action`` if it is a well-formed action text, else IllegalAction with a message key."""
    if not isinstance(action, str):
        raise IllegalAction("An action is a short text.", "error.action_not_text")
    if len(action) > MAX_ACTION_LENGTH:
        raise IllegalAction(f"An action is at most {MAX_ACTION_LENGTH} characters long.", "error.action_too_long",
                            limit=MAX_ACTION_LENGTH)
    if not _WORDS.fullmatch(action):
        raise IllegalAction("An action is words of letters, digits and @+-:,= with single spaces between them.",
                            "error.action_malformed")
    if _NOT_CANONICAL_NUMBER.search(action):
        raise IllegalAction("Numbers in an action are written without leading zeros.", "error.action_malformed")
    return action


@dataclass(frozen=True, slots=True)
class Pass:
    """``pass``: the move of a seat that has nothing else to do now, in every game that has one (what passing
    means is each game's own: its rules module says it)."""

    text: str = field(default="pass", init=False, repr=False, compare=False)

    def __str__(self) -> str:
        return self.text
