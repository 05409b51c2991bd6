"""Determinization: full states that agree with what one seat knows, for bots that search.

An ISMCTS bot samples the cards it cannot see, plays the sample out, and repeats. A sample
must agree with everything the seat observed. It is drawn uniformly over the cards the seat
cannot see (every order and orientation) and kept only if replaying the round's moves from it
gives the same observation: rejection keeps the accepted samples exactly uniform over the
consistent ones.

Some public events tell something about a hidden hand (SC-INFO-07): under forced scouting a
scout says its player could not show. Such constraints can make a uniform draw agree only
rarely. After :data:`REJECTIONS` misses the sampler therefore repairs its last draw by swapping
hidden cards until the moves replay, then takes :data:`MIXING_SWAPS` random swaps that keep it
consistent: steps of a Markov chain whose steady state is uniform over the consistent deals,
so these rare samples are close to uniform, not exactly uniform.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.information import (
    History,
    Observation,
    PublicView,
    observation,
    out_of_round,
    track,
)
from scout_ref.engine.notation import Keep, Move
from scout_ref.engine.setup import cards_in_play
from scout_ref.engine.state import Hand, Phase, Seat, State
from scout_ref.engine.turn import legal_moves
from scout_ref.errors import IllegalMoveError, MalformedInputError
from scout_ref.rulebook.registry import implements
from scout_ref.util.args import require_type

REJECTIONS = 200
"""Uniform draws tried before the sampler falls back on repairing one."""
REPAIR_SWAPS = 5_000
"""Swaps tried to make a draw agree before an observation is declared impossible."""
MIXING_SWAPS = 64
"""Consistency-keeping swaps made after a repair, so the sample forgets where it started."""

Place = tuple[int, int]
"""Where a hidden card lies in the start state: (seat, index), or (-1, index) set aside."""


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


def _face(card: Card, rng: random.Random) -> OrientedCard:
    return oriented(card.low, card.high) if rng.random() < 0.5 else oriented(card.high, card.low)


@dataclass(frozen=True, slots=True)
class _Deals:
    """The start states a seat cannot tell apart: its hand and every revealed card in place,
    the unseen cards spread over the hidden places (any left over stay out of the round)."""

    obs: Observation
    moves: tuple[Move, ...]
    revealed: Mapping[Place, OrientedCard]
    places: tuple[Place, ...]
    pool: tuple[Card, ...]

    @classmethod
    def of(cls, obs: Observation) -> _Deals:
        view, own, events = obs.history.start, obs.history.hand, obs.history.events
        revealed = track([len(h) for h in view.hands], events).revealed
        places = [
            (s, k)
            for s, hand in enumerate(view.hands)
            if s != obs.seat
            for k in range(len(hand))
            if (s, k) not in revealed
        ]
        places += [(-1, k) for k in range(view.set_aside)]
        shown = {c.card for c in revealed.values()} | out_of_round(obs.earlier)
        pool = [c for c in _unseen(view, _known(view, own)) if c not in shown]
        return cls(obs, _moves(obs), revealed, tuple(places), tuple(pool))

    def draw(self, rng: random.Random) -> list[OrientedCard]:
        """A uniform arrangement: the first ``len(places)`` cards go to the places."""
        cards = list(self.pool)
        rng.shuffle(cards)
        return [_face(c, rng) for c in cards]

    def start(self, cards: Sequence[OrientedCard]) -> State:
        view, placed = self.obs.history.start, dict(zip(self.places, cards, strict=False))
        hands = tuple(
            self.obs.history.hand
            if s == self.obs.seat
            else tuple(self.revealed.get((s, k)) or placed[s, k] for k in range(len(hand)))
            for s, hand in enumerate(view.hands)
        )
        return _state(view, hands, tuple(placed[-1, k] for k in range(view.set_aside)))

    def check(self, cards: Sequence[OrientedCard]) -> tuple[int, Seat | None, History | None]:
        """How many moves replay from this deal, the seat whose move failed, and the history
        when it gives the observation.

        Raises:
            MalformedInputError: if the seat's own hand or recall comes out differently:
                they do not depend on the hidden cards, so no deal gives the observation.
        """
        history = History.begin(self.start(cards))
        for k, move in enumerate(self.moves):
            seat = history.state.turn
            try:
                history = history.then(move)
            except IllegalMoveError:
                return k, seat, None
        seen = observation(history, self.obs.seat)
        if (seen.hand, seen.history) != (self.obs.hand, self.obs.history):
            raise _impossible()
        agrees = (seen.public, seen.history) == (self.obs.public, self.obs.history)
        return len(self.moves), None, history if agrees else None

    def swap(self, cards: list[OrientedCard], seat: Seat | None, rng: random.Random) -> None:
        """Swap a hidden card (of ``seat`` when it has one) with another, both turned anyhow."""
        n = len(self.places)
        mine = [i for i, (s, _) in enumerate(self.places) if s == seat] or range(n)
        i = rng.choice(mine)
        j = rng.choice([x for x in range(len(cards)) if x != i])
        cards[i], cards[j] = _face(cards[j].card, rng), _face(cards[i].card, rng)


def _moves(obs: Observation) -> tuple[Move, ...]:
    """The round's moves as far as the seat can replay them: while the rotation decisions are
    being made the others' are hidden (SC-ORIENT-01), and a hidden hand kept is as likely as
    one rotated, so each hidden decision is replayed as a keep."""
    view, events = obs.public, obs.history.events
    if view.turn is None or view.phase is not Phase.ROTATION:
        return tuple(e.move for e in events)
    own = {e.seat: e.move for e in events}
    decided = (view.turn - view.start_player) % view.players
    seats = [(view.start_player + k) % view.players for k in range(decided)]
    return tuple(own.get(Seat(s), Keep()) for s in seats)


def _impossible() -> MalformedInputError:
    return MalformedInputError(
        "observation", [("", "no deal agrees with it: no round gives this view and recall")]
    )


def _repaired(deals: _Deals, cards: list[OrientedCard], rng: random.Random) -> History:
    """Swap hidden cards, never losing replayed moves, until the deal gives the observation."""
    done, culprit, history = deals.check(cards)
    for _ in range(REPAIR_SWAPS):
        if history is not None:
            return history
        trial = list(cards)
        deals.swap(trial, culprit, rng)
        result = deals.check(trial)
        if result[0] >= done:
            cards, (done, culprit, history) = trial, result
    raise _impossible()


def _mixed(deals: _Deals, history: History, rng: random.Random) -> History:
    """Random swaps that keep the deal consistent; the chain's steady state is uniform."""
    cards = [
        history.start.hands[s][k] if s >= 0 else history.start.set_aside[k] for s, k in deals.places
    ]
    spare = {c.card for c in cards}
    cards += [_face(c, rng) for c in deals.pool if c not in spare]
    for _ in range(MIXING_SWAPS):
        trial = list(cards)
        deals.swap(trial, None, rng)
        found = deals.check(trial)[2]
        if found is not None:
            cards, history = trial, found
    return history


@implements("SC-INFO-07")
def sample_history(obs: Observation, rng: random.Random) -> History:
    """A history of the current round that gives ``obs.seat`` the same view and recall of this
    round as ``obs``, uniform over the unseen cards (the earlier rounds only keep the cards they
    put out of the round out of the sample).

    Raises:
        TypeError: if ``obs`` is not an observation or ``rng`` is not a
            ``random.Random``.
        MalformedInputError: if no deal gives ``obs`` (its own hand or recall cannot come out
            of any deal, or no swap of hidden cards makes the moves replay).
    """
    require_type(obs, Observation, "the observation", "an Observation such as observation(s, 0)")
    require_type(rng, random.Random, "rng", "a random.Random such as random.Random(0)")
    deals = _Deals.of(obs)
    cards = deals.draw(rng)
    for _ in range(REJECTIONS):
        history = deals.check(cards)[2]
        if history is not None:
            return history
        cards = deals.draw(rng)
    if len(cards) < 2:  # nothing to swap: the draws above tried every deal there is
        raise _impossible()
    return _mixed(deals, _repaired(deals, cards, rng), rng)


def sample_state(obs: Observation, rng: random.Random) -> State:
    """A full state consistent with ``obs``, uniform over the cards its seat cannot see.

    >>> import random
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
        obs.hand if s == obs.seat else tuple(c or _lying(next(fill)) for c in hand)
        for s, hand in enumerate(view.hands)
    )
    return legal_moves(_state(view, hands, ()))


def _lying(card: Card) -> OrientedCard:
    return oriented(card.low, card.high)
