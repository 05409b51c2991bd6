"""Chapter REACH: conditions every position that arises in play meets.

A state can be valid (the loader accepts it: cards conserved, phase consistent) and still be
one that no deal and no sequence of legal moves produces. Each check below is a consequence of
the rules, named by its condition's ID; :func:`check_reachable` reports every broken one. The
conditions are necessary, not sufficient: a position that meets them all may still be out of
reach.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from scout_ref._text import plural
from scout_ref.combinations import classify
from scout_ref.registry import implements
from scout_ref.scoring import round_scores
from scout_ref.setup import TWO_PLAYER_CHIPS, hand_size
from scout_ref.show import tops
from scout_ref.state import Phase, RoundEnd, Seat, State, evolve, next_seat
from scout_ref.turn import legal_moves
from scout_ref.variants import EmptySetChain, Rotation


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken condition of chapter REACH: its ID, where in the state JSON, and why."""

    rule: str
    where: str
    detail: str

    def __str__(self) -> str:
        return f"{self.where or '/'}: {self.detail} ({self.rule})"


def _over(state: State) -> bool:
    return state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)


@implements("SC-REACH-02")
def _hand_problems(state: State) -> Iterator[Violation]:
    """Only a show empties a hand, and that show ends the round (SC-END-01)."""
    for s, hand in enumerate(state.hands):
        emptied = state.round_end is RoundEnd.EMPTY_HAND and state.owner == s
        if not hand and not emptied:
            yield Violation(
                "SC-REACH-02", f"/hands/{s}", "only a show that ends the round empties it"
            )


@implements("SC-REACH-03")
def _first_show_problems(state: State) -> Iterator[Violation]:
    """Until the first show nothing can be scouted, so play has not changed anything yet."""
    if state.owner is not None or state.phase is not Phase.PLAY:
        return
    rule, dealt = "SC-REACH-03", hand_size(state.players)
    if state.turn != state.start_player:
        yield Violation(rule, "/turn", "before the first show the start player is to act")
    for s, hand in enumerate(state.hands):
        if len(hand) != dealt:
            yield Violation(
                rule, f"/hands/{s}", f"holds {plural(len(hand), 'card')} before any show"
            )
    dealt_chips = (TWO_PLAYER_CHIPS if state.is_two_player else 0,) * state.players
    if state.scout_chips != dealt_chips:
        yield Violation(rule, "/scout_chips", "no scout can happen before the first show")
    if not state.is_two_player and not all(state.scout_show_available):
        yield Violation(rule, "/scout_show_available", "no Scout & Show before the first show")


@implements("SC-REACH-04")
def _active_set_problems(state: State) -> Iterator[Violation]:
    """A show is a combination, and scouts take only its end cards."""
    if state.active_set and classify(tops(state.active_set)) is None:
        yield Violation("SC-REACH-04", "/active_set", "is neither a set nor a run")


def scouts_since_show(state: State) -> int | None:
    """With 3 to 5 players, how many scouts have been made since the owner's show.

    Each scout passes the turn one seat on and a show changes the owner, so the distance from
    the owner to the seat to act counts them; a round that ended unbeaten took n - 1 and one
    that ended on an emptied hand none. None with 2 players or before the first show.
    """
    if state.is_two_player or state.owner is None:
        return None
    if state.round_end is RoundEnd.UNBEATEN:
        return state.players - 1
    if state.turn is None:
        return 0
    return (state.turn - state.owner - 1) % state.players


@implements("SC-REACH-05")
def _chain_problems(state: State) -> Iterator[Violation]:
    """An emptied set was scouted away, so at least one scout followed its show."""
    if state.owner is None or state.active_set or state.turn is None:
        return
    rule = "SC-REACH-05"
    if state.is_two_player:
        if state.scout_chips[state.turn] == TWO_PLAYER_CHIPS:
            yield Violation(rule, f"/scout_chips/{state.turn}", "scouting the set away cost chips")
    elif state.turn == next_seat(state.owner, state.players):
        yield Violation(rule, "/turn", "the seat after the owner cannot face a set scouted away")


@implements("SC-REACH-06")
def _owner_chip_problems(state: State) -> Iterator[Violation]:
    """Every scout since the owner's show paid the owner a chip."""
    k = scouts_since_show(state)
    if k is not None and state.owner is not None and state.scout_chips[state.owner] < k:
        where = f"/scout_chips/{state.owner}"
        yield Violation(
            "SC-REACH-06",
            where,
            f"{plural(k, 'scout')} since the owner's show paid {plural(k, 'chip')}",
        )


@implements("SC-REACH-07")
def _round_end_problems(state: State) -> Iterator[Violation]:
    """The move that ended the round leaves its mark."""
    rule = "SC-REACH-07"
    if state.round_end is RoundEnd.EMPTY_HAND and not state.active_set:
        yield Violation(rule, "/active_set", "the show that emptied the hand lies on the table")
    if state.round_end is not RoundEnd.UNBEATEN or state.owner is None:
        return
    if state.is_two_player:
        other = Seat(1 - state.owner)
        resumed = _resumed(state, other)
        if legal_moves(resumed):
            yield Violation(rule, "/round_end", f"seat {other} could still show or scout")
    elif not state.active_set and state.rules.empty_set_chain is EmptySetChain.RESET:
        yield Violation(rule, "/round_end", "with the chain reset an emptied set ends nothing")


def _resumed(state: State, seat: Seat) -> State:
    return evolve(state, phase=Phase.PLAY, turn=seat, round_end=None)


@implements("SC-REACH-08")
def _score_problems(state: State) -> Iterator[Violation]:
    """Totals start at 0 and take each round's score when it ends (SC-SCORE-06)."""
    if state.round != 1:
        return
    expected = tuple(s.total for s in round_scores(state)) if _over(state) else (0,) * state.players
    if state.scores != expected:
        yield Violation("SC-REACH-08", "/scores", f"round 1 totals must be {list(expected)}")


def _shown_at_least(state: State, seat: int) -> int:
    """The fewest cards ``seat`` can have shown this round, from what lies on the table."""
    held = len(state.active_set) if state.owner == seat else 0
    # A capture beats a set no larger than the show that takes it.
    least = max(len(state.captured[seat]), held)
    if not state.is_two_player:
        # Each chip is one card of the seat's shows taken away by a scout (SC-SCOUT-03).
        least = max(least, state.scout_chips[seat] + held)
        if not state.scout_show_available[seat]:
            least = max(least, 1)
    if state.owner is not None and seat == state.start_player:
        least = max(least, 1)  # the first move of a round is the start player's show
    return least


def _scouted_at_least(state: State, seat: int) -> int:
    """The fewest scouts ``seat`` can have made this round, from its hand and the turn order."""
    dealt = hand_size(state.players)
    need = len(state.hands[seat]) - dealt + _shown_at_least(state, seat)
    evident = 0
    if not state.is_two_player and not state.scout_show_available[seat]:
        evident += 1  # the scout of its Scout & Show
    k = scouts_since_show(state)
    if k and state.owner is not None and (seat - state.owner - 1) % state.players < k:
        evident += 1  # one of the scouts since the owner's show
    return max(0, need, evident)


@implements("SC-REACH-09")
def _card_flow_problems(state: State) -> Iterator[Violation]:
    """A hand holds what was dealt, less what was shown, plus what was scouted."""
    rule = "SC-REACH-09"
    if state.phase is Phase.ROTATION:
        return
    least = [_scouted_at_least(state, s) for s in range(state.players)]
    if state.is_two_player:
        for s, chips in enumerate(state.scout_chips):
            spent = TWO_PLAYER_CHIPS - chips
            if least[s] > spent:
                where = f"/hands/{s}"
                yield Violation(
                    rule,
                    where,
                    f"needs {plural(least[s], 'scout')} but {plural(spent, 'chip')} paid",
                )
        return
    scouts = sum(state.scout_chips)  # every scout gave one chip, and chips come only so
    if sum(least) > scouts:
        yield Violation(
            rule, "/scout_chips", f"hands and piles need {sum(least)} scouts, chips record {scouts}"
        )
    for s, chips in enumerate(state.scout_chips):
        if least[s] + chips > scouts:
            # The scouts that paid this seat's chips were made by the other seats.
            where = f"/scout_chips/{s}"
            yield Violation(
                rule,
                where,
                f"{plural(chips, 'chip')} and {plural(least[s], 'own scout')} exceed {scouts}",
            )


def chain_captures(state: State) -> list[int] | None:
    """When no scout came before the owner's last show, how many cards each seat captured.

    Then every move before that show was a show, each by the seat after the previous shower and
    each capturing the set before it whole: a seat has captured exactly what the seat before it
    showed, less the owner's last show. With 3 to 5 players this is the case when the chips add
    up to the scouts since that show; with 2 players when nobody has paid a chip. None
    otherwise, or before the first show, or in the rotation phase.
    """
    if state.owner is None or state.phase is Phase.ROTATION:
        return None
    n, owner = state.players, state.owner
    if state.is_two_player:
        if state.scout_chips != (TWO_PLAYER_CHIPS,) * n:
            return None
        k = 0
    else:
        k = scouts_since_show(state) or 0
        if sum(state.scout_chips) != k or not all(state.scout_show_available):
            return None
    dealt = hand_size(n)
    shown = [dealt - len(state.hands[u]) + int(k > 0 and (u - owner - 1) % n < k) for u in range(n)]
    last = len(state.active_set) + k
    return [shown[(s - 1) % n] - (last if (s - 1) % n == owner else 0) for s in range(n)]


@implements("SC-REACH-11")
def _chain_problems_before_scouts(state: State) -> Iterator[Violation]:
    """Without earlier scouts the round so far is one chain of shows."""
    expected = chain_captures(state)
    if expected is None:
        return
    for s, want in enumerate(expected):
        if len(state.captured[s]) != want:
            detail = f"with no scout before the last show, seat {s} captured {plural(want, 'card')}"
            yield Violation("SC-REACH-11", f"/captured/{s}", detail)


@implements("SC-REACH-10")
def _rotation_problems(state: State) -> Iterator[Violation]:
    """Under SC-VAR-04 only the first round has a rotation phase."""
    once = state.rules.rotation is Rotation.ONCE_PER_GAME
    if once and state.round > 1 and state.phase is Phase.ROTATION:
        yield Violation("SC-REACH-10", "/phase", "hands are rotated only before round 1")


@implements("SC-REACH-01")
def check_reachable(state: State) -> list[Violation]:
    """Every condition of chapter REACH that ``state`` breaks; [] if it meets them all.

    Meeting them all does not prove a state reachable; breaking one proves it is not.

    >>> from scout_ref import new_game
    >>> check_reachable(new_game(3, seed=0))
    []
    """
    checks = (
        _hand_problems,
        _first_show_problems,
        _active_set_problems,
        _chain_problems,
        _owner_chip_problems,
        _round_end_problems,
        _score_problems,
        _card_flow_problems,
        _rotation_problems,
        _chain_problems_before_scouts,
    )
    return [v for check in checks for v in check(state)]
