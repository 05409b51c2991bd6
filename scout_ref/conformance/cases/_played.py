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

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scout_ref.combinations import strength_of
from scout_ref.components import Card, OrientedCard, oriented
from scout_ref.notation import KEEP, Move, parse_move
from scout_ref.setup import TWO_PLAYER_CHIPS, cards_in_play, hand_size, new_game
from scout_ref.show import tops
from scout_ref.simulation import GameRecord
from scout_ref.state import Hand, Phase, State
from scout_ref.turn import apply_move, check_move
from scout_ref.variants import Rules

Round = tuple[tuple[OrientedCard, ...] | None, tuple[Move, ...]]
"""A later round of a game: its deck (None: the two-player set-aside cards) and moves."""


@dataclass(frozen=True, slots=True)
class Played:
    """A deal (deck order) and the moves that reach a position; ``later`` rounds follow when
    the first round's moves end it."""

    deck: tuple[OrientedCard, ...]
    moves: tuple[Move, ...]
    later: tuple[Round, ...] = ()


PLAYED: dict[State, Played] = {}
"""Every position :func:`face_by_play` built in this process, with its game."""


GAMES = Path(__file__).resolve().parent / "games.toml"
"""Games written by hand: each a deal (each seat's cards, ``|`` between seats; the cards not
named follow, sorted) and its moves, ``;`` between them."""


def by_hand(name: str, rules: Rules | None = None) -> State:
    """The position the game ``name`` of ``games.toml`` reaches, kept in :data:`PLAYED`; every
    move must be legal (ValueError otherwise)."""
    game = tomllib.loads(GAMES.read_text("utf-8"))[name]
    players = game["players"]
    deck = deal_by_seat(players, game["deck"])
    moves = tuple(parse_move(m.strip()) for m in game["moves"].split(";") if m.strip())
    state = new_game(players, deck, rules)
    for k, move in enumerate(moves):
        rejection = check_move(state, move)
        if rejection is not None:
            raise ValueError(f"games.toml: {name}: move {k} ({move}): {rejection}")
        state = apply_move(state, move)
    PLAYED[state] = Played(deck, moves)
    return state


def deal_by_seat(players: int, text: str) -> tuple[OrientedCard, ...]:
    """The deck that deals each seat the cards ``text`` names for it (``top/bottom``, seats
    separated by ``|``), each hand filled up with the cards not named, sorted, written
    ``low/high``; then the cards set aside (two players), likewise."""
    rows = [[oriented(*map(int, c.split("/"))) for c in row.split()] for row in text.split("|")]
    named = {c.card for row in rows for c in row}
    rest = [oriented(c.low, c.high) for c in sorted(set(cards_in_play(players)) - named)]
    deck: list[OrientedCard] = []
    for row in rows:
        room = hand_size(players) - len(row)
        deck += [*row, *rest[:room]]
        rest = rest[room:]
    return (*deck, *rest)


def played_on(state: State, moves: Sequence[str]) -> State:
    """The state after ``moves`` (canonical notation); if ``state`` was reached by play, so is
    the one they reach, with the same game carried on."""
    game = PLAYED.get(state)
    parsed = tuple(map(parse_move, moves))
    for move in parsed:
        state = apply_move(state, move)
    if game is not None and parsed:
        if game.later:
            deck, last = game.later[-1]
            later = (*game.later[:-1], (deck, (*last, *parsed)))
            PLAYED.setdefault(state, Played(game.deck, game.moves, later))
        else:
            PLAYED.setdefault(state, Played(game.deck, (*game.moves, *parsed)))
    return state


def record_position(record: GameRecord, number: int, made: int | None = None) -> State:
    """The position after ``made`` moves (None: all) of round ``number`` (from 1) of a
    recorded game, kept in :data:`PLAYED` with the rounds that reach it."""
    rounds = record.rounds[:number]
    moves = rounds[-1].moves if made is None else rounds[-1].moves[:made]
    state = rounds[-1].start
    for move in moves:
        state = apply_move(state, move)
    games = [(_dealt(record, r.start, k), r.moves) for k, r in enumerate(rounds, start=1)]
    games[-1] = (games[-1][0], moves)
    (deck, first), *later = games
    assert deck is not None  # the first round is dealt from a deck
    PLAYED[state] = Played(deck, first, tuple(later))
    return state


def _dealt(record: GameRecord, start: State, number: int) -> tuple[OrientedCard, ...] | None:
    """The deck a round was dealt from: its hands in seat order, then any set-aside cards; the
    second two-player round is dealt from the set-aside cards (None)."""
    if record.players == 2 and number == 2:
        return None
    return (*(c for hand in start.hands for c in hand), *start.set_aside)


def face_by_play(
    players: int,
    active_set: Hand,
    hand: Hand,
    *,
    seat: int,
    owner: int,
    rules: Rules | None,
    used: frozenset[int] = frozenset(),
) -> State | None:
    """The position reached by play, or None if this construction does not reach it.

    The seats in ``used`` have used their Scout & Show: each scouts a one-card table and shows
    that card at once, which leaves the table as it was but for its owner (SC-SNS-01).
    """
    n = players
    k = (seat - owner - 1) % n
    if seat == owner or k > max(n - 2, 0) or (not active_set and k == 0):
        return None
    if used and (n == 2 or owner in used):
        return None
    named = {c.card for c in (*active_set, *hand)}
    pool = set(cards_in_play(n)) - named
    extras = _extension(active_set, k, pool)
    if extras is None:
        return None
    pool -= {c.card for c in extras}
    shown = (*active_set, *extras)
    game = _Game(n, seat, owner, shown, pool, hand_size(n) - len(hand))
    game.sns = set(used)
    if not game.play():
        return None
    deck = game.deck(hand)
    if deck is None:
        return None
    # Rightmost first; a one-card set is scouted as its left end (SC-NOTE-05).
    finals = [f"scout {'L' if len(shown) - j == 1 else 'R'} @0" for j in range(k)]
    moves = (*(KEEP,) * n, *map(parse_move, (*game.moves, *finals)))
    try:
        state = new_game(n, deck, rules)
        for move in moves:
            state = apply_move(state, move)
    except Exception:
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
    PLAYED[state] = Played(deck, moves)
    return state


def _extension(active: Hand, k: int, pool: set[Card]) -> list[OrientedCard] | None:
    """``k`` cards from ``pool`` that extend ``active`` on the right to a combination (the owner
    showed them; the seats after it scouted them back, rightmost first)."""
    out: list[OrientedCard] = []
    used: set[Card] = set()
    for _ in range(k):
        current = [*active, *out]
        for value in _next_values(current):
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
        self.table_owner: int | None = None
        self.in_row = 0
        self.dealt: list[list[OrientedCard]] = [[] for _ in range(n)]
        self.taken = [0] * n  # cards each other seat scouted (they sit at its left end)
        size = hand_size(n)
        # What each other seat may show: it keeps a card (an empty hand ends the round) and
        # the owner keeps its final show.
        self.budget = [size - 1 - (len(shown) if s == owner else 0) for s in range(n)]
        self.moves: list[str] = []
        self.sns: set[int] = set()  # seats still to use their Scout & Show

    def play(self) -> bool:
        if self.n == 2:
            return self._play_two()
        turn = 0
        for _ in range(400):
            if turn == self.owner and self.left == 0:
                return self._owner_shows()
            closing = (turn + 1) % self.n == self.owner and self.left == 0
            if turn in self.sns and len(self.table) == 1 and not closing:
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
        self.table_owner, self.in_row = s, 0
        self.moves.append("scout L @0 + show 0-0")

    def _answer(self, s: int) -> bool:
        """Another seat's turn: keep the table empty or low for the seat to act and the owner."""
        nxt = (s + 1) % self.n
        closing = nxt == self.owner and self.left == 0
        can_scout = bool(self.table) and self.in_row < self.n - 2 and len(self.table) == 1
        high = bool(self.table) and self.table[0].top > HIGH - self.n
        if can_scout and (closing or (nxt == self.seat and high)):
            return self._scout(s)
        if closing and self.table and not self._beaten_by_show():
            return False
        if nxt == self.seat and self.left == 0:
            return False
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
        self.table, self.table_owner, self.in_row = [card], s, 0
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
        it and then showing a low card (SC-VAR2-03: a scout is followed by another action)."""
        chips = TWO_PLAYER_CHIPS
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
                cards += list(hand)
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
