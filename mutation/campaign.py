"""``make mutation``: mutation adequacy of the vectors, with Cosmic Ray, on the rule modules.

Cosmic Ray (https://cosmic-ray.readthedocs.io) records every mutant of the chosen modules as an
independent work item in a session database and runs each through a *distributor*: ``local``
here, one at a time; another distributor plugin (a Dask one, say) can run the same session's
items elsewhere, since an item needs nothing but its mutation and the test command. Cosmic Ray
mutates the files it is given in place, so the campaign mutates a copy of ``scout_ref`` and
``spec`` under ``build/mutation/``, never the checkout.

The only test is :mod:`mutation.judge`: every vector judged against the mutated engine. A
mutant is killed when some vector fails (or the judge times out), survives when every vector
passes; survivors are either killed by new vectors or listed in ``mutation/equivalent.json``
with the reason no vector can tell them apart. The report (``mutation/report.json``) gives the
mutants, the killed, the survivors, each survivor's reason or ``unexplained``, and the score.

Operators: comparison, unary and boolean operators, numbers, ``True``/``False``, ``break`` and
``continue``, empty loops, and arithmetic between ``+``, ``-`` and ``*`` (the engine does no
bitwise, power or modular arithmetic, so those replacements would mostly be incompetent).
Decorator removal is left out: the only decorator on rule functions, ``@implements``, records
rule IDs for the docs and changes no behaviour.

``--sample N --seed S`` runs a reproducible sample of N mutants; ``--shard K/N`` runs every
N-th one from the K-th, so that shards on different machines cover the session between them;
``--jobs N`` runs the N shards at once, as jobs of :func:`scout_ref.analysis.distribute.map_jobs`
(local processes, or tasks of a Dask cluster with ``--scheduler``), and reports on all of them. Each
mutant is judged on its own, so the report is the same whatever the number of shards or jobs.

A run resumes: each shard keeps its session database (``build/mutation/shard-K-of-N``) with
what it has judged, and a later run with the same modules, operators, sample and engine
sources judges only the rest. When the vectors changed since (new cases to kill survivors),
the survivors are judged again; a kill stands, since the vectors only grow. ``--fresh``
discards the sessions.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cosmic_ray.commands.execute import execute
from cosmic_ray.commands.init import init
from cosmic_ray.config import ConfigDict, serialize_config
from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

from scout_ref.analysis.distribute import map_jobs

ROOT = Path(__file__).resolve().parents[1]
RULE_MODULES = (
    "components",
    "setup",
    "rotation",
    "turn",
    "notation",
    "combinations",
    "show",
    "scout",
    "scout_show",
    "round_end",
    "scoring",
    "game",
    "two_player",
    "variants",
)
"""The engine modules that enforce rules, by chapter (``@implements``); state and information
hold data and views, reachability only checks."""

OPERATORS = re.compile(
    r"core/(ReplaceComparisonOperator_.*|ReplaceUnaryOperator_.*|AddNot|ReplaceAndWithOr"
    r"|ReplaceOrWithAnd|NumberReplacer|ReplaceTrueWithFalse|ReplaceFalseWithTrue"
    r"|ReplaceBreakWithContinue|ReplaceContinueWithBreak|ZeroIterationForLoop"
    r"|ReplaceBinaryOperator_(Add|Sub|Mul)_(Add|Sub|Mul))$"
)
EQUIVALENT = ROOT / "mutation" / "equivalent.json"
REPORT = ROOT / "mutation" / "report.json"


def _copy(work: Path) -> Path:
    """A fresh copy of the engine and the spec under ``work``; the folder to import from."""
    src = work / "src"
    shutil.rmtree(src, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    shutil.copytree(ROOT / "scout_ref", src / "scout_ref", ignore=ignore)
    shutil.copytree(ROOT / "spec", src / "spec", ignore=ignore)
    return src


def _config(src: Path, modules: list[str], timeout: float) -> ConfigDict:
    config = ConfigDict()
    config["module-path"] = [str(src / "scout_ref" / f"{m}.py") for m in modules]
    config["timeout"] = timeout
    config["excluded-modules"] = []
    config["test-command"] = f"{sys.executable} {ROOT / 'mutation' / 'judge.py'}"
    config["distributor"] = ConfigDict(name="local")
    return config


def _key(item: Any) -> tuple[str, str, int]:
    m = item.mutations[0]
    return (Path(m.module_path).stem, m.operator_name, m.occurrence)


def _select(db: WorkDB, sample: int | None, seed: int, shard: tuple[int, int]) -> tuple[int, int]:
    """Skip the mutants outside the operators, the sample and the shard: how many the
    operators make, and how many remain to run."""
    items = sorted(db.pending_work_items, key=_key)
    chosen = [i for i in items if OPERATORS.match(i.mutations[0].operator_name)]
    eligible = len(chosen)
    if sample is not None and sample < len(chosen):
        chosen = sorted(random.Random(seed).sample(chosen, sample), key=_key)
    k, n = shard
    chosen = chosen[k::n]
    keep = {i.job_id for i in chosen}
    for item in items:
        if item.job_id not in keep:
            db.set_result(item.job_id, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
    return eligible, len(chosen)


def _line(module_path: str, line: int) -> str:
    return Path(module_path).read_text("utf-8").splitlines()[line - 1].strip()


def _equivalent() -> list[dict[str, str]]:
    return list(json.loads(EQUIVALENT.read_text("utf-8"))["equivalent"])


MATCHED = ("module", "definition", "operator", "line", "mutant")
"""What identifies a mutant across runs: not its position, which any edit above it shifts
(the function it lies in tells apart equal lines of two functions)."""


def _mutant(diff: str) -> str:
    """The mutated line, as the diff adds it."""
    added = [x[1:].strip() for x in diff.splitlines() if x.startswith("+") and x[1:2] != "+"]
    return added[0] if added else ""


def _reason(entry: dict[str, Any], known: list[dict[str, str]]) -> str:
    for e in known:
        if all(e[k] == entry[k] for k in MATCHED):
            return e["reason"]
    return "unexplained"


def _completed(sessions: list[Path]) -> list[tuple[Any, WorkResult]]:
    done: list[tuple[Any, WorkResult]] = []
    for path in sessions:
        with use_db(str(path), WorkDB.Mode.open) as db:
            done += db.completed_work_items
    return done


def summarize(sessions: list[Path]) -> dict[str, Any]:
    """The campaign's figures and every survivor, read from the sessions of its shards."""
    counts = {"killed": 0, "survived": 0, "incompetent": 0}
    survivors = []
    known = _equivalent()
    for item, result in _completed(sessions):
        if result.worker_outcome is not WorkerOutcome.NORMAL:
            continue
        m = item.mutations[0]
        outcome = result.test_outcome
        if outcome is TestOutcome.KILLED:
            counts["killed"] += 1
        elif outcome is TestOutcome.INCOMPETENT:
            counts["incompetent"] += 1
        else:
            counts["survived"] += 1
            entry = {
                "module": Path(m.module_path).stem,
                "operator": m.operator_name,
                "occurrence": m.occurrence,
                "start": list(m.start_pos),
                "line": _line(m.module_path, m.start_pos[0]),
                "definition": m.definition_name,
                "mutant": _mutant(result.diff or ""),
                "diff": re.sub(r"/\S*/src/scout_ref/", "/scout_ref/", result.diff or ""),
            }
            entry["reason"] = _reason(entry, known)
            survivors.append(entry)
    judged = counts["killed"] + counts["survived"]
    survivors.sort(key=lambda e: (e["module"], e["start"], e["operator"]))
    unexplained = [s for s in survivors if s["reason"] == "unexplained"]
    explained = len(survivors) - len(unexplained)
    return {
        "tool": "cosmic-ray 8",
        "mutants": judged + counts["incompetent"],
        **counts,
        "equivalent": explained,
        "unexplained": len(unexplained),
        "score": round(counts["killed"] / judged, 4) if judged else None,
        "score_without_equivalent": (
            round(counts["killed"] / (judged - explained), 4) if judged - explained else None
        ),
        "survivors": survivors,
    }


def _shard(text: str) -> tuple[int, int]:
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit() and 0 <= int(k) < int(n)):
        raise argparse.ArgumentTypeError("a shard is K/N with 0 <= K < N")
    return int(k), int(n)


def _digest(folder: Path, pattern: str) -> str:
    sha = hashlib.sha256()
    for path in sorted(folder.rglob(pattern)):
        sha.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()


def _identity(args: argparse.Namespace, modules: list[str]) -> dict[str, Any]:
    """What a session's results depend on, beside the vectors."""
    engine = hashlib.sha256()
    for m in modules:
        engine.update((ROOT / "scout_ref" / f"{m}.py").read_bytes())
    return {
        "modules": modules,
        "operators": OPERATORS.pattern,
        "sample": args.sample,
        "seed": args.seed,
        "shard": list(args.shard),
        "timeout": args.timeout,
        "engine": engine.hexdigest(),
        "judge": _digest(ROOT / "mutation", "judge.py"),
    }


def _forget_survivors(db_path: Path, db: WorkDB) -> int:
    """Drop the survivors' results, so that they are judged again; how many."""
    ids = [
        item.job_id
        for item, result in db.completed_work_items
        if result.worker_outcome is WorkerOutcome.NORMAL
        and result.test_outcome is TestOutcome.SURVIVED
    ]
    with sqlite3.connect(db_path) as con:
        con.executemany("DELETE FROM work_results WHERE job_id = ?", [(i,) for i in ids])
    return len(ids)


def run_shard(args: argparse.Namespace, modules: list[str]) -> Path:
    """Judge the pending mutants of one shard, resuming its session; the session's path."""
    work: Path = args.work / f"shard-{args.shard[0]}-of-{args.shard[1]}"
    db_path = work / "session.sqlite"
    state_path = work / "campaign.json"
    identity = _identity(args, modules)
    vectors = _digest(ROOT / "spec" / "vectors", "*.json")
    state = json.loads(state_path.read_text("utf-8")) if state_path.exists() else {}
    resume = not args.fresh and db_path.exists() and state.get("identity") == identity
    if not resume:
        shutil.rmtree(work, ignore_errors=True)
    src = _copy(work)  # fresh: an interrupted mutant may have left its file mutated
    config = _config(src, modules, args.timeout)
    (work / "config.toml").write_text(serialize_config(config), "utf-8")
    os.environ["PYTHONPATH"] = str(src)  # the judge imports the mutated copy
    with use_db(str(db_path), WorkDB.Mode.create) as db:
        if resume:
            again = _forget_survivors(db_path, db) if state.get("vectors") != vectors else 0
            total, eligible = state["total"], state["eligible"]
            selected = len(db.pending_work_items)
            print(f"resuming {work.name}: {selected} to judge ({again} survivors again)")
        else:
            init([Path(m) for m in config["module-path"]], db, {})
            total = db.num_work_items
            eligible, selected = _select(db, args.sample, args.seed, args.shard)
            print(
                f"{total} mutants in {len(modules)} modules, {eligible} by the chosen "
                f"operators; {work.name} judges {selected}",
                flush=True,
            )
        state = {"identity": identity, "vectors": vectors, "total": total, "eligible": eligible}
        state_path.write_text(json.dumps(state, indent=1) + "\n", "utf-8")
        execute(db, config)
    return db_path


def _run(command: list[str]) -> int:
    """One shard's run, as a job of :func:`~scout_ref.analysis.distribute.map_jobs`: its exit
    code."""
    return subprocess.run(command, check=False).returncode


def _run_jobs(args: argparse.Namespace, modules: list[str]) -> list[Path]:
    """Each shard in its own process (on a Dask cluster with ``--scheduler``), all
    ``args.jobs`` at once; their sessions' paths."""
    n = args.jobs
    common = ["--modules", ",".join(modules), "--seed", str(args.seed)]
    common += ["--timeout", str(args.timeout), "--work", str(args.work), "--no-report"]
    common += ["--sample", str(args.sample)] if args.sample is not None else []
    common += ["--fresh"] if args.fresh else []
    commands = [[sys.executable, __file__, *common, "--shard", f"{k}/{n}"] for k in range(n)]
    codes = list(map_jobs(_run, commands, jobs=n, scheduler=args.scheduler))
    if any(codes):
        raise SystemExit(f"a shard failed: exit codes {codes}")
    return [args.work / f"shard-{k}-of-{n}" / "session.sqlite" for k in range(n)]


def main(argv: list[str] | None = None) -> int:
    """Run the campaign; exit 1 if a survivor is unexplained."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--modules", default=",".join(RULE_MODULES), help="comma-separated stems")
    p.add_argument("--sample", type=int, help="run only this many mutants, drawn with --seed")
    p.add_argument("--seed", type=int, default=18)
    p.add_argument("--shard", type=_shard, default=(0, 1), metavar="K/N")
    p.add_argument("--jobs", type=int, default=1, help="run the shards K/JOBS as local processes")
    p.add_argument(
        "--scheduler",
        help="a Dask scheduler's address: each shard of --jobs is a task there (its workers"
        " must see this checkout at the same path)",
    )
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per mutant")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "mutation")
    p.add_argument("--report", type=Path, default=REPORT)
    p.add_argument("--fresh", action="store_true", help="discard the sessions of earlier runs")
    p.add_argument("--no-report", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    modules = [m for m in args.modules.split(",") if m]
    unknown = sorted(set(modules) - set(RULE_MODULES))
    if unknown:
        p.error(f"not rule modules: {unknown}")
    if args.jobs < 1 or (args.jobs > 1 and args.shard != (0, 1)):
        p.error("--jobs N is at least 1 and runs the shards itself (no --shard)")
    started = time.monotonic()
    sessions = _run_jobs(args, modules) if args.jobs > 1 else [run_shard(args, modules)]
    if args.no_report:
        return 0
    states = [json.loads((s.parent / "campaign.json").read_text("utf-8")) for s in sessions]
    report = summarize(sessions)
    report |= {
        "modules": modules,
        "operators": OPERATORS.pattern,
        "session_mutants": states[0]["total"],
        "eligible": states[0]["eligible"],
        "sample": args.sample,
        "seed": args.seed,
        "shards": len(sessions) if args.jobs > 1 else f"{args.shard[0]}/{args.shard[1]}",
        "seconds": round(time.monotonic() - started),
    }
    args.report.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    print(
        f"{report['mutants']} mutants: {report['killed']} killed, {report['survived']} survived "
        f"({report['equivalent']} equivalent, {report['unexplained']} unexplained), "
        f"{report['incompetent']} incompetent; score {report['score']}"
    )
    return 1 if report["unexplained"] else 0


if __name__ == "__main__":
    sys.exit(main())
