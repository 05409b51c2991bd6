"""Where game-AI work meets the reference rules: environments and a bot that plays fair.

* :func:`pettingzoo_env` makes a PettingZoo AEC environment (:mod:`.aec`);
* importing :mod:`scout_ref.ai.open_spiel` registers the OpenSpiel game ``python_scout``;
* :class:`~scout_ref.ai.ismcts.IsmctsBot` is the ``ismcts`` seat of ``scout-ref play`` and
  ``simulate``: information-set Monte Carlo tree search on states drawn from its own
  observation;
* :mod:`.actions` numbers every move, :mod:`.features` turns an observation into numbers.

The environments need the ``ai`` extra (``pip install 'scout-ref[ai]'``: PettingZoo,
Gymnasium, NumPy, OpenSpiel); the bot, the action numbering and the policy need nothing more
than the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scout_ref.ai.aec import ScoutEnv
    from scout_ref.engine.variants import Rules


def pettingzoo_env(
    players: int = 4,
    rules: Rules | None = None,
    *,
    max_moves: int | None = None,
    render_mode: str | None = None,
) -> ScoutEnv:
    """The PettingZoo AEC environment of a ``players``-player game under ``rules``.

    Raises:
        ModuleNotFoundError: if the ``ai`` extra is not installed.
    """
    from scout_ref.ai.aec import MAX_MOVES, ScoutEnv  # noqa: PLC0415 - the extra

    cap = MAX_MOVES if max_moves is None else max_moves
    return ScoutEnv(players, rules, max_moves=cap, render_mode=render_mode)
