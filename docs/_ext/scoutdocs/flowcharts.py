"""The flow of a turn and of a round's end, as data: boxes that cite rules, and arrows.

Every box names the rules it stands for; the build refuses an ID that is not in the registry,
so the pictures cannot drift from the rules they summarise. Boxes sit on a grid (column, row);
:mod:`scoutdocs.flows` lays them out and draws them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """How a box is drawn: where the flow enters, a step, a question, or where it leaves."""

    START = "start"
    STEP = "step"
    QUESTION = "question"
    END = "end"


@dataclass(frozen=True, slots=True)
class Box:
    """One box of a flow: its grid place, its kind, its words and the rules it stands for."""

    key: str
    col: int
    row: int
    kind: Kind
    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Arrow:
    """An arrow between two boxes, with an optional label ("yes", "no")."""

    source: str
    target: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class Flow:
    """A whole chart: its title (the picture's accessible name), boxes and arrows."""

    title: str
    boxes: tuple[Box, ...]
    arrows: tuple[Arrow, ...]


S, P, Q, E = Kind.START, Kind.STEP, Kind.QUESTION, Kind.END

TURN = Flow(
    "The flow of a turn in the play phase",
    (
        Box("start", 0, 0, S, "Your turn: the seat after the last player", ("SC-TURN-01",)),
        Box("table", 0, 1, Q, "Is there a card on the table?", ("SC-SCOUT-01", "SC-SHOW-02")),
        Box("choose", 0, 2, P, "Make exactly one move; there is no passing", ("SC-TURN-02",)),
        Box("must", 2, 2, P, "Nothing to scout: show any combination", ("SC-SHOW-02", "SC-END-03")),
        Box(
            "show",
            0,
            3,
            P,
            "Show adjacent cards, a set or a run, that beat the active set",
            ("SC-SHOW-01", "SC-SET-04", "SC-SHOW-03"),
        ),
        Box(
            "scout",
            1,
            3,
            P,
            "Scout an end card, either way up, into any slot",
            ("SC-SCOUT-01", "SC-SCOUT-02", "SC-SCOUT-04"),
        ),
        Box(
            "sns",
            2,
            3,
            P,
            "Scout & Show, once a round, 3 to 5 players",
            ("SC-SNS-01", "SC-SNS-02", "SC-VAR2-02"),
        ),
        Box(
            "capture",
            0,
            4,
            P,
            "Capture the beaten active set; your cards are the new active set",
            ("SC-SHOW-04", "SC-SHOW-05"),
        ),
        Box(
            "chip",
            1,
            4,
            P,
            "The owner takes a Scout chip (2 players: pay one, play again)",
            ("SC-SCOUT-03", "SC-VAR2-03", "SC-VAR2-04"),
        ),
        Box(
            "sns2",
            2,
            4,
            P,
            "The owner takes a chip; the show beats what is left",
            ("SC-SNS-03",),
        ),
        Box("empty", 0, 5, Q, "Is the shower's hand empty?", ("SC-END-01",)),
        Box(
            "back",
            1,
            5,
            Q,
            "Would the turn return to the owner, all others having scouted?",
            ("SC-END-02",),
        ),
        Box("end1", 0, 6, E, "The round ends: emptied hand", ("SC-END-01",)),
        Box("end2", 1, 6, E, "The round ends: unbeaten active set", ("SC-END-02", "SC-SCORE-04")),
        Box(
            "next",
            2,
            6,
            P,
            "The next seat takes a turn (2 players: after a scout the same player plays again; "
            "a player who can neither show nor scout ends the round)",
            ("SC-TURN-01", "SC-END-03", "SC-VAR2-03", "SC-VAR2-05"),
        ),
    ),
    (
        Arrow("start", "table"),
        Arrow("table", "choose", "yes"),
        Arrow("table", "must", "no"),
        Arrow("choose", "show"),
        Arrow("choose", "scout"),
        Arrow("choose", "sns"),
        Arrow("must", "capture", "show"),
        Arrow("show", "capture"),
        Arrow("scout", "chip"),
        Arrow("sns", "sns2"),
        Arrow("capture", "empty"),
        Arrow("sns2", "empty"),
        Arrow("chip", "back"),
        Arrow("empty", "end1", "yes"),
        Arrow("empty", "next", "no"),
        Arrow("back", "end2", "yes"),
        Arrow("back", "next", "no"),
        Arrow("next", "start"),
    ),
)

ROUND_END = Flow(
    "The end of a round and what follows",
    (
        Box("emptied", 0, 0, S, "A show empties the shower's hand", ("SC-END-01",)),
        Box(
            "unbeaten",
            1,
            0,
            S,
            "After a show every other player scouted (2 players: the other is stuck)",
            ("SC-END-02", "SC-VAR2-05"),
        ),
        Box("ends", 0, 1, P, "The round ends at once; nothing else ends it", ("SC-END-03",)),
        Box(
            "score",
            0,
            2,
            P,
            "Each seat: +1 a captured card, +1 a Scout chip, -1 a card in hand",
            ("SC-SCORE-01", "SC-SCORE-02", "SC-SCORE-03", "SC-VAR2-06"),
        ),
        Box(
            "exempt",
            1,
            2,
            P,
            "Unbeaten active set: its owner's hand costs nothing",
            ("SC-SCORE-04", "SC-VAR-01"),
        ),
        Box(
            "nothing",
            0,
            3,
            P,
            "Cards on the table and Scout & Show chips score nothing",
            ("SC-SCORE-05",),
        ),
        Box("totals", 0, 4, P, "Add the round scores to the totals", ("SC-SCORE-06",)),
        Box("last", 0, 5, Q, "Was it the last round (one per player)?", ("SC-GAME-01",)),
        Box("win", 0, 6, E, "The highest total wins; a tie shares the win", ("SC-GAME-04",)),
        Box(
            "deal",
            1,
            6,
            P,
            "The next seat starts; deal again (2 players: the set-aside half)",
            ("SC-GAME-02", "SC-GAME-03", "SC-VAR2-01"),
        ),
        Box(
            "rotate",
            2,
            6,
            E,
            "Everyone decides keep or flip; then the first turn",
            ("SC-ORIENT-01", "SC-ORIENT-03"),
        ),
    ),
    (
        Arrow("emptied", "ends"),
        Arrow("unbeaten", "ends"),
        Arrow("ends", "score"),
        Arrow("score", "exempt", "unbeaten"),
        Arrow("score", "nothing"),
        Arrow("nothing", "totals"),
        Arrow("totals", "last"),
        Arrow("last", "win", "yes"),
        Arrow("last", "deal", "no"),
        Arrow("deal", "rotate"),
    ),
)

FLOWS = {"turn": TURN, "round-end": ROUND_END}
