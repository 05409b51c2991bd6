"""The position line written next to every state a vector case carries, and its lint.

A state in a vector is canonical JSON, exact but 40 lines long; the position line next to it
(``spec/POSITION.md``) is what a person pastes into ``scout-ref explain``. The line is
generated, never an input: the lint checks that it reads back as the state beside it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from scout_ref.conformance.model.kinds import VectorKind
from scout_ref.errors import MalformedInputError
from scout_ref.formats.position_line import format_position, parse_position
from scout_ref.formats.state_json import state_from_json

POSITION = "position"

Case = dict[str, Any]


def _holders(case: Case) -> Iterator[tuple[str, dict[str, Any]]]:
    """The objects of a case that hold a state, with their JSON pointers.

    A deal's ``input`` is left out: it is the body of a protocol request and stays as specified.
    """
    if "state" in case:
        yield "", case
    expected = case.get("expected")
    if isinstance(expected, dict) and "state" in expected:
        yield "/expected", expected
    for k, step in enumerate(case.get("steps", [])):
        if "state" in step:
            yield f"/steps/{k}", step


def add_positions(case: Case) -> Case:
    """``case`` with the canonical position line next to each state it holds (in place)."""
    for _, holder in _holders(case):
        holder[POSITION] = format_position(state_from_json(holder["state"]))
    return case


def position_problems(kind: VectorKind, case: Case) -> Iterator[str]:
    """Every state of ``case`` whose position line is missing or does not read back as it."""
    for where, holder in _holders(case):
        try:
            state = state_from_json(holder["state"])
        except MalformedInputError:
            continue  # reported by the state check
        line = holder.get(POSITION)
        if not isinstance(line, str):
            yield f"{where}/{POSITION}: missing"
            continue
        try:
            read = parse_position(line)
        except MalformedInputError as exc:
            yield f"{where}/{POSITION}: {exc}"
            continue
        if read != state:
            yield f"{where}/{POSITION}: describes another state than {where}/state"
        elif line != format_position(state):
            yield f"{where}/{POSITION}: not the canonical line {format_position(state)!r}"
