"""Hostile JSON for the loaders' property tests: text a person or program might feed scout-ref.

``hostile_texts()`` draws JSON-like text with the classes of trouble the bounded reader must
refuse cleanly (deep nesting, integers beyond 2^53 or beyond Python's digit limit, NaN and
Infinity, fractions, repeated keys, Unicode digits, lone surrogates, broken syntax), mixed into
ordinary values; ``in_state(fragment)`` puts a fragment in place of one field of a valid state,
so it reaches the checks past the parser; ``hostile_values()`` draws Python values for the API.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from pathlib import Path

from hypothesis import strategies as st

from scout_ref import new_game, state_to_json

ODD_LEAVES = [
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "7.0",
    "1E2",
    "-0",
    "9007199254740993",
    "-9007199254740993",
    '"\\u0662/7"',  # Arabic-Indic two
    '"\\u00b9/7"',  # superscript one
    '"1/4\\n"',
    '"show \\u0662-\\u0662"',
    '"scout L @\\uff11"',  # fullwidth one
    '"\\ud800"',
    '"1.0.0\\n"',
    "tru",
    "[1,]",
    '{"a" 1}',
    '"unterminated',
]


def _obj(pairs: list[tuple[str, str]]) -> str:
    return "{" + ",".join(f"{json.dumps(k)}:{v}" for k, v in pairs) + "}"


def _leaves() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(ODD_LEAVES),
        st.integers(min_value=-(10**30), max_value=10**30).map(str),
        st.integers(min_value=4_000, max_value=6_000).map(lambda n: "9" * n),
        st.text(max_size=12).map(json.dumps),
        st.sampled_from(["0", "1", "true", "false", "null", '"keep"', '"6/4"']),
    )


def fragments() -> st.SearchStrategy[str]:
    """JSON-like text built from hostile and ordinary leaves, arrays and objects."""
    return st.recursive(
        _leaves(),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4).map(lambda xs: "[" + ",".join(xs) + "]"),
            st.lists(st.tuples(st.text(max_size=6), inner), max_size=4).map(_obj),
            st.tuples(st.sampled_from(["id", "type", "state"]), inner, inner).map(
                lambda t: _obj([(t[0], t[1]), (t[0], t[2])])  # the same key twice
            ),
        ),
        max_leaves=12,
    )


def deep(n: int) -> str:
    """Arrays and objects nested ``n`` deep."""
    return '{"a":[' * (n // 2) + "1" + "]}" * (n // 2)


def hostile_texts() -> st.SearchStrategy[str]:
    """Whole documents: fragments, deep nesting, or arbitrary characters."""
    return st.one_of(
        fragments(),
        st.integers(min_value=33, max_value=20_000).map(deep),
        st.integers(min_value=33, max_value=20_000).map(lambda n: "[" * n),
        st.text(max_size=40),
    )


STATE = state_to_json(new_game(3, seed=1))


def in_state(fragment: str, key: str) -> str:
    """A valid state's text with the value of ``key`` replaced by ``fragment``."""
    return _obj([(k, fragment if k == key else json.dumps(v)) for k, v in STATE.items()])


def states_with_hostile_fields() -> st.SearchStrategy[str]:
    """Valid states with one field replaced by a hostile fragment (or a deep one)."""
    fragment = st.one_of(fragments(), st.integers(min_value=33, max_value=5_000).map(deep))
    return st.builds(in_state, fragment, st.sampled_from(sorted(STATE)))


def _python_leaves() -> st.SearchStrategy[object]:
    return st.one_of(
        st.integers(min_value=-(2**80), max_value=2**80),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([math.nan, math.inf, 4.0, True, None, b"6/4", object()]),
        st.text(max_size=8),
    )


def hostile_values() -> st.SearchStrategy[object]:
    """Python values a caller of ``state_from_json`` might pass, JSON or not."""

    def nest(value: object, n: int) -> object:
        for _ in range(n):
            value = [value]
        return value

    values = st.recursive(
        _python_leaves(),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(st.one_of(st.text(max_size=6), st.integers()), inner, max_size=4),
            st.tuples(inner, inner),
        ),
        max_leaves=10,
    )
    fields = st.fixed_dictionaries({}, optional=dict.fromkeys(STATE, values))
    deep_values = st.builds(nest, values, st.integers(min_value=30, max_value=3_000))
    return st.one_of(values, deep_values, fields.map(lambda d: STATE | d))


def _garbage(path: Path) -> None:
    path.write_bytes(b"\xff\xfe\x00 garbage \x80\x81")


def _text_garbage(path: Path) -> None:
    path.write_text("this is } not [ what it should be\n" * 50, "utf-8")


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: max(1, path.stat().st_size // 3)])


def _folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _endless_device(path: Path) -> None:
    path.unlink()
    path.symlink_to("/dev/zero")


def _huge_sparse(path: Path) -> None:
    with path.open("r+b") as f:
        f.truncate(1 << 30)  # a GiB of holes: no disk used, every reader must refuse its size


def _missing(path: Path) -> None:
    path.unlink()


DAMAGES: dict[str, Callable[[Path], None]] = {
    "bad bytes": _garbage,
    "text garbage": _text_garbage,
    "empty": _empty,
    "truncated": _truncated,
    "a folder": _folder,
    "a FIFO": _fifo,
    "a link to /dev/zero": _endless_device,
    "huge and sparse": _huge_sparse,
    "missing": _missing,
}
"""Ways a file scout-ref reads (a catalog, a model, a witness) can be damaged: each must be
refused in one line, at once, in bounded memory."""
