"""``scout-ref simulate``: seeded random games, with a summary of how they went."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rich.progress import Progress

from scout_ref.analysis.simulation import Chooser, GameRecord, random_game, rare_first, uniform
from scout_ref.cli.commands._options import MAX_COUNT, MAX_INTEGER, runs, whole
from scout_ref.cli.commands._output import (
    ViewOptions,
    add_json_argument,
    add_view_arguments,
    print_json,
    wants_color,
)
from scout_ref.cli.commands.play import add_budget_arguments, budget_of, parse_seats
from scout_ref.engine.game import winners
from scout_ref.errors import MalformedInputError
from scout_ref.formats.trace import complete, draft_steps, trace_case, trace_document
from scout_ref.play.autoplay import bot_game, wilson, win_shares
from scout_ref.util.atomic import check_output_file, write_atomic
from scout_ref.util.text import plural

CHOOSERS: dict[str, Chooser] = {"uniform": uniform, "rare_first": rare_first}
"""The ways ``--chooser`` picks moves."""
PROGRESS_FROM = 50  # games; shorter runs finish before a bar would help
MAX_MOVES = 10_000  # per round: far beyond any round of random play seen (see chapter END)
Rate = dict[str, Any]
"""One kind's win rate in the summary: wins, rate, interval (low, high) and fair share."""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``simulate``."""
    p = subparsers.add_parser("simulate", help="play seeded random games and summarise them")
    p.add_argument("--players", type=whole(2, 5), default=4, help="2 to 5 (default 4)")
    p.add_argument(
        "--games", type=whole(1, MAX_COUNT), default=100, help="how many games (default 100)"
    )
    p.add_argument(
        "--seed",
        type=whole(0, MAX_INTEGER),
        default=0,
        help="seed of the first game (default 0); game k uses seed+k",
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--log", action="store_true", help="print every move and each round's scores")
    add_json_argument(out, "simulate", "the summary")
    add_view_arguments(p)
    who = p.add_mutually_exclusive_group()
    who.add_argument(
        "--chooser",
        choices=sorted(CHOOSERS),
        default="uniform",
        help="how each move is picked among the legal ones: uniform (default), or rare_first "
        "(a kind of move first, as the fuzzer plays: more shows, emptied hands, later rounds)",
    )
    who.add_argument(
        "--seats",
        metavar="BOTS",
        help="the bots of scout-ref play instead, one per seat, e.g. ismcts,greedy,greedy "
        "(each decides from what its seat knows); sets the player count, and the summary gives "
        "each kind's win rate with its 95%% Wilson interval",
    )
    add_budget_arguments(p)
    p.add_argument(
        "--record",
        metavar="FILE",
        type=Path,
        help="write the first game as a trace vector (scout-ref replay FILE steps through it)",
    )
    p.add_argument(
        "--max-moves",
        type=whole(1, 1_000_000),
        default=MAX_MOVES,
        metavar="N",
        help=f"stop a round after N moves (default {MAX_MOVES}); outside the rules (SC-END-06): "
        "a round stopped so is reported as truncated and not scored, and its game has no winner",
    )
    runs(p, Options, run)


@dataclass(frozen=True)
class Options(ViewOptions):
    """The options of ``simulate``."""

    players: int
    games: int
    seed: int
    log: bool
    json: bool
    chooser: str
    seats: str | None
    record: Path | None
    max_moves: int
    budget: int
    budget_seconds: float | None


def write_game(record: GameRecord, seed: int, path: Path) -> None:
    """Write a simulated game as a one-case trace vector, digests filled in by the engine."""
    players = record.players
    steps = complete(players, record.rules, draft_steps(record, len(record.rounds)))
    case = trace_case(
        f"trace-simulate-{players}p-seed-{seed}",
        f"A game of scout-ref simulate with {players} players and seed {seed}.",
        players,
        record.rules,
        steps,
    )
    document = trace_document("A game recorded by scout-ref simulate.", [case])
    write_atomic(path, json.dumps(document, sort_keys=True, indent=2) + "\n", "--record")


def print_log(record: GameRecord) -> None:
    """Print a game move by move, with each round's score breakdown."""
    for number, rnd in enumerate(record.rounds, start=1):
        print(f"round {number}")
        for state, move in rnd.steps():
            print(f"  seat {state.turn}: {move}")
        if rnd.truncated:
            print(
                f"  round truncated after {plural(len(rnd.moves), 'move')}: not scored (SC-END-06)"
            )
            return
        print(f"  round ended: {rnd.end.round_end.value if rnd.end.round_end else '?'}")
        for s in rnd.scores:
            exempt = " (exempt)" if s.exempt else ""
            print(
                f"  seat {s.seat}: {s.captured} captured + {s.chips} chips"
                f" - {s.hand_penalty} in hand{exempt} = {s.total:+d}"
            )
    final = record.final
    print("totals: " + ", ".join(f"seat {s}: {t}" for s, t in enumerate(final.scores)))
    print("winners: " + ", ".join(f"seat {s}" for s in winners(final)))


def play_game(args: Options, k: int, choose: Chooser) -> GameRecord:
    """Game ``k`` of the run: the bots' when ``--seats`` names them, else random moves."""
    if args.seats:
        budget = budget_of(args.budget, args.budget_seconds)
        kinds = args.seats.split(",")
        return bot_game(kinds, args.seed + k, max_moves=args.max_moves, budget=budget)
    return random_game(args.players, args.seed + k, None, choose, max_moves=args.max_moves)


def check_options(args: Options) -> Options:
    """The options of the run, with the player count of ``--seats``; refuse option values that
    cannot make a run, before playing.

    Raises:
        MalformedInputError: naming the option.
    """
    if args.seats:
        kinds = parse_seats(args.seats)
        if "human" in kinds:
            raise MalformedInputError(
                "--seats", [("", "simulate plays bots only: random, greedy, ismcts")]
            )
        args = replace(args, players=len(kinds))
        budget_of(args.budget, args.budget_seconds)
    if not 2 <= args.players <= 5:
        raise MalformedInputError("--players", [("", f"{args.players} is not 2 to 5")])
    if args.games < 1:
        raise MalformedInputError("--games", [("", "play at least one game")])
    if args.max_moves < 1:
        raise MalformedInputError("--max-moves", [("", "allow at least one move per round")])
    if args.record:
        check_output_file(args.record, "--record")
    return args


def win_rates(kinds: list[str], wins: Counter[str], games: int) -> dict[str, Rate] | None:
    """Each kind of bot's share of the wins of the ``games`` that have a winner (a shared win
    split between its winners, SC-GAME-04), the 95 % Wilson interval of that rate, and its
    fair share (the fraction of seats it holds); None without ``--seats`` or such a game."""
    if not kinds or games < 1:
        return None
    return {
        kind: {
            "wins": round(wins[kind], 3),
            "rate": round(wins[kind] / games, 4),
            "interval": [round(x, 4) for x in wilson(wins[kind], games)],
            "fair_share": round(kinds.count(kind) / len(kinds), 4),
        }
        for kind in sorted(set(kinds))
    }


def summary_rates(summary: dict[str, Any]) -> list[tuple[str, Rate]]:
    """The win rates of a summary, by kind."""
    rates = summary["win_rates"]
    return sorted(rates.items()) if rates else []


def run(options: Options) -> int:
    """Play the games and print the summary."""
    args = check_options(options)
    choose = CHOOSERS[args.chooser]
    ends: Counter[str] = Counter()
    truncated = 0
    turns: list[int] = []
    scores: list[int] = []
    kinds = args.seats.split(",") if args.seats else []
    wins: Counter[str] = Counter()
    decided = 0
    quiet = args.games < PROGRESS_FROM or not sys.stderr.isatty() or not wants_color(args)
    with Progress(disable=quiet) as bar:
        task = bar.add_task("playing", total=args.games)
        for k in range(args.games):
            record = play_game(args, k, choose)
            if k == 0 and args.record:
                write_game(record, args.seed, args.record)
            if args.log:
                print_log(record)
            for rnd in record.rounds:
                if rnd.end.round_end is None:
                    truncated += 1
                else:
                    ends[rnd.end.round_end.value] += 1
                turns.append(sum(1 for m in rnd.moves if str(m) not in ("keep", "flip")))
            if not record.truncated:
                scores.extend(record.final.scores)
                decided += 1
            wins.update(win_shares(record, kinds) if kinds else {})
            bar.advance(task)
    summary = {
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "rounds": len(turns),
        "round_ends": dict(sorted(ends.items())),
        "max_moves": args.max_moves,
        "truncated_rounds": truncated,
        "turns_per_round": {"mean": round(statistics.mean(turns), 1), "max": max(turns)},
        "final_totals": {
            "mean": round(statistics.mean(scores), 1),
            "min": min(scores),
            "max": max(scores),
        }
        if scores
        else None,
        "win_rates": win_rates(kinds, wins, decided),
    }
    if args.json:
        print_json(summary)
        return 0
    print(f"{plural(args.games, 'game')} of {args.players} players, {plural(len(turns), 'round')}")
    if truncated:
        print(
            f"{plural(truncated, 'round')} truncated at {plural(args.max_moves, 'move')}: "
            "not scored,"
            " their games have no winner and no final totals (SC-END-06)"
        )
    print("rounds ended by: " + (", ".join(f"{k} {v}" for k, v in sorted(ends.items())) or "none"))
    print(f"turns per round: mean {statistics.mean(turns):.1f}, max {max(turns)}")
    if scores:
        mean, low, high = statistics.mean(scores), min(scores), max(scores)
        print(f"final totals: mean {mean:.1f}, min {low}, max {high}")
    for kind, rate in summary_rates(summary):
        low, high = rate["interval"]
        print(
            f"{kind} won {rate['wins']:g} of {plural(decided, 'game')} "
            f"({100 * rate['rate']:.1f}%, 95% Wilson interval {100 * low:.1f}-{100 * high:.1f}%;"
            f" fair share {100 * rate['fair_share']:.1f}%)"
        )
    return 0
