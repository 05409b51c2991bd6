"""The conformance suite: test vectors, the adapter protocol (SCP) and the runner.

:func:`run` judges an engine through its adapter, with the options of a :class:`Campaign`, and
returns the :class:`Run` that ``report.json`` is written from (:mod:`scout_ref.conformance.api`).

The names below are imported when first asked for (PEP 562): an adapter process, which needs
only :mod:`scout_ref.conformance.oracle`, does not load the runner and its reports (rich
among them), about 0.2 CPU seconds of each of the suite's many adapter starts.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scout_ref.conformance.api import Campaign, Watch, run
    from scout_ref.conformance.judge.pool import Timeouts
    from scout_ref.conformance.model.outcomes import (
        Case,
        CaseResult,
        Departure,
        Finding,
        Outcome,
    )
    from scout_ref.conformance.protocol.messages import Capabilities, Hello
    from scout_ref.conformance.report.documents import RuleRow, Run
    from scout_ref.conformance.report.verdicts import RuleVerdict

_HOMES = {
    "Campaign": "api",
    "Watch": "api",
    "run": "api",
    "Timeouts": "judge.pool",
    "Case": "model.outcomes",
    "CaseResult": "model.outcomes",
    "Departure": "model.outcomes",
    "Finding": "model.outcomes",
    "Outcome": "model.outcomes",
    "Capabilities": "protocol.messages",
    "Hello": "protocol.messages",
    "RuleRow": "report.documents",
    "Run": "report.documents",
    "RuleVerdict": "report.verdicts",
}


def __getattr__(name: str) -> object:
    """One of the names of ``__all__``, imported from its module on first use."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, those not yet imported among them."""
    return sorted({*globals(), *_HOMES})


__all__ = [
    "Campaign",
    "Capabilities",
    "Case",
    "CaseResult",
    "Departure",
    "Finding",
    "Hello",
    "Outcome",
    "RuleRow",
    "RuleVerdict",
    "Run",
    "Timeouts",
    "Watch",
    "run",
]
