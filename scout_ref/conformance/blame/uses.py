"""The rules a compared step passes through, read from the reference's own explanation of it.

A case cites the rules it was written about, but one failing step passes through its own few:
a Scout & Show into the far-right slot passes through the slot rule (SC-SCOUT-02) whether or not
the case cites it. :func:`move_uses` reads them from the reasoning ``scout-ref explain`` prints
(:func:`scout_ref.analysis.explain.explain`), plus the scoring rules when the move ends the
round. When the adapter accepted the move and only its state differs, the rules of the move's
legality held, and so did a rule whose own fields came out as the reference's: only the rules
governing a field that differs are kept.

The verdicts (:mod:`scout_ref.conformance.report.verdicts`) use these rules for ``builds_on``:
a failure is explained by a broken rule it builds on only if its failing steps use that rule.
Every rule is also judged only at the player counts it applies to
(:func:`~scout_ref.conformance.model.scope.in_scope`).
"""

from __future__ import annotations

from collections.abc import Iterable

from scout_ref.analysis.explain import explain
from scout_ref.conformance.blame.fields import FIELD_RULES, ROUND_END_FIELDS, TWO_PLAYER
from scout_ref.conformance.blame.scores import score_delta_rules
from scout_ref.conformance.blame.states import (
    Rules,
    decision_order_rules,
    last_decision_rules,
    producer,
    round_end_rules,
    round_end_step_rules,
    turn_elsewhere,
)
from scout_ref.conformance.model.outcomes import Message
from scout_ref.conformance.model.scope import in_scope
from scout_ref.engine.notation import parse_move
from scout_ref.errors import ScoutError
from scout_ref.formats.state_json import state_from_json

SHOWN_BY_HANDS = ("SC-GEN-02", "SC-SCOUT-01", "SC-SCOUT-02")
"""Rules read from the hands after any move (:func:`~.states.hand_rules`): hands that agree
show them holding, whatever the move."""

EXPLAINED_MOVES = 8
"""The differing moves of a legal-move list whose explanations are read (the list may differ
in thousands)."""


def move_uses(
    before: Message | None, move: str, expected: Message | None = None, got: object = None
) -> Rules:
    """The rules the reference's explanation of ``move`` in ``before`` passes through, with the
    round end's scoring rules when ``expected`` (its state after the move) ends the round.

    Given the adapter's state ``got`` after the move (it accepted it), only the rules that
    govern a field that differs are kept: the rules of the move's legality held (the move was
    accepted), and a rule whose fields agree held in this step.
    """
    if before is None:
        return frozenset()
    try:
        cited = set(explain(state_from_json(before), parse_move(move)).cited)
    except (ScoutError, KeyError, TypeError):
        return frozenset()
    if expected is not None:
        cited |= round_end_step_rules(expected)
    if expected is not None and isinstance(got, dict):
        governed = _table_fields(move, expected)
        fields = _fields(move, expected, governed)

        def differs(keys: Iterable[str]) -> bool:
            return any(expected.get(k) != got.get(k, "<missing>") for k in keys)

        cited = {r for r in cited if differs(fields.get(r, ()))}
        cited |= {r for r, keys in governed.items() if differs(keys)}
        cited -= _unfitting_scoring(expected, got)
        cited |= set(decision_order_rules(producer(move), expected, got))
        if expected.get("round_end") is not None and got.get("round_end") is None:
            cited = _played_on(cited, before, expected, got)
    return in_scope(cited, before.get("players"))


def _played_on(cited: set[str], before: Message, expected: Message, got: Message) -> set[str]:
    """The rules of a step that ends the round where the adapter plays on: its round-end
    fields (phase, turn, ``round_end``, scores) differ because the round did not end there, so
    they use the rule that says whether it ends, not the scoring rules (the adapter scored
    nothing to compare) nor the turn order, unless the turn went to a seat other than the next
    (as the blame reads it). An adapter that ends the round where the reference plays on keeps
    every rule: where its turn went decided that end (a skipped seat reaches the owner)."""
    scoring = round_end_step_rules(expected) - ENDINGS
    out = (cited - scoring) | round_end_rules(expected, got)
    if not turn_elsewhere(before, got):
        out.discard("SC-TURN-01")
    return out


ENDINGS = frozenset(("SC-END-01", "SC-END-02", "SC-VAR2-05"))
"""The rules that say a round ends: they govern whether and how it ended (its phase, turn and
``round_end``); the scoring rules govern its totals."""
ENDING_FIELDS = tuple(key for key in ROUND_END_FIELDS if key != "scores")


def _unfitting_scoring(expected: Message, got: Message) -> set[str]:
    """The scoring rules of a round-ending step that its totals' difference does not fit
    (:func:`~.scores.score_delta_rules`): a wrong exemption leaves the rules of captured cards,
    chips and hands shown holding. Empty when the step does not end the round or the totals
    cannot be compared."""
    scoring = round_end_step_rules(expected) - ENDINGS
    want: list[int] = expected["scores"]
    have = got.get("scores")
    if not scoring or not isinstance(have, list) or len(have) != len(want):
        return set()
    if not all(type(x) is int for x in have):
        return set()
    delta = [g - e for g, e in zip(have, want, strict=True)]
    return scoring - score_delta_rules(expected, delta) if any(delta) else set()


def list_uses(before: Message, moves: Iterable[str]) -> Rules:
    """The rules the explanations of the first differing moves of a legal-move list use."""
    out: set[str] = set()
    for k, move in enumerate(moves):
        if k == EXPLAINED_MOVES:
            break
        out |= move_uses(before, move)
    return frozenset(out)


def _table_fields(step: str, expected: Message) -> dict[str, set[str]]:
    """Rule ID -> the fields of ``step``'s state that :data:`~.fields.FIELD_RULES` gives it
    (with the two-player readings): its ``*`` rule governs every field the table does not
    name, but a play move's round-end fields, which the round-end rules govern
    (:func:`~.states.round_end_rules`). A rule governing a field that differs is used by the
    step, whether or not the explanation cites it (the seat order of the rotation decisions)."""
    kind = producer(step)
    two = expected.get("players") == 2
    table = FIELD_RULES[kind]
    unnamed = set(expected) - set(table)
    if kind in ("show", "scout", "scout_show"):
        unnamed -= set(ROUND_END_FIELDS)
    fields: dict[str, set[str]] = {}
    for key in (set(table) | unnamed) - {"*"}:
        ids = table.get(key, table["*"])
        ids = TWO_PLAYER.get((kind, key), ids) if two else ids
        for rule_id in last_decision_rules(kind, key, expected) or ids:
            fields.setdefault(rule_id, set()).add(key)
    return fields


def _fields(step: str, expected: Message, governed: dict[str, set[str]]) -> dict[str, set[str]]:
    """Rule ID -> the fields of ``step``'s state it governs: ``governed``
    (:func:`_table_fields`), the hands for the rules read from them (and, in a Scout & Show,
    the shown cards), the round end's fields for its rules."""
    fields = {rule_id: set(keys) for rule_id, keys in governed.items()}
    for rule_id in SHOWN_BY_HANDS:
        fields.setdefault(rule_id, set()).add("hands")
        if producer(step) == "scout_show":  # the shown cards come from the hand it grew
            fields[rule_id].add("active_set")
    if producer(step) == "scout_show":  # its show part acts as any show (SC-SNS-03)
        for key, ids in FIELD_RULES["show"].items():
            if key != "*":
                for rule_id in ids:
                    fields.setdefault(rule_id, set()).add(key)
    for rule_id in round_end_step_rules(expected):
        keys = ENDING_FIELDS if rule_id in ENDINGS else ("scores",)
        fields.setdefault(rule_id, set()).update(keys)
    return fields


def common_cause(steps: Iterable[tuple[Rules, Rules]]) -> Rules:
    """The rules that explain every failing step of a trace or fuzz game, given each step's
    blame and uses: each is blamed for some step and blamed for, or used by, every one. When
    one rule so explains them all, the case blames it rather than every step's own reading (a
    far-right slot that wraps shows in scouts and in Scout & Shows alike: SC-SCOUT-02). Empty
    when no rule does, or with fewer than two steps.

    >>> a, b = frozenset(["SC-SCOUT-02"]), frozenset(["SC-SNS-03"])
    >>> sorted(common_cause([(a, a), (b, a | b)]))
    ['SC-SCOUT-02']
    """
    steps = [(b, u) for b, u in steps if b]
    if len(steps) < 2:
        return frozenset()
    every = frozenset.intersection(*(b | u for b, u in steps))
    return every & frozenset().union(*(b for b, _ in steps))
