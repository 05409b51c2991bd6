"""The only test of the mutation campaign: every vector judged against the engine in process.

For each case of ``spec/vectors`` the engine's answer is compared with the expected one as the
conformance runner compares an adapter's reply: the same request, answered by the same
functions the reference adapter calls (:func:`scout_ref.conformance.vectors.answer`), with
legal-move lists and winners compared as sets, and an exception counted as a failure (the
adapter would answer ``errored``, which the runner counts as failed). Running in process saves
the adapter's subprocess and the protocol, which a mutant cannot change.

The cheap kinds come first and the first failing case ends the run (exit 1, its ID printed),
so most mutants are killed within a second; exit 0 means every case passed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ORDER = ("reject", "apply", "legal", "deal", "score", "observe", "trace", "perft")
"""Kinds from the cheapest to the dearest; perft (most of the time) comes last."""


def _strip(value: Any) -> Any:
    """``value`` without the position lines (``position``), which the runner does not judge."""
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k != "position"}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def _normal(kind: str, answer: dict[str, Any]) -> dict[str, Any]:
    answer = _strip(answer)
    if kind == "legal":
        answer["moves"] = sorted(answer["moves"])
    if kind == "score":
        answer["winners"] = sorted(answer["winners"])
    return answer


def cases(root: Path) -> list[tuple[str, dict[str, Any]]]:
    """Every (kind, case) under ``root``, cheapest kind first."""
    found = []
    for kind in ORDER:
        for path in sorted((root / kind).glob("*.json")):
            found += [(kind, c) for c in json.loads(path.read_text("utf-8"))["cases"]]
    return found


def first_failure(root: Path) -> str | None:
    """The ID of the first case the engine fails, or None when it passes them all."""
    from scout_ref.conformance.vectors import answer  # noqa: PLC0415 - the mutated engine

    for kind, case in cases(root):
        expected = {"steps": case["steps"]} if kind == "trace" else case["expected"]
        try:
            got = answer(kind, case)
        except Exception:  # a mutant may raise anything; errored counts as failed
            return str(case["id"])
        if _normal(kind, got) != _normal(kind, expected):
            return str(case["id"])
    return None


def main() -> int:
    """Judge the vectors of the ``spec`` folder beside the imported engine."""
    import scout_ref  # noqa: PLC0415

    root = Path(scout_ref.__file__).resolve().parents[1] / "spec" / "vectors"
    failed = first_failure(root)
    if failed is not None:
        print(f"killed by {failed}")
        return 1
    print("every vector passes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
