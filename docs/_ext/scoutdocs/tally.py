"""The scoring line under a hand in a picture of a scored round: pile, chips and the sum.

A reader checks a round's score with the pieces in front of them: the face-down pile of captured
cards (SC-SCORE-01), the Scout chips (SC-SCORE-02), the cards left in hand (SC-SCORE-03), and
whether the owner's exemption (SC-SCORE-04) struck the hand out. The line draws the first two and
writes the sum out, so the arithmetic in the picture is the engine's, not the caption's.
"""

from __future__ import annotations

from html import escape

from scout_ref import SeatScore
from scoutdocs.i18n import _

TALLY_H = 34  # the height of one scoring line
PILE = "#6b7280"  # the back of a face-down card
CHIP = "#d4a017"


def _pile(x: int, y: int, count: int) -> str:
    """A small stack of face-down cards with the count beside it."""
    backs = "".join(
        f'<rect x="{x + 3 * k}" y="{y + 6 - 3 * k}" width="16" height="22" rx="3" fill="{PILE}" '
        f'stroke="#fff" stroke-width="1"/>'
        for k in range(3 if count else 0)
    )
    empty = (
        f'<rect x="{x}" y="{y + 6}" width="16" height="22" rx="3" fill="none" '
        f'stroke="currentColor" stroke-opacity="0.5" stroke-dasharray="3 2"/>'
        if not count
        else ""
    )
    label = f'<text x="{x + 26}" y="{y + 22}" font-size="13" fill="currentColor">{count}</text>'
    return f"{backs}{empty}{label}"


def _chips(x: int, y: int, count: int) -> str:
    """A Scout chip with the count beside it (a dashed ring when there is none)."""
    fill = f'fill="{CHIP}"' if count else 'fill="none" stroke="currentColor" stroke-dasharray="3 2"'
    return (
        f'<circle cx="{x + 9}" cy="{y + 17}" r="9" {fill}/>'
        f'<text x="{x + 24}" y="{y + 22}" font-size="13" fill="currentColor">{count}</text>'
    )


def arithmetic(score: SeatScore, in_hand: int) -> str:
    """The round score written out: ``captured 28 + chips 0 - in hand 2 = +26``.

    Each number follows its name, so no count needs a plural ("1 chips", issue 31), and the
    words are the edition's; an exempt owner's hand shows the cards it holds.
    """
    if score.exempt:
        message = _("captured {captured} + chips {chips} \u2212 in hand 0 ({held} held, exempt)")
    else:
        message = _("captured {captured} + chips {chips} \u2212 in hand {held}")
    held = in_hand if score.exempt else score.hand_penalty
    line = str(message).format(captured=score.captured, chips=score.chips, held=held)
    return f"{line} = {score.total:+d}"


TALLY_TITLE = _("round score of seat {seat}")


def tally_svg(score: SeatScore, in_hand: int, x: int, y: int) -> str:
    """One seat's scoring line at (x, y): pile, chips, then the sum in bold."""
    return (
        f'<g class="scout-tally"><title>'
        f"{escape(str(TALLY_TITLE).format(seat=score.seat))}</title>"
        f"{_pile(x, y, score.captured)}{_chips(x + 58, y, score.chips)}"
        f'<text x="{x + 104}" y="{y + 22}" font-size="13" font-weight="700" '
        f'fill="currentColor">{escape(arithmetic(score, in_hand))}</text></g>'
    )


def tally_width(score: SeatScore, in_hand: int) -> int:
    """The width a scoring line needs (bold 13px text is at most about 8px a character)."""
    return 104 + 8 * len(arithmetic(score, in_hand))
