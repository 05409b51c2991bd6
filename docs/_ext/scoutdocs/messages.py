"""The translatable messages of each page, collected while the English rulebook is read.

With ``scout_messages_out`` set to a file, an English build writes ``{page: [message, ...]}``
for the pages the editions translate, extracted from the doctrees exactly as Sphinx's gettext
builder extracts them (:func:`sphinx.util.nodes.extract_messages`). The catalog check
(:mod:`scoutdocs.catalog_check`) compares them with every edition's catalogs, so the build the
tests make anyway shows an English edit that no catalog has, without a gettext build of its own.
"""

from __future__ import annotations

import json
from collections.abc import Set
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.util.nodes import extract_messages

from scout_ref.rulebook import texts as rule_texts
from scoutdocs.editions import translated


def _store(env: Any) -> dict[str, list[str]]:
    if not hasattr(env, "scout_messages"):
        env.scout_messages = {}
    found: dict[str, list[str]] = env.scout_messages
    return found


def collect(app: Any, doctree: nodes.document) -> None:
    """Record a translated page's messages (English builds asked to write them only)."""
    env = app.env
    english = (app.config.language or rule_texts.SOURCE) == rule_texts.SOURCE
    if not (app.config.scout_messages_out and english and translated(env.docname)):
        return
    messages = dict.fromkeys(msg for _node, msg in extract_messages(doctree))
    _store(env)[env.docname] = list(messages)


def purge(app: Any, env: Any, docname: str) -> None:
    _store(env).pop(docname, None)


def merge(app: Any, env: Any, docnames: Set[str], other: Any) -> None:
    _store(env).update({d: m for d, m in _store(other).items() if d in docnames})


def write(app: Any, exception: BaseException | None) -> None:
    """Write the collected messages once the build succeeded."""
    target = app.config.scout_messages_out
    if exception is not None or not target:
        return
    path = Path(app.srcdir, target)
    path.parent.mkdir(parents=True, exist_ok=True)
    found = dict(sorted(_store(app.env).items()))
    path.write_text(json.dumps(found, ensure_ascii=False, indent=1), encoding="utf-8")
