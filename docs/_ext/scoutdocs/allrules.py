"""The page of all rules (``rules.html``): every rule's ID, scope and full text, printable.

This is the page a player settles a dispute from, so it carries each rule's statement, not
only its title, and prints as one document (``make docs-pdf``). Each entry is anchored at the
rule's ID and its ID links to the rule in its chapter, where the examples are.
"""

from __future__ import annotations

from collections.abc import Iterable

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from scout_ref.registry import Rule, Status, rules
from scoutdocs.rules import chapters, display_numbers, rule_ref, rule_text


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
        return f"{found[0]} players"
    if found == list(range(found[0], found[-1] + 1)):
        return f"{found[0]} to {found[-1]} players"
    return ", ".join(map(str, found[:-1])) + f" and {found[-1]} players"


def rule_entry(rule: Rule, number: str) -> nodes.list_item:
    """One rule: its ID (a link to its chapter), number, title, status, scope, then its text."""
    item = nodes.list_item(ids=[rule.id], classes=["scout-index-rule"])
    head = nodes.paragraph(classes=["scout-index-head"])
    head += rule_ref(rule.id)
    head += nodes.Text(f" {number} ")
    head += nodes.strong(rule.title, rule.title)
    if rule.status is not Status.NORMATIVE:
        head += nodes.Text(" ")
        head += nodes.inline(rule.status.value, rule.status.value, classes=["scout-status"])
    scope = scope_label(rule)
    if scope:
        head += nodes.Text(" ")
        head += nodes.inline(scope, scope, classes=["scout-scope"])
    item += head
    text = nodes.paragraph(classes=["scout-index-text"])
    text += rule_text(rule.statement)
    item += text
    return item


class RuleIndexDirective(SphinxDirective):
    """``.. rule-index::``: every rule by chapter with its text, each entry anchored at its ID."""

    def run(self) -> list[nodes.Node]:
        numbers = display_numbers()
        out: list[nodes.Node] = []
        for number, _, area, title in chapters():
            section = nodes.section(ids=[f"chapter-{area.lower()}"])
            heading = f"{number}. {title}"
            section += nodes.title(heading, heading)
            items = nodes.bullet_list(classes=["scout-rule-index"])
            for rule in rules().values():
                if rule.area == area:
                    items += rule_entry(rule, numbers[rule.id])
            section += items
            self.set_source_info(section)
            out.append(section)
        return out
