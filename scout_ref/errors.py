"""Rejections (why a move is illegal) and the exceptions of the public API.

Three failure classes are kept apart: malformed input (bad notation, JSON or state) raises
:class:`MalformedInputError`; a well-formed but illegal move is a :class:`Rejection`, raised as
:class:`IllegalMoveError` by :func:`~scout_ref.apply_move`; anything else is a bug.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol


class Reason(Enum):
    """The closed list of reasons a move is rejected, in precedence order (SC-TURN-04).

    Each reason belongs to exactly one rule: :attr:`rule`.
    """

    WRONG_PHASE = "wrong_phase"
    SCOUT_SHOW_TWO_PLAYER = "scout_show_two_player"
    SCOUT_SHOW_USED = "scout_show_used"
    NO_ACTIVE_SET = "no_active_set"
    NOT_AN_END = "not_an_end"
    SINGLE_CARD_END = "single_card_end"
    SLOT_OUTSIDE_HAND = "slot_outside_hand"
    NO_SCOUT_CHIP = "no_scout_chip"
    SHOW_AVAILABLE = "show_available"
    RANGE_OUTSIDE_HAND = "range_outside_hand"
    NOT_ADJACENT = "not_adjacent"
    OUT_OF_ORDER = "out_of_order"
    NOT_A_COMBINATION = "not_a_combination"
    NOT_STRONGER = "not_stronger"

    @property
    def rule(self) -> str:
        """The ID of the rule this reason reports."""
        return _RULE_OF_REASON[self]


_RULE_OF_REASON = {
    Reason.WRONG_PHASE: "SC-TURN-03",
    Reason.SCOUT_SHOW_TWO_PLAYER: "SC-VAR2-02",
    Reason.SCOUT_SHOW_USED: "SC-SNS-01",
    Reason.NO_ACTIVE_SET: "SC-SCOUT-01",
    Reason.NOT_AN_END: "SC-SCOUT-01",
    Reason.SINGLE_CARD_END: "SC-NOTE-05",
    Reason.SLOT_OUTSIDE_HAND: "SC-SCOUT-02",
    Reason.NO_SCOUT_CHIP: "SC-VAR2-04",
    Reason.SHOW_AVAILABLE: "SC-VAR-03",
    Reason.RANGE_OUTSIDE_HAND: "SC-SHOW-01",
    Reason.NOT_ADJACENT: "SC-SHOW-01",
    Reason.OUT_OF_ORDER: "SC-SHOW-01",
    Reason.NOT_A_COMBINATION: "SC-SET-01",
    Reason.NOT_STRONGER: "SC-SHOW-03",
}


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why a move is illegal: a reason code, its rule, and a detail that is never compared."""

    reason: Reason
    detail: str

    @property
    def rule(self) -> str:
        """The ID of the broken rule."""
        return self.reason.rule

    def __str__(self) -> str:
        return f"{self.detail} ({self.rule})"


class ScoutError(Exception):
    """Base class of every exception scout-ref raises on purpose."""


MAX_LISTED = 20
"""How many problems an error message lists; ``problems`` keeps them all."""


def excerpt(text: str, limit: int = 200) -> str:
    """``text`` cut to about ``limit`` characters on one line, saying how long it was.

    Error messages quote the input they refuse, and the input may be megabytes long.

    >>> excerpt("x" * 1000, 20)
    'xxxxxxxxxxxxxxxxxxxx... (1000 characters)'
    """
    text = text.replace("\n", "\\n").replace("\r", "\\r")
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def error_message(exc: ScoutError) -> str:
    """What a front end says of ``exc`` after ``error:``: one line of bounded length."""
    return excerpt(str(exc), 2000)


class MalformedInputError(ScoutError, ValueError):
    """Input that cannot be read: bad notation, JSON, state or deck.

    ``problems`` lists every problem found as ``(location, message)``, where the location is a
    JSON pointer (``""`` for the whole input). The message is one line of bounded length: it
    lists the first 20 problems, each cut to a short excerpt.
    """

    def __init__(self, what: str, problems: list[tuple[str, str]]) -> None:
        self.what = what
        self.problems = problems
        listed = "; ".join(
            f"{excerpt(loc, 80)}: {excerpt(msg)}" if loc else excerpt(msg)
            for loc, msg in problems[:MAX_LISTED]
        )
        if len(problems) > MAX_LISTED:
            listed += f"; and {len(problems) - MAX_LISTED} more"
        super().__init__(f"invalid {what}: {listed}")


class InstallationError(ScoutError):
    """A file of scout-ref's own installation (a catalog, the coverage model, the witness
    folder) that is missing or damaged: reported as that, naming the file, never as a bug."""

    def __init__(self, what: str) -> None:
        super().__init__(f"scout-ref's installation is damaged: {excerpt(what, 400)}; reinstall it")

    @classmethod
    def of(cls, path: object, why: str) -> InstallationError:
        """The file at ``path`` is damaged for the reason ``why``."""
        return cls(f"{excerpt(repr(str(path)), 160)}: {why}")

    @classmethod
    def unread(cls, exc: MalformedInputError) -> InstallationError:
        """The bounded reader refused a file of the installation (its message names it)."""
        return cls(exc.problems[0][1] if exc.problems else str(exc))


class Situation(Protocol):
    """What an illegal move's message says of the state it was tried in: a
    :class:`~scout_ref.State` is one. (This module is the bottom of the package and imports no
    other, so it names the state by what it reads of it.)"""

    @property
    def turn(self) -> int | None: ...

    @property
    def phase(self) -> Enum: ...

    @property
    def round(self) -> int: ...


class IllegalMoveError(ScoutError, ValueError):
    """A well-formed move that the rules forbid in this state; carries the :class:`Rejection`
    and the state (a :class:`~scout_ref.State`)."""

    def __init__(self, move: str, rejection: Rejection, state: Situation) -> None:
        self.move = move
        self.rejection = rejection
        self.state = state  # its digest, scout_ref.state_digest(state), identifies it
        where = f"seat {state.turn} to act, {state.phase.value} phase, round {state.round}"
        super().__init__(f"illegal move {move!r}: {rejection} ({where})")
