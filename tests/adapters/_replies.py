"""Serve the reference engine as an adapter whose replies are changed by one function.

Some wrong engines are easiest to state as a change to what the reference answers (a card the
box does not hold, a flag set): :func:`serve_changed` wraps the reference's answer with it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import scout_ref.conformance.oracle.server as reference
from tests.adapters._patch import serve

Message = dict[str, Any]
Change = Callable[[Message, Message], None]
"""Changes, in place, the reply (a deep copy of the reference's) to a request."""


def serve_changed(name: str, change: Change) -> None:
    """Answer as the reference does, each result reply changed by ``change``."""
    right = reference.answer

    def answer(request: Message) -> Message:
        reply = right(request)
        if reply.get("type") != "result":
            return reply
        reply = copy.deepcopy(reply)
        change(request, reply)
        return reply

    reference.answer = answer
    serve(name)
