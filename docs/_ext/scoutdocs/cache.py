"""Engine-made results shared by the builds of every edition (issue 23).

The round statistics (random games) and the vectors' coverage are the same in every language
and are the costliest part of reading the rulebook. With ``scout_engine_cache`` set to a
folder (``make docs`` and the tests set it), each is computed once and read back by the other
editions' builds. An entry's name holds a digest of its arguments and of
:func:`scoutdocs.links.fingerprint` (the engine, tests and spec as they are now), so a change
to any of them computes it again.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from scout_ref.util.atomic import write_atomic
from scoutdocs import links

T = TypeVar("T")

_folder: list[Path] = []  # the cache folder of this build, if any (set when the config is read)


def configure(app: Any, config: Any) -> None:
    """Use the folder of ``scout_engine_cache`` (relative to the docs), or no cache."""
    _folder.clear()
    if config.scout_engine_cache:
        _folder.append(Path(app.srcdir, config.scout_engine_cache))


def cached(name: str, compute: Callable[[], T], *args: object) -> T:
    """``compute()``, read from the cache when an earlier build stored it."""
    if not _folder:
        return compute()
    key = hashlib.sha256(repr((name, args, links.fingerprint())).encode()).hexdigest()[:24]
    path = _folder[0] / f"{name}-{key}.pickle"
    if path.is_file():
        try:
            found: T = pickle.loads(path.read_bytes())  # our own build wrote it
        except (pickle.UnpicklingError, EOFError, AttributeError, ImportError):
            pass  # written by another version: compute it again
        else:
            return found
    value = compute()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, pickle.dumps(value))
    return value
