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
from scout_ref.registry import rules, spec_version

JUDGED = (Outcome.PASSED, Outcome.FAILED, Outcome.ERRORED)
_STYLE = {
    "conformant": "green",
    "nonconformant": "bold red",
    "partial": "yellow",
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
    """One rule's verdict and counts."""

    id: str
    status: str
    title: str
    passed: int
    failed: int
    errored: int
    cases: int
    focus_failed: int = 0

    @property
    def verdict(self) -> str:
        """conformant, nonconformant, partial or not_applicable.

        Nonconformant when a case written to test this rule (its ``focus``) failed, or when
        every case citing it failed; partial when only cases that merely exercise it failed.

        >>> RuleRow("SC-SET-03", "normative", "Runs", 6, failed=3, errored=0, cases=9).verdict
        'partial'
        >>> RuleRow("SC-SET-03", "normative", "Runs", 6, 3, 0, 9, focus_failed=1).verdict
        'nonconformant'
        """
        bad = self.failed + self.errored
        if self.passed + bad == 0:
            return "not_applicable"
        if bad == 0:
            return "conformant"
        return "nonconformant" if self.passed == 0 or self.focus_failed else "partial"


def rule_rows(run: Run) -> list[RuleRow]:
    """A row per rule of the registry matching the run's rule patterns, in rulebook order."""
    rows = []
    for rule in rules().values():
        if run.rule_patterns and not any(fnmatch.fnmatch(rule.id, p) for p in run.rule_patterns):
            continue
        mine = [r for r in run.results if rule.id in r.case.rules]
        tally = Counter(r.outcome for r in mine)
        rows.append(
            RuleRow(
                id=rule.id,
                status=rule.status.value,
                title=rule.title,
                passed=tally[Outcome.PASSED],
                failed=tally[Outcome.FAILED],
                errored=tally[Outcome.ERRORED],
                cases=len(mine),
                focus_failed=sum(
                    r.case.focus == rule.id and r.outcome in (Outcome.FAILED, Outcome.ERRORED)
                    for r in mine
                ),
            )
        )
    return rows


def to_json(run: Run) -> dict[str, object]:
    """The report object (``spec/schema/report.schema.json``)."""
    hello = run.hello
    return {
        "report_version": 1,
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
        },
        "adapter_problem": run.adapter_problem,
        "rules": [
            {
                "id": row.id,
                "status": row.status,
                "title": row.title,
                "verdict": row.verdict,
                "passed": row.passed,
                "failed": row.failed,
                "errored": row.errored,
                "cases": row.cases,
            }
            for row in rule_rows(run)
        ],
        "cases": [
            {
                "id": r.case.id,
                "kind": r.case.kind,
                "source": r.case.source,
                "rules": list(r.case.rules),
                "normative": r.case.normative,
                "outcome": r.outcome.value,
                "message": r.message,
                "fault": r.fault,
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
    table = Table(title="verdict per rule", title_justify="left")
    for column in ("rule", "status", "title", "passed", "failed", "verdict"):
        table.add_column(column, justify="right" if column in ("passed", "failed") else "left")
    for row in rule_rows(run):
        style = _STYLE[row.verdict]
        table.add_row(
            row.id,
            row.status,
            row.title,
            str(row.passed),
            str(row.failed + row.errored),
            f"[{style}]{row.verdict.replace('_', ' ')}[/]",
        )
    console.print(table)
    rest = ", ".join(
        f"{run.count(o)} {o.value.replace('_', ' ')}"
        for o in (Outcome.ERRORED, Outcome.SKIPPED, Outcome.NOT_APPLICABLE)
    )
    console.print(f"cases: {rest} (errored cases count as failed)", highlight=False)
    for finding in run.findings:
        console.print(f"new vector: {finding.path}", highlight=False)
    if run.adapter_problem:
        console.print(f"[bold red]{run.adapter_problem}[/]", highlight=False)
    if run.interrupted:
        console.print(f"interrupted by {run.interrupted}: the cases not reached are not counted")
    console.print(run.summary_line, highlight=False, markup=False)


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
        cited = ", ".join(r.case.rules[:4]) or "no rule"
        if len(r.case.rules) > 4:
            cited += f" +{len(r.case.rules) - 4} more"
        head = f"{label} {r.case.id} [{r.case.kind}; {cited}]"
        console.print(head, style="red", highlight=False, markup=False)
        for line in r.message.splitlines():
            console.print(f"    {line}", highlight=False, markup=False)
    hidden = faults_shown - DETAILED_FAULTS
    if hidden > 0:
        console.print(f"... and {hidden} more cases errored by protocol faults", highlight=False)
