"""Follow-up questions: when a difference fits several rules, ask what tells them apart.

A state that differs only in its scores after a round end fits several scoring rules (a
hand-sized delta may be the hand penalty or the owner exemption); a legal move that the engine
rejects may be missing from its move list or refused for a reason of its own. Like a diagnostic
engine choosing its next measurement, the runner then asks the adapter a question whose answer
tells the candidates apart, using only requests the adapter already answers:

- its ``score`` breakdown of the reference's ended round (the same state): the terms that differ
  name the rule; a right breakdown with wrong totals names the totals (SC-SCORE-06);
- its ``legal`` moves in the state before a rejected move: the moves it lacks or adds name the
  rule, as in a ``legal`` case.

An adapter that does not list the request type, declines it (``skipped``) or fails it keeps the
blame read from the difference alone, as before.
"""

from __future__ import annotations

from scout_ref.conformance.adapter import score
from scout_ref.conformance.blame import ROUND_END_FIELDS, score_blame
from scout_ref.conformance.move_blame import moves_blame
from scout_ref.conformance.outcomes import Context
from scout_ref.conformance.protocol import Message, Result
from scout_ref.errors import ScoutError
from scout_ref.state import State
from scout_ref.turn import legal_moves

Rules = frozenset[str]


def answers(ctx: Context, kind: str) -> bool:
    """Whether the adapter says it answers ``kind`` requests (assumed when there is no hello)."""
    hello = ctx.adapter.hello
    return hello is None or kind in hello.capabilities.kinds


def is_score_only(expected: Message, got: object) -> bool:
    """Whether two ended states differ in the round-end fields alone, scores among them."""
    if not isinstance(got, dict) or expected.get("round_end") is None:
        return False
    differing = {k for k in expected if expected[k] != got.get(k, "<missing>")}
    return "scores" in differing and differing <= set(ROUND_END_FIELDS)


def ask_score(ctx: Context, expected: Message) -> Rules | None:
    """The rules the adapter's breakdown of the reference's ended round points at, or None
    when it cannot tell (no ``score`` request, declined, or the same answer as the reference)."""
    if not answers(ctx, "score"):
        return None
    try:
        reference = score(State.from_json(expected))
    except ScoutError:
        return None
    reply = ctx.adapter.request("score", state=expected)
    if not isinstance(reply, Result):
        return None
    blame = score_blame(expected, reference, reply.data)
    if blame:
        return blame
    # The round is scored right term by term, yet the state carried other totals.
    return frozenset(["SC-SCORE-06"])


def ask_legal(ctx: Context, before: Message, move: str) -> Rules | None:
    """The rules the adapter's move list in ``before`` points at, when it lacks the legal
    ``move`` it rejected; None when it lists the move (then its rejection alone says why)."""
    if not answers(ctx, "legal"):
        return None
    try:
        expected = [str(m) for m in legal_moves(State.from_json(before))]
    except ScoutError:
        return None
    reply = ctx.adapter.request("legal", state=before)
    if not isinstance(reply, Result):
        return None
    listed = reply.data["moves"]
    if move in listed:
        return None
    missing = [m for m in expected if m not in set(listed)]
    extra = sorted(set(listed) - set(expected))
    return moves_blame(before, missing, extra) or None
