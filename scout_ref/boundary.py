"""The public API's entrance: every function of :mod:`scout_ref` that takes an engine object
checks its arguments here, before the engine runs, with the checks of :mod:`scout_ref.util.args`.

The engine is the same source in both builds, but a function mypyc compiled checks its
arguments' types itself, as they enter, in its own words ("int object expected; got str"), and
converts a bool to the int it is (``observation(state, True)`` read seat 1). This module stays
pure Python in either build (``[tool.scout-ref.mypyc]`` compiles no top-level module but
``errors``), so a caller of :mod:`scout_ref` gets the same :class:`TypeError`, in the same
words, from either build; a right type with a wrong value is still refused inside, as the
command line refuses it (:class:`~scout_ref.MalformedInputError`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import TypeVar, cast

from scout_ref.analysis import determinization
from scout_ref.engine import game, information, reachability, scoring, setup, turn
from scout_ref.engine import notation as moves
from scout_ref.engine.information import History, Observation
from scout_ref.engine.state import State, require_state
from scout_ref.engine.variants import Rules
from scout_ref.formats import observation_json, position_line, state_json
from scout_ref.util.args import require_type

F = TypeVar("F", bound=Callable[..., object])
Check = tuple[int, str, Callable[[object], object]]
"""One argument's check: its position, its name (as a keyword) and the check."""


def entry(function: F, *checks: Check) -> F:
    """``function``, its arguments checked first (each given by position or by keyword); its
    name, documentation and signature are the function's own, and its module ``scout_ref``,
    where it is public (so pickle finds it there: a process pool can be handed it)."""

    @functools.wraps(function)
    def checked(*args: object, **kwargs: object) -> object:
        for position, name, check in checks:
            if position < len(args):
                check(args[position])
            elif name in kwargs:
                check(kwargs[name])
        return function(*args, **kwargs)

    checked.__module__ = "scout_ref"
    return cast(F, checked)


def _kind(kind: type | tuple[type, ...], what: str, example: str) -> Callable[[object], None]:
    return lambda value: require_type(value, kind, what, example)


def _game(value: object) -> None:
    if not isinstance(value, History):
        require_type(value, State, "the game", "a History or a State")


STATE: Check = (0, "state", require_state)
MOVE: Check = (1, "move", moves.check_notation)
_OBSERVATION = _kind(Observation, "the observation", "an Observation such as observation(s, 0)")
OBS: Check = (0, "obs", _OBSERVATION)
_SEED = _kind((int, str, type(None)), "the seed", "an int or a str, or None")
SEED: Check = (99, "seed", _SEED)  # keyword only
PLAYERS: Check = (0, "players", _kind(int, "the player count", "an int from 2 to 5"))
REACHABLE: Check = (99, "reachable", _kind(bool, "reachable", "True or False"))
TEXT = "a str such as {}"

apply_move = entry(turn.apply_move, STATE, MOVE)
check_move = entry(turn.check_move, STATE, MOVE)
is_legal = entry(turn.is_legal, STATE, MOVE)
legal_moves = entry(turn.legal_moves, STATE)
check_reachable = entry(reachability.check_reachable, STATE)
format_position = entry(position_line.format_position, STATE)
parse_position = entry(
    position_line.parse_position,
    (0, "text", _kind(str, "a position line", TEXT.format("'3p hands 3/1 | 2/1 | 4/1'"))),
)
parse_move = entry(moves.parse_move, (0, "text", _kind(str, "a move", TEXT.format("'keep'"))))
new_game = entry(
    setup.new_game,
    PLAYERS,
    (2, "rules", _kind((Rules, type(None)), "rules", "a Rules such as Rules(), or None")),
    SEED,
)
shuffled_deck = entry(setup.shuffled_deck, PLAYERS, (1, "seed", _SEED))
next_round = entry(game.next_round, STATE, SEED)
winners = entry(game.winners, STATE)
round_scores = entry(scoring.round_scores, STATE)
observation = entry(
    information.observation,
    (0, "game", _game),
    (1, "seat", _kind(int, "a seat", "an int such as Seat(0)")),
)
_RNG = (1, "rng", _kind(random.Random, "rng", "a random.Random such as random.Random(0)"))
sample_state = entry(determinization.sample_state, OBS, _RNG)
sample_history = entry(determinization.sample_history, OBS, _RNG)
observed_moves = entry(determinization.observed_moves, OBS)
observation_to_json = entry(observation_json.observation_to_json, OBS)
state_to_json = entry(state_json.state_to_json, STATE)
state_digest = entry(state_json.state_digest, STATE)
state_from_json = entry(state_json.state_from_json, REACHABLE)
validate_state = entry(state_json.validate_state, REACHABLE)
