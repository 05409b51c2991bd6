"""Bisecting a perft mismatch with divide, down to the one state and move that show it.

At each level the adapter's divide is compared with the reference's: a missing or extra first
move is the answer (saved as a ``legal`` vector); otherwise the walk descends into the first
move whose count differs. If the adapter counts the reference's child state correctly, its own
``apply`` of that move must differ, and the runner asks for it (saved as an ``apply`` vector).
Either way the difference is blamed as a ``legal`` or ``apply`` case would be, and the saved
vector cites the rules it points at.
"""

from __future__ import annotations

from dataclasses import dataclass

from scout_ref.conformance.blame.diff import state_diff
from scout_ref.conformance.blame.moves import moves_blame, rejected_blame
from scout_ref.conformance.blame.states import state_blame
from scout_ref.conformance.model.outcomes import Message
from scout_ref.conformance.oracle.answers import legal, perft_answer
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.protocol.messages import Result
from scout_ref.engine.notation import parse_move
from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_move
from scout_ref.formats.state_json import state_digest, state_from_json, state_to_json


@dataclass(frozen=True, slots=True)
class Found:
    """Where a perft mismatch comes from, in words, and the rules the difference points at."""

    text: str
    blame: frozenset[str] = frozenset()


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
        if missing or extra:
            return _legal_finding(ctx, case_id, state, where, missing=missing, extra=extra)
        differing = [m for m in reference if reference[m] != divide[m]]
        if not differing:
            return Found(f"{where}: the divide agrees but nodes is not its sum")
        move = differing[0]
        child = apply_move(state, parse_move(move))
        reply = ctx.adapter.request("perft", state=state_to_json(child), depth=depth - 1)
        if not isinstance(reply, Result):
            return Found(f"{where}: bisecting stopped, the adapter did not answer perft ({reply})")
        if reply.data["nodes"] == reference[move]:
            return _apply_finding(ctx, case_id, state, where, move=move, child=child)
        state, depth = child, depth - 1
        path.append(move)
        reference, divide = perft_answer(state, depth)[1], reply.data["divide"]


def _legal_finding(
    ctx: Context, case_id: str, state: State, where: str, *, missing: list[str], extra: list[str]
) -> Found:
    lines = [f"bisected {where}: the legal moves differ (state {state_digest(state)[:12]})"]
    if missing:
        lines.append("  missing: " + ", ".join(missing))
    if extra:
        lines.append("  extra:   " + ", ".join(extra))
    blame = moves_blame(state_to_json(state), missing, extra)
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
    return Found("\n".join(lines), blame)


def _apply_finding(
    ctx: Context, case_id: str, state: State, where: str, *, move: str, child: State
) -> Found:
    lines = [
        f"bisected {where}: the adapter counts the reference's state after {move!r} correctly,",
        f"  so its own apply of {move!r} differs (state {state_digest(state)[:12]})",
    ]
    reply = ctx.adapter.request("apply", state=state_to_json(state), move=move)
    blame: frozenset[str] = frozenset()
    if isinstance(reply, Result) and "rejection" in reply.data:
        reason = reply.data["rejection"]["reason"]
        lines.append(f"  its apply of {move!r} was rejected ({reason!r}) though it is legal")
        blame = rejected_blame(state_to_json(state), move, reason)
    elif isinstance(reply, Result):
        got = reply.data["state"]
        lines.append(state_diff(state_to_json(child), got, state_to_json(state)))
        blame = state_blame(state_to_json(state), move, state_to_json(child), got)
    case = {
        "id": f"{case_id}-bisected",
        "description": f"The move where {case_id} departs from the reference ({where}).",
        "rules": sorted(blame) or ["SC-TURN-02"],
        "state": state_to_json(state),
        "move": move,
        "expected": {"state": state_to_json(child)},
    }
    saved = ctx.save("apply", case, "An apply vector found by bisecting a perft mismatch.")
    if saved is not None:
        lines.append(f"  saved as an apply vector: {saved}")
    return Found("\n".join(lines), blame)
