"""Rules as Sphinx objects: the ``scout`` domain, the ``:rule:`` role and the rule directives.

Every rule's anchor is its permanent ID (``rulebook/08-show.html#SC-SHOW-03``) and the index page
``rules.html`` carries the same anchors, so links never change when text moves. The statement,
title and status come from ``spec/rules.json``; the enforcing code, tests and vectors come from
:mod:`scoutdocs.links`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Set
from html import escape
from typing import Any, ClassVar, cast

from docutils import nodes
from sphinx import addnodes
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from scout_ref.rulebook.registry import RULE_ID, Kind, Rule, Status, rules, spec_dir
from scoutdocs import links
from scoutdocs.i18n import _, fill, rule_statement, rule_title, untranslatable

logger = logging.getLogger(__name__)

CHAPTERS_FILE_FORMAT = "rulebook/{number:02d}-{stem}"
LISTED_PER_FILE = 12  # tests or vectors named per file under a rule; the rest are counted


class example_list(nodes.General, nodes.Element):
    """Placeholder for the links to a rule's worked examples, filled in once all are read."""


class folded(nodes.General, nodes.Element):
    """A block shown closed (HTML ``<details>``) under its one-line ``summary``."""


def visit_folded(translator: Any, node: folded) -> None:
    summary = escape(node["summary"])
    translator.body.append(f'<details class="scout-folded"><summary>{summary}</summary>')


def depart_folded(translator: Any, node: folded) -> None:
    translator.body.append("</details>")


def chapters() -> list[tuple[int, str, str, str]]:
    """(number, stem, area, title) of every chapter, in rulebook order."""
    data = json.loads((spec_dir() / "rules.json").read_text(encoding="utf-8"))
    return [(k, ch["stem"], ch["area"], ch["title"]) for k, ch in enumerate(data["chapters"], 1)]


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
        title = f"{target}: {rule_title(env, rules()[target])}"
        ref = make_refnode(builder, fromdocname, page, target, contnode, title)
        ref["refuri"] = anchor_uri(builder, fromdocname, page, target)
        return ref

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
            title = rule_title(self.env, rules()[rule_id])
            yield rule_id, f"{rule_id} {title}", "rule", page, rule_id, 0


def anchor_uri(builder: Any, fromdocname: str, docname: str, anchor: str) -> str:
    """The link from one page to an anchor on another; in a single-page build, the anchor."""
    uri = str(builder.get_relative_uri(fromdocname, docname))
    return f"#{anchor}" if uri.startswith("#") else f"{uri}#{anchor}"


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
            para += nodes.Text(" ")
            para += nodes.Text(
                str(_("and {count} more")).format(count=len(names) - LISTED_PER_FILE)
            )
        lines += nodes.list_item("", para)
    return lines


def _enforced_by(rule_id: str, chapter_stems: set[str]) -> nodes.paragraph:
    para = nodes.paragraph(classes=["scout-listing"])
    found = links.enforcers().get(rule_id, ())
    if not found:
        informative = rules()[rule_id].status is Status.INFORMATIVE
        text = str(
            _("nothing: it binds no engine") if informative else _("no function is marked yet")
        )
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


def rule_section(env: Any, rule: Rule, number: str) -> nodes.section:
    """One rule as a reader at the table wants it: number and title, ID and status, statement.

    The examples follow (the rules directive places them) and then :func:`implementers`. The ID
    and the title go into the general index, so the index page finds a rule either way.
    """
    section = nodes.section(ids=[rule.id], classes=["scout-rule", f"scout-{rule.status.value}"])
    title = rule_title(env, rule)
    section += nodes.title(f"{number} {title}", f"{number} {title}")
    section += addnodes.index(
        entries=[
            ("single", f"{rule.id} ({title})", rule.id, "", None),
            ("single", f"{title} ({rule.id})", rule.id, "", None),
        ]
    )
    badge = nodes.paragraph(classes=["scout-rule-badge"])
    badge += nodes.literal(rule.id, rule.id, classes=["scout-rule-id"])
    badge += nodes.Text(" ")
    status = status_label(rule)
    badge += nodes.inline(status, status, classes=["scout-status"])
    badge += nodes.Text(" ")
    kind = kind_label(rule)
    badge += nodes.inline(kind, kind, classes=["scout-kind", f"scout-kind-{rule.kind.value}"])
    badge += nodes.Text(" ")
    from scoutdocs.allrules import scope_label  # noqa: PLC0415 - allrules imports this module

    scope = scope_label(rule)
    badge += nodes.inline(scope, scope, classes=["scout-scope"])
    badge += nodes.Text(" ")
    if rule.changed:
        versions = ", ".join(c.version for c in rule.changed)
        history = str(_("since {since}, changed in {versions}")).format(
            since=rule.since, versions=versions
        )
    else:
        history = str(_("since {since}")).format(since=rule.since)
    badge += nodes.inline("", history, classes=["scout-since"])
    section += badge
    statement = nodes.paragraph(classes=["scout-rule-statement"])
    statement += rule_text(rule_statement(env, rule))
    section += statement
    return cast(nodes.section, untranslatable(section))


STATUS_LABELS = {
    Status.NORMATIVE: _("normative"),
    Status.INFORMATIVE: _("informative"),
    Status.VARIANT: _("variant"),
    Status.RETIRED: _("retired"),
}


def status_label(rule: Rule) -> str:
    """A rule's status as the edition says it (the registry's word in English)."""
    return str(STATUS_LABELS[rule.status])


KIND_LABELS = {
    Kind.PLAY: _("rule of play"),
    Kind.MODEL: _("model convention"),
}


def kind_label(rule: Rule) -> str:
    """Whether a rule is one of the game or a convention of the model, as the edition says it."""
    return str(KIND_LABELS[rule.kind])


def implementers(rule: Rule, stems: set[str]) -> folded:
    """What backs a rule in code, tests and vectors, folded away under the rule's examples."""
    fields = nodes.field_list(classes=["scout-rule-fields"])
    fields += _field(str(_("Enforced by")), _enforced_by(rule.id, stems))
    node_ids = (t.partition("::") for t in links.tests().get(rule.id, ()))
    tested = _grouped((where, name) for where, _sep, name in node_ids)
    none_tested = str(_("no test is marked with this rule yet"))
    fields += _field(str(_("Tested by")), _listing(tested, none_tested))
    vectors = links.vectors().get(rule.id, {})
    cases = {where: list(ids) for where, ids in vectors.items()}
    fields += _field(str(_("Vectors")), _listing(cases, str(_("no vector yet"))))
    bins = links.coverage().get(rule.id, [])
    if bins:
        fields += _field(str(_("Coverage")), _coverage(bins))
    para = nodes.paragraph()
    para += example_list(rule=rule.id)
    fields += _field(str(_("Examples")), para)
    tests, vector_count = len(links.tests().get(rule.id, ())), sum(map(len, cases.values()))
    hit = sum(1 for _name, n in bins if n)
    if bins:
        summary = _(
            "For implementers: code, {tests} tests, {vectors} vectors, {hit} of {bins} "
            "coverage bins"
        )
    else:
        summary = _("For implementers: code, {tests} tests, {vectors} vectors")
    text = str(summary).format(tests=tests, vectors=vector_count, hit=hit, bins=len(bins))
    box = folded(summary=text)
    box += fields
    return cast(folded, untranslatable(box))


def _coverage(bins: list[tuple[str, int]]) -> nodes.Element:
    """The bins of the coverage model (``spec/coverage.json``): filled of all, then each bin."""
    hit = sum(1 for _name, n in bins if n)
    para = nodes.paragraph(classes=["scout-listing"])
    para += nodes.Text(
        str(_("{hit} of {bins} bins filled by the vectors:")).format(hit=hit, bins=len(bins))
    )
    para += nodes.Text(" ")
    for k, (name, count) in enumerate(bins):
        if k:
            para += nodes.Text("; ")
        text = f"{name} ({count})" if count else str(_("{bin} (missed)")).format(bin=name)
        para += nodes.emphasis(text, text) if not count else nodes.Text(text)
    return para


def _has_example(section: nodes.section) -> bool:
    return any(
        isinstance(c, nodes.Element) and "scout-example" in c["classes"] for c in section.children
    )


def _examples_elsewhere(rule_id: str) -> nodes.paragraph:
    """For a rule whose examples sit under other rules: links to them, before the fold."""
    para = nodes.paragraph(classes=["scout-example-see"])
    label = str(_("Examples:"))
    para += nodes.strong(label, label)
    para += nodes.Text(" ")
    para += example_list(rule=rule_id)
    return cast(nodes.paragraph, untranslatable(para))


def chapter_of(directive: SphinxDirective, area: str) -> tuple[int, str]:
    """The number and stem of the chapter of a rule area, or the directive's error."""
    found = [c for c in chapters() if c[2] == area]
    if not found:
        raise directive.error(f"unknown rule area {area!r}")
    number, stem, _area, _title = found[0]
    return number, stem


class RulesDirective(SphinxDirective):
    """``.. rules:: SHOW``: every rule of a chapter, in registry order, with its examples.

    The content holds the chapter's worked examples; each is placed under the first rule it
    cites, and every rule it cites links to it.
    """

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        area = self.arguments[0]
        number, stem = chapter_of(self, area)
        expected = CHAPTERS_FILE_FORMAT.format(number=number, stem=stem)
        if self.env.current_document.docname != expected:
            raise self.error(f"the rules of {area} belong in {expected}.rst")
        holder = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, holder)
        numbers = display_numbers()
        domain = scout_domain(self.env)
        sections: dict[str, nodes.section] = {}
        for rule in rules().values():
            if rule.area == area:
                sections[rule.id] = rule_section(self.env, rule, numbers[rule.id])
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
        for rule_id, section in sections.items():
            if not _has_example(section):
                section.append(_examples_elsewhere(rule_id))
        return list(sections.values())


class RuleImplementersDirective(SphinxDirective):
    """``.. rule-implementers:: SHOW``: for each rule of a chapter, what backs it in code, tests
    and vectors (:func:`implementers`), on the developers' page ``reference/engine`` (issue 31:
    the player pages carry the rules and their examples only)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        area = self.arguments[0]
        _number, stem = chapter_of(self, area)
        stems = {c[1] for c in chapters()}
        module = addnodes.pending_xref(
            "",
            refdomain="py",
            reftype="mod",
            reftarget=f"scout_ref.engine.{stem}",
            refexplicit=True,
        )
        path = f"scout_ref/engine/{stem}.py"
        module += nodes.literal(path, path)
        intro = nodes.paragraph(translatable=False)
        intro += fill(
            str(
                _(
                    "Enforced in the engine module {module}; under each rule, the folded list "
                    "for implementers names the functions that enforce it and the tests and "
                    "vectors that check it."
                )
            ),
            module=module,
        )
        out: list[nodes.Node] = [intro]
        for rule in rules().values():
            if rule.area != area:
                continue
            head = nodes.paragraph(classes=["scout-implementers-head"], translatable=False)
            head += rule_ref(rule.id)
            title = rule_title(self.env, rule)
            head += nodes.Text(" ")
            head += nodes.strong(title, title)
            out += [head, implementers(rule, stems)]
        return out
