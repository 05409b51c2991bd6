"""SVG pictures of SCOUT positions: hands in order with their indices, the active set and its owner.

A card is drawn as it lies: its top number large in the upper part, its bottom number smaller
and upside down in the lower part, each part in the colour of its number, so a reader can see at
a glance what a rotation would give. Text outside the cards uses ``currentColor`` so the pictures
follow the page's light or dark theme. A picture names every seat it leaves out, and a picture
of a scored round shows each seat's captured pile, chips and the sum (:mod:`scoutdocs.tally`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from scout_ref import OrientedCard, Phase, Scout, ScoutShow, Show, State, round_scores
from scout_ref.engine.notation import End, ScoutInner, ShowCards, Written
from scoutdocs.i18n import _
from scoutdocs.tally import TALLY_H, tally_svg, tally_width

CARD_W = 48
CARD_H = 84
TOP_H = 50  # the upper part, holding the number that counts; the lower part holds the other
GAP = 6
MARGIN = 8
LABEL_H = 22
INDEX_H = 32  # the index under each card, and below it the @slot mark of a scout
ROW_GAP = 12
MIN_WIDTH = 300  # room for the row labels of short hands
NOTE_H = 20  # the line that names the seats a picture leaves out
CHAR_W = 7  # a generous width of one character of 13px text
LABEL_CHAR_W = (7.5, 9.0)  # generous widths of a character of a row's 14px label: ASCII, other
LABEL_LINE_H = 18  # each further line of a row label that is wrapped
PHONE_ROW = 6  # cards per line in the pictures for narrow screens

# One colour per number, dark enough for white numerals in both themes.
COLOURS = {
    1: "#8c5a2b",
    2: "#b03a2e",
    3: "#c25e00",
    4: "#8a7000",
    5: "#3f7a22",
    6: "#117864",
    7: "#1f618d",
    8: "#5b3fa3",
    9: "#8e3a8e",
    10: "#3d4650",
}
ACCENT = "#e6a100"


@dataclass(frozen=True, slots=True)
class Marks:
    """What to highlight: cards of the active set, cards of one hand, and an insertion slot."""

    active: frozenset[int] = frozenset()
    seat: int | None = None
    hand: frozenset[int] = frozenset()
    slot: int | None = None


UNDERLINED = (6, 9)
"""6 and 9 are underlined, as on playing cards, so an upside-down 9 never reads as 6."""


def _underline(number: int) -> str:
    return ' text-decoration="underline"' if number in UNDERLINED else ""


def _card(x: int, y: int, marked: bool, **parts: object) -> str:
    """One card at (x, y) from its parts: ``name``, ``top`` and ``bottom`` (the numbers),
    ``top_colour``, ``bottom_colour``, ``top_under`` and ``bottom_under`` (the underline)."""
    cx = x + CARD_W // 2
    by = y + TOP_H + (CARD_H - TOP_H) // 2
    outline = (
        f'<rect x="{x - 3}" y="{y - 3}" width="{CARD_W + 6}" height="{CARD_H + 6}" rx="8" '
        f'fill="none" stroke="{ACCENT}" stroke-width="3"/>'
        if marked
        else ""
    )
    return (
        f"{outline}"
        f'<g class="scout-card"><title>{parts["name"]}</title>'
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" '
        f'fill="{parts["bottom_colour"]}"/>'
        f'<path d="M{x} {y + TOP_H}V{y + 6}a6 6 0 0 1 6 -6H{x + CARD_W - 6}'
        f'a6 6 0 0 1 6 6V{y + TOP_H}Z" fill="{parts["top_colour"]}"/>'
        f'<line x1="{x + 4}" y1="{y + TOP_H}" x2="{x + CARD_W - 4}" y2="{y + TOP_H}" '
        f'stroke="#fff" stroke-opacity="0.6"/>'
        f'<text x="{cx}" y="{y + 33}" font-size="26" font-weight="700" text-anchor="middle" '
        f'fill="#fff"{parts["top_under"]}>{parts["top"]}</text>'
        f'<text x="{cx}" y="{by + 7}" font-size="19" font-weight="700" text-anchor="middle" '
        f'fill="#fff"{parts["bottom_under"]} transform="rotate(180 {cx} {by})">'
        f"{parts['bottom']}</text></g>"
    )


def card_svg(card: OrientedCard, x: int, y: int, *, marked: bool = False) -> str:
    """One card at (x, y): top number large, bottom number small and inverted."""
    return _card(
        x,
        y,
        marked,
        name=card,
        top=card.top,
        bottom=card.bottom,
        top_colour=COLOURS[card.top],
        bottom_colour=COLOURS[card.bottom],
        top_under=_underline(card.top),
        bottom_under=_underline(card.bottom),
    )


CARD_PARTS = ("name", "top", "bottom", "top_colour", "bottom_colour", "top_under", "bottom_under")
CARD_TEMPLATE = _card(0, 0, False, **{part: f"{{{part}}}" for part in CARD_PARTS})
"""One card at (0, 0) as :func:`card_svg` draws it, each part a ``{placeholder}``: the referee
panel fills it in to draw the cards one taps before the engine has started (issue 30)."""


def move_marks(state: State, move: Written) -> Marks:
    """What ``move`` uses, to highlight in the picture of ``state`` before it: the shown cards,
    or the scouted card and the slot it goes to."""
    seat = state.turn
    match move:
        case Show(first, last):
            return Marks(seat=seat, hand=frozenset(range(first, last + 1)))
        case Scout() | ScoutShow():
            scout = move if isinstance(move, Scout) else move.scout
            end = 0 if scout.end is End.LEFT else len(state.active_set) - 1
            return Marks(active=frozenset({end}), seat=seat, slot=scout.slot)
        case ScoutInner(position, _, slot):
            return Marks(active=frozenset({position}), seat=seat, slot=slot)
        case ShowCards(positions):
            return Marks(seat=seat, hand=frozenset(positions))
        case _:
            return Marks()


def _place(k: int, per_row: int) -> tuple[int, int]:
    """The x offset and line number of the k-th card of a row wrapped every ``per_row`` cards."""
    return MARGIN + (k % per_row) * (CARD_W + GAP), k // per_row


def _lines(n: int, per_row: int) -> int:
    return max(1, -(-n // per_row))


def _words(part: str) -> list[str]:
    """The words of a label's part, a word of one or two characters (a seat's number, "0)")
    kept with the word before it."""
    words: list[str] = []
    for word in part.split(" "):
        if words and len(word) <= 2:
            words[-1] += f" {word}"
        else:
            words.append(word)
    return words


def text_width(text: str) -> int:
    """A generous width of ``text`` in a row label (Cyrillic measured 8 pixels a character in
    Chromium's sans-serif: :data:`LABEL_CHAR_W`)."""
    ascii_w, other_w = LABEL_CHAR_W
    return round(sum(ascii_w if ord(c) < 128 else other_w for c in text))


def label_lines(label: str, width: int) -> list[str]:
    """``label`` in lines that fit a picture ``width`` wide, broken after its " · " parts, or
    at spaces within a part that is too long alone (a word longer than the line stays whole:
    the picture is made wide enough for it). Every edition's labels fit, measured generously
    (:func:`text_width`), at any width the picture is drawn at, the phone's included."""
    room = width - 2 * MARGIN
    lines: list[str] = []
    for k, part in enumerate(label.split(" · ")):
        glue = " · " if k else ""
        if lines and text_width(lines[-1] + glue + part) <= room:
            lines[-1] += glue + part
            continue
        if lines:
            lines[-1] += glue.rstrip()
        line = ""
        for word in _words(part):
            if line and text_width(f"{line} {word}") > room:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    return lines


def label_width(lines: Sequence[str]) -> int:
    """The width a picture needs for a row label in these lines."""
    return 2 * MARGIN + max(text_width(line) for line in lines)


def _row(
    label: Sequence[str],
    cards: Sequence[OrientedCard],
    y: int,
    labels: Sequence[str],
    marked: frozenset[int],
    *,
    per_row: int,
) -> list[str]:
    """A row of cards under its label's lines, with a small caption under each card, wrapped
    if long; the cards start :func:`label_drop` lower than a one-line label's."""
    out = [
        f'<text x="{MARGIN}" y="{y + 15 + k * LABEL_LINE_H}" font-size="14" '
        f'fill="currentColor">{escape(line)}</text>'
        for k, line in enumerate(label)
    ]
    top = y + LABEL_H + label_drop(label)
    if not cards:
        out.append(
            f'<rect x="{MARGIN}" y="{top}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="none" stroke="currentColor" stroke-opacity="0.5" stroke-dasharray="4 3"/>'
        )
    for k, card in enumerate(cards):
        x, line = _place(k, per_row)
        card_top = top + line * (CARD_H + INDEX_H)
        out.append(card_svg(card, x, card_top, marked=k in marked))
        out.append(
            f'<text x="{x + CARD_W // 2}" y="{card_top + CARD_H + 14}" font-size="12" '
            f'text-anchor="middle" fill="currentColor">{escape(labels[k])}</text>'
        )
    return out


def label_drop(label: Sequence[str]) -> int:
    """How much lower a row's cards are for the further lines of its label."""
    return (len(label) - 1) * LABEL_LINE_H


def _slot_mark(slot: int, y: int, per_row: int) -> str:
    """A caret where a scouted card goes in: before the first card, or after card slot-1."""
    if slot == 0:
        x, line = MARGIN - GAP // 2, 0
    else:
        left, line = _place(slot - 1, per_row)
        x = left + CARD_W + GAP // 2
    top = y + LABEL_H - 4 + line * (CARD_H + INDEX_H)
    return (
        f'<path d="M{x} {top}V{top + CARD_H + 8}" stroke="{ACCENT}" stroke-width="3"/>'
        f'<text x="{max(x, MARGIN + 8)}" y="{top + CARD_H + 34}" font-size="12" font-weight="700" '
        f'text-anchor="middle" fill="{ACCENT}">@{slot}</text>'
    )


def _end_labels(n: int) -> list[str]:
    if n == 1:
        return ["L"]
    return ["L", *[""] * (n - 2), "R"]


COUNTS = _("counts in play")
ROTATED = _("after rotating")


def seat_label(state: State, seat: int) -> str:
    """The caption of a hand row: seat, whose turn, chips and captured cards (in the edition's
    words: a picture on a page in another language has no English in it, issue 31)."""
    parts = [str(_("Seat {seat}")).format(seat=seat)]
    if state.turn == seat:
        parts.append(str(_("to act")))
    if state.is_two_player or state.scout_chips[seat]:
        parts.append(str(_("Scout chips: {count}")).format(count=state.scout_chips[seat]))
    if not state.is_two_player and not state.scout_show_available[seat]:
        parts.append(str(_("Scout & Show used")))
    return " · ".join(parts)


def _active_label(state: State) -> str:
    if state.owner is None:
        return str(_("No active set (no owner)"))
    if state.round_end is not None and state.active_set:
        message = _("Left on the table (owner: seat {seat}); scores nothing")
    elif state.round_end is not None:
        message = _("Nothing left on the table (owner: seat {seat})")
    elif state.active_set:
        message = _("Active set (owner: seat {seat})")
    else:
        message = _("No active set (owner: seat {seat})")
    return str(message).format(seat=state.owner)


def omitted_note(state: State, seats: Sequence[int]) -> str:
    """The seats a picture leaves out, with their hand sizes, or "" when every seat is drawn."""
    left_out = [s for s in range(state.players) if s not in seats]
    if not left_out:
        return ""
    each = str(_("seat {seat} ({count} in hand)"))
    sizes = [each.format(seat=s, count=len(state.hands[s])) for s in left_out]
    return str(_("Not drawn: {seats}")).format(seats=", ".join(sizes))


def state_svg(
    state: State, seats: Sequence[int], marks: Marks, title: str, per_row: int = 99
) -> str:
    """A picture of the active set and the given seats' hands, ``per_row`` cards to a line.

    In the rotation phase the table is always empty, so only the hands are drawn. Once the
    round is scored every hand gets its scoring line; seats left out are named at the bottom.
    """
    rows: list[str] = []
    y = MARGIN
    scored = state.round_end is not None
    scores = round_scores(state) if scored else ()
    note = omitted_note(state, seats)
    widest = max([len(state.active_set), *(len(state.hands[s]) + 1 for s in seats)])
    width = max(
        MIN_WIDTH,
        2 * MARGIN + min(widest, per_row) * (CARD_W + GAP),
        *(2 * MARGIN + tally_width(scores[s], len(state.hands[s])) for s in seats if scored),
        2 * MARGIN + CHAR_W * len(note),
    )
    active = label_lines(_active_label(state), width)
    hands = {seat: label_lines(seat_label(state, seat), width) for seat in seats}
    drawn = [*([active] if state.phase is not Phase.ROTATION else []), *hands.values()]
    width = max([width, *(label_width(lines) for lines in drawn)])
    if state.phase is not Phase.ROTATION:
        ends = _end_labels(len(state.active_set))
        rows += _row(active, state.active_set, y, ends, marks.active, per_row=per_row)
        y += LABEL_H + label_drop(active) + ROW_GAP
        y += _lines(len(state.active_set), per_row) * (CARD_H + INDEX_H)
    for seat in seats:
        hand = state.hands[seat]
        marked = marks.hand if seat == marks.seat else frozenset()
        indices = [str(k) for k in range(len(hand))]
        rows += _row(hands[seat], hand, y, indices, marked, per_row=per_row)
        y += label_drop(hands[seat])
        if seat == marks.seat and marks.slot is not None:
            rows.append(_slot_mark(marks.slot, y, per_row))
        y += LABEL_H + _lines(len(hand), per_row) * (CARD_H + INDEX_H)
        if scored:
            rows.append(tally_svg(scores[seat], len(hand), MARGIN, y - 6))
            y += TALLY_H - 6
        y += ROW_GAP
    if note:
        rows.append(
            f'<text x="{MARGIN}" y="{y + 12}" font-size="13" font-style="italic" '
            f'fill="currentColor">{escape(note)}</text>'
        )
        y += NOTE_H
    height = y - ROW_GAP + MARGIN
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="scout-picture" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif">'
        f"<title>{escape(title)}</title>{''.join(rows)}</svg>"
    )


def legend_svg(card: OrientedCard) -> str:
    """One card with notes on what its two numbers mean."""
    width, height = CARD_W + 2 * MARGIN + 110, CARD_H + 2 * MARGIN
    note = 'x="{x}" y="{y}" font-size="12" fill="currentColor"'
    x = MARGIN + CARD_W + 8
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="scout-picture" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="system-ui, sans-serif"><title>{card}</title>'
        f"{card_svg(card, MARGIN, MARGIN)}"
        f"<text {note.format(x=x, y=MARGIN + 28)}>{escape(str(COUNTS))}</text>"
        f"<text {note.format(x=x, y=MARGIN + CARD_H - 6)}>{escape(str(ROTATED))}</text></svg>"
    )
