"""Cases as data: tables of rows (``tables/<topic>.toml``), read by one builder.

Most focused cases share one shape: a seat holds a hand and faces an active set (a position
:func:`~._case.facing` reaches by play), plays a move or lists its moves, and the move is
rejected for a reason or changes the state as claimed. A topic writes those cases as rows of
its table, one TOML table per case under the case's ID::

    [reject-combinations-no-wrap]
    description = "Tops 10 then 1 are not consecutive: runs do not wrap around."
    rules = ["SC-SET-03", "SC-SET-01"]
    position = {players = 5, active_set = "3/4", hand = "9/2 10/2 1/3"}
    move = "show 1-2"
    reason = "not_a_combination"

``position`` holds :func:`~._case.facing`'s arguments (``players``, ``active_set``, ``hand``
and any of its keywords, with ``variant`` for the rule switches that differ from the official
rules, as a state's ``rules`` object writes them); ``game`` names a game of ``games.toml``
(a deal and moves written by hand, :func:`~._by_hand.written_game`) that reaches the
position, for one that :func:`~._case.facing`'s construction does not reach, such as a
two-player seat that has paid for its scouts; ``played`` lists moves played from there
before the case (a score case's state is where they end); ``move`` is absent for a legal-move
list and a score; ``reason`` (a rejection, reported under its rule) or ``claim`` (what an
accepted move or a move list must show) is the outcome meant, checked when the vectors are
generated; ``focus`` overrides the first rule. The ID's first word is the kind. The coverage
report (``scout-ref vectors coverage --json``) names the cases, so the rows, that fill each
bin.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from scout_ref.conformance.cases._by_hand import written_game
from scout_ref.conformance.cases._case import Case, case, facing, played, rejected
from scout_ref.engine.state import State
from scout_ref.engine.variants import Rules
from scout_ref.errors import Reason
from scout_ref.formats.state_json import rules_from_json, rules_to_json

TABLES = Path(__file__).resolve().parent / "tables"
"""The tables, one per topic."""

KEYS = frozenset(
    {"description", "rules", "focus", "position", "game", "played", "move", "reason", "claim"}
)
"""What a row may hold."""

KINDS = ("legal", "apply", "reject", "score")
"""The kinds of case a row can be: the first word of its ID."""


@cache
def _table(topic: str) -> dict[str, dict[str, Any]]:
    path = TABLES / f"{topic}.toml"
    rows = tomllib.loads(path.read_text("utf-8"))
    named = tuple(f"{kind}-{topic.replace('_', '-')}-" for kind in KINDS)
    for id, row in rows.items():
        unknown = sorted(set(row) - KEYS)
        missing = sorted({"description", "rules", "position"} - set(row))
        if unknown or missing or ("reason" in row and "claim" in row) or not id.startswith(named):
            raise ValueError(
                f"{path.name}: row {id}: unknown keys {unknown}, missing {missing}, both a"
                f" reason and a claim, or an ID that does not begin with one of {named}"
            )
    return rows


def _case(id: str, row: dict[str, Any]) -> Case:
    position = dict(row["position"])
    players, active_set, hand = (position.pop(k) for k in ("players", "active_set", "hand"))
    if "variant" in position:
        switches = rules_to_json(Rules()) | position.pop("variant")
        position["rules"] = rules_from_json(switches, f"{id}/position/variant")
    if "game" in row:
        start = written_game(row["game"], position.get("rules"))
        _check_reached(id, start, players, active_set, hand, position)
    else:
        start = facing(players, active_set, hand, **position)
    state = played(start, *row.get("played", ()))
    inputs: dict[str, Any] = {"state": state}
    if "move" in row:
        inputs["move"] = row["move"]
    claim = rejected(Reason(row["reason"])) if "reason" in row else row.get("claim")
    return case(id, row["description"], row["rules"], focus=row.get("focus"), claim=claim, **inputs)


def _check_reached(  # noqa: PLR0917 - a row's position, field by field
    id: str, state: State, players: int, active_set: str, hand: str, position: dict[str, Any]
) -> None:
    """Refuse a row whose game does not end at the position the row names."""
    seat, owner = position.get("seat", 1), position.get("owner", 0)
    named = {
        "players": (players, state.players),
        "turn": (seat, state.turn),
        "owner": (owner, state.owner),
        "active_set": (active_set.split(), [str(c) for c in state.active_set]),
        "hand": (hand.split(), [str(c) for c in state.hands[seat]]),
    }
    for key in ("scout_chips", "scout_show_available"):
        if key in position:
            named[key] = (list(position[key]), list(getattr(state, key)))
    wrong = sorted(k for k, (want, have) in named.items() if want != have)
    unchecked = sorted(set(position) - {"seat", "owner", "rules", *named})
    if wrong or unchecked:
        raise ValueError(f"{id}: its game does not end at its position: {wrong or unchecked}")


def facing_cases(topic: str, kind: str, *groups: str) -> list[Case]:
    """The cases of ``kind`` in the table of ``topic``, in the table's order; with ``groups``,
    only those whose ID goes on with one of them (``reject-turn-precedence-...``: group
    ``precedence``)."""
    start = tuple(f"{kind}-{topic.replace('_', '-')}-{g}" for g in groups or ("",))
    return [_case(id, row) for id, row in _table(topic).items() if id.startswith(start)]
