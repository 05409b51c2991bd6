"""Follow-up questions: when a difference fits several rules, ask what tells them apart.

A state that differs only in its scores after a round end fits several scoring rules (a
hand-sized delta may be the hand penalty or the owner exemption); a legal move that the engine
rejects may be missing from its move list or refused for a reason of its own. Like a diagnostic
engine choosing its next measurement, the runner then asks the adapter a question whose answer
tells the candidates apart, using only requests the adapter already answers:

- its ``score`` breakdown of the reference's ended round (the same state): the terms that differ
  name the rule; a right breakdown with wrong totals names the totals (SC-SCORE-06);
- its ``legal`` moves in the state before a rejected move: the moves it lacks or adds name the
  rule, as in a ``legal`` case;
- its ``legal`` moves where one side ends the round and the other plays on (with two players
  the round ends when the player to act can neither show nor scout): a move list that differs
  from the reference's in the state that plays on names the rule, as in a ``legal`` case;
- its own play of an observation's moves, when the public view differs in a field that play
  produces (chips, scores, the active set...): each move is applied to the reference's state,
  and when the adapter's ``apply`` gives the same wrong field, the view shows its play
  faithfully and the play is blamed (as an ``apply`` case), not the view.

An adapter that does not list the request type, declines it (``skipped``) or fails it keeps the
blame read from the difference alone, as before. An answer settles only the reading it was
asked about (:func:`settled_blame`).
"""

from __future__ import annotations

from scout_ref.conformance.blame.cards import identity
from scout_ref.conformance.blame.fields import ROUND_END_FIELDS
from scout_ref.conformance.blame.moves import moves_blame, rejected_blame
from scout_ref.conformance.blame.scores import score_blame
from scout_ref.conformance.blame.states import state_blame
from scout_ref.conformance.blame.uses import move_uses
from scout_ref.conformance.model.kinds import RequestType
from scout_ref.conformance.model.outcomes import Message
from scout_ref.conformance.oracle.answers import legal, score
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.protocol.messages import Result
from scout_ref.engine.notation import parse_move
from scout_ref.engine.turn import apply_move
from scout_ref.errors import ScoutError
from scout_ref.formats.state_json import state_from_json, state_to_json

Rules = frozenset[str]


def answers(ctx: Context, kind: RequestType) -> bool:
    """Whether the adapter says it answers ``kind`` requests (assumed when there is no hello)."""
    hello = ctx.adapter.hello
    return hello is None or kind in hello.capabilities.kinds


def is_score_only(expected: Message, got: object) -> bool:
    """Whether two states that end the round the same way differ in their scores alone."""
    if not isinstance(got, dict) or expected.get("round_end") is None:
        return False
    return {k for k in expected if expected[k] != got.get(k, "<missing>")} == {"scores"}


def ask_score(ctx: Context, expected: Message) -> Rules | None:
    """The rules the adapter's breakdown of the reference's ended round points at, or None
    when it cannot tell (no ``score`` request, declined, or the same answer as the reference)."""
    if not answers(ctx, "score"):
        return None
    try:
        reference = score(state_from_json(expected))
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
        expected = legal(state_from_json(before))
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


PLAYED = frozenset(
    [
        "hands",
        "active_set",
        "owner",
        "captured",
        "scout_chips",
        "scout_show_available",
        "scores",
        "turn",
        "phase",
        "round_end",
        "round",
        "start_player",
    ]
)
"""The fields of an observation's public view that play produces, as in the state (of the
hands, only their public cards: a hidden card shown is never play's doing)."""


def own_hand_replayed(expected: object, got: object) -> bool:
    """Whether two observations show the seat its own hand with the same cards, only in another
    order or orientation: how its own play left them (a leaked card would be another card)."""
    if not isinstance(expected, dict) or not isinstance(got, dict):
        return False
    want, have = expected.get("hand"), got.get("hand")
    if want == have or not isinstance(want, list) or not isinstance(have, list):
        return False
    return sorted(map(identity, want)) == sorted(map(identity, have))


def played_fields(expected: object, got: object) -> bool:
    """Whether two observations differ in a public field that play produces, or in the order
    or orientation of the seat's own hand (:func:`own_hand_replayed`)."""
    if not isinstance(expected, dict) or not isinstance(got, dict):
        return False
    if own_hand_replayed(expected, got):
        return True
    want, have = expected.get("public"), got.get("public")
    if not isinstance(want, dict) or not isinstance(have, dict):
        return False
    return any(want.get(k) != have.get(k) for k in PLAYED) or expected.get("history") != got.get(
        "history"
    )


def ask_replay(ctx: Context, start: Message, moves: list[str]) -> Rules | None:
    """The rules the adapter's own ``apply`` of ``moves`` from ``start`` points at, each move
    applied to the reference's state; None when it plays every move as the reference does."""
    if not answers(ctx, "apply"):
        return None
    try:
        state = state_from_json(start)
    except ScoutError:
        return None
    out: set[str] = set()
    for text in moves:
        try:
            after = apply_move(state, parse_move(text))
        except ScoutError:
            return None
        reply = ctx.adapter.request("apply", state=state_to_json(state), move=text)
        if isinstance(reply, Result):
            out |= _apply_blame(ctx, state_to_json(state), text, state_to_json(after), reply.data)
        state = after
    return frozenset(out) or None


def _apply_blame(
    ctx: Context, before: Message, move: str, expected: Message, data: Message
) -> set[str]:
    """A replayed move's blame, settled by the same questions as a trace's step; the rules the
    move passes through are added to ``ctx.uses`` (:mod:`.uses`)."""
    if "rejection" in data:
        blame = rejected_blame(before, move, data["rejection"].get("reason"))
        ctx.uses |= move_uses(before, move)
        return set(ask_legal(ctx, before, move) or blame)
    if data["state"] != expected:
        ctx.uses |= move_uses(before, move, expected, data["state"])
        return set(settled_blame(ctx, before, move, expected, data["state"]))
    return set()


def settled_blame(
    ctx: Context | None, before: Message | None, step: str, expected: Message, got: object
) -> Rules:
    """The rules a differing state points at (:func:`~.states.state_blame`), settled by the
    follow-up question its difference asks, when ``ctx`` can ask it (:func:`follow_up`).

    The answer settles the reading it was asked about: where one side ends the round, how
    it ends. A field the move changes directly that differs too keeps its own reading beside
    the answer: a forgotten owner and a missing round end are asked about both.
    """
    blame = state_blame(before, step, expected, got)
    answer = follow_up(ctx, expected, got) if ctx is not None else None
    if answer is None or not isinstance(got, dict):
        return blame
    if not ends_differently(expected, got):
        return answer
    same_end = {**got, **{k: expected[k] for k in ROUND_END_FIELDS if k in expected}}
    return answer | state_blame(before, step, expected, same_end)


def ends_differently(expected: Message, got: object) -> bool:
    """Whether one state ends the round and the other plays on."""
    return isinstance(got, dict) and (expected.get("round_end") is None) != (
        got.get("round_end") is None
    )


def ask_round_end(ctx: Context, expected: Message, got: Message) -> Rules | None:
    """The rules the adapter's move list points at in the state (its own or the reference's)
    that plays on, where the other ends the round; None when the lists agree."""
    probe = got if got.get("round_end") is None else expected
    if not answers(ctx, "legal") or probe.get("phase") != "play":
        return None
    try:
        reference = legal(state_from_json(probe))
    except ScoutError:
        return None
    reply = ctx.adapter.request("legal", state=probe)
    if not isinstance(reply, Result):
        return None
    listed = reply.data["moves"]
    missing = [m for m in reference if m not in set(listed)]
    extra = sorted(set(listed) - set(reference))
    if not (missing or extra):
        return None
    return moves_blame(probe, missing, extra) or None


def follow_up(ctx: Context, expected: Message, got: object) -> Rules | None:
    """The answer to the question that separates the readings of a differing state, if any:
    its score breakdown when the scores alone differ, its move list when the round ends on one
    side only; None when no question applies or the answer does not tell."""
    if not isinstance(got, dict):
        return None
    if is_score_only(expected, got):
        return ask_score(ctx, expected)
    if ends_differently(expected, got):
        return ask_round_end(ctx, expected, got)
    return None
