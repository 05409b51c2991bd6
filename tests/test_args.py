"""The Python API's boundary (``scout_ref.util.args`` and ``check_notation``): what a caller passes
is checked where it enters, with a TypeError that says what to pass or the command line's
MalformedInputError (issue 24, issue 21 item 9)."""

from __future__ import annotations

import copy
import os
import random
import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scout_ref import (
    End,
    History,
    MalformedInputError,
    Rules,
    Scout,
    ScoutShow,
    Seat,
    Show,
    State,
    apply_move,
    check_move,
    check_reachable,
    classify,
    format_position,
    is_legal,
    legal_moves,
    new_game,
    next_round,
    observation,
    observation_to_json,
    observed_moves,
    oriented,
    parse_move,
    parse_position,
    round_scores,
    sample_history,
    sample_state,
    shuffled_deck,
    state_digest,
    state_from_json,
    state_to_json,
    winners,
)
from scout_ref.engine.notation import check_notation

pytestmark = pytest.mark.rule("SC-NOTE-02", "SC-NOTE-03")

BUILD = os.environ.get("SCOUT_REF_BUILD", "pure")
"""Which build is tested (``make compiled-tests`` sets ``compiled``)."""


def play_state() -> State:
    """A 3-player state in play, seat 1 to act facing seat 0's show (reached by playing)."""
    state = new_game(3, seed=1)
    for text in ("keep", "keep", "keep"):
        state = apply_move(state, parse_move(text))
    return apply_move(state, legal_moves(state)[-1])


def test_a_string_instead_of_a_move_says_to_parse_it() -> None:
    with pytest.raises(TypeError, match=r"pass parse_move\('keep'\)"):
        apply_move(new_game(3, seed=1), "keep")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a move is a Keep, Flip"):
        check_move(play_state(), None)  # type: ignore[arg-type]


def test_a_scout_at_slot_minus_one_is_refused_as_the_command_line_refuses_it() -> None:
    state = play_state()
    with pytest.raises(MalformedInputError, match="-1 is not a canonical index"):
        apply_move(state, Scout(End.LEFT, False, -1))
    with pytest.raises(MalformedInputError, match="is not a canonical index"):
        is_legal(state, ScoutShow(Scout(End.LEFT, False, 10_000), Show(0, 0)))


@pytest.mark.parametrize(("first", "last", "why"), [(3, 1, "reversed"), (-2, -1, "index")])
def test_a_reversed_or_negative_show_is_not_a_combination_question(
    first: int, last: int, why: str
) -> None:
    with pytest.raises(MalformedInputError, match=why):
        check_move(play_state(), Show(first, last))


@pytest.mark.parametrize(
    "build",
    [
        lambda: Show(True, True),  # a bool is an int to mypy
        lambda: Scout(End.LEFT, 1, 0),  # type: ignore[arg-type]
        lambda: Scout("L", False, 0),  # type: ignore[arg-type]
    ],
)
def test_fields_of_the_wrong_type_are_type_errors(build: Callable[[], object]) -> None:
    """A field of the wrong type is a TypeError where the move enters: as it is used (pure
    build), or as it is built (the compiled build's classes check their field types then; the
    moves are built in the test, so the file is importable there). The compiled build stores a
    bool index as the int it is (``Show(True, True)`` is ``show 1-1``): a move of the right
    types, answered as that move."""
    try:
        move = build()
    except TypeError:
        assert BUILD == "compiled", "the pure build's moves take any value and check it on use"
        return
    if isinstance(move, Show) and type(move.first) is int:
        assert BUILD == "compiled", "the pure build keeps the bool it was given"
        assert check_move(play_state(), move) == check_move(play_state(), Show(1, 1))
        return
    with pytest.raises(TypeError):
        check_move(play_state(), move)  # type: ignore[arg-type]


@pytest.mark.rule("SC-INFO-01")
def test_observation_refuses_seats_outside_the_table() -> None:
    state = play_state()
    with pytest.raises(MalformedInputError, match="-1 is not a seat 0 to 2"):
        observation(state, Seat(-1))
    with pytest.raises(MalformedInputError, match="3 is not a seat"):
        observation(state, Seat(3))
    with pytest.raises(TypeError, match="not bool True"):
        observation(state, True)  # type: ignore[arg-type]
    assert observation(state, Seat(2)).seat == 2


def test_a_state_or_player_count_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="a State"):
        legal_moves("3p hands 3/1 | 2/1 | 4/1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="player count"):
        new_game("3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="player count"):
        new_game(True)


def test_a_state_with_a_5000_digit_score_is_malformed_input() -> None:
    data = copy.deepcopy(state_to_json(new_game(3, seed=1)))
    data["scores"][0] = 10**5000  # type: ignore[index]
    with pytest.raises(MalformedInputError, match=r"/scores/0: an integer of about 5001 digits"):
        state_from_json(data)


def test_a_position_line_of_8_million_bars_is_refused_before_it_is_split() -> None:
    with pytest.raises(MalformedInputError, match="at most 4096 characters; got 8000009"):
        parse_position("3p hands " + "|" * 8_000_000)


INDEXES = st.one_of(
    st.integers(min_value=-3, max_value=12_000), st.booleans(), st.none(), st.text(max_size=2)
)


def same_verdict_as_the_notation(move: object, ints: bool) -> None:
    """The API accepts ``move`` exactly when the command line accepts its text."""
    try:
        check_notation(move)
    except TypeError:
        assert not ints
        return
    except MalformedInputError:
        with pytest.raises(MalformedInputError):
            parse_move(str(move))
        return
    assert parse_move(str(move)) == move


def built(make: Callable[[], object]) -> object | None:
    """The move ``make`` builds, or None where the compiled build's class refuses its fields'
    types as it is built (a TypeError too, in mypyc's words: the classes are mypyc's)."""
    try:
        return make()
    except TypeError:
        assert BUILD == "compiled", "the pure build's moves take any value and check it on use"
        return None


@given(INDEXES, INDEXES)
def test_a_show_is_accepted_exactly_when_its_notation_is(first: object, last: object) -> None:
    ints = type(first) is int and type(last) is int
    move = built(lambda: Show(first, last))  # type: ignore[arg-type]
    if move is not None:
        same_verdict_as_the_notation(move, ints)


@given(st.sampled_from([End.LEFT, End.RIGHT, "L", 0]), st.sampled_from([True, False, 1]), INDEXES)
def test_a_scout_is_accepted_exactly_when_its_notation_is(
    end: object, rotated: object, slot: object
) -> None:
    ints = type(end) is End and type(rotated) is bool and type(slot) is int
    move = built(lambda: Scout(end, rotated, slot))  # type: ignore[arg-type]
    if move is not None:
        same_verdict_as_the_notation(move, ints)


@given(st.text(alphabet="scoutshowkeepflipLR~@+-0123456789 \u0662\u00b2\n", max_size=30))
def test_any_text_is_a_move_or_the_documented_error(text: str) -> None:
    try:
        move = parse_move(text)
    except MalformedInputError:
        return
    check_notation(move)
    assert str(move) == text


WRONG_OBJECTS = [None, {}, {"players": 3}, Ellipsis, True, -1, "x", b"x", [1, 2], 2.5]
"""What a caller may pass where a state, a list, a seed or a rules object belongs."""

_START = new_game(3, seed=1)
_OVER = parse_position(
    "3p phase round_over round_end unbeaten hands 6/8 2/4 2/5 2/6 1/5 9/6 8/4 7/5 4/5 1/7 5/3"
    " | 5/9 8/7 8/9 6/7 7/3 8/5 1/2 6/3 4/6 8/1 4/3 | 3/9 9/2 3/1 4/1 9/1 6/5 3/8 7/9 2/3 7/2"
    " 2/8 9/4 owner 1 captured 1-6 | - | - scout_chips 4 5 3 scout_show_used 0 1 2 scores -6 6 -9"
)  # a round's end (a vector's), to deal the next round of
ENTRIES: dict[str, Callable[..., object]] = {
    "format_position": format_position,
    "state_to_json": state_to_json,
    "state_digest": state_digest,
    "round_scores": round_scores,
    "observation": lambda v: observation(v, Seat(0)),
    "sample_state obs": lambda v: sample_state(v, random.Random(0)),
    "sample_state rng": lambda v: sample_state(observation(_START, Seat(0)), v),
    "new_game players": lambda v: new_game(v, seed=1),
    "new_game rules": lambda v: _right() if v is None else new_game(3, rules=v),
    "new_game seed": lambda v: _right() if _is_seed(v) else new_game(3, seed=v),
    "classify": lambda v: _right() if isinstance(v, list) else classify(v),
    "oriented": lambda v: oriented(v, 3),
    "Rules switch": lambda v: _right() if v is True else Rules(owner_exemption=v),
    "Rules enum": lambda v: Rules(rotation=v),
    "Rules.parse": lambda v: _right() if isinstance(v, str) else Rules.parse(v),
    "History.replay": lambda v: History.replay(v, []),
    "new_game deck": lambda v: _right() if v is None else new_game(3, deck=v),
    "next_round deck": lambda v: _right() if v is None else next_round(_OVER, deck=v),
    "History.replay moves": lambda v: _right() if v == {} else History.replay(_START, v),
    "next_round": next_round,
    "winners": winners,
    "check_reachable": check_reachable,
    "legal_moves": legal_moves,
    "apply_move state": lambda v: apply_move(v, parse_move("keep")),
    "apply_move move": lambda v: apply_move(_START, v),
    "is_legal move": lambda v: is_legal(_START, v),
    "observation seat": lambda v: observation(_START, v),
    "observation_to_json": observation_to_json,
    "observed_moves": observed_moves,
    "sample_history": lambda v: sample_history(v, random.Random(0)),
    "shuffled_deck": shuffled_deck,
    "parse_move": lambda v: _right() if isinstance(v, str) else parse_move(v),
    "parse_position": lambda v: _right() if isinstance(v, str) else parse_position(v),
    "state_from_json reachable": lambda v: (
        _right() if v is True else state_from_json(state_to_json(_START), reachable=v)
    ),
}
"""Each entry of the public API, fed a wrong object where it takes one (a right one, such as a
list for ``classify``, is swapped for a known wrong call)."""


def _right() -> object:
    raise TypeError("a right type here: counted as refused")


def _is_seed(value: object) -> bool:
    return value is None or (isinstance(value, int | str) and not isinstance(value, bool))


CLASSES = ("Rules switch", "Rules enum", "Rules.parse", "History.replay", "History.replay moves")
"""Entries that are a class's: the compiled build's classes check their fields' types as
mypyc does, in its words (a TypeError still)."""
OUR_WORDS = r"^(.+ (is|are) .+, not |a move is a|a right type here)"
"""How ``scout_ref.util.args`` says what to pass (mypyc says "int object expected; got str")."""


@pytest.mark.parametrize("value", WRONG_OBJECTS, ids=lambda v: f"{type(v).__name__} {v!r:.12}")
@pytest.mark.parametrize("entry", list(ENTRIES))
def test_a_wrong_object_is_the_documented_type_error(entry: str, value: object) -> None:
    """Never an AttributeError from deep inside: a TypeError saying what to pass, in the same
    words in both builds (``scout_ref.boundary``), or (a right type, wrong value) the
    MalformedInputError the command line gives."""
    with pytest.raises((TypeError, MalformedInputError)) as raised:
        ENTRIES[entry](value)
    if raised.type is TypeError and not (BUILD == "compiled" and entry in CLASSES):
        assert re.match(OUR_WORDS, str(raised.value)), raised.value


@pytest.mark.parametrize(
    ("numbers", "error"),
    [
        ([True, True], TypeError),
        ([5, 4.0], TypeError),
        ("543", TypeError),
        ([-1, -2], MalformedInputError),
        ([0], MalformedInputError),
        ([11, 12], MalformedInputError),
        (list(range(1, 11)) * 100_000, MalformedInputError),
    ],
)
def test_numbers_that_are_no_card_numbers_are_refused(numbers: object, error: type) -> None:
    with pytest.raises(error):
        classify(numbers)  # type: ignore[arg-type]


def test_round_scores_of_a_round_that_has_not_ended_is_refused() -> None:
    with pytest.raises(MalformedInputError, match="the round has not ended"):
        round_scores(play_state())


def test_the_public_functions_pickle_as_themselves() -> None:
    """A public function is ``scout_ref``'s (its checked entrance), so a process pool can be
    handed it: pickle finds it by name and gets the same object back."""
    import pickle  # noqa: PLC0415 - only this test

    assert pickle.loads(pickle.dumps(legal_moves)) is legal_moves
    assert legal_moves.__module__ == "scout_ref"
