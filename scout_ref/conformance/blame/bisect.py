"""Bisecting a perft mismatch with divide, down to the one state and move that show it.

At each level the adapter's divide is compared with the reference's, and the walk follows the
difference that explains most of the count: missing and extra first moves (the nodes the
reference counts under the missing ones, the adapter under its extra ones) are the answer when
they weigh most (saved as a ``legal`` vector); otherwise the shared move whose count differs
most. There the adapter's own ``apply`` of that move is asked first: its count is of its own
child state, so a child that differs from the reference's is the fault that makes the count
(saved as an ``apply`` vector). Only when its child is the reference's does the walk descend,
asking its count of that child. Either way the difference is blamed as a ``legal`` or ``apply``
case would be, and the saved vector cites the rules it points at.
"""

from __future__ import annotations

from dataclasses import dataclass

from scout_ref.conformance.blame.diff import state_diff
from scout_ref.conformance.blame.moves import moves_blame, rejected_blame
from scout_ref.conformance.blame.states import state_blame
from scout_ref.conformance.blame.uses import list_uses, move_uses
from scout_ref.conformance.model.outcomes import Message
from scout_ref.conformance.oracle.answers import legal, perft_answer
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.protocol.messages import Reply, Result
from scout_ref.engine.notation import parse_move
from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_move
from scout_ref.formats.state_json import state_digest, state_from_json, state_to_json


@dataclass(frozen=True, slots=True)
class Found:
    """Where a perft mismatch comes from, in words, and the rules the difference points at."""

    text: str
    blame: frozenset[str] = frozenset()
    uses: frozenset[str] = frozenset()
    """The rules the differing moves pass through (:mod:`scout_ref.conformance.blame.uses`)."""


def bisect_perft(
    ctx: Context, case_id: str, state_json: Message, depth: int, got: Message
) -> Found:
    """Walk the divide from ``state_json`` to where the adapter departs; explain and save it."""
    state = state_from_json(state_json)
    path: list[str] = []
    reference = perft_answer(state, depth)[1]
    divide: dict[str, int] = got["divide"]
    while True:
        missing = [m for m in reference if m not in divide]
        extra = sorted(set(divide) - set(reference))
        where = f"after {' then '.join(path)}" if path else "at the root"
        listed = sum(reference[m] for m in missing) + sum(divide[m] for m in extra)
        shared = [m for m in reference if m in divide and reference[m] != divide[m]]
        move = max(shared, key=lambda m: abs(reference[m] - divide[m]), default=None)
        if (missing or extra) and (move is None or listed >= abs(reference[move] - divide[move])):
            return _legal_finding(ctx, case_id, state, where, missing=missing, extra=extra)
        if move is None:
            return Found(f"{where}: the divide agrees but nodes is not its sum")
        child = apply_move(state, parse_move(move))
        applied = ctx.adapter.request("apply", state=state_to_json(state), move=move)
        if _differs(applied, child):
            return _apply_finding(ctx, case_id, state, where, move=move, child=child, reply=applied)
        reply = ctx.adapter.request("perft", state=state_to_json(child), depth=depth - 1)
        if not isinstance(reply, Result):
            return Found(f"{where}: bisecting stopped, the adapter did not answer perft ({reply})")
        if reply.data["nodes"] == reference[move]:
            text = f"{where}: the adapter's divide counts {divide[move]} after {move!r}, but"
            return Found(f"{text} {reference[move]} from the same state it reaches by it")
        state, depth = child, depth - 1
        path.append(move)
        reference, divide = perft_answer(state, depth)[1], reply.data["divide"]


def _differs(reply: Reply, child: State) -> bool:
    """Whether the adapter's ``apply`` reply is a rejection or a state other than ``child``."""
    if not isinstance(reply, Result):
        return False
    return "rejection" in reply.data or reply.data.get("state") != state_to_json(child)


def _legal_finding(
    ctx: Context, case_id: str, state: State, where: str, *, missing: list[str], extra: list[str]
) -> Found:
    lines = [f"bisected {where}: the legal moves differ (state {state_digest(state)[:12]})"]
    if missing:
        lines.append("  missing: " + ", ".join(missing))
    if extra:
        lines.append("  extra:   " + ", ".join(extra))
    blame = moves_blame(state_to_json(state), missing, extra)
    uses = list_uses(state_to_json(state), [*missing, *extra])
    case = {
        "id": f"{case_id}-bisected",
        "description": f"The state where {case_id} departs from the reference ({where}).",
        "rules": sorted(blame) or ["SC-TURN-02"],
        "state": state_to_json(state),
        "expected": {"moves": legal(state)},
    }
    saved = ctx.save("legal", case, "A legal-move vector found by bisecting a perft mismatch.")
    if saved is not None:
        lines.append(f"  saved as a legal vector: {saved}")
    return Found("\n".join(lines), blame, uses)


def _apply_finding(
    ctx: Context, case_id: str, state: State, where: str, *, move: str, child: State, reply: Reply
) -> Found:
    lines = [
        f"bisected {where}: its own apply of {move!r} differs (state {state_digest(state)[:12]})"
    ]
    blame: frozenset[str] = frozenset()
    before = state_to_json(state)
    uses = move_uses(before, move)
    if isinstance(reply, Result) and "rejection" in reply.data:
        reason = reply.data["rejection"]["reason"]
        lines.append(f"  its apply of {move!r} was rejected ({reason!r}) though it is legal")
        blame = rejected_blame(before, move, reason)
    elif isinstance(reply, Result):
        got = reply.data["state"]
        lines.append(state_diff(state_to_json(child), got, before))
        blame = state_blame(before, move, state_to_json(child), got)
        uses = move_uses(before, move, state_to_json(child), got)
    case = {
        "id": f"{case_id}-bisected",
        "description": f"The move where {case_id} departs from the reference ({where}).",
        "rules": sorted(blame) or ["SC-TURN-02"],
        "state": before,
        "move": move,
        "expected": {"state": state_to_json(child)},
    }
    saved = ctx.save("apply", case, "An apply vector found by bisecting a perft mismatch.")
    if saved is not None:
        lines.append(f"  saved as an apply vector: {saved}")
    return Found("\n".join(lines), blame, uses)
