"""Building a state by hand, for examples, tests and vectors (python-chess's FEN, in spirit).

:func:`build_state` fills in everything a scenario does not care about, deterministically, so
that a hand-made position still passes :func:`~scout_ref.validate_state`.
"""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref._serialize import rules_to_json, state_from_json
from scout_ref.components import Card
from scout_ref.setup import cards_in_play
from scout_ref.state import State
from scout_ref.variants import Rules


def _ids(text: str) -> list[Card]:
    out = []
    for token in text.split():
        a, b = (int(x) for x in token.replace("-", "/").split("/"))
        out.append(Card(min(a, b), max(a, b)))
    return out


def build_state(
    players: int,
    hands: Sequence[str],
    *,
    active_set: str = "",
    owner: int | None = None,
    turn: int | None = 0,
    phase: str = "play",
    rules: Rules | None = None,
    round: int = 1,
    captured: Sequence[str] | None = None,
    scout_chips: Sequence[int] | None = None,
    scout_show_available: Sequence[bool] | None = None,
    scores: Sequence[int] | None = None,
    round_end: str | None = None,
    leftover_to: int | None = None,
) -> State:
    """A valid state from the parts a scenario names; cards are written ``top/bottom``.

    Every card in play that the hands, active set and captured piles do not name is added,
    sorted, to the captured pile of ``leftover_to`` (default: the owner), so card conservation
    holds. Before the first show (no owner, nothing can be captured) they are instead dealt,
    one at a time, to the right ends of the hands of the seats other than ``turn``. With 2
    players in round 1 the leftovers fill ``set_aside`` first.

    Raises:
        MalformedInputError: if the result is not a valid state.

    >>> s = build_state(4, ["3/7 4/1", "1/2", "5/6", "8/9"], active_set="4/2 5/3", owner=1)
    >>> len(s.captured[1]), s.owner
    (37, 1)
    """
    rules = rules or Rules()
    captured = list(captured) if captured is not None else [""] * players
    named = [c for t in [*hands, active_set, *captured] for c in _ids(t)]
    rest = sorted(cards_in_play(players) - set(named))
    set_aside: list[str] = []
    if players == 2 and round == 1:
        set_aside = [f"{c.low}/{c.high}" for c in rest[:22]]
        rest = rest[22:]
    piles = [sorted(_ids(t)) for t in captured]
    hand_texts = [t.split() for t in hands]
    target = leftover_to if leftover_to is not None else owner
    if target is not None:
        piles[target] = sorted(piles[target] + rest)
    else:
        others = [s for s in range(players) if s != turn] or list(range(players))
        for k, card in enumerate(rest):
            hand_texts[others[k % len(others)]].append(f"{card.low}/{card.high}")
    two = players == 2
    data = {
        "players": players,
        "rules": rules_to_json(rules),
        "round": round,
        "start_player": (round - 1) % players,
        "phase": phase,
        "turn": turn,
        "hands": hand_texts,
        "active_set": active_set.split(),
        "owner": owner,
        "captured": [[str(c) for c in pile] for pile in piles],
        "scout_chips": list(scout_chips)
        if scout_chips is not None
        else [3 if two else 0] * players,
        "scout_show_available": list(scout_show_available)
        if scout_show_available is not None
        else [not two] * players,
        "scores": list(scores) if scores is not None else [0] * players,
        "round_end": round_end,
        "set_aside": set_aside,
    }
    return state_from_json(data)
