"""``scout-ref vectors generate|check|lint``: write, compare and validate the test vectors."""

from __future__ import annotations

import argparse
from pathlib import Path

from scout_ref.commands._output import add_vectors_dir_argument
from scout_ref.conformance.vectors import (
    build_documents,
    lint,
    stale_paths,
    vectors_dir,
    write_documents,
)
from scout_ref.errors import MalformedInputError


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``vectors``."""
    p = subparsers.add_parser("vectors", help="generate, check or lint the test vectors")
    p.add_argument(
        "action",
        choices=("generate", "check", "lint"),
        help="generate: write the files from the case generators; check: fail if generating "
        "would change a file; lint: validate the files as they are",
    )
    add_vectors_dir_argument(p, "--dir")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Generate, check or lint; exit 1 listing every stale file or problem."""
    root: Path = args.vectors_dir or vectors_dir()
    if args.action != "generate" and not root.is_dir():
        raise MalformedInputError("--vectors-dir", [("", f"{str(root)!r} is not a folder")])
    if args.action == "lint":
        problems = lint(root)
        print("\n".join(problems) if problems else f"{root}: every vector file is sound")
        return 1 if problems else 0
    texts = build_documents()
    if args.action == "generate":
        changed = write_documents(root, texts)
        print(f"{len(texts)} files, {len(changed)} written or removed under {root}")
        return 0
    stale = stale_paths(root, texts)
    for path in stale:
        print(f"{path}: would change; run scout-ref vectors generate")
    if not stale:
        print(f"{len(texts)} files under {root} are up to date with the case generators")
    return 1 if stale else 0
