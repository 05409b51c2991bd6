"""SCP 2 adapter for dannunan/scout-game (Rust, src/lib.rs), a translator only.

Run: python3 dannunan_scout_game.py DRIVER (or DRIVER in $DANNUNAN_DRIVER), where DRIVER is the
binary built from dannunan_driver/ (see its README: it compiles the engine's src/lib.rs in
unchanged). Every answer comes from the engine's own code through the driver: GameState::new
deals (a given deck through the rand stand-in's planned shuffle, or the engine's own seeded
shuffle), get_valid_actions lists the moves and decides rejections (the engine's own gate in
get_player_action), take_action makes a move and ends the round (its scores are the round's).

Translation: cards are the engine's numbers 0-9 plus 1, the first of a card's two numbers is
the one on top; seats are the engine's player indexes. The engine keeps one score per player,
its captured cards and chips together: the adapter splits each change by the move that made it
(a show's gain is the set it beat, named from the state; a scout's gain is a chip) and gives
the engine each seat's captured cards plus chips. The engine's owner before the first show is
its active_owner, 0 (an SCP owner of null is given to it as 0). The engine has one round (its
game is over when the round ends: phase round_over here), no rotation decision, no reasons, no
winners and no scoring apart from the move that ends the round, so the hello leaves out
rotation, rounds, reasons and winners, and the kind score.
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

from _scp import (
    Message,
    Rejected,
    ScoutPart,
    ShowPart,
    card_pair,
    identity,
    parse_move,
    scout_text,
    serve,
    show_text,
    sorted_identities,
)

DRIVER = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("DANNUNAN_DRIVER", "")
if not os.path.isfile(DRIVER):
    sys.exit("error: give the driver binary as the first argument or in $DANNUNAN_DRIVER")
ENGINE = subprocess.Popen([DRIVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

HELLO: Message = {
    "type": "hello",
    "protocol": 2,
    "name": "dannunan/scout-game",
    "language": "rust",
    "version": "009e1f24",
    "capabilities": {
        "kinds": ["deal", "legal", "apply"],
        "players": [3, 4, 5],
        "variants": False,
        "features": ["owner_exemption", "deal_random"],
    },
}


def ask(line: str) -> tuple[str, list[str]]:
    assert ENGINE.stdin is not None
    assert ENGINE.stdout is not None
    ENGINE.stdin.write(line + "\n")
    ENGINE.stdin.flush()
    word, _, rest = ENGINE.stdout.readline().strip().partition(" ")
    if word == "error" or not word:
        raise RuntimeError(rest or "the driver stopped")
    return word, rest.split()


def to_cards(cards: list[str]) -> str:
    if not cards:
        return "-"
    return ",".join("{}/{}".format(*(x - 1 for x in card_pair(c))) for c in cards)


def from_cards(text: str) -> list[str]:
    if text == "-":
        return []
    return ["{}/{}".format(*(int(x) + 1 for x in c.split("/"))) for c in text.split(",")]


def engine_scores(state: Message) -> list[int]:
    return [
        len(c) + chips for c, chips in zip(state["captured"], state["scout_chips"], strict=True)
    ]


def to_engine(state: Message) -> str:
    n = state["players"]
    owner = 0 if state["owner"] is None else state["owner"]  # GameState::new's active_owner
    words = [
        str(n),
        str(state["turn"]),
        str(owner),
        ",".join("1" if a else "0" for a in state["scout_show_available"]),
        ",".join(str(s) for s in engine_scores(state)),
        to_cards(state["active_set"]),
        *(to_cards(h) for h in state["hands"]),
    ]
    return " ".join(words)


def read_engine(words: list[str]) -> Message:
    n = int(words[0])
    return {
        "players": n,
        "turn": int(words[1]),
        "owner": int(words[2]),
        "scout_show_available": [w == "1" for w in words[3].split(",")],
        "scores": [int(w) for w in words[4].split(",")],
        "active_set": from_cards(words[5]),
        "hands": [from_cards(w) for w in words[6 : 6 + n]],
    }


def move_text(action: str) -> str:
    kind, *rest = action.split(":")
    nums = [int(x) for x in rest]
    if kind == "scout":
        return scout_text(nums[0] == 1, nums[1] == 1, nums[2])
    if kind == "show":
        return show_text(nums[0], nums[1])
    return f"{scout_text(nums[0] == 1, nums[1] == 1, nums[2])} + {show_text(nums[3], nums[4])}"


def action_text(parsed: Any) -> str:
    def scout(p: ScoutPart) -> str:
        return f"{int(p.left)}:{int(p.rotated)}:{p.slot}"

    if isinstance(parsed, ScoutPart):
        return f"scout:{scout(parsed)}"
    if isinstance(parsed, ShowPart):
        return f"show:{parsed.first}:{parsed.last}"
    if isinstance(parsed, tuple):
        return f"sns:{scout(parsed[0])}:{parsed[1].first}:{parsed[1].last}"
    raise Rejected(f"the engine has no move {parsed!r} (no rotation decision)")


def legal(request: Message) -> Message:
    state = request["state"]
    if state["phase"] != "play":  # the engine's game is over when its round ends
        return {"moves": []}
    _, actions = ask(f"legal {to_engine(state)}")
    return {"moves": [move_text(a) for a in actions]}


def apply(request: Message) -> Message:
    state = request["state"]
    if state["phase"] != "play":
        raise Rejected("the engine's game is over when its round ends")
    parsed = parse_move(request["move"])
    word, rest = ask(f"apply {action_text(parsed)} {to_engine(state)}")
    if word == "rejected":
        raise Rejected("not among get_valid_actions")
    over = word == "over"
    totals = [int(x) for x in rest[0].split(",")] if over else None
    engine = read_engine(rest[1:] if over else rest)
    mover = state["turn"]
    captured = [list(row) for row in state["captured"]]
    chips = list(state["scout_chips"])
    gains = [a - b for a, b in zip(engine["scores"], engine_scores(state), strict=True)]
    # a show's gain is the set it beat (a Scout & Show is never made: get_valid_actions has none)
    beaten = (
        [identity(*card_pair(c)) for c in state["active_set"]]
        if isinstance(parsed, ShowPart)
        else []
    )
    if beaten:
        if gains[mover] < len(beaten):
            raise RuntimeError(f"the engine gave {gains[mover]} points for beating {beaten}")
        captured[mover] = sorted_identities(captured[mover] + beaten)
        gains[mover] -= len(beaten)
    chips = [c + g for c, g in zip(chips, gains, strict=True)]
    after = dict(
        state,
        hands=engine["hands"],
        active_set=engine["active_set"],
        owner=engine["owner"],
        captured=captured,
        scout_chips=chips,
        scout_show_available=engine["scout_show_available"],
        turn=engine["turn"],
    )
    if totals is not None:
        after.update(
            phase="round_over",
            turn=None,
            round_end="empty_hand" if not engine["hands"][mover] else "unbeaten",
            scores=[s + t for s, t in zip(state["scores"], totals, strict=True)],
        )
    return {"state": after}


def _dealt(rules: Message, words: list[str]) -> Message:
    engine = read_engine(words)
    n = engine["players"]
    return {
        "players": n,
        "rules": rules,
        "round": 1,
        "start_player": 0,
        "phase": "play",
        "turn": engine["turn"],
        "hands": engine["hands"],
        "active_set": engine["active_set"],
        "owner": engine["owner"],
        "captured": [[] for _ in range(n)],
        "scout_chips": [0] * n,
        "scout_show_available": engine["scout_show_available"],
        "scores": [0] * n,
        "round_end": None,
        "set_aside": [],
    }


def _new_game(given: Message) -> Message:
    if "state" in given:
        raise RuntimeError("the engine plays one round: its game is over when the round ends")
    return given


def deal(request: Message) -> Message:
    given = _new_game(request["input"])
    _, words = ask(f"deal {given['players']} {to_cards(given['deck'])}")
    return {"state": _dealt(given["rules"], words)}


def deal_random(request: Message) -> Message:
    given = _new_game(request["input"])
    _, words = ask(f"deal_random {given['players']} {int(request['seed']) % 2**64}")
    return {"state": _dealt(given["rules"], words)}


if __name__ == "__main__":
    serve(HELLO, {"deal": deal, "deal_random": deal_random, "legal": legal, "apply": apply})
