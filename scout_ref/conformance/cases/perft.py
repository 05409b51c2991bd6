"""Perft cases: move-tree sizes from fresh deals and from tricky positions.

Fresh deals go two plies into the play phase after every rotation decision (three for two
players, whose scouts give an extra turn); positions go two to four plies deep, keeping each
tree under about 100 000 leaves. Any missing or
extra legal move anywhere in the tree changes a count.
"""

from __future__ import annotations

from scout_ref.analysis.simulation import random_game
from scout_ref.conformance.cases import round_end, scout_show
from scout_ref.conformance.cases._by_hand import written_game
from scout_ref.conformance.cases._case import Case, case, facing
from scout_ref.conformance.cases._games import remember
from scout_ref.engine.setup import new_game, shuffled_deck
from scout_ref.engine.state import State
from scout_ref.engine.variants import EmptySetChain, Rotation, Rules, Scouting

GENERATION = ("SC-TURN-02", "SC-TURN-01", "SC-SHOW-01", "SC-SHOW-03", "SC-SCOUT-01")
FRESH_DEPTH = {2: 5, 3: 5, 4: 6, 5: 7}


def _fresh(players: int) -> Case:
    state = new_game(players, shuffled_deck(players, f"perft-{players}"))
    depth = FRESH_DEPTH[players]
    return case(
        f"perft-deals-{players}p",
        f"A fresh {players}-player deal: every rotation decision, then the first plays.",
        {*GENERATION, "SC-ORIENT-01", "SC-ORIENT-02", "SC-ORIENT-03", "SC-SHOW-02"},
        state=state,
        depth=depth,
    )


def _position(what: str, description: str, rules: list[str], state: State, depth: int) -> Case:
    return case(
        f"perft-positions-{what}", description, {*GENERATION, *rules}, state=state, depth=depth
    )


def deal_cases() -> list[Case]:
    """Fresh deals for 2 to 5 players."""
    return [_fresh(n) for n in (2, 3, 4, 5)]


def position_cases() -> list[Case]:
    """The tricky positions."""
    once = remember(random_game(4, seed="perft-once", rules=Rules(rotation=Rotation.ONCE_PER_GAME)))
    forced = Rules(scouting=Scouting.FORCED)
    return [
        _position(
            "one-card-active-set",
            "Facing a one-card set: scouts are spelled L only, at every depth.",
            ["SC-NOTE-05", "SC-SCOUT-02", "SC-SNS-02"],
            facing(4, "7/3", "4/9 7/1 8/4 2/5"),
            3,
        ),
        _position(
            "scout-show-available",
            "Scout & Show available to every seat while the run 5-6-7 is scouted and beaten.",
            ["SC-SNS-01", "SC-SNS-02", "SC-SNS-03"],
            scout_show.apply_position(),
            3,
        ),
        _position(
            "hand-of-one-card",
            "The player to act holds one card; a show of it ends the round.",
            ["SC-END-01", "SC-SCOUT-02"],
            facing(4, "5/3 6/1", "8/4"),
            3,
        ),
        _position(
            "one-scout-from-round-end",
            "Two seats have scouted; one more scout ends the round, a show goes on.",
            ["SC-END-02", "SC-END-03"],
            facing(4, "5/3 6/1", "4/9 7/1", seat=3),
            3,
        ),
        _position(
            "two-player-chips",
            "Two players holding 2 and 1 chips: paid scouts, extra turns, running out of chips.",
            ["SC-VAR2-03", "SC-VAR2-04", "SC-VAR2-05"],
            written_game("two-player-chips-two-and-one"),
            4,
        ),
        _position(
            "forced-scouting",
            "Forced scouting: the player to act cannot show and scouts; later seats may not.",
            ["SC-VAR-03"],
            facing(4, "5/3 6/1", "4/9 2/7 8/4", rules=forced),
            3,
        ),
        _position(
            "empty-set-reset",
            "The chain-reset variant, one scout before the set is empty.",
            ["SC-VAR-02", "SC-SCOUT-05"],
            round_end.emptied_by_scouts(Rules(empty_set_chain=EmptySetChain.RESET)),
            3,
        ),
        _position(
            "empty-set-literal",
            "The official reading, one scout before the set is empty.",
            ["SC-END-02", "SC-SCOUT-05"],
            round_end.emptied_by_scouts(),
            3,
        ),
        _position(
            "rotation-once-round-two",
            "Round 2 under rotation once per game: no decisions, play at once.",
            ["SC-VAR-04", "SC-SHOW-02"],
            once.rounds[1].start,
            2,
        ),
    ]
