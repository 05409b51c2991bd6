"""What a Dask cluster gains on ``verify``: ``python benchmarks/cluster.py [--depth K]``.

Starts a scheduler and 1, then 2, workers on this machine (:func:`local_cluster`) and runs the
same verify on each, after one run in this process without a cluster; prints nodes per wall
second and the speed-up over the one-worker cluster. On a machine whose cores other work shares,
the speed-up per worker is bounded by the cores actually free: say so with the figures.
"""

from __future__ import annotations

import argparse
import time

from scout_ref.analysis.distribute import local_cluster
from scout_ref.checks.verify import vector_states, verify
from scout_ref.engine.state import State


def timed(roots: list[State], depth: int, scheduler: str | None) -> tuple[int, float, float]:
    """Nodes checked, wall seconds and CPU seconds (summed over the workers)."""
    started = time.perf_counter()
    tallies = list(verify(roots, depth, scheduler=scheduler))
    wall = time.perf_counter() - started
    return sum(t.nodes for t in tallies), wall, sum(t.seconds for t in tallies)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--roots", type=int, default=8, help="starting positions (vector states)")
    parser.add_argument("--workers", type=int, default=2, help="largest cluster to try")
    args = parser.parse_args()
    states = vector_states()
    roots = states[:: max(1, len(states) // args.roots)][: args.roots]
    nodes, wall, cpu = timed(roots, args.depth, None)
    print(f"depth {args.depth} from {len(roots)} positions: {nodes} nodes")
    print(f"one process, no cluster: {nodes / wall:8.0f} nodes/s wall ({cpu:.1f} CPU s)")
    base = 0.0
    for workers in range(1, args.workers + 1):
        with local_cluster(workers) as address:
            found, wall, cpu = timed(roots, args.depth, address)
        assert found == nodes, "a cluster run checked other nodes"
        rate = nodes / wall
        base = base or rate
        print(
            f"{workers} worker(s): {rate:8.0f} nodes/s wall ({cpu:.1f} CPU s), "
            f"{rate / base:.2f}x one worker"
        )


if __name__ == "__main__":
    main()
