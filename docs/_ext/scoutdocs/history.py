"""The ``rule-history`` directive: what each spec version added, changed and retired.

The registry is the record (each rule's ``since`` and ``changed``); this page lists it by
version, newest first. Every version it names must have a section in ``CHANGELOG.md`` at the
repository root, so the prose release notes cannot skip a version the registry knows.
"""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from scout_ref.rulebook.registry import Rule, Status, rules
from scoutdocs.links import ROOT
from scoutdocs.rules import rule_ref, rule_text

CHANGELOG: Path = ROOT / "CHANGELOG.md"
VERSION_HEADING = re.compile(r"^## \[?(\d+\.\d+\.\d+)\]?", re.MULTILINE)


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(x) for x in version.split("."))


def _refs(found: list[Rule]) -> nodes.paragraph:
    para = nodes.paragraph()
    for k, rule in enumerate(found):
        if k:
            para += nodes.Text(", ")
        para += rule_ref(rule.id)
    return para


def _version_section(version: str) -> nodes.section:
    """Added, changed and retired rules of one version."""
    section = nodes.section(ids=[f"version-{version.replace('.', '-')}"])
    section += nodes.title(f"Version {version}", f"Version {version}")
    added = [r for r in rules().values() if r.since == version]
    if added:
        section += nodes.paragraph("", f"Added ({len(added)} rules):")
        section += _refs(added)
    changes = nodes.bullet_list()
    for rule in rules().values():
        for change in rule.changed:
            if change.version == version:
                item = nodes.paragraph()
                item += rule_ref(rule.id)
                last = change is rule.changed[-1]
                kind = "retired" if rule.status is Status.RETIRED and last else "changed"
                item += nodes.Text(f" {kind}: ")
                item += rule_text(change.what)
                changes += nodes.list_item("", item)
    if changes.children:
        section += nodes.paragraph("", "Changed and retired:")
        section += changes
    return section


class RuleHistoryDirective(SphinxDirective):
    """``.. rule-history::``: one section per spec version named in the registry."""

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(CHANGELOG))
        versions = {r.since for r in rules().values()}
        versions |= {c.version for r in rules().values() for c in r.changed}
        noted = set(VERSION_HEADING.findall(CHANGELOG.read_text(encoding="utf-8")))
        missing = sorted(versions - noted, key=_key)
        if missing:
            raise self.error(f"CHANGELOG.md has no section for version {', '.join(missing)}")
        return [_version_section(v) for v in sorted(versions, key=_key, reverse=True)]
