"""Wrong engine: a player decides whether to rotate at their own first turn, and plays at once
after deciding, so play begins before the others have decided (SC-ORIENT-01) and, after the
last decision, with the last decider instead of the start player (SC-ORIENT-03)."""

from __future__ import annotations

from tests.adapters._replies import Message, serve_changed

BREAKS = ("SC-ORIENT-01", "SC-ORIENT-03")


def change(request: Message, reply: Message) -> None:
    state = reply.get("state")
    if request["type"] != "apply" or request["move"] not in ("keep", "flip"):
        return
    if isinstance(state, dict):
        state.update(phase="play", turn=request["state"]["turn"])


if __name__ == "__main__":
    serve_changed("wrong: decides at its first turn", change)
