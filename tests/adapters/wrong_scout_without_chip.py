"""Wrong engine: a two-player seat without chips may still scout (for free); SC-VAR2-04."""

from __future__ import annotations

from scout_ref.engine import two_player
from tests.adapters._patch import replace, serve

BREAKS = ("SC-VAR2-04",)
right = two_player.pay_scout_chip


def pay_scout_chip(chips: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return chips if chips[seat] == 0 else right(chips, seat)  # type: ignore[arg-type]


if __name__ == "__main__":
    replace(two_player.check_scout_chip, lambda state: None)
    replace(right, pay_scout_chip)
    serve("wrong: scouting without a chip")
