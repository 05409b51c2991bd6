"""scout-ref: the reference engine of the card game SCOUT.

Start a game with :func:`new_game`, list moves with :func:`legal_moves`, check one with
:func:`check_move` and play it with :func:`apply_move`; states never change in place.

>>> from scout_ref import new_game, legal_moves, apply_move, parse_move
>>> state = apply_move(new_game(4, seed=7), parse_move("keep"))
>>> [str(m) for m in legal_moves(state)]
['keep', 'flip']
"""

from scout_ref.boundary import (
    apply_move,
    check_move,
    check_reachable,
    format_position,
    is_legal,
    legal_moves,
    new_game,
    next_round,
    observation,
    observation_to_json,
    observed_moves,
    parse_move,
    parse_position,
    round_scores,
    sample_history,
    sample_state,
    shuffled_deck,
    state_digest,
    state_from_json,
    state_to_json,
    validate_state,
    winners,
)
from scout_ref.engine.combinations import Combination, Kind, classify
from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.information import Event, History, Observation, PublicView, Recall
from scout_ref.engine.notation import End, Flip, Keep, Move, Scout, ScoutShow, Show
from scout_ref.engine.reachability import Violation
from scout_ref.engine.scoring import SeatScore
from scout_ref.engine.state import Hand, Phase, RoundEnd, Seat, State
from scout_ref.engine.variants import EmptySetChain, Rotation, Rules, Scouting
from scout_ref.errors import IllegalMoveError, MalformedInputError, Reason, Rejection, ScoutError
from scout_ref.formats.observation_json import observation_from_json

__all__ = [
    "Card",
    "Combination",
    "EmptySetChain",
    "End",
    "Event",
    "Flip",
    "Hand",
    "History",
    "IllegalMoveError",
    "Keep",
    "Kind",
    "MalformedInputError",
    "Move",
    "Observation",
    "OrientedCard",
    "Phase",
    "PublicView",
    "Reason",
    "Recall",
    "Rejection",
    "Rotation",
    "RoundEnd",
    "Rules",
    "Scout",
    "ScoutError",
    "ScoutShow",
    "Scouting",
    "Seat",
    "SeatScore",
    "Show",
    "State",
    "Violation",
    "apply_move",
    "check_move",
    "check_reachable",
    "classify",
    "format_position",
    "is_legal",
    "legal_moves",
    "new_game",
    "next_round",
    "observation",
    "observation_from_json",
    "observation_to_json",
    "observed_moves",
    "oriented",
    "parse_move",
    "parse_position",
    "round_scores",
    "sample_history",
    "sample_state",
    "shuffled_deck",
    "state_digest",
    "state_from_json",
    "state_to_json",
    "validate_state",
    "winners",
]
