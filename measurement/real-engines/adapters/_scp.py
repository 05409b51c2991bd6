"""SCP 2 framing and notation shared by the real-engine adapters (stdlib only).

It knows nothing of the rules: it reads a request line, hands it to the adapter's handler for its
type and writes the reply; it spells moves in and out of canonical notation (SC-NOTE-01..04).
"""

from __future__ import annotations

import json
import os
import re
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Message = dict[str, Any]


def engine_path(variable: str) -> str:
    """The engine's source folder: the first argument, else the environment variable."""
    path = sys.argv[1] if len(sys.argv) > 1 else os.environ.get(variable, "")
    if not path or not os.path.isdir(path):
        sys.exit(f"error: give the engine's source folder as the first argument or in ${variable}")
    return path


class Rejected(Exception):
    """The engine refuses the move (its assertion or its action mask)."""


@dataclass(frozen=True)
class ScoutPart:
    left: bool
    rotated: bool
    slot: int


@dataclass(frozen=True)
class ShowPart:
    first: int
    last: int


_SCOUT = re.compile(r"scout ([LR])(~?) @(\d+)")
_SHOW = re.compile(r"show (\d+)-(\d+)")


def parse_move(text: str) -> str | ScoutPart | ShowPart | tuple[ScoutPart, ShowPart]:
    """A canonical move: 'keep' / 'flip', a scout, a show, or a Scout & Show (scout, show)."""
    if text in ("keep", "flip"):
        return text
    if m := _SCOUT.fullmatch(text):
        return ScoutPart(m.group(1) == "L", m.group(2) == "~", int(m.group(3)))
    if m := _SHOW.fullmatch(text):
        return ShowPart(int(m.group(1)), int(m.group(2)))
    scout, plus, show = text.partition(" + ")
    if plus and (a := _SCOUT.fullmatch(scout)) and (b := _SHOW.fullmatch(show)):
        return (
            ScoutPart(a.group(1) == "L", a.group(2) == "~", int(a.group(3))),
            ShowPart(int(b.group(1)), int(b.group(2))),
        )
    raise Rejected(f"not a move: {text!r}")


def scout_text(left: bool, rotated: bool, slot: int) -> str:
    return f"scout {'L' if left else 'R'}{'~' if rotated else ''} @{slot}"


def show_text(first: int, last: int) -> str:
    return f"show {first}-{last}"


def card_pair(text: str) -> tuple[int, int]:
    """An oriented card 'top/bottom' as (top, bottom)."""
    top, bottom = text.split("/")
    return int(top), int(bottom)


def oriented(top: int, bottom: int) -> str:
    return f"{top}/{bottom}"


def identity(a: int, b: int) -> str:
    return f"{min(a, b)}-{max(a, b)}"


def sorted_identities(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: tuple(int(x) for x in c.split("-")))


def serve(hello: Message, handlers: dict[str, Callable[[Message], Message]]) -> None:
    """Answer requests on stdin until bye."""
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            reply: Message | None = {"id": None, "type": "errored", "message": "not JSON"}
        else:
            reply = _answer(request, hello, handlers)
        if reply is None:
            return
        sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        sys.stdout.flush()


def _answer(
    request: Message, hello: Message, handlers: dict[str, Callable[[Message], Message]]
) -> Message | None:
    kind = request.get("type")
    if kind == "bye":
        return None
    if kind == "hello":
        return hello
    handler = handlers.get(kind) if isinstance(kind, str) else None
    if handler is None:
        return {"id": request.get("id"), "type": "skipped", "reason": f"no {kind}"}
    try:
        return {"id": request.get("id"), "type": "result", **handler(request)}
    except Rejected as exc:
        return {
            "id": request.get("id"),
            "type": "result",
            "rejection": {"reason": "illegal", "detail": str(exc)},
        }
    except Exception as exc:  # the engine failed: say so, never die
        traceback.print_exc(file=sys.stderr)
        return {
            "id": request.get("id"),
            "type": "errored",
            "message": f"{type(exc).__name__}: {exc}"[:400],
        }
