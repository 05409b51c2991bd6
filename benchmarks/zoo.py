"""How exactly the runner names the broken rule: ``make zoo`` (or ``python benchmarks/zoo.py``).

Runs ``scout-ref conform`` against every wrong engine of ``tests/adapters`` (each breaks the
rules it declares in ``BREAKS``) and against the reference, then prints, per engine, the rules
reported nonconformant, and overall the share *named exactly* (a non-empty subset of the broken
rules), how many engines had their rule missed, and the mean number of rules named. Nothing is
asserted here; ``tests/test_conformance_teeth.py`` holds the assertions (``make sweep``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.adapters import zoo  # noqa: E402 - the repository root must be importable first


def named(adapter: str | None, extra: list[str]) -> tuple[list[str], list[str]]:
    """The rules a conform run reports nonconformant, and those not conformant at all."""
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "scout_ref", "conform", "--report", tmp, *extra]
        command += ["--save", str(Path(tmp) / "found")]
        if adapter is not None:
            command += ["--adapter", f"{sys.executable} -m tests.adapters.{adapter}"]
        env = os.environ | {"PYTHONPATH": str(REPO)}
        subprocess.run(command, capture_output=True, check=False, env=env, cwd=REPO)
        report = json.loads((Path(tmp) / "report.json").read_text("utf-8"))
    rules = report["rules"]
    bad = [r["id"] for r in rules if r["verdict"] == "nonconformant"]
    others = [r["id"] for r in rules if r["verdict"] not in ("conformant", "not_applicable")]
    return bad, others


def main() -> int:
    """Measure the zoo and print one line per engine, then the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="engines judged at once (default 2)")
    parser.add_argument("--fuzz", type=int, default=0, help="also fuzz N games per engine")
    parser.add_argument("names", nargs="*", help="only these wrong engines (default: all)")
    args = parser.parse_args()
    extra = ["--fuzz", str(args.fuzz)] if args.fuzz else []
    engines = [e for e in zoo() if not args.names or e[0] in args.names]
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        runs = list(pool.map(lambda e: named(e[0], extra), engines))
        reference = named(None, extra)[1]
    exact = missed = total = 0
    for (name, breaks), (bad, _) in zip(engines, runs, strict=True):
        ok = bool(bad) and set(bad) <= set(breaks)
        exact += ok
        missed += not set(bad) & set(breaks)
        total += len(bad)
        mark = "exact" if ok else ("MISSED" if not set(bad) & set(breaks) else "extra")
        print(f"{mark:6} {name:36} breaks {', '.join(breaks):24} named {', '.join(bad) or '-'}")
    n = len(engines)
    print(f"reference: {reference or 'conformant on every rule'}")
    share = f"{exact}/{n} = {exact / n:.0%} named exactly"
    print(f"{n} wrong engines: {share}, {missed} missed, mean rules named {total / n:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
