"""Wrong engine: the observation shows one hidden card of the next seat; breaks SC-INFO-01.

An online server with this bug sends every client the first card of its left neighbour's hand.
"""

from __future__ import annotations

from dataclasses import replace as evolve

from scout_ref.engine import information
from scout_ref.engine.information import History, Observation
from scout_ref.engine.state import Seat, State
from tests.adapters._patch import replace, serve

BREAKS = ("SC-INFO-01",)
right = information.observation


def observation(game: History | State, seat: Seat) -> Observation:
    obs = right(game, seat)
    state = game.state if isinstance(game, History) else game
    other = (seat + 1) % state.players
    if not state.hands[other]:
        return obs
    hands = list(obs.public.hands)
    hands[other] = (state.hands[other][0], *hands[other][1:])
    return evolve(obs, public=evolve(obs.public, hands=tuple(hands)))


if __name__ == "__main__":
    replace(right, observation)
    serve("wrong: leaks a card")
