"""Trace cases: whole games and single rounds of seeded random play, step by step.

A trace records only the chance outcomes (each deal's deck) and the moves
(:func:`~scout_ref.formats.trace.draft_steps`); the digests and the scored states at each round
end are filled in from the reference engine (:func:`~scout_ref.formats.trace.complete`).
"""

from __future__ import annotations

from scout_ref.analysis.simulation import GameRecord, random_game
from scout_ref.conformance.cases._case import Case, cards, case
from scout_ref.engine.components import oriented
from scout_ref.engine.notation import Flip, Keep, Scout, ScoutShow
from scout_ref.engine.setup import cards_in_play
from scout_ref.engine.state import RoundEnd
from scout_ref.engine.variants import EmptySetChain, Rotation, Rules, Scouting
from scout_ref.formats.state_json import rules_to_json
from scout_ref.formats.trace import draft_steps

ALWAYS = ("SC-TURN-01", "SC-TURN-02", "SC-SHOW-05", "SC-SCORE-01", "SC-SCORE-03")
GAME = ("SC-GAME-01", "SC-GAME-02", "SC-GEN-03", "SC-SCORE-06")
TWO_PLAYER = ("SC-VAR2-01", "SC-VAR2-02", "SC-VAR2-06")
ALL_VARIANTS = Rules(
    owner_exemption=False,
    empty_set_chain=EmptySetChain.RESET,
    scouting=Scouting.FORCED,
    rotation=Rotation.ONCE_PER_GAME,
)
VARIANT_RULES = ("SC-VAR-01", "SC-VAR-02", "SC-VAR-03", "SC-VAR-04")


def exercised(record: GameRecord, rounds: int) -> set[str]:
    """The rules the first ``rounds`` rounds of a game visibly exercise, from what happened."""
    two = record.players == 2
    out = set(ALWAYS) | (set(TWO_PLAYER) if two else {"SC-GAME-03", "SC-SETUP-03"})
    for rnd in record.rounds[:rounds]:
        kinds = {type(m) for m in rnd.moves}
        out |= {"SC-ORIENT-01", "SC-ORIENT-03"} if kinds & {Keep, Flip} else set()
        out |= {"SC-ORIENT-02"} if Flip in kinds else set()
        if kinds & {Scout, ScoutShow}:
            out |= {"SC-SCOUT-01", "SC-SCOUT-02", "SC-VAR2-03" if two else "SC-SCOUT-03"}
        out |= {"SC-SNS-01", "SC-SNS-02", "SC-SNS-03"} if ScoutShow in kinds else set()
        out |= {"SC-SHOW-04"} if any(rnd.end.captured) else set()
        if rnd.end.round_end is RoundEnd.EMPTY_HAND:
            out.add("SC-END-01")
        elif rnd.end.round_end is RoundEnd.UNBEATEN:
            out |= {"SC-SCORE-04", "SC-VAR2-05" if two else "SC-END-02"}
    return out


def _trace(what: str, description: str, rules: list[str], record: GameRecord, rounds: int) -> Case:
    return case(
        f"trace-{what}",
        description,
        {*rules, *exercised(record, rounds)},
        players=record.players,
        game_rules=rules_to_json(record.rules),
        steps=draft_steps(record, rounds),
    )


def trace_cases() -> list[Case]:
    """Three whole games and two single rounds per player count, and two variant games."""
    out = []
    for n in (2, 3, 4, 5):
        for k in (1, 2, 3):
            record = random_game(n, seed=f"trace-game-{n}p-{k}")
            out.append(
                _trace(
                    f"games-{n}p-game-{k}",
                    f"A whole {n}-player game of random legal moves (game {k}).",
                    list(GAME),
                    record,
                    len(record.rounds),
                )
            )
        for k in (1, 2):
            record = random_game(n, seed=f"trace-round-{n}p-{k}")
            out.append(
                _trace(
                    f"games-{n}p-round-{k}",
                    f"The first round of a {n}-player game of random legal moves (round {k}).",
                    [],
                    record,
                    1,
                )
            )
    for n in (3, 4):
        record = random_game(n, seed=f"trace-variants-{n}p", rules=ALL_VARIANTS)
        out.append(
            _trace(
                f"games-{n}p-all-variants",
                f"A whole {n}-player game with every variant switched on.",
                [*GAME, *VARIANT_RULES],
                record,
                len(record.rounds),
            )
        )
    return out


CYCLE_RULES = (
    "SC-END-03",
    "SC-END-04",
    "SC-ORIENT-01",
    "SC-ORIENT-03",
    "SC-SCOUT-01",
    "SC-SCOUT-02",
    "SC-SCOUT-03",
    "SC-SCOUT-05",
    "SC-SHOW-02",
    "SC-TURN-01",
)


def cycle_cases() -> list[Case]:
    """A three-player round that need not end (SC-END-04), cut after its position repeats.

    Seats 0 and 2 are dealt a 9 at the far left. In play, whoever faces an empty table shows
    the leftmost card and the next player scouts it to the far left, so the player after them
    faces an empty table again. The position after 12 moves of play comes back after 24, with
    the Scout chips grown to 4 each; nothing ends the round.
    """
    nines = [oriented(9, 1), oriented(9, 2)]
    rest = [oriented(c.low, c.high) for c in sorted(cards_in_play(3)) if 9 not in (c.low, c.high)]
    rest += [oriented(9, k) for k in range(3, 9)]
    deck = [nines[0], *rest[:11], *rest[11:23], nines[1], *rest[23:]]
    play = ["show 0-0" if k % 2 == 0 else "scout L @0" for k in range(24)]
    steps: list[dict[str, object]] = [{"deal": cards(deck)}]
    steps += [{"move": m} for m in ["keep"] * 3 + play]
    return [
        case(
            "trace-cycles-3p-repeat",
            "A 3-player round that need not end: each show onto the empty table is scouted by "
            "the next player, the position after 12 moves of play recurs after 24, and the "
            "round goes on (the trace stops there; its last step carries the state).",
            set(CYCLE_RULES),
            players=3,
            game_rules=rules_to_json(Rules()),
            steps=steps,
        )
    ]
