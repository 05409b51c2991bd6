"""The documented map from a state's fields to the rules that govern them, by what produced
the state (a deal, a rotation decision, a show, a scout, a Scout & Show), read by the blame
(:mod:`.states`) and by the rules a step uses (:mod:`.uses`)."""

from __future__ import annotations

from typing import Literal

Producer = Literal["deal", "next_round", "keep", "flip", "show", "scout", "scout_show"]
"""What produced a state: a deal (``deal`` for a new game, ``next_round``), or a move's kind."""

FIELD_RULES: dict[Producer, dict[str, tuple[str, ...]]] = {
    "deal": {
        "players": ("SC-GEN-01",),
        "hands": ("SC-SETUP-03",),
        "set_aside": ("SC-SETUP-03",),
        "start_player": ("SC-GAME-02",),
        "turn": ("SC-SETUP-04",),
        "scout_chips": ("SC-SETUP-04",),
        "scout_show_available": ("SC-SETUP-04",),
        "round": ("SC-GAME-01",),
        "scores": ("SC-SCORE-06",),
        "*": ("SC-SETUP-04",),
    },
    "next_round": {
        "hands": ("SC-GAME-03",),
        "set_aside": ("SC-GAME-03",),
        "start_player": ("SC-GAME-02",),
        "turn": ("SC-GAME-02",),
        "round": ("SC-GAME-01",),
        "phase": ("SC-GAME-01",),
        "scores": ("SC-SCORE-06",),
        "scout_chips": ("SC-SETUP-04",),
        "scout_show_available": ("SC-COMP-04",),
        "*": ("SC-SETUP-04",),
    },
    "keep": {"hands": ("SC-ORIENT-01",), "*": ("SC-ORIENT-01",)},
    "flip": {"hands": ("SC-ORIENT-02",), "*": ("SC-ORIENT-01",)},
    "show": {
        "hands": ("SC-SHOW-05",),
        "active_set": ("SC-SHOW-05",),
        "owner": ("SC-SHOW-05",),
        "captured": ("SC-SHOW-04",),
        "turn": ("SC-TURN-01",),
        "scout_show_available": ("SC-SNS-01",),
        "*": ("SC-SHOW-05",),
    },
    "scout": {
        "hands": ("SC-SCOUT-02",),
        "active_set": ("SC-SCOUT-05",),
        "owner": ("SC-SCOUT-05",),
        "scout_chips": ("SC-SCOUT-03", "SC-COMP-03"),
        "turn": ("SC-TURN-01",),
        "scout_show_available": ("SC-SNS-01",),
        "*": ("SC-SCOUT-05",),
    },
    "scout_show": {
        "hands": ("SC-NOTE-04", "SC-SNS-03"),
        "scout_show_available": ("SC-SNS-01",),
        "scout_chips": ("SC-SNS-03", "SC-SCOUT-03"),
        "captured": ("SC-SNS-03", "SC-SHOW-04"),
        "turn": ("SC-TURN-01",),
        "*": ("SC-SNS-03",),
    },
}
"""State field -> the rules that govern its change, by what produced the state (``*``: any
other field). A new game's fields are SC-SETUP-04's, its Scout & Show chips among them ("every
Scout & Show chip is available"); a later round's chips are SC-COMP-04's ("one Scout & Show
chip per round": a chip used in the last round comes back). With two players the chip and
turn fields of a scout, the deal's hands, the chips of a fresh round and the Scout & Show chips
after any move follow chapter VAR2 instead (:data:`TWO_PLAYER`: there is no Scout & Show,
SC-VAR2-02); the round-end fields (``phase``, ``round_end``, ``scores``) of a move are judged
by :func:`round_end_rules`."""

TWO_PLAYER: dict[tuple[Producer, str], tuple[str, ...]] = {
    ("deal", "hands"): ("SC-VAR2-01",),
    ("deal", "set_aside"): ("SC-VAR2-01",),
    ("next_round", "hands"): ("SC-VAR2-01",),
    ("next_round", "set_aside"): ("SC-VAR2-01",),
    ("deal", "scout_chips"): ("SC-VAR2-02",),
    ("next_round", "scout_chips"): ("SC-VAR2-02",),
    ("deal", "scout_show_available"): ("SC-VAR2-02",),
    ("next_round", "scout_show_available"): ("SC-VAR2-02",),
    ("scout", "scout_chips"): ("SC-VAR2-03",),
    ("scout", "turn"): ("SC-VAR2-03",),
    ("show", "scout_show_available"): ("SC-VAR2-02",),
    ("scout", "scout_show_available"): ("SC-VAR2-02",),
}

ROUND_END_FIELDS = ("phase", "round_end", "scores", "turn")
