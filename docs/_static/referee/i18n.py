"""The page's ``scoutdocs.i18n``: what ``scoutdocs.cards`` and ``scoutdocs.tally`` translate their
messages with when the referee panel draws a position in the page (``scoutdocs.pictures``).

The docs build writes each message's translation in the page's language into the panel's
configuration (``scoutdocs.referee.picture_words``); ``scoutref.js`` puts them into
:data:`WORDS`. A message it lacks stays English, as Sphinx's own translation does."""

from __future__ import annotations

WORDS: dict[str, str] = {}
"""The page's translations, by English message."""


class _Message:
    """A message translated when it is made text, as ``scoutdocs.i18n._``'s are."""

    def __init__(self, message: str) -> None:
        self.message = message

    def __str__(self) -> str:
        return WORDS.get(self.message, self.message)


def _(message: str) -> _Message:
    """Marks one of the pictures' messages; translated when the text is used."""
    return _Message(message)
