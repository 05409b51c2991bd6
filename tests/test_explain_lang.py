"""``explain`` in the editions' languages (issue 30): the English is what it was, every edition's
catalog of the reasoning is complete, and ``--lang`` says the verdict, the reasoning, the
rejection's detail and the cited rules in the edition's language.

``tests/data/explain_english.json`` holds, for each vector case, a digest of the English text
and ``--json`` output of ``explain`` on the case's moves and a few more (made from the code
before the phrases existed, issue 30); :func:`outputs` makes them the same way. Regenerate it
(``python -m tests.test_explain_lang``) only for an English change meant to be made.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scout_ref.analysis.explain import explain
from scout_ref.analysis.wording import rejection_detail
from scout_ref.cli.commands.explain import explanation_json, explanation_lines
from scout_ref.engine.notation import parse_written
from scout_ref.errors import ScoutError
from scout_ref.formats.state_json import state_from_json
from scout_ref.rulebook.registry import spec_dir

GOLDEN = Path(__file__).parent / "data" / "explain_english.json"
VECTOR_FILES = sorted((spec_dir() / "vectors").glob("*/*.json"))


def cases(path: Path) -> Iterator[dict[str, Any]]:
    document = json.loads(path.read_text(encoding="utf-8"))
    for case in document.get("cases", []):
        if isinstance(case.get("state"), dict):
            yield case


def moves_for(case: dict[str, Any], hand_size: int) -> list[str]:
    """The case's move, some of its listed legal moves, and moves that fail in several ways."""
    out = [case["move"]] if "move" in case else []
    expected = case.get("expected")
    if isinstance(expected, dict) and isinstance(expected.get("moves"), list):
        listed = expected["moves"]
        out += listed[:: max(1, len(listed) // 6)]
    n = hand_size
    out += ["keep", f"show 0-{n}", "scout R~ @1 + show 1-2", "scout #1 @0", "show 1,0"]
    return list(dict.fromkeys(out))


def outputs(state: Any, move: str) -> str:
    """The English text output, then the ``--json`` output, as the CLI prints them."""
    try:
        explanation = explain(state, parse_written(move))
    except ScoutError as exc:
        return f"error: {exc}"
    document = json.dumps(explanation_json(explanation), indent=2, ensure_ascii=False)
    return "\n".join(explanation_lines(explanation)) + "\n" + document + "\n"


def digests(path: Path) -> dict[str, str]:
    out = {}
    for case in cases(path):
        state = state_from_json(case["state"])
        h = hashlib.sha256()
        for move in moves_for(case, len(state.hand)):
            h.update(outputs(state, move).encode() + b"\0")
        out[case["id"]] = h.hexdigest()[:12]
    return out


@pytest.mark.rule
@pytest.mark.parametrize("path", VECTOR_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_english_output_is_what_it_was(path: Path) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    made = digests(path)
    assert {k: golden.get(k) for k in made} == made


@pytest.mark.rule
@pytest.mark.parametrize("path", VECTOR_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_rejection_detail_phrase_says_the_engines_words(path: Path) -> None:
    for case in cases(path):
        state = state_from_json(case["state"])
        for move in moves_for(case, len(state.hand)):
            try:
                explanation = explain(state, parse_written(move))
            except ScoutError:
                continue
            rejection = explanation.rejection
            if rejection is not None:
                said = rejection_detail(state, explanation.move, rejection)
                assert said is not None, (case["id"], move, rejection)
                assert said.text() == rejection.detail, (case["id"], move)


if __name__ == "__main__":
    made = {k: v for path in VECTOR_FILES for k, v in digests(path).items()}
    json.dump(made, sys.stdout, indent=0, sort_keys=True)
