"""Wrong engine: the owner of an unbeaten set also loses points for the hand; SC-SCORE-04."""

from __future__ import annotations

from scout_ref.engine import scoring
from tests.adapters._patch import replace, serve

BREAKS = ("SC-SCORE-04",)

if __name__ == "__main__":
    replace(scoring.is_exempt, lambda state, seat: False)
    serve("wrong: no owner exemption")
