"""A pure-Python stand-in for the ``rpds`` module (rpds-py) in the browser.

jsonschema and referencing keep their registries in rpds-py's persistent maps, sets and lists,
a compiled extension for which no wheel for the browser's Python exists. The referee's engine
validates states with jsonschema exactly as the command line does, so scoutref.js installs this
module as ``rpds`` before it imports the engine: the same immutable types, with the methods those
two libraries call, kept in plain dicts, sets and tuples (copied on every change, which is cheap
for registries of a few dozen schemas). The command line uses the real rpds-py.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import GenericAlias
from typing import Any


class HashTrieMap(Mapping[Any, Any]):
    """An immutable mapping; each change returns a new one."""

    __class_getitem__ = classmethod(GenericAlias)

    def __init__(self, value: Mapping[Any, Any] | Iterable[Any] = (), **kwds: Any) -> None:
        self._data: dict[Any, Any] = dict(value, **kwds)

    @classmethod
    def convert(cls, value: Any) -> HashTrieMap:
        """``value`` itself if it is a map of this kind, else a new map of its items."""
        return value if isinstance(value, HashTrieMap) else cls(value)

    def __getitem__(self, key: Any) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(frozenset(self._data.items()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HashTrieMap):
            return self._data == other._data
        return NotImplemented

    def __repr__(self) -> str:
        return f"HashTrieMap({self._data!r})"

    def insert(self, key: Any, value: Any) -> HashTrieMap:
        """A copy with ``key`` mapped to ``value``."""
        return HashTrieMap({**self._data, key: value})

    def remove(self, key: Any) -> HashTrieMap:
        """A copy without ``key``, which must be there (KeyError)."""
        data = dict(self._data)
        del data[key]
        return HashTrieMap(data)

    def discard(self, key: Any) -> HashTrieMap:
        """A copy without ``key``, if it is there."""
        return HashTrieMap({k: v for k, v in self._data.items() if k != key})

    def update(self, *maps: Mapping[Any, Any] | Iterable[Any], **kwds: Any) -> HashTrieMap:
        """A copy with the items of ``maps`` (and ``kwds``) added, later ones winning."""
        data = dict(self._data)
        for each in maps:
            data.update(each)
        data.update(kwds)
        return HashTrieMap(data)


class HashTrieSet(frozenset[Any]):
    """An immutable set; each change returns a new one."""

    def insert(self, value: Any) -> HashTrieSet:
        """A copy with ``value``."""
        return HashTrieSet((*self, value))

    def remove(self, value: Any) -> HashTrieSet:
        """A copy without ``value``, which must be there (KeyError)."""
        if value not in self:
            raise KeyError(value)
        return self.discard(value)

    def discard(self, value: Any) -> HashTrieSet:
        """A copy without ``value``, if it is there."""
        return HashTrieSet(v for v in self if v != value)

    def update(self, *iterables: Iterable[Any]) -> HashTrieSet:
        """A copy with every value of ``iterables`` added."""
        return HashTrieSet(frozenset(self).union(*iterables))


class List(tuple[Any, ...]):
    """An immutable list that grows at the front."""

    def __new__(cls, *elements: Any) -> List:
        if len(elements) == 1 and isinstance(elements[0], Iterable):
            elements = tuple(elements[0])
        return super().__new__(cls, elements)

    def push_front(self, value: Any) -> List:
        """A copy with ``value`` first."""
        return List((value, *self))

    @property
    def first(self) -> Any:
        """The first element."""
        return self[0]

    @property
    def rest(self) -> List:
        """All but the first element."""
        return List(self[1:])
