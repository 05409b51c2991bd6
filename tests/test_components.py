"""Chapter COMP: the deck, card orientation and the two kinds of chip."""

from __future__ import annotations

import itertools

import pytest

from scout_ref import Card, apply_move, new_game, oriented, parse_move, round_scores
from scout_ref.engine.components import full_deck
from scout_ref.formats.position import build_state


@pytest.mark.rule("SC-COMP-01")
def test_deck_has_one_card_per_pair_of_numbers() -> None:
    deck = full_deck()
    assert len(deck) == 45
    assert {(c.low, c.high) for c in deck} == set(itertools.combinations(range(1, 11), 2))
    assert str(Card(3, 7)) == "3-7"


@pytest.mark.rule("SC-COMP-02")
def test_rotating_a_card_swaps_top_and_bottom() -> None:
    card = oriented(6, 4)
    assert card.rotated() == oriented(4, 6)
    assert card.rotated().rotated() == card
    assert card.card == card.rotated().card == Card(4, 6)


@pytest.mark.rule("SC-COMP-02")
def test_only_the_top_number_counts_in_play() -> None:
    # 5/1 and 5/2 are two 5s on top; their bottoms (1, 2) would look like a run.
    state = build_state(4, ["5/1 5/2 7/3", "1/3", "1/4", "2/3"], active_set="8/6", owner=1)
    assert apply_move(state, parse_move("show 0-1")).active_set == (oriented(5, 1), oriented(5, 2))


@pytest.mark.rule("SC-COMP-01")
@pytest.mark.parametrize(("top", "bottom"), [(5, 5), (0, 3), (4, 11)])
def test_rejects_numbers_no_card_has(top: int, bottom: int) -> None:
    with pytest.raises(ValueError, match="no card has"):
        oriented(top, bottom)


@pytest.mark.rule("SC-COMP-03")
def test_scout_chip_supply_is_unlimited() -> None:
    state = build_state(
        3, ["1/2", "2/3 3/4", "4/5"], active_set="6/7", owner=0, turn=1, scout_chips=[40, 0, 0]
    )
    after = apply_move(state, parse_move("scout L @0"))
    assert after.scout_chips == (41, 0, 0)


@pytest.mark.rule("SC-COMP-03", "SC-SCORE-02")
def test_each_scout_chip_is_worth_one_point() -> None:
    state = build_state(
        3,
        ["", "2/3", "4/5"],
        owner=0,
        phase="game_over",
        turn=None,
        round=3,
        round_end="empty_hand",
        scout_chips=[0, 7, 0],
        leftover_to=2,
    )
    assert [s.chips for s in round_scores(state)] == [0, 7, 0]


@pytest.mark.rule("SC-COMP-04")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_player_has_one_scout_show_chip_per_round(players: int) -> None:
    assert new_game(players, seed=1).scout_show_available == (True,) * players
