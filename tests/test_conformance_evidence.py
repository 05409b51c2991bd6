"""Verdicts from evidence: resync after a departure, follow-up questions, blame by content."""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from typing import Any, cast

import pytest

from scout_ref import state_from_json, state_to_json
from scout_ref.conformance.blame.states import state_blame
from scout_ref.conformance.cases._case import facing
from scout_ref.conformance.cases.scoring import unbeaten
from scout_ref.conformance.fuzz.games import fuzz_game
from scout_ref.conformance.judge.observe import by_sight, cards_in, observation_rules
from scout_ref.conformance.judge.runner import load_cases, run_case
from scout_ref.conformance.model.kinds import CaseKind
from scout_ref.conformance.model.outcomes import Case, Message, Outcome
from scout_ref.conformance.oracle.server import answer
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.protocol.features import DEFAULT_FEATURES, missing_feature
from scout_ref.conformance.protocol.messages import Capabilities, Hello, Reply, read_reply
from scout_ref.conformance.vectors.build import vectors_dir
from scout_ref.engine.game import next_round
from scout_ref.engine.notation import parse_move
from scout_ref.engine.setup import new_game
from scout_ref.engine.turn import apply_move
from scout_ref.engine.variants import Rotation, Rules

Wrong = Callable[[Message, Message], Message]
"""How a wrong engine changes the reference's reply to a request."""


class InProcess:
    """The reference adapter answered in-process, its replies changed by ``wrong``."""

    hello: Hello | None = None

    def __init__(self, wrong: Wrong, skips: tuple[str, ...] = ()) -> None:
        self.wrong, self.skips = wrong, skips
        self.asked: list[str] = []
        self.next_id = 1

    def request(self, kind: str, **fields: object) -> Reply:
        message: Message = {"id": self.next_id, "type": kind, **fields}
        self.next_id += 1
        self.asked.append(kind)
        if kind in self.skips:
            return read_reply({"id": message["id"], "type": "skipped", "reason": "no"}, message)
        return read_reply(self.wrong(message, answer(message)), message)


def context(wrong: Wrong, skips: tuple[str, ...] = ()) -> tuple[Context, InProcess]:
    adapter = InProcess(wrong, skips)
    return Context(cast(Any, adapter)), adapter


def reversed_deals(request: Message, reply: Message) -> Message:
    """Deals every hand in the reverse order (and plays correctly from any state)."""
    if request["type"] == "deal":
        reply = copy.deepcopy(reply)
        reply["state"]["hands"] = [h[::-1] for h in reply["state"]["hands"]]
    return reply


def no_exemption(request: Message, reply: Message) -> Message:
    """Charges the owner of an unbeaten set for its hand, in states and in score answers."""
    reply = copy.deepcopy(reply)
    state = reply.get("state") if request["type"] == "apply" else request.get("state")
    if not isinstance(state, dict) or state.get("round_end") != "unbeaten":
        return reply
    owner, hand = state["owner"], len(state["hands"][state["owner"]])
    if request["type"] == "apply":
        reply["state"]["scores"][owner] -= hand
    elif request["type"] == "score":
        row = reply["round_scores"][owner]
        row.update(exempt=False, hand_penalty=hand, total=row["total"] - hand)
        reply["totals"][owner] -= hand
    return reply


@cache
def shipped() -> dict[str, Case]:
    return {c.id: c for c in load_cases(vectors_dir())}


def case_named(case_id: str) -> Case:
    return shipped()[case_id]


@pytest.mark.rule("SC-SETUP-03")
def test_a_trace_goes_on_after_a_deal_that_differs() -> None:
    """Every deal differs, every move is right: the trace is blamed on the deal alone, and its
    moves are judged from the reference's deal."""
    ctx, _ = context(reversed_deals)
    result = run_case(ctx, case_named("trace-games-3p-game-1"))
    assert result.outcome is Outcome.FAILED
    assert result.blame == ("SC-SETUP-03",)
    assert result.deal_departed
    assert "3 steps differ" in result.message
    judged = dict(result.steps_judged)
    assert judged["SC-SETUP-03"] == 3
    assert judged["SC-TURN-01"] > 20  # the moves after each deal were compared


@pytest.mark.rule("SC-SCORE-04")
def test_a_score_only_difference_is_settled_by_the_breakdown() -> None:
    """A hand-sized difference for the owner fits the hand penalty and the exemption; the
    adapter's own breakdown of the same ended round says which."""
    before = facing(4, "5/3 6/1 7/3", "4/9 7/1", seat=3, others=3, scout_chips=[2, 1, 0, 0])
    ctx, adapter = context(no_exemption)
    case = case_for_apply(state_to_json(before), "scout L @0")
    result = run_case(ctx, case)
    assert result.outcome is Outcome.FAILED
    assert result.blame == ("SC-SCORE-04",)
    assert adapter.asked == ["apply", "score"]


def case_for_apply(state: Message, move: str) -> Case:
    expected = state_to_json(apply_move(state_from_json(state), parse_move(move)))
    data = {"state": state, "move": move, "expected": {"state": expected}}
    return Case("apply-x", "apply", "", ("SC-END-02",), data, "apply/x.json")


@pytest.mark.rule("SC-SCORE-04")
def test_without_a_score_request_the_difference_alone_is_read() -> None:
    state = unbeaten(players=4)
    owner = state.owner
    assert owner is not None
    got: Message = dict(state_to_json(state))
    penalty = len(state.hands[owner])
    got["scores"] = [s - (penalty if k == owner else 0) for k, s in enumerate(state.scores)]
    assert "SC-SCORE-04" in state_blame(None, "scout L @0", state_to_json(state), got)


@pytest.mark.rule("SC-INFO-01")
def test_a_hidden_card_revealed_anywhere_breaks_sc_info_01() -> None:
    case = case_named("observe-information-scouted-card-followed")
    expected = case.data["expected"]["observation"]
    start = case.data["state"]
    seat = case.data["seat"]
    other = (seat + 1) % start["players"]
    known = cards_in(by_sight(expected))  # the unseen cards are named, not seen (SC-INFO-08)
    k, card = next((k, c) for k, c in enumerate(start["hands"][other]) if not cards_in(c) & known)
    leaked = copy.deepcopy(expected)
    leaked["history"]["start"]["hands"][other][k] = card  # in the recalled start view
    assert observation_rules(case.data, expected, leaked) == {"SC-INFO-01"}
    leaked = copy.deepcopy(expected)
    leaked["public"]["hands"][other][0] = card  # in today's public view
    assert observation_rules(case.data, expected, leaked) == {"SC-INFO-01"}


@pytest.mark.rule("SC-ORIENT-01", "SC-VAR-04")
@pytest.mark.parametrize(
    ("rotation", "rule"),
    [(Rotation.EACH_ROUND, "SC-ORIENT-01"), (Rotation.ONCE_PER_GAME, "SC-VAR-04")],
)
def test_a_round_that_opens_in_the_wrong_phase_breaks_the_rotation_rule(
    rotation: Rotation, rule: str
) -> None:
    ended = unbeaten(Rules(rotation=rotation), players=3)
    expected = state_to_json(next_round(ended, seed=1))
    got = {**expected, "phase": "play" if expected["phase"] == "rotation" else "rotation"}
    assert state_blame(state_to_json(ended), "next_round", expected, got) == {rule}


@pytest.mark.rule("SC-TURN-02")
def test_a_skipped_request_in_a_fuzz_game_is_no_failure() -> None:
    ctx, _ = context(lambda request, reply: reply, skips=("score",))
    result = fuzz_game(ctx, 3, "1:0")
    assert result.outcome is Outcome.PASSED
    assert "skipped" in result.message


@pytest.mark.rule("SC-SETUP-03")
def test_a_fuzz_game_goes_on_after_a_deal_that_differs() -> None:
    ctx, _ = context(reversed_deals)
    ctx.findings_dir = None
    result = fuzz_game(ctx, 4, "1:0")
    assert result.outcome is Outcome.FAILED
    assert result.blame == ("SC-SETUP-03",)
    assert result.deal_departed
    assert dict(result.steps_judged)["SC-TURN-01"] > 0


def _lacking(name: str) -> Capabilities:
    return Capabilities(
        frozenset(["deal", "legal", "apply", "score", "perft"]),
        frozenset([2, 3, 4, 5]),
        True,
        DEFAULT_FEATURES - {name},
    )


@pytest.mark.rule("SC-ORIENT-01", "SC-GAME-01")
def test_what_a_case_needs_is_read_from_its_inputs() -> None:
    """A state in the rotation phase or a keep needs ``rotation``; a state in a later round, a
    later round's deal or a second deal in a trace needs ``rounds``; whatever the answers."""
    state = state_to_json(new_game(3, seed=0))
    later = {**state, "round": 2}
    cases: dict[str, list[tuple[CaseKind, Message]]] = {
        "rotation": [
            ("legal", {"state": state}),
            ("apply", {"state": {**state, "phase": "play"}, "move": "keep"}),
            ("perft", {"state": case_named("perft-deals-3p").data["state"], "depth": 1}),
        ],
        "rounds": [
            ("legal", {"state": later}),
            ("deal", {"input": {"state": later, "deck": []}}),
            ("trace", {"steps": [{"deal": []}, {"move": "keep"}, {"deal": []}]}),
        ],
    }
    for feature, needing in cases.items():
        for kind, data in needing:
            case = Case("x", kind, "", ("SC-TURN-02",), data, "test")
            assert f"{feature!r}" in (missing_feature(case, _lacking(feature)) or ""), case
    one_round = case_named("trace-games-2p-round-1")
    assert missing_feature(one_round, _lacking("rounds")) is None
    assert "'rotation'" in (missing_feature(one_round, _lacking("rotation")) or "")
    ctx, adapter = context(lambda request, reply: reply)
    adapter.hello = Hello("lacks rounds", "python", "1", _lacking("rounds"))
    result = run_case(ctx, case_named("trace-games-3p-game-1"))
    assert result.outcome is Outcome.NOT_APPLICABLE
    assert adapter.asked == []


@pytest.mark.rule("SC-GAME-01")
def test_ported_last_round_cases_end_the_game() -> None:
    for players in (3, 5):
        case = case_named(f"apply-players-round-end-last-round-game-over-{players}p")
        assert case.data["state"]["round"] == players
        assert case.data["expected"]["state"]["phase"] == "game_over"


def chip_for_seat_0(in_apply: bool) -> Wrong:
    """Shows seat 0 one Scout chip more in every observation, and, with ``in_apply``, gives it
    that chip on every scout too (the view then shows the adapter's own play faithfully)."""

    def wrong(request: Message, reply: Message) -> Message:
        reply = copy.deepcopy(reply)
        if request["type"] == "observe":
            reply["observation"]["public"]["scout_chips"][0] += 1
        elif in_apply and request["type"] == "apply" and request["move"].startswith("scout"):
            reply["state"]["scout_chips"][0] += 1
        return reply

    return wrong


@pytest.mark.rule("SC-INFO-02", "SC-SCOUT-03")
@pytest.mark.parametrize(
    ("in_apply", "rules"), [(True, {"SC-SCOUT-03", "SC-COMP-03"}), (False, {"SC-INFO-02"})]
)
def test_a_public_view_that_shows_the_adapters_own_play_blames_the_play(
    in_apply: bool, rules: set[str]
) -> None:
    ctx, _ = context(chip_for_seat_0(in_apply))
    result = run_case(ctx, case_named("observe-information-scouted-card-followed"))
    assert result.outcome is Outcome.FAILED
    assert set(result.blame) == rules
