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

from scout_ref.analysis.simulation import Chooser, GameRecord, RoundRecord, play_round, random_game
from scout_ref.conformance.cases._played import PLAYED, Played, from_rounds, round_deck
from scout_ref.engine.components import OrientedCard
from scout_ref.engine.game import next_round
from scout_ref.engine.notation import Move, ScoutShow, Show, parse_move
from scout_ref.engine.setup import new_game, shuffled_deck
from scout_ref.engine.state import Phase, State
from scout_ref.engine.turn import apply_move
from scout_ref.engine.variants import Rules


def showy(rng: random.Random, moves: Sequence[Move]) -> Move:
    """A random legal move that is a show four times in five when a show is legal: games that
    end by an emptied hand as often as by an unbeaten set (uniform play mostly scouts)."""
    shows = [m for m in moves if isinstance(m, Show | ScoutShow)]
    return rng.choice(shows if shows and rng.random() < SHOWS else moves)


SHOWS = 0.8
"""How often :func:`showy` picks a show when one is legal."""


def remember(record: GameRecord) -> GameRecord:
    """Register every round start and end of ``record`` with the game that reaches it."""
    for k, played_round in enumerate(record.rounds):
        before = [(r.start, r.moves) for r in record.rounds[:k]]
        PLAYED.setdefault(played_round.start, from_rounds([*before, (played_round.start, ())]))
        PLAYED.setdefault(
            played_round.end, from_rounds([*before, (played_round.start, played_round.moves)])
        )
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
    deck = None if before.players == 2 else round_deck(later.start)
    return dealt_after(before, deck, later.moves)


def dealt_after(
    before: State, deck: tuple[OrientedCard, ...] | None, moves: tuple[Move, ...]
) -> State:
    """Deal ``deck`` after the round that ended in ``before`` (a state of a registered game)
    and play ``moves``; the state reached is registered with that game played on.

    Raises:
        ScoutError: if a move is illegal.
    """
    state = next_round(before, deck)
    for move in moves:
        state = apply_move(state, move)
    game = PLAYED[before]
    PLAYED.setdefault(state, Played(game.deck, game.moves, (*game.later, (deck, moves))))
    return state


CIRCLE = ("show 0-0", "scout L @0") * 3
"""Three players at an empty table: each seat in turn shows its leftmost card and the next seat
scouts it into its own leftmost slot, so the owner takes a chip (SC-SCOUT-03) and the seat
after shows again on the empty table. Every seat gains a chip and the hands keep their sizes;
twice round, every card is back where it was (SC-END-04: nothing ends such a round)."""


def circled_game(seed: str, circles: int, choose: Chooser = showy) -> State:
    """The end of a 3-player game whose first round begins with ``circles`` rounds of
    :data:`CIRCLE` (each seat gains that many chips), the rest played at random from ``seed``;
    registered with its game.

    Raises:
        ValueError: if a round does not end (it cannot be scored).
    """
    rng = random.Random(seed)
    deck = shuffled_deck(3, rng.getrandbits(64))
    state = new_game(3, deck)
    moves = (*(parse_move("keep"),) * 3, *(parse_move(m) for m in CIRCLE * circles))
    for move in moves:
        state = apply_move(state, move)
    state, rest = play_round(state, rng, choose)
    game = Played(deck, (*moves, *rest))
    while state.phase is Phase.ROUND_OVER:
        deal = shuffled_deck(3, rng.getrandbits(64))
        state, played_moves = play_round(next_round(state, deal), rng, choose)
        game = Played(game.deck, game.moves, (*game.later, (deal, played_moves)))
    if state.phase is not Phase.GAME_OVER:
        raise ValueError(f"a round of the game seeded {seed!r} does not end")
    PLAYED.setdefault(state, game)
    return state
