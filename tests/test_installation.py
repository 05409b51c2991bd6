"""A damaged installation (issue 35): every file scout-ref reads from its own installation (the
editions' catalogs and list, the coverage model, the stored witnesses) damaged in each way of
``tests.hostile.DAMAGES`` is one ``error:`` line naming the file, status 2, never an internal
error, a hang or gigabytes of memory."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

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
