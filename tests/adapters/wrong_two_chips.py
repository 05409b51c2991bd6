"""Wrong engine: two-player rounds start with 2 Scout chips each, not 3; breaks SC-VAR2-02."""

from __future__ import annotations

from scout_ref.engine import setup
from tests.adapters._patch import serve

BREAKS = ("SC-VAR2-02",)

if __name__ == "__main__":
    setup.TWO_PLAYER_CHIPS = 2
    serve("wrong: two chips each")
