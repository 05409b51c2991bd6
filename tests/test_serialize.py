"""State JSON: canonical form, the validating loader and the digest
(``scout_ref.formats.state_json``)."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable
from dataclasses import fields
from typing import Any, cast

import pytest
import rfc8785
from hypothesis import given
from hypothesis import strategies as st

from scout_ref import (
    MalformedInputError,
    State,
    legal_moves,
    shuffled_deck,
    state_digest,
    state_from_json,
    state_to_json,
    validate_state,
)
from scout_ref.engine.state import evolve
from scout_ref.formats.position import build_state
from scout_ref.formats.state_json import shape_problems
from scout_ref.rulebook.registry import spec_dir
from scout_ref.util.jsonread import plain_json
from tests.invariants import reachable_states

JSON = dict[str, Any]


def _play_state() -> JSON:
    state = build_state(
        4,
        ["5/1 6/2", "1/3 3/7", "1/4", "2/3"],
        active_set="4/2 5/3",
        owner=1,
        turn=2,
        scout_chips=[0, 2, 0, 1],
    )
    return state_to_json(state)


def _two_player_state() -> JSON:
    return state_to_json(build_state(2, ["5/1 6/2", "1/3"], active_set="4/2", owner=1))


def _set(path: str, value: object) -> Callable[[JSON], None]:
    def edit(data: JSON) -> None:
        *parents, last = path.strip("/").split("/")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return edit


def _drop_captured_card(data: JSON) -> None:
    del data["captured"][1][0]


def _duplicate_captured_card(data: JSON) -> None:
    data["hands"][0].append(data["captured"][1][0].replace("-", "/"))


def _delete(key: str) -> Callable[[JSON], None]:
    return lambda data: data.pop(key)


# (id, base state, edit, expected JSON pointer, words in the message)
MALFORMED: list[tuple[str, Callable[[], JSON], Callable[[JSON], None], str, str]] = [
    ("players_type", _play_state, _set("/players", "4"), "/players", "not of type"),
    ("players_range", _play_state, _set("/players", 6), "/players", "maximum"),
    ("missing_key", _play_state, _delete("scores"), "", "'scores' is a required property"),
    ("extra_key", _play_state, _set("/extra", 1), "", "Additional properties"),
    ("card_syntax", _play_state, _set("/hands/0/0", "5-1"), "/hands/0/0", "does not match"),
    ("captured_syntax", _play_state, _set("/captured/1/0", "3/4"), "/captured/1/0", "match"),
    ("rules_enum", _play_state, _set("/rules/scouting", "sometimes"), "/rules/scouting", "not one"),
    ("phase_enum", _play_state, _set("/phase", "lunch"), "/phase", "not one"),
    ("equal_faces", _play_state, _set("/hands/0/0", "5/5"), "/hands/0/0", "same number"),
    ("reversed_identity", _play_state, _set("/captured/1/0", "2-1"), "/captured/1/0", "smaller"),
    ("unsorted_pile", _play_state, lambda d: d["captured"][1].reverse(), "/captured/1", "sorted"),
    ("duplicate_card", _play_state, _duplicate_captured_card, "/captured/1/0", "already at"),
    ("missing_card", _play_state, _drop_captured_card, "", "cards missing"),
    ("card_not_in_play", _play_state, _set("/hands/2/0", "9/10"), "/hands/2/0", "not in play"),
    ("seat_count", _play_state, lambda d: d["scores"].pop(), "/scores", "one entry per seat"),
    ("seat_range", _play_state, _set("/turn", 4), "/turn", "does not exist"),
    ("round_range", _play_state, _set("/round", 5), "/round", "rounds"),
    ("start_player", _play_state, _set("/start_player", 2), "/start_player", "started by"),
    ("turn_when_over", _play_state, _set("/phase", "round_over"), "/turn", "acts exactly"),
    ("no_turn_in_play", _play_state, _set("/turn", None), "/turn", "acts exactly"),
    ("end_in_play", _play_state, _set("/round_end", "unbeaten"), "/round_end", "exactly"),
    ("owner_to_act", _play_state, _set("/turn", 1), "/turn", "owner"),
    ("no_owner", _play_state, _set("/owner", None), "/owner", "need an owner"),
    ("rotation_owner", _play_state, _set("/phase", "rotation"), "/owner", "no show"),
    ("set_aside_4p", _play_state, _set("/set_aside", ["9/10"]), "/set_aside/0", "not in play"),
    ("two_player_chips", _two_player_state, _set("/scout_chips/0", 4), "/scout_chips/0", "at most"),
    (
        "two_player_scout_show",
        _two_player_state,
        _set("/scout_show_available", [True, False]),
        "/scout_show_available",
        "no Scout & Show",
    ),
]


@pytest.mark.rule("SC-GEN-03")
@pytest.mark.parametrize(
    ("base", "edit", "pointer", "words"), [c[1:] for c in MALFORMED], ids=[c[0] for c in MALFORMED]
)
def test_rejects_malformed_state_with_its_json_pointer(
    base: Callable[[], JSON], edit: Callable[[JSON], None], pointer: str, words: str
) -> None:
    data = base()
    assert validate_state(data) == []
    edit(data)
    problems = validate_state(data)
    assert any(loc == pointer and words in msg for loc, msg in problems), problems
    with pytest.raises(MalformedInputError) as info:
        state_from_json(data)
    assert info.value.problems == problems
    assert "\n" not in str(info.value)


@pytest.mark.rule("SC-COMP-02")
def test_reports_every_problem_of_a_kind_at_once() -> None:
    data = _play_state()
    data["hands"][0][0] = "5/5"
    data["hands"][3][0] = "3/3"
    data["active_set"][1] = "2/2"
    locations = [loc for loc, _ in validate_state(data)]
    assert locations == ["/hands/0/0", "/hands/3/0", "/active_set/1"]


@pytest.mark.rule("SC-GEN-03")
def test_reports_every_shape_problem_at_once() -> None:
    data = _play_state()
    data["players"] = "four"
    data["hands"][1][0] = "x"
    data["round_end"] = 3
    locations = {loc for loc, _ in validate_state(data)}
    assert {"/players", "/hands/1/0", "/round_end"} <= locations


@pytest.mark.rule("SC-VAR2-02", "SC-SETUP-03")
def test_reports_card_and_chip_problems_together() -> None:
    data = _two_player_state()
    _duplicate_captured_card(data)
    data["scout_chips"][0] = 4
    locations = {loc for loc, _ in validate_state(data)}
    assert {"/captured/1/0", "/scout_chips/0"} <= locations


@pytest.mark.rule("SC-SETUP-03")
def test_duplicated_card_is_reported_where_it_lies() -> None:
    data = _play_state()
    data["hands"][0].append("3/1")  # seat 1 already holds 1/3 at /hands/1/0
    assert ("/hands/1/0", "card 1-3 is already at /hands/0/2") in validate_state(data)


@pytest.mark.rule("SC-GEN-01")
def test_rejects_integral_floats_for_integers() -> None:
    data = _play_state()
    data["turn"] = 2.0
    assert validate_state(data) != []


def _five_player_deal(**parts: Any) -> JSON:
    """A 5-player state with every card still in the hands (nobody has shown)."""
    deck = [str(c) for c in shuffled_deck(5, seed=1)]
    hands = [" ".join(deck[s * 9 : s * 9 + 9]) for s in range(5)]
    return state_to_json(build_state(5, hands, **parts))


@pytest.mark.rule("SC-END-02", "SC-SCORE-04")
def test_rejects_unbeaten_round_end_without_an_owner() -> None:
    data = _five_player_deal()
    data.update(phase="round_over", turn=None, round_end="unbeaten")
    assert ("/round_end", "unbeaten needs the owner of the unbeaten active set") in validate_state(
        data
    )


@pytest.mark.rule("SC-SCORE-06")
def test_rejects_running_totals_before_the_first_round_ends() -> None:
    data = _five_player_deal()
    data["scores"] = [5, 0, 0, 0, 0]
    assert [loc for loc, _ in validate_state(data)] == ["/scores"]


@pytest.mark.rule("SC-SETUP-04", "SC-SNS-01")
def test_rejects_scout_show_chip_used_before_play() -> None:
    data = _five_player_deal(phase="rotation")
    data["scout_show_available"] = [False, True, True, True, True]
    assert [loc for loc, _ in validate_state(data)] == ["/scout_show_available"]


@pytest.mark.rule("SC-GEN-03")
def test_round_trip_keeps_the_state_and_its_digest() -> None:
    data = _play_state()
    state = state_from_json(data)
    assert state_to_json(state) == data
    assert state_from_json(json.loads(json.dumps(data))) == state


@pytest.mark.rule("SC-GEN-03")
def test_the_json_and_its_schema_name_every_field_of_a_state() -> None:
    """The JSON form is written out key by key: a new field of :class:`State` fails here until
    it, and the state schema, have it."""
    names = [f.name for f in fields(State)]
    assert list(state_to_json(state_from_json(_play_state()))) == names
    schema = json.loads((spec_dir() / "schema" / "state.schema.json").read_text("utf-8"))
    assert schema["required"] == names
    assert list(schema["properties"]) == names


@pytest.mark.rule("SC-GEN-03")
def test_digest_is_sha256_of_the_canonical_json_whatever_the_key_order() -> None:
    data = _play_state()
    state = state_from_json(data)
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    assert state_digest(state) == hashlib.sha256(canonical.encode()).hexdigest()
    shuffled = dict(reversed(list(copy.deepcopy(data).items())))
    assert state_digest(state_from_json(shuffled)) == state_digest(state)


@pytest.mark.rule("SC-GEN-03")
@pytest.mark.parametrize("scores", [(1.0, 0, 0, 0), (2**53 - 1, 0, 0, 0), (-(2**53 - 1), 0, 0, 0)])
def test_a_hand_built_state_has_the_rfc8785_digest(scores: tuple[float, ...]) -> None:
    state = evolve(state_from_json(_play_state()), scores=cast(Any, scores))  # 1.0: by hand
    expected = hashlib.sha256(rfc8785.dumps(state_to_json(state))).hexdigest()
    assert state_digest(state) == expected


junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@pytest.mark.rule("SC-GEN-03")
@given(junk)
def test_junk_is_rejected_as_malformed_input(data: object) -> None:
    with pytest.raises(MalformedInputError):
        state_from_json(data)


@pytest.mark.rule("SC-GEN-03")
@given(junk)
def test_the_fast_digest_path_writes_what_rfc8785_writes(value: object) -> None:
    """``state_digest`` serialises with ``json`` whenever ``plain_json`` says it may: then the bytes
    are RFC 8785's (rfc8785's own), and a value it refuses goes to rfc8785 itself."""
    if plain_json(value):
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        assert text.encode("utf-8") == rfc8785.dumps(cast(Any, value))


def _mutations(data: JSON) -> st.SearchStrategy[JSON]:
    """``data`` with one value somewhere replaced by junk or by a plausible card or number."""
    paths: list[tuple[str | int, ...]] = []

    def walk(node: object, path: tuple[str | int, ...]) -> None:
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, (*path, k))
        elif isinstance(node, list):
            for k, v in enumerate(node):
                walk(v, (*path, k))

    walk(data, ())
    plausible = (
        st.integers(-1, 12)
        | st.builds("{}/{}".format, st.integers(0, 11), st.integers(0, 11))
        | st.builds("{}-{}".format, st.integers(0, 11), st.integers(0, 11))
        | st.sampled_from(["play", "rotation", "round_over", "game_over", "unbeaten", None, True])
    )

    def mutate(path: tuple[str | int, ...], value: object) -> JSON:
        out = copy.deepcopy(data)
        if not path:
            return out
        node: Any = out
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return out

    return st.builds(mutate, st.sampled_from(paths), plausible | junk)


@pytest.mark.rule("SC-GEN-03")
@given(st.data(), reachable_states(max_steps=60))
def test_mutated_states_load_consistently_or_fail_cleanly(
    data: st.DataObject, state: State
) -> None:
    mutated = data.draw(_mutations(state_to_json(state)))
    problems = validate_state(mutated)
    assert all(loc == "" or loc.startswith("/") for loc, _ in problems)
    if problems:
        with pytest.raises(MalformedInputError):
            state_from_json(mutated)
        return
    loaded = state_from_json(mutated)
    assert state_to_json(loaded) == mutated
    legal_moves(loaded)


@pytest.mark.rule("SC-GEN-03")
def test_a_state_read_again_is_judged_again() -> None:
    """The schema's verdicts are remembered by text for valid states only."""
    data = _play_state()
    assert shape_problems(data) == shape_problems(copy.deepcopy(data)) == []
    data["players"] = 7
    assert shape_problems(data) == shape_problems(data) != []
    data["players"] = 4
    data["scores"] = tuple(data["scores"])  # the text of the valid list: no list all the same
    assert shape_problems(data) != []
