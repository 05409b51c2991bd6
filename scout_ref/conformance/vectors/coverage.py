"""The functional coverage of the vectors: which bins of ``spec/coverage.json`` they fill.

The model is data: groups of bins, each group a rule, a name template, the facts every case of
the group must have (``when``) and the axes its bins range over (``each``: every combination of
the listed values, one bin each). A case fills a bin when every fact the bin names matches
(:func:`matches`). Facts come from the vector files as written (:mod:`.coverage_facts`), so
coverage costs one pass over the files and no replay.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from scout_ref.conformance.model.kinds import VectorKind
from scout_ref.conformance.vectors.build import checked_documents, vectors_dir
from scout_ref.conformance.vectors.coverage_facts import Facts, case_facts
from scout_ref.errors import InstallationError, MalformedInputError
from scout_ref.formats import schema as _schema
from scout_ref.rulebook.registry import rules, spec_dir
from scout_ref.util.jsonread import read_file

MODEL = spec_dir() / "coverage.json"
"""The coverage model, beside the rule registry."""
MAX_BINS = 100_000
"""The most bins a model may have, counted before any is made (the model has a few hundred)."""
_PLACEHOLDER = re.compile(r"\{([a-z_0-9]+)\}")


@dataclass(frozen=True, slots=True)
class Bin:
    """One behaviour a rule allows that some case must exercise."""

    rule: str
    name: str
    when: tuple[tuple[str, Any], ...]

    @property
    def id(self) -> str:
        """``RULE: name``, unique in the model."""
        return f"{self.rule}: {self.name}"


@dataclass(frozen=True, slots=True)
class Coverage:
    """How many cases fill each bin, and which cases (their IDs)."""

    hits: dict[str, list[str]]
    bins: tuple[Bin, ...]

    @property
    def missed(self) -> list[Bin]:
        """The bins no case fills, in model order."""
        return [b for b in self.bins if not self.hits[b.id]]

    def by_rule(self) -> dict[str, tuple[int, int]]:
        """Rule ID to (bins hit, bins) for every rule with bins."""
        out: dict[str, tuple[int, int]] = {}
        order = list(rules())
        for b in sorted(self.bins, key=lambda b: order.index(b.rule)):
            hit, total = out.get(b.rule, (0, 0))
            out[b.rule] = (hit + bool(self.hits[b.id]), total + 1)
        return out


def _label(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def expand(group: dict[str, Any]) -> Iterator[Bin]:
    """The bins of one group: one per combination of the values of each axis set; a
    ``{placeholder}`` of the name is replaced by the bin's value of that axis (only that: a
    template is never Python's ``str.format``, which reads attributes)."""
    for axes in group["each"] or [{}]:
        names = list(axes)
        for values in itertools.product(*(axes[n] for n in names)):
            chosen = dict(zip(names, values, strict=True))
            name = _named(group["bin"], {k: _label(v) for k, v in chosen.items()})
            when = {**group["when"], **chosen}
            yield Bin(group["rule"], name, tuple(sorted(when.items())))


def _named(template: str, labels: dict[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda m: labels.get(m[1], m[0]), template)


def bin_count(groups: list[dict[str, Any]]) -> int:
    """How many bins ``groups`` make, counted without making them."""
    return sum(
        sum(math.prod(len(values) for values in axes.values()) for axes in g["each"] or [{}])
        for g in groups
    )


def model_problems(document: object) -> list[str]:
    """How a coverage model departs from ``spec/schema/coverage.schema.json`` and the bounds
    (at most :data:`MAX_BINS` bins, every placeholder an axis, every rule in the registry)."""
    problems = [f"{w or '/'}: {m}" for w, m in _schema.problems(_model_validator(), document)]
    if problems or not isinstance(document, dict):
        return problems
    count = bin_count(document["groups"])
    if count > MAX_BINS:
        return [f"/groups: {count} bins; the limit is {MAX_BINS}"]
    known = rules()
    for k, group in enumerate(document["groups"]):
        if group["rule"] not in known:
            problems.append(f"/groups/{k}/rule: {group['rule']!r} is not a rule of the registry")
        for axes in group["each"] or [{}]:
            missing = set(_PLACEHOLDER.findall(group["bin"])) - set(axes)
            if missing:
                problems.append(f"/groups/{k}/bin: no axis {sorted(missing)[0]!r}")
                break
    return problems


@cache
def _model_validator() -> Any:
    return _schema.validator(read_file(spec_dir() / "schema" / "coverage.schema.json"))


@cache
def model() -> tuple[Bin, ...]:
    """Every bin of ``spec/coverage.json``, in file order; each bin's rule is in the registry.

    Raises:
        InstallationError: if the model cannot be read or is not a model within the bounds.
    """
    try:
        document: Any = read_file(MODEL)
    except MalformedInputError as exc:
        raise InstallationError.unread(exc) from None
    problems = model_problems(document)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise InstallationError.of(MODEL, f"{problems[0]}{more}")
    return tuple(b for group in document["groups"] for b in expand(group))


def _fact_matches(value: object, wanted: object) -> bool:
    options = wanted if isinstance(wanted, list) else [wanted]
    values = value if isinstance(value, list) else [value]
    return any(v == w and type(v) is type(w) for v in values for w in options)


def matches(facts: Facts, bin: Bin) -> bool:
    """Whether a case with ``facts`` fills ``bin``: it has every fact the bin names."""
    return all(name in facts and _fact_matches(facts[name], w) for name, w in bin.when)


def measure(cases: Iterable[tuple[VectorKind, dict[str, Any]]], bins: tuple[Bin, ...]) -> Coverage:
    """The coverage of ``(kind, case)`` pairs."""
    hits: dict[str, list[str]] = {b.id: [] for b in bins}
    for kind, case in cases:
        facts = case_facts(kind, case)
        for b in bins:
            if matches(facts, b):
                hits[b.id].append(case["id"])
    return Coverage(hits, bins)


def vector_cases(root: Path | None = None) -> Iterator[tuple[VectorKind, dict[str, Any]]]:
    """Every case of the vector files under ``root`` (default ``spec/vectors``) with its kind.

    Raises:
        MalformedInputError: if a file is not a vector file of its folder's kind.
    """
    for kind, document in checked_documents(root or vectors_dir()).values():
        for case in document["cases"]:
            yield kind, case


def measure_vectors(root: Path | None = None) -> Coverage:
    """The coverage of the vector files under ``root``."""
    return measure(vector_cases(root), model())


def report_lines(coverage: Coverage) -> list[str]:
    """One line per rule with bins (hit of total), each missed bin under it, and a total."""
    lines = []
    for rule, (hit, total) in coverage.by_rule().items():
        lines.append(f"{rule:<13} {hit:>3}/{total:<3} bins")
        lines += [f"  missed: {b.name}" for b in coverage.missed if b.rule == rule]
    missed = len(coverage.missed)
    lines.append(f"{len(coverage.bins)} bins, {len(coverage.bins) - missed} hit, {missed} missed")
    return lines


def report_json(coverage: Coverage) -> dict[str, Any]:
    """The coverage as ``spec/schema/cli/coverage.schema.json`` describes it."""
    return {
        "bins": [
            {"rule": b.rule, "bin": b.name, "cases": len(coverage.hits[b.id])}
            for b in coverage.bins
        ],
        "rules": {
            rule: {"hit": hit, "bins": total} for rule, (hit, total) in coverage.by_rule().items()
        },
        "hit": len(coverage.bins) - len(coverage.missed),
        "missed": len(coverage.missed),
    }
