"""Wrong engine: a stuck two-player seat does not end the round; breaks SC-VAR2-05."""

from __future__ import annotations

from scout_ref.engine import two_player
from tests.adapters._patch import replace, serve

BREAKS = ("SC-VAR2-05",)

if __name__ == "__main__":
    replace(two_player.is_stuck, lambda state, seat: False)
    serve("wrong: no two-player round end")
