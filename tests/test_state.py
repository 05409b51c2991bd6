"""Chapter GEN: seats, hand order, phases and the rules switches held in the state."""

from __future__ import annotations

import ast
import inspect
import typing
from dataclasses import fields, replace
from pathlib import Path

import pytest

from scout_ref import (
    MalformedInputError,
    Phase,
    Rules,
    Scouting,
    Seat,
    apply_move,
    new_game,
    oriented,
    parse_move,
    state_digest,
    state_to_json,
)
from scout_ref.analysis.simulation import random_game
from scout_ref.engine.state import Changes, State, _after_play, evolve, next_seat
from scout_ref.formats.position import build_state
from scout_ref.formats.state_json import rules_to_json
from tests.invariants import states_apart

NAMES = [f.name for f in fields(State)]
"""State's fields in order: the lists of them written out for speed are checked against it."""


@pytest.mark.rule("SC-GEN-01")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_next_seat_wraps_to_seat_zero(players: int) -> None:
    order = [next_seat(Seat(s), players) for s in range(players)]
    assert order == [*range(1, players), 0]


@pytest.mark.rule("SC-GEN-01")
@pytest.mark.parametrize("players", [0, 1, 6])
def test_rejects_player_count_outside_two_to_five(players: int) -> None:
    with pytest.raises(MalformedInputError, match="not 2 to 5"):
        new_game(players, seed=0)


@pytest.mark.rule("SC-GEN-02")
def test_show_leaves_the_rest_of_the_hand_in_order() -> None:
    state = build_state(4, ["1/5 3/6 4/7 2/8", "1/3", "1/4", "2/3"], owner=1)
    after = apply_move(state, parse_move("show 1-2"))
    assert after.hands[0] == (oriented(1, 5), oriented(2, 8))


@pytest.mark.rule("SC-GEN-02")
def test_scout_inserts_without_reordering_the_hand() -> None:
    state = build_state(4, ["1/5 3/6 4/7", "1/3", "1/4", "2/3"], active_set="9/8", owner=3)
    after = apply_move(state, parse_move("scout L @1"))
    assert after.hands[0] == (oriented(1, 5), oriented(9, 8), oriented(3, 6), oriented(4, 7))


@pytest.mark.rule("SC-GEN-03")
def test_a_game_passes_through_the_phases_in_order() -> None:
    record = random_game(3, seed=11)
    for rnd in record.rounds:
        phases = [state.phase for state, _ in rnd.steps()]
        assert phases[:3] == [Phase.ROTATION] * 3
        assert set(phases[3:]) == {Phase.PLAY}
    assert [r.end.phase for r in record.rounds] == [Phase.ROUND_OVER] * 2 + [Phase.GAME_OVER]


@pytest.mark.rule("SC-GEN-03")
def test_no_seat_acts_once_the_round_is_over() -> None:
    end = random_game(4, seed=2).rounds[0].end
    assert end.turn is None
    assert end.hand == ()


@pytest.mark.rule("SC-GEN-04")
def test_rules_switches_are_part_of_the_state() -> None:
    official = new_game(3, seed=4)
    forced = new_game(3, seed=4, rules=Rules(scouting=Scouting.FORCED))
    assert state_to_json(official)["rules"] == rules_to_json(Rules())
    assert state_to_json(forced)["rules"] == rules_to_json(Rules(scouting=Scouting.FORCED))
    assert state_digest(official) != state_digest(forced)


@pytest.mark.rule("SC-GAME-01")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_state_knows_its_number_of_rounds(players: int) -> None:
    assert new_game(players, seed=0).rounds == players


def _init_parameters() -> dict[str, str]:
    """The parameters of ``State.__init__`` and their annotations, as written in its source (the
    compiled build's signature is only ``*args, **kwargs``, with no annotations)."""
    source = Path(__file__).resolve().parents[1] / "scout_ref" / "engine" / "state.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    state = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "State")
    init = next(n for n in state.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    fields_ = {
        n.target.id: ast.unparse(n.annotation)
        for n in state.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }
    params = {
        a.arg: ast.unparse(a.annotation)
        for a in init.args.args[1:] + init.args.kwonlyargs
        if a.annotation
    }
    assert params == fields_, "State.__init__ annotates each field as the class does"
    return params


@pytest.mark.rule("SC-GEN-03")
def test_the_written_out_constructor_takes_every_field_in_order() -> None:
    """``State.__init__`` and :class:`Changes` are written out for mypyc: a new field fails
    here until both name it, with its type."""
    hints = typing.get_type_hints(State)
    assert list(hints) == NAMES
    assert list(_init_parameters()) == NAMES
    assert typing.get_type_hints(Changes) == hints
    _, second = states_apart()
    built = State(**{name: getattr(second, name) for name in NAMES})
    assert all(getattr(built, name) == getattr(second, name) for name in NAMES)


@pytest.mark.rule("SC-GEN-03")
@pytest.mark.parametrize("name", NAMES)
def test_evolve_changes_the_field_it_is_given_and_no_other(name: str) -> None:
    first, second = states_apart()
    change = {name: getattr(second, name)}
    assert evolve(first, **change) == replace(first, **change)
    assert getattr(evolve(first, **change), name) == getattr(second, name)


@pytest.mark.rule("SC-GEN-03")
def test_a_play_move_copies_every_field_it_does_not_change() -> None:
    first, second = states_apart()
    changed = list(inspect.signature(_after_play).parameters)[1:]
    assert changed == [name for name in NAMES if name in changed]  # in State's order
    after = _after_play(first, *(getattr(second, name) for name in changed))
    assert after == replace(first, **{name: getattr(second, name) for name in changed})
