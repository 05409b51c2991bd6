"""Cases for chapters SETUP and COMP: the first deal of a game for each player count."""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, cards, case
from scout_ref.engine.setup import cards_in_play, shuffled_deck
from scout_ref.engine.variants import Rotation, Rules, Scouting
from scout_ref.formats.state_json import rules_to_json

FOCUS = {False: ("SC-SETUP-03", "SC-SETUP-04"), True: ("SC-VAR2-01", "SC-VAR2-02")}
"""The rule each deck's case is written for: the dealing, then the fresh round."""
MORE_FOCI = {
    False: ("SC-COMP-01", "SC-SETUP-01", "SC-SETUP-02", "SC-ORIENT-01", "SC-GAME-02", "SC-COMP-04"),
    True: ("SC-COMP-01", "SC-SETUP-01", "SC-SETUP-02", "SC-ORIENT-01", "SC-GAME-02", "SC-SETUP-04"),
}
"""The other rules a first deal shows, each the focus of one more deck per player count."""
DEAL = ("SC-SETUP-01", "SC-SETUP-02", "SC-SETUP-04", "SC-ORIENT-01", "SC-GAME-02")
BY_PLAYERS = {
    2: ("SC-VAR2-01", "SC-VAR2-02", "SC-COMP-01"),
    3: ("SC-COMP-01", "SC-COMP-04", "SC-SETUP-03"),
    4: ("SC-COMP-01", "SC-COMP-04", "SC-SETUP-03"),
    5: ("SC-COMP-01", "SC-COMP-04", "SC-SETUP-03", "SC-GEN-01"),
}


def deal_cases() -> list[Case]:
    """New games of 2 to 5 players, two decks each, and one under a variant."""
    out = []
    for players in (2, 3, 4, 5):
        for seed in (1, 2):
            deck = cards(shuffled_deck(players, f"deal-{players}-{seed}"))
            out.append(
                case(
                    f"deal-setup-{players}p-deck-{seed}",
                    f"A new {players}-player game dealt from deck {seed}.",
                    [*DEAL, *BY_PLAYERS[players]],
                    focus=FOCUS[players == 2][seed - 1],
                    input={"players": players, "rules": rules_to_json(Rules()), "deck": deck},
                    claim={"phase": "rotation", "turn": 0, "round": 1},
                )
            )
    for players in (2, 3, 4, 5):
        for seed, focus in enumerate(MORE_FOCI[players == 2], start=3):
            deck = cards(shuffled_deck(players, f"deal-{players}-{seed}"))
            out.append(
                case(
                    f"deal-setup-{players}p-deck-{seed}",
                    f"A new {players}-player game dealt from deck {seed}.",
                    [*DEAL, *BY_PLAYERS[players]],
                    focus=focus,
                    input={"players": players, "rules": rules_to_json(Rules()), "deck": deck},
                )
            )
    turned = [f"{c.high}/{c.low}" for c in sorted(cards_in_play(4))]
    out.append(
        case(
            "deal-setup-4p-high-tops",
            "A deck with every card's higher number on top: each card keeps its orientation.",
            [*DEAL, "SC-SETUP-03", "SC-COMP-01", "SC-COMP-02"],
            focus="SC-SETUP-02",
            input={"players": 4, "rules": rules_to_json(Rules()), "deck": turned},
            claim={"hands": [turned[s * 11 : s * 11 + 11] for s in range(4)]},
        )
    )
    out.append(
        case(
            "deal-setup-5p-whole-deck",
            "Five players use the whole deck: the 45 cards, one for each pair of numbers.",
            [*DEAL, "SC-SETUP-03", "SC-COMP-01"],
            focus="SC-COMP-01",
            input={"players": 5, "rules": rules_to_json(Rules()), "deck": turned_all()},
        )
    )
    forced = Rules(scouting=Scouting.FORCED)
    for players in (2, 3, 4, 5):
        out.append(
            case(
                f"deal-setup-{players}p-switches-kept",
                "A game dealt under a variant keeps its switches in the state it starts.",
                [*DEAL, *BY_PLAYERS[players], "SC-GEN-04"],
                focus="SC-GEN-04",
                input={
                    "players": players,
                    "rules": rules_to_json(forced),
                    "deck": cards(shuffled_deck(players, f"deal-{players}-switches")),
                },
                claim={"rules": rules_to_json(forced)},
            )
        )
    once = Rules(rotation=Rotation.ONCE_PER_GAME)
    out.append(
        case(
            "deal-setup-4p-rotation-once-per-game",
            "With rotation once per game the first round still opens with the decisions.",
            [*DEAL, *BY_PLAYERS[4], "SC-VAR-04", "SC-GEN-04"],
            input={"players": 4, "rules": rules_to_json(once), "deck": cards(shuffled_deck(4, 7))},
            claim={"phase": "rotation"},
        )
    )
    return out


def turned_all() -> list[str]:
    """The 45 cards in name order, each with its lower number on top."""
    return [f"{c.low}/{c.high}" for c in sorted(cards_in_play(5))]
