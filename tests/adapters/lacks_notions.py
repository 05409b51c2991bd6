"""The reference posing as an engine with no winners, no exempt flag and no rotation phase.

It declares so in its hello's features, so nothing it lacks is invented (spec/INTERPRETING.md,
Capabilities): deals come back with every hand kept, scores without winners or exempt.
"""

from __future__ import annotations

from typing import Any

import scout_ref.conformance.oracle.answers as ref
from scout_ref.conformance.oracle.server import HELLO
from scout_ref.engine.notation import KEEP
from scout_ref.engine.state import Phase
from scout_ref.engine.turn import apply_move
from tests.adapters._patch import serve

FEATURES = ["two_player_rules", "rounds", "reasons", "probes"]
deal, score = ref.REQUESTS["deal"], ref.REQUESTS["score"]


def dealt(request: dict[str, Any]) -> dict[str, Any]:
    state = ref.load_state(deal(request)["state"])
    while state.phase is Phase.ROTATION:
        state = apply_move(state, KEEP)
    return {"state": ref.dump_state(state)}


def scored(request: dict[str, Any]) -> dict[str, Any]:
    out = score(request)
    out.pop("winners")
    rows = out["round_scores"]
    out["round_scores"] = [{k: v for k, v in r.items() if k != "exempt"} for r in rows]
    return out


if __name__ == "__main__":  # only when run: pytest imports this file for its doctests
    HELLO["capabilities"]["features"] = FEATURES
    ref.REQUESTS["deal"], ref.REQUESTS["score"] = dealt, scored
    serve("lacks notions")
