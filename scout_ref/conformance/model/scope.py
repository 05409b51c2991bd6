"""Vectors and rule scope: a case may cite only rules that apply at its player count.

Every rule in ``spec/rules.json`` declares the player counts it applies to; a case citing
``SC-SNS-01`` in a two-player game would claim to test a rule that does not exist there. The
same counts give the coverage of the vectors per rule and per player count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from scout_ref.conformance.model.kinds import VectorKind
from scout_ref.rulebook.registry import Status, rules

Case = dict[str, Any]


def case_players(kind: VectorKind, case: Case) -> int:
    """The player count of the game a case is played in."""
    if kind == "trace":
        return int(case["players"])
    if kind == "deal":
        data = case["input"]
        return int(data["state"]["players"] if "state" in data else data["players"])
    return int(case["state"]["players"])


def scope_problems(kind: VectorKind, case: Case) -> Iterator[str]:
    """Cited rules whose scope leaves out the case's player count."""
    players = case_players(kind, case)
    registry = rules()
    for rule_id in case["rules"]:
        rule = registry.get(rule_id)
        if rule is not None and not rule.applies_to(players):
            counts = ", ".join(map(str, rule.players))
            yield f"cites {rule_id} in a {players}-player game; it applies to {counts} players"


def coverage(cases: Iterable[tuple[VectorKind, Case]]) -> dict[str, Counter[int]]:
    """Rule ID to the number of cases citing it at each player count (only counts in scope).

    Every rule appears, with an empty counter when no case cites it.
    """
    out: dict[str, Counter[int]] = {rule_id: Counter() for rule_id in rules()}
    for kind, case in cases:
        players = case_players(kind, case)
        for rule_id in case["rules"]:
            if rule_id in out and rules()[rule_id].applies_to(players):
                out[rule_id][players] += 1
    return out


def coverage_table(cases: Iterable[tuple[VectorKind, Case]]) -> list[str]:
    """One line per normative or variant rule: cases citing it at each count of its scope.

    A count in the scope with no case is marked ``-``; counts outside the scope are blank.
    """
    counted = coverage(cases)
    lines = [f"{'rule':<13}" + " ".join(f"{p}p".rjust(3) for p in range(2, 6))]
    for rule in rules().values():
        if rule.status not in (Status.NORMATIVE, Status.VARIANT):
            continue
        cells = [
            f"{counted[rule.id][p] or '-':>3}" if rule.applies_to(p) else "   " for p in range(2, 6)
        ]
        lines.append(f"{rule.id:<13}" + " ".join(cells))
    return lines


def coverage_gaps(cases: Iterable[tuple[VectorKind, Case]], statuses: set[Status]) -> list[str]:
    """``SC-XXX-NN@p`` for every rule of the given statuses and count in its scope no case
    covers, in rulebook order."""
    counted = coverage(cases)
    return [
        f"{rule.id}@{p}"
        for rule in rules().values()
        if rule.status in statuses
        for p in rule.players
        if not counted[rule.id][p]
    ]


def in_scope(ids: Iterable[str], players: object) -> frozenset[str]:
    """The rules of ``ids`` that apply to games of ``players`` players (their registry scope):
    a verdict judges a rule only where it binds. Unknown IDs and player counts are kept.

    >>> sorted(in_scope(["SC-SNS-01", "SC-VAR2-02"], 2))
    ['SC-VAR2-02']
    """
    registry = rules()
    if not isinstance(players, int):
        return frozenset(ids)
    return frozenset(r for r in ids if r not in registry or registry[r].applies_to(players))
