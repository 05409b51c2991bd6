"""Speed of the referee in the browser (issue 30): ``make bench-browser`` (``browser.py``).

The built rulebook (``make docs-en``: docs/_build/html) is served on 127.0.0.1 and opened in
Debian's Chromium (/usr/bin/chromium) through Playwright, as a reader opens it. Each round
starts a fresh browser context (an empty cache, as a first visit) and measures, in the page
(``performance.now``):

* ``pyodide``: Pyodide's start (fetching and compiling the interpreter, the standard library);
* ``packages``: fetching and unpacking the wheels (scout-ref's and the pure ones it needs);
* ``import``: importing the engine up to :mod:`scout_ref.browser`;
* ``first verdict``: from the first ``scoutRef.explain`` call on a fresh page to its answer
  (all of the above, and the verdict);
* ``later verdicts`` and ``legal``: the median and the slowest of ``explain`` and ``legal``
  on seeded vector positions once the engine runs;
* ``first in Russian``: the first verdict asked in an edition's language once the engine runs
  (babel's trimmed wheel fetched and unpacked, the catalogs read where the engine translates);
* ``revisit``: the first verdict again after reloading the page in the same context (the
  browser's cache warm, Pyodide started again);
* ``panel, asked at once``: as a reader uses the referee panel on a fresh page (the FAQ): from
  the tap that opens it to the verdict shown, the position and move typed in and asked at once;
* ``panel, asked after N s``: the same with N seconds (``--building``) between opening the panel
  and tapping "Try this move", the time a reader spends building a position: from that tap to
  the verdict shown, which is what the reader waits;
* ``longest main-thread task``: the longest task the page's own thread ran from the opening tap
  to the verdict (``PerformanceObserver`` long tasks, 50 ms and more), while which the page
  does not answer a tap.

Wall-clock seconds on a shared machine are noisy: the best of ``--rounds`` rounds is kept for
the start figures and the medians of every call for the others. ``first (CPU)`` is the CPU time
that Chromium's processes (and Playwright's driver) spent on the first verdict, all threads of
all processes counted (WebAssembly is compiled on several threads), which a loaded machine
changes less; ``later verdicts (CPU, each)`` likewise per call. Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import random
import statistics
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psutil
from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update"]

FIRST = """async ([position, move]) => {
  const start = performance.now();
  await scoutRef.explain(position, move);
  return { first: (performance.now() - start) / 1000, ...scoutRef.timings };
}"""
FIRST_IN = """async ([position, move, lang]) => {
  const start = performance.now();
  await scoutRef.explain(position, move, { lang });
  return (performance.now() - start) / 1000;
}"""
CALLS = """async (requests) => {
  const seconds = [];
  for (const [command, position, move] of requests) {
    const start = performance.now();
    await (command === "explain" ? scoutRef.explain(position, move, { hypothetical: true })
                                 : scoutRef.legal(position, { hypothetical: true }))
      .catch(() => null);
    seconds.push([command, (performance.now() - start) / 1000]);
  }
  return seconds;
}"""

PANEL_LINE = "3p hands 3/1 4/1 | 5/2 | 6/3 7/3 active_set 2/1 owner 1"
PANEL_MOVE = "show 0-1"
LONG_TASKS = """window.longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });"""
OPEN_PANEL = """() => {
  window.openedAt = performance.now();
  document.querySelector(".scout-referee > summary").click();
}"""
ASK_PANEL = """([line, move]) => {
  document.querySelector(".scout-referee-line").value = line;
  document.querySelector(".scout-referee-move").value = move;
  window.askedAt = performance.now();
  document.querySelector(".scout-referee-try").click();
}"""
ANSWERED = """() => {
  const now = performance.now();
  const tasks = window.longTasks.filter(([at]) => at >= window.openedAt);
  return { opened: (now - window.openedAt) / 1000, asked: (now - window.askedAt) / 1000,
           longest: Math.max(0, ...tasks.map(([, d]) => d)) / 1000 };
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No line per request."""


@contextmanager
def served(site: Path) -> Iterator[str]:
    """``site`` served on 127.0.0.1 from a thread: its URL."""
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def requests(count: int) -> list[tuple[str, str, str]]:
    """Seeded explain and legal requests on the vectors' positions."""
    cases = [
        case
        for path in sorted((ROOT / "spec" / "vectors").glob("*/*.json"))
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]
        if "position" in case and "move" in case
    ]
    rng = random.Random(30)
    picked = rng.sample(cases, count)
    return [(c, p["position"], p["move"]) for p in picked for c in ("explain", "legal")]


def cpu_seconds() -> float:
    """The CPU time of this process's children (Playwright's driver and Chromium's processes)."""
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def one_round(browser: Browser, url: str, asked: list[tuple[str, str, str]]) -> dict[str, Any]:
    """The figures of one first visit and one revisit, in seconds."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "index.html")
    position, move = asked[0][1], asked[0][2]
    before = cpu_seconds()
    first: dict[str, Any] = page.evaluate(FIRST, [position, move])
    first["first (CPU)"] = cpu_seconds() - before
    before = cpu_seconds()
    calls: list[tuple[str, float]] = page.evaluate(CALLS, asked)
    first["later verdicts (CPU, each)"] = (cpu_seconds() - before) / len(asked)
    first["first in Russian"] = page.evaluate(FIRST_IN, [position, move, "ru"])
    page.reload()
    revisit: dict[str, Any] = page.evaluate(FIRST, [position, move])
    context.close()
    return {**first, "revisit": revisit["first"], "calls": calls}


def panel_round(browser: Browser, url: str, building: float) -> dict[str, float]:
    """The referee panel on a fresh FAQ page, asked at once and after ``building`` seconds."""
    out: dict[str, float] = {}
    for name, wait in (("at once", 0.0), ("after", building)):
        context = browser.new_context()
        context.add_init_script(LONG_TASKS)
        page = context.new_page()
        page.goto(url + "faq.html")
        page.evaluate(OPEN_PANEL)
        page.wait_for_timeout(wait * 1000)
        page.evaluate(ASK_PANEL, [PANEL_LINE, PANEL_MOVE])
        page.locator(".scout-referee-result .scout-referee-verdict").wait_for(timeout=120_000)
        answered: dict[str, float] = page.evaluate(ANSWERED)
        context.close()
        out[f"panel, asked {name}"] = answered["opened" if wait == 0 else "asked"]
        out[f"longest main-thread task ({name})"] = answered["longest"]
    return out


def summary(rounds: list[dict[str, Any]]) -> dict[str, float]:
    """The best start figures and the medians and maxima of the calls."""
    starts = (
        "pyodide",
        "packages",
        "import",
        "first",
        "first (CPU)",
        "later verdicts (CPU, each)",
        "first in Russian",
    )
    out = {k: min(r[k] for r in rounds) for k in starts}
    out["revisit"] = min(r["revisit"] for r in rounds)
    for key in [k for k in rounds[0] if k.startswith(("panel", "longest"))]:
        out[key] = min(r[key] for r in rounds)
    for command in ("explain", "legal"):
        times = [s for r in rounds for c, s in r["calls"] if c == command]
        out[f"{command} median"] = statistics.median(times)
        out[f"{command} slowest"] = max(times)
    out["first / later verdict"] = out["first"] / out["explain median"]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "docs" / "_build" / "html")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--calls", type=int, default=20, help="positions timed per round")
    parser.add_argument(
        "--building", type=float, default=5.0, help="seconds from opening the panel to asking"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not (args.site / "_static" / "referee" / "wheels.json").is_file():
        print(
            f"error: no built rulebook with the referee in {args.site}: make docs-en",
            file=sys.stderr,
        )
        return 2
    asked = requests(args.calls)
    load_before = psutil.getloadavg()[0]
    with served(args.site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        rounds = [
            {**one_round(browser, url, asked), **panel_round(browser, url, args.building)}
            for _ in range(args.rounds)
        ]
        browser.close()
    figures = summary(rounds)
    load = f"machine load {load_before:.1f} before, {psutil.getloadavg()[0]:.1f} after"
    if args.json:
        print(json.dumps({**figures, "load": load}, indent=1))
        return 0
    print(f"referee in Chromium, best of {args.rounds} rounds ({args.calls} positions each)")
    print(f"  ({load})")
    for name, value in figures.items():
        unit = "x" if "/" in name else "s"
        print(f"  {name:<24} {value:8.3f} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
