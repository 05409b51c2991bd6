"""Catalog upkeep for the editions (issue 23): ``make locales`` runs :func:`update_all`.

Three kinds of catalog, each made from its English source and updated with Babel, which keeps
every translation and marks one whose English changed as fuzzy:

* the pages' catalogs, ``docs/locales/<lang>/LC_MESSAGES/<page>.po``: templates from
  ``sphinx-build -b gettext`` (``-t onepage`` for the print view) for exactly the pages of
  :data:`scoutdocs.editions.PAGES`, merged by sphinx-intl;
* the extension's own words, ``scoutdocs.po``: the ``_()`` messages of ``docs/_ext/scoutdocs``
  and the words of the flow charts;
* the registry's texts, ``spec/locales/<lang>/rules.po``, from ``spec/rules.json``;
* the words of ``scout-ref explain``, ``spec/locales/<lang>/explain.po``, from the phrases of
  :mod:`scout_ref.analysis.wording` (issue 30), counted ones with their plural forms.

A catalog whose messages did not change is not rewritten, so a translator's file merges
cleanly with a run of this command.

``python -m scoutdocs.catalogs update`` (``make locales``) and ``... templates DIR`` (the page
templates only) are its commands; :mod:`scoutdocs.catalog_check` checks the results.
"""

from __future__ import annotations

import argparse
import io
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from scout_ref.analysis import wording
from scout_ref.rulebook import phrases
from scout_ref.rulebook import texts as rule_texts
from scout_ref.rulebook.registry import spec_dir, spec_version
from scoutdocs.editions import ONEPAGE, translated
from scoutdocs.flowcharts import FLOWS
from scoutdocs.i18n import DOMAIN, LOCALES

DOCS = LOCALES.parent
EXTENSION = Path(__file__).resolve().parent
PROJECT = "SCOUT rulebook"
PAGE_WIDTH = 76  # sphinx-intl's line width, as the committed page catalogs have it
REGISTRY_WIDTH = 100  # the registry catalogs' line width


def extension_messages() -> Iterator[str]:
    """Every message of the extension: its ``_()`` calls, then the flow charts' words."""
    for path in sorted(EXTENSION.glob("*.py")):
        for _line, message, _comments, _context in extract_from_file(
            "python", str(path), keywords={"_": None}
        ):
            if isinstance(message, str):
                yield message
    for flow in FLOWS.values():
        yield flow.title
        for box in flow.boxes:
            yield box.text
        for arrow in flow.arrows:
            if arrow.label:
                yield arrow.label


def _template(messages: Iterable[tuple[str | None, str | tuple[str, str]]]) -> Catalog:
    template = Catalog(project=PROJECT, version=spec_version())
    for context, message in messages:
        template.add(message, context=context)
    return template


def extension_template() -> Catalog:
    return _template((None, m) for m in dict.fromkeys(extension_messages()))


def registry_template() -> Catalog:
    return _template(rule_texts.registry_messages())


def explain_template() -> Catalog:
    """The phrases of ``explain``, each once; a counted one as its singular and plural."""
    said = {(p.context, p.english): p.plural for p in wording.phrases()}
    return _template(
        (context, english if many is None else (english, many))
        for (context, english), many in said.items()
    )


def _keys(catalog: Catalog) -> list[tuple[str, str | None]]:
    return [(str(m.id), m.context) for m in catalog if m.id]


def update_catalog(path: Path, template: Catalog, lang: str, width: int) -> str:
    """Merge ``template`` into the catalog at ``path`` (made if missing); what was done.

    The file is written only if its messages change, and its creation date is kept, so an
    unchanged English leaves a translator's file byte for byte as it was.
    """
    if path.is_file():
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        before = _keys(catalog)
        catalog.update(template, update_creation_date=False)
        if _keys(catalog) == before and not catalog.obsolete:
            return "unchanged"
        status = "updated"
    else:
        catalog = Catalog(locale=lang, project=PROJECT, version=spec_version())
        catalog.update(template)
        status = "created"
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=width, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())
    return status


def _sphinx_gettext(out: Path, *extra: str) -> None:
    command = [sys.executable, "-m", "sphinx", "-b", "gettext", "-q", "-E", *extra]
    subprocess.run([*command, str(DOCS), str(out)], check=True)


def page_templates(out: Path) -> list[str]:
    """Write the templates (``.pot``) of exactly the translated pages into ``out``; their
    page names. The print view's comes from its own build, since ``print.rst`` is excluded
    from the others."""
    with tempfile.TemporaryDirectory() as tmp:
        every, onepage = Path(tmp, "all"), Path(tmp, "onepage")
        _sphinx_gettext(every, "-d", str(Path(tmp, "doctrees")))
        _sphinx_gettext(onepage, "-t", "onepage", "-d", str(Path(tmp, "doctrees-onepage")))
        found = {p.relative_to(every).with_suffix("").as_posix(): p for p in every.rglob("*.pot")}
        found[ONEPAGE] = onepage / f"{ONEPAGE}.pot"
        pages = sorted(page for page in found if translated(page))
        for page in pages:
            target = out / f"{page}.pot"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(found[page], target)
    return pages


def merge_pages(templates: Path, langs: Iterable[str]) -> None:
    """Merge page templates into every edition's page catalogs (sphinx-intl)."""
    command = [sys.executable, "-m", "sphinx_intl", "update", "-p", str(templates)]
    command += ["-d", str(LOCALES), "-w", str(PAGE_WIDTH), "--no-obsolete"]
    for lang in langs:
        command += ["-l", lang]
    subprocess.run(command, check=True)


def update_pages(langs: Iterable[str], templates: Path | None = None) -> None:
    """Merge the page templates (made afresh unless given) into every page catalog."""
    if templates is not None:
        merge_pages(templates, langs)
        return
    with tempfile.TemporaryDirectory() as tmp:
        page_templates(Path(tmp))
        merge_pages(Path(tmp), langs)


def update_all(pages: bool = True, templates: Path | None = None) -> None:
    """``make locales``: every catalog of every edition, from the English as it is now."""
    langs = list(rule_texts.editions())
    extension, registry, explain = extension_template(), registry_template(), explain_template()
    for lang in langs:
        jobs = [
            (LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po", extension, PAGE_WIDTH),
            (spec_dir() / "locales" / lang / "rules.po", registry, REGISTRY_WIDTH),
            (rule_texts.catalog_path(lang, phrases.DOMAIN), explain, REGISTRY_WIDTH),
        ]
        for target, template, width in jobs:
            status = update_catalog(target, template, lang, width)
            print(f"{target.relative_to(DOCS.parent)}: {status}")
    if pages:
        update_pages(langs, templates)


PROTECTED = re.compile(
    r":[\w:+-]+:`[^`]*`|``.+?``|`[^`]*`_{0,2}|\|[^|\s][^|]*\||\[[^\]\s]*\]_|\{[a-z_]+\}|%\([a-z_]+\)s"
    r"|https?://\S+"
)
"""What a pseudo-translation leaves alone: roles, literals, references, substitutions,
footnote references, placeholders (``%(name)s`` too, in the theme's words) and addresses."""


def pseudo(text: str) -> str:
    """A pseudo-translation: the English upper-cased, its markup and placeholders kept.

    >>> pseudo("See :rule:`SC-SHOW-03` and ``show 0-1``: {count} left")
    'SEE :rule:`SC-SHOW-03` AND ``show 0-1``: {count} LEFT'
    """
    out, pos = [], 0
    for m in PROTECTED.finditer(text):
        out += [text[pos : m.start()].upper(), m.group()]
        pos = m.end()
    out.append(text[pos:].upper())
    return "".join(out)


def pseudo_locales(docs_out: Path, registry_out: Path) -> None:
    """Copies of every edition's catalogs with every message pseudo-translated (tests build
    the editions from them to see the whole machinery work before the translators finish)."""
    for source, target in ((LOCALES, docs_out), (rule_texts.locales_dir(), registry_out)):
        shutil.copytree(source, target, dirs_exist_ok=True)
        for path in target.rglob("*.po"):
            lang = path.relative_to(target).parts[0]
            width = REGISTRY_WIDTH if target == registry_out else PAGE_WIDTH
            with path.open("rb") as f:
                catalog = read_po(f, locale=lang)
            for message in catalog:
                if message.id and isinstance(message.id, str):
                    message.string = pseudo(message.id)
                elif message.id:  # a counted message: every plural form from the English plural
                    forms = range(catalog.num_plurals)
                    message.string = tuple(pseudo(message.id[1]) for _ in forms)
                message.flags.discard("fuzzy")
            buffer = io.BytesIO()
            write_po(buffer, catalog, width=width)
            path.write_bytes(buffer.getvalue())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoutdocs.catalogs", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    update = sub.add_parser("update", help="update every catalog of every edition")
    update.add_argument(
        "--no-pages", action="store_true", help="only the extension's and the registry's"
    )
    update.add_argument(
        "--templates", type=Path, help="page templates already made (the templates command)"
    )
    templates = sub.add_parser("templates", help="write the page templates into a folder")
    templates.add_argument("out", type=Path)
    fake = sub.add_parser("pseudo", help="pseudo-translated copies of every catalog (tests)")
    fake.add_argument("docs_out", type=Path, help="for docs/locales")
    fake.add_argument("registry_out", type=Path, help="for spec/locales")
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except subprocess.CalledProcessError as exc:
        print(
            f"error: {' '.join(map(str, exc.cmd[:6]))} ... failed (exit {exc.returncode})",
            file=sys.stderr,
        )
        return 1


def _run(args: argparse.Namespace) -> int:
    if args.command == "update":
        update_all(pages=not args.no_pages, templates=args.templates)
    elif args.command == "pseudo":
        pseudo_locales(args.docs_out, args.registry_out)
    else:
        print("\n".join(page_templates(args.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
