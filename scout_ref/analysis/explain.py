"""The reasoning behind a verdict: why a move is legal or illegal, step by step, with rule IDs.

A rules lawyer wants more than "illegal (SC-SHOW-03)": which cards the show takes, what
combination they form, what it is compared with and which step of the strength order decides;
for a scout, which end card, which way round, into which slot, and who gets the chip. The
verdict itself always comes from :func:`~scout_ref.check_move`; this module only narrates it.

>>> from scout_ref import parse_move
>>> from scout_ref.formats.position import build_state
>>> s = build_state(3, ["3/1 3/9 7/2", "5/6", "1/4"], active_set="6/2 5/3", owner=2)
>>> print(explain(s, parse_move("show 0-1")).verdict)
show 0-1 by seat 0: legal
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from typing import assert_never

from scout_ref.engine.combinations import Combination, Kind, classify
from scout_ref.engine.notation import (
    End,
    Flip,
    Keep,
    Move,
    Probe,
    Scout,
    ScoutInner,
    ScoutShow,
    Show,
    ShowCards,
    Written,
)
from scout_ref.engine.rotation import rotate_hand
from scout_ref.engine.scout import scouted
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand, Phase, RoundEnd, State
from scout_ref.engine.turn import apply_move, check_any
from scout_ref.errors import Reason, Rejection
from scout_ref.rulebook.registry import rules
from scout_ref.util.text import plural

WIDTH = 78  # columns: explanations must read well in an 80-column terminal


@dataclass(frozen=True, slots=True)
class Point:
    """One step of the reasoning and the rule it applies (None for plain description)."""

    text: str
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Explanation:
    """A move's verdict in a state, with the reasoning that leads to it."""

    move: Written
    state: State
    rejection: Rejection | None
    points: tuple[Point, ...]

    @property
    def is_legal(self) -> bool:
        """Whether the move is legal."""
        return self.rejection is None

    @property
    def verdict(self) -> str:
        """One line: the move, who makes it, and legal or the reason code with its rule."""
        who = "" if self.state.turn is None else f" by seat {self.state.turn}"
        if self.rejection is None:
            return f"{self.move}{who}: legal"
        return f"{self.move}{who}: illegal, {self.rejection.reason.value} ({self.rejection.rule})"

    @property
    def cited(self) -> tuple[str, ...]:
        """Every rule ID the explanation cites, in order of first mention."""
        ids = [p.rule for p in self.points if p.rule is not None]
        if self.rejection is not None:
            ids.append(self.rejection.rule)
        return tuple(dict.fromkeys(ids))

    def lines(self, *, statements: bool = True) -> list[str]:
        """The explanation as text lines, at most 78 columns wide.

        The cited rules are listed with their statements, or with their titles only when
        ``statements`` is false.
        """
        out = [self.verdict]
        if self.rejection is not None:
            out += _wrap(self.rejection.detail, "  ")
            out += _wrap(rule_text(self.rejection.rule), "  ")
        out.append("reasoning:")
        for k, point in enumerate(self.points, start=1):
            cite = f" [{point.rule}]" if point.rule else ""
            out += _wrap(f"{k}. {point.text}{cite}", "  ", " " * (len(str(k)) + 4))
        out.append("rules cited:")
        for rid in self.cited:
            if statements:
                out += _wrap(rule_text(rid), "  ", "    ")
            else:
                out.append(f"  {rid}  {rules()[rid].title}")
        return out


def _wrap(text: str, indent: str, later: str | None = None) -> list[str]:
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=later or indent,
        break_on_hyphens=False,  # never split a rule ID
    )


def rule_text(rule_id: str) -> str:
    """A rule as ``ID Title: statement``, from the registry."""
    rule = rules()[rule_id]
    return f"{rule.id} {rule.title}: {rule.statement}"


def cards_text(cards: Hand) -> str:
    """Cards as written in state JSON, or ``(none)``."""
    return " ".join(str(c) for c in cards) if cards else "(none)"


def explain(state: State, move: Written) -> Explanation:
    """The verdict on ``move`` in ``state`` with its step-by-step reasoning; ``move`` may be a
    probe of SC-NOTE-07 (``parse_written('scout #1 @0')``), which is never legal.

    The verdict is :func:`~scout_ref.check_move`'s (or, for a probe,
    :func:`~scout_ref.engine.turn.check_probe`'s); the reasoning follows the checks in the
    precedence order of SC-TURN-04 and stops at the one that fails.

    Raises:
        MalformedInputError: as those functions do.
    """
    rejection = check_any(state, move)
    if isinstance(move, ScoutInner | ShowCards):
        points = list(_probe_reasoning(state, move, rejection))
        return Explanation(move, state, rejection, tuple(points))
    points = list(_reasoning(state, move, rejection))
    if rejection is None:
        points += _outcome(state, move)
    return Explanation(move, state, rejection, tuple(points))


def _probe_reasoning(state: State, probe: Probe, rejection: Rejection | None) -> Iterator[Point]:
    """A probe's checks in the order of SC-TURN-04: phase, then the scout's or the show's."""
    yield Point(
        f"{probe} names a move the rules forbid, so that its rejection can be asked about",
        "SC-NOTE-07",
    )
    if rejection is not None and rejection.reason is Reason.WRONG_PHASE:
        yield Point(f"{probe} is a play move; the game is in the {state.phase.value} phase")
        return
    hand, active = state.hand, state.active_set
    match probe:
        case ScoutInner(position):
            if not active:
                yield Point("there is no active set to scout from", "SC-SCOUT-01")
                return
            yield Point(
                f"card #{position} of the active set {cards_text(active)} is "
                f"{active[position]}, between its ends {active[0]} and {active[-1]}; only an "
                "end card may be taken",
                "SC-SCOUT-01",
            )
        case ShowCards(positions):
            if max(positions) >= len(hand):
                yield Point(
                    f"the hand has {plural(len(hand), 'card')}, positions 0 to {len(hand) - 1}; "
                    f"position {max(positions)} is outside it",
                    "SC-SHOW-01",
                )
                return
            laid = cards_text(tuple(hand[p] for p in positions))
            yield Point(f"positions {', '.join(map(str, positions))} hold {laid}", "SC-COMP-02")
            if max(positions) - min(positions) + 1 != len(positions):
                yield Point("the cards do not lie side by side in the hand", "SC-SHOW-01")
            else:
                lying = cards_text(hand[min(positions) : max(positions) + 1])
                yield Point(
                    f"the cards lie side by side as {lying}; shown cards keep the order they lie"
                    " in",
                    "SC-SHOW-01",
                )


def _reasoning(state: State, move: Move, rejection: Rejection | None) -> Iterator[Point]:
    if rejection is not None and rejection.reason is Reason.WRONG_PHASE:
        kind = "rotation" if isinstance(move, Keep | Flip) else "play"
        yield Point(f"{move} is a {kind} move; the game is in the {state.phase.value} phase")
        return
    match move:
        case Keep():
            yield Point("keep leaves the hand as dealt", "SC-ORIENT-01")
        case Flip():
            turned = cards_text(rotate_hand(state.hand))
            yield Point(
                f"flip turns the hand end over end: {cards_text(state.hand)} becomes {turned}",
                "SC-ORIENT-02",
            )
        case Show():
            yield from _show_points(state.hand, state.active_set, state.owner, move)
        case Scout():
            yield from _scout_points(state, move, rejection)
        case ScoutShow():
            yield from _scout_show_points(state, move, rejection)
        case _:
            assert_never(move)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _describe(combo: Combination) -> str:
    return f"a {combo.kind.value} of {_cards(combo.size)}, smallest number {combo.smallest}"


def _kind_rule(combo: Combination) -> str:
    return "SC-SET-02" if combo.kind is Kind.SET else "SC-SET-03"


def _show_points(hand: Hand, active: Hand, owner: int | None, show: Show) -> Iterator[Point]:
    """Range, combination, then the strength comparison step by step (SC-SET-04)."""
    if show.last >= len(hand):
        yield Point(
            f"the hand has {plural(len(hand), 'card')}, positions 0 to {len(hand) - 1}; "
            f"position {show.last} is outside it",
            "SC-SHOW-01",
        )
        return
    cards = hand[show.first : show.last + 1]
    numbers = tops(cards)
    if show.first == show.last:
        where = f"position {show.first} holds"
    else:
        where = f"positions {show.first}-{show.last} hold"
    yield Point(
        f"{where} {cards_text(cards)}: top numbers {' '.join(map(str, numbers))}", "SC-COMP-02"
    )
    combo = classify(numbers)
    if combo is None:
        yield Point(
            "the numbers are not all equal (no set, SC-SET-02) and do not step by exactly 1 "
            "in one direction (no run, SC-SET-03)",
            "SC-SET-01",
        )
        return
    yield Point(f"they form {_describe(combo)}", _kind_rule(combo))
    target = classify(tops(active)) if active else None
    if target is None:
        yield Point("there is no active set, so any combination may be shown", "SC-SHOW-02")
        return
    yield Point(
        f"the active set {cards_text(active)} (owner seat {owner}) is {_describe(target)}",
        _kind_rule(target),
    )
    yield from _compare(combo, target)


def _compare(show: Combination, active: Combination) -> Iterator[Point]:
    """Size, then kind, then smallest number: the first step that differs decides."""
    if show.size != active.size:
        verdict = "beats" if show.size > active.size else "does not beat"
        yield Point(
            f"size decides: {_cards(show.size)} against {active.size}, so the show {verdict} it",
            "SC-SET-04",
        )
        return
    if show.kind is not active.kind:
        verdict = "beats" if show.kind is Kind.SET else "does not beat"
        yield Point(
            f"same size ({show.size}); kind decides: a set beats a run, so the show {verdict} it",
            "SC-SET-04",
        )
        return
    if show.smallest != active.smallest:
        verdict = "beats" if show.smallest > active.smallest else "does not beat"
        yield Point(
            f"same size and kind ({show.kind.value}s of {show.size}); the smallest number "
            f"decides: {show.smallest} against {active.smallest}, so the show {verdict} it",
            "SC-SET-04",
        )
        return
    yield Point("same size, kind and smallest number: a tie does not beat", "SC-SET-05")


def _slot_text(hand: Hand, slot: int) -> str:
    if not hand:
        return "into the empty hand"
    if slot == 0:
        return f"at the far left, before {hand[0]}"
    if slot == len(hand):
        return f"at the far right, after {hand[-1]}"
    return f"between {hand[slot - 1]} (position {slot - 1}) and {hand[slot]} (position {slot})"


def _scout_points(state: State, scout: Scout, rejection: Rejection | None) -> Iterator[Point]:
    """End, orientation, slot, the chip and the reduced set, in precedence order."""
    active, hand = state.active_set, state.hand
    if not active:
        yield Point("there is no active set to scout from", "SC-SCOUT-01")
        return
    if scout.end is End.RIGHT and len(active) == 1:
        yield Point(
            f"the active set {active[0]} has one card; it is its left end only, so it is "
            "scouted as L",
            "SC-NOTE-05",
        )
        return
    card = active[0] if scout.end is End.LEFT else active[-1]
    side = "left" if scout.end is End.LEFT else "right"
    yield Point(
        f"takes the {side} end card {card} of the active set {cards_text(active)}", "SC-SCOUT-01"
    )
    way = f"rotated, it goes in as {card.rotated()}" if scout.rotated else f"kept as {card}"
    yield Point(way, "SC-SCOUT-02")
    if scout.slot > len(hand):
        yield Point(
            f"slot {scout.slot} is outside the hand: slots run 0 to {len(hand)}", "SC-SCOUT-02"
        )
        return
    new_hand, rest = scouted(hand, active, scout)
    yield Point(
        f"inserted at slot {scout.slot}, {_slot_text(hand, scout.slot)}; the hand becomes "
        f"{cards_text(new_hand)}",
        "SC-SCOUT-02",
    )
    yield from _chip_points(state)
    if rejection is not None and rejection.reason is Reason.NO_SCOUT_CHIP:
        return
    if rejection is not None and rejection.reason is Reason.SHOW_AVAILABLE:
        yield Point("forced scouting is on, and a show from this hand beats the active set")
        return
    left = f"is left as {cards_text(rest)}" if rest else "is now empty"
    yield Point(f"the active set {left}; seat {state.owner} stays its owner", "SC-SCOUT-05")


def _chip_points(state: State) -> Iterator[Point]:
    seat = state.turn
    assert seat is not None, "the play phase always has a player to act"
    if not state.is_two_player:
        yield Point(f"the owner, seat {state.owner}, receives a Scout chip", "SC-SCOUT-03")
        return
    chips = state.scout_chips[seat]
    if chips == 0:
        yield Point(f"scouting costs a Scout chip and seat {seat} has none", "SC-VAR2-04")
        return
    which = "their last Scout chip" if chips == 1 else f"one of their {chips} Scout chips"
    yield Point(f"seat {seat} pays {which} to the centre, then plays again", "SC-VAR2-03")


def _scout_show_points(
    state: State, move: ScoutShow, rejection: Rejection | None
) -> Iterator[Point]:
    """The scout part, then the show judged on the new hand against the reduced set."""
    if state.is_two_player:
        yield Point("the two-player game has no Scout & Show", "SC-VAR2-02")
        return
    seat = state.turn
    assert seat is not None, "the play phase always has a player to act"
    if not state.scout_show_available[seat]:
        yield Point(f"seat {seat} has already used Scout & Show this round", "SC-SNS-01")
        return
    yield Point(
        f"seat {seat} still has Scout & Show this round; the scout comes first", "SC-SNS-01"
    )
    yield from _scout_points(state, move.scout, rejection)
    if rejection is not None and rejection.reason in _SCOUT_REASONS:
        return
    new_hand, rest = scouted(state.hand, state.active_set, move.scout)
    yield Point(
        "the show is judged on the hand after the insertion, against the active set as "
        "reduced by the scout",
        "SC-SNS-02",
    )
    yield from _show_points(new_hand, rest, state.owner, move.show)


_SCOUT_REASONS = frozenset(
    {
        Reason.NO_ACTIVE_SET,
        Reason.SINGLE_CARD_END,
        Reason.SLOT_OUTSIDE_HAND,
        Reason.NO_SCOUT_CHIP,
        Reason.SHOW_AVAILABLE,
    }
)


def _outcome(state: State, move: Move) -> Iterator[Point]:
    """What a legal move leads to: captures, the new owner, the round end or the next turn."""
    seat = state.turn
    after = apply_move(state, move)
    if isinstance(move, Keep | Flip):
        if after.phase is Phase.PLAY and state.phase is Phase.ROTATION:
            yield Point(
                f"every player has decided: play begins with seat {after.turn}", "SC-ORIENT-03"
            )
        else:
            yield Point(f"seat {after.turn} decides next", "SC-ORIENT-01")
        return
    if isinstance(move, Show | ScoutShow):
        beaten = (
            state.active_set
            if isinstance(move, Show)
            else scouted(state.hand, state.active_set, move.scout)[1]
        )
        if beaten:
            yield Point(
                f"the beaten set ({_cards(len(beaten))}) goes face down to seat {seat}'s "
                "captured cards",
                "SC-SHOW-04",
            )
        yield Point(f"the shown cards become the active set, owned by seat {seat}", "SC-SHOW-05")
    yield from _next(state, after)


def _next(state: State, after: State) -> Iterator[Point]:
    if after.round_end is RoundEnd.EMPTY_HAND:
        yield Point(f"seat {state.turn}'s hand is now empty, so the round ends", "SC-END-01")
    elif after.round_end is RoundEnd.UNBEATEN and state.is_two_player:
        yield Point("the other player can neither show nor scout, so the round ends", "SC-VAR2-05")
    elif after.round_end is RoundEnd.UNBEATEN:
        yield Point(
            f"everyone else has scouted since seat {state.owner}'s show, so the round ends "
            "with that set unbeaten",
            "SC-END-02",
        )
    elif after.turn == state.turn:
        yield Point(f"seat {after.turn} plays again", "SC-VAR2-03")
    else:
        yield Point(f"seat {after.turn} plays next", "SC-TURN-01")
