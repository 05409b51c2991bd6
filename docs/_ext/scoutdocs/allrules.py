"""The page of all rules (``rules.html``): every rule's ID, scope and full text, printable.

This is the page a player settles a dispute from, so it carries each rule's statement, not
only its title, and prints as one document (``make docs-pdf``). Each entry is anchored at the
rule's ID and its ID links to the rule in its chapter, where the examples are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, cast

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from scout_ref.rulebook.registry import Kind, Rule, Status, rules
from scoutdocs.i18n import _, chapter_title, rule_statement, rule_title, untranslatable
from scoutdocs.rules import (
    chapters,
    display_numbers,
    kind_label,
    rule_ref,
    rule_text,
    status_label,
)


def scope_label(rule: Rule) -> str:
    """The player counts a rule applies to, as a reader says them ("3 to 5 players").

    They come from the registry's ``players`` key (issue 10); until a registry has it, nothing
    is claimed and the label is empty.
    """
    counts = getattr(rule, "players", None)
    return "" if counts is None else count_label(int(n) for n in counts)


def count_label(counts: Iterable[int]) -> str:
    """``[2]`` -> "2 players", ``[3, 4, 5]`` -> "3 to 5 players", gaps as a list."""
    found = sorted(set(counts))
    if len(found) == 1:
        return str(_("{count} players")).format(count=found[0])
    if found == list(range(found[0], found[-1] + 1)):
        return str(_("{first} to {last} players")).format(first=found[0], last=found[-1])
    listed = ", ".join(map(str, found[:-1]))
    return str(_("{listed} and {last} players")).format(listed=listed, last=found[-1])


def every_count() -> set[int]:
    """Every player count some rule applies to (2 to 5)."""
    return {int(n) for rule in rules().values() for n in getattr(rule, "players", ())}


def rule_entry(env: Any, rule: Rule, number: str) -> nodes.list_item:
    """One rule: its ID (a link to its chapter), number, title, status, scope, then its text."""
    item = nodes.list_item(ids=[rule.id], classes=["scout-index-rule"])
    head = nodes.paragraph(classes=["scout-index-head"])
    head += rule_ref(rule.id)
    head += nodes.Text(" ")
    head += nodes.inline(number, number, classes=["scout-index-number"])
    head += nodes.Text(" ")
    title = rule_title(env, rule)
    head += nodes.strong(title, title)
    if rule.status is not Status.NORMATIVE:
        head += nodes.Text(" ")
        status = status_label(rule)
        head += nodes.inline(status, status, classes=["scout-status"])
    if rule.kind is Kind.MODEL:
        head += nodes.Text(" ")
        kind = kind_label(rule)
        head += nodes.inline(kind, kind, classes=["scout-kind", "scout-kind-model"])
    scope = scope_label(rule)
    if scope:
        head += nodes.Text(" ")
        # a rule for every player count says so on screen; the printed sheet leaves it out
        every = set(getattr(rule, "players", ())) == every_count()
        classes = ["scout-scope", "scout-scope-all"] if every else ["scout-scope"]
        head += nodes.inline(scope, scope, classes=classes)
    item += head
    text = nodes.paragraph(classes=["scout-index-text"])
    text += rule_text(rule_statement(env, rule))
    item += text
    return cast(nodes.list_item, untranslatable(item))


class RuleIndexDirective(SphinxDirective):
    """``.. rule-index::``: every rule by chapter with its text, each entry anchored at its ID.

    ``:kind: play`` (the print view) or ``:kind: model`` (the page of the model's conventions)
    lists only the rules of that kind (issue 31), ``:status: normative`` only the rules of that
    status (the table sheet leaves out the informative rules and the variants), and a chapter
    with none is left out.
    """

    option_spec: ClassVar[dict[str, Any]] = {
        "kind": lambda arg: Kind(arg.strip()),
        "status": lambda arg: Status(arg.strip()),
    }

    def run(self) -> list[nodes.Node]:
        numbers = display_numbers()
        kind = self.options.get("kind")
        status = self.options.get("status")
        out: list[nodes.Node] = []
        for number, stem, area, title in chapters():
            listed = [
                rule
                for rule in rules().values()
                if rule.area == area
                and (kind is None or rule.kind is kind)
                and (status is None or rule.status is status)
            ]
            if not listed:
                continue
            section = nodes.section(ids=[f"chapter-{area.lower()}"])
            heading = f"{number}. {chapter_title(self.env, stem, title)}"
            section += nodes.title(heading, heading, translatable=False)
            items = nodes.bullet_list(classes=["scout-rule-index"])
            for rule in listed:
                items += rule_entry(self.env, rule, numbers[rule.id])
            section += items
            self.set_source_info(section)
            out.append(section)
        return out
