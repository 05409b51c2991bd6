"""The two screens of ``scout-ref play``: rich for a terminal, plain text otherwise.

Both show the same lines from :mod:`~scout_ref.play.view`; the rich screen adds colour, rules
and a scoreboard table, and fits an 80-column terminal. Input is read with :func:`input`
(through :meth:`rich.console.Console.input`), so both work in a pseudo-terminal and with
piped input.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from scout_ref.analysis.explain import Explanation, rule_text
from scout_ref.engine.information import Observation, PublicView
from scout_ref.engine.notation import Move
from scout_ref.engine.state import State
from scout_ref.play import view
from scout_ref.util.lines import read_line

MAX_WIDTH = 80


def rejection_lines(explanation: Explanation) -> list[str]:
    """An illegal move's verdict, the detail, and the broken rule's statement."""
    rejection = explanation.rejection
    assert rejection is not None, "only illegal moves are rejected"
    return [
        explanation.verdict,
        f"  {rejection.detail}",
        *view.wrap(rule_text(rejection.rule)),
        f"Type: explain {explanation.move}  for the reasoning step by step.",
    ]


@dataclass(frozen=True, slots=True)
class PlainScreen:
    """Plain text on stdout; ``echo`` repeats each typed line so piped sessions read well."""

    labels: tuple[str, ...]
    echo: bool

    def ask(self, prompt: str) -> str:
        """Read a line after ``prompt> ``."""
        text = read_line(sys.stdin, "a human seat", f"{prompt}> ")
        if self.echo:
            print(text)
        return text

    def say(self, lines: Sequence[str]) -> None:
        """Print the lines."""
        print("\n".join(lines), flush=True)

    def turn(self, obs: Observation, reveal: State | None) -> None:
        """Print the table as the human to act knows it."""
        self.say(["", *view.turn_view(obs, self.labels, reveal)])

    def moved(self, before: State, move: Move) -> None:
        """Print who did what."""
        assert before.turn is not None, "a move is made by a seat"
        self.say([view.move_line(before, move, self.labels[before.turn])])

    def rejected(self, explanation: Explanation) -> None:
        """Print the rejection with its rule."""
        self.say(rejection_lines(explanation))

    def round_over(self, state: State) -> None:
        """Print the round's scores."""
        self.say(["", *view.round_summary(state, self.labels)])

    def game_over(self, state: State) -> None:
        """Print the winners."""
        self.say(view.game_summary(state, self.labels))


def style_line(line: str) -> Text:
    """Top numbers bold, positions and bottom numbers dim, headings bold."""
    if line.startswith("  top"):
        return Text(line, style="bold yellow")
    if line.startswith(("  index", "  bottom")):
        return Text(line, style="dim")
    if line.endswith(":") or line.startswith(("Active set", "Your hand")):
        return Text(line, style="bold")
    return Text(line)


@dataclass(frozen=True, slots=True)
class RichScreen:
    """A styled terminal screen drawn with :mod:`rich`, at most 80 columns wide."""

    labels: tuple[str, ...]
    console: Console

    @classmethod
    def for_terminal(cls, labels: tuple[str, ...], *, force: bool = False) -> RichScreen:
        """A screen on the current terminal, capped at 80 columns; ``force`` draws in colour
        even when standard output is not a terminal (``--color``)."""
        console = Console(highlight=False, force_terminal=force or None)
        console.width = min(console.width, MAX_WIDTH)
        return cls(labels, console)

    def ask(self, prompt: str) -> str:
        """Read a line after a bold ``prompt`` and ``> ``."""
        if sys.stdin.isatty():
            return self.console.input(Text.assemble((prompt, "bold cyan"), "> "))
        self.console.print(Text.assemble((prompt, "bold cyan"), "> "), end="")
        return read_line(sys.stdin, "a human seat")

    def say(self, lines: Sequence[str]) -> None:
        """Print the lines, cards styled."""
        for line in lines:
            self.console.print(style_line(line))

    def turn(self, obs: Observation, reveal: State | None) -> None:
        """Draw a rule, the scoreboard table, the other hands, the active set and the hand."""
        self.console.rule(Text(view.turn_heading(obs.public, self.labels), style="bold"))
        self.console.print(self._scoreboard(obs.public))
        self.say(view.others_view(obs, self.labels, reveal))
        self.say(view.hand_view(obs))

    def _scoreboard(self, state: PublicView) -> Table:
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
        for name in ("seat", "player", "hand", "captured", "chips", "S&S", "score"):
            table.add_column(name, justify="left" if name == "player" else "right")
        for row in view.scoreboard(state, self.labels)[1:]:
            cells = row[1:].split()
            style = "bold cyan" if row.startswith(">") else None
            table.add_row(*cells, style=style)
        return table

    def moved(self, before: State, move: Move) -> None:
        """Print who did what, dimmed for the record."""
        assert before.turn is not None, "a move is made by a seat"
        self.console.print(Text(view.move_line(before, move, self.labels[before.turn]), "green"))

    def rejected(self, explanation: Explanation) -> None:
        """A red panel with the verdict, the detail and the rule."""
        body = Text("\n".join(rejection_lines(explanation)[1:]))
        self.console.print(
            Panel(body, title=Text(explanation.verdict, "bold red"), border_style="red")
        )

    def round_over(self, state: State) -> None:
        """A rule, then the score breakdown."""
        lines = view.round_summary(state, self.labels)
        self.console.rule(Text(lines[0], style="bold"))
        for line in lines[1:]:
            self.console.print(Text(line, style="magenta" if "exemption" in line else ""))

    def game_over(self, state: State) -> None:
        """The winners, in bold."""
        for line in view.game_summary(state, self.labels):
            self.console.print(Text(line, style="bold green"))
