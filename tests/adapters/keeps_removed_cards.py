"""An adapter whose hello lists ``removes_cards`` (as the reference's does) but whose engine
removes nothing: dealt the whole box, it deals the cards the player count leaves out too (into
the first hand). Its other answers are the reference's. The claim contradicts what it does:
the adapter's fault, not SC-SETUP-01's (not a zoo engine)."""

from __future__ import annotations

from scout_ref.engine.components import full_deck
from scout_ref.engine.setup import cards_in_play
from tests.adapters._replies import Message, serve_changed


def change(request: Message, reply: Message) -> None:
    given = request.get("input") or {}
    if request["type"] == "deal" and "box" in given:
        kept = sorted(set(full_deck()) - cards_in_play(given["players"]))
        reply["state"]["hands"][0] += [f"{c.high}/{c.low}" for c in kept]


if __name__ == "__main__":
    serve_changed("keeps-removed-cards", change)
