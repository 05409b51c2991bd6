"""This checkout against an earlier commit, side by side in one run: ``make bench-baseline``.

``python benchmarks/baseline.py [--rev aaba41a] [--compiled .venv-compiled/bin/python]``
exports the commit with ``git archive`` into ``.bench/<rev>/src`` and, given the compiled
build's interpreter, compiles it there with mypyc (``SCOUT_REF_MYPYC=1 pip install --target``)
into ``.bench/<rev>/compiled``; both are kept for the next run. Then each build, old and new,
pure and compiled, is measured in a process of its own, alternately, best of ``--rounds``:

- random play: moves per CPU second over whole random 4-player games (uniform choice), and
- verify: nodes checked per CPU second from the fixed positions of
  ``benchmarks/verify_positions.py`` (reached by seeded play, made here and handed to every
  build as state JSON), to depth 1, each build with its own default checks (issue 22 samples
  the costliest ones; ``scout-ref verify --sample 1`` checks every well-formed move). Both
  builds must walk the same positions and count the same nodes, or the run stops: until
  issue 22 each build walked "the vectors' first 2- and 5-player play positions" of its own
  commit, so the comparison changed whenever the vectors did.

The old build is imported from its folder put first on ``PYTHONPATH``; the interpreter and the
libraries are this checkout's. Figures are CPU time of the measuring process alone
(``time.process_time``; no child processes), since the machine is shared, and each is taken
over at least ``--least`` CPU seconds (the work repeated), so a fast build is timed as long as
a slow one. The load average is printed before and after. Nothing is asserted.
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

from verify_positions import DEPTH, positions_json

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / ".bench"

PROBE = """
import json, sys, time
try:  # the layered package (issue 32)
    import scout_ref.engine.turn as turn
    from scout_ref.formats.state_json import state_digest, state_from_json
    from scout_ref.analysis.simulation import random_game
    from scout_ref.checks.verify import verify_root
except ImportError:  # a commit from before it, such as the baseline
    import scout_ref.turn as turn
    from scout_ref._serialize import state_digest, state_from_json
    from scout_ref.simulation import random_game
    from scout_ref.verify import verify_root
games, depth, least = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
with open(sys.argv[4], encoding="utf-8") as file:
    roots = [state_from_json(data) for data in json.load(file)]
moves, start, seed = 0, time.process_time(), 0
while seed < games or time.process_time() - start < least:
    moves += sum(len(r.moves) for r in random_game(4, seed=seed).rounds)
    seed += 1
play = moves / (time.process_time() - start)
nodes, start, passes, found = 0, time.process_time(), [], 0
while not passes or time.process_time() - start < least:
    tallies = [verify_root(root, depth) for root in roots]
    passes.append(sum(t.nodes for t in tallies))
    found += sum(len(t.counterexamples) for t in tallies)
check = sum(passes) / (time.process_time() - start)
print(json.dumps({
    "file": turn.__file__, "moves_per_s": play, "nodes_per_s": check,
    "nodes": passes[0], "digests": [state_digest(root) for root in roots], "problems": found,
}))
"""
"""Random games (at least ``games``) and then verify from the positions in the file
``argv[4]``, each repeated until it has used ``least`` CPU seconds, so a fast build is timed
over as long a stretch as a slow one; the nodes of one pass and the positions' digests tell
that every build walked the same trees."""


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
    python: str, path: Path | None, games: int, depth: int, *, least: float, roots: Path
) -> dict[str, object]:
    """The probe's figures for the build ``python`` imports (``path`` put first)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    command = [python, "-c", PROBE, str(games), str(depth), str(least), str(roots)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=BENCH, check=False)
    if done.returncode != 0:
        raise SystemExit(f"error: the probe failed for {python} {path or ''}:\n{done.stderr}")
    figures: dict[str, object] = json.loads(done.stdout)
    return figures


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes), for the record."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    """Build the old commit if needed, measure the four builds and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rev", default="aaba41a", help="the commit to compare with")
    parser.add_argument("--compiled", metavar="PYTHON", help="interpreter of the compiled build")
    parser.add_argument("--games", type=int, default=20, help="random games per measure")
    parser.add_argument("--depth", type=int, default=DEPTH, help="verify depth")
    parser.add_argument("--rounds", type=int, default=2, help="measures per build (best kept)")
    parser.add_argument("--least", type=float, default=2.0, help="CPU seconds per figure, at least")
    args = parser.parse_args()
    src = export(args.rev)
    compiled = str(Path(args.compiled).absolute()) if args.compiled else None  # run from .bench
    builds = {"pure": [(args.rev, sys.executable, src), ("now", sys.executable, None)]}
    if compiled:
        old = compile_rev(args.rev, src, compiled)
        builds["compiled"] = [(args.rev, compiled, old), ("now", compiled, None)]
    roots = BENCH / "verify-positions.json"
    starts = positions_json()
    roots.write_text(json.dumps(starts), encoding="utf-8")
    print(f"load average before: {load()}")
    walked: set[tuple[object, ...]] = set()
    for build, pair in builds.items():
        best: dict[str, dict[str, float]] = {}
        for _ in range(args.rounds):  # alternate, so both see the same machine load
            for name, python, path in pair:
                got = measure(python, path, args.games, args.depth, least=args.least, roots=roots)
                walked.add((json.dumps(got["digests"]), got["nodes"]))
                if len(walked) > 1 or got["problems"]:
                    raise SystemExit(f"error: {build} {name} walked other trees or found problems")
                was = best.setdefault(name, {})
                for key in ("moves_per_s", "nodes_per_s"):
                    value = got[key]
                    assert isinstance(value, float), key
                    was[key] = max(was.get(key, 0.0), value)
        old_f, new_f = best[args.rev], best["now"]
        for key, label in (("moves_per_s", "random-play moves"), ("nodes_per_s", "verify nodes")):
            print(
                f"{build:8} {label:18} per CPU s: {args.rev} {old_f[key]:10,.0f}  "
                f"now {new_f[key]:10,.0f}  {new_f[key] / old_f[key]:6.2f}x"
            )
    ((_, nodes),) = walked
    print(f"verify: {len(starts)} positions, depth {args.depth}, {nodes} nodes a pass")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
