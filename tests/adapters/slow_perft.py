"""A slow engine: a wrong engine of the zoo whose perft requests take 90 s each.

Usage: ``slow_perft.py MODULE`` with MODULE a wrong engine (``tests.adapters.wrong_equal_beats``).
Every other request is answered at once, so a runner that survives slow engines judges every
other case, reports the perft cases as time-outs and still names the planted bug.
"""

from __future__ import annotations

import runpy
import sys
import time

import scout_ref.conformance.oracle.answers as reference

SECONDS = 90.0


def slow_perft(request: reference.Message) -> reference.Message:
    """Count correctly, but only after :data:`SECONDS`."""
    time.sleep(SECONDS)
    return perft(request)


perft = reference.REQUESTS["perft"]

if __name__ == "__main__":
    reference.REQUESTS["perft"] = slow_perft
    runpy.run_module(sys.argv[1], run_name="__main__")
