"""Wrong engine: its box holds a double 5/5 in place of the 4/6 card, so every deal that
holds 4/6 deals 5/5 instead (a deck given or its own deal_random alike); breaks SC-COMP-01 (no
card shows one number twice)."""

from __future__ import annotations

from tests.adapters._replies import Message, serve_changed

BREAKS = ("SC-COMP-01",)


def change(request: Message, reply: Message) -> None:
    state = reply.get("state")
    if request["type"] not in ("deal", "deal_random") or not isinstance(state, dict):
        return
    state["hands"] = [[_double(c) for c in hand] for hand in state["hands"]]
    state["set_aside"] = [_double(c) for c in state["set_aside"]]


def _double(card: str) -> str:
    return "5/5" if card in ("4/6", "6/4") else card


if __name__ == "__main__":
    serve_changed("wrong: a double in the box", change)
