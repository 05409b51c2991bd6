"""Property-testing a toy SCOUT engine against the reference, in a few lines.

The toy engine works on the reference's state JSON and move notation, so it plugs straight
into :func:`scout_ref.strategies.random_play_check` and into Hypothesis properties over
:func:`scout_ref.strategies.states`. Its move generator is written from the rules
(SC-SET-01 to SC-SET-05, SC-SCOUT-01, SC-SCOUT-02, SC-SNS-02, SC-VAR2-04, SC-VAR-03),
independently of the reference; to stay short it borrows the reference's ``apply_move``,
where a real engine would bring its own.

Run it with ``python docs/examples/toy_engine.py``; the test suite runs it too.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from hypothesis import given, settings

from scout_ref import State, apply_move, legal_moves, parse_move, state_from_json, state_to_json
from scout_ref.strategies import random_play_check, states

JSON = dict[str, Any]


def tops(cards: list[str]) -> list[int]:
    """The numbers that count: the top of each ``top/bottom`` card."""
    return [int(card.split("/")[0]) for card in cards]


def is_combination(numbers: list[int]) -> bool:
    """One card, or equal numbers (a set), or steps of exactly +1 or -1 (a run)."""
    steps = {b - a for a, b in pairwise(numbers)}
    return len(steps) <= 1 and steps <= {-1, 0, 1}


def strength(numbers: list[int]) -> tuple[int, bool, int]:
    """Size, then set over run, then the smallest number (SC-SET-04)."""
    return (len(numbers), len(set(numbers)) == 1, min(numbers))


def shows(hand: list[str], active: list[str]) -> list[str]:
    """Every show of ``hand`` that beats ``active`` (anything, when it is empty)."""
    numbers = tops(hand)
    found = []
    for i in range(len(numbers)):
        for j in range(i, len(numbers)):
            run = numbers[i : j + 1]
            if is_combination(run) and (not active or strength(run) > strength(tops(active))):
                found.append(f"show {i}-{j}")
    return found


class ToyEngine:
    """A toy engine: its own move generator, the reference's move application."""

    def legal_moves(self, state: JSON) -> list[str]:
        """Keep and flip, then shows, scouts and Scout & Shows."""
        if state["phase"] == "rotation":
            return ["keep", "flip"]
        if state["phase"] != "play":
            return []
        seat, active = state["turn"], state["active_set"]
        hand = state["hands"][seat]
        found = shows(hand, active)
        two = state["players"] == 2
        forced = state["rules"]["scouting"] == "forced" and found
        if not active or forced or (two and state["scout_chips"][seat] == 0):
            return found
        for end in ["L", "R"] if len(active) > 1 else ["L"]:
            card, rest = (active[0], active[1:]) if end == "L" else (active[-1], active[:-1])
            for turned in (False, True):
                taken = "/".join(reversed(card.split("/"))) if turned else card
                for slot in range(len(hand) + 1):
                    scout = f"scout {end}{'~' if turned else ''} @{slot}"
                    found.append(scout)
                    if not two and state["scout_show_available"][seat]:
                        new_hand = [*hand[:slot], taken, *hand[slot:]]
                        found += [f"{scout} + {show}" for show in shows(new_hand, rest)]
        return found

    def apply_move(self, state: JSON, move: str) -> JSON:
        """Borrowed from the reference, to keep the example short."""
        return state_to_json(apply_move(state_from_json(state), parse_move(move)))


def test_random_play_agrees() -> None:
    """OpenSpiel-style: random games, every legal-move set and every result compared."""
    assert random_play_check(ToyEngine(), games=4, seed=1) > 0


@settings(max_examples=25)
@given(states(phase="play"))
def test_legal_moves_agree(state: State) -> None:
    """Hypothesis: any reachable play state, any player count, any rules switches."""
    expected = {str(m) for m in legal_moves(state)}
    assert set(ToyEngine().legal_moves(state_to_json(state))) == expected


if __name__ == "__main__":
    test_random_play_agrees()
    test_legal_moves_agree()
    print("the toy engine agrees with the reference")
