"""The registry's texts in the rulebook's editions (issue 23): titles, statements, change notes.

English is the source (``spec/rules.json``). Each edition's texts are one gettext catalog,
``spec/locales/<lang>/rules.po``, whose message contexts name what a text is:
``chapter <stem> title``, ``<ID> title``, ``<ID> statement`` and ``<ID> changed <version>``.
A rule's text is translated there and nowhere else; the rulebook's editions and
``scout-ref rules --lang`` both read it. The editions and their names are listed once, in
``spec/locales/editions.json``.

The catalogs are read with Babel (a maintained library made for gettext catalogs), straight
from the ``.po`` files: no compiled ``.mo`` file can fall behind its source. Nothing in the
engine imports this module.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from scout_ref.errors import ScoutError
from scout_ref.rulebook.registry import Rule, _registry_document, rules, spec_dir

SOURCE = "en"


class TranslationError(ScoutError, ValueError):
    """An edition that does not exist, or a text it has not translated yet."""


@cache
def _editions_document() -> dict[str, object]:
    data: dict[str, object] = json.loads(
        (locales_dir() / "editions.json").read_text(encoding="utf-8")
    )
    return data


def editions() -> dict[str, str]:
    """Each edition's language code and its name in itself, English (the source) excluded.

    >>> editions()["ru"]
    'Русский'
    """
    listed = _editions_document()["editions"]
    assert isinstance(listed, list)
    return {str(e["lang"]): str(e["name"]) for e in listed}


def source_name() -> str:
    """The source language's name in itself (``English``)."""
    source = _editions_document()["source"]
    assert isinstance(source, dict)
    return str(source["name"])


def _known() -> str:
    return ", ".join(f"{lang} ({name})" for lang, name in editions().items())


def locales_dir() -> Path:
    """The folder of the editions' registry catalogs (``spec/locales``)."""
    return spec_dir() / "locales"


@cache
def catalog(lang: str, folder: Path | None = None) -> Catalog:
    """The registry catalog of an edition, from :func:`locales_dir` or another ``folder``
    laid out the same way (a test's copy).

    Raises:
        TranslationError: if ``lang`` is not an edition.
    """
    if lang not in editions():
        raise TranslationError(f"no edition in {lang!r}; the editions are {_known()}")
    with ((folder or locales_dir()) / lang / "rules.po").open("rb") as f:
        return read_po(f, locale=lang)


def chapter_context(stem: str) -> str:
    return f"chapter {stem} title"


def rule_context(rule_id: str, part: str) -> str:
    """The context of a rule's ``title`` or ``statement``, or of ``changed <version>``."""
    return f"{rule_id} {part}"


def registry_messages() -> Iterator[tuple[str, str]]:
    """(context, English text) of every registry text, in rulebook order."""
    for chapter in _registry_document()["chapters"]:
        yield chapter_context(chapter["stem"]), chapter["title"]
    for rule in rules().values():
        yield rule_context(rule.id, "title"), rule.title
        yield rule_context(rule.id, "statement"), rule.statement
        for change in rule.changed:
            yield rule_context(rule.id, f"changed {change.version}"), change.what


def lookup(lang: str, context: str, english: str, folder: Path | None = None) -> str | None:
    """The edition's translation of one registry text, or None if it has none that is current.

    A fuzzy translation (one whose English changed since it was made) counts as none.
    """
    if lang == SOURCE:
        return english
    message = catalog(lang, folder).get(english, context=context)
    if message is None or message.fuzzy or not message.string:
        return None
    return str(message.string)


def text(lang: str, context: str, english: str) -> str:
    """The edition's translation of one registry text (the English itself for ``en``).

    Raises:
        TranslationError: if the edition does not exist or has not translated the text.
    """
    found = lookup(lang, context, english)
    if found is None:
        raise TranslationError(
            f"the {editions()[lang]} ({lang}) edition has no current translation of "
            f"{context!r} yet (spec/locales/{lang}/rules.po); the editions are {_known()}"
        )
    return found


def rule_title(lang: str, rule: Rule) -> str:
    """A rule's title in ``lang``; see :func:`text`."""
    return text(lang, rule_context(rule.id, "title"), rule.title)


def rule_statement(lang: str, rule: Rule) -> str:
    """A rule's statement in ``lang``; see :func:`text`."""
    return text(lang, rule_context(rule.id, "statement"), rule.statement)
