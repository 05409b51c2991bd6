"""The public strategies: what they generate is valid, varied, and shrinks toward small cases."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import Phase as HypothesisPhase
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from scout_ref import (
    Card,
    OrientedCard,
    Phase,
    Rules,
    Scouting,
    State,
    check_move,
    is_legal,
    new_game,
    state_to_json,
    validate_state,
)
from scout_ref.analysis.simulation import GameRecord
from scout_ref.strategies import (
    Engine,
    EngineMismatch,
    ReferenceMachine,
    cards,
    decks,
    hands,
    illegal_moves,
    moves,
    oriented_cards,
    playouts,
    random_play_check,
    rules_configs,
    states,
)

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "toy_engine.py"
SIMPLEST = settings(max_examples=1, phases=[HypothesisPhase.generate], database=None)
"""Only the first example, which Hypothesis makes the simplest: where shrinking would end."""
QUICK = settings(max_examples=10, suppress_health_check=[HealthCheck.too_slow])


def toy_example() -> ModuleType:
    """The documented example, loaded from docs/examples."""
    spec = importlib.util.spec_from_file_location("toy_engine", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.rule("SC-TURN-02", "SC-SNS-02")
def test_documented_toy_engine_example_runs() -> None:
    toy = toy_example()
    toy.test_random_play_agrees()
    toy.test_legal_moves_agree()


def monotonic_toy() -> Engine:
    """A known mistake (rules brief): runs checked for monotonic, not consecutive, numbers."""
    toy = toy_example()
    vars(toy)["is_combination"] = lambda n: sorted(n) in (n, n[::-1])
    engine: Engine = toy.ToyEngine()
    return engine


@dataclass(frozen=True)
class ChipToScouter:
    """A known mistake: the scouting player, not the owner, takes the chip."""

    inner: Engine

    def legal_moves(self, state: dict[str, Any]) -> Iterable[str]:
        return self.inner.legal_moves(state)

    def apply_move(self, state: dict[str, Any], move: str) -> dict[str, Any]:
        after = self.inner.apply_move(state, move)
        if move.startswith("scout"):
            after["scout_chips"] = [
                n + (seat == state["turn"]) for seat, n in enumerate(state["scout_chips"])
            ]
        return after


@pytest.mark.rule("SC-SET-03")
def test_random_play_check_catches_monotonic_runs() -> None:
    with pytest.raises(EngineMismatch, match=r"legal moves differ .* extra show"):
        random_play_check(monotonic_toy(), games=4)


@pytest.mark.rule("SC-SCOUT-03")
def test_random_play_check_catches_a_wrong_chip() -> None:
    with pytest.raises(EngineMismatch, match=r"states differ after scout .* in scout_chips"):
        random_play_check(ChipToScouter(toy_example().ToyEngine()), games=4, players=(3,))


@pytest.mark.rule("SC-COMP-01", "SC-COMP-02")
@given(cards(), oriented_cards(), hands(min_size=1))
def test_cards_and_hands(card: Card, up: OrientedCard, hand: tuple[OrientedCard, ...]) -> None:
    assert card.low < card.high
    assert up.card.low < up.card.high
    assert len({c.card for c in hand}) == len(hand)


@pytest.mark.rule("SC-SETUP-01", "SC-SETUP-02")
@QUICK
@given(st.data())
def test_decks_deal_a_game(data: st.DataObject) -> None:
    players = data.draw(st.integers(2, 5))
    state = new_game(players, data.draw(decks(players)), data.draw(rules_configs()))
    assert state.phase is Phase.ROTATION


@pytest.mark.rule("SC-GEN-03")
@pytest.mark.parametrize("phase", list(Phase))
@pytest.mark.parametrize("players", [2, 4])
def test_states_reach_every_phase(phase: Phase, players: int) -> None:
    @QUICK
    @given(states(players=players, phase=phase))
    def check(state: State) -> None:
        assert state.phase is phase
        assert state.players == players
        assert validate_state(state_to_json(state)) == []

    check()


@pytest.mark.rule("SC-VAR-03")
@QUICK
@given(states(phase="play", rules=Rules(scouting=Scouting.FORCED)))
def test_states_keep_the_given_rules(state: State) -> None:
    assert state.rules.scouting is Scouting.FORCED


@pytest.mark.rule("SC-TURN-04")
@QUICK
@given(st.data())
def test_moves_are_legal_and_illegal_moves_are_not(data: st.DataObject) -> None:
    state = data.draw(states(phase=data.draw(st.sampled_from(["rotation", "play"]))))
    assert is_legal(state, data.draw(moves(state)))
    assert check_move(state, data.draw(illegal_moves(state))) is not None


@pytest.mark.rule("SC-TURN-03")
def test_no_moves_once_the_round_is_over() -> None:
    state = find(states(phase="round_over"), lambda s: True, settings=SIMPLEST)
    with pytest.raises(InvalidArgument, match="no legal move"):
        moves(state)


@pytest.mark.rule("SC-GAME-01")
@QUICK
@given(playouts())
def test_playouts_are_whole_games(game: GameRecord) -> None:
    assert len(game.rounds) == game.players
    assert game.final.phase is Phase.GAME_OVER


@pytest.mark.rule("SC-GEN-01", "SC-GEN-04")
def test_states_shrink_toward_two_players_official_rules_and_early_play() -> None:
    simplest = find(states(phase="play"), lambda s: True, settings=SIMPLEST)
    assert simplest.players == 2
    assert simplest.rules == Rules()
    assert simplest.round == 1
    assert simplest.owner is None  # no show yet: the first state of play


TestReferenceMachine = ReferenceMachine.TestCase
TestReferenceMachine.settings = settings(max_examples=10, stateful_step_count=40, deadline=None)
