"""An engine that answers ``errored`` to every two-player round-2 deal, of a deck given or its own
(``deal_random``): it cannot set up round 2 from the set-aside cards, SC-VAR2-01. Not of the
zoo: an error convicts no rule."""

from __future__ import annotations

import scout_ref.conformance.oracle.server as reference
from tests.adapters._patch import serve
from tests.adapters._replies import Message

right = reference.answer


def answer(request: Message) -> Message:
    given = request.get("input")
    state = given.get("state") if isinstance(given, dict) else None
    dealing = request.get("type") in ("deal", "deal_random")
    if dealing and isinstance(state, dict) and state.get("players") == 2:
        return {"id": request["id"], "type": "errored", "message": "no second round"}
    return right(request)


if __name__ == "__main__":
    reference.answer = answer
    serve("errs on two-player round 2")
