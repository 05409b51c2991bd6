"""Witness games: a deal and legal moves that reach a given position (a proof game).

A position is proved reachable (SC-REACH-01) by a game that reaches it. :func:`find_witness`
constructs one backwards: from the position it undoes one move at a time (a show put back into
its player's hand, capturing nothing or a weaker combination taken back from their pile; a scout
put back at an end of the active set, its chip taken back) until it arrives at the start of
play, whose hands are the deal. Every position on the way must meet the conditions of chapter
REACH, which prunes most wrong guesses, and every undone move is confirmed by playing it forward
with the engine; the witness is replayed from the deal before it is returned, so it can only be
wrong if the engine is.

The search covers the first round (and its end); a later round would need earlier rounds that
produce its running totals, which it does not construct.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from scout_ref.analysis.construction import construct
from scout_ref.analysis.witness_game import Witness
from scout_ref.engine.combinations import Strength, strength_of
from scout_ref.engine.components import Card, oriented
from scout_ref.engine.notation import KEEP, Move, parse_move
from scout_ref.engine.reachability import check_reachable
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand, Phase, RoundEnd, Seat, State, evolve
from scout_ref.engine.turn import apply_move, check_move
from scout_ref.errors import ScoutError

DEFAULT_BUDGET = 20_000
"""How many positions :func:`find_witness` undoes moves from before it gives up."""


@dataclass(frozen=True, slots=True)
class Search:
    """What a search found: a witness, or None with how many positions it tried."""

    witness: Witness | None
    tried: int
    searched: bool  # False when the position is outside what the search covers


def find_witness(target: State, budget: int = DEFAULT_BUDGET) -> Search:
    """A game that reaches ``target``, searched backwards within ``budget`` positions.

    Returns a :class:`Search` whose ``witness`` is None when the search found none; a position
    that breaks a condition of chapter REACH has none (use :func:`check_reachable` first).

    >>> from scout_ref import new_game, parse_move
    >>> s = new_game(3, seed=2)
    >>> for text in ("keep", "keep", "keep", "show 0-0", "scout L @0"):
    ...     s = apply_move(s, parse_move(text))
    >>> found = find_witness(s)
    >>> found.witness is not None and found.witness.replay(s) == s
    True
    """
    if target.round != 1 or check_reachable(target):
        return Search(None, 0, searched=target.round == 1)
    built = _constructed(target)
    if built is not None:
        return Search(built, 1, searched=True)
    if target.phase is Phase.ROTATION:
        return Search(_rotation_witness(target), 1, searched=True)
    if target.phase is Phase.PLAY and target.owner is None:
        # Before the first show nothing has moved since the deal (no scout without a set).
        return Search(_completed(target, (), target), 1, searched=True)
    start = _resumed(target)
    tried = 0
    # Iterative broadening: first follow only the most promising undone move at each position,
    # then the best two, three...: a game is one path back to the deal, and a wrong early turn
    # must not use up the budget in the positions below it.
    for width in BREADTHS:
        found, used = _depth_first(start, target, width, budget - tried)
        tried += used
        if found is not None or tried >= budget:
            return Search(found, tried, searched=True)
    return Search(None, tried, searched=True)


def _constructed(target: State) -> Witness | None:
    """The game :func:`~scout_ref.analysis.construction.construct` builds forwards, if it reaches
    exactly ``target`` (it does for the positions a position line sketches)."""
    witness = construct(target)
    if witness is None:
        return None
    try:
        return witness if witness.replay(target) == target else None
    except ScoutError:
        return None


BREADTHS = (1, 2, 3, 5, 8, 1000)
"""The numbers of undone moves tried at each position, one search after the other."""


def _depth_first(
    start: State, target: State, width: int, budget: int
) -> tuple[Witness | None, int]:
    """Depth first from ``start``, trying at most ``width`` undone moves at each position in the
    order they are generated (a plain show before a Scout & Show, a larger capture first, the
    nearest earlier owner first); the witness (or None) and the positions tried."""
    stack: list[tuple[State, tuple[Move, ...]]] = [(start, ())]
    seen = {start}
    tried = 0
    while stack and tried < budget:
        node, moves = stack.pop()
        tried += 1
        children = []
        for before, move in _predecessors(node, target if not moves else None):
            if before in seen:
                continue
            seen.add(before)
            if before.owner is None:
                witness = _completed(before, (move, *moves), target)
                if witness is not None:
                    return witness, tried
                continue
            children.append((before, (move, *moves)))
        stack.extend(reversed(children[:width]))
    return None, tried


def _rotation_witness(target: State) -> Witness:
    """In the rotation phase the hands are as dealt: everybody so far kept theirs."""
    deck = tuple(c for hand in target.hands for c in hand) + target.set_aside
    decided = (target.turn or 0) - target.start_player
    return Witness(target.players, deck, (KEEP,) * decided)


def _resumed(target: State) -> State:
    """The target itself, or for an ended round the play-phase state its last move came from
    would have led to had the round not ended; the engine confirms the real last move."""
    if target.phase is Phase.PLAY:
        return target
    owner = target.owner if target.owner is not None else 0
    n = target.players
    if target.is_two_player:
        turn = Seat(1 - owner)
    elif target.round_end is RoundEnd.EMPTY_HAND:
        turn = Seat((owner + 1) % n)
    else:
        turn = Seat(owner)
    return evolve(target, phase=Phase.PLAY, turn=turn, round_end=None, scores=(0,) * n)


def _completed(start: State, moves: tuple[Move, ...], target: State) -> Witness | None:
    """The witness from ``start`` (the state before the first show), if it is the deal."""
    if any(start.captured) or check_reachable(start):
        return None
    deck = tuple(c for hand in start.hands for c in hand) + start.set_aside
    rotations = (KEEP,) * start.players
    witness = Witness(start.players, deck, (*rotations, *moves))
    try:
        reached = witness.replay(target)
    except Exception:
        return None
    return witness if reached == target else None


def _predecessors(node: State, target: State | None) -> Iterator[tuple[State, Move]]:
    """Positions one move before ``node`` that meet chapter REACH, each with that move; the
    engine confirms that the move leads back to ``node`` (or to ``target`` for the last)."""
    after = target if target is not None else node
    for before, text in _candidates(node):
        if check_reachable(before):
            continue
        move = parse_move(text)
        if check_move(before, move) is not None:
            continue
        if apply_move(before, move) == after:
            yield before, move


def _candidates(node: State) -> Iterator[tuple[State, str]]:
    n, turn, owner = node.players, node.turn, node.owner
    if turn is None or owner is None:
        return
    if node.is_two_player:
        yield from _unshows(node, owner, [Seat(turn)])
        yield from _unscouts(node, Seat(turn))
        return
    mover = Seat((turn - 1) % n)
    if mover == owner:
        others = [Seat((mover - d) % n) for d in range(1, n)]
        yield from _unshows(node, mover, others)
        if not node.scout_show_available[mover]:
            yield from _unscout_shows(node, mover, others)
    else:
        yield from _unscouts(node, mover)


def _with_hand(node: State, seat: Seat, hand: Hand) -> tuple[Hand, ...]:
    return tuple(hand if s == seat else h for s, h in enumerate(node.hands))


def _unshows(node: State, seat: Seat, owners: Sequence[Seat]) -> Iterator[tuple[State, str]]:
    """Undo ``seat``'s show of the active set: back into its hand, at either end."""
    shown, hand = node.active_set, node.hands[seat]
    if not shown:
        return
    for at in sorted({0, len(hand)}):
        full = hand[:at] + shown + hand[at:]
        text = f"show {at}-{at + len(shown) - 1}"
        for before in _before_show(node, seat, full, owners):
            yield before, text


def _before_show(node: State, seat: Seat, full: Hand, owners: Sequence[Seat]) -> Iterator[State]:
    """The positions before ``seat`` showed, holding ``full``: what it captured goes back."""
    strength = strength_of(tops(node.active_set))
    hands = _with_hand(node, seat, full)
    pile = node.captured[seat]
    turn = Seat(seat)
    for beaten in _weaker(pile, strength, len(node.active_set)):
        rest = tuple(sorted(set(pile) - {c.card for c in beaten}))
        captured = tuple(rest if s == seat else p for s, p in enumerate(node.captured))
        for owner in owners:
            yield evolve(
                node, turn=turn, hands=hands, active_set=beaten, owner=owner, captured=captured
            )
    first = evolve(node, turn=turn, hands=hands, active_set=(), owner=None)
    yield first
    for owner in owners:
        yield evolve(node, turn=turn, hands=hands, active_set=(), owner=owner)


def _weaker(pile: Sequence[Card], strength: Strength | None, most: int) -> Iterator[Hand]:
    """Combinations of cards from ``pile`` weaker than ``strength``: larger first, then
    stronger; a few choices of cards for each (the search needs one that works, not all)."""
    if strength is None:
        return
    values = sorted({v for c in pile for v in (c.low, c.high)}, reverse=True)
    for size in range(min(most, len(pile)), 0, -1):
        for is_set in (True, False) if size > 1 else (True,):
            for low in values:
                if (size, is_set, low) >= strength:
                    continue
                wanted = [low] * size if is_set else list(range(low, low + size))
                yield from islice(_picks(pile, wanted, frozenset()), PICKS)


PICKS = 2
"""How many choices of cards :func:`_weaker` offers for one combination."""


def _picks(pile: Sequence[Card], wanted: list[int], used: frozenset[Card]) -> Iterator[Hand]:
    """Distinct cards of ``pile`` showing ``wanted`` on top, in that order."""
    if not wanted:
        yield ()
        return
    value = wanted[0]
    for card in pile:
        if card in used or value not in (card.low, card.high):
            continue
        other = card.high if card.low == value else card.low
        for rest in _picks(pile, wanted[1:], used | {card}):
            yield (oriented(value, other), *rest)


def _unscouts(node: State, seat: Seat) -> Iterator[tuple[State, str]]:
    """Undo ``seat``'s scout: a card of its hand goes back to an end of the active set."""
    hand = node.hands[seat]
    for before_hand, active, text in _taken_back(hand, node.active_set):
        chips = _chips_before_scout(node, seat, node.owner)
        if chips is None:
            return
        yield (
            evolve(
                node,
                turn=seat,
                hands=_with_hand(node, seat, before_hand),
                active_set=active,
                scout_chips=chips,
            ),
            text,
        )


def _taken_back(
    hand: Hand, active: Hand, skip: range = range(0)
) -> Iterator[tuple[Hand, Hand, str]]:
    """Each card of ``hand`` (but those in ``skip``) put back at an end of ``active``, kept or
    rotated, where that leaves a combination: the hand and set before a scout, and the scout."""
    seen: set[tuple[Hand, Hand]] = set()
    for slot, card in enumerate(hand):
        if slot in skip:
            continue
        rest = hand[:slot] + hand[slot + 1 :]
        for flipped in (False, True):
            put = card.rotated() if flipped else card
            for end, longer in (("L", (put, *active)), ("R", (*active, put))):
                if strength_of(tops(longer)) is None or (rest, longer) in seen:
                    continue
                seen.add((rest, longer))
                yield rest, longer, f"scout {end}{'~' if flipped else ''} @{slot}"


def _chips_before_scout(node: State, seat: Seat, owner: Seat | None) -> tuple[int, ...] | None:
    chips = list(node.scout_chips)
    if node.is_two_player:
        chips[seat] += 1
        return tuple(chips) if chips[seat] <= 3 else None
    if owner is None or chips[owner] == 0:
        return None
    chips[owner] -= 1
    return tuple(chips)


def _unscout_shows(node: State, seat: Seat, owners: Sequence[Seat]) -> Iterator[tuple[State, str]]:
    """Undo ``seat``'s Scout & Show: the show first, then the scout that came before it."""
    available = tuple(s == seat or a for s, a in enumerate(node.scout_show_available))
    shown, hand = node.active_set, node.hands[seat]
    if not shown:
        return
    for at in sorted({0, len(hand)}):
        full = hand[:at] + shown + hand[at:]
        span = range(at, at + len(shown))
        for mid in _before_show(node, seat, full, owners):
            chips = _chips_before_scout(mid, seat, mid.owner)
            if mid.owner is None or chips is None:
                continue
            for rest, longer, scout in _taken_back(full, mid.active_set, skip=span):
                before = evolve(
                    mid,
                    hands=_with_hand(mid, seat, rest),
                    active_set=longer,
                    scout_chips=chips,
                    scout_show_available=available,
                )
                yield before, f"{scout} + show {span.start}-{span.stop - 1}"
