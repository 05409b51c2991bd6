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

from scout_ref.engine.combinations import Strength, classify, strength_of
from scout_ref.engine.scoring import round_scores
from scout_ref.engine.setup import TWO_PLAYER_CHIPS, cards_in_play, hand_size
from scout_ref.engine.show import tops
from scout_ref.engine.state import Phase, RoundEnd, Seat, State, evolve, next_seat
from scout_ref.engine.turn import legal_moves
from scout_ref.engine.variants import EmptySetChain, Rotation
from scout_ref.rulebook.registry import implements
from scout_ref.util.text import plural


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
    """An emptied active set was scouted away, so at least one scout followed its show."""
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


def _numbers_in_play(players: int) -> list[int]:
    return sorted({v for c in cards_in_play(players) for v in (c.low, c.high)})


def _strongest_original(state: State, k: int) -> Strength | None:
    """The greatest strength the owner's last show can have had, k cards ago (SC-SCOUT-01).

    Scouts take end cards: a set or run of two or more stays the same kind and its smallest
    number can only have been lower; a single card can have been part of a set of its number;
    an emptied set can have been anything of k cards.
    """
    remaining = strength_of(tops(state.active_set))
    if remaining is None:
        return (k, True, max(_numbers_in_play(state.players))) if k else None
    size, is_set, smallest = remaining
    return (size + k, is_set or size == 1, smallest)


def ladder_room(players: int, top: Strength) -> int:
    """How many cards a strictly rising ladder of shows below ``top`` can hold at most.

    Each strength below ``top`` can be shown at most once in a ladder, so the sizes of all the
    combinations the deck of ``players`` allows below it add up to a bound (SC-SET-04).

    >>> ladder_room(3, (1, True, 4))  # single cards 1, 2 and 3
    3
    """
    values = _numbers_in_play(players)
    bearing = {v: sum(1 for c in cards_in_play(players) if v in (c.low, c.high)) for v in values}
    room = 0
    for size in range(1, top[0] + 1):
        for v in values:
            if size <= bearing[v] and (size, True, v) < top:
                room += size
            if size > 1 and v + size - 1 <= max(values) and (size, False, v) < top:
                room += size
    return room


@implements("SC-REACH-12")
def _ladder_problems(state: State) -> Iterator[Violation]:
    """Since the last scout every show beat the one before: the shows form a rising ladder."""
    expected = chain_captures(state)
    if expected is None:
        return
    k = scouts_since_show(state) or 0
    top = _strongest_original(state, k)
    if top is None:
        return
    room = ladder_room(state.players, top)
    captured = sum(len(p) for p in state.captured)
    if captured > room:
        detail = (
            f"expected at most {room} cards shown below the owner's show (no scout before it),"
            f" found {captured} captured"
        )
        yield Violation("SC-REACH-12", "/captured", detail)


@implements("SC-REACH-13")
def _chip_payer_problems(state: State) -> Iterator[Violation]:
    """A seat's chips were paid by scouts that began with the seat after it (SC-SCOUT-03).

    Only a scout of the owner's set pays the owner, and after a show the seat after the owner
    acts first: any scout of that show starts with one of its scouts, followed by at most n - 2
    more, one by each later seat. So the seat after a holder of c chips scouted at least
    c / (n - 1) times, which the scouts recorded by all chips must leave room for. The owner's
    current show has been scouted exactly k times (:func:`scouts_since_show`): once by the
    seat after it, and the other c - k chips came from earlier shows.
    """
    if state.is_two_player or state.phase is Phase.ROTATION:
        return
    n, total = state.players, sum(state.scout_chips)
    least = [_scouted_at_least(state, s) for s in range(n)]
    k = scouts_since_show(state) or 0
    for s, chips in enumerate(state.scout_chips):
        if not chips:
            continue
        u = next_seat(Seat(s), n)
        most = total - sum(least) + least[u]
        current = k if s == state.owner else 0
        need = int(current > 0) + -(-max(0, chips - current) // (n - 1))
        if most < need:
            detail = (
                f"expected seat {u} to have scouted at least {need} times to pay seat {s}'s"
                f" {chips} chips, found room for {max(most, 0)}"
            )
            yield Violation("SC-REACH-13", f"/scout_chips/{s}", detail)


@implements("SC-REACH-14")
def _two_player_stuck_problems(state: State) -> Iterator[Violation]:
    """With 2 players a player who can neither show nor scout has ended the round (SC-VAR2-05)."""
    if not state.is_two_player or state.phase is not Phase.PLAY or state.turn is None:
        return
    if not legal_moves(state):
        detail = f"expected seat {state.turn} to act to have a legal move, found none"
        yield Violation("SC-REACH-14", f"/hands/{state.turn}", detail)


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
        _ladder_problems,
        _chip_payer_problems,
        _two_player_stuck_problems,
    )
    return [v for check in checks for v in check(state)]
