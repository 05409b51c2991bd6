"""``scout-ref play``: a game of SCOUT in the terminal, for 2 to 5 humans and bots."""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import dataclass
from pathlib import Path

from scout_ref.ai.ismcts import Budget
from scout_ref.cli.commands._options import (
    MAX_COUNT,
    MAX_INTEGER,
    MAX_SECONDS,
    runs,
    seconds,
    whole,
)
from scout_ref.cli.commands._output import ViewOptions, add_view_arguments, wants_color
from scout_ref.engine.state import MAX_PLAYERS, MIN_PLAYERS, State
from scout_ref.engine.variants import EmptySetChain, Rotation, Rules, Scouting
from scout_ref.errors import MalformedInputError
from scout_ref.formats.state_source import read_state, standard_input
from scout_ref.formats.trace import trace_case, trace_document
from scout_ref.play.screen import PlainScreen, RichScreen
from scout_ref.play.table import SEAT_KINDS, Game, Quit, Screen, seat_labels
from scout_ref.util.atomic import check_output_file, write_atomic
from scout_ref.util.text import plural

DEFAULT_BUDGET = Budget()


def add_rules_arguments(p: argparse.ArgumentParser) -> None:
    """The rules switches (chapter VAR); the defaults are the official reading."""
    g = p.add_argument_group("rules switches (default: the official rules)")
    g.add_argument(
        "--no-owner-exemption", action="store_true", help="SC-VAR-01: the owner pays too"
    )
    g.add_argument(
        "--empty-set-chain",
        choices=[e.value for e in EmptySetChain],
        default="literal",
        help="reset: SC-VAR-02, scouting the set away restarts the round-end chain",
    )
    g.add_argument(
        "--scouting",
        choices=[e.value for e in Scouting],
        default="voluntary",
        help="forced: SC-VAR-03, scout only when no show beats the set",
    )
    g.add_argument(
        "--rotation",
        type=_switch_value,
        choices=[e.value for e in Rotation],
        default="each_round",
        help="once_per_game: SC-VAR-04, rotate hands before the first round only "
        "(spelled as in position lines; once-per-game is read too)",
    )


def _switch_value(text: str) -> str:
    """A switch's value as position lines spell it (``once_per_game``); the dashed spelling
    of earlier versions is read too."""
    return text.replace("-", "_")


def rules_from_args(args: Options) -> Rules:
    """The :class:`Rules` chosen on the command line."""
    return Rules(
        owner_exemption=not args.no_owner_exemption,
        empty_set_chain=EmptySetChain(args.empty_set_chain),
        scouting=Scouting(args.scouting),
        rotation=Rotation(args.rotation),
    )


def add_budget_arguments(p: argparse.ArgumentParser) -> None:
    """How long an ``ismcts`` seat thinks per decision."""
    g = p.add_argument_group("ismcts seats (information-set Monte Carlo tree search)")
    g.add_argument(
        "--budget",
        type=whole(1, MAX_COUNT),
        default=DEFAULT_BUDGET.iterations,
        metavar="N",
        help=f"sampled states searched per decision (default {DEFAULT_BUDGET.iterations})",
    )
    g.add_argument(
        "--budget-seconds",
        type=seconds(0.01, MAX_SECONDS),
        metavar="S",
        help="search for S CPU seconds per decision instead (the game no longer replays "
        "from its seed)",
    )


def budget_of(iterations: int, seconds: float | None) -> Budget:
    """The budget of ``--budget`` and ``--budget-seconds``.

    Raises:
        MalformedInputError: naming the option, for no iteration or no time.
    """
    if iterations < 1:
        raise MalformedInputError("--budget", [("", "search at least one sampled state")])
    if seconds is not None and not seconds > 0:
        raise MalformedInputError("--budget-seconds", [("", "give the search some time")])
    return Budget(iterations, seconds)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play``."""
    p = subparsers.add_parser(
        "play",
        help="play a game in the terminal, against bots or other people",
        description="Type help during the game for the move notation.",
    )
    p.add_argument(
        "--seats",
        default=None,
        help="2 to 5 comma-separated seats, each human, random, greedy or ismcts "
        "(default human,greedy,greedy); seat 0 starts round 1",
    )
    add_budget_arguments(p)
    p.add_argument(
        "--seed", type=whole(0, MAX_INTEGER), help="fixes the deals and the bots (default: random)"
    )
    p.add_argument("--record", metavar="FILE", help="write the game as a trace vector")
    p.add_argument(
        "--from",
        dest="start",
        metavar="POSITION",
        help="play on from a position (a position line, a file or -) instead of a new deal; "
        "its rules switches apply, and the seats default to human then greedy bots",
    )
    p.add_argument(
        "--reveal",
        action="store_true",
        help="show every hand to the human, for teaching (normally only what they know)",
    )
    add_view_arguments(p)
    add_rules_arguments(p)
    runs(p, Options, run)


@dataclass(frozen=True)
class Options(ViewOptions):
    """The options of ``play``."""

    seats: str | None
    seed: int | None
    record: str | None
    start: str | None
    reveal: bool
    budget: int
    budget_seconds: float | None
    no_owner_exemption: bool
    empty_set_chain: str
    scouting: str
    rotation: str


def parse_seats(text: str) -> tuple[str, ...]:
    """The seat kinds named in ``--seats``.

    Raises:
        MalformedInputError: for an unknown kind or a player count outside 2 to 5.
    """
    kinds = tuple(k.strip() for k in text.split(","))
    unknown = [k for k in kinds if k not in SEAT_KINDS]
    if unknown:
        raise MalformedInputError(
            "--seats", [("", f"{unknown[0]!r} is not one of {', '.join(SEAT_KINDS)}")]
        )
    if not MIN_PLAYERS <= len(kinds) <= MAX_PLAYERS:
        raise MalformedInputError(
            "--seats", [("", f"{plural(len(kinds), 'seat')}; a game has 2 to 5")]
        )
    return kinds


def starting_point(args: Options) -> tuple[tuple[str, ...], State | None]:
    """The seat kinds and, with ``--from``, the position to start from.

    Raises:
        MalformedInputError: for bad seats, seats that do not match the position, or
            ``--from`` with ``--record`` (a trace starts with a deal).
    """
    start = None if args.start is None else read_state(args.start)
    if start is None:
        return parse_seats(args.seats or "human,greedy,greedy"), None
    if args.record:
        raise MalformedInputError("--record", [("", "a record starts with a deal, not --from")])
    default = ",".join(["human"] + ["greedy"] * (start.players - 1))
    kinds = parse_seats(args.seats or default)
    if len(kinds) != start.players:
        raise MalformedInputError(
            "--seats", [("", f"{plural(len(kinds), 'seat')} for a {start.players}-player position")]
        )
    return kinds, start


def run(args: Options) -> int:
    """Play the game, keeping the record up to date after every move. Leaving early is not an
    error, and neither a kill nor a hang-up loses a recorded move."""
    kinds, start = starting_point(args)
    budget = budget_of(args.budget, args.budget_seconds)
    if "human" in kinds:
        standard_input("a human seat")  # where its moves come from
    record = Path(args.record) if args.record else None
    if record is not None:
        check_output_file(record, "--record")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    labels = seat_labels(kinds)
    screen: Screen
    if wants_color(args):
        screen = RichScreen.for_terminal(labels, force=args.color)
    else:
        screen = PlainScreen(labels, echo=not standard_input("play").isatty())
    screen.say([f"SCOUT, {len(kinds)} players: {', '.join(labels)}; seed {seed}."])
    rules = rules_from_args(args) if start is None else start.rules
    hold = "human" in kinds and standard_input("play").isatty()  # piped: no pause
    game = Game(
        kinds, seed, rules, screen, start=start, reveal=args.reveal, hold=hold, budget=budget
    )
    if record is not None:
        game.on_step = lambda g: write_record(g, record)
    try:
        game.run()
    except Quit:
        screen.say(["", "Game abandoned."])
    if record is not None:
        written = len(game.steps) if len(game.steps) >= MIN_STEPS else 0
        screen.say([f"Recorded {written} steps to {record}." if written else "Nothing recorded."])
    return 0


MIN_STEPS = 2
"""A trace has a deal and at least one move."""


def write_record(game: Game, path: Path) -> None:
    """Replace ``path`` atomically with every step of ``game`` so far, as a one-case trace
    vector (an unfinished game's record ends at its last move)."""
    if len(game.steps) < MIN_STEPS:
        return
    players = len(game.kinds)
    case = trace_case(
        f"trace-play-{players}p-seed-{game.seed}",
        f"A game of scout-ref play with seats {','.join(game.kinds)} and seed {game.seed}.",
        players,
        game.rules,
        game.steps,
    )
    doc = trace_document("A game recorded by scout-ref play.", [case])
    write_atomic(path, json.dumps(doc, sort_keys=True, indent=2) + "\n", "--record")
