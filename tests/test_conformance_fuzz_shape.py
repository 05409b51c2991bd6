"""Fuzz games play what the engine declares (issue 33): without the rotation phase every seat
keeps its hand as dealt and no decision is sent; without later rounds a game is one round.
Before, every fuzz game of such an engine was "not applicable", so fuzz judged nothing."""

from __future__ import annotations

import copy

import pytest

from scout_ref import state_from_json, state_to_json
from scout_ref.conformance.fuzz.games import fuzz_game
from scout_ref.conformance.model.outcomes import Message, Outcome
from scout_ref.conformance.protocol.features import DEFAULT_FEATURES
from scout_ref.conformance.protocol.messages import Capabilities, Hello
from scout_ref.engine.notation import KEEP
from scout_ref.engine.state import Phase
from scout_ref.engine.turn import apply_move
from tests.test_conformance_evidence import InProcess, Wrong, context

ORIENT = ("SC-ORIENT-", "SC-VAR-04")
ROUNDS = ("SC-GAME-01", "SC-GAME-03")


def _kept(state: Message) -> Message:
    """A dealt state as an engine without the rotation phase gives it: every hand kept."""
    played = state_from_json(state)
    while played.phase is Phase.ROTATION:
        played = apply_move(played, KEEP)
    return state_to_json(played)


def no_rotation(request: Message, reply: Message) -> Message:
    """An engine without the rotation phase: it deals into play, every hand as dealt."""
    assert request.get("move") not in ("keep", "flip"), "no rotation decision is sent"
    if request["type"] in ("deal", "deal_random") and "state" in reply:
        reply = copy.deepcopy(reply)
        reply["state"] = _kept(reply["state"])
    return reply


def _without(adapter: InProcess, *features: str, kinds: str = "") -> None:
    listed = DEFAULT_FEATURES - set(features) | ({"deal_random"} if kinds else set())
    caps = Capabilities(
        frozenset(("deal", "legal", "apply", "score", *kinds.split())),
        frozenset((2, 3, 4, 5)),
        True,
        frozenset(listed),
    )
    adapter.hello = Hello("shaped", "python", "1", caps)


def _play(
    wrong: Wrong, players: int, *features: str, own_deal: bool = False
) -> tuple[Outcome, dict[str, int], list[Message]]:
    ctx, adapter = context(wrong)
    _without(adapter, *features, kinds="deal_random" if own_deal else "")
    sent: list[Message] = []
    answer = adapter.wrong

    def recorded(request: Message, reply: Message) -> Message:
        sent.append(request)
        return answer(request, reply)

    adapter.wrong = recorded
    result = fuzz_game(ctx, players, "1:0", {}, own_deal=own_deal)
    return result.outcome, dict(result.steps_judged), sent


@pytest.mark.rule("SC-ORIENT-01", "SC-GAME-01", "SC-TURN-01", "SC-SETUP-04")
@pytest.mark.parametrize("players", [2, 3, 5])
def test_an_engine_without_rotation_or_rounds_is_fuzzed_on_one_round_of_kept_hands(
    players: int,
) -> None:
    outcome, judged, sent = _play(no_rotation, players, "rotation", "rounds")
    assert outcome is Outcome.PASSED
    assert judged.get("SC-TURN-01", 0) > 0
    assert not [r for r in judged if r.startswith(ORIENT + ROUNDS)]
    deals = [r for r in sent if r["type"] == "deal"]
    assert len(deals) == 1  # one round: no later deal
    assert "state" not in deals[0]
    assert any(r["type"] == "score" for r in sent)  # its round end is scored


@pytest.mark.rule("SC-ORIENT-01", "SC-GAME-01")
def test_without_rotation_only_the_decisions_go_and_later_rounds_are_dealt() -> None:
    outcome, judged, sent = _play(no_rotation, 3, "rotation")
    assert outcome is Outcome.PASSED
    assert len([r for r in sent if r["type"] == "deal"]) > 1
    assert judged.get("SC-GAME-01", 0) > 0
    assert not [r for r in judged if r.startswith(ORIENT)]


@pytest.mark.rule("SC-ORIENT-01", "SC-GAME-01")
def test_without_rounds_the_game_is_its_first_round_with_its_rotation() -> None:
    outcome, judged, sent = _play(lambda _, reply: reply, 4, "rounds")
    assert outcome is Outcome.PASSED
    assert judged.get("SC-ORIENT-01", 0) > 0
    assert len([r for r in sent if r["type"] == "deal"]) == 1


@pytest.mark.rule("SC-SETUP-04", "SC-ORIENT-01")
def test_a_deal_left_in_the_rotation_phase_by_an_engine_without_it_departs() -> None:
    """The deal is compared with the state once every seat has kept: an engine that declares
    no rotation phase but deals into one differs at its deal."""
    outcome, _, sent = _play(lambda _, reply: reply, 3, "rotation", "rounds")
    assert outcome is Outcome.FAILED
    assert not [r for r in sent if r.get("move") in ("keep", "flip")]


@pytest.mark.rule("SC-SETUP-03", "SC-ORIENT-01")
def test_an_engines_own_deal_without_rotation_or_rounds_is_played_on() -> None:
    """``--fuzz-deal adapter``: one round, dealt by the engine, its cards adopted and played."""
    outcome, judged, sent = _play(no_rotation, 4, "rotation", "rounds", own_deal=True)
    assert outcome is Outcome.PASSED
    assert len([r for r in sent if r["type"] == "deal_random"]) == 1
    assert not [r for r in sent if r["type"] == "deal"]
    assert judged.get("SC-TURN-01", 0) > 0
