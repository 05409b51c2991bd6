"""No English in an edition's engine pictures (issue 31), run by ``make docs-check``.

The engine's pictures (hands, the table, the captions over them, the score lines) are drawn from
the catalogs, so an edition's pictures carry the edition's words; a label left out of the
catalogs, or looked up where the catalogs are not read, stays English and is easy to miss in a
picture. This check reads the built pages: the words of the English edition's pictures are the
English vocabulary, and a picture on a translated page of another edition that shows one of
them is a finding, unless the edition's own translations of the extension's words use it too
(Croatian "Scout" names the action and its chip) or it is the notation, which is the same in
every edition (``show 0-1``, ``scout L @2``, ``keep``, ``flip``, ``deal``).

``python -m scoutdocs.picture_words docs/_build/html ru pt lv hr`` prints one line per finding
(page, word, the picture's text) and exits 1 if there is any, or if an edition has no picture
at all (a check that saw nothing proves nothing).
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.pofile import read_po

from scout_ref.rulebook import texts as rule_texts
from scoutdocs.editions import translated
from scoutdocs.i18n import DOMAIN, LOCALES

NOTATION = frozenset({"show", "scout", "keep", "flip", "deal"})
"""The moves as the notation writes them (chapter 6): the same in every edition."""

_FIGURE = re.compile(r'<figure class="scout-figure[^"]*">(.*?)</figure>', re.DOTALL)
_TEXT = re.compile(r"<(text|title|tspan|figcaption)\b[^>]*>([^<]*)", re.DOTALL)
_WORD = re.compile(r"[^\W\d_]{2,}")


def picture_texts(page: str) -> Iterator[str]:
    """The text of each engine picture on a page: its labels, tooltips and caption."""
    for figure in _FIGURE.findall(page):
        parts = (html.unescape(text).strip() for _, text in _TEXT.findall(figure))
        yield " | ".join(part for part in parts if part)


def words(text: str) -> set[str]:
    """The words of a text, as written (two letters or more, no digits)."""
    return set(_WORD.findall(text))


def pages(folder: Path, skip: Iterable[str] = ()) -> Iterator[tuple[str, str]]:
    """(page name, HTML) of every translated page built in ``folder``, less the subfolders
    ``skip`` names (the editions inside the English site)."""
    skipped = set(skip)
    for path in sorted(folder.rglob("*.html")):
        relative = path.relative_to(folder)
        name = relative.with_suffix("").as_posix()
        if relative.parts[0] not in skipped and translated(name):
            yield name, path.read_text(encoding="utf-8")


def english_words(folder: Path, editions: Iterable[str]) -> set[str]:
    """Every word the English edition's pictures show, less the notation."""
    texts = [text for _, page in pages(folder, editions) for text in picture_texts(page)]
    return {w for text in texts for w in words(text)} - NOTATION


def own_words(lang: str, locales: Path = LOCALES) -> set[str]:
    """The words of an edition's own translations of the extension's labels."""
    with (locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    return {w for message in catalog if message.id for w in words(str(message.string))}


def findings(folder: Path, english: set[str], allowed: set[str]) -> Iterator[str]:
    """One line per English word in a picture of the edition built in ``folder``."""
    seen = 0
    for name, page in pages(folder):
        for text in picture_texts(page):
            seen += 1
            for word in sorted(words(text) & english - allowed - NOTATION):
                yield f"{folder}/{name}.html: English word {word!r} in a picture: {text[:120]}"
    if not seen:
        yield f"{folder}: no engine picture on any translated page (was the edition built?)"


def check(html_root: Path, langs: Iterable[str], locales: Path = LOCALES) -> list[str]:
    """Every finding for the editions built under ``html_root/<lang>`` (English at the root)."""
    langs = list(langs)
    english = english_words(html_root, [*langs, *rule_texts.editions()])
    if not english:
        return [f"{html_root}: no engine picture in the English edition (was it built?)"]
    out: list[str] = []
    for lang in langs:
        out += findings(html_root / lang, english, own_words(lang, locales))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoutdocs.picture_words", description=__doc__)
    parser.add_argument("html", type=Path, help="the built site (docs/_build/html)")
    parser.add_argument("langs", nargs="+", help="the editions to check")
    args = parser.parse_args(argv)
    found = check(args.html, args.langs)
    for line in found:
        print(line, file=sys.stderr)
    print(f"pictures in {', '.join(args.langs)}: {len(found)} finding(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
