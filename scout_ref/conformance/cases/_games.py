"""Seeded random games whose positions the cases use, each with its witness (SC-REACH-01).

A case that takes a round's start or end from a seeded random game (:func:`remember`) has the
game itself as its witness: every round start and end of the game is registered in
:data:`~._played.PLAYED` with the deals and moves that reach it, and ``scout-ref vectors
generate`` stores the witnesses of those the vectors carry. :func:`seeded_game` finds the first
seeded game with a property a case needs (a round ended one way, a tie at the top), so the case
states what it wants and the seed follows from it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from scout_ref.components import OrientedCard
from scout_ref.conformance.cases._played import PLAYED, Played, Round
from scout_ref.game import next_round
from scout_ref.notation import Move, ScoutShow, Show
from scout_ref.simulation import Chooser, GameRecord, RoundRecord, random_game
from scout_ref.state import State
from scout_ref.turn import apply_move
from scout_ref.variants import Rules


def showy(rng: random.Random, moves: Sequence[Move]) -> Move:
    """A random legal move that is a show four times in five when a show is legal: games that
    end by an emptied hand as often as by an unbeaten set (uniform play mostly scouts)."""
    shows = [m for m in moves if isinstance(m, Show | ScoutShow)]
    return rng.choice(shows if shows and rng.random() < SHOWS else moves)


SHOWS = 0.8
"""How often :func:`showy` picks a show when one is legal."""


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
    choose: Chooser = showy,
    tries: int = 2000,
) -> GameRecord:
    """The first random game seeded ``f"{prefix}-{k}"``, ``k`` from ``start``, that has the
    property ``wanted`` (remembered, see :func:`remember`).

    Raises:
        ValueError: if none of ``tries`` seeds gives one.
    """
    for k in range(start, start + tries):
        game = random_game(players, seed=f"{prefix}-{k}", rules=rules, choose=choose)
        if not game.truncated and wanted(game):
            return remember(game)
    raise ValueError(f"no {players}-player game seeded {prefix}-{start}.. has the property")


Step = tuple[State, Move, State]
"""A move of a game: the state it was made in, the move, the state it led to."""


def seeded_step(
    players: int,
    prefix: str,
    wanted: Callable[[State, Move, State], bool],
    *,
    start: int = 0,
    rules: Rules | None = None,
    choose: Chooser = showy,
    tries: int = 2000,
) -> Step:
    """The first move of the random games seeded ``f"{prefix}-{k}"``, ``k`` from ``start``,
    that has the property ``wanted``; the states before and after it are registered with the
    game that reaches them.

    Raises:
        ValueError: if no move of ``tries`` games has it.
    """
    for k in range(start, start + tries):
        game = random_game(players, seed=f"{prefix}-{k}", rules=rules, choose=choose)
        if game.truncated:
            continue
        for played_round in game.rounds:
            state = played_round.start
            for i, move in enumerate(played_round.moves):
                after = apply_move(state, move)
                if wanted(state, move, after):
                    remember(game)
                    base = PLAYED[played_round.start]
                    PLAYED.setdefault(state, base.then(played_round.moves[:i]))
                    PLAYED.setdefault(after, base.then(played_round.moves[: i + 1]))
                    return state, move, after
                state = after
    raise ValueError(f"no move of a {players}-player game seeded {prefix}-{start}.. fits")


def seeded_state(
    players: int,
    prefix: str,
    wanted: Callable[[State], bool],
    *,
    start: int = 0,
    rules: Rules | None = None,
    choose: Chooser = showy,
) -> State:
    """The first state reached in the games of :func:`seeded_step` that has ``wanted``."""
    return seeded_step(
        players, prefix, lambda _b, _m, a: wanted(a), start=start, rules=rules, choose=choose
    )[2]


def spliced(before: State, later: RoundRecord) -> State:
    """The round ``later`` (of another game) dealt and played after the round that ended in
    ``before``, a state of a game registered in :data:`~._played.PLAYED`; registered too.

    The deal and the moves are those of ``later``: its round number and start player must be
    those that follow ``before`` (the totals, which no move depends on, are ``before``'s).

    Raises:
        ValueError: if ``later`` does not follow ``before``.
    """
    if (later.start.round, later.start.start_player) != (
        before.round + 1,
        (before.start_player + 1) % before.players,
    ) or later.start.rules != before.rules:
        raise ValueError("the spliced round does not follow the round before it")
    deck = None if before.players == 2 else dealt(later.start)
    state = next_round(before, deck)
    for move in later.moves:
        state = apply_move(state, move)
    game = PLAYED[before]
    PLAYED.setdefault(state, Played(game.deck, game.moves, (*game.later, (deck, later.moves))))
    return state
