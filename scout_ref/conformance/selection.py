"""What ``--case``, ``--kind`` and ``--rule`` select, of the vector cases, the tests of the
adapter's own deals and the fuzz games alike: the run judges exactly what ``--list`` lists, and a
``--case`` that selects nothing is an error that says what would.
"""

from __future__ import annotations

import difflib
import fnmatch
import re
from collections.abc import Sequence

from scout_ref.conformance.fuzz.numbering import ALL_PLAYERS, chosen_games, fuzz_id, fuzz_players
from scout_ref.conformance.judge.randomness import random_cases
from scout_ref.conformance.judge.runner import select
from scout_ref.conformance.model.kinds import CaseKind
from scout_ref.conformance.model.outcomes import Case
from scout_ref.errors import MalformedInputError


def random_selected(
    deals: int, kinds: Sequence[CaseKind], rules: Sequence[str], ids: Sequence[str]
) -> list[Case]:
    """The tests of the adapter's own deals selected: none without deals or when ``kinds``
    leaves ``random`` out; else those the rule globs and the ``--case`` globs select."""
    if deals <= 0 or (kinds and "random" not in kinds):
        return []
    return select(random_cases(), rules, [], ids)


def fuzz_selected(
    games: int,
    seed: int,
    kinds: Sequence[CaseKind],
    ids: Sequence[str],
    counts: Sequence[int] = ALL_PLAYERS,
) -> list[Case]:
    """The fuzz games selected, as cases (for ``--list``), for an adapter of ``counts``."""
    if games <= 0 or (kinds and "fuzz" not in kinds):
        return []
    out = []
    for k in chosen_games(counts, games, seed, ids):
        players, text = fuzz_players(counts, seed, k)
        about = f"random {players}-player game, seed {text!r}"
        out.append(Case(fuzz_id(players, text), "fuzz", about, (), {}, "fuzz"))
    return out


def _fuzz_could_match(pattern: str, games: int, seed: int) -> bool:
    """Whether some fuzz game could have an ID matching ``pattern``, whatever player counts the
    adapter claims (they are known from its hello only)."""
    return any(
        fnmatch.fnmatchcase(fuzz_id(players, f"{seed}:{k}"), pattern)
        for k in range(games)
        for players in ALL_PLAYERS
    )


_FUZZ_ID = re.compile(r"fuzz-[2-5]p-(-?[0-9]+)-([0-9]+)")


def check_selection(
    vectors: Sequence[Case],
    chosen: Sequence[Case],
    extra: Sequence[Case],
    ids: Sequence[str],
    fuzz: tuple[int, int, bool],
) -> None:
    """Refuse a selection that selects nothing, or a ``--case`` glob that selects nothing.

    ``vectors`` are all the vector cases, ``chosen`` those selected, ``extra`` the random-deal
    tests selected; ``fuzz`` is the number of games, the seed, and whether ``--kind`` lets
    them in.

    Raises:
        MalformedInputError: naming the glob and what would select (the closest IDs, the
            ``--fuzz`` and ``--seed`` a fuzz game's ID needs).
    """
    games, seed, allowed = fuzz
    selected = [c.id for c in [*chosen, *extra]]
    for pattern in ids:
        if fnmatch.filter(selected, pattern):
            continue
        if allowed and _fuzz_could_match(pattern, games, seed):
            continue
        raise MalformedInputError("selection", [("", _no_match(vectors, pattern))])
    if not chosen and not extra and not (allowed and games):
        raise MalformedInputError(
            "selection", [("", "no case matches --rule, --kind and --case together")]
        )


def _no_match(cases: Sequence[Case], pattern: str) -> str:
    """Why ``--case pattern`` selects nothing, and what would."""
    known = [c.id for c in cases]
    game = _FUZZ_ID.fullmatch(pattern)
    if game is not None:
        seed, k = game[1], int(game[2])
        return (
            f"--case {pattern!r} names a fuzz game: game {k} of seed {seed}, played with "
            f"--fuzz {k + 1} --seed {seed} (or more games); it selects nothing without them"
        )
    if pattern.startswith("random-deal"):
        return (
            f"--case {pattern!r} selects no test of the adapter's own deals: they run with "
            "the shipped vectors, --random-deals N above 0 and a --kind and --rule that let "
            "them in"
        )
    if fnmatch.filter(known, pattern):
        return f"--case {pattern!r} selects nothing that --rule and --kind let in"
    close = difflib.get_close_matches(pattern, known, n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(close)}?" if close else "; --list shows the IDs"
    return f"no case has the ID {pattern!r}{hint}"
