"""Wrong engine: only the start player decides whether to rotate; once they have, play begins
(the others keep their hands); breaks SC-ORIENT-01 (each player decides). Not of the zoo: its
perft counts of whole deals run far past the time-outs (tests/test_conformance_verdict_evidence.py
gives it a shallow perft case)."""

from __future__ import annotations

from scout_ref.engine import rotation
from scout_ref.engine.state import Phase, Seat, State, evolve
from tests.adapters._patch import replace, serve

BREAKS = ("SC-ORIENT-01", "SC-ORIENT-03")
right = rotation.resolve_rotation


def resolve_rotation(state: State, seat: Seat, *, flip: bool) -> State:
    after = right(state, seat, flip=flip)
    return evolve(after, phase=Phase.PLAY, turn=state.start_player)


if __name__ == "__main__":
    replace(right, resolve_rotation)
    serve("wrong: only the start player rotates")
