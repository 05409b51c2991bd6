"""Differences a person can act on: states and scores compared seat by seat, with hints.

Per-seat fields (hands, captured piles, chips, scores) are shown one line per differing seat,
in full, so the seat that differs can be read card by card. Where the difference has a shape
that names its cause, a hint says so: a hand that is the expected one reversed, or with every
card turned, or scores that differ only for the owner of the active set.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

Message = dict[str, Any]


PER_SEAT = ("hands", "captured", "scout_chips", "scout_show_available", "scores")
"""State fields holding one value per seat."""

OWNER_HINT = "the scores differ only for the owner of the active set (seat {seat})"


def short(value: object, limit: int = 160) -> str:
    """Compact JSON, cut at ``limit`` characters."""
    text = json.dumps(value, separators=(",", ":"))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def full(value: object) -> str:
    """Compact JSON, never cut."""
    return json.dumps(value, separators=(",", ":"))


def state_diff(expected: Message, got: object, before: Message | None = None) -> str:
    """The keys where two states differ: per-seat fields seat by seat, then any hints.

    >>> hands = {"hands": [["1/2"], ["3/4", "5/6"]]}
    >>> print(state_diff(hands, {"hands": [["1/2"], ["5/6", "3/4"]]}))
      hands[1]: expected ["3/4","5/6"], got ["5/6","3/4"]
      hint: seat 1's hand is the expected one reversed (order changed, cards not turned)
    """
    if not isinstance(got, dict):
        return f"expected a state, got {short(got)}"
    keys = sorted(set(expected) | set(got), key=lambda k: (k not in expected, k))
    lines: list[str] = []
    for key in keys:
        want, have = expected.get(key, "<missing>"), got.get(key, "<missing>")
        if want == have:
            continue
        if key in PER_SEAT and _same_length_lists(want, have):
            lines += [
                f"  {key}[{s}]: expected {full(w)}, got {full(h)}"
                for s, (w, h) in enumerate(zip(want, have, strict=True))
                if w != h
            ]
        else:
            lines.append(f"  {key}: expected {short(want)}, got {short(have)}")
    lines += [f"  hint: {h}" for h in state_hints(expected, got, before)]
    return "\n".join(lines)


def _same_length_lists(a: Any, b: Any) -> bool:
    return isinstance(a, list) and isinstance(b, list) and len(a) == len(b)


def state_hints(expected: Message, got: Message, before: Message | None = None) -> list[str]:
    """Recognisable shapes of a state difference, in words."""
    hints: list[str] = []
    hands_e: Any = expected.get("hands")
    hands_g: Any = got.get("hands")
    if _same_length_lists(hands_e, hands_g):
        for s, (want, have) in enumerate(zip(hands_e, hands_g, strict=True)):
            hint = hand_hint(want, have) if want != have else ""
            if hint:
                hints.append(f"seat {s}'s hand is {hint}")
    scores_e: Any = expected.get("scores")
    scores_g: Any = got.get("scores")
    if _same_length_lists(scores_e, scores_g):
        off = [s for s, (e, g) in enumerate(zip(scores_e, scores_g, strict=True)) if e != g]
        if off and off == [expected.get("owner")]:
            hints.append(OWNER_HINT.format(seat=off[0]))
    return hints


def hand_hint(expected: Sequence[str], got: Sequence[str]) -> str:
    """How ``got`` relates to the ``expected`` hand, when it is a recognisable transform."""
    if not isinstance(got, list) or len(got) != len(expected) or not expected:
        return ""
    turned = [_turned(c) for c in expected]
    if len(expected) > 1 and got == list(expected)[::-1]:
        return "the expected one reversed (order changed, cards not turned)"
    if got == turned:
        return "the expected one with every card turned (order kept)"
    if len(expected) > 1 and got == turned[::-1]:
        return "the expected one rotated end over end (reversed and every card turned)"
    if sorted(got) == sorted(expected):
        return "the expected cards in another order"
    return ""


def _turned(card: str) -> str:
    top, _, bottom = card.partition("/")
    return f"{bottom}/{top}"


def score_difference(state: Message, expected: Message, got: Message) -> str:
    """A wrong score answer, seat by seat and term by term, then totals, winners and hints."""
    lines: list[str] = []
    rows_e: list[Message] = expected["round_scores"]
    rows_g: Any = got.get("round_scores")
    off: list[int] = []
    if _same_length_lists(rows_e, rows_g):
        for e, g in zip(rows_e, rows_g, strict=True):
            terms = [
                f"{k} expected {full(e[k])}, got {full(g.get(k))}" for k in e if e[k] != g.get(k)
            ]
            if terms:
                off.append(int(e["seat"]))
                lines.append(f"round_scores seat {e['seat']}: " + "; ".join(terms))
    elif rows_g != rows_e:
        lines.append(f"round_scores: expected {short(rows_e)}, got {short(rows_g)}")
    if got.get("totals") != expected["totals"]:
        lines.append(f"totals: expected {full(expected['totals'])}, got {full(got.get('totals'))}")
    if "winners" in expected and sorted(got.get("winners") or []) != sorted(expected["winners"]):
        lines.append(f"winners: expected {expected['winners']}, got {got.get('winners')}")
    if off and off == [state.get("owner")]:
        lines.append("hint: " + OWNER_HINT.format(seat=off[0]))
    return "\n".join(lines)
