"""Every rule a move breaks, worked out naively: the oracle for rejection precedence (SC-TURN-04).

The engine stops at the first broken rule. This module instead finds *all* the rules a move
breaks, by brute force and without calling the engine's checks, so ``scout-ref verify`` and
the tests can confirm that the engine accepts exactly the moves that break nothing and reports
the first broken rule in the order of SC-TURN-04, and that each reason has a reject vector
breaking that rule alone. A check that needs an earlier one to pass (a
combination needs its cards in the hand) is skipped when that one fails: it is undefined, not
passed. Not part of the engine; slow on purpose.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise
from typing import assert_never

from scout_ref.engine.notation import (
    End,
    Flip,
    Keep,
    Move,
    Probe,
    Scout,
    ScoutInner,
    ScoutShow,
    Show,
    ShowCards,
)
from scout_ref.engine.state import Hand, Phase, State
from scout_ref.engine.variants import Scouting
from scout_ref.errors import Reason

Strength = tuple[int, bool, int]

UNDEFINED_HAND = {Reason.NO_ACTIVE_SET, Reason.SINGLE_CARD_END, Reason.SLOT_OUTSIDE_HAND}
"""Scout faults after which there is no new hand for a Scout & Show's show to be judged on."""


def strength(numbers: list[int]) -> Strength | None:
    """(size, is a set, smallest number) of a combination, or None if the numbers form none.

    A set has equal numbers; a run steps by exactly +1, or exactly -1, from card to card. One
    card is a set of one: it only ever meets other single cards, where the number decides.
    """
    if not numbers:
        return None
    steps = {b - a for a, b in pairwise(numbers)}
    if steps <= {0}:
        return (len(numbers), True, numbers[0])
    if steps in ({1}, {-1}):
        return (len(numbers), False, min(numbers))
    return None


def _beats(show: Strength, active: Hand) -> bool:
    if not active:
        return True
    target = strength([c.top for c in active])
    return target is not None and show > target


def show_breaks(hand: Hand, active: Hand, show: Show) -> set[Reason]:
    """The rules a show of ``hand[first..last]`` onto ``active`` breaks."""
    if not 0 <= show.first <= show.last < len(hand):
        return {Reason.RANGE_OUTSIDE_HAND}
    found = strength([c.top for c in hand[show.first : show.last + 1]])
    if found is None:
        return {Reason.NOT_A_COMBINATION}
    return set() if _beats(found, active) else {Reason.NOT_STRONGER}


@lru_cache(maxsize=4096)  # asked once per scout of the same position
def could_show(hand: Hand, active: Hand) -> bool:
    """Whether any range of ``hand`` beats ``active``: every range tried."""
    return any(
        not show_breaks(hand, active, Show(i, j))
        for i in range(len(hand))
        for j in range(i, len(hand))
    )


def scout_breaks(state: State, scout: Scout) -> set[Reason]:
    """The rules a scout by the player to act breaks (its card and slot, the chip, forcing)."""
    out = set()
    active, hand = state.active_set, state.hand
    if not active:
        out.add(Reason.NO_ACTIVE_SET)
    elif scout.end is End.RIGHT and len(active) == 1:
        out.add(Reason.SINGLE_CARD_END)
    if not 0 <= scout.slot <= len(hand):
        out.add(Reason.SLOT_OUTSIDE_HAND)
    if state.players == 2 and state.turn is not None and state.scout_chips[state.turn] == 0:
        out.add(Reason.NO_SCOUT_CHIP)
    if state.rules.scouting is Scouting.FORCED and could_show(hand, active):
        out.add(Reason.SHOW_AVAILABLE)
    return out


def _after_scout(state: State, scout: Scout) -> tuple[Hand, Hand]:
    active = state.active_set
    card = active[0] if scout.end is End.LEFT else active[-1]
    rest = active[1:] if scout.end is End.LEFT else active[:-1]
    card = card.rotated() if scout.rotated else card
    hand = list(state.hand)
    hand.insert(scout.slot, card)
    return tuple(hand), rest


def scout_show_breaks(state: State, move: ScoutShow) -> set[Reason]:
    """The rules a Scout & Show breaks: its availability, its scout, and its show judged on the
    hand the scout leaves (any such hand has one card more than now)."""
    out = scout_breaks(state, move.scout)
    if state.players == 2:
        out.add(Reason.SCOUT_SHOW_TWO_PLAYER)  # no Scout & Show chip to have used, either
    elif state.turn is not None and not state.scout_show_available[state.turn]:
        out.add(Reason.SCOUT_SHOW_USED)
    if not out & UNDEFINED_HAND:
        out |= show_breaks(*_after_scout(state, move.scout), move.show)
    elif move.show.last > len(state.hand):
        out.add(Reason.RANGE_OUTSIDE_HAND)
    return out


def inner_scout_breaks(state: State, probe: ScoutInner) -> set[Reason]:
    """The rules taking a card that is not an end breaks: that (SC-SCOUT-01), and whatever
    else a scout into that slot would break."""
    out = scout_breaks(state, Scout(End.LEFT, probe.rotated, probe.slot))
    return out if not state.active_set else out | {Reason.NOT_AN_END}


def shown_cards_breaks(hand: Hand, active: Hand, probe: ShowCards) -> set[Reason]:
    """The rules putting down the cards at ``positions``, in that order, breaks: all in the
    hand, adjacent, in hand order; then, as laid, a combination that beats ``active``."""
    positions = probe.positions
    if not all(0 <= p < len(hand) for p in positions):
        return {Reason.RANGE_OUTSIDE_HAND}
    out = set()
    if max(positions) - min(positions) + 1 != len(positions):
        out.add(Reason.NOT_ADJACENT)
    elif list(positions) != sorted(positions):
        out.add(Reason.OUT_OF_ORDER)
    found = strength([hand[p].top for p in positions])
    if found is None:
        return out | {Reason.NOT_A_COMBINATION}
    return out if _beats(found, active) else out | {Reason.NOT_STRONGER}


def broken_rules(state: State, move: Move | Probe) -> set[Reason]:
    """Every reason that applies to ``move`` in ``state``, each judged on its own (the phase
    too: a play move in the wrong phase is still judged on the hand of the player to act, which
    is empty when nobody is); empty exactly when the move is legal."""
    wanted = Phase.ROTATION if isinstance(move, Keep | Flip) else Phase.PLAY
    out = set() if state.phase is wanted else {Reason.WRONG_PHASE}
    match move:
        case Keep() | Flip():
            return out
        case Show():
            return out | show_breaks(state.hand, state.active_set, move)
        case Scout():
            return out | scout_breaks(state, move)
        case ScoutShow():
            return out | scout_show_breaks(state, move)
        case ScoutInner():
            return out | inner_scout_breaks(state, move)
        case ShowCards():
            return out | shown_cards_breaks(state.hand, state.active_set, move)
        case _:
            assert_never(move)


_ORDER = {reason: k for k, reason in enumerate(Reason)}


def first_reason(reasons: set[Reason]) -> Reason | None:
    """The reason SC-TURN-04 reports among ``reasons``: the first in its order."""
    if len(reasons) < 2:  # most moves break no rule or one
        return next(iter(reasons), None)
    return min(reasons, key=_ORDER.__getitem__)


Situation = tuple[object, ...]


def situation(state: State) -> Situation:
    """Everything :func:`broken_rules` reads of ``state``: the phase, whether two play, the
    scouting rule, the hand of the player to act, the active set, and that player's Scout
    chips (with 2 players) and Scout & Show. States with the same situation break the same
    rules with every move."""
    seat = state.turn
    chips = seat is not None and state.players == 2 and state.scout_chips[seat] == 0
    scout_show = None if seat is None else state.scout_show_available[seat]
    return (
        state.phase,
        state.players == 2,
        state.rules.scouting,
        state.hand,
        state.active_set,
        chips,
        scout_show,
    )


class Verdicts:
    """What a walk has learnt of one situation: the oracle's first broken rule of each move it
    was asked about, by the move's number (:class:`FirstBroken`), and the engine's legal list
    there, as those numbers (None until a position of the situation has been checked)."""

    __slots__ = ("first", "listing")

    def __init__(self) -> None:
        self.first: dict[int, Reason | None] = {}
        self.listing: list[int] | None = None


class FirstBroken:
    """``first_reason(broken_rules(state, move))``, worked out once per situation and move.

    A game tree repeats situations (every scout from one end of the active set leaves the next
    player the same hand and set), so a walk that asks the oracle about every move at every
    node asks mostly what it asked before. Within a situation a move is named by a number the
    caller gives (``scout_ref.checks.invariants`` uses its place among the well-formed moves). The
    memory is bounded: it starts afresh past ``limit`` situations.
    """

    def __init__(self, limit: int = 4096) -> None:
        self.limit = limit
        self.known: dict[Situation, Verdicts] = {}

    def verdicts(self, state: State) -> Verdicts:
        """What is known of ``state``'s situation (a fresh, empty record the first time)."""
        key = situation(state)
        found = self.known.get(key)
        if found is None:
            if len(self.known) >= self.limit:
                self.known.clear()
            found = self.known[key] = Verdicts()
        return found

    def table(self, state: State) -> dict[int, Reason | None]:
        """The verdicts known for ``state``'s situation (filled in by
        :meth:`FirstBroken.first`)."""
        return self.verdicts(state).first

    @staticmethod
    def first(state: State, move: Move, key: int, table: dict[int, Reason | None]) -> Reason | None:
        """The first broken rule of ``move`` (named ``key``) in ``state``, from ``table``
        (that of its situation, :meth:`FirstBroken.table`) or worked out and kept there."""
        try:
            return table[key]
        except KeyError:
            reason = table[key] = first_reason(broken_rules(state, move))
            return reason
