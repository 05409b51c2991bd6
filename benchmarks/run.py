"""Speed of the reference engine and of ``scout-ref verify``: ``make bench`` (or
``python benchmarks/run.py [--quick]``).

Figures are CPU time (``time.process_time``), the best of several repeats, because the machines
are shared and noisy. Each figure is also given as a ratio measured in the same run: against a
deliberately naive listing (every well-formed move filtered through ``check_move``) and against
the issue's targets. Nothing here is asserted: speed is measured, never timed inside tests.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Iterator
from typing import cast

from scout_ref import Move, Show, State, check_move, legal_moves
from scout_ref.conformance.outcomes import Case, Context
from scout_ref.conformance.process import Adapter
from scout_ref.conformance.protocol import Reply, decode, read_reply
from scout_ref.conformance.runner import judge_legal
from scout_ref.notation import FLIP, KEEP, End, Scout, ScoutShow
from scout_ref.perft import perft
from scout_ref.position import build_state
from scout_ref.simulation import random_game
from scout_ref.state import Phase
from scout_ref.verify import vector_states, verify_root

# The listing position: 4 players, Scout & Show available, facing another seat's run.
LISTING_HAND = "3/7 4/1 5/9 5/2 6/8 2/10 7/1 8/3 9/4 1/6 10/5"
LISTING_ACTIVE = "4/2 5/3"
LISTING_MOVES = 734
TARGET_GAMES_PER_S = 100.0  # twice the fastest Python engine we know (47 games/s)
TARGET_LISTING_MS = 0.6  # half of that engine's 1.2 ms
KNOWN_GAMES_PER_S = 47.0
KNOWN_LISTING_MS = 1.2


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


def bench_listing(repeats: int, calls: int) -> tuple[float, float]:
    """Milliseconds per listing of the benchmark position: engine, naive baseline."""
    state = listing_state()
    if len(legal_moves(state)) != LISTING_MOVES:
        raise SystemExit(f"error: the benchmark position no longer has {LISTING_MOVES} moves")
    if set(naive_legal_moves(state)) != set(legal_moves(state)):
        raise SystemExit("error: the fast and naive listings disagree")
    fast = best_of(repeats, lambda: [legal_moves(state) for _ in range(calls)]) / calls
    slow = best_of(max(1, repeats // 3), lambda: naive_legal_moves(state))
    return fast * 1000, slow * 1000


def bench_games(repeats: int, games: int) -> float:
    """Full random 4-player games per CPU second (uniform over all legal moves)."""
    seconds = best_of(repeats, lambda: [random_game(4, seed) for seed in range(games)])
    return games / seconds


def bench_perft(depth: int) -> tuple[int, float]:
    """perft from the first play position of a seeded 4-player game: nodes and nodes/s."""
    state, _ = random_game(4, seed=1).rounds[0].steps()[4]  # after the 4 rotation decisions
    start = time.process_time()
    nodes = perft(state, depth)
    return nodes, nodes / max(time.process_time() - start, 1e-9)


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
    state = listing_state().to_json()
    case = Case("legal-bench", "legal", "", (), {"state": state, "expected": {"moves": []}}, "")
    ctx = Context(cast(Adapter, _Replying(line)))
    return best_of(3, lambda: judge_legal(ctx, case)) * 1000


def bench_verify(depth: int) -> tuple[int, float, int]:
    """``scout-ref verify`` at ``depth`` from the vectors' first 2- and 5-player play positions
    (about 1,500 nodes at depth 2): nodes checked, nodes per CPU minute, and the nodes of the
    same run from every vector state (counted with perft, not checked)."""
    states = vector_states()
    roots = [next(s for s in states if s.players == n and s.phase is Phase.PLAY) for n in (2, 5)]
    start = time.process_time()
    nodes = sum(verify_root(root, depth).nodes for root in roots)
    per_minute = 60 * nodes / max(time.process_time() - start, 1e-9)
    everything = sum(perft(s, d) for s in states for d in range(depth + 1))
    return nodes, per_minute, everything


def main() -> None:
    """Run every benchmark and print the figures with their ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny sizes: checks the script runs")
    args = parser.parse_args()
    repeats, calls, games, depth = (1, 5, 2, 1) if args.quick else (5, 500, 30, 3)
    verify_depth = 1 if args.quick else 2

    fast_ms, naive_ms = bench_listing(repeats, calls)
    per_s = bench_games(repeats if not args.quick else 1, games)
    nodes, rate = bench_perft(depth)
    small, large = (100, 1_000) if args.quick else (1_000, 100_000)
    judge_small, judge_large = bench_judging(small), bench_judging(large)

    print(f"legal-move listing, {LISTING_MOVES} moves: {fast_ms:.3f} ms per call")
    print(f"  {naive_ms / fast_ms:.0f}x faster than the naive listing ({naive_ms:.1f} ms)")
    print(f"  target {TARGET_LISTING_MS} ms: {TARGET_LISTING_MS / fast_ms:.2f}x the target;")
    print(f"  {KNOWN_LISTING_MS / fast_ms:.2f}x the fastest known Python engine's figure")
    print(f"random 4-player games: {per_s:.0f} per CPU second")
    print(f"  target {TARGET_GAMES_PER_S:.0f}/s: {per_s / TARGET_GAMES_PER_S:.2f}x the target;")
    print(f"  {per_s / KNOWN_GAMES_PER_S:.2f}x the fastest known Python engine's figure")
    print(f"perft depth {depth} from a first play position: {nodes} nodes, {rate:,.0f} nodes/s")
    print(f"judging a legal reply of {large:,} moves: {judge_large:.1f} ms")
    ratio = judge_large / judge_small
    print(f"  {ratio:.0f}x the time for {small:,} moves ({large // small}x if linear)")
    checked, per_minute, everything = bench_verify(verify_depth)
    print(f"verify depth {verify_depth} from 2 play positions: {checked} nodes checked,")
    print(f"  {per_minute:,.0f} nodes per CPU minute; the same depth from every vector state")
    print(f"  is {everything:,} nodes, about {everything / per_minute:,.0f} CPU minutes")


if __name__ == "__main__":
    main()
