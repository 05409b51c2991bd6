"""A player facing an active set, reached by playing a game (its witness, SC-REACH-01).

:func:`face_by_play` builds the position the case helper :func:`~._case.facing` describes (one
seat to act with a given hand, facing a given active set of a given owner) by dealing and
playing, so the position comes with the game that reaches it. The other seats' hands are not
named by such a case, which leaves room for the game:

* the seat to act sheds the cards it was dealt beyond its hand one at a time, each a single
  card that beats the table;
* the other seats answer with the lowest card that beats the table, each capturing the one
  before; when the numbers run high, the seat before the seat to act scouts the table's card
  into its own hand instead (the card's owner takes the chip; never so many scouts in a row
  that the round would end), so the shows start again from the bottom;
* the seat before the owner empties the table for the owner's show, and the seats between the
  owner and the seat to act scout from it (taking cards the owner showed beyond the set);
* with 2 players the owner answers alone: it beats the card, or pays one of its chips to scout
  it and then shows a low card, and pays one more if its own show needs an empty table.

The game is replayed by the engine, which must end exactly at the named parts; otherwise the
helper falls back to placing the cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from scout_ref.analysis.simulation import random_game
from scout_ref.engine.combinations import strength_of
from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.game import next_round
from scout_ref.engine.notation import KEEP, Move, parse_move
from scout_ref.engine.setup import TWO_PLAYER_CHIPS, cards_in_play, hand_size, new_game
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
    game_type: type[_Game] | None = None,
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
        game_type=game_type or _Game,
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
    game_type: type[_Game],
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
    game_type: type[_Game],
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


HIGH = 10
"""The highest number: a seat scouts the table's card before the seat to act comes round
when that card is so high that the shows to come would run out of numbers."""


class _Game:
    """The turns before the owner's show, one seat at a time (see the module's text)."""

    def __init__(  # noqa: PLR0917 - the parts of one construction
        self, n: int, seat: int, owner: int, shown: Hand, pool: set[Card], sheds: int
    ) -> None:
        self.n, self.seat, self.owner, self.shown = n, seat, owner, shown
        self.pool = pool
        self.left = sheds  # cards the seat to act still sheds
        self.table: list[OrientedCard] = []
        self.in_row = 0
        self.dealt: list[list[OrientedCard]] = [[] for _ in range(n)]
        self.taken = [0] * n  # cards each other seat scouted (they sit at its left end)
        size = hand_size(n)
        # What each other seat may show: it keeps a card (an empty hand ends the round) and
        # the owner keeps its final show.
        self.budget = [size - 1 - (len(shown) if s == owner else 0) for s in range(n)]
        self.moves: list[str] = []
        self.sns: set[int] = set()  # seats still to use their Scout & Show
        self.thrifty = False  # the owner keeps its cards: it scouts before the seat to act

    def play(self) -> bool:
        if self.n == 2:
            return self._play_two()
        turn = 0
        for _ in range(400):
            if turn == self.owner and self.left == 0:
                return self._owner_shows()
            closing = (turn + 1) % self.n == self.owner and self.left == 0
            if (
                turn in self.sns
                and len(self.table) == 1
                and (not closing or self._beaten_by_show())
            ):
                self._scout_show(turn)
            elif turn == self.seat:
                if self.left == 0 or not self._show(turn, self._lowest_above()):
                    return False
                self.left -= 1
            elif not self._answer(turn):
                return False
            turn = (turn + 1) % self.n
        return False

    def _scout_show(self, s: int) -> None:
        """Scout the one-card table and show that card: only its owner changes."""
        self.sns.discard(s)
        self.in_row = 0
        self.moves.append("scout L @0 + show 0-0")

    def _answer(self, s: int) -> bool:
        """Another seat's turn: keep the table empty or low for the seat to act and the owner."""
        nxt = (s + 1) % self.n
        closing = nxt == self.owner and self.left == 0
        can_scout = bool(self.table) and self.in_row < self.n - 2 and len(self.table) == 1
        high = bool(self.table) and self.table[0].top > HIGH - self.n
        thrifty = self.thrifty and s == self.owner
        if can_scout and (closing or (nxt == self.seat and (high or thrifty))):
            return self._scout(s)
        if closing and self.table and not self._beaten_by_show():
            return False
        if nxt == self.seat != self.owner and self.left == 0 and nxt not in self.sns:
            return False  # (a seat to use its Scout & Show takes this seat's card back)
        if self.budget[s] > 0 and self._show(s, self._lowest_above()):
            self.budget[s] -= 1
            return True
        return can_scout and self._scout(s)

    def _beaten_by_show(self) -> bool:
        mine, theirs = strength_of(tops(self.shown)), strength_of(tops(tuple(self.table)))
        return mine is not None and (theirs is None or mine > theirs)

    def _lowest_above(self) -> OrientedCard | None:
        floor = self.table[0].top if len(self.table) == 1 else 0
        if len(self.table) > 1:
            return None
        for value in range(floor + 1, 11):
            card = next((c for c in sorted(self.pool) if value in (c.low, c.high)), None)
            if card is not None:
                return oriented(value, card.high if card.low == value else card.low)
        return None

    def _show(self, s: int, card: OrientedCard | None) -> bool:
        if card is None:
            return False
        self.pool.discard(card.card)
        self.dealt[s].append(card)
        at = self.taken[s]
        self.moves.append(f"show {at}-{at}")
        self.table, self.in_row = [card], 0
        return True

    def _scout(self, s: int) -> bool:
        self.table = []
        self.taken[s] += 1
        self.in_row += 1
        self.moves.append("scout L @0")
        return True

    def _owner_shows(self) -> bool:
        if self.table and not self._beaten_by_show():
            return False
        at = self.taken[self.owner]
        self.moves.append(f"show {at}-{at + len(self.shown) - 1}")
        return True

    def _play_two(self) -> bool:
        """With 2 players the owner answers each card of the seat to act by beating it, or,
        when the numbers run high (or at the end, for its own show), by paying a chip to scout
        it and then showing a low card (SC-VAR2-03: a scout is followed by another action);
        with no card left to spare it pays a chip to take the card back and shows it again."""
        chips = TWO_PLAYER_CHIPS
        keep = 0 if len(self.shown) > 1 else 1  # a chip kept to clear a card its show ties
        turn = 0
        for _ in range(200):
            if turn == self.seat:
                if self.left == 0 or not self._show(turn, self._lowest_above()):
                    return False
                self.left -= 1
            elif self.left == 0:
                if self.table and not self._beaten_by_show():
                    if chips == 0:
                        return False
                    self._scout(turn)
                return self._owner_shows()
            elif self.budget[turn] <= 0 and chips > keep and len(self.table) == 1:
                # No card left to spare: pay a chip, take the card back and show it again.
                chips -= 1
                self.moves += ["scout L @0", "show 0-0"]
            else:
                high = bool(self.table) and self.table[0].top > HIGH - 3
                if (high or self._lowest_above() is None) and chips > 0 and self.table:
                    chips -= 1
                    self._scout(turn)
                if self.budget[turn] <= 0 or not self._show(turn, self._lowest_above()):
                    return False
                self.budget[turn] -= 1
            turn = 1 - turn
        return False

    def deck(self, hand: Hand) -> tuple[OrientedCard, ...] | None:
        """The deck: each seat's shown cards in order, then what it keeps (the seat to act its
        hand, the owner its show first); the cards left over are kept by the other seats."""
        size = hand_size(self.n)
        rest = sorted(self.pool)
        out: list[OrientedCard] = []
        for s in range(self.n):
            cards = list(self.dealt[s])
            if s == self.seat:
                cards += [*(self.shown if s == self.owner else ()), *hand]
            else:
                if s == self.owner:
                    cards += list(self.shown)
                room = size - len(cards)
                if room < 0 or room > len(rest):
                    return None
                cards += [oriented(c.low, c.high) for c in rest[:room]]
                rest = rest[room:]
            if len(cards) != size:
                return None
            out += cards
        if self.n == 2:  # the other 22 cards are set aside for the second round
            return (*out, *(oriented(c.low, c.high) for c in rest))
        return tuple(out) if not rest else None
