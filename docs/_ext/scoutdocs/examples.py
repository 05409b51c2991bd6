"""The ``scout-example`` directive: a checked worked example with pictures of the cards."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.locale import init as init_locale
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.util.i18n import docname_to_domain

from scout_ref import Scout, ScoutError, ScoutShow, Show, State, oriented
from scout_ref.rulebook.registry import RULE_ID, rules
from scoutdocs.cards import PHONE_ROW, Marks, legend_svg, move_marks, state_svg
from scoutdocs.i18n import _, fill, untranslatable
from scoutdocs.prose import numbers
from scoutdocs.referee import try_button
from scoutdocs.rules import rule_ref, rule_text, scout_domain
from scoutdocs.scenario import ExampleMismatch, Outcome, Step, run_example

OPTIONS = [
    "rules",
    "players",
    "seed",
    "hands",
    "active-set",
    "owner",
    "turn",
    "phase",
    "round",
    "captured",
    "chips",
    "scout-show",
    "scores",
    "round-end",
    "switches",
    "setup",
    "moves",
    "expect",
    "seats",
    "name",
    "unproven",
]


def _slug(title: str) -> str:
    return "example-" + re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def _marks_before(step: Step) -> Marks:
    """Highlight what the move uses: the shown cards, or the scouted end and the slot."""
    return Marks() if step.move is None else move_marks(step.before, step.move)


def _marks_after(step: Step) -> Marks:
    """Highlight what the move produced: the new active set, or the inserted card."""
    if step.rejection is not None:
        return Marks()
    match step.move:
        case Show() | ScoutShow():
            return Marks(active=frozenset(range(len(step.after.active_set))))
        case Scout(_, _, slot):
            return Marks(seat=step.before.turn, hand=frozenset({slot}))
        case _:
            return Marks()


def _figure(state: State, seats: list[int], marks: Marks, caption: str) -> str:
    """A captioned picture; long hands also get a wrapped copy that phones show instead.

    The picture is drawn the same in every edition; its title (what a screen reader says) and
    the caption under it are in the edition's language, like its labels (issue 31).
    """
    wide = state_svg(state, seats, marks, caption)
    longest = max([len(state.active_set), *(len(state.hands[s]) for s in seats)])
    if longest > PHONE_ROW:
        narrow = state_svg(state, seats, marks, caption, per_row=PHONE_ROW)
        wide = f'<div class="scout-wide">{wide}</div><div class="scout-narrow">{narrow}</div>'
    return f'<figure class="scout-figure">{wide}<figcaption>{escape(caption)}</figcaption></figure>'


def _drawn(state: State, seats: list[int]) -> list[int]:
    """The seats to draw: all of them once the round is scored, since every score counts."""
    return list(range(state.players)) if state.round_end is not None else seats


def pictures(outcome: Outcome, seats: list[int]) -> str:
    """Before and after pictures of an example (one picture if nothing was applied).

    A scored round is drawn with every seat, since every seat's score is part of it.
    """
    steps = outcome.steps
    first = _marks_before(steps[0]) if steps else Marks()
    moves = [str(s.move) if s.move is not None else "deal" for s in steps]
    applied = [s for s in steps if s.rejection is None]
    start, final = outcome.start, outcome.final
    caption = str(_("Before")) if applied else str(_("The position"))
    figures = [_figure(start, _drawn(start, seats), first, caption)]
    if applied:
        played = "; ".join(moves[: len(applied)])
        caption = str(_("After {moves}")).format(moves=played)
        figures.append(_figure(final, _drawn(final, seats), _marks_after(applied[-1]), caption))
    return f'<div class="scout-pictures">{"".join(figures)}</div>'


def _verdict(outcome: Outcome) -> nodes.paragraph:
    para = nodes.paragraph(classes=["scout-verdict"])
    label = str(_("Checked by the engine:"))
    para += nodes.strong(label, label)
    para += nodes.Text(" ")
    for k, step in enumerate(outcome.steps):
        if k:
            para += nodes.Text("; ")
        if step.move is None:
            para += fill(str(_("{deal} deals the next round")), deal=nodes.literal("deal", "deal"))
            continue
        move = nodes.literal(str(step.move), str(step.move))
        if step.rejection is not None:
            reason = step.rejection.reason
            reason_code = nodes.literal(reason.value, reason.value)
            message = str(_("{move} is rejected: {reason} ({rule})"))
            para += fill(message, move=move, reason=reason_code, rule=rule_ref(reason.rule))
        else:
            para += fill(str(_("{move} is legal")), move=move)
    if outcome.steps:
        para += nodes.Text(". ")
    checks = [f"{key} = {value}" for key, value in outcome.checked if key != "verdict"]
    if checks:
        listed: list[nodes.Node] = []
        for k, text in enumerate(checks):
            if k:
                listed.append(nodes.Text(", "))
            listed.append(nodes.literal(text, text))
        holder = nodes.inline()
        holder += listed
        para += fill(str(_("Then: {checks}.")), checks=holder)
    return para


def _actors(outcome: Outcome) -> list[int]:
    """The seats worth drawing by default: the owner, and whoever is to act or makes a move."""
    start = outcome.start
    moved = (s.before.turn for s in outcome.steps if s.move is not None)
    turns = {start.turn, start.owner, *moved}
    seats = sorted(int(t) for t in turns if t is not None)
    return seats or list(range(outcome.start.players))


class ExampleDirective(SphinxDirective):
    """``.. scout-example:: Title``: build a position, play moves, check them, draw the cards.

    Options (cards are written ``top/bottom``, seats are numbers):

    * ``:rules:`` the rule IDs the example illustrates; the first is the rule it sits under.
    * ``:players:`` and either ``:seed:`` (a new game) or ``:hands:`` (seat hands separated by
      ``|``) with any of ``:active-set:``, ``:owner:``, ``:turn:``, ``:phase:``, ``:round:``,
      ``:captured:``, ``:chips:``, ``:scout-show:`` (yes/no per seat), ``:scores:``,
      ``:round-end:`` and ``:switches:`` (``scouting=forced`` ...), passed to
      :func:`scout_ref.formats.position.build_reachable_state`.
    * ``:setup:`` moves played from that position before the one pictured, all legal: with
      ``:seed:`` they are the witness that play reaches it.
    * Witness: a ``:seed:`` example is its own witness game. A hand-built position must carry
      one, stored under ``spec/witnesses/<digest>.json`` (``scout-ref check POSITION --store``
      searches for one and writes it there); the build replays it and fails if it does not end
      exactly at the position, and fails if there is none. ``:unproven:`` (no value) marks an
      example still waiting for its witness: the build then accepts it, and fails once a witness
      exists, so that the option is removed.
    * ``:moves:`` moves separated by ``;`` (``deal`` deals the next round); only the last may
      be rejected.
    * ``:expect:`` one ``key = value`` per line, checked against the engine: ``verdict`` (legal
      or a reason code) and the observers of :data:`scoutdocs.scenario.OBSERVERS`, ``hand N``,
      ``legal_has``, ``legal_lacks``, ``repeat`` (``i j``: the position after move ``j``
      is the one after move ``i``, 0 being the start, apart from chips and scores), and what a
      seat knows after every step from the first position (``:setup:`` included, deals too):
      ``sees S T`` (seat T's hand as seat S sees it, ``?`` hidden), ``unseen S`` (the cards
      seat S cannot place), ``deduced S T`` (the cards elimination puts in seat T's hand) and
      ``recalls S`` (the moves of this round seat S knows of, ``;`` between them).
    * The body's sentences write the example's numbers with the ``:ex:`` role
      (:mod:`scoutdocs.prose`), so they cannot disagree with the picture: ``:ex:`hand 0```
      (cards in seat 0's hand after the moves), ``chips N``, ``captured N``, ``score N`` (the
      round's score, once it has ended), ``total N``, ``turn``, ``owner``, ``active`` (cards in
      the active set), ``round``, ``start`` (the start player), each also as ``before ...``
      (the first position), and ``moves`` (how many moves are played).
    * ``:seats:`` the hands to draw (default: the owner and the players who act); ``:name:``
      the anchor (default: from the title).
    """

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]] | None] = dict.fromkeys(
        OPTIONS, directives.unchanged
    )

    def run(self) -> list[nodes.Node]:
        title = self.arguments[0]
        cited = self.options.get("rules", "").split()
        unknown = [r for r in cited if not RULE_ID.fullmatch(r) or r not in rules()]
        if not cited or unknown:
            raise self.error(f"example {title!r}: :rules: must name known rule IDs: {unknown}")
        if "players" not in self.options:
            raise self.error(f"example {title!r}: :players: is required")
        players = int(self.options["players"])
        outside = [r for r in cited if not rules()[r].applies_to(players)]
        if outside:
            raise self.error(f"example {title!r}: {outside} do not apply to {players} players")
        try:
            outcome = run_example(self.options)
        except (ExampleMismatch, ScoutError, ValueError, KeyError, IndexError) as exc:
            raise self.error(f"example {title!r} disagrees with the engine: {exc}") from None
        anchor = self.options.get("name", _slug(title))
        box = nodes.container(classes=["scout-example"], ids=[anchor])
        box["home-rule"] = cited[0]
        played = sum(1 for s in outcome.steps if s.move is not None)
        box["scout-numbers"] = numbers(outcome.start, outcome.final, played)  # for :ex:
        self.set_source_info(box)
        shown = example_title(self.env, title)
        head = nodes.paragraph(classes=["scout-example-title"], translatable=False)
        label = str(_("Example:"))
        head += nodes.strong(label, label)
        head += nodes.Text(" ")
        head += nodes.Text(shown)
        head += nodes.reference("", "¶", refid=anchor, classes=["headerlink"])
        box += head
        cites = nodes.paragraph(classes=["scout-example-rules"], translatable=False)
        cites += fill(
            str(_("Rules: {rules}")), rules=nodes.inline("", "", *rule_text(", ".join(cited)))
        )
        box += cites
        self.state.nested_parse(self.content, self.content_offset, box)
        seats = [int(s) for s in self.options.get("seats", "").split()] or _actors(outcome)
        box += nodes.raw("", pictures(outcome, seats), format="html")
        box += untranslatable(_verdict(outcome))
        if self.env.app.builder.name in ("html", "dirhtml"):  # the site's pages, not print
            box += nodes.raw("", try_button(outcome), format="html")
        box += make_title_message(self, title)
        scout_domain(self.env).note_example(cited, anchor, shown)
        return [box]


class CardDirective(SphinxDirective):
    """``.. scout-card:: 7/3``: one card drawn as in the examples, with what its numbers mean."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        try:
            top, bottom = (int(x) for x in self.arguments[0].split("/"))
            card = oriented(top, bottom)
        except ValueError:
            raise self.error(f"{self.arguments[0]!r} is not a card written top/bottom") from None
        html = f'<figure class="scout-figure scout-legend">{legend_svg(card)}</figure>'
        return [nodes.raw("", html, format="html")]


def example_title(env: Any, title: str) -> str:
    """An example's title in the build's language, from its page's catalog as Sphinx reads it.

    The title is a directive argument, which Sphinx does not extract; :func:`title_message`
    puts it into the page's catalog, and the other pages' links to the example use it too.
    """
    if not env.config.language or env.config.language == "en":
        return title
    domain = docname_to_domain(env.docname, env.config.gettext_compact)
    dirs = [str(Path(env.srcdir, d)) for d in env.config.locale_dirs]
    catalog, found = init_locale(dirs, env.config.language, domain)
    return str(catalog.gettext(title)) if found else title


class title_message(nodes.paragraph):
    """An example's title as a message of its page's catalog (``make locales``); removed from
    every other build by :class:`DropTitleMessages`."""


def make_title_message(directive: SphinxDirective, title: str) -> title_message:
    node = title_message(title, title)
    directive.set_source_info(node)
    return node


class DropTitleMessages(SphinxPostTransform):
    """Only the gettext builder keeps the title messages; the titles are drawn elsewhere."""

    default_priority = 1

    def run(self, **kwargs: Any) -> None:
        if self.app.builder.name == "gettext":
            return
        for node in list(self.document.findall(title_message)):
            node.parent.remove(node)
