"""Chapter SETUP: the cards in play, shuffling, dealing and the fresh round."""

from __future__ import annotations

import pytest

from scout_ref import Card, MalformedInputError, Phase, new_game, oriented, shuffled_deck
from scout_ref.engine.components import full_deck
from scout_ref.engine.setup import cards_in_play, hand_size


@pytest.mark.rule("SC-SETUP-01")
def test_three_players_remove_every_card_with_a_ten() -> None:
    cards = cards_in_play(3)
    assert len(cards) == 36
    assert cards == {c for c in full_deck() if c.high != 10}


@pytest.mark.rule("SC-SETUP-01")
@pytest.mark.parametrize("players", [2, 4])
def test_two_and_four_players_remove_the_nine_ten(players: int) -> None:
    assert cards_in_play(players) == set(full_deck()) - {Card(9, 10)}


@pytest.mark.rule("SC-SETUP-01")
def test_five_players_use_all_forty_five_cards() -> None:
    assert cards_in_play(5) == set(full_deck())


@pytest.mark.rule("SC-SETUP-02")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_shuffled_deck_is_a_permutation_of_the_cards_in_play(players: int) -> None:
    deck = shuffled_deck(players, seed=9)
    assert sorted(c.card for c in deck) == sorted(cards_in_play(players))


@pytest.mark.rule("SC-SETUP-02")
def test_shuffle_randomises_order_and_orientation() -> None:
    deck = shuffled_deck(5, seed=3)
    assert [c.card for c in deck] != sorted(c.card for c in deck)
    upside_down = sum(c.top > c.bottom for c in deck)
    assert 0 < upside_down < len(deck)


@pytest.mark.rule("SC-SETUP-02")
def test_same_seed_gives_same_deck() -> None:
    assert shuffled_deck(4, seed="x") == shuffled_deck(4, seed="x")
    assert shuffled_deck(4, seed=1) != shuffled_deck(4, seed=2)


@pytest.mark.rule("SC-SETUP-03")
@pytest.mark.parametrize(("players", "size"), [(3, 12), (4, 11), (5, 9)])
def test_seat_s_gets_deck_positions_s_h_to_s_h_plus_h(players: int, size: int) -> None:
    deck = shuffled_deck(players, seed=5)
    state = new_game(players, deck)
    assert hand_size(players) == size
    for s, hand in enumerate(state.hands):
        assert hand == deck[s * size : s * size + size]
    assert state.set_aside == ()


@pytest.mark.rule("SC-SETUP-04")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_fresh_round_state(players: int) -> None:
    state = new_game(players, seed=8)
    assert state.active_set == ()
    assert state.owner is None
    assert state.captured == ((),) * players
    assert state.scout_chips == (0,) * players
    assert state.scout_show_available == (True,) * players
    assert state.phase is Phase.ROTATION
    assert state.turn == state.start_player == 0
    assert state.round_end is None
    assert state.scores == (0,) * players


@pytest.mark.rule("SC-SETUP-02")
def test_rejects_deck_with_a_duplicated_card() -> None:
    deck = list(shuffled_deck(3, seed=1))
    deck[1] = deck[0].rotated()
    with pytest.raises(MalformedInputError) as info:
        new_game(3, deck)
    assert ("/1", f"card {deck[0].card} appears twice") in info.value.problems
    assert any(loc == "" and "missing" in msg for loc, msg in info.value.problems)


@pytest.mark.rule("SC-SETUP-01")
def test_rejects_deck_with_a_card_not_in_play() -> None:
    deck = list(shuffled_deck(4, seed=1))
    deck[5] = oriented(10, 9)
    with pytest.raises(MalformedInputError) as info:
        new_game(4, deck)
    assert info.value.problems[0] == ("/5", "card 9-10 is not in play with 4 players")


@pytest.mark.rule("SC-SETUP-03")
def test_rejects_short_deck() -> None:
    with pytest.raises(MalformedInputError, match="missing"):
        new_game(5, shuffled_deck(5, seed=1)[:-1])
