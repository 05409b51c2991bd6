"""The ``--json`` documents of ``scout-ref explain`` and ``scout-ref legal``, made in one place.

The command line prints them and the browser's engine (:mod:`scout_ref.browser`) returns them,
so a verdict read on a rulebook page is the document the CLI prints for the same arguments
(schemas ``spec/schema/cli/explain.schema.json`` and ``legal.schema.json``). Each function takes
the arguments as the CLI is given them and raises the error the CLI reports after ``error:``.
"""

from __future__ import annotations

from scout_ref.analysis.explain import Explanation, explain
from scout_ref.engine.notation import ScoutInner, ShowCards, move_sort_key, parse_written
from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_move, legal_moves
from scout_ref.formats.position_line import format_position
from scout_ref.formats.state_json import state_digest
from scout_ref.formats.state_source import read_state, refuse_non_combination
from scout_ref.rulebook.registry import Rule, rules


def judged_state(source: str, *, hypothetical: bool = False) -> State:
    """The state that ``source`` gives, as ``explain`` and ``legal`` judge it: reachable unless
    ``hypothetical``, and with a set or run as its active set.

    Raises:
        MalformedInputError: if the source gives no such state.
    """
    state = read_state(source, reachable=not hypothetical)
    refuse_non_combination(state)
    return state


def explanation_of(source: str, move: str, *, hypothetical: bool = False) -> Explanation:
    """The explanation of ``move`` (written as the CLI is given it) in the state of ``source``.

    Raises:
        MalformedInputError: if the state or the move cannot be read; an illegal move that can
            be read is no error, but an explanation whose verdict says so.
    """
    state = judged_state(source, hypothetical=hypothetical)
    return explain(state, parse_written(move))


def rule_json(rule: Rule) -> dict[str, object]:
    """A rule as the ``--json`` documents write it."""
    return {
        "id": rule.id,
        "status": rule.status.value,
        "area": rule.area,
        "title": rule.title,
        "statement": rule.statement,
    }


def state_after(explanation: Explanation) -> State | None:
    """The state after a legal move; None for an illegal one."""
    move = explanation.move
    if not explanation.is_legal or isinstance(move, ScoutInner | ShowCards):
        return None
    return apply_move(explanation.state, move)


def explanation_json(explanation: Explanation) -> dict[str, object]:
    """The ``explain --json`` document (``spec/schema/cli/explain.schema.json``)."""
    state, rejection = explanation.state, explanation.rejection
    after = state_after(explanation)
    return {
        "position": format_position(state),
        "after": None if after is None else format_position(after),
        "digest": state_digest(state),
        "move": str(explanation.move),
        "seat": state.turn,
        "legal": explanation.is_legal,
        "verdict": explanation.verdict,
        "rejection": None
        if rejection is None
        else {"reason": rejection.reason.value, "rule": rejection.rule, "detail": rejection.detail},
        "reasoning": [{"text": p.text, "rule": p.rule} for p in explanation.points],
        "rules_cited": [rule_json(rules()[r]) for r in explanation.cited],
    }


def legal_moves_text(state: State) -> list[str]:
    """Every legal move of ``state`` in canonical notation and order (SC-NOTE-06)."""
    return [str(m) for m in sorted(legal_moves(state), key=move_sort_key)]


def legal_json(state: State) -> dict[str, object]:
    """The ``legal --json`` document (``spec/schema/cli/legal.schema.json``)."""
    return {
        "position": format_position(state),
        "digest": state_digest(state),
        "seat": state.turn,
        "moves": legal_moves_text(state),
    }
