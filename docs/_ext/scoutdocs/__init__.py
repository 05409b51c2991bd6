"""The rulebook's Sphinx extension: rules from the registry, checked examples, card pictures.

* ``:rule:`SC-SHOW-03``` links to a rule; an unknown ID fails the build.
* ``.. rules:: SHOW`` renders a chapter's rules with what enforces, tests and exercises them,
  and places the chapter's examples under them.
* ``.. rule-index::`` lists every rule with its scope and text (the page ``rules.html``).
* ``.. scout-example::`` builds a position, plays moves, checks the engine agrees, and draws it.
* ``:ex:`hand 0``` in an example's sentence is a number computed by the engine from that
  example (:mod:`scoutdocs.prose`): the cards in seat 0's hand after its moves.
* ``.. scout-card:: 7/3`` draws one card with a legend.
* ``.. engine:: show`` documents the engine module of a chapter.
* ``.. rule-history::`` lists what each spec version added, changed and retired.
* ``.. scout-flow:: turn`` draws the flow of a turn (or ``round-end``) with its rule IDs.
* ``.. round-statistics::`` measures round lengths in random play when the docs build.
* ``.. glossary-terms::`` tabulates each edition's chosen game vocabulary (``terms.json``).
* Every HTML build carries the referee: the engine under Pyodide, ``scoutRef`` on every page
  (:mod:`scoutdocs.referee_assets`), and the referee panel (:mod:`scoutdocs.referee`) on the
  index, the FAQ, every chapter and every page with a worked example.

In an edition (``-D language=ru``), registry texts come from ``spec/locales/<lang>/rules.po``
and the extension's own words from ``docs/locales/<lang>/LC_MESSAGES/scoutdocs.po``
(:mod:`scoutdocs.i18n`); every page gets a language switcher (:mod:`scoutdocs.editions`).

Rule IDs in docstrings become links. When the docs are built, every rule must be rendered
once and have at least one example.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from scoutdocs import cache, messages, referee, referee_assets
from scoutdocs.adequacy import AdequacyDirective
from scoutdocs.allrules import RuleIndexDirective
from scoutdocs.editions import chapter_heading, configure, note_developer_page, page_context
from scoutdocs.engine import EngineDirective, link_rule_ids, resolve_reexport
from scoutdocs.examples import CardDirective, DropTitleMessages, ExampleDirective, title_message
from scoutdocs.flows import FlowDirective, depart_flow_figure, flow_figure, visit_flow_figure
from scoutdocs.frame import translate_frame
from scoutdocs.history import RuleHistoryDirective
from scoutdocs.i18n import load_catalog
from scoutdocs.prose import ExampleNumberRole, ExampleNumbers, example_number
from scoutdocs.resolve import ExampleLinks, GlossaryLinks, check_coverage, outdated
from scoutdocs.rules import (
    RuleImplementersDirective,
    RuleRole,
    RulesDirective,
    ScoutDomain,
    depart_folded,
    example_list,
    folded,
    visit_folded,
)
from scoutdocs.stats import RoundStatisticsDirective
from scoutdocs.terms import GlossaryTermsDirective


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the domain, role, directives and checks."""
    app.setup_extension("sphinx.ext.autodoc")  # the engine sections and docstring links use it
    app.add_domain(ScoutDomain)
    # Another folder of registry catalogs laid out as spec/locales (a test's fake translations).
    app.add_config_value("scout_registry_locales", "", "env", types=frozenset({str}))
    # A folder where the editions' builds share the engine-made results (scoutdocs.cache).
    app.add_config_value("scout_engine_cache", "", "", types=frozenset({str}))
    # A file where an English build writes each translated page's messages (scoutdocs.messages).
    app.add_config_value("scout_messages_out", "", "", types=frozenset({str}))
    app.add_role("rule", RuleRole(warn_dangling=True))
    app.add_role("ex", ExampleNumberRole())
    app.add_node(example_number)
    app.add_node(example_list)
    app.add_node(title_message)
    app.add_node(folded, html=(visit_folded, depart_folded))
    app.add_node(flow_figure, html=(visit_flow_figure, depart_flow_figure))
    app.add_directive("rules", RulesDirective)
    app.add_directive("rule-implementers", RuleImplementersDirective)
    app.add_directive("rule-index", RuleIndexDirective)
    app.add_directive("scout-example", ExampleDirective)
    app.add_directive("scout-card", CardDirective)
    app.add_directive("engine", EngineDirective)
    app.add_directive("scout-flow", FlowDirective)
    app.add_directive("rule-history", RuleHistoryDirective)
    app.add_directive("round-statistics", RoundStatisticsDirective)
    app.add_directive("vector-adequacy", AdequacyDirective)
    app.add_directive("glossary-terms", GlossaryTermsDirective)
    app.add_post_transform(GlossaryLinks)
    app.add_post_transform(ExampleLinks)
    app.add_post_transform(ExampleNumbers)
    app.add_post_transform(DropTitleMessages)
    app.connect("config-inited", configure)
    app.connect("config-inited", cache.configure)
    app.connect("config-inited", load_catalog)
    app.connect("config-inited", translate_frame)  # after load_catalog
    app.connect("config-inited", referee.configure)
    app.connect("doctree-read", chapter_heading, priority=400)  # before the title collector
    app.connect("doctree-read", note_developer_page)
    app.connect("doctree-read", messages.collect, priority=900)  # after every change to it
    app.connect("env-purge-doc", messages.purge)
    app.connect("env-merge-info", messages.merge)
    app.connect("build-finished", messages.write)
    app.connect("html-page-context", page_context)
    app.connect("doctree-resolved", referee.add_panel)
    app.connect("env-check-consistency", check_coverage)
    app.connect("env-get-outdated", outdated)
    app.connect("missing-reference", resolve_reexport)
    app.connect("autodoc-process-docstring", link_rule_ids)
    referee_assets.setup(app)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
