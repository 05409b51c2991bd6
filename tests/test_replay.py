"""``scout-ref replay``: recorded games replay cleanly; any tampering is caught and located."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from scout_ref.cli import main
from scout_ref.conformance.vectors.build import schema_problems, vectors_dir


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A 3-player bots' game recorded by play --record."""
    path = tmp_path_factory.mktemp("trace") / "game.json"
    assert (
        main(["play", "--seats", "greedy,random,random", "--seed", "4", "--record", str(path)]) == 0
    )
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.rule("SC-GAME-01", "SC-SCORE-06")
def test_record_is_a_whole_game_trace(recorded: dict[str, Any]) -> None:
    assert recorded["kind"] == "trace"
    (case,) = recorded["cases"]
    assert case["id"] == "trace-play-3p-seed-4"
    assert case["players"] == 3
    assert case["game_rules"]["owner_exemption"] is True
    assert schema_problems("trace", recorded) == []
    deals = [s for s in case["steps"] if "deal" in s]
    ends = [s for s in case["steps"] if "state" in s]
    assert len(deals) == len(ends) == 3
    assert ends[-1]["state"]["phase"] == "game_over"
    assert all("SC-" in rid for rid in case["rules"])


@pytest.mark.rule("SC-GAME-02")
def test_replay_confirms_every_step(
    tmp_path: Path, recorded: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", write(tmp_path, recorded)]) == 0
    out = capsys.readouterr().out
    steps = len(recorded["cases"][0]["steps"])
    assert out.rstrip().endswith(f"1 case, {steps} steps: every step matches the engine")
    assert "Round 3 over" in out
    assert main(["replay", "--quiet", write(tmp_path, recorded)]) == 0
    assert capsys.readouterr().out.count("\n") == 2


def tampered(recorded: dict[str, Any], index: int, **changes: object) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(recorded))
    data["cases"][0]["steps"][index].update(changes)
    return data


@pytest.mark.rule("SC-TURN-02")
def test_an_illegal_move_diverges_with_its_rule(
    tmp_path: Path, recorded: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    data = tampered(recorded, 4, move="show 0-30")
    assert main(["replay", write(tmp_path, data)]) == 1
    out = capsys.readouterr().out
    assert "diverges at step 4: 'show 0-30' is illegal here: range_outside_hand (SC-SHOW-01)" in out


@pytest.mark.rule("SC-SCORE-01")
def test_a_wrong_digest_or_score_diverges(
    tmp_path: Path, recorded: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", write(tmp_path, tampered(recorded, 2, digest="0" * 64))]) == 1
    assert "step 2: state digest differs" in capsys.readouterr().out
    last = len(recorded["cases"][0]["steps"]) - 1
    state = dict(recorded["cases"][0]["steps"][last]["state"], scores=[0, 0, 0])
    assert main(["replay", write(tmp_path, tampered(recorded, last, state=state))]) == 1
    assert f"step {last}: the round-end state differs in scores" in capsys.readouterr().out


@pytest.mark.rule("SC-SETUP-02")
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("kind", "legal"), "error: invalid trace: /kind: the file is not a trace vector"),
        (("players", 7), "error: invalid trace: /cases/0/players: 7 is greater than"),
        (("game_rules", {}), "error: invalid trace: /cases/0/game_rules: 'owner_exemption' is"),
    ],
)
def test_malformed_trace_is_status_2(
    tmp_path: Path,
    recorded: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
    change: tuple[str, object],
    message: str,
) -> None:
    field, value = change
    data = json.loads(json.dumps(recorded))
    if field == "kind":
        data["kind"] = value
    else:
        data["cases"][0][field] = value
    assert main(["replay", write(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message)
    assert err.count("\n") == 1


@pytest.mark.rule("SC-GAME-03")
def test_replays_the_committed_trace_vectors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--quiet", str(vectors_dir() / "trace" / "games.json")]) == 0
    assert "every step matches the engine" in capsys.readouterr().out


@pytest.mark.rule("SC-SETUP-02")
def test_bad_deck_card_is_status_2(
    tmp_path: Path, recorded: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    deck = ["11/3", *recorded["cases"][0]["steps"][0]["deal"][1:]]
    assert main(["replay", write(tmp_path, tampered(recorded, 0, deal=deck))]) == 2
    assert "/cases/0/steps/0/deal/0: '11/3' does not match" in capsys.readouterr().err


TRACE = str(vectors_dir() / "trace" / "games.json")


@pytest.mark.rule("SC-GAME-01")
def test_at_prints_the_position_after_a_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", TRACE, "--at", "2"]) == 0
    head, line = capsys.readouterr().out.splitlines()
    assert head == "trace-games-2p-game-1 step 2 (seat 1: flip)"
    assert line.startswith("2p turn 0 hands ")


@pytest.mark.rule
def test_at_outside_the_case_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", TRACE, "--at", "9999"]) == 2
    assert "has steps 0 to" in capsys.readouterr().err


@pytest.mark.rule("SC-GAME-01")
def test_step_pauses_after_each_step_until_q(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n\nq\n"))
    assert main(["replay", TRACE, "--step"]) == 0
    out = capsys.readouterr().out
    assert out.count("[Enter] next step, q stop") == 3
    assert out.rstrip().endswith("stopped at step 2")


@pytest.mark.rule
def test_case_selects_one_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", TRACE, "--case", "nope"]) == 2
    assert "no case 'nope'" in capsys.readouterr().err


@pytest.mark.rule("SC-END-04")
def test_a_trace_of_a_round_that_need_not_end_replays(capsys: pytest.CaptureFixture[str]) -> None:
    """Its last step carries the state though no round ends there (spec/INTERPRETING.md: the
    last step carries the full expected state); replay read that as a round end the engine
    did not reach, and exited 1 on the shipped trace/cycles.json."""
    assert main(["replay", str(vectors_dir() / "trace" / "cycles.json")]) == 0
    assert capsys.readouterr().out.rstrip().endswith("every step matches the engine")
