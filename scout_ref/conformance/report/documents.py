"""Reporting a conformance run: per-rule verdicts, report.json and JUnit XML.

The JSON report follows ``spec/schema/report.schema.json``; :mod:`.report_text` prints the
readable summary, whose last line is always ``N passed, N failed`` (errored cases count as
failed).
"""

from __future__ import annotations

import fnmatch
import json
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scout_ref.conformance.model.kinds import Fault, Strictness
from scout_ref.conformance.model.outcomes import CaseResult, Finding, Outcome
from scout_ref.conformance.model.untrusted import xml_safe
from scout_ref.conformance.protocol.features import absent_rules, read_features
from scout_ref.conformance.protocol.messages import PROTOCOL_VERSION, Hello
from scout_ref.conformance.report.reproduce import reproduction, without_vectors_dir
from scout_ref.conformance.report.verdicts import (
    Judgement,
    RuleVerdict,
    blamed,
    decide,
    holding,
    judge,
    weigh,
)
from scout_ref.rulebook.registry import Status, rules, spec_version
from scout_ref.util.atomic import write_atomic
from scout_ref.util.text import plural

BAD = (Outcome.FAILED, Outcome.ERRORED)


@dataclass(frozen=True, slots=True)
class Run:
    """Everything a conformance run produced."""

    command: Sequence[str]
    hello: Hello | None
    strictness: Strictness
    results: Sequence[CaseResult]
    findings: Sequence[Finding]
    restarts: int
    broken: bool
    rule_patterns: Sequence[str] = ()
    interrupted: str | None = None
    """The signal that stopped the run early (``SIGTERM``...); the cases not reached are absent."""
    rerun_options: Sequence[str] = ()
    """The ``conform`` options that rerun a case as this run judged it (adapter, folder...)."""
    vectors_dir: Path | None = None
    """The vector folder, if not the shipped ``spec/vectors``."""
    selection_options: Sequence[str] = ()
    """The ``conform`` options that selected the cases (``--rule``, ``--kind``, ``--case``)."""
    cluster_options: Sequence[str] = ()
    """The ``conform`` options that played the fuzz games on a cluster (``--scheduler``), for
    the run again (a rerun of one game plays it here)."""
    selected: int = 0
    """How many vector cases were selected (the random deals and fuzz games come on top)."""
    stopped_early: bool = False
    """Whether ``--fail-fast`` stopped the run before every selected case was judged."""
    given_up: tuple[tuple[str, str], ...] = ()
    """The request kinds the runner stopped sending (kind, why), each after failing repeatedly
    in a row; the other kinds were judged."""
    random_options: Sequence[str] = ()
    """The ``conform`` options that ask for the same random deals (``--random-deals``,
    ``--seed``)."""
    broke_off: str | None = None
    """Why the run stopped before its end other than by a signal: its cluster (``--scheduler``)
    closed, died or lost its workers. The cases judged before it are kept."""

    @property
    def partial(self) -> str | None:
        """Why the report lists only part of the run (a signal, or the run's cluster failing),
        or None for a whole run."""
        if self.interrupted:
            return f"interrupted by {self.interrupted}"
        return self.broke_off

    def reproduction(self, result: CaseResult) -> list[str]:
        """The lines that locate and reproduce a failure (``report.reproduce``); a fuzz game is
        rerun from the trace vector it was saved as."""
        if result.case.kind == "random":  # the same deals: their number and seed
            return reproduction(result, [*self.rerun_options, *self.random_options], None)
        if result.case.kind != "fuzz":
            return reproduction(result, self.rerun_options, self.vectors_dir)
        saved = [f.path for f in self.findings if f.case_id == result.case.id]
        words = self.selection_options  # their --fuzz N --seed S (--fuzz-deal) come last
        fuzz = words[words.index("--fuzz") :] if "--fuzz" in words else []
        if not saved and result.own_deals is not None and fuzz:  # an own deal departs: no trace
            lines = reproduction(result, [*self.rerun_options, *fuzz], None)  # shows it
            return [x for x in lines if not x.startswith("vector: ")]
        if not saved:  # a repeat of an earlier finding: its position and the reference's answer
            lines = reproduction(result, (), None)
            return [x for x in lines if x.startswith(("position: ", "reference: "))]
        folder = saved[0].parent.parent
        options = [*without_vectors_dir(self.rerun_options), "--vectors-dir", str(folder)]
        return reproduction(result, options, folder)

    @property
    def rules(self) -> list[RuleRow]:
        """The verdict of each rule the run's rule patterns match, in rulebook order."""
        return _rule_rows(self)

    @property
    def weighed(self) -> list[CaseResult]:
        """The results, each failure blamed as the whole run's evidence leaves it (``weigh`` of
        ``scout_ref.conformance.report.verdicts``: spec/INTERPRETING.md, How verdicts are
        decided)."""
        return weigh(self.results)

    def count(self, outcome: Outcome) -> int:
        """How many cases had ``outcome``."""
        return sum(1 for r in self.results if r.outcome is outcome)

    @property
    def faults(self) -> Counter[Fault]:
        """Protocol errors by fault."""
        return Counter(r.fault for r in self.results if r.fault)

    @property
    def conformant(self) -> bool:
        """Exit 0: a whole run, nothing failed or errored, no protocol error, something passed."""
        bad = self.count(Outcome.FAILED) + self.count(Outcome.ERRORED)
        whole = self.partial is None
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
    def own_deal_line(self) -> str | None:
        """The fuzz games started from the adapter's own deal, in one line (None if none)."""
        games = [r.own_deals for r in self.results if r.own_deals is not None]
        if not games:
            return None
        rounds = [d for game in games for d in game]
        adopted = sum(d.adopted for d in rounds)
        failed = sum(d.outcome is Outcome.FAILED for d in rounds)
        unjudged = sum(d.outcome in (Outcome.ERRORED, Outcome.SKIPPED) for d in rounds)
        text = (
            f"{plural(len(games), 'fuzz game')} started from the adapter's own deal: "
            f"{plural(len(rounds), 'round')} dealt by it, {adopted} adopted, "
            f"{failed} breaking a deal rule"
        )
        return text + (f", {unjudged} not judged (errored or skipped)" if unjudged else "")

    @property
    def adapter_problem(self) -> str | None:
        """A plain statement that the adapter is broken, when it broke the protocol (a case
        that timed out is that case's time-out: :attr:`timed_out`)."""
        faults = Counter({f: n for f, n in self.faults.items() if f != "hang"})
        if not faults and not self.given_up:  # a kind is given up at its first time-out too
            return None
        kinds = ", ".join(f"{fault} {n}" for fault, n in sorted(faults.items()))
        text = "the adapter, not the rules, is broken"
        if faults:
            text += (
                f": {plural(faults.total(), 'case')} hit protocol errors ({kinds}); "
                f"it was restarted {plural(self.restarts, 'time')}"
            )
        if self.broken:
            text += " and given up after failing repeatedly in a row"
        for kind, why in self.given_up:
            text += f"; its {kind} requests were given up ({why}), the other kinds judged on"
        return text

    @property
    def timed_out(self) -> str | None:
        """The cases that got no reply in time, by kind, with the time each was given."""
        hung = Counter(r.case.kind for r in self.results if r.fault == "hang")
        if not hung:
            return None
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(hung.items()))
        return (
            f"{plural(hung.total(), 'case')} timed out ({kinds}): each message says the time "
            f"it was given; a slow engine gets longer with --timeout KIND=SECONDS"
        )


@dataclass(frozen=True, slots=True)
class RuleRow:
    """One rule's verdict (``scout_ref.conformance.report.verdicts``) and counts."""

    id: str
    status: Status
    title: str
    passed: int
    failed: int
    errored: int
    cases: int
    verdict: RuleVerdict
    because: tuple[str, ...] = ()
    """The broken rules it builds on that some of its failing cases exercise."""
    failures: tuple[CaseResult, ...] = ()
    """The failures blamed on the rule, unexplained and focused ones first."""
    unexplained: int = 0
    """For ``nonconformant``: the failing cases that exercise no broken rule it builds on."""
    steps_judged: int = 0
    """Steps of traces and fuzz games compared with the reference that the rule governs."""
    elsewhere: int = 0
    """Failed or errored cases citing the rule whose failure is blamed on other rules."""
    hidden_by: tuple[str, ...] = ()
    """For ``not_judged``: the failed or errored cases blamed elsewhere that use the rule."""


def _rule_rows(run: Run) -> list[RuleRow]:
    """A row per rule of the registry matching the run's rule patterns, in rulebook order."""
    rows = []
    results = run.weighed
    decided = decide(blamed(results), holding(results))
    absent = absent_rules(run.hello.capabilities) if run.hello else frozenset()
    steps: Counter[str] = Counter()
    for r in results:
        steps.update(dict(r.steps_judged))
    for rule in rules().values():
        if run.rule_patterns and not any(fnmatch.fnmatch(rule.id, p) for p in run.rule_patterns):
            continue
        mine = [r for r in results if rule.id in r.case.rules]
        tally = Counter(r.outcome for r in mine)
        judgement = judge(rule.id, results, decided)
        if rule.id in absent:  # the engine declares it lacks the notion (capabilities)
            judgement = Judgement(RuleVerdict.NOT_APPLICABLE)
        rows.append(
            RuleRow(
                id=rule.id,
                status=rule.status,
                title=rule.title,
                passed=tally[Outcome.PASSED],
                failed=tally[Outcome.FAILED],
                errored=tally[Outcome.ERRORED],
                cases=len(mine),
                verdict=judgement.verdict,
                because=judgement.because,
                failures=judgement.failures,
                elsewhere=sum(
                    1
                    for r in mine
                    if r.outcome in (Outcome.FAILED, Outcome.ERRORED)
                    and r not in judgement.failures
                ),
                unexplained=judgement.unexplained,
                steps_judged=steps[rule.id],
                hidden_by=judgement.hidden_by,
            )
        )
    return rows


def to_json(run: Run) -> dict[str, object]:
    """The report object (``spec/schema/report.schema.json``)."""
    hello = run.hello
    return {
        "report_version": 2,
        "spec_version": spec_version(),
        "protocol": PROTOCOL_VERSION if hello is None else hello.protocol,
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
                    "features": sorted(read_features(hello.capabilities.features)),
                },
            },
        },
        "strictness": run.strictness,
        "interrupted": run.interrupted,
        "partial": run.partial,
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
                "status": row.status.value,
                "title": row.title,
                "verdict": row.verdict.value,
                "because": list(row.because),
                "blamed_by": [r.case.id for r in row.failures],
                "unexplained": row.unexplained,
                "passed": row.passed,
                "failed": row.failed,
                "errored": row.errored,
                "cases": row.cases,
                "steps_judged": row.steps_judged,
                "hidden_by": list(row.hidden_by),
            }
            for row in run.rules
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
                "fault": r.fault or "",
                "steps_judged": dict(r.steps_judged),
                "deal_departed": r.deal_departed,
                "points_at": list(r.points_at),
                "uses": list(r.uses),
                "departures": [
                    {"where": d.where, "points_at": list(d.points_at)} for d in r.departures
                ],
                **_own_deals_json(r),
                **_reproduce_json(run, r),
            }
            for r in run.weighed
        ],
        "findings": [{"case_id": f.case_id, "path": str(f.path)} for f in run.findings],
    }


def _own_deals_json(result: CaseResult) -> dict[str, object]:
    """A fuzz game's start (``adapter`` or ``reference``) and the adapter's deals, if any."""
    if result.case.kind != "fuzz":
        return {}
    deals = result.own_deals
    return {
        "start": "reference" if deals is None else "adapter",
        "own_deals": [
            {
                "round": d.round,
                "step": d.step,
                "seed": d.seed,
                "outcome": d.outcome.value,
                "adopted": d.adopted,
                "message": d.message,
                "blame": list(d.blame),
            }
            for d in deals or ()
        ],
    }


def _reproduce_json(run: Run, result: CaseResult) -> dict[str, object]:
    """A failure's position and the commands that reproduce it; nothing for other outcomes."""
    if result.outcome not in (Outcome.FAILED, Outcome.ERRORED):
        return {}
    return {"position": result.position, "reproduce": commands(run, result)}


def commands(run: Run, result: CaseResult) -> list[str]:
    """The commands of a failure's reproduction lines: the reference's, then the rerun."""
    return [
        line.split(": ", 1)[1]
        for line in run.reproduction(result)
        if line.startswith(("reference: ", "rerun: "))
    ]


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
    if run.partial:  # the cases not reached are absent: the suite says so
        ET.SubElement(ET.SubElement(suite, "properties"), "property", name="partial").set(
            "value", run.partial
        )
    for r in run.weighed:
        case = ET.SubElement(suite, "testcase", classname=r.case.kind, name=r.case.id)
        first_line = r.message.splitlines()[0] if r.message else ""
        if r.blame:
            first_line = f"[{', '.join(r.blame)}] {first_line}"
        text = "\n".join([r.message, *run.reproduction(r)]) if r.outcome in BAD else ""
        match r.outcome:
            case Outcome.FAILED:
                ET.SubElement(case, "failure", message=first_line).text = text
            case Outcome.ERRORED:
                ET.SubElement(
                    case, "error", message=first_line, type=r.fault or "errored"
                ).text = text
            case Outcome.SKIPPED | Outcome.NOT_APPLICABLE:
                ET.SubElement(case, "skipped", message=r.message)
            case Outcome.PASSED:
                pass
        properties = [("rule", rule_id) for rule_id in r.case.rules]
        properties += [("blame", rule_id) for rule_id in r.blame]
        if r.outcome in BAD:  # a repeated fuzz finding at a deal may have no command at all
            properties += [("position", r.position)]
            properties += [("command", command) for command in commands(run, r)[-1:]]
        ET.SubElement(case, "properties").extend(
            ET.Element("property", name=name, value=value) for name, value in properties
        )
    root = ET.Element("testsuites")
    root.append(suite)
    _xml_safe_tree(root)
    write_atomic(path, ET.tostring(root, encoding="utf-8", xml_declaration=True), "--junit")


def _xml_safe_tree(root: ET.Element) -> None:
    """Replace in place every character of an attribute or text that XML 1.0 cannot hold
    (ElementTree escapes markup but writes a control character as it is: malformed XML)."""
    for element in root.iter():
        element.attrib.update({k: xml_safe(v) for k, v in element.attrib.items()})
        if element.text:
            element.text = xml_safe(element.text)
