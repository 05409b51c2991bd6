"""Features in the hello: not applicable by declaration, whole-box deals, old hellos unchanged."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from scout_ref import state_to_json
from scout_ref.cli import main
from scout_ref.conformance.blame.moves import moves_blame
from scout_ref.conformance.blame.scores import score_blame
from scout_ref.conformance.blame.states import state_blame
from scout_ref.conformance.cases._case import facing
from scout_ref.conformance.model.kinds import VectorKind
from scout_ref.conformance.model.outcomes import Case
from scout_ref.conformance.protocol.features import (
    DEFAULT_FEATURES,
    FEATURES,
    absent_rules,
    box_from_deck,
    deal_input,
    missing_feature,
    score_view,
)
from scout_ref.conformance.protocol.messages import Capabilities, read_hello
from scout_ref.engine.components import Card, full_deck
from scout_ref.engine.setup import cards_in_play, shuffled_deck
from scout_ref.formats.state_json import deal_from_json
from scout_ref.rulebook.registry import rules, spec_dir
from tests.sources import defined

REPO = Path(__file__).parent.parent

pytestmark = pytest.mark.rule("SC-TURN-02")


def _caps(*features: str) -> Capabilities:
    return Capabilities(
        frozenset(["deal", "score"]), frozenset([2, 3, 4, 5]), True, frozenset(features)
    )


def _vector(kind: VectorKind, topic: str, case_id: str) -> Case:
    document = json.loads((spec_dir() / "vectors" / kind / f"{topic}.json").read_text("utf-8"))
    data = next(c for c in document["cases"] if c["id"] == case_id)
    return Case(data["id"], kind, data["description"], tuple(data["rules"]), data, kind)


def test_the_features_are_one_table() -> None:
    """What an adapter lacks and what a case needs are read from one table, by one ``lacking``."""
    home = ["scout_ref/conformance/protocol/features.py"]
    assert defined("FEATURES") == home
    assert defined("lacking") == home


def test_every_feature_names_registered_rules() -> None:
    for feature in FEATURES.values():
        assert feature.rules <= rules().keys()
    assert "removes_cards" not in DEFAULT_FEATURES
    assert "probes" not in DEFAULT_FEATURES


def test_a_hello_without_features_has_the_defaults() -> None:
    hello = {"type": "hello", "protocol": 1, "name": "old", "language": "c", "version": "1"}
    old = read_hello(
        hello | {"capabilities": {"kinds": ["deal"], "players": [3], "variants": False}}
    )
    assert old.capabilities.features is None
    assert absent_rules(old.capabilities) == FEATURES["probes"].rules
    new = dict(hello, capabilities={"kinds": [], "players": [3], "variants": False, "features": []})
    assert "SC-GAME-04" in absent_rules(read_hello(new).capabilities)


@pytest.mark.rule("SC-GAME-04", "SC-SCORE-04")
def test_missing_notions_make_cases_not_applicable_by_declaration() -> None:
    tie = _vector("score", "scoring", "score-scoring-tied-winners")
    exempt = _vector("score", "scoring", "score-scoring-unbeaten-owner-exempt")
    probe = _vector("reject", "scout", "reject-scout-inner-card")
    everything = _caps(*FEATURES)
    assert all(missing_feature(c, everything) is None for c in (tie, exempt, probe))
    assert "winners" in (missing_feature(tie, _caps("owner_exemption")) or "")
    assert "owner_exemption" in (missing_feature(exempt, _caps("winners")) or "")
    assert "probes" in (missing_feature(probe, _caps(*DEFAULT_FEATURES)) or "")


@pytest.mark.rule("SC-GAME-04")
def test_score_fields_of_a_missing_notion_are_not_compared() -> None:
    answer = {"round_scores": [{"seat": 0, "exempt": True, "total": 1}], "winners": [0]}
    assert score_view(_caps("winners"), answer) == {
        "round_scores": [{"seat": 0, "total": 1}],
        "winners": [0],
    }
    assert score_view(None, answer) == answer


@pytest.mark.rule("SC-SETUP-01")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_box_leaves_the_deck_once_the_cards_out_of_play_are_removed(players: int) -> None:
    deck = [str(c) for c in shuffled_deck(players, f"box-{players}")]
    given = {"players": players, "rules": {"owner_exemption": True}, "deck": deck}
    sent = deal_input(_caps("removes_cards"), given)
    assert len(sent["box"]) == 45
    assert [c for c in sent["box"] if c not in deck] == [
        f"{c.high}/{c.low}" for c in sorted(set(_all()) - cards_in_play(players))
    ]
    assert box_from_deck(players, deck)[:1] == deck[:1]
    assert deal_input(_caps(), given) is given
    official = dict(given, rules=_official())
    boxed = dict(sent, rules=_official())
    assert deal_from_json(boxed) == deal_from_json(official)


@pytest.mark.rule("SC-SETUP-01")
def test_a_dealt_card_out_of_play_is_blamed_on_removal() -> None:
    deck = [str(c) for c in shuffled_deck(3, "keep-all")]
    expected = state_to_json(deal_from_json({"players": 3, "rules": _official(), "deck": deck}))
    box = box_from_deck(3, deck)
    got = dict(expected, hands=[box[s * 15 : s * 15 + 15] for s in range(3)])
    assert state_blame(None, "deal", expected, got) == {"SC-SETUP-01"}
    short = dict(expected, hands=[list(h)[:11] for h in _hands(expected)])
    assert state_blame(None, "deal", expected, short) == {"SC-SETUP-03"}


@pytest.mark.rule("SC-SETUP-01")
def test_a_hello_that_claims_removal_its_engine_does_not_do_is_the_adapters_fault(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Dealt the whole box because its hello lists removes_cards, it keeps the cards the player
    count leaves out: every such deal (of a deal vector or a trace) is errored as a hello
    fault naming the contradiction, and convicts no rule; the next rounds' deals, of the
    cards already in play, are judged as ever."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    adapter = f"{sys.executable} -m tests.adapters.keeps_removed_cards"
    options = ["--adapter", adapter, "--kind", "deal", "--kind", "trace", "--quiet"]
    assert main(["conform", *options, "--report", str(tmp_path)]) == 1
    capsys.readouterr()
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    bad = [c for c in report["cases"] if c["outcome"] != "passed"]
    assert bad
    assert {(c["outcome"], c["fault"]) for c in bad} == {("errored", "hello")}
    assert all(
        "its hello lists removes_cards, but dealt the whole box" in c["message"] for c in bad
    )
    assert {c["id"] for c in bad} >= {"deal-setup-3p-deck-1", "deal-setup-4p-deck-1"}
    assert "deal-setup-5p-deck-1" not in {c["id"] for c in bad}  # five players remove none
    assert not [r["id"] for r in report["rules"] if r["verdict"] == "nonconformant"]


@pytest.mark.rule("SC-GAME-02", "SC-SETUP-04")
def test_a_turn_that_follows_a_wrong_start_player_is_the_start_players_fault() -> None:
    deck = [str(c) for c in shuffled_deck(4, "start")]
    expected = state_to_json(deal_from_json({"players": 4, "rules": _official(), "deck": deck}))
    drawn = dict(expected, start_player=2, turn=2)
    assert state_blame(None, "deal", expected, drawn) == {"SC-GAME-02"}
    lost = dict(expected, start_player=2, turn=1)
    assert state_blame(None, "deal", expected, lost) == {"SC-GAME-02", "SC-SETUP-04"}


@pytest.mark.rule("SC-SET-03")
@pytest.mark.parametrize(
    ("hand", "blame"),
    [
        ("4/1 5/1 4/2 3/2", {"SC-SET-03"}),  # by one, turning
        ("6/1 5/1 4/2 5/2", {"SC-SET-03"}),
        ("2/1 5/1 9/1", {"SC-SET-03"}),  # one way, not by one
        ("4/1 5/1 4/2", {"SC-SET-02", "SC-SET-03"}),  # a turning run or a set by its ends
        ("5/1 3/1 5/2", {"SC-SET-02"}),  # a set by its ends
    ],
)
def test_a_run_misread_by_either_condition_is_blamed_on_runs(hand: str, blame: set[str]) -> None:
    state = state_to_json(facing(5, "3/7", hand))
    assert moves_blame(state, [], [f"show 0-{len(hand.split()) - 1}"]) == blame


@pytest.mark.rule("SC-GAME-04")
def test_winners_are_judged_against_the_answers_own_totals() -> None:
    case = _vector("score", "scoring", "score-scoring-tied-winners")
    expected = case.data["expected"]
    rows = [dict(r, hand_penalty=0) for r in expected["round_scores"]]
    lone = dict(expected, round_scores=rows, winners=expected["winners"][:1])
    assert score_blame(case.data["state"], expected, lone) == {"SC-SCORE-03", "SC-GAME-04"}
    followed = dict(expected, totals=[30, 20, 3], winners=[0])
    assert "SC-GAME-04" not in score_blame(case.data["state"], expected, followed)


@pytest.mark.slow
def test_an_adapter_with_an_old_hello_still_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An SCP 1 adapter written before spec 1.2.0: no features, no whole-box deals, no probes."""
    adapter = tmp_path / "old.py"
    adapter.write_text(
        "import sys\n"
        "from scout_ref.conformance.oracle import server as a\n"
        "del a.HELLO['capabilities']['features']\n"
        "sys.exit(a.serve(sys.stdin, sys.stdout))\n",
        "utf-8",
    )
    args = ["conform", "--adapter", f"{sys.executable} {adapter}", "--report", str(tmp_path)]
    args += ["--rule", "SC-SCOUT-01", "--kind", "reject"]
    assert main(args) == 0
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    outcome = {c["id"]: c["outcome"] for c in report["cases"]}
    assert outcome["reject-scout-inner-card"] == "not_applicable"
    assert outcome["reject-scout-no-active-set"] == "passed"
    verdicts = {r["id"]: r["verdict"] for r in report["rules"]}
    assert verdicts["SC-SCOUT-01"] == "conformant"
    assert capsys.readouterr().out.rstrip().endswith(" 0 failed")


def _hands(state: dict[str, Any]) -> list[list[str]]:
    return list(state["hands"])


def _official() -> dict[str, object]:
    return {
        "owner_exemption": True,
        "empty_set_chain": "literal",
        "scouting": "voluntary",
        "rotation": "each_round",
    }


def _all() -> list[Card]:
    return list(full_deck())


@pytest.mark.slow
def test_an_engine_lacking_notions_is_judged_on_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No winners, no exempt flag, no rotation phase: declared, never invented."""
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    engine = f"{sys.executable} -m tests.adapters.lacks_notions"
    args = ["conform", "--adapter", engine, "--kind", "deal", "--kind", "score"]
    assert main([*args, "--report", str(tmp_path)]) == 0
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    verdicts = {r["id"]: r["verdict"] for r in report["rules"]}
    assert verdicts["SC-GAME-04"] == verdicts["SC-ORIENT-01"] == "not_applicable"
    assert verdicts["SC-SCORE-04"] == "not_applicable"
    assert verdicts["SC-SETUP-03"] == verdicts["SC-SCORE-03"] == "conformant"
