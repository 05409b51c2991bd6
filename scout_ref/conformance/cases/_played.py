"""A player facing an active set, reached by playing a game (its witness, SC-REACH-01).

:func:`face_by_play` builds the position the case helper :func:`~._case.facing` describes (one
seat to act with a given hand, facing a given active set of a given owner) by dealing and
playing, so the position comes with the game that reaches it. The other seats' hands are not
named by such a case, which leaves room for the game: the owner's show extended to the right
with the cards the seats after it scouted back, and the turns before it, played one seat at a
time by :class:`~._turns.Game`.

The game is replayed by the engine, which must end exactly at the named parts; otherwise the
helper falls back to placing the cards. Every game played here is recorded with the position
it reaches (:data:`PLAYED`, :class:`Played`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from scout_ref.analysis.simulation import random_game
from scout_ref.conformance.cases._turns import Game
from scout_ref.engine.combinations import strength_of
from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.game import next_round
from scout_ref.engine.notation import KEEP, Move, parse_move
from scout_ref.engine.setup import cards_in_play, hand_size, new_game
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand, Phase, State
from scout_ref.engine.turn import apply_move
from scout_ref.engine.variants import Rules
from scout_ref.errors import ScoutError

Round = tuple[tuple[OrientedCard, ...] | None, tuple[Move, ...]]
"""A later round of a game: its deal (None: with 2 players, the cards set aside) and moves."""


@dataclass(frozen=True, slots=True)
class Played:
    """A deal (deck order) and the moves that reach a position, then any later rounds."""

    deck: tuple[OrientedCard, ...]
    moves: tuple[Move, ...]
    later: tuple[Round, ...] = ()

    def then(self, moves: tuple[Move, ...]) -> Played:
        """The same game with ``moves`` played on in its last round."""
        if not self.later:
            return Played(self.deck, (*self.moves, *moves))
        deal, last = self.later[-1]
        return Played(self.deck, self.moves, (*self.later[:-1], (deal, (*last, *moves))))


def replay_played(players: int, game: Played, rules: Rules | None = None) -> State:
    """The state ``game`` reaches, each move checked by the engine; recorded in :data:`PLAYED`.

    Raises:
        ScoutError: if a deal or a move of ``game`` is not legal.
    """
    state = reached(players, game, rules)
    PLAYED[state] = game
    return state


def reached(players: int, game: Played, rules: Rules | None = None) -> State:
    """The state ``game`` reaches, each move checked by the engine (ScoutError otherwise)."""
    state = _moved(new_game(players, game.deck, rules), game.moves)
    for deck, moves in game.later:
        state = _moved(next_round(state, deck), moves)
    return state


def _moved(state: State, moves: Sequence[Move]) -> State:
    for move in moves:
        state = apply_move(state, move)
    return state


def round_deck(start: State) -> tuple[OrientedCard, ...]:
    """The deck that dealt a round's ``start`` (before any move): the hands in seat order,
    then the cards set aside."""
    return tuple(c for hand in (*start.hands, start.set_aside) for c in hand)


def from_rounds(rounds: Sequence[tuple[State, Sequence[Move]]]) -> Played:
    """The game of these rounds, each given by its start (as dealt) and the moves played in it
    (with 2 players the second round is dealt from the cards set aside)."""
    (first, moves), *later = rounds
    return Played(
        round_deck(first),
        tuple(moves),
        tuple((None if s.is_two_player else round_deck(s), tuple(m)) for s, m in later),
    )


PLAYED: dict[State, Played] = {}
"""Every position :func:`face_by_play` built in this process, with its game."""


@cache
def earlier_rounds(players: int, rounds: int, rules: Rules | None = None) -> Played | None:
    """The first ``rounds`` rounds of a seeded game of random moves (always the same game), to
    be followed by a constructed round; None with 2 players or when the game has no more
    rounds after them."""
    game = random_game(players, seed=f"earlier-rounds-{players}", rules=rules)
    if players == 2 or rounds >= len(game.rounds):
        return None
    return from_rounds([(r.start, r.moves) for r in game.rounds[:rounds]])


def face_by_play(
    players: int,
    active_set: Hand,
    hand: Hand,
    *,
    seat: int,
    owner: int,
    rules: Rules | None,
    used: frozenset[int] = frozenset(),
    before: Played | None = None,
    game_type: type[Game] | None = None,
) -> State | None:
    """The position reached by play, or None if this construction does not reach it.

    The seats in ``used`` have used their Scout & Show: each scouts a one-card table and shows
    that card at once, which leaves the table as it was but for its owner (SC-SNS-01).
    With ``before`` (3 to 5 players), a game whose last round is over, the position is reached
    in the round after it, which that round's start player begins: the construction is made
    with the seats counted from the start player, and each seat is dealt its hand.
    """
    n = players
    if before is not None and n == 2:
        return None  # the second round is dealt from the cards round 1 set aside
    start = 0 if before is None else (len(before.later) + 1) % n
    built = _construct(
        n,
        active_set,
        hand,
        seat=(seat - start) % n,
        owner=(owner - start) % n,
        used=frozenset((s - start) % n for s in used),
        game_type=game_type or Game,
    )
    if built is None:
        return None
    deck, moves = built
    size = hand_size(n)
    blocks = [deck[s * size : s * size + size] for s in range(n)]
    deck = (*(c for j in range(n) for c in blocks[(j - start) % n]), *deck[n * size :])
    game = Played(deck, moves)
    if before is not None:
        game = Played(before.deck, before.moves, (*before.later, (deck, moves)))
    try:
        state = reached(n, game, rules)
    except ScoutError:
        return None
    if (
        state.phase is not Phase.PLAY
        or state.turn != seat
        or state.owner != owner
        or state.active_set != tuple(active_set)
        or state.hands[seat] != tuple(hand)
        or state.scout_show_available != tuple(n > 2 and s not in used for s in range(n))
    ):
        return None
    PLAYED[state] = game
    return state


def _construct(
    n: int,
    active_set: Hand,
    hand: Hand,
    *,
    seat: int,
    owner: int,
    used: frozenset[int],
    game_type: type[Game],
) -> tuple[tuple[OrientedCard, ...], tuple[Move, ...]] | None:
    """The deal and moves of the construction, seat 0 starting the round. The seat to act may
    own an empty table (3 to 5 players): every other seat scouted its show, which ends the
    round unless the chain-reset variant is played (SC-VAR-02; the replay decides)."""
    k = (seat - owner - 1) % n
    own = seat == owner and not active_set and n > 2
    if (seat == owner and not own) or (k > max(n - 2, 0) and not own):
        return None
    if not active_set and k == 0:
        return None
    if used and (n == 2 or owner in used):
        return None
    # Over an empty table the owner's show was scouted away: a low card first, else a high
    # one (which beats what the seats before the owner left on the table). Then a thrifty
    # owner: right before the seat to act, it scouts a single card rather than beat it.
    for high, thrifty in ((False, False), (True, False), (False, True)):
        if high and active_set:
            continue
        built = _built(
            n,
            active_set,
            hand,
            seat=seat,
            owner=owner,
            used=used,
            high=high,
            thrifty=thrifty,
            game_type=game_type,
        )
        if built is not None:
            return built
    return None


def _built(
    n: int,
    active_set: Hand,
    hand: Hand,
    *,
    seat: int,
    owner: int,
    used: frozenset[int],
    high: bool,
    thrifty: bool,
    game_type: type[Game],
) -> tuple[tuple[OrientedCard, ...], tuple[Move, ...]] | None:
    k = (seat - owner - 1) % n
    named = {c.card for c in (*active_set, *hand)}
    pool = set(cards_in_play(n)) - named
    extras = _extension(active_set, k, pool, high=high)
    if extras is None:
        return None
    pool -= {c.card for c in extras}
    shown = (*active_set, *extras)
    sheds = hand_size(n) - len(hand) - (len(shown) if seat == owner else 0)
    game = game_type(n, seat, owner, shown, pool, sheds)
    game.sns = set(used)
    game.thrifty = thrifty
    if not game.play():
        return None
    deck = game.deck(hand)
    if deck is None:
        return None
    # Rightmost first; a one-card set is scouted as its left end (SC-NOTE-05).
    finals = [f"scout {'L' if len(shown) - j == 1 else 'R'} @0" for j in range(k)]
    return deck, (*(KEEP,) * n, *map(parse_move, (*game.moves, *finals)))


def _extension(
    active: Hand, k: int, pool: set[Card], *, high: bool = False
) -> list[OrientedCard] | None:
    """``k`` cards from ``pool`` that extend ``active`` on the right to a combination (the owner
    showed them; the seats after it scouted them back, rightmost first); ``high``: starting
    from the highest number rather than the lowest."""
    out: list[OrientedCard] = []
    used: set[Card] = set()
    for _ in range(k):
        current = [*active, *out]
        values = _next_values(current)
        for value in reversed(values) if high and not current else values:
            card = next((c for c in sorted(pool - used) if value in (c.low, c.high)), None)
            if card is not None:
                out.append(oriented(value, card.high if card.low == value else card.low))
                used.add(card)
                break
        else:
            return None
    return out if strength_of(tops((*active, *out))) is not None else None


def _next_values(current: list[OrientedCard]) -> list[int]:
    if not current:
        return list(range(1, 11))
    numbers = tops(tuple(current))
    last = numbers[-1]
    if len(numbers) == 1:
        return [v for v in (last, last + 1, last - 1) if 1 <= v <= 10]
    step = numbers[-1] - numbers[-2]
    return [v for v in (last + step,) if 1 <= v <= 10]
