"""The rule registry: every rule's permanent ID, title, chapter, statement and status.

The registry lives in ``spec/rules.json`` (shipped inside the wheel as ``scout_ref/_spec``); it is
the single source of rule IDs for the rulebook, the engine, the tests and the vectors.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import TypeVar

RULE_ID = re.compile(r"SC-[A-Z0-9]+-\d\d")

_F = TypeVar("_F", bound=Callable[..., object])


class Status(Enum):
    """How a rule binds: normative rules are enforced, variants only when switched on."""

    NORMATIVE = "normative"
    INFORMATIVE = "informative"
    VARIANT = "variant"
    RETIRED = "retired"


@dataclass(frozen=True, slots=True)
class RuleChange:
    """One entry of a rule's history: the spec version that changed it, and how."""

    version: str
    what: str


@dataclass(frozen=True, slots=True)
class Rule:
    """One numbered rule of the rulebook.

    ``since`` is the spec version that introduced the ID and ``changed`` every later version that
    changed its meaning, oldest first; an ID is never reused, so this history is the ID's whole
    life (a retired rule keeps its entry as a tombstone).
    """

    id: str
    title: str
    chapter: str
    area: str
    statement: str
    status: Status
    since: str
    changed: tuple[RuleChange, ...] = ()


def spec_dir() -> Path:
    """The folder holding the language-neutral spec (registry, schemas, vectors)."""
    here = Path(__file__).resolve().parent
    packaged = here / "_spec"
    return packaged if packaged.is_dir() else here.parent / "spec"


@cache
def rules() -> dict[str, Rule]:
    """Every rule in the registry, by ID, in rulebook order.

    >>> rules()["SC-SET-05"].title
    'Ties do not beat'
    """
    data = json.loads((spec_dir() / "rules.json").read_text(encoding="utf-8"))
    chapter_of_area = {ch["area"]: ch["stem"] for ch in data["chapters"]}
    out: dict[str, Rule] = {}
    for entry in data["rules"]:
        if "since" not in entry:  # the key other branches' new rules may still lack
            raise ValueError(f'spec/rules.json: {entry["id"]} has no "since" (its first version)')
        area = entry["id"].split("-")[1]
        out[entry["id"]] = Rule(
            id=entry["id"],
            title=entry["title"],
            chapter=chapter_of_area[area],
            area=area,
            statement=entry["statement"],
            status=Status(entry["status"]),
            since=entry["since"],
            changed=tuple(RuleChange(c["version"], c["what"]) for c in entry.get("changed", ())),
        )
    return out


def spec_version() -> str:
    """The version of the rules and vectors contract."""
    data = json.loads((spec_dir() / "rules.json").read_text(encoding="utf-8"))
    return str(data["spec_version"])


_ENFORCED: dict[object, tuple[str, ...]] = {}
"""Each function (or method, as found on its class) marked by :func:`implements`: its rule IDs."""


def implements(*rule_ids: str) -> Callable[[_F], _F]:
    """Mark a function as enforcing the given rules; the IDs are checked by the tests.

    The registry keeps the marks in its own map (:func:`enforced_by`) and returns the function
    itself, unwrapped: the marker works the same in the pure and the mypyc-compiled build, whose
    functions take no attributes.
    """

    def mark(func: _F) -> _F:
        _ENFORCED[func] = rule_ids
        return func

    return mark


def enforced_by(func: object) -> tuple[str, ...]:
    """The rule IDs ``func`` is marked with by :func:`implements` (none if it is not marked).

    >>> from scout_ref.combinations import classify
    >>> enforced_by(classify)
    ('SC-SET-01', 'SC-SET-02', 'SC-SET-03')
    """
    return _ENFORCED.get(func, ())
