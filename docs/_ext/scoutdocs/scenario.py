"""Worked examples as data: a position, the moves played from it, and what the engine must say.

An example is checked by running the reference engine, so the prose of the rulebook can never
drift from the code: any disagreement is reported as an :class:`ExampleMismatch`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from scout_ref import (
    History,
    Move,
    Observation,
    Rules,
    Seat,
    State,
    apply_move,
    check_move,
    check_reachable,
    legal_moves,
    new_game,
    next_round,
    observation,
    parse_move,
    round_scores,
    winners,
)
from scout_ref.engine.notation import (
    Flip,
    Keep,
    Probe,
    Scout,
    ScoutInner,
    ScoutShow,
    Show,
    ShowCards,
    parse_probe,
)
from scout_ref.engine.repetition import first_repeat
from scout_ref.engine.turn import check_probe
from scout_ref.errors import MalformedInputError, Rejection, ScoutError
from scout_ref.formats.position import build_reachable_state
from scout_ref.formats.position_line import format_position
from scout_ref.formats.witness_store import replay_witness, stored_witness

DEAL = "deal"  # the pseudo-move that deals the next round (a seeded deck, or the set-aside)


class ExampleMismatch(Exception):
    """The engine disagrees with what an example says."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an example: the state before, the move (None for a deal) and its verdict."""

    before: State
    move: Move | Probe | None
    """A probe (SC-NOTE-07) only as the last move, which it always is, being rejected."""
    rejection: Rejection | None
    after: State


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happened when an example was played."""

    start: State
    steps: tuple[Step, ...]
    final: State
    checked: tuple[tuple[str, str], ...] = field(default=())


def _ints(options: dict[str, str], key: str) -> list[int] | None:
    return [int(x) for x in options[key].split()] if key in options else None


def _int(options: dict[str, str], key: str) -> int | None:
    value = options.get(key, "none")
    return None if value == "none" else int(value)


def start_state(options: dict[str, str]) -> State:
    """The position an example starts from: a seeded new game, or a hand-built state filled in
    as play can produce it (:func:`~scout_ref.formats.position.build_reachable_state`)."""
    players = int(options["players"])
    rules = Rules.parse(options.get("switches", ""))
    if "seed" in options:
        return new_game(players, rules=rules, seed=int(options["seed"]))
    available = options.get("scout-show")
    return build_reachable_state(
        players,
        [h.strip() for h in options["hands"].split("|")],
        active_set=options.get("active-set", ""),
        owner=_int(options, "owner"),
        turn=_int(options, "turn") if "turn" in options else 0,
        phase=options.get("phase", "play"),
        rules=rules,
        round=int(options.get("round", "1")),
        captured=[p.strip() for p in options["captured"].split("|")]
        if "captured" in options
        else None,
        scout_chips=_ints(options, "chips"),
        scout_show_available=None if available is None else [w == "yes" for w in available.split()],
        scores=_ints(options, "scores"),
        round_end=options.get("round-end"),
    )


def play(start: State, moves: list[str]) -> tuple[Step, ...]:
    """Play the moves; only the last may be rejected (its state then stays as it was)."""
    steps: list[Step] = []
    state = start
    for k, text in enumerate(moves):
        if text == DEAL:
            after = next_round(state, seed=0)
            steps.append(Step(state, None, None, after))
            state = after
            continue
        move, rejection = _checked(state, text)
        if rejection is not None and k < len(moves) - 1:
            raise ExampleMismatch(f"move {text!r} is rejected: {rejection}")
        after = state
        if rejection is None:
            assert not isinstance(move, ScoutInner | ShowCards), "a probe is never legal"
            after = apply_move(state, move)
        steps.append(Step(state, move, rejection, after))
        state = after
    return tuple(steps)


def _checked(state: State, text: str) -> tuple[Move | Probe, Rejection | None]:
    """The move written ``text`` and why it is illegal; a move the rules forbid is written as a
    probe (SC-NOTE-07)."""
    try:
        move = parse_move(text)
    except MalformedInputError:
        probe = parse_probe(text)
        return probe, check_probe(state, probe)
    return move, check_move(state, move)


def _cards(cards: Iterable[object]) -> str:
    text = " ".join(str(c) for c in cards)
    return text or "empty"


def _seats(values: Iterable[object]) -> str:
    text = " ".join(str(v) for v in values)
    return text or "none"


def _opt(value: object) -> str:
    return "none" if value is None else str(getattr(value, "value", value))


OBSERVERS: dict[str, Callable[[State], str]] = {
    "phase": lambda s: s.phase.value,
    "turn": lambda s: _opt(s.turn),
    "owner": lambda s: _opt(s.owner),
    "round": lambda s: str(s.round),
    "start_player": lambda s: str(s.start_player),
    "round_end": lambda s: _opt(s.round_end),
    "active_set": lambda s: _cards(s.active_set),
    "hand_sizes": lambda s: _seats(len(h) for h in s.hands),
    "chips": lambda s: _seats(s.scout_chips),
    "scout_show": lambda s: _seats("yes" if a else "no" for a in s.scout_show_available),
    "scores": lambda s: _seats(s.scores),
    "captured": lambda s: _seats(len(p) for p in s.captured),
    "round_scores": lambda s: _seats(r.total for r in round_scores(s)),
    "exempt": lambda s: _seats(r.seat for r in round_scores(s) if r.exempt),
    "winners": lambda s: _seats(winners(s)),
    "legal": lambda s: ", ".join(str(m) for m in legal_moves(s)) or "none",
    "legal_count": lambda s: str(len(legal_moves(s))),
    "cards": lambda s: str(
        sum(len(h) for h in s.hands)
        + len(s.active_set)
        + len(s.set_aside)
        + sum(len(p) for p in s.captured)
    ),
    "set_aside": lambda s: str(len(s.set_aside)),
    "top_numbers": lambda s: _seats(sorted({c.top for h in s.hands for c in h})),
}


def observe(key: str, final: State, steps: tuple[Step, ...], played: tuple[Step, ...] = ()) -> str:
    """The engine's answer for one ``key = value`` line of an example; ``played`` are all the
    steps from the example's first position (its ``:setup:`` witness, then its moves)."""
    words = key.split()
    if key == "verdict":
        last = steps[-1] if steps else None
        if last is None or last.move is None:
            raise ExampleMismatch("verdict needs a move")
        return "legal" if last.rejection is None else last.rejection.reason.value
    if len(words) == 2 and words[0] == "hand":
        return _cards(final.hands[int(words[1])])
    if len(words) >= 2 and words[0] in ("sees", "unseen", "deduced", "recalls"):
        obs = _observation(final, played or steps, int(words[1]))
        if words[0] == "unseen":
            return _cards(obs.unseen)
        if words[0] == "recalls":
            return "; ".join(str(e.move) for e in obs.history.events) or "none"
        other = Seat(int(words[2]))
        return _cards(obs.deduced[other]) if words[0] == "deduced" else _sees(obs, other)
    if key in ("legal_has", "legal_lacks"):
        raise ExampleMismatch("legal_has and legal_lacks are checked separately")
    if key == "repeat":  # positions counted from the start (0) to after the last move
        found = first_repeat([steps[0].before, *(s.after for s in steps)]) if steps else None
        return "none" if found is None else f"{found.first} {found.again}"
    if key not in OBSERVERS:
        raise ExampleMismatch(f"unknown expectation {key!r}; known: {', '.join(OBSERVERS)}")
    return OBSERVERS[key](final)


def _observation(final: State, steps: tuple[Step, ...], seat: int) -> Observation:
    """What ``seat`` knows after the example's steps, deals included (chapter INFO)."""
    if not steps:
        return observation(final, Seat(seat))
    history = History.begin(steps[0].before)
    for step in steps:
        if step.move is None:
            history = history.next_round(seed=0)
        elif step.rejection is None and isinstance(
            step.move, Keep | Flip | Show | Scout | ScoutShow
        ):
            history = history.then(step.move)
    return observation(history, Seat(seat))


def _sees(obs: Observation, other: Seat) -> str:
    """``sees S T``: seat T's hand as seat S knows it (``?`` hidden)."""
    return " ".join("?" if c is None else str(c) for c in obs.sees(other)) or "empty"


def _norm(text: str) -> str:
    return " ".join(text.replace(",", " , ").split())


def check(
    final: State,
    steps: tuple[Step, ...],
    expect: list[tuple[str, str]],
    played: tuple[Step, ...] = (),
) -> None:
    """Raise :class:`ExampleMismatch` unless every expectation holds; ``played`` are the steps
    from the first position, for what a seat knows."""
    legal = {str(m) for m in legal_moves(final)}
    for key, wanted in expect:
        if key in ("legal_has", "legal_lacks"):
            moves = {m.strip() for m in wanted.split(",")}
            bad = moves - legal if key == "legal_has" else moves & legal
            if bad:
                how = "not legal" if key == "legal_has" else "legal"
                raise ExampleMismatch(f"the engine finds {', '.join(sorted(bad))} {how}")
            continue
        actual = observe(key, final, steps, played)
        if _norm(actual) != _norm(wanted):
            raise ExampleMismatch(f"{key} is {actual!r} but the example says {wanted!r}")


def parse_expect(text: str) -> list[tuple[str, str]]:
    """``key = value`` lines; at least one is required."""
    out: list[tuple[str, str]] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        key, sep, value = line.partition("=")
        if sep:
            out.append((key.strip(), value.strip()))
        elif out:  # a long value goes on over the next lines
            out[-1] = (out[-1][0], f"{out[-1][1]} {line.strip()}")
        else:
            raise ExampleMismatch(f"expectation {line.strip()!r} is not 'key = value'")
    if not out:
        raise ExampleMismatch("an example must check at least one thing")
    return out


def _replay_stored_witness(start: State, options: dict[str, str]) -> None:
    """A hand-built position's witness game, stored under ``spec/witnesses`` by its digest, must
    replay to exactly that position; a seeded example is its own witness (seed and moves).

    A hand-built position without one is an error, unless the example says ``:unproven:`` (the
    examples still waiting for theirs, listed so they can be counted); an example that says so
    while it has a witness is an error too, so the list only shrinks.
    """
    stored = stored_witness(start)
    if stored is None:
        if "unproven" in options:
            return
        raise ExampleMismatch(
            "no witness game reaches it: store one with "
            f"scout-ref check '{format_position(start)}' --store, or start from a :seed:"
        )
    if "unproven" in options:
        raise ExampleMismatch(f"it has a witness ({stored.name}): drop its :unproven: option")
    try:
        replay_witness(stored, start)
    except ScoutError as exc:
        raise ExampleMismatch(f"its witness game does not reach it: {exc}") from None


def run_example(options: dict[str, str]) -> Outcome:
    """Build, play and check one example; raise :class:`ExampleMismatch` on any disagreement."""
    start = start_state(options)
    violations = check_reachable(start)
    if violations:
        listed = "; ".join(map(str, violations))
        raise ExampleMismatch(f"the position cannot arise in play: {listed}")
    if "seed" not in options:
        _replay_stored_witness(start, options)
    setup = [m.strip() for m in options.get("setup", "").split(";") if m.strip()]
    reached: tuple[Step, ...] = ()
    if setup:
        # A witness: the pictured position is reached by these moves from the deal.
        reached = play(start, setup)
        if reached[-1].rejection is not None:
            raise ExampleMismatch(f"setup move {setup[-1]!r} is rejected")
        start = reached[-1].after
    moves = [m.strip() for m in options.get("moves", "").split(";") if m.strip()]
    steps = play(start, moves)
    final = steps[-1].after if steps else start
    expect = parse_expect(options.get("expect", ""))
    check(final, steps, expect, reached + steps)
    return Outcome(start, steps, final, tuple(expect))
