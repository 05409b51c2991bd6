"""What is settled only after every page is read: example links, glossary links, coverage."""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from scout_ref.rulebook.registry import Status, rules
from scoutdocs import links
from scoutdocs.i18n import _
from scoutdocs.rules import anchor_uri, example_list, scout_domain

logger = logging.getLogger(__name__)

# Phrases where a glossary word is used in its everyday sense: (term, text before, text after).
NOT_TERMS = (("set", "", " aside"), ("set", "", "-aside"), ("turn", "in ", ""))


class ExampleLinks(SphinxPostTransform):
    """Fill each rule's "Examples" field with links to every example that cites the rule."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        examples = scout_domain(self.env).examples
        for placeholder in list(self.document.findall(example_list)):
            # the examples on this page first, then those elsewhere (the FAQ, the quick start)
            entries = examples.get(placeholder["rule"], [])
            found = [e for e in entries if e[0] == self.env.docname]
            found += [e for e in entries if e[0] != self.env.docname]
            out: list[nodes.Node] = []
            for k, (docname, anchor, title) in enumerate(found):
                if k:
                    out.append(nodes.Text("; "))
                uri = anchor_uri(self.app.builder, self.env.docname, docname, anchor)
                ref = nodes.reference("", title, internal=True, refuri=uri)
                out.append(ref)
            none = str(_("none yet"))
            placeholder.replace_self(out or [nodes.emphasis(none, none)])


class GlossaryLinks(SphinxPostTransform):
    """Link the first use of each glossary term in a rule statement to its definition."""

    default_priority = 5  # before the reference resolver (priority 10) resolves the links

    def run(self, **kwargs: Any) -> None:
        std = self.env.domains.standard_domain
        terms = {name.lower(): name for name, _, typ, *_ in std.get_objects() if typ == "term"}
        if not terms:
            return
        words = "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True))
        pattern = re.compile(rf"(?<![\w-])({words})(?:s|es)?(?![\w-])", re.IGNORECASE)
        for para in self.document.findall(nodes.paragraph):
            if "scout-rule-statement" in para["classes"]:
                used: set[str] = set()
                for text in [c for c in para.children if isinstance(c, nodes.Text)]:
                    text.parent.replace(text, self._split(str(text), pattern, terms, used))

    @staticmethod
    def _is_everyday(term: str, before: str, after: str) -> bool:
        return any(
            term == t and before.endswith(b) and after.startswith(a) for t, b, a in NOT_TERMS
        )

    def _split(
        self, text: str, pattern: re.Pattern[str], terms: dict[str, str], used: set[str]
    ) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        pos = 0
        for m in pattern.finditer(text):
            term = m.group(1).lower()
            if term in used or self._is_everyday(term, text[: m.start()], text[m.end() :]):
                continue
            used.add(term)
            out.append(nodes.Text(text[pos : m.start()]))
            ref = addnodes.pending_xref(
                "", refdomain="std", reftype="term", reftarget=terms[term], refexplicit=True
            )
            ref["refdoc"] = self.env.docname
            ref += nodes.inline(m.group(), m.group(), classes=["xref", "std", "std-term"])
            out.append(ref)
            pos = m.end()
        out.append(nodes.Text(text[pos:]))
        return out


def check_coverage(app: Any, env: Any) -> None:
    """Warn (an error under ``-W``) for a rule not rendered or without a worked example."""
    domain = scout_domain(env)
    for rule in rules().values():
        if rule.status is Status.RETIRED:
            continue
        if rule.id not in domain.rule_pages:
            logger.warning("rule %s is in spec/rules.json but not in the rulebook", rule.id)
        elif not domain.examples.get(rule.id):
            location = (domain.rule_pages[rule.id], None)
            logger.warning("rule %s has no worked example", rule.id, location=location)


def outdated(
    app: Any, env: Any, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Re-read every page when the engine, tests or spec changed: the lists are generated."""
    fingerprint = links.fingerprint()
    if getattr(env, "scoutdocs_fingerprint", None) == fingerprint:
        return []
    env.scoutdocs_fingerprint = fingerprint
    return sorted(env.found_docs)
