"""The doctests of scout_ref.ai's environments need the ``ai`` extra: without it they are not
collected (and tests/test_ai_envs.py skips), so the rest of the suite runs as before."""

from __future__ import annotations

import importlib


def _has_ai_extra() -> bool:
    try:
        for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel"):
            importlib.import_module(name)
    except ImportError:
        return False
    return True


collect_ignore = (
    []
    if _has_ai_extra()
    else ["scout_ref/ai/aec.py", "scout_ref/ai/features.py", "scout_ref/ai/open_spiel.py"]
)
