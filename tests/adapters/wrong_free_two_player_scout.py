"""Wrong engine: two-player scouting costs no chip; breaks SC-VAR2-03."""

from __future__ import annotations

from scout_ref.engine import two_player
from tests.adapters._patch import replace, serve

BREAKS = ("SC-VAR2-03",)

if __name__ == "__main__":
    replace(two_player.pay_scout_chip, lambda chips, seat: chips)
    serve("wrong: free two-player scouting")
