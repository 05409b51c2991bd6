"""The bounded JSON reader, and every loader fed hostile input: only the documented error.

Each loader (a file read by a command, a state handed to the API, a vector folder, a record)
must answer hostile input with :class:`~scout_ref.MalformedInputError` (exit status 2 with one
line on the command line), never with another exception, a hang or a huge message.
"""

from __future__ import annotations

import json
import os
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scout_ref import MalformedInputError, new_game, state_digest, state_from_json, state_to_json
from scout_ref.cli import main
from scout_ref.conformance.judge.runner import load_cases
from scout_ref.conformance.vectors.build import lint
from scout_ref.engine.state import evolve
from scout_ref.formats.state_json import deal_from_json
from scout_ref.util.jsonread import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_INTEGER,
    MAX_LINE_BYTES,
    JSONInputError,
    nesting_depth,
    parse,
    read_file,
    value_problems,
)
from tests.hostile import (
    STATE,
    deep,
    hostile_texts,
    hostile_values,
    in_state,
    states_with_hostile_fields,
)

pytestmark = pytest.mark.rule
MAX_MESSAGE = 3_000  # characters: an error line quotes excerpts, never the input


def refused(text: str | bytes) -> JSONInputError:
    with pytest.raises(JSONInputError) as info:
        parse(text, "input")
    assert "\n" not in str(info.value)
    assert len(str(info.value)) < MAX_MESSAGE
    return info.value


def test_reads_ordinary_json() -> None:
    assert parse('{"a": [1, -2, "x", true, null]}', "t") == {"a": [1, -2, "x", True, None]}


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("[" * 400_000 + "]" * 400_000, "nested 400000 deep"),
        (deep(MAX_DEPTH + 2), f"the limit is {MAX_DEPTH}"),
        ("9" * 5000, "beyond"),
        (str(MAX_INTEGER + 1), "beyond"),
        ("[NaN]", "NaN is not JSON"),
        ("[-Infinity]", "Infinity is not JSON"),
        ("[1e999]", "no fraction or exponent"),
        ('{"id": 7.0}', "no fraction or exponent"),
        ('{"a": 1, "b": 2, "a": 3}', "'a' appears twice"),
        ('["\\ud800"]', "unpaired surrogate"),
        ('{"\\udc00x": 1}', "unpaired surrogate"),
        ('{"a": 1', "not JSON: line 1"),
        ('"' + '\\"' * 300_000, "not JSON"),  # an unterminated string full of escaped quotes
    ],
)
def test_refuses_json_beyond_the_limits(text: str, why: str) -> None:
    assert why in str(refused(text))


def test_keeps_the_largest_integers_and_the_deepest_nesting_allowed() -> None:
    assert parse(f"[{MAX_INTEGER}, {-MAX_INTEGER}]", "t") == [MAX_INTEGER, -MAX_INTEGER]
    assert nesting_depth(deep(MAX_DEPTH)) == MAX_DEPTH
    assert parse(deep(MAX_DEPTH), "t") is not None


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert parse(json.dumps(["[" * 100, "\\" * 3 + "{" * 100]), "t") is not None


def test_refuses_text_that_is_not_utf8() -> None:
    assert "not UTF-8 at byte 7" in str(refused(b'{"x": "\xe9"}'))


def test_refuses_a_document_above_the_size_limit() -> None:
    with pytest.raises(JSONInputError, match="the limit is 10"):
        parse(b"[1, 2, 3, 4, 5]", "t", max_bytes=10)


def test_refuses_folders_devices_fifos_and_huge_files_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # nobody writes to it: opening it for reading would block
    huge = tmp_path / "huge.json"
    with huge.open("wb") as out:
        out.truncate(196 * 1024 * 1024)  # sparse: costs no disk, would cost 196 MB to read
    cases = [
        (tmp_path, "is a folder"),
        (fifo, "not a regular file"),
        (Path("/dev/zero"), "not a regular file"),
        (huge, f"the limit is {MAX_FILE_BYTES}"),
        (tmp_path / "missing.json", "No such file"),
    ]
    for path, why in cases:
        with pytest.raises(JSONInputError, match=why):
            read_file(path)


def test_value_problems_walk_without_recursion() -> None:
    nested: list[object] = []
    for _ in range(100_000):
        nested = [nested]
    looped: list[object] = []
    looped.append(looped)
    assert value_problems(nested) == [("/0" * MAX_DEPTH, f"nested deeper than {MAX_DEPTH}")]
    assert "nested deeper" in value_problems(looped)[0][1]
    assert value_problems({1: 2, "x": {1.5}}) == [
        ("", "the key 1 is not a string"),
        ("/x", "a set is not a JSON value"),
    ]


@pytest.mark.rule("SC-SETUP-01")
def test_state_counts_stay_far_inside_exact_integers() -> None:
    for field, value in (("scores", [10**6 + 1, 0, 0]), ("scout_chips", [0, 2**53, 0])):
        with pytest.raises(MalformedInputError, match=f"/{field}/"):
            state_from_json(STATE | {field: value})


@pytest.mark.rule("SC-COMP-02")
@pytest.mark.parametrize("card", ["\u0662/7", "\u00b9/7", "1/4\n", "\uff11/4", " 1/4"])
def test_cards_are_ascii_digits_only(card: str) -> None:
    first, *others = cast(list[list[str]], STATE["hands"])
    hands = [[card, *first[1:]], *others]
    with pytest.raises(MalformedInputError, match="/hands/0/0"):
        state_from_json(STATE | {"hands": hands})
    deck = [card, *["1/2"] * 35]
    with pytest.raises(MalformedInputError, match="/deck/0"):
        deal_from_json({"players": 3, "rules": STATE["rules"], "deck": deck})


# --- property tests: every loader, hostile input -------------------------------------------


def refusal(load: Callable[[], object]) -> str:
    """The message of the documented error ``load`` raises ("" if it loads): any other
    exception fails the test."""
    try:
        load()
    except MalformedInputError as exc:
        return str(exc)
    return ""


LOADER_SETTINGS = settings(
    max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@given(hostile_texts())
def test_parse_refuses_only_with_the_documented_error(text: str) -> None:
    message = refusal(lambda: parse(text, "input"))
    assert len(message) < MAX_MESSAGE
    assert "\n" not in message


@given(hostile_values())
def test_state_from_json_refuses_only_with_the_documented_error(value: object) -> None:
    assert len(refusal(lambda: state_digest(state_from_json(value)))) < MAX_MESSAGE


def test_a_state_read_again_is_the_state_read_first_and_never_another_value() -> None:
    """state_from_json keeps the states it read by their JSON text: the same text gives the
    same State, and a value of other Python types (a tuple for a list) is still refused."""
    data: dict[str, Any] = json.loads(json.dumps(state_to_json(new_game(3, seed=5))))
    first = state_from_json(json.loads(json.dumps(data)))
    assert state_from_json(json.loads(json.dumps(data))) is first
    with_tuple = {**data, "hands": [tuple(h) for h in data["hands"]]}
    with pytest.raises(MalformedInputError, match="hands"):
        state_from_json(with_tuple)
    assert state_from_json(data, reachable=True) == first


@LOADER_SETTINGS
@given(text=st.one_of(hostile_texts(), states_with_hostile_fields()))
def test_file_commands_answer_hostile_files_with_status_2(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "input.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    for argv in (["explain", str(path), "keep"], ["replay", str(path)]):
        status = main(argv)
        err = capsys.readouterr().err
        assert status in (0, 1, 2)
        if status == 2:
            assert err.startswith("error: ")
            assert err.count("\n") == 1
            assert len(err) < MAX_MESSAGE


def vector_file(kind: str, case: str) -> str:
    head = f'{{"spec_version":"1.0.0","kind":"{kind}","description":"d","cases":['
    return head + case + "]}"


@LOADER_SETTINGS
@given(
    kind=st.sampled_from(["legal", "apply", "trace", "perft"]),
    case=st.one_of(hostile_texts(), states_with_hostile_fields()),
)
def test_vector_folders_answer_hostile_files_with_the_documented_error(
    kind: str, case: str, tmp_path: Path
) -> None:
    root = tmp_path / "vectors"
    (root / kind).mkdir(parents=True, exist_ok=True)
    (root / kind / "x.json").write_text(
        vector_file(kind, case), encoding="utf-8", errors="surrogatepass"
    )
    with pytest.raises(MalformedInputError):
        load_cases(root)
    assert lint(root)  # every problem is a line of the report, none an exception


@pytest.mark.parametrize("spec_version", ["9.9.9", "1.0", "1.0.0\n", "2.0.0", "1.99.0"])
def test_vector_folders_of_another_spec_version_are_refused(
    spec_version: str, tmp_path: Path
) -> None:
    legal = Path(__file__).parent / "data" / "vectors" / "legal" / "ties.json"
    document = json.loads(legal.read_text("utf-8")) | {"spec_version": spec_version}
    (tmp_path / "legal").mkdir()
    (tmp_path / "legal" / "ties.json").write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(MalformedInputError):
        load_cases(tmp_path)


def test_a_hostile_field_in_a_state_names_its_place(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(in_state("1e5", "players"), encoding="utf-8")
    assert main(["explain", str(path), "keep"]) == 2


def test_the_limits_page_states_the_limits() -> None:
    page = Path(__file__).parent.parent / "docs" / "reference" / "limits.rst"
    text = page.read_text("utf-8")
    for figure in (MAX_FILE_BYTES, MAX_LINE_BYTES, MAX_INTEGER):
        assert f"{figure:,}" in text
    assert f"{MAX_DEPTH} arrays and objects deep" in text


@pytest.mark.rule("SC-SCORE-06")
def test_a_hand_built_state_beyond_exact_integers_has_no_digest() -> None:
    state = state_from_json(STATE)
    huge = evolve(state, scores=(2**60, 0, 0))
    with pytest.raises(MalformedInputError, match="no digest"):
        state_digest(huge)


def test_a_record_of_another_spec_version_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace = Path(__file__).parent / "data" / "vectors" / "trace" / "round.json"
    path = tmp_path / "game.json"
    document = json.loads(trace.read_text("utf-8")) | {"spec_version": "9.9.9"}
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "was written for spec '9.9.9'" in capsys.readouterr().err


DENSE = {
    "empty arrays": lambda n: "[" + "[]," * n + "[]]",
    "empty objects": lambda n: "[" + "{}," * n + "{}]",
    "nested pairs": lambda n: "[" + "[[]]," * (n // 2) + "[]]",
    "small integers": lambda n: "[" + "1," * (3 * n) + "1]",
    "empty strings and numbers": lambda n: "[" + '"",0,' * (2 * n) + "0]",
}


@pytest.mark.parametrize("shape", list(DENSE))
def test_a_document_dense_in_values_is_refused_in_memory_near_its_size(shape: str) -> None:
    """Each array, object or value costs tens of bytes of memory for one to three of text, so
    a document of small values is counted and refused before anything is built (60 MiB of
    ``[],`` took 1.7 GiB): the reader's memory stays a small multiple of the text's."""
    text = DENSE[shape](1_500_000)
    tracemalloc.start()
    try:
        with pytest.raises(JSONInputError, match="the limit is"):
            parse(text, "dense", max_bytes=len(text))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * len(text), peak
