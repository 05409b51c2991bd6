"""Fuzz games on the adapter's own deal (``conform --fuzz N --fuzz-deal adapter``): each round's
deal judged once as a deal, its cards adopted when the reference can deal them, and the play
after it compared on those cards and blamed by the rules the moves use."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from scout_ref.cli import main
from scout_ref.conformance.api import Campaign
from scout_ref.conformance.fuzz.games import fuzz_game
from scout_ref.conformance.fuzz.own_deal import NO_FEATURE, own_deal_steps
from scout_ref.conformance.model.outcomes import (
    OFFICIAL_RULES,
    Case,
    CaseResult,
    Message,
    Outcome,
    OwnDeal,
)
from scout_ref.conformance.process.adapter import Adapter
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.protocol.messages import Result
from scout_ref.conformance.report.documents import Run
from scout_ref.engine.state import State
from scout_ref.engine.variants import Rules
from scout_ref.errors import MalformedInputError
from scout_ref.formats.state_json import state_to_json
from scout_ref.formats.trace import step_state
from scout_ref.rulebook.registry import spec_dir

REPO = Path(__file__).parent.parent
DEAL_RULES = ("SC-SETUP-", "SC-COMP-01", "SC-VAR2-01", "SC-GAME-02", "SC-GAME-03")
"""Rules (or prefixes) a deal breaks: never what play on an adopted deal is blamed on."""


@pytest.fixture(autouse=True)
def importable_adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let adapter subprocesses import ``tests.adapters`` wherever pytest runs from."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))


@contextmanager
def _context(engine: str | None = None, findings: Path | None = None) -> Iterator[Context]:
    module = "scout_ref adapter" if engine is None else f"tests.adapters.{engine}"
    ctx = Context(Adapter([sys.executable, "-m", *module.split()]), findings_dir=findings)
    try:
        yield ctx
    finally:
        ctx.adapter.close()


def _game(engine: str | None, players: int, seed: str, findings: Path | None = None) -> CaseResult:
    with _context(engine, findings) as ctx:
        return fuzz_game(ctx, players, seed, own_deal=True)


def _deal_rule(rule: str) -> bool:
    return rule.startswith(DEAL_RULES)


@pytest.mark.rule("SC-SETUP-02", "SC-VAR2-01")
def test_the_reference_is_conformant_on_its_own_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fuzz = ["conform", "--kind", "fuzz", "--fuzz", "2", "--seed", "7", "--fuzz-deal", "adapter"]
    assert main([*fuzz, "--report", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "2 fuzz games started from the adapter's own deal" in out
    assert "--fuzz-deal adapter" in out  # the "next:" command repeats the selection
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    schema = json.loads((spec_dir() / "schema" / "report.schema.json").read_text("utf-8"))
    jsonschema.validate(report, schema)
    assert report["conformant"] is True
    for case in report["cases"]:
        assert case["start"] == "adapter"
        assert case["outcome"] == "passed"
        assert case["steps_judged"]  # the play after the deal was compared
        assert len(case["own_deals"]) >= 2  # every round dealt by the adapter
        assert all(d["outcome"] == "passed" and d["adopted"] for d in case["own_deals"])
    verdicts = {r["id"]: r["verdict"] for r in report["rules"]}
    assert verdicts["SC-SETUP-01"] == "conformant"  # the deals judged (as deals)
    assert verdicts["SC-SCOUT-02"] == "conformant"  # the play after them judged
    assert "nonconformant" not in verdicts.values()


def _before(players: int, steps: list[Message], k: int) -> State | None:
    """The reference's state before step ``k`` of a game's steps."""
    state = None
    for step in steps[:k]:
        state = step_state(state, players, Rules(), step, "")
    return state


@pytest.mark.rule("SC-SETUP-03", "SC-VAR2-01")
@pytest.mark.parametrize(("players", "seed"), [(2, "5:0"), (3, "5:1")])
def test_the_adopted_start_is_the_adapters_dealt_hands(players: int, seed: str) -> None:
    """Each round starts with the cards the adapter dealt for that request's seed, in the same
    hands and orientation (a second two-player round: the set-aside cards as it shuffled them)."""
    with _context() as ctx:
        steps, deals = own_deal_steps(ctx, players, seed)
        assert len(deals) >= 2
        for deal in deals:
            before = _before(players, steps, deal.step)
            given: Message = {"players": players, "rules": OFFICIAL_RULES}
            if before is not None:
                given = {"state": state_to_json(before)}
            reply = ctx.adapter.request("deal_random", input=given, seed=deal.seed)
            assert isinstance(reply, Result)
            start = state_to_json(step_state(before, players, Rules(), steps[deal.step], ""))
            assert deal.adopted
            assert start["hands"] == reply.data["state"]["hands"]
            assert start["set_aside"] == reply.data["state"]["set_aside"]
            assert start == reply.data["state"]  # the reference's deal: every field agrees


@pytest.mark.rule("SC-SCOUT-03")
def test_a_play_rule_is_named_from_games_on_the_engines_own_deal(tmp_path: Path) -> None:
    found = tmp_path / "found"
    result = _game("wrong_chip_to_scout", 3, "1:1", found)
    assert result.outcome is Outcome.FAILED
    assert result.blame == ("SC-SCOUT-03",)
    assert result.own_deals
    assert all(d.adopted and not d.blame for d in result.own_deals)
    assert not result.deal_departed
    assert not [r for d in result.departures for r in d.points_at if _deal_rule(r)]
    assert result.message.startswith("started from the adapter's own deal (round 1: passed")
    # the saved trace starts from the adopted deal: the reference replays it, the engine fails
    engine = f"{sys.executable} -m tests.adapters.wrong_chip_to_scout"
    saved = ["conform", "--vectors-dir", str(found), "--kind", "trace"]
    assert main(saved) == 0
    assert main([*saved, "--adapter", engine]) == 1


@pytest.mark.rule("SC-COMP-01")
def test_a_deal_the_reference_cannot_adopt_is_blamed_once_and_replaced() -> None:
    """A box with a double: each round's own deal breaks SC-COMP-01, once; the game falls back
    to the reference's deal and its play, on the reference's cards, is blamed on nothing."""
    result = _game("wrong_deck_doubles", 2, "0:0")
    assert result.outcome is Outcome.FAILED
    assert result.blame == ("SC-COMP-01",)
    deals = result.own_deals or ()
    assert len(deals) == 2
    assert all(d.outcome is Outcome.FAILED and not d.adopted for d in deals)
    assert all(d.blame == ("SC-COMP-01",) for d in deals)
    assert [d.points_at for d in result.departures] == [("SC-COMP-01",)] * len(deals)
    assert all("(deal_random)" in d.where for d in result.departures)
    assert result.deal_departed  # its own cards after such a deal were never compared
    assert "played on the reference's deal instead" in result.message


@pytest.mark.rule("SC-GAME-02")
def test_a_deal_with_the_right_cards_is_adopted_though_it_breaks_a_rule() -> None:
    """Seat 0 starts every round: the next round's own deal breaks SC-GAME-02 (blamed as that
    deal), its cards are still played on, and no play step is blamed."""
    result = _game("wrong_fixed_start_player", 2, "0:0")
    assert result.blame == ("SC-GAME-02",)
    first, second = result.own_deals or ()
    assert first.outcome is Outcome.PASSED
    assert first.adopted
    assert second.outcome is Outcome.FAILED
    assert second.adopted
    assert second.blame == ("SC-GAME-02",)
    assert [d.points_at for d in result.departures] == [("SC-GAME-02",)]
    assert not result.deal_departed


@pytest.mark.rule("SC-VAR2-01")
def test_an_errored_own_deal_convicts_nothing() -> None:
    result = _game("refuses_round_two", 2, "0:0")
    assert result.outcome is Outcome.ERRORED
    assert result.blame == ()
    first, second = result.own_deals or ()
    assert first.adopted
    assert second.outcome is Outcome.ERRORED
    assert not second.adopted


@pytest.mark.rule("SC-TURN-02")
def test_an_adapter_that_does_not_deal_is_dealt_by_the_reference() -> None:
    with _context() as ctx:
        hello = ctx.adapter.start()
        caps = replace(
            hello.capabilities, features=frozenset({"two_player_rules", "rotation", "rounds"})
        )
        ctx.adapter.hello = replace(hello, capabilities=caps)
        result = fuzz_game(ctx, 2, "0:0", own_deal=True)
        assert result.outcome is Outcome.PASSED
        assert result.own_deals is None
        assert NO_FEATURE in result.message


@pytest.mark.rule("SC-TURN-02")
def test_the_campaign_checks_and_repeats_the_fuzz_deal() -> None:
    with pytest.raises(MalformedInputError, match="--fuzz-deal"):
        Campaign(fuzz_deal="engine")  # type: ignore[arg-type]
    campaign = Campaign(fuzz=3, fuzz_deal="adapter")
    assert campaign.selection_options[-2:] == ["--fuzz-deal", "adapter"]
    assert "--fuzz-deal" not in Campaign(fuzz=3).selection_options


@pytest.mark.rule("SC-COMP-01")
def test_a_game_failed_by_its_own_deal_is_rerun_as_that_game() -> None:
    """No trace shows a departure of the adapter's own deal: the game itself is rerun."""
    data = {"players": 2, "game_rules": OFFICIAL_RULES, "steps": []}
    case = Case("fuzz-2p-0-0", "fuzz", "random 2-player game, seed '0:0'", (), data, "fuzz")
    deal = OwnDeal(1, 0, 7, Outcome.FAILED, False, "deal: it deals 5/5", ("SC-COMP-01",))
    result = CaseResult(case, Outcome.FAILED, "x", blame=("SC-COMP-01",), own_deals=(deal,))
    selection = ["--kind", "fuzz", "--fuzz", "1", "--seed", "0", "--fuzz-deal", "adapter"]
    run = Run(["x"], None, "reason", [result], [], 0, False, selection_options=selection)
    rerun = run.reproduction(result)[-1]
    assert rerun.endswith("--fuzz 1 --seed 0 --fuzz-deal adapter --case fuzz-2p-0-0")
    assert rerun.startswith("rerun: ")
