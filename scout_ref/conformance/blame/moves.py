"""Blame for a wrong legal-move list: the kinds of the missing and extra moves name the rules.

An extra move is one the reference rejects: its rejection reason names the rule, refined by
what the engine must have believed (a monotonic range taken for a run breaks SC-SET-03, an
equally strong show taken as stronger breaks SC-SET-05). A missing move is one the reference
accepts: the kind of combination, scout or Scout & Show that went missing names the rule. The
same reading explains a legal move that an engine rejects (in ``apply`` and ``trace`` cases).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from scout_ref.engine.combinations import Kind, classify, strength_of
from scout_ref.engine.notation import (
    End,
    Flip,
    Keep,
    Move,
    Probe,
    Scout,
    ScoutShow,
    Show,
    parse_move,
    parse_probe,
)
from scout_ref.engine.scout import scouted
from scout_ref.engine.show import active_strength, tops
from scout_ref.engine.state import State
from scout_ref.engine.turn import check_move, check_probe, legal_moves
from scout_ref.engine.variants import Scouting
from scout_ref.errors import MalformedInputError, Reason
from scout_ref.formats.state_json import state_from_json

Rules = frozenset[str]

REFINED = (Reason.NOT_A_COMBINATION, Reason.NOT_STRONGER)
"""Rejections whose rule depends on what the engine believed (:func:`_extra_show`); any other
reason names its own rule (:attr:`~scout_ref.errors.Reason.rule`)."""

NOTATION = frozenset(["SC-TURN-02", "SC-NOTE-01", "SC-NOTE-02", "SC-NOTE-03", "SC-NOTE-04"])
"""Rules of spelling: an extra move that is not canonical notation."""


def moves_blame(
    state_json: object, missing: Sequence[str], extra: Sequence[str], doubled: Sequence[str] = ()
) -> Rules:
    """The rules a legal-move list that lacks ``missing`` and adds ``extra`` points at."""
    try:
        state = state_from_json(state_json)
    except MalformedInputError:
        return frozenset()
    out: set[str] = {"SC-TURN-02"} if doubled else set()
    for text in extra:
        out |= _extra(state, text)
    if out & NOTATION:
        return frozenset(out)  # the missing moves are the same moves, spelled differently
    forced = state.rules.scouting is Scouting.FORCED
    moves = [m for m in (_parse(t) for t in missing) if m is not None]
    if forced and out:
        moves = [m for m in moves if not isinstance(m, Scout | ScoutShow)]  # a consequence
    out |= _missing(state, moves)
    return frozenset(out)


def rejected_blame(state_json: object, move: str, reason: object) -> Rules:
    """The rules an engine breaks by rejecting the legal ``move`` for ``reason``.

    A reason whose rule does not depend on the combinations names that rule, as the engine
    believes it broken; otherwise the move is read as missing from a legal-move list.
    """
    known = {r.value: r for r in Reason}
    if reason == Reason.SHOW_AVAILABLE.value and _voluntary(state_json):
        return frozenset(["SC-SCOUT-04"])  # the forced-scouting variant applied, unasked
    if isinstance(reason, str) and reason in known and known[reason] not in REFINED:
        return frozenset([known[reason].rule])
    if reason == Reason.NOT_STRONGER.value and isinstance(_parse(move), Show):
        try:
            empty = not state_from_json(state_json).active_set
        except MalformedInputError:
            return frozenset()
        return frozenset(["SC-SHOW-02" if empty else "SC-SET-04"])
    return moves_blame(state_json, [move], [])


def misread_blame(state_json: object, move: str, expected: object, got: object) -> Rules:
    """The rules an engine may misread when it rejects the show ``move`` for ``got`` where the
    reference gives ``expected``.

    SC-TURN-04 judges a show's combination before its strength: an engine that rejects cards
    which form no combination as not stronger either judges in another order (SC-TURN-04) or
    took them for a combination, misreading the rule that would make them one (SC-SET-02,
    SC-SET-03, as :func:`_non_combination_rules` reads them). Empty for any other difference.
    """
    wanted, later = Reason.NOT_A_COMBINATION.value, Reason.NOT_STRONGER.value
    numbers = _shown_numbers(state_json, move)
    if (expected, got) != (wanted, later) or numbers is None:
        return frozenset()
    return frozenset(_non_combination_rules(numbers))


def _shown_numbers(state_json: object, move: str) -> list[int] | None:
    """The top numbers a show (or a Scout & Show's show, after its scout) would show; None
    for another move, a range outside the hand or a state that cannot be read."""
    parsed = _parse(move)
    if not isinstance(parsed, Show | ScoutShow):
        return None
    try:
        state = state_from_json(state_json)
    except MalformedInputError:
        return None
    hand, show = state.hand, parsed
    if isinstance(show, ScoutShow):
        hand, _ = scouted(state.hand, state.active_set, show.scout)
        show = show.show
    return None if show.last >= len(hand) else tops(hand[show.first : show.last + 1])


def earlier_reason_blame(state_json: object, move: str, expected: object, got: object) -> Rules:
    """The rules an engine misreads when it rejects the forbidden ``move`` for ``got``, a reason
    SC-TURN-04 checks before ``expected``, the reference's.

    The reference rejects a move for the first rule it breaks, in that order, so every check
    before ``expected`` holds in the state: an engine that names one of them believes a rule
    broken that is not, and misreads that rule (read as for a legal move rejected for it,
    :func:`rejected_blame`: the Scout & Show chip taken for spent is SC-SNS-01, forced scouting
    applied unasked SC-SCOUT-04, a combination taken for none the rule of its kind). Whether
    it also keeps the expected rule is not shown: it refused before reaching it. Empty when
    ``got`` is not checked before ``expected`` (a precedence or expected-rule fault)."""
    order = list(Reason)
    known = {r.value: r for r in order}
    if not isinstance(got, str) or not isinstance(expected, str):
        return frozenset()
    if got not in known or expected not in known:
        return frozenset()
    if order.index(known[got]) >= order.index(known[expected]):
        return frozenset()
    if known[got] is Reason.NOT_A_COMBINATION:
        return _combination_rules(state_json, move)
    return rejected_blame(state_json, move, got)


def _combination_rules(state_json: object, move: str) -> Rules:
    """The rule of the combination a show's cards form (SC-SET-02 a set, SC-SET-03 a run,
    SC-SET-01 a single card): the rule an engine misreads that takes them for none."""
    numbers = _shown_numbers(state_json, move)
    if numbers is None:
        return frozenset()
    combination = classify(numbers)
    if combination is None or combination.size == 1:
        return frozenset(["SC-SET-01"])
    return frozenset(["SC-SET-02" if combination.kind is Kind.SET else "SC-SET-03"])


def _voluntary(state_json: object) -> bool:
    """Whether the state plays by the official, voluntary scouting (SC-SCOUT-04)."""
    try:
        return state_from_json(state_json).rules.scouting is Scouting.VOLUNTARY
    except MalformedInputError:
        return False


def _parse(text: str) -> Move | None:
    try:
        return parse_move(text)
    except MalformedInputError:
        return None


def _extra(state: State, text: str) -> set[str]:
    move = _parse(text)
    if move is None and (probe := _probe(text)) is not None:
        try:
            return {check_probe(state, probe).rule}  # a move the rules forbid (SC-NOTE-07)
        except MalformedInputError:  # an end, or no card, of this active set: misspelt
            return {_notation_rule(text)}
    if move is None or str(move) != text:
        return {_notation_rule(text)}
    rejection = check_move(state, move)
    if rejection is None:
        return set()
    if isinstance(move, ScoutShow) and rejection.reason is Reason.RANGE_OUTSIDE_HAND:
        return {"SC-NOTE-04"}
    if rejection.reason not in REFINED:
        return {rejection.rule}
    if isinstance(move, ScoutShow):
        hand, rest = scouted(state.hand, state.active_set, move.scout)
        numbers = tops(hand[move.show.first : move.show.last + 1])
        if rejection.reason is Reason.NOT_A_COMBINATION:
            emptied = {"SC-SNS-02"} if not rest else set()  # any combination, not any cards
            return (_non_combination_rules(numbers) or {"SC-NOTE-04"}) | emptied
        equal = strength_of(numbers) == active_strength(rest)
        # Weaker than the reduced set: the strength order misread (SC-SET-04), or the show
        # judged against some other set (SC-SNS-02).
        return {"SC-SET-05"} if equal else {"SC-SET-04", "SC-SNS-02"}
    assert isinstance(move, Show), "only shows are rejected for their combination"
    return _extra_show(state, move)


def _probe(text: str) -> Probe | None:
    try:
        return parse_probe(text)
    except MalformedInputError:
        return None


def _notation_rule(text: str) -> str:
    if text.strip() == "pass":
        return "SC-TURN-02"
    if "+" in text:
        return "SC-NOTE-04"
    if text.startswith("scout"):
        return "SC-NOTE-03"
    return "SC-NOTE-02" if text.startswith("show") else "SC-NOTE-01"


def _non_combination_rules(numbers: Sequence[int]) -> set[str]:
    """The rules an engine may misread when it takes ``numbers`` for a combination.

    SC-SET-03 asks two things of a run: steps of exactly one, all in one direction, and 10 and
    1 are not consecutive. Numbers that meet one of the two and no two neighbours of which are
    equal (2-5-9 rises throughout, 4-5-4-3 moves by one throughout), or step by one around from
    10 to 1, are a run misread (SC-SET-03). Numbers with a repeat are otherwise a set misread
    (SC-SET-02), and both when they also move by one and their ends are equal (4-5-4: a run
    that turns, or a set judged by its ends). Empty: neither.
    """
    steps = [b - a for a, b in pairwise(numbers)]
    one_way = len({(d > 0) - (d < 0) for d in steps}) == 1
    by_one = all(abs(d) == 1 for d in steps)
    out = set()
    if (steps and 0 not in steps and (one_way or by_one)) or _wraps(numbers):
        out.add("SC-SET-03")
    if len(set(numbers)) < len(numbers) and (not out or numbers[0] == numbers[-1]):
        out.add("SC-SET-02")
    return out


def _wraps(numbers: Sequence[int]) -> bool:
    """Whether ``numbers`` step by exactly one, up or down throughout, counting 1 after 10."""
    return {(b - a) % 10 for a, b in pairwise(numbers)} in ({1}, {9})


def _extra_show(state: State, move: Show) -> set[str]:
    """Cards that form no combination, taken for one: a set or run misread, or, onto an empty
    table, what may open misread (SC-SHOW-02: any *combination*); the verdicts keep the
    reading whose own cases fail (:func:`scout_ref.conformance.report.verdicts.weigh`)."""
    numbers = tops(state.hand[move.first : move.last + 1])
    if classify(numbers) is None:
        opening = {"SC-SHOW-02"} if not state.active_set else set()
        return (_non_combination_rules(numbers) or {"SC-SET-01"}) | opening
    if strength_of(numbers) == active_strength(state.active_set):
        return {"SC-SET-05"}
    return {"SC-SET-04"}


def _missing(state: State, moves: Sequence[Move]) -> set[str]:
    if not moves:
        return set()
    if any(isinstance(m, Keep | Flip) for m in moves):
        return {"SC-ORIENT-01"}
    legal = legal_moves(state)
    out: set[str] = set()
    shows = [m for m in moves if isinstance(m, Show)]
    if shows:
        out |= _missing_shows(state, shows, [m for m in legal if isinstance(m, Show)])
    scouts = [m for m in moves if isinstance(m, Scout)]
    if scouts:
        out |= _missing_scouts(state, scouts, [m for m in legal if isinstance(m, Scout)])
    pairs = [m for m in moves if isinstance(m, ScoutShow)]
    if pairs and not scouts:
        out |= _missing_pairs(state, pairs, [m for m in legal if isinstance(m, ScoutShow)])
    return out


def _missing_shows(state: State, shows: Sequence[Show], legal: Sequence[Show]) -> set[str]:
    """Shows the engine misses, read in order: only runs that all go the same way (SC-SET-03:
    a run may rise or fall), shows as long as the active set (SC-SET-04), only runs or only
    sets (SC-SET-03, SC-SET-02), else the strength order (SC-SET-04) or, on an empty table,
    what may open (SC-SHOW-02). On an empty table, missing every show or every show of two
    or more cards also reads as SC-SHOW-02 (nothing, or nothing but single cards, may open),
    whatever shape those shows share: the verdicts keep whichever the other cases convict."""
    numbers = [tops(state.hand[m.first : m.last + 1]) for m in shows]
    shape = _missing_combinations(numbers, len(state.active_set))
    if state.active_set:
        return shape or {"SC-SET-04"}
    longer = [m for m in legal if m.last > m.first]
    if len(shows) == len(legal) or set(shows) == set(longer):
        return shape | {"SC-SHOW-02"}
    return shape or {"SC-SHOW-02"}


def _missing_combinations(numbers: Sequence[Sequence[int]], size: int) -> set[str]:
    """The rule missing combinations (by top numbers) point at when they share a shape, facing
    an active set of ``size`` cards (0: none): runs that all go the same way (SC-SET-03: a run
    may rise or fall), then as in :func:`_missing_shows`; empty when they share no shape."""
    ways = {_way(n) for n in numbers}
    if len(ways) == 1 and None not in ways:
        return {"SC-SET-03"}
    combos = [c for c in map(classify, numbers) if c]
    if size and combos and all(c.size == size for c in combos):
        return {"SC-SET-04"}
    kinds = {(c.kind, c.size > 1) for c in combos}
    if kinds == {(Kind.RUN, True)}:
        return {"SC-SET-03"}
    if kinds == {(Kind.SET, True)}:
        return {"SC-SET-02"}
    return set()


def _way(numbers: Sequence[int]) -> int | None:
    """+1 for a rising run, -1 for a falling one, None for anything else."""
    steps = {b - a for a, b in pairwise(numbers)}
    return steps.pop() if len(numbers) > 1 and steps in ({1}, {-1}) else None


def _missing_scouts(state: State, scouts: Sequence[Scout], legal: Sequence[Scout]) -> set[str]:
    if state.rules.scouting is Scouting.FORCED:
        return {"SC-VAR-03"}
    if len(scouts) == len(legal):
        if _can_show(state):
            return {"SC-SCOUT-04"}
        return {"SC-VAR2-04"} if state.is_two_player else {"SC-SCOUT-01"}
    if all(m.rotated for m in scouts):
        return {"SC-SCOUT-02"}
    if all(m.end is End.RIGHT for m in scouts):
        return {"SC-SCOUT-01"}
    return {"SC-SCOUT-02"}


def _missing_pairs(
    state: State, pairs: Sequence[ScoutShow], legal: Sequence[ScoutShow]
) -> set[str]:
    """All of them while some would beat even the unreduced set: availability (SC-SNS-01);
    otherwise the show judged against the wrong set (SC-SNS-02)."""
    if len(pairs) == len(legal) and any(_beats_unreduced(state, m) for m in pairs):
        return {"SC-SNS-01"}
    return {"SC-SNS-02"}


def _beats_unreduced(state: State, move: ScoutShow) -> bool:
    hand, _ = scouted(state.hand, state.active_set, move.scout)
    strength = strength_of(tops(hand[move.show.first : move.show.last + 1]))
    target = active_strength(state.active_set)
    return strength is not None and (target is None or strength > target)


def _can_show(state: State) -> bool:
    return any(isinstance(m, Show) for m in legal_moves(state))
