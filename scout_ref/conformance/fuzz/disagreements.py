"""What a fuzz game found: each departure of the adapter, the game's result, and its text.

Every departure is kept (:attr:`~scout_ref.conformance.model.outcomes.CaseResult.departures`),
each with the rules it points at; a game whose first departure an earlier game showed is told
in one line with its later departures (:func:`repeat_text`), by one process or a cluster
(:mod:`.campaign`) alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scout_ref.conformance.blame.uses import common_cause
from scout_ref.conformance.model.outcomes import Case, CaseResult, Departure, Outcome
from scout_ref.conformance.model.scope import in_scope
from scout_ref.engine.state import State
from scout_ref.formats.position_line import format_position
from scout_ref.util.text import plural


@dataclass(frozen=True, slots=True)
class Disagreement:
    """Where the adapter first departs from the reference: the step, the request and how."""

    index: int
    request: str
    detail: str
    state: State | None = None
    """The state the request was made in (for ``legal``: saved as a legal vector)."""
    blame: frozenset[str] = frozenset()
    """The rules the difference points at (:mod:`scout_ref.conformance.blame.states`)."""
    skipped: bool = False
    """The adapter declined the request: nothing was judged, nothing departs."""
    move: str | None = None
    """A move made in ``state`` other than the game's own (a shared or forbidden move), saved
    as an ``apply`` or ``reject`` vector."""
    uses: frozenset[str] = frozenset()
    """The rules the differing step passes through (:mod:`scout_ref.conformance.blame.uses`)."""
    errored: bool = False
    """The adapter answered errored: no evidence against any rule."""


Signature = tuple[tuple[str, ...], str]
"""The rules a disagreement points at and the kind of request it shows in."""


def signature(found: Disagreement) -> Signature:
    """What makes two disagreements the same finding: the rules and the kind of request."""
    return tuple(sorted(found.blame)), found.request.split()[0]


def located(result: CaseResult, found: Disagreement) -> CaseResult:
    """A fuzz failure with the position it shows in and the request made there."""
    if found.state is None:
        return result
    request = found.request.split(maxsplit=1)
    step = request[1].strip("'\"") if request[0] == "apply" and len(request) > 1 else request[0]
    return replace(result, position=format_position(found.state), step=step)


def game_result(
    case: Case, found: Sequence[Disagreement], counted: tuple[tuple[str, int], ...]
) -> CaseResult:
    """A fuzz game that departs, without its text: every departure kept
    (:attr:`CaseResult.departures`), blamed on the rules in scope at its player count; errored,
    when every departure errored (an error convicts no rule)."""
    players = case.players
    common = common_cause((d.blame, d.uses) for d in found)
    blame = in_scope(common or frozenset().union(*(d.blame for d in found)), players)
    uses = in_scope(frozenset().union(*(d.uses | d.blame for d in found)), players)
    listed = tuple(
        Departure(
            f"step {d.index} ({d.request}): {_head(d)}",
            tuple(sorted(in_scope(d.blame, players))),
            () if d.errored else tuple(sorted(in_scope(d.uses | d.blame, players))),
        )
        for d in found
    )
    errored = all(d.errored for d in found) and not blame
    return CaseResult(
        case,
        Outcome.ERRORED if errored else Outcome.FAILED,
        blame=tuple(sorted(blame)),
        points_at=tuple(sorted(blame)),
        steps_judged=counted,
        deal_departed=any(d.request == "deal" and not d.errored for d in found),
        uses=tuple(sorted(uses)),
        departures=listed,
    )


def _head(found: Disagreement) -> str:
    """A departure's detail in one line."""
    return found.detail.strip().splitlines()[0].strip() if found.detail.strip() else ""


def repeat_text(found: Sequence[Departure], first: str) -> str:
    """A game whose first departure an earlier game (``first``) showed: every departure in one
    line each, the first said to be as in that game."""
    step, _, detail = found[0].where.partition(": ")
    head = f"{HEAD}{step} as in {first}: {detail} [points at {_points(found[0])}]"
    return head + later_departures(found[1:])


HEAD = "the adapter departs at "
"""How a fuzz game's text begins, explained in full or repeated."""


def _points(found: Departure) -> str:
    return ", ".join(found.points_at) or "no rule"


def later_departures(found: Sequence[Departure]) -> str:
    """The departures after the first, one line each with the rules it points at."""
    if not found:
        return ""
    differ = "differs" if len(found) == 1 else "differ"
    later = f"{plural(len(found), 'later step')} {differ} too"
    lines = [f"\n{later} (each judged from the reference's state):"]
    lines += [f"  {d.where} [points at {_points(d)}]" for d in found[:SHOWN_LATER]]
    if len(found) > SHOWN_LATER:
        lines.append(f"  (+{len(found) - SHOWN_LATER} more)")
    return "\n".join(lines)


SHOWN_LATER = 5
"""Later departures of a fuzz game listed one line each; the rest are counted."""
