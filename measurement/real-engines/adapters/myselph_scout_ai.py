"""SCP 2 adapter for myselph/scout-ai (scout_engine.game_state), a translator only.

Run: python3.12+ myselph_scout_ai.py SOURCES  (or SOURCES in $MYSELPH_SCOUT_AI), where SOURCES is
the folder holding scout_engine/. Every answer comes from the engine's own code: GameState.move
for moves (its validity assertion decides rejections), InformationState.possible_moves for
legal lists, maybe_flip_hand for rotation, its deal slicing and random deal, and its running
score (captured + chips - hand) for scores. Divergences it cannot express: the 1000-move cap
(SC-END-06), since a state carries no move count.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from _scp import (
    Message,
    Rejected,
    ScoutPart,
    ShowPart,
    card_pair,
    engine_path,
    identity,
    oriented,
    parse_move,
    scout_text,
    serve,
    show_text,
    sorted_identities,
)

sys.path.insert(0, engine_path("MYSELPH_SCOUT_AI"))
from scout_engine import game_state as engine
from scout_engine.common import RecordedScoutAndShow, RecordedShow, Scout, ScoutAndShow, Show, Util

HELLO: Message = {
    "type": "hello",
    "protocol": 2,
    "name": "myselph/scout-ai",
    "language": "python",
    "version": "875949af",
    "capabilities": {
        "kinds": ["deal", "legal", "apply", "score"],
        "players": [3, 4, 5],
        "variants": False,
        "features": ["owner_exemption", "two_player_rules", "rotation", "rounds", "deal_random"],
    },
}


def build(state: Message) -> Any:
    """The engine's GameState for an SCP state (phase rotation or play)."""
    n = state["players"]
    gs = engine.GameState(n, state["start_player"])
    gs.hands = [[card_pair(c) for c in hand] for hand in state["hands"]]
    gs.table = [card_pair(c) for c in state["active_set"]]
    gs.scores = [
        len(state["captured"][i]) + state["scout_chips"][i] - len(state["hands"][i])
        for i in range(n)
    ]
    gs.can_scout_and_show = list(state["scout_show_available"])
    gs.current_player = state["turn"] if state["turn"] is not None else state["start_player"]
    gs.scout_benefactor = -1 if state["owner"] is None else state["owner"]
    gs.initial_flip_executed = state["phase"] != "rotation"
    return gs


def to_move(parsed: Any) -> Any:
    def scout(p: ScoutPart) -> Scout:
        return Scout(p.left, p.rotated, p.slot)

    def show(p: ShowPart) -> Show:
        return Show(p.first, p.last - p.first + 1)

    if isinstance(parsed, ScoutPart):
        return scout(parsed)
    if isinstance(parsed, ShowPart):
        return show(parsed)
    return ScoutAndShow(scout(parsed[0]), show(parsed[1]))


def to_text(move: Any) -> str:
    if isinstance(move, Scout):
        return scout_text(move.first, move.flip, move.insertPos)
    if isinstance(move, Show):
        return show_text(move.startPos, move.startPos + move.length - 1)
    return f"{to_text(move.scout)} + {to_text(move.show)}"


def legal(request: Message) -> Message:
    state = request["state"]
    if state["phase"] == "rotation":
        return {"moves": ["keep", "flip"]}
    if state["phase"] != "play":
        return {"moves": []}
    moves = build(state).info_state().possible_moves(coalesce=False)
    return {"moves": [to_text(m) for m in moves]}


def apply(request: Message) -> Message:
    state, text = request["state"], request["move"]
    parsed = parse_move(text)
    if state["phase"] == "rotation":
        return {"state": _rotate(state, parsed)}
    if state["phase"] != "play" or isinstance(parsed, str):
        raise Rejected("no such move now")
    gs = build(state)
    move = to_move(parsed)
    hand = gs.hands[gs.current_player]
    if not Util.is_move_valid(hand, gs.table, gs.can_scout_and_show[gs.current_player], move):
        raise Rejected("the engine's validity check refuses it")
    mover = gs.current_player
    gs.move(move)
    return {"state": _after(state, gs, mover)}


def _rotate(state: Message, parsed: Any) -> Message:
    if parsed not in ("keep", "flip"):
        raise Rejected("a rotation decision is due")
    gs = build(state)
    seat = state["turn"]
    gs.maybe_flip_hand(
        [lambda _h, p=p: p == seat and parsed == "flip" for p in range(state["players"])]
    )
    after = dict(state, hands=[[oriented(*c) for c in hand] for hand in gs.hands])
    following = (seat + 1) % state["players"]
    if following == state["start_player"]:
        after.update(phase="play", turn=state["start_player"])
    else:
        after["turn"] = following
    return after


def _after(state: Message, gs: Any, mover: int) -> Message:
    n = state["players"]
    captured = [list(row) for row in state["captured"]]
    recorded = gs.history[-1]
    shown = recorded.show if isinstance(recorded, RecordedScoutAndShow) else recorded
    if isinstance(shown, RecordedShow):
        captured[mover] = sorted_identities(captured[mover] + [identity(*c) for c in shown.removed])
    chips = [gs.scores[i] - len(captured[i]) + len(gs.hands[i]) for i in range(n)]
    after = dict(
        state,
        hands=[[oriented(*c) for c in hand] for hand in gs.hands],
        active_set=[oriented(*c) for c in gs.table],
        owner=None if gs.scout_benefactor < 0 else gs.scout_benefactor,
        captured=captured,
        scout_chips=chips,
        scout_show_available=list(gs.can_scout_and_show),
        turn=gs.current_player,
    )
    if gs.is_finished():
        last = state["round"] == n  # MultiRoundGameState: players - 1 rounds finished before
        after.update(
            phase="game_over" if last else "round_over",
            turn=None,
            round_end={
                engine.FinishedStatus.FINISHED_EMPTY_HANDS: "empty_hand",
                engine.FinishedStatus.FINISHED_TOO_MANY_SCOUTS: "unbeaten",
            }[gs.finished],
            scores=[state["scores"][i] + gs.scores[i] for i in range(n)],
        )
    return after


def _fresh(rules: Message, round_: int, start: int, hands: list[Any], scores: list[int]) -> Message:
    players = len(hands)
    return {
        "players": players,
        "rules": rules,
        "round": round_,
        "start_player": start,
        "phase": "rotation",
        "turn": start,
        "hands": [[oriented(*c) for c in hand] for hand in hands],
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
        start = (state["start_player"] + 1) % n  # MultiRoundGameState.next_round
        return _fresh(
            state["rules"],
            state["round"] + 1,
            start,
            hands_of(n, start, given),
            list(state["scores"]),
        )
    n = given["players"]
    return _fresh(given["rules"], 1, 0, hands_of(n, 0, given), [0] * n)


def deal(request: Message) -> Message:
    def hands_of(n: int, _start: int, given: Message) -> list[Any]:
        per = engine._initial_cards_per_player(n)
        deck = [card_pair(c) for c in given["deck"]]
        return [deck[i * per : (i + 1) * per] for i in range(n)]

    return {"state": _deal(request["input"], hands_of)}


def deal_random(request: Message) -> Message:
    def hands_of(n: int, start: int, _given: Message) -> list[Any]:
        random.seed(request["seed"])
        return engine.GameState(n, start).hands

    return {"state": _deal(request["input"], hands_of)}


def score(request: Message) -> Message:
    state = request["state"]
    rows = []
    for seat in range(state["players"]):
        captured, chips, hand = (
            len(state["captured"][seat]),
            state["scout_chips"][seat],
            len(state["hands"][seat]),
        )
        # The engine's running score is captured + chips - hand, whoever ended the round.
        rows.append(
            {
                "seat": seat,
                "captured": captured,
                "chips": chips,
                "hand_penalty": hand,
                "exempt": False,
                "total": captured + chips - hand,
            }
        )
    return {"round_scores": rows, "totals": list(state["scores"])}


if __name__ == "__main__":
    serve(
        HELLO,
        {"deal": deal, "deal_random": deal_random, "legal": legal, "apply": apply, "score": score},
    )
