"""Every failure in one paste: where it shows (a position line), where the case comes from, and
the commands that reproduce it.

A failure line of ``conform`` carries the position of the state the difference shows in
(``spec/POSITION.md``), the vector file, a ``scout-ref conform ... --case ID`` that reruns just
that case against the same adapter, and, where the reference can answer the same question on
its own, a ``scout-ref explain`` or ``scout-ref legal`` command that shows the expected answer.
"""

from __future__ import annotations

import contextlib
import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scout_ref.conformance.model.kinds import CaseKind
from scout_ref.conformance.model.outcomes import Case, CaseResult, Message
from scout_ref.conformance.vectors.build import vectors_dir
from scout_ref.engine.reachability import check_reachable
from scout_ref.errors import ScoutError
from scout_ref.formats.position_line import format_position, parse_position
from scout_ref.formats.state_json import state_from_json


def program() -> str:
    """How to spell ``scout-ref`` in a command: as it was invoked (``.venv/bin/scout-ref``),
    or by name."""
    invoked = sys.argv[0] if sys.argv else ""
    return invoked if Path(invoked).name == "scout-ref" else "scout-ref"


@dataclass(frozen=True, slots=True)
class Where:
    """The state a failure shows in (JSON as the vector has it) and the step taken from it."""

    state: Message | None
    step: str = ""
    """The move, or ``deal`` / ``next_round``; empty when the question is the state itself."""


def where(case: Case) -> Where:
    """Where a case's failure shows, from the case alone (trace cases say it while judging)."""
    data = case.data
    match case.kind:
        case "apply" | "reject":
            return Where(data["state"], data["move"])
        case "deal":
            given = data["input"]
            return Where(given.get("state") or data["expected"]["state"], "deal")
        case "legal" | "score" | "perft" | "observe":
            return Where(data["state"])
        case "trace" | "fuzz" | "random":  # judged step by step: the step says where
            return Where(None)


def position_line(state: Message | None, known: str | None = None) -> str:
    """The state as a position line (``known`` when the vector already spells it)."""
    if known:
        return known
    if state is None:
        return ""
    try:
        return format_position(state_from_json(state))
    except ScoutError:
        return ""


def reference_command(kind: CaseKind, position: str, step: str) -> str:
    """The command that shows the reference's answer, or empty when none answers alone.

    A position that breaks a condition of chapter REACH (a hand-built vector of an
    implementer's own) is judged anyway with ``--hypothetical``, as the command asks."""
    if not position:
        return ""
    what = f"{shlex.quote(position)}{'' if _reachable(position) else ' --hypothetical'}"
    if step == "legal" or (kind == "legal" and not step):
        return f"{program()} legal {what}"
    if kind in ("apply", "reject", "trace", "fuzz") and step not in ("", "deal", "next_round"):
        return f"{program()} explain {what} {shlex.quote(step)}"
    return ""


def _reachable(position: str) -> bool:
    """Whether the position meets every condition of chapter REACH (unreadable: assume so)."""
    try:
        return not check_reachable(parse_position(position))
    except ScoutError:
        return True


def rerun_command(case_id: str, options: Sequence[str]) -> str:
    """``scout-ref conform`` on this one case, with the run's own options (adapter, vector
    folder, timeouts, strictness)."""
    return shlex.join([program(), "conform", *options, "--case", case_id])


def without_vectors_dir(options: Sequence[str]) -> list[str]:
    """``conform`` options without their ``--vectors-dir DIR``."""
    out, skip = [], False
    for word in options:
        if not skip and word != "--vectors-dir":
            out.append(word)
        skip = word == "--vectors-dir"
    return out


def source_path(case: Case, vectors: Path | None) -> str:
    """The vector file the case comes from, as the user can open it (relative to the working
    directory when it lies below it)."""
    source = f"trace/{case.id}.json" if case.kind == "fuzz" else case.source
    path = (vectors or vectors_dir()) / source
    with contextlib.suppress(ValueError):
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    return str(path)


def reproduction(result: CaseResult, options: Sequence[str], vectors: Path | None) -> list[str]:
    """The lines under a failure: position, vector file, the reference's command, the rerun."""
    lines = [f"position: {result.position or '(none: the case has no state)'}"]
    if result.case.kind == "random":  # asked of the adapter's own randomness: no file
        lines.append("vector: (none: the adapter's own deals, asked by deal_random)")
    else:
        lines.append(f"vector: {source_path(result.case, vectors)}")
    shown = reference_command(result.case.kind, result.position, result.step)
    if shown:
        lines.append(f"reference: {shown}")
    lines.append(f"rerun: {rerun_command(result.case.id, options)}")
    return lines
