"""Chapter TURN: what the player to act may do, checking a move, and applying it.

These three functions are the heart of the public API; the chapter modules hold the rules they
dispatch to.
"""

from __future__ import annotations

from typing import assert_never

from scout_ref.engine._movegen import scout_moves, scout_show_moves, show_moves
from scout_ref.engine.combinations import beating_spans
from scout_ref.engine.notation import (
    FLIP,
    KEEP,
    Flip,
    Keep,
    Move,
    Probe,
    Scout,
    ScoutInner,
    ScoutShow,
    Show,
    ShowCards,
    Written,
    check_notation,
    check_probe_notation,
    parse_written,
)
from scout_ref.engine.rotation import resolve_rotation
from scout_ref.engine.round_end import finish_turn
from scout_ref.engine.scout import check_scout, check_scout_inner, resolve_scout
from scout_ref.engine.scout_show import check_scout_show, resolve_scout_show
from scout_ref.engine.show import active_strength, check_show, check_show_cards, resolve_show, tops
from scout_ref.engine.state import Phase, State
from scout_ref.engine.two_player import check_scout_chip
from scout_ref.engine.variants import Scouting
from scout_ref.errors import IllegalMoveError, Reason, Rejection
from scout_ref.rulebook.registry import implements
from scout_ref.util.args import require_type


@implements("SC-TURN-03", "SC-GEN-03")
def check_phase(state: State, move: Move) -> Rejection | None:
    """Rotation moves belong to the rotation phase, the others to the play phase."""
    wanted = Phase.ROTATION if isinstance(move, Keep | Flip) else Phase.PLAY
    if state.phase is not wanted:
        return Rejection(
            Reason.WRONG_PHASE, f"{move} is a {wanted.value} move; the phase is {state.phase.value}"
        )
    return None


@implements("SC-TURN-02", "SC-TURN-04")
def check_move(state: State, move: Move) -> Rejection | None:
    """Why ``move`` is illegal in ``state``, or None if it is legal.

    When a move breaks several rules, the first in the order of SC-TURN-04 is reported.

    >>> from scout_ref import new_game, parse_move
    >>> check_move(new_game(3, seed=0), parse_move('show 0-0')).reason
    <Reason.WRONG_PHASE: 'wrong_phase'>

    Raises:
        TypeError: if ``state`` is not a :class:`State` or ``move`` not a move.
        MalformedInputError: if ``move`` is not one the notation can write (a negative
        slot, a reversed range), as :func:`~scout_ref.parse_move` would say.
    """
    require_type(state, State, "the state", "a State such as new_game(3, seed=1)")
    check_notation(move)
    if (rejection := check_phase(state, move)) is not None:
        return rejection
    match move:
        case Keep() | Flip():
            return None
        case Show():
            return check_show(state, move)
        case Scout():
            return check_scout(state, move)
        case ScoutShow():
            return check_scout_show(state, move)
        case _:
            assert_never(move)


@implements("SC-TURN-04", "SC-NOTE-07")
def check_probe(state: State, probe: Probe) -> Rejection:
    """Why a probe (a move canonical notation cannot name) is illegal: the phase first, then
    the scout's or the show's own checks in the order of SC-TURN-04.

    >>> from scout_ref import new_game
    >>> from scout_ref.engine.notation import parse_probe
    >>> check_probe(new_game(3, seed=0), parse_probe('show 2,0')).reason
    <Reason.WRONG_PHASE: 'wrong_phase'>

    Raises:
        TypeError: if ``state`` is not a :class:`State` or ``probe`` not a probe.
        MalformedInputError: if ``probe`` is not one its notation can write
        (:func:`~scout_ref.engine.notation.check_probe_notation`), or ``scout #i`` names no
        card inside this active set: the right end (written ``R``) or a card beyond it.
    """
    require_type(state, State, "the state", "a State such as new_game(3, seed=1)")
    check_probe_notation(probe)
    if state.phase is not Phase.PLAY:
        return Rejection(
            Reason.WRONG_PHASE, f"{probe} is a play move; the phase is {state.phase.value}"
        )
    match probe:
        case ScoutInner():
            return check_scout_inner(state, probe)
        case ShowCards():
            return check_show_cards(state, probe)
        case _:
            assert_never(probe)


def check_written(state: State, text: str) -> Rejection | None:
    """Why the move written ``text`` is illegal, or None if it is legal: a move in canonical
    notation, or a probe of SC-NOTE-07 (always illegal).

    Raises:
        MalformedInputError: if ``text`` is neither, or a probe this state gives no card to.

    >>> from scout_ref import new_game
    >>> check_written(new_game(3, seed=0), 'keep') is None
    True
    """
    return check_any(state, parse_written(text))


def check_any(state: State, move: Written) -> Rejection | None:
    """:func:`check_move` for a move, :func:`check_probe` for a probe."""
    if isinstance(move, ScoutInner | ShowCards):
        return check_probe(state, move)
    return check_move(state, move)


def is_legal(state: State, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    return check_move(state, move) is None


def apply_move(state: State, move: Move) -> State:
    """The state after the player to act makes ``move``; ``state`` itself is unchanged.

    Raises:
        IllegalMoveError: if the move is illegal; it carries the :class:`Rejection`.
        TypeError, MalformedInputError: as :func:`check_move`.

    >>> from scout_ref import new_game, parse_move
    >>> s = apply_move(new_game(3, seed=0), parse_move('flip'))
    >>> s.turn
    1
    """
    rejection = check_move(state, move)
    if rejection is not None:
        raise IllegalMoveError(str(move), rejection, state)
    return apply_listed(state, move)


def apply_listed(state: State, move: Move) -> State:
    """:func:`apply_move` for a move taken from ``legal_moves(state)``, without checking it again.

    The state returned is the one :func:`apply_move` returns; only the checks are skipped, so
    the move must be one the list holds (random playouts and searches pick from it). A move
    from anywhere else goes through :func:`apply_move`, which rejects an illegal one.

    >>> from scout_ref import new_game
    >>> state = new_game(3, seed=0)
    >>> apply_listed(state, legal_moves(state)[1]) == apply_move(state, FLIP)
    True
    """
    seat = state.turn
    assert seat is not None, "a phase with moves always has a player to act"
    match move:
        case Keep():
            return resolve_rotation(state, seat, flip=False)
        case Flip():
            return resolve_rotation(state, seat, flip=True)
        case Show():
            after = resolve_show(state, seat, state.hand, state.active_set, move)
            return finish_turn(after, seat, showed=True)
        case Scout():
            return finish_turn(resolve_scout(state, seat, move), seat, showed=False)
        case ScoutShow():
            return finish_turn(resolve_scout_show(state, seat, move), seat, showed=True)
        case _:
            assert_never(move)


def _scouts(state: State, *, can_show: bool) -> tuple[Scout, ...]:
    """Every scout the player to act may make; ``can_show`` says whether a show was listed."""
    if not state.active_set or check_scout_chip(state) is not None:
        return ()
    if state.rules.scouting is Scouting.FORCED and can_show:
        return ()
    return scout_moves(1 if len(state.active_set) == 1 else 2, len(state.hand))


def _can_scout_show(state: State) -> bool:
    return (
        not state.is_two_player
        and state.turn is not None
        and state.scout_show_available[state.turn]
    )


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the player to act, in canonical order (SC-NOTE-06).

    >>> from scout_ref import new_game
    >>> [str(m) for m in legal_moves(new_game(3, seed=0))]
    ['keep', 'flip']

    Raises:
        TypeError: if ``state`` is not a :class:`State`.
    """
    require_type(state, State, "the state", "a State such as new_game(3, seed=1)")
    if state.phase is Phase.ROTATION:
        return [KEEP, FLIP]
    if state.phase is not Phase.PLAY:
        return []
    numbers = tops(state.hand)
    lows, highs = beating_spans(numbers, active_strength(state.active_set))
    moves: list[Move] = []
    moves += show_moves(numbers, lows, highs)
    scouts = _scouts(state, can_show=bool(moves))
    moves.extend(scouts)
    if scouts and _can_scout_show(state):
        moves.extend(scout_show_moves(numbers, state.active_set))
    return moves


implements("SC-NOTE-06", "SC-TURN-02")(legal_moves)
