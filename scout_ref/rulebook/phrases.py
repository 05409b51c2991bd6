"""Message templates of scout-ref's own prose, and their translations in the editions (issue 30).

A :class:`Phrase` is one English template with named placeholders (``seat {seat} plays next``);
a counted phrase has an English plural too, and the edition's catalog its own plural forms
(``ngettext``). :meth:`Phrase.say` fills it in as a :class:`Said`, whose values stay as they are
in every language (move notation, seats, numbers, cards, rule IDs) unless a value is itself a
:class:`Said`, which is said in the same language. The English is the template itself, so the
English output is what it was before the templates existed.

The translations are gettext catalogs beside the registry's, ``spec/locales/<lang>/<domain>.po``
(the reasoning of ``scout-ref explain`` is ``explain.po``), read by
:func:`scout_ref.rulebook.texts.catalog` with the same checks: a damaged, cut short or
ill-filled catalog is an :class:`~scout_ref.errors.InstallationError`, never a traceback.

>>> plays = Phrase("seat {seat} plays next")
>>> plays.say(seat=2).text()
'seat 2 plays next'
>>> Phrase("{count} card", "{count} cards").say(3).text()
'3 cards'
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from scout_ref.errors import InstallationError, excerpt
from scout_ref.rulebook import texts

if TYPE_CHECKING:
    from babel.messages.catalog import Message


@dataclass(frozen=True, slots=True)
class Phrase:
    """One English message template; ``plural`` makes it counted (its ``{count}``)."""

    english: str
    plural: str | None = None
    context: str | None = None

    def say(self, count: int | None = None, /, **values: str | int | Said) -> Said:
        """The phrase with its values (``count`` only for a counted phrase)."""
        if (count is None) != (self.plural is None):
            raise TypeError(f"{self.english!r} is {'' if self.plural else 'not '}counted")
        if count is not None:
            values["count"] = count
        return Said(self, values, count)


@dataclass(frozen=True, slots=True)
class Said:
    """A phrase filled in: what it says in any language."""

    phrase: Phrase
    values: Mapping[str, str | int | Said] = field(default_factory=dict)
    count: int | None = None

    def text(self, lang: str = texts.SOURCE) -> str:
        """The text in ``lang`` (``en``, the source, or an edition).

        Raises:
            TranslationError: if ``lang`` is not an edition, or its catalog has not translated
                this phrase yet.
            InstallationError: if the catalog is damaged, holds no entry for the phrase, or its
                translation names a placeholder the phrase does not fill.
        """
        template = self._template(lang)
        filled = {k: v.text(lang) if isinstance(v, Said) else v for k, v in self.values.items()}
        return _fill(template, filled, lang, self.phrase)

    def _template(self, lang: str) -> str:
        phrase, count = self.phrase, self.count
        if lang == texts.SOURCE:
            return phrase.english if count == 1 or phrase.plural is None else phrase.plural
        message = _message(lang, phrase)
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if count is not None and len(forms) > 1:
            index = _plural_rule(lang)(count)
            if not 0 <= index < len(forms):
                raise InstallationError.of(
                    _path(lang), f"no plural form {index} of {_shown(phrase)}"
                )
            return str(forms[index])
        return str(forms[0])


def _path(lang: str) -> Path:
    return texts.catalog_path(lang, DOMAIN)


def _shown(phrase: Phrase) -> str:
    return excerpt(repr(phrase.english), 60)


DOMAIN = "explain"
"""The catalog of these phrases: ``spec/locales/<lang>/explain.po``."""


def _message(lang: str, phrase: Phrase) -> Message:
    """The edition's current translation of ``phrase``."""
    catalog = texts.catalog(lang, domain=DOMAIN)
    message = catalog.get(phrase.english, context=phrase.context)
    if message is None or (phrase.plural is not None) != message.pluralizable:
        why = f"holds no entry for {_shown(phrase)} (cut short, or made for another version)"
        raise InstallationError.of(_path(lang), why)
    forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
    if message.fuzzy or not all(forms):
        raise texts.TranslationError(
            f"the {texts.editions()[lang]} ({lang}) edition has no current translation of "
            f"{_shown(phrase)} yet (spec/locales/{lang}/{DOMAIN}.po); the editions are "
            f"{texts.known()}"
        )
    return message


@cache
def _plural_rule(lang: str) -> Callable[[int], int]:
    """The edition's plural rule, from its catalog's Plural-Forms header (gettext's own reading)."""
    expression = texts.catalog(lang, domain=DOMAIN).plural_expr
    try:
        return gettext.c2py(expression)
    except (ValueError, SyntaxError, RecursionError):
        why = f"its Plural-Forms header has no plural rule gettext reads: {excerpt(expression, 60)}"
        raise InstallationError.of(_path(lang), why) from None


def _fill(template: str, values: Mapping[str, object], lang: str, phrase: Phrase) -> str:
    """``template`` with its placeholders filled; each must be a plain ``{name}`` of ``values``."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as exc:  # an unmatched brace
        raise InstallationError.of(_path(lang), f"{_shown(phrase)}: {exc}") from None
    out = []
    for literal, name, spec, conversion in parts:
        out.append(literal)
        if name is None:
            continue
        if name not in values or spec or conversion:
            why = (
                f"the translation of {_shown(phrase)} has a placeholder {{{name}}} it does not fill"
            )
            raise InstallationError.of(_path(lang), why)
        out.append(str(values[name]))
    return "".join(out)
