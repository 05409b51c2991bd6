"""The referee panel's pictures of positions, drawn in the page by :mod:`scoutdocs.cards` itself.

``scoutref.js`` installs this module with ``cards.py`` and ``tally.py`` (copied into the site by
:mod:`scoutdocs.referee_assets`) beside the engine, under a ``scoutdocs`` of their own whose
``i18n`` is the page's (``_static/referee/i18n.py``: the build's translations of their messages,
:func:`scoutdocs.referee.picture_words`). So the panel draws a position exactly as the
rulebook's worked examples do, in the edition's words: the same cards, rows, labels and marks,
and after a move that ends a round, each seat's scoring line (:mod:`scoutdocs.tally`). Nothing
here imports Sphinx.
"""

from __future__ import annotations

from scout_ref.engine.notation import parse_written
from scout_ref.formats.position_line import parse_position
from scoutdocs.cards import Marks, move_marks, state_svg


def draw(line: str, title: str, move: str, per_row: int) -> str:
    """The picture of the position ``line`` (a canonical line, as the engine's documents write
    it) with every seat, ``per_row`` cards to a line, marking what ``move`` (if any) uses."""
    state = parse_position(line)
    marks = move_marks(state, parse_written(move)) if move else Marks()
    return state_svg(state, range(state.players), marks, title, per_row)
