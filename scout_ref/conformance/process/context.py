"""What judging a case needs: the adapter process, the strictness, and where findings go."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from scout_ref.conformance.model.kinds import Strictness, VectorKind
from scout_ref.conformance.model.outcomes import Finding, Message
from scout_ref.conformance.model.positions import add_positions
from scout_ref.conformance.process.adapter import Adapter
from scout_ref.conformance.protocol.features import deal_input, removal_contradiction
from scout_ref.conformance.protocol.messages import Capabilities, ProtocolError, Reply
from scout_ref.errors import MalformedInputError
from scout_ref.rulebook.registry import spec_version
from scout_ref.util.atomic import write_atomic


@dataclass
class Context:
    """What judging needs: the adapter, the strictness, and where findings go."""

    adapter: Adapter
    strictness: Strictness = "reason"
    findings_dir: Path | None = None
    findings: list[Finding] = field(default_factory=list)
    at: tuple[Message | None, str] | None = None
    """Where a trace case is: the state before its current step and that step."""
    uses: set[str] = field(default_factory=set)
    """The rules the failing steps of the case being judged pass through
    (:mod:`scout_ref.conformance.blame.uses`), gathered as they are judged."""

    def save(self, kind: VectorKind, case: Message, description: str) -> Path | None:
        """Write ``case`` as a one-case vector file in the findings folder."""
        if self.findings_dir is None:
            return None
        folder = self.findings_dir / kind  # laid out like spec/vectors, so --vectors can run it
        path = folder / f"{case['id']}.json"
        document = {
            "cases": [add_positions(case)],  # every state with its position line, as shipped
            "description": description,
            "kind": kind,
            "spec_version": spec_version(),
        }
        try:
            write_atomic(path, json.dumps(document, indent=2, sort_keys=True) + "\n", "--save")
        except MalformedInputError:  # an unwritable findings folder must not stop the run
            return None
        self.findings.append(Finding(path, case["id"]))
        return path


def caps_of(ctx: Context) -> Capabilities | None:
    """The capabilities the adapter's hello declared (None before the hello)."""
    hello = ctx.adapter.hello
    return hello.capabilities if hello is not None else None


def request_deal(ctx: Context, given: Message) -> Reply:
    """The adapter's reply to a ``deal`` request for ``given`` (a new game from the whole box
    when its hello lists ``removes_cards``: :func:`deal_input`).

    Raises:
        ProtocolError: ``hello``, when a deal of the whole box keeps a card the player count
            leaves out: the hello claims a feature the adapter does not have
            (:func:`removal_contradiction`); or as ``Adapter.request`` raises it.
    """
    sent = deal_input(caps_of(ctx), given)
    reply = ctx.adapter.request("deal", input=sent)
    contradiction = removal_contradiction(sent, reply)
    if contradiction is not None:
        raise ProtocolError("hello", contradiction)
    return reply
