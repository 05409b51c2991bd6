"""What a fuzz game found, saved: the first departure of play told in full with its minimal
trace, saved as a ``trace`` vector (a ``deal`` vector when it is the first deal alone), and the
state where it shows as an ``apply``, ``reject`` or ``legal`` vector (laid out like
``spec/vectors``, so ``--vectors-dir`` runs them).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from scout_ref.conformance.fuzz.disagreements import HEAD, Disagreement
from scout_ref.conformance.model.kinds import VectorKind
from scout_ref.conformance.model.outcomes import OFFICIAL_RULES, Message
from scout_ref.conformance.oracle.answers import expectation
from scout_ref.conformance.process.context import Context
from scout_ref.engine.state import State
from scout_ref.engine.variants import Rules as Switches
from scout_ref.errors import MalformedInputError
from scout_ref.formats.state_json import state_to_json
from scout_ref.formats.trace import complete
from scout_ref.util.text import plural

Step = Message
"""``{"deal": [cards] | None}`` or ``{"move": text}``, as in a trace vector."""


def trace_case(
    case_id: str, players: int, steps: Sequence[Step], what: str, blame: frozenset[str]
) -> Message:
    """A trace vector case for ``steps``, with the reference's digests and round-end states.

    It cites the rules the disagreement points at (with one of them, that is its focus).
    """
    return {
        "id": case_id,
        "description": f"Found by fuzzing: the adapter departs at the last step ({what}).",
        "rules": sorted(blame) or ["SC-TURN-02"],
        **({"focus": next(iter(blame))} if len(blame) == 1 else {}),
        "players": players,
        "game_rules": OFFICIAL_RULES,
        "steps": complete(players, Switches(), steps),
    }


def deal_case(case_id: str, players: int, step: Step, blame: frozenset[str]) -> Message:
    """A ``deal`` vector case for a minimal trace that is its first deal alone (the trace
    schema wants a move after it): a new game of ``players`` dealt from that deck.

    >>> from scout_ref.engine.setup import shuffled_deck
    >>> deck = [str(card) for card in shuffled_deck(3, seed=0)]
    >>> case = deal_case("fuzz-3p-1-1", 3, {"deal": deck}, frozenset({"SC-SETUP-03"}))
    >>> case["focus"], [len(h) for h in case["expected"]["state"]["hands"]]
    ('SC-SETUP-03', [12, 12, 12])
    """
    case: Message = {
        "id": case_id,
        "description": "Found by fuzzing: the adapter departs at the first deal.",
        "rules": sorted(blame) or ["SC-SETUP-03"],
        **({"focus": next(iter(blame))} if len(blame) == 1 else {}),
        "input": {"players": players, "rules": OFFICIAL_RULES, "deck": step["deal"]},
    }
    case["expected"] = expectation("deal", case)
    return case


def explain(
    ctx: Context, case_id: str, players: int, steps: list[Step], found: Disagreement
) -> str:
    """``found`` in full, with the minimal trace ``steps`` that shows it, saved as vectors; only
    the departure and its rules when there is no trace (a departure of the adapter's own deal)."""
    points = ", ".join(sorted(found.blame)) or "no rule"
    head = f"{HEAD}step {found.index} ({found.request})"
    multiline = found.detail.startswith("  ")
    lines = [f"{head}:\n{found.detail}" if multiline else f"{head}: {found.detail}"]
    lines.append(f"it points at {points}")
    if not steps:  # the adapter's own deal: no trace shows it
        return "\n".join(lines)
    lines.append(f"minimal trace ({plural(len(steps), 'step')}):")
    lines += [
        f"  {k}: " + (_deal_text(s["deal"]) if "deal" in s else s["move"])
        for k, s in enumerate(steps)
    ]
    if len(steps) == 1:  # the first deal departs: a trace is a deal and at least one move
        saved = ctx.save(
            "deal",
            deal_case(case_id, players, steps[0], found.blame),
            "A deal found by differential fuzzing.",
        )
        if saved is not None:
            lines.append(f"saved as a deal vector: {saved}")
    else:
        saved = ctx.save(
            "trace",
            trace_case(case_id, players, steps, found.request, found.blame),
            "A trace found by differential fuzzing.",
        )
        if saved is not None:
            lines.append(f"saved as a trace vector: {saved}")
    if found.move is not None and found.state is not None:
        saved = _save_move_vector(ctx, case_id, found.state, found.move, found.blame)
        if saved is not None:
            lines.append(f"saved as a vector: {saved}")
    if found.request == "legal" and found.state is not None:
        vector = {
            "id": f"{case_id}-legal",
            "description": "The state where the fuzzed adapter's legal moves differ.",
            "rules": sorted(found.blame) or ["SC-TURN-02"],
            "state": state_to_json(found.state),
        }
        vector["expected"] = expectation("legal", vector)
        saved = ctx.save("legal", vector, "A legal-move vector found by differential fuzzing.")
        if saved is not None:
            lines.append(f"saved as a legal vector: {saved}")
    return "\n".join(lines)


def _save_move_vector(
    ctx: Context, case_id: str, state: State, move: str, blame: frozenset[str]
) -> Path | None:
    """A shared move made differently as an ``apply`` vector, a forbidden one accepted as a
    ``reject`` vector (:mod:`scout_ref.conformance.fuzz.lists`)."""
    case: Message = {
        "id": f"{case_id}-move",
        "description": f"The move {move!r}, where the fuzzed adapter departs from the reference.",
        "rules": sorted(blame) or ["SC-TURN-02"],
        "state": state_to_json(state),
        "move": move,
    }
    kind: VectorKind = "apply"
    try:
        case["expected"] = expectation(kind, case)
    except MalformedInputError:  # a move the rules forbid (SC-NOTE-07)
        kind = "reject"
        case["expected"] = expectation(kind, case)
    return ctx.save(kind, case, "A vector found by differential fuzzing.")


def _deal_text(deck: list[str] | None) -> str:
    """A deal step in a few words (the deck itself is in the saved vector)."""
    return "deal the set-aside cards" if deck is None else f"deal {len(deck)} cards"
