"""Chapter GEN: players, seats, phases and the immutable game state.

A :class:`State` holds only what the rules need; it never changes after it is built, and every
rule function takes a state and returns a new one. Its text forms belong to the layers above the
engine, which import this module and never the reverse: the canonical JSON and digest to
``scout_ref.formats.state_json`` (:func:`~scout_ref.state_to_json`,
:func:`~scout_ref.state_from_json`,
:func:`~scout_ref.state_digest`), the position line to ``scout_ref.formats.position_line``
(:func:`~scout_ref.format_position`, :func:`~scout_ref.parse_position`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NewType, TypedDict, Unpack

from scout_ref.engine.components import Card, OrientedCard
from scout_ref.engine.variants import Rules
from scout_ref.rulebook.registry import implements
from scout_ref.util.args import require_type

Seat = NewType("Seat", int)
"""A player's place at the table, 0 to n-1 (SC-GEN-01)."""

Hand = tuple[OrientedCard, ...]
"""Cards left to right, as they lie (SC-GEN-02); also used for the active set."""

MIN_PLAYERS = 2
MAX_PLAYERS = 5


class Phase(Enum):
    """The phase a game is in (SC-GEN-03)."""

    ROTATION = "rotation"
    PLAY = "play"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


class RoundEnd(Enum):
    """How a round ended: an emptied hand (SC-END-01) or an unbeaten active set (SC-END-02)."""

    EMPTY_HAND = "empty_hand"
    UNBEATEN = "unbeaten"


@dataclass(frozen=True, slots=True)
class State:
    """Everything rule-relevant about a game at one moment.

    ``captured`` holds each seat's face-down cards sorted by identity (their order is hidden);
    ``scout_chips`` counts Scout chips held (received with 3-5 players, unspent with 2);
    ``scout_show_available`` says who may still Scout & Show this round; ``scores`` are the
    running totals including every finished round; ``set_aside`` holds the two-player game's
    second-round cards.
    """

    players: int
    rules: Rules
    round: int
    start_player: Seat
    phase: Phase
    turn: Seat | None
    hands: tuple[Hand, ...]
    active_set: Hand
    owner: Seat | None
    captured: tuple[tuple[Card, ...], ...]
    scout_chips: tuple[int, ...]
    scout_show_available: tuple[bool, ...]
    scores: tuple[int, ...]
    round_end: RoundEnd | None
    set_aside: Hand

    def __init__(  # noqa: PLR0917 - the fields in order, as a dataclass's __init__ takes them
        self,
        players: int,
        rules: Rules,
        round: int,
        start_player: Seat,
        phase: Phase,
        turn: Seat | None,
        hands: tuple[Hand, ...],
        active_set: Hand,
        owner: Seat | None,
        captured: tuple[tuple[Card, ...], ...],
        scout_chips: tuple[int, ...],
        scout_show_available: tuple[bool, ...],
        scores: tuple[int, ...],
        round_end: RoundEnd | None,
        set_aside: Hand,
    ) -> None:
        # Written out rather than generated: mypyc compiles this one into direct slot stores,
        # while the __init__ that dataclasses generates stays interpreted, and building states
        # is most of the work of a move.
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "start_player", start_player)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "active_set", active_set)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "captured", captured)
        object.__setattr__(self, "scout_chips", scout_chips)
        object.__setattr__(self, "scout_show_available", scout_show_available)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "round_end", round_end)
        object.__setattr__(self, "set_aside", set_aside)

    @property
    def hand(self) -> Hand:
        """The hand of the player to act (empty when nobody is to act)."""
        return () if self.turn is None else self.hands[self.turn]

    @property
    def is_two_player(self) -> bool:
        """Whether the two-player rules (chapter VAR2) apply."""
        return self.players == 2

    @property
    def rounds(self) -> int:
        """How many rounds the game has (SC-GAME-01)."""
        return total_rounds(self.players)


def next_seat(seat: Seat, players: int) -> Seat:
    """The seat after ``seat``: play passes to seat + 1, wrapping to 0.

    >>> next_seat(Seat(3), 4)
    0
    """
    return Seat((seat + 1) % players)


implements("SC-GEN-01")(next_seat)


@implements("SC-GAME-01")
def total_rounds(players: int) -> int:
    """A game has as many rounds as players."""
    return players


class Changes(TypedDict, total=False):
    """The fields :func:`evolve` may change (all of them), for type-checked keyword arguments."""

    players: int
    rules: Rules
    round: int
    start_player: Seat
    phase: Phase
    turn: Seat | None
    hands: tuple[Hand, ...]
    active_set: Hand
    owner: Seat | None
    captured: tuple[tuple[Card, ...], ...]
    scout_chips: tuple[int, ...]
    scout_show_available: tuple[bool, ...]
    scores: tuple[int, ...]
    round_end: RoundEnd | None
    set_aside: Hand


def evolve(state: State, **changes: Unpack[Changes]) -> State:
    """A copy of ``state`` with ``changes``: :func:`dataclasses.replace`, minus its introspection.

    Every rule function builds its result this way, so it is on the engine's hot path.
    """
    return State(
        changes.get("players", state.players),
        changes.get("rules", state.rules),
        changes.get("round", state.round),
        changes.get("start_player", state.start_player),
        changes.get("phase", state.phase),
        changes.get("turn", state.turn),
        changes.get("hands", state.hands),
        changes.get("active_set", state.active_set),
        changes.get("owner", state.owner),
        changes.get("captured", state.captured),
        changes.get("scout_chips", state.scout_chips),
        changes.get("scout_show_available", state.scout_show_available),
        changes.get("scores", state.scores),
        changes.get("round_end", state.round_end),
        changes.get("set_aside", state.set_aside),
    )


def _after_play(  # noqa: PLR0917 - the fields a play move changes, in State's order
    state: State,
    turn: Seat | None,
    hands: tuple[Hand, ...],
    active_set: Hand,
    owner: Seat | None,
    captured: tuple[tuple[Card, ...], ...],
    scout_chips: tuple[int, ...],
    scout_show_available: tuple[bool, ...],
) -> State:
    """``state`` after a move of the play phase, which may change these fields and no other:
    :func:`evolve` for the moves made most often, without its dictionary of changes.
    """
    return State(
        state.players,
        state.rules,
        state.round,
        state.start_player,
        state.phase,
        turn,
        hands,
        active_set,
        owner,
        captured,
        scout_chips,
        scout_show_available,
        state.scores,
        state.round_end,
        state.set_aside,
    )


def require_state(value: object, what: str = "the state") -> State:
    """``value`` itself, once it is a :class:`State`.

    Raises:
        TypeError: naming ``what`` and what to pass, for ``None``, a dict (a state's JSON:
            :func:`~scout_ref.state_from_json` reads it) or any other object.
    """
    require_type(value, State, what, "a State such as new_game(3, seed=1)")
    assert isinstance(value, State)
    return value
