"""Wrong engine: onto an empty table only a single card may be shown; breaks SC-SHOW-02.

The same holds after a Scout & Show took the last card, which breaks SC-SNS-02's last clause.
"""

from __future__ import annotations

from scout_ref.engine import show, turn
from scout_ref.engine.notation import Move, Show
from scout_ref.engine.state import Hand, State
from scout_ref.errors import Reason, Rejection
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SHOW-02", "SC-SNS-02")
right_check, right_legal = show.check_show_against, turn.legal_moves


def check_show_against(hand: Hand, active_set: Hand, move: Show) -> Rejection | None:
    rejection = right_check(hand, active_set, move)
    if rejection is None and not active_set and move.last > move.first:
        return Rejection(Reason.NOT_STRONGER, "an empty table takes single cards")
    return rejection


def legal_moves(state: State) -> list[Move]:
    return [m for m in right_legal(state) if turn.check_move(state, m) is None]


if __name__ == "__main__":
    replace(right_check, check_show_against)
    replace(right_legal, legal_moves)
    serve("wrong: single cards open")
