"""Wrong engine: every game ends after three rounds, whatever the player count; SC-GAME-01."""

from __future__ import annotations

from scout_ref.engine import state as state_module
from tests.adapters._patch import serve

BREAKS = ("SC-GAME-01",)

if __name__ == "__main__":
    state_module.total_rounds = lambda players: 3  # what State.rounds reads; loading still checks
    serve("wrong: three rounds")
