"""One deal an adapter made from its own randomness (``deal_random``), judged as what it is.

A random deal has no expected state until its deck is known, so its cards are read first, each
fault named by the rule it breaks, every one of them (a deal can break several rules at once):

* a card no box holds (``4/4``, ``11/12``) or one card twice: SC-COMP-01;
* another number of hands than players, or hands (or set-aside cards) of other sizes: the
  dealing rule of the player count (SC-SETUP-03; SC-VAR2-01 with two players);
* other cards than those the deal has to deal (a card the player count leaves out, one it
  uses left out): SC-SETUP-01 for a new game, SC-VAR2-01 for the second two-player round
  (its cards are those set aside in the first).

A card dealt twice makes every count of the deal ambiguous, so it is the only fault read. A
card no box holds takes the place of a box card: a card the deal lacks is then read as the
box's fault (SC-COMP-01), but a box card that the player count leaves out and that is dealt
all the same is still the fault of the rule of the cards in play, and the sizes are still the
dealing rule's. A deal with none of these faults is then compared with the reference's deal
of the deck it shows (the hands in seat order, then the cards set aside), as an engine without
the rotation phase would show it (the feature ``rotation``, as the ``deal`` vectors are
judged). A reply that is not a deal at
all (skipped, errored, rejected or unreadable) is the adapter's fault and convicts no rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scout_ref.conformance.judge.steps import Verdict, deal_name, expect_state
from scout_ref.conformance.model.outcomes import Message, Outcome
from scout_ref.conformance.protocol.features import dealt_view
from scout_ref.conformance.protocol.messages import Capabilities, Result
from scout_ref.engine.components import Card
from scout_ref.engine.setup import cards_in_play, hand_size
from scout_ref.errors import MalformedInputError
from scout_ref.formats.state_json import deck_from_json

Expect = Callable[[list[str]], Message]
"""The reference's state dealt from a deck (given as the deal shows it)."""


def judge_dealt(
    reply: Result,
    given: Message,
    expect: Expect,
    *,
    cards: frozenset[Card] | None,
    caps: Capabilities | None,
) -> Verdict:
    """The verdict on one dealt state asked with ``given``: ``cards`` are those the deal has to
    deal (None: those of a new game at the player count asked)."""
    name = deal_name(given)
    if "rejection" in reply.data:  # no deal to judge: the adapter's fault
        reason = reply.data["rejection"].get("reason")
        return (
            Outcome.ERRORED,
            f"{name}: the adapter rejected the request ({reason!r}): no deal to judge",
            frozenset(),
        )
    dealt = reply.data["state"]
    problems = deal_problems(dealt, given, cards)
    if problems:
        text = "; ".join(f"{problem} ({rule})" for problem, rule in problems)
        return Outcome.FAILED, f"{name}: {text}", frozenset(rule for _, rule in problems)
    try:
        expected = dealt_view(caps, expect(deck_of(dealt)))
    except MalformedInputError as exc:  # every card checked: a deck the reference refuses
        return Outcome.FAILED, f"{name}: the dealt state is not a deal: {exc}", frozenset()
    return expect_state(reply, given.get("state"), name, expected)


Problem = tuple[str, str]
"""What is wrong with a deal, in words, and the rule it breaks."""


def deal_problems(dealt: Any, given: Message, cards: frozenset[Card] | None) -> list[Problem]:
    """Every fault of a dealt state's cards asked with ``given`` (``cards``: as for
    :func:`judge_dealt`), each with the rule it breaks, in the order of the module's list."""
    players = given["state"]["players"] if "state" in given else given["players"]
    second = "state" in given
    box, twice = _box_problem(dealt)
    if twice:
        return [(box or "", "SC-COMP-01")]
    found = [] if box is None else [(box, "SC-COMP-01")]
    size = _size_problem(dealt, players, second)
    if size is not None:
        found.append((size, _deal_rule(players)))
    wrong = _cards_problem(dealt, players, cards, extra_only=box is not None)
    if wrong is not None:
        found.append((wrong, "SC-VAR2-01" if second else "SC-SETUP-01"))
    return found


def deck_of(state: Any) -> list[str]:
    """The deck a dealt state shows: the hands in seat order, then the cards set aside."""
    return [card for hand in state["hands"] for card in hand] + list(state["set_aside"])


def _deal_rule(players: int) -> str:
    return "SC-VAR2-01" if players == 2 else "SC-SETUP-03"


def _rows(dealt: Any) -> list[list[object]]:
    return [*dealt["hands"], dealt["set_aside"]]


def _box_problem(dealt: Any) -> tuple[str | None, bool]:
    """A card no box holds or one card twice (SC-COMP-01), and whether a card is dealt twice;
    the rows are the schema's lists of card texts, as long as a reply line allows (1 MiB),
    read once."""
    seen: set[Card] = set()
    foreign: str | None = None
    for row in _rows(dealt):
        for text in row:
            card = box_card(text)
            if card is None:
                foreign = foreign or f"it deals {text!r}, a card no box holds"
            elif card in seen:
                return f"it deals the card {card} twice", True
            else:
                seen.add(card)
    return foreign, False


def box_card(text: object) -> Card | None:
    """The box card a card text names, None for one no box holds."""
    try:
        return deck_from_json([text])[0].card
    except MalformedInputError:
        return None


def _size_problem(dealt: Any, players: int, second: bool) -> str | None:
    """Another number of hands, or rows of other sizes, than the deal makes."""
    hands = dealt["hands"]
    if dealt.get("players") != players or len(hands) != players:
        return f"it deals {len(hands)} hands, for {dealt.get('players')!r} players; {players} asked"
    size = hand_size(players)
    aside = 22 if players == 2 and not second else 0
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            return f"seat {seat} is dealt {len(hand)} cards, not {size}"
    if len(dealt["set_aside"]) != aside:
        return f"it sets {len(dealt['set_aside'])} cards aside, not {aside}"
    return None


def _cards_problem(
    dealt: Any, players: int, cards: frozenset[Card] | None, *, extra_only: bool = False
) -> str | None:
    """A card the deal does not deal, or (unless ``extra_only``: cards no box holds took the
    places of the cards it lacks) one it leaves out."""
    wanted = cards_in_play(players) if cards is None else cards
    got = {c for row in _rows(dealt) for text in row if (c := box_card(text)) is not None}
    if extra := sorted(got - wanted):
        return f"it deals the card {extra[0]}, which this deal leaves out"
    if not extra_only and (missing := sorted(wanted - got)):
        return f"it leaves out the card {missing[0]}"
    return None
