"""Canonical JSON for states: writing, loading with full validation, and the digest.

Loading never trusts its input: the shape is checked against ``spec/schema/state.schema.json``
and the content against the rules (card conservation, phase and turn consistency, chips), and
every problem is reported at once with its JSON pointer.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any, cast

import rfc8785

from scout_ref.engine.components import Card, OrientedCard, is_card_numbers, oriented
from scout_ref.engine.game import next_round, winners
from scout_ref.engine.reachability import check_reachable
from scout_ref.engine.scoring import round_scores
from scout_ref.engine.setup import (
    TWO_PLAYER_CHIPS,
    cards_in_play,
    hand_size,
    new_game,
    remove_from_box,
)
from scout_ref.engine.state import Phase, RoundEnd, Seat, State, require_state, total_rounds
from scout_ref.engine.variants import EmptySetChain, Rotation, Rules, Scouting
from scout_ref.errors import MalformedInputError
from scout_ref.formats import schema as _schema
from scout_ref.rulebook.registry import implements, spec_dir
from scout_ref.util.jsonread import plain_json, read_file, value_problems
from scout_ref.util.text import plural

JSONValue = None | bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"]
JSONObject = dict[str, JSONValue]
_Checked = dict[str, Any]  # JSON that has passed the state schema
Problem = tuple[str, str]
_ORIENTED = re.compile(r"([0-9]{1,2})/([0-9]{1,2})", re.ASCII)


@implements("SC-GEN-04")
def rules_to_json(rules: Rules) -> JSONObject:
    """The rules switches as a state's ``rules`` object writes them."""
    return {
        "owner_exemption": rules.owner_exemption,
        "empty_set_chain": rules.empty_set_chain.value,
        "scouting": rules.scouting.value,
        "rotation": rules.rotation.value,
    }


@implements("SC-GEN-04")
def rules_from_json(data: object, where: str = "/rules") -> Rules:
    """The rules switches of a state-style ``rules`` object.

    Raises:
        MalformedInputError: if ``data`` is not such an object (reported at ``where``).
    """
    keys = {"owner_exemption", "empty_set_chain", "scouting", "rotation"}
    problem = MalformedInputError("rules", [(where, f"needs exactly {', '.join(sorted(keys))}")])
    if not isinstance(data, dict) or set(data) != keys:
        raise problem
    if not isinstance(data["owner_exemption"], bool):
        raise problem
    try:
        return Rules(
            owner_exemption=data["owner_exemption"],
            empty_set_chain=EmptySetChain(data["empty_set_chain"]),
            scouting=Scouting(data["scouting"]),
            rotation=Rotation(data["rotation"]),
        )
    except ValueError as exc:
        raise MalformedInputError("rules", [(where, str(exc))]) from None


def deck_from_json(data: object, where: str = "/deck") -> tuple[OrientedCard, ...]:
    """A deck (or any row of cards) written as ``top/bottom`` texts.

    Raises:
        MalformedInputError: at the first entry that is not an oriented card.
    """
    if not isinstance(data, list):
        raise MalformedInputError("deck", [(where, "a deck is a list of cards such as '6/4'")])
    deck = []
    for k, text in enumerate(data):
        match = _ORIENTED.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise MalformedInputError(
                "deck", [(f"{where}/{k}", f"{text!r} is not an oriented card such as '6/4'")]
            )
        top, bottom = int(match[1]), int(match[2])
        if not is_card_numbers(top, bottom):
            raise MalformedInputError(
                "deck", [(f"{where}/{k}", f"no card has the numbers {top} and {bottom}")]
            )
        deck.append(oriented(top, bottom))
    return tuple(deck)


def deal_from_json(data: object) -> State:
    """The state a ``deal`` input produces: ``{players, rules, deck}`` starts a game,
    ``{players, rules, box}`` starts one from the whole box (SC-SETUP-01), ``{state, deck}``
    deals the next round of a finished one.

    Chance is data: a deck must be given, except for the second two-player round, which deals
    the cards set aside in the first (``deck`` null).

    Raises:
        MalformedInputError: if the input, its state or its deck is invalid, or a deck is
            missing or not allowed.
    """
    if isinstance(data, dict) and set(data) == {"players", "rules", "deck"}:
        players = data["players"]
        if not isinstance(players, int) or isinstance(players, bool):
            raise MalformedInputError("deal", [("/players", "must be an integer")])
        if data["deck"] is None:
            raise MalformedInputError("deal", [("/deck", "a new game needs a deck")])
        return new_game(players, deck_from_json(data["deck"]), rules_from_json(data["rules"]))
    if isinstance(data, dict) and set(data) == {"players", "rules", "box"}:
        players = data["players"]
        if not isinstance(players, int) or isinstance(players, bool):
            raise MalformedInputError("deal", [("/players", "must be an integer")])
        kept = remove_from_box(players, deck_from_json(data["box"], "/box"))
        return new_game(players, kept, rules_from_json(data["rules"]))
    if isinstance(data, dict) and set(data) == {"state", "deck"}:
        state = state_from_json(data["state"])
        if data["deck"] is None and not state.is_two_player:
            raise MalformedInputError("deal", [("/deck", "a new round needs a deck")])
        deck = None if data["deck"] is None else deck_from_json(data["deck"])
        return next_round(state, deck)
    raise MalformedInputError(
        "deal",
        [("", "input must be {players, rules, deck}, {players, rules, box} or {state, deck}")],
    )


def score_to_json(state: State) -> JSONObject:
    """The score breakdown of the round ``state`` has just ended, the totals and the winners."""
    return {
        "round_scores": [
            {
                "seat": s.seat,
                "captured": s.captured,
                "chips": s.chips,
                "hand_penalty": s.hand_penalty,
                "exempt": s.exempt,
                "total": s.total,
            }
            for s in round_scores(state)
        ],
        "totals": list(state.scores),
        "winners": list(winners(state)),
    }


def state_to_json(state: State) -> JSONObject:
    """The canonical JSON object of a state.

    Raises:
        TypeError: if ``state`` is not a :class:`~scout_ref.State`.
    """
    require_state(state)
    return {
        "players": state.players,
        "rules": rules_to_json(state.rules),
        "round": state.round,
        "start_player": state.start_player,
        "phase": state.phase.value,
        "turn": state.turn,
        "hands": [[str(c) for c in hand] for hand in state.hands],
        "active_set": [str(c) for c in state.active_set],
        "owner": state.owner,
        "captured": [[str(c) for c in pile] for pile in state.captured],
        "scout_chips": list(state.scout_chips),
        "scout_show_available": list(state.scout_show_available),
        "scores": list(state.scores),
        "round_end": None if state.round_end is None else state.round_end.value,
        "set_aside": [str(c) for c in state.set_aside],
    }


def state_digest(state: State) -> str:
    """SHA-256 (hex) of the RFC 8785 canonical serialisation of :func:`state_to_json`.

    Raises:
        MalformedInputError: if a number is beyond what RFC 8785 canonicalises (a state built
            by hand; a loaded state's numbers are bounded by its schema).
    """
    data = state_to_json(state)
    if plain_json(data):  # then json writes what RFC 8785 writes, at C speed (see plain_json)
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        try:
            return hashlib.sha256(text.encode("utf-8")).hexdigest()
        except UnicodeEncodeError:  # a lone surrogate: rfc8785 says why below
            pass
    try:
        return hashlib.sha256(rfc8785.dumps(data)).hexdigest()
    except rfc8785.CanonicalizationError as exc:
        raise MalformedInputError("state", [("", f"no digest: {exc}")]) from None


@cache
def _state_validator() -> _schema.Check:
    return _schema.validator(read_file(spec_dir() / "schema" / "state.schema.json"))


def shape_problems(data: object) -> list[Problem]:
    """Every way ``data`` departs from the state schema, as (JSON pointer, message).

    Values no JSON document could hold (fractions, huge integers, nesting beyond the reader's
    limit, cycles) are reported first: JSON Schema would take 4.0 as an integer.
    """
    return value_problems(data) or _schema.problems(_state_validator(), data)


def _oriented(text: str, where: str, problems: list[Problem]) -> OrientedCard | None:
    top, bottom = (int(x) for x in text.split("/"))
    if top == bottom:
        problems.append((where, f"{text!r} has the same number at both ends"))
        return None
    return oriented(top, bottom)


def _card(text: str, where: str, problems: list[Problem]) -> Card | None:
    low, high = (int(x) for x in text.split("-"))
    if not low < high:
        problems.append((where, f"{text!r} is not a card: write the smaller number first"))
        return None
    return Card(low, high)


def _row(items: list[str], where: str, problems: list[Problem]) -> tuple[OrientedCard, ...]:
    cards = (_oriented(t, f"{where}/{k}", problems) for k, t in enumerate(items))
    return tuple(c for c in cards if c is not None)


def _build(data: _Checked, problems: list[Problem]) -> State:
    captured = []
    for s, pile in enumerate(data["captured"]):
        cards = (_card(t, f"/captured/{s}/{k}", problems) for k, t in enumerate(pile))
        captured.append(tuple(c for c in cards if c is not None))
        if pile != sorted(pile, key=lambda t: tuple(int(x) for x in t.split("-"))):
            problems.append((f"/captured/{s}", "captured cards must be sorted"))
    return State(
        players=data["players"],
        rules=rules_from_json(data["rules"]),
        round=data["round"],
        start_player=Seat(data["start_player"]),
        phase=Phase(data["phase"]),
        turn=None if data["turn"] is None else Seat(data["turn"]),
        hands=tuple(_row(h, f"/hands/{s}", problems) for s, h in enumerate(data["hands"])),
        active_set=_row(data["active_set"], "/active_set", problems),
        owner=None if data["owner"] is None else Seat(data["owner"]),
        captured=tuple(captured),
        scout_chips=tuple(data["scout_chips"]),
        scout_show_available=tuple(data["scout_show_available"]),
        scores=tuple(data["scores"]),
        round_end=None if data["round_end"] is None else RoundEnd(data["round_end"]),
        set_aside=_row(data["set_aside"], "/set_aside", problems),
    )


def _seat_problems(state: State) -> Iterator[Problem]:
    n = state.players
    for key in ("hands", "captured", "scout_chips", "scout_show_available", "scores"):
        if len(getattr(state, key)) != n:
            yield (f"/{key}", f"needs one entry per seat ({n})")
    for key in ("start_player", "turn", "owner"):
        seat = getattr(state, key)
        if seat is not None and seat >= n:
            yield (f"/{key}", f"seat {seat} does not exist with {n} players")


def _ids(cards: tuple[OrientedCard, ...]) -> tuple[Card, ...]:
    return tuple(c.card for c in cards)


def _card_problems(state: State) -> Iterator[Problem]:
    """Card conservation: every card in play exactly once, no card from outside."""
    rows: list[tuple[str, tuple[Card, ...]]] = [
        *((f"/hands/{s}", _ids(hand)) for s, hand in enumerate(state.hands)),
        ("/active_set", _ids(state.active_set)),
        ("/set_aside", _ids(state.set_aside)),
        *((f"/captured/{s}", pile) for s, pile in enumerate(state.captured)),
    ]
    first_seen: dict[Card, str] = {}
    expected = cards_in_play(state.players)
    for row, cards in rows:
        for k, card in enumerate(cards):
            where = f"{row}/{k}"
            if card not in expected:
                yield (where, f"card {card} is not in play with {state.players} players")
            elif card in first_seen:
                yield (where, f"card {card} is already at {first_seen[card]}")
            first_seen.setdefault(card, where)
    if state.is_two_player and state.round > 1:
        # The second two-player round uses only the 22 cards set aside in the first (SC-VAR2-01).
        if len(first_seen) != 2 * hand_size(2):
            yield ("", f"the second two-player round has 22 cards, not {len(first_seen)}")
        return
    missing = sorted(expected.difference(first_seen))
    if missing:
        yield ("", "cards missing: " + ", ".join(map(str, missing)))


def _phase_problems(state: State) -> Iterator[Problem]:
    over = state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    if state.round > total_rounds(state.players):
        yield ("/round", f"a {state.players}-player game has {total_rounds(state.players)} rounds")
    if state.start_player != (state.round - 1) % state.players:
        yield (
            "/start_player",
            f"round {state.round} is started by seat {(state.round - 1) % state.players}",
        )
    if over != (state.turn is None):
        yield ("/turn", "a seat acts exactly when the round is not over")
    if over != (state.round_end is not None):
        yield ("/round_end", "is set exactly when the round is over")
    last = state.round == total_rounds(state.players)
    if over and last != (state.phase is Phase.GAME_OVER):
        yield ("/phase", "the last round ends in game_over, earlier rounds in round_over")
    if state.phase is Phase.ROTATION:
        yield from _rotation_problems(state)
    if state.owner is None and (state.active_set or any(state.captured)):
        yield ("/owner", "an active set or captured cards need an owner (a show happened)")
    if state.round_end is RoundEnd.EMPTY_HAND and (state.owner is None or state.hands[state.owner]):
        yield ("/round_end", "empty_hand needs the owner's hand to be empty")
    if state.round_end is RoundEnd.UNBEATEN and state.owner is None:
        yield ("/round_end", "unbeaten needs the owner of the unbeaten active set")
    if state.round == 1 and not over and any(state.scores):
        yield ("/scores", "running totals stay 0 until the first round ends")
    if state.turn is not None and state.turn == state.owner and not _may_face_own_set(state):
        yield ("/turn", "the owner of the active set is never the seat to act here")


def _may_face_own_set(state: State) -> bool:
    """Only the reset variant hands the turn back to an owner whose set was scouted away."""
    return (
        not state.is_two_player
        and not state.active_set
        and state.rules.empty_set_chain is EmptySetChain.RESET
    )


def _rotation_problems(state: State) -> Iterator[Problem]:
    if state.owner is not None:
        yield ("/owner", "no show happens in the rotation phase")
    h = hand_size(state.players)
    for s, hand in enumerate(state.hands):
        if len(hand) != h:
            yield (f"/hands/{s}", f"holds {plural(len(hand), 'card')}; the deal gives {h}")


def _chip_problems(state: State) -> Iterator[Problem]:
    two = state.is_two_player
    for s, chips in enumerate(state.scout_chips):
        if two and chips > TWO_PLAYER_CHIPS:
            yield (f"/scout_chips/{s}", f"a two-player seat holds at most {TWO_PLAYER_CHIPS}")
    if two and any(state.scout_show_available):
        yield ("/scout_show_available", "there is no Scout & Show with 2 players")
    if state.phase is Phase.ROTATION and state.scout_chips != ((3 if two else 0),) * state.players:
        yield ("/scout_chips", "chips are dealt out only in play")
    if state.phase is Phase.ROTATION and not two and not all(state.scout_show_available):
        yield ("/scout_show_available", "no Scout & Show chip can be used before play")
    aside = 22 if two and state.round == 1 else 0
    if len(state.set_aside) != aside:
        yield ("/set_aside", f"holds {plural(aside, 'card')} in this game and round")


def validate_state(data: object, *, reachable: bool = False) -> list[Problem]:
    """Every problem with ``data`` as a state, python-chess ``status()`` style; [] if valid.

    With ``reachable`` a valid state is also checked against the conditions of chapter REACH
    (:func:`~scout_ref.check_reachable`), each problem naming its condition's ID.

    >>> validate_state({"players": 7})[0]
    ('', "'rules' is a required property")
    """
    return _read(data, reachable)[1]


def _read(data: object, reachable: bool) -> tuple[State | None, list[Problem]]:
    """The state ``data`` writes and [], or None and every problem with it."""
    problems = shape_problems(data)
    if problems:
        return None, problems
    state = _build(cast(_Checked, data), problems)
    if problems:
        return None, problems
    problems.extend(_seat_problems(state))
    if problems:  # the other checks index by seat
        return None, problems
    for check in (_card_problems, _phase_problems, _chip_problems):
        problems.extend(check(state))
    if reachable and not problems:
        problems.extend((v.where, f"{v.detail} ({v.rule})") for v in check_reachable(state))
    return (None, problems) if problems else (state, [])


def state_from_json(data: object, *, reachable: bool = False) -> State:
    """Load a state from its JSON object; with ``reachable``, only one play can produce.

    Raises:
        MalformedInputError: listing every problem, each with its JSON pointer (and, for a
            broken condition of chapter REACH, its ID).
    """
    # The same state is read again and again (the runner reads each state it sends and each
    # one sent back, an adapter each request's, the vector lint each case's for every check:
    # 16,941 reads of 1,523 states in tests/test_vectors.py), and a State is immutable: one
    # read of a text serves every later one. Only values of exact JSON types (plain_json) are
    # keyed by their text, which then says the value, so a tuple never passes for a list; a
    # value no JSON document could hold (too deep to write, say) is refused before.
    problems = value_problems(data)
    if problems:
        raise MalformedInputError("state", problems)
    key = json.dumps(data, sort_keys=True, separators=(",", ":")) if plain_json(data) else None
    if key is not None and (found := _READ.get((key, reachable))) is not None:
        return found
    state, problems = _read(data, reachable)
    if state is None:
        raise MalformedInputError("state", problems)
    if key is not None:
        if len(_READ) >= READ_STATES:
            _READ.clear()  # one step, safe beside the runner's other threads
        _READ[key, reachable] = state
    return state


READ_STATES = 4096
_READ: dict[tuple[str, bool], State] = {}
"""The states read lately, by their JSON text and whether they were checked reachable."""
