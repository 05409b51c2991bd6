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

from scout_ref.analysis import wording as w
from scout_ref.analysis.wording import cards, phase
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
from scout_ref.rulebook import texts
from scout_ref.rulebook.phrases import Said
from scout_ref.rulebook.registry import rules

WIDTH = 78  # columns: explanations must read well in an 80-column terminal


@dataclass(frozen=True, slots=True)
class Point:
    """One step of the reasoning and the rule it applies (None for plain description)."""

    said: Said
    rule: str | None = None

    @property
    def text(self) -> str:
        """The step in English."""
        return self.said.text()


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
        return self.verdict_in(texts.SOURCE)

    def verdict_in(self, lang: str) -> str:
        """The verdict in ``lang``; the move, seat, reason code and rule ID as they are."""
        move, seat = str(self.move), self.state.turn
        if self.rejection is None:
            said = w.LEGAL.say(move=move) if seat is None else w.LEGAL_BY.say(move=move, seat=seat)
        else:
            code = {"reason": self.rejection.reason.value, "rule": self.rejection.rule}
            said = (
                w.ILLEGAL.say(move=move, **code)
                if seat is None
                else w.ILLEGAL_BY.say(move=move, seat=seat, **code)
            )
        return said.text(lang)

    def detail(self, lang: str = texts.SOURCE) -> str | None:
        """The rejection's detail in ``lang`` (the engine's words in English); None if legal."""
        if self.rejection is None:
            return None
        said = w.rejection_detail(self.state, self.move, self.rejection)
        if lang == texts.SOURCE or said is None:
            return self.rejection.detail
        return said.text(lang)

    @property
    def cited(self) -> tuple[str, ...]:
        """Every rule ID the explanation cites, in order of first mention."""
        ids = [p.rule for p in self.points if p.rule is not None]
        if self.rejection is not None:
            ids.append(self.rejection.rule)
        return tuple(dict.fromkeys(ids))

    def lines(self, *, statements: bool = True, lang: str = texts.SOURCE) -> list[str]:
        """The explanation as text lines in ``lang``, at most 78 columns wide.

        The cited rules are listed with their statements, or with their titles only when
        ``statements`` is false.

        Raises:
            TranslationError, InstallationError: as
                :meth:`~scout_ref.rulebook.phrases.Said.text` does, for ``lang``.
        """
        out = [self.verdict_in(lang)]
        if self.rejection is not None:
            out += _wrap(self.detail(lang) or "", "  ")
            out += _wrap(rule_text(self.rejection.rule, lang), "  ")
        out.append(w.REASONING.say().text(lang))
        for k, point in enumerate(self.points, start=1):
            cite = f" [{point.rule}]" if point.rule else ""
            out += _wrap(f"{k}. {point.said.text(lang)}{cite}", "  ", " " * (len(str(k)) + 4))
        out.append(w.RULES_CITED.say().text(lang))
        for rid in self.cited:
            if statements:
                out += _wrap(rule_text(rid, lang), "  ", "    ")
            else:
                out.append(f"  {rid}  {texts.rule_title(lang, rules()[rid])}")
        return out


def _wrap(text: str, indent: str, later: str | None = None) -> list[str]:
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=later or indent,
        break_on_hyphens=False,  # never split a rule ID
    )


def rule_text(rule_id: str, lang: str = texts.SOURCE) -> str:
    """A rule as ``ID Title: statement``, from the registry (its translation in ``lang``)."""
    rule = rules()[rule_id]
    return f"{rule.id} {texts.rule_title(lang, rule)}: {texts.rule_statement(lang, rule)}"


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
    yield Point(w.PROBE.say(probe=str(probe)), "SC-NOTE-07")
    if rejection is not None and rejection.reason is Reason.WRONG_PHASE:
        yield Point(w.PLAY_MOVE.say(move=str(probe), phase=phase(state)))
        return
    hand, active = state.hand, state.active_set
    match probe:
        case ScoutInner(position):
            if not active:
                yield Point(w.NO_ACTIVE.say(), "SC-SCOUT-01")
                return
            card, left, right = str(active[position]), str(active[0]), str(active[-1])
            said = w.INNER_CARD.say(
                position=position, active=cards(active), card=card, left=left, right=right
            )
            yield Point(said, "SC-SCOUT-01")
        case ShowCards(positions):
            if max(positions) >= len(hand):
                yield _outside(hand, max(positions))
                return
            laid = cards(tuple(hand[p] for p in positions))
            listed = ", ".join(map(str, positions))
            yield Point(w.POSITIONS_HOLD.say(positions=listed, cards=laid), "SC-COMP-02")
            if max(positions) - min(positions) + 1 != len(positions):
                yield Point(w.NOT_SIDE_BY_SIDE.say(), "SC-SHOW-01")
            else:
                lying = cards(hand[min(positions) : max(positions) + 1])
                yield Point(w.SIDE_BY_SIDE.say(cards=lying), "SC-SHOW-01")


def _outside(hand: Hand, position: int) -> Point:
    said = w.OUTSIDE.say(len(hand), last=len(hand) - 1, position=position)
    return Point(said, "SC-SHOW-01")


def _reasoning(state: State, move: Move, rejection: Rejection | None) -> Iterator[Point]:
    if rejection is not None and rejection.reason is Reason.WRONG_PHASE:
        kind = w.ROTATION_MOVE if isinstance(move, Keep | Flip) else w.PLAY_MOVE
        yield Point(kind.say(move=str(move), phase=phase(state)))
        return
    match move:
        case Keep():
            yield Point(w.KEEP.say(), "SC-ORIENT-01")
        case Flip():
            turned = cards(rotate_hand(state.hand))
            yield Point(w.FLIP.say(hand=cards(state.hand), turned=turned), "SC-ORIENT-02")
        case Show():
            yield from _show_points(state.hand, state.active_set, state.owner, move)
        case Scout():
            yield from _scout_points(state, move, rejection)
        case ScoutShow():
            yield from _scout_show_points(state, move, rejection)
        case _:
            assert_never(move)


def _kind_rule(combo: Combination) -> str:
    return "SC-SET-02" if combo.kind is Kind.SET else "SC-SET-03"


def _show_points(hand: Hand, active: Hand, owner: int | None, show: Show) -> Iterator[Point]:
    """Range, combination, then the strength comparison step by step (SC-SET-04)."""
    if show.last >= len(hand):
        yield _outside(hand, show.last)
        return
    laid = hand[show.first : show.last + 1]
    numbers = tops(laid)
    held = {"cards": cards(laid), "numbers": " ".join(map(str, numbers))}
    if show.first == show.last:
        yield Point(w.ONE_HOLDS.say(first=show.first, **held), "SC-COMP-02")
    else:
        yield Point(w.RANGE_HOLDS.say(first=show.first, last=show.last, **held), "SC-COMP-02")
    combo = classify(numbers)
    if combo is None:
        yield Point(w.NO_COMBINATION.say(), "SC-SET-01")
        return
    yield Point(w.FORM[combo.kind].say(combo.size, smallest=combo.smallest), _kind_rule(combo))
    target = classify(tops(active)) if active else None
    if target is None:
        yield Point(w.NO_TARGET.say(), "SC-SHOW-02")
        return
    said = w.TARGET[target.kind].say(
        target.size, cards=cards(active), owner=str(owner), smallest=target.smallest
    )
    yield Point(said, _kind_rule(target))
    yield from _compare(combo, target)


def _compare(show: Combination, active: Combination) -> Iterator[Point]:
    """Size, then kind, then smallest number: the first step that differs decides."""
    if show.size != active.size:
        said = w.SIZE[show.size > active.size].say(show.size, other=active.size)
        yield Point(said, "SC-SET-04")
        return
    if show.kind is not active.kind:
        yield Point(w.KIND[show.kind is Kind.SET].say(size=show.size), "SC-SET-04")
        return
    if show.smallest != active.smallest:
        step = w.SMALLEST[show.kind, show.smallest > active.smallest]
        said = step.say(size=show.size, smallest=show.smallest, other=active.smallest)
        yield Point(said, "SC-SET-04")
        return
    yield Point(w.TIE.say(), "SC-SET-05")


def _slot_text(hand: Hand, slot: int) -> Said:
    if not hand:
        return w.INTO_EMPTY.say()
    if slot == 0:
        return w.FAR_LEFT.say(card=str(hand[0]))
    if slot == len(hand):
        return w.FAR_RIGHT.say(card=str(hand[-1]))
    left, right = str(hand[slot - 1]), str(hand[slot])
    return w.BETWEEN.say(left=left, before=slot - 1, right=right, after=slot)


def _scout_points(state: State, scout: Scout, rejection: Rejection | None) -> Iterator[Point]:
    """End, orientation, slot, the chip and the reduced set, in precedence order."""
    active, hand = state.active_set, state.hand
    if not active:
        yield Point(w.NO_ACTIVE.say(), "SC-SCOUT-01")
        return
    if scout.end is End.RIGHT and len(active) == 1:
        yield Point(w.ONE_CARD_SET.say(card=str(active[0])), "SC-NOTE-05")
        return
    card = active[0] if scout.end is End.LEFT else active[-1]
    taken = w.TAKES[scout.end is End.LEFT].say(card=str(card), active=cards(active))
    yield Point(taken, "SC-SCOUT-01")
    way = w.ROTATED.say(card=str(card.rotated())) if scout.rotated else w.KEPT.say(card=str(card))
    yield Point(way, "SC-SCOUT-02")
    if scout.slot > len(hand):
        yield Point(w.SLOT_OUTSIDE.say(slot=scout.slot, last=len(hand)), "SC-SCOUT-02")
        return
    new_hand, rest = scouted(hand, active, scout)
    where = _slot_text(hand, scout.slot)
    yield Point(w.INSERTED.say(slot=scout.slot, where=where, hand=cards(new_hand)), "SC-SCOUT-02")
    yield from _chip_points(state)
    if rejection is not None and rejection.reason is Reason.NO_SCOUT_CHIP:
        return
    if rejection is not None and rejection.reason is Reason.SHOW_AVAILABLE:
        yield Point(w.FORCED.say())
        return
    owner = str(state.owner)
    left = w.LEFT_AS.say(cards=cards(rest), owner=owner) if rest else w.NOW_EMPTY.say(owner=owner)
    yield Point(left, "SC-SCOUT-05")


def _chip_points(state: State) -> Iterator[Point]:
    seat = state.turn
    assert seat is not None, "the play phase always has a player to act"
    if not state.is_two_player:
        yield Point(w.OWNER_CHIP.say(owner=str(state.owner)), "SC-SCOUT-03")
        return
    chips = state.scout_chips[seat]
    if chips == 0:
        yield Point(w.NO_CHIP.say(seat=seat), "SC-VAR2-04")
        return
    which = w.LAST_CHIP.say(seat=seat) if chips == 1 else w.ONE_OF_CHIPS.say(chips, seat=seat)
    yield Point(which, "SC-VAR2-03")


def _scout_show_points(
    state: State, move: ScoutShow, rejection: Rejection | None
) -> Iterator[Point]:
    """The scout part, then the show judged on the new hand against the reduced set."""
    if state.is_two_player:
        yield Point(w.NO_SNS_2P.say(), "SC-VAR2-02")
        return
    seat = state.turn
    assert seat is not None, "the play phase always has a player to act"
    if not state.scout_show_available[seat]:
        yield Point(w.SNS_USED.say(seat=seat), "SC-SNS-01")
        return
    yield Point(w.SNS_FIRST.say(seat=seat), "SC-SNS-01")
    yield from _scout_points(state, move.scout, rejection)
    if rejection is not None and rejection.reason in _SCOUT_REASONS:
        return
    new_hand, rest = scouted(state.hand, state.active_set, move.scout)
    yield Point(w.SNS_JUDGED.say(), "SC-SNS-02")
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
            yield Point(w.PLAY_BEGINS.say(seat=str(after.turn)), "SC-ORIENT-03")
        else:
            yield Point(w.DECIDES_NEXT.say(seat=str(after.turn)), "SC-ORIENT-01")
        return
    if isinstance(move, Show | ScoutShow):
        beaten = (
            state.active_set
            if isinstance(move, Show)
            else scouted(state.hand, state.active_set, move.scout)[1]
        )
        if beaten:
            yield Point(w.CAPTURED.say(len(beaten), seat=str(seat)), "SC-SHOW-04")
        yield Point(w.NEW_ACTIVE.say(seat=str(seat)), "SC-SHOW-05")
    yield from _next(state, after)


def _next(state: State, after: State) -> Iterator[Point]:
    if after.round_end is RoundEnd.EMPTY_HAND:
        yield Point(w.EMPTY_HAND_END.say(seat=str(state.turn)), "SC-END-01")
    elif after.round_end is RoundEnd.UNBEATEN and state.is_two_player:
        yield Point(w.TWO_PLAYER_END.say(), "SC-VAR2-05")
    elif after.round_end is RoundEnd.UNBEATEN:
        yield Point(w.UNBEATEN_END.say(seat=str(state.owner)), "SC-END-02")
    elif after.turn == state.turn:
        yield Point(w.PLAYS_AGAIN.say(seat=str(after.turn)), "SC-VAR2-03")
    else:
        yield Point(w.PLAYS_NEXT.say(seat=str(after.turn)), "SC-TURN-01")
