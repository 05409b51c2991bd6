"""An engine whose score answers with two players mark the seat that emptied its hand
``exempt``: that seat has no card to lose, so every total agrees with the reference's. Not a
wrong engine of the zoo: the flag changes nothing the rules score (SC-SCORE-04 is not broken)."""

from __future__ import annotations

from tests.adapters._replies import Message, serve_changed


def change(request: Message, reply: Message) -> None:
    state = request.get("state")
    if request["type"] != "score" or not isinstance(state, dict) or state["players"] != 2:
        return
    for row, hand in zip(reply["round_scores"], state["hands"], strict=True):
        if not hand and "exempt" in row:
            row["exempt"] = True


if __name__ == "__main__":
    serve_changed("two-player emptied hands flagged exempt", change)
