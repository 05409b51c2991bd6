"""SC-NOTE-07: the written forms of moves the rules forbid, and why each is rejected."""

from __future__ import annotations

from itertools import product

import pytest

from scout_ref import MalformedInputError, Reason
from scout_ref.conformance.cases._case import facing, play_start
from scout_ref.engine.notation import ScoutInner, ShowCards, parse_move, parse_probe, parse_written
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


# What SC-NOTE-07 names: a middle card of the active set, or two or more cards each once that
# are not an ascending run. Anything else is not such a move, however it reaches the engine
# (text, a probe built in Python, a request): it is refused, never judged.


@pytest.mark.parametrize(
    ("probe", "error"),
    [
        (ScoutInner(0, False, 0), MalformedInputError),  # the left end, written L
        (ScoutInner(-1, False, 0), MalformedInputError),
        (ScoutInner(1, False, -1), MalformedInputError),
        (ScoutInner(1, False, 10_000), MalformedInputError),
        (ScoutInner(True, False, 0), TypeError),
        (ScoutInner("1", False, 0), TypeError),  # type: ignore[arg-type]
        (ScoutInner(1, 1, 0), TypeError),  # type: ignore[arg-type]
        (ScoutInner(1, False, False), TypeError),
        (ShowCards((0, 1)), MalformedInputError),  # written show 0-1
        (ShowCards((1, 2, 3)), MalformedInputError),
        (ShowCards((2, 2)), MalformedInputError),  # a card named twice
        (ShowCards((0, 2, 0)), MalformedInputError),
        (ShowCards((2,)), MalformedInputError),  # written show 2-2
        (ShowCards(()), MalformedInputError),
        (ShowCards((-1, 2)), MalformedInputError),
        (ShowCards((3, True)), TypeError),
        (ShowCards((3, "1")), TypeError),  # type: ignore[arg-type]
        (ShowCards([3, 1]), TypeError),  # type: ignore[arg-type]
        ("show 3,1", TypeError),
    ],
)
def test_a_probe_its_notation_cannot_write_is_refused_not_judged(
    probe: object, error: type[Exception]
) -> None:
    state = facing(4, "5/3 6/1 7/2", "4/9 7/1 8/4 2/5")
    with pytest.raises(error):
        check_probe(state, probe)  # type: ignore[arg-type]
    if isinstance(probe, ScoutInner | ShowCards) and error is MalformedInputError:
        text = str(probe)
        with pytest.raises(MalformedInputError):
            check_written(state, text)


@pytest.mark.rule("SC-SCOUT-01")
@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
def test_scout_names_a_middle_card_or_is_refused(size: int) -> None:
    """Every position from 1 past the set's end: a middle card is not_an_end; the right end
    (written R) and a card beyond the set are refused, at every size of active set."""
    active = " ".join(["3/1", "3/2", "3/4", "3/5", "3/6"][:size])
    state = facing(4, active, "4/9 7/1 8/4 2/5")
    for position in range(1, size + 2):
        probe = ScoutInner(position, position % 2 == 0, 1)
        if position <= size - 2:
            assert check_probe(state, probe).reason is Reason.NOT_AN_END
            assert check_written(state, str(probe)) == check_probe(state, probe)
            continue
        expected = "is the right end" if position == size - 1 else f"has {size} card"
        with pytest.raises(MalformedInputError, match=expected):
            check_probe(state, probe)
        with pytest.raises(MalformedInputError, match=expected):
            check_written(state, str(probe))


@pytest.mark.rule("SC-SHOW-01")
def test_show_cards_is_judged_exactly_when_it_is_not_an_ordered_run_of_distinct_cards() -> None:
    """Every list of 2 or 3 positions below 6 in a hand of 4: refused when it names a card twice
    or an ascending run; else beyond the hand, not adjacent, or out of order, in that order."""
    state = facing(4, "3/8", "5/1 4/1 6/1 5/2")
    for length in (2, 3):
        for positions in product(range(6), repeat=length):
            probe = ShowCards(positions)
            ordered = list(positions) == list(range(positions[0], positions[0] + length))
            if len(set(positions)) < length or ordered:
                with pytest.raises(MalformedInputError):
                    check_probe(state, probe)
                continue
            reason = check_probe(state, probe).reason
            if max(positions) >= 4:
                assert reason is Reason.RANGE_OUTSIDE_HAND, positions
            elif max(positions) - min(positions) + 1 != length:
                assert reason is Reason.NOT_ADJACENT, positions
            else:
                assert reason is Reason.OUT_OF_ORDER, positions
            assert parse_probe(str(probe)) == probe


def test_parse_written_reads_both_notations_and_keeps_the_canonical_error() -> None:
    for text in ("keep", "show 0-2", "scout R~ @3", "scout L @0 + show 1-2"):
        assert parse_written(text) == parse_move(text)
    for text in ("scout #1~ @4", "show 2,0,1"):
        assert parse_written(text) == parse_probe(text)
    with pytest.raises(MalformedInputError, match="'pass' is not a move"):
        parse_written("pass")
    with pytest.raises(MalformedInputError, match="it is written show 1-2"):
        parse_written("show 1,2")
