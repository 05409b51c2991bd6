"""Chapter NOTE: the one canonical text form of every move."""

from __future__ import annotations

import random

import pytest

from scout_ref import (
    End,
    Flip,
    Keep,
    MalformedInputError,
    Reason,
    Scout,
    ScoutShow,
    Show,
    apply_move,
    check_move,
    legal_moves,
    parse_move,
)
from scout_ref.engine.notation import move_sort_key
from scout_ref.formats.position import build_state


@pytest.mark.rule("SC-NOTE-01")
def test_rotation_moves_are_keep_and_flip() -> None:
    assert parse_move("keep") == Keep()
    assert parse_move("flip") == Flip()
    assert [str(Keep()), str(Flip())] == ["keep", "flip"]


@pytest.mark.rule("SC-NOTE-02")
def test_show_is_an_inclusive_range() -> None:
    assert parse_move("show 2-4") == Show(2, 4)
    assert str(Show(3, 3)) == "show 3-3"


@pytest.mark.rule("SC-NOTE-02")
@pytest.mark.parametrize("text", ["show 4-2", "show 01-2", "show 1-", "show -1-2", "show 1 - 2"])
def test_rejects_malformed_show(text: str) -> None:
    with pytest.raises(MalformedInputError):
        parse_move(text)


@pytest.mark.rule("SC-NOTE-03")
def test_scout_names_end_rotation_and_slot() -> None:
    assert parse_move("scout L @3") == Scout(End.LEFT, False, 3)
    assert parse_move("scout R~ @0") == Scout(End.RIGHT, True, 0)
    assert str(Scout(End.RIGHT, True, 10)) == "scout R~ @10"


@pytest.mark.rule("SC-NOTE-03")
@pytest.mark.parametrize(
    "text", ["scout X @1", "scout L@1", "scout L @", "scout ~L @1", "scout l @1"]
)
def test_rejects_malformed_scout(text: str) -> None:
    with pytest.raises(MalformedInputError):
        parse_move(text)


@pytest.mark.rule("SC-NOTE-04")
def test_scout_show_joins_scout_and_show_with_a_plus() -> None:
    move = parse_move("scout L @3 + show 1-3")
    assert move == ScoutShow(Scout(End.LEFT, False, 3), Show(1, 3))
    assert str(move) == "scout L @3 + show 1-3"


@pytest.mark.rule("SC-NOTE-04")
def test_scout_show_positions_refer_to_the_hand_after_insertion() -> None:
    state = build_state(4, ["3/1 5/2", "1/4", "1/5", "2/3"], active_set="4/6 7/8", owner=1)
    # After inserting 4/6 at slot 1 the hand reads 3 4 5: a run of three at positions 0-2.
    after = apply_move(state, parse_move("scout L @1 + show 0-2"))
    assert [c.top for c in after.active_set] == [3, 4, 5]


@pytest.mark.rule("SC-NOTE-01", "SC-NOTE-02", "SC-NOTE-03", "SC-NOTE-04")
@pytest.mark.parametrize(
    "text",
    [
        "keep",
        "flip",
        "show 0-0",
        "show 10-12",
        "scout L @0",
        "scout R~ @11",
        "scout L~ @2 + show 0-3",
    ],
)
def test_text_and_repr_round_trip(text: str) -> None:
    move = parse_move(text)
    assert str(move) == text
    assert repr(move) == f"parse_move({text!r})"


@pytest.mark.rule("SC-NOTE-01")
@pytest.mark.parametrize("text", ["", "Keep", " keep", "keep ", "pass", "show", "flip flip"])
def test_rejects_text_that_is_no_move(text: str) -> None:
    with pytest.raises(MalformedInputError, match="invalid move"):
        parse_move(text)


@pytest.mark.rule("SC-NOTE-05")
def test_rejects_single_card_end() -> None:
    state = build_state(4, ["1/2 3/4", "1/3", "1/4", "2/3"], active_set="9/8", owner=1)
    rejection = check_move(state, parse_move("scout R @0"))
    assert rejection is not None
    assert rejection.reason is Reason.SINGLE_CARD_END
    assert rejection.rule == "SC-NOTE-05"


@pytest.mark.rule("SC-NOTE-05")
def test_one_card_active_set_has_one_spelling_per_scout() -> None:
    state = build_state(4, ["1/2 3/4", "1/3", "1/4", "2/3"], active_set="9/8", owner=1)
    scouts = [m for m in legal_moves(state) if isinstance(m, Scout)]
    assert {m.end for m in scouts} == {End.LEFT}
    assert len(scouts) == 2 * 3  # kept or rotated, into slots 0..2


@pytest.mark.rule("SC-NOTE-06")
def test_canonical_order_is_keep_flip_shows_scouts_then_scout_shows() -> None:
    moves = [
        parse_move(t)
        for t in [
            "scout L @0 + show 0-1",
            "scout R @0",
            "scout L~ @0",
            "scout L @1",
            "show 1-1",
            "show 0-2",
            "flip",
            "keep",
        ]
    ]
    shuffled = moves[:]
    random.Random(0).shuffle(shuffled)
    assert [str(m) for m in sorted(shuffled, key=move_sort_key)] == [
        "keep",
        "flip",
        "show 0-2",
        "show 1-1",
        "scout L @1",
        "scout L~ @0",
        "scout R @0",
        "scout L @0 + show 0-1",
    ]
