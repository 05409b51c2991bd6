"""Build scout-ref: pure Python by default, the engine compiled with mypyc on request.

``pip install .`` (or ``-e .``) builds the pure package, the reference people read. With
``SCOUT_REF_MYPYC=1`` the same source is compiled by mypy's own setuptools integration
(:func:`mypyc.build.mypycify`): ``make compiled`` does this into ``.venv-compiled``. Which
modules stay pure is declared once, in ``[tool.scout-ref.mypyc]`` of ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from setuptools import find_namespace_packages, find_packages, setup

HERE = Path(__file__).resolve().parent


def compiled_modules() -> list[str]:
    """The modules that mypyc compiles (``[tool.scout-ref.mypyc]``), as file paths."""
    config = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))
    mypyc = config["tool"]["scout-ref"]["mypyc"]
    package = HERE / "scout_ref"
    found = []
    for name in mypyc["compile"]:
        folder = package / name
        found += sorted(folder.glob("*.py")) if folder.is_dir() else [folder.with_suffix(".py")]
    return [
        path.relative_to(HERE).as_posix()
        for path in found
        if path.name != "__init__.py"
        and ".".join(path.relative_to(package).with_suffix("").parts) not in mypyc["pure"]
    ]


def extensions() -> list[Any]:
    """The mypyc extension modules, or none for the pure build."""
    if os.environ.get("SCOUT_REF_MYPYC") != "1":
        return []
    try:
        from mypyc.build import mypycify  # noqa: PLC0415 - only the compiled build needs mypy
    except ImportError:
        sys.exit("error: SCOUT_REF_MYPYC=1 needs mypy in the build environment: run make compiled")
    return mypycify(compiled_modules(), opt_level="3")


# The spec (registry, schemas, vectors, the editions' rule texts) ships inside the package as
# scout_ref/_spec; its folders are data-only namespace packages.
SPEC = ["scout_ref._spec", *(f"scout_ref._spec.{p}" for p in find_namespace_packages(where="spec"))]
# The conformance cases' tables (scout_ref/conformance/cases/tables/*.toml) are a data-only
# folder too: named as a package, or setuptools warns that it is missing from the packages and
# may leave it out of a wheel.
TABLES = "scout_ref.conformance.cases.tables"

setup(
    packages=[*find_packages(include=["scout_ref", "scout_ref.*"]), TABLES, *SPEC],
    package_dir={"scout_ref._spec": "spec"},
    package_data={
        "scout_ref": ["py.typed"],
        "scout_ref.conformance.cases": ["games.toml"],
        TABLES: ["*.toml"],
        **{p: ["*.json", "*.md", "*.po"] for p in SPEC},
    },
    ext_modules=extensions(),
)
