"""Witness games built by play (issue 19): facing positions and the witnesses the vectors play."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from scout_ref.analysis.simulation import random_game
from scout_ref.conformance.cases._by_hand import SIXTEEN, by_hand
from scout_ref.conformance.cases._case import facing_played
from scout_ref.conformance.cases._forced import ForcedGame, _laid_apart
from scout_ref.conformance.cases._played import (
    PLAYED,
    Played,
    face_by_play,
    from_rounds,
    replay_played,
)
from scout_ref.conformance.vectors.witnesses import (
    derived_witnesses,
    missing_derived,
    witness_steps,
)
from scout_ref.engine.components import Card, OrientedCard, oriented
from scout_ref.engine.notation import KEEP, parse_move
from scout_ref.engine.setup import new_game, shuffled_deck
from scout_ref.engine.state import Phase
from scout_ref.engine.turn import apply_move, legal_moves
from scout_ref.engine.variants import Rules, Scouting
from scout_ref.formats.state_json import state_digest, state_from_json, state_to_json
from scout_ref.formats.trace import deal_step, move_step, trace_case, trace_document
from scout_ref.formats.witness_store import document_text, replay_witness, steps_document


def _cards(text: str) -> tuple[OrientedCard, ...]:
    return tuple(oriented(*map(int, t.split("/"))) for t in text.split())


@pytest.mark.rule("SC-REACH-01")
@pytest.mark.parametrize(
    ("players", "active", "hand", "seat", "owner"),
    [
        (3, "5/3 6/1", "4/9 7/1 8/4", 1, 0),
        (4, "5/3 6/1", "4/9 7/1 8/4 2/5", 1, 0),
        (4, "5/3 6/1", "4/9 7/1", 3, 0),  # two scouts of the owner's show came before
        (5, "2/7", "4/9 2/4", 0, 1),
        (4, "", "1/9 8/7 7/2 2/4", 2, 0),  # the scout took the whole show
        (2, "5/3 6/1", "4/9 7/1 8/4 2/5", 1, 0),  # the owner paid chips to scout
    ],
)
def test_a_facing_position_is_reached_by_its_game(
    players: int, active: str, hand: str, seat: int, owner: int
) -> None:
    state = face_by_play(players, _cards(active), _cards(hand), seat=seat, owner=owner, rules=None)
    assert state is not None
    assert (state.turn, state.owner, state.active_set) == (seat, owner, _cards(active))
    assert state.hands[seat] == _cards(hand)
    game = PLAYED[state]
    replayed = new_game(players, game.deck)
    for move in game.moves:
        assert move in legal_moves(replayed)
        replayed = apply_move(replayed, move)
    assert replayed == state


@pytest.mark.rule("SC-REACH-01")
def test_named_extras_fall_back_to_placing() -> None:
    used = [False, True, True]  # the owner's own Scout & Show is not played
    assert facing_played(3, "5/3", "4/9 7/1", scout_show_available=used) is None
    assert facing_played(3, "5/3", "4/9 7/1", scout_chips=[1, 0, 0]) is None
    assert facing_played(2, "5/3", "4/9 7/1", round=2) is None  # dealt from round 1's cards


@pytest.mark.rule("SC-REACH-01")
@pytest.mark.rule("SC-GAME-02")
@pytest.mark.parametrize(("players", "number"), [(3, 2), (4, 4), (5, 5)])
def test_a_later_round_is_played_after_the_earlier_ones(
    players: int, number: int, tmp_path: Path
) -> None:
    state = facing_played(players, "5/3 6/1", "4/9 7/1", seat=0, owner=players - 1, round=number)
    assert state is not None
    assert (state.round, state.start_player, state.turn) == (number, number - 1, 0)
    game = PLAYED[state]
    assert len(game.later) == number - 1
    steps = [s for s in witness_steps(state, game) if "deal" in s]
    assert len(steps) == number  # each round dealt, then played by the engine's rules
    path = tmp_path / "w.json"
    path.write_text(document_text(steps_document(witness_steps(state, game), state)), "utf-8")
    assert replay_witness(path, state) == state


@pytest.mark.rule("SC-REACH-01")
def test_a_seeded_deal_and_a_played_game_are_recorded() -> None:
    dealt = replay_played(3, Played(shuffled_deck(3, 1), ()))
    assert dealt.phase is Phase.ROTATION
    assert PLAYED[dealt].moves == ()
    game = random_game(2, seed="two rounds")
    first, second = game.rounds
    record = from_rounds([(first.start, first.moves), (second.start, second.moves)])
    assert record.later == ((None, second.moves),)  # round 2: the cards set aside
    assert replay_played(2, record) == game.final


@pytest.mark.rule("SC-SNS-01")
def test_a_used_scout_and_show_is_played() -> None:
    state = facing_played(4, "5/3 6/1", "4/9 7/1", scout_show_available=[True, False, True, True])
    assert state is not None
    assert state.scout_show_available == (True, False, True, True)
    assert any("+" in str(m) for m in PLAYED[state].moves)


def _trace(seed: int) -> dict[str, Any]:
    deck_game = new_game(3, seed=seed)
    deck = tuple(c for h in deck_game.hands for c in h)
    state = new_game(3, deck)
    steps = [deal_step(deck, state)]
    while state.phase is not Phase.ROUND_OVER:
        move = KEEP if state.phase is Phase.ROTATION else legal_moves(state)[0]
        state = apply_move(state, move)
        steps.append(move_step(move, state))
    return trace_document("t", [trace_case("trace-t-1", "t", 3, state.rules, steps)])


@pytest.mark.rule("SC-REACH-01")
def test_a_trace_and_an_apply_case_give_their_states_witnesses(tmp_path: Path) -> None:
    trace = _trace(4)
    start = face_by_play(4, _cards("5/3 6/1"), _cards("4/9 7/1 8/4"), seat=1, owner=0, rules=None)
    assert start is not None
    after = apply_move(start, parse_move("show 1-2"))
    apply: dict[str, Any] = {
        "cases": [{"id": "a", "state": state_to_json(start), "move": "show 1-2"}]
    }
    other = face_by_play(4, _cards("2/7"), _cards("4/9 2/4"), seat=1, owner=0, rules=None)
    apply["cases"][0]["expected"] = {"state": state_to_json(after)}
    documents = {"trace/t.json": trace, "apply/a.json": apply}
    found = derived_witnesses(documents, tmp_path)
    over = trace["cases"][0]["steps"][-1]["state"]
    assert state_digest(state_from_json(over)) in found
    assert state_digest(after) in found
    assert other is not None
    assert state_digest(other) not in found  # built by play, but no vector's
    for state, steps in found.values():
        path = tmp_path / f"{state_digest(state)}.json"
        path.write_text(document_text(steps_document(steps, state)), encoding="utf-8")
        assert replay_witness(path, state) == state
    assert missing_derived(documents, tmp_path) == {}


@pytest.mark.rule("SC-REACH-01")
def test_an_apply_case_without_a_witnessed_input_gives_none(tmp_path: Path) -> None:
    start = new_game(3, seed=9)
    for _ in range(3):
        start = apply_move(start, KEEP)
    start = apply_move(start, parse_move("show 0-0"))
    after = apply_move(start, legal_moves(start)[0])
    apply = {
        "cases": [
            {
                "id": "a",
                "state": state_to_json(start),
                "move": str(legal_moves(start)[0]),
                "expected": {"state": state_to_json(after)},
            }
        ]
    }
    assert state_digest(after) not in derived_witnesses({"apply/a.json": apply}, tmp_path)


@pytest.mark.rule("SC-VAR-03")
@pytest.mark.parametrize(
    ("players", "active", "hand", "seat", "owner"),
    [
        (3, "5/3 6/1", "4/9 2/7 8/4", 0, 2),
        (4, "5/3 6/1", "4/9 7/1 8/4 2/5", 1, 0),
        (5, "2/1", "8/1 3/4", 1, 0),
    ],
)
def test_a_position_under_forced_scouting_is_reached_by_forced_scouts(
    players: int, active: str, hand: str, seat: int, owner: int
) -> None:
    forced = Rules(scouting=Scouting.FORCED)
    state = face_by_play(
        players,
        _cards(active),
        _cards(hand),
        seat=seat,
        owner=owner,
        rules=forced,
        game_type=ForcedGame,
    )
    assert state is not None
    assert state.rules == forced
    replayed, scouts = new_game(players, PLAYED[state].deck, forced), 0
    for move in PLAYED[state].moves:
        assert move in legal_moves(replayed)  # every scout was forced (SC-VAR-03)
        scouts += str(move).startswith("scout")
        replayed = apply_move(replayed, move)
    assert replayed == state
    assert scouts > 0


@pytest.mark.rule("SC-REACH-01")
def test_kept_cards_are_laid_out_without_a_combination() -> None:
    kept = [Card(7, 8), Card(7, 9), Card(7, 10), Card(8, 9), Card(8, 10)]
    laid = _laid_apart(kept, 5, 3)
    assert laid is not None
    assert sorted(c.card for c in laid) == sorted(kept)
    numbers = [5, *(c.top for c in laid), 3]
    assert all(abs(a - b) > 1 for a, b in itertools.pairwise(numbers))
    assert _laid_apart([Card(1, 2)], 2, None) is None


@pytest.mark.rule("SC-GEN-02")
def test_a_port_written_by_hand_reaches_its_position() -> None:
    state = by_hand(3, _cards(SIXTEEN), _cards("9/7 8/7"), Rules())
    assert state is not None
    assert (state.turn, state.owner, state.hands[0]) == (0, 2, _cards(SIXTEEN))
    assert state.scout_chips == (0, 0, 6)
    assert state.scout_show_available == (False, True, True)
    assert by_hand(3, _cards("1/2"), _cards("9/7 8/7"), Rules()) is None
