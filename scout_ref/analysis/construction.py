"""Witness games built forwards: a deal and legal moves that reach a position's named parts.

A position written by hand (a position line that names the hands, the active set, its owner
and whose turn it is, ``spec/POSITION.md``) leaves the captured piles and the chips open.
:func:`construct` plays a first round that ends with exactly the named parts; the piles and
chips it leaves are then the position's. The position line places a sketch's unnamed cards
this way, so a typed position comes with the game that reaches it, and ``scout-ref check``
proves it at once.

The game has two parts.

* **The last show.** The owner shows the active set, lengthened at its ends by the cards the
  seats after it scouted since (the turn order says how many, SC-REACH-06); each of those seats
  scouts one of them into the place its hand names.
* **The shedding** (:mod:`scout_ref.analysis.shedding`). Before that, every seat gets rid of the
cards
  it was dealt beyond what it holds then, which the position does not name and which all end
  captured, in a search with a small budget.

Every game found is played by the engine, which must end exactly at the named parts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from scout_ref.analysis.shedding import Node, Plan, Search, Shedding, plans, strength
from scout_ref.analysis.witness_game import Witness
from scout_ref.engine.combinations import strength_of
from scout_ref.engine.notation import KEEP, parse_move
from scout_ref.engine.setup import hand_size, new_game
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand, Phase, RoundEnd, State
from scout_ref.engine.turn import apply_move, check_move
from scout_ref.engine.variants import Scouting

BUDGET = 6000
"""How many turns the shedding search may try before it gives up."""

LAST_SHOWS = 4
"""How many ways of lengthening the active set to the owner's show the construction tries."""


def construct(target: State, budget: int = BUDGET) -> Witness | None:
    """A game reaching the hands, active set, owner, turn, phase and Scout & Show use of
    ``target`` (a first round), or None when this construction finds none within ``budget``.

    The captured piles and chips of the position it reaches are the game's, which need not be
    ``target``'s: compare ``witness.replay(target)`` with ``target``.

    >>> from scout_ref.formats.position import build_reachable_state
    >>> s = build_reachable_state(3, ["3/1 4/1", "5/2", "6/3 7/3"], active_set="2/1", owner=1)
    >>> reached = construct(s).replay(s)
    >>> reached.hands == s.hands and reached.active_set == s.active_set, reached.turn
    (True, 0)
    >>> [len(pile) for pile in reached.captured], reached.scout_chips
    ([10, 9, 11], (5, 5, 5))
    """
    scouters = _scouters(target)
    if scouters is None:
        return None
    # The strongest last show first: it beats the most tables.
    ways = islice(_last_shows(target, scouters), LAST_SHOWS * 4)
    lasts = sorted(ways, key=lambda c: strength(c[0]), reverse=True)[:LAST_SHOWS]
    tried = 0
    for shown, before, scouts in lasts:
        found, used = _shed(target, shown, before, scouts, budget - tried)
        tried += used
        if found is not None:
            return found
    return None


def _scouters(target: State) -> list[int] | None:
    """The seats that scouted from the owner's last show, in turn order; None if this
    construction does not cover the position (not a first round, no owner, forced scouting,
    a two-player round that ended unbeaten)."""
    n, owner = target.players, target.owner
    if target.round != 1 or owner is None or target.rules.scouting is not Scouting.VOLUNTARY:
        return None  # under forced scouting (SC-VAR-03) its scouts would mostly be refused
    if target.phase is Phase.PLAY and target.turn is not None:
        k = 0 if n == 2 else (target.turn - owner - 1) % n
        if (n == 2 and target.turn == owner) or k > n - 2:
            return None
    elif target.phase is Phase.ROUND_OVER and target.round_end is RoundEnd.EMPTY_HAND:
        k = 0
    elif target.phase is Phase.ROUND_OVER and target.round_end is RoundEnd.UNBEATEN and n > 2:
        k = n - 1
    else:
        return None
    return [(owner + 1 + j) % n for j in range(k)]


def _last_shows(
    target: State, scouters: Sequence[int]
) -> Iterator[tuple[Hand, dict[int, Hand], tuple[str, ...]]]:
    """The owner's last show (the active set lengthened by the cards scouted from it since),
    the scouting seats' hands before they scouted, and their scouts in turn order."""

    def back(
        j: int, current: Hand, before: dict[int, Hand], texts: tuple[str, ...]
    ) -> Iterator[tuple[Hand, dict[int, Hand], tuple[str, ...]]]:
        if j < 0:
            yield current, before, texts
            return
        seat = scouters[j]
        hand = target.hands[seat]
        for i, card in enumerate(hand):
            for flipped in (False, True):
                put = card.rotated() if flipped else card
                # A one-card set is scouted as its left end (SC-NOTE-05).
                for end in ("L", "R") if current else ("L",):
                    longer = (put, *current) if end == "L" else (*current, put)
                    if strength_of(tops(longer)) is None:
                        continue
                    text = f"scout {end}{'~' if flipped else ''} @{i}"
                    rest = {**before, seat: hand[:i] + hand[i + 1 :]}
                    yield from back(j - 1, longer, rest, (text, *texts))

    if not scouters and not target.active_set:
        return
    yield from back(len(scouters) - 1, target.active_set, {}, ())


ROUNDS_MORE = 8
"""How many more round counts than the fewest the construction tries, the most first: more
rounds mean more scouts and so shorter ladders of shows, fewer mean more pairs."""


def _shed(
    target: State, last: Hand, before: dict[int, Hand], scouts: tuple[str, ...], budget: int
) -> tuple[Witness | None, int]:
    """The game that sheds the unnamed cards and ends with ``last`` and ``scouts``, within
    ``budget`` positions; and how many it tried."""
    n = target.players
    owner = target.owner if target.owner is not None else 0
    hands = [before.get(s, h) for s, h in enumerate(target.hands)]
    hands[owner] = (*hands[owner], *last)
    named = {c.card for h in hands for c in h} | {c.card for c in target.set_aside}
    in_play = {c.card for h in target.hands for c in h} | {c.card for c in target.active_set}
    in_play |= {c for p in target.captured for c in p}
    pool = tuple(sorted(in_play - named))
    need = tuple(hand_size(n) - len(h) for h in hands)
    if min(need) < 0 or sum(need) != len(pool) or not last:
        return None, 0
    used = frozenset(s for s, free in enumerate(target.scout_show_available) if not free)
    shedding = Shedding(
        tuple(hands),
        last,
        owner,
        pool,
        need,
        used if n > 2 else frozenset(),
        max(c.high for c in in_play),
    )
    least = next((r for r in range(1, 4 * hand_size(n)) if _few_pairs(plans(shedding, r))), None)
    search = Search(shedding)
    if least is None:
        return None, 0
    for k, rounds in enumerate(range(least + ROUNDS_MORE, least - 1, -1)):
        plan = plans(shedding, rounds)
        if plan is None:
            continue

        def accept(node: Node) -> Witness | None:
            return _game(target, shedding, node, scouts)

        # The most rounds (so the most scouts and the shortest ladders of shows) succeed most
        # often: they get half the budget, the other round counts share the rest.
        share = budget // 2 if k == 0 else budget // (2 * ROUNDS_MORE)
        found = search.run(plan, min(share, budget - search.tried), accept)
        if isinstance(found, Witness):
            return found, search.tried
        if search.tried >= budget:
            break
    return None, search.tried


def _few_pairs(plan: Plan | None) -> bool:
    """No seat shows more than one pair: pairs soon climb beyond what the last show beats."""
    return plan is not None and all(pairs <= 1 for _, pairs, _ in plan)


def _game(target: State, shedding: Shedding, node: Node, scouts: tuple[str, ...]) -> Witness | None:
    """The game of a finished shedding and the last show, if the engine plays it to the
    target's named parts."""
    n, owner, last = target.players, shedding.owner, shedding.last
    at = len(shedding.hands[owner]) - len(last)
    moves = (*node.moves, f"show {at}-{at + len(last) - 1}", *scouts)
    deck = [c for s in range(n) for c in (*shedding.hands[s], *node.shown[s])]
    witness = Witness(n, (*deck, *target.set_aside), (KEEP,) * n + tuple(map(parse_move, moves)))
    state = new_game(n, witness.deck, target.rules)
    for move in witness.moves:
        if check_move(state, move) is not None:
            return None
        state = apply_move(state, move)
    same = (
        state.hands == target.hands
        and state.active_set == target.active_set
        and state.owner == target.owner
        and state.turn == target.turn
        and state.phase is target.phase
        and state.round_end is target.round_end
        and state.scout_show_available == target.scout_show_available
    )
    return witness if same else None
