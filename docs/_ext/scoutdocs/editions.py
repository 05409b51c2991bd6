"""The editions' pages: which pages are translated, the language switcher, the developer note.

The editions themselves (language codes and names) are listed once, in
``spec/locales/editions.json`` (:func:`scout_ref.rulebook.texts.editions`). The pages a player
reads are translated; the developer pages (tutorials, how-to guides, the API and CLI
reference, the design notes) stay English in every edition and say so at the top.

English is built at ``html/`` and each edition at ``html/<lang>/`` (``make docs``), so a page's
twin in another language is the same path one folder up or down: the switcher's links are
relative and work from ``file://`` as from a web server.
"""

from __future__ import annotations

from html import escape
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.search import languages
from sphinx.util import logging

from scout_ref.rulebook import texts as rule_texts
from scoutdocs.i18n import _, chapter_title, language
from scoutdocs.rules import CHAPTERS_FILE_FORMAT, chapters

logger = logging.getLogger(__name__)

PAGES: tuple[str, ...] = (
    "index",
    "quickstart",
    "components",
    "faq",
    "flow",
    "glossary",
    "rules",
    "model",
    "explanation/reconciliation",
    "rulebook/*",
)
"""The pages translated in every edition (``rulebook/*``: every chapter). ``print`` is the
one-page view (``-t onepage``), whose catalog is made from its own build."""

ONEPAGE = "print"


def translated(docname: str) -> bool:
    """Whether a page is translated in the editions (the print view is)."""
    if docname == ONEPAGE:
        return True
    return any(
        docname == page or (page.endswith("/*") and docname.startswith(page[:-1])) for page in PAGES
    )


def switcher_links(lang: str, pagename: str, suffix: str) -> list[tuple[str, str, str, bool]]:
    """(code, name in itself, relative link, current?) of the page in every language."""
    up = "../" * pagename.count("/")
    root = up if lang == rule_texts.SOURCE else f"{up}../"
    names = {rule_texts.SOURCE: rule_texts.source_name(), **rule_texts.editions()}
    out = []
    for code, name in names.items():
        folder = "" if code == rule_texts.SOURCE else f"{code}/"
        out.append((code, name, f"{root}{folder}{pagename}{suffix}", code == lang))
    return out


def switcher_html(lang: str, pagename: str, suffix: str) -> str:
    """The switcher as HTML: a list of links, the current language marked and not a link."""
    items = []
    for code, name, href, current in switcher_links(lang, pagename, suffix):
        label = escape(name)
        if current:
            items.append(f'<li><strong aria-current="page" lang="{code}">{label}</strong></li>')
        else:
            items.append(
                f'<li><a href="{escape(href)}" hreflang="{code}" lang="{code}">{label}</a></li>'
            )
    title = escape(str(_("Language")))
    return f'<nav class="scout-editions" aria-label="{title}"><ul>{"".join(items)}</ul></nav>'


def page_context(
    app: Sphinx, pagename: str, _templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Give every page's template the switcher (``docs/_templates/page.html`` draws it)."""
    suffix = app.builder.get_target_uri(pagename)
    suffix = suffix[len(pagename) :] if suffix.startswith(pagename) else ".html"
    context["scout_editions"] = switcher_html(language(app.env), pagename, suffix or ".html")


def note_developer_page(app: Sphinx, doctree: nodes.document) -> None:
    """In an edition, say at the top of a developer page that it stays in English."""
    if language(app.env) == rule_texts.SOURCE or translated(app.env.docname):
        return
    text = str(_("This page is for developers and is in English in every edition."))
    note = nodes.note("", nodes.paragraph(text, text), classes=["scout-english-only"])
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        doctree.insert(0, note)
        return
    title = next(iter(section.findall(nodes.title)), None)
    section.insert(section.index(title) + 1 if title is not None else 0, note)


def configure(app: Sphinx, config: Config) -> None:
    """Set the search index's language to the edition's (``-D language`` comes after conf.py).

    Sphinx has no stemmer for Latvian or Croatian; those editions use the English one, which
    leaves most words of another language as they are.
    """
    lang = config.language or rule_texts.SOURCE
    config.html_search_language = lang if lang in languages else rule_texts.SOURCE


def chapter_heading(app: Any, doctree: nodes.document) -> None:
    """A chapter page's heading in the build's language, from the registry's chapter title.

    The page's first heading must read ``<number>. <title>`` as ``spec/rules.json`` has it; an
    edition shows the registry catalog's title instead, so the page catalog never holds it.
    Runs before Sphinx collects the page titles, so navigation shows it too.
    """
    env = app.env
    for number, stem, _area, title in chapters():
        if env.docname != CHAPTERS_FILE_FORMAT.format(number=number, stem=stem):
            continue
        heading = next(iter(doctree.findall(nodes.title)), None)
        english = app.config.language in {None, "en"}  # editions: the English build checks
        if heading is None or (english and heading.astext() != f"{number}. {title}"):
            found = "no heading" if heading is None else repr(heading.astext())
            logger.warning(
                "chapter page %s must begin with the heading %r (spec/rules.json), not %s",
                env.docname,
                f"{number}. {title}",
                found,
                location=heading if heading is not None else (env.docname, 1),
            )
            return
        text = f"{number}. {chapter_title(env, stem, title)}"
        heading.children = [nodes.Text(text)]
        heading["translatable"] = False
        return
