"""Games as ``trace`` vectors: the one home of writing, reading and replaying a trace.

A trace case lists its steps in order: a ``deal`` (the deck, or null for the two-player second
round) or a ``move`` in canonical notation, each with the digest of the state after it; a step
that ends a round also carries that scored state in full.

* Writing: :func:`deal_step` and :func:`move_step` write one step as it is played,
  :func:`played_steps` a whole game from its deals and moves, :func:`draft_steps` a recorded
  game's deals and moves without digests; :func:`play_step` plays and writes one step of such a
  draft, and :func:`complete` a whole draft, with the engine's digests and states;
  :func:`trace_case` and :func:`trace_document` wrap the steps.
* Reading: :func:`case_setup`.
* Replaying: :func:`step_state` plays one step; :func:`replay` plays them all, and stops at the
  first step where the trace and the engine part ways.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from scout_ref.analysis.simulation import GameRecord
from scout_ref.engine.components import OrientedCard
from scout_ref.engine.game import next_round
from scout_ref.engine.notation import Move, ScoutInner, ShowCards, Written, parse_written
from scout_ref.engine.setup import new_game
from scout_ref.engine.state import Phase, RoundEnd, State
from scout_ref.engine.turn import apply_move, check_move, check_probe
from scout_ref.engine.variants import Rules
from scout_ref.errors import MalformedInputError, Rejection, ScoutError
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


Round = tuple[Sequence[OrientedCard] | None, Sequence[Move]]
"""A round as it is played: its deck (None: the two-player set-aside cards) and its moves."""


def played_steps(players: int, rules: Rules, rounds: Iterable[Round]) -> list[JSON]:
    """The steps of a game dealt and played round by round, each with its digest.

    Raises:
        MalformedInputError: if a deck is missing or wrong.
        TraceDivergence: if a round is dealt before the last one ends, or a move is illegal.
    """
    steps: list[JSON] = []
    game: State | None = None
    for deck, moves in rounds:
        dealt = None if deck is None else tuple(deck)
        game = _deal(game, players, rules, dealt, f"/steps/{len(steps)}")
        steps.append(deal_step(deck, game))
        for move in moves:
            game = _move(game, move, f"/steps/{len(steps)}")
            steps.append(move_step(move, game))
    return steps


def draft_steps(record: GameRecord, rounds: int) -> list[JSON]:
    """The deal and move steps of the first ``rounds`` rounds of a recorded game, without
    digests (:func:`complete` fills them in).

    A round's deck is its dealt hands in seat order, then any set-aside cards; the second
    two-player round is dealt from the set-aside cards, so its deal step carries no deck.
    """
    out: list[JSON] = []
    for number, rnd in enumerate(record.rounds[:rounds], start=1):
        start = rnd.start
        if record.players == 2 and number == 2:
            out.append({"deal": None})
        else:
            deck = [c for hand in start.hands for c in hand] + list(start.set_aside)
            out.append({"deal": [str(c) for c in deck]})
        out += [{"move": str(m)} for m in rnd.moves]
    return out


def complete(players: int, rules: Rules, draft: Sequence[JSON], where: str = "") -> list[JSON]:
    """The steps of a draft trace (deals and moves) with the digests the engine gives, and
    its states at each round end and at the last step (a round that need not end may stop
    mid-round).

    Raises:
        MalformedInputError: if a step is not a deal or a move.
        TraceDivergence: if the engine cannot play a step.
    """
    out: list[JSON] = []
    state: State | None = None
    for k, step in enumerate(draft):
        state, written = play_step(state, players, rules, step, f"{where}/steps/{k}")
        out.append(written)
    if out and state is not None:
        out[-1]["state"] = state_to_json(state)
    return out


def play_step(
    state: State | None, players: int, rules: Rules, step: JSON, at: str = ""
) -> tuple[State, JSON]:
    """One step of a draft (a deal or a move) played from ``state`` (None before the first
    deal): the state after it, and the step as a trace writes it (:func:`deal_step`,
    :func:`move_step`).

    Raises:
        MalformedInputError: if the step is not a deal or a move.
        TraceDivergence: if the engine cannot play it.
    """
    after, move, deck = _play(state, players, rules, step, at)
    return after, deal_step(deck, after) if move is None else move_step(move, after)


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


def step_state(state: State | None, players: int, rules: Rules, step: JSON, at: str) -> State:
    """The state after one step (``at`` is its place in the trace) from ``state``, None
    before the first deal.

    Raises:
        MalformedInputError: if the step is not a deal or a move.
        TraceDivergence: if the engine cannot play it.
    """
    return _play(state, players, rules, step, at)[0]


def _play(
    state: State | None, players: int, rules: Rules, step: JSON, at: str
) -> tuple[State, Move | None, tuple[OrientedCard, ...] | None]:
    """:func:`step_state`, with the move or the deck the step plays."""
    if "deal" in step:
        deck = _deck(step["deal"], f"{at}/deal")
        return _deal(state, players, rules, deck, at), None, deck
    if not isinstance(step.get("move"), str):
        raise _fail(at, "a step is a deal or a move")
    if state is None:
        raise _fail(at, "the first step is a deal")
    move = parse_written(step["move"])
    if isinstance(move, ScoutInner | ShowCards):  # a move the rules forbid (SC-NOTE-07)
        raise _illegal(at, move, check_probe(state, move))
    return _move(state, move, at), move, None


def replay(
    players: int, rules: Rules, steps: Sequence[JSON], where: str, *, check: bool = True
) -> Iterator[Replayed]:
    """Replay ``steps`` with the engine, yielding each step as it is confirmed (with
    ``check=False``, as it is played: the steps need no digest).

    Raises:
        MalformedInputError: if a step is not a deal or a move with a digest.
        TraceDivergence: at the first step the engine does not reproduce.
    """
    state: State | None = None
    for k, step in enumerate(steps):
        at = f"{where}/steps/{k}"
        if check and not isinstance(step.get("digest"), str):
            raise _fail(at, "every step has a digest")
        seat = None if state is None or "deal" in step else state.turn
        state, move, _ = _play(state, players, rules, step, at)
        if check:
            _check(state, step, k, last=k == len(steps) - 1)
        yield Replayed(k, seat, "deal" if move is None else str(move), state)


def _number(at: str) -> str:
    """The step number at the end of a step's place."""
    return at.rsplit("/", 1)[-1]


def _deal(
    state: State | None, players: int, rules: Rules, deck: tuple[OrientedCard, ...] | None, at: str
) -> State:
    if state is None:
        if deck is None:
            raise _fail(f"{at}/deal", "the first deal needs a deck")
        return new_game(players, deck, rules)
    if state.phase is not Phase.ROUND_OVER:
        raise TraceDivergence(
            f"step {_number(at)}: the trace deals a new round, but the engine's "
            f"round is in the {state.phase.value} phase"
        )
    if deck is None and not state.is_two_player:
        raise _fail(f"{at}/deal", "a new round needs a deck")
    return next_round(state, deck)


def _move(state: State, move: Move, at: str) -> State:
    rejection = check_move(state, move)
    if rejection is not None:
        raise _illegal(at, move, rejection)
    return apply_move(state, move)


def _illegal(at: str, move: Written, rejection: Rejection) -> TraceDivergence:
    return TraceDivergence(
        f"step {_number(at)}: {str(move)!r} is illegal here: {rejection.reason.value} "
        f"({rejection.rule}), {rejection.detail}"
    )


def _check(state: State, step: JSON, k: int, *, last: bool = False) -> None:
    """Raise unless the step reached what it records: its digest, and a state where it ends a
    round, or is the last step (a trace of a round that need not end stops with its state)."""
    if step["digest"] != state_digest(state):
        raise TraceDivergence(
            f"step {k}: state digest differs: trace {step['digest'][:12]}, "
            f"engine {state_digest(state)[:12]}"
        )
    recorded = step.get("state")
    over = state.phase in OVER and "move" in step
    if recorded is None and over:
        raise TraceDivergence(f"step {k}: the engine ends the round here; the trace has no state")
    if recorded is not None and not over and not last:
        raise TraceDivergence(f"step {k}: the trace ends a round here; the engine does not")
    if recorded is not None and recorded != state_to_json(state):
        mine = state_to_json(state)
        keys = sorted(key for key in mine if recorded.get(key) != mine[key])
        raise TraceDivergence(f"step {k}: the round-end state differs in {', '.join(keys)}")
