"""This checkout against an earlier commit, side by side in one run: ``make bench-baseline``.

``python benchmarks/baseline.py [--rev aaba41a] [--compiled .venv-compiled/bin/python]``
exports the commit with ``git archive`` into ``.bench/<rev>/src`` and, given the compiled
build's interpreter, compiles it there with mypyc (``SCOUT_REF_MYPYC=1 pip install --target``)
into ``.bench/<rev>/compiled``; both are kept for the next run. Then each build, old and new,
pure and compiled, is measured in a process of its own, alternately, best of ``--rounds``:

- random play: moves per CPU second over whole random 4-player games (uniform choice), and
- verify: nodes checked per CPU second at depth 2 from the vectors' first 2- and 5-player play
  positions, each build with its own default checks (issue 22 samples the costliest ones;
  ``scout-ref verify --sample 1`` checks every well-formed move).

The old build is imported from its folder put first on ``PYTHONPATH``; the interpreter and the
libraries are this checkout's. Figures are CPU time (``time.process_time``), since the machine
is shared, and each is taken over at least ``--least`` CPU seconds (the work repeated), so a
fast build is timed as long as a slow one. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / ".bench"

PROBE = """
import json, sys, time
import scout_ref.turn
from scout_ref.simulation import random_game
from scout_ref.state import Phase
from scout_ref.verify import vector_states, verify_root
games, depth, least = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
moves, start, seed = 0, time.process_time(), 0
while seed < games or time.process_time() - start < least:
    moves += sum(len(r.moves) for r in random_game(4, seed=seed).rounds)
    seed += 1
play = moves / (time.process_time() - start)
states = vector_states()
roots = [next(s for s in states if s.players == n and s.phase is Phase.PLAY) for n in (2, 5)]
nodes, start, runs = 0, time.process_time(), 0
while runs < 1 or time.process_time() - start < least:
    nodes += sum(verify_root(root, depth).nodes for root in roots)
    runs += 1
check = nodes / (time.process_time() - start)
print(json.dumps({"file": scout_ref.turn.__file__, "moves_per_s": play, "nodes_per_s": check}))
"""
"""Random games (at least ``games``) and then the same verify, each repeated until it has used
``least`` CPU seconds, so a fast build is timed over as long a stretch as a slow one."""


def export(rev: str) -> Path:
    """The source of ``rev``, exported once into ``.bench/<rev>/src``."""
    src = BENCH / rev / "src"
    if not (src / "pyproject.toml").exists():
        data = subprocess.run(
            ["git", "archive", "--format=tar", rev], cwd=REPO, capture_output=True, check=True
        ).stdout
        src.mkdir(parents=True, exist_ok=True)
        with tarfile.open(fileobj=BytesIO(data)) as archive:
            archive.extractall(src, filter="data")
    return src


def compile_rev(rev: str, src: Path, python: str) -> Path:
    """``rev`` compiled with mypyc by the compiled build's interpreter, once."""
    target = BENCH / rev / "compiled"
    if not (target / "scout_ref").exists():
        env = {**os.environ, "SCOUT_REF_MYPYC": "1"}
        command = [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation"]
        subprocess.run([*command, "--target", str(target), str(src)], env=env, check=True)
    return target


def measure(
    python: str, path: Path | None, games: int, depth: int, least: float = 2.0
) -> dict[str, float]:
    """The probe's figures for the build ``python`` imports (``path`` put first)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    command = [python, "-c", PROBE, str(games), str(depth), str(least)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=BENCH, check=True)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main() -> None:
    """Build the old commit if needed, measure the four builds and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rev", default="aaba41a", help="the commit to compare with")
    parser.add_argument("--compiled", metavar="PYTHON", help="interpreter of the compiled build")
    parser.add_argument("--games", type=int, default=20, help="random games per measure")
    parser.add_argument("--depth", type=int, default=2, help="verify depth")
    parser.add_argument("--rounds", type=int, default=2, help="measures per build (best kept)")
    parser.add_argument("--least", type=float, default=2.0, help="CPU seconds per figure, at least")
    args = parser.parse_args()
    src = export(args.rev)
    compiled = str(Path(args.compiled).absolute()) if args.compiled else None  # run from .bench
    builds = {"pure": [(args.rev, sys.executable, src), ("now", sys.executable, None)]}
    if compiled:
        old = compile_rev(args.rev, src, compiled)
        builds["compiled"] = [(args.rev, compiled, old), ("now", compiled, None)]
    for build, pair in builds.items():
        best: dict[str, dict[str, float]] = {}
        for _ in range(args.rounds):  # alternate, so both see the same machine load
            for name, python, path in pair:
                got = measure(python, path, args.games, args.depth, args.least)
                was = best.setdefault(name, got)
                for key in ("moves_per_s", "nodes_per_s"):
                    was[key] = max(was[key], got[key])
        old_f, new_f = best[args.rev], best["now"]
        for key, label in (("moves_per_s", "random-play moves"), ("nodes_per_s", "verify nodes")):
            print(
                f"{build:8} {label:18} per CPU s: {args.rev} {old_f[key]:10,.0f}  "
                f"now {new_f[key]:10,.0f}  {new_f[key] / old_f[key]:6.2f}x"
            )


if __name__ == "__main__":
    main()
