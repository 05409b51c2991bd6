"""An adapter written for SCP 1: the reference engine, whose hello says protocol 1 and whose
observations leave out ``earlier``, ``unseen`` and ``deduced`` (SCP 2 added them).

Usage: ``scp1.py [MODE]``. MODE ``old`` (the default) is an honest SCP 1 adapter. MODE
``claims2`` says protocol 2 but still answers observe the SCP 1 way: the runner gives up its
observe requests after repeated malformed replies and judges every other kind.
"""

from __future__ import annotations

import json
import sys

from scout_ref.conformance.oracle.server import HELLO, answer

SCP2_ONLY = ("earlier", "unseen", "deduced")


def main(mode: str) -> None:
    """Serve until bye."""
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "bye":
            return
        if request["type"] == "hello":
            reply = HELLO | {"protocol": 1 if mode == "old" else 2, "name": f"scp1-{mode}"}
        else:
            request.pop("earlier", None)  # SCP 1 has no earlier rounds to read
            reply = answer(request)
            observed = reply.get("observation")
            if isinstance(observed, dict):
                reply["observation"] = {k: v for k, v in observed.items() if k not in SCP2_ONLY}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "old")
