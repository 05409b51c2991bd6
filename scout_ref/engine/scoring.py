"""Chapter SCORE: scoring a round, with the owner exemption, and the running totals."""

from __future__ import annotations

from dataclasses import dataclass

from scout_ref.engine.state import Phase, RoundEnd, Seat, State, evolve, require_state
from scout_ref.errors import MalformedInputError
from scout_ref.rulebook.registry import implements


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's round score, term by term."""

    seat: Seat
    captured: int
    chips: int
    hand_penalty: int
    exempt: bool

    @property
    def total(self) -> int:
        """Captured cards plus chips minus the hand penalty (zero when exempt)."""
        return self.captured + self.chips - self.hand_penalty


def is_exempt(state: State, seat: Seat) -> bool:
    """Whether ``seat`` loses nothing for its hand: the owner of a set that went unbeaten."""
    return (
        state.rules.owner_exemption and state.round_end is RoundEnd.UNBEATEN and state.owner == seat
    )


implements("SC-SCORE-04", "SC-VAR-01")(is_exempt)


def round_scores(state: State) -> tuple[SeatScore, ...]:
    """Each seat's score for the round that ``state`` has just ended.

    Cards left in the active set and Scout & Show chips are not counted (SC-SCORE-05). With 2
    players ``scout_chips`` holds the unspent chips, which score the same way (SC-VAR2-06).

    Raises:
        TypeError: if ``state`` is not a :class:`State`.
        MalformedInputError: if its round has not ended.
    """
    require_state(state)
    if state.round_end is None:
        phase = state.phase.value
        why = f"the round has not ended (phase {phase}): it has no score yet"
        raise MalformedInputError("state", [("/round_end", why)])
    out = []
    for s in range(state.players):
        seat = Seat(s)
        exempt = is_exempt(state, seat)
        out.append(
            SeatScore(
                seat=seat,
                captured=len(state.captured[s]),
                chips=state.scout_chips[s],
                hand_penalty=0 if exempt else len(state.hands[s]),
                exempt=exempt,
            )
        )
    return tuple(out)


implements("SC-SCORE-01", "SC-SCORE-02", "SC-SCORE-03", "SC-SCORE-05", "SC-VAR2-06")(round_scores)


def end_round(state: State, how: RoundEnd) -> State:
    """The state once the round has ended ``how``: scored, totals updated, nobody to act."""
    ended = evolve(state, round_end=how, turn=None)
    totals = tuple(t + s.total for t, s in zip(state.scores, round_scores(ended), strict=True))
    last = state.round >= state.rounds
    return evolve(ended, scores=totals, phase=Phase.GAME_OVER if last else Phase.ROUND_OVER)


implements("SC-SCORE-06", "SC-GAME-01")(end_round)
