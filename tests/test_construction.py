"""Witness games built forwards to a typed position's named parts
(``scout_ref.analysis.construction`` and ``scout_ref.analysis.shedding``, issue 19)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scout_ref import parse_position
from scout_ref.analysis.construction import construct
from scout_ref.analysis.shedding import Shedding, plans
from scout_ref.engine.reachability import check_reachable
from scout_ref.engine.setup import hand_size
from scout_ref.engine.state import Phase, State
from scout_ref.engine.variants import Rules, Scouting
from scout_ref.formats.position import build_reachable_state

pytestmark = pytest.mark.rule("SC-REACH-01")

SKETCHES = [
    "3p hands 3/7 3/1 9/2 5/8 6/4 | 1/4 2/7 | 8/2 7/1 active_set 4/9 5/1 owner 2",
    "3p hands 3/1 4/1 | 5/2 | 6/3 7/3 active_set 2/1 owner 1",  # seat 2 scouted since the show
    "3p turn 1 hands 9/1 4/1 5/1 | 6/1 | 7/1 owner 2",  # the show scouted empty
    "4p turn 2 hands 3/1 | 1/4 | 2/5 6/1 | 9/8 active_set 8/1 9/2 owner 1 scout_show_used 1",
    "2p turn 1 hands 1/2 3/4 | 5/6 2/6 active_set 9/8 owner 0",
    "3p phase round_over round_end unbeaten hands 2/1 9/3 | 3/1 8/1 | 6/5 active_set 4/1 owner 2",
]


def _named(state: State) -> tuple[object, ...]:
    return (
        state.hands,
        state.active_set,
        state.owner,
        state.turn,
        state.phase,
        state.round_end,
        state.scout_show_available,
    )


@pytest.mark.parametrize("line", SKETCHES)
def test_the_game_reaches_the_named_parts_and_the_line_places_cards_as_it_does(line: str) -> None:
    state = parse_position(line)
    witness = construct(state)
    assert witness is not None
    reached = witness.replay(state)
    assert reached == state  # the position line placed the unnamed cards as this game does
    assert _named(reached) == _named(state)
    assert check_reachable(reached) == []


def test_the_captured_piles_and_chips_are_the_games() -> None:
    """A state with the same named parts but other piles is reached only up to its piles."""
    line = SKETCHES[0]
    played = parse_position(line)
    placed = build_reachable_state(
        3,
        ["3/7 3/1 9/2 5/8 6/4", "1/4 2/7", "8/2 7/1"],
        active_set="4/9 5/1",
        owner=2,
        scout_chips=[0, 0, 1],
    )
    assert _named(placed) == _named(played)
    witness = construct(placed)
    assert witness is not None
    assert witness.replay(placed) == played != placed


def test_no_game_outside_what_the_construction_covers() -> None:
    state = parse_position(SKETCHES[0])
    assert construct(replace(state, round=2)) is None
    assert construct(replace(state, owner=None, active_set=(), captured=((),) * 3)) is None
    forced = replace(state, rules=Rules(scouting=Scouting.FORCED))
    assert construct(forced) is None
    assert construct(replace(state, phase=Phase.GAME_OVER, turn=None)) is None


def test_a_line_the_construction_cannot_reach_keeps_the_placement_of_chapter_reach() -> None:
    """The owner has shown nothing and nobody scouted since: no game; the cards are placed by
    build_reachable_state as before."""
    line = "3p turn 0 hands 3/1 | 5/2 | 6/3 owner 2"
    state = parse_position(line)
    assert construct(state) is None
    assert state == build_reachable_state(3, ["3/1", "5/2", "6/3"], owner=2, turn=0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("rounds", range(1, 16))
def test_a_plan_fills_every_turn_and_sheds_every_card(players: int, rounds: int) -> None:
    need = tuple(hand_size(players) - 3 - s for s in range(players))
    owner = players - 1
    used = frozenset({0}) if players > 2 else frozenset()
    shedding = Shedding((((),) * players), (), owner, (), need, used, 10)
    plan = plans(shedding, rounds)
    if plan is None:
        return
    for s, (singles, pairs, scouts) in enumerate(plan):
        turns = rounds + int(s < owner) - int(s in used)
        made = singles + pairs + (scouts if players > 2 else 0)
        assert made == turns
        assert singles + 2 * pairs - scouts == need[s]
        assert min(singles, pairs, scouts) >= 0
