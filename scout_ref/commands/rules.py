"""``scout-ref rules [ID]``: the rule registry, or one rule."""

from __future__ import annotations

import argparse

from scout_ref.errors import MalformedInputError
from scout_ref.registry import RULE_ID, Rule, rules


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``rules``."""
    p = subparsers.add_parser("rules", help="list the rules, or show one rule")
    p.add_argument("id", nargs="?", help="a rule ID such as SC-SHOW-03, or an area such as SHOW")
    p.set_defaults(run=run)


def describe(rule: Rule) -> str:
    """A rule as two lines: ID, status, player counts and title; then its statement."""
    counts = ",".join(map(str, rule.players))
    head = f"{rule.id}  [{rule.status.value}]  [players {counts}]  {rule.title}"
    return f"{head}\n    {rule.statement}"


def run(args: argparse.Namespace) -> int:
    """Print the matching rules."""
    registry = rules()
    wanted: str | None = args.id
    if wanted is None:
        selected = list(registry.values())
    elif RULE_ID.fullmatch(wanted):
        if wanted not in registry:
            raise MalformedInputError("rule ID", [("", f"{wanted!r} is not in the registry")])
        selected = [registry[wanted]]
    else:
        selected = [r for r in registry.values() if r.area == wanted.upper()]
        if not selected:
            raise MalformedInputError(
                "rule ID", [("", f"{wanted!r} is neither a rule ID nor an area")]
            )
    print("\n".join(describe(r) for r in selected))
    return 0
