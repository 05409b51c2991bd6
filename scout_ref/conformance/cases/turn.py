"""Cases for chapter TURN: moves fit the phase, no passing, and rejection precedence.

The cases from a position facing an active set are rows of ``tables/turn.toml`` (:mod:`._table`);
the two-player precedence cases take their positions from seeded games (:mod:`._games`).
"""

from __future__ import annotations

from collections.abc import Callable

from scout_ref.conformance.cases._case import Case, case, facing, play_start, played, rejected
from scout_ref.conformance.cases._games import seeded_state
from scout_ref.conformance.cases._table import facing_cases
from scout_ref.engine.setup import new_game, shuffled_deck
from scout_ref.engine.state import Phase, State
from scout_ref.errors import Reason


def round_over() -> State:
    """A 4-player first round just ended: seat 3 scouted the last of a chain."""
    return played(facing(4, "5/3 6/1", "4/9 7/1", seat=3, owner=0), "scout L @0")


def game_over() -> State:
    """A 3-player game just ended: in round 3 seat 1 showed its last card (the earlier rounds
    and so the totals are those of a seeded game, see :func:`~._games.face_later`)."""
    state = facing(3, "2/1", "5/4", seat=1, owner=0, round=3)
    return played(state, "show 0-0")


def reject_cases() -> list[Case]:
    """Moves out of their phase, and moves that break several rules at once."""
    return [
        *facing_cases("turn", "reject", "keep"),
        case(
            "reject-turn-show-in-rotation",
            "No show before every player has made the rotation decision.",
            ["SC-TURN-03", "SC-ORIENT-01"],
            state=new_game(4, shuffled_deck(4, 11)),
            move="show 0-0",
            claim=rejected(Reason.WRONG_PHASE),
        ),
        case(
            "reject-turn-move-after-round-over",
            "Nothing can be played once the round is over, until the next deal.",
            ["SC-TURN-03", "SC-GEN-03"],
            state=round_over(),
            move="show 0-0",
            claim=rejected(Reason.WRONG_PHASE),
        ),
        case(
            "reject-turn-move-after-game-over",
            "Nothing can be played once the game is over.",
            ["SC-TURN-03", "SC-GEN-03"],
            state=game_over(),
            move="scout L @0",
            claim=rejected(Reason.WRONG_PHASE),
        ),
        *facing_cases("turn", "reject", "precedence"),
        *two_player_precedence(),
    ]


def _in_play(wanted: Callable[[State], bool]) -> Callable[[State], bool]:
    """A play-phase position (a seat to act) that has ``wanted``."""

    def fits(state: State) -> bool:
        return state.phase is Phase.PLAY and state.turn is not None and wanted(state)

    return fits


def _chips(state: State) -> int:
    """The Scout chips of the seat to act."""
    return state.scout_chips[state.turn or 0]


def _bad_slot_and_range(state: State) -> bool:
    """A seat with a chip and at most six cards faces two cards or more: ``scout R @9 + show
    7-9`` is past its hand in both parts."""
    small = len(state.hands[state.turn or 0]) <= 6 and _chips(state) > 0
    return small and len(state.active_set) >= 2


def _no_chip(state: State) -> bool:
    """No chip and a hand of three or four cards (a hand the other player counts can hold
    too, for the ports of :mod:`.players`)."""
    return _chips(state) == 0 and len(state.hands[state.turn or 0]) in (3, 4)


def _no_chip_one_card(state: State) -> bool:
    return _no_chip(state) and len(state.active_set) == 1


def _no_chip_empty_table(state: State) -> bool:
    """The seat paid its last chip to scout the last card, and has its extra turn."""
    return _no_chip(state) and not state.active_set and state.owner is not None


PRECEDENCE_2P = (
    (
        "two-player-first",
        "A two-player Scout & Show with a bad slot and range reports scout_show_two_player.",
        ["SC-TURN-04", "SC-VAR2-02"],
        _bad_slot_and_range,
        "scout R @9 + show 7-9",
        Reason.SCOUT_SHOW_TWO_PLAYER,
    ),
    (
        "end-before-chip",
        "A two-player seat without chips scouts R from a one-card set: single_card_end, not"
        " no_scout_chip.",
        ["SC-TURN-04", "SC-NOTE-05", "SC-VAR2-04"],
        _no_chip_one_card,
        "scout R @1",
        Reason.SINGLE_CARD_END,
    ),
    (
        "empty-table-before-chip",
        "A two-player seat without chips scouts from an empty table: no_active_set, not"
        " no_scout_chip.",
        ["SC-TURN-04", "SC-SCOUT-01", "SC-VAR2-04"],
        _no_chip_empty_table,
        "scout L @0",
        Reason.NO_ACTIVE_SET,
    ),
)
"""(name, description, rules, position wanted, move, reason) of the two-player precedence
cases: each position is the first of seeded two-player games that fits (:mod:`._games`)."""


def two_player_precedence() -> list[Case]:
    """Two-player moves that break two rules of SC-TURN-04's order, in positions of games."""
    return [
        case(
            f"reject-turn-precedence-{name}",
            description,
            rules,
            state=seeded_state(2, f"turn-{name}", _in_play(wanted)),
            move=move,
            claim=rejected(reason),
        )
        for name, description, rules, wanted, move, reason in PRECEDENCE_2P
    ]


def legal_cases() -> list[Case]:
    """No moves once a round or the game is over; no pass at any time."""
    return [
        case(
            "legal-turn-none-after-round-over",
            "A round_over state has no legal move: the next step is a deal.",
            ["SC-TURN-03", "SC-GEN-03"],
            state=round_over(),
            claim={"moves": []},
        ),
        case(
            "legal-turn-none-after-game-over",
            "A game_over state has no legal move.",
            ["SC-TURN-03", "SC-GEN-03", "SC-GAME-01"],
            state=game_over(),
            claim={"moves": []},
        ),
        *(
            case(
                f"legal-turn-no-pass{'' if n == 3 else f'-{n}p'}",
                "Every move on the list is a show, a scout or a Scout & Show: there is no pass.",
                ["SC-TURN-02"],
                state=play_start(n, 5),
            )
            for n in (2, 3, 4, 5)
        ),
    ]
