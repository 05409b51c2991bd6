"""The vector states still waiting for a witness game (SC-REACH-01): a list that only shrinks.

Every state a vector case carries should come with the game that reaches it, stored under
``spec/witnesses``. The states not yet proven are listed in :data:`UNPROVEN`, one digest a line
(then, after a space, where the state is used); ``scout-ref vectors lint`` fails on a state that
has no witness and is not listed, and on a listed digest that has a witness or that no vector
state has, so the list can only shrink.
"""

from __future__ import annotations

from functools import cache

from scout_ref._jsonread import read_text
from scout_ref._serialize import state_digest
from scout_ref.state import State
from scout_ref.witness_store import witness_dir

UNPROVEN = "spec/witnesses/unproven.txt"
"""Where the list is, for messages."""

_MET: set[str] = set()
"""The digests of the states without a stored witness that this lint run has met."""


@cache
def unproven_digests() -> dict[str, str]:
    """The digests listed in :data:`UNPROVEN`, each with the rest of its line."""
    path = witness_dir() / "unproven.txt"
    if not path.is_file():
        return {}
    listed: dict[str, str] = {}
    for line in read_text(path).splitlines():
        if line.strip() and not line.startswith("#"):
            digest, _, where = line.partition(" ")
            listed[digest] = where.strip()
    return listed


def start() -> None:
    """Forget the states met so far (a lint run begins)."""
    _MET.clear()


def unlisted(state: State, where: str) -> str | None:
    """The problem of a state without a stored witness: None if the list names it."""
    digest = state_digest(state)
    _MET.add(digest)
    if digest in unproven_digests():
        return None
    return (
        f"{where}: no witness game reaches this state (SC-REACH-01): store one under "
        f"spec/witnesses (scout-ref vectors generate stores the ones the case builders play), "
        f"or list {digest} in {UNPROVEN}"
    )


def stale_entries() -> list[str]:
    """The lines of :data:`UNPROVEN` to drop: listed states that have a witness now or that no
    vector file carries (call once every vector file was linted)."""
    problems = []
    for digest, where in sorted(unproven_digests().items()):
        if digest in _MET:
            continue
        why = (
            "has a stored witness now"
            if (witness_dir() / f"{digest}.json").is_file()
            else "is the state of no vector case"
        )
        problems.append(f"{UNPROVEN}: {digest} ({where}) {why}: drop its line")
    return problems
