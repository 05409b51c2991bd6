"""Rules as Sphinx objects: the ``scout`` domain, the ``:rule:`` role and the rule directives.

Every rule's anchor is its permanent ID (``rulebook/08-show.html#SC-SHOW-03``) and the index page
``rules.html`` carries the same anchors, so links never change when text moves. The statement,
title and status come from ``spec/rules.json``; the enforcing code, tests and vectors come from
:mod:`scoutdocs.links`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Set
from typing import Any, ClassVar, cast

from docutils import nodes
from sphinx import addnodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from scout_ref.registry import RULE_ID, Rule, Status, rules, spec_dir
from scoutdocs import links

logger = logging.getLogger(__name__)

CHAPTERS_FILE_FORMAT = "rulebook/{number:02d}-{stem}"
LISTED_PER_FILE = 12  # tests or vectors named per file under a rule; the rest are counted


class example_list(nodes.General, nodes.Element):
    """Placeholder for the links to a rule's worked examples, filled in once all are read."""


def chapters() -> list[tuple[int, str, str, str]]:
    """(number, stem, area, title) of every chapter, in rulebook order.

    A chapter's number is its place in the list unless it names one (``"number": 17``).
    """
    data = json.loads((spec_dir() / "rules.json").read_text(encoding="utf-8"))
    return [
        (ch.get("number", k), ch["stem"], ch["area"], ch["title"])
        for k, ch in enumerate(data["chapters"], 1)
    ]


def display_numbers() -> dict[str, str]:
    """Rule ID to its human number ``chapter.position`` (``8.3``); IDs, not these, are cited."""
    number_of_area = {area: k for k, _, area, _ in chapters()}
    seen: dict[str, int] = {}
    out = {}
    for rule in rules().values():
        seen[rule.area] = seen.get(rule.area, 0) + 1
        out[rule.id] = f"{number_of_area[rule.area]}.{seen[rule.area]}"
    return out


def rule_text(text: str) -> list[nodes.Node]:
    """Plain text in which every rule ID becomes a ``:rule:`` reference."""
    out: list[nodes.Node] = []
    pos = 0
    for m in RULE_ID.finditer(text):
        out.append(nodes.Text(text[pos : m.start()]))
        out.append(rule_ref(m.group()))
        pos = m.end()
    out.append(nodes.Text(text[pos:]))
    return out


def scope_text(players: tuple[int, ...]) -> str:
    """A rule's player counts for people: ``2 to 5 players``, ``2 players``.

    >>> scope_text((3, 4, 5))
    '3 to 5 players'
    """
    if len(players) > 1 and players == tuple(range(players[0], players[-1] + 1)):
        return f"{players[0]} to {players[-1]} players"
    return f"{', '.join(map(str, players))} players"


def rule_ref(rule_id: str, title: str | None = None) -> addnodes.pending_xref:
    """A reference to a rule, resolved (or reported as unknown) by the ``scout`` domain."""
    ref = addnodes.pending_xref(
        "", refdomain="scout", reftype="rule", reftarget=rule_id, refexplicit=title is not None
    )
    ref["refwarn"] = True
    ref += nodes.literal(title or rule_id, title or rule_id, classes=["xref", "scout-rule"])
    return ref


class RuleRole(XRefRole):
    """``:rule:`SC-SHOW-03``` anywhere in the docs, without a domain prefix."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        self.refdomain, self.reftype = "scout", "rule"
        self.classes = ["xref", "scout-rule"]
        return self.create_xref_node()


class ScoutDomain(Domain):
    """Rules and worked examples, with their pages and anchors."""

    name = "scout"
    label = "SCOUT"
    object_types: ClassVar[dict[str, ObjType]] = {"rule": ObjType("rule", "rule")}
    roles: ClassVar[dict[str, Any]] = {"rule": RuleRole(warn_dangling=True)}
    initial_data: ClassVar[dict[str, Any]] = {"rules": {}, "examples": {}}
    dangling_warnings: ClassVar[dict[str, str]] = {
        "rule": "unknown rule ID %(target)s: not in spec/rules.json, or not rendered by a rules "
        "directive"
    }

    @property
    def rule_pages(self) -> dict[str, str]:
        """Rule ID to the document that renders it."""
        pages: dict[str, str] = self.data.setdefault("rules", {})
        return pages

    @property
    def examples(self) -> dict[str, list[tuple[str, str, str]]]:
        """Rule ID to its worked examples as (document, anchor, title)."""
        examples: dict[str, list[tuple[str, str, str]]] = self.data.setdefault("examples", {})
        return examples

    def note_rule(self, rule_id: str, node: nodes.Node) -> None:
        if rule_id in self.rule_pages:
            where = self.rule_pages[rule_id]
            logger.warning("rule %s is rendered twice (also in %s)", rule_id, where, location=node)
        self.rule_pages[rule_id] = self.env.current_document.docname

    def note_example(self, rule_ids: Iterable[str], anchor: str, title: str) -> None:
        for rule_id in rule_ids:
            entry = (self.env.current_document.docname, anchor, title)
            self.examples.setdefault(rule_id, []).append(entry)

    def clear_doc(self, docname: str) -> None:
        for rule_id, page in list(self.rule_pages.items()):
            if page == docname:
                del self.rule_pages[rule_id]
        for rule_id, entries in self.examples.items():
            self.examples[rule_id] = [e for e in entries if e[0] != docname]

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for rule_id, page in otherdata["rules"].items():
            if page in docnames:
                self.rule_pages[rule_id] = page
        for rule_id, entries in otherdata["examples"].items():
            mine = self.examples.setdefault(rule_id, [])
            mine += [e for e in entries if e[0] in docnames]

    def resolve_xref(  # noqa: PLR0917 - Sphinx's signature
        self,
        env: Any,
        fromdocname: str,
        builder: Any,
        typ: str,
        target: str,
        node: addnodes.pending_xref,
        contnode: nodes.Element,
    ) -> nodes.reference | None:
        page = self.rule_pages.get(target)
        if page is None:
            return None
        title = f"{target}: {rules()[target].title}"
        return make_refnode(builder, fromdocname, page, target, contnode, title)

    def resolve_any_xref(  # noqa: PLR0917 - Sphinx's signature
        self,
        env: Any,
        fromdocname: str,
        builder: Any,
        target: str,
        node: addnodes.pending_xref,
        contnode: nodes.Element,
    ) -> list[tuple[str, nodes.reference]]:
        ref = self.resolve_xref(env, fromdocname, builder, "rule", target, node, contnode)
        return [] if ref is None else [("scout:rule", ref)]

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for rule_id, page in self.rule_pages.items():
            yield rule_id, f"{rule_id} {rules()[rule_id].title}", "rule", page, rule_id, 0


def scout_domain(env: Any) -> ScoutDomain:
    """The ``scout`` domain of a build environment."""
    return cast(ScoutDomain, env.domains["scout"])


def _grouped(entries: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """{file: [names]} from (file, name) pairs, in first-seen order."""
    out: dict[str, list[str]] = {}
    for where, name in entries:
        out.setdefault(where, []).append(name)
    return out


def _listing(groups: dict[str, list[str]], none: str) -> nodes.Element:
    """One line per file, ``file: a, b``, as literals; or a plain remark when empty."""
    if not groups:
        para = nodes.paragraph(classes=["scout-listing"])
        para += nodes.emphasis(none, none)
        return para
    lines = nodes.bullet_list(classes=["scout-listing"])
    for where, names in groups.items():
        para = nodes.paragraph()
        para += nodes.literal(where, where)
        para += nodes.Text(": ")
        for n, name in enumerate(names[:LISTED_PER_FILE]):
            if n:
                para += nodes.Text(", ")
            para += nodes.literal(name, name)
        if len(names) > LISTED_PER_FILE:
            para += nodes.Text(f" and {len(names) - LISTED_PER_FILE} more")
        lines += nodes.list_item("", para)
    return lines


def _enforced_by(rule_id: str, chapter_stems: set[str]) -> nodes.paragraph:
    para = nodes.paragraph(classes=["scout-listing"])
    found = links.enforcers().get(rule_id, ())
    if not found:
        informative = rules()[rule_id].status is Status.INFORMATIVE
        text = "nothing: it binds no engine" if informative else "no function is marked yet"
        para += nodes.emphasis(text, text)
        return para
    for k, entry in enumerate(found):
        if k:
            para += nodes.Text(", ")
        documented = entry.exported or entry.module.rsplit(".", 1)[-1] in chapter_stems
        label = entry.target.removeprefix("scout_ref.") + "()"
        if not documented:
            para += nodes.literal(label, label)
            continue
        ref = addnodes.pending_xref(
            "",
            refdomain="py",
            reftype="meth" if entry.is_method else "func",
            reftarget=entry.target,
            refexplicit=True,
        )
        ref += nodes.literal(label, label, classes=["xref", "py"])
        para += ref
    return para


def _field(name: str, body: nodes.Element) -> nodes.field:
    field = nodes.field()
    field += nodes.field_name(name, name)
    field += nodes.field_body("", body)
    return field


def rule_section(rule: Rule, number: str, stems: set[str]) -> nodes.section:
    """One rule: anchor, number and title, ID and status, statement, and what backs it."""
    section = nodes.section(ids=[rule.id], classes=["scout-rule", f"scout-{rule.status.value}"])
    section += nodes.title(f"{number} {rule.title}", f"{number} {rule.title}")
    badge = nodes.paragraph(classes=["scout-rule-badge"])
    badge += nodes.literal(rule.id, rule.id, classes=["scout-rule-id"])
    badge += nodes.Text(" ")
    badge += nodes.inline(rule.status.value, rule.status.value, classes=["scout-status"])
    badge += nodes.Text(" ")
    scope = scope_text(rule.players)
    badge += nodes.inline(scope, scope, classes=["scout-scope"])
    section += badge
    statement = nodes.paragraph(classes=["scout-rule-statement"])
    statement += rule_text(rule.statement)
    section += statement
    fields = nodes.field_list(classes=["scout-rule-fields"])
    fields += _field("Enforced by", _enforced_by(rule.id, stems))
    node_ids = (t.partition("::") for t in links.tests().get(rule.id, ()))
    tested = _grouped((where, name) for where, _, name in node_ids)
    fields += _field("Tested by", _listing(tested, "no test is marked with this rule yet"))
    vectors = links.vectors().get(rule.id, {})
    cases = {where: list(ids) for where, ids in vectors.items()}
    fields += _field("Vectors", _listing(cases, "no vector yet"))
    para = nodes.paragraph()
    para += example_list(rule=rule.id)
    fields += _field("Examples", para)
    section += fields
    return section


class RulesDirective(SphinxDirective):
    """``.. rules:: SHOW``: every rule of a chapter, in registry order, with its examples.

    The content holds the chapter's worked examples; each is placed under the first rule it
    cites, and every rule it cites links to it.
    """

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        area = self.arguments[0]
        found = [c for c in chapters() if c[2] == area]
        if not found:
            raise self.error(f"unknown rule area {area!r}")
        number, stem, _, _ = found[0]
        expected = CHAPTERS_FILE_FORMAT.format(number=number, stem=stem)
        if self.env.current_document.docname != expected:
            raise self.error(f"the rules of {area} belong in {expected}.rst")
        holder = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, holder)
        numbers = display_numbers()
        stems = {c[1] for c in chapters()}
        domain = scout_domain(self.env)
        sections: dict[str, nodes.section] = {}
        intro = nodes.paragraph()
        intro += nodes.Text("Enforced in the engine module ")
        module = addnodes.pending_xref(
            "", refdomain="py", reftype="mod", reftarget=f"scout_ref.{stem}", refexplicit=True
        )
        module += nodes.literal(f"scout_ref/{stem}.py", f"scout_ref/{stem}.py")
        intro += module
        intro += nodes.Text("; each rule below names the functions that enforce it.")
        for rule in rules().values():
            if rule.area == area:
                sections[rule.id] = rule_section(rule, numbers[rule.id], stems)
                self.set_source_info(sections[rule.id])
                domain.note_rule(rule.id, sections[rule.id])
        first = next(iter(sections.values()))
        for child in holder.children:
            if isinstance(child, nodes.system_message):
                first += child  # an example that failed: keep its error message visible
                continue
            home = child.get("home-rule") if isinstance(child, nodes.Element) else None
            if home not in sections:
                raise self.error(
                    f"content of a rules directive must be examples whose first rule is in {area}"
                )
            sections[home] += child
        return [intro, *sections.values()]


class RuleIndexDirective(SphinxDirective):
    """``.. rule-index::``: every rule by chapter, each row anchored at its ID."""

    def run(self) -> list[nodes.Node]:
        numbers = display_numbers()
        out: list[nodes.Node] = []
        for number, _, area, title in chapters():
            section = nodes.section(ids=[f"chapter-{area.lower()}"])
            heading = f"{number}. {title}"
            section += nodes.title(heading, heading)
            items = nodes.bullet_list(classes=["scout-rule-index"])
            for rule in rules().values():
                if rule.area != area:
                    continue
                item = nodes.list_item(ids=[rule.id])
                para = nodes.paragraph()
                para += rule_ref(rule.id)
                para += nodes.Text(f" {numbers[rule.id]} {rule.title}")
                if rule.status is not Status.NORMATIVE:
                    para += nodes.Text(" ")
                    para += nodes.inline(
                        rule.status.value, rule.status.value, classes=["scout-status"]
                    )
                item += para
                items += item
            section += items
            self.set_source_info(section)
            out.append(section)
        return out
