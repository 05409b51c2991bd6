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
from scout_ref.conformance.cases._played import PLAYED, Played, Round, face_by_play
from scout_ref.errors import ScoutError
from scout_ref.game import next_round
from scout_ref.notation import Move, ScoutShow, Show, parse_move
from scout_ref.setup import hand_size, new_game, shuffled_deck
from scout_ref.simulation import Chooser, GameRecord, RoundRecord, play_round, random_game
from scout_ref.state import Hand, Phase, State
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


def face_later(
    players: int,
    active_set: Hand,
    hand: Hand,
    *,
    seat: int,
    owner: int,
    rules: Rules | None,
    round: int,
    used: frozenset[int] = frozenset(),
) -> State | None:
    """:func:`~._played.face_by_play`'s position in round ``round`` (3 to 5 players), or None.

    The earlier rounds are those of a seeded game (so the totals are that game's); the last
    is dealt so that the construction of :func:`~._played.face_by_play`, made with the seats
    counted from the round's start player, reaches the position.
    """
    n = players
    if n == 2 or round < 2:
        return None
    first = (round - 1) % n  # the start player of round ``round`` (SC-GAME-02)
    built = face_by_play(
        n,
        active_set,
        hand,
        seat=(seat - first) % n,
        owner=(owner - first) % n,
        rules=rules,
        used=frozenset((s - first) % n for s in used),
    )
    if built is None:
        return None
    made = PLAYED[built]
    size = hand_size(n)
    blocks = [made.deck[s * size : (s + 1) * size] for s in range(n)]
    deck = tuple(c for s in range(n) for c in blocks[(s - first) % n])
    earlier = remember(random_game(n, seed=f"later-{n}p-{round}", rules=rules, choose=showy))
    if earlier.truncated or len(earlier.rounds) < round - 1:
        return None
    before = earlier.rounds[round - 2].end
    # Without rotation decisions in this round (SC-VAR-04) the game's keeps are left out.
    rotating = next_round(before, deck).phase is Phase.ROTATION
    try:
        state = dealt_after(before, deck, made.moves if rotating else made.moves[n:])
    except ScoutError:
        return None
    if state.turn != seat or state.owner != owner or state.hands[seat] != tuple(hand):
        return None
    return state if state.active_set == tuple(active_set) else None


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
