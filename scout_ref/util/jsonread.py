"""One bounded reader for every JSON document scout-ref reads, and the limits it enforces.

Files, adapter replies, requests to the reference adapter, vectors and records all come from
people and programs scout-ref does not control, so reading one must never crash, hang or take
memory out of proportion to a real document. Every document is held to the same limits:

- at most :data:`MAX_FILE_BYTES` for a file (:data:`MAX_LINE_BYTES` for one protocol line); only
  regular files are opened, without blocking, so a folder, FIFO or device is refused at once;
- UTF-8 text, nested at most :data:`MAX_DEPTH` arrays and objects deep, checked by a linear
  scan before the parser (which recurses) sees the text;
- integers only, written without fraction or exponent, within +-:data:`MAX_INTEGER` (the
  I-JSON range RFC 8785 can canonicalise); long runs of digits are found by the same scan and
  refused before anything converts them;
- no NaN or Infinity, no object with the same key twice, and no unpaired surrogate escape
  (``"\\ud800"``), which no UTF-8 output could hold (I-JSON, RFC 7493, forbids all three).

Any departure raises :class:`JSONInputError`, a :class:`~scout_ref.MalformedInputError` that
says where and why and quotes only a short excerpt. :func:`value_problems` applies the same
limits to a value handed over in memory (the Python API's ``from_json``).
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from itertools import accumulate
from typing import Any, BinaryIO, TextIO, cast

from scout_ref.errors import MalformedInputError, excerpt

JSONValue = None | bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"]
Problem = tuple[str, str]

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest JSON file read (16 MiB); the vector files are a few hundred KiB at most."""
MAX_LINE_BYTES = 1 << 20
"""The longest protocol line (1 MiB) an adapter or a runner may send."""
MAX_DEPTH = 32
"""The deepest nesting of arrays and objects; no scout-ref format goes beyond 8."""
MAX_INTEGER = 2**53 - 1
"""The largest integer magnitude (I-JSON); every count in a state is far below it."""
MAX_CONTAINERS = 1 << 20
"""The most arrays and objects in one document (one per 64 bytes of a larger limit): about
100 MiB of memory; the largest vector file holds a few thousand."""
MAX_VALUES = 1 << 22
"""The most values in one document (one per 8 bytes of a larger limit)."""
_MAX_DIGITS = len(str(MAX_INTEGER))
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)  # an unterminated one runs to the end
_LONG_DIGITS = re.compile(f"[0-9]{{{_MAX_DIGITS},}}")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")  # an escape that may leave half a pair


class JSONInputError(MalformedInputError):
    """A document scout-ref will not read: ``syntax`` is True when it is not JSON at all,
    False when it is JSON beyond the limits above."""

    def __init__(self, source: str, message: str, *, syntax: bool, what: str = "JSON") -> None:
        self.syntax = syntax
        super().__init__(what, [("", f"{source}: {message}")])


def _refused_file(name: str, message: str) -> JSONInputError:
    """The file itself is refused (missing, not a regular file, too large), not its content."""
    return JSONInputError(name, message, syntax=False, what="file")


class TooLargeError(JSONInputError):
    """A file, stream or document longer than the limit it was read with; ``limit`` is that
    limit in bytes (a command that can raise it says how in its own words)."""

    def __init__(self, name: str, message: str, limit: int, what: str = "file") -> None:
        self.limit = limit
        super().__init__(name, message, syntax=False, what=what)


class _Refused(Exception):
    """Raised inside the parser's hooks; turned into a :class:`JSONInputError`."""

    def __init__(self, message: str, *, syntax: bool = False) -> None:
        self.syntax = syntax
        super().__init__(message)


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in ``text``, without parsing it (strings are skipped).

    >>> nesting_depth('{"a": [[1], "]]]"], "b": {}}')
    3
    """
    return _depth(_STRING.sub("", text))


def _depth(skeleton: str) -> int:
    """The deepest nesting, scanned without a list per bracket (a document of 60 MiB of ``[]``
    would make one of 40 million)."""
    brackets = skeleton.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_BYTE_STEP.__getitem__, brackets)), default=0)


_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_BYTE_STEP = {ord(k): v for k, v in _STEP.items()}


def _too_many(text: str, max_bytes: int) -> str | None:
    """Why ``text`` holds more arrays, objects or values than a document of ``max_bytes``
    may (None if it does not): each costs memory out of proportion to its bytes (an empty
    array is 2 bytes of text and 56 of memory), so they are counted before anything else
    (brackets and commas inside strings too: an overestimate no real document comes near)."""
    containers = text.count("[") + text.count("{")
    most = max(MAX_CONTAINERS, max_bytes >> 6)
    if containers > most:
        return f"{containers} arrays and objects; the limit is {most}"
    values = containers + text.count(",")
    most = max(MAX_VALUES, max_bytes >> 3)
    if values > most:
        return f"about {values} values; the limit is {most}"
    return None


def _large_integer(skeleton: str) -> str | None:
    """The first integer beyond the limit in the text outside strings, read digit by digit."""
    for match in _LONG_DIGITS.finditer(skeleton):
        digits = match[0]
        if len(digits) > _MAX_DIGITS or int(digits) > MAX_INTEGER:
            return digits
    return None


def _fraction(text: str) -> float:
    raise _Refused(f"{excerpt(text, 40)}: numbers are integers, with no fraction or exponent")


def _constant(name: str) -> float:
    raise _Refused(f"{name} is not JSON", syntax=True)


def _object(pairs: list[tuple[str, JSONValue]]) -> dict[str, JSONValue]:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise _Refused(f"the key {excerpt(repr(key), 60)} appears twice in one object")
        seen.add(key)
    raise AssertionError("a shorter dict has a repeated key")


def parse(data: bytes | str, source: str, max_bytes: int = MAX_FILE_BYTES) -> JSONValue:
    """The JSON value in ``data`` (read from ``source``, named in errors), within the limits.

    Raises:
        JSONInputError: if ``data`` is too large, not UTF-8, not JSON, or beyond the limits.

    >>> parse(b'{"players": 3}', "request")
    {'players': 3}
    >>> parse('{"id": 1, "id": 2}', "x")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    scout_ref.util.jsonread.JSONInputError: invalid JSON: x: the key 'id' appears twice in one
    object
    """
    if len(data) > max_bytes:
        raise TooLargeError(
            source, f"{len(data)} bytes; the limit is {max_bytes}", max_bytes, "JSON"
        )
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JSONInputError(source, f"not UTF-8 at byte {exc.start}", syntax=True) from None
    else:
        text = data
    crowded = _too_many(text, max_bytes)
    if crowded is not None:
        raise JSONInputError(source, crowded, syntax=False)
    skeleton = _STRING.sub("", text)  # brackets and digits inside strings do not count
    depth = _depth(skeleton)
    if depth > MAX_DEPTH:
        message = f"nested {depth} deep; the limit is {MAX_DEPTH}"
        raise JSONInputError(source, message, syntax=False)
    digits = _large_integer(skeleton)
    if digits is not None:  # refused before any conversion: int() of 5,000 digits is slow
        message = f"the integer {excerpt(digits, 40)} is beyond +-{MAX_INTEGER}"
        raise JSONInputError(source, message, syntax=False)
    return _loads(text, source)


def _loads(text: str, source: str) -> JSONValue:
    try:
        value: JSONValue = json.loads(
            text,
            object_pairs_hook=_object,
            parse_float=_fraction,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as exc:
        near = excerpt(repr(text[exc.pos : exc.pos + 30]), 60)
        where = f"line {exc.lineno} column {exc.colno}"
        raise JSONInputError(
            source, f"not JSON: {where}: {exc.msg} (near {near})", syntax=True
        ) from None
    except _Refused as exc:
        raise JSONInputError(source, str(exc), syntax=exc.syntax) from None
    except RecursionError:  # unreachable after the depth scan; kept so no input can crash us
        raise JSONInputError(source, "nested too deep", syntax=False) from None
    if _SURROGATE.search(text) and _has_lone_surrogate(value):
        message = "a string holds an unpaired surrogate (\\ud800 to \\udfff), which is not text"
        raise JSONInputError(source, message, syntax=False)
    return value


def _has_lone_surrogate(value: JSONValue) -> bool:
    """Whether a string in ``value`` cannot be written as UTF-8 (I-JSON forbids them)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def read_bytes(path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, refusing anything else without blocking.

    Raises:
        JSONInputError: if ``path`` is missing, unreadable, not a regular file or too large.
    """
    name = excerpt(repr(os.fspath(path)), 120)
    try:
        fd = _open_regular(path, name, max_bytes)
    except OSError as exc:
        raise _refused_file(name, f"cannot read it: {exc.strerror}") from None
    try:
        chunks, size = [], 0
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            size += len(chunk)
            if size > max_bytes:
                raise TooLargeError(name, f"grew beyond the limit of {max_bytes} bytes", max_bytes)
    except OSError as exc:
        raise _refused_file(name, f"cannot read it: {exc.strerror}") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def _open_regular(path: str | os.PathLike[str], name: str, max_bytes: int) -> int:
    """Open ``path`` for reading if it is a regular file of at most ``max_bytes``."""
    _check_regular(os.stat(path), name, max_bytes)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        _check_regular(os.fstat(fd), name, max_bytes)  # it may have been swapped since the stat
    except JSONInputError:
        os.close(fd)
        raise
    return fd


def _check_regular(info: os.stat_result, name: str, max_bytes: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise _refused_file(name, "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise _refused_file(name, "is not a regular file (a device, FIFO or socket)")
    if info.st_size > max_bytes:
        raise TooLargeError(name, f"is {info.st_size} bytes; the limit is {max_bytes}", max_bytes)


def read_text(path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file at ``path`` (see :func:`read_bytes`).

    Raises:
        JSONInputError: as :func:`read_bytes`, or if the file is not UTF-8.
    """
    data = read_bytes(path, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        name = excerpt(repr(os.fspath(path)), 120)
        raise JSONInputError(name, f"not UTF-8 at byte {exc.start}", syntax=True) from None


def read_stream(stream: BinaryIO | TextIO, name: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of ``stream`` (standard input, say) up to its end, at most ``max_bytes``.

    Raises:
        JSONInputError: if there is more, or it is not UTF-8.
    """
    data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise TooLargeError(name, f"more than the limit of {max_bytes} bytes", max_bytes)
    if isinstance(data, str):  # a text stream (a test's): read no more than the limit either
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JSONInputError(name, f"not UTF-8 at byte {exc.start}", syntax=True) from None


def read_file(path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES) -> JSONValue:
    """The JSON document in the regular file at ``path``, within the limits.

    Raises:
        JSONInputError: if the file cannot be read or its content is refused.
    """
    return parse(read_bytes(path, max_bytes), excerpt(repr(os.fspath(path)), 120), max_bytes)


def value_problems(data: object, max_depth: int = MAX_DEPTH) -> list[Problem]:
    """How a value handed over in memory departs from what :func:`parse` could return.

    The walk uses its own stack, so a value nested thousands deep (or containing itself) is
    reported, not followed. Each problem is ``(JSON pointer, message)``.

    >>> value_problems({"scores": [1, 2.0], "turn": None})
    [('/scores/1', '2.0 is not an integer')]
    """
    return list(_walk(data, max_depth))


def _leaf_problem(value: object) -> str | None:
    if isinstance(value, bool | str) or value is None:
        return None
    if isinstance(value, int):
        return None if abs(value) <= MAX_INTEGER else _large(value)
    if isinstance(value, float):
        return f"{value!r} is not an integer"
    return f"a {type(value).__name__} is not a JSON value"


def _walk(data: object, max_depth: int) -> Iterator[Problem]:
    """Depth first, in document order, holding one iterator per open container (not one entry
    per value), so memory stays proportional to the depth."""
    stack: list[tuple[str, bool, Iterator[tuple[object, object]]]] = []
    problem = None if isinstance(data, dict | list) else _leaf_problem(data)
    if problem is not None:
        yield ("", problem)
        return
    if isinstance(data, dict | list):
        stack.append(("", isinstance(data, dict), _children(data)))
    while stack:
        where, is_object, items = stack[-1]
        for key, value in items:
            if is_object and not isinstance(key, str):
                yield (where, f"the key {excerpt(repr(key), 40)} is not a string")
            elif isinstance(value, dict | list):
                if len(stack) < max_depth:
                    stack.append((f"{where}/{key}", isinstance(value, dict), _children(value)))
                    break  # the child's values come before its later siblings
                yield (f"{where}/{key}", f"nested deeper than {max_depth}")
            elif type(value) not in _PLAIN or (type(value) is int and abs(value) > MAX_INTEGER):
                yield (f"{where}/{key}", _leaf_problem(value) or "")
        else:
            stack.pop()


_PLAIN = (str, int, bool, type(None))


def _large(value: int) -> str:
    """Why ``value`` is refused, without writing it out: ``str()`` of an integer of 5,000
    digits raises ValueError, and of 5 million takes seconds."""
    if value.bit_length() <= 4 * _MAX_DIGITS:
        return f"{value} is beyond +-{MAX_INTEGER}"
    digits = int(value.bit_length() * 0.30103) + 1
    return f"an integer of about {digits} digits is beyond +-{MAX_INTEGER}"


def _children(container: dict[Any, object] | list[object]) -> Iterator[tuple[object, object]]:
    return iter(container.items() if isinstance(container, dict) else enumerate(container))


_EXACT = 2**53 - 1
"""The largest integer RFC 8785 writes: beyond it a JSON number is not exact."""


def plain_json(value: object) -> bool:
    r"""Whether ``json.dumps`` (sorted keys, no spaces, no ASCII escapes) writes ``value`` as
    RFC 8785 does: it holds only None, booleans, integers within 2**53 - 1 of 0, strings,
    lists, and objects with ASCII keys (for which code point order is UTF-16 order). Both
    escape the same characters the same way: ``"``, ``\`` and U+0000 to U+001F, as ``\b``,
    ``\t``, ``\n``, ``\f``, ``\r`` or ``\u00xx`` in lowercase. Anything else (a float, a
    subclass of int or str, a tuple) goes to the rfc8785 package, about 20 times slower: every
    digest went through it (scout_ref.formats.state_json.state_digest), a quarter of the CPU
    time of ``scout-ref vectors check``.

    >>> plain_json({"hands": [["1/2"]], "owner": None, "scores": [2**53 - 1]}), plain_json([0.5])
    (True, False)
    """
    todo = [value]  # a loop, not a recursion: it runs for every digest
    while todo:
        item = todo.pop()
        kind = type(item)
        if kind is list:
            todo += cast(list[object], item)
        elif kind is dict:
            data = cast(dict[object, object], item)
            if not all(type(k) is str and k.isascii() for k in data):
                return False
            todo += data.values()
        elif kind is int:
            if not -_EXACT <= cast(int, item) <= _EXACT:
                return False
        elif not (kind is str or kind is bool or item is None):
            return False
    return True
