"""Cases for chapter SCORE: each term of a round score, the exemption, totals and winners."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from scout_ref.analysis.simulation import GameRecord
from scout_ref.conformance.cases._case import Case, case, facing, played
from scout_ref.conformance.cases._games import seeded_game, seeded_state, spliced
from scout_ref.conformance.cases.round_end import emptied_by_scouts
from scout_ref.engine.game import winners
from scout_ref.engine.scoring import round_scores
from scout_ref.engine.state import Phase, RoundEnd, State
from scout_ref.engine.variants import Rules
from scout_ref.rulebook.registry import rules

NO_EXEMPTION = Rules(owner_exemption=False)
TERMS = ("SC-SCORE-01", "SC-SCORE-02", "SC-SCORE-03", "SC-SCORE-06")


def unbeaten(rules: Rules | None = None, players: int = 4) -> State:
    """Seat 0's run 5-6-7 loses its 5 to the last seat of the circle, which ends the round.

    Reached by play (:func:`~._case.facing`): the seats between extended the run and scouted
    it back, so seat 0 holds their chips; it ends with cards in hand and two on the table.
    """
    state = facing(players, "5/3 6/1 7/3", "4/9 7/1", seat=players - 1, rules=rules)
    return played(state, "scout L @0")


def tied_game_over(players: int = 3, seats: tuple[int, ...] = (0, 1)) -> State:
    """The end of the first seeded game whose winners are ``seats``, tied for the top total."""

    def tied(state: State) -> bool:
        return state.phase is Phase.GAME_OVER and winners(state) == seats

    start = TIE_SEEDS.get((players, seats), 0)
    return seeded_state(players, f"scoring-tie-{players}p", tied, start=start)


TIE_SEEDS: dict[tuple[int, tuple[int, ...]], int] = {
    (3, (0, 1)): 242,
    (4, (0, 1)): 273,
    (5, (0, 1)): 571,
}
"""Where :func:`tied_game_over`'s search starts (the seed it finds), so generating is quick."""


def tie_alike(players: int) -> State:
    """Seats 0 and 2 tie for the top total, and their last round scored alike in every term.

    The last round of one seeded game (seats 0 and 2 capture as many cards, hold as many chips
    and as many cards) is dealt and played after the earlier rounds of another, whose totals
    tie seats 0 and 2 (:func:`~._games.spliced`): no move depends on the totals.
    """
    start_last, start_first = ALIKE_SEEDS[players]
    last = seeded_game(
        players, f"scoring-alike-last-{players}p", _last_alike, start=start_last
    ).rounds[-1]
    gained = [s.total for s in round_scores(last.end)]

    def carried_tie(game: GameRecord) -> bool:
        before = game.rounds[players - 2].end.scores
        final = [t + g for t, g in zip(before, gained, strict=True)]
        return before[0] == before[2] and all(final[0] > t for s, t in enumerate(final) if s % 2)

    first = seeded_game(players, f"scoring-alike-first-{players}p", carried_tie, start=start_first)
    return spliced(first.rounds[players - 2].end, last)


ALIKE_SEEDS = {3: (456, 36), 4: (585, 801)}
"""Where :func:`tie_alike`'s two searches start (the seeds they find), so generating is quick."""


def _last_alike(game: GameRecord) -> bool:
    zero, _, two, *_ = round_scores(game.rounds[-1].end)
    alike = (zero.captured, zero.chips, zero.hand_penalty, zero.exempt) == (
        two.captured,
        two.chips,
        two.hand_penalty,
        two.exempt,
    )
    return alike and zero.hand_penalty > 0


def emptied_hand(players: int) -> State:
    """Seat 1 beats seat 0's run 5-6 with its last two cards, 7-8 (reached by play)."""
    return played(facing(players, "5/3 6/1", "7/2 8/4"), "show 0-1")


def ended(players: int, name: str, wanted: Callable[[State], bool], *, round: int = 1) -> State:
    """The first round ``round`` of the seeded games ``scoring-{name}-{players}p-k`` that ends
    by an emptied hand with the property ``wanted``."""

    def fits(state: State) -> bool:
        over = state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and state.round == round
        return over and state.round_end is RoundEnd.EMPTY_HAND and wanted(state)

    return seeded_state(players, f"scoring-{name}-{players}p", fits)


def _differ(values: Iterable[int]) -> bool:
    """Whether two seats have different non-zero values: a term that a wrong seat or a
    missing term would change."""
    return len({v for v in values if v}) >= 2


def _captured_differ(state: State) -> bool:
    return _differ(len(pile) for pile in state.captured)


def _chips_differ(state: State) -> bool:
    return _differ(state.scout_chips)


def _carried_differ(state: State) -> bool:
    """Whether the totals carried from earlier rounds differ between two seats."""
    return _differ(t - s.total for t, s in zip(state.scores, round_scores(state), strict=True))


def _cards_left(state: State) -> bool:
    return any(len(hand) >= 2 for hand in state.hands)


def at_other_counts() -> list[Case]:
    """The terms of a round score, the exemption and the winners at more player counts."""
    out = []
    for n in (2, 3, 4, 5):
        terms = [*TERMS, "SC-VAR2-06"] if n == 2 else [*TERMS]
        terms = [r for r in terms if rules()[r].applies_to(n)]
        out += [
            case(
                f"score-scoring-{n}p-hand-penalty",
                f"{n} players, an emptied hand: each card left in the other hands costs 1.",
                [*terms, "SC-END-01"],
                focus="SC-SCORE-03",
                state=emptied_hand(n) if n > 2 else ended(n, "hand-penalty", _cards_left),
            ),
            case(
                f"score-scoring-{n}p-captured-cards",
                f"{n} players: captured cards score 1 each.",
                [*terms, "SC-END-01"],
                focus="SC-SCORE-01",
                state=ended(n, "captured", _captured_differ),
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
        out.append(
            case(
                f"score-scoring-{n}p-totals-accumulate",
                f"{n} players: a round's scores are added to the totals carried over.",
                [*TERMS, "SC-END-01"],
                focus="SC-SCORE-06",
                state=ended(n, "totals", _carried_differ, round=2),
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
                state=ended(n, "chips", _chips_differ),
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
            state=ended(3, "totals", _carried_differ, round=2),
        ),
        case(
            "score-scoring-empty-hand",
            "A round ended by an emptied hand: nobody is exempt from the hand penalty.",
            [*TERMS, "SC-END-01", "SC-SCORE-04"],
            focus="SC-SCORE-04",
            state=played(facing(4, "5/3 6/1", "7/1 8/4"), "show 0-1"),
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
            state=played(facing(5, "5/3 6/1", "7/1 8/4"), "show 0-1"),
        ),
        case(
            "score-scoring-captured-cards",
            "Captured cards score 1 each, whoever captured them.",
            [*TERMS, "SC-END-01"],
            focus="SC-SCORE-01",
            state=played(facing(3, "5/3 6/1", "7/1 8/4"), "show 0-1"),
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
                f"{n} players: seats 0 and 2 tie for the highest total and both win. Their"
                " last round scored alike in every term (as many cards captured, chips and"
                " cards in hand), so a wrong hand penalty or any other term would move both"
                " alike: the tie depends on the totals alone.",
                [*TERMS, "SC-GAME-04", "SC-GAME-01"],
                focus="SC-GAME-04",
                state=tie_alike(n),
                claim={"winners": [0, 2]},
            )
            for n in (3, 4)
        ),
    ]
