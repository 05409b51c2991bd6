"""The rulebook's editions (issue 23): the extension's own words and the registry's texts.

Two kinds of text reach a page in an edition without passing through the page's catalog:

* The extension's own labels and sentences ("Enforced by", the labels of worked examples,
  flow charts, statistics) are marked with :data:`_` and translated from the catalog
  ``docs/locales/<lang>/LC_MESSAGES/scoutdocs.po`` (``make locales`` extracts them). A message
  with parts made elsewhere (a link, a literal) names them ``{like_this}`` and :func:`fill`
  puts the nodes in, so a translator orders the whole sentence.
* Chapter titles, rule titles and statements come from the registry's catalog
  ``spec/locales/<lang>/rules.po`` (:mod:`scout_ref.rulebook.texts`), the one place a rule's
  text is translated. The nodes that carry them are marked not translatable, so the page
  catalogs never hold them too.

Rule IDs, reason codes, notation, card pictures and everything the engine says in a worked
example stay as they are in every edition.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.locale import get_translation

from scout_ref.rulebook import texts as rule_texts
from scout_ref.rulebook.registry import Rule

DOMAIN = "scoutdocs"
LOCALES = Path(__file__).resolve().parents[2] / "locales"
"""``docs/locales``: the pages' and the extension's catalogs (conf.py's ``locale_dirs``)."""

_ = get_translation(DOMAIN)
"""Marks one of the extension's messages; translated when the text is used."""

PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


def fill(message: str, **parts: nodes.Node | str) -> list[nodes.Node]:
    """A translated message as nodes, each ``{name}`` replaced by ``parts[name]``.

    >>> [n.astext() for n in fill("{move} is legal", move=nodes.literal("", "show 0-1"))]
    ['', 'show 0-1', ' is legal']
    """
    out: list[nodes.Node] = []
    pos = 0
    for m in PLACEHOLDER.finditer(message):
        out.append(nodes.Text(message[pos : m.start()]))
        part = parts[m.group(1)]
        out.append(nodes.Text(part) if isinstance(part, str) else part)
        pos = m.end()
    out.append(nodes.Text(message[pos:]))
    return out


def language(env: Any) -> str:
    """The language a build writes (``en`` for the English source)."""
    return str(env.config.language or rule_texts.SOURCE)


def registry_text(env: Any, context: str, english: str) -> str:
    """A registry text in the build's language; the English while it is untranslated (the
    catalog checks of ``make docs-check`` report that, not the build)."""
    folder = env.config.scout_registry_locales
    found = rule_texts.lookup(language(env), context, english, Path(folder) if folder else None)
    return english if found is None else found


def rule_title(env: Any, rule: Rule) -> str:
    return registry_text(env, rule_texts.rule_context(rule.id, "title"), rule.title)


def rule_statement(env: Any, rule: Rule) -> str:
    return registry_text(env, rule_texts.rule_context(rule.id, "statement"), rule.statement)


def chapter_title(env: Any, stem: str, english: str) -> str:
    return registry_text(env, rule_texts.chapter_context(stem), english)


def untranslatable(node: nodes.Element) -> nodes.Element:
    """Keep a node out of the page catalogs: its text comes from the registry or from this
    extension's catalog, or it is the engine's."""
    for each in node.findall(nodes.TextElement):
        # Inline nodes are never extracted unless marked, and Sphinx unwraps an inline that
        # carries the mark (sphinx.transforms.i18n.RemoveTranslatableInline): leave them be.
        if not isinstance(each, nodes.Inline):
            each["translatable"] = False
    return node


def load_catalog(app: Sphinx, config: Config) -> None:
    """Compile this edition's ``scoutdocs.po`` (from the first of ``locale_dirs`` that has
    one) into the build's own folder and register it.

    Sphinx compiles the page catalogs itself, not an extension's; the ``.mo`` file is made
    from the ``.po`` on every build, so it never falls behind.
    """
    lang = config.language or rule_texts.SOURCE
    found = [
        Path(app.srcdir, folder, lang, "LC_MESSAGES", f"{DOMAIN}.po")
        for folder in config.locale_dirs
    ]
    sources = [p for p in found if p.is_file()]
    if lang == rule_texts.SOURCE or not sources:
        return
    source = sources[0]
    target_dir = Path(app.doctreedir) / "scoutdocs-locale"
    target = target_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with source.open("rb") as f:
        catalog = read_po(f, locale=lang)
    with target.open("wb") as f:
        write_mo(f, catalog)
    app.add_message_catalog(DOMAIN, str(target_dir))
