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
N-th one from the K-th, so that shards on different machines cover the session between them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import sys
import time
from pathlib import Path
from typing import Any

from cosmic_ray.commands.execute import execute
from cosmic_ray.commands.init import init
from cosmic_ray.config import ConfigDict, serialize_config
from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult

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


MATCHED = ("module", "operator", "line", "mutant")
"""What identifies a mutant across runs: not its position, which any edit above it shifts."""


def _mutant(diff: str) -> str:
    """The mutated line, as the diff adds it."""
    added = [x[1:].strip() for x in diff.splitlines() if x.startswith("+") and x[1:2] != "+"]
    return added[0] if added else ""


def _reason(entry: dict[str, Any], known: list[dict[str, str]]) -> str:
    for e in known:
        if all(e[k] == entry[k] for k in MATCHED):
            return e["reason"]
    return "unexplained"


def summarize(db: WorkDB, src: Path) -> dict[str, Any]:
    """The campaign's figures and every survivor, read from the session."""
    counts = {"killed": 0, "survived": 0, "incompetent": 0}
    survivors = []
    known = _equivalent()
    for item, result in db.completed_work_items:
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
                "diff": result.diff,
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


def main(argv: list[str] | None = None) -> int:
    """Run the campaign; exit 1 if a survivor is unexplained."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--modules", default=",".join(RULE_MODULES), help="comma-separated stems")
    p.add_argument("--sample", type=int, help="run only this many mutants, drawn with --seed")
    p.add_argument("--seed", type=int, default=18)
    p.add_argument("--shard", type=_shard, default=(0, 1), metavar="K/N")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per mutant")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "mutation")
    p.add_argument("--report", type=Path, default=REPORT)
    args = p.parse_args(argv)
    modules = [m for m in args.modules.split(",") if m]
    unknown = sorted(set(modules) - set(RULE_MODULES))
    if unknown:
        p.error(f"not rule modules: {unknown}")
    work = args.work / f"shard-{args.shard[0]}-of-{args.shard[1]}"
    src = _copy(work)
    config = _config(src, modules, args.timeout)
    (work / "config.toml").write_text(serialize_config(config), "utf-8")
    os.environ["PYTHONPATH"] = str(src)  # the judge imports the mutated copy
    started = time.monotonic()
    with use_db(str(work / "session.sqlite"), WorkDB.Mode.create) as db:
        init([Path(m) for m in config["module-path"]], db, {})
        total = db.num_work_items
        eligible, selected = _select(db, args.sample, args.seed, args.shard)
        print(
            f"{total} mutants in {len(modules)} modules, {eligible} by the chosen operators; "
            f"running {selected}",
            flush=True,
        )
        execute(db, config)
        report = summarize(db, src)
    report |= {
        "modules": modules,
        "operators": OPERATORS.pattern,
        "session_mutants": total,
        "eligible": eligible,
        "sample": args.sample,
        "seed": args.seed,
        "shard": f"{args.shard[0]}/{args.shard[1]}",
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
