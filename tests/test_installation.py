"""A damaged installation (issue 35): every file scout-ref reads from its own installation (the
editions' catalogs and list, the coverage model, the stored witnesses) damaged in each way of
``tests.hostile.DAMAGES`` is one ``error:`` line naming the file, status 2, never an internal
error, a hang or gigabytes of memory; so is a vector folder or model that is not what it should
be."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from scout_ref.cli import main
from scout_ref.conformance.vectors import coverage
from scout_ref.rulebook import texts as rule_texts
from tests.hostile import DAMAGES
from tests.test_cli_input import one_error

pytestmark = pytest.mark.rule


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of spec/locales that the commands read instead."""
    copy = tmp_path / "locales"
    shutil.copytree(rule_texts.locales_dir(), copy)
    monkeypatch.setattr(rule_texts, "locales_dir", lambda: copy)
    rule_texts.catalog.cache_clear()
    rule_texts._editions.cache_clear()
    yield copy
    rule_texts.catalog.cache_clear()
    rule_texts._editions.cache_clear()


@pytest.mark.parametrize("damage", list(DAMAGES))
@pytest.mark.parametrize("name", ["ru/rules.po", "editions.json"])
def test_a_damaged_catalog_or_edition_list_is_reported_as_such(
    damage: str, name: str, locales: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    DAMAGES[damage](locales / name)
    err = one_error(capsys, ["rules", "--lang", "ru", "SC-SHOW-01"])
    assert "installation is damaged" in err, err
    assert name.rsplit("/", maxsplit=1)[-1] in err


@pytest.mark.parametrize(
    "header", ["nplurals=x; plural=0;", "nplurals=1000000000; plural=(n != 1);", "nplurals=;"]
)
def test_garbage_plural_forms_are_a_damaged_catalog(
    header: str, locales: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = locales / "ru" / "rules.po"
    lines = path.read_text("utf-8").splitlines(keepends=True)
    lines = [f'"Plural-Forms: {header}\\n"\n' if "Plural-Forms" in x else x for x in lines]
    path.write_text("".join(lines), "utf-8")
    assert "Plural-Forms" in one_error(capsys, ["rules", "--lang", "ru", "SC-SHOW-01"])


CODES = ["", " ", "../ru", "ru/../ru", "ru\n", "RU", "r", "\u0440\u0443", "e" * 99]


@pytest.mark.parametrize("code", CODES)
def test_a_language_code_is_two_or_three_small_letters(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "language code" in one_error(capsys, ["rules", "--lang", code, "SC-SHOW-01"])


def test_an_edition_list_naming_a_path_is_damaged(
    locales: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (locales / "editions.json").write_text(
        '{"source": {"lang": "en", "name": "English"}, "editions": [{"lang": "../x", "name": "X"}]}'
    )
    assert "installation is damaged" in one_error(capsys, ["rules", "--lang", "ru"])


@pytest.fixture
def coverage_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of spec/coverage.json that vectors coverage reads instead."""
    copy = tmp_path / "coverage.json"
    shutil.copyfile(coverage.MODEL, copy)
    monkeypatch.setattr(coverage, "MODEL", copy)
    coverage.model.cache_clear()
    yield copy
    coverage.model.cache_clear()


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_coverage_model_is_reported_as_such(
    damage: str, coverage_model: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    DAMAGES[damage](coverage_model)
    assert "installation is damaged" in one_error(capsys, ["vectors", "coverage"])


def deep_list(depth: int) -> object:
    value: object = []
    for _ in range(depth):
        value = [value]
    return value


def _group(**changes: object) -> dict[str, object]:
    group = {"rule": "SC-SET-01", "bin": "{players}", "when": {"kind": "apply"}, "each": []}
    return group | changes


MODELS = {
    "a list": [],
    "groups null": {"groups": None},
    "groups a string": {"groups": "x"},
    "an axis a number": {"groups": [_group(each=[{"players": 3}])]},
    "a billion bins": {"groups": [_group(each=[{f"a{n}": list(range(100)) for n in range(5)}])]},
    "an unknown rule": {"groups": [_group(rule="SC-NONE-99", each=[{"players": [3]}])]},
    "an attribute in a name": {"groups": [_group(bin="{players.real}", each=[{"players": [3]}])]},
    "a name without its axis": {"groups": [_group(bin="{size}", each=[{"players": [3]}])]},
    "deep nesting": {"groups": [_group(when={"kind": deep_list(40)})]},
}


@pytest.mark.parametrize("name", list(MODELS))
def test_a_model_that_is_not_a_model_within_bounds_is_refused(
    name: str, coverage_model: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads(coverage_model.read_text("utf-8"))
    wrong = MODELS[name]
    coverage_model.write_text(json.dumps(document | wrong if isinstance(wrong, dict) else wrong))
    assert "installation is damaged" in one_error(capsys, ["vectors", "coverage"])


FOLDERS = {
    "not JSON": ("legal/a.json", "{"),
    "a list": ("legal/a.json", "[]"),
    "cases a string": ("legal/a.json", '{"spec_version": "1.2.0", "kind": "legal", "cases": "x"}'),
    "no kind folder": ("a.json", "{}"),
    "deep nesting": ("legal/a.json", "[" * 100_000),
}


@pytest.mark.parametrize("name", list(FOLDERS))
@pytest.mark.parametrize("action", ["coverage", "lint"])
def test_a_vector_folder_of_wrong_files_is_refused_or_linted(
    name: str, action: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    where, text = FOLDERS[name]
    (tmp_path / where).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / where).write_text(text)
    argv = ["vectors", action, "--vectors-dir", str(tmp_path)]
    if action == "coverage":
        assert where in one_error(capsys, argv)
    else:  # lint lists every problem, and fails
        assert main(argv) == 1
        assert where in capsys.readouterr().out


@pytest.mark.parametrize("action", ["coverage", "lint"])
def test_a_vector_folder_that_reuses_a_case_id_is_refused_or_linted(
    action: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A case id names one case: ``coverage`` refuses a folder whose files reuse one, as
    ``lint`` does (it counted both)."""
    shipped = Path(__file__).parent.parent / "spec" / "vectors" / "legal" / "round_end.json"
    (tmp_path / "legal").mkdir()
    for name in ("round_end.json", "round_end_again.json"):
        shutil.copyfile(shipped, tmp_path / "legal" / name)
    argv = ["vectors", action, "--vectors-dir", str(tmp_path)]
    if action == "coverage":
        assert "id already used in legal/round_end.json" in one_error(capsys, argv)
    else:
        assert main(argv) == 1
        assert "id already used in legal/round_end.json" in capsys.readouterr().out


@pytest.mark.rule("SC-NOTE-07")
@pytest.mark.parametrize("move", ["scout #9 @0", "show 1,1", "show 4-2"])
@pytest.mark.parametrize("action", ["coverage", "lint"])
def test_a_vector_folder_whose_move_names_no_move_is_refused_or_linted(
    move: str, action: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A reject case whose move names no move (a card past its active set of 3, a card twice,
    a reversed range the schema lets through) is refused by ``coverage`` as by ``conform
    --vectors-dir`` (one check, ``check_written``; coverage counted it), and linted."""
    source = Path(__file__).parent.parent / "spec" / "vectors" / "reject" / "closure.json"
    document = json.loads(source.read_text("utf-8"))
    document["cases"][0]["move"] = move
    (tmp_path / "reject").mkdir()
    (tmp_path / "reject" / source.name).write_text(json.dumps(document), "utf-8")
    argv = ["vectors", action, "--vectors-dir", str(tmp_path)]
    if action == "coverage":
        assert f"reject/{source.name} /cases/0: invalid move" in one_error(capsys, argv)
    else:
        assert main(argv) == 1
        assert f"reject/{source.name}" in capsys.readouterr().out
