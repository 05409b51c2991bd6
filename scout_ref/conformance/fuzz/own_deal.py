"""Fuzz games on the adapter's own cards (``conform --fuzz N --fuzz-deal adapter``).

Each round of such a game is dealt by the adapter from its own randomness (a ``deal_random``
request, as the tests of its own deals ask: :mod:`scout_ref.conformance.judge.randomness`) and
judged once, as a deal, exactly as those tests judge one deal: the cards of the box, each once
(SC-COMP-01), and the state the reference deals from the deck the deal shows (SC-SETUP-*,
SC-VAR2-01 with two players, the hand sizes of the player count). When the cards are the
reference's deal of that deck (the same cards in the same hands and orientation) the
reference adopts them, and the round is played by the fuzz policy and compared step by step on
the engine's own cards; a deal whose other fields differ (chips, the start player) is blamed on
its deal rules and its cards are still adopted. A deal whose cards the reference cannot deal
(a card the box lacks, a hand of the wrong size), or a deal not given (skipped, errored), is
replaced by the reference's own deal for that round. No ``deal`` request is sent in such a
game: each round's deal is judged once, by the adapter's own deal, and never by play rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scout_ref.analysis.simulation import play_round
from scout_ref.conformance.fuzz.disagreements import Disagreement
from scout_ref.conformance.fuzz.shape import plays_on, policy
from scout_ref.conformance.judge.dealt import deck_of
from scout_ref.conformance.judge.randomness import (
    ask_deal,
    first_round,
    has_feature,
    next_round_of,
)
from scout_ref.conformance.model.outcomes import OFFICIAL_RULES, Message, Outcome, OwnDeal
from scout_ref.conformance.process.context import Context
from scout_ref.engine.game import next_round
from scout_ref.engine.setup import new_game
from scout_ref.engine.state import State
from scout_ref.errors import ScoutError
from scout_ref.formats.state_json import state_from_json, state_to_json

Step = Message
"""A trace step: ``{"deal": [cards] | None}`` or ``{"move": text}``."""

NO_FEATURE = (
    "dealt by the reference: the adapter does not deal its own cards (no feature deal_random)"
)
"""A game asked to start from the adapter's deal, for an adapter whose hello lacks it."""


def can_deal(ctx: Context) -> bool:
    """Whether the adapter deals its own cards (its hello lists ``deal_random``); an adapter
    not started yet is started to read its hello.

    Raises:
        ProtocolError: if the adapter cannot be started.
    """
    if ctx.adapter.hello is None:
        ctx.adapter.start()
    return has_feature(ctx)


def own_deal_steps(ctx: Context, players: int, seed: str) -> tuple[list[Step], tuple[OwnDeal, ...]]:
    """A random game (moves by the fuzz policy) whose rounds the adapter deals: its steps and
    each round's deal with its verdict. The same seed and adapter give the same game.

    Raises:
        ProtocolError: if the adapter broke the protocol.
    """
    rng = random.Random(seed)
    steps: list[Step] = []
    deals: list[OwnDeal] = []
    end: State | None = None
    while True:
        deal, start = _deal_round(ctx, players, end, rng, len(steps))
        deals.append(deal)
        steps.append(_deal_step(start, end, deal.adopted))
        end, moves = play_round(start, rng, policy(ctx))
        steps += [{"move": str(m)} for m in moves]
        if not plays_on(ctx, end):
            return steps, tuple(deals)


def _deal_round(
    ctx: Context, players: int, end: State | None, rng: random.Random, step: int
) -> tuple[OwnDeal, State]:
    """The adapter's deal of the round after ``end`` (None: a new game), judged; the round's
    start: the adapter's cards, or the reference's deal when it cannot adopt them."""
    own_seed = rng.getrandbits(53)
    cards = None  # a new game's, or a later round's of three to five players: all in play
    if end is None:
        given: Message = {"players": players, "rules": OFFICIAL_RULES}
        expect = first_round(players)
        fallback = new_game(players, seed=rng.getrandbits(64))
    else:
        given, expect = {"state": state_to_json(end)}, next_round_of(end)
        # Two players deal the second round from the cards set aside (SC-VAR2-01).
        fallback = next_round(end) if players == 2 else next_round(end, seed=rng.getrandbits(64))
        if players == 2:
            cards = frozenset(c.card for c in end.set_aside)
    (outcome, message, blame), dealt = ask_deal(ctx, given, own_seed, expect, cards)
    adopted = _adopted(dealt, expect) if outcome in (Outcome.PASSED, Outcome.FAILED) else None
    number = 1 if end is None else end.round + 1
    deal = OwnDeal(
        number, step, own_seed, outcome, adopted is not None, message, tuple(sorted(blame))
    )
    return deal, fallback if adopted is None else adopted


def _adopted(dealt: Message | None, expect: object) -> State | None:
    """The reference's deal of the deck ``dealt`` shows, when its cards are the dealt ones (the
    same cards in the same hands and orientation, the same set-aside row); None otherwise."""
    if dealt is None or not callable(expect):
        return None
    try:
        expected = expect(deck_of(dealt))
        same = expected["hands"] == dealt["hands"] and expected["set_aside"] == dealt["set_aside"]
        return state_from_json(expected) if same else None
    except (ScoutError, KeyError, TypeError):
        return None


def _deal_step(start: State, end: State | None, adopted: bool) -> Step:
    """The step that deals ``start``: its deck (the hands in seat order, then the cards set
    aside); none for a second two-player round the reference deals from the set-aside row."""
    if end is not None and start.is_two_player and not adopted:
        return {"deal": None}
    cards = [c for hand in start.hands for c in hand] + list(start.set_aside)
    return {"deal": [str(c) for c in cards]}


def own_departure(deal: OwnDeal) -> Disagreement | None:
    """How the adapter's own deal departs, blamed on its deal rules only; None if it passed.
    An errored deal convicts nothing; a skipped one judged nothing."""
    if deal.outcome is Outcome.PASSED:
        return None
    rules = frozenset(deal.blame)
    errored, skipped = deal.outcome is Outcome.ERRORED, deal.outcome is Outcome.SKIPPED
    return Disagreement(
        deal.step,
        REQUEST,
        deal.message,
        blame=frozenset() if errored else rules,
        uses=frozenset() if errored else rules,
        errored=errored,
        skipped=skipped,
    )


REQUEST = "deal_random"
"""The request a departure of the adapter's own deal shows in."""


def fell_back(deals: Sequence[OwnDeal]) -> bool:
    """Whether a deal that breaks a rule was replaced by the reference's (its cards were never
    compared)."""
    return any(d.outcome is Outcome.FAILED and not d.adopted for d in deals)


def deals_text(deals: Sequence[OwnDeal]) -> str:
    """Each round's start in a few words: the adapter's deal and its verdict, adopted or not.

    >>> deals_text([OwnDeal(1, 0, 7, Outcome.PASSED, True)])
    "started from the adapter's own deal (round 1: passed, adopted)"
    """
    parts = []
    for d in deals:
        verdict = d.outcome.value + (f" ({', '.join(d.blame)})" if d.blame else "")
        start = "adopted" if d.adopted else "played on the reference's deal instead"
        parts.append(f"round {d.round}: {verdict}, {start}")
    return f"started from the adapter's own deal ({'; '.join(parts)})"
