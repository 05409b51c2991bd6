"""The editions' catalog checks (issue 23), run by ``make docs-check`` and the tests.

A finding is one line naming the file and the message. Four kinds:

* **incomplete**: a message that is untranslated, fuzzy (its English changed since it was
  translated) or obsolete (kept from an English that is gone), in any edition's page catalogs,
  ``scoutdocs.po``, ``spec/locales/<lang>/rules.po`` or ``explain.po``; or a translation
  whose ``{name}`` placeholders (each plural form's, for a counted message) differ from
  the English's, or whose ``:ex:`...``` numbers (:mod:`scoutdocs.prose`) are not exactly the
  English's; or a page's translation that reStructuredText reads
  as another kind of block than its English (``2. runda ...`` is a numbered list, ``(i) ...``
  too): Sphinx drops such a translation without a warning and prints the English;
* **stale**: a catalog whose messages are not those of the English now, compared message by
  message with the messages an English build collected (:mod:`scoutdocs.messages`, the
  ``--messages`` files ``make docs-check`` writes) or with page templates made afresh
  (:func:`scoutdocs.catalogs.page_templates`), so an English edit nobody carried into the
  catalogs is named with its page;
* **missing**: a translated page without a catalog in some edition;
* **terms**: ``docs/locales/<lang>/terms.json`` against its schema and the edition's text
  (:mod:`scoutdocs.terms`).

``python -m scoutdocs.catalog_check`` prints the findings and exits 1 if there are any.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from scout_ref.rulebook import phrases
from scout_ref.rulebook import texts as rule_texts
from scoutdocs.catalogs import (
    explain_template,
    extension_template,
    page_templates,
    registry_template,
)
from scoutdocs.i18n import DOMAIN, LOCALES
from scoutdocs.prose import ROLE
from scoutdocs.terms import term_findings

PLACEHOLDER = re.compile(r"\{[a-z_]+\}|%\([a-z_]+\)s")  # the theme's words are %-formatted
# A translation that starts like this may parse as a list, a field, a quote or a directive
# instead of a paragraph; only these are parsed (parsing every message costs seconds).
BLOCK_START = re.compile(r"\s*([0-9#(|>:*+\-\u2022]|[A-Za-z]{1,4}[.)]\s|\.\.\s)")
QUOTED_LIMIT = 70  # characters of a message quoted in a finding


def _short(text: str) -> str:
    one_line = " ".join(text.split())
    cut = one_line if len(one_line) <= QUOTED_LIMIT else one_line[: QUOTED_LIMIT - 3] + "..."
    return repr(cut)


def read_catalog(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _where(path: Path) -> str:
    root = LOCALES.parent.parent
    return str(path.relative_to(root)) if path.is_relative_to(root) else str(path)


def _blocks(text: str) -> list[str]:
    """The kinds of block reStructuredText makes of ``text`` (roles need not be known)."""
    from docutils import nodes  # noqa: PLC0415 - only for the few messages that need it
    from docutils.core import publish_doctree  # noqa: PLC0415

    settings = {"report_level": 5, "halt_level": 5, "warning_stream": False}
    doctree = publish_doctree(text, settings_overrides=settings)
    return [type(n).__name__ for n in doctree.children if not isinstance(n, nodes.system_message)]


def reshaped(text: str, translation: str) -> bool:
    """Whether the translation of a page's message parses as other blocks than the English."""
    if not (BLOCK_START.match(text) or BLOCK_START.match(translation)):
        return False
    return _blocks(text) != _blocks(translation)


def incomplete(path: Path, lang: str, page: bool = False) -> Iterator[str]:
    """Untranslated, fuzzy and obsolete messages of one catalog, and broken placeholders; for
    a ``page`` catalog also translations that parse as other blocks than the English."""
    catalog = read_catalog(path, lang)
    where = _where(path)
    for message in catalog:
        if not message.id:
            continue
        if not isinstance(message.id, str):
            yield from _incomplete_plural(where, catalog, message)
            continue
        text = str(message.id)
        translation = message.string if isinstance(message.string, str) else ""
        if not translation:
            yield f"{where}: untranslated: {_short(text)}"
        elif message.fuzzy:
            yield f"{where}: fuzzy (the English changed; check and unmark): {_short(text)}"
        elif sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(translation)):
            yield f"{where}: the placeholders {{...}} differ from the English: {_short(text)}"
        elif sorted(ROLE.findall(text)) != sorted(ROLE.findall(translation)):
            yield f"{where}: the engine's numbers :ex:`...` differ from the English: {_short(text)}"
        elif page and reshaped(text, translation):
            yield (
                f"{where}: reshaped (reads as a list or other block, so Sphinx would print the "
                f"English; reword its start): {_short(translation)}"
            )
    for message in catalog.obsolete.values():
        yield f"{where}: obsolete (no longer in the English; delete it): {_short(str(message.id))}"


def _incomplete_plural(where: str, catalog: Catalog, message: Message) -> Iterator[str]:
    """A counted message: every plural form translated, each with the English's placeholders."""
    text = str(message.id[1])
    forms = list(message.string) if isinstance(message.string, tuple | list) else []
    if len(forms) != catalog.num_plurals or not all(forms):
        yield f"{where}: untranslated (a plural form): {_short(text)}"
    elif message.fuzzy:
        yield f"{where}: fuzzy (the English changed; check and unmark): {_short(text)}"
    elif any(sorted(PLACEHOLDER.findall(f)) != sorted(PLACEHOLDER.findall(text)) for f in forms):
        yield f"{where}: the placeholders {{...}} differ from the English: {_short(text)}"


def _keys(catalog: Catalog) -> set[tuple[str, str | None]]:
    return {(str(m.id), m.context) for m in catalog if m.id}


def stale(path: Path, template: Catalog, lang: str, what: str) -> Iterator[str]:
    """The messages a catalog lacks or has beyond its English now (``what`` names the page)."""
    have, want = _keys(read_catalog(path, lang)), _keys(template)
    where = _where(path)
    for message, _context in sorted(want - have):
        yield f"{where}: stale: {what} has a message this catalog lacks: {_short(message)}"
    for message, _context in sorted(have - want):
        yield f"{where}: stale: {what} no longer has this message: {_short(message)}"


def page_catalogs(locales: Path, lang: str) -> dict[str, Path]:
    """Page name to catalog of one edition (``scoutdocs.po`` excluded)."""
    folder = locales / lang / "LC_MESSAGES"
    return {
        p.relative_to(folder).with_suffix("").as_posix(): p
        for p in sorted(folder.rglob("*.po"))
        if p.name != f"{DOMAIN}.po"
    }


def template_messages(templates: Path) -> dict[str, list[str]]:
    """Page name to messages, from a folder of page templates (``.pot``)."""
    out = {}
    for pot in sorted(templates.rglob("*.pot")):
        page = pot.relative_to(templates).with_suffix("").as_posix()
        out[page] = [str(m.id) for m in read_catalog(pot, "en") if m.id]
    return out


def findings(
    locales: Path = LOCALES,
    registry: Path | None = None,
    english: dict[str, list[str]] | None = None,
    langs: Iterable[str] | None = None,
) -> list[str]:
    """Every finding over the editions ``langs`` (all by default). ``english`` is each
    translated page's messages now (None: the page catalogs' staleness is not checked)."""
    registry = registry or rule_texts.locales_dir()
    extension, rules_template = extension_template(), registry_template()
    explain = explain_template()
    out: list[str] = []
    for lang in langs or rule_texts.editions():
        pages = page_catalogs(locales, lang)
        for path in pages.values():
            out += incomplete(path, lang, page=True)
        for path, template, what in [
            (locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po", extension, "docs/_ext/scoutdocs"),
            (registry / lang / "rules.po", rules_template, "spec/rules.json"),
            (registry / lang / f"{phrases.DOMAIN}.po", explain, "scout_ref/analysis/wording.py"),
        ]:
            if not path.is_file():
                out.append(f"{_where(path)}: missing (make locales makes it)")
                continue
            out += incomplete(path, lang)
            out += stale(path, template, lang, what)
        if english is not None:
            out += stale_pages(english, pages, lang)
        out += term_findings(lang, locales, registry)
    return out


def stale_pages(english: dict[str, list[str]], pages: dict[str, Path], lang: str) -> Iterator[str]:
    fresh = english
    for page, messages in sorted(fresh.items()):
        if page not in pages:
            yield f"docs/locales/{lang}/LC_MESSAGES/{page}.po: missing (make locales makes it)"
            continue
        template = Catalog()
        for message in messages:
            template.add(message)
        yield from stale(pages[page], template, lang, f"the English page {page}.rst")
    for page in sorted(set(pages) - set(fresh)):
        yield f"{_where(pages[page])}: no such translated page any more (delete the catalog)"


KINDS = (
    "terms.json",
    "untranslated",
    "fuzzy",
    "obsolete",
    "placeholders",
    "reshaped",
    "stale",
    "missing",
)


def summary(found: list[str]) -> Iterator[str]:
    """One line per edition: how many findings of each kind."""
    counts: dict[str, dict[str, int]] = {}
    for line in found:
        lang = line.split("/locales/", 1)[-1].split("/", 1)[0]
        kind = next((k for k in KINDS if k in line), "other")
        per_lang = counts.setdefault(lang, {})
        per_lang[kind] = per_lang.get(kind, 0) + 1
    for lang, kinds in counts.items():
        yield f"{lang}: " + ", ".join(f"{n} {kind}" for kind, n in kinds.items())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoutdocs.catalog_check", description=__doc__)
    parser.add_argument(
        "--messages",
        type=Path,
        action="append",
        help="a file of the English pages' messages written by a build (scout_messages_out); "
        "repeatable. Without it the page templates are made afresh with gettext builds",
    )
    parser.add_argument(
        "--no-pages",
        action="store_true",
        help="do not check the page catalogs against the English (no build is made)",
    )
    parser.add_argument("--locales", type=Path, default=LOCALES, help="the pages' catalogs")
    parser.add_argument("--registry", type=Path, help="the registry's catalogs (spec/locales)")
    parser.add_argument("--lang", action="append", help="only this edition (repeatable)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.lang or ()) - set(rule_texts.editions()))
    if unknown:
        parser.error(
            f"no edition {', '.join(unknown)}; the editions are {', '.join(rule_texts.editions())}"
        )
    english: dict[str, list[str]] | None = None
    if args.messages:
        english = {}
        for path in args.messages:
            if not path.is_file():
                print(
                    f"error: {path} is missing: the English build that writes it failed "
                    "or did not run",
                    file=sys.stderr,
                )
                return 2
            english.update(json.loads(path.read_text(encoding="utf-8")))
    elif not args.no_pages:
        with tempfile.TemporaryDirectory() as tmp:
            page_templates(Path(tmp))
            english = template_messages(Path(tmp))
    found = findings(args.locales, args.registry, english, args.lang)
    for line in found:
        print(line)
    for line in summary(found):
        print(line, file=sys.stderr)
    if found:
        print(
            f"{len(found)} catalog problems (issue 23: every edition complete and current)",
            file=sys.stderr,
        )
        return 1
    print("every edition's catalogs are complete and current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
