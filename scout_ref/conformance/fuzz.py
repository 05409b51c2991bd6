"""Differential fuzzing: random games played by the reference, the adapter checked at every step.

Each game is a list of steps (deals and moves). Before every move the adapter lists the legal
moves, then applies the move; every deal and every scored round is compared too. The first
disagreement is shrunk: the game is cut right after it, and if it shows in a later round the
earlier rounds are dropped when that round, dealt as a new game, still shows it. The result is
printed and saved as a ``trace`` vector (plus a ``legal`` vector when move lists differ).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scout_ref._serialize import deck_from_json
from scout_ref.conformance.adapter import score
from scout_ref.conformance.cases.traces import steps as record_steps
from scout_ref.conformance.outcomes import (
    OFFICIAL_RULES,
    Case,
    CaseResult,
    Context,
    Outcome,
    state_diff,
)
from scout_ref.conformance.protocol import Errored, Message, ProtocolError, Reply, Result, Skipped
from scout_ref.conformance.runner import move_list_difference
from scout_ref.conformance.vectors import replay
from scout_ref.errors import MalformedInputError
from scout_ref.game import next_round
from scout_ref.notation import parse_move
from scout_ref.setup import new_game
from scout_ref.simulation import random_game
from scout_ref.state import Phase, State
from scout_ref.turn import apply_move, is_legal, legal_moves

Step = Message
"""``{"deal": [cards] | None}`` or ``{"move": text}``, as in a trace vector."""


@dataclass(frozen=True, slots=True)
class Disagreement:
    """Where the adapter first departs from the reference: the step, the request and how."""

    index: int
    request: str
    detail: str
    state: State | None = None
    """The state the request was made in (for ``legal``: saved as a legal vector)."""


class Invalid(Exception):
    """A shrinking candidate that the reference itself cannot play."""


def game_steps(players: int, seed: str) -> list[Step]:
    """The steps of a random reference game (as in :func:`~scout_ref.simulation.random_game`)."""
    record = random_game(players, seed)
    return list(record_steps(record, len(record.rounds)))


def _result(reply: Reply, index: int, request: str) -> Result | Disagreement:
    match reply:
        case Result():
            return reply
        case Skipped(reason):
            return Disagreement(index, request, f"the adapter skipped it: {reason}")
        case Errored(message):
            return Disagreement(index, request, f"the adapter answered errored: {message}")


def _compare_state(got: Result, ref: State) -> str:
    if "rejection" in got.data:
        return f"rejected ({got.data['rejection'].get('reason')!r}) but it is legal"
    expected = ref.to_json()
    return "" if got.data["state"] == expected else state_diff(expected, got.data["state"])


def check(ctx: Context, players: int, steps: Sequence[Step]) -> Disagreement | None:
    """Play ``steps`` in the reference, comparing the adapter after each; the first departure.

    Raises:
        Invalid: if the reference cannot play the steps (a shrinking candidate went wrong).
    """
    state: State | None = None
    for k, step in enumerate(steps):
        if "deal" in step:
            found, state = _check_deal(ctx, k, players, state, step["deal"])
        else:
            assert state is not None, "a game starts with a deal"
            found, state = _check_move(ctx, k, state, step["move"])
        if found is None and state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            found = _check_score(ctx, k, state)
        if found is not None:
            return found
    return None


def _check_deal(
    ctx: Context, k: int, players: int, before: State | None, deck: list[str] | None
) -> tuple[Disagreement | None, State]:
    try:
        if before is None:
            assert deck is not None, "a new game is dealt from a deck"
            given: Message = {"players": players, "rules": OFFICIAL_RULES, "deck": deck}
            state = new_game(players, deck_from_json(deck))
        else:
            given = {"state": before.to_json(), "deck": deck}
            state = next_round(before, None if deck is None else deck_from_json(deck))
    except MalformedInputError as exc:
        raise Invalid(str(exc)) from None
    got = _result(ctx.adapter.request("deal", input=given), k, "deal")
    if isinstance(got, Disagreement):
        return got, state
    diff = _compare_state(got, state)
    return (Disagreement(k, "deal", diff, before) if diff else None), state


def _check_move(
    ctx: Context, k: int, before: State, text: str
) -> tuple[Disagreement | None, State]:
    move = parse_move(text)
    if not is_legal(before, move):
        raise Invalid(f"{text!r} is not legal here")
    state = apply_move(before, move)
    data = before.to_json()
    listed = _result(ctx.adapter.request("legal", state=data), k, "legal")
    if isinstance(listed, Disagreement):
        return listed, state
    expected = [str(m) for m in legal_moves(before)]
    difference = move_list_difference(expected, listed.data["moves"])
    if difference:
        return Disagreement(k, "legal", difference, before), state
    applied = _result(ctx.adapter.request("apply", state=data, move=text), k, "apply")
    if isinstance(applied, Disagreement):
        return applied, state
    diff = _compare_state(applied, state)
    return (Disagreement(k, f"apply {text!r}", diff, before) if diff else None), state


def _check_score(ctx: Context, k: int, state: State) -> Disagreement | None:
    got = _result(ctx.adapter.request("score", state=state.to_json()), k, "score")
    if isinstance(got, Disagreement):
        return got
    expected = score(state)
    problems = [
        f"{key}: expected {expected[key]}, got {got.data[key]}"
        for key in ("round_scores", "totals")
        if got.data[key] != expected[key]
    ]
    if sorted(got.data["winners"]) != sorted(expected["winners"]):
        problems.append(f"winners: expected {expected['winners']}, got {got.data['winners']}")
    return Disagreement(k, "score", "; ".join(problems), state) if problems else None


def shrink(ctx: Context, players: int, steps: list[Step], found: Disagreement) -> list[Step]:
    """The shortest trace that still shows a disagreement: cut after it, drop earlier rounds.

    The failing round is replayed as the first round of a new game, its deck turned so that
    the seat that started it is seat 0: the same moves then fall to the same hands.
    """
    steps = steps[: found.index + 1]
    deals = [k for k, s in enumerate(steps) if "deal" in s]
    last, start = deals[-1], (len(deals) - 1) % players
    deck = steps[last]["deal"]
    if last == 0 or deck is None:
        return steps
    cut = start * (len(deck) // players)
    candidate = [{"deal": deck[cut:] + deck[:cut]}, *steps[last + 1 :]]
    try:
        again = check(ctx, players, candidate)
    except Invalid:
        return steps
    return candidate[: again.index + 1] if again is not None else steps


def trace_case(case_id: str, players: int, steps: Sequence[Step], what: str) -> Message:
    """A trace vector case for ``steps``, with the reference's digests and round-end states."""
    case: Message = {
        "id": case_id,
        "description": f"Found by fuzzing: the adapter departs at the last step ({what}).",
        "rules": ["SC-TURN-02"],
        "players": players,
        "game_rules": OFFICIAL_RULES,
        "steps": list(steps),
    }
    return {**case, "steps": replay(case)}


def fuzz_game(ctx: Context, players: int, seed: str) -> CaseResult:
    """Play one random game against the adapter; shrink, print and save any disagreement."""
    case_id = f"fuzz-{players}p-{seed.replace(':', '-')}"
    case = Case(
        case_id,
        "fuzz",
        f"random {players}-player game, seed {seed!r}",
        (),
        {"players": players, "game_rules": OFFICIAL_RULES, "steps": []},
        "fuzz",
    )
    steps = game_steps(players, seed)
    try:
        found = check(ctx, players, steps)
        if found is None:
            return CaseResult(case, Outcome.PASSED)
        small = shrink(ctx, players, steps, found)
    except ProtocolError as exc:
        return CaseResult(case, Outcome.ERRORED, exc.describe(), fault=exc.fault)
    return CaseResult(case, Outcome.FAILED, _explain(ctx, case_id, players, small, found))


def _explain(
    ctx: Context, case_id: str, players: int, steps: list[Step], found: Disagreement
) -> str:
    lines = [f"the adapter departs at step {found.index} ({found.request}): {found.detail}"]
    lines.append(f"minimal trace ({len(steps)} steps):")
    lines += [
        f"  {k}: " + (_deal_text(s["deal"]) if "deal" in s else s["move"])
        for k, s in enumerate(steps)
    ]
    saved = ctx.save(
        "trace",
        trace_case(case_id, players, steps, found.request),
        "A trace found by differential fuzzing.",
    )
    if saved is not None:
        lines.append(f"saved as a trace vector: {saved}")
    if found.request == "legal" and found.state is not None:
        legal = {
            "id": f"{case_id}-legal",
            "description": "The state where the fuzzed adapter's legal moves differ.",
            "rules": ["SC-TURN-02"],
            "state": found.state.to_json(),
            "expected": {"moves": [str(m) for m in legal_moves(found.state)]},
        }
        saved = ctx.save("legal", legal, "A legal-move vector found by differential fuzzing.")
        if saved is not None:
            lines.append(f"saved as a legal vector: {saved}")
    return "\n".join(lines)


def fuzz(
    ctx: Context, games: int, seed: int, out: list[CaseResult] | None = None
) -> list[CaseResult]:
    """``games`` random games, cycling through the player counts the adapter claims; each
    result is appended to ``out`` as it comes."""
    hello = ctx.adapter.hello
    counts = sorted(hello.capabilities.players) if hello else [2, 3, 4, 5]
    results = [] if out is None else out
    for k in range(games):
        results.append(fuzz_game(ctx, counts[k % len(counts)], f"{seed}:{k}"))
    return results


def _deal_text(deck: list[str] | None) -> str:
    return "deal the set-aside cards" if deck is None else f"deal {' '.join(deck)}"
