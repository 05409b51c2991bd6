"""Live progress of a conformance run: cases done of the total, the rule being checked, the
elapsed time and an estimate of the time left (rich.progress), drawn only on a terminal."""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from scout_ref.conformance.model.outcomes import Case, CaseResult, Outcome


class RunProgress:
    """A progress bar over the cases; a no-op when ``enabled`` is false.

    Safe to call from several worker threads: rich's Progress serialises its updates.
    """

    def __init__(self, total: int, console: Console, *, enabled: bool) -> None:
        self._progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[failed]} failed"),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=console,
            disable=not enabled,
            transient=True,
        )
        self._task = self._progress.add_task("starting", total=total, failed=0)
        self._failed = 0

    def __enter__(self) -> RunProgress:
        self._progress.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._progress.stop()

    def started(self, case: Case) -> None:
        """Show the rule the case checks (its focus, else the first rule it cites)."""
        rule = case.focus or (case.rules[0] if case.rules else case.kind)
        self._progress.update(self._task, description=f"{rule:<12} {case.kind:<6}")

    def done(self, result: CaseResult) -> None:
        """Count a finished case."""
        if result.outcome in (Outcome.FAILED, Outcome.ERRORED):
            self._failed += 1
        self._progress.update(self._task, advance=1, failed=self._failed)
