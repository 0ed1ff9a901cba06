"""The one per-viewer filter: what a seat (or a spectator, or the world outside the device) may know of a game.

Everything the bridge sends for a viewer is made here, like boardgame.io's playerView and redactLog: the view,
the log, the history, the codes, replays and the summary that embed events carry. Three rules:

1. Secret moves. Moves made at once and in secret (Ubongo's hand-ins, Whoopies' grabs) are the last entries of
   the history until the rules resolve them together (``State.secret_run_start``). A viewer sees its own, and
   another seat's once the page's clock (``clock_ms``, in ms of the running phase) has passed the moment the
   table sees it happen (``State.reveal_ms``); without a clock, only what is resolved. The viewer's table is the
   game replayed with exactly those moves (``seen_by``), so two games that differ only in what a viewer may not
   know look the same to it, byte for byte, but for the fingerprint.
2. The public game: the history up to the start of the secret run, which every seat has seen. It is what leaves
   the page: the address bar, saved games, Copy link and embed events. A reload in the middle of a grab or a
   race goes back to its start.
3. Hidden information. A game where a seat holds what another may not see (Up Combine's hands) never lets its
   seed leave the device before the game is over: the seed determines every hand. Its ``share`` and ``seed``
   are None until then, and ``resume`` (the public game, seed included) is for this device's own saved game.
   Whether a seat has acted in a secret run is not itself secret (at a real table you see who is still
   thinking), so ``to_move`` is the game's own.
4. Guests. A person on another device (a ``remote`` seat, docs/multi-device.md) gets only its own seat's table,
   which the bridge builds from ``seen_by`` like any other (``Table.guest_json``). Its seed and codes stay on the
   host until the game is over in every game with chance or secrets (``seed_is_secret_from_guests``: with the
   seed, a guest could replay the public game and work out a bot's pending grab or the coming cards), and its
   fingerprint is a hash of what it sees (``digest``), not of the state. A guest's clock reveals the others'
   secret moves as a local seat's does; ``latest_seen_ms`` says how far, so that its own move in that run can
   never claim an earlier time than a move it has already seen. Its view, too, holds nothing the seed makes while
   that stays on the host (``guest_view``): a game's ``Game.guest_view(view)`` takes out of the view what only the
   host's page needs and what is drawn from the seed without being on the table (Ubongo's deck seed and the puzzle
   codes that start with it, Whoopies' throw key, an output of the state's generator).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from gamebox.core import share
from gamebox.core.game import State

Entry = tuple[int, str]


def public_moves(state: State[Any]) -> int:
    """How many of the history's entries every seat has seen."""
    return state.secret_run_start()


def revealed(state: State[Any], viewer: int | None, clock_ms: int | None, seat: int, action: str) -> bool:
    """Whether ``viewer`` sees ``seat``'s secret ``action`` (an entry of the running secret run) now."""
    if viewer is not None and seat == viewer:
        return True
    if clock_ms is None:
        return False
    at = state.reveal_ms(seat, action)
    return at is not None and at <= clock_ms


def visible_history(state: State[Any], viewer: int | None, clock_ms: int | None) -> list[Entry]:
    start = public_moves(state)
    run = state.history[start:]
    return state.history[:start] + [(seat, action) for seat, action in run
                                    if revealed(state, viewer, clock_ms, seat, action)]


def seed_is_secret(state: State[Any]) -> bool:
    """Whether the seed may not leave this device yet: it would tell one seat what another holds."""
    return state.game.hidden_information and state.players > 1 and not state.is_over


def seed_is_secret_from_guests(state: State[Any]) -> bool:
    """Whether the seed (and so every code) may not go to a guest device yet: until the game is over, in every game
    with chance or secrets. Besides the hands it would show, the seed lets anyone replay the public game and draw
    what comes next: the next throw or card, a bot's grab or hand-in (drawn from the state's generator)."""
    game = state.game
    return not state.is_over and (game.chance or game.hidden_information or game.simultaneous)


def guest_view(state: State[Any], view: Any) -> Any:
    """``view`` (the state's view for a guest's seat) as that guest's device gets it: while the seed is secret from
    guests, without what the game's ``guest_view`` takes out (what is drawn from the seed but not on the table, which
    would tell the guest the seed, and so the coming cards or throws and the bots' moves)."""
    if not seed_is_secret_from_guests(state):
        return view
    return state.game.guest_view(view)


def latest_seen_ms(state: State[Any], viewer: int, clock_ms: int | None) -> int | None:
    """The latest time (``State.reveal_ms``) among the other seats' secret moves of the running run that ``viewer``
    sees at ``clock_ms``; None when the clock shows it none."""
    if clock_ms is None:
        return None
    times = [at for seat, action in state.history[public_moves(state):]
             if seat != viewer and (at := state.reveal_ms(seat, action)) is not None and at <= clock_ms]
    return max(times, default=None)


def digest(content: Any) -> str:
    """A stable hash of JSON-able ``content`` (a guest's table: the fingerprint of what it sees)."""
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


@dataclass
class Checkpoint:
    """The game at the start of the running secret run (so a viewer's table need not replay the whole game)."""

    moves: int
    state: State[Any]


def public_state(state: State[Any], checkpoint: Checkpoint | None) -> State[Any]:
    """The game with only its public moves: from the checkpoint when it is the right one, else replayed."""
    start = public_moves(state)
    if start == len(state.history):
        return state
    if checkpoint is not None and checkpoint.moves == start and checkpoint.state.history == state.history[:start]:
        return checkpoint.state
    return state.game.replay(state.seed, state.players, state.options, state.history[:start], state.edition)


def seen_by(state: State[Any], viewer: int | None, clock_ms: int | None, checkpoint: Checkpoint | None) -> State[Any]:
    """The game as ``viewer`` knows it now: the public game plus the secret moves it sees."""
    start = public_moves(state)
    shown = visible_history(state, viewer, clock_ms)
    if len(shown) == len(state.history):
        return state
    seen = public_state(state, checkpoint).copy()
    for seat, action in shown[start:]:
        seen.apply(seat, action)
    return seen


def public_summary(state: State[Any], checkpoint: Checkpoint | None, seats: list[dict[str, str]]) -> dict[str, Any]:
    """What may leave the page (embed events, links): the public game, without the seed of a game with hidden
    information before it is over. ``share`` opens exactly this position; ``fingerprint`` is its fingerprint."""
    start = public_moves(state)
    public = public_state(state, checkpoint)
    secret = seed_is_secret(state)
    return {
        "game": state.game.id,
        "players": state.players,
        "seats": ",".join(sitter["level"] if sitter["kind"] == "bot" else "human" for sitter in seats),
        "seed": None if secret else state.seed,
        "share": None if secret else share.encode(state, start),
        "fingerprint": None if secret else public.fingerprint(),
        "moves": start,
        "history": [list(entry) for entry in state.history[:start]],
        "to_move": public.to_move,
        "is_over": public.is_over,
        "scores": public.scores() if public.is_over else None,
        "winners": public.winners(),
    }
