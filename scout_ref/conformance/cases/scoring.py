"""Cases for chapter SCORE: each term of a round score, the exemption, totals and winners."""

from __future__ import annotations

from typing import Any

from scout_ref.conformance.cases._case import Case, case, facing, played
from scout_ref.conformance.cases.round_end import emptied_by_scouts
from scout_ref.registry import rules
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


def tied_game_over(players: int = 3, totals: tuple[int, ...] = (20, 20)) -> State:
    """The last round: seat 1 empties its hand; the totals are ``totals`` (then 3 each)."""

    def finish(scores: list[int]) -> State:
        start = facing(players, "2/1", "5/4", seat=1, owner=0, round=players, scores=scores)
        return played(start, "show 0-0")

    dry = finish([0] * players).scores
    wanted = [*totals, *[3] * players][:players]
    return finish([t - d for t, d in zip(wanted, dry, strict=True)])


def emptied_hand(players: int, **fields: Any) -> State:
    """Seat 1 beats seat 0's run 5-6 with its last two cards, 7-8; the others hold 3 cards."""
    return played(facing(players, "5/3 6/1", "7/2 8/4", others=3, **fields), "show 0-1")


def at_other_counts() -> list[Case]:
    """The terms of a round score, the exemption and the winners at more player counts."""
    out = []
    for n in (2, 3, 4, 5):
        piles = ["2/3 4/5", "1/9", "", "", ""][:n]
        terms = [*TERMS, "SC-VAR2-06"] if n == 2 else [*TERMS]
        terms = [r for r in terms if rules()[r].applies_to(n)]
        out += [
            case(
                f"score-scoring-{n}p-hand-penalty",
                f"{n} players, an emptied hand: each card left in the other hands costs 1.",
                [*terms, "SC-END-01"],
                focus="SC-SCORE-03",
                state=emptied_hand(n),
            ),
            case(
                f"score-scoring-{n}p-captured-cards",
                f"{n} players: captured cards score 1 each.",
                [*terms, "SC-END-01"],
                focus="SC-SCORE-01",
                state=emptied_hand(n, captured=piles),
            ),
        ]
    for n in (3, 5):
        out.append(
            case(
                f"score-scoring-{n}p-unbeaten-owner-exempt",
                f"{n} players, an unbeaten set: its owner loses nothing for the hand.",
                [*TERMS, "SC-SCORE-04", "SC-SCORE-05", "SC-END-02"],
                focus="SC-SCORE-04",
                state=unbeaten(players=n),
            )
        )
        out.append(
            case(
                f"score-scoring-{n}p-no-exemption",
                f"{n} players, the exemption switched off: the owner pays for the hand.",
                [*TERMS, "SC-VAR-01"],
                focus="SC-VAR-01",
                state=unbeaten(NO_EXEMPTION, players=n),
            )
        )
    for n in (3, 4):
        out.append(
            case(
                f"score-scoring-{n}p-active-set-scores-nothing",
                f"{n} players: the cards left in the unbeaten set score for nobody.",
                [*TERMS, "SC-SCORE-05", "SC-SCORE-04"],
                focus="SC-SCORE-05",
                state=unbeaten(players=n),
            )
        )
    for n in (4, 5):
        scores = [3, -2, 1, 0, 5][:n]
        out.append(
            case(
                f"score-scoring-{n}p-totals-accumulate",
                f"{n} players: a round's scores are added to the totals carried over.",
                [*TERMS, "SC-END-01"],
                focus="SC-SCORE-06",
                state=emptied_hand(n, round=2, scores=scores),
            )
        )
        out.append(
            case(
                f"score-scoring-{n}p-tied-winners",
                f"{n} players: the two seats tied for the highest total both win.",
                [*TERMS, "SC-GAME-04", "SC-GAME-01"],
                focus="SC-GAME-04",
                state=tied_game_over(n),
            )
        )
    for n in (3, 5):
        out.append(
            case(
                f"score-scoring-{n}p-chips",
                f"{n} players: each Scout chip held scores 1.",
                [*TERMS, "SC-END-01"],
                focus="SC-SCORE-02",
                state=emptied_hand(n, scout_chips=[2, 0, 1, 0, 3][:n]),
            )
        )
    return out


def score_cases() -> list[Case]:
    """Round ends of each kind, scored."""
    used = facing(4, "5/1 6/1 7/1", "8/2", scout_show_available=[True, True, False, True])
    return [
        *at_other_counts(),
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
            focus="SC-SCORE-04",
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
            focus="SC-SCORE-04",
            state=played(emptied_by_scouts(), "scout L @0"),
        ),
        case(
            "score-scoring-hand-penalty",
            "A round ended by an emptied hand: each card left in the others' hands costs 1.",
            [*TERMS, "SC-END-01"],
            focus="SC-SCORE-03",
            state=played(facing(5, "5/3 6/1", "7/1 8/4", others=3), "show 0-1"),
        ),
        case(
            "score-scoring-captured-cards",
            "Captured cards score 1 each, whoever captured them.",
            [*TERMS, "SC-END-01"],
            focus="SC-SCORE-01",
            state=played(
                facing(3, "5/3 6/1", "7/2 8/4", captured=["2/3 4/5", "", "1/9"]), "show 0-1"
            ),
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
        *(
            case(
                f"score-scoring-{n}p-tie-alike-terms",
                f"{n} players: seats 0 and 2 tie for the highest total and both win. Each"
                " holds two cards, so a wrong hand penalty or any other term would move both"
                " alike: the tie depends on the totals alone.",
                [*TERMS, "SC-GAME-04", "SC-GAME-01"],
                focus="SC-GAME-04",
                state=tied_game_over(n, (20, 10, 20)),
                claim={"winners": [0, 2]},
            )
            for n in (3, 4)
        ),
    ]
