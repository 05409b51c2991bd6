"""Fuzzing a step more finely: the moves both lists share, and moves the rules forbid.

When the adapter's legal-move list differs from the reference's, one wrong rule often changes
many moves at once: an insertion slot that wraps around the hand changes which Scout & Show
moves are legal, and read move by move those lists point at the combinations. So before the
list is blamed, the moves both sides list are applied, the most basic kind first (shows,
scouts, then Scout & Shows): a move both sides call legal but make differently is direct
evidence, blamed as an ``apply``. Only when every shared move is made alike is the list itself
blamed, and then on the most basic kind of move that differs (a Scout & Show is a scout and a
show: when the scouts differ too, its differences follow from theirs).

Adapters with the feature ``probes`` are also sent, at each turn of play, one move the rules
forbid (SC-NOTE-07), picked from the state, which they must reject.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from scout_ref.conformance.blame.moves import moves_blame
from scout_ref.conformance.model.outcomes import Message
from scout_ref.conformance.oracle.answers import expectation
from scout_ref.conformance.protocol.messages import Reply, Result
from scout_ref.engine.notation import (
    Flip,
    Keep,
    Probe,
    Scout,
    ScoutInner,
    ScoutShow,
    Show,
    ShowCards,
    parse_move,
)
from scout_ref.engine.state import Phase, State
from scout_ref.engine.turn import apply_move
from scout_ref.errors import MalformedInputError
from scout_ref.formats.state_json import state_digest, state_to_json

KIND_ORDER: tuple[type, ...] = (Keep, Flip, Show, Scout, ScoutShow)
"""Kinds of move from the most basic: a Scout & Show is made of a scout and a show."""

MAX_SHARED = 256
"""The most shared moves applied for one differing list (the list may hold thousands)."""

Request = Callable[..., Reply]
"""``ctx.adapter.request``: a request type and its fields, the adapter's reply."""
Compare = Callable[[Result, State, str, State], "tuple[str, frozenset[str]] | None"]
"""How the adapter's state after a move differs from the reference's: words and rules."""


def _kind(text: str) -> int:
    """The position of a move's kind in :data:`KIND_ORDER` (unreadable moves come last)."""
    try:
        move = parse_move(text)
    except MalformedInputError:
        return len(KIND_ORDER)
    return next(k for k, kind in enumerate(KIND_ORDER) if isinstance(move, kind))


def basic_kind_blame(
    state: Message, missing: Sequence[str], extra: Sequence[str], doubled: Sequence[str]
) -> frozenset[str]:
    """The rules a list difference points at, read from the most basic kind that differs."""
    differing = [*missing, *extra, *doubled]
    if not differing:
        return frozenset()
    first = min(_kind(m) for m in differing)
    return moves_blame(
        state,
        [m for m in missing if _kind(m) == first],
        [m for m in extra if _kind(m) == first],
        [m for m in doubled if _kind(m) == first],
    )


def shared_moves(
    expected: Sequence[str], listed: Sequence[str], missing: Sequence[str], extra: Sequence[str]
) -> list[str]:
    """The moves both lists hold, of the kinds that differ and the kinds they are made of,
    most basic first, at most :data:`MAX_SHARED`."""
    kinds = {_kind(m) for m in [*missing, *extra]}
    if _kind_index(ScoutShow) in kinds:
        kinds |= {_kind_index(Show), _kind_index(Scout)}
    common = set(listed)
    shared = [m for m in expected if m in common and _kind(m) in kinds]
    return sorted(shared, key=_kind)[:MAX_SHARED]


def _kind_index(kind: type) -> int:
    return KIND_ORDER.index(kind)


def first_shared_difference(
    request: Request, before: State, moves: Sequence[str], compare: Compare
) -> tuple[str, str, frozenset[str]] | None:
    """The first of ``moves`` that the adapter makes differently: the move, how, the rules.

    A reply that is not a result is left to the step itself, which asks again.
    """
    data = state_to_json(before)
    for text in moves:
        reply = request("apply", state=data, move=text)
        if not isinstance(reply, Result):
            continue
        found = compare(reply, before, text, apply_move(before, parse_move(text)))
        if found is not None:
            return text, found[0], found[1]
    return None


def probe_for(state: State) -> Probe | None:
    """A move the rules forbid that the player to act could make, picked by the state's digest
    (so a shrunk game sends the same one); None when there is none."""
    if state.phase is not Phase.PLAY:
        return None
    rng = random.Random(state_digest(state))
    options: list[Probe] = []
    if len(state.active_set) >= 3:
        inner = rng.randrange(1, len(state.active_set) - 1)
        options.append(ScoutInner(inner, rng.random() < 0.5, rng.randrange(len(state.hand) + 1)))
    size = len(state.hand)
    if size >= 3:
        a = rng.randrange(size - 2)
        options.append(ShowCards((a, rng.randrange(a + 2, size))))
    if size >= 2:
        a = rng.randrange(size - 1)
        options.append(ShowCards((a + 1, a)))
    return rng.choice(options) if options else None


def probe_difference(request: Request, before: State, strict: bool) -> tuple[str, str, str] | None:
    """Send one probe; if the adapter accepts it (or, when ``strict``, rejects it for another
    reason): the probe, what went wrong, and the rule of the reference's reason."""
    probe = probe_for(before)
    if probe is None:
        return None
    data = state_to_json(before)
    reply = request("apply", state=data, move=str(probe))
    if not isinstance(reply, Result):
        return None
    expected = expectation("reject", {"state": data, "move": str(probe)})
    if "rejection" not in reply.data:
        return str(probe), f"{probe} was accepted; it breaks {expected['rule']}", expected["rule"]
    got = reply.data["rejection"].get("reason")
    if strict and got != expected["reason"]:
        why = f"{probe} rejected for {got!r}, expected {expected['reason']!r}"
        return str(probe), why, expected["rule"]
    return None
