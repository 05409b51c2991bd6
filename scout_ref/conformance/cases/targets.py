"""The contested points and known mistakes of other implementations, each with its cases.

The list follows the rules brief; the tests check that every case named here exists, so a
contested reading or a classic bug cannot lose its dedicated vector unnoticed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Target:
    """A point that needs a dedicated case: the official reading, and the variant if any."""

    source: Literal["contested", "mistake"]
    name: str
    official: tuple[str, ...]
    variant: tuple[str, ...] = ()


TARGETS = (
    Target(
        "contested",
        "round end when the scouts emptied the active set",
        ("apply-round-end-empty-set-literal", "score-scoring-empty-set-literal"),
        ("apply-round-end-empty-set-reset", "legal-round-end-reset-owner-must-show"),
    ),
    Target(
        "contested",
        "the owner exemption",
        ("score-scoring-unbeaten-owner-exempt", "score-scoring-empty-hand"),
        ("score-scoring-unbeaten-no-exemption",),
    ),
    Target(
        "contested",
        "forced or voluntary scouting before an unbeaten round end",
        ("apply-round-end-voluntary-scout-ends-round", "legal-variants-voluntary-scout"),
        ("reject-variants-forced-scout", "legal-variants-forced-show-only"),
    ),
    Target(
        "contested",
        "hand rotation each round or once per game",
        ("deal-rounds-4p-round-2",),
        ("deal-rounds-4p-rotation-once-per-game",),
    ),
    Target(
        "contested",
        "strength by smallest or highest number",
        ("apply-combinations-strength-smallest-number", "reject-combinations-equal-strength"),
    ),
    Target(
        "contested",
        "who receives the Scout chip",
        ("apply-scout-left-kept-far-left", "apply-scout-show-beats-reduced-set"),
    ),
    Target(
        "contested",
        "the two ends of a one-card active set",
        ("reject-notation-single-card-right-end", "legal-notation-single-card-left-only"),
    ),
    Target(
        "contested",
        "no pass in the two-player game",
        ("legal-two-player-no-chip-shows-only", "legal-two-player-no-scout-show"),
    ),
    Target(
        "contested",
        "the 2021 edition (Scout & Show once per round, 2 to 5 players)",
        ("reject-scout-show-used", "deal-setup-2p-deck-1"),
    ),
    Target(
        "mistake",
        "runs checked only for monotonic values",
        ("reject-combinations-run-not-consecutive",),
    ),
    Target(
        "mistake",
        "a show forced whenever one is possible",
        ("apply-scout-while-show-possible", "legal-variants-voluntary-scout"),
    ),
    Target(
        "mistake",
        "the round-end chain reset when the set empties",
        ("apply-round-end-empty-set-literal",),
    ),
    Target(
        "mistake",
        "the active set's leftover cards given to its owner",
        ("score-scoring-active-set-scores-nothing",),
    ),
    Target(
        "mistake",
        "Scout & Show tokens in two-player games",
        ("reject-two-player-no-scout-show", "legal-two-player-no-scout-show"),
    ),
    Target(
        "mistake",
        "the starting player fixed or random",
        ("deal-rounds-3p-round-2", "deal-rounds-5p-round-5", "deal-rounds-2p-round-2"),
    ),
    Target(
        "mistake",
        "the hand capped at 16 cards",
        ("apply-scout-hand-beyond-sixteen", "legal-scout-hand-of-sixteen"),
    ),
)
