"""Verdicts on faults seen in engines nobody here wrote (issue 33, dannunan/scout-game): a new
game's fields are named on the rule that sets them, and a lower rule shown working where a
case runs explains none of its failures.

Each test checks the rule that is broken AND that the rule a field map or ``builds_on`` would
have named instead is not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scout_ref.conformance.model.outcomes import Outcome
from scout_ref.conformance.report.verdicts import (
    RuleVerdict,
    blamed,
    decide,
    holding,
    weigh,
)
from tests.test_conformance_verdict_evidence import _conform, _result, importable_adapters

__all__ = ["importable_adapters"]  # the fixture, used by name


@pytest.mark.rule("SC-SETUP-04", "SC-COMP-04")
@pytest.mark.usefixtures("importable_adapters")
def test_a_game_dealt_with_its_scout_and_show_chips_used_is_named_on_the_fresh_round(
    tmp_path: Path,
) -> None:
    verdicts = _conform("wrong_deal_sns_chips_used", tmp_path, "--kind", "deal")
    assert verdicts["SC-SETUP-04"] == "nonconformant"
    assert verdicts["SC-COMP-04"] != "nonconformant"
    assert {r for r, v in verdicts.items() if v == "nonconformant"} == {"SC-SETUP-04"}


@pytest.mark.rule("SC-SNS-01", "SC-SET-03")
def test_a_lower_rule_broken_only_at_other_player_counts_explains_no_failure_here() -> None:
    """A run rule broken at 4 players only (its cases pass at 3, fail at 4) explains no 3-player
    Scout & Show failure that passes through it: that case convicts SC-SNS-01."""
    results = [
        _result("SC-SET-03", Outcome.PASSED, players=3),
        _result("SC-SET-03", Outcome.FAILED, ("SC-SET-03",), players=4),
        _result("SC-SET-03", Outcome.PASSED, players=4, name="short-run-4p"),
        _result(None, Outcome.FAILED, ("SC-SNS-01",), uses=("SC-SET-03",), players=4),
        _result(None, Outcome.FAILED, ("SC-SNS-01",), uses=("SC-SET-03",), players=3),
    ]
    weighed = weigh(results)
    decided = decide(blamed(weighed), holding(weighed))
    assert decided["SC-SET-03"].verdict is RuleVerdict.NONCONFORMANT
    assert decided["SC-SNS-01"].verdict is RuleVerdict.NONCONFORMANT
    assert decided["SC-SNS-01"].unexplained == 1  # the 4-player case is explained
    assert decide(blamed(weighed))["SC-SNS-01"].verdict is RuleVerdict.NOT_JUDGED
