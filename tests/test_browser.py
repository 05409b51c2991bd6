"""scout_ref.browser, the engine's face in a web page, answers as the command line does
(without a browser: tests/browser runs it in Chromium), and the pure-Python rpds the page
installs (pyrsistent-as-rpds-py) does what jsonschema's registries ask of rpds-py."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import rpds

from scout_ref import browser
from tests.browser.sampling import cli_answer, garbled, sample

pytestmark = pytest.mark.rule  # the page's plumbing; the rules are the CLI's, tested there

SHIM = Path(__file__).resolve().parent.parent / "docs" / "_static" / "referee" / "rpds.py"


def _ask(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(browser.call(json.dumps(request)))
    return answer


def test_the_bridge_answers_as_the_cli() -> None:
    requests = sample() + garbled()
    assert [_ask(r) for r in requests] == [cli_answer(r) for r in requests]


def test_a_bug_is_one_line_with_status_3(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object, **__: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(browser, "legal_json", broken)
    answer = _ask({"command": "legal", "position": sample()[-1]["position"]})
    assert answer["exitCode"] == browser.INTERNAL_ERROR
    assert answer["error"].startswith("internal error: ZeroDivisionError: a bug; this is a bug")
    assert "\n" not in answer["error"]


def test_a_request_past_the_readers_limit_is_bad_input() -> None:
    answer = _ask({"command": "legal", "position": "2p " + "x" * (1 << 20)})
    assert answer == {"error": answer["error"], "exitCode": 2}
    assert "request" in answer["error"]


def test_a_request_of_no_known_command_is_a_bug_of_the_caller() -> None:
    answer = _ask({"command": "play", "position": "2p", "move": "show 0"})
    assert answer["exitCode"] == browser.INTERNAL_ERROR


def test_the_language_reaches_the_document() -> None:
    request = {**next(r for r in sample() if r["command"] == "explain"), "lang": "ru"}
    assert _ask(request)["document"]["language"] == "ru"
    assert _ask({**request, "lang": 5})["exitCode"] == browser.INTERNAL_ERROR


def test_version_is_the_installed_one() -> None:
    from scout_ref.cli import version_line  # noqa: PLC0415 - the CLI's own wording

    assert version_line().startswith(f"scout-ref {browser.version()} ")


def _shim() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rpds_shim", SHIM)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rpds_shim"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", range(20))
def test_the_pages_rpds_does_what_rpds_does(seed: int) -> None:
    """Random changes to a map, a set and a list give the same contents in both."""
    shim, rng = _shim(), random.Random(seed)
    real_map: rpds.HashTrieMap[int, int] = rpds.HashTrieMap()
    real_set: rpds.HashTrieSet[int] = rpds.HashTrieSet()
    real_list: Any = rpds.List()  # its stubs lack first and rest
    fake_map, fake_set, fake_list = shim.HashTrieMap.convert({}), shim.HashTrieSet(), shim.List()
    for _ in range(60):
        key, value = rng.randrange(8), rng.randrange(100)
        match rng.randrange(5):
            case 0:
                real_map, fake_map = real_map.insert(key, value), fake_map.insert(key, value)
            case 1:
                real_map, fake_map = real_map.discard(key), fake_map.discard(key)
            case 2 if key in real_map:
                real_map, fake_map = real_map.remove(key), fake_map.remove(key)
            case 3:
                other = {rng.randrange(8): value}
                real_map, fake_map = real_map.update(other), fake_map.update(other)
            case _:
                with pytest.raises(KeyError):
                    fake_map.remove(99)
        real_set, fake_set = real_set.insert(key), fake_set.insert(key)
        if rng.random() < 0.3:
            real_set, fake_set = real_set.discard(value % 8), fake_set.discard(value % 8)
        real_list, fake_list = real_list.push_front(key), fake_list.push_front(key)
        assert dict(fake_map.items()) == dict(real_map.items())
        assert fake_map.get(key) == real_map.get(key)
        assert (key in fake_map, len(fake_map)) == (key in real_map, len(real_map))
        assert set(fake_set) == set(real_set)
        assert list(fake_list) == list(real_list)
    assert fake_list.first == real_list.first
    assert list(fake_list.rest) == list(real_list.rest)
    assert shim.HashTrieMap.convert(fake_map) is fake_map
    assert fake_map == shim.HashTrieMap(dict(real_map.items()))
    assert fake_set.update([100]) == {*fake_set, 100}
    assert list(shim.List([1, 2])) == list(shim.List(1, 2)) == list(rpds.List([1, 2]))
