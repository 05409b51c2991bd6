"""The shedding part of a constructed witness game (:mod:`scout_ref.analysis.construction`).

Before the owner's last show every seat must get rid of the cards it was dealt beyond what it
holds then: cards the position does not name, each of which ends captured. A seat gets rid of
them by showing them, one or two at a time, each show beating the table (SC-SHOW-03). Shows
only climb, so the table is brought down by scouts (SC-SCOUT-01): the scout takes the table's
end card, which the scouting seat must show again later. A seat that has used its Scout & Show
this round scouts a one-card table and shows that card again at once (SC-SNS-01).

For a number of rounds of turns, :func:`plans` gives each seat how many single cards, pairs
and scouts it makes so that every seat runs out just before the owner's last turn (with 2
players a scout is paid with a chip and followed by another move, SC-VAR2-03). :class:`Search`
then orders those moves, best first, so that each show beats the table and the last show
beats the final one. The cards the position does not name are dealt lazily: a seat's deal
ends with the unnamed cards it shows, in the order it shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from heapq import heappop, heappush
from itertools import islice
from typing import TypeVar

from scout_ref.engine.combinations import Strength, strength_of
from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.setup import TWO_PLAYER_CHIPS
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand

Plan = tuple[tuple[int, int, int], ...]
"""Each seat's single shows, two-card shows and scouts still to make."""

T = TypeVar("T")

WIDTH = 4
"""How many options of the seat to act the search follows from each position."""


@dataclass(frozen=True, slots=True)
class Node:
    """The shedding so far: the table, what each seat still has to do, the moves."""

    turn: int
    table: Hand
    in_row: int  # scouts since the last show
    plan: Plan
    need: tuple[int, ...]  # unnamed cards each seat still has to show from its deal
    pending: tuple[Hand, ...]  # cards each seat scouted and must show again, as taken
    scouted: tuple[tuple[int, ...], ...]  # the index in ``moves`` of each pending card's scout
    pool: tuple[Card, ...]  # unnamed cards nobody has shown yet
    sns: frozenset[int]  # seats still to use their Scout & Show
    shown: tuple[Hand, ...]  # the unnamed cards each seat showed, in order: its deal's end
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Shedding:
    """What the shedding starts from and must end at."""

    hands: tuple[Hand, ...]  # each seat's named cards just before the last show
    last: Hand  # the owner's last show
    owner: int
    pool: tuple[Card, ...]  # the cards the position does not name
    need: tuple[int, ...]  # how many of them each seat was dealt
    used: frozenset[int]  # the seats that use their Scout & Show
    top: int  # the highest number in play

    @property
    def players(self) -> int:
        return len(self.hands)

    def start(self, plan: Plan) -> Node:
        n = self.players
        none = ((),) * n
        return Node(0, (), 0, plan, self.need, none, none, self.pool, self.used, none, ())


def plans(shedding: Shedding, rounds: int) -> Plan | None:
    """Each seat's moves when the owner's last show comes after ``rounds`` turns of its own;
    None if some seat cannot fill its turns."""
    out = []
    for s in range(shedding.players):
        turns = rounds + int(s < shedding.owner) - int(s in shedding.used)
        extra = turns - shedding.need[s]  # turns beyond one card a turn
        if shedding.players == 2:
            scouts, pairs = max(extra, 0), max(-extra, 0)
            if scouts > TWO_PLAYER_CHIPS:
                return None
        else:
            scouts = (extra + 1) // 2 if extra > 0 else 0
            pairs = 2 * scouts - extra
        singles = shedding.need[s] + scouts - 2 * pairs
        if singles < 0 or turns < 0:
            return None
        out.append((singles, pairs, scouts))
    return tuple(out)


class Search:
    """Best first: the position with the fewest moves left to make, then the weakest table."""

    def __init__(self, shedding: Shedding) -> None:
        self.shedding = shedding
        self.tried = 0
        numbers = range(1, shedding.top + 1)
        self.strengths = sorted(
            {(1, True, v) for v in numbers}
            | {(2, True, v) for v in numbers}
            | {(2, False, v) for v in numbers[:-1]}
        )  # of the shows the shedding makes

    def run(self, plan: Plan, budget: int, accept: Callable[[Node], object]) -> object:
        """The first non-None ``accept(node)`` of a finished shedding, or None."""
        start = self.shedding.start(plan)
        queue = [(_score(start), 0, start)]
        seen = {_key(start)}
        tried = 0
        while queue and tried < budget:
            node = heappop(queue)[2]
            tried += 1
            if self._done(node):
                found = accept(node)
                if found is not None:
                    self.tried += tried
                    return found
            for make in islice(self._children(node), WIDTH):
                child = make()
                if _key(child) not in seen:
                    seen.add(_key(child))
                    heappush(queue, (_score(child), len(seen), child))
        self.tried += tried
        return None

    def _finished(self, node: Node) -> bool:
        return node.turn == self.shedding.owner and not any(map(any, node.plan)) and not node.sns

    def _done(self, node: Node) -> bool:
        return self._finished(node) and _beats(self.shedding.last, node.table)

    def _children(self, node: Node) -> Iterator[Callable[[], Node]]:
        """The seat to act's options in order of preference: the weakest show that beats the
        table, then its Scout & Show, then a scout; a scout first when the table holds a card
        so high that the shows to come would soon run out of numbers."""
        s = node.turn
        if self._finished(node):
            return  # the last show is due, and does not beat the table
        quiet: list[Callable[[], Node]] = []
        if s in node.sns and len(node.table) == 1:
            quiet.append(partial(self._scout_show, node))
        if node.plan[s][2] and self._may_scout(node):
            quiet.append(partial(self._scout, node))
        if len(node.table) == 1 and node.table[0].top >= self.shedding.top - 1:
            yield from quiet
            quiet = []
        for child in map(self._show, self._shows(node)):
            if self._may_end(child):
                yield partial(_same, child)
        yield from quiet

    def _shows(self, node: Node) -> Iterator[tuple[Node, Hand, int | None]]:
        """The shows the seat to act still plans: a scouted card again (either number on top:
        its scout decides), or unnamed cards, one or two; never its last card (an empty hand
        would end the round, SC-END-01). Each with the scouted card it shows, if any."""
        s = node.turn
        singles, pairs, _ = node.plan[s]
        need, pending = node.need[s], node.pending[s]
        room = len(self.shedding.hands[s]) + need + len(pending) - 1  # cards it may show now
        if singles and room >= 1:
            for j, card in enumerate(pending):
                yield from ((node, (c,), j) for c in _either(card) if _beats((c,), node.table))
            if need - 1 >= 2 * pairs:
                yield from ((node, c, None) for c in _pool_shows(node.pool, node.table, 1))
        if pairs and room >= 2:
            if pending and need >= 1 and need - 1 >= 2 * (pairs - 1):
                # The last scouted card lies just before the unshown cards: they may go together.
                j = len(pending) - 1
                for first in _either(pending[j]):
                    shows = _pool_shows(node.pool, node.table, 2, first)
                    yield from ((node, c, j) for c in shows)
            if need >= 2:
                shows = _pool_shows(node.pool, node.table, 2)
                yield from ((node, c, None) for c in shows if len(c) == 2)

    def _show(self, choice: tuple[Node, Hand, int | None]) -> Node:
        """Show ``cards``: unnamed cards, after the ``j``-th scouted card if one is given."""
        node, cards, j = choice
        s = node.turn
        named = len(self.shedding.hands[s])
        at = named + len(node.pending[s])
        pending, scouted, moves = node.pending[s], node.scouted[s], list(node.moves)
        dealt = cards
        if j is not None:
            at, dealt = named + j, cards[1:]
            # The scout that took the card decides its orientation in the hand.
            if cards[0] != pending[j]:
                moves[scouted[j]] = moves[scouted[j]].replace("L @", "L~ @")
            pending, scouted = pending[:j] + pending[j + 1 :], scouted[:j] + scouted[j + 1 :]
        gone = {c.card for c in dealt}
        return self._after(
            replace(node, moves=tuple(moves)),
            f"show {at}-{at + len(cards) - 1}",
            table=cards,
            in_row=0,
            plan=_planned(node, len(cards) - 1),
            need=_with(node.need, s, node.need[s] - len(dealt)),
            pending=_with(node.pending, s, pending),
            scouted=_with(node.scouted, s, scouted),
            pool=tuple(c for c in node.pool if c not in gone),
            shown=_with(node.shown, s, (*node.shown[s], *dealt)),
        )

    def _may_end(self, node: Node) -> bool:
        """Whether the shows still planned can climb from the table to below the last show.
        Only a scout makes the table weaker; with none left, every show must beat the one
        before (the single cards first, as every pair beats them) and the last show must
        beat them all."""
        if any(p[2] for p in node.plan):
            return True
        singles = sum(p[0] for p in node.plan)
        pairs = sum(p[1] for p in node.plan)
        low, high = strength(node.table), strength(self.shedding.last)
        between = [s for s in self.strengths if low < s < high]
        fits = {s[2] for s in between if s[0] == 1}  # the numbers a single card may show
        return (
            low < high
            and sum(s[0] == 1 for s in between) >= singles
            and sum(s[0] == 2 for s in between) >= pairs
            and all({c.top, c.bottom} & fits for p in node.pending for c in p)
        )

    def _may_scout(self, node: Node) -> bool:
        if not node.table:
            return False
        if self.shedding.players == 2:
            return True
        return node.in_row < self.shedding.players - 2  # one scout more would end the round

    def _after(self, node: Node, move: str, **changes: object) -> Node:
        nxt = (node.turn + 1) % self.shedding.players
        return replace(node, turn=nxt, moves=(*node.moves, move), **changes)  # type: ignore[arg-type]

    def _scout(self, node: Node) -> Node:
        """Scout the table's left end card into the place after the seat's named and scouted
        cards; whether it is rotated is decided when the seat shows it again."""
        s = node.turn
        at = len(self.shedding.hands[s]) + len(node.pending[s])
        changes: dict[str, object] = {
            "table": node.table[1:],
            "pending": _with(node.pending, s, (*node.pending[s], node.table[0])),
            "scouted": _with(node.scouted, s, (*node.scouted[s], len(node.moves))),
            "plan": _planned(node, 2),
        }
        move = f"scout L @{at}"
        if self.shedding.players == 2:  # the same player moves again (SC-VAR2-03)
            return replace(node, moves=(*node.moves, move), **changes)  # type: ignore[arg-type]
        return self._after(node, move, in_row=node.in_row + 1, **changes)

    def _scout_show(self, node: Node) -> Node:
        at = len(self.shedding.hands[node.turn]) + len(node.pending[node.turn])
        move = f"scout L @{at} + show {at}-{at}"
        return self._after(node, move, in_row=0, sns=node.sns - {node.turn})


def _same(node: Node) -> Node:
    return node


def _planned(node: Node, kind: int) -> Plan:
    """The plan after the seat to act made one move of ``kind`` (0 single, 1 pair, 2 scout)."""
    s = node.turn
    single, pair, scout = (v - int(k == kind) for k, v in enumerate(node.plan[s]))
    return tuple((single, pair, scout) if t == s else p for t, p in enumerate(node.plan))


def _score(node: Node) -> tuple[int, Strength]:
    return sum(map(sum, node.plan)), strength(node.table)


def _key(node: Node) -> tuple[object, ...]:
    return (node.turn, node.table, node.in_row, node.plan, node.pending, node.pool, node.sns)


def _either(card: OrientedCard) -> tuple[OrientedCard, OrientedCard]:
    return card, card.rotated()


def _with(row: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return tuple(value if s == seat else v for s, v in enumerate(row))


def strength(cards: Hand) -> Strength:
    """The strength of ``cards`` as a show; nothing is weaker than any combination."""
    return strength_of(tops(cards)) or (0, False, 0)


def _beats(cards: Hand, table: Hand) -> bool:
    return not table or strength(cards) > strength(table)


def _pool_shows(
    pool: Sequence[Card], table: Hand, most: int, first: OrientedCard | None = None
) -> list[Hand]:
    """Shows of one or two unnamed cards that beat ``table``, weakest first; with ``first``,
    the two-card shows that begin with that card and go on with an unnamed card."""
    by_value: dict[int, list[Card]] = {}
    for card in pool:
        by_value.setdefault(card.low, []).append(card)
        by_value.setdefault(card.high, []).append(card)
    shows: list[Hand] = []
    if first is not None:
        for value in (first.top, first.top + 1, first.top - 1):
            if by_value.get(value):
                shows.append((first, _top(by_value[value][0], value)))
    else:
        for value, cards in sorted(by_value.items()):
            shows.append((_top(cards[0], value),))
            if most >= 2 and len(cards) >= 2:
                shows.append((_top(cards[0], value), _top(cards[1], value)))
            upper = [c for c in by_value.get(value + 1, []) if c != cards[0]]
            if most >= 2 and upper:
                shows.append((_top(cards[0], value), _top(upper[0], value + 1)))
    return sorted((c for c in shows if _beats(c, table)), key=strength)


def _top(card: Card, value: int) -> OrientedCard:
    return oriented(value, card.high if card.low == value else card.low)
