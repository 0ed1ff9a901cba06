"""Pebbles' bot: "easy" takes at random, so a person who knows the trick (leave a multiple of 4) beats it."""

from __future__ import annotations

from gamebox.core.bots import random_action
from gamebox.core.game import BotFunction

LEVELS: dict[str, BotFunction] = {"easy": random_action}
