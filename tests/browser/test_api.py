"""``scoutRef`` in Chromium answers as the command line does (issue 30).

The positions come from spec/vectors by a seeded sample over player counts, kinds of vector
(legal and rejected moves), later rounds and variants; nobody picked them. Each request goes to
the page's engine and to ``scout-ref`` itself, run in this process (:func:`scout_ref.cli.main`),
and the two answers must be the same: the JSON document, or the message after ``error:``.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from scout_ref.cli import main
from scout_ref.rulebook.registry import spec_dir
from tests.rulebook_build import ONE_BUILD

pytestmark = [ONE_BUILD, pytest.mark.slow]

SEED = 30
DEFAULT_RULES = {
    "empty_set_chain": "literal",
    "owner_exemption": True,
    "rotation": "each_round",
    "scouting": "voluntary",
}
Request = dict[str, Any]


def _cases() -> list[dict[str, Any]]:
    """Every vector case with a position, with its kind, player count, round and variant."""
    found = []
    for path in sorted((spec_dir() / "vectors").glob("*/*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            if "position" in case:
                state = case["state"]
                found.append(
                    {
                        **case,
                        "kind": path.parent.name,
                        "players": state["players"],
                        "later": state["round"] > 1,
                        "variant": state["rules"] != DEFAULT_RULES,
                    }
                )
    return found


def _pick(rng: random.Random, cases: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    assert cases, "the vectors have no case of a kind the sample needs"
    return rng.sample(cases, min(count, len(cases)))


def _request(rng: random.Random, case: dict[str, Any], command: str) -> Request:
    request: Request = {"command": command, "position": case["position"]}
    if command == "explain":
        request["move"] = case["move"]
    request["hypothetical"] = rng.random() < 0.25
    return request


def sample(seed: int = SEED) -> list[Request]:
    """explain requests over rejected and applied moves of 2 to 5 players, later rounds and
    variants; legal requests over every kind's positions likewise."""
    rng = random.Random(seed)
    cases = _cases()
    moves = [c for c in cases if "move" in c]
    chosen = [
        ("explain", c)
        for kind in ("apply", "reject")
        for n in range(2, 6)
        for c in _pick(rng, [m for m in moves if m["kind"] == kind and m["players"] == n], 2)
    ]
    chosen += [("explain", c) for c in _pick(rng, [m for m in moves if m["later"]], 3)]
    chosen += [("explain", c) for c in _pick(rng, [m for m in moves if m["variant"]], 3)]
    for n in range(2, 6):
        chosen += [("legal", c) for c in _pick(rng, [c for c in cases if c["players"] == n], 2)]
    chosen += [("legal", c) for c in _pick(rng, [c for c in cases if c["later"]], 2)]
    chosen += [("legal", c) for c in _pick(rng, [c for c in cases if c["variant"]], 2)]
    return [_request(rng, case, command) for command, case in chosen]


def garbled(seed: int = SEED) -> list[Request]:
    """Sampled requests with the position cut short, or a character of the move dropped or
    doubled: bad input of every kind the reader may type (some may still be readable)."""
    rng = random.Random(seed + 1)
    out = []
    for request in sample(seed)[:12]:
        position = request["position"]
        if rng.random() < 0.5:
            cut = rng.randrange(1, len(position))
            out.append({**request, "position": position[:cut]})
        elif "move" in request:
            move, at = request["move"], rng.randrange(len(request["move"]))
            dropped = rng.random() < 0.5
            mangled = move[:at] + (move[at + 1 :] if dropped else move[at] + move[at:])
            out.append({**request, "move": mangled + rng.choice(["", "x", " @", "-"])})
    return out


def cli_answer(request: Request) -> dict[str, Any]:
    """What ``scout-ref COMMAND --json [--hypothetical] POSITION [MOVE]`` answers, in process:
    ``{"document": ...}``, or the message after ``error:`` and the exit status."""
    argv = [request["command"], "--json", *(["--hypothetical"] if request["hypothetical"] else [])]
    argv += [request["position"], *([request["move"]] if "move" in request else [])]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    if status == 2:
        line = err.getvalue()
        assert line.startswith("error: "), line
        assert line.count("\n") == 1, line
        return {"error": line.removeprefix("error: ").rstrip("\n"), "exitCode": 2}
    assert err.getvalue() == ""
    return {"document": json.loads(out.getvalue())}


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


def test_reading_a_page_loads_no_engine(open_page: Callable[[str], Page], site_url: str) -> None:
    page = open_page("faq.html")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.reload()
    page.wait_for_load_state("networkidle")
    referee_files = [u for u in asked if "/_static/referee/" in u]
    assert [u.split("?")[0] for u in referee_files] == [f"{site_url}_static/referee/scoutref.js"]
    assert page.evaluate("scoutRef.started") is False
    page.close()


def test_a_page_fits_a_phone(open_page: Callable[[str], Page], tmp_path: Path) -> None:
    page = open_page("faq.html")
    page.set_viewport_size({"width": 430, "height": 932})
    page.reload()
    shot = tmp_path / "faq-430.png"
    page.screenshot(path=str(shot), full_page=False)
    assert shot.stat().st_size > 10_000  # a page drawn, not a blank one
    assert page.evaluate("document.documentElement.scrollWidth") <= 430
    page.close()
