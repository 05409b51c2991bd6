"""Games as ``trace`` vectors: writing a played game, and replaying any trace to check it.

A trace case lists its steps in order: a ``deal`` (the deck, or null for the two-player second
round) or a ``move`` in canonical notation, each with the digest of the state after it; a step
that ends a round also carries that scored state in full. Replaying recomputes every step with
the engine and stops at the first step where the trace and the engine part ways.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from scout_ref.engine.components import OrientedCard
from scout_ref.engine.game import next_round
from scout_ref.engine.notation import Move, parse_move
from scout_ref.engine.setup import new_game
from scout_ref.engine.state import Phase, RoundEnd, State
from scout_ref.engine.turn import apply_move, check_move
from scout_ref.engine.variants import Rules
from scout_ref.errors import MalformedInputError, ScoutError
from scout_ref.formats.state_json import (
    deck_from_json,
    rules_from_json,
    rules_to_json,
    state_digest,
    state_to_json,
)
from scout_ref.rulebook.registry import rules as registry
from scout_ref.rulebook.registry import spec_version

JSON = dict[str, Any]
OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)


def deal_step(deck: Sequence[OrientedCard] | None, state: State) -> JSON:
    """The step that deals ``state`` from ``deck`` (None: the two-player set-aside cards)."""
    return {"deal": None if deck is None else [str(c) for c in deck], "digest": state_digest(state)}


def move_step(move: Move, state: State) -> JSON:
    """The step of ``move``, which led to ``state``; a round's last step carries the state."""
    step: JSON = {"move": str(move), "digest": state_digest(state)}
    if state.phase in OVER:
        step["state"] = state_to_json(state)
    return step


def _scoring_rules(state: JSON, players: int) -> set[str]:
    ids = {"SC-SCORE-01", "SC-SCORE-03"}
    if state["round_end"] == RoundEnd.EMPTY_HAND.value:
        ids.add("SC-END-01")
    else:
        ids.add("SC-END-02" if players > 2 else "SC-VAR2-05")
        if state["rules"]["owner_exemption"]:
            ids.add("SC-SCORE-04")
    if state["phase"] == Phase.GAME_OVER.value:
        ids.update({"SC-GAME-01", "SC-GAME-04"})
    return ids


def exercised(players: int, steps: Sequence[JSON]) -> list[str]:
    """The rule IDs a recorded game exercises, in rulebook order."""
    ids = {"SC-SETUP-03", "SC-TURN-01", "SC-SHOW-03", "SC-SCORE-06"}
    moves = [str(s["move"]) for s in steps if "move" in s]
    if any(m in ("keep", "flip") for m in moves):
        ids.add("SC-ORIENT-01")
    if any(m.startswith("scout") for m in moves):
        ids.add("SC-VAR2-03" if players == 2 else "SC-SCOUT-03")
    if any("+" in m for m in moves):
        ids.add("SC-SNS-01")
    for step in steps:
        if "state" in step:
            ids |= _scoring_rules(step["state"], players)
    return [rid for rid in registry() if rid in ids]


def trace_case(
    case_id: str, description: str, players: int, rules: Rules, steps: Sequence[JSON]
) -> JSON:
    """A trace case for ``steps``, played by ``players`` under ``rules``."""
    return {
        "id": case_id,
        "description": description,
        "rules": exercised(players, steps),
        "players": players,
        "game_rules": rules_to_json(rules),
        "steps": list(steps),
    }


def trace_document(description: str, cases: Sequence[JSON]) -> JSON:
    """A whole ``trace`` vector file."""
    return {
        "spec_version": spec_version(),
        "kind": "trace",
        "description": description,
        "cases": list(cases),
    }


class TraceDivergence(ScoutError):
    """The engine does not reproduce a step of a trace."""


@dataclass(frozen=True, slots=True)
class Replayed:
    """One step replayed: where it is, who acted (None for a deal), what it did, the state after."""

    index: int
    seat: int | None
    text: str
    state: State


def _fail(where: str, message: str) -> MalformedInputError:
    return MalformedInputError("trace", [(where, message)])


def _deck(data: object, where: str) -> tuple[OrientedCard, ...] | None:
    return None if data is None else deck_from_json(data, where)


def case_setup(case: object, where: str) -> tuple[str, int, Rules, list[JSON]]:
    """A trace case's ID, player count, rules switches (``game_rules``) and steps.

    Raises:
        MalformedInputError: if the case is not shaped like a trace case.
    """
    if not isinstance(case, dict) or not isinstance(case.get("players"), int):
        raise _fail(where, "a trace case has players, game_rules and steps")
    rules = rules_from_json(case.get("game_rules"), f"{where}/game_rules")
    steps = case.get("steps")
    if not isinstance(steps, list) or not steps or not all(isinstance(s, dict) for s in steps):
        raise _fail(f"{where}/steps", "needs a non-empty list of step objects")
    return str(case.get("id", "?")), case["players"], rules, steps


def replay(players: int, rules: Rules, steps: Sequence[JSON], where: str) -> Iterator[Replayed]:
    """Replay ``steps`` with the engine, yielding each step as it is confirmed.

    Raises:
        MalformedInputError: if a step is not a deal or a move with a digest.
        TraceDivergence: at the first step the engine does not reproduce.
    """
    state: State | None = None
    for k, step in enumerate(steps):
        at = f"{where}/steps/{k}"
        if not isinstance(step.get("digest"), str):
            raise _fail(at, "every step has a digest")
        seat = None
        if "deal" in step:
            state = _deal(state, players, rules, _deck(step["deal"], f"{at}/deal"), at)
            text = "deal"
        elif isinstance(step.get("move"), str):
            if state is None:
                raise _fail(at, "the first step is a deal")
            move = parse_move(step["move"])
            seat = state.turn
            state = _move(state, move, k)
            text = str(move)
        else:
            raise _fail(at, "a step is a deal or a move")
        _check(state, step, k)
        yield Replayed(k, seat, text, state)


def _deal(
    state: State | None, players: int, rules: Rules, deck: tuple[OrientedCard, ...] | None, at: str
) -> State:
    if state is None:
        if deck is None:
            raise _fail(f"{at}/deal", "the first deal needs a deck")
        return new_game(players, deck, rules)
    if state.phase is not Phase.ROUND_OVER:
        raise TraceDivergence(
            f"step {at.rsplit('/', 1)[-1]}: the trace deals a new round, but the engine's "
            f"round is in the {state.phase.value} phase"
        )
    return next_round(state, deck)


def _move(state: State, move: Move, k: int) -> State:
    rejection = check_move(state, move)
    if rejection is not None:
        raise TraceDivergence(
            f"step {k}: {str(move)!r} is illegal here: {rejection.reason.value} "
            f"({rejection.rule}), {rejection.detail}"
        )
    return apply_move(state, move)


def _check(state: State, step: JSON, k: int) -> None:
    if step["digest"] != state_digest(state):
        raise TraceDivergence(
            f"step {k}: state digest differs: trace {step['digest'][:12]}, "
            f"engine {state_digest(state)[:12]}"
        )
    recorded = step.get("state")
    over = state.phase in OVER and "move" in step
    if recorded is None and over:
        raise TraceDivergence(f"step {k}: the engine ends the round here; the trace has no state")
    if recorded is not None and not over:
        raise TraceDivergence(f"step {k}: the trace ends a round here; the engine does not")
    if recorded is not None and recorded != state_to_json(state):
        mine = state_to_json(state)
        keys = sorted(key for key in mine if recorded.get(key) != mine[key])
        raise TraceDivergence(f"step {k}: the round-end state differs in {', '.join(keys)}")
