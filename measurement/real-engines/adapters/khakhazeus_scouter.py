"""SCP 2 adapter for KHAKhazeus/Scouter (scouter.env.scout_env.ScoutEnv), a translator only.

Run: python khakhazeus_scouter.py SOURCES (or SOURCES in $KHAKHAZEUS_SCOUTER),
with numpy, gymnasium and pettingzoo installed; SOURCES holds scouter/. Every answer comes from the
engine: its action mask decides legality, ScoutEnv.step makes moves (round ends and the next
round's deal included), compute_round_scores scores, and its shuffle deals (a given deck stands
in for the shuffle's outcome).
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

sys.path.insert(0, engine_path("KHAKHAZEUS_SCOUTER"))
import warnings

warnings.simplefilter("ignore")
from scouter.env import game_logic as logic  # noqa: E402
from scouter.env import scout_env as engine  # noqa: E402
from scouter.env.card import Card  # noqa: E402

AGENTS = engine.AGENTS
HELLO: Message = {
    "type": "hello",
    "protocol": 2,
    "name": "KHAKhazeus/Scouter",
    "language": "python",
    "version": "79d395c8",
    "capabilities": {
        "kinds": ["deal", "legal", "apply", "score"],
        "players": [2],
        "variants": False,
        "features": [
            "winners",
            "owner_exemption",
            "two_player_rules",
            "rotation",
            "rounds",
            "deal_random",
        ],
    },
}


def to_card(text: str) -> Any:
    top, bottom = card_pair(text)
    return Card(min(top, bottom), max(top, bottom), flipped=top > bottom)


def from_card(card: Any) -> str:
    return oriented(card.value, card.other_value)


def _select(env: Any, order: list[str], seat: int) -> None:
    env.agents = list(order)
    env._agent_selector = engine.agent_selector.agent_selector(env.agents)
    env.agent_selection = env._agent_selector.next()
    while env.agent_selection != AGENTS[seat]:
        env.agent_selection = env._agent_selector.next()


def build(state: Message) -> Any:
    env = engine.ScoutEnv()
    env.reset(seed=0)
    env._round = state["round"] - 1
    order = list(AGENTS) if env._round == 0 else list(reversed(AGENTS))  # _end_round reverses
    _select(env, order, state["turn"] if state["turn"] is not None else state["start_player"])
    env._hands = {AGENTS[s]: [to_card(c) for c in state["hands"][s]] for s in range(2)}
    env._active_set = [to_card(c) for c in state["active_set"]]
    env._active_owner = None if state["owner"] is None else AGENTS[state["owner"]]
    env._chips = {AGENTS[s]: state["scout_chips"][s] for s in range(2)}
    env._collected = {AGENTS[s]: len(state["captured"][s]) for s in range(2)}
    env._collected_cards = {
        AGENTS[s]: [tuple(int(x) for x in c.split("-")) for c in state["captured"][s]]
        for s in range(2)
    }
    env._cumulative_scores = {AGENTS[s]: state["scores"][s] for s in range(2)}
    pending = set()
    if state["phase"] == "rotation":  # the seats from the one to act up to the start player
        pending = {state["turn"]} if state["turn"] != state["start_player"] else {0, 1}
    env._pre_round_phase = {AGENTS[s]: s in pending for s in range(2)}
    return env


def action_text(action: int) -> str:
    if logic.is_orientation_action(action):
        return "flip" if logic.decode_orientation(action) else "keep"
    if logic.is_show_action(action):
        return show_text(*logic.decode_show(action))
    side, flip, slot = logic.decode_scout(action)
    return scout_text(side == 0, bool(flip), slot)


def action_of(parsed: Any) -> int:
    if parsed == "keep":
        return logic.ORIENT_KEEP
    if parsed == "flip":
        return logic.ORIENT_FLIP
    if isinstance(parsed, ShowPart) and 0 <= parsed.first <= parsed.last < logic.MAX_HAND:
        return logic.encode_show(parsed.first, parsed.last)
    if isinstance(parsed, ScoutPart) and 0 <= parsed.slot <= logic.MAX_HAND:
        return logic.encode_scout(0 if parsed.left else 1, int(parsed.rotated), parsed.slot)
    raise Rejected("the engine has no such action")  # Scout & Show, or out of its action space


def legal(request: Message) -> Message:
    state = request["state"]
    if state["phase"] not in ("rotation", "play"):
        return {"moves": []}
    env = build(state)
    mask = env._build_action_mask(env.agent_selection)
    return {"moves": [action_text(a) for a in range(logic.MAX_ACTIONS) if mask[a]]}


def apply(request: Message) -> Message:
    state = request["state"]
    if state["phase"] not in ("rotation", "play"):
        raise Rejected("the round is over")
    env = build(state)
    action = action_of(parse_move(request["move"]))
    if not env._build_action_mask(env.agent_selection)[action]:
        raise Rejected("the engine's action mask refuses it")
    env._start_round = lambda: None  # a round's end is reported before the next deal
    env.step(action)
    return {"state": _read(state, env)}


def _read(state: Message, env: Any) -> Message:
    after = dict(
        state,
        hands=[[from_card(c) for c in env._hands[a]] for a in AGENTS],
        active_set=[from_card(c) for c in env._active_set],
        owner=None if env._active_owner is None else AGENTS.index(env._active_owner),
        captured=[
            sorted_identities([identity(*c) for c in env._collected_cards[a]]) for a in AGENTS
        ],
        scout_chips=[env._chips[a] for a in AGENTS],
        scores=[env._cumulative_scores[a] for a in AGENTS],
    )
    if env._round != state["round"] - 1:  # the engine ended the round
        after.update(
            phase="game_over" if env._round >= env._num_rounds else "round_over",
            turn=None,
            round_end="empty_hand"
            if env._round_end_reason.endswith("played all their cards")
            else "unbeaten",
        )
        return after
    seat = AGENTS.index(env.agent_selection)
    after.update(turn=seat, phase="rotation" if env._pre_round_phase[AGENTS[seat]] else "play")
    return after


def _dealt(
    env: Any, shuffled: list[Any], rules: Message, round_: int, scores: list[int]
) -> Message:
    start = AGENTS.index(env.agent_selection)
    return {
        "players": 2,
        "rules": rules,
        "round": round_,
        "start_player": start,
        "phase": "rotation",
        "turn": start,
        "hands": [[from_card(c) for c in env._hands[a]] for a in AGENTS],
        "active_set": [],
        "owner": None,
        "captured": [[], []],
        "scout_chips": [env._chips[a] for a in AGENTS],
        "scout_show_available": [False, False],
        "scores": scores,
        "round_end": None,
        "set_aside": [from_card(c) for c in shuffled[22:44]] if round_ == 1 else [],
    }


def _deal(given: Message, shuffle: Any) -> Message:
    """Run the engine's deal, its random.shuffle replaced by ``shuffle`` (the deck recorded)."""
    seen: list[Any] = []

    def recording(deck: list[Any]) -> None:
        shuffle(deck)
        seen[:] = deck

    real, random.shuffle = random.shuffle, recording
    try:
        if "state" in given:
            state = given["state"]
            if state["phase"] != "round_over":
                raise ValueError(
                    "the game is over" if state["phase"] == "game_over" else "the round is not over"
                )
            env = build(dict(state, phase="play", turn=0))
            env._round = state["round"]
            env.agents = list(reversed(env.possible_agents))  # as _end_round does
            env._start_round()
            return _dealt(env, seen, state["rules"], state["round"] + 1, list(state["scores"]))
        env = engine.ScoutEnv()
        env.reset()
        return _dealt(env, seen, given["rules"], 1, [0, 0])
    finally:
        random.shuffle = real


def deal(request: Message) -> Message:
    given = request["input"]

    def outcome(deck: list[Any]) -> None:  # the given deck is the shuffle's outcome
        if "state" in given:  # round 2: the set-aside cards are the half it deals
            aside = (
                [to_card(c) for c in given["state"]["set_aside"]]
                if given["deck"] is None
                else [to_card(c) for c in given["deck"]]
            )
            rest = [c for c in deck if (c.a, c.b) not in {(x.a, x.b) for x in aside}]
            deck[:] = rest + aside
        else:
            deck[:] = [to_card(c) for c in given["deck"]]

    return {"state": _deal(given, outcome)}


def deal_random(request: Message) -> Message:
    real = random.shuffle
    random.seed(request["seed"])
    return {"state": _deal(request["input"], real)}


def score(request: Message) -> Message:
    state = request["state"]
    ender = None
    if state["round_end"] == "unbeaten" and state["owner"] is not None:
        ender = AGENTS[state["owner"]]
    elif state["round_end"] == "empty_hand":
        ender = next((AGENTS[s] for s in range(2) if not state["hands"][s]), None)
    env = build(dict(state, phase="play", turn=0))
    totals = logic.compute_round_scores(env._collected, env._hands, env._chips, ender)
    rows = [
        {
            "seat": s,
            "captured": len(state["captured"][s]),
            "chips": state["scout_chips"][s],
            "hand_penalty": 0 if AGENTS[s] == ender else len(state["hands"][s]),
            "exempt": AGENTS[s] == ender,
            "total": totals[AGENTS[s]],
        }
        for s in range(2)
    ]
    cumulative = {AGENTS[s]: state["scores"][s] for s in range(2)}
    winner = max(cumulative, key=lambda a: cumulative[a])  # as _end_round picks it
    return {
        "round_scores": rows,
        "totals": list(state["scores"]),
        "winners": [AGENTS.index(winner)],
    }


if __name__ == "__main__":
    serve(
        HELLO,
        {"deal": deal, "deal_random": deal_random, "legal": legal, "apply": apply, "score": score},
    )
