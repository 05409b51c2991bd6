"""Random play with every invariant checked, for the property tests and the sweep.

The invariants themselves live in :mod:`scout_ref.checks.invariants` (``scout-ref verify`` checks
them on every node of a game tree); this module plays random games and checks them at every step,
and draws reachable states for Hypothesis.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, fields

from hypothesis import strategies as st

from scout_ref import (
    History,
    Phase,
    RoundEnd,
    Rules,
    Seat,
    State,
    apply_move,
    legal_moves,
    new_game,
    next_round,
    shuffled_deck,
)
from scout_ref.checks.invariants import (
    apply_checked,
    check_accepted_iff_listed,
    check_dealt_chips,
    check_json_round_trip,
    check_legal_list,
    check_listed_moves_apply,
    check_move_effects,
    check_position_reachable,
    dealt_cards,
)
from scout_ref.engine.notation import ScoutShow, Show
from scout_ref.engine.setup import cards_in_play
from scout_ref.engine.variants import _SWITCHES

ALL_RULES = tuple(
    Rules(**dict(zip(_SWITCHES, values, strict=True)))  # type: ignore[arg-type]
    for values in itertools.product(*(words.values() for words in _SWITCHES.values()))
)
"""Every combination of the rules switches (chapter VAR), each at each of its values: 16."""


def states_apart() -> tuple[State, State]:
    """Two states that differ in every field (the second is no state of a game: the functions
    that copy or key a state's fields read any values)."""
    first = new_game(3, seed=0)
    card = first.hands[0][0]
    second = State(
        players=4,
        rules=Rules(owner_exemption=False),
        round=2,
        start_player=Seat(1),
        phase=Phase.ROUND_OVER,
        turn=Seat(2),
        hands=((card,),) * 4,
        active_set=(card,),
        owner=Seat(3),
        captured=((card.card,),) * 4,
        scout_chips=(1,) * 4,
        scout_show_available=(False,) * 4,
        scores=(5,) * 4,
        round_end=RoundEnd.UNBEATEN,
        set_aside=(card,),
    )
    assert all(getattr(first, f.name) != getattr(second, f.name) for f in fields(State))
    return first, second


MAX_ROUND_STEPS = 20_000
"""A round of random play that runs longer than this is taken not to end (SC-END-06: the
test then fails, since random play has ended every round it was given so far)."""


@dataclass(frozen=True)
class Sampling:
    """How often the costly checks run: on every ``k``-th step of a game (1 = always)."""

    json_every: int = 1
    listed_apply_every: int = 1
    iff_every: int = 1


def play_checked_round(
    state: State, rng: random.Random, sampling: Sampling, step: int = 0, stop: int | None = None
) -> tuple[State, int]:
    """Play a round with random legal moves, checking every invariant after every step.

    ``step`` counts moves across the game and picks the steps that get the costly checks; play
    stops early, mid-round, once ``step`` reaches ``stop``.
    """
    dealt = dealt_cards(state)
    for _ in range(MAX_ROUND_STEPS):
        if step == stop:
            return state, step
        moves = legal_moves(state)
        check_legal_list(state, moves)
        if step % sampling.json_every == 0:
            check_json_round_trip(state)
        if step % sampling.listed_apply_every == 0:
            check_listed_moves_apply(state, moves)
        if step % sampling.iff_every == 0:
            check_accepted_iff_listed(state, moves)
        move = rng.choice(moves)
        after = apply_checked(state, move)
        check_move_effects(state, move, after, dealt)
        check_position_reachable(after)
        step += 1
        if after.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            check_json_round_trip(after)
            return after, step
        state = after
    raise AssertionError(f"round did not end within {MAX_ROUND_STEPS} moves")


def play_checked_game(
    players: int, rules: Rules, seed: int, sampling: Sampling, stop: int | None = None
) -> State:
    """Play a random game, checking every round and the deals between them.

    The game is played to its end, or until ``stop`` moves have been made.
    """
    rng = random.Random(seed)
    state = new_game(players, shuffled_deck(players, rng.getrandbits(64)), rules)
    expected, step = cards_in_play(players), 0
    while True:
        assert dealt_cards(state) == expected, "SC-SETUP-01, SC-VAR2-01: the cards dealt"
        check_dealt_chips(state)
        state, step = play_checked_round(state, rng, sampling, step, stop)
        if step == stop:
            return state
        if state.phase is Phase.GAME_OVER:
            assert state.round == players, "SC-GAME-01"
            return state
        if players == 2:
            expected, deck = frozenset(c.card for c in state.set_aside), None
        else:
            deck = shuffled_deck(players, rng.getrandbits(64))
        state = next_round(state, deck)
        assert state.start_player == (state.round - 1) % players, "SC-GAME-02"


def walk(players: int, rules: Rules, seed: int, steps: int) -> State:
    """The state reached after ``steps`` random moves (deals count as steps) from a seeded deal."""
    rng = random.Random(seed)
    state = new_game(players, shuffled_deck(players, rng.getrandbits(64)), rules)
    for _ in range(steps):
        if state.phase is Phase.GAME_OVER:
            break
        if state.phase is Phase.ROUND_OVER:
            deck = None if players == 2 else shuffled_deck(players, rng.getrandbits(64))
            state = next_round(state, deck)
        else:
            state = apply_move(state, rng.choice(legal_moves(state)))
    return state


def ladder_walk(players: int, rules: Rules, seed: int, steps: int, shows: float) -> State:
    """Like :func:`walk` in the first round, but choosing a show (or Scout & Show) when one is
    legal with probability ``shows``: long chains of shows, which uniform play rarely makes."""
    rng = random.Random(seed)
    state = new_game(players, shuffled_deck(players, rng.getrandbits(64)), rules)
    for _ in range(steps):
        if state.phase not in (Phase.ROTATION, Phase.PLAY):
            break
        moves = legal_moves(state)
        showing = [m for m in moves if isinstance(m, Show | ScoutShow)]
        pick = showing if showing and rng.random() < shows else moves
        state = apply_move(state, rng.choice(pick))
    return state


@st.composite
def ladder_states(draw: st.DrawFn, max_steps: int = 80) -> State:
    """A first-round state of play biased towards shows, any player count and switches."""
    return ladder_walk(
        draw(st.integers(2, 5)),
        draw(st.sampled_from(ALL_RULES)),
        draw(st.integers(0, 2**32)),
        draw(st.integers(0, max_steps)),
        draw(st.sampled_from((0.5, 0.9, 1.0))),
    )


@st.composite
def reachable_states(draw: st.DrawFn, max_steps: int = 400) -> State:
    """A state reached by random play from a random deal, any player count and rules switches.

    Shrinks towards fewer players, official rules and fewer steps.
    """
    players = draw(st.integers(2, 5))
    rules = draw(st.sampled_from(ALL_RULES))
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, max_steps))
    return walk(players, rules, seed, steps)


def history_walk(players: int, rules: Rules, seed: int, rounds: int, steps: int) -> History:
    """A history of up to ``steps`` random moves from the deal of a round reached by random play.

    ``rounds`` earlier rounds are played out first (fewer if the game ends), so the history
    starts at a round's deal, as a real one does.
    """
    rng = random.Random(seed)
    state = new_game(players, shuffled_deck(players, rng.getrandbits(64)), rules)
    for _ in range(rounds):
        while state.phase in (Phase.ROTATION, Phase.PLAY):
            state = apply_move(state, rng.choice(legal_moves(state)))
        if state.phase is Phase.GAME_OVER:
            break
        deck = None if players == 2 else shuffled_deck(players, rng.getrandbits(64))
        state = next_round(state, deck)
    history = History.begin(state)
    for _ in range(steps):
        moves = legal_moves(history.state)
        if not moves:
            break
        history = history.then(rng.choice(moves))
    return history


@st.composite
def reachable_histories(draw: st.DrawFn, max_steps: int = 120) -> History:
    """A round's history from its deal, any player count, rules switches and round.

    Shrinks towards fewer players, official rules, the first round and fewer moves.
    """
    players = draw(st.integers(2, 5))
    rules = draw(st.sampled_from(ALL_RULES))
    seed = draw(st.integers(0, 2**32))
    rounds = draw(st.integers(0, 2))
    steps = draw(st.integers(0, max_steps))
    return history_walk(players, rules, seed, rounds, steps)
