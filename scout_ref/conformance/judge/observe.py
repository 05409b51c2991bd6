"""``observe`` vectors (chapter INFO): the reference answer, and how an observation is judged.

An observation is compared whole; a mismatch is shown as the JSON pointers where the two
differ, so a leaked card reads as ``/public/hands/1/0: expected null, got "6/4"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from scout_ref.conformance.blame.cards import outside_box
from scout_ref.conformance.blame.diff import short
from scout_ref.conformance.model.outcomes import Outcome
from scout_ref.conformance.protocol.messages import SCP1_OBSERVATION
from scout_ref.engine.information import History
from scout_ref.engine.notation import parse_move
from scout_ref.errors import ScoutError
from scout_ref.formats.state_json import state_from_json

SHOWN_DIFFERENCES = 6


Departure = tuple[str, object, object]
"""A JSON pointer and the expected and given values there (``<missing>`` for an absent key)."""


def departures(expected: object, got: object, where: str = "") -> Iterator[Departure]:
    """Every JSON pointer where ``got`` departs from ``expected``, with both values."""
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in sorted(set(expected) | set(got), key=str):
            if key not in got or key not in expected:
                yield f"{where}/{key}", expected.get(key, "<missing>"), got.get(key, "<missing>")
            else:
                yield from departures(expected[key], got[key], f"{where}/{key}")
    elif isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got):
        for k, (a, b) in enumerate(zip(expected, got, strict=True)):
            yield from departures(a, b, f"{where}/{k}")
    elif expected != got:
        yield where, expected, got


def cards_in(value: object) -> set[tuple[int, int]]:
    """The card identities written anywhere in a JSON value (``"6/4"`` or ``"4-6"``)."""
    if isinstance(value, dict):
        return set().union(*map(cards_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(cards_in, value)) if value else set()
    if isinstance(value, str):
        match = _CARD.fullmatch(value)
        if match:
            a, b = int(match[1]), int(match[2])
            return {(min(a, b), max(a, b))}
    return set()


_CARD = re.compile(r"(10|[1-9])[/-](10|[1-9])", re.ASCII)


def revealed_rule(case: dict[str, Any], expected: object, got: object) -> str | None:
    """The INFO rule broken when ``got`` names a card the seat cannot know, wherever it is.

    The seat sees exactly the cards its expected observation names outside its lists of
    unseen cards and of cards placed by elimination; any other card in the answer was revealed.
    A card set aside with two players is hidden from everyone (SC-INFO-06); any other is in a
    hand only its holder sees (SC-INFO-01).
    """
    unknown = cards_in(by_sight(got)) - cards_in(by_sight(expected))
    if not unknown:
        return None
    try:
        start = state_from_json(case["state"])
        final = History.replay(start, [parse_move(m) for m in case["moves"]]).state
    except ScoutError:
        return "SC-INFO-01"
    aside = {(c.card.low, c.card.high) for c in final.set_aside}
    return "SC-INFO-06" if unknown <= aside else "SC-INFO-01"


def by_sight(value: object) -> object:
    """An observation without the cards it names as unseen or placed by elimination (SC-INFO-08),
    which the seat knows of but has not seen where they lie."""
    if isinstance(value, dict) and "unseen" in value:
        return {k: v for k, v in value.items() if k not in ("unseen", "deduced")}
    return value


def observation_rules(
    case: dict[str, Any], expected: object, got: object, skip: frozenset[str] = frozenset()
) -> frozenset[str]:
    """The INFO rules an observation that differs breaks: a difference that reveals a card the
    seat cannot know by what it reveals (:func:`revealed_rule`), any other by where it lies;
    differences in the public view's fields named in ``skip`` are left out. A card no box holds
    breaks SC-COMP-01 wherever it shows."""
    out = set()
    deciding = is_deciding(expected) and _same_seat(expected, got)
    for pointer, want, have in departures(expected, got):
        if skip and _played(pointer, want, skip):
            continue
        if outside_box(have if isinstance(have, list) else [have]):
            out.add("SC-COMP-01")  # a card no box holds (5/5, 11/12), wherever it shows
            continue
        text = f"{pointer or '/'}: expected {short(want)}, got"
        out.add(_rule(case, expected, have, text, deciding))
    return frozenset(out)


def rule_of(pointer: str, deciding: bool = False) -> str:
    """The INFO rule a difference at ``pointer`` (with its values) breaks, for the message;
    ``deciding``: the expected observation is in the rotation phase, where the round's events
    are rotation decisions, which a seat knows only once all are made (SC-ORIENT-01)."""
    parts = pointer.split(":", 1)[0].strip("/").split("/")
    if deciding and parts[:2] == ["history", "events"]:
        return "SC-ORIENT-01"
    if parts[0] == "hand" or parts[0] == "seat":
        return "SC-INFO-01"
    if parts[0] in ("unseen", "deduced"):
        return "SC-INFO-08"
    if parts[0] == "earlier":
        return "SC-INFO-05"
    if parts[0] == "history":
        return "SC-INFO-03" if parts[1:2] == ["events"] else "SC-INFO-05"
    if parts[1:2] == ["set_aside"]:
        return "SC-INFO-06"
    if parts[1:2] == ["captured"]:
        return "SC-INFO-05"
    if parts[1:2] == ["hands"] and len(parts) == 4:
        return (
            "SC-INFO-01" if pointer.split(": expected ", 1)[1].startswith("null") else "SC-INFO-04"
        )
    return "SC-INFO-02"


def _played(pointer: str, want: object, skip: frozenset[str]) -> bool:
    """Whether a difference lies where play, not the view, decides: a public field in
    ``skip``, a public card of a hand (``hands`` in ``skip``), the seat's own hand (``hand``
    in ``skip``: the same cards as its play left them), or a recorded event."""
    parts = pointer.split("/")[1:]
    if parts[:2] == ["history", "events"] or (parts[:1] == ["hand"] and "hand" in skip):
        return True
    if parts[:1] != ["public"] or len(parts) < 2 or parts[1] not in skip:
        return False
    return parts[1] != "hands" or want is not None


def observation_verdict(
    expected: object, got: object, case: dict[str, Any] | None = None
) -> tuple[Outcome, str]:
    """Passed when the observations are equal; else failed, with the first differences, each
    naming the rule it breaks (a hidden card shown is SC-INFO-01, wherever it appears).

    An observation made for another seat than the one asked (its ``seat`` differs) breaks the
    information rules only: the decisions it shows are that seat's own, so no difference in
    its events is read as a rotation decision shown too early (SC-ORIENT-01)."""
    deciding = is_deciding(expected) and _same_seat(expected, got)
    found = [
        f"{text} ({_rule(case, expected, have, text, deciding)})"
        for text, have in (
            (f"{p or '/'}: expected {short(w)}, got {short(h)}", h)
            for p, w, h in departures(expected, got)
        )
    ]
    if not found:
        return Outcome.PASSED, ""
    more = len(found) - SHOWN_DIFFERENCES
    lines = found[:SHOWN_DIFFERENCES] + ([f"(+{more} more)"] if more > 0 else [])
    return Outcome.FAILED, "the observation differs\n" + "\n".join(f"  {x}" for x in lines)


def is_deciding(observation: object) -> bool:
    """Whether an expected observation is in the rotation phase (its events are decisions)."""
    public = observation.get("public") if isinstance(observation, dict) else None
    return isinstance(public, dict) and public.get("phase") == "rotation"


def _same_seat(expected: object, got: object) -> bool:
    """Whether ``got`` is an observation of the seat ``expected`` is of (or names none)."""
    if not isinstance(expected, dict) or not isinstance(got, dict) or "seat" not in got:
        return True
    return bool(got["seat"] == expected.get("seat"))


def _rule(
    case: dict[str, Any] | None, expected: object, have: object, text: str, deciding: bool
) -> str:
    listed = text.strip("/").split("/", 1)[0].split(":", 1)[0] in ("unseen", "deduced")
    revealed = revealed_rule(case, expected, have) if case is not None and not listed else None
    return revealed or rule_of(text, deciding)


def scp1_gap(data: dict[str, Any], protocol: int) -> str | None:
    """Why an adapter that speaks ``protocol`` cannot be asked this observe case, or None: an
    SCP 1 request has no ``earlier`` rounds to carry."""
    if protocol != 1 or "earlier" not in data:
        return None
    return (
        "needs SCP 2: the history holds earlier rounds, which the observe request carries in "
        "earlier (SC-INFO-05) since SCP 2; the adapter's hello says protocol 1"
    )


def scp1_view(expected: Any, got: Any, rules: Sequence[str]) -> tuple[Any, str, bool]:
    """An SCP 1 observation is judged on the keys it has (:data:`SCP1_OBSERVATION` may be left
    out): the expected observation without the keys ``got`` leaves out, a note naming them,
    and whether the case cannot be judged without them: one citing SC-INFO-08 (in ``rules``),
    which ``unseen`` and ``deduced`` show, would credit that rule with a pass it did not earn."""
    missing = [k for k in SCP1_OBSERVATION if isinstance(got, dict) and k not in got]
    if not missing or not isinstance(expected, dict):
        return expected, "", False
    note = f"not compared: {', '.join(missing)}, which the SCP 1 reply leaves out"
    shown = [k for k in missing if k != "earlier"]
    needed = "SC-INFO-08" in rules and bool(shown)
    if needed:
        note = f"needs {' and '.join(shown)} (SCP 2), which the SCP 1 reply leaves out: the "
        note += "case cites SC-INFO-08, which they show"
    return {k: v for k, v in expected.items() if k not in missing}, note, needed
