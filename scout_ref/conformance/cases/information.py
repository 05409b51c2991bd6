"""Cases for chapter INFO: what a seat knows after a history (a start state and moves, with
the game's earlier rounds when they matter).

Each case is built so that one mistake shows: a leaked card of another hand (SC-INFO-01), a
rotation decision shown before every player has decided (SC-ORIENT-01), a scouted card lost
or misplaced once later moves shift the hand (SC-INFO-04), a forgotten event, captured card
or earlier round (SC-INFO-05), the two-player set-aside revealed (SC-INFO-06), a card placed
by elimination missed or one placed too soon (SC-INFO-08). :func:`count_cases` plays the
same situations at every player count, from seeded games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scout_ref.analysis.simulation import GameRecord, random_game
from scout_ref.conformance.cases._case import Case, case, facing
from scout_ref.conformance.cases._games import remember
from scout_ref.engine.information import History, observation
from scout_ref.engine.notation import Move, Show
from scout_ref.engine.setup import new_game, shuffled_deck
from scout_ref.engine.state import Seat, State
from scout_ref.engine.variants import Rules, Scouting
from scout_ref.formats.position import build_reachable_state
from scout_ref.formats.state_json import state_to_json

SCOUTED = ["scout R~ @1", "scout L @0", "show 0-0", "scout L @0", "show 0-0"]
"""From :func:`_four`: seat 0 scouts the 9/6 turned over into slot 1, then shows the card to
its left; seats 1 and 3 scout too. The chapter's worked example plays the same moves from the
same position, which a game reaches (:func:`~._case.facing`)."""


def _four() -> State:
    return facing(4, "8/5 9/6", "5/1 6/2 7/3", seat=0, owner=3)


def _deal(players: int, seed: str) -> State:
    return new_game(players, shuffled_deck(players, seed))


def observe_cases() -> list[Case]:
    """Private hands, public moves, scouted cards followed, recall, the hidden set-aside, then
    the same situations at every player count (:func:`count_cases`)."""
    played = random_game(4, seed="observe-round").rounds[0]
    return [
        case(
            "observe-information-fresh-deal",
            "Right after the deal a seat knows its own hand and only the sizes of the others.",
            ["SC-INFO-01", "SC-INFO-02"],
            state=_deal(3, "observe-deal"),
            moves=[],
            seat=1,
        ),
        case(
            "observe-information-rotation-decisions",
            "Each keep or flip is public; a flipped hand stays hidden from the others.",
            ["SC-INFO-03", "SC-INFO-01"],
            state=_deal(3, "observe-deal"),
            moves=["keep", "flip", "keep"],
            seat=2,
        ),
        case(
            "observe-information-scouted-card-followed",
            "A card scouted turned over into slot 1 is at position 0 after its holder shows "
            "the card to its left; everyone knows it, nobody knows the dealt cards.",
            ["SC-INFO-04", "SC-INFO-01", "SC-INFO-03"],
            state=_four(),
            moves=SCOUTED,
            seat=1,
        ),
        case(
            "observe-information-scouted-card-pushed-right",
            "With two players a second scout goes in left of the first, which moves right; a "
            "show from the left then moves it back.",
            ["SC-INFO-04"],
            state=build_reachable_state(
                2, ["1/2 1/3", "1/4 1/5"], active_set="7/2 6/2 5/2", owner=1
            ),
            moves=["scout L @1", "scout R~ @0", "show 0-1"],
            seat=1,
        ),
        case(
            "observe-information-own-scouted-card",
            "A seat's own scouted card is public in the view everyone shares, its dealt cards "
            "are not.",
            ["SC-INFO-04", "SC-INFO-01"],
            state=_four(),
            moves=SCOUTED[:1],
            seat=0,
        ),
        case(
            "observe-information-scout-show-public",
            "A Scout & Show is public in full: the scouted card, the cards shown, the used "
            "chip and the owner's new Scout chip.",
            ["SC-INFO-02", "SC-INFO-03"],
            state=facing(4, "5/1 6/1 7/1", "8/2 8/3 2/4"),
            moves=["scout L @3 + show 0-1"],
            seat=3,
        ),
        case(
            "observe-information-round-recalled",
            "A whole round of four players, seen by seat 2: every event, every scouted card "
            "where it lies now, the captured piles in full.",
            {"SC-INFO-01", "SC-INFO-02", "SC-INFO-03", "SC-INFO-04", "SC-INFO-05"},
            state=played.start,
            moves=[str(m) for m in played.moves],
            seat=2,
        ),
        case(
            "observe-information-captured-recalled",
            "Seat 0's run 5-6-7 captures the run 8-9: the pile is face down, but everyone saw "
            "its cards, and recalls the show.",
            ["SC-INFO-05", "SC-INFO-02"],
            state=_four(),
            moves=["show 0-2"],
            seat=2,
        ),
        case(
            "observe-information-set-aside-hidden",
            "With two players the 22 cards set aside are hidden from both: only their number "
            "is public.",
            ["SC-INFO-06", "SC-INFO-01"],
            state=_deal(2, "observe-deal"),
            moves=["keep", "flip"],
            seat=0,
        ),
        *count_cases(),
    ]


def shedding(rng: random.Random, moves: Sequence[Move]) -> Move:
    """A chooser that shows as many cards as it can, else picks at random: unlike uniform
    play, it often empties a hand, so elimination has something to find."""
    shows = [m for m in moves if isinstance(m, Show)]
    return max(shows, key=lambda m: m.last - m.first) if shows else rng.choice(list(moves))


def shedding_game(players: int, seed: int, rules: Rules | None = None) -> GameRecord:
    return random_game(players, seed, rules, shedding)


ELIMINATION_SEEDS = {2: 25, 3: 1, 4: 15, 5: 103}
"""Seeds of :func:`_game` whose first round places a card by elimination: with 2 players,
seat 1 empties its hand in round 1, so in round 2 seat 0 knows seat 1's hand; with 3 to 5
players, while round 1 goes on one seat is the only one with hidden cards."""


def _texts(moves: Sequence[Move]) -> list[str]:
    return [str(m) for m in moves]


def first_deduction(start: State, moves: Sequence[Move]) -> tuple[int, int]:
    """The first (number of moves, seat) after which a seat places a card by elimination."""
    history = History.begin(start)
    for k, move in enumerate(moves, 1):
        history = history.then(move)
        for seat in range(start.players):
            if any(observation(history, Seat(seat)).deduced):
                return k, seat
    raise AssertionError("no card is placed by elimination in this round")


def _forced_scout(players: int) -> tuple[State, list[str]]:
    """Under forced scouting (SC-VAR-03), a seeded round up to its first scout."""
    record = shedding_game(players, 7, Rules(scouting=Scouting.FORCED)).rounds[0]
    moves = _texts(record.moves)
    first = next(k for k, m in enumerate(moves) if m.startswith("scout"))
    return record.start, moves[: first + 1]


def _count_cases(players: int) -> list[Case]:
    """The situations of chapter INFO at one player count, from seeded games."""
    p = f"{players}p"
    record = shedding_game(players, ELIMINATION_SEEDS[players])
    first = record.rounds[0]
    moves = _texts(first.moves)
    decided = players  # the rotation decisions come first
    scout = next(k for k, m in enumerate(moves) if m.startswith("scout"))
    out = [
        case(
            f"observe-information-{p}-deal",
            f"{players} players, right after the deal: a seat sees its own hand and only the "
            "sizes of the others.",
            ["SC-INFO-01", "SC-INFO-02", "SC-INFO-08"],
            state=first.start,
            moves=[],
            seat=players - 1,
        ),
        case(
            f"observe-information-{p}-rotation-hidden",
            f"{players} players: the start player has decided; the next seat does not know "
            "the decision until every player has decided.",
            ["SC-ORIENT-01", "SC-INFO-03"],
            state=first.start,
            moves=moves[:1],
            seat=1,
        ),
        case(
            f"observe-information-{p}-rotation-own",
            f"{players} players: while the decisions are made, a seat recalls its own.",
            ["SC-ORIENT-01", "SC-INFO-05"],
            state=first.start,
            moves=moves[: decided - 1],
            seat=0,
        ),
        case(
            f"observe-information-{p}-rotation-revealed",
            f"{players} players: every decision is public once the last is made.",
            ["SC-INFO-03", "SC-ORIENT-01"],
            state=first.start,
            moves=moves[:decided],
            seat=1,
        ),
        case(
            f"observe-information-{p}-scouted",
            f"{players} players: the first scout of a seeded round puts a public card into a "
            "hand; the rest of that hand stays hidden.",
            ["SC-INFO-04", "SC-INFO-01"],
            state=first.start,
            moves=moves[: scout + 1],
            seat=(first.start.start_player + 1) % players,
        ),
        case(
            f"observe-information-{p}-public-view",
            f"{players} players, after the first scout of a seeded round: the active set, its "
            "owner, the chips, whose turn it is and every hand's size are the same for all.",
            ["SC-INFO-02", "SC-INFO-03"],
            state=first.start,
            moves=moves[: scout + 1],
            seat=first.start.start_player,
        ),
        case(
            f"observe-information-{p}-round-recalled",
            f"{players} players: a whole seeded round, every event recalled and every "
            "captured pile known in full.",
            ["SC-INFO-05", "SC-INFO-02", "SC-INFO-03", "SC-INFO-04"],
            state=first.start,
            moves=moves,
            seat=players - 1,
        ),
    ]
    forced, scouted = _forced_scout(players)
    out.append(
        case(
            f"observe-information-{p}-forced-scout",
            f"{players} players under forced scouting: a scout is public like any move; "
            "that it tells its player could not show is left to the reader.",
            ["SC-INFO-07", "SC-INFO-03", "SC-VAR-03"],
            state=forced,
            moves=scouted,
            seat=0,
        )
    )
    if players == 2:
        return out + _two_player_cases(record)
    k, seat = first_deduction(first.start, first.moves)
    out.append(
        case(
            f"observe-information-{p}-elimination",
            f"{players} players: late in a seeded round one other seat has every hidden card, "
            "so the unseen cards are placed in its hand, though nobody has seen them.",
            ["SC-INFO-08", "SC-INFO-01"],
            state=first.start,
            moves=moves[:k],
            seat=seat,
        )
    )
    return out


ROUND_TWO = (
    (
        "elimination",
        "2 players, round 2 dealt: seat 1 showed every card it held in round 1, so seat 0, "
        "remembering round 1, knows which 11 cards seat 1 holds now.",
        ("SC-INFO-08", "SC-INFO-05", "SC-INFO-01"),
        0,
        0,
    ),
    (
        "no-elimination",
        "2 players, round 2 dealt: seat 0 kept cards unshown in round 1, so for seat 1 the "
        "unseen cards could be those or seat 0's hand: none is placed.",
        ("SC-INFO-08", "SC-INFO-05"),
        0,
        1,
    ),
    (
        "rotation-hidden",
        "2 players, round 2: the start player's decision is hidden from the other seat until "
        "it has decided too; round 1's decisions are remembered.",
        ("SC-ORIENT-01", "SC-INFO-05"),
        1,
        0,
    ),
    (
        "recalled",
        "2 players, round 2 played out: both rounds recalled, the first in full.",
        ("SC-INFO-05", "SC-INFO-03", "SC-INFO-04", "SC-INFO-08"),
        None,
        1,
    ),
)
"""The round-2 cases: id suffix, description, rules, moves of round 2 made (None: all), seat."""


def _two_player_cases(record: GameRecord) -> list[Case]:
    """Round 2 of a two-player game, observed with round 1 remembered (SC-INFO-05)."""
    first, second = remember(record).rounds
    if first.end.hands[1]:
        raise AssertionError("the seeded game no longer has seat 1 empty its hand in round 1")
    earlier = [{"state": state_to_json(first.start), "moves": _texts(first.moves)}]
    again = _texts(second.moves)
    return [
        case(
            f"observe-information-2p-round-2-{name}",
            description,
            list(rules),
            earlier=earlier,
            state=second.start,
            moves=again[:made],
            seat=seat,
        )
        for name, description, rules, made, seat in ROUND_TWO
    ]


def count_cases() -> list[Case]:
    """The situations of chapter INFO at every player count (each rule in its scope)."""
    return [c for players in (2, 3, 4, 5) for c in _count_cases(players)]
