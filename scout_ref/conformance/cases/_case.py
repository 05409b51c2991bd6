"""Shared helpers of the case generators: one case dict, and positions reached by real play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scout_ref.conformance.cases._forced import ForcedGame
from scout_ref.conformance.cases._played import (
    PLAYED,
    Played,
    earlier_rounds,
    face_by_play,
    replay_played,
)
from scout_ref.engine.components import OrientedCard, oriented
from scout_ref.engine.notation import KEEP, parse_move
from scout_ref.engine.setup import cards_in_play, shuffled_deck
from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_move
from scout_ref.engine.variants import Rules, Scouting
from scout_ref.errors import Reason
from scout_ref.formats.position import build_reachable_state
from scout_ref.formats.state_json import state_to_json

Case = dict[str, Any]
"""One case as a generator returns it: ``id``, ``description``, ``rules``, the kind's inputs,
and optionally ``claim``, the outcome its author meant (checked, never written)."""


def case(
    id: str,
    description: str,
    rules: Sequence[str] | set[str],
    *,
    focus: str | None = None,
    claim: Case | None = None,
    **inputs: object,
) -> Case:
    """A case dict; states among ``inputs`` are written as canonical JSON.

    ``focus`` is the rule the case was written to test, which its failure makes nonconformant;
    by default the first of ``rules`` when they are a sequence. A set of rules (a trace, which
    exercises many rules at once) has no focus.
    """
    out: Case = {"id": id, "description": description, "rules": sorted(set(rules))}
    if focus is None and not isinstance(rules, set):
        focus = rules[0]
    if focus is not None:
        out["focus"] = focus
    for key, value in inputs.items():
        out[key] = state_to_json(value) if isinstance(value, State) else value
    if claim is not None:
        out["claim"] = claim
    return out


def cards(deck: Sequence[OrientedCard]) -> list[str]:
    """A deck or hand written as ``top/bottom`` texts."""
    return [str(c) for c in deck]


def played(state: State, *moves: str) -> State:
    """The state after these moves, in canonical notation; if a game reaches ``state``
    (:data:`~._played.PLAYED`), that game played on reaches the state returned."""
    game = PLAYED.get(state)
    parsed = tuple(parse_move(text) for text in moves)
    for move in parsed:
        state = apply_move(state, move)
    if game is not None and parsed:
        PLAYED.setdefault(state, game.then(parsed))
    return state


def play_start(players: int, seed: int, rules: Rules | None = None) -> State:
    """A fresh deal from ``shuffled_deck(players, seed)`` with every hand kept: turn one."""
    # Every hand is looked at in the first round (SC-ORIENT-01), whatever the rotation rule.
    return replay_played(players, Played(shuffled_deck(players, seed), (KEEP,) * players), rules)


def dealt(players: int, seed: int | str, rules: Rules | None = None) -> State:
    """A fresh deal from ``shuffled_deck(players, seed)``: the rotation decisions to come."""
    return replay_played(players, Played(shuffled_deck(players, seed), ()), rules)


def facing(
    players: int,
    active_set: str,
    hand: str,
    *,
    seat: int = 1,
    owner: int = 0,
    others: int = 2,
    rules: Rules | None = None,
    by_play: bool = True,
    **fields: Any,
) -> State:
    """A play-phase state where ``seat`` holds ``hand`` and faces ``active_set`` of ``owner``.

    With 3 to 5 players, ``by_play``, ``others`` at most 2 (a case that gives the other seats
    more cards, such as a perft count, wants their hands as written) and nothing else named
    (see :func:`facing_played`), the position is reached by playing a game
    (:func:`~._played.face_by_play`): the other seats hold what that game left them and the
    chips are those it handed out. Otherwise (or if
    that construction fails) every other seat holds ``others`` cards, the lowest unused ones,
    written ``low/high``; the
    remaining cards are captured and the chips filled in so that play can reach the position
    (see :func:`~scout_ref.formats.position.build_reachable_state`, which receives ``fields``).
    """
    if by_play and others <= 2:
        played = facing_played(
            players, active_set, hand, seat=seat, owner=owner, rules=rules, **fields
        )
        if played is not None:
            return played
    texts = [active_set, hand, *fields.get("captured", [])]
    named = {c.card for text in texts for c in _oriented(text)}
    free = sorted(cards_in_play(players) - named)
    hands = []
    for s in range(players):
        if s == seat:
            hands.append(hand)
            continue
        take, free = free[:others], free[others:]
        hands.append(" ".join(f"{c.low}/{c.high}" for c in take))
    return build_reachable_state(
        players, hands, active_set=active_set, owner=owner, turn=seat, rules=rules, **fields
    )


def facing_played(
    players: int,
    active_set: str,
    hand: str,
    *,
    seat: int = 1,
    owner: int = 0,
    rules: Rules | None = None,
    **fields: Any,
) -> State | None:
    """:func:`facing`'s position reached by play, or None where that construction does not
    apply (anything named beyond the round and who used a Scout & Show) or fails. In a later
    round the earlier ones are played at random (:func:`~._played.earlier_rounds`), which
    decides the totals."""
    if set(fields) - {"scout_show_available", "round"}:
        return None
    number = fields.get("round", 1)
    before = None if number == 1 else earlier_rounds(players, number - 1, rules)
    if number != 1 and before is None:
        return None
    available = fields.get("scout_show_available", [players > 2] * players)
    used = frozenset(s for s, free in enumerate(available) if not free and players > 2)
    shown, held = tuple(_oriented(active_set)), tuple(_oriented(hand))
    forced = rules is not None and rules.scouting is Scouting.FORCED
    return face_by_play(
        players,
        shown,
        held,
        seat=seat,
        owner=owner,
        rules=rules,
        used=used,
        before=before,
        game_type=ForcedGame if forced else None,
    )


def _oriented(text: str) -> list[OrientedCard]:
    out = []
    for token in text.split():
        top, bottom = (int(x) for x in token.replace("-", "/").split("/"))
        out.append(oriented(top, bottom))
    return out


def rejected(reason: Reason) -> Case:
    """The claim of a ``reject`` case: this reason, reported under its rule."""
    return {"reason": reason.value, "rule": reason.rule}
