"""The site's frame in the edition's language (issue 31): the theme's words and the site title.

Sphinx translates the words of the theme's templates from its own catalogs, which lack most of
Furo's ("Next", "Previous", "Back to top", "On this page" ...), so an edition's page kept them
in English around a translated text. The editions translate them with the extension's words in
``scoutdocs.po`` (listed in :data:`THEME_WORDS`, so ``make locales`` extracts them), and
:func:`translate_frame` adds that catalog to Sphinx's as a fallback: Sphinx's own translations
still come first. The site's name (``project``, "SCOUT rulebook") and title are translated too.

Furo writes a few words into its templates without marking them for translation (the labels
of its toggle buttons and the titles of its icons, read by screen readers only); those stay.
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.locale import get_translator

from scout_ref.rulebook import texts as rule_texts
from scoutdocs.i18n import DOMAIN, _

THEME_WORDS = (
    _("Next"),
    _("Previous"),
    _("Back to top"),
    _("Skip to content"),
    _("On this page"),
    _("View this page"),
    _("Edit this page"),
    _("Made with "),
    _('<a href="https://www.sphinx-doc.org/">Sphinx</a> and '),
    _("Copyright &#169; %(copyright)s"),
)
"""Furo's words, each exactly as its template marks it (``{% trans %}`` bodies included)."""

SITE_NAME = _("SCOUT rulebook")
"""``project``; the site title (``html_title``) is the name and the release."""


def translate_frame(app: Sphinx, config: Config) -> None:
    """In an edition, let the templates' words fall back on this edition's ``scoutdocs.po``
    and give the site its translated title. Runs after :func:`scoutdocs.i18n.load_catalog`."""
    if (config.language or rule_texts.SOURCE) == rule_texts.SOURCE:
        return
    app.translator.add_fallback(get_translator(DOMAIN))
    config.project = str(SITE_NAME)
    config.html_title = f"{config.project} {config.release}"
