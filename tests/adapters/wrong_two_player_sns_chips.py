"""Wrong engine: with two players a show or a scout hands every player a Scout & Show chip
(``scout_show_available`` all true); breaks SC-VAR2-02 (the two-player game has none)."""

from __future__ import annotations

from tests.adapters._replies import Message, serve_changed

BREAKS = ("SC-VAR2-02",)


def change(request: Message, reply: Message) -> None:
    state = reply.get("state")
    move = request.get("move")
    if request["type"] != "apply" or not isinstance(state, dict) or state["players"] != 2:
        return
    if isinstance(move, str) and move.startswith(("show", "scout")):
        state["scout_show_available"] = [True, True]


if __name__ == "__main__":
    serve_changed("wrong: two-player Scout & Show chips", change)
