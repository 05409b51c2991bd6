"""Chapter INFO, elimination: the cards a seat has not seen, and where they must be.

A seat knows every card of the game (SC-COMP-01, SC-SETUP-01). Those it does not see now, in
its own hand, face up in another hand, on the table or in a pile, and does not remember as out
of the round, are its **unseen** cards (SC-INFO-08). They lie in the hidden places: the other
seats' hidden cards and, with two players, the cards out of the round (the set-aside in round
1; in round 2 the round-1 cards the other player never showed). When only one seat has hidden
cards and nothing else is hidden, every unseen card is in that seat's hand: a card nobody holds
openly that one seat must hold. What moves reveal (SC-INFO-07) is not counted here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scout_ref.engine.components import Card, OrientedCard
from scout_ref.engine.setup import cards_in_play
from scout_ref.rulebook.registry import implements


@implements("SC-INFO-08")
def unseen_cards(
    players: int,
    hand: Iterable[OrientedCard],
    in_sight: Iterable[Card],
    out_of_round: Iterable[Card],
) -> tuple[Card, ...]:
    """The cards of a ``players`` game that a seat holding ``hand`` cannot place, ascending.

    ``in_sight`` are the cards it sees elsewhere now (public cards in hands, the active set, the
    captured piles); ``out_of_round`` the cards it remembers as out of this round.

    >>> from scout_ref.engine.components import oriented
    >>> len(unseen_cards(3, [oriented(1, 2)], [Card(3, 4)], []))
    34
    """
    known = {c.card for c in hand} | set(in_sight) | set(out_of_round)
    return tuple(sorted(cards_in_play(players) - known))


@implements("SC-INFO-08")
def deduced_holdings(
    unseen: Sequence[Card], hidden: Sequence[int], seat: int
) -> tuple[tuple[Card, ...], ...]:
    """For each seat, the unseen cards that elimination puts in its hand.

    ``hidden`` counts each seat's hidden cards as ``seat`` sees them (its own count is
    ignored). The unseen cards fill exactly the hidden places; when one other seat has all the
    hidden cards and nothing else is hidden, that seat holds every unseen card.

    >>> deduced_holdings([Card(1, 2), Card(3, 4)], [5, 0, 2], 0)
    ((), (), (Card(low=1, high=2), Card(low=3, high=4)))
    >>> deduced_holdings([Card(1, 2), Card(3, 4)], [5, 1, 1], 0)
    ((), (), ())
    """
    holders = [s for s, n in enumerate(hidden) if s != seat and n > 0]
    places = sum(n for s, n in enumerate(hidden) if s != seat)
    only = holders[0] if len(holders) == 1 and places == len(unseen) else None
    return tuple(tuple(unseen) if s == only else () for s in range(len(hidden)))
