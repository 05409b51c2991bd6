"""Canonical JSON for observations (``spec/schema/observation.schema.json``): writing and loading.

The keys of the public view follow the state's (``spec/schema/state.schema.json``), except that
a hidden card is ``null`` and ``set_aside`` is a count.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, cast

import jsonschema
import referencing

from scout_ref._serialize import JSONObject, JSONValue, rules_from_json, rules_to_json
from scout_ref.components import Card, OrientedCard, oriented
from scout_ref.errors import MalformedInputError
from scout_ref.information import Event, Observation, PublicView, Recall, Seen
from scout_ref.notation import parse_move
from scout_ref.registry import spec_dir
from scout_ref.state import Phase, RoundEnd, Seat


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


def observation_to_json(obs: Observation) -> JSONObject:
    """The canonical JSON object of an observation."""
    events: list[JSONValue] = [event_to_json(e) for e in obs.history.events]
    return {
        "seat": obs.seat,
        "hand": [str(c) for c in obs.hand],
        "public": view_to_json(obs.public),
        "history": {
            "start": view_to_json(obs.history.start),
            "hand": [str(c) for c in obs.history.hand],
            "events": events,
        },
    }


@cache
def _validator() -> jsonschema.Draft202012Validator:
    schemas = [spec_dir() / "schema" / n for n in ("state.schema.json", "observation.schema.json")]
    docs = [json.loads(p.read_text("utf-8")) for p in schemas]
    registry: referencing.Registry[Any] = referencing.Registry().with_resources(
        (d["$id"], referencing.Resource.from_contents(d)) for d in docs
    )
    return jsonschema.Draft202012Validator(docs[1], registry=registry)


def observation_problems(data: object) -> list[tuple[str, str]]:
    """How ``data`` departs from the observation schema, as (JSON pointer, message)."""
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.path)))
    return [("".join(f"/{p}" for p in e.absolute_path), e.message) for e in errors]


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
        captured=tuple(
            tuple(Card(*(int(x) for x in t.split("-"))) for t in pile) for pile in data["captured"]
        ),
        scout_chips=tuple(data["scout_chips"]),
        scout_show_available=tuple(data["scout_show_available"]),
        scores=tuple(data["scores"]),
        round_end=None if data["round_end"] is None else RoundEnd(data["round_end"]),
        set_aside=data["set_aside"],
    )


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
        recall = checked["history"]
        return Observation(
            Seat(checked["seat"]),
            _row(checked["hand"]),
            _view(checked["public"]),
            Recall(
                _view(recall["start"]), _row(recall["hand"]), tuple(map(_event, recall["events"]))
            ),
        )
    except ValueError as exc:
        raise MalformedInputError("observation", [("", str(exc))]) from None
