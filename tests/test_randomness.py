"""The tests of an adapter's own deals (feature deal_random): SC-SETUP-02 and SC-VAR2-01.

Judged in process through the reference adapter's ``answer`` (the same replies the subprocess
gives), with its shuffle replaced to make wrong engines; the subprocess runs of the two wrong
engines (``tests/adapters/wrong_never_turns.py``, ``wrong_combinations_capped_at_9.py``) are
in the zoo (``tests/test_conformance_teeth.py``).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any, cast

import pytest

import scout_ref.conformance.oracle.server as reference
from scout_ref.conformance.judge.randomness import (
    ALPHA,
    CONFIGS,
    check_randomness,
    has_feature,
    level,
    sample_config,
)
from scout_ref.conformance.model.outcomes import Message, Outcome
from scout_ref.conformance.oracle import answers
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.protocol.messages import Reply, read_hello, read_reply
from scout_ref.engine import setup
from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.notation import KEEP
from scout_ref.engine.state import Phase
from scout_ref.engine.turn import apply_move
from scout_ref.formats.state_json import state_from_json, state_to_json

pytestmark = pytest.mark.rule("SC-SETUP-02", "SC-VAR2-01")
DEALS = 50
"""Fewer deals than a run's 200, to keep each test fast; the seed fixes the verdict."""


class InProcess:
    """An adapter answered by the reference adapter's ``answer``, with a hello of choice."""

    def __init__(self, hello: Message) -> None:
        self.hello = read_hello(hello)
        self.next_id = 1
        self.given_up: dict[str, str] = {}  # as Adapter's: none here

    def request(self, kind: str, **fields: object) -> Reply:
        message: Message = {"id": self.next_id, "type": kind, **fields}
        self.next_id += 1
        return read_reply(reference.answer(message), message)


def context(hello: Message = reference.HELLO) -> Context:
    return Context(adapter=cast(Any, InProcess(hello)))


def never_turns(cards: Sequence[Card], seed: int | str | None = None) -> tuple[OrientedCard, ...]:
    order = list(cards)
    random.Random(seed).shuffle(order)
    return tuple(oriented(c.low, c.high) for c in order)


def never_reorders(
    cards: Sequence[Card], seed: int | str | None = None
) -> tuple[OrientedCard, ...]:
    rng = random.Random(seed)
    return tuple(
        oriented(c.low, c.high) if rng.random() < 0.5 else oriented(c.high, c.low) for c in cards
    )


@pytest.fixture
def shuffle(monkeypatch: pytest.MonkeyPatch) -> Any:
    def use(wrong: Any) -> None:
        monkeypatch.setattr(setup, "shuffled", wrong)
        monkeypatch.setattr(answers, "shuffled", wrong)

    return use


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.id)
def test_the_reference_deals_pass(config: Any) -> None:
    result = sample_config(context(), config, seed=0, deals=DEALS)
    assert result.outcome is Outcome.PASSED, result.message


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.id)
def test_an_engine_that_never_turns_a_card_is_named_on_setup_02(config: Any, shuffle: Any) -> None:
    shuffle(never_turns)
    result = sample_config(context(), config, seed=0, deals=DEALS)
    assert result.outcome is Outcome.FAILED
    assert result.blame == ("SC-SETUP-02",)
    assert "orientation" in result.message


@pytest.mark.parametrize("config", CONFIGS[1:3], ids=lambda c: c.id)
def test_an_engine_that_never_reorders_is_named_on_the_place_rule(
    config: Any, shuffle: Any
) -> None:
    shuffle(never_reorders)
    result = sample_config(context(), config, seed=0, deals=DEALS)
    assert result.outcome is Outcome.FAILED
    assert result.blame == (config.rule,)
    assert "place" in result.message


def test_a_deal_that_is_not_the_deal_of_its_deck_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    real = answers.REQUESTS["deal_random"]

    def swapped(request: Message) -> Message:
        out = real(request)
        hands = out["state"]["hands"]
        hands[0][0], hands[0][1] = hands[0][1], hands[0][0]
        out["state"]["hands"] = hands
        return out

    monkeypatch.setitem(answers.REQUESTS, "deal_random", swapped)
    result = sample_config(context(), CONFIGS[2], seed=0, deals=1)
    assert result.outcome is Outcome.PASSED  # a swap is still the deal of the deck it shows

    def uneven(request: Message) -> Message:
        out = real(request)
        hands = out["state"]["hands"]
        hands[1].insert(0, hands[0].pop())  # 11 and 13 cards: no deal of 12 each
        return out

    monkeypatch.setitem(answers.REQUESTS, "deal_random", uneven)
    result = sample_config(context(), CONFIGS[2], seed=0, deals=1)
    assert result.outcome is Outcome.FAILED
    assert result.blame == ("SC-SETUP-03",)  # the dealing rule: 12 cards a hand
    assert "seat 0 is dealt 11 cards, not 12 (SC-SETUP-03)" in result.message

    def turned(request: Message) -> Message:
        out = real(request)
        top, bottom = out["state"]["hands"][0][0].split("/")
        out["state"]["hands"][0][0] = f"{bottom}/{top}"  # the right cards, one turned over
        return out

    monkeypatch.setitem(answers.REQUESTS, "deal_random", turned)
    result = sample_config(context(), CONFIGS[2], seed=0, deals=1)
    assert result.outcome is Outcome.PASSED  # still the deal of the deck it shows


def test_only_an_adapter_with_the_feature_is_asked() -> None:
    assert has_feature(context())
    caps = {k: v for k, v in reference.HELLO["capabilities"].items() if k != "features"}
    plain = context({**reference.HELLO, "capabilities": caps})
    assert not has_feature(plain)
    two_only = context({**reference.HELLO, "capabilities": {**caps, "players": [2]}})
    assert [r.case.id for r in check_randomness(two_only, 0, deals=1)] == [
        "random-deal-2p",
        "random-deal-2p-round-2",
    ]


def test_the_family_wise_level_is_split_among_the_tests() -> None:
    assert ALPHA == 1e-6
    assert level() == pytest.approx(ALPHA / (2 * len(CONFIGS)))


def test_a_negative_number_of_deals_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from scout_ref.cli import main  # noqa: PLC0415

    with pytest.raises(SystemExit) as info:  # refused by the option's type
        main(["conform", "--kind", "random", "--random-deals", "-1"])
    assert info.value.code == 2
    assert "'-1' is not a whole number from 0 to 1000000" in capsys.readouterr().err


@pytest.mark.slow
def test_conform_asks_the_reference_adapter_for_its_own_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from scout_ref.cli import main  # noqa: PLC0415

    assert main(["conform", "--kind", "random", "--random-deals", "40"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("5 passed, 0 failed")


def _foreign(hands: list[list[str]]) -> None:
    hands[0][0] = "4/4"  # the faces of no card: the schema lets it through


def _duplicate(hands: list[list[str]]) -> None:
    hands[1][0] = hands[0][0]


def _zero(hands: list[list[str]]) -> None:
    hands[2][-1] = "10/10"


@pytest.mark.rule("SC-COMP-01")
@pytest.mark.parametrize("change", [_foreign, _duplicate, _zero])
def test_a_deal_of_a_card_the_box_does_not_hold_is_named_on_comp_01(
    change: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = answers.REQUESTS["deal_random"]

    def changed(request: Message) -> Message:
        out = real(request)
        change(out["state"]["hands"])
        return out

    monkeypatch.setitem(answers.REQUESTS, "deal_random", changed)
    result = sample_config(context(), CONFIGS[2], seed=0, deals=1)
    assert result.outcome is Outcome.FAILED
    assert result.blame == ("SC-COMP-01",), result.message
    assert "(SC-COMP-01)" in result.message


def _fresh_round_two(real: Callable[[Message], Message]) -> Callable[[Message], Message]:
    """A second two-player round dealt from a new shuffle of all 44 cards (its first 22), not
    from the cards set aside in round 1."""

    def deal(request: Message) -> Message:
        out = real(request)
        if "state" in request["input"]:
            first = real(
                {
                    "input": {"players": 2, "rules": request["input"]["state"]["rules"]},
                    "seed": request["seed"] + 1,
                }
            )
            out["state"]["hands"] = first["state"]["hands"]
        return out

    return deal


@pytest.mark.rule("SC-VAR2-01", "SC-SETUP-01")
@pytest.mark.parametrize(
    ("config", "rule"), [(CONFIGS[1], "SC-VAR2-01"), (CONFIGS[2], "SC-SETUP-01")], ids=["2p", "3p"]
)
def test_a_deal_of_cards_not_in_play_is_named_on_the_rule_of_its_cards(
    config: Any, rule: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cards of the box that this deal does not hold: a two-player round 2 with cards played in
    round 1 (SC-VAR2-01); a three-player deal with a 10 (SC-SETUP-01)."""
    real = answers.REQUESTS["deal_random"]

    def with_a_ten(request: Message) -> Message:
        out = real(request)
        out["state"]["hands"][0][0] = "10/1"  # a card with a 10, once, in place of another
        return out

    wrong = _fresh_round_two(real) if config.players == 2 else with_a_ten
    monkeypatch.setitem(answers.REQUESTS, "deal_random", wrong)
    result = sample_config(context(), config, seed=0, deals=1)
    assert result.outcome is Outcome.FAILED
    assert result.blame == (rule,), result.message
    assert f"({rule})" in result.message


Change = Callable[[Message, int], Message | None]
"""A change to the reference's reply to the k-th deal_random request (None: unchanged)."""


def changed_context(change: Change, hello: Message = reference.HELLO) -> Context:
    """The reference adapter in process, its replies to deal_random changed by ``change``."""
    asked = [0]

    class Changed(InProcess):
        def request(self, kind: str, **fields: object) -> Reply:
            message: Message = {"id": self.next_id, "type": kind, **fields}
            self.next_id += 1
            reply = reference.answer(message)
            if kind == "deal_random":
                asked[0] += 1
                reply = change(copy.deepcopy(reply), asked[0]) or reply
            return read_reply(reply, message)

    return Context(adapter=cast(Any, Changed(hello)))


def _hands(change: Callable[[list[list[str]], Message], None]) -> Change:
    def apply(reply: Message, k: int) -> Message:
        change(reply["state"]["hands"], reply["state"])
        return reply

    return apply


def _skipped(reply: Message, k: int) -> Message:
    return {"id": reply["id"], "type": "skipped", "reason": "not today"}


def _errored(reply: Message, k: int) -> Message:
    return {"id": reply["id"], "type": "errored", "message": "out of cards"}


def _rejected(reply: Message, k: int) -> Message:
    return {"id": reply["id"], "type": "result", "rejection": {"reason": "wrong_phase"}}


def _unreadable(reply: Message, k: int) -> Message:
    return {"id": reply["id"], "type": "result", "hands": []}  # no state: wrong_shape


def _extra(hands: list[list[str]], state: Message) -> None:
    hands[0].append(hands[1].pop())  # 13 and 11 cards


def _a_hand_too_few(hands: list[list[str]], state: Message) -> None:
    state["players"] = 2
    hands[0] += hands.pop()  # two hands for three players


def _huge(hands: list[list[str]], state: Message) -> None:
    hands[0] += ["1/2"] * 100_000  # bounded by the reply's size (1 MiB): one card many times


def _left_out(hands: list[list[str]], state: Message) -> None:
    hands[0][0] = "10/1"  # a card with a 10: three players leave all nine out


def _foreign_numbers(hands: list[list[str]], state: Message) -> None:
    hands[0][0] = "11/12"  # written as a card; no card of the box has these numbers


@pytest.mark.rule("SC-COMP-01", "SC-SETUP-01", "SC-SETUP-03")
@pytest.mark.parametrize(
    ("change", "outcome", "blame"),
    [
        (_skipped, Outcome.ERRORED, ()),
        (_errored, Outcome.ERRORED, ()),
        (_unreadable, Outcome.ERRORED, ()),
        (_rejected, Outcome.ERRORED, ()),
        (_hands(_extra), Outcome.FAILED, ("SC-SETUP-03",)),
        (_hands(_a_hand_too_few), Outcome.FAILED, ("SC-SETUP-03",)),
        (_hands(_huge), Outcome.FAILED, ("SC-COMP-01",)),
        (_hands(_left_out), Outcome.FAILED, ("SC-SETUP-01",)),
        (_hands(_foreign_numbers), Outcome.FAILED, ("SC-COMP-01",)),
        (
            _hands(lambda hands, state: _duplicate(hands)),
            Outcome.FAILED,
            ("SC-COMP-01",),
        ),
    ],
    ids=[
        "skipped",
        "errored",
        "unreadable",
        "rejected",
        "extra",
        "hands",
        "huge",
        "left-out",
        "numbers",
        "twice",
    ],
)
def test_each_bad_deal_is_judged_as_what_it_is(
    change: Change, outcome: Outcome, blame: tuple[str, ...]
) -> None:
    """A deal that is not one is set aside with the rule it breaks; a reply that is no deal is
    errored, the adapter's fault, convicting nothing."""
    result = sample_config(changed_context(change), CONFIGS[2], seed=0, deals=3)
    assert (result.outcome, result.blame) == (outcome, blame), result.message
    assert result.message.startswith("3 of 3 deals set aside"), result.message
    if outcome is Outcome.ERRORED:
        assert "the adapter" in result.message or "protocol error" in result.message


def _every_third(change: Change) -> Change:
    return lambda reply, k: change(reply, k) if k % 3 == 0 else None


@pytest.mark.parametrize(
    ("change", "outcome"),
    [(_every_third(_hands(_extra)), Outcome.FAILED), (_every_third(_errored), Outcome.ERRORED)],
    ids=["failed", "errored"],
)
def test_the_tests_by_chance_go_on_over_the_good_deals(change: Change, outcome: Outcome) -> None:
    result = sample_config(changed_context(change), CONFIGS[2], seed=0, deals=DEALS)
    assert result.outcome is outcome, result.message
    assert result.message.startswith(f"{DEALS // 3} of {DEALS} deals set aside"), result.message
    assert "not shuffled fairly" not in result.message  # the fair good deals pass them
    assert "not tested" not in result.message


def test_a_bad_shuffle_is_still_found_among_bad_deals(shuffle: Any) -> None:
    shuffle(never_turns)
    result = sample_config(changed_context(_every_third(_errored)), CONFIGS[2], 0, DEALS)
    assert result.outcome is Outcome.FAILED
    assert result.blame == ("SC-SETUP-02",)
    assert "orientation" in result.message


def test_an_adapter_that_errors_on_every_deal_is_not_asked_two_hundred_times() -> None:
    ctx = changed_context(_errored)
    result = sample_config(ctx, CONFIGS[2], seed=0, deals=200)
    assert result.outcome is Outcome.ERRORED
    assert "195 not asked after 5 errored in a row" in result.message
    assert ctx.adapter.next_id == 6  # type: ignore[attr-defined]


def _kept(reply: Message, k: int) -> Message:
    """The deal as an engine without the rotation phase shows it: every hand kept."""
    state = state_from_json(reply["state"])
    while state.phase is Phase.ROTATION:
        state = apply_move(state, KEEP)
    return {**reply, "state": state_to_json(state)}


@pytest.mark.rule("SC-ORIENT-01")
@pytest.mark.parametrize("config", [CONFIGS[0], CONFIGS[1], CONFIGS[3]], ids=lambda c: c.id)
def test_an_engine_without_the_rotation_phase_is_judged_as_the_vectors_judge_it(
    config: Any,
) -> None:
    features = [f for f in reference.HELLO["capabilities"]["features"] if f != "rotation"]
    hello = {
        **reference.HELLO,
        "capabilities": {**reference.HELLO["capabilities"], "features": features},
    }
    result = sample_config(changed_context(_kept, hello), config, seed=0, deals=DEALS // 5)
    assert result.outcome is Outcome.PASSED, result.message
    in_rotation = sample_config(changed_context(lambda r, k: None, hello), config, 0, 2)
    assert in_rotation.outcome is Outcome.FAILED  # it said it has no rotation phase
    assert "phase" in in_rotation.message


def _boxed_wrong(hands: list[list[str]], state: Message) -> None:
    hands[0][0] = "4/4"  # a double in place of a box card, as a box that holds doubles deals
    hands[1][0] = "1/10"  # a box card that three players leave out, dealt all the same


@pytest.mark.rule("SC-COMP-01", "SC-SETUP-01", "SC-SETUP-02")
def test_a_deal_that_breaks_several_rules_is_named_on_each_by_its_own_evidence(
    shuffle: Any,
) -> None:
    """Every deal holds a card no box holds: that does not stop the other readings (a box card
    the player count leaves out is dealt; the shuffle never turns a card), and no broken rule
    explains another's departure, though SC-SETUP-02 builds on SC-SETUP-01 on SC-COMP-01."""
    from scout_ref.conformance.report.verdicts import RuleVerdict, blamed, decide  # noqa: PLC0415

    shuffle(never_turns)
    result = sample_config(changed_context(_hands(_boxed_wrong)), CONFIGS[2], 0, DEALS)
    assert result.outcome is Outcome.FAILED
    assert result.blame == ("SC-COMP-01", "SC-SETUP-01", "SC-SETUP-02"), result.message
    assert [d.uses for d in result.departures] == [(r,) for r in result.blame]
    assert "orientation (SC-SETUP-02)" in result.message
    assert "the places are not tested" in result.message
    verdicts = decide(blamed([result]))
    assert {r: j.verdict for r, j in verdicts.items()} == dict.fromkeys(
        result.blame, RuleVerdict.NONCONFORMANT
    )
