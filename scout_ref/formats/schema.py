"""JSON Schema validation as the spec's schemas mean it, in time linear in the document.

The schemas under ``spec/schema`` are language-neutral: draft 2020-12, with ECMA-262 patterns.
Two of jsonschema's keywords behave differently on untrusted documents, so they are replaced:

- ``pattern``: Python's ``re.search`` lets ``$`` match before a final newline (``"1/4\\n"``
  would be a card) and ``\\d`` match any Unicode digit; ECMA-262 allows neither. Patterns are
  compiled with ``re.ASCII`` and a final ``$`` is read as ``\\Z``.
- ``uniqueItems``: jsonschema compares every pair of items when they cannot be sorted, which is
  quadratic; here each item's canonical text goes into a set.

Validating a long array item by item costs jsonschema tens of microseconds per item, so a
reply listing 100,000 moves took seconds. When ``items`` or ``additionalProperties`` holds a
*scalar* schema (only ``type``, lengths, ``pattern`` and bounds), each value is checked by a
plain predicate instead, and only the first value that fails is handed to jsonschema, which
reports it as usual. A scalar schema behind a ``$ref`` is copied in place of the ``$ref`` when
the validator or registry is made (``referencing`` resolves it), so that the keywords need
nothing but jsonschema's public API.

Error messages quote the offending value, which may be large: :func:`problems` cuts them.

jsonschema, pure Python, took half a millisecond to pass a state and a third of a conformance
run's CPU time went to it. Where jsonschema-rs is installed (a dependency everywhere but in the
browser's Python, Pyodide, for which it has no build), a :class:`Check` first asks it, about a
hundred times faster: a document of exact JSON types (``plain_json``) that it passes is
valid. Every other verdict, and every message, is jsonschema's with the keywords above, so
jsonschema-rs can only say yes where jsonschema says yes too; tests/test_schema.py holds the two
to the same verdicts on the schemas' corpora, every vector and documents Hypothesis breaks.
jsonschema-rs reads patterns as ECMA-262 does, which is how :func:`_compiled` reads them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import islice
from typing import Any, cast

import jsonschema
import referencing
from jsonschema.exceptions import best_match
from jsonschema.protocols import Validator
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

from scout_ref.errors import excerpt
from scout_ref.util.jsonread import plain_json

try:
    import jsonschema_rs
except ImportError:  # Pyodide: jsonschema alone
    FAST = False
else:
    FAST = True

MAX_ERRORS = 1000
"""Errors collected from one document before they are sorted and reported."""

Problem = tuple[str, str]


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    r"""``pattern``, an ECMA-262 pattern, as Python reads it: ASCII classes, and every ``$``
    outside a class and not escaped matching at the end only (``\Z``), never before a final
    newline (``^[2-5]p( |$)`` must not match ``"2p\n"``).

    >>> [bool(_compiled(p).search("2p\n")) for p in ("^[2-5]p( |$)", "^2p$", "^2p[$]?")]
    [False, False, True]
    """
    out, escaped, in_class = [], False, False
    for char in pattern:
        written = char
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "$":
            written = r"\Z"
        out.append(written)
    return re.compile("".join(out), re.ASCII)


def _pattern(
    validator: Validator, pattern: str, instance: object, schema: object
) -> Iterator[jsonschema.ValidationError]:
    if isinstance(instance, str) and not _compiled(pattern).search(instance):
        yield jsonschema.ValidationError(
            f"{excerpt(repr(instance), 80)} does not match {pattern!r}"
        )


def _key(item: object) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"))


def _unique_items(
    validator: Validator, unique: bool, instance: object, schema: object
) -> Iterator[jsonschema.ValidationError]:
    if unique and isinstance(instance, list):
        seen: set[str] = set()
        for item in instance:
            key = _key(item)
            if key in seen:
                yield jsonschema.ValidationError(f"{excerpt(key, 80)} is listed more than once")
                return
            seen.add(key)


_SCALAR_KEYS = {"type", "minLength", "maxLength", "pattern", "minimum", "maximum", "description"}
_TYPES: dict[str, Callable[[object], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: (
        (isinstance(v, int) and not isinstance(v, bool))
        or (isinstance(v, float) and v.is_integer())
    ),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}
Predicate = Callable[[object], bool]


def _scalar_predicate(subschema: object) -> Predicate | None:
    """A plain function equivalent to ``subschema`` when it is a scalar schema, else None."""
    if not isinstance(subschema, dict) or not set(subschema) <= _SCALAR_KEYS:
        return None
    return _predicate(subschema)


def _predicate(schema: dict[str, Any]) -> Predicate | None:
    kinds = schema.get("type")
    names = [kinds] if isinstance(kinds, str) else kinds
    if names is not None and not (isinstance(names, list) and set(names) <= _TYPES.keys()):
        return None
    low, high = schema.get("minimum"), schema.get("maximum")
    shortest, longest = schema.get("minLength", 0), schema.get("maxLength")
    pattern = _compiled(schema["pattern"]) if "pattern" in schema else None

    def holds(value: object) -> bool:
        if names is not None and not any(_TYPES[n](value) for n in names):
            return False
        if isinstance(value, str):
            long_enough = len(value) >= shortest and (longest is None or len(value) <= longest)
            return long_enough and (pattern is None or pattern.search(value) is not None)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return (low is None or value >= low) and (high is None or value <= high)
        return True

    return holds


_STOCK = jsonschema.Draft202012Validator.VALIDATORS
# A keyword validates a subschema with ``validator.descend``, as jsonschema's documentation of
# extending validators asks; its ``Validator`` protocol leaves the method out, hence the ignores.


def _items(
    validator: Validator, items: object, instance: object, schema: dict[str, Any]
) -> Iterator[jsonschema.ValidationError]:
    holds = _scalar_predicate(items)
    if holds is None or not isinstance(instance, list) or "prefixItems" in schema:
        yield from _STOCK["items"](validator, items, instance, schema)
        return
    bad = next((k for k, item in enumerate(instance) if not holds(item)), None)
    if bad is not None:  # the first bad item only: a hostile list may hold 100,000
        yield from validator.descend(instance[bad], items, path=bad)  # type: ignore[attr-defined]


def _additional_properties(
    validator: Validator, extra: object, instance: object, schema: dict[str, Any]
) -> Iterator[jsonschema.ValidationError]:
    holds = _scalar_predicate(extra)
    if holds is None or not isinstance(instance, dict) or "patternProperties" in schema:
        yield from _STOCK["additionalProperties"](validator, extra, instance, schema)
        return
    known = schema.get("properties", {})
    bad = next((k for k, v in instance.items() if k not in known and not holds(v)), None)
    if bad is not None:
        yield from validator.descend(instance[bad], extra, path=bad)  # type: ignore[attr-defined]


_Validator: type[Validator] = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
    jsonschema.Draft202012Validator,
    {
        "pattern": _pattern,
        "uniqueItems": _unique_items,
        "items": _items,
        "additionalProperties": _additional_properties,
    },
)


_DATA_KEYS = {"const", "enum", "default", "examples"}
"""Keywords whose values are documents, not schemas: nothing in them is a ``$ref``."""


def _resolved(schema: Any, schemas: referencing.Registry[Any]) -> Any:
    """``schema`` with every scalar schema that an ``items`` or ``additionalProperties`` reaches
    through a bare ``$ref`` put in place of the ``$ref`` (a copy: ``schema`` is left as it was)."""
    resolver = schemas.resolver_with_root(DRAFT202012.create_resource(schema))

    def target(subschema: object) -> object:
        """The schema a bare ``{"$ref": ...}`` points to, else None (jsonschema reports a
        reference that does not resolve when it validates)."""
        if not isinstance(subschema, dict) or set(subschema) - {"description"} != {"$ref"}:
            return None
        ref = subschema["$ref"]
        try:
            return resolver.lookup(ref).contents if isinstance(ref, str) else None
        except Unresolvable:
            return None

    def inlined(node: Any) -> Any:
        if isinstance(node, list):
            return [inlined(item) for item in node]
        if not isinstance(node, dict) or (node is not schema and "$id" in node):
            return node  # a resource of its own reads its local references in itself
        out = {k: v if k in _DATA_KEYS else inlined(v) for k, v in node.items()}
        for key in ("items", "additionalProperties"):
            found = target(out.get(key))
            if _scalar_predicate(found) is not None:
                out[key] = found
        return out

    return inlined(schema)


@dataclass(frozen=True, slots=True)
class Schemas:
    """Schemas by ``$id``, for ``$ref`` between them, as each validator reads them."""

    python: referencing.Registry[Any]
    """For jsonschema: the scalar schemas behind a ``$ref`` in place (:func:`_resolved`)."""
    documents: tuple[Any, ...]
    """The schemas as written, for jsonschema-rs."""

    def contents(self, uri: str) -> Any:
        """The schema whose ``$id`` is ``uri``."""
        return self.python.contents(uri)


def registry(schemas: Iterable[Any]) -> Schemas:
    """The schemas by ``$id``, for ``$ref`` between them.

    Their ``$schema`` is dropped: jsonschema picks the validator class of a referenced schema
    from it, which would bring back the stock keywords; every schema here is draft 2020-12.
    """
    documents = [{k: v for k, v in s.items() if k != "$schema"} for s in schemas]
    as_written = _registry(documents)
    return Schemas(_registry([_resolved(d, as_written) for d in documents]), tuple(documents))


def _registry(documents: list[Any]) -> referencing.Registry[Any]:
    resources = [(d["$id"], DRAFT202012.create_resource(d)) for d in documents]
    return referencing.Registry().with_resources(resources)


class Check:
    """A validator of one schema: jsonschema's verdicts and messages, with jsonschema-rs's yes
    trusted first where it is installed (see the module's text)."""

    __slots__ = ("_fast", "python")

    python: Validator
    """jsonschema's validator, with the keywords above replaced."""

    def __init__(self, schema: Any, schemas: Schemas | None) -> None:
        if schemas is None:
            self.python = _Validator(_resolved(schema, referencing.Registry()))
        else:
            resolved = _resolved(schema, schemas.python)
            self.python = _Validator(resolved, registry=schemas.python)
        self._fast = None
        if FAST:
            fast_schemas = None
            if schemas is not None:
                fast_schemas = jsonschema_rs.Registry([(d["$id"], d) for d in schemas.documents])
            self._fast = jsonschema_rs.validator_for(
                schema, registry=fast_schemas, validate_formats=False
            )

    def passes_fast(self, document: object) -> bool:
        """Whether jsonschema-rs passes ``document``, which must be of exact JSON types; False
        where jsonschema-rs is not installed or the document is not of those types."""
        return self._fast is not None and plain_json(document) and self._fast.is_valid(document)

    def is_valid(self, document: object) -> bool:
        """Whether ``document`` is valid."""
        return self.passes_fast(document) or self.python.is_valid(cast(Any, document))

    def iter_errors(self, document: object) -> Iterator[jsonschema.ValidationError]:
        """How ``document`` departs from the schema: jsonschema's errors, none if it is valid."""
        if self.passes_fast(document):
            return iter(())
        return self.python.iter_errors(cast(Any, document))


def validator(schema: Any, schemas: Schemas | None = None) -> Check:
    """A draft 2020-12 validator for ``schema`` (a ``$ref`` into ``schemas``, or a schema of
    its own) with the keywords above replaced."""
    return Check(schema, schemas)


def problems(check: Check, document: object) -> list[Problem]:
    """How ``document`` departs from the schema: (JSON pointer, short message), in path order."""
    found = islice(check.iter_errors(document), MAX_ERRORS)
    # anyOf and oneOf report "not valid under any of the given schemas": name the deepest cause.
    errors = [best_match([e]) or e for e in found]
    errors.sort(key=lambda e: [str(p) for p in e.absolute_path])
    return [("".join(f"/{p}" for p in e.absolute_path), excerpt(e.message)) for e in errors]
