"""Positions that the facing construction does not reach, reached by games given as data
(SC-REACH-01).

* :func:`by_hand`: the ported positions of :data:`GAMES`; each game names the first cards of
  every seat's deal (the rest follow, sorted: :func:`deal_by_seat`) and the moves after the
  rotation decisions;
* :func:`written_game`: the games of ``games.toml``, which a case table's row names (its
  ``game``), written the same way with every move.

The engine checks every move.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from scout_ref.conformance.cases._played import PLAYED, Played, replay_played
from scout_ref.engine.components import OrientedCard, oriented
from scout_ref.engine.notation import KEEP, parse_move
from scout_ref.engine.setup import cards_in_play, hand_size, new_game
from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_move, check_move
from scout_ref.engine.variants import Rules
from scout_ref.errors import ScoutError

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
        deal_by_seat(players, dealt),
        (*(KEEP,) * players, *(parse_move(m.strip()) for m in moves.split(";"))),
    )
    try:
        return replay_played(players, game, rules)
    except ScoutError:
        return None


GAMES_FILE = Path(__file__).resolve().parent / "games.toml"
"""Games written by hand: each a deal (each seat's cards, ``|`` between seats; the cards not
named follow, sorted) and its moves, ``;`` between them."""


def written_game(name: str, rules: Rules | None = None) -> State:
    """The position the game ``name`` of ``games.toml`` reaches, kept in
    :data:`~._played.PLAYED`; every move must be legal (ValueError otherwise)."""
    game = tomllib.loads(GAMES_FILE.read_text("utf-8"))[name]
    players = game["players"]
    deck = deal_by_seat(players, game["deck"])
    moves = tuple(parse_move(m.strip()) for m in game["moves"].split(";") if m.strip())
    state = new_game(players, deck, rules)
    for k, move in enumerate(moves):
        rejection = check_move(state, move)
        if rejection is not None:
            raise ValueError(f"games.toml: {name}: move {k} ({move}): {rejection}")
        state = apply_move(state, move)
    PLAYED[state] = Played(deck, moves)
    return state


def deal_by_seat(players: int, text: str) -> tuple[OrientedCard, ...]:
    """The deck that deals each seat the cards ``text`` names for it (``top/bottom``, seats
    separated by ``|``), each hand filled up with the cards not named, sorted, written
    ``low/high``; then the cards set aside (two players), likewise."""
    rows = [[oriented(*map(int, c.split("/"))) for c in row.split()] for row in text.split("|")]
    named = {c.card for row in rows for c in row}
    rest = [oriented(c.low, c.high) for c in sorted(set(cards_in_play(players)) - named)]
    deck: list[OrientedCard] = []
    for row in rows:
        room = hand_size(players) - len(row)
        deck += [*row, *rest[:room]]
        rest = rest[room:]
    return (*deck, *rest)
