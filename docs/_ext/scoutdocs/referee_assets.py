"""The referee's runtime, copied into every HTML build of the rulebook (issue 30).

The pages answer ``scoutRef.explain`` and ``scoutRef.legal`` with this package running under
Pyodide in the reader's browser, from files the site itself serves (``_static/referee/``):

* Pyodide's runtime, from the npm registry's ``pyodide`` package at :data:`PYODIDE_VERSION`,
  fetched once with ``npm pack`` and checked against :data:`PYODIDE_INTEGRITY` (the registry's
  sha512 integrity of the tarball), before any file of it is used;
* the wheel of scout-ref itself, built from this checkout (``pip wheel``, pure Python) whenever
  its sources change, served without the stored witness games and the test vectors
  (:func:`site_wheel`), which explain and legal never read;
* the pure-Python wheels it imports on the way to a verdict (:data:`WHEELS`: jsonschema and what
  it needs, rfc8785), fetched once with ``pip download`` and checked against their sha256;
* babel's wheel (:data:`LANGUAGE_WHEELS`), trimmed to the locales of the editions, which the
  page fetches only when a request names an edition's language;
* the standard library and every wheel compiled to bytecode for the page's interpreter
  (:mod:`scoutdocs.bytecode`, with Node.js), which otherwise compiled them as it started;
* :data:`PICTURES`, the modules that draw the panel's pictures in the page;
* ``wheels.json``, the lists of wheels that ``scoutref.js`` installs, in order, and the
  editions' languages.

Everything fetched or built is kept in ``.cache/referee/`` of the checkout (git ignores it), so
only the first build needs the registries; the site never asks another host for anything.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from scout_ref.util.atomic import write_atomic
from scoutdocs.bytecode import BytecodeError, compiled

ROOT = Path(__file__).resolve().parents[3]
CACHE = ROOT / ".cache" / "referee"
OUT = Path("_static", "referee")

PYODIDE_VERSION = "314.0.8"
PYODIDE_INTEGRITY = (
    "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ"
    "05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What the page loads of the package: the loader, the interpreter, the standard library and the
lock file that the loader reads at start."""

WHEELS = {
    "attrs-26.1.0-py3-none-any.whl": (
        "c647aa4a12dfbad9333ca4e71fe62ddc36f4e63b2d260a37a8b83d2f043ac309"
    ),
    "referencing-0.37.0-py3-none-any.whl": (
        "381329a9f99628c9069361716891d34ad94af76e461dcb0335825aecc7692231"
    ),
    "jsonschema_specifications-2025.9.1-py3-none-any.whl": (
        "98802fee3a11ee76ecaca44429fda8a41bff98b00a0f2838151b113f210cc6fe"
    ),
    "jsonschema-4.26.0-py3-none-any.whl": (
        "d489f15263b8d200f8387e64b4c3a75f06629559fb73deb8fdfb525f2dab50ce"
    ),
    "rfc8785-0.1.4-py3-none-any.whl": (
        "520d690b448ecf0703691c76e1a34a24ddcd4fc5bc41d589cb7c58ec651bcd48"
    ),
    "pyrsistent-0.20.0-py3-none-any.whl": (
        "c55acc4733aad6560a7f5f818466631f07efc001fd023f34a6c203f8b6df0f0b"
    ),
    "pyrsistent_as_rpds_py-2.1.0-py3-none-any.whl": (
        "f16935a819b1fc52ca2f545cf30004f94a737012153d72f107b4836c8a1ad144"
    ),
}
"""The third-party wheels the engine imports on its way to a verdict, by file name (which names
the version) and sha256. jsonschema validates every state as on the command line; its compiled
dependency rpds-py has no wheel for the browser, so the page uses pyrsistent-as-rpds-py, the
maintained pure-Python implementation of rpds-py's API on pyrsistent made for exactly this (it
passes jsonschema's own tests): ``scoutref.js`` installs it under the name ``rpds`` with
``_static/referee/rpds.py``, one import line."""

LANGUAGE_WHEELS = {
    "babel-2.19.0-py3-none-any.whl": (
        "6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b"
    ),
}
"""What reading an edition's texts needs beside (babel reads the catalogs), which ``scoutref.js``
fetches only on the first request in an edition's language. The site serves it trimmed
(:func:`trimmed_babel`): 11 MB of it is the locale data of some 1,100 locales, of which babel
reads only the edition's own and the root when it reads a catalog."""

PICTURES = ("cards.py", "tally.py", "pictures.py")
"""The modules of this extension that draw the referee panel's pictures in the page
(:mod:`scoutdocs.pictures`), served as they are from ``_static/referee/scoutdocs/``: the
rulebook's own card drawing, not a copy of it in JavaScript."""

OWN_SOURCES = (("scout_ref", ("*.py", "*.toml", "py.typed")), ("spec", ("*.json", "*.md", "*.po")))

logger = logging.getLogger(__name__)


class AssetError(RuntimeError):
    """A runtime file that could not be fetched, built or checked."""


def _run(command: list[str], cwd: Path) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode:
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise AssetError(f"{' '.join(command[:4])} failed: {' / '.join(tail)}")


def _integrity(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return f"sha512-{base64.b64encode(digest).decode()}"


def pyodide_dir() -> Path:
    """The checked runtime files of Pyodide, fetched with ``npm pack`` the first time."""
    folder = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if all((folder / name).is_file() for name in PYODIDE_FILES):
        return folder
    tarball = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.is_file() or _integrity(tarball) != PYODIDE_INTEGRITY:
        if shutil.which("npm") is None:
            raise AssetError("npm is needed once, to fetch Pyodide (apt-get install npm)")
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            _run(["npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], Path(tmp))
            os.replace(Path(tmp, tarball.name), tarball)
    if (found := _integrity(tarball)) != PYODIDE_INTEGRITY:
        raise AssetError(f"{tarball} is not the pinned Pyodide: integrity {found}")
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp, tarfile.open(tarball) as archive:
        for name in PYODIDE_FILES:
            archive.extract(f"package/{name}", tmp, filter="data")
        shutil.rmtree(folder, ignore_errors=True)
        os.replace(Path(tmp, "package"), folder)
    return folder


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _matches(path: Path, sha256: str) -> bool:
    return path.is_file() and _sha256(path) == sha256


def third_party_wheels(pinned: dict[str, str]) -> list[Path]:
    """The checked wheels ``pinned`` (file name: sha256), fetched with ``pip download`` the
    first time."""
    folder = CACHE / "wheels"
    folder.mkdir(exist_ok=True)
    missing = [name for name, sha in pinned.items() if not _matches(folder / name, sha)]
    if missing:
        pins = ["==".join(name.split("-")[:2]) for name in missing]
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
            # The pure wheels, whatever this machine's Python (pyrsistent has compiled ones too).
            pure = ["--implementation", "py", "--abi", "none", "--platform", "any"]
            _run([*pip, "--only-binary=:all:", *pure, "-d", tmp, *pins], ROOT)
            for name in missing:
                os.replace(Path(tmp, name), folder / name)
    for name, sha in pinned.items():
        if not _matches(folder / name, sha):
            raise AssetError(f"{folder / name} is not the pinned wheel (sha256 {sha})")
    return [folder / name for name in pinned]


def languages() -> list[str]:
    """The editions' languages (``spec/locales/editions.json``), English not among them."""
    from scout_ref.rulebook.texts import editions  # noqa: PLC0415 - babel, for the docs only

    return sorted(editions())


def _trimmed(wheel: Path, kept: Callable[[str], bool], target: Path) -> Path:
    """``wheel`` with only the files ``kept`` names, its RECORD listing what is left, at
    ``target`` (made once: an existing ``target`` is taken as it is)."""
    if target.is_file():
        return target
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        out = Path(tmp, wheel.name)
        with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for info in source.infolist():
                data = source.read(info)
                if info.filename.endswith(".dist-info/RECORD"):
                    lines = data.decode().splitlines(keepends=True)
                    data = "".join(ln for ln in lines if kept(ln.split(",")[0])).encode()
                if kept(info.filename):
                    z.writestr(info, data)
        target.parent.mkdir(exist_ok=True)
        os.replace(out, target)
    return target


def trimmed_babel(wheel: Path) -> Path:
    """babel's checked ``wheel`` without the locale data of the locales no edition speaks
    (made in the cache once per set of editions)."""
    keep = {"root", "en", *languages()}
    key = hashlib.sha256(f"{wheel.name}:{sorted(keep)}".encode()).hexdigest()[:12]

    def kept(name: str) -> bool:
        folder, _, file = name.rpartition("/")
        return folder != "babel/locale-data" or file.removesuffix(".dat") in keep

    return _trimmed(wheel, kept, CACHE / f"babel-{key}" / wheel.name)


SITE_LEAVES_OUT = ("scout_ref/_spec/witnesses/", "scout_ref/_spec/vectors/")
"""What the site's copy of the package's wheel leaves out: the stored witness games (929 files,
7.5 MB) and the test vectors (3.3 MB), which ``scout-ref check``, ``verify`` and the conformance
runner read and explain and legal never do. Unpacking them was most of the wheel's install in
the page (1,203 files, 12.8 MB, a 4 MB download; 229 files, 1.8 MB, 0.6 MB without them)."""


def site_wheel(wheel: Path) -> Path:
    """The package's ``wheel`` as the site serves it: without :data:`SITE_LEAVES_OUT`."""
    target = wheel.parent / "site" / wheel.name
    return _trimmed(wheel, lambda name: not name.startswith(SITE_LEAVES_OUT), target)


def _sources_digest() -> str:
    """A digest of every file the package's wheel is made from."""
    files = [ROOT / "pyproject.toml", ROOT / "setup.py", ROOT / "README.md"]
    for folder, patterns in OWN_SOURCES:
        files += [p for pattern in patterns for p in (ROOT / folder).rglob(pattern)]
    digest = hashlib.sha256()
    for path in sorted(set(files)):
        if "__pycache__" not in path.parts:
            digest.update(f"{path.relative_to(ROOT).as_posix()}\0".encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:20]


def own_wheel() -> Path:
    """The pure wheel of this checkout's package, built again when its sources change.

    It is built from a copy of the sources, so the build leaves nothing in the checkout.
    """
    folder = CACHE / f"own-{_sources_digest()}"
    found = sorted(folder.glob("scout_ref-*.whl"))
    if found:
        return found[0]
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        source = Path(tmp, "src")
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.egg-info")
        for name in ("scout_ref", "spec"):
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        for name in ("pyproject.toml", "setup.py", "README.md"):
            shutil.copy2(ROOT / name, source / name)
        env_pip = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
        _run([*env_pip, "--no-build-isolation", "-w", str(Path(tmp, "dist")), str(source)], ROOT)
        built = sorted(Path(tmp, "dist").glob("scout_ref-*-py3-none-any.whl"))
        if len(built) != 1:
            raise AssetError(f"pip wheel made {[p.name for p in built]}, not one pure wheel")
        for old in CACHE.glob("own-*"):
            shutil.rmtree(old, ignore_errors=True)
        Path(tmp, "dist").rename(folder)
    return folder / built[0].name


def bytecode(wheels: list[Path], language: list[Path]) -> tuple[list[Path], list[Path], list[Path]]:
    """Pyodide's files, the ``wheels`` and the ``language`` wheels as the site serves them: the
    standard library and the wheels compiled for the page's interpreter (:mod:`scoutdocs.bytecode`).
    """
    folder = pyodide_dir()
    archives = [("stdlib", folder / "python_stdlib.zip"), *(("wheel", w) for w in wheels)]
    try:
        done = compiled(folder, [*archives, *(("wheel", w) for w in language)], CACHE / "bytecode")
    except BytecodeError as exc:
        raise AssetError(str(exc)) from None
    files = [done[0] if name == "python_stdlib.zip" else folder / name for name in PYODIDE_FILES]
    return files, done[1 : len(archives)], done[len(archives) :]


def _place(source: Path, target: Path) -> None:
    """Put ``source`` at ``target``: a hard link where the file system allows, else a copy."""
    target.unlink(missing_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def copy_assets(app: Sphinx, exception: Exception | None) -> None:
    """Put the runtime into the build's ``_static/referee/`` (HTML builds only)."""
    if exception is not None or app.builder.format != "html" or not app.config.scout_referee:
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    try:
        wheels = [*third_party_wheels(WHEELS), site_wheel(own_wheel())]
        language = [trimmed_babel(w) for w in third_party_wheels(LANGUAGE_WHEELS)]
        files, wheels, language = bytecode(wheels, language)
    except AssetError as exc:
        logger.warning(f"the referee's runtime is missing from the site: {exc}")
        return
    out = Path(app.outdir, OUT)
    (out / "pyodide").mkdir(parents=True, exist_ok=True)
    (out / "wheels").mkdir(exist_ok=True)
    for path in files:
        _place(path, out / "pyodide" / path.name)
    for path in [*wheels, *language]:
        _place(path, out / "wheels" / path.name)
    (out / "scoutdocs").mkdir(exist_ok=True)
    for name in PICTURES:
        _place(Path(__file__).with_name(name), out / "scoutdocs" / name)
    manifest = {
        "pyodide": PYODIDE_VERSION,
        "wheels": [p.name for p in wheels],
        "language_wheels": [p.name for p in language],
        "pictures": list(PICTURES),
        "languages": languages(),
    }
    write_atomic(out / "wheels.json", json.dumps(manifest, indent=1) + "\n")


def setup(app: Sphinx) -> None:
    """Register the config value and the copy; ``scoutref.js`` is on every page."""
    # False leaves the runtime out (a test's tiny project has no use for 15 MB of it).
    app.add_config_value("scout_referee", True, "", types=frozenset({bool}))
    # The version of the package that made the pages, which the engine's wheel must have too.
    attributes: dict[str, Any] = {"data-version": version("scout-ref")}
    app.add_js_file("referee/scoutref.js", **attributes)
    app.connect("build-finished", copy_assets)


def prepare() -> list[Path]:
    """Fetch, check and build every file of the runtime into the cache (``make install`` does,
    so that the first docs build, a test's among them, needs no registry)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    language = [trimmed_babel(w) for w in third_party_wheels(LANGUAGE_WHEELS)]
    files, wheels, language = bytecode(
        [*third_party_wheels(WHEELS), site_wheel(own_wheel())], language
    )
    return [*files, *wheels, *language]


def main() -> None:
    """``make referee``: :func:`prepare`, saying what is ready, or one ``error:`` line."""
    try:
        ready = prepare()
    except AssetError as exc:
        sys.exit(f"error: {exc}")
    size = sum(path.stat().st_size for path in ready) / 2**20
    where = CACHE.relative_to(ROOT)
    print(f"the referee's runtime is in {where}: {len(ready)} files, {size:.1f} MiB")
