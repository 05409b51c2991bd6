"""Chapter GAME: the number of rounds, the rotating start player, new deals and the winners."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scout_ref import MalformedInputError, Phase, Seat, State, next_round, shuffled_deck, winners
from scout_ref.analysis.simulation import random_game
from scout_ref.formats.position import build_state


def _round_over(players: int = 4, round: int = 1) -> State:
    hands = ["", "1/3", "1/4", "2/3", "2/4"][:players]
    return build_state(
        players,
        hands,
        owner=0,
        phase="round_over",
        turn=None,
        round_end="empty_hand",
        round=round,
        scores=[5, -2, 0, 1, 3][:players],
    )


@pytest.mark.rule("SC-GAME-01")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_game_has_as_many_rounds_as_players(players: int) -> None:
    record = random_game(players, seed=players)
    assert len(record.rounds) == players
    assert record.final.phase is Phase.GAME_OVER


@pytest.mark.rule("SC-GAME-02")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_start_player_rotates_each_round(players: int) -> None:
    # Known mistake of other implementations: a fixed or random start player.
    record = random_game(players, seed=1)
    assert [r.start.start_player for r in record.rounds] == list(range(players))
    assert [r.start.turn for r in record.rounds] == list(range(players))


@pytest.mark.rule("SC-GAME-03", "SC-SETUP-03")
def test_next_round_deals_the_given_deck() -> None:
    deck = shuffled_deck(4, seed=77)
    state = next_round(_round_over(), deck)
    assert state.hands == tuple(tuple(deck[s * 11 : s * 11 + 11]) for s in range(4))
    assert state.round == 2
    assert state.start_player == 1
    assert state.phase is Phase.ROTATION
    assert state.scores == (5, -2, 0, 1)
    assert state.captured == ((),) * 4


@pytest.mark.rule("SC-GAME-03")
def test_rejects_next_round_before_the_round_is_over() -> None:
    state = build_state(4, ["5/1", "1/3", "1/4", "2/3"], active_set="4/2", owner=2)
    with pytest.raises(MalformedInputError) as info:
        next_round(state, seed=1)
    assert info.value.problems[0][0] == "/phase"


@pytest.mark.rule("SC-GAME-03")
def test_rejects_a_next_round_deck_that_is_not_the_cards_in_play() -> None:
    deck = shuffled_deck(5, seed=1)
    with pytest.raises(MalformedInputError, match="not in play"):
        next_round(_round_over(), deck)


@pytest.mark.rule("SC-GAME-04")
def test_highest_total_wins() -> None:
    end = replace(random_game(3, seed=3).final, scores=(4, 9, -2))
    assert winners(end) == (Seat(1),)


@pytest.mark.rule("SC-GAME-04")
def test_tied_players_share_the_win() -> None:
    end = replace(random_game(3, seed=3).final, scores=(7, -1, 7))
    assert winners(end) == (Seat(0), Seat(2))
