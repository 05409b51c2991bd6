"""``explain``: the verdict is the engine's, and the reasoning names the deciding step and rule."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scout_ref import (
    Reason,
    Rules,
    Scouting,
    State,
    apply_move,
    check_move,
    legal_moves,
    parse_move,
    parse_position,
    state_to_json,
)
from scout_ref.analysis.explain import explain
from scout_ref.analysis.simulation import random_game
from scout_ref.cli import main
from scout_ref.engine.notation import move_sort_key
from scout_ref.formats.position import build_reachable_state, build_state
from scout_ref.formats.state_source import read_state

# Seat 0 to act; seat 2 owns the run 6/2 5/3 (a run of 2, smallest 5).
TABLE = build_reachable_state(
    3, ["3/1 3/9 7/2 8/1 9/4", "5/6", "1/4"], active_set="6/2 5/3", owner=2
)


def reasoning(state: State | None, move: str) -> str:
    """The explanation as the CLI prints it, with line breaks and indents collapsed."""
    return " ".join("\n".join(explain(state or TABLE, parse_move(move)).lines()).split())


@pytest.mark.rule("SC-SET-04")
@pytest.mark.parametrize(
    ("move", "step"),
    [
        ("show 2-4", "size decides: 3 cards against 2, so the show beats it"),
        ("show 0-1", "kind decides: a set beats a run, so the show beats it"),
        ("show 2-3", "smallest number decides: 7 against 5, so the show beats it"),
    ],
)
def test_names_the_deciding_step_of_the_strength_order(move: str, step: str) -> None:
    text = reasoning(None, move)
    assert step in text
    assert "[SC-SET-04]" in text


@pytest.mark.rule("SC-SET-05")
def test_a_tie_does_not_beat() -> None:
    state = build_state(3, ["5/1 6/2", "7/3", "1/4"], active_set="6/4 5/3", owner=2)
    ex = explain(state, parse_move("show 0-1"))
    assert ex.rejection is not None
    assert ex.rejection.reason is Reason.NOT_STRONGER
    assert ex.points[-1].rule == "SC-SET-05"


@pytest.mark.rule("SC-SET-01", "SC-SET-03")
def test_a_non_combination_is_classified_then_rejected() -> None:
    text = reasoning(None, "show 1-2")
    assert text.startswith("show 1-2 by seat 0: illegal, not_a_combination (SC-SET-01)")
    assert "top numbers 3 7" in text
    assert "SC-SET-01 Combinations: A combination is one card" in text


@pytest.mark.rule("SC-SCOUT-01", "SC-SCOUT-02", "SC-SCOUT-03", "SC-SCOUT-05")
def test_a_scout_gives_end_orientation_slot_and_chip() -> None:
    text = reasoning(None, "scout L~ @2")
    assert "takes the left end card 6/2 of the active set 6/2 5/3" in text
    assert "rotated, it goes in as 2/6" in text
    assert "inserted at slot 2, between 3/9 (position 1) and 7/2 (position 2)" in text
    assert "the owner, seat 2, receives a Scout chip" in text
    assert "the active set is left as 5/3" in text


@pytest.mark.rule("SC-VAR2-03")
def test_a_two_player_scout_costs_a_chip() -> None:
    state = build_state(2, ["3/1 3/9", "5/6 7/8"], active_set="6/2", owner=1)
    text = reasoning(state, "scout L @0")
    assert "seat 0 pays one of their 3 Scout chips to the centre, then plays again" in text


@pytest.mark.rule("SC-NOTE-05")
def test_single_card_end() -> None:
    state = build_state(3, ["3/1 3/9", "5/6", "1/4"], active_set="6/2", owner=2)
    ex = explain(state, parse_move("scout R @0"))
    assert ex.rejection is not None
    assert ex.rejection.rule == "SC-NOTE-05"
    assert ex.points[-1].rule == "SC-NOTE-05"


@pytest.mark.rule("SC-SNS-02")
def test_scout_and_show_is_judged_against_the_reduced_set() -> None:
    # Taking 5/3 leaves 6/2 (a set of 1): the single 7 beats it, though it would not beat 6 5.
    text = reasoning(None, "scout R @0 + show 3-3")
    assert text.startswith("scout R @0 + show 3-3 by seat 0: legal")
    assert "against the active set as reduced by the scout [SC-SNS-02]" in text
    assert "the beaten set (1 card)" in text


@pytest.mark.rule("SC-VAR-03")
def test_forced_scouting_is_explained() -> None:
    state = build_state(
        3,
        ["3/1 3/9", "5/6", "1/4"],
        active_set="6/2",
        owner=2,
        rules=Rules(scouting=Scouting.FORCED),
    )
    ex = explain(state, parse_move("scout L @0"))
    assert ex.rejection is not None
    assert ex.rejection.reason is Reason.SHOW_AVAILABLE
    assert "forced scouting is on" in ex.points[-1].text


@pytest.mark.rule("SC-END-01", "SC-END-02", "SC-TURN-01")
def test_names_what_the_move_leads_to() -> None:
    passing = build_state(3, ["3/1", "5/6 1/2", "1/4"], active_set="6/2", owner=2, turn=0)
    assert "seat 1 plays next [SC-TURN-01]" in reasoning(passing, "scout L @0")
    closing = build_state(3, ["3/1", "5/6 1/2", "1/4"], active_set="6/2", owner=2, turn=1)
    assert "with that set unbeaten [SC-END-02]" in reasoning(closing, "scout L @0")
    emptying = build_state(3, ["3/1", "5/6 1/2", "1/4"], owner=1, turn=0)
    assert "the round ends [SC-END-01]" in reasoning(emptying, "show 0-0")


@pytest.mark.rule("SC-TURN-04")
@pytest.mark.parametrize("seed", range(3))
def test_verdict_always_matches_check_move(seed: int) -> None:
    """Over random games, every legal move and a few illegal ones agree with the engine."""
    for rnd in random_game(3, seed).rounds:
        for state, _ in rnd.steps()[:12]:
            for move in [*legal_moves(state)[:5], parse_move("show 0-3"), parse_move("scout R @0")]:
                ex = explain(state, move)
                assert ex.rejection == check_move(state, move)
                assert ex.points


def write_state(tmp_path: Path) -> str:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state_to_json(TABLE)), encoding="utf-8")
    return str(path)


@pytest.mark.rule("SC-SHOW-03")
def test_cli_exit_status_is_the_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = write_state(tmp_path)
    assert main(["explain", state, "show 2-4"]) == 0
    assert main(["explain", state, "show 4-4"]) == 1
    out = capsys.readouterr().out
    assert "show 4-4 by seat 0: illegal, not_stronger (SC-SHOW-03)" in out
    assert "SC-SHOW-03 Beating the active set:" in out
    assert "SC-SET-04 Strength order: A combination beats another" in out  # cited, with text
    lines = out.splitlines()
    after = lines.index("position after the move:")  # the legal move's, one line to paste
    assert parse_position(lines[after + 1]) == apply_move(read_state(state), parse_move("show 2-4"))
    assert all(len(line) <= 80 for k, line in enumerate(lines) if k != after + 1)


@pytest.mark.rule("SC-NOTE-02")
@pytest.mark.parametrize(
    ("content", "move", "what"),
    [
        (None, "show 0-0", "invalid file"),
        ("{not json", "show 0-0", "invalid JSON"),
        ('{"players": 3}', "show 0-0", "invalid state"),
        ("STATE", "show 3-1", "invalid move"),
    ],
)
def test_cli_bad_input_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, move: str, what: str
) -> None:
    path = tmp_path / "input.json"
    if content == "STATE":
        path.write_text(json.dumps(state_to_json(TABLE)), encoding="utf-8")
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["explain", str(path), move]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {what}")
    assert err.count("\n") == 1


POSITION = "3p hands 3/7 3/1 9/2 5/8 6/4 | 1/4 2/7 | 8/2 7/1 active_set 4/9 5/1 owner 2"


@pytest.mark.rule("SC-SET-04")
def test_cli_reads_a_position_line(capsys: pytest.CaptureFixture[str]) -> None:
    """The newcomer's one command line: a position and a move give verdict, reasoning, rules."""
    assert main(["explain", POSITION, "show 0-1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("show 0-1 by seat 0: legal\nreasoning:")
    assert "a set beats a run, so the show beats it" in out
    assert "rules cited:" in out


@pytest.mark.rule("SC-SET-04")
@pytest.mark.parametrize("content", [POSITION + "\n", "JSON"])
def test_cli_reads_a_file_or_stdin(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    content: str,
) -> None:
    text = json.dumps(state_to_json(parse_position(POSITION))) if content == "JSON" else content
    path = tmp_path / "position.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["explain", str(path), "show 0-1"]) == 0
    from_file = capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["explain", "-", "show 0-1"]) == 0
    assert capsys.readouterr().out == from_file


@pytest.mark.rule("SC-NOTE-06")
def test_legal_lists_the_moves_in_canonical_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["legal", POSITION]) == 0
    lines = capsys.readouterr().out.splitlines()
    state = parse_position(POSITION)
    assert lines[:-1] == [str(m) for m in sorted(legal_moves(state), key=move_sort_key)]
    assert lines[-1] == f"{len(lines) - 1} legal moves (seat 0 to act, play phase)"


@pytest.mark.rule("SC-NOTE-02")
@pytest.mark.parametrize(
    ("source", "what"),
    [
        ("3p hands 3/7 | 5/5 | -", "invalid position: column 16"),
        ("no-such-file.json", "invalid file"),
    ],
)
def test_cli_bad_position_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], source: str, what: str
) -> None:
    assert main(["legal", source]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {what}")
    assert err.count("\n") == 1
