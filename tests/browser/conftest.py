"""The built rulebook in a real browser: Debian's Chromium driven by pytest-playwright (issue 30).

* ``site_url``: the rulebook that ``built`` (``tests/conftest.py``) made, served from a thread on
  127.0.0.1, as any static server serves it;
* ``context``: one browser context for the whole session, in which a request to any other host
  is blocked and recorded, and every console error and uncaught page error is recorded;
* ``read_faq``: the FAQ page of the site on a phone-sized screen as read, nothing tapped, and
  ``referee``: the same page once the panel started its engine (Pyodide starts once per session
  for the English site: some seconds); ``open_page`` opens another page of the site in the same
  context.

After each test (``no_page_faults``, automatic here) the recorded requests to other hosts and
console errors fail it. Chromium is ``/usr/bin/chromium`` (``apt-get install chromium``;
Playwright's own browser download is not used). Without it the browser tests are skipped, except
under CI (``CI`` set), where they fail: CI always runs them (``.ci/run`` installs Chromium).
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Locator,
    Page,
    Route,
    ViewportSize,
)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = (
    "--no-sandbox",  # the tests may run as root (CI does), where the sandbox cannot start
    "--disable-background-networking",  # and no call home of Chromium's own
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def chromium() -> Path:
    """Debian's Chromium; the tests are skipped without it, and fail without it under CI."""
    found = CHROMIUM if CHROMIUM.is_file() else shutil.which("chromium")
    if found is None:
        message = f"no Chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"{message}: CI runs the browser tests always", pytrace=False)
        pytest.skip(message)
    return Path(found)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch arguments, with the system's Chromium and its flags."""
    path = str(chromium())
    return {**browser_type_launch_args, "executable_path": path, "args": list(CHROMIUM_FLAGS)}


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No line per request on stderr."""


@pytest.fixture(scope="session")
def site_url(built: Path) -> Iterator[str]:
    """The built rulebook served on 127.0.0.1 (a free port), from a thread, as http.server does."""
    handler = functools.partial(_QuietHandler, directory=str(built))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join()


@dataclass
class Faults:
    """What the pages did wrong: requests to other hosts (blocked) and console errors."""

    foreign: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    def take(self) -> list[str]:
        """Every fault recorded since the last call, which forgets them."""
        found = [f"request to another host: {u}" for u in self.foreign] + [
            f"console: {m}" for m in self.console
        ]
        self.foreign.clear()
        self.console.clear()
        return found


@pytest.fixture(scope="session")
def faults() -> Faults:
    """The faults the pages of the session record."""
    return Faults()


@pytest.fixture(scope="session")
def context(browser: Browser, site_url: str, faults: Faults) -> Iterator[BrowserContext]:
    """One context for the session, where only the site's own host answers."""
    own = urlsplit(site_url).netloc
    ctx = browser.new_context()

    def route(r: Route) -> None:
        url = r.request.url
        if urlsplit(url).netloc == own or url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            faults.foreign.append(url)
            r.abort("blockedbyclient")

    ctx.route("**/*", route)
    yield ctx
    ctx.close()


def watch(page: Page, faults: Faults) -> Page:
    """``page`` with its console errors and uncaught errors recorded in ``faults``."""

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            faults.console.append(f"{message.text} ({message.location.get('url')})")

    page.on("console", console)
    page.on("pageerror", lambda error: faults.console.append(f"uncaught: {error}"))
    return page


OpenPage = Callable[..., Page]
"""``open_page(path, before=None)``: see :func:`open_page`."""


@pytest.fixture(scope="session")
def open_page(context: BrowserContext, site_url: str, faults: Faults) -> OpenPage:
    """Open a page of the site (a path such as ``faq.html``) in a new tab of the context;
    ``before(page)``, if given, runs on the blank tab first (to size it, or listen to it)."""

    def open_(path: str, before: Callable[[Page], object] | None = None) -> Page:
        page = watch(context.new_page(), faults)
        if before is not None:
            before(page)
        page.goto(site_url + path)
        return page

    return open_


PHONE: ViewportSize = {"width": 430, "height": 900}
DISPUTE = "Two 7s with a 5 between them are not a pair"  # a FAQ dispute answered by a position


def example(page: Page, title: str | None) -> Locator:
    """The worked example of that title (the page's first if None: an edition's titles are
    translated)."""
    return page.locator(".scout-example", has_text=title).first


def tap_try(page: Page, title: str | None) -> Locator:
    """Tap an example's "try it" and wait for the panel's verdict."""
    example(page, title).locator("button.scout-try").click()
    verdict = page.locator(".scout-referee .scout-referee-verdict")
    verdict.wait_for(timeout=120_000)
    return verdict


@dataclass
class Read:
    """The FAQ page on a phone-sized screen as a reader has read it, nothing tapped yet: what
    it fetched of the referee's files until the network was idle, and whether its engine had
    started then."""

    page: Page
    referee_files: list[str]
    started: bool


@pytest.fixture(scope="session")
def read_faq(open_page: OpenPage) -> Read:
    """The FAQ page, read (see :class:`Read`); the ``referee`` fixture then taps it."""
    asked: list[str] = []

    def before(page: Page) -> None:
        page.set_viewport_size(PHONE)
        page.on("request", lambda r: asked.append(r.url))

    page = open_page("faq.html", before)
    page.wait_for_load_state("networkidle")
    files = [u.split("?")[0] for u in asked if "/_static/referee/" in u]
    return Read(page, files, page.evaluate("scoutRef.started"))


@pytest.fixture(scope="session")
def referee(read_faq: Read) -> Page:
    """The FAQ page on a phone-sized screen, whose engine the panel started when a dispute's
    "try it" was tapped: Pyodide starts once for the API's tests and the panel's (some seconds
    each time it starts; this page's engine is the only one of the English site)."""
    page = read_faq.page
    assert read_faq.started is False  # reading the page loads no engine
    tap_try(page, DISPUTE)
    assert page.evaluate("async () => (await scoutRef.ready) === scoutRef")
    return page


@pytest.fixture(autouse=True)
def no_page_faults(faults: Faults) -> Iterator[None]:
    """Fail a test during which a page asked another host for anything or logged an error."""
    faults.take()
    yield
    assert faults.take() == []
