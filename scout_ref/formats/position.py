"""Building a state from the parts a scenario names: the default placement of the other cards.

:func:`build_state` fills in everything a scenario does not care about, deterministically, so
that a hand-made position still passes :func:`~scout_ref.validate_state`. The position line
(:mod:`scout_ref.formats.position_line`, ``spec/POSITION.md``) is its text form and uses the same
default placement.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scout_ref.engine.components import Card
from scout_ref.engine.reachability import chain_captures, check_reachable
from scout_ref.engine.scoring import round_scores
from scout_ref.engine.setup import TWO_PLAYER_CHIPS, cards_in_play, hand_size
from scout_ref.engine.state import State
from scout_ref.engine.variants import Rules
from scout_ref.formats.state_json import rules_to_json, state_from_json


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


def build_reachable_state(
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
) -> State:
    """:func:`build_state`, with what the scenario leaves out filled in as play can produce it.

    Where :func:`build_state` puts every unnamed card on the owner's pile, this places them so
    that the position meets the conditions of chapter REACH (:func:`~scout_ref.check_reachable`):

    * with 3 to 5 players the owner holds one Scout chip per scout since their show
      (SC-REACH-06), and the seat before each user of a Scout & Show one for its scout, unless
      ``scout_chips`` is given;
    * the unnamed cards are captured, sorted. When no scout came before the owner's show, each
      seat captures exactly what the seat before it showed (SC-REACH-11); if the hands do not
      allow that and the chips were not given, one earlier scout is assumed (the owner earned
      its chip; with 2 players the other player paid it). Otherwise each seat takes no more
      than it can have shown (its dealt cards less its hand, plus the scouts the turn order
      proves), starting with the owner;
    * the totals of a finished first round are that round's scores (SC-REACH-08).

    Before the first show (no owner) the cards are placed as :func:`build_state` places them.
    Used by the worked examples and the vector generators, whose positions must all pass.

    Raises:
        MalformedInputError: if the result is not a valid state.

    >>> s = build_reachable_state(4, ["3/7 4/1", "1/2", "5/6", "8/9"], active_set="4/2", owner=1)
    >>> [len(p) for p in s.captured], s.scout_chips
    ([6, 10, 11, 11], (0, 3, 0, 0))
    """
    two = players == 2
    available = (
        list(scout_show_available) if scout_show_available is not None else [not two] * players
    )
    over = phase in ("round_over", "game_over")
    k = _scouts_since_show(players, owner, turn, over=over, unbeaten=round_end == "unbeaten")
    chips = list(scout_chips) if scout_chips is not None else _default_chips(players, owner, k)
    chips = (
        chips if scout_chips is not None or owner is None else _with_sns(chips, owner, available)
    )

    def make(piles: Sequence[str] | None, chips: list[int], totals: Sequence[int] | None) -> State:
        return build_state(
            players,
            hands,
            active_set=active_set,
            owner=owner,
            turn=turn,
            phase=phase,
            rules=rules,
            round=round,
            captured=piles,
            scout_chips=chips,
            scout_show_available=available,
            scores=totals,
            round_end=round_end,
            set_aside=None,
        )

    if owner is None:
        state = make(captured, chips, scores)
    else:
        named = [sorted(_ids(t)) for t in (captured or [""] * players)]
        listed = {c for t in [*hands, active_set] for c in _ids(t)} | {c for p in named for c in p}
        rest = sorted(cards_in_play(players) - listed)
        rest = rest[2 * hand_size(2) :] if two and round == 1 else rest  # set aside by build_state
        sizes = [len(p) for p in named]
        room = _room(players, owner, k, [h.split() for h in hands], sizes, chips, available)
        state = make(_texts(_placed(named, rest, room, owner)), chips, scores)
        chain = chain_captures(state)
        if chain is not None:
            state = _along_the_chain(
                state, chain, named, rest, guess=scout_chips is None, make=make
            )
    if scores is None and round == 1 and over:
        state = make(_texts(state.captured), list(state.scout_chips), _round_totals(state))
    return state


def _round_totals(state: State) -> list[int]:
    return [s.total for s in round_scores(state)]


def _texts(piles: Sequence[Sequence[Card]]) -> list[str]:
    return [" ".join(str(c) for c in pile) for pile in piles]


def _along_the_chain(
    state: State,
    chain: list[int],
    named: list[list[Card]],
    rest: list[Card],
    *,
    guess: bool,
    make: Callable[[Sequence[str] | None, list[int], Sequence[int] | None], State],
) -> State:
    """The position when its chips say no scout came before the owner's show (SC-REACH-11).

    The piles then follow the chain of shows if the hands allow it and the shows fit in a rising
    ladder (SC-REACH-12). If not and the chips were not given, one earlier scout is assumed,
    which frees the piles from the chain.
    """
    owner = state.owner if state.owner is not None else 0
    room = [n - len(p) for n, p in zip(chain, named, strict=True)]
    if min(room) >= 0:
        piles = _texts(_placed(named, rest, room, owner))
        chained = make(piles, list(state.scout_chips), list(state.scores))
        # The totals of a finished first round are filled in afterwards (SC-REACH-08); a
        # chain of more cards than a rising ladder of shows holds needs a scout (SC-REACH-12).
        if all(v.rule == "SC-REACH-08" for v in check_reachable(chained)):
            return chained
    if not guess:
        return state
    chips = list(state.scout_chips)
    if state.is_two_player:
        chips[1 - owner] -= 1  # the other player paid for a scout
    else:
        chips[owner] += 1  # someone scouted from the owner's earlier show
    return make(_texts(state.captured), chips, list(state.scores))


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


def _default_chips(players: int, owner: int | None, k: int) -> list[int]:
    """The owner's chip per scout since the show (3-5 players); 3 each with 2 players."""
    if players == 2:
        return [TWO_PLAYER_CHIPS] * players
    chips = [0] * players
    if owner is not None:
        chips[owner] = k
    return chips


def _with_sns(chips: list[int], owner: int | None, available: list[bool]) -> list[int]:
    """One more chip per Scout & Show used, each began with a scout: held by the seat before
    its user, whose show it can have scouted at once (SC-REACH-13)."""
    out = list(chips)
    n = len(out)
    if owner is not None and n > 2:
        for s, free in enumerate(available):
            if not free:
                out[(s - 1) % n] += 1
    return out


def _room(  # noqa: PLR0917 - the parts of one position
    players: int,
    owner: int,
    k: int,
    hands: list[list[str]],
    piles: list[int],
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
        room.append(max(0, dealt - len(hands[s]) + scouted - piles[s]))
    return room


def _placed(
    named: list[list[Card]], rest: list[Card], room: list[int], owner: int
) -> list[list[Card]]:
    """``rest`` put on the piles within ``room``, the owner's first, then round the table;
    whatever does not fit goes to the owner."""
    n = len(named)
    piles = [list(p) for p in named]
    taken = 0
    for s in [(owner + d) % n for d in range(n)]:
        share = min(room[s], len(rest) - taken)
        piles[s] = sorted(piles[s] + rest[taken : taken + share])
        taken += share
    piles[owner] = sorted(piles[owner] + rest[taken:])
    return piles
