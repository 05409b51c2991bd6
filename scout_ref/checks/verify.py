"""Exhaustive checking: every invariant of play at every node of a game tree, to a given depth.

The property tests check the invariants of :mod:`scout_ref.checks.invariants` on random play; here
the tree that perft counts is walked in full, so within ``depth`` moves of each starting position
nothing is left to chance: every position reached is checked (the legal list, JSON, "accepted
if and only if listed", rejection precedence against :mod:`scout_ref.checks.naive`, the state left
unchanged) and so is every move (cards, chips, the turn, how the round ended and its score, and,
when the starting position is one play reaches, the conditions of chapter REACH).
Positions where the round is over are leaves. Used by ``scout-ref verify``; not part of the
engine.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields
from functools import partial
from operator import attrgetter
from pathlib import Path

from scout_ref.analysis.distribute import map_jobs, picklable
from scout_ref.checks.invariants import (
    InvariantError,
    check_accepted_iff_listed,
    check_json_round_trip,
    check_legal_list,
    check_listed_moves_apply,
    check_move_effects,
    check_position_reachable,
    dealt_cards,
    require,
    well_formed_moves,
    well_formed_places,
)
from scout_ref.checks.naive import FirstBroken, broken_rules
from scout_ref.engine.components import Card
from scout_ref.engine.notation import Move, move_sort_key
from scout_ref.engine.reachability import check_reachable
from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_move, legal_moves
from scout_ref.errors import ScoutError
from scout_ref.formats.state_json import (
    JSONObject,
    JSONValue,
    state_digest,
    state_from_json,
    state_to_json,
)
from scout_ref.rulebook.registry import RULE_ID, spec_dir


@dataclass(frozen=True, slots=True)
class Counterexample:
    """A broken invariant: where (``state``, reached from ``root`` by ``path``), what, and the
    move whose effect was wrong (None when the position itself is wrong)."""

    root: State
    path: tuple[Move, ...]
    state: State
    move: Move | None
    problem: str

    @property
    def rules(self) -> list[str]:
        """The rule IDs the problem names (SC-GEN-03 if it names none)."""
        return sorted(set(RULE_ID.findall(self.problem))) or ["SC-GEN-03"]

    def vector(self) -> tuple[str, JSONObject]:
        """The counterexample as a vector case, with its kind.

        A wrong position becomes a ``legal`` case whose expected moves the naive oracle lists;
        a wrong move effect becomes an ``apply`` case without ``expected``: the engine's answer
        is the one in doubt, so the expected state is filled in once the engine is fixed.
        """
        base: JSONObject = {
            "id": f"verify-{state_digest(self.state)[:12]}",
            "description": f"Found by scout-ref verify: {self.problem}.",
            "rules": list[JSONValue](self.rules),
            "focus": self.rules[0],
            "state": state_to_json(self.state),
        }
        if self.move is not None:
            return "apply", base | {"id": f"apply-{base['id']}", "move": str(self.move)}
        legal = [m for m in well_formed_moves(self.state) if not broken_rules(self.state, m)]
        moves = [str(m) for m in sorted(set(legal), key=move_sort_key)]
        expected: JSONObject = {"moves": list[JSONValue](moves)}
        return "legal", base | {"id": f"legal-{base['id']}", "expected": expected}


picklable(Counterexample)


@dataclass
class Tally:
    """What a run has covered: starting positions, nodes checked, CPU seconds, problems."""

    roots: int = 0
    nodes: int = 0
    seconds: float = 0.0
    counterexamples: list[Counterexample] = field(default_factory=list)

    @property
    def per_second(self) -> float:
        """Nodes checked per CPU second."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


SAMPLE = 16
"""By default one unlisted Scout & Show in 16 is judged at the first node of each situation,
one listed move in 16 applied there, and the JSON forms compared at one node in 16 and
round-tripped at one in 256 and at the first node of each kind; a later node of a situation
lists the same moves and has one in 16 of them judged afresh: see :func:`check_position`."""


_FIELDS = attrgetter(*(f.name for f in fields(State)))
"""The state's fields, each an immutable value: equal before and after a call exactly when
the call replaced no field (the JSON comparison of :func:`check_position` sees the rest)."""


def kind(state: State) -> tuple[object, ...]:
    """What the shape of a state's JSON form depends on: the table's size and rules, the phase,
    how the round ended, whether a set is active (and so owned) and whether cards are set
    aside. A walk round-trips the first node of each kind it meets."""
    return (
        state.players,
        state.rules,
        state.phase,
        state.round_end,
        bool(state.active_set),
        bool(state.set_aside),
    )


def check_position(
    state: State,
    sample: int = 1,
    serial: int = 0,
    round_trip: bool | None = None,
    oracle: FirstBroken | None = None,
) -> list[Move]:
    """Check every invariant of one position; return its legal moves.

    ``sample`` above 1 thins the costliest checks, and ``serial`` (the node's number in the
    walk) turns the sample from node to node so that, over a tree, every place is tried:
    the unlisted Scout & Shows (the cube of the hand's size, the other moves being its square)
    are judged one in ``sample``; one listed move in ``sample`` is read back from its notation
    and applied here (the walk applies every one below its last level, and checks its
    effects). Every listed move and every other well-formed move is judged (accepted, or
    rejected for the first broken rule) at every node without ``oracle``, at the first node
    of each situation with it (below), and no field of the state may be replaced by checking
    them; the JSON forms before and after are compared as well when
    ``serial`` is a multiple of ``sample``. The JSON round trip (schema validation included)
    is made when ``round_trip`` says so, by default when ``serial`` is a multiple of
    ``sample`` squared (the walk adds the first node of each ``kind``). ``oracle``
    remembers, by situation (:func:`scout_ref.checks.naive.situation`), the naive oracle's verdicts
    and the legal list checked at the situation's first node: at a later node of the same
    situation the engine must list exactly those moves, and it judges afresh one in
    ``sample`` of the moves the first node judged (its unlisted Scout & Shows one in
    ``sample`` squared) and applies one listed move in ``sample`` squared, turning with
    ``serial`` (:func:`~scout_ref.checks.invariants.check_accepted_iff_listed`).

    Raises:
        InvariantError: if one fails.
    """
    held = _FIELDS(state)
    before = state_to_json(state) if serial % sample == 0 else None
    known = None if oracle is None else oracle.verdicts(state)
    moves = legal_moves(state)
    places = well_formed_places(len(state.hand), moves)
    repeat = known is not None and known.listing is not None
    if not repeat:  # else the list must be the one checked at that earlier position
        check_legal_list(state, moves, places)
    if round_trip if round_trip is not None else serial % (sample * sample) == 0:
        check_json_round_trip(state)
    check_accepted_iff_listed(state, moves, sample, serial, known, places=places)
    apply_step = sample * sample if repeat else sample
    check_listed_moves_apply(state, moves[serial % apply_step :: apply_step])
    unchanged = _FIELDS(state) == held and (before is None or state_to_json(state) == before)
    require(unchanged, "SC-GEN-03: checking its moves changed the state")
    return moves


def _walk(
    root: State, depth: int, dealt: frozenset[Card], tally: Tally, sample: int
) -> Counterexample | None:
    """Depth-first over the tree; the first problem found under ``root``, if any."""
    path: list[Move] = []
    reachable = not check_reachable(root)  # chapter REACH speaks only of positions play reaches
    kinds: set[tuple[object, ...]] = set()
    oracle = FirstBroken()

    def visit(state: State, left: int) -> Counterexample | None:
        serial = tally.nodes
        tally.nodes += 1
        shape = kind(state)
        round_trip = serial % (sample * sample) == 0 or shape not in kinds
        kinds.add(shape)
        try:
            moves = check_position(state, sample, serial, round_trip, oracle)
        except (InvariantError, ScoutError) as exc:
            return Counterexample(root, tuple(path), state, None, str(exc))
        if left == 0:
            return None
        for move in moves:
            after = apply_move(state, move)
            try:
                check_move_effects(state, move, after, dealt)
                if reachable:
                    check_position_reachable(after)
            except (InvariantError, ScoutError) as exc:
                return Counterexample(root, tuple(path), state, move, str(exc))
            path.append(move)
            found = visit(after, left - 1)
            path.pop()
            if found is not None:
                return found
        return None

    return visit(root, depth)


def verify_root(root: State, depth: int, sample: int = SAMPLE) -> Tally:
    """Check every node within ``depth`` moves of ``root``; the first problem found under it
    is recorded and the rest of its tree abandoned. ``sample``: see :func:`check_position`
    (1 judges every well-formed move and round-trips every node).

    >>> from scout_ref import new_game
    >>> t = verify_root(new_game(3, seed=1), depth=2)
    >>> t.nodes, t.counterexamples
    (7, [])
    """
    tally = Tally(roots=1)
    start = time.process_time()
    found = _walk(root, depth, dealt_cards(root), tally, sample)
    tally.counterexamples += [found] if found is not None else []
    tally.seconds = time.process_time() - start
    return tally


def verify(
    roots: Sequence[State],
    depth: int,
    jobs: int = 1,
    sample: int = SAMPLE,
    scheduler: str | None = None,
) -> Iterator[Tally]:
    """:func:`verify_root` for each root, in order, on ``jobs`` processes or on the Dask cluster
    at ``scheduler`` (:func:`scout_ref.analysis.distribute.map_jobs`): the tallies are the same
    however the roots are spread.

    CPU seconds are counted in the process that did the work, so the nodes per CPU second do
    not depend on ``jobs``.
    """
    job = partial(verify_root, depth=depth, sample=sample)
    yield from map_jobs(job, roots, jobs=jobs, scheduler=scheduler)


def merge(total: Tally, part: Tally) -> None:
    """Add ``part`` to ``total``."""
    total.roots += part.roots
    total.nodes += part.nodes
    total.seconds += part.seconds
    total.counterexamples += part.counterexamples


def _carried_states(case: JSONObject) -> Iterator[JSONValue]:
    """Every state a vector case carries: its state, its expected or input state, and the
    scored states of a trace."""
    yield case.get("state")
    for key in ("expected", "input"):
        part = case.get(key)
        if isinstance(part, dict):
            yield part.get("state")
    steps = case.get("steps")
    for step in steps if isinstance(steps, list) else []:
        if isinstance(step, dict):
            yield step.get("state")


def vector_states(root: Path | None = None) -> list[State]:
    """The distinct states carried by the vector files, in file and case order."""
    folder = root or spec_dir() / "vectors"
    found: dict[str, State] = {}
    for path in sorted(folder.glob("*/*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        for case in document["cases"]:
            for data in _carried_states(case):
                if data is not None:
                    state = state_from_json(data)
                    found.setdefault(state_digest(state), state)
    return list(found.values())


def problem_text(problem: Counterexample) -> str:
    """A counterexample for people: where it is, what broke, and the vector to save."""
    kind, case = problem.vector()
    moves = "; ".join(str(m) for m in problem.path) or "(none)"
    lines = [
        f"counterexample under root {state_digest(problem.root)[:12]}, after moves: {moves}",
        f"  {problem.problem}",
        f"  as a {kind} vector"
        + (" (fill in expected.state once the engine is fixed):" if kind == "apply" else ":"),
        json.dumps(case, indent=2, sort_keys=True),
    ]
    return "\n".join(lines)
