"""An adapter whose own random deals (``deal_random``) give the first seat's second card twice,
in place of its first: every such deal breaks SC-COMP-01. Its other answers are the
reference's. For the tests of what a random-deal failure prints (not a zoo engine: the zoo runs
no random deals)."""

from __future__ import annotations

from tests.adapters._replies import Message, serve_changed


def change(request: Message, reply: Message) -> None:
    if request["type"] == "deal_random":
        hand = reply["state"]["hands"][0]
        hand[0] = hand[1]


if __name__ == "__main__":
    serve_changed("deals-a-card-twice", change)
