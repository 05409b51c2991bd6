"""Features an engine may lack or offer, named in the hello's ``capabilities.features``.

One table, :data:`FEATURES`, says for each feature whether an adapter that lists no features
has it, which rules are not applicable to an engine without it, and which cases need it. A
case is judged not applicable by what the adapter declares, never by what it answers, so an
adapter never has to invent a value for a notion its engine does not have. Adding a feature is
adding one entry.

Requests are shaped by the features too: an engine that removes the cards a player count leaves
out (``removes_cards``) is dealt from the whole box (:func:`deal_input`), and a ``score`` answer
is compared only on the fields the engine has (:func:`score_view`).

What a case needs is read from the case alone (its states, moves and deals), never from how a
move turns out, so the same case is applicable or not whatever the engine answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from scout_ref.conformance.model.outcomes import Case, Message
from scout_ref.conformance.protocol.messages import Capabilities, Reply, Result
from scout_ref.engine.components import full_deck
from scout_ref.engine.notation import KEEP, parse_probe
from scout_ref.engine.setup import cards_in_play
from scout_ref.engine.state import Phase
from scout_ref.engine.turn import apply_move
from scout_ref.errors import MalformedInputError
from scout_ref.formats.state_json import state_from_json, state_to_json


def _cites(*prefixes: str) -> Callable[[Case], bool]:
    """Cases written for (focused on) a rule whose ID starts with one of ``prefixes``; a case
    without a focus, when it cites such a rule."""

    def needs(case: Case) -> bool:
        named = (case.focus,) if case.focus else case.rules
        return any(r.startswith(prefixes) for r in named)

    return needs


def _two_players(case: Case) -> bool:
    return case.players == 2


def _states(case: Case) -> Iterator[Message]:
    """The states a case gives (``state``, ``input.state``) and expects (``expected.state``)."""
    data = case.data
    for value in (data.get("state"), data.get("input", {}).get("state")):
        if isinstance(value, dict):
            yield value
    expected = data.get("expected")
    if isinstance(expected, dict) and isinstance(expected.get("state"), dict):
        yield expected["state"]


def _steps(case: Case) -> list[Message]:
    return [s for s in case.data.get("steps", []) if isinstance(s, dict)]


def _in_rotation(case: Case) -> bool:
    """A state it gives or expects is in the rotation phase, or it plays ``keep`` or ``flip``."""
    moves = [case.data.get("move"), *case.data.get("moves", [])]
    moves += [s.get("move") for s in _steps(case)]
    in_phase = any(state.get("phase") == "rotation" for state in _states(case))
    return in_phase or any(m in ("keep", "flip") for m in moves)


def _in_later_round(case: Case) -> bool:
    """A state it gives or expects is in round 2 or later, it deals a later round, or its
    trace deals more than once."""
    rounds = [state.get("round") for state in _states(case)]
    if any(isinstance(n, int) and n > 1 for n in rounds):
        return True
    if case.kind == "deal" and "state" in case.data.get("input", {}):
        return True
    return len([s for s in _steps(case) if "deal" in s]) > 1


def _rotates(case: Case) -> bool:
    """Traces play the rotation decisions; other cases when they are in that phase
    (:func:`_in_rotation`) or written for chapter ORIENT. A deal is judged without it: against
    the state once every seat has kept its hand (:func:`dealt_view`), and so is a fuzz game,
    which then keeps every hand and sends no decision
    (:mod:`scout_ref.conformance.fuzz.shape`)."""
    if case.kind == "trace":
        return True
    if case.kind != "deal" and _in_rotation(case):
        return True
    return _cites("SC-ORIENT-")(case)


def _plays_rounds(case: Case) -> bool:
    """A case in or dealing a later round (:func:`_in_later_round`), or one written for
    SC-GAME-01 or SC-GAME-03. A fuzz game without it is one round
    (:mod:`scout_ref.conformance.fuzz.shape`)."""
    if _in_later_round(case):
        return True
    return _cites("SC-GAME-01", "SC-GAME-03")(case)


def _sends_probe(case: Case) -> bool:
    """A case whose move is written in a form of SC-NOTE-07 (a move the rules forbid)."""
    move = case.data.get("move")
    if not isinstance(move, str):
        return False
    try:
        parse_probe(move)
    except MalformedInputError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Feature:
    """One entry of :data:`FEATURES`."""

    default: bool
    """Whether an adapter whose hello lists no features has it."""
    rules: frozenset[str]
    """Rules not applicable to an engine without it."""
    needs: Callable[[Case], bool] | None
    """The cases an engine without it cannot answer (None: it only changes requests)."""
    summary: str


FEATURES: dict[str, Feature] = {
    "winners": Feature(
        True,
        frozenset(["SC-GAME-04"]),
        _cites("SC-GAME-04"),
        "score answers carry winners (SC-GAME-04)",
    ),
    "owner_exemption": Feature(
        True,
        frozenset(["SC-SCORE-04"]),
        _cites("SC-SCORE-04"),
        "the owner exemption (SC-SCORE-04); score answers carry exempt",
    ),
    "two_player_rules": Feature(
        True,
        frozenset(f"SC-VAR2-{n:02d}" for n in range(1, 7)),
        _two_players,
        "the two-player rules (chapter VAR2)",
    ),
    "rotation": Feature(
        True,
        frozenset(["SC-ORIENT-01", "SC-ORIENT-02", "SC-ORIENT-03", "SC-VAR-04"]),
        _rotates,
        "the rotation phase at the start of a round (chapter ORIENT); without it a deal is"
        " expected as it stands once every hand is kept",
    ),
    "rounds": Feature(
        True,
        frozenset(["SC-GAME-01", "SC-GAME-03"]),
        _plays_rounds,
        "more than one round: dealing the next round (SC-GAME-01, SC-GAME-03)",
    ),
    "reasons": Feature(
        True,
        frozenset(["SC-TURN-04"]),
        _cites("SC-TURN-04"),
        "rejection reason codes; without them rejections are judged at strictness legality",
    ),
    "probes": Feature(
        False,
        frozenset(["SC-NOTE-07"]),
        _sends_probe,
        "reads the forms of SC-NOTE-07 (scout #i @k, show i,j,...) and rejects them by reason",
    ),
    "removes_cards": Feature(
        False,
        frozenset(),
        None,
        "new games are dealt from the whole box of 45 cards (SC-SETUP-01)",
    ),
    "deal_random": Feature(
        False,
        frozenset(),
        None,
        "deals from its own randomness on request (deal_random), tested by chance against "
        "SC-SETUP-02 and SC-VAR2-01 (scout_ref.conformance.judge.randomness)",
    ),
}
"""Every feature an adapter may list in its hello's ``capabilities.features``."""

DEFAULT_FEATURES = frozenset(name for name, f in FEATURES.items() if f.default)


def read_features(listed: Iterable[str] | None) -> frozenset[str]:
    """The features an adapter has: those it lists (unknown names are ignored), or the
    defaults when its hello lists none."""
    if listed is None:
        return DEFAULT_FEATURES
    return frozenset(listed) & FEATURES.keys()


def lacking(caps: Capabilities) -> list[str]:
    """The features of :data:`FEATURES` the adapter does not have, in table order."""
    have = read_features(caps.features)
    return [name for name in FEATURES if name not in have]


def missing_feature(case: Case, caps: Capabilities) -> str | None:
    """Why ``case`` needs a feature the adapter lacks, or None."""
    for name in lacking(caps):
        needs = FEATURES[name].needs
        if needs is not None and needs(case):
            return f"needs the feature {name!r}: {FEATURES[name].summary}"
    return None


def absent_rules(caps: Capabilities) -> frozenset[str]:
    """Rules not applicable to the adapter's engine, whatever its cases showed."""
    return frozenset(r for name in lacking(caps) for r in FEATURES[name].rules)


def has(caps: Capabilities | None, name: str) -> bool:
    """Whether the adapter has the feature (the default when there is no hello yet)."""
    return FEATURES[name].default if caps is None else name in read_features(caps.features)


def score_view(caps: Capabilities | None, answer: Message) -> Message:
    """A ``score`` answer (or expectation) without the fields the engine has no notion of."""
    out = dict(answer)
    if not has(caps, "winners"):
        out.pop("winners", None)
    if not has(caps, "owner_exemption") and isinstance(out.get("round_scores"), list):
        out["round_scores"] = [
            {k: v for k, v in row.items() if k != "exempt"} if isinstance(row, dict) else row
            for row in out["round_scores"]
        ]
    return out


def dealt_view(caps: Capabilities | None, expected: Message) -> Message:
    """The state a deal must produce: as dealt, or, for an engine without the rotation phase,
    as it stands once every seat has kept its hand (SC-ORIENT-01)."""
    if has(caps, "rotation") or expected.get("phase") != "rotation":
        return expected
    state = state_from_json(expected)
    while state.phase is Phase.ROTATION:
        state = apply_move(state, KEEP)
    return state_to_json(state)


def box_from_deck(players: int, deck: list[str]) -> list[str]:
    """The whole box of 45 cards that, once the cards ``players`` leaves out are removed,
    leaves ``deck`` in its order (SC-SETUP-01).

    The r removed cards, in name order and with the higher number on top, are spread through
    the n cards in play: removed card k (from 0) goes right after the first (k + 1) * n // (r + 1)
    of them.

    >>> box = box_from_deck(4, [f"{a}/{b}" for a, b in [(1, 2)] * 44])
    >>> len(box), box[22]
    (45, '10/9')
    """
    removed = [f"{c.high}/{c.low}" for c in sorted(set(full_deck()) - cards_in_play(players))]
    n, r = len(deck), len(removed)
    box: list[str] = []
    cut = 0
    for k, card in enumerate(removed):
        upto = (k + 1) * n // (r + 1)
        box += [*deck[cut:upto], card]
        cut = upto
    return box + deck[cut:]


def deal_input(caps: Capabilities | None, given: Message) -> Message:
    """A ``deal`` request's input for the adapter: a new game from the whole box when its
    engine removes cards itself, else ``given`` (the cards in play) unchanged."""
    if not has(caps, "removes_cards") or "players" not in given or given.get("deck") is None:
        return given
    box = box_from_deck(int(given["players"]), list(given["deck"]))
    return {"players": given["players"], "rules": given["rules"], "box": box}


def removal_contradiction(sent: Message, reply: Reply) -> str | None:
    """What a deal of the whole box (sent because the hello lists ``removes_cards``) shows
    against that claim: the cards the player count leaves out (SC-SETUP-01) that the dealt
    state still holds; None if it holds none, or the deal was not of the box.

    The claim is the hello's, so the contradiction is the adapter's fault, not a rule's: an
    engine that does not remove cards lists no ``removes_cards`` and is dealt the cards in play.
    """
    state = reply.data.get("state") if isinstance(reply, Result) else None
    if "box" not in sent or not isinstance(state, dict):
        return None
    players = int(sent["players"])
    removed = {(c.low, c.high) for c in set(full_deck()) - cards_in_play(players)}
    rows = [*state.get("hands", []), state.get("set_aside", [])]
    kept = sorted({pair for row in rows for pair in map(_numbers, row)} & removed)
    if not kept:
        return None
    names = ", ".join(f"{low}-{high}" for low, high in kept[:3]) + (" ..." if len(kept) > 3 else "")
    return (
        f"its hello lists removes_cards, but dealt the whole box for {players} players it kept "
        f"{len(kept)} of the {len(removed)} cards that player count leaves out ({names}): the "
        "hello claims what the engine does not do (list removes_cards only for an engine that "
        "removes them; without it the runner deals the cards in play)"
    )


def _numbers(text: object) -> tuple[int, int]:
    top, _, bottom = text.partition("/") if isinstance(text, str) else ("", "", "")
    if not (top.isascii() and top.isdigit() and bottom.isascii() and bottom.isdigit()):
        return (0, 0)
    a, b = int(top[:3]), int(bottom[:3])
    return (min(a, b), max(a, b))
