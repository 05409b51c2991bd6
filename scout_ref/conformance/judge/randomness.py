"""Randomness the deck hides: deals an adapter makes from its own randomness, tested by chance.

Every vector passes the deck in, so no case sees how an engine shuffles. An adapter whose hello
lists the feature ``deal_random`` answers ``deal_random`` requests (spec/INTERPRETING.md): a
deal from its own generator, seeded with the runner's seed. The runner asks for
:data:`DEALS` deals at each player count and for as many second two-player rounds (each after
a first round dealt by the adapter and played out by the reference), and

* checks each deal exactly: the state must be the one the reference deals from the deck the
  deal shows (the hands in seat order, then the cards set aside);
* tests what SC-SETUP-02 and SC-VAR2-01 promise by chance, with Pearson's chi-square test:
  each card's orientation (either number on top, evenly) and each card's place (every seat, or
  the set-aside row, as often as its share of the cards).

The tests are run at a family-wise significance level of :data:`ALPHA`, split evenly among
them (Bonferroni): an engine that shuffles fairly fails any of them with probability at most
ALPHA (up to the chi-square approximation, with at least 40 expected per cell), and a given
engine and seed always gets the same verdict.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from scout_ref.analysis.simulation import play_round, rare_first
from scout_ref.conformance.judge._chisquare import chi_square, chi_square_tail
from scout_ref.conformance.judge.steps import PASS, Verdict, deal_name, expect_state, reply_verdict
from scout_ref.conformance.model.outcomes import OFFICIAL_RULES, Case, CaseResult, Message, Outcome
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.protocol.messages import ProtocolError, Result
from scout_ref.engine.game import next_round
from scout_ref.engine.setup import new_game
from scout_ref.engine.state import State
from scout_ref.engine.variants import Rules
from scout_ref.errors import MalformedInputError
from scout_ref.formats.state_json import (
    deck_from_json,
    rules_to_json,
    state_from_json,
    state_to_json,
)

FEATURE = "deal_random"
"""The feature an adapter lists in its hello's ``capabilities.features`` to be asked."""

DEALS = 200
"""Deals asked for per configuration: at least 40 expected in every cell of every test."""

ALPHA = 1e-6
"""The family-wise significance level: a fair engine fails with at most this probability."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One configuration's deals as counts: per card, how often each number was on top, and
    how often it went to each place (each seat, then the set-aside row)."""

    top_low: dict[str, list[int]]
    place: dict[str, list[int]]


@dataclass(frozen=True, slots=True)
class Config:
    """A kind of deal to sample: its case ID, player count, round, and the rule it tests."""

    id: str
    players: int
    round: int
    rule: str
    description: str

    @property
    def places(self) -> int:
        """Seats, plus the set-aside row in a first two-player round."""
        return self.players + (1 if self.players == 2 and self.round == 1 else 0)


CONFIGS = (
    Config("random-deal-2p", 2, 1, "SC-VAR2-01", "2 players: 22 of 44 cards dealt, 22 aside"),
    Config("random-deal-2p-round-2", 2, 2, "SC-VAR2-01", "2 players, round 2: the 22 aside"),
    Config("random-deal-3p", 3, 1, "SC-SETUP-02", "3 players: 36 cards in 3 hands"),
    Config("random-deal-4p", 4, 1, "SC-SETUP-02", "4 players: 44 cards in 4 hands"),
    Config("random-deal-5p", 5, 1, "SC-SETUP-02", "5 players: 45 cards in 5 hands"),
)
TESTS_PER_CONFIG = 2
"""Orientation and place."""


def level() -> float:
    """The significance level of each single test."""
    return ALPHA / (len(CONFIGS) * TESTS_PER_CONFIG)


def _case(config: Config) -> Case:
    rules = ("SC-SETUP-02", "SC-SETUP-03") if config.players > 2 else ("SC-VAR2-01", "SC-SETUP-02")
    data: Message = {
        "players": config.players,
        "game_rules": OFFICIAL_RULES,
        "steps": [],
        "focus": config.rule,
    }
    return Case(config.id, "random", config.description, rules, data, "random")


def deck_of(state: Any) -> list[str]:
    """The deck a dealt state shows: the hands in seat order, then the cards set aside."""
    return [card for hand in state["hands"] for card in hand] + list(state["set_aside"])


def ask_deal(
    ctx: Context, given: Message, seed: int, expect: Callable[[list[str]], Message]
) -> tuple[Verdict, Message | None]:
    """One deal_random request, checked exactly against the reference's deal of its deck
    (``expect``: :func:`first_round` or :func:`next_round_of`); the verdict, and the dealt
    state unless the reply is none or holds cards the box does not.

    Raises:
        ProtocolError: if the adapter broke the protocol.
    """
    reply = ctx.adapter.request("deal_random", input=given, seed=seed)
    if not isinstance(reply, Result):
        return reply_verdict(reply), None
    dealt = reply.data.get("state")
    box = _box_problem(dealt, given)
    if box is not None:
        why = f"{deal_name(given)}: {box} (SC-COMP-01)"
        return (Outcome.FAILED, why, frozenset({"SC-COMP-01"})), None
    try:
        expected = expect(deck_of(dealt))
    except MalformedInputError as exc:
        rule = frozenset({_cards_rule(given)} if exc.what == "deck" else ())
        why = f"{deal_name(given)}: the dealt state is not a deal: {exc}"
        return (Outcome.FAILED, why + "".join(f" ({r})" for r in rule), rule), None
    except (KeyError, TypeError) as exc:
        why = f"{deal_name(given)}: the dealt state is not a deal: {exc}"
        return (Outcome.FAILED, why, frozenset()), None
    return expect_state(reply, given.get("state"), deal_name(given), expected), dealt


def _cards_rule(given: Message) -> str:
    """The rule that says which cards a deal holds, when it holds cards of the box but not
    those: a two-player second round is dealt from the cards set aside in the first alone
    (SC-VAR2-01); every other deal, of the cards in play at its player count (SC-SETUP-01)."""
    state = given.get("state")
    later_two = isinstance(state, dict) and state.get("players") == 2
    return "SC-VAR2-01" if later_two else "SC-SETUP-01"


def _box_problem(dealt: object, given: Message) -> str | None:
    """What a dealt state holds that the box does not (SC-COMP-01): a card no box has, or
    one card twice; None if every card it shows is a card of the box, once. (A deal of the
    right cards in the wrong places is judged against the reference's deal.)"""
    if not isinstance(dealt, dict):
        return None
    rows = [*(dealt.get("hands") or []), dealt.get("set_aside") or []]
    seen: set[object] = set()
    for row in rows if all(isinstance(r, list) for r in rows) else []:
        try:
            cards = deck_from_json(row)
        except MalformedInputError as exc:
            return f"it deals {exc.problems[0][1]}"
        for card in cards:
            if card.card in seen:
                return f"it deals the card {card.card} twice"
            seen.add(card.card)
    return None


def first_round(players: int) -> Callable[[list[str]], Message]:
    """The reference's new game of ``players`` dealt from a deck (the official rules)."""
    rules = Rules()

    def expect(deck: list[str]) -> Message:
        return state_to_json(new_game(players, deck_from_json(deck), rules))

    return expect


def next_round_of(state: State) -> Callable[[list[str]], Message]:
    """The reference's next round after ``state`` dealt from a deck."""

    def expect(deck: list[str]) -> Message:
        return state_to_json(next_round(state, deck_from_json(deck)))

    return expect


def _count(sample: Sample, dealt: Message) -> None:
    rows = [*dealt["hands"], dealt["set_aside"]]
    for place, row in enumerate(rows):
        for text in row:
            top, bottom = (int(x) for x in text.split("/"))
            key = f"{min(top, bottom)}-{max(top, bottom)}"
            sample.top_low.setdefault(key, [0, 0])[0 if top < bottom else 1] += 1
            counts = sample.place.setdefault(key, [0] * len(rows))
            counts[place] += 1


def _tests(config: Config, sample: Sample) -> list[tuple[str, str, float]]:
    """(what, rule, p-value) of the orientation test (SC-SETUP-02: either number on top) and
    the place test (the configuration's rule: which seat, or the set-aside row)."""
    top = [sample.top_low[k] for k in sorted(sample.top_low)]
    orientation = chi_square_tail(chi_square(top, [0.5, 0.5]), len(top))
    places = config.places
    rows = [sample.place[k][:places] for k in sorted(sample.place)]
    shares = [1 / config.players] * config.players
    if places > config.players:  # 11 + 11 dealt, 22 aside
        shares = [0.25, 0.25, 0.5]
    # Every deal fills each place with a fixed number of cards: both margins of the card-by-
    # place table are fixed, so it has (cards - 1)(places - 1) degrees of freedom.
    df = (len(rows) - 1) * (places - 1)
    place = chi_square_tail(chi_square(rows, shares), df)
    return [("orientation", "SC-SETUP-02", orientation), ("place", config.rule, place)]


def sample_config(ctx: Context, config: Config, seed: int, deals: int) -> CaseResult:
    """Ask for ``deals`` deals of one configuration; judge each exactly, then all by chance."""
    case = _case(config)
    sample = Sample({}, {})
    rng = random.Random(f"{seed}:{config.id}")
    official = rules_to_json(Rules())
    try:
        for _ in range(deals):
            first: Message = {"players": config.players, "rules": official}
            verdict, dealt = ask_deal(ctx, first, rng.getrandbits(53), first_round(config.players))
            if config.round == 2 and dealt is not None and verdict == PASS:
                end, _ = play_round(state_from_json(dealt), rng, rare_first)
                given = {"state": state_to_json(end)}
                verdict, dealt = ask_deal(ctx, given, rng.getrandbits(53), next_round_of(end))
            if verdict != PASS or dealt is None:
                outcome, message, pointed = verdict
                blame = tuple(sorted(pointed))
                return CaseResult(case, outcome, message, blame=blame, points_at=blame)
            _count(sample, dealt)
    except ProtocolError as exc:
        return CaseResult(case, Outcome.ERRORED, exc.describe(), fault=exc.fault)
    failed = [(what, rule, p) for what, rule, p in _tests(config, sample) if p < level()]
    if not failed:
        return CaseResult(case, Outcome.PASSED)
    text = "; ".join(f"{what} ({rule}): p = {p:.3g} < {level():.3g}" for what, rule, p in failed)
    message = f"{deals} deals are not shuffled fairly ({text})"
    rules = tuple(sorted({rule for _, rule, _ in failed}))
    return CaseResult(case, Outcome.FAILED, message, blame=rules, points_at=rules)


def random_cases() -> list[Case]:
    """The tests of the adapter's own deals as cases, one per configuration (for selecting
    them by ID and rule as vector cases are selected)."""
    return [_case(config) for config in CONFIGS]


def check_randomness(
    ctx: Context,
    seed: int,
    deals: int = DEALS,
    out: list[CaseResult] | None = None,
    only: Collection[str] | None = None,
) -> list[CaseResult]:
    """Sample every configuration the adapter's player counts allow (of those whose IDs
    ``only`` names, when given); each result is appended to ``out`` as it comes."""
    results = [] if out is None else out
    hello = ctx.adapter.hello
    caps = hello.capabilities if hello else None
    for config in CONFIGS:
        if caps is not None and config.players not in caps.players:
            continue
        if only is not None and config.id not in only:
            continue
        results.append(sample_config(ctx, config, seed, deals))
    return results


def has_feature(ctx: Context) -> bool:
    """Whether the adapter's hello lists :data:`FEATURE`."""
    hello = ctx.adapter.hello
    features = hello.capabilities.features if hello else None
    return bool(features) and FEATURE in (features or ())
