"""Cases for chapter GAME: dealing later rounds, with the start player passing to the left.

The finished rounds come from seeded random games, so every round_over state is a real one.
"""

from __future__ import annotations

from scout_ref.analysis.simulation import random_game
from scout_ref.conformance.cases._case import Case, cards, case
from scout_ref.conformance.cases._games import remember
from scout_ref.engine.setup import shuffled_deck
from scout_ref.engine.variants import Rotation, Rules
from scout_ref.formats.state_json import state_to_json

NEXT = ("SC-GAME-02", "SC-GAME-03", "SC-SETUP-03", "SC-SETUP-04", "SC-SCORE-06")


def deal_cases() -> list[Case]:
    """Rounds 2 and later for 3 to 5 players, the two-player second round, and a variant."""
    out = []
    for players in (3, 4, 5):
        game = remember(random_game(players, seed=f"rounds-{players}"))
        for finished in (1, players - 1):
            end = game.rounds[finished - 1].end
            number = finished + 1
            out.append(
                case(
                    f"deal-rounds-{players}p-round-{number}",
                    f"Round {number} of a {players}-player game: seat {finished} starts, "
                    "totals carry over.",
                    [*NEXT, "SC-ORIENT-01", "SC-SETUP-02", "SC-COMP-04"],
                    focus="SC-GAME-03" if finished == 1 else "SC-GAME-02",
                    input={
                        "state": state_to_json(end),
                        "deck": cards(shuffled_deck(players, f"rounds-{players}-{number}")),
                    },
                    claim={"start_player": finished, "turn": finished, "phase": "rotation"},
                )
            )
    two = remember(random_game(2, seed="rounds-2")).rounds[0].end
    out.append(
        case(
            "deal-rounds-2p-round-2",
            "The second two-player round deals the 22 cards set aside, with no new deck.",
            ["SC-VAR2-01", "SC-VAR2-02", "SC-GAME-02", "SC-SETUP-04", "SC-SCORE-06"],
            input={"state": state_to_json(two), "deck": None},
            claim={"start_player": 1, "set_aside": [], "scout_chips": [3, 3]},
        )
    )
    other = remember(random_game(2, seed="rounds-2-count")).rounds[0].end
    out.append(
        case(
            "deal-rounds-2p-second-of-two",
            "Two players play two rounds: after the first, round 2 is dealt, and it is the last.",
            ["SC-GAME-01", "SC-VAR2-01", "SC-GAME-02", "SC-SETUP-04", "SC-SCORE-06"],
            input={"state": state_to_json(other), "deck": None},
            claim={"round": 2, "phase": "rotation"},
        )
    )
    once = remember(
        random_game(4, seed="rounds-once", rules=Rules(rotation=Rotation.ONCE_PER_GAME))
    )
    out.append(
        case(
            "deal-rounds-4p-rotation-once-per-game",
            "With rotation once per game, round 2 starts directly in the play phase.",
            ["SC-VAR-04", "SC-GAME-02", "SC-GAME-03"],
            input={
                "state": state_to_json(once.rounds[0].end),
                "deck": cards(shuffled_deck(4, "rounds-once-2")),
            },
            claim={"phase": "play", "turn": 1},
        )
    )
    once_per_game = Rules(rotation=Rotation.ONCE_PER_GAME)
    for players in (2, 3, 5):
        once = remember(random_game(players, seed="rounds-once", rules=once_per_game))
        deck = None if players == 2 else cards(shuffled_deck(players, "rounds-once-2"))
        out.append(
            case(
                f"deal-rounds-{players}p-rotation-once-per-game",
                f"{players} players, rotation once per game: round 2 starts in the play phase.",
                ["SC-VAR-04", "SC-GAME-02"],
                input={"state": state_to_json(once.rounds[0].end), "deck": deck},
                claim={"phase": "play", "turn": 1},
            )
        )
    return out
