"""``scout-ref vectors generate|check|lint|coverage``: write, compare, validate and count the
test vectors."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

from scout_ref.cli.commands._options import runs
from scout_ref.cli.commands._output import add_json_argument, add_vectors_dir_argument
from scout_ref.conformance.model.scope import coverage_table
from scout_ref.conformance.vectors.build import (
    MANIFEST,
    build_documents,
    lint,
    stale_paths,
    vectors_dir,
    write_documents,
)
from scout_ref.conformance.vectors.coverage import (
    measure,
    model,
    report_json,
    report_lines,
    vector_cases,
)
from scout_ref.conformance.vectors.witnesses import missing_derived, store_derived
from scout_ref.errors import MalformedInputError


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``vectors``."""
    p = subparsers.add_parser("vectors", help="generate, check or lint the test vectors")
    p.add_argument(
        "action",
        choices=("generate", "check", "lint", "coverage"),
        help="generate: write the files from the case generators; check: fail if generating "
        "would change a file; lint: validate the files as they are; coverage: count the cases "
        "citing each rule at each player count of its scope ('-': none), then the bins of the "
        "coverage model (spec/coverage.json) each rule's cases fill; exit 1 if a bin is missed",
    )
    add_vectors_dir_argument(p, "--dir")
    add_json_argument(p, "vectors-coverage", "the coverage (with coverage only)")
    runs(p, Options, run)


@dataclass(frozen=True)
class Options:
    """The options of ``vectors``."""

    action: str
    vectors_dir: Path | None
    json: bool


def run(args: Options) -> int:
    """Generate, check or lint; exit 1 listing every stale file or problem."""
    root = args.vectors_dir or vectors_dir()
    if args.action != "generate" and not root.is_dir():
        raise MalformedInputError("--vectors-dir", [("", f"{str(root)!r} is not a folder")])
    if args.action == "coverage":
        return _coverage(root, as_json=args.json)
    if args.action == "lint":
        problems = lint(root)
        print("\n".join(problems) if problems else f"{root}: every vector file is sound")
        return 1 if problems else 0
    texts = build_documents()
    documents = {p: json.loads(t) for p, t in texts.items() if p != MANIFEST}
    if args.action == "generate":
        changed = write_documents(root, texts)
        print(f"{len(texts)} files, {len(changed)} written or removed under {root}")
        stored = store_derived(documents)
        print(f"{len(stored)} witness games the vectors play stored under spec/witnesses")
        return 0
    stale = stale_paths(root, texts)
    for path in stale:
        print(f"{path}: would change; run scout-ref vectors generate")
    for missing in missing_derived(documents):
        stale.append(str(missing))
        print(f"{missing}: the vectors play this witness game; run scout-ref vectors generate")
    if not stale:
        print(f"{len(texts)} files under {root} are up to date with the case generators")
    return 1 if stale else 0


def _coverage(root: Path, *, as_json: bool) -> int:
    """Print the per-count table and the bins (or the JSON document); 1 if a bin is missed."""
    bins_of_model = model()  # the installation's model first: it is read at once
    cases = list(vector_cases(root))
    bins = measure(cases, bins_of_model)
    if as_json:
        print(json.dumps(report_json(bins), indent=1))
    else:
        print("\n".join(coverage_table(cases)))
        print()
        print("\n".join(report_lines(bins)))
    return 1 if bins.missed else 0
