"""The play and replay screens as a person sees them, in an 80x24 pseudo-terminal."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from tests.test_play import Terminal
from tests.test_play import screen_text as shown

TRACE = Path(__file__).parent / "data" / "vectors" / "trace" / "round.json"
# Seat 0 holds 5 and 9 against a single 7 of seat 1, who holds 3 and 4: after scouting the 7
# and showing the 9, the greedy bot shows its run 3-4 and empties its hand.
NEAR_THE_END = "2p hands 5/1 9/3 | 3/2 4/6 active_set 7/2 owner 1 scout_chips 1 2"


def spawn(*args: str) -> Terminal:
    return pexpect.spawn(
        sys.executable,
        ["-m", "scout_ref", *args],
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=30,
    )


@pytest.fixture
def two_player_game() -> Iterator[Terminal]:
    child = spawn("play", "--seats", "human,greedy", "--seed", "3", "--from", NEAR_THE_END)
    yield child
    child.close(force=True)


@pytest.mark.rule("SC-VAR2-03", "SC-END-01")
def test_play_explains_the_extra_turn_and_holds_the_round_summary(
    two_player_game: Terminal,
) -> None:
    game = two_player_game
    game.expect(r"move\S*> ")
    game.sendline("scout L @0")
    game.expect(r"move\S*> ")
    assert "scout L @0  [took 7/2]; scouted, so acts again (SC-VAR2-03)" in shown(game)
    game.sendline("show 2-2")
    game.expect(r"Enter: next round\S*> ")
    summary = shown(game)
    assert "Round 1 over: seat 1 emptied their hand (SC-END-01)." in summary
    assert "Totals: seat 0 5, seat 1 13" in summary
    assert "Round 2" not in summary  # the summary stays until a key is pressed
    game.sendline("")
    game.expect(r"move\S*> ")
    assert "Round 2 of 2" in shown(game)
    game.sendline("quit")
    game.expect(pexpect.EOF)


@pytest.mark.rule("SC-TURN-01")
def test_replay_step_draws_the_table() -> None:
    replay = spawn("replay", str(TRACE), "--step", "--plain")
    try:
        replay.expect(r"\[Enter\] next step, q stop: ")
        replay.sendline("")
        replay.expect(r"\[Enter\] next step, q stop: ")
        table = shown(replay)
        assert "Round 1 of 3, seat 1 to act" in table
        assert "seat player    hand captured chips  S&S  score" in table
        assert "Every hand (a replay shows them all):" in table
        assert "position: 3p phase rotation turn 1 hands" in table
        drawn = [line for line in table.splitlines() if not line.startswith("position: ")]
        assert all(len(line) <= 80 for line in drawn)  # the position line is for pasting
        replay.sendline("q")
        replay.expect(pexpect.EOF)
        assert "stopped at step 1" in shown(replay)
    finally:
        replay.close(force=True)
