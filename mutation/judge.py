"""The only test of the mutation campaign: every vector judged against the engine in process.

For each case of ``spec/vectors`` the engine's answer is compared with the expected one as the
conformance runner compares an adapter's reply: the same request, answered by the same
functions the reference adapter calls
(:func:`scout_ref.conformance.oracle.answers.expectation`), with legal-move lists and winners
compared as sets, and an exception counted as a failure (the
adapter would answer ``errored``, which the runner counts as failed). Running in process saves
the adapter's subprocess and the protocol, which a mutant cannot change.

The cheap kinds come first and the first failing case ends the run (exit 1, its ID printed),
so most mutants are killed within a second. Then, as the runner does with an adapter that lists
the feature ``deal_random`` (the reference adapter does), the engine's own deals are tested by
chance (:mod:`scout_ref.conformance.judge.randomness`, the runner's default sample and seed): the
vectors pass the deck in, so only this sees a mutant of the shuffle. Exit 0 means all passed.
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
    from scout_ref.conformance.oracle.answers import expectation  # noqa: PLC0415 - the mutated engine

    for kind, case in cases(root):
        expected = {"steps": case["steps"]} if kind == "trace" else case["expected"]
        try:
            got = expectation(kind, case)
        except Exception:  # a mutant may raise anything; errored counts as failed
            return str(case["id"])
        if _normal(kind, got) != _normal(kind, expected):
            return str(case["id"])
    return None


class InProcess:
    """The reference adapter answering in this process, as its subprocess would."""

    def __init__(self) -> None:
        from scout_ref.conformance.oracle import server as adapter  # noqa: PLC0415 - the mutated engine
        from scout_ref.conformance.protocol.messages import read_hello  # noqa: PLC0415

        self.adapter = adapter
        self.hello = read_hello(adapter.HELLO)
        self.next_id = 1

    def request(self, kind: str, **fields: object) -> Any:
        from scout_ref.conformance.protocol.messages import read_reply  # noqa: PLC0415

        message = {"id": self.next_id, "type": kind, **fields}
        self.next_id += 1
        return read_reply(self.adapter.answer(message), message)


def random_failure() -> str | None:
    """The first test of the engine's own deals it fails, or None."""
    from scout_ref.conformance.judge.randomness import check_randomness  # noqa: PLC0415
    from scout_ref.conformance.model.outcomes import Outcome  # noqa: PLC0415
    from scout_ref.conformance.process.context import Context  # noqa: PLC0415

    try:
        results = check_randomness(Context(adapter=InProcess()), seed=0)  # type: ignore[arg-type]
    except Exception:  # a mutant may raise anything
        return "random-deal"
    failed = [r.case.id for r in results if r.outcome is not Outcome.PASSED]
    return failed[0] if failed else None


def main() -> int:
    """Judge the vectors of the ``spec`` folder beside the imported engine."""
    import scout_ref  # noqa: PLC0415

    root = Path(scout_ref.__file__).resolve().parents[1] / "spec" / "vectors"
    failed = first_failure(root) or random_failure()
    if failed is not None:
        print(f"killed by {failed}")
        return 1
    print("every vector passes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
