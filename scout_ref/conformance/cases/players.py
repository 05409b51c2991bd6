"""Every focused play-phase case again at the other player counts its focus rule applies to.

A rule is isolated only where it is tested: an engine for two players alone is never sent a
four-player case. Each focused ``legal``, ``apply`` and ``reject`` case of the other topics is
rebuilt here for every other player count its focus applies to: the same hand faces the same
active set, its owner sits as many seats away on the nearer side, the Scout & Show chip of the
seat to act is kept, the last round stays the last (:func:`ported_round`), and the other seats
hold two cards each. With two players each seat holds its 3 Scout chips and there is no
Scout & Show. A port is dropped when it cannot keep the point of the case (a card that is not in
play, a legal move that becomes illegal or a rejection whose reason changes).

A port must be a position that play reaches (chapter REACH): the chips and captured piles are
placed as play allows (or, where it can be, the port is reached by playing a game, which
then decides the other seats' hands and the chips, or by a game written by hand in
:mod:`~._by_hand`), and a port that still breaks a condition of chapter REACH is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scout_ref.conformance.cases import (
    combinations,
    notation,
    round_end,
    scout,
    scout_show,
    show,
    turn,
    two_player,
    variants,
)
from scout_ref.conformance.cases._by_hand import by_hand
from scout_ref.conformance.cases._case import Case, case, facing, facing_played
from scout_ref.engine.notation import parse_move
from scout_ref.engine.reachability import check_reachable
from scout_ref.engine.state import Phase, State, total_rounds
from scout_ref.engine.turn import apply_move, check_move, check_written
from scout_ref.errors import ScoutError
from scout_ref.formats.state_json import state_from_json
from scout_ref.rulebook.registry import rules

SOURCES: dict[str, tuple[Callable[[], list[Case]], ...]] = {
    "legal": (
        combinations.legal_cases,
        show.legal_cases,
        scout.legal_cases,
        notation.legal_cases,
        turn.legal_cases,
        round_end.legal_cases,
        two_player.legal_cases,
        variants.legal_cases,
    ),
    "apply": (
        combinations.apply_cases,
        show.apply_cases,
        scout.apply_cases,
        notation.apply_cases,
        scout_show.apply_cases,
        round_end.apply_cases,
        two_player.apply_cases,
        variants.apply_cases,
    ),
    "reject": (
        combinations.reject_cases,
        show.reject_cases,
        scout.reject_cases,
        notation.reject_cases,
        scout_show.reject_cases,
        turn.reject_cases,
        two_player.reject_cases,
        variants.reject_cases,
    ),
}
"""The focused cases that are ported, by kind."""


def applies(rule_id: str) -> tuple[int, ...]:
    """The player counts ``rule_id`` applies to (its ``players`` in the registry)."""
    return rules()[rule_id].players


def port(state: State, players: int) -> State | None:
    """The position of ``state`` at ``players`` players, or None if it cannot be rebuilt."""
    seat, owner = state.turn, state.owner
    if seat is None or state.phase is not Phase.PLAY:
        return None
    if owner is None:
        return None  # a round's first show: the state comes from a deal, not from a position
    new_owner = _owner_seat((owner - seat) % state.players, (seat - owner) % state.players, players)
    if new_owner is None:
        return None
    two = players == 2
    chips = [3] * players if two else [0] * players
    if not two:
        chips[new_owner] = state.scout_chips[owner]
    available = [not two] * players
    if not two:
        available[0] = state.scout_show_available[seat]
    kept: dict[str, Any] = {
        "scout_show_available": available,
        "round": ported_round(state, players),
    }
    played = _rebuilt(state, players, new_owner, played=True, **kept)
    if played is not None and not check_reachable(played):
        return played
    written = by_hand(players, state.hand, state.active_set, state.rules)
    wanted = (new_owner, kept["round"], tuple(available))
    if written is not None and (written.owner, written.round, written.scout_show_available) == (
        wanted
    ):
        return written  # a game written by hand where the construction fails
    rebuilt = [
        _rebuilt(state, players, new_owner, scout_chips=chips, **kept),
        _rebuilt(state, players, new_owner, **kept),
    ]
    return next((s for s in rebuilt if s is not None and not check_reachable(s)), None)


def ported_round(state: State, players: int) -> int:
    """The round of a port: the last round stays the last (a round end there ends the game),
    an earlier one stays earlier than the last (SC-GAME-01)."""
    last = total_rounds(players)
    return last if state.round == state.rounds else max(1, min(state.round, last - 1))


def _rebuilt(
    state: State, players: int, owner: int, *, played: bool = False, **fields: Any
) -> State | None:
    """The hand and active set of ``state`` with seat 0 to act and ``owner`` owning the set
    (``played``: only as a game reaches it, see :func:`~._case.facing_played`)."""
    try:
        return (facing_played if played else facing)(
            players,
            " ".join(map(str, state.active_set)),
            " ".join(map(str, state.hand)),
            seat=0,
            owner=owner,
            rules=state.rules,
            **fields,
        )
    except ScoutError:
        return None


def _owner_seat(ahead: int, behind: int, players: int) -> int | None:
    """Where the owner sits when the seat to act is seat 0: as near, on the same side."""
    if ahead <= behind:
        return ahead if ahead < players else None
    return (players - behind) % players if behind < players else None


def _keeps_its_point(kind: str, original: Case, state: State) -> bool:
    """A ported ``apply`` stays legal and leads to a reachable position; a ported ``reject``
    keeps its reason."""
    if kind == "legal":
        return True
    before = state_from_json(original["state"])
    if kind == "apply":
        move = parse_move(original["move"])
        # The position the move leads to must arise in play too (chapter REACH).
        return check_move(state, move) is None and not check_reachable(apply_move(state, move))
    old, new = check_written(before, original["move"]), check_written(state, original["move"])
    return new is not None and old is not None and new.reason is old.reason


def cases(kind: str) -> list[Case]:
    """The ported cases of ``kind``."""
    out = []
    for source in SOURCES[kind]:
        for original in source():
            focus = original.get("focus")
            if focus is None:
                continue
            out += _ports(kind, original, focus)
    return out


def _ports(kind: str, original: Case, focus: str) -> list[Case]:
    state = state_from_json(original["state"])
    out = []
    for players in applies(focus):
        if players == state.players:
            continue
        ported = port(state, players)
        if ported is None or not _keeps_its_point(kind, original, ported):
            continue
        cited = [r for r in original["rules"] if players in applies(r)]
        inputs = {"move": original["move"]} if "move" in original else {}
        out.append(
            case(
                f"{kind}-players-{original['id'].removeprefix(kind + '-')}-{players}p",
                f"{original['description']} (again with {players} players)",
                [focus, *(r for r in cited if r != focus)],
                state=ported,
                **inputs,
            )
        )
    return out


def legal_cases() -> list[Case]:
    """Focused legal-move cases at the other player counts."""
    return cases("legal")


def apply_cases() -> list[Case]:
    """Focused apply cases at the other player counts."""
    return cases("apply")


def reject_cases() -> list[Case]:
    """Focused reject cases at the other player counts."""
    return cases("reject")
