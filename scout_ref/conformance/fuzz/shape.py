"""Fuzz games shaped to what the engine declares (its hello's ``features``).

A fuzz game plays what the engine has, as every other case is judged on it
(:mod:`scout_ref.conformance.protocol.features`):

- without ``rotation`` the game starts after the rotation phase with every seat keeping its
  hand as dealt: the reference's game keeps every hand (its policy picks ``keep``), each deal is
  compared with the state once every seat has kept (:func:`~.features.dealt_view`, as a
  ``deal`` case is), and the ``keep`` steps are neither sent nor judged, so the rotation rules
  (SC-ORIENT-01 to SC-ORIENT-03) are not judged either;
- without ``rounds`` the game is one round: it ends at the first round's end, whose scores are
  compared, and no later round is dealt (SC-GAME-01 and SC-GAME-03 are not judged).

An engine with both plays the same games as before: same seeds, same moves.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from scout_ref.analysis.simulation import Chooser, GameRecord, rare_first
from scout_ref.conformance.process.context import Context, caps_of
from scout_ref.conformance.protocol.features import absent_rules, has
from scout_ref.engine.notation import KEEP, Keep, Move
from scout_ref.engine.state import Phase, State
from scout_ref.engine.turn import apply_move


def keeping(choose: Chooser) -> Chooser:
    """``choose``, but every rotation decision is ``keep`` (a hand kept as dealt).

    >>> import random
    >>> from scout_ref.engine.notation import FLIP
    >>> keeping(rare_first)(random.Random(0), [KEEP, FLIP]) is KEEP
    True
    """

    def choose_kept(rng: random.Random, moves: Sequence[Move]) -> Move:
        if any(isinstance(m, Keep) for m in moves):
            return KEEP
        return choose(rng, moves)

    return choose_kept


def policy(ctx: Context) -> Chooser:
    """The fuzz policy for the adapter: rare kinds first, every hand kept without rotation."""
    return rare_first if has(caps_of(ctx), "rotation") else keeping(rare_first)


def rounds_played(ctx: Context, record: GameRecord) -> int:
    """How many of ``record``'s rounds the game plays: all, or the first without ``rounds``."""
    return len(record.rounds) if has(caps_of(ctx), "rounds") else 1


def plays_on(ctx: Context, end: State) -> bool:
    """Whether a game whose round ended in ``end`` deals another round for the adapter."""
    return end.phase is Phase.ROUND_OVER and has(caps_of(ctx), "rounds")


def unsent(ctx: Context, before: State | None, step: dict[str, object]) -> bool:
    """Whether ``step`` is a rotation decision not sent to an adapter without ``rotation``
    (its deal was compared as the state once every seat has kept)."""
    decision = before is not None and before.phase is Phase.ROTATION and "move" in step
    return decision and not has(caps_of(ctx), "rotation")


def settled(ctx: Context, state: State) -> State:
    """The state the adapter must give after a deal: ``state``, or for an engine without
    ``rotation`` the state once every seat has kept its hand (the start player to act)."""
    if has(caps_of(ctx), "rotation"):
        return state
    while state.phase is Phase.ROTATION:
        state = apply_move(state, KEEP)
    return state


def judgeable(ctx: Context, rules: Iterable[str]) -> frozenset[str]:
    """``rules`` but those the adapter's engine lacks the features for: a deal's phase and turn
    are SC-ORIENT-01's and its round SC-GAME-01's, which an engine without the rotation phase
    or later rounds has no notion of (they are not applicable to it)."""
    caps = caps_of(ctx)
    return frozenset(rules) - (absent_rules(caps) if caps is not None else frozenset())
