"""Chapter TURN: turn order, one move per turn, moves fitting the phase, rejection precedence."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from scout_ref import (
    IllegalMoveError,
    MalformedInputError,
    Reason,
    Rules,
    Scout,
    Scouting,
    ScoutShow,
    Show,
    State,
    apply_move,
    check_move,
    is_legal,
    legal_moves,
    new_game,
    parse_move,
)
from scout_ref.analysis.simulation import random_game
from scout_ref.engine.turn import apply_listed
from scout_ref.formats.position import build_state

FORCED = Rules(scouting=Scouting.FORCED)


def _benchmark() -> State:
    return build_state(
        4,
        ["3/7 4/1 5/9 5/2 6/8 2/10 7/1 8/3 9/4 1/6 10/5", "1/2", "1/3", "1/5"],
        active_set="4/2 5/3",
        owner=1,
    )


@pytest.mark.rule("SC-TURN-01")
def test_turns_pass_to_the_next_seat_from_the_start_player() -> None:
    for rnd in random_game(5, seed=4).rounds:
        plays = [s for s, m in rnd.steps() if str(m) not in ("keep", "flip")]
        assert plays[0].turn == rnd.start.start_player
        seats = [s.turn for s in plays]
        assert seats == [(seats[0] + k) % 5 for k in range(len(seats))]  # type: ignore[operator]


@pytest.mark.rule("SC-TURN-02")
def test_there_is_no_pass_move() -> None:
    with pytest.raises(MalformedInputError):
        parse_move("pass")


@pytest.mark.rule("SC-TURN-02", "SC-END-03")
def test_player_facing_no_active_set_must_show() -> None:
    state = build_state(4, ["2/5 7/1", "1/3", "1/4", "2/3"], owner=2)
    assert [str(m) for m in legal_moves(state)] == ["show 0-0", "show 1-1"]


@pytest.mark.rule("SC-TURN-02", "SC-SNS-01", "SC-SCOUT-02", "SC-SHOW-03")
def test_benchmark_position_has_734_legal_moves() -> None:
    moves = legal_moves(_benchmark())
    assert len(moves) == 734
    kinds = Counter(type(m) for m in moves)
    assert kinds == {Show: 6, Scout: 48, ScoutShow: 680}


@pytest.mark.rule("SC-TURN-02")
def test_a_listed_move_applied_unchecked_gives_the_checked_result() -> None:
    rng = random.Random(3)
    for players in (2, 4):
        state = new_game(players, seed=3)
        for step in range(40):
            moves = legal_moves(state)
            if not moves:
                break
            if step % 8 == 0:
                for move in moves:
                    assert apply_listed(state, move) == apply_move(state, move)
            state = apply_listed(state, rng.choice(moves))


@pytest.mark.rule("SC-TURN-03")
@pytest.mark.parametrize("text", ["show 0-0", "scout L @0", "scout L @0 + show 0-0"])
def test_rejects_wrong_phase_for_play_moves_in_rotation(text: str) -> None:
    rejection = check_move(new_game(4, seed=1), parse_move(text))
    assert rejection is not None
    assert rejection.reason is Reason.WRONG_PHASE
    assert rejection.rule == "SC-TURN-03"


@pytest.mark.rule("SC-TURN-03")
@pytest.mark.parametrize("text", ["keep", "flip", "show 0-0", "scout L @0"])
def test_rejects_wrong_phase_once_the_round_is_over(text: str) -> None:
    end = random_game(3, seed=1).rounds[0].end
    assert legal_moves(end) == []
    rejection = check_move(end, parse_move(text))
    assert rejection is not None
    assert rejection.reason is Reason.WRONG_PHASE


@pytest.mark.rule("SC-TURN-03")
def test_apply_move_raises_with_the_rejection() -> None:
    state = _benchmark()
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, parse_move("keep"))
    assert info.value.rejection.reason is Reason.WRONG_PHASE
    assert info.value.state == state  # state_digest(info.value.state) identifies it
    assert not is_legal(state, parse_move("keep"))


def _two(chips: int, active: str = "", rules: Rules | None = None) -> State:
    return build_state(
        2,
        ["5/6 6/7 3/4", "1/2"],
        active_set=active,
        owner=1,
        scout_chips=[chips, 3],
        rules=rules,
    )


def _four(active: str = "", used: bool = False, rules: Rules | None = None) -> State:
    return build_state(
        4,
        ["5/6 6/7 3/4", "1/2", "1/3", "1/4"],
        active_set=active,
        owner=2,
        scout_show_available=[not used, True, True, True],
        rules=rules,
    )


# Each case breaks (at least) the expected rule and the one after it in SC-TURN-04's order.
PRECEDENCE: list[tuple[str, Callable[[], State], str, Reason]] = [
    ("phase", lambda: new_game(2, seed=0), "scout R @99 + show 50-60", Reason.WRONG_PHASE),
    ("two_player", lambda: _two(0), "scout R @99 + show 0-0", Reason.SCOUT_SHOW_TWO_PLAYER),
    ("used", lambda: _four(used=True), "scout R @99 + show 0-0", Reason.SCOUT_SHOW_USED),
    ("no_set", _four, "scout R @99", Reason.NO_ACTIVE_SET),
    ("one_card", lambda: _four("9/8"), "scout R @99", Reason.SINGLE_CARD_END),
    ("slot", lambda: _two(0, "9/8 8/7"), "scout L @99", Reason.SLOT_OUTSIDE_HAND),
    ("chip", lambda: _two(0, "2/8", FORCED), "scout L @0", Reason.NO_SCOUT_CHIP),
    ("forced", lambda: _four("2/8", rules=FORCED), "scout L @0 + show 9-9", Reason.SHOW_AVAILABLE),
    ("scout_first", lambda: _four("9/8 8/7"), "scout L @9 + show 9-9", Reason.SLOT_OUTSIDE_HAND),
    ("range", lambda: _four("9/8"), "show 2-3", Reason.RANGE_OUTSIDE_HAND),
    ("combination", lambda: _four("9/8 8/7"), "show 1-2", Reason.NOT_A_COMBINATION),
]


@pytest.mark.rule("SC-TURN-04")
@pytest.mark.parametrize(
    ("make", "text", "reason"), [c[1:] for c in PRECEDENCE], ids=[c[0] for c in PRECEDENCE]
)
def test_first_broken_rule_in_precedence_order_is_reported(
    make: Callable[[], State], text: str, reason: Reason
) -> None:
    rejection = check_move(make(), parse_move(text))
    assert rejection is not None
    assert rejection.reason is reason


@pytest.mark.rule("SC-TURN-04")
def test_reason_enum_is_listed_in_precedence_order() -> None:
    assert [r.value for r in Reason] == [
        "wrong_phase",
        "scout_show_two_player",
        "scout_show_used",
        "no_active_set",
        "not_an_end",
        "single_card_end",
        "slot_outside_hand",
        "no_scout_chip",
        "show_available",
        "range_outside_hand",
        "not_adjacent",
        "out_of_order",
        "not_a_combination",
        "not_stronger",
    ]
