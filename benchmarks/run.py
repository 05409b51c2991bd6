"""Speed of the reference engine, pure and compiled, and of the runner's judging and ``scout-ref
verify``: ``make bench`` (``run.py [--quick]``).

``make bench`` runs ``run.py --compiled .venv-compiled/bin/python``: each build is measured in
its own process (``--json``), alternately, and the best figure of each is kept, so the ratios
come from one run on the same machine. Figures are CPU time (``time.process_time``; for
``conform``, the runner's and its adapter's), because the machines are shared and noisy. Nothing
here is asserted: speed is measured, never timed inside tests.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import cast

import interfaces
from verify_positions import DEPTH, positions

import scout_ref.engine.turn
from scout_ref import Move, Show, State, check_move, legal_moves, state_to_json
from scout_ref.analysis.perft import perft
from scout_ref.analysis.simulation import random_game
from scout_ref.checks.verify import verify_root
from scout_ref.conformance.judge.runner import judge_legal
from scout_ref.conformance.model.outcomes import Case
from scout_ref.conformance.process.adapter import Adapter
from scout_ref.conformance.process.context import Context
from scout_ref.conformance.protocol.messages import Reply, decode, read_reply
from scout_ref.engine.notation import FLIP, KEEP, End, Scout, ScoutShow
from scout_ref.formats import schema
from scout_ref.formats.position import build_state
from scout_ref.rulebook.registry import spec_dir
from scout_ref.util.jsonread import read_file

# The listing position: 4 players, Scout & Show available, facing another seat's run.
LISTING_HAND = "3/7 4/1 5/9 5/2 6/8 2/10 7/1 8/3 9/4 1/6 10/5"
LISTING_ACTIVE = "4/2 5/3"
LISTING_MOVES = 734
# Targets of issue 14 for the compiled build.
TARGET_LISTING_MS = 0.09
TARGET_LISTING_RATIO = 3.3
TARGET_GAMES_RATIO = 2.5

Figures = dict[str, float]
FIGURES = (  # key, label, higher is better
    ("listing_ms", f"legal-move listing, {LISTING_MOVES} moves (ms per call)", False),
    ("games_per_s", "random 4-player games per CPU second", True),
    ("perft_per_s", "perft nodes per CPU second", True),
    ("conform_per_s", "conform cases per CPU second (runner + adapter)", True),
    ("verify_per_s", "verify: nodes checked per CPU second (fixed positions)", True),
    ("jobs_mib", "conform --jobs 1000: peak memory of runner + adapters (MiB)", False),
    ("jobs_started", "  adapters it ran at once (capped: CPUs, cases)", False),
    ("judging_ms", "judging a legal reply of 100,000 moves (ms)", False),
    ("schema_states_per_s", "states the state schema passes per CPU second", True),
    ("schema_speed_up", "  that over jsonschema alone (the browser's) (times)", True),
    ("judging_growth", "  its time over a 1,000-move reply's (100 if linear)", False),
    ("engine_moves_per_s", "random 4-player moves per CPU second: the engine", True),
    ("observed_moves_per_s", "  through a History, with the mover's observation", True),
    ("pettingzoo_steps_per_s", "  PettingZoo AEC steps (last + step)", True),
    ("open_spiel_actions_per_s", "  OpenSpiel random simulation (actions, deals included)", True),
    ("ismcts_iterations_per_s", "ISMCTS iterations per CPU second (3 players)", True),
)
LAYERS = (  # the interface layers, each against the engine's moves per CPU second
    ("observed_moves_per_s", "observation"),
    ("pettingzoo_steps_per_s", "PettingZoo"),
    ("open_spiel_actions_per_s", "OpenSpiel"),
)


def best_of(repeats: int, work: Callable[[], object]) -> float:
    """The smallest CPU time, in seconds, of ``repeats`` runs of ``work``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def listing_state() -> State:
    """The issue's benchmark position (seat 0 to act, seat 1 owns the run)."""
    return build_state(
        4, [LISTING_HAND, "1/2", "1/3", "2/3"], active_set=LISTING_ACTIVE, owner=1, turn=0
    )


def naive_candidates(state: State) -> Iterator[Move]:
    """Every well-formed move with in-range indices: the baseline for the listing."""
    n = len(state.hand)
    yield from (KEEP, FLIP)
    shows = [Show(i, j) for i in range(n + 1) for j in range(i, n + 1)]
    yield from shows
    scouts = [Scout(e, r, k) for e in End for r in (False, True) for k in range(n + 1)]
    yield from scouts
    for scout in scouts:
        yield from (ScoutShow(scout, Show(i, j)) for i in range(n + 1) for j in range(i, n + 1))


def naive_legal_moves(state: State) -> list[Move]:
    """Legal moves found by checking every candidate: slow, obviously right."""
    return [m for m in naive_candidates(state) if check_move(state, m) is None]


def bench_listing(repeats: int, calls: int) -> float:
    """Milliseconds per listing of the benchmark position, checked against the naive listing."""
    state = listing_state()
    if len(legal_moves(state)) != LISTING_MOVES:
        raise SystemExit(f"error: the benchmark position no longer has {LISTING_MOVES} moves")
    if set(naive_legal_moves(state)) != set(legal_moves(state)):
        raise SystemExit("error: the fast and naive listings disagree")
    return best_of(repeats, lambda: [legal_moves(state) for _ in range(calls)]) / calls * 1000


def bench_games(repeats: int, games: int) -> float:
    """Full random 4-player games per CPU second (uniform over all legal moves)."""
    return games / best_of(repeats, lambda: [random_game(4, seed) for seed in range(games)])


def bench_perft(depth: int) -> float:
    """perft nodes per CPU second from the first play position of a seeded 4-player game."""
    state, _ = random_game(4, seed=1).rounds[0].steps()[4]  # after the 4 rotation decisions
    start = time.process_time()
    nodes = perft(state, depth)
    return nodes / max(time.process_time() - start, 1e-9)


def bench_conform(rules: list[str]) -> float:
    """Conformance cases per CPU second: ``scout-ref conform`` with this build's own adapter."""
    script = Path(sys.executable).with_name("scout-ref")
    selection = [arg for rule in rules for arg in ("--rule", rule)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory() as elsewhere:  # the adapter runs `-m scout_ref` here
        command = [str(script), "conform", *selection]
        done = subprocess.run(command, cwd=elsewhere, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    passed = re.search(r"^(\d+) passed, 0 failed$", done.stdout, re.MULTILINE)
    if done.returncode != 0 or passed is None:
        raise SystemExit(f"error: conform failed in the benchmark:\n{done.stdout}{done.stderr}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return int(passed[1]) / cpu


def _tree_memory(root: int) -> tuple[int, int]:
    """The resident bytes of process ``root`` and all its descendants, and how many there are
    (read from /proc; a process that ends meanwhile is skipped)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    tree, grew = {root}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in tree} - tree
        tree |= more
        grew = bool(more)
    total = 0
    for pid in tree:
        try:
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1])
        except OSError:
            continue
    return total * resource.getpagesize(), len(tree)


def bench_jobs_memory(rules: list[str]) -> tuple[float, float]:
    """Peak memory (MiB) of ``conform --jobs 1000`` on the legal cases (55; 5 with ``--quick``),
    the runner and every adapter it runs summed, sampled every 20 ms; and the most adapters
    seen at once. Before ``--jobs`` was capped it started one adapter per case (1.1 GB for 36
    cases); now at most one per CPU."""
    if not Path("/proc/self/statm").exists():
        return float("nan"), float("nan")
    script = Path(sys.executable).with_name("scout-ref")
    selection = [arg for rule in rules for arg in ("--rule", rule)]
    command = [str(script), "conform", "--quiet", "--jobs", "1000", "--kind", "legal", *selection]
    peak, most = 0, 0
    with tempfile.TemporaryDirectory() as elsewhere:
        proc = subprocess.Popen(
            command, cwd=elsewhere, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        while proc.poll() is None:
            size, count = _tree_memory(proc.pid)
            peak, most = max(peak, size), max(most, count - 1)
            time.sleep(0.02)
    return peak / 2**20, float(most)


class _Replying:
    """An adapter stand-in that answers a legal request with a prepared reply line."""

    def __init__(self, line: bytes) -> None:
        self.line = line

    def request(self, kind: str, **fields: object) -> Reply:
        message = {"id": 1, "type": kind, **fields}
        return read_reply(decode(self.line), message)


def bench_judging(moves: int) -> float:
    """Milliseconds to read, validate and judge one ``legal`` reply listing ``moves`` moves
    (every one ``keep``: the list a hostile adapter sends to make judging quadratic)."""
    line = json.dumps({"id": 1, "type": "result", "moves": ["keep"] * moves}).encode()
    state = state_to_json(listing_state())
    case = Case("legal-bench", "legal", "", (), {"state": state, "expected": {"moves": []}}, "")
    ctx = Context(cast(Adapter, _Replying(line)))
    return best_of(3, lambda: judge_legal(ctx, case)) * 1000


def bench_schema(repeats: int) -> tuple[float, float]:
    """States passed by the state schema per CPU second (``scout_ref.formats.schema.Check``,
    which asks jsonschema-rs first), and that over jsonschema alone, the states of the
    committed apply vectors each way in one run."""
    check = schema.validator(read_file(spec_dir() / "schema" / "state.schema.json"))
    states = [
        case["state"]
        for path in sorted((spec_dir() / "vectors" / "apply").glob("*.json"))
        for case in json.loads(path.read_text("utf-8"))["cases"]
    ]
    if not all(check.is_valid(s) and check.python.is_valid(s) for s in states):
        raise SystemExit("error: a committed state fails the state schema")
    fast = best_of(repeats, lambda: [check.is_valid(s) for s in states])
    alone = best_of(repeats, lambda: [check.python.is_valid(s) for s in states])
    return len(states) / max(fast, 1e-9), alone / max(fast, 1e-9)


def bench_verify(least: float) -> float:
    """``scout-ref verify`` from the fixed positions of ``verify_positions.py`` (reached by
    seeded play; the same trees for every build and commit), repeated over at least ``least``
    CPU seconds: nodes checked per CPU second."""
    roots = positions()
    nodes, start = 0, time.process_time()
    while not nodes or time.process_time() - start < least:
        nodes += sum(verify_root(root, DEPTH).nodes for root in roots)
    return nodes / max(time.process_time() - start, 1e-9)


def measure(quick: bool) -> Figures:
    """Every figure for the engine this interpreter imports."""
    repeats, calls, games, depth = (1, 5, 2, 1) if quick else (5, 500, 30, 3)
    return {
        "compiled": float(scout_ref.engine.turn.__file__.endswith(tuple(EXTENSION_SUFFIXES))),
        "listing_ms": bench_listing(repeats, calls),
        "games_per_s": bench_games(repeats, games),
        "perft_per_s": bench_perft(depth),
        "conform_per_s": bench_conform(["SC-SET-0*"] if quick else []),
        "verify_per_s": bench_verify(0.2 if quick else 2.0),
        **dict(
            zip(
                ("jobs_mib", "jobs_started"),
                bench_jobs_memory(["SC-SET-0*"] if quick else []),
                strict=True,
            )
        ),
        "judging_ms": (large := bench_judging(1_000 if quick else 100_000)),
        "judging_growth": large / bench_judging(10 if quick else 1_000),
        **dict(
            zip(
                ("schema_states_per_s", "schema_speed_up"),
                bench_schema(1 if quick else repeats),
                strict=True,
            )
        ),
        "engine_moves_per_s": interfaces.engine_moves(200 if quick else 20_000),
        "observed_moves_per_s": interfaces.observed_moves(100 if quick else 5_000),
        "pettingzoo_steps_per_s": interfaces.pettingzoo_steps(100 if quick else 5_000),
        "open_spiel_actions_per_s": interfaces.open_spiel_actions(200 if quick else 10_000),
        "ismcts_iterations_per_s": interfaces.ismcts_iterations(
            2 if quick else 12, 10 if quick else 50
        ),
    }


def measure_in(python: str, quick: bool, compiled: bool) -> Figures:
    """The figures of the build that ``python`` imports, measured in a process of its own."""
    command = [python, __file__, "--json", *(["--quick"] if quick else [])]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(done.stderr.strip() or f"error: {python} failed")
    figures: Figures = json.loads(done.stdout)
    if bool(figures["compiled"]) != compiled:
        build = "compiled" if compiled else "pure"
        raise SystemExit(f"error: {python} does not import the {build} build")
    return figures


def best(runs: list[Figures]) -> Figures:
    """The best of several runs, figure by figure."""
    return {key: (max if higher else min)(run[key] for run in runs) for key, _, higher in FIGURES}


def report(pure: Figures, compiled: Figures | None) -> None:
    """Print the figures side by side with compiled/pure ratios and the issue's targets."""
    print(f"{'':52} {'pure':>12} {'compiled':>12} {'speed-up':>9}")
    for key, label, higher in FIGURES:
        line = f"{label:52} {pure[key]:12,.3f}"
        if compiled is not None:
            ratio = compiled[key] / pure[key] if higher else pure[key] / compiled[key]
            line += f" {compiled[key]:12,.3f} {ratio:8.2f}x"
        print(line)
    for name, figures in (("pure", pure), ("compiled", compiled)):
        if figures is not None:
            engine = figures["engine_moves_per_s"]
            costs = ", ".join(f"{label} {engine / figures[key]:.1f}x" for key, label in LAYERS)
            print(f"interface cost, {name} (the engine's moves per CPU second over each): {costs}")
    if compiled is None:
        return
    listing = pure["listing_ms"] / compiled["listing_ms"]
    games = compiled["games_per_s"] / pure["games_per_s"]
    print(
        f"targets: listing under {TARGET_LISTING_MS} ms ({compiled['listing_ms']:.3f}) and "
        f">= {TARGET_LISTING_RATIO}x pure ({listing:.2f}x); games >= {TARGET_GAMES_RATIO}x "
        f"pure ({games:.2f}x)"
    )


def main() -> None:
    """Measure the pure build, and the compiled one if given, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny sizes: checks the script runs")
    parser.add_argument("--compiled", metavar="PYTHON", help="interpreter of the compiled build")
    parser.add_argument("--json", action="store_true", help="measure this process's build only")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.quick)))
        return
    rounds = 1 if args.quick else 2
    pure: list[Figures] = []
    compiled: list[Figures] = []
    for _ in range(rounds):  # alternate, so both builds see the same machine load
        pure.append(measure_in(sys.executable, args.quick, compiled=False))
        if args.compiled:
            compiled.append(measure_in(args.compiled, args.quick, compiled=True))
    report(best(pure), best(compiled) if compiled else None)


if __name__ == "__main__":
    main()
