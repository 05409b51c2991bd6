"""The reference adapter, slowed down: it waits ``DELAY`` seconds before each reply.

It stands for an engine that answers slowly (a remote service, a heavy engine) so that
``benchmarks/conform_jobs.py`` can measure what ``conform --jobs`` gains. Sleeping uses no
CPU, so the figure shows the overlap of waiting, not the machine's core count.

Usage: ``python benchmarks/slow_adapter.py [SECONDS]`` (default 0.02).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from typing import IO

from scout_ref.conformance.oracle.server import serve

DELAY = 0.02


class SlowLines:
    """Standard input whose every line arrives ``delay`` seconds late (hello included)."""

    def __init__(self, stream: IO[str], delay: float) -> None:
        self.stream = stream
        self.delay = delay

    def __iter__(self) -> Iterator[str]:
        for line in self.stream:
            time.sleep(self.delay)
            yield line


if __name__ == "__main__":
    delay = float(sys.argv[1]) if len(sys.argv) > 1 else DELAY
    sys.exit(serve(SlowLines(sys.stdin, delay), sys.stdout))  # type: ignore[arg-type]
