"""Fast Hypothesis properties over random reachable states, every player count and rules switch.

The long sweep over whole games lives in ``tests/slow/test_random_games.py``; here each example
is a short random walk, so shrinking finds the fewest moves that break an invariant.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scout_ref import (
    End,
    IllegalMoveError,
    Move,
    Rules,
    Scout,
    ScoutShow,
    Show,
    State,
    apply_move,
    check_move,
    legal_moves,
    parse_move,
    state_digest,
    state_to_json,
)
from scout_ref.analysis.simulation import random_game
from scout_ref.checks.invariants import (
    check_accepted_iff_listed,
    check_json_round_trip,
    check_legal_list,
    check_listed_moves_apply,
    well_formed_moves,
)
from tests.invariants import ALL_RULES, Sampling, play_checked_game, reachable_states

players = st.integers(2, 5)
all_rules = st.sampled_from(ALL_RULES)
seeds = st.integers(0, 2**32)
CHEAP = Sampling(json_every=10**9, listed_apply_every=10**9, iff_every=10**9)

shows = st.builds(lambda i, n: Show(i, i + n), st.integers(0, 20), st.integers(0, 20))
scouts = st.builds(Scout, st.sampled_from(End), st.booleans(), st.integers(0, 30))
moves: st.SearchStrategy[Move] = st.one_of(
    st.sampled_from([parse_move("keep"), parse_move("flip")]),
    shows,
    scouts,
    st.builds(ScoutShow, scouts, shows),
)


@pytest.mark.rule("SC-SETUP-03", "SC-SCOUT-03", "SC-VAR2-03", "SC-TURN-01", "SC-END-02")
@given(players, all_rules, seeds, st.integers(0, 300))
def test_random_play_keeps_cards_chips_and_turn_order(
    n: int, rules: Rules, seed: int, steps: int
) -> None:
    # Card conservation, chip accounting, unchanged states and the turn order, at every step.
    play_checked_game(n, rules, seed, CHEAP, stop=steps)


@pytest.mark.rule("SC-END-01", "SC-END-02", "SC-END-03", "SC-SCORE-04", "SC-SCORE-06")
@given(players, all_rules, seeds)
def test_every_round_of_random_play_ends_with_the_score_identity(
    n: int, rules: Rules, seed: int
) -> None:
    final = play_checked_game(n, rules, seed, CHEAP)
    assert final.round == n


@pytest.mark.rule("SC-TURN-02", "SC-NOTE-06")
@given(reachable_states())
def test_legal_list_is_non_empty_duplicate_free_and_canonical(state: State) -> None:
    check_legal_list(state, legal_moves(state))


@pytest.mark.rule("SC-GEN-03")
@given(reachable_states())
def test_json_round_trips_and_digest_is_stable(state: State) -> None:
    check_json_round_trip(state)
    data = state_to_json(state)
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert state_digest(state) == hashlib.sha256(canonical.encode()).hexdigest()


@pytest.mark.rule("SC-NOTE-01", "SC-NOTE-02", "SC-NOTE-03", "SC-NOTE-04")
@given(reachable_states())
def test_every_listed_move_applies_and_reads_back(state: State) -> None:
    check_listed_moves_apply(state, legal_moves(state))


@pytest.mark.rule("SC-TURN-04")
@given(reachable_states())
def test_move_is_accepted_iff_listed(state: State) -> None:
    check_accepted_iff_listed(state, legal_moves(state))


@pytest.mark.rule("SC-TURN-04")
@given(reachable_states(), st.data())
def test_rejected_move_raises_and_leaves_the_state_unchanged(
    state: State, data: st.DataObject
) -> None:
    unlisted = [m for m in well_formed_moves(state) if check_move(state, m) is not None]
    move = data.draw(st.sampled_from(unlisted))
    before = state_to_json(state)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, move)
    assert info.value.rejection == check_move(state, move)
    assert state_to_json(state) == before


@pytest.mark.rule("SC-NOTE-01", "SC-NOTE-02", "SC-NOTE-03", "SC-NOTE-04")
@given(moves)
def test_notation_round_trips(move: Move) -> None:
    assert parse_move(str(move)) == move
    assert eval(repr(move), {"parse_move": parse_move}) == move


@pytest.mark.rule("SC-SETUP-02")
@given(players, seeds)
def test_a_seed_reproduces_a_game_exactly(n: int, seed: int) -> None:
    first, second = random_game(n, seed), random_game(n, seed)
    assert first == second
    assert [state_digest(r.end) for r in first.rounds] == [
        state_digest(r.end) for r in second.rounds
    ]
