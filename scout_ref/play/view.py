"""What the player sees, as plain text lines at most 80 columns wide.

Both screens show the same content: the plain screen prints these lines as they are, the rich
screen styles them. Nothing here decides a rule; scores and verdicts come from the engine. The
player to act is shown their observation (chapter INFO), never another hidden hand, unless
``--reveal`` asks for every hand.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import assert_never

from scout_ref.engine.combinations import classify
from scout_ref.engine.game import winners
from scout_ref.engine.information import Observation, PublicView, observation
from scout_ref.engine.notation import Flip, Keep, Move, Scout, ScoutShow, Show
from scout_ref.engine.rotation import rotate_hand
from scout_ref.engine.scoring import round_scores
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand, Phase, RoundEnd, Seat, State, total_rounds
from scout_ref.rulebook.registry import rules
from scout_ref.util.text import plural

CARDS_PER_ROW = 20  # 9 columns of labels + 3 per card stays within 80 columns

HELP = [
    "Moves, in canonical notation (hand positions count from 0 at the left):",
    "  keep | flip            at a round's start: keep the hand, or rotate it",
    "  show i-j               show the cards at positions i to j (one: show 3-3)",
    "  scout L @k             take the left end card of the active set into slot k",
    "  scout R~ @k            take the right end card, rotated (~), into slot k;",
    "                         slots run from 0 (far left) to the hand size",
    "  scout L @k + show i-j  Scout & Show (once a round); i-j in the new hand",
    "Commands:",
    "  ?                      your legal moves (?? lists every Scout & Show too)",
    "  explain MOVE           why MOVE is legal or not, rule by rule",
    "  rules ID               a rule's statement, e.g. rules SC-SHOW-03",
    "  quit                   leave the game",
    "Rules: scout-ref rules lists them all; each verdict cites its rule ID.",
]


def cards_block(title: str, cards: Hand) -> list[str]:
    """A row of two-valued cards: positions, top numbers (the ones that count), bottom numbers."""
    out = [title]
    for start in range(0, max(len(cards), 1), CARDS_PER_ROW):
        chunk = cards[start : start + CARDS_PER_ROW]
        out.append("  index " + "".join(f"{start + k:>3}" for k in range(len(chunk))))
        out.append("  top   " + "".join(f"{c.top:>3}" for c in chunk))
        out.append("  bottom" + "".join(f"{c.bottom:>3}" for c in chunk))
    return out


def scoreboard(view: PublicView, labels: Sequence[str]) -> list[str]:
    """One line per seat: who, cards in hand, captured, chips, Scout & Show, total score."""
    out = ["  seat player    hand captured chips  S&S  score"]
    for s in range(view.players):
        sns = "-" if view.players == 2 else ("yes" if view.scout_show_available[s] else "used")
        mark = ">" if view.turn == s else " "
        out.append(
            f"{mark} {s:>4} {labels[s]:<9}{len(view.hands[s]):>5}{len(view.captured[s]):>9}"
            f"{view.scout_chips[s]:>6}{sns:>5}{view.scores[s]:>7}"
        )
    return out


def others_view(obs: Observation, labels: Sequence[str], reveal: State | None) -> list[str]:
    """The other hands as the player knows them (``?`` hidden; scouted cards are public), or,
    with ``reveal``, every card of every hand."""
    if reveal is None:
        out = ["Other hands (? = hidden; scouted cards stay public, SC-INFO-04):"]
    else:
        out = ["Every hand (--reveal, for teaching):"]
    for s in range(obs.public.players):
        if s == obs.seat:
            continue
        cards = obs.sees(Seat(s)) if reveal is None else reveal.hands[s]
        text = " ".join("?" if c is None else str(c) for c in cards) or "(empty)"
        out += textwrap.wrap(
            f"seat {s} ({labels[s]}): {text}", 78, initial_indent="  ", subsequent_indent="    "
        )
    return out


def active_block(state: PublicView) -> list[str]:
    """The active set with its owner and what it is, or a note that the table is empty."""
    if not state.active_set:
        owner = "" if state.owner is None else f" (seat {state.owner} owned the last one)"
        return [f"No active set{owner}: any combination may be shown (SC-SHOW-02)."]
    combo = classify(tops(state.active_set))
    assert combo is not None, "an active set is always a combination"
    what = f"a {combo.kind.value} of {combo.size}, smallest number {combo.smallest}"
    return cards_block(f"Active set of seat {state.owner}: {what}", state.active_set)


def turn_heading(view: PublicView, labels: Sequence[str]) -> str:
    """Which round it is and who is to act."""
    seat = view.turn
    assert seat is not None, "only a seat to act is shown the table"
    rounds = total_rounds(view.players)
    return f"Round {view.round} of {rounds}, seat {seat} ({labels[seat]}) to act"


def hand_view(obs: Observation) -> list[str]:
    """The cards of the player to act: both ways up at rotation, else with the active set."""
    view, hand, seat = obs.public, obs.hand, obs.seat
    if view.phase is Phase.ROTATION:
        return [
            *cards_block("Your hand as dealt (keep):", hand),
            *cards_block("Your hand turned over (flip):", rotate_hand(hand)),
            "Keep or flip your hand for this round? (keep / flip)",
        ]
    out = active_block(view)
    out += cards_block(f"Your hand ({plural(len(hand), 'card')}):", hand)
    if view.players == 2:
        chips = view.scout_chips[seat]
        out.append(f"Scout chips left: {chips} (each scout costs one, SC-VAR2-03)")
    elif view.scout_show_available[seat]:
        out.append("Scout & Show is available to you this round.")
    return out


def turn_view(obs: Observation, labels: Sequence[str], reveal: State | None = None) -> list[str]:
    """Everything the player to act knows: scores, the other hands, the table, their hand."""
    return [
        turn_heading(obs.public, labels),
        *scoreboard(obs.public, labels),
        *others_view(obs, labels, reveal),
        *hand_view(obs),
    ]


def board_view(state: State, labels: Sequence[str]) -> list[str]:
    """The whole table for a replay, every hand face up: heading, scoreboard, hands, active set."""
    public = observation(state, Seat(0)).public
    now = f"seat {state.turn} to act" if state.turn is not None else state.phase.value
    head = f"Round {state.round} of {state.rounds}, {now.replace('_', ' ')}"
    out = [head, *scoreboard(public, labels), "Every hand (a replay shows them all):"]
    for s, hand in enumerate(state.hands):
        text = " ".join(str(c) for c in hand) or "(empty)"
        out += textwrap.wrap(f"seat {s}: {text}", 78, initial_indent="  ", subsequent_indent="    ")
    return [*out, *active_block(public)]


def move_line(before: State, move: Move, label: str) -> str:
    """What a seat just did, with the cards involved; a two-player scout says why the same
    seat acts again."""
    again = ""
    if before.is_two_player and isinstance(move, Scout):
        again = "; scouted, so acts again (SC-VAR2-03)"
    return f"seat {before.turn} ({label}): {move}{_detail(before, move)}{again}"


def _detail(before: State, move: Move) -> str:
    match move:
        case Keep() | Flip():
            return ""
        case Show(first, last):
            return "  [" + " ".join(str(c) for c in before.hand[first : last + 1]) + "]"
        case Scout():
            return f"  [took {_end_card(before, move)}]"
        case ScoutShow(scout, _):
            return f"  [took {_end_card(before, scout)}]"
        case _:
            assert_never(move)


def _end_card(state: State, scout: Scout) -> str:
    return str(state.active_set[0] if scout.end.value == "L" else state.active_set[-1])


def round_summary(state: State, labels: Sequence[str]) -> list[str]:
    """How the round ended and each seat's score, term by term (SC-SCORE-01 to -04)."""
    if state.round_end is RoundEnd.EMPTY_HAND:
        how = f"seat {state.owner} emptied their hand (SC-END-01)"
    else:
        rule = "SC-VAR2-05" if state.is_two_player else "SC-END-02"
        how = f"the set of seat {state.owner} went unbeaten ({rule})"
    out = [f"Round {state.round} over: {how}."]
    for s in round_scores(state):
        out.append(
            f"  seat {s.seat}{_label(labels[s.seat])}: {s.captured} captured + "
            f"{plural(s.chips, 'chip')}"
            f" - {s.hand_penalty} in hand = {s.total:+d}"
        )
        if s.exempt:
            held = len(state.hands[s.seat])
            out.append(
                f"    owner exemption: the {plural(held, 'card')} in hand cost nothing "
                "(SC-SCORE-04)"
            )
    out.append("Totals: " + ", ".join(f"seat {s} {t}" for s, t in enumerate(state.scores)))
    return out


def _label(label: str) -> str:
    return f" ({label})" if label else ""


def game_summary(state: State, labels: Sequence[str]) -> list[str]:
    """The final totals and the winners (SC-GAME-04)."""
    best = winners(state)
    names = ", ".join(f"seat {s}{_label(labels[s])}" for s in best)
    verb = "wins" if len(best) == 1 else "share the win"
    return [f"Game over. {names} {verb} with {state.scores[best[0]]} points (SC-GAME-04)."]


def moves_listing(moves: Sequence[Move], *, every: bool) -> list[str]:
    """The legal moves packed into lines; unless ``every``, scouts are summarised by slot range
    and Scout & Shows only counted."""
    pairs = [m for m in moves if isinstance(m, ScoutShow)]
    scouts = [m for m in moves if isinstance(m, Scout)]
    listed = [m for m in moves if every or not isinstance(m, Scout | ScoutShow)]
    out = ["Legal moves:", *_packed([str(m) for m in listed])]
    if scouts and not every:
        kinds = dict.fromkeys(f"scout {m.end.value}{'~' if m.rotated else ''} @k" for m in scouts)
        top = max(m.slot for m in scouts)
        out.append(f"  {' | '.join(kinds)}   for any slot k from 0 to {top}")
    if pairs and not every:
        out.append(f"  and {len(pairs)} Scout & Show moves (type ?? to list every move)")
    return out


def _packed(texts: Sequence[str]) -> list[str]:
    lines: list[str] = []
    line = ""
    for text in texts:
        if line and len(line) + len(text) + 3 > 78:
            lines.append(line)
            line = ""
        line = f"{line} | {text}" if line else f"  {text}"
    return [*lines, line] if line else lines


def rule_lines(rule_id: str) -> list[str]:
    """A rule's ID, title and statement; an unknown ID says so."""
    rule = rules().get(rule_id.upper())
    if rule is None:
        return [f"No rule {rule_id!r}; IDs look like SC-SHOW-03."]
    return [f"{rule.id} {rule.title}:", *wrap(rule.statement)]


def wrap(text: str) -> list[str]:
    """``text`` as lines indented by two spaces, within 80 columns."""
    return textwrap.wrap(
        text, 78, initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False
    )
