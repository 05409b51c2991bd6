"""Each edition's game vocabulary (issue 23): ``docs/locales/<lang>/terms.json``.

The file names one term per concept, the texts it comes from and the alternatives it rejects
(schema: ``docs/locales/terms.schema.json``). :func:`term_findings` checks it against the
edition: every chosen term occurs in the edition's translations (one of its ``match``
patterns, case-insensitive) and no rejected one does, ignoring text in quotation marks, where
the reconciliation quotes a source in its own words. ``.. glossary-terms::`` draws the table:
every edition side by side in English, an edition's own terms with notes and rejected
alternatives in that edition.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from docutils import nodes
from jsonschema import Draft202012Validator
from sphinx.util.docutils import SphinxDirective

from scout_ref.rulebook import texts as rule_texts
from scoutdocs.i18n import LOCALES, _, language

SCHEMA = LOCALES / "terms.schema.json"
QUOTED = re.compile('«[^»]*»|„[^“”"]*[“”"]|“[^”]*”|"[^"]*"|\u2018[^\u2019]*\u2019')
"""Text in quotation marks: « », „ “ (or „ "), “ ”, " " and single curly quotes."""


def terms_file(lang: str, locales: Path = LOCALES) -> Path:
    return locales / lang / "terms.json"


def load_terms(lang: str, locales: Path = LOCALES) -> dict[str, Any] | None:
    """An edition's terms, or None if it has no file yet (a malformed file raises)."""
    path = terms_file(lang, locales)
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def edition_text(lang: str, locales: Path, registry: Path) -> str:
    """Every translation of an edition (pages, extension, registry, explain's words), quotations
    removed."""
    paths = sorted((locales / lang / "LC_MESSAGES").rglob("*.po"))
    paths += [registry / lang / "rules.po", registry / lang / "explain.po"]
    chunks = []
    for path in paths:
        if path.is_file():
            with path.open("rb") as f:
                for m in read_po(f):
                    strings = m.string if isinstance(m.string, tuple | list) else [m.string]
                    chunks += [s for s in strings if m.id and isinstance(s, str)]
    return QUOTED.sub(" ", "\n".join(chunks))


def _compiled(patterns: list[str], where: str) -> tuple[list[re.Pattern[str]], list[str]]:
    out, problems = [], []
    for pattern in patterns:
        try:
            out.append(re.compile(pattern, re.IGNORECASE))
        except re.error as exc:
            problems.append(f"{where}: the pattern {pattern!r} is not a regular expression: {exc}")
    return out, problems


def term_findings(lang: str, locales: Path = LOCALES, registry: Path | None = None) -> list[str]:
    """What is wrong with an edition's terms: the file, its schema, its use in the text."""
    where = f"docs/locales/{lang}/terms.json"
    try:
        data = load_terms(lang, locales)
    except (OSError, ValueError) as exc:
        return [f"{where}: not readable JSON: {exc}"]
    if data is None:
        return [f"{where}: missing: the edition's game vocabulary (schema {SCHEMA.name})"]
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        return [
            f"{where}: {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
            for e in errors
        ]
    out = []
    if data["language"] != lang:
        out.append(f"{where}: 'language' is {data['language']!r}, not {lang!r}")
    text = edition_text(lang, locales, registry or rule_texts.locales_dir())
    for entry in data["terms"]:
        chosen, problems = _compiled(entry["match"], f"{where}: {entry['term']!r}")
        out += problems
        if chosen and not any(p.search(text) for p in chosen):
            out.append(
                f"{where}: the term {entry['term']!r} ({entry['concept']}) occurs nowhere in the "
                f"{lang} translations (match: {entry['match']})"
            )
        for rejected in entry.get("rejected", []):
            patterns, problems = _compiled(rejected["match"], f"{where}: {rejected['term']!r}")
            out += problems
            for pattern in patterns:
                m = pattern.search(text)
                if m:
                    start = max(0, m.start() - 30)
                    context = " ".join(text[start : m.end() + 30].split())
                    out.append(
                        f"{where}: the rejected term {rejected['term']!r} (use "
                        f"{entry['term']!r}) occurs in the {lang} translations: ...{context}..."
                    )
                    break
    return out


def _table(head: list[str], rows: list[list[nodes.Node | str]]) -> nodes.table:
    group = nodes.tgroup(cols=len(head))
    group += [nodes.colspec(colwidth=1) for _col in head]
    thead, tbody = nodes.thead(), nodes.tbody()
    lines: list[tuple[list[nodes.Node | str], nodes.Element]] = [(list(head), thead)]
    lines += [(r, tbody) for r in rows]
    for cells, part in lines:
        row = nodes.row()
        for cell in cells:
            para = nodes.paragraph(translatable=False)
            para += nodes.Text(cell) if isinstance(cell, str) else cell
            row += nodes.entry("", para)
        part.append(row)
    group += thead
    group += tbody
    table = nodes.table(classes=["scout-terms"])
    table += group
    return table


def _all_editions(locales: Path) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for lang, name in rule_texts.editions().items():
        data = load_terms(lang, locales)
        if data is not None:
            yield lang, name, data


class GlossaryTermsDirective(SphinxDirective):
    """``.. glossary-terms::``: the editions' vocabularies (every edition's in English, the
    edition's own, with notes and rejected terms, in an edition)."""

    @property
    def locales(self) -> Path:
        """The first of ``locale_dirs``, where the catalogs and ``terms.json`` files are."""
        return Path(self.env.srcdir, self.config.locale_dirs[0])

    def run(self) -> list[nodes.Node]:
        for lang in rule_texts.editions():
            self.env.note_dependency(str(terms_file(lang, self.locales)))
        heading = str(_("The game's words in each edition"))
        out: list[nodes.Node] = [nodes.rubric(heading, heading, translatable=False)]
        lang = language(self.env)
        if lang == rule_texts.SOURCE:
            return [*out, self._side_by_side()]
        data = load_terms(lang, self.locales)
        if data is None:
            text = str(_("This edition has not chosen its terms yet."))
            return [*out, nodes.paragraph(text, text, translatable=False)]
        return [*out, self._edition(data)]

    def _side_by_side(self) -> nodes.Node:
        found = list(_all_editions(self.locales))
        if not found:
            text = str(_("No edition has chosen its terms yet."))
            return nodes.paragraph(text, text, translatable=False)
        concepts: dict[str, dict[str, str]] = {}
        english: dict[str, str] = {}
        for lang, _name, data in found:
            for entry in data["terms"]:
                english.setdefault(entry["concept"], entry["en"])
                concepts.setdefault(entry["concept"], {})[lang] = entry["term"]
        head = [str(_("Concept")), rule_texts.source_name(), *(name for _l, name, _d in found)]
        rows: list[list[nodes.Node | str]] = [
            [concept, english[concept], *(terms.get(lang, "") for lang, _n, _d in found)]
            for concept, terms in concepts.items()
        ]
        return _table(head, rows)

    def _edition(self, data: dict[str, Any]) -> nodes.Node:
        head = [str(h) for h in (_("English"), _("Term"), _("Source"), _("Rejected"), _("Note"))]
        rows: list[list[nodes.Node | str]] = []
        for entry in data["terms"]:
            rejected = "; ".join(f"{r['term']}: {r['why']}" for r in entry.get("rejected", []))
            term = nodes.strong(entry["term"], entry["term"])
            rows.append([entry["en"], term, entry["source"], rejected, entry.get("note", "")])
        return _table(head, rows)
