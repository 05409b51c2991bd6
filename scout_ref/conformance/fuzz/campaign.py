"""Fuzz games spread over a Dask cluster: ``scout-ref conform --fuzz N --scheduler ADDRESS``.

The games are cut by seed into fixed chunks of :data:`CHUNK` (never by the number of workers);
each chunk is one task that starts its own adapter, plays its games as :func:`fuzz.fuzz_game`
does in one process, and returns their results, gathered in game order. A task cannot know the
departures of earlier chunks, so it explains every failing game in full and returns the
signature of its first departure; gathering, in game order, then does what one process does: a
game whose signature an earlier game had is cut to one line and its saved vectors are dropped
(deleted when the findings folder is shared, as on one machine). So the report is the same for
any number of workers, and the same as without a cluster.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from scout_ref.analysis.distribute import map_jobs
from scout_ref.conformance.fuzz.disagreements import Signature, repeat_text
from scout_ref.conformance.fuzz.games import fuzz_game, player_counts
from scout_ref.conformance.fuzz.numbering import chosen_games, fuzz_players
from scout_ref.conformance.model.kinds import Strictness
from scout_ref.conformance.model.outcomes import CaseResult, Finding, Outcome
from scout_ref.conformance.process.adapter import Adapter, Limits
from scout_ref.conformance.process.context import Context

CHUNK = 4
"""Games per task: enough to pay for starting an adapter, few enough to spread."""


@dataclass(frozen=True)
class FuzzChunk:
    """What a worker needs to play some fuzz games on an adapter of its own (it pickles)."""

    command: tuple[str, ...]
    limits: Limits
    strictness: Strictness
    findings_dir: Path | None
    counts: tuple[int, ...]
    seed: int
    own_deal: bool = False
    """Whether the adapter deals the games' rounds (``--fuzz-deal adapter``)."""

    def __call__(self, games: Sequence[int]) -> list[Played]:
        """Play games number ``games`` of the campaign, each explained in full."""
        ctx = Context(Adapter(self.command, self.limits), self.strictness, self.findings_dir)
        out = []
        try:
            for k in games:
                before = len(ctx.findings)
                first = _Recorder()
                game = fuzz_players(self.counts, self.seed, k)
                result = fuzz_game(ctx, *game, first, own_deal=self.own_deal)
                out.append(Played(result, first.signature, ctx.findings[before:]))
        finally:
            ctx.adapter.close()
        return out


@dataclass(frozen=True)
class Played:
    """One game played by a task: its result, its first departure's signature (None if it
    passed), and the vectors it saved."""

    result: CaseResult
    signature: Signature | None
    findings: list[Finding]


class _Recorder(dict[Signature, str]):
    """A ``seen`` for :func:`fuzz_game` that has seen nothing and keeps the signature asked."""

    signature: Signature | None = None

    def setdefault(self, key: Signature, default: str) -> str:
        self.signature = key
        return default


def _repeat(played: Played, first: str) -> Played:
    """``played`` as one process reports a game whose departure ``first`` already showed."""
    assert played.result.departures, "a failed fuzz game keeps its departures"
    for finding in played.findings:
        finding.path.unlink(missing_ok=True)
    result = replace(played.result, message=repeat_text(played.result.departures, first))
    return Played(result, played.signature, [])


def fuzz_on_cluster(
    ctx: Context,
    games: int,
    seed: int,
    scheduler: str,
    out: list[CaseResult],
    *,
    ids: Sequence[str] = (),
    own_deal: bool = False,
) -> None:
    """The fuzz games of :func:`fuzz.fuzz` (those ``ids`` selects, dealt by the adapter with
    ``own_deal``), played on the cluster at ``scheduler``; results are appended to ``out`` in
    game order and saved vectors to ``ctx.findings``."""
    counts = player_counts(ctx)
    argv, limits = tuple(ctx.adapter.argv), ctx.adapter.limits
    job = FuzzChunk(argv, limits, ctx.strictness, ctx.findings_dir, counts, seed, own_deal)
    picked = chosen_games(counts, games, seed, ids)
    chunks = [picked[k : k + CHUNK] for k in range(0, len(picked), CHUNK)]
    seen: dict[Signature, str] = {}
    for played_chunk in map_jobs(job, chunks, scheduler=scheduler):
        for game in played_chunk:
            played = game
            if game.signature is not None and game.result.outcome is Outcome.FAILED:
                first = seen.setdefault(game.signature, game.result.case.id)
                if first != game.result.case.id:
                    played = _repeat(game, first)
            out.append(played.result)
            ctx.findings += played.findings
