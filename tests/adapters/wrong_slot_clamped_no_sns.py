"""Wrong engine with two faults of opposite direction: a scout naming a slot past the far right
is accepted and puts the card at the far right (breaks SC-SCOUT-02 by accepting what it
forbids), and no Scout & Show can ever be made (breaks SC-SNS-01). The first explains no
failure of the second: accepting a forbidden slot says nothing of the allowed moves."""

from __future__ import annotations

import copy
import re

import scout_ref.conformance.oracle.server as reference
from tests.adapters._replies import Message, serve_changed

BREAKS = ("SC-SCOUT-02", "SC-SNS-01")
SLOT = re.compile(r"(scout [LR]~? @)(\d+)")
right = reference.answer


def change(request: Message, reply: Message) -> None:
    if request["type"] == "legal":
        reply["moves"] = [m for m in reply["moves"] if " + " not in m]
    if request["type"] != "apply":
        return
    move, state = request["move"], request["state"]
    if " + " in move:  # answered as if its Scout & Show chip were spent
        spent = copy.deepcopy(state)
        spent["scout_show_available"] = [False] * state["players"]
        reply.clear()
        reply.update(right(dict(request, state=spent)))
        return
    m = SLOT.fullmatch(move)
    size = len(state["hands"][state["turn"]]) if state.get("turn") is not None else 0
    if m and "rejection" in reply and int(m.group(2)) > size:
        clamped = right(dict(request, move=f"{m.group(1)}{size}"))
        reply.clear()
        reply.update(clamped)


if __name__ == "__main__":
    serve_changed("wrong: slot clamped, no Scout & Show", change)
