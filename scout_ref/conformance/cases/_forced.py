"""Facing positions under forced scouting reached by play (SC-VAR-03, SC-REACH-01).

Under the forced-scouting variant a player may scout only when no show of theirs beats the
active set. The construction of :mod:`~._turns` scouts to bring the numbers down; here each
of those scouts is made forced (3 to 5 players, the owner showing right before the seat to
act):

* a seat scouts only a single card of the highest number in play, which no single card beats,
  and its hand holds no two neighbouring cards that form a set or a run (no combination of two
  or more cards): its shows follow each other with numbers apart, the cards it keeps are laid
  out so, and a scouted card goes to the far right, turned when its number would sit next to
  an equal or neighbouring one;
* the seat before such a seat shows a card of the highest number when the numbers run high,
  or when the seat after it must clear the table for the owner's show;
* the owner never scouts (its show sits in its hand as a combination).

The game is replayed under the forced rules by :func:`~._played.face_by_play`, which rejects
it if any scout was not forced.
"""

from __future__ import annotations

from scout_ref.conformance.cases._turns import Game
from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.setup import cards_in_play, hand_size


def _top_number(n: int) -> int:
    """The highest number in play: 9 with 3 players (no card with a 10), else 10."""
    return max(c.high for c in cards_in_play(n))


def _apart(a: int, b: int | None) -> bool:
    """Whether two neighbouring numbers form no set and no run."""
    return b is None or abs(a - b) > 1


class ForcedGame(Game):
    """The construction of :class:`~._turns.Game` with only forced scouts."""

    def play(self) -> bool:
        if self.n == 2 or self.seat == self.owner:
            return False
        self.top = _top_number(self.n)
        self.scouted: dict[int, list[int]] = {}  # the numbers of each seat's scouted cards
        turn = 0
        for _ in range(400):
            if turn == self.owner and self.left == 0:
                return self._owner_shows()
            if turn == self.seat:
                if self.left == 0:
                    return False
                self.left -= 1
                if not self._show(turn, self._choice(turn)):
                    return False
            elif not self._answer(turn):
                return False
            turn = (turn + 1) % self.n
        return False

    def _choice(self, s: int) -> OrientedCard | None:
        """The card ``s`` shows: the lowest that beats the table (apart from the seat's last
        show), or one of the highest number when the next seat is to scout it."""
        nxt = (s + 1) % self.n
        if nxt in (self.owner, self.seat):
            return self._lowest_apart(s)
        high = bool(self.table) and self.table[0].top >= self.top - self.n
        closes = (nxt + 1) % self.n == self.owner and self.left == 0 and len(self.shown) == 1
        return self._highest() if high or closes else self._lowest_apart(s)

    def _lowest_apart(self, s: int) -> OrientedCard | None:
        if s in (self.seat, self.owner) or not self.dealt[s]:
            return self._lowest_above()
        if len(self.table) > 1:
            return None
        floor = self.table[0].top if self.table else 0
        last = self.dealt[s][-1].top
        for value in range(floor + 1, self.top + 1):
            card = next((c for c in sorted(self.pool) if value in (c.low, c.high)), None)
            if card is not None and _apart(value, last):
                return oriented(value, card.high if card.low == value else card.low)
        return None

    def _highest(self) -> OrientedCard | None:
        card = next((c for c in sorted(self.pool) if c.high == self.top), None)
        return None if card is None else oriented(card.high, card.low)

    def _answer(self, s: int) -> bool:
        nxt = (s + 1) % self.n
        stuck = len(self.table) == 1 and self.table[0].top == self.top
        if stuck and s != self.owner and self.in_row < self.n - 2:
            return self._scout(s)
        if nxt == self.owner and self.left == 0 and self.table and not self._beaten_by_show():
            return False
        if nxt == self.seat and self.left == 0:
            return False
        if self.budget[s] <= 0 or not self._show(s, self._choice(s)):
            return False
        self.budget[s] -= 1
        return True

    def _scout(self, s: int) -> bool:
        """Scout the one card to the far right of the hand, turned if its number would sit
        next to an equal or neighbouring one."""
        card = self.table[0]
        numbers = self.scouted.setdefault(s, [])
        turned = bool(numbers) and not _apart(card.top, numbers[-1])
        slot = hand_size(self.n) - len(self.dealt[s]) + len(numbers)
        numbers.append(card.bottom if turned else card.top)
        self.table = []
        self.in_row += 1
        self.moves.append(f"scout L{'~' if turned else ''} @{slot}")
        return True

    def deck(self, hand: tuple[OrientedCard, ...]) -> tuple[OrientedCard, ...] | None:
        """The deck of :class:`~._turns.Game` with the kept cards of the other seats dealt
        round the table (low and high numbers for each), each scouting seat's laid out with no
        two neighbours forming a set or a run."""
        out = super().deck(hand)
        if out is None:
            return None
        size = hand_size(self.n)
        cards = list(out)
        spans = {
            s: (s * size + len(self.dealt[s]) + (len(self.shown) if s == self.owner else 0))
            for s in range(self.n)
            if s != self.seat
        }
        kept = sorted(c.card for s, start in spans.items() for c in cards[start : s * size + size])
        shares: dict[int, list[Card]] = {s: [] for s in spans}
        while kept:
            for s, start in spans.items():
                if kept and len(shares[s]) < s * size + size - start:
                    shares[s].append(kept.pop(0))
        for s, start in spans.items():
            before = self.dealt[s][-1].top if self.dealt[s] else None
            after = self.scouted.get(s, [None])[0]
            laid = (
                [oriented(c.low, c.high) for c in shares[s]]
                if s == self.owner
                else _laid_apart(shares[s], before, after)
            )
            if laid is None:
                return None
            cards[start : s * size + size] = laid
        return tuple(cards)


def _laid_apart(
    kept: list[Card], before: int | None, after: int | None
) -> list[OrientedCard] | None:
    """``kept`` in an order and orientation where no two neighbours form a set or a run, the
    first none with ``before`` and the last none with ``after`` (a depth-first search that
    tries the lowest numbers first, within a fixed number of steps), or None."""
    steps = [0]

    def search(left: list[Card], last: int | None) -> list[OrientedCard] | None:
        steps[0] += 1
        if not left:
            return [] if after is None or _apart(after, last) else None
        if steps[0] > SEARCH_STEPS:
            return None
        options = sorted(
            (top, card) for card in left for top in (card.low, card.high) if _apart(top, last)
        )
        for top, card in options:
            rest = search([c for c in left if c != card], top)
            if rest is not None:
                return [oriented(top, card.high if top == card.low else card.low), *rest]
        return None

    return search(sorted(kept), before)


SEARCH_STEPS = 20_000
"""How many partial layouts :func:`_laid_apart` tries before it gives up."""
