"""Chapter INFO: observations, what they hide and show, and the three laws of the chapter."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scout_ref import (
    History,
    IllegalMoveError,
    MalformedInputError,
    Observation,
    Phase,
    Seat,
    State,
    legal_moves,
    new_game,
    observation,
    observation_from_json,
    observation_to_json,
    observed_moves,
    parse_move,
    sample_history,
)
from scout_ref.engine.components import oriented
from scout_ref.engine.information import Dealt, event_of, track
from scout_ref.formats.observation_json import observation_problems
from scout_ref.formats.position import build_state
from tests.invariants import reachable_histories


def _history(start: State, *moves: str) -> History:
    return History.replay(start, [parse_move(m) for m in moves])


def _texts(cards: tuple[object, ...]) -> list[str]:
    return ["?" if c is None else str(c) for c in cards]


def _four() -> State:
    """Seat 0 to act against seat 3's run 8-9 (the position of the chapter's example)."""
    return build_state(
        4, ["5/1 6/2 7/3", "9/1 2/8", "4/1 4/3", "3/2"], active_set="8/5 9/6", owner=3
    )


SCOUTED = ("scout R~ @1", "scout L @0", "show 0-0", "scout L @0", "show 0-0")


@pytest.mark.rule("SC-INFO-01")
def test_a_dealt_hand_is_known_to_its_holder_only() -> None:
    state = new_game(3, seed=5)
    for seat in map(Seat, range(3)):
        obs = observation(state, seat)
        assert obs.hand == state.hands[seat]
        for other in map(Seat, range(3)):
            seen = obs.sees(other)
            assert len(seen) == len(state.hands[other])
            assert other == seat or set(seen) == {None}


@pytest.mark.rule("SC-INFO-02")
def test_the_public_view_carries_the_public_fields() -> None:
    state = _four()
    view = observation(state, Seat(2)).public
    for key in ("players", "rules", "round", "phase", "turn", "active_set", "owner", "scores"):
        assert getattr(view, key) == getattr(state, key)
    assert (view.scout_chips, view.scout_show_available) == (
        state.scout_chips,
        state.scout_show_available,
    )


@pytest.mark.rule("SC-INFO-03")
def test_events_name_the_cards_a_move_moves_in_the_open() -> None:
    state = _four()
    scout = event_of(state, parse_move("scout R~ @1"))
    assert (scout.seat, scout.scouted, scout.shown) == (0, oriented(6, 9), ())
    show = event_of(state, parse_move("show 2-2"))
    assert (show.scouted, show.shown) == (None, (oriented(7, 3),))
    both = event_of(state, parse_move("scout L @0 + show 0-0"))
    assert (both.scouted, both.shown) == (oriented(8, 5), (oriented(8, 5),))


@pytest.mark.rule("SC-INFO-04")
def test_a_scouted_card_stays_public_where_it_moves() -> None:
    history = _history(_four(), *SCOUTED)
    assert _texts(observation(history, Seat(1)).sees(Seat(0))) == ["6/9", "?", "?"]
    assert _texts(observation(history, Seat(0)).sees(Seat(1))) == ["8/5", "?", "?"]
    assert _texts(observation(history, Seat(2)).sees(Seat(3))) == ["4/1", "?"]


@pytest.mark.rule("SC-INFO-04")
def test_a_scouted_card_moves_right_when_a_card_goes_in_to_its_left() -> None:
    start = build_state(2, ["1/2 1/3", "1/4 1/5"], active_set="7/2 6/2 5/2", owner=1)
    history = _history(start, "scout L @1", "scout R~ @0")
    # With two players a scout gives another turn: the second card goes in left of the first.
    assert _texts(observation(history, Seat(1)).sees(Seat(0))) == ["2/5", "?", "7/2", "?"]
    history = history.then(parse_move("show 0-1"))  # the run 2-1 beats the single 6
    assert _texts(observation(history, Seat(1)).sees(Seat(0))) == ["7/2", "?"]


@pytest.mark.rule("SC-INFO-04", "SC-ORIENT-02")
def test_a_rotation_mirrors_what_is_known_of_a_hand() -> None:
    history = _history(new_game(3, seed=2), "flip")
    tracked = track([12, 12, 12], history.events)
    first = tracked.hands[0][0]
    assert (getattr(first, "index", None), getattr(first, "flipped", None)) == (11, True)


@pytest.mark.rule("SC-INFO-05")
def test_recall_keeps_the_start_hand_the_events_and_the_captured_cards() -> None:
    history = _history(_four(), *SCOUTED)
    obs = observation(history, Seat(2))
    assert obs.history.hand == _four().hands[2]
    assert [str(e.move) for e in obs.history.events] == list(SCOUTED)
    assert obs.public.captured == history.state.captured


@pytest.mark.rule("SC-INFO-06")
def test_the_two_player_set_aside_is_hidden_from_both() -> None:
    state = new_game(2, seed=4)
    for seat in map(Seat, range(2)):
        obs = observation(state, seat)
        assert obs.public.set_aside == 22
        assert "set_aside" not in str(observation_to_json(obs)["hand"])
    sample = sample_history(observation(state, Seat(0)), random.Random(1)).state
    assert sample.hands[0] == state.hands[0]
    assert sample.set_aside != state.set_aside


@pytest.mark.rule("SC-INFO-02", "SC-INFO-05")
def test_observation_json_round_trips_and_fits_its_schema() -> None:
    obs = observation(_history(_four(), *SCOUTED), Seat(1))
    data = observation_to_json(obs)
    assert observation_problems(data) == []
    assert observation_from_json(data) == obs


@pytest.mark.rule
def test_observation_json_reports_bad_input_where_it_lies() -> None:
    data = observation_to_json(observation(_four(), Seat(0)))
    public = data["public"]
    assert isinstance(public, dict)
    data["public"] = public | {"set_aside": -1}
    with pytest.raises(ValueError, match="/public/set_aside"):
        observation_from_json(data)


# --- the three laws of chapter INFO ------------------------------------------------------------


def _hidden_places(history: History, seat: Seat) -> list[tuple[int, int]]:
    """(seat, start index) of the dealt cards ``seat`` has not seen by now, outside its hand."""
    tracked = track([len(h) for h in history.start.hands], history.events)
    return [
        (e.seat, e.index)
        for other, hand in enumerate(tracked.hands)
        if other != seat
        for e in hand
        if isinstance(e, Dealt)
    ]


def _swapped(start: State, a: tuple[int, int], b: tuple[int, int]) -> State:
    hands = [list(h) for h in start.hands]
    hands[a[0]][a[1]], hands[b[0]][b[1]] = hands[b[0]][b[1]], hands[a[0]][a[1]]
    return replace(start, hands=tuple(tuple(h) for h in hands))


def _same_public_course(one: History, other: History) -> bool:
    return observation(one, Seat(0)).public == observation(other, Seat(0)).public


@pytest.mark.rule("SC-INFO-01")
@given(reachable_histories(), st.integers(0, 4), st.randoms(use_true_random=False))
def test_law_1_what_a_seat_cannot_see_does_not_change_its_observation(
    history: History, seat_number: int, rng: random.Random
) -> None:
    seat = Seat(seat_number % history.start.players)
    places = _hidden_places(history, seat)
    if len(places) < 2:
        return
    a, b = rng.sample(places, 2)
    try:
        other = History.replay(_swapped(history.start, a, b), history.moves)
    except IllegalMoveError:
        return  # the swap broke a move's legality: the histories differ in public (SC-INFO-07)
    if _same_public_course(history, other):
        assert observation(other, seat) == observation(history, seat)


@pytest.mark.rule("SC-INFO-01", "SC-TURN-02")
@given(reachable_histories(), st.randoms(use_true_random=False))
def test_law_2_legal_moves_are_a_function_of_the_observation(
    history: History, rng: random.Random
) -> None:
    turn = history.state.turn
    if turn is None:
        return
    obs = observation(history, turn)
    assert observed_moves(obs) == legal_moves(history.state)
    sample = sample_history(obs, rng)
    assert legal_moves(sample.state) == legal_moves(history.state)


@pytest.mark.rule("SC-INFO-02", "SC-INFO-03")
@given(reachable_histories())
def test_law_3_every_public_event_changes_every_observation_alike(history: History) -> None:
    players = history.start.players
    observations = [observation(history, Seat(s)) for s in range(players)]
    deciding = history.state.phase is Phase.ROTATION
    for s, obs in enumerate(observations):
        assert obs.public == observations[0].public
        assert obs.history.start == observations[0].history.start
        if deciding:  # the decisions become public together, when the last is made
            assert obs.history.events == tuple(e for e in history.events if e.seat == s)
        else:
            assert obs.history.events == history.events
    moves = legal_moves(history.state)
    if not moves:
        return
    after = history.then(moves[0])
    mover = history.state.turn
    for s in range(players):
        if s != mover:
            assert observation(after, Seat(s)).hand == observations[s].hand


@pytest.mark.rule("SC-INFO-01")
def test_a_seat_sees_a_change_to_its_own_hand() -> None:
    start = _four()
    changed = _swapped(start, (0, 0), (1, 0))
    assert observation(start, Seat(0)) != observation(changed, Seat(0))
    assert observation(start, Seat(2)) == observation(changed, Seat(2))


def _observations(history: History) -> list[Observation]:
    return [observation(history, Seat(s)) for s in range(history.start.players)]


@pytest.mark.rule("SC-INFO-03")
def test_the_phase_and_turn_are_the_same_for_everyone() -> None:
    history = _history(new_game(3, seed=9), "keep", "flip", "keep")
    assert {(o.public.phase, o.public.turn) for o in _observations(history)} == {
        (Phase.PLAY, Seat(0))
    }


# --- rotation decisions, earlier rounds and elimination (SC-ORIENT-01, SC-INFO-05, SC-INFO-08) --


def _two_player_game() -> tuple[History, History]:
    """Round 1 of a seeded two-player game in which seat 1 empties its hand, and round 2 dealt."""
    from scout_ref.conformance.cases.information import ELIMINATION_SEEDS, shedding_game  # noqa: PLC0415

    first = shedding_game(2, ELIMINATION_SEEDS[2]).rounds[0]
    played = History.replay(first.start, first.moves)
    return played, played.next_round()


@pytest.mark.rule("SC-ORIENT-01")
def test_a_rotation_decision_is_hidden_until_everyone_has_decided() -> None:
    history = _history(new_game(3, seed=2), "flip", "keep")
    assert [str(e.move) for e in observation(history, Seat(0)).history.events] == ["flip"]
    assert [str(e.move) for e in observation(history, Seat(1)).history.events] == ["keep"]
    assert observation(history, Seat(2)).history.events == ()
    done = history.then(parse_move("keep"))
    for seat in map(Seat, range(3)):
        assert [str(e.move) for e in observation(done, seat).history.events] == [
            "flip",
            "keep",
            "keep",
        ]


@pytest.mark.rule("SC-ORIENT-01")
def test_a_sample_replays_hidden_rotation_decisions() -> None:
    history = _history(new_game(4, seed=2), "flip", "keep", "flip")
    obs = observation(history, Seat(1))
    sample = sample_history(obs, random.Random(3))
    assert sample.state.turn == Seat(3)
    assert observation(sample, Seat(1)).history == obs.history


@pytest.mark.rule("SC-INFO-05", "SC-INFO-08")
def test_round_two_is_played_with_round_one_remembered() -> None:
    played, second = _two_player_game()
    assert not played.state.hands[1], "seat 1 emptied its hand in round 1"
    obs = observation(second, Seat(0))
    assert len(obs.earlier) == 1
    assert obs.earlier[0].events == played.events
    assert obs.unseen == tuple(sorted(c.card for c in second.state.hands[1]))
    assert obs.deduced == ((), obs.unseen)
    # Without round 1 the same deal places nothing: the unseen cards may be set aside.
    assert observation(History.begin(second.state), Seat(0)).deduced == ((), ())


@pytest.mark.rule("SC-INFO-08")
def test_cards_kept_unshown_in_round_one_keep_round_two_open() -> None:
    played, second = _two_player_game()
    kept = observation(played, Seat(1)).sees(Seat(0)).count(None)
    obs = observation(second, Seat(1))
    assert kept > 0, "seat 0 kept cards unshown in round 1"
    assert len(obs.unseen) == len(second.state.hands[0]) + kept
    assert len(obs.unseen) > len(second.state.hands[0])
    assert obs.deduced == ((), ())


@pytest.mark.rule("SC-INFO-08")
def test_a_sample_in_round_two_keeps_round_one_cards_out() -> None:
    _, second = _two_player_game()
    obs = observation(second, Seat(0))
    sample = sample_history(obs, random.Random(5))
    assert sorted(c.card for c in sample.state.hands[1]) == list(obs.unseen)


@pytest.mark.rule("SC-INFO-08")
def test_elimination_places_the_last_hidden_hand_mid_round() -> None:
    from scout_ref.conformance.cases.information import (  # noqa: PLC0415
        ELIMINATION_SEEDS,
        first_deduction,
        shedding_game,
    )

    first = shedding_game(3, ELIMINATION_SEEDS[3]).rounds[0]
    k, seat = first_deduction(first.start, first.moves)
    history = History.replay(first.start, first.moves[:k])
    assert history.state.phase is Phase.PLAY
    obs = observation(history, Seat(seat))
    (holder,) = [s for s, cards in enumerate(obs.deduced) if cards]
    hidden = [
        c.card
        for c, seen in zip(history.state.hands[holder], obs.sees(Seat(holder)), strict=True)
        if seen is None
    ]
    assert sorted(hidden) == list(obs.unseen) == list(obs.deduced[holder])
    before = observation(History.replay(first.start, first.moves[: k - 1]), Seat(seat))
    assert not any(before.deduced)


@pytest.mark.rule("SC-INFO-05")
def test_a_round_must_follow_the_one_before() -> None:
    played, second = _two_player_game()
    with pytest.raises(MalformedInputError):
        History.replay_game([(played.start, played.moves), (new_game(2, seed=1), [])])
    again = History.replay_game([(played.start, played.moves), (second.start, [])])
    assert again == second
    with pytest.raises(MalformedInputError):
        History.replay_game([(played.start, played.moves[:-1]), (second.start, [])])
