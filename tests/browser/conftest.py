"""The built rulebook in a real browser: Debian's Chromium driven by pytest-playwright (issue 30).

* ``site_url``: the rulebook that ``built`` (``tests/conftest.py``) made, served from a thread on
  127.0.0.1, as any static server serves it;
* ``context``: one browser context for the whole session, in which a request to any other host
  is blocked and recorded, and every console error and uncaught page error is recorded;
* ``referee``: a page of the site whose engine has started (Pyodide starts once per session:
  some seconds); ``open_page`` opens another page of the site in the same context.

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
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Route

CHROMIUM = Path("/usr/bin/chromium")


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
    """pytest-playwright's launch arguments, with the system's Chromium. --no-sandbox: the
    tests may run as root (CI does), where Chromium's sandbox cannot start."""
    path = str(chromium())
    return {**browser_type_launch_args, "executable_path": path, "args": ["--no-sandbox"]}


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


@pytest.fixture(scope="session")
def open_page(context: BrowserContext, site_url: str, faults: Faults) -> Callable[[str], Page]:
    """Open a page of the site (a path such as ``faq.html``) in a new tab of the context."""

    def open_(path: str) -> Page:
        page = watch(context.new_page(), faults)
        page.goto(site_url + path)
        return page

    return open_


@pytest.fixture(scope="session")
def referee(open_page: Callable[[str], Page]) -> Page:
    """The index page, with the engine started (once per session)."""
    page = open_page("index.html")
    assert page.evaluate("async () => (await scoutRef.ready) === scoutRef")
    return page


@pytest.fixture(autouse=True)
def no_page_faults(faults: Faults) -> Iterator[None]:
    """Fail a test during which a page asked another host for anything or logged an error."""
    faults.take()
    yield
    assert faults.take() == []
