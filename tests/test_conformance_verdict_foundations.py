"""Verdicts on faults seen in engines nobody here wrote (issue 33, dannunan/scout-game): a fresh
round's fields are named on the rule that sets them, and a lower rule shown working where a
case runs explains none of its failures.

Each test checks the rule that is broken AND that the rule a field map or ``builds_on`` would
have named instead is not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_conformance_verdict_evidence import _conform, importable_adapters

__all__ = ["importable_adapters"]  # the fixture, used by name


@pytest.mark.rule("SC-SETUP-04", "SC-COMP-04")
@pytest.mark.usefixtures("importable_adapters")
def test_a_round_dealt_with_its_scout_and_show_chips_used_is_named_on_the_fresh_round(
    tmp_path: Path,
) -> None:
    verdicts = _conform("wrong_deal_sns_chips_used", tmp_path, "--kind", "deal")
    assert verdicts["SC-SETUP-04"] == "nonconformant"
    assert verdicts["SC-COMP-04"] != "nonconformant"
    assert {r for r, v in verdicts.items() if v == "nonconformant"} == {"SC-SETUP-04"}
