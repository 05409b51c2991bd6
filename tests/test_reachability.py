"""Chapter REACH: every position of random play meets every condition, and each condition has
teeth (a hand-built position that no game reaches is caught, with the right ID)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings

from scout_ref import (
    MalformedInputError,
    Phase,
    Rotation,
    Rules,
    Seat,
    State,
    apply_move,
    check_reachable,
    legal_moves,
    new_game,
    parse_move,
    parse_position,
    state_from_json,
    state_to_json,
    strategies,
    validate_state,
)
from scout_ref.analysis.witness import find_witness
from scout_ref.cli import main
from scout_ref.engine.notation import KEEP, Show
from scout_ref.engine.reachability import ladder_room, scouts_since_show
from scout_ref.engine.variants import EmptySetChain
from scout_ref.formats.position import build_reachable_state, build_state
from tests.invariants import ladder_states, ladder_walk, reachable_states


@pytest.mark.rule(
    "SC-REACH-01",
    "SC-REACH-02",
    "SC-REACH-03",
    "SC-REACH-04",
    "SC-REACH-05",
    "SC-REACH-06",
    "SC-REACH-07",
    "SC-REACH-08",
    "SC-REACH-09",
    "SC-REACH-10",
    "SC-REACH-11",
    "SC-REACH-12",
    "SC-REACH-13",
    "SC-REACH-14",
)
@given(reachable_states(max_steps=1000))
def test_random_play_never_breaks_a_condition(state: State) -> None:
    assert check_reachable(state) == []
    assert validate_state(state_to_json(state), reachable=True) == []


@pytest.mark.rule("SC-REACH-12", "SC-REACH-13", "SC-REACH-14")
@given(ladder_states())
def test_play_biased_to_shows_never_breaks_a_condition(state: State) -> None:
    """Long chains of shows test the ladder bound near its edge, which uniform play seldom does."""
    assert check_reachable(state) == []


def _tree(state: State, depth: int) -> Iterator[State]:
    """Every state within ``depth`` moves of ``state`` (the whole game tree, not a sample)."""
    yield state
    if depth and state.phase in (Phase.ROTATION, Phase.PLAY):
        for move in legal_moves(state):
            yield from _tree(apply_move(state, move), depth - 1)


def _shows_tree(state: State, depth: int) -> Iterator[State]:
    """Every state reached by up to ``depth`` shows in a row: every ladder of that length."""
    yield state
    if depth and state.phase is Phase.PLAY:
        for move in legal_moves(state):
            if isinstance(move, Show):
                yield from _shows_tree(apply_move(state, move), depth - 1)


def _kept(players: int, seed: int) -> State:
    state = new_game(players, seed=seed)
    while state.phase is Phase.ROTATION:
        state = apply_move(state, KEEP)
    return state


@pytest.mark.rule("SC-REACH-12", "SC-REACH-13", "SC-REACH-14")
@pytest.mark.parametrize("players", [2, 5])
def test_every_position_two_moves_into_play_meets_every_condition(players: int) -> None:
    """Exhaustive play: the whole tree two moves deep from a kept deal (3 and 4 players: slow)."""
    for state in _tree(_kept(players, seed=players), 2):
        assert check_reachable(state) == [], state


@pytest.mark.rule("SC-REACH-12")
@pytest.mark.parametrize("players", [2, 3])
def test_every_ladder_of_three_shows_meets_every_condition(players: int) -> None:
    """Exhaustive play: every chain of three shows (a ladder) from a kept deal."""
    for state in _shows_tree(_kept(players, seed=11), 3):
        assert check_reachable(state) == [], state


@pytest.mark.slow
@pytest.mark.rule("SC-REACH-12", "SC-REACH-13", "SC-REACH-14")
@pytest.mark.parametrize(
    ("players", "depth"),
    [(2, 3), (3, 2), (4, 2), pytest.param(5, 3, marks=pytest.mark.sweep)],  # 5-3: 30 CPU s
)
def test_every_position_deeper_into_play_meets_every_condition(players: int, depth: int) -> None:
    for state in _tree(_kept(players, seed=0), depth):
        assert check_reachable(state) == [], state


@pytest.mark.rule("SC-REACH-12")
def test_the_ladder_bound_counts_every_strength_below() -> None:
    assert ladder_room(3, (1, True, 4)) == 3  # single cards 1, 2, 3
    # below a run of two from 3 with 3 players: nine single cards, runs 1-2 and 2-3
    assert ladder_room(3, (2, False, 3)) == 9 + 4
    # below a pair of 1s: every single card, every run of two (1-2 to 9-10)
    assert ladder_room(5, (2, True, 1)) == 10 + 9 * 2


def _four(**fields: object) -> State:
    """Seat 0 to act against seat 3's run; what play can produce unless ``fields`` say not."""
    base: dict[str, object] = {"active_set": "6/3 7/2", "owner": 3, "turn": 0}
    return build_reachable_state(4, ["2/5 4/2 9/1", "1/3", "5/6", "7/8"], **(base | fields))  # type: ignore[arg-type]


def _emptied_hand_end(**fields: object) -> State:
    base: dict[str, object] = {
        "active_set": "5/1",
        "owner": 0,
        "turn": None,
        "phase": "round_over",
        "round_end": "empty_hand",
    }
    return build_reachable_state(3, ["", "4/1 7/2", "2/3 5/9"], **(base | fields))  # type: ignore[arg-type]


def _moved_capture(state: State, giver: int, taker: int) -> State:
    """``state`` with one captured card moved from one seat's pile to another's."""
    piles = [list(p) for p in state.captured]
    piles[taker] = sorted([*piles[taker], piles[giver].pop()])
    return replace(state, captured=tuple(tuple(p) for p in piles))


UNREACHABLE = [
    pytest.param(
        lambda: build_state(4, ["", "1/3", "5/6", "7/8"], active_set="6/3 7/2", owner=3),
        "SC-REACH-02",
        id="empty-hand-in-play",
        marks=pytest.mark.rule("SC-REACH-02"),
    ),
    pytest.param(
        lambda: build_state(3, ["1/2", "3/4", "5/6"], owner=None, turn=0),
        "SC-REACH-03",
        id="short-hands-before-any-show",
        marks=pytest.mark.rule("SC-REACH-03"),
    ),
    pytest.param(
        lambda: _four(active_set="6/3 8/2"),
        "SC-REACH-04",
        id="active-set-not-a-combination",
        marks=pytest.mark.rule("SC-REACH-04"),
    ),
    pytest.param(
        lambda: _four(active_set="", owner=3, turn=0),
        "SC-REACH-05",
        id="seat-after-owner-faces-emptied-set",
        marks=pytest.mark.rule("SC-REACH-05"),
    ),
    pytest.param(
        lambda: build_state(2, ["1/2 3/4", "5/6"], owner=1, turn=0, scout_chips=[3, 3]),
        "SC-REACH-05",
        id="two-player-emptied-set-without-a-paid-scout",
        marks=pytest.mark.rule("SC-REACH-05"),
    ),
    pytest.param(
        lambda: _four(owner=1, scout_chips=[0, 1, 0, 0]),
        "SC-REACH-06",
        id="owner-short-of-chips",
        marks=pytest.mark.rule("SC-REACH-06"),
    ),
    pytest.param(
        lambda: _emptied_hand_end(active_set="", owner=0),
        "SC-REACH-07",
        id="emptied-hand-with-empty-table",
        marks=pytest.mark.rule("SC-REACH-07"),
    ),
    pytest.param(
        lambda: build_state(
            3,
            ["2/1", "3/1", "4/1 5/1"],
            active_set="",
            owner=0,
            turn=None,
            phase="round_over",
            round_end="unbeaten",
            rules=Rules(empty_set_chain=EmptySetChain.RESET),
        ),
        "SC-REACH-07",
        id="reset-chain-ended-by-emptied-set",
        marks=pytest.mark.rule("SC-REACH-07", "SC-VAR-02"),
    ),
    pytest.param(
        lambda: build_state(
            2,
            ["2/1", "3/1 4/1"],
            active_set="9/8",
            owner=0,
            turn=None,
            phase="round_over",
            round_end="unbeaten",
        ),
        "SC-REACH-07",
        id="two-player-unbeaten-but-could-scout",
        marks=pytest.mark.rule("SC-REACH-07", "SC-VAR2-05"),
    ),
    pytest.param(
        lambda: _emptied_hand_end(scores=[0, 0, 0]),
        "SC-REACH-08",
        id="round-one-totals-miss-the-round",
        marks=pytest.mark.rule("SC-REACH-08"),
    ),
    pytest.param(
        lambda: build_state(
            4, ["2/5 4/2 9/1", "1/3", "5/6", "7/8"], active_set="6/3 7/2", owner=3, leftover_to=1
        ),
        "SC-REACH-09",
        id="captured-more-than-shown",
        marks=pytest.mark.rule("SC-REACH-09"),
    ),
    pytest.param(
        lambda: build_state(2, ["9/1 8/1", "5/1"], active_set="7/6", owner=1, leftover_to=1),
        "SC-REACH-09",
        id="two-player-captured-more-than-shown",
        marks=pytest.mark.rule("SC-REACH-09"),
    ),
    pytest.param(
        lambda: _moved_capture(_four(scout_chips=[0, 0, 0, 0]), 2, 1),
        "SC-REACH-11",
        id="no-scout-yet-but-piles-break-the-chain",
        marks=pytest.mark.rule("SC-REACH-11"),
    ),
    pytest.param(
        lambda: replace(
            new_game(3, seed=1, rules=Rules(rotation=Rotation.ONCE_PER_GAME)),
            round=2,
            start_player=Seat(1),
            turn=Seat(1),
        ),
        "SC-REACH-10",
        id="rotation-phase-in-round-two-once-per-game",
        marks=pytest.mark.rule("SC-REACH-10", "SC-VAR-04"),
    ),
    pytest.param(
        # issue 19: 33 cards captured under a single 4 that nobody has scouted
        lambda: build_state(4, ["2/5 4/2 9/1", "1/3", "5/6", "7/8"], active_set="4/1", owner=3),
        "SC-REACH-12",
        id="chain-longer-than-any-ladder",
        marks=pytest.mark.rule("SC-REACH-12"),
    ),
    pytest.param(
        # seat 1 holds 3 chips, but seat 0's own scouts are all the chips record
        lambda: build_state(
            3,
            ["1/2 1/3 1/4 1/5 1/6 1/7 1/8 1/9 2/3 2/4 2/5 2/6 2/7 2/8 2/9 3/4", "5/6", "5/7"],
            active_set="8/9 8/7",
            owner=2,
            scout_chips=[0, 3, 2],
        ),
        "SC-REACH-13",
        id="chips-nobody-can-have-paid",
        marks=pytest.mark.rule("SC-REACH-13"),
    ),
    pytest.param(
        # found by verify below a vector state: seats 2 and 3 scouted seat 1's show, so its
        # third chip is from an earlier show, whose scouting seat 2 began too; seats 0 and 3
        # need the other scouts
        lambda: parse_position(
            "4p turn 0 hands 4/9 7/1 8/4 | 1/2 1/3 | 1/4 1/5 | 1/6 1/8 active_set 7/3 owner 1"
            " captured 7-8 7-9 7-10 8-9 8-10 | - | 2-10 3-4 3-5 3-6 3-8 3-9 3-10 4-5 4-6 4-7"
            " | 4-10 5-6 5-7 5-8 5-9 5-10 6-7 6-8 6-9 6-10 scout_chips 0 3 0 0 scout_show_used 0"
        ),
        "SC-REACH-13",
        id="owner-chips-from-an-earlier-show-need-another-scout",
        marks=pytest.mark.rule("SC-REACH-13", "SC-REACH-06"),
    ),
    pytest.param(
        lambda: build_state(
            2, ["2/1", "9/1 4/5"], active_set="9/2 9/3", owner=1, scout_chips=[0, 3]
        ),
        "SC-REACH-14",
        id="two-player-player-to-act-without-a-move",
        marks=pytest.mark.rule("SC-REACH-14", "SC-VAR2-05"),
    ),
]


@pytest.mark.parametrize(("build", "rule"), UNREACHABLE)
def test_each_condition_catches_a_position_no_game_reaches(build: object, rule: str) -> None:
    state = build()  # type: ignore[operator]
    assert validate_state(state_to_json(state)) == [], (
        "the position must be valid, only unreachable"
    )
    assert rule in {v.rule for v in check_reachable(state)}


@pytest.mark.rule("SC-REACH-06")
def test_scouts_since_the_show_are_counted_from_the_turn() -> None:
    assert scouts_since_show(_four()) == 0
    assert scouts_since_show(_four(owner=1, scout_chips=[0, 2, 0, 0])) == 2
    assert scouts_since_show(build_state(2, ["1/2", "3/4"], active_set="5/6", owner=1)) is None


@pytest.mark.rule("SC-REACH-01")
def test_the_loader_checks_reachability_only_when_asked() -> None:
    data = state_to_json(_four(active_set="6/3 8/2"))
    assert state_from_json(data) == state_from_json(json.loads(json.dumps(data)))
    with pytest.raises(MalformedInputError, match=r"neither a set nor a run \(SC-REACH-04\)"):
        state_from_json(data, reachable=True)
    problems = validate_state(data, reachable=True)
    assert problems == [("/active_set", "is neither a set nor a run (SC-REACH-04)")]


@pytest.mark.rule("SC-REACH-01")
def test_a_reachable_state_loads_with_the_check() -> None:
    state = _four()
    assert state_from_json(state_to_json(state), reachable=True) == state
    assert (
        state_from_json(state_to_json(new_game(5, seed=3)), reachable=True).phase is Phase.ROTATION
    )


@pytest.mark.rule("SC-REACH-01")
def test_check_command_exit_statuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, bad, broken = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "broken.json"
    good.write_text(json.dumps(state_to_json(_played())), encoding="utf-8")
    bad.write_text(json.dumps(state_to_json(_four(active_set="", turn=0))), encoding="utf-8")
    broken.write_text("{}", encoding="utf-8")
    record = tmp_path / "witness.json"
    assert main(["check", str(good), "--record", str(record)]) == 0
    assert "reachable: a witness game of 6 moves reaches it" in capsys.readouterr().out
    assert main(["replay", str(record), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("SC-REACH-05 An emptied active set was scouted away: /turn: ")
    assert main(["check", str(broken)]) == 2
    assert main(["check", str(good), "--budget", "0"]) == 4
    assert "undecided: meets every condition" in capsys.readouterr().out


def _played() -> State:
    """A position of a seeded game: seat 1 scouted seat 0's card, seat 2 showed."""
    state = new_game(3, seed=2)
    for text in ("keep", "keep", "keep", "show 0-0", "scout L @0", "show 1-1"):
        state = apply_move(state, parse_move(text))
    return state


@pytest.mark.slow
@pytest.mark.rule("SC-REACH-01", "SC-REACH-12", "SC-REACH-13", "SC-REACH-14")
@given(ladder_states(max_steps=25))
@settings(max_examples=15, deadline=None)
def test_a_witness_found_for_a_played_position_replays_to_it(state: State) -> None:
    """Whatever the search returns is a game that ends exactly at the position (it may find
    none within the budget, but never a wrong one)."""
    found = find_witness(state, budget=60)
    if found.witness is not None:
        assert found.witness.replay(state) == state


@pytest.mark.rule("SC-REACH-01")
def test_the_search_finds_witnesses_of_short_games() -> None:
    for seed in range(2):
        state = ladder_walk(3, Rules(), seed, 8, shows=0.8)
        found = find_witness(state, budget=200)
        assert found.witness is not None, state_to_json(state)
        assert found.witness.replay(state) == state


@pytest.mark.rule("SC-REACH-01")
@given(strategies.states())
def test_the_public_strategy_states_are_reachable(state: State) -> None:
    assert check_reachable(state) == []
