"""Chapter VAR: the rules switches, official reading by default.

Each switch names the source that motivates its non-default value; see the reconciliation
appendix of the rulebook for the full discussion.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from scout_ref.errors import MalformedInputError, excerpt
from scout_ref.util.args import require_type, shown


class EmptySetChain(Enum):
    """What a scout that empties the active set does to the round-end chain (SC-END-02)."""

    LITERAL = "literal"  # official: the chain goes on; the round can still end (RB, S1-S4)
    RESET = "reset"  # SC-VAR-02: the chain resets; seen in other implementations


class Scouting(Enum):
    """Whether a player who could show may scout instead (SC-SCOUT-04)."""

    VOLUNTARY = "voluntary"  # official: RB "could not (or did not) show"
    FORCED = "forced"  # SC-VAR-03: S0 reads the end as "forced to scout"


class Rotation(Enum):
    """When hands may be rotated (SC-ORIENT-01)."""

    EACH_ROUND = "each_round"  # official: RB and S1-S4
    ONCE_PER_GAME = "once_per_game"  # SC-VAR-04: S0's word "game" read literally


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules switches in force; the defaults are the official reading.

    >>> Rules()
    Rules(owner_exemption=True, empty_set_chain=<EmptySetChain.LITERAL: 'literal'>, \
scouting=<Scouting.VOLUNTARY: 'voluntary'>, rotation=<Rotation.EACH_ROUND: 'each_round'>)
    >>> Rules().is_official
    True

    Its text is the switches that differ from the official reading, as ``key=value`` words
    (the ``rules`` field of a position line); :meth:`parse` reads it back.

    >>> rules = Rules(owner_exemption=False, rotation=Rotation.ONCE_PER_GAME)
    >>> str(rules)
    'owner_exemption=off rotation=once_per_game'
    >>> Rules.parse('rotation=once_per_game owner_exemption=off') == rules
    True
    """

    owner_exemption: bool = True  # SC-SCORE-04; off is SC-VAR-01 (one RB transcription drops it)
    empty_set_chain: EmptySetChain = EmptySetChain.LITERAL
    scouting: Scouting = Scouting.VOLUNTARY
    rotation: Rotation = Rotation.EACH_ROUND

    def __post_init__(self) -> None:
        """Each switch holds one of its values: ``Rules(rotation="x")`` is a TypeError."""
        require_type(self.owner_exemption, bool, "Rules.owner_exemption", "True or False")
        for name, kind in (
            ("empty_set_chain", EmptySetChain),
            ("scouting", Scouting),
            ("rotation", Rotation),
        ):
            value = getattr(self, name)
            if type(value) is not kind:
                members = " or ".join(f"{kind.__name__}.{m.name}" for m in kind)
                raise TypeError(
                    f"Rules.{name} is {members}, not {type(value).__name__} {shown(value)}"
                )

    @property
    def is_official(self) -> bool:
        """Whether every switch has its official value."""
        return self == Rules()

    @classmethod
    def parse(cls, text: str) -> Rules:
        """The rules that switch text names: ``key=value`` words separated by spaces, each
        switch named at most once and one left out its official value.

        Raises:
            MalformedInputError: at the first word that names no switch, no value of its
                switch, or a switch named before; its location is ``word N`` (from 1).
        """
        require_type(text, str, "the switch text", "a str such as 'scouting=forced'")
        given: dict[str, object] = {}
        for n, word in enumerate(text.split(), start=1):
            key, _, value = word.partition("=")
            if key not in _SWITCHES:
                raise _bad(n, f"{_quoted(key)} is not a switch: {', '.join(_SWITCHES)}")
            if value not in _SWITCHES[key]:
                raise _bad(n, f"{_quoted(value)} is not a value of {key}")
            if key in given:
                raise _bad(n, f"{key} is given twice")
            given[key] = _SWITCHES[key][value]
        return cls(**given)  # type: ignore[arg-type]

    def __str__(self) -> str:
        """The switches that differ from the official reading, as ``key=value`` words in the
        order of the fields (empty for the official rules); :meth:`parse` reads it."""
        official = Rules()
        return " ".join(
            f"{key}={word}"
            for key, words in _SWITCHES.items()
            if getattr(self, key) != getattr(official, key)
            for word, value in words.items()
            if value == getattr(self, key)
        )


_SWITCHES: dict[str, dict[str, object]] = {
    "owner_exemption": {"on": True, "off": False},
    "empty_set_chain": {e.value: e for e in EmptySetChain},
    "scouting": {e.value: e for e in Scouting},
    "rotation": {e.value: e for e in Rotation},
}
"""Each switch of :class:`Rules` by name, with the word for each of its values."""


def _quoted(text: str) -> str:
    return excerpt(repr(text), 40)  # a word of a long line may be thousands of characters


def _bad(n: int, problem: str) -> MalformedInputError:
    return MalformedInputError("rules", [(f"word {n}", problem)])
