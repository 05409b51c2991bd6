"""``scout-ref play``: a human in a pseudo-terminal, and bots-only games in plain text."""

from __future__ import annotations

import io
import json
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TypeAlias

import pexpect
import pytest

from scout_ref import Seat, new_game, observation, oriented
from scout_ref.ai.policy import best_strength
from scout_ref.cli import main
from scout_ref.engine.notation import parse_move
from scout_ref.engine.rotation import rotate_hand
from scout_ref.engine.setup import cards_in_play
from scout_ref.formats.position import build_state
from scout_ref.play.bots import GreedyBot, RandomBot
from scout_ref.play.view import HELP

Terminal: TypeAlias = "pexpect.spawn[str]"  # the stubs are generic, the class is not
FLIPPABLE = "1/5 2/6 3/7 9/1 4/8 2/9 1/7 8/3 4/1 6/3 9/4 2/8"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = r"move\S*> "  # the prompt word may be followed by a style reset


def screen_text(child: Terminal) -> str:
    """What the terminal showed before the last match, without colour codes."""
    before = child.before
    assert isinstance(before, str)
    return ANSI.sub("", before)


@pytest.fixture
def game() -> Iterator[Terminal]:
    """A 3-player game in an 80x24 pseudo-terminal: a human at seat 0, then two bots."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "scout_ref", "play", "--seats", "human,random,greedy", "--seed", "1"],
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=30,
    )
    yield child
    child.close(force=True)


@pytest.mark.rule("SC-ORIENT-01", "SC-SET-01", "SC-SHOW-03", "SC-TURN-04")
def test_human_in_a_terminal(game: Terminal) -> None:
    game.expect(PROMPT)
    rotation = screen_text(game)
    assert "Keep or flip your hand" in rotation
    assert "Your hand turned over (flip):" in rotation
    assert all(len(line.rstrip()) <= 80 for line in rotation.splitlines())

    game.sendline("keep")
    game.expect(PROMPT)
    assert "seat 2 (greedy): flip" in screen_text(game)

    game.sendline("show 0-5")  # 2 4 9 8 9 5: neither a set nor a run
    game.expect(PROMPT)
    answer = screen_text(game)
    assert "illegal, not_a_combination (SC-SET-01)" in answer
    assert "SC-SET-01 Combinations:" in answer

    game.sendline("?")
    game.expect(PROMPT)
    assert "show 9-10" in screen_text(game)

    game.sendline("help")
    game.expect(PROMPT)
    assert "scout L @k + show i-j" in screen_text(game)

    game.sendline("show 0-0")
    game.expect(PROMPT)
    after = screen_text(game)
    assert "seat 0 (you): show 0-0  [2/7]" in after
    assert "Active set of seat 2" in after

    game.sendline("show 0-0")  # a single 4 does not beat greedy's set of two 8s
    game.expect(PROMPT)
    assert "illegal, not_stronger (SC-SHOW-03)" in screen_text(game)

    game.sendline("scout L @0")
    game.expect(r"Enter: next round\S*> ")  # greedy empties its hand: the summary waits
    assert "seat 0 (you): scout L @0  [took 8/7]" in screen_text(game)

    game.sendline("quit")
    game.expect(pexpect.EOF)
    assert "Game abandoned." in screen_text(game)


@pytest.mark.rule("SC-GAME-01", "SC-GAME-04", "SC-SCORE-04")
@pytest.mark.parametrize(
    "seats", ["greedy,random,random", "random,greedy", "greedy,greedy,random,random,random"]
)
def test_bots_play_a_whole_game_in_plain_text(
    seats: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--seats", seats, "--seed", "7"]) == 0
    out = capsys.readouterr().out
    players = seats.count(",") + 1
    assert out.count(" over: ") == players
    assert "Game over." in out
    assert "\x1b[" not in out
    assert all(len(line) <= 80 for line in out.splitlines())


@pytest.mark.rule("SC-GAME-02")
def test_same_seed_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "--seats", "random,random,greedy", "--seed", "3"])
    first = capsys.readouterr().out
    main(["play", "--seats", "random,random,greedy", "--seed", "3"])
    assert capsys.readouterr().out == first


@pytest.mark.rule("SC-SCORE-04", "SC-VAR-01")
def test_rules_switches_reach_the_game(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "--seats", "greedy,random,random", "--seed", "1", "--record", str(record)]
    main([*args, "--no-owner-exemption", "--scouting", "forced", "--rotation", "once-per-game"])
    text = record.read_text(encoding="utf-8")
    assert '"owner_exemption": false' in text
    assert '"rotation": "once_per_game"' in text
    assert '"scouting": "forced"' in text


POSITION = "3p round 3 turn 2 hands 3/7 3/1 | 1/4 2/7 | 8/2 7/1 active_set 4/9 5/1 owner 0"


@pytest.mark.rule("SC-GAME-01")
def test_play_goes_on_from_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seats", "greedy,random,greedy", "--seed", "2", "--from", POSITION]) == 0
    out = capsys.readouterr().out
    assert "Round 3 of 3: seat 2 to act." in out
    assert out.count(" over: ") == 1  # the last round, then the game ends
    assert "Game over." in out


@pytest.mark.rule("SC-GEN-01")
@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        (["--seats", "greedy,greedy"], "2 seats for a 3-player position"),
        (["--record", "x.json"], "a record starts with a deal"),
    ],
)
def test_play_from_refuses_what_cannot_fit(
    capsys: pytest.CaptureFixture[str], extra: list[str], problem: str
) -> None:
    assert main(["play", "--from", POSITION, *extra]) == 2
    assert problem in capsys.readouterr().err


@pytest.mark.rule
def test_help_fits_an_80_column_terminal() -> None:
    assert all(len(line) <= 78 for line in HELP)


@pytest.mark.rule("SC-GEN-01")
@pytest.mark.parametrize(
    "seats", ["human", "human,robot", "random,random,random,random,random,random"]
)
def test_bad_seats_are_status_2(seats: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seats", seats]) == 2
    assert capsys.readouterr().err.startswith("error: invalid --seats")


@pytest.mark.rule("SC-SHOW-03", "SC-SCOUT-02")
def test_piped_human_gets_rule_citations(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["flip", "show 0-11", "bogus", "rules SC-SET-04", "explain show 0-0", "quit"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    assert main(["play", "--seats", "human,greedy", "--seed", "2", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 (you): flip" in out
    assert "illegal, range_outside_hand (SC-SHOW-01)" in out
    assert "error" not in out
    assert "invalid move: 'bogus'" in out
    assert "SC-SET-04 Strength order:" in out
    assert "show 0-0 by seat 0: legal" in out
    assert "Game abandoned." in out


@pytest.mark.rule("SC-ORIENT-02")
def test_greedy_flips_to_the_stronger_hand() -> None:
    # Kept, the best is the run 1 2 3; turned over, the hand ends with the run 7 6 5.
    mine = [oriented(*map(int, t.split("/"))) for t in FLIPPABLE.split()]
    rest = sorted(cards_in_play(3) - {c.card for c in mine})
    state = new_game(3, [*mine, *(oriented(c.low, c.high) for c in rest)])
    assert best_strength(state.hand) == (3, False, 1)
    assert best_strength(rotate_hand(state.hand)) == (3, False, 5)
    assert str(GreedyBot().choose(observation(state, Seat(0)))) == "flip"


@pytest.mark.rule("SC-SHOW-03")
def test_greedy_sheds_the_most_cards() -> None:
    state = build_state(3, ["3/1 3/9 7/2 8/1 9/4", "5/6", "1/4"], active_set="6/2 5/3", owner=2)
    assert str(GreedyBot().choose(observation(state, Seat(0)))) == "show 2-4"


@pytest.mark.rule("SC-SCOUT-04")
def test_random_bot_is_reproducible() -> None:
    state = build_state(3, ["3/1 3/9 7/2 8/1 9/4", "5/6", "1/4"], active_set="6/2 5/3", owner=2)
    picks = [str(RandomBot(random.Random(5)).choose(observation(state, Seat(0)))) for _ in range(2)]
    assert picks[0] == picks[1]
    assert parse_move(picks[0]) is not None


def recorded_steps(record: Path) -> int:
    """How many steps the record holds (0 before it exists)."""
    if not record.exists():
        return 0
    return len(json.loads(record.read_text("utf-8"))["cases"][0]["steps"])


@pytest.mark.rule("SC-ORIENT-01")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_killed_game_keeps_every_move_in_its_record(
    signum: signal.Signals, tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    argv = [sys.executable, "-m", "scout_ref", "play", "--seats", "human,greedy,greedy"]
    argv += ["--seed", "2", "--plain", "--record", str(record)]

    # The game gets the signal's default action even where this test runs with it ignored
    # (under nohup SIGHUP is ignored, and an ignored signal stays ignored across exec).
    def default_action() -> None:
        signal.signal(signum, signal.SIG_DFL)

    with subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        preexec_fn=default_action,  # noqa: PLW1509 - the game process is started before threads matter
    ) as game:
        assert game.stdin is not None
        game.stdin.write(b"keep\n")
        game.stdin.flush()
        deadline = time.monotonic() + 120
        while recorded_steps(record) < 4:  # the deal and three rotation decisions; seat 0 waits
            assert game.poll() is None, "the game ended before seat 0's first turn"
            assert time.monotonic() < deadline, "the game did not reach seat 0's first turn"
            time.sleep(0.05)
        game.send_signal(signum)
        game.wait(timeout=60)
    assert recorded_steps(record) == 4
    assert main(["replay", "--quiet", str(record)]) == 0


@pytest.mark.rule("SC-INFO-01")
def test_bots_decide_the_same_whatever_the_hidden_cards() -> None:
    # Seats 1 and 2 swap a card seat 0 cannot see: seat 0's observation, and so its bots'
    # choices, stay the same.
    state = build_state(
        3, ["3/1 3/9 7/2 8/1 9/4", "5/6 6/7", "1/4 4/5"], active_set="6/2 5/3", owner=2
    )
    other = build_state(
        3, ["3/1 3/9 7/2 8/1 9/4", "1/4 6/7", "5/6 4/5"], active_set="6/2 5/3", owner=2
    )
    mine, theirs = observation(state, Seat(0)), observation(other, Seat(0))
    assert mine == theirs
    for seed in range(5):
        assert RandomBot(random.Random(seed)).choose(mine) == RandomBot(random.Random(seed)).choose(
            theirs
        )
    assert GreedyBot().choose(mine) == GreedyBot().choose(theirs)


@pytest.mark.rule("SC-INFO-01")
def test_the_human_sees_only_their_hand_unless_revealed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for reveal in (False, True):
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        args = ["play", "--seats", "human,greedy,greedy", "--seed", "1", "--plain"]
        main([*args, "--reveal"] if reveal else args)
        line = next(x for x in capsys.readouterr().out.splitlines() if "seat 1 (greedy):" in x)
        assert ("/" in line) is reveal
        assert ("?" in line) is not reveal


@pytest.mark.rule("SC-GAME-01")
def test_color_view_can_be_forced_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seats", "greedy,greedy", "--seed", "1", "--color"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" in out
    assert "Game over." in out


@pytest.mark.rule("SC-ORIENT-01")
def test_the_human_decides_before_hearing_the_others_decisions(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("keep\nquit\n"))
    main(["play", "--seats", "greedy,human,greedy", "--seed", "1", "--plain"])
    out = capsys.readouterr().out
    asked = out.index("Keep or flip your hand")
    told = out.index("seat 0 (greedy): flip")
    assert asked < told
    assert out.index("seat 1 (you): keep") > asked


@pytest.mark.rule("SC-NOTE-07", "SC-SHOW-01", "SC-SCOUT-01")
def test_the_table_reads_the_moves_the_rules_forbid(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One notation: a probe is refused with its reason, explained, or refused as no move."""
    typed = ["flip", "show 3,1", "scout #1 @0", "explain show 1,0", "show 0,1", "quit"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in typed)))
    assert main(["play", "--seats", "human,greedy", "--seed", "2", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "show 3,1 by seat 0: illegal, not_adjacent (SC-SHOW-01)" in out
    assert "scout #1 @0 by seat 0: illegal, no_active_set (SC-SCOUT-01)" in out
    assert "show 1,0 by seat 0: illegal, out_of_order (SC-SHOW-01)" in out
    assert "invalid move: 'show 0,1': it is written show 0-1" in out
    assert "Game abandoned." in out
