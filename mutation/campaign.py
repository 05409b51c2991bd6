"""``make mutation``: mutation adequacy of the vectors, with Cosmic Ray, on the rule modules.

Cosmic Ray (https://cosmic-ray.readthedocs.io) records every mutant of the chosen modules as an
independent work item in a session database, marks the ones to leave out as skipped with its
filters, and runs the rest through a *distributor*. Everything here is Cosmic Ray's own
machinery, driven from Python:

* the operators are chosen by its ``operators-filter`` (:data:`EXCLUDED_OPERATORS` in the
  session's ``config.toml``): comparison, unary and boolean operators, numbers, ``True`` and
  ``False``, ``break`` and ``continue``, empty loops, and arithmetic between ``+``, ``-`` and
  ``*`` are kept. The engine does no bitwise, power or modular arithmetic, so those
  replacements would mostly be incompetent; decorator removal is left out, since the only
  decorator on rule functions, ``@implements``, records rule IDs and changes no behaviour;
* ``--sample N --seed S`` skips all but a reproducible sample of N of those mutants, as its
  filters skip (a skipped result, never a deleted row);
* ``--jobs 1`` runs the mutants one at a time with its ``local`` distributor; ``--jobs N``
  starts N of its HTTP workers on this machine (:func:`serve`), each in its own copy of the
  package, and runs the session with its ``http`` distributor; ``--worker URL`` sends the
  mutants to workers started elsewhere instead (``mutation/campaign.py --serve PORT --host
  0.0.0.0`` on each machine, in a checkout at the same path with the same environment).

Cosmic Ray mutates the files it is given in place, so the mutants are made in copies of
``scout_ref``, ``spec`` and the judge under ``build/mutation/``, never in the checkout; the
session names each module by its path inside a copy (``scout_ref/engine/<m>.py``), and each
worker mutates the copy it runs in.

The only test is :mod:`mutation.judge`: every vector judged against the mutated engine. A
mutant is killed when some vector fails (or the judge times out), survives when every vector
passes; survivors are either killed by new vectors or listed in ``mutation/equivalent.json``
with the reason no vector can tell them apart. The report (``mutation/report.json``) gives the
mutants, the killed, the survivors, each survivor's reason or ``unexplained``, and the score.

A run resumes: each run makes its session afresh and takes over what the last session with the
same modules, operators, sample, timeout, package sources and judge found. A kill stands, since
the vectors only grow; a survivor stands only while the vectors are the same, and is judged
again once they change (new cases to kill survivors). ``--fresh`` takes nothing over.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.metadata
import json
import random
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from aiohttp import web
from cosmic_ray.commands.execute import execute
from cosmic_ray.commands.init import init
from cosmic_ray.config import ConfigDict, serialize_config
from cosmic_ray.distribution.http import handle_mutate_and_test
from cosmic_ray.tools.filters import operators_filter
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

_UNUSED_ARITHMETIC = "(BitAnd|BitOr|BitXor|Div|FloorDiv|LShift|Mod|Pow|RShift)"
EXCLUDED_OPERATORS = (
    "core/ExceptionReplacer$",
    "core/RemoveDecorator$",
    "core/VariableInserter$",
    "core/VariableReplacer$",
    f"core/ReplaceBinaryOperator_{_UNUSED_ARITHMETIC}_",
    f"core/ReplaceBinaryOperator_[A-Za-z]+_{_UNUSED_ARITHMETIC}$",
)
"""What Cosmic Ray's operators filter leaves out (regular expressions matched at the start of
an operator's name)."""

EQUIVALENT = ROOT / "mutation" / "equivalent.json"
REPORT = ROOT / "mutation" / "report.json"
COPIED = ("scout_ref", "spec", "mutation/__init__.py", "mutation/judge.py")
"""What a copy holds: the engine, the vectors, and the judge (``python -m mutation.judge``)."""


def module_path(stem: str) -> str:
    """A rule module's path inside a copy, as the session names it."""
    return f"scout_ref/engine/{stem}.py"


def copy_sources(dest: Path) -> Path:
    """A fresh copy of :data:`COPIED` at ``dest`` (an interrupted mutant may have left its
    file mutated in the last copy)."""
    shutil.rmtree(dest, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    for name in COPIED:
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, dest / name, ignore=ignore)
        else:
            shutil.copy(ROOT / name, dest / name)
    return dest


def make_config(modules: list[str], timeout: float, workers: list[str]) -> ConfigDict:
    """The session's configuration: the local distributor, or the http one with ``workers``."""
    config = ConfigDict()
    config["module-path"] = [module_path(m) for m in modules]
    config["timeout"] = timeout
    config["excluded-modules"] = []
    config["test-command"] = f"{sys.executable} -m mutation.judge"
    distributor = ConfigDict(name="http" if workers else "local")
    if workers:
        distributor["http"] = ConfigDict({"worker-urls": list(workers)})
    config["distributor"] = distributor
    exclude = ConfigDict({"exclude-operators": list(EXCLUDED_OPERATORS)})
    config["filters"] = ConfigDict({"operators-filter": exclude})
    return config


def _key(item: Any) -> tuple[str, str, int]:
    m = item.mutations[0]
    return (str(m.module_path), m.operator_name, m.occurrence)


def skip_outside_sample(db: WorkDB, sample: int | None, seed: int) -> int:
    """Skip all but a reproducible sample of ``sample`` pending mutants (all with None), as
    Cosmic Ray's filters skip; how many remain."""
    items = sorted(db.pending_work_items, key=_key)
    if sample is None or sample >= len(items):
        return len(items)
    keep = {i.job_id for i in random.Random(seed).sample(items, sample)}
    skipped = WorkResult(output="not in the sample", worker_outcome=WorkerOutcome.SKIPPED)
    db.set_multiple_results([i.job_id for i in items if i.job_id not in keep], skipped)
    return sample


def take_over(earlier: Path, db: WorkDB, *, survivors: bool) -> int:
    """Give the pending mutants of ``db`` what the session at ``earlier`` found for the same
    mutant (module, operator, occurrence): its kills, and with ``survivors`` every judged
    result; how many."""
    with use_db(str(earlier), WorkDB.Mode.open) as old:
        found = {
            _key(item): result
            for item, result in old.completed_work_items
            if result.worker_outcome is WorkerOutcome.NORMAL
            and (survivors or result.test_outcome is TestOutcome.KILLED)
        }
    taken = 0
    for item in db.pending_work_items:
        result = found.get(_key(item))
        if result is not None:
            db.set_result(item.job_id, result)
            taken += 1
    return taken


def _line(source: Path, line: int) -> str:
    return source.read_text("utf-8").splitlines()[line - 1].strip()


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


def summarize(session: Path, copy: Path) -> dict[str, Any]:
    """The campaign's figures and every survivor, read from its session (``copy`` holds the
    sources the session names)."""
    counts = {"killed": 0, "survived": 0, "incompetent": 0}
    survivors = []
    known = _equivalent()
    with use_db(str(session), WorkDB.Mode.open) as db:
        completed = db.completed_work_items
    for item, result in completed:
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
                "line": _line(copy / m.module_path, m.start_pos[0]),
                "definition": m.definition_name,
                "mutant": _mutant(result.diff or ""),
                "diff": result.diff or "",
            }
            entry["reason"] = _reason(entry, known)
            survivors.append(entry)
    judged = counts["killed"] + counts["survived"]
    survivors.sort(key=lambda e: (e["module"], e["start"], e["operator"]))
    unexplained = [s for s in survivors if s["reason"] == "unexplained"]
    explained = len(survivors) - len(unexplained)
    return {
        "tool": f"cosmic-ray {importlib.metadata.version('cosmic-ray')}",
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


def _digest(paths: list[Path]) -> str:
    sha = hashlib.sha256()
    for path in paths:
        sha.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()


def identity(args: argparse.Namespace, modules: list[str]) -> dict[str, Any]:
    """What a session's results depend on, beside the vectors: the mutants, and the code the
    judge runs (the whole package, not only the mutated modules)."""
    return {
        "modules": modules,
        "excluded_operators": list(EXCLUDED_OPERATORS),
        "sample": args.sample,
        "seed": args.seed,
        "timeout": args.timeout,
        "package": _digest(sorted((ROOT / "scout_ref").rglob("*.py"))),
        "judge": _digest([ROOT / "mutation" / "judge.py"]),
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_listening(port: int, worker: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if worker.poll() is not None:
            raise SystemExit(f"the worker on port {port} stopped (exit code {worker.returncode})")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        time.sleep(0.2)
    raise SystemExit(f"the worker on port {port} did not start within {seconds:.0f} s")


@contextlib.contextmanager
def local_workers(work: Path, jobs: int) -> Iterator[list[str]]:
    """``jobs`` HTTP workers on this machine (:func:`serve` on 127.0.0.1), each in its own
    copy; their URLs."""
    workers: list[subprocess.Popen[bytes]] = []
    ports = []
    try:
        for k in range(jobs):
            ports.append(_free_port())
            command = [sys.executable, __file__, "--serve", str(ports[-1]), "--work", str(work)]
            with (work / f"worker-{k}.log").open("wb") as log:
                workers.append(subprocess.Popen(command, stdout=log, stderr=log))
        for port, worker in zip(ports, workers, strict=True):
            _wait_listening(port, worker)
        yield [f"http://127.0.0.1:{port}" for port in ports]
    finally:
        for worker in workers:
            worker.terminate()
        for worker, port in zip(workers, ports, strict=False):
            worker.wait(30)
            shutil.rmtree(work / f"worker-{port}", ignore_errors=True)


def new_session(args: argparse.Namespace, modules: list[str], copy: Path) -> dict[str, Any]:
    """Make the session at ``args.work`` afresh (the mutants of the copy, filtered and
    sampled), taking over what the last one found; its state (``campaign.json``)."""
    work: Path = args.work
    session, state_path, earlier = (
        work / "session.sqlite",
        work / "campaign.json",
        work / "earlier.sqlite",
    )
    state = json.loads(state_path.read_text("utf-8")) if state_path.exists() else {}
    vectors = _digest(sorted((ROOT / "spec" / "vectors").rglob("*.json")))
    wanted = identity(args, modules)
    same = not args.fresh and session.exists() and state.get("identity") == wanted
    earlier.unlink(missing_ok=True)
    if same:
        session.rename(earlier)
    session.unlink(missing_ok=True)
    config = make_config(modules, args.timeout, [])
    config_path = work / "config.toml"
    config_path.write_text(serialize_config(config), "utf-8")
    with contextlib.chdir(copy), use_db(str(session), WorkDB.Mode.create) as db:
        init([Path(m) for m in config["module-path"]], db, config.operators_config)
        total = db.num_work_items
    operators_filter.main([str(session), str(config_path)])
    with use_db(str(session), WorkDB.Mode.open) as db:
        eligible = len(db.pending_work_items)
        selected = skip_outside_sample(db, args.sample, args.seed)
        taken = take_over(earlier, db, survivors=state["vectors"] == vectors) if same else 0
    print(
        f"{total} mutants in {len(modules)} modules, {eligible} by the chosen operators, "
        f"{selected} selected; {taken} judged before, {selected - taken} to judge",
        flush=True,
    )
    state = {"identity": wanted, "vectors": vectors, "total": total, "eligible": eligible}
    state_path.write_text(json.dumps(state, indent=1) + "\n", "utf-8")
    return state


def run(args: argparse.Namespace, modules: list[str]) -> dict[str, Any]:
    """Make the session and judge its pending mutants; its state."""
    args.work.mkdir(parents=True, exist_ok=True)
    copy = copy_sources(args.work / "copy-0")
    state = new_session(args, modules, copy)
    session = str(args.work / "session.sqlite")
    with contextlib.ExitStack() as stack:
        workers = args.worker or []
        if not workers and args.jobs > 1:
            workers = stack.enter_context(local_workers(args.work, args.jobs))
        config = make_config(modules, args.timeout, workers)
        db = stack.enter_context(use_db(session, WorkDB.Mode.open))
        stack.enter_context(contextlib.chdir(copy))  # where the local distributor mutates
        execute(db, config)
    return state


def serve(work: Path, port: int, host: str) -> None:
    """Run one Cosmic Ray HTTP worker (its ``http-worker`` command, listening on ``host``) in
    a copy of its own: it mutates the copy and judges the mutant there. A worker runs any test
    command it is sent, so it listens on 127.0.0.1 unless told otherwise."""
    with contextlib.chdir(copy_sources(work / f"worker-{port}")):
        app = web.Application()
        app.add_routes([web.post("/", handle_mutate_and_test)])
        web.run_app(app, host=host, port=port)


def parser() -> argparse.ArgumentParser:
    """The campaign's command line."""
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--modules", default=",".join(RULE_MODULES), help="comma-separated stems")
    p.add_argument("--sample", type=int, help="run only this many mutants, drawn with --seed")
    p.add_argument("--seed", type=int, default=18)
    p.add_argument("--jobs", type=int, default=1, help="this many local HTTP workers at once")
    p.add_argument(
        "--worker",
        action="append",
        metavar="URL",
        help="the URL of an HTTP worker started elsewhere with --serve (repeat for each);"
        " instead of --jobs",
    )
    p.add_argument("--serve", type=int, metavar="PORT", help="run one HTTP worker on PORT")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address --serve listens on (0.0.0.0 for every interface, on a trusted network"
        " only: a worker runs the commands it is sent)",
    )
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per mutant")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "mutation")
    p.add_argument("--report", type=Path, default=REPORT)
    p.add_argument("--fresh", action="store_true", help="take over nothing from earlier runs")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the campaign; exit 1 if a survivor is unexplained."""
    p = parser()
    args = p.parse_args(argv)
    if args.serve is not None:
        serve(args.work, args.serve, args.host)
        return 0
    modules = [m for m in args.modules.split(",") if m]
    unknown = sorted(set(modules) - set(RULE_MODULES))
    if unknown:
        p.error(f"not rule modules: {unknown}")
    if args.jobs < 1:
        p.error("--jobs is at least 1")
    started = time.monotonic()
    state = run(args, modules)
    report = summarize(args.work / "session.sqlite", args.work / "copy-0")
    report |= {
        "modules": modules,
        "excluded_operators": list(EXCLUDED_OPERATORS),
        "session_mutants": state["total"],
        "eligible": state["eligible"],
        "sample": args.sample,
        "seed": args.seed,
        "workers": len(args.worker) if args.worker else args.jobs,
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
