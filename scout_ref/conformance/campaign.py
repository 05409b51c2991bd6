"""What a conformance run judges and how: :class:`Campaign`, the options of ``scout-ref conform``
as Python values, each checked as the command line checks it, and the cases they select.
:func:`scout_ref.conformance.api.run` runs one."""

from __future__ import annotations

import dataclasses
import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from scout_ref.analysis.distribute import check_scheduler
from scout_ref.conformance.judge.pool import Timeouts
from scout_ref.conformance.judge.randomness import DEALS
from scout_ref.conformance.judge.runner import load_cases, schedule, select
from scout_ref.conformance.model.kinds import (
    CASE_KINDS,
    FUZZ_DEALS,
    STRICTNESS,
    VECTOR_KINDS,
    CaseKind,
    FuzzDeal,
    Strictness,
    VectorKind,
    is_vector_kind,
)
from scout_ref.conformance.model.outcomes import Case
from scout_ref.conformance.selection import check_selection, fuzz_selected, random_selected
from scout_ref.conformance.vectors.build import vectors_dir
from scout_ref.errors import MalformedInputError
from scout_ref.rulebook.registry import spec_dir
from scout_ref.util.args import require_choices, require_pattern, require_type

KINDS = CASE_KINDS
"""What :attr:`Campaign.kinds` may name: the vector kinds, the fuzz games and the random deals."""

_STRINGS = "a list of strings such as ['SC-SHOW-*']"
_TYPES: dict[str, tuple[tuple[type, ...], str]] = {
    "adapter": (
        (str, list, tuple, type(None)),
        "a command such as 'node my-adapter.js', or its words",
    ),
    "vectors_dir": ((Path, type(None)), "a pathlib.Path of a vector folder"),
    "rules": ((list, tuple), _STRINGS),
    "cases": ((list, tuple), "a list of case IDs or globs such as ['reject-show-*']"),
    "kinds": ((list, tuple), "a list of kinds such as ['legal', 'perft']"),
    "strictness": ((str,), f"one of {', '.join(STRICTNESS)}"),
    "fuzz": ((int,), "a number of games such as 10"),
    "seed": ((int,), "an int such as 0"),
    "fuzz_deal": ((str,), f"one of {', '.join(FUZZ_DEALS)}"),
    "random_deals": ((int, type(None)), "a number of deals such as 40, or None"),
    "scheduler": ((str, type(None)), "an address such as 'tcp://host:8786', or None"),
    "timeouts": ((Timeouts,), 'a Timeouts such as Timeouts(20, {"perft": 300})'),
    "jobs": ((int,), "a number of adapter processes such as 2"),
    "fail_fast": ((bool,), "a bool"),
    "findings": ((Path, type(None)), "a pathlib.Path of a folder, or None"),
}
"""What each field of a :class:`Campaign` is, as :exc:`TypeError` says it."""


@dataclass(frozen=True, kw_only=True)
class Campaign:
    """What a conformance run judges and how: the options of ``scout-ref conform``.

    Raises:
        TypeError: for a field of the wrong type (a string where a list of them belongs).
        MalformedInputError: for a value the command line refuses too (a negative number of
        fuzz games, an unknown kind or strictness, a timeout out of bounds).
    """

    adapter: str | Sequence[str] | None = None
    """The command that starts the adapter, as shell words or as a list of words (``None``:
    the reference engine's own adapter, ``scout-ref adapter``)."""
    vectors_dir: Path | None = None
    """The vector folder (``None``: the shipped ``spec/vectors``)."""
    rules: Sequence[str] = ()
    """Only the cases citing a rule that matches one of these globs (``SC-SHOW-*``)."""
    cases: Sequence[str] = ()
    """Only the cases whose ID matches one of these globs (``reject-show-*``)."""
    kinds: Sequence[CaseKind] = ()
    """Only the cases of these kinds (``KINDS``): ``fuzz`` the fuzz games, ``random`` the
    tests of the adapter's own deals."""
    strictness: Strictness = "reason"
    """``reason``: a rejection must give the expected reason; ``legality``: any rejection passes."""
    fuzz: int = 0
    """Random games to play against the reference after the vectors."""
    seed: int = 0
    """The seed of the fuzz games (game ``k`` plays seed ``seed:k``) and the random deals."""
    fuzz_deal: FuzzDeal = "reference"
    """Who deals the fuzz games' rounds: the reference, or (``adapter``) an adapter with the
    feature ``deal_random``, each deal judged once and its cards played on when the reference
    can deal them (spec/INTERPRETING.md, "Fuzzing on your own deals")."""
    random_deals: int | None = None
    """Deals to ask of an adapter with the feature ``deal_random`` at each player count
    (``None``: 200 with the shipped vectors, none with another folder)."""
    scheduler: str | None = None
    """The Dask scheduler whose cluster plays the fuzz games (``None``: play them here)."""
    timeouts: Timeouts = field(default_factory=Timeouts)
    """Seconds to wait for a reply, by kind (10, and 60 for perft)."""
    jobs: int = 1
    """Adapter processes to judge the cases on at once (at most one per CPU and per case)."""
    fail_fast: bool = False
    """Stop starting cases after the first failure."""
    findings: Path | None = None
    """Where the new vectors of bisecting and fuzzing are saved (``None``: nowhere); a folder that
    cannot be written loses the findings, never the run."""

    def __post_init__(self) -> None:
        for each in dataclasses.fields(self):
            kinds, example = _TYPES[each.name]
            require_type(getattr(self, each.name), kinds, f"Campaign.{each.name}", example)
        for name in ("rules", "cases", "kinds", "adapter"):
            words = getattr(self, name)
            if isinstance(words, (list, tuple)):
                for value in words:
                    require_type(value, str, f"an item of Campaign.{name}", "a string")
                    if name in ("rules", "cases"):
                        require_pattern(value, f"--{name.removesuffix('s')}")
                object.__setattr__(self, name, tuple(words))  # frozen: no list to change
        if self.fuzz < 0 or self.jobs < 1:
            raise MalformedInputError("option", [("", "--fuzz must be >= 0 and --jobs >= 1")])
        if self.random_deals is not None and self.random_deals < 0:
            raise MalformedInputError("option", [("", "--random-deals must be >= 0")])
        if self.scheduler is not None:
            check_scheduler(self.scheduler)  # refused now, not after the cases (an empty one too)
        self.timeouts.check([*VECTOR_KINDS, "fuzz"])
        require_choices("--kind", self.kinds, KINDS)
        require_choices("--strictness", [self.strictness], STRICTNESS)
        require_choices("--fuzz-deal", [self.fuzz_deal], FUZZ_DEALS)

    @property
    def vector_kinds(self) -> list[VectorKind]:
        """The vector kinds :attr:`kinds` names (every kind when it names none)."""
        return [k for k in self.kinds if is_vector_kind(k)]

    @property
    def only_fuzz(self) -> bool:
        """Whether :attr:`kinds` names only the fuzz games and random deals: no vector case."""
        return bool(self.kinds) and not self.vector_kinds

    @property
    def deals(self) -> int:
        """The deals to ask for: by default the suite's share with the shipped vectors, none with
        another vector folder (findings, a selection), whose run is about its own cases."""
        if self.random_deals is not None:
            return self.random_deals
        folder = self.vectors_dir
        return DEALS if folder is None or folder.resolve() == vectors_dir().resolve() else 0

    @property
    def random_chosen(self) -> list[Case]:
        """The tests of the adapter's own deals selected (SC-SETUP-02): those ``--case`` and
        ``--rule`` select, when there are deals to ask for and ``--kind`` lets them in."""
        return random_selected(self.deals, self.kinds, self.patterns, self.cases)

    @property
    def wants_random(self) -> bool:
        """Whether the selection takes in a test of the adapter's own deals."""
        return bool(self.random_chosen)

    @property
    def wants_fuzz(self) -> bool:
        """Whether fuzz games are asked for and the selection takes them in."""
        return self.fuzz > 0 and (not self.kinds or "fuzz" in self.kinds)

    def selected(self) -> list[Case]:
        """The vector cases selected, in the order they are judged (cheap kinds first).

        Raises:
            MalformedInputError: if the folder cannot be read, nothing at all is selected, or
                a glob of :attr:`cases` selects nothing (with what would select: the closest
                case IDs, the ``--fuzz`` a fuzz game needs).
        """
        cases = [] if self.only_fuzz else load_cases(self.vectors_dir or spec_dir() / "vectors")
        chosen = schedule(select(cases, self.patterns, self.vector_kinds, self.cases))
        fuzz = (self.fuzz, self.seed, self.wants_fuzz)
        check_selection(cases, chosen, self.random_chosen, self.cases, fuzz)
        return chosen

    def listed(self) -> list[Case]:
        """Everything the run judges, in order: the vector cases, the tests of the adapter's
        own deals, then the fuzz games (their IDs as for an adapter of 2 to 5 players: the games
        take turns at the player counts the adapter's hello claims).

        Raises:
            MalformedInputError: as :meth:`selected`.
        """
        fuzz = fuzz_selected(self.fuzz, self.seed, self.kinds, self.cases)
        return [*self.selected(), *self.random_chosen, *fuzz]

    @property
    def patterns(self) -> list[str]:
        """The rule globs, in the registry's upper case."""
        return [p.upper() for p in self.rules]

    def command(self) -> list[str]:
        """The adapter's argv: the given words, or the reference adapter.

        Raises:
            MalformedInputError: if the shell words cannot be split, or name no program.
        """
        given = self.adapter
        if given is None:
            return [sys.executable, "-m", "scout_ref", "adapter"]
        if isinstance(given, str):
            try:
                words = shlex.split(given)
            except ValueError as exc:  # an unbalanced quote or a trailing escape
                why = f"{given!r} cannot be split: {exc}"
                raise MalformedInputError("--adapter", [("", why)]) from None
        else:
            words = list(given)
        if not words:
            raise MalformedInputError("--adapter", [("", "the command is empty")])
        return words

    @property
    def rerun_options(self) -> list[str]:
        """The ``conform`` options that make a rerun of one case judge it as this run did."""
        given = self.adapter
        text = given if isinstance(given, str) or given is None else shlex.join(given)
        words = ["--adapter", text] if text else []
        if self.vectors_dir:
            words += ["--vectors-dir", str(self.vectors_dir)]
        words += self.timeouts.options()
        if self.strictness != "reason":
            words += ["--strictness", self.strictness]
        return words

    @property
    def selection_options(self) -> list[str]:
        """The ``conform`` options that selected this run's cases and fuzz games."""
        words = []
        for option, values in (
            ("--rule", self.rules),
            ("--kind", self.kinds),
            ("--case", self.cases),
        ):
            for value in values:
                words += [option, value]
        if self.fuzz:
            words += ["--fuzz", str(self.fuzz)]
        if self.random_deals is not None:
            words += ["--random-deals", str(self.random_deals)]
        if self.fuzz or self.random_deals is not None:
            words += ["--seed", str(self.seed)]
        if self.fuzz and self.fuzz_deal != "reference":
            words += ["--fuzz-deal", self.fuzz_deal]
        return words

    @property
    def cluster_options(self) -> list[str]:
        """The ``conform`` options that say where the fuzz games are played (``--scheduler``):
        not needed to rerun one game, but part of the whole run again."""
        return ["--scheduler", self.scheduler] if self.scheduler and self.wants_fuzz else []
