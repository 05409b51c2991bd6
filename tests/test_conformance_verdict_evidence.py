"""Verdicts that say what was shown (issue 33): the run's evidence over a difference's shape,
the rules a failing step uses, errors, player-count scope, flags without effect, fuzz evidence.

Each test checks the rule that is broken AND that the rules a shape or a field order would have
named are not.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

from scout_ref import state_from_json, state_to_json
from scout_ref.cli import main
from scout_ref.conformance.blame.scores import without_effect
from scout_ref.conformance.blame.states import state_blame
from scout_ref.conformance.blame.uses import move_uses
from scout_ref.conformance.cases._case import facing
from scout_ref.conformance.fuzz.games import fuzz_game
from scout_ref.conformance.judge.runner import run_case
from scout_ref.conformance.model.outcomes import (
    OFFICIAL_RULES,
    Case,
    CaseResult,
    Departure,
    Message,
    Outcome,
)
from scout_ref.conformance.oracle.answers import perft_answer
from scout_ref.conformance.report.text import evidence_of
from scout_ref.conformance.report.verdicts import RuleVerdict, blamed, decide, judge, weigh
from scout_ref.engine.notation import parse_move
from scout_ref.engine.setup import new_game
from scout_ref.engine.turn import apply_move
from scout_ref.rulebook.registry import spec_dir
from tests.test_conformance_evidence import Wrong, case_named, context

REPO = Path(__file__).parent.parent
SUITE = spec_dir() / "vectors"


def _result(
    focus: str | None,
    outcome: Outcome,
    blame: tuple[str, ...] = (),
    *,
    cites: tuple[str, ...] = (),
    players: int = 3,
    uses: tuple[str, ...] = (),
    name: str = "",
    steps: tuple[tuple[str, int], ...] = (),
) -> CaseResult:
    data: Message = {"state": {"players": players, "rules": OFFICIAL_RULES}}
    if focus:
        data["focus"] = focus
    rules_ = tuple(dict.fromkeys((*([focus] if focus else []), *cites)))
    case = Case(name or f"case-{focus}-{players}p-{outcome.value}", "apply", "", rules_, data, "x")
    return CaseResult(
        case, outcome, "differs", blame=blame, points_at=blame, uses=uses, steps_judged=steps
    )


def _verdicts(results: list[CaseResult]) -> dict[str, RuleVerdict]:
    weighed = weigh(results)
    decided = decide(blamed(weighed))
    ids = {r for x in results for r in (*x.case.rules, *x.blame, *dict(x.steps_judged))}
    return {rule: judge(rule, weighed, decided).verdict for rule in ids}


@pytest.mark.rule("SC-SHOW-02", "SC-SET-02", "SC-SHOW-01")
def test_a_shape_guess_yields_to_cases_that_isolate_it() -> None:
    """Non-combinations shown onto an empty table read as a set misread or as what may open;
    the set cases of the same run passed, so the opening rule is blamed, and the set rule
    withholds no verdict from the rules built on it."""
    results = [
        _result("SC-SET-02", Outcome.PASSED),
        _result("SC-SHOW-01", Outcome.PASSED, cites=("SC-SET-01",)),
        _result(
            "SC-SHOW-02",
            Outcome.FAILED,
            ("SC-SET-02", "SC-SHOW-02"),
            uses=("SC-SET-01", "SC-SHOW-02"),
        ),
    ]
    verdicts = _verdicts(results)
    assert verdicts["SC-SHOW-02"] is RuleVerdict.NONCONFORMANT
    assert verdicts["SC-SET-02"] is RuleVerdict.CONFORMANT
    assert verdicts["SC-SHOW-01"] is RuleVerdict.CONFORMANT
    # at another player count the set cases show nothing: the guess stands
    other = [*results[:2], _result("SC-TURN-02", Outcome.FAILED, ("SC-SET-02",), players=4)]
    assert _verdicts(other)["SC-SET-02"] is RuleVerdict.NONCONFORMANT
    # a single reading never yields: the difference shows it does not hold here
    alone = [results[0], _result("SC-TURN-02", Outcome.FAILED, ("SC-SET-02",))]
    assert _verdicts(alone)["SC-SET-02"] is RuleVerdict.NONCONFORMANT


@pytest.mark.rule("SC-END-02", "SC-SCOUT-05")
def test_a_broken_lower_rule_explains_only_the_steps_that_use_it() -> None:
    """SC-END-02 builds on SC-SCOUT-05; a missing round end in a step whose owner came out
    right does not use SC-SCOUT-05's fault, so it convicts SC-END-02 too."""
    owner = _result("SC-SCOUT-05", Outcome.FAILED, ("SC-SCOUT-05",), uses=("SC-SCOUT-05",))
    end = _result("SC-END-02", Outcome.FAILED, ("SC-END-02",), cites=("SC-SCOUT-05",))
    used = _verdicts([owner, CaseResult(end.case, end.outcome, blame=end.blame)])
    assert used["SC-END-02"] is RuleVerdict.NOT_JUDGED  # uses unknown: its cited rules count
    own = _verdicts([owner, CaseResult(end.case, end.outcome, blame=end.blame, uses=end.blame)])
    assert own["SC-END-02"] is RuleVerdict.NONCONFORMANT
    assert own["SC-SCOUT-05"] is RuleVerdict.NONCONFORMANT


@pytest.mark.rule("SC-VAR2-05", "SC-SCORE-04")
def test_conformant_needs_a_pass_and_no_failure_blamed_elsewhere_that_uses_the_rule() -> None:
    results = [
        _result("SC-VAR2-05", Outcome.PASSED, players=2),
        _result(
            "SC-SCORE-04",
            Outcome.FAILED,
            ("SC-VAR2-06",),
            cites=("SC-VAR2-05",),
            players=2,
            uses=("SC-VAR2-05", "SC-VAR2-06"),
            name="hider",
        ),
    ]
    weighed = weigh(results)
    hidden = judge("SC-VAR2-05", weighed, decide(blamed(weighed)))
    assert hidden.verdict is RuleVerdict.NOT_JUDGED
    assert hidden.hidden_by == ("hider",)
    assert hidden.because == ("SC-VAR2-06",)
    apart = [
        results[0],
        CaseResult(results[1].case, Outcome.FAILED, blame=("SC-VAR2-06",), uses=("SC-VAR2-06",)),
    ]
    assert _verdicts(apart)["SC-VAR2-05"] is RuleVerdict.CONFORMANT


@pytest.mark.rule("SC-GAME-01", "SC-VAR2-01")
def test_an_error_convicts_no_rule() -> None:
    """An errored answer blames nothing: the rules it would have judged are not judged."""
    errored = _result("SC-GAME-01", Outcome.ERRORED, players=2)
    verdicts = _verdicts([_result("SC-GAME-01", Outcome.PASSED, players=2), errored])
    assert verdicts["SC-GAME-01"] is RuleVerdict.NOT_JUDGED
    for message in ("no second round", "SC-VAR2-01 is not supported"):
        ctx, _ = context(refuse_round_two(message))
        result = run_case(ctx, case_named("trace-games-2p-game-1"))
        assert result.outcome is Outcome.ERRORED
        assert result.blame == ()  # even when its message quotes a rule


def refuse_round_two(message: str) -> Wrong:
    """Answers errored, with ``message``, to every later round's deal."""

    def wrong(request: Message, reply: Message) -> Message:
        if request["type"] == "deal" and "state" in request["input"]:
            return {"id": reply["id"], "type": "errored", "message": message}
        return reply

    return wrong


@pytest.mark.rule("SC-SNS-01", "SC-VAR2-02")
def test_rules_are_judged_only_at_the_player_counts_they_apply_to() -> None:
    before = facing(2, "5/3 6/1", "7/1 8/4 2/5", scout_chips=[2, 2])
    after = state_to_json(apply_move(before, parse_move("show 0-1")))
    wrong = {**after, "scout_show_available": [True, True]}
    assert state_blame(state_to_json(before), "show 0-1", after, wrong) == {"SC-VAR2-02"}
    game = _result(None, Outcome.PASSED, players=2, steps=(("SC-SNS-01", 4), ("SC-TURN-01", 9)))
    verdicts = _verdicts([game])
    assert verdicts["SC-TURN-01"] is RuleVerdict.CONFORMANT  # a fuzz-only run judges its steps
    assert verdicts["SC-SNS-01"] is RuleVerdict.NOT_APPLICABLE


def sns_chips_for_two(request: Message, reply: Message) -> Message:
    """With two players, a show or a scout hands out Scout & Show chips (SC-VAR2-02)."""
    state = reply.get("state")
    move = request.get("move")
    two = request["type"] == "apply" and isinstance(state, dict) and state["players"] == 2
    if two and isinstance(move, str) and move.startswith(("show", "scout")):
        reply = copy.deepcopy(reply)
        reply["state"]["scout_show_available"] = [True, True]
    return reply


@pytest.mark.rule("SC-VAR2-02", "SC-SNS-01")
def test_every_fuzz_game_keeps_its_departures() -> None:
    ctx, _ = context(sns_chips_for_two)
    seen: dict[tuple[tuple[str, ...], str], str] = {}
    first = fuzz_game(ctx, 2, "1:0", seen)
    again = fuzz_game(ctx, 2, "1:1", seen)
    for result in (first, again):
        assert result.outcome is Outcome.FAILED
        assert result.blame == ("SC-VAR2-02",)
        assert len(result.departures) > 1
        assert all(d.points_at == ("SC-VAR2-02",) for d in result.departures)
        assert "SC-SNS-01" not in dict(result.steps_judged)
    assert "as in fuzz-2p-1-0" in again.message
    assert again.departures[1].where in again.message  # later departures are listed too


@pytest.mark.rule("SC-COMP-01", "SC-SETUP-01", "SC-GAME-03")
def test_a_card_the_box_does_not_hold_is_the_decks_fault() -> None:
    expected: Message = state_to_json(new_game(3, seed=2))
    hands = [["5/5" if c in ("4/6", "6/4") else c for c in h] for h in expected["hands"]]
    hands[0][0] = "5/5"
    got = {**expected, "hands": hands}
    assert state_blame(None, "deal", expected, got) == {"SC-COMP-01"}
    assert state_blame(None, "next_round", expected, got) == {"SC-COMP-01"}


@pytest.mark.rule("SC-SCOUT-05", "SC-END-02")
def test_a_difference_that_fits_two_faults_names_both() -> None:
    """A scout that empties the set and completes the circle: an engine that forgets the owner
    and plays on may also lack the unbeaten round end; both are named."""
    start = facing(3, "4/2", "5/3 6/1", seat=2, owner=0, scout_chips=[1, 0, 0])
    before: Message = state_to_json(start)
    move = "scout L @0"
    after: Message = state_to_json(apply_move(start, parse_move(move)))
    assert after["round_end"] == "unbeaten"
    got = {
        **after,
        "owner": None,
        "round_end": None,
        "phase": "play",
        "turn": 0,
        "scores": before["scores"],
    }
    blame = state_blame(before, move, after, got)
    assert {"SC-SCOUT-05", "SC-END-02"} <= blame


@pytest.mark.rule("SC-END-02", "SC-TURN-01", "SC-SCORE-06")
def test_a_round_that_plays_on_uses_the_rule_that_ends_it_not_the_turn_order_or_scoring() -> None:
    """The engine plays on where the reference ends the round: the turn and totals differ
    because of that, so the step uses the round end's rule; the turn order only when the turn
    went to a seat other than the next (it hid SC-TURN-01 and SC-SCORE-06)."""
    start = facing(3, "4/2", "5/3 6/1", seat=2, owner=0, scout_chips=[1, 0, 0])
    before: Message = state_to_json(start)
    move = "scout L @0"
    after: Message = state_to_json(apply_move(start, parse_move(move)))
    played_on = {**after, "round_end": None, "phase": "play", "turn": 0, "scores": before["scores"]}
    uses = move_uses(before, move, after, played_on)
    assert "SC-END-02" in uses
    assert not {"SC-TURN-01", "SC-SCORE-06", "SC-SCORE-01"} & uses, sorted(uses)
    assert "SC-TURN-01" in move_uses(before, move, after, {**played_on, "turn": 1})
    early = facing(3, "4/2 4/3", "5/3 6/1", seat=1, owner=0, scout_chips=[0, 0, 0])
    plays_on = state_to_json(apply_move(early, parse_move(move)))  # seat 2 is still to scout
    assert plays_on["round_end"] is None
    ended = {**plays_on, "round_end": "unbeaten", "phase": "round_over", "turn": None}
    assert "SC-TURN-01" in move_uses(state_to_json(early), move, plays_on, ended)  # skipped?


@pytest.mark.rule("SC-SCOUT-02", "SC-SNS-02")
def test_a_step_uses_the_rules_its_explanation_cites() -> None:
    before = facing(4, "5/3 6/1", "7/1 8/4 2/5")
    sns = move_uses(state_to_json(before), "scout L @3 + show 0-1")
    assert {"SC-SCOUT-02", "SC-SNS-02", "SC-SNS-01"} <= sns
    scout = "scout L @3"
    after: Message = state_to_json(apply_move(before, parse_move(scout)))
    wrapped = copy.deepcopy(after)
    wrapped["hands"][1] = [wrapped["hands"][1][-1], *wrapped["hands"][1][:-1]]
    uses = move_uses(state_to_json(before), scout, after, wrapped)
    assert "SC-SCOUT-02" in uses
    assert "SC-SCOUT-05" not in uses  # the owner and the reduced set came out right


@pytest.mark.rule("SC-SCORE-04", "SC-SCORE-03")
def test_a_flag_with_no_effect_is_a_note_unless_a_case_isolates_it() -> None:
    def exempt_emptied(request: Message, reply: Message) -> Message:
        if request["type"] != "score":
            return reply
        reply = copy.deepcopy(reply)
        for row, hand in zip(reply["round_scores"], request["state"]["hands"], strict=True):
            if not hand:
                row["exempt"] = True
        return reply

    ctx, _ = context(exempt_emptied)
    case = case_named("score-scoring-2p-hand-penalty")
    expected = case.data["expected"]
    result = run_case(ctx, case)
    assert result.outcome is Outcome.PASSED
    assert result.message.startswith("note:")
    rows = [dict(r, exempt=not r["exempt"]) for r in expected["round_scores"]]
    assert without_effect(expected, {**expected, "round_scores": rows})
    rows[0]["total"] += 1
    assert not without_effect(expected, {**expected, "round_scores": rows})
    focused = Case(case.id, case.kind, "", case.rules, {**case.data, "focus": "SC-SCORE-04"}, "x")
    assert run_case(ctx, focused).blame == ("SC-SCORE-04",)


def only_start_player_rotates(request: Message, reply: Message) -> Message:
    """After any rotation decision play begins (SC-ORIENT-01: each player decides)."""
    if request["type"] == "apply" and request["move"] in ("keep", "flip"):
        reply = copy.deepcopy(reply)
        state = reply["state"]
        state.update(phase="play", turn=state["start_player"])
    return reply


@pytest.mark.rule("SC-ORIENT-01")
def test_perft_bisection_asks_the_adapters_own_move_first() -> None:
    start = new_game(3, seed=4)
    nodes, divide = perft_answer(start, 2)
    data = {
        "state": state_to_json(start),
        "depth": 2,
        "expected": {"nodes": nodes, "divide": divide},
        "focus": "SC-ORIENT-01",
    }
    case = Case("perft-rotation", "perft", "", ("SC-ORIENT-01",), data, "perft/x.json")

    def wrong(request: Message, reply: Message) -> Message:
        if request["type"] == "perft" and request["state"]["phase"] == "rotation":
            reply = copy.deepcopy(reply)
            reply["divide"] = dict.fromkeys(reply["divide"], 1)
            reply["nodes"] = len(reply["divide"])
        return only_start_player_rotates(request, reply)

    ctx, adapter = context(wrong)
    result = run_case(ctx, case)
    assert result.outcome is Outcome.FAILED
    assert "at the root: its own apply of 'keep' differs" in result.message
    assert adapter.asked == ["perft", "apply"]
    assert set(result.blame) <= {"SC-ORIENT-01", "SC-ORIENT-03"}


@pytest.fixture
def importable_adapters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(REPO))


def _conform(engine: str, tmp_path: Path, *selection: str) -> dict[str, str]:
    adapter = f"{sys.executable} -m tests.adapters.{engine}"
    command = ["conform", "--vectors", str(SUITE), "--adapter", adapter, *selection]
    command += ["--random-deals", "0", "--report", str(tmp_path), "--save", str(tmp_path / "f")]
    main(command)
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    return {r["id"]: r["verdict"] for r in report["rules"]}


ENGINES: dict[str, tuple[str, str, tuple[str, ...], tuple[str, ...]]] = {
    # id: (engine, selection, rules it breaks, rules a shape or a field order would name)
    "anything-opens": (
        "wrong_any_opening",
        "--rule SC-SHOW-02 --rule SC-SET-02 --rule SC-SET-03 --kind legal --kind reject",
        ("SC-SHOW-02",),
        ("SC-SET-02", "SC-SET-03"),  # its set and run cases pass
    ),
    "far-right-slot-wraps": (
        "wrong_far_right_slot_wraps",
        "--rule SC-SCOUT-02 --rule SC-SNS-0* --rule SC-INFO-02"
        " --kind legal --kind apply --kind observe",
        ("SC-SCOUT-02",),
        ("SC-SNS-01", "SC-SNS-02", "SC-SNS-03", "SC-INFO-02"),
    ),
    "two-faults": (
        "wrong_owner_forgotten_no_unbeaten",
        "--rule SC-SCOUT-05 --rule SC-END-02 --kind apply",
        ("SC-SCOUT-05", "SC-END-02"),  # the round end is not hidden behind the owner
        ("SC-TURN-01",),
    ),
    "two-player-scope": (
        "wrong_two_player_sns_chips",
        "--rule SC-VAR2-0* --rule SC-SHOW-0* --kind apply",
        ("SC-VAR2-02",),
        ("SC-SNS-01", "SC-SHOW-01", "SC-SHOW-05"),
    ),
    "decides-at-first-turn": (
        "wrong_decides_at_first_turn",
        "--rule SC-ORIENT-0* --kind apply",
        ("SC-ORIENT-01", "SC-ORIENT-03"),  # the last decision's turn is not the decision's
        ("SC-ORIENT-02",),
    ),
    "accepts-forbidden-and-refuses-allowed": (
        "wrong_slot_clamped_no_sns",
        "--rule SC-SCOUT-02 --rule SC-SNS-0* --kind legal --kind apply --kind reject",
        ("SC-SCOUT-02", "SC-SNS-01"),  # the clamped slot does not explain the refusals
        ("SC-SNS-02", "SC-SNS-03"),
    ),
    "hands-of-another-size": (
        "wrong_hand_sizes",
        "--kind deal",
        ("SC-SETUP-03",),
        ("SC-GAME-03", "SC-SETUP-01", "SC-COMP-01"),  # every card in play is dealt anew
    ),
    "a-double-in-the-box": (
        "wrong_deck_doubles",
        "--kind deal",
        ("SC-COMP-01",),
        ("SC-SETUP-01", "SC-GAME-03", "SC-SETUP-03"),
    ),
}


@pytest.mark.rule(
    "SC-SHOW-02",
    "SC-SCOUT-02",
    "SC-SCOUT-05",
    "SC-END-02",
    "SC-VAR2-02",
    "SC-COMP-01",
    "SC-ORIENT-03",
    "SC-SETUP-03",
    "SC-SNS-01",
)
@pytest.mark.usefixtures("importable_adapters")
@pytest.mark.parametrize(
    ("engine", "selection", "broken", "spared"), list(ENGINES.values()), ids=list(ENGINES)
)
def test_a_wrong_engine_is_named_on_its_rule_and_no_rule_a_shape_suggests(
    engine: str,
    selection: str,
    broken: tuple[str, ...],
    spared: tuple[str, ...],
    *,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    verdicts = _conform(engine, tmp_path, *selection.split())
    out = capsys.readouterr().out
    for rule in broken:
        assert verdicts[rule] == "nonconformant", rule
        assert f"{rule} nonconformant" in out  # the FAIL headers show the final verdicts
    assert {r for r, v in verdicts.items() if v == "nonconformant"} <= set(broken)
    assert not {r for r in spared if verdicts.get(r) == "nonconformant"}


@pytest.mark.rule("SC-ORIENT-01")
@pytest.mark.usefixtures("importable_adapters")
def test_perft_names_the_move_that_makes_the_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = new_game(3, seed=4)
    case = perft_case("perft-rotation-two", state_to_json(start), 2, ["SC-ORIENT-01"])
    folder = write_vectors(tmp_path / "vectors", "perft", [case])
    adapter = f"{sys.executable} -m tests.adapters.only_start_player_rotates"
    command = ["conform", "--vectors", str(folder), "--adapter", adapter]
    assert main([*command, "--save", str(tmp_path / "found")]) == 1
    out = capsys.readouterr().out
    assert "at the root: its own apply of 'keep' differs" in out
    assert "points at SC-ORIENT-01 nonconformant" in out


def perft_case(case_id: str, state: Message, depth: int, rules_: list[str]) -> Message:
    """A perft vector case from ``state``, its expected counts the reference's."""
    nodes, divide = perft_answer(state_from_json(state), depth)
    return {
        "id": case_id,
        "description": f"perft({depth}) from a given state.",
        "rules": rules_,
        "state": state,
        "depth": depth,
        "expected": {"nodes": nodes, "divide": divide},
    }


def write_vectors(folder: Path, kind: str, cases: list[Message]) -> Path:
    """A vector folder holding one file of ``kind`` with ``cases``; the folder."""
    (folder / kind).mkdir(parents=True)
    document = {"spec_version": "1.1.0", "kind": kind, "description": "d", "cases": cases}
    (folder / kind / "cases.json").write_text(json.dumps(document), "utf-8")
    return folder


@pytest.mark.rule("SC-GAME-04", "SC-VAR2-02")
def test_the_example_under_a_rule_is_its_own_evidence() -> None:
    game = CaseResult(
        _result(None, Outcome.FAILED).case,
        Outcome.FAILED,
        "the adapter departs at step 3 (deal): ...",
        blame=("SC-SETUP-03", "SC-VAR2-02"),
        departures=(
            Departure("step 3 (deal): hands[0]: expected ...", ("SC-SETUP-03",)),
            Departure("step 9 (apply 'show 0-0'): scout_show_available...", ("SC-VAR2-02",)),
        ),
    )
    assert evidence_of(game, "SC-VAR2-02").startswith("step 9 ")
    score = CaseResult(
        _result("SC-GAME-04", Outcome.FAILED).case,
        Outcome.FAILED,
        "round_scores seat 1: exempt expected false, got true\nwinners: expected [0], got [1]",
    )
    assert evidence_of(score, "SC-GAME-04") == "winners: expected [0], got [1]"
    assert evidence_of(score, "SC-SCORE-04").startswith("round_scores seat 1: exempt")


@pytest.mark.rule("SC-SCOUT-02", "SC-NOTE-04", "SC-SNS-03")
def test_the_shown_cards_of_a_scout_and_show_name_the_misread_scout() -> None:
    """A Scout & Show that shows the scouted card: shown the way it lay, the rotation was
    ignored (SC-SCOUT-02); shown from the hand before the insertion, the positions were read
    there (SC-NOTE-04)."""
    start = facing(4, "3/9 6/1", "7/1 8/4 2/5")
    move = "scout L~ @0 + show 0-0"
    before: Message = state_to_json(start)
    after: Message = state_to_json(apply_move(start, parse_move(move)))
    assert after["active_set"] == ["9/3"]
    unturned = {**after, "active_set": ["3/9"]}
    assert state_blame(before, move, after, unturned) == {"SC-SCOUT-02"}
    assert "SC-SCOUT-02" in move_uses(before, move, after, unturned)
    early = {**after, "active_set": ["7/1"]}
    assert state_blame(before, move, after, early) == {"SC-NOTE-04"}


@pytest.mark.rule("SC-SHOW-05", "SC-GEN-02", "SC-SNS-03")
def test_a_scout_and_show_that_reorders_cards_breaks_the_rule_any_move_would() -> None:
    start = facing(4, "4/10 6/1", "7/1 8/2 9/3 2/5")
    move = "scout R @0 + show 1-3"
    before: Message = state_to_json(start)
    after: Message = state_to_json(apply_move(start, parse_move(move)))
    shown = {**after, "active_set": after["active_set"][::-1]}
    assert state_blame(before, move, after, shown) == {"SC-SHOW-05"}
    assert "SC-SHOW-05" in move_uses(before, move, after, shown)
    hands = copy.deepcopy(after["hands"])
    hands[1] = hands[1][::-1]
    assert state_blame(before, move, after, {**after, "hands": hands}) == {"SC-GEN-02"}


def keep_turns_the_hand(request: Message, reply: Message) -> Message:
    """A keep rotates the hand (SC-ORIENT-01), and the seat's own observed hand shows it."""
    reply = copy.deepcopy(reply)
    if request["type"] == "apply" and request["move"] == "keep":
        seat = request["state"]["turn"]
        turned = [f"{c.split('/')[1]}/{c.split('/')[0]}" for c in reply["state"]["hands"][seat]]
        reply["state"]["hands"][seat] = turned[::-1]
    elif request["type"] == "observe":
        hand = reply["observation"]["hand"]
        reply["observation"]["hand"] = [f"{c.split('/')[1]}/{c.split('/')[0]}" for c in hand][::-1]
    return reply


@pytest.mark.rule("SC-ORIENT-01", "SC-INFO-01")
def test_an_own_hand_shown_as_the_adapters_own_play_left_it_blames_the_play() -> None:
    case = case_named("observe-information-rotation-decisions")
    assert "keep" in case.data["moves"]
    ctx, adapter = context(keep_turns_the_hand)
    result = run_case(ctx, case)
    assert result.outcome is Outcome.FAILED
    assert "apply" in adapter.asked  # its own play of the moves was asked
    assert "SC-INFO-01" not in result.blame
    assert "SC-ORIENT-01" in result.blame


def decides_at_first_turn(request: Message, reply: Message) -> Message:
    """Plays at once after its own rotation decision (as wrong_decides_at_first_turn)."""
    if request["type"] == "apply" and request["move"] in ("keep", "flip") and "state" in reply:
        reply = copy.deepcopy(reply)
        reply["state"].update(phase="play", turn=request["state"]["turn"])
    return reply


def both_ends_of_one_card_forgetting_its_owner(request: Message, reply: Message) -> Message:
    """Lists a one-card set's card as its right end too (SC-NOTE-05), and forgets the owner of
    a set scouted empty (SC-SCOUT-05)."""
    reply = copy.deepcopy(reply)
    state = request.get("state") or {}
    if request["type"] == "legal" and len(state.get("active_set", ())) == 1:
        reply["moves"] += [
            m.replace("scout L", "scout R")
            for m in reply["moves"]
            if " + " not in m and m.startswith("scout L")
        ]
    got = reply.get("state")
    scout = request["type"] == "apply" and request["move"].startswith("scout")
    if scout and isinstance(got, dict) and not got["active_set"] and got["phase"] == "play":
        got["owner"] = None
    return reply


@pytest.mark.rule("SC-ORIENT-01", "SC-ORIENT-03")
def test_one_steps_broken_lower_rule_explains_no_other_steps_difference() -> None:
    """A fuzz game departs at the first rotation decision (SC-ORIENT-01) and at the last one
    (SC-ORIENT-03, which builds on it): the last decision's step uses its own rule only, so the
    broken SC-ORIENT-01 of the first step does not withhold SC-ORIENT-03."""
    ctx, _ = context(decides_at_first_turn)
    result = fuzz_game(ctx, 2, "1:0", {})
    assert {"SC-ORIENT-01", "SC-ORIENT-03"} <= set(result.blame)
    verdicts = _verdicts([result])
    assert verdicts["SC-ORIENT-01"] is RuleVerdict.NONCONFORMANT
    assert verdicts["SC-ORIENT-03"] is RuleVerdict.NONCONFORMANT
    last = [d for d in result.departures if d.points_at == ("SC-ORIENT-03",)]
    assert last
    assert all("SC-ORIENT-01" not in d.uses for d in last)


@pytest.mark.rule("SC-SCOUT-05", "SC-SCOUT-02", "SC-NOTE-05")
def test_a_shared_move_made_differently_uses_only_the_rules_of_what_differs() -> None:
    """The lists differ (a one-card set offered at both ends), and a move both list leaves the
    owner out: that step uses the owner's rule, not every rule its explanation cites (the slot,
    the chip), so those rules, whose fields agree, are shown holding, not hidden."""
    ctx, _ = context(both_ends_of_one_card_forgetting_its_owner)
    result = fuzz_game(ctx, 2, "1:0", {})
    shared = [d for d in result.departures if "a move both list" in d.where]
    assert shared
    assert all(d.points_at == ("SC-SCOUT-05",) for d in shared)
    assert "SC-SCOUT-02" not in result.uses
    assert "SC-VAR2-03" not in result.uses
    verdicts = _verdicts([result])
    assert verdicts["SC-SCOUT-05"] is RuleVerdict.NONCONFORMANT
    assert verdicts["SC-SCOUT-02"] is RuleVerdict.CONFORMANT


@pytest.mark.rule("SC-SCORE-04", "SC-END-02", "SC-SCORE-01", "SC-SCORE-03")
def test_a_round_end_scored_wrong_uses_the_scoring_rule_its_totals_fit() -> None:
    """A scout ends the round on an unbeaten set: an engine that ends it rightly but charges
    the owner for their hand uses the exemption, not the round-end rule (its phase, turn and
    round_end agree) nor the rules of captured cards or hands; one that adds nothing at all
    uses the rule that adds the round to the totals."""
    case = case_named("apply-players-round-end-unbeaten-3p")
    before: Message = case.data["state"]
    move: str = case.data["move"]
    after: Message = state_to_json(apply_move(state_from_json(before), parse_move(move)))
    owner = after["owner"]
    charged = copy.deepcopy(after)
    charged["scores"][owner] -= len(after["hands"][owner])
    uses = move_uses(before, move, after, charged)
    assert "SC-SCORE-04" in uses
    assert not uses & {"SC-END-02", "SC-SCORE-01", "SC-SCORE-03", "SC-SCORE-06"}
    unended = {**after, "phase": "play", "round_end": None, "turn": 0}
    assert "SC-END-02" in move_uses(before, move, after, unended)
