"""Cases for chapter VAR: the forced-scouting variant (the others are exercised by topic)."""

from __future__ import annotations

from scout_ref.conformance.cases._case import Case, case, facing, rejected
from scout_ref.errors import Reason
from scout_ref.state import State
from scout_ref.variants import Rules, Scouting

FORCED = Rules(scouting=Scouting.FORCED)


def _can_show(rules: Rules | None = None, players: int = 4) -> State:
    """Seat 1 could beat the run 5-6 with 7-8."""
    return facing(players, "5/3 6/1", "4/9 7/1 8/4 2/5", rules=rules)


def _cannot_show() -> State:
    """Seat 1 holds nothing that beats the run 5-6."""
    return facing(4, "5/3 6/1", "4/9 2/7 8/4", rules=FORCED)


def reject_cases() -> list[Case]:
    """Scouting while a show is possible, under forced scouting."""
    return [
        case(
            "reject-variants-forced-scout",
            "With forced scouting a player who can beat the set may not scout.",
            ["SC-VAR-03"],
            state=_can_show(FORCED),
            move="scout L @0",
            claim=rejected(Reason.SHOW_AVAILABLE),
        ),
        case(
            "reject-variants-forced-scout-show",
            "With forced scouting Scout & Show is also closed to a player who can beat the set.",
            ["SC-VAR-03", "SC-SNS-01"],
            state=_can_show(FORCED),
            move="scout L @4 + show 1-2",
            claim=rejected(Reason.SHOW_AVAILABLE),
        ),
    ]


def legal_cases() -> list[Case]:
    """Move lists under forced scouting, and the official voluntary scouting to compare."""
    return [
        case(
            "legal-variants-forced-show-only",
            "With forced scouting and a beating show, only shows are listed.",
            ["SC-VAR-03"],
            state=_can_show(FORCED),
            claim={"moves": ["show 1-2"]},
        ),
        case(
            "legal-variants-forced-no-show",
            "With forced scouting and no beating show, scouts (and Scout & Show) are listed.",
            ["SC-VAR-03", "SC-SCOUT-01"],
            state=_cannot_show(),
            claim={"includes": ["scout L @0"]},
        ),
        case(
            "legal-variants-voluntary-scout",
            "Officially a player who can beat the set may scout instead.",
            ["SC-SCOUT-04", "SC-SCOUT-01"],
            state=_can_show(players=3),
            claim={"includes": ["show 1-2", "scout L @0"]},
        ),
    ]


def apply_cases() -> list[Case]:
    """A forced scout by a player who cannot show."""
    return [
        case(
            "apply-variants-forced-scout-allowed",
            "With forced scouting a player who cannot beat the set scouts as usual.",
            ["SC-VAR-03", "SC-SCOUT-03"],
            state=_cannot_show(),
            move="scout R~ @0",
            claim={"scout_chips": [2, 0, 0, 0]},
        ),
    ]
