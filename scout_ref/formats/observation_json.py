"""Canonical JSON for observations (``spec/schema/observation.schema.json``): writing and loading.

The keys of the public view follow the state's (``spec/schema/state.schema.json``), except that
a hidden card is ``null`` and ``set_aside`` is a count.
"""

from __future__ import annotations

from functools import cache
from typing import Any, cast

from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.information import Event, Observation, PublicView, Recall, Seen
from scout_ref.engine.notation import parse_move
from scout_ref.engine.state import Phase, RoundEnd, Seat
from scout_ref.errors import MalformedInputError
from scout_ref.formats import schema as _schema
from scout_ref.formats.state_json import JSONObject, JSONValue, rules_from_json, rules_to_json
from scout_ref.rulebook.registry import spec_dir
from scout_ref.util.jsonread import read_file, value_problems


def _seen(card: Seen) -> str | None:
    return None if card is None else str(card)


def view_to_json(view: PublicView) -> JSONObject:
    """The JSON object of a public view."""
    return {
        "players": view.players,
        "rules": rules_to_json(view.rules),
        "round": view.round,
        "start_player": view.start_player,
        "phase": view.phase.value,
        "turn": view.turn,
        "hands": [[_seen(c) for c in hand] for hand in view.hands],
        "active_set": [str(c) for c in view.active_set],
        "owner": view.owner,
        "captured": [[str(c) for c in pile] for pile in view.captured],
        "scout_chips": list(view.scout_chips),
        "scout_show_available": list(view.scout_show_available),
        "scores": list(view.scores),
        "round_end": None if view.round_end is None else view.round_end.value,
        "set_aside": view.set_aside,
    }


def event_to_json(event: Event) -> JSONObject:
    """The JSON object of a public event."""
    return {
        "seat": event.seat,
        "move": str(event.move),
        "scouted": _seen(event.scouted),
        "shown": [str(c) for c in event.shown],
    }


def recall_to_json(recall: Recall) -> JSONObject:
    """The JSON object of a seat's recall of one round."""
    events: list[JSONValue] = [event_to_json(e) for e in recall.events]
    return {
        "start": view_to_json(recall.start),
        "hand": [str(c) for c in recall.hand],
        "events": events,
    }


def observation_to_json(obs: Observation) -> JSONObject:
    """The canonical JSON object of an observation."""
    earlier: list[JSONValue] = [recall_to_json(r) for r in obs.earlier]
    deduced: list[JSONValue] = [[str(c) for c in cards] for cards in obs.deduced]
    return {
        "seat": obs.seat,
        "hand": [str(c) for c in obs.hand],
        "public": view_to_json(obs.public),
        "history": recall_to_json(obs.history),
        "earlier": earlier,
        "unseen": [str(c) for c in obs.unseen],
        "deduced": deduced,
    }


@cache
def _validator() -> _schema.Check:
    schemas = [spec_dir() / "schema" / n for n in ("state.schema.json", "observation.schema.json")]
    docs: list[Any] = [read_file(p) for p in schemas]
    return _schema.validator(docs[1], _schema.registry(docs))


def observation_problems(data: object) -> list[tuple[str, str]]:
    """How ``data`` departs from the observation schema, as (JSON pointer, message).

    Values no JSON document could hold (fractions, huge integers, deep nesting) come first,
    and patterns are read as ECMA-262 reads them (:mod:`scout_ref.formats.schema`).
    """
    return value_problems(data) or _schema.problems(_validator(), data)


def _card(text: str) -> OrientedCard:
    top, bottom = (int(x) for x in text.split("/"))
    return oriented(top, bottom)


def _row(texts: list[str]) -> tuple[OrientedCard, ...]:
    return tuple(_card(t) for t in texts)


def _view(data: dict[str, Any]) -> PublicView:
    return PublicView(
        players=data["players"],
        rules=rules_from_json(data["rules"]),
        round=data["round"],
        start_player=Seat(data["start_player"]),
        phase=Phase(data["phase"]),
        turn=None if data["turn"] is None else Seat(data["turn"]),
        hands=tuple(tuple(None if t is None else _card(t) for t in h) for h in data["hands"]),
        active_set=_row(data["active_set"]),
        owner=None if data["owner"] is None else Seat(data["owner"]),
        captured=tuple(tuple(map(_identity, pile)) for pile in data["captured"]),
        scout_chips=tuple(data["scout_chips"]),
        scout_show_available=tuple(data["scout_show_available"]),
        scores=tuple(data["scores"]),
        round_end=None if data["round_end"] is None else RoundEnd(data["round_end"]),
        set_aside=data["set_aside"],
    )


def _identity(text: str) -> Card:
    low, high = (int(x) for x in text.split("-"))
    return Card(low, high)


def _recall(data: dict[str, Any]) -> Recall:
    return Recall(_view(data["start"]), _row(data["hand"]), tuple(map(_event, data["events"])))


def _event(data: dict[str, Any]) -> Event:
    scouted = data["scouted"]
    card = None if scouted is None else _card(scouted)
    return Event(Seat(data["seat"]), parse_move(data["move"]), card, _row(data["shown"]))


def observation_from_json(data: object) -> Observation:
    """Load an observation from its JSON object (its consistency is not checked here:
    :func:`~scout_ref.sample_history` finds whether any deal gives it).

    Raises:
        MalformedInputError: listing every place where ``data`` departs from the schema.
    """
    problems = observation_problems(data)
    if problems:
        raise MalformedInputError("observation", problems)
    try:
        checked = cast(dict[str, Any], data)
        return Observation(
            Seat(checked["seat"]),
            _row(checked["hand"]),
            _view(checked["public"]),
            _recall(checked["history"]),
            tuple(map(_recall, checked["earlier"])),
            tuple(map(_identity, checked["unseen"])),
            tuple(tuple(map(_identity, cards)) for cards in checked["deduced"]),
        )
    except ValueError as exc:
        raise MalformedInputError("observation", [("", str(exc))]) from None
