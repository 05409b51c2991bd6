"""Determinization: full states that agree with what one seat knows, for bots that search.

An ISMCTS bot samples the cards it cannot see, plays the sample out, and repeats. A sample
must agree with everything the seat observed. It is drawn uniformly over the cards the seat
cannot see (every order and orientation), then kept only if replaying the round's moves from
it gives the same observation: some public events tell something about a hidden hand
(SC-INFO-07), and rejection keeps the accepted samples uniform over the consistent ones.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping

from scout_ref.components import Card, OrientedCard, oriented
from scout_ref.errors import IllegalMoveError, MalformedInputError
from scout_ref.information import History, Observation, PublicView, observation, track
from scout_ref.notation import Move
from scout_ref.registry import implements
from scout_ref.setup import cards_in_play
from scout_ref.state import Hand, State
from scout_ref.turn import legal_moves

MAX_TRIES = 10_000
"""Samples tried before an observation is declared inconsistent (a real one needs few)."""


def _unseen(view: PublicView, known: Iterable[Card]) -> list[Card]:
    """The cards in play that are not ``known``, in ascending order."""
    return sorted(cards_in_play(view.players) - set(known))


def _known(view: PublicView, hand: Hand) -> Iterator[Card]:
    yield from (c.card for c in hand)
    yield from (c.card for c in view.active_set)
    yield from (c for pile in view.captured for c in pile)


def _state(view: PublicView, hands: tuple[Hand, ...], set_aside: Hand) -> State:
    return State(
        players=view.players,
        rules=view.rules,
        round=view.round,
        start_player=view.start_player,
        phase=view.phase,
        turn=view.turn,
        hands=hands,
        active_set=view.active_set,
        owner=view.owner,
        captured=view.captured,
        scout_chips=view.scout_chips,
        scout_show_available=view.scout_show_available,
        scores=view.scores,
        round_end=view.round_end,
        set_aside=set_aside,
    )


def _sampled_start(
    obs: Observation, revealed: Mapping[tuple[int, int], OrientedCard], rng: random.Random
) -> State:
    """A start state: the seat's own hand and every revealed card in place, the rest drawn."""
    view, own = obs.history.start, obs.history.hand
    pool = _unseen(view, _known(view, own))
    pool = [c for c in pool if c not in {r.card for r in revealed.values()}]
    rng.shuffle(pool)
    cards = iter(pool)

    def draw() -> OrientedCard:
        card = next(cards)
        return (
            oriented(card.low, card.high) if rng.random() < 0.5 else oriented(card.high, card.low)
        )

    hands = tuple(
        own
        if s == obs.seat
        else tuple(revealed[s, k] if (s, k) in revealed else draw() for k in range(len(hand)))
        for s, hand in enumerate(view.hands)
    )
    return _state(view, hands, tuple(draw() for _ in range(view.set_aside)))


@implements("SC-INFO-07")
def sample_history(obs: Observation, rng: random.Random) -> History:
    """A history whose observation for ``obs.seat`` is ``obs``, uniform over the unseen cards.

    Raises:
        MalformedInputError: if no deal gives ``obs``: its hand does not follow from its
            recall, or no consistent deal turns up in ``MAX_TRIES`` samples.
    """
    events = obs.history.events
    moves = [e.move for e in events]
    revealed = track([len(h) for h in obs.history.start.hands], events).revealed
    for _ in range(MAX_TRIES):
        start = _sampled_start(obs, revealed, rng)
        try:
            history = History.replay(start, moves)
        except IllegalMoveError:
            continue
        seen = observation(history, obs.seat)
        if seen == obs:
            return history
        if (seen.hand, seen.history) != (obs.hand, obs.history):
            break  # these follow from the recall alone: no other sample can fix them
    raise MalformedInputError(
        "observation", [("", "no deal agrees with it: no round gives this view and recall")]
    )


def sample_state(obs: Observation, rng: random.Random) -> State:
    """A full state consistent with ``obs``, uniform over the cards its seat cannot see.

    >>> from scout_ref import new_game, observation, Seat
    >>> state = new_game(4, seed=3)
    >>> sample = sample_state(observation(state, Seat(1)), random.Random(0))
    >>> sample.hands[1] == state.hands[1], sample.hands[0] == state.hands[0]
    (True, False)
    """
    return sample_history(obs, rng).state


def observed_moves(obs: Observation) -> list[Move]:
    """The legal moves of ``obs.seat``, none unless it is to act, from its observation alone.

    They need nothing hidden (law 2 of chapter INFO), so any cards in the hidden places give
    them: the unseen cards are put there in ascending order.
    """
    if obs.public.turn != obs.seat:
        return []
    view = obs.public
    public = (c for h in view.hands for c in h if c is not None)
    fill = iter(_unseen(view, (*_known(view, obs.hand), *(c.card for c in public))))
    hands = tuple(
        obs.hand if s == obs.seat else tuple(c or _face(next(fill)) for c in hand)
        for s, hand in enumerate(view.hands)
    )
    return legal_moves(_state(view, hands, ()))


def _face(card: Card) -> OrientedCard:
    return oriented(card.low, card.high)
