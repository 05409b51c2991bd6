"""The ``:ex:`` role: a worked example's numbers in its sentences, written by the engine.

Inside a ``scout-example`` body, ``:ex:`hand 0``` is the number of cards in seat 0's hand
after the example's moves, ``:ex:`before hand 0``` the same in the first position, and so on
for every key of :data:`NUMBERS` (issue 31: chapter 11's sentence said "two cards" beside a
drawn hand of four). The directive computes every key's value from the engine's states
(:func:`numbers`) and keeps them on its box; the role leaves a placeholder that
:class:`ExampleNumbers` fills from the enclosing box once the page is read, after an edition's
translation has replaced the sentence, so a translated sentence gets the same numbers. A role
outside an example or with an unknown key is a build error; the catalog check refuses a
translation that drops or changes one (:data:`ROLE`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from scout_ref import State, round_scores

logger = logging.getLogger(__name__)

ROLE = re.compile(r":ex:`[^`]*`")
"""The role as written in a message; a translation must keep each one exactly."""

BEFORE = "before"


def _round(state: State) -> list[int]:
    return [s.total for s in round_scores(state)] if state.round_end is not None else []


# key -> the engine's numbers: one per seat (the key takes a seat, "hand 0") or a single one
NUMBERS: dict[str, Callable[[State], list[int] | int | None]] = {
    "hand": lambda s: [len(h) for h in s.hands],
    "chips": lambda s: list(s.scout_chips),
    "captured": lambda s: [len(p) for p in s.captured],
    "score": _round,  # the round's score (SC-SCORE-*), once the round has ended
    "total": lambda s: list(s.scores),  # the running total
    "turn": lambda s: None if s.turn is None else int(s.turn),
    "owner": lambda s: None if s.owner is None else int(s.owner),
    "active": lambda s: len(s.active_set),
    "round": lambda s: s.round,
    "start": lambda s: int(s.start_player),  # the round's start player
}


def numbers(start: State, final: State, moves: int) -> dict[str, str]:
    """Every key's value for one example: ``hand 0`` and the like after its moves, the same
    keys prefixed ``before`` in its first position, and ``moves`` (how many it plays)."""
    found = {"moves": str(moves)}
    for prefix, state in (("", final), (f"{BEFORE} ", start)):
        for key, read in NUMBERS.items():
            value = read(state)
            if isinstance(value, list):
                found.update({f"{prefix}{key} {k}": str(v) for k, v in enumerate(value)})
            elif value is not None:
                found[f"{prefix}{key}"] = str(value)
    return found


def known_key(key: str) -> bool:
    """Whether ``key`` names a number some example could have (its value is checked later)."""
    words = key.split()
    if words[:1] == [BEFORE]:
        words = words[1:]
    if words == ["moves"] and len(key.split()) == 1:
        return True
    if not words or words[0] not in NUMBERS:
        return False
    return len(words) == 1 or (len(words) == 2 and words[1].isdigit())


class example_number(nodes.Inline, nodes.TextElement):
    """Where an ``:ex:`` number goes; :class:`ExampleNumbers` replaces it with the number."""


class ExampleNumberRole(SphinxRole):
    """``:ex:`key```: a placeholder for one of the enclosing example's numbers."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        key = " ".join(self.text.split())
        if not known_key(key):
            known = ", ".join([*NUMBERS, "moves"])
            message = f":ex: key {key!r} is unknown; known: {known} (a seat after a per-seat key)"
            error = self.inliner.reporter.error(message, line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, error)], [error]
        return [example_number(self.rawtext, "", key=key)], []


class ExampleNumbers(SphinxPostTransform):
    """Fill every ``:ex:`` placeholder with the number its enclosing example computed."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        for node in list(self.document.findall(example_number)):
            box = node.parent
            while box is not None and box.get("scout-numbers") is None:
                box = box.parent
            key = node["key"]
            if box is None:
                logger.error(":ex:`%s` is outside a scout-example", key, location=node)
                value = "?"
            elif key not in box["scout-numbers"]:
                logger.error(":ex:`%s`: the example has no such number", key, location=node)
                value = "?"
            else:
                value = box["scout-numbers"][key]
            node.replace_self(nodes.Text(value))
