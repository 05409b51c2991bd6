"""Seeded random games whose positions the cases use, each with its witness (SC-REACH-01).

A case that takes a round's start or end from a seeded random game (:func:`remember`) has the
game itself as its witness: every round start and end of the game is registered in
:data:`~._played.PLAYED` with the deals and moves that reach it, and ``scout-ref vectors
generate`` stores the witnesses of those the vectors carry. :func:`seeded_game` finds the first
seeded game with a property a case needs (a round ended one way, a tie at the top), so the case
states what it wants and the seed follows from it.
"""

from __future__ import annotations

from collections.abc import Callable

from scout_ref.components import OrientedCard
from scout_ref.conformance.cases._played import PLAYED, Played, Round
from scout_ref.simulation import GameRecord, random_game
from scout_ref.state import State
from scout_ref.variants import Rules


def dealt(start: State) -> tuple[OrientedCard, ...]:
    """The deck a round was dealt from: the hands as dealt, seat by seat, then the cards set
    aside (two players, round 1)."""
    return (*(c for hand in start.hands for c in hand), *start.set_aside)


def remember(record: GameRecord) -> GameRecord:
    """Register every round start and end of ``record`` with the game that reaches it."""
    first = record.rounds[0]
    deck = dealt(first.start)
    PLAYED.setdefault(first.start, Played(deck, ()))
    PLAYED.setdefault(first.end, Played(deck, first.moves))
    later: list[Round] = []
    for played_round in record.rounds[1:]:
        # The two-player second round deals the cards set aside, as they lie (SC-VAR2-01).
        deal = None if record.players == 2 else dealt(played_round.start)
        PLAYED.setdefault(played_round.start, Played(deck, first.moves, (*later, (deal, ()))))
        later.append((deal, played_round.moves))
        PLAYED.setdefault(played_round.end, Played(deck, first.moves, tuple(later)))
    return record


def seeded_game(
    players: int,
    prefix: str,
    wanted: Callable[[GameRecord], bool],
    *,
    start: int = 0,
    rules: Rules | None = None,
    tries: int = 2000,
) -> GameRecord:
    """The first random game seeded ``f"{prefix}-{k}"``, ``k`` from ``start``, that has the
    property ``wanted`` (remembered, see :func:`remember`).

    Raises:
        ValueError: if none of ``tries`` seeds gives one.
    """
    for k in range(start, start + tries):
        game = random_game(players, seed=f"{prefix}-{k}", rules=rules)
        if not game.truncated and wanted(game):
            return remember(game)
    raise ValueError(f"no {players}-player game seeded {prefix}-{start}.. has the property")
