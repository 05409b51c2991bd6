"""The ``--json`` documents of ``scout-ref explain`` and ``scout-ref legal``, made in one place.

The command line prints them and the browser's engine (:mod:`scout_ref.browser`) returns them,
so a verdict read on a rulebook page is the document the CLI prints for the same arguments
(schemas ``spec/schema/cli/explain.schema.json`` and ``legal.schema.json``). Each function takes
the arguments as the CLI is given them and raises the error the CLI reports after ``error:``.
"""

from __future__ import annotations

from scout_ref.analysis import wording
from scout_ref.analysis.explain import Explanation, explain
from scout_ref.engine.notation import ScoutInner, ShowCards, move_sort_key, parse_written
from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_move, legal_moves
from scout_ref.formats.position_line import format_position
from scout_ref.formats.state_json import state_digest
from scout_ref.formats.state_source import read_state, refuse_non_combination
from scout_ref.rulebook import texts
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


def rule_json(rule: Rule, lang: str = texts.SOURCE) -> dict[str, object]:
    """A rule as the ``--json`` documents write it, its title and statement in ``lang``."""
    english = lang == texts.SOURCE
    return {
        "id": rule.id,
        "status": rule.status.value,
        "area": rule.area,
        "title": rule.title if english else texts.rule_title(lang, rule),
        "statement": rule.statement if english else texts.rule_statement(lang, rule),
    }


def state_after(explanation: Explanation) -> State | None:
    """The state after a legal move; None for an illegal one."""
    move = explanation.move
    if not explanation.is_legal or isinstance(move, ScoutInner | ShowCards):
        return None
    return apply_move(explanation.state, move)


def explanation_json(explanation: Explanation, lang: str | None = None) -> dict[str, object]:
    """The ``explain --json`` document (``spec/schema/cli/explain.schema.json``); with
    ``lang`` (``--lang``), its texts in that edition's language and its ``language`` named.

    Raises:
        TranslationError: if ``lang`` is neither ``en`` nor an edition (or the edition has not
            translated a text yet).
        InstallationError: if the edition's catalogs are damaged.
    """
    shown = texts.SOURCE if lang is None else texts.check_edition(lang)
    state, rejection = explanation.state, explanation.rejection
    after = state_after(explanation)
    language = {} if lang is None else {"language": shown}
    return {
        **language,
        "position": format_position(state),
        "after": None if after is None else format_position(after),
        "digest": state_digest(state),
        "move": str(explanation.move),
        "seat": state.turn,
        "legal": explanation.is_legal,
        "verdict": explanation.verdict_in(shown),
        "rejection": None
        if rejection is None
        else {
            "reason": rejection.reason.value,
            "rule": rejection.rule,
            "detail": explanation.detail(shown),
        },
        "reasoning": [{"text": p.said.text(shown), "rule": p.rule} for p in explanation.points],
        "rules_cited": [rule_json(rules()[r], shown) for r in explanation.cited],
    }


def explanation_lines(explanation: Explanation, lang: str | None = None) -> list[str]:
    """What ``scout-ref explain`` prints without ``--json``, in ``lang`` (English without it).

    Raises:
        TranslationError, InstallationError: as :func:`explanation_json` does.
    """
    shown = texts.SOURCE if lang is None else texts.check_edition(lang)
    out = explanation.lines(lang=shown)
    after = state_after(explanation)
    if after is not None:
        out += [wording.AFTER.say().text(shown), f"  {format_position(after)}"]
    return out


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
