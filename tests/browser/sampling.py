"""Requests for the referee, drawn from spec/vectors by a seeded sample, and the command
line's answers to them (:func:`cli_answer`, run in this process).

The sample covers player counts, kinds of vector (legal and rejected moves), later rounds and
variants; nobody picked its positions. :func:`garbled` spoils some of them as a reader's typing
may.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from typing import Any

from scout_ref.cli import main
from scout_ref.rulebook.registry import spec_dir

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
