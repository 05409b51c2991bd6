"""Witness games that the vectors themselves give: played, not searched for.

Some vector states are reached by play inside the vectors, so their witness game (a deal and
legal moves, SC-REACH-01) follows without any search:

* a ``trace`` case is a game: the state at one of its steps is reached by its steps so far;
* a ``deal`` case deals ``input.deck``: its ``expected.state`` is reached by the witness of
  ``input.state`` (or by nothing, for a first round) and that deal;
* an ``apply`` case plays ``move``: its ``expected.state`` is reached by the witness of
  ``state`` and that move;
* a position the case generators built by playing (:mod:`~.cases._played`) has its game.

:func:`derived_witnesses` collects these, starting from the witnesses already stored under
``spec/witnesses``; ``scout-ref vectors generate`` stores them there beside the others. Each is
written as a one-case ``trace`` document and replayed by ``vectors lint`` like every witness.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from scout_ref.conformance.cases._played import PLAYED, Played
from scout_ref.conformance.model.kinds import VectorKind, is_vector_kind
from scout_ref.engine.state import State
from scout_ref.errors import ScoutError
from scout_ref.formats.state_json import (
    rules_from_json,
    state_digest,
    state_from_json,
    state_to_json,
)
from scout_ref.formats.trace import play_step, played_steps, replay
from scout_ref.formats.witness_store import document_text, steps_document, witness_dir
from scout_ref.util.atomic import write_atomic
from scout_ref.util.jsonread import read_file

JSON = dict[str, Any]
Steps = list[JSON]


def vector_states(documents: Mapping[str, JSON]) -> Iterator[tuple[str, str, JSON]]:
    """Every state a vector case carries: its file, its JSON pointer within the case, the state."""
    for path, document in sorted(documents.items()):
        kind = path.split("/", maxsplit=1)[0]
        if not is_vector_kind(kind):  # the manifest
            continue
        for case in document.get("cases", []):
            prefix = f"{path}: {case['id']}"
            if kind == "trace":
                for k, step in enumerate(case["steps"]):
                    if "state" in step:
                        yield prefix, f"/steps/{k}/state", step["state"]
                continue
            source = case["input"] if kind == "deal" else case
            if "state" in source:
                yield prefix, "/input/state" if kind == "deal" else "/state", source["state"]
            expected = case.get("expected")
            if isinstance(expected, dict) and "state" in expected:
                yield prefix, "/expected/state", expected["state"]


def _stored_steps(digest: str, folder: Path) -> Steps | None:
    path = folder / f"{digest}.json"
    if not path.is_file():
        return None
    data = read_file(path)
    cases = data.get("cases") if isinstance(data, dict) else None
    if not isinstance(cases, list) or not cases or not isinstance(cases[0], dict):
        return None
    steps = cases[0].get("steps")
    return [s for s in steps if isinstance(s, dict)] if isinstance(steps, list) else None


def derived_witnesses(
    documents: Mapping[str, JSON], folder: Path | None = None
) -> dict[str, tuple[State, Steps]]:
    """The witness steps of every vector state that play inside the vectors reaches, by the
    digest of that state (with the state), given the witnesses stored in ``folder``."""
    folder = folder or witness_dir()
    found: dict[str, tuple[State, Steps]] = {}
    wanted = {json.dumps(data, sort_keys=True) for _, _, data in vector_states(documents)}
    for state, played in PLAYED.items():  # every position built by play in this process
        if json.dumps(state_to_json(state), sort_keys=True) in wanted:
            found[state_digest(state)] = (state, witness_steps(state, played))
    for path, document in sorted(documents.items()):
        if path.startswith("trace/"):
            for case in document["cases"]:
                _from_trace(case, found)
    cases: list[tuple[VectorKind, JSON]] = [
        ("apply" if path.startswith("apply/") else "deal", case)
        for path, document in sorted(documents.items())
        for case in document.get("cases", [])
        if path.startswith(("apply/", "deal/"))
    ]
    # A case's input may be another case's outcome: repeat until nothing new is found.
    grew = True
    while grew:
        grew = False
        for kind, case in cases:
            grew |= _from_case(kind, case, found, folder)
    return found


def witness_steps(target: State, played: Played) -> Steps:
    """The witness steps of ``target``, a position built by play (:mod:`~.cases._played`)."""
    steps: Steps = json.loads(_played_steps(target, played))
    return steps


@lru_cache(maxsize=1024)
def _played_steps(target: State, played: Played) -> str:
    """The steps as JSON text, played once per process (a text: no caller can change them):
    ``vectors check`` and ``generate`` ask for every played position's, and make test runs
    both in one process, with the lint."""
    rounds = [(played.deck, played.moves), *played.later]
    return json.dumps(played_steps(target.players, target.rules, rounds))


def _from_trace(case: JSON, found: dict[str, tuple[State, Steps]]) -> None:
    rules, steps = rules_from_json(case["game_rules"]), case["steps"]
    for done in replay(case["players"], rules, steps, "", check=False):
        if "state" in steps[done.index]:
            found.setdefault(state_digest(done.state), (done.state, list(steps[: done.index + 1])))


def _from_case(
    kind: VectorKind, case: JSON, found: dict[str, tuple[State, Steps]], folder: Path
) -> bool:
    """Add the witness of the case's outcome from that of its input; whether one was added."""
    expected = case.get("expected")
    if not isinstance(expected, dict) or "state" not in expected:
        return False
    try:
        target = state_from_json(expected["state"])
    except ScoutError:
        return False
    digest = state_digest(target)
    if digest in found:
        return False
    source = case["input"] if kind == "deal" else case
    draft = {"deal": source["deck"]} if kind == "deal" else {"move": case["move"]}
    try:
        if "state" not in source:  # a first deal: the deal alone reaches it
            rules = rules_from_json(source["rules"])
            after, step = play_step(None, source["players"], rules, draft)
            steps: Steps | None = []
        else:
            before = state_from_json(source["state"])
            start = found.get(state_digest(before))
            steps = start[1] if start is not None else _stored_steps(state_digest(before), folder)
            after, step = play_step(before, before.players, before.rules, draft)
    except ScoutError:
        return False
    if steps is None or after != target:
        return False
    found[digest] = (target, [*steps, step])
    return True


def missing_derived(documents: Mapping[str, JSON], folder: Path | None = None) -> dict[Path, str]:
    """The derived witnesses not yet stored in ``folder``: each file and its text."""
    folder = folder or witness_dir()
    return {
        folder / f"{digest}.json": document_text(steps_document(steps, state))
        for digest, (state, steps) in sorted(derived_witnesses(documents, folder).items())
        if not (folder / f"{digest}.json").is_file()
    }


def store_derived(documents: Mapping[str, JSON], folder: Path | None = None) -> list[Path]:
    """Write the derived witnesses that are missing from ``folder``; the files written."""
    missing = missing_derived(documents, folder)
    for path, text in missing.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text, "vectors")
    return list(missing)
