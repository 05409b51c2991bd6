"""Building a state by hand, for examples, tests and vectors (python-chess's FEN, in spirit).

:func:`build_state` fills in everything a scenario does not care about, deterministically, so
that a hand-made position still passes :func:`~scout_ref.validate_state`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scout_ref._serialize import rules_to_json, state_from_json
from scout_ref.components import Card
from scout_ref.reachability import chain_captures, check_reachable
from scout_ref.scoring import round_scores
from scout_ref.setup import TWO_PLAYER_CHIPS, cards_in_play, hand_size
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

    What the scenario leaves out is filled in so that the position can arise in play as far as
    chapter REACH can tell (:func:`~scout_ref.check_reachable`):

    * the cards in play that the hands, active set and captured piles do not name are captured,
      sorted. When no scout came before the owner's show, each seat captures exactly what the
      seat before it showed (SC-REACH-11); otherwise each takes no more than it can have shown
      (its dealt cards less its hand, plus the scouts the turn order proves), starting with the
      owner. ``leftover_to`` instead puts them all on one seat's pile. Before the first show
      (no owner) they are dealt, one at a time, to the right ends of the hands of the seats
      other than ``turn``. With 2 players in round 1 they fill ``set_aside`` first;
    * with 3 to 5 players the owner holds one Scout chip per scout since their show
      (SC-REACH-06) and one per Scout & Show already used; with 2 players everyone holds 3;
    * the totals of a finished first round are that round's scores (SC-REACH-08).

    Raises:
        MalformedInputError: if the result is not a valid state.

    >>> s = build_state(4, ["3/7 4/1", "1/2", "5/6", "8/9"], active_set="4/2 5/3", owner=1)
    >>> [len(p) for p in s.captured], s.scout_chips
    ([5, 10, 11, 11], (0, 3, 0, 0))
    """
    rules = rules or Rules()
    two = players == 2
    captured = list(captured) if captured is not None else [""] * players
    named = [c for t in [*hands, active_set, *captured] for c in _ids(t)]
    rest = sorted(cards_in_play(players) - set(named))
    set_aside: list[str] = []
    if two and round == 1:
        set_aside = [f"{c.low}/{c.high}" for c in rest[:22]]
        rest = rest[22:]
    piles = [sorted(_ids(t)) for t in captured]
    hand_texts = [t.split() for t in hands]
    over = phase in ("round_over", "game_over")
    available = (
        list(scout_show_available) if scout_show_available is not None else [not two] * players
    )
    k = _scouts_since_show(players, owner, turn, over=over, unbeaten=round_end == "unbeaten")
    chips = (
        list(scout_chips)
        if scout_chips is not None
        else _default_chips(players, owner, k, available)
    )
    named_piles = [list(p) for p in piles]
    if leftover_to is not None:
        piles[leftover_to] = sorted(piles[leftover_to] + rest)
    elif owner is not None:
        room = _room(players, owner, k, hand_texts, piles, chips, available)
        _capture(piles, rest, room, owner)
    else:
        others = [s for s in range(players) if s != turn] or list(range(players))
        for n, card in enumerate(rest):
            hand_texts[others[n % len(others)]].append(f"{card.low}/{card.high}")
    data: dict[str, object] = {
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
        "scout_chips": chips,
        "scout_show_available": available,
        "scores": list(scores) if scores is not None else [0] * players,
        "round_end": round_end,
        "set_aside": set_aside,
    }
    state = state_from_json(data)
    sizes = chain_captures(state) if leftover_to is None else None
    if sizes is not None and owner is not None:
        chain = _Chain(sizes, owner, named_piles, rest)
        state = _without_earlier_scouts(state, data, chain, guess=scout_chips is None)
    if scores is None and round == 1 and over:
        data["scores"] = [s.total for s in round_scores(state)]
        state = state_from_json(data)
    return state


@dataclass(frozen=True)
class _Chain:
    """What filling the piles along the chain of shows needs."""

    sizes: list[int]  # each seat's pile size (SC-REACH-11)
    owner: int
    named: list[list[Card]]  # the captured cards the scenario names, per seat
    rest: list[Card]  # the cards to place


def _without_earlier_scouts(
    state: State, data: dict[str, object], chain: _Chain, *, guess: bool
) -> State:
    """The position when its chips say no scout came before the owner's show (SC-REACH-11).

    ``data`` (the position's JSON) is updated to match the result.

    The piles then follow the chain of shows if the hands allow it. If they do not and the
    chips were not given, one earlier scout is assumed (with 3 to 5 players the owner earned its
    chip, with 2 the other player paid it), which frees the piles from the chain.
    """
    room = [n - len(p) for n, p in zip(chain.sizes, chain.named, strict=True)]
    if min(room) >= 0:
        piles = [list(p) for p in chain.named]
        _capture(piles, chain.rest, room, chain.owner)
        captured = {"captured": [[str(c) for c in p] for p in piles]}
        chained = state_from_json(data | captured)
        # The totals of a finished first round are filled in afterwards (SC-REACH-08).
        if all(v.rule == "SC-REACH-08" for v in check_reachable(chained)):
            data.update(captured)
            return chained
    if not guess:
        return state
    chips = list(state.scout_chips)
    if state.is_two_player:
        chips[1 - chain.owner] -= 1  # the other player paid for a scout
    else:
        chips[chain.owner] += 1  # someone scouted from the owner's earlier show
    data["scout_chips"] = chips
    return state_from_json(data)


def _scouts_since_show(
    players: int, owner: int | None, turn: int | None, *, over: bool, unbeaten: bool
) -> int:
    """The scouts the turn order proves since the owner's show (SC-REACH-06); 0 with 2."""
    if players == 2 or owner is None:
        return 0
    if unbeaten:
        return players - 1
    if over or turn is None:
        return 0
    return (turn - owner - 1) % players


def _default_chips(players: int, owner: int | None, k: int, available: list[bool]) -> list[int]:
    """Chips as the named position implies: the owner's for the scouts since the show and
    for every Scout & Show used (3-5 players); 3 each with 2 players."""
    if players == 2:
        return [TWO_PLAYER_CHIPS] * players
    chips = [0] * players
    if owner is not None:
        chips[owner] = k + available.count(False)
    return chips


def _room(  # noqa: PLR0917 - the parts of one position
    players: int,
    owner: int,
    k: int,
    hands: list[list[str]],
    piles: list[list[Card]],
    chips: list[int],
    available: list[bool],
) -> list[int]:
    """How many more cards each seat's pile can take: it cannot hold more than it showed."""
    dealt = hand_size(players)
    room = []
    for s in range(players):
        if players == 2:
            scouted = TWO_PLAYER_CHIPS - chips[s]
        else:
            scouted = int(not available[s]) + int((s - owner - 1) % players < k)
        room.append(max(0, dealt - len(hands[s]) + scouted - len(piles[s])))
    return room


def _capture(piles: list[list[Card]], rest: list[Card], room: list[int], owner: int) -> None:
    """Put ``rest`` on the piles within ``room``, the owner's first, then round the table;
    whatever does not fit goes to the owner."""
    n = len(piles)
    taken = 0
    for s in [(owner + d) % n for d in range(n)]:
        share = min(room[s], len(rest) - taken)
        piles[s] = sorted(piles[s] + rest[taken : taken + share])
        taken += share
    piles[owner] = sorted(piles[owner] + rest[taken:])
