"""``scout-ref rules [PATTERN ...]``: the rule registry, or the rules matching the patterns."""

from __future__ import annotations

import argparse
import fnmatch
import re
from collections.abc import Sequence
from dataclasses import dataclass

from scout_ref.cli.commands._options import runs
from scout_ref.cli.commands._output import add_json_argument, print_json
from scout_ref.errors import MalformedInputError
from scout_ref.formats.documents import rule_json
from scout_ref.rulebook import texts as rule_texts
from scout_ref.rulebook.registry import Rule, rules
from scout_ref.util.args import require_pattern
from scout_ref.util.text import plural


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``rules``."""
    p = subparsers.add_parser("rules", help="list the rules, or the rules matching patterns")
    p.add_argument(
        "patterns",
        nargs="*",
        metavar="PATTERN",
        help="a rule ID (SC-SHOW-03), a glob ('SC-SHOW-*', '*-01'), an area (SHOW) or, "
        "failing those, a word the title or statement holds (tie finds ties, tied); in any "
        "case; several patterns list every rule matching one of them",
    )
    p.add_argument(
        "--lang",
        metavar="LANG",
        help="print the titles and statements in an edition's language (ru, pt, lv, hr; en is "
        "the English source): the rulebook's translation, spec/locales/LANG/rules.po; an edition "
        "that has not translated a selected rule yet is an error. Patterns still match the "
        "English",
    )
    add_json_argument(p, "rules", "the rules")
    runs(p, Options, run)


@dataclass(frozen=True)
class Options:
    """The options of ``rules``."""

    patterns: Sequence[str]
    lang: str | None
    json: bool


def describe(rule: Rule, lang: str = rule_texts.SOURCE) -> str:
    """A rule as two lines: ID, status, player counts and title; then its statement, both in
    ``lang`` (the labels stay English, as the whole CLI does)."""
    counts = ",".join(map(str, rule.players))
    title = rule_texts.rule_title(lang, rule)
    head = f"{rule.id}  [{rule.status.value}]  [players {counts}]  {title}"
    return f"{head}\n    {rule_texts.rule_statement(lang, rule)}"


def translated_json(rule: Rule, lang: str) -> dict[str, object]:
    """A rule's ``--json`` form in ``lang``: the same keys, the title and statement translated."""
    return {
        **rule_json(rule),
        "title": rule_texts.rule_title(lang, rule),
        "statement": rule_texts.rule_statement(lang, rule),
    }


def matching(pattern: str) -> list[Rule]:
    """The rules an ID, glob or area names, in rulebook order; case does not matter. A pattern
    that names none is searched for as a word (or the start of one) in titles and statements.

    Raises:
        MalformedInputError: if no rule matches.
    """
    wanted = require_pattern(pattern, "rule pattern").upper()
    found = [r for r in rules().values() if fnmatch.fnmatchcase(r.id, wanted) or r.area == wanted]
    if not found and pattern.strip():
        word = re.compile(rf"\b{re.escape(pattern.strip())}", re.IGNORECASE)
        found = [r for r in rules().values() if word.search(f"{r.title} {r.statement}")]
    if not found:
        raise MalformedInputError(
            "rule pattern", [("", f"{pattern!r} names no rule, area or word of a rule")]
        )
    return found


def run(args: Options) -> int:
    """Print the matching rules (every rule without a pattern)."""
    if args.patterns:
        ids = {r.id for p in args.patterns for r in matching(p)}
        selected = [r for r in rules().values() if r.id in ids]
    else:
        selected = list(rules().values())
    lang = None if args.lang is None else rule_texts.check_language(args.lang)
    if args.json:
        if lang is None:
            print_json({"rules": [rule_json(r) for r in selected]})
        else:
            print_json({"language": lang, "rules": [translated_json(r, lang) for r in selected]})
        return 0
    shown = rule_texts.SOURCE if lang is None else lang
    texts = [describe(r, shown) for r in selected]  # a missing one raises
    print("\n".join(texts))
    print(plural(len(selected), "rule"))
    return 0
