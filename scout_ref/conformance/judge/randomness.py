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
  the set-aside row, as often as its share of the cards). The places are counted over the
  deals that passed; the orientations over every deal whose cards can be read (the box's
  cards of a deal that breaks another rule, holding no card twice, are still turned by its
  shuffle), so a deal rule broken on every deal does not hide the shuffle.

A deal that breaks several rules is named on each, every one as its own evidence
(:attr:`~scout_ref.conformance.model.outcomes.CaseResult.departures`, each using only its own
rule): a card no box holds does not explain a hand of the wrong size.

The tests are run at a family-wise significance level of :data:`ALPHA`, split evenly among
them (Bonferroni): an engine that shuffles fairly fails any of them with probability at most
ALPHA (up to the chi-square approximation, with at least 40 expected per cell), and a given
engine and seed always gets the same verdict.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from scout_ref.analysis.simulation import play_round, rare_first
from scout_ref.conformance.judge._chisquare import chi_square, chi_square_tail
from scout_ref.conformance.judge.dealt import Expect, box_card, judge_dealt
from scout_ref.conformance.judge.steps import PASS, Verdict, deal_name, reply_verdict
from scout_ref.conformance.model.kinds import Fault, RequestType
from scout_ref.conformance.model.outcomes import (
    OFFICIAL_RULES,
    Case,
    CaseResult,
    Departure,
    Message,
    Outcome,
)
from scout_ref.conformance.process.context import Context, caps_of
from scout_ref.conformance.protocol.messages import ProtocolError, Result
from scout_ref.engine.components import Card
from scout_ref.engine.game import next_round
from scout_ref.engine.setup import new_game
from scout_ref.engine.state import State
from scout_ref.engine.variants import Rules
from scout_ref.formats.state_json import (
    deck_from_json,
    rules_to_json,
    state_from_json,
    state_to_json,
)

FEATURE: RequestType = "deal_random"
"""The feature an adapter lists in its hello's ``capabilities.features`` to be asked (and the
request's type)."""

DEALS = 200
"""Deals asked for per configuration: at least 40 expected in every cell of every test."""

ALPHA = 1e-6
"""The family-wise significance level: a fair engine fails with at most this probability."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One configuration's deals as counts: per card, how often each number was on top (in
    every readable deal), and how often it went to each place (each seat, then the set-aside
    row; in the deals that passed)."""

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


@dataclass
class Judged:
    """The deals of one configuration as judged one by one: the good ones are counted in the
    sample; the others are set aside, each kept with its verdict."""

    sample: Sample
    good: int = 0
    readable: int = 0
    """Deals whose orientations were counted: the good ones and the failed ones whose cards
    can be read."""
    failed: list[Verdict] = field(default_factory=list)
    errored: list[Verdict] = field(default_factory=list)
    fault: Fault | None = None
    given_up: str | None = None
    """Why the rest of the deals were not asked (the adapter errored too often in a row)."""


ERRORED_IN_A_ROW = 5
"""Deals that errored in a row before a configuration asks no more (as the adapter is given up
after five protocol faults in a row): an adapter that errors on each is not asked 200 times,
and one that times out is waited on once (a time-out gives deal_random up)."""


def ask_deal(
    ctx: Context,
    given: Message,
    seed: int,
    expect: Expect,
    cards: frozenset[Card] | None = None,
) -> tuple[Verdict, Message | None]:
    """One deal_random request, judged as :func:`~.dealt.judge_dealt` judges it (``expect``:
    :func:`first_round` or :func:`next_round_of`; ``cards``, those the deal has to deal, None
    for a new game's), with the dealt state whenever the reply holds one (a failed deal's too:
    fuzz on the adapter's own deals may still play on its cards); a reply that is no deal
    (skipped, errored) is errored: the adapter listed the feature.

    Raises:
        ProtocolError: for an unreadable reply (the caller sets the deal aside as errored).
    """
    reply = ctx.adapter.request("deal_random", input=given, seed=seed)
    if not isinstance(reply, Result):
        _, message, _ = reply_verdict(reply)
        return (Outcome.ERRORED, f"{deal_name(given)}: {message}", frozenset()), None
    verdict = judge_dealt(reply, given, expect, cards=cards, caps=caps_of(ctx))
    dealt = reply.data.get("state")
    return verdict, dealt if isinstance(dealt, dict) else None


def _one_deal(ctx: Context, config: Config, rng: random.Random) -> tuple[Verdict, Message | None]:
    """A deal of the configuration (for a second round, a first one dealt by the adapter and
    played out by the reference, then the next), judged, with the state it dealt (None when
    the reply holds none, or a second round's first deal failed)."""
    first: Message = {"players": config.players, "rules": rules_to_json(Rules())}
    expect = first_round(config.players)
    verdict, dealt = ask_deal(ctx, first, rng.getrandbits(53), expect)
    if config.round == 2:
        if verdict != PASS or dealt is None:
            return verdict, None
        end, _ = play_round(state_from_json(dealt), rng, rare_first)
        aside = frozenset(c.card for c in end.set_aside)
        given: Message = {"state": state_to_json(end)}
        seed = rng.getrandbits(53)
        verdict, dealt = ask_deal(ctx, given, seed, next_round_of(end), aside)
    return verdict, dealt


def first_round(players: int) -> Callable[[list[str]], Message]:
    """The reference's new game of ``players`` dealt from a deck (the official rules)."""
    rules = Rules()

    def expect(deck: list[str]) -> Message:
        return state_to_json(new_game(players, deck_from_json(deck), rules))

    return expect


def next_round_of(state: State) -> Callable[[list[str]], Message]:
    """The reference's next round after ``state`` (a round's end) dealt from a deck."""

    def expect(deck: list[str]) -> Message:
        return state_to_json(next_round(state, deck_from_json(deck)))

    return expect


def _count(sample: Sample, dealt: Message, places: bool = True) -> bool:
    """Count a deal's orientations (the box's cards; nothing of a deal holding a card twice)
    and, given ``places``, its places; whether it was counted."""
    rows = [*dealt["hands"], dealt["set_aside"]]
    cards = [[(text, box_card(text)) for text in row] for row in rows]
    known = [card for row in cards for _, card in row if card is not None]
    if len(set(known)) < len(known):
        return False
    for place, row in enumerate(cards):
        for text, card in row:
            if card is None:
                continue
            top = int(text.split("/")[0])
            sample.top_low.setdefault(str(card), [0, 0])[0 if top == card.low else 1] += 1
            if places:
                counts = sample.place.setdefault(str(card), [0] * len(rows))
                counts[place] += 1
    return True


def _tests(
    config: Config, sample: Sample, turns: bool = True, places_: bool = True
) -> list[tuple[str, str, float]]:
    """(what, rule, p-value) of the orientation test (SC-SETUP-02: either number on top) and
    the place test (the configuration's rule: which seat, or the set-aside row), each when
    asked for."""
    out = []
    if turns and sample.top_low:
        top = [sample.top_low[k] for k in sorted(sample.top_low)]
        orientation = chi_square_tail(chi_square(top, [0.5, 0.5]), len(top))
        out.append(("orientation", "SC-SETUP-02", orientation))
    if places_ and sample.place:
        out.append(("place", config.rule, _place_test(config, sample)))
    return out


def _place_test(config: Config, sample: Sample) -> float:
    places = config.places
    rows = [sample.place[k][:places] for k in sorted(sample.place)]
    shares = [1 / config.players] * config.players
    if places > config.players:  # 11 + 11 dealt, 22 aside
        shares = [0.25, 0.25, 0.5]
    # Every deal fills each place with a fixed number of cards: both margins of the card-by-
    # place table are fixed, so it has (cards - 1)(places - 1) degrees of freedom.
    df = (len(rows) - 1) * (places - 1)
    return chi_square_tail(chi_square(rows, shares), df)


def sample_config(ctx: Context, config: Config, seed: int, deals: int) -> CaseResult:
    """Ask for ``deals`` deals of one configuration; judge each exactly, then the good ones by
    chance, saying how many were set aside and why."""
    case = _case(config)
    judged = _judge_deals(ctx, config, seed, deals)
    enough = _enough(deals)
    turns, places = judged.readable >= enough, judged.good >= enough
    failed = _failed_tests(config, judged.sample, turns, places)
    bad = judged.failed or failed
    rules = sorted({r for _, _, b in judged.failed for r in b} | {r for _, r, _ in failed})
    lines = [_set_aside(judged, deals)] if judged.failed or judged.errored else []
    if failed:
        text = "; ".join(
            f"{what} ({rule}): p = {p:.3g} < {level():.3g}" for what, rule, p in failed
        )
        lines.append(f"{max(judged.good, judged.readable)} deals are not shuffled fairly ({text})")
    if not (turns or places) and deals:
        lines.append(f"the shuffle is not tested: {judged.good} good deals, fewer than half")
    elif not places and deals:
        lines.append(f"the places are not tested: {judged.good} good deals, fewer than half")
    message = "\n".join(lines)
    if bad:
        blame = tuple(rules)
        own = _departures(judged, failed, rules)
        return CaseResult(
            case, Outcome.FAILED, message, blame=blame, points_at=blame, departures=own
        )
    if judged.errored:  # an errored deal convicts nothing: the adapter's fault
        return CaseResult(case, Outcome.ERRORED, message, fault=judged.fault)
    return CaseResult(case, Outcome.PASSED)


def _departures(
    judged: Judged, failed: list[tuple[str, str, float]], rules: list[str]
) -> tuple[Departure, ...]:
    """One departure per rule broken, its first evidence, using that rule only: each fault of
    a deal is read from the deal itself, and no other rule's fault explains it."""
    out = []
    for rule in rules:
        first = next((v[1] for v in judged.failed if rule in v[2]), None)
        test = next((f"{w}: p = {p:.3g}" for w, r, p in failed if r == rule), None)
        out.append(Departure(first or test or rule, (rule,), (rule,)))
    return tuple(out)


def _enough(deals: int) -> int:
    """The good deals the tests by chance need: half those asked (so most of the sample is the
    engine's shuffle, not what is left of it)."""
    return max(1, (deals + 1) // 2)


def _judge_deals(ctx: Context, config: Config, seed: int, deals: int) -> Judged:
    """Every deal asked, judged on its own: a bad one is set aside and the next asked."""
    judged = Judged(Sample({}, {}))
    rng = random.Random(f"{seed}:{config.id}")
    in_a_row = 0
    for k in range(deals):
        stop = ""
        try:
            verdict, dealt = _one_deal(ctx, config, rng)
        except ProtocolError as exc:  # unreadable: the adapter's fault, as an errored reply
            verdict, dealt = (Outcome.ERRORED, exc.describe(), frozenset()), None
            judged.fault = judged.fault or exc.fault
            stop = _stop_asking(ctx, exc)
        if verdict == PASS and dealt is not None:
            judged.good += 1
            judged.readable += _count(judged.sample, dealt)
        elif verdict[0] is Outcome.ERRORED:
            judged.errored.append(verdict)
        else:
            judged.failed.append(verdict)
            if dealt is not None:
                judged.readable += _count(judged.sample, dealt, places=False)
        in_a_row = in_a_row + 1 if verdict[0] is Outcome.ERRORED else 0
        if in_a_row >= ERRORED_IN_A_ROW and not stop:
            stop = f"after {in_a_row} errored in a row"
        if stop and k + 1 < deals:
            judged.given_up = f"{deals - k - 1} not asked {stop}"
            break
    return judged


def _stop_asking(ctx: Context, exc: ProtocolError) -> str:
    """Why no more deals are asked after ``exc``, or "": the adapter gave deal_random up (one
    time-out does, :data:`~scout_ref.conformance.process.adapter.ALIKE`) or was given up."""
    why = ctx.adapter.given_up.get(FEATURE)
    if why:
        return f"since {FEATURE} requests were given up: {why}"
    return f"since {exc}" if exc.fault == "broken" else ""


def _set_aside(judged: Judged, deals: int) -> str:
    """How many deals were set aside, why, and the first of each kind in full."""
    out = judged.failed + judged.errored
    parts = [f"{len(judged.failed)} failed", f"{len(judged.errored)} errored"]
    line = f"{len(out)} of {deals} deals set aside ({', '.join(parts)})"
    if judged.given_up:
        line += f"; {judged.given_up}"
    if judged.good:
        line += f"; the tests by chance use the other {judged.good}"
    firsts = [v[1] for v in (judged.failed[:1] + judged.errored[:1])]
    return "\n".join([line, *firsts])


def _failed_tests(
    config: Config, sample: Sample, turns: bool = True, places: bool = True
) -> list[tuple[str, str, float]]:
    tests = _tests(config, sample, turns, places)
    return [(what, rule, p) for what, rule, p in tests if p < level()]


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
