"""The ``round-statistics`` directive: round lengths in random play, measured when the docs build.

The figures are computed from seeded games each time the page is read, so they always describe
the engine as it is; the sample sizes are printed with them.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from scout_ref.analysis.longest import TWO_PLAYER_MAX_TURNS, longest_two_player_round
from scout_ref.analysis.simulation import random_game
from scoutdocs.cache import cached
from scoutdocs.i18n import _

CAP = 10_000  # moves per round; a round of random play this long would be reported as truncated
BIN = 10  # moves per histogram bar
BAR_WIDTH, PANEL_HEIGHT, LEFT, TOP = 14, 60, 70, 14


@dataclass(frozen=True, slots=True)
class Sample:
    """The rounds of ``games`` seeded random games with ``players`` players."""

    players: int
    games: int
    lengths: tuple[int, ...]  # moves per finished round, rotation decisions included
    truncated: int
    repeated: int  # rounds in which a position came back (SC-END-04)


def sample(players: int, games: int) -> Sample:
    """Play the games and measure their rounds."""
    rounds = [
        rnd
        for k in range(games)
        for rnd in random_game(players, f"stats-{players}p-{k}", max_moves=CAP).rounds
    ]
    return Sample(
        players,
        games,
        tuple(len(r.moves) for r in rounds if not r.truncated),
        sum(r.truncated for r in rounds),
        sum(r.first_repeat() is not None for r in rounds),
    )


def histogram_svg(samples: list[Sample]) -> str:
    """One bar chart per player count, sharing the length axis: rounds per bin of moves."""
    longest = max(max(s.lengths) for s in samples)
    bins = longest // BIN + 1
    width = LEFT + bins * BAR_WIDTH + 10
    height = TOP + len(samples) * (PANEL_HEIGHT + 24) + 20
    # the labels are looked up outside the f-strings, where the catalog extractor finds them
    title = str(_("Round lengths in random play, by player count"))
    axis_label = str(_("moves per round (bars of {size})")).format(size=BIN)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" class="scout-histogram" '
        'fill="currentColor">',
        f"<title>{escape(title)}</title>",
    ]
    for k, s in enumerate(samples):
        counts = [0] * bins
        for n in s.lengths:
            counts[n // BIN] += 1
        peak = max(counts)
        base = TOP + k * (PANEL_HEIGHT + 24) + PANEL_HEIGHT
        label = str(_("{count} players")).format(count=s.players)
        parts.append(
            f'<text x="0" y="{base - PANEL_HEIGHT / 2}" font-size="12">{escape(label)}</text>'
        )
        parts.append(
            f'<line x1="{LEFT}" y1="{base}" x2="{width - 10}" y2="{base}" stroke="currentColor"/>'
        )
        for b, count in enumerate(counts):
            if count:
                h = PANEL_HEIGHT * count / peak
                tip = str(_("{count} rounds of {low}-{high} moves")).format(
                    count=count, low=b * BIN, high=b * BIN + BIN - 1
                )
                parts.append(
                    f'<rect x="{LEFT + b * BAR_WIDTH}" y="{base - h:.1f}" width="{BAR_WIDTH - 1}" '
                    f'height="{h:.1f}" fill="#4a7ab5"><title>{escape(tip)}</title></rect>'
                )
    axis = TOP + len(samples) * (PANEL_HEIGHT + 24) + 4
    for tick in range(0, bins * BIN + 1, 50):
        x = LEFT + tick // BIN * BAR_WIDTH
        parts.append(f'<text x="{x}" y="{axis}" font-size="10" text-anchor="middle">{tick}</text>')
    parts.append(f'<text x="{LEFT}" y="{axis + 14}" font-size="10">{escape(axis_label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


HEADINGS = (
    _("players"),
    _("games"),
    _("rounds"),
    _("mean"),
    _("median"),
    _("longest"),
    _("truncated"),
    _("repeated"),
)
"""The statistics table's column headings."""


def _row(cells: list[str]) -> nodes.row:
    row = nodes.row()
    for text in cells:
        row += nodes.entry("", nodes.paragraph(text, text, translatable=False))
    return row


def summary_table(samples: list[Sample]) -> nodes.table:
    """Players, games, rounds, mean, median and longest round, and the rounds cut or repeated."""
    head = [str(h) for h in HEADINGS]
    group = nodes.tgroup(cols=len(head))
    group += [nodes.colspec(colwidth=1) for _ in head]
    thead = nodes.thead()
    thead += _row(head)
    body = nodes.tbody()
    for s in samples:
        body += _row(
            [
                str(s.players),
                str(s.games),
                str(len(s.lengths) + s.truncated),
                f"{statistics.mean(s.lengths):.1f}",
                f"{statistics.median(s.lengths):g}",
                str(max(s.lengths)),
                str(s.truncated),
                str(s.repeated),
            ]
        )
    group += thead
    group += body
    table = nodes.table(classes=["scout-statistics"])
    table += group
    return table


class RoundStatisticsDirective(SphinxDirective):
    """``.. round-statistics::``: round lengths in seeded random play, and the longest
    two-player round the guided search finds.

    Options: ``:games:`` per player count (default 50), ``:deals:`` and ``:budget:`` for the
    search (default 10 deals of 2,000 positions each).
    """

    option_spec: ClassVar[dict[str, Callable[[str], Any]] | None] = {
        "games": directives.positive_int,
        "deals": directives.positive_int,
        "budget": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        games = self.options.get("games", 50)
        samples = cached("round-samples", lambda: [sample(n, games) for n in (2, 3, 4, 5)], games)
        deals, budget = self.options.get("deals", 10), self.options.get("budget", 2_000)
        found = cached(
            "longest-round", lambda: longest_two_player_round(deals, budget=budget), deals, budget
        )
        intro = str(
            _(
                "Measured when this page was built: {games} games of reproducible random play per "
                "player count (uniform over the legal moves, every round capped at {cap} moves). "
                "A round's length counts every move, the rotation decisions included; truncated "
                "rounds are those the cap stopped, repeated ones those in which a position came "
                "back apart from the chips and scores."
            )
        ).format(games=games, cap=CAP)
        search = str(
            _(
                "A guided computer search, over {deals} reproducible random two-player deals of "
                "at most {budget} positions each, found a round of {turns} turns of play (the "
                "bound is {bound})."
            )
        ).format(deals=deals, budget=budget, turns=len(found.moves), bound=TWO_PLAYER_MAX_TURNS)
        caption = str(_("Rounds of random play by length, {games} games per player count")).format(
            games=games
        )
        html = f"<figure class='scout-figure'>{histogram_svg(samples)}"
        html += f"<figcaption>{escape(caption)}</figcaption></figure>"
        figure = nodes.raw("", html, format="html")
        return [
            nodes.paragraph(intro, intro, translatable=False),
            summary_table(samples),
            figure,
            nodes.paragraph(search, search, translatable=False),
        ]
