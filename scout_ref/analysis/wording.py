"""The words of ``explain``: every phrase of a verdict, its reasoning and its rejection detail.

Each is a :class:`~scout_ref.rulebook.phrases.Phrase`, English with named placeholders,
translated in ``spec/locales/<lang>/explain.po``. A phrase's values are move notation, seats,
numbers and cards, which read the same in every language, or other phrases (a slot, a phase).
:func:`rejection_detail` says the engine's rejection detail the same way: its English is the
engine's own words (``tests/test_explain_lang.py`` checks this on every vector).
"""

from __future__ import annotations

from collections.abc import Iterator

from scout_ref.engine.combinations import Combination, Kind, classify
from scout_ref.engine.notation import Flip, Keep, ScoutInner, ScoutShow, Show, ShowCards, Written
from scout_ref.engine.scout import scouted
from scout_ref.engine.show import tops
from scout_ref.engine.state import Hand, Phase, State
from scout_ref.errors import Reason, Rejection
from scout_ref.rulebook.phrases import Phrase, Said

P = Phrase

# The verdict line and the headings of the text output.
LEGAL_BY = P("{move} by seat {seat}: legal")
LEGAL = P("{move}: legal")
ILLEGAL_BY = P("{move} by seat {seat}: illegal, {reason} ({rule})")
ILLEGAL = P("{move}: illegal, {reason} ({rule})")
REASONING = P("reasoning:")
RULES_CITED = P("rules cited:")
AFTER = P("position after the move:")
NO_CARDS = P("(none)", context="no cards")
PHASES = {
    Phase.ROTATION: P("rotation", context="phase"),
    Phase.PLAY: P("play", context="phase"),
    Phase.ROUND_OVER: P("round_over", context="phase"),
    Phase.GAME_OVER: P("game_over", context="phase"),
}

# The reasoning.
PROBE = P("{probe} names a move the rules forbid, so that its rejection can be asked about")
ROTATION_MOVE = P("{move} is a rotation move; the game is in the {phase} phase")
PLAY_MOVE = P("{move} is a play move; the game is in the {phase} phase")
NO_ACTIVE = P("there is no active set to scout from")
INNER_CARD = P(
    "card #{position} of the active set {active} is {card}, between its ends {left} and "
    "{right}; only an end card may be taken"
)
OUTSIDE = P(
    "the hand has {count} card, positions 0 to {last}; position {position} is outside it",
    "the hand has {count} cards, positions 0 to {last}; position {position} is outside it",
)
POSITIONS_HOLD = P("positions {positions} hold {cards}")
NOT_SIDE_BY_SIDE = P("the cards do not lie side by side in the hand")
SIDE_BY_SIDE = P("the cards lie side by side as {cards}; shown cards keep the order they lie in")
KEEP = P("keep leaves the hand as dealt")
FLIP = P("flip turns the hand end over end: {hand} becomes {turned}")
ONE_HOLDS = P("position {first} holds {cards}: top numbers {numbers}")
RANGE_HOLDS = P("positions {first}-{last} hold {cards}: top numbers {numbers}")
NO_COMBINATION = P(
    "the numbers are not all equal (no set, SC-SET-02) and do not step by exactly 1 in one "
    "direction (no run, SC-SET-03)"
)
FORM = {
    Kind.SET: P(
        "they form a set of {count} card, smallest number {smallest}",
        "they form a set of {count} cards, smallest number {smallest}",
    ),
    Kind.RUN: P(
        "they form a run of {count} card, smallest number {smallest}",
        "they form a run of {count} cards, smallest number {smallest}",
    ),
}
NO_TARGET = P("there is no active set, so any combination may be shown")
TARGET = {
    Kind.SET: P(
        "the active set {cards} (owner seat {owner}) is a set of {count} card, smallest number "
        "{smallest}",
        "the active set {cards} (owner seat {owner}) is a set of {count} cards, smallest "
        "number {smallest}",
    ),
    Kind.RUN: P(
        "the active set {cards} (owner seat {owner}) is a run of {count} card, smallest number "
        "{smallest}",
        "the active set {cards} (owner seat {owner}) is a run of {count} cards, smallest "
        "number {smallest}",
    ),
}
SIZE = {  # keyed by "the show beats it"
    True: P(
        "size decides: {count} card against {other}, so the show beats it",
        "size decides: {count} cards against {other}, so the show beats it",
    ),
    False: P(
        "size decides: {count} card against {other}, so the show does not beat it",
        "size decides: {count} cards against {other}, so the show does not beat it",
    ),
}
KIND = {
    True: P("same size ({size}); kind decides: a set beats a run, so the show beats it"),
    False: P("same size ({size}); kind decides: a set beats a run, so the show does not beat it"),
}
SMALLEST = {
    (Kind.SET, True): P(
        "same size and kind (sets of {size}); the smallest number decides: {smallest} against "
        "{other}, so the show beats it"
    ),
    (Kind.SET, False): P(
        "same size and kind (sets of {size}); the smallest number decides: {smallest} against "
        "{other}, so the show does not beat it"
    ),
    (Kind.RUN, True): P(
        "same size and kind (runs of {size}); the smallest number decides: {smallest} against "
        "{other}, so the show beats it"
    ),
    (Kind.RUN, False): P(
        "same size and kind (runs of {size}); the smallest number decides: {smallest} against "
        "{other}, so the show does not beat it"
    ),
}
TIE = P("same size, kind and smallest number: a tie does not beat")
INTO_EMPTY = P("into the empty hand")
FAR_LEFT = P("at the far left, before {card}")
FAR_RIGHT = P("at the far right, after {card}")
BETWEEN = P("between {left} (position {before}) and {right} (position {after})")
ONE_CARD_SET = P(
    "the active set {card} has one card; it is its left end only, so it is scouted as L"
)
TAKES = {
    True: P("takes the left end card {card} of the active set {active}"),
    False: P("takes the right end card {card} of the active set {active}"),
}
ROTATED = P("rotated, it goes in as {card}")
KEPT = P("kept as {card}")
SLOT_OUTSIDE = P("slot {slot} is outside the hand: slots run 0 to {last}")
INSERTED = P("inserted at slot {slot}, {where}; the hand becomes {hand}")
FORCED = P("forced scouting is on, and a show from this hand beats the active set")
LEFT_AS = P("the active set is left as {cards}; seat {owner} stays its owner")
NOW_EMPTY = P("the active set is now empty; seat {owner} stays its owner")
OWNER_CHIP = P("the owner, seat {owner}, receives a Scout chip")
NO_CHIP = P("scouting costs a Scout chip and seat {seat} has none")
LAST_CHIP = P("seat {seat} pays their last Scout chip to the centre, then plays again")
ONE_OF_CHIPS = P(
    "seat {seat} pays one of their {count} Scout chip to the centre, then plays again",
    "seat {seat} pays one of their {count} Scout chips to the centre, then plays again",
)
NO_SNS_2P = P("the two-player game has no Scout & Show")
SNS_USED = P("seat {seat} has already used Scout & Show this round")
SNS_FIRST = P("seat {seat} still has Scout & Show this round; the scout comes first")
SNS_JUDGED = P(
    "the show is judged on the hand after the insertion, against the active set as reduced by "
    "the scout"
)
PLAY_BEGINS = P("every player has decided: play begins with seat {seat}")
DECIDES_NEXT = P("seat {seat} decides next")
CAPTURED = P(
    "the beaten set ({count} card) goes face down to seat {seat}'s captured cards",
    "the beaten set ({count} cards) goes face down to seat {seat}'s captured cards",
)
NEW_ACTIVE = P("the shown cards become the active set, owned by seat {seat}")
EMPTY_HAND_END = P("seat {seat}'s hand is now empty, so the round ends")
TWO_PLAYER_END = P("the other player can neither show nor scout, so the round ends")
UNBEATEN_END = P(
    "everyone else has scouted since seat {seat}'s show, so the round ends with that set unbeaten"
)
PLAYS_AGAIN = P("seat {seat} plays again")
PLAYS_NEXT = P("seat {seat} plays next")

# The engine's rejection details, in its own words.
DETAIL_PHASE = {
    Phase.ROTATION: P("{move} is a rotation move; the phase is {phase}"),
    Phase.PLAY: P("{move} is a play move; the phase is {phase}"),
}
DETAIL_FIXED = {
    Reason.SCOUT_SHOW_TWO_PLAYER: P("there is no Scout & Show with 2 players"),
    Reason.SCOUT_SHOW_USED: P("Scout & Show was already used this round"),
    Reason.NO_ACTIVE_SET: NO_ACTIVE,
    Reason.SINGLE_CARD_END: P("a one-card active set is scouted as L"),
    Reason.NO_SCOUT_CHIP: P("scouting costs a Scout chip and none is left"),
    Reason.SHOW_AVAILABLE: P("forced scouting: a show would beat the set"),
    Reason.OUT_OF_ORDER: P("adjacent cards are shown in the order they lie"),
    Reason.NOT_A_COMBINATION: P("the cards form neither a set nor a run"),
}
DETAIL_NOT_AN_END = P("card #{position} is not an end of the active set")
DETAIL_SLOTS = P("slots run from 0 to {last}")
DETAIL_HAND = P("the hand has {count} card", "the hand has {count} cards")
DETAIL_NOT_ADJACENT = P("positions {positions} are not adjacent")
_A, _B = "{size} from {smallest}", "{other_size} from {other_smallest}"
DETAIL_WEAKER = {
    (show, active): P(f"the {show.value} of {_A} does not beat the {active.value} of {_B}")
    for show in Kind
    for active in Kind
}
DETAIL_TIE = {
    kind: P(
        f"the {kind.value} of {_A} only ties the {kind.value} of {_B}, and a tie does not beat "
        "(SC-SET-05)"
    )
    for kind in Kind
}


def cards(hand: Hand) -> str | Said:
    """Cards as written in state JSON, or the words for none."""
    return " ".join(str(c) for c in hand) if hand else NO_CARDS.say()


def phase(state: State) -> Said:
    """The name of the phase ``state`` is in."""
    return PHASES[state.phase].say()


def rejection_detail(state: State, move: Written, rejection: Rejection) -> Said | None:
    """The engine's detail of ``rejection`` as a phrase whose English is the engine's own words
    (None for a detail it does not know, which is then shown as the engine wrote it)."""
    reason = rejection.reason
    if reason is Reason.WRONG_PHASE:
        wanted = Phase.ROTATION if isinstance(move, Keep | Flip) else Phase.PLAY
        return DETAIL_PHASE[wanted].say(move=str(move), phase=phase(state))
    if reason in DETAIL_FIXED:
        return DETAIL_FIXED[reason].say()
    if reason is Reason.NOT_AN_END and isinstance(move, ScoutInner):
        return DETAIL_NOT_AN_END.say(position=move.position)
    if reason is Reason.SLOT_OUTSIDE_HAND:
        return DETAIL_SLOTS.say(last=len(state.hand))
    if reason is Reason.NOT_ADJACENT and isinstance(move, ShowCards):
        return DETAIL_NOT_ADJACENT.say(positions=str(move.positions))
    hand, active = state.hand, state.active_set
    if isinstance(move, ScoutShow):
        hand, active = scouted(hand, active, move.scout)
    if reason is Reason.RANGE_OUTSIDE_HAND:
        return DETAIL_HAND.say(len(hand))
    return _weaker(hand, active, move) if reason is Reason.NOT_STRONGER else None


def _weaker(hand: Hand, active: Hand, move: Written) -> Said | None:
    show = move.show if isinstance(move, ScoutShow) else move
    if not isinstance(show, Show) or not active:
        return None
    combo = classify(tops(hand[show.first : show.last + 1]))
    target = classify(tops(active))
    if combo is None or target is None:
        return None
    values = dict(_numbers(combo, target))
    if combo.strength == target.strength:
        return DETAIL_TIE[combo.kind].say(**values)
    return DETAIL_WEAKER[combo.kind, target.kind].say(**values)


def _numbers(combo: Combination, target: Combination) -> Iterator[tuple[str, int]]:
    yield from (("size", combo.size), ("smallest", combo.smallest))
    yield from (("other_size", target.size), ("other_smallest", target.smallest))


def phrases() -> Iterator[Phrase]:
    """Every phrase of this module, in the order it defines them (the catalogs' order)."""
    for value in globals().values():
        if isinstance(value, Phrase):
            yield value
        elif isinstance(value, dict):
            yield from (v for v in value.values() if isinstance(v, Phrase))
