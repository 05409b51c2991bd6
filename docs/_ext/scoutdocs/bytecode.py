"""The referee's Python as bytecode for the page's interpreter (issue 30).

Pyodide's npm package ships its standard library as sources (``python_stdlib.zip``), and the
wheels the page installs hold sources too, so the page's interpreter compiled every module it
imported on the way to the first verdict: measured in Chromium, most of Pyodide's own start
(its bootstrap imports) and of the engine's import. The site serves them compiled instead, by
Pyodide itself run with Node.js at build time (``bytecode.mjs``): the standard library with each
module's ``.pyc`` in place of its ``.py``, the wheels with ``__pycache__`` beside their sources.
The bytecode is the page's interpreter's own (the same build of CPython made it), and an
unchecked hash-based ``.pyc`` (PEP 552) is loaded without looking at times or sizes.

Compiled archives are kept in the referee's cache by a digest of what made them, so only new
or changed archives (the package's own wheel after its sources change) are compiled again, in
one Node.js run. Without Node.js the site serves the archives as they are: the referee then
answers the same, only its start is slower.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path

from sphinx.util import logging

SCRIPT = Path(__file__).with_name("bytecode.mjs")

logger = logging.getLogger(__name__)


class BytecodeError(RuntimeError):
    """Node.js could not compile the archives."""


def _key(made_by: bytes, kind: str, archive: Path) -> str:
    digest = hashlib.sha256(made_by + f"\0{kind}\0{archive.name}\0".encode())
    digest.update(hashlib.sha256(archive.read_bytes()).digest())
    return digest.hexdigest()[:20]


def compiled(pyodide: Path, archives: list[tuple[str, Path]], cache: Path) -> list[Path]:
    """Each ``(kind, archive)`` of ``archives`` compiled by the Pyodide in ``pyodide`` (kind
    ``stdlib``: each ``.pyc`` in place of its ``.py``, as zipimport reads it; ``wheel``:
    ``__pycache__`` beside the sources), from ``cache`` (``cache/<digest>/<name>``), the
    missing ones compiled in one Node.js run; every other folder of ``cache`` is removed.
    Without Node.js, the archives as they are.

    Raises:
        BytecodeError: if Node.js ran and failed.
    """
    made_by = hashlib.sha256(SCRIPT.read_bytes() + (pyodide / "pyodide.asm.wasm").read_bytes())
    targets = [cache / _key(made_by.digest(), kind, p) / p.name for kind, p in archives]
    missing = [(k, p, t) for (k, p), t in zip(archives, targets, strict=True) if not t.is_file()]
    if missing and shutil.which("node") is None:
        logger.info("no Node.js: the referee's Python is served as sources (a slower start)")
        return [path for _, path in archives]
    cache.mkdir(parents=True, exist_ok=True)
    if missing:
        with tempfile.TemporaryDirectory(dir=cache.parent) as tmp:
            jobs = [[k, str(p), f"{tmp}/{n}.zip"] for n, (k, p, _) in enumerate(missing)]
            command = ["node", str(SCRIPT), str(pyodide), *(a for job in jobs for a in job)]
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            if done.returncode:
                tail = " / ".join((done.stderr or done.stdout).strip().splitlines()[-3:])
                raise BytecodeError(f"node {SCRIPT.name} failed: {tail}")
            for job, (_, _, target) in zip(jobs, missing, strict=True):
                target.parent.mkdir(exist_ok=True)
                Path(job[2]).replace(target)
    kept = {t.parent for t in targets}
    for folder in cache.iterdir():
        if folder.is_dir() and folder not in kept:
            shutil.rmtree(folder, ignore_errors=True)
    return targets
