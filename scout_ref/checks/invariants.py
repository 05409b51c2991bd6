"""Invariants of play: what must hold at every position and across every move, whatever happens.

``scout-ref verify`` checks them at every node of a game tree and the property tests on random
play. Each ``check_*`` raises :class:`InvariantError` naming the rule it guards; a failure is a
bug in the engine, never a rule verdict. Expectations are worked out here from first principles
(counting cards and chips move by move, and :mod:`scout_ref.checks.naive` for rejections), not by
the engine function under test. Not part of the engine, which never imports it.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from itertools import pairwise
from typing import assert_never

from scout_ref.checks._invariant_error import InvariantError as InvariantError  # noqa: PLC0414 - re-exported
from scout_ref.checks.naive import FirstBroken, Verdicts, broken_rules, first_reason
from scout_ref.engine.components import Card
from scout_ref.engine.notation import (
    End,
    Flip,
    Keep,
    Move,
    Scout,
    ScoutShow,
    Show,
    move_sort_key,
    parse_move,
)
from scout_ref.engine.reachability import check_reachable
from scout_ref.engine.scoring import round_scores
from scout_ref.engine.state import Phase, RoundEnd, Seat, State, evolve
from scout_ref.engine.turn import apply_move, check_move, legal_moves
from scout_ref.engine.variants import EmptySetChain
from scout_ref.errors import Reason
from scout_ref.formats.state_json import state_digest, state_from_json, state_to_json
from scout_ref.rulebook.registry import rules as registry


def require(condition: bool, message: str) -> None:
    """Raise :class:`InvariantError` with ``message`` unless ``condition`` holds.

    Unlike ``assert``, it runs under ``python -O`` too.
    """
    if not condition:
        raise InvariantError(message)


def card_ids(state: State) -> Counter[Card]:
    """How many times each card identity appears anywhere in ``state``."""
    ids = Counter(c.card for hand in state.hands for c in hand)
    ids.update(c.card for c in state.active_set)
    ids.update(c.card for c in state.set_aside)
    ids.update(c for pile in state.captured for c in pile)
    return ids


def dealt_cards(state: State) -> frozenset[Card]:
    """The identities of the cards in play in the round ``state`` belongs to."""
    return frozenset(card_ids(state))


def check_cards_conserved(state: State, dealt: frozenset[Card]) -> None:
    """Every card dealt for the round is in exactly one place (SC-SETUP-03, SC-VAR2-01)."""
    ids = [c.card for hand in state.hands for c in hand]
    ids += [c.card for c in state.active_set]
    ids += [c.card for c in state.set_aside]
    ids += [c for pile in state.captured for c in pile]
    if len(ids) == len(dealt) and dealt.issuperset(ids):
        return  # as many cards as dealt, each a dealt one: each in exactly one place
    counted = Counter(ids)
    if any(k > 1 for k in counted.values()):
        twice = sorted(str(c) for c, k in counted.items() if k > 1)
        raise InvariantError(f"SC-SETUP-03: cards in two places: {twice}")
    raise InvariantError(f"SC-SETUP-03: gained {set(ids) - dealt}, lost {dealt - set(ids)}")


def scout_part(move: Move) -> Scout | None:
    """The scout a move makes, alone or as part of a Scout & Show."""
    match move:
        case Scout():
            return move
        case ScoutShow(scout, _):
            return scout
        case _:
            return None


def check_dealt_chips(state: State) -> None:
    """A round starts with 3 chips each for 2 players (SC-VAR2-02), none for 3-5."""
    wanted = 3 if state.is_two_player else 0
    require(state.scout_chips == (wanted,) * state.players, f"chips dealt: {state.scout_chips}")


def check_chips_moved(before: State, move: Move, after: State) -> None:
    """A scout gives the owner a chip (SC-SCOUT-03) or, with 2 players, costs the scouting
    player one (SC-VAR2-03); nothing else changes the chips."""
    chips = list(before.scout_chips)
    if scout_part(move) is not None:
        if before.is_two_player:
            assert before.turn is not None, "a scout is made by the player to act"
            chips[before.turn] -= 1
        else:
            assert before.owner is not None, "a scout needs an active set with an owner"
            chips[before.owner] += 1
    if list(after.scout_chips) != chips:
        rule = "SC-VAR2-03" if before.is_two_player else "SC-SCOUT-03"
        raise InvariantError(f"{rule}: chips {after.scout_chips}, want {chips}")


def check_legal_list(state: State, moves: list[Move], places: list[int] | None = None) -> None:
    """The list is non-empty in a phase with turns, duplicate-free and in canonical order.

    ``places``: each move's :func:`well_formed_index`, when the caller has them already.
    """
    if state.phase in (Phase.ROTATION, Phase.PLAY):
        require(bool(moves), "SC-TURN-02: a player to act always has a move (no passing)")
    else:
        require(moves == [], "SC-TURN-03: no moves once the round is over")
    h = len(state.hand)
    if places is None:
        places = well_formed_places(h, moves)
    if all(place >= 0 for place in places):  # each move's canonical rank, read from a table
        ranks = _canonical_ranks(h)
        if all(ranks[a] < ranks[b] for a, b in pairwise(places)):
            return  # strictly increasing: in canonical order, and no move twice
    require(len(set(moves)) == len(moves), "SC-NOTE-06: legal move list has duplicates")
    require(moves == sorted(moves, key=move_sort_key), "SC-NOTE-06: not in canonical order")


def apply_checked(state: State, move: Move) -> State:
    """Apply a listed move; neither ``check_move`` nor ``apply_move`` may alter ``state``."""
    before = state_to_json(state)
    require(check_move(state, move) is None, f"SC-TURN-02: listed move {move} is rejected")
    require(state_to_json(state) == before, "SC-GEN-03: check_move changed the state")
    after = apply_move(state, move)
    require(state_to_json(state) == before, "SC-GEN-03: apply_move changed the state")
    return after


def check_json_round_trip(state: State) -> None:
    """JSON text round-trips to an equal state with the same, stable digest."""
    data = state_to_json(state)
    again = state_from_json(json.loads(json.dumps(data)))  # validates: raises if invalid
    require(again == state, "SC-GEN-03: the state does not read back equal")
    require(state_to_json(again) == data, "SC-GEN-03: the JSON does not round-trip")
    require(
        state_digest(again) == state_digest(state) == state_digest(state),
        "SC-GEN-03: unstable digest",
    )


def check_listed_moves_apply(state: State, moves: list[Move]) -> None:
    """Every listed move reads back from its notation and applies (SC-NOTE-01..04)."""
    for move in moves:
        if parse_move(str(move)) != move:
            raise InvariantError(f"SC-NOTE-01: {move} does not read back")
        apply_move(state, move)


def _shows(limit: int) -> list[Show]:
    return [Show(i, j) for j in range(limit) for i in range(j + 1)]


@cache
def _well_formed_parts(h: int) -> tuple[tuple[Move, ...], tuple[ScoutShow, ...]]:
    """For a hand of ``h`` cards: every well-formed move but the Scout & Shows, then every
    Scout & Show, each in the order of :func:`well_formed_moves` (made once per size)."""
    scouts = [Scout(e, r, k) for e in End for r in (False, True) for k in range(h + 2)]
    after_scout = _shows(h + 3)
    pairs = tuple(ScoutShow(scout, show) for scout in scouts for show in after_scout)
    return (Keep(), Flip(), *_shows(h + 2), *scouts), pairs


def well_formed_moves(state: State, stride: int = 1, offset: int = 0) -> list[Move]:
    """Every move whose indices reach at most one past the hand, legal or not.

    Shows end before ``len(hand) + 2``, scout slots go up to ``len(hand) + 1``, and a Scout &
    Show's show ends before ``len(hand) + 3`` (the hand has grown by one). With ``stride`` above
    1, only one Scout & Show in ``stride`` is given (those whose place in this order, plus
    ``offset``, is a multiple of ``stride``): they are the cube of the hand's size, the rest its
    square, and a walk that moves ``offset`` from node to node tries each place in turn.
    """
    others, pairs = _well_formed_parts(len(state.hand))
    return [*others, *pairs[(-offset) % stride :: stride]]


@cache
def _canonical_ranks(h: int) -> tuple[int, ...]:
    """For a hand of ``h`` cards: each well-formed move's rank in the canonical order of
    SC-NOTE-06 (:func:`~scout_ref.engine.notation.move_sort_key`), by its
    :func:`well_formed_index`."""
    others, pairs = _well_formed_parts(h)
    every = [*others, *pairs]
    order = sorted(range(len(every)), key=lambda place: move_sort_key(every[place]))
    ranks = [0] * len(every)
    for rank, place in enumerate(order):
        ranks[place] = rank
    return tuple(ranks)


def well_formed_index(h: int, move: Move) -> int:
    """The place of ``move`` among the well-formed moves of a hand of ``h`` cards, in the order
    of :func:`well_formed_moves` with every Scout & Show (-1 if it is not well-formed): the
    non-Scout & Show moves first, then the Scout & Shows."""
    return well_formed_places(h, [move])[0]


def well_formed_places(h: int, moves: list[Move]) -> list[int]:
    """:func:`well_formed_index` of each of ``moves`` (one call for a whole legal list)."""
    shows = (h + 2) * (h + 3) // 2
    slots, pairs = h + 2, (h + 3) * (h + 4) // 2
    first_pair = 2 + shows + 4 * slots
    out = []
    for move in moves:  # by kind, the most frequent in a legal list first
        if isinstance(move, ScoutShow):
            scout, show = move.scout, move.show
            slot, first, last = scout.slot, show.first, show.last
            if 0 <= slot < slots and 0 <= first <= last < h + 3:
                rank = ((scout.end is End.RIGHT) * 2 + scout.rotated) * slots + slot
                out.append(first_pair + rank * pairs + last * (last + 1) // 2 + first)
            else:
                out.append(-1)
        elif isinstance(move, Show):
            first, last = move.first, move.last
            out.append(2 + last * (last + 1) // 2 + first if 0 <= first <= last < slots else -1)
        elif isinstance(move, Scout):
            slot = move.slot
            rank = ((move.end is End.RIGHT) * 2 + move.rotated) * slots + slot
            out.append(2 + shows + rank if 0 <= slot < slots else -1)
        elif isinstance(move, Keep):
            out.append(0)
        elif isinstance(move, Flip):
            out.append(1)
        else:
            assert_never(move)
    return out


def _first_broken(
    state: State, move: Move, key: int, table: dict[int, Reason | None] | None
) -> Reason | None:
    """The naive oracle's first broken rule, from ``table`` when given (FirstBroken)."""
    if table is None:
        return first_reason(broken_rules(state, move))
    return FirstBroken.first(state, move, key, table)


_REGISTERED: dict[Reason, bool] = {}
"""Whether each reason's rule is in the registry: a reason's rule never changes."""


def check_verdict(
    state: State,
    move: Move,
    is_listed: bool,
    table: dict[int, Reason | None] | None = None,
    key: int = -1,
) -> None:
    """``move`` is accepted exactly when it is listed, and a rejection reports the first broken
    rule in the order of SC-TURN-04, as the naive oracle finds them all (``table``: the
    oracle's verdicts known for the state's situation, by ``key``, the move's place among the
    well-formed moves: :class:`~scout_ref.checks.naive.FirstBroken`).
    """
    rejection = check_move(state, move)
    got = None if rejection is None else rejection.reason
    if (got is None) != is_listed:
        raise InvariantError(f"SC-TURN-02: {move}: {rejection}, listed: {is_listed}")
    want = _first_broken(state, move, key, table)
    if got is not want:
        raise InvariantError(f"SC-TURN-04: {move} rejected for {got}; first broken: {want}")
    if got is not None and not _REGISTERED.get(got, False):
        rule = got.rule
        if rule not in registry():
            raise InvariantError(f"{move}: unknown rule {rule}")
        _REGISTERED[got] = True


def _check_listed(
    state: State, moves: list[Move], places: list[int], known: Verdicts | None
) -> None:
    """Every listed move is well-formed and breaks no rule by the oracle or, when ``known``
    has the situation's list, the list is that one (:func:`check_accepted_iff_listed`)."""
    if known is not None and known.listing is not None:
        if places != known.listing:
            raise InvariantError(
                "SC-TURN-02: the legal moves differ from those listed at an earlier position"
                " where the player to act had the same hand, table and rules"
            )
        return
    table = None if known is None else known.first
    for move, place in zip(moves, places, strict=True):  # (messages made only on failure)
        if place < 0:
            raise InvariantError(f"SC-TURN-02: listed {move} lies out of bounds")
        broken = _first_broken(state, move, place, table)
        if broken is not None:
            raise InvariantError(f"SC-TURN-02: listed {move} breaks a rule: {broken}")


def check_accepted_iff_listed(
    state: State,
    moves: list[Move],
    stride: int = 1,
    offset: int = 0,
    known: Verdicts | None = None,
    *,
    places: list[int] | None = None,
) -> None:
    """Every well-formed move is accepted exactly when it is listed, with the first broken rule
    as its reason (:func:`check_verdict`); every listed move is well-formed and breaks no rule.

    With ``stride`` above 1, the unlisted Scout & Shows are judged one in ``stride``
    (:func:`well_formed_moves`), every other unlisted move in full; every listed move is
    judged by the naive oracle, and one in ``stride`` (from ``offset``) by the engine too (the
    moves a walk applies are judged by the engine as well, since ``apply_move`` checks them).

    ``known`` is what the walk has learnt of the state's situation
    (:class:`~scout_ref.checks.naive.Verdicts`, kept by
    :class:`~scout_ref.checks.naive.FirstBroken`): the oracle's verdicts, and the legal list once a
    position of the situation has passed this check. The rules make the legal moves
    and every rejection a function of the situation, so at a later position of the same
    situation the list must be that one, move for move (which the oracle has judged), and
    the engine judges afresh one in ``stride`` of what the first position judged (the
    Scout & Shows one in ``stride`` squared), turning with ``offset``: a fault that reads
    something beyond the situation is still met. ``places``: each listed move's
    :func:`well_formed_index`, when the caller has them.
    """
    h = len(state.hand)
    table = None if known is None else known.first
    if places is None:
        places = well_formed_places(h, moves)
    repeat = known is not None and known.listing is not None
    _check_listed(state, moves, places, known)
    listed = set(places)
    others, pairs = _well_formed_parts(h)
    step, pair_step = (stride, stride * stride) if repeat else (1, stride)
    for place in range((-offset) % step, len(others), step):
        if place not in listed:
            check_verdict(state, others[place], False, table, place)
    first = len(others)
    for k in range((-offset) % pair_step, len(pairs), pair_step):
        if first + k not in listed:
            check_verdict(state, pairs[k], False, table, first + k)
    for k in range(offset % stride, len(moves), stride):
        check_verdict(state, moves[k], True, table, places[k])
    if known is not None:
        known.listing = places


def check_round_end(before: State, move: Move, end: State) -> None:
    """The round ended for a reason the rules give (SC-END-01, SC-END-02, SC-VAR2-05)."""
    seat = before.turn
    assert seat is not None, "a move is made by the player to act"
    match end.round_end:
        case RoundEnd.EMPTY_HAND:
            require(isinstance(move, Show | ScoutShow), "SC-END-01: only a show empties a hand")
            require(not end.hands[seat], "SC-END-01: the hand is not empty")
        case RoundEnd.UNBEATEN if end.is_two_player:
            other = Seat(1 - seat) if isinstance(move, Show) else seat
            resumed = evolve(end, phase=Phase.PLAY, turn=other, round_end=None)
            require(legal_moves(resumed) == [], "SC-VAR2-05: the next player still had a move")
        case RoundEnd.UNBEATEN:
            require(isinstance(move, Scout), "SC-END-02: only a scout can complete the circle")
            back = (seat + 1) % end.players == end.owner
            require(back, "SC-END-02: the turn is not back at the owner")
            reset = end.rules.empty_set_chain is EmptySetChain.RESET
            require(bool(end.active_set) or not reset, "SC-VAR-02: an emptied set resets")
        case None:
            raise InvariantError("SC-GEN-03: a finished round records how it ended")


def check_turn_passed(before: State, move: Move, after: State) -> None:
    """The turn went where the rules send it, the round going on (SC-ORIENT-03, SC-TURN-01)."""
    seat = before.turn
    assert seat is not None, "a move is made by the player to act"
    following = Seat((seat + 1) % before.players)
    if before.phase is Phase.ROTATION:
        done = following == before.start_player
        require(after.phase is (Phase.PLAY if done else Phase.ROTATION), "SC-ORIENT-03")
        require(after.turn == (before.start_player if done else following), "SC-ORIENT-01")
    elif before.is_two_player:
        again = seat if isinstance(move, Scout) else following
        require(after.turn == again, "SC-VAR2-03: the turn after a two-player move")
    else:
        require(after.turn == following, "SC-TURN-01: the turn passes to the next seat")
        if after.turn == after.owner:
            # Only the reset variant lets the turn reach the owner of an emptied set (SC-VAR-02).
            require(not after.active_set, "SC-END-02: an unbeaten set must end the round")
            reset = after.rules.empty_set_chain is EmptySetChain.RESET
            require(reset, "SC-END-02: the circle closed and the round went on")


def check_round_score(start: State, end: State) -> None:
    """Round score = captured + chips - hand, the hand exempt for an unbeaten owner (SCORE).

    ``start`` is any state of the round before it ended: the running totals do not change
    during a round.
    """
    breakdown = round_scores(end)
    for s in range(end.players):
        exempt = end.rules.owner_exemption and end.round_end is RoundEnd.UNBEATEN and end.owner == s
        penalty = 0 if exempt else len(end.hands[s])
        expected = len(end.captured[s]) + end.scout_chips[s] - penalty
        got = end.scores[s] - start.scores[s]
        require(got == expected, f"SC-SCORE-06: seat {s} scored {got}, want {expected}")
        require(breakdown[s].total == expected, f"seat {s}: {breakdown[s]} != {expected}")
        require(breakdown[s].exempt == exempt, f"SC-SCORE-04: seat {s}")


def check_position_reachable(state: State) -> None:
    """Play from a reachable position never produces one that chapter REACH rules out
    (SC-REACH-01 to -11); from a position play cannot reach, the conditions say nothing."""
    violations = check_reachable(state)
    require(not violations, "; ".join(map(str, violations)))


def check_move_effects(before: State, move: Move, after: State, dealt: frozenset[Card]) -> None:
    """Everything a move must do, whatever the move: cards kept, chips moved, the turn passed
    or the round ended and scored."""
    check_cards_conserved(after, dealt)
    check_chips_moved(before, move, after)
    if after.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        check_round_end(before, move, after)
        check_round_score(before, after)
    else:
        check_turn_passed(before, move, after)
