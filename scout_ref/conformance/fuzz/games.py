"""Differential fuzzing: random games played by the reference, the adapter checked at every step.

Each game is a list of steps (deals and moves). Before every move the adapter lists the legal
moves, then applies the move; every deal and every scored round is compared too. The first
disagreement is shrunk: the game is cut right after it, and if it shows in a later round the
earlier rounds are dropped when that round, dealt as a new game, still shows it. The result is
printed and saved as a ``trace`` vector (plus a ``legal`` vector when move lists differ).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from scout_ref.analysis.simulation import random_game
from scout_ref.conformance.blame.diff import score_difference, state_diff
from scout_ref.conformance.blame.followup import settled_blame
from scout_ref.conformance.blame.moves import rejected_blame
from scout_ref.conformance.blame.scores import score_blame, without_effect
from scout_ref.conformance.blame.states import Rules, step_rules
from scout_ref.conformance.blame.uses import list_uses, move_uses
from scout_ref.conformance.fuzz.disagreements import (
    Disagreement,
    Signature,
    game_result,
    later_departures,
    located,
    repeat_text,
    signature,
)
from scout_ref.conformance.fuzz.findings import explain
from scout_ref.conformance.fuzz.lists import (
    basic_kind_blame,
    first_shared_difference,
    probe_difference,
    shared_moves,
)
from scout_ref.conformance.fuzz.numbering import ALL_PLAYERS, chosen_games, fuzz_id, fuzz_players
from scout_ref.conformance.fuzz.own_deal import (
    NO_FEATURE,
    REQUEST,
    can_deal,
    deals_text,
    fell_back,
    own_deal_steps,
    own_departure,
)
from scout_ref.conformance.fuzz.shape import (
    judgeable,
    policy,
    rounds_played,
    settled,
    unsent,
)
from scout_ref.conformance.judge.runner import compare_move_lists, move_list_difference
from scout_ref.conformance.model.outcomes import (
    OFFICIAL_RULES,
    Case,
    CaseResult,
    Message,
    Outcome,
    OwnDeal,
)
from scout_ref.conformance.model.scope import in_scope
from scout_ref.conformance.oracle.answers import legal, score
from scout_ref.conformance.process.context import Context, caps_of, request_deal
from scout_ref.conformance.protocol.features import has, missing_feature, score_view
from scout_ref.conformance.protocol.messages import Errored, ProtocolError, Reply, Result, Skipped
from scout_ref.engine.state import Phase, State
from scout_ref.engine.variants import Rules as Switches
from scout_ref.errors import ScoutError
from scout_ref.formats.state_json import state_to_json
from scout_ref.formats.trace import draft_steps, step_state

Step = Message
"""``{"deal": [cards] | None}`` or ``{"move": text}``, as in a trace vector."""


class Invalid(Exception):
    """A shrinking candidate that the reference itself cannot play."""


def _result(reply: Reply, index: int, request: str) -> Result | Disagreement:
    """The adapter's answer, or how it departs; a ``skipped`` reply is no departure: it marks
    the request as not judged (it never counts against the adapter)."""
    match reply:
        case Result():
            return reply
        case Skipped(reason):
            return Disagreement(index, request, f"the adapter skipped it: {reason}", skipped=True)
        case Errored(message):
            detail = f"the adapter answered errored: {message}"
            return Disagreement(index, request, detail, errored=True)


def _compare_state(
    got: Result, before: State | None, step: str, ref: State, ctx: Context | None = None
) -> Disagreement | None:
    """How the adapter's state after ``step`` differs from the reference's (index filled later);
    with ``ctx``, a difference in the scores alone is settled by asking for the breakdown."""
    data = None if before is None else state_to_json(before)
    if "rejection" in got.data:
        reason = got.data["rejection"].get("reason")
        blame = rejected_blame(data, step, reason) if data else frozenset()
        why = f"rejected ({reason!r}) but it is legal"
        return Disagreement(0, step, why, before, blame, uses=move_uses(data, step))
    expected = state_to_json(ref)
    if got.data["state"] == expected:
        return None
    diff = state_diff(expected, got.data["state"], data)
    blame = settled_blame(ctx, data, step, expected, got.data["state"])
    uses = move_uses(data, step, expected, got.data["state"])
    return Disagreement(0, step, diff, before, blame, uses=uses)


def check(ctx: Context, players: int, steps: Sequence[Step]) -> Disagreement | None:
    """Play ``steps`` in the reference, comparing the adapter after each; the first departure.

    Raises:
        Invalid: if the reference cannot play the steps (a shrinking candidate went wrong).
    """
    return next(departures(ctx, players, steps, Judged()), None)


@dataclass
class Judged:
    """What a fuzz game judged: the rules its compared steps exercised, the skipped requests."""

    steps: Counter[str] = field(default_factory=Counter)
    skipped: int = 0


def departures(
    ctx: Context,
    players: int,
    steps: Sequence[Step],
    judged: Judged,
    own: Mapping[int, OwnDeal] | None = None,
) -> Iterator[Disagreement]:
    """Every departure of the adapter, in order. Each request carries the reference's state, so
    after a departure the game goes on from the reference's state (a resync) and every later
    step is judged on its own; ``judged`` counts the steps compared and the requests skipped.
    A deal step of ``own`` (step number -> the adapter's own deal of it) was judged as that
    deal (:mod:`scout_ref.conformance.fuzz.own_deal`): no ``deal`` request is sent for it. An
    engine without the rotation phase is sent no rotation decision, and its deals are compared
    with the state once every seat has kept (:mod:`scout_ref.conformance.fuzz.shape`).

    Raises:
        Invalid: if the reference cannot play the steps (a shrinking candidate went wrong).
    """
    state: State | None = None
    for k, step in enumerate(steps):
        before = state
        try:
            state = step_state(before, players, Switches(), step, f"/steps/{k}")
        except ScoutError as exc:
            raise Invalid(str(exc)) from None
        if unsent(ctx, before, step):
            continue
        if own is not None and k in own:
            found, name = own_departure(own[k]), "deal" if k == 0 else "next_round"
        elif "deal" in step or before is None:  # step_state refuses a move before a deal
            found = _check_deal(ctx, k, before, settled(ctx, state), step["deal"])
            name = "deal" if k == 0 else "next_round"
        else:
            found = _check_move(ctx, k, before, state, step["move"])
            name = step["move"]
        if found is None and state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            found = _check_score(ctx, k, state) or found
            if found is not None and found.skipped:  # the step itself was judged
                judged.skipped += 1
                found = None
        if found is not None and found.skipped:
            judged.skipped += 1
            continue
        if found is None or not found.errored:  # an errored step judged nothing
            rules_ = judgeable(ctx, step_rules(name, state_to_json(state)))
            judged.steps.update(in_scope(rules_, players))
        if found is not None:
            yield found


def _check_deal(
    ctx: Context, k: int, before: State | None, state: State, deck: list[str] | None
) -> Disagreement | None:
    """The adapter's deal of ``deck`` (after ``before``) against the reference's ``state``."""
    if before is None:
        given: Message = {"players": state.players, "rules": OFFICIAL_RULES, "deck": deck}
    else:
        given = {"state": state_to_json(before), "deck": deck}
    got = _result(request_deal(ctx, given), k, "deal")
    if isinstance(got, Disagreement):
        return got
    found = _compare_state(got, before, "next_round" if before else "deal", state)
    return None if found is None else replace(found, index=k, request="deal")


def _check_move(
    ctx: Context, k: int, before: State, state: State, text: str
) -> Disagreement | None:
    """The adapter's move list in ``before`` and its state after ``text``, against the
    reference's ``state``; then, with the feature ``probes``, a forbidden move."""
    data = state_to_json(before)
    listed = _result(ctx.adapter.request("legal", state=data), k, "legal")
    if isinstance(listed, Disagreement) and not listed.skipped:
        return listed
    expected = legal(before)
    got = listed.data["moves"] if isinstance(listed, Result) else expected
    missing, extra, doubled = compare_move_lists(expected, got)
    if missing or extra or doubled:
        return _list_disagreement(ctx, k, before, expected, got)
    applied = _result(ctx.adapter.request("apply", state=data, move=text), k, "apply")
    if isinstance(applied, Disagreement):
        return applied
    found = _compare_state(applied, before, text, state, ctx)
    if found is not None:
        return replace(found, index=k, request=f"apply {text!r}")
    if has(caps_of(ctx), "probes"):
        probed = _probe_disagreement(ctx, before)
        if probed is not None:
            return replace(probed, index=k)
    return None


def _list_disagreement(
    ctx: Context, k: int, before: State, expected: list[str], listed: list[str]
) -> Disagreement:
    """A legal-move list that differs: a shared move made differently, else the list, blamed
    on the most basic kind of move that differs (:mod:`scout_ref.conformance.fuzz.lists`)."""
    missing, extra, doubled = compare_move_lists(expected, listed)
    shared = shared_moves(expected, listed, missing, extra)

    shared_uses: dict[
        str, Rules
    ] = {}  # a shared move's difference: the rules of its fields that differ

    def compare(reply: Result, start: State, text: str, ref: State) -> tuple[str, Rules] | None:
        found = _compare_state(reply, start, text, ref, ctx)
        if found is None:
            return None
        shared_uses[text] = found.uses
        return found.detail, found.blame

    differs = first_shared_difference(ctx.adapter.request, before, shared, compare)
    data = state_to_json(before)
    if differs is not None:
        text, detail, blame = differs
        what = f"apply {text!r}, a move both list"
        used = shared_uses.get(text, move_uses(data, text))
        return Disagreement(k, what, detail, before, blame, move=text, uses=used)
    why = move_list_difference(missing, extra, doubled)
    blame = basic_kind_blame(data, missing, extra, doubled)
    uses = list_uses(data, [*missing, *extra])
    return Disagreement(k, "legal", why, before, blame, uses=uses)


def _probe_disagreement(ctx: Context, before: State) -> Disagreement | None:
    """A move the rules forbid (SC-NOTE-07) that the adapter accepts or misjudges."""
    strict = ctx.strictness == "reason" and has(caps_of(ctx), "reasons")
    found = probe_difference(ctx.adapter.request, before, strict)
    if found is None:
        return None
    probe, why, rule = found
    rules_ = frozenset([rule])
    return Disagreement(0, f"apply {probe!r}", why, before, rules_, move=probe, uses=rules_)


def _check_score(ctx: Context, k: int, state: State) -> Disagreement | None:
    reply = _result(ctx.adapter.request("score", state=state_to_json(state)), k, "score")
    if isinstance(reply, Disagreement):
        return reply
    expected, data = score_view(caps_of(ctx), score(state)), state_to_json(state)
    got = Result(score_view(caps_of(ctx), reply.data))
    problems = score_difference(data, expected, got.data)
    if not problems or without_effect(expected, got.data):  # a flag with no effect: no fault
        return None
    blame = score_blame(data, expected, got.data)
    return Disagreement(k, "score", problems, state, blame, uses=blame)


def shrink(ctx: Context, players: int, steps: list[Step], found: Disagreement) -> list[Step]:
    """The shortest trace that still shows a disagreement: cut after it, drop earlier rounds.

    The failing round is replayed as the first round of a new game, its deck turned so that
    the seat that started it is seat 0: the same moves then fall to the same hands.
    """
    steps = steps[: found.index + 1]
    deals = [k for k, s in enumerate(steps) if "deal" in s]
    last, start = deals[-1], (len(deals) - 1) % players
    deck = steps[last]["deal"]
    if last == 0 or deck is None:
        return steps
    cut = start * (len(deck) // players)
    candidate = [{"deal": deck[cut:] + deck[:cut]}, *steps[last + 1 :]]
    try:
        again = check(ctx, players, candidate)
    except Invalid:
        return steps
    if again is None or (again.index == 0 and found.request != "deal"):
        return steps  # the new game departs elsewhere (at its own deal): not this departure
    return candidate[: again.index + 1]


def fuzz_game(
    ctx: Context,
    players: int,
    seed: str,
    seen: dict[Signature, str] | None = None,
    *,
    own_deal: bool = False,
) -> CaseResult:
    """Play one random game against the adapter, judging every step from the reference's state;
    shrink, print and save the first departure of play, and list the others.

    With ``own_deal``, an adapter that deals its own cards deals every round, each deal judged
    once as a deal and its cards adopted when the reference can deal them
    (:mod:`scout_ref.conformance.fuzz.own_deal`). A game whose first departure has the same
    rules and kind of request as an earlier game's (``seen``: signature -> that game's case
    ID) is reported in one line, neither shrunk nor saved again.
    """
    case_id = fuzz_id(players, seed)
    case = Case(
        case_id,
        "fuzz",
        f"random {players}-player game, seed {seed!r}",
        (),
        {"players": players, "game_rules": OFFICIAL_RULES, "steps": []},
        "fuzz",
    )
    caps = caps_of(ctx)
    why = None if caps is None else missing_feature(case, caps)
    if why is not None:
        return CaseResult(case, Outcome.NOT_APPLICABLE, why)
    judged = Judged()
    seen = {} if seen is None else seen
    try:
        steps, deals = _game_steps(ctx, players, seed, own_deal)
        found = list(departures(ctx, players, steps, judged, {d.step: d for d in deals or ()}))
        # the first departure of play leads (a deal's departure is told, never shrunk)
        lead = next((d for d in found if d.request != REQUEST), found[0] if found else None)
        first = seen.setdefault(signature(lead), case_id) if lead else case_id
        play = lead is not None and lead.request != REQUEST and first == case_id
        small = shrink(ctx, players, steps, lead) if lead and play else []
    except ProtocolError as exc:
        return CaseResult(case, Outcome.ERRORED, exc.describe(), fault=exc.fault)
    counted = tuple(sorted(judged.steps.items()))
    start = NO_FEATURE if own_deal and deals is None else deals_text(deals) if deals else ""
    if lead is None:
        outcome = Outcome.PASSED if judged.steps else Outcome.SKIPPED
        note = f"{judged.skipped} requests skipped by the adapter" if judged.skipped else ""
        note = "; ".join(x for x in (start, note) if x)
        return CaseResult(case, outcome, note, steps_judged=counted, own_deals=deals)
    result = located(game_result(case, found, counted), lead)
    at = found.index(lead)
    listed = [result.departures[at], *result.departures[:at], *result.departures[at + 1 :]]
    if first == case_id:
        text = explain(ctx, case_id, players, small, lead) + later_departures(listed[1:])
    else:
        text = repeat_text(listed, first)
    departed = result.deal_departed or fell_back(deals or ())
    text = f"{start}\n{text}" if start else text
    return replace(result, message=text, own_deals=deals, deal_departed=departed)


def _game_steps(
    ctx: Context, players: int, seed: str, own_deal: bool
) -> tuple[list[Step], tuple[OwnDeal, ...] | None]:
    """A fuzz game's steps, and the adapter's own deals when it deals the rounds."""
    if own_deal and can_deal(ctx):
        return own_deal_steps(ctx, players, seed)
    record = random_game(players, seed, choose=policy(ctx))  # moves picked rare kinds first
    return draft_steps(record, rounds_played(ctx, record)), None


def fuzz(
    ctx: Context,
    games: int,
    seed: int,
    out: list[CaseResult] | None = None,
    *,
    ids: Sequence[str] = (),
    own_deal: bool = False,
) -> list[CaseResult]:
    """``games`` random games, cycling through the player counts the adapter claims (only those
    whose case IDs match a glob of ``ids``, when given), dealt by the adapter with
    ``own_deal``; each result is appended to ``out`` as it comes."""
    counts = player_counts(ctx)
    results = [] if out is None else out
    seen: dict[Signature, str] = {}
    for k in chosen_games(counts, games, seed, ids):
        results.append(fuzz_game(ctx, *fuzz_players(counts, seed, k), seen, own_deal=own_deal))
    return results


def player_counts(ctx: Context) -> tuple[int, ...]:
    """The player counts the fuzz games cycle through: the adapter's (all, before its hello)."""
    hello = ctx.adapter.hello
    return tuple(sorted(hello.capabilities.players) if hello else ALL_PLAYERS)
