"""SCP 2 adapter for TangXmmm/scout-game (game/ScoutGame.js), a translator only.

Run: python3 tangxmmm_scout_game.py SOURCES (or SOURCES in $TANGXMMM_SCOUT_GAME), where SOURCES
holds game/ScoutGame.js and game/CardDeck.js; node must be on the PATH. Every answer comes from
the engine's own code through tangxmmm_driver.js: its methods show, scout and scoutAndShow decide
rejections (a move is refused when the method answers success false, or fails), the legal list
is every spelled move the engine accepts, flipPlayerHand / confirmFlip the rotation, its hand
size the deal, its endRound the scores. Translation: seat s is the player id "p<s>"; the
engine's count of scouts since the last show is the number of seats between the owner and the
player to act; the type of the active set is the engine's getPlayType of its cards; the engine
counts captured cards only, so the adapter names them (the cards of the set the show beat).
Divergence it cannot express: a run scouted down to one card keeps the type "sequence" inside
the engine, which no SCP state carries.
"""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any

from _scp import (
    Message,
    Rejected,
    ScoutPart,
    ShowPart,
    card_pair,
    engine_path,
    identity,
    parse_move,
    serve,
    sorted_identities,
)

SOURCES = engine_path("TANGXMMM_SCOUT_GAME")
DRIVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tangxmmm_driver.js")
NODE = subprocess.Popen(
    ["node", DRIVER, SOURCES], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
)

HELLO: Message = {
    "type": "hello",
    "protocol": 2,
    "name": "TangXmmm/scout-game",
    "language": "javascript",
    "version": "057b9e2d",
    "capabilities": {
        "kinds": ["deal", "legal", "apply", "score"],
        "players": [3, 4, 5],
        "variants": False,
        "features": ["owner_exemption", "rotation", "rounds", "deal_random"],
    },
}

PHASES = {"flip_phase": "rotation", "playing": "play", "round_end": "round_over"}
ENDS = {"empty_hand": "empty_hand", "all_scout": "unbeaten"}


def ask(request: Message) -> Any:
    assert NODE.stdin is not None
    assert NODE.stdout is not None
    NODE.stdin.write(json.dumps(request) + "\n")
    NODE.stdin.flush()
    reply = json.loads(NODE.stdout.readline())
    if "error" in reply:
        raise RuntimeError(reply["error"])
    return reply


def pid(seat: int) -> str:
    return f"p{seat}"


def to_card(text: str, index: int) -> Message:
    up, down = card_pair(text)
    low, high = min(up, down), max(up, down)
    return {"id": index, "top": low, "bottom": high, "face": "top" if up == low else "bottom"}


def from_card(card: Message) -> str:
    up, down = (
        (card["top"], card["bottom"]) if card["face"] == "top" else (card["bottom"], card["top"])
    )
    return f"{up}/{down}"


def fields(state: Message) -> Message:
    """The engine's ScoutGame properties for an SCP state."""
    n, start = state["players"], state["start_player"]
    turn = state["turn"] if state["turn"] is not None else start
    owner = state["owner"] if state["active_set"] else None  # the engine forgets it on empty
    phase = state["phase"]
    decided = (turn - start) % n if phase == "rotation" else n
    ids = [pid(s) for s in range(n)]
    return {
        "players": [{"id": i, "name": i} for i in ids],
        "playerCount": n,
        "state": {"rotation": "flip_phase", "play": "playing"}.get(phase, "round_end"),
        "totalScores": dict(zip(ids, state["scores"], strict=True)),
        "roundNumber": state["round"],
        "startPlayerIndex": start,
        "hands": {
            ids[s]: [to_card(c, k) for k, c in enumerate(state["hands"][s])] for s in range(n)
        },
        "flipConfirmed": {ids[s]: (s - start) % n < decided for s in range(n)},
        "stage": [to_card(c, k) for k, c in enumerate(state["active_set"])],
        "stageOwner": None if owner is None else pid(owner),
        "stageType": "derive",
        "currentPlayerIndex": start if phase == "rotation" else turn,  # startNewRound
        "consecutiveScouts": 0 if owner is None else (turn - owner - 1) % n,
        "roundOver": False,
        "roundWinner": None,
        "scoutTokens": dict(zip(ids, state["scout_chips"], strict=True)),
        "scoreCards": {ids[s]: len(state["captured"][s]) for s in range(n)},
        "usedScoutAndShow": {ids[s]: not state["scout_show_available"][s] for s in range(n)},
        "pendingScoutAndShow": None,
    }


def calls(state: Message, parsed: Any) -> list[list[Any]]:
    me = pid(state["turn"] if state["turn"] is not None else state["start_player"])
    if parsed == "keep":
        return [["confirmFlip", me]]
    if parsed == "flip":
        return [["flipPlayerHand", me], ["confirmFlip", me]]

    def end(p: ScoutPart) -> str:
        return "left" if p.left else "right"

    def indices(p: ShowPart) -> list[int]:
        return list(range(p.first, p.last + 1))

    if isinstance(parsed, ScoutPart):
        return [["scout", me, end(parsed), parsed.slot, parsed.rotated]]
    if isinstance(parsed, ShowPart):
        return [["show", me, indices(parsed)]]
    scout, show = parsed
    return [["scoutAndShow", me, end(scout), scout.slot, indices(show), scout.rotated]]


def candidates(state: Message) -> list[str]:
    """Every spelling of a move in this position (SC-NOTE-02..04); the engine picks."""
    size = len(state["hands"][state["turn"]])
    shows = [f"show {i}-{j}" for i in range(size) for j in range(i, size)]
    after = [f"show {i}-{j}" for i in range(size + 1) for j in range(i, size + 1)]
    scouts = [f"scout {e}{r} @{k}" for e in "LR" for r in ("", "~") for k in range(size + 1)]
    return shows + scouts + [f"{a} + {b}" for a in scouts for b in after]


def legal(request: Message) -> Message:
    state = request["state"]
    if state["phase"] == "rotation":
        return {"moves": ["keep", "flip"]}
    if state["phase"] != "play":
        return {"moves": []}
    texts = candidates(state)
    tries = [calls(state, parse_move(t))[0] for t in texts]
    ok = ask({"op": "try", "game": fields(state), "calls": tries})["ok"]
    return {"moves": [t for t, good in zip(texts, ok, strict=True) if good]}


def apply(request: Message) -> Message:
    state = request["state"]
    parsed = parse_move(request["move"])
    try:
        answer = ask({"op": "run", "game": fields(state), "calls": calls(state, parsed)})
    except RuntimeError as exc:  # the engine's method failed (a TypeError): the move is not made
        raise Rejected(f"the engine fails: {exc}") from exc
    last = answer["results"][-1]
    if not all(r.get("success") for r in answer["results"]):
        raise Rejected(last.get("message", "refused"))
    return {"state": _after(state, parsed, answer["game"], last)}


def _beaten(state: Message, parsed: Any) -> list[str]:
    """The cards of the set a show beats: the active set, less a Scout & Show's scouted card."""
    table = list(state["active_set"])
    if isinstance(parsed, tuple):
        table = table[1:] if parsed[0].left else table[:-1]
    elif not isinstance(parsed, ShowPart):
        return []
    return [identity(*card_pair(c)) for c in table]


def _after(state: Message, parsed: Any, game: Message, last: Message) -> Message:
    n = state["players"]
    ids = [pid(s) for s in range(n)]
    mover = state["turn"]
    captured = [list(row) for row in state["captured"]]
    gained = game["scoreCards"][ids[mover]] - len(captured[mover]) if mover is not None else 0
    if gained:
        beaten = _beaten(state, parsed)
        if len(beaten) != gained:
            raise RuntimeError(f"the engine captured {gained} cards, the set beaten has {beaten}")
        captured[mover] = sorted_identities(captured[mover] + beaten)
    owner = game["stageOwner"]
    after = dict(
        state,
        hands=[[from_card(c) for c in game["hands"][i]] for i in ids],
        active_set=[from_card(c) for c in game["stage"]],
        owner=None if owner is None else ids.index(owner),
        captured=captured,
        scout_chips=[game["scoutTokens"][i] for i in ids],
        scout_show_available=[not game["usedScoutAndShow"][i] for i in ids],
        phase=PHASES.get(game["state"], "game_over"),
        turn=game["currentPlayerIndex"],
    )
    if after["phase"] == "rotation":  # the decisions are recorded in seat order (SC-ORIENT-01)
        after["turn"] = (mover + 1) % n
    if last.get("action") == "round_end":
        after.update(
            turn=None,
            round_end=ENDS[last["winnerType"]],
            scores=[game["totalScores"][i] for i in ids],
        )
    return after


def _fresh(rules: Message, round_: int, start: int, hands: list[list[str]], scores: list[int]):
    players = len(hands)
    return {
        "players": players,
        "rules": rules,
        "round": round_,
        "start_player": start,
        "phase": "rotation",
        "turn": start,
        "hands": hands,
        "active_set": [],
        "owner": None,
        "captured": [[] for _ in range(players)],
        "scout_chips": [0] * players,
        "scout_show_available": [True] * players,
        "scores": scores,
        "round_end": None,
        "set_aside": [],
    }


def _deal(given: Message, hands_of: Any) -> Message:
    if "state" in given:
        state = given["state"]
        n = state["players"]
        if state["phase"] != "round_over":
            raise ValueError(
                "the game is over" if state["phase"] == "game_over" else "the round is not over"
            )
        start = (state["start_player"] + 1) % n  # endRound: startPlayerIndex + 1
        return _fresh(
            state["rules"], state["round"] + 1, start, hands_of(n, given), list(state["scores"])
        )
    n = given["players"]
    return _fresh(given["rules"], 1, 0, hands_of(n, given), [0] * n)


def deal(request: Message) -> Message:
    def hands_of(n: int, given: Message) -> list[list[str]]:
        size = ask({"op": "hand_size", "players": n})["value"]
        deck = list(given["deck"])  # startNewRound: deck.slice(i * handSize, (i + 1) * handSize)
        return [deck[i * size : (i + 1) * size] for i in range(n)]

    return {"state": _deal(request["input"], hands_of)}


def deal_random(request: Message) -> Message:
    def hands_of(n: int, _given: Message) -> list[list[str]]:
        game = ask({"op": "new_game", "players": n, "seed": request["seed"]})["game"]
        return [[from_card(c) for c in game["hands"][pid(s)]] for s in range(n)]

    return {"state": _deal(request["input"], hands_of)}


def score(request: Message) -> Message:
    state = request["state"]
    n = state["players"]
    ids = [pid(s) for s in range(n)]
    # who ended the round (endRound's winnerId): the emptied hand's seat, or the unbeaten owner
    empty = [s for s in range(n) if not state["hands"][s]]
    unbeaten = state["round_end"] != "empty_hand" or not empty
    winner = state["owner"] if unbeaten else empty[0]
    game = dict(fields(state), totalScores=dict.fromkeys(ids, 0))
    end = ask({"op": "run", "game": game, "calls": [["endRound", pid(winner), "x"]]})
    round_scores = end["results"][0]["roundScores"]
    rows = [
        {
            "seat": s,
            "captured": len(state["captured"][s]),
            "chips": state["scout_chips"][s],
            "hand_penalty": 0 if s == winner else len(state["hands"][s]),
            # endRound's own account: condition i's winner has no card to charge; condition
            # ii's keeps cards "but is not charged for them": only that is an exemption
            "exempt": s == winner and unbeaten,
            "total": round_scores[ids[s]],
        }
        for s in range(n)
    ]
    return {"round_scores": rows, "totals": list(state["scores"])}


if __name__ == "__main__":
    serve(
        HELLO,
        {"deal": deal, "deal_random": deal_random, "legal": legal, "apply": apply, "score": score},
    )
