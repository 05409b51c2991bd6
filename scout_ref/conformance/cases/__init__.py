"""The case generators: plain functions, one module per topic, each returning case dicts.

:data:`GENERATORS` maps every vector file ``spec/vectors/<kind>/<topic>.json`` to the function
that produces its cases; :mod:`scout_ref.conformance.vectors.build` adds the engine's answers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scout_ref.conformance.cases import (
    closure,
    combinations,
    information,
    notation,
    perft,
    players,
    rotation,
    round_end,
    rounds,
    scoring,
    scout,
    scout_show,
    setup,
    show,
    traces,
    turn,
    two_player,
    variants,
)
from scout_ref.conformance.cases._case import Case


@dataclass(frozen=True, slots=True)
class Generator:
    """One vector file: its kind, topic, one-sentence description, and case generator."""

    kind: str
    topic: str
    description: str
    cases: Callable[[], list[Case]]


GENERATORS = (
    Generator("deal", "setup", "The first deal of a game, 2 to 5 players.", setup.deal_cases),
    Generator(
        "deal", "rounds", "Later rounds: start player, two-player round 2.", rounds.deal_cases
    ),
    Generator("legal", "rotation", "The rotation decisions.", rotation.legal_cases),
    Generator("legal", "turn", "No moves after a round; no pass.", turn.legal_cases),
    Generator("legal", "notation", "The one-card active set.", notation.legal_cases),
    Generator("legal", "combinations", "Shows that beat an active set.", combinations.legal_cases),
    Generator("legal", "show", "Shows onto an empty table.", show.legal_cases),
    Generator("legal", "scout", "Scouts: ends, orientation, slots.", scout.legal_cases),
    Generator("legal", "scout_show", "Scout & Show on and off.", scout_show.legal_cases),
    Generator("legal", "round_end", "The owner after a reset chain.", round_end.legal_cases),
    Generator("legal", "two_player", "The two-player move lists.", two_player.legal_cases),
    Generator("legal", "variants", "Forced and voluntary scouting.", variants.legal_cases),
    Generator("legal", "players", "Focused cases at other player counts.", players.legal_cases),
    Generator("apply", "rotation", "keep, flip, and the start of play.", rotation.apply_cases),
    Generator("apply", "combinations", "Shows by strength order.", combinations.apply_cases),
    Generator("apply", "show", "Showing, capturing, passing the turn.", show.apply_cases),
    Generator("apply", "scout", "Scouting: ends, slots, chips.", scout.apply_cases),
    Generator("apply", "notation", "Moves written in canonical notation.", notation.apply_cases),
    Generator("apply", "scout_show", "Scout & Show.", scout_show.apply_cases),
    Generator("apply", "round_end", "Moves that end a round, or not.", round_end.apply_cases),
    Generator("apply", "two_player", "The two-player game.", two_player.apply_cases),
    Generator("apply", "variants", "Forced scouting.", variants.apply_cases),
    Generator("apply", "players", "Focused cases at other player counts.", players.apply_cases),
    Generator(
        "apply",
        "closure",
        "Coverage closure: every combination size, slot class.",
        closure.apply_cases,
    ),
    Generator(
        "reject",
        "closure",
        "Coverage closure: neighbours of the rejection order.",
        closure.reject_cases,
    ),
    Generator("reject", "turn", "Wrong phase and precedence.", turn.reject_cases),
    Generator("reject", "rotation", "Rotating after the decisions.", rotation.reject_cases),
    Generator("reject", "combinations", "Non-combinations, weak shows.", combinations.reject_cases),
    Generator("reject", "show", "Show range and strength.", show.reject_cases),
    Generator("reject", "scout", "Nothing to scout; bad slot.", scout.reject_cases),
    Generator("reject", "notation", "The one-card active set's R.", notation.reject_cases),
    Generator("reject", "scout_show", "Scout & Show used or too weak.", scout_show.reject_cases),
    Generator("reject", "two_player", "No chip; no Scout & Show.", two_player.reject_cases),
    Generator("reject", "variants", "Forced scouting.", variants.reject_cases),
    Generator("reject", "players", "Focused cases at other player counts.", players.reject_cases),
    Generator("score", "scoring", "Round ends scored, totals, winners.", scoring.score_cases),
    Generator("score", "closure", "Coverage closure: ties at large totals.", closure.score_cases),
    Generator("score", "two_player", "Unspent two-player chips.", two_player.score_cases),
    Generator("perft", "deals", "Move-tree sizes from fresh deals.", perft.deal_cases),
    Generator("perft", "positions", "Move-tree sizes from tricky positions.", perft.position_cases),
    Generator("trace", "games", "Whole games and rounds, step by step.", traces.trace_cases),
    Generator(
        "trace",
        "cycles",
        "A round that need not end (SC-END-04), cut after its position repeats.",
        traces.cycle_cases,
    ),
    Generator("observe", "information", "What each seat knows.", information.observe_cases),
)
"""Every vector file, in the order the manifest does not depend on (it sorts by path)."""

__all__ = ["GENERATORS", "Case", "Generator"]
