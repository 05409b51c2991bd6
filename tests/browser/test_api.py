"""``scoutRef`` in Chromium answers as the command line does (issue 30).

The positions come from spec/vectors by a seeded sample (:mod:`tests.browser.sampling`); nobody
picked them. Each request goes to the page's engine and to ``scout-ref`` itself, run in this
process, and the two answers must be the same: the JSON document, or the message after
``error:`` with the exit status.
"""

from __future__ import annotations

import importlib.metadata
import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import PHONE, Read
from tests.browser.sampling import Request, cli_answer, garbled, sample
from tests.rulebook_build import ONE_BUILD

pytestmark = [ONE_BUILD, pytest.mark.slow, pytest.mark.rule]

ASK = """async (requests) => {
  const answers = [];
  for (const r of requests) {
    const options = { hypothetical: r.hypothetical };
    const asked = r.command === "explain"
      ? scoutRef.explain(r.position, r.move, options)
      : scoutRef.legal(r.position, options);
    answers.push(await asked.then(
      (document) => ({ document }),
      (e) => ({ error: e.message, exitCode: e.exitCode, name: e.name,
                isError: e instanceof Error }),
    ));
  }
  return answers;
}"""


def browser_answers(page: Page, requests: list[Request]) -> list[dict[str, Any]]:
    """The page engine's answers to ``requests``, in the shape of :func:`cli_answer`."""
    answers: list[dict[str, Any]] = page.evaluate(ASK, requests)
    for answer in answers:
        if "error" in answer:
            assert (answer.pop("name"), answer.pop("isError")) == ("ScoutRefError", True)
    return answers


def test_the_sample_covers_what_it_should() -> None:
    requests = sample()
    players = {int(r["position"][0]) for r in requests}
    assert players == {2, 3, 4, 5}
    assert {r["command"] for r in requests} == {"explain", "legal"}
    assert any(r["hypothetical"] for r in requests)
    assert sample() == requests  # seeded: the same sample every run


def test_explain_and_legal_agree_with_the_cli(referee: Page) -> None:
    requests = sample()
    expected = [cli_answer(r) for r in requests]
    verdicts = {a["document"]["legal"] for a in expected if "legal" in a.get("document", {})}
    assert verdicts == {True, False}, "the sample must hold legal and illegal moves"
    assert browser_answers(referee, requests) == expected


def test_bad_input_gets_the_clis_message(referee: Page) -> None:
    requests = garbled()
    expected = [cli_answer(r) for r in requests]
    assert sum("error" in a for a in expected) >= 3, "the garbling must make some input unreadable"
    answers = browser_answers(referee, requests)
    assert answers == expected
    assert not any("Traceback" in a.get("error", "") for a in answers)


def test_a_position_no_game_reaches_is_refused_unless_hypothetical(referee: Page) -> None:
    unreachable = "3p hands 3/1 4/1 | 5/2 | 6/3 7/3 active_set 2/1 owner 1 scout_chips 9 9 9"
    requests: list[Request] = [
        {"command": "legal", "position": unreachable, "hypothetical": h} for h in (False, True)
    ]
    expected = [cli_answer(r) for r in requests]
    assert browser_answers(referee, requests) == expected


def test_arguments_that_are_not_text_are_refused_in_javascript(referee: Page) -> None:
    names = referee.evaluate(
        """async () => Promise.all([scoutRef.legal(3), scoutRef.explain("2p", null)].map(
             (p) => p.then(() => "answered", (e) => e.name)))"""
    )
    assert names == ["TypeError", "TypeError"]


def test_version_is_the_package_version(referee: Page) -> None:
    version = importlib.metadata.version("scout-ref")
    assert referee.evaluate("scoutRef.version") == version
    assert referee.evaluate("scoutRef.started") is True


def test_reading_a_page_loads_no_engine(read_faq: Read, site_url: str) -> None:
    assert read_faq.referee_files == [f"{site_url}_static/referee/scoutref.js"]
    assert read_faq.started is False


def test_a_page_fits_a_phone(referee: Page, tmp_path: Path) -> None:
    shot = tmp_path / "faq-430.png"
    referee.screenshot(path=str(shot))  # where the panel, with its verdict, was scrolled to
    assert shot.stat().st_size > 10_000  # a page drawn, not a blank one
    assert referee.viewport_size == PHONE
    assert referee.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_site_serves_its_python_compiled(built: Path) -> None:
    """The standard library and every wheel reach the page as bytecode of its interpreter
    (scoutdocs.bytecode), which it would otherwise compile as it starts."""
    if shutil.which("node") is None:
        pytest.skip("no Node.js: the site serves its Python as sources")
    referee = built / "_static" / "referee"
    with zipfile.ZipFile(referee / "pyodide" / "python_stdlib.zip") as stdlib:
        names = stdlib.namelist()
    assert not [n for n in names if n.endswith(".py")]
    assert "json/__init__.pyc" in names
    manifest = json.loads((referee / "wheels.json").read_text(encoding="utf-8"))
    lock = json.loads((referee / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    tag = "cpython-{}{}".format(*lock["info"]["python"].split(".")[:2])  # the page's CPython
    for wheel in [*manifest["wheels"], *manifest["language_wheels"]]:
        with zipfile.ZipFile(referee / "wheels" / wheel) as archive:
            names = archive.namelist()
        sources = [n for n in names if n.endswith(".py")]
        compiled = {n for n in names if n.endswith(f".{tag}.pyc")}
        assert sources, wheel
        for source in sources:
            folder, _, file = source.rpartition("/")
            assert f"{folder}/__pycache__/{file[:-3]}.{tag}.pyc".lstrip("/") in compiled
