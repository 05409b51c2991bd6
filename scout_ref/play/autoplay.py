"""Whole games played by the bots of ``scout-ref play``, recorded as a simulation records them.

``scout-ref simulate --seats greedy,random,random`` plays these: each bot decides from its own
seat's observation (chapter INFO), exactly as at the table, and the game is kept as a
:class:`~scout_ref.analysis.simulation.GameRecord` so the same summary, log and record apply.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scout_ref.ai.ismcts import Budget
from scout_ref.analysis.simulation import GameRecord, RoundRecord
from scout_ref.engine.game import next_round, winners
from scout_ref.engine.information import History, observation
from scout_ref.engine.notation import Move
from scout_ref.engine.setup import new_game, shuffled_deck
from scout_ref.engine.state import Phase, State
from scout_ref.engine.variants import Rules
from scout_ref.play.bots import Bot
from scout_ref.play.table import make_bot


def bot_round(
    state: State, bots: Sequence[Bot], max_moves: int | None = None
) -> tuple[State, tuple[Move, ...]]:
    """Play ``state`` to the end of its round (or ``max_moves`` moves), each seat's bot
    choosing from that seat's observation."""
    history = History.begin(state)
    moves: list[Move] = []
    while history.state.phase in (Phase.ROTATION, Phase.PLAY) and len(moves) != max_moves:
        seat = history.state.turn
        assert seat is not None, "the rotation and play phases have a seat to act"
        move = bots[seat].choose(observation(history, seat))
        history = history.then(move)
        moves.append(move)
    return history.state, tuple(moves)


def bot_game(
    kinds: Sequence[str],
    seed: int,
    rules: Rules | None = None,
    *,
    max_moves: int | None = None,
    budget: Budget | None = None,
) -> GameRecord:
    """A whole game of the bots named by ``kinds`` (``random``, ``greedy`` or ``ismcts``, one
    per seat, ``ismcts`` thinking for ``budget``); the same seed gives the same game, dealt as
    ``scout-ref play`` deals it (with a time budget the ISMCTS moves may differ).

    >>> g = bot_game(["greedy", "random", "random"], seed=5)
    >>> g.final.phase.value, len(g.rounds)
    ('game_over', 3)
    """
    players = len(kinds)
    bots: list[Bot] = []
    for seat, kind in enumerate(kinds):
        bot = make_bot(kind, seed, seat, budget)
        if bot is None:
            raise ValueError(f"seat {seat} is {kind!r}, not a bot")
        bots.append(bot)
    rng = random.Random(seed)
    state = new_game(players, shuffled_deck(players, rng.getrandbits(64)), rules)
    records = []
    while True:
        end, moves = bot_round(state, bots, max_moves)
        records.append(RoundRecord(state, moves, end))
        if end.phase is not Phase.ROUND_OVER:
            return GameRecord(players, state.rules, tuple(records))
        deck = None if players == 2 else shuffled_deck(players, rng.getrandbits(64))
        state = next_round(end, deck)


Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate of ``wins`` in ``games`` (95 % by default).

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if games < 1:
        raise ValueError("a win rate needs at least one game")
    p, n = wins / games, games
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return max(0.0, centre - half), min(1.0, centre + half)


def win_shares(record: GameRecord, kinds: Sequence[str]) -> dict[str, float]:
    """How much of the game's win each kind of bot took: 1 for a sole winner, 1/k to each of
    k seats that share it (SC-GAME-04); nothing for a truncated game, which has no winner.

    >>> win_shares(bot_game(["greedy", "greedy"], seed=2), ["greedy", "greedy"])
    {'greedy': 1.0}
    """
    shares = dict.fromkeys(kinds, 0.0)
    if record.truncated:
        return shares
    best = winners(record.final)
    for seat in best:
        shares[kinds[seat]] += 1 / len(best)
    return shares
