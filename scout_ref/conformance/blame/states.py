"""Blame: which rules a wrong answer points at, decided from what differs.

A failed case cites many rules, but its difference from the reference usually concerns one of
them. Blame reads the difference: for a state, the fields that differ and what produced the
state (a deal, a rotation, a show, a scout, a Scout & Show), through the documented map
:data:`~.fields.FIELD_RULES`; for a legal-move list, the kind of each missing or extra move
(:mod:`.moves`); for a score, the score term that differs and the pattern of the difference
(:mod:`.scores`). :func:`narrow` then prefers the rule the case was written for (its
``focus``) when the difference points at it. The verdicts
(:mod:`scout_ref.conformance.report.verdicts`) are computed from these blames.
"""

from __future__ import annotations

from dataclasses import replace

from scout_ref.conformance.blame.cards import CARD_FIELDS, identity, is_card, outside_box
from scout_ref.conformance.blame.fields import FIELD_RULES, ROUND_END_FIELDS, TWO_PLAYER, Producer
from scout_ref.conformance.blame.scores import exemption_rule, score_delta_rules
from scout_ref.conformance.model.outcomes import Case, Message, Outcome
from scout_ref.engine.notation import End, Flip, Keep, Move, Scout, ScoutShow, Show, parse_move
from scout_ref.engine.scout import scouted
from scout_ref.engine.state import Hand, Phase, RoundEnd
from scout_ref.engine.variants import EmptySetChain, Rotation
from scout_ref.errors import MalformedInputError
from scout_ref.formats.state_json import state_from_json

Rules = frozenset[str]


LAST_DECISION_FIELDS = ("phase", "turn")
"""A rotation decision's fields that SC-ORIENT-03 governs when it was the last one."""


def last_decision_rules(kind: Producer, key: str, expected: Message) -> tuple[str, ...]:
    """The rule of ``key`` after the last rotation decision (the expected state is in play):
    play begins with the start player (SC-ORIENT-03), a rule of its own beside the decision's
    (SC-ORIENT-01). Empty for any other step or field."""
    playing = expected.get("phase") == Phase.PLAY.value
    if kind in ("keep", "flip") and key in LAST_DECISION_FIELDS and playing:
        return ("SC-ORIENT-03",)
    return ()


def decision_order_rules(kind: Producer, expected: Message, got: Message) -> tuple[str, ...]:
    """The rules of the order of the rotation decisions (what any decision's ``turn`` points
    at) when the last decision leaves the adapter in the rotation phase with another seat to
    decide than the start player (the seat after the last decider). Whether every player has
    decided (SC-ORIENT-03) is read from the seats the state records as having decided, in seat
    order from the start player: an engine that hands the decision to a seat that order has
    already passed counts the decisions in another order, so the step passes through the
    order's rules too, and a broken order, convicted by its own cases, explains the step
    (SC-ORIENT-03 builds on SC-ORIENT-01). Staying in the rotation phase with the start player
    to decide again, or starting play with another seat, is SC-ORIENT-03's alone. Empty for
    any other step."""
    if not last_decision_rules(kind, "phase", expected):
        return ()
    turn = got.get("turn")
    if got.get("phase") != Phase.ROTATION.value or not isinstance(turn, int):
        return ()
    return () if turn == expected.get("turn") else FIELD_RULES[kind]["*"]


def narrow(case: Case, derived: frozenset[str], outcome: Outcome) -> tuple[str, ...]:
    """The rules a failed case is blamed on.

    The rule the case was written for (its ``focus``) when the difference points at it, or
    when a failure points at nothing more precise; otherwise every rule the difference points
    at (the verdicts keep, of several, those a focused case convicts). An ``errored`` answer is
    no evidence against a rule: it keeps only what other requests showed (an observation's
    replayed moves), else none. A refusal the adapter states as a divergence, a ``rejection``
    with its reason, is a failure blamed on the rule of that reason.
    """
    focus = case.focus
    if outcome is Outcome.ERRORED:
        return tuple(sorted(derived))
    if outcome is not Outcome.FAILED:
        return ()
    if not derived or focus in derived:
        return (focus,) if focus else ()
    return tuple(sorted(derived))


def producer(step: str | None) -> Producer:
    """What produced a state: ``deal``/``next_round`` for deals, else the move's kind."""
    if step == "deal":
        return "deal"
    if step == "next_round":
        return "next_round"
    match _parse(step):
        case Keep():
            return "keep"
        case Flip():
            return "flip"
        case Show():
            return "show"
        case Scout():
            return "scout"
        case ScoutShow():
            return "scout_show"
        case None:
            return "show"


def _parse(text: str | None) -> Move | None:
    try:
        return None if text is None else parse_move(text)
    except MalformedInputError:
        return None


def state_blame(before: Message | None, step: str, expected: Message, got: object) -> Rules:
    """The rules a differing state points at; ``step`` is ``deal``, ``next_round`` or a move.

    The fields a move changes directly are read first; their scores and turn follow from them.
    When the round also ends otherwise (one side ends it, or ends it another way), that fits a
    fault of its own as well as a consequence (a forgotten owner, SC-SCOUT-05, and a missing
    unbeaten end, SC-END-02): both are named, and the cases focused on each decide
    (:mod:`scout_ref.conformance.report.verdicts`).
    """
    if not isinstance(got, dict):
        return frozenset()
    kind = producer(step)
    differing = [k for k in expected if expected[k] != got.get(k, "<missing>")]
    ended = expected.get("round_end") is not None or got.get("round_end") is not None
    out: set[str] = set()
    if kind not in ("deal", "next_round") and ended:
        direct = [k for k in differing if k not in ROUND_END_FIELDS]
        if not direct:
            turn = {"SC-TURN-01"} if turn_elsewhere(before, got) else set()
            return frozenset(round_end_rules(expected, got) | turn)
        if expected.get("round_end") != got.get("round_end"):
            out |= round_end_rules(expected, got)
        differing = direct
    for key in differing:
        out |= field_rules(step, key, before, expected, got)
    return frozenset(out)


def turn_elsewhere(before: Message | None, got: Message) -> bool:
    """Whether a round that plays on passed the turn, with 3 to 5 players, to a seat other than
    the next one (SC-TURN-01); the round end of SC-END-02 is decided by where the turn goes."""
    if before is None or before.get("players") == 2 or got.get("round_end") is not None:
        return False
    mover, after = before.get("turn"), got.get("turn")
    if not isinstance(mover, int) or not isinstance(after, int):
        return False
    players: int = before["players"]
    return after != (mover + 1) % players


def field_rules(
    step: str, key: str, before: Message | None, expected: Message, got: Message
) -> set[str]:
    """The rules one differing field points at (:data:`~.fields.FIELD_RULES`, refined by
    pattern)."""
    kind = producer(step)
    table = FIELD_RULES[kind]
    if key in CARD_FIELDS and outside_box(got.get(key)):
        return {"SC-COMP-01"}
    if kind == "deal" and key in ("hands", "set_aside") and _removed_card_dealt(expected, got):
        return {"SC-SETUP-01"}
    if kind == "deal" and key == "turn" and _turn_follows_start_player(expected, got):
        return {"SC-GAME-02"}
    if expected.get("players") == 2 and (kind, key) in TWO_PLAYER:
        return set(TWO_PLAYER[kind, key])
    if last := last_decision_rules(kind, key, expected):
        return set(last)
    if kind in ("deal", "next_round") and key == "hands" and _turned_only(expected, got):
        return {"SC-SETUP-02"}
    if kind == "next_round" and key in ("hands", "set_aside") and _dealt_otherwise(expected, got):
        return {"SC-SETUP-03"}  # a new deal of the same cards, placed by another reading
    fresh = kind in ("deal", "next_round")
    if fresh and key in ("phase", "turn") and _rotation_differs(expected, got):
        return {_rotation_rule(expected)}
    if before is not None and kind not in ("deal", "next_round"):
        if key == "hands":
            return hand_rules(step, before, expected, got)
        if kind == "scout" and key == "active_set" and _other_end(before, got.get(key)):
            return {"SC-SCOUT-01"}
        move = _parse(step)
        if isinstance(move, ScoutShow) and key == "active_set" and _fits_hand(before, move):
            return {_scout_show_rule(before, move, got.get(key), "active_set")}
    return set(table.get(key, table["*"]))


def _turned_only(expected: Message, got: Message) -> bool:
    """Whether the dealt hands hold the expected cards in the expected places, some turned."""
    hands = got.get("hands")
    if not isinstance(hands, list) or len(hands) != len(expected["hands"]):
        return False
    pairs = zip(expected["hands"], hands, strict=True)
    return all(
        isinstance(h, list) and list(map(identity, e)) == list(map(identity, h)) for e, h in pairs
    )


def _removed_card_dealt(expected: Message, got: Message) -> bool:
    """Whether a new game's hands or set-aside cards hold a card its player count leaves out
    of play (SC-SETUP-01): one the expected deal does not hold anywhere."""
    in_play = {identity(c) for hand in expected["hands"] for c in hand}
    in_play |= {identity(c) for c in expected.get("set_aside") or []}
    dealt = [*(got.get("hands") or []), got.get("set_aside") or []]
    return any(
        isinstance(c, str) and is_card(c) and identity(c) not in in_play
        for pile in dealt
        if isinstance(pile, list)
        for c in pile
    )


def _turn_follows_start_player(expected: Message, got: Message) -> bool:
    """Whether a dealt state's turn is wrong only because its start player is: the engine's
    own start player decides first, as SC-SETUP-04 asks, and the seat is SC-GAME-02's fault."""
    start = got.get("start_player")
    return start != expected["start_player"] and got.get("turn") == start


def _dealt_otherwise(expected: Message, got: Message) -> bool:
    """Whether a later round's hands hold every card in play, only not where or in hands of the
    sizes the deal says (the new deal happened; SC-SETUP-03 sizes the hands and places the
    cards)."""
    hands, aside = got.get("hands"), got.get("set_aside")
    if not isinstance(hands, list) or len(hands) != len(expected["hands"]):
        return False
    if not all(isinstance(h, list) for h in hands) or not isinstance(aside, list):
        return False
    cards = sorted(c for h in [*expected["hands"], expected["set_aside"]] for c in h)
    try:
        return sorted(c for h in [*hands, aside] for c in h) == cards
    except TypeError:
        return False


def _rotation_differs(expected: Message, got: Message) -> bool:
    """Whether a fresh round starts in the rotation phase on one side and in play on the other."""
    return {expected.get("phase"), got.get("phase")} == {Phase.ROTATION.value, Phase.PLAY.value}


def _rotation_rule(state: Message) -> str:
    """Which rule decides whether a round opens with rotation decisions: every round officially
    (SC-ORIENT-01), the first only under the once-per-game variant (SC-VAR-04)."""
    once = state["rules"].get("rotation") == Rotation.ONCE_PER_GAME.value
    return "SC-VAR-04" if once else "SC-ORIENT-01"


def step_rules(step: str, state: Message) -> set[str]:
    """The rules that govern the state a step produced: those a difference in any of its fields
    could point at (:data:`~.fields.FIELD_RULES`, the two-player and rotation readings, the
    round end)."""
    kind = producer(step)
    two = state.get("players") == 2
    table = FIELD_RULES[kind].items()
    out = {r for key, rs in table for r in (TWO_PLAYER.get((kind, key), rs) if two else rs)}
    if kind in ("deal", "next_round"):
        out.add(_rotation_rule(state))
    out.update(*(last_decision_rules(kind, key, state) for key in LAST_DECISION_FIELDS))
    if kind == "deal":
        out.add(
            "SC-SETUP-01"
        )  # a dealt card the player count removes (:func:`_removed_card_dealt`)
    if kind == "next_round" and not two:
        out.add("SC-SETUP-03")  # the new deal places the cards (:func:`_dealt_otherwise`)
    if kind in ("deal", "next_round"):
        out.add("SC-COMP-01")  # the dealt cards come from the box (:func:`_outside_box`)
    out |= round_end_step_rules(state)
    return out


def round_end_step_rules(state: Message) -> set[str]:
    """The rules of a step's round end, when ``state`` ends the round: how, and its scoring."""
    end = state.get("round_end")
    if end is None:
        return set()
    two = state.get("players") == 2
    emptied = end == RoundEnd.EMPTY_HAND.value
    out = {"SC-END-01"} if emptied else {"SC-VAR2-05" if two else "SC-END-02"}
    out |= {"SC-SCORE-01", "SC-SCORE-03", "SC-SCORE-05", "SC-SCORE-06"}
    out.add("SC-VAR2-06" if two else "SC-SCORE-02")
    if end == RoundEnd.UNBEATEN.value:
        out.add(exemption_rule(state))
    return out


def _fits_hand(before: Message, move: ScoutShow) -> bool:
    """Whether a Scout & Show's slot and positions lie within the mover's hand as the scout
    grows it (every misreading of it can then be replayed)."""
    size = len(state_from_json(before).hand)
    return move.scout.slot <= size and move.show.last <= size


def _other_end(before: Message, active: object) -> bool:
    """Whether ``active`` is the active set before a scout with a card taken from one end."""
    cards = before["active_set"]
    return len(cards) > 1 and active in (cards[1:], cards[:-1])


def hand_rules(step: str, before: Message, expected: Message, got: Message) -> set[str]:
    """Which rule a wrong hand after a move breaks: order kept (GEN-02) or the move's own.

    The other cards keep their order (SC-GEN-02): a hand holding the expected cards in another
    order breaks it, unless only a scouted card sits at another slot (SC-SCOUT-02).
    """
    kind, move = producer(step), _parse(step)
    seat = before.get("turn")
    hands_e, hands_g = expected["hands"], got.get("hands")
    if not isinstance(seat, int) or not isinstance(hands_g, list) or len(hands_g) != len(hands_e):
        return set(FIELD_RULES[kind]["hands"])
    others = [s for s in range(len(hands_e)) if s != seat and hands_e[s] != hands_g[s]]
    if others:
        return {"SC-GEN-02"}
    mine_e, mine_g = hands_e[seat], hands_g[seat]
    if kind in ("keep", "flip"):
        return set(FIELD_RULES[kind]["hands"])  # a rotation reorders the hand by design
    if kind == "scout" and sorted(map(identity, mine_e)) != sorted(map(identity, mine_g)):
        return {"SC-SCOUT-01"}
    if isinstance(move, ScoutShow):
        return {_scout_show_rule(before, move, mine_g)}
    if sorted(mine_e) != sorted(mine_g):
        return set(FIELD_RULES[kind]["hands"])
    if isinstance(move, Scout) and move.slot < len(mine_e):
        card = mine_e[move.slot]
        rest_e, rest_g = list(mine_e), list(mine_g)
        rest_e.remove(card)
        rest_g.remove(card)
        if rest_e == rest_g:
            return {"SC-SCOUT-02"}
    return {"SC-GEN-02"}


def _scout_show_rule(before: Message, move: ScoutShow, got: object, part: str = "hands") -> str:
    """Which misreading of a Scout & Show gives the mover's hand ``got`` (``part`` ``hands``),
    or the shown cards ``got`` (``active_set``): the card kept the other way (SC-SCOUT-02),
    taken from the other end (SC-SCOUT-01), the show's positions read in the hand before the
    insertion (SC-NOTE-04), the right cards in another order (SC-GEN-02 for the hand,
    SC-SHOW-05 for the shown cards, as after any move or show); otherwise the Scout & Show
    itself (SC-SNS-03)."""
    hand = state_from_json(before).hand
    active = state_from_json(before).active_set
    scout, show = move.scout, move.show

    def seen(grown: Hand) -> list[str]:
        kept = grown[show.first : show.last + 1]
        if part == "hands":
            kept = grown[: show.first] + grown[show.last + 1 :]
        return [str(c) for c in kept]

    other_end = End.RIGHT if scout.end is End.LEFT else End.LEFT
    readings = {
        "SC-SCOUT-02": replace(scout, rotated=not scout.rotated),
        "SC-SCOUT-01": replace(scout, end=other_end),
    }
    for rule, misread in readings.items():
        if misread.end is End.RIGHT and len(active) == 1:
            continue
        if seen(scouted(hand, active, misread)[0]) == got:
            return rule
    card, _ = scouted((), active, scout)
    rest = hand[: show.first] + hand[show.last + 1 :]
    early = (*rest[: scout.slot], *card, *rest[scout.slot :])
    if part != "hands":
        early = hand[show.first : show.last + 1]
    if [str(c) for c in early] == got:
        return "SC-NOTE-04"
    expected = seen(scouted(hand, active, scout)[0])
    if isinstance(got, list) and sorted(map(str, got)) == sorted(expected):
        # the right cards in another order: as after any move (SC-GEN-02), or the shown
        # cards put down otherwise than they lie, as any show's (SC-SHOW-05)
        return "SC-GEN-02" if part == "hands" else "SC-SHOW-05"
    return "SC-SNS-03"


def round_end_rules(expected: Message, got: Message) -> set[str]:
    """Rules a move's round-end fields point at: whether and how it ended, then the scores."""
    two = expected.get("players") == 2
    want, have = expected.get("round_end"), got.get("round_end")
    if want != have:
        if RoundEnd.EMPTY_HAND.value in (want, have):
            return {"SC-END-01"}
        if two:
            return {"SC-VAR2-05"}
        chain = expected["rules"]["empty_set_chain"]
        if chain != EmptySetChain.LITERAL.value and not expected["active_set"]:
            return {"SC-VAR-02"}
        return {"SC-END-02"} if want == RoundEnd.UNBEATEN.value else {"SC-END-03"}
    if want is None:
        return {"SC-TURN-01"} if expected.get("turn") != got.get("turn") else set()
    if expected["phase"] != got.get("phase"):
        ends = (Phase.ROUND_OVER.value, Phase.GAME_OVER.value)
        return {"SC-GAME-01"} if got.get("phase") in ends else {"SC-GEN-03"}
    scores_e, scores_g = expected["scores"], got.get("scores")
    if scores_e != scores_g and isinstance(scores_g, list) and len(scores_g) == len(scores_e):
        delta = [g - e for e, g in zip(scores_e, scores_g, strict=True)]
        return score_delta_rules(expected, delta)
    return set()
