"""Cases for chapter SCORE: each term of a round score, the exemption, totals and winners."""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case, facing, played
from scout_ref.conformance.cases.round_end import emptied_by_scouts
from scout_ref.state import State
from scout_ref.variants import Rules

NO_EXEMPTION = Rules(owner_exemption=False)
TERMS = ("SC-SCORE-01", "SC-SCORE-02", "SC-SCORE-03", "SC-SCORE-06")


def unbeaten(rules: Rules | None = None, players: int = 4) -> State:
    """Seat 0's run 5-6-7 loses its 5 to the last seat of the circle, which ends the round.

    Seat 0 holds a chip for each scout of the circle, seat 1 one from earlier, and seat 0
    ends with cards still in hand.
    """
    chips = [players - 2, 1] + [0] * (players - 2)
    state = facing(
        players,
        "5/3 6/1 7/3",
        "4/9 7/1",
        seat=players - 1,
        others=3,
        rules=rules,
        scout_chips=chips,
    )
    return played(state, "scout L @0")


def tied_game_over() -> State:
    """Three players, round 3: seat 1 empties its hand and ties seat 0 for the lead."""

    def finish(scores: list[int]) -> State:
        start = facing(3, "2/1", "5/4", seat=1, owner=0, round=3, scores=scores)
        return played(start, "show 0-0")

    dry = finish([0, 0, 0]).scores
    return finish([20 - dry[0], 20 - dry[1], 3 - dry[2]])


def score_cases() -> list[Case]:
    """Round ends of each kind, scored."""
    used = facing(4, "5/1 6/1 7/1", "8/2", scout_show_available=[True, True, False, True])
    return [
        case(
            "score-scoring-totals-accumulate",
            "A round's scores are added to the totals carried from earlier rounds.",
            [*TERMS, "SC-END-01"],
            focus="SC-SCORE-06",
            state=played(facing(3, "5/3 6/1", "7/1 8/4", round=2, scores=[3, -2, 1]), "show 0-1"),
        ),
        case(
            "score-scoring-empty-hand",
            "A round ended by an emptied hand: nobody is exempt from the hand penalty.",
            [*TERMS, "SC-END-01", "SC-SCORE-04"],
            focus="SC-SCORE-03",
            state=played(facing(4, "5/3 6/1", "7/1 8/4", scout_chips=[1, 0, 2, 0]), "show 0-1"),
        ),
        case(
            "score-scoring-unbeaten-owner-exempt",
            "A round ended by an unbeaten set: its owner loses nothing for the cards in hand.",
            [*TERMS, "SC-SCORE-04", "SC-END-02"],
            focus="SC-SCORE-04",
            state=unbeaten(),
        ),
        case(
            "score-scoring-unbeaten-no-exemption",
            "With the exemption switched off the owner pays for the hand like everyone.",
            [*TERMS, "SC-VAR-01"],
            focus="SC-VAR-01",
            state=unbeaten(NO_EXEMPTION),
        ),
        case(
            "score-scoring-active-set-scores-nothing",
            "Two cards remain in the unbeaten set: nobody scores them, not even its owner.",
            [*TERMS, "SC-SCORE-05", "SC-SCORE-04"],
            focus="SC-SCORE-05",
            state=unbeaten(players=5),
        ),
        case(
            "score-scoring-empty-set-literal",
            "A set scouted empty ended the round: its owner is exempt as for any unbeaten set.",
            [*TERMS, "SC-SCORE-04", "SC-END-02"],
            focus="SC-SCORE-01",
            state=played(emptied_by_scouts(), "scout L @0"),
        ),
        case(
            "score-scoring-scout-show-chip-nothing",
            "A used or unused Scout & Show chip scores nothing.",
            [*TERMS, "SC-SCORE-05", "SC-COMP-04"],
            focus="SC-SCORE-02",
            state=played(used, "scout R @0 + show 0-1"),
        ),
        case(
            "score-scoring-tied-winners",
            "At the end of the game the two seats tied for the highest total both win.",
            [*TERMS, "SC-GAME-04", "SC-GAME-01"],
            focus="SC-GAME-04",
            state=tied_game_over(),
            claim={"winners": [0, 1]},
        ),
    ]
