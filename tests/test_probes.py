"""SC-NOTE-07: the written forms of moves the rules forbid, and why each is rejected."""

from __future__ import annotations

import pytest

from scout_ref import MalformedInputError, Reason
from scout_ref.conformance.cases._case import facing, play_start
from scout_ref.engine.notation import ScoutInner, ShowCards, parse_probe
from scout_ref.engine.setup import new_game
from scout_ref.engine.turn import check_probe, check_written, legal_moves

pytestmark = pytest.mark.rule("SC-NOTE-07")


def test_probes_parse_and_print_as_written() -> None:
    assert parse_probe("scout #1~ @4") == ScoutInner(1, True, 4)
    assert parse_probe("show 2,0,1") == ShowCards((2, 0, 1))
    for text in ("scout #3 @0", "show 0,2", "show 4,3"):
        assert str(parse_probe(text)) == text


@pytest.mark.parametrize(
    "text",
    ["scout #0 @1", "show 1,2", "show 1,2,3", "show 2,2", "show 3", "scout #01 @0", "show 0-2"],
)
def test_forms_that_name_an_end_an_ordered_range_or_nothing_are_malformed(text: str) -> None:
    with pytest.raises(MalformedInputError):
        parse_probe(text)


@pytest.mark.rule("SC-SCOUT-01")
def test_rejects_not_an_end() -> None:
    """A card that is not an end of the active set is never taken."""
    state = facing(4, "5/3 6/1 7/2", "4/9 7/1 8/4 2/5")
    assert check_probe(state, parse_probe("scout #1 @0")).reason is Reason.NOT_AN_END
    assert all("#" not in str(m) for m in legal_moves(state))


def _shown(text: str) -> Reason:
    state = facing(4, "3/8", "5/1 4/1 6/1 5/2")
    assert check_written(state, text) is not None
    return check_probe(state, parse_probe(text)).reason


@pytest.mark.rule("SC-SHOW-01")
def test_rejects_not_adjacent() -> None:
    """The two 5s at positions 0 and 3 are not adjacent."""
    assert _shown("show 0,3") is Reason.NOT_ADJACENT
    assert _shown("show 0,2") is Reason.NOT_ADJACENT


@pytest.mark.rule("SC-SHOW-01")
def test_rejects_out_of_order() -> None:
    """Adjacent cards keep the order they lie in: 4, 5, 6 is not how 5, 4, 6 lie."""
    assert _shown("show 1,0,2") is Reason.OUT_OF_ORDER
    assert _shown("show 1,0") is Reason.OUT_OF_ORDER


@pytest.mark.rule("SC-SHOW-01", "SC-TURN-04")
def test_a_selection_outside_the_hand_is_reported_as_the_range() -> None:
    assert _shown("show 0,9") is Reason.RANGE_OUTSIDE_HAND


@pytest.mark.rule("SC-TURN-04")
def test_phase_and_active_set_come_first() -> None:
    assert check_probe(new_game(3, seed=0), parse_probe("show 2,0")).reason is Reason.WRONG_PHASE
    start = play_start(4, 11)
    assert check_probe(start, parse_probe("scout #1 @0")).reason is Reason.NO_ACTIVE_SET


def test_check_written_reads_canonical_moves_first() -> None:
    state = play_start(4, 11)
    assert check_written(state, "show 0-0") is None
    with pytest.raises(MalformedInputError, match="'pass' is not a move"):
        check_written(state, "pass")
