"""Ported positions that the facing construction does not reach, reached by games written by
hand (SC-REACH-01).

Each game names the first cards of every seat's deal (the rest follow, sorted: see
:func:`~scout_ref.conformance.example_witness.deal`) and the moves after the rotation
decisions; :func:`by_hand` plays it with the engine, which checks every move.
"""

from __future__ import annotations

from scout_ref.components import OrientedCard
from scout_ref.conformance.cases._played import Played, replay_played
from scout_ref.conformance.example_witness import deal
from scout_ref.errors import ScoutError
from scout_ref.notation import KEEP, parse_move
from scout_ref.state import State
from scout_ref.variants import Rules

SIXTEEN = "1/2 1/3 1/4 1/5 1/6 1/7 1/8 2/3 2/4 2/5 2/6 2/7 2/8 3/4 3/5 3/6"

GAMES: dict[tuple[int, str, str], tuple[str, str]] = {
    # 3 players: seat 0 sheds 4/5, then scouts five cards of seat 2's singles (each turned to
    # its 2 side) and uses its Scout & Show on seat 2's 4/6: six chips for seat 2. Seat 1
    # answers each time, from an empty table or above seat 0's card, so the round goes on,
    # and seat 2 ends with the run 9-8.
    (3, SIXTEEN, "9/7 8/7"): (
        "4/5 1/2 1/3 1/4 1/5 1/6 1/7 1/8 2/3 3/4 3/5 3/6"
        " | 5/6 1/9 2/9 3/7 3/8 5/7 3/9"
        " | 6/2 4/2 5/2 7/2 4/6 8/2 9/7 8/7",
        "show 0-0; show 0-0; show 0-0; scout L~ @8; show 0-0; show 0-0; scout L~ @8;"
        " show 0-0; show 0-0; scout L~ @9; show 0-0; show 0-0; scout L~ @11; show 0-0;"
        " show 0-0; scout L @0 + show 0-0; show 0-0; show 0-0; scout L~ @12; show 0-0;"
        " show 0-1",
    ),
    # 2 players, no scout at all (so any scouting rule allows it): single cards climb from 1
    # to 8, then runs of two from 1-2 to 3-4, and seat 1 shows its run 5-6.
    (2, "4/9 2/7 8/4", "5/3 6/1"): (
        "1/10 3/10 5/10 7/10 1/9 2/9 3/8 4/7 4/9 2/7 8/4 | 2/10 4/10 6/10 8/10 2/8 3/9 5/3 6/1",
        "show 0-0; show 0-0; show 0-0; show 0-0; show 0-0; show 0-0; show 0-0; show 0-0;"
        " show 0-1; show 0-1; show 0-1; show 0-1",
    ),
    (2, "4/9 7/1 8/4 2/5", "5/3 6/1"): (
        "1/10 3/10 5/10 1/9 2/9 3/8 4/7 4/9 7/1 8/4 2/5 | 2/10 4/10 6/10 2/8 3/9 5/3 6/1",
        "show 0-0; show 0-0; show 0-0; show 0-0; show 0-0; show 0-0; show 0-1; show 0-1;"
        " show 0-1; show 0-1",
    ),
    # 2 players: the shows climb through singles, runs and a set of two to seat 0's run of
    # three; seat 1 pays its three chips to scout that run away and shows one of its cards,
    # seat 0 beats it, and seat 1 shows its run of five.
    (2, "2/9 8/9", "3/1 4/1 5/1 6/1 7/1"): (
        "1/2 1/8 2/4 3/5 4/6 5/6 6/7 7/8 6/8 2/9 8/9 | 2/3 2/5 3/4 4/5 4/7 3/1 4/1 5/1 6/1 7/1",
        "show 0-0; show 0-0; show 0-1; show 0-1; show 0-1; show 0-1; show 0-2; scout L @0;"
        " scout L @0; scout L @0; show 2-2; show 0-0; show 2-6",
    ),
}
"""(players, hand of the seat to act, active set) -> (each seat's first cards, moves)."""


def by_hand(
    players: int, hand: tuple[OrientedCard, ...], active_set: tuple[OrientedCard, ...], rules: Rules
) -> State | None:
    """The position a game written by hand reaches for this hand and active set, or None."""
    key = (players, " ".join(map(str, hand)), " ".join(map(str, active_set)))
    if key not in GAMES:
        return None
    dealt, moves = GAMES[key]
    game = Played(
        deal(players, dealt),
        (*(KEEP,) * players, *(parse_move(m.strip()) for m in moves.split(";"))),
    )
    try:
        return replay_played(players, game, rules)
    except ScoutError:
        return None
