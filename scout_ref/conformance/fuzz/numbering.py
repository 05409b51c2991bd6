"""The fuzz games of a campaign by number and case ID: game ``k`` of seed ``S`` plays the
``k``-th of the player counts the adapter claims, in turn, and is the case ``fuzz-<n>p-S-k``;
``--case`` selects games by that ID as it selects vector cases.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence

ALL_PLAYERS = (2, 3, 4, 5)


def fuzz_players(counts: Sequence[int], seed: int, k: int) -> tuple[int, str]:
    """The player count and seed text of game ``k`` of a campaign seeded ``seed``."""
    return counts[k % len(counts)], f"{seed}:{k}"


def fuzz_id(players: int, seed: str) -> str:
    """The case ID of the fuzz game of ``players`` seeded ``seed`` (``S:k``): ``fuzz-4p-S-k``.

    >>> fuzz_id(4, "3:2")
    'fuzz-4p-3-2'
    """
    return f"fuzz-{players}p-{seed.replace(':', '-')}"


def chosen_games(counts: Sequence[int], games: int, seed: int, ids: Sequence[str]) -> list[int]:
    """The numbers of the games of ``games`` whose case IDs match a glob of ``ids`` (every game
    when ``ids`` is empty), as ``--case`` selects them.

    >>> chosen_games((2, 3, 4, 5), 8, 3, ["fuzz-4p-*"])
    [2, 6]
    """
    if not ids:
        return list(range(games))
    return [
        k
        for k in range(games)
        if any(fnmatch.fnmatchcase(fuzz_id(*fuzz_players(counts, seed, k)), p) for p in ids)
    ]
