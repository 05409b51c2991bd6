"""Fuzz games spread over a Dask cluster: ``scout-ref conform --fuzz N --scheduler ADDRESS``.

The games are cut by seed into fixed chunks of :data:`CHUNK` (never by the number of workers);
each chunk is one task that starts its own adapter, plays its games as :func:`fuzz.fuzz_game`
does in one process, and returns their results, gathered in game order. So the report is the
same for any number of workers, and the same as without a cluster.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scout_ref.conformance.fuzz import fuzz_game, fuzz_players
from scout_ref.conformance.outcomes import CaseResult, Context, Finding
from scout_ref.conformance.process import Adapter, Limits
from scout_ref.distribute import map_jobs

CHUNK = 4
"""Games per task: enough to pay for starting an adapter, few enough to spread."""


@dataclass(frozen=True)
class FuzzChunk:
    """What a worker needs to play some fuzz games on an adapter of its own (it pickles)."""

    command: tuple[str, ...]
    limits: Limits
    strictness: str
    findings_dir: Path | None
    counts: tuple[int, ...]
    seed: int

    def __call__(self, games: Sequence[int]) -> tuple[list[CaseResult], list[Finding]]:
        """Play games number ``games`` of the campaign; their results and the vectors saved."""
        ctx = Context(Adapter(self.command, self.limits), self.strictness, self.findings_dir)
        try:
            results = [fuzz_game(ctx, *fuzz_players(self.counts, self.seed, k)) for k in games]
        finally:
            ctx.adapter.close()
        return results, ctx.findings


def fuzz_on_cluster(
    ctx: Context, games: int, seed: int, scheduler: str, out: list[CaseResult]
) -> None:
    """The fuzz games of :func:`fuzz.fuzz`, played on the cluster at ``scheduler``; results are
    appended to ``out`` in game order and saved vectors to ``ctx.findings``."""
    hello = ctx.adapter.hello
    job = FuzzChunk(
        tuple(ctx.adapter.argv),
        ctx.adapter.limits,
        ctx.strictness,
        ctx.findings_dir,
        tuple(sorted(hello.capabilities.players) if hello else [2, 3, 4, 5]),
        seed,
    )
    chunks = [range(k, min(k + CHUNK, games)) for k in range(0, games, CHUNK)]
    for results, findings in map_jobs(job, chunks, scheduler=scheduler):
        out += results
        ctx.findings += findings
