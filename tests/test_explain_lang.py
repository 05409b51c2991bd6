"""``explain`` in the editions' languages (issue 30): the English is what it was, every edition's
catalog of the reasoning is complete, and ``--lang`` says the verdict, the reasoning, the
rejection's detail and the cited rules in the edition's language.

``tests/data/explain_english.json`` holds, for each vector case, a digest of the English text
and ``--json`` output of ``explain`` on the case's moves and a few more (made from the code
before the phrases existed, issue 30); :func:`outputs` makes them the same way. Regenerate it
(``python -m tests.test_explain_lang``) only for an English change meant to be made.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from scout_ref.analysis import wording
from scout_ref.analysis.explain import explain
from scout_ref.analysis.wording import rejection_detail
from scout_ref.cli import main
from scout_ref.engine.notation import parse_written
from scout_ref.errors import ScoutError
from scout_ref.formats.documents import explanation_json, explanation_lines
from scout_ref.formats.state_json import state_from_json
from scout_ref.rulebook import phrases, texts
from scout_ref.rulebook.registry import rules, spec_dir
from tests.test_cli_json import validated

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")

GOLDEN = Path(__file__).parent / "data" / "explain_english.json"
VECTOR_FILES = sorted((spec_dir() / "vectors").glob("*/*.json"))


def cases(path: Path) -> Iterator[dict[str, Any]]:
    document = json.loads(path.read_text(encoding="utf-8"))
    for case in document.get("cases", []):
        if isinstance(case.get("state"), dict):
            yield case


def moves_for(case: dict[str, Any], hand_size: int) -> list[str]:
    """The case's move, some of its listed legal moves, and moves that fail in several ways."""
    out = [case["move"]] if "move" in case else []
    expected = case.get("expected")
    if isinstance(expected, dict) and isinstance(expected.get("moves"), list):
        listed = expected["moves"]
        out += listed[:: max(1, len(listed) // 6)]
    n = hand_size
    out += ["keep", f"show 0-{n}", "scout R~ @1 + show 1-2", "scout #1 @0", "show 1,0"]
    return list(dict.fromkeys(out))


def outputs(state: Any, move: str) -> str:
    """The English text output, then the ``--json`` output, as the CLI prints them."""
    try:
        explanation = explain(state, parse_written(move))
    except ScoutError as exc:
        return f"error: {exc}"
    document = json.dumps(explanation_json(explanation), indent=2, ensure_ascii=False)
    return "\n".join(explanation_lines(explanation)) + "\n" + document + "\n"


def digests(path: Path) -> dict[str, str]:
    out = {}
    for case in cases(path):
        state = state_from_json(case["state"])
        h = hashlib.sha256()
        for move in moves_for(case, len(state.hand)):
            h.update(outputs(state, move).encode() + b"\0")
        out[case["id"]] = h.hexdigest()[:12]
    return out


@pytest.mark.rule
@pytest.mark.parametrize("path", VECTOR_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_english_output_is_what_it_was(path: Path) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    made = digests(path)
    assert {k: golden.get(k) for k in made} == made


@pytest.mark.rule
@pytest.mark.parametrize("path", VECTOR_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_rejection_detail_phrase_says_the_engines_words(path: Path) -> None:
    for case in cases(path):
        state = state_from_json(case["state"])
        for move in moves_for(case, len(state.hand)):
            try:
                explanation = explain(state, parse_written(move))
            except ScoutError:
                continue
            rejection = explanation.rejection
            if rejection is not None:
                said = rejection_detail(state, explanation.move, rejection)
                assert said is not None, (case["id"], move, rejection)
                assert said.text() == rejection.detail, (case["id"], move)


LANGS = list(texts.editions())
POSITION = "3p hands 3/1 3/9 7/2 8/1 9/4 | 5/6 | 1/4 active_set 6/2 5/3 owner 2"
COUNTS = (0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 101, 1000000)


@pytest.fixture(name="fresh_catalogs")
def _fresh_catalogs() -> Iterator[None]:
    texts.catalog.cache_clear()
    phrases._plural_rule.cache_clear()
    yield
    texts.catalog.cache_clear()
    phrases._plural_rule.cache_clear()


@pytest.mark.rule
@pytest.mark.parametrize("lang", LANGS)
def test_every_phrase_says_all_its_values_in_every_edition(lang: str) -> None:
    """Each translation fills every placeholder of its phrase, in every plural form."""
    for phrase in wording.phrases():
        names = set(PLACEHOLDER.findall(phrase.plural or phrase.english)) - {"count"}
        values = {name: f"<{name}>" for name in names}
        for count in COUNTS if phrase.plural else (None,):
            said = phrase.say(count, **values)
            text = said.text(lang)
            assert all(v in text for v in values.values()), (lang, phrase.english, text)
            assert count is None or str(count) in text, (lang, phrase.english, count)


@pytest.mark.rule("SC-SET-01", "SC-SCOUT-03")
@pytest.mark.parametrize("lang", LANGS)
def test_lang_translates_the_texts_and_keeps_notation_codes_and_ids(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for move, status in (("show 1-2", 1), ("scout L~ @2", 0)):
        assert main(["explain", "--hypothetical", POSITION, move, "--json"]) == status
        english = json.loads(capsys.readouterr().out)
        argv = ["explain", "--hypothetical", POSITION, move, "--json", "--lang", lang]
        assert main(argv) == status
        doc = validated("explain", capsys.readouterr().out)
        assert doc.pop("language") == lang
        same = ("position", "after", "digest", "move", "seat", "legal")
        assert {k: doc[k] for k in same} == {k: english[k] for k in same}
        assert [p["rule"] for p in doc["reasoning"]] == [p["rule"] for p in english["reasoning"]]
        assert [r["id"] for r in doc["rules_cited"]] == [r["id"] for r in english["rules_cited"]]
        for got, was in zip(doc["reasoning"], english["reasoning"], strict=True):
            assert got["text"] != was["text"]
        assert doc["verdict"].startswith(move)
        assert doc["verdict"] != english["verdict"]
        rule = rules()[doc["rules_cited"][0]["id"]]
        assert doc["rules_cited"][0]["statement"] == texts.rule_statement(lang, rule)
        if doc["rejection"] is not None:
            assert doc["rejection"]["reason"] == english["rejection"]["reason"]
            assert doc["rejection"]["detail"] != english["rejection"]["detail"]
        assert main(["explain", "--hypothetical", POSITION, move, "--lang", lang]) == status
        text = capsys.readouterr().out
        assert doc["verdict"] in text
        assert rule.id in text
        assert all(len(line) <= 78 for line in text.splitlines() if not line.startswith("  3p"))


@pytest.mark.rule
def test_lang_en_is_the_english_and_an_unknown_edition_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["explain", "--hypothetical", POSITION, "show 1-2"]) == 1
    english = capsys.readouterr().out
    assert main(["explain", "--hypothetical", POSITION, "show 1-2", "--lang", "en"]) == 1
    assert capsys.readouterr().out == english
    for lang in ("../ru", "RU", "xx"):
        assert main(["explain", "--hypothetical", POSITION, "show 1-2", "--lang", lang]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.startswith("error: ")
        assert "Traceback" not in captured.err
    assert "the editions are ru (Русский), pt (Português), lv (Latviešu), hr" in captured.err


def _damaged(tmp_path: Path, how: str) -> Path:
    folder = tmp_path / "locales"
    shutil.copytree(texts.locales_dir(), folder)
    path = folder / "ru" / "explain.po"
    data = path.read_text(encoding="utf-8")
    if how == "cut short":
        data = data[: len(data) // 3].rsplit("\n\n", 1)[0] + "\n"
    elif how == "a placeholder":
        data = data.replace("место {seat}: допустимо", "место {место}: допустимо")
    elif how == "plural rule":
        data = data.replace("plural=n % 10 == 1", "plural=n %% 10 === 1")
    elif how == "not a catalog":
        data = data.replace('msgid "reasoning:"', 'msgid "reasoning:')
    path.write_text(data, encoding="utf-8")
    return folder


@pytest.mark.rule
@pytest.mark.usefixtures("fresh_catalogs")
@pytest.mark.parametrize("how", ["cut short", "a placeholder", "plural rule", "not a catalog"])
def test_a_damaged_catalog_is_an_installation_error(
    how: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = _damaged(tmp_path, how)
    monkeypatch.setattr(texts, "locales_dir", lambda: folder)
    # A legal Scout & Show: its reasoning counts the beaten set's cards (a plural form).
    argv = ["explain", "--hypothetical", POSITION, "scout L @0 + show 3-5", "--lang", "ru"]
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.startswith("error: "), err
    assert "explain.po" in err, err


@pytest.mark.rule
def test_catalog_check_finds_a_missing_plural_form_and_a_broken_placeholder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "docs" / "_ext"))
    from scoutdocs.catalog_check import incomplete  # noqa: PLC0415

    catalog = Catalog(locale="ru")
    catalog.add(("{count} card", "{count} cards"), ("{count} карта", "", "{count} карт"))
    catalog.add(("a {count} b", "a {count} bs"), ("{count} x", "{count} y", "{n} z"))
    catalog.add(("c {count}", "cs {count}"), ("{count} x", "{count} y", "{count} z"))
    path = tmp_path / "explain.po"
    buffer = io.BytesIO()
    write_po(buffer, catalog)
    path.write_bytes(buffer.getvalue())
    found = list(incomplete(path, "ru"))
    assert len(found) == 2
    assert "untranslated (a plural form)" in found[0]
    assert "{count} cards" in found[0]
    assert "placeholders" in found[1]
    assert "bs" in found[1]


if __name__ == "__main__":
    made = {k: v for path in VECTOR_FILES for k, v in digests(path).items()}
    json.dump(made, sys.stdout, indent=0, sort_keys=True)
