"""Hypothesis strategies for property-testing a SCOUT engine against the reference.

Every strategy builds its values with the reference engine, so anything it generates is
valid (or, for :func:`illegal_moves`, well formed and rejected) by construction. Shrinking
goes toward small, early, official examples: two players, the official rules, the first
round, few moves, and the first move in canonical order.

>>> from hypothesis import given, settings
>>> from scout_ref import legal_moves
>>> @settings(max_examples=20)
... @given(states(phase="play"))
... def test_someone_can_always_move(state):
...     assert legal_moves(state)
>>> test_someone_can_always_move()

A whole engine is compared with :func:`random_play_check`, and :class:`ReferenceMachine` is
a stateful test to subclass. This module needs Hypothesis (the ``test`` dependency group).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from hypothesis.strategies import DrawFn, SearchStrategy

from scout_ref.analysis.simulation import GameRecord, RoundRecord
from scout_ref.engine.components import Card, OrientedCard, full_deck, oriented
from scout_ref.engine.game import next_round
from scout_ref.engine.notation import FLIP, KEEP, End, Move, Scout, ScoutShow, Show
from scout_ref.engine.reachability import check_reachable
from scout_ref.engine.setup import cards_in_play, new_game, shuffled_deck
from scout_ref.engine.state import MAX_PLAYERS, MIN_PLAYERS, Hand, Phase, State, total_rounds
from scout_ref.engine.turn import apply_move, check_move, legal_moves
from scout_ref.engine.variants import EmptySetChain, Rotation, Rules, Scouting
from scout_ref.errors import IllegalMoveError, Rejection
from scout_ref.formats.state_json import JSONObject, state_digest, state_from_json, state_to_json

__all__ = [
    "Engine",
    "EngineMismatch",
    "ReferenceMachine",
    "cards",
    "decks",
    "hands",
    "illegal_moves",
    "moves",
    "oriented_cards",
    "playouts",
    "random_play_check",
    "rules_configs",
    "states",
]

LIVE = (Phase.ROTATION, Phase.PLAY)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def cards() -> SearchStrategy[Card]:
    """Any of the 45 cards; shrinks toward ``1-2``."""
    return st.sampled_from(full_deck())


def _orient(card: Card, flipped: bool) -> OrientedCard:
    return oriented(card.high, card.low) if flipped else oriented(card.low, card.high)


def oriented_cards() -> SearchStrategy[OrientedCard]:
    """Any card either way up; shrinks toward ``1/2`` (smaller number on top)."""
    return st.builds(_orient, cards(), st.booleans())


def hands(*, min_size: int = 0, max_size: int = 12) -> SearchStrategy[Hand]:
    """Rows of distinct oriented cards (as in a hand or an active set); shrinks toward short.

    A hand alone is not a state: use :func:`states` for positions that can occur in play.
    """
    return st.lists(
        oriented_cards(), min_size=min_size, max_size=max_size, unique_by=lambda c: c.card
    ).map(tuple)


def decks(players: int) -> SearchStrategy[tuple[OrientedCard, ...]]:
    """Decks for ``players``: every card in play once, in any order and orientation.

    Shrinks toward the cards in ascending order, each with its smaller number on top.
    """
    in_play = sorted(cards_in_play(players))
    flips = st.lists(st.booleans(), min_size=len(in_play), max_size=len(in_play))
    return st.builds(
        lambda order, up: tuple(_orient(c, f) for c, f in zip(order, up, strict=True)),
        st.permutations(in_play),
        flips,
    )


def rules_configs() -> SearchStrategy[Rules]:
    """Any combination of the rules switches (chapter VAR); shrinks toward the official rules."""
    return st.builds(
        Rules,
        owner_exemption=st.sampled_from([True, False]),
        empty_set_chain=st.sampled_from(list(EmptySetChain)),
        scouting=st.sampled_from(list(Scouting)),
        rotation=st.sampled_from(list(Rotation)),
    )


def moves(state: State) -> SearchStrategy[Move]:
    """A legal move of ``state``; shrinks toward the first in canonical order (SC-NOTE-06).

    Raises:
        InvalidArgument: if ``state`` has no legal move (its round or game is over).
    """
    legal = legal_moves(state)
    if not legal:
        raise InvalidArgument(f"no legal move in a {state.phase.value} state")
    return st.sampled_from(legal)


def _scout_shows(largest: int) -> SearchStrategy[ScoutShow]:
    """Well-formed Scout & Show moves with every index at most ``largest``."""
    index = st.integers(min_value=0, max_value=largest)
    shows = st.tuples(index, index).map(lambda p: Show(min(p), max(p)))
    scouts = st.builds(Scout, st.sampled_from(list(End)), st.booleans(), index)
    return st.builds(ScoutShow, scouts, shows)


def illegal_moves(state: State) -> SearchStrategy[Move]:
    """Well-formed moves that ``state`` rejects, with indices up to two past the hand's end.

    Every kind of move is drawn, so each reason of SC-TURN-04 that the state allows appears.
    The rotation decisions, shows and scouts are few enough to list and check up front; only
    Scout & Show, whose pairs are many, is drawn and filtered (most random pairs are illegal).
    Shrinks toward the first illegal move in canonical order.
    """
    largest = len(state.hand) + 2
    index = range(largest + 1)
    listed: list[Move] = [KEEP, FLIP]
    listed += [Show(i, j) for i in index for j in index if i <= j]
    listed += [Scout(e, r, k) for e in End for r in (False, True) for k in index]
    illegal = [m for m in listed if check_move(state, m) is not None]
    pairs = _scout_shows(largest).filter(lambda m: check_move(state, m) is not None)
    return st.one_of(st.sampled_from(illegal), pairs) if illegal else pairs


def _phase(value: Phase | str | None) -> SearchStrategy[Phase]:
    if value is None:
        return st.sampled_from(list(Phase))
    return st.just(Phase(value) if isinstance(value, str) else value)


def _players(value: int | None) -> SearchStrategy[int]:
    if value is None:
        return st.integers(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS)
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise InvalidArgument(f"players={value!r} is not 2 to 5")
    return st.just(value)


def _play_round(draw: DrawFn, state: State) -> tuple[State, tuple[Move, ...]]:
    """Play to the end of the round with drawn legal moves."""
    played: list[Move] = []
    while state.phase in LIVE:
        move = draw(moves(state))
        played.append(move)
        state = apply_move(state, move)
    return state, tuple(played)


def _deal_next(draw: DrawFn, state: State) -> State:
    deck = None if state.is_two_player else shuffled_deck(state.players, draw(SEEDS))
    return next_round(state, deck)


def _last_round(draw: DrawFn, phase: Phase, players: int, rules: Rules) -> int:
    rounds = total_rounds(players)
    if phase is Phase.GAME_OVER:
        return rounds
    if phase is Phase.ROTATION and rules.rotation is Rotation.ONCE_PER_GAME:
        return 1
    latest = rounds - 1 if phase is Phase.ROUND_OVER else rounds
    return draw(st.integers(min_value=1, max_value=latest))


@st.composite
def _states(
    draw: DrawFn,
    players: SearchStrategy[int],
    phase: SearchStrategy[Phase],
    rules: SearchStrategy[Rules],
) -> State:
    n, wanted, chosen = draw(players), draw(phase), draw(rules)
    state = new_game(n, draw(decks(n)), chosen)
    for _ in range(_last_round(draw, wanted, n, chosen) - 1):
        state = _deal_next(draw, _play_round(draw, state)[0])
    if wanted in (Phase.ROUND_OVER, Phase.GAME_OVER):
        return _play_round(draw, state)[0]
    if wanted is Phase.ROTATION:
        for _ in range(draw(st.integers(min_value=0, max_value=n - 1))):
            state = apply_move(state, draw(moves(state)))
        return state
    while state.phase is Phase.ROTATION:
        state = apply_move(state, draw(moves(state)))
    for _ in range(draw(st.integers(min_value=0, max_value=60))):
        after = apply_move(state, draw(moves(state)))
        if after.phase is not Phase.PLAY:
            break
        state = after
    return state


def states(
    *,
    players: int | None = None,
    phase: Phase | str | None = None,
    rules: Rules | None = None,
) -> SearchStrategy[State]:
    """Valid states reached by legal play from a dealt deck.

    ``players`` (2 to 5), ``phase`` and ``rules`` fix what they name; left out, they vary.
    A state is reached by dealing a drawn deck and playing drawn legal moves (dealing later
    rounds from seeded decks), so every state can occur in a real game. Shrinks toward fewer
    players, the official rules, the first round, fewer moves and canonical-first moves.
    """
    return _states(
        _players(players),
        _phase(phase),
        st.just(rules) if rules is not None else rules_configs(),
    )


@st.composite
def _playouts(
    draw: DrawFn, players: SearchStrategy[int], rules: SearchStrategy[Rules]
) -> GameRecord:
    n, chosen = draw(players), draw(rules)
    state = new_game(n, draw(decks(n)), chosen)
    rounds = []
    while True:
        end, played = _play_round(draw, state)
        rounds.append(RoundRecord(state, played, end))
        if end.phase is Phase.GAME_OVER:
            return GameRecord(n, chosen, tuple(rounds))
        state = _deal_next(draw, end)


def playouts(
    *, players: int | None = None, rules: Rules | None = None
) -> SearchStrategy[GameRecord]:
    """Whole games of drawn legal moves, round by round (each with its start, moves and end).

    Shrinks toward two players, the official rules and canonical-first moves.
    """
    return _playouts(_players(players), st.just(rules) if rules is not None else rules_configs())


class ReferenceMachine(RuleBasedStateMachine):
    """A stateful test that plays the reference engine move by move, with invariants.

    Run it with ``TestReference = ReferenceMachine.TestCase``. Subclass it and add
    ``@invariant()`` methods that compare your engine with ``self.state`` after every step.
    """

    state: State
    scouts: int  # scouts made this round, including those of Scout & Show

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        """Start a game with any player count, deck and rules."""
        n = data.draw(st.integers(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS), "players")
        self.state = new_game(n, data.draw(decks(n), "deck"), data.draw(rules_configs(), "rules"))
        self.scouts = 0

    @precondition(lambda self: self.state.phase in LIVE)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Make a legal move."""
        move = data.draw(moves(self.state), "move")
        self.scouts += isinstance(move, Scout | ScoutShow)
        self.state = apply_move(self.state, move)

    @precondition(lambda self: self.state.phase in LIVE)
    @rule(data=st.data())
    def reject(self, data: st.DataObject) -> None:
        """An illegal move raises and leaves the state as it was."""
        move = data.draw(illegal_moves(self.state), "illegal move")
        raised: Rejection | None = None
        try:
            apply_move(self.state, move)
        except IllegalMoveError as exc:
            raised = exc.rejection
        assert raised == check_move(self.state, move), f"{move} must raise its rejection"

    @precondition(lambda self: self.state.phase is Phase.ROUND_OVER)
    @rule(seed=SEEDS)
    def deal_next_round(self, seed: int) -> None:
        """Deal the next round (SC-GAME-03, SC-VAR2-01)."""
        deck = None if self.state.is_two_player else shuffled_deck(self.state.players, seed)
        self.state = next_round(self.state, deck)
        self.scouts = 0

    @precondition(lambda self: self.state.phase is Phase.GAME_OVER)
    @rule(data=st.data())
    def start_again(self, data: st.DataObject) -> None:
        """After the last round, start again."""
        self.deal(data)

    @invariant()
    def cards_are_conserved(self) -> None:
        """Every card in play is somewhere exactly once (SC-SETUP-01, SC-VAR2-01)."""
        s = self.state
        ids = [c.card for c in (*(c for h in s.hands for c in h), *s.active_set, *s.set_aside)]
        ids += [c for pile in s.captured for c in pile]
        assert len(set(ids)) == len(ids), "a card is in two places"
        in_play = cards_in_play(s.players)
        if s.is_two_player and s.round > 1:
            assert len(ids) == 22, "the second two-player round uses the set-aside half"
            assert set(ids) <= in_play, "no card from outside the game"
        else:
            assert set(ids) == in_play, "every card in play is somewhere"

    @invariant()
    def chips_follow_scouts(self) -> None:
        """Each scout adds a chip to the owner (SC-SCOUT-03) or costs one (SC-VAR2-03)."""
        chips = sum(self.state.scout_chips)
        if self.state.is_two_player:
            assert chips == 6 - self.scouts, (chips, self.scouts)
        else:
            assert chips == self.scouts, (chips, self.scouts)

    @invariant()
    def json_round_trips(self) -> None:
        """The state survives its canonical JSON form unchanged."""
        assert state_from_json(state_to_json(self.state)) == self.state

    @invariant()
    def position_is_reachable(self) -> None:
        """Play meets every condition of chapter REACH (SC-REACH-01)."""
        assert check_reachable(self.state) == [], check_reachable(self.state)


class Engine(Protocol):
    """An engine under test, seen through the reference's JSON state and move notation.

    Both methods receive a fresh copy of a canonical state JSON object; moves are canonical
    text (``show 2-4``, ``scout R~ @0``, ...).
    """

    def legal_moves(self, state: JSONObject) -> Iterable[str]:
        """Every legal move of the player to act (any order)."""
        ...

    def apply_move(self, state: JSONObject, move: str) -> JSONObject:
        """The canonical state JSON after the legal ``move``."""
        ...


class EngineMismatch(AssertionError):
    """The engine under test disagrees with the reference; says where and how."""

    def __init__(self, what: str, state: State, move: Move | None, detail: str) -> None:
        self.state = state
        self.move = move
        where = f"after {move}" if move is not None else "listing moves"
        super().__init__(f"{what} {where} in state {state_digest(state)[:12]}: {detail}")


def _sample(texts: Iterable[str]) -> str:
    items = sorted(texts)
    more = f" and {len(items) - 5} more" if len(items) > 5 else ""
    return ", ".join(items[:5]) + more


def _check_legal(engine: Engine, state: State) -> None:
    expected = {str(m) for m in legal_moves(state)}
    actual = set(engine.legal_moves(state_to_json(state)))
    if actual != expected:
        missing, extra = expected - actual, actual - expected
        raise EngineMismatch(
            "legal moves differ",
            state,
            None,
            f"missing {_sample(missing) or 'none'}; extra {_sample(extra) or 'none'}",
        )


def _check_apply(engine: Engine, state: State, move: Move, after: State) -> None:
    actual = engine.apply_move(state_to_json(state), str(move))
    expected = state_to_json(after)
    if actual != expected:
        keys = sorted(k for k in expected if actual.get(k) != expected[k])
        raise EngineMismatch("states differ", state, move, "in " + ", ".join(keys or ["keys"]))


def random_play_check(
    engine: Engine,
    *,
    games: int = 8,
    seed: int = 0,
    players: Sequence[int] = (2, 3, 4, 5),
    rules: Rules | None = None,
) -> int:
    """Play random games with the reference and compare ``engine`` at every step.

    At each state the engine's legal-move set must equal the reference's, and applying the
    chosen move must give the same state JSON. Games cycle through ``players``; deals and
    moves come from ``random.Random(seed)``. Returns the number of moves checked.

    Raises:
        EngineMismatch: at the first disagreement, with the state's digest and the move.
    """
    rng = random.Random(seed)
    checked = 0
    for g in range(games):
        n = players[g % len(players)]
        state = new_game(n, shuffled_deck(n, rng.getrandbits(64)), rules)
        while True:
            while state.phase in LIVE:
                _check_legal(engine, state)
                move = rng.choice(legal_moves(state))
                after = apply_move(state, move)
                _check_apply(engine, state, move, after)
                state, checked = after, checked + 1
            if state.phase is Phase.GAME_OVER:
                break
            deck = None if n == 2 else shuffled_deck(n, rng.getrandbits(64))
            state = next_round(state, deck)
    return checked
