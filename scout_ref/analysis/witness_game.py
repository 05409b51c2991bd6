"""A witness game: the deal and the legal moves that reach a position, which prove it reachable
(SC-REACH-01). :mod:`~scout_ref.analysis.construction` builds one forwards,
:mod:`~scout_ref.analysis.witness` searches for one backwards, and
:mod:`~scout_ref.formats.witness_store` keeps them as files."""

from __future__ import annotations

from dataclasses import dataclass

from scout_ref.engine.components import OrientedCard
from scout_ref.engine.notation import Move
from scout_ref.engine.setup import new_game
from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_move


@dataclass(frozen=True, slots=True)
class Witness:
    """A game that reaches a position: the deck dealt (in deck order) and the moves played."""

    players: int
    deck: tuple[OrientedCard, ...]
    moves: tuple[Move, ...]

    def replay(self, state: State) -> State:
        """The position this witness reaches under the rules of ``state``."""
        game = new_game(self.players, self.deck, state.rules)
        for move in self.moves:
            game = apply_move(game, move)
        return game
