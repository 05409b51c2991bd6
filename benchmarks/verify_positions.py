"""The positions ``scout-ref verify`` is timed from in ``make bench``: the same for every build.

The vectors' states change from commit to commit (issue 19 replaced hand-built positions by
positions reached by play), and a node's cost grows with the hand's size, so timing verify
from "the vectors' first positions" compared different work whenever the vectors changed.
These positions are instead reached by play: for 2 to 5 players, a seeded deal and then 4 or
12 uniformly random moves after the rotation decisions (stopping at the last position before
the round ends), each verified to depth 1 (the depth ``make verify`` uses). They are made by
the checkout that runs the benchmark and handed to every build as state JSON, so two builds
or two commits walk the same trees and must count the same nodes.
"""

from __future__ import annotations

import random

from scout_ref import apply_move, legal_moves, new_game
from scout_ref.engine.state import Phase, State
from scout_ref.formats.state_json import JSONObject, state_to_json

SEED = 22
DEPTH = 1


def played(players: int, turns: int) -> State:
    """A seeded ``players``-player deal after its rotation decisions and ``turns`` random moves
    (or the last position before the round ended)."""
    rng = random.Random(f"verify-bench-{players}-{turns}")
    state = new_game(players, seed=SEED)
    for _ in range(players + turns):
        after = apply_move(state, rng.choice(legal_moves(state)))
        if after.phase not in (Phase.ROTATION, Phase.PLAY):
            break
        state = after
    return state


def positions() -> list[State]:
    """The benchmark's starting positions, in order."""
    return [played(players, turns) for players in (2, 3, 4, 5) for turns in (4, 12)]


def positions_json() -> list[JSONObject]:
    """:func:`positions` as state JSON, for a build or a commit that reads them itself."""
    return [state_to_json(state) for state in positions()]
