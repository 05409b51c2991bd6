"""The ``scout-flow`` directive: a flow chart drawn as SVG from :mod:`scoutdocs.flowcharts`.

Each box carries the IDs of the rules it stands for, drawn as links to those rules. Reading the
page fails the build on an ID that is not in the registry; writing it fails the build on a rule
that no chapter renders. Under the picture the same flow is written out as a list, which is
what a screen reader or a phone reader gets.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from html import escape
from typing import Any

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from scout_ref.rulebook.registry import Status, rules
from scoutdocs.flowcharts import FLOWS, Arrow, Box, Flow, Kind
from scoutdocs.i18n import _, fill, rule_title, untranslatable
from scoutdocs.rules import anchor_uri, rule_ref, scout_domain

logger = logging.getLogger(__name__)

BOX_W, COL_GAP, ROW_GAP, LANE = 236, 60, 34, 26
IDS_PER_LINE = 3
LINE_H, FONT, ID_FONT, CHARS = 16, 13, 11, 30  # text lines, font sizes, characters per line
PAD = 8
FILLS = {Kind.START: "start", Kind.STEP: "step", Kind.QUESTION: "question", Kind.END: "end"}


@dataclass(frozen=True, slots=True)
class Placed:
    """A box with its wrapped text and its position in pixels."""

    box: Box
    lines: tuple[str, ...]
    x: int
    y: int
    h: int

    @property
    def cx(self) -> int:
        return self.x + BOX_W // 2

    @property
    def bottom(self) -> int:
        return self.y + self.h


def _id_lines(box: Box) -> list[tuple[str, ...]]:
    ids = box.rules
    return [ids[k : k + IDS_PER_LINE] for k in range(0, len(ids), IDS_PER_LINE)]


def _height(box: Box, lines: int) -> int:
    return 2 * PAD + (lines + len(_id_lines(box))) * LINE_H  # the text, then the rule IDs


def layout(flow: Flow) -> dict[str, Placed]:
    """Every box in pixels: a column is BOX_W wide, a row as tall as its tallest box."""
    wrapped = {b.key: tuple(textwrap.wrap(str(_(b.text)), CHARS)) for b in flow.boxes}
    rows = max(b.row for b in flow.boxes) + 1
    row_h = [
        max((_height(b, len(wrapped[b.key])) for b in flow.boxes if b.row == r), default=0)
        for r in range(rows)
    ]
    tops = [PAD + sum(row_h[:r]) + r * ROW_GAP for r in range(rows)]
    out = {}
    for b in flow.boxes:
        x = PAD + LANE + b.col * (BOX_W + COL_GAP)
        out[b.key] = Placed(b, wrapped[b.key], x, tops[b.row], row_h[b.row])
    return out


def _path(a: Placed, b: Placed, right_lane: int) -> tuple[str, tuple[int, int]]:
    """An arrow's SVG path and where its label goes: down, across, or back up the right lane."""
    if b.box.row > a.box.row:
        mid = a.bottom + ROW_GAP // 2
        if a.box.col == b.box.col:
            return f"M{a.cx} {a.bottom}V{b.y}", (a.cx + 6, a.bottom + 13)
        return f"M{a.cx} {a.bottom}V{mid}H{b.cx}V{b.y}", (b.cx + 6, b.y - 5)
    if b.box.row == a.box.row:
        start, end = (a.x + BOX_W, b.x) if b.x > a.x else (a.x, b.x + BOX_W)
        y = a.y + a.h // 2
        return f"M{start} {y}H{end}", (min(start, end) + 4, y - 5)
    y_a, y_b = a.y + a.h // 2, b.y + b.h // 2
    path = f"M{a.x + BOX_W} {y_a}H{right_lane}V{y_b}H{b.x + BOX_W}"
    return path, (right_lane + 4, y_a - 5)


def _box_svg(p: Placed, hrefs: dict[str, str], titles: dict[str, str]) -> str:
    kind = FILLS[p.box.kind]
    radius = 18 if p.box.kind in (Kind.START, Kind.END) else 4
    out = [
        f'<g class="scout-flow-box scout-flow-{kind}">',
        f'<rect x="{p.x}" y="{p.y}" width="{BOX_W}" height="{p.h}" rx="{radius}"/>',
    ]
    if p.box.kind is Kind.QUESTION:
        out.append(f'<path d="M{p.x} {p.y + 10}l10 -10M{p.x + BOX_W} {p.y + 10}l-10 -10"/>')
    for k, line in enumerate(p.lines):
        y = p.y + PAD + (k + 1) * LINE_H - 4
        out.append(
            f'<text x="{p.cx}" y="{y}" font-size="{FONT}" text-anchor="middle">'
            f"{escape(line)}</text>"
        )
    for k, chunk in enumerate(_id_lines(p.box)):
        y = p.y + PAD + (len(p.lines) + k + 1) * LINE_H - 3
        ids = [
            f'<a href="{escape(hrefs.get(r, ""))}"><title>{r}: {escape(titles[r])}</title>'
            f'<tspan class="scout-flow-id">{r}</tspan></a>'
            for r in chunk
        ]
        out.append(
            f'<text x="{p.cx}" y="{y}" font-size="{ID_FONT}" text-anchor="middle">'
            f"{' '.join(ids)}</text>"
        )
    out.append("</g>")
    return "".join(out)


def flow_svg(flow: Flow, hrefs: dict[str, str], titles: dict[str, str]) -> str:
    """The whole chart; ``hrefs`` maps a rule ID to the link drawn on it, ``titles`` to the
    rule's title in the build's language."""
    placed = layout(flow)
    cols = max(b.col for b in flow.boxes) + 1
    right_lane = PAD + LANE + cols * (BOX_W + COL_GAP) - COL_GAP + LANE
    width = right_lane + LANE
    height = max(p.bottom for p in placed.values()) + PAD
    arrows = []
    for arrow in flow.arrows:
        path, (lx, ly) = _path(placed[arrow.source], placed[arrow.target], right_lane)
        arrows.append(f'<path class="scout-flow-arrow" d="{path}" marker-end="url(#arrowhead)"/>')
        if arrow.label:
            arrows.append(
                f'<text class="scout-flow-label" x="{lx}" y="{ly}" font-size="{ID_FONT}">'
                f"{escape(str(_(arrow.label)))}</text>"
            )
    marker = (
        '<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" '
        'class="scout-flow-head"/></marker></defs>'
    )
    boxes = "".join(_box_svg(p, hrefs, titles) for p in placed.values())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="scout-flow" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif">'
        f"<title>{escape(str(_(flow.title)))}</title>{marker}{''.join(arrows)}{boxes}</svg>"
    )


class flow_figure(nodes.General, nodes.Element):
    """A flow chart, drawn when the page is written (its rule links need the final pages)."""


def visit_flow_figure(translator: Any, node: flow_figure) -> None:
    builder = translator.builder
    pages = scout_domain(builder.env).rule_pages
    flow = FLOWS[node["flow"]]
    hrefs = {}
    cited = sorted({r for b in flow.boxes for r in b.rules})
    titles = {r: rule_title(builder.env, rules()[r]) for r in cited}
    for rule_id in cited:
        if rule_id not in pages:
            logger.warning("flow %s cites %s, which no chapter renders", node["flow"], rule_id)
            continue
        hrefs[rule_id] = anchor_uri(builder, builder.current_docname, pages[rule_id], rule_id)
    svg = flow_svg(flow, hrefs, titles)
    translator.body.append(f'<div class="scout-flow-figure">{svg}</div>')
    raise nodes.SkipNode


def depart_flow_figure(translator: Any, node: flow_figure) -> None:
    """Never called: the visitor writes the whole figure and skips the node."""


def _outline(flow: Flow) -> nodes.enumerated_list:
    """The chart as a numbered list: each box, its rules, and where its arrows lead."""
    number = {b.key: k for k, b in enumerate(flow.boxes, 1)}
    items = nodes.enumerated_list(classes=["scout-flow-outline"])
    for box in flow.boxes:
        para = nodes.paragraph()
        cited = nodes.inline()
        for k, rule_id in enumerate(box.rules):
            if k:
                cited += nodes.Text(", ")
            cited += rule_ref(rule_id)
        leads = "; ".join(_lead(a, number) for a in flow.arrows if a.source == box.key)
        message = _("{step} ({rules}): {leads}.") if leads else _("{step} ({rules})")
        para += fill(str(message), step=str(_(box.text)), rules=cited, leads=leads)
        items += nodes.list_item("", para)
    return items


def _lead(arrow: Arrow, number: dict[str, int]) -> str:
    if arrow.label:
        return str(_("{label}, go to {step}")).format(
            label=_(arrow.label), step=number[arrow.target]
        )
    return str(_("go to {step}")).format(step=number[arrow.target])


class FlowDirective(SphinxDirective):
    """``.. scout-flow:: turn``: the chart named (``turn`` or ``round-end``) and its outline."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        if name not in FLOWS:
            raise self.error(f"unknown flow {name!r}; known: {', '.join(FLOWS)}")
        flow = FLOWS[name]
        for box in flow.boxes:
            for rule_id in box.rules:
                rule = rules().get(rule_id)
                if rule is None or rule.status is Status.RETIRED:
                    raise self.error(
                        f"flow {name!r}, box {box.key!r}: {rule_id} is not a live rule"
                    )
        figure = flow_figure(flow=name)
        self.set_source_info(figure)
        details = nodes.container(classes=["scout-flow-text"])
        title = nodes.paragraph()
        heading = str(_("The chart as a list"))
        title += nodes.strong(heading, heading)
        details += title
        details += _outline(flow)
        return [figure, untranslatable(details)]
