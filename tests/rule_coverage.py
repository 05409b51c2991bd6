"""``pytest --rule-coverage FILE``: which player counts each rule's tests exercise.

Each test's rule markers say which rules it checks; while it runs, every game state it builds
records its player count. The report counts, per rule and per player count in the rule's
scope, the tests that built a state of that many players, and lists the counts no test
reaches. Off by default: it wraps ``State.__init__`` only when asked.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest

from scout_ref.engine.state import State
from scout_ref.rulebook.registry import rules

_seen: set[int] = set()
_counts: dict[str, dict[int, int]] = {}


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--rule-coverage``."""
    parser.addoption(
        "--rule-coverage",
        metavar="FILE",
        default=None,
        help="write the tests per rule and player count to FILE (JSON)",
    )


def _recording(init: Callable[..., None]) -> Callable[..., None]:
    def record(self: State, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        _seen.add(self.players)

    return record


def pytest_configure(config: pytest.Config) -> None:
    """Start recording player counts when a report is wanted."""
    if config.getoption("--rule-coverage"):
        State.__init__ = _recording(State.__init__)  # type: ignore[method-assign]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """Credit the player counts a test built to every rule it is marked with."""
    _seen.clear()
    try:
        yield
    finally:
        if item.config.getoption("--rule-coverage"):
            for marker in item.iter_markers("rule"):
                for rule_id in marker.args:
                    for players in _seen:
                        by_count = _counts.setdefault(rule_id, {})
                        by_count[players] = by_count.get(players, 0) + 1


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write the report: per rule, tests per player count and the counts in scope none reach."""
    target = session.config.getoption("--rule-coverage")
    if not target:
        return
    report = {}
    for rule in rules().values():
        counted = _counts.get(rule.id, {})
        report[rule.id] = {
            "players": list(rule.players),
            "tests": {str(p): counted.get(p, 0) for p in rule.players},
            "untested": [p for p in rule.players if not counted.get(p)],
        }
    Path(target).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
