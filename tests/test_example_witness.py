"""The construction tool for worked examples' witness games (issue 19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scout_ref.conformance.cases._played import Played
from scout_ref.conformance.vectors.example_witness import (
    cards,
    complete_deck,
    deal,
    example_options,
    facing,
    main,
    played,
    rebuilt,
    store,
)
from scout_ref.engine.notation import Move, parse_move
from scout_ref.engine.variants import Rules
from scout_ref.errors import ScoutError
from scout_ref.formats.witness_store import replay_witness

# Chapter 15's forced-scouting example: seat 1 shows three 9s, seat 2 cannot beat them and
# scouts one, so seat 0 faces a pair of 9s.
DEAL = "1/5 2/1 3/1 6/4 8/4 5/4 7/4 5/6 7/6 2/5 6/2 4/3  9/1 9/2 9/3"
MOVES = "keep; keep; keep; show 0-0; show 0-2; scout R @0"
FORCED = Rules.parse("scouting=forced")


def _moves(text: str) -> list[Move]:
    return [parse_move(m.strip()) for m in text.split(";")]


@pytest.mark.rule("SC-REACH-01")
def test_a_game_by_hand_gives_options_that_rebuild_its_position(tmp_path: Path) -> None:
    deck = complete_deck(3, cards(DEAL))
    assert len(deck) == 36
    state = played(3, deck, _moves(MOVES), FORCED)
    options = example_options(state)
    assert ":active-set: 9/1 9/2" in options
    assert ":chips: 0 1 0" in options
    assert rebuilt(options, FORCED) == state
    path = store(state, Played(deck, tuple(_moves(MOVES))), tmp_path)
    assert replay_witness(path, state) == state


@pytest.mark.rule("SC-VAR-03")
def test_a_scout_that_was_not_forced_is_refused() -> None:
    deck = complete_deck(3, cards(DEAL))
    with pytest.raises(ScoutError, match="scout L @0"):  # nothing to scout yet
        played(3, deck, _moves("keep; keep; keep; scout L @0"), FORCED)
    moves = "keep; keep; keep; show 0-0; show 0-0; scout L @0"  # seat 2 could show instead
    with pytest.raises(ScoutError, match="forced scouting"):
        played(3, deck, _moves(moves), FORCED)


@pytest.mark.rule("SC-REACH-01")
def test_a_facing_position_under_the_official_rules() -> None:
    found = facing(3, cards("5/3 6/1"), cards("4/9 7/1 8/4"), seat=1, owner=0, rules=Rules())
    assert found is not None
    state, _ = found
    assert (state.turn, state.owner, state.hands[1]) == (1, 0, cards("4/9 7/1 8/4"))


@pytest.mark.rule("SC-REACH-01")
def test_the_command_prints_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["3", "--rules", "scouting=forced", "--deck", DEAL, "--moves", MOVES]
    assert main(argv) == 0
    assert ":owner: 1" in capsys.readouterr().out
    assert main(["3", "--deck", DEAL, "--moves", "keep; show 0-0"]) == 1
    assert "not a game" in capsys.readouterr().err


@pytest.mark.rule("SC-SETUP-03")
def test_a_deal_by_seats_fills_each_hand_with_the_rest() -> None:
    deck = deal(3, "1/9 | 2/9 7/9 | 3/8")
    assert len(deck) == 36
    assert len({c.card for c in deck}) == 36
    assert (deck[0], deck[12:14], deck[24]) == (*cards("1/9"), cards("2/9 7/9"), *cards("3/8"))


@pytest.mark.rule
def test_bad_switches_are_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["3", "--rules", "scouting=sometimes"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: invalid rules: word 1: 'sometimes' is not a value of scouting")
    assert err.count("\n") == 1
