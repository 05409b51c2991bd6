"""Wrong engine: the owner exemption applies even when switched off; breaks SC-VAR-01."""

from __future__ import annotations

from scout_ref.engine import scoring
from scout_ref.engine.state import RoundEnd, Seat, State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-VAR-01",)


def is_exempt(state: State, seat: Seat) -> bool:
    return state.round_end is RoundEnd.UNBEATEN and state.owner == seat


if __name__ == "__main__":
    replace(scoring.is_exempt, is_exempt)
    serve("wrong: the exemption cannot be switched off")
