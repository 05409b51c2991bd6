"""``scout-ref explain STATE MOVE``: the verdict on a move, with the reasoning and the rules."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from scout_ref.analysis import wording
from scout_ref.analysis.explain import Explanation, explain
from scout_ref.cli.commands._io import (
    HYPOTHETICAL_HELP,
    read_state,
    refuse_non_combination,
)
from scout_ref.cli.commands._options import runs
from scout_ref.cli.commands._output import add_json_argument, print_json, rule_json
from scout_ref.engine.notation import ScoutInner, ShowCards, parse_written
from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_move
from scout_ref.formats.position_line import format_position
from scout_ref.formats.state_json import state_digest
from scout_ref.rulebook import texts
from scout_ref.rulebook.registry import Rule, rules

STATE_HELP = (
    "the position: a position line such as '3p hands 3/1 4/1 | 5/2 | 6/3 7/3 active_set 2/1 "
    "owner 1' (spec/POSITION.md), a file holding one or a state JSON, or - for standard input"
)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``explain``."""
    p = subparsers.add_parser(
        "explain",
        help="say whether a move is legal in a position, and why",
        description="Exit status: 0 legal, 1 illegal, 2 bad input.",
    )
    p.add_argument("state", metavar="STATE", help=STATE_HELP)
    p.add_argument("--hypothetical", action="store_true", help=HYPOTHETICAL_HELP)
    p.add_argument(
        "move",
        metavar="MOVE",
        help="a move in canonical notation, e.g. 'show 2-4' or 'scout L~ @3', or one the rules "
        "forbid (SC-NOTE-07), e.g. 'scout #1 @0' or 'show 3,2'",
    )
    p.add_argument(
        "--lang",
        metavar="LANG",
        help="say the verdict, the reasoning and the cited rules in an edition's language (ru, "
        "pt, lv, hr; en is the English source), from spec/locales/LANG/explain.po and rules.po; "
        "move notation, seats, cards, reason codes and rule IDs stay as they are",
    )
    add_json_argument(p, "explain", "the verdict, the reasoning and the rules cited")
    runs(p, Options, run)


@dataclass(frozen=True)
class Options:
    """The options of ``explain``."""

    state: str
    hypothetical: bool
    move: str
    lang: str | None
    json: bool


def explanation_json(explanation: Explanation, lang: str | None = None) -> dict[str, object]:
    """The ``explain --json`` document (``spec/schema/cli/explain.schema.json``); with
    ``lang``, its texts in that edition's language and its ``language`` named.

    Raises:
        TranslationError: if ``lang`` is not an edition (or has not translated a text yet).
        InstallationError: if its catalogs are damaged.
    """
    shown = texts.SOURCE if lang is None else texts.check_edition(lang)
    state, rejection = explanation.state, explanation.rejection
    after = state_after(explanation)
    language = {} if lang is None else {"language": lang}
    return {
        **language,
        "position": format_position(state),
        "after": None if after is None else format_position(after),
        "digest": state_digest(state),
        "move": str(explanation.move),
        "seat": state.turn,
        "legal": explanation.is_legal,
        "verdict": explanation.verdict_in(shown),
        "rejection": None
        if rejection is None
        else {
            "reason": rejection.reason.value,
            "rule": rejection.rule,
            "detail": explanation.detail(shown),
        },
        "reasoning": [{"text": p.said.text(shown), "rule": p.rule} for p in explanation.points],
        "rules_cited": [_rule_json(rules()[r], shown) for r in explanation.cited],
    }


def _rule_json(rule: Rule, lang: str) -> dict[str, object]:
    if lang == texts.SOURCE:
        return rule_json(rule)
    return {
        **rule_json(rule),
        "title": texts.rule_title(lang, rule),
        "statement": texts.rule_statement(lang, rule),
    }


def explanation_lines(explanation: Explanation, lang: str | None = None) -> list[str]:
    """What ``explain`` prints without ``--json``, in ``lang`` (English without it)."""
    shown = texts.SOURCE if lang is None else texts.check_edition(lang)
    out = explanation.lines(lang=shown)
    after = state_after(explanation)
    if after is not None:
        out += [wording.AFTER.say().text(shown), f"  {format_position(after)}"]
    return out


def run(args: Options) -> int:
    """Print the explanation; 0 when the move is legal, 1 when it is illegal."""
    state = read_state(args.state, reachable=not args.hypothetical)
    refuse_non_combination(state)
    explanation = explain(state, parse_written(args.move))
    if args.json:
        print_json(explanation_json(explanation, args.lang))
    else:
        print("\n".join(explanation_lines(explanation, args.lang)))
    return 0 if explanation.is_legal else 1


def state_after(explanation: Explanation) -> State | None:
    """The state after a legal move; None for an illegal one."""
    move = explanation.move
    if not explanation.is_legal or isinstance(move, ScoutInner | ShowCards):
        return None
    return apply_move(explanation.state, move)
