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

import io
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from scout_ref.errors import InstallationError, MalformedInputError, ScoutError, excerpt
from scout_ref.rulebook.registry import Rule, _registry_document, rules, spec_dir
from scout_ref.util.jsonread import read_bytes, read_file

if TYPE_CHECKING:  # babel is imported only to read a catalog: English needs none (issue 30)
    from babel.messages.catalog import Catalog

SOURCE = "en"
MAX_CATALOG_BYTES = 4 * 1024 * 1024
"""The largest catalog read (4 MiB); each edition's ``rules.po`` is under 100 KiB."""
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}", re.ASCII)
"""A language code as the editions use them (ISO 639): two or three small ASCII letters, so a
code can never be a path (``../ru``), be empty or hold a line break."""
_PLURAL_COUNT = re.compile(rb"nplurals\s*=\s*([^;\\\n]*)")


class TranslationError(ScoutError, ValueError):
    """An edition that does not exist, or a text it has not translated yet."""


def check_language(lang: object) -> str:
    """``lang`` itself, once it is a language code (``ru``; ``en`` is the source).

    Raises:
        TranslationError: if it is not two or three small ASCII letters.

    >>> check_language("../ru")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    scout_ref.rulebook.texts.TranslationError: '../ru' is not a language code such as ru (two or
    three small letters)
    """
    if not isinstance(lang, str) or not LANGUAGE_CODE.fullmatch(lang):
        shown = excerpt(repr(lang), 40)
        message = f"{shown} is not a language code such as ru (two or three small letters)"
        raise TranslationError(message)
    return lang


@cache
def _editions() -> tuple[tuple[str, str], tuple[tuple[str, str], ...]]:
    """The source's and each edition's (code, name), checked: the list is part of the
    installation, and a damaged one is reported as that."""
    path = locales_dir() / "editions.json"
    try:
        document = read_file(path)
    except MalformedInputError as exc:
        raise InstallationError.unread(exc) from None
    source = document.get("source") if isinstance(document, dict) else None
    listed = document.get("editions") if isinstance(document, dict) else None
    if not isinstance(listed, list) or len(listed) > 200:
        raise InstallationError.of(path, 'no list "editions" of at most 200 editions')
    pairs = []
    for where, entry in [("source", source), *((f"editions/{k}", e) for k, e in enumerate(listed))]:
        lang = entry.get("lang") if isinstance(entry, dict) else None
        name = entry.get("name") if isinstance(entry, dict) else None
        if not isinstance(lang, str) or not LANGUAGE_CODE.fullmatch(lang):
            why = f'/{where}: no language code "lang" (two or three letters)'
            raise InstallationError.of(path, why)
        if not isinstance(name, str) or not 0 < len(name) <= 60 or not name.isprintable():
            raise InstallationError.of(path, f'/{where}: no name "name" of one line')
        pairs.append((lang, name))
    return pairs[0], tuple(pairs[1:])


def editions() -> dict[str, str]:
    """Each edition's language code and its name in itself, English (the source) excluded.

    >>> editions()["ru"]
    'Русский'

    Raises:
        InstallationError: if ``spec/locales/editions.json`` is damaged.
    """
    return dict(_editions()[1])


def check_edition(lang: object) -> str:
    """``lang`` itself, once it is the source (``en``) or an edition's language.

    Raises:
        TranslationError: if it is neither, naming the editions.
    """
    if check_language(lang) != SOURCE and lang not in editions():
        raise TranslationError(
            f"no edition in {lang!r}; the editions are {known()}, and {SOURCE} ({source_name()}) "
            "is the source"
        )
    return str(lang)


def source_name() -> str:
    """The source language's name in itself (``English``)."""
    return _editions()[0][1]


def known() -> str:
    return ", ".join(f"{lang} ({name})" for lang, name in editions().items())


def locales_dir() -> Path:
    """The folder of the editions' registry catalogs (``spec/locales``)."""
    return spec_dir() / "locales"


RULES = "rules"
"""The registry's catalog, ``<lang>/rules.po``; other domains are other files beside it, such as
``explain.po`` (the reasoning of ``scout-ref explain``, :mod:`scout_ref.rulebook.phrases`)."""


def catalog_path(lang: str, domain: str = RULES, folder: Path | None = None) -> Path:
    """Where an edition's catalog of ``domain`` lies."""
    return (folder or locales_dir()) / lang / f"{domain}.po"


@cache
def catalog(lang: str, folder: Path | None = None, domain: str = RULES) -> Catalog:
    """The registry catalog of an edition (or its catalog of another ``domain``), from
    :func:`locales_dir` or another ``folder`` laid out the same way (a test's copy).

    Raises:
        TranslationError: if ``lang`` is not an edition.
        InstallationError: if its catalog is missing or damaged (not a regular file, larger
            than :data:`MAX_CATALOG_BYTES`, not UTF-8, not a gettext catalog).
    """
    if check_language(lang) not in editions():
        raise TranslationError(f"no edition in {lang!r}; the editions are {known()}")
    path = catalog_path(lang, domain, folder)
    try:
        data = read_bytes(path, MAX_CATALOG_BYTES)
        data.decode("utf-8")
    except MalformedInputError as exc:
        raise InstallationError.unread(exc) from None
    except UnicodeDecodeError as exc:
        raise InstallationError.of(path, f"not UTF-8 at byte {exc.start}") from None
    for count in _PLURAL_COUNT.findall(data):  # babel makes a list of nplurals per message
        if count.strip() not in (b"1", b"2", b"3", b"4", b"5", b"6"):
            shown = excerpt(repr(count.decode("latin-1")), 30)
            why = f"its Plural-Forms header gives nplurals={shown}, not 1 to 6"
            raise InstallationError.of(path, why)
    from babel.messages.pofile import read_po  # noqa: PLC0415 - only when an edition is read

    try:
        read = read_po(io.BytesIO(data), locale=lang, abort_invalid=True, charset="utf-8")
    except Exception as exc:  # babel's parser on a damaged file: any of its errors means that
        why = f"not a gettext catalog: {type(exc).__name__}: {exc}"
        raise InstallationError.of(path, why) from None
    if not len(read):
        raise InstallationError.of(path, "holds no message")
    return read


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
        InstallationError: if its catalog is damaged, or holds no entry at all for the text
            (cut short, or made for other rules: a catalog lists every registry text, translated
            or not).
    """
    found = lookup(lang, context, english)
    if found is None and catalog(lang).get(english, context=context) is None:
        path = locales_dir() / lang / "rules.po"
        why = f"holds no entry for {context!r} (cut short, or made for other rules)"
        raise InstallationError.of(path, why)
    if found is None:
        raise TranslationError(
            f"the {editions()[lang]} ({lang}) edition has no current translation of "
            f"{context!r} yet (spec/locales/{lang}/rules.po); the editions are {known()}"
        )
    return found


def rule_title(lang: str, rule: Rule) -> str:
    """A rule's title in ``lang``; see :func:`text`."""
    return text(lang, rule_context(rule.id, "title"), rule.title)


def rule_statement(lang: str, rule: Rule) -> str:
    """A rule's statement in ``lang``; see :func:`text`."""
    return text(lang, rule_context(rule.id, "statement"), rule.statement)
