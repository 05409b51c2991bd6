"""Invariants of play, checked on random reachable states by the property tests and the sweep.

Each ``check_*`` raises AssertionError naming the rule it guards. Expectations are computed here
from first principles (counting cards and chips move by move), not by the engine function under
test.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from hypothesis import strategies as st

from scout_ref import (
    Card,
    EmptySetChain,
    End,
    Flip,
    History,
    Keep,
    Move,
    Phase,
    Rotation,
    RoundEnd,
    Rules,
    Scout,
    Scouting,
    ScoutShow,
    Seat,
    Show,
    State,
    apply_move,
    check_move,
    legal_moves,
    new_game,
    next_round,
    parse_move,
    round_scores,
    shuffled_deck,
    validate_state,
)
from scout_ref.notation import move_sort_key
from scout_ref.registry import rules as registry
from scout_ref.setup import cards_in_play

ALL_RULES = tuple(
    Rules(owner_exemption=o, empty_set_chain=c, scouting=s, rotation=r)
    for o, c, s, r in itertools.product((True, False), EmptySetChain, Scouting, Rotation)
)
"""Every combination of the rules switches (chapter VAR): 16."""

MAX_ROUND_STEPS = 20_000
"""A round of random play that runs longer than this is taken not to end."""


def card_ids(state: State) -> Counter[Card]:
    """How many times each card identity appears anywhere in ``state``."""
    ids = Counter(c.card for hand in state.hands for c in hand)
    ids.update(c.card for c in state.active_set)
    ids.update(c.card for c in state.set_aside)
    ids.update(c for pile in state.captured for c in pile)
    return ids


def check_cards_conserved(state: State, dealt: frozenset[Card]) -> None:
    """Every card dealt for the round is in exactly one place (SC-SETUP-03, SC-VAR2-01)."""
    ids = card_ids(state)
    twice = sorted(str(c) for c, k in ids.items() if k > 1)
    assert not twice, f"cards in two places: {twice}"
    assert set(ids) == dealt, f"cards gained {set(ids) - dealt}, lost {dealt - set(ids)}"


def dealt_cards(state: State) -> frozenset[Card]:
    """The identities of the cards in play in the round ``state`` belongs to."""
    return frozenset(card_ids(state))


def scout_part(move: Move) -> Scout | None:
    """The scout a move makes, alone or as part of a Scout & Show."""
    match move:
        case Scout():
            return move
        case ScoutShow(scout, _):
            return scout
        case _:
            return None


@dataclass
class ChipLedger:
    """Scout chips counted move by move through one round (SC-SCOUT-03, SC-VAR2-03)."""

    players: int
    received: list[int] = field(init=False)
    spent: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.received = [0] * self.players
        self.spent = [0] * self.players

    def record(self, state: State, move: Move) -> None:
        """Note the chip that ``move`` moves, made in ``state``."""
        if scout_part(move) is None:
            return
        assert state.turn is not None
        if state.is_two_player:
            self.spent[state.turn] += 1
        else:
            assert state.owner is not None, "a scout needs an active set with an owner"
            self.received[state.owner] += 1

    def check(self, state: State) -> None:
        """3-5 players: chips held equal scouts received; 2 players: spent plus held is 3."""
        if state.is_two_player:
            totals = [h + s for h, s in zip(state.scout_chips, self.spent, strict=True)]
            assert totals == [3, 3], f"SC-VAR2-02/03: held {state.scout_chips} spent {self.spent}"
        else:
            assert list(state.scout_chips) == self.received, (
                f"SC-SCOUT-03: held {state.scout_chips}, received {self.received}"
            )


def check_legal_list(state: State, moves: list[Move]) -> None:
    """The list is non-empty in a phase with turns, duplicate-free and in canonical order."""
    if state.phase in (Phase.ROTATION, Phase.PLAY):
        assert moves, "SC-TURN-02: a player to act always has a move (no passing)"
    else:
        assert moves == [], "SC-TURN-03: no moves once the round is over"
    assert len(set(moves)) == len(moves), "legal move list has duplicates"
    assert moves == sorted(moves, key=move_sort_key), "SC-NOTE-06: not in canonical order"


def apply_checked(state: State, move: Move) -> State:
    """Apply a listed move; neither ``check_move`` nor ``apply_move`` may alter ``state``."""
    before = state.to_json()
    assert check_move(state, move) is None, f"listed move {move} is rejected"
    assert state.to_json() == before, "check_move changed the state"
    after = apply_move(state, move)
    assert state.to_json() == before, "apply_move changed the state"
    return after


def check_json_round_trip(state: State) -> None:
    """JSON text round-trips to an equal state with the same, stable digest."""
    data = state.to_json()
    assert validate_state(data) == []
    again = State.from_json(json.loads(json.dumps(data)))
    assert again == state
    assert again.to_json() == data
    assert again.digest() == state.digest() == state.digest()


def check_listed_moves_apply(state: State, moves: list[Move]) -> None:
    """Every listed move reads back from its notation and applies (SC-NOTE-01..04)."""
    for move in moves:
        assert parse_move(str(move)) == move
        apply_move(state, move)


def _shows(limit: int) -> list[Show]:
    return [Show(i, j) for j in range(limit) for i in range(j + 1)]


def well_formed_moves(state: State) -> Iterator[Move]:
    """Every move whose indices reach at most one past the hand, legal or not.

    Shows end before ``len(hand) + 2``, scout slots go up to ``len(hand) + 1``, and a Scout &
    Show's show ends before ``len(hand) + 3`` (the hand has grown by one).
    """
    h = len(state.hand)
    yield Keep()
    yield Flip()
    yield from _shows(h + 2)
    scouts = [Scout(e, r, k) for e in End for r in (False, True) for k in range(h + 2)]
    yield from scouts
    after_scout = _shows(h + 3)
    for scout in scouts:
        yield from (ScoutShow(scout, show) for show in after_scout)


def check_accepted_iff_listed(state: State, moves: list[Move]) -> None:
    """A well-formed move is accepted exactly when it is listed; rejections name real rules."""
    listed = set(moves)
    seen = 0
    for move in well_formed_moves(state):
        rejection = check_move(state, move)
        assert (rejection is None) == (move in listed), f"{move}: {rejection} / listed"
        if rejection is not None:
            assert rejection.rule in registry(), rejection
        seen += move in listed
    assert seen == len(listed), "a listed move lies outside the well-formed bounds"


def check_round_end(before: State, move: Move, end: State) -> None:
    """The round ended for a reason the rules give (SC-END-01, SC-END-02, SC-VAR2-05)."""
    seat = before.turn
    assert seat is not None
    match end.round_end:
        case RoundEnd.EMPTY_HAND:
            assert isinstance(move, Show | ScoutShow), "SC-END-01: only a show empties a hand"
            assert not end.hands[seat], "SC-END-01: the hand is not empty"
        case RoundEnd.UNBEATEN if end.is_two_player:
            other = Seat(1 - seat) if isinstance(move, Show) else seat
            resumed = replace(end, phase=Phase.PLAY, turn=other, round_end=None)
            assert legal_moves(resumed) == [], "SC-VAR2-05: the next player still had a move"
        case RoundEnd.UNBEATEN:
            assert isinstance(move, Scout), "SC-END-02: only a scout can complete the circle"
            assert (seat + 1) % end.players == end.owner, "SC-END-02: turn not back at the owner"
            reset = end.rules.empty_set_chain is EmptySetChain.RESET
            assert end.active_set or not reset, "SC-VAR-02: an emptied set resets the chain"
        case None:
            raise AssertionError("a finished round records how it ended")


def check_turn_passed(before: State, move: Move, after: State) -> None:
    """The turn went where the rules send it, the round going on (SC-ORIENT-03, SC-TURN-01)."""
    seat = before.turn
    assert seat is not None
    following = Seat((seat + 1) % before.players)
    if before.phase is Phase.ROTATION:
        done = following == before.start_player
        assert after.phase is (Phase.PLAY if done else Phase.ROTATION), "SC-ORIENT-03"
        assert after.turn == (before.start_player if done else following), "SC-ORIENT-01"
    elif before.is_two_player:
        assert after.turn == (seat if isinstance(move, Scout) else following), "SC-VAR2-03"
    else:
        assert after.turn == following, "SC-TURN-01"
        if after.turn == after.owner:
            # Only the reset variant lets the turn reach the owner of an emptied set (SC-VAR-02).
            assert not after.active_set, "SC-END-02: an unbeaten set must end the round"
            assert after.rules.empty_set_chain is EmptySetChain.RESET, "SC-END-02"


def check_round_score(start: State, end: State) -> None:
    """Round score = captured + chips - hand, the hand exempt for an unbeaten owner (SCORE)."""
    breakdown = round_scores(end)
    for s in range(end.players):
        exempt = end.rules.owner_exemption and end.round_end is RoundEnd.UNBEATEN and end.owner == s
        penalty = 0 if exempt else len(end.hands[s])
        expected = len(end.captured[s]) + end.scout_chips[s] - penalty
        assert end.scores[s] - start.scores[s] == expected, f"SC-SCORE-06: seat {s}"
        assert breakdown[s].total == expected, f"seat {s}: {breakdown[s]} != {expected}"
        assert breakdown[s].exempt == exempt, f"SC-SCORE-04: seat {s}"


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
    start, dealt, ledger = state, dealt_cards(state), ChipLedger(state.players)
    ledger.check(state)
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
        ledger.record(state, move)
        after = apply_checked(state, move)
        check_cards_conserved(after, dealt)
        ledger.check(after)
        step += 1
        if after.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            check_round_end(state, move, after)
            check_round_score(start, after)
            check_json_round_trip(after)
            return after, step
        check_turn_passed(state, move, after)
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
