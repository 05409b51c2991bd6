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

from scout_ref.conformance.adapter import perft_answer
from scout_ref.conformance.blame import state_blame
from scout_ref.conformance.diff import state_diff
from scout_ref.conformance.move_blame import moves_blame, rejected_blame
from scout_ref.conformance.outcomes import Context
from scout_ref.conformance.protocol import Message, Result
from scout_ref.notation import parse_move
from scout_ref.state import State
from scout_ref.turn import apply_move, legal_moves


@dataclass(frozen=True, slots=True)
class Found:
    """Where a perft mismatch comes from, in words, and the rules the difference points at."""

    text: str
    blame: frozenset[str] = frozenset()


def bisect_perft(
    ctx: Context, case_id: str, state_json: Message, depth: int, got: Message
) -> Found:
    """Walk the divide from ``state_json`` to where the adapter departs; explain and save it."""
    state = State.from_json(state_json)
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
        reply = ctx.adapter.request("perft", state=child.to_json(), depth=depth - 1)
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
    lines = [f"bisected {where}: the legal moves differ (state {state.digest()[:12]})"]
    if missing:
        lines.append("  missing: " + ", ".join(missing))
    if extra:
        lines.append("  extra:   " + ", ".join(extra))
    blame = moves_blame(state.to_json(), missing, extra)
    case = {
        "id": f"{case_id}-bisected",
        "description": f"The state where {case_id} departs from the reference ({where}).",
        "rules": sorted(blame) or ["SC-TURN-02"],
        "state": state.to_json(),
        "expected": {"moves": [str(m) for m in legal_moves(state)]},
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
        f"  so its own apply of {move!r} differs (state {state.digest()[:12]})",
    ]
    reply = ctx.adapter.request("apply", state=state.to_json(), move=move)
    blame: frozenset[str] = frozenset()
    if isinstance(reply, Result) and "rejection" in reply.data:
        reason = reply.data["rejection"]["reason"]
        lines.append(f"  its apply of {move!r} was rejected ({reason!r}) though it is legal")
        blame = rejected_blame(state.to_json(), move, reason)
    elif isinstance(reply, Result):
        got = reply.data["state"]
        lines.append(state_diff(child.to_json(), got, state.to_json()))
        blame = state_blame(state.to_json(), move, child.to_json(), got)
    case = {
        "id": f"{case_id}-bisected",
        "description": f"The move where {case_id} departs from the reference ({where}).",
        "rules": sorted(blame) or ["SC-TURN-02"],
        "state": state.to_json(),
        "move": move,
        "expected": {"state": child.to_json()},
    }
    saved = ctx.save("apply", case, "An apply vector found by bisecting a perft mismatch.")
    if saved is not None:
        lines.append(f"  saved as an apply vector: {saved}")
    return Found("\n".join(lines), blame)
