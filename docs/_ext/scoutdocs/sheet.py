"""The table sheet's check (``make docs-sheet``, issue 31): each edition's printed rules of play
fit on at most two pages.

``make docs-sheet`` prints every edition's one-page view (``docs/print.rst``, the rules of play
and the flow charts) with headless Chromium to ``docs/_build/sheet/<lang>.pdf``; this module
counts the pages of each PDF and fails when one is missing or longer than allowed. The count
reads the page tree's ``/Count`` (Chromium writes it as plain text), or uses pypdf where it is
installed.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from pathlib import Path

MAX_PAGES = 2
_COUNT = re.compile(
    rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)|/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", re.S
)


def page_count(pdf: Path) -> int:
    """The number of pages of a PDF file.

    Raises:
        ValueError: if the file has no page tree that says how many pages it has.
    """
    try:
        pypdf = importlib.import_module("pypdf")  # optional: not a dependency of the project
    except ImportError:
        counts = [int(a or b) for a, b in _COUNT.findall(pdf.read_bytes())]
        if not counts:
            raise ValueError(f"{pdf}: no page count found") from None
        return max(counts)  # the root of the page tree counts every page
    return len(pypdf.PdfReader(pdf).pages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoutdocs.sheet", description=__doc__)
    parser.add_argument("folder", type=Path, help="where the PDFs are (docs/_build/sheet)")
    parser.add_argument("langs", nargs="+", help="the editions whose <lang>.pdf must be there")
    parser.add_argument("--max-pages", type=int, default=MAX_PAGES)
    args = parser.parse_args(argv)
    status = 0
    for lang in args.langs:
        pdf = args.folder / f"{lang}.pdf"
        if not pdf.is_file():
            print(f"{pdf}: missing", file=sys.stderr)
            status = 1
            continue
        pages = page_count(pdf)
        verdict = "ok" if pages <= args.max_pages else f"more than {args.max_pages}"
        print(f"{pdf}: {pages} page{'' if pages == 1 else 's'} ({verdict})")
        if pages > args.max_pages:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
