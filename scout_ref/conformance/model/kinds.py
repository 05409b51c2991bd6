"""The closed sets of the conformance runner, spelled as report.json, the JUnit XML, the text
report, the command line and the protocol spell them.

Each set is a ``Literal`` alias whose members are the very strings written, so nothing written
changes, and mypy refuses a misspelt member wherever one is compared, passed, returned or used
as a key (``--strict`` includes ``strict_equality``). The tuples of members serve the checks
at run time (a folder's name, a command-line choice).
"""

from __future__ import annotations

from typing import Literal, TypeGuard, get_args

VectorKind = Literal["deal", "legal", "apply", "reject", "score", "perft", "trace", "observe"]
"""A kind of vector file (``spec/vectors/<kind>/``), each documented in
``spec/vectors/README.md`` with its schema."""

CaseKind = Literal[VectorKind, "fuzz", "random"]
"""A kind of case: a vector kind, a fuzz game (``--fuzz``) or a test of the adapter's own random
deals (``--random-deals``)."""

Fault = Literal[
    "start", "hello", "hang", "crash", "flood", "not_json", "wrong_shape", "wrong_id", "broken"
]
"""How an adapter broke the protocol: a case's ``fault`` in report.json, the type of its JUnit
error, and the word in ``protocol error (...)``."""

Strictness = Literal["legality", "reason"]
"""How rejections are judged: any rejection passes, or the reason code must match too."""

FuzzDeal = Literal["reference", "adapter"]
"""Who deals the rounds of the fuzz games (``--fuzz-deal``): the reference, or the adapter from
its own randomness (:mod:`scout_ref.conformance.fuzz.own_deal`)."""

RequestType = Literal["deal", "deal_random", "legal", "apply", "score", "perft", "observe"]
"""The ``type`` of a request the runner sends an adapter, besides ``hello`` and ``bye``."""

VECTOR_KINDS: tuple[VectorKind, ...] = get_args(VectorKind)
CASE_KINDS: tuple[CaseKind, ...] = get_args(CaseKind)
STRICTNESS: tuple[Strictness, ...] = get_args(Strictness)
FUZZ_DEALS: tuple[FuzzDeal, ...] = get_args(FuzzDeal)


def is_vector_kind(name: object) -> TypeGuard[VectorKind]:
    """Whether ``name`` (a folder's name, a document's ``kind``) is a vector kind."""
    return name in VECTOR_KINDS


def is_case_kind(name: object) -> TypeGuard[CaseKind]:
    """Whether ``name`` (a ``--kind`` or ``--timeout KIND=`` value) is a kind of case."""
    return name in CASE_KINDS
