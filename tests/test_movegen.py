"""The fast paths of random play against the reference paths, on states reached by play.

:func:`scout_ref.legal_moves` lists moves from beating spans and interned move rows
(``scout_ref.engine._movegen``), and :func:`scout_ref.engine.turn.apply_listed` applies a listed
move without checking it. Here both meet the slow paths they stand for: the list, order included,
is every well-formed move that :func:`scout_ref.check_move` accepts, sorted canonically
(SC-NOTE-06), and a listed move applied unchecked gives :func:`scout_ref.apply_move`'s state.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from scout_ref import (
    Rules,
    Scouting,
    ScoutShow,
    State,
    apply_move,
    check_move,
    legal_moves,
    new_game,
)
from scout_ref.checks.invariants import well_formed_moves
from scout_ref.engine.game import next_round
from scout_ref.engine.notation import Move, move_sort_key
from scout_ref.engine.setup import shuffled_deck
from scout_ref.engine.state import Phase
from scout_ref.engine.turn import apply_listed
from scout_ref.engine.variants import EmptySetChain


def _reference(state: State, stride: int) -> list[Move]:
    """The legal moves the slow way: every well-formed move the checks accept, sorted; of the
    Scout & Show moves only one in ``stride`` is tried."""
    accepted = [m for m in well_formed_moves(state, stride) if check_move(state, m) is None]
    return sorted(accepted, key=move_sort_key)


def _played(players: int, rules: Rules, seed: int) -> Iterator[State]:
    """The states of games played at random one after the other, Scout & Show picked only one
    time in eight (so it stays available while hands change), every round dealt afresh."""
    rng = random.Random(seed)
    while True:
        state = new_game(players, shuffled_deck(players, rng.getrandbits(64)), rules)
        for _ in range(1000):  # a 3-5 player round need not end (SC-END-04)
            yield state
            if state.phase is Phase.ROUND_OVER:
                deck = None if players == 2 else shuffled_deck(players, rng.getrandbits(64))
                state = next_round(state, deck)
                continue
            moves = legal_moves(state)
            if not moves:
                break
            plain = [m for m in moves if not isinstance(m, ScoutShow)]
            pick = rng.choice(plain if plain and rng.random() < 7 / 8 else moves)
            state = apply_listed(state, pick)


GAMES = [
    (players, rules, seed)
    for seed, (players, rules) in enumerate(
        [
            (2, Rules()),
            (3, Rules()),
            (4, Rules()),
            (5, Rules()),
            (3, Rules(scouting=Scouting.FORCED)),
            (4, Rules(empty_set_chain=EmptySetChain.RESET, scouting=Scouting.FORCED)),
        ]
    )
]


@pytest.mark.rule("SC-NOTE-06", "SC-TURN-02", "SC-SNS-01", "SC-SNS-02")
@pytest.mark.parametrize(("players", "rules", "seed"), GAMES)
def test_fast_listing_and_unchecked_apply_match_the_checks(
    players: int, rules: Rules, seed: int
) -> None:
    plain = pairs = 0  # states checked without and with Scout & Show listed
    for step, state in enumerate(itertools.islice(_played(players, rules, seed), 3000)):
        moves = legal_moves(state)
        has_pairs = any(isinstance(m, ScoutShow) for m in moves)
        # Scout & Show moves number the cube of the hand: where none is listed, one in 16
        # is tried; where some are, every one, in a few states.
        if state.phase is Phase.PLAY and (pairs < 3 if has_pairs else plain < 40):
            assert moves == _reference(state, 1 if has_pairs else 16), step
            pairs += has_pairs
            plain += not has_pairs
            for move in moves[step % 5 :: 5]:
                assert apply_listed(state, move) == apply_move(state, move), (step, str(move))
        if plain == 40 and pairs == (0 if players == 2 else 3):
            return
    raise AssertionError(f"the game gave {plain} states without Scout & Show, {pairs} with")
