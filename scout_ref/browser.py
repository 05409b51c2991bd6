"""The engine's face in a web page: what ``scoutRef`` (docs/_static/referee/scoutref.js) calls.

The rulebook's pages run this package under Pyodide. :func:`call` takes one request as JSON and
answers with the document that ``scout-ref explain --json`` or ``scout-ref legal --json`` prints
for the same arguments (:mod:`scout_ref.formats.documents`, which the command line uses too),
or with the message the command line prints after ``error:`` and its exit status; never a
traceback. JSON both ways keeps the bridge to JavaScript one string each way.
"""

from __future__ import annotations

import importlib.metadata
import json
from pathlib import Path

from scout_ref.errors import ScoutError, error_message, excerpt
from scout_ref.formats.documents import (
    explanation_json,
    explanation_of,
    judged_state,
    legal_json,
)
from scout_ref.rulebook.registry import spec_version
from scout_ref.util.jsonread import MAX_LINE_BYTES, parse

BAD_INPUT = 2
"""The exit status the command line gives bad input, which a rejected request carries."""
INTERNAL_ERROR = 3
"""The exit status of a bug in scout-ref."""


def version() -> str:
    """The installed package's version, as ``scout-ref --version`` names it.

    An installed wheel (the page's) is read from its own ``dist-info`` beside the package:
    ``importlib.metadata.version`` searches every entry of ``sys.path`` first, the standard
    library's zip included, which cost the page 0.2 to 0.4 s of its first verdict."""
    beside = sorted(Path(__file__).resolve().parent.parent.glob("scout_ref-*.dist-info"))
    if beside:
        return importlib.metadata.Distribution.at(beside[-1]).version
    return importlib.metadata.version("scout-ref")


def _document(text: str) -> dict[str, object]:
    request = parse(text, "request", MAX_LINE_BYTES)
    if not isinstance(request, dict):
        raise TypeError("a request is a JSON object")
    command, position = request.get("command"), request.get("position")
    hypothetical = request.get("hypothetical") is True
    if not isinstance(position, str):
        raise TypeError("the position must be a string")
    if command == "legal":
        return legal_json(judged_state(position, hypothetical=hypothetical))
    move = request.get("move")
    if command != "explain" or not isinstance(move, str):
        raise TypeError(f"no such request: {command!r} with move {move!r}")
    explanation = explanation_of(position, move, hypothetical=hypothetical)
    lang = request.get("lang")
    if lang is not None and not isinstance(lang, str):
        raise TypeError("the language must be a string")
    return explanation_json(explanation, lang=lang)


def call(request: str) -> str:
    """Answer ``request``, a JSON object with ``command`` (``explain`` or ``legal``),
    ``position`` (as the CLI's STATE), ``move`` (explain's MOVE), and optionally
    ``hypothetical`` (``--hypothetical``) and ``lang`` (an edition's language).

    The answer is a JSON object: ``{"document": ...}``, or ``{"error": message, "exitCode": 2}``
    for bad input (the message the CLI prints after ``error:``), or ``exitCode`` 3 with one line
    naming a bug in scout-ref. A request is read by the bounded reader, at most 1 MiB (as a
    protocol line): the position line's own limit, 4,096 characters, comes after.
    """
    try:
        answer: dict[str, object] = {"document": _document(request)}
    except ScoutError as exc:
        answer = {"error": error_message(exc), "exitCode": BAD_INPUT}
    except Exception as exc:  # the page's one place where a bug becomes a line, not a traceback
        answer = {
            "error": f"internal error: {type(exc).__name__}: {excerpt(str(exc), 300)}; this is a "
            f"bug in scout-ref (spec {spec_version()}), not in your input",
            "exitCode": INTERNAL_ERROR,
        }
    return json.dumps(answer, ensure_ascii=False)
