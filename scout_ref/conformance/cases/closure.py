"""Cases that close the functional coverage of ``spec/coverage.json``, written as tables.

Each table row is one case: the combination sizes from 2 to the largest reachable at each
player count (a run of 10 cards needs a 10, so 9 is the largest at 3 players), scouts into
each slot class, pairs of the rejection order of SC-TURN-04 that one move can break together,
and moves under the rotation variant and in the second two-player round. Positions come from
:func:`~._case.facing`, which builds them to meet chapter REACH, or from seeded games.
"""

from __future__ import annotations

from collections.abc import Iterator

from scout_ref.analysis.simulation import random_game
from scout_ref.conformance.cases._by_hand import deal_by_seat
from scout_ref.conformance.cases._case import (
    Case,
    case,
    dealt,
    facing,
    play_start,
    rejected,
)
from scout_ref.conformance.cases._games import circled_game
from scout_ref.conformance.cases._played import Played, from_rounds, replay_played
from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.notation import KEEP, parse_move
from scout_ref.engine.setup import cards_in_play, hand_size
from scout_ref.engine.state import State
from scout_ref.engine.variants import Rotation, Rules, Scouting
from scout_ref.errors import Reason

LARGEST_RUN = {2: 10, 3: 9, 4: 10, 5: 10}
"""The longest run at each player count: 1 to 10, or 1 to 9 without the cards with a 10."""

LARGEST_SET = {2: 9, 3: 8, 4: 9, 5: 9}
"""The largest set: every card of one number, 9 of them, or 8 at 3 players (no 10s)."""

SHOW = ("SC-SET-01", "SC-SET-04", "SC-SHOW-01", "SC-SHOW-03", "SC-SHOW-05")


def _with_tops(players: int, wanted: list[int], used: set[Card]) -> list[OrientedCard]:
    """Cards in play with these top numbers in this order, none of ``used`` (found by search)."""
    free = sorted(cards_in_play(players) - used)

    def search(i: int, taken: frozenset[Card]) -> list[OrientedCard] | None:
        if i == len(wanted):
            return []
        top = wanted[i]
        for card in (c for c in free if top in (c.low, c.high) and c not in taken):
            rest = search(i + 1, taken | {card})
            if rest is not None:
                return [oriented(top, card.high if card.low == top else card.low), *rest]
        return None

    found = search(0, frozenset())
    if found is None:
        raise ValueError(f"no {players}-player cards with tops {wanted}")
    return found


def _text(cards: list[OrientedCard]) -> str:
    return " ".join(str(c) for c in cards)


def _combination_case(players: int, kind: str, size: int) -> Case:
    """Seat 1 shows a set or run of ``size`` against a single card of seat 0's: more cards."""
    if kind == "set":
        tops, name = [1] * size, f"a set of {size} 1s"
    else:
        down = size % 2 == 1
        tops = list(range(size, 0, -1)) if down else list(range(1, size + 1))
        name = f"a run of {size} {'down' if down else 'up'} from {tops[0]}"
    combo = _with_tops(players, tops, set())
    used = {c.card for c in combo}
    active = _with_tops(players, [2 if kind == "set" else 5], used)
    # One more card keeps the round going, unless it would need a second scout (5 players).
    spare = _with_tops(players, [10 if players != 3 else 9], used | {active[0].card})
    spare = spare if size <= hand_size(players) else []
    rules = ["SC-SET-02" if kind == "set" else "SC-SET-03", *SHOW]
    hand = [*combo, *spare]
    return case(
        f"apply-closure-{kind}-of-{size}-{players}p",
        f"{players} players: {name} beats a single card (more cards), and stays in hand order.",
        rules,
        state=(
            _scouted_last(players, active[0], hand)
            if len(hand) > hand_size(players)
            else facing(players, _text(active), _text(hand), others=1)
        ),
        move=f"show 0-{size - 1}",
        claim={"active_set": [str(c) for c in combo], "owner": 1},
    )


def _scouted_last(players: int, active: OrientedCard, hand: list[OrientedCard]) -> State:
    """Seat 1 holds ``hand``, one card more than it was dealt, and faces seat 0's ``active``,
    reached by play: seat 0 shows the hand's last card and seat 1 scouts it to the far right
    (seat 0 takes the chip); seat 2 shows a low card, seat 3 beats it, seat 4 scouts that card
    away (seat 3 takes the chip), and seat 0 shows ``active`` on the empty table."""
    *dealt, last = hand
    size = hand_size(players)
    pool = sorted(cards_in_play(players) - {c.card for c in (*hand, active)})
    low = oriented(pool[0].low, pool[0].high)
    above = next(c for c in pool[1:] if c.high > low.top)
    higher = oriented(above.high, above.low)
    rest = [oriented(c.low, c.high) for c in pool[1:] if c != above]
    seat_0 = [last, active, *rest[: size - 2]]
    rest = rest[size - 2 :]
    others = [low, *rest[: size - 1]], [higher, *rest[size - 1 : 2 * size - 2]]
    deck = (*seat_0, *dealt, *others[0], *others[1], *rest[2 * size - 2 :])
    moves = ["show 0-0", f"scout L @{len(dealt)}", "show 0-0", "show 0-0", "scout L @0", "show 0-0"]
    game = Played(deck, (*(KEEP,) * players, *map(parse_move, moves)))
    return replay_played(players, game)


def combination_cases() -> Iterator[Case]:
    """Every set and run size from 2 to the largest at each player count."""
    for players in (2, 3, 4, 5):
        for size in range(2, LARGEST_SET[players] + 1):
            yield _combination_case(players, "set", size)
        for size in range(2, LARGEST_RUN[players] + 1):
            yield _combination_case(players, "run", size)


SCOUTS = [
    ("L", False, 1, "keeps the left card as it lay, into the middle"),
    ("L", True, 0, "turns the left card over, into the far left slot"),
    ("L", True, 3, "turns the left card over, into the far right slot"),
    ("R", True, 2, "turns the right card over, into the middle"),
]
"""(end, turned, slot, what) for a hand of 3 cards: slots 0 and 3 are the far ends."""


def scout_cases() -> Iterator[Case]:
    """Scouts from each end, turned or not, into slot classes no other case fills."""
    for end, turned, slot, what in SCOUTS:
        move = f"scout {end}{'~' if turned else ''} @{slot}"
        yield case(
            f"apply-closure-scout-{end.lower()}{'-turned' if turned else ''}-slot-{slot}",
            f"4 players: seat 1 {what} of a hand of three ({move}).",
            ["SC-SCOUT-02", "SC-SCOUT-01", "SC-SCOUT-03", "SC-SCOUT-05"],
            state=facing(4, "6/2 7/2 8/2", "1/3 2/4 3/5"),
            move=move,
        )
    yield case(
        "apply-closure-scout-into-a-hand-of-12-2p",
        "2 players: a hand of 11 takes a 12th card; no rule caps a hand.",
        ["SC-SCOUT-02", "SC-SCOUT-01", "SC-VAR2-03"],
        state=_two_player_hand_of_11(),
        move="scout L @11",
    )


def _two_player_no_chip(forced: Rules) -> State:
    """2 players, forced scouting: seat 1 has paid its three chips and faces seat 0's 2/1
    holding cards that beat it, reached by play. Seat 0 shows the run 8-9-10; seat 1, whose
    hand holds no two neighbouring cards that combine, cannot beat it and scouts its three
    cards one by one (the 10 last, when no single card of seat 1 beats it), then shows its
    1/4, which seat 0's 2/1 beats."""
    held = "1/4 3/6 5/8 7/4 1/5 3/7 5/9 7/6 1/6 3/8 6/4"
    deck = deal_by_seat(2, f"8/2 9/2 10/2 2/1 | {held}")
    moves = ["show 0-2", "scout L @11", "scout L @0", "scout L @13", "show 1-1", "show 0-0"]
    return replay_played(2, Played(deck, (*(KEEP,) * 2, *map(parse_move, moves))), forced)


def _two_player_hand_of_11() -> State:
    """2 players: seat 1 holds 11 cards after one scout (two chips left) and faces seat 0's
    run 8-7, reached by play: seat 0 shows 1/4, seat 1 pays a chip, scouts it to the far right
    and shows its first card, 9/8, and seat 0 beats that card with its run."""
    held = "1/2 2/3 3/4 4/5 5/6 6/7 1/3 2/4 3/5 4/6"
    deck = deal_by_seat(2, f"1/4 8/5 7/5 | 9/8 {held}")
    moves = (*(KEEP,) * 2, *map(parse_move, ["show 0-0", "scout L @11", "show 0-0", "show 0-1"]))
    return replay_played(2, Played(deck, moves))


def precedence_cases() -> Iterator[Case]:
    """Moves that break two neighbours of the order of SC-TURN-04: the first is reported."""
    forced = Rules(scouting=Scouting.FORCED)
    for players in (2, 3, 4, 5):
        yield case(
            f"reject-closure-not-a-combination-before-fewer-cards-{players}p",
            f"{players} players: tops 2, 5 against a run of three are no combination and have"
            " fewer cards; that they form no combination comes first.",
            ["SC-TURN-04", "SC-SET-01", "SC-SHOW-03"],
            focus="SC-TURN-04",
            state=facing(players, "2/1 3/1 4/1", "2/3 5/3 6/3"),
            move="show 0-1",
            claim=rejected(Reason.NOT_A_COMBINATION),
        )
    yield case(
        "reject-closure-wrong-phase-before-two-player-scout-show",
        "2 players, rotation phase: a Scout & Show is both out of phase and absent with 2"
        " players; the phase comes first.",
        ["SC-TURN-04", "SC-TURN-03", "SC-VAR2-02"],
        focus="SC-TURN-04",
        state=dealt(2, "closure-phase"),
        move="scout L @0 + show 0-0",
        claim=rejected(Reason.WRONG_PHASE),
    )
    for players in (3, 4, 5):
        used = [True] * players
        used[2] = False
        yield case(
            f"reject-closure-scout-show-used-before-no-active-set-{players}p",
            f"{players} players: a second Scout & Show with no active set to scout; the used"
            " Scout & Show comes first.",
            ["SC-TURN-04", "SC-SNS-01", "SC-SCOUT-01"],
            focus="SC-TURN-04",
            state=facing(players, "", "3/1 4/1 5/1", seat=2, scout_show_available=used),
            move="scout L @0 + show 0-0",
            claim=rejected(Reason.SCOUT_SHOW_USED),
        )
        yield case(
            f"reject-closure-show-available-before-range-{players}p",
            f"{players} players, forced scouting: a Scout & Show while a show would beat the set,"
            " its show outside the hand; the forced scout comes first.",
            ["SC-TURN-04", "SC-VAR-03", "SC-SHOW-01"],
            focus="SC-TURN-04",
            state=facing(players, "2/1", "8/1 3/4", rules=forced),
            move="scout L @0 + show 0-7",
            claim=rejected(Reason.SHOW_AVAILABLE),
        )
    yield case(
        "reject-closure-no-chip-before-show-available-2p",
        "2 players, forced scouting, no chip left and a show that would beat the set: the"
        " missing chip comes first.",
        ["SC-TURN-04", "SC-VAR2-04", "SC-VAR-03"],
        focus="SC-TURN-04",
        state=_two_player_no_chip(forced),
        move="scout L @0",
        claim=rejected(Reason.NO_SCOUT_CHIP),
    )


PROBES = (
    ("wrong_phase", "no_active_set", "rotation", "scout #1 @0", "no card is scouted yet"),
    ("no_active_set", "not_an_end", "start", "scout #1 @0", "the table is still empty"),
    ("not_an_end", "slot_outside_hand", "facing", "scout #1 @9", "slot 9 is past the hand"),
    ("wrong_phase", "range_outside_hand", "rotation", "show 20,19", "no card is shown yet"),
    ("range_outside_hand", "not_adjacent", "facing", "show 5,0", "position 5 is past the hand"),
    ("not_adjacent", "out_of_order", "facing", "show 2,0", "positions 2 and 0 are not adjacent"),
)
"""(reported, hidden, position, move, why) for the moves of SC-NOTE-07 that break two
neighbouring checks of their form: at the rotation decisions, at the start of play, or where
seat 1 holds three cards and faces a run of three."""


def probe_cases() -> Iterator[Case]:
    """Each neighbouring pair of a probe's checks, at each player count: the first reported."""
    for players in (2, 3, 4, 5):
        positions = {
            "rotation": dealt(players, f"probe-{players}"),
            "start": play_start(players, 1900 + players),
            "facing": facing(players, "5/3 6/1 7/2", "4/9 7/1 8/4"),
        }
        for first, hidden, where, move, why in PROBES:
            yield case(
                f"reject-closure-probe-{first}-before-{hidden}-{players}p".replace("_", "-"),
                f"{players} players: {move} is written as SC-NOTE-07 allows and breaks two"
                f" checks ({why}); {first} comes before {hidden} (SC-TURN-04).",
                ["SC-NOTE-07", "SC-TURN-04", Reason(first).rule],
                state=positions[where],
                move=move,
                claim=rejected(Reason(first)),
            )


def variant_cases() -> Iterator[Case]:
    """A first show under rotation once per game at each count; a move of two-player round 2."""
    once = Rules(rotation=Rotation.ONCE_PER_GAME)
    for players in (2, 3, 4, 5):
        yield case(
            f"apply-closure-rotation-once-per-game-{players}p",
            f"{players} players, rotation once per game: the first turn shows its leftmost card.",
            ["SC-VAR-04", "SC-SHOW-02", "SC-SET-01"],
            state=play_start(players, 1800 + players, once),
            move="show 0-0",
        )
    game = random_game(2, seed="closure-round-2")
    first, last = game.rounds
    # The positions come with the game that reaches them (SC-REACH-01): round 1 played out.
    before_end = from_rounds([(first.start, first.moves), (last.start, last.moves[:-1])])
    yield case(
        "apply-closure-2p-last-move-ends-the-game",
        "2 players: the move that ends round 2 ends the game, which has two rounds.",
        ["SC-GAME-01", "SC-VAR2-01"],
        state=replay_played(2, before_end),
        move=str(last.moves[-1]),
        claim={"phase": "game_over"},
    )
    yield case(
        "apply-closure-2p-round-2-keep",
        "2 players, round 2 dealt from the cards set aside: the start player, seat 1, keeps.",
        ["SC-VAR2-01", "SC-ORIENT-01", "SC-GAME-02"],
        state=replay_played(2, from_rounds([(first.start, first.moves), (last.start, ())])),
        move="keep",
    )


def tied_high(total: int) -> State:
    """The end of a 3-player game where seats 0 and 1 tie for the top total at ``total``.

    The first seeded game (from :data:`TIE_HIGH_SEED`) whose seats 0 and 1 tie above seat 2
    is played again with enough circles of chips (:func:`~._games.circled_game`: every seat
    gains one a circle, and twice round the hands are as they were) in its first round to
    lift the tie to ``total``; the number of circles keeps its parity, so the rest of the
    game is the same.
    """
    for k in range(TIE_HIGH_SEED, TIE_HIGH_SEED + 500):
        for parity in (0, 1):
            totals = circled_game(f"closure-tie-{k}", parity).scores
            circles = total - totals[0]
            if totals[0] == totals[1] > totals[2] and circles >= 0 and circles % 2 == parity:
                return circled_game(f"closure-tie-{k}", circles)
    raise ValueError(f"no seeded game ties seats 0 and 1 at {total}")


TIE_HIGH_SEED = 108
"""Where :func:`tied_high`'s search starts."""


def score_cases() -> list[Case]:
    """Ties for the top total above the small integers some languages share by identity."""
    return [
        case(
            f"score-closure-tie-at-{total}",
            f"3 players, the last round: seats 0 and 1 end tied at {total} and share the win;"
            " totals compare by value, however large.",
            ["SC-GAME-04", "SC-SCORE-06"],
            state=tied_high(total),
            claim={"winners": [0, 1]},
        )
        for total in (130, 300)
    ]


def apply_cases() -> list[Case]:
    """Shows of every size, scouts into each slot class, and the variant and round-2 moves."""
    return [*combination_cases(), *scout_cases(), *variant_cases()]


def reject_cases() -> list[Case]:
    """Neighbouring pairs of the rejection order, and of the checks of SC-NOTE-07's forms."""
    return [*precedence_cases(), *probe_cases()]
