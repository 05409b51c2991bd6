"""The conformance suite: test vectors, the adapter protocol (SCP) and the runner.

:func:`run` judges an engine through its adapter, with the options of a :class:`Campaign`, and
returns the :class:`Run` that ``report.json`` is written from (:mod:`scout_ref.conformance.api`).
"""

from scout_ref.conformance.api import Campaign, Watch, run
from scout_ref.conformance.judge.pool import Timeouts
from scout_ref.conformance.model.outcomes import Case, CaseResult, Departure, Finding, Outcome
from scout_ref.conformance.protocol.messages import Capabilities, Hello
from scout_ref.conformance.report.documents import RuleRow, Run
from scout_ref.conformance.report.verdicts import RuleVerdict

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
