"""The turns of a constructed game before the owner's show (:func:`~._played.face_by_play`).

:class:`Game` plays them one seat at a time, choosing each seat's cards from what the
construction left over:

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
"""

from __future__ import annotations

from scout_ref.engine.combinations import strength_of
from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.setup import TWO_PLAYER_CHIPS, hand_size
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand

HIGH = 10
"""The highest number: a seat scouts the table's card before the seat to act comes round
when that card is so high that the shows to come would run out of numbers."""


class Game:
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
