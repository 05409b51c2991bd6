"""The referee panel's pictures are the rulebook's (issue 30): the page runs scoutdocs.cards and
scoutdocs.tally themselves (scoutdocs.pictures) under its own i18n (docs/_static/referee/i18n.py),
installed here as scoutref.js installs them, in a Python of their own that has no Sphinx on its
path; and the card template the panel fills before the engine starts is cards.card_svg's card."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scout_ref import oriented
from scout_ref.formats.position_line import parse_position
from tests.rulebook_build import DOCS

pytestmark = pytest.mark.rule  # the pictures' plumbing; what they draw is the engine's

EXTENSION = DOCS / "_ext" / "scoutdocs"
ROUND_OVER = (
    "3p round 2 phase round_over round_end empty_hand hands 9/3 8/2 8/1 6/9 7/8 7/9 8/9 | - | "
    "4/9 5/7 5/9 6/8 active_set 7/1 8/4 owner 1 captured 1-5 2-3 2-4 2-5 3-8 6-7 | - | "
    "1-2 1-4 1-9 2-7 2-9 3-7 4-5 5-6 5-8 scout_chips 0 1 3 scores -10 14 -2"
)  # what explain --json gives as "after" for show 0-1, which empties seat 1's hand
PLAYING = (
    "3p round 2 turn 1 hands 9/3 8/2 8/1 6/9 7/8 7/9 8/9 | 7/1 8/4 | 4/9 5/7 5/9 6/8 active_set "
    "5/3 6/1 owner 0 captured - | 1-3 2-6 3-4 3-6 4-6 4-7 | 1-2 1-4 1-9 2-7 2-9 3-7 4-5 5-6 5-8 "
    "scout_chips 0 1 3 scores -9 5 -10"
)


@pytest.fixture
def extension(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(DOCS / "_ext"))


def _in_the_page(tmp_path: Path, calls: list[list[object]], words: dict[str, str]) -> list[str]:
    """``scoutdocs.pictures.draw(*call)`` for each call, in a Python whose ``scoutdocs`` is the
    page's: the three modules the site serves and the page's i18n with ``words``."""
    package = tmp_path / "scoutdocs"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    shutil.copy(DOCS / "_static" / "referee" / "i18n.py", package / "i18n.py")
    for name in ("cards.py", "tally.py", "pictures.py"):
        shutil.copy(EXTENSION / name, package / name)
    script = (
        "import json, sys\nfrom scoutdocs import i18n\nfrom scoutdocs.pictures import draw\n"
        "calls, words = json.load(sys.stdin)\ni18n.WORDS.update(words)\n"
        "assert 'sphinx' not in sys.modules\nprint(json.dumps([draw(*c) for c in calls]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps([calls, words]),
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    drawn: list[str] = json.loads(done.stdout)
    return drawn


def test_the_page_draws_a_position_as_the_rulebook_does(extension: None, tmp_path: Path) -> None:
    from scoutdocs.cards import move_marks, state_svg  # noqa: PLC0415 - the docs' extension

    from scout_ref.engine.notation import parse_written  # noqa: PLC0415

    calls: list[list[object]] = [[PLAYING, "Before", "show 0-1", 6], [ROUND_OVER, "After", "", 99]]
    page = _in_the_page(tmp_path, calls, {})
    before, after = parse_position(PLAYING), parse_position(ROUND_OVER)
    marks = move_marks(before, parse_written("show 0-1"))
    assert page == [
        state_svg(before, range(3), marks, "Before", 6),
        state_svg(after, range(3), type(marks)(), "After", 99),
    ]
    assert page[0].count('stroke-width="3"') == 2  # the two shown cards, marked
    # A finished round: each seat's scoring line, the engine's sums (-10 14 -2 less the -9 5 -10
    # before it: -1, +9, +8).
    assert page[1].count('class="scout-tally"') == 3
    assert all(f"= {total}</text>" in page[1] for total in ("-1", "+9", "+8"))


def test_the_page_draws_in_the_editions_words(tmp_path: Path) -> None:
    words = {"Seat {seat}": "Место {seat}", "round score of seat {seat}": "очки места {seat}"}
    (picture,) = _in_the_page(tmp_path, [[ROUND_OVER, "После", "", 99]], words)
    assert "Место 0" in picture
    assert "очки места 2" in picture
    assert "Seat" not in picture


def test_the_panels_card_template_is_the_rulebooks_card(extension: None) -> None:
    from scoutdocs import cards  # noqa: PLC0415 - the docs' extension

    for top in range(1, 11):
        for bottom in range(1, 11):
            if top == bottom:
                continue
            card = oriented(top, bottom)
            under = {
                n: ' text-decoration="underline"' if n in cards.UNDERLINED else ""
                for n in (top, bottom)
            }
            parts = {
                "name": f"{top}/{bottom}",
                "top": top,
                "bottom": bottom,
                "top_colour": cards.COLOURS[top],
                "bottom_colour": cards.COLOURS[bottom],
                "top_under": under[top],
                "bottom_under": under[bottom],
            }
            assert cards.CARD_TEMPLATE.format(**parts) == cards.card_svg(card, 0, 0)
