"""The readable report of a conformance run: each failure with the lines that reproduce it, the
rules to fix, the per-rule table on request, the counts, two commands to run next, and always,
last, the line ``N passed, N failed`` (errored cases count as failed).
"""

from __future__ import annotations

import shlex
from collections import Counter
from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

from scout_ref.conformance.model.outcomes import CaseResult, Outcome
from scout_ref.conformance.report.documents import RuleRow, Run
from scout_ref.conformance.report.reproduce import program
from scout_ref.conformance.report.verdicts import RuleVerdict
from scout_ref.util.text import plural

_STYLE = {
    RuleVerdict.CONFORMANT: "green",
    RuleVerdict.NONCONFORMANT: "bold red",
    RuleVerdict.NOT_JUDGED: "yellow",
    RuleVerdict.NOT_REACHED: "dim yellow",
    RuleVerdict.NOT_APPLICABLE: "dim",
}
DETAILED_FAULTS = 3
"""Protocol errors shown in full; the rest are counted, since they repeat one cause."""


def print_report(run: Run, console: Console, *, table: bool = False) -> None:
    """The failures in detail, the rules to fix, the per-rule table if asked for, the counts of
    rules and cases, two commands to run next, and the summary line."""
    if run.hello is not None:
        h = run.hello
        line = f"adapter: {h.name} {h.version} ({h.language})"  # the adapter's words: no markup
        console.print(line, highlight=False, markup=False)
    _print_failures(run, console)
    rows = run.rules
    if table:
        console.print(rule_table(rows))
    print_rules_to_fix(rows, console)
    _print_findings(run, console)
    _print_notes(run, console)
    for said in (run.own_deal_line, run.unjudged):
        if said:
            console.print(said, highlight=False, markup=False)
    if run.timed_out:
        console.print(run.timed_out, style="yellow", highlight=False, markup=False)
    if run.adapter_problem:
        console.print(f"[bold red]{run.adapter_problem}[/]", highlight=False)
    if run.partial:
        line = f"partial report: {run.partial}; the cases not reached are not counted"
        console.print(line, style="bold red", highlight=False, markup=False)
    for text in (rules_line(rows), cases_line(run)):
        console.print(text, highlight=False, markup=False)
    for text in next_commands(run, rows, table):
        console.print(text, highlight=False, markup=False, soft_wrap=True)
    console.print(run.summary_line, highlight=False, markup=False)


def rule_table(rows: Sequence[RuleRow]) -> Table:
    """Every rule's verdict: cases citing it that passed, failures blamed on it (here) and
    failures of its cases blamed on other rules (elsewhere)."""
    table = Table(title="verdict per rule", title_justify="left")
    numbers = ("passed", "failed\nhere", "failed\nelsewhere")
    for column in ("rule", "status", "title", *numbers):
        table.add_column(column, justify="right" if column in numbers else "left")
    table.add_column("verdict", no_wrap=True)
    for row in rows:
        style = _STYLE[row.verdict]
        waits = row.because and row.verdict is RuleVerdict.NOT_JUDGED
        because = f" ({', '.join(row.because)})" if waits else ""
        table.add_row(
            row.id,
            row.status.value,
            row.title,
            str(row.passed),
            str(len(row.failures)),
            str(row.elsewhere),
            f"[{style}]{row.verdict.value.replace('_', ' ')}{because}[/]",
        )
    return table


def rules_line(rows: Sequence[RuleRow]) -> str:
    """How many rules got each verdict, in the order to act on them."""
    tally = Counter(row.verdict for row in rows)
    parts = [f"{tally[v]} {v.value.replace('_', ' ')}" for v in RuleVerdict if tally[v]]
    note = " (no case citing them ran)" if tally[RuleVerdict.NOT_APPLICABLE] else ""
    return f"{plural(len(rows), 'rule')}: {', '.join(parts)}{note}"


def cases_line(run: Run) -> str:
    """How many cases had each outcome (errored ones count as failed in the summary line)."""
    parts = [f"{run.count(o)} {o.value.replace('_', ' ')}" for o in Outcome]
    return f"{plural(len(run.results), 'case')}: {', '.join(parts)}"


def next_commands(run: Run, rows: Sequence[RuleRow], table: bool) -> list[str]:
    """Two commands worth running next: the first failure's (or, after an interrupted or
    clean run, the run again, your engine or random games), and the table or the rule."""
    broken = [r for r in rows if r.verdict is RuleVerdict.NONCONFORMANT]
    bad = [r for r in run.results if r.outcome in (Outcome.FAILED, Outcome.ERRORED)]
    first = broken[0].failures[0] if broken else bad[0] if bad else None
    conform = shlex.join([program(), "conform", *run.rerun_options])
    whole = [*run.rerun_options, *run.selection_options, *run.cluster_options]
    again = shlex.join([program(), "conform", *whole])
    if first is not None:
        lines = run.reproduction(first)
        shown = [x for x in lines if x.startswith("reference: ")] or lines[-1:]
        why = f"a failure of {broken[0].id}" if broken else "the first failure"
        head = f"next: {shown[0].split(': ', 1)[1]}  # {why}"
    elif run.partial:
        head = f"next: {again}  # the whole run again"
    elif "--adapter" not in run.rerun_options:
        mine = '--adapter ".venv/bin/python my_adapter.py"'
        head = f"next: {conform} {mine}  # your engine (spec/INTERPRETING.md)"
    else:
        head = f"next: {conform} --fuzz 100 --seed 1  # random games against the reference"
    if not table:
        return [head, f"next: {again} --table  # the verdict of every rule"]
    if broken:
        return [head, f"next: {program()} rules {broken[0].id}  # the rule to fix first"]
    return [head]


def _print_notes(run: Run, console: Console) -> None:
    """The passed cases whose answers differ only where nothing the rules score changes."""
    notes = [
        r for r in run.results if r.outcome is Outcome.PASSED and r.message.startswith("note:")
    ]
    for r in notes[:DETAILED_FAULTS]:
        console.print(f"note {r.case.id}: {one_line(r.message)}", highlight=False, markup=False)
    if len(notes) > DETAILED_FAULTS:
        console.print(f"... and {plural(len(notes) - DETAILED_FAULTS, 'more note')}")


def _print_findings(run: Run, console: Console) -> None:
    """The new vectors written, each folder once with its count when there are many."""
    if len(run.findings) <= 3:
        for finding in run.findings:
            console.print(f"new vector: {finding.path}", highlight=False, markup=False)
        return
    folders = Counter(str(f.path.parent.parent) for f in run.findings)
    for folder, n in sorted(folders.items()):
        text = f"new vectors: {n} in {folder} (run them with --vectors-dir {folder})"
        console.print(text, highlight=False, markup=False)


def one_line(message: str) -> str:
    """A failure message in one line: its head, and the first difference when the head only
    announces one ("the state differs")."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].endswith(("differs", ":")):
        return f"{lines[0].rstrip(':')}: {lines[1]}"
    return lines[0] if lines else ""


def print_rules_to_fix(rows: Sequence[RuleRow], console: Console) -> None:
    """The summary: each nonconformant rule with its own evidence (a failing case that convicts
    it, and the line of that case that shows it), then the rules not judged because of them,
    and those that failures blamed elsewhere hid."""
    broken = [r for r in rows if r.verdict is RuleVerdict.NONCONFORMANT]
    if broken:
        console.print(f"rules to fix ({len(broken)}):", style="bold red", highlight=False)
    for row in broken:
        first = row.failures[0]
        line = evidence_of(first, row.id) or first.outcome.value
        console.print(f"  {row.id} {row.title}", style="bold", highlight=False, markup=False)
        console.print(f"    {first.case.id}: {line}", highlight=False, markup=False)
        if row.because:
            console.print(f"    {evidence_line(row)}", highlight=False, markup=False)
    waiting = [r for r in rows if r.verdict is RuleVerdict.NOT_JUDGED]
    explained = [r.id for r in waiting if not r.hidden_by]
    if explained:
        text = f"not judged until those are fixed ({len(explained)}): {', '.join(explained)}"
        console.print(text, highlight=False, markup=False)
    hidden = [r for r in waiting if r.hidden_by]
    if hidden:
        console.print(hidden_line(hidden), highlight=False, markup=False)


UNBLAMED = "errored or no rule"
"""What hid a rule when the failures that use it are blamed on no rule."""


def hidden_line(rows: Sequence[RuleRow]) -> str:
    """The rules whose holding failures blamed elsewhere hid: how many cases, blamed on what.

    >>> from scout_ref.rulebook.registry import Status
    >>> row = RuleRow("SC-GAME-01", Status.NORMATIVE, "", 1, 0, 1, 2, RuleVerdict.NOT_JUDGED,
    ...               hidden_by=("trace-x",))
    >>> hidden_line([row])
    'not judged, hidden by failures blamed elsewhere (1): SC-GAME-01 (1 case: errored or no rule)'
    """
    parts = [
        f"{r.id} ({plural(len(r.hidden_by), 'case')}: {', '.join(r.because) or UNBLAMED})"
        for r in rows
    ]
    return f"not judged, hidden by failures blamed elsewhere ({len(rows)}): {'; '.join(parts)}"


TERMS: dict[str, tuple[str, ...]] = {
    "SC-GAME-04": ("winners",),
    "SC-SCORE-06": ("totals", "total "),
    "SC-SCORE-01": ("captured",),
    "SC-SCORE-02": ("chips",),
    "SC-VAR2-06": ("chips",),
    "SC-SCORE-03": ("hand_penalty",),
    "SC-SCORE-04": ("hand_penalty", "exempt"),
    "SC-VAR-01": ("hand_penalty", "exempt"),
}
"""The words of a score difference's lines that name the term a rule governs: the line shown
as that rule's evidence."""


def evidence_of(result: CaseResult, rule_id: str) -> str:
    """The line of a failure that is ``rule_id``'s own evidence: the first departure of a trace
    or fuzz game that points at the rule, the line of a score difference naming its term, else
    the failure's first line."""
    for departure in result.departures:
        if rule_id in departure.points_at:
            return departure.where
    words = TERMS.get(rule_id, ())
    lines = [x.strip() for x in result.message.splitlines()]
    term = next((x for x in lines if any(w in x for w in words)), None) if words else None
    return term or one_line(result.message)


def evidence_line(row: RuleRow) -> str:
    """Why a rule that builds on a broken one is still reported broken, in words."""
    n = row.unexplained
    cases = "1 case fails that exercises" if n == 1 else f"{n} cases fail that exercise"
    return f"{row.id}: {cases} no broken rule it builds on ({', '.join(row.because)}); fix it too"


def _verdicts_of(result: CaseResult, verdicts: dict[str, RuleVerdict]) -> str:
    """The rules a failure is blamed on, each with its final verdict, and those its difference
    pointed at that the run showed working (no longer blamed)."""

    def named(rule_id: str) -> str:
        verdict = verdicts.get(rule_id)
        return f"{rule_id} {verdict.value.replace('_', ' ')}" if verdict else rule_id

    text = "points at " + (", ".join(map(named, result.blame)) or "no rule")
    cleared = [b for b in result.points_at if b not in result.blame]
    if cleared and result.blame:
        text += f"; not blamed: {', '.join(map(named, cleared))}"
    return text


def _print_failures(run: Run, console: Console) -> None:
    faults_shown = 0
    verdicts = {row.id: row.verdict for row in run.rules}
    for r in run.weighed:
        if r.outcome not in (Outcome.FAILED, Outcome.ERRORED):
            continue
        if r.fault:
            faults_shown += 1
            if faults_shown > DETAILED_FAULTS:
                continue
        label = "FAIL" if r.outcome is Outcome.FAILED else "ERROR"
        head = f"{label} {r.case.id} [{r.case.kind}; {_verdicts_of(r, verdicts)}]"
        console.print(head, style="red", highlight=False, markup=False)
        for line in r.message.splitlines():
            console.print(f"    {line}", highlight=False, markup=False)
        for line in run.reproduction(r):  # never broken: each is pasted whole
            console.print(f"    {line}", highlight=False, markup=False, soft_wrap=True)
    hidden = faults_shown - DETAILED_FAULTS
    if hidden > 0:
        text = f"... and {plural(hidden, 'more case')} errored by protocol faults or time-outs"
        console.print(text, highlight=False)
