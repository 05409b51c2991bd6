"""Chapter SETUP: which cards are in play, shuffling, dealing and a fresh round.

Chance is data: a deal takes an explicit deck (order and orientation); a seed is only a
convenience that produces one through :func:`shuffled_deck`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from scout_ref.engine.components import Card, OrientedCard, full_deck, oriented
from scout_ref.engine.state import MAX_PLAYERS, MIN_PLAYERS, Hand, Phase, Seat, State
from scout_ref.engine.variants import Rotation, Rules
from scout_ref.errors import MalformedInputError
from scout_ref.rulebook.registry import implements
from scout_ref.util.args import require_type

TWO_PLAYER_HAND = 11
TWO_PLAYER_CHIPS = 3


def check_players(players: int) -> None:
    """Raise :class:`MalformedInputError` unless 2 to 5 players (SC-GEN-01)."""
    require_type(players, int, "the player count", "an int from 2 to 5")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise MalformedInputError("player count", [("", f"{players!r} is not 2 to 5")])


@cache  # every deal asks; cards are values, so one set per player count serves them all
@implements("SC-SETUP-01")
def cards_in_play(players: int) -> frozenset[Card]:
    """The cards used with this many players.

    >>> [len(cards_in_play(n)) for n in (2, 3, 4, 5)]
    [44, 36, 44, 45]
    """
    check_players(players)
    if players == 3:
        return frozenset(c for c in full_deck() if c.high != 10)
    if players in (2, 4):
        return frozenset(c for c in full_deck() if c != Card(9, 10))
    return frozenset(full_deck())


@implements("SC-SETUP-03", "SC-VAR2-01")
def hand_size(players: int) -> int:
    """Cards dealt to each hand.

    >>> [hand_size(n) for n in (2, 3, 4, 5)]
    [11, 12, 11, 9]
    """
    if players == 2:
        return TWO_PLAYER_HAND
    return len(cards_in_play(players)) // players


@implements("SC-SETUP-02")
def shuffled_deck(players: int, seed: int | str | None = None) -> tuple[OrientedCard, ...]:
    """A deck for this player count, shuffled in order and orientation by ``random.Random(seed)``.

    The mapping from seed to deck is a Python convenience, not part of the contract: vectors
    carry decks, never seeds.
    """
    return shuffled(_ascending(players), seed)


def shuffled(cards: Sequence[Card], seed: int | str | None = None) -> tuple[OrientedCard, ...]:
    """These cards shuffled in order and orientation by ``random.Random(seed)`` (SC-SETUP-02).

    >>> sorted(c.card for c in shuffled([Card(1, 2), Card(3, 4)], seed=0))
    [Card(low=1, high=2), Card(low=3, high=4)]
    """
    rng = random.Random(seed)
    order = list(cards)
    rng.shuffle(order)
    return tuple(
        oriented(c.low, c.high) if rng.random() < 0.5 else oriented(c.high, c.low) for c in order
    )


@cache
def _ascending(players: int) -> tuple[Card, ...]:
    """The cards in play in ascending order, the deck before shuffling; sorted once."""
    return tuple(sorted(cards_in_play(players)))


def check_deck(
    players: int, deck: Sequence[OrientedCard], expected: frozenset[Card], among: str = ""
) -> None:
    """Raise :class:`MalformedInputError` unless ``deck`` holds each expected card once.

    ``among`` names the expected cards in messages (default: the cards in play).

    Raises:
        TypeError: if ``deck`` is not a list or tuple of :class:`OrientedCard` (a caller of
            :func:`new_game` may pass a string or numbers).
    """
    require_type(deck, (list, tuple), "the deck", "a list of cards such as shuffled_deck(3)")
    given: Sequence[object] = deck  # each item checked as an object: mypyc would cast it first
    problems: list[tuple[str, str]] = []
    seen: set[Card] = set()
    for k, item in enumerate(given):
        require_type(
            item, OrientedCard, "a card of the deck", "an OrientedCard such as oriented(1, 2)"
        )
        assert isinstance(item, OrientedCard)
        oc = item
        if oc.card not in expected:
            where = f"among {among}" if among else f"in play with {players} players"
            problems.append((f"/{k}", f"card {oc.card} is not {where}"))
        elif oc.card in seen:
            problems.append((f"/{k}", f"card {oc.card} appears twice"))
        seen.add(oc.card)
    missing = sorted(expected - seen)
    if missing:
        problems.append(("", "missing " + ", ".join(str(c) for c in missing)))
    if problems:
        raise MalformedInputError("deck", problems)


@implements("SC-SETUP-01")
def remove_from_box(players: int, box: Sequence[OrientedCard]) -> tuple[OrientedCard, ...]:
    """The deck a whole box leaves with this many players: the cards in play, in box order.

    Raises:
        MalformedInputError: if ``box`` is not the 45 cards, each once.

    >>> from scout_ref.engine.components import oriented
    >>> box = [oriented(c.high, c.low) for c in sorted(full_deck())]
    >>> len(remove_from_box(3, box)), len(remove_from_box(4, box))
    (36, 44)
    """
    check_players(players)
    check_deck(players, box, frozenset(full_deck()), "the 45 cards of the box")
    kept = cards_in_play(players)
    return tuple(oc for oc in box if oc.card in kept)


@implements("SC-SETUP-03", "SC-VAR2-01")
def deal_hands(players: int, deck: Sequence[OrientedCard]) -> tuple[tuple[Hand, ...], Hand]:
    """Split a deck into hands (seat s gets the s-th block, in deck order) and the set-aside."""
    h = hand_size(players)
    hands = tuple(tuple(deck[s * h : s * h + h]) for s in range(players))
    return hands, tuple(deck[players * h :])


@implements("SC-SETUP-04", "SC-COMP-04", "SC-ORIENT-01", "SC-VAR2-02", "SC-VAR-04")
def fresh_round(
    *,
    players: int,
    rules: Rules,
    round_number: int,
    start_player: Seat,
    deck: Sequence[OrientedCard],
    scores: tuple[int, ...],
) -> State:
    """The state at the start of a round, before any rotation decision."""
    hands, set_aside = deal_hands(players, deck)
    two = players == 2
    rotates = rules.rotation is Rotation.EACH_ROUND or round_number == 1
    return State(
        players=players,
        rules=rules,
        round=round_number,
        start_player=start_player,
        phase=Phase.ROTATION if rotates else Phase.PLAY,
        turn=start_player,
        hands=hands,
        active_set=(),
        owner=None,
        captured=((),) * players,
        scout_chips=(TWO_PLAYER_CHIPS if two else 0,) * players,
        scout_show_available=(not two,) * players,
        scores=scores,
        round_end=None,
        set_aside=set_aside,
    )


@implements("SC-GAME-02")
def new_game(
    players: int,
    deck: Sequence[OrientedCard] | None = None,
    rules: Rules | None = None,
    *,
    seed: int | str | None = None,
) -> State:
    """Start a game: deal the first round from ``deck`` (or from a deck shuffled with ``seed``).

    Seat 0 is the first start player.

    Raises:
        MalformedInputError: if the player count is not 2 to 5 or the deck is not a
            permutation of the cards in play.

    >>> s = new_game(4, seed=1)
    >>> s.phase.value, s.turn, [len(h) for h in s.hands]
    ('rotation', 0, [11, 11, 11, 11])
    """
    check_players(players)
    require_type(rules, (Rules, type(None)), "rules", "a Rules such as Rules(), or None")
    require_type(seed, (int, str, type(None)), "the seed", "an int or a str, or None")
    if deck is None:
        deck = shuffled_deck(players, seed)  # the cards in play, as made: nothing to check
    else:
        check_deck(players, deck, cards_in_play(players))
    return fresh_round(
        players=players,
        rules=rules or Rules(),
        round_number=1,
        start_player=Seat(0),
        deck=deck,
        scores=(0,) * players,
    )
