"""``.. vector-adequacy::``: how thoroughly the vectors test, measured two ways.

Functional coverage: the bins of ``spec/coverage.json`` the vectors fill, computed at build
time from the vector files. Mutation adequacy: the figures of the last mutation campaign
(``mutation/report.json``, written by ``make mutation``), with what it ran, so the page never
claims more than was measured.
"""

from __future__ import annotations

import json
from typing import Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from scoutdocs import links

REPORT = links.ROOT / "mutation" / "report.json"


def _paragraph(text: str) -> nodes.paragraph:
    para = nodes.paragraph()
    para += nodes.Text(text)
    return para


def coverage_text() -> str:
    """One sentence: bins filled of all, over how many rules."""
    bins = [n for rule in links.coverage().values() for _, n in rule]
    hit = sum(1 for n in bins if n)
    return (
        f"Functional coverage: the vectors fill {hit} of the {len(bins)} bins of the coverage "
        f"model (spec/coverage.json) over {len(links.coverage())} rules."
    )


def mutation_text(report: dict[str, Any]) -> str:
    """What the last campaign ran and found, in words."""
    ran = report["mutants"]
    scope = (
        f"a sample of {report['sample']} mutants (seed {report['seed']}) of the "
        f"{report['eligible']} its operators make"
        if report.get("sample")
        else f"all {report['eligible']} mutants its operators make"
    )
    score, pure = report["score"], report.get("score_without_equivalent")
    without = "" if pure is None else f"; without the equivalent mutants the score is {pure:.1%}"
    shown = "no score" if score is None else f"a mutation score of {score:.1%}"
    return (
        f"Mutation adequacy: the last campaign ran {scope} of the rule modules "
        f"({', '.join(report['modules'])}), judged only by the vectors and the tests of the "
        f"engine's own deals; of {ran} mutants, "
        f"{report['killed']} were killed, {report['survived']} survived and "
        f"{report['incompetent']} were incompetent: {shown}. Of the survivors, "
        f"{report['equivalent']} are listed as equivalent with the reason (mutation/"
        f"equivalent.json) and {report['unexplained']} are unexplained"
        f"{without}."
    )


class AdequacyDirective(SphinxDirective):
    """Both measures as two paragraphs."""

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(REPORT))
        out: list[nodes.Node] = [_paragraph(coverage_text())]
        if REPORT.is_file():
            out.append(_paragraph(mutation_text(json.loads(REPORT.read_text("utf-8")))))
        else:
            out.append(_paragraph("Mutation adequacy: no campaign has been recorded yet."))
        return out
