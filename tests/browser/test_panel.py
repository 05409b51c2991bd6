"""The referee panel in a real browser (issue 30): a FAQ dispute judged by tapping alone, the
panel and the rule texts in a Russian edition, bad input shown with the CLI's own message, no
console error, and a 430-pixel screenshot of the panel after a verdict. The English FAQ page and
its engine are the session's (conftest: ``referee``), which the API's tests use too.

The English site is the session's (conftest); the Russian edition is a one-page project with
one worked example and the real catalogs, a few CPU seconds where the whole edition costs ~17.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page, Route

from scout_ref.cli import main
from scout_ref.rulebook import texts as rule_texts
from scout_ref.rulebook.registry import rules
from tests.browser.conftest import DISPUTE, PHONE, Faults, example, tap_try, watch
from tests.rulebook_build import DOCS, ONE_BUILD, sphinx

pytestmark = [ONE_BUILD, pytest.mark.slow, pytest.mark.rule]  # the panel; the rules are the CLI's
EXAMPLE = f"""\
.. scout-example:: {DISPUTE}
   :rules: SC-GEN-02 SC-SHOW-01 SC-SET-01
   :players: 3
   :hands: 7/1 5/2 7/3 | 8/4 3/9 4/9 5/8 5/9 | 8/2 8/1 6/8 6/9 7/9 8/9
   :captured: 1-3 1-6 3-5 3-6 4-6 7-8 | 1-2 1-4 1-9 2-7 2-9 4-5 4-7 5-7 | 1-5 2-3 2-6 3-8 5-6 6-7
   :chips: 1 2 0
   :active-set: 4/2 4/3
   :owner: 2
   :turn: 0
   :moves: show 0-2
   :expect: verdict = not_a_combination
"""


def test_a_faq_dispute_gets_its_verdict_by_tapping_alone(referee: Page, tmp_path: Path) -> None:
    page = referee  # its engine was started by tapping this dispute's "try it" (conftest)
    built = example(page, DISPUTE).locator(".scout-verdict").inner_text()  # the build's engine
    reason = re.search(r"rejected: (\w+)", built)
    assert reason is not None, built
    verdict = tap_try(page, DISPUTE)
    assert "is-illegal" in (verdict.get_attribute("class") or "")
    assert reason[1] in verdict.inner_text()
    cited = page.locator(".scout-referee-rules dt").all_inner_texts()
    assert any("SC-SET-01" in rule for rule in cited), cited
    assert page.locator(".scout-referee-reasoning li").count() >= 1
    assert page.locator(".scout-referee-result svg.scout-picture").count() >= 1
    page.locator(".scout-referee").screenshot(path=str(tmp_path / "panel-after.png"))
    assert (tmp_path / "panel-after.png").stat().st_size > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def _cli_error(*args: str) -> str:
    """What ``scout-ref`` prints after ``error:`` for these arguments (exit status 2)."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = main(list(args))
    assert status == 2
    return err.getvalue().strip().removeprefix("error: ")


@pytest.mark.parametrize(
    ("line", "move"),
    [
        ("3p hands 3/1 4/1 | 5/2 | 6/3 7/3 | 8/1", "show 0-0"),  # a row too many
        ("3p hands 3/1 4/1 | 5/2 | 6/3 7/3 active_set 2/1 owner 1", "show 0-"),  # no move
    ],
)
def test_bad_input_is_shown_with_the_cli_message(referee: Page, line: str, move: str) -> None:
    page = referee
    page.locator(".scout-referee-line").fill(line)
    page.locator(".scout-referee-move").fill(move)
    page.locator(".scout-referee-try").click()
    error = page.locator(".scout-referee-result .scout-referee-error pre")
    error.wait_for(timeout=120_000)
    assert error.inner_text() == _cli_error("explain", "--json", line, move)
    assert "Traceback" not in page.locator(".scout-referee").inner_text()


def _russian_catalog() -> dict[str, str]:
    path = DOCS / "locales" / "ru" / "LC_MESSAGES" / "scoutdocs.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale="ru")
    return {m.id: m.string for m in catalog if isinstance(m.id, str) and isinstance(m.string, str)}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No line per request on stderr."""


@pytest.fixture(scope="session")
def russian_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A one-page Russian edition (the FAQ's dispute) with the real catalogs and the referee's
    runtime, served on 127.0.0.1: a few CPU seconds, where the whole edition costs ~17."""
    root = tmp_path_factory.mktemp("ru")
    source = root / "src"
    source.mkdir()
    conf = f"""
import sys
sys.path.insert(0, {str(DOCS / "_ext")!r})
project = "SCOUT"
extensions = ["scoutdocs"]
html_theme = "furo"
templates_path = [{str(DOCS / "_templates")!r}]
html_static_path = [{str(DOCS / "_static")!r}]
locale_dirs = [{str(DOCS / "locales")!r}]
gettext_compact = False
language = "ru"
"""
    (source / "conf.py").write_text(conf, encoding="utf-8")
    (source / "index.rst").write_text(".. toctree::\n\n   faq\n", encoding="utf-8")
    (source / "faq.rst").write_text(f"FAQ\n===\n\n{EXAMPLE}", encoding="utf-8")
    status, warnings = sphinx(source, root)
    assert status == 0, warnings
    handler = functools.partial(_Quiet, directory=str(root / "html"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture
def russian_faq(browser: Browser, russian_site: str, faults: Faults) -> Iterator[Page]:
    """The Russian page on a phone, in a context of its own where only its host answers."""
    own = urlsplit(russian_site).netloc
    context = browser.new_context(viewport=PHONE)

    def route(r: Route) -> None:
        if urlsplit(r.request.url).netloc == own or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            faults.foreign.append(r.request.url)
            r.abort("blockedbyclient")

    context.route("**/*", route)
    page = watch(context.new_page(), faults)
    page.goto(f"{russian_site}faq.html")
    yield page
    context.close()


LONG_LABELS = (  # every part of a seat's label: whose turn, chips, Scout & Show used
    "4p turn 1 hands 3/1 4/1 | 5/2 6/2 | 6/3 7/3 | 8/1 active_set 2/1 owner 0 "
    "scout_chips 1 2 3 0 scout_show_used 1 2"
)
OVERFLOW = """async ([line, perRows]) => {
  const words = JSON.parse(document.querySelector(".scout-referee").dataset.referee).drawing.words;
  const holder = document.createElement("div");
  holder.className = "scout-pictures";
  for (const perRow of perRows) {
    holder.insertAdjacentHTML("beforeend", await scoutRef.draw(line, { perRow, words }));
  }
  document.querySelector(".scout-referee-result").append(holder);
  const out = [];
  for (const svg of document.querySelectorAll("svg.scout-picture[role=img]")) {
    const right = svg.viewBox.baseVal.width;
    for (const text of svg.querySelectorAll("text")) {
      const box = text.getBBox();
      if (box.x + box.width > right) out.push([text.textContent, box.x + box.width, right]);
    }
  }
  return [document.querySelectorAll("svg.scout-picture[role=img]").length, out];
}"""


def test_a_russian_page_speaks_russian(russian_faq: Page, tmp_path: Path) -> None:
    page = russian_faq
    words = _russian_catalog()
    summary = page.locator(".scout-referee > summary")
    assert summary.inner_text() == words["Referee: try a move in a position"]
    assert page.evaluate("scoutRef.started") is False  # the panel starts this page's engine
    verdict = tap_try(page, None)  # the page's one example, its title in Russian
    page.locator(".scout-referee").screenshot(path=str(tmp_path / "panel-ru.png"))
    assert words["Illegal"] in verdict.inner_text()
    assert page.locator(".scout-referee-try").inner_text() == words["Try this move"]
    first = page.locator(".scout-referee-rules dt").first.inner_text().split()[0]
    english = rules()[first].statement
    wanted = rule_texts.lookup("ru", rule_texts.rule_context(first, "statement"), english)
    assert wanted not in (None, english)
    assert page.locator(".scout-referee-rules dd").first.inner_text() == wanted
    # Every label of every picture fits inside it, as the browser lays the edition's words out:
    # the page's and the panel's, and the longest seat labels at the phone's 6 cards a line.
    pictures, overflowing = page.evaluate(OVERFLOW, [LONG_LABELS, [6, 99]])
    assert pictures >= 4  # the example's (wide and narrow), the verdict's and the two here
    assert overflowing == []
    page.locator(".scout-referee-result .scout-pictures").last.screenshot(
        path=str(tmp_path / "labels-ru.png")
    )
