"""Test vectors: built from the case generators, answered by the reference engine, linted.

The generator functions in :mod:`scout_ref.conformance.cases` are the single source of the
vectors: they name inputs (a state and a move, a deal, a depth); the reference oracle computes
every expectation (:func:`~scout_ref.conformance.oracle.answers.expectation`). A generator may
also state a *claim*, the outcome its author meant to exercise; :func:`build_documents` refuses
to write a case whose claim the engine contradicts, so a vector is never "invalid for the wrong
reason".
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, cast

from scout_ref.conformance.cases import GENERATORS, Case, Generator
from scout_ref.conformance.model.kinds import VectorKind, is_vector_kind
from scout_ref.conformance.model.positions import add_positions, position_problems
from scout_ref.conformance.model.scope import scope_problems
from scout_ref.conformance.oracle.answers import expectation
from scout_ref.engine.notation import ScoutInner, ShowCards, parse_written
from scout_ref.engine.turn import check_probe
from scout_ref.errors import MalformedInputError, ScoutError
from scout_ref.formats import schema as _schema
from scout_ref.formats.state_json import rules_from_json, state_from_json
from scout_ref.formats.witness_store import replay_witness, stored_witness
from scout_ref.rulebook.registry import Status, check_spec_version, rules, spec_dir, spec_version
from scout_ref.util.atomic import write_atomic
from scout_ref.util.jsonread import JSONInputError, parse, read_file, read_text

JSONObject = dict[str, Any]

MANIFEST = "manifest.json"


class ClaimError(Exception):
    """A generator's claim disagrees with the reference engine: one of the two has a bug."""


def vectors_dir() -> Path:
    """Where the vector files live: ``spec/vectors``."""
    return spec_dir() / "vectors"


# --- claims ----------------------------------------------------------------------------------


def claim_problems(kind: VectorKind, claim: JSONObject, expected: JSONObject) -> list[str]:
    """How the reference answer contradicts a generator's claim; [] if it does not.

    A claim on ``deal``/``apply`` names state fields; on ``legal`` it may give ``includes`` and
    ``excludes`` move lists; on the other kinds it names fields of the expectation.
    """
    problems = []
    for key, wanted in sorted(claim.items()):
        if kind == "legal" and key == "includes":
            missing = sorted(set(wanted) - set(expected["moves"]))
            problems += [f"claimed legal, engine rejects {m!r}" for m in missing]
            continue
        if kind == "legal" and key == "excludes":
            present = sorted(set(wanted) & set(expected["moves"]))
            problems += [f"claimed illegal, engine accepts {m!r}" for m in present]
            continue
        got = expected["state"][key] if kind in ("deal", "apply") else expected[key]
        if got != wanted:
            problems.append(f"{key}: claimed {wanted!r}, engine gives {got!r}")
    return problems


# --- building the files ------------------------------------------------------------------------


def vector_case(kind: VectorKind, case: Case) -> Case:
    """The case as written to its file: inputs, expectation, no claim.

    Raises:
        ClaimError: if the engine's answer contradicts the generator's claim.
    """
    out = {k: v for k, v in case.items() if k != "claim"}
    if kind == "trace":
        out |= expectation(kind, case)
    else:
        out["expected"] = expectation(kind, case)
    add_positions(out)
    if "claim" in case:
        problems = claim_problems(kind, case["claim"], out.get("expected", {}))
        if problems:
            raise ClaimError(f"{case['id']}: " + "; ".join(problems))
    return out


def build_document(gen: Generator) -> JSONObject:
    """One vector file's content."""
    kind = gen.kind
    assert is_vector_kind(kind), f"{gen.topic}: {kind!r} is not a vector kind"
    return {
        "spec_version": spec_version(),
        "kind": kind,
        "description": gen.description,
        "cases": [vector_case(kind, c) for c in gen.cases()],
    }


def render(document: object) -> str:
    """The canonical text of a vector file: sorted keys, 2-space indent, trailing newline."""
    return json.dumps(document, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def manifest(texts: dict[str, str]) -> JSONObject:
    """The manifest of the vector files: spec version; path, kind, case count, SHA-256 each."""
    files = []
    for path, text in sorted(texts.items()):
        doc: Any = parse(text, path)
        files.append(
            {
                "path": path,
                "kind": doc["kind"],
                "cases": len(doc["cases"]),
                "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
            }
        )
    return {"spec_version": spec_version(), "files": files}


@cache
def build_documents() -> dict[str, str]:
    """Every vector file and the manifest, by path relative to ``spec/vectors``, as text.

    Generation is deterministic, so the result is computed once per process.
    """
    texts = {f"{g.kind}/{g.topic}.json": render(build_document(g)) for g in GENERATORS}
    return texts | {MANIFEST: render(manifest(texts))}


def existing_files(root: Path) -> dict[str, str]:
    """The JSON files under ``root``, by relative path, as text (read by the bounded reader).

    Raises:
        MalformedInputError: if one is not a readable regular UTF-8 file within the limits.
    """
    return {p.relative_to(root).as_posix(): read_text(p) for p in sorted(root.rglob("*.json"))}


def checked_documents(root: Path) -> dict[str, tuple[VectorKind, JSONObject]]:
    """The vector files under ``root`` (the manifest aside), by relative path, each with its
    kind, read by the bounded reader and valid against its kind's schema, so a reader of their
    cases (coverage) finds every key it needs.

    Raises:
        MalformedInputError: naming the first file that is not a vector file of its folder's
            kind (and how many more problems it has); ``vectors lint`` lists them all.
    """
    found: dict[str, tuple[VectorKind, JSONObject]] = {}
    seen: dict[str, str] = {}  # case id -> its file: an id names one case, as lint says
    for path, text in existing_files(root).items():
        if path == MANIFEST:
            continue
        kind = path.split("/", maxsplit=1)[0]
        problems = [f"{kind!r} is not a vector kind"]
        if is_vector_kind(kind) and "/" in path:
            document: Any = parse(text, path)
            problems = schema_problems(kind, document)
            if not problems and document["kind"] != kind:
                problems = [f"kind {document['kind']!r} does not match its folder"]
            if not problems:
                problems = _reused_ids(document, path, seen)
            if not problems and kind in ("apply", "reject"):  # a move that names no move
                for k, case in enumerate(document["cases"]):
                    check_written(case, f"{path} /cases/{k}")
            if not problems:
                found[path] = (kind, document)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            why = f"{path}: {problems[0]}{more}; scout-ref vectors lint lists every problem"
            raise MalformedInputError("vectors", [("", why)])
    return found


def check_written(data: Any, place: str) -> None:
    """Refuse a case whose move names no move: a text of SC-NOTE-07's forms that names an end or
    no card of the active set, a card twice, or an ascending run (``show 2,3`` is
    ``show 2-3``). The schema lets such texts through; they would be sent as if they were moves.
    """
    try:
        move = parse_written(data["move"])
        if isinstance(move, ScoutInner | ShowCards):
            check_probe(state_from_json(data["state"]), move)
    except MalformedInputError as exc:
        raise MalformedInputError("vectors", [("", f"{place}: {exc}")]) from None


def _reused_ids(document: JSONObject, path: str, seen: dict[str, str]) -> list[str]:
    """The cases of ``document`` whose id an earlier file (in ``seen``) or case used, as
    :func:`lint_document` words it; records the others in ``seen``."""
    problems = []
    cases: Any = document["cases"]
    for case in cases:
        cid = case["id"]
        if cid in seen:
            problems.append(f"{cid}: id already used in {seen[cid]}")
        seen[cid] = path
    return problems


def write_documents(root: Path, texts: dict[str, str]) -> list[str]:
    """Write the files that differ and delete stale ones; the changed paths."""
    changed = stale_paths(root, texts)
    for path in changed:
        target = root / path
        if path in texts:
            write_atomic(target, texts[path], "vectors")
        else:
            target.unlink()
    return changed


def stale_paths(root: Path, texts: dict[str, str]) -> list[str]:
    """Paths whose content on disk differs from ``texts``: changed, missing or extra."""
    on_disk = existing_files(root) if root.is_dir() else {}
    paths = sorted(on_disk.keys() | texts.keys())
    return [p for p in paths if on_disk.get(p) != texts.get(p)]


# --- schemas and lint --------------------------------------------------------------------------


@cache
def _registry() -> _schema.Schemas:
    schemas = [spec_dir() / "schema" / f"{n}.schema.json" for n in ("state", "observation")]
    schemas += sorted((spec_dir() / "schema" / "vectors").glob("*.schema.json"))
    return _schema.registry(read_file(path) for path in schemas)


def schema_id(name: str) -> str:
    """The ``$id`` of a vector schema: a kind, or ``manifest``."""
    return f"urn:scout-ref:schema:vectors:{name}"


@cache
def validator(name: str) -> _schema.Check:
    """A validator for the schema of a kind (or of the manifest)."""
    schema = _registry().contents(schema_id(name))
    return _schema.validator(cast(Any, schema), _registry())


def schema_problems(name: str, document: object) -> list[str]:
    """How ``document`` departs from its schema, one line per problem with its JSON pointer."""
    return [
        f"{where or '/'}: {message}"
        for where, message in _schema.problems(validator(name), document)
    ]


def case_rules(kind: VectorKind, case: Case) -> Iterator[JSONObject]:
    """The rules objects a case's states (or game) are played under."""
    if kind == "trace":
        yield case["game_rules"]
    elif kind == "deal":
        data = case["input"]
        yield data["state"]["rules"] if "state" in data else data["rules"]
    else:
        yield case["state"]["rules"]


def is_variant_case(kind: VectorKind, case: Case) -> bool:
    """Whether a case switches on a variant (its rules are not the official reading)."""
    return any(not rules_from_json(r).is_official for r in case_rules(kind, case))


def citation_problems(kind: VectorKind, case: Case) -> Iterator[str]:
    """Cited rule IDs that do not exist or may not be cited by this case."""
    allowed = {Status.NORMATIVE, Status.INFORMATIVE}
    if is_variant_case(kind, case):
        allowed.add(Status.VARIANT)
    registry = rules()
    if "focus" in case and case["focus"] not in case["rules"]:
        yield f"focuses on {case['focus']}, which is not among its rules"
    for rule_id in case["rules"]:
        if rule_id not in registry:
            yield f"cites {rule_id}, which is not in spec/rules.json"
        elif registry[rule_id].status not in allowed:
            yield f"cites {rule_id}, a {registry[rule_id].status.value} rule"


def state_problems(kind: VectorKind, case: Case) -> Iterator[str]:
    """Every state a case carries that is invalid or cannot arise in play (chapter REACH), or
    whose stored witness game (``spec/witnesses``) does not replay to it."""
    found: list[tuple[str, object]] = []
    if kind == "deal" and "state" in case["input"]:
        found.append(("/input/state", case["input"]["state"]))
    elif kind == "trace":
        found += [
            (f"/steps/{k}/state", s["state"]) for k, s in enumerate(case["steps"]) if "state" in s
        ]
    elif "state" in case:
        found.append(("/state", case["state"]))
    if "expected" in case and "state" in case["expected"]:
        found.append(("/expected/state", case["expected"]["state"]))
    for where, data in found:
        try:
            state = state_from_json(data, reachable=True)
        except MalformedInputError as exc:
            yield f"{where}: {exc}"
            continue
        stored = stored_witness(state)
        if stored is None:
            yield (
                f"{where}: no witness game reaches this state (SC-REACH-01): store one under "
                "spec/witnesses (vectors generate stores those the case builders play; "
                "scout-ref check --store searches for one)"
            )
            continue
        if stored.name in _REPLAYED:
            continue
        try:
            replay_witness(stored, state)
        except ScoutError as exc:
            yield f"{where}: {exc}"
        else:
            _REPLAYED.add(stored.name)


_REPLAYED: set[str] = set()
"""The witness files this process has replayed to their positions (each is replayed once)."""


def answer_problems(kind: VectorKind, case: Case) -> Iterator[str]:
    """Where the case's expectation differs from the reference engine's answer."""
    try:
        fresh = vector_case(kind, {k: v for k, v in case.items() if k not in ("expected",)})
    except ScoutError as exc:
        yield f"the reference engine cannot answer it: {exc}"
        return
    key = "steps" if kind == "trace" else "expected"
    if fresh[key] != case.get(key):
        yield f"{key} differs from the reference engine's answer"


CaseCheck = Callable[[VectorKind, Case], Iterator[str]]


def lint_document(path: str, document: JSONObject, seen: dict[str, str]) -> list[str]:
    """Every problem of one vector file, as ``path: [case id:] problem`` lines."""
    kind = path.split("/", maxsplit=1)[0]
    if not is_vector_kind(kind):
        return [f"{path}: {kind!r} is not a vector kind"]
    problems = [f"{path}: {p}" for p in schema_problems(kind, document)]
    if problems:
        return problems
    try:
        check_spec_version(document["spec_version"], path)
    except MalformedInputError as exc:
        problems.append(f"{path}: {exc.problems[0][1]}")
    if document["kind"] != kind:
        problems.append(f"{path}: kind {document['kind']!r} does not match its folder")
    topic = path.rsplit("/", maxsplit=1)[-1].removesuffix(".json")
    checks: tuple[CaseCheck, ...] = (
        citation_problems,
        scope_problems,
        state_problems,
        position_problems,
        answer_problems,
    )
    problems += [f"{path}: {p}" for p in _reused_ids(document, path, seen)]
    for case in document["cases"]:
        cid = case["id"]
        prefix = f"{kind}-{topic.replace('_', '-')}-"
        if not cid.startswith(prefix):
            problems.append(f"{path}: {cid}: id does not start with {prefix}")
        for check in checks:
            problems += [f"{path}: {cid}: {p}" for p in check(kind, case)]
    return problems


def lint(root: Path) -> list[str]:
    """Every problem of the vector files under ``root``; [] when they are all sound.

    Each file must be valid against its kind's schema, each case ID unique and well-formed,
    each cited rule normative (or a variant, in a case that switches it on) and in scope at the
    case's player count, each state valid (and reachable in play),
    and each expectation equal to the reference engine's answer. Once the files are sound the
    manifest must list them as they are.
    """
    texts = existing_files(root)
    problems: list[str] = []
    seen: dict[str, str] = {}
    for path, text in texts.items():
        if path == MANIFEST:
            continue
        try:
            document: Any = parse(text, path)
        except JSONInputError as exc:
            problems.append(exc.problems[0][1])
            continue
        problems += lint_document(path, document, seen)
    if not problems:
        problems += manifest_problems(texts)
    return problems


def manifest_problems(texts: dict[str, str]) -> list[str]:
    """Whether the manifest among ``texts`` is schema-valid and lists the other files as they are.

    Assumes the other files are sound vector files.
    """
    listed = texts.get(MANIFEST)
    if listed is None:
        return [f"{MANIFEST}: missing"]
    try:
        problems = schema_problems("manifest", parse(listed, MANIFEST))
    except JSONInputError as exc:
        return [exc.problems[0][1]]
    files = {p: t for p, t in texts.items() if p != MANIFEST}
    if listed != render(manifest(files)):
        problems.append("does not list the files as they are")
    return [f"{MANIFEST}: {p}" for p in problems]
