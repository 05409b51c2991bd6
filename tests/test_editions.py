"""The rulebook's editions (issue 23): catalogs complete and current, terms, rules --lang, the
switcher's links (tests/test_editions_build.py builds a pseudo-translated edition).

The completeness and terms tests fail while the translators are at work: that is their job.
The strict builds of the four real editions are ``make docs-check``'s (the Makefile says why).
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from scout_ref.cli import main
from scout_ref.rulebook import texts as rule_texts
from scout_ref.rulebook.registry import rules
from tests.test_cli_json import validated

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGS = list(rule_texts.editions())

pytestmark = pytest.mark.rule  # the editions serve the whole rulebook, no one rule

pytestmark = pytest.mark.rule  # the editions are about the rulebook, no one rule


@pytest.fixture(autouse=True)
def _extension_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(DOCS / "_ext"))


def _read(path: Path, lang: str = "en") -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _write(path: Path, catalog: Catalog, width: int = 76) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=width)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def _pseudo_copy(source: Path, target: Path, lang: str) -> None:
    """``source`` pseudo-translated into ``target`` (every message, none fuzzy)."""
    from scoutdocs.catalogs import pseudo  # noqa: PLC0415 - the docs' extension

    catalog = _read(source, lang)
    for message in catalog:
        if message.id:
            message.string = pseudo(str(message.id))
            message.flags.discard("fuzzy")
    _write(target, catalog)


@pytest.fixture
def pseudo_registry(tmp_path: Path) -> Path:
    """spec/locales with the Russian and Croatian rule texts pseudo-translated."""
    folder = tmp_path / "spec-locales"
    for lang in ("ru", "hr"):
        _pseudo_copy(rule_texts.locales_dir() / lang / "rules.po", folder / lang / "rules.po", lang)
    return folder


def test_editions_are_listed_once_and_each_has_its_catalogs() -> None:
    assert LANGS == ["ru", "pt", "lv", "hr"]
    spec = {p.name for p in rule_texts.locales_dir().iterdir() if p.is_dir()}
    docs = {p.name for p in (DOCS / "locales").iterdir() if p.is_dir()}
    assert spec == docs == set(LANGS)
    for lang in LANGS:
        assert (DOCS / "locales" / lang / "LC_MESSAGES" / "scoutdocs.po").is_file()


def test_makefile_reads_the_editions_from_the_list() -> None:
    done = subprocess.run(
        ["make", "-n", "-o", ".venv/.installed-stamp", "docs", f"PYTHON={sys.executable}"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    for lang in LANGS:
        assert (
            f"-D language={lang} -d docs/_build/doctrees/{lang} docs docs/_build/html/{lang}"
            in (done.stdout)
        )


@pytest.mark.parametrize("domain", ["rules", "explain"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_registry_catalog_generator_reproduces_the_committed_file(
    tmp_path: Path, lang: str, domain: str
) -> None:
    """``make locales`` on an unchanged registry (or explain's unchanged phrases) leaves each
    rules.po (explain.po) byte for byte."""
    from scoutdocs import catalogs  # noqa: PLC0415

    template = catalogs.registry_template() if domain == "rules" else catalogs.explain_template()
    REGISTRY_WIDTH = catalogs.REGISTRY_WIDTH
    committed = rule_texts.catalog_path(lang, domain)
    copy = tmp_path / f"{domain}.po"
    shutil.copyfile(committed, copy)
    assert catalogs.update_catalog(copy, template, lang, REGISTRY_WIDTH) == "unchanged"
    catalog = _read(copy, lang)
    catalog.update(template, update_creation_date=False)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=REGISTRY_WIDTH, ignore_obsolete=True)
    assert buffer.getvalue() == committed.read_bytes()


def test_a_changed_statement_keeps_its_translation_as_fuzzy(tmp_path: Path) -> None:
    from scoutdocs.catalogs import REGISTRY_WIDTH, registry_template, update_catalog  # noqa: PLC0415

    path = tmp_path / "ru" / "rules.po"
    catalog = _read(rule_texts.locales_dir() / "ru" / "rules.po", "ru")
    rule = rules()["SC-SHOW-03"]
    context = rule_texts.rule_context(rule.id, "statement")
    old = "When there is an active set, the combination shown must beat it."
    catalog.delete(rule.statement, context=context)
    catalog.add(old, "Перевод.", context=context)
    _write(path, catalog, REGISTRY_WIDTH)
    assert update_catalog(path, registry_template(), "ru", REGISTRY_WIDTH) == "updated"
    message = _read(path, "ru").get(rule.statement, context=context)
    assert message is not None
    assert (message.string, message.fuzzy) == ("Перевод.", True)
    assert rule_texts.lookup("ru", context, rule.statement, tmp_path) is None  # fuzzy: none
    assert b"#~" not in path.read_bytes()  # no obsolete entries are kept


@pytest.mark.parametrize("lang", LANGS)
def test_the_extension_and_registry_catalogs_are_current(lang: str) -> None:
    from scoutdocs.catalog_check import stale  # noqa: PLC0415
    from scoutdocs.catalogs import (  # noqa: PLC0415
        explain_template,
        extension_template,
        registry_template,
    )

    found = [
        *stale(
            DOCS / "locales" / lang / "LC_MESSAGES" / "scoutdocs.po",
            extension_template(),
            lang,
            "docs/_ext/scoutdocs",
        ),
        *stale(rule_texts.locales_dir() / lang / "rules.po", registry_template(), lang, "rules"),
        *stale(rule_texts.catalog_path(lang, "explain"), explain_template(), lang, "explain"),
    ]
    assert found == [], "run make locales"


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_of_the_edition_is_complete(lang: str) -> None:
    """Fails until the edition is fully translated (issue 23's done-when), by design."""
    from scoutdocs.catalog_check import incomplete, page_catalogs  # noqa: PLC0415

    pages = page_catalogs(DOCS / "locales", lang).values()
    others = [
        DOCS / "locales" / lang / "LC_MESSAGES" / "scoutdocs.po",
        rule_texts.locales_dir() / lang / "rules.po",
        rule_texts.catalog_path(lang, "explain"),  # explain's words, plural forms too (issue 30)
    ]
    found = [line for path in pages for line in incomplete(path, lang, page=True)]
    found += [line for path in others for line in incomplete(path, lang)]
    assert not found, f"{len(found)} messages to do, the first: " + "\n".join(found[:10])


@pytest.mark.parametrize("lang", LANGS)
def test_the_editions_terms_are_chosen_and_used(lang: str) -> None:
    """Fails until the edition's translator has written terms.json and used it throughout."""
    from scoutdocs.terms import term_findings  # noqa: PLC0415

    assert term_findings(lang) == []


def _terms(**entry: object) -> dict[str, object]:
    term: dict[str, object] = {
        "concept": "playing cards from the hand",
        "en": "show",
        "term": "выкладка",
        "match": ["выкладк"],
        "source": "seed 003",
        "rejected": [{"term": "показ", "match": ["показ"], "why": "seed 000 only"}],
    }
    term.update(entry)
    return {"language": "ru", "name": "Русский", "sources": ["seed 003"], "terms": [term]}


@pytest.mark.parametrize(
    ("text", "terms", "expected"),
    [
        ("Игрок делает выкладку; «показ» цитата.", _terms(), []),
        ("Игрок делает выкладку и показ.", _terms(), ["rejected term 'показ'"]),
        (
            "Игрок делает ход.",
            _terms(),
            ["'выкладка' (playing cards from the hand) occurs nowhere"],
        ),
        ("выкладка", _terms(match=["(unclosed"]), ["is not a regular expression"]),
        ("выкладка", _terms(source=""), ["terms/0/source"]),
        ("выкладка", {**_terms(), "language": "hr"}, ["'language' is 'hr', not 'ru'"]),
    ],
)
def test_terms_check_finds_what_is_wrong(
    tmp_path: Path, text: str, terms: dict[str, object], expected: list[str]
) -> None:
    from scoutdocs.terms import term_findings  # noqa: PLC0415

    catalog = Catalog(locale="ru")
    catalog.add("English", text)
    _write(tmp_path / "docs" / "ru" / "LC_MESSAGES" / "faq.po", catalog)
    (tmp_path / "docs" / "ru" / "terms.json").write_text(json.dumps(terms), encoding="utf-8")
    found = term_findings("ru", tmp_path / "docs", tmp_path / "spec")
    assert len(found) == len(expected), found
    for line, part in zip(found, expected, strict=True):
        assert part in line


def test_catalog_check_names_page_and_message_and_broken_placeholders(tmp_path: Path) -> None:
    from scoutdocs.catalog_check import incomplete, stale_pages  # noqa: PLC0415

    catalog = Catalog(locale="ru")
    catalog.add("Old sentence.", "Старое.")
    catalog.add("{move} is legal", "{ход} допустим")
    catalog.add("Seat 0 keeps :ex:`hand 0` cards.", "Место 0 держит 2 карты.")  # wrote it
    catalog.add("Seat 1 keeps :ex:`hand 1`.", "Место 1 держит :ex:`hand 0`.")  # changed it
    catalog.add("Seat 2 has :ex:`chips 2`.", "Место 2: :ex:`chips  2`.")  # not exactly kept
    catalog.add("Fuzzy one.", "Нечто.", flags=["fuzzy"])
    catalog.add("Untranslated.")
    page = tmp_path / "faq.po"
    _write(page, catalog)
    found = list(incomplete(page, "ru"))
    assert [line.split(": ", 2)[1] for line in found] == [
        "the placeholders {...} differ from the English",
        "the engine's numbers :ex:`...` differ from the English",
        "the engine's numbers :ex:`...` differ from the English",
        "the engine's numbers :ex:`...` differ from the English",
        "fuzzy (the English changed; check and unmark)",
        "untranslated",
    ]
    catalog.add("Round 2 deals the other half.", "2. runda dijeli drugu polovicu.")
    catalog.add("(i), or no move is left.", "(i) или ходов нет.")
    catalog.add("Seat 2 shows (i).", "Mjesto 2 pokazuje (i).")
    catalog.add("2. Show", "2. Odigraj")  # a numbered title stays one
    _write(page, catalog)
    reshaped = [line for line in incomplete(page, "ru", page=True) if "reshaped" in line]
    assert len(reshaped) == 2, reshaped
    assert "2. runda" in reshaped[0]
    assert "(i) или" in reshaped[1]
    assert not any("reshaped" in line for line in incomplete(page, "ru"))  # not a page: no check
    english = {"faq": ["Old sentence.", "New sentence."], "glossary": ["Term"]}
    found = list(stale_pages(english, {"faq": page}, "ru"))
    assert any(
        "the English page faq.rst has a message" in f and "New sentence." in f for f in found
    )
    assert any("no longer has this message" in f and "{move} is legal" in f for f in found)
    assert any("glossary.po: missing" in f for f in found)


def test_rules_lang_prints_the_translation(
    pseudo_registry: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(rule_texts, "locales_dir", lambda: pseudo_registry)
    rule_texts.catalog.cache_clear()
    try:
        assert main(["rules", "SC-SHOW-03", "--lang", "hr"]) == 0
        out = capsys.readouterr().out
        assert "SC-SHOW-03" in out
        assert "WHEN THERE IS AN ACTIVE SET, THE SHOWN COMBINATION MUST BEAT IT." in out
        assert main(["rules", "SC-SHOW-03", "--lang", "ru", "--json"]) == 0
        data = validated("rules", capsys.readouterr().out)
        assert data["language"] == "ru"
        assert data["rules"][0]["title"] == rules()["SC-SHOW-03"].title.upper()
        assert data["rules"][0]["id"] == "SC-SHOW-03"
    finally:
        rule_texts.catalog.cache_clear()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("xx", "no edition in 'xx'; the editions are ru (Русский), pt (Português)"),
        ("lv", "has no current translation of 'SC-SHOW-03 title' yet"),
    ],
)
def test_rules_lang_refuses_an_unknown_edition_or_a_missing_translation(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    expected: str,
) -> None:
    empty = tmp_path / "lv" / "rules.po"
    catalog = _read(rule_texts.locales_dir() / "lv" / "rules.po", "lv")
    for message in catalog:
        message.string = ""
    _write(empty, catalog, 100)
    monkeypatch.setattr(rule_texts, "locales_dir", lambda: tmp_path)
    rule_texts.catalog.cache_clear()
    try:
        assert main(["rules", "SC-SHOW-03", "--lang", lang]) == 2
    finally:
        rule_texts.catalog.cache_clear()
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert expected in err
    assert "Traceback" not in err


def test_switcher_links_are_relative_and_name_each_language_in_itself() -> None:
    from scoutdocs.editions import switcher_html, switcher_links  # noqa: PLC0415

    links = switcher_links("ru", "rulebook/08-show", ".html")
    assert links == [
        ("en", "English", "../../rulebook/08-show.html", False),
        ("ru", "Русский", "../../ru/rulebook/08-show.html", True),
        ("pt", "Português", "../../pt/rulebook/08-show.html", False),
        ("lv", "Latviešu", "../../lv/rulebook/08-show.html", False),
        ("hr", "Hrvatski", "../../hr/rulebook/08-show.html", False),
    ]
    assert switcher_links("en", "faq", ".html")[3] == ("lv", "Latviešu", "lv/faq.html", False)
    html = switcher_html("en", "index", ".html")
    assert '<strong aria-current="page" lang="en">English</strong>' in html
    assert '<a href="hr/index.html" hreflang="hr" lang="hr">Hrvatski</a>' in html


def test_developer_pages_stay_english_and_the_rest_are_translated() -> None:
    from scoutdocs.editions import translated  # noqa: PLC0415

    pages = [p.relative_to(DOCS).with_suffix("").as_posix() for p in DOCS.rglob("*.rst")]
    pages = [p for p in pages if not p.startswith("_")]
    english_only = sorted(p for p in pages if not translated(p))
    assert all(
        p.split("/")[0] in {"tutorial", "how-to", "reference"} or p == "explanation/design"
        for p in english_only
    ), english_only
    catalogs = {
        p.relative_to(DOCS / "locales" / "ru" / "LC_MESSAGES").with_suffix("").as_posix()
        for p in (DOCS / "locales" / "ru" / "LC_MESSAGES").rglob("*.po")
    }
    assert catalogs - {"scoutdocs"} == {p for p in pages if translated(p)}


@pytest.mark.parametrize(
    ("lang", "search"), [("ru", "ru"), ("pt", "pt"), ("lv", "en"), ("hr", "en")]
)
def test_each_edition_searches_in_its_language_where_sphinx_can(lang: str, search: str) -> None:
    """Sphinx stems Russian and Portuguese; Latvian and Croatian fall back to English."""
    from scoutdocs.editions import configure  # noqa: PLC0415

    class Config:
        language = lang
        html_search_language: str | None = None

    config = Config()
    configure(None, config)  # type: ignore[arg-type]
    assert config.html_search_language == search
