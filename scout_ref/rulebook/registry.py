"""The rule registry: every rule's permanent ID, title, chapter, statement, status and scope.

The registry lives in ``spec/rules.json`` (shipped inside the wheel as ``scout_ref/_spec``); it is
the single source of rule IDs for the rulebook, the engine, the tests and the vectors.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from scout_ref.errors import MalformedInputError
from scout_ref.util.jsonread import read_file

RULE_ID = re.compile(r"SC-[A-Z0-9]+-[0-9][0-9]")

_F = TypeVar("_F", bound=Callable[..., object])


class Status(Enum):
    """How a rule binds: normative rules are enforced, variants only when switched on."""

    NORMATIVE = "normative"
    INFORMATIVE = "informative"
    VARIANT = "variant"
    RETIRED = "retired"


class Kind(Enum):
    """Where a rule comes from (issue 31): the game itself, or this rulebook's formal model.

    A ``play`` rule is stated or implied by the official rules; a ``model`` rule is a convention
    of the formal model (information and recall, reachability, notation, dealing order, protocol
    precision), which a player at the table is never told is a rule of the game.
    """

    PLAY = "play"
    MODEL = "model"


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
    kind: Kind
    """A rule of play or a convention of the model (:class:`Kind`)."""
    players: tuple[int, ...]
    """The player counts the rule applies to (its scope), ascending."""
    since: str
    changed: tuple[RuleChange, ...] = ()
    builds_on: tuple[str, ...] = ()
    """The rules this one presupposes: when one of them is broken, this rule cannot be judged."""

    def applies_to(self, players: int) -> bool:
        """Whether the rule binds a game of ``players`` players.

        >>> rules()["SC-SNS-01"].applies_to(2)
        False
        """
        return players in self.players


def spec_dir() -> Path:
    """The folder holding the language-neutral spec (registry, schemas, vectors)."""
    package = Path(__file__).resolve().parent.parent
    packaged = package / "_spec"
    return packaged if packaged.is_dir() else package.parent / "spec"


@cache
def rules() -> dict[str, Rule]:
    """Every rule in the registry, by ID, in rulebook order.

    >>> rules()["SC-SET-05"].title
    'Ties do not beat'
    """
    data = _registry_document()
    chapter_of_area = {ch["area"]: ch["stem"] for ch in data["chapters"]}
    out: dict[str, Rule] = {}
    for entry in data["rules"]:
        if "since" not in entry:  # the key other branches' new rules may still lack
            raise ValueError(f'spec/rules.json: {entry["id"]} has no "since" (its first version)')
        if "players" not in entry:  # likewise for the scope
            raise ValueError(f'spec/rules.json: {entry["id"]} has no "players" (its scope)')
        if "kind" not in entry:  # and for the kind (issue 31)
            raise ValueError(f'spec/rules.json: {entry["id"]} has no "kind" (play or model)')
        area = entry["id"].split("-")[1]
        out[entry["id"]] = Rule(
            id=entry["id"],
            title=entry["title"],
            chapter=chapter_of_area[area],
            area=area,
            statement=entry["statement"],
            status=Status(entry["status"]),
            kind=Kind(entry["kind"]),
            builds_on=tuple(entry.get("builds_on", ())),
            players=tuple(sorted(entry["players"])),
            since=entry["since"],
            changed=tuple(RuleChange(c["version"], c["what"]) for c in entry.get("changed", ())),
        )
    return out


@cache
def _registry_document() -> Any:
    return read_file(spec_dir() / "rules.json")


@cache
def foundations(rule_id: str) -> frozenset[str]:
    """Every rule that ``rule_id`` builds on, directly or through others (``builds_on``).

    >>> sorted(foundations("SC-SET-05"))
    ['SC-COMP-02', 'SC-SET-01', 'SC-SET-02', 'SC-SET-03', 'SC-SET-04']
    """
    registry = rules()
    found: set[str] = set()
    todo = list(registry[rule_id].builds_on)
    while todo:
        lower = todo.pop()
        if lower not in found:
            found.add(lower)
            todo.extend(registry[lower].builds_on)
    return frozenset(found)


def spec_version() -> str:
    """The version of the rules and vectors contract."""
    return str(_registry_document()["spec_version"])


_VERSION = re.compile(r"([0-9]+)\.([0-9]+)\.[0-9]+", re.ASCII)


def check_spec_version(found: object, source: str) -> None:
    """Refuse a document written for another contract than this scout-ref's.

    A file may come from an older minor version of the same major version (it only lacks newer
    cases and rules); a newer minor version or another major version may mean other rules.

    Raises:
        MalformedInputError: if ``found`` is not such a version.
    """
    mine = _VERSION.fullmatch(spec_version())
    theirs = _VERSION.fullmatch(found) if isinstance(found, str) else None
    assert mine is not None, "spec/rules.json has a semantic version"
    major, minor = int(mine[1]), int(mine[2])
    if theirs is None or int(theirs[1]) != major or int(theirs[2]) > minor:
        raise MalformedInputError(
            "spec_version",
            [
                (
                    "/spec_version",
                    f"{source} was written for spec {found!r}; this scout-ref reads spec "
                    f"{major}.0.0 to {spec_version()}",
                )
            ],
        )


_ENFORCED: dict[object, tuple[str, ...]] = {}
"""Each function (or method, as found on its class) marked by :func:`implements`: its rule IDs."""


def implements(*rule_ids: str) -> Callable[[_F], _F]:
    """Mark a function as enforcing the given rules; the IDs are checked by the tests.

    The registry keeps the marks in its own map (:func:`enforced_by`) and returns the function
    itself, unwrapped: the marker works the same in the pure and the mypyc-compiled build, whose
    functions take no attributes.

    It is used as a decorator, or, for the functions random play calls at every move, as a call
    after the definition (``implements("SC-...")(finish_turn)``): the compiled build calls a
    decorated function through Python's generic call protocol, since a decorator may return
    anything, and an undecorated one directly.
    """

    def mark(func: _F) -> _F:
        _ENFORCED[func] = rule_ids
        return func

    return mark


def enforced_by(func: object) -> tuple[str, ...]:
    """The rule IDs ``func`` is marked with by :func:`implements` (none if it is not marked).

    >>> from scout_ref.engine.combinations import classify
    >>> enforced_by(classify)
    ('SC-SET-01', 'SC-SET-02', 'SC-SET-03')
    """
    return _ENFORCED.get(func, ())
