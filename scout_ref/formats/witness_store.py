"""Stored witness games: ``spec/witnesses/<digest>.json``, one trace per proved position.

A witness is written as a ``trace`` vector document (the format ``scout-ref replay`` plays and
``play --record`` writes) with one case: the deal, then every move, each step with the digest of
the state after it. The file is named by the digest of the position it reaches, so a worked
example, an FAQ answer or a vector case carries its witness by having its position's digest:
nothing needs to point at the file. :func:`replay_witness` plays a stored witness with the
engine and checks that it ends exactly at that position.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Sequence
from pathlib import Path

from scout_ref.analysis.witness_game import Witness
from scout_ref.engine.state import State
from scout_ref.errors import MalformedInputError, ScoutError, excerpt
from scout_ref.formats.state_json import state_digest
from scout_ref.formats.trace import (
    JSON,
    TraceDivergence,
    case_setup,
    played_steps,
    replay,
    trace_case,
    trace_document,
)
from scout_ref.rulebook.registry import spec_dir
from scout_ref.util.atomic import write_atomic
from scout_ref.util.jsonread import read_file


def witness_dir() -> Path:
    """The folder of stored witnesses, ``spec/witnesses``."""
    return spec_dir() / "witnesses"


def witness_path(state: State, folder: Path | None = None) -> Path:
    """Where the witness of ``state`` is stored: the file named by its digest."""
    return (folder or witness_dir()) / f"{state_digest(state)}.json"


def witness_document(witness: Witness, target: State) -> JSON:
    """The witness as a trace document that ``scout-ref replay`` plays."""
    steps = played_steps(witness.players, target.rules, [(witness.deck, witness.moves)])
    return steps_document(steps, target)


def steps_document(steps: Sequence[JSON], target: State) -> JSON:
    """A one-case trace document of ``steps`` (deals and moves) that reach ``target``."""
    digest = state_digest(target)
    case = trace_case(
        f"witness-{digest[:16]}",
        f"A game that reaches the position with digest {digest}.",
        target.players,
        target.rules,
        steps,
    )
    return trace_document("A witness game: a deal and legal moves reaching one position.", [case])


def document_text(document: JSON) -> str:
    """A witness file's text: keys sorted, one key or value a line."""
    return json.dumps(document, indent=1, sort_keys=True) + "\n"


def witness_text(witness: Witness, target: State) -> str:
    """The witness file's text: its trace document, keys sorted, one key or value a line."""
    return document_text(witness_document(witness, target))


def save_witness(witness: Witness, target: State, folder: Path | None = None) -> Path:
    """Store the witness of ``target`` in its file (in ``folder``, default ``spec/witnesses``).

    Raises:
        MalformedInputError: if the file cannot be written.
    """
    path = witness_path(target, folder)
    write_atomic(path, witness_text(witness, target), "--store")
    return path


class WitnessMismatch(ScoutError):
    """A stored witness does not replay to the position it is stored for."""


def replay_witness(path: Path, target: State | None = None) -> State:
    """Play the witness in ``path`` with the engine; the state it ends in.

    With ``target``, the witness must end exactly there.

    Raises:
        MalformedInputError: if the file is not a one-case trace document.
        WitnessMismatch: if a step diverges or the game ends elsewhere than ``target``.
    """
    data = read_file(path)
    cases = data.get("cases") if isinstance(data, dict) else None
    if not isinstance(cases, list) or len(cases) != 1:
        raise MalformedInputError("witness", [("/cases", "a witness has exactly one case")])
    _, players, rules, steps = case_setup(cases[0], "/cases/0")
    final: State | None = None
    try:
        for replayed in replay(players, rules, steps, "/cases/0"):
            final = replayed.state
    except TraceDivergence as exc:
        raise WitnessMismatch(f"witness {path.name}: {exc}") from None
    if final is None or (target is not None and final != target):
        raise WitnessMismatch(f"witness {path.name} does not end at its position")
    return final


def stored_witness(state: State, folder: Path | None = None) -> Path | None:
    """The stored witness file of ``state``, or None: a regular file of its own, not a link
    (a link to another file or a device is no witness of this position)."""
    path = witness_path(state, folder)
    try:
        return path if stat.S_ISREG(path.lstat().st_mode) else None
    except OSError:
        return None


def proving_witness(state: State, folder: Path | None = None) -> tuple[Path | None, str | None]:
    """The stored witness of ``state`` if it proves it; else None, with why what is stored
    under its name does not (None when nothing is): it must be a regular file, not a link, and
    a one-case trace document within the reader's limits that replays, step by step, to
    exactly ``state``."""
    path = witness_path(state, folder)
    try:
        mode = path.lstat().st_mode
    except OSError:
        return None, None
    if not stat.S_ISREG(mode):
        what = "a link" if stat.S_ISLNK(mode) else "not a regular file"
        return None, f"{path} is {what}, not a witness game"
    try:
        replay_witness(path, state)
    except (MalformedInputError, WitnessMismatch) as exc:
        return None, f"{path} is no witness of it: {excerpt(str(exc), 300)}"
    return path, None
