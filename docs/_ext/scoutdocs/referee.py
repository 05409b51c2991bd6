"""The referee panel (issue 30): ask the reference engine about a position on the page itself.

A collapsed panel sits under the title of the index, every rule chapter, the FAQ and every page
with a worked example; each worked example gets a "try it from here" button that moves the panel
under it, fills in the example's position and move and asks the engine. Nothing but this
module's small script and style sheet reaches the reader until the panel is first opened: the
script then loads the engine (Pyodide and the project's wheel, served by the site itself, whose
global ``scoutRef`` answers exactly as ``scout-ref explain --json`` and ``legal --json``).

Every word the panel shows is this extension's, from ``scoutdocs.po`` like the pictures' labels
(:data:`LABELS`, written into the page in the edition's language); the reasoning and the rule
texts come from the engine in that language (the page's ``lang``); moves, reason codes and rule
IDs stay as everywhere. The positions are drawn by :mod:`scoutdocs.cards` itself, run in the page
beside the engine (:mod:`scoutdocs.pictures`), so the panel's pictures are the rulebook's.
"""

from __future__ import annotations

import ast
import json
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config

from scout_ref import State
from scout_ref.formats.position_line import format_position
from scoutdocs import cards, tally
from scoutdocs.editions import ONEPAGE
from scoutdocs.i18n import _, language
from scoutdocs.scenario import Outcome

STATIC = Path(__file__).resolve().parent / "static"
"""The panel's script and style sheet, added to every build's static files."""

ENGINE_SCRIPT = "_static/referee/scoutref.js"
"""The engine's script in the built site (scoutdocs.referee_assets), should a page lack it."""

PAGES = ("index", "faq")
"""Pages with a panel besides the rule chapters and the pages with a worked example."""

LABELS = {
    "open": _("Referee: try a move in a position"),
    "players": _("Players"),
    "position": _("Position line"),
    "position_hint": _("e.g. {example}"),
    "build": _("Build the position by tapping"),
    "into": _("Put cards into"),
    "active_set": _("Active set"),
    "owner": _("Owner of the active set"),
    "nobody": _("nobody"),
    "turn": _("To act"),
    "tap_placed": _("Tapping a card in a row"),
    "turned": _("turns it round"),
    "removed": _("takes it back"),
    "clear": _("Clear"),
    "hypothetical": _("Judge it even if no game reaches it"),
    "legal_moves": _("Legal moves"),
    "no_moves": _("Nobody is to act: no legal moves"),
    "move": _("Move"),
    "try": _("Try this move"),
    "loading": _("Starting the engine (the first time takes a few seconds)\u2026"),
    "failed": _("The engine could not start: {error}"),
    "bad_input": _("Not judged:"),
    "legal": _("Legal"),
    "illegal": _("Illegal"),
    "is_legal": _("{move} is legal"),
    "is_rejected": _("{move} is rejected: {reason} ({rule})"),
    "reasoning": _("Why"),
    "cited": _("Rules cited"),
    "before": _("The position"),
    "after": _("After {moves}"),
    "go_on": _("Go on from this position"),
    "seat": _("Seat {seat}"),
    "try_here": _("Try it from here"),
}

EXAMPLE_LINE = "3p hands 3/1 4/1 | 5/2 | 6/3 7/3 active_set 2/1 owner 1"


def configure(app: Sphinx, config: Config) -> None:
    """Serve the panel's files from every build of the rulebook (and of a test's project)."""
    config.html_static_path.append(str(STATIC))
    app.add_css_file("referee.css")
    app.add_js_file("referee.js", defer="defer")


def has_panel(docname: str, doctree: nodes.document) -> bool:
    """The index, the FAQ, every rule chapter and every page with a worked example."""
    if docname == ONEPAGE:
        return False
    if docname in PAGES or docname.startswith("rulebook/"):
        return True
    return any("scout-example" in node["classes"] for node in doctree.findall(nodes.container))


def labels() -> dict[str, str]:
    """The panel's words in the build's language."""
    words = {key: str(message) for key, message in LABELS.items()}
    words["position_hint"] = words["position_hint"].format(example=EXAMPLE_LINE)
    return words


def picture_words() -> dict[str, str]:
    """Every message of :mod:`scoutdocs.cards` and :mod:`scoutdocs.tally` (the ``_("...")`` in
    their source), translated into the build's language: the words the page's copy of them draws
    with (``_static/referee/i18n.py``)."""
    words = {}
    for module in (cards, tally):
        for node in ast.walk(ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
                first = node.args[0]
                if node.func.id == "_" and isinstance(first, ast.Constant):
                    words[str(first.value)] = str(_(str(first.value)))
    return words


def drawing() -> dict[str, Any]:
    """What the panel draws the cards one taps with before the engine has started: one card of
    :mod:`scoutdocs.cards` as a template, the numbers' colours, and the sizes of a row. Every
    picture of a position the engine answers with is drawn by :mod:`scoutdocs.cards` itself, in
    the page (:mod:`scoutdocs.pictures`)."""
    return {
        "card": cards.CARD_TEMPLATE,
        "card_w": cards.CARD_W,
        "card_h": cards.CARD_H,
        "gap": cards.GAP,
        "margin": cards.MARGIN,
        "underlined": list(cards.UNDERLINED),
        "colours": {str(n): colour for n, colour in cards.COLOURS.items()},
        "words": picture_words(),
    }


def panel_html(app: Sphinx, docname: str) -> str:
    """The collapsed panel: a summary to open, a body the script fills in when it is opened."""
    builder = app.builder
    root = builder.get_relative_uri(docname, "index").rpartition("/")[0]
    prefix = f"{root}/" if root else ""
    config = {
        "lang": language(app.env),
        "engine": prefix + ENGINE_SCRIPT,
        "rules": builder.get_relative_uri(docname, "rules"),
        "labels": labels(),
        "drawing": drawing(),
    }
    data = escape(json.dumps(config, ensure_ascii=False, separators=(",", ":")))
    return (
        f'<details class="scout-referee" data-referee="{data}">'
        f"<summary>{escape(str(LABELS['open']))}</summary>"
        '<div class="scout-referee-body"></div></details>'
    )


def add_panel(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Put the panel under the page's title (HTML builds of the site only, not the print view)."""
    if app.builder.name not in ("html", "dirhtml") or not has_panel(docname, doctree):
        return
    panel = nodes.raw("", panel_html(app, docname), format="html")
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        doctree.insert(0, panel)
        return
    title = next(iter(section.findall(nodes.title)), None)
    section.insert(section.index(title) + 1 if title is not None else 0, panel)


def trial(outcome: Outcome) -> tuple[State, str]:
    """What an example's "try it" asks: the last move it plays, in the position it is played in
    (so the panel's verdict is the example's); with no move, the position it ends in."""
    moved = [step for step in outcome.steps if step.move is not None]
    if not moved:
        return outcome.final, ""
    last = moved[-1]
    return last.before, str(last.move)


def try_button(outcome: Outcome) -> str:
    """The example's "try it from here" button, carrying its position line and move."""
    state, move = trial(outcome)
    return (
        '<p class="scout-try-holder"><button type="button" class="scout-try" '
        f'data-position="{escape(format_position(state))}" data-move="{escape(move)}">'
        f"{escape(str(LABELS['try_here']))}</button></p>"
    )
