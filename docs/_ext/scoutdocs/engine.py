"""The engine side of a chapter: its module documented by autodoc, and re-exported names.

The rulebook links to the code that enforces each rule instead of copying it: ``.. engine::``
documents a chapter module's own functions (the public API is documented once, in the API
reference, and linked from here).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

import scout_ref
from scoutdocs import links

BARE_RULE_ID = re.compile(r"(?<![`:\w-])SC-[A-Z0-9]+-\d\d(?![\w-])")


def defined_names(modname: str) -> list[str]:
    """Top-level names a module defines itself (functions, classes, assignments), in order."""
    module = importlib.import_module(modname)
    tree = ast.parse(inspect.getsource(module))
    out: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            out.append(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            out += [t.id for t in targets if isinstance(t, ast.Name)]
    return out


class EngineDirective(SphinxDirective):
    """``.. engine:: show``: the module ``scout_ref.engine.show``, its API names and its rule
    code (``.. engine:: analysis.determinization`` names a module outside the engine)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        modname = f"scout_ref.{name}" if "." in name else f"scout_ref.engine.{name}"
        own = defined_names(modname)
        exported = [n for n in own if n in scout_ref.__all__]
        private = sorted(
            {e.qualname for es in links.enforcers().values() for e in es if e.module == modname}
            & {n for n in own if n.startswith("_")}
        )
        lines = [f".. automodule:: {modname}", "   :members:"]
        lines.append(f"   :exclude-members: {', '.join(scout_ref.__all__)}")
        if private:
            lines.append(f"   :private-members: {', '.join(private)}")
        out: list[nodes.Node] = []
        if exported:
            para = nodes.paragraph()
            para += nodes.Text("Public API defined in this module: ")
            for k, name in enumerate(exported):
                if k:
                    para += nodes.Text(", ")
                ref = addnodes.pending_xref(
                    "",
                    refdomain="py",
                    reftype="obj",
                    reftarget=f"scout_ref.{name}",
                    refexplicit=True,
                )
                ref += nodes.literal(name, name, classes=["xref", "py"])
                para += ref
            para += nodes.Text(" (documented in the API reference).")
            out.append(para)
        return [*out, *self.parse_text_to_nodes("\n".join(lines))]


def resolve_reexport(
    app: Any, env: Any, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.reference | None:
    """Resolve ``scout_ref.<module>.Name`` or a bare ``Name`` to the exported ``scout_ref.Name``.

    Type hints and module docstrings name objects where they are defined; the API reference
    documents them once, where users import them.
    """
    if node.get("refdomain") != "py":
        return None
    parts = str(node["reftarget"]).split(".")
    for k in range(len(parts)):
        if parts[k] in scout_ref.__all__ and parts[:k] != ["scout_ref"]:
            target = "scout_ref." + ".".join(parts[k:])
            python = env.domains["py"]
            ref: nodes.reference | None = python.resolve_xref(
                env, node["refdoc"], app.builder, "obj", target, node, contnode
            )
            return ref
    return None


def link_rule_ids(  # noqa: PLR0917 - the autodoc-process-docstring signature
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Turn rule IDs in docstrings into ``:rule:`` links, except in doctests and literals."""
    in_doctest = False
    for k, line in enumerate(lines):
        stripped = line.strip()
        in_doctest = stripped.startswith(">>>") or (in_doctest and bool(stripped))
        if not in_doctest and "``" not in line:
            lines[k] = BARE_RULE_ID.sub(r":rule:`\g<0>`", line)
