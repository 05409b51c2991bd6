"""Wrong engine: a seat's recall shows the others' rotation decisions as soon as they are
recorded, before every player has decided; breaks SC-ORIENT-01.

An online table with this bug lets a player wait and see whether the others rotate.
"""

from __future__ import annotations

from dataclasses import replace as evolve

from scout_ref.engine import information
from scout_ref.engine.information import History, Recall
from scout_ref.engine.state import Seat
from tests.adapters._patch import replace, serve

BREAKS = ("SC-ORIENT-01",)
right = information.recall


def recall(history: History, seat: Seat) -> Recall:
    return evolve(right(history, seat), events=history.events)


if __name__ == "__main__":
    replace(right, recall)
    serve("wrong: shows rotation decisions early")
