"""The editions' machinery in a pseudo-translated edition of a one-chapter project (issue 23):
registry texts from rules.po, the extension's words from scoutdocs.po, an example's title from
its page's catalog, pictures drawn as in English with the edition's words (issue 31), the
switcher on every page, developer
pages marked English-only. (That no registry text reaches the page catalogs is checked on the
whole rulebook by tests/test_docs.py.)
"""

from __future__ import annotations

import importlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from scout_ref.rulebook import texts as rule_texts
from scout_ref.rulebook.registry import rules
from tests.test_editions import DOCS, ROOT, _pseudo_copy, _write

pytestmark = pytest.mark.rule  # the editions serve the whole rulebook, no one rule


@pytest.fixture(autouse=True)
def _extension_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(DOCS / "_ext"))


HAND_RU = "\u0412 руке только позиции от 0 до 2."

EXAMPLE = """\
   .. scout-example:: A show must lie within the hand
      :rules: SC-SHOW-01
      :players: 3
      :hands: 3/1 4/1 5/1 | 6/1 | 7/1
      :active-set: 2/8
      :owner: 2
      :moves: show 2-3
      :expect: verdict = range_outside_hand
      :unproven:

      The hand has positions 0 to 2 only.
"""


def _project(root: Path, registry: Path) -> Path:
    """A project with the SHOW chapter (one example), a developer page and pseudo catalogs."""
    source = root / "src"
    (source / "rulebook").mkdir(parents=True)
    (source / "reference").mkdir()
    conf = f"""
import sys
sys.path.insert(0, {str(DOCS / "_ext")!r})
extensions = ["scoutdocs"]
scout_referee = False
html_theme = "furo"
templates_path = [{str(DOCS / "_templates")!r}]
locale_dirs = ["locales/"]
gettext_compact = False
scout_registry_locales = {str(registry)!r}
"""
    (source / "conf.py").write_text(conf, encoding="utf-8")
    (source / "index.rst").write_text(
        "Home\n====\n\n.. toctree::\n\n   rulebook/08-show\n   reference/dev\n", encoding="utf-8"
    )
    (source / "rulebook" / "08-show.rst").write_text(
        f"8. Show\n=======\n\n.. rules:: SHOW\n\n{EXAMPLE}", encoding="utf-8"
    )
    (source / "reference" / "dev.rst").write_text("Dev\n===\n\nFor developers.\n", "utf-8")
    locales = source / "locales" / "ru" / "LC_MESSAGES"
    _pseudo_copy(
        DOCS / "locales" / "ru" / "LC_MESSAGES" / "scoutdocs.po", locales / "scoutdocs.po", "ru"
    )
    page = Catalog(locale="ru")
    page.add("A show must lie within the hand", "Выкладка должна лежать в руке")
    page.add("The hand has positions 0 to 2 only.", HAND_RU)
    _write(locales / "rulebook" / "08-show.po", page)
    return source


def _build(source: Path, out: Path, lang: str) -> str:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-b",
            "html",
            "-q",
            "-E",
            "-D",
            f"language={lang}",
            str(source),
            str(out),
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return (out / "rulebook" / "08-show.html").read_text(encoding="utf-8")


def _pictures(page: str) -> list[str]:
    return re.findall(r'<svg[^>]*class="scout-picture".*?</svg>', page, re.DOTALL)


def _drawing(picture: str) -> str:
    """A picture without its words and its size (which follows the length of the words)."""
    picture = re.sub(r"(<(text|title)\b[^>]*>)[^<]*(</\2>)", r"\1\3", picture)
    return re.sub(r'(viewBox|width|height)="[^"]*"', "", picture, count=3)


@pytest.fixture(scope="module")
def small_editions(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The small project built in English and in pseudo-Russian."""
    root = tmp_path_factory.mktemp("editions")
    registry = root / "spec-locales"
    with pytest.MonkeyPatch.context() as patch:  # the autouse fixture comes after this one
        patch.syspath_prepend(str(DOCS / "_ext"))
        _pseudo_copy(
            rule_texts.locales_dir() / "ru" / "rules.po", registry / "ru" / "rules.po", "ru"
        )
        source = _project(root, registry)
    _build(source, root / "en", "en")
    _build(source, root / "ru", "ru")
    return root / "en", root / "ru"


SMALL_BUILDS = pytest.mark.xdist_group("small-editions")
"""The tests of the small project's builds share them: pytest-xdist keeps them on one worker."""


@SMALL_BUILDS
@pytest.mark.slow
@pytest.mark.rule("SC-SHOW-01")
def test_an_edition_renders_registry_texts_and_its_own_words(
    small_editions: tuple[Path, Path],
) -> None:
    en_dir, ru_dir = small_editions
    ru = (ru_dir / "rulebook" / "08-show.html").read_text(encoding="utf-8")
    rule = rules()["SC-SHOW-01"]
    assert '<html class="no-js" lang="ru"' in ru
    assert f"8.1 {rule.title.upper()}" in ru  # the title from rules.po
    assert "8. SHOW" in ru  # the chapter heading from rules.po
    assert "CHECKED BY THE ENGINE:" in ru  # scoutdocs.po
    assert "Выкладка должна лежать в руке" in ru  # the example's title from the page catalog
    assert HAND_RU in ru
    assert '<span class="scout-status">NORMATIVE</span>' in ru  # the badge keeps its parts
    for same in ("SC-SHOW-01", "range_outside_hand", '<span class="pre">2-3</span>'):
        assert same in ru
    en = (en_dir / "rulebook" / "08-show.html").read_text(encoding="utf-8")
    assert f"8.1 {rule.title}" in en
    assert "Checked by the engine:" in en
    pictures = _pictures(ru)  # the engine's pictures: the same drawing, the edition's words
    assert [_drawing(p) for p in pictures] == [_drawing(p) for p in _pictures(en)] != []
    assert "ACTIVE SET (OWNER: SEAT 2)" in pictures[0]  # scoutdocs.po, pseudo-translated
    assert "Active set" not in "".join(pictures)


@SMALL_BUILDS
@pytest.mark.slow
def test_every_page_of_an_edition_has_the_switcher_and_developer_pages_say_english(
    small_editions: tuple[Path, Path],
) -> None:
    en_dir, ru_dir = small_editions
    for folder, code, current in ((en_dir, "en", "English"), (ru_dir, "ru", "Русский")):
        for page in folder.rglob("*.html"):
            if page.name in {"search.html", "genindex.html"} or "_static" in page.parts:
                continue
            text = page.read_text(encoding="utf-8")
            assert f'<strong aria-current="page" lang="{code}">{current}</strong>' in text, page
    dev = (ru_dir / "reference" / "dev.html").read_text(encoding="utf-8")
    assert "THIS PAGE IS FOR DEVELOPERS AND IS IN ENGLISH IN EVERY EDITION." in dev
    assert 'href="../../reference/dev.html" hreflang="en"' in dev
    assert "FOR DEVELOPERS" not in (en_dir / "reference" / "dev.html").read_text(encoding="utf-8")


@SMALL_BUILDS
@pytest.mark.slow
def test_the_picture_check_names_an_english_word_left_in_an_edition(
    small_editions: tuple[Path, Path], tmp_path: Path
) -> None:
    check = importlib.import_module("scoutdocs.picture_words")
    en_dir, ru_dir = small_editions
    english = check.english_words(en_dir, [])
    assert {"Seat", "owner", "set"} <= english
    assert not english & check.NOTATION  # "show 2-3" is the same in every edition
    own = check.own_words("ru", en_dir.parent / "src" / "locales")
    assert list(check.findings(ru_dir, english, own)) == []
    broken = tmp_path / "ru"  # the edition with its active set's caption left in English
    shutil.copytree(ru_dir, broken)
    page = broken / "rulebook" / "08-show.html"
    text = page.read_text(encoding="utf-8")
    assert "ACTIVE SET (OWNER: SEAT 2)" in text
    left = text.replace("ACTIVE SET (OWNER: SEAT 2)", "Active set (owner: seat 2)")
    page.write_text(left, encoding="utf-8")
    found = list(check.findings(broken, english, own))
    assert found
    assert all("rulebook/08-show.html: English word" in line for line in found)
    assert {"'Active'", "'owner'"} <= {line.split()[3] for line in found}
    (tmp_path / "none").mkdir()  # nothing built: nothing seen, which proves nothing
    nothing = list(check.findings(tmp_path / "none", english, own))
    assert len(nothing) == 1
    assert "no engine picture" in nothing[0]
