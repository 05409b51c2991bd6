"""What a case needs of an engine beyond the request types: decided from the case, never from
how a move turns out.

A partial engine (one without a rotation phase, one that plays a single round, one that gives no
reason codes) is judged on what it implements: a case that needs a feature the adapter lacks is
*not applicable*. The features are read from the case's inputs alone (its states, moves and
deals), so the same case is applicable or not whatever the engine answers.
"""

from __future__ import annotations

from collections.abc import Iterator

from scout_ref.conformance.model.outcomes import Case, Message

FEATURES = ("rotation_phase", "multiple_rounds", "reason_codes")
"""The features a case may need: the keep/flip decisions at a round start; rounds after the
first; rejection reason codes (without them a ``reject`` case is judged at strictness
``legality``, so it needs none)."""

ROTATION_MOVES = ("keep", "flip")


def needs(case: Case) -> frozenset[str]:
    """The features ``case`` needs (:data:`FEATURES`, except ``reason_codes``)."""
    found: set[str] = set()
    for state in _states(case):
        if state.get("phase") == "rotation":
            found.add("rotation_phase")
        if isinstance(state.get("round"), int) and state["round"] > 1:
            found.add("multiple_rounds")
    moves = [case.data.get("move"), *case.data.get("moves", [])]
    moves += [s.get("move") for s in case.data.get("steps", []) if isinstance(s, dict)]
    if any(m in ROTATION_MOVES for m in moves):
        found.add("rotation_phase")
    deals = [s for s in case.data.get("steps", []) if isinstance(s, dict) and "deal" in s]
    if len(deals) > 1 or (case.kind == "deal" and "state" in case.data.get("input", {})):
        found.add("multiple_rounds")
    return frozenset(found)


def _states(case: Case) -> Iterator[Message]:
    data = case.data
    for value in (data.get("state"), data.get("input", {}).get("state")):
        if isinstance(value, dict):
            yield value
    expected = data.get("expected")
    if isinstance(expected, dict) and isinstance(expected.get("state"), dict):
        yield expected["state"]


def lacking(case: Case, unsupported: frozenset[str]) -> str | None:
    """Why ``case`` is not applicable to an adapter lacking ``unsupported``, or None."""
    missing = sorted(needs(case) & unsupported)
    return f"needs {', '.join(missing)}, which the adapter lacks" if missing else None
