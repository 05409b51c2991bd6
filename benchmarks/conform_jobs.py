"""What ``scout-ref conform --jobs N`` gains against a slow adapter: ``make bench-jobs``.

Runs the same selection of cases with ``--jobs 1`` and ``--jobs 4`` against
``benchmarks/slow_adapter.py`` (20 ms per reply by default), checks that the two reports are
identical, and prints the wall-clock times and the speed-up as a ratio of the same run. Nothing
is asserted about speed: it is measured here, never in tests.

Usage: ``python benchmarks/conform_jobs.py [--delay SECONDS] [--jobs N] [--all | --quick]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(jobs: int, delay: float, select: list[str], out: Path) -> tuple[float, dict[str, object]]:
    """Wall-clock seconds of one conform run, and its report without the adapter command."""
    adapter = f"{sys.executable} {HERE / 'slow_adapter.py'} {delay}"
    argv = [sys.executable, "-m", "scout_ref", "conform", "--quiet", "--jobs", str(jobs)]
    argv += ["--adapter", adapter, "--report", str(out), *select]
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"conform --jobs {jobs} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    return seconds, report


def main() -> int:
    """Measure --jobs 1 against --jobs N and print the speed-up."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--delay", type=float, default=0.02, help="seconds per reply")
    parser.add_argument("--jobs", type=int, default=4, help="the parallel run's --jobs")
    parser.add_argument(
        "--all",
        action="store_true",
        help="every case (default: the cases of chapters SHOW and SCOUT, a few thousand requests)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a handful of cases, to check the script works"
    )
    args = parser.parse_args()
    select = [] if args.all else ["--rule", "SC-SHOW-*", "--rule", "SC-SCOUT-*"]
    if args.quick:
        select = ["--rule", "SC-SET-05", "--kind", "legal", "--kind", "reject"]
    with tempfile.TemporaryDirectory() as tmp:
        one, report_one = run(1, args.delay, select, Path(tmp) / "one")
        many, report_many = run(args.jobs, args.delay, select, Path(tmp) / "many")
    cases = len(report_one["cases"])  # type: ignore[arg-type]
    same = report_one == report_many
    print(f"{cases} cases, adapter replies after {args.delay * 1000:g} ms")
    print(f"--jobs 1: {one:.2f} s")
    print(f"--jobs {args.jobs}: {many:.2f} s")
    print(f"speed-up: {one / many:.2f}x; reports identical: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
