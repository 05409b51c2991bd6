"""What a vector case exercises, as plain facts the bins of ``spec/coverage.json`` test.

The facts are read from the case as it is written in ``spec/vectors/`` (its state, move and
expected outcome); the engine is used only to classify combinations and to place a Scout &
Show's scout, never to judge the case again. Each fact is a name and a value (a number, a
string, a boolean, or a list meaning "each of these").
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from scout_ref.conformance.blame.states import producer
from scout_ref.conformance.model.kinds import VectorKind
from scout_ref.conformance.model.scope import case_players
from scout_ref.engine.combinations import Combination, Kind, classify
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
    parse_move,
    parse_probe,
)
from scout_ref.engine.scout import resolve_scout
from scout_ref.engine.setup import hand_size
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand, Phase, RoundEnd, State
from scout_ref.engine.variants import Scouting
from scout_ref.errors import MalformedInputError, Reason
from scout_ref.formats.state_json import state_from_json

Facts = dict[str, Any]
"""Fact name to value; a list value is matched by any of its items."""

ORDER = [reason.value for reason in Reason]
"""The reason codes in the precedence order of SC-TURN-04."""

BEATING = frozenset({"size-more", "kind-more", "value-more", "empty-table"})
"""The ``beat`` facts of a show that beats the active set (SC-SET-04, SC-SHOW-02)."""
WEAK = frozenset({"size-short", "kind-less", "value-less", "tie"})
"""The ``beat`` facts of a show too weak to beat it; a non-combination is ``size-short`` when
it has fewer cards than the active set (so it would lose on size too) or ``size-enough``."""


def case_facts(kind: VectorKind, case: dict[str, Any]) -> Facts:
    """Every fact of one case of ``kind``."""
    facts: Facts = {"kind": kind, "players": case_players(kind, case)}
    if kind == "deal":
        data = case["input"]
        facts["round"] = data["state"]["round"] + 1 if "state" in data else 1
        return facts
    if "state" not in case:
        return facts
    state = state_from_json(case["state"])
    facts.update(_state_facts(state))
    expected = case.get("expected", {})
    if kind in ("apply", "reject"):
        try:
            move = parse_move(case["move"])
        except MalformedInputError:  # a move the rules forbid, written as SC-NOTE-07 allows
            facts["move"] = "probe"
            if kind == "reject":
                facts.update(_probe_facts(state, parse_probe(case["move"]), expected["reason"]))
            return facts
        facts.update(_move_facts(state, move))
        if kind == "apply":
            after = state_from_json(expected["state"])
            facts.update(_result_facts(state, after))
            facts["hand_past_deal"] |= _state_facts(after)["hand_past_deal"]
        else:
            facts.update(_reject_facts(state, move, expected["reason"]))
    if kind == "score":
        facts.update(_score_facts(state, expected))
    return facts


def _state_facts(state: State) -> Facts:
    dealt = hand_size(state.players)
    return {
        "round": state.round,
        "phase": state.phase.value,
        "owner_exemption": state.rules.owner_exemption,
        "empty_set_chain": state.rules.empty_set_chain.value,
        "scouting": state.rules.scouting.value,
        "rotation": state.rules.rotation.value,
        "hand_past_deal": any(len(hand) > dealt for hand in state.hands),
    }


def _move_facts(state: State, move: Move) -> Facts:
    facts: Facts = {"move": producer(str(move))}
    scout = move.scout if isinstance(move, ScoutShow) else move if isinstance(move, Scout) else None
    if scout is not None and state.phase is Phase.PLAY and state.turn is not None:
        hand = state.hands[state.turn]
        facts["scout_end"] = scout.end.value
        facts["scout_rotated"] = scout.rotated
        facts["slot"] = _slot_class(scout.slot, len(hand))
        facts["empties_set"] = len(state.active_set) == 1
    show_hand, table = _show_context(state, move)
    if show_hand is not None:
        show = move.show if isinstance(move, ScoutShow) else move
        assert isinstance(show, Show)
        facts.update(_show_facts(show_hand, table, show))
    return facts


def _slot_class(slot: int, hand_length: int) -> str:
    if slot == 0:
        return "left"
    if slot == hand_length:
        return "right"
    return "middle" if 0 < slot < hand_length else "outside"


def _show_context(state: State, move: Move) -> tuple[Hand | None, Hand]:
    """The hand a show is taken from and the active set it must beat, if both are known."""
    if state.phase is not Phase.PLAY or state.turn is None:
        return None, state.active_set
    if isinstance(move, Show):
        return state.hands[state.turn], state.active_set
    if isinstance(move, ScoutShow) and _scout_possible(state, move.scout):
        after = resolve_scout(state, state.turn, move.scout)
        return after.hands[state.turn], after.active_set
    return None, state.active_set


def _scout_possible(state: State, scout: Scout) -> bool:
    if not state.active_set or state.turn is None:
        return False
    single_right = scout.end is End.RIGHT and len(state.active_set) == 1
    return not single_right and scout.slot <= len(state.hands[state.turn])


def _show_facts(hand: Hand, table: Hand, show: Show) -> Facts:
    if show.last >= len(hand):
        return {"show_range": "outside"}
    numbers = tops(hand[show.first : show.last + 1])
    combo = classify(numbers)
    facts: Facts = {"show_size": len(numbers), "show_range": "inside"}
    active = classify(tops(table)) if table else None
    if combo is not None:
        facts["show_kind"] = combo.kind.value
        facts["beat"] = _beat(combo, active)
        if combo.kind is Kind.RUN:
            facts["run_direction"] = "up" if numbers[1] > numbers[0] else "down"
            facts["run_from_1"] = 1 in numbers
            facts["run_through_9_10"] = 9 in numbers and 10 in numbers
    elif active is not None:
        facts["beat"] = "size-short" if len(numbers) < active.size else "size-enough"
    return facts


def _beat(combo: Combination, active: Combination | None) -> str:
    """How the strength order of SC-SET-04 decides between a combination and the active set."""
    if active is None:
        return "empty-table"
    if combo.size != active.size:
        return "size-more" if combo.size > active.size else "size-short"
    if combo.kind is not active.kind:
        return "kind-more" if combo.kind is Kind.SET else "kind-less"
    if combo.smallest != active.smallest:
        return "value-more" if combo.smallest > active.smallest else "value-less"
    return "tie"


def _result_facts(before: State, after: State) -> Facts:
    facts: Facts = {}
    if after.round_end is not None and before.round_end is None:
        facts["round_end"] = after.round_end.value
    return facts


def broken_reasons(state: State, move: Move) -> list[str]:
    """Every reason code ``move`` breaks in ``state``, each judged on its own (SC-TURN-04).

    Unlike the engine, which stops at the first, this lists them all, so a case shows which
    pairs of the precedence order it sets against each other.
    """
    return [r.value for r in _broken(state, move)]


def _broken(state: State, move: Move) -> Iterator[Reason]:
    play_move = not isinstance(move, Keep | Flip)
    if play_move != (state.phase is Phase.PLAY):
        yield Reason.WRONG_PHASE
    if not play_move or state.turn is None:
        return
    seat, two = state.turn, state.players == 2
    if isinstance(move, ScoutShow):
        if two:
            yield Reason.SCOUT_SHOW_TWO_PLAYER
        elif not state.scout_show_available[seat]:
            yield Reason.SCOUT_SHOW_USED
    scout = move.scout if isinstance(move, ScoutShow) else move if isinstance(move, Scout) else None
    if scout is not None:
        yield from _scout_reasons(state, scout)
    hand, table = _show_context(state, move)
    if hand is not None:
        show = move.show if isinstance(move, ScoutShow) else move
        assert isinstance(show, Show)
        yield from _show_reasons(hand, table, show)


def _scout_reasons(state: State, scout: Scout) -> Iterator[Reason]:
    assert state.turn is not None
    if not state.active_set:
        yield Reason.NO_ACTIVE_SET
    if scout.end is End.RIGHT and len(state.active_set) == 1:
        yield Reason.SINGLE_CARD_END
    if scout.slot > len(state.hands[state.turn]):
        yield Reason.SLOT_OUTSIDE_HAND
    if state.players == 2 and state.scout_chips[state.turn] == 0:
        yield Reason.NO_SCOUT_CHIP
    if state.rules.scouting is Scouting.FORCED and _any_beating_show(state):
        yield Reason.SHOW_AVAILABLE


def _any_beating_show(state: State) -> bool:
    assert state.turn is not None
    hand = state.hands[state.turn]
    active = classify(tops(state.active_set)) if state.active_set else None
    spans = ((i, j) for i in range(len(hand)) for j in range(i, len(hand)))
    for i, j in spans:
        combo = classify(tops(hand[i : j + 1]))
        if combo is not None and _beat(combo, active) in BEATING:
            return True
    return False


def _show_reasons(hand: Hand, table: Hand, show: Show) -> Iterator[Reason]:
    facts = _show_facts(hand, table, show)
    if facts["show_range"] == "outside":
        yield Reason.RANGE_OUTSIDE_HAND
        return
    if "show_kind" not in facts:
        yield Reason.NOT_A_COMBINATION
    if facts.get("beat") in WEAK:
        yield Reason.NOT_STRONGER


def _reject_facts(state: State, move: Move, reason: str) -> Facts:
    broken = broken_reasons(state, move)
    pairs = [
        f"{a}>{b}"
        for a, b in itertools.pairwise(ORDER)
        if a == reason and a in broken and b in broken
    ]
    return {"reason": reason, "broken": broken, "precedence_pair": pairs}


PROBE_ORDER = {
    "scout": ("wrong_phase", "no_active_set", "not_an_end", "slot_outside_hand"),
    "show": ("wrong_phase", "range_outside_hand", "not_adjacent", "out_of_order"),
}
"""The reasons each form of SC-NOTE-07 can break, in the order of SC-TURN-04."""


def probe_reasons(state: State, probe: Probe) -> list[str]:
    """Every reason code ``probe`` breaks in ``state``, each judged on its own."""
    out = [] if state.phase is Phase.PLAY else ["wrong_phase"]
    hand = state.hands[state.turn] if state.turn is not None else ()
    match probe:
        case ScoutInner():
            out += [] if state.active_set else ["no_active_set"]
            out.append("not_an_end")  # the form names a card that is not an end
            out += ["slot_outside_hand"] if probe.slot > len(hand) else []
        case ShowCards():
            p = probe.positions
            out += ["range_outside_hand"] if max(p) >= len(hand) else []
            out += ["not_adjacent"] if max(p) - min(p) + 1 != len(p) else []
            out += ["out_of_order"] if list(p) != sorted(p) else []
    return out


def _probe_facts(state: State, probe: Probe, reason: str) -> Facts:
    form = "scout" if isinstance(probe, ScoutInner) else "show"
    broken = probe_reasons(state, probe)
    pairs = [
        f"{a}>{b}"
        for a, b in itertools.pairwise(PROBE_ORDER[form])
        if a == reason and a in broken and b in broken
    ]
    return {"probe": form, "reason": reason, "broken": broken, "probe_pair": pairs}


def _score_facts(state: State, expected: dict[str, Any]) -> Facts:
    facts: Facts = {"round_end": state.round_end.value if state.round_end else None}
    rows = expected["round_scores"]
    unbeaten = state.round_end is RoundEnd.UNBEATEN
    if state.owner is not None and state.hands[state.owner] and unbeaten:
        facts["exemption"] = "applied" if rows[state.owner]["exempt"] else "not-applied"
    totals = expected["totals"]
    facts["top_tie"] = totals.count(max(totals)) > 1
    facts["game_over"] = state.phase is Phase.GAME_OVER
    if state.players == 2:
        facts["chips_held"] = sorted(set(state.scout_chips))
    return facts
