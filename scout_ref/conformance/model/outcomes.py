"""What a conformance run produces: cases, their outcomes, findings, and how states differ.

Shared by the runner, the bisector, the fuzzer and the report, so none of them imports another.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import rfc8785

from scout_ref.conformance.model.kinds import CaseKind, Fault
from scout_ref.conformance.model.untrusted import MAX_MESSAGE, visible
from scout_ref.engine.variants import Rules
from scout_ref.formats.state_json import rules_to_json

Message = dict[str, Any]

OFFICIAL_RULES = rules_to_json(Rules())


class Outcome(Enum):
    """What happened to one case."""

    PASSED = "passed"
    FAILED = "failed"
    ERRORED = "errored"
    SKIPPED = "skipped"
    NOT_APPLICABLE = "not_applicable"


@dataclass(frozen=True, slots=True)
class Case:
    """One test case of a vector file; ``data`` is the case object as written."""

    id: str
    kind: CaseKind
    description: str
    rules: tuple[str, ...]
    data: Message
    source: str

    @property
    def focus(self) -> str | None:
        """The rule the case was written to test, if it names one."""
        focus = self.data.get("focus")
        return focus if isinstance(focus, str) else None

    @property
    def switches(self) -> Message:
        """The rules switches in force (every case's state or input carries them)."""
        data = self.data
        match self.kind:
            case "deal":
                given = data["input"]
                return dict(given["rules"] if "rules" in given else given["state"]["rules"])
            case "trace" | "fuzz" | "random":
                return dict(trace_parts(data)[1])
            case "legal" | "apply" | "reject" | "score" | "perft" | "observe":
                return dict(data["state"]["rules"])

    @property
    def players(self) -> int:
        """The player count of the case."""
        data = self.data
        match self.kind:
            case "deal":
                given = data["input"]
                return int(given["players"] if "players" in given else given["state"]["players"])
            case "trace" | "fuzz" | "random":
                return trace_parts(data)[0]
            case "legal" | "apply" | "reject" | "score" | "perft" | "observe":
                return int(data["state"]["players"])

    @property
    def normative(self) -> bool:
        """Whether the case plays by the official rules (no variant switch)."""
        return self.switches == OFFICIAL_RULES


def trace_parts(data: Message) -> tuple[int, Message, list[Message]]:
    """A trace case's player count, rules switches and steps (``players``, ``game_rules``)."""
    return int(data["players"]), dict(data["game_rules"]), list(data["steps"])


@dataclass(frozen=True, slots=True)
class Departure:
    """One step of a trace or fuzz game where the adapter differs, in one line, and its rules."""

    where: str
    """The step and what differs (``step 12 (apply 'scout L @0'): owner: expected 1...``)."""
    points_at: tuple[str, ...] = ()
    uses: tuple[str, ...] = ()
    """The rules this step passes through (:mod:`scout_ref.conformance.blame.uses`): a broken
    rule explains this step's difference only if they hold it (empty: not known)."""


@dataclass(frozen=True, slots=True)
class OwnDeal:
    """A round of a fuzz game dealt by the adapter (``deal_random``), judged once as a deal."""

    round: int
    step: int
    """The game's step that deals the round."""
    seed: int
    """The seed the request carried."""
    outcome: Outcome
    """Passed: the deal of the deck it shows; failed: it breaks a deal rule (``blame``);
    errored or skipped: not judged."""
    adopted: bool
    """The reference played the round on these cards (the same cards in the same hands and
    orientation); otherwise on its own deal."""
    message: str = ""
    blame: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CaseResult:
    """The outcome of one case, with what went wrong in words."""

    case: Case
    outcome: Outcome
    message: str = ""
    fault: Fault | None = None
    """How the adapter broke the protocol (crash, hang, not_json, ...); None if it did not."""
    blame: tuple[str, ...] = ()
    """The rules a failure points at (:mod:`scout_ref.conformance.blame.states`); empty
    otherwise."""
    position: str = ""
    """For a failure: the position line of the state it shows in (``spec/POSITION.md``)."""
    step: str = ""
    """For a failure: the move (or ``deal``) taken from that state, if the case takes one."""
    points_at: tuple[str, ...] = ()
    """Every rule the difference points at, before
    :func:`~scout_ref.conformance.blame.states.narrow` keeps the focus: a broken lower rule among
    them explains the failure."""
    steps_judged: tuple[tuple[str, int], ...] = ()
    """For traces and fuzz games: rule ID and how many compared steps that rule governs."""
    deal_departed: bool = False
    """For traces and fuzz games: a deal differed; later steps were judged from the reference's."""
    uses: tuple[str, ...] = ()
    """For a failure: the rules its failing steps pass through, read from the reference's own
    explanation of each (:mod:`scout_ref.conformance.blame.uses`), and those its differences
    point at; empty when not known (an errored reply). A broken rule explains the failure only
    if they hold it."""
    departures: tuple[Departure, ...] = ()
    """For traces and fuzz games: every step that differs, each with the rules it points at."""
    own_deals: tuple[OwnDeal, ...] | None = None
    """For a fuzz game started from the adapter's own deals (``--fuzz-deal adapter``): each
    round's deal and its verdict; None for a game dealt by the reference."""

    def __post_init__(self) -> None:
        # A message may quote what the adapter sent (a listed move, a reason): every output
        # (terminal, report.json, JUnit) gets it with hidden characters escaped and capped.
        object.__setattr__(self, "message", visible(self.message, MAX_MESSAGE))


@dataclass
class Finding:
    """A new vector the runner wrote while explaining a failure (bisect or fuzz)."""

    path: Path
    case_id: str


def digest(state: object) -> str:
    """The state digest: SHA-256 of the RFC 8785 canonical JSON."""
    return hashlib.sha256(rfc8785.dumps(state)).hexdigest()  # type: ignore[arg-type]


def has_digest(state: object, expected: str) -> bool:
    """Whether ``state`` has the ``expected`` digest.

    For strings, integers, booleans and null, sorted compact :func:`json.dumps` writes the RFC
    8785 text, so it is tried first (it is much faster); any other value takes the exact path.
    """
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    fast = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if fast == expected:
        return True
    try:
        return digest(state) == expected
    except rfc8785.CanonicalizationError:  # e.g. an integer beyond what JSON numbers hold
        return False
