"""Chapter VAR: the rules switches and what each one changes."""

from __future__ import annotations

import re
import typing
from dataclasses import fields, replace
from enum import Enum
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scout_ref import (
    EmptySetChain,
    Phase,
    Reason,
    Rotation,
    RoundEnd,
    Rules,
    Scout,
    Scouting,
    Show,
    State,
    apply_move,
    check_move,
    legal_moves,
    new_game,
    next_round,
    parse_move,
    round_scores,
)
from scout_ref.engine.variants import _SWITCHES
from scout_ref.errors import MalformedInputError
from scout_ref.formats.position import build_state
from scout_ref.formats.position_line import format_position, parse_position
from tests.invariants import ALL_RULES

ROOT = Path(__file__).resolve().parent.parent

FORCED = Rules(scouting=Scouting.FORCED)


def _scouted_empty(rules: Rules) -> State:
    """Seats 1-3 scout seat 0's three-card set away."""
    hands = ["8/10 8/9", "2/3 2/4 2/5", "3/4 3/5 3/6", "4/5 4/6 4/7"]
    state = build_state(4, hands, active_set="5/1 6/2 7/3", owner=0, turn=1, rules=rules)
    for _ in range(3):
        state = apply_move(state, parse_move("scout L @0"))
    return state


def _reason(state: State, text: str) -> Reason | None:
    rejection = check_move(state, parse_move(text))
    return None if rejection is None else rejection.reason


@pytest.mark.rule("SC-GEN-04")
def test_default_rules_are_the_official_reading() -> None:
    rules = Rules()
    assert rules.is_official
    assert rules.owner_exemption
    assert rules.empty_set_chain is EmptySetChain.LITERAL
    assert rules.scouting is Scouting.VOLUNTARY
    assert rules.rotation is Rotation.EACH_ROUND
    assert not FORCED.is_official


@pytest.mark.rule("SC-VAR-01")
def test_without_the_exemption_the_owner_pays_for_the_hand() -> None:
    end = _scouted_empty(Rules(owner_exemption=False))
    assert end.round_end is RoundEnd.UNBEATEN
    owner = round_scores(end)[0]
    assert not owner.exempt
    assert owner.hand_penalty == 2


@pytest.mark.rule("SC-VAR-02")
def test_reset_chain_makes_the_owner_show_onto_the_empty_table() -> None:
    state = _scouted_empty(Rules(empty_set_chain=EmptySetChain.RESET))
    assert state.phase is Phase.PLAY
    assert state.turn == state.owner == 0
    assert all(isinstance(m, Show) for m in legal_moves(state))


@pytest.mark.rule("SC-VAR-02")
def test_reset_chain_still_ends_on_an_unbeaten_non_empty_set() -> None:
    hands = ["8/10 8/9", "2/3 2/4", "3/4 3/5", "4/5 4/6"]
    rules = Rules(empty_set_chain=EmptySetChain.RESET)
    state = build_state(4, hands, active_set="5/1 6/2 7/3 8/4", owner=0, turn=1, rules=rules)
    for _ in range(3):
        state = apply_move(state, parse_move("scout L @0"))
    assert state.round_end is RoundEnd.UNBEATEN


@pytest.mark.rule("SC-VAR-03")
def test_rejects_show_available() -> None:
    state = build_state(
        4, ["9/1 9/2", "1/3", "1/4", "2/3"], active_set="8/3 7/2", owner=2, rules=FORCED
    )
    assert _reason(state, "scout L @0") is Reason.SHOW_AVAILABLE
    assert _reason(state, "scout L @0 + show 0-1") is Reason.SHOW_AVAILABLE
    assert not any(isinstance(m, Scout) for m in legal_moves(state))
    assert Reason.SHOW_AVAILABLE.rule == "SC-VAR-03"


@pytest.mark.rule("SC-VAR-03")
def test_forced_scouting_allows_a_scout_when_no_show_beats_the_set() -> None:
    state = build_state(
        4, ["2/1 5/2", "1/3", "1/4", "2/3"], active_set="8/3 7/2", owner=2, rules=FORCED
    )
    moves = legal_moves(state)
    assert moves
    assert "scout L @0" in {str(m) for m in moves}
    assert not any(isinstance(m, Show) for m in moves)


@pytest.mark.rule("SC-VAR-04")
def test_once_per_game_rotation_skips_the_decisions_after_round_one() -> None:
    rules = Rules(rotation=Rotation.ONCE_PER_GAME)
    assert new_game(3, seed=1, rules=rules).phase is Phase.ROTATION
    end = build_state(
        3,
        ["", "1/3", "1/4"],
        owner=0,
        phase="round_over",
        turn=None,
        round_end="empty_hand",
        rules=rules,
    )
    second = next_round(end, seed=4)
    assert second.phase is Phase.PLAY
    assert second.turn == second.start_player == 1
    assert _reason(second, "flip") is Reason.WRONG_PHASE


@pytest.mark.rule("SC-GEN-04")
def test_the_switch_table_names_every_field_at_every_value() -> None:
    """A new switch, or a new value of one, has no text until :data:`_SWITCHES` writes it."""
    hints = typing.get_type_hints(Rules)
    assert list(_SWITCHES) == [f.name for f in fields(Rules)]
    for name, words in _SWITCHES.items():
        kind = hints[name]
        expected = set(kind) if issubclass(kind, Enum) else {True, False}
        assert set(words.values()) == expected, name
    assert len(ALL_RULES) == 16


@pytest.mark.rule("SC-GEN-04")
@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: str(r) or "official")
def test_the_switch_text_reads_back_as_the_rules_it_writes(rules: Rules) -> None:
    """``parse`` and ``str`` are inverses, and the position line writes and reads that text."""
    text = str(rules)
    assert Rules.parse(text) == rules
    assert str(Rules.parse(text)) == text
    assert (text == "") is rules.is_official
    line = format_position(replace(new_game(3, seed=1), rules=rules))
    assert line.partition(" rules ")[2] == text  # the last field, left out when official
    assert parse_position(line).rules == rules


@pytest.mark.rule("SC-GEN-04")
@given(
    st.lists(
        st.sampled_from([f"{k}={w}" for k, ws in _SWITCHES.items() for w in ws]),
        unique_by=lambda word: word.partition("=")[0],
    )
)
def test_switch_words_in_any_order_read_as_their_switches(words: list[str]) -> None:
    given: dict[str, object] = {}
    for word in words:
        key, _, value = word.partition("=")
        given[key] = _SWITCHES[key][value]
    rules = Rules.parse(" ".join(words))
    assert rules == Rules(**given)  # type: ignore[arg-type]
    assert Rules.parse(str(rules)) == rules


@pytest.mark.rule("SC-GEN-04")
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("scouting=forced rotation=sometimes", "word 2: 'sometimes' is not a value of rotation"),
        ("owner_exemption=no", "word 1: 'no' is not a value of owner_exemption"),
        ("scouting", "word 1: '' is not a value of scouting"),
        ("x" * 1000, "is not a switch: owner_exemption, empty_set_chain, scouting, rotation"),
        ("scouting=forced scouting=forced", "word 2: scouting is given twice"),
        ("rotation=each_round scouting=forced rotation=once_per_game", "word 3: rotation is"),
    ],
)
def test_bad_switch_text_is_one_line_naming_the_word(text: str, message: str) -> None:
    with pytest.raises(MalformedInputError, match=re.escape(message)) as caught:
        Rules.parse(text)
    assert "\n" not in str(caught.value)
    assert len(str(caught.value)) < 200


@pytest.mark.rule("SC-GEN-04")
def test_the_words_of_a_switch_are_written_once() -> None:
    """The switch text is read and written by :class:`Rules` alone: no other module of the
    package or of the rulebook's extension spells the words of ``owner_exemption``."""
    sources = [*(ROOT / "scout_ref").rglob("*.py"), *(ROOT / "docs" / "_ext").rglob("*.py")]
    spelled = [
        p.relative_to(ROOT).as_posix()
        for p in sources
        if re.search(r"""["'](on|off)["']""", p.read_text("utf-8"))
    ]
    assert spelled == ["scout_ref/engine/variants.py"]
