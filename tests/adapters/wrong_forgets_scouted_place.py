"""Wrong engine: a scouted card is remembered at the slot it went into, never moved by later
scouts into the hand or shows from it; breaks SC-INFO-04."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scout_ref.engine import information
from scout_ref.engine.components import OrientedCard
from scout_ref.engine.information import Dealt, Entry, Event, Tracked
from scout_ref.engine.notation import Scout, ScoutShow
from tests.adapters._patch import replace, serve

BREAKS = ("SC-INFO-04",)
right = information.track


def track(sizes: Sequence[int], events: Iterable[Event]) -> Tracked:
    events = list(events)
    slots: dict[OrientedCard, int] = {}
    for event in events:
        scout = event.move.scout if isinstance(event.move, ScoutShow) else event.move
        if isinstance(scout, Scout) and event.scouted is not None:
            slots[event.scouted] = scout.slot
    tracked = right(sizes, events)
    hands = []
    for hand in tracked.hands:
        row: list[Entry] = [e for e in hand if isinstance(e, Dealt)]
        for card in (e for e in hand if isinstance(e, OrientedCard)):
            row.insert(min(slots[card], len(row)), card)
        hands.append(tuple(row))
    return Tracked(tuple(hands), tracked.revealed)


if __name__ == "__main__":
    replace(right, track)
    serve("wrong: forgets where a scouted card went")
