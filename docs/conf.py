"""Sphinx configuration of the SCOUT rulebook (built by ``make docs`` with -W -n)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

from scout_ref.rulebook.registry import spec_version  # noqa: E402 - after the path is set

project = "SCOUT rulebook"
author = "scout-ref contributors"
copyright = "2026, scout-ref contributors"
release = spec_version()
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx_argparse_cli",
    "scoutdocs",
]

exclude_patterns = ["_build"]
# ``make docs-onepage`` (tag ``onepage``) builds only print.rst, every rule on one printable
# page; the other pages are read for their rules but not written, so none is in its toctree.
if tags.has("onepage"):  # noqa: F821 - Sphinx passes ``tags`` to conf.py
    root_doc = "print"
    suppress_warnings = ["toc.not_included"]
    html_sidebars = {"**": []}  # one page: no navigation or search to other pages
else:
    exclude_patterns.append("print.rst")
nitpicky = True

# Editions in the languages of the sources (issue 23): English is the source text; each
# edition's catalogs are docs/locales/<lang>/LC_MESSAGES/<page>.po, one per page, made with
# sphinx-intl from the templates of `sphinx-build -b gettext`. No file locations in the
# catalogs, so an English edit changes only the messages it touches.
locale_dirs = ["locales/"]
gettext_compact = False
gettext_location = False
gettext_uuid = False
# ``make docs`` builds each edition with ``-D language=<lang>`` into ``html/<lang>/``; the
# editions are listed once, in spec/locales/editions.json. scoutdocs sets the search index's
# language to the edition's (scoutdocs.editions.search_language).
language = "en"
templates_path = ["_templates"]  # page.html: the language switcher on every page
default_role = "literal"
toc_object_entries = False

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# Aliases render by name only where they are not nested in a generic: Sphinx 9 prints
# ``TypeAliasForwardRef(...)`` inside ``list[...]`` or ``X | None``. Type hints otherwise name
# objects where they are defined, and scoutdocs resolves those names to the API reference.
autodoc_type_aliases: dict[str, str] = {}

# Standard-library and third-party names in signatures: there is no network, so no intersphinx.
nitpick_ignore_regex = [
    ("py:class", r"(collections|contextlib|typing|types|pathlib|argparse|enum|random|json)\..*"),
    ("py:class", r"(Sequence|Iterable|Iterator|Callable|Mapping|Path|TextIO|IO)"),
    ("py:class", r"(hypothesis|jsonschema|rich)\..*"),
    ("py:class", r"(pettingzoo|gymnasium|numpy|pyspiel|spaces|np|npt)\..*"),  # the ai extra
    ("py:class", r"(AECEnv|Obs|Vector|Strength)"),
    ("py:class", r"(JSONObject|JSONValue|Problem|(scout_ref\.rulebook\.registry\.)?_F)"),
    ("py:class", r"scout_ref\.analysis\.distribute\.(Item|Result)"),  # type variables
    ("py:class", r"scout_ref\.errors\.Situation"),  # what IllegalMoveError reads of a State
    ("py:mod", r"scout_ref\.formats\.state_json"),
    ("py:func", r"(dataclasses|functools|json|random)\..*"),
    ("py:obj", r"typing\.Literal\[.*"),  # a Literal alias's values, which autodoc splits
]

html_theme = "furo"
html_title = f"SCOUT rulebook {release}"
html_static_path = ["_static"]
html_css_files = ["scoutdocs.css"]
if tags.has("onepage"):  # noqa: F821 - the one page has no navigation: use the full width
    html_css_files.append("onepage.css")
html_permalinks_icon = "#"
# An icon of the site's own, so no browser asks the server for a /favicon.ico it lacks.
html_favicon = "_static/favicon.svg"
html_theme_options = {
    "navigation_with_keys": True,
}
