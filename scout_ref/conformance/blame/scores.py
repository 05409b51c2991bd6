"""Blame for a wrong score: which scoring rules a difference of round scores points at.

A ``score`` answer is read term by term (captured cards, chips, the hand penalty, the owner's
exemption, totals, winners); a move's round end that scores differently is read from the
difference of the round totals (:func:`score_delta_rules`, for
:func:`~scout_ref.conformance.blame.states.round_end_rules`).
"""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref.conformance.model.outcomes import Message
from scout_ref.engine.state import RoundEnd


def score_delta_rules(state: Message, delta: Sequence[int]) -> set[str]:
    """Which scoring rules a difference of round totals (got minus expected) points at.

    Each term that the difference equals, seat by seat, is a candidate; when several fit (an
    owner holding as many chips as cards), all are named and the verdicts keep those that a
    focused case convicts (:func:`scout_ref.conformance.report.verdicts.blamed`).
    """
    owner = state["owner"]
    hands: list[list[str]] = state["hands"]
    off = {s: d for s, d in enumerate(delta) if d}
    terms = {
        "SC-SCORE-03": [len(h) for h in hands],
        "SC-SCORE-01": [len(c) for c in state["captured"]],
        "SC-VAR2-06" if state["players"] == 2 else "SC-SCORE-02": list(state["scout_chips"]),
    }
    out = {rule: all(abs(d) == size[s] for s, d in off.items()) for rule, size in terms.items()}
    if list(off) == [owner]:
        out[exemption_rule(state)] = state["round_end"] == RoundEnd.UNBEATEN.value and off[
            owner
        ] == -len(hands[owner])
        out["SC-SCORE-05"] = bool(state["active_set"]) and off[owner] == len(state["active_set"])
        if out[exemption_rule(state)]:
            out["SC-SCORE-03"] = False  # the owner's hand alone, in an unbeaten round: exemption
    return {rule for rule, fits in out.items() if fits} or {"SC-SCORE-06"}


def score_blame(state: Message, expected: Message, got: Message) -> frozenset[str]:
    """The rules a wrong ``score`` answer points at, term by term."""
    out: set[str] = set()
    two = state.get("players") == 2
    rows_e: list[Message] = expected["round_scores"]
    rows_g = got.get("round_scores")
    if isinstance(rows_g, list) and len(rows_g) == len(rows_e):
        for field in ("captured", "chips", "hand_penalty", "exempt"):
            if any(field not in e for e in rows_e):
                continue  # a field the engine has no notion of (capabilities)
            delta = [
                _number(g.get(field)) - _number(e[field])
                for e, g in zip(rows_e, rows_g, strict=True)
            ]
            if any(delta):
                out |= _term_rules(field, state, delta, two)
        if not out and any(
            e["total"] != g.get("total") for e, g in zip(rows_e, rows_g, strict=True)
        ):
            out.add("SC-SCORE-06")
    if not out and got.get("totals") != expected["totals"]:
        out.add("SC-SCORE-06")
    if _winners_contradict(got, expected):
        out.add("SC-GAME-04")
    return frozenset(out)


def without_effect(expected: Message, got: Message) -> bool:
    """Whether a ``score`` answer differs only in seats' ``exempt`` flags while every term, total
    and winner agrees: a flag with no effect on anything the rules score (a seat with no card
    left marked exempt), which convicts no rule unless a case isolates it."""
    rows_e: list[Message] = expected["round_scores"]
    rows_g = got.get("round_scores")
    if not isinstance(rows_g, list) or len(rows_g) != len(rows_e):
        return False
    same = {k: got.get(k) == expected.get(k) for k in ("totals", "winners") if k in expected}
    if not all(same.values()):
        return False
    pairs = zip(rows_e, rows_g, strict=True)
    return all(
        isinstance(g, dict) and {k for k in e if e[k] != g.get(k)} <= {"exempt"} for e, g in pairs
    )


def _winners_contradict(got: Message, expected: Message) -> bool:
    """Whether the answer's winners break SC-GAME-04 by themselves: they differ from the
    expected ones and are not the seats
    with the highest of the totals the answer gives (the expected totals when the answer's
    are unreadable). Winners that follow wrong totals are those totals' fault, not the rule's.
    """
    winners = got.get("winners")
    if winners is None or "winners" not in expected:
        return False  # a notion the engine does not have (capabilities)
    if sorted(winners) == sorted(expected["winners"]):
        return False
    totals = got.get("totals")
    if not (isinstance(totals, list) and totals and all(type(t) is int for t in totals)):
        totals = expected["totals"]
    top = max(totals)
    return sorted(winners) != [s for s, t in enumerate(totals) if t == top]


def _term_rules(field: str, state: Message, delta: list[int], two: bool) -> set[str]:
    owner = state.get("owner")
    active: list[str] = state["active_set"]
    off = [s for s, d in enumerate(delta) if d]
    if field == "captured":
        leftover = off == [owner] and delta[off[0]] == len(active)
        return {"SC-SCORE-05"} if leftover else {"SC-SCORE-01"}
    if field == "chips":
        available: list[bool] = state["scout_show_available"]
        if not two and all(available[s] and d == 1 for s, d in enumerate(delta) if d):
            return {"SC-SCORE-05"}
        return {"SC-VAR2-06" if two else "SC-SCORE-02"}
    if field == "hand_penalty" and (
        off != [owner] or state.get("round_end") != RoundEnd.UNBEATEN.value
    ):
        return {"SC-SCORE-03"}
    return {exemption_rule(state)}


def exemption_rule(state: Message) -> str:
    """The owner exemption (SC-SCORE-04), or its variant when it is switched off (SC-VAR-01)."""
    return "SC-SCORE-04" if state["rules"]["owner_exemption"] else "SC-VAR-01"


def _number(value: object) -> int:
    return int(value) if isinstance(value, int | bool) else 0
