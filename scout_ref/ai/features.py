"""An observation as a flat vector of numbers, for learning agents (PettingZoo, OpenSpiel).

The vector is built from :func:`~scout_ref.observation` alone, so it holds what one seat knows
and nothing more (chapter INFO); a layer below says which rule each part follows from. Seats are
counted from the observer: part ``k`` of a per-seat block is the seat ``k`` places after it.
Cards are one-hot: the top number's 10 places, then the bottom number's 10.

==================  ============  ============================================================
part                numbers       what it says
==================  ============  ============================================================
hand                H x 20        the own hand, which way up, in order (SC-INFO-01)
public cards        (n-1) x H x   each other hand's scouted cards where they lie (SC-INFO-04)
                    20
hand sizes          n             every hand's size / H (SC-INFO-02)
active set          L x 20        the active set's cards in order (SC-INFO-02)
owner, turn,        3 x (n + 1)   one-hot, the last place for none (SC-INFO-02)
start player
phase, round end    4, 3          one-hot (SC-INFO-02)
round               5             one-hot (SC-INFO-02)
chips, may Scout    4 x n         Scout chips / 10, Scout & Show still open, running total
& Show, totals,                   / 100, captured cards / 45 (SC-INFO-02, SC-INFO-05)
captured
set aside           1             the two-player game's set-aside count / 22 (SC-INFO-06)
captured cards      45            which cards are in some captured pile (SC-INFO-05)
unseen cards        45            the cards the seat cannot place (SC-INFO-08)
deduced             n x 45        the cards elimination puts in each hand (SC-INFO-08)
rules               4             each rules switch off its official value (SC-INFO-02)
==================  ============  ============================================================

>>> from scout_ref import new_game, observation, Seat
>>> v = vector(observation(new_game(4, seed=1), Seat(2)))
>>> len(v) == length(4), v.dtype.name
(True, 'float32')
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from scout_ref.ai.actions import MAX_SHOW, max_hand
from scout_ref.engine.components import MAX_NUMBER, Card, OrientedCard, full_deck
from scout_ref.engine.information import Observation, Seen
from scout_ref.engine.state import Phase, RoundEnd
from scout_ref.engine.variants import Rules

Vector = npt.NDArray[np.float32]

_CARD = 2 * MAX_NUMBER
_PHASES = tuple(Phase)
_ENDS = (None, RoundEnd.EMPTY_HAND, RoundEnd.UNBEATEN)
_ROUNDS = 5
_DECK = full_deck()


@cache
def _card_index() -> dict[Card, int]:
    return {c: k for k, c in enumerate(_DECK)}


@cache
def length(players: int) -> int:
    """How many numbers the vector of a ``players``-player game has.

    >>> [length(n) for n in (2, 3, 4, 5)]
    [1256, 2509, 3802, 4675]
    """
    h, n = max_hand(players), players
    cards = h * _CARD + (n - 1) * h * _CARD + MAX_SHOW * _CARD
    return (
        cards + n + 3 * (n + 1) + len(_PHASES) + len(_ENDS) + _ROUNDS + 4 * n + 1 + 45 * (n + 2) + 4
    )


def _cards(out: Vector, at: int, cards: tuple[Seen, ...] | tuple[OrientedCard, ...]) -> None:
    for k, card in enumerate(cards):
        if card is not None:
            out[at + k * _CARD + card.top - 1] = 1.0
            out[at + k * _CARD + MAX_NUMBER + card.bottom - 1] = 1.0


def _one_hot(out: Vector, at: int, index: int) -> None:
    out[at + index] = 1.0


def _rules_bits(rules: Rules) -> list[bool]:
    official = Rules()
    return [
        rules.owner_exemption != official.owner_exemption,
        rules.empty_set_chain != official.empty_set_chain,
        rules.scouting != official.scouting,
        rules.rotation != official.rotation,
    ]


def vector(obs: Observation) -> Vector:
    """The observation as :func:`length` numbers, each from -10 to 10."""
    view = obs.public
    n, h, me = view.players, max_hand(view.players), obs.seat
    out = np.zeros(length(n), dtype=np.float32)
    order = [(me + k) % n for k in range(n)]

    def rel(seat: int | None) -> int:
        return n if seat is None else (seat - me) % n

    at = 0
    _cards(out, at, obs.hand)
    at += h * _CARD
    for seat in order[1:]:
        _cards(out, at, view.hands[seat])
        at += h * _CARD
    for k, seat in enumerate(order):
        out[at + k] = len(view.hands[seat]) / h
    at += n
    _cards(out, at, view.active_set)
    at += MAX_SHOW * _CARD
    for who in (view.owner, view.turn, view.start_player):
        _one_hot(out, at, rel(who))
        at += n + 1
    _one_hot(out, at, _PHASES.index(view.phase))
    at += len(_PHASES)
    _one_hot(out, at, _ENDS.index(view.round_end))
    at += len(_ENDS)
    _one_hot(out, at, view.round - 1)
    at += _ROUNDS
    for k, seat in enumerate(order):
        out[at + k] = view.scout_chips[seat] / 10
        out[at + n + k] = float(view.scout_show_available[seat])
        out[at + 2 * n + k] = view.scores[seat] / 100
        out[at + 3 * n + k] = len(view.captured[seat]) / 45
    at += 4 * n
    out[at] = view.set_aside / 22
    at += 1
    index = _card_index()
    for pile in view.captured:
        for card in pile:
            out[at + index[card]] = 1.0
    at += 45
    for card in obs.unseen:
        out[at + index[card]] = 1.0
    at += 45
    for k, seat in enumerate(order):
        for card in obs.deduced[seat] if obs.deduced else ():
            out[at + 45 * k + index[card]] = 1.0
    at += 45 * n
    for k, bit in enumerate(_rules_bits(view.rules)):
        out[at + k] = float(bit)
    at += 4
    assert at == len(out), "every part of the vector is filled in"
    return out
