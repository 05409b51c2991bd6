"""Witness games for the rulebook's hand-built examples, constructed by play (issue 19).

A ``scout-example`` with ``:hands:`` needs a stored witness (``spec/witnesses/<digest>.json``)
that ends exactly at the position its options build. This module builds such a position by
playing a game, then prints the options that name it exactly and stores its witness:

* :func:`facing` is :func:`~.cases._played.face_by_play` (one seat to act with a given hand,
  facing a given active set), with the rules switches of the example. Under
  ``scouting=forced`` the game is built under the official rules and replayed under the
  example's: it is a witness when each of its scouts was forced (SC-VAR-03), which the replay
  checks move by move;
* :func:`played` plays a deal (deck order) and moves written by hand;
* :func:`example_options` gives the ``:hands:``, ``:captured:``, ``:chips:``, ... lines,
  :func:`rebuilt` checks that the docs build makes the same position of them, and
  :func:`store` writes the witness.

Run ``python -m scout_ref.conformance.vectors.example_witness PLAYERS --active CARDS --hand CARDS
--seat S --owner O [--rules KEY=VALUE ...] [--store]`` to build a facing position, or with
``--deck CARDS --moves MOVES`` to play a game written by hand.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from scout_ref.conformance.cases._by_hand import deal_by_seat
from scout_ref.conformance.cases._played import PLAYED, Played, face_by_play
from scout_ref.conformance.vectors.witnesses import witness_steps
from scout_ref.engine.components import OrientedCard, oriented
from scout_ref.engine.notation import Move, parse_move
from scout_ref.engine.setup import cards_in_play, new_game
from scout_ref.engine.state import State
from scout_ref.engine.turn import apply_move, check_move
from scout_ref.engine.variants import Rules
from scout_ref.errors import MalformedInputError, ScoutError
from scout_ref.formats.position import build_reachable_state
from scout_ref.formats.witness_store import document_text, steps_document, witness_path
from scout_ref.util.atomic import write_atomic


def cards(text: str) -> tuple[OrientedCard, ...]:
    """Cards written ``top/bottom``, separated by spaces."""
    return tuple(oriented(*map(int, t.split("/"))) for t in text.split())


def complete_deck(players: int, dealt: Sequence[OrientedCard]) -> tuple[OrientedCard, ...]:
    """``dealt`` followed by the other cards in play, sorted, each with its lower number on top
    (with 2 players, the cards set aside for the second round)."""
    named = {c.card for c in dealt}
    rest = sorted(set(cards_in_play(players)) - named)
    return (*dealt, *(oriented(c.low, c.high) for c in rest))


def deal(players: int, text: str) -> tuple[OrientedCard, ...]:
    """The deck of a game by hand. Without ``|``: the cards dealt in deal order, then the rest
    (:func:`complete_deck`). With ``|``: each seat's first cards, in order; each hand is then
    filled up with the other cards, sorted."""
    if "|" not in text:
        return complete_deck(players, cards(text))
    return deal_by_seat(players, text)


def played(
    players: int, deck: Sequence[OrientedCard], moves: Sequence[Move], rules: Rules
) -> State:
    """The state a deal and moves reach; each move must be legal (ScoutError otherwise)."""
    state = new_game(players, tuple(deck), rules)
    for move in moves:
        rejection = check_move(state, move)
        if rejection is not None:
            raise ScoutError(f"{move}: {rejection}")
        state = apply_move(state, move)
    return state


def facing(
    players: int,
    active_set: Sequence[OrientedCard],
    hand: Sequence[OrientedCard],
    *,
    seat: int,
    owner: int,
    rules: Rules,
) -> tuple[State, Played] | None:
    """A position where ``seat`` holds ``hand`` and faces ``owner``'s ``active_set``, with the
    game that reaches it under ``rules``; None if the construction does not reach it."""
    built = face_by_play(
        players, tuple(active_set), tuple(hand), seat=seat, owner=owner, rules=None
    )
    if built is None:
        return None
    game = PLAYED[built]
    try:
        state = played(players, game.deck, game.moves, rules)
    except ScoutError:
        return None  # a scout of the game was not forced
    return state, game


def _row(hand: Sequence[OrientedCard]) -> str:
    return " ".join(str(c) for c in hand)


def _pile(pile: Sequence[object]) -> str:
    return " ".join(sorted((str(c) for c in pile), key=lambda t: tuple(map(int, t.split("-")))))


def example_options(state: State) -> str:
    """The options of a ``scout-example`` that name ``state`` exactly (round 1, play phase)."""
    lines = [
        f":players: {state.players}",
        ":hands: " + " | ".join(_row(h) for h in state.hands),
        ":captured: " + " | ".join(_pile(p) for p in state.captured),
        ":chips: " + " ".join(map(str, state.scout_chips)),
        ":active-set: " + _row(state.active_set),
        f":owner: {state.owner}",
        f":turn: {state.turn}",
    ]
    if state.players > 2 and not all(state.scout_show_available):
        lines.append(
            ":scout-show: " + " ".join("yes" if a else "no" for a in state.scout_show_available)
        )
    return "\n".join(lines)


def rebuilt(options: str, rules: Rules) -> State:
    """The position the docs build makes of ``options`` (:func:`example_options`'s lines), by
    :func:`~scout_ref.formats.position.build_reachable_state` as ``scout-example`` does."""
    fields = {}
    for line in options.splitlines():
        key, _, value = line.strip().removeprefix(":").partition(":")
        fields[key] = value.strip()
    available = fields.get("scout-show")
    return build_reachable_state(
        int(fields["players"]),
        [h.strip() for h in fields["hands"].split("|")],
        active_set=fields.get("active-set", ""),
        owner=int(fields["owner"]),
        turn=int(fields["turn"]),
        rules=rules,
        captured=[p.strip() for p in fields["captured"].split("|")],
        scout_chips=[int(x) for x in fields["chips"].split()],
        scout_show_available=None if available is None else [w == "yes" for w in available.split()],
    )


def store(state: State, game: Played, folder: Path | None = None) -> Path:
    """Write the witness of ``state`` (its game, every round of it) under ``spec/witnesses``, or
    ``folder``."""
    path = witness_path(state, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, document_text(steps_document(witness_steps(state, game), state)), "--store")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """Build a position by play, print its example options, optionally store its witness."""
    parser = argparse.ArgumentParser(prog="python -m scout_ref.conformance.vectors.example_witness")
    parser.add_argument("players", type=int)
    parser.add_argument("--rules", nargs="*", default=[], help="switches, e.g. scouting=forced")
    parser.add_argument("--active", default="", help="facing: the active set")
    parser.add_argument("--hand", default="", help="facing: the hand of the seat to act")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--owner", type=int, default=1)
    parser.add_argument(
        "--deck",
        help="a game by hand: the cards dealt, in order, or each seat's first cards "
        "separated by '|' (the rest follow, sorted)",
    )
    parser.add_argument("--moves", help="a game by hand: the moves, separated by ';'")
    parser.add_argument("--store", action="store_true", help="store the witness")
    args = parser.parse_args(argv)
    try:
        rules = Rules.parse(" ".join(args.rules))
    except MalformedInputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.deck is not None:
        deck = deal(args.players, args.deck)
        moves = tuple(parse_move(m.strip()) for m in (args.moves or "").split(";") if m.strip())
        try:
            state = played(args.players, deck, moves, rules)
        except ScoutError as exc:
            print(f"not a game: {exc}", file=sys.stderr)
            return 1
        game = Played(deck, moves)
    else:
        found = facing(
            args.players,
            cards(args.active),
            cards(args.hand),
            seat=args.seat,
            owner=args.owner,
            rules=rules,
        )
        if found is None:
            print("the construction does not reach this position", file=sys.stderr)
            return 1
        state, game = found
    options = example_options(state)
    if rebuilt(options, rules) != state:
        print("the example's options would build another position", file=sys.stderr)
        return 1
    print(options)
    if args.store:
        print(f"stored {store(state, game)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
