"""Reporting a conformance run: per-rule verdicts, report.json, JUnit XML and the readable table.

The JSON report follows ``spec/schema/report.schema.json``; the last line printed is always
``N passed, N failed`` (errored cases count as failed).
"""

from __future__ import annotations

import fnmatch
import json
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from scout_ref._atomic import write_atomic
from scout_ref.conformance.outcomes import CaseResult, Finding, Outcome
from scout_ref.conformance.protocol import Hello
from scout_ref.conformance.verdicts import RuleVerdict, blamed, decide, judge
from scout_ref.registry import rules, spec_version

JUDGED = (Outcome.PASSED, Outcome.FAILED, Outcome.ERRORED)
_STYLE = {
    "conformant": "green",
    "nonconformant": "bold red",
    "not_judged": "yellow",
    "not_reached": "dim yellow",
    "not_applicable": "dim",
}
DETAILED_FAULTS = 3
"""Protocol errors shown in full; the rest are counted, since they repeat one cause."""


@dataclass(frozen=True, slots=True)
class Run:
    """Everything a conformance run produced."""

    command: Sequence[str]
    hello: Hello | None
    strictness: str
    results: Sequence[CaseResult]
    findings: Sequence[Finding]
    restarts: int
    broken: bool
    rule_patterns: Sequence[str] = ()
    interrupted: str | None = None
    """The signal that stopped the run early (``SIGTERM``...); the cases not reached are absent."""

    def count(self, outcome: Outcome) -> int:
        """How many cases had ``outcome``."""
        return sum(1 for r in self.results if r.outcome is outcome)

    @property
    def faults(self) -> Counter[str]:
        """Protocol errors by fault."""
        return Counter(r.fault for r in self.results if r.fault)

    @property
    def conformant(self) -> bool:
        """Exit 0: a whole run, nothing failed or errored, no protocol error, something passed."""
        bad = self.count(Outcome.FAILED) + self.count(Outcome.ERRORED)
        whole = self.interrupted is None
        return whole and bad == 0 and not self.faults and self.count(Outcome.PASSED) > 0

    @property
    def summary_line(self) -> str:
        """The run's last line."""
        failed = self.count(Outcome.FAILED) + self.count(Outcome.ERRORED)
        return f"{self.count(Outcome.PASSED)} passed, {failed} failed"

    @property
    def deal_departures(self) -> list[CaseResult]:
        """The traces and fuzz games whose adapter dealt differently from the reference."""
        return [r for r in self.results if r.deal_departed]

    @property
    def unjudged(self) -> str | None:
        """A plain statement of what a deal difference did to the traces and fuzz games."""
        dealt = self.deal_departures
        if not dealt:
            return None
        kinds = Counter("fuzz games" if r.case.kind == "fuzz" else "traces" for r in dealt)
        which = " and ".join(f"{n} {kind}" for kind, n in sorted(kinds.items()))
        return (
            f"the adapter deals differently from the reference in {which}: its own cards after"
            " such a deal were never compared; every later step was judged from the reference's"
            " deal instead"
        )

    @property
    def adapter_problem(self) -> str | None:
        """A plain statement that the adapter is broken, when it broke the protocol."""
        if not self.faults:
            return None
        kinds = ", ".join(f"{fault} {n}" for fault, n in sorted(self.faults.items()))
        text = (
            f"the adapter, not the rules, is broken: {sum(self.faults.values())} cases hit "
            f"protocol errors ({kinds}); it was restarted {self.restarts} times"
        )
        if self.broken:
            text += " and given up after failing repeatedly in a row"
        return text


@dataclass(frozen=True, slots=True)
class RuleRow:
    """One rule's verdict (:mod:`scout_ref.conformance.verdicts`) and counts."""

    id: str
    status: str
    title: str
    passed: int
    failed: int
    errored: int
    cases: int
    verdict: str
    because: tuple[str, ...] = ()
    """The broken rules it builds on that some of its failing cases exercise."""
    failures: tuple[CaseResult, ...] = ()
    """The failures blamed on the rule, unexplained and focused ones first."""
    unexplained: int = 0
    """For ``nonconformant``: the failing cases that exercise no broken rule it builds on."""
    steps_judged: int = 0
    """Steps of traces and fuzz games compared with the reference that the rule governs."""


def rule_rows(run: Run) -> list[RuleRow]:
    """A row per rule of the registry matching the run's rule patterns, in rulebook order."""
    rows = []
    decided = decide(blamed(run.results))
    steps: Counter[str] = Counter()
    for r in run.results:
        steps.update(dict(r.steps_judged))
    for rule in rules().values():
        if run.rule_patterns and not any(fnmatch.fnmatch(rule.id, p) for p in run.rule_patterns):
            continue
        mine = [r for r in run.results if rule.id in r.case.rules]
        tally = Counter(r.outcome for r in mine)
        judgement = judge(rule.id, run.results, decided)
        rows.append(
            RuleRow(
                id=rule.id,
                status=rule.status.value,
                title=rule.title,
                passed=tally[Outcome.PASSED],
                failed=tally[Outcome.FAILED],
                errored=tally[Outcome.ERRORED],
                cases=len(mine),
                verdict=judgement.verdict.value,
                because=judgement.because,
                failures=judgement.failures,
                unexplained=judgement.unexplained,
                steps_judged=steps[rule.id],
            )
        )
    return rows


def to_json(run: Run) -> dict[str, object]:
    """The report object (``spec/schema/report.schema.json``)."""
    hello = run.hello
    return {
        "report_version": 2,
        "spec_version": spec_version(),
        "protocol": 1,
        "adapter": {
            "command": list(run.command),
            "hello": None
            if hello is None
            else {
                "name": hello.name,
                "language": hello.language,
                "version": hello.version,
                "capabilities": {
                    "kinds": sorted(hello.capabilities.kinds),
                    "players": sorted(hello.capabilities.players),
                    "variants": hello.capabilities.variants,
                },
            },
        },
        "strictness": run.strictness,
        "interrupted": run.interrupted,
        "conformant": run.conformant,
        "summary": {
            **{o.value: run.count(o) for o in Outcome},
            "protocol_errors": sum(run.faults.values()),
            "restarts": run.restarts,
            "deal_departures": len(run.deal_departures),
        },
        "adapter_problem": run.adapter_problem,
        "unjudged": run.unjudged,
        "rules": [
            {
                "id": row.id,
                "status": row.status,
                "title": row.title,
                "verdict": row.verdict,
                "because": list(row.because),
                "blamed_by": [r.case.id for r in row.failures],
                "unexplained": row.unexplained,
                "passed": row.passed,
                "failed": row.failed,
                "errored": row.errored,
                "cases": row.cases,
                "steps_judged": row.steps_judged,
            }
            for row in rule_rows(run)
        ],
        "cases": [
            {
                "id": r.case.id,
                "kind": r.case.kind,
                "source": r.case.source,
                "rules": list(r.case.rules),
                "blame": list(r.blame),
                "normative": r.case.normative,
                "outcome": r.outcome.value,
                "message": r.message,
                "fault": r.fault,
                "steps_judged": dict(r.steps_judged),
                "deal_departed": r.deal_departed,
            }
            for r in run.results
        ],
        "findings": [{"case_id": f.case_id, "path": str(f.path)} for f in run.findings],
    }


def write_json(run: Run, directory: Path) -> Path:
    """Write ``report.json`` into ``directory``, atomically."""
    path = directory / "report.json"
    write_atomic(path, json.dumps(to_json(run), indent=2) + "\n", "--report")
    return path


def write_junit(run: Run, path: Path) -> None:
    """Write the cases as JUnit XML: one testcase per case, classname = its kind."""
    suite = ET.Element(
        "testsuite",
        name="scout-ref conformance",
        tests=str(len(run.results)),
        failures=str(run.count(Outcome.FAILED)),
        errors=str(run.count(Outcome.ERRORED)),
        skipped=str(run.count(Outcome.SKIPPED) + run.count(Outcome.NOT_APPLICABLE)),
    )
    for r in run.results:
        case = ET.SubElement(suite, "testcase", classname=r.case.kind, name=r.case.id)
        first_line = r.message.splitlines()[0] if r.message else ""
        match r.outcome:
            case Outcome.FAILED:
                ET.SubElement(case, "failure", message=first_line).text = r.message
            case Outcome.ERRORED:
                ET.SubElement(
                    case, "error", message=first_line, type=r.fault or "errored"
                ).text = r.message
            case Outcome.SKIPPED | Outcome.NOT_APPLICABLE:
                ET.SubElement(case, "skipped", message=r.message)
            case Outcome.PASSED:
                pass
        ET.SubElement(case, "properties").extend(
            ET.Element("property", name="rule", value=rule_id) for rule_id in r.case.rules
        )
    root = ET.Element("testsuites")
    root.append(suite)
    write_atomic(path, ET.tostring(root, encoding="utf-8", xml_declaration=True), "--junit")


def print_report(run: Run, console: Console) -> None:
    """The failures in detail, the per-rule table, the adapter's state and the summary line."""
    if run.hello is not None:
        h = run.hello
        line = f"adapter: {h.name} {h.version} ({h.language})"  # the adapter's words: no markup
        console.print(line, highlight=False, markup=False)
    _print_failures(run, console)
    rows = rule_rows(run)
    table = Table(title="verdict per rule", title_justify="left")
    for column in ("rule", "status", "title", "passed", "failed", "verdict"):
        table.add_column(column, justify="right" if column in ("passed", "failed") else "left")
    for row in rows:
        style = _STYLE[row.verdict]
        waits = row.because and row.verdict == RuleVerdict.NOT_JUDGED.value
        because = f" ({', '.join(row.because)})" if waits else ""
        table.add_row(
            row.id,
            row.status,
            row.title,
            str(row.passed),
            str(row.failed + row.errored),
            f"[{style}]{row.verdict.replace('_', ' ')}{because}[/]",
        )
    console.print(table)
    print_rules_to_fix(rows, console)
    rest = ", ".join(
        f"{run.count(o)} {o.value.replace('_', ' ')}"
        for o in (Outcome.ERRORED, Outcome.SKIPPED, Outcome.NOT_APPLICABLE)
    )
    console.print(f"cases: {rest} (errored cases count as failed)", highlight=False)
    for finding in run.findings:
        console.print(f"new vector: {finding.path}", highlight=False)
    if run.unjudged:
        console.print(run.unjudged, highlight=False, markup=False)
    if run.adapter_problem:
        console.print(f"[bold red]{run.adapter_problem}[/]", highlight=False)
    if run.interrupted:
        console.print(f"interrupted by {run.interrupted}: the cases not reached are not counted")
    console.print(run.summary_line, highlight=False, markup=False)


def one_line(message: str) -> str:
    """A failure message in one line: its head, and the first difference when the head only
    announces one ("the state differs")."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].endswith(("differs", ":")):
        return f"{lines[0].rstrip(':')}: {lines[1]}"
    return lines[0] if lines else ""


def print_rules_to_fix(rows: Sequence[RuleRow], console: Console) -> None:
    """The summary: each nonconformant rule with its failing case and that case's first line,
    then the rules not judged because of them."""
    broken = [r for r in rows if r.verdict == RuleVerdict.NONCONFORMANT.value]
    if not broken:
        return
    console.print(f"rules to fix ({len(broken)}):", style="bold red", highlight=False)
    for row in broken:
        first = row.failures[0]
        line = one_line(first.message) or first.outcome.value
        console.print(f"  {row.id} {row.title}", style="bold", highlight=False, markup=False)
        console.print(f"    {first.case.id}: {line}", highlight=False, markup=False)
        if row.because:
            console.print(f"    {evidence_line(row)}", highlight=False, markup=False)
    waiting = [r.id for r in rows if r.verdict == RuleVerdict.NOT_JUDGED.value]
    if waiting:
        text = f"not judged until those are fixed ({len(waiting)}): {', '.join(waiting)}"
        console.print(text, highlight=False, markup=False)


def evidence_line(row: RuleRow) -> str:
    """Why a rule that builds on a broken one is still reported broken, in words."""
    n = row.unexplained
    cases = "1 case fails that exercises" if n == 1 else f"{n} cases fail that exercise"
    return f"{row.id}: {cases} no broken rule it builds on ({', '.join(row.because)}); fix it too"


def _print_failures(run: Run, console: Console) -> None:
    faults_shown = 0
    for r in run.results:
        if r.outcome not in (Outcome.FAILED, Outcome.ERRORED):
            continue
        if r.fault:
            faults_shown += 1
            if faults_shown > DETAILED_FAULTS:
                continue
        label = "FAIL" if r.outcome is Outcome.FAILED else "ERROR"
        cited = ", ".join(r.blame) or "no rule"
        head = f"{label} {r.case.id} [{r.case.kind}; points at {cited}]"
        console.print(head, style="red", highlight=False, markup=False)
        for line in r.message.splitlines():
            console.print(f"    {line}", highlight=False, markup=False)
    hidden = faults_shown - DETAILED_FAULTS
    if hidden > 0:
        console.print(f"... and {hidden} more cases errored by protocol faults", highlight=False)
