"""The rulebook covers the registry: every rule rendered and anchored, every cited ID real.

The build tests run Sphinx in a subprocess with ``-W -n`` (as ``make docs`` does), which also
plays every worked example through the engine; a separate tiny project proves that a wrong
example fails the build.
"""

from __future__ import annotations

import html
import importlib
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from scout_ref import check_reachable, parse_position, state_digest
from scout_ref.rulebook.registry import RULE_ID, Status, rules, spec_dir
from scout_ref.rulebook.texts import editions
from tests.rulebook_build import ONE_BUILD
from tests.rulebook_build import sphinx as _sphinx

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _chapters() -> list[tuple[str, str]]:
    """(page, area) of every rulebook chapter, e.g. ("rulebook/08-show", "SHOW")."""
    data = json.loads((spec_dir() / "rules.json").read_text(encoding="utf-8"))
    return [
        (f"rulebook/{k:02d}-{ch['stem']}", ch["area"]) for k, ch in enumerate(data["chapters"], 1)
    ]


@pytest.mark.rule
def test_every_cited_rule_id_exists() -> None:
    known = rules()
    cited = {
        (path.relative_to(ROOT).as_posix(), m.group())
        for path in DOCS.rglob("*.rst")
        for m in RULE_ID.finditer(path.read_text(encoding="utf-8"))
    }
    assert cited, "the docs cite no rule at all"
    assert sorted(c for c in cited if c[1] not in known) == []


@pytest.mark.rule
def test_every_chapter_renders_its_area() -> None:
    for page, area in _chapters():
        text = (DOCS / f"{page}.rst").read_text(encoding="utf-8")
        assert f".. rules:: {area}\n" in text, page


@ONE_BUILD
@pytest.mark.slow
@pytest.mark.rule
def test_every_rule_is_anchored_in_its_chapter_and_the_index(built: Path) -> None:
    index = (built / "rules.html").read_text(encoding="utf-8")
    pages = {
        area: (built / f"{page}.html").read_text(encoding="utf-8") for page, area in _chapters()
    }
    for rule in rules().values():
        assert f'id="{rule.id}"' in pages[rule.area], rule.id
        assert f'id="{rule.id}"' in index, rule.id


def _rule_sections(built: Path) -> dict[str, str]:
    """Every live rule's section of its chapter page, as HTML."""
    pages = {
        area: (built / f"{page}.html").read_text(encoding="utf-8") for page, area in _chapters()
    }
    out = {}
    for rule in rules().values():
        if rule.status is not Status.RETIRED:
            page = pages[rule.area]
            start = page.index(f'id="{rule.id}"')
            end = page.find("<section", start + 1)
            out[rule.id] = page[start : end if end != -1 else len(page)]
    return out


@ONE_BUILD
@pytest.mark.slow
@pytest.mark.rule
def test_every_rule_has_a_statement_and_an_example(built: Path) -> None:
    for rule_id, section in _rule_sections(built).items():
        assert "scout-rule-statement" in section, rule_id
        # its own worked example, or links to the examples under other rules ("Examples:")
        assert re.search(r'id="example-|href="[^"]*#example-', section), rule_id


def _tiny_project(root: Path, body: str, conf: str = "") -> Path:
    """A one-page Sphinx project that uses the rulebook's extension (``conf`` ends conf.py)."""
    source = root / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(DOCS / '_ext')!r})\nextensions = ['scoutdocs']\n"
        "scout_referee = False\n" + conf,
        encoding="utf-8",
    )
    (source / "index.rst").write_text(f"Page\n====\n\n{body}", encoding="utf-8")
    return source


def _failed_build(source: Path, out: Path) -> str:
    """The warnings of a build that must fail under -W."""
    status, warnings = _sphinx(source, out, "-W")
    assert status != 0
    return warnings


@pytest.mark.slow
@pytest.mark.rule
def test_a_wrong_example_fails_the_build(tmp_path: Path) -> None:
    source = _tiny_project(
        tmp_path,
        ".. scout-example:: Ties beat, says this example\n"
        "   :rules: SC-SET-05\n"
        "   :players: 3\n"
        "   :unproven:\n"  # no witness: the engine's verdict is what fails it
        "   :hands: 5/2 4/1 | 1/2 | 1/3\n"
        "   :active-set: 4/3 5/6\n"
        "   :owner: 1\n"
        "   :moves: show 0-1\n"
        "   :expect: verdict = legal\n",
    )
    status, warnings = _sphinx(source, tmp_path, "-W")
    assert status != 0
    assert "disagrees with the engine: verdict is 'not_stronger'" in warnings


@pytest.mark.slow
@pytest.mark.rule
def test_an_unknown_rule_id_fails_the_build(tmp_path: Path) -> None:
    source = _tiny_project(tmp_path, "See :rule:`SC-SHOW-99`.\n")
    status, warnings = _sphinx(source, tmp_path, "-W")
    assert status != 0
    assert "unknown rule ID SC-SHOW-99" in warnings


@pytest.mark.slow
@pytest.mark.rule("SC-SNS-01", "SC-REACH-05")
def test_an_out_of_scope_or_unreachable_example_fails_the_build(tmp_path: Path) -> None:
    source = _tiny_project(
        tmp_path,
        ".. scout-example:: Scout & Show with two players\n"
        "   :rules: SC-SNS-01\n"
        "   :players: 2\n"
        "   :seed: 1\n"
        "   :expect: phase = rotation\n"
        "\n"
        ".. scout-example:: The seat after the owner faces an emptied set\n"
        "   :rules: SC-SHOW-02\n"
        "   :players: 3\n"
        "   :hands: 2/1 | 3/1 | 4/1\n"
        "   :owner: 2\n"
        "   :moves: show 0-0\n"
        "   :expect: verdict = legal\n",
    )
    status, warnings = _sphinx(source, tmp_path, "-W", "--keep-going")
    assert status != 0
    assert "['SC-SNS-01'] do not apply to 2 players" in warnings
    assert "cannot arise in play: /turn: the seat after the owner" in warnings


def _examples() -> list[tuple[str, dict[str, str]]]:
    """(location, options) of every ``scout-example`` in the docs, read from the sources."""
    out = []
    start = re.compile(r"^\s*\.\. scout-example:: (.*)$")
    option = re.compile(r"^\s*:([a-z-]+):\s*(.*)$")
    for path in sorted(DOCS.rglob("*.rst")):
        if "_build" in path.parts:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for n, line in enumerate(lines):
            if not start.match(line):
                continue
            options: dict[str, str] = {}
            key = ""
            for more in lines[n + 1 :]:
                if not more.strip():
                    break
                found = option.match(more)
                if found:
                    key = found[1]
                    options[key] = found[2]
                else:
                    options[key] += "\n" + more.strip()
            out.append((f"{path.relative_to(ROOT)}:{n + 1}", options))
    return out


@pytest.mark.rule("SC-REACH-01")
def test_every_worked_example_is_a_reachable_position_the_engine_agrees_with(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each example, witness (``:setup:``) included, played as the docs build plays it; its
    "try it from here" button (issue 30) asks the referee panel the example's own question."""
    monkeypatch.syspath_prepend(str(DOCS / "_ext"))
    scenario = importlib.import_module("scoutdocs.scenario")
    referee = importlib.import_module("scoutdocs.referee")
    examples = _examples()
    assert len(examples) > 50
    for where, options in examples:
        try:
            outcome = scenario.run_example(options)
        except scenario.ExampleMismatch as exc:
            pytest.fail(f"{where}: {exc}")
        _check_try_button(where, outcome, referee.try_button(outcome))


def _check_try_button(where: str, outcome: Any, button: str) -> None:
    """The button's position line reads back, as a reachable position, to exactly the state the
    example judges its last move in (the final one if it plays none), and names that move."""
    line = re.search(r'data-position="([^"]*)"', button)
    move = re.search(r'data-move="([^"]*)"', button)
    assert line is not None, where
    assert move is not None, where
    state = parse_position(html.unescape(line[1]))
    assert check_reachable(state) == [], where
    asked = [step for step in outcome.steps if step.move is not None]
    wanted = asked[-1].before if asked else outcome.final
    assert state_digest(state) == state_digest(wanted), where
    assert html.unescape(move[1]) == (str(asked[-1].move) if asked else ""), where


@pytest.mark.rule("SC-REACH-01")
def test_a_hand_built_example_needs_its_witness_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a stored witness the example fails unless marked ``:unproven:``; marked while it
    has one, it fails too."""
    monkeypatch.syspath_prepend(str(DOCS / "_ext"))
    scenario = importlib.import_module("scoutdocs.scenario")
    options = next(o for _, o in _examples() if "seed" not in o and "unproven" not in o)
    scenario.run_example(options)
    with pytest.raises(scenario.ExampleMismatch, match="drop its :unproven: option"):
        scenario.run_example({**options, "unproven": ""})
    monkeypatch.setattr(scenario, "stored_witness", lambda state: None)
    with pytest.raises(scenario.ExampleMismatch, match="no witness game reaches it"):
        scenario.run_example(options)
    scenario.run_example({**options, "unproven": ""})


@ONE_BUILD
@pytest.mark.rule
def test_rules_page_gives_every_rule_its_text(built: Path) -> None:
    index = (built / "rules.html").read_text(encoding="utf-8")
    for rule in rules().values():
        start = index.index(f'id="{rule.id}"')
        entry = index[start : index.find("</li>", start)].replace("\u2019", "'")
        opening = RULE_ID.split(rule.statement)[0][:24]  # before any link or typography
        assert html.escape(opening, quote=False) in entry, rule.id
        scoped = hasattr(rule, "players")  # the registry's scope key, from issue 10
        assert ("players</span>" in entry) is scoped, rule.id


@ONE_BUILD
@pytest.mark.slow
@pytest.mark.rule
def test_rule_pages_leave_the_implementers_lists_to_the_engine_page(built: Path) -> None:
    """A chapter gives each rule and its examples; what backs the rule in code, tests and vectors
    is folded under the rule on the developers' page reference/engine (issue 31)."""
    engine = (built / "reference" / "engine.html").read_text(encoding="utf-8")
    for rule_id, section in _rule_sections(built).items():
        assert '<details class="scout-folded">' not in section, rule_id
        assert "scout-example" in section, rule_id
        at = engine.index(f"{rule_id}</span>")
        folded = engine.index('<details class="scout-folded">', at)
        assert ">Tested by<" in engine[folded : engine.find("</details>", folded)], rule_id


@ONE_BUILD
@pytest.mark.slow
@pytest.mark.rule
def test_every_rule_id_is_in_the_general_index(built: Path) -> None:
    index = (built / "genindex.html").read_text(encoding="utf-8")
    for rule in rules().values():
        assert f"{rule.id} (" in index, rule.id


@pytest.mark.rule
def test_faq_answers_at_least_25_disputes_each_with_an_example() -> None:
    text = (DOCS / "faq.rst").read_text(encoding="utf-8")
    questions = re.split(r"\n[^\n]+\n\.{4,}\n", text)[1:]
    assert len(questions) >= 25
    for answer in questions:
        assert ":rule:`SC-" in answer
        assert ".. scout-example::" in answer


@pytest.mark.slow
@pytest.mark.rule
def test_a_flow_citing_an_unknown_rule_fails_the_build(tmp_path: Path) -> None:
    bad = "f.Flow('bad', (f.Box('a', 0, 0, f.Kind.START, 'a', ('SC-SHOW-99',)),), ())"
    conf = f"from scoutdocs import flowcharts as f\nf.FLOWS['bad'] = {bad}\n"
    source = _tiny_project(tmp_path, ".. scout-flow:: bad\n", conf)
    assert "SC-SHOW-99 is not a live rule" in _failed_build(source, tmp_path)


@pytest.mark.slow
@pytest.mark.rule
def test_a_version_missing_from_the_changelog_fails_the_build(tmp_path: Path) -> None:
    changelog = tmp_path / "CHANGELOG.md"
    changelog.write_text("# Changelog\n\n## Unreleased\n", encoding="utf-8")
    conf = f"import scoutdocs.history as h\nh.CHANGELOG = h.Path({str(changelog)!r})\n"
    source = _tiny_project(tmp_path, ".. rule-history::\n", conf)
    warnings = _failed_build(source, tmp_path)
    assert "CHANGELOG.md has no section for version 1.0.0" in warnings


@ONE_BUILD
@pytest.mark.rule
def test_every_editions_page_catalogs_have_the_english_pages_messages(built: Path) -> None:
    """An English edit nobody carried into the catalogs (``make locales``) fails, naming the
    page and the message; the build collected each translated page's messages."""
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.syspath_prepend(str(DOCS / "_ext"))
    try:
        check = importlib.import_module("scoutdocs.catalog_check")
        english = json.loads((built.parent / "messages.json").read_text(encoding="utf-8"))
        assert "faq" in english
        assert "reference/api" not in english  # developer pages stay English
        extracted = {m for page in english.values() for m in page}
        numbers = importlib.import_module("scoutdocs.rules").display_numbers()
        for rule in rules().values():  # translated in spec/locales/<lang>/rules.po only
            assert f"{numbers[rule.id]} {rule.title}" not in extracted, rule.id
        statements = sum(rule.statement in extracted for rule in rules().values())
        assert statements <= 1  # a page's own prose may say what one rule says, word for word
        assert not {"Enforced by", "Tested by", "8. Show"} & extracted  # scoutdocs.po, rules.po
        onepage = importlib.import_module("scoutdocs.editions").ONEPAGE  # not in this build
        found = []
        for lang in editions():
            pages = check.page_catalogs(DOCS / "locales", lang)
            pages.pop(onepage, None)
            found += check.stale_pages(english, pages, lang)
    finally:
        monkeypatch.undo()
    assert not found, f"{len(found)} stale messages (run make locales):\n" + "\n".join(found[:10])


@ONE_BUILD
@pytest.mark.rule
def test_every_english_page_has_the_language_switcher(built: Path) -> None:
    for page in ("index.html", "rulebook/08-show.html", "reference/api.html"):
        text = (built / page).read_text(encoding="utf-8")
        assert '<strong aria-current="page" lang="en">English</strong>' in text, page
        assert 'hreflang="ru" lang="ru">Русский</a>' in text, page


@pytest.mark.rule
def test_the_table_sheet_check_counts_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``make docs-sheet`` fails when an edition's printed sheet is missing or longer than two
    pages (issue 31); the count reads the PDF's page tree."""
    monkeypatch.syspath_prepend(str(DOCS / "_ext"))
    sheet = importlib.import_module("scoutdocs.sheet")
    monkeypatch.setitem(sys.modules, "pypdf", None)  # the count without pypdf, as in CI
    pages = b"<< /Type /Page /Parent 2 0 R >>"
    for lang, count in (("en", 2), ("ru", 3)):
        tree = f"<< /Type /Pages /Kids [] /Count {count} >>".encode()
        (tmp_path / f"{lang}.pdf").write_bytes(b"%PDF-1.4\n" + pages * count + tree)
    assert sheet.page_count(tmp_path / "ru.pdf") == 3
    assert sheet.main([str(tmp_path), "en"]) == 0
    assert sheet.main([str(tmp_path), "en", "ru"]) == 1
    assert sheet.main([str(tmp_path), "pt"]) == 1
    assert "ru.pdf: 3 pages (more than 2)" in capsys.readouterr().out


_CH11_UNBEATEN = (
    ".. scout-example:: Everyone else scouted\n"
    "   :rules: SC-END-02\n"
    "   :players: 3\n"
    "   :hands: 6/8 9/2 9/1 5/9 | 3/1 | 4/9 9/3 6/9 7/9 8/9\n"
    "   :captured: 3-4 3-5 4-6 4-7 5-6 7-8 | 1-2 1-4 1-7 2-7 3-8 4-5 4-8 5-7 | "
    "1-5 1-8 2-3 2-4 2-5 2-8 3-7 5-8 6-7\n"
    "   :chips: 0 2 3\n"
    "   :active-set: 6/1 6/2 6/3\n"
    "   :owner: 0\n"
    "   :turn: 1\n"
    "   :moves: scout L @0; scout L @0\n"
    "   :expect: phase = round_over\n\n"
)


@pytest.mark.slow
@pytest.mark.rule("SC-END-02", "SC-SCORE-04")
def test_an_examples_sentence_takes_its_numbers_from_the_engine(tmp_path: Path) -> None:
    """Chapter 11 once said "two cards" beside a drawn hand of four (issue 31)."""
    body = (
        "   Seat 0 keeps :ex:`hand 0` cards, seat 2 holds :ex:`before hand 2` then "
        ":ex:`hand 2`, seat 0 scores :ex:`score 0` after :ex:`moves` moves.\n"
    )
    source = _tiny_project(tmp_path, _CH11_UNBEATEN + body)
    status, warnings = _sphinx(source, tmp_path, "-b", "text")  # -W: the rules not rendered
    assert status == 0, warnings
    assert ":ex:" not in warnings
    assert "disagrees" not in warnings
    text = " ".join((tmp_path / "html" / "index.txt").read_text(encoding="utf-8").split())
    assert "Seat 0 keeps 4 cards, seat 2 holds 5 then 6, seat 0 scores 8 after 2 moves." in text


@pytest.mark.slow
@pytest.mark.rule
@pytest.mark.parametrize(
    ("body", "error"),
    [
        (_CH11_UNBEATEN + "   Seat 0 has :ex:`cards 0` cards.\n", ":ex: key 'cards 0' is unknown"),
        (_CH11_UNBEATEN + "   Seat 7 has :ex:`hand 7` cards.\n", "the example has no such number"),
        ("Seat 0 has :ex:`hand 0` cards.\n", "is outside a scout-example"),
    ],
)
def test_an_unknown_or_stray_example_number_fails_the_build(
    tmp_path: Path, body: str, error: str
) -> None:
    assert error in _failed_build(_tiny_project(tmp_path, body), tmp_path)
