"""The position line (``spec/POSITION.md``): reading, writing, the default placement, errors."""

from __future__ import annotations

import doctest
import re
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scout_ref import (
    Card,
    MalformedInputError,
    Phase,
    State,
    format_position,
    new_game,
    parse_position,
    state_to_json,
)
from scout_ref.checks.invariants import card_ids
from scout_ref.engine.reachability import check_reachable
from scout_ref.engine.setup import cards_in_play
from scout_ref.formats.position_line import _FIELDS, _POINTER_FIELD
from scout_ref.rulebook.registry import spec_dir
from tests.invariants import reachable_states

pytestmark = pytest.mark.rule


def spec_examples() -> list[str]:
    """The example lines of spec/POSITION.md's table."""
    text = (spec_dir() / "POSITION.md").read_text("utf-8")
    return [m.replace("\\|", "|") for m in re.findall(r"^\| `(\dp[^`]*)` \|", text, re.M)]


@given(reachable_states())
def test_position_round_trips_over_reachable_states(state: State) -> None:
    line = format_position(state)
    assert "\n" not in line
    assert parse_position(line) == state
    assert state_to_json(parse_position(line)) == state_to_json(state)


def test_the_fields_of_a_line_fill_every_field_of_a_state() -> None:
    """The player count, then a field for each of the rest (``round`` fills ``start_player``
    too, ``scout_show_used`` fills ``scout_show_available``): a new field of :class:`State`
    fails here until the position line writes it."""
    assert {f.name for f in fields(State)} <= {"players", *_FIELDS, *_POINTER_FIELD}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_fresh_deal_round_trips(players: int) -> None:
    state = new_game(players, seed=players)
    assert parse_position(format_position(state)) == state


def test_spec_examples_are_valid_and_round_trip() -> None:
    examples = spec_examples()
    assert len(examples) >= 5
    for line in examples:
        state = parse_position(line)
        assert parse_position(format_position(state)) == state
        assert check_reachable(state) == [], line


@pytest.mark.rule("SC-SETUP-01")
@pytest.mark.rule("SC-REACH-01")
def test_a_sketch_places_the_unnamed_cards_as_play_can() -> None:
    state = parse_position("3p hands 3/7 3/1 9/2 | 1/4 2/7 | 8/2 7/1 active_set 4/9 5/1 owner 2")
    assert set(card_ids(state)) == cards_in_play(3)
    assert sum(len(p) for p in state.captured) == 36 - 9
    assert check_reachable(state) == []
    assert state.turn == 0
    assert state.phase is Phase.PLAY


def test_with_piles_named_the_unnamed_cards_go_to_the_owner() -> None:
    line = "3p hands 3/7 3/1 9/2 | 1/4 2/7 | 8/2 7/1 active_set 4/9 5/1 owner 2 captured -|-|-"
    state = parse_position(line)
    assert len(state.captured[2]) == 36 - 9
    assert parse_position(format_position(state)) == state


@pytest.mark.rule("SC-SETUP-01")
def test_captured_counts_take_the_lowest_unnamed_cards_first() -> None:
    state = parse_position("3p hands 2/1 | 3/1 | 4/1 active_set 5/1 owner 1 captured 2 | - | 0")
    assert state.captured[0] == (Card(1, 6), Card(1, 7))
    assert len(state.captured[1]) == 36 - 4 - 2


def test_fields_may_come_in_any_order_and_bars_need_no_spaces() -> None:
    a = parse_position("4p owner 1 active_set 8/1 9/2 turn 2 hands 3/1|1/4|2/5 6/1|9/8")
    b = parse_position("4p turn 2 hands 3/1 | 1/4 | 2/5 6/1 | 9/8 active_set 8/1 9/2 owner 1")
    assert a == b


def test_defaults_follow_the_round_and_phase() -> None:
    state = new_game(4, seed=2)
    line = format_position(state).replace("turn 0 ", "")
    assert parse_position(line) == state


def test_rules_and_scout_show_used_read_back() -> None:
    line = (
        "4p turn 2 hands 3/1 | 1/4 | 2/5 6/1 | 9/8 active_set 8/1 9/2 owner 1 "
        "scout_show_used 1 3 rules owner_exemption=off scouting=forced"
    )
    state = parse_position(line)
    assert state.scout_show_available == (True, False, True, False)
    assert not state.rules.owner_exemption
    assert parse_position(format_position(state)) == state


@pytest.mark.parametrize(
    ("line", "column", "why"),
    [
        ("", 1, "starts with the player count"),
        ("6p hands", 1, "starts with the player count"),
        ("3p hand 1/2", 4, "is not a field"),
        ("3p hands 3/1 | 2/1", 4, "needs 3 rows"),
        ("3p hands 3/1 | 5/5 | 1/3", 16, "not an oriented card"),
        ("3p hands 3/1 | 2/1 | - turn 3", 29, "not a seat"),
        ("3p turn 1 turn 2", 11, "given twice"),
        ("3p phase over", 10, "not one of"),
        ("3p round 4", 10, "not a round"),
        ("3p hands - | - | - scores 1 2", 20, "one number per seat"),
        ("3p hands - | - | - owner 1 captured 2/1 | - | -", 37, "not a card identity"),
        ("3p hands - | - | - rules scouting=always", 26, "not a value of scouting"),
        ("2p hands - | - scout_show_used 0", 16, "no Scout & Show"),
        ("3p hands 3/7 | 7/3 | 1/3 owner 0", 16, "already at"),
    ],
)
def test_rejects_a_bad_line_with_its_column(line: str, column: int, why: str) -> None:
    with pytest.raises(MalformedInputError, match=f"column {column}: .*{why}"):
        parse_position(line)


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ("3p phase round_over hands - | - | - owner 0", "round_end"),
        ("3p hands 3/1 | 2/1 | 4/1 active_set 5/1", "owner"),
    ],
)
def test_a_problem_the_line_did_not_write_names_the_field(line: str, field: str) -> None:
    with pytest.raises(MalformedInputError, match=f"invalid position: {field}: "):
        parse_position(line)


def test_reference_page_examples_run_as_shown() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "reference" / "position.rst"
    result = doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize(
    ("line", "column", "why"),
    [
        ("3p turn \u00b2 hands 3/1 | 2/1 | 4/1", 9, "U+00B2) is not one of the digits 0 to 9"),
        ("3p turn \u0660 hands 3/1 | 2/1 | 4/1", 9, "U+0660) is not one of the digits 0 to 9"),
        ("3p hands 3/1 | 2/1\n| 4/1", 19, "a line break"),
        ("3p hands 3/1 | 2/1 | 4/1\n", 25, "a line break"),
        ("3p hands 3/1\u00a0| 2/1 | 4/1", 13, "printable ASCII"),
        (f"3p hands 3/1 | 2/1 | 4/1 scores {'9' * 5000} 0 0", 4097, "at most 4096"),
        (f"3p hands 3/1 | 2/1 | 4/1 scores {'9' * 40} 0 0", 33, "beyond +-9007199254740991"),
        (f"3p hands 3/1 | 2/1 | 4/1 captured {'9' * 40} | - | -", 35, "beyond any pile"),
        (f"3p round {'0' * 4000}1 hands 3/1 | 2/1 | 4/1", 10, "is not a round"),
        ("3p hands 3/1 | 2/1 | 4/1 scout_chips -1 0 0", 38, "is below 0"),
        ("3p hands " + "|" * 5000, 4097, "at most 4096 characters; got 5009"),
        ("3p hands " + "|" * 4000, 4, "needs 3 rows separated by '|', got 4001"),
    ],
)
def test_refuses_what_the_grammar_refuses_with_its_column(line: str, column: int, why: str) -> None:
    """Issue 24: ASCII digits only, one line, sizes checked before anything is split or
    converted; every refusal is the documented error, never a ValueError of int()."""
    with pytest.raises(MalformedInputError, match=f"column {column}: .*{re.escape(why)}"):
        parse_position(line)


@given(
    st.lists(
        st.sampled_from(
            [
                "3p",
                "2p",
                "hands",
                "|",
                "3/1",
                "2/1",
                "4/1",
                "turn",
                "0",
                "1",
                "scores",
                "-5",
                "captured",
                "7",
                "owner",
                "round",
                "2",
                "\u00b2",
                "\u0662",
                "\n",
                "\t",
                "9" * 30,
                "rules",
                "scouting=forced",
                "active_set",
                "5/1",
                "x",
                "-",
            ]
        ),
        max_size=24,
    ).map(" ".join)
)
def test_any_line_is_a_state_or_the_documented_error(line: str) -> None:
    try:
        parse_position(line)
    except MalformedInputError as exc:
        message = str(exc)
    else:
        return
    assert "\n" not in message
