"""Building a state from the parts a scenario names: the default placement of the other cards.

:func:`build_state` fills in everything a scenario does not care about, deterministically, so
that a hand-made position still passes :func:`~scout_ref.validate_state`. The position line
(:mod:`scout_ref.position_line`, ``spec/POSITION.md``) is its text form and uses the same
default placement.
"""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref._serialize import rules_to_json, state_from_json
from scout_ref.components import Card
from scout_ref.setup import TWO_PLAYER_CHIPS, cards_in_play, hand_size
from scout_ref.state import State
from scout_ref.variants import Rules


def _ids(text: str) -> list[Card]:
    out = []
    for token in text.split():
        a, b = (int(x) for x in token.replace("-", "/").split("/"))
        out.append(Card(min(a, b), max(a, b)))
    return out


def _text(card: Card) -> str:
    return f"{card.low}/{card.high}"


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
    captured: Sequence[str | int] | None = None,
    scout_chips: Sequence[int] | None = None,
    scout_show_available: Sequence[bool] | None = None,
    scores: Sequence[int] | None = None,
    round_end: str | None = None,
    leftover_to: int | None = None,
    set_aside: str | None = None,
) -> State:
    """A valid state from the parts a scenario names; cards are written ``top/bottom``.

    The default placement: every card in play that the hands, active set, captured piles and
    set-aside row do not name is placed, in ascending order of identity, as follows.

    1. With 2 players in round 1, when ``set_aside`` is not given, the first 22 are set aside.
    2. A captured pile given as a count (an ``int``) takes that many next.
    3. The rest go to the captured pile of ``leftover_to`` (default: the owner). Before the
       first show (no owner, nothing can be captured) they are instead dealt, one at a time
       and low number on top, to the right ends of the hands of the seats other than ``turn``.

    In a later two-player round the cards in play are the 22 set aside in round 1, which the
    state does not record: nothing is placed, and every card must be named.

    Raises:
        MalformedInputError: if the result is not a valid state.

    >>> s = build_state(4, ["3/7 4/1", "1/2", "5/6", "8/9"], active_set="4/2 5/3", owner=1)
    >>> len(s.captured[1]), s.owner
    (37, 1)
    >>> hands = ["3/7", "1/2", "5/6"]
    >>> build_state(3, hands, active_set="4/2", owner=1, captured=[2, 0, "8-9"]).captured[0]
    (Card(low=1, high=3), Card(low=1, high=4))
    """
    rules = rules or Rules()
    piles_in = list(captured) if captured is not None else [""] * players
    named_piles = [p for p in piles_in if isinstance(p, str)]
    named = [c for t in [*hands, active_set, *named_piles, set_aside or ""] for c in _ids(t)]
    later_two_player_round = players == 2 and round > 1
    rest = [] if later_two_player_round else sorted(cards_in_play(players) - set(named))
    aside = set_aside.split() if set_aside is not None else []
    if players == 2 and round == 1 and set_aside is None:
        aside, rest = [_text(c) for c in rest[: 2 * hand_size(2)]], rest[2 * hand_size(2) :]
    piles: list[list[Card]] = []
    for pile in piles_in:
        if isinstance(pile, int):
            piles.append(rest[:pile])
            rest = rest[pile:]
        else:
            piles.append(sorted(_ids(pile)))
    hand_texts = [t.split() for t in hands]
    target = leftover_to if leftover_to is not None else owner
    if target is not None and 0 <= target < len(piles):
        piles[target] = sorted(piles[target] + rest)
    else:
        others = [s for s in range(len(hand_texts)) if s != turn] or list(range(len(hand_texts)))
        for k, card in enumerate(rest):
            hand_texts[others[k % len(others)]].append(_text(card))
    two = players == 2
    data = {
        "players": players,
        "rules": rules_to_json(rules),
        "round": round,
        "start_player": (round - 1) % players,
        "phase": phase,
        "turn": turn,
        "hands": list(hand_texts),
        "active_set": list(active_set.split()),
        "owner": owner,
        "captured": [[str(c) for c in pile] for pile in piles],
        "scout_chips": list(scout_chips)
        if scout_chips is not None
        else [TWO_PLAYER_CHIPS if two else 0] * players,
        "scout_show_available": list(scout_show_available)
        if scout_show_available is not None
        else [not two] * players,
        "scores": list(scores) if scores is not None else [0] * players,
        "round_end": round_end,
        "set_aside": list(aside),
    }
    return state_from_json(data)
