"""Chapter GAME: dealing the next round, the rotating start player, and the winners."""

from __future__ import annotations

from collections.abc import Sequence

from scout_ref.engine.components import OrientedCard
from scout_ref.engine.setup import cards_in_play, check_deck, fresh_round, shuffled_deck
from scout_ref.engine.state import Phase, Seat, State, next_seat
from scout_ref.errors import MalformedInputError
from scout_ref.rulebook.registry import implements


@implements("SC-GAME-02", "SC-GAME-03", "SC-VAR2-01")
def next_round(
    state: State, deck: Sequence[OrientedCard] | None = None, *, seed: int | str | None = None
) -> State:
    """Deal the round after the one ``state`` has ended; the next seat starts it.

    With 3 to 5 players all cards are dealt anew from ``deck`` (or a deck shuffled with
    ``seed``). With 2 players the second round is dealt from the cards set aside in the first:
    ``deck`` is their new shuffle, or omitted to deal them as they were set aside, which is the
    same chance since nobody has seen them (SC-VAR2-01).

    Raises:
        MalformedInputError: if the round is not over, or the deck is wrong for this game.
    """
    if state.phase is not Phase.ROUND_OVER:
        raise MalformedInputError(
            "deal",
            [("/phase", f"the next round is dealt only after round_over, not {state.phase.value}")],
        )
    if state.is_two_player:
        aside = state.set_aside
        if deck is None:
            deck = aside
        else:
            cards = frozenset(c.card for c in aside)
            check_deck(state.players, deck, cards, "the cards set aside in round 1")
    elif deck is None:
        deck = shuffled_deck(state.players, seed)
    else:
        check_deck(state.players, deck, cards_in_play(state.players))
    start = next_seat(state.start_player, state.players)
    return fresh_round(
        players=state.players,
        rules=state.rules,
        round_number=state.round + 1,
        start_player=start,
        deck=deck,
        scores=state.scores,
    )


@implements("SC-GAME-04")
def winners(state: State) -> tuple[Seat, ...]:
    """The seats with the highest total; several when tied. Meaningful once the game is over.

    >>> from scout_ref.engine.setup import new_game
    >>> winners(new_game(3, seed=0))  # nobody has scored yet: everyone is tied
    (0, 1, 2)
    """
    best = max(state.scores)
    return tuple(Seat(s) for s, total in enumerate(state.scores) if total == best)
